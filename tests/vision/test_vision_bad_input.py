"""Bad input: a clear VisionInputError or an empty reading, never an OpenCV exception."""

from typing import Any

import numpy as np
import pytest

from vision import VisionInputError, annotate, check_still, read_dice
from vision.types import Reading


@pytest.mark.parametrize(
    ("image", "words"),
    [
        (np.zeros((0, 0, 3), np.uint8), "at least"),
        (np.zeros((480, 640), np.uint8), "grey"),
        (np.zeros((480, 640, 1), np.uint8), "grey"),
        (np.zeros((480, 640, 4), np.uint8), "alpha"),
        (np.zeros((480, 640, 3), np.float32), "uint8"),
        (np.zeros((480, 640, 3), np.uint16), "uint8"),
        (np.zeros((8, 8, 3), np.uint8), "at least"),
        ([[1, 2, 3]], "numpy array"),
        (None, "numpy array"),
        (np.zeros((480, 640, 3, 2), np.uint8), "H x W x 3"),
    ],
)
def test_bad_arrays_raise_a_clear_error(image: Any, words: str) -> None:
    with pytest.raises(VisionInputError, match=words):
        read_dice(image)


def test_error_is_a_value_error() -> None:
    assert issubclass(VisionInputError, ValueError)


def test_all_black_is_too_dark_and_empty() -> None:
    r = read_dice(np.zeros((480, 640, 3), np.uint8))
    assert r.dice == () and [p.code for p in r.problems] == ["too_dark"]
    assert not r.complete


def test_all_white_is_washed_out_and_empty() -> None:
    r = read_dice(np.full((480, 640, 3), 255, np.uint8))
    assert r.dice == () and [p.code for p in r.problems] == ["too_dark"]


def test_plain_table_has_no_dice() -> None:
    rng = np.random.default_rng(0)
    img = np.clip(rng.normal(110, 3, (480, 640, 3)), 0, 255).astype(np.uint8)
    r = read_dice(img, expected=5)
    assert r.dice == ()
    assert "no_dice" in [p.code for p in r.problems]


def test_twenty_megapixels_is_read_or_refused_cleanly() -> None:
    img = np.full((3648, 5472, 3), 120, np.uint8)
    r = read_dice(img)
    assert isinstance(r, Reading) and r.dice == ()


def test_over_the_pixel_limit_is_refused() -> None:
    img = np.zeros((100, 100, 3), np.uint8)
    from vision import VisionParams

    with pytest.raises(VisionInputError, match="megapixels"):
        read_dice(img, params=VisionParams(max_pixels=5000))


def test_non_contiguous_and_odd_sizes_are_fine() -> None:
    rng = np.random.default_rng(1)
    img = rng.integers(0, 255, (301, 517, 3), dtype=np.uint8)[:, ::-1]
    assert isinstance(read_dice(img), Reading)
    assert isinstance(read_dice(np.ascontiguousarray(img[:17, :17])), Reading)


def test_negative_expected_is_refused() -> None:
    with pytest.raises(ValueError, match="expected"):
        read_dice(np.zeros((64, 64, 3), np.uint8), expected=-1)


def test_still_check_refuses_bad_bursts() -> None:
    with pytest.raises(VisionInputError, match="at least 2"):
        check_still([np.zeros((64, 64, 3), np.uint8)])
    with pytest.raises(VisionInputError, match="differ"):
        check_still([np.zeros((64, 64, 3), np.uint8), np.zeros((64, 65, 3), np.uint8)])


def test_annotate_refuses_a_bad_image() -> None:
    with pytest.raises(VisionInputError):
        annotate(np.zeros((64, 64), np.uint8), Reading())
