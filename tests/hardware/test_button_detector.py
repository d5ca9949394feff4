"""PressDetector: debounce, press and hold on a fake clock (times are plain floats)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.button import ButtonEvent, PressDetector

BOUNCE = 0.02
HOLD = 1.5


def run(
    edges: list[tuple[float, bool]], until: float, hold: float | None = HOLD
) -> list[ButtonEvent]:
    """Feed ``(time, pressed)`` edges in order, poll at every deadline up to ``until``."""
    detector = PressDetector(BOUNCE, hold)
    events: list[ButtonEvent] = []
    for at, level in edges:
        deadline = detector.next_deadline()
        while deadline is not None and deadline < at:
            events += detector.poll(deadline)
            deadline = detector.next_deadline()
        events += detector.feed(level, at)
    deadline = detector.next_deadline()
    while deadline is not None and deadline <= until:
        events += detector.poll(deadline)
        deadline = detector.next_deadline()
    events += detector.poll(until)
    return events


def test_clean_press_is_one_press_dated_at_the_release() -> None:
    assert run([(1.0, True), (1.15, False)], until=5) == [ButtonEvent("press", 1.15)]


def test_nothing_is_reported_before_the_release_has_settled() -> None:
    detector = PressDetector(BOUNCE, HOLD)
    assert detector.feed(True, 1.0) == []
    assert detector.feed(False, 1.2) == []
    assert detector.poll(1.219) == []
    assert detector.poll(1.22) == [ButtonEvent("press", 1.2)]


def test_contact_bounce_at_press_and_release_gives_one_press() -> None:
    press = [(1.000, True), (1.002, False), (1.004, True), (1.005, False), (1.009, True)]
    release = [(1.300, False), (1.301, True), (1.306, False), (1.307, True), (1.312, False)]
    assert run(press + release, until=5) == [ButtonEvent("press", 1.312)]


def test_a_hold_is_reported_at_hold_time_while_still_down() -> None:
    detector = PressDetector(BOUNCE, HOLD)
    detector.feed(True, 10.0)
    assert detector.poll(10.02) == []
    assert detector.is_pressed
    assert detector.next_deadline() == pytest.approx(11.5)
    assert detector.poll(11.499) == []
    assert detector.poll(11.5) == [ButtonEvent("hold", 11.5)]
    assert detector.is_pressed  # reported with the thumb still on the button
    detector.feed(False, 13.0)
    assert detector.poll(20.0) == []  # its release reports nothing


def test_release_bounce_after_a_long_hold_is_not_a_second_press() -> None:
    # gpiozero #378: a first-edge lockout has expired by the release, so its bounce
    # used to look like a new press.
    edges = [
        (0.0, True),
        (3.0, False),
        (3.001, True),
        (3.004, False),
        (3.006, True),
        (3.008, False),
    ]
    assert run(edges, until=10) == [ButtonEvent("hold", 1.5)]


def test_spikes_shorter_than_the_debounce_window_are_ignored() -> None:
    # sub-millisecond spurious edges on an idle line (reported with lgpio on Bookworm)
    edges = [
        (5.0, True),
        (5.0004, False),
        (7.0, True),
        (7.0001, False),
        (7.0002, True),
        (7.0003, False),
    ]
    assert run(edges, until=10) == []


def test_phantom_double_press_after_release_is_one_press() -> None:
    # a press, then a burst of spurious edges a few ms after the release
    edges = [
        (1.0, True),
        (1.2, False),
        (1.205, True),
        (1.2052, False),
        (1.209, True),
        (1.2093, False),
    ]
    assert run(edges, until=5) == [ButtonEvent("press", 1.2093)]


def test_repeated_reports_of_the_same_level_are_ignored() -> None:
    edges = [(1.0, True), (1.05, True), (1.1, True), (1.3, False), (1.31, False)]
    assert run(edges, until=5) == [ButtonEvent("press", 1.3)]


def test_a_dropout_while_held_does_not_break_the_hold() -> None:
    edges = [(0.0, True), (1.0, False), (1.005, True)]  # 5 ms dropout, then held on
    assert run(edges, until=3) == [ButtonEvent("hold", 1.5)]


def test_a_release_just_before_hold_time_is_a_press() -> None:
    assert run([(0.0, True), (1.49, False)], until=3) == [ButtonEvent("press", 1.49)]


def test_a_release_that_begins_after_hold_time_is_a_hold_even_if_polled_late() -> None:
    detector = PressDetector(BOUNCE, HOLD)
    detector.feed(True, 0.0)
    # nobody polled at 1.5 s (a busy thread); the release edge arrives at 1.6 s
    assert detector.feed(False, 1.6) == [ButtonEvent("hold", 1.5)]
    assert detector.poll(2.0) == []


def test_two_real_presses_are_two_presses() -> None:
    edges = [(1.0, True), (1.1, False), (1.3, True), (1.4, False)]
    assert run(edges, until=5) == [ButtonEvent("press", 1.1), ButtonEvent("press", 1.4)]


def test_a_button_without_holds_reports_when_the_press_has_settled() -> None:
    detector = PressDetector(BOUNCE, None)
    assert detector.feed(True, 2.0) == []
    assert detector.poll(2.02) == []  # settled, but not yet min_press long
    assert detector.poll(2.05) == [ButtonEvent("press", 2.05)]
    assert detector.poll(9.0) == []  # no hold, however long
    assert detector.feed(False, 9.5) == []
    assert detector.poll(10.0) == []


def test_a_button_down_at_start_reports_nothing_until_pressed_again() -> None:
    detector = PressDetector(BOUNCE, HOLD)
    detector.assume_pressed(0.0)
    assert detector.poll(5.0) == []
    assert detector.feed(False, 5.0) == [] and detector.poll(5.1) == []
    detector.feed(True, 6.0)
    detector.feed(False, 6.2)
    assert detector.poll(6.3) == [ButtonEvent("press", 6.2)]


def test_zero_bounce_time_takes_every_edge_at_once() -> None:
    detector = PressDetector(0.0, 1.0, min_press=0.0)
    assert detector.feed(True, 1.0) == []
    assert detector.feed(False, 1.001) == [ButtonEvent("press", 1.001)]


def test_a_clock_that_steps_back_is_clamped() -> None:
    detector = PressDetector(BOUNCE, HOLD)
    detector.feed(True, 5.0)
    detector.feed(False, 4.0)  # earlier than the press: taken as 5.0
    assert detector.poll(5.02) == []  # a 0 ms press is no press


@pytest.mark.parametrize(
    ("bounce", "hold", "min_press"),
    [
        (-0.01, 1.5, 0.05),
        (0.02, 0.02, 0.0),
        (0.5, 0.1, 0.0),
        (float("nan"), 1.0, 0.05),
        (0.02, 1.5, -0.01),
        (0.02, 1.5, 1.5),
        (0.02, 1.5, float("nan")),
    ],
)
def test_bad_timings_are_refused(bounce: float, hold: float, min_press: float) -> None:
    with pytest.raises(ValueError, match="must be"):
        PressDetector(bounce, hold, min_press)


# -- glitches: a lone pulse shorter than min_press (default 50 ms) is no press ----------
@pytest.mark.parametrize("width_s", [0.020, 0.025, 0.030, 0.049])
def test_a_lone_glitch_pulse_is_not_a_press(width_s: float) -> None:
    # issue 12: a lone 20..30 ms low pulse with no thumb on the button counted as a throw
    assert run([(1.0, True), (1.0 + width_s, False)], until=5) == []


def test_a_glitch_on_the_undo_button_is_not_an_undo() -> None:
    assert run([(1.0, True), (1.025, False)], until=5, hold=None) == []
    # ... while an undo press is reported once it has lasted min_press
    assert run([(1.0, True), (1.2, False)], until=5, hold=None) == [ButtonEvent("press", 1.05)]


def test_a_glitch_ringing_at_its_ends_is_still_not_a_press() -> None:
    edges = [(1.0, True), (1.002, False), (1.003, True), (1.028, False), (1.029, True)]
    assert run([*edges, (1.03, False)], until=5) == []


def test_the_shortest_press_is_configurable() -> None:
    blip = [(1.0, True), (1.025, False)]
    detector = PressDetector(BOUNCE, HOLD, min_press=0.02)
    detector.feed(True, 1.0)
    detector.feed(False, 1.025)
    assert detector.poll(2.0) == [ButtonEvent("press", 1.025)]
    assert run(blip, until=5) == []  # the default (50 ms) refuses it
    # the shortest press is measured from the first edge down to the first edge up
    detector = PressDetector(BOUNCE, HOLD, min_press=0.05)
    for at, level in [(1.0, True), (1.001, False), (1.012, True), (1.05, False)]:
        detector.feed(level, at)
    assert detector.poll(2.0) == [ButtonEvent("press", 1.05)]


@pytest.mark.parametrize("edges_in_bounce", [2, 3, 4])
@pytest.mark.parametrize("bounce_span_s", [0.005, 0.015, 0.030])
def test_a_bouncy_press_with_a_release_bounce_81_ms_later_is_one_press(
    edges_in_bounce: int, bounce_span_s: float
) -> None:
    # a thumb on a worn button: 2..4 edges over 5..30 ms, ending down; released 81 ms
    # after the first edge, with its own bounce
    step = bounce_span_s / (edges_in_bounce - 1)
    press = [(1.0 + k * step, k % 2 == 0) for k in range(edges_in_bounce)]
    if not press[-1][1]:
        press.append((1.0 + bounce_span_s + 0.001, True))
    release = [(1.081, False), (1.082, True), (1.085, False)]
    assert run(press + release, until=5) == [ButtonEvent("press", 1.085)]


# One physical press: (seconds down, seconds up afterwards, bounce edges at each end).
# A thumb's press lasts 80 ms or more (shorter pulses are glitches, tested above).
presses = st.lists(
    st.tuples(
        st.one_of(st.floats(0.08, 1.44), st.floats(1.56, 4.0)),
        st.floats(0.05, 2.0),
        st.lists(st.floats(0.0, 0.015), max_size=6),
        st.lists(st.floats(0.0, 0.015), max_size=6),
    ),
    max_size=12,
)


@settings(max_examples=300, deadline=None)
@given(presses)
def test_any_bouncy_sequence_gives_exactly_one_event_per_physical_press(
    script: list[tuple[float, float, list[float], list[float]]],
) -> None:
    edges: list[tuple[float, bool]] = []
    expected: list[str] = []
    t = 1.0
    for down_s, up_s, press_bounce, release_bounce in script:
        # bounce: alternating levels within 15 ms after each transition, ending settled
        for k, dt in enumerate(sorted(press_bounce)):
            edges.append((t + dt, k % 2 == 0))
        edges.append((t + 0.016, True))
        t += down_s
        for k, dt in enumerate(sorted(release_bounce)):
            edges.append((t + dt, k % 2 != 0))
        edges.append((t + 0.016, False))
        expected.append("hold" if down_s >= HOLD else "press")
        t += up_s
    events = run(edges, until=t + 5)
    assert [e.kind for e in events] == expected
    assert all(a.at_s <= b.at_s for a, b in itertools.pairwise(events))


# -- the long hold (issue 14: the night screen between rounds) -------------------------

LONG = 4.0


def run_long(edges: list[tuple[float, bool]], until: float) -> list[ButtonEvent]:
    """:func:`run` for a detector with a long hold at ``LONG`` s."""
    detector = PressDetector(BOUNCE, HOLD, long_hold_time=LONG)
    events: list[ButtonEvent] = []
    for at, level in [*edges, (until, None)]:
        deadline = detector.next_deadline()
        while deadline is not None and deadline <= at:
            events += detector.poll(deadline)
            deadline = detector.next_deadline()
        if level is not None:
            events += detector.feed(level, at)
    return events


def test_with_a_long_hold_the_hold_time_gives_a_notice_and_the_release_the_hold() -> None:
    detector = PressDetector(BOUNCE, HOLD, long_hold_time=LONG)
    detector.feed(True, 10.0)
    assert detector.poll(11.49) == []
    assert detector.poll(11.5) == [ButtonEvent("holding", 11.5)]  # thumb still down
    assert detector.next_deadline() == pytest.approx(14.0)
    assert detector.feed(False, 12.3) == []
    assert detector.next_deadline() == pytest.approx(12.32)  # no long hold is waiting now
    assert detector.poll(12.32) == [ButtonEvent("hold", 12.3)]  # dated at the release
    assert detector.poll(20.0) == []


def test_a_long_hold_is_reported_at_long_hold_time_and_its_release_adds_nothing() -> None:
    events = run_long([(10.0, True), (16.0, False)], until=30.0)
    assert events == [ButtonEvent("holding", 11.5), ButtonEvent("long_hold", 14.0)]


def test_release_bounce_just_before_the_long_hold_time_makes_it_a_hold() -> None:
    # the thumb lifts at 13.99 s, bouncing: a hold, dated from the release's last edge
    release = [(13.99, False), (13.992, True), (13.995, False)]
    assert run_long([(10.0, True), *release], until=30.0) == [
        ButtonEvent("holding", 11.5), ButtonEvent("hold", 13.995)]


def test_a_spike_during_a_long_hold_does_not_break_it() -> None:
    spike = [(12.5, False), (12.503, True)]  # 3 ms up: not a release
    assert run_long([(10.0, True), *spike, (15.0, False)], until=30.0) == [
        ButtonEvent("holding", 11.5), ButtonEvent("long_hold", 14.0)]


def test_a_short_press_is_a_press_with_a_long_hold_too() -> None:
    assert run_long([(10.0, True), (10.2, False)], until=30.0) == [ButtonEvent("press", 10.2)]


def test_a_button_down_at_start_reports_nothing_for_its_long_hold_or_release() -> None:
    detector = PressDetector(BOUNCE, HOLD, long_hold_time=LONG)
    detector.assume_pressed(5.0)
    assert detector.poll(20.0) == [] and detector.feed(False, 21.0) == []
    assert detector.poll(22.0) == []
    assert run_long([(30.0, True), (30.1, False)], until=31.0) == [ButtonEvent("press", 30.1)]


@pytest.mark.parametrize(("hold", "long"), [(1.5, 1.5), (1.5, 1.0), (None, 4.0)])
def test_a_long_hold_must_be_longer_than_a_hold(hold: float | None, long: float) -> None:
    with pytest.raises(ValueError, match="long_hold_time must be > hold_time"):
        PressDetector(BOUNCE, hold, long_hold_time=long)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.floats(0.06, 6.0), st.floats(0.05, 2.0)), max_size=8))
def test_every_press_gives_one_action_and_a_notice_exactly_when_held(
    script: list[tuple[float, float]],
) -> None:
    edges: list[tuple[float, bool]] = []
    expected: list[str] = []
    t = 1.0
    for down_s, up_s in script:
        edges += [(t, True), (t + down_s, False)]
        if down_s < HOLD:
            expected.append("press")
        else:
            expected += ["holding", "long_hold" if down_s >= LONG else "hold"]
        t += down_s + up_s
    events = run_long(edges, until=t + 10)
    assert [e.kind for e in events] == expected
    assert all(a.at_s <= b.at_s for a, b in itertools.pairwise(events))
