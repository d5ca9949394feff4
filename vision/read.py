"""``read_dice``: the whole reading of one frame, from pixels to a :class:`Reading`.

Steps: check the array (:mod:`vision.validate`); whole-image checks
(:mod:`vision.quality`); find the dice (:mod:`vision.find`); read each top face and
check it against the d6 pip layouts (:mod:`vision.face`); split off the bank zone;
report every problem in words for the table.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .face import FACE_PX, PipCheck, face_crop, find_pips
from .layouts import could_be_part_of
from .model import Detection, classify, detect, detect_two_scales
from .quality import image_problems
from .types import Calibration, Die, Problem, Quad, Reading, VisionInputError, VisionParams
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


def face_angle(crop: NDArray[np.uint8]) -> float:
    """Turn of the die's edges in a crop, 0..90 degrees (edges mod 90 degrees).

    The mean of 4 x the gradient direction weighted by gradient strength (a standard
    dominant-orientation estimate for square things), outside the central disc where
    the pips are.
    """
    g = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    n = g.shape[0]
    yy, xx = np.mgrid[0:n, 0:n].astype(np.float32) - (n - 1) / 2.0
    ring = np.hypot(xx, yy) > 0.3 * n  # the die's outline, not its pips
    mag = np.hypot(gx, gy) * ring
    phi = np.arctan2(gy, gx)
    a = math.atan2(float((mag * np.sin(4 * phi)).sum()), float((mag * np.cos(4 * phi)).sum()))
    return (math.degrees(a) / 4.0) % 90.0


@dataclass(frozen=True)
class FaceRead:
    """One die's reading before problems are worded."""

    value: int | None
    confidence: float
    not_a_die: bool
    angle: float
    pip_check: str  # "agrees", "disagrees", "none" (no layout seen)


def decide(probs: NDArray[np.float32], pips: PipCheck | None, p: VisionParams) -> FaceRead:
    """Value of one die from its class probabilities (turns x 7) and its pip check.

    A value is given only when the turned crops agree on it, its mean probability is at
    least ``p.read_threshold``, and the pip layout seen on the face (if any) does not
    name another value; with ``p.layout_check`` and no layout seen, the probability must
    reach ``p.read_threshold_alone``.

    The pips name another value ("disagrees") when they fit its layout clearly
    (``p.veto_residual``, ``p.veto_contrast``) and that layout is not part of the
    classifier's value's (:func:`vision.layouts.could_be_part_of`): pips seen that
    could be some of the value's pips, the others lost to glare, blur or a merge (a 5
    seen as the four corners of a 4), are no evidence against it; a pip where the
    value has none (a 4 seen with a centre pip) is.
    """
    mean = probs.mean(axis=0)
    votes = probs.argmax(axis=1)
    value = int(np.argmax(mean[1:])) + 1
    pv = float(mean[value])
    check = "none"
    if pips is not None and pips.fit.value is not None:
        if pips.fit.value == value:
            check = "agrees"
        elif (pips.fit.residual <= p.veto_residual and pips.contrast >= p.veto_contrast
              and not could_be_part_of(pips.fit.value, value)):
            check = "disagrees"
    if float(mean[0]) > 1.0 - p.die_min_prob:
        return FaceRead(None, float(mean[0]), True, 0.0, check)
    agree = bool(np.all(votes == value))
    ok = agree and pv >= p.read_threshold and check != "disagrees"
    if ok and p.layout_check and check == "none":
        ok = pv >= p.read_threshold_alone
    return FaceRead(value if ok else None, pv if ok else 1.0 - float(mean[0]), False, 0.0, check)


@dataclass(frozen=True)
class Candidate:
    """A detection with what the face classifier and the pip check made of it."""

    det: Detection
    probs: NDArray[np.float32]  # turns x 7 class probabilities
    pips: PipCheck | None
    angle: float  # edge turn of the die, 0..90 degrees


def find_candidates(
    img: NDArray[np.uint8], cal: Calibration, p: VisionParams
) -> list[Candidate]:
    """Detect the dice, classify each crop, check its pips (no decision yet)."""
    h, w = img.shape[:2]
    long_side = p.detect_long_side_px
    if cal.die_size_px is not None:
        # put a die at about 32 px in the detector input
        want = 32.0 / (cal.die_size_px * 1.2) * max(h, w)
        long_side = int(min(max(round(want / 32) * 32, 128), 1536))
    look = detect_two_scales if p.two_scales else detect
    dets = look(img, long_side, p.detect_threshold)
    scale = long_side / max(h, w)
    if cal.die_size_px is None and dets:
        med = float(np.median([d.size for d in dets])) * scale
        if med < 18.0 and long_side < 1024:  # small dice: look again, closer
            long_side = int(min(round(long_side * 28.0 / med / 32) * 32, 1024))
            dets = detect(img, long_side, p.detect_threshold)
    lo, hi = p.min_die_px, p.max_die_px
    if cal.die_size_px is not None:
        lo, hi = cal.die_size_px * 0.6, cal.die_size_px * 2.0
    dets = [d for d in dets if lo <= d.size <= hi]
    probs = classify(img, dets, p.turns)
    out = []
    for d, pr in zip(dets, probs, strict=True):
        ang = face_angle(face_crop(img, (d.x, d.y), d.size, 0.0, FACE_PX))
        pips = None
        if p.layout_check:
            a = math.radians(ang)
            side = d.size / (abs(math.cos(a)) + abs(math.sin(a)))
            pips = find_pips(face_crop(img, (d.x, d.y), side * 0.95, ang, FACE_PX))
        out.append(Candidate(d, pr, pips, ang))
    return out


def find_and_read(
    img: NDArray[np.uint8], cal: Calibration, p: VisionParams
) -> list[tuple[Detection, FaceRead]]:
    """Detect the dice and read each one (no problems worded yet)."""
    out = []
    for c in find_candidates(img, cal, p):
        fr = decide(c.probs, c.pips, p)
        out.append((c.det, FaceRead(fr.value, fr.confidence, fr.not_a_die, c.angle,
                                    fr.pip_check)))
    return out


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
        VisionInputError: ``expected`` is negative.
    """
    p = params or VisionParams()
    img = check_image(image, p.max_pixels)
    if expected is not None and expected < 0:
        raise VisionInputError(f"expected must be 0 or more dice, got {expected}")
    cal = calibration or Calibration()
    h, w = img.shape[:2]
    problems = image_problems(img, p)
    if any(pr.code == "too_dark" for pr in problems):
        return Reading((), (), tuple(problems), expected)
    blurred = any(pr.code == "blurred" for pr in problems)
    entries: list[tuple[Die, str]] = []
    banked: list[Die] = []
    strange: list[tuple[float, float]] = []
    edge = (0.0, 0.0, float(w), float(h)) if cal.tray is None else cal.tray
    for d, fr in find_and_read(img, cal, p):
        if cal.tray is not None and not _in_box(d.x, d.y, cal.tray):
            continue
        if fr.not_a_die:
            # only inside a calibrated tray: without one, the frame holds the table,
            # the tray's rim and its fittings, which may look like dice
            if cal.tray is not None and d.score >= p.not_a_die_score:
                strange.append((d.x, d.y))
            continue
        a = math.radians(fr.angle)
        side = d.size / (abs(math.cos(a)) + abs(math.sin(a)))
        value = None if blurred else fr.value
        die = Die(value, (d.x, d.y), square_corners(d.x, d.y, side, fr.angle),
                  round(float(fr.confidence), 3))
        if cal.bank_zone is not None and _in_box(d.x, d.y, cal.bank_zone):
            banked.append(die)
            continue
        half = d.size / 2
        flag = ""
        if (d.x - half * 0.85 < edge[0] or d.y - half * 0.85 < edge[1]
                or d.x + half * 0.85 > edge[2] or d.y + half * 0.85 > edge[3]):
            flag = "cut_off"
        elif cal.die_size_px is not None and side > 1.3 * cal.die_size_px:
            flag = "cocked"
        if flag:
            die = Die(None, die.center, die.corners, die.confidence)
        entries.append((die, flag))
    order = _reading_order([e[0] for e in entries])
    entries.sort(key=lambda e: order.index(e[0]))
    dice = [e[0] for e in entries]
    for i, (dd, flag) in enumerate(entries):
        place = where(dd.center[0], dd.center[1], w, h)
        if flag == "cut_off":
            problems.append(Problem("cut_off", f"A die at the {place} is cut off by the edge "
                                    "of the picture: move it into the tray and press again.", i))
        elif flag == "cocked":
            problems.append(Problem("cocked", f"Re-throw: the die at the {place} is leaning "
                                    "on the wall or on another die.", i))
        elif dd.value is None and not blurred:
            problems.append(Problem("unreadable", f"Cannot read the die at the {place}: "
                                    "re-throw it, or straighten it if it is leaning.", i))
    for x, y in strange:
        problems.append(Problem("not_a_die", f"Something at the {where(x, y, w, h)} of the "
                                "tray is not a die: take it out and press again."))
    if not dice and not banked:
        problems.append(Problem("no_dice", "No dice seen in the tray: throw and press again."))
    elif expected is not None and len(dice) != expected:
        problems.append(Problem(
            "count", f"{expected} {'die' if expected == 1 else 'dice'} should be thrown, "
            f"{len(dice)} seen: check that every die is in the tray and press again."))
    return Reading(tuple(dice), tuple(_reading_order(banked)), tuple(problems), expected)
