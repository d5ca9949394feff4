"""The banking rule for one throw: which dice become ship, captain and crew.

Pure functions on face values, shared by the engine and the odds. Source: RULES.md
"Core" (all seeds) and the wild-ones option (000).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ROLES", "Banking", "bank_dice"]

#: The required dice, in the order they must be banked.
ROLES: tuple[str, str, str] = ("ship", "captain", "crew")


@dataclass(frozen=True)
class Banking:
    """What one throw banks.

    ``banked``: face values banked, in role order; ``roles``: the role of each
    (``"ship"``, ``"captain"``, ``"crew"``); ``wild``: True where a 1 stood in under
    wild-ones; ``rest``: the dice left in play, in the order thrown.
    """

    banked: tuple[int, ...]
    roles: tuple[str, ...]
    wild: tuple[bool, ...]
    rest: tuple[int, ...]


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
    banked: list[int] = []
    roles: list[str] = []
    wild: list[bool] = []
    if decline_ship and already == 0:
        return Banking((), (), (), tuple(rest))
    for index in range(already, 3):
        want = required[index]
        if want in rest:
            rest.remove(want)
            banked.append(want)
            wild.append(False)
        elif wild_ones and 1 in rest:
            rest.remove(1)
            banked.append(1)
            wild.append(True)
        else:
            break
        roles.append(ROLES[index])
    return Banking(tuple(banked), tuple(roles), tuple(wild), tuple(rest))
