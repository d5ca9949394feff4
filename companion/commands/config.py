"""``companion config``: check a config file, or show the config the companion would use.

``companion config check FILE`` prints every problem as ``FILE:LINE: key: message``
and exits 2 if there is one, 0 (with ``FILE: ok``) if there is none. With
``camera.kind = "replay"`` it also opens the recording (a malformed manifest, a
missing image or an empty folder is a problem).
``companion config show [FILE]`` prints the effective config (the file's values and
the defaults for everything it leaves out) as TOML; with no file, the defaults.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def register(sub: Any) -> None:
    """Add the ``config`` subcommand to the subparsers ``sub``."""
    parser = sub.add_parser(
        "config",
        help="check a config file, or show the config in effect",
        description="Check the companion's TOML config file, or print the config in "
        "effect (the file's values plus the documented defaults).",
    )
    actions = parser.add_subparsers(dest="action", required=True, metavar="ACTION")
    check = actions.add_parser(
        "check",
        help="list every problem in FILE with its line",
        description="List "
        "every problem in FILE (unknown keys, wrong types, values out of range, rules "
        "the referee does not know) as FILE:LINE: key: message.",
    )
    check.add_argument("file", type=Path, metavar="FILE", help="the config file (TOML)")
    show = actions.add_parser(
        "show",
        help="print the config in effect as TOML",
        description="Print the config "
        "the companion would run with: FILE's values and the defaults for the rest.",
    )
    show.add_argument(
        "file",
        type=Path,
        nargs="?",
        default=None,
        metavar="FILE",
        help="the config file (default: none, i.e. the documented defaults)",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``config check`` or ``config show``; return the exit status."""
    from companion.config import ConfigError, check_config, load_config

    if args.action == "check":
        problems = check_config(args.file)
        for problem in problems:
            line = f"{problem.line}:" if problem.line is not None else ""
            key = f" {problem.key}:" if problem.key else ""
            print(f"{args.file}:{line}{key} {problem.message}")
        count = len(problems) or (0 if _replay_opens(args.file) else 1) or _calibration(args.file)
        if count:
            print(f"{count} problem{'s' if count != 1 else ''}", file=sys.stderr)
            return 2
        print(f"{args.file}: ok")
        return 0
    if args.file is not None and not args.file.exists():
        print(f"companion config: {args.file} not found", file=sys.stderr)
        return 2
    try:
        config = load_config(args.file)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    print(format_config(config), end="")
    return 0


def _replay_opens(path: Path) -> bool:
    """False (after printing why) when the config's replay recording cannot be opened."""
    from companion.config import load_config
    from hardware.camera import CameraError, ReplayCamera

    camera = load_config(path).camera
    if camera.kind != "replay" or camera.replay_path is None:
        return True
    try:
        ReplayCamera(camera.replay_path).close()
    except CameraError as error:
        print(f"{path}: camera.replay_path: {error}")
        return False
    return True


def _calibration(path: Path) -> int:
    """Problems with the calibration file beside the config's journal (printed)."""
    from companion.calibration import (
        FOCUS_FILE,
        CalibrationFileError,
        calibration_path,
        check_calibration_file,
        load_calibration_file,
        load_focus,
    )
    from companion.config import load_config

    config = load_config(path)
    file = calibration_path(config.journal.path)
    resolution = None if config.camera.kind == "replay" else config.camera.resolution
    problems = check_calibration_file(file, resolution)
    for problem in problems:
        print(problem)
    if not problems and file.exists():
        cal = load_calibration_file(file).calibration
        size = "not measured" if cal.die_size_px is None else f"{cal.die_size_px:.0f} px"
        print(f"{file}: ok (die size {size})")
    focus = file.with_name(FOCUS_FILE)
    try:
        lens = load_focus(focus)
    except CalibrationFileError as error:
        print(error)
        return len(problems) + 1
    if lens is not None:
        print(f"{focus}: ok (lens held at {lens:.2f} dioptres)")
    return len(problems)


def format_config(config: Any) -> str:
    """The config as TOML, every key of :data:`companion.config.SCHEMA` in order.

    Keys whose value is ``None`` (left out) are written as comments.
    """
    from companion.config import SCHEMA

    out: list[str] = []
    if config.source is not None:
        out.append(f"# the config in effect, from {config.source} and the defaults")
    else:
        out.append("# the config in effect: the documented defaults")
    for section, keys in SCHEMA.items():
        values = getattr(config, section)
        out.append("")
        out.append(f"[{section}]")
        for name in keys:
            value = (
                values.names if (section, name) == ("players", "names") else getattr(values, name)
            )
            if value is None:
                out.append(f"# {name} = (not set)")
            else:
                out.append(f"{name} = {_toml(value)}")
        if section == "rules":
            for name, value in values.options.items():
                out.append(f"{_toml_key(name)} = {_toml(value)}")
    return "\n".join(out) + "\n"


def _toml_key(name: str) -> str:
    bare = all(ch.isalnum() or ch in "-_" for ch in name) and name
    return name if bare else _toml(name)


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Path):
        value = str(value)
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
        return f'"{escaped}"'
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return str(value)
