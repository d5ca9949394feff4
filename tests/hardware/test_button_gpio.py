"""ThrowButton on gpiozero mock pins (a press is ``pin.drive_low()``). Real clock, short holds."""

from __future__ import annotations

import threading
import time

import pytest
from gpiozero.pins.mock import MockFactory

from hardware.button import ButtonError, ButtonEvent, ThrowButton, open_buttons

THROW, UNDO = 17, 27
HOLD = 0.25  # short, to keep the tests fast; margins below are >= 4x the debounce window


def tap(factory: MockFactory, pin: int, down_s: float = 0.1, up_s: float = 0.06) -> None:
    """A clean physical press: low for ``down_s`` seconds, then high for ``up_s``."""
    p = factory.pin(pin)
    p.drive_low()
    time.sleep(down_s)
    p.drive_high()
    time.sleep(up_s)


def bounce(factory: MockFactory, pin: int, times: int = 5) -> None:
    """A burst of edges well inside the 20 ms debounce window (ends high)."""
    p = factory.pin(pin)
    for _ in range(times):
        p.drive_low()
        p.drive_high()


@pytest.fixture
def button(mock_factory: MockFactory) -> ThrowButton:
    b = ThrowButton(THROW, undo_pin=UNDO, hold_time=HOLD)
    yield b
    b.close()


def test_a_press_is_one_press_event(button: ThrowButton, mock_factory: MockFactory) -> None:
    before = time.monotonic()
    tap(mock_factory, THROW)
    event = button.get(timeout_s=2)
    assert event is not None and event.kind == "press"
    assert before < event.at_s <= time.monotonic()
    assert button.get(timeout_s=0.15) is None


def test_bounce_around_a_press_gives_exactly_one_press(
    button: ThrowButton, mock_factory: MockFactory
) -> None:
    p = mock_factory.pin(THROW)
    bounce(mock_factory, THROW)
    p.drive_low()
    time.sleep(0.1)
    bounce(mock_factory, THROW)  # release bounce, ends released
    event = button.get(timeout_s=2)
    assert event is not None and event.kind == "press"
    assert button.get(timeout_s=0.15) is None


def test_a_hold_is_reported_while_the_button_is_still_down(
    button: ThrowButton, mock_factory: MockFactory
) -> None:
    seen: list[tuple[ButtonEvent, bool]] = []
    button.when_hold = lambda e: seen.append((e, mock_factory.pin(THROW).state))
    p = mock_factory.pin(THROW)
    p.drive_low()
    start = time.monotonic()
    event = button.get(timeout_s=3)
    assert event is not None and event.kind == "hold"
    assert event.at_s == pytest.approx(start + HOLD, abs=0.05)
    assert not p.state  # still down (low) when it arrived
    assert seen == [(event, False)]  # the callback ran at once, thumb still down
    p.drive_high()
    assert button.get(timeout_s=0.2) is None  # the release after a hold adds nothing


def test_the_undo_button_reports_undo_once(button: ThrowButton, mock_factory: MockFactory) -> None:
    p = mock_factory.pin(UNDO)
    p.drive_low()
    event = button.get(timeout_s=2)
    assert event is not None and event.kind == "undo"
    time.sleep(HOLD + 0.1)  # held past hold_time: still just the one undo
    p.drive_high()
    assert button.get(timeout_s=0.2) is None


def test_presses_made_during_processing_are_drained(
    button: ThrowButton, mock_factory: MockFactory
) -> None:
    tap(mock_factory, THROW)
    first = button.get(timeout_s=2)
    assert first is not None and first.kind == "press"
    # the app is busy reading the dice; an impatient player presses twice more
    worker = threading.Thread(target=lambda: (tap(mock_factory, THROW), tap(mock_factory, THROW)))
    worker.start()
    worker.join()
    time.sleep(0.1)  # both releases settled
    assert button.drain() == 2
    assert button.get(timeout_s=0.1) is None
    tap(mock_factory, THROW)  # the next deliberate press counts again
    again = button.get(timeout_s=2)
    assert again is not None and again.kind == "press" and again.at_s > first.at_s


def test_callbacks_get_each_event_after_it_is_queued(
    button: ThrowButton, mock_factory: MockFactory
) -> None:
    presses: list[ButtonEvent] = []
    undos: list[ButtonEvent] = []
    button.when_press = presses.append
    button.when_undo = undos.append
    tap(mock_factory, THROW)
    tap(mock_factory, UNDO)
    got = [button.get(timeout_s=2), button.get(timeout_s=2)]
    assert [e.kind for e in got if e] == ["press", "undo"]
    assert presses == [got[0]] and undos == [got[1]]


def test_a_failing_callback_does_not_stop_the_button(
    button: ThrowButton, mock_factory: MockFactory
) -> None:
    def broken(event: ButtonEvent) -> None:
        raise RuntimeError("display not ready")

    button.when_press = broken
    tap(mock_factory, THROW)
    tap(mock_factory, THROW)
    kinds = [button.get(timeout_s=2), button.get(timeout_s=2)]
    assert [e.kind for e in kinds if e] == ["press", "press"]


def test_a_button_down_at_start_is_ignored_until_released(mock_factory: MockFactory) -> None:
    mock_factory.pin(THROW).drive_low()  # stuck, or a thumb on it at boot
    with ThrowButton(THROW, hold_time=HOLD) as b:
        time.sleep(HOLD + 0.1)
        mock_factory.pin(THROW).drive_high()
        assert b.get(timeout_s=0.2) is None
        tap(mock_factory, THROW)
        event = b.get(timeout_s=2)
        assert event is not None and event.kind == "press"


def test_close_frees_the_pins(mock_factory: MockFactory) -> None:
    b = ThrowButton(THROW, undo_pin=UNDO)
    b.close()
    b.close()  # twice is fine
    assert b.closed
    with ThrowButton(THROW, undo_pin=UNDO):  # the pins are free again
        pass


def test_a_pin_in_use_is_a_clear_button_error(mock_factory: MockFactory) -> None:
    with ThrowButton(THROW), pytest.raises(ButtonError, match=r"GPIO17 .*in use"):
        ThrowButton(THROW)


@pytest.mark.parametrize(
    ("pin", "undo_pin", "message"),
    [(1, None, "2..27"), (28, None, "2..27"), (17, 17, "cannot share"), (17, 40, "2..27")],
)
def test_bad_pins_are_refused(
    mock_factory: MockFactory, pin: int, undo_pin: int | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        ThrowButton(pin, undo_pin=undo_pin)


def test_open_buttons_builds_the_configured_device(mock_factory: MockFactory) -> None:
    class Settings:
        kind = "gpio"
        pin = 22
        undo_pin = None
        bounce_time_s = 0.01
        hold_time_s = 0.5
        min_press_s = 0.03
        long_hold_time_s = None

    with open_buttons(Settings()) as device:
        assert isinstance(device, ThrowButton) and device.pin == 22 and device.undo_pin is None
    Settings.kind = "joystick"
    with pytest.raises(ValueError, match="unknown button kind"):
        open_buttons(Settings())


class FakeClock:
    """A clock the test moves by hand (monotonic seconds)."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_25_ms_blip_on_the_throw_pin_is_no_press_and_a_real_one_is(
    mock_factory: MockFactory,
) -> None:
    # issue 12: a lone 20..30 ms pulse with nobody at the button was counted as a throw.
    # A fake clock dates the edges, so a busy machine cannot stretch the blip.
    clock = FakeClock()
    with ThrowButton(THROW, undo_pin=UNDO, hold_time=HOLD, clock=clock) as b:
        for pin in (THROW, UNDO):
            mock_factory.pin(pin).drive_low()
            clock.now += 0.025
            mock_factory.pin(pin).drive_high()
            clock.now += 0.5
        assert b.get(timeout_s=0.3) is None
        for pin in (THROW, THROW):  # two presses 300 ms apart are two presses here
            mock_factory.pin(pin).drive_low()
            clock.now += 0.1
            mock_factory.pin(pin).drive_high()
            clock.now += 0.2
        first, second = b.get(timeout_s=2), b.get(timeout_s=2)
        assert first is not None and second is not None
        assert (first.kind, second.kind) == ("press", "press")
        assert first.at_s == pytest.approx(100.0 + 2 * 0.525 + 0.1)
        assert second.at_s - first.at_s == pytest.approx(0.3)
        assert b.get(timeout_s=0.1) is None


def test_open_buttons_passes_the_shortest_press(mock_factory: MockFactory) -> None:
    class Settings:
        kind = "gpio"
        pin = THROW
        undo_pin = None
        bounce_time_s = 0.01
        hold_time_s = 0.5
        min_press_s = 0.01
        long_hold_time_s = None

    clock = FakeClock()
    with open_buttons(Settings()) as device:
        device._clock = clock  # the edges below are dated by the test
        mock_factory.pin(THROW).drive_low()
        clock.now += 0.025
        mock_factory.pin(THROW).drive_high()
        clock.now += 0.5
        event = device.get(timeout_s=2)
        assert event is not None and event.kind == "press"


def test_edges_reach_when_edge_and_throw_down_reads_the_pin(mock_factory: MockFactory) -> None:
    """The setup mode's button test sees every raw edge with its pin's name; ``run``
    reads ``throw_down`` to tell a button held at start-up (5 s: setup mode)."""
    b = ThrowButton(THROW, undo_pin=UNDO, hold_time=HOLD)
    try:
        assert not b.throw_down
        edges: list[tuple[str, bool]] = []
        b.when_edge = lambda name, down, at_s: edges.append((name, down))
        mock_factory.pin(THROW).drive_low()
        assert b.throw_down
        mock_factory.pin(THROW).drive_high()
        assert not b.throw_down
        tap(mock_factory, UNDO)
        assert edges == [("throw", True), ("throw", False), ("undo", True), ("undo", False)]
    finally:
        b.close()


def _events(button: ThrowButton, n: int) -> list[ButtonEvent]:
    events = [button.get(timeout_s=2) for _ in range(n)]
    assert None not in events, events
    return events  # type: ignore[return-value]


def test_a_long_hold_on_mock_pins_by_a_fake_clock(mock_factory: MockFactory) -> None:
    # issue 14: the night screen between rounds is a long hold; a hold counts at release
    clock = FakeClock()
    with ThrowButton(THROW, hold_time=HOLD, long_hold_time=1.0, clock=clock) as b:
        pin = mock_factory.pin(THROW)
        pin.drive_low()                      # held 1.2 s: holding at 0.25 s, long at 1.0 s
        clock.now += 1.2
        assert _events(b, 2) == [ButtonEvent("holding", 100.0 + HOLD),
                                 ButtonEvent("long_hold", 101.0)]
        pin.drive_high()                     # its release adds nothing
        clock.now += 0.5
        assert b.get(timeout_s=0.2) is None
        pin.drive_low()                      # held 0.6 s: a hold, when it is let go
        clock.now += 0.6
        assert _events(b, 1) == [ButtonEvent("holding", 101.7 + HOLD)]
        pin.drive_high()
        clock.now += 0.1
        assert _events(b, 1) == [ButtonEvent("hold", 102.3)]
        assert b.get(timeout_s=0.2) is None


def test_open_buttons_passes_the_long_hold(mock_factory: MockFactory) -> None:
    class Settings:
        kind = "gpio"
        pin = THROW
        undo_pin = None
        bounce_time_s = 0.01
        hold_time_s = 0.5
        min_press_s = 0.01
        long_hold_time_s = 3.0

    with open_buttons(Settings()) as device:
        assert isinstance(device, ThrowButton)
        assert device._detectors["throw"][0].long_hold_time == 3.0
    Settings.long_hold_time_s = 0.5  # not longer than the hold
    with pytest.raises(ValueError, match="long_hold_time must be > hold_time"):
        open_buttons(Settings())
