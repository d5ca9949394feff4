"""Has the tray been thrown since the last counted throw? Compared on the dice found.

A press on a tray nobody touched must not be refereed again (a double press, a press
after an undo, or the next player pressing before throwing). Pixels cannot tell:
light flicker and sensor noise change them between two photos of the same dice. The
dice found can: the same number of dice, each with the same face value, each within a
quarter of a die's side of where it lay (the reader places a still die within a pixel
or two; a thrown die lands far from where it was, or shows another face).

Dice are ``(value, (x, y), corners)`` as vision found them (value None: unreadable;
centre and top-face corners in px), the form the journal keeps with each photo.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["FALLBACK_SIDE_PX", "MOVE_FRACTION", "unmoved"]

#: A die has moved when its centre is more than this share of its side away, or its
#: face value changed.
MOVE_FRACTION = 0.25
#: The side assumed for dice found without corners, px.
FALLBACK_SIDE_PX = 40.0

Point = tuple[float, float]
Die = tuple[int | None, Point, Sequence[Point]]


def _side(die: Die) -> float:
    corners = die[2]
    if len(corners) < 2:
        return FALLBACK_SIDE_PX
    sides = [math.dist(corners[i], corners[(i + 1) % len(corners)]) for i in range(len(corners))]
    return max(1.0, sum(sides) / len(sides))


def unmoved(before: Sequence[Die], now: Sequence[Die]) -> bool:
    """True when ``now`` shows the same dice as ``before``, none of them moved.

    Every die of ``now`` must pair with its own die of ``before`` of the same face
    value (and no unreadable ones: those cannot be compared), centres less than
    :data:`MOVE_FRACTION` of a side apart. No dice before, or a different number of
    dice, is a different tray.

    >>> a = [(6, (100.0, 100.0), ()), (3, (300.0, 120.0), ())]
    >>> unmoved(a, [(3, (302.0, 119.0), ()), (6, (99.0, 101.0), ())])   # read again
    True
    >>> unmoved(a, [(6, (100.0, 100.0), ()), (4, (300.0, 120.0), ())])   # a new face
    False
    >>> unmoved(a, [(6, (100.0, 100.0), ()), (3, (360.0, 120.0), ())])   # moved
    False
    """
    if not before or len(before) != len(now):
        return False
    if any(d[0] is None for d in (*before, *now)):
        return False
    free = list(before)
    for die in now:
        match = None
        for old in free:
            limit = MOVE_FRACTION * min(_side(die), _side(old))
            if old[0] == die[0] and math.dist(old[1], die[1]) <= limit:
                match = old
                break
        if match is None:
            return False
        free.remove(match)
    return True
