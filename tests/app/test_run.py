"""``companion run`` as the service runs it: config, journal, notifications, SIGTERM."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import cv2
import pytest

from companion.config import check_config

from .trays import tray

ROOT = Path(__file__).resolve().parents[2]


def write_config(folder: Path, camera: str) -> Path:
    config = folder / "companion.toml"
    config.write_text(
        f"""
[button]
kind = "keyboard"

[camera]
{camera}
burst_frames = 2
burst_interval_s = 0.0
timeout_s = 0.1

[display]
fullscreen = false
size = [800, 480]

[players]
names = ["Ann", "Bob"]

[journal]
path = "journal.sqlite3"
""",
        encoding="utf-8",
    )
    assert check_config(config) == []
    return config


def run_service(config: Path, tmp_path: Path, seconds: float = 4.0) -> tuple[int, list[bytes]]:
    """Start ``companion run`` with a notification socket, wait, SIGTERM it."""
    sock_path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock.settimeout(0.2)
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "NOTIFY_SOCKET": str(sock_path),
        "WATCHDOG_USEC": "400000",
        "PYTHONPATH": str(ROOT),
    }
    proc = subprocess.Popen(
        [sys.executable, "-m", "companion", "run", "--config", str(config), "--window"],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    messages: list[bytes] = []
    started = time.monotonic()
    deadline = started + seconds
    try:
        # ``seconds`` of running, counted from READY (a busy CI machine may take a while
        # to start it; up to 60 s)
        while time.monotonic() < deadline:
            with contextlib.suppress(TimeoutError):
                messages.append(sock.recv(256))
                if messages[-1].startswith(b"READY=1") and len(messages) == 1:
                    deadline = time.monotonic() + seconds
            if not messages and time.monotonic() < started + 60:
                deadline = max(deadline, time.monotonic() + 0.2)
            if proc.poll() is not None:
                break
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=20)
        while True:  # what was sent while stopping
            try:
                messages.append(sock.recv(256))
            except TimeoutError:
                break
    finally:
        if proc.poll() is None:
            proc.kill()
        sock.close()
    assert proc.stderr is not None
    err = proc.stderr.read()
    assert proc.returncode == 0, err
    return proc.returncode, messages


def test_service_notifies_ready_and_watchdog_and_stops_on_sigterm(tmp_path: Path) -> None:
    photos = tmp_path / "throws"
    photos.mkdir()
    cv2.imwrite(str(photos / "01.png"), tray(4, seed=1))
    config = write_config(tmp_path, f'kind = "replay"\nreplay_path = "{photos}"')
    _, messages = run_service(config, tmp_path)
    assert messages and messages[0].startswith(b"READY=1")
    assert messages.count(b"WATCHDOG=1") >= 2
    assert b"STOPPING=1" in messages
    assert (tmp_path / "journal.sqlite3").exists()


def test_a_missing_camera_is_a_fault_on_screen_not_a_crash(tmp_path: Path) -> None:
    config = write_config(tmp_path, 'kind = "usb"\nusb_index = 57')
    _, messages = run_service(config, tmp_path, seconds=3.0)
    assert messages and messages[0].startswith(b"READY=1")


def _run_to_exit(
    folder: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``companion run ARGS`` in ``folder`` (headless), expected to stop by itself."""
    return subprocess.run(
        [sys.executable, "-m", "companion", "run", *args],
        cwd=folder,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_bad_config_stops_before_anything_is_shown(tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text('[camera]\nkind = "webcam"\n', encoding="utf-8")
    proc = _run_to_exit(tmp_path, "--config", str(config))
    assert proc.returncode == 2
    assert "camera.kind" in proc.stderr


def test_a_camera_timeout_the_units_watchdog_cannot_survive_stops_with_the_limit(
    tmp_path: Path,
) -> None:
    # issue 12: timeout_s = 25 passed the check while WatchdogSec=20 killed the service
    # mid-game when the camera hung. The shipped unit's 20 s is checked by the config
    # check; a unit edited to a shorter WatchdogSec is checked at start.
    config = write_config(tmp_path, 'kind = "usb"\nusb_index = 57')
    text = config.read_text(encoding="utf-8").replace("timeout_s = 0.1", "timeout_s = 3.0")
    config.write_text(text, encoding="utf-8")
    assert check_config(config) == []  # 2 x 3 s fits the shipped unit's 20 s
    env = {"NOTIFY_SOCKET": str(tmp_path / "none.sock"), "WATCHDOG_USEC": "8000000"}
    proc = _run_to_exit(tmp_path, "--config", str(config), "--window", env=env)
    assert proc.returncode == 2
    assert proc.stderr == (
        "companion run: camera.timeout_s: 3 s with burst_frames = 2 is more than the "
        "service's watchdog survives: a stalling camera could hold a press for 6 s, systemd "
        "kills the service after 8 s without a sign of life (WatchdogSec), and a press may "
        "wait on the camera at most 4 s: use timeout_s = 2 or less\n"
    )
    assert not (tmp_path / "journal.sqlite3").exists()  # refused before anything opened


def test_a_foreign_journal_stops_with_a_clear_message(tmp_path: Path) -> None:
    config = write_config(tmp_path, 'kind = "usb"\nusb_index = 57')
    (tmp_path / "journal.sqlite3").write_text("my notes")
    proc = _run_to_exit(tmp_path, "--config", str(config), "--window")
    assert proc.returncode == 2
    assert "not a companion journal" in proc.stderr
    assert (tmp_path / "journal.sqlite3").read_text() == "my notes"


def test_new_game_command_starts_a_game_with_the_config_players(tmp_path: Path) -> None:
    from companion.cli import main
    from companion.journal import Journal

    config = write_config(tmp_path, 'kind = "usb"')
    assert main(["new-game", "--config", str(config)]) == 0
    with Journal(tmp_path / "journal.sqlite3") as journal:
        game = journal.current_game()
        assert game is not None and game.setup.players == ("Ann", "Bob")


def test_no_screen_is_said_not_drawn_off_screen_in_silence(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from companion.runner import open_screen

    for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
        monkeypatch.delenv(name, raising=False)
    with pytest.raises(RuntimeError, match=r"no screen to draw on|cannot open the display"):
        open_screen((320, 240))
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # chosen: drawing off screen is asked for
    screen = open_screen((320, 240))
    screen.close()


def test_the_pager_turns_the_pages_of_a_paged_screen_every_4_s() -> None:
    """The dispute view and the night screen, read from two metres a page at a time:
    page 0 when one comes up, then one more every PAGE_S (4 s); other screens
    untouched; a bad page is refused where the view is built."""
    from companion.display.samples import sample
    from companion.runner import PAGE_S, Pager
    from companion.view import ViewError

    assert PAGE_S == 4.0
    pager = Pager()
    night, turn, dispute = sample("night"), sample("turn-launched"), sample("dispute")
    assert [pager.page(night, t).page for t in (100.0, 103.9, 104.0, 111.0)] == [0, 0, 1, 2]
    assert pager.page(turn, 112.0) == turn
    assert pager.page(dispute, 113.0).page == 0  # a paged screen comes up: page 0
    assert pager.page(dispute, 121.5).page == 2
    assert pager.page(night, 122.0).page == 0  # another paged screen: page 0 again
    # a turn under faults: the game and the faults whole in turn (screens.draw_view)
    faulty = sample("turn-faults-long")
    assert [pager.page(faulty, t).page for t in (130.0, 134.0, 138.5)] == [0, 1, 2]
    for bad in (-1, True, 1.5):
        with pytest.raises(ViewError, match=r"View\.page"):
            night.replace(page=bad)
