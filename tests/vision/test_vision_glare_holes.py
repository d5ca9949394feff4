"""A glare spot touching a pip on a die's top face (vision.topface._part_hole): the
two make one hole in the face's colour, which counted as a mark, so the face showed
no pips and the die no d6. The hole is parted into its pip and its glare spot."""

import cv2
import numpy as np
import pytest

from tools.vision.kinds import scene
from vision import read_dice
from vision.topface import find_top_face

SIX = [(dx, dy) for dx in (-30, 30) for dy in (-30, 0, 30)]
FIVE = [(-30, -30), (30, -30), (-30, 30), (30, 30), (0, 0)]


def _red_six(glare_at: tuple[int, int], pips: list[tuple[int, int]] = SIX) -> np.ndarray:
    """A red die of 121 px (a 6, or the ``pips`` given, px from its centre) with light
    grey pips (radius 9 px) on a dark floor, 400 x 400 px, and a soft glare spot (a
    Gaussian of sigma 6 px rising to white) at ``glare_at``."""
    img = np.full((400, 400, 3), (30, 30, 30), np.uint8)
    cv2.rectangle(img, (140, 140), (260, 260), (40, 40, 200), -1)
    for dx, dy in pips:
        cv2.circle(img, (200 + dx, 200 + dy), 9, (225, 225, 225), -1, cv2.LINE_AA)
    yy, xx = np.mgrid[0:400, 0:400]
    g = np.exp(-((xx - glare_at[0]) ** 2 + (yy - glare_at[1]) ** 2) / (2 * 6.0 ** 2))
    out = img.astype(np.float32) + g[..., None] * (255 - img.astype(np.float32))
    return np.clip(out, 0, 255).astype(np.uint8)


@pytest.mark.parametrize("at", [(186, 215), (182, 185)])
def test_glare_between_two_pips_parts_into_them(at: tuple[int, int],
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    img = _red_six(at)
    t = find_top_face(img, 200.0, 200.0, 130.0)
    assert (len(t.pips), len(t.glare), t.marks, t.value) == (6, 1, 0, 6)
    # without the parting the two pips and the glare are one mark, four pips left
    monkeypatch.setattr("vision.topface.PART_HOLES", False)
    t = find_top_face(img, 200.0, 200.0, 130.0)
    assert (len(t.pips), len(t.glare), t.marks, t.value) == (4, 0, 1, None)


def test_glare_over_a_pip_stays_a_mark() -> None:
    # the spot on a pip's middle: no part of the hole is a pip and another glare
    t = find_top_face(_red_six((185, 200)), 200.0, 200.0, 130.0)
    assert (len(t.pips), t.marks, t.value) == (5, 1, None)


def test_glare_by_a_centre_pip_stays_a_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    # a 5 with glare between its centre pip and a corner pip: glare and a pip at the
    # centre cannot be told from a 4's glare parted into a core and its halo, so the
    # hole stays whole (vision.topface.PART_CENTRE), as it was before the parting
    img = _red_six((215, 186), FIVE)
    t = find_top_face(img, 200.0, 200.0, 130.0)
    assert (len(t.pips), len(t.glare), t.marks) == (3, 0, 1)
    monkeypatch.setattr("vision.topface.PART_CENTRE", 0.0)
    t = find_top_face(img, 200.0, 200.0, 130.0)
    assert (len(t.pips), len(t.glare), t.marks, t.value) == (5, 1, 0, 5)


def test_merged_pips_without_glare_stay_a_mark() -> None:
    # two pips run together with no glare spot among them: left as they were (a mark);
    # the top face's pips are parted only where glare is one of the parts
    img = np.full((400, 400, 3), (30, 30, 30), np.uint8)
    cv2.rectangle(img, (140, 140), (260, 260), (40, 40, 200), -1)
    for dx, dy in ((-30, -30), (30, 30), (-10, 0), (10, 0)):
        cv2.circle(img, (200 + dx, 200 + dy), 9, (225, 225, 225), -1, cv2.LINE_AA)
    t = find_top_face(img, 200.0, 200.0, 130.0)
    assert t.marks == 1 and len(t.pips) == 2


def test_a_red_die_with_glare_on_its_face_is_a_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # development seed 50001, specks-013: a red 6 in a dice box, a glare spot beside a
    # pip. Unread either way (the classifier is unsure), but a die, not "not a die"
    image = scene("specks", 13, 50001).image
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice] == [
        (None, 307, 209)]
    assert [p.code for p in r.problems] == ["unreadable"]
    monkeypatch.setattr("vision.topface.PART_HOLES", False)
    r = read_dice(image)
    assert r.dice == () and [p.code for p in r.problems] == ["not_a_die", "no_dice"]


@pytest.mark.parametrize(("kind", "i", "seed", "x", "y", "value"), [
    ("glare", 6, 50001, 1123, 373, 6),  # a red 6 with glare between its pips
    ("glare", 14, 50002, 643, 464, 6),
])
def test_a_six_with_glare_beside_its_pips_is_read(
        kind: str, i: int, seed: int, x: int, y: int, value: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    image = scene(kind, i, seed).image

    def at() -> int | None:
        hits = [d.value for d in read_dice(image).dice
                if abs(d.center[0] - x) < 5 and abs(d.center[1] - y) < 5]
        assert len(hits) == 1
        return hits[0]

    assert at() == value
    monkeypatch.setattr("vision.topface.PART_HOLES", False)
    assert at() is None
