"""The banking rule for one throw: which dice become ship, captain and crew.

Pure functions on face values, shared by the engine and the odds. Source: RULES.md
"Core" (all seeds) and the wild-ones option (000).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["ROLES", "Banking", "DieRole", "bank_dice"]

#: The required dice, in the order they must be banked.
ROLES: tuple[str, str, str] = ("ship", "captain", "crew")


class DieRole(StrEnum):
    """What one die of a throw did, as the referee judged it (kept by index in
    :attr:`~companion.engine.ThrowRecord.die_roles`, in the order the dice were seen).

    ``SHIP``, ``CAPTAIN``, ``CREW``: banked into that place by this throw. ``CARGO``:
    one of the two cargo dice (the dice left when a throw launches, a cargo re-throw,
    a tie-break throw). ``IN_PLAY``: thrown and not banked; it goes back into the next
    throw (and the one die of a roll-off). ``NOT_COUNTED``: thrown and not banked on
    the turn's last throw without launching: it counts for nothing.
    """

    SHIP = "ship"
    CAPTAIN = "captain"
    CREW = "crew"
    CARGO = "cargo"
    IN_PLAY = "in play"
    NOT_COUNTED = "not counted"

    @property
    def banked(self) -> bool:
        """True for ship, captain and crew."""
        return self in (DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW)


@dataclass(frozen=True)
class Banking:
    """What one throw banks.

    ``banked``: face values banked, in role order; ``roles``: the role of each
    (``"ship"``, ``"captain"``, ``"crew"``); ``wild``: True where a 1 stood in under
    wild-ones; ``rest``: the dice left in play, in the order thrown; ``indices``: the
    index in the throw of each banked die (the first die of that value still free).
    """

    banked: tuple[int, ...]
    roles: tuple[str, ...]
    wild: tuple[bool, ...]
    rest: tuple[int, ...]
    indices: tuple[int, ...] = ()

    def die_roles(self, count: int, cargo: bool) -> tuple[DieRole, ...]:
        """The role of each of the ``count`` dice thrown, by index: banked dice take
        their role; the rest are cargo when ``cargo`` (the throw launched), else in play.

        >>> [r.value for r in bank_dice((6, 5, 4, 1), 1).die_roles(4, cargo=True)]
        ['cargo', 'captain', 'crew', 'cargo']
        >>> [r.value for r in bank_dice((6, 6, 3, 2, 1), 0).die_roles(5, cargo=False)]
        ['ship', 'in play', 'in play', 'in play', 'in play']
        """
        rest = DieRole.CARGO if cargo else DieRole.IN_PLAY
        roles = [rest] * count
        for index, role in zip(self.indices, self.roles, strict=True):
            roles[index] = DieRole(role)
        return tuple(roles)


def bank_dice(
    dice: tuple[int, ...],
    already: int,
    required: tuple[int, int, int] = (6, 5, 4),
    wild_ones: bool = False,
    decline_ship: bool = False,
) -> Banking:
    """Bank the required dice from ``dice`` given ``already`` (0..3) banked before.

    Claiming is mandatory and in strict order (RULES.md core; 004): the next required
    die is banked if the throw has it, then the one after, and so on. Under
    ``wild_ones`` (000) a 1 stands in for a required die the throw lacks, natural
    dice first. ``decline_ship`` (may-decline-six, 004) leaves the ship unbanked, so
    nothing is banked from this throw.

    >>> bank_dice((6, 4, 3, 3, 1), 0).banked
    (6,)
    >>> bank_dice((6, 5, 4, 1), 1).banked
    (5, 4)
    >>> b = bank_dice((6, 5, 4, 1, 1), 0, wild_ones=True)
    >>> b.banked, b.rest
    ((6, 5, 4), (1, 1))
    >>> bank_dice((6, 6, 3, 2, 1), 0).rest
    (6, 3, 2, 1)
    """
    rest = list(dice)
    free = list(range(len(dice)))  # the index in the throw of each die in rest
    banked: list[int] = []
    roles: list[str] = []
    wild: list[bool] = []
    indices: list[int] = []
    if decline_ship and already == 0:
        return Banking((), (), (), tuple(rest))
    for index in range(already, 3):
        want = required[index]
        if want in rest:
            take = rest.index(want)
            wild.append(False)
        elif wild_ones and 1 in rest:
            take = rest.index(1)
            wild.append(True)
        else:
            break
        banked.append(rest.pop(take))
        indices.append(free.pop(take))
        roles.append(ROLES[index])
    return Banking(tuple(banked), tuple(roles), tuple(wild), tuple(rest), tuple(indices))
