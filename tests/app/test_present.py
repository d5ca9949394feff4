"""Engine states become the views the display draws."""

from __future__ import annotations

import numpy as np

from companion.display import DieRole, MarkStyle, PhotoView, Screen, render_with_layout
from companion.engine import DieRole as DieRole_
from companion.engine import NextRound, Stand, Throw, apply, new_game, settings_from_options
from companion.view.present import build_view, marks_for


def game(**options: object):  # type: ignore[no-untyped-def]
    opts = {"first-player": "named", **options}
    return new_game(settings_from_options("standard", opts), ["Ann", "Bob", "Cy"])


def play(state, *events):  # type: ignore[no-untyped-def]
    for event in events:
        state = apply(state, event)
    return state


def test_seed_example_fills_the_slots_throw_by_throw() -> None:
    state = play(game(), Throw((6, 4, 3, 3, 1)), Throw((6, 5, 4, 1)))
    view = build_view(state)
    assert view.screen is Screen.TURN
    turn = view.turn
    assert turn is not None
    assert turn.player == "Ann"
    assert [(s.value, s.throw) for s in turn.slots] == [(6, 1), (5, 2), (4, 2)]
    assert turn.cargo == (6, 1)
    assert turn.cargo_value == 7
    assert turn.throws_left == 1
    assert turn.dice_to_throw == 2
    second = turn.throws[1]
    assert [(d.value, d.role) for d in second.dice] == [
        (6, DieRole.CARGO),
        (5, DieRole.CAPTAIN),
        (4, DieRole.CREW),
        (1, DieRole.CARGO),
    ]
    assert "captain" in second.explanation
    assert [p.current for p in view.players] == [True, False, False]
    assert view.stakes.pot == 3


def test_a_second_six_in_the_same_throw_is_cargo_not_captain() -> None:
    state = play(game(), Throw((6, 6, 5, 4, 1)))
    record = state.turn.throws[0]  # type: ignore[union-attr]
    assert [r.value for r in record.die_roles] == ["ship", "cargo", "captain", "crew", "cargo"]
    faces = build_view(state).turn.throws[0].dice  # type: ignore[union-attr]
    assert [f.role for f in faces] == [
        DieRole.SHIP, DieRole.CARGO, DieRole.CAPTAIN, DieRole.CREW, DieRole.CARGO,
    ]


def test_marks_follow_the_referee_and_flag_unreadable_dice() -> None:
    state = play(game(), Throw((6, 4, 3, 3, 1)))
    record = state.last_throw
    dice = [(v, (10.0 * i, 10.0), ()) for i, v in enumerate((6, 4, None, 3, 1))]
    marks = marks_for(dice, record)
    assert [m.style for m in marks] == [
        MarkStyle.BANKED, MarkStyle.THROWN, MarkStyle.UNREADABLE, MarkStyle.THROWN,
        MarkStyle.THROWN,
    ]
    assert [m.style for m in marks_for(dice, None)] == [
        MarkStyle.THROWN, MarkStyle.THROWN, MarkStyle.UNREADABLE, MarkStyle.THROWN,
        MarkStyle.THROWN,
    ]


def test_marks_take_each_die_s_role_by_position_not_by_value() -> None:
    # Two 6s: the referee banked the first one seen; the photo marks that one.
    state = play(game(), Throw((3, 6, 6, 2, 2)))
    record = state.last_throw
    assert record is not None
    dice = [(v, (10.0 * i, 10.0), ()) for i, v in enumerate(record.dice)]
    assert [m.style for m in marks_for(dice, record)] == [
        MarkStyle.THROWN, MarkStyle.BANKED, MarkStyle.THROWN, MarkStyle.THROWN,
        MarkStyle.THROWN,
    ]
    # A turn that ends without launching: its last dice count for nothing.
    state = play(state, Throw((1, 1, 1, 1)), Throw((2, 2, 3, 3)))
    assert state.round_turns[-1].throws[-1].die_roles == (DieRole_.NOT_COUNTED,) * 4


def test_round_result_and_tie_break_screens() -> None:
    state = play(
        game(),
        Throw((6, 5, 4, 6, 3)),  # Ann 9
        Stand(),
        Throw((6, 5, 4, 5, 4)),  # Bob 9
        Stand(),
        Throw((1, 1, 1, 1, 1)),
        Throw((1, 1, 1, 1, 1)),
        Throw((1, 1, 1, 1, 1)),  # Cy does not launch
    )
    view = build_view(state)
    assert view.screen is Screen.TIE_BREAK
    assert view.tie_break is not None
    assert [e.name for e in view.tie_break.entries] == ["Ann", "Bob"]
    assert view.tie_break.tied_score == 9
    state = play(state, Throw((2, 1)), Throw((5, 3)))
    view = build_view(state)
    assert view.screen is Screen.MATCH_RESULT
    assert view.match_result is not None and view.match_result.winner == "Bob"
    assert view.round_result is not None
    assert view.round_result.took == 3
    assert view.round_result.cargo == (5, 4)  # the cargo that scored, not the tie-break dice
    assert view.round_result.score == 9
    chips = {p.name: p.chips for p in view.players}
    assert chips == {"Ann": -1, "Bob": 2, "Cy": -1}
    state = play(state, NextRound())
    assert build_view(state).screen is Screen.TURN


def test_roll_off_screen_and_dispute_view_with_photos() -> None:
    state = new_game(settings_from_options("standard", {}), ["Ann", "Bob"])
    view = build_view(state)
    assert view.screen is Screen.ROLL_OFF
    assert view.tie_break is not None and view.tie_break.entries[0].current
    state = play(state, Throw((2,)), Throw((5,)), Throw((6, 4, 3, 3, 1)))
    image = np.zeros((60, 80, 3), np.uint8)
    photo = PhotoView(image)
    view = build_view(state, dispute=True, dispute_photos=[photo])
    assert view.screen is Screen.DISPUTE
    assert view.turn is not None and view.turn.player == "Bob"
    assert view.turn.throws[0].photo == photo


def test_every_screen_of_a_whole_game_renders_at_800x480() -> None:
    state = game(match="rounds", rounds=2)
    events = [
        Throw((6, 5, 4, 3, 2)), Stand(),
        Throw((6, 4, 3, 3, 1)), Throw((6, 5, 4, 1)), Throw((3, 3)),
        Throw((1, 2, 3, 3, 2)), Throw((6, 6, 2, 2, 2)), Throw((5, 5, 3, 1)),
        NextRound(),
        Throw((6, 5, 4, 6, 6)), Stand(),
    ]
    screens = set()
    for event in events:
        state = apply(state, event)
        view = build_view(state)
        screens.add(view.screen)
        surface, layout = render_with_layout(view, (800, 480))
        assert surface.get_size() == (800, 480)
        assert layout.items
    assert {Screen.TURN, Screen.ROUND_RESULT} <= screens


def test_the_winner_naming_the_drink_is_shown_on_the_result_screens() -> None:
    """003: everyone who did not win drinks; the winner names the drink."""
    import pygame

    state = play(game(drinking=True, **{"who-drinks": "losers", "match": "rounds",
                                         "rounds": 2}),
                 Throw((6, 5, 4, 6, 6)), Stand(), Throw((6, 5, 4, 3, 2)), Stand(),
                 *[Throw((1, 1, 1, 1, 1))] * 3)
    miss = [Throw((1, 1, 1, 1, 1))] * 3
    for screen in (Screen.ROUND_RESULT, Screen.MATCH_RESULT):
        view = build_view(state)
        assert view.screen is screen
        assert view.round_result is not None and view.round_result.drink_namer == "Ann"
        for size in ((800, 480), (1920, 1080)):
            _, layout = render_with_layout(view, size)
            (line,) = [i for i in layout.texts() if i.role == "drink-namer"]
            assert line.text == "Ann names the drink: Bob and Cy drink"
            assert not line.truncated
        if screen is Screen.ROUND_RESULT:  # round 2: Bob and Cy miss, Ann wins again
            state = play(state, NextRound(), *miss, *miss, Throw((6, 5, 4, 6, 6)), Stand())
    view = build_view(state)
    assert view.match_result is not None and "drinks:" not in view.match_result.note
    pygame.display.quit()


def test_a_cargo_reroll_once_turn_is_over_after_its_one_re_throw() -> None:
    """The view takes over / throws left from the engine (it used to say: not over,
    1 throw left, where the engine says: over, 0)."""
    from companion.view.present import turn_view

    state = play(game(**{"cargo-reroll-once": True}), Throw((6, 5, 4, 3, 2)), Throw((4, 4)))
    turn = state.round_turns[-1]
    assert turn.over and turn.throws_left == 0 and turn.throws_used == 2
    view = turn_view(turn, state.settings.required)
    assert view.over is True
    assert view.throws_left == 0
    assert (view.throws_used, view.throws_max) == (2, 3)
    dispute = build_view(state, dispute=True).turn
    assert dispute is not None and dispute.over and dispute.throws_left == 0


def test_a_roll_off_tie_is_marked_on_the_pass_thrown_again() -> None:
    state = new_game(settings_from_options("standard", {}), ["Ann", "Bob", "Cy"])
    first = build_view(state).tie_break
    assert first is not None and first.tied_score is None
    state = play(state, Throw((6,)), Throw((6,)), Throw((3,)))
    tie = build_view(state).tie_break
    assert tie is not None and (tie.tied_score, tie.attempt) == (6, 2)
    assert tie.how == "Ann and Bob tied on 6: each throws one die again, the highest starts"
    _, layout = render_with_layout(build_view(state), (800, 480))
    (title,) = [i for i in layout.texts() if i.role == "tie-title"]
    assert title.text == "Who starts? · tie on 6 · throw 2" and not title.truncated


def test_each_players_plus_or_minus_on_the_results() -> None:
    """Issue 14, item 7: the result screens show what the round changed for each player."""
    state = play(game(), Throw((6, 5, 4, 6, 6)), Stand(), Throw((6, 5, 4, 3, 2)), Stand(),
                 *[Throw((1, 1, 1, 1, 1))] * 3)
    view = build_view(state)
    assert view.screen is Screen.MATCH_RESULT
    assert {p.name: p.change for p in view.players} == {"Ann": 2, "Bob": -1, "Cy": -1}
    _, layout = render_with_layout(view, (800, 480))
    changes = sorted(i.text for i in layout.texts() if i.role.startswith("row-change"))
    assert changes == ["+2", "\u22121", "\u22121"]
    # the next round counts from its own start (Bob starts it and wins it)
    state = play(state, NextRound(), Throw((6, 5, 4, 6, 6)), Stand(),
                 *[Throw((1, 1, 1, 1, 1))] * 6)
    assert {p.name: p.change for p in build_view(state).players} == {
        "Ann": -1, "Bob": 2, "Cy": -1}
    assert build_view(play(state, NextRound())).players[0].change is None  # in play again
    # points (head-to-head, 004: only the round winner scores): what each banked
    duel = new_game(settings_from_options("head-to-head", {"first-player": "named"}),
                    ["Ann", "Bob"])
    duel = play(duel, Throw((6, 5, 4, 6, 6)), Stand(), Throw((6, 5, 4, 3, 2)), Stand())
    view = build_view(duel)
    assert view.screen is Screen.ROUND_RESULT
    assert {p.name: p.change for p in view.players} == {"Ann": 12, "Bob": 0}
