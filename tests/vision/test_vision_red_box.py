"""Red dice with white pips in a wooden dice box (fifty-seventh pass): a glare spot
beside a 3's or a 5's white centre pip (vision.doubts.light_centre_pip, LIGHT_CENTRE),
a sharp glare spot off the centre counted as one more pip (vision.face.EXTRA_GLARE),
a red die lying against the box's wall, whose wood is of skin colour
(vision.hands.HAND_WHOLE_FACE, vision.hands.HAND_OPEN_PX), and a dotted cloth's dots
that repeat past the box (vision.dots.dot_lattice). Drawn dice, and scenes
rendered like the red-box probe of docs/vision-history.md (development seeds 913, 916)."""

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.vision.test_vision_white_glare import DIE, _spot
from tools.vision.kinds import BAR, scene
from vision import read_dice
from vision.dots import dot_lattice
from vision.doubts import face_doubt, light_centre_pip
from vision.face import FACE_PX, find_pips
from vision.hands import HAND_SHARE, hand_over, hand_share
from vision.model import Detection
from vision.render import render_scene
from vision.topface import find_top_face

RED = (30, 30, 190)
PIP = (228, 228, 228)  # a white pip, not saturated: no light source
WOOD = (70, 120, 180)  # BGR; YCrCb (132, 162, 93): in the skin cluster
THREE = [(120, 120), (150, 150), (180, 180)]
TWO = [(120, 120), (180, 180)]
RED_PROBE = replace(BAR, distractors={}, box_walls=1.0, die_style="red")


def _red(pips: list[tuple[int, int]]) -> np.ndarray:
    """A red die of 121 px with white pips of radius 11 px at ``pips`` on a dark
    floor, 300 x 300 px BGR."""
    img = np.full((300, 300, 3), 40, np.uint8)
    cv2.rectangle(img, (90, 90), (210, 210), RED, -1)
    for x, y in pips:
        cv2.circle(img, (x, y), 11, PIP, -1, cv2.LINE_AA)
    return img


def _probe(seed: int, i: int) -> np.ndarray:
    """Scene ``i`` of the red-box probe, development seed ``seed`` (600 x 600 BGR)."""
    return render_scene(np.random.default_rng([seed, i]), RED_PROBE).image


def test_a_glare_spot_beside_a_3_s_white_centre_pip_is_not_doubted(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the spot runs into the centre pip: one hole 1.6 times the corner pips' area
    img = _spot(_red(THREE), 5.0, gain=3.0, at=(160, 142))
    t = find_top_face(img, 150.0, 150.0, 140.0)
    assert len(t.pips) == 3 and t.centre_pip_size > 1.35
    assert light_centre_pip(img, t)  # a solid piece of the pip keeps the pips' colour
    assert face_doubt(img, DIE, 3) is None
    monkeypatch.setattr("vision.doubts.LIGHT_CENTRE", 0.0)
    assert face_doubt(img, DIE, 3) == "glare"


@pytest.mark.parametrize("sigma, gain", [(7.0, 2.0), (4.0, 4.0)])
def test_a_glare_spot_at_a_2_s_centre_is_still_no_3(sigma: float, gain: float) -> None:
    # soft or sharp, the spot is lighter than the pips at its core and a blend of
    # white and red round it: the pips' colour on a thin ring at most
    img = _spot(_red(TWO), sigma, gain=gain)
    assert not light_centre_pip(img, find_top_face(img, 150.0, 150.0, 140.0))
    assert face_doubt(img, DIE, 3) == "glare"


def test_a_clean_3_s_centre_pip_has_the_pips_colour() -> None:
    img = _red(THREE)
    assert light_centre_pip(img, find_top_face(img, 150.0, 150.0, 140.0))
    # pips as white as a glare spot's core tell nothing
    white = _red(THREE)
    white[np.all(white == PIP, axis=2)] = 252
    assert not light_centre_pip(white, find_top_face(white, 150.0, 150.0, 140.0))


def test_red_3s_and_5s_with_glare_on_the_centre_pip_are_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # red-box probe, seed 916: scene 80, a 3 whose centre pip has a glare spot on
    # its right half; scene 45, a 3 whose corner pip has one (its centre pip 0.67
    # of the corner pips' mean area on the top face)
    for i, (x, y) in ((80, (263, 305)), (45, (346, 159))):
        img = _probe(916, i)
        near = [d.value for d in read_dice(img).dice if abs(d.center[0] - x) < 40
                and abs(d.center[1] - y) < 40]
        assert near == [3]
        with monkeypatch.context() as m:
            m.setattr("vision.doubts.LIGHT_CENTRE", 0.0)
            near = [d.value for d in read_dice(img).dice if abs(d.center[0] - x) < 40
                    and abs(d.center[1] - y) < 40]
            assert near == [None]


def _against_the_wall() -> tuple[np.ndarray, Detection]:
    """A red 3 of 121 px lying 8 px from a wooden wall across the frame, and a box of
    170 px about it (larger than the die, as where it takes in a side face)."""
    img = np.full((300, 300, 3), 30, np.uint8)
    cv2.rectangle(img, (0, 40), (300, 72), WOOD, -1)
    cv2.rectangle(img, (90, 80), (210, 200), RED, -1)
    for x, y in [(120, 110), (150, 140), (180, 170)]:
        cv2.circle(img, (x, y), 11, PIP, -1, cv2.LINE_AA)
    return img, Detection(150.0, 140.0, 170.0, 0.9)


def test_a_box_wall_in_a_large_box_is_no_hand_where_the_face_is_whole(
        monkeypatch: pytest.MonkeyPatch) -> None:
    img, d = _against_the_wall()
    t = find_top_face(img, d.x, d.y, d.size)
    assert t.found and t.square and t.whole
    assert hand_over(img, d.x, d.y, d.size) >= HAND_SHARE  # the wall is in the box's disc
    assert hand_share(img, d, t) == 0.0
    monkeypatch.setattr("vision.hands.HAND_WHOLE_FACE", False)
    assert hand_share(img, d, t) >= HAND_SHARE


def test_a_thin_skin_coloured_thread_joins_nothing_to_the_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a skin-coloured patch on the die joined to a wall outside by a 3 px thread
    img = np.full((300, 300, 3), 30, np.uint8)
    cv2.rectangle(img, (90, 90), (210, 210), RED, -1)
    cv2.rectangle(img, (0, 0), (300, 20), WOOD, -1)
    cv2.line(img, (150, 20), (150, 150), WOOD, 3)
    cv2.circle(img, (150, 150), 20, WOOD, -1)
    assert hand_over(img, 150.0, 150.0, 120.0) == 0.0
    monkeypatch.setattr("vision.hands.HAND_OPEN_PX", 0)
    assert hand_over(img, 150.0, 150.0, 120.0) > 0.1


def test_a_red_3_against_the_box_wall_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    # red-box probe, seed 913, scene 57: a red 3 lying by the wooden wall, a glare
    # spot on a pip; unreadable as "hand" with the box measured as before
    img = _probe(913, 57)

    def near() -> list[int | None]:
        return [d.value for d in read_dice(img).dice
                if abs(d.center[0] - 188) < 40 and abs(d.center[1] - 181) < 40]

    assert near() == [3]
    monkeypatch.setattr("vision.hands.HAND_WHOLE_FACE", False)
    monkeypatch.setattr("vision.hands.HAND_OPEN_PX", 0)
    assert near() == [None]


def red_face_crop(pips: list[tuple[int, int]], spot: tuple[int, int], level: int,
                  spot_r: int = 16) -> np.ndarray:
    """A red face crop (FACE_PX square; drawn at 192 px, pips of radius 18 px at grey
    215 at ``pips``) with a sharp light spot of radius ``spot_r`` px at ``spot``, of
    grey ``level``."""
    img = np.full((192, 192, 3), RED, np.uint8)
    for x, y in pips:
        cv2.circle(img, (x, y), 18, (215, 215, 215), -1, cv2.LINE_AA)
    a = np.zeros((192, 192), np.float32)
    cv2.circle(a, spot, spot_r, 1.0, -1, cv2.LINE_AA)
    a = cv2.GaussianBlur(a, (0, 0), 1.5)[..., None]
    img = np.clip(img * (1 - a) + level * a, 0, 255).astype(np.uint8)
    return cv2.resize(img, (FACE_PX, FACE_PX), interpolation=cv2.INTER_AREA)


def _red_face(extra: tuple[int, int], level: int) -> np.ndarray:
    """A red 3's face crop (:func:`red_face_crop`) with a spot at ``extra``."""
    return red_face_crop([(40, 40), (96, 96), (152, 152)], extra, level)


def test_a_glare_spot_brighter_than_every_pip_off_the_centre_is_no_pip(
        monkeypatch: pytest.MonkeyPatch) -> None:
    face = _red_face((140, 100), 255)  # beside the centre pip, towards a corner
    pips = find_pips(face)
    assert pips.fit.value == 3 and pips.pips == 3
    monkeypatch.setattr("vision.face.EXTRA_GLARE", 0.0)
    pips = find_pips(face)
    assert pips.fit.value is None and pips.pips == 4


def test_a_fourth_spot_as_light_as_the_pips_stays_a_pip() -> None:
    # no light source: a pip-coloured spot is not told from the pips, and four
    # "pips" fitting no layout give no value
    pips = find_pips(_red_face((140, 100), 215))
    assert pips.fit.value is None and pips.pips == 4


def test_red_3s_with_a_glare_spot_beside_a_pip_are_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # red-box probe, seed 916, scene 15: a red 3, a glare spot beside its top right
    # pip; its box's crop counted the spot as a fourth pip, fitting no layout
    img = _probe(916, 15)

    def near() -> list[int | None]:
        return [d.value for d in read_dice(img).dice
                if abs(d.center[0] - 227) < 40 and abs(d.center[1] - 269) < 40]

    assert near() == [3]
    monkeypatch.setattr("vision.face.EXTRA_GLARE", 0.0)
    assert near() == [None]


def _dotted_cloth() -> np.ndarray:
    """A purple cloth with black dots of radius 14 px every 60 px, 480 x 480 BGR."""
    img = np.full((480, 480, 3), (230, 150, 200), np.uint8)
    for y in range(30, 480, 60):
        for x in range(30, 480, 60):
            cv2.circle(img, (x, y), 14, (20, 20, 20), -1, cv2.LINE_AA)
    return img


def test_a_die_s_square_shadow_on_a_dotted_cloth_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the shadow sets a square of four dots apart, a "4"; its dots repeat past the box
    img = _dotted_cloth()
    img[180:300, 180:300] = (img[180:300, 180:300] * 0.55).astype(np.uint8)
    box = Detection(240.0, 240.0, 130.0, 0.9)
    assert find_top_face(img, box.x, box.y, box.size).value == 4
    assert dot_lattice(img, box)
    monkeypatch.setattr("vision.dots.LATTICE_HITS", 0)
    assert not dot_lattice(img, box)


def test_a_die_on_a_dotted_cloth_is_a_die() -> None:
    # a white 4 whose pips fall on the cloth's own lattice: past its box lie black dots
    # again, but ringed by the cloth, not by the die's white face
    img = _dotted_cloth()
    cv2.rectangle(img, (180, 180), (300, 300), (235, 235, 235), -1)
    for x, y in [(210, 210), (270, 210), (210, 270), (270, 270)]:
        cv2.circle(img, (x, y), 14, (20, 20, 20), -1, cv2.LINE_AA)
    assert not dot_lattice(img, Detection(240.0, 240.0, 130.0, 0.9))


def test_a_patch_of_a_polka_cloth_between_dice_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Blind seed 195934 of the kinds, ``polka-008`` (looked at in the fifty-seventh
    pass): four black dots on a purple cloth, set apart by the dice's shadows beside
    them, read as a 4 (an invented die)."""
    image = scene("polka", 8, 195934).image

    def invented() -> list[int | None]:
        return [d.value for d in read_dice(image).dice
                if abs(d.center[0] - 614) < 30 and abs(d.center[1] - 502) < 30]

    assert invented() == []
    monkeypatch.setattr("vision.dots.LATTICE_HITS", 0)
    assert invented() == [4]
