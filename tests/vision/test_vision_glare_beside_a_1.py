"""A glare spot beside a red 1's pip (sixty-fourth pass): of two light spots that fit
no layout, the one over 1.1 times as bright as the other is glare where the other,
alone, is a 1's centre pip (vision.face.EXTRA_GLARE_ONE). And (sixty-sixth pass) a 1
read from its top face's own crop, where the face's segmentation merged the pip and
the spot into one mark (vision.doubts.TOP_CROP_ONE_PIP). Drawn faces, and scenes
rendered like the red-box probe (development seeds 913, 915, 916, looked at)."""

import numpy as np
import pytest

from tests.vision.test_vision_red_box import _probe, red_face_crop
from tests.vision.test_vision_red_glare import _near
from vision import read_dice
from vision.face import find_pips


def _face(pips: list[tuple[int, int]], spot: tuple[int, int], level: int) -> np.ndarray:
    """A red face crop with a spot of radius 12 px (:func:`red_face_crop`)."""
    return red_face_crop(pips, spot, level, spot_r=12)


def test_a_glare_spot_beside_a_1_s_pip_is_no_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    face = _face([(96, 96)], (130, 135), 255)  # below and right of the pip
    pips = find_pips(face)
    assert pips.fit.value == 1 and pips.pips == 1 and pips.clean
    monkeypatch.setattr("vision.face.EXTRA_GLARE_ONE", False)
    pips = find_pips(face)
    assert pips.fit.value is None and pips.pips == 2


def test_a_spot_as_light_as_the_pip_stays_a_pip() -> None:
    # no light source: the two fit no layout and give no value
    pips = find_pips(_face([(96, 96)], (130, 135), 215))
    assert pips.fit.value is None and pips.pips == 2


def test_glare_on_the_centre_pip_leaves_no_1_of_a_corner_pip() -> None:
    # the brighter of the two is the centre one: the other, alone, lies at a corner,
    # where a 1 has no pip
    pips = find_pips(_face([(96, 96), (150, 150)], (96, 96), 255))
    assert pips.fit.value is None and pips.pips == 2


def test_a_red_1_with_a_glare_spot_below_its_pip_is_read(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # red-box probe, seed 915, scene 77: a red 1 of about 190 px, a glare spot 1.28
    # times as bright as its pip below it; the box's crop counted two pips, fitting
    # no layout
    img = _probe(915, 77)

    def near() -> list[int | None]:
        return [d.value for d in read_dice(img).dice
                if abs(d.center[0] - 330) < 40 and abs(d.center[1] - 213) < 40]

    assert near() == [1]
    monkeypatch.setattr("vision.face.EXTRA_GLARE_ONE", False)
    assert near() == [None]


@pytest.mark.parametrize("seed, i, at", [(913, 51, (383, 331)), (916, 39, (228, 236))])
def test_a_1_whose_top_face_crop_shows_one_round_pip_is_read(
        monkeypatch: pytest.MonkeyPatch, seed: int, i: int, at: tuple[int, int]) -> None:
    # red 1s of 260 and 180 px, a glare spot touching the pip: the box's crop counted
    # the spot as a second pip (no layout), the top face's own crop one clean pip;
    # the face's segmentation sees one mark, pip and spot run together
    img = _probe(seed, i)
    assert _near(img, *at) == [1]
    monkeypatch.setattr("vision.doubts.TOP_CROP_ONE_PIP", False)
    assert _near(img, *at) == [None]
