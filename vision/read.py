"""``read_dice``: the whole reading of one frame, from pixels to a :class:`Reading`.

Steps: check the array (:mod:`vision.validate`); whole-image checks
(:mod:`vision.quality`); find the dice (:mod:`vision.find`); read each top face and
check it against the d6 pip layouts (:mod:`vision.face`); split off the bank zone;
report every problem in words for the table.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .face import FACE_PX, face_crop, find_pips
from .find import Candidate, find_dice_classic
from .quality import image_problems
from .types import Calibration, Die, Problem, Quad, Reading, VisionParams
from .validate import check_image


def where(x: float, y: float, w: int, h: int) -> str:
    """Plain words for a place in the picture ("top left", "middle", ...).

    >>> where(10, 10, 100, 100), where(50, 50, 100, 100), where(90, 50, 100, 100)
    ('top left', 'middle', 'right')
    """
    col = ("left", "", "right")[min(int(3 * x / max(w, 1)), 2)]
    row = ("top", "", "bottom")[min(int(3 * y / max(h, 1)), 2)]
    words = " ".join(s for s in (row, col) if s)
    return words or "middle"


def square_corners(x: float, y: float, side: float, angle_deg: float) -> Quad:
    """Corners of a square of ``side`` px centred on (x, y), turned by ``angle_deg``."""
    a = math.radians(angle_deg)
    c, s = math.cos(a) * side / 2, math.sin(a) * side / 2
    pts = [(x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in
           ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return (pts[0], pts[1], pts[2], pts[3])


def _in_box(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _reading_order(dice: list[Die]) -> list[Die]:
    if not dice:
        return dice
    row = float(np.median([d.size for d in dice])) or 1.0
    return sorted(dice, key=lambda d: (round(d.center[1] / row), d.center[0]))


def read_face_classic(image: NDArray[np.uint8], cand: Candidate) -> tuple[int | None, float]:
    """Value and confidence of one die from its pips alone (no model)."""
    crop = face_crop(image, (cand.x, cand.y), cand.side, cand.angle, FACE_PX)
    check = find_pips(crop)
    if check.fit.value is None:
        return None, 0.3
    conf = float(max(0.0, 1.0 - check.fit.residual / 0.28) * min(1.0, check.contrast / 60))
    return check.fit.value, 0.5 + 0.5 * conf


def read_dice(
    image: NDArray[np.uint8],
    expected: int | None = None,
    calibration: Calibration | None = None,
    params: VisionParams | None = None,
) -> Reading:
    """Read every die in a tray photo.

    Args:
        image: H x W x 3 uint8 BGR (as OpenCV and picamera2 give), 16 px to
            ``params.max_pixels``.
        expected: number of dice that should be in the throw area (bank zone
            excluded), or ``None`` for any number. A different count is reported as a
            ``count`` problem; dice are never dropped or invented to match.
        calibration: fixed-camera knowledge (die size px, tray region, bank zone);
            ``None`` estimates the die size from the image and uses the whole frame.
        params: tunables (:class:`VisionParams`); ``None`` for the defaults.

    Returns:
        a :class:`Reading`; ``reading.complete`` tells whether it can be used as is.

    Raises:
        VisionInputError: the array is not H x W x 3 uint8 of a usable size.
        ValueError: ``expected`` is negative.
    """
    p = params or VisionParams()
    img = check_image(image, p.max_pixels)
    if expected is not None and expected < 0:
        raise ValueError(f"expected must be 0 or more dice, got {expected}")
    cal = calibration or Calibration()
    h, w = img.shape[:2]
    problems = image_problems(img, p)
    if any(pr.code == "too_dark" for pr in problems):
        return Reading((), (), tuple(problems), expected)
    min_px, max_px = p.min_die_px, p.max_die_px
    if cal.die_size_px is not None:
        min_px, max_px = cal.die_size_px * 0.7, cal.die_size_px * 1.4
    cands = find_dice_classic(img, min_px, max_px)
    blurred = any(pr.code == "blurred" for pr in problems)
    dice: list[Die] = []
    banked: list[Die] = []
    cut: list[Die] = []
    for c in cands:
        if cal.tray is not None and not _in_box(c.x, c.y, cal.tray):
            continue
        half = c.side / 2
        edge = (0.0, 0.0, float(w), float(h)) if cal.tray is None else cal.tray
        value, conf = (None, 0.0) if blurred else read_face_classic(img, c)
        die = Die(value, (c.x, c.y), square_corners(c.x, c.y, c.side, c.angle), conf)
        if cal.bank_zone is not None and _in_box(c.x, c.y, cal.bank_zone):
            banked.append(die)
            continue
        if (c.x - half * 0.8 < edge[0] or c.y - half * 0.8 < edge[1]
                or c.x + half * 0.8 > edge[2] or c.y + half * 0.8 > edge[3]):
            cut.append(die)
        dice.append(die)
    dice = _reading_order(dice)
    for i, d in enumerate(dice):
        place = where(d.center[0], d.center[1], w, h)
        if d in cut:
            problems.append(Problem("cut_off", f"A die at the {place} is cut off by the edge "
                                    "of the picture: move it into the tray.", i))
        elif d.value is None and not blurred:
            problems.append(Problem("unreadable", f"Cannot read the die at the {place}: "
                                    "straighten it or re-throw.", i))
    if not dice and not banked:
        problems.append(Problem("no_dice", "No dice seen in the tray: throw and press again."))
    elif expected is not None and len(dice) != expected:
        problems.append(Problem(
            "count", f"{expected} {'die' if expected == 1 else 'dice'} should be thrown, "
            f"{len(dice)} seen: check that every die is in the tray and press again."))
    return Reading(tuple(dice), tuple(_reading_order(banked)), tuple(problems), expected)
