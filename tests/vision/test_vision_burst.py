"""Agreement over a burst: a value only where the frames agree; disagreement never
leaks a value; the reading says how many frames agreed."""

import numpy as np
import pytest

from vision import Die, Problem, Reading, VisionInputError, read_burst, read_dice
from vision.burst import combine, disagree
from vision.synth import SceneSpec, make_scene


def die(value: int | None, x: float, y: float = 50.0) -> Die:
    sq = ((x - 20, y - 20), (x + 20, y - 20), (x + 20, y + 20), (x - 20, y + 20))
    return Die(value, (x, y), sq, 0.9)


def test_two_frames_that_agree_give_the_values_with_agreed_2() -> None:
    a = Reading((die(6, 50), die(5, 150)))
    b = Reading((die(6, 52), die(5, 149)))
    r = combine([a, b], (400, 100))
    assert r.values == (6, 5) and [d.agreed for d in r.dice] == [2, 2]
    assert r.frames == 2 and r.complete


def test_a_die_the_frames_disagree_on_is_unreadable() -> None:
    a = Reading((die(6, 50), die(5, 150)))
    b = Reading((die(6, 50), die(3, 150)))
    assert disagree([a, b])
    r = combine([a, b], (400, 100))
    assert r.values == (6, None)
    assert r.dice[1].agreed == 1
    assert [p.code for p in r.problems] == ["unreadable"] and r.problems[0].die == 1
    assert "disagree" in r.problems[0].message and not r.complete


def test_a_third_frame_that_agrees_with_one_still_leaks_no_value() -> None:
    a, b, c = (Reading((die(v, 50),)) for v in (4, 2, 4))
    r = combine([a, b, c])
    assert r.values == (None,) and r.frames == 3 and r.dice[0].agreed == 2


def test_an_unreadable_frame_is_no_vote_against() -> None:
    a, b, c = Reading((die(4, 50),)), Reading((die(None, 50),)), Reading((die(4, 51),))
    r = combine([a, b, c])
    assert r.values == (4,) and r.dice[0].agreed == 2


def test_a_die_seen_in_one_frame_only_has_no_value() -> None:
    a = Reading((die(4, 50), die(2, 150)))
    b = Reading((die(4, 50),))
    r = combine([a, b])
    assert r.values == (4, None)


def test_whole_image_problems_of_any_frame_are_kept() -> None:
    a = Reading((die(4, 50),))
    b = Reading((die(4, 50),), problems=(Problem("blurred", "blurred"),))
    r = combine([a, b])
    assert [p.code for p in r.problems] == ["blurred"]


def test_the_first_frame_s_reason_for_a_die_it_left_unread_stands() -> None:
    # a hand over the die: the table is asked to take it away, not to re-throw
    hand = Problem("unreadable", "A hand is over the die at the left: take it away "
                   "and press again.", 0)
    a = Reading((die(None, 50), die(2, 150)), problems=(hand,))
    b = Reading((die(None, 50), die(2, 150)), problems=(hand,))
    r = combine([a, b], (400, 100))
    assert r.values == (None, 2)
    assert r.problems == (hand,)
    # a die the first frame read and the frames disagree on keeps the burst's words
    c = Reading((die(5, 50), die(2, 150)))
    r = combine([c, a], (400, 100))
    assert r.values == (None, 2) and len(r.problems) == 1
    assert r.problems[0].message == ("Cannot read the die at the left: the frames of "
                                     "the burst disagree on it.")


def test_one_reading_is_passed_through() -> None:
    r = combine([Reading((die(3, 50), die(None, 150)))])
    assert r.values == (3, None) and [d.agreed for d in r.dice] == [1, 0] and r.frames == 1


def test_combine_needs_a_reading() -> None:
    with pytest.raises(ValueError):
        combine([])


def scene(seed: int) -> np.ndarray:
    spec = SceneSpec(die_px=(60.0, 70.0), p_touching=0.0, p_oblique=0.0, p_glare=0.0,
                     blur_sigma=(0.0, 0.0), noise_sigma=(0.0, 0.0))
    return make_scene(np.random.default_rng(seed), 640, 480, 5, spec,
                      values=[6, 5, 4, 3, 2]).image


def test_read_burst_of_a_still_throw_agrees() -> None:
    frame = scene(7)
    rng = np.random.default_rng(1)
    frames = [np.clip(frame + rng.normal(0, 2, frame.shape), 0, 255).astype(np.uint8)
              for _ in range(3)]
    single = read_dice(frames[-1], expected=5)
    r = read_burst(frames, expected=5)
    assert r.frames == 2  # the last two agreed: no third read
    assert sorted(v for v in r.values if v is not None) == sorted(
        v for v in single.values if v is not None)
    assert all(d.agreed == 2 for d in r.dice if d.value is not None)


def test_read_burst_reads_a_third_frame_when_two_disagree() -> None:
    still = scene(7)
    other = scene(8)  # another throw: the two last frames differ
    r = read_burst([still, other, still])
    assert r.frames == 3
    assert all(d.value is None or d.agreed >= 2 for d in r.dice)


def test_read_burst_refuses_bad_input() -> None:
    with pytest.raises(VisionInputError):
        read_burst([])
    with pytest.raises(VisionInputError):
        read_burst([np.zeros((100, 100, 3), np.uint8), np.zeros((90, 100, 3), np.uint8)])


def test_read_burst_reads_a_repeated_frame_once(monkeypatch: pytest.MonkeyPatch) -> None:
    # A replayed photo served as a burst: the reader is deterministic, so the second
    # frame's reading is the first one's, computed once, and the frames agree.
    import vision.burst

    calls = []
    real = vision.burst.read_dice

    def counting(*args: object, **kwargs: object) -> object:
        calls.append(1)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(vision.burst, "read_dice", counting)
    frame = scene(7)
    r = read_burst([frame, frame.copy(), frame.copy()], expected=5)
    assert len(calls) == 1
    assert r.frames == 2
    assert [d.agreed for d in r.dice] == [2] * 5
