"""``companion referee``, ``replay`` and ``odds`` from the command line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "fixtures" / "games"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_referee_issue_example_as_a_real_process() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "companion", "referee", "--json", "64331", "6541", "33"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )
    assert json.loads(out.stdout) == {
        "launched": True, "score": 6, "cargo": [3, 3], "throws_used": 3,
        "throws": [
            {"dice": [6, 4, 3, 3, 1], "banked": [6]},
            {"dice": [6, 5, 4, 1], "banked": [5, 4]},
            {"dice": [3, 3], "banked": []},
        ],
    }


def test_referee_stands_at_the_end_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "referee", "--json", "--unused-throw-bonus", "66541")
    assert status == 0
    verdict = json.loads(out)
    assert verdict["score"] == 9 and verdict["cargo"] == [6, 1] and verdict["throws_used"] == 1
    status, out, _ = run(capsys, "referee", "--json", "--wild-ones", "65411")
    assert json.loads(out)["cargo"] == [1, 1]
    status, out, _ = run(capsys, "referee", "--json", "--shifting-cargo", "65432", "4k2")
    assert json.loads(out)["cargo"] == [4, 2]
    status, out, _ = run(capsys, "referee", "--json", "--one-throw-bonus", "2", "65432")
    assert json.loads(out)["score"] == 7
    status, out, _ = run(capsys, "referee", "--json", "--cargo-reroll-once", "65432", "11")
    assert json.loads(out)["score"] == 2
    status, out, _ = run(capsys, "referee", "--json", "--low-ship", "12366")
    assert json.loads(out)["score"] == 12
    status, out, _ = run(capsys, "referee", "--json", "11111", "22222", "33333")
    assert json.loads(out) == {
        "launched": False, "score": 0, "cargo": None, "throws_used": 3,
        "throws": [{"dice": [d] * 5, "banked": []} for d in (1, 2, 3)],
    }


def test_referee_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "referee", "64331", "6541", "33")
    assert status == 0
    assert out.splitlines() == [
        "throw 1: 6 4 3 3 1  6 banked as ship; the 4 waits for a captain",
        "throw 2: 6 5 4 1    5 and 4 banked as captain and crew; launched: cargo 6 + 1 = 7",
        "throw 3: 3 3        cargo re-thrown: 3 + 3 = 6 (was 6 + 1 = 7). Turn over, no throws "
        "left: score 6",
        "launched: cargo 3 + 3, score 6 (3 of 3 throws used)",
    ]


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["65322", "3221"], "impossible turn: throw 2 (3221): 3 dice should be thrown, 4 seen: "
                            "a banked die was thrown again"),
        (["65432", "11", "22", "33"], "impossible turn: '33' after the turn was over "
                                      "(3 throws used, score 4)"),
        (["65432", "S", "11"], "impossible turn: '11' after the turn was over (stood on 5)"),
        (["64331"], "unfinished turn: not launched after 1 throw, 2 left"),
        (["64371"], "impossible turn: throw 1 (64371): '64371': a die showed 7: dice show "
                    "1 to 6"),
        (["6x4"], "impossible turn: throw 1 (6x4): '6x4' is not an event: a throw is "
                  "face values 1 to 6"),
        (["--rule", "wild-one=1", "65411"],
         "unknown rule option 'wild-one' (did you mean 'wild-ones'?)"),
    ],
)
def test_referee_impossible_turns_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], reason: str
) -> None:
    status, out, err = run(capsys, "referee", "--json", *argv)
    assert status == 2 and out == ""
    assert err == f"companion referee: {reason}\n"


def test_replay(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "replay", str(GAMES / "pub-night.scc"), "--json")
    assert status == 0
    result = json.loads(out)
    assert result["winners"] == ["Bob"] and result["pot"] == 0
    assert [p["name"] for p in result["standings"]] == ["Bob", "Ann", "Cy"]
    assert [p["chips"] for p in result["standings"]] == [3, 0, -3]
    status, out, _ = run(capsys, "replay", str(GAMES / "head-to-head.scc"))
    assert status == 0 and "1. Ann  24 points" in out and "winner: Ann" in out
    assert "match 1, round 3\n" in out and "pot" not in out  # a points game has no pot
    status, out, _ = run(capsys, "replay", str(GAMES / "pub-night.scc"))
    assert status == 0 and "match 3, round 1; pot 0 chips\n" in out


def test_replay_accepts_a_record_saved_with_a_utf8_byte_order_mark(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # issue 12: a record saved by Windows Notepad (UTF-8 with BOM) was refused
    text = (GAMES / "pub-night.scc").read_text(encoding="utf-8")
    plain = run(capsys, "replay", str(GAMES / "pub-night.scc"), "--json")
    bom = tmp_path / "pub-night-bom.scc"
    bom.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert run(capsys, "replay", str(bom), "--json") == plain
    assert plain[0] == 0 and json.loads(plain[1])["winners"] == ["Bob"]
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("\ufeff" + text))  # BOM on stdin too
    assert run(capsys, "replay", "-", "--json") == plain


def test_replay_bad_record(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.scc"
    bad.write_text("Rules: standard first-player=named\nPlayers: Ann, Bob\nAnn: 65322 3221\n")
    status, _, err = run(capsys, "replay", str(bad))
    assert status == 2
    assert err.strip().endswith(
        "line 3: '3221': 3 dice should be thrown, 4 seen: a banked die was thrown again"
    )
    missing = tmp_path / "missing.scc"
    status, _, err = run(capsys, "replay", str(missing))
    assert (status, err) == (2, f"companion replay: no such file: {missing}\n")
    status, _, err = run(capsys, "replay", str(tmp_path))
    assert (status, err) == (2, f"companion replay: {tmp_path} is a folder, not a game record\n")
    photo = tmp_path / "photo.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 not text")
    status, _, err = run(capsys, "replay", str(photo))
    assert (status, err) == (
        2, f"companion replay: {photo} is not a game record (not UTF-8 text)\n"
    )


def test_odds_without_a_decision_point(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "odds", "--json")
    assert status == 0
    result = json.loads(out)
    assert result["p_launch"]["1"] == {"exact": "205/1296", "value": 0.158179}
    assert result["p_launch"]["3"]["exact"] == "42314697971/78364164096"
    assert result["expected_score_optimal"]["exact"] == "160042333703/39182082048"
    status, out, _ = run(capsys, "odds")
    assert "launched within 2 throws: 0.356225" in out


def test_odds_at_a_decision_point(capsys: pytest.CaptureFixture[str]) -> None:
    from companion.engine import Settings
    from companion.odds import decision_odds

    status, out, _ = run(capsys, "odds", "--cargo", "7", "--throws-left", "1", "--best", "6",
                         "--players-after", "2", "--json")
    assert status == 0
    result = json.loads(out)
    d = decision_odds(Settings(), 7, 1, best=6, players_after=2)
    assert result["stand"]["exact"] == str(d.stand)
    assert result["rethrow"]["exact"] == str(d.rethrow)
    assert result["best"] == d.best == "stand"
    status, out, _ = run(capsys, "odds", "--shifting-cargo", "--cargo", "6+1", "--best", "8")
    assert status == 0 and "re-throwing one cargo die" in out
    status, _, err = run(capsys, "odds", "--cargo", "13")
    assert status == 2 and err == "companion odds: cargo is 2 to 12, not 13\n"
    status, out, err = run(capsys, "odds", "--best", "6", "--throws-left", "1")
    assert (status, out) == (2, "")
    assert err == ("companion odds: --throws-left, --best describe a decision point: give "
                   "the cargo too (--cargo 7)\n")
