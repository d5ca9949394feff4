"""The rules the rule book leaves open, as decided in docs/RULES.md ("Decisions")."""

from __future__ import annotations

from companion.engine import Phase
from companion.odds import state_odds

from .helpers import game, play, start

UNUSED = {"unused-throw-bonus": True}


# -- (a) unused-throw-bonus: every one of the turn's 3 throws not thrown counts -------
def test_a_unused_throws_count_whatever_ended_the_turn() -> None:
    # standing after throw 1 (seed 003's example): 2 unused
    assert game("66541 S", options=UNUSED).round_turns[0].unused_throw_bonus == 2
    # cargo-reroll-once ends the turn after its one re-throw on throw 2: 1 unused
    opts = {**UNUSED, "cargo-reroll-once": True}
    turn = game("66541 33", options=opts).round_turns[0]
    assert (turn.over, turn.stood, turn.unused_throw_bonus, turn.score) == (True, False, 1, 7)
    # pace-setter: Ann launched on throw 1 and stood, so Bob has 1 throw; his launch on
    # it leaves the 2 throws pace-setter took away unused, as Ann's stand did
    opts = {**UNUSED, "pace-setter": True}
    g = game("66541 S 66541", options=opts)
    ann, bob = g.round_turns
    assert bob.max_throws == 1 and not bob.stood
    assert (ann.unused_throw_bonus, bob.unused_throw_bonus) == (2, 2)
    assert ann.score == bob.score == 9  # the same feat, the same score
    # launching on the last of 3 throws leaves none
    assert game("11111 11111 66541", options=UNUSED).round_turns[0].unused_throw_bonus == 0


def test_a_the_stand_score_shown_before_standing_counts_the_same_throws() -> None:
    opts = {**UNUSED, "pace-setter": True}
    g = game("66541 S 65411", options=opts)  # Bob launched on his only throw
    assert g.round_turns[1].score == 2 + 2
    g = game("61111 5411 S", options=UNUSED)  # launched on throw 2, stood: 1 unused
    assert g.round_turns[0].unused_throw_bonus == 1
    g = game("61111 5411", options=UNUSED)
    assert g.turn is not None and g.turn.stand_score == 2 + 1


def test_a_no_odds_where_the_model_would_miss_the_capped_throws() -> None:
    # Ann used 2 throws, so Bob has 2; he launched on his first: stand or re-throw?
    tokens = "61111 5431 S 66541"
    plain = play(start("standard", {"pace-setter": True}, ("Ann", "Bob")), tokens)
    assert plain.turn is not None and plain.turn.max_throws == 2
    assert state_odds(plain) is not None  # the last player: the model covers it
    opts = {**UNUSED, "pace-setter": True}
    capped = play(start("standard", opts, ("Ann", "Bob")), tokens)
    assert capped.turn is not None and capped.turn.stand_score == 7 + 2
    assert state_odds(capped) is None  # his capped-away throw is a bonus it does not model


# -- (b) a target match ends when a player reaches the target (>= T) --------------------
def test_b_reaching_the_target_exactly_wins() -> None:
    opts = {"stakes": "points", "match": "target", "target": 12, "scoring": "every-player"}
    g = game("65466 S 65432 S", options=opts)  # Ann 12 = T exactly, Bob 5
    assert g.phase is Phase.MATCH_OVER and g.winners == ("Ann",)
    g = game("65465 S 65432 S", options=opts)  # Ann 11: one short
    assert g.phase is Phase.ROUND_OVER and not g.winners


def test_b_level_at_the_top_on_the_target_plays_on() -> None:
    opts = {"stakes": "points", "match": "target", "target": 12, "scoring": "every-player"}
    g = game("65466 S 65466 S", options={**opts, "ties": "nobody-scores"})
    assert g.phase is not Phase.MATCH_OVER


# -- (c) bonus points count in the round: the highest score (cargo + bonuses) wins -------
def test_c_a_one_throw_bonus_decides_the_round() -> None:
    # Ann 6 5 4 3 3 in one throw: cargo 6 + bonus 2 = 8 beats Bob's cargo 7
    g = game("65433 S 61111 5425 S", options={"one-throw-bonus": 2})
    result = g.round_results[-1]
    assert dict(result.scores) == {"Ann": 8, "Bob": 7}
    assert result.winner == "Ann" and g.winners == ("Ann",)


def test_c_an_unused_throw_bonus_decides_the_round_and_can_tie_it() -> None:
    # Ann launches on throw 1 with cargo 6 and stands: 6 + 2 = 8; Bob cargo 8 on throw 3
    g = game("65433 S 11111 11111 65444", options={**UNUSED, "ties": "carry"})
    assert dict(g.round_results[-1].scores) == {"Ann": 8, "Bob": 8}
    assert g.round_results[-1].winner is None  # a tie, carried: cargo alone does not break it
