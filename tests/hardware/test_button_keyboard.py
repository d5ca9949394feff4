"""KeyboardButton: the desktop twin fed key names (space, s, u)."""

from __future__ import annotations

import time

import pytest

from hardware.button import ButtonEvent, KeyboardButton


@pytest.fixture
def keys() -> KeyboardButton:
    k = KeyboardButton(hold_time=0.3)
    yield k
    k.close()


def test_space_tapped_is_a_press(keys: KeyboardButton) -> None:
    assert keys.key_down("space", at_s=10.0)
    assert keys.key_up("space", at_s=10.1)
    assert keys.get(timeout_s=1) == ButtonEvent("press", 10.1)


def test_space_held_is_a_hold_reported_before_the_key_comes_up(keys: KeyboardButton) -> None:
    keys.key_down("space")
    event = keys.get(timeout_s=2)
    assert event is not None and event.kind == "hold"
    keys.key_up("space")
    assert keys.get(timeout_s=0.1) is None


def test_s_is_a_hold_and_u_is_an_undo_at_once(keys: KeyboardButton) -> None:
    keys.key_down("s", at_s=1.0)
    keys.key_down("U", at_s=2.0)  # any case
    assert [keys.get(0), keys.get(0)] == [ButtonEvent("hold", 1.0), ButtonEvent("undo", 2.0)]
    keys.key_up("s", at_s=1.5)
    keys.key_up("u", at_s=2.5)
    assert keys.get(timeout_s=0.05) is None


def test_key_repeat_gives_one_event(keys: KeyboardButton) -> None:
    for t in (1.0, 1.03, 1.06, 1.09):  # pygame key repeat sends key-downs again
        keys.key_down("u", at_s=t)
    keys.key_up("u", at_s=1.1)
    assert keys.drain() == 1


def test_other_keys_are_not_button_keys(keys: KeyboardButton) -> None:
    assert not keys.key_down("return")
    assert not keys.key_up("escape")
    assert keys.get(timeout_s=0.05) is None


def test_a_fake_clock_dates_the_events() -> None:
    now = [100.0]
    with KeyboardButton(hold_time=1.0, clock=lambda: now[0]) as keys:
        keys.key_down("space")
        now[0] = 100.4
        keys.key_up("space")
        assert keys.get(timeout_s=1) == ButtonEvent("press", 100.4)


def test_closed_keyboard_ignores_keys() -> None:
    keys = KeyboardButton()
    keys.close()
    keys.key_down("u")
    time.sleep(0.02)
    assert keys.get(timeout_s=0) is None


def test_space_held_long_is_a_long_hold_and_n_is_one_at_once() -> None:
    now = [0.0]
    with KeyboardButton(hold_time=0.3, long_hold_time=0.8, clock=lambda: now[0]) as keys:
        keys.key_down("space", at_s=1.0)
        now[0] = 2.0
        assert [keys.get(2), keys.get(2)] == [ButtonEvent("holding", 1.3),
                                              ButtonEvent("long_hold", 1.8)]
        keys.key_up("space", at_s=2.0)
        keys.key_down("n", at_s=3.0)
        keys.key_up("n", at_s=3.1)
        assert keys.get(2) == ButtonEvent("long_hold", 3.0)
        assert keys.get(timeout_s=0.1) is None
