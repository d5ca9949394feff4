"""``UsbCamera``: a USB (UVC) camera through OpenCV's V4L2 backend.

``cv2.VideoCapture(index, cv2.CAP_V4L2)`` opens ``/dev/video<index>``. Each setting is
checked twice, because V4L2 drivers often accept a ``set()`` and then quietly use
something else: the return value of ``set()``, then the value ``get()`` reads back. A
refused setting the config asked for (resolution, exposure) raises :class:`CameraError`
naming it and what the camera offered instead; a refused helper setting (MJPG, a
one-frame buffer, white balance lock, flicker filter) is logged and the camera works
without it.

Exposure: with ``exposure_us`` set, auto exposure is switched off (V4L2 ``exposure_auto``
= 1, manual) and ``exposure_absolute`` set in its 100 us units. Without it, the camera's
auto exposure runs for ``settle_s`` seconds and is then locked at the value it reached,
moved onto whole flicker periods. The mains frequency also goes to the driver's
``power_line_frequency`` control through ``v4l2-ctl`` (package ``v4l-utils``) when
that tool is installed; OpenCV has no property for it.

Every read runs with a timeout (``timeout_s``); a camera that stops delivering is
marked dead and raises :class:`CameraError` until it is closed and opened again.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import time
from typing import Any

import cv2
import numpy as np

from hardware.camera.base import CameraBase, CameraError, Frame, as_frame, call_with_timeout
from hardware.exposure import flicker_free_exposure

log = logging.getLogger(__name__)

#: V4L2 ``exposure_auto`` menu values as OpenCV's V4L2 backend passes them through.
V4L2_EXPOSURE_MANUAL = 1
V4L2_EXPOSURE_AUTO = 3
#: V4L2 ``exposure_absolute`` counts in units of 100 us.
V4L2_EXPOSURE_UNIT_US = 100
#: Frames read and dropped before each capture when the driver keeps a frame queue.
STALE_FRAMES = 4


class UsbCamera(CameraBase):
    """A USB camera at ``/dev/video<index>``, with checked settings and read timeouts.

    Args:
        index: V4L2 device number (``/dev/video0`` is 0).
        resolution: ``(width, height)`` in px; the camera must offer exactly this.
        exposure_us: fixed exposure in microseconds; ``None`` = auto, then locked.
        flicker_hz: mains frequency of the room's lighting, 50 or 60 Hz; 0 = none.
        settle_s: seconds of auto exposure and white balance before locking them.
        timeout_s: longest wait for one frame, seconds.

    Raises :class:`CameraError` when the device does not open, refuses the resolution
    or exposure, or delivers no frame within ``timeout_s``.
    """

    def __init__(
        self,
        index: int = 0,
        resolution: tuple[int, int] = (1280, 720),
        *,
        exposure_us: int | None = None,
        flicker_hz: int = 50,
        settle_s: float = 1.0,
        timeout_s: float = 2.0,
    ) -> None:
        super().__init__()
        self._closed = True  # until the device is open
        self.describe = f"USB camera /dev/video{index}"
        self.resolution = resolution
        self.flicker_hz = flicker_hz
        self.timeout_s = timeout_s
        self._index = index
        self._dead: str | None = None
        self._stale = STALE_FRAMES
        #: Helper settings the camera refused (logged; the camera works without them).
        self.refused: list[str] = []
        try:
            cap = call_with_timeout(
                lambda: cv2.VideoCapture(index, cv2.CAP_V4L2), max(timeout_s, 5.0), "open"
            )
        except TimeoutError as exc:
            raise CameraError(
                f"{self.describe} did not open within {max(timeout_s, 5.0):g} s"
            ) from exc
        except cv2.error as exc:
            raise CameraError(f"{self.describe} cannot be opened: {exc}") from exc
        self._cap: Any = cap
        if not cap.isOpened():
            cap.release()
            raise CameraError(
                f"{self.describe} did not open: is it plugged in, is the index right "
                "(`v4l2-ctl --list-devices`), and is the user in the video group?"
            )
        self._closed = False
        try:
            self._configure(exposure_us, settle_s)
        except BaseException:
            self.close()
            raise

    # -- set-up --------------------------------------------------------------------
    def _configure(self, exposure_us: int | None, settle_s: float) -> None:
        mjpg = cv2.VideoWriter.fourcc(*"MJPG")
        if not self._try_set(cv2.CAP_PROP_FOURCC, mjpg, "MJPG pixel format"):
            log.info("%s: no MJPG; high resolutions may be slow", self.describe)
        width, height = self.resolution
        ok_w = self._cap.set(cv2.CAP_PROP_FRAME_WIDTH, width)
        ok_h = self._cap.set(cv2.CAP_PROP_FRAME_HEIGHT, height)
        got = (
            round(self._cap.get(cv2.CAP_PROP_FRAME_WIDTH)),
            round(self._cap.get(cv2.CAP_PROP_FRAME_HEIGHT)),
        )
        if not (ok_w and ok_h) or got != (width, height):
            raise CameraError(
                f"{self.describe} refused the resolution {width} x {height} px (it gives "
                f"{got[0]} x {got[1]}): set [camera] resolution to a size it offers "
                f"(`v4l2-ctl -d /dev/video{self._index} --list-formats-ext`)"
            )
        if self._try_set(cv2.CAP_PROP_BUFFERSIZE, 1, "one-frame buffer"):
            self._stale = 1
        self._set_power_line(self.flicker_hz)
        if exposure_us is not None:
            self._set_exposure(exposure_us, required=True)
        else:
            self._try_set(cv2.CAP_PROP_AUTO_EXPOSURE, V4L2_EXPOSURE_AUTO, "auto exposure")
        self._try_set(cv2.CAP_PROP_AUTO_WB, 1, "auto white balance")
        self._settle(settle_s)
        if exposure_us is None:
            self._lock_auto_exposure()
        self._lock_white_balance()

    def _settle(self, settle_s: float) -> None:
        end = time.monotonic() + settle_s
        self._read()  # at least one frame: proves the stream runs
        while time.monotonic() < end:
            self._read()

    def _set_exposure(self, exposure_us: int, *, required: bool) -> bool:
        units = max(1, round(exposure_us / V4L2_EXPOSURE_UNIT_US))
        ok = self._cap.set(cv2.CAP_PROP_AUTO_EXPOSURE, V4L2_EXPOSURE_MANUAL) and self._cap.set(
            cv2.CAP_PROP_EXPOSURE, units
        )
        got = self._cap.get(cv2.CAP_PROP_EXPOSURE)
        if ok and abs(got - units) <= max(1.0, 0.05 * units):
            return True
        message = (
            f"{self.describe} refused the manual exposure {exposure_us} us "
            f"({units} x 100 us; it reads back {got:g})"
        )
        if required:
            raise CameraError(message + ": remove [camera] exposure_us to use auto exposure")
        log.warning("%s; auto exposure stays on", message)
        self.refused.append("exposure lock")
        return False

    def _lock_auto_exposure(self) -> None:
        units = self._cap.get(cv2.CAP_PROP_EXPOSURE)
        if not units or units <= 0:
            log.warning("%s: cannot read the auto exposure to lock it", self.describe)
            self.refused.append("exposure lock")
            return
        exposure_us, _ = flicker_free_exposure(units * V4L2_EXPOSURE_UNIT_US, 1.0, self.flicker_hz)
        self._set_exposure(exposure_us, required=False)

    def _lock_white_balance(self) -> None:
        temperature = self._cap.get(cv2.CAP_PROP_WB_TEMPERATURE)
        if (
            temperature
            and temperature > 0
            and self._try_set(cv2.CAP_PROP_AUTO_WB, 0, "white balance lock")
        ):
            self._try_set(cv2.CAP_PROP_WB_TEMPERATURE, temperature, "white balance temperature")

    def _try_set(self, prop: int, value: float, name: str) -> bool:
        ok = bool(self._cap.set(prop, value))
        got = self._cap.get(prop)
        if ok and abs(got - value) <= max(1e-6, 0.01 * abs(value)):
            return True
        log.info("%s refused %s (set %g, reads back %g)", self.describe, name, value, got)
        self.refused.append(name)
        return False

    def _set_power_line(self, flicker_hz: int) -> None:
        if not flicker_hz:
            return
        tool = shutil.which("v4l2-ctl")
        if tool is None:
            log.info("%s: v4l2-ctl not installed; no power line filter set", self.describe)
            self.refused.append("power line frequency")
            return
        value = {50: 1, 60: 2}[flicker_hz]
        command = [tool, "-d", f"/dev/video{self._index}", "-c", f"power_line_frequency={value}"]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=5, check=False)
        except (OSError, subprocess.TimeoutExpired) as exc:
            done = None
            log.info("%s: v4l2-ctl failed: %s", self.describe, exc)
        if done is None or done.returncode != 0:
            self.refused.append("power line frequency")

    # -- reads -----------------------------------------------------------------------
    def _read(self) -> Frame:
        if self._dead is not None:
            raise CameraError(
                f"{self.describe} stopped delivering frames earlier ({self._dead}); "
                "close it and open it again"
            )
        try:
            ok, array = call_with_timeout(self._cap.read, self.timeout_s, "a frame")
        except TimeoutError as exc:
            self._dead = f"no frame within {self.timeout_s:g} s"
            raise CameraError(
                f"{self.describe} delivered no frame within {self.timeout_s:g} s: "
                "check the cable and the USB power"
            ) from exc
        except cv2.error as exc:
            self._dead = str(exc)
            raise CameraError(f"{self.describe} failed while reading a frame: {exc}") from exc
        if not ok or array is None:
            self._dead = "read failed"
            raise CameraError(f"{self.describe} stopped delivering frames (unplugged?)")
        return as_frame(np.asarray(array), self.describe)

    def _capture(self) -> Frame:
        for _ in range(self._stale):  # frames queued before the request are stale
            self._read()
        frame = self._read()
        width, height = self.resolution
        if frame.shape[:2] != (height, width):
            self._dead = "frame size changed"
            raise CameraError(
                f"{self.describe} delivered {frame.shape[1]} x {frame.shape[0]} px, not "
                f"the configured {width} x {height}"
            )
        return frame

    def _release(self) -> None:
        cap = getattr(self, "_cap", None)
        if cap is None:
            return
        try:
            call_with_timeout(cap.release, 2.0, "release")
        except Exception as exc:
            log.warning("%s: release failed: %s", self.describe, exc)
