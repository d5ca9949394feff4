"""Throw photos between the camera and the screen: JPEG in and out, decoded once.

The journal keeps each throw's photo as a :class:`~companion.journal.ThrowPhoto`
(JPEG bytes plus the dice marks) under its event's sequence number. The app shows a
photo as an image (H x W x 3 uint8, BGR) with its marks; :class:`PhotoCache` decodes
each kept photo once and keeps the most recent ones, so the dispute view, rebuilt
every 0.5 s, does not decode every JPEG again (OpenCV ``imencode`` / ``imdecode``).
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from companion.journal import DieMark, Journal

__all__ = ["Frame", "PhotoCache", "Shot", "decode_jpeg", "encode_jpeg"]

Frame = NDArray[np.uint8]


@dataclass(frozen=True, eq=False)
class Shot:
    """A photo ready to show: the image (H x W x 3 uint8, BGR) and the dice marked on
    it, in reading order (the order of the throw's dice)."""

    image: Frame
    dice: tuple[DieMark, ...] = ()


def encode_jpeg(image: Frame, quality: int) -> bytes | None:
    """``image`` (H x W x 3 uint8, BGR) as JPEG bytes at ``quality`` 0..100; None if
    OpenCV cannot encode it."""
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, int(quality)])
    return bytes(data.tobytes()) if ok else None


def decode_jpeg(data: bytes) -> Frame | None:
    """JPEG bytes as an H x W x 3 uint8 BGR image; None if they are not a colour JPEG."""
    image = cv2.imdecode(np.frombuffer(data, dtype=np.uint8), cv2.IMREAD_COLOR)
    if image is None or image.ndim != 3:
        return None
    return np.asarray(image, dtype=np.uint8)


class PhotoCache:
    """The journal's throw photos by event sequence number, each decoded once.

    Args:
        journal: where the photos are kept.
        size: how many decoded photos are kept (least recently used go first); a
            turn has at most 3 throws and the dispute view shows one turn.

    >>> import tempfile, pathlib
    >>> from companion.journal import GameSetup, ThrowPhoto
    >>> journal = Journal(pathlib.Path(tempfile.mkdtemp()) / "j.sqlite3")
    >>> _ = journal.start_game(GameSetup("standard", {}, ("Ann", "Bob")))
    >>> image = np.zeros((8, 8, 3), np.uint8)
    >>> seq = journal.append("64331", ThrowPhoto(encode_jpeg(image, 90) or b"", ()))
    >>> cache = PhotoCache(journal)
    >>> cache.get(seq) is cache.get(seq), cache.decoded
    (True, 1)
    >>> journal.close()
    """

    def __init__(self, journal: Journal, size: int = 8) -> None:
        self.journal = journal
        self.size = size
        self.decoded = 0
        self._shots: OrderedDict[int, Shot | None] = OrderedDict()

    def get(self, seq: int) -> Shot | None:
        """The photo of event ``seq``; None if none is kept (never taken, or pruned)."""
        if seq in self._shots:
            self._shots.move_to_end(seq)
            return self._shots[seq]
        stored = self.journal.photo(seq)
        shot = None
        if stored is not None:
            image = decode_jpeg(stored.jpeg)
            self.decoded += 1
            shot = None if image is None else Shot(image, stored.dice)
        self._keep(seq, shot)
        return shot

    def clear(self) -> None:
        """Forget every decoded photo (a new game)."""
        self._shots.clear()

    def _keep(self, seq: int, shot: Shot | None) -> None:
        self._shots[seq] = shot
        self._shots.move_to_end(seq)
        while len(self._shots) > self.size:
            self._shots.popitem(last=False)
