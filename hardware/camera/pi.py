"""``PiCamera``: the Raspberry Pi ribbon camera through picamera2 (libcamera).

picamera2 comes from the OS (``sudo apt install python3-picamera2``), not from PyPI, so
it is imported only when a :class:`PiCamera` is made; the venv must be created with
``--system-site-packages`` to see it. On Bookworm ``cv2.VideoCapture`` cannot open the
ribbon camera; use this class for it and :class:`~hardware.camera.usb.UsbCamera` for
USB cameras.

After start the camera runs auto exposure (AE) and auto white balance (AWB) for
``settle_s`` seconds, then reads the values they reached from the frame metadata and
locks them (``AeEnable``/``AwbEnable`` off, ``ExposureTime``/``AnalogueGain``/
``ColourGains`` fixed) so every throw of the evening is lit and coloured the same. With
a mains frequency set, AE is told the flicker period while it settles (libcamera's
``AeFlickerMode``/``AeFlickerPeriod``, where the installed libcamera has them) and the
locked exposure is moved onto whole flicker periods (see
:func:`~hardware.exposure.flicker_free_exposure`).

Focus (Camera Module 3, which has a motorised lens: ``AfMode`` is among the camera's
``camera_controls``): :meth:`PiCamera.autofocus` runs one autofocus cycle (picamera2's
``autofocus_cycle()``: ``AfMode`` Auto, ``AfTrigger`` Start, until ``AfState`` is
Focused or Failed), reads the ``LensPosition`` it reached (dioptres) from the frame
metadata, and holds it (``AfMode`` Manual, ``LensPosition``) so the focus does not hunt
during a game; :meth:`PiCamera.hold_focus` holds a position saved earlier. A camera
without autofocus (no ``AfMode`` control: Camera Module 2, HQ camera) skips both with
an info line in the log: its focus is the lens's own.

Frames are requested as picamera2's ``RGB888`` format, which is laid out B, G, R in
memory: exactly OpenCV's BGR, no conversion needed. The configuration has
``queue=False`` so every capture waits for a frame that *started* after the request (a
queued frame could predate the button press).

Reference: the Picamera2 manual (Raspberry Pi Ltd), chapters on configuration,
controls and capturing; libcamera ``control_ids`` for the control names.
"""

from __future__ import annotations

import importlib
import logging
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from hardware.camera.base import CameraBase, CameraError, Frame, as_frame
from hardware.exposure import flicker_free_exposure, flicker_period_us, is_flicker_free

log = logging.getLogger(__name__)

#: libcamera's ``AeFlickerModeEnum.Manual`` (used when ``libcamera`` cannot be imported).
AE_FLICKER_MANUAL = 1
#: libcamera's ``AfModeEnum.Manual`` (the same fallback).
AF_MODE_MANUAL = 0
#: Longest wait for one autofocus cycle, s (a full scan of Camera Module 3's lens takes
#: about a second in good light).
AUTOFOCUS_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class FocusResult:
    """What an autofocus cycle reached.

    Attributes:
        lens_position: the lens position held, dioptres (1 / distance in m; 0 is
            infinity), as libcamera's ``LensPosition`` control.
        focused: True if the cycle ended Focused, False if it Failed (the lens is
            held where the scan left it).
    """

    lens_position: float
    focused: bool

#: Longest frame duration AE may choose while settling, us (10 fps): a dim bar needs
#: long exposures; the dice are read only once they are still.
MAX_FRAME_DURATION_US = 100_000

INSTALL_HINT = (
    "picamera2 is not installed in this Python: on Raspberry Pi OS run "
    "`sudo apt install python3-picamera2` and create the venv with "
    "`python3 -m venv --system-site-packages`"
)


class PiCamera(CameraBase):
    """The Pi camera, with exposure and white balance locked after settling.

    Args:
        resolution: ``(width, height)`` of the frames, px.
        exposure_us: fixed exposure time in microseconds; ``None`` = let AE choose it
            while settling, then lock what it chose.
        analogue_gain: fixed analogue gain (>= 1.0) used with ``exposure_us``; ``None``
            = the gain AE reached while settling.
        flicker_hz: mains frequency of the room's lighting, 50 or 60 Hz; 0 = none.
        settle_s: seconds of AE/AWB running before the lock (about 1 s is enough).
        timeout_s: longest wait for any one frame or metadata read, seconds.
        camera_num: which camera, when the Pi has two.

    Raises :class:`CameraError` when picamera2 is missing, no camera is attached, the
    camera fails to start, or a read times out.
    """

    def __init__(
        self,
        resolution: tuple[int, int] = (1640, 1232),
        *,
        exposure_us: int | None = None,
        analogue_gain: float | None = None,
        flicker_hz: int = 50,
        settle_s: float = 1.0,
        timeout_s: float = 2.0,
        camera_num: int = 0,
    ) -> None:
        super().__init__()
        self._closed = True  # until the device is open
        self.describe = f"Pi camera {camera_num}"
        self.resolution = resolution
        self.flicker_hz = flicker_hz
        self.timeout_s = timeout_s
        self._exposure_us = exposure_us
        self._analogue_gain = analogue_gain
        self._settle_s = settle_s
        self._dead: str | None = None
        #: The controls locked after settling (exposure, gain, colour gains), for logs.
        self.locked_controls: dict[str, Any] = {}
        #: The lens position held (dioptres), or None while the focus is not held.
        self.lens_position: float | None = None

        Picamera2 = _import_picamera2()
        try:
            cameras = Picamera2.global_camera_info()
        except Exception as exc:
            raise CameraError(f"libcamera cannot list cameras: {exc}") from exc
        if len(cameras) <= camera_num:
            raise CameraError(
                f"no Pi camera {camera_num} found (libcamera lists {len(cameras)}): check "
                "the ribbon cable (contacts facing the right way, latch closed) and that "
                "no other program is using the camera"
            )
        model = cameras[camera_num].get("Model", "?")
        self.describe = f"Pi camera {camera_num} ({model})"
        try:
            self._cam = Picamera2(camera_num)
        except Exception as exc:
            raise CameraError(f"{self.describe} cannot be opened (is it in use?): {exc}") from exc
        self._closed = False
        try:
            self._start()
            self.lock()
        except BaseException:
            self.close()
            raise

    # -- set-up --------------------------------------------------------------------
    def _start(self) -> None:
        controls: dict[str, Any] = {"FrameDurationLimits": (33_333, MAX_FRAME_DURATION_US)}
        if self._exposure_us is not None and self._exposure_us > 33_333:
            controls["FrameDurationLimits"] = (
                33_333,
                max(MAX_FRAME_DURATION_US, self._exposure_us + 1000),
            )
        controls.update(self._flicker_controls())
        try:
            config = self._cam.create_video_configuration(
                main={"size": tuple(self.resolution), "format": "RGB888"},
                controls=controls,
                queue=False,
                buffer_count=4,
            )
            self._cam.configure(config)
            actual = self._cam.camera_configuration()["main"]["size"]
        except Exception as exc:
            raise CameraError(f"{self.describe} refused its configuration: {exc}") from exc
        width, height = self.resolution
        if tuple(actual) != (width, height):
            raise CameraError(
                f"{self.describe} cannot deliver {width} x {height} px frames (libcamera "
                f"adjusted them to {actual[0]} x {actual[1]}): set [camera] resolution to "
                f"[{actual[0]}, {actual[1]}]"
            )
        try:
            self._cam.start()
        except Exception as exc:
            raise CameraError(f"{self.describe} failed to start: {exc}") from exc

    def _flicker_controls(self) -> dict[str, Any]:
        if not self.flicker_hz:
            return {}
        available = getattr(self._cam, "camera_controls", {}) or {}
        if "AeFlickerMode" not in available or "AeFlickerPeriod" not in available:
            log.info(
                "%s: libcamera has no AeFlickerMode; the locked exposure is still moved "
                "onto whole %d Hz flicker periods",
                self.describe,
                self.flicker_hz,
            )
            return {}
        return {
            "AeFlickerMode": _flicker_manual(),
            "AeFlickerPeriod": round(flicker_period_us(self.flicker_hz)),
        }

    def lock(self) -> dict[str, Any]:
        """Let AE/AWB run for ``settle_s`` seconds, then lock what they reached.

        Call again to re-lock when the room's lighting changes (lights dimmed late at
        night). Returns the controls that were locked. Raises :class:`CameraError`.
        """
        self._check_open()
        try:
            self._cam.set_controls({"AeEnable": True, "AwbEnable": True})
        except Exception as exc:
            raise self._fail(f"refused to turn auto exposure on: {exc}") from exc
        time.sleep(self._settle_s)
        metadata = self._metadata()
        try:
            exposure = float(metadata["ExposureTime"])
            gain = float(metadata["AnalogueGain"])
            colour_gains = tuple(float(g) for g in metadata["ColourGains"])
        except (KeyError, TypeError, ValueError) as exc:
            raise self._fail(f"gave no exposure/white balance metadata ({exc!r})") from exc
        if self._exposure_us is not None:
            exposure_us = int(self._exposure_us)
            if self._analogue_gain is not None:
                new_gain = float(self._analogue_gain)
            else:
                new_gain = max(1.0, gain * exposure / exposure_us)
            if self.flicker_hz and not is_flicker_free(exposure_us, self.flicker_hz):
                log.warning(
                    "%s: exposure %d us is not a whole number of %d Hz flicker periods; "
                    "expect banding",
                    self.describe,
                    exposure_us,
                    self.flicker_hz,
                )
        else:
            exposure_us, new_gain = flicker_free_exposure(exposure, gain, self.flicker_hz)
            if self.flicker_hz and not is_flicker_free(exposure_us, self.flicker_hz):
                log.warning(
                    "%s: the tray is so bright that even one %d Hz flicker period "
                    "over-exposes it (AE chose %d us at gain %.2f); expect banding",
                    self.describe,
                    self.flicker_hz,
                    exposure_us,
                    new_gain,
                )
        locked = {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": exposure_us,
            "AnalogueGain": new_gain,
            "ColourGains": colour_gains,
        }
        try:
            self._cam.set_controls(locked)
        except Exception as exc:
            raise self._fail(f"refused the locked exposure {locked}: {exc}") from exc
        self._wait_for_exposure(exposure_us)
        self.locked_controls = locked
        log.info("%s: locked %s", self.describe, locked)
        return dict(locked)

    # -- focus -------------------------------------------------------------------------
    @property
    def has_autofocus(self) -> bool:
        """Whether the camera has a motorised lens (``AfMode`` among its controls)."""
        return "AfMode" in (getattr(self._cam, "camera_controls", {}) or {})

    def autofocus(self) -> FocusResult | None:
        """Run one autofocus cycle, then hold the lens where it ended (``AfMode``
        Manual), so the focus does not hunt during a game.

        Returns what it reached, or None for a camera without autofocus (logged at
        info level). Raises :class:`CameraError` when the camera refuses the controls
        or the cycle does not end within :data:`AUTOFOCUS_TIMEOUT_S`.
        """
        self._check_open()
        if not self.has_autofocus:
            log.info("%s has no autofocus (no AfMode control): the lens's own focus is used",
                     self.describe)
            return None
        job = self._call("autofocus", lambda: self._cam.autofocus_cycle(wait=False))
        try:
            focused = bool(self._cam.wait(job, timeout=AUTOFOCUS_TIMEOUT_S))
        except TimeoutError as exc:
            raise self._fail(f"autofocus did not end within {AUTOFOCUS_TIMEOUT_S:g} s") from exc
        except Exception as exc:
            raise self._fail(f"failed while focusing: {exc}") from exc
        try:
            position = float(self._metadata()["LensPosition"])
        except (KeyError, TypeError, ValueError) as exc:
            raise self._fail(f"gave no LensPosition after autofocus ({exc!r})") from exc
        self.hold_focus(position)
        if not focused:
            log.warning("%s: autofocus found no sharp focus; the lens is held at %.2f "
                        "dioptres", self.describe, position)
        return FocusResult(position, focused)

    def hold_focus(self, lens_position: float) -> bool:
        """Hold the lens at ``lens_position`` dioptres (``AfMode`` Manual): the position
        an autofocus cycle reached, e.g. at setup. Returns False for a camera without
        autofocus (logged at info level). Raises :class:`CameraError`."""
        self._check_open()
        if not self.has_autofocus:
            log.info("%s has no autofocus (no AfMode control): lens position %.2f not set",
                     self.describe, lens_position)
            return False
        controls = {"AfMode": _af_manual(), "LensPosition": float(lens_position)}
        try:
            self._cam.set_controls(controls)
        except Exception as exc:
            raise self._fail(f"refused the lens position {lens_position:.2f}: {exc}") from exc
        self.lens_position = float(lens_position)
        log.info("%s: focus held at lens position %.2f dioptres", self.describe, lens_position)
        return True

    def _wait_for_exposure(self, exposure_us: int) -> None:
        """Controls take effect a few frames later: wait until the metadata shows it."""
        for _ in range(12):
            got = self._metadata().get("ExposureTime")
            if got is not None and abs(float(got) - exposure_us) <= max(100.0, 0.02 * exposure_us):
                return
        log.warning("%s: exposure did not reach %d us after 12 frames", self.describe, exposure_us)

    # -- reads -----------------------------------------------------------------------
    def _metadata(self) -> dict[str, Any]:
        job = self._call("metadata", lambda: self._cam.capture_metadata(wait=False))
        result = self._wait(job, "metadata")
        return dict(result) if result is not None else {}

    def _capture(self) -> Frame:
        job = self._call("capture", lambda: self._cam.capture_array("main", wait=False))
        array = self._wait(job, "frame")
        frame = as_frame(np.asarray(array), self.describe)
        width, height = self.resolution
        if frame.shape[:2] != (height, width):
            raise self._fail(
                f"delivered {frame.shape[1]} x {frame.shape[0]} px frames, not the "
                f"configured {width} x {height}"
            )
        return frame

    def _call(self, what: str, fn: Any) -> Any:
        if self._dead is not None:
            raise CameraError(
                f"{self.describe} stopped delivering frames earlier ({self._dead}); "
                "close it and open it again"
            )
        try:
            return fn()
        except Exception as exc:
            raise self._fail(f"failed to request {what}: {exc}") from exc

    def _wait(self, job: Any, what: str) -> Any:
        try:
            return self._cam.wait(job, timeout=self.timeout_s)
        except TimeoutError as exc:
            raise self._fail(
                f"delivered no {what} within {self.timeout_s:g} s: check the ribbon cable "
                "and the power supply"
            ) from exc
        except Exception as exc:
            raise self._fail(f"failed while reading {what}: {exc}") from exc

    def _fail(self, reason: str) -> CameraError:
        self._dead = reason
        return CameraError(f"{self.describe} {reason}")

    def _release(self) -> None:
        cam = getattr(self, "_cam", None)
        if cam is None:
            return
        for step in ("stop", "close"):
            try:
                getattr(cam, step)()
            except Exception as exc:  # closing a broken camera must not raise
                log.warning("%s: %s failed: %s", self.describe, step, exc)


def _import_picamera2() -> Any:
    try:
        module = importlib.import_module("picamera2")
    except ImportError as exc:
        raise CameraError(INSTALL_HINT) from exc
    return module.Picamera2


def _flicker_manual() -> Any:
    try:
        controls = importlib.import_module("libcamera").controls
        return controls.AeFlickerModeEnum.Manual
    except (ImportError, AttributeError):
        return AE_FLICKER_MANUAL


def _af_manual() -> Any:
    try:
        return importlib.import_module("libcamera").controls.AfModeEnum.Manual
    except (ImportError, AttributeError):
        return AF_MODE_MANUAL
