"""``companion stats``: the night's numbers from the journal (or every night's).

Games, standings (rounds won, chips won or lost, points, launch rate), the best
cargo, the last round results, and the dice's fairness: the faces of every die of
every counted throw with a chi-square test against a fair die (:mod:`companion.stats`).
``--json`` prints issue 14's object::

    {"dice": N, "faces": {"1": n1, ..., "6": n6}, "chi2": x, "p_value": p,
     "players": {NAME: {"rounds_won": .., "chips": .., "points": .., "launch_rate": ..}}}

Chips count as won or lost when the pot is won (or its antes handed back): antes in the
pot of a round still being played are neither, and the text says them per player as
"1 chip in the pot".
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.stats import NightStats


def register(sub: Any) -> None:
    """Add the ``stats`` subcommand to the subparsers ``sub``."""
    from companion.commands.export import add_journal_arguments, night_arg

    parser = sub.add_parser(
        "stats",
        help="the night's standings, best cargo, launch rates and a fairness test of the dice",
        description="Replay the journal's games and print the standings, the best cargo, "
        "each player's launch rate, the last round results and the dice's face counts "
        "with a chi-square test against a fair die (every night, or --night).",
    )
    add_journal_arguments(parser)
    parser.add_argument("--night", type=night_arg, default=None, metavar="YYYY-MM-DD",
                        help="only that night (06:00 to 06:00 local time; default: every night)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.commands.export import journal_path
    from companion.journal import Journal, JournalError
    from companion.stats import StatsError, logged_games, night_stats, stats_json

    path = journal_path(args, "stats")
    if path is None:
        return 2
    try:
        with Journal(path) as journal:
            games = logged_games(journal)
        stats = night_stats(games, args.night)
    except (JournalError, StatsError) as error:
        print(f"companion stats: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(stats_json(stats), indent=2))
    else:
        sys.stdout.write(report(stats))
    return 0


def report(stats: NightStats) -> str:
    """The numbers as lines for people."""
    from companion.engine import format_amount

    fair = stats.fairness
    when = f"Night of {stats.night}" if stats.night else "Every night in the journal"
    lines = [f"{when}: {stats.games} game{'s' if stats.games != 1 else ''}, "
             f"{len(stats.rounds)} rounds, {len(stats.throws)} counted throws"]
    if stats.players:
        lines.append("Standings (rounds won, chips won or lost, points, launch rate):")
        for t in stats.players:
            chips = format_amount(t.chips, stats.unit)
            pot = f", {format_amount(t.in_pot, stats.unit)} in the pot" if t.in_pot else ""
            lines.append(f"  {t.name}: {t.rounds_won} won of {t.rounds_played}, "
                         f"{'+' if t.chips > 0 else ''}{chips}, {t.points} points, "
                         f"launched {round(100 * t.launch_rate)} %{pot}")
    if stats.best is not None:
        b = stats.best
        lines.append(f"Best cargo: {b.cargo} by {b.player} (game {b.game}, "
                     f"match {b.match}, round {b.round})")
    if stats.rounds:
        lines.append("Last rounds: " + " | ".join(r.short for r in stats.last_rounds))
    faces = "  ".join(f"{face}: {fair.faces[face - 1]}" for face in range(1, 7))
    lines.append(f"Dice: {fair.dice} ({faces})")
    lines.append(f"Fair-die test: chi-square {fair.chi2:.2f}, 5 degrees of freedom, "
                 f"p = {fair.p_value:.4g}")
    if fair.warning:
        lines.append(f"WARNING: {fair.warning}")
    return "\n".join(lines) + "\n"
