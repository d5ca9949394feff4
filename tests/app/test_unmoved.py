"""``companion.unmoved``: the same dice, not moved, is not a throw (issue 12, item 1)."""

from __future__ import annotations

import pytest

from companion.unmoved import unmoved
from vision import read_dice

from .trays import tray


def dice_of(image: object, count: int) -> list[tuple[int | None, tuple[float, float], tuple]]:
    reading = read_dice(image, count)  # type: ignore[arg-type]
    assert reading.complete, reading.problems
    return [
        (d.value, (float(d.center[0]), float(d.center[1])), tuple(map(tuple, d.corners)))
        for d in reading.dice
    ]


def test_the_same_tray_photographed_twice_under_flicker_is_unmoved() -> None:
    first = tray(6, 5, 4, 3, 3, seed=7)
    flicker = (first.astype(int) * 0.85 + 12).clip(0, 255).astype("uint8")  # dimmer, noisy
    assert unmoved(dice_of(first, 5), dice_of(flicker, 5))


@pytest.mark.parametrize("seed", [8, 9, 10])
def test_a_new_throw_of_the_same_values_is_a_throw(seed: int) -> None:
    # the same face values, thrown again: the dice lie elsewhere
    assert not unmoved(dice_of(tray(6, 5, 4, 3, 3, seed=7), 5),
                       dice_of(tray(6, 5, 4, 3, 3, seed=seed), 5))


def test_one_die_turned_or_moved_is_a_throw() -> None:
    before = [(6, (100.0, 100.0), ((70.0, 70.0), (130.0, 70.0), (130.0, 130.0), (70.0, 130.0)))]
    assert unmoved(before, [(6, (112.0, 104.0), before[0][2])])  # nudged 13 px of 60
    assert not unmoved(before, [(6, (118.0, 100.0), before[0][2])])  # 18 px > a quarter
    assert not unmoved(before, [(2, (100.0, 100.0), before[0][2])])  # another face


def test_no_reference_unreadable_dice_or_another_count_are_never_unmoved() -> None:
    die = (5, (50.0, 50.0), ())
    assert not unmoved([], [die])
    assert not unmoved([die], [die, (3, (200.0, 50.0), ())])
    assert not unmoved([(None, (50.0, 50.0), ())], [(None, (50.0, 50.0), ())])
