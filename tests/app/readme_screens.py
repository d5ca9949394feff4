"""The README's screens, taken from a real game: every one is the app's own view.

A scripted game of four players is played through :class:`companion.app.Companion`
(the engine, the odds, the real dice reader on clear synthetic trays, a journal and
the app's own wording) and the view is taken at each moment the README shows. So a
screen in the README cannot show a chance the odds model does not give, or a flow the
app does not have. The README's PNGs are compared with these in
``tests/app/test_readme_screens.py``; after an intended change of the look, write
them again and look at them before committing::

    ./dev python -m tests.app.readme_screens

Not a test module (no tests here): the generator and its command.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from companion.app import AppSettings, Companion
from companion.display import View
from companion.journal import GameSetup, Journal
from hardware.camera import CameraError, ReplayCamera

from .trays import tray

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "docs" / "screenshots"
SETUP = GameSetup("standard", {"match": "rounds", "rounds": 2}, ("Anna", "Ben", "Cleo", "Dev"))

#: The README's screens: (file name, view name, size in px).
README_SCREENS = [
    ("display-attract-1280x720.png", "attract", (1280, 720)),
    ("display-roll-off-1280x720.png", "roll-off", (1280, 720)),
    ("display-turn-problem-1280x720.png", "turn-problem", (1280, 720)),
    ("display-turn-launched-1280x720.png", "turn-launched", (1280, 720)),
    ("display-turn-launched-800x480.png", "turn-launched", (800, 480)),
    ("display-turn-faults-1280x720.png", "turn-faults", (1280, 720)),
    ("display-turn-faults-whole-1280x720.png", "turn-faults-whole", (1280, 720)),
    ("display-turn-confirm-1280x720.png", "turn-confirm", (1280, 720)),
    ("display-dispute-1280x720.png", "dispute", (1280, 720)),
    ("display-tie-break-1280x720.png", "tie-break", (1280, 720)),
    ("display-round-result-1280x720.png", "round-result", (1280, 720)),
    ("display-match-result-1280x720.png", "match-result", (1280, 720)),
]

MISS = [(1, 1, 1, 1, 2)] * 3  # a turn that never launches


def _trays() -> Iterator[object]:
    """What the camera sees at each press that reads the tray, in order."""
    throws: list[object] = [
        (6,), (3,), (2,), (4,),  # roll-off: Anna starts
        (6, 5, 4, 4, 4),  # Anna launches, cargo 8, and stands
        *MISS,  # Ben
        (6, 4, 3, 3, 1),  # Cleo banks her ship
        (5, 4, 6, 1, 2),  # ... throws 5 dice: the banked 6 thrown again (refused)
        (5, 4, 6, 1),  # ... captain and crew: launched with cargo 7, one throw left
        CameraError("delivered no frame within 2 s: check its cable"),
        (6, 2),  # ... re-throws the cargo: 8, level with Anna
        (6, 5, 4, 1, 1),  # Dev: cargo 2, stands
        (6, 6), (2, 1),  # the tie-break: Anna 12, Cleo 3
        *MISS, *MISS,  # round 2: Ben, Cleo
        (6, 5, 4, 3, 1),  # Dev: 4, stands
        (6, 5, 4, 2, 1),  # Anna: 3, stands: 11 points to Cleo's 8, the match is hers
    ]
    for number, item in enumerate(throws):
        yield item if isinstance(item, CameraError) else tray(*item, seed=100 + number)


def views() -> dict[str, View]:
    """Play the game; return the view at each of the README's moments, by name."""
    shots: dict[str, View] = {}
    with tempfile.TemporaryDirectory() as folder, Journal(Path(folder) / "j.sqlite3") as book:
        camera = ReplayCamera(list(_trays()))  # type: ignore[arg-type]
        camera.describe = "USB camera /dev/video0"  # the words of a real camera's fault
        clock = [0.0]
        app = Companion(book, SETUP, camera, AppSettings(burst_frames=1, burst_interval_s=0.0),
                        log=lambda line: None, clock=lambda: clock[0])
        shots["attract"] = app.view()
        app.press()
        shots["roll-off"] = app.view()
        for _ in range(3):
            app.press()
        app.press()
        app.hold()  # Anna: 8
        for _ in range(3):
            app.press()  # Ben: no launch
        app.press()  # Cleo: ship
        app.press()  # five dice: refused
        shots["turn-problem"] = app.view()
        app.press()  # launched, cargo 7
        shots["turn-launched"] = app.view()
        app.press()  # the camera fails
        shots["turn-faults"] = app.view()
        shots["turn-faults-whole"] = shots["turn-faults"].replace(page=1)  # 4 s later
        app.undo()
        shots["turn-confirm"] = app.view()
        app.press()  # cancels the undo
        app.press()  # the cargo re-thrown: 8, the camera back
        app.toggle_dispute()
        shots["dispute"] = app.view()
        app.toggle_dispute()
        app.press()
        app.hold()  # Dev: 2
        shots["tie-break"] = app.view()
        app.press()
        app.press()  # Anna wins the round
        shots["round-result"] = app.view()
        app.hold()  # round 2
        for _ in range(6):
            app.press()
        app.press()
        app.hold()  # Dev: 4
        app.press()
        app.hold()  # Anna: 3
        shots["match-result"] = app.view()
    return shots


def main() -> int:
    """Write the README's screens to docs/screenshots/."""
    import pygame

    from companion.display import render

    shots = views()
    for file_name, name, size in README_SCREENS:
        pygame.image.save(render(shots[name], size), str(SHOTS / file_name))
        print(f"wrote {SHOTS / file_name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
