"""The table's calibration file: die size and tray measured by ``companion setup``.

The file is ``calibration.json`` in the state directory (the journal's folder: on the Pi
``/var/lib/ship-captain-crew/``), a JSON object in the form ``python -m vision
calibrate --json`` prints::

    {"die_size_px": 52.0, "tray": [x0, y0, x1, y1], "bank_zone": null,
     "image_size": [1640, 1232], "photos": 3, "dice": 15}

Sizes and boxes are px of the camera frame (``image_size`` = width, height). The file's
one parser and its type are vision's (:class:`vision.calibrate.ThrowCalibration`,
:func:`vision.calibrate.load_throw_calibration`); this module adds what is the table's
business, not the reader's: where the file lives, writing it atomically (a temporary
file, fsync, rename: a power cut leaves the old file or the new one, never half of
one), checking it against the camera's resolution, and merging it with the config's
``[tray]`` keys (the staff's word wins over the measurement). ``run`` reads it.

Beside it, ``focus.json`` keeps where setup's autofocus left the lens (Camera Module 3),
``{"lens_position": 2.5, "focused": true}`` in dioptres, which ``run`` holds (AfMode
Manual) so the focus does not hunt during a game: the camera's business, not the
reader's, so it is parsed here.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> saved = save_calibration(folder / "calibration.json", ThrowCalibration(
...     Calibration(52.0, (10.0, 20.0, 600.0, 460.0)), (640, 480), photos=3, dice=15))
>>> load_calibration_file(saved).calibration.die_size_px
52.0
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from vision import Calibration
from vision.calibrate import CalibrationError, ThrowCalibration, load_throw_calibration

__all__ = [
    "CALIBRATION_FILE",
    "FOCUS_FILE",
    "CalibrationFileError",
    "ThrowCalibration",
    "atomic_write",
    "calibration_path",
    "check_calibration_file",
    "load_calibration_file",
    "load_focus",
    "merged_calibration",
    "save_calibration",
    "save_focus",
]

#: The file's name in the state directory.
CALIBRATION_FILE = "calibration.json"
#: The autofocus result's file in the state directory.
FOCUS_FILE = "focus.json"

Box = tuple[float, float, float, float]


class CalibrationFileError(ValueError):
    """The calibration file cannot be read or is not a valid calibration (the message
    names the file and what is wrong)."""


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


def save_calibration(path: Path, table: ThrowCalibration) -> Path:
    """Write the calibration file atomically; returns ``path``.

    Raises:
        OSError: the state directory cannot be written.
    """
    text = json.dumps(table.to_json(), indent=1) + "\n"
    return atomic_write(path, text.encode())


def load_calibration_file(path: Path) -> ThrowCalibration:
    """Read a calibration file with vision's parser.

    Raises:
        CalibrationFileError: missing, unreadable, not JSON, or a field of the wrong
            type or range, or a box outside the frame (the message names the file and
            the field).
    """
    try:
        return load_throw_calibration(path)
    except CalibrationError as error:
        raise CalibrationFileError(str(error)) from None


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


def merged_calibration(file: ThrowCalibration | None, die_size_px: float | None,
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


def save_focus(path: Path, lens_position: float, focused: bool) -> Path:
    """Write the focus file atomically: the lens position (dioptres) an autofocus cycle
    reached and whether it focused. Raises OSError."""
    text = json.dumps({"lens_position": round(lens_position, 3), "focused": focused}) + "\n"
    return atomic_write(path, text.encode())


def load_focus(path: Path) -> float | None:
    """The lens position (dioptres) saved in the focus file; None without one.

    >>> import tempfile
    >>> load_focus(save_focus(Path(tempfile.mkdtemp()) / FOCUS_FILE, 2.5, True))
    2.5

    Raises:
        CalibrationFileError: unreadable, not JSON, or no lens position of 0..100
            dioptres (the message names the file).
    """
    if not path.exists():
        return None
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CalibrationFileError(f"{path}: not a focus file ({error})") from None
    position = obj.get("lens_position") if isinstance(obj, dict) else None
    if (not isinstance(position, int | float) or isinstance(position, bool)
            or not 0 <= position <= 100):
        raise CalibrationFileError(f"{path}: lens_position must be a number of dioptres, "
                                   "0 to 100")
    return float(position)
