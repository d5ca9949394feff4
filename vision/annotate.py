"""Drawing a reading over the image it came from (for the display and for people)."""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .types import Reading
from .validate import check_image

_READ = (60, 220, 60)  # BGR: read die
_UNREAD = (0, 170, 255)  # BGR: seen, not readable
_BANKED = (255, 160, 40)  # BGR: banked die


def annotate(image: NDArray[np.uint8], reading: Reading) -> NDArray[np.uint8]:
    """Return a copy of ``image`` with each die's face outlined and its value written.

    Read dice are green with their value, unreadable dice orange with "?", banked dice
    blue; problems about single dice add a "!" mark. The input is not changed.

    Args:
        image: H x W x 3 uint8 BGR, the image the reading came from.
        reading: the :class:`Reading` to draw.

    Returns:
        a new H x W x 3 uint8 BGR array.

    Raises:
        VisionInputError: ``image`` is not H x W x 3 uint8.
    """
    out = check_image(image).copy()
    h, w = out.shape[:2]
    thick = max(1, round(max(h, w) / 500))
    flagged = {p.die for p in reading.problems if p.die is not None}
    groups = [(d, i, False) for i, d in enumerate(reading.dice)]
    groups += [(d, -1, True) for d in reading.banked]
    for die, index, banked in groups:
        colour = _BANKED if banked else (_READ if die.value is not None else _UNREAD)
        pts = np.array(die.corners, np.float32).reshape(-1, 1, 2)
        cv2.polylines(out, [np.round(pts).astype(np.int32)], True, colour, thick, cv2.LINE_AA)
        label = "?" if die.value is None else str(die.value)
        if index in flagged:
            label += "!"
        size = max(die.size, 12.0)
        scale = max(0.4, size / 40.0)
        x = int(die.center[0] - size / 2)
        y = int(die.center[1] - size / 2 - 3)
        cv2.putText(out, label, (x, max(y, 12)), cv2.FONT_HERSHEY_SIMPLEX, scale, (0, 0, 0),
                    thick + 2, cv2.LINE_AA)
        cv2.putText(out, label, (x, max(y, 12)), cv2.FONT_HERSHEY_SIMPLEX, scale, colour,
                    thick, cv2.LINE_AA)
    return out
