"""``companion referee``: referee one turn from the face values thrown.

    companion referee [RULE OPTIONS] [--json] THROW [THROW ...]

THROW is the dice seen in the tray, as digits (``64331``); under shifting-cargo a
single re-thrown cargo die may name the die kept (``3k5``), under may-decline-six a
declined ship is marked ``d`` (``63321d``); ``S`` stands early. A launched turn
with throws left at the end stands. Exit 0 with the verdict; exit 2 with a one-line
reason on stderr for an impossible or unfinished turn or bad options.

The rule options (``--wild-ones``, ``--one-throw-bonus N``, ``--preset NAME``,
``--rule KEY=VALUE``, ...) are shared with ``companion odds``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.engine import OPTIONS, Settings


def add_rule_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--preset``, ``--rule KEY=VALUE``, ``--ties`` and a flag per dice house rule."""
    group = parser.add_argument_group("rule options (RULES.md; default: the standard game)")
    group.add_argument("--preset", default="standard",
                       help="standard, head-to-head, rounds, tournament or drinking")
    group.add_argument("--rule", action="append", default=[], metavar="KEY=VALUE",
                       help="any rule option by name, e.g. --rule ties=carry (repeatable)")
    for opt in OPTIONS.values():
        if opt.group != "dice" and opt.name != "ties":
            continue
        flag = f"--{opt.name}"
        if opt.kind == "bool":
            group.add_argument(flag, dest=f"rule_{opt.field}", action="store_const",
                               const=True, default=None, help=opt.help)
        elif opt.kind == "choice":
            group.add_argument(flag, dest=f"rule_{opt.field}", default=None,
                               choices=opt.choices, help=opt.help)
        else:
            metavar = "N" if opt.kind == "int" else "TEXT"
            group.add_argument(flag, dest=f"rule_{opt.field}", default=None, metavar=metavar,
                               help=opt.help)


def settings_from_args(args: argparse.Namespace) -> Settings:
    """The settings the rule options ask for; raises SettingsError (a ValueError)."""
    from companion.engine import SettingsError, settings_from_options

    options: dict[str, object] = {}
    for item in args.rule:
        key, eq, value = item.partition("=")
        if not eq:
            raise SettingsError(key, f"--rule takes KEY=VALUE, not {item!r}")
        options[key.strip()] = value.strip()
    for opt in OPTIONS.values():
        value = getattr(args, f"rule_{opt.field}", None)
        if value is not None:
            options[opt.name] = value
    return settings_from_options(args.preset, options)


def register(sub: Any) -> None:
    """Add the ``referee`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "referee",
        help="referee one turn from the dice thrown",
        description="Referee one turn: bank ship, captain and crew in order, score the cargo.",
        epilog="Example: companion referee --json 64331 6541 33",
    )
    parser.add_argument("throws", nargs="+", metavar="THROW",
                        help="face values thrown, as digits (64331); S stands")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    add_rule_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace

    from companion.engine import RuleError, SettingsError, Stand, Throw, apply, new_game
    from companion.notation import NotationError, decode_event

    try:
        settings = settings_from_args(args)
    except SettingsError as error:
        print(f"companion referee: {error}", file=sys.stderr)
        return 2
    settings = replace(settings, first_player="named", pace_setter=False)
    state = new_game(settings, ["player", "next player"])
    for number, token in enumerate(args.throws, start=1):
        turn = state.turn
        if state.current_player != "player" or turn is None or turn.over:
            done = state.round_turns[0]
            print(f"companion referee: impossible turn: {token!r} after the turn was over "
                  f"({_why(done)})", file=sys.stderr)
            return 2
        try:
            event = decode_event(token)
            if not isinstance(event, Throw | Stand):
                raise NotationError(f"{token!r} is not a throw or S")
            state = apply(state, event)
        except (NotationError, RuleError) as error:
            print(f"companion referee: impossible turn: throw {number} ({token}): {error}",
                  file=sys.stderr)
            return 2
    if state.current_player == "player":
        turn = state.turn
        assert turn is not None
        if not turn.launched:
            print(f"companion referee: unfinished turn: not launched after "
                  f"{turn.throws_used} throw{'s' if turn.throws_used != 1 else ''}, "
                  f"{turn.throws_left} left", file=sys.stderr)
            return 2
        state = apply(state, Stand())
    done = state.round_turns[0]
    if args.json:
        print(json.dumps({
            "launched": done.launched,
            "score": done.score,
            "cargo": list(done.cargo) if done.cargo is not None else None,
            "throws_used": done.throws_used,
            "throws": [{"dice": list(t.dice), "banked": list(t.banked)} for t in done.throws],
        }))
        return 0
    for t in done.throws:
        dice = " ".join(str(d) for d in t.dice)
        print(f"throw {t.number}: {dice:<9}  {t.explanation}")
    if done.launched:
        assert done.cargo is not None
        bonus = f" incl. {done.bonus} bonus" if done.bonus else ""
        print(f"launched: cargo {done.cargo[0]} + {done.cargo[1]}, score {done.score}{bonus} "
              f"({done.throws_used} of 3 throws used{', stood' if done.stood else ''})")
    else:
        print("not launched: score 0")
    return 0


def _why(turn: Any) -> str:
    if turn.stood:
        return f"stood on {turn.score}"
    if not turn.launched:
        return "3 throws used, not launched"
    if turn.throws_left == 0 and turn.throws_used < turn.max_throws:
        return "the one cargo re-throw was used"
    return f"{turn.throws_used} throws used, score {turn.score}"
