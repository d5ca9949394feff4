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

import fcntl
import json
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
            same journal while one is running.

    Raises:
        JournalError: the file exists but is not a usable companion journal, or
            (``exclusive``) another process holds it.
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
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock: IO[bytes] | None = self._take_lock() if exclusive else None
        self._conn = sqlite3.connect(self.path, isolation_level=None, timeout=5.0)
        super().__init__()
        try:
            self._prepare()
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
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("PRAGMA foreign_keys=ON")

    def _create(self) -> None:
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

        Raises:
            JournalError: no game has been started.
        """
        game = self.current_game()
        if game is None:
            raise JournalError("no game started in this journal: call start_game first")
        if not token or "\n" in token:
            raise JournalError(f"an event token is one non-empty line, not {token!r}")
        with self._transaction():
            cursor = self._conn.execute(
                "INSERT INTO event (game_id, at_s, token) VALUES (?, ?, ?)",
                (game.game_id, time.time() if at_s is None else at_s, token),
            )
            seq = cursor.lastrowid
            assert seq is not None
            if photo is not None:
                self._conn.execute(
                    "INSERT INTO photo (event_seq, jpeg, size_bytes, meta) VALUES (?, ?, ?, ?)",
                    (seq, photo.jpeg, len(photo.jpeg), photo.marks_text()),
                )
                self._prune_photos()
        return seq

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
        else:
            self._conn.execute("ROLLBACK")
