"""A tray nobody threw is not a throw (issue 12, item 1): two presses on one tray,
a press after an undo, the next player pressing before throwing. Compared on the dice
found (values and positions), so light flicker does not matter."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from companion.app import AppSettings, Companion
from companion.engine import Throw, Undo
from companion.journal import GameSetup, Journal
from hardware.camera import ReplayCamera

from .test_scripted_run import config_for, press, scripted_run, tokens
from .trays import tray

SETUP = GameSetup("standard", {"first-player": "named"}, ("Ann", "Ben"))
NOT_THROWN = "The dice have not been thrown since the last press"
ANN = tray(6, 5, 4, 3, 3, seed=1)  # Ann launches, cargo 6


def flicker(image: np.ndarray, gain: float) -> np.ndarray:
    """The same tray under mains flicker: dimmer or brighter, the pixels all changed."""
    return np.clip(image.astype(np.float32) * gain + 3, 0, 255).astype(np.uint8)


def thrown(outcome: object) -> list[int]:
    """The dice of the throw an outcome applied, sorted (reading order varies)."""
    applied = outcome.applied  # type: ignore[attr-defined]
    assert isinstance(applied, Throw), outcome
    return sorted(applied.dice)


def companion(tmp_path: Path, throws: list[np.ndarray]) -> Companion:
    camera = ReplayCamera(throws)  # type: ignore[arg-type]
    clock = [0.0]
    app = Companion(Journal(tmp_path / "journal.sqlite3"), SETUP, camera,
                    AppSettings(burst_frames=1, burst_interval_s=0.0),
                    log=lambda line: None, clock=lambda: clock[0])
    return app


def test_a_second_press_on_the_same_tray_is_refused_under_flicker(tmp_path: Path) -> None:
    app = companion(tmp_path, [ANN, flicker(ANN, 0.8), tray(3, 3, seed=2)])
    assert thrown(app.press()) == sorted((6, 5, 4, 3, 3))
    before = app.state
    refused = app.press()
    assert refused.applied is None and refused.problem == NOT_THROWN
    assert app.state == before and len(app.journal.entries()) == 1
    view = app.view()
    assert view.message is not None and view.message.text == NOT_THROWN
    assert thrown(app.press()) == sorted((3, 3))  # thrown: counted


def test_after_an_undo_the_untouched_tray_is_refused(tmp_path: Path) -> None:
    app = companion(tmp_path, [ANN, flicker(ANN, 1.15), tray(6, 5, 4, 2, 1, seed=3)])
    assert thrown(app.press()) == sorted((6, 5, 4, 3, 3))
    app.undo()
    assert app.undo().applied == Undo()
    assert app.press().problem == NOT_THROWN  # the undone throw's dice still lie there
    assert thrown(app.press()) == sorted((6, 5, 4, 2, 1))


def test_the_next_player_pressing_before_throwing_is_refused(tmp_path: Path) -> None:
    # issue 12: "Ann threw 2", then "Ben threw 2" from one photo
    app = companion(tmp_path, [ANN, ANN, ANN, flicker(ANN, 0.9), tray(6, 5, 4, 1, 1, seed=4)])
    assert thrown(app.press()) == sorted((6, 5, 4, 3, 3))
    assert app.hold().applied is not None  # Ann stands: Ben's turn
    assert app.state.current_player == "Ben"
    assert app.press().problem == NOT_THROWN
    assert app.press().problem == NOT_THROWN
    assert app.press().problem == NOT_THROWN
    assert thrown(app.press()) == sorted((6, 5, 4, 1, 1))
    assert len(app.journal.entries()) == 3  # Ann's throw, her stand, Ben's real throw


def test_a_restarted_referee_remembers_the_last_dice(tmp_path: Path) -> None:
    first = companion(tmp_path, [ANN])
    assert thrown(first.press()) == sorted((6, 5, 4, 3, 3))
    first.journal.close()
    again = companion(tmp_path, [flicker(ANN, 0.85)])
    assert again.press().problem == NOT_THROWN


def test_two_presses_300_ms_apart_on_mock_pins_give_one_throw(tmp_path: Path) -> None:
    # issue 12, end to end: companion run on gpiozero mock pins, a warm referee, one
    # tray seen twice (the replay camera serves the same photo again)
    photos = tmp_path / "photos"
    photos.mkdir()
    for number in (1, 2):
        cv2.imwrite(str(photos / f"{number:02}.png"), tray(4, seed=9))
    journal = tmp_path / "journal.sqlite3"
    config = config_for(tmp_path, photos, journal)
    proc = scripted_run(tmp_path, config, press(0.5) + press(5.0) + press(5.3), settle_s=5.0)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stdout + proc.stderr
    assert tokens(journal) == ["4"]  # Ann's roll-off; Ben's press on her die: refused
    assert NOT_THROWN in proc.stdout + proc.stderr
