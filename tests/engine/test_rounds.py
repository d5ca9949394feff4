"""Rounds, stakes, ties, match formats, first player and next-round starter."""

from __future__ import annotations

from companion.engine import Phase

from .helpers import game, play, start

THREE = ("Ann", "Bob", "Cy")
MISS = "11111 11111 11111"  # a turn that never launches


def chips(g: object) -> dict[str, int]:
    return {p.name: p.chips for p in g.players}  # type: ignore[attr-defined]


def test_pot_ante_and_winner_takes_it() -> None:
    g = start(players=THREE)
    assert g.pot == 3 and chips(g) == {"Ann": -1, "Bob": -1, "Cy": -1}
    g = play(g, f"65444 S 65432 S {MISS}")
    assert g.phase is Phase.MATCH_OVER and g.winners == ("Ann",)
    assert g.pot == 0 and chips(g) == {"Ann": 2, "Bob": -1, "Cy": -1}
    r = g.round_results[-1]
    assert r.winner == "Ann" and r.best == 8 and r.pot_won == 3
    assert r.scores == (("Ann", 8), ("Bob", 5), ("Cy", 0))
    assert r.summary == "Round 1: Ann wins with 8 and takes the pot of 3 chips."


def test_ante_and_unit_and_starting_chips() -> None:
    g = start(options={"ante": 25, "unit": "gp", "starting-chips": 100})
    assert g.pot == 50 and chips(g) == {"Ann": 75, "Bob": 75}
    assert g.amount(g.pot) == "50 gp"


def test_nobody_launched_the_pot_carries() -> None:
    g = game(f"{MISS} {MISS}")
    assert g.phase is Phase.ROUND_OVER and g.pot == 2
    assert g.round_results[-1].winner is None
    assert "stays for the next round" in g.round_results[-1].summary
    g = play(g, "N")
    assert g.pot == 4 and g.round_number == 2 and g.current_player == "Bob"
    g = play(g, "65432 S " + MISS)
    assert g.winners == ("Bob",) and chips(g) == {"Ann": -2, "Bob": 2}


def test_ties_cargo_reroll() -> None:
    g = game("65432 S 65423 S", players=("Ann", "Bob"))
    assert g.phase is Phase.TIE_BREAK and g.tie_break is not None
    assert g.tie_break.players == ("Ann", "Bob") and g.dice_to_throw == 2
    assert g.current_player == "Ann"
    g = play(g, "33 42")  # 6 each: tie again
    assert g.phase is Phase.TIE_BREAK and g.tie_break is not None
    assert g.tie_break.pass_number == 2
    g = play(g, "11 56")
    assert g.phase is Phase.MATCH_OVER and g.winners == ("Bob",)
    r = g.round_results[-1]
    assert r.winner == "Bob" and r.best == 5 and r.tied == ("Ann", "Bob")
    assert r.tie_break == ("Ann 6, Bob 6", "Ann 2, Bob 11")
    assert chips(g) == {"Ann": -1, "Bob": 1}


def test_tie_break_only_among_the_tied() -> None:
    g = game("65432 S 65411 S 65423 S", players=THREE)
    assert g.tie_break is not None and g.tie_break.players == ("Ann", "Cy")


def test_ties_reroll_turn() -> None:
    opts = {"ties": "reroll-turn"}
    g = game("65432 S 65423 S", options=opts)
    assert g.phase is Phase.TIE_BREAK and g.turn is not None and g.turn.tie_break
    assert g.dice_to_throw == 5
    g = play(g, f"{MISS} {MISS}")  # nobody launches: play again
    assert g.phase is Phase.TIE_BREAK and g.current_player == "Ann"
    g = play(g, "65411 S 65433 S")
    assert g.winners == ("Bob",)
    assert g.players[1].points == 5  # the round's own score, not the tie-break's


def test_ties_carry_keeps_pot_and_carries_points() -> None:
    g = game("65432 S 65423 S", options={"ties": "carry"})
    assert g.phase is Phase.ROUND_OVER and g.pot == 2
    assert g.round_results[-1].winner is None
    g = game("65432 S 65423 S N 65466 S " + MISS,
             options={"ties": "carry", "stakes": "points", "match": "target", "target": 50})
    assert g.players[1].points == 12 + 5  # Bob won round 2 and took the carried 5


def test_ties_nobody_scores_returns_antes() -> None:
    g = game(f"{MISS} {MISS} N 65432 S 65423 S", options={"ties": "nobody-scores"})
    # Round 1 nobody launched (pot 2 carries); round 2 tie: round 2's antes go back.
    assert g.pot == 2 and chips(g) == {"Ann": -1, "Bob": -1}


def test_head_to_head_preset_only_winner_scores_to_target() -> None:
    # Round 2 starts with Bob (left of Ann): Bob 10, Ann 5.
    g = game("65466 S 65432 S N 65455 S 65432 S", preset="head-to-head",
             options={"target": 20, "first-player": "named"})
    assert [p.points for p in g.players] == [12, 10]
    assert g.pot == 0 and chips(g) == {"Ann": 0, "Bob": 0}
    assert g.phase is Phase.ROUND_OVER
    g = play(g, "N 65466 S 65432 S")  # Ann 12 + 12 = 24 >= 20
    assert g.phase is Phase.MATCH_OVER and g.winners == ("Ann",)
    # A tie scores nothing in head-to-head (004).
    g = game("65432 S 65423 S", preset="head-to-head")
    assert g.phase is Phase.ROUND_OVER and [p.points for p in g.players] == [0, 0]


def test_target_every_player_clearly_ahead() -> None:
    opts = {"stakes": "points", "match": "target", "target": 10, "scoring": "every-player"}
    g = game("65455 S 65455 S", options=opts)
    assert [p.points for p in g.players] == [10, 10]
    assert g.phase is Phase.ROUND_OVER  # level past the target: play on
    assert "play on" in g.message
    g = play(g, "N 65432 S 65433 S")
    assert g.winners == ("Ann",) and [p.points for p in g.players] == [16, 15]


def test_fixed_rounds_cumulative() -> None:
    opts = {"match": "rounds", "rounds": 2, "stakes": "points"}
    # Round 2 starts with Bob: Bob 12, Ann 2.
    g = game("65432 S 65466 S N 65466 S 65411 S", options=opts)
    assert [p.points for p in g.players] == [7, 24]
    assert [p.round_scores for p in g.players] == [(5, 2), (12, 12)]
    assert g.winners == ("Bob",)
    # Ties in a rounds match with points stakes decide nothing: no tie-break.
    g = game("65432 S 65432 S", options=opts)
    assert g.phase is Phase.ROUND_OVER and g.round_results[-1].tied == ("Ann", "Bob")


def test_rounds_preset_antes_each_round() -> None:
    g = game("65432 S 65466 S N", preset="rounds")
    assert g.round_number == 2 and g.pot == 2 and chips(g) == {"Ann": -2, "Bob": 0}


def test_tournament_final_between_top_two_winner_takes_all() -> None:
    g = game(f"65466 S 65432 S {MISS} N 65455 S 65433 S 65411 S", preset="tournament",
             players=THREE)
    # Round 2 starts with Bob: Bob 10, Cy 6, Ann 2. Totals: Ann 14, Bob 15, Cy 6.
    assert [p.points for p in g.players] == [14, 15, 6]
    assert g.finalists == ("Ann", "Bob") and g.pot == 6
    g = play(g, "N")
    assert g.final and g.order == ("Ann", "Bob") and g.pot == 8
    assert chips(g)["Cy"] == -2
    g = play(g, "65432 S 65433 S")
    assert g.winners == ("Bob",) and chips(g)["Bob"] == 8 - 3 and g.pot == 0
    assert g.players[2].round_scores == (0, 6, None)


def test_roll_off_highest_die_ties_roll_again() -> None:
    g = start(players=THREE, named=False)
    g = play(g, "3 6 6")
    assert g.phase is Phase.ROLL_OFF and g.roll_off is not None
    assert g.roll_off.contenders == ("Bob", "Cy") and g.current_player == "Bob"
    g = play(g, "2 5")
    assert g.phase is Phase.TURN and g.starter == "Cy" and g.order == ("Cy", "Ann", "Bob")
    assert g.pot == 3


def test_next_round_starters() -> None:
    def second_starter(rule: str, winner_first: bool) -> str | None:
        tokens = "65466 S 65432 S 65432 S" if winner_first else "65432 S 65466 S 65432 S"
        g = game(tokens + " N", options={"next-round": rule, "match": "rounds"}, players=THREE)
        return g.starter

    assert second_starter("left", True) == "Bob"
    assert second_starter("right", True) == "Cy"
    assert second_starter("winner", False) == "Bob"
    assert second_starter("winner-chooses", False) == "Bob"


def test_new_match_after_match_over_keeps_chips() -> None:
    g = game("65432 S " + MISS + " N")
    assert g.match_number == 2 and g.round_number == 1 and g.starter == "Bob"
    assert chips(g) == {"Ann": 0, "Bob": -2}
    assert g.round_results == ()


def test_drinks() -> None:
    g = game("65466 S 65432 S " + MISS, preset="drinking", players=THREE)
    assert {p.name: p.drinks for p in g.players} == {"Ann": 0, "Bob": 1, "Cy": 2}
    assert g.pot == 0


def test_players_still_to_throw_follow_seating() -> None:
    g = start(players=("A", "B", "C", "D", "E", "F", "G", "H"))
    assert g.order == ("A", "B", "C", "D", "E", "F", "G", "H") and g.pot == 8
    g = play(g, "65432 S")
    assert g.current_player == "B"


def test_drinking_on_top_of_a_pot() -> None:
    g = game("65466 S 65432 S " + MISS, options={"drinking": True}, players=THREE)
    assert {p.name: p.drinks for p in g.players} == {"Ann": 0, "Bob": 1, "Cy": 2}
    assert chips(g) == {"Ann": 2, "Bob": -1, "Cy": -1}
    assert g.round_results[-1].drinks == (("Cy", 2), ("Bob", 1))


def test_everyone_who_did_not_win_drinks_and_the_winner_names_the_drink() -> None:
    # 003: "anyone who lost ... sip from their drink"; "the winner gets to choose the
    # type of drink that the losers have"
    g = game("65466 S 65432 S " + MISS, preset="drinking", players=THREE,
             options={"who-drinks": "losers"})
    assert {p.name: p.drinks for p in g.players} == {"Ann": 0, "Bob": 1, "Cy": 1}
    result = g.round_results[-1]
    assert result.drinks == (("Bob", 1), ("Cy", 1)) and result.drink_namer == "Ann"
    assert result.summary == ("Round 1: Ann wins with 12; drinks: Bob 1, Cy 1 "
                              "(Ann names the drink).")


def test_with_losers_drinking_and_no_winner_everyone_drinks_and_nobody_names_it() -> None:
    g = game(f"{MISS} {MISS}", options={"drinking": True, "who-drinks": "losers"})
    result = g.round_results[-1]
    assert result.drinks == (("Ann", 1), ("Bob", 1)) and result.drink_namer is None
    assert chips(g) == {"Ann": -1, "Bob": -1} and g.pot == 2
