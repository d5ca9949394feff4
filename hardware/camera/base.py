"""The camera contract shared by every kind: :class:`Camera`, :class:`CameraError`, frames.

A frame is an ``H x W x 3`` ``uint8`` array in BGR order (OpenCV's order), C-contiguous,
owned by the caller (every call returns a fresh array the caller may draw on).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from types import TracebackType
from typing import Protocol, Self, TypeVar, runtime_checkable

import numpy as np
from numpy.typing import NDArray

from hardware.errors import HardwareError, HardwareSettingsError
from hardware.lifecycle import Closeable

#: One camera frame: ``H x W x 3``, ``uint8``, BGR.
Frame = NDArray[np.uint8]

T = TypeVar("T")


class CameraError(HardwareError, RuntimeError):
    """The camera could not be opened, refused a setting, or stopped delivering frames.

    The message says which camera, what went wrong and what to check, in words fit for
    the person setting up the table. The app decides whether to retry (close the camera
    and open it again) or to show the problem.
    """


class FrameError(CameraError):
    """One frame was bad (a recorded file that is empty or not an image, a crop that
    does not fit), but the camera itself works: the next call serves the next frame.

    The app refuses the throw and keeps the camera open; closing and reopening it would
    start a recording from its first throw again.
    """


@runtime_checkable
class Camera(Protocol):
    """What the app needs from any camera (Pi, USB or replay).

    Every method raises :class:`CameraError` when the camera fails; none blocks for
    longer than the camera's read timeout.
    """

    def capture(self) -> Frame:
        """Return one frame taken after the call began (``H x W x 3`` uint8 BGR)."""
        ...

    def frames(self, n: int, interval_s: float) -> list[Frame]:
        """Return a burst of ``n`` frames about ``interval_s`` seconds apart."""
        ...

    def close(self) -> None:
        """Release the camera; safe to call twice."""
        ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class CameraBase(Closeable):
    """Shared behaviour: burst pacing, closed-state checks, the context manager.

    Subclasses implement :meth:`_capture` (one frame, with its own timeout) and
    :meth:`_release`; ``describe`` names the camera in error messages.
    """

    describe: str = "camera"

    # -- the Camera protocol -------------------------------------------------------
    def capture(self) -> Frame:
        """Return one frame (``H x W x 3`` uint8 BGR). Raises :class:`CameraError`."""
        self._check_open()
        return self._capture()

    def frames(self, n: int, interval_s: float) -> list[Frame]:
        """Return ``n`` frames, the k-th taken about ``k * interval_s`` s after the first.

        Pacing is measured from the first frame, so slow captures do not accumulate
        delay. Raises ``HardwareSettingsError`` (a ``ValueError``) for ``n < 1`` or a
        negative interval, and :class:`CameraError` if the camera fails mid-burst (the
        frames already taken are dropped: a burst is all or nothing).
        """
        _check_burst(n, interval_s)
        self._check_open()
        burst: list[Frame] = []
        start = time.monotonic()
        for k in range(n):
            if k:
                delay = start + k * interval_s - time.monotonic()
                if delay > 0:
                    time.sleep(delay)
            burst.append(self._capture())
        return burst

    def __del__(self) -> None:  # a dropped camera should not keep the device busy
        try:
            if not getattr(self, "_closed", True):
                self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass

    # -- for subclasses ------------------------------------------------------------
    def _capture(self) -> Frame:
        raise NotImplementedError

    def _release(self) -> None:
        """Free the device (called once, by :meth:`close`)."""

    def _check_open(self) -> None:
        if self._closed:
            raise CameraError(f"{self.describe} is closed")


def _check_burst(n: int, interval_s: float) -> None:
    if isinstance(n, bool) or not isinstance(n, int) or n < 1:
        raise HardwareSettingsError(f"a burst needs n >= 1 frames, got {n!r}")
    if not interval_s >= 0:
        raise HardwareSettingsError(f"interval_s must be >= 0 s, got {interval_s!r}")


def as_frame(array: object, source: str) -> Frame:
    """Check and normalise one frame to ``H x W x 3`` uint8 C-contiguous (a copy).

    Accepts ``H x W x 4`` (the padding/alpha channel is dropped). Raises
    :class:`CameraError` naming ``source`` for anything else.
    """
    if not isinstance(array, np.ndarray):
        raise CameraError(f"{source} gave {type(array).__name__}, not an image array")
    if array.dtype != np.uint8:
        raise CameraError(f"{source} gave a {array.dtype} image; expected uint8")
    if array.ndim != 3 or array.shape[2] not in (3, 4):
        raise CameraError(f"{source} gave an image of shape {array.shape}; expected H x W x 3")
    if array.shape[0] < 1 or array.shape[1] < 1:
        raise CameraError(f"{source} gave an empty image")
    return np.array(array[:, :, :3], dtype=np.uint8, order="C", copy=True)


def call_with_timeout(fn: Callable[[], T], timeout_s: float, what: str) -> T:
    """Run ``fn`` on a daemon thread and return its result within ``timeout_s`` seconds.

    Raises ``TimeoutError`` naming ``what`` when it does not finish in time (the
    thread is left behind, blocked in the driver: the caller must treat the device as
    dead), and re-raises whatever ``fn`` raised.
    """
    box: queue.Queue[tuple[bool, object]] = queue.Queue(maxsize=1)

    def run() -> None:
        try:
            box.put((True, fn()))
        except BaseException as exc:  # handed to the caller's thread
            box.put((False, exc))

    threading.Thread(target=run, name=f"camera: {what}", daemon=True).start()
    try:
        ok, value = box.get(timeout=timeout_s)
    except queue.Empty:
        raise TimeoutError(f"{what} did not finish within {timeout_s:g} s") from None
    if ok:
        return value  # type: ignore[return-value]
    assert isinstance(value, BaseException)
    raise value
