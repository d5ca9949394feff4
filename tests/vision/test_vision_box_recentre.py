"""A large die's pips looked for again about their centre on its box's crop (sixty-sixth
pass, vision.faceread.BOX_RECENTRE): the box takes in a side face, the pips' layout lies
over the fit's bound off the crop's centre, and the top face found runs into the side
face. A scene rendered like the red-box probe (development seed 926, looked at), and
a drawn die."""

import cv2
import numpy as np
import pytest

from tests.vision.test_vision_red_box import _probe
from tests.vision.test_vision_red_glare import _near
from vision.face import find_pips
from vision.facecrops import box_face_crop, box_recentred_check
from vision.model import Detection


def test_a_red_5_boxed_with_its_side_face_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # scene 14: a red 5 of about 161 px, its box's crop fitting its five pips 0.357
    # half-sides off the crop's centre (the fit's bound is 0.35)
    img = _probe(926, 14)
    assert _near(img, 344, 212) == [5]
    monkeypatch.setattr("vision.faceread.BOX_RECENTRE", False)
    assert _near(img, 344, 212) == [None]


def _five_high(shift: int) -> tuple[np.ndarray, Detection]:
    """A red 5 of 120 px with white pips, its darker side face below it, and a box of
    150 px about a point ``shift`` px below the face's centre (pulled down by the side
    face)."""
    img = np.full((300, 300, 3), 30, np.uint8)
    cv2.rectangle(img, (90, 90), (210, 210), (30, 30, 190), -1)
    cv2.rectangle(img, (90, 211), (210, 250), (20, 20, 120), -1)  # its side face
    for x, y in ((120, 120), (180, 120), (150, 150), (120, 180), (180, 180)):
        cv2.circle(img, (x, y), 10, (228, 228, 228), -1, cv2.LINE_AA)
    return img, Detection(150.0, 150.0 + shift, 150.0, 0.9)


def test_only_a_fit_spoiled_by_its_place_is_looked_at_again() -> None:
    img, det = _five_high(27)
    seen = find_pips(box_face_crop(img, det, 0.0), in_hull=True)
    assert seen.fit.value is None and seen.pips == 5 and seen.fit.offset > 0.35
    again = box_recentred_check(img, det, 0.0, seen, 5)
    assert again is not None and again.fit.value == 5 and again.fit.offset < 0.1
    assert box_recentred_check(img, det, 0.0, seen, 4) is None  # not the classifier's
    img, det = _five_high(0)  # centred: nothing to look at again
    seen = find_pips(box_face_crop(img, det, 0.0), in_hull=True)
    assert seen.fit.value == 5 and box_recentred_check(img, det, 0.0, seen, 5) is None
