"""Calibration estimated from an image; the reading drawn on the image."""

import numpy as np

from vision import Calibration, annotate, estimate_calibration, read_dice
from vision.synth import SceneSpec, make_scene

SPEC = SceneSpec(die_px=(58.0, 62.0), p_touching=0.0, p_oblique=0.0, p_glare=0.0,
                 blur_sigma=(0.0, 0.0), noise_sigma=(0.0, 2.0))


def test_die_size_and_tray_are_estimated() -> None:
    scene = make_scene(np.random.default_rng(21), 640, 480, 5, SPEC,
                       centers=[(200.0, 150.0), (330.0, 160.0), (260.0, 280.0),
                                (400.0, 300.0), (300.0, 380.0)])
    # a tray: a plain region of its own colour inside a contrasting table
    img = np.full((480, 800, 3), (40, 90, 160), np.uint8)
    img[:, 80:720] = scene.image
    cal = estimate_calibration(img)
    assert cal.die_size_px is not None and abs(cal.die_size_px - 60.0) < 9.0
    assert cal.tray is not None
    x0, y0, x1, y1 = cal.tray
    # the table's colour is not the tray: the tray is 80..720 px, grown by half a die
    margin = 0.5 * cal.die_size_px + 2
    assert x0 >= 80 - margin and x1 <= 720 + margin
    assert x0 <= 170 and x1 >= 430 and y0 <= 120 and y1 >= 410  # every die is inside


def test_no_dice_no_calibration() -> None:
    assert estimate_calibration(np.full((200, 300, 3), 128, np.uint8)) == Calibration()


def test_annotate_draws_on_a_copy() -> None:
    scene = make_scene(np.random.default_rng(22), 640, 480, 3, SPEC)
    before = scene.image.copy()
    reading = read_dice(scene.image)
    out = annotate(scene.image, reading)
    assert np.array_equal(scene.image, before)
    assert out.shape == before.shape and out.dtype == np.uint8
    for die in reading.dice:
        (x0, y0) = die.corners[0]
        x, y = int(x0), int(y0)
        region = np.abs(out[y - 3:y + 4, x - 3:x + 4].astype(int)
                        - before[y - 3:y + 4, x - 3:x + 4].astype(int))
        assert region.sum() > 0  # each die's outline is drawn
