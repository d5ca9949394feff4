"""Synthetic tray scenes with exact ground truth, for tests and for training.

A scene is a background (felt, wood, light board or plain, with texture and a light
gradient) and dice drawn from their geometry: a rounded square top face of any colour
with contrasting pips at the d6 layout positions (:data:`vision.layouts.LAYOUTS`),
turned at any angle, optionally with a side face showing (an oblique view, with or
without its own pips), a marbled or translucent body, a cast shadow, a glare spot, and
touching neighbours; then blur and sensor noise.

For 3-D dice seen by a tilted camera (side faces, rounded edges, floors, glare, smear,
fingers, coins, other polyhedra), :func:`render_scene` (from :mod:`vision.render`,
re-exported here) renders scenes with the same kind of ground truth.

>>> import numpy as np
>>> scene = make_scene(np.random.default_rng(1), width=320, height=240, n_dice=3)
>>> scene.image.shape, scene.image.dtype, len(scene.dice)
((240, 320, 3), dtype('uint8'), 3)
>>> sorted(d.value for d in scene.dice) == sorted(d.value for d in scene.dice if 1 <= d.value <= 6)
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from .layouts import LAYOUTS
from .render import RenderedDie, RenderedScene, RenderSpec, render_scene

__all__ = ["RenderSpec", "RenderedDie", "RenderedScene", "Scene", "SceneSpec", "SynthDie",
           "draw_die", "make_scene", "render_scene"]

_SHIFT = 4  # sub-pixel bits for cv2 drawing
_ONE = 1 << _SHIFT


@dataclass(frozen=True)
class SynthDie:
    """Ground truth of one drawn die: value, centre px, top-face side px, angle deg.

    ``side_pips``: an oblique die's side faces show their pips (the pips a reader
    must not count); ``body``: "plain", "marbled" (swirls of a second colour) or
    "translucent" (the floor shows through, lit from inside); ``body_offset``: how far
    (dx, dy) px the body of an oblique die shows beyond its top face.
    """

    value: int
    center: tuple[float, float]
    side: float
    angle: float
    glare: bool = False
    oblique: bool = False
    side_pips: bool = False
    body: str = "plain"
    body_offset: tuple[float, float] = (0.0, 0.0)

    @property
    def box(self) -> tuple[float, float, float, float]:
        """Axis-aligned box around the top face, px."""
        r = self.side / 2 * (abs(math.cos(math.radians(self.angle)))
                             + abs(math.sin(math.radians(self.angle))))
        return (self.center[0] - r, self.center[1] - r, self.center[0] + r, self.center[1] + r)

    @property
    def visible_box(self) -> tuple[float, float, float, float]:
        """Axis-aligned box around all of the die that shows (top face and, for an
        oblique view, the body beyond it: ``body_offset`` px), as the shared photos'
        labels are drawn."""
        x0, y0, x1, y1 = self.box
        dx, dy = self.body_offset
        return (x0 + min(dx, 0.0), y0 + min(dy, 0.0), x1 + max(dx, 0.0), y1 + max(dy, 0.0))


@dataclass(frozen=True)
class SceneSpec:
    """Settings of the generator (all ranges are inclusive; px are output px).

    Attributes:
        die_px: range of top-face sides.
        p_touching: chance that a die is placed touching the previous one.
        p_oblique: chance that a die shows a side face (camera not straight above).
        p_glare: chance of a glare spot on a die.
        p_shadow: chance of a hard cast shadow.
        blur_sigma: range of the Gaussian blur sigma, px.
        noise_sigma: range of sensor noise, grey levels.
        pip_r: range of the pip radius, in top-face sides.
        oblique_depth: range of how far an oblique die's body shows beyond its top
            face, in top-face sides.
        p_side_pips: chance that an oblique die's side faces show their pips.
        p_marbled: chance of a marbled die.
        p_translucent: chance of a translucent die.
    """

    die_px: tuple[float, float] = (25.0, 90.0)
    p_touching: float = 0.3
    p_oblique: float = 0.3
    p_glare: float = 0.3
    p_shadow: float = 0.6
    blur_sigma: tuple[float, float] = (0.0, 1.2)
    noise_sigma: tuple[float, float] = (0.0, 6.0)
    pip_r: tuple[float, float] = (0.075, 0.11)
    oblique_depth: tuple[float, float] = (0.15, 0.35)
    p_side_pips: float = 0.0
    p_marbled: float = 0.0
    p_translucent: float = 0.0


@dataclass
class Scene:
    """A drawn scene: the image (H x W x 3 uint8 BGR) and its dice."""

    image: NDArray[np.uint8]
    dice: list[SynthDie] = field(default_factory=list)


def _background(rng: np.random.Generator, w: int, h: int) -> NDArray[np.uint8]:
    kind = rng.integers(0, 4)
    base = rng.uniform(0, 255, 3)
    if kind == 2:  # light board
        base = rng.uniform(170, 250, 3)
    img = np.empty((h, w, 3), np.float32)
    img[:] = base
    if kind == 0:  # felt: fine noise
        n = rng.normal(0, rng.uniform(4, 14), (h, w)).astype(np.float32)
        img += np.asarray(cv2.GaussianBlur(n, (0, 0), 0.8), np.float32)[..., None]
    elif kind == 1:  # wood: stretched stripes
        n = rng.normal(0, 1, (max(h // 8, 2), 8)).astype(np.float32)
        stripes = np.asarray(cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC), np.float32)
        img += (stripes * rng.uniform(8, 25))[..., None]
    elif kind == 3:  # speckled carpet
        n = rng.normal(0, 1, (h // 3 + 1, w // 3 + 1, 3)).astype(np.float32)
        specks = np.asarray(cv2.resize(n, (w, h), interpolation=cv2.INTER_NEAREST), np.float32)
        img += specks * rng.uniform(10, 35)
    # light gradient / vignette
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    grad = 1 + 0.25 * (gx * (xx / w - 0.5) + gy * (yy / h - 0.5))
    img *= grad[..., None]
    return np.asarray(np.clip(img, 0, 255), np.float32).astype(np.uint8)


def _colours(rng: np.random.Generator) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """A face colour and a contrasting pip colour (BGR)."""
    hue = rng.uniform(0, 180)
    sat = rng.uniform(0, 255) if rng.random() < 0.7 else rng.uniform(0, 40)
    light_face = rng.random() < 0.5
    val = rng.uniform(170, 255) if light_face else rng.uniform(30, 150)
    face = _hsv_to_bgr(hue, sat, val)
    if light_face:
        pip_v = rng.uniform(0, 80)
        pip_h, pip_s = rng.uniform(0, 180), rng.uniform(0, 255)
    else:
        pip_v = rng.uniform(200, 255)
        pip_h, pip_s = rng.uniform(0, 180), rng.uniform(0, 120)
    return face, _hsv_to_bgr(pip_h, pip_s, pip_v)


def _hsv_to_bgr(h: float, s: float, v: float) -> tuple[float, ...]:
    px = np.array([[[h, s, v]]], np.uint8)
    return tuple(float(c) for c in cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0])


def _rounded_square(cx: float, cy: float, side: float, angle: float,
                    radius: float) -> NDArray[np.int32]:
    """Polygon (fixed-point, ``_SHIFT`` bits) of a rounded square."""
    half = side / 2 - radius
    pts = []
    for k, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
        for t in np.linspace(0, math.pi / 2, 6):
            a = t + k * math.pi / 2
            pts.append((sx * half + radius * math.cos(a), sy * half + radius * math.sin(a)))
    arr = np.array(pts)
    th = math.radians(angle)
    rot = np.array([[math.cos(th), -math.sin(th)], [math.sin(th), math.cos(th)]])
    arr = arr @ rot.T + (cx, cy)
    return np.asarray(np.round(arr * _ONE), np.int32)


def _swirl(rng: np.random.Generator, h: int, w: int) -> NDArray[np.float32]:
    """A marble-like pattern 0..1 (bands of a smooth random field), h x w."""
    n = rng.normal(0, 1, (5, 5)).astype(np.float32)
    field = np.asarray(cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC), np.float32)
    bands = 0.5 + 0.5 * np.sin(field * rng.uniform(2.0, 5.0))
    return np.asarray(bands, np.float32)


def _side_faces(img: NDArray[np.uint8], rng: np.random.Generator, die: SynthDie,
                off: tuple[float, float], pip: tuple[float, ...], shade: float,
                pip_r: float) -> None:
    """Pips of the side faces seen when the body shows along ``off`` (px): each
    visible side face is the parallelogram between a top-face edge and that edge moved
    by ``off``; its pips are a random layout squeezed into it."""
    th = math.radians(die.angle)
    u = np.array([math.cos(th), math.sin(th)])
    v = np.array([-math.sin(th), math.cos(th)])
    o = np.array(off)
    half = die.side / 2
    col = tuple(c * shade for c in pip)
    circle = np.stack([np.cos(np.linspace(0, 2 * np.pi, 14)),
                       np.sin(np.linspace(0, 2 * np.pi, 14))], 1)
    for normal, along in ((u, v), (-u, v), (v, u), (-v, u)):
        if float(normal @ o) <= 0.05 * die.side:
            continue
        mid = np.array(die.center) + normal * half
        layout = LAYOUTS[int(rng.integers(1, 7))]
        # face coords (a, b) in half-sides: a along the edge, b from the edge (-1) to
        # the far edge (+1) of the side face, which lies along ``off``
        basis = np.stack([along * half, o / 2], 1)  # 2 x 2
        for a, b in layout:
            centre = mid + basis @ np.array([a, b + 1.0])
            pts = centre + (circle * 2.0 * pip_r) @ basis.T  # pip_r: in sides
            cv2.fillPoly(img, [np.asarray(np.round(pts * _ONE), np.int32)], col,
                         cv2.LINE_AA, _SHIFT)


def draw_die(img: NDArray[np.uint8], rng: np.random.Generator, die: SynthDie,
             face: tuple[float, ...], pip: tuple[float, ...], shadow: bool,
             pip_r_range: tuple[float, float] = (0.075, 0.11),
             depth_range: tuple[float, float] = (0.15, 0.35)) -> tuple[float, float]:
    """Draw one die in place (shadow, side face, top face, pips, glare).

    Returns how far its body shows beyond the top face, (dx, dy) px ((0, 0) unless
    oblique).
    """
    cx, cy = die.center
    body_off = (0.0, 0.0)
    s = die.side
    radius = s * rng.uniform(0.08, 0.2)
    under = img.copy() if die.body == "translucent" else None
    if shadow:
        mask = np.zeros(img.shape[:2], np.uint8)
        dx, dy = rng.uniform(-0.35, 0.35, 2) * s
        cv2.fillPoly(mask, [_rounded_square(cx + dx, cy + dy, s * 1.1, die.angle, radius)],
                     255, cv2.LINE_AA, _SHIFT)
        soft = np.asarray(cv2.GaussianBlur(mask, (0, 0), max(s * rng.uniform(0.02, 0.15), 0.5)))
        k = rng.uniform(0.3, 0.6) * soft.astype(np.float32)[..., None] / 255.0
        img[:] = (img.astype(np.float32) * (1 - k)).astype(np.uint8)
    if die.oblique:
        # the die's body seen from the side: the top face shifted down-away, darker
        ang = rng.uniform(0, 2 * math.pi)
        off = rng.uniform(*depth_range) * s
        shades = [rng.uniform(0.5, 0.85) for _ in face]
        side_col = tuple(c * k for c, k in zip(face, shades, strict=True))
        shade = float(np.mean(shades))
        for t in np.linspace(0, 1, 5):
            cv2.fillPoly(img, [_rounded_square(cx + math.cos(ang) * off * t,
                                               cy + math.sin(ang) * off * t, s, die.angle,
                                               radius)], side_col, cv2.LINE_AA, _SHIFT)
        body_off = (math.cos(ang) * off, math.sin(ang) * off)
        if die.side_pips:
            _side_faces(img, rng, die, body_off, pip, shade, rng.uniform(*pip_r_range))
    top = _rounded_square(cx, cy, s, die.angle, radius)
    cv2.fillPoly(img, [top], face, cv2.LINE_AA, _SHIFT)
    if die.body != "plain":
        _body(img, rng, die, top, face, under)
    # gentle shading across the face
    th = math.radians(die.angle)
    rot = np.array([[math.cos(th), -math.sin(th)], [math.sin(th), math.cos(th)]])
    spread = rng.uniform(0.45, 0.6)
    pip_r = s * rng.uniform(*pip_r_range)
    for px, py in LAYOUTS[die.value] * (spread / 0.5):
        x, y = rot @ np.array([px, py]) * (s / 2) + (cx, cy)
        cv2.circle(img, (round(x * _ONE), round(y * _ONE)), max(round(pip_r * _ONE), _ONE // 2),
                   pip, -1, cv2.LINE_AA, _SHIFT)
    if die.glare:
        gx, gy = rng.uniform(-0.3, 0.3, 2) * s
        spot = np.zeros(img.shape[:2], np.float32)
        cv2.ellipse(spot, ((cx + gx, cy + gy), (s * rng.uniform(0.08, 0.2),
                    s * rng.uniform(0.05, 0.15)), rng.uniform(0, 180)), 1.0, -1, cv2.LINE_AA)
        glow = np.asarray(cv2.GaussianBlur(spot, (0, 0), max(s * 0.03, 0.5)), np.float32)
        glow = glow[..., None]
        img[:] = np.clip(img * (1 - glow) + 255 * glow, 0, 255).astype(np.uint8)
    return body_off


def _body(img: NDArray[np.uint8], rng: np.random.Generator, die: SynthDie,
          top: NDArray[np.int32], face: tuple[float, ...],
          under: NDArray[np.uint8] | None) -> None:
    """Marbled or translucent look of the top face (drawn in place, pips come after)."""
    h, w = img.shape[:2]
    r = int(die.side) + 2
    x0, y0 = max(int(die.center[0]) - r, 0), max(int(die.center[1]) - r, 0)
    x1, y1 = min(int(die.center[0]) + r, w), min(int(die.center[1]) + r, h)
    if x1 <= x0 or y1 <= y0:
        return
    mask = np.zeros(img.shape[:2], np.uint8)
    cv2.fillPoly(mask, [top], 255, cv2.LINE_AA, _SHIFT)
    m = mask[y0:y1, x0:x1].astype(np.float32)[..., None] / 255.0
    roi = img[y0:y1, x0:x1].astype(np.float32)
    if die.body == "marbled":
        other = np.array(_colours(rng)[0], np.float32)
        k = _swirl(rng, y1 - y0, x1 - x0)[..., None] * rng.uniform(0.4, 0.9)
        roi = roi * (1 - m * k) + other * (m * k)
    elif under is not None:  # translucent: the floor through the die, a lit centre
        a = rng.uniform(0.25, 0.5)
        yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
        d = np.hypot(xx - die.center[0], yy - die.center[1]) / max(die.side / 2, 1.0)
        glow = np.clip(1.0 - d, 0, 1)[..., None] * rng.uniform(0.1, 0.35)
        mixed = roi * (1 - a) + under[y0:y1, x0:x1].astype(np.float32) * a
        mixed = mixed * (1 - glow) + 255.0 * glow
        roi = roi * (1 - m) + mixed * m
    img[y0:y1, x0:x1] = np.clip(roi, 0, 255).astype(np.uint8)


def make_scene(
    rng: np.random.Generator,
    width: int = 640,
    height: int = 480,
    n_dice: int = 5,
    spec: SceneSpec | None = None,
    values: list[int] | None = None,
    centers: list[tuple[float, float]] | None = None,
) -> Scene:
    """Draw a scene of ``n_dice`` dice that do not overlap (they may touch).

    Args:
        rng: the random generator (seeded by the caller: scenes are reproducible).
        width, height: image size in px.
        n_dice: dice to place; fewer are placed if there is no room.
        spec: generator settings (:class:`SceneSpec`).
        values: face values to use (length ``n_dice``); random when ``None``.
        centers: die centres in px (length ``n_dice``); random places when ``None``
            (the caller then keeps them apart).

    Returns:
        the :class:`Scene` with exact ground truth.
    """
    sp = spec or SceneSpec()
    img = _background(rng, width, height)
    dice: list[SynthDie] = []
    shadow_all = rng.random() < sp.p_shadow
    for i in range(n_dice):
        value = values[i] if values is not None else int(rng.integers(1, 7))
        s = float(rng.uniform(*sp.die_px))
        s = min(s, 0.4 * min(width, height))
        placed = centers[i] if centers is not None else None
        for _ in range(0 if centers is not None else 200):
            if dice and rng.random() < sp.p_touching:
                prev = dice[-1]
                a = rng.uniform(0, 2 * math.pi)
                dist = (prev.side + s) / 2 * 1.45
                cx = prev.center[0] + math.cos(a) * dist
                cy = prev.center[1] + math.sin(a) * dist
            else:
                cx = rng.uniform(s, width - s)
                cy = rng.uniform(s, height - s)
            if not (s * 0.8 <= cx <= width - s * 0.8 and s * 0.8 <= cy <= height - s * 0.8):
                continue
            if all(math.hypot(cx - d.center[0], cy - d.center[1]) > (d.side + s) / 2 * 1.42
                   for d in dice):
                placed = (cx, cy)
                break
        if placed is None:
            continue
        die = SynthDie(value, placed, s, float(rng.uniform(0, 90)),
                       glare=bool(rng.random() < sp.p_glare),
                       oblique=bool(rng.random() < sp.p_oblique))
        # the extras draw from rng only when asked for (default scenes stay the same)
        if die.oblique and sp.p_side_pips > 0 and rng.random() < sp.p_side_pips:
            die = replace(die, side_pips=True)
        if sp.p_marbled + sp.p_translucent > 0:
            u = rng.random()
            body = ("marbled" if u < sp.p_marbled else "translucent"
                    if u < sp.p_marbled + sp.p_translucent else "plain")
            die = replace(die, body=body)
        face, pip = _colours(rng)
        off = draw_die(img, rng, die, face, pip, shadow_all, sp.pip_r, sp.oblique_depth)
        if off != (0.0, 0.0):
            die = replace(die, body_offset=off)
        dice.append(die)
    sigma = rng.uniform(*sp.blur_sigma)
    if sigma > 0.3:
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), sigma), np.uint8)
    noise = rng.uniform(*sp.noise_sigma)
    if noise > 0.5:
        img = np.clip(img + rng.normal(0, noise, img.shape), 0, 255).astype(np.uint8)
    return Scene(np.asarray(img, np.uint8), dice)
