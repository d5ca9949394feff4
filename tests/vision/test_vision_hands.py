"""A hand or a finger over a die (vision.hands.hand_over, the "hand" doubt of
vision.doubts.face_doubt): a skin-coloured band from outside the die to its centre
makes the die unreadable, with a message that asks for the hand to go; a floor of
skin colour, or a finger that stops at the die's outline, does not."""

import dataclasses

import cv2
import numpy as np
import pytest

from tools.vision.kinds import FIRST_FACE, read_scene, scene
from vision import read_burst, read_dice
from vision.doubts import face_doubt
from vision.hands import HAND_SHARE, hand_over, hand_share
from vision.model import Detection
from vision.read import UNSIZED_HAND_SHARE, hand_over_missed_die
from vision.topface import find_top_face
from vision.types import Reading, VisionParams

SKIN = (120, 160, 215)  # BGR, a light skin tone
RED = (40, 40, 200)
WHITE = (245, 245, 245)


def _die(floor: tuple[int, int, int] = (40, 110, 40)) -> np.ndarray:
    """A red 5 of 120 px centred at (150, 150) on a 300 px floor."""
    img = np.full((300, 300, 3), floor, np.uint8)
    cv2.rectangle(img, (90, 90), (210, 210), RED, -1)
    for x, y in ((118, 118), (182, 118), (150, 150), (118, 182), (182, 182)):
        cv2.circle(img, (x, y), 11, WHITE, -1)
    return img


def _finger(img: np.ndarray, tip: tuple[int, int]) -> np.ndarray:
    """A finger, 26 px thick, from the top edge of the frame down to ``tip``."""
    cv2.line(img, (tip[0], 0), tip, SKIN, 26, cv2.LINE_AA)
    cv2.circle(img, tip, 13, SKIN, -1, cv2.LINE_AA)
    return img


def test_a_finger_from_the_edge_to_the_centre_covers_it() -> None:
    img = _finger(_die(), (150, 150))
    assert hand_over(img, 150.0, 150.0, 120.0) > 0.1
    assert hand_over(_die(), 150.0, 150.0, 120.0) == 0.0


def test_a_finger_that_stops_at_the_outline_covers_nothing() -> None:
    assert hand_over(_finger(_die(), (150, 75)), 150.0, 150.0, 120.0) == 0.0


def test_a_finger_along_one_side_covers_that_side_s_pips() -> None:
    # down the right-hand column of pips, off the frame's bottom edge: it never
    # reaches the centre, but it covers two pips of the box
    img = _die()
    cv2.line(img, (184, 0), (184, 299), SKIN, 26, cv2.LINE_AA)
    share = hand_over(img, 150.0, 150.0, 120.0)
    assert share >= HAND_SHARE
    assert not find_top_face(img, 150.0, 150.0, 120.0).square
    assert face_doubt(img, Detection(150.0, 150.0, 120.0, 0.9), 3) == "hand"


def test_a_floor_of_skin_colour_is_no_hand() -> None:
    # a wooden or cork floor falls in the skin cluster: its own colour is left out
    wood = (90, 140, 200)
    img = _die(wood)
    ycc = cv2.cvtColor(np.uint8([[wood]]), cv2.COLOR_BGR2YCrCb)[0, 0]
    assert 133 <= ycc[1] <= 173 and 77 <= ycc[2] <= 127  # it is skin-coloured
    assert hand_over(img, 150.0, 150.0, 120.0) == 0.0


def test_a_pip_of_skin_colour_inside_the_face_is_no_hand() -> None:
    img = _die()
    cv2.circle(img, (150, 150), 14, SKIN, -1)  # the centre pip, skin-coloured
    assert hand_over(img, 150.0, 150.0, 120.0) == 0.0


def test_a_die_under_a_finger_is_unreadable_and_the_hand_is_asked_to_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a kinds scene: a finger from the frame's top edge over a red 5's centre pip
    sc = scene("finger", 3, 1717)
    (five,) = [d for d in sc.dice if d.value == 5]
    x, y = (five.box[0] + five.box[2]) / 2, (five.box[1] + five.box[3]) / 2

    def near(r: Reading) -> list[int]:
        return [k for k, d in enumerate(r.dice)
                if abs(d.center[0] - x) + abs(d.center[1] - y) < 40]

    # the ensemble shipped since the thirty-second pass (one of its members was
    # trained on dice under fingers as no readable die) reads no die there at all
    r = read_dice(sc.image)
    assert near(r) == [] and 5 not in [d.value for d in r.dice]
    # the first classifier finds it, and the hand check gives the reason
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)
    r = read_dice(sc.image)
    (i,) = near(r)
    assert r.dice[i].value is None
    (p,) = [p for p in r.problems if p.die == i]
    assert p.code == "unreadable" and "hand is over the die" in p.message
    # the top face found is no square (the finger cuts it), and the band crosses it
    t = find_top_face(sc.image, x, y, 130.0)
    assert t.found and not t.square
    assert face_doubt(sc.image, Detection(x, y, 130.0, 0.9), 4) == "hand"


def test_a_square_face_a_finger_notches_is_the_hand_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a narrow finger leaves the face a square, but notches it (not whole): the hand
    # check has it; on a whole square face it stays out (on the kinds' scenes it then
    # cost 55 more right reads and caught no misread), and the centre check is next
    img = _finger(_die(), (150, 150))
    assert hand_over(img, 150.0, 150.0, 120.0) > 0.1
    t = find_top_face(img, 150.0, 150.0, 120.0)
    assert t.square and not t.whole
    det = Detection(150.0, 150.0, 120.0, 0.9)
    assert face_doubt(img, det, 4) == "hand"
    monkeypatch.setattr("vision.doubts.find_top_face",
                        lambda *a: dataclasses.replace(find_top_face(*a), whole=True))
    assert face_doubt(img, det, 4) == "hidden_centre"


@pytest.mark.parametrize(("seed", "i"), [(1717, 3), (1818, 7), (2323, 10), (808, 12),
                                         (2323, 17), (2828, 5), (5959, 3)])
def test_dice_under_a_finger_in_the_kinds_scenes_give_no_value_they_do_not_show(
        seed: int, i: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert read_scene("finger", i, seed).wrong == 0
    # without the hand check each was misread (a 5 as 4, a 3 as 2, a 6 as 3, a 5 as 2;
    # two 2s as 1, a finger along the side that holds their second pip; a red 4 as 2
    # on a blind seed, its face still a square but notched by the finger: not whole)
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.read.hand_over", lambda *a: 0.0)
    monkeypatch.setattr("vision.hands.hand_over", lambda *a: 0.0)  # and in hand_share
    monkeypatch.setattr("vision.looks.hand_over", lambda *a: 0.0)  # and in the merge
    if (seed, i) == (2828, 5):  # its 2's one pip left lies at a corner of a face no
        # square: since blind seed 19393 the corner pip check catches it too
        monkeypatch.setattr("vision.doubts.CORNER_PIP_OFFSET", 1.5)
    if (seed, i) == (5959, 3):  # its red 4's two pips by the finger are soft spots
        # which, since the 30th pass, make a 4 with its two pips: no clean 2
        monkeypatch.setattr("vision.face.SOFT_TOGETHER", False)
    if (seed, i) == (808, 12):  # its 5's face found, no square and no flat face under
        # the finger, shows two pips off its centre: since the 44th pass the leaning
        # die check catches it too
        monkeypatch.setattr("vision.doubts.LEANING_FACE", False)
    assert read_scene("finger", i, seed).wrong == 1


def test_a_finger_over_the_top_face_outside_the_box_s_inscribed_disc_is_seen() -> None:
    """A blind seed of the kinds: a red 2 seen obliquely, a finger over the top
    face's corner pip. The box takes in two side faces, so its centre is off the top
    face's, and the finger stops outside the box's inscribed disc: the 2's other pip
    was read as a 1. Measured on the top face as well (vision.hands.hand_share), the
    finger covers it: the die is unreadable."""
    sc = scene("finger", 9, 4141)
    assert sc.dice[0].value == 2
    img = sc.image
    box = Detection(213.0, 163.0, 124.0, 0.8)
    t = find_top_face(img, box.x, box.y, box.size)
    assert t.found and not t.square  # the finger cuts the face
    assert hand_over(img, box.x, box.y, box.size) < HAND_SHARE  # the box's disc: clear
    assert hand_share(img, box, t) >= HAND_SHARE  # the top face's: covered
    r = read_dice(img)
    assert 1 not in [d.value for d in r.dice]
    assert any(p.code == "unreadable" and "hand" in p.message.lower() for p in r.problems)
    res = read_scene("finger", 9, 4141)
    assert (res.wrong, res.false) == (0, 0)


def test_the_hand_on_the_box_alone_misreads_that_2_as_a_1(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("vision.hands.hand_share",
                        lambda img, d, t: hand_over(img, d.x, d.y, d.size))
    res = read_scene("finger", 9, 4141)
    assert res.wrong == 1 and res.misreads[0][:2] == (2, 1)


def test_a_3_whose_corner_pip_a_finger_hides_off_its_whole_face_is_the_hand_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A blind seed of the kinds: a red 3 seen obliquely, a finger over one corner
    pip. The top face found is a whole square (the finger's tip outside it), and the
    centre pip with the other corner fit a 2 cleanly, their centre 0.33 half-sides
    off the face's (vision.doubts.HIDDEN_PIP_OFFSET): it was read as 2. With the finger
    over the die, the die is unreadable and the hand is asked to go."""
    r = read_dice(scene("finger", 5, 6565).image)
    assert 2 not in [d.value for d in r.dice if d.center[0] > 1000]
    assert any(p.code == "unreadable" and "hand" in p.message.lower() for p in r.problems)
    assert read_scene("finger", 5, 6565).wrong == 0
    monkeypatch.setattr("vision.doubts.HIDDEN_PIP_OFFSET", 1.0)  # the rule off
    res = read_scene("finger", 5, 6565)
    assert res.wrong == 1 and res.misreads[0][:2] == (3, 2)


@pytest.mark.parametrize(("kind", "i", "seed"), [("finger", 18, 4747), ("side-faces", 1, 2828)])
def test_a_2_with_a_pip_at_its_top_face_s_centre_on_a_notched_face_is_unreadable(
        kind: str, i: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A blind seed of the kinds: a red 3, a finger over one corner pip (the finger
    notches the top face's outline: five corners); and a 3 seen obliquely. Their
    corner and centre pips fit a 2's layout at half its size, so each was read as
    2. A 2 has no centre pip: the die is unreadable."""
    res = read_scene(kind, i, seed)
    assert (res.wrong, res.false) == (0, 0)
    assert res.unreadable >= 1
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    # without the rule the 3 reads 2 (and without the hand check, which has the
    # finger's notch too)
    monkeypatch.setattr("vision.doubts.NO_CENTRE_PIP", ())
    monkeypatch.setattr("vision.hands.hand_share", lambda img, d, t: 0.0)
    res = read_scene(kind, i, seed)
    assert res.wrong == 1 and res.misreads[0][:2] == (3, 2)


def test_a_1_whose_pip_lies_at_a_corner_of_its_top_face_is_the_hand_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A blind seed of the kinds: a red 2 seen obliquely, a finger over one pip. The
    top face found is a whole square showing the other pip at a corner (0.67
    half-sides off its centre, vision.doubts.pips_off_centre); the box's crop, centred
    off the face, fit that pip to a 1 near its centre: read as 1. A 1's pip lies at
    its face's centre: with the finger over the die, it is unreadable."""
    from vision.doubts import pips_off_centre
    img = scene("finger", 5, 14242).image
    t = find_top_face(img, 383.3, 485.5, 140.0)
    assert t.found and t.square and t.whole and len(t.pips) == 1
    assert pips_off_centre(t) > 0.6
    assert face_doubt(img, Detection(383.3, 485.5, 140.0, 0.9), 1, None, 20.0) == "hand"
    assert read_scene("finger", 5, 14242).wrong == 0
    monkeypatch.setattr("vision.doubts.pips_off_centre", lambda t: 0.0)  # the rule off
    res = read_scene("finger", 5, 14242)
    assert res.wrong == 1 and res.misreads[0][:2] == (2, 1)


def test_a_die_whose_face_a_finger_cuts_up_is_the_hand_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A blind seed of the kinds: a finger along a red 6's middle pips. No top face
    stands apart by colour (the finger cuts it in two), and the four corner pips on
    the box's crop fit a 4: read as 4. With a finger over the box and no face found,
    the die is unreadable and the hand is asked to go."""
    img = scene("finger", 12, 15757).image
    det = Detection(833.9, 543.4, 176.9, 0.7)
    t = find_top_face(img, det.x, det.y, det.size)
    assert not t.found
    assert hand_share(img, det, t) > 0.2
    assert face_doubt(img, det, 4) == "hand"
    assert read_scene("finger", 12, 15757).wrong == 0
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.hands.hand_share", lambda *a: 0.0)  # the hand check off
    res = read_scene("finger", 12, 15757)
    assert res.wrong == 1 and res.misreads[0][:2] == (6, 4)


@pytest.mark.parametrize(("seed", "i", "misread"), [(19898, 4, (3, 2)), (19898, 6, (4, 2)),
                                                    (19999, 10, (6, 4))])
def test_a_face_under_a_finger_whose_pips_are_not_the_value_s_is_the_hand_s(
        seed: int, i: int, misread: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """Blind seeds of the kinds: a finger over a red 3's corner pip (its face cut
    short beside the finger, the centre and the other corner pip 0.34 half-sides off
    its centre), over a red 4's right-hand column (the left column's two pips 0.37
    off), over one pip of a red 6 (five pips on a whole square face, the box's crop
    fit four). Each was read as a smaller value; with the finger over the die and the
    top face's pips not the value's (vision.doubts.not_the_value_s_pips), unreadable.
    (The 3 read as 2 is also withheld since the twenty-ninth pass, the classifier's
    second a 3: vision.faceread.rival_holds_the_pips, and since the forty-eighth, its
    centre pip left on a 2's face: vision.doubts.FINGER_CENTRE_PIP; the counterfactual
    turns both off.)"""
    res = read_scene("finger", i, seed)
    assert (res.wrong, res.false) == (0, 0)
    assert res.unreadable >= 1
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.doubts.not_the_value_s_pips", lambda t, value: False)
    monkeypatch.setattr("vision.faceread.RIVAL_SHARE", 2.0)
    monkeypatch.setattr("vision.doubts.FINGER_CENTRE_PIP", ())
    # (since the fifty-eighth pass a soft spot that alone completes the pips' layout is
    # a pip, vision.face.GLARE_COMPLETES: the 6's box crop then fits it)
    monkeypatch.setattr("vision.face.GLARE_COMPLETES", False)
    res = read_scene("finger", i, seed)
    assert res.wrong == 1 and res.misreads[0][:2] == misread


def test_pips_not_the_value_s_more_of_them_or_off_centre() -> None:
    from vision.doubts import not_the_value_s_pips
    t = find_top_face(_die(), 150.0, 150.0, 120.0)  # a whole red 5, all pips seen
    assert t.found and len(t.pips) == 5
    assert not not_the_value_s_pips(t, 5)
    assert not_the_value_s_pips(t, 4)  # five pips: no 4
    right_column = dataclasses.replace(t, pips=t.pips[t.pips[:, 0] > 10])
    assert len(right_column.pips) == 2 and not_the_value_s_pips(right_column, 2)


def test_a_die_the_classifier_loses_under_a_finger_is_reported_as_a_hand(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # development seed 50001 of the finger kind: a finger over a red 2 in the middle;
    # the shipped ensemble calls that die no die, so it is not among the dice
    sc = scene("finger", 10, 50001)
    assert sorted(d.value for d in sc.dice) == [2, 3, 4]
    r = read_dice(sc.image, expected=3)
    assert sorted(d.value for d in r.dice) == [3, 4]  # no die added, no value given
    assert [p.code for p in r.problems] == ["hand", "count"]
    assert r.problems[0].message == ("A hand is over a die at the middle of the tray: "
                                     "take it away and press again.")
    assert r.problems[0].die is None and not r.complete
    # without the check, the table is told only that a die is missing
    monkeypatch.setattr("vision.read.hand_over_missed_die", lambda *a: False)
    assert [p.code for p in read_dice(sc.image, expected=3).problems] == ["count"]


def test_a_lost_die_under_a_hand_needs_the_read_dice_size_a_face_and_the_frame() -> None:
    # a red 5 the classifier is taken to call no die, a finger to its centre
    img = _finger(_die(), (150, 150))
    edge = (0.0, 0.0, 300.0, 300.0)
    det = Detection(150.0, 150.0, 120.0, 0.9)
    # the finger leaves a square top face standing apart: a die's
    assert find_top_face(img, 150.0, 150.0, 120.0).square
    assert hand_over_missed_die(img, det, 120.0, edge)
    assert hand_over_missed_die(img, det, 80.0, edge)  # 1.5 x the dice read
    # no die read to size it by, or dice read well under or over its size
    assert not hand_over_missed_die(img, det, None, edge)
    assert not hand_over_missed_die(img, det, 60.0, edge)
    assert not hand_over_missed_die(img, det, 240.0, edge)
    # cut off by the frame's (or the tray's) edge: reported as cut off, not here
    assert not hand_over_missed_die(img, det, 120.0, (0.0, 120.0, 300.0, 300.0))
    # no hand over it, or no face (the bare floor with the finger over it)
    assert not hand_over_missed_die(_die(), det, 120.0, edge)
    floor = _finger(np.full((300, 300, 3), (40, 110, 40), np.uint8), (150, 150))
    assert not hand_over_missed_die(floor, det, 120.0, edge)


def test_the_hand_message_reaches_the_table_through_the_burst(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # the companion reads bursts (vision.read_burst): the die's own reason stands,
    # not a plain "cannot read" (1717 finger-003 with the first classifier, as above)
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)
    sc = scene("finger", 3, 1717)
    r = read_burst([sc.image, sc.image.copy()], expected=5)
    hands = [p for p in r.problems if "hand is over the die" in p.message]
    assert len(hands) == 1 and hands[0].die is not None
    assert r.dice[hands[0].die].value is None


def test_a_hand_over_every_die_is_reported_as_a_hand_not_as_no_dice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # development seed 50001 of the finger kind: a finger over each of five red dice;
    # the classifier calls every one no die, so no die is read to size them by (since
    # the fifty-eighth pass vision.face.GLARE_COMPLETES finds the 4 at the bottom
    # right, unreadable under its finger, and sizes the dice by it: the unsized case
    # is shown with it off)
    monkeypatch.setattr("vision.face.GLARE_COMPLETES", False)
    sc = scene("finger", 3, 50001)
    assert len(sc.dice) == 5
    r = read_dice(sc.image, expected=5)
    assert r.dice == ()
    assert [p.code for p in r.problems] == ["hand", "count"]
    assert r.problems[0].message == ("Hands are over dice at the left and the bottom "
                                     "right of the tray: take them away and press again.")
    assert [p.code for p in read_dice(sc.image).problems] == ["hand"]  # not "no dice"
    # without the unsized case, the table was told there are no dice in the tray
    monkeypatch.setattr("vision.read.UNSIZED_HAND_SHARE", 1.1)
    assert [p.code for p in read_dice(sc.image).problems] == ["no_dice"]


def test_fingers_that_cut_every_face_short_of_a_square_are_a_hand_not_no_dice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # development seed 50001 of the finger kind, scene 15: a finger across each of
    # four red dice; no value is read, and each top face found is cut short of a
    # square by its finger (vision.read.UNSIZED_CUT_FACE)
    sc = scene("finger", 15, 50001)
    assert sorted(d.value for d in sc.dice) == [3, 4, 6, 6]
    r = read_dice(sc.image, expected=4)
    assert r.dice == ()
    assert [p.code for p in r.problems] == ["hand", "count"]
    assert r.problems[0].message == ("Hands are over dice at the left, the bottom and "
                                     "the right of the tray: take them away and press "
                                     "again.")
    # without it, the table was told there are no dice in the tray
    monkeypatch.setattr("vision.read.UNSIZED_CUT_FACE", False)
    assert [p.code for p in read_dice(sc.image, expected=4).problems] == [
        "not_a_die", "no_dice"]


def test_with_no_die_read_a_face_a_finger_cuts_short_of_a_square_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # a finger right across a red 5, from the top edge of the frame past its bottom
    # edge: the face left is two strips, no square
    img = _die()
    cv2.line(img, (150, 0), (150, 299), SKIN, 34, cv2.LINE_AA)
    edge = (0.0, 0.0, 300.0, 300.0)
    det = Detection(150.0, 150.0, 120.0, 0.9)
    p = VisionParams()
    t = find_top_face(img, 150.0, 150.0, 120.0)
    assert t.found and not t.square
    assert hand_over(img, 150.0, 150.0, 120.0) >= UNSIZED_HAND_SHARE
    assert hand_over_missed_die(img, det, None, edge, p)
    # beside dice read, the face must still be a square (a wooden wall is none)
    assert not hand_over_missed_die(img, det, 120.0, edge)
    monkeypatch.setattr("vision.read.UNSIZED_CUT_FACE", False)
    assert not hand_over_missed_die(img, det, None, edge, p)


def test_with_no_die_read_a_hand_needs_a_large_still_box_and_more_of_the_hand() -> None:
    img = _finger(_die(), (150, 150))
    edge = (0.0, 0.0, 300.0, 300.0)
    det = Detection(150.0, 150.0, 120.0, 0.9)
    p = VisionParams()
    assert hand_over(img, 150.0, 150.0, 120.0) >= UNSIZED_HAND_SHARE
    assert hand_over_missed_die(img, det, None, edge, p)
    assert not hand_over_missed_die(img, det, None, edge)  # no params: no size to go by
    # a box under the size from which a top face is checked
    small = Detection(150.0, 150.0, p.strict_min_px - 1.0, 0.9)
    assert not hand_over_missed_die(img, small, None, edge, p)
    # a finger that covers under a tenth of the disc: a fringe, not a hand
    tip = _finger(_die(), (150, 100))
    share = hand_over(tip, 150.0, 150.0, 120.0)
    assert HAND_SHARE <= share < UNSIZED_HAND_SHARE
    assert hand_over_missed_die(tip, det, 120.0, edge)  # beside dice read: a hand
    assert not hand_over_missed_die(tip, det, None, edge, p)
    # the same die smeared along the finger (still moving): blurred, not a hand
    smeared = cv2.filter2D(img, -1, np.full((61, 1), 1.0 / 61, np.float32))
    assert hand_over(smeared, 150.0, 150.0, 120.0) >= UNSIZED_HAND_SHARE
    assert find_top_face(smeared, 150.0, 150.0, 120.0).square
    assert not hand_over_missed_die(smeared, det, None, edge, p)


def test_a_pip_a_closer_colour_left_out_by_a_finger_is_the_hand_s(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Blind seed 34846 of the kinds, ``finger-015`` (looked at in the thirty-ninth
    pass): a red 4, a finger over one corner pip. The top face found with its colour
    held closer (vision.faceread.TOP_FACE_TIGHTER) left out the pip by the finger, and
    its two pips on a diagonal fit the classifier's 2; the face found at the first
    threshold shows three pips on its own crop. With the finger over the die, that
    face is asked too (vision.doubts.HAND_LOOSE_TOP): unreadable, the hand asked to go."""
    image = scene("finger", 15, 34846).image
    r = read_dice(image)
    near = [k for k, d in enumerate(r.dice)
            if abs(d.center[0] - 787) < 30 and abs(d.center[1] - 562) < 30]
    assert len(near) == 1 and r.dice[near[0]].value is None
    assert any(p.die == near[0] and "hand" in p.message for p in r.problems)
    monkeypatch.setattr("vision.doubts.HAND_LOOSE_TOP", False)
    r = read_dice(image)
    assert [d.value for d in r.dice
            if abs(d.center[0] - 787) < 30 and abs(d.center[1] - 562) < 30] == [2]


def test_every_finger_over_a_die_is_named_a_hand_none_a_thing_to_take_out(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Development seed 50002 of the finger kind, ``finger-012``: a finger over a red
    die at the left and over two red dice at the bottom right, a red 3 clear in the
    middle. The first finger was named a hand; the two dice under the others showed
    no d6 face and were called things to take out of the tray
    (vision.read.EVERY_HAND, vision.read.finger_beside_hand)."""
    image = scene("finger", 12, 50002).image
    r = read_dice(image)
    assert [(d.value, round(d.center[0] / 10), round(d.center[1] / 10)) for d in r.dice] \
        == [(3, 52, 31)]
    assert [(p.code, p.message) for p in r.problems] == [(
        "hand", "Hands are over dice at the left and the bottom right of the tray: "
        "take them away and press again.")]
    monkeypatch.setattr("vision.read.EVERY_HAND", False)
    old = read_dice(image)
    assert old.dice == r.dice  # the message changes, not the dice
    assert [p.code for p in old.problems] == ["hand", "not_a_die"]
    assert old.problems[0].message.startswith("A hand is over a die at the left ")
    assert old.problems[1].message.startswith("Something at the bottom right of the tray "
                                              "is not a die I can read")


def test_a_pip_at_the_centre_of_a_2_under_a_finger_is_a_hidden_3(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Blind seed 97567 of the kinds, ``finger-006`` (looked at in the forty-eighth
    pass): a red 3, a finger across the top of its face over the top corner pip. The
    top face found below the finger is a whole square, and its centre and corner pips
    fit a 2 about it (their centre 0.30 half-sides off, not over HIDDEN_PIP_OFFSET).
    A 2 has no pip at its centre: with the finger over the die, it is unreadable and
    the hand is asked to go (vision.doubts.FINGER_CENTRE_PIP)."""
    image = scene("finger", 6, 97567).image

    def near(r: Reading) -> list[tuple[int, int | None]]:
        return [(k, d.value) for k, d in enumerate(r.dice)
                if abs(d.center[0] - 1134) < 30 and abs(d.center[1] - 335) < 30]

    r = read_dice(image)
    [(k, value)] = near(r)
    assert value is None
    assert any(p.die == k and "hand is over the die" in p.message for p in r.problems)
    monkeypatch.setattr("vision.doubts.FINGER_CENTRE_PIP", ())
    assert [v for _, v in near(read_dice(image))] == [2]


def test_an_unread_die_under_a_finger_beside_a_hand_asks_for_the_hand_to_go(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Development seed 50002 of the finger kind, ``finger-004``: a finger over each
    of four red dice. The die at the top is lost under its finger (a hand named); the
    dice at the left and the right are found and left unread, and the table was told
    to re-throw them. Their fingers are the hand too (vision.read.EVERY_HAND)."""
    image = scene("finger", 4, 50002).image
    r = read_dice(image)
    assert [d.value for d in r.dice] == [None, None]
    assert [(p.code, p.die) for p in r.problems] == [
        ("hand", None), ("unreadable", 0), ("unreadable", 1)]
    assert [p.message for p in r.problems[1:]] == [
        "A hand is over the die at the left: take it away and press again.",
        "A hand is over the die at the right: take it away and press again."]
    monkeypatch.setattr("vision.read.EVERY_HAND", False)
    old = read_dice(image)
    assert old.dice == r.dice
    assert [p.message.split(":")[0] for p in old.problems[1:]] == [
        "Cannot read the die at the left", "Cannot read the die at the right"]


def test_a_thin_finger_along_a_6_s_column_puts_it_in_doubt(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # blind seed 242697, finger scene 9 (looked at when it failed, sixty-fourth pass):
    # a red 6 of about 230 px under two thin fingers, one along a column of its pips
    # (0.038 of the box's disc), read as 3 from the other column at HAND_SHARE 0.04
    res = read_scene("finger", 9, 242697)
    assert (res.correct, res.wrong, res.unreadable, res.missed) == (1, 0, 1, 3)
    monkeypatch.setattr("vision.hands.HAND_SHARE", 0.04)
    res = read_scene("finger", 9, 242697)
    assert (res.correct, res.wrong, res.unreadable, res.missed) == (1, 1, 0, 3)
