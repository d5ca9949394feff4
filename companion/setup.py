"""Setup mode: mount and aim the camera, measure the dice, test the house dice and the
button, on the table's own screen and driven by the button alone.

Steps (:data:`STEPS`), each with what the button does (press / hold / undo):

1. **aim**: a live preview with the tray outline found, the bank zone, a sharpness meter
   with the best value seen so far (turn a manual-focus lens to the mark; a camera
   with autofocus, Camera Module 3, runs one autofocus cycle on the first frame, holds
   the lens there and saves the position as ``focus.json``, which ``run`` holds), the
   exposure (too dark, clipped) and mains flicker (dark bands that move between
   frames). Press: the exposure is locked again for the light as it is now (the Pi
   camera's auto exposure settles, then is held), next step.
2. **measure**: throw the house dice, press; three throws. The die size (px) and the
   tray are vision's one estimate (:func:`vision.calibrate.calibrate_from_throws`): the
   median top-face side of every die read with confidence, the tray the region of the
   tray's floor colour around them, grown to hold every die; saved to the calibration
   file (:mod:`companion.calibration`), which ``run`` reads.
3. **self-test**: "turn every die to show 1, press", and so on to 6. Each face shows
   how many dice read right, on the annotated photo. The setup is good only if every
   die of every face reads right; otherwise the failing faces are named. Press: on.
4. **buttons**: every press, hold and undo as detected, with the edges (down, up) in
   ms and the pin; three presses and a hold (and an undo, with an undo button) end it.
5. **done**: the summary; press leaves setup mode.

Hold skips to the next step, undo goes back one step (in the self-test: one face).
Everything is written atomically in the state directory: ``calibration.json``,
``self-test.json`` and the annotated photos ``self-test-face-N.jpg``.
"""

from __future__ import annotations

import itertools
import json
import logging
import math
import statistics
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.calibration import (
    CALIBRATION_FILE,
    FOCUS_FILE,
    ThrowCalibration,
    atomic_write,
    save_calibration,
    save_focus,
)
from companion.view.setup import SetupLine, SetupMeter, SetupPhoto, SetupView
from hardware.button import ButtonEvent
from hardware.camera import Camera, CameraError, FocusResult
from vision import (
    Calibration,
    Reading,
    VisionError,
    VisionParams,
    annotate,
    estimate_calibration,
    read_dice,
)
from vision.calibrate import calibrate_from_throws

__all__ = [
    "STEPS",
    "ButtonRecord",
    "FaceResult",
    "Meter",
    "SetupMode",
    "flicker_banding",
    "measure_exposure",
    "sharpness",
]

log = logging.getLogger(__name__)

Frame = NDArray[np.uint8]
Box = tuple[float, float, float, float]

#: The steps, in order.
STEPS: tuple[str, ...] = ("aim", "measure", "self-test", "buttons", "done")
#: Throws measured for the die size and the tray.
MEASURE_THROWS = 3
#: Seconds between tray searches in the live preview (the detector is the slow part).
TRAY_EVERY_S = 2.0
#: Relative banding between frames (row-mean change / mean grey) that means flicker.
FLICKER_LIMIT = 0.02


#: One meter of the aim step: the view's own type (label, fraction 0..1, text, ok, best).
Meter = SetupMeter


@dataclass(frozen=True)
class FaceResult:
    """The self-test of one face: every die turned to show ``face``.

    Attributes:
        face: 1..6.
        right: dice read as ``face``.
        dice: house dice (the expected count).
        values: what was read, in the reader's order (``None`` = unreadable).
        photo: the annotated photo (H x W x 3 uint8 BGR).
    """

    face: int
    right: int
    dice: int
    values: tuple[int | None, ...]
    photo: Frame = field(compare=False, repr=False)

    @property
    def good(self) -> bool:
        return self.right == self.dice and len(self.values) == self.dice


@dataclass(frozen=True)
class ButtonRecord:
    """One button event as the button test shows it: times in ms from the test's start."""

    kind: str
    at_ms: float
    down_ms: float | None
    up_ms: float | None
    pin: str

    def text(self) -> str:
        if self.down_ms is not None and self.up_ms is not None:
            edges = f"down {self.down_ms:.0f} ms, up {self.up_ms:.0f} ms " \
                    f"({self.up_ms - self.down_ms:.0f} ms long)"
        elif self.down_ms is not None:
            edges = f"down {self.down_ms:.0f} ms (still down)"
        else:
            edges = "no edges seen"
        return f"{self.kind} at {self.at_ms:.0f} ms on {self.pin}: {edges}"

    def cells(self) -> tuple[str, str, str, str]:
        """The button test's table row: event, pin, the down edge (ms from the test's
        start) and how long it was held (ms); "-" for an edge not seen.

        >>> ButtonRecord("press", 200, 100, 180, "GPIO17").cells()
        ('press', 'GPIO17', '100', '80')
        """
        down = "-" if self.down_ms is None else f"{self.down_ms:.0f}"
        held = "-" if self.down_ms is None or self.up_ms is None \
            else f"{self.up_ms - self.down_ms:.0f}"
        return self.kind, self.pin, down, held


def sharpness(frame: Frame, box: Box | None = None) -> float:
    """Focus measure: the variance of the Laplacian of the grey image (Pech-Pacheco et
    al. 2000), inside ``box`` (px) if given, on a copy at most 640 px wide. Larger is
    sharper; only comparable between frames of one scene."""
    grey = _grey(frame, box)
    return float(cv2.Laplacian(grey, cv2.CV_64F).var())


def measure_exposure(frame: Frame, box: Box | None = None
                     ) -> tuple[float, float, float, float]:
    """(mean grey 0..255, fraction of pixels clipped >= 250, fraction nearly black <= 8,
    the grey level of the brightest 0.1 % 0..255), inside ``box`` (px) if given."""
    grey = _grey(frame, box)
    return (float(grey.mean()), float((grey >= 250).mean()), float((grey <= 8).mean()),
            float(np.percentile(grey, 99.9)))


#: The light meter says "dark" under this mean grey only where the brightest 0.1 % of
#: the tray is under :data:`LIT_PEAK` too: a black floor (sandpaper, felt) under a
#: good light keeps the mean low, its dice are what the light shows. The level is the
#: reader's own (``VisionParams.dark_peak``: half of full scale).
DARK_MEAN = 50.0
LIT_PEAK = VisionParams().dark_peak


def flicker_banding(frames: list[Frame]) -> float:
    """Mains-flicker banding: how much whole rows change brightness between consecutive
    frames, as a fraction of the mean grey. A rolling shutter under lights flickering
    at twice the mains frequency shows dark bands across the whole width that move
    between frames; an exposure of whole flicker periods shows none. Each row's change
    is the median over its pixels (a die moving or a focus change alters only part of
    a row, a band all of it), less the frame's overall change (auto exposure)."""
    if len(frames) < 2:
        return 0.0
    greys = [_grey(f).astype(np.float32) for f in frames]
    mean = max(float(np.mean([g.mean() for g in greys])), 1.0)
    worst = 0.0
    for a, b in itertools.pairwise(greys):
        if a.shape != b.shape:
            continue
        rows = np.median(b - a, axis=1)
        rows -= float(np.median(rows))
        worst = max(worst, float(np.percentile(np.abs(rows), 95)))
    return worst / mean


def _grey(frame: Frame, box: Box | None = None) -> NDArray[np.uint8]:
    part: NDArray[Any] = frame
    if box is not None:
        x0, y0, x1, y1 = (round(v) for v in box)
        part = frame[max(y0, 0):max(y1, 1), max(x0, 0):max(x1, 1)]
    step = max(1, math.ceil(part.shape[1] / 640))
    grey = cv2.cvtColor(np.ascontiguousarray(part[::step, ::step]), cv2.COLOR_BGR2GRAY)
    return np.asarray(grey, np.uint8)


def _die_side(corners: tuple[tuple[float, float], ...]) -> float:
    pts = [*corners, corners[0]]
    return statistics.fmean(math.dist(a, b) for a, b in itertools.pairwise(pts))


class SetupMode:
    """The setup mode's state: feed it frames (:meth:`preview`) and button events
    (:meth:`handle`, :meth:`edge`), draw :meth:`view` (a plain
    :class:`companion.display.setup.SetupView`).

    Args:
        camera: where frames come from (any :class:`hardware.camera.Camera`).
        state_dir: where the calibration file and the self-test go.
        dice: the house dice (how many are thrown at once, 5 for the standard game).
        bank_zone: the config's bank zone (px), drawn on the preview and kept in the file.
        flicker_hz: the config's mains frequency (0, 50, 60), named in the flicker advice.
        pins: names of the button pins for the button test ({"throw": "GPIO17"}).
        clock: monotonic seconds (a fake clock in tests).
        min_confidence: a die counts for the die size only when read at least this sure.
    """

    def __init__(
        self,
        camera: Camera | None,
        state_dir: Path,
        *,
        dice: int = 5,
        bank_zone: Box | None = None,
        flicker_hz: int = 50,
        pins: dict[str, str] | None = None,
        clock: Callable[[], float],
        min_confidence: float = 0.9,
    ) -> None:
        self.camera = camera
        self.state_dir = state_dir
        self.dice = dice
        self.bank_zone = bank_zone
        self.flicker_hz = flicker_hz
        self.pins = pins or {"throw": "the keyboard"}
        self._clock = clock
        self.min_confidence = min_confidence
        self.step = 0
        self.finished = False
        self.message = ""
        self.fault = ""
        # aim
        self.frame: Frame | None = None
        self.tray: Box | None = None
        self._tray_at = -math.inf
        self.sharp = 0.0
        self.best_sharp = 0.0
        #: Where the autofocus left the lens (a camera with autofocus), after the first frame.
        self.focus: FocusResult | None = None
        self._autofocus_tried = False
        self.exposure = (0.0, 0.0, 0.0, 0.0)
        self.banding = 0.0
        self._recent: deque[Frame] = deque(maxlen=4)
        self._frame_times: deque[float] = deque(maxlen=20)
        # measure
        self.sides: list[float] = []
        self.measured: ThrowCalibration | None = None
        self._throw_frames: list[Frame] = []
        self.throws = 0
        self.last_photo: Frame | None = None
        # self-test
        self.faces: list[FaceResult] = []
        # buttons
        self.buttons: list[ButtonRecord] = []
        self._buttons_start: float | None = None
        self._down: dict[str, float] = {}
        self._edges: dict[str, tuple[float | None, float | None]] = {}

    # -- the live preview ------------------------------------------------------------

    @property
    def name(self) -> str:
        return STEPS[self.step]

    @property
    def live(self) -> bool:
        """Whether the loop should call :meth:`preview` (the aim step)."""
        return self.name == "aim" and self.camera is not None

    @property
    def fps(self) -> float:
        """Preview frames per second over the last 20 frames (0 before two frames)."""
        if len(self._frame_times) < 2:
            return 0.0
        span = self._frame_times[-1] - self._frame_times[0]
        return (len(self._frame_times) - 1) / span if span > 0 else 0.0

    def preview(self) -> None:
        """Take one frame and update the aim step's measures; a camera fault is shown."""
        if self.camera is None:
            return
        if not self._autofocus_tried:
            self._autofocus_tried = True
            self._autofocus()
        try:
            frame = self.camera.capture()
        except CameraError as error:
            self.fault = f"Camera: {error}"
            return
        self.fault = ""
        now = self._clock()
        self._frame_times.append(now)
        self.frame = frame
        self._recent.append(frame)
        if now - self._tray_at >= TRAY_EVERY_S:
            self._tray_at = now
            try:
                self.tray = estimate_calibration(frame).tray
            except VisionError:
                self.tray = None
        self.sharp = sharpness(frame, self.tray)
        self.best_sharp = max(self.best_sharp, self.sharp)
        self.exposure = measure_exposure(frame, self.tray)
        self.banding = flicker_banding(list(self._recent))

    def _autofocus(self) -> None:
        """One autofocus cycle (a camera with ``autofocus()``: the Pi camera), the lens
        held where it ended and the position saved for ``run``."""
        autofocus = getattr(self.camera, "autofocus", None)
        if not callable(autofocus):
            return
        try:
            self.focus = autofocus()
            if self.focus is not None:
                save_focus(self.state_dir / FOCUS_FILE, self.focus.lens_position,
                           self.focus.focused)
        except (CameraError, OSError) as error:
            self.fault = f"Autofocus: {error}"

    def aim_meters(self) -> tuple[Meter, ...]:
        """Sharpness, exposure and flicker: a word or figure each, and what to do when
        one is not good (``advice``), for the person at the camera."""
        best = self.best_sharp
        scale = max(best * 1.2, 1.0)
        if best <= 0:
            focus = Meter("Focus", 0.0, "none", None, None, "Waiting for a picture")
        else:
            good = self.sharp / best >= 0.9
            focus = Meter("Focus", self.sharp / scale, f"{self.sharp:.0f}", good, best / scale,
                          "" if good else "Turn the lens back to the mark")
        if self.focus is not None:  # the autofocus holds the lens: the sharpness confirms it
            held = self.focus.focused
            focus = replace(focus, text=f"AF {self.focus.lens_position:.2f}" if held
                            else "AF failed", ok=held,
                            advice="" if held else "Autofocus failed: more light, restart")
        mean, clipped, black, peak = self.exposure
        if (mean < DARK_MEAN and peak < LIT_PEAK) or black > 0.25:
            light = Meter("Light", mean / 255, "dark", False, None, "More light on the tray")
        elif clipped > 0.02:
            light = Meter("Light", mean / 255, "glare", False, None,
                          "Glare: dim or move the lamp")
        else:
            light = Meter("Light", mean / 255, "good", True)
        if self.banding > FLICKER_LIMIT:
            hz = "50 or 60" if self.flicker_hz == 0 else str(110 - self.flicker_hz)
            flicker = Meter("Flicker", min(self.banding / (2 * FLICKER_LIMIT), 1.0),
                            f"{self.banding:.1%}", False, None,
                            f"Flicker: set flicker_hz to {hz}")
        else:
            flicker = Meter("Flicker", self.banding / (2 * FLICKER_LIMIT), "none", True)
        return focus, light, flicker

    def aim_advice(self) -> str:
        """The one thing to do now in the aim step: the light first, then the tray,
        the flicker, the focus."""
        if self.frame is None:
            return "Waiting for a picture"
        focus, light, flicker = self.aim_meters()
        if light.advice:
            return light.advice
        if self.tray is None:
            return "Put dice in the tray to find it"
        for meter in (flicker, focus):
            if meter.advice:
                return meter.advice
        if self.focus is not None:
            return "Focus held: press"
        return "Turn the lens to the sharpest, press"

    # -- button events ---------------------------------------------------------------

    def edge(self, name: str, pressed: bool, at_s: float) -> None:
        """A raw level change of button ``name`` (for the button test's edge timings):
        ``"throw"`` / ``"undo"``, or the keyboard twin's keys (space, s: throw; u: undo)."""
        name = {"space": "throw", "s": "throw", "u": "undo"}.get(name, name)
        if pressed:
            self._down[name] = at_s
        else:
            self._edges[name] = (self._down.pop(name, None), at_s)

    def handle(self, event: ButtonEvent) -> None:
        """Act on one button event (see the module's docstring for what each does); a long
        hold is a hold here, and the holding notice does nothing."""
        if event.kind == "holding":
            return
        if self.name == "buttons":
            self._record_button(event)
            return
        if event.kind == "undo":
            self._back()
        elif event.kind in ("hold", "long_hold"):
            self._next()
        elif self.name == "aim":
            locked = self._relock()
            self._next()
            if locked:
                self.message = "Exposure locked"
        elif self.name == "measure":
            self._measure()
        elif self.name == "self-test":
            if len(self.faces) == 6:  # the results were shown: on to the next step
                self._next()
            else:
                self._self_test()
        elif self.name == "done":
            self.finished = True

    def _relock(self) -> bool:
        """Lock the exposure again for the light as it is now (a camera with
        ``lock()``: the Pi camera), before the dice are measured; True if it was."""
        lock = getattr(self.camera, "lock", None)
        if not callable(lock):
            return False
        try:
            lock()
        except CameraError as error:
            self.fault = f"Camera: {error}"
            return False
        return True

    def _next(self) -> None:
        self.message = ""
        self.step = min(self.step + 1, len(STEPS) - 1)
        if self.name == "buttons":
            self._buttons_start = self._clock()
            self.buttons = []

    def _back(self) -> None:
        self.message = ""
        if self.name == "self-test" and self.faces:
            self.faces.pop()
            return
        self.step = max(self.step - 1, 0)

    def _capture(self) -> Frame | None:
        if self.camera is None:
            self.fault = "No camera: check the camera, then press again"
            return None
        try:
            frames = self.camera.frames(2, 0.08)
        except CameraError as error:
            self.fault = f"Camera: {error}"
            return None
        self.fault = ""
        return frames[-1]

    def _measure(self) -> None:
        frame = self._capture()
        if frame is None:
            return
        try:
            reading = read_dice(frame)
        except VisionError as error:
            log.warning("setup: the picture could not be read: %s", error)
            self.message = "Picture not read: press again"
            return
        sure = [d for d in reading.dice if d.value is not None
                and d.confidence >= self.min_confidence]
        self.last_photo = annotate(frame, reading)
        if not sure:
            self.message = "No die read sure: more light or focus"
            return
        self.throws += 1
        self.sides += [_die_side(d.corners) for d in sure]
        self._throw_frames.append(frame)
        if self.throws < MEASURE_THROWS:
            self.message = f"{len(sure)} dice read sure"
            return
        # the one estimator of the die size and the tray (as `python -m vision calibrate`)
        try:
            found = calibrate_from_throws(self._throw_frames)
        except VisionError as error:
            self._throw_frames.clear()
            self.sides.clear()
            self.throws = 0
            log.warning("setup: no calibration from these throws: %s", error)
            self.message = f"No size found: throw {MEASURE_THROWS} times again"
            return
        cal = Calibration(found.calibration.die_size_px, found.calibration.tray,
                          self.bank_zone)
        self.measured = ThrowCalibration(cal, found.image_size, found.photos, found.dice)
        box = cal.tray
        try:
            save_calibration(self.state_dir / CALIBRATION_FILE, self.measured)
        except OSError as error:
            self.fault = f"Cannot save in {self.state_dir}: {error.strerror}"
            return
        self.message = f"Die size {cal.die_size_px:.0f} px: saved"
        self.tray = box
        self._next()

    @property
    def calibration(self) -> Calibration | None:
        return self.measured.calibration if self.measured is not None else None

    def _self_test(self) -> None:
        face = len(self.faces) + 1
        frame = self._capture()
        if frame is None:
            return
        try:
            reading: Reading = read_dice(frame, self.dice, self.calibration)
        except VisionError as error:
            log.warning("setup: the picture could not be read: %s", error)
            self.message = "Picture not read: press again"
            return
        values = reading.values
        right = sum(1 for v in values if v == face)
        self.faces.append(FaceResult(face, right, self.dice, values, annotate(frame, reading)))
        if len(self.faces) == 6:
            self._save_self_test()

    @property
    def self_test_good(self) -> bool:
        return len(self.faces) == 6 and all(f.good for f in self.faces)

    def self_test_verdict(self) -> str:
        if len(self.faces) < 6:
            return f"{len(self.faces)} of 6 faces tested"
        failed = [f for f in self.faces if not f.good]
        if not failed:
            return f"Good: all {self.dice} dice read right on every face"
        return "Not good: " + "; ".join(
            f"face {f.face}: {f.right} of {f.dice} read right"
            + (f" ({len(f.values)} dice seen)" if len(f.values) != f.dice else "")
            for f in failed)

    def _save_self_test(self) -> None:
        report = {
            "good": self.self_test_good,
            "verdict": self.self_test_verdict(),
            "dice": self.dice,
            "faces": [{"face": f.face, "right": f.right, "values": list(f.values),
                       "photo": f"self-test-face-{f.face}.jpg"} for f in self.faces],
        }
        try:
            for f in self.faces:
                ok, jpeg = cv2.imencode(".jpg", f.photo, [cv2.IMWRITE_JPEG_QUALITY, 85])
                if ok:
                    atomic_write(self.state_dir / f"self-test-face-{f.face}.jpg", jpeg.tobytes())
            atomic_write(self.state_dir / "self-test.json",
                         (json.dumps(report, indent=1) + "\n").encode())
        except OSError as error:
            self.fault = f"Cannot save in {self.state_dir}: {error.strerror}"

    def _record_button(self, event: ButtonEvent) -> None:
        start = self._buttons_start if self._buttons_start is not None else event.at_s
        name = "undo" if event.kind == "undo" else "throw"
        down, up = self._edges.pop(name, (None, None))
        if down is None and name in self._down:
            down = self._down[name]

        def ms(t: float | None) -> float | None:
            return None if t is None else (t - start) * 1000

        self.buttons.append(ButtonRecord(event.kind, (event.at_s - start) * 1000, ms(down), ms(up),
                                         self.pins.get(name, "?")))
        kinds = [b.kind for b in self.buttons]
        wanted = {"press": 3, "hold": 1} | ({"undo": 1} if "undo" in self.pins else {})
        if all(kinds.count(k) >= n for k, n in wanted.items()):
            self.message = ""  # the summary says which events were seen
            self.step += 1

    def summary(self) -> str:
        """The outcome in a few lines, for the terminal."""
        lines = [f"setup: stopped at step {self.step + 1} ({self.name})"
                 if not self.finished else "setup: finished"]
        if self.focus is not None:
            lines.append(f"  autofocus: lens held at {self.focus.lens_position:.2f} dioptres "
                         f"({'focused' if self.focus.focused else 'no focus found'})")
        if self.measured is not None:
            cal = self.measured.calibration
            lines.append(f"  die size {cal.die_size_px:.1f} px from {self.measured.dice} dice "
                         f"in {self.measured.photos} throws; tray {_box_text(cal.tray)}")
        if self.faces:
            lines.append(f"  self-test: {self.self_test_verdict()}")
            lines += [f"    face {f.face}: {f.right} of {f.dice} read right" for f in self.faces]
        if self.buttons:
            lines.append("  buttons:")
            lines += [f"    {b.text()}" for b in self.buttons]
        return "\n".join(lines)

    def button_goal(self) -> str:
        extra = ", undo once" if "undo" in self.pins else ""
        return f"Press 3 times, hold 1.5 s once{extra}"

    def self_test_short(self) -> str:
        """The self-test's verdict in a few words, for the screen."""
        failed = [str(f.face) for f in self.faces if not f.good]
        if len(self.faces) < 6:
            return "Self-test not done"
        if not failed:
            return "Self-test good"
        return f"Not good: face{'s' if len(failed) > 1 else ''} {', '.join(failed)}"

    # -- what the screen shows -------------------------------------------------------

    def view(self) -> SetupView:
        """The current screen as plain data for :func:`companion.display.setup.render_setup`:
        one instruction at a time, a few words a line (drawn 5 mm tall)."""
        titles = {"aim": "Aim and focus", "measure": "Die size", "self-test": "Dice self-test",
                  "buttons": "Button test", "done": "Summary"}
        controls = "Press: next · Hold: skip · Undo: back"
        photos: tuple[SetupPhoto, ...] = ()
        meters: tuple[SetupMeter, ...] = ()
        lines: list[SetupLine] = []
        table: tuple[tuple[str, ...], ...] = ()
        verdict: SetupLine | None = None
        name = self.name
        if name == "aim":
            instruction = self.aim_advice()
            if self.frame is not None:
                rate = f" · {self.fps:.0f} fps" if self.fps else ""
                photos = (SetupPhoto(self.frame, self.tray, self.bank_zone, f"Live{rate}"),)
            meters = self.aim_meters()
        elif name == "measure":
            instruction = f"Throw the {self.dice} dice, press"
            controls = "Press: read · Hold: skip · Undo: back"
            if self.last_photo is not None:
                photos = (SetupPhoto(self.last_photo, None, self.bank_zone, "Last throw"),)
            lines.append(SetupLine(f"Throws: {self.throws} of {MEASURE_THROWS}"))
        elif name == "self-test":
            face = len(self.faces) + 1
            instruction = f"Turn all dice to {face}, press"
            controls = "Press: read · Hold: skip · Undo: redo"
            if face > 6:
                instruction = "Press for the button test"
                controls = "Press: next · Undo: redo face 6"
                verdict = SetupLine(self.self_test_short(), self.self_test_good)
            photos = tuple(SetupPhoto(f.photo, None, None, f"{f.face}: {f.right}/{f.dice}",
                                      f.good) for f in self.faces)
        elif name == "buttons":
            instruction = self.button_goal()
            controls = "Buttons are only listed here"
            lines.append(SetupLine(" · ".join(f"{k.capitalize()}: {v}"
                                              for k, v in self.pins.items())))
            table = (("event", "pin", "down ms", "held ms"),
                     *(b.cells() for b in self.buttons))
        else:
            instruction = "Press to leave setup"
            controls = "Press: leave · Undo: back"
            if self.measured is not None:
                size = self.measured.calibration.die_size_px
                lines.append(SetupLine(f"Die size {size:.0f} px: saved", True))
            else:
                lines.append(SetupLine("Die size not measured", False))
            lines.append(SetupLine(self.self_test_short(), self.self_test_good))
            seen = {b.kind for b in self.buttons}
            lines.append(SetupLine("Buttons: " + (", ".join(sorted(seen)) or "not tested"),
                                   bool(seen) or None))
            good = self.measured is not None and self.self_test_good
            verdict = SetupLine("Ready to referee" if good else "Not ready: see the ! lines", good)
        if self.message:
            lines.append(SetupLine(self.message))
        return SetupView(STEPS, self.step, titles[name], instruction, controls, photos,
                         meters, tuple(lines), table, verdict, self.fault)


def _box_text(box: Box | None) -> str:
    return "whole frame" if box is None else "[" + ", ".join(f"{v:.0f}" for v in box) + "] px"
