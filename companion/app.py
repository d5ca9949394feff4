"""The app: buttons and camera in, the referee's judgement on the screen.

:class:`Companion` is the controller that joins the parts: it draws, owns and words
nothing itself (:mod:`companion.view.present` words), so tests drive it with a replay
camera and scripted button events. One button event at a time:

- **press**: capture a burst, wait until the dice are still (:func:`vision.check_still`),
  read them over the burst (:func:`vision.read_burst`) expecting the number of dice the
  engine wants, and if the reading is complete and not the dice last counted
  (:mod:`companion.unmoved`) apply a :class:`~companion.engine.Throw`; otherwise say why
  and change nothing.
- **hold**: stand, or start the next round, as the state allows.
- **long hold**: between rounds, show the night so far (:class:`NightBoard`; any press
  or hold leaves it); otherwise a hold. The **holding** notice says what letting go does.
- **undo**: the first undo shows the dispute view of the turn with "undo again to
  confirm"; a second undo within :attr:`AppSettings.confirm_timeout_s` applies
  :class:`~companion.engine.Undo`; a press or hold cancels.

Every event goes to the :class:`~companion.journal.Journal` (with the throw's photo and
dice) *before* the new state is shown (one it cannot write, on a full disk, is refused),
so a restart restores what was shown (:func:`companion.notation.replay`).
:func:`companion.runner.run_companion` runs it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from companion.capture import ThrowReader
from companion.engine import (
    NextRound,
    RuleError,
    Stand,
    Throw,
    ThrowRecord,
    Undo,
    apply,
    bank_zone_error,
)
from companion.engine.events import Event
from companion.house import house_decision
from companion.journal import GameSetup, Journal
from companion.night import NightBoard
from companion.photos import Shot
from companion.scorebook import Scorebook
from companion.sound import Speaker
from companion.unmoved import unmoved
from companion.view import ConfirmView, MessageView, PhotoView, Severity, View
from companion.view import present as say
from hardware.button import ButtonEvent
from hardware.camera import Camera
from vision import Calibration, Reading, VisionParams

__all__ = ["AppSettings", "Companion", "Outcome"]


@dataclass(frozen=True)
class AppSettings:
    """How the app reads a throw and talks to the table.

    Attributes:
        burst_frames: frames captured per press (the stillness check compares them).
        burst_interval_s: time between burst frames, s.
        calibration: the fixed camera's tray region, bank zone and die size (px);
            None: estimated from each image.
        vision: the reader's parameters; None: the defaults.
        show_odds: show the stand / re-throw chances when the player may stand.
        confirm_timeout_s: how long an undo waits for its confirmation, s.
        jpeg_quality: quality (0..100) of the throw photos kept in the journal.
    """

    burst_frames: int = 3
    burst_interval_s: float = 0.08
    calibration: Calibration | None = None
    vision: VisionParams | None = None
    show_odds: bool = True
    confirm_timeout_s: float = 10.0
    jpeg_quality: int = 85

    def __post_init__(self) -> None:
        if not 1 <= self.burst_frames <= 30:
            raise ValueError(f"burst_frames must be 1..30, not {self.burst_frames}")
        if not 0.0 <= self.burst_interval_s <= 2.0:
            raise ValueError(f"burst_interval_s must be 0..2 s, not {self.burst_interval_s}")
        if not 0 <= self.jpeg_quality <= 100:
            raise ValueError(f"jpeg_quality must be 0..100, not {self.jpeg_quality}")


@dataclass(frozen=True)
class Outcome:
    """What one button event did: ``applied``, the engine event applied (None if nothing
    changed), or ``problem``, why nothing changed (None if there was nothing to do)."""

    applied: Event | None = None
    problem: str | None = None


class Companion:
    """The referee at one table: engine state, journal, camera and the messages shown.

    Args:
        journal: the open journal; the current game in it is restored, or a new game
            is started from ``setup`` (always, with ``new_game=True``).
        setup: rules preset, options and players for a new game.
        camera: where throws come from (any :class:`hardware.camera.Camera`).
        settings: how throws are read and shown.
        log: receives the referee's log lines (what was thrown, banked and why).
        clock: monotonic seconds (a fake clock in tests).
        new_game: start a new game even if the journal holds one.
        log_timings: end each press's log line with its timings by ``clock`` (``[capture
            240 ms, read 58 ms, journal 6 ms]``), as the service logs.
        reopen_camera: opens the camera again after it failed (None: the camera is
            used as given, failures and all; the replay camera's recorded failures).
        speaker: the sounds and announcements of each event applied (None: silent).

    Raises:
        JournalError: the journal's game cannot be replayed (its events break the rules
            of this version, or its setup is not valid).
        companion.engine.SettingsError: ``setup`` names an unknown rule option.
    """

    def __init__(
        self,
        journal: Journal,
        setup: GameSetup,
        camera: Camera | None,
        settings: AppSettings | None = None,
        *,
        log: Callable[[str], None] = print,
        clock: Callable[[], float] = time.monotonic,
        new_game: bool = False,
        reopen_camera: Callable[[], Camera] | None = None,
        log_timings: bool = False,
        speaker: Speaker | None = None,
    ) -> None:
        self.journal, self._speaker = journal, speaker
        self.night = NightBoard(journal, log)  # the night screen between rounds and idle
        self.settings = s = settings or AppSettings()
        self._reader = ThrowReader(
            camera, burst_frames=s.burst_frames, burst_interval_s=s.burst_interval_s,
            calibration=s.calibration, vision=s.vision, reopen=reopen_camera, clock=clock,
            on_fault=lambda error: self.set_fault("camera", error and say.camera_lost(error)),
        )
        self._log, self._clock, self._log_timings = log, clock, log_timings
        self._book = Scorebook(journal, log, s.jpeg_quality, clock)
        self._shot: Shot | None = None  # the photo shown, and the throw it counted as
        self._shot_record: ThrowRecord | None = None
        self._message: MessageView | None = None
        self._pending: tuple[float, str] | None = None  # an undo waiting: since (s), question
        self._dispute = False
        self._faults: dict[str, str] = {}
        self._timings: dict[str, float] = {}  # this press: step -> seconds, for the log
        self.state = self._book.restore(setup, new_game)
        if self.state.events:  # restored: show the last throw's photo again
            self._show_kept(self.state.last_throw)
        self._version = 0

    @property
    def camera(self) -> Camera | None:
        """The camera in use (None after it failed, until it is reopened)."""
        return self._reader.camera

    # -- what the screen shows -------------------------------------------------------

    @property
    def version(self) -> int:
        """Increases whenever what the screen shows may have changed."""
        return self._version

    def _changed(self) -> None:
        self._version += 1

    def view(self) -> View:
        """The view of the table now (the display renders it)."""
        confirm = None
        if self._pending is not None:
            if self._clock() - self._pending[0] > self.settings.confirm_timeout_s:
                self._pending, self._dispute = None, False
            else:
                confirm = ConfirmView(self._pending[1], say.CONFIRM_UNDO)
        photo = self._photo_view(self._shot, self._shot_record)
        if photo is not None:
            photo = replace(photo, caption=say.photo_caption(self._shot_record))
        turn = self.state.last_turn
        dispute_photos: list[PhotoView | None] = []
        if self._dispute and turn is not None:
            dispute_photos = [self._photo_view(self._book.photo(r), r) for r in turn.throws]
        attract = not self.state.effective_events and self._shot is None and self._message is None
        return self.night.screen(say.build_view(
            self.state,
            photo=photo,
            message=self._message,
            faults=say.fault_messages(self._faults),
            confirm=confirm,
            odds=say.odds_view(self.state) if self.settings.show_odds else None,
            dispute=self._dispute,
            dispute_photos=dispute_photos,
            attract=attract,
        ), self.state, attract)

    def _photo_view(self, shot: Shot | None, record: ThrowRecord | None) -> PhotoView | None:
        return None if shot is None else PhotoView(shot.image, say.marks_for(shot.dice, record))

    def _show_kept(self, record: ThrowRecord | None) -> None:
        self._shot = self._book.photo(record)
        self._shot_record = record if self._shot is not None else None

    def set_fault(self, kind: str, text: str | None) -> None:
        """Show (``text``) or clear (None) a machine fault: "camera", "button" or other."""
        if text is not None:
            self._log(f"fault: {text}")
            self._faults[kind] = text
        else:
            self._faults.pop(kind, None)
        self._changed()

    # -- button events ---------------------------------------------------------------

    def handle(self, event: ButtonEvent) -> Outcome:
        """Act on one button event; never raises for anything a player can do."""
        kind, waiting = event.kind, self._pending is not None or self._dispute
        if not waiting and self.night.gesture(kind, self.state):  # shown, or left
            self._message = None  # a holding notice's "let go to ..." is over
        elif kind == "holding":  # a notice, not an action: say what letting go will do
            self._message = (None if waiting else self.night.holding(self.state)) or self._message
        else:
            act = dict(press=self.press, hold=self.hold, long_hold=self.hold, undo=self.undo)
            return act[kind]() if kind in act else Outcome(problem=f"unknown event {kind!r}")
        self._changed()
        return Outcome()

    def _say(self, severity: Severity, text: str, action: str = "") -> None:
        self._message = MessageView(severity, text, action)
        self._changed()

    def _cancel_pending(self) -> bool:
        if self._pending is None and not self._dispute:
            return False
        self._pending, self._dispute = None, False
        self._say(Severity.INFO, "Undo cancelled", say.action(self.state))
        return True

    def busy(self) -> None:
        """Say "Reading the dice" while a press is being processed."""
        self._say(Severity.INFO, "Reading the dice…", "")

    def toggle_dispute(self) -> None:
        """Show or hide the dispute view of the current (or last) turn."""
        self._dispute = not self._dispute
        self._changed()

    def press(self) -> Outcome:
        """The throw button: read the tray and apply the throw, or say why not."""
        if self._cancel_pending():
            return Outcome(problem="undo cancelled")
        if not self.state.can_throw:
            return self._refuse(*say.no_throw(self.state))
        allowed = self.state.allowed_dice_counts
        capture = self._reader.read(allowed[0] if len(allowed) == 1 else None)
        self._timings = dict(capture.timings)
        if capture.shot is not None:
            self._shot, self._shot_record = capture.shot, None
        if capture.reading is None:
            return self._refuse(*say.capture_problem(capture.problem or "", capture.detail))
        problem = self._reading_problem(capture.reading, allowed[0] if allowed else 0)
        if problem is None and capture.shot and unmoved(self._book.last_dice, capture.shot.dice):
            problem = (say.NOT_THROWN, f"Nothing was counted. {say.action(self.state)}")
        if problem is not None:
            return self._refuse(*problem)
        values = tuple(v for v in capture.reading.values if v is not None)
        return self._apply(Throw(values), shot=capture.shot)

    def _reading_problem(self, reading: Reading, count: int) -> tuple[str, str] | None:
        """Why a reading cannot be applied (text, what to do), or None if it can."""
        problems = [p.message for p in reading.problems if p.code != "count"]
        unreadable = sum(1 for v in reading.values if v is None)
        problem = say.reading_problem(problems, unreadable, count)
        calibration = self.settings.calibration
        if problem is not None or calibration is None or calibration.bank_zone is None:
            return problem
        error = bank_zone_error(self.state, [d.value for d in reading.banked])
        return None if error is None else (str(error), say.bank_zone_action(error))

    def hold(self) -> Outcome:
        """The held button: stand, or start the next round."""
        if self._cancel_pending():
            return Outcome(problem="undo cancelled")
        if self.state.can_stand:
            return self._apply(Stand())
        if self.state.can_next_round:
            return self._apply(NextRound())
        return self._refuse(*say.no_stand(self.state))

    def undo(self) -> Outcome:
        """The undo button: ask for confirmation, then undo the last event."""
        now = self._clock()
        pending = self._pending
        if pending is not None and now - pending[0] <= self.settings.confirm_timeout_s:
            self._pending, self._dispute = None, False
            return self._apply(Undo())
        if not self.state.can_undo:
            return self._refuse("Nothing to undo", say.action(self.state))
        self._pending = (now, f"Undo {say.undone(self.state)}?")
        self._dispute = self.state.last_turn is not None
        self._changed()
        return Outcome(problem="waiting for confirmation")

    # -- applying events -------------------------------------------------------------

    def _refuse(self, text: str, action: str, severity: Severity = Severity.PROBLEM) -> Outcome:
        self._say(severity, text, action)
        self._log(self._timed(f"not counted: {text.rstrip('.')}. {action}"))
        return Outcome(problem=text)

    def _apply(self, event: Event, *, shot: Shot | None = None) -> Outcome:
        before = self.state
        try:
            after = apply(before, event)
        except RuleError as error:
            return self._refuse(str(error), say.refused(event, before))
        written = self._book.write(event, shot, self._timings)  # False: a full disk
        self.set_fault("journal", self._book.fault)
        if not written:
            return self._refuse(*say.not_written(self._book.fault))
        self.state, self.night.shown = after, False
        if self._speaker is not None:
            self._speaker.step(before, event, after)
        if isinstance(event, Throw):
            self._shot_record = after.last_throw
        elif isinstance(event, NextRound):
            self._shot, self._shot_record = None, None
        elif isinstance(event, Undo):
            self._show_kept(after.last_throw)
        self._message = say.applied_message(before, event, after)
        self._changed()
        self._log(self._timed(say.log_line(before, event, after)))
        house = house_decision(after)  # the House decides by the odds, and says so
        if house is not None:
            self._log(house.text)
            if house.action == "stand" and not isinstance(event, Undo):
                self._apply(Stand())
            self._message = say.house_message(house, event, self.state)
        return Outcome(applied=event)

    def _timed(self, line: str) -> str:
        """``line`` with this press's timings when they are logged (then forgotten)."""
        timings, self._timings = self._timings, {}
        return say.timed(line, timings if self._log_timings else {})
