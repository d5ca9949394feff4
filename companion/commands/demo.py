"""``companion demo``: placeholder until its issue lands (prints a notice, exits 3)."""

from __future__ import annotations

import argparse
import sys
from typing import Any


def register(sub: Any) -> None:
    """Add the ``demo`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser("demo", help="(not built yet)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    print("companion demo: not built yet", file=sys.stderr)
    return 3
