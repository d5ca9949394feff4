"""Cutting a die out of a frame into a small square crop (model input).

The same function cuts the training crops and the run-time crops, so the face
classifier sees at run time exactly what it was trained on. And the area-averaged
shrink of a whole frame (:func:`shrink_area`) for the whole-image checks.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

#: A die crop spans this many times the die's size (side of its box), centred on it.
CROP_SPAN = 1.2


def shrink_area(image: NDArray[np.uint8], size: tuple[int, int]) -> NDArray[np.uint8]:
    """``image`` area-averaged down to ``size`` (width, height) px.

    Made of exact halvings while the image is at least twice the size on both sides
    (OpenCV's 2 x 2 fast path for ``INTER_AREA``, about ten times faster a pixel than
    its general path), then one ``INTER_AREA`` resize for the rest: the same average
    of the same pixels as one area resize, to within rounding, at a fraction of the
    cost (a side of an odd number of px is not halved: the general path does the
    rest).

    Returns:
        height x width x C uint8 (C as in ``image``).
    """
    w, h = max(int(size[0]), 1), max(int(size[1]), 1)
    src: NDArray[np.uint8] = image
    while (src.shape[1] >= 2 * w and src.shape[0] >= 2 * h
           and src.shape[0] % 2 == 0 and src.shape[1] % 2 == 0):
        src = np.asarray(cv2.resize(src, (src.shape[1] // 2, src.shape[0] // 2),
                                    interpolation=cv2.INTER_AREA), np.uint8)
    if src.shape[1] != w or src.shape[0] != h:
        src = np.asarray(cv2.resize(src, (w, h), interpolation=cv2.INTER_AREA), np.uint8)
    return src


def die_crop(
    image: NDArray[np.uint8], cx: float, cy: float, side: float, angle_deg: float = 0.0,
    out_px: int = 32, room: float = 0.75,
) -> NDArray[np.uint8]:
    """The ``side`` x ``side`` px square around (cx, cy), turned by ``angle_deg``,
    resampled to ``out_px`` x ``out_px`` (area-averaged when shrinking, so a 250 px
    die does not alias). Outside the image is replicated border.

    The square is cut from a source square ``2 * room * side`` px wide (plus 4 px),
    which is what is area-averaged: 0.75 leaves room to turn the crop. An upright
    crop needs only 0.5, half the pixels to average (about twice as fast on a 250 px
    die): the smear and hand checks' crops take it (the same readings on 313 images
    and 600 scenes of the kinds). The networks' crops keep 0.75, as they were cut for
    training, and so does :mod:`vision.topface`'s, on which the thresholds of the face
    checks were measured: the averaging cells fall elsewhere (on a 250 px die the
    pixels differ by half a level on average, up to 22 at sharp edges), and with its
    crop cut from 0.5 four scenes that show what a face check catches no longer
    showed the misread with the check off (the readings with it on were as right).

    Returns:
        out_px x out_px x 3 uint8 (BGR).
    """
    side = max(float(side), 2.0)
    h, w = image.shape[:2]
    half = math.ceil(side * room) + 2
    x0, y0 = math.floor(cx) - half, math.floor(cy) - half
    x1, y1 = x0 + 2 * half, y0 + 2 * half
    pad = max(0, -x0, -y0, x1 - w, y1 - h)
    if pad:
        src = cv2.copyMakeBorder(image[max(y0, 0):min(y1, h), max(x0, 0):min(x1, w)],
                                 max(0, -y0), max(0, y1 - h), max(0, -x0), max(0, x1 - w),
                                 cv2.BORDER_REPLICATE)
    else:
        src = image[y0:y1, x0:x1]
    lx, ly = cx - x0, cy - y0
    scale = out_px / side
    if scale < 0.66:  # shrink by area averaging first
        pre = max(scale * 1.5, 1e-3)
        sw, sh = max(round(src.shape[1] * pre), 1), max(round(src.shape[0] * pre), 1)
        fx, fy = sw / src.shape[1], sh / src.shape[0]
        src = cv2.resize(src, (sw, sh), interpolation=cv2.INTER_AREA)
        lx, ly = lx * fx, ly * fy
        scale = scale / ((fx + fy) / 2)
    m = cv2.getRotationMatrix2D((float(lx), float(ly)), float(angle_deg), float(scale))
    m[0, 2] += out_px / 2 - lx
    m[1, 2] += out_px / 2 - ly
    crop = cv2.warpAffine(src, m, (out_px, out_px), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_REPLICATE)
    return np.asarray(crop, np.uint8)
