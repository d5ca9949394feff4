"""The game record notation: tokens, records, fixtures, and errors with line numbers."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.engine import NextRound, Phase, Stand, Throw, Undo
from companion.notation import (
    NotationError,
    decode_event,
    encode_event,
    read_record,
    write_record,
)

GAMES = Path(__file__).resolve().parents[2] / "fixtures" / "games"
RECORDS = sorted(GAMES.glob("*.scc"))


def test_fixtures_exist() -> None:
    assert {p.stem for p in RECORDS} >= {"pub-night", "head-to-head", "house-rules", "tournament"}


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_fixture_round_trips_exactly(path: Path) -> None:
    text = path.read_text()
    state = read_record(text)
    assert write_record(state) == text
    assert read_record(write_record(state)) == state


def test_pub_night() -> None:
    g = read_record((GAMES / "pub-night.scc").read_text())
    assert g.match_number == 3 and g.phase is Phase.MATCH_OVER and g.winners == ("Bob",)
    r = g.round_results[-1]
    assert r.tied == ("Bob", "Ann") and r.tie_break == ("Bob 8, Ann 8", "Bob 12, Ann 3")
    # Three rounds, one chip each, 3 players: Bob won rounds 1 and 3, Ann round 2.
    assert {p.name: p.chips for p in g.players} == {"Ann": 0, "Bob": 3, "Cy": -3}
    assert g.pot == 0


def test_head_to_head() -> None:
    g = read_record((GAMES / "head-to-head.scc").read_text())
    assert g.winners == ("Ann",) and [p.points for p in g.players] == [24, 0]
    assert [r.winner for r in g.round_results] == ["Ann", None, "Ann"]


def test_house_rules() -> None:
    g = read_record((GAMES / "house-rules.scc").read_text())
    s = g.settings
    assert s.wild_ones and s.shifting_cargo and s.may_decline_six and s.unused_throw_bonus
    assert s.one_throw_bonus == 2 and s.ties == "reroll-turn"
    ann, bob = g.round_turns
    assert ann.banked == (1, 5, 4) and ann.score == 10 and ann.throws[2].kept == 3
    assert bob.score == 10 and bob.unused_throw_bonus == 1
    assert g.winners == ("Ann",) and g.round_results[-1].tie_break == ("Ann 9, Bob 5",)


def test_tournament() -> None:
    g = read_record((GAMES / "tournament.scc").read_text())
    assert len(g.players) == 6 and g.finalists == ("Ann", "Fay")
    assert g.winners == ("Ann",)
    assert g.player("Ann").chips == 14 - 3  # the whole pot, less her three antes
    assert sum(p.chips for p in g.players) + g.pot == 0


def test_comments_blank_lines_and_undo_are_read() -> None:
    g = read_record(
        "# a game\n\nRules: standard first-player=named\nPlayers: Ann, Bob\n"
        "Ann: 64331 U 65432   S  # stood\n"
    )
    assert g.current_player == "Bob" and g.round_turns[0].score == 5
    assert len(g.events) == 4 and len(g.effective_events) == 2
    assert "U" not in write_record(g)


def test_players_without_rules_line_is_standard() -> None:
    g = read_record("Players: Ann, Bob\nRoll-off: Ann 2, Bob 5\nBob: 65432\n")
    assert g.settings.preset == "standard" and g.starter == "Bob"


@pytest.mark.parametrize(
    ("text", "line", "code", "message"),
    [
        ("Rules: standard\nPlayers: Ann, Bob\nAnn: 64331\n", 3, "wrong-line",
         "line 3: '64331' on a turn line, but the game expects otherwise: "
         "Roll-off: Ann to throw one die (highest starts)"),
        ("Rules: standard first-player=named\nPlayers: Ann, Bob\nAnn: 65322 3221\n", 3,
         "wrong-dice-count",
         "line 3: '3221': 3 dice should be thrown, 4 seen: a banked die was thrown again"),
        ("Rules: standard first-player=named\nPlayers: Ann, Bob\nBob: 65432\n", 3,
         "wrong-player", "line 3: '65432' is written for Bob, but it is Ann's turn"),
        ("Rules: standard\nPlayers: Ann, Bob\n\nRoll-off: Ann 7\n", 4, "syntax",
         "line 4: '7': a die showed 7: dice show 1 to 6"),
        ("Rules: standard ties=coin\nPlayers: Ann, Bob\n", 1, "settings",
         "line 1: ties: 'coin' is not one of the choices; choose cargo-reroll, reroll-turn, "
         "carry or nobody-scores"),
        ("Rules: standard\nPlayers: Ann\n", 2, "settings",
         "line 2: 2 to 8 players are needed, not 1"),
        ("Ann: 64331\n", 1, "syntax", "line 1: the Players line must come before the play"),
        ("Rules: standard first-player=named\nPlayers: Ann, Bob\nAnn 64331\n", 3, "syntax",
         "line 3: expected 'label: ...', found 'Ann 64331'"),
        ("Rules: standard first-player=named\nPlayers: Ann, Bob\nAnn: 65432 S S\n", 3,
         "wrong-player", "line 3: 'S' is written for Ann, but it is Bob's turn"),
        ("Rules: standard first-player=named\nPlayers: Ann, Bob\nAnn: 65432 S\n"
         "Bob: 65432 S\nAnn: 65432\n", 5, "wrong-line",
         "line 5: '65432' on a turn line, but the game expects otherwise: "
         "Tie-break on 5: Ann to throw the 2 cargo dice"),
    ],
)
def test_bad_records_name_the_line(text: str, line: int, code: str, message: str) -> None:
    with pytest.raises(NotationError) as info:
        read_record(text)
    assert info.value.line == line and info.value.code == code
    assert str(info.value) == message
    assert isinstance(info.value, ValueError)


def test_empty_record() -> None:
    with pytest.raises(NotationError, match="no Players line"):
        read_record("# nothing\n")


events = st.one_of(
    st.builds(
        Throw,
        st.lists(st.integers(1, 6), min_size=1, max_size=5).map(tuple),
        st.one_of(st.none(), st.integers(1, 6)),
        st.booleans(),
    ),
    st.just(Stand()),
    st.just(Undo()),
    st.builds(NextRound, st.one_of(st.none(), st.text(min_size=1, max_size=12).filter(
        lambda s: s.strip() == s and s != ""))),
)


@settings(max_examples=200, deadline=None)
@given(event=events)
def test_token_round_trip(event: Throw | Stand | NextRound | Undo) -> None:
    token = encode_event(event)
    assert " " not in token and "," not in token and token
    assert decode_event(token) == event


def test_tokens() -> None:
    assert encode_event(Throw((6, 4, 3, 3, 1))) == "64331"
    assert encode_event(Throw((6, 3, 3, 2, 1), decline_six=True)) == "63321d"
    assert decode_event("3K5") == Throw((3,), keep=5)
    assert decode_event("n") == NextRound()
    for bad in ["", "x", "64a31", "N=", "6k", "0"]:
        with pytest.raises(NotationError):
            decode_event(bad)
    with pytest.raises(ValueError):
        encode_event(Throw(()))
