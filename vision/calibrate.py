"""Estimating a :class:`Calibration` from one image of the tray with dice in it.

For a fixed camera, run this once on a good throw and keep the result (e.g. in the
app's config): the die size then steers the detector's scale and enables the
``cocked`` check, and the tray region stops dice outside the tray being read.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

from .read import find_and_read
from .types import Calibration, VisionParams
from .validate import check_image


def estimate_calibration(
    image: NDArray[np.uint8], params: VisionParams | None = None
) -> Calibration:
    """Estimate the die size and the tray region from an image with dice in it.

    Die size: the median top-face side (px) of the dice found. Tray: the floor colour
    is the median colour of a ring around each die (0.8..1.4 die sizes from its
    centre); the tray is the bounding box of the connected region of that colour
    (Lab distance under 18) that holds the most dice, grown by half a die.

    Args:
        image: H x W x 3 uint8 BGR.
        params: reader tunables; ``None`` for the defaults.

    Returns:
        a :class:`Calibration` (``die_size_px`` and ``tray`` are ``None`` when no die
        was found; no bank zone: that is the venue's choice, not the image's).

    Raises:
        VisionInputError: the array is not H x W x 3 uint8 of a usable size.
    """
    p = params or VisionParams()
    img = check_image(image, p.max_pixels)
    found = [(d, fr) for d, fr in find_and_read(img, Calibration(), p) if not fr.not_a_die]
    if not found:
        return Calibration()
    sides = [d.size / (abs(math.cos(math.radians(fr.angle)))
                       + abs(math.sin(math.radians(fr.angle)))) for d, fr in found]
    size = float(np.median(sides))
    h, w = img.shape[:2]
    f = min(1.0, 200.0 / max(h, w))
    small = cv2.resize(img, (max(int(w * f), 1), max(int(h * f), 1)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    sh, sw = lab.shape[:2]
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    ring = np.zeros((sh, sw), bool)
    for d, _ in found:
        r = np.hypot(xx - d.x * f, yy - d.y * f) / max(d.size * f, 1.0)
        ring |= (r > 0.8) & (r < 1.4)
    dice_mask = np.zeros((sh, sw), bool)
    for d, _ in found:
        dice_mask |= np.hypot(xx - d.x * f, yy - d.y * f) < 0.75 * d.size * f
    ring &= ~dice_mask
    if not ring.any():
        return Calibration(die_size_px=size)
    floor = np.median(lab[ring], axis=0)
    mask = ((np.linalg.norm(lab - floor, axis=2) < 18.0) | dice_mask).astype(np.uint8)
    k = max(int(size * f * 0.6), 1) | 1
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    votes = np.zeros(count, int)
    for d, _ in found:
        x, y = min(int(d.x * f), sw - 1), min(int(d.y * f), sh - 1)
        votes[labels[y, x]] += 1
    votes[0] = 0
    best = int(np.argmax(votes))
    if votes[best] == 0:
        return Calibration(die_size_px=size)
    ys, xs = np.nonzero(labels == best)
    grow = size / 2
    tray = (max(float(xs.min()) / f - grow, 0.0), max(float(ys.min()) / f - grow, 0.0),
            min(float(xs.max() + 1) / f + grow, float(w)),
            min(float(ys.max() + 1) / f + grow, float(h)))
    return Calibration(die_size_px=size, tray=tray)
