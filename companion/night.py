"""The app's side of the night screen: tonight's numbers from the journal, cached until
the next event, and when the screen shows them.

Between rounds a press shows the night so far (:attr:`NightBoard.shown`; a second press
goes back, a hold starts the next round as always); while the table is idle before a
game's first throw, the idle screen shows it too once a round has been played tonight.
A journal that cannot be read back leaves the game's own screen (and says why in the log).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.engine import GameState
from companion.journal import Journal, JournalError
from companion.stats import StatsError, logged_games, night_of, night_stats
from companion.view import MessageView, NightView, Screen, Severity, View
from companion.view.present import night_view

__all__ = ["NightBoard"]


class NightBoard:
    """Tonight's numbers for the night screen.

    Args:
        journal: the open journal (every game of every night).
        log: receives a line when the journal cannot be read back.
        wall_clock: Unix seconds, for which night it is (06:00 to 06:00 local time).
    """

    def __init__(self, journal: Journal, log: Callable[[str], None] = print,
                 wall_clock: Callable[[], float] = time.time) -> None:
        self.journal = journal
        self.shown = False
        self._log = log
        self._wall_clock = wall_clock
        self._cache: tuple[tuple[Any, ...], NightView | None] | None = None

    def night(self, state: GameState) -> NightView | None:
        """Tonight's numbers (recomputed only after a new event or game)."""
        key = (len(self.journal.games()), len(state.events), night_of(self._wall_clock()))
        if self._cache is None or self._cache[0] != key:
            try:
                stats = night_stats(logged_games(self.journal), key[2])
                self._cache = (key, night_view(stats))
            except (StatsError, JournalError) as error:
                self._log(f"night screen: {error}")
                self._cache = (key, None)
        return self._cache[1]

    def screen(self, view: View, state: GameState, idle: bool) -> View:
        """``view``, or the night screen when it is shown between rounds, or the table is
        ``idle`` and a round has been played tonight."""
        shown = self.shown and state.can_next_round and view.screen is not Screen.DISPUTE
        if not (shown or idle):
            return view
        night = self.night(state)
        if night is None or not (shown or night.rounds > 0):
            return view
        action = ("Press the button to go back; hold it to start the next round" if shown
                  else "Press the button to start")
        return view.replace(screen=Screen.NIGHT, night=night,
                            message=MessageView(Severity.INFO, "The night so far", action))
