"""The app with issue 14's parts: the House plays by the odds, the night screen between
rounds and when idle, and the sounds of each event."""

from __future__ import annotations

from pathlib import Path

from companion.app import AppSettings, Companion
from companion.display import Screen
from companion.engine import Phase
from companion.journal import GameSetup, Journal
from companion.sound import Speaker
from hardware.camera import ReplayCamera

from .trays import tray

PRACTICE = GameSetup("standard", {"first-player": "named"}, ("Ann", "House"))


def _companion(tmp_path: Path, throws: list[object], **kwargs: object) -> Companion:
    lines: list[str] = []
    companion = Companion(
        Journal(tmp_path / "journal.sqlite3"), PRACTICE,
        ReplayCamera(throws),  # type: ignore[arg-type]
        AppSettings(burst_frames=1, burst_interval_s=0.0), log=lines.append,
        **kwargs,  # type: ignore[arg-type]
    )
    companion.lines = lines  # type: ignore[attr-defined]
    return companion


def test_the_house_stands_by_itself_when_the_odds_say_so(tmp_path: Path) -> None:
    companion = _companion(tmp_path, [tray(6, 5, 4, 3, 3, seed=21),
                                      tray(6, 5, 4, 6, 2, seed=22)])
    assert companion.press().applied is not None   # Ann: cargo 6
    assert companion.hold().applied is not None    # Ann stands on 6
    companion.press()                              # a person throws for the House: cargo 8
    state = companion.state
    assert state.phase is Phase.MATCH_OVER and state.winners == ("House",)
    tokens = [e.token for e in companion.journal.entries()]
    assert len(tokens) == 4 and sorted(tokens[2]) == sorted("65462")
    assert tokens[3] == "S"                        # the House's stand is journaled
    log = "\n".join(companion.lines)  # type: ignore[attr-defined]
    assert "House stands on 8: 100 % to win" in log


def test_the_house_asks_for_a_rethrow_and_says_its_chance(tmp_path: Path) -> None:
    companion = _companion(tmp_path, [tray(6, 5, 4, 3, 3, seed=23),
                                      tray(6, 5, 4, 2, 1, seed=24)])
    companion.press()
    companion.hold()
    companion.press()                              # the House: cargo 3 against Ann's 6
    assert companion.state.current_player == "House" and companion.state.dice_to_throw == 2
    view = companion.view()
    assert view.message is not None
    assert view.message.action == ("House re-throws the cargo (2 + 1): 86 % to win "
                                   "(standing on 3: 0 %): throw 2 dice for the House")


def test_a_press_between_rounds_shows_the_night_and_the_idle_screen_keeps_it(
        tmp_path: Path) -> None:
    speaker = Speaker(enabled=True)  # silent in tests: it only records what it would play
    companion = _companion(tmp_path, [tray(6, 5, 4, 3, 3, seed=25),
                                      tray(6, 5, 4, 6, 2, seed=26)], speaker=speaker)
    companion.press()
    assert speaker.played == ["read", "ship", "captain", "crew", "launch"]
    companion.hold()
    companion.press()
    assert speaker.played[-1] == "win"
    assert companion.view().screen is Screen.MATCH_RESULT
    companion.press()                              # between rounds: the night so far
    view = companion.view()
    assert view.screen is Screen.NIGHT and view.night is not None
    assert view.night.rounds == 1 and view.night.last_rounds == (("House", 8),)
    assert [p.name for p in view.night.players] == ["House", "Ann"]
    assert view.night.dice == 10
    assert view.message is not None and "hold it to start the next round" in view.message.action
    companion.press()                              # and back
    assert companion.view().screen is Screen.MATCH_RESULT
    companion.press()
    companion.hold()                               # a hold starts the next match
    assert companion.state.match_number == 2 and companion.view().screen is not Screen.NIGHT
    companion.journal.close()
    # a new game on the same journal: while idle, the night so far
    again = Companion(Journal(tmp_path / "journal.sqlite3"), PRACTICE, None, new_game=True,
                      log=lambda _line: None)
    view = again.view()
    assert view.screen is Screen.NIGHT and view.night is not None
    assert (view.night.games, view.night.rounds) == (1, 1)  # the new game has no event yet
    assert view.message is not None and view.message.action == "Press the button to start"
