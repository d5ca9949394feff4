"""The app's side of the night screen: tonight's numbers from the journal, cached until
the next event, and when the screen shows them.

Between rounds a long hold of the button shows the night so far (:attr:`NightBoard.shown`,
:meth:`NightBoard.gesture`); any press, hold or long hold goes back to the round's
result, and a hold there starts the next round as always. The long hold is a hold kept
down for ``[button] long_hold_time_s`` (4 s): the button says "holding" when the hold
time has passed, and the screen then says what letting go does
(:meth:`NightBoard.holding`). While the table is idle before a game's first throw, the
idle screen shows the night too once a round has been played tonight. A journal that
cannot be read back leaves the game's own screen (and says why in the log).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.engine import GameState, Phase, format_amount
from companion.journal import Journal, JournalError
from companion.stats import NightStats, StatsError, logged_games, night_of, night_stats
from companion.view import MessageView, NightPlayerView, NightView, Screen, Severity, View

__all__ = ["NightBoard", "night_view"]


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

    def gesture(self, kind: str, state: GameState) -> bool:
        """Act on a button event of ``kind`` if it is the night screen's; True if it was.

        Between rounds (``state.can_next_round``) a ``"long_hold"`` shows the night so
        far; while it is shown, any ``"press"``, ``"hold"`` or ``"long_hold"`` leaves it
        (and does nothing else: no throw is read, no round starts), and the
        ``"holding"`` notice changes nothing. Every other event, and an ``"undo"``
        always, is the app's (False).
        """
        if not state.can_next_round or kind == "undo":
            return False
        if self.shown:
            self.shown = kind == "holding"
            return True
        self.shown = kind == "long_hold"
        return self.shown

    def holding(self, state: GameState) -> MessageView | None:
        """What letting go of a button held past its hold time will do (the ``"holding"``
        notice), or None where a hold does nothing."""
        if state.can_next_round:
            what = "the next round" if state.phase is Phase.ROUND_OVER else "a new match"
            return MessageView(Severity.INFO, f"Let go to start {what}",
                               "Keep holding to see the night so far")
        if state.can_stand:
            return MessageView(Severity.INFO, "Let go to stand", "")
        return None

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
        action = ("Press the button to go back to the round" if shown
                  else "Press the button to start")
        title = "The night so far" + (f" ({night.in_pot})" if night.in_pot else "")
        return view.replace(screen=Screen.NIGHT, night=night,
                            message=MessageView(Severity.INFO, title, action))


def night_view(stats: NightStats) -> NightView:
    """The night screen's data from :func:`companion.stats.night_stats`.

    Chips are shown when any player won or lost some (pot stakes), else points when
    any were banked; the strip holds the last 10 rounds, oldest first. Antes in a pot
    not yet won count as neither won nor lost: they are said as ``in_pot``.
    """
    show_chips = any(t.chips for t in stats.players)
    show_points = not show_chips and any(t.points for t in stats.players)
    pot = sum(t.in_pot for t in stats.players)
    best = None
    if stats.best is not None:
        best = f"{stats.best.player} {stats.best.cargo}"
    return NightView(
        games=stats.games,
        rounds=len(stats.rounds),
        players=tuple(
            NightPlayerView(t.name, t.rounds_won, t.rounds_played,
                            chips=t.chips if show_chips else None,
                            points=t.points if show_points else None,
                            launch_rate=t.launch_rate)
            for t in stats.players
        ),
        best=best,
        last_rounds=tuple((r.winner, r.best) for r in stats.last_rounds),
        faces=stats.fairness.faces,
        p_value=stats.fairness.p_value if stats.fairness.dice else None,
        warning=stats.fairness.warning,
        alert=stats.fairness.alert,
        in_pot=f"{format_amount(pot, stats.unit)} in the pot" if pot else None,
    )
