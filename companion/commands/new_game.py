"""``companion new-game``: start a new game in the journal from the config's players and rules.

Run it while the companion is stopped (``sudo systemctl stop ship-captain-crew``);
the next ``companion run`` plays the new game. The old games stay in the journal
(``companion export --game N``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    """Add the ``new-game`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "new-game",
        help="start a new game in the journal (players and rules from the config)",
        description="Start a new game in the journal with the config's players and rules; "
        "run it while the companion is stopped.",
    )
    parser.add_argument("--config", type=Path, default=None, help="the config file (TOML)")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from companion.config import ConfigError, load_config
    from companion.journal import GameSetup, Journal, JournalError

    if args.config is not None and not args.config.exists():
        print(f"companion new-game: no config file at {args.config}", file=sys.stderr)
        return 2
    try:
        config = load_config(args.config)
        setup = GameSetup(config.rules.preset, dict(config.rules.options), config.players.names)
        budget = config.journal.photo_budget_mb * 1024 * 1024
        with Journal(config.journal.path, budget, exclusive=True) as j:
            game = j.start_game(setup)
    except (ConfigError, JournalError, OSError) as error:
        print(f"companion new-game: {error}", file=sys.stderr)
        return 2
    print(f"game {game.game_id} started in {config.journal.path}: "
          f"{', '.join(setup.players)}; rules {setup.preset}")
    return 0
