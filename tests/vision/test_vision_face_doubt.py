"""A large die's odd value checked against its top face (vision.read.face_doubt): a
numeral on a d8 / d20 triangle is no 1, a glare spot at the centre is no centre pip."""

import cv2
import numpy as np

from vision.model import Detection
from vision.read import face_doubt


def _floor() -> np.ndarray:
    return np.full((300, 300, 3), 40, np.uint8)


def test_a_triangle_face_with_one_mark_is_no_1() -> None:
    img = _floor()
    tri = np.array([[150, 80], [230, 215], [70, 215]], np.int32)
    cv2.fillPoly(img, [tri], (230, 230, 230))
    cv2.circle(img, (150, 170), 12, (30, 30, 30), -1)
    assert face_doubt(img, Detection(150.0, 165.0, 150.0, 0.9), 1) == "not_d6"


def test_a_square_face_with_one_pip_is_a_1() -> None:
    img = _floor()
    cv2.rectangle(img, (90, 90), (210, 210), (230, 230, 230), -1)
    cv2.circle(img, (150, 150), 16, (30, 30, 30), -1)
    assert face_doubt(img, Detection(150.0, 150.0, 140.0, 0.9), 1) is None


def _red_two_with_glare(glare: bool) -> np.ndarray:
    img = _floor()
    cv2.rectangle(img, (90, 90), (210, 210), (40, 40, 200), -1)
    for x, y in ((120, 120), (180, 180)):
        cv2.circle(img, (x, y), 11, (245, 245, 245), -1)
    if glare:  # a specular spot: brightness falling off like a Gaussian
        yy, xx = np.mgrid[0:300, 0:300]
        spot = np.exp(-((xx - 150) ** 2 + (yy - 150) ** 2) / (2 * 7.0 ** 2))[..., None]
        img = np.clip(img * (1 - spot) + 255 * spot, 0, 255).astype(np.uint8)
    return img


def test_a_glare_spot_at_the_centre_of_a_2_is_no_3() -> None:
    det = Detection(150.0, 150.0, 140.0, 0.9)
    assert face_doubt(_red_two_with_glare(True), det, 3) == "glare"
    assert face_doubt(_red_two_with_glare(True), det, 2) is None  # even values: no doubt


def test_a_real_3_is_not_doubted() -> None:
    img = _red_two_with_glare(False)
    cv2.circle(img, (150, 150), 11, (245, 245, 245), -1)
    assert face_doubt(img, Detection(150.0, 150.0, 140.0, 0.9), 3) is None


def _hexagon_with(mark: str) -> np.ndarray:
    """A d20 seen whole (a hexagon outline, which the segmentation can take for a
    rounded square) with one mark at its centre."""
    img = _floor()
    hexa = np.array([[150 + 75 * np.cos(a), 150 + 75 * np.sin(a)]
                     for a in np.radians(np.arange(0, 360, 60) + 30)], np.int32)
    cv2.fillPoly(img, [hexa], (60, 60, 150))
    if mark == "numeral":
        cv2.putText(img, "9", (134, 170), cv2.FONT_HERSHEY_SIMPLEX, 1.6, (200, 220, 240), 5)
    else:
        cv2.circle(img, (150, 150), 15, (200, 220, 240), -1)
    return img


def test_a_numeral_taken_for_one_pip_is_no_1() -> None:
    det = Detection(150.0, 150.0, 150.0, 0.9)
    assert face_doubt(_hexagon_with("numeral"), det, 1) == "not_d6"


def test_a_round_pip_on_a_very_rounded_face_is_a_1() -> None:
    img = _floor()
    cv2.rectangle(img, (125, 90), (175, 210), (230, 230, 230), -1)
    cv2.rectangle(img, (90, 125), (210, 175), (230, 230, 230), -1)
    for x, y in ((125, 125), (175, 125), (125, 175), (175, 175)):
        cv2.circle(img, (x, y), 35, (230, 230, 230), -1)  # corners of half a side
    cv2.circle(img, (150, 150), 16, (30, 30, 30), -1)
    assert face_doubt(img, Detection(150.0, 150.0, 140.0, 0.9), 1) is None


def test_a_sharp_saturated_spot_at_the_centre_of_a_2_is_no_3() -> None:
    # a highlight with a hard rim passes for a pip in shape; it is brighter than
    # the pips around it, and saturated: a pip is no light source
    img = _red_two_with_glare(False)
    cv2.circle(img, (150, 150), 9, (255, 255, 255), -1)
    assert face_doubt(img, Detection(150.0, 150.0, 140.0, 0.9), 3) == "glare"


def test_a_3_whose_pips_all_saturate_is_not_doubted() -> None:
    img = _floor()
    cv2.rectangle(img, (90, 90), (210, 210), (40, 40, 200), -1)
    for x, y in ((120, 120), (150, 150), (180, 180)):
        cv2.circle(img, (x, y), 11, (255, 255, 255), -1)
    assert face_doubt(img, Detection(150.0, 150.0, 140.0, 0.9), 3) is None


def test_a_1_whose_face_merges_with_the_floor_is_unreadable() -> None:
    """A dark d20 on a floor of its colour: no top face stands apart, so its light
    numeral, taken for the pip of a 1, cannot be checked (issue 10, kind 7)."""
    img = np.full((300, 300, 3), 40, np.uint8)
    rng = np.random.default_rng(0)
    img = np.clip(img + rng.normal(0, 3, img.shape), 0, 255).astype(np.uint8)
    tri = np.array([[150, 80], [230, 215], [70, 215]], np.int32)
    cv2.fillPoly(img, [tri], (44, 42, 42))
    cv2.circle(img, (150, 170), 12, (220, 220, 220), -1)
    det = Detection(150.0, 160.0, 150.0, 0.9)
    assert face_doubt(img, det, 1) == "unseen"
    assert face_doubt(img, det, 2) is None  # even values: their pips must agree anyway
