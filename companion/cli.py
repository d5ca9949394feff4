"""The ``companion`` command line.

Each subcommand lives in its own module under :mod:`companion.commands` and
registers itself with :func:`register`; heavy imports (OpenCV, pygame) happen
inside the command, so ``companion referee`` starts fast.

Exit status: 0 success, 2 bad input or an impossible game (one-line reason on
stderr), 1 an unexpected fault.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

#: Subcommand modules in ``companion.commands``, in the order ``--help`` lists them.
COMMANDS: tuple[str, ...] = (
    "referee", "replay", "odds", "config", "run", "setup", "new-game", "demo", "export", "stats",
)


def _version() -> str:
    """The installed package's version ("not installed" when run from a checkout)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ship-captain-crew")
    except PackageNotFoundError:
        return "(not installed)"


def build_parser() -> argparse.ArgumentParser:
    """Return the parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Ship Captain Crew table companion: a camera referee for the dice tray.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        module = importlib.import_module(f"companion.commands.{name.replace('-', '_')}")
        module.register(sub)
    parser.set_defaults(subparsers=sub.choices)  # for errors in the subcommand's words
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner in our output
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:  # a typo'd option: the subcommand's usage, not the top level's
        args.subparsers[args.command].error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = args.func(args)
    except BrokenPipeError:  # e.g. `companion referee ... | head`: the reader left
        sys.stderr.close()
        return 0
    except KeyboardInterrupt:  # Ctrl-C: the usual way to stop `run` or the demo
        print(f"companion {args.command}: stopped (Ctrl-C)", file=sys.stderr)
        return 130
    return status


if __name__ == "__main__":
    sys.exit(main())
