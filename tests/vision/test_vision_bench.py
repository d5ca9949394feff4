"""The bench times the reader, the reference and the empty floors in turn (no timing
is asserted: speed is measured by the bench, not by tests)."""

from __future__ import annotations

import numpy as np

from vision.bench import time_in_turn


def test_time_in_turn_calls_each_function_on_its_frames_frame_by_frame() -> None:
    calls: list[tuple[str, int]] = []
    frames = [np.full((4, 4, 3), i, np.uint8) for i in range(3)]
    others = [np.full((4, 4, 3), 10 + i, np.uint8) for i in range(3)]

    def a(f: np.ndarray) -> None:
        calls.append(("a", int(f[0, 0, 0])))

    def b(f: np.ndarray) -> None:
        calls.append(("b", int(f[0, 0, 0])))

    times = time_in_turn([a, b], [frames, others], repeats=2)
    assert len(times) == 2 and all(t >= 0.0 for t in times)
    # one warm-up each on the first frame, then in turn, frame by frame, twice over
    assert calls[:2] == [("a", 0), ("b", 10)]
    assert calls[2:] == [("a", 0), ("b", 10), ("a", 1), ("b", 11), ("a", 2), ("b", 12)] * 2
