"""The service unit and the Pi install script agree with each other and with the config.

``systemd/verify`` (run by ``./dev test``) checks the unit with systemd-analyze; these
tests check what verify cannot: that the pieces fit together.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from companion.config import config_from_text

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "ship-captain-crew.service"
INSTALL = ROOT / "systemd" / "install.sh"
EXAMPLE = ROOT / "config" / "companion.example.toml"


def unit() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(UNIT)
    return parser


def test_unit_is_a_notify_service_with_watchdog_restart_and_its_own_user() -> None:
    service = unit()["Service"]
    assert service["Type"] == "notify"
    assert service["Restart"] == "on-failure"
    assert int(service["WatchdogSec"].rstrip("s")) >= 5
    assert service["User"] == "companion"
    assert set(service["SupplementaryGroups"].split()) == {"video", "gpio", "input", "render"}
    assert service["StateDirectory"] == "ship-captain-crew"
    assert service["ProtectSystem"] == "strict"
    assert "PrivateDevices" not in service  # the camera, GPIO and DRM devices stay reachable


def test_the_config_check_knows_the_units_watchdog() -> None:
    from companion.config import SERVICE_WATCHDOG_S

    assert float(unit()["Service"]["WatchdogSec"].rstrip("s")) == SERVICE_WATCHDOG_S


def test_install_script_puts_the_program_where_the_unit_starts_it() -> None:
    exec_start = unit()["Service"]["ExecStart"].split()
    script = INSTALL.read_text()
    prefix = re.search(r"^prefix=(\S+)$", script, re.M)
    confdir = re.search(r"^confdir=(\S+)$", script, re.M)
    assert prefix and confdir
    assert exec_start[0] == f"{prefix.group(1)}/.venv/bin/companion"
    assert exec_start[1] == "run"
    assert exec_start[exec_start.index("--config") + 1] == f"{confdir.group(1)}/companion.toml"
    assert "--system-site-packages" in script
    assert "python3-picamera2" in script


def test_installed_config_keeps_the_journal_in_the_state_directory() -> None:
    """install.sh rewrites the example's journal path; the pattern must still match."""
    script = INSTALL.read_text()
    match = re.search(r"s\|\^path = \"([^\"]+)\"\|path = \"([^\"]+)\"\|", script)
    assert match, "install.sh no longer rewrites the journal path"
    example = EXAMPLE.read_text()
    old_line = f'path = "{match.group(1)}"'
    assert old_line in example.splitlines()
    installed = example.replace(old_line, f'path = "{match.group(2)}"')
    config = config_from_text(installed)
    state_dir = "/var/lib/" + unit()["Service"]["StateDirectory"]
    assert str(config.journal.path).startswith(state_dir + "/")
