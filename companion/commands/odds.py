"""``companion odds``: exact odds, as fractions.

    companion odds [RULE OPTIONS] [--json]
    companion odds --cargo C --throws-left K [--best B --players-after N] [RULE OPTIONS]

Without ``--cargo``: the chance of having launched within 1, 2 and 3 throws and the
expected score (score-maximising, stand at once, re-throw below 7). With ``--cargo``
(a decision point): the chance of winning the round if the player stands versus
re-throws; the assumptions are in :func:`companion.odds.decision_odds`.
"""

from __future__ import annotations

import argparse
import json
import sys
from fractions import Fraction
from typing import Any

from companion.commands.referee import add_rule_options, settings_from_args


def register(sub: Any) -> None:
    """Add the ``odds`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "odds",
        help="exact odds: launching, expected score, stand or re-throw",
        description="Exact odds as fractions (RULES.md reference figures).",
        epilog="Example: companion odds --cargo 7 --throws-left 1 --best 6 --players-after 2",
    )
    parser.add_argument("--cargo", metavar="C",
                        help="the cargo at the decision point: its sum (7), or the two dice "
                             "(6+1; needed under shifting-cargo)")
    parser.add_argument("--throws-left", type=int, default=None, metavar="K",
                        help="throws left after launching (0..2; default 1)")
    parser.add_argument("--best", type=int, default=None, metavar="B",
                        help="best score already posted this round (0: none; default 0)")
    parser.add_argument("--players-after", type=int, default=None, metavar="N",
                        help="players still to throw after this one (default 0)")
    parser.add_argument("--tied", type=int, default=None, metavar="T",
                        help="players who posted the best score (default 1)")
    parser.add_argument("--bonus", type=int, default=None, metavar="N",
                        help="one-throw bonus already earned (default 0)")
    parser.add_argument("--json", action="store_true", help="print the odds as JSON")
    add_rule_options(parser)
    parser.set_defaults(func=run)


def _figure(value: Fraction | None) -> dict[str, object] | None:
    if value is None:
        return None
    return {"exact": str(value), "value": round(float(value), 6)}


def _parse_cargo(text: str) -> int | tuple[int, int]:
    """``7`` (a sum) or ``6+1`` / ``6,1`` (the two dice). Raises ValueError in words."""
    try:
        for sep in ("+", ","):
            if sep in text:
                a, _, b = text.partition(sep)
                hi, lo = sorted((int(a), int(b)), reverse=True)
                return (hi, lo)
        return int(text)
    except ValueError:
        raise ValueError(
            f"--cargo {text!r}: give the cargo as its sum (7) or its two dice (6+1)"
        ) from None


#: The options that describe a decision point, with their defaults.
DECISION_DEFAULTS = {"throws_left": 1, "best": 0, "players_after": 0, "tied": 1, "bonus": 0}


def run(args: argparse.Namespace) -> int:
    from companion.engine import SettingsError
    from companion.odds import decision_odds, expected_score, launch_odds

    try:
        settings = settings_from_args(args)
    except SettingsError as error:
        print(f"companion odds: {error}", file=sys.stderr)
        return 2
    given = [name for name in DECISION_DEFAULTS if getattr(args, name) is not None]
    if args.cargo is None and given:
        options = ", ".join("--" + name.replace("_", "-") for name in given)
        print(f"companion odds: {options} describe{'s' if len(given) == 1 else ''} a "
              "decision point: give the cargo too (--cargo 7)", file=sys.stderr)
        return 2
    for name, default in DECISION_DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, default)
    if args.cargo is None:
        launch = launch_odds(settings)
        optimal = expected_score(settings, "optimal")
        stand = expected_score(settings, "stand")
        below = expected_score(settings, "below-7")
        if args.json:
            print(json.dumps({
                "p_launch": {str(i): _figure(p) for i, p in enumerate(launch, start=1)},
                "expected_score_optimal": _figure(optimal),
                "expected_score_stand": _figure(stand),
                "expected_score_below_7": _figure(below),
            }))
            return 0
        for i, p in enumerate(launch, start=1):
            print(f"launched within {i} throw{'s' if i > 1 else ''}: "
                  f"{float(p):.6f}  ({p})")
        print(f"expected score, score-maximising: {float(optimal):.4f}  ({optimal})")
        print(f"expected score, stand at once:    {float(stand):.4f}  ({stand})")
        print(f"expected score, re-throw below 7: {float(below):.4f}  ({below})")
        return 0
    try:
        cargo = _parse_cargo(args.cargo)
        d = decision_odds(settings, cargo, args.throws_left, args.best, args.players_after,
                          args.tied, args.bonus)
    except ValueError as error:
        print(f"companion odds: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({
            "stand": _figure(d.stand),
            "rethrow": _figure(d.rethrow),
            "rethrow_one": _figure(d.rethrow_one),
            "best": d.best,
        }))
        return 0
    print(f"win if standing:    {float(d.stand):.4f}")
    if d.rethrow is not None:
        print(f"win if re-throwing: {float(d.rethrow):.4f}")
    if d.rethrow_one is not None:
        print(f"win if re-throwing one cargo die: {float(d.rethrow_one):.4f}")
    print(f"best choice: {d.best}")
    return 0
