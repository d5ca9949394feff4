"""The app: buttons and camera in, the referee's judgement on the screen.

:class:`Companion` is the controller that joins the parts; it draws nothing itself
and owns no hardware, so the tests drive it with a replay camera and scripted
button events. One button event at a time:

- **press**: capture a burst, wait until the dice are still (:func:`vision.check_still`),
  read them (:func:`vision.read_dice`) expecting the number of dice the engine wants,
  and if the reading is complete apply a :class:`~companion.engine.Throw`; otherwise
  show the problem and change nothing (a throw that could not be read does not count).
- **hold**: stand, or start the next round, as the state allows.
- **undo**: the first undo shows the dispute view of the turn with "undo again to
  confirm"; a second undo within :attr:`AppSettings.confirm_timeout_s` applies
  :class:`~companion.engine.Undo`; a press or hold cancels.

Every event is written to the :class:`~companion.journal.Journal` (with the photo of
the throw) *before* the new state is shown, so a restart restores exactly what was on
the screen. The run loop that owns pygame, the buttons and systemd notifications is
:func:`companion.runner.run_companion`.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.display.view import (
    ConfirmView,
    MessageView,
    NightView,
    OddsView,
    PhotoView,
    Screen,
    Severity,
    View,
)
from companion.engine import (
    EngineError,
    GameState,
    NextRound,
    Phase,
    RuleError,
    Stand,
    Throw,
    ThrowRecord,
    Undo,
    apply,
    new_game,
    settings_from_options,
)
from companion.engine.events import Event
from companion.house import house_decision
from companion.journal import GameSetup, Journal, JournalError
from companion.notation import decode_event, encode_event, rules_text
from companion.odds import state_odds
from companion.present import build_view, marks_for, night_view, photo_caption
from companion.sound import Speaker
from companion.stats import StatsError, logged_games, night_of, night_stats
from hardware.button import ButtonEvent
from hardware.camera import Camera, CameraError
from vision import Calibration, Reading, VisionError, VisionParams, check_still, read_dice

__all__ = ["AppSettings", "Companion", "Outcome"]

Frame = NDArray[np.uint8]
DieMark = tuple[int | None, tuple[float, float], tuple[tuple[float, float], ...]]


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
    """What one button event did, for the log and the tests.

    ``applied``: the engine event applied (None if nothing changed); ``problem``: the
    reason nothing changed (None when applied or when there was nothing to do).
    """

    applied: Event | None = None
    problem: str | None = None


@dataclass
class _Photo:
    """A throw's photo and the dice marked on it (as read)."""

    image: Frame
    dice: tuple[DieMark, ...]


@dataclass
class _Pending:
    """An undo waiting for its confirmation."""

    since_s: float
    text: str


@dataclass
class _Faults:
    camera: str | None = None
    button: str | None = None
    other: dict[str, str] = field(default_factory=dict)


def _reading_marks(reading: Reading) -> tuple[DieMark, ...]:
    return tuple(
        (d.value, (float(d.center[0]), float(d.center[1])), tuple(d.corners)) for d in reading.dice
    )


def _encode_jpeg(image: Frame, quality: int) -> bytes | None:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return bytes(data.tobytes()) if ok else None


def _decode_jpeg(data: bytes) -> Frame | None:
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.ndim != 3:
        return None
    return np.asarray(image, dtype=np.uint8)


def _action(state: GameState) -> str:
    """The engine's status, with what the button does now when a round or the match is
    over (the engine knows no buttons)."""
    if state.phase is Phase.ROUND_OVER:
        return f"{state.status} Hold the button to start the next round."
    if state.phase is Phase.MATCH_OVER:
        return f"{state.status} Hold the button to start a new match."
    return state.status


def _undone(state: GameState) -> str:
    """What an Undo applied to ``state`` takes back, in words."""
    last = state.effective_events[-1] if state.effective_events else None
    who = state.last_throw.player + "'s " if state.last_throw is not None else ""
    if isinstance(last, Throw):
        return f"{who}last throw"
    if isinstance(last, Stand):
        return f"{who}stand"
    if isinstance(last, NextRound):
        return "the start of the round"
    return "the last event"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _dice(n: int) -> str:
    """ "1 die", "3 dice"."""
    return "1 die" if n == 1 else f"{n} dice"


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
        log_timings: end each press's log line with its timings (``[capture 240 ms,
            read 58 ms, journal 6 ms]``: the burst, stillness check and reading, and the
            journal write, by ``clock``); what the service logs.
        reopen_camera: opens the camera again after it failed (None: the camera is
            used as given, failures and all; the replay camera's recorded failures).
        speaker: plays the sounds and speaks the announcements of each event applied
            (None: silent).
        wall_clock: Unix seconds, for which night it is (the night screen's numbers).

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
        wall_clock: Callable[[], float] = time.time,
    ) -> None:
        self.journal = journal
        self._speaker = speaker
        self._wall_clock = wall_clock
        self._night = False  # the night screen is shown (a press between rounds)
        self._night_cache: tuple[tuple[Any, ...], NightView] | None = None
        self.camera = camera
        self._reopen_camera = reopen_camera
        self.settings = settings or AppSettings()
        self._log = log
        self._clock = clock
        self._photo: _Photo | None = None
        self._photo_record: ThrowRecord | None = None
        self._message: MessageView | None = None
        self._pending: _Pending | None = None
        self._dispute = False
        self._faults = _Faults()
        self._photo_seq: dict[ThrowRecord, int] = {}
        self._odds_cache: dict[tuple[Any, ...], OddsView | None] = {}
        self._timings: dict[str, float] = {}  # this press: step -> seconds, for the log
        self._log_timings = log_timings
        self.state = self._restore(setup, new_game)
        self._version = 0

    # -- start and restore -----------------------------------------------------------

    def _restore(self, setup: GameSetup, fresh: bool) -> GameState:
        game = None if fresh else self.journal.current_game()
        if game is not None and game.setup != setup and self._game_over(game):
            self._log("the configured players or rules changed and the last game is over: "
                      "a new game starts")
            game = None
        if game is None:
            settings = settings_from_options(setup.preset, setup.options)
            state = new_game(settings, list(setup.players))
            self.journal.start_game(setup)
            self._log(f"New game: {', '.join(setup.players)}; rules: {rules_text(settings)}")
            return state
        try:
            settings = settings_from_options(game.setup.preset, game.setup.options)
            state = new_game(settings, list(game.setup.players))
        except EngineError as error:
            raise JournalError(
                f"{self.journal.path}: game {game.game_id} cannot be restored ({error})"
            ) from None
        entries = self.journal.entries(game.game_id)
        for entry in entries:
            try:
                event = decode_event(entry.token)
                state = apply(state, event)
            except EngineError as error:
                raise JournalError(
                    f"{self.journal.path}: event {entry.seq} ({entry.token!r}) of game "
                    f"{game.game_id} cannot be replayed: {error}"
                ) from None
            if isinstance(event, Throw) and entry.has_photo and state.last_throw is not None:
                self._photo_seq[state.last_throw] = entry.seq
        if entries:
            self._log(f"Restored game {game.game_id}: {len(entries)} events replayed")
            self._photo = self._journal_photo(state.last_throw)
            self._photo_record = state.last_throw if self._photo is not None else None
        if game.setup != setup:
            self._log(
                "note: the configured players or rules differ from the restored game in "
                "progress; they apply from the next game (or: companion new-game)"
            )
        return state

    def _game_over(self, game: Any) -> bool:
        """True if the journal's game ``game`` has ended (its match is over)."""
        try:
            settings = settings_from_options(game.setup.preset, game.setup.options)
            state = new_game(settings, list(game.setup.players))
            for entry in self.journal.entries(game.game_id):
                state = apply(state, decode_event(entry.token))
        except EngineError:
            return False
        return state.phase is Phase.MATCH_OVER

    # -- what the screen shows -------------------------------------------------------

    @property
    def version(self) -> int:
        """Increases whenever what the screen shows may have changed."""
        return self._version

    def _changed(self) -> None:
        self._version += 1

    def view(self) -> View:
        """The view of the table now (the display renders it)."""
        now = self._clock()
        confirm = None
        if self._pending is not None:
            if now - self._pending.since_s > self.settings.confirm_timeout_s:
                self._pending = None
                self._dispute = False
            else:
                confirm = ConfirmView(
                    self._pending.text, "Press undo again to confirm; press the button to cancel"
                )
        faults = tuple(
            MessageView(Severity.FAULT, text, action)
            for text, action in (
                (self._faults.camera, "Staff: check the camera cable, then press the button"),
                (self._faults.button, "Staff: check the button wiring; the keyboard works"),
            )
            if text
        ) + tuple(MessageView(Severity.FAULT, t) for t in self._faults.other.values())
        photo = self._photo_view(self._photo, self._photo_record)
        if photo is not None:
            photo = replace(photo, caption=photo_caption(self._photo_record))
        dispute_photos: list[PhotoView | None] = []
        turn = self.state.last_turn
        if self._dispute and turn is not None:
            for record in turn.throws:
                dispute_photos.append(self._photo_view(self._journal_photo(record), record))
        attract = not self.state.effective_events and self._photo is None and self._message is None
        view = build_view(
            self.state,
            photo=photo,
            message=self._message,
            faults=faults,
            confirm=confirm,
            odds=self._odds(),
            dispute=self._dispute,
            dispute_photos=dispute_photos,
            attract=attract,
        )
        night_shown = self._night and self.state.can_next_round and not self._dispute
        if night_shown or attract:
            night = self._night_view()
            if night is not None and (night_shown or night.rounds > 0):
                # the idle screen shows the night so far once a round has been played
                action = ("Press the button to go back; hold it to start the next round"
                          if night_shown else "Press the button to start")
                return view.replace(screen=Screen.NIGHT, night=night, message=MessageView(
                    Severity.INFO, "The night so far", action))
        return view

    def _night_view(self) -> NightView | None:
        """Tonight's numbers from the journal (cached until the next event); None if
        the journal cannot be read back (the game goes on)."""
        games = self.journal.games()
        key = (len(games), len(self.state.events), night_of(self._wall_clock()))
        if self._night_cache is None or self._night_cache[0] != key:
            try:
                stats = night_stats(logged_games(self.journal), key[2])
            except (StatsError, JournalError) as error:
                self._log(f"night screen: {error}")
                return None
            self._night_cache = (key, night_view(stats))
        return self._night_cache[1]

    def _photo_view(self, photo: _Photo | None, record: ThrowRecord | None) -> PhotoView | None:
        if photo is None:
            return None
        return PhotoView(photo.image, marks_for(photo.dice, record))

    def _journal_photo(self, record: ThrowRecord | None) -> _Photo | None:
        if record is None or record not in self._photo_seq:
            return None
        seq = self._photo_seq[record]
        jpeg = self.journal.photo(seq)
        if jpeg is None:
            return None
        meta = self.journal.photo_meta(seq)
        image = _decode_jpeg(jpeg)
        if image is None:
            return None
        dice: list[DieMark] = []
        try:
            for d in json.loads(meta or "[]"):
                value = d["value"]
                dice.append(
                    (
                        None if value is None else int(value),
                        (float(d["center"][0]), float(d["center"][1])),
                        tuple((float(x), float(y)) for x, y in d["corners"]),
                    )
                )
        except (ValueError, KeyError, TypeError):
            dice = []
        return _Photo(image, tuple(dice))

    def _odds(self) -> OddsView | None:
        """Stand versus re-throw chances of winning the round, when the player may stand."""
        if not self.settings.show_odds or not self.state.can_stand:
            return None
        key = (id(self.state), self._version)
        if key not in self._odds_cache:
            self._odds_cache.clear()
            odds = state_odds(self.state)
            if odds is None or odds.rethrow is None:
                self._odds_cache[key] = None
            else:
                self._odds_cache[key] = OddsView(float(odds.stand), float(odds.rethrow))
        return self._odds_cache[key]

    # -- faults ----------------------------------------------------------------------

    def set_fault(self, kind: str, text: str | None) -> None:
        """Show (``text``) or clear (None) a machine fault: "camera", "button" or other."""
        if text is not None:
            self._log(f"fault: {text}")
        if kind == "camera":
            self._faults.camera = text
        elif kind == "button":
            self._faults.button = text
        elif text is None:
            self._faults.other.pop(kind, None)
        else:
            self._faults.other[kind] = text
        self._changed()

    # -- button events ---------------------------------------------------------------

    def handle(self, event: ButtonEvent) -> Outcome:
        """Act on one button event; never raises for anything a player can do."""
        if event.kind == "press":
            return self.press()
        if event.kind == "hold":
            return self.hold()
        if event.kind == "undo":
            return self.undo()
        return Outcome(problem=f"unknown button event {event.kind!r}")

    def _say(self, severity: Severity, text: str, action: str = "") -> None:
        self._message = MessageView(severity, text, action)
        self._changed()

    def _cancel_pending(self) -> bool:
        if self._pending is None and not self._dispute:
            return False
        self._pending = None
        self._dispute = False
        self._changed()
        return True

    def _open_camera(self) -> Camera | None:
        """The camera, reopened if it died and a way to reopen it was given."""
        if self.camera is None and self._reopen_camera is not None:
            try:
                self.camera = self._reopen_camera()
            except CameraError as error:
                self.set_fault("camera", f"Camera lost: {error}")
                return None
        return self.camera

    def _drop_camera(self) -> None:
        """Close a camera that failed: the next press reopens it (when possible)."""
        if self.camera is not None and self._reopen_camera is not None:
            with contextlib.suppress(CameraError):
                self.camera.close()
            self.camera = None

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
            self._say(Severity.INFO, "Undo cancelled", _action(self.state))
            return Outcome(problem="undo cancelled")
        state = self.state
        if not state.can_throw:
            if state.can_next_round:  # between rounds a press shows the night so far
                self._night = not self._night
                self._changed()
                return Outcome()
            return self._refuse("No throw is expected now", _action(state))
        self._timings = {}
        camera = self._open_camera()
        if camera is None:
            return self._refuse(
                "No camera",
                "Nothing was counted. Staff: check the camera, then press again",
                Severity.FAULT,
            )
        started = self._clock()
        try:
            frames = camera.frames(self.settings.burst_frames, self.settings.burst_interval_s)
        except CameraError as error:
            self.set_fault("camera", f"Camera lost: {error}")
            self._drop_camera()
            return self._refuse(
                "The camera did not answer",
                "Nothing was counted. Staff: check the camera, then press again",
                Severity.FAULT,
            )
        self.set_fault("camera", None)
        captured = self._clock()
        self._timings["capture"] = captured - started
        try:
            moving = check_still(frames, self.settings.vision) if len(frames) > 1 else None
        except VisionError as error:
            return self._refuse(
                f"The camera sent a bad picture ({error})", "Press the button again"
            )
        if moving is not None:
            self._photo, self._photo_record = _Photo(frames[-1], ()), None
            return self._refuse(moving.message, "Press again when the dice have stopped")
        frame = frames[-1]
        allowed = state.allowed_dice_counts
        expected = allowed[0] if len(allowed) == 1 else None
        try:
            reading = read_dice(frame, expected, self.settings.calibration, self.settings.vision)
        except VisionError as error:
            return self._refuse(
                f"The picture could not be read ({error})", "Press the button again"
            )
        self._timings["read"] = self._clock() - captured
        self._photo, self._photo_record = _Photo(frame, _reading_marks(reading)), None
        problem = self._reading_problem(reading, allowed)
        if problem is not None:
            text, action = problem
            return self._refuse(text, action)
        values = tuple(v for v in reading.values if v is not None)
        return self._apply(Throw(values), photo=frame, reading=reading)

    def _reading_problem(
        self, reading: Reading, allowed: tuple[int, ...]
    ) -> tuple[str, str] | None:
        """Why a reading cannot be applied (text, what to do), or None if it can."""
        count = allowed[0] if allowed else 0
        problems = [p for p in reading.problems if p.code != "count"]
        if problems:
            first = problems[0]
            more = ""
            if len(problems) > 1:
                more = f" (and {_plural(len(problems) - 1, 'more problem')})"
            return first.message + more, f"This throw does not count ({_dice(count)} expected)."
        unreadable = sum(1 for v in reading.values if v is None)
        if unreadable:
            which = "One die" if unreadable == 1 else f"{unreadable} dice"
            return (
                f"{which} could not be read",
                f"Straighten {'it' if unreadable == 1 else 'them'} or re-throw all "
                f"{count} and press again. This throw does not count.",
            )
        banked_problem = self._bank_zone_problem(reading)
        if banked_problem is not None:
            return banked_problem
        return None

    def _bank_zone_problem(self, reading: Reading) -> tuple[str, str] | None:
        """With a bank zone, the dice set aside there must be what the referee banked."""
        calibration = self.settings.calibration
        if calibration is None or calibration.bank_zone is None:
            return None
        turn = self.state.turn
        engine = sorted(turn.banked) if turn is not None and not turn.over else []
        if self.state.phase is not Phase.TURN and self.state.phase is not Phase.TIE_BREAK:
            engine = []
        seen_values = [d.value for d in reading.banked]
        if any(v is None for v in seen_values):
            return (
                "A die in the bank zone could not be read",
                "Straighten the banked dice and press again",
            )
        seen = sorted(v for v in seen_values if v is not None)
        if seen == engine:
            return None
        said = " ".join(str(v) for v in sorted(engine, reverse=True)) or "nothing"
        there = " ".join(str(v) for v in sorted(seen, reverse=True)) or "nothing"
        return (
            f"The bank zone holds {there}, but the referee banked {said}",
            "Put the bank zone right (banked dice only) and press again. "
            "This throw does not count.",
        )

    def hold(self) -> Outcome:
        """The held button: stand, or start the next round."""
        if self._cancel_pending():
            self._say(Severity.INFO, "Undo cancelled", _action(self.state))
            return Outcome(problem="undo cancelled")
        state = self.state
        if state.can_stand:
            return self._apply(Stand())
        if state.can_next_round:
            return self._apply(NextRound())
        if state.turn is not None and not state.turn.launched and state.can_throw:
            return self._refuse(
                "You cannot stand before launching",
                f"Ship, captain and crew first. {_action(state)}",
            )
        return self._refuse("Nothing to stand on now", _action(state))

    def undo(self) -> Outcome:
        """The undo button: ask for confirmation, then undo the last event."""
        now = self._clock()
        pending = self._pending
        if pending is not None and now - pending.since_s <= self.settings.confirm_timeout_s:
            self._pending = None
            self._dispute = False
            return self._apply(Undo())
        if not self.state.can_undo:
            return self._refuse("Nothing to undo", _action(self.state))
        self._pending = _Pending(now, f"Undo {_undone(self.state)}?")
        self._dispute = self.state.last_turn is not None
        self._changed()
        return Outcome(problem="waiting for confirmation")

    # -- applying events -------------------------------------------------------------

    def _refuse(self, text: str, action: str, severity: Severity = Severity.PROBLEM) -> Outcome:
        self._say(severity, text, action)
        self._log(self._timed(f"not counted: {text.rstrip('.')}. {action}"))
        return Outcome(problem=text)

    def _timed(self, line: str) -> str:
        """``line`` with this press's timings, ms (``[capture 240 ms, read 58 ms]``)."""
        timings, self._timings = self._timings, {}
        if not timings or not self._log_timings:
            return line
        parts = ", ".join(f"{step} {seconds * 1000:.0f} ms" for step, seconds in timings.items())
        return f"{line} [{parts}]"

    def _apply(
        self, event: Event, *, photo: Frame | None = None, reading: Reading | None = None
    ) -> Outcome:
        before = self.state
        try:
            after = apply(before, event)
        except RuleError as error:
            counted = "This throw does not count. " if isinstance(event, Throw) else ""
            return self._refuse(str(error), counted + _action(before))
        jpeg = None
        meta = None
        if photo is not None:
            jpeg = _encode_jpeg(photo, self.settings.jpeg_quality)
            if reading is not None:
                meta = json.dumps(
                    [
                        {"value": v, "center": list(c), "corners": [list(p) for p in k]}
                        for v, c, k in _reading_marks(reading)
                    ]
                )
        written = self._clock()
        seq = self.journal.append(encode_event(event), jpeg, meta=meta)
        if self._timings:
            self._timings["journal"] = self._clock() - written
        self.state = after
        self._night = False
        if self._speaker is not None:
            self._speaker.step(before, event, after)
        if isinstance(event, Throw) and jpeg is not None and after.last_throw is not None:
            self._photo_seq[after.last_throw] = seq
        if isinstance(event, Throw):
            self._photo_record = after.last_throw
        elif isinstance(event, NextRound):
            self._photo, self._photo_record = None, None
        elif isinstance(event, Undo):
            self._photo = self._journal_photo(after.last_throw)
            self._photo_record = after.last_throw if self._photo is not None else None
        if isinstance(event, Undo):
            self._message = MessageView(
                Severity.INFO, f"Undone: {_undone(before)}", _action(after)
            )
        elif after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            self._message = None  # the result screen says it all, and what to do next
        else:
            self._message = MessageView(Severity.INFO, after.message or "Done", _action(after))
        self._changed()
        self._log(self._timed(self._log_line(before, event, after)))
        house = house_decision(after)
        if house is not None:
            self._log(house.text)
            if house.action == "stand" and not isinstance(event, Undo):
                # the House stands by itself (after an undo it waits for a hold)
                self._apply(Stand())
                if self.state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                    self._message = MessageView(Severity.INFO, house.text, _action(self.state))
            elif house.action == "stand":
                self._message = MessageView(Severity.INFO, house.text,
                                            "Hold the button: the House stands")
            else:
                self._message = MessageView(Severity.INFO, after.message or house.text,
                                            house.text)
        return Outcome(applied=event)

    def _log_line(self, before: GameState, event: Event, after: GameState) -> str:
        who = before.current_player or "table"
        if isinstance(event, Throw):
            dice = " ".join(str(d) for d in event.dice)
            return f"{who} threw {dice}: {after.message}"
        if isinstance(event, Stand):
            return after.message
        if isinstance(event, NextRound):
            return f"next round: {after.message}"
        return f"undo: {_undone(before)} undone. {_action(after)}"
