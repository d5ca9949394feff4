"""Rule settings: the options of RULES.md, the presets, and their validation.

A :class:`Settings` is a preset plus overrides, built with
:func:`settings_from_options`. Option names are exactly those of RULES.md's tables
and of the config file's ``[rules]`` section (``wild-ones``, ``low-ship``, ``ties``,
``stakes``, ``ante``, ``unit``, ``match``, ...); :data:`OPTIONS` describes each one.

>>> s = settings_from_options("standard", {"wild-ones": True, "ante": 2})
>>> s.wild_ones, s.ante, s.stakes, s.ties
(True, 2, 'pot', 'cargo-reroll')
>>> s.required
(6, 5, 4)
>>> try:
...     settings_from_options("standard", {"ties": "coin-flip"})
... except SettingsError as error:
...     print(error.key, "/", error)
ties / ties: 'coin-flip' is not one of the choices; choose cargo-reroll, reroll-turn, carry \
or nobody-scores
"""

from __future__ import annotations

import dataclasses
import difflib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from companion.engine.errors import SettingsError

__all__ = [
    "OPTIONS",
    "PRESETS",
    "Option",
    "Settings",
    "format_amount",
    "settings_from_options",
]

FirstPlayer = Literal["roll-off", "named"]
NextRoundRule = Literal["left", "right", "winner", "winner-chooses"]
Stakes = Literal["pot", "points", "drinks"]
Ties = Literal["cargo-reroll", "reroll-turn", "carry", "nobody-scores"]
MatchFormat = Literal["single", "rounds", "target", "tournament"]
Scoring = Literal["winner-only", "every-player"]
WhoDrinks = Literal["lowest", "losers"]

#: Rounds of the six-player tournament before the final (000).
TOURNAMENT_PRELIMINARY_ROUNDS = 2


@dataclass(frozen=True)
class Settings:
    """Every rule of the game in force, one field per option of RULES.md.

    Build it with :func:`settings_from_options`; the field names are the option
    names with ``-`` written ``_``. ``preset`` is the preset the settings started
    from (kept so a game record can write only the overrides).
    """

    preset: str = "standard"
    #: ``roll-off`` (highest single die starts, ties roll again; 003) or ``named``
    #: (the first player listed starts; "the youngest", 000).
    first_player: FirstPlayer = "roll-off"
    #: Who starts the next round: player ``left`` of the last first player (003),
    #: ``right`` of it (002), last round's ``winner`` (002), or ``winner-chooses`` (003).
    next_round: NextRoundRule = "left"
    #: ``pot`` (ante per player per round, round winner takes the pot), ``points``
    #: or ``drinks`` (000, 001, 002, 003).
    stakes: Stakes = "pot"
    #: Ante per player per round, in ``unit`` (whole units, at least 1).
    ante: int = 1
    #: Unit label of the ante and the chips ("chip", "$", "gp").
    unit: str = "chip"
    #: Chips each player starts with; chips are a running balance and may go below 0.
    starting_chips: int = 0
    #: How a tie for the best score is settled (000, 001, 003, 004).
    ties: Ties = "cargo-reroll"
    #: Match format: ``single`` round, fixed ``rounds``, first to ``target``, or the
    #: six-player ``tournament`` (000, 001, 003, 004).
    match: MatchFormat = "single"
    #: Number of rounds of a ``rounds`` match (cumulative cargo, every player banks).
    rounds: int = 3
    #: Target of a ``target`` match: the first player to reach it wins (004: 100).
    target: int = 100
    #: Scoring of a ``target`` match: only the round ``winner-only`` scores (004) or
    #: ``every-player`` banks their cargo (001).
    scoring: Scoring = "winner-only"
    #: Drinks counted on top of the stakes (who drinks: ``who_drinks``).
    drinking: bool = False
    #: Who drinks after a round: ``lowest`` (the lowest cargo drinks 1, not launching
    #: drinks 2; 000) or ``losers`` (everyone who did not win drinks 1, and the winner
    #: names the drink; 003).
    who_drinks: WhoDrinks = "lowest"
    #: A 1 stands in for a required die the throw lacks; naturals first (000).
    wild_ones: bool = False
    #: Required dice are 1, 2, 3 instead of 6, 5, 4 (003).
    low_ship: bool = False
    #: At most one cargo re-throw per turn (001).
    cargo_reroll_once: bool = False
    #: A cargo re-throw may throw just one of the two cargo dice (003).
    shifting_cargo: bool = False
    #: Bonus points for banking ship, captain and crew in one throw; 0 is off (001).
    one_throw_bonus: int = 0
    #: +1 point per throw of a launched turn's 3 not thrown, whatever ended the turn
    #: (003; RULES.md decision a).
    unused_throw_bonus: bool = False
    #: The throws the first player used cap everyone after them in the round (002).
    pace_setter: bool = False
    #: The player may leave a 6 (the ship) unbanked; the throw event says so (004).
    may_decline_six: bool = False

    @property
    def required(self) -> tuple[int, int, int]:
        """Face values of ship, captain and crew: (6, 5, 4), or (1, 2, 3) under low-ship."""
        return (1, 2, 3) if self.low_ship else (6, 5, 4)

    @property
    def every_player_scores(self) -> bool:
        """True when every player banks their score as points each round.

        Fixed rounds and the tournament's preliminaries always add every score; a
        target match does when ``scoring`` is ``every-player``.
        """
        if self.match in ("rounds", "tournament"):
            return True
        return self.match == "target" and self.scoring == "every-player"

    @property
    def tallies(self) -> tuple[str, ...]:
        """What the table keeps for each player, in the order shown: ``"chips"`` (pot
        stakes), ``"points"`` (points stakes, or any match longer than one round),
        ``"drinks"`` (drinks stakes, or drinking on top).

        >>> Settings().tallies, settings_from_options("rounds", {}).tallies
        (('chips',), ('chips', 'points'))
        """
        kept: list[str] = []
        if self.stakes == "pot":
            kept.append("chips")
        if self.match != "single" or self.stakes == "points":
            kept.append("points")
        if self.stakes == "drinks" or self.drinking:
            kept.append("drinks")
        return tuple(kept)

    def options(self) -> dict[str, object]:
        """All options as ``{option name: value}``, names as in RULES.md.

        >>> Settings().options()["wild-ones"]
        False
        """
        return {opt.name: getattr(self, opt.field) for opt in OPTIONS.values()}

    def overrides(self) -> dict[str, object]:
        """The options that differ from the preset (what a game record writes).

        >>> settings_from_options("standard", {"ante": 3}).overrides()
        {'ante': 3}
        """
        base = PRESETS[self.preset].options() if self.preset in PRESETS else {}
        return {k: v for k, v in self.options().items() if base.get(k) != v}

    def describe(self) -> list[str]:
        """One short line per rule in force that differs from the plain game, for people."""
        lines: list[str] = []
        if self.stakes == "pot":
            lines.append(f"pot: ante {format_amount(self.ante, self.unit)} per player per round")
        else:
            lines.append(f"stakes: {self.stakes}")
        match = {
            "single": "single round",
            "rounds": f"{self.rounds} rounds, cumulative cargo",
            "target": f"first to {self.target} ({self.scoring})",
            "tournament": "tournament: 2 preliminary rounds, then a final of the top two",
        }[self.match]
        lines.append(f"match: {match}")
        lines.append(f"ties: {self.ties}")
        for opt in OPTIONS.values():
            if opt.kind == "bool" and opt.group == "dice" and getattr(self, opt.field):
                lines.append(opt.name)
        if self.one_throw_bonus:
            lines.append(f"one-throw-bonus: {self.one_throw_bonus}")
        return lines


@dataclass(frozen=True)
class Option:
    """One rule option: its name, kind, allowed values and a one-line description."""

    name: str
    kind: Literal["bool", "int", "str", "choice"]
    help: str
    choices: tuple[str, ...] = ()
    minimum: int = 0
    group: Literal["table", "dice"] = "table"
    source: str = ""

    @property
    def field(self) -> str:
        """The :class:`Settings` field name (``-`` written ``_``)."""
        return self.name.replace("-", "_")


def _opts(*options: Option) -> dict[str, Option]:
    return {o.name: o for o in options}


#: Every rule option, by name, in the order of RULES.md's tables.
OPTIONS: dict[str, Option] = _opts(
    Option("first-player", "choice", "who starts the first round", ("roll-off", "named"),
           source="000, 003"),
    Option("next-round", "choice", "who starts the next round",
           ("left", "right", "winner", "winner-chooses"), source="002, 003"),
    Option("stakes", "choice", "what is played for", ("pot", "points", "drinks"),
           source="000, 001, 002, 003"),
    Option("ante", "int", "ante per player per round (pot stakes)", minimum=1, source="002"),
    Option("unit", "str", "unit label of the ante and chips", source="002"),
    Option("starting-chips", "int", "chips each player starts with (a running balance)",
           minimum=-1_000_000),
    Option("ties", "choice", "how a tie for the best score is settled",
           ("cargo-reroll", "reroll-turn", "carry", "nobody-scores"), source="000, 001, 003, 004"),
    Option("match", "choice", "match format", ("single", "rounds", "target", "tournament"),
           source="000, 001, 003, 004"),
    Option("rounds", "int", "number of rounds of a rounds match", minimum=1, source="000, 003"),
    Option("target", "int", "points to reach in a target match", minimum=1, source="001, 004"),
    Option("scoring", "choice", "who scores in a target match", ("winner-only", "every-player"),
           source="001, 004"),
    Option("drinking", "bool", "count drinks on top of the stakes (see who-drinks)",
           source="000, 003"),
    Option("who-drinks", "choice", "who drinks after a round", ("lowest", "losers"),
           source="000, 003"),
    Option("wild-ones", "bool", "a 1 stands in for a missing required die", group="dice",
           source="000"),
    Option("low-ship", "bool", "required dice are 1, 2, 3", group="dice", source="003"),
    Option("cargo-reroll-once", "bool", "at most one cargo re-throw per turn", group="dice",
           source="001"),
    Option("shifting-cargo", "bool", "a cargo re-throw may throw one cargo die", group="dice",
           source="003"),
    Option("one-throw-bonus", "int", "bonus points for 6, 5 and 4 in one throw (0 = off)",
           group="dice", source="001"),
    Option("unused-throw-bonus", "bool", "+1 point per unused throw", group="dice",
           source="003"),
    Option("pace-setter", "bool", "the first player's throws cap the others'", group="dice",
           source="002"),
    Option("may-decline-six", "bool", "the player may leave a 6 unbanked", group="dice",
           source="004"),
)

#: The presets, by name. ``standard`` is the pub game with a pot; ``head-to-head`` is
#: 004's two-player game (points, only the round winner scores, first to 100, a tie
#: scores nothing); ``rounds`` is 000's rounds version (5 rounds, cumulative cargo,
#: everyone antes each round); ``tournament`` is 000's six-player tournament (winner
#: takes all); ``drinking`` is the drinking game (000, 003).
PRESETS: dict[str, Settings] = {
    "standard": Settings(preset="standard"),
    "head-to-head": Settings(
        preset="head-to-head", stakes="points", match="target", target=100,
        scoring="winner-only", ties="nobody-scores",
    ),
    "rounds": Settings(preset="rounds", match="rounds", rounds=5),
    "tournament": Settings(preset="tournament", match="tournament"),
    "drinking": Settings(preset="drinking", stakes="drinks", drinking=True),
}

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _choices_text(choices: tuple[str, ...]) -> str:
    if len(choices) == 1:
        return choices[0]
    return ", ".join(choices[:-1]) + " or " + choices[-1]


def _convert(opt: Option, value: object) -> object:
    """Check and convert one option value; raise SettingsError naming the option."""
    name = opt.name
    if opt.kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise SettingsError(name, f"{name} is on or off: write true or false, not {value!r}")
    if opt.kind == "int":
        number: int | None = None
        if isinstance(value, bool):
            number = None
        elif isinstance(value, int):
            number = value
        elif isinstance(value, str):
            try:
                number = int(value.strip())
            except ValueError:
                number = None
        if number is None:
            raise SettingsError(
                name, f"{name} must be a whole number of at least {opt.minimum}, not {value!r}"
            )
        if number < opt.minimum:
            raise SettingsError(
                name, f"{name} must be a whole number of at least {opt.minimum}, not {number}"
            )
        return number
    if opt.kind == "str":
        if not isinstance(value, str) or not value.strip() or "\n" in value:
            raise SettingsError(name, f"{name} must be a short label such as 'chip' or '$', "
                                      f"not {value!r}")
        if len(value) > 20:
            raise SettingsError(name, f"{name} must be at most 20 characters, not {value!r}")
        return value.strip()
    # choice
    if not isinstance(value, str) or value.strip().lower() not in opt.choices:
        raise SettingsError(
            name,
            f"{name}: {value!r} is not one of the choices; choose {_choices_text(opt.choices)}",
        )
    return value.strip().lower()


def settings_from_options(preset: str, options: Mapping[str, object]) -> Settings:
    """Return the preset's settings with the options applied.

    ``preset`` is a key of :data:`PRESETS`; ``options`` maps option names exactly as
    in RULES.md (``"wild-ones"``, ``"ante"``, ...) to values: booleans, whole numbers
    or strings (strings such as ``"true"`` / ``"3"`` are accepted too, as a game
    record writes them).

    Raises :class:`SettingsError` with ``.key`` naming the first bad option: an
    unknown preset (key ``"preset"``) or option (with a "did you mean"), a value of
    the wrong type or out of range, or options that cannot be combined
    (``wild-ones`` with ``low-ship``: under low-ship the 1 is the ship).

    >>> settings_from_options("head-to-head", {}).target
    100
    >>> try:
    ...     settings_from_options("standard", {"wild-one": True})
    ... except SettingsError as error:
    ...     print(error.key, "/", error)
    wild-one / unknown rule option 'wild-one' (did you mean 'wild-ones'?)
    """
    if not isinstance(preset, str) or preset not in PRESETS:
        raise SettingsError(
            "preset",
            f"unknown preset {preset!r}; choose {_choices_text(tuple(PRESETS))}",
        )
    changes: dict[str, object] = {}
    for key, value in options.items():
        opt = OPTIONS.get(key)
        if opt is None:
            close = difflib.get_close_matches(str(key), list(OPTIONS), n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else (
                f"; the options are {', '.join(OPTIONS)}"
            )
            raise SettingsError(str(key), f"unknown rule option {key!r}{hint}")
        changes[opt.field] = _convert(opt, value)
    settings = dataclasses.replace(PRESETS[preset], **changes)  # type: ignore[arg-type]
    if settings.wild_ones and settings.low_ship:
        raise SettingsError(
            "wild-ones",
            "wild-ones cannot be combined with low-ship: under low-ship the 1 is the ship",
        )
    return settings


def format_amount(amount: int, unit: str, plural: str | None = None) -> str:
    """An amount with its unit, for people: ``3 chips``, ``$3``, ``-$3``, ``25 gp``.

    The one amount formatter (the engine's messages and the display both use it). A
    one-character symbol (``$``, ``£``, ``€``, ``¥``) goes before the number, after the
    sign; other units follow it, made plural unless the amount is 1 or -1: ``plural``
    when given, else a word of 3 or more letters takes an ``s`` (``gp`` stays).

    >>> format_amount(3, "chip"), format_amount(1, "chip"), format_amount(3, "$")
    ('3 chips', '1 chip', '$3')
    >>> format_amount(-3, "$"), format_amount(-2, "¥"), format_amount(25, "gp")
    ('-$3', '-¥2', '25 gp')
    >>> format_amount(3, "penny", "pence"), format_amount(-1, "chip")
    ('3 pence', '-1 chip')
    """
    unit = unit.strip()
    if len(unit) == 1 and not unit.isalnum():
        return f"-{unit}{-amount}" if amount < 0 else f"{unit}{amount}"
    if abs(amount) != 1:
        if plural is not None:
            unit = plural
        elif len(unit) > 2 and unit.isalpha() and not unit.endswith("s"):
            unit += "s"
    return f"{amount} {unit}"
