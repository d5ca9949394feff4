"""``companion demo``: the whole product playing a recorded game from real photos.

The recording (``fixtures/demo/game.json``) is a replay-camera manifest (see
:func:`hardware.camera.read_manifest`): its ``"throws"`` are crops of real photographs
from ``fixtures/demo/photos/`` (sources, licences and crop boxes in
``fixtures/demo/ATTRIBUTION.md``), served one per press. Beside them it holds the
game's ``"setup"`` (rules and players), the ``"steps"`` (the button events, in order:
``"press"``, ``"hold"``, ``"undo"``) and what the game should come to (``"expect"``).

Every throw goes through the real pipeline: the replay camera, :func:`vision.read_dice`,
the engine, the journal (a temporary one unless ``--journal`` is given) and the
display. With a screen the game plays in a window at a watchable pace; without one
(or with ``--headless``) each new screen is written as PNG to ``--out`` and the
referee's log goes to stdout. It ends by printing the result, and exits 1 if the
game did not come out as recorded (a die read differently than on the recording).
"""

from __future__ import annotations

import json
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import GameState, Phase
from companion.journal import GameSetup
from hardware.button import EVENT_KINDS

__all__ = ["DEFAULT_GAME", "DemoScript", "load_script", "result_lines"]

#: The recorded game played by ``companion demo``.
DEFAULT_GAME = Path(__file__).resolve().parent.parent / "fixtures" / "demo" / "game.json"

#: The button steps a recording may hold (the kinds of button event).
STEP_KINDS: tuple[str, ...] = EVENT_KINDS


@dataclass(frozen=True)
class DemoScript:
    """A recorded game: the manifest path, the setup, the button steps, the expectations."""

    path: Path
    setup: GameSetup
    steps: tuple[str, ...]
    expect: dict[str, Any]
    title: str = ""


def load_script(path: Path) -> DemoScript:
    """Read a recorded game manifest. Raises ValueError with what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as error:
        raise ValueError(f"cannot read the recorded game {path}: {error.strerror}") from None
    except json.JSONDecodeError as error:
        raise ValueError(f"{path} is not valid JSON (line {error.lineno}): {error.msg}") from None
    if not isinstance(data, dict) or "setup" not in data or "steps" not in data:
        raise ValueError(
            f"{path} is not a recorded game: it needs \"setup\", \"steps\" and \"throws\" "
            "(see fixtures/demo/game.json)"
        )
    try:
        setup_data = data["setup"]
        setup = GameSetup(
            str(setup_data["preset"]),
            dict(setup_data.get("options", {})),
            tuple(str(p) for p in setup_data["players"]),
        )
        steps = tuple(str(s) for s in data["steps"])
    except (KeyError, TypeError) as error:
        raise ValueError(f"{path}: the recorded game needs setup and steps ({error})") from None
    bad = [s for s in steps if s not in STEP_KINDS]
    if bad:
        raise ValueError(f"{path}: unknown steps {bad}; steps are {', '.join(STEP_KINDS)}")
    presses = steps.count("press")
    throws = len(data.get("throws", []))
    if presses != throws:
        raise ValueError(f"{path}: {presses} presses but {throws} recorded throws")
    return DemoScript(path, setup, steps, dict(data.get("expect", {})), str(data.get("title", "")))


def result_lines(state: GameState) -> list[str]:
    """The game's result for people: winners, pot, standings."""
    lines: list[str] = []
    if state.phase is Phase.MATCH_OVER and state.winners:
        lines.append(f"Winner: {' and '.join(state.winners)}")
    elif state.round_result is not None and state.round_result.winner:
        lines.append(f"Round winner: {state.round_result.winner}")
    else:
        lines.append(f"No winner yet ({state.status})")
    lines.append(f"Pot: {state.amount(state.pot)}")
    lines.extend(f"  {p.name}: {state.tally(p)}" for p in state.standings)
    return lines


def check_expectations(state: GameState, expect: dict[str, Any]) -> list[str]:
    """What differs between the game's end and the recording's ``expect`` (empty: all as
    recorded). Keys: ``winners`` (list of names), ``chips`` / ``points`` ({name: n}),
    ``pot`` (n)."""
    problems: list[str] = []
    if "winners" in expect and list(state.winners) != list(expect["winners"]):
        problems.append(f"winners {list(state.winners)}, recorded {expect['winners']}")
    for key in ("chips", "points"):
        for name, value in dict(expect.get(key, {})).items():
            got = getattr(state.player(name), key)
            if got != value:
                problems.append(f"{name} has {got} {key}, recorded {value}")
    if "pot" in expect and state.pot != expect["pot"]:
        problems.append(f"pot {state.pot}, recorded {expect['pot']}")
    return problems


def run_demo(
    game: Path = DEFAULT_GAME,
    *,
    headless: bool | None = None,
    out: Path | None = None,
    journal_path: Path | None = None,
    step_s: float | None = None,
    linger_s: float = 8.0,
    size: tuple[int, int] = (1280, 720),
    echo: Callable[[str], None] = print,
) -> int:
    """Play the recorded game; return the exit status (0: played out as recorded, or
    stopped early by the viewer; 1: the game did not come out as recorded).

    Args:
        game: the recorded game manifest.
        headless: no window, PNGs to ``out``; None: headless unless there is a screen.
        out: folder for the PNG screens (headless); default ``demo-out``.
        journal_path: the journal to write; default: a temporary file.
        step_s: seconds between button steps; default 2.5 in a window, 0 headless.
        linger_s: seconds the last screen stays in a window.
        size: window or PNG size, px.
        echo: where the referee's log and the result go.
    """
    import pygame

    from companion.app import AppSettings, Companion
    from companion.journal import Journal
    from companion.runner import has_screen, open_screen, run_companion
    from hardware.camera import ReplayCamera
    from hardware.scripted import ScriptedButtons

    script = load_script(game)
    if headless is None:
        headless = not has_screen()
    if step_s is None:
        step_s = 0.0 if headless else 2.5
    out = out or Path("demo-out")
    frames: list[int] = [0]
    if headless:
        out.mkdir(parents=True, exist_ok=True)
        for old in out.glob("screen-*.png"):
            old.unlink()

    def save(surface: object) -> None:
        if not headless:
            return
        assert isinstance(surface, pygame.Surface)
        frames[0] += 1
        pygame.image.save(surface, str(out / f"screen-{frames[0]:03d}.png"))

    with tempfile.TemporaryDirectory(prefix="companion-demo-") as tmp:
        path = journal_path or Path(tmp) / "demo-journal.sqlite3"
        echo(f"Demo: {script.title or game.name} ({len(script.steps)} button steps)")
        if not headless:
            echo("  (in a window: q or Escape quits; no PNGs are written)")
        with (
            Journal(path) as journal,
            ReplayCamera(game) as camera,
            ScriptedButtons(script.steps, step_s) as buttons,
        ):
            companion = Companion(
                journal,
                script.setup,
                camera,
                AppSettings(burst_frames=2, burst_interval_s=0.0),
                log=lambda line: echo(f"  {line}"),
                new_game=True,
            )
            end_s: list[float] = []

            def should_stop() -> bool:
                if not buttons.finished:
                    return False
                if not end_s:
                    end_s.append(time.monotonic() + (0.2 if headless else linger_s))
                return time.monotonic() > end_s[0]

            screen = open_screen(size, headless=headless)
            try:
                run_companion(
                    companion,
                    buttons,
                    screen,
                    should_stop=should_stop,
                    on_frame=save,
                    max_fps=1000.0 if headless else 30.0,
                )
            finally:
                screen.close()
            state = companion.state
            steps_left = buttons.left
    if steps_left:  # quit in the window (q, Escape, closed) or stopped by a signal
        played = len(script.steps) - steps_left
        echo(f"Demo stopped after {played} of {len(script.steps)} button steps.")
        return 0
    echo("Result:")
    for line in result_lines(state):
        echo(f"  {line}")
    if headless:
        echo(f"{frames[0]} screens written to {out}/")
    problems = check_expectations(state, script.expect)
    if problems:
        echo("The game did not come out as recorded: " + "; ".join(problems))
        return 1
    return 0
