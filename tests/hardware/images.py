"""Image helpers for the hardware tests."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np


def solid(value: int, size: tuple[int, int] = (8, 12)) -> np.ndarray:
    """An ``H x W x 3`` uint8 image of one grey level (height, width = ``size``)."""
    return np.full((size[0], size[1], 3), value, dtype=np.uint8)


def write_image(path: Path, value: int, size: tuple[int, int] = (8, 12)) -> Path:
    """Write a solid PNG (lossless, so the value reads back exactly); return its path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    assert cv2.imwrite(str(path), solid(value, size))
    return path
