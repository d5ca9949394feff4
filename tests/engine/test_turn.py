"""One turn: banking in order, cargo, scores, and every dice house rule (worked examples)."""

from __future__ import annotations

from companion.engine import Phase, Stand, Throw, apply

from .helpers import game, start


def test_seed_002_worked_example_cargo_seven_with_one_throw_left() -> None:
    # 002: 6 4 3 3 1 banks the 6 (the 4 is useless without a 5); 6 5 4 1 banks 5 and 4.
    g = game("64331")
    assert g.turn is not None
    assert g.turn.banked == (6,)
    assert g.turn.throws[0].explanation == "6 banked as ship; the 4 waits for a captain"
    assert g.dice_to_throw == 4
    g = game("64331 6541")
    assert g.turn is not None
    assert g.turn.banked == (6, 5, 4)
    assert g.turn.cargo == (6, 1)
    assert g.turn.cargo_total == 7
    assert g.turn.throws_left == 1
    assert g.turn.launched and not g.turn.over
    assert g.dice_to_throw == 2
    assert g.can_stand and g.can_throw
    assert "launched: cargo 6 + 1 = 7" in g.turn.throws[1].explanation


def test_issue_example_rethrow_cargo_to_six() -> None:
    g = game("64331 6541 33")
    first = g.round_turns[0]
    assert first.player == "Ann" and first.over and not first.stood
    assert first.cargo == (3, 3) and first.score == 6
    assert [t.banked for t in first.throws] == [(6,), (5, 4), ()]
    assert g.current_player == "Bob" and g.dice_to_throw == 5


def test_seed_000_six_five_four_in_one_throw_and_cargo_must_be_accepted() -> None:
    g = game("65432")
    assert g.turn is not None and g.turn.banked == (6, 5, 4) and g.turn.cargo == (3, 2)
    g = game("65432 11")  # the new cargo must be accepted, even if lower
    assert g.turn is not None and g.turn.cargo == (1, 1) and g.turn.stand_score == 2
    g = play_to_end = game("65432 11 S")
    assert play_to_end.round_turns[0].score == 2
    assert g.current_player == "Bob"


def test_seed_001_two_banked_three_rethrown() -> None:
    g = game("65322")
    assert g.turn is not None and g.turn.banked == (6, 5) and g.dice_to_throw == 3


def test_seed_004_no_six_banks_nothing() -> None:
    g = game("55443")
    assert g.turn is not None and g.turn.banked == () and g.dice_to_throw == 5
    assert g.turn.throws[0].explanation == (
        "no 6 for the ship: nothing banked; the 5 and 4 wait for a ship"
    )


def test_second_six_is_not_a_captain() -> None:
    g = game("66321")
    assert g.turn is not None and g.turn.banked == (6,)
    assert "the other 6 stays in play" in g.turn.throws[0].explanation
    assert g.dice_to_throw == 4


def test_not_launched_after_three_throws_scores_zero_and_passes_play() -> None:
    g = game("11111 22222 33333")
    t = g.round_turns[0]
    assert t.over and not t.launched and t.score == 0 and t.throws_used == 3
    assert "not launched after the last throw: score 0" in t.throws[-1].explanation
    assert g.current_player == "Bob"
    assert g.last_turn is t  # the display can still show Ann's last throw


def test_launch_on_last_throw_ends_turn() -> None:
    g = game("11111 22222 65432")
    t = g.round_turns[0]
    assert t.launched and t.over and t.score == 5
    assert g.current_player == "Bob"


def test_stand_ends_the_turn_and_play_passes() -> None:
    g = game("65444 S")
    t = g.round_turns[0]
    assert t.stood and t.score == 8 and t.throws_left == 0
    assert g.current_player == "Bob"


def test_unused_throw_bonus_seed_003_example() -> None:
    # 003: 6 6 5 4 1 on the first throw, stand: 7 points + 2 unused throws = 9.
    g = game("66541 S", options={"unused-throw-bonus": True})
    t = g.round_turns[0]
    assert t.score == 9 and t.unused_throw_bonus == 2 and t.cargo_total == 7
    # Standing after one cargo re-throw leaves one unused throw.
    g = game("66541 33 S", options={"unused-throw-bonus": True})
    assert g.round_turns[0].score == 7
    # Launching on the last throw leaves none.
    g = game("11111 11111 66541", options={"unused-throw-bonus": True})
    assert g.round_turns[0].score == 7
    # Off by default.
    assert game("66541 S").round_turns[0].score == 7


def test_stand_score_shows_the_bonus_before_standing() -> None:
    g = game("66541", options={"unused-throw-bonus": True})
    assert g.turn is not None and g.turn.stand_score == 9 and g.turn.score == 7


def test_one_throw_bonus() -> None:
    g = game("65432 S", options={"one-throw-bonus": 2})
    assert g.round_turns[0].score == 7 and g.round_turns[0].one_throw_bonus == 2
    g = game("65432 11 S", options={"one-throw-bonus": 2})
    assert g.round_turns[0].score == 4  # the bonus stays after a cargo re-throw
    g = game("61111 5432 S", options={"one-throw-bonus": 2})
    assert g.round_turns[0].score == 5  # banked over two throws: no bonus
    g = game("11111 65432 S", options={"one-throw-bonus": 3})
    assert g.round_turns[0].score == 8  # all three in one throw, not the first throw


def test_wild_ones_naturals_first() -> None:
    # RULES.md: 6 5 4 1 1 banks the naturals, cargo 1 + 1.
    g = game("65411", options={"wild-ones": True})
    assert g.turn is not None and g.turn.banked == (6, 5, 4) and g.turn.cargo == (1, 1)
    # A 1 stands in for a missing ship, then natural captain and crew.
    g = game("15433", options={"wild-ones": True})
    assert g.turn is not None and g.turn.banked == (1, 5, 4) and g.turn.cargo == (3, 3)
    assert g.turn.throws[0].explanation == (
        "banked 1 as ship (wild one: no 6 in the throw), 5 as captain, 4 as crew; "
        "launched: cargo 3 + 3 = 6"
    )
    # Two 1s stand in for captain and crew.
    g = game("61132", options={"wild-ones": True})
    assert g.turn is not None and g.turn.banked == (6, 1, 1) and g.turn.cargo == (3, 2)
    # Without wild-ones a 1 is just a 1.
    g = game("15433")
    assert g.turn is not None and g.turn.banked == ()


def test_low_ship_requires_one_two_three() -> None:
    g = game("12366", options={"low-ship": True})
    assert g.turn is not None and g.turn.banked == (1, 2, 3) and g.turn.cargo == (6, 6)
    g = game("65432", options={"low-ship": True})
    assert g.turn is not None and g.turn.banked == ()
    assert g.turn.throws[0].explanation.startswith("no 1 for the ship")
    g = game("13456 2344", options={"low-ship": True})
    assert g.turn is not None and g.turn.banked == (1, 2, 3) and g.turn.cargo == (4, 4)


def test_cargo_reroll_once_ends_the_turn_after_one_rethrow() -> None:
    g = game("65432 11", options={"cargo-reroll-once": True})
    t = g.round_turns[0]
    assert t.over and t.score == 2 and t.throws_used == 2
    assert "cargo-reroll-once" in t.throws[-1].explanation
    assert g.current_player == "Bob"
    # Without the option a second re-throw is allowed.
    g = game("65432 11")
    assert g.current_player == "Ann" and g.dice_to_throw == 2


def test_shifting_cargo_keeps_a_die() -> None:
    opts = {"shifting-cargo": True}
    g = game("65432", options=opts)
    assert g.allowed_dice_counts == (2, 1)
    g = game("65432 4k2", options=opts)
    assert g.turn is not None and g.turn.cargo == (4, 2) and g.turn.throws[-1].kept == 2
    # Not told which die was kept: the referee keeps the higher one and says so.
    g = game("65432 4", options=opts)
    assert g.turn is not None and g.turn.cargo == (4, 3)
    assert "the referee keeps the higher" in g.turn.throws[-1].explanation
    g = game("65432 66", options=opts)
    assert g.turn is not None and g.turn.cargo == (6, 6)
    # Without the option a single-die re-throw is refused.
    assert game("65432").allowed_dice_counts == (2,)


def test_pace_setter_caps_later_players() -> None:
    opts = {"pace-setter": True}
    g = game("65432 S", options=opts)
    assert g.turn is not None and g.turn.player == "Bob" and g.turn.max_throws == 1
    g = game("65432 S 11111", options=opts)
    assert g.round_results[-1].winner == "Ann"
    assert g.round_turns[1].score == 0 and g.round_turns[1].throws_used == 1
    # Two throws by the first player give the others two.
    g = game("11111 65432 S", options=opts)
    assert g.turn is not None and g.turn.max_throws == 2
    # Off: three throws each.
    g = game("65432 S")
    assert g.turn is not None and g.turn.max_throws == 3


def test_may_decline_six() -> None:
    opts = {"may-decline-six": True}
    g = game("63321d", options=opts)
    assert g.turn is not None and g.turn.banked == () and g.dice_to_throw == 5
    assert "left unbanked" in g.turn.throws[0].explanation
    g = game("63321", options=opts)  # not declined: banked as usual
    assert g.turn is not None and g.turn.banked == (6,)


def test_state_answers_throw_number_and_phase() -> None:
    g = start()
    assert g.phase is Phase.TURN and g.throw_number == 1 and g.dice_to_throw == 5
    g = apply(g, Throw((6, 1, 1, 1, 1)))
    assert g.throw_number == 2 and g.dice_to_throw == 4
    assert not g.can_stand
    g = apply(apply(g, Throw((5, 4, 6, 6))), Stand())
    assert g.current_player == "Bob" and g.throw_number == 1
