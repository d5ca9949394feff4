"""A die's side face seen edge-on, its pips strips side by side
(vision.face.PipCheck.strips, vision.faceread.SIDE_STRIPS): no die by itself, where the
classifier took it for a small 6; so is a small 6 whose pips run together in two
columns (it cannot be told from one), unless its pips fit a layout."""

import cv2
import numpy as np
import pytest

from tools.vision.kinds import FIRST_FACE, read_scene
from vision.face import PipCheck, find_pips
from vision.faceread import decide
from vision.layouts import LayoutFit
from vision.types import VisionParams


def _face(columns: list[int], top: int, bottom: int) -> np.ndarray:
    """A 48 px face crop, white, with dark strips 6 px wide at ``columns``."""
    img = np.full((48, 48, 3), 225, np.uint8)
    for x in columns:
        cv2.rectangle(img, (x, top), (x + 5, bottom), (30, 30, 30), -1)
    return img


def test_three_strips_across_the_crop_are_a_side_face() -> None:
    pips = find_pips(_face([9, 21, 33], 2, 45))
    assert pips.strips >= 3 and pips.pips == 0
    sixes = np.tile(np.array([[0.02, 0.0, 0.0, 0.0, 0.0, 0.0, 0.98]], np.float32), (4, 1))
    fr = decide(sixes, pips, VisionParams(), 20.0)
    assert fr.value is None and fr.not_a_die


def test_two_strips_and_no_round_pip_are_no_die_but_a_6_with_clean_pips_stays() -> None:
    """Two strips and no round pip: a side face seen edge-on (blind seed 9292 of the
    kinds), or a small 6 whose pips run together in two columns. The two cannot be
    told apart on the crop, so neither is read (a 6 lost is a count problem; a side
    face read as 6 would be a wrong value)."""
    pips = find_pips(_face([12, 30], 8, 39))
    assert pips.strips == 2 and pips.pips == 0
    sixes = np.tile(np.array([[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]], np.float32), (4, 1))
    fr = decide(sixes, pips, VisionParams(), 30.0)
    assert fr.value is None and fr.not_a_die
    # a value the pips agree with is never taken back for strips
    clean = PipCheck(LayoutFit(6, 0.05, 1.0, 0.05), 6, 120.0)
    assert decide(sixes, clean, VisionParams(), 30.0).value == 6


@pytest.mark.parametrize(("seed", "i"), [(2323, 11), (2929, 0), (9292, 1)])
def test_side_faces_on_a_polka_cloth_are_no_small_6s(
        seed: int, i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    res = read_scene("polka", i, seed)
    assert (res.wrong, res.false) == (0, 0), (res.misreads, res.false)
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.faceread.SIDE_STRIPS", 99)
    # a side face read alone in its frame: the lone small read's check (vision.read.
    # LONE_SMALL_FACE) is a second guard there; off, to see this check alone
    monkeypatch.setattr("vision.read.LONE_SMALL_FACE", False)
    # every read of the frame is then a strip: vision.read.STRIPS_ONLY_FRAME, a
    # third guard; off
    monkeypatch.setattr("vision.read.STRIPS_ONLY_FRAME", False)
    res = read_scene("polka", i, seed)
    assert res.wrong + res.false >= 1


def test_slanted_bars_touching_at_their_ends_count_apart_once_eroded() -> None:
    """Three light bars on a red face, each 26 px long and 8 px wide, stacked 11 px
    apart and joined by a bridge 2 px wide at their ends (a side face's pips seen at a
    slant, blind seed 149273 ``finger-006``): thresholded they are one blob, eroded
    twice (``erode=2``) three."""
    from vision.face import strips
    img = np.full((48, 48, 3), (30, 30, 170), np.uint8)
    for i, y in enumerate((10, 21, 32)):
        cv2.ellipse(img, (20 + 3 * i, y), (13, 4), 0, 0, 360, (200, 200, 200), -1)
    cv2.rectangle(img, (32, 10), (33, 32), (200, 200, 200), -1)
    assert strips(img, 0.35, 2.0) == 0
    assert strips(img, 0.35, 2.0, erode=2) == 3
