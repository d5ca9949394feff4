"""Stillness over a burst of frames: are the dice still rolling?"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import cv2
import numpy as np
from numpy.typing import NDArray

from .quality import grey_small
from .types import Problem, VisionParams
from .validate import check_frames


def check_still(
    frames: Sequence[NDArray[np.uint8]], params: VisionParams | None = None
) -> Problem | None:
    """Say whether anything moved across a short burst of frames.

    Each frame (H x W x 3 uint8 BGR, all one size, at least 2) is reduced to a
    512 px wide grey copy and slightly blurred (sensor noise); the largest mean
    absolute change between consecutive frames, over the 16 x 16 cells of a grid
    (so one small die moving shows), is compared with ``params.still_max_change``.

    Returns:
        ``Problem("moving", ...)`` when something moved, else ``None``.

    Raises:
        VisionInputError: fewer than 2 frames, a bad frame, or sizes that differ.
    """
    p = params or VisionParams()
    checked = check_frames(frames, p.max_pixels)
    greys = [cv2.GaussianBlur(grey_small(f), (5, 5), 0).astype(np.float32) for f in checked]
    worst = 0.0
    for a, b in itertools.pairwise(greys):
        diff = np.abs(a - b)
        h, w = diff.shape
        gh, gw = max(h // 16, 1), max(w // 16, 1)
        cells = cv2.resize(diff, (max(w // gw, 1), max(h // gh, 1)), interpolation=cv2.INTER_AREA)
        worst = max(worst, float(cells.max()))
    if worst > p.still_max_change:
        return Problem("moving", "Wait: the dice are still moving. Press again when they stop.")
    return None
