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


def _others_can_reach(path: Path) -> bool:
    """Whether a user other than the owner may pass through every folder down to
    ``path`` (each has the others' execute bit)."""
    return all(p.stat().st_mode & stat.S_IXOTH for p in [*reversed(path.parents), path]
               if p.is_dir())


def as_service_user(command: list[str]) -> list[str]:
    """Run ``command`` as an unprivileged user (root ignores file permissions)."""
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        pytest.skip("running as root without setpriv: a read-only file is writable to root")
    if not (_others_can_reach(ROOT) and _others_can_reach(Path(sys.executable).parent)):
        # a checkout in a private folder (mktemp -d makes one): the service user
        # cannot import the package at all, whatever the journal's permissions
        pytest.skip("the checkout or its Python is in a folder other users cannot enter")
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


# -- a full disk: photos go first, events are kept, then a clear refusal -------------------
FILL = """
import json, os, sys
sys.path.insert(0, {root!r})
from companion.journal import GameSetup, Journal, JournalFullError, ThrowPhoto

data = sys.argv[1]
journal = Journal(os.path.join(data, "journal.sqlite3"), exclusive=True)
journal.start_game(GameSetup("standard", {{}}, ("Ann", "Bob")))
photo = ThrowPhoto(os.urandom(100_000))  # incompressible, like a JPEG
report = {{"written": 0, "refused": [], "after_space": None}}
for _ in range(40):  # 4 MB of photos on a 2 MB file system
    journal.append("2", photo)
    report["written"] += 1
report["photos_kept"] = journal.photo_bytes() // 100_000
filler = os.open(os.path.join(data, "filler"), os.O_WRONLY | os.O_CREAT)
for size in (65536, 4096, 512, 1):  # now fill it to the brim
    try:
        while True:
            os.write(filler, bytes(size))
    except OSError:
        pass
os.close(filler)
for _ in range(50_000):
    try:
        journal.append("65432", photo)
        report["written"] += 1
    except JournalFullError as error:
        report["refused"].append(str(error))
        if len(report["refused"]) == 2:
            break
report["entries"] = len(journal.entries())
report["photos_left"] = journal.photo_bytes() // 100_000
os.unlink(os.path.join(data, "filler"))  # staff free some space
journal.append("2", photo)
report["written"] += 1
report["entries_after_space"] = len(journal.entries())
print(json.dumps(report))
"""


@needs_mount
def test_a_full_disk_trims_photos_keeps_every_event_then_refuses_clearly(
    shared_dir: Path,
) -> None:
    # issue 12: on a full disk a press ended in a traceback, and so did every restart
    data = shared_dir / "data"
    data.mkdir()
    fill = shared_dir / "fill.py"
    fill.write_text(FILL.format(root=str(ROOT)), encoding="utf-8")
    script = f"mount -t tmpfs -o size=2m tmpfs {data} && exec {sys.executable} {fill} {data}"
    proc = subprocess.run(["unshare", "-m", "sh", "-c", script], capture_output=True,
                          text=True, timeout=120, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    import json

    report = json.loads(proc.stdout)
    # its own photos never fill the disk: the oldest go first, no event is refused
    assert report["photos_kept"] < 20
    # another program filled the disk to the last byte: events went on while they
    # could, then each press was refused cleanly, and no event was lost or invented
    assert report["entries"] == report["written"] - 1 >= 40
    assert report["refused"] == [
        f"the disk holding {data}/journal.sqlite3 is full: nothing was counted; staff: "
        "free space on it, then press again"
    ] * 2
    assert report["entries_after_space"] == report["written"]  # writing works again


def test_a_press_on_a_full_disk_is_refused_with_a_fault_and_the_game_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ENOSPC simulated at the journal (the real file systems are in the tests above)
    from companion.app import AppSettings, Companion
    from companion.display import Severity
    from companion.engine import Throw
    from companion.journal import JournalFullError
    from hardware.camera import ReplayCamera

    from .trays import tray

    journal = Journal(tmp_path / "journal.sqlite3")
    camera = ReplayCamera([tray(3, seed=1), tray(3, seed=1), tray(5, seed=2)])
    app = Companion(journal, SETUP, camera, AppSettings(burst_frames=1, burst_interval_s=0.0),
                    log=lambda line: None)
    append = journal.append
    full = JournalFullError("the disk holding j is full: nothing was counted; staff: free "
                            "space on it, then press again")

    def no_space(*args: object, **kwargs: object) -> int:
        raise full

    monkeypatch.setattr(journal, "append", no_space)
    before = app.state
    outcome = app.press()
    assert outcome.applied is None and outcome.problem == "The disk is full"
    assert app.state == before and journal.entries() == []
    view = app.view()
    assert view.faults and view.faults[0].text == f"Disk full: {full}"
    assert view.message is not None and view.message.severity is Severity.FAULT
    monkeypatch.setattr(journal, "append", append)  # staff freed some space
    assert app.press().applied == Throw((3,))
    assert app.view().faults == () and len(journal.entries()) == 1
