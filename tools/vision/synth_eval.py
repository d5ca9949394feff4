"""Score the reader on synthetic scenes of one kind of table (development tool).

A stand-in for set-ups we have no photos of, e.g. a fixed camera over a green felt
dice box with red dice, white pips, glare spots and touching dice (the default). Each
synthetic die is matched to the nearest die read within half its side; a die read
with another value is "wrong", read as None "unreadable", not found "missed"; dice
read that match nothing are "false".

Usage: ``python -m tools.vision.synth_eval [--scenes 120] [--seed 123]``. Prints one
line of figures and the wrong reads (scene, value, read, glare on it, oblique).
Not a test: the figures describe the generator as much as the reader.
"""

from __future__ import annotations

import argparse

import numpy as np
from numpy.typing import NDArray

import vision.synth as synth
from vision import read_dice
from vision.synth import SceneSpec, make_scene


def _red_die(rng: np.random.Generator) -> tuple[tuple[float, ...], tuple[float, ...]]:
    face = synth._hsv_to_bgr(rng.uniform(0, 6), rng.uniform(180, 250), rng.uniform(120, 220))
    return face, synth._hsv_to_bgr(0, rng.uniform(0, 20), rng.uniform(225, 255))


def _green_felt(rng: np.random.Generator, w: int, h: int) -> NDArray[np.uint8]:
    img = np.zeros((h, w, 3), np.float32)
    img[:] = synth._hsv_to_bgr(rng.uniform(55, 65), rng.uniform(120, 200), rng.uniform(60, 110))
    img += rng.normal(0, 6, img.shape)
    return np.asarray(np.clip(img, 0, 255), np.uint8)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenes", type=int, default=120)
    ap.add_argument("--seed", type=int, default=123)
    args = ap.parse_args()
    synth._colours = _red_die  # type: ignore[assignment]
    synth._background = _green_felt  # type: ignore[assignment]
    rng = np.random.default_rng(args.seed)
    spec = SceneSpec(die_px=(45.0, 80.0), p_touching=0.6, p_glare=0.6, p_oblique=0.3,
                     p_shadow=0.6)
    counts = {"correct": 0, "wrong": 0, "unreadable": 0, "missed": 0, "false": 0}
    wrongs = []
    for k in range(args.scenes):
        scene = make_scene(rng, 640, 480, int(rng.integers(2, 6)), spec)
        reading = read_dice(scene.image)
        used: set[int] = set()
        for die in scene.dice:
            near = [j for j, d in enumerate(reading.dice) if j not in used and np.hypot(
                d.center[0] - die.center[0], d.center[1] - die.center[1]) < 0.5 * die.side]
            if not near:
                counts["missed"] += 1
                continue
            used.add(near[0])
            value = reading.dice[near[0]].value
            if value is None:
                counts["unreadable"] += 1
            elif value == die.value:
                counts["correct"] += 1
            else:
                counts["wrong"] += 1
                wrongs.append((k, die.value, value, die.glare, die.oblique))
        counts["false"] += len(reading.dice) - len(used)
    n = sum(v for key, v in counts.items() if key != "false")
    print(f"{args.scenes} scenes, {n} dice: " + ", ".join(
        f"{key} {v} ({100 * v / n:.1f}%)" for key, v in counts.items()))
    for k, value, read, glare, oblique in wrongs:
        print(f"  scene {k}: {value} read as {read} (glare {glare}, oblique {oblique})")


if __name__ == "__main__":
    main()
