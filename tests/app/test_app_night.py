"""The app with issue 14's parts: the House plays by the odds, the night screen between
rounds and when idle, and the sounds of each event."""

from __future__ import annotations

from pathlib import Path

from gpiozero.pins.mock import MockFactory

from companion.app import AppSettings, Companion, Outcome
from companion.display import Screen
from companion.engine import Phase, Stand
from companion.journal import GameSetup, Journal
from companion.sound import Speaker
from hardware.button import ButtonEvent, ThrowButton
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


def _won_by_the_house(tmp_path: Path, **kwargs: object) -> Companion:
    """A practice game the House has just won (the match is over: between rounds)."""
    companion = _companion(tmp_path, [tray(6, 5, 4, 3, 3, seed=25),
                                      tray(6, 5, 4, 6, 2, seed=26)], **kwargs)
    companion.press()
    companion.hold()
    companion.press()
    assert companion.view().screen is Screen.MATCH_RESULT
    return companion


def test_a_long_hold_between_rounds_shows_the_night_and_the_idle_screen_keeps_it(
        tmp_path: Path) -> None:
    speaker = Speaker(enabled=True)  # silent in tests: it only records what it would play
    companion = _won_by_the_house(tmp_path, speaker=speaker)
    assert speaker.played[:5] == ["read", "ship", "captain", "crew", "launch"]
    assert speaker.played[-1] == "win"
    refused = companion.handle(ButtonEvent("press", 1.0))  # a press shows nothing new
    assert refused.problem == "The match is over" and companion.view().screen is not Screen.NIGHT
    message = companion.view().message
    assert message is not None and message.action == (
        "Hold the button to start a new match; keep holding it for the night so far")
    companion.handle(ButtonEvent("holding", 2.0))  # held past the hold time: what letting go does
    message = companion.view().message
    assert message is not None and message.text == "Let go to start a new match"
    assert message.action == "Keep holding to see the night so far"
    assert companion.handle(ButtonEvent("long_hold", 4.5)) == Outcome()
    view = companion.view()
    assert view.screen is Screen.NIGHT and view.night is not None
    assert view.night.rounds == 1 and view.night.last_rounds == (("House", 8),)
    assert [p.name for p in view.night.players] == ["House", "Ann"]
    assert view.night.dice == 10
    assert view.message is not None
    assert view.message.action == "Press the button to go back to the round"
    companion.handle(ButtonEvent("press", 6.0))  # any press goes back, and reads nothing
    view = companion.view()
    assert view.screen is Screen.MATCH_RESULT
    assert view.message is not None and view.message.text == "Hold the button to start a new match"
    assert len(companion.journal.entries()) == 4
    companion.handle(ButtonEvent("long_hold", 9.0))
    companion.handle(ButtonEvent("holding", 10.5))  # the night stays while held
    assert companion.view().screen is Screen.NIGHT
    companion.handle(ButtonEvent("hold", 11.0))  # a hold goes back too: no match starts
    assert companion.view().screen is Screen.MATCH_RESULT and companion.state.match_number == 1
    companion.handle(ButtonEvent("hold", 13.0))  # a hold starts the next match
    assert companion.state.match_number == 2 and companion.view().screen is not Screen.NIGHT
    companion.journal.close()
    # a new game on the same journal: while idle, the night so far
    again = Companion(Journal(tmp_path / "journal.sqlite3"), PRACTICE, None, new_game=True,
                      log=lambda _line: None)
    view = again.view()
    assert view.screen is Screen.NIGHT and view.night is not None
    assert (view.night.games, view.night.rounds) == (1, 1)  # the new game has no event yet
    assert view.message is not None and view.message.action == "Press the button to start"


def test_a_long_hold_during_a_turn_is_a_hold_and_holding_says_let_go(tmp_path: Path) -> None:
    companion = _companion(tmp_path, [tray(6, 5, 4, 3, 3, seed=25)])
    companion.press()                              # Ann launches: cargo 6, may stand
    companion.handle(ButtonEvent("holding", 1.5))
    message = companion.view().message
    assert message is not None and (message.text, message.action) == ("Let go to stand", "")
    outcome = companion.handle(ButtonEvent("long_hold", 4.0))
    assert isinstance(outcome.applied, Stand) and companion.view().screen is not Screen.NIGHT


def test_a_long_hold_cancels_an_undo_waiting_and_shows_no_night(tmp_path: Path) -> None:
    companion = _won_by_the_house(tmp_path)
    companion.handle(ButtonEvent("undo", 1.0))
    companion.handle(ButtonEvent("holding", 2.5))  # the question stays on screen
    assert companion.view().confirm is not None
    assert companion.handle(ButtonEvent("long_hold", 5.0)).problem == "undo cancelled"
    assert companion.view().screen is Screen.MATCH_RESULT


def test_the_night_by_a_long_hold_of_the_gpio_button(tmp_path: Path) -> None:
    # the button on gpiozero's mock pins, dated by a fake clock, into the app
    clock = FakeClock()
    factory = MockFactory()
    companion = _won_by_the_house(tmp_path)
    with ThrowButton(17, hold_time=1.5, long_hold_time=4.0, pin_factory=factory,
                     clock=clock) as button:
        pin = factory.pin(17)

        def hold_for(seconds: float) -> list[str]:
            pin.drive_low()
            clock.now += seconds
            kinds = []
            while (event := button.get(timeout_s=0.5)) is not None:
                kinds.append(event.kind)
                companion.handle(event)
            pin.drive_high()
            clock.now += 0.1
            while (event := button.get(timeout_s=0.5)) is not None:
                kinds.append(event.kind)
                companion.handle(event)
            clock.now += 1.0
            return kinds

        assert hold_for(4.2) == ["holding", "long_hold"]
        assert companion.view().screen is Screen.NIGHT
        assert hold_for(0.2) == ["press"]
        assert companion.view().screen is Screen.MATCH_RESULT
        assert hold_for(2.0) == ["holding", "hold"]  # let go after 2 s: a new match
        assert companion.state.match_number == 2
    factory.reset()


class FakeClock:
    """Monotonic seconds moved by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
