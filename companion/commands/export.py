"""``companion export``: write the game record of the journal's current game, or
(``--csv``) one row per counted throw of the journal's games.

The record is the engine's notation (README, "Game record notation"):
``companion replay`` reads it back to the same state. The CSV's columns are
:data:`CSV_COLUMNS`; a counted throw is one applied and not undone
(:mod:`companion.stats`).
"""

from __future__ import annotations

import argparse
import csv
import io
import sys
from collections.abc import Iterable
from datetime import tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.stats import CountedThrow

#: Where ``companion run`` keeps its journal unless the config says otherwise.
DEFAULT_JOURNAL = Path("companion-journal.sqlite3")
#: The CSV's header: one row per counted throw. ``kind`` is bank, cargo, roll-off or
#: tie-break; ``throw`` the throw's number in the turn (the pass in a roll-off or
#: tie-break); ``dice`` and ``banked`` face values separated by spaces; ``score`` the
#: player's score after the throw; ``time`` ISO 8601 with the UTC offset.
CSV_COLUMNS = ("game", "match", "round", "player", "kind", "throw", "dice", "banked",
               "score", "time")


def register(sub: Any) -> None:
    """Add the ``export`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "export",
        help="write the game record of the journal's current game, or a CSV of its throws",
        description="Replay the journal's current game and print its game record "
        "(or write it to --out). With --csv: one row per counted throw of every game "
        "(or of --game N, or of --night YYYY-MM-DD).",
    )
    add_journal_arguments(parser)
    parser.add_argument("--game", type=int, default=None,
                        help="game number in the journal (default: the current game)")
    parser.add_argument("--out", type=Path, default=None, help="write the record here")
    parser.add_argument("--csv", action="store_true",
                        help="one CSV row per counted throw: " + ", ".join(CSV_COLUMNS))
    parser.add_argument("--night", type=night_arg, default=None, metavar="YYYY-MM-DD",
                        help="with --csv: only that night's throws (06:00 to 06:00 local time)")
    parser.set_defaults(func=run)


def add_journal_arguments(parser: argparse.ArgumentParser) -> None:
    """``--journal FILE | --config FILE``, as ``export`` and ``stats`` take them."""
    source = parser.add_mutually_exclusive_group()
    source.add_argument("--journal", type=Path, default=None,
                        help=f"journal file (default: the config's, else {DEFAULT_JOURNAL})")
    source.add_argument("--config", type=Path, default=None,
                        help="config file naming the journal")


def night_arg(text: str) -> str:
    """Check a ``YYYY-MM-DD`` night for argparse."""
    import datetime

    try:
        return datetime.date.fromisoformat(text).isoformat()
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a date YYYY-MM-DD, got {text!r}") from None


def journal_path(args: argparse.Namespace, command: str) -> Path | None:
    """The journal named by ``--journal`` or ``--config``; None (said on stderr) if missing."""
    from companion.config import ConfigError

    if args.config is not None and not args.config.exists():
        print(f"companion {command}: no config file at {args.config}", file=sys.stderr)
        return None
    try:
        path = args.journal or _journal_from_config(args.config)
    except ConfigError as error:
        print(f"companion {command}: {error}", file=sys.stderr)
        return None
    if not path.exists():
        print(f"companion {command}: no journal at {path}", file=sys.stderr)
        return None
    return Path(path)


def write_text(text: str, out: Path | None, command: str) -> int:
    """Write ``text`` to ``out`` (stdout if None); 0, or 2 with a line on stderr."""
    if out is None:
        sys.stdout.write(text)
        return 0
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as error:
        print(f"companion {command}: cannot write {out}: {error.strerror}", file=sys.stderr)
        return 2
    return 0


def throws_csv(throws: Iterable[CountedThrow], tz: tzinfo | None = None) -> str:
    """The CSV text (header and one row per throw) of ``throws``."""
    from companion.stats import iso_time

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for t in throws:
        writer.writerow([t.game, t.match, t.round, t.player, t.kind, t.number,
                         " ".join(map(str, t.dice)), " ".join(map(str, t.banked)),
                         t.score, iso_time(t.at_s, tz)])
    return buffer.getvalue()


def _run_csv(args: argparse.Namespace, path: Path) -> int:
    from companion.journal import Journal, JournalError
    from companion.stats import StatsError, logged_games, night_stats

    try:
        with Journal(path) as journal:
            games = logged_games(journal)
    except JournalError as error:
        print(f"companion export: {error}", file=sys.stderr)
        return 2
    if args.game is not None:
        chosen = [g for g in games if g.game_id == args.game]
        if not chosen:
            ids = ", ".join(str(g.game_id) for g in games) or "none"
            print(f"companion export: {path} holds no game {args.game} (games: {ids})",
                  file=sys.stderr)
            return 2
        games = chosen
    try:
        stats = night_stats(games, args.night)
    except StatsError as error:
        print(f"companion export: {error}", file=sys.stderr)
        return 2
    return write_text(throws_csv(stats.throws), args.out, "export")


def run(args: argparse.Namespace) -> int:
    from companion.engine import EngineError
    from companion.journal import Journal, JournalError
    from companion.notation import replay, write_record

    path = journal_path(args, "export")
    if path is None:
        return 2
    if args.csv:
        return _run_csv(args, path)
    if args.night is not None:
        print("companion export: --night goes with --csv", file=sys.stderr)
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
    except (JournalError, EngineError) as error:
        print(f"companion export: {error}", file=sys.stderr)
        return 2
    return write_text(write_record(state), args.out, "export")


def _journal_from_config(config: Path | None) -> Path:
    if config is None:
        return DEFAULT_JOURNAL
    from companion.config import load_config

    return Path(load_config(config).journal.path)
