"""Sounds made by the companion (:mod:`companion.sound`): what plays when, and silence in tests."""

from __future__ import annotations

import wave
from pathlib import Path

import numpy as np
import pytest

from companion.engine import GameState, Stand, Throw, apply, new_game, settings_from_options
from companion.engine.events import Event
from companion.sound import (
    SAMPLE_RATE,
    SOUNDS,
    Speaker,
    announcement,
    sounds_for,
    synthesise,
    write_wav,
)


def _start(players: tuple[str, ...] = ("Ann", "Bob")) -> GameState:
    return new_game(settings_from_options("standard", {"first-player": "named"}), list(players))


def _step(state: GameState, event: Event) -> tuple[GameState, Event, GameState]:
    return state, event, apply(state, event)


@pytest.mark.parametrize(("name", "hz"), [("ship", 523.25), ("captain", 659.25),
                                          ("crew", 783.99), ("read", 1760.0)])
def test_each_note_is_the_pitch_it_is_meant_to_be(name: str, hz: float) -> None:
    samples = synthesise(name, 0.5).astype(np.float64)
    spectrum = np.abs(np.fft.rfft(samples * np.hanning(len(samples)), n=1 << 16))
    peak_hz = np.argmax(spectrum) * SAMPLE_RATE / (1 << 16)
    assert peak_hz == pytest.approx(hz, abs=2 * SAMPLE_RATE / (1 << 16))
    assert int(np.max(np.abs(synthesise(name, 0.5)))) == round(0.5 * 32767 * 0.9)


def test_sounds_are_short_start_softly_and_end_quietly() -> None:
    for name in SOUNDS:
        samples = synthesise(name)
        assert samples.dtype == np.int16 and samples.ndim == 1
        assert 0.04 < len(samples) / SAMPLE_RATE <= 1.0, name
        assert abs(int(samples[0])) < 500, name        # 5 ms attack: no click
        tail = np.abs(samples[-SAMPLE_RATE // 100:]).max()
        assert tail < 0.1 * np.abs(samples).max(), name  # decayed by the end
    with pytest.raises(ValueError, match="no sound 'boom'"):
        synthesise("boom")
    with pytest.raises(ValueError, match=r"volume is 0\.\.1"):
        synthesise("ship", 1.5)


def test_a_wav_file_holds_the_sound(tmp_path: Path) -> None:
    path = write_wav("launch", tmp_path / "launch.wav", 0.8)
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, SAMPLE_RATE)
        frames = np.frombuffer(wav.readframes(wav.getnframes()), dtype=np.int16)
    assert np.array_equal(frames, synthesise("launch", 0.8))


def test_what_plays_for_each_throw_and_what_is_said() -> None:
    state = _start()
    before, event, after = _step(state, Throw((6, 4, 3, 3, 1)))
    assert sounds_for(before, event, after) == ("read", "ship")
    assert announcement(before, event, after) == "Ann: ship"
    before, event, after = _step(after, Throw((6, 5, 4, 2)))
    assert sounds_for(before, event, after) == ("read", "captain", "crew", "launch")
    assert announcement(before, event, after) == "Ann: captain and crew! Cargo 8"
    before, event, after = _step(after, Stand())
    assert sounds_for(before, event, after) == ()
    assert announcement(before, event, after) is None
    state = after
    for dice in [(1, 1, 1, 1, 1), (1, 1, 1, 1, 1)]:
        state = apply(state, Throw(dice))
    before, event, after = _step(state, Throw((2, 2, 2, 2, 2)))
    assert sounds_for(before, event, after) == ("read", "bust", "win")  # Bob busts: Ann wins
    assert announcement(before, event, after) == "Ann wins with 8"


def test_ship_captain_and_crew_in_one_throw_is_announced_in_full() -> None:
    before, event, after = _step(_start(), Throw((6, 5, 4, 6, 2)))
    assert sounds_for(before, event, after) == ("read", "ship", "captain", "crew", "launch")
    assert announcement(before, event, after) == "Ann: ship, captain and crew! Cargo 8"


def test_in_tests_the_speaker_is_silent_and_opens_no_audio(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    calls: list[list[str]] = []
    speaker = Speaker(enabled=True, volume=1.0, speech=True, run=calls.append)
    before, event, after = _step(_start(), Throw((6, 5, 4, 6, 2)))
    speaker.step(before, event, after)
    assert speaker.silent and speaker.played == ["read", "ship", "captain", "crew", "launch"]
    assert calls == [] and not pygame.mixer.get_init()


def test_espeak_ng_speaks_when_installed_and_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr("companion.sound.shutil.which",
                        lambda name: "/usr/bin/espeak-ng" if name == "espeak-ng" else None)
    calls: list[list[str]] = []
    speaker = Speaker(enabled=True, volume=0.5, speech=True, run=calls.append)
    speaker._open_mixer = lambda: None  # type: ignore[method-assign]  # no sound card here
    speaker.say("Ann: ship, captain and crew! Cargo 8")
    assert calls == [["/usr/bin/espeak-ng", "-v", "en", "-a", "100", "-s", "160",
                      "Ann: ship, captain and crew! Cargo 8"]]
    off = Speaker(enabled=False, speech=True, run=calls.append)
    off.say("nothing")
    quiet = Speaker(enabled=True, speech=False, run=calls.append)
    quiet.say("nothing")
    assert len(calls) == 1
    monkeypatch.setattr("companion.sound.shutil.which", lambda name: None)
    absent = Speaker(enabled=True, speech=True, run=calls.append)
    absent.say("nothing")  # espeak-ng not installed: silent, no error
    assert len(calls) == 1


def test_a_mixer_that_cannot_open_leaves_the_game_silent(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")

    def no_device(*_args: object, **_kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    speaker = Speaker(enabled=True)
    speaker.play(["read", "win"])  # no exception
    assert speaker.silent and speaker.played == ["read", "win"]
