"""The game as the journal keeps it: restored by replay, written event by event, with photos.

:class:`Scorebook` is the app's side of the :class:`~companion.journal.Journal`: it
restores the current game (:func:`companion.notation.replay` of its tokens, the one
way a game is rebuilt), appends each applied event with the photo of its throw (a
:class:`~companion.journal.ThrowPhoto`: JPEG plus the dice marks) and finds the photo
of any throw record again by the record's event (:attr:`ThrowRecord.event_index`, so
equal throws in different rounds keep their own photos), decoded once.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from companion.engine import EngineError, GameState, Phase, Throw, ThrowRecord
from companion.engine.events import Event
from companion.journal import (
    DieMark,
    GameSetup,
    Journal,
    JournalError,
    JournalFullError,
    JournalGame,
    ThrowPhoto,
)
from companion.notation import ReplayError, encode_event, replay
from companion.photos import PhotoCache, Shot, encode_jpeg
from companion.view import present as say

__all__ = ["Scorebook"]


class Scorebook:
    """The current game's events and photos in ``journal``.

    Args:
        journal: the open journal.
        log: receives the lines saying what was restored or started.
        jpeg_quality: quality (0..100) of the throw photos kept.
        clock: monotonic seconds, to time the journal write (a fake clock in tests).
    """

    def __init__(
        self,
        journal: Journal,
        log: Callable[[str], None],
        jpeg_quality: int = 85,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._clock = clock
        self.journal = journal
        self.jpeg_quality = jpeg_quality
        self.photos = PhotoCache(journal)
        self._log = log
        self._seqs: list[int] = []  # the journal's sequence number of each game event
        #: The dice of the last throw counted, as read (kept through undo and turns,
        #: restored from its photo): the tray a press must not count again.
        self.last_dice: tuple[DieMark, ...] = ()
        #: The storage fault to show (a full disk), or None when writing is fine.
        self.fault: str | None = None

    def restore(self, setup: GameSetup, fresh: bool = False) -> GameState:
        """The journal's current game replayed, or a new game of ``setup`` (always when
        ``fresh``; also when the setup changed and the last game is over).

        Raises:
            JournalError: the journal's game cannot be replayed (an event breaks the
                rules of this version, or its setup is not valid).
            companion.engine.SettingsError: ``setup`` is not a valid game.
        """
        game = None if fresh else self.journal.current_game()
        if game is not None and game.setup != setup and self._game_over(game):
            self._log(say.SETUP_CHANGED_NEW_GAME)
            game = None
        if game is None:
            state = replay(setup, ())
            self.journal.start_game(setup)
            self._seqs = []
            self._log(say.new_game_line(setup.players, state.settings))
            return state
        entries = self.journal.entries(game.game_id)
        try:
            state = replay(game.setup, [entry.token for entry in entries])
        except ReplayError as error:
            entry = entries[error.index]
            raise JournalError(
                f"{self.journal.path}: event {entry.seq} ({entry.token!r}) of game "
                f"{game.game_id} cannot be replayed: {error}"
            ) from None
        except EngineError as error:
            raise JournalError(
                f"{self.journal.path}: game {game.game_id} cannot be restored ({error})"
            ) from None
        self._seqs = [entry.seq for entry in entries]
        kept = self.photo(state.last_throw)
        self.last_dice = () if kept is None else kept.dice
        if entries:
            self._log(f"Restored game {game.game_id}: {len(entries)} events replayed")
        if game.setup != setup:
            self._log(say.SETUP_CHANGED_LATER)
        return state

    def _game_over(self, game: JournalGame) -> bool:
        """True if the journal's game ``game`` has ended (its match is over)."""
        tokens = [entry.token for entry in self.journal.entries(game.game_id)]
        try:
            return replay(game.setup, tokens).phase is Phase.MATCH_OVER
        except EngineError:
            return False

    def append(
        self, event: Event, shot: Shot | None = None, timings: dict[str, float] | None = None
    ) -> int:
        """Write ``event`` (with the photo ``shot`` of its throw) durably; its sequence.

        Raises :class:`~companion.journal.JournalError` when it cannot be written (a
        full disk: :attr:`fault` says it); a photo the disk had no room for is left
        out (:attr:`fault` says that too).

        ``timings`` (a press's, when given) gets ``journal``: the write's seconds.
        """
        photo = None
        if shot is not None:
            jpeg = encode_jpeg(shot.image, self.jpeg_quality)
            photo = None if jpeg is None else ThrowPhoto(jpeg, shot.dice)
        written = self._clock()
        try:
            seq = self.journal.append(encode_event(event), photo)
        except JournalError as error:  # a full disk: nothing written, the game as it was
            self.fault = say.journal_fault(error, isinstance(error, JournalFullError))
            raise
        self.fault = say.PHOTOS_NOT_KEPT if photo and self.journal.short_of_space else None
        if isinstance(event, Throw) and shot is not None:
            self.last_dice = shot.dice
        if timings:
            timings["journal"] = self._clock() - written
        self._seqs.append(seq)
        return seq

    def write(
        self, event: Event, shot: Shot | None = None, timings: dict[str, float] | None = None
    ) -> bool:
        """:meth:`append`, or False (with :attr:`fault` set) when the journal cannot
        write the event: nothing was written and the game is as it was."""
        try:
            self.append(event, shot, timings)
        except JournalError:
            return False
        return True

    def photo(self, record: ThrowRecord | None) -> Shot | None:
        """The kept photo of the throw ``record`` (decoded once), or None (none kept)."""
        if record is None or not 0 <= record.event_index < len(self._seqs):
            return None
        return self.photos.get(self._seqs[record.event_index])
