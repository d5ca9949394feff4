"""Pip layouts: every face fits its own layout at any angle; specks do not fit."""

import math

import numpy as np
import pytest

from vision.layouts import LAYOUTS, fit_layout


@pytest.mark.parametrize("value", range(1, 7))
@pytest.mark.parametrize("angle", [0.0, 17.0, 45.0, 71.0])
@pytest.mark.parametrize("scale", [0.85, 1.0, 1.2])
def test_each_layout_fits_itself_turned_and_scaled(value: int, angle: float, scale: float) -> None:
    a = math.radians(angle)
    rot = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    pts = LAYOUTS[value] @ rot.T * scale * 20.0
    fit = fit_layout(pts, face_half=20.0)
    assert fit.value == value


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


def test_too_many_or_no_pips() -> None:
    assert fit_layout(np.zeros((0, 2)), face_half=20.0).value is None
    assert fit_layout(np.zeros((7, 2)), face_half=20.0).value is None
