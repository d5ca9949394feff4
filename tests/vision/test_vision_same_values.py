"""The faster paths of the pip checks give the values of the plain ones, to the bit:
a blob's rim looked at in its box, and the layout fit on squared distances."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.face import rim_softness
from vision.layouts import _candidates, fit_layout


def test_a_blob_s_rim_in_its_box_is_the_rim_of_the_whole_crop() -> None:
    rng = np.random.default_rng(7)
    for _ in range(40):
        score = cv2.GaussianBlur(rng.uniform(0, 255, (48, 48)).astype(np.float32), (7, 7), 2)
        mask = (score > np.percentile(score, 80)).astype(np.uint8)
        count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
        for k in range(1, count):
            x, y, w, h, _ = (int(v) for v in stats[k])
            plain = rim_softness(score, labels, k, 20.0)
            assert rim_softness(score, labels, k, 20.0, box=(x, y, w, h)) == plain


def _plain_worst(pips: np.ndarray, face_half: float, aligned: bool) -> float:
    """The fit's residual with numpy's norm, as it was written first."""
    pts = pips / face_half
    rel = pts - pts.mean(axis=0)
    cand = _candidates(len(pips), aligned)
    d = np.linalg.norm(cand[:, :, :, None, :] - rel[None, None, None, :, :], axis=-1)
    worst = np.maximum(d.min(axis=2).max(axis=-1), d.min(axis=3).max(axis=-1))
    return float(worst.min())


@pytest.mark.parametrize("aligned", (False, True))
def test_the_layout_fit_on_squared_distances_is_the_fit_on_distances(aligned: bool) -> None:
    rng = np.random.default_rng(11)
    for i in range(300):
        n = 2 + i % 5
        pips = rng.normal(0.0, 8.0, (n, 2))
        fit = fit_layout(pips, 20.0, aligned=aligned)
        residual = _plain_worst(pips, 20.0, aligned)
        assert fit.residual == residual and math.isfinite(residual)
