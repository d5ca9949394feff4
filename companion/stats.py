"""The night's numbers from the journal: games, standings, best cargo, launch rates,
the last round results, and a fairness test of the dice.

Pure (standard library and the engine): the journal's games go in as plain
:class:`LoggedGame` values (:func:`logged_games` reads them from an open journal),
each game is replayed event by event through :func:`companion.engine.apply`, and
only what is still in force counts:

- a **counted throw** is a throw the referee applied and that was not undone. A throw
  the referee refused (wrong number of dice, an unreadable die) never reaches the
  journal; an undone throw (usually a misread put right) is left out too. Roll-off
  dice (1 die) and cargo tie-break dice (2) are counted throws as well.
- a **night** runs from 06:00 to 06:00 local time, so a game that goes on past
  midnight stays in the evening it began (``night_of``); each event belongs to the
  night of its own time.
- **chips** are won or lost only when the pot is emptied (a round won takes it, a
  nobody-scores tie hands the antes back): an ante sitting in the pot of a round still
  being played, or of a pot carried over to the next round, is neither won nor lost
  yet. It is counted as the player's chips **in the pot** (:attr:`PlayerTally.in_pot`)
  until then, and as won or lost on the night the pot is emptied.

Fairness: the faces of every die of every counted throw, and Pearson's chi-square
goodness of fit against a fair die (5 degrees of freedom). The p-value is exact: for
an odd number ``k`` of degrees of freedom the chi-square survival function has a
closed form (Abramowitz and Stegun 26.4.4); for ``k = 5``
``Q(x) = erfc(sqrt(x / 2)) + sqrt(2x / pi) * exp(-x / 2) * (1 + x / 3)``.

>>> round(chi2_sf_5(11.0705), 4)    # the 5 % critical value of chi-square, 5 df
0.05
>>> fair = fairness((100, 100, 100, 100, 100, 100))
>>> fair.chi2, fair.p_value, fair.warning
(0.0, 1.0, None)
>>> loaded = fairness((80, 85, 90, 95, 64, 186))
>>> loaded.warning
'6 came up on 31 % of 600 dice: check the dice'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Protocol

from companion.engine import (
    GameState,
    Phase,
    Stand,
    Throw,
    Undo,
    apply,
    new_game,
    settings_from_options,
)
from companion.notation import decode_event

__all__ = [
    "LAST_ROUNDS",
    "NIGHT_STARTS_HOUR",
    "WARN_MIN_DICE",
    "WARN_P_VALUE",
    "BestCargo",
    "CountedThrow",
    "Fairness",
    "LoggedEvent",
    "LoggedGame",
    "NightStats",
    "PlayerTally",
    "RoundLine",
    "StatsError",
    "chi2_sf_5",
    "chi_square",
    "fairness",
    "game_history",
    "logged_games",
    "night_of",
    "night_stats",
    "stats_json",
]

#: A night runs from this local hour to the same hour the next day.
NIGHT_STARTS_HOUR = 6
#: The fairness warning needs at least this many dice ...
WARN_MIN_DICE = 300
#: ... and a p-value below this.
WARN_P_VALUE = 0.001
#: How many round results the history strip shows.
LAST_ROUNDS = 10


class StatsError(ValueError):
    """A game in the journal cannot be replayed (names the game and the event)."""


# -- input ----------------------------------------------------------------------------


@dataclass(frozen=True)
class LoggedEvent:
    """One journal event: sequence number, time (Unix s) and the event token."""

    seq: int
    at_s: float
    token: str


@dataclass(frozen=True)
class LoggedGame:
    """One journal game: id, start time (Unix s), rules, players and its events."""

    game_id: int
    started_s: float
    preset: str
    options: Mapping[str, object]
    players: tuple[str, ...]
    events: tuple[LoggedEvent, ...] = ()


class _Setup(Protocol):
    @property
    def preset(self) -> str: ...
    @property
    def options(self) -> Mapping[str, object]: ...
    @property
    def players(self) -> tuple[str, ...]: ...


class _Game(Protocol):
    @property
    def game_id(self) -> int: ...
    @property
    def started_s(self) -> float: ...
    @property
    def setup(self) -> _Setup: ...


class _Entry(Protocol):
    @property
    def seq(self) -> int: ...
    @property
    def at_s(self) -> float: ...
    @property
    def token(self) -> str: ...


class JournalLike(Protocol):
    """What :func:`logged_games` reads: :class:`companion.journal.Journal` fits."""

    def games(self) -> Sequence[_Game]: ...
    def entries(self, game_id: int | None = None) -> Sequence[_Entry]: ...


def logged_games(journal: JournalLike) -> list[LoggedGame]:
    """Every game of an open journal with its events, oldest first."""
    out = []
    for game in journal.games():
        events = tuple(LoggedEvent(e.seq, e.at_s, e.token) for e in journal.entries(game.game_id))
        setup = game.setup
        out.append(LoggedGame(game.game_id, game.started_s, setup.preset, dict(setup.options),
                              tuple(setup.players), events))
    return out


# -- replaying a game -----------------------------------------------------------------


@dataclass(frozen=True)
class CountedThrow:
    """One counted throw, as the export writes it.

    ``kind``: ``"bank"``, ``"cargo"``, ``"roll-off"`` or ``"tie-break"``. ``number``:
    the throw's number in the turn (1..3), or the pass of a roll-off / tie-break.
    ``dice``: the face values thrown (only the dice in the tray). ``banked``: what was
    banked from them. ``score``: the player's score after the throw (the turn's score;
    the die in a roll-off; the two dice's total in a cargo tie-break). ``at_s``: when
    it was journaled (Unix s).
    """

    game: int
    match: int
    round: int
    player: str
    kind: str
    number: int
    dice: tuple[int, ...]
    banked: tuple[int, ...]
    score: int
    cargo: int | None
    at_s: float
    seq: int


@dataclass(frozen=True)
class RoundLine:
    """One settled round: who won (None: nobody, or a tie not broken) with what."""

    game: int
    match: int
    round: int
    winner: str | None
    best: int
    tied: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]
    launched: tuple[str, ...]
    points: tuple[tuple[str, int], ...]
    drinks: tuple[tuple[str, int], ...]
    pot_won: int
    unit: str
    summary: str
    at_s: float

    @property
    def short(self) -> str:
        """``"Ann 8"``, ``"tie 7"`` or ``"no launch"``: one cell of the history strip."""
        if self.winner is not None:
            return f"{self.winner} {self.best}"
        if self.tied:
            return f"tie {self.best}"
        return "no launch"


@dataclass(frozen=True)
class _Step:
    """What one effective event added: a counted throw, a settled round, chips moved,
    and the pot after it."""

    at_s: float
    throw: CountedThrow | None = None
    round: RoundLine | None = None
    chips: tuple[tuple[str, int], ...] = ()
    pot: int = 0


@dataclass(frozen=True)
class GameHistory:
    """A replayed game: its effective steps in order and the state it ends in."""

    game: LoggedGame
    state: GameState
    steps: tuple[_Step, ...] = field(repr=False)
    #: Chips moved as the game began (round 1's antes), counted with its first event.
    opening_chips: tuple[tuple[str, int], ...] = ()

    @property
    def throws(self) -> tuple[CountedThrow, ...]:
        """Every counted throw of the game, in order."""
        return tuple(s.throw for s in self.steps if s.throw is not None)

    @property
    def rounds(self) -> tuple[RoundLine, ...]:
        """Every settled round of the game, in order."""
        return tuple(s.round for s in self.steps if s.round is not None)


def _counted_throw(game: LoggedGame, event: LoggedEvent, before: GameState,
                   after: GameState) -> CountedThrow | None:
    record = after.last_throw
    if record is None:
        return None
    if record.kind == "roll-off" or record.kind == "tie-break":
        score = sum(record.dice)
    else:
        turn = after.last_turn
        if turn is not None and turn.throws and turn.throws[-1] == record:
            score = turn.score
        else:  # pragma: no cover - the engine keeps the turn of its last throw
            score = sum(record.cargo) if record.cargo is not None else 0
    return CountedThrow(
        game=game.game_id,
        match=before.match_number,
        round=before.round_number,
        player=record.player,
        kind=record.kind,
        number=record.number,
        dice=record.dice,
        banked=record.banked,
        score=score,
        cargo=sum(record.cargo) if record.cargo is not None else None,
        at_s=event.at_s,
        seq=event.seq,
    )


def game_history(game: LoggedGame) -> GameHistory:
    """Replay ``game`` and keep each effective event's contribution.

    Raises:
        StatsError: the setup or an event does not replay (names the game and event).
    """
    try:
        settings = settings_from_options(game.preset, game.options)
        state = new_game(settings, list(game.players))
    except ValueError as error:
        raise StatsError(f"game {game.game_id}: its setup is not playable ({error})") from None
    opening = tuple((p.name, p.chips - settings.starting_chips) for p in state.players
                    if p.chips != settings.starting_chips)
    steps: list[_Step] = []
    for event in game.events:
        try:
            decoded = decode_event(event.token)
            after = apply(state, decoded)
        except ValueError as error:
            raise StatsError(
                f"game {game.game_id}, event {event.seq} ({event.token!r}): {error}"
            ) from None
        if isinstance(decoded, Undo):
            if steps:
                steps.pop()
            state = after
            continue
        chips = tuple(
            (p.name, p.chips - b.chips)
            for p, b in zip(after.players, state.players, strict=True)
            if p.chips != b.chips
        )
        throw = _counted_throw(game, event, state, after) if isinstance(decoded, Throw) else None
        line = None
        settled = (Phase.ROUND_OVER, Phase.MATCH_OVER)
        if (isinstance(decoded, (Throw, Stand)) and after.phase in settled
                and state.phase not in settled and after.round_result is not None):
            r = after.round_result
            line = RoundLine(
                game=game.game_id, match=r.match_number, round=r.round_number,
                winner=r.winner, best=r.best, tied=r.tied, scores=r.scores,
                launched=r.launched, points=r.points, drinks=r.drinks, pot_won=r.pot_won,
                unit=after.settings.unit, summary=r.summary, at_s=event.at_s,
            )
        steps.append(_Step(event.at_s, throw, line, chips, after.pot))
        state = after
    return GameHistory(game, state, tuple(steps), opening)


# -- nights ---------------------------------------------------------------------------


def night_of(at_s: float, tz: tzinfo | None = None) -> str:
    """The night (``YYYY-MM-DD`` of the evening) that the moment ``at_s`` belongs to.

    A night runs from 06:00 to 06:00 in ``tz`` (default: the machine's local time).

    >>> from datetime import timezone
    >>> night_of(1_796_083_200.0, timezone.utc)   # 2026-12-01 01:00 UTC
    '2026-11-30'
    """
    moment = datetime.fromtimestamp(at_s, UTC).astimezone(tz)
    return (moment - timedelta(hours=NIGHT_STARTS_HOUR)).date().isoformat()


def iso_time(at_s: float, tz: tzinfo | None = None) -> str:
    """``at_s`` (Unix s) as ISO 8601 with its UTC offset, to the second."""
    return datetime.fromtimestamp(at_s, UTC).astimezone(tz).isoformat(
        timespec="seconds")


# -- fairness -------------------------------------------------------------------------


def chi_square(faces: Sequence[int]) -> float:
    """Pearson's chi-square of six face counts against a fair die (0.0 for no dice).

    Raises:
        ValueError: not six counts, or a negative count.
    """
    if len(faces) != 6 or any(n < 0 for n in faces):
        raise ValueError(f"six face counts of 0 or more are needed, not {list(faces)}")
    total = sum(faces)
    if total == 0:
        return 0.0
    expected = total / 6
    return sum((n - expected) ** 2 for n in faces) / expected


def chi2_sf_5(x: float) -> float:
    """P(X >= x) for X chi-square distributed with 5 degrees of freedom (exact).

    ``erfc(sqrt(x/2)) + sqrt(2x/pi) * exp(-x/2) * (1 + x/3)`` (Abramowitz and
    Stegun 26.4.4, odd degrees of freedom); 1.0 for ``x <= 0``.
    """
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (
        1 + x / 3)


@dataclass(frozen=True)
class Fairness:
    """Face counts (faces 1..6), their chi-square, p-value, and the warning if any.

    ``warning`` is set when ``p_value < WARN_P_VALUE`` over at least ``WARN_MIN_DICE``
    dice, naming the face furthest from its fair share; ``alert`` says the same in a
    line short enough for every page of the night screen ("Check the dice: 6 on 31 %
    of 600").
    """

    faces: tuple[int, int, int, int, int, int]
    chi2: float
    p_value: float
    warning: str | None
    alert: str | None = None

    @property
    def dice(self) -> int:
        """How many dice were counted."""
        return sum(self.faces)

    def share(self, face: int) -> float:
        """The share (0..1) of the dice that showed ``face`` (0.0 with no dice)."""
        return self.faces[face - 1] / self.dice if self.dice else 0.0


def fairness(faces: Sequence[int]) -> Fairness:
    """Chi-square test of six face counts against a fair die, with the warning."""
    chi2 = chi_square(faces)
    p = chi2_sf_5(chi2)
    total = sum(faces)
    counts = (faces[0], faces[1], faces[2], faces[3], faces[4], faces[5])
    warning = alert = None
    if total >= WARN_MIN_DICE and p < WARN_P_VALUE:
        worst = max(range(6), key=lambda i: (abs(counts[i] - total / 6), -i))
        share = round(100 * counts[worst] / total)
        warning = f"{worst + 1} came up on {share} % of {total} dice: check the dice"
        alert = f"Check the dice: {worst + 1} on {share} % of {total}"
    return Fairness(counts, chi2, p, warning, alert)


# -- the night's numbers --------------------------------------------------------------


@dataclass(frozen=True)
class PlayerTally:
    """One player's night: rounds won and played, launches, chips won or lost (net,
    counted when the pot is emptied), chips in the pot (antes not yet won or lost),
    points and drinks given."""

    name: str
    rounds_won: int = 0
    rounds_played: int = 0
    launches: int = 0
    chips: int = 0
    points: int = 0
    drinks: int = 0
    in_pot: int = 0

    @property
    def launch_rate(self) -> float:
        """Rounds launched / rounds played (0.0 before the first round)."""
        return self.launches / self.rounds_played if self.rounds_played else 0.0


@dataclass(frozen=True)
class BestCargo:
    """The best cargo of the night: its total, who launched it, in which game and round."""

    cargo: int
    player: str
    game: int
    match: int
    round: int


@dataclass(frozen=True)
class NightStats:
    """A night's (or the whole journal's) numbers.

    ``night``: the night (``YYYY-MM-DD``) or None for every event. ``games``: games
    with at least one counted event then. ``players``: standings, best first (rounds
    won, then chips, then points). ``rounds``: every settled round; ``last_rounds`` the
    last :data:`LAST_ROUNDS`, oldest first.
    """

    night: str | None
    games: int
    throws: tuple[CountedThrow, ...]
    rounds: tuple[RoundLine, ...]
    players: tuple[PlayerTally, ...]
    best: BestCargo | None
    fairness: Fairness

    @property
    def last_rounds(self) -> tuple[RoundLine, ...]:
        return self.rounds[-LAST_ROUNDS:]

    @property
    def unit(self) -> str:
        """The stakes' unit of the latest round ("chip" without one)."""
        return self.rounds[-1].unit if self.rounds else "chip"


def _best_cargo(throws: Iterable[CountedThrow]) -> BestCargo | None:
    """The highest cargo a turn ended with (a re-thrown cargo is replaced)."""
    final: dict[tuple[int, int, int, str], CountedThrow] = {}
    best: BestCargo | None = None

    def consider(t: CountedThrow) -> None:
        nonlocal best
        if t.cargo is not None and (best is None or t.cargo > best.cargo):
            best = BestCargo(t.cargo, t.player, t.game, t.match, t.round)

    for t in throws:
        if t.kind not in ("bank", "cargo"):
            continue
        key = (t.game, t.match, t.round, t.player)
        if t.kind == "bank" and t.number == 1 and key in final:
            consider(final[key])  # a new turn (a reroll-turn tie-break) for this player
        final[key] = t
    for t in final.values():
        consider(t)
    return best


def _settle_chips(history: GameHistory, tonight: Sequence[bool],
                  chips: dict[str, int]) -> dict[str, int]:
    """Add to ``chips`` the chips won or lost in ``history``'s game at the steps where
    ``tonight`` is True: each player's chips moved since the pot was last empty, counted
    at the step that empties it. Returns the chips moved since then (the antes still in
    the pot, as negative amounts) by player."""
    pending: dict[str, int] = {}
    for name, delta in history.opening_chips:  # round 1's antes, paid as the game began
        pending[name] = pending.get(name, 0) + delta
    for step, counted in zip(history.steps, tonight, strict=True):
        for name, delta in step.chips:
            pending[name] = pending.get(name, 0) + delta
        if step.pot == 0:
            if counted:
                for name, delta in pending.items():
                    chips[name] = chips.get(name, 0) + delta
            pending = {}
    return {name: delta for name, delta in pending.items() if delta}


def night_stats(
    games: Iterable[LoggedGame | GameHistory],
    night: str | None = None,
    tz: tzinfo | None = None,
) -> NightStats:
    """The numbers of ``night`` (``YYYY-MM-DD``; None: every event) over ``games``.

    Raises:
        StatsError: a game does not replay.
    """
    throws: list[CountedThrow] = []
    rounds: list[RoundLine] = []
    chips: dict[str, int] = {}
    in_pot: dict[str, int] = {}
    order: list[str] = []
    played = 0
    for item in games:
        history = item if isinstance(item, GameHistory) else game_history(item)
        tonight = [night is None or night_of(s.at_s, tz) == night for s in history.steps]
        if not any(tonight):
            continue
        played += 1
        for name in history.game.players:
            if name not in order:
                order.append(name)
        for step, is_tonight in zip(history.steps, tonight, strict=True):
            if not is_tonight:
                continue
            if step.throw is not None:
                throws.append(step.throw)
            if step.round is not None:
                rounds.append(step.round)
        pending = _settle_chips(history, tonight, chips)
        if tonight[-1]:  # the pot as the game stands, if its last event is tonight's
            for name, delta in pending.items():
                in_pot[name] = in_pot.get(name, 0) - delta
    tallies = {name: PlayerTally(name, chips=chips.get(name, 0), in_pot=in_pot.get(name, 0))
               for name in order}
    for r in rounds:
        for name, _score in r.scores:
            t = tallies[name]
            tallies[name] = PlayerTally(
                name,
                rounds_won=t.rounds_won + (r.winner == name),
                rounds_played=t.rounds_played + 1,
                launches=t.launches + (name in r.launched),
                chips=t.chips,
                points=t.points + dict(r.points).get(name, 0),
                drinks=t.drinks + dict(r.drinks).get(name, 0),
                in_pot=t.in_pot,
            )
    standings = sorted(tallies.values(),
                       key=lambda t: (-t.rounds_won, -t.chips, -t.points, order.index(t.name)))
    faces = [0] * 6
    for counted in throws:
        for value in counted.dice:
            faces[value - 1] += 1
    return NightStats(
        night=night,
        games=played,
        throws=tuple(throws),
        rounds=tuple(rounds),
        players=tuple(standings),
        best=_best_cargo(throws),
        fairness=fairness(faces),
    )


def stats_json(stats: NightStats) -> dict[str, object]:
    """The ``companion stats --json`` object (issue 14's shape).

    ``{"dice": N, "faces": {"1": n1, ..., "6": n6}, "chi2": x, "p_value": p,
    "players": {NAME: {"rounds_won", "chips", "points", "launch_rate"}}}``; ``chips``
    is the net won (+) or lost (-) in the stakes' unit, counted when the pot is emptied
    (antes in a pot not yet won are neither: :attr:`PlayerTally.in_pot`).
    """
    fair = stats.fairness
    return {
        "dice": fair.dice,
        "faces": {str(face): fair.faces[face - 1] for face in range(1, 7)},
        "chi2": fair.chi2,
        "p_value": fair.p_value,
        "players": {
            t.name: {
                "rounds_won": t.rounds_won,
                "chips": t.chips,
                "points": t.points,
                "launch_rate": t.launch_rate,
            }
            for t in stats.players
        },
    }
