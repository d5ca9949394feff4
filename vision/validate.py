"""Checking an input array before any OpenCV call touches it.

>>> import numpy as np
>>> try:
...     check_image(np.zeros((4, 4), np.uint8))
... except VisionInputError as err:
...     print(str(err)[:44])
image must be H x W x 3 (BGR), got shape (4,
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numpy.typing import NDArray

from .types import VisionInputError

#: Smallest image side accepted, px: below this no die can be read.
MIN_SIDE_PX = 16


def check_image(image: Any, max_pixels: int = 40_000_000) -> NDArray[np.uint8]:
    """Return ``image`` as a C-contiguous H x W x 3 uint8 BGR array, or raise.

    Raises:
        VisionInputError: not a numpy array, not 3 channels of uint8, smaller than
            16 x 16 px, or more than ``max_pixels`` pixels.
    """
    if not isinstance(image, np.ndarray):
        raise VisionInputError(
            f"image must be a numpy array (H x W x 3, uint8, BGR), got {type(image).__name__}"
        )
    if image.ndim == 2 or (image.ndim == 3 and image.shape[2] == 1):
        raise VisionInputError(
            f"image must be H x W x 3 (BGR), got shape {image.shape}: a grey image? "
            "convert it with cv2.cvtColor(img, cv2.COLOR_GRAY2BGR)"
        )
    if image.ndim != 3 or image.shape[2] not in (3, 4):
        raise VisionInputError(f"image must be H x W x 3 (BGR), got shape {image.shape}")
    if image.shape[2] == 4:
        raise VisionInputError(
            f"image has 4 channels (shape {image.shape}); drop alpha first: img[:, :, :3]"
        )
    if image.dtype != np.uint8:
        raise VisionInputError(
            f"image must be uint8 (0..255), got dtype {image.dtype}; "
            "scale and convert it, e.g. (img * 255).clip(0, 255).astype(np.uint8)"
        )
    h, w = int(image.shape[0]), int(image.shape[1])
    if h < MIN_SIDE_PX or w < MIN_SIDE_PX:
        raise VisionInputError(
            f"image is {w} x {h} px; at least {MIN_SIDE_PX} x {MIN_SIDE_PX} px is needed"
        )
    if h * w > max_pixels:
        raise VisionInputError(
            f"image is {w} x {h} px ({h * w / 1e6:.1f} megapixels), over the limit of "
            f"{max_pixels / 1e6:.0f} megapixels; resize it first"
        )
    return np.ascontiguousarray(image)


def check_frames(frames: Any, max_pixels: int = 40_000_000) -> list[NDArray[np.uint8]]:
    """Return a burst of frames checked with :func:`check_image`, all one size, or raise.

    Raises:
        VisionInputError: fewer than 2 frames, a bad frame, or frames of different sizes.
    """
    try:
        items = list(frames)
    except TypeError as err:
        raise VisionInputError("frames must be a sequence of images") from err
    if len(items) < 2:
        raise VisionInputError(f"a stillness check needs at least 2 frames, got {len(items)}")
    checked = [check_image(f, max_pixels) for f in items]
    shape = checked[0].shape
    for i, f in enumerate(checked):
        if f.shape != shape:
            raise VisionInputError(f"frame {i} is {f.shape}, frame 0 is {shape}: sizes differ")
    return checked
