"""Player names: what a name may hold, and when two names are the same player.

The display draws names in large type and players tell each other apart by them, so
two names that look alike are one name, and a name must be visible to the last
character:

- two names are the same when they are equal after Unicode normalisation NFKC and
  case folding (:func:`name_key`): "Ann", "ann", "ANN" and the full-width Ann
  (U+FF21 U+FF4E U+FF4E) are one player (Unicode Standard Annex #15; casefold is
  the Unicode Standard's caseless match, section 3.13);
- a name may not hold an invisible or control character (Unicode general categories
  Cc, Cf, Cs, Co, Cn, Zl, Zp, e.g. NUL, a zero-width space, a direction mark, a
  private-use or unassigned code point, plus letters drawn as blanks such as the
  Hangul filler): two names that differ only by one would be drawn the same;
- a name may not hold an emoji or another pictographic symbol (category So, the
  emoji presentation selectors, the keycap and skin-tone modifiers): the display's
  fonts draw letters, digits and punctuation in every script they cover, not emoji,
  and a box in place of a name settles no argument. Spell it out instead.
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key", "name_problem"]

#: General categories of characters that draw nothing (or nothing reliable).
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
#: Letters and marks that render as blank space although their category says otherwise.
_BLANK_CHARACTERS = frozenset(
    {"\u034f", "\u115f", "\u1160", "\u17b4", "\u17b5", "\u2800", "\u3164", "\uffa0"}
)
#: Emoji presentation selectors (text / emoji), the combining keycap.
_EMOJI_MODIFIERS = frozenset({"\ufe0e", "\ufe0f", "\u20e3"})


def name_key(name: str) -> str:
    """The form in which two names are compared: NFKC, then case-folded.

    >>> name_key("Ann") == name_key("ANN") == name_key("\uff41\uff4e\uff4e")
    True
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    return unicodedata.normalize("NFKC", name).casefold()


def _describe(ch: str) -> str:
    return f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed').lower()}"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player's name (``None`` when it can).

    Only the characters are judged here (not the length or the notation's reserved
    characters, which :func:`companion.engine.new_game` checks).

    >>> name_problem("Zoë") is None and name_problem("שרה") is None
    True
    >>> print(name_problem("Ann\\u200b").split(":")[0])
    the name 'Ann\\u200b' holds an invisible character (U+200B zero width space)
    >>> print(name_problem("Ann 🎲").split(":")[0])
    the name 'Ann 🎲' holds an emoji or symbol (🎲, U+1F3B2 game die)
    """
    for ch in name:
        category = unicodedata.category(ch)
        if category in _INVISIBLE_CATEGORIES or ch in _BLANK_CHARACTERS:
            kind = "a control" if category == "Cc" else "an invisible"
            return (
                f"the name {name!r} holds {kind} character ({_describe(ch)}): "
                "type it again without it"
            )
        if (
            category == "So"
            or ch in _EMOJI_MODIFIERS
            or (category == "Sk" and ord(ch) >= 0x1F000)  # skin-tone modifiers
        ):
            shown = f"{ch}, " if ch.isprintable() and category != "Mn" else ""
            return (
                f"the name {name!r} holds an emoji or symbol ({shown}{_describe(ch)}): "
                "the display draws letters, not emoji; spell it out"
            )
    return None
