"""One lifecycle for everything that holds a device or a file: :class:`Closeable`.

The camera, the buttons and the journal each hold something the system gives out once
(a sensor, a GPIO line, an SQLite file and its lock). They share one way to let go:
``close()`` releases it once (a second call does nothing), ``closed`` says whether it
has been, and ``with`` closes it on the way out, as gpiozero's devices do. Pure: stdlib
only, so the journal may use it too.

>>> class Lamp(Closeable):
...     def __init__(self) -> None:
...         super().__init__()
...         self.released = 0
...     def _release(self) -> None:
...         self.released += 1
>>> with Lamp() as lamp:
...     lamp.closed
False
>>> lamp.close()
>>> lamp.closed, lamp.released
(True, 1)
"""

from __future__ import annotations

import threading
from types import TracebackType
from typing import Self

__all__ = ["Closeable"]

#: Guards every object's closed flag, so two threads closing at once release once.
_CLOSING = threading.Lock()


class Closeable:
    """``close()`` once, ``closed``, and the ``with`` statement.

    Subclasses call ``super().__init__()`` once they hold what :meth:`_release` frees,
    and implement :meth:`_release`; it is called exactly once, by the first
    :meth:`close`, and must not raise for a half-released object.
    """

    def __init__(self) -> None:
        self._closed = False

    def close(self) -> None:
        """Release what this holds; safe to call more than once, and from any thread."""
        with _CLOSING:
            if self._closed:
                return
            self._closed = True
        self._release()

    @property
    def closed(self) -> bool:
        """True once :meth:`close` has been called."""
        return self._closed

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _release(self) -> None:
        """Free what this holds (called once, by the first :meth:`close`)."""
