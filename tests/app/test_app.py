"""The app end to end: replay camera, scripted and keyboard buttons, real vision, engine,
journal and display, through whole games with everything a bar throws at a referee."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from companion.app import AppSettings, Companion
from companion.display import Screen, Severity
from companion.engine import Phase, Stand, Throw
from companion.journal import GameSetup, Journal
from companion.runner import open_screen, run_companion
from hardware.button import ButtonEvent, KeyboardButton
from hardware.camera import CameraError, ReplayCamera
from hardware.scripted import ScriptedButtons
from vision import read_dice

from .trays import dark, tray

ROOT = Path(__file__).resolve().parents[2]
SETUP = GameSetup("standard", {}, ("Ann", "Bob"))


# The recorded game: roll-off Ann 2, Bob 5; Bob 6 5 4 3 3 stands on 6; Ann banks the
# ship, then 5 4 6 6 launches with cargo 12 and stands: Ann wins the pot of 2 chips.
VALUES: dict[str, tuple[int, ...]] = {
    "ann-roll": (2,),
    "bob-roll": (5,),
    "bob-1": (6, 5, 4, 3, 3),
    "ann-1": (6, 2, 2, 1, 1),
    "ann-2": (5, 4, 6, 6),
}
GOOD = {name: tray(*values, seed=i) for i, (name, values) in enumerate(VALUES.items(), 1)}


@pytest.mark.parametrize("name", sorted(VALUES))
def test_the_synthetic_trays_read_exactly(name: str) -> None:
    """The trays of this module are read right by the real reader (else nothing here
    would mean anything)."""
    reading = read_dice(GOOD[name], len(VALUES[name]))
    assert reading.complete, reading.problems
    assert sorted(v for v in reading.values if v is not None) == sorted(VALUES[name])


def make_companion(tmp_path: Path, throws: list[object], **kwargs: object) -> Companion:
    journal = Journal(tmp_path / "journal.sqlite3")
    camera = ReplayCamera(throws)  # type: ignore[arg-type]
    lines: list[str] = []
    companion = Companion(
        journal,
        SETUP,
        camera,
        AppSettings(burst_frames=2, burst_interval_s=0.0),
        log=lines.append,
        **kwargs,  # type: ignore[arg-type]
    )
    companion.lines = lines  # type: ignore[attr-defined]
    return companion


def test_a_whole_game_through_the_run_loop_with_every_table_mistake(tmp_path: Path) -> None:
    throws: list[object] = [
        GOOD["ann-roll"],
        GOOD["bob-roll"],
        tray(6, 5, 4, 3, seed=6),  # Bob: a die missing from the tray
        dark(),  # the lights went out
        CameraError("cable pulled"),  # the camera dies for one press
        GOOD["bob-1"],
        GOOD["ann-1"],
        tray(5, 4, 6, 6, 2, seed=7),  # Ann throws her banked ship again: 5 dice
        GOOD["ann-2"],
    ]
    steps = (
        "press", "press",  # roll-off
        "press", "press", "press",  # refused: missing die, dark, camera
        "press", "hold",  # Bob launches, stands on 6
        "press", "press", "press", "hold",  # Ann: ship, refused 5 dice, launch; stands on 12
    )
    companion = make_companion(tmp_path, throws)
    screens: list[object] = []
    buttons = ScriptedButtons(steps)
    screen = open_screen((800, 480), headless=True)
    run_companion(
        companion,
        buttons,
        screen,
        should_stop=lambda: buttons.finished and len(screens) > 0,
        on_frame=screens.append,
        max_fps=1000.0,
    )
    state = companion.state
    assert state.phase is Phase.MATCH_OVER
    assert state.winners == ("Ann",)
    assert {p.name: p.chips for p in state.players} == {"Ann": 1, "Bob": -1}
    assert state.pot == 0
    log = "\n".join(companion.lines)  # type: ignore[attr-defined]
    assert "5 dice should be thrown, 4 seen" in log
    assert "4 dice should be thrown, 5 seen" in log
    assert "dark" in log.lower()
    assert "camera" in log.lower()
    # Only what counted is in the journal: 2 roll-off dice, 3 throws, 2 stands.
    tokens = [e.token for e in companion.journal.entries()]
    assert len(tokens) == 7
    assert sum(e.has_photo for e in companion.journal.entries()) == 5
    assert len(screens) >= len(steps)
    view = companion.view()
    assert view.screen is Screen.MATCH_RESULT
    assert view.match_result is not None and view.match_result.winner == "Ann"


def test_a_refused_throw_changes_nothing_and_says_what_to_do(tmp_path: Path) -> None:
    companion = make_companion(
        tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"], tray(6, 5, 4, 3, seed=8)]
    )
    companion.press()
    companion.press()
    before = companion.state
    outcome = companion.press()
    assert outcome.applied is None
    assert outcome.problem is not None and "5 dice should be thrown, 4 seen" in outcome.problem
    assert companion.state == before
    assert len(companion.journal.entries()) == 2
    view = companion.view()
    assert view.message is not None and view.message.severity is Severity.PROBLEM
    assert view.photo is not None and len(view.photo.marks) == 4
    assert view.photo.caption == "Not counted"


def test_camera_fault_is_shown_without_hiding_the_game_and_clears(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [CameraError("no frames for 2 s"), GOOD["ann-roll"]])
    outcome = companion.press()
    assert outcome.applied is None
    view = companion.view()
    assert view.faults and "no frames for 2 s" in view.faults[0].text
    assert view.screen is Screen.ROLL_OFF  # the game is still shown
    assert companion.press().applied == Throw((2,))
    assert companion.view().faults == ()


def test_after_a_bad_photo_file_the_replay_goes_on_with_the_next(tmp_path: Path) -> None:
    # issue 12: an empty .png made the next press reopen the folder from its first
    # photo, and old photos were counted again
    import cv2

    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "1.png"), GOOD["ann-roll"])
    (photos / "2.png").write_bytes(b"")
    cv2.imwrite(str(photos / "3.png"), GOOD["bob-roll"])
    opened: list[ReplayCamera] = []

    def reopen() -> ReplayCamera:
        opened.append(ReplayCamera(photos))
        return opened[-1]

    files = [photos / "1.png", photos / "2.png", photos / "3.png"]
    companion = make_companion(tmp_path, files, reopen_camera=reopen)
    assert companion.press().applied == Throw((2,))
    refused = companion.press()
    assert refused.applied is None and refused.problem is not None
    assert "bad picture" in refused.problem and "2.png" in refused.problem
    assert companion.press().applied == Throw((5,))  # 3.png, not 1.png again
    assert opened == []  # the camera was never closed and reopened
    assert companion.state.roll_off is not None
    assert dict(companion.state.roll_off.rolls) == {"Ann": 2, "Bob": 5}


def test_presses_during_processing_are_ignored_not_queued(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"]])
    keys = KeyboardButton()
    try:
        # Two quick presses arrive together (a double press, or one while busy).
        for at in (1.0, 1.2):
            keys.key_down("space", at_s=at)
            keys.key_up("space", at_s=at + 0.05)
        screen = open_screen((800, 480), headless=True)
        ticks = iter(range(5))
        run_companion(companion, keys, screen, should_stop=lambda: next(ticks, None) is None)
    finally:
        keys.close()
    assert len(companion.journal.entries()) == 1
    assert companion.state.roll_off is not None
    assert dict(companion.state.roll_off.rolls) == {"Ann": 2}


def test_hold_stands_or_explains_why_not(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"], GOOD["ann-1"]])
    outcome = companion.hold()
    assert outcome.applied is None and outcome.problem is not None
    companion.press()
    companion.press()
    companion.press()  # Bob starts: 6 2 2 1 1 banks the ship only
    assert companion.hold().applied is None  # not launched: no stand
    msg = companion.view().message
    assert msg is not None and "launch" in msg.text.lower()


def test_undo_needs_confirmation_and_shows_the_dispute_view(tmp_path: Path) -> None:
    clock = [100.0]
    companion = make_companion(
        tmp_path,
        [GOOD["ann-roll"], GOOD["bob-roll"], GOOD["bob-1"]],
        clock=lambda: clock[0],
    )
    for _ in range(3):
        companion.press()
    assert companion.state.turn is not None and companion.state.turn.launched
    first = companion.undo()
    assert first.applied is None
    view = companion.view()
    assert view.screen is Screen.DISPUTE
    assert view.confirm is not None and "Undo" in view.confirm.text
    assert view.turn is not None and view.turn.throws[0].photo is not None
    # a press cancels
    assert companion.press().problem == "undo cancelled"
    assert companion.state.turn is not None and companion.state.turn.launched
    # undo, undo: applied
    companion.undo()
    clock[0] += 3
    assert companion.undo().applied is not None
    assert companion.state.turn is not None and not companion.state.turn.throws
    # a confirmation that came too late starts over
    companion.undo()
    clock[0] += 60
    assert companion.undo().applied is None


def test_restart_restores_the_exact_game_and_photo(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"], GOOD["ann-1"]])
    for _ in range(3):
        companion.press()
    state = companion.state
    companion.journal.close()
    again = make_companion(tmp_path, [GOOD["ann-2"]])
    assert again.state == state
    view = again.view()
    assert view.photo is not None and len(view.photo.marks) == 5
    assert view.photo.caption == "Bob's throw 1"  # Bob won the roll-off and starts
    assert view.turn is not None and [s.filled for s in view.turn.slots] == [True, False, False]


def test_a_foreign_journal_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    path.write_text("not a database")
    from companion.journal import JournalError

    with pytest.raises(JournalError):
        Journal(path)
    assert path.read_text() == "not a database"


KILLER = textwrap.dedent(
    """
    import os, signal, sys
    import numpy as np
    sys.path.insert(0, {root!r})
    sys.path.insert(0, {tests!r})
    from tests.app.test_app import GOOD, SETUP
    from companion.app import AppSettings, Companion
    from companion.journal import Journal
    from hardware.camera import ReplayCamera
    journal = Journal({journal!r})
    camera = ReplayCamera([GOOD["ann-roll"], GOOD["bob-roll"], GOOD["bob-1"]])
    companion = Companion(journal, SETUP, camera, AppSettings(burst_frames=2,
                          burst_interval_s=0.0), log=lambda line: None)
    for _ in range(3):
        companion.press()
    print(companion.state.status, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
    """
)


def test_kill_9_mid_turn_then_restart_resumes_at_the_same_point(tmp_path: Path) -> None:
    journal_path = tmp_path / "journal.sqlite3"
    script = KILLER.format(
        root=str(ROOT), tests=str(Path(__file__).parent), journal=str(journal_path)
    )
    proc = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    shown = proc.stdout.strip()
    assert shown.startswith("Bob launched")
    companion = make_companion(tmp_path, [GOOD["ann-1"], GOOD["ann-2"]])
    assert companion.state.status == shown
    assert companion.hold().applied == Stand()
    companion.press()
    companion.press()
    assert companion.hold().applied == Stand()
    assert companion.state.winners == ("Ann",)


def test_button_event_kinds_are_dispatched(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"]])
    assert companion.handle(ButtonEvent("press", 0.0)).applied == Throw((2,))
    assert companion.handle(ButtonEvent("undo", 0.0)).applied is None
    assert companion.handle(ButtonEvent("undo", 0.1)).applied is not None


def test_changed_players_start_a_new_game_only_once_the_last_is_over(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"]])
    companion.press()
    companion.journal.close()
    other = GameSetup("standard", {}, ("Ann", "Bob", "Cy"))
    journal = Journal(tmp_path / "journal.sqlite3")
    again = Companion(journal, other, None, log=lambda line: None)
    assert [p.name for p in again.state.players] == ["Ann", "Bob"]  # in progress: kept
    journal.close()
    # finish that game, then restart with the new players
    finished = make_companion(
        tmp_path, [GOOD["bob-roll"], GOOD["bob-1"], GOOD["ann-1"], GOOD["ann-2"]]
    )
    finished.press()
    finished.press()
    finished.hold()
    finished.press()
    finished.press()
    finished.hold()
    assert finished.state.phase is Phase.MATCH_OVER
    finished.journal.close()
    journal = Journal(tmp_path / "journal.sqlite3")
    fresh = Companion(journal, other, None, log=lambda line: None)
    assert [p.name for p in fresh.state.players] == ["Ann", "Bob", "Cy"]
    assert len(journal.games()) == 2
    journal.close()


def test_bank_zone_must_hold_what_the_referee_banked(tmp_path: Path) -> None:
    from vision import Calibration

    from .trays import BANK_ZONE, tray_with_bank

    throws = [
        tray_with_bank((6, 4, 3, 3, 1), ()),  # banks the ship
        tray_with_bank((5, 4, 3, 1), (6, 5)),  # "I had the 5 already": 6 5 set aside
        tray_with_bank((5, 4, 3, 1), (6,)),  # put right: captain and crew banked
    ]
    journal = Journal(tmp_path / "journal.sqlite3")
    settings = AppSettings(
        burst_frames=2, burst_interval_s=0.0, calibration=Calibration(bank_zone=BANK_ZONE)
    )
    setup = GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob"))
    companion = Companion(journal, setup, ReplayCamera(throws), settings, log=lambda line: None)
    first = companion.press().applied
    assert isinstance(first, Throw) and sorted(first.dice) == [1, 3, 3, 4, 6]
    refused = companion.press()
    assert refused.applied is None
    assert refused.problem == "The bank zone holds 6 5, but the referee banked 6"
    assert companion.state.turn is not None and companion.state.turn.banked == (6,)
    assert companion.press().applied is not None
    assert companion.state.turn is not None and companion.state.turn.launched
    journal.close()


def test_the_dispute_view_decodes_each_kept_photo_once(tmp_path: Path) -> None:
    companion = make_companion(
        tmp_path, [GOOD["ann-roll"], GOOD["bob-roll"], GOOD["ann-1"], GOOD["ann-2"]]
    )
    for _ in range(4):
        companion.press()  # roll-off; Bob banks the ship, then launches
    companion.undo()  # the dispute view of Bob's turn, waiting for confirmation
    views = [companion.view() for _ in range(5)]  # the run loop rebuilds it often
    throws = views[-1].turn.throws  # type: ignore[union-attr]
    assert views[-1].screen is Screen.DISPUTE and len(throws) == 2
    assert all(t.photo is not None for t in throws)
    assert companion._book.photos.decoded == 2  # one JPEG decode per photo, not per view
    # The same photo object each time: the display need not redraw.
    assert views[0].turn.throws[0].photo.image is throws[0].photo.image  # type: ignore


def test_each_throw_photo_is_the_one_taken_for_that_throw(tmp_path: Path) -> None:
    """Equal dice in different throws keep their own photos (kept under the event)."""
    trays = [tray(5, 5, 5, 5, 5, seed=seed) for seed in (21, 22, 23, 24)]
    setup = GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob"))
    journal = Journal(tmp_path / "journal.sqlite3")
    companion = Companion(journal, setup, ReplayCamera(trays), AppSettings(burst_frames=2,
                          burst_interval_s=0.0), log=lambda line: None)
    for _ in range(4):
        companion.press()  # Ann: 3 throws of five 5s, no ship; Bob's first throw
    assert companion.state.turn is not None
    records = (*companion.state.round_turns[0].throws, *companion.state.turn.throws)
    assert [r.dice for r in records] == [(5, 5, 5, 5, 5)] * 4
    seqs = [e.seq for e in journal.entries()]
    assert [r.event_index for r in records] == [0, 1, 2, 3]
    shots = [companion._book.photo(r) for r in records]
    assert all(shot is not None for shot in shots)
    assert [companion._book.photos.get(seq) for seq in seqs] == shots
    assert len({id(shot) for shot in shots}) == 4
    journal.close()


def test_a_journal_event_that_breaks_the_rules_is_named_on_restart(tmp_path: Path) -> None:
    from companion.journal import JournalError

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.start_game(GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob")))
        journal.append("64331")
        seq = journal.append("7")  # a die showing 7: no version of the rules allows it
    with Journal(path) as journal, pytest.raises(JournalError, match=f"event {seq} \\('7'\\)"):
        Companion(journal, SETUP, None, log=lambda line: None)


def test_the_service_log_gives_each_press_its_timings(tmp_path: Path) -> None:
    """One line per throw: what the referee said, then the burst, the reading and the
    journal write in ms, by the (fake) clock; a refused throw has no journal write."""
    ticks = iter(range(1000))

    def clock() -> float:  # every call is 0.125 s after the one before
        return next(ticks) * 0.125

    companion = make_companion(
        tmp_path, [GOOD["ann-roll"], dark()], clock=clock, log_timings=True
    )
    companion.press()
    companion.press()
    lines = companion.lines  # type: ignore[attr-defined]
    assert re.fullmatch(r".* \[capture 125 ms, read 125 ms, journal 125 ms\]", lines[-2]), lines
    assert lines[-1].startswith("not counted: ")
    assert lines[-1].endswith(" [capture 125 ms, read 125 ms]"), lines
    companion.hold()  # no press: no timings
    assert "ms]" not in companion.lines[-1]  # type: ignore[attr-defined]


def test_the_demo_log_has_no_timings(tmp_path: Path) -> None:
    companion = make_companion(tmp_path, [GOOD["ann-roll"]])
    companion.press()
    assert not companion.lines[-1].endswith("ms]")  # type: ignore[attr-defined]
