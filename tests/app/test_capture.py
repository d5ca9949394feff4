"""The throw reader reads a press over the burst: a value only where two frames agree."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from companion.capture import ThrowReader
from vision.synth import SceneSpec, make_scene

SPEC = SceneSpec(die_px=(60.0, 70.0), p_touching=0.0, p_oblique=0.0, p_glare=0.0,
                 blur_sigma=(0.0, 0.0), noise_sigma=(0.0, 0.0))


def tray(values: list[int]) -> NDArray[np.uint8]:
    """Five dice at the same places (seed 7), showing ``values``."""
    return make_scene(np.random.default_rng(7), 640, 480, 5, SPEC, values=values).image


class BurstCamera:
    """A camera that serves one burst of the given frames on every press."""

    describe = "burst camera"

    def __init__(self, frames: list[NDArray[np.uint8]]) -> None:
        self.burst = frames

    def frames(self, n: int, interval_s: float) -> list[NDArray[np.uint8]]:
        assert n == len(self.burst)
        return [f.copy() for f in self.burst]

    def close(self) -> None:
        pass


def reader(frames: list[NDArray[np.uint8]]) -> ThrowReader:
    return ThrowReader(BurstCamera(frames), burst_frames=len(frames),  # type: ignore[arg-type]
                       burst_interval_s=0.1, calibration=None, vision=None)


def test_a_still_burst_reads_every_die_with_two_frames_agreeing() -> None:
    still = tray([6, 5, 4, 3, 2])
    capture = reader([still, still, still]).read(5)
    assert capture.problem is None and capture.reading is not None
    assert sorted(capture.reading.values) == [2, 3, 4, 5, 6]  # type: ignore[type-var]
    assert [d.agreed for d in capture.reading.dice] == [2] * 5
    assert capture.reading.complete


def test_a_burst_whose_last_frame_shows_another_face_is_not_read() -> None:
    # One die's pips change between frames: the stillness check stops the press before
    # any value is read, and the photo is kept without marks.
    two, one = tray([6, 5, 4, 3, 2]), tray([6, 5, 4, 3, 1])
    capture = reader([two, two, one]).read(5)
    assert capture.problem == "moving"
    assert capture.reading is None
    assert capture.shot is not None and capture.shot.dice == ()


def test_a_burst_of_one_frame_is_read_once() -> None:
    still = tray([6, 5, 4, 3, 2])
    capture = reader([still]).read(5)
    assert capture.reading is not None and capture.reading.frames == 1
    assert [d.agreed for d in capture.reading.dice] == [1] * 5
