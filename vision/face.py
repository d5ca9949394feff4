"""Reading one die's top face: a normalised crop, the pips on it, their layout.

The crop is the die's square turned upright and resampled to ``FACE_PX`` px. Pips are
found as small round blobs that contrast with the face colour (dark pips on a light
face or light pips on a dark face, whichever the face shows), inside the face only,
and are then fitted to the d6 layouts (:mod:`vision.layouts`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .layouts import LayoutFit, fit_layout

#: Side of the normalised face crop in px.
FACE_PX = 48


@dataclass(frozen=True)
class PipCheck:
    """Result of looking for pips on a face crop.

    Attributes:
        fit: the layout fit of the pips found (``fit.value`` None: no layout fits).
        pips: number of pip-like blobs found on the face.
        contrast: contrast between pips and face, 0..255 (low: cannot see pips).
    """

    fit: LayoutFit
    pips: int
    contrast: float


def face_crop(
    image: NDArray[np.uint8], center: tuple[float, float], side: float, angle_deg: float,
    out_px: int = FACE_PX, margin: float = 1.0,
) -> NDArray[np.uint8]:
    """Warp the square of ``side`` px (times ``margin``) around ``center`` upright.

    Returns an ``out_px`` x ``out_px`` x 3 uint8 crop; outside the image is replicated
    border.
    """
    scale = out_px / max(side * margin, 1.0)
    m = cv2.getRotationMatrix2D((float(center[0]), float(center[1])), float(angle_deg), scale)
    m[0, 2] += out_px / 2 - center[0]
    m[1, 2] += out_px / 2 - center[1]
    crop = cv2.warpAffine(
        image, m, (out_px, out_px), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    return np.asarray(crop, np.uint8)


def find_pips(face: NDArray[np.uint8]) -> PipCheck:
    """Find pips on an upright face crop (``FACE_PX`` square, the face filling it,
    turned square with the face's edges) and fit them to the d6 layouts, which may
    turn only with the face (``fit_layout(..., aligned=True)``).

    Pip size bounds come from real dice: a pip is 10..28 % of the face side.
    """
    n = face.shape[0]
    gray = cv2.cvtColor(face, cv2.COLOR_BGR2GRAY).astype(np.float32)
    lab = cv2.cvtColor(face, cv2.COLOR_BGR2Lab).astype(np.float32)
    inner = slice(n // 6, n - n // 6)
    face_col = np.median(lab[inner, inner].reshape(-1, 3), axis=0)
    dist = np.linalg.norm(lab - face_col, axis=2)
    # Polarity: pips darker or lighter than the face, whichever has the strong tail.
    face_g = float(np.median(gray[inner, inner]))
    dark = np.clip(face_g - gray, 0, None)
    light = np.clip(gray - face_g, 0, None)
    signed = dark if np.percentile(dark, 97) >= np.percentile(light, 97) else light
    score = np.maximum(signed, dist * 0.5)
    contrast = float(np.percentile(score[inner, inner], 98))
    pip_min = 0.10 * n
    pip_max = 0.28 * n
    if contrast < 25:
        return PipCheck(LayoutFit(None, np.inf, 0.0, np.inf), 0, contrast)
    mask = (score > max(contrast * 0.5, 18)).astype(np.uint8)
    border = max(n // 16, 1)
    mask[:border] = 0
    mask[-border:] = 0
    mask[:, :border] = 0
    mask[:, -border:] = 0
    count, _, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=4)
    pts = []
    for k in range(1, count):
        _x, _y, w, h, area = (int(v) for v in stats[k])
        if not (pip_min * 0.7 <= w <= pip_max and pip_min * 0.7 <= h <= pip_max):
            continue
        fill = area / float(w * h)
        if fill < 0.45 or max(w, h) > 1.8 * min(w, h):
            continue
        pts.append(cents[k])
    arr = np.array(pts, np.float64).reshape(-1, 2) - (n - 1) / 2.0
    fit = fit_layout(arr, face_half=n / 2.0, aligned=True)
    return PipCheck(fit, len(pts), contrast)
