"""The companion's one config file (TOML, read with the stdlib's ``tomllib``).

Sections: ``[button]``, ``[camera]``, ``[tray]``, ``[display]``, ``[rules]``,
``[players]``, ``[journal]``, ``[log]``; every key, its default and its range are in
:data:`SCHEMA` and in ``config/companion.example.toml``. A missing file means the
documented defaults. Unknown keys, values of the wrong type and values out of range
are errors, all reported at once with their key and line
(:func:`check_config`; ``companion config check FILE``). The ``[rules]`` section is
checked by the engine itself (:func:`companion.engine.settings_from_options`) and the
player names by :func:`companion.engine.new_game`, so the config and the referee can
never disagree on what is allowed.

Relative paths (``camera.replay_path``, ``journal.path``) are relative to the config
file's folder (the working directory when there is no file).

>>> config = config_from_text('''
... [camera]
... kind = "usb"
... resolution = [1280, 720]
... [players]
... names = ["Ann", "Bob", "Cy"]
... ''')
>>> config.camera.kind, config.camera.resolution, config.players.names
('usb', (1280, 720), ('Ann', 'Bob', 'Cy'))
>>> config.button.pin, config.button.hold_time_s    # defaults
(17, 1.5)
>>> try:
...     config_from_text('[camera]\\nflicker_hz = 55\\nexposure = 20000\\n')
... except ConfigError as error:
...     print(error)
config has 2 problems:
  line 2: camera.flicker_hz: must be 0, 50 or 60, not 55
  line 3: camera.exposure: unknown key (did you mean 'exposure_us'?)
"""

from __future__ import annotations

import difflib
import logging
import math
import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.engine import PRESETS, Settings, SettingsError, new_game, settings_from_options
from hardware.exposure import flicker_period_us, is_flicker_free

__all__ = [
    "SCHEMA",
    "ButtonConfig",
    "CameraConfig",
    "Config",
    "ConfigError",
    "ConfigProblem",
    "DisplayConfig",
    "JournalConfig",
    "Key",
    "LogConfig",
    "PlayersConfig",
    "RulesConfig",
    "TrayConfig",
    "check_config",
    "config_from_text",
    "load_config",
]

log = logging.getLogger(__name__)

Box = tuple[float, float, float, float]


# --------------------------------------------------------------------------------------
# The settings objects (frozen; what the app reads)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ButtonConfig:
    """``[button]``: the throw and undo buttons (see :mod:`hardware.button`)."""

    kind: str = "gpio"
    pin: int = 17
    undo_pin: int | None = None
    bounce_time_s: float = 0.02
    hold_time_s: float = 1.5
    min_press_s: float = 0.05


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
class LogConfig:
    """``[log]``: how much the service logs (to the journal: ``journalctl -u ...``)."""

    level: str = "info"


@dataclass(frozen=True)
class SoundConfig:
    """``[sound]``: the companion's own sounds and spoken announcements
    (:class:`companion.sound.Speaker`)."""

    enabled: bool = True
    volume: float = 0.7
    speech: bool = False
    voice: str = "en"


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


# --------------------------------------------------------------------------------------
# Problems
# --------------------------------------------------------------------------------------
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


# --------------------------------------------------------------------------------------
# The schema: every key, its kind, range and meaning (the example file and README
# follow it; a test checks that they do)
# --------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Key:
    """One config key: kind, default, range and a line of help.

    ``kind`` is ``int``, ``float``, ``bool``, ``str``, ``choice``, ``pair`` (two whole
    numbers), ``box`` (four numbers), ``names`` (a list of strings) or ``path``.
    ``default`` ``None`` means the key may be left out (then it is ``None``).
    """

    name: str
    kind: str
    default: Any
    help: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Any, ...] = ()


def _keys(*keys: Key) -> dict[str, Key]:
    return {k.name: k for k in keys}


#: Every section and key of the file (``[rules]`` takes the engine's options besides
#: ``preset``; see ``companion.engine.OPTIONS``).
SCHEMA: dict[str, dict[str, Key]] = {
    "button": _keys(
        Key(
            "kind",
            "choice",
            "gpio",
            "gpio: buttons on the Pi's pins; keyboard: space, s, u",
            choices=("gpio", "keyboard"),
        ),
        Key("pin", "int", 17, "GPIO (BCM) number of the throw button", 2, 27),
        Key(
            "undo_pin",
            "int",
            None,
            "GPIO (BCM) number of the undo button; leave out if none",
            2,
            27,
        ),
        Key("bounce_time_s", "float", 0.02, "debounce window, s", 0.0, 0.2),
        Key("hold_time_s", "float", 1.5, "press length that makes a hold, s", 0.3, 10.0),
        Key(
            "min_press_s",
            "float",
            0.05,
            "shortest press, s; a shorter pulse on the line is a glitch, not a press",
            0.0,
            0.25,
        ),
    ),
    "camera": _keys(
        Key(
            "kind",
            "choice",
            "pi",
            "pi (ribbon camera), usb, or replay (recorded throws)",
            choices=("pi", "usb", "replay"),
        ),
        Key("resolution", "pair", (1640, 1232), "frame width and height, px", 64, 8192),
        Key(
            "exposure_us",
            "int",
            None,
            "fixed exposure, us; leave out for auto exposure locked after settling",
            100,
            1_000_000,
        ),
        Key(
            "analogue_gain",
            "float",
            None,
            "fixed analogue gain with exposure_us (Pi camera); leave out to keep AE's",
            1.0,
            64.0,
        ),
        Key(
            "flicker_hz",
            "choice",
            50,
            "mains frequency of the lighting, Hz; 0 = none",
            choices=(0, 50, 60),
        ),
        Key("usb_index", "int", 0, "USB camera device number (/dev/videoN)", 0, 63),
        Key(
            "replay_path",
            "path",
            None,
            "folder, manifest (.json) or image the replay camera serves",
        ),
        Key(
            "settle_s",
            "float",
            1.0,
            "seconds auto exposure and white balance run before they are locked",
            0.0,
            10.0,
        ),
        Key("timeout_s", "float", 2.0, "longest wait for one frame, s", 0.1, 60.0),
        Key(
            "burst_frames", "int", 3, "frames per throw (the stillness check compares them)", 1, 30
        ),
        Key("burst_interval_s", "float", 0.08, "time between the frames of a burst, s", 0.0, 2.0),
    ),
    "tray": _keys(
        Key("region", "box", None, "the throw area [x_min, y_min, x_max, y_max], px"),
        Key(
            "bank_zone",
            "box",
            None,
            "where banked dice are set aside [x_min, y_min, x_max, y_max], px",
        ),
        Key("die_size_px", "float", None, "side of a die's top face in the frame, px", 4.0, 2000.0),
    ),
    "display": _keys(
        Key("fullscreen", "bool", True, "fill the screen (else a window of size)"),
        Key(
            "size",
            "pair",
            (1280, 720),
            "window width and height when not fullscreen, px",
            160,
            16384,
        ),
        Key("show_odds", "bool", True, "show the chances when a player may stand"),
    ),
    "rules": _keys(
        Key("preset", "choice", "standard", "the rule set to start from", choices=tuple(PRESETS)),
    ),
    "players": _keys(
        Key("names", "names", ("Player 1", "Player 2"), "the players, in seating order"),
    ),
    "journal": _keys(
        Key("path", "path", "companion-journal.sqlite3", "the SQLite journal file"),
        Key(
            "photo_budget_mb",
            "int",
            200,
            "disk space for throw photos, MB (oldest pruned first); 0 keeps none",
            0,
            1_000_000,
        ),
    ),
    "log": _keys(
        Key(
            "level",
            "choice",
            "info",
            "error, warning, info (one line per throw, with its timings) or debug",
            choices=LOG_LEVELS,
        ),
    ),
    "sound": _keys(
        Key("enabled", "bool", True,
            "short sounds: a throw read, ship / captain / crew banked, launch, bust, round won"),
        Key("volume", "float", 0.7, "loudness of sounds and speech, 0 (silent) to 1", 0.0, 1.0),
        Key("speech", "bool", False,
            "speak announcements through espeak-ng ('Ann: ship, captain and crew! Cargo 8')"),
        Key("voice", "str", "en", "the espeak-ng voice (espeak-ng --voices lists them)"),
    ),
}


# --------------------------------------------------------------------------------------
# Loading and checking
# --------------------------------------------------------------------------------------
def load_config(path: str | Path | None = None) -> Config:
    """Read and check the config file at ``path``; ``None`` or a missing file: defaults.

    Raises :class:`ConfigError` listing every problem (with its line) when the file
    exists but is not valid.
    """
    if path is None:
        return Config()
    source = Path(path)
    if not source.exists():
        log.warning("config file %s not found: using the documented defaults", source)
        return Config()
    text, problem = _read(source)
    if problem is not None:
        raise ConfigError([problem], source)
    config, problems = _check_text(text, source.parent, source)
    if problems or config is None:
        raise ConfigError(problems, source)
    return config


def check_config(path: str | Path) -> list[ConfigProblem]:
    """Every problem in the config file at ``path`` (empty when it is valid).

    A missing file is reported as a problem here (``companion config check`` was asked
    about a file), although :func:`load_config` would run on the defaults.
    """
    source = Path(path)
    if not source.exists():
        return [
            ConfigProblem(
                "", None, f"{source} not found (the companion would run on the documented defaults)"
            )
        ]
    text, problem = _read(source)
    if problem is not None:
        return [problem]
    return _check_text(text, source.parent, source)[1]


def config_from_text(text: str, base_dir: str | Path | None = None) -> Config:
    """Check TOML ``text`` and return its config; relative paths join ``base_dir``.

    Raises :class:`ConfigError` listing every problem.
    """
    config, problems = _check_text(text, Path(base_dir) if base_dir else None, None)
    if problems or config is None:
        raise ConfigError(problems)
    return config


def _read(source: Path) -> tuple[str, ConfigProblem | None]:
    try:
        return source.read_text(encoding="utf-8"), None
    except UnicodeDecodeError as exc:
        return "", ConfigProblem("", None, f"not a text file (UTF-8): {exc.reason}")
    except OSError as exc:
        return "", ConfigProblem("", None, f"cannot be read: {exc.strerror or exc}")


def _check_text(
    text: str, base_dir: Path | None, source: Path | None
) -> tuple[Config | None, list[ConfigProblem]]:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        line: int | None = None
        match = re.search(r"\s*\(at line (\d+), column (\d+)\)", message)
        if match:
            line = int(match.group(1))
            message = message[: match.start()] + f" (column {match.group(2)})"
        elif "(at end of document)" in message:
            line = max(1, len(text.splitlines()))
            message = message.replace(" (at end of document)", " (at the end of the file)")
        return None, [ConfigProblem("", line, f"not valid TOML: {message}")]
    checker = _Checker(text, base_dir)
    config = checker.check(data, source)
    problems = sorted(checker.problems, key=lambda p: (p.line is None, p.line or 0))
    return (None if problems else config), problems


class _Checker:
    """Walks the parsed TOML against :data:`SCHEMA`, collecting every problem."""

    def __init__(self, text: str, base_dir: Path | None) -> None:
        self.lines = key_lines(text)
        self.base_dir = base_dir
        self.problems: list[ConfigProblem] = []

    def problem(self, key: str, message: str) -> None:
        self.problems.append(ConfigProblem(key, self.line_of(key), message))

    def line_of(self, key: str) -> int | None:
        parts = key.split(".")
        while parts:
            line = self.lines.get(".".join(parts))
            if line is not None:
                return line
            parts.pop()
        return None

    # -- the whole file ------------------------------------------------------------
    def check(self, data: dict[str, Any], source: Path | None) -> Config:
        for name in data:
            if name not in SCHEMA:
                self.problem(name, _unknown("section", name, list(SCHEMA), "the sections are"))
        sections = {name: self.section(name, data.get(name, {})) for name in SCHEMA}
        button = ButtonConfig(**self.values("button", sections["button"]))
        camera = self.camera(sections["camera"])
        tray = self.tray(sections["tray"], camera)
        display = DisplayConfig(**self.values("display", sections["display"]))
        rules = self.rules(sections["rules"])
        players = self.players(sections["players"], rules.settings)
        journal = JournalConfig(**self.values("journal", sections["journal"]))
        log_config = LogConfig(**self.values("log", sections["log"]))
        sound = SoundConfig(**self.values("sound", sections["sound"]))
        if button.undo_pin is not None and button.undo_pin == button.pin:
            self.problem(
                "button.undo_pin",
                f"the undo button cannot share GPIO{button.pin} with the throw button",
            )
        return Config(button, camera, tray, display, rules, players, journal, log_config, sound,
                      source)

    def section(self, name: str, value: object) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.problem(name, f"must be a section ([{name}]), not {_toml_type(value)}")
            return {}
        if name != "rules":
            for key in value:
                if key not in SCHEMA[name]:
                    self.problem(
                        f"{name}.{key}",
                        _unknown("key", key, list(SCHEMA[name]), f"the keys of [{name}] are"),
                    )
        return value

    def values(self, section: str, table: dict[str, Any]) -> dict[str, Any]:
        """Checked values of a section's schema keys (defaults for missing or bad ones)."""
        result: dict[str, Any] = {}
        for key in SCHEMA[section].values():
            value = key.default
            if key.name in table:
                checked = self.value(f"{section}.{key.name}", key, table[key.name])
                if checked is not _BAD:
                    value = checked
            result[key.name] = self.convert(key, value)
        return result

    def convert(self, key: Key, value: Any) -> Any:
        if value is None:
            return None
        if key.kind == "path":
            path = Path(value).expanduser()
            if not path.is_absolute() and self.base_dir is not None:
                path = self.base_dir / path
            return path
        if key.kind in ("pair", "names"):
            return tuple(value)
        if key.kind == "box":
            return tuple(float(v) for v in value)
        if key.kind == "float":
            return float(value)
        return value

    def value(self, dotted: str, key: Key, value: object) -> Any:
        """Check one value; report and return ``_BAD`` when it is wrong."""
        message = _check_value(key, value)
        if message is None:
            return value
        self.problem(dotted, message)
        return _BAD

    # -- sections with more than per-key checks -----------------------------------------
    def camera(self, table: dict[str, Any]) -> CameraConfig:
        camera = CameraConfig(**self.values("camera", table))
        if camera.analogue_gain is not None and camera.exposure_us is None:
            self.problem(
                "camera.analogue_gain",
                "is only used with a fixed exposure_us: set exposure_us too, or leave the gain out",
            )
        if (
            camera.exposure_us is not None
            and camera.flicker_hz
            and not is_flicker_free(camera.exposure_us, camera.flicker_hz)
        ):
            period = flicker_period_us(camera.flicker_hz)
            low = max(1, math.floor(camera.exposure_us / period))
            choices = ", ".join(str(round(k * period)) for k in (low, low + 1))
            self.problem(
                "camera.exposure_us",
                f"{camera.exposure_us} us is not a whole number of {camera.flicker_hz} Hz "
                f"flicker periods ({period:g} us): the image would band; use e.g. {choices}",
            )
        if camera.kind == "pi" and any(v % 2 for v in camera.resolution):
            self.problem(
                "camera.resolution",
                "the Pi camera needs an even width and height, "
                f"not {camera.resolution[0]} x {camera.resolution[1]}",
            )
        if camera.kind == "replay":
            if camera.replay_path is None:
                self.problem("camera.replay_path", 'is needed when kind = "replay"')
            elif not camera.replay_path.exists():
                self.problem("camera.replay_path", f"{camera.replay_path} not found")
        return camera

    def tray(self, table: dict[str, Any], camera: CameraConfig) -> TrayConfig:
        tray = TrayConfig(**self.values("tray", table))
        width, height = camera.resolution
        live = camera.kind in ("pi", "usb")
        for name in ("region", "bank_zone"):
            box = getattr(tray, name)
            if box is not None and live and (box[2] > width or box[3] > height):
                self.problem(
                    f"tray.{name}",
                    f"{_box_text(box)} reaches past the camera's {width} x {height} px frame",
                )
        if tray.die_size_px is not None and tray.region is not None:
            smaller = min(tray.region[2] - tray.region[0], tray.region[3] - tray.region[1])
            if tray.die_size_px >= smaller:
                self.problem(
                    "tray.die_size_px",
                    f"{tray.die_size_px:g} px dice do not fit in "
                    f"the {_box_text(tray.region)} region",
                )
        return tray

    def rules(self, table: dict[str, Any]) -> RulesConfig:
        preset = table.get("preset", "standard")
        options = {k: v for k, v in table.items() if k != "preset"}
        if not isinstance(preset, str) or preset not in PRESETS:
            self.settings_problem(SettingsError("preset", _choice_text(preset, tuple(PRESETS))))
            preset = "standard"
        bad = False
        for name, value in options.items():  # one at a time: report every bad option
            try:
                settings_from_options(preset, {name: value})
            except SettingsError as error:
                self.settings_problem(error)
                bad = True
        if bad:
            return RulesConfig(preset, MappingProxyType(dict(options)), PRESETS[preset])
        try:  # options that are fine alone may still not combine
            settings = settings_from_options(preset, options)
        except SettingsError as error:
            self.settings_problem(error)
            settings = PRESETS[preset]
        return RulesConfig(preset, MappingProxyType(dict(options)), settings)

    def settings_problem(self, error: SettingsError) -> None:
        message = str(error)
        if message.startswith(f"{error.key}: "):  # the key is shown already
            message = message[len(error.key) + 2 :]
        self.problem(f"rules.{error.key}", message)

    def players(self, table: dict[str, Any], settings: Settings) -> PlayersConfig:
        names = self.values("players", table)["names"]
        try:
            new_game(settings, list(names))
        except SettingsError as error:
            self.problem("players.names", str(error))
        return PlayersConfig(tuple(names))


_BAD = object()


def _check_value(key: Key, value: object) -> str | None:
    """What is wrong with ``value`` for ``key`` (``None`` when it is fine)."""
    checks: dict[str, Callable[[Key, object], str | None]] = {
        "int": _check_number,
        "float": _check_number,
        "bool": _check_bool,
        "str": _check_str,
        "path": _check_str,
        "choice": _check_choice,
        "pair": _check_pair,
        "box": _check_box,
        "names": _check_names,
    }
    return checks[key.kind](key, value)


def _is_number(value: object, whole: bool) -> bool:
    if isinstance(value, bool):
        return False
    if whole:
        return isinstance(value, int)
    return isinstance(value, int | float) and math.isfinite(value)


def _num(value: float | None) -> str:
    """A bound for people: ``1000000``, ``0.2``, ``10`` (no exponents)."""
    assert value is not None
    return str(int(value)) if float(value).is_integer() else f"{value}"


def _range_text(key: Key) -> str:
    unit = "whole number" if key.kind in ("int", "pair") else "number"
    return f"a {unit} from {_num(key.lo)} to {_num(key.hi)}"


def _check_number(key: Key, value: object) -> str | None:
    if not _is_number(value, key.kind == "int"):
        return f"must be {_range_text(key)}, not {_toml_repr(value)}"
    assert isinstance(value, int | float) and key.lo is not None and key.hi is not None
    if not key.lo <= value <= key.hi:
        return f"must be {_range_text(key)}, not {_toml_repr(value)}"
    return None


def _check_bool(key: Key, value: object) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, not {_toml_repr(value)}"


def _check_str(key: Key, value: object) -> str | None:
    if not isinstance(value, str) or not value.strip():
        return f"must be a non-empty string in quotes, not {_toml_repr(value)}"
    return None


def _check_choice(key: Key, value: object) -> str | None:
    if isinstance(value, bool) or value not in key.choices:
        return _choice_text(value, key.choices)
    return None


def _choice_text(value: object, choices: tuple[Any, ...]) -> str:
    shown = [_toml_repr(c) if isinstance(c, str) else str(c) for c in choices]
    listed = ", ".join(shown[:-1]) + " or " + shown[-1] if len(shown) > 1 else shown[0]
    close = difflib.get_close_matches(str(value), [str(c) for c in choices], n=1)
    hint = f" (did you mean {_toml_repr(close[0])}?)" if close and isinstance(value, str) else ""
    return f"must be {listed}, not {_toml_repr(value)}{hint}"


def _check_pair(key: Key, value: object) -> str | None:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(_is_number(v, True) for v in value)
    ):
        return f"must be [width, height] in whole px, not {_toml_repr(value)}"
    assert key.lo is not None and key.hi is not None
    if not all(key.lo <= v <= key.hi for v in value):
        return (
            f"width and height must be {_num(key.lo)} to {_num(key.hi)} px, not {_toml_repr(value)}"
        )
    return None


def _check_box(key: Key, value: object) -> str | None:
    if (
        not isinstance(value, list)
        or len(value) != 4
        or not all(_is_number(v, False) for v in value)
    ):
        return f"must be [x_min, y_min, x_max, y_max] in px, not {_toml_repr(value)}"
    x0, y0, x1, y1 = value
    if min(value) < 0:
        return f"must not be negative (px from the frame's top-left corner): {_toml_repr(value)}"
    if not (x0 < x1 and y0 < y1):
        return f"needs x_min < x_max and y_min < y_max: {_toml_repr(value)}"
    return None


def _check_names(key: Key, value: object) -> str | None:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return f'must be a list of names in quotes, e.g. ["Ann", "Bob"], not {_toml_repr(value)}'
    return None


def _unknown(what: str, name: str, known: list[str], listing: str) -> str:
    close = difflib.get_close_matches(name, known, n=1)
    if close:
        return f"unknown {what} (did you mean {close[0]!r}?)"
    return f"unknown {what}; {listing} {', '.join(known)}"


def _toml_type(value: object) -> str:
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    return type(value).__name__


def _toml_repr(value: object) -> str:
    """``value`` as it would be written in TOML (for messages)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml_repr(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} = {_toml_repr(v)}" for k, v in value.items()) + "}"
    if isinstance(value, float) and value.is_integer():
        return f"{value:.1f}"
    return str(value)


def _box_text(box: Box) -> str:
    return "[" + ", ".join(f"{v:g}" for v in box) + "]"


# --------------------------------------------------------------------------------------
# Line numbers (tomllib gives none for values): a small scanner of the TOML text
# --------------------------------------------------------------------------------------
_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY = rf"(?:{_BARE}|{_QUOTED})"
_DOTTED = rf"{_KEY}(?:\s*\.\s*{_KEY})*"
_HEADER_RE = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]\]?")
_KEY_RE = re.compile(rf"^\s*({_DOTTED})\s*=")
_PART_RE = re.compile(_KEY)


def _key_parts(dotted: str) -> list[str]:
    parts = []
    for match in _PART_RE.finditer(dotted):
        part = match.group(0)
        if part[0] in "\"'":
            part = part[1:-1]
        parts.append(part)
    return parts


def key_lines(text: str) -> dict[str, int]:
    """Map each table header and key of TOML ``text`` to its 1-based line number.

    Keys are dotted paths (``"camera"`` for the ``[camera]`` header, ``"camera.kind"``
    for a key in it, dotted keys joined the same way). Lines inside multi-line strings
    and arrays are skipped. The first occurrence wins.

    >>> key_lines('# c\\n[camera]\\nkind = "usb"\\nresolution = [\\n  640,\\n  480]\\n[tray]\\n')
    {'camera': 2, 'camera.kind': 3, 'camera.resolution': 4, 'tray': 7}
    """
    found: dict[str, int] = {}
    table: list[str] = []
    scanner = _ValueScanner()
    for number, line in enumerate(text.splitlines(), start=1):
        if scanner.busy:
            scanner.feed(line)
            continue
        header = _HEADER_RE.match(line)
        if header:
            table = _key_parts(header.group(1))
            found.setdefault(".".join(table), number)
            continue
        key = _KEY_RE.match(line)
        if key:
            found.setdefault(".".join([*table, *_key_parts(key.group(1))]), number)
            scanner.feed(line[key.end() :])
    return found


class _ValueScanner:
    """Tracks whether a value continues on the next line (open array, table, string)."""

    def __init__(self) -> None:
        self.depth = 0
        self.in_string: str | None = None  # '"""' or "'''" while inside a multi-line string

    @property
    def busy(self) -> bool:
        return self.depth > 0 or self.in_string is not None

    def feed(self, text: str) -> None:
        i = 0
        while i < len(text):
            if self.in_string is not None:
                if self.in_string == '"""' and text[i] == "\\":
                    i += 2
                    continue
                if text.startswith(self.in_string, i):
                    self.in_string = None
                    i += 3
                    continue
                i += 1
                continue
            ch = text[i]
            if text.startswith('"""', i) or text.startswith("'''", i):
                self.in_string = text[i : i + 3]
                i += 3
            elif ch == '"':
                i = _skip_string(text, i, '"')
            elif ch == "'":
                i = _skip_string(text, i, "'")
            elif ch == "#":
                return
            elif ch in "[{":
                self.depth += 1
                i += 1
            elif ch in "]}":
                self.depth = max(0, self.depth - 1)
                i += 1
            else:
                i += 1


def _skip_string(text: str, start: int, quote: str) -> int:
    i = start + 1
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        i += 1
    return i
