"""Agreement over a burst: read two frames of one throw (a third when they disagree)
and give a die a value only when the frames agree on it.

One frame can be misread (a glint on one frame only, a speck of sensor noise on a
pip); two independent reads rarely go wrong the same way. The camera already takes a
burst for the stillness check (:func:`vision.check_still`), so the frames are free.

>>> import numpy as np
>>> from vision.types import Die
>>> sq = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
>>> a = Reading((Die(5, (5.0, 5.0), sq, 0.9),))
>>> b = Reading((Die(5, (6.0, 5.0), sq, 0.9),))
>>> c = Reading((Die(3, (5.0, 6.0), sq, 0.9),))
>>> combine([a, b]).dice[0].value, combine([a, b]).dice[0].agreed
(5, 2)
>>> combine([a, c]).dice[0].value is None
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
from numpy.typing import NDArray

from .read import read_dice, where
from .types import Calibration, Die, Problem, Reading, VisionInputError, VisionParams
from .validate import check_frames


def _match(die: Die, others: Sequence[Die]) -> Die | None:
    """The die of ``others`` nearest to ``die``, if within half a die size of it."""
    best, best_d = None, math.inf
    for o in others:
        d = math.hypot(o.center[0] - die.center[0], o.center[1] - die.center[1])
        if d < best_d:
            best, best_d = o, d
    if best is None or best_d > 0.5 * max(die.size, best.size, 1.0):
        return None
    return best


def _votes(die: Die, readings: Sequence[Reading], banked: bool) -> list[int | None]:
    """The value each reading gives the die at ``die``'s place (None: not read there)."""
    out: list[int | None] = []
    for r in readings:
        m = _match(die, r.banked if banked else r.dice)
        out.append(None if m is None else m.value)
    return out


def _agreed(votes: Sequence[int | None]) -> tuple[int | None, int]:
    """(value, frames agreeing): a value only when at least two frames read it and no
    frame read another value; else (None, frames that read the most common value)."""
    read = [v for v in votes if v is not None]
    if not read:
        return None, 0
    top = max(set(read), key=read.count)
    n = read.count(top)
    if n >= 2 and n == len(read):
        return top, n
    return None, n


def disagree(readings: Sequence[Reading]) -> bool:
    """True when the readings differ on any die's value or on the dice seen."""
    first = readings[0]
    for r in readings[1:]:
        if len(r.dice) != len(first.dice) or len(r.banked) != len(first.banked):
            return True
        for banked in (False, True):
            for d in first.banked if banked else first.dice:
                m = _match(d, r.banked if banked else r.dice)
                if m is None or m.value != d.value:
                    return True
    return False


def combine(readings: Sequence[Reading], frame_size: tuple[int, int] = (0, 0)) -> Reading:
    """One :class:`Reading` from the readings of several frames of one throw.

    The first reading gives the dice and their places; each die keeps a value only
    when at least two readings give it that value at that place and none gives
    another (:attr:`Die.agreed` says how many did); otherwise its value is ``None``
    with an ``unreadable`` problem: the first reading's own, with its words (a hand
    over the die), where that reading left the die unread; else one that says the
    frames disagree, or asks for a re-throw. Whole-image problems of any frame are kept.
    ``frame_size`` (width, height px) places the dice in words ("top left").

    Raises:
        ValueError: no readings.
    """
    if not readings:
        raise ValueError("combine needs at least one reading")
    first = readings[0]
    n = len(readings)

    def vote(d: Die, banked: bool) -> Die:
        if n == 1:
            return replace(d, agreed=1 if d.value is not None else 0)
        value, agreed = _agreed(_votes(d, readings, banked))
        return replace(d, value=value, agreed=agreed)

    dice = tuple(vote(d, False) for d in first.dice)
    banked = tuple(vote(d, True) for d in first.banked)
    problems: list[Problem] = []
    seen: set[tuple[str, int | None]] = set()
    for r in readings:
        for p in r.problems:
            if p.die is None and (p.code, None) not in seen:
                seen.add((p.code, None))
                problems.append(p)
    for p in first.problems:
        # the first frame's reason for a die it left unread (a hand over it, glare)
        # stands where the burst leaves it unread too; a die the first frame read and
        # the frames disagree on gets the disagreement's words below
        if p.die is not None and 0 <= p.die < len(dice) and (p.code != "unreadable" or (
                first.dice[p.die].value is None and dice[p.die].value is None)):
            problems.append(p)
    flagged = {p.die for p in problems if p.die is not None}
    blurred = any(p.code in ("blurred", "moving") for p in problems)
    for i, d in enumerate(dice):
        if d.value is None and i not in flagged and not blurred:
            x, y = d.center
            w, h = frame_size
            where_ = where(x, y, w, h) if w and h else "marked place"
            words = ("the frames of the burst disagree on it" if first.dice[i].value is not None
                     else "re-throw it, or straighten it if it is leaning")
            problems.append(Problem("unreadable", f"Cannot read the die at the {where_}: "
                                    f"{words}.", i))
    problems.sort(key=lambda p: (p.die is not None, -1 if p.die is None else p.die))
    return Reading(dice, banked, tuple(problems), first.expected, frames=n)


def read_burst(
    frames: Sequence[NDArray[np.uint8]],
    expected: int | None = None,
    calibration: Calibration | None = None,
    params: VisionParams | None = None,
) -> Reading:
    """Read a throw from a burst of frames, trusting only values the frames agree on.

    Reads the last two frames (the most settled); when they differ on any die, reads
    a third (the one before them) if there is one. A die's value is given only when
    at least two frames read the same value at its place and none read another
    (:func:`combine`); :attr:`Die.agreed` is the number of frames that agreed and
    :attr:`Reading.frames` the number read. Disagreement never leaks a value: the
    die is ``None`` with an ``unreadable`` problem.

    Args:
        frames: H x W x 3 uint8 BGR frames of one throw, all one size, oldest first;
            one frame is read as by :func:`vision.read_dice` (``agreed`` 1).
        expected, calibration, params: as for :func:`vision.read_dice`.

    Returns:
        the combined :class:`Reading`.

    Raises:
        VisionInputError: no frames, a bad frame, or frames of different sizes.
        ValueError: ``expected`` is negative.
    """
    p = params or VisionParams()
    if len(frames) == 0:
        raise VisionInputError("read_burst needs at least one frame")
    if len(frames) == 1:
        return combine([read_dice(frames[0], expected, calibration, p)])
    checked = check_frames(frames, p.max_pixels)
    size = (checked[0].shape[1], checked[0].shape[0])
    order = list(reversed(checked))
    readings = [read_dice(order[0], expected, calibration, p)]
    # The reader is deterministic: a frame equal to the last one (a replayed photo served
    # as a burst) reads the same, so its reading is reused rather than computed again.
    readings.append(readings[0] if np.array_equal(order[1], order[0])
                    else read_dice(order[1], expected, calibration, p))
    if disagree(readings) and len(order) > 2:
        readings.append(read_dice(order[2], expected, calibration, p))
    return combine(readings, size)
