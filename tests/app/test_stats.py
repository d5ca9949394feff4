"""The night's numbers (:mod:`companion.stats`) and ``companion stats`` / ``export --csv``."""

from __future__ import annotations

import csv
import io
import json
import math
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

import pytest

from companion.cli import main
from companion.engine import Throw, apply, new_game, settings_from_options
from companion.notation import decode_event
from companion.stats import (
    LoggedEvent,
    LoggedGame,
    chi2_sf_5,
    chi_square,
    fairness,
    game_history,
    night_of,
    night_stats,
    stats_json,
)

# 2026-11-30 20:00:00 UTC
EVENING = 1_796_068_800.0


def _game(tokens: str, game_id: int = 1, start: float = EVENING, step_s: float = 60.0,
          players: tuple[str, ...] = ("Ann", "Bob"), preset: str = "standard",
          options: dict[str, object] | None = None) -> LoggedGame:
    events = tuple(LoggedEvent(i + 1, start + i * step_s, token)
                   for i, token in enumerate(tokens.split()))
    return LoggedGame(game_id, start, preset, options or {"first-player": "named"}, players,
                      events)


# -- the chi-square p-value against independent computations ----------------------------

# Upper-tail critical values of chi-square with 5 degrees of freedom (NIST/SEMATECH
# e-Handbook of Statistical Methods, table 1.3.6.7.4), to three decimals.
CRITICAL_5DF = [(0.10, 9.236), (0.05, 11.070), (0.025, 12.833), (0.01, 15.086),
                (0.001, 20.515), (0.90, 1.610), (0.95, 1.145), (0.99, 0.554)]


@pytest.mark.parametrize(("p", "x"), CRITICAL_5DF)
def test_p_value_matches_the_table_of_critical_values(p: float, x: float) -> None:
    # three decimals of x move the tail by at most half a unit of the last digit
    assert chi2_sf_5(x) == pytest.approx(p, rel=2e-3)


def _sf_by_integration(x: float) -> float:
    """1 - CDF by Simpson's rule on the chi-square(5) density (independent of the closed form)."""
    def pdf(t: float) -> float:
        return t ** 1.5 * math.exp(-t / 2) / (2 ** 2.5 * math.gamma(2.5))

    n = 20_000
    h = x / n
    total = pdf(0.0) + pdf(x) + sum((4 if i % 2 else 2) * pdf(i * h) for i in range(1, n))
    return 1 - total * h / 3


@pytest.mark.parametrize("x", [0.3, 1.0, 2.5, 4.35146, 7.0, 11.0705, 18.0, 25.0, 40.0])
def test_p_value_matches_numerical_integration_of_the_density(x: float) -> None:
    assert chi2_sf_5(x) == pytest.approx(_sf_by_integration(x), abs=1e-9)


def test_p_value_matches_scipy_where_installed() -> None:
    stats = pytest.importorskip("scipy.stats")
    for x in (0.01, 1.3, 9.9, 31.4, 80.0):
        assert chi2_sf_5(x) == pytest.approx(float(stats.chi2.sf(x, 5)), rel=1e-12)


def test_chi_square_is_pearsons_statistic_computed_exactly() -> None:
    faces = (14, 12, 10, 11, 11, 9)
    exact = sum((Fraction(n) - Fraction(67, 6)) ** 2 for n in faces) / Fraction(67, 6)
    assert chi_square(faces) == pytest.approx(float(exact), rel=1e-12)
    assert float(exact) == pytest.approx(1.3283582, rel=1e-7)
    with pytest.raises(ValueError, match="six face counts"):
        chi_square((1, 2, 3))


def test_the_warning_needs_300_dice_and_p_below_one_in_a_thousand() -> None:
    loaded = fairness((80, 85, 90, 95, 64, 186))  # 600 dice, a 6 on 31 %
    assert loaded.p_value < 0.001
    assert loaded.warning == "6 came up on 31 % of 600 dice: check the dice"
    assert loaded.alert == "Check the dice: 6 on 31 % of 600"
    few = fairness((40, 42, 45, 47, 32, 93))  # 299 dice, just as skewed
    assert few.dice == 299 and few.p_value < 0.001 and few.warning is None
    assert few.alert is None
    mild = fairness((95, 100, 100, 100, 100, 105))
    assert mild.p_value > 0.5 and mild.warning is None
    rare_one = fairness((20, 116, 116, 116, 116, 116))
    assert rare_one.warning == "1 came up on 3 % of 600 dice: check the dice"


# -- replaying the journal ------------------------------------------------------------


def test_undone_throws_are_not_counted_and_rounds_are_settled_once() -> None:
    # Ann: launches with 6 5 4 3 3, then a misread 2 2 is undone, she stands on 6;
    # Bob launches on 6 5 4 6 6 (12) and wins the pot of 2 chips.
    game = _game("65433 22 U S 65466 S")
    history = game_history(game)
    dice = [t.dice for t in history.throws]
    assert dice == [(6, 5, 4, 3, 3), (6, 5, 4, 6, 6)]
    assert [t.score for t in history.throws] == [6, 12]
    (line,) = history.rounds
    assert (line.winner, line.best, line.pot_won, line.short) == ("Bob", 12, 2, "Bob 12")
    stats = night_stats([game])
    assert stats.fairness.faces == (0, 0, 2, 2, 2, 4)
    ann, bob = sorted(stats.players, key=lambda t: t.name)
    assert (bob.rounds_won, bob.chips, bob.launch_rate) == (1, 1, 1.0)
    assert (ann.rounds_won, ann.chips, ann.launch_rate) == (0, -1, 1.0)
    assert stats.players[0].name == "Bob"  # standings: best first
    assert stats.best is not None and (stats.best.cargo, stats.best.player) == (12, "Bob")


def test_undoing_the_throw_that_settled_a_round_unsettles_it() -> None:
    history = game_history(_game("65433 S 65466 U 11111 11111 11111"))
    (line,) = history.rounds
    assert (line.winner, line.best) == ("Ann", 6)
    assert len(history.throws) == 4


def test_launch_rate_best_cargo_and_the_last_ten_rounds() -> None:
    # twelve rounds of Ann 65432 stand (cargo 5) vs Bob not launching, then one where
    # Bob launches 12 but re-throws to 4 and loses to Ann's 5.
    # (play passes left: Ann and Bob start the rounds in turn)
    rounds = ["65432 S 11111 11111 11111 N", "11111 11111 11111 65432 S N"] * 6
    rounds.append("65432 S 65466 22 S")
    stats = night_stats([_game(" ".join(rounds))])
    ann, bob = stats.players
    assert (ann.name, ann.rounds_won, ann.rounds_played, ann.launch_rate) == ("Ann", 13, 13, 1.0)
    assert bob.launch_rate == pytest.approx(1 / 13)
    assert stats.best is not None and stats.best.cargo == 5  # Bob's 12 was re-thrown
    assert len(stats.rounds) == 13 and len(stats.last_rounds) == 10
    assert stats.last_rounds[-1].round == 1 and stats.last_rounds[-1].match == 13


def test_a_night_runs_from_six_to_six_and_each_event_counts_on_its_own_night() -> None:
    assert night_of(EVENING, UTC) == "2026-11-30"
    assert night_of(EVENING + 9.9 * 3600, UTC) == "2026-11-30"   # 05:54 next day
    assert night_of(EVENING + 10.1 * 3600, UTC) == "2026-12-01"  # 06:06
    # 20:00, 22:30, 01:00, 03:30 | 06:00 (the next night), 08:30, ...
    late = _game("65433 S 65466 S N 65432 S 65431 S", step_s=2.5 * 3600)
    first = night_stats([late], "2026-11-30", UTC)
    second = night_stats([late], "2026-12-01", UTC)
    assert [len(first.throws), len(second.throws)] == [2, 2]
    # the antes of round 1 are paid as the game starts, those of round 2 at 06:00;
    # Bob wins both rounds
    assert {t.name: t.chips for t in first.players} == {"Bob": 1, "Ann": -1}
    assert {t.name: t.chips for t in second.players} == {"Bob": 1, "Ann": -1}
    assert [len(first.rounds), len(second.rounds)] == [1, 1]
    assert night_stats([late], "2026-12-02", UTC).games == 0


def test_antes_in_the_pot_of_a_round_being_played_are_neither_won_nor_lost() -> None:
    # Bob wins round 1 (the pot of 2); round 2 has begun: each anted 1, Ann has thrown
    stats = night_stats([_game("65433 S 65466 S N 65432")])
    assert {t.name: (t.chips, t.in_pot) for t in stats.players} == {
        "Bob": (1, 1), "Ann": (-1, 1)}
    assert len(stats.rounds) == 1
    assert stats_json(stats)["players"] == {
        "Bob": {"rounds_won": 1, "chips": 1, "points": 12, "launch_rate": 1.0},
        "Ann": {"rounds_won": 0, "chips": -1, "points": 0, "launch_rate": 1.0},
    }
    # the game as it began: round 1's antes are in the pot, nobody has won or lost
    opening = night_stats([_game("65433")])
    assert {t.name: (t.chips, t.in_pot) for t in opening.players} == {
        "Ann": (0, 1), "Bob": (0, 1)}


def test_a_pot_carried_over_counts_when_it_is_won() -> None:
    nobody = "11111 11111 11111 11111 11111 11111"  # nobody launches: the pot of 2 stays
    carried = night_stats([_game(f"{nobody} N")])      # round 2's antes: a pot of 4
    assert {t.name: (t.chips, t.in_pot) for t in carried.players} == {
        "Ann": (0, 2), "Bob": (0, 2)}
    # round 2 begins with Bob (play passes left): he launches, Ann does not; he takes 4
    won = night_stats([_game(f"{nobody} N 65433 S 11111 11111 11111")])
    assert {t.name: (t.chips, t.in_pot) for t in won.players} == {
        "Bob": (2, 0), "Ann": (-2, 0)}
    undone = night_stats([_game(f"{nobody} N 65433 S 11111 11111 11111 U")])
    assert {t.name: (t.chips, t.in_pot) for t in undone.players} == {
        "Ann": (0, 2), "Bob": (0, 2)}


def test_a_real_journal_mid_round_in_stats_and_on_the_night_screen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.journal import GameSetup, Journal
    from companion.night import night_view
    from companion.stats import logged_games

    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.start_game(GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob")),
                           at_s=EVENING)
        for i, token in enumerate(["65433", "S", "65466", "S", "N", "65432"]):
            journal.append(token, at_s=EVENING + 60 * (i + 1))
        view = night_view(night_stats(logged_games(journal)))
    assert view.in_pot == "2 chips in the pot"
    assert {p.name: p.chips for p in view.players} == {"Bob": 1, "Ann": -1}
    assert main(["stats", "--journal", str(path), "--json"]) == 0
    players = json.loads(capsys.readouterr().out)["players"]
    assert {name: p["chips"] for name, p in players.items()} == {"Bob": 1, "Ann": -1}
    assert main(["stats", "--journal", str(path)]) == 0
    text = capsys.readouterr().out
    assert "Ann: 0 won of 1, -1 chip, 0 points, launched 100 %, 1 chip in the pot" in text


def test_a_broken_game_is_named() -> None:
    with pytest.raises(ValueError, match=r"game 7, event 2 \('6543'\)"):
        game_history(_game("65433 6543", game_id=7))


def test_stats_json_has_exactly_the_issue_shape() -> None:
    data = stats_json(night_stats([_game("65433 S 65466 S")]))
    assert set(data) == {"dice", "faces", "chi2", "p_value", "players"}
    assert list(data["faces"]) == ["1", "2", "3", "4", "5", "6"]  # type: ignore[call-overload]
    assert data["players"] == {
        "Bob": {"rounds_won": 1, "chips": 1, "points": 12, "launch_rate": 1.0},
        "Ann": {"rounds_won": 0, "chips": -1, "points": 0, "launch_rate": 1.0},
    }


# -- on a journal written by companion demo ---------------------------------------------


@pytest.fixture(scope="module")
def demo_journal(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from companion.demo import DEFAULT_GAME, run_demo

    folder = tmp_path_factory.mktemp("demo")
    journal = folder / "journal.sqlite3"
    assert run_demo(DEFAULT_GAME, headless=True, out=folder / "out", journal_path=journal,
                    echo=lambda _line: None) == 0
    import pygame

    pygame.display.quit()
    return journal


def _effective_throws(journal: Path) -> list[tuple[int, ...]]:
    """The dice of every throw in force, from the engine's own history (independent)."""
    from companion.journal import Journal

    with Journal(journal) as j:
        out: list[tuple[int, ...]] = []
        for game in j.games():
            setup = game.setup
            state = new_game(settings_from_options(setup.preset, setup.options),
                             list(setup.players))
            for entry in j.entries(game.game_id):
                state = apply(state, decode_event(entry.token))
            out += [e.dice for e in state.effective_events if isinstance(e, Throw)]
    return out


def test_stats_of_the_demo_agree_with_its_export(
        demo_journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.journal import Journal

    assert main(["stats", "--journal", str(demo_journal), "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert main(["export", "--csv", "--journal", str(demo_journal)]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    throws = _effective_throws(demo_journal)
    # one row per counted throw: the demo's refused throws (a die cut off, a banked die
    # thrown again) never reached the journal, and its undone stand holds no throw
    assert len(rows) == len(throws) == 20
    assert [tuple(int(v) for v in r["dice"].split()) for r in rows] == throws
    faces = {str(f): 0 for f in range(1, 7)}
    for row in rows:
        for value in row["dice"].split():
            faces[value] += 1
    assert stats["faces"] == faces
    assert stats["dice"] == sum(len(t) for t in throws) == 67
    counts = [faces[str(f)] for f in range(1, 7)]
    expected = Fraction(sum(counts), 6)
    chi2 = float(sum((n - expected) ** 2 for n in counts) / expected)
    assert stats["chi2"] == pytest.approx(chi2, rel=1e-12)
    assert stats["p_value"] == pytest.approx(_sf_by_integration(chi2), abs=1e-9)
    assert stats["players"]["Cleo"] == {"rounds_won": 2, "chips": 4, "points": 13,
                                        "launch_rate": 1.0}
    assert stats["players"]["Ann"]["launch_rate"] == 0.5
    assert rows[3] == {"game": "1", "match": "1", "round": "1", "player": "Ben",
                       "kind": "bank", "throw": "1", "dice": "6 1 5 1 6", "banked": "6 5",
                       "score": "0", "time": rows[3]["time"]}
    with Journal(demo_journal) as j:
        at_s = j.entries(1)[3].at_s  # roll-offs are events 1-3
    assert datetime.fromisoformat(rows[3]["time"]).timestamp() == pytest.approx(at_s, abs=1)


def test_stats_text_report_and_night_filter(
        demo_journal: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--journal", str(demo_journal)]) == 0
    text = capsys.readouterr().out
    assert "Cleo: 2 won of 2, +4 chips, 13 points, launched 100 %" in text
    assert "Best cargo: 7 by Cleo" in text
    assert "Last rounds: Cleo 6 | Cleo 7" in text
    assert main(["stats", "--journal", str(demo_journal), "--night", "1999-01-01",
                 "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["dice"] == 0


def test_stats_and_export_refuse_bad_input(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--journal", str(tmp_path / "none.sqlite3")]) == 2
    assert "no journal at" in capsys.readouterr().err
    with pytest.raises(SystemExit) as exit_:
        main(["stats", "--journal", str(tmp_path / "x"), "--night", "tonight"])
    assert exit_.value.code == 2
    assert "expected a date YYYY-MM-DD" in capsys.readouterr().err
    bad = tmp_path / "notes.txt"
    bad.write_text("not a journal")
    assert main(["export", "--csv", "--journal", str(bad)]) == 2
    assert "not a companion journal" in capsys.readouterr().err
