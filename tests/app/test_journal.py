"""The journal keeps every event durably, refuses foreign files and prunes old photos."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from companion.journal import GameSetup, Journal, JournalError, ThrowPhoto

SETUP = GameSetup("standard", {"wild-ones": True}, ("Ann", "Bob", "Cat"))


def test_events_and_setup_survive_reopening(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path) as journal:
        game = journal.start_game(SETUP)
        seqs = [journal.append(token) for token in ("T64331", "T6541", "S")]
    with Journal(path) as journal:
        current = journal.current_game()
        assert current is not None
        assert current.game_id == game.game_id
        assert current.setup == SETUP
        assert [e.token for e in journal.entries()] == ["T64331", "T6541", "S"]
        assert [e.seq for e in journal.entries()] == seqs


def test_a_new_game_starts_a_fresh_event_list(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3") as journal:
        first = journal.start_game(SETUP)
        journal.append("T66666")
        second = journal.start_game(GameSetup("head-to-head", {}, ("Ann", "Bob")))
        journal.append("T12345")
        assert [e.token for e in journal.entries()] == ["T12345"]
        assert [e.token for e in journal.entries(first.game_id)] == ["T66666"]
        current = journal.current_game()
        assert current is not None and current.game_id == second.game_id


def test_append_without_a_game_is_refused(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3") as journal, pytest.raises(JournalError, match="no game"):
        journal.append("T12345")


def test_multi_line_token_is_refused(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3") as journal:
        journal.start_game(SETUP)
        with pytest.raises(ValueError, match="one non-empty line"):
            journal.append("T1\nT2")
        assert journal.entries() == []


def test_photos_are_pruned_oldest_first_within_budget(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3", photo_budget_bytes=250) as journal:
        journal.start_game(SETUP)
        seqs = [journal.append(f"T{i}", ThrowPhoto(bytes([i]) * 100)) for i in range(1, 5)]
        assert journal.photo_bytes() == 200
        assert journal.photo(seqs[0]) is None
        assert journal.photo(seqs[1]) is None
        assert journal.photo(seqs[2]) == ThrowPhoto(bytes([3]) * 100)
        assert journal.photo(seqs[3]) == ThrowPhoto(bytes([4]) * 100)
        # events are never pruned
        assert [e.token for e in journal.entries()] == ["T1", "T2", "T3", "T4"]
        assert [e.has_photo for e in journal.entries()] == [False, False, True, True]


def test_a_text_file_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"shopping list: limes, ice\n")
    with pytest.raises(JournalError, match="not a companion journal"):
        Journal(path)
    assert path.read_bytes() == b"shopping list: limes, ice\n"


def test_another_programs_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "till.sqlite3"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE sales (item TEXT, price REAL)")
    conn.execute("INSERT INTO sales VALUES ('lager', 4.5)")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(JournalError, match="another program's database"):
        Journal(path)
    assert path.read_bytes() == before


def test_a_damaged_journal_is_refused_and_left_untouched(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path) as journal:
        journal.start_game(SETUP)
        for i in range(200):
            journal.append(f"T{i:05d}", photo=ThrowPhoto(os.urandom(300)))
    data = bytearray(path.read_bytes())
    # Scribble over the middle pages, keeping the header intact.
    for i in range(4096, min(len(data), 4096 * 6)):
        data[i] = 0xA5
    path.write_bytes(bytes(data))
    before = path.read_bytes()
    with pytest.raises(JournalError, match="damaged"):
        Journal(path)
    assert path.read_bytes() == before


def test_a_newer_journal_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    Journal(path).close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 99")
    conn.commit()
    conn.close()
    with pytest.raises(JournalError, match="newer companion"):
        Journal(path)


def test_durable_mode_is_wal_and_synchronous_full(tmp_path: Path) -> None:
    with Journal(tmp_path / "j.sqlite3") as journal:
        conn = journal._conn
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL


def test_kill_9_loses_no_acknowledged_event(tmp_path: Path) -> None:
    """A writer prints each sequence number after append returns; kill -9 it mid-stream.

    Every acknowledged event must be in the journal afterwards, and the journal opens.
    """
    path = tmp_path / "j.sqlite3"
    writer = textwrap.dedent(
        f"""
        import sys
        from companion.journal import GameSetup, Journal, ThrowPhoto
        journal = Journal({str(path)!r})
        journal.start_game(GameSetup("standard", {{}}, ("Ann", "Bob")))
        i = 0
        while True:
            seq = journal.append(f"T{{i}}", ThrowPhoto(b"x" * 2000))
            print(seq, flush=True)
            i += 1
        """
    )
    root = Path(__file__).resolve().parents[2]
    proc = subprocess.Popen(
        [sys.executable, "-c", writer], stdout=subprocess.PIPE, cwd=root, text=True
    )
    assert proc.stdout is not None
    acknowledged: list[int] = []
    deadline = time.monotonic() + 20
    while len(acknowledged) < 40 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        acknowledged.append(int(line))
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert len(acknowledged) >= 40
    with Journal(path) as journal:
        stored = {e.seq for e in journal.entries()}
    assert set(acknowledged) <= stored


def test_an_exclusive_journal_refuses_a_second_writer(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path, exclusive=True) as first:
        first.start_game(SETUP)
        with pytest.raises(JournalError, match="in use by another companion"):
            Journal(path, exclusive=True)
        with Journal(path) as reader:  # reading (export) is still allowed
            assert reader.current_game() is not None
    with Journal(path, exclusive=True) as again:  # released on close
        assert again.current_game() is not None


def test_a_throw_photo_keeps_its_dice_marks_under_its_event(tmp_path: Path) -> None:
    dice = ((6, (12.5, 20.0), ((10.0, 18.0), (15.0, 18.0), (15.0, 23.0), (10.0, 23.0))),
            (None, (40.0, 21.0), ()))
    with Journal(tmp_path / "j.sqlite3") as journal:
        journal.start_game(SETUP)
        first = journal.append("66", ThrowPhoto(b"one", dice))
        second = journal.append("66", ThrowPhoto(b"two"))  # the same throw again
    with Journal(tmp_path / "j.sqlite3") as journal:
        assert journal.photo(first) == ThrowPhoto(b"one", dice)
        assert journal.photo(second) == ThrowPhoto(b"two", ())
        assert journal.photo(second + 1) is None
    assert ThrowPhoto.from_stored(b"x", '[{"value": 9}]').dice == ()  # unreadable marks
