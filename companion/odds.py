"""Exact odds for Ship Captain Crew, as :class:`fractions.Fraction` (no simulation).

* :func:`launch_odds`: the chance of having launched within 1, 2 and 3 throws.
* :func:`expected_score`: the expected score of a turn under a policy:
  ``"optimal"`` (score-maximising), ``"stand"`` (stand at once) or ``"below-7"``
  (re-throw both cargo dice while the cargo is below 7).
* :func:`decision_odds`: at a decision point (a launched player with throws left),
  the chance of winning the round if the player stands versus re-throws.
* :func:`state_odds`: :func:`decision_odds` for the player to move in a game state.

All of them honour the rule options that change the odds (wild-ones, low-ship,
cargo-reroll-once, shifting-cargo, one-throw-bonus, unused-throw-bonus, ties);
claiming is mandatory (may-decline-six is never used) and every turn has 3 throws
(pace-setter is not modelled: :func:`state_odds` gives no odds where it caps the players
still to throw). Reference figures (RULES.md, standard rules):

>>> from companion.engine import Settings
>>> launch_odds(Settings())
(Fraction(205, 1296), Fraction(3589927, 10077696), Fraction(42314697971, 78364164096))
>>> expected_score(Settings(), "optimal")
Fraction(160042333703, 39182082048)
>>> [round(float(expected_score(Settings(), p)), 4) for p in ("stand", "below-7")]
[3.4837, 4.0621]

Method: the banking before launch has no choices, so it is a Markov chain over
(dice banked, throws left), enumerated exactly over the multisets of thrown dice;
after launch a player chooses to stand or re-throw, solved by backward induction.
Everything is computed in integers over a fixed denominator (6**19 per turn) and
turned into a Fraction at the end; results are cached per rule set, so a decision
point costs milliseconds after the first call for a rule set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Literal

from companion.engine import GameState, Phase, Settings, bank_dice

__all__ = [
    "DecisionOdds",
    "decision_odds",
    "expected_score",
    "launch_odds",
    "state_odds",
]

Policy = Literal["optimal", "stand", "below-7"]
#: A cargo as the odds see it: its sum, or the (higher, lower) pair under shifting-cargo.
Key = int | tuple[int, int]
Vec = tuple[int, ...]

#: Weights of a whole turn are integers over 6**15 (at most 15 dice are thrown before
#: launching); values of a launched state with r throws left are scaled by 36**r.
LAUNCH_SCALE = 6**15
TURN_SCALE = LAUNCH_SCALE * 36**2
#: Tie shares 1/t (t = 1..8) are exact over 840 = lcm(1..8).
SHARE_SCALE = 840
MAX_THROWS = 3


def _multisets(n: int) -> list[tuple[tuple[int, ...], int]]:
    """Every multiset of ``n`` dice with the number of ordered throws giving it."""
    out = []
    for combo in combinations_with_replacement(range(1, 7), n):
        weight = factorial(n)
        for v in set(combo):
            weight //= factorial(combo.count(v))
        out.append((combo, weight))
    return out


@dataclass(frozen=True)
class _Model:
    """The rule options that matter to the odds, and the launch chain they give."""

    required: tuple[int, int, int]
    wild_ones: bool
    shifting: bool
    reroll_once: bool
    unused: bool
    one_throw: int

    @property
    def max_score(self) -> int:
        return 12 + self.one_throw + (MAX_THROWS - 1 if self.unused else 0)

    def key(self, a: int, b: int) -> Key:
        hi, lo = (a, b) if a >= b else (b, a)
        return (hi, lo) if self.shifting else hi + lo

    @staticmethod
    def total(key: Key) -> int:
        return key if isinstance(key, int) else key[0] + key[1]


@lru_cache(maxsize=32)
def _launch_chain(model: _Model) -> tuple[dict[tuple[int, int, Key], int], tuple[int, ...]]:
    """Weights over 6**15 of launching with (throws left, one-throw bonus, cargo), and of
    having launched within 1, 2, 3 throws (cumulative)."""
    transitions: dict[int, dict[tuple[int, Key | None], int]] = {}
    for k in range(3):
        table: dict[tuple[int, Key | None], int] = {}
        for combo, weight in _multisets(5 - k):
            b = bank_dice(combo, k, model.required, model.wild_ones)
            after = k + len(b.banked)
            cargo = model.key(*b.rest) if after == 3 else None
            table[(after, cargo)] = table.get((after, cargo), 0) + weight
        transitions[k] = table
    launch: dict[tuple[int, int, Key], int] = {}
    by_throw: list[int] = []
    # Weights over 6**15 of not having launched yet, keyed by dice banked. A path
    # throws at most 15 dice, so the divisions below are exact.
    alive: dict[int, int] = {0: LAUNCH_SCALE}
    launched_total = 0
    for throw in range(1, MAX_THROWS + 1):
        nxt: dict[int, int] = {}
        for k, weight in alive.items():
            for (after, cargo), w in transitions[k].items():
                total, rest = divmod(weight * w, 6 ** (5 - k))
                assert rest == 0
                if after == 3:
                    assert cargo is not None
                    bonus = model.one_throw if k == 0 else 0
                    key = (MAX_THROWS - throw, bonus, cargo)
                    launch[key] = launch.get(key, 0) + total
                    launched_total += total
                else:
                    nxt[after] = nxt.get(after, 0) + total
        alive = nxt
        by_throw.append(launched_total)
    return launch, tuple(by_throw)


def _both(model: _Model) -> dict[Key, int]:
    """Outcomes of re-throwing both cargo dice, weights over 36."""
    out: dict[Key, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            k = model.key(a, b)
            out[k] = out.get(k, 0) + 1
    return out


_Choice = Callable[[Key, int, int], str]


class _Solver:
    """Backward induction over a launched turn, for a payoff vector per final score.

    ``pay[s]`` is a tuple of integers (the first component decides, the others are
    carried along the chosen actions). The value of a launched state with ``r`` throws
    left is scaled by 36**r; a whole turn by :data:`TURN_SCALE`.
    """

    def __init__(self, model: _Model) -> None:
        self.model = model
        self.launch, _ = _launch_chain(model)
        self.both = _both(model)
        self.keys = sorted(self.both, key=str)

    def turn_value(self, pay: Sequence[Vec], choice: _Choice | None = None) -> Vec:
        memo: dict[tuple[Key, int, int, bool], Vec] = {}
        rethrow: dict[tuple[str, int, int, int], Vec] = {}
        m = self.model
        size = len(pay[0])

        def scale(v: Vec, f: int) -> Vec:
            return tuple(x * f for x in v)

        def add(a: Vec, b: Vec) -> Vec:
            return tuple(x + y for x, y in zip(a, b, strict=True))

        def both(r: int, bonus: int) -> Vec:
            k = ("both", r, bonus, 0)
            if k not in rethrow:
                acc: Vec = (0,) * size
                for key, w in self.both.items():
                    acc = add(acc, scale(value(key, r - 1, bonus, True), w))
                rethrow[k] = acc
            return rethrow[k]

        def keep(die: int, r: int, bonus: int) -> Vec:
            k = ("keep", r, bonus, die)
            if k not in rethrow:
                acc: Vec = (0,) * size
                for x in range(1, 7):
                    acc = add(acc, scale(value(m.key(die, x), r - 1, bonus, True), 6))
                rethrow[k] = acc
            return rethrow[k]

        def value(key: Key, r: int, bonus: int, used: bool) -> Vec:
            k = (key, r, bonus, used)
            if k in memo:
                return memo[k]
            score = m.total(key) + bonus + (r if m.unused else 0)
            best = scale(pay[score], 36**r)
            if r > 0 and not (m.reroll_once and used):
                if choice is not None:
                    if choice(key, r, bonus) == "both":
                        best = both(r, bonus)
                else:
                    options = [both(r, bonus)]
                    if m.shifting:
                        assert isinstance(key, tuple)
                        options += [keep(d, r, bonus) for d in sorted(set(key), reverse=True)]
                    for option in options:
                        if option[0] > best[0]:  # a player indifferent stands
                            best = option
            memo[k] = best
            return best

        total: Vec = (0,) * size
        launched = 0
        for (r, bonus, key), w in self.launch.items():
            total = add(total, scale(value(key, r, bonus, False), w * 36 ** (2 - r)))
            launched += w
        return add(total, scale(pay[0], (LAUNCH_SCALE - launched) * 36**2))

    def decision(self, pay: Sequence[Vec], key: Key, r: int, bonus: int, used: bool
                 ) -> tuple[Vec, Vec | None, Vec | None]:
        """(stand, re-throw both, best single-die re-throw) values, each over 36**r."""
        m = self.model
        score = m.total(key) + bonus + (r if m.unused else 0)
        stand = tuple(x * 36**r for x in pay[score])
        if r == 0 or (m.reroll_once and used):
            return stand, None, None
        both = self._after_rethrow(pay, list(self.both.items()), r, bonus)
        one: Vec | None = None
        if m.shifting:
            assert isinstance(key, tuple)
            for d in sorted(set(key), reverse=True):
                v = self._after_rethrow(pay, [(m.key(d, x), 6) for x in range(1, 7)], r, bonus)
                if one is None or v[0] > one[0]:
                    one = v
        return stand, both, one

    def _after_rethrow(self, pay: Sequence[Vec], outcomes: list[tuple[Key, int]], r: int,
                       bonus: int) -> Vec:
        """Value over 36**r of re-throwing into ``outcomes`` (weights over 36) with r left."""
        m = self.model
        size = len(pay[0])
        memo: dict[tuple[Key, int], Vec] = {}

        def value(key: Key, left: int) -> Vec:
            k = (key, left)
            if k in memo:
                return memo[k]
            score = m.total(key) + bonus + (left if m.unused else 0)
            best: Vec = tuple(x * 36**left for x in pay[score])
            if left > 0 and not m.reroll_once:
                options: list[Vec] = []
                acc: Vec = (0,) * size
                for key2, w in self.both.items():
                    acc = tuple(a + w * b for a, b in zip(acc, value(key2, left - 1),
                                                         strict=True))
                options.append(acc)
                if m.shifting:
                    assert isinstance(key, tuple)
                    for d in sorted(set(key), reverse=True):
                        acc = (0,) * size
                        for x in range(1, 7):
                            acc = tuple(a + 6 * b for a, b in
                                        zip(acc, value(m.key(d, x), left - 1), strict=True))
                        options.append(acc)
                for option in options:
                    if option[0] > best[0]:
                        best = option
            memo[k] = best
            return best

        total: Vec = (0,) * size
        for key, w in outcomes:
            total = tuple(a + w * b for a, b in zip(total, value(key, r - 1), strict=True))
        return total


def _model(settings: Settings) -> _Model:
    return _Model(
        required=settings.required,
        wild_ones=settings.wild_ones,
        shifting=settings.shifting_cargo,
        reroll_once=settings.cargo_reroll_once,
        unused=settings.unused_throw_bonus,
        one_throw=settings.one_throw_bonus,
    )


@lru_cache(maxsize=32)
def _solver(model: _Model) -> _Solver:
    return _Solver(model)


def launch_odds(settings: Settings) -> tuple[Fraction, Fraction, Fraction]:
    """The chance of having launched within 1, 2 and 3 throws (mandatory claiming).

    Depends only on wild-ones (low-ship has the same odds as 6-5-4).

    >>> from companion.engine import settings_from_options
    >>> [round(float(p), 4) for p in launch_odds(settings_from_options("standard",
    ...                                                   {"wild-ones": True}))]
    [0.5486, 0.8276, 0.9402]
    """
    _, by_throw = _launch_chain(_model(settings))
    first, second, third = (Fraction(w, LAUNCH_SCALE) for w in by_throw)
    return first, second, third


def expected_score(settings: Settings, policy: Policy = "optimal") -> Fraction:
    """Expected score of one turn (0 when not launched, bonuses included).

    ``policy``: ``"optimal"`` re-throws whenever that raises the expected score
    (RULES.md: re-throw a cargo of 6 or less, and a 7 with two throws left);
    ``"stand"`` stands at once; ``"below-7"`` re-throws both cargo dice while the cargo
    is below 7 (the seeds' advice). Raises ValueError for another policy.
    """
    model = _model(settings)
    solver = _solver(model)
    top = model.max_score
    pay: list[Vec] = [(s,) for s in range(top + 1)]
    choice: _Choice | None
    if policy == "optimal":
        choice = None
    elif policy == "stand":
        def choice(key: Key, r: int, bonus: int) -> str:
            return "stand"
    elif policy == "below-7":
        def choice(key: Key, r: int, bonus: int) -> str:
            return "both" if model.total(key) < 7 else "stand"
    else:
        raise ValueError(f"unknown policy {policy!r}: choose optimal, stand or below-7")
    return Fraction(solver.turn_value(pay, choice)[0], TURN_SCALE)


@dataclass(frozen=True)
class DecisionOdds:
    """The chance of winning the round from a decision point.

    ``stand``: if the player stands now. ``rethrow``: if they re-throw both cargo
    dice (and play on as well as they can); None when no re-throw is allowed.
    ``rethrow_one``: under shifting-cargo, re-throwing one die (keeping the better one
    to keep); else None. ``best``: ``"stand"`` or ``"rethrow"`` (or ``"rethrow-one"``),
    the choice with the higher chance; standing when equal.
    """

    stand: Fraction
    rethrow: Fraction | None
    rethrow_one: Fraction | None = None

    @property
    def best(self) -> str:
        options = [("stand", self.stand), ("rethrow", self.rethrow),
                   ("rethrow-one", self.rethrow_one)]
        name, top = "stand", self.stand
        for n, v in options[1:]:
            if v is not None and v > top:
                name, top = n, v
        return name


class _WinTable:
    """Win chances when players after the decider play to win (backward induction).

    ``q(b, t, n)``: the chance that one of ``t`` players tied on the best score ``b``
    wins, with ``n`` players still to throw; an integer over
    ``SHARE_SCALE * TURN_SCALE**n``.
    """

    def __init__(self, model: _Model, share_ties: bool) -> None:
        self.model = model
        self.solver = _solver(model)
        self.share = share_ties
        self.memo: dict[tuple[int, int, int], int] = {}

    def q(self, b: int, t: int, n: int) -> int:
        k = (b, t, n)
        if k in self.memo:
            return self.memo[k]
        if n == 0:
            result = SHARE_SCALE // t if (t == 1 or self.share) else 0
        else:
            pay = self.payoff(b, t, n - 1, with_categories=True)
            _, less, equal = self.solver.turn_value(pay)
            result = less * self.q(b, t, n - 1) + equal * self.q(b, t + 1, n - 1)
        self.memo[k] = result
        return result

    def payoff(self, b: int, t: int, after: int, with_categories: bool = False) -> list[Vec]:
        """Payoff per final score for a player facing best ``b`` held by ``t`` players,
        with ``after`` players after them (components: win, score < b, score == b)."""
        out: list[Vec] = []
        for s in range(self.model.max_score + 1):
            if s == 0 or s < b:
                win = 0
            elif s == b:
                win = self.q(b, t + 1, after)
            else:
                win = self.q(s, 1, after)
            if with_categories:
                out.append((win, int(s < b or s == 0), int(s == b and b > 0)))
            else:
                out.append((win,))
        return out


@lru_cache(maxsize=16)
def _win_table(model: _Model, share_ties: bool) -> _WinTable:
    return _WinTable(model, share_ties)


def decision_odds(
    settings: Settings,
    cargo: int | tuple[int, int],
    throws_left: int,
    best: int = 0,
    players_after: int = 0,
    tied: int = 1,
    bonus: int = 0,
    rethrows_used: int = 0,
) -> DecisionOdds:
    """The chance of winning the round if the player stands versus re-throws.

    The player has launched with ``cargo`` (a sum 2..12; under shifting-cargo the
    two dice, higher first) and ``throws_left`` (0..2) throws; ``best`` is the best
    score already posted this round (0 if nobody launched yet) by ``tied`` players;
    ``players_after`` players are still to throw; ``bonus`` is a one-throw bonus
    already earned; ``rethrows_used`` counts cargo re-throws (cargo-reroll-once).

    Assumptions: every player still to throw plays a full turn of 3 throws and,
    knowing every score posted before them and how many players follow, plays to
    maximise their own chance of winning the round, assuming the same of those after
    them (backward induction); a player for whom standing and re-throwing are equally
    good stands. The decider also plays on that way after a re-throw. A tie for the
    best score is shared equally (cargo-reroll and reroll-turn tie-breaks are fair)
    or, under carry and nobody-scores, wins nothing. Raises ValueError for
    impossible inputs.

    >>> from companion.engine import Settings
    >>> d = decision_odds(Settings(), cargo=7, throws_left=1, best=0, players_after=1)
    >>> d.best, round(float(d.stand), 4), round(float(d.rethrow), 4)
    ('rethrow', 0.6585, 0.6801)
    """
    model = _model(settings)
    if isinstance(cargo, tuple):
        if len(cargo) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in cargo):
            raise ValueError(f"cargo dice are two values 1 to 6, not {cargo!r}")
        key: Key = model.key(*cargo)
    else:
        if model.shifting:
            raise ValueError("under shifting-cargo give the two cargo dice, e.g. 6+1")
        if not isinstance(cargo, int) or not 2 <= cargo <= 12:
            raise ValueError(f"cargo is 2 to 12, not {cargo!r}")
        key = cargo
    if not 0 <= throws_left <= MAX_THROWS - 1:
        raise ValueError(f"throws left after launching are 0 to 2, not {throws_left}")
    if not 0 <= players_after <= 7:
        raise ValueError(f"players still to throw are 0 to 7, not {players_after}")
    if not 0 <= best <= model.max_score or best == 1:
        raise ValueError(f"the best score posted is 0 (none) or 2 to {model.max_score}, "
                         f"not {best}")
    if best > 0 and not 1 <= tied <= 7:
        raise ValueError(f"players tied on the best score are 1 to 7, not {tied}")
    if bonus not in (0, model.one_throw):
        raise ValueError(f"the one-throw bonus earned is 0 or {model.one_throw}, not {bonus}")
    table = _win_table(model, settings.ties in ("cargo-reroll", "reroll-turn"))
    pay = table.payoff(best, tied, players_after)
    stand, both, one = table.solver.decision(pay, key, throws_left, bonus, rethrows_used > 0)
    den = SHARE_SCALE * TURN_SCALE**players_after * 36**throws_left
    return DecisionOdds(
        stand=Fraction(stand[0], den),
        rethrow=None if both is None else Fraction(both[0], den),
        rethrow_one=None if one is None else Fraction(one[0], den),
    )


def state_odds(state: GameState) -> DecisionOdds | None:
    """:func:`decision_odds` for the player to move, or None when there is no decision.

    A decision exists in a regular turn once the player has launched with throws
    left; best score, ties and players after are read from the round so far.

    Under pace-setter (RULES.md; seed 002) the odds are None unless the players still
    to throw keep all 3 throws (the round's first player used 3): the model gives every
    later player 3 throws, and for the round's first player the choice itself sets the
    others' cap, which it does not weigh; nor for a player whose turn pace-setter
    capped under unused-throw-bonus (the throws taken away count as unused). No odds
    is better than misleading odds.
    """
    turn = state.turn
    if state.phase is not Phase.TURN or turn is None or not turn.launched or turn.over:
        return None
    if turn.throws_left == 0 or turn.cargo is None:
        return None
    after = len(state.order) - len(state.round_turns) - 1
    first_used = state.round_turns[0].throws_used if state.round_turns else 0
    if state.settings.pace_setter and after > 0 and first_used < MAX_THROWS:
        return None
    if state.settings.unused_throw_bonus and turn.max_throws < MAX_THROWS:
        return None  # the throws pace-setter took away count as unused: not modelled
    posted = [t.score for t in state.round_turns if t.launched]
    best = max(posted, default=0)
    tied = posted.count(best) if best else 1
    cargo: int | tuple[int, int] = turn.cargo if state.settings.shifting_cargo else sum(turn.cargo)
    return decision_odds(
        state.settings, cargo, min(turn.throws_left, MAX_THROWS - 1), best, after,
        min(tied, 7), turn.one_throw_bonus, turn.cargo_rethrows,
    )
