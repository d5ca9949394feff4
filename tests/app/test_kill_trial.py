"""The kill -9 trial: a referee killed at random moments loses nothing it showed.

A child process referees an endless game (three players, random dice drawn on clear
synthetic trays, random stands) and prints what it shows after every counted event.
The trial kills it with SIGKILL at a few random moments (after a random number of
shown events, plus a random few ms, so some kills land mid-write), restarts a referee
on the same journal each time and compares what it restores with what was shown: the
same events and the same status, or one event more when the kill fell between the
journal's commit and the screen. The seed is printed on failure, to replay a run.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

from companion.app import AppSettings, Companion
from companion.journal import GameSetup, Journal
from hardware.camera import Frame

ROOT = Path(__file__).resolve().parents[2]
SETUP = GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob", "Cy"))
KILLS = 5

CHILD = textwrap.dedent(
    """
    import random, sys
    sys.path.insert(0, {root!r})
    from tests.app.test_kill_trial import SETUP, TrayCamera
    from companion.app import AppSettings, Companion
    from companion.journal import Journal

    rng = random.Random({seed})
    camera = TrayCamera(rng)
    companion = Companion(Journal({journal!r}), SETUP, camera,
                          AppSettings(burst_frames=1, burst_interval_s=0.0),
                          log=lambda line: None)
    shown = len(companion.state.events)
    while True:
        state = companion.state
        if state.can_throw and not (state.can_stand and rng.random() < 0.4):
            camera.dice = state.allowed_dice_counts[0]
            companion.press()
        elif state.can_stand or state.can_next_round:
            companion.hold()
        else:
            raise SystemExit(f"stuck: {{state.status}}")
        if len(companion.state.events) != shown:
            shown = len(companion.state.events)
            print(f"{{shown}}\\t{{companion.state.status}}", flush=True)
    """
)


class TrayCamera:
    """A camera over a tray holding ``dice`` random dice (a new throw every call)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.dice = 1

    def capture(self) -> Frame:
        from .trays import tray

        values = [self.rng.randint(1, 6) for _ in range(self.dice)]
        return tray(*values, seed=self.rng.randrange(1 << 30))

    def frames(self, n: int, interval_s: float) -> list[Frame]:
        return [self.capture() for _ in range(n)]

    def close(self) -> None:
        pass

    def __enter__(self) -> TrayCamera:
        return self

    def __exit__(self, *exc: object) -> None:
        pass


def restored(journal: Path) -> tuple[int, str]:
    with Journal(journal) as book:
        companion = Companion(book, SETUP, None, AppSettings(), log=lambda line: None)
        return len(companion.state.events), companion.state.status


def test_kill_9_at_random_moments_loses_nothing_that_was_shown(tmp_path: Path) -> None:
    seed = random.randrange(1 << 30)
    rng = random.Random(seed)
    journal = tmp_path / "journal.sqlite3"
    last: tuple[int, str] | None = None
    for kill in range(KILLS):
        script = CHILD.format(root=str(ROOT), journal=str(journal), seed=rng.randrange(1 << 30))
        child = subprocess.Popen(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, cwd=ROOT, env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
        )
        assert child.stdout is not None
        wanted = rng.randint(1, 8)
        lines: list[str] = []
        try:
            while len(lines) < wanted:
                line = child.stdout.readline()
                assert line, f"seed {seed}: the referee stopped: {child.stderr.read()}"
                lines.append(line.rstrip("\n"))
            time.sleep(rng.uniform(0.0, 0.03))  # some kills land while it writes
            os.kill(child.pid, signal.SIGKILL)
            out, _ = child.communicate(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
        lines += [line for line in out.splitlines() if line]
        count, status = lines[-1].split("\t", 1)
        shown = (int(count), status)
        assert last is None or shown[0] > last[0], f"seed {seed}: no progress"
        events, now = restored(journal)
        assert events in (shown[0], shown[0] + 1), (
            f"seed {seed}, kill {kill}: {events} events restored, {shown[0]} shown"
        )
        if events == shown[0]:
            assert now == shown[1], f"seed {seed}, kill {kill}"
        last = (events, now)
