"""Errors raised by the engine: :class:`EngineError` is the root (catch it to catch any
of them), and each is also a ``ValueError``.

A :class:`RuleError` is a move the rules do not allow (a throw with the wrong number
of dice, a stand before launching, ...); the state it was applied to is untouched,
since states are immutable. A :class:`SettingsError` is a bad rule option (from the
config file's ``[rules]`` section, the command line or a game record).
"""

from __future__ import annotations

__all__ = ["RULE_ERROR_CODES", "EngineError", "RuleError", "SettingsError"]


class EngineError(Exception):
    """The root of the engine's errors (:class:`RuleError`, :class:`SettingsError`, and
    the notation's ``NotationError``): a game that cannot go on as asked, with a
    message for the table."""


class RuleError(EngineError, ValueError):
    """An event the rules do not allow at this point of the game.

    ``code`` is a stable machine-readable string (``"wrong-dice-count"``,
    ``"not-launched"``, ...; the full list is ``RULE_ERROR_CODES``); ``str(error)`` is
    a sentence for the people at the table.

    >>> error = RuleError("bad-value", "a die showed 7: dice show 1 to 6")
    >>> error.code, str(error)
    ('bad-value', 'a die showed 7: dice show 1 to 6')
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SettingsError(EngineError, ValueError):
    """A rule option that is unknown, of the wrong type or out of range.

    ``key`` names the option as written in RULES.md and the config file
    (``"ties"``, ``"ante"``, ``"wild-ones"``; ``"preset"`` for an unknown preset,
    ``"players"`` for a bad list of players); ``str(error)`` says what is wrong and
    what would be right, in words a bar owner can act on.

    >>> error = SettingsError("ante", "ante must be a whole number of at least 1, not 'two'")
    >>> error.key
    'ante'
    """

    def __init__(self, key: str, message: str) -> None:
        super().__init__(message)
        self.key = key
        self.message = message


#: Every ``RuleError.code`` the engine raises, with what it means.
RULE_ERROR_CODES: dict[str, str] = {
    "bad-value": "a die value outside 1..6",
    "wrong-dice-count": "more or fewer dice in the tray than should be thrown",
    "turn-over": "a throw or stand by a player whose turn is already over",
    "no-throw-expected": "a throw while the round or match is over",
    "not-launched": "a stand before ship, captain and crew are banked",
    "nothing-to-stand-on": "a stand during a roll-off or a cargo tie-break",
    "round-not-over": "a next-round while the round is still being played",
    "bad-keep": "a shifting-cargo throw naming a kept die that is not in the cargo",
    "keep-not-allowed": "a kept cargo die named where no single-die cargo re-throw is allowed",
    "decline-not-allowed": "a declined 6 without the may-decline-six option",
    "nothing-to-decline": "a declined 6 in a throw where no ship could be banked",
    "cannot-choose-starter": "a starter named for the next round without winner-chooses",
    "unknown-player": "a name that is not a player in this round",
    "nothing-to-undo": "an undo at the very start of the game",
    "unknown-event": "something that is not an engine event",
    "bank-zone": "the dice in the bank zone are not the ones the referee banked",
    "bank-zone-unreadable": "a die in the bank zone could not be read",
}
