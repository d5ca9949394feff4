"""The crops a die's pips are checked on, and the checks on them: the box's crop
turned with the die's edges, the top face's own crop, and a crop recentred on the
pips seen (split out of :mod:`vision.read`).
"""

from __future__ import annotations

import math

import cv2
import numpy as np
from numpy.typing import NDArray

from .face import FACE_PX, PipCheck, crop_matrix, face_crop, find_pips
from .layouts import LayoutFit
from .model import Detection, box_face_side
from .topface import TopFace


def top_face_crop(img: NDArray[np.uint8], t: TopFace) -> NDArray[np.uint8]:
    """The top face's own crop (``t``, found: its centre, side and turn; the crop 0.95
    of its side, upright): ``FACE_PX`` square x 3 uint8 BGR."""
    return face_crop(img, t.center, t.side * 0.95, t.angle, FACE_PX)


def top_face_check(img: NDArray[np.uint8], t: TopFace) -> PipCheck:
    """:func:`vision.face.find_pips` on the top face's own crop (:func:`top_face_crop`)."""
    return find_pips(top_face_crop(img, t))


#: :func:`recentred_check`: the farthest the pips' centre may lie from the centre of
#: the top face found by colour (half-sides) for the face to be looked at again
#: about the pips' centre.
RECENTRE_MAX = 0.6
#: :func:`off_centre_fit_holds`: a clean fit on a top face's crop whose pips' centre
#: lies more than this many half-sides off the crop's is checked again about them.
RECHECK_OFFSET = 0.2


def layout_centre(center: tuple[float, float], side: float, angle: float,
                  fit: LayoutFit) -> tuple[float, float]:
    """The centre of the layout ``fit`` found on the ``FACE_PX`` crop of ``side`` px
    about ``center`` turned by ``angle`` degrees (:func:`vision.face.face_crop`; its
    :attr:`vision.layouts.LayoutFit.centroid`, in half-sides of the crop from its
    centre), as (x, y) px of the image."""
    n = FACE_PX
    back = cv2.invertAffineTransform(crop_matrix(center, side, angle, n))
    x, y = back @ np.array([(n - 1) / 2 + fit.centroid[0] * n / 2,
                            (n - 1) / 2 + fit.centroid[1] * n / 2, 1.0])
    return float(x), float(y)


def _about_pips(img: NDArray[np.uint8], t: TopFace, seen: PipCheck) -> PipCheck:
    """:func:`vision.face.find_pips` on a crop of the top face's side (0.95 of it) and
    turn (``t``) centred on the centre of the pips ``seen`` on its own crop
    (:func:`top_face_check`; :func:`layout_centre`)."""
    side = t.side * 0.95
    at = layout_centre(t.center, side, t.angle, seen.fit)
    return find_pips(face_crop(img, at, side, t.angle, FACE_PX))


def recentred_check(img: NDArray[np.uint8], t: TopFace, seen: PipCheck) -> PipCheck | None:
    """The pips looked for again about their centre (:func:`_about_pips`) where only
    their place spoiled the fit on the top face's own crop (``seen``,
    :func:`top_face_check`): two pips or more, nothing else on the face, a layout's
    shape (residual within the fit's bound) but their centre 0.35..
    :data:`RECENTRE_MAX` half-sides off the face's. A red die seen obliquely, its
    darker red side face of about its colour, gives a top face that takes in part of
    the side face, its centre pulled that way. Returns the check on the new crop where
    it is clean and finds the same number of pips (none came in from a side face at
    its edge), else ``None``."""
    fit = seen.fit
    if (seen.pips < 2 or seen.marks or seen.glare_doubt or seen.odd or fit.value is not None
            or fit.residual > 0.28 or not 0.35 < fit.offset <= RECENTRE_MAX):
        return None
    again = _about_pips(img, t, seen)
    return again if again.clean and again.pips == seen.pips else None


def off_centre_fit_holds(img: NDArray[np.uint8], t: TopFace, seen: PipCheck) -> bool:
    """A clean fit of two pips or more on the top face's own crop (``seen``) whose
    centre lies over :data:`RECHECK_OFFSET` half-sides off the crop's still holds
    about the pips (:func:`_about_pips`: clean, the same value); a fit nearer the
    centre, or of one pip, holds as it is. The checks for glare at a face's centre
    look at the crop's centre: on a top face found off the die's (a side face taken
    in), a glare spot between a red 2's pips, off the line, passed for a 3's centre
    pip; about the pips it is glare (a blind seed of the kinds)."""
    if seen.pips < 2 or seen.fit.offset <= RECHECK_OFFSET:
        return True
    again = _about_pips(img, t, seen)
    return again.clean and again.fit.value == seen.fit.value


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


def box_recentred_check(img: NDArray[np.uint8], d: Detection, angle: float,
                        seen: PipCheck, want: int | None) -> PipCheck | None:
    """:data:`vision.faceread.BOX_RECENTRE`: the pips of ``d``'s box crop (``seen``,
    :func:`box_face_crop`, turned by ``angle`` degrees) looked for again on a crop of
    the same side and turn centred on them, where only their place spoiled the fit.
    Returns the new check where it is clean, finds as many pips and fits ``want``,
    else ``None``."""
    fit = seen.fit
    if (want is None or seen.pips < 2 or seen.marks or seen.glare_doubt or seen.odd
            or fit.value is not None or fit.residual > 0.28
            or not 0.35 < fit.offset <= RECENTRE_MAX):
        return None
    side = box_face_side(d, angle) * 0.95
    at = layout_centre((d.x, d.y), side, angle, fit)
    again = find_pips(face_crop(img, at, side, angle, FACE_PX), in_hull=True)
    return again if (again.clean and again.pips == seen.pips
                     and again.fit.value == want) else None


def box_face_crop(img: NDArray[np.uint8], d: Detection, angle: float) -> NDArray[np.uint8]:
    """The crop of a detection's box that its pip check reads (:func:`vision.faceread._pip_check`):
    the square of the face's side (the box, ``d.size`` px, holds the face turned by
    ``angle`` degrees), 0.95 of it, turned upright with the face's edges;
    ``FACE_PX`` square x 3 uint8 BGR."""
    return face_crop(img, (d.x, d.y), box_face_side(d, angle) * 0.95, angle, FACE_PX)
