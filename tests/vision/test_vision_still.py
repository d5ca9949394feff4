"""Stillness over a burst: moving dice say "wait", still dice and sensor noise do not."""

import numpy as np

from vision import check_still
from vision.synth import make_scene


def test_still_burst_with_sensor_noise_is_still() -> None:
    rng = np.random.default_rng(3)
    base = make_scene(rng, 640, 480, 5).image.astype(np.int16)
    frames = [np.clip(base + rng.normal(0, 3, base.shape), 0, 255).astype(np.uint8)
              for _ in range(4)]
    assert check_still(frames) is None


def test_a_rolling_die_is_moving() -> None:
    rng = np.random.default_rng(4)
    bg = make_scene(rng, 640, 480, 0).image
    frames = []
    for k in range(3):
        f = bg.copy()
        x = 100 + 40 * k
        f[200:240, x:x + 40] = (240, 240, 240)
        frames.append(f)
    p = check_still(frames)
    assert p is not None and p.code == "moving" and "still moving" in p.message
