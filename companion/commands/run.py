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
from pathlib import Path
from typing import Any


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

    try:
        config = load_config(args.config)
    except ConfigError as error:
        print(f"companion run: {error}", file=sys.stderr)
        return 2
    from companion.logs import setup_logging

    setup_logging(config.log.level)
    referee = logging.getLogger("companion.referee")

    def log_line(line: str) -> None:
        (referee.warning if line.startswith("fault:") else referee.info)(line)

    from companion.app import AppSettings, Companion
    from companion.journal import GameSetup, Journal, JournalError
    from companion.notify import Notifier
    from companion.runner import AnyButton, open_screen, run_companion
    from hardware import HardwareError
    from hardware.button import KeyboardButton, open_buttons
    from hardware.camera import Camera, CameraError, open_camera
    from vision import Calibration

    tray = config.tray
    calibration = None
    if tray.region is not None or tray.bank_zone is not None or tray.die_size_px is not None:
        calibration = Calibration(tray.die_size_px, tray.region, tray.bank_zone)
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
        return 2

    def reopen() -> Camera:
        return open_camera(config.camera)

    faults: dict[str, str] = {}
    if args.config is not None and not args.config.exists():
        faults["config"] = f"No config file at {args.config}: playing on the documented defaults"
    camera: Camera | None
    try:
        camera = reopen()
    except CameraError as error:
        camera, faults["camera"] = None, f"Camera not found: {error}"
    keyboard = KeyboardButton(hold_time=config.button.hold_time_s)
    buttons: Any = keyboard
    if config.button.kind != "keyboard":
        try:
            buttons = AnyButton(open_buttons(config.button), keyboard)
        except HardwareError as error:
            faults["button"] = f"Button not wired: {error}"
    stopping: list[bool] = []

    def stop(signum: int, frame: object) -> None:
        stopping.append(True)

    signal.signal(signal.SIGTERM, stop)
    notifier = Notifier()
    companion: Companion | None = None
    try:
        companion = Companion(journal, setup, camera, settings, new_game=args.new_game,
                              reopen_camera=reopen, log=log_line, log_timings=True)
        for kind, text in faults.items():
            companion.set_fault(kind, text)
        screen = open_screen(config.display.size if args.window else None,
                             fullscreen=config.display.fullscreen and not args.window)
        try:
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
