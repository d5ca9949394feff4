"""`vision.crops.die_crop`: where the crop is centred, its scale, its turn, and that a
big die is area-averaged (not aliased) whichever path cuts it (bilinear alone up to a
shrink of 1.5, an area resize first beyond)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.crops import die_crop

OUT = 48
#: Die sides (px) on both paths: up to 72 px one bilinear warp; 73.. px an area resize
#: before it (a 48 px crop spans 1.2 sides: scale 48 / side).
SIDES = (20.0, 47.0, 72.0, 73.0, 110.0, 150.0, 230.0, 300.0)


def _disc(cx: float, cy: float, r: float, shape: tuple[int, int] = (900, 900)) -> np.ndarray:
    """A white disc of radius r px at (cx, cy) (sub-pixel, drawn 4 times larger and
    area-shrunk) on black, BGR uint8."""
    big = np.zeros((shape[0] * 4, shape[1] * 4), np.uint8)
    cv2.circle(big, (round(cx * 4 + 1.5), round(cy * 4 + 1.5)), round(r * 4), 255, -1)
    grey = cv2.resize(big, (shape[1], shape[0]), interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR)


def _centroid(crop: np.ndarray) -> tuple[float, float, float]:
    """x, y (px) and area (px^2) of the bright part of a crop."""
    g = crop[..., 0].astype(np.float64) / 255
    ys, xs = np.mgrid[: g.shape[0], : g.shape[1]]
    m = g.sum()
    return float((g * xs).sum() / m), float((g * ys).sum() / m), float(m)


@pytest.mark.parametrize("side", SIDES)
def test_the_die_centre_lands_at_the_crop_centre_at_the_right_scale(side: float) -> None:
    cx, cy, r = 431.375, 377.625, side * 0.3  # on the drawing grid of _disc
    img = _disc(cx, cy, r)
    for angle in (0.0, 37.0):
        crop = die_crop(img, cx, cy, side, angle, OUT)
        assert crop.shape == (OUT, OUT, 3) and crop.dtype == np.uint8
        x, y, area = _centroid(crop)
        # the source point (cx, cy) maps to (OUT / 2, OUT / 2) in OpenCV's pixel-centre
        # coordinates: within a fifth of a pixel on the warp alone; the area resize
        # scales the centre's coordinates without the half-pixel shift, which leaves
        # the die up to a third of a pixel off the centre. The classifier
        # was trained on crops cut so: a crop without that shift (and halvings for
        # speed) read the kinds' scenes otherwise, with more misreads
        # (docs/vision-history.md, seventh pass), so it stays.
        tol = 0.2 if OUT / side >= 0.66 else 0.4
        assert abs(x - OUT / 2) < tol and abs(y - OUT / 2) < tol, (side, angle, x, y)
        want = np.pi * (r * OUT / side) ** 2
        assert abs(area - want) / want < 0.04, (side, area, want)


@pytest.mark.parametrize("side", (150.0, 300.0))
def test_a_big_die_is_area_averaged_not_aliased(side: float) -> None:
    # a checkerboard of 1 px squares: averaged, it is an even grey; sampled, it is not
    yy, xx = np.mgrid[:900, :900]
    board = ((xx + yy) % 2 * 255).astype(np.uint8)
    img = cv2.cvtColor(board, cv2.COLOR_GRAY2BGR)
    crop = die_crop(img, 450.0, 450.0, side, 20.0, OUT)
    assert abs(float(crop.mean()) - 127.5) < 3 and float(crop.std()) < 3, crop.std()


def test_a_turn_turns_the_crop() -> None:
    # a bar to the right of the centre is found above the centre after a turn of 90
    # degrees (OpenCV's angles are counter-clockwise on the screen)
    img = np.zeros((600, 600, 3), np.uint8)
    cv2.rectangle(img, (300, 290), (360, 310), (255, 255, 255), -1)
    for side in (100.0, 250.0):
        flat = die_crop(img, 300.0, 300.0, side, 0.0, OUT)
        turned = die_crop(img, 300.0, 300.0, side, 90.0, OUT)
        fx, fy, _ = _centroid(flat)
        tx, ty, _ = _centroid(turned)
        assert fx > OUT / 2 + 3 and abs(fy - OUT / 2) < 1, (fx, fy)
        assert ty < OUT / 2 - 3 and abs(tx - OUT / 2) < 1, (tx, ty)


def test_a_die_at_the_edge_is_cut_with_the_border_replicated() -> None:
    img = np.full((200, 300, 3), 90, np.uint8)
    img[:, :5] = 200
    for side in (40.0, 180.0):
        crop = die_crop(img, 2.0, 100.0, side, 0.0, OUT)
        assert crop.shape == (OUT, OUT, 3)
        # the bright 5 px at the image's left edge spread over the whole outside part
        assert int(crop[OUT // 2, 0, 0]) == 200 and int(crop[OUT // 2, -1, 0]) == 90


@pytest.mark.parametrize("side", SIDES)
def test_an_upright_crop_cut_from_less_room_is_the_same_die(side: float) -> None:
    # room=0.5 (the colour checks' upright crops) averages only the square itself:
    # the die at the same place and scale, the pixels within about a level of the
    # crop cut with room to turn
    cx, cy, r = 431.375, 377.625, side * 0.3
    img = _disc(cx, cy, r)
    for out in (OUT, 112):
        roomy = die_crop(img, cx, cy, side, 0.0, out)
        tight = die_crop(img, cx, cy, side, 0.0, out, room=0.5)
        x, y, area = _centroid(tight)
        tol = 0.2 if out / side >= 0.66 else 0.4
        assert abs(x - out / 2) < tol and abs(y - out / 2) < tol, (side, out, x, y)
        assert abs(area - _centroid(roomy)[2]) / area < 0.01
        assert float(np.abs(tight.astype(int) - roomy.astype(int)).mean()) < 1.0
