"""Soft spots darker than a die's top face are pips whose rims glare or blur softened,
never glare (vision.topface.FADED_ALONE), and a face with no sharp pip that shows more
of them than the value read is no face of that value (vision.doubts.FADED_COUNT)."""

import pytest

from tools.vision.kinds import read_scene, scene
from vision.topface import find_top_face


def test_a_4_whose_pip_a_glare_patch_washes_out_is_no_2(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # blind seed 40603, glare scene 1 (looked at at the end of the forty-first pass): a
    # white 4 of about 150 px (its box 265 px), a glare patch over its bottom-right
    # pip; the top face found shows its three other pips as soft-rimmed spots and no
    # sharp pip, and the die read as 2
    img = scene("glare", 1, 40603).image
    t = find_top_face(img, 866.1, 605.5, 265.1)  # the detection's box
    assert (len(t.pips), len(t.glare), len(t.faded)) == (0, 3, 3)
    res = read_scene("glare", 1, 40603)
    assert (res.correct, res.wrong, res.unreadable, res.false) == (1, 0, 1, 0)
    monkeypatch.setattr("vision.doubts.FADED_COUNT", False)
    res = read_scene("glare", 1, 40603)
    assert (res.correct, res.wrong, res.unreadable, res.false) == (1, 1, 0, 0)
    assert res.misreads[0][:2] == (4, 2)


def test_soft_dark_spots_are_faded_pips_only_with_the_switch_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("vision.topface.FADED_ALONE", False)
    img = scene("glare", 1, 40603).image
    t = find_top_face(img, 866.1, 605.5, 265.1)  # the detection's box
    assert (len(t.pips), len(t.glare), len(t.faded)) == (0, 3, 0)
