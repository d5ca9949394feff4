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

import functools
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

#: Turns a free fit tries: half a turn, not a quarter, since a 2, a 3 and a 6 look the
#: same only after half a turn (a 2 on one diagonal is not a 2 on the other, a 6's two
#: columns are not two rows). False: a quarter, as until the thirty-ninth pass, which
#: missed an exact 2, 3 or 6 turned 111..156 degrees (a switch for the tests).
FREE_HALF_TURN = True
_HALF_TURN = np.deg2rad(np.arange(0.0, 180.0, 3.0))
_QUARTER_TURN = np.deg2rad(np.arange(0.0, 90.0, 3.0))
#: Turns of a layout that keep it square with the face's edges (within 12 degrees, the
#: error of the measured face angle): a 2 lies on a diagonal of the face, a 6 in two
#: rows along an edge.
_ALIGNED = np.deg2rad(np.concatenate([np.arange(-12.0, 13.0, 3.0), np.arange(78.0, 103.0, 3.0)]))
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
        centroid: the pips' centre (x, y) from the face centre, in half-sides (y
            down); ``offset`` is its length.
    """

    value: int | None
    residual: float
    angle_deg: float
    offset: float
    centroid: tuple[float, float] = (0.0, 0.0)


def _rotations(angles: NDArray[np.float64]) -> NDArray[np.float64]:
    c, s = np.cos(angles), np.sin(angles)
    return np.stack([np.stack([c, -s], -1), np.stack([s, c], -1)], -2)  # (A, 2, 2)


_ROT = {True: _rotations(_HALF_TURN), False: _rotations(_QUARTER_TURN)}
_ROT_ALIGNED = _rotations(_ALIGNED)


@functools.cache
def _candidates(n: int, aligned: bool, half_turn: bool = True) -> NDArray[np.float64]:
    """The layout of ``n`` pips at every turn and scale :func:`fit_layout` tries:
    (turns, scales, n, 2), half-sides (computed once per layout)."""
    rot = _ROT_ALIGNED if aligned else _ROT[half_turn]
    turned = np.einsum("aij,nj->ani", rot, LAYOUTS[n])  # (A, n, 2)
    cand = np.asarray(turned[:, None, :, :] * _SCALES[None, :, None, None], np.float64)
    cand.flags.writeable = False
    return cand


def aligned_poses(value: int) -> NDArray[np.float64]:
    """The layout of ``value`` at every turn within 12 degrees of the face's edges and
    every scale :func:`fit_layout` tries with ``aligned``: (turns, scales, value, 2),
    half-sides from the face's centre; read-only.

    >>> aligned_poses(4).shape
    (18, 5, 4, 2)
    """
    return _candidates(value, True)


def fit_layout(
    pips: NDArray[np.float64],
    face_half: float,
    max_residual: float = 0.28,
    max_offset: float = 0.35,
    aligned: bool = False,
) -> LayoutFit:
    """Fit pip centres (N x 2, px relative to the face centre) to the d6 layouts.

    Args:
        pips: N x 2 pip centres in px, relative to the estimated face centre.
        face_half: half the side of the top face in px.
        max_residual: largest accepted worst-pip distance, in half-sides.
        max_offset: largest accepted distance of the pips' centroid from the face
            centre, in half-sides (pips on a side face pull it away).
        aligned: the pips come from a crop turned square with the face's edges, so
            the layout may only turn within 12 degrees of them (a 2 on a diagonal of
            the face, not at any angle); otherwise any turn.

    Returns:
        the fit; ``value`` is ``None`` for 0 or more than 6 pips or a poor fit, and
        for three pips whose middle one is off its corners' midpoint
        (:func:`_three_in_line`: glare beside a 2's centre, within the residual).
    """
    n = len(pips)
    if n == 0 or n > 6 or face_half <= 0:
        return LayoutFit(None, math.inf, 0.0, math.inf)
    pts = np.asarray(pips, np.float64) / face_half
    centroid = pts.mean(axis=0)
    offset = float(np.hypot(*centroid))
    rel = pts - centroid
    if n == 1:
        residual = offset
        angle = 0.0
    else:
        # Turn and scale the layout, measure each seen pip's distance to the nearest
        # layout pip and each layout pip's to the nearest seen pip (both ways, so two
        # pips on one layout position do not pass).
        angles = _ALIGNED if aligned else (_HALF_TURN if FREE_HALF_TURN else _QUARTER_TURN)
        cand = _candidates(n, aligned, FREE_HALF_TURN)  # (A, S, n, 2)
        # squared distances: the square root, monotonic, is taken of the one result
        dx = cand[:, :, :, None, 0] - rel[None, None, None, :, 0]
        dy = cand[:, :, :, None, 1] - rel[None, None, None, :, 1]
        d2 = dx * dx + dy * dy
        worst = np.maximum(d2.min(axis=2).max(axis=-1), d2.min(axis=3).max(axis=-1))  # (A, S)
        a, s = np.unravel_index(int(np.argmin(worst)), worst.shape)
        residual = float(np.sqrt(worst[a, s]))
        angle = float(np.rad2deg(angles[a])) % 90.0
    ok = residual <= max_residual and offset <= max_offset
    if ok and n == 3:
        ok = _three_in_line(pts)
    return LayoutFit(n if ok else None, residual, angle, offset,
                     (float(centroid[0]), float(centroid[1])))


#: A 3's middle pip lies midway between its corner pips in any view of the face
#: (an affine image of a square keeps midpoints): no further from their midpoint
#: than this share of their distance apart.
MIDDLE_PIP = 0.15


def _three_in_line(pts: NDArray[np.float64]) -> bool:
    """Three pips (3 x 2) stand as a 3's: the two furthest apart are its corners, and
    the third lies within :data:`MIDDLE_PIP` of their distance from their midpoint.

    >>> _three_in_line(np.array([[-1.0, -1.0], [0.05, 0.0], [1.0, 1.0]]))
    True
    >>> _three_in_line(np.array([[0.5, -0.54], [-0.2, -0.37], [-0.46, 0.37]]))
    False
    """
    d = np.linalg.norm(pts[:, None, :] - pts[None, :, :], axis=-1)
    i, j = np.unravel_index(int(np.argmax(d)), d.shape)
    k = 3 - int(i) - int(j)
    mid = (pts[i] + pts[j]) / 2.0
    return bool(np.linalg.norm(pts[k] - mid) <= MIDDLE_PIP * d[i, j])


#: For each face value, the values whose pips include all of its pips (at the same
#: places on the face, up to a turn of the die): the pips of a 2 are among those of a
#: 3, 4, 5 and 6; a 3 (a diagonal and the centre) only among those of a 5.
CONTAINED_IN: dict[int, frozenset[int]] = {
    1: frozenset({3, 5}),
    2: frozenset({3, 4, 5, 6}),
    3: frozenset({5}),
    4: frozenset({5, 6}),
    5: frozenset(),
    6: frozenset(),
}


def could_be_part_of(seen: int, value: int) -> bool:
    """True when the pips of a ``seen`` face could be some of the pips of a ``value``
    face, the others unseen (lost to glare, blur or two pips merged).

    >>> could_be_part_of(4, 5), could_be_part_of(4, 6), could_be_part_of(5, 4)
    (True, True, False)
    >>> could_be_part_of(3, 6)  # a 6 has no centre pip
    False
    """
    return seen == value or value in CONTAINED_IN[seen]
