"""Whole-image checks: too dark or washed out, blurred."""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .crops import shrink_area
from .stats import percentile, percentile_along
from .types import Problem, VisionParams


def grey_small(image: NDArray[np.uint8], width: int = 512) -> NDArray[np.uint8]:
    """A grey copy ``width`` px wide (never enlarged) for whole-image measures."""
    h, w = image.shape[:2]
    scale = min(1.0, width / w)
    small = shrink_area(image, (int(w * scale), int(h * scale))) if scale < 1 else image
    return np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), np.uint8)


def steepness(image: NDArray[np.uint8], width: int = 320) -> float:
    """How steep the image's sharpest edges are, for its contrast (0..~0.5).

    On a grey copy ``width`` px wide, lightly smoothed against sensor noise: the
    99.8th percentile of the Sobel gradient (grey levels per px) over the 0.5..99.5
    percentile grey range. A sharp step edge gives about 0.3..0.4; a blur of sigma
    s px (at that width) brings it down roughly as 1 / s. Unlike the variance of the
    Laplacian it does not grow with sensor noise or with how busy the scene is.
    """
    h, w = image.shape[:2]
    f = min(1.0, width / w)
    small = shrink_area(image, (int(w * f), int(h * f))) if f < 1 else image
    g = cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32), (3, 3), 0)
    mag = np.hypot(cv2.Sobel(g, cv2.CV_32F, 1, 0), cv2.Sobel(g, cv2.CV_32F, 0, 1)) / 8.0
    spread = float(np.float32(percentile(g, 99.5)) - np.float32(percentile(g, 0.5)))  # in float32
    return percentile(mag, 99.8) / max(spread, 1.0)


def image_problems(image: NDArray[np.uint8], params: VisionParams) -> list[Problem]:
    """Problems that make the whole image unusable: ``too_dark`` or ``blurred``.

    All measured on one grey copy 320 px wide (one shrink by exact halvings,
    :func:`vision.crops.shrink_area`, keeps this cheap). Too dark: a mean grey under
    ``params.dark_mean`` with nothing in the picture as bright as
    ``params.dark_peak`` (a dark floor that fills the frame, with lit dice on it, is
    read: a red die is dark in grey, 60..70, on black sandpaper the mean stays under
    25); or washed out, a mean over ``params.bright_mean``.
    """
    h, w = image.shape[:2]
    f = min(1.0, 320 / w)
    small = shrink_area(image, (int(w * f), int(h * f))) if f < 1 else image
    grey = np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), np.uint8)
    mean, std = float(grey.mean()), float(grey.std())
    if mean < params.dark_mean and int(grey.max()) < params.dark_peak:
        return [Problem("too_dark", "Too dark to read the dice: turn on the tray light "
                        "and press the button again.")]
    if mean > params.bright_mean:
        return [Problem("too_dark", "The picture is washed out (too bright): check the "
                        "light over the tray and press the button again.")]
    if std < 4.0:
        return []  # a blank, even scene: nothing to be sharp (reported as no dice)
    if steepness(small, width=320) < params.blur_min_steepness:
        return [Problem("blurred", "The picture is blurred: keep the camera and the dice "
                        "still and press the button again.")]
    return []


#: Directions (radians) in which :func:`smear` measures the edges.
_DIRS = np.deg2rad(np.arange(0.0, 180.0, 15.0))
_UNIT = np.stack([np.cos(_DIRS), np.sin(_DIRS)]).astype(np.float32)  # (2, dirs)


def _steep_by_direction(crop: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The steepness of ``crop``'s edges (N x N x 3 uint8 BGR) along each of the 12
    directions of ``_DIRS``: the 99th percentile of the grey derivative along it
    (grey levels per px, after a 3 x 3 Gaussian), shape (12,) float32."""
    g = cv2.GaussianBlur(cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY).astype(np.float32), (3, 3), 0)
    gx = cv2.Sobel(g, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(g, cv2.CV_32F, 0, 1, ksize=3)
    along = np.abs(np.stack([gx.ravel(), gy.ravel()], axis=1) @ _UNIT)  # (pixels, dirs)
    return np.asarray(percentile_along(along, 99, 0), np.float32)


def smear(crop: NDArray[np.uint8]) -> float:
    """How much one die's crop is smeared in one direction (0: not at all, ~1: fully).

    The steepest edges of a die (its outline and its pips) face every way: a square's
    edges give at least 0.7 of their steepness in any direction. Motion during the
    exposure (a die still sliding) flattens the edges across the motion only. On the
    grey crop, the 95th percentile of the derivative along each of 12 directions;
    the result is 1 - (weakest / strongest).

    Args:
        crop: a die crop, N x N x 3 uint8 BGR, the die's outline inside it.
    """
    steep = _steep_by_direction(crop)
    top = float(steep.max())
    if top <= 1e-6:
        return 0.0
    return 1.0 - float(steep.min()) / top


def smear_direction(crop: NDArray[np.uint8]) -> float:
    """The direction of a smeared die's motion in its crop (N x N x 3 uint8 BGR), in
    degrees 0..180 (0: along the image's x axis, 90: along its y axis, downwards):
    the direction in which its edges are least steep (:func:`smear`), refined between
    the 15 degree steps by a parabola through the weakest step and its two neighbours.
    A square's own edges are least steep along its diagonals, so a short streak is
    found turned towards them (up to 15 degrees off for a face of 25 px smeared 25 px,
    23 for one smeared 13 px: ``tests/vision/test_vision_smear_two_boxes.py``).

    >>> crop = np.zeros((64, 64, 3), np.uint8)
    >>> _ = cv2.rectangle(crop, (20, 20), (44, 44), (255, 255, 255), -1)
    >>> round(smear_direction(cv2.blur(crop, (1, 25))))  # streaked up and down
    90
    >>> round(smear_direction(cv2.blur(crop, (25, 1))))  # streaked sideways
    0
    """
    steep = _steep_by_direction(crop)
    k = int(np.argmin(steep))
    lo, mid, hi = (float(steep[(k + i) % len(steep)]) for i in (-1, 0, 1))
    bend = lo - 2.0 * mid + hi
    shift = 0.5 * (lo - hi) / bend if bend > 1e-6 else 0.0
    return float((15.0 * (k + max(-0.5, min(0.5, shift)))) % 180.0)
