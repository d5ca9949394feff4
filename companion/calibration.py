"""The table's calibration file: die size and tray measured by ``companion setup``.

The file is ``calibration.json`` in the state directory (the journal's folder: on the Pi
``/var/lib/ship-captain-crew/``), a JSON object in the form ``python -m vision
calibrate --json`` prints::

    {"die_size_px": 52.0, "tray": [x0, y0, x1, y1], "bank_zone": null,
     "image_size": [1640, 1232], "photos": 3, "dice": 15}

Sizes and boxes are px of the camera frame (``image_size`` = width, height). ``run``
reads it; a ``[tray]`` key set in the config wins over the file's value (the staff's
word over the measurement). It is written atomically (a temporary file, fsync, rename):
a power cut leaves the old file or the new one, never half of one.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> saved = save_calibration(folder / "calibration.json", TableCalibration(
...     Calibration(52.0, (10.0, 20.0, 600.0, 460.0)), (640, 480), photos=3, dice=15))
>>> load_calibration_file(saved).calibration.die_size_px
52.0
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vision import Calibration

__all__ = [
    "CALIBRATION_FILE",
    "CalibrationFileError",
    "TableCalibration",
    "atomic_write",
    "calibration_path",
    "check_calibration_file",
    "load_calibration_file",
    "merged_calibration",
    "save_calibration",
]

#: The file's name in the state directory.
CALIBRATION_FILE = "calibration.json"

Box = tuple[float, float, float, float]


class CalibrationFileError(ValueError):
    """The calibration file cannot be read or is not a valid calibration (the message
    names the file and what is wrong)."""


@dataclass(frozen=True)
class TableCalibration:
    """A measured calibration and what it rests on.

    Attributes:
        calibration: die size (px), tray and bank zone (px boxes) for the reader.
        image_size: (width, height) px of the frames it was measured on.
        photos: throws that gave at least one confidently read die.
        dice: confidently read dice the die size is the median of.
    """

    calibration: Calibration
    image_size: tuple[int, int]
    photos: int = 0
    dice: int = 0

    def to_json(self) -> dict[str, Any]:
        """The file's JSON object (see the module's docstring)."""
        cal = self.calibration

        def box(value: Box | None) -> list[float] | None:
            return None if value is None else [round(v, 1) for v in value]

        return {
            "die_size_px": None if cal.die_size_px is None else round(cal.die_size_px, 1),
            "tray": box(cal.tray),
            "bank_zone": box(cal.bank_zone),
            "image_size": list(self.image_size),
            "photos": self.photos,
            "dice": self.dice,
        }


def calibration_path(journal_path: Path) -> Path:
    """The calibration file beside the journal (the state directory)."""
    return journal_path.parent / CALIBRATION_FILE


def atomic_write(path: Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` so a crash leaves the old file or the new, never a mix.

    Raises:
        OSError: the folder cannot be written.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    folder = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(folder)  # the rename itself survives a power cut
    finally:
        os.close(folder)
    return path


def save_calibration(path: Path, table: TableCalibration) -> Path:
    """Write the calibration file atomically; returns ``path``.

    Raises:
        OSError: the state directory cannot be written.
    """
    text = json.dumps(table.to_json(), indent=1) + "\n"
    return atomic_write(path, text.encode())


def _box(value: Any, name: str, path: Path) -> Box | None:
    if value is None:
        return None
    if (not isinstance(value, list) or len(value) != 4
            or not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)):
        raise CalibrationFileError(f"{path}: {name} must be [x_min, y_min, x_max, y_max] in px")
    return (float(value[0]), float(value[1]), float(value[2]), float(value[3]))


def load_calibration_file(path: Path) -> TableCalibration:
    """Read a calibration file.

    Raises:
        CalibrationFileError: missing, unreadable, not JSON, or a field of the wrong
            type or range (the message names the file and the field).
    """
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise CalibrationFileError(f"{path}: cannot be read ({error.strerror})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CalibrationFileError(f"{path}: not a calibration file (not JSON: {error})") from None
    if not isinstance(obj, dict):
        raise CalibrationFileError(f"{path}: not a calibration file (not a JSON object)")
    size = obj.get("die_size_px")
    if size is not None and (not isinstance(size, int | float) or isinstance(size, bool)):
        raise CalibrationFileError(f"{path}: die_size_px must be a number of px")
    image = obj.get("image_size")
    if (not isinstance(image, list) or len(image) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in image)):
        raise CalibrationFileError(f"{path}: image_size must be [width, height] in px")
    try:
        cal = Calibration(None if size is None else float(size),
                          _box(obj.get("tray"), "tray", path),
                          _box(obj.get("bank_zone"), "bank_zone", path))
    except ValueError as error:
        raise CalibrationFileError(f"{path}: {error}") from None
    for name, box in (("tray", cal.tray), ("bank_zone", cal.bank_zone)):
        if box is not None and (box[0] < 0 or box[1] < 0 or box[2] > image[0] or box[3] > image[1]):
            raise CalibrationFileError(
                f"{path}: {name} {list(box)} lies outside the {image[0]}x{image[1]} frame")
    photos, dice = obj.get("photos", 0), obj.get("dice", 0)
    return TableCalibration(cal, (image[0], image[1]),
                            photos if isinstance(photos, int) else 0,
                            dice if isinstance(dice, int) else 0)


def check_calibration_file(path: Path, resolution: tuple[int, int] | None) -> list[str]:
    """Problems with the calibration file for a camera of ``resolution`` (w, h) px
    (``None``: any, e.g. a replay camera's recorded photos).

    A missing file is no problem (the reader then measures each throw). A file measured
    at another resolution is: its px would point at the wrong places.
    """
    if not path.exists():
        return []
    try:
        table = load_calibration_file(path)
    except CalibrationFileError as error:
        return [str(error)]
    if resolution is not None and table.image_size != tuple(resolution):
        w, h = table.image_size
        return [f"{path}: measured on {w}x{h} frames but the camera gives "
                f"{resolution[0]}x{resolution[1]}: run `companion setup` again"]
    return []


def merged_calibration(file: TableCalibration | None, die_size_px: float | None,
                       tray: Box | None, bank_zone: Box | None) -> Calibration | None:
    """The calibration ``run`` reads with: the config's ``[tray]`` keys where set, else
    the file's values; ``None`` when neither knows anything."""
    base = file.calibration if file is not None else Calibration()
    cal = Calibration(die_size_px if die_size_px is not None else base.die_size_px,
                      tray if tray is not None else base.tray,
                      bank_zone if bank_zone is not None else base.bank_zone)
    if cal.die_size_px is None and cal.tray is None and cal.bank_zone is None:
        return None
    return cal
