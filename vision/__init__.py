"""Reading dice from images: pure functions from an image to a reading.

No game knowledge and no hardware here; see ``docs/architecture.md``.

Public names: :func:`read_dice`, :func:`check_still`, :func:`annotate`,
:func:`estimate_calibration`, :func:`read_burst`, :class:`Reading`, :class:`Die`,
:class:`Problem`, :class:`Calibration`, :class:`VisionParams`, :data:`PROBLEM_CODES`;
errors: :class:`VisionError` (the root), :class:`VisionInputError` (a bad image or
count) and :class:`VisionSettingsError` (a calibration or parameter out of range), both
``ValueError``.
"""

from .annotate import annotate
from .burst import read_burst
from .calibrate import estimate_calibration
from .read import read_dice
from .still import check_still
from .types import (
    PROBLEM_CODES,
    Calibration,
    Die,
    Problem,
    Reading,
    VisionError,
    VisionInputError,
    VisionParams,
    VisionSettingsError,
)

__all__ = [
    "PROBLEM_CODES",
    "Calibration",
    "Die",
    "Problem",
    "Reading",
    "VisionError",
    "VisionInputError",
    "VisionParams",
    "VisionSettingsError",
    "annotate",
    "check_still",
    "estimate_calibration",
    "read_burst",
    "read_dice",
]
