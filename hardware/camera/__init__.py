"""Cameras over the dice tray: one :class:`Camera` protocol, three kinds.

- :class:`PiCamera`: the ribbon camera through picamera2 (imported only when used);
- :class:`UsbCamera`: a USB camera through ``cv2.VideoCapture(index, cv2.CAP_V4L2)``;
- :class:`ReplayCamera`: recorded throws from ``fixtures/``, for tests and the demo.

:func:`open_camera` builds the one the config names. Every frame is ``H x W x 3``
``uint8`` BGR; every failure is a :class:`CameraError` with a message for the person
setting up the table; no read blocks longer than the camera's timeout.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from hardware.camera.base import Camera, CameraBase, CameraError, Frame
from hardware.camera.pi import PiCamera
from hardware.camera.replay import ReplayCamera, read_manifest
from hardware.camera.usb import UsbCamera
from hardware.errors import HardwareSettingsError
from hardware.exposure import flicker_free_exposure, flicker_period_us, is_flicker_free

__all__ = [
    "CAMERA_KINDS",
    "Camera",
    "CameraBase",
    "CameraError",
    "CameraSettings",
    "Frame",
    "PiCamera",
    "ReplayCamera",
    "UsbCamera",
    "flicker_free_exposure",
    "flicker_period_us",
    "is_flicker_free",
    "open_camera",
    "read_manifest",
]

#: The camera kinds :func:`open_camera` knows (the config's ``[camera] kind``).
CAMERA_KINDS = ("pi", "usb", "replay")


class CameraSettings(Protocol):
    """What :func:`open_camera` reads; ``companion.config.CameraConfig`` has all of it."""

    @property
    def kind(self) -> str: ...  # "pi", "usb" or "replay"
    @property
    def resolution(self) -> tuple[int, int]: ...  # (width, height) px
    @property
    def exposure_us(self) -> int | None: ...  # None = auto exposure, then locked
    @property
    def analogue_gain(self) -> float | None: ...  # Pi only; None = AE's gain
    @property
    def flicker_hz(self) -> int: ...  # 50, 60, or 0 for none
    @property
    def usb_index(self) -> int: ...  # /dev/video<N>
    @property
    def replay_path(self) -> Path | None: ...  # folder, manifest or image
    @property
    def settle_s(self) -> float: ...  # AE/AWB settling before the lock, s
    @property
    def timeout_s(self) -> float: ...  # longest wait for one frame, s


def open_camera(settings: CameraSettings) -> Camera:
    """Open the camera ``settings`` describe, ready to capture (exposure locked).

    Raises :class:`CameraError` when it cannot be opened, and
    :class:`~hardware.errors.HardwareSettingsError` (a ``ValueError``) for an unknown
    kind or a replay camera without a path.
    """
    if settings.kind == "pi":
        return PiCamera(
            settings.resolution,
            exposure_us=settings.exposure_us,
            analogue_gain=settings.analogue_gain,
            flicker_hz=settings.flicker_hz,
            settle_s=settings.settle_s,
            timeout_s=settings.timeout_s,
        )
    if settings.kind == "usb":
        return UsbCamera(
            settings.usb_index,
            settings.resolution,
            exposure_us=settings.exposure_us,
            flicker_hz=settings.flicker_hz,
            settle_s=settings.settle_s,
            timeout_s=settings.timeout_s,
        )
    if settings.kind == "replay":
        if settings.replay_path is None:
            raise HardwareSettingsError("a replay camera needs [camera] replay_path")
        return ReplayCamera(settings.replay_path)
    raise HardwareSettingsError(
        f"unknown camera kind {settings.kind!r}; expected one of {CAMERA_KINDS}"
    )
