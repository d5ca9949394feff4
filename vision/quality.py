"""Whole-image checks: too dark or washed out, blurred."""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .types import Problem, VisionParams


def grey_small(image: NDArray[np.uint8], width: int = 512) -> NDArray[np.uint8]:
    """A grey copy ``width`` px wide (never enlarged) for whole-image measures."""
    h, w = image.shape[:2]
    scale = min(1.0, width / w)
    small = cv2.resize(image, (max(int(w * scale), 1), max(int(h * scale), 1)),
                       interpolation=cv2.INTER_AREA) if scale < 1 else image
    return np.asarray(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY), np.uint8)


def sharpness(grey: NDArray[np.uint8]) -> float:
    """Variance of the Laplacian (a standard focus measure; higher is sharper)."""
    return float(cv2.Laplacian(grey, cv2.CV_32F).var())


def image_problems(image: NDArray[np.uint8], params: VisionParams) -> list[Problem]:
    """Problems that make the whole image unusable: ``too_dark`` or ``blurred``."""
    grey = grey_small(image)
    mean = float(grey.mean())
    if mean < params.dark_mean:
        return [Problem("too_dark", "Too dark to read the dice: turn on the tray light "
                        "and press the button again.")]
    if mean > params.bright_mean:
        return [Problem("too_dark", "The picture is washed out (too bright): check the "
                        "light over the tray and press the button again.")]
    if float(grey.std()) < 4.0:
        return []  # a blank, even scene: nothing to be sharp (reported as no dice)
    if sharpness(grey) < params.blur_min_sharpness:
        return [Problem("blurred", "The picture is blurred: keep the camera and the dice "
                        "still and press the button again.")]
    return []
