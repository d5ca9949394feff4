"""``companion demo``: play the recorded game from ``fixtures/`` through the whole product."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def _size(text: str) -> tuple[int, int]:
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT in px, got {text!r}") from None
    if not (320 <= width <= 7680 and 240 <= height <= 4320):
        raise argparse.ArgumentTypeError(f"{text}: size out of range (320x240 .. 7680x4320)")
    return width, height


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, got {text!r}") from None
    if not 0.0 <= value <= 60.0:
        raise argparse.ArgumentTypeError(f"{text}: seconds between steps must be 0..60")
    return value


def register(sub: Any) -> None:
    """Add the ``demo`` subcommand to the subparsers ``sub``."""
    from companion.demo import DEFAULT_GAME

    parser = sub.add_parser(
        "demo",
        help="play a recorded game from real photos (window if there is a screen, else PNGs)",
        description=(
            "Play a recorded game through the real vision, engine, journal and display: "
            "in a window where there is a screen; headless otherwise, writing each screen "
            "as PNG and the referee's log to stdout. Exits 1 if the game does not come out "
            "as recorded."
        ),
    )
    parser.add_argument("--game", type=Path, default=DEFAULT_GAME,
                        help="recorded game manifest (default: %(default)s)")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--headless", action="store_true", default=None,
                      help="no window: write PNG screens to --out")
    mode.add_argument("--window", dest="headless", action="store_false",
                      help="play in a window even if no desktop session is detected")
    parser.add_argument("--out", type=Path, default=Path("demo-out"),
                        help="folder for the PNG screens when headless (default: %(default)s)")
    parser.add_argument("--journal", type=Path, default=None,
                        help="journal file to write (default: a temporary one)")
    parser.add_argument("--step", type=_seconds, default=None, metavar="S",
                        help="seconds between button steps (default: 2.5 in a window, 0 headless)")
    parser.add_argument("--size", type=_size, default=(1280, 720), metavar="WxH",
                        help="window / PNG size in px (default: 1280x720)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.demo import run_demo

    try:
        return run_demo(
            args.game,
            headless=args.headless,
            out=args.out,
            journal_path=args.journal,
            step_s=args.step,
            size=args.size,
        )
    except OSError as error:
        print(f"companion demo: {error.filename or ''}: {error.strerror}", file=sys.stderr)
        return 2
    except (ValueError, RuntimeError) as error:
        print(f"companion demo: {error}", file=sys.stderr)
        return 2
