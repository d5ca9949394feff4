"""vision.stats gives numpy's percentiles and medians, to the bit (the reader's checks
compare them with thresholds, so a faster version must not move a single value), but
for one case: a scalar percentile of float32 data, which numpy itself computes
differently from version to version (float64 on numpy 1, the OS's on Raspberry Pi OS
Bookworm; float32 by other arithmetic on numpy 2.2, Trixie's, than on
numpy 2.4; up to 2 float32 steps apart): there within 4 float32 steps of the
installed numpy's value, in its dtype
(found by the emulated arm64 runs, ``tools/pi/emulated-test``)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.crops import shrink_area
from vision.stats import distance3, median, percentile, percentile_along, percentiles

DTYPES = (np.uint8, np.float32, np.float64)


def _data(rng: np.random.Generator, shape: tuple[int, ...], dtype: type) -> np.ndarray:
    if dtype is np.uint8:
        return rng.integers(0, 256, shape).astype(np.uint8)
    return (rng.random(shape) * 255).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_percentile_is_numpys(dtype: type) -> None:
    rng = np.random.default_rng(7)
    for n in (*range(1, 12), 63, 64, 200, 2304):
        a = _data(rng, (n,), dtype)
        for q in (0.0, 0.5, 3, 50, 60, 90, 97, 98, 99, 99.5, 99.8, 100.0):
            want = np.percentile(a, q)
            if dtype is np.float32:
                step = float(np.spacing(np.float32(want)))
                assert abs(percentile(a, q) - float(want)) <= 4 * step, (n, q)
            else:
                assert percentile(a, q) == float(want), (n, q)


@pytest.mark.parametrize("dtype", DTYPES)
def test_percentiles_of_a_sequence_are_numpys(dtype: type) -> None:
    rng = np.random.default_rng(8)
    for n in (1, 2, 5, 40, 1600):
        a = _data(rng, (n,), dtype)
        want = np.percentile(a, (3, 50, 97))
        got = percentiles(a, (3, 50, 97))
        assert got.dtype == want.dtype and np.array_equal(got, want), n


@pytest.mark.parametrize("dtype", DTYPES)
def test_percentile_along_an_axis_is_numpys(dtype: type) -> None:
    rng = np.random.default_rng(9)
    a = _data(rng, (4096, 12), dtype)
    want = np.percentile(a, 99, axis=0)
    got = percentile_along(a, 99, 0)
    assert got.dtype == want.dtype
    if dtype is np.float32:
        np.testing.assert_array_max_ulp(got.astype(np.float32), want.astype(np.float32), 4)
    else:
        assert np.array_equal(got, want)


@pytest.mark.parametrize("dtype", DTYPES)
def test_median_is_numpys(dtype: type) -> None:
    rng = np.random.default_rng(10)
    for shape, axis in (((7,), None), ((8,), None), ((257, 3), 0), ((256, 3), 0),
                        ((8, 51), 1), ((8, 50), 1), ((6, 5), None)):
        a = _data(rng, shape, dtype)
        want = np.median(a, axis=axis)
        got = median(a, axis=axis)
        assert np.asarray(want).dtype == got.dtype and np.array_equal(want, got), shape


def test_empty_arrays_are_refused() -> None:
    with pytest.raises(ValueError):
        percentile(np.zeros(0), 50)
    with pytest.raises(ValueError):
        median(np.zeros((0, 3)), axis=0)
    with pytest.raises(ValueError):
        percentile_along(np.zeros((0, 3)), 99, 0)


@pytest.mark.parametrize("dtype", (np.float32, np.float64))
def test_distance3_is_numpys_norm(dtype: type) -> None:
    rng = np.random.default_rng(11)
    lab = _data(rng, (112, 112, 3), dtype)
    colour = _data(rng, (3,), dtype)
    want = np.linalg.norm(lab - colour, axis=2)
    got = distance3(lab, colour)
    assert got.dtype == want.dtype and np.array_equal(got, want)



@pytest.mark.parametrize(("src", "dst"), [((720, 1280), (180, 320)), ((480, 640), (240, 320)),
                                          ((721, 1281), (180, 320)), ((100, 90), (37, 33))])
def test_shrink_area_is_one_area_resize_to_within_rounding(
        src: tuple[int, int], dst: tuple[int, int]) -> None:
    # a photo-like image: smooth shading with edges (noise blurred over a few px)
    noise = np.random.default_rng(3).integers(0, 256, (*src, 3), dtype=np.uint8)
    img = cv2.normalize(cv2.GaussianBlur(noise, (0, 0), 3), None, 0, 255, cv2.NORM_MINMAX)
    want = cv2.resize(img, (dst[1], dst[0]), interpolation=cv2.INTER_AREA).astype(int)
    got = shrink_area(img, (dst[1], dst[0]))
    assert got.shape == (*dst, 3) and got.dtype == np.uint8
    diff = np.abs(got.astype(int) - want)
    # exact halvings then the rest: the same average of the same pixels, to within
    # rounding (a halving's rounding, carried through the rest of the shrink)
    assert float(diff.mean()) < 1.5 and int(diff.max()) <= 8, (diff.mean(), diff.max())
    if src[0] % 2 or src[1] % 2:  # an odd side: one area resize, as OpenCV's
        assert int(diff.max()) == 0
