"""The pip layouts of a standard d6 and fitting a set of seen pips to them.

Positions are in units of the face's half-side, origin at the face centre, y down.
A fit turns and scales the layout to the seen pips (a die can lie at any angle and
its size is only known roughly) and measures how far the worst pip is from where the
layout puts it, so that a speck, a shadow or a glare spot gives a bad fit rather than
another value.

>>> import numpy as np
>>> pts = np.array([[-0.5, -0.5], [0.5, 0.5]]) @ np.array([[0.9, 0.4], [-0.4, 0.9]])
>>> fit = fit_layout(pts, face_half=1.0)
>>> fit.value, fit.residual < 0.05
(2, True)
>>> fit_layout(np.array([[0.0, 0.0], [0.1, 0.9]]), face_half=1.0).value is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

#: Offset of the off-centre pips from the face centre, in half-sides (measured on real
#: dice it is 0.45..0.6; the fit allows for this with its scale search).
PIP_OFFSET = 0.5

_A = PIP_OFFSET
#: The six layouts: value -> pip centres (x, y) in half-sides.
LAYOUTS: dict[int, NDArray[np.float64]] = {
    1: np.array([[0.0, 0.0]]),
    2: np.array([[-_A, -_A], [_A, _A]]),
    3: np.array([[-_A, -_A], [0.0, 0.0], [_A, _A]]),
    4: np.array([[-_A, -_A], [_A, -_A], [-_A, _A], [_A, _A]]),
    5: np.array([[-_A, -_A], [_A, -_A], [0.0, 0.0], [-_A, _A], [_A, _A]]),
    6: np.array([[-_A, -_A], [-_A, 0.0], [-_A, _A], [_A, -_A], [_A, 0.0], [_A, _A]]),
}

_ANGLES = np.deg2rad(np.arange(0.0, 90.0, 3.0))
_SCALES = np.array([0.8, 0.9, 1.0, 1.1, 1.25])


@dataclass(frozen=True)
class LayoutFit:
    """The best layout for a set of pips.

    Attributes:
        value: face value whose layout fits, or ``None`` when none fits within tolerance.
        residual: worst pip's distance from its layout position, in half-sides of the
            face (0 is a perfect fit).
        angle_deg: turn of the layout, 0..90 degrees.
        offset: distance of the pips' centre from the face centre, in half-sides.
    """

    value: int | None
    residual: float
    angle_deg: float
    offset: float


def _rotations() -> NDArray[np.float64]:
    c, s = np.cos(_ANGLES), np.sin(_ANGLES)
    return np.stack([np.stack([c, -s], -1), np.stack([s, c], -1)], -2)  # (A, 2, 2)


_ROT = _rotations()


def fit_layout(
    pips: NDArray[np.float64],
    face_half: float,
    max_residual: float = 0.28,
    max_offset: float = 0.35,
) -> LayoutFit:
    """Fit pip centres (N x 2, px relative to the face centre) to the d6 layouts.

    Args:
        pips: N x 2 pip centres in px, relative to the estimated face centre.
        face_half: half the side of the top face in px.
        max_residual: largest accepted worst-pip distance, in half-sides.
        max_offset: largest accepted distance of the pips' centroid from the face
            centre, in half-sides (pips on a side face pull it away).

    Returns:
        the fit; ``value`` is ``None`` for 0 or more than 6 pips or a poor fit.
    """
    n = len(pips)
    if n == 0 or n > 6 or face_half <= 0:
        return LayoutFit(None, math.inf, 0.0, math.inf)
    pts = np.asarray(pips, np.float64) / face_half
    centroid = pts.mean(axis=0)
    offset = float(np.hypot(*centroid))
    layout = LAYOUTS[n]
    rel = pts - centroid
    if n == 1:
        residual = offset
        angle = 0.0
    else:
        # Turn and scale the layout, measure each seen pip's distance to the nearest
        # layout pip and each layout pip's to the nearest seen pip (both ways, so two
        # pips on one layout position do not pass).
        turned = np.einsum("aij,nj->ani", _ROT, layout)  # (A, n, 2)
        cand = turned[:, None, :, :] * _SCALES[None, :, None, None]  # (A, S, n, 2)
        d = np.linalg.norm(cand[:, :, :, None, :] - rel[None, None, None, :, :], axis=-1)
        worst = np.maximum(d.min(axis=2).max(axis=-1), d.min(axis=3).max(axis=-1))  # (A, S)
        a, s = np.unravel_index(int(np.argmin(worst)), worst.shape)
        residual = float(worst[a, s])
        angle = float(np.rad2deg(_ANGLES[a]))
    ok = residual <= max_residual and offset <= max_offset
    return LayoutFit(n if ok else None, residual, angle, offset)
