"""A detection whose top face stands apart from nothing round it and whose box shows no
d6 face is no die, not an unreadable one (sixty-sixth pass, vision.read.UNSEEN_NO_FACE):
a lint speck on the floor taken for a 1's pip. The blind scene that showed it."""

import pytest

from tools.vision.kinds import read_scene


def test_a_speck_by_the_box_s_corner_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # blind seed 251484, side-faces scene 9 (looked at): an empty tray, a lint speck
    # by the box's wooden corner boxed at 99 px, "a 1" (0.81), no top face found
    res = read_scene("side-faces", 9, 251484)
    assert (res.correct, res.wrong, res.unreadable, res.false) == (0, 0, 0, 0)
    monkeypatch.setattr("vision.read.UNSEEN_NO_FACE", 0.0)
    res = read_scene("side-faces", 9, 251484)
    assert res.false == 1  # reported as an unreadable die in an empty tray
