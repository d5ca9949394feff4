"""The referee engine: pure, immutable, replayable (stdlib only).

``state = apply(state, event)`` is the whole interface: a state is a fold of events
over :func:`new_game`. An event the rules do not allow raises :class:`RuleError`
(a ``ValueError`` with ``.code``) and the state is untouched.

>>> from companion.engine import Throw, Stand, new_game, apply, settings_from_options
>>> g = new_game(settings_from_options("standard", {"first-player": "named"}), ["Ann", "Bob"])
>>> for e in [Throw((6, 5, 4, 3, 2)), Stand(), Throw((1, 1, 1, 1, 1))]:
...     g = apply(g, e)
>>> g.current_player, g.dice_to_throw, g.turn.throws_left
('Bob', 5, 2)

Modules: :mod:`~companion.engine.settings` (options, presets), ``events``, ``state``,
``dice`` (the banking rule), ``rules`` (``new_game``, ``apply``, a turn's throws and
stands), ``rounds`` (ending turns and rounds, roll-off, tie-breaks, next round),
``words``, ``zone`` (the bank-zone check), ``errors``.
"""

from companion.engine.dice import ROLES, Banking, DieRole, bank_dice
from companion.engine.errors import RULE_ERROR_CODES, EngineError, RuleError, SettingsError
from companion.engine.events import Event, NextRound, Stand, Throw, Undo
from companion.engine.rules import MAX_PLAYERS, MIN_PLAYERS, apply, new_game
from companion.engine.settings import (
    OPTIONS,
    PRESETS,
    Option,
    Settings,
    format_amount,
    settings_from_options,
)
from companion.engine.state import (
    GameState,
    Phase,
    PlayerState,
    RollOff,
    RoundResult,
    ThrowRecord,
    TieBreak,
    Turn,
)
from companion.engine.zone import bank_zone_error

__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "OPTIONS",
    "PRESETS",
    "ROLES",
    "RULE_ERROR_CODES",
    "Banking",
    "DieRole",
    "EngineError",
    "Event",
    "GameState",
    "NextRound",
    "Option",
    "Phase",
    "PlayerState",
    "RollOff",
    "RoundResult",
    "RuleError",
    "Settings",
    "SettingsError",
    "Stand",
    "Throw",
    "ThrowRecord",
    "TieBreak",
    "Turn",
    "Undo",
    "apply",
    "bank_dice",
    "bank_zone_error",
    "format_amount",
    "new_game",
    "settings_from_options",
]
