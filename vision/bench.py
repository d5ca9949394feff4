"""``python -m vision bench``: time :func:`vision.read_dice`, single-threaded.

Frames are synthetic scenes (:mod:`vision.synth`, fixed seeds) of five dice, the
throw of Ship Captain Crew, at 640x480 and 1280x720, plus the real photos in
``fixtures/vision`` (if the checkout has them) resized to 1280x720. OpenCV is
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


def _frames(width: int, height: int) -> list[NDArray[np.uint8]]:
    rng = np.random.default_rng(2024)
    scale = min(width, height) / 480
    spec = SceneSpec(die_px=(40 * scale, 80 * scale))
    frames = [make_scene(rng, width, height, 5, spec).image for _ in range(5)]
    if width == 1280 and FIXTURES.is_dir():
        for path in sorted(FIXTURES.rglob("*.jpg"))[:5]:
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
            frames = _frames(w, h)
            ms = time_reader(frames, repeats)
            lines.append(f"  {w}x{h}: median {ms:6.1f} ms per image "
                         f"({len(frames)} frames x {repeats} repeats)")
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        lines.append(f"  peak memory (max resident set size of the process): {peak:.0f} MB")
        return "\n".join(lines)
    finally:
        cv2.setNumThreads(threads)
