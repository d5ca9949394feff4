"""Sounds and spoken announcements for the table, made by the companion itself.

Short sounds are synthesised here with numpy (sine tones with a soft attack and an
exponential decay; nothing is downloaded or shipped as a file): a tick when a throw is
read, a rising note for each die banked (ship, captain, crew), a chord for a launch, a
falling buzz for a bust (a turn over without launching) and a fanfare for a round won.
:func:`sounds_for` says which to play for one step of the game (a pure function of the
states before and after); :func:`announcement` gives the sentence to speak
(``"Ann: ship, captain and crew! Cargo 8"``).

:class:`Speaker` plays them: the sounds through ``pygame.mixer``, the sentences through
the ``espeak-ng`` program (a subprocess; absent means silent). It is silent when the
config turns sound off, when no audio device opens, and whenever
``SDL_AUDIODRIVER`` is ``dummy`` or ``disk`` (as in tests and CI): it never raises.

>>> tone = synthesise("launch")
>>> tone.dtype, tone.ndim, 0.2 < len(tone) / SAMPLE_RATE < 1.0
(dtype('int16'), 1, True)
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import wave
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray

from companion.engine import GameState, Phase, Throw
from companion.engine.events import Event

__all__ = [
    "SAMPLE_RATE",
    "SOUNDS",
    "SoundName",
    "Speaker",
    "announcement",
    "sounds_for",
    "synthesise",
    "write_wav",
]

#: Samples per second of every sound (mono, 16-bit).
SAMPLE_RATE = 22_050

SoundName = Literal["read", "ship", "captain", "crew", "launch", "bust", "win"]

#: Each sound as notes: (frequencies in Hz played together, start s, length s).
SOUNDS: dict[str, tuple[tuple[tuple[float, ...], float, float], ...]] = {
    "read": (((1760.0,), 0.0, 0.05),),
    "ship": (((523.25,), 0.0, 0.18),),   # C5
    "captain": (((659.25,), 0.0, 0.18),),  # E5
    "crew": (((783.99,), 0.0, 0.18),),   # G5
    "launch": (((523.25, 659.25, 783.99), 0.0, 0.12), ((523.25, 659.25, 783.99, 1046.5),
                                                       0.12, 0.45)),
    "bust": (((220.0,), 0.0, 0.2), ((185.0,), 0.18, 0.2), ((146.83,), 0.36, 0.35)),
    "win": (((523.25,), 0.0, 0.12), ((659.25,), 0.12, 0.12), ((783.99,), 0.24, 0.12),
            ((1046.5, 783.99, 659.25), 0.36, 0.6)),
}
#: Drivers with no sound at all (tests, CI): the speaker does not even open the mixer.
SILENT_DRIVERS = ("dummy", "disk")


def synthesise(name: str, volume: float = 1.0) -> NDArray[np.int16]:
    """The sound ``name`` (a key of :data:`SOUNDS`) as mono 16-bit samples at
    :data:`SAMPLE_RATE`, peak at ``volume`` (0..1) of full scale.

    Raises:
        ValueError: an unknown sound, or a volume outside 0..1.
    """
    if name not in SOUNDS:
        raise ValueError(f"no sound {name!r}; sounds: {', '.join(SOUNDS)}")
    if not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume is 0..1, not {volume}")
    notes = SOUNDS[name]
    length = max(start + dur for _f, start, dur in notes)
    out = np.zeros(round(length * SAMPLE_RATE) + 1, dtype=np.float64)
    for freqs, start, dur in notes:
        n = round(dur * SAMPLE_RATE)
        t = np.arange(n) / SAMPLE_RATE
        wave_ = sum(np.sin(2 * np.pi * f * t) + 0.25 * np.sin(4 * np.pi * f * t) for f in freqs)
        attack = np.minimum(1.0, t / 0.005)  # 5 ms: no click
        envelope = attack * np.exp(-4.0 * t / dur)
        begin = round(start * SAMPLE_RATE)
        out[begin:begin + n] += np.asarray(wave_) * envelope
    peak = float(np.max(np.abs(out))) or 1.0
    return np.round(out / peak * volume * 32767 * 0.9).astype(np.int16)


def write_wav(name: str, path: str | Path, volume: float = 1.0) -> Path:
    """Write the sound ``name`` to a WAV file (mono, 16-bit, :data:`SAMPLE_RATE`)."""
    samples = synthesise(name, volume)
    target = Path(path)
    with wave.open(str(target), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(SAMPLE_RATE)
        out.writeframes(samples.tobytes())
    return target


# -- what to play ---------------------------------------------------------------------


def sounds_for(before: GameState, event: Event, after: GameState) -> tuple[str, ...]:
    """The sounds for one applied event, in order (empty for none).

    A throw: ``read``, then one note per die banked by it (``ship``, ``captain``,
    ``crew``), then ``launch`` if it launched or ``bust`` if the turn ended without a
    launch; a round settled with a winner adds ``win``.
    """
    out: list[str] = []
    if isinstance(event, Throw) and after.last_throw is not None:
        record = after.last_throw
        out.append("read")
        out += [role for role in record.roles if role in ("ship", "captain", "crew")]
        turn = after.last_turn
        if record.kind == "bank" and turn is not None and turn.throws \
                and turn.throws[-1] == record:
            if turn.launched and "crew" in record.roles:  # this throw launched
                out.append("launch")
            elif turn.over and not turn.launched:
                out.append("bust")
    settled = (Phase.ROUND_OVER, Phase.MATCH_OVER)
    if after.phase in settled and before.phase not in settled:
        result = after.round_result
        if result is not None and result.winner is not None:
            out.append("win")
    return tuple(out)


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def announcement(before: GameState, event: Event, after: GameState) -> str | None:
    """A sentence to speak for one applied event, or None.

    ``"Ann: ship, captain and crew! Cargo 8"`` (a launch), ``"Ann: ship"`` (banked
    without launching), ``"Ann: no launch"`` (a bust), ``"Ann wins the round"``.
    """
    settled = (Phase.ROUND_OVER, Phase.MATCH_OVER)
    if after.phase in settled and before.phase not in settled:
        result = after.round_result
        if result is not None and result.winner is not None:
            return f"{result.winner} wins with {result.best}"
        if result is not None:
            return "Nobody wins the round"
    if not isinstance(event, Throw) or after.last_throw is None:
        return None
    record = after.last_throw
    turn = after.last_turn
    banked = [r for r in record.roles if r in ("ship", "captain", "crew")]
    if record.kind == "bank" and turn is not None and turn.launched and "crew" in banked:
        return f"{record.player}: {_and(banked)}! Cargo {turn.cargo_total}"
    if record.kind in ("bank", "cargo") and turn is not None and turn.over \
            and not turn.launched:
        return f"{record.player}: no launch"
    if banked:
        return f"{record.player}: {_and(banked)}"
    if record.kind == "cargo" and turn is not None:
        return f"{record.player}: cargo {turn.cargo_total}"
    return None


# -- playing --------------------------------------------------------------------------


class Speaker:
    """Plays the sounds and speaks the announcements; never raises, silent if it cannot.

    Args:
        enabled: sound on (the config's ``[sound] enabled``).
        volume: 0..1 (``[sound] volume``).
        speech: speak announcements through espeak-ng (``[sound] speech``).
        voice: the espeak-ng voice (``en``).
        run: how to start espeak-ng (tests pass a fake); default ``subprocess.Popen``.
    """

    def __init__(
        self,
        enabled: bool = True,
        volume: float = 0.7,
        speech: bool = False,
        voice: str = "en",
        run: Callable[[list[str]], Any] | None = None,
    ) -> None:
        self.volume = min(1.0, max(0.0, volume))
        self.voice = voice
        self._run = run or (lambda argv: subprocess.Popen(
            argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        driver = os.environ.get("SDL_AUDIODRIVER", "").lower()
        self.silent = not enabled or driver in SILENT_DRIVERS or self.volume == 0.0
        self.espeak = shutil.which("espeak-ng") if speech and not self.silent else None
        self._mixer: Any = None
        self._cache: dict[tuple[str, ...], Any] = {}
        self.played: list[str] = []  # what was asked for, for tests and logs

    def _open_mixer(self) -> Any:
        if self.silent:
            return None
        if self._mixer is None:
            try:
                import pygame

                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=SAMPLE_RATE, size=-16, channels=1)
                self._mixer = pygame.mixer
            except Exception:  # no audio device: stay silent from now on
                self.silent = True
                return None
        return self._mixer

    def play(self, names: Sequence[str]) -> None:
        """Play the sounds ``names`` one after the other (joined into one sound)."""
        self.played += names
        mixer = self._open_mixer()
        if mixer is None or not names:
            return
        key = tuple(names)
        try:
            if key not in self._cache:
                gap = np.zeros(int(0.03 * SAMPLE_RATE), dtype=np.int16)
                samples = np.concatenate([part for n in key
                                          for part in (synthesise(n, self.volume), gap)])
                channels = mixer.get_init()[2]
                if channels > 1:
                    samples = np.ascontiguousarray(np.repeat(samples[:, None], channels, axis=1))
                self._cache[key] = mixer.Sound(buffer=samples.tobytes())
            self._cache[key].play()
        except Exception:  # a mixer that fails mid-game: stay silent, never stop the game
            self.silent = True

    def say(self, text: str | None) -> None:
        """Speak ``text`` through espeak-ng (if on and installed); returns at once."""
        if not text or self.espeak is None:
            return
        amplitude = str(round(self.volume * 200))  # espeak-ng: 0..200
        try:
            self._run([self.espeak, "-v", self.voice, "-a", amplitude, "-s", "160", text])
        except OSError:
            self.espeak = None

    def step(self, before: GameState, event: Event, after: GameState) -> None:
        """The sounds and the announcement of one applied event."""
        self.play(sounds_for(before, event, after))
        self.say(announcement(before, event, after))

    def close(self) -> None:
        if self._mixer is not None:
            with contextlib.suppress(Exception):
                self._mixer.quit()
            self._mixer = None
