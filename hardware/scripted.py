"""A button twin that presses itself: the recorded game's steps, one per interval.

The demo and the app's tests drive the companion with it instead of a person at the
button; it satisfies :class:`hardware.button.ButtonSource`.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence

from hardware.button import EVENT_KINDS, ButtonEvent
from hardware.errors import HardwareSettingsError
from hardware.lifecycle import Closeable

__all__ = ["ScriptedButtons"]


class ScriptedButtons(Closeable):
    """A button source that replays ``steps`` (``"press"``, ``"hold"``, ``"undo"``), one
    per ``interval_s`` seconds.

    Implements the app's button-source protocol (``get``, ``drain``, ``close``).
    ``finished`` is True once every step has been handed out. Raises
    :class:`~hardware.errors.HardwareSettingsError` for an unknown step.

    >>> buttons = ScriptedButtons(["press", "hold"])
    >>> [buttons.get(0).kind, buttons.get(0).kind], buttons.finished
    (['press', 'hold'], True)
    """

    def __init__(
        self,
        steps: Sequence[str],
        interval_s: float = 0.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        bad = [step for step in steps if step not in EVENT_KINDS]
        if bad:
            raise HardwareSettingsError(
                f"unknown button steps {bad}; steps are {', '.join(EVENT_KINDS)}"
            )
        super().__init__()
        self._steps: deque[str] = deque(steps)
        self._interval_s = interval_s
        self._clock = clock
        self._next_s = clock() + interval_s
        self.handed_out = 0

    @property
    def finished(self) -> bool:
        return not self._steps

    @property
    def left(self) -> int:
        """Button steps not yet given."""
        return len(self._steps)

    def get(self, timeout_s: float | None = None) -> ButtonEvent | None:
        if not self._steps:
            if timeout_s:
                time.sleep(min(timeout_s, 0.05))
            return None
        now = self._clock()
        if now < self._next_s:
            time.sleep(min(self._next_s - now, timeout_s or 0.0))
            if self._clock() < self._next_s:
                return None
        kind = self._steps.popleft()
        self._next_s = self._clock() + self._interval_s
        self.handed_out += 1
        return ButtonEvent(kind, self._clock())  # type: ignore[arg-type]

    def drain(self) -> int:
        return 0

    def _release(self) -> None:
        self._steps.clear()
