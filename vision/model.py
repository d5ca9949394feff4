"""The two small networks at run time, through OpenCV's dnn module (no PyTorch).

- ``models/detector.onnx``: die-centre heatmap and die size at 1/4 of its input.
- ``models/face.onnx``: a 48 x 48 crop of one die -> 7 class scores (0: not a readable
  die; 1..6: the face value on top). Since the thirty-second pass it is the mean of
  the logits of two classifiers in one network (``tools/vision/ensemble.py``).

Both were trained by ``tools/vision/train.py`` on the training part of the shared
photos and on synthetic scenes (``tools/vision/manifest.json``). Each network is
loaded once per thread and input shape (a ``cv2.dnn.Net`` is not safe to share between
threads, and sets itself up again for each new shape: :func:`_net`); loading only
reads the files shipped in the package.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from .crops import CROP_SPAN, die_crop

MODELS = Path(__file__).resolve().parent / "models"
DETECTOR = MODELS / "detector.onnx"
FACE = MODELS / "face.onnx"
CROP_PX = 48
DET_STRIDE = 4

_local = threading.local()


def models_present() -> bool:
    """True when both ONNX files are in the package."""
    return DETECTOR.is_file() and FACE.is_file()


#: Networks kept per model and thread, one per input shape (:func:`_net`).
NETS_PER_MODEL = 9
#: Batches of more crops than this share one network of the face classifier (so its
#: batches of 1..8 crops and the larger ones fit in :data:`NETS_PER_MODEL`).
SHAPED_BATCH_MAX = 8


def _net(path: Path, shape: tuple[int, ...]) -> cv2.dnn.Net:
    """The network in ``path`` for an input of ``shape`` (N x 3 x H x W), loaded once
    per thread and shape (a ``cv2.dnn.Net`` is not safe to share between threads).

    ``cv2.dnn`` sets a network up for the shape of its input and again whenever that
    shape changes: the detector's full-size and half-size looks in turn, the face
    classifier's batches of 5, then 2, then 1 crops. On one network that costs about
    0.45 ms a crop of the face classifier (1.5 against 1.05 ms) and 2.7 ms a throw of
    the detector; one network per shape, the least recently used of more than
    :data:`NETS_PER_MODEL` dropped, costs only the loading (a few ms, once) and the
    memory of each network's buffers: batches of more than :data:`SHAPED_BATCH_MAX`
    crops share one network.

    OpenCV 5 has two engines; the classic one is the engine OpenCV 4.x (the Pi's 4.10)
    runs, and on these small convolutional nets it is the faster one (its Winograd
    3 x 3 convolutions): about 1.3 times on the detector, 1.4 times on the face
    classifier, same outputs to 1e-5 (``python -m vision bench``).
    """
    caches: dict[str, OrderedDict[tuple[int, ...], cv2.dnn.Net]] = getattr(_local, "nets", {})
    _local.nets = caches
    cache = caches.setdefault(str(path), OrderedDict())
    key = shape if shape[0] <= SHAPED_BATCH_MAX else (-1,)
    if key in cache:
        cache.move_to_end(key)
        return cache[key]
    classic = getattr(cv2.dnn, "ENGINE_CLASSIC", None)
    net = (cv2.dnn.readNetFromONNX(str(path)) if classic is None
           else cv2.dnn.readNetFromONNX(str(path), classic))
    net.setPreferableBackend(cv2.dnn.DNN_BACKEND_OPENCV)
    cache[key] = net
    while len(cache) > NETS_PER_MODEL:
        cache.popitem(last=False)
    return net


@dataclass(frozen=True)
class Detection:
    """A die found by the detector: centre and size (side of its box) in px, score 0..1."""

    x: float
    y: float
    size: float
    score: float


def box_face_side(d: Detection, angle: float) -> float:
    """Side in px of the square face that the box of ``d`` holds turned by ``angle``
    degrees: ``d.size / (|cos| + |sin|)`` (an upright square's box is its side, one
    turned 45 degrees is its diagonal)."""
    a = math.radians(angle)
    return d.size / (abs(math.cos(a)) + abs(math.sin(a)))


def resize_long(image: NDArray[np.uint8], long_side: int) -> NDArray[np.uint8]:
    """``image`` resized so its long side is ``long_side`` px (each side at least
    16 px): area-averaged when shrinking, bilinear when enlarging."""
    h, w = image.shape[:2]
    scale = long_side / max(h, w)
    nw, nh = max(round(w * scale), 16), max(round(h * scale), 16)
    return np.asarray(cv2.resize(image, (nw, nh), interpolation=cv2.INTER_AREA if scale < 1
                                 else cv2.INTER_LINEAR), np.uint8)


def detect(image: NDArray[np.uint8], long_side: int, threshold: float,
           small: NDArray[np.uint8] | None = None) -> list[Detection]:
    """Run the detector on ``image`` resized so its long side is ``long_side`` px.

    Peaks of the centre heatmap over ``threshold`` that are the maximum of their 3 x 3
    neighbourhood, refined to sub-cell precision by the weighted mean of that
    neighbourhood; sizes read at the peak. Returns px of ``image``. ``small``: that
    resized copy, if the caller has it already (:func:`resize_long`; its shape must
    be the one :func:`resize_long` gives).
    """
    h, w = image.shape[:2]
    scale = long_side / max(h, w)
    if small is None:
        small = resize_long(image, long_side)
    nh, nw = small.shape[:2]
    pw, ph = -(-nw // 16) * 16, -(-nh // 16) * 16
    if (pw, ph) != (nw, nh):
        fill = [float(v) for v in cv2.mean(small)[:3]]
        small = np.asarray(cv2.copyMakeBorder(small, 0, ph - nh, 0, pw - nw,
                                              cv2.BORDER_CONSTANT, value=fill), np.uint8)
    blob = cv2.dnn.blobFromImage(small, scalefactor=1 / 255.0)
    net = _net(DETECTOR, blob.shape)
    net.setInput(blob)
    out = np.asarray(net.forward(), np.float32)[0]
    heat, logsize = out[0], out[1]
    peaks = (heat >= threshold) & (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8)))
    ys, xs = np.nonzero(peaks)
    dets = []
    gh, gw = heat.shape
    for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
        y0, y1, x0, x1 = max(y - 1, 0), min(y + 2, gh), max(x - 1, 0), min(x + 2, gw)
        patch = heat[y0:y1, x0:x1]
        wsum = float(patch.sum())
        gy, gx = np.mgrid[y0:y1, x0:x1]
        cy = float((patch * gy).sum() / wsum)
        cx = float((patch * gx).sum() / wsum)
        size = 16.0 * 2.0 ** float(logsize[y, x])
        px = ((cx + 0.5) * DET_STRIDE - 0.5) / scale
        py = ((cy + 0.5) * DET_STRIDE - 0.5) / scale
        if px >= w or py >= h:
            continue
        dets.append(Detection(px, py, size / scale, float(heat[y, x])))
    return suppress(dets)


def suppress(dets: list[Detection]) -> list[Detection]:
    """Non-maximum suppression for dice.

    Two peaks closer than 0.6 of the larger size are one die (touching dice are at
    least 0.7 of a size apart, centre to centre): the stronger stays. A small peak
    well inside a larger die (under half its size, within 0.4 of its size of its
    centre) is one of its pips and goes, whatever its score.
    """
    dets = sorted(dets, key=lambda d: -d.score)
    kept: list[Detection] = []
    for d in dets:
        if all(math.hypot(d.x - k.x, d.y - k.y) > 0.6 * max(k.size, d.size) for k in kept):
            kept.append(d)
    return [d for d in kept if not any(
        k.size > 2.0 * d.size and math.hypot(d.x - k.x, d.y - k.y) < 0.4 * k.size
        for k in kept)]


def detect_two_scales(image: NDArray[np.uint8], long_side: int,
                      threshold: float) -> list[Detection]:
    """:func:`detect` at ``long_side`` and at half of it, merged.

    The half-size look finds large dice whose pips the full-size look may take for
    small dice; only its dice of 40 px or more (at the full-size look) are kept, and
    :func:`suppress` then drops the pips inside them.
    """
    h, w = image.shape[:2]
    fine = detect(image, long_side, threshold)
    half = max(128, (long_side // 2) // 32 * 32)
    scale = long_side / max(h, w)
    coarse = [d for d in detect(image, half, threshold) if d.size * scale >= 40.0]
    return suppress(fine + coarse)


def upright_crops(image: NDArray[np.uint8], dets: list[Detection]) -> list[NDArray[np.uint8]]:
    """Each detection's crop for the face classifier, upright: ``CROP_PX`` square,
    ``CROP_SPAN`` times its size (:func:`vision.crops.die_crop`)."""
    return [die_crop(image, d.x, d.y, d.size * CROP_SPAN, 0.0, CROP_PX) for d in dets]


def classify_crops(crops: list[NDArray[np.uint8]], turns: list[range]
                   ) -> list[NDArray[np.float32]]:
    """Class probabilities of upright crops (:func:`upright_crops`), crop ``i`` turned
    by 90 degrees times each of ``turns[i]``, in one forward pass: a list of
    len(turns[i]) x 7 arrays."""
    batch = [np.ascontiguousarray(np.rot90(c, k)) for c, ks in zip(crops, turns, strict=True)
             for k in ks]
    if not batch:
        return [np.zeros((0, 7), np.float32) for _ in crops]
    blob = cv2.dnn.blobFromImages(batch, scalefactor=1 / 255.0)
    net = _net(FACE, blob.shape)
    net.setInput(blob)
    logits = np.asarray(net.forward(), np.float32).reshape(len(batch), 7)
    logits -= logits.max(axis=1, keepdims=True)
    e = np.exp(logits)
    probs = np.asarray(e / e.sum(axis=1, keepdims=True), np.float32)
    ends = np.cumsum([len(ks) for ks in turns])
    return [probs[end - len(ks):end] for ks, end in zip(turns, ends, strict=True)]


def classify(image: NDArray[np.uint8], dets: list[Detection],
             turns: int = 4, first: int = 0) -> NDArray[np.float32]:
    """Class probabilities (N x (``turns`` - ``first``) x 7) for each detection's
    crop, the crop turned by 0, 90, 180, 270 degrees (turns ``first`` .. ``turns`` - 1
    of them)."""
    n = turns - first
    if not dets or n <= 0:
        return np.zeros((len(dets), max(n, 0), 7), np.float32)
    probs = classify_crops(upright_crops(image, dets), [range(first, turns)] * len(dets))
    return np.asarray(np.stack(probs), np.float32)
