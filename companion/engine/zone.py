"""The bank zone: dice set aside in the tray must be what the referee banked.

A venue may mark a bank zone in the tray where players put the dice they banked
(ship, captain, crew). When vision reads that zone too, the dice seen there must be
exactly the turn's banked dice; otherwise the throw is not counted until the table
puts the zone right. Pure, like the rest of the engine: face values in, an error or
None out.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine.errors import RuleError
from companion.engine.state import GameState, Phase

__all__ = ["bank_zone_error"]


def bank_zone_error(state: GameState, seen: Sequence[int | None]) -> RuleError | None:
    """What is wrong with the dice ``seen`` in the bank zone, or None if they are right.

    ``seen``: the face values read in the bank zone (None: a die seen but not read).
    They must be the banked dice of the turn in progress (none outside a turn, or once
    the turn is over), in any order.

    Returns a :class:`RuleError` (not raised) with code ``"bank-zone-unreadable"`` or
    ``"bank-zone"``, its message for the table.

    >>> from companion.engine import Throw, apply, new_game, settings_from_options
    >>> s = apply(new_game(settings_from_options("standard", {"first-player": "named"}),
    ...                    ["Ann", "Bob"]), Throw((6, 5, 3, 3, 1)))
    >>> bank_zone_error(s, [5, 6]) is None
    True
    >>> print(bank_zone_error(s, [6]))
    The bank zone holds 6, but the referee banked 6 5
    """
    turn = state.turn
    banked = sorted(turn.banked) if turn is not None and not turn.over else []
    if state.phase is not Phase.TURN and state.phase is not Phase.TIE_BREAK:
        banked = []
    if any(v is None for v in seen):
        return RuleError("bank-zone-unreadable", "A die in the bank zone could not be read")
    there = sorted(v for v in seen if v is not None)
    if there == banked:
        return None
    said = " ".join(str(v) for v in sorted(banked, reverse=True)) or "nothing"
    held = " ".join(str(v) for v in sorted(there, reverse=True)) or "nothing"
    return RuleError("bank-zone", f"The bank zone holds {held}, but the referee banked {said}")
