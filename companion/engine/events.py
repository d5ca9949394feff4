"""Events: everything that can happen at the table, as frozen dataclasses.

The game state is a pure fold over events (:func:`companion.engine.apply`). The same
:class:`Throw` is used in every phase: a turn's throw (5, 4, 3 or 2 dice, or 1 under
shifting-cargo), a roll-off die (1 die), a cargo tie-break throw (2 dice).

>>> Throw((6, 4, 3, 3, 1))
Throw(dice=(6, 4, 3, 3, 1), keep=None, decline_six=False)
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

__all__ = ["Event", "NextRound", "Stand", "Throw", "Undo"]


@dataclass(frozen=True)
class Throw:
    """Face values (1..6) of the dice seen in the tray after a throw.

    ``keep``: under shifting-cargo, a cargo re-throw of one die names the face value
    of the cargo die the player kept back (``None``: the referee keeps the higher
    one and says so). ``decline_six``: under may-decline-six, the player left the
    ship unbanked (a 6; the 1 under low-ship); nothing is banked from that throw.
    The order of ``dice`` does not matter to the rules.
    """

    dice: tuple[int, ...]
    keep: int | None = None
    decline_six: bool = False

    def __post_init__(self) -> None:
        # Accept any sequence (a list from JSON, say); apply() checks the values.
        if not isinstance(self.dice, tuple):
            with contextlib.suppress(TypeError):
                object.__setattr__(self, "dice", tuple(self.dice))


@dataclass(frozen=True)
class Stand:
    """The player keeps their cargo and ends the turn (only once launched)."""


@dataclass(frozen=True)
class NextRound:
    """Start the next round (the app sends it when the button is held).

    ``starter`` names the player who starts it, only under ``next-round =
    winner-chooses`` (the round winner's choice; without it the winner starts).
    After the match is over, ``NextRound`` starts a new match with the same players,
    keeping chips and drinks.
    """

    starter: str | None = None


@dataclass(frozen=True)
class Undo:
    """Revert the last effective event (appended to the history, never a deletion)."""


Event = Throw | Stand | NextRound | Undo
