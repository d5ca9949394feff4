"""``companion export``: write the game record of the journal's current game.

The record is the engine's notation (README, "Game record notation"):
``companion replay`` reads it back to the same state.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

#: Where ``companion run`` keeps its journal unless the config says otherwise.
DEFAULT_JOURNAL = Path("companion-journal.sqlite3")


def register(sub: Any) -> None:
    """Add the ``export`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "export",
        help="write the game record of the journal's current game",
        description="Replay the journal's current game and print its game record "
        "(or write it to --out).",
    )
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--journal", type=Path, default=None,
                        help=f"journal file (default: the config's, else {DEFAULT_JOURNAL})")
    source.add_argument("--config", type=Path, default=None,
                        help="config file naming the journal")
    parser.add_argument("--game", type=int, default=None,
                        help="game number in the journal (default: the current game)")
    parser.add_argument("--out", type=Path, default=None, help="write the record here")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError
    from companion.journal import Journal, JournalError
    from companion.notation import replay, write_record

    if args.config is not None and not args.config.exists():
        print(f"companion export: no config file at {args.config}", file=sys.stderr)
        return 2
    try:
        path = args.journal or _journal_from_config(args.config)
    except ConfigError as error:
        print(f"companion export: {error}", file=sys.stderr)
        return 2
    if not path.exists():
        print(f"companion export: no journal at {path}", file=sys.stderr)
        return 2
    try:
        with Journal(path) as journal:
            game = journal.current_game()
            if args.game is not None:
                game = next((g for g in journal.games() if g.game_id == args.game), None)
            if game is None:
                games = ", ".join(str(g.game_id) for g in journal.games()) or "none"
                print(f"companion export: {path} holds no game {args.game} (games: {games})",
                      file=sys.stderr)
                return 2
            state = replay(game.setup, [entry.token for entry in journal.entries(game.game_id)])
    except (JournalError, ValueError) as error:
        print(f"companion export: {error}", file=sys.stderr)
        return 2
    record = write_record(state)
    if args.out is not None:
        try:
            args.out.write_text(record, encoding="utf-8")
        except OSError as error:
            print(f"companion export: cannot write {args.out}: {error.strerror}",
                  file=sys.stderr)
            return 2
    else:
        sys.stdout.write(record)
    return 0


def _journal_from_config(config: Path | None) -> Path:
    if config is None:
        return DEFAULT_JOURNAL
    from companion.config import load_config

    return Path(load_config(config).journal.path)
