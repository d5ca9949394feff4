"""Helpers for the engine tests: play a game from notation tokens."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from companion.engine import GameState, apply, new_game, settings_from_options
from companion.journal import GameSetup
from companion.notation import decode_event, replay


def start(
    preset: str = "standard",
    options: Mapping[str, object] | None = None,
    players: Sequence[str] = ("Ann", "Bob"),
    named: bool = True,
) -> GameState:
    """A new game; ``named`` skips the roll-off (the first name starts)."""
    opts: dict[str, object] = dict(options or {})
    if named:
        opts.setdefault("first-player", "named")
    return new_game(settings_from_options(preset, opts), players)


def play(state: GameState, tokens: str) -> GameState:
    """Apply space-separated notation tokens (``64331 6541 S N``) in order."""
    for token in tokens.split():
        state = apply(state, decode_event(token))
    return state


def game(
    tokens: str,
    preset: str = "standard",
    options: Mapping[str, object] | None = None,
    players: Sequence[str] = ("Ann", "Bob"),
) -> GameState:
    """A named-first-player game after ``tokens``."""
    opts: dict[str, object] = {"first-player": "named", **(options or {})}
    return replay(GameSetup(preset, opts, tuple(players)), tokens.split())
