"""Estimating a :class:`Calibration` from images of throws from one fixed camera.

For a fixed camera, run this once on a few good throws and keep the result (e.g. in
the app's config, or a file from ``python -m vision calibrate``): the die size then
steers the detector's scale (two looks at fixed scales, no guessing) and enables the
``cocked`` check, and the tray region stops dice outside the tray being read.

The die size comes only from dice read with confidence (the face classifier sure of
a value, the pips not against it): lint, crumbs and pips are detected as small "dice"
but are not read, so they cannot pull it down.

A calibration file is JSON: ``{"die_size_px": 52.0, "tray": [x0, y0, x1, y1],
"bank_zone": null | [x0, y0, x1, y1], "image_size": [w, h], "photos": n,
"dice": n}``. This module is its one parser: :func:`load_calibration` reads the reader's
part (``die_size_px``, ``tray``, ``bank_zone``), :func:`load_throw_calibration` the whole
file (:meth:`ThrowCalibration.from_json`: ``image_size`` required, the boxes inside
the frame); the companion's setup writes and checks the same file through them.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from .model import Detection, box_face_side
from .read import find_and_read
from .topface import find_top_face
from .types import Calibration, VisionParams, VisionSettingsError
from .validate import check_image


def face_side(img: NDArray[np.uint8], d: Detection, angle: float) -> float:
    """Side of a read die's top face, px: measured on its face region
    (:func:`vision.topface.find_top_face`) where that is found and square, else from
    the detection's box turned by the face's edge angle (which runs large by the
    shadow and the side faces)."""
    t = find_top_face(img, d.x, d.y, d.size)
    if t.found and t.square:
        return t.side
    return box_face_side(d, angle)


def estimate_calibration(
    image: NDArray[np.uint8], params: VisionParams | None = None
) -> Calibration:
    """Estimate the die size and the tray region from an image with dice in it.

    Die size: the median top-face side (px, :func:`face_side`) of the dice read with
    confidence (dice that cannot be read and detections that are not dice do not
    count). Tray: the floor colour
    is the median colour of a ring around each die (0.8..1.4 die sizes from its
    centre); the tray is the bounding box of the connected region of that colour
    (Lab distance under 18) that holds the most dice, grown by half a die.

    Args:
        image: H x W x 3 uint8 BGR.
        params: reader tunables; ``None`` for the defaults.

    Returns:
        a :class:`Calibration` (``die_size_px`` and ``tray`` are ``None`` when no die
        was found; no bank zone: that is the venue's choice, not the image's).

    Raises:
        VisionInputError: the array is not H x W x 3 uint8 of a usable size.
    """
    p = params or VisionParams()
    img = check_image(image, p.max_pixels)
    found = [(d, fr) for d, fr in find_and_read(img, Calibration(), p) if fr.value is not None]
    if not found:
        return Calibration()
    sides = [face_side(img, d, fr.angle) for d, fr in found]
    size = float(np.median(sides))
    h, w = img.shape[:2]
    f = min(1.0, 200.0 / max(h, w))
    small = cv2.resize(img, (max(int(w * f), 1), max(int(h * f), 1)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2Lab).astype(np.float32)
    sh, sw = lab.shape[:2]
    yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
    ring = np.zeros((sh, sw), bool)
    for d, _ in found:
        r = np.hypot(xx - d.x * f, yy - d.y * f) / max(d.size * f, 1.0)
        ring |= (r > 0.8) & (r < 1.4)
    dice_mask = np.zeros((sh, sw), bool)
    for d, _ in found:
        dice_mask |= np.hypot(xx - d.x * f, yy - d.y * f) < 0.75 * d.size * f
    ring &= ~dice_mask
    if not ring.any():
        return Calibration(die_size_px=size)
    floor = np.median(lab[ring], axis=0)
    mask = ((np.linalg.norm(lab - floor, axis=2) < 18.0) | dice_mask).astype(np.uint8)
    k = max(int(size * f * 0.6), 1) | 1
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((k, k), np.uint8))
    count, labels = cv2.connectedComponents(mask)
    votes = np.zeros(count, int)
    for d, _ in found:
        x, y = min(int(d.x * f), sw - 1), min(int(d.y * f), sh - 1)
        votes[labels[y, x]] += 1
    votes[0] = 0
    best = int(np.argmax(votes))
    if votes[best] == 0:
        return Calibration(die_size_px=size)
    ys, xs = np.nonzero(labels == best)
    grow = size / 2
    tray = (max(float(xs.min()) / f - grow, 0.0), max(float(ys.min()) / f - grow, 0.0),
            min(float(xs.max() + 1) / f + grow, float(w)),
            min(float(ys.max() + 1) / f + grow, float(h)))
    return Calibration(die_size_px=size, tray=tray)


@dataclass(frozen=True)
class ThrowCalibration:
    """A calibration estimated from several throws, with what it rests on.

    Attributes:
        calibration: the :class:`Calibration` (no bank zone: the venue's choice).
        image_size: (width, height) px of the images.
        photos: images that gave at least one confident die.
        dice: dice read with confidence over all images (the die size's evidence).
    """

    calibration: Calibration
    image_size: tuple[int, int]
    photos: int
    dice: int

    def to_json(self) -> dict[str, Any]:
        """The calibration file's JSON object (see the module's docstring)."""
        cal = self.calibration
        return {
            "die_size_px": None if cal.die_size_px is None else round(cal.die_size_px, 1),
            "tray": None if cal.tray is None else [round(v, 1) for v in cal.tray],
            "bank_zone": None if cal.bank_zone is None else [round(v, 1) for v in cal.bank_zone],
            "image_size": list(self.image_size),
            "photos": self.photos,
            "dice": self.dice,
        }

    @classmethod
    def from_json(cls, obj: Any) -> ThrowCalibration:
        """A calibration file's whole object (:meth:`to_json`'s form); ``photos`` and
        ``dice`` are 0 when absent.

        >>> ThrowCalibration.from_json({"die_size_px": 52, "tray": [0, 0, 600, 400],
        ...                             "image_size": [640, 480]}).image_size
        (640, 480)

        Raises:
            CalibrationError: not an object, a field of the wrong type or range, no
                ``image_size``, or a box that reaches outside the frame.
        """
        cal = calibration_from_json(obj)
        image = obj.get("image_size")
        if not isinstance(image, list) or len(image) != 2 or not all(
                isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in image):
            raise CalibrationError("image_size must be [width, height] in px")
        w, h = image
        for name, box in (("tray", cal.tray), ("bank_zone", cal.bank_zone)):
            if box is not None and (box[0] < 0 or box[1] < 0 or box[2] > w or box[3] > h):
                raise CalibrationError(f"{name} {list(box)} lies outside the {w}x{h} frame")
        counts = (obj.get("photos", 0), obj.get("dice", 0))
        if not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
            raise CalibrationError("photos and dice must be whole numbers, 0 or more")
        return cls(cal, (w, h), counts[0], counts[1])


class CalibrationError(VisionSettingsError):
    """Throws that do not give a calibration: no die read with confidence, images of
    different sizes (not one fixed camera), or a calibration file that is not valid."""


def calibrate_from_throws(
    images: Sequence[NDArray[np.uint8]], params: VisionParams | None = None
) -> ThrowCalibration:
    """Estimate the die size and the tray from photos of throws from one fixed camera.

    Die size: the median face side (px) of every die read with confidence in any
    image. Tray: the union of each image's tray (:func:`estimate_calibration`), grown
    to hold every confident die with half a die to spare, clipped to the frame (a tray
    too large costs nothing; one too small would hide dice).

    Args:
        images: H x W x 3 uint8 BGR photos, all one size, each of a throw of dice.
        params: reader tunables; ``None`` for the defaults.

    Raises:
        VisionInputError: an image is not H x W x 3 uint8 of a usable size.
        CalibrationError: no images, sizes differ, or no die read with confidence.
    """
    p = params or VisionParams()
    if not images:
        raise CalibrationError("no images given")
    sides: list[float] = []
    boxes: list[tuple[float, float, float, float]] = []
    size: tuple[int, int] | None = None
    photos = 0
    for i, image in enumerate(images):
        img = check_image(image, p.max_pixels)
        h, w = img.shape[:2]
        if size is None:
            size = (w, h)
        elif size != (w, h):
            raise CalibrationError(f"image {i + 1} is {w}x{h}, the first is {size[0]}x{size[1]}: "
                                   "the photos must come from one fixed camera")
        found = [(d, fr) for d, fr in find_and_read(img, Calibration(), p)
                 if fr.value is not None]
        if not found:
            continue
        photos += 1
        for d, fr in found:
            sides.append(face_side(img, d, fr.angle))
            boxes.append((d.x - d.size, d.y - d.size, d.x + d.size, d.y + d.size))
        tray = estimate_calibration(img, p).tray
        if tray is not None:
            boxes.append(tray)
    if not sides or size is None:
        raise CalibrationError("no die was read with confidence in any image: throw the "
                               "house dice in good light and try again")
    w, h = size
    tray_box = (max(min(b[0] for b in boxes), 0.0), max(min(b[1] for b in boxes), 0.0),
                min(max(b[2] for b in boxes), float(w)), min(max(b[3] for b in boxes), float(h)))
    cal = Calibration(die_size_px=float(np.median(sides)), tray=tray_box)
    return ThrowCalibration(cal, size, photos, len(sides))


def _box(value: Any, name: str) -> tuple[float, float, float, float] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 4 or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        raise CalibrationError(f"{name} must be [x_min, y_min, x_max, y_max] in px or null")
    return (float(value[0]), float(value[1]), float(value[2]), float(value[3]))


def calibration_from_json(obj: Any) -> Calibration:
    """A :class:`Calibration` from a calibration file's JSON object.

    >>> calibration_from_json({"die_size_px": 52, "tray": [0, 0, 600, 600]}).die_size_px
    52.0

    Raises:
        CalibrationError: not an object, or a field of the wrong type or range.
    """
    if not isinstance(obj, dict):
        raise CalibrationError("a calibration file holds one JSON object")
    size = obj.get("die_size_px")
    if size is not None and (not isinstance(size, (int, float)) or isinstance(size, bool)):
        raise CalibrationError("die_size_px must be a number of px or null")
    try:
        return Calibration(None if size is None else float(size),
                           _box(obj.get("tray"), "tray"), _box(obj.get("bank_zone"), "bank_zone"))
    except VisionSettingsError as err:
        raise CalibrationError(str(err)) from None


def _read_json(path: Path) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise CalibrationError(f"{path}: cannot read it ({err.strerror or err})") from None
    except UnicodeDecodeError:
        raise CalibrationError(f"{path}: not a calibration file (not text)") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CalibrationError(f"{path}: not a calibration file (not JSON: {err.msg}, "
                               f"line {err.lineno})") from None


def load_calibration(path: Path) -> Calibration:
    """Read the reader's part of a calibration file (JSON, as ``python -m vision
    calibrate --json`` writes).

    Raises:
        CalibrationError: missing, unreadable, not JSON, or not a valid calibration
            (the message begins with the path).
    """
    obj = _read_json(path)
    try:
        return calibration_from_json(obj)
    except CalibrationError as err:
        raise CalibrationError(f"{path}: {err}") from None


def load_throw_calibration(path: Path) -> ThrowCalibration:
    """Read a whole calibration file (:meth:`ThrowCalibration.from_json`).

    Raises:
        CalibrationError: as :func:`load_calibration`, or no ``image_size``, or a box
            outside the frame (the message begins with the path).
    """
    obj = _read_json(path)
    try:
        return ThrowCalibration.from_json(obj)
    except CalibrationError as err:
        raise CalibrationError(f"{path}: {err}") from None
