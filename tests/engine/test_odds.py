"""Exact odds: RULES.md's reference figures, an independent brute force, a seeded
simulation through the engine itself."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from companion import odds
from companion.engine import (
    Phase,
    Settings,
    Stand,
    Throw,
    apply,
    bank_dice,
    new_game,
    settings_from_options,
)
from companion.odds import decision_odds, expected_score, launch_odds, state_odds

STANDARD = Settings()


def test_reference_launch_figures_exactly() -> None:
    first, second, third = launch_odds(STANDARD)
    assert first == Fraction(205, 1296)
    assert second == Fraction(3589927, 10077696)
    assert third == Fraction(42314697971, 78364164096)
    assert (round(float(first), 6), round(float(second), 6), round(float(third), 6)) == (
        0.158179, 0.356225, 0.539975
    )


def test_reference_expected_scores() -> None:
    assert expected_score(STANDARD, "optimal") == Fraction(160042333703, 39182082048)
    assert round(float(expected_score(STANDARD, "optimal")), 4) == 4.0846
    assert round(float(expected_score(STANDARD, "stand")), 4) == 3.4837
    assert round(float(expected_score(STANDARD, "below-7")), 4) == 4.0621
    with pytest.raises(ValueError, match="unknown policy"):
        expected_score(STANDARD, "always")  # type: ignore[arg-type]


def test_optimal_policy_is_the_one_rules_md_states() -> None:
    # Re-throw cargo of 6 or less, and a 7 when two throws remain.
    model = odds._model(STANDARD)
    solver = odds._solver(model)

    def stated(key: odds.Key, r: int, bonus: int) -> str:
        total = model.total(key)
        return "both" if total <= 6 or (total == 7 and r == 2) else "stand"

    pay = [(s,) for s in range(13)]
    assert solver.turn_value(pay, stated) == solver.turn_value(pay)


def test_low_ship_mirrors_the_dice() -> None:
    # 1-2-3 is 6-5-4 seen upside down (v -> 7 - v): the same launch odds, but the cargo
    # left in the launching throw is mirrored, so standing at once scores 14 - x.
    low = settings_from_options("standard", {"low-ship": True})
    assert launch_odds(low) == launch_odds(STANDARD)
    p3 = launch_odds(STANDARD)[2]
    assert expected_score(low, "stand") == 14 * p3 - expected_score(STANDARD, "stand")
    assert expected_score(low) > expected_score(STANDARD)


def test_options_change_the_odds_in_the_right_direction() -> None:
    def e(**opts: object) -> Fraction:
        return expected_score(settings_from_options(
            "standard", {k.replace("_", "-"): v for k, v in opts.items()}))

    base = e()
    assert e(wild_ones=True) > base
    assert e(cargo_reroll_once=True) < base
    assert e(shifting_cargo=True) > base
    assert e(unused_throw_bonus=True) > base
    # The bonus is earned by banking all three in one throw, on any of the 3 throws:
    # P = P(6-5-4 from five dice) * (1 + P(no 6) + P(no 6)**2).
    one = launch_odds(STANDARD)[0]
    no_six = Fraction(5, 6) ** 5
    assert e(one_throw_bonus=2) == base + 2 * one * (1 + no_six + no_six**2)


# -- an independent brute force for one player after -------------------------------


@cache
def _later_player_payoff_value(target: int, share: Fraction) -> Fraction:
    """Max over policies of P(score > target) + share * P(score == target), by plain
    recursion over ordered dice with the engine's banking rule (standard rules)."""

    def pay(score: int) -> Fraction:
        if score == 0:
            return Fraction(0)
        if score > target:
            return Fraction(1)
        return share if score == target else Fraction(0)

    @cache
    def launched(cargo: int, left: int) -> Fraction:
        stand = pay(cargo)
        if left == 0:
            return stand
        again = sum((launched(a + b, left - 1) for a, b in product(range(1, 7), repeat=2)),
                    Fraction(0)) / 36
        return max(stand, again)

    @cache
    def seeking(banked: int, left: int) -> Fraction:
        if left == 0:
            return Fraction(0)
        total = Fraction(0)
        outcomes = list(product(range(1, 7), repeat=5 - banked))
        for dice in outcomes:
            b = bank_dice(dice, banked)
            after = banked + len(b.banked)
            if after == 3:
                total += launched(sum(b.rest), left - 1)
            else:
                total += seeking(after, left - 1)
        return total / len(outcomes)

    return seeking(0, 3)


@pytest.mark.parametrize(("cargo", "left"), [(7, 1), (9, 1), (5, 2), (7, 2)])
def test_decision_with_one_player_after_matches_brute_force(cargo: int, left: int) -> None:
    half = Fraction(1, 2)

    def win_if_final(score: int) -> Fraction:
        return 1 - _later_player_payoff_value(score, half)

    d = decision_odds(STANDARD, cargo, left, best=0, players_after=1)
    assert d.stand == win_if_final(cargo)

    @cache
    def mine(c: int, r: int) -> Fraction:
        stand = win_if_final(c)
        if r == 0:
            return stand
        again = sum((mine(a + b, r - 1) for a, b in product(range(1, 7), repeat=2)),
                    Fraction(0)) / 36
        return max(stand, again)

    again = sum((mine(a + b, left - 1) for a, b in product(range(1, 7), repeat=2)),
                Fraction(0)) / 36
    assert d.rethrow == again


def test_decision_edge_cases() -> None:
    # Nobody after and the best already beaten: standing wins for sure.
    d = decision_odds(STANDARD, 9, 1, best=8, players_after=0)
    assert d.stand == 1 and d.best == "stand"
    assert d.rethrow == Fraction(10, 36) + Fraction(5, 36) / 2  # 9+ wins, 8 ties
    # A cargo below the best must re-throw to have any chance.
    d = decision_odds(STANDARD, 5, 1, best=8, players_after=0)
    assert d.stand == 0 and d.rethrow == Fraction(10, 36) + Fraction(5, 36) / 2
    # Under carry a tie wins nothing.
    carry = settings_from_options("standard", {"ties": "carry"})
    assert decision_odds(carry, 8, 1, best=8, players_after=0).stand == 0
    assert decision_odds(STANDARD, 8, 1, best=8, players_after=0).stand == Fraction(1, 2)
    assert decision_odds(STANDARD, 8, 1, best=8, tied=2, players_after=0).stand == Fraction(1, 3)
    # No throws left: no re-throw.
    assert decision_odds(STANDARD, 8, 0, best=0, players_after=2).rethrow is None
    # cargo-reroll-once after a re-throw: no more.
    once = settings_from_options("standard", {"cargo-reroll-once": True})
    assert decision_odds(once, 8, 1, rethrows_used=1).rethrow is None


def test_more_players_after_lower_the_chance() -> None:
    chances = [decision_odds(STANDARD, 9, 1, players_after=n).stand for n in range(8)]
    assert chances == sorted(chances, reverse=True) and chances[0] == 1


def test_shifting_cargo_decision_needs_the_dice() -> None:
    shifting = settings_from_options("standard", {"shifting-cargo": True})
    d = decision_odds(shifting, (6, 1), 1, best=8, players_after=0)
    # Keeping the 6 and throwing one die: 3, 4, 5, 6 beat 8, 2 ties.
    assert d.rethrow_one == Fraction(4, 6) + Fraction(1, 6) / 2
    assert d.best == "rethrow-one"
    with pytest.raises(ValueError, match="two cargo dice"):
        decision_odds(shifting, 7, 1)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"cargo": 13, "throws_left": 1}, "cargo is 2 to 12"),
        ({"cargo": 7, "throws_left": 3}, "throws left"),
        ({"cargo": 7, "throws_left": 1, "players_after": 8}, "players still to throw"),
        ({"cargo": 7, "throws_left": 1, "best": 1}, "best score posted"),
        ({"cargo": 7, "throws_left": 1, "bonus": 5}, "one-throw bonus"),
    ],
)
def test_decision_bad_inputs(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        decision_odds(STANDARD, **kwargs)


def test_state_odds_reads_the_round() -> None:
    g = new_game(settings_from_options("standard", {"first-player": "named"}),
                 ["Ann", "Bob", "Cy"])
    assert state_odds(g) is None
    g = apply(apply(g, Throw((6, 5, 4, 4, 4))), Stand())  # Ann posts 8
    g = apply(g, Throw((6, 5, 4, 3, 4)))  # Bob launched with 7, two throws left
    d = state_odds(g)
    assert d == decision_odds(g.settings, 7, 2, best=8, players_after=1)
    assert d is not None and d.stand == 0


# -- a seeded simulation through the engine ----------------------------------------


def test_simulation_agrees_with_the_exact_odds() -> None:
    rng = random.Random(20240601)
    settings = settings_from_options("standard", {"first-player": "named"})
    turns = 4000
    launched_by = [0, 0, 0]
    total_score = 0
    state = new_game(settings, ["A", "B"])
    for _ in range(turns):
        # One turn of A under the "re-throw below 7" policy, through the engine.
        while state.current_player == "A":
            turn = state.turn
            assert turn is not None
            if turn.launched and turn.cargo_total >= 7:
                state = apply(state, Stand())
                continue
            dice = tuple(rng.randint(1, 6) for _ in range(state.dice_to_throw))
            state = apply(state, Throw(dice))
        finished = state.round_turns[0]
        if finished.launched:
            first = next(i for i, t in enumerate(finished.throws) if len(t.banked) and
                         sum(len(x.banked) for x in finished.throws[: i + 1]) == 3)
            for k in range(first, 3):
                launched_by[k] += 1
        total_score += finished.score
        state = new_game(settings, ["A", "B"])
    exact = launch_odds(settings)
    for k in range(3):
        p = float(exact[k])
        se = (p * (1 - p) / turns) ** 0.5
        assert abs(launched_by[k] / turns - p) < 4 * se, (k, launched_by[k] / turns, p)
    mean = total_score / turns
    assert abs(mean - float(expected_score(settings, "below-7"))) < 4 * 4.5 / turns**0.5
    assert state.phase is Phase.TURN


def test_wild_ones_simulation() -> None:
    rng = random.Random(7)
    settings = settings_from_options("standard", {"wild-ones": True})
    n = 20000
    hits = 0
    for _ in range(n):
        banked = 0
        for _throw in range(3):
            dice = tuple(rng.randint(1, 6) for _ in range(5 - banked))
            banked += len(bank_dice(dice, banked, wild_ones=True).banked)
            if banked == 3:
                hits += 1
                break
    p = float(launch_odds(settings)[2])
    assert abs(hits / n - p) < 4 * (p * (1 - p) / n) ** 0.5


def test_state_odds_under_pace_setter_only_when_nobody_after_is_capped() -> None:
    rules = settings_from_options("standard", {"first-player": "named", "pace-setter": True})
    miss = (1, 2, 3, 3, 2)
    g = new_game(rules, ["Ann", "Bob", "Cy"])
    g = apply(g, Throw((6, 5, 4, 4, 4)))  # Ann launched: her stand would cap Bob and Cy
    assert g.turn is not None and g.turn.launched and state_odds(g) is None
    g = new_game(rules, ["Ann", "Bob", "Cy"])
    g = apply(apply(apply(g, Throw(miss)), Throw((6, 5, 4, 4, 4))), Stand())  # 2 throws
    g = apply(g, Throw((6, 5, 4, 3, 4)))  # Bob launched, 1 throw left; Cy capped at 2
    assert g.turn is not None and g.turn.launched and g.turn.throws_left == 1
    assert state_odds(g) is None
    # the last player caps nobody: odds with their own (capped) throws left
    g = new_game(rules, ["Ann", "Bob"])
    g = apply(apply(apply(g, Throw(miss)), Throw((6, 5, 4, 4, 4))), Stand())
    g = apply(g, Throw((6, 5, 4, 3, 4)))
    assert state_odds(g) == decision_odds(g.settings, 7, 1, best=8, players_after=0)
    # Ann uses all 3 throws: nobody is capped, the odds are the standard model's
    g = new_game(rules, ["Ann", "Bob", "Cy"])
    for dice in (miss, miss, (6, 5, 4, 4, 4)):
        g = apply(g, Throw(dice))
    g = apply(g, Throw((6, 5, 4, 3, 4)))  # Bob launched with 7, two throws left
    assert g.round_turns[0].throws_used == 3
    assert state_odds(g) == decision_odds(g.settings, 7, 2, best=8, players_after=1)
