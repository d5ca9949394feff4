"""Reading one throw from the tray: a burst from the camera, the stillness check, the dice.

The first half of a press, before the engine judges anything: :class:`ThrowReader`
owns the camera (reopening it after a failure when it can), captures a burst of
frames, checks that the dice are still (:func:`vision.check_still`) and reads them
(:func:`vision.read_dice`). It returns a :class:`Capture`: the photo with the dice
marked as read, and the reading, or a problem code saying why there is none (the
words for the table are :func:`companion.view.present.capture_problem`'s).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.photos import Shot
from hardware.camera import Camera, CameraError, FrameError
from vision import Calibration, Reading, VisionError, VisionParams, check_still, read_dice

__all__ = ["CAPTURE_PROBLEMS", "Capture", "ThrowReader"]

#: Why a press gave no reading: each code with what it means.
CAPTURE_PROBLEMS = {
    "no-camera": "no camera is open, and it could not be opened again",
    "camera-silent": "the camera failed to deliver the burst",
    "bad-picture": "the camera's frames are not images vision can check",
    "moving": "the dice were still moving",
    "unreadable-picture": "vision refused the picture",
}


@dataclass(frozen=True)
class Capture:
    """What one press saw.

    Attributes:
        shot: the burst's last frame (H x W x 3 uint8, BGR) with the dice marked as
            read, in reading order (no marks while the dice were moving); None when
            the camera gave no picture.
        reading: vision's reading; None when ``problem`` says why there is none.
        problem: a :data:`CAPTURE_PROBLEMS` code, or None with a reading.
        detail: the camera's or vision's words behind ``problem`` ("" if none).
        timings: how long each step took, s, by the reader's clock: ``capture`` (the
            burst) once the camera delivered, ``read`` (stillness and reading) once
            vision read the dice.
    """

    shot: Shot | None = None
    reading: Reading | None = None
    problem: str | None = None
    detail: str = ""
    timings: tuple[tuple[str, float], ...] = ()


class ThrowReader:
    """The camera and the dice reader, from a press to a :class:`Capture`.

    Args:
        camera: where throws come from (any :class:`hardware.camera.Camera`), or None.
        burst_frames: frames per press (the stillness check compares them).
        burst_interval_s: time between burst frames, s.
        calibration: tray region, bank zone and die size, px (None: estimated).
        vision: the reader's parameters (None: the defaults).
        reopen: opens the camera again after it failed (None: the camera is used as
            given, failures and all).
        on_fault: told the camera's error when it fails, None when it works again.
        clock: monotonic seconds, for :attr:`Capture.timings` (a fake clock in tests).
    """

    def __init__(
        self,
        camera: Camera | None,
        *,
        burst_frames: int,
        burst_interval_s: float,
        calibration: Calibration | None,
        vision: VisionParams | None,
        reopen: Callable[[], Camera] | None = None,
        on_fault: Callable[[str | None], None] = lambda error: None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._clock = clock
        self.camera = camera
        self.burst_frames = burst_frames
        self.burst_interval_s = burst_interval_s
        self.calibration = calibration
        self.vision = vision
        self._reopen = reopen
        self._on_fault = on_fault

    def read(self, expected: int | None) -> Capture:
        """Capture a burst and read the dice, ``expected`` of them (None: any number).

        Never raises for a camera or picture problem: the :class:`Capture` says it.
        """
        camera = self._open()
        if camera is None:
            return Capture(problem="no-camera")
        started = self._clock()
        try:
            frames = camera.frames(self.burst_frames, self.burst_interval_s)
        except FrameError as error:  # one bad picture: the camera goes on with the next
            return Capture(problem="bad-picture", detail=str(error))
        except CameraError as error:
            self._on_fault(str(error))
            self._drop()
            return Capture(problem="camera-silent", detail=str(error))
        self._on_fault(None)
        captured = self._clock()
        timings: tuple[tuple[str, float], ...] = (("capture", captured - started),)
        try:
            moving = check_still(frames, self.vision) if len(frames) > 1 else None
        except VisionError as error:
            return Capture(problem="bad-picture", detail=str(error), timings=timings)
        if moving is not None:
            return Capture(Shot(frames[-1]), None, "moving", moving.message, timings)
        try:
            reading = read_dice(frames[-1], expected, self.calibration, self.vision)
        except VisionError as error:
            return Capture(problem="unreadable-picture", detail=str(error), timings=timings)
        timings += (("read", self._clock() - captured),)
        marks = tuple(
            (d.value, (float(d.center[0]), float(d.center[1])), tuple(d.corners))
            for d in reading.dice
        )
        return Capture(Shot(frames[-1], marks), reading, timings=timings)

    def _open(self) -> Camera | None:
        """The camera, reopened if it died and a way to reopen it was given."""
        if self.camera is None and self._reopen is not None:
            try:
                self.camera = self._reopen()
            except CameraError as error:
                self._on_fault(str(error))
        return self.camera

    def _drop(self) -> None:
        """Close a camera that failed: the next press reopens it (when possible)."""
        if self.camera is not None and self._reopen is not None:
            with contextlib.suppress(CameraError):
                self.camera.close()
            self.camera = None
