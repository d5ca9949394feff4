"""Write the night screen's README pictures from real states: a night of games played
through the engine into a journal, read back by ``companion.stats``.

    python tools/night_screens.py docs/screenshots

Two nights, each a journal of four-player pot games on seeded random dice (players
stand on 7 or more, re-throw below, and the House plays by the odds): a fair one and
one with a die loaded towards 6 (the fairness warning). The screen is read from two
metres a page at a time: writes ``night-WxH.png``, ``night-WxH-2.png``, ... and
``night-loaded-WxH.png``, ... (one per page; the loaded night's first page is its
warning) at 800x480 and 1280x720, and prints ``companion stats`` of each journal.
Runs in about 10 s.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.engine import NextRound, Stand, Throw, apply, new_game, settings_from_options
from companion.house import house_decision
from companion.journal import GameSetup, Journal
from companion.notation import encode_event
from companion.stats import logged_games, night_stats

#: 2026-11-27 19:00 UTC, a Friday evening; a throw every 40 s.
EVENING_S = 1_795_806_000.0
STEP_S = 40.0
PLAYERS = ("Anna", "Ben", "Cleo", "House")


def play_night(path: Path, seed: int, loaded: bool, games: int = 3, rounds: int = 8) -> None:
    """Write ``games`` games of ``rounds`` rounds each into a new journal at ``path``."""
    rng = random.Random(seed)
    faces = [1, 2, 3, 4, 5, 6, 6] if loaded else [1, 2, 3, 4, 5, 6]
    at = EVENING_S
    with Journal(path) as journal:
        for _game in range(games):
            setup = GameSetup("standard", {}, PLAYERS)
            journal.start_game(setup, at_s=at)
            state = new_game(settings_from_options("standard", {}), list(PLAYERS))
            played = 0
            while played < rounds:
                decision = house_decision(state)
                if decision is not None:  # the House by the odds
                    stands = decision.action == "stand"
                else:  # the others by the seeds' advice: stand on 7 or more
                    stands = state.can_stand and state.turn is not None \
                        and state.turn.cargo_total >= 7
                event: Throw | Stand | NextRound
                if state.can_next_round:
                    played += 1
                    if played == rounds:
                        break
                    event = NextRound()
                elif stands:
                    event = Stand()
                else:
                    event = Throw(tuple(rng.choice(faces) for _ in range(state.dice_to_throw)))
                state = apply(state, event)
                at += STEP_S
                journal.append(encode_event(event), at_s=at)
            at += 600.0


def main(out: Path) -> int:
    import pygame

    from companion.commands.stats import report
    from companion.display import StakesView, View
    from companion.display.render import render, render_with_layout
    from companion.night import night_view
    from companion.view import Screen

    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        for name, loaded, seed in (("night", False, 14), ("night-loaded", True, 6)):
            path = Path(folder) / f"{name}.sqlite3"
            play_night(path, seed, loaded, games=6 if loaded else 3)
            with Journal(path) as journal:
                stats = night_stats(logged_games(journal))
            print(f"== {name}\n{report(stats)}")
            view = View(Screen.NIGHT, stakes=StakesView(), night=night_view(stats))
            for size in ((800, 480), (1280, 720)):
                _, layout = render_with_layout(view, size)
                pages = int(next(i.text for i in layout.texts()
                                 if i.role == "night-page").split("/")[1])
                for page in range(pages):
                    suffix = f"-{page + 1}" if page else ""
                    target = out / f"{name}-{size[0]}x{size[1]}{suffix}.png"
                    pygame.image.save(render(view.replace(page=page), size), str(target))
                    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshots")))
