"""Clear synthetic photos of a bar's dice tray, for the app's tests.

White dice with black pips on dark green felt, seen from straight above, apart from
each other: what the fixed camera over a tray sees on a good night. The reader's own
tests cover the hard cases; these trays exercise the app, so they must be easy.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.layouts import LAYOUTS

WIDTH, HEIGHT = 640, 480
FELT = (40.0, 80.0, 35.0)  # BGR
FACE = (235.0, 235.0, 235.0)
PIP = (25.0, 25.0, 25.0)
# Spots on a 3 x 2 grid (px), so dice never touch.
SPOTS = [(130, 140), (320, 140), (510, 140), (130, 340), (320, 340), (510, 340)]


def tray(*values: int, seed: int = 0) -> NDArray[np.uint8]:
    """A photo of the tray holding dice with these face values (at most 6)."""
    rng = np.random.default_rng(seed)
    image = np.empty((HEIGHT, WIDTH, 3), np.float32)
    image[:] = FELT
    image += rng.normal(0, 4, (HEIGHT, WIDTH, 1))
    img = np.clip(image, 0, 255).astype(np.uint8)
    order = rng.permutation(len(SPOTS))[: len(values)]
    for value, spot in zip(values, order, strict=True):
        x, y = SPOTS[int(spot)]
        center = (x + float(rng.uniform(-25, 25)), y + float(rng.uniform(-25, 25)))
        draw(img, value, center, float(rng.uniform(62, 72)), float(rng.uniform(0, 90)))
    return img


def draw(img: NDArray[np.uint8], value: int, center: tuple[float, float], side: float,
         angle_deg: float) -> None:
    """Draw one die (top face only) in place: a white square with black pips."""
    th = np.radians(angle_deg)
    rot = np.array([[np.cos(th), -np.sin(th)], [np.sin(th), np.cos(th)]])
    corners = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]]) * side / 2 @ rot.T + center
    cv2.fillConvexPoly(img, np.round(corners * 16).astype(np.int32), FACE, cv2.LINE_AA, 4)
    for px, py in LAYOUTS[value]:
        x, y = rot @ np.array([px, py]) * (side / 2) + center
        cv2.circle(img, (round(x * 16), round(y * 16)), round(side * 0.09 * 16), PIP, -1,
                   cv2.LINE_AA, 4)


def dark() -> NDArray[np.uint8]:
    """The lights went out: a nearly black frame."""
    return np.full((HEIGHT, WIDTH, 3), 3, np.uint8)


#: The bank zone of :func:`tray_with_bank`: a strip on the right, px.
BANK_ZONE = (640.0, 0.0, 800.0, 480.0)


def tray_with_bank(throw: tuple[int, ...], banked: tuple[int, ...], seed: int = 0
                   ) -> NDArray[np.uint8]:
    """An 800 x 480 tray: the thrown dice on the left, banked dice in the strip on the
    right (:data:`BANK_ZONE`), the strip marked by a light line as a bar would tape it."""
    rng = np.random.default_rng(seed)
    image = np.empty((HEIGHT, 800, 3), np.float32)
    image[:] = FELT
    image += rng.normal(0, 4, (HEIGHT, 800, 1))
    img = np.clip(image, 0, 255).astype(np.uint8)
    cv2.line(img, (640, 0), (640, HEIGHT), (200, 200, 200), 3)
    order = rng.permutation(len(SPOTS))[: len(throw)]
    for value, spot in zip(throw, order, strict=True):
        x, y = SPOTS[int(spot)]
        draw(img, value, (x + float(rng.uniform(-20, 20)), y + float(rng.uniform(-20, 20))),
             66.0, float(rng.uniform(0, 90)))
    for i, value in enumerate(banked):
        draw(img, value, (720.0, 90.0 + 150.0 * i), 66.0, float(rng.uniform(0, 90)))
    return img
