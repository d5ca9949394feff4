"""Finding dice in a frame (before reading their faces).

:func:`find_dice_classic` is the model-free finder: dice are compact, square,
solid regions that differ from the local background (a heavy median of the frame).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray


@dataclass(frozen=True)
class Candidate:
    """A die candidate: centre (x, y) px, top-face side px, angle deg, score 0..1."""

    x: float
    y: float
    side: float
    angle: float
    score: float


def find_dice_classic(
    image: NDArray[np.uint8], min_px: float, max_px: float
) -> list[Candidate]:
    """Find square solid blobs that stand out from the local background.

    Works on a copy whose long side is at most 640 px; returns candidates in px of
    ``image``.
    """
    h, w = image.shape[:2]
    scale = min(1.0, 640.0 / max(h, w))
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) \
        if scale < 1 else image
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab)
    k = int(max(min(max_px * scale * 2.5, 151), 21)) | 1
    bg = cv2.medianBlur(cv2.resize(lab, None, fx=0.25, fy=0.25), max(k // 4 | 1, 3))
    bg = cv2.resize(bg, (small.shape[1], small.shape[0]), interpolation=cv2.INTER_LINEAR)
    diff = np.linalg.norm(lab.astype(np.float32) - bg.astype(np.float32), axis=2)
    diff8 = np.clip(diff * 2, 0, 255).astype(np.uint8)
    _, mask = cv2.threshold(diff8, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for c in contours:
        (cx, cy), (rw, rh), ang = cv2.minAreaRect(c)
        side = (rw + rh) / 2 / scale
        if not min_px <= side <= max_px or min(rw, rh) < 0.65 * max(rw, rh):
            continue
        fill = cv2.contourArea(c) / max(rw * rh, 1.0)
        if fill < 0.7:
            continue
        out.append(Candidate(cx / scale, cy / scale, side, float(ang), float(fill)))
    return out
