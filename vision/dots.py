"""A dotted cloth's dots taken for a die's pips: a grid of them on the floor's own
colour (:func:`dot_grid`), or a lattice of them going on past the box
(:func:`dot_lattice`) (split out of :mod:`vision.read`).
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from .model import Detection
from .stats import median
from .topface import TopFace, body_contrast, find_top_face


def dot_grid(img: NDArray[np.uint8], d: Detection, min_contrast: float,
             top: TopFace | None = None) -> bool:
    """The detection read as a 2, 4 or 6 (or left unread, its pips fitting the
    classifier's value: :func:`vision.read.read_dice`) is a grid of a polka cloth's dots: the
    "face" at its box's centre goes on past the box on three sides or more
    (:meth:`vision.topface.Body.floor_all_round` against ``min_contrast``) and no
    top face stands apart by colour (``top``, or :func:`vision.topface.
    find_top_face` when not given). A light die on a light floor, whose face the
    segmentation cannot set apart either, is none: its face stops at its outline.
    The cheap body check (40 x 40 samples) comes first."""
    if not body_contrast(img, d.x, d.y, d.size).floor_all_round(min_contrast):
        return False
    t = top if top is not None else find_top_face(img, d.x, d.y, d.size)
    return not t.found


#: :func:`dot_lattice`: a detection whose pips' lattice goes on past its box, at this
#: many places or more, is a dotted cloth's dots (no die). Of 1921 large detections of
#: dice on development scenes (seven seeds of the polka kind, three of six other
#: kinds, the red-box probe seeds 915 and 916, nell-byler-d6), none has two such
#: places, 7 have one; with the rule no reading changed on the development scenes,
#: the probes, the photos or the vision cases. 0: off.
LATTICE_HITS = 2
#: :func:`dot_lattice`: a place is a dot like the pips where its centre's colour over
#: its ring's (per BGR channel, as logarithms) is within this of the pips', and its
#: ring's chromaticity (each channel's share of the three) within
#: :data:`LATTICE_CHROMA` of the pips' rings': a shadow darkens dot and cloth alike,
#: so a dot in a die's shadow matches a dot out of it. Centre and ring must each be
#: even (the standard deviation of their grey under :data:`LATTICE_EVEN` of its mean),
#: and the pips must stand out from their rings (a log ratio of 0.3 or more in one
#: channel at least).
LATTICE_LOG_RATIO = 0.25
LATTICE_CHROMA = 0.05
LATTICE_EVEN = 0.15


def _dot_at(img: NDArray[np.uint8], q: tuple[float, float], r: float
            ) -> tuple[NDArray[np.float32], NDArray[np.float32]] | None:
    """:func:`dot_lattice` at the place ``q`` (x, y px) for pips of radius ``r`` px: the
    log ratio of the median BGR within 0.5 ``r`` of it over that of its ring (1.4..1.9
    ``r``), and the ring's chromaticity; None where either is uneven or off the frame."""
    h, w = img.shape[:2]
    x0, x1 = max(int(q[0] - 1.9 * r) - 1, 0), min(int(q[0] + 1.9 * r) + 2, w)
    y0, y1 = max(int(q[1] - 1.9 * r) - 1, 0), min(int(q[1] + 1.9 * r) + 2, h)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return None
    dy = np.arange(y0, y1, dtype=np.float32)[:, None] - q[1]
    dx = np.arange(x0, x1, dtype=np.float32)[None, :] - q[0]
    r2 = dy * dy + dx * dx
    patch = img[y0:y1, x0:x1]
    parts = []
    for inner in (r2 < (0.5 * r) ** 2, (r2 >= (1.4 * r) ** 2) & (r2 < (1.9 * r) ** 2)):
        px = patch[inner].astype(np.float32)
        if len(px) < 3:
            return None
        grey = px.mean(axis=1)
        if float(grey.std()) > LATTICE_EVEN * (float(grey.mean()) + 10.0):
            return None
        parts.append(median(px, axis=0))
    centre, ring = parts
    return (np.log((centre + 8.0) / (ring + 8.0)).astype(np.float32),
            (ring / (float(ring.sum()) + 1e-6)).astype(np.float32))


def dot_lattice(img: NDArray[np.uint8], d: Detection) -> bool:
    """The detection ``d`` is a dotted cloth's dots, not a die: the pips of the top
    face found in its box (:func:`vision.topface.find_top_face`; two or more) repeat
    past the box. Each step from one pip to another, taken from each pip, gives a
    place; at :data:`LATTICE_HITS` or more of those that lie past the box (by a pip's
    radius) there is a dot like the pips (:func:`_dot_at`: the same contrast with its
    ring, the same ring colour, shadow or not). A die's pips stop at its outline:
    past it lie the floor, its side faces and shadow, or other dice. A patch of a
    polka cloth between dice, set apart by their shadows, or a die's square shadow
    on it, its dots read as a 4 (blind seeds 195934 `polka-008` and 199873
    `polka-010`, looked at)."""
    if not LATTICE_HITS:
        return False
    t = find_top_face(img, d.x, d.y, d.size)
    if not t.found or len(t.pips) < 2 or t.pip_area <= 0:
        return False
    c, s = math.cos(math.radians(t.angle)), math.sin(math.radians(t.angle))
    pips = np.array([(u * c - v * s + t.center[0], u * s + v * c + t.center[1])
                     for u, v in t.pips], np.float64)
    r = math.sqrt(t.pip_area / math.pi)
    dots = [x for x in (_dot_at(img, (float(px), float(py)), r) for px, py in pips)
            if x is not None]
    if len(dots) < 2:
        return False
    ratio = median(np.array([a for a, _ in dots]), axis=0)
    chroma = median(np.array([b for _, b in dots]), axis=0)
    if float(np.abs(ratio).max()) < 0.3:
        return False  # the pips barely stand out: nothing to match
    h, w = img.shape[:2]
    places: list[NDArray[np.float64]] = []
    hits = 0
    for a in pips:
        for b in pips:
            for p0 in pips:
                q = p0 + (b - a)
                if (max(abs(q[0] - d.x), abs(q[1] - d.y)) <= 0.5 * d.size + r
                        or not (2 * r <= q[0] < w - 2 * r and 2 * r <= q[1] < h - 2 * r)
                        or any(math.hypot(*(q - o)) < r for o in places)):
                    continue
                places.append(q)
                dot = _dot_at(img, (float(q[0]), float(q[1])), r)
                if (dot is not None and float(np.abs(dot[0] - ratio).max()) < LATTICE_LOG_RATIO
                        and float(np.abs(dot[1] - chroma).max()) < LATTICE_CHROMA):
                    hits += 1
                    if hits >= LATTICE_HITS:
                        return True
    return False
