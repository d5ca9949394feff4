"""A numeral's strokes are no pip (vision.face.stroke_likeness): a blob of a pip's
size shaped like a stroke is a mark, so a numeral d6 or a d8..d20's numeral is not
read as the one pip of a 1; a disc, two merged pips and a pip bitten by glare stay
under the bar."""

import cv2
import numpy as np
import pytest

from tools.vision.kinds import FIRST_FACE, read_scene
from vision.face import FACE_PX, STROKE, _holed, find_pips, stroke_likeness


def _blob(draw) -> tuple[np.ndarray, int]:  # type: ignore[no-untyped-def]
    m = np.zeros((40, 40), np.uint8)
    draw(m)
    return m > 0, int((m > 0).sum())


def test_a_disc_is_about_one() -> None:
    b, a = _blob(lambda m: cv2.circle(m, (20, 20), 8, 1, -1))
    assert 0.7 < stroke_likeness(b, a) < 1.3


def test_two_merged_pips_and_a_bitten_pip_stay_under_the_bar() -> None:
    b, a = _blob(lambda m: (cv2.circle(m, (14, 20), 6, 1, -1), cv2.circle(m, (25, 20), 6, 1, -1)))
    assert 1.5 < stroke_likeness(b, a) < STROKE

    def bitten(m: np.ndarray) -> None:
        cv2.circle(m, (20, 20), 8, 1, -1)
        cv2.circle(m, (23, 17), 4, 0, -1)  # a glare spot over part of it
    b, a = _blob(bitten)
    assert stroke_likeness(b, a) < STROKE


def test_a_numeral_is_stroke_like() -> None:
    def seven(m: np.ndarray) -> None:
        cv2.line(m, (8, 8), (30, 8), 1, 4)
        cv2.line(m, (30, 8), (16, 32), 1, 4)
    b, a = _blob(seven)
    assert stroke_likeness(b, a) > STROKE


def _face(draw) -> np.ndarray:  # type: ignore[no-untyped-def]
    face = np.full((FACE_PX, FACE_PX, 3), 225, np.uint8)
    draw(face)
    return face


def test_a_numeral_on_a_face_is_a_mark_not_a_pip(monkeypatch: pytest.MonkeyPatch) -> None:
    def numeral(f: np.ndarray) -> None:  # a blocky "7" with a foot, a pip's size
        for a, b in (((20, 20), (27, 20)), ((26, 20), (26, 28)), ((26, 28), (21, 28))):
            cv2.line(f, a, b, (20, 20, 20), 3)
    face = _face(numeral)
    pc = find_pips(face)
    assert pc.fit.value is None and pc.marks == 1 and not pc.clean
    # without the stroke test it passes for the one pip of a 1
    monkeypatch.setattr("vision.face.STROKE", 99.0)
    assert find_pips(face).fit.value == 1 and find_pips(face).clean


def test_a_round_pip_is_a_1() -> None:
    pc = find_pips(_face(lambda f: cv2.circle(f, (24, 24), 6, (20, 20, 20), -1)))
    assert pc.fit.value == 1 and pc.clean


@pytest.mark.parametrize(("seed", "i"), [(402, 4), (606, 4), (707, 14)])
def test_numeral_dice_are_no_1s(seed: int, i: int) -> None:
    # numeral d6s, large, the numeral read as the one pip of a 1 before
    res = read_scene("numerals-text", i, seed)
    assert (res.wrong, res.false) == (0, 0), (res.misreads, res.false)


def test_a_loop_is_a_hole_and_a_disc_has_none() -> None:
    """vision.face._holed: a pip is a filled disc; an 8, a 6, a 9 or a 0 has a loop."""
    def blob(draw) -> np.ndarray:  # type: ignore[no-untyped-def]
        m = np.zeros((20, 20), np.uint8)
        draw(m)
        return m > 0
    assert not _holed(blob(lambda m: cv2.circle(m, (10, 10), 6, 1, -1)))
    assert _holed(blob(lambda m: cv2.circle(m, (10, 10), 6, 1, 4)))  # a 0
    eight = blob(lambda m: [cv2.circle(m, (10, y), 4, 1, 3) for y in (6, 13)])
    assert _holed(eight)
    one_px = blob(lambda m: cv2.circle(m, (10, 10), 6, 1, -1))
    one_px[10, 10] = False  # a single pixel of noise is no loop
    assert not _holed(one_px)


def test_a_d12_numeral_is_no_1(monkeypatch: pytest.MonkeyPatch) -> None:
    # a d12 seen whole on green felt, its numeral 8 (on its side, as round as a pip
    # and filled but for its two loops) read as a 1's pip at 0.98
    assert read_scene("polyhedra", 12, 1717).wrong == 0
    monkeypatch.setattr("vision.face._holed", lambda blob: False)
    # (its face's facets, over vision.doubts.FACETS, give it away too: at the bar
    # before, 4.0, they did not)
    monkeypatch.setattr("vision.doubts.FACETS", 4.0)
    assert read_scene("polyhedra", 12, 1717).wrong == 0
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    # and since the nineteenth pass its small pentagon face (D12_FACE) or the rest
    # of its glyph beside the "pip" (ODD_BLOB_VALUES) give it away as well
    monkeypatch.setattr("vision.doubts.D12_FACE", 0.0)
    monkeypatch.setattr("vision.doubts.ODD_BLOB_VALUES", ())
    monkeypatch.setattr("vision.doubts.FACE_REFIT", 0)  # a box of its face's size doubts it too
    monkeypatch.setattr("vision.doubts.LOOPED_PIP", False)  # the numeral's loop at the
    # frame's resolution (fifty-first pass) gives it away too
    assert read_scene("polyhedra", 12, 1717).wrong == 1
