"""``companion config``: placeholder until its issue lands (prints a notice, exits 3)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(sub: Any) -> None:
    """Add the ``config`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser("config", help="(not built yet)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print("companion config: not built yet", file=sys.stderr)
    return 3
