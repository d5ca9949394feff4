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


def test_one_network_per_input_shape_the_oldest_dropped() -> None:
    from vision import model

    a = model._net(model.DETECTOR, (1, 3, 288, 512))
    assert model._net(model.DETECTOR, (1, 3, 288, 512)) is a  # kept, set up for its shape
    assert model._net(model.DETECTOR, (1, 3, 144, 256)) is not a
    for k in range(1, 1 + model.NETS_PER_MODEL):
        model._net(model.DETECTOR, (1, 3, 32 * k, 64))
    assert model._net(model.DETECTOR, (1, 3, 288, 512)) is not a  # the least recently used went
    big = model.SHAPED_BATCH_MAX + 1
    assert model._net(model.FACE, (big, 3, 48, 48)) is model._net(model.FACE, (big + 7, 3, 48, 48))
    # the same outputs whichever network runs a batch
    rng = np.random.default_rng(3)
    crops = [rng.integers(0, 256, (48, 48, 3)).astype(np.uint8) for _ in range(3)]
    together = model.classify_crops(crops, [range(2)] * 3)
    alone = [model.classify_crops([c], [range(2)])[0] for c in crops]
    assert all(np.array_equal(t, s) for t, s in zip(together, alone, strict=True))


def test_network_time_adds_up_the_forward_passes_and_changes_no_output() -> None:
    from vision import model
    from vision.bench import network_time, synthetic_frames, time_networks
    from vision.read import read_dice

    frame = synthetic_frames(640, 480, n=1)[0]
    plain = read_dice(frame)
    original = model._net
    with network_time() as spent:
        timed = read_dice(frame)
        assert spent[0] > 0.0  # the detector ran at least once
    assert model._net is original  # put back
    assert timed.dice == plain.dice and timed.problems == plain.problems
    spent_after = spent[0]
    read_dice(frame)
    assert spent[0] == spent_after  # nothing timed outside the block
    total, nets, rest = time_networks([frame], repeats=1)
    assert 0.0 < nets < total and rest > 0.0
