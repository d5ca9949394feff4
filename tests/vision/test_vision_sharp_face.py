"""A still die whose outline only looks smeared (sixty-fourth pass): a large die read
cleanly whose box's crop measures over ``VisionParams.max_smear`` is not moving where
the middle of its box, its pips, is sharp (vision.read.SHARP_FACE). Scenes rendered
like the red-box probe (development seeds 925 and 926, looked at) and a smeared die of
the smear kind (development seed 50002)."""

import math

import pytest

from tests.vision.test_vision_red_box import _probe
from tools.vision.kinds import scene
from vision import read_dice
from vision.model import Detection
from vision.read import SHARP_FACE, die_smear, face_smear
from vision.types import Die, Reading, VisionParams


def _at(reading: Reading, x: float, y: float) -> list[Die]:
    return [d for d in reading.dice if math.hypot(d.center[0] - x, d.center[1] - y) < 40]


def _codes(reading: Reading) -> list[str]:
    return [p.code for p in reading.problems]


@pytest.mark.parametrize(("seed", "i", "x", "y", "size", "value"), [
    # a red 1 of about 285 px, turned 40 degrees, its lower edges against its own
    # darker side faces and shadow; a red 2 of about 200 px beside a smaller red 1
    (926, 100, 251.0, 288.0, 309.0, 1),
    (925, 114, 230.0, 363.0, 202.0, 2),
])
def test_a_still_die_whose_outline_looks_smeared_is_read(
        monkeypatch: pytest.MonkeyPatch, seed: int, i: int, x: float, y: float,
        size: float, value: int) -> None:
    img = _probe(seed, i)
    d = Detection(x, y, size, 0.8)
    assert die_smear(img, d) > VisionParams().max_smear  # the box's crop looks smeared
    assert face_smear(img, d) < SHARP_FACE / 1.5  # its pips are sharp
    got = _at(read_dice(img), x, y)
    assert [g.value for g in got] == [value]
    monkeypatch.setattr("vision.read.SHARP_FACE", 0.0)
    r = read_dice(img)
    assert [g.value for g in _at(r, x, y)] == [None]
    assert "blurred" in _codes(r)


def test_a_smeared_die_that_the_pips_would_read_stays_blurred(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # development seed 50002, smear scene 0: a 2 of about 300 px sliding; read without
    # the smear check it would be a right 2, yet it is moving: its middle is as
    # smeared as its box
    img = scene("smear", 0, 50002).image
    d = Detection(738.0, 174.0, 314.0, 0.8)
    assert face_smear(img, d) > 2 * SHARP_FACE
    r = read_dice(img)
    assert [g.value for g in _at(r, 738, 174)] == [None]
    assert "blurred" in _codes(r)
    monkeypatch.setattr("vision.read.SHARP_FACE", 1.0)  # every die read let through
    assert [g.value for g in _at(read_dice(img), 738, 174)] == [2]
