"""``companion run`` driven by a script on gpiozero's mock pins (tests/app/scripted_run.py):
the tester's checks of issue 12, end to end in a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import cv2

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
