"""``python -m vision bench``: time :func:`vision.read_dice`, single-threaded.

Frames are synthetic scenes (:mod:`vision.synth`, fixed seeds) of five dice, the
throw of Ship Captain Crew, at 640x480 and 1280x720; and, apart, the real photos in
``fixtures/vision`` (crowded: 7..24 dice) resized to the same sizes. OpenCV is
limited to one thread (``cv2.setNumThreads(1)``) as on a loaded Raspberry Pi core.
"""

from __future__ import annotations

import resource
import statistics
import time
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from .read import read_dice
from .synth import SceneSpec, make_scene

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "vision"


def synthetic_frames(width: int, height: int, n: int = 6) -> list[NDArray[np.uint8]]:
    """``n`` synthetic throws of five dice (fixed seed), dice 1/12..1/6 of the height."""
    rng = np.random.default_rng(2024)
    spec = SceneSpec(die_px=(height / 12, height / 6))
    return [make_scene(rng, width, height, 5, spec).image for _ in range(n)]


def fixture_frames(width: int, height: int) -> list[NDArray[np.uint8]]:
    """The real photos in ``fixtures/vision`` (7..24 dice each) resized to the size."""
    frames = []
    for path in sorted(FIXTURES.rglob("*.jpg")):
        img = cv2.imread(str(path))
        if img is not None:
            frames.append(np.asarray(cv2.resize(img, (width, height)), np.uint8))
    return frames


def time_reader(frames: list[NDArray[np.uint8]], repeats: int) -> float:
    """Median wall time of one :func:`read_dice` call over the frames, ms."""
    read_dice(frames[0])  # warm-up: model load, allocations
    times = []
    for _ in range(repeats):
        for f in frames:
            t0 = time.perf_counter()
            read_dice(f)
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def run_bench(repeats: int = 15) -> str:
    """Run the benchmark and return its report (plain text)."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        lines = ["vision bench: read_dice, single-threaded (cv2.setNumThreads(1))"]
        for w, h in ((640, 480), (1280, 720)):
            frames = synthetic_frames(w, h)
            ms = time_reader(frames, repeats)
            lines.append(f"  {w}x{h}, a throw of 5 dice (synthetic): median {ms:6.1f} ms "
                         f"({len(frames)} frames x {repeats})")
            real = fixture_frames(w, h)
            if real:
                ms = time_reader(real, max(repeats // 3, 1))
                lines.append(f"  {w}x{h}, real photos of 7..24 dice (fixtures/vision): "
                             f"median {ms:6.1f} ms ({len(real)} frames x {max(repeats // 3, 1)})")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        lines.append(f"  peak memory (max resident set size of the process): {peak:.0f} MB")
        return "\n".join(lines)
    finally:
        cv2.setNumThreads(threads)
