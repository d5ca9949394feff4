"""The House seat (:mod:`companion.house`): it chooses by the exact odds and says so."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.engine import (
    GameState,
    Phase,
    Stand,
    Throw,
    apply,
    new_game,
    settings_from_options,
)
from companion.house import house_decision, is_house
from companion.odds import decision_odds, state_odds


def _play(players: list[str], *events: Throw | Stand, **options: object) -> GameState:
    state = new_game(settings_from_options("standard", {"first-player": "named", **options}),
                     players)
    for event in events:
        state = apply(state, event)
    return state


def test_the_house_stands_when_standing_wins_and_says_its_chance() -> None:
    # Ann stood on 6; the House launched with 6 + 2 = 8 on its first throw: standing wins
    state = _play(["Ann", "House"], Throw((6, 5, 4, 3, 3)), Stand(), Throw((6, 5, 4, 6, 2)))
    decision = house_decision(state)
    assert decision is not None
    assert (decision.action, decision.chance, decision.dice) == ("stand", 1, 0)
    assert decision.text == "House stands on 8: 100 % to win"


def test_the_house_rethrows_when_behind_with_the_exact_chance() -> None:
    state = _play(["Ann", "House"], Throw((6, 5, 4, 3, 3)), Stand(), Throw((6, 5, 4, 2, 1)))
    decision = house_decision(state)
    assert decision is not None and decision.action == "rethrow" and decision.dice == 2
    # one re-throw left after this one: beat 6 (21/36) or tie it (5/36, a cargo
    # tie-break: even) now, else (or on a tie, if better) once more
    one = Fraction(21, 36) + Fraction(5, 36) / 2
    two = Fraction(21, 36) + Fraction(5, 36) * max(Fraction(1, 2), one) + Fraction(10, 36) * one
    assert decision.chance == two
    assert decision.text == ("House re-throws the cargo (2 + 1): 86 % to win "
                             "(standing on 3: 0 %): throw 2 dice for the House")


def test_the_house_as_first_player_weighs_the_players_after_it() -> None:
    # first to throw, cargo 5 + 3 = 8 with 2 throws left and one player after it
    state = _play(["House", "Ann"], Throw((6, 5, 4, 5, 3)))
    odds = decision_odds(state.settings, 8, 2, best=0, players_after=1)
    decision = house_decision(state)
    assert decision is not None and odds.rethrow is not None
    assert decision.chance == max(odds.stand, odds.rethrow)
    assert decision.action == ("stand" if odds.stand >= odds.rethrow else "rethrow")


def test_under_shifting_cargo_the_house_may_keep_one_die() -> None:
    state = _play(["House", "Ann"], Throw((6, 5, 4, 6, 1)), **{"shifting-cargo": True})
    decision = house_decision(state)
    odds = state_odds(state)
    assert decision is not None and odds is not None and odds.rethrow_one is not None
    assert decision.action == "rethrow-one" and decision.dice == 1
    assert decision.chance == odds.rethrow_one > odds.stand
    assert decision.text.startswith("House re-throws the 1, keeps the 6: 87 % to win")


def test_no_decision_for_others_before_launching_or_after_the_turn() -> None:
    assert house_decision(_play(["Ann", "House"], Throw((6, 5, 4, 3, 3)))) is None  # Ann's
    assert house_decision(_play(["House", "Ann"], Throw((6, 3, 3, 2, 2)))) is None  # no crew
    last = _play(["House", "Ann"], Throw((6, 3, 3, 2, 2)), Throw((5, 4, 1, 1)), Throw((2, 2)))
    assert last.current_player == "Ann" and house_decision(last) is None  # turn over
    assert is_house("house") and is_house(" HOUSE ") and not is_house("Houseboat")


def test_in_a_tie_break_turn_the_house_stands_on_seven_or_more() -> None:
    # both stand on 7; reroll-turn: the House plays a whole turn again, no odds model
    state = _play(["Ann", "House"], Throw((6, 5, 4, 4, 3)), Stand(), Throw((6, 5, 4, 5, 2)),
                  Stand(), Throw((6, 5, 4, 1, 1)), Stand(), Throw((6, 5, 4, 6, 1)),
                  ties="reroll-turn")
    assert state.phase is Phase.TIE_BREAK and state.current_player == "House"
    decision = house_decision(state)
    assert decision is not None and decision.chance is None
    assert decision.text == "House stands on 7 (7 or more stands)"


def test_a_practice_game_against_the_house_plays_out_by_its_choices() -> None:
    """One person against the House, 200 rounds of random dice: the House only ever
    stands where its odds say standing is at least as good, and every round settles."""
    rng = random.Random(14)
    state = _play(["Ann", "House"])
    decisions = 0
    for _ in range(200):
        while state.can_throw:
            decision = house_decision(state)
            if decision is not None:
                decisions += 1
                odds = state_odds(state)
                assert odds is not None
                assert decision.chance == max(v for v in (odds.stand, odds.rethrow,
                                                          odds.rethrow_one) if v is not None)
                if decision.action == "stand":
                    state = apply(state, Stand())
                    continue
            elif state.can_stand and rng.random() < 0.5:  # Ann plays as she likes
                state = apply(state, Stand())
                continue
            n = state.dice_to_throw
            state = apply(state, Throw(tuple(rng.randint(1, 6) for _ in range(n))))
        assert state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)
        from companion.engine import NextRound

        state = apply(state, NextRound())
    assert decisions > 50
    assert sum(p.chips for p in state.players) == -state.pot


@pytest.mark.parametrize("cargo", [(6, 6), (4, 3), (1, 1)])
def test_the_house_chance_is_the_better_of_its_choices(cargo: tuple[int, int]) -> None:
    state = _play(["House", "Ann", "Bob"], Throw((6, 5, 4, *cargo)))
    decision = house_decision(state)
    odds = state_odds(state)
    assert decision is not None and odds is not None and odds.rethrow is not None
    assert decision.chance == max(odds.stand, odds.rethrow)
