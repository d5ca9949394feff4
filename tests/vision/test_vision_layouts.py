"""Pip layouts: every face fits its own layout at any angle; specks do not fit."""

import math

import numpy as np
import pytest

from tools.vision.kinds import FIRST_FACE
from vision.layouts import CONTAINED_IN, LAYOUTS, could_be_part_of, fit_layout


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("angle", [0.0, 17.0, 45.0, 71.0, 100.0, 135.0, 160.0])
@pytest.mark.parametrize("scale", [0.85, 1.0, 1.2])
def test_each_layout_fits_itself_turned_and_scaled(value: int, angle: float, scale: float) -> None:
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pts = LAYOUTS[value] @ rot.T * scale * 20.0
    fit = fit_layout(pts, face_half=20.0)
    assert fit.value == value


@pytest.mark.parametrize("value", [2, 3, 6])
def test_a_free_fit_turns_half_a_turn_for_the_faces_a_quarter_turn_changes(
        value: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """A 2 on a face's other diagonal, or a 6 in two rows, is its layout turned by
    90..180 degrees: a free fit over 0..90 degrees missed it (FREE_HALF_TURN)."""
    a = math.radians(135.0)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pts = LAYOUTS[value] @ rot.T * 20.0
    assert fit_layout(pts, face_half=20.0).value == value
    monkeypatch.setattr("vision.layouts.FREE_HALF_TURN", False)
    assert fit_layout(pts, face_half=20.0).value is None


def test_a_two_with_a_speck_is_not_a_three() -> None:
    pts = np.array([[-10.0, -10.0], [10.0, 10.0], [3.0, -9.0]])
    assert fit_layout(pts, face_half=20.0).value is None


def test_a_two_split_sideways_is_not_a_two() -> None:
    # two pips side by side near the centre: not the diagonal of a 2
    pts = np.array([[-3.0, 0.0], [3.0, 0.0]])
    assert fit_layout(pts, face_half=20.0).value is None


def test_pips_off_the_face_centre_do_not_fit() -> None:
    pts = LAYOUTS[4] * 20.0 + np.array([12.0, 0.0])
    assert fit_layout(pts, face_half=20.0).value is None


def test_a_fit_spoiled_only_by_its_place_gives_the_pips_centre() -> None:
    """A 4 whose pips lie 0.45 half-sides right of and 0.2 below the crop's centre:
    the shape fits (residual about 0), the place does not (offset over 0.35), and the
    fit says where the pips' centre is, so that the face can be looked at again."""
    pts = (LAYOUTS[4] + np.array([0.45, 0.2])) * 20.0
    fit = fit_layout(pts, face_half=20.0)
    assert fit.value is None and fit.residual < 0.01
    assert fit.centroid == pytest.approx((0.45, 0.2))
    assert fit.offset == pytest.approx(math.hypot(0.45, 0.2))


def test_too_many_or_no_pips() -> None:
    assert fit_layout(np.zeros((0, 2)), face_half=20.0).value is None
    assert fit_layout(np.zeros((7, 2)), face_half=20.0).value is None


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("angle", [-10.0, 0.0, 8.0, 88.0])
def test_aligned_fit_takes_layouts_square_with_the_face(value: int, angle: float) -> None:
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pts = LAYOUTS[value] @ rot.T * 20.0
    assert fit_layout(pts, face_half=20.0, aligned=True).value == value


def test_aligned_fit_refuses_a_two_along_an_edge() -> None:
    # two pips one above the other (a 1 and a pip of a side face seen below it, say):
    # the right distance apart for a 2, but not on a diagonal of the face
    pts = np.array([[1.0, -12.0], [-1.0, 13.0]])
    assert fit_layout(pts, face_half=20.0).value == 2  # any turn: fits a 2
    assert fit_layout(pts, face_half=20.0, aligned=True).value is None


def _same_places(small: np.ndarray, big: np.ndarray) -> bool:
    """Every pip of ``small`` on a pip of ``big`` for one of the square's 8 symmetries."""
    for k in range(4):
        for flip in (False, True):
            pts = np.rot90(np.eye(2), k) @ (small * ([-1, 1] if flip else [1, 1])).T
            if all(np.min(np.hypot(*(big - p).T)) < 1e-9 for p in pts.T):
                return True
    return False


@pytest.mark.parametrize("seen", range(1, 7))
def test_contained_in_is_the_layouts(seen: int) -> None:
    """The table is the d6 geometry: a face's pips are all among another's."""
    want = {v for v in range(1, 7) if v != seen and _same_places(LAYOUTS[seen], LAYOUTS[v])}
    assert set(CONTAINED_IN[seen]) == want
    assert could_be_part_of(seen, seen)


def test_a_3_whose_middle_pip_is_off_its_corners_midpoint_is_no_3() -> None:
    # corners and middle pip in line (a 3 seen at any turn or slant) fit; a middle
    # "pip" pulled a third of the way off the line (glare beside the middle of a
    # red 2, on its top face's crop) does not
    straight = np.array([[12.0, -13.0], [0.5, -2.0], [-11.0, 9.0]])
    assert fit_layout(straight, face_half=24.0, aligned=True).value == 3
    bent = np.array([[12.0, -13.0], [-5.0, -9.0], [-11.0, 9.0]])
    assert fit_layout(bent, face_half=24.0, aligned=True).value is None
    # before the midpoint check, the bent one passed within the residual (0.25)
    assert fit_layout(bent, face_half=24.0, aligned=True).residual < 0.28


def test_a_red_2_whose_centre_glare_is_off_the_line_is_no_3(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tools.vision.kinds import read_scene

    assert read_scene("specks", 6, 3030).wrong == 0
    monkeypatch.setattr("vision.model.FACE", FIRST_FACE)  # the misread's classifier
    monkeypatch.setattr("vision.layouts.MIDDLE_PIP", 99.0)
    monkeypatch.setattr("vision.faceread.GLARE_ON_BOX_HOLDS", False)  # the box crop's glare doubt
    # stands against the top face's crop (fifty-first pass): it catches this one too
    assert read_scene("specks", 6, 3030).wrong == 1
