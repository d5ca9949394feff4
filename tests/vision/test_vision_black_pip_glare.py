"""Glare on a white die with black pips (fifty-sixth pass): a glare spot beside a 3's or
a 5's black centre pip, run into its hole on the top face (vision.read.
BLACK_CENTRE_SIZED); a black pip that a glare spot covers but for a crescent
(vision.face.DARK_PIP_PIECE); a sharp glare spot taken for a pip on the top face
(vision.topface.LIGHT_HOLE_GLARE). Drawn dice, and scenes rendered like a fixed camera
over white dice (the white-dice probe of docs/vision-history.md, development seed 911)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.test_vision_white_glare import CORNERS, DIE, _spot, _white
from tools.vision.kinds import HD, value_at
from vision.doubts import black_centre_pip, face_doubt
from vision.face import FACE_PX, find_pips
from vision.render import render_scene
from vision.topface import find_top_face

WHITE_PROBE = replace(HD, die_style="white", tilt_deg=(0.0, 5.0))


def _probe(i: int) -> np.ndarray:
    """Scene ``i`` of the white-dice probe, development seed 911 (1280 x 720 BGR)."""
    return render_scene(np.random.default_rng([911, i]), WHITE_PROBE).image


def test_a_glare_spot_run_into_a_3_s_black_centre_pip_is_not_doubted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the spot touches the centre pip: on the top face the two make one hole, 1.35
    # times the corner pips' area, where glare taken for a centre pip measures so
    img = _spot(_white([(120, 120), (150, 150), (180, 180)]), 5.0, gain=3.0, at=(163, 138))
    t = find_top_face(img, 150.0, 150.0, 140.0)
    assert len(t.pips) == 3 and t.centre_pip_size > 1.3
    assert black_centre_pip(img, t)  # the pip itself is black all round the spot
    assert face_doubt(img, DIE, 3) is None
    monkeypatch.setattr("vision.doubts.BLACK_CENTRE_SIZED", False)
    assert face_doubt(img, DIE, 3) == "glare"


def test_a_4_with_glare_at_its_centre_is_still_no_3_or_5() -> None:
    # nothing black at the centre: the size of the centre "pip" still puts it in doubt
    img = _spot(_white(CORNERS), 9.0)
    assert not black_centre_pip(img, find_top_face(img, 150.0, 150.0, 140.0))
    assert face_doubt(img, DIE, 5) is not None


CORNERS_192 = [(40, 40), (152, 40), (40, 152), (152, 152)]


def _five(spot_at: tuple[int, int], sigma: float, gain: float) -> np.ndarray:
    """A white 5's face crop (FACE_PX square), black pips, a glare spot at ``spot_at``
    (px of a 192 px drawing; the top right pip is at (152, 40), radius 20 px)."""
    img = np.full((192, 192, 3), 215, np.uint8)
    for x, y in [*CORNERS_192, (96, 96)]:
        cv2.circle(img, (x, y), 20, (30, 30, 30), -1, cv2.LINE_AA)
    img = _spot(img, sigma, gain=gain, at=spot_at)
    return cv2.resize(img, (FACE_PX, FACE_PX), interpolation=cv2.INTER_AREA)


def test_a_black_pip_s_crescent_round_a_glare_spot_is_a_pip(
        monkeypatch: pytest.MonkeyPatch) -> None:
    face = _five((158, 34), 8.0, 4.0)  # the spot covers the top right pip but its rim
    pips = find_pips(face)
    assert pips.fit.value == 5 and pips.clean and pips.odd == 0
    monkeypatch.setattr("vision.face.DARK_PIP_PIECE", False)
    pips = find_pips(face)
    assert pips.fit.value is None and pips.pips == 4 and pips.odd == 1


def test_a_dark_piece_that_completes_no_layout_closely_stays_odd(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a black crescent above a 4's centre, its centroid a pip's width off where a 5's
    # centre pip would be: the 5's layout would take it only loosely (residual 0.23)
    img = np.full((192, 192, 3), 215, np.uint8)
    for x, y in CORNERS_192:
        cv2.circle(img, (x, y), 20, (30, 30, 30), -1, cv2.LINE_AA)
    cv2.ellipse(img, (96, 56), (18, 18), 0, 20, 160, (30, 30, 30), 12, cv2.LINE_AA)
    face = cv2.resize(img, (FACE_PX, FACE_PX), interpolation=cv2.INTER_AREA)
    pips = find_pips(face)
    assert pips.fit.value == 4 and pips.pips == 4 and pips.odd == 1
    monkeypatch.setattr("vision.face.DARK_PIP_PIECE_FIT", 0.3)
    assert find_pips(face).fit.value == 5


def test_a_sharp_light_spot_on_a_white_4_is_glare_not_a_pip(
        monkeypatch: pytest.MonkeyPatch) -> None:
    img = _white(CORNERS)
    cv2.circle(img, (145, 155), 10, (250, 250, 250), -1, cv2.LINE_8)  # sharp-rimmed
    t = find_top_face(img, 150.0, 150.0, 140.0)
    assert len(t.pips) == 4 and len(t.glare) == 1 and t.value == 4
    assert face_doubt(img, DIE, 4) is None
    monkeypatch.setattr("vision.topface.LIGHT_HOLE_GLARE", False)
    t = find_top_face(img, 150.0, 150.0, 140.0)
    assert len(t.pips) == 5 and t.value == 5  # the spot near the centre makes a 5
    assert face_doubt(img, DIE, 4) == "more_pips"


@pytest.mark.parametrize(("i", "x", "y", "value", "switch"), [
    (35, 363.0, 571.0, 3, "vision.doubts.BLACK_CENTRE_SIZED"),
    (113, 906.0, 375.0, 5, "vision.face.DARK_PIP_PIECE"),
    (188, 420.0, 522.0, 4, "vision.topface.LIGHT_HOLE_GLARE"),
])
def test_white_dice_under_glare_on_the_probe_are_read(
        monkeypatch: pytest.MonkeyPatch, i: int, x: float, y: float, value: int,
        switch: str) -> None:
    """Development scenes, each looked at: a white 3 whose glare spot runs into its
    centre pip's hole, a white 5 whose top right pip a saturated spot covers but for
    its crescent, a white 4 with a sharp spot off its centre."""
    img = _probe(i)
    assert value_at(img, x, y, within=60.0) == value
    monkeypatch.setattr(switch, False)
    assert value_at(img, x, y, within=60.0) is None
