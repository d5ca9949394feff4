"""Dice of a third of the frame and more (issue 10, kind 2 "side faces", and "Scale"):
a camera close over a small dice box, tilted so side faces show. The full-size and
half-size looks of the detector find such a die's pips and side faces, not the die;
a side face read as the die gave its pips' value (a 4 read as 6). The quarter-size
look finds the die, and what the other looks found inside its top face goes.

Scenes from ``tools.vision.kinds`` (the generator's "side-faces" kind), each with one
die: its top value must be read (or the die reported unreadable), and nothing else
reported.
"""

import pytest

from tools.vision.kinds import FIRST_FACE, scene
from vision import read_dice
from vision.evaluate import LabelledDie, LabelledImage, score_image


@pytest.mark.parametrize(("seed", "i", "value", "read"), [
    (23, 7, 4, 4),   # read as 6 from the side face's pips before
    (23, 8, 2, 2),   # read as 6 from the side face's pips before
    # read as 6 from the side face's pips before; seen whole, its crop holds the
    # side faces' pips too; unreadable until its top face's white centre pip was
    # told from glare (vision.doubts.light_centre_pip, fifty-seventh pass)
    (7, 11, 5, 5),
])
def test_a_die_a_third_of_the_frame_is_read_from_its_top_face(
        seed: int, i: int, value: int, read: int | None) -> None:
    sc = scene("side-faces", i, seed)
    assert [d.value for d in sc.dice] == [value]
    side = max(sc.dice[0].box[2] - sc.dice[0].box[0], sc.dice[0].box[3] - sc.dice[0].box[1])
    assert side > 0.33 * sc.image.shape[1]  # the kind this is about
    r = read_dice(sc.image)
    assert [d.value for d in r.dice] == [read]
    label = LabelledImage("scene", tuple(LabelledDie(d.value, d.box) for d in sc.dice))
    res, _ = score_image(label, r.dice)
    assert (res.correct, res.wrong, res.false) == (int(read is not None), 0, 0)


@pytest.mark.parametrize(("kind", "i", "seed", "value"), [
    ("specks", 16, 4141, 4),     # a red 4 of 200 px in a 600 px box, its 6 side face
    ("side-faces", 0, 3535, 2),  # a red 2, its side faces' pips read as two 6s
])
def test_a_die_too_large_for_the_quarter_size_look_is_found_by_a_smaller_one(
        kind: str, i: int, seed: int, value: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blind seeds of the kinds: the quarter-size look (128 px) found only the side
    faces' pips in strips; the two side faces were read as two small 6s. The look at
    vision.looks.BIGGEST_LOOK_PX (96 px) finds the die, and its top face's value is
    read; what lay inside it goes."""
    from tools.vision.kinds import read_scene

    res = read_scene(kind, i, seed)
    assert (res.correct, res.wrong, res.false) == (1, 0, 0)
    sc = scene(kind, i, seed)
    assert [d.value for d in sc.dice] == [value]
    assert [d.value for d in read_dice(sc.image).dice] == [value]
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.looks.BIGGEST_LOOK_MIN_FRAME", 10**6)  # the quarter look only
    monkeypatch.setattr("vision.faceread.SIDE_STRIPS", 3)  # and two strips still read
    # every read of the frame is then a strip: vision.read.STRIPS_ONLY_FRAME, a
    # second guard; off
    monkeypatch.setattr("vision.read.STRIPS_ONLY_FRAME", False)
    before = read_scene(kind, i, seed)
    assert before.correct == 0 and before.wrong == 1 and before.false == 1
    assert [m[1] for m in before.misreads] == [6]


def test_a_side_face_at_the_edge_of_a_large_die_s_box_is_part_of_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A blind scene: a red 3 of 270 px in a 600 px box, found by the quarter-size
    look, glare on its face (unreadable). A side face's three pips, seen edge-on,
    were read as a small 6 whose centre lay just outside the die's box: it
    outranked the unread die and was reported as its value. Within 0.6 of the box's
    side of its centre (vision.looks._inside_die) it is part of the die."""
    from tools.vision.kinds import read_scene

    res = read_scene("side-faces", 36, 9501)
    # read since the fifty-seventh pass: the glare spot, the brightest "pip" on the
    # box's crop, is told from the pips (vision.face.EXTRA_GLARE); unreadable before
    assert (res.correct, res.wrong, res.false, res.unreadable) == (1, 0, 0, 0)
    monkeypatch.setattr("vision.face.EXTRA_GLARE", 0.0)
    res = read_scene("side-faces", 36, 9501)
    assert (res.wrong, res.false, res.unreadable) == (0, 0, 1)

    def box_only(small, big, face):  # type: ignore[no-untyped-def]
        half = 0.5 * big.size
        return (small.size < 0.6 * face and abs(small.x - big.x) < half
                and abs(small.y - big.y) < half)
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.looks._inside_die", box_only)
    # the side face is then the one die read: the lone small read's check (vision.read.
    # LONE_SMALL_FACE) is a second guard there; off, to see this check alone
    monkeypatch.setattr("vision.read.LONE_SMALL_FACE", False)
    # every read of the frame is then a strip: vision.read.STRIPS_ONLY_FRAME, a
    # third guard; off
    monkeypatch.setattr("vision.read.STRIPS_ONLY_FRAME", False)
    res = read_scene("side-faces", 36, 9501)
    assert res.wrong == 1 and res.misreads[0][:2] == (3, 6)


def test_a_crop_round_one_die_gets_no_smaller_look(monkeypatch: pytest.MonkeyPatch) -> None:
    """The demo's crop of Ben's roll-off die (rune55-dice-trays, 90 x 104 px, a 5 of
    30 px): every look enlarges it, and a look at vision.looks.BIGGEST_LOOK_PX found
    the die's lower edge as a second, unreadable "die". The smaller look runs only on
    a frame of vision.looks.BIGGEST_LOOK_MIN_FRAME px and more (a camera's)."""
    from pathlib import Path

    import cv2

    demo = Path(__file__).resolve().parents[2] / "fixtures" / "demo" / "photos"
    img = cv2.imread(str(demo / "rune55-dice-trays" /
                         "PXL_20240219_191149975_jpg.rf.658682f7e95a399e3f1b00b158735024.jpg"))
    assert img is not None
    crop = img[169:273, 225:315].copy()
    r = read_dice(crop)
    assert [d.value for d in r.dice] == [5] and r.problems == ()
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.looks.BIGGEST_LOOK_MIN_FRAME", 0)
    assert [d.value for d in read_dice(crop).dice] == [5, None]
