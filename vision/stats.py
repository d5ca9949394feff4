"""Percentiles and medians with the values :func:`numpy.percentile` and
:func:`numpy.median` give (method "linear"), for the many small arrays of one reading.

numpy's own functions spend most of their time on a small array checking their
arguments (tens of microseconds a call), and a die's checks call them dozens of
times. These do the same partial sort (:func:`numpy.partition`) and the same
arithmetic, so they give the same values, to the bit (``tests/vision/test_vision_stats.py``
compares them on random data), but for a scalar percentile of float32 data, where
numpy's own value moves by a float32 step or two between versions (numpy 2.2 rounds a
float64 result, 2.4 computes in float32): there these give 2.4's.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

#: numpy 2 (NEP 50) keeps a scalar ``q``'s percentile of float32 data in float32; numpy 1
#: (the OS's numpy on Raspberry Pi OS Bookworm) computes it in float64, as for a sequence.
_SCALAR_Q_KEEPS_FLOAT32 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"


def _partitioned(a: NDArray[np.generic], ks: Sequence[int], axis: int | None
                 ) -> tuple[NDArray[np.generic], int]:
    arr = np.asarray(a)
    if axis is None:
        arr, axis = arr.reshape(-1), 0
    if arr.shape[axis] == 0:
        raise ValueError("percentile or median of an empty array")
    if arr.dtype.kind != "f":
        arr = arr.astype(np.float64)
    return np.partition(arr, sorted(set(ks)), axis=axis), axis


def _bounds(n: int, q: float) -> tuple[int, int, float]:
    v = (n - 1) * (q / 100.0)
    lo = min(math.floor(v), n - 1)
    return lo, min(lo + 1, n - 1), v - lo


def _interp(part: NDArray[np.generic], ax: int, lo: int, hi: int, t: float, weak: bool
            ) -> NDArray[np.floating]:
    """numpy's ``_lerp`` between the partitioned neighbours: from the nearer end (so
    t = 0 and t = 1 give them exactly). The difference is taken in the data's float
    type; a scalar q's weight is "weak" (the data's type, on numpy 2), a sequence's
    float64."""
    weak = weak and _SCALAR_Q_KEEPS_FLOAT32
    x0, x1 = np.take(part, lo, axis=ax), np.take(part, hi, axis=ax)
    d = x1 - x0
    ft = part.dtype.type if weak else np.float64
    if not weak:
        x0, x1, d = x0.astype(np.float64), x1.astype(np.float64), d.astype(np.float64)
    return np.asarray(x1 - d * ft(1.0 - t) if t >= 0.5 else x0 + d * ft(t))


def percentile(a: NDArray[np.generic], q: float) -> float:
    """``float(numpy.percentile(a, q))``: the ``q`` percentile (0..100) of all of ``a``.

    Raises:
        ValueError: ``a`` is empty.

    >>> percentile(np.array([1, 2, 3, 4], np.uint8), 50)
    2.5
    """
    n = int(np.size(a))
    lo, hi, t = _bounds(n, q) if n else (0, 0, 0.0)
    part, ax = _partitioned(a, (lo, hi), None)
    return float(_interp(part, ax, lo, hi, t, True))


def percentile_along(a: NDArray[np.generic], q: float, axis: int) -> NDArray[np.floating]:
    """``numpy.percentile(a, q, axis=axis)`` for one ``q`` (in float32 for float32 data
    on numpy 2, in float64 on numpy 1, as numpy does).

    The lines along ``axis`` are sorted whole (:func:`numpy.sort`, vectorised, several
    times faster than partitioning a few thousand values each), which leaves the
    same values at the same ranks.

    Raises:
        ValueError: ``a`` is empty along ``axis``.
    """
    arr = np.asarray(a)
    n = arr.shape[axis]
    if n == 0:
        raise ValueError("percentile of an empty array")
    if arr.dtype.kind != "f":
        arr = arr.astype(np.float64)
    lo, hi, t = _bounds(n, q)
    part = np.sort(np.ascontiguousarray(np.moveaxis(arr, axis, -1)), axis=-1)
    return _interp(part, part.ndim - 1, lo, hi, t, True)


def percentiles(a: NDArray[np.generic], qs: Sequence[float], axis: int | None = None
                ) -> NDArray[np.float64]:
    """``numpy.percentile(a, qs, axis=axis)`` for a sequence ``qs`` (computed in
    float64, as numpy does for a sequence): shape ``len(qs)``, times the other axes
    when ``axis`` is given.

    Raises:
        ValueError: ``a`` is empty.
    """
    arr = np.asarray(a)
    n = arr.size if axis is None else arr.shape[axis]
    bounds = [_bounds(n, q) for q in qs] if n else [(0, 0, 0.0)]
    part, ax = _partitioned(arr, [k for lo, hi, _ in bounds for k in (lo, hi)], axis)
    return np.asarray([_interp(part, ax, lo, hi, t, False) for lo, hi, t in bounds],
                      np.float64)


def median(a: NDArray[np.generic], axis: int | None = None) -> NDArray[np.floating]:
    """``numpy.median(a, axis=axis)``: the middle value, or the mean of the two middle
    values for an even count (in float32 for float32 data, else float64).

    Raises:
        ValueError: ``a`` is empty.

    >>> median(np.array([[1, 10], [3, 20], [2, 30], [4, 40]], np.float32), axis=0).tolist()
    [2.5, 25.0]
    """
    arr = np.asarray(a)
    n = arr.size if axis is None else arr.shape[axis]
    k = n // 2
    part, ax = _partitioned(arr, (k - 1, k) if n % 2 == 0 and n else (k,), axis)
    mid = np.take(part, k, axis=ax)
    if n % 2:
        return np.asarray(mid)
    return np.asarray((np.take(part, k - 1, axis=ax) + mid) / part.dtype.type(2))


def distance3(a: NDArray[np.floating], b: NDArray[np.floating]) -> NDArray[np.floating]:
    """``numpy.linalg.norm(a - b, axis=-1)`` for 3 channels (colour distances), the
    same values: the squares summed in the same order, without numpy's reduction
    over a 3-long axis (several times slower on a crop).

    >>> distance3(np.array([[3.0, 4.0, 12.0]]), np.zeros(3)).tolist()
    [13.0]
    """
    d = np.asarray(a - b)
    d = d * d
    return np.asarray(np.sqrt(d[..., 0] + d[..., 1] + d[..., 2]))
