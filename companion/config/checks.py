"""The checks: the parsed TOML walked against :data:`~companion.config.schema.SCHEMA`,
every problem collected with its key and line; ``[rules]`` checked by the engine, the
player names by :func:`companion.notation.replay` (a game with no events), the camera by
:func:`hardware.camera_checks.camera_problems`."""

from __future__ import annotations

import difflib
import math
import re
import tomllib
from collections.abc import Callable
from pathlib import Path
from types import MappingProxyType
from typing import Any

from companion.config.model import (
    Box,
    ButtonConfig,
    CameraConfig,
    Config,
    ConfigProblem,
    DisplayConfig,
    JournalConfig,
    LogConfig,
    PlayersConfig,
    RulesConfig,
    SoundConfig,
    TrayConfig,
)
from companion.config.schema import SCHEMA, Key
from companion.config.toml_lines import key_lines
from companion.config.watchdog import SERVICE_WATCHDOG_S, camera_watchdog_problem
from companion.engine import PRESETS, SettingsError, settings_from_options
from companion.journal import GameSetup
from companion.notation import replay
from hardware.camera_checks import camera_problems


def check_text(
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
        players = self.players(sections["players"], rules)
        journal = JournalConfig(**self.values("journal", sections["journal"]))
        log_config = LogConfig(**self.values("log", sections["log"]))
        sound = SoundConfig(**self.values("sound", sections["sound"]))
        if button.undo_pin is not None and button.undo_pin == button.pin:
            self.problem(
                "button.undo_pin",
                f"the undo button cannot share GPIO{button.pin} with the throw button",
            )
        if button.long_hold_time_s <= button.hold_time_s:
            self.problem(
                "button.long_hold_time_s",
                f"must be longer than hold_time_s ({button.hold_time_s:g} s), "
                f"not {button.long_hold_time_s:g} s",
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
        for key, message in camera_problems(camera):
            self.problem(f"camera.{key}", message)
        watchdog = camera_watchdog_problem(camera, SERVICE_WATCHDOG_S)
        if watchdog is not None:
            self.problem("camera.timeout_s", watchdog)
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

    def players(self, table: dict[str, Any], rules: RulesConfig) -> PlayersConfig:
        """The players, checked by replaying a game of them with no events (the one
        replay: :func:`companion.notation.replay`) under the rules; rules with a
        problem (already reported) are replaced by their preset's defaults."""
        names = self.values("players", table)["names"]
        options = rules.options if rules.settings != PRESETS[rules.preset] else {}
        try:
            replay(GameSetup(rules.preset, dict(options), tuple(names)), ())
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
