"""Training data: crops and patches cut from the shared photos and synthetic scenes.

Only the training part of each shared folder is used (``vision.evaluate.held_out``
is False); the held-out part is for measuring. Everything is drawn from seeded
generators, so a run can be repeated exactly.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

from vision.crops import CROP_SPAN, die_crop
from vision.evaluate import held_out, load_labels
from vision.render import FLOORS, RenderedScene, RenderSpec, render_scene
from vision.synth import SceneSpec, make_scene

CROP_PX = 32
DET_PATCH = 160
DET_STRIDE = 4


@dataclass
class Photo:
    """One labelled training photo: image, die centres/sizes (px), values (0: suspect)."""

    name: str
    image: NDArray[np.uint8]
    centers: NDArray[np.float64]  # N x 2
    sizes: NDArray[np.float64]  # N
    values: NDArray[np.int64]  # N, 0 = suspect (a die, value unknown)
    hard: NDArray[np.float64] | None = None  # M x 3 (x, y, size): known non-dice


def load_photos(root: Path, folders: list[str], split: str,
                hard: list[dict[str, float | str]] | None = None) -> list[Photo]:
    """Photos of ``split`` ('train' or 'held-out') from each folder under ``root``,
    with their hard negatives (``tools/vision/hard_negatives.json`` entries) if given."""
    by_photo: dict[str, list[tuple[float, float, float]]] = {}
    for h in hard or []:
        by_photo.setdefault(str(h["photo"]), []).append(
            (float(h["x"]), float(h["y"]), float(h["size"])))
    out = []
    for folder in folders:
        for lab in load_labels(root / folder):
            if held_out(lab.image) != (split == "held-out"):
                continue
            img = cv2.imread(str(root / folder / lab.image))
            if img is None:
                continue
            c, s, v = [], [], []
            for d in lab.dice:
                x0, y0, x1, y1 = d.box
                c.append(((x0 + x1) / 2, (y0 + y1) / 2))
                s.append(math.sqrt(max(x1 - x0, 1) * max(y1 - y0, 1)))
                v.append(0 if d.suspect else d.value)
            name = f"{folder}/{lab.image}"
            out.append(Photo(name, np.asarray(img, np.uint8),
                             np.array(c, np.float64).reshape(-1, 2), np.array(s, np.float64),
                             np.array(v, np.int64),
                             np.array(by_photo.get(name, []), np.float64).reshape(-1, 3)))
    return out


#: Synthetic scene settings by style. "basic": the first models' scenes (die size =
#: side of the top face's box, centre = the top face's). "rich": what the shared photos
#: show and "basic" lacked: oblique dice whose side faces show their pips, deeper
#: oblique views, marbled and translucent dice, smaller pips; each die labelled like
#: the shared photos (the box around all of the die that shows).
SYNTH_STYLES: dict[str, dict[str, object]] = {
    "basic": {"p_oblique": 0.35},
    "rich": {"p_oblique": 0.5, "p_side_pips": 0.8, "oblique_depth": (0.15, 0.6),
             "p_marbled": 0.25, "p_translucent": 0.15, "pip_r": (0.06, 0.11)},
}


def synth_photos(rng: np.random.Generator, n: int, size: int = 320,
                 style: str = "basic") -> list[Photo]:
    """``n`` synthetic scenes as photos (:data:`SYNTH_STYLES`)."""
    out = []
    extra = SYNTH_STYLES[style]
    for i in range(n):
        big = i % 3 == 2  # every third scene: few large dice (pips must not look like dice)
        spec = SceneSpec(die_px=(60.0, 120.0) if big else (14.0, 70.0), p_touching=0.5,
                         **extra)  # type: ignore[arg-type]
        sc = make_scene(rng, size, size, int(rng.integers(1, 4 if big else 9)), spec)
        if style == "basic":
            c = np.array([d.center for d in sc.dice], np.float64).reshape(-1, 2)
            s = np.array([(d.box[2] - d.box[0]) for d in sc.dice], np.float64)
        else:
            boxes = np.array([d.visible_box for d in sc.dice], np.float64).reshape(-1, 4)
            c = (boxes[:, :2] + boxes[:, 2:]) / 2
            s = np.sqrt((boxes[:, 2] - boxes[:, 0]) * (boxes[:, 3] - boxes[:, 1]))
        v = np.array([d.value for d in sc.dice], np.int64)
        out.append(Photo(f"synth/{i}", sc.image, c, s, v))
    return out


#: Distractors of the rendered training scenes (:func:`render_photos`): what a bar's
#: tray holds besides pip dice; each is also a hard negative for the face classifier.
RENDER_DISTRACTORS: dict[str, tuple[int, int]] = {
    "lint": (0, 150), "specks": (0, 80), "crumbs": (0, 10), "coin": (0, 1), "cap": (0, 1),
    "d8": (0, 1), "d12": (0, 1), "d20": (0, 1), "numeral": (0, 1), "text": (0, 1),
    "finger": (0, 1), "hand": (0, 1),
}
#: Distractor kinds kept as hard negatives (lint and specks are many and tiny: the
#: detector learns them from the background; these are die-sized).
HARD_KINDS = ("coin", "cap", "d8", "d12", "d20", "numeral", "text", "finger", "hand")


def render_photos(rng: np.random.Generator, n: int, size: int = 320,
                  empty: float = 0.1) -> list[Photo]:
    """``n`` rendered 3-D scenes (:func:`vision.render.render_scene`) as photos: tilts
    0..30 degrees, corner radii up to half a side, every floor, glare spots, centre
    glare and glare patches, fingers over pips, smeared dice (labelled 0: a die, value
    unknown), numeral dice and other polyhedra, coins, caps, text; dice 2..30 % of the
    frame. Die boxes are the visible box (top and side faces), as the shared photos'
    labels; distractors of :data:`HARD_KINDS` and numeral dice are hard negatives
    (x, y, size px). ``empty``: share of scenes with no die (lint and all)."""
    out = []
    for i in range(n):
        none = rng.random() < empty
        spec = RenderSpec(
            width=size, height=size, n_dice=(0, 0) if none else (1, 8),
            die_frac=(0.05, 0.3) if i % 3 else (0.02, 0.08), die_px=(6.0, 250.0),
            corner_radius=(0.05, 0.5) if rng.random() < 0.2 else (0.05, 0.2),
            floor=str(rng.choice(FLOORS)), floor_text=0.2, p_glare_spot=0.2,
            p_glare_centre=0.1, p_glare_patch=0.1, p_smear=0.05, p_touching=0.4,
            numeral_dice=(0, 1), distractors=RENDER_DISTRACTORS, finger_on_die=0.1,
            pip_r=(0.06, 0.11), box_walls=0.2, exposure=(0.6, 1.25), warmth=(-0.1, 0.25),
            jpeg_quality=(40, 95) if rng.random() < 0.4 else None)
        out.append(scene_photo(f"render/{i}", render_scene(rng, spec)))
    return out


def scene_photo(name: str, sc: RenderedScene) -> Photo:
    """A rendered scene as a training photo: each pip die's visible box as its centre
    and size, its value (0, a die of unknown value, when smeared or under a finger),
    and hard negatives (x, y, size px) at the distractors of :data:`HARD_KINDS`,
    numeral dice, other polyhedra and dice under a finger (a finger may hide a pip:
    the classifier must learn "not readable" there, never the value it cannot see)."""
    boxes = np.array([d.box for d in sc.dice], np.float64).reshape(-1, 4)
    c = (boxes[:, :2] + boxes[:, 2:]) / 2
    s = np.sqrt(np.maximum(boxes[:, 2] - boxes[:, 0], 1)
                * np.maximum(boxes[:, 3] - boxes[:, 1], 1))
    v = np.array([0 if d.smear_px > 0 or d.covered else d.value for d in sc.dice], np.int64)
    hard = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2, math.sqrt(max(b[2] - b[0], 1)
             * max(b[3] - b[1], 1)))
            for b in dict.fromkeys([x.box for x in sc.distractors if x.kind in HARD_KINDS]
                                   + sc.ignore_boxes()
                                   + [d.box for d in sc.dice if d.covered])]
    return Photo(name, sc.image, c, s, v, np.array(hard, np.float64).reshape(-1, 3))


def kind_photos(names: list[str], per_kind: int, seed: int = 1) -> list[Photo]:
    """Scenes of issue 10's kinds (:mod:`tools.vision.kinds`) as training photos,
    rendered in memory. Use another ``seed`` than the one the kinds are measured with
    (``python -m tools.vision.kinds`` uses 0), so the report stays a held-out check."""
    from tools.vision.kinds import scene

    return [scene_photo(f"{n}/{i}", scene(n, i, seed)) for n in names
            for i in range(per_kind)]


# ----------------------------------------------------------------------------- colour


def colour_jitter(rng: np.random.Generator, img: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """Random channel order, hue turn, brightness, contrast, gamma, sometimes inversion."""
    out = img
    if rng.random() < 0.5:
        out = out[..., rng.permutation(3)]
    if rng.random() < 0.5:
        hsv = cv2.cvtColor(np.ascontiguousarray(out), cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)
    f = out.astype(np.float32)
    f = (f - 128) * rng.uniform(0.6, 1.4) + 128 + rng.uniform(-40, 40)
    f = 255 * (np.clip(f, 0, 255) / 255) ** rng.uniform(0.7, 1.4)
    if rng.random() < 0.1:
        f = 255 - f
    return np.asarray(np.clip(f, 0, 255), np.uint8)


def degrade(rng: np.random.Generator, img: NDArray[np.uint8],
            blur_scale: float = 1.0) -> NDArray[np.uint8]:
    """Blur, low resolution, noise and JPEG, each sometimes (blur sigma 0.3..1.2 px
    times ``blur_scale``: a crop of 48 px takes 1.5 for the blur a 32 px crop gets)."""
    out = img
    h, w = out.shape[:2]
    if rng.random() < 0.3:
        out = cv2.GaussianBlur(out, (0, 0), rng.uniform(0.3, 1.2) * blur_scale)
    if rng.random() < 0.3:
        f = rng.uniform(0.35, 0.8)
        small = cv2.resize(out, (max(int(w * f), 4), max(int(h * f), 4)),
                           interpolation=cv2.INTER_AREA)
        out = cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)
    if rng.random() < 0.4:
        out = np.clip(out + rng.normal(0, rng.uniform(2, 9), out.shape), 0, 255).astype(np.uint8)
    if rng.random() < 0.3:
        ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(30, 90))])
        if ok:
            out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return np.asarray(out, np.uint8)


# ----------------------------------------------------------------------------- crops


def stretch_around(
    img: NDArray[np.uint8], cx: float, cy: float, size: float, aspect: float,
) -> tuple[NDArray[np.uint8], float, float]:
    """The region 2.5 x ``size`` around (cx, cy) stretched by ``aspect`` (x by
    sqrt(aspect), y by 1/sqrt(aspect): the die's area is kept), as photos squeezed to
    another aspect ratio show their dice (rune55-dice-trays: about 1.3 wider than tall).

    Returns the stretched region and the die centre in it (px).
    """
    half = math.ceil(size * 1.25) + 2
    x0, y0 = math.floor(cx) - half, math.floor(cy) - half
    h, w = img.shape[:2]
    x1, y1 = x0 + 2 * half, y0 + 2 * half
    region = cv2.copyMakeBorder(img[max(y0, 0):min(y1, h), max(x0, 0):min(x1, w)],
                                max(0, -y0), max(0, y1 - h), max(0, -x0), max(0, x1 - w),
                                cv2.BORDER_REPLICATE)
    fx, fy = math.sqrt(aspect), 1.0 / math.sqrt(aspect)
    out = cv2.resize(region, (max(round(region.shape[1] * fx), 8),
                              max(round(region.shape[0] * fy), 8)),
                     interpolation=cv2.INTER_AREA if min(fx, fy) < 1 else cv2.INTER_LINEAR)
    sx, sy = out.shape[1] / region.shape[1], out.shape[0] / region.shape[0]
    return np.asarray(out, np.uint8), (cx - x0) * sx, (cy - y0) * sy


def face_crops(
    rng: np.random.Generator, photos: list[Photo], per_die: int, neg_per_die: float,
    crop_px: int = CROP_PX, p_stretch: float = 0.0,
) -> tuple[NDArray[np.uint8], NDArray[np.int64]]:
    """Classifier crops (``crop_px`` square): ``per_die`` jittered crops per readable
    die (class = value) and about ``neg_per_die`` negatives per die (class 0):
    background, off-centre, between two dice, too small (a pip) or too large (several
    dice). With chance ``p_stretch`` a die crop is first stretched to an aspect ratio
    of 1/1.45..1.45 (log-uniform; :func:`stretch_around`)."""
    xs: list[NDArray[np.uint8]] = []
    ys: list[int] = []
    for ph in photos:
        img, cen, siz, val = ph.image, ph.centers, ph.sizes, ph.values
        h, w = img.shape[:2]
        n = len(val)
        if ph.hard is not None:
            for x, y, size in ph.hard:
                for _ in range(3):
                    j = rng.normal(0, 0.08 * size, 2)
                    xs.append(die_crop(img, x + j[0], y + j[1],
                                       size * CROP_SPAN * rng.uniform(0.8, 1.25),
                                       rng.uniform(0, 360), crop_px))
                    ys.append(0)
        if n == 0:
            continue
        for i in range(n):
            if val[i] == 0:
                continue
            for _ in range(per_die):
                side = siz[i] * CROP_SPAN * rng.uniform(0.8, 1.25)
                j = rng.normal(0, 0.08 * siz[i], 2)
                src, x, y = img, cen[i, 0] + j[0], cen[i, 1] + j[1]
                if p_stretch > 0 and rng.random() < p_stretch:
                    aspect = math.exp(rng.uniform(-math.log(1.45), math.log(1.45)))
                    src, x, y = stretch_around(img, x, y, siz[i], aspect)
                crop = die_crop(src, x, y, side, rng.uniform(0, 360), crop_px)
                xs.append(crop)
                ys.append(int(val[i]))
        n_neg = round(neg_per_die * n)
        tries = 0
        made = 0
        while made < n_neg and tries < n_neg * 20:
            tries += 1
            kind = rng.random()
            i = int(rng.integers(0, n))
            size = siz[i] * rng.uniform(0.8, 1.25)
            if kind < 0.35:  # background
                x, y = rng.uniform(0, w), rng.uniform(0, h)
                side = size * CROP_SPAN
            elif kind < 0.6:  # off-centre
                a = rng.uniform(0, 2 * math.pi)
                r = siz[i] * rng.uniform(0.5, 0.9)
                x, y = cen[i, 0] + r * math.cos(a), cen[i, 1] + r * math.sin(a)
                side = size * CROP_SPAN
            elif kind < 0.75:  # between two dice
                d = np.hypot(*(cen - cen[i]).T)
                d[i] = np.inf
                k = int(np.argmin(d))
                if not np.isfinite(d[k]) or d[k] > 2.0 * siz[i]:
                    continue
                x, y = (cen[i] + cen[k]) / 2
                side = size * CROP_SPAN
            elif kind < 0.9:  # too small: part of a face
                a = rng.uniform(0, 2 * math.pi)
                r = siz[i] * rng.uniform(0.0, 0.3)
                x, y = cen[i, 0] + r * math.cos(a), cen[i, 1] + r * math.sin(a)
                side = siz[i] * rng.uniform(0.3, 0.6)
                xs.append(die_crop(img, x, y, side, rng.uniform(0, 360), crop_px))
                ys.append(0)
                made += 1
                continue
            else:  # too large: a die and its neighbours
                x, y = cen[i] + rng.normal(0, 0.3 * siz[i], 2)
                side = siz[i] * rng.uniform(2.2, 3.5)
                xs.append(die_crop(img, x, y, side, rng.uniform(0, 360), crop_px))
                ys.append(0)
                made += 1
                continue
            near = np.hypot(*(cen - (x, y)).T) / np.maximum(siz, 1.0)
            if near.min() < 0.45:
                continue
            xs.append(die_crop(img, x, y, side, rng.uniform(0, 360), crop_px))
            ys.append(0)
            made += 1
    x_arr = np.stack(xs)
    for k in range(len(x_arr)):
        x_arr[k] = degrade(rng, colour_jitter(rng, x_arr[k]), crop_px / 32)
    return x_arr, np.array(ys, np.int64)


# ----------------------------------------------------------------------------- patches


def det_patches(
    rng: np.random.Generator, photos: list[Photo], per_photo: int,
    size_range: tuple[float, float] = (11.0, 80.0),
) -> tuple[NDArray[np.uint8], NDArray[np.float32]]:
    """Detector patches (``DET_PATCH`` px square) and targets at 1/``DET_STRIDE``.

    Each photo is rescaled so that its median die measures a log-uniform size in
    ``size_range`` px, then a random square is cut. Targets per cell: centre heat
    (Gaussian peak 1 at each die centre), log2(size / 16), and a size mask.
    """
    out_px = DET_PATCH // DET_STRIDE
    xs, ts = [], []
    for ph in photos:
        empty = len(ph.sizes) == 0  # a scene with no die: background only, any scale
        med = 1.0 if empty else float(np.median(ph.sizes))
        for _ in range(per_photo):
            target = math.exp(rng.uniform(math.log(size_range[0]), math.log(size_range[1])))
            f = rng.uniform(0.5, 1.5) if empty else target / med
            img = cv2.resize(ph.image, None, fx=f, fy=f,
                             interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
            h, w = img.shape[:2]
            pad = DET_PATCH
            if h < pad or w < pad:
                fill = [float(v) for v in np.median(img.reshape(-1, 3), axis=0)]
                img = cv2.copyMakeBorder(img, 0, max(pad - h, 0), 0, max(pad - w, 0),
                                         cv2.BORDER_CONSTANT, value=fill)
                h, w = img.shape[:2]
            cen = ph.centers * f
            siz = ph.sizes * f
            # bias the cut towards dice
            if rng.random() < 0.8 and len(cen):
                k = int(rng.integers(0, len(cen)))
                x0 = int(np.clip(cen[k, 0] - rng.uniform(0, pad), 0, w - pad))
                y0 = int(np.clip(cen[k, 1] - rng.uniform(0, pad), 0, h - pad))
            else:
                x0, y0 = int(rng.integers(0, w - pad + 1)), int(rng.integers(0, h - pad + 1))
            patch = img[y0:y0 + pad, x0:x0 + pad]
            if rng.random() < 0.5:
                patch = patch[:, ::-1]
                cen_p = np.stack([pad - 1 - (cen[:, 0] - x0), cen[:, 1] - y0], 1)
            else:
                cen_p = cen - (x0, y0)
            k90 = int(rng.integers(0, 4))
            for _ in range(k90):
                patch = np.rot90(patch)
                cen_p = np.stack([cen_p[:, 1], pad - 1 - cen_p[:, 0]], 1)
            patch = degrade(rng, colour_jitter(rng, np.ascontiguousarray(patch)))
            xs.append(patch)
            ts.append(det_targets(cen_p, siz, out_px))
    return np.stack(xs), np.stack(ts)


def det_targets(cen: NDArray[np.float64], siz: NDArray[np.float64],
                out_px: int) -> NDArray[np.float32]:
    """3 x out x out targets: heat, log2(size/16), size mask (see :func:`det_patches`)."""
    t = np.zeros((3, out_px, out_px), np.float32)
    yy, xx = np.mgrid[0:out_px, 0:out_px].astype(np.float32)
    for (x, y), s in zip(cen, siz, strict=True):
        gx, gy = (x + 0.5) / DET_STRIDE - 0.5, (y + 0.5) / DET_STRIDE - 0.5
        if not (-1 <= gx <= out_px and -1 <= gy <= out_px):
            continue
        sigma = max(0.7, s / DET_STRIDE * 0.12)
        g = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sigma**2))
        t[0] = np.maximum(t[0], g)
        ix, iy = round(gx), round(gy)
        if 0 <= ix < out_px and 0 <= iy < out_px:
            t[0, iy, ix] = 1.0
        near = ((xx - gx) ** 2 + (yy - gy) ** 2) <= max(1.0, (s / DET_STRIDE * 0.2) ** 2)
        t[1][near] = math.log2(max(s, 1.0) / 16.0)
        t[2][near] = 1.0
    return t
