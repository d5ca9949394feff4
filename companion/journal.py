"""The journal: every game event on disk before it is shown, with the photo of each throw.

The journal is one SQLite file (stdlib :mod:`sqlite3`) in WAL mode with
``synchronous=FULL``: when :meth:`Journal.append` returns, the event has reached the
disk, so a ``kill -9`` or a pulled plug at any later moment loses nothing that was on
the screen. Events are stored as the engine's one-line event tokens
(:func:`companion.notation.encode_event`); restoring a game is replaying them
(``state = fold(apply, events, new_game(...))``). Undo is itself an event: nothing is
ever deleted from the event table.

The photo of each throw (a :class:`ThrowPhoto`: JPEG bytes and the dice marked on
it) is stored beside its event, under the event's sequence number, in the same
transaction, for the dispute view. Photos live under a disk budget (bytes); when a
new photo takes the total over it, the oldest photos are deleted first. Events are
never pruned.

A file that is not a companion journal (not SQLite, another program's database, or a
damaged one) raises :class:`JournalError` and is never written to.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> with Journal(folder / "game.sqlite3") as journal:
...     game = journal.start_game(GameSetup("standard", {}, ("Ann", "Bob")))
...     seq = journal.append("T64331", ThrowPhoto(b"jpeg bytes"))
...     [entry.token for entry in journal.entries()]
['T64331']
>>> with Journal(folder / "game.sqlite3") as journal:   # after a restart
...     journal.current_game().setup.players, journal.photo(seq)
(('Ann', 'Bob'), ThrowPhoto(jpeg=b'jpeg bytes', dice=()))
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import IO

from hardware.lifecycle import Closeable

#: ``PRAGMA application_id`` of a companion journal: the bytes ``SCC1``.
APPLICATION_ID = 0x53434331
#: Schema version (``PRAGMA user_version``).
SCHEMA_VERSION = 1
#: Default photo budget: 200 MB of JPEG.
DEFAULT_PHOTO_BUDGET_BYTES = 200 * 1024 * 1024
#: Disk space the referee keeps beside its journal (``PATH.reserve``) and gives up
#: when the disk is full, so that old photos can still be deleted (a delete writes
#: too) and the event written.
RESERVE_BYTES = 256 * 1024
#: Write-ahead log pages after which SQLite checkpoints (about 400 KB).
WAL_CHECKPOINT_PAGES = 100
#: Size the write-ahead log is cut back to after a checkpoint, bytes.
WAL_LIMIT_BYTES = 512 * 1024
#: Disk space a photo may never take: what the write-ahead log and the events need,
#: bytes. Before a photo is stored, older photos are deleted until it fits above this.
FLOOR_BYTES = WAL_LIMIT_BYTES + RESERVE_BYTES

_SCHEMA = """
CREATE TABLE game (
    id INTEGER PRIMARY KEY,
    started_s REAL NOT NULL,
    setup TEXT NOT NULL
);
CREATE TABLE event (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id INTEGER NOT NULL REFERENCES game(id),
    at_s REAL NOT NULL,
    token TEXT NOT NULL
);
CREATE INDEX event_by_game ON event(game_id, seq);
CREATE TABLE photo (
    event_seq INTEGER PRIMARY KEY REFERENCES event(seq),
    jpeg BLOB NOT NULL,
    size_bytes INTEGER NOT NULL,
    meta TEXT
);
"""


#: One die marked on a throw's photo: face value (None: unreadable), centre (x, y) px,
#: top-face corners ((x, y) px, 4 of them, or none).
DieMark = tuple[int | None, tuple[float, float], tuple[tuple[float, float], ...]]


@dataclass(frozen=True)
class ThrowPhoto:
    """The photo of one throw as the journal keeps it: JPEG bytes and the dice marked on it.

    ``dice`` are the dice as vision read them, in its reading order, which is the
    order of the throw's dice: die ``i`` here is die ``i`` of the event's throw, whose
    role the engine keeps by index (``ThrowRecord.die_roles``). Each is (face value or
    None, centre (x, y) px, top-face corners px). :meth:`marks_text` and
    :meth:`from_stored` are the serialiser (JSON kept beside the JPEG); marks that
    cannot be read back are dropped (the photo is still shown, unmarked).

    >>> photo = ThrowPhoto(b"jpeg", ((6, (10.0, 20.0), ((5.0, 15.0),) * 4), (None, (1.0, 2.0), ())))
    >>> ThrowPhoto.from_stored(b"jpeg", photo.marks_text()) == photo
    True
    >>> ThrowPhoto.from_stored(b"jpeg", "not json").dice
    ()
    """

    jpeg: bytes
    dice: tuple[DieMark, ...] = ()

    def marks_text(self) -> str:
        """The dice marks as JSON text: ``[{"value", "center", "corners"}, ...]``."""
        return json.dumps(
            [
                {"value": value, "center": list(center), "corners": [list(p) for p in corners]}
                for value, center, corners in self.dice
            ]
        )

    @classmethod
    def from_stored(cls, jpeg: bytes, marks: str | None) -> ThrowPhoto:
        """The photo from its stored JPEG and :meth:`marks_text` (None: no marks)."""
        dice: list[DieMark] = []
        try:
            for d in json.loads(marks or "[]"):
                value = d["value"]
                dice.append(
                    (
                        None if value is None else int(value),
                        (float(d["center"][0]), float(d["center"][1])),
                        tuple((float(x), float(y)) for x, y in d["corners"]),
                    )
                )
        except (ValueError, KeyError, TypeError):
            dice = []
        return cls(jpeg, tuple(dice))


class JournalError(ValueError):
    """The journal's one error (the root of its layer): the file cannot be used (it is
    foreign, damaged, or from a newer version), or a bad budget or token was given.

    The file is left untouched; the message says what to do.
    """


class JournalFullError(JournalError, RuntimeError):
    """The disk holding the journal is full, even with every old photo deleted: the
    event was not written and the game is as it was. Writing works again once there
    is space (the next event tries again)."""


@dataclass(frozen=True)
class GameSetup:
    """What a game starts from: the rules preset and options, and the players in seat order.

    ``options`` uses the option names of RULES.md (``{"wild-ones": True}``); it is
    stored as JSON, so values are JSON types.
    """

    preset: str
    options: Mapping[str, object] = field(default_factory=dict)
    players: tuple[str, ...] = ()

    def to_json(self) -> str:
        return json.dumps(
            {"preset": self.preset, "options": dict(self.options), "players": list(self.players)},
            sort_keys=True,
        )

    @classmethod
    def from_json(cls, text: str) -> GameSetup:
        data = json.loads(text)
        return cls(str(data["preset"]), dict(data["options"]), tuple(data["players"]))


@dataclass(frozen=True)
class JournalGame:
    """One game in the journal: its id (1, 2, ...), start time (Unix s) and setup."""

    game_id: int
    started_s: float
    setup: GameSetup


@dataclass(frozen=True)
class JournalEntry:
    """One event of a game: sequence number, time (Unix s), token, whether a photo is kept."""

    seq: int
    at_s: float
    token: str
    has_photo: bool


class Journal(Closeable):
    """An open journal file. Use as a context manager, or call ``close()`` (once is
    enough; see :class:`~hardware.lifecycle.Closeable`).

    Args:
        path: the SQLite file; created (with its folder) if missing.
        photo_budget_bytes: the most JPEG bytes kept; oldest photos go first.
        exclusive: hold a lock (``PATH.lock``, ``flock``) for as long as the journal is
            open, so that a second referee (or ``companion new-game``) cannot write the
            same journal while one is running; and refuse a journal that cannot be
            written (a read-only file, folder or file system) at once, not at the
            first throw.

    Raises:
        JournalError: the file exists but is not a usable companion journal, cannot
            be opened, or (``exclusive``) another process holds it or it is read-only.
    """

    def __init__(
        self,
        path: str | Path,
        photo_budget_bytes: int = DEFAULT_PHOTO_BUDGET_BYTES,
        *,
        exclusive: bool = False,
    ) -> None:
        if photo_budget_bytes < 0:
            raise JournalError(f"photo budget must be 0 bytes or more, not {photo_budget_bytes}")
        self.path = Path(path)
        self.photo_budget_bytes = photo_budget_bytes
        self._check_file_before_opening()
        if exclusive:
            self._check_writable()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock: IO[bytes] | None = self._take_lock() if exclusive else None
        try:
            self._conn = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        except sqlite3.Error as error:
            self._release_lock()
            raise JournalError(f"{self.path} cannot be opened: {error}") from None
        super().__init__()
        self._reserve = self.path.with_name(self.path.name + ".reserve") if exclusive else None
        #: True when the last photo could not be kept for lack of disk space (the
        #: event was written without it); False once a photo is kept again.
        self.short_of_space = False
        try:
            self._prepare()
            self._keep_reserve()
        except sqlite3.Error as error:
            self._conn.close()
            self._release_lock()
            raise JournalError(f"{self.path} cannot be opened: {error}") from None
        except BaseException:
            self._conn.close()
            self._release_lock()
            raise

    def _take_lock(self) -> IO[bytes]:
        lock_path = self.path.with_name(self.path.name + ".lock")
        handle = lock_path.open("a+b")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise JournalError(
                f"{self.path} is in use by another companion (a referee is running on it): "
                "stop it first (sudo systemctl stop ship-captain-crew)"
            ) from None
        return handle

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.close()  # closing the file releases the flock
            self._lock = None

    # -- opening --------------------------------------------------------------------

    def _check_writable(self) -> None:
        """The referee writes every throw: refuse, before anything is shown, a journal
        it could only read (a read-only file, folder or file system)."""
        reason = None
        if self.path.exists():
            try:
                with self.path.open("r+b"):  # opened for writing, nothing written
                    pass
            except OSError as error:
                reason = f"the file: {error.strerror or error}"
        folder = self.path.parent
        while reason is None and not folder.exists() and folder != folder.parent:
            folder = folder.parent  # the first folder that exists will hold the new ones
        if reason is None and not os.access(folder, os.W_OK | os.X_OK):
            reason = f"its folder {folder} cannot be written"
        if reason is not None:
            raise JournalError(
                f"{self.path} is read-only ({reason}); the referee writes every throw to "
                "it: make it writable for the service's user (sudo chown -R companion "
                f"{self.path.parent}) or set [journal] path to a writable place"
            )

    def _check_file_before_opening(self) -> None:
        """Refuse files that are plainly not SQLite without letting SQLite touch them."""
        if not self.path.exists():
            return
        if self.path.is_dir():
            raise JournalError(f"{self.path} is a folder, not a journal file")
        with self.path.open("rb") as handle:
            head = handle.read(16)
        if head and head != b"SQLite format 3\x00":
            raise JournalError(
                f"{self.path} is not a companion journal (not an SQLite database). "
                "It was left untouched: move it away or set another journal path."
            )

    def _prepare(self) -> None:
        conn = self._conn
        try:
            application_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master")]
        except sqlite3.DatabaseError as error:
            raise JournalError(
                f"{self.path} is damaged or not a companion journal ({error}). "
                "It was left untouched: move it away or set another journal path."
            ) from None
        if application_id == 0 and not tables:
            self._create()
        elif application_id != APPLICATION_ID:
            raise JournalError(
                f"{self.path} is another program's database, not a companion journal. "
                "It was left untouched: set another journal path."
            )
        elif version > SCHEMA_VERSION:
            raise JournalError(
                f"{self.path} was written by a newer companion (journal version {version}; "
                f"this one reads up to {SCHEMA_VERSION}). Update the companion."
            )
        try:
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as error:
            check = str(error)
        if check != "ok":
            raise JournalError(
                f"{self.path} is damaged ({check}). It was left untouched: "
                "move it away to start a new journal, and keep it for inspection."
            )
        conn.execute("PRAGMA journal_mode=WAL")
        # A small write-ahead log, checkpointed often and cut back after: on a small or
        # full disk the log must not hold what the database file could.
        conn.execute(f"PRAGMA wal_autocheckpoint={WAL_CHECKPOINT_PAGES}")
        conn.execute(f"PRAGMA journal_size_limit={WAL_LIMIT_BYTES}")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")

    def _create(self) -> None:
        # freed pages (deleted photos) can be given back to the file system
        self._conn.execute("PRAGMA auto_vacuum = INCREMENTAL")
        self._conn.executescript(
            f"""BEGIN IMMEDIATE;
            {_SCHEMA}
            PRAGMA application_id = {APPLICATION_ID};
            PRAGMA user_version = {SCHEMA_VERSION};
            COMMIT;"""
        )

    # -- games and events -------------------------------------------------------------

    def start_game(self, setup: GameSetup, *, at_s: float | None = None) -> JournalGame:
        """Record a new game; it becomes :meth:`current_game`."""
        started = time.time() if at_s is None else at_s
        with self._transaction():
            cursor = self._conn.execute(
                "INSERT INTO game (started_s, setup) VALUES (?, ?)", (started, setup.to_json())
            )
        game_id = cursor.lastrowid
        assert game_id is not None
        return JournalGame(game_id, started, setup)

    def games(self) -> list[JournalGame]:
        """Every game in the journal, oldest first."""
        rows = self._conn.execute("SELECT id, started_s, setup FROM game ORDER BY id").fetchall()
        games = []
        for game_id, started, setup in rows:
            try:
                games.append(JournalGame(int(game_id), float(started), GameSetup.from_json(setup)))
            except (ValueError, KeyError, TypeError) as error:
                raise JournalError(
                    f"{self.path}: game {game_id} has an unreadable setup ({error})"
                ) from None
        return games

    def current_game(self) -> JournalGame | None:
        """The most recently started game, or None in a new journal."""
        row = self._conn.execute(
            "SELECT id, started_s, setup FROM game ORDER BY id DESC LIMIT 1"
        ).fetchone()
        if row is None:
            return None
        try:
            setup = GameSetup.from_json(row[2])
        except (ValueError, KeyError, TypeError) as error:
            raise JournalError(
                f"{self.path}: game {row[0]} has an unreadable setup ({error})"
            ) from None
        return JournalGame(int(row[0]), float(row[1]), setup)

    def append(
        self, token: str, photo: ThrowPhoto | None = None, *, at_s: float | None = None
    ) -> int:
        """Write one event (and its photo) of the current game durably; return its sequence.

        Photos give way to events: one is stored only with :data:`FLOOR_BYTES` of disk
        left after it (older ones deleted first to make room), and when the disk is
        full anyway every photo is deleted and the event written, without its photo if
        it must be. Events are never dropped.

        Raises:
            JournalError: no game has been started, or the file cannot be written.
            JournalFullError: the disk is full even without photos; nothing written.
        """
        game = self.current_game()
        if game is None:
            raise JournalError("no game started in this journal: call start_game first")
        if not token or "\n" in token:
            raise JournalError(f"an event token is one non-empty line, not {token!r}")
        at = time.time() if at_s is None else at_s
        try:
            return self._insert(game.game_id, at, token, photo)
        except sqlite3.OperationalError as error:
            if not _disk_full(error):
                raise JournalError(f"{self.path} cannot be written: {error}") from None
        return self._append_on_a_full_disk(game.game_id, at, token, photo)

    def _insert(self, game_id: int, at_s: float, token: str, photo: ThrowPhoto | None) -> int:
        with self._transaction():
            cursor = self._conn.execute(
                "INSERT INTO event (game_id, at_s, token) VALUES (?, ?, ?)",
                (game_id, at_s, token),
            )
            seq = cursor.lastrowid
            assert seq is not None
            if photo is not None:
                self.short_of_space = not self._room_for(len(photo.jpeg))
            if photo is not None and not self.short_of_space:
                self._conn.execute(
                    "INSERT INTO photo (event_seq, jpeg, size_bytes, meta) VALUES (?, ?, ?, ?)",
                    (seq, photo.jpeg, len(photo.jpeg), photo.marks_text()),
                )
                self._prune_photos()
        return seq

    def _append_on_a_full_disk(
        self, game_id: int, at_s: float, token: str, photo: ThrowPhoto | None
    ) -> int:
        """The disk is full. Photos are expendable, events are not: give up the reserve,
        delete the photos kept, and write the event, with its photo if there is room,
        else without. Raises :class:`JournalFullError` when even that fails."""
        self._give_up_reserve()
        while True:
            dropped = self._drop_old_photos()
            try:
                seq = self._insert(game_id, at_s, token, photo)
            except sqlite3.OperationalError as error:
                if not _disk_full(error):
                    raise JournalError(f"{self.path} cannot be written: {error}") from None
            else:
                self._keep_reserve()
                return seq
            if dropped:
                continue
            if photo is not None:
                photo = None  # the event matters, not its photo
                self.short_of_space = True
                continue
            raise JournalFullError(
                f"the disk holding {self.path} is full: nothing was counted; staff: free "
                "space on it, then press again"
            )

    def _room_for(self, size: int) -> bool:
        """Whether a photo of ``size`` bytes fits above :data:`FLOOR_BYTES` of free disk,
        after deleting older photos (oldest first) as needed; False when it cannot."""
        page = int(self._conn.execute("PRAGMA page_size").fetchone()[0])
        oldest = iter(
            self._conn.execute("SELECT event_seq, size_bytes FROM photo ORDER BY event_seq")
            .fetchall()
        )
        freed = 0
        doomed: list[int] = []
        try:
            stats = os.statvfs(self.path.parent)
        except OSError:
            return True
        free = stats.f_bavail * stats.f_frsize
        free += int(self._conn.execute("PRAGMA freelist_count").fetchone()[0]) * page
        while free + freed - size < FLOOR_BYTES:
            row = next(oldest, None)
            if row is None:
                return False
            doomed.append(int(row[0]))
            freed += int(row[1])
        self._conn.executemany("DELETE FROM photo WHERE event_seq = ?", [(s,) for s in doomed])
        return True

    def _drop_old_photos(self) -> bool:
        """The disk is full: delete every photo kept (the dispute view loses its old
        pictures, the game loses nothing) and give the space back to the file system;
        False when there was none to delete or no room even to do that."""
        if not self._conn.execute("SELECT COUNT(*) FROM photo").fetchone()[0]:
            return False
        try:
            with self._transaction():
                self._conn.execute("DELETE FROM photo")
        except sqlite3.OperationalError:
            return False
        with contextlib.suppress(sqlite3.Error):  # the pages back to the file system
            self._conn.execute("PRAGMA incremental_vacuum")
            self._conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        return True

    def _keep_reserve(self) -> None:
        """(Re)create the reserve file while the disk has room for it and more."""
        if self._reserve is None or self._reserve.exists():
            return
        try:
            stats = os.statvfs(self._reserve.parent)
            if stats.f_bavail * stats.f_frsize < RESERVE_BYTES + FLOOR_BYTES:
                return
            with self._reserve.open("wb") as handle:
                handle.write(bytes(RESERVE_BYTES))
        except OSError:
            with contextlib.suppress(OSError):
                self._reserve.unlink()

    def _give_up_reserve(self) -> None:
        if self._reserve is not None:
            with contextlib.suppress(OSError):
                self._reserve.unlink()

    def entries(self, game_id: int | None = None) -> list[JournalEntry]:
        """The events of a game (default: the current one), oldest first."""
        if game_id is None:
            game = self.current_game()
            if game is None:
                return []
            game_id = game.game_id
        rows = self._conn.execute(
            "SELECT e.seq, e.at_s, e.token, p.event_seq IS NOT NULL FROM event e "
            "LEFT JOIN photo p ON p.event_seq = e.seq WHERE e.game_id = ? ORDER BY e.seq",
            (game_id,),
        ).fetchall()
        return [JournalEntry(int(s), float(a), str(t), bool(h)) for s, a, t, h in rows]

    def photo(self, seq: int) -> ThrowPhoto | None:
        """The photo kept with event ``seq``, or None (no photo, or pruned)."""
        row = self._conn.execute(
            "SELECT jpeg, meta FROM photo WHERE event_seq = ?", (seq,)
        ).fetchone()
        if row is None:
            return None
        return ThrowPhoto.from_stored(bytes(row[0]), None if row[1] is None else str(row[1]))

    def photo_bytes(self) -> int:
        """Total JPEG bytes kept."""
        row = self._conn.execute("SELECT COALESCE(SUM(size_bytes), 0) FROM photo").fetchone()
        return int(row[0])

    def _prune_photos(self) -> None:
        total = self.photo_bytes()
        if total <= self.photo_budget_bytes:
            return
        rows = self._conn.execute("SELECT event_seq, size_bytes FROM photo ORDER BY event_seq")
        doomed: list[int] = []
        for seq, size in rows:
            if total <= self.photo_budget_bytes:
                break
            doomed.append(int(seq))
            total -= int(size)
        self._conn.executemany("DELETE FROM photo WHERE event_seq = ?", [(s,) for s in doomed])

    # -- plumbing -----------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self._conn)

    def _release(self) -> None:
        """Close the file (checkpointing the WAL) and release the lock, if held."""
        self._conn.close()
        self._release_lock()


def _disk_full(error: sqlite3.Error) -> bool:
    """True for SQLite's "database or disk is full" (SQLITE_FULL, from ENOSPC)."""
    return getattr(error, "sqlite_errorcode", None) == sqlite3.SQLITE_FULL or "full" in str(
        error
    )


class _Transaction:
    """``BEGIN IMMEDIATE`` ... ``COMMIT``, rolled back on any exception."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def __enter__(self) -> None:
        self._conn.execute("BEGIN IMMEDIATE")

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if exc_type is None:
            self._conn.execute("COMMIT")
        elif self._conn.in_transaction:  # SQLite may have rolled back already (disk full)
            self._conn.execute("ROLLBACK")
