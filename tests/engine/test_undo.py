"""Undo is an event: it reverts the last effective event, repeatedly, never deleting."""

from __future__ import annotations

from companion.engine import Undo, apply

from .helpers import game, play, start


def test_undo_reverts_the_last_throw() -> None:
    before = game("64331")
    assert apply(before, Undo()) == start()
    g = play(before, "6541 U")
    assert g == before
    assert len(g.events) == 3 and g.events[-1] == Undo()
    assert g.effective_events == before.effective_events


def test_repeated_undo_goes_further_back() -> None:
    g = play(start(), "64331 6541 U U")
    assert g == start()
    assert not g.can_undo
    assert len(g.events) == 4


def test_undo_across_the_end_of_a_turn_and_a_round() -> None:
    g = play(start(), "11111 22222 65432")
    assert g.current_player == "Bob"
    back = apply(g, Undo())
    assert back.current_player == "Ann" and back.turn is not None
    assert back.turn.throws_used == 2
    over = play(start(), "65432 S 11111 11111 11111")
    assert over.can_next_round
    assert apply(over, Undo()).current_player == "Bob"
    nxt = play(over, "N")
    assert apply(nxt, Undo()) == over


def test_undo_then_play_on() -> None:
    g = play(start(), "64331 U 65432 S")
    assert g.round_turns[0].score == 5
    assert len(g.events) == 4 and len(g.effective_events) == 2
