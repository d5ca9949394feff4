"""``companion run`` driven by a script on gpiozero's mock pins (tests/app/scripted_run.py):
the tester's checks of issue 12, end to end in a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2
import pytest

from companion.journal import Journal

from .trays import tray

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "tests" / "app" / "scripted_run.py"
THROW = 17


def config_for(folder: Path, photos: Path, journal: Path) -> Path:
    config = folder / "companion.toml"
    config.write_text(
        f"""
[button]
pin = {THROW}

[camera]
kind = "replay"
replay_path = "{photos}"
burst_frames = 2
burst_interval_s = 0.0

[display]
fullscreen = false
size = [800, 480]

[players]
names = ["Ann", "Bob"]

[journal]
path = "{journal}"
""",
        encoding="utf-8",
    )
    return config


def press(at_s: float, down_s: float = 0.1) -> list[list[object]]:
    """A thumb on the throw button: down at ``at_s`` for ``down_s`` seconds."""
    return [[at_s, THROW, "low"], [at_s + down_s, THROW, "high"]]


def scripted_run(
    folder: Path, config: Path, steps: list[list[object]], settle_s: float = 2.0,
    wrap: list[str] | None = None,
) -> subprocess.CompletedProcess[str]:
    script = folder / "script.json"
    script.write_text(json.dumps({"steps": steps, "settle_s": settle_s}), encoding="utf-8")
    command = [sys.executable, str(SCRIPT), str(script), "--", "--config", str(config),
               "--window"]
    return subprocess.run(
        [*(wrap or []), *command], cwd=folder,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=240,
    )


def tokens(journal: Path) -> list[str]:
    with Journal(journal) as book:
        return [entry.token for entry in book.entries()]


def test_a_25_ms_blip_is_no_throw_and_a_press_is_one(tmp_path: Path) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "01.png"), tray(3, seed=1))
    cv2.imwrite(str(photos / "02.png"), tray(5, seed=2))  # what a second throw would read
    journal = tmp_path / "journal.sqlite3"
    config = config_for(tmp_path, photos, journal)
    proc = scripted_run(tmp_path, config, press(0.5, down_s=0.025) + press(2.0))
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert tokens(journal) == ["3"]  # the blip counted nothing; the press, Ann's roll-off


def _can_mount() -> bool:
    import shutil

    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
        capture_output=True, timeout=30,
    )
    return probe.returncode == 0


@pytest.mark.skipif(not _can_mount(), reason="needs root and unshare -m (a 2 MB tmpfs)")
def test_a_full_2_mb_journal_file_system_is_a_fault_line_and_every_event_is_kept(
    tmp_path: Path,
) -> None:
    # issue 12: on a full disk a press ended in a traceback, exit 1, and so did every
    # restart. The journal lives on a 2 MB tmpfs; another program fills it mid-game.
    photos = tmp_path / "photos"
    photos.mkdir()
    throws = [(3,), (5,), (6, 5, 4, 3, 3), (6, 6), (2, 2)]
    for number, values in enumerate(throws, start=1):
        cv2.imwrite(str(photos / f"{number:02}.png"), tray(*values, seed=number))
    data = tmp_path / "data"
    data.mkdir()
    journal = data / "journal.sqlite3"
    config = config_for(tmp_path, photos, journal)
    filler = data / "filler"
    # 5 s between presses: each is read and written before the next, even on a busy CI
    steps = [*press(0.5), *press(5.5), [10.5, "fill", str(filler)], *press(11.0),
             *press(16.0), [21.0, "free", str(filler)], *press(21.5)]
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"steps": steps, "settle_s": 2.0}), encoding="utf-8")
    run = (f"mount -t tmpfs -o size=2m tmpfs {data} && exec {sys.executable} {SCRIPT} "
           f"{script} -- --config {config} --window")
    proc = subprocess.run(
        ["unshare", "-m", "sh", "-c", run], cwd=tmp_path,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=240,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "Traceback" not in out
    # a fault line for the staff (on screen and in the log) while the disk is full
    assert out.count("fault: Disk full") >= 2, out
    lines = out.splitlines()
    counted = [n for n, line in enumerate(lines) if " threw " in line]
    assert len(counted) == 5, out  # every throw read, before, during and after, is kept
    assert "Bob threw 6 6" in lines[counted[3]]  # ... this one on the full disk
    last_fault = max(n for n, line in enumerate(lines) if "fault: Disk full" in line)
    assert last_fault < counted[4]  # space back: the last throw is kept with no fault
