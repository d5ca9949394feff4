"""Buttons: the throw button (and an optional undo button) on GPIO, and a keyboard twin.

Every device puts :class:`ButtonEvent` s on one thread-safe queue that the app reads
with :meth:`ButtonSource.get` and empties with :meth:`ButtonSource.drain`:

- ``"press"``: the throw button was pressed and released before ``hold_time``;
- ``"hold"``: the throw button has been held down for ``hold_time`` seconds;
- ``"long_hold"``: the throw button has been held down for ``long_hold_time`` seconds
  (only where a long hold is configured);
- ``"holding"``: a notice, not an action: the throw button has been down for
  ``hold_time`` and is still down, so letting go now makes a hold (only where a long
  hold is configured);
- ``"undo"``: the undo button (or the ``u`` key) was pressed.

Exactly one action (press, hold, long hold or undo) per physical press. A press is
reported when the button is released, because only then is it known not to be a hold.
Without a long hold, a hold is reported the moment ``hold_time`` has elapsed, with the
button still down, so the display can answer while the player's thumb is still on it
(a player who has to let go to find out whether the hold counted presses again); its
release then reports nothing. With a long hold, whether the press is a hold or a long
hold is known only at the release or at ``long_hold_time``: the ``"holding"`` notice
comes the moment ``hold_time`` has elapsed (the display answers, thumb still down),
then the ``"hold"`` at the release, or the ``"long_hold"`` the moment
``long_hold_time`` has elapsed (its release then reports nothing). The undo button
knows no hold: it reports as soon as its press is debounced.

Debouncing (:class:`PressDetector`, pure, fed ``(level, time)``) accepts a new level
only once it has stayed unchanged for ``bounce_time`` seconds ("stable for N"), and
dates it from its last edge. A press must also last ``min_press`` seconds, from its
first edge down to the first edge of its release: a lone 20..30 ms pulse on the line
is a glitch, not a thumb, and reports nothing. That ignores contact bounce at the press *and* at the
release, sub-millisecond spikes, and repeated reports of the same level: the forms of
the phantom double presses reported with gpiozero 2.0's lgpio pin factory (gpiozero
issue #1090; PhysicalButton issue #97, "very rapid spurious edges" on Bookworm), and
the classic one where the release bounce after a long press lands outside a
first-edge lockout window (gpiozero issue #378). gpiozero itself is therefore given
``bounce_time=None`` (raw edges); the debouncing happens here, where a fake clock
tests it.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any, Literal, Protocol, Self

from hardware.errors import HardwareError, HardwareSettingsError
from hardware.lifecycle import Closeable

log = logging.getLogger(__name__)

EventKind = Literal["press", "hold", "long_hold", "holding", "undo"]
#: Every kind of button event, in the order a table meets them.
EVENT_KINDS: tuple[EventKind, ...] = ("press", "hold", "long_hold", "holding", "undo")

#: Default debounce window, seconds (a level must hold this long to count).
BOUNCE_TIME_S = 0.02
#: Default time a press must last to be a hold, seconds.
HOLD_TIME_S = 1.5
#: Default time a press must last to be a long hold, seconds (the night screen between
#: rounds): well past a hold, which a player ends at about 2 s.
LONG_HOLD_TIME_S = 4.0
#: Default shortest press, seconds: a thumb's press lasts 80 ms or more, while a
#: glitch on the line (a relay or a motor nearby, a long unshielded cable) is a lone
#: low pulse of 20..30 ms that the debounce window alone would take for a press.
MIN_PRESS_S = 0.05
#: GPIO numbers (BCM) a button may use: 0 and 1 are the HAT ID EEPROM bus.
GPIO_PINS = range(2, 28)

#: Key names (as ``pygame.key.name`` spells them) the keyboard twin understands.
KEY_PRESS = "space"
KEY_HOLD = "s"
KEY_LONG_HOLD = "n"
KEY_UNDO = "u"


@dataclass(frozen=True)
class ButtonEvent:
    """One thing a player did with a button.

    Attributes:
        kind: ``"press"``, ``"hold"``, ``"long_hold"``, ``"holding"`` or ``"undo"``.
        at_s: when it was recognised, in :func:`time.monotonic` seconds (or the
            device's clock): the release for a press, ``hold_time`` after the press
            began for a hold (without a long hold) and for the holding notice, the
            release for a hold (with a long hold), ``long_hold_time`` after the press
            began for a long hold, the debounced press for an undo.
    """

    kind: EventKind
    at_s: float


class PressDetector:
    """Debounce one push button and tell a press from a hold; pure, no clock, no thread.

    Feed it every raw level change with :meth:`feed` and call :meth:`poll` at (or
    after) :meth:`next_deadline`; both return the events that became certain.

    Args:
        bounce_time: seconds a level must stay unchanged before it counts (>= 0).
        hold_time: seconds down that make a hold (> ``bounce_time``); ``None`` makes a
            button without holds that reports ``"press"`` as soon as it is down.
        min_press: shortest press, seconds (0 <= ``min_press`` < ``hold_time``),
            measured from the press's first edge down to its release's first edge
            (contact bounce inside the press counts as down). A shorter one is a glitch
            and reports nothing. A button without holds waits until its press has
            lasted ``min_press`` (and ``bounce_time``) before it reports.
        long_hold_time: seconds down that make a long hold (> ``hold_time``); ``None``:
            no long holds, and a hold is reported at ``hold_time``. With a long hold a
            press down for ``hold_time`` reports ``"holding"`` then, and ``"hold"`` at
            its release, or ``"long_hold"`` at ``long_hold_time`` if still down.

    Times are seconds on any one clock; a time earlier than the last one seen is taken
    as the last one (clocks do not run backwards here).

    >>> d = PressDetector(bounce_time=0.02, hold_time=1.5)
    >>> d.feed(True, 10.000), d.feed(False, 10.003), d.feed(True, 10.005)  # bounce
    ([], [], [])
    >>> d.feed(False, 10.200)          # released: the press is over
    []
    >>> d.poll(10.220)                 # ... and stayed released for 20 ms
    [ButtonEvent(kind='press', at_s=10.2)]
    >>> d.feed(True, 11.000), d.feed(False, 11.025), d.poll(12.0)  # a 25 ms glitch
    ([], [], [])
    >>> d = PressDetector(bounce_time=0.02, hold_time=1.5, long_hold_time=4.0)
    >>> d.feed(True, 20.0), d.poll(21.5)  # down 1.5 s: letting go now makes a hold
    ([], [ButtonEvent(kind='holding', at_s=21.5)])
    >>> d.feed(False, 22.0), d.poll(22.02)  # released before 4 s: a hold
    ([], [ButtonEvent(kind='hold', at_s=22.0)])
    >>> d.feed(True, 30.0), d.poll(31.5), d.poll(34.0)  # down 4 s: a long hold
    ([], [ButtonEvent(kind='holding', at_s=31.5)], [ButtonEvent(kind='long_hold', at_s=34.0)])
    """

    def __init__(
        self,
        bounce_time: float = BOUNCE_TIME_S,
        hold_time: float | None = HOLD_TIME_S,
        min_press: float = MIN_PRESS_S,
        long_hold_time: float | None = None,
    ):
        if not bounce_time >= 0:
            raise HardwareSettingsError(f"bounce_time must be >= 0 s, got {bounce_time!r}")
        if hold_time is not None and not hold_time > bounce_time:
            raise HardwareSettingsError(
                f"hold_time must be > bounce_time ({bounce_time} s), got {hold_time!r}"
            )
        if not min_press >= 0 or (hold_time is not None and not min_press < hold_time):
            raise HardwareSettingsError(
                f"min_press must be >= 0 s and < hold_time ({hold_time} s), got {min_press!r}"
            )
        if long_hold_time is not None and (hold_time is None or not long_hold_time > hold_time):
            raise HardwareSettingsError(
                f"long_hold_time must be > hold_time ({hold_time} s), got {long_hold_time!r}"
            )
        self.bounce_time = bounce_time
        self.hold_time = hold_time
        self.min_press = min_press
        self.long_hold_time = long_hold_time
        self._now = float("-inf")
        self._raw = False  # last level fed (True = pressed)
        self._raw_since = float("-inf")
        self._stable = False  # debounced level
        self._stable_since = float("-inf")
        self._held = False  # a hold (or the holding notice) was reported for this press
        self._long = False  # a long hold was reported for the current press
        # first edge away from the debounced level of the change now pending (None
        # when the raw level has been back at the debounced one for bounce_time)
        self._first_edge: float | None = None
        self._down_since = float("-inf")  # first edge of the current press
        self._reported = False  # a holdless button reported the current press

    @property
    def is_pressed(self) -> bool:
        """The debounced level: True while the button counts as down."""
        return self._stable

    def feed(self, pressed: bool, at_s: float) -> list[ButtonEvent]:
        """Record the raw level ``pressed`` seen at ``at_s`` seconds; return new events."""
        events = self.poll(at_s)
        if pressed != self._raw:
            self._raw = pressed
            self._raw_since = self._now
            if pressed != self._stable and self._first_edge is None:
                self._first_edge = self._now
            events += self.poll(self._now)  # with bounce_time 0 the change is final now
        return events

    def poll(self, now_s: float) -> list[ButtonEvent]:
        """Advance to ``now_s`` seconds with no new edge; return events now certain."""
        self._now = max(self._now, now_s)
        events: list[ButtonEvent] = []
        while True:
            hold_at = self._hold_deadline()
            long_at = self._long_deadline()
            change_at = self._change_deadline()
            report_at = self._report_deadline()
            if hold_at is not None and hold_at <= self._now:
                self._held = True
                kind: EventKind = "hold" if self.long_hold_time is None else "holding"
                events.append(ButtonEvent(kind, hold_at))
            elif long_at is not None and long_at <= self._now:
                self._long = True
                events.append(ButtonEvent("long_hold", long_at))
            elif change_at is not None and change_at <= self._now:
                events += self._commit()
            elif report_at is not None and report_at <= self._now:
                self._reported = True
                events.append(ButtonEvent("press", report_at))
            else:
                if self._raw == self._stable and self._raw_since + self.bounce_time <= self._now:
                    self._first_edge = None  # a spike: the line settled back
                return events

    def next_deadline(self) -> float | None:
        """The time at which :meth:`poll` may have something new; ``None`` if nothing waits."""
        deadlines = [
            t
            for t in (self._hold_deadline(), self._long_deadline(), self._change_deadline(),
                      self._report_deadline())
            if t is not None
        ]
        return min(deadlines) if deadlines else None

    def _report_deadline(self) -> float | None:
        """When a holdless button's press has lasted ``min_press`` and may be reported."""
        if self.hold_time is not None or not self._stable or self._reported:
            return None
        report_at = self._down_since + self.min_press
        if self._raw != self._stable and self._raw_since < report_at:
            return None  # a release is pending that began too early
        return max(report_at, self._stable_since)

    def _change_deadline(self) -> float | None:
        """When the pending raw level will have lasted ``bounce_time``."""
        return self._raw_since + self.bounce_time if self._raw != self._stable else None

    def _hold_deadline(self) -> float | None:
        """When the current press becomes a hold: it must be down, unbroken, until then.

        A pending release that began before that time cancels it until the release
        turns out to be a spike (then the level is back and the deadline returns).
        """
        if self.hold_time is None or not self._stable or self._held:
            return None
        hold_at = self._stable_since + self.hold_time
        if self._raw != self._stable and self._raw_since < hold_at:
            return None
        return hold_at

    def _long_deadline(self) -> float | None:
        """When the current hold becomes a long hold (down, unbroken, until then)."""
        if self.long_hold_time is None or not self._stable or not self._held or self._long:
            return None
        long_at = self._stable_since + self.long_hold_time
        if self._raw != self._stable and self._raw_since < long_at:
            return None
        return long_at

    def assume_pressed(self, at_s: float) -> None:
        """Start from a button already down (stuck, or held at start): its release and
        any hold of it report nothing; the next press counts normally."""
        self._now = max(self._now, at_s)
        self._raw = self._stable = True
        self._raw_since = self._stable_since = self._down_since = self._now
        self._first_edge = None
        self._held = self._reported = self._long = True

    def _commit(self) -> list[ButtonEvent]:
        """The pending raw level has lasted bounce_time: it becomes the debounced one."""
        first_edge = self._raw_since if self._first_edge is None else self._first_edge
        self._first_edge = None
        self._stable = self._raw
        self._stable_since = self._raw_since
        if self._stable:  # pressed
            self._held = self._reported = self._long = False
            self._down_since = first_edge
            return []
        was_held, self._held = self._held, False  # released
        was_long, self._long = self._long, False
        if was_held and self.long_hold_time is not None and not was_long:
            return [ButtonEvent("hold", self._stable_since)]  # let go before a long hold
        if self.hold_time is None or was_held:
            return []
        if first_edge - self._down_since < self.min_press:
            log.info(
                "a %.0f ms pulse on the button is shorter than a press (%.0f ms): ignored",
                (first_edge - self._down_since) * 1000,
                self.min_press * 1000,
            )
            return []
        return [ButtonEvent("press", self._stable_since)]


Callback = Callable[[ButtonEvent], None]


class ButtonSource(Protocol):
    """What the app reads from any button device (GPIO or keyboard)."""

    def get(self, timeout_s: float | None = None) -> ButtonEvent | None: ...

    def drain(self) -> int: ...

    def close(self) -> None: ...

    def __enter__(self) -> Self: ...

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None: ...


class EventQueue(Closeable):
    """The queue, the ``when_*`` callbacks and the timer thread behind every device.

    Subclasses register detectors with :meth:`_add_detector` and report raw levels
    with :meth:`_feed`; a daemon thread polls the detectors at their deadlines, so a
    hold is reported while the button is still down.
    """

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self._clock = clock
        self._queue: queue.Queue[ButtonEvent] = queue.Queue()
        self._lock = threading.Condition()
        self._detectors: dict[str, tuple[PressDetector, EventKind | None]] = {}
        super().__init__()
        self._thread: threading.Thread | None = None
        #: Called with each ``"press"`` event (on the device's thread), after queueing.
        self.when_press: Callback | None = None
        #: Called with each ``"hold"`` event, the moment the hold registers.
        self.when_hold: Callback | None = None
        #: Called with each ``"long_hold"`` event, the moment the long hold registers.
        self.when_long_hold: Callback | None = None
        #: Called with each ``"holding"`` notice (a press has become a hold so far).
        self.when_holding: Callback | None = None
        #: Called with each ``"undo"`` event.
        self.when_undo: Callback | None = None
        #: Called with every raw level change, before debouncing: (button name, down,
        #: at_s). Names: ``"throw"`` and ``"undo"`` on GPIO, the key names on the
        #: keyboard. For a button test that shows edge timings (``companion setup``).
        self.when_edge: Callable[[str, bool, float], None] | None = None

    # -- for the app -----------------------------------------------------------------
    def get(self, timeout_s: float | None = None) -> ButtonEvent | None:
        """Return the next event, waiting up to ``timeout_s`` seconds (``None``: forever).

        Returns ``None`` when nothing came in time.
        """
        try:
            if timeout_s is not None and timeout_s <= 0:
                return self._queue.get(block=False)
            return self._queue.get(timeout=timeout_s)
        except queue.Empty:
            return None

    def drain(self) -> int:
        """Throw away every waiting event (presses made while the app was busy).

        Returns how many were thrown away.
        """
        count = 0
        while True:
            try:
                self._queue.get(block=False)
            except queue.Empty:
                return count
            count += 1

    def _release(self) -> None:
        """Stop the timer thread, then free the hardware (called once, by ``close()``;
        ``close``, ``closed`` and the ``with`` statement come from
        :class:`~hardware.lifecycle.Closeable`)."""
        with self._lock:
            self._lock.notify_all()  # the timer thread sees it is closed and ends
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=1.0)
        self._release_device()

    # -- for subclasses ----------------------------------------------------------------
    def _release_device(self) -> None:
        """Free the hardware (called once, by ``close()``)."""

    def _add_detector(self, name: str, detector: PressDetector, kind: EventKind | None) -> None:
        """Register a detector; ``kind`` renames its events (``None`` keeps them)."""
        self._detectors[name] = (detector, kind)

    def _start(self) -> None:
        self._thread = threading.Thread(target=self._run, name="button timer", daemon=True)
        self._thread.start()

    def _feed(self, name: str, pressed: bool, at_s: float | None = None) -> None:
        with self._lock:
            if self._closed:
                return
            detector, kind = self._detectors[name]
            now = self._clock() if at_s is None else at_s
            events = [_rename(e, kind) for e in detector.feed(pressed, now)]
            self._lock.notify_all()  # the timer thread has a new deadline
        edge = self.when_edge
        if edge is not None:
            edge(name, pressed, now)
        self._publish(events)

    def _poll(self, now: float | None = None) -> None:
        with self._lock:
            now = self._clock() if now is None else now
            events = [
                _rename(event, kind)
                for detector, kind in self._detectors.values()
                for event in detector.poll(now)
            ]
        self._publish(events)

    def _run(self) -> None:
        while True:
            with self._lock:
                if self._closed:
                    return
                deadlines = [d.next_deadline() for d, _ in self._detectors.values()]
                due = [t for t in deadlines if t is not None]
                wait = None if not due else max(0.0, min(due) - self._clock())
                if wait is None or wait > 0:
                    self._lock.wait(timeout=wait)
                if self._closed:
                    return
            self._poll()

    def _publish(self, events: list[ButtonEvent]) -> None:
        for event in events:
            self._queue.put(event)
            callback = {
                "press": self.when_press,
                "hold": self.when_hold,
                "long_hold": self.when_long_hold,
                "holding": self.when_holding,
                "undo": self.when_undo,
            }[event.kind]
            if callback is not None:
                try:
                    callback(event)
                except Exception:  # a broken callback must not kill the button
                    log.exception("button callback for %s failed", event.kind)


def _rename(event: ButtonEvent, kind: EventKind | None) -> ButtonEvent:
    return event if kind is None else ButtonEvent(kind, event.at_s)


class ButtonError(HardwareError, RuntimeError):
    """The GPIO button cannot be set up (no GPIO, pin in use, no permission)."""


class ThrowButton(EventQueue):
    """The throw button on a GPIO pin, and an optional undo button, via gpiozero.

    Wiring: each button between its GPIO pin and a ground pin; the Pi's internal
    pull-up holds the pin high, a press pulls it low. Pins are BCM GPIO numbers.

    Args:
        pin: GPIO (BCM) number of the throw button, 2..27.
        undo_pin: GPIO number of the undo button, or ``None`` for none.
        bounce_time: debounce window, seconds (default 0.02).
        hold_time: seconds held that make a hold (default 1.5).
        long_hold_time: seconds held that make a long hold (> ``hold_time``; the
            config's default is 4); ``None`` (the default here): no long holds.
        min_press: shortest press, seconds (default 0.05); a shorter pulse on either
            pin is a glitch and reports nothing.
        pin_factory: a gpiozero pin factory (tests pass ``MockFactory()``); ``None``
            uses gpiozero's default (lgpio on a Pi 5).
        clock: the clock events are dated with (monotonic seconds).

    Raises :class:`~hardware.errors.HardwareSettingsError` (a ``ValueError``) for a bad
    pin or timing and :class:`ButtonError` when the GPIO cannot be opened. Events go to
    the queue read by :meth:`get`; the optional ``when_press`` / ``when_hold`` /
    ``when_undo`` callbacks run on gpiozero's or the timer's thread and must return
    quickly.
    """

    def __init__(
        self,
        pin: int = 17,
        *,
        undo_pin: int | None = None,
        bounce_time: float = BOUNCE_TIME_S,
        hold_time: float = HOLD_TIME_S,
        min_press: float = MIN_PRESS_S,
        long_hold_time: float | None = None,
        pin_factory: Any = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(clock)
        for name, number in (("pin", pin), ("undo_pin", undo_pin)):
            if number is not None and (isinstance(number, bool) or number not in GPIO_PINS):
                raise HardwareSettingsError(
                    f"{name} must be a GPIO (BCM) number 2..27, got {number!r}"
                )
        if undo_pin == pin:
            raise HardwareSettingsError(f"the throw and undo buttons cannot share GPIO{pin}")
        self.pin = pin
        self.undo_pin = undo_pin
        self._add_detector(
            "throw", PressDetector(bounce_time, hold_time, min_press, long_hold_time), None
        )
        self._devices: list[Any] = []
        self._devices.append(self._open("throw", pin, pin_factory))
        if undo_pin is not None:
            self._add_detector("undo", PressDetector(bounce_time, None, min_press), "undo")
            self._devices.append(self._open("undo", undo_pin, pin_factory))
        self._start()

    @property
    def throw_down(self) -> bool:
        """Whether the throw button is down now (its pin read directly, not debounced):
        ``companion run`` enters setup mode when it stays down for 5 s at start-up."""
        devices = getattr(self, "_devices", [])
        return bool(devices and devices[0].is_active)

    def _open(self, name: str, pin: int, pin_factory: Any) -> Any:
        try:
            from gpiozero import DigitalInputDevice, PinFactoryFallback
        except ImportError as exc:  # pragma: no cover - gpiozero is a dependency
            raise ButtonError("gpiozero is not installed") from exc
        try:
            with warnings.catch_warnings():  # each factory tried; the error says enough
                warnings.simplefilter("ignore", PinFactoryFallback)
                device = DigitalInputDevice(
                    pin, pull_up=True, bounce_time=None, pin_factory=pin_factory
                )
        except Exception as exc:
            self._release_device()
            raise ButtonError(_gpio_problem(name, pin, exc)) from exc
        device.when_activated = lambda: self._feed(name, True)
        device.when_deactivated = lambda: self._feed(name, False)
        if device.is_active:  # down at start: stuck, shorted, or a thumb on it
            log.warning(
                "the %s button on GPIO%d is down at start; ignoring it until released", name, pin
            )
            with self._lock:
                self._detectors[name][0].assume_pressed(self._clock())
        return device

    def _release_device(self) -> None:
        for device in getattr(self, "_devices", []):
            try:
                device.close()
            except Exception as exc:  # closing must not raise
                log.warning("closing %r failed: %s", device, exc)
        self._devices = []


def _gpio_problem(name: str, pin: int, exc: Exception) -> str:
    kind = type(exc).__name__
    if "PinFactory" in kind or "BadPinFactory" in kind:
        return (
            f"no GPIO for the {name} button on GPIO{pin}: this is not a Raspberry Pi, or "
            'lgpio is missing (set [button] kind = "keyboard" on a desktop)'
        )
    if "InUse" in kind:
        return f"GPIO{pin} for the {name} button is in use by another program or device"
    if isinstance(exc, PermissionError) or "ermission" in str(exc):
        return f"no permission for GPIO{pin}: add the user to the gpio group"
    return f"the {name} button on GPIO{pin} cannot be set up: {kind}: {exc}"


class KeyboardButton(EventQueue):
    """The desktop twin of :class:`ThrowButton`, fed key names by the app.

    ``space`` is the throw button (a press, or a hold when held ``hold_time``, or a
    long hold when held ``long_hold_time``), ``s`` is a hold at once ("stand"), ``n``
    a long hold at once ("night"), ``u`` is undo. Key names are pygame's
    (``pygame.key.name(event.key)``); others are ignored. This class imports no
    pygame: the app passes key-down and key-up events in.

    >>> keys = KeyboardButton(clock=lambda: 0.0)
    >>> keys.key_down("space", at_s=1.0); keys.key_up("space", at_s=1.2)
    True
    True
    >>> keys.get(timeout_s=0)
    ButtonEvent(kind='press', at_s=1.2)
    >>> keys.close()
    """

    def __init__(
        self,
        *,
        hold_time: float = HOLD_TIME_S,
        long_hold_time: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        super().__init__(clock)
        # keys do not bounce or glitch: every key press counts, however short
        self._add_detector(KEY_PRESS, PressDetector(0.0, hold_time, 0.0, long_hold_time), None)
        self._add_detector(KEY_HOLD, PressDetector(0.0, None, 0.0), "hold")
        self._add_detector(KEY_LONG_HOLD, PressDetector(0.0, None, 0.0), "long_hold")
        self._add_detector(KEY_UNDO, PressDetector(0.0, None, 0.0), "undo")
        self._start()

    def key_down(self, key: str, at_s: float | None = None) -> bool:
        """A key went down (``at_s``: when, on this device's clock; ``None`` = now).

        Returns True if the key is one of the button keys.
        """
        return self._key(key, True, at_s)

    def key_up(self, key: str, at_s: float | None = None) -> bool:
        """A key came up; returns True if the key is one of the button keys."""
        return self._key(key, False, at_s)

    def _key(self, key: str, down: bool, at_s: float | None) -> bool:
        name = key.strip().lower()
        if name not in self._detectors:
            return False
        self._feed(name, down, at_s)
        return True


class ButtonSettings(Protocol):
    """What :func:`open_buttons` reads; ``companion.config.ButtonConfig`` has all of it."""

    @property
    def kind(self) -> str: ...  # "gpio" or "keyboard"
    @property
    def pin(self) -> int: ...  # BCM GPIO number of the throw button
    @property
    def undo_pin(self) -> int | None: ...  # BCM GPIO number of the undo button
    @property
    def bounce_time_s(self) -> float: ...  # debounce window, s
    @property
    def hold_time_s(self) -> float: ...  # press length that makes a hold, s
    @property
    def min_press_s(self) -> float: ...  # shortest press, s
    @property
    def long_hold_time_s(self) -> float | None: ...  # press length of a long hold, s


#: The button kinds :func:`open_buttons` knows (the config's ``[button] kind``).
BUTTON_KINDS = ("gpio", "keyboard")


def open_buttons(
    settings: ButtonSettings, *, pin_factory: Any = None
) -> ThrowButton | KeyboardButton:
    """Build the button device the config names: GPIO buttons or the keyboard twin.

    Raises :class:`~hardware.errors.HardwareSettingsError` (a ``ValueError``) for a bad
    setting and :class:`ButtonError` when the GPIO cannot be opened.
    """
    if settings.kind == "gpio":
        return ThrowButton(
            settings.pin,
            undo_pin=settings.undo_pin,
            bounce_time=settings.bounce_time_s,
            hold_time=settings.hold_time_s,
            min_press=settings.min_press_s,
            long_hold_time=settings.long_hold_time_s,
            pin_factory=pin_factory,
        )
    if settings.kind == "keyboard":
        return KeyboardButton(
            hold_time=settings.hold_time_s, long_hold_time=settings.long_hold_time_s
        )
    raise HardwareSettingsError(
        f"unknown button kind {settings.kind!r}; expected one of {BUTTON_KINDS}"
    )
