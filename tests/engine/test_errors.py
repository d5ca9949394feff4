"""The referee catches the mistakes of RULES.md; a refused event changes nothing."""

from __future__ import annotations

import pytest

from companion.engine import (
    RULE_ERROR_CODES,
    GameState,
    NextRound,
    RuleError,
    Stand,
    Throw,
    Undo,
    apply,
)

from .helpers import game, start


def refused(state: GameState, event: object) -> RuleError:
    before_events = state.events
    snapshot = state
    with pytest.raises(RuleError) as info:
        apply(state, event)  # type: ignore[arg-type]
    assert state == snapshot and state.events == before_events
    assert info.value.code in RULE_ERROR_CODES
    return info.value


def test_banked_die_thrown_again() -> None:
    g = game("65322")
    e = refused(g, Throw((3, 2, 2, 1)))
    assert e.code == "wrong-dice-count"
    assert str(e) == "3 dice should be thrown, 4 seen: a banked die was thrown again"
    e = refused(g, Throw((3, 2, 2, 1, 1)))
    assert str(e) == "3 dice should be thrown, 5 seen: 2 banked dice were thrown again"


def test_die_set_aside_that_was_not_banked() -> None:
    # 000: banking a 5 or 4 before a 6 shows as more dice set aside than banked.
    g = game("55443")
    e = refused(g, Throw((5, 4, 3, 3)))
    assert e.code == "wrong-dice-count"
    assert str(e) == (
        "5 dice should be thrown, 4 seen: a die was set aside that the referee did not bank"
    )


def test_too_many_and_no_dice() -> None:
    g = start()
    assert str(refused(g, Throw((1, 2, 3, 4, 5, 6)))) == (
        "5 dice should be thrown, 6 seen: the game uses five dice"
    )
    assert str(refused(g, Throw(()))) == "no dice seen: 5 dice should be thrown"


def test_cargo_rethrow_needs_both_dice_without_shifting_cargo() -> None:
    g = game("65432")
    e = refused(g, Throw((4,)))
    assert "both cargo dice are re-thrown" in str(e)
    e = refused(g, Throw((4, 4, 4)))
    assert str(e) == "2 cargo dice should be thrown, 3 seen: a banked die was thrown again"


@pytest.mark.parametrize("bad", [0, 7, -1, 10])
def test_values_outside_one_to_six(bad: int) -> None:
    e = refused(start(), Throw((6, 5, 4, 3, bad)))
    assert e.code == "bad-value"
    assert str(e) == f"a die showed {bad}: dice show 1 to 6"


def test_throw_after_the_turn_is_over() -> None:
    g = game("11111 22222 65432")  # Ann launched on her last throw
    e = refused(g, Throw((3, 3)))
    assert e.code == "turn-over"
    assert str(e) == (
        "Ann's turn is over (3 throws used); it is Bob's turn: 5 dice should be thrown, 2 seen"
    )


def test_stand_after_the_turn_is_over_and_before_launching() -> None:
    g = game("65432 S")
    e = refused(g, Stand())
    assert e.code == "turn-over"
    assert str(e) == "Ann's turn is already over (stood on 5); Bob has not thrown yet"
    g = game("65432 S 61111")
    e = refused(g, Stand())
    assert e.code == "not-launched"
    assert str(e) == (
        "Bob cannot stand before launching: ship, captain and crew are needed (2 throws left)"
    )


def test_throw_and_stand_after_the_round() -> None:
    g = game("65432 S 11111 11111 11111")
    assert refused(g, Throw((6, 5, 4, 3, 2))).code == "no-throw-expected"
    assert refused(g, Stand()).code == "turn-over"


def test_next_round_while_playing() -> None:
    e = refused(game("65432"), NextRound())
    assert e.code == "round-not-over"
    assert str(e) == "the round is not over: Ann still has to throw"


def test_choices_without_their_option() -> None:
    g = game("63321")
    assert refused(start(), Throw((6, 3, 3, 2, 1), decline_six=True)).code == (
        "decline-not-allowed"
    )
    assert refused(game("65432"), Throw((4,), keep=3)).code == "wrong-dice-count"
    assert refused(g, Throw((5, 4, 3, 2), keep=3)).code == "keep-not-allowed"
    opts = {"shifting-cargo": True, "may-decline-six": True}
    assert refused(game("65432", options=opts), Throw((4,), keep=6)).code == "bad-keep"
    assert refused(game("65432", options=opts), Throw((4, 4), keep=3)).code == "keep-not-allowed"
    assert refused(start(options=opts), Throw((5, 3, 3, 2, 1), decline_six=True)).code == (
        "nothing-to-decline"
    )
    assert refused(game("63321", options=opts), Throw((5, 4, 3, 2), decline_six=True)).code == (
        "nothing-to-decline"
    )


def test_starter_only_under_winner_chooses() -> None:
    g = game("65432 S 11111 11111 11111")  # single round: Ann won the match
    assert refused(g, NextRound("Bob")).code == "cannot-choose-starter"
    g = game("65432 S 11111 11111 11111", options={"next-round": "winner-chooses"})
    assert refused(g, NextRound("Zed")).code == "unknown-player"
    assert apply(g, NextRound("Bob")).current_player == "Bob"


def test_nothing_to_undo_and_unknown_event() -> None:
    assert refused(start(), Undo()).code == "nothing-to-undo"
    assert refused(start(), "64331").code == "unknown-event"  # type: ignore[arg-type]


def test_roll_off_and_tie_break_throws() -> None:
    g = start(named=False)
    assert refused(g, Throw((6, 5))).code == "wrong-dice-count"
    assert refused(g, Stand()).code == "nothing-to-stand-on"
    g = game("65432 S 65432 S")  # tie on 5: cargo tie-break
    assert refused(g, Throw((6, 5, 4))).code == "wrong-dice-count"
    assert refused(g, Stand()).code == "nothing-to-stand-on"


def test_every_error_code_is_documented() -> None:
    assert all(isinstance(v, str) and v for v in RULE_ERROR_CODES.values())


def test_a_list_of_dice_is_taken_as_a_throw() -> None:
    assert Throw([6, 5, 4, 3, 2]) == Throw((6, 5, 4, 3, 2))  # type: ignore[arg-type]
    assert refused(start(), Throw(6)).code == "bad-value"  # type: ignore[arg-type]
    assert refused(start(), Throw((6, 5, 4, 3, "2"))).code == "bad-value"  # type: ignore[arg-type]
    assert refused(start(), Throw((6, 5, 4, 3, True))).code == "bad-value"  # type: ignore[arg-type]
