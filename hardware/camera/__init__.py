"""Cameras over the dice tray: one :class:`Camera` protocol, three kinds.

- :class:`PiCamera`: the ribbon camera through picamera2 (imported only when used);
- :class:`UsbCamera`: a USB camera through ``cv2.VideoCapture(index, cv2.CAP_V4L2)``;
- :class:`ReplayCamera`: recorded throws from ``fixtures/``, for tests and the demo.

:func:`open_camera` builds the one the config names, through :data:`camera_factory`
(a :class:`CameraFactory`; tests swap it for one that makes fakes). Every frame is ``H x W x 3``
``uint8`` BGR; every failure is a :class:`CameraError` with a message for the person
setting up the table; no read blocks longer than the camera's timeout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Protocol

from hardware.camera.base import Camera, CameraBase, CameraError, Frame, FrameError
from hardware.camera.pi import FocusResult, PiCamera
from hardware.camera.replay import ReplayCamera, read_manifest
from hardware.camera.usb import UsbCamera
from hardware.camera_checks import CheckedCamera
from hardware.errors import HardwareSettingsError
from hardware.exposure import flicker_free_exposure, flicker_period_us, is_flicker_free

__all__ = [
    "CAMERA_KINDS",
    "Camera",
    "CameraBase",
    "CameraError",
    "CameraFactory",
    "CameraMaker",
    "CameraSettings",
    "FocusResult",
    "Frame",
    "FrameError",
    "PiCamera",
    "ReplayCamera",
    "UsbCamera",
    "camera_factory",
    "flicker_free_exposure",
    "flicker_period_us",
    "is_flicker_free",
    "open_camera",
    "read_manifest",
]

#: The camera kinds :func:`open_camera` knows (the config's ``[camera] kind``).
CAMERA_KINDS = ("pi", "usb", "replay")


class CameraSettings(CheckedCamera, Protocol):
    """What :func:`open_camera` reads: the settings the config check reads
    (:class:`~hardware.camera_checks.CheckedCamera`: kind, resolution, exposure_us,
    analogue_gain, flicker_hz, replay_path) and these; ``companion.config.CameraConfig``
    has all of it."""

    @property
    def usb_index(self) -> int: ...  # /dev/video<N>
    @property
    def settle_s(self) -> float: ...  # AE/AWB settling before the lock, s
    @property
    def timeout_s(self) -> float: ...  # longest wait for one frame, s


#: Builds one kind of camera from the settings.
CameraMaker = Callable[[CameraSettings], Camera]


def _make_pi(settings: CameraSettings) -> Camera:
    return PiCamera(
        settings.resolution,
        exposure_us=settings.exposure_us,
        analogue_gain=settings.analogue_gain,
        flicker_hz=settings.flicker_hz,
        settle_s=settings.settle_s,
        timeout_s=settings.timeout_s,
    )


def _make_usb(settings: CameraSettings) -> Camera:
    return UsbCamera(
        settings.usb_index,
        settings.resolution,
        exposure_us=settings.exposure_us,
        flicker_hz=settings.flicker_hz,
        settle_s=settings.settle_s,
        timeout_s=settings.timeout_s,
    )


def _make_replay(settings: CameraSettings) -> Camera:
    if settings.replay_path is None:
        raise HardwareSettingsError("a replay camera needs [camera] replay_path")
    return ReplayCamera(settings.replay_path)


class CameraFactory:
    """Builds the camera the settings name, one maker per kind (``"pi"``, ``"usb"``,
    ``"replay"``), as gpiozero's pin factories build pins: :func:`open_camera` asks
    :data:`camera_factory`, and tests put a factory of fakes in its place (or pass
    ``factory=``), so the code that opens cameras runs unchanged without a camera.

    >>> factory = CameraFactory({"replay": lambda settings: "a fake camera"})
    >>> factory.kinds
    ('replay',)
    """

    def __init__(self, makers: Mapping[str, CameraMaker] | None = None) -> None:
        self.makers: dict[str, CameraMaker] = dict(
            makers if makers is not None
            else {"pi": _make_pi, "usb": _make_usb, "replay": _make_replay}
        )

    @property
    def kinds(self) -> tuple[str, ...]:
        """The kinds this factory makes, in order."""
        return tuple(self.makers)

    def __call__(self, settings: CameraSettings) -> Camera:
        maker = self.makers.get(settings.kind)
        if maker is None:
            raise HardwareSettingsError(
                f"unknown camera kind {settings.kind!r}; expected one of {self.kinds}"
            )
        return maker(settings)


#: The factory :func:`open_camera` uses unless given one; swap it to open fakes.
camera_factory = CameraFactory()


def open_camera(settings: CameraSettings, factory: CameraFactory | None = None) -> Camera:
    """Open the camera ``settings`` describe, ready to capture (exposure locked), with
    ``factory`` (default: the module's :data:`camera_factory`, read at each call).

    Raises :class:`CameraError` when it cannot be opened, and
    :class:`~hardware.errors.HardwareSettingsError` (a ``ValueError``) for an unknown
    kind or a replay camera without a path.
    """
    return (factory or camera_factory)(settings)
