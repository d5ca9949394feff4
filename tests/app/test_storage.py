"""The journal's storage failing under the referee: a read-only journal, a full disk.

Real file systems where the machine allows it: a read-only journal file as the
service's (non-root) user, and small tmpfs file systems in a private mount namespace
(``unshare -m``, root only; skipped elsewhere, the simulations below still run).
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.journal import GameSetup, Journal, JournalError

ROOT = Path(__file__).resolve().parents[2]
SETUP = GameSetup("standard", {}, ("Ann", "Bob"))
NOBODY = 65534


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder every user may enter (pytest's tmp_path is private to its owner)."""
    folder = Path(tempfile.mkdtemp(prefix="companion-storage-"))
    folder.chmod(0o777)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def write_config(folder: Path) -> Path:
    config = folder / "companion.toml"
    config.write_text(
        '[button]\nkind = "keyboard"\n\n[camera]\nkind = "usb"\nusb_index = 57\n\n'
        "[display]\nfullscreen = false\nsize = [800, 480]\n\n"
        '[players]\nnames = ["Ann", "Bob"]\n\n[journal]\npath = "journal.sqlite3"\n',
        encoding="utf-8",
    )
    config.chmod(0o644)
    return config


def as_service_user(command: list[str]) -> list[str]:
    """Run ``command`` as an unprivileged user (root ignores file permissions)."""
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file is writable to root")
    return ["setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", *command]


def companion_run(folder: Path, config: Path, env: dict[str, str] | None = None,
                  user: bool = True) -> list[str]:
    command = [sys.executable, "-m", "companion", "run", "--config", str(config), "--window"]
    return as_service_user(command) if user else command


def run_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT), **extra}


def journal_with_a_game(folder: Path) -> Path:
    path = folder / "journal.sqlite3"
    with Journal(path) as journal:
        journal.start_game(SETUP)
        journal.append("2")
    for name in os.listdir(folder):  # the service's user may create its WAL files
        if name.startswith("journal"):
            (folder / name).chmod(0o666)
    return path


# -- a read-only journal: refused at start, with one line and exit 2 ---------------------
def test_a_read_only_journal_file_is_refused_at_start_with_one_line(shared_dir: Path) -> None:
    # issue 12: it started, restored, and crashed with a traceback on the first press
    config = write_config(shared_dir)
    journal = journal_with_a_game(shared_dir)
    journal.chmod(0o444)
    before = journal.read_bytes()
    proc = subprocess.run(
        companion_run(shared_dir, config), cwd=shared_dir, env=run_env(),
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr == (
        f"companion run: journal: {journal} is read-only (the file: Permission denied); "
        "the referee writes every throw to it: make it writable for the service's user "
        f"(sudo chown -R companion {shared_dir}) or set [journal] path to a writable place\n"
    )
    assert journal.read_bytes() == before


def test_a_read_only_journal_is_shown_on_the_screen_when_run_as_a_service(
    shared_dir: Path,
) -> None:
    config = write_config(shared_dir)
    journal_with_a_game(shared_dir).chmod(0o444)
    sock_path = shared_dir / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(sock_path))
    sock_path.chmod(0o666)
    sock.settimeout(30)
    proc = subprocess.Popen(
        companion_run(shared_dir, config), cwd=shared_dir,
        env=run_env(NOTIFY_SOCKET=str(sock_path)), stderr=subprocess.PIPE, text=True,
    )
    try:
        ready = sock.recv(1024).decode()
        assert ready.startswith("READY=1\nSTATUS=stopped: Journal: ")
        assert "is read-only" in ready
        time.sleep(0.5)
        assert proc.poll() is None  # the fault stays on the screen until stopped
        proc.terminate()
        assert proc.wait(timeout=20) == 2
    finally:
        if proc.poll() is None:
            proc.kill()
        sock.close()
    assert proc.stderr is not None
    lines = proc.stderr.read().splitlines()
    assert len(lines) == 1 and "is read-only" in lines[0]


def test_a_read_only_journal_file_is_refused_by_the_journal_itself(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    with Journal(path) as journal:
        journal.start_game(SETUP)
    if os.geteuid() == 0:
        pytest.skip("root writes a read-only file; the service test above covers it")
    path.chmod(stat.S_IRUSR)
    with pytest.raises(JournalError, match="is read-only"):
        Journal(path, exclusive=True)
    with Journal(path) as journal:  # a reader (export, stats) may still read it
        assert journal.current_game() is not None


def _can_mount() -> bool:
    if os.geteuid() != 0 or shutil.which("unshare") is None:
        return False
    probe = subprocess.run(
        ["unshare", "-m", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"],
        capture_output=True, timeout=30,
    )
    return probe.returncode == 0


needs_mount = pytest.mark.skipif(not _can_mount(), reason="needs root and unshare -m (mounts)")


@needs_mount
def test_a_read_only_file_system_is_refused_at_start_with_one_line(shared_dir: Path) -> None:
    config = write_config(shared_dir)
    data = shared_dir / "data"
    data.mkdir()
    shutil.copy(config, data / "companion.toml")
    script = (
        f"mount -t tmpfs -o size=2m tmpfs {data} && "
        f"cp {config} {data}/companion.toml && mount -o remount,ro {data} && "
        f"exec {sys.executable} -m companion run --config {data}/companion.toml --window"
    )
    proc = subprocess.run(
        ["unshare", "-m", "sh", "-c", script], cwd=shared_dir, env=run_env(),
        capture_output=True, text=True, timeout=60,
    )
    assert proc.returncode == 2, proc.stderr
    journal = data / "journal.sqlite3"
    assert proc.stderr == (
        f"companion run: journal: {journal} is read-only (its folder {data} cannot be "
        "written); the referee writes every throw to it: make it writable for the service's "
        f"user (sudo chown -R companion {data}) or set [journal] path to a writable place\n"
    )
