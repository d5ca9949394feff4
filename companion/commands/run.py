"""``companion run``: the referee at the table (the service runs this).

Reads the config, opens the journal (restoring the game in it), the camera, the
buttons and the screen, and referees until stopped. A camera that cannot be opened
or dies, and buttons that cannot be set up, are shown on the screen as faults (the
keyboard twin always works: space = throw, s = stand / next round, u = undo, d =
dispute view); a bad config or an unusable journal stops it with a clear message
(exit 2) before anything is shown.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hardware.camera import Camera


def register(sub: Any) -> None:
    """Add the ``run`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "run",
        help="referee at the table: camera, buttons, screen (what the service runs)",
        description="Referee at the table with the camera, buttons and screen named in "
        "the config. Without --config the documented defaults are used.",
    )
    parser.add_argument("--config", type=Path, default=None, help="the config file (TOML)")
    parser.add_argument("--new-game", action="store_true",
                        help="start a new game instead of restoring the journal's")
    parser.add_argument("--window", action="store_true",
                        help="a window instead of fullscreen (desktop testing)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.notify import Notifier

    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"companion run: {error}", file=sys.stderr)
        return 2
    from companion.config import camera_watchdog_problem

    watchdog_s = Notifier().watchdog_s  # this unit's WatchdogSec, when run by systemd
    problem = None if watchdog_s is None else camera_watchdog_problem(config.camera, watchdog_s)
    if problem is not None:
        print(f"companion run: camera.timeout_s: {problem}", file=sys.stderr)
        return 2

    from companion.logs import setup_logging

    setup_logging(config.log.level)
    referee = logging.getLogger("companion.referee")

    def log_line(line: str) -> None:
        (referee.warning if line.startswith("fault:") else referee.info)(line)

    from companion.app import AppSettings, Companion
    from companion.commands.setup import held_at_start
    from companion.journal import GameSetup, Journal, JournalError
    from companion.runner import AnyButton, open_screen, run_companion
    from hardware import HardwareError
    from hardware.button import KeyboardButton, open_buttons
    from hardware.camera import CameraError, open_camera

    faults: dict[str, str] = {}
    calibration, problem = table_calibration(config)
    if problem is not None:
        faults["calibration"] = problem
    settings = AppSettings(
        burst_frames=config.camera.burst_frames,
        burst_interval_s=config.camera.burst_interval_s,
        calibration=calibration,
        show_odds=config.display.show_odds,
    )
    setup = GameSetup(config.rules.preset, dict(config.rules.options), config.players.names)
    try:
        journal = Journal(
            config.journal.path, config.journal.photo_budget_mb * 1024 * 1024, exclusive=True
        )
    except (JournalError, OSError) as error:
        print(f"companion run: journal: {error}", file=sys.stderr)
        if Notifier().active:  # a service: nobody reads stderr at the table
            _show_until_stopped(config, f"Journal: {error}")
        return 2

    def reopen() -> Camera:
        return hold_focus(open_camera(config.camera), config.journal.path.parent)

    if args.config is not None and not args.config.exists():
        faults["config"] = f"No config file at {args.config}: playing on the documented defaults"
    camera: Camera | None
    try:
        camera = reopen()
    except CameraError as error:
        camera, faults["camera"] = None, f"Camera not found: {error}"
    keyboard = KeyboardButton(hold_time=config.button.hold_time_s,
                              long_hold_time=config.button.long_hold_time_s)
    buttons: Any = keyboard
    gpio: Any = None
    if config.button.kind != "keyboard":
        try:
            gpio = open_buttons(config.button)
            buttons = AnyButton(gpio, keyboard)
        except HardwareError as error:
            faults["button"] = f"Button not wired: {error}"
    stopping: list[bool] = []

    def stop(signum: int, frame: object) -> None:
        stopping.append(True)

    signal.signal(signal.SIGTERM, stop)
    notifier = Notifier()
    companion: Companion | None = None
    try:
        from companion.sound import Speaker

        sound = config.sound
        speaker = Speaker(sound.enabled, sound.volume, sound.speech, sound.voice)
        companion = Companion(journal, setup, camera, settings, new_game=args.new_game,
                              reopen_camera=reopen, log=log_line, log_timings=True,
                              speaker=speaker)
        for kind, text in faults.items():
            companion.set_fault(kind, text)
        screen = open_screen(config.display.size if args.window else None,
                             fullscreen=config.display.fullscreen and not args.window)
        try:
            if gpio is not None and held_at_start(gpio, screen, notifier=notifier):
                companion.settings = replace(companion.settings, calibration=_setup_mode(
                    config, companion, gpio, buttons, keyboard, screen, notifier,
                    lambda: bool(stopping)) or companion.settings.calibration)
            run_companion(companion, buttons, screen, keyboard=keyboard, notifier=notifier,
                          should_stop=lambda: bool(stopping))
        finally:
            notifier.stopping()
            screen.close()
    except (JournalError, ValueError, RuntimeError) as error:
        print(f"companion run: {error}", file=sys.stderr)
        return 2
    finally:
        buttons.close()
        live = companion.camera if companion is not None else camera
        if live is not None:
            live.close()
        journal.close()
    return 0


def _show_until_stopped(config: Any, text: str) -> None:
    """Show ``text`` as a fault on the screen until the service is stopped (SIGTERM).

    Under systemd a refusal at start would otherwise only reach the journal of the
    service; the screen says it to the staff. Draws nothing when there is no screen.
    """
    import time

    from companion.display import MessageView, Painter, Screen, Severity, View
    from companion.notify import Notifier
    from companion.runner import open_screen

    stopping: list[bool] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.append(True))
    try:
        screen = open_screen(None, fullscreen=config.display.fullscreen)
    except RuntimeError:
        return
    notifier = Notifier()
    try:
        import pygame

        fault = MessageView(
            Severity.FAULT, text, "Staff: fix it, then restart the companion (or the Pi)"
        )
        view = View(Screen.ATTRACT, faults=(fault,))
        surface = Painter().frame(view, screen.size)
        target = screen.surface
        if surface is not None and isinstance(target, pygame.Surface):
            target.blit(surface, (0, 0))
            pygame.display.flip()
        notifier.ready(f"stopped: {text}")
        while not stopping:
            pygame.event.pump()
            notifier.watchdog()
            time.sleep(0.2)
    finally:
        notifier.stopping()
        screen.close()


def _setup_mode(config: Any, companion: Any, gpio: Any, buttons: Any, keyboard: Any,
                screen: Any, notifier: Any, should_stop: Callable[[], bool]) -> Any:
    """Setup mode from ``run`` (the button held 5 s at start-up); returns the new
    calibration to referee with (the config's ``[tray]`` keys still win), or None."""
    from companion.calibration import merged_calibration
    from companion.commands.setup import run_setup
    from companion.setup import SetupMode

    pins = {"throw": f"GPIO{config.button.pin}"}
    if config.button.undo_pin is not None:
        pins["undo"] = f"GPIO{config.button.undo_pin}"
    setup = SetupMode(companion.camera, config.journal.path.parent, dice=5,
                      bank_zone=config.tray.bank_zone, flicker_hz=config.camera.flicker_hz,
                      pins=pins, clock=time.monotonic)
    gpio.when_edge = keyboard.when_edge = setup.edge
    try:
        run_setup(setup, buttons, screen, keyboard=keyboard, should_stop=should_stop,
                  notifier=notifier)
    finally:
        gpio.when_edge = keyboard.when_edge = None
        buttons.drain()
    logging.getLogger("companion.setup").info("%s", setup.summary())
    tray = config.tray
    return merged_calibration(setup.measured, tray.die_size_px, tray.region, tray.bank_zone)


def table_calibration(config: Any) -> tuple[Any, str | None]:
    """The calibration ``run`` reads with: ``calibration.json`` beside the journal (from
    ``companion setup``) with the config's ``[tray]`` keys over it. Returns it (or None:
    nothing known) and a fault for the screen when the file is there but unusable."""
    from companion.calibration import (
        CalibrationFileError,
        calibration_path,
        load_calibration_file,
        merged_calibration,
    )

    tray = config.tray
    measured = None
    problem = None
    path = calibration_path(config.journal.path)
    if path.exists():
        try:
            measured = load_calibration_file(path)
            logging.getLogger("companion.setup").info(
                "calibration from %s: die size %s px, tray %s", path,
                measured.calibration.die_size_px, measured.calibration.tray)
        except CalibrationFileError as error:
            problem = f"Calibration not used: {error}"
    return merged_calibration(measured, tray.die_size_px, tray.region, tray.bank_zone), problem


def hold_focus(camera: Camera, state_dir: Path) -> Camera:
    """Hold the focus of a camera with autofocus (Camera Module 3) for the game: at the
    lens position setup's autofocus saved (``focus.json``), or where one autofocus cycle
    now ends when none is saved; a camera without autofocus is left as it is (the
    camera logs an info line). Returns ``camera``. Raises
    :class:`~hardware.camera.CameraError` when the camera refuses."""
    from companion.calibration import FOCUS_FILE, CalibrationFileError, load_focus

    log = logging.getLogger("companion.setup")
    try:
        position = load_focus(state_dir / FOCUS_FILE)
    except CalibrationFileError as error:
        log.warning("focus not used: %s", error)
        position = None
    hold, autofocus = getattr(camera, "hold_focus", None), getattr(camera, "autofocus", None)
    if position is not None and callable(hold):
        hold(position)
    elif callable(autofocus):
        result = autofocus()
        if result is not None:
            log.info("no focus saved by setup: autofocus held the lens at %.2f dioptres",
                     result.lens_position)
    return camera
