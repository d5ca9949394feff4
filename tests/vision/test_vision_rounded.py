"""Very rounded dice (issue 10's kind 10): a die close to a disc leaves the floor in
its box crop's corners, and its corner pips, near the shaded rim, run into that
floor. The pip finder looks for pips only inside the convex hull of the face's
colour (vision.face._face_hull), which holds the pips and leaves the floor out."""

import cv2
import numpy as np
import pytest

from tools.vision.kinds import read_scene
from vision.face import FACE_PX, _face_hull, find_pips


def _disc_4() -> np.ndarray:
    """A white 4 on a face crop, a disc that darkens towards its rim, on a dark blue
    floor in the crop's corners; the pips reach the shaded rim."""
    n = FACE_PX
    yy, xx = np.mgrid[0:n, 0:n] - (n - 1) / 2.0
    r = np.hypot(xx, yy)
    shade = np.clip((r - 17.0) / 6.0, 0.0, 1.0)
    img = np.empty((n, n, 3), np.uint8)
    img[:] = (70, 40, 20)
    face = (235.0 * (1.0 - 0.6 * shade)).astype(np.uint8)
    inside = r <= n / 2.0
    img[inside] = np.repeat(face[inside][:, None], 3, axis=1)
    c = (n - 1) / 2.0
    for sx in (-1, 1):
        for sy in (-1, 1):
            cv2.circle(img, (round(c + sx * 11.5), round(c + sy * 11.5)), 5, (20, 20, 20), -1)
    return img


def test_the_hull_of_a_disc_face_leaves_the_crop_s_corners_out() -> None:
    img = _disc_4()
    score = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY) < 120  # the floor and the pips
    hull = _face_hull(score.astype(np.uint8), (0.1 * FACE_PX) ** 2)
    assert hull[0, 0] == 0 and hull[-1, -1] == 0 and hull[0, -1] == 0 and hull[-1, 0] == 0
    c = FACE_PX // 2
    assert hull[c, c] == 1 and hull[c, 4] == 1  # the face, to its rim


def test_a_disc_face_s_pips_that_reach_its_rim_fit_its_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    check = find_pips(_disc_4())
    assert (check.fit.value, check.pips) == (4, 4)
    monkeypatch.setattr("vision.face._face_hull", lambda mask, area: np.ones_like(mask))
    check = find_pips(_disc_4())  # the corners' floor taken for pips too
    assert check.fit.value is None and check.pips == 8


@pytest.mark.parametrize(("i", "right", "before"), [(5, 4, 2), (9, 4, 2), (16, 3, 1)])
def test_very_rounded_dice_of_the_kinds_are_read(
        i: int, right: int, before: int, monkeypatch: pytest.MonkeyPatch) -> None:
    res = read_scene("rounded", i, 12929)
    assert (res.correct, res.wrong, res.false) == (right, 0, 0)
    monkeypatch.setattr("vision.face._face_hull", lambda mask, area: np.ones_like(mask))
    res = read_scene("rounded", i, 12929)
    assert (res.correct, res.wrong) == (before, 0)
