"""The service unit and the Pi install script agree with each other and with the config.

``systemd/verify`` (run by ``./dev test``) checks the unit with systemd-analyze; these
tests check what verify cannot: that the pieces fit together.
"""

from __future__ import annotations

import configparser
import os
import re
import subprocess
from pathlib import Path

import pytest

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
    assert set(service["SupplementaryGroups"].split()) == {
        "video", "gpio", "input", "render", "audio"}
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
    # current -> releases/<date-time>: the release the last install checked and switched to
    assert exec_start[0] == f"{prefix.group(1)}/current/.venv/bin/companion"
    assert 'ln -sfn "releases/$stamp" "$prefix/current.new"' in script
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


def test_unit_binds_the_console_and_logs_to_the_journal() -> None:
    parsed = unit()
    assert "getty@tty1.service" in parsed["Unit"]["Conflicts"].split()
    assert "getty@tty1.service" in parsed["Unit"]["After"].split()
    service = parsed["Service"]
    assert service["TTYPath"] == "/dev/tty1"
    assert service["StandardInput"].startswith("tty")
    # with a tty as input, output would default to the tty: the log must go to the journal
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    environment = [line.split("=", 1)[1] for line in UNIT.read_text().splitlines()
                   if line.startswith("Environment=")]
    assert "SDL_VIDEODRIVER=kmsdrm" in environment
    assert "PYTHONDONTWRITEBYTECODE=1" in environment  # /opt is read-only at run time


def test_install_script_creates_the_groups_the_unit_needs_before_enabling_it() -> None:
    script = INSTALL.read_text()
    groups = re.search(r"^groups=\(([^)]*)\)$", script, re.M)
    assert groups
    assert set(groups.group(1).split()) == set(unit()["Service"]["SupplementaryGroups"].split())
    assert script.index("groupadd --system") < script.index('systemctl enable "$unit"')


def test_install_script_stages_and_checks_before_it_switches() -> None:
    script = INSTALL.read_text()
    check = script.index('config check "$confdir/companion.toml"')
    switch = script.index('mv -T "$prefix/current.new" "$prefix/current"')
    assert script.index('pip install') < check < switch
    assert script.index("check_failed()") < check
    assert "cleanup_stage" in script[script.index("check_failed()"):check]


def test_per_release_constraints_keep_the_os_numpy() -> None:
    """Bookworm's numpy is 1.x and Trixie's 2.x; a numpy<2 pin on Trixie has no wheel."""
    pins = {}
    for release in ("bookworm", "trixie"):
        path = ROOT / "systemd" / f"pi-constraints-{release}.txt"
        lines = [line.split("#")[0].strip() for line in path.read_text().splitlines()]
        pins[release] = {line.split("<")[0].split(">")[0].split("=")[0]: line
                         for line in lines if line}
    assert pins["bookworm"]["numpy"] == "numpy<2"
    assert pins["trixie"]["numpy"] == "numpy>=2"
    assert pins["bookworm"]["opencv-python-headless"] == pins["trixie"]["opencv-python-headless"]
    script = INSTALL.read_text()
    assert 'constraints="systemd/pi-constraints-$release.txt"' in script
    assert re.search(r"^\s+bookworm\|trixie\) ;;$", script, re.M)


def test_os_packages_include_what_sdl_kmsdrm_loads() -> None:
    listed = {line.split("#")[0].strip()
              for line in (ROOT / "systemd" / "apt-debian.txt").read_text().splitlines()}
    assert {"libegl1", "libegl-mesa0", "libgles2", "libgbm1", "libdrm2",
            "libgl1-mesa-dri", "python3-numpy", "python3-venv"} <= listed
    assert "python3-picamera2" in INSTALL.read_text()


def test_install_script_refuses_32_bit_with_a_reason() -> None:
    script = INSTALL.read_text()
    assert "armhf|armel|armv7l|armv6l)" in script
    assert "64-bit" in script and "no 32-bit ARM wheels" in script


def _stub(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)


def _run_install(tmp_path: Path, dpkg_arch: str, codename: str, default_target: str,
                 *args: str) -> subprocess.CompletedProcess[str]:
    """install.sh with id, dpkg and systemctl stubbed: only its checks can run."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _stub(bin_dir, "id", '[ "$1" = -u ] && echo 0 || exec /usr/bin/id "$@"')
    _stub(bin_dir, "dpkg", f"echo {dpkg_arch}")
    _stub(bin_dir, "systemctl", f'[ "$1" = get-default ] && echo {default_target}; exit 1')
    _stub(bin_dir, "apt-get", "echo apt-get must not run in this test >&2; exit 99")
    os_release = tmp_path / "os-release"
    os_release.write_text(f'PRETTY_NAME="Debian"\nVERSION_CODENAME={codename}\n')
    env = {**os.environ, "PATH": f"{bin_dir}:{os.environ['PATH']}",
           "OS_RELEASE": str(os_release)}
    return subprocess.run(["bash", str(INSTALL), *args], env=env, capture_output=True,
                          text=True, timeout=30, check=False)


@pytest.mark.parametrize("arch", ["armhf", "armv7l"])
def test_install_refuses_32_bit_pi_os_before_touching_anything(tmp_path: Path, arch: str) -> None:
    result = _run_install(tmp_path, arch, "bookworm", "multi-user.target")
    assert result.returncode == 2
    assert f"this is 32-bit Raspberry Pi OS ({arch})" in result.stderr
    assert "Raspberry Pi OS Lite\n  (64-bit)" in result.stderr


def test_install_refuses_an_unknown_release(tmp_path: Path) -> None:
    result = _run_install(tmp_path, "arm64", "bullseye", "multi-user.target")
    assert result.returncode == 2
    assert "Raspberry Pi OS 'bullseye' is not supported" in result.stderr


def test_install_on_the_desktop_image_says_to_boot_to_the_console(tmp_path: Path) -> None:
    result = _run_install(tmp_path, "arm64", "trixie", "graphical.target")
    assert result.returncode == 2
    assert "the desktop owns the screen" in result.stderr
    assert "--console-boot" in result.stderr
    assert "apt-get must not run" not in result.stderr


def test_install_rejects_an_unknown_option(tmp_path: Path) -> None:
    result = _run_install(tmp_path, "arm64", "trixie", "multi-user.target", "--deskop")
    assert result.returncode == 2 and "unknown option '--deskop'" in result.stderr
