"""The config's model: one frozen dataclass per section (what the app reads), the
problems a file can have, and :class:`ConfigError`, the config layer's one error."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType

from companion.engine import Settings, settings_from_options

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class ButtonConfig:
    """``[button]``: the throw and undo buttons (see :mod:`hardware.button`)."""

    kind: str = "gpio"
    pin: int = 17
    undo_pin: int | None = None
    bounce_time_s: float = 0.02
    hold_time_s: float = 1.5
    min_press_s: float = 0.05
    long_hold_time_s: float = 4.0


@dataclass(frozen=True)
class CameraConfig:
    """``[camera]``: which camera and how it exposes (see :mod:`hardware.camera`)."""

    kind: str = "pi"
    resolution: tuple[int, int] = (1640, 1232)
    exposure_us: int | None = None
    analogue_gain: float | None = None
    flicker_hz: int = 50
    usb_index: int = 0
    replay_path: Path | None = None
    settle_s: float = 1.0
    timeout_s: float = 2.0
    burst_frames: int = 3
    burst_interval_s: float = 0.08

    @property
    def longest_wait_s(self) -> float:
        """The longest one press may wait on this camera, s: every frame of the burst
        taking just under ``timeout_s``, with the intervals between them."""
        return self.burst_frames * self.timeout_s + (self.burst_frames - 1) * self.burst_interval_s


@dataclass(frozen=True)
class TrayConfig:
    """``[tray]``: where the dice are in the camera's frame, in px (``None`` = unknown).

    Boxes are ``(x_min, y_min, x_max, y_max)``, the form of ``vision.Calibration``.
    """

    region: Box | None = None
    bank_zone: Box | None = None
    die_size_px: float | None = None


@dataclass(frozen=True)
class DisplayConfig:
    """``[display]``: the screen."""

    fullscreen: bool = True
    size: tuple[int, int] = (1280, 720)
    show_odds: bool = True


def _standard_settings() -> Settings:
    return settings_from_options("standard", {})


@dataclass(frozen=True)
class RulesConfig:
    """``[rules]``: a preset and options, as checked by the engine (``settings``)."""

    preset: str = "standard"
    options: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))
    settings: Settings = field(default_factory=_standard_settings)


@dataclass(frozen=True)
class PlayersConfig:
    """``[players]``: the names, in seating order (clockwise)."""

    names: tuple[str, ...] = ("Player 1", "Player 2")


@dataclass(frozen=True)
class JournalConfig:
    """``[journal]``: the SQLite journal and the disk space its photos may use."""

    path: Path = Path("companion-journal.sqlite3")
    photo_budget_mb: int = 200


@dataclass(frozen=True)
class SoundConfig:
    """``[sound]``: the companion's own sounds and spoken announcements
    (:class:`companion.sound.Speaker`)."""

    enabled: bool = True
    volume: float = 0.7
    speech: bool = False
    voice: str = "en"


@dataclass(frozen=True)
class LogConfig:
    """``[log]``: how much the service logs (to the journal: ``journalctl -u ...``)."""

    level: str = "info"


#: The ``[log] level`` choices, least to most verbose (the stdlib logging levels).
LOG_LEVELS: tuple[str, ...] = ("error", "warning", "info", "debug")


@dataclass(frozen=True)
class Config:
    """The whole config; ``source`` is the file it came from (``None``: defaults)."""

    button: ButtonConfig = field(default_factory=ButtonConfig)
    camera: CameraConfig = field(default_factory=CameraConfig)
    tray: TrayConfig = field(default_factory=TrayConfig)
    display: DisplayConfig = field(default_factory=DisplayConfig)
    rules: RulesConfig = field(default_factory=RulesConfig)
    players: PlayersConfig = field(default_factory=PlayersConfig)
    journal: JournalConfig = field(default_factory=JournalConfig)
    log: LogConfig = field(default_factory=LogConfig)
    sound: SoundConfig = field(default_factory=SoundConfig)
    source: Path | None = None



@dataclass(frozen=True)
class ConfigProblem:
    """One thing wrong with a config file.

    ``key`` is the dotted key (``"camera.flicker_hz"``; a section name for a whole
    section; ``""`` for the file itself), ``line`` its 1-based line in the file
    (``None`` when it is not in the file, e.g. a key that is required but missing).
    """

    key: str
    line: int | None
    message: str

    def __str__(self) -> str:
        where = f"line {self.line}: " if self.line is not None else ""
        what = f"{self.key}: " if self.key else ""
        return f"{where}{what}{self.message}"


class ConfigError(ValueError):
    """A config file that cannot be used; ``problems`` lists every problem found."""

    def __init__(self, problems: list[ConfigProblem], source: Path | None = None) -> None:
        self.problems = list(problems)
        self.source = source
        name = str(source) if source is not None else "config"
        count = len(self.problems)
        lines = [f"{name} has {count} problem{'s' if count != 1 else ''}:"]
        lines += [f"  {problem}" for problem in self.problems]
        super().__init__("\n".join(lines))
