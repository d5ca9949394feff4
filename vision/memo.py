"""What one reading of one frame has measured already: a die's colour crop and top
face are asked for by several checks (the pip check, the face doubt, the unread
die's checks), each of which would otherwise cut and segment them again.

Only inside :func:`one_reading` (``vision.read.read_dice`` opens it) are results
kept; outside it, every call computes afresh. The memo holds a reference to each
image it has a result for, so no other array can take that image's ``id`` while
the reading lasts. Arrays in kept results are made read-only: a caller that wrote
into one would change what the next caller is given, and now gets a ``ValueError``
instead.

>>> calls = []
>>> def crop(image, x):
...     calls.append(x)
...     return x * 2
>>> image = object()
>>> with one_reading():
...     remembered("crop", image, (3,), lambda: crop(image, 3)), remembered(
...         "crop", image, (3,), lambda: crop(image, 3))
(6, 6)
>>> calls
[3]
>>> remembered("crop", image, (3,), lambda: crop(image, 3)), calls
(6, [3, 3])
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

import numpy as np

T = TypeVar("T")

_MEMO: ContextVar[dict[tuple[Hashable, ...], tuple[object, Any]] | None] = ContextVar(
    "vision_reading_memo", default=None)


@contextmanager
def one_reading() -> Iterator[None]:
    """Keep what is measured on an image until the block ends (nested blocks keep
    their own)."""
    token = _MEMO.set({})
    try:
        yield
    finally:
        _MEMO.reset(token)


def _frozen(value: object) -> None:
    """Make the numpy arrays in ``value`` (an array, a tuple of them, or a dataclass
    holding them) read-only."""
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    elif isinstance(value, tuple):
        for v in value:
            _frozen(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            v = getattr(value, f.name)
            if isinstance(v, np.ndarray):
                v.flags.writeable = False


def remembered(kind: str, image: object, args: tuple[Hashable, ...],
               compute: Callable[[], T]) -> T:
    """``compute()``, or what it gave before for the same ``kind``, ``image`` (the
    same object) and ``args`` within the current :func:`one_reading`."""
    memo = _MEMO.get()
    if memo is None:
        return compute()
    key = (kind, id(image), *args)
    hit = memo.get(key)
    if hit is not None and hit[0] is image:
        result: T = hit[1]
        return result
    result = compute()
    _frozen(result)
    memo[key] = (image, result)
    return result
