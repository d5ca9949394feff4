"""The companion's one config file (TOML, read with the stdlib's ``tomllib``).

Sections: ``[button]``, ``[camera]``, ``[tray]``, ``[display]``, ``[rules]``,
``[players]``, ``[journal]``, ``[log]``; every key, its default and its range are in
:data:`SCHEMA` and in ``config/companion.example.toml``. A missing file means the
documented defaults. Unknown keys, values of the wrong type and values out of range
are errors, all reported at once with their key and line
(:func:`check_config`; ``companion config check FILE``). The ``[rules]`` section is
checked by the engine itself (:func:`companion.engine.settings_from_options`) and the
player names by :func:`companion.notation.replay` (the referee's own restart), so the
config and the referee can never disagree on what is allowed.

Relative paths (``camera.replay_path``, ``journal.path``) are relative to the config
file's folder (the working directory when there is no file).

Modules: :mod:`~companion.config.model` (the frozen sections, :class:`ConfigProblem`,
:class:`ConfigError`), :mod:`~companion.config.schema` (:data:`SCHEMA`),
:mod:`~companion.config.checks` (every check; the camera's are
:func:`hardware.camera_checks.camera_problems`, beside :mod:`hardware.exposure`) and
:mod:`~companion.config.toml_lines` (the line of each key).

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

import logging
from pathlib import Path

from companion.config.checks import check_text
from companion.config.model import (
    ButtonConfig,
    CameraConfig,
    Config,
    ConfigError,
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

__all__ = [
    "SCHEMA",
    "SERVICE_WATCHDOG_S",
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
    "SoundConfig",
    "TrayConfig",
    "camera_watchdog_problem",
    "check_config",
    "config_from_text",
    "key_lines",
    "load_config",
]

log = logging.getLogger(__name__)


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
    config, problems = check_text(text, source.parent, source)
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
    return check_text(text, source.parent, source)[1]


def config_from_text(text: str, base_dir: str | Path | None = None) -> Config:
    """Check TOML ``text`` and return its config; relative paths join ``base_dir``.

    Raises :class:`ConfigError` listing every problem.
    """
    config, problems = check_text(text, Path(base_dir) if base_dir else None, None)
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
