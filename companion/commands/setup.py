"""``companion setup``: set the table up on its own screen, with the button alone.

Aim and focus the camera (live preview, tray outline, sharpness, exposure, flicker),
measure the die size and the tray (saved as ``calibration.json`` beside the journal,
which ``run`` reads), self-test the house dice face by face, and test the buttons. See
:mod:`companion.setup`. ``--headless --buttons press,hold,...`` plays button events
from a list (a replay camera and this make an end-to-end run with no screen) and
writes each new screen as PNG to ``--out``.
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hardware.button import ButtonEvent, EventKind

EVENTS: tuple[str, ...] = ("press", "hold", "undo")
#: The setup steps as the strip at the top of its screens shows them.
STEP_NAMES: tuple[str, ...] = ("aim", "measure", "self-test", "buttons", "done")


def register(sub: Any) -> None:
    """Add the ``setup`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "setup",
        help="set the table up: aim, focus, die size and tray, self-test, button test",
        description="Setup mode on the table's screen, driven by the button: press acts, "
        "hold skips a step, undo goes back. Saves calibration.json beside the journal.",
    )
    parser.add_argument("--config", type=Path, default=None, help="the config file (TOML)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--window", action="store_true", help="a window instead of fullscreen")
    mode.add_argument("--headless", action="store_true",
                      help="no screen: write each new screen as PNG to --out")
    parser.add_argument("--out", type=Path, default=Path("setup-out"),
                        help="folder for the PNG screens when headless (default: %(default)s)")
    parser.add_argument("--buttons", default=None,
                        help="button events to play, comma-separated (press, hold, undo), "
                        "instead of the buttons; setup ends after the last")
    parser.add_argument("--previews", type=int, default=3,
                        help="with --buttons: preview frames taken in the aim step before "
                        "its first event (default: %(default)s)")
    parser.set_defaults(func=run)


def _script(text: str) -> list[EventKind]:
    events = [e.strip() for e in text.split(",") if e.strip()]
    bad = [e for e in events if e not in EVENTS]
    if bad:
        raise ValueError(f"--buttons: {bad[0]!r} is not press, hold or undo")
    return events  # type: ignore[return-value]


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config

    try:
        config = load_config(args.config)
        script = _script(args.buttons) if args.buttons is not None else None
    except (ConfigError, ValueError) as error:
        print(f"companion setup: {error}", file=sys.stderr)
        return 2
    from companion.calibration import CALIBRATION_FILE
    from companion.runner import AnyButton, open_screen
    from companion.setup import SetupMode
    from hardware.button import ButtonError, KeyboardButton, open_buttons
    from hardware.camera import Camera, CameraError, open_camera

    state_dir = config.journal.path.parent
    camera: Camera | None = None
    fault = ""
    try:
        camera = open_camera(config.camera)
    except CameraError as error:
        fault = f"Camera not found: {error}"
    keyboard = KeyboardButton(hold_time=config.button.hold_time_s)
    buttons: Any = keyboard
    gpio: Any = None
    pins = {"throw": "space key"}
    if config.button.kind != "keyboard" and script is None:
        try:
            gpio = open_buttons(config.button)
            buttons = AnyButton(gpio, keyboard)
            pins = {"throw": f"GPIO{config.button.pin}"}
            if config.button.undo_pin is not None:
                pins["undo"] = f"GPIO{config.button.undo_pin}"
        except (ButtonError, ValueError) as error:
            fault = fault or f"Button not wired: {error}"
    # the game's five dice: Ship Captain Crew is played with five
    setup = SetupMode(camera, state_dir, dice=5, bank_zone=config.tray.bank_zone,
                      flicker_hz=config.camera.flicker_hz, pins=pins, clock=time.monotonic)
    setup.fault = fault
    keyboard.when_edge = setup.edge
    if gpio is not None:
        gpio.when_edge = setup.edge
    stopping: list[bool] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.append(True))
    try:
        screen = open_screen(config.display.size if (args.window or args.headless) else None,
                             fullscreen=config.display.fullscreen and not args.window,
                             headless=args.headless)
    except RuntimeError as error:
        print(f"companion setup: {error}", file=sys.stderr)
        return 2
    saved: list[Path] = []
    try:
        if script is not None:
            _play(setup, script, screen, args.previews, args.out if args.headless else None,
                  saved)
        else:
            run_setup(setup, buttons, screen, keyboard=keyboard,
                      should_stop=lambda: bool(stopping))
    finally:
        screen.close()
        buttons.close()
        if camera is not None:
            camera.close()
    if saved:
        print(f"{len(saved)} screens written to {args.out}/")
    cal = state_dir / CALIBRATION_FILE
    print(setup.summary())
    if setup.measured is not None:
        print(f"calibration saved: {cal}")
    return 0


def _show(setup: Any, screen: Any, out: Path | None, saved: list[Path]) -> None:
    import pygame

    from companion.display.setup import render_setup

    surface = render_setup(setup.view(), screen.size)
    screen.surface.blit(surface, (0, 0))
    pygame.display.flip()
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        path = out / f"setup-{len(saved) + 1:02d}-{setup.name}.png"
        pygame.image.save(surface, str(path))
        saved.append(path)


def _play(setup: Any, script: list[EventKind], screen: Any, previews: int, out: Path | None,
          saved: list[Path]) -> None:
    """Play ``script`` through the setup mode: ``previews`` live frames in the aim step,
    then one event at a time; a screen after each."""
    for _ in range(previews):  # each frame drawn, as live, so the frame rate is real
        if setup.live:
            setup.preview()
            _show(setup, screen, None, saved)
    _show(setup, screen, out, saved)
    for kind in script:
        at = time.monotonic()
        if setup.name == "buttons":  # edges for the button test, as a real button gives
            name = "undo" if kind == "undo" else "throw"
            setup.edge(name, True, at)
            at += 1.6 if kind == "hold" else 0.12
            setup.edge(name, False, at)
        setup.handle(ButtonEvent(kind, at))
        _show(setup, screen, out, saved)
        if setup.finished:
            break


#: Seconds the throw button must be held at start-up for ``run`` to enter setup mode.
START_HOLD_S = 5.0


def held_at_start(button: Any, screen: Any, *, hold_s: float = START_HOLD_S,
                  clock: Callable[[], float] = time.monotonic,
                  sleep: Callable[[float], None] = time.sleep,
                  notifier: Any = None) -> bool:
    """True if the throw button is down at start-up and stays down ``hold_s`` seconds
    (a countdown on the screen meanwhile); False at once if it is not down."""
    if not getattr(button, "throw_down", False):
        return False
    import pygame

    from companion.display.setup import render_setup
    from companion.view.setup import SetupView

    start = clock()
    while button.throw_down:
        left = hold_s - (clock() - start)
        if left <= 0:
            return True
        view = SetupView(STEP_NAMES, 0, "Setup mode?",
                         f"Keep holding for setup: {left:.0f} s",
                         "Let go to play")
        screen.surface.blit(render_setup(view, screen.size), (0, 0))
        pygame.display.flip()
        if notifier is not None:
            notifier.watchdog()
        sleep(0.1)
    return False


def run_setup(setup: Any, buttons: Any, screen: Any, *, keyboard: Any,
              should_stop: Callable[[], bool], notifier: Any = None) -> None:
    """The setup loop: live preview in the aim step, button events, a frame each tick,
    until setup is finished, ``should_stop()``, or q / Escape in a window. With a
    ``notifier`` (the service), READY once the first screen is up, then WATCHDOG."""
    import pygame

    from companion.display.setup import render_setup

    ready = False
    while not setup.finished and not should_stop():
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                down = event.type == pygame.KEYDOWN
                if down and name in ("q", "escape") and not screen.fullscreen:
                    return
                if down:
                    keyboard.key_down(name)
                else:
                    keyboard.key_up(name)
        if setup.live:
            setup.preview()
        button_event = buttons.get(timeout_s=0.0 if setup.live else 0.05)
        if button_event is not None:
            setup.handle(button_event)
        surface = render_setup(setup.view(), screen.size)
        screen.surface.blit(surface, (0, 0))
        pygame.display.flip()
        if notifier is not None:
            if not ready:
                notifier.ready("setup mode")
                ready = True
            notifier.watchdog()
