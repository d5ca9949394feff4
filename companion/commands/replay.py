"""``companion replay``: replay a game record and print standings, pot and winner.

    companion replay RECORD [--json]

RECORD is a file in the game record notation (README, "Game record notation"), or
``-`` for standard input; UTF-8, with or without a byte-order mark. Exit 2 with
``RECORD: line N: reason`` on stderr when the record cannot be read or breaks a rule.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def register(sub: Any) -> None:
    """Add the ``replay`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "replay",
        help="replay a game record: standings, pot and winner",
        description="Replay a game record and print the standings, the pot and the winner.",
        epilog="Example: companion replay fixtures/games/pub-night.scc",
    )
    parser.add_argument("record", metavar="RECORD", help="a game record file, or - for stdin")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.notation import NotationError, read_record

    try:
        if args.record == "-":
            text = sys.stdin.read()
        else:
            with open(args.record, "rb") as raw:
                if raw.read(16) == b"SQLite format 3\x00":
                    print(f"companion replay: {args.record} is a journal, not a game record: "
                          "write its record with companion export --journal "
                          f"{args.record}", file=sys.stderr)
                    return 2
            with open(args.record, encoding="utf-8-sig") as handle:  # BOM or none
                text = handle.read()
    except UnicodeDecodeError:
        print(f"companion replay: {args.record} is not a game record (not UTF-8 text)",
              file=sys.stderr)
        return 2
    except FileNotFoundError:
        print(f"companion replay: no such file: {args.record}", file=sys.stderr)
        return 2
    except IsADirectoryError:
        print(f"companion replay: {args.record} is a folder, not a game record",
              file=sys.stderr)
        return 2
    except OSError as error:
        print(f"companion replay: cannot read {args.record}: {error.strerror or error}",
              file=sys.stderr)
        return 2
    try:
        state = read_record(text)
    except NotationError as error:
        print(f"companion replay: {args.record}: {error}", file=sys.stderr)
        return 2
    standings = state.standings
    if args.json:
        print(json.dumps({
            "phase": state.phase.value,
            "match": state.match_number,
            "round": state.round_number,
            "pot": state.pot,
            "unit": state.settings.unit,
            "standings": [
                {"name": p.name, "chips": p.chips, "points": p.points, "drinks": p.drinks}
                for p in standings
            ],
            "winners": list(state.winners),
            "last_round_winner": state.round_results[-1].winner if state.round_results else None,
            "status": state.status,
        }))
        return 0
    print(f"{state.status}")
    pot = f"; pot {state.amount(state.pot)}" if state.settings.stakes == "pot" else ""
    print(f"match {state.match_number}, round {state.round_number}{pot}")
    width = max(len(p.name) for p in standings)
    for place, p in enumerate(standings, start=1):
        print(f"{place}. {p.name:<{width}}  {state.tally(p)}")
    if state.winners:
        print(f"winner: {' and '.join(state.winners)}")
    return 0
