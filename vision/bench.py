"""``python -m vision bench``: time :func:`vision.read_dice`, single-threaded.

Frames are synthetic scenes (:mod:`vision.synth`, fixed seeds) of five dice, the
throw of Ship Captain Crew, at 640x480 and 1280x720; and, apart, the real photos in
``fixtures/vision`` (crowded: 7..24 dice) resized to the same sizes. OpenCV is
limited to one thread (``cv2.setNumThreads(1)``) as on a loaded Raspberry Pi core.

So that the figures mean something on another machine, the same 1280x720 frames are
also put through a fixed reference of classic work (:func:`reference_pass`: grey,
Gaussian blur 5 x 5, adaptive threshold block 21 C 5, contours) and the ratio of the
two times is printed: the reader must stay within 5 times the reference. The cost of
one die is the time of the five-dice frames less that of the same floors without
dice (of the same generator), over five. These three are timed in turn, frame by
frame (:func:`time_in_turn`), so that other work on a shared machine weighs on them
alike. Apart, the time of the two networks' forward passes in a throw
(:func:`network_time`) against the rest of the reader: the floor that lighter networks,
not faster checks, would lower.
"""

from __future__ import annotations

import resource
import statistics
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from . import model
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


def reference_pass(frame: NDArray[np.uint8]) -> int:
    """The fixed reference of the bench: grey, GaussianBlur 5 x 5, adaptiveThreshold
    (mean, block 21, C 5, inverted), findContours (external, simple). Returns the
    number of contours (so the work cannot be skipped)."""
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    blur = cv2.GaussianBlur(grey, (5, 5), 0)
    bw = cv2.adaptiveThreshold(blur, 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                               cv2.THRESH_BINARY_INV, 21, 5)
    contours, _ = cv2.findContours(bw, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    return len(contours)


def time_calls(fn: Callable[[NDArray[np.uint8]], object],
               frames: list[NDArray[np.uint8]], repeats: int) -> float:
    """Median wall time of ``fn(frame)`` over the frames and repeats, ms (one warm-up)."""
    fn(frames[0])
    times = []
    for _ in range(repeats):
        for f in frames:
            t0 = time.perf_counter()
            fn(f)
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def empty_frames(width: int, height: int, n: int = 6) -> list[NDArray[np.uint8]]:
    """``n`` synthetic floors without dice (the generator of the throws, same seed)."""
    rng = np.random.default_rng(2024)
    spec = SceneSpec(die_px=(height / 12, height / 6))
    return [make_scene(rng, width, height, 0, spec).image for _ in range(n)]


def time_in_turn(fns: list[Callable[[NDArray[np.uint8]], object]],
                 frames: list[list[NDArray[np.uint8]]], repeats: int) -> list[float]:
    """Median wall times (ms) of ``fns[k](frames[k][i])``, the calls made in turn
    frame by frame (``fns[0]`` on frame 0, ``fns[1]`` on frame 0, ..., then frame 1),
    so that a change in the machine's load during the run falls on all of them alike
    (one warm-up each)."""
    for fn, fr in zip(fns, frames, strict=True):
        fn(fr[0])
    times: list[list[float]] = [[] for _ in fns]
    for _ in range(repeats):
        for i in range(len(frames[0])):
            for k, fn in enumerate(fns):
                t0 = time.perf_counter()
                fn(frames[k][i])
                times[k].append((time.perf_counter() - t0) * 1000)
    return [statistics.median(t) for t in times]


class _TimedNet:
    """A ``cv2.dnn.Net`` whose forward passes add their wall time (ms) to ``spent[0]``."""

    def __init__(self, net: cv2.dnn.Net, spent: list[float]) -> None:
        self._net = net
        self._spent = spent

    def setInput(self, blob: NDArray[np.float32]) -> None:  # cv2.dnn.Net's name
        self._net.setInput(blob)

    def forward(self) -> NDArray[np.float32]:
        t0 = time.perf_counter()
        try:
            return np.asarray(self._net.forward(), np.float32)
        finally:
            self._spent[0] += (time.perf_counter() - t0) * 1000


@contextmanager
def network_time() -> Iterator[list[float]]:
    """Within the block, every forward pass of the reader's networks (the detector and
    the face classifier, :mod:`vision.model`) adds its wall time to the one-item list
    it yields, ms (set it back to 0.0 to start again). The networks are wrapped, not
    changed: the same outputs."""
    spent = [0.0]
    original = model._net

    def timed(path: Path, shape: tuple[int, ...]) -> cv2.dnn.Net:
        net: cv2.dnn.Net = _TimedNet(original(path, shape), spent)  # type: ignore[assignment]
        return net

    model._net = timed
    try:
        yield spent
    finally:
        model._net = original


def time_networks(frames: list[NDArray[np.uint8]], repeats: int
                  ) -> tuple[float, float, float]:
    """Median wall times (ms) over the frames and repeats of one :func:`read_dice`
    call, of its networks' forward passes (:func:`network_time`), and of the rest of
    the call (one warm-up)."""
    read_dice(frames[0])
    total, nets = [], []
    with network_time() as spent:
        for _ in range(repeats):
            for f in frames:
                spent[0] = 0.0
                t0 = time.perf_counter()
                read_dice(f)
                total.append((time.perf_counter() - t0) * 1000)
                nets.append(spent[0])
    rest = [t - n for t, n in zip(total, nets, strict=True)]
    return statistics.median(total), statistics.median(nets), statistics.median(rest)


def time_reader(frames: list[NDArray[np.uint8]], repeats: int) -> float:
    """Median wall time of one :func:`read_dice` call over the frames, ms."""
    return time_calls(read_dice, frames, repeats)


def run_bench(repeats: int = 15) -> str:
    """Run the benchmark and return its report (plain text)."""
    threads = cv2.getNumThreads()
    cv2.setNumThreads(1)
    try:
        lines = [f"vision bench: read_dice, single-threaded (cv2.setNumThreads(1)), "
                 f"OpenCV {cv2.__version__}"]
        for w, h in ((640, 480), (1280, 720)):
            frames = synthetic_frames(w, h)
            if (w, h) == (1280, 720):  # the reader, the reference, the empty floors in turn
                ms, ref, empty = time_in_turn([read_dice, reference_pass, read_dice],
                                              [frames, frames, empty_frames(w, h)], repeats)
            else:
                ms = time_reader(frames, repeats)
            lines.append(f"  {w}x{h}, a throw of 5 dice (synthetic): median {ms:6.1f} ms "
                         f"({len(frames)} frames x {repeats})")
            if (w, h) == (1280, 720):
                lines.append(f"  {w}x{h}, fixed reference on the same frames (grey, GaussianBlur "
                             f"5x5, adaptiveThreshold 21/5, findContours): median {ref:6.1f} ms")
                lines.append(f"  ratio reader / reference: {ms / max(ref, 1e-6):.2f} "
                             "(must be <= 5)")
                lines.append(f"  per die: {(ms - empty) / 5:.1f} ms (5 dice {ms:.1f} ms, "
                             f"floors without dice {empty:.1f} ms)")
                total, nets, rest = time_networks(frames, max(repeats // 3, 1))
                lines.append(f"  of a throw ({total:.1f} ms, timed apart): the networks' forward "
                             f"passes {nets:.1f} ms ({nets / max(ref, 1e-6):.2f} x the reference), "
                             f"the rest {rest:.1f} ms ({rest / max(ref, 1e-6):.2f} x)")
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
