"""A glare spot beside a red 1's pip (sixty-fourth pass): of two light spots that fit
no layout, the one over 1.1 times as bright as the other is glare where the other,
alone, is a 1's centre pip (vision.face.EXTRA_GLARE_ONE). A drawn face, and a scene
rendered like the red-box probe (development seed 915, looked at)."""

import numpy as np
import pytest

from tests.vision.test_vision_red_box import _probe, red_face_crop
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
