"""The one die read in a frame, small and read by the classifier alone
(vision.read.LONE_SMALL_FACE): nothing else read confirms its size, so it keeps its
value only where its box shows a d6's top face; else it is unreadable, never a value
read off a piece of a larger thing."""

import cv2
import numpy as np
import pytest

from tools.vision.kinds import read_scene, scene
from vision import read_dice
from vision.doubts import d6_face_seen
from vision.faceread import FaceRead
from vision.model import Detection
from vision.read import _alone_without_pips, _unsquare_face
from vision.types import Calibration, VisionParams

# (kind, index, seed, x, y, what it was read as without the check): blind seeds of
# this pass, looked at once each read a wrong value. No larger die was read in either.
LONE = [
    ("finger", 19, 31109, 962, 364, 6),  # a red 4's side face, the 4 under a finger
    ("numerals-text", 8, 31210, 142, 404, 1),  # the "5" on a numeral die's side face
]


@pytest.mark.parametrize(("kind", "i", "seed", "x", "y", "was"), LONE)
def test_a_lone_small_read_without_a_face_is_unreadable(
        kind: str, i: int, seed: int, x: int, y: int, was: int,
        monkeypatch: pytest.MonkeyPatch) -> None:
    image = scene(kind, i, seed).image
    # the numeral die's side face lies in the box of the die a coarser look found, and
    # goes as a part of it (test_numeral_side_face_is_part_of_its_die): here the lone
    # read's own check alone
    monkeypatch.setattr("vision.looks.PARTS_OF_LARGER_DICE", False)
    # the classifier was unsure of both values (0.90, 0.83): the next check drops such
    # a die (test_a_doubtful_lone_small_read_is_no_die); off, to see this one alone
    monkeypatch.setattr("vision.read.LONE_DOUBT_DROPS", False)
    # the face found in the numeral's box is under 0.7 of it, and asked again in a box
    # of its size (vision.doubts.FACE_REFIT) its "5" is a mark, so it goes too: off
    monkeypatch.setattr("vision.doubts.FACE_REFIT", 0)
    # the red 4's side face shows its pips at a slant, every read of the frame so
    # (vision.read.STRIPS_OR_SLANTED, fifty-first pass): no die at all; off
    monkeypatch.setattr("vision.read.STRIPS_OR_SLANTED", False)
    r = read_dice(image)
    assert [d.value for d in r.dice] == [None]
    assert abs(r.dice[0].center[0] - x) < 5 and abs(r.dice[0].center[1] - y) < 5
    assert [p.code for p in r.problems] == ["unreadable"]
    monkeypatch.setattr("vision.read.LONE_SMALL_FACE", False)
    assert [d.value for d in read_dice(image).dice] == [was]


def test_a_lone_small_1_on_a_face_that_is_no_square_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the "4" on the grey side face of a white numeral die of about 130 px, boxed alone
    # at 41 px (no other die detected in the frame) and read as 1 at 0.86, its crop one
    # pip-like blob beside the numeral's loop, so the 1's layout agreed (blind seed
    # 215629 `numerals-text-008`, looked at when it failed, sixty-first pass). A lone
    # small 1 whose face found is no square loses its value (vision.read.LONE_ONE_FACE):
    # the face found there has five corners, and the classifier's
    # confidence is under VisionParams.unread_min_prob (LONE_DOUBT_DROPS): no die
    image = scene("numerals-text", 8, 215629).image
    r = read_dice(image)
    assert r.dice == () and [p.code for p in r.problems] == ["no_dice"]
    monkeypatch.setattr("vision.read.LONE_ONE_FACE", False)
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice] == [
        (1, 186, 306)]
    assert r.dice[0].confidence < VisionParams().unread_min_prob


def test_a_doubtful_lone_small_read_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # an empty dice box seen from close, its wooden walls most of the frame: a tangle
    # of lint on its dark floor, 15 px, read as a 2 at 0.85 by the classifier alone
    # (blind seed 36361, looked at). With no d6 face seen it has no value, and a small
    # die with no value the classifier is unsure of is lint more often than a die
    image = scene("empty-lint", 5, 36361).image
    r = read_dice(image)
    assert r.dice == () and [p.code for p in r.problems] == ["no_dice"]
    monkeypatch.setattr("vision.read.LONE_DOUBT_DROPS", False)
    r = read_dice(image)
    assert [d.value for d in r.dice] == [None]
    assert abs(r.dice[0].center[0] - 390) < 5 and abs(r.dice[0].center[1] - 146) < 5
    assert [p.code for p in r.problems] == ["unreadable"]


def test_a_lone_small_read_showing_no_pip_is_no_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # an empty dice box: a crumb by its wooden wall, 16 px, read as a 6 at 0.96 by the
    # classifier alone (blind seed 67469, looked at when it failed, forty-fourth pass).
    # LONE_SMALL_FACE takes the value away, and the classifier's confidence is over
    # VisionParams.unread_min_prob; but its box's crop shows no pip-like blob at all,
    # only glare and a blob too large for a pip (vision.read.LONE_NO_PIPS): no die
    image = scene("empty-lint", 15, 67469).image
    r = read_dice(image)
    assert r.dice == () and [p.code for p in r.problems] == ["no_dice"]
    monkeypatch.setattr("vision.read.LONE_NO_PIPS", False)
    r = read_dice(image)
    assert [d.value for d in r.dice] == [None] and r.dice[0].confidence >= 0.92
    assert abs(r.dice[0].center[0] - 86) < 5 and abs(r.dice[0].center[1] - 194) < 5
    assert [p.code for p in r.problems] == ["unreadable"]
    monkeypatch.setattr("vision.read.LONE_SMALL_FACE", False)
    assert [d.value for d in read_dice(image).dice] == [6]


def test_a_sure_lone_small_read_without_a_face_stays_unreadable(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the classifier sure of its value (over VisionParams.unread_min_prob): kept as an
    # unreadable die, a real small die the table is asked to look at again
    img = _small_die([(-10, -10), (10, -10), (-10, 10), (10, 10)], (400, 300))
    monkeypatch.setattr("vision.doubts.d6_face_seen", lambda *a: False)
    r = read_dice(img)
    assert [d.value for d in r.dice] == [None] and r.dice[0].confidence >= 0.92
    # held to a threshold over its confidence, it would go
    assert read_dice(img, params=VisionParams(unread_min_prob=0.999)).dice == ()


def test_numeral_side_face_is_part_of_its_die() -> None:
    # the "5" on the numeral die's side face (LONE above) lies inside the box the
    # quarter-size look found for the numeral die, whose top face is a square
    # (vision.looks.without_parts_of_larger_dice): no die, as a numeral die is none
    r = read_dice(scene("numerals-text", 8, 31210).image)
    assert r.dice == () and [p.code for p in r.problems] == ["no_dice"]


def _small_die(value_pips: list[tuple[int, int]], at: tuple[int, int]) -> np.ndarray:
    """A red die of 40 px with white pips on a green floor of 800 x 600 px (a camera's
    frame, where a die of 40 px is 5 % of its long side)."""
    img = np.full((600, 800, 3), (40, 110, 40), np.uint8)
    x, y = at
    cv2.rectangle(img, (x - 20, y - 20), (x + 20, y + 20), (40, 40, 200), -1)
    for dx, dy in value_pips:
        cv2.circle(img, (x + dx, y + dy), 4, (245, 245, 245), -1, cv2.LINE_AA)
    return img


def test_a_lone_small_die_showing_its_face_keeps_its_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a whole small die on the floor shows its square top face: the check lets it be
    img = _small_die([(-10, -10), (10, -10), (-10, 10), (10, 10)], (400, 300))
    assert d6_face_seen(img, Detection(400.0, 300.0, 48.0, 0.9))
    r = read_dice(img)
    assert [d.value for d in r.dice] == [4], r
    # the check did look at it: with no face seen it would be unreadable
    monkeypatch.setattr("vision.doubts.d6_face_seen", lambda *a: False)
    assert [d.value for d in read_dice(img).dice] == [None]


def test_a_lone_small_1_showing_its_face_keeps_its_value(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # its one pip agrees with a 1's layout, and the face found is a square
    # (vision.read.LONE_ONE_FACE asks it): read
    img = _small_die([(0, 0)], (400, 300))
    assert not _unsquare_face(img, Detection(400.0, 300.0, 48.0, 0.9))
    assert [d.value for d in read_dice(img).dice] == [1]
    monkeypatch.setattr("vision.read._unsquare_face", lambda *a: True)
    assert [d.value for d in read_dice(img).dice] == [None]
    monkeypatch.setattr("vision.read.LONE_ONE_FACE", False)
    assert [d.value for d in read_dice(img).dice] == [1]


def test_a_calibrated_die_size_sizes_a_lone_small_die(monkeypatch: pytest.MonkeyPatch) -> None:
    # a fixed camera's calibration gives the die size: a lone small die is sized by
    # it, and no face need be seen
    img = _small_die([(-10, -10), (10, -10), (-10, 10), (10, 10)], (400, 300))
    monkeypatch.setattr("vision.doubts.d6_face_seen", lambda *a: False)
    assert [d.value for d in read_dice(img).dice] == [None]
    cal = Calibration(die_size_px=40.0)
    assert [d.value for d in read_dice(img, calibration=cal).dice] == [4]


def test_a_crop_round_one_die_is_not_held_to_it(monkeypatch: pytest.MonkeyPatch) -> None:
    # a die of a tenth of the frame or more (a crop round one die, as the demo's
    # photos are) is no piece of a larger thing in a camera's frame
    img = _small_die([(-10, -10), (10, -10), (-10, 10), (10, 10)], (400, 300))
    crop = np.ascontiguousarray(img[225:375, 325:475])
    monkeypatch.setattr("vision.doubts.d6_face_seen", lambda *a: False)
    assert [d.value for d in read_dice(img).dice] == [None]
    assert [d.value for d in read_dice(crop).dice] == [4]


def test_a_lone_small_unread_detection_showing_no_pip_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # an empty dice box of black sandpaper strewn with lint: a tangle of fibres, 15 px,
    # left with no value but "a die" at 0.94, over VisionParams.unread_min_prob (blind
    # seed 81104, looked at when it failed, forty-sixth pass). Its box's crop shows no
    # pip-like blob, and nothing else in the frame is taken for a die
    # (vision.read.LONE_UNREAD_NO_PIPS): no die
    image = scene("empty-lint", 15, 81104).image
    r = read_dice(image)
    assert r.dice == () and [p.code for p in r.problems] == ["no_dice"]
    monkeypatch.setattr("vision.read.LONE_UNREAD_NO_PIPS", False)
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice] == [
        (None, 188, 453)]
    assert r.dice[0].confidence >= 0.92 and [p.code for p in r.problems] == ["unreadable"]


def test_a_lone_small_read_showing_one_blob_for_a_larger_value_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # an empty box's black sandpaper: a fibre of lint, 15 px, read as a 6 at 0.93 by
    # the classifier alone, its crop showing one blob (blind seed 114434
    # `empty-lint-005`, rendered and read on OpenCV 4.10, looked at; on 5.0 its crop
    # shows none, and LONE_NO_PIPS drops it). One blob bears out a 1, not a 6
    # (vision.read.LONE_ONE_BLOB): the lone read is no die
    six_one_blob = FaceRead(6, 0.93, False, 0.0, "none", pips_seen=1)
    one_one_blob = FaceRead(1, 0.93, False, 0.0, "none", pips_seen=1)
    six_two_blobs = FaceRead(6, 0.93, False, 0.0, "none", pips_seen=2)
    assert _alone_without_pips(six_one_blob, 1)
    assert not _alone_without_pips(six_one_blob, 2)  # another die confirms the size
    assert not _alone_without_pips(one_one_blob, 1)
    assert not _alone_without_pips(six_two_blobs, 1)
    monkeypatch.setattr("vision.read.LONE_ONE_BLOB", False)
    assert not _alone_without_pips(six_one_blob, 1)
    assert _alone_without_pips(FaceRead(6, 0.93, False, 0.0, "none", pips_seen=0), 1)


def test_an_unread_small_box_on_a_grid_of_polka_dots_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a light cloth with a fine grid of black dots, three dice of 17..27 px on it: a
    # 23 px box among the dots, "a die" at 0.95 with no value, was reported as an
    # unreadable die (blind seed 117464 `scale-038`, looked at). Its colour goes on
    # past the box on every side and no top face stands apart (vision.dots.dot_grid,
    # SMALL_GRID): the cloth
    image = scene("scale", 38, 117464).image
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice] == [
        (4, 221, 152)]
    assert [p.code for p in r.problems] == []
    monkeypatch.setattr("vision.read.SMALL_GRID", 0.0)
    r = read_dice(image)
    # the cloth's box, and one more of it that the half-size look finds (taken since
    # the sixty-third pass where the dice read are this small: TINY_READS_LOOK_AGAIN)
    assert sorted((d.value or 0, round(d.center[0]), round(d.center[1])) for d in r.dice) == [
        (0, 189, 296), (0, 200, 78), (4, 221, 152)]
    assert min(d.confidence for d in r.dice if d.value is None) >= 0.9
    assert [p.code for p in r.problems] == ["unreadable", "unreadable"]


def test_a_small_read_on_a_fine_grid_of_polka_dots_is_no_die(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a dark cloth with a fine grid of white dots, eight dice on it (six read, 21..34
    # px): a 12 px box on the grid read as 5 at 0.83, an invented die (blind seed
    # 119585 `scale-020`, looked at); vision.read.SMALL_GRID asks it too: the cloth
    image = scene("scale", 20, 119585).image
    r = read_dice(image)
    assert len(r.dice) == 6 and not any(
        abs(d.center[0] - 222) < 10 and abs(d.center[1] - 424) < 10 for d in r.dice)
    monkeypatch.setattr("vision.read.SMALL_GRID", 0.0)
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice
            if abs(d.center[0] - 222) < 10 and abs(d.center[1] - 424) < 10] == [(5, 222, 424)]


def test_polka_dots_at_the_frame_s_edge_are_no_die_cut_off(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a yellow cloth with a grid of black dots, four dice on it: four dots at the
    # frame's top edge, above a black 6 of 36 px, boxed at 58 px and read as 4, were
    # reported as a die cut off by the edge (blind seed 146047 `scale-022`, looked at
    # in the sixtieth pass). A cut-off read's value is dropped whatever its size, so
    # SMALL_GRID asks it as well (vision.read.CUT_GRID): the cloth
    image = scene("scale", 22, 146047).image
    r = read_dice(image)
    assert not any(d.center[1] < 40 for d in r.dice)
    assert "cut_off" not in [p.code for p in r.problems]
    res = read_scene("scale", 22, 146047)
    assert (res.correct, res.wrong, res.false) == (2, 0, 0)
    monkeypatch.setattr("vision.read.CUT_GRID", False)
    r = read_dice(image)
    assert [(d.value, round(d.center[0]), round(d.center[1])) for d in r.dice
            if d.center[1] < 40] == [(None, 419, 20)]
    assert "cut_off" in [p.code for p in r.problems]
    assert read_scene("scale", 22, 146047).false == 1
