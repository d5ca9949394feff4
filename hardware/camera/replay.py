"""``ReplayCamera``: recorded throws served in order, for tests, the demo and the desktop.

A recording is a sequence of *throws*, one per camera call: each :meth:`capture` or
:meth:`frames` call serves the next throw. A throw is

- one image: ``capture()`` returns it, and a burst repeats it (dice at rest);
- a list of frames (a recorded burst, e.g. dice still rolling, then at rest):
  ``frames(n, ...)`` returns the first ``n`` frames, padded with the last one when the
  recording is shorter; ``capture()`` returns the last frame;
- a failure: the call raises :class:`CameraError` (a camera that dies mid-game).

Sources:

- a folder: every image file in it (``.png .jpg .jpeg .bmp .webp``, sorted by name) is
  a one-image throw, every sub-folder a multi-frame throw (its images sorted by name);
  other files (README, licence, attribution) are ignored;
- a recorded game manifest (a ``.json`` file), see :func:`read_manifest`;
- one image file;
- a Python list whose items are image paths, ``H x W x 3`` uint8 arrays, lists of
  those (multi-frame throws) or :class:`CameraError` instances (failures).

Images are decoded when served, so a long recording costs little memory; the files
are checked for existence when the camera is made.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from hardware.camera.base import (
    CameraBase,
    CameraError,
    Frame,
    FrameError,
    _check_burst,
    as_frame,
)

#: File name endings read as images in a replay folder.
IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".webp")

#: A crop box ``(x_min, y_min, x_max, y_max)`` in px (the same form as vision's boxes).
Box = tuple[int, int, int, int]

ReplayItem = str | os.PathLike[str] | Frame | CameraError
ReplayEntry = ReplayItem | Sequence[str | os.PathLike[str] | Frame]


@dataclass(frozen=True)
class RecordedImage:
    """One recorded frame: a file (with an optional crop box, px) or an array."""

    path: Path | None = None
    crop: Box | None = None
    array: Frame | None = None

    def load(self) -> Frame:
        """Decode (and crop) the frame. Raises :class:`FrameError` naming the file."""
        if self.array is not None:
            return as_frame(self.array, "replay array")
        assert self.path is not None
        try:
            image = cv2.imread(str(self.path), cv2.IMREAD_COLOR)
        except cv2.error as exc:
            raise FrameError(f"replay image {self.path} cannot be read: {exc}") from exc
        if image is None:
            raise FrameError(f"replay image {self.path} is missing or not an image")
        try:
            frame = as_frame(np.asarray(image, dtype=np.uint8), f"replay image {self.path}")
        except CameraError as exc:
            raise FrameError(str(exc)) from exc
        if self.crop is None:
            return frame
        x0, y0, x1, y1 = self.crop
        height, width = frame.shape[:2]
        if not (0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height):
            raise FrameError(
                f"crop box {list(self.crop)} does not fit inside {self.path} "
                f"({width} x {height} px)"
            )
        return np.ascontiguousarray(frame[y0:y1, x0:x1])


@dataclass(frozen=True)
class RecordedThrow:
    """What one camera call serves: frames in order, or a failure message."""

    frames: tuple[RecordedImage, ...] = ()
    failure: str | None = None
    label: str = ""


class ReplayCamera(CameraBase):
    """A camera that serves recorded throws in order (see the module docstring).

    Args:
        source: a folder, a ``.json`` manifest, one image file, or a list of throws.
        loop: start again from the first throw after the last; otherwise a call after
            the last throw raises :class:`CameraError` ("recording finished").

    Raises :class:`CameraError` when the source is missing, empty or malformed.

    >>> import numpy as np
    >>> black, white = np.zeros((4, 6, 3), np.uint8), np.full((4, 6, 3), 255, np.uint8)
    >>> with ReplayCamera([black, [black, white]]) as camera:
    ...     burst = camera.frames(3, 0.1)      # throw 1: one image, repeated
    ...     last = camera.capture()            # throw 2: its last frame
    ...     (len(burst), int(last.max()), camera.remaining)
    (3, 255, 0)
    """

    def __init__(
        self, source: str | os.PathLike[str] | Sequence[ReplayEntry], *, loop: bool = False
    ):
        super().__init__()
        self._throws = _load_source(source)
        if not self._throws:
            raise CameraError(f"replay source {_name(source)} holds no recorded throws")
        self._loop = loop
        self._next = 0
        self.describe = f"replay camera ({_name(source)})"

    @property
    def position(self) -> int:
        """Index of the throw the next call will serve (0-based)."""
        return self._next

    @property
    def remaining(self) -> int | None:
        """Throws left before the recording ends; ``None`` when looping."""
        return None if self._loop else len(self._throws) - self._next

    @property
    def throws(self) -> tuple[RecordedThrow, ...]:
        """The whole recording, in order."""
        return tuple(self._throws)

    def rewind(self) -> None:
        """Serve the first throw again on the next call."""
        self._next = 0

    def capture(self) -> Frame:
        """Serve the next throw's last frame. Raises :class:`CameraError`, or
        :class:`FrameError` for a bad file (the next call serves the next throw)."""
        self._check_open()
        throw = self._take()
        return throw.frames[-1].load()

    def frames(self, n: int, interval_s: float) -> list[Frame]:
        """Serve the next throw as a burst of exactly ``n`` frames (no waiting).

        A one-image throw is repeated ``n`` times; a recorded burst gives its first
        ``n`` frames, padded with its last. Every frame is a fresh array.
        """
        _check_burst(n, interval_s)
        self._check_open()
        throw = self._take()
        loaded = [image.load() for image in throw.frames[:n]]
        while len(loaded) < n:
            loaded.append(loaded[-1].copy())
        return loaded

    def _take(self) -> RecordedThrow:
        if self._next >= len(self._throws):
            if not self._loop:
                raise CameraError(
                    f"{self.describe}: recording finished after {len(self._throws)} throws"
                )
            self._next = 0
        throw = self._throws[self._next]
        self._next += 1
        if throw.failure is not None:
            raise CameraError(f"{self.describe}: {throw.failure}")
        return throw


def read_manifest(path: str | os.PathLike[str]) -> list[RecordedThrow]:
    """Read a recorded game manifest (JSON) into throws.

    The file is an object with a ``"throws"`` list; paths are relative to the file's
    folder. Each throw is one of::

        "throw-01.jpg"                                    one image
        {"image": "IMG_1.jpg", "crop": [x0, y0, x1, y1]}  one image, cropped (px)
        {"frames": ["a.png", {"image": "b.jpg", "crop": [...]}]}   a recorded burst
        {"fail": "the camera cable was pulled"}           the camera fails here

    Any other keys (in the file or in a throw) are left for other readers, e.g. the
    app's script of the game; ``"label"`` names a throw in messages. Raises
    :class:`CameraError` with the throw's number for a malformed entry or a missing file.
    """
    manifest = Path(path)
    try:
        data = json.loads(manifest.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CameraError(f"replay manifest {manifest} cannot be read: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise CameraError(
            f"replay manifest {manifest} is not valid JSON (line {exc.lineno}, "
            f"column {exc.colno}): {exc.msg}"
        ) from exc
    if not isinstance(data, dict) or not isinstance(data.get("throws"), list):
        raise CameraError(f'replay manifest {manifest} needs a "throws" list at the top level')
    folder = manifest.parent
    throws = []
    for number, entry in enumerate(data["throws"], start=1):
        where = f"replay manifest {manifest}, throw {number}"
        throws.append(_manifest_throw(entry, folder, where))
    return throws


def _manifest_throw(entry: object, folder: Path, where: str) -> RecordedThrow:
    label = ""
    if isinstance(entry, dict):
        label = str(entry.get("label", ""))
        if "fail" in entry:
            return RecordedThrow(failure=str(entry["fail"]), label=label)
        if "frames" in entry:
            items = entry["frames"]
            if not isinstance(items, list) or not items:
                raise CameraError(f'{where}: "frames" must be a non-empty list')
            frames = tuple(_manifest_image(item, folder, where) for item in items)
            return RecordedThrow(frames=frames, label=label)
    return RecordedThrow(frames=(_manifest_image(entry, folder, where),), label=label)


def _manifest_image(item: object, folder: Path, where: str) -> RecordedImage:
    crop: Box | None = None
    if isinstance(item, dict):
        if "image" not in item:
            raise CameraError(f'{where}: expected "image", "frames" or "fail"')
        raw_crop = item.get("crop")
        if raw_crop is not None:
            if not (
                isinstance(raw_crop, list)
                and len(raw_crop) == 4
                and all(isinstance(v, int) and not isinstance(v, bool) for v in raw_crop)
                and raw_crop[0] < raw_crop[2]
                and raw_crop[1] < raw_crop[3]
            ):
                raise CameraError(
                    f'{where}: "crop" must be [x_min, y_min, x_max, y_max] in whole px, '
                    f"got {raw_crop!r}"
                )
            crop = (raw_crop[0], raw_crop[1], raw_crop[2], raw_crop[3])
        item = item["image"]
    if not isinstance(item, str) or not item:
        raise CameraError(f"{where}: expected an image path, got {item!r}")
    path = folder / item
    if not path.is_file():
        raise CameraError(f"{where}: image {path} not found")
    return RecordedImage(path=path, crop=crop)


def _load_source(source: object) -> list[RecordedThrow]:
    if isinstance(source, str | os.PathLike):
        path = Path(source)
        if path.is_dir():
            return _read_folder(path)
        if path.is_file() and path.suffix.lower() == ".json":
            return read_manifest(path)
        if path.is_file():
            return [RecordedThrow(frames=(RecordedImage(path=path),), label=path.name)]
        raise CameraError(f"replay source {path} not found")
    if isinstance(source, np.ndarray):
        return [RecordedThrow(frames=(_item(source, "replay array"),))]
    if not isinstance(source, Sequence):
        raise CameraError(f"replay source must be a folder, a file or a list, not {source!r}")
    throws = []
    for number, entry in enumerate(source, start=1):
        where = f"replay throw {number}"
        if isinstance(entry, CameraError):
            throws.append(RecordedThrow(failure=str(entry)))
        elif isinstance(entry, Sequence) and not isinstance(entry, str):
            if not entry:
                raise CameraError(f"{where}: an empty list of frames")
            throws.append(RecordedThrow(frames=tuple(_item(item, where) for item in entry)))
        else:
            throws.append(RecordedThrow(frames=(_item(entry, where),)))
    return throws


def _item(item: object, where: str) -> RecordedImage:
    if isinstance(item, np.ndarray):
        return RecordedImage(array=as_frame(item, where))
    if isinstance(item, str | os.PathLike):
        path = Path(item)
        if not path.is_file():
            raise CameraError(f"{where}: image {path} not found")
        return RecordedImage(path=path)
    raise CameraError(f"{where}: expected an image path or an H x W x 3 array, got {item!r}")


def _read_folder(folder: Path) -> list[RecordedThrow]:
    throws = []
    for child in sorted(folder.iterdir()):
        if child.is_dir():
            frames = tuple(RecordedImage(path=p) for p in _images_in(child))
            if frames:
                throws.append(RecordedThrow(frames=frames, label=child.name))
        elif child.suffix.lower() in IMAGE_SUFFIXES:
            throws.append(RecordedThrow(frames=(RecordedImage(path=child),), label=child.name))
    return throws


def _images_in(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def _name(source: object) -> str:
    if isinstance(source, str | os.PathLike):
        return str(source)
    return "a list"
