"""A perspective renderer of dice scenes with exact ground truth (tests, training, kinds).

Where :func:`vision.synth.make_scene` draws flat top faces, this renders dice as
3-D cubes seen by a pinhole camera tilted 0..30 degrees off vertical: the top face
and the side faces turned to the camera, each a textured plane mapped into the image
by its homography (pips or numerals, rounded corners up to half a side, darker
bevelled edges), a rounded silhouette (the convex hull of the corner spheres of a
rounded cube), light from one direction with hard or soft cast shadows, specular
glare spots and glare patches, and motion smear of still-sliding dice. Floors: felt,
black sandpaper with light lint specks, wood, leather, cork, polka-dot cloth, with
printed text and logos, optionally inside a wooden dice box on a table. Distractors:
lint, crumbs, coins, bottle caps, fingers and hands (a fingertip over a pip), d8 / d12 /
d20 with numbers, numeral d6. :func:`burst` makes a camera burst of a still scene.

Geometry: the floor is the plane z = 0 (world units); the camera looks at the world
origin from distance ``f`` (its focal length in px), so one world unit is about one
px at the image centre. Dice are placed and sized in image px and back-projected.

>>> import numpy as np
>>> sc = render_scene(np.random.default_rng(3), RenderSpec(width=320, height=240,
...                   n_dice=(3, 3), die_frac=(0.12, 0.15)))
>>> sc.image.shape, sc.image.dtype, len(sc.dice)
((240, 320, 3), dtype('uint8'), 3)
>>> all(1 <= d.value <= 6 and d.box[0] < d.center[0] < d.box[2] for d in sc.dice)
True
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from .layouts import LAYOUTS

Box = tuple[float, float, float, float]
F32 = NDArray[np.float32]
F64 = NDArray[np.float64]

#: Floor kinds :func:`floor` draws.
FLOORS = ("felt", "sandpaper", "wood", "leather", "cork", "polka", "board")
#: Distractor kinds :func:`render_scene` places (``RenderSpec.distractors``).
DISTRACTORS = ("lint", "specks", "crumbs", "coin", "cap", "finger", "hand", "text",
               "d8", "d12", "d20", "numeral")
#: Die looks: body and pip colours (BGR) of a kind of die; "any" draws random colours.
DIE_STYLES = ("red", "white", "black", "blue", "green", "yellow", "any")


# ----------------------------------------------------------------------------- camera


@dataclass(frozen=True)
class Camera:
    """A pinhole camera over the floor plane z = 0.

    Attributes:
        width, height: image size, px.
        f: focal length, px (also the distance from the camera to the floor point seen
            at the image centre, in world units).
        tilt_deg: angle between the optical axis and the vertical, degrees (0: straight
            down).
        azimuth_deg: direction of the tilt in the floor plane, degrees.
    """

    width: int
    height: int
    f: float
    tilt_deg: float = 0.0
    azimuth_deg: float = 0.0

    @property
    def rotation(self) -> F64:
        """World-to-camera rotation (rows: image x, image y, optical axis)."""
        nadir = np.array([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, -1.0]])
        t = math.radians(self.tilt_deg)
        a = math.radians(self.azimuth_deg)
        axis = np.array([-math.sin(a), math.cos(a), 0.0])
        k = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
        rot = np.eye(3) + math.sin(t) * k + (1 - math.cos(t)) * (k @ k)  # Rodrigues
        out: F64 = nadir @ rot.T
        return out

    @property
    def position(self) -> F64:
        """Camera centre in world units."""
        pos: F64 = -self.rotation[2] * self.f
        return pos

    def project(self, pts: F64) -> F64:
        """World points (N x 3) to image px (N x 2)."""
        cam = (np.asarray(pts, np.float64) - self.position) @ self.rotation.T
        z = np.maximum(cam[:, 2], 1e-6)
        out: F64 = np.stack([self.f * cam[:, 0] / z + self.width / 2,
                             self.f * cam[:, 1] / z + self.height / 2], 1)
        return out

    def depth(self, pts: F64) -> F64:
        """Distance along the optical axis of world points (N x 3)."""
        out: F64 = ((np.asarray(pts, np.float64) - self.position) @ self.rotation.T)[:, 2]
        return out

    def floor_point(self, x: float, y: float, z: float = 0.0) -> F64:
        """The world point at height ``z`` seen at image px (x, y)."""
        ray = self.rotation.T @ np.array([(x - self.width / 2) / self.f,
                                          (y - self.height / 2) / self.f, 1.0])
        c = self.position
        t = (z - c[2]) / ray[2]
        out: F64 = c + t * ray
        return out


# ----------------------------------------------------------------------------- dice


@dataclass(frozen=True)
class RenderedDie:
    """Ground truth of one rendered die (pip d6 or numeral d6).

    Attributes:
        value: top face value 1..6 (the numeral printed, for a numeral die).
        kind: "pip" (a pip d6: the reader must give ``value`` or unreadable) or
            "numeral" (not a pip d6: the reader must give no value).
        center: image px of the top face's centre.
        top: the top face's corners in image px (4 x (x, y)).
        box: (x0, y0, x1, y1) px around all of the die that shows (top and sides), as
            the shared photos' labels are drawn.
        side_px: mean side of the top face in the image, px.
        corner_radius: corner radius in sides (0..0.5).
        side_values: values on the side faces that show (their pips a reader must not
            count).
        glare: "" (none), "spot" (a specular spot), "centre" (a spot at the face
            centre), "patch" (a glare patch washing out part of the face).
        smear_px: motion smear length, px (0: still).
        covered: a finger covers part of the top face.
    """

    value: int
    kind: str
    center: tuple[float, float]
    top: tuple[tuple[float, float], ...]
    box: Box
    side_px: float
    corner_radius: float = 0.1
    side_values: tuple[int, ...] = ()
    glare: str = ""
    smear_px: float = 0.0
    covered: bool = False


@dataclass(frozen=True)
class Distractor:
    """Something in the scene that is not a pip d6: its kind and box (px)."""

    kind: str
    box: Box


@dataclass(frozen=True)
class RenderSpec:
    """Settings of :func:`render_scene` (ranges are inclusive).

    Attributes:
        width, height: image size, px.
        n_dice: range of pip d6 to place (fewer when there is no room).
        die_frac: range of the top face's side as a fraction of the image width.
        die_px: the side is clipped to this range, px.
        tilt_deg: range of camera tilts off vertical, degrees (0..30).
        corner_radius: range of corner radii, in sides (0 square .. 0.5 round).
        die_style: one of :data:`DIE_STYLES`, or "mixed" (each die its own).
        floor: one of :data:`FLOORS`, or "any".
        floor_text: chance of printed text / a logo on the floor.
        box_walls: chance that the floor is a dice box's: wooden walls around it (their
            inner faces, rims and outer faces as the camera sees them) on a table.
        box_floor: range of the box floor's share of the frame (width and height).
        shadow: "none", "hard", "soft" or "any".
        p_glare_spot, p_glare_centre, p_glare_patch: chance per die of a specular spot
            anywhere on the top face, at its centre, or of a glare patch.
        p_smear: chance per die that it is still sliding; ``smear_px``: its range, px.
        p_touching: chance that a die is placed against the previous one.
        numeral_dice: range of numeral d6 (not pip dice) to place.
        distractors: kind (:data:`DISTRACTORS`) -> (min, max) count.
        finger_on_die: chance per pip die that a fingertip covers one of its pips.
        pip_r: range of pip radius, in sides.
        blur_sigma, noise_sigma: focus blur (px) and sensor noise (grey levels).
        exposure: range of the gain on the whole frame (a dim bar: 0.5; bright: 1.3).
        warmth: range of the light's colour: + warm (more red, less blue), - cold;
            0.2 changes red and blue by 20 %.
        jpeg_quality: range of the JPEG quality the frame is compressed with (a webcam's
            MJPEG), or ``None`` for none.
    """

    width: int = 640
    height: int = 480
    n_dice: tuple[int, int] = (1, 6)
    die_frac: tuple[float, float] = (0.05, 0.2)
    die_px: tuple[float, float] = (15.0, 250.0)
    tilt_deg: tuple[float, float] = (0.0, 30.0)
    corner_radius: tuple[float, float] = (0.05, 0.2)
    die_style: str = "mixed"
    floor: str = "any"
    floor_text: float = 0.0
    box_walls: float = 0.0
    box_floor: tuple[float, float] = (0.8, 0.95)
    shadow: str = "any"
    p_glare_spot: float = 0.2
    p_glare_centre: float = 0.0
    p_glare_patch: float = 0.0
    p_smear: float = 0.0
    smear_px: tuple[float, float] = (40.0, 80.0)
    p_touching: float = 0.2
    numeral_dice: tuple[int, int] = (0, 0)
    distractors: dict[str, tuple[int, int]] = field(default_factory=dict)
    finger_on_die: float = 0.0
    pip_r: tuple[float, float] = (0.075, 0.1)
    blur_sigma: tuple[float, float] = (0.0, 0.8)
    noise_sigma: tuple[float, float] = (1.0, 4.0)
    exposure: tuple[float, float] = (1.0, 1.0)
    warmth: tuple[float, float] = (0.0, 0.0)
    jpeg_quality: tuple[int, int] | None = None


@dataclass
class RenderedScene:
    """A rendered scene: image (H x W x 3 uint8 BGR), pip dice, numeral dice and
    other distractors, and the camera it was seen with."""

    image: NDArray[np.uint8]
    dice: list[RenderedDie]
    numerals: list[RenderedDie]
    distractors: list[Distractor]
    camera: Camera

    def labels(self, name: str) -> dict[str, object]:
        """The ``labels.json`` entry of this scene (the shared photos' format): the pip
        d6 only, each with its value and its box; ``"dice": []`` when there is none."""
        return {"image": name, "dice": [
            {"value": d.value, "box": [round(v, 1) for v in d.box]} for d in self.dice]}

    def ignore_boxes(self) -> list[Box]:
        """Boxes (px) of the numeral d6 and other polyhedra: no pip d6, and dice-like
        enough that "unreadable" is an acceptable answer there (a value is wrong)."""
        return [d.box for d in self.numerals] + [
            x.box for x in self.distractors if x.kind in ("d8", "d12", "d20", "numeral")]

    def ignore_regions(self, name: str) -> list[dict[str, object]]:
        """``label_flags.json`` ``ignore_regions`` of this scene (:meth:`ignore_boxes`)."""
        return [{"image": name, "box": [round(v, 1) for v in b]} for b in self.ignore_boxes()]


def _hsv(h: float, s: float, v: float) -> tuple[float, float, float]:
    """BGR of OpenCV's 8-bit HSV (h 0..180, s and v 0..255), each truncated to an
    integer and taken modulo 256 as a uint8 cast does on x86-64: a slightly negative
    hue (a felt's red, 0 less a few) lands at 250..255, past OpenCV's 0..180, which
    OpenCV wraps to a green-cyan. The scenes every figure was measured on have those
    colours; an arm64 cast saturates to 0 instead (red), so the wrap is done here, by
    hand, for the same scenes on every platform (found by ``tools/pi/emulated-test``)."""
    px = np.array([[[math.trunc(c) % 256 for c in (h, s, v)]]], np.uint8)
    b, g, r = cv2.cvtColor(px, cv2.COLOR_HSV2BGR)[0, 0]
    return float(b), float(g), float(r)


def die_colours(rng: np.random.Generator, style: str
                ) -> tuple[tuple[float, float, float], tuple[float, float, float]]:
    """Body and pip colours (BGR) of a die of ``style`` (:data:`DIE_STYLES`)."""
    if style == "red":
        return _hsv(rng.uniform(0, 5), rng.uniform(190, 245), rng.uniform(170, 230)), \
            _hsv(0, rng.uniform(0, 15), rng.uniform(225, 250))
    if style == "white":
        v = rng.uniform(215, 245)
        return _hsv(rng.uniform(0, 180), rng.uniform(0, 15), v), \
            _hsv(0, 0, rng.uniform(15, 40))
    if style == "black":
        return _hsv(0, 0, rng.uniform(20, 45)), _hsv(0, 0, rng.uniform(215, 245))
    if style in ("blue", "green", "yellow"):
        hue = {"blue": 110.0, "green": 60.0, "yellow": 27.0}[style]
        body = _hsv(hue + rng.uniform(-6, 6), rng.uniform(170, 240), rng.uniform(140, 220))
        pip = _hsv(0, 0, 240) if style != "yellow" else _hsv(0, 0, 30)
        return body, pip
    light = rng.random() < 0.5
    body = _hsv(rng.uniform(0, 180), rng.uniform(0, 240),
                rng.uniform(185, 250) if light else rng.uniform(40, 150))
    pip = _hsv(rng.uniform(0, 180), rng.uniform(0, 200),
               rng.uniform(10, 70) if light else rng.uniform(210, 250))
    return body, pip


def face_texture(rng: np.random.Generator, value: int, size: int,
                 body: tuple[float, ...], pip: tuple[float, ...], radius: float,
                 pip_r: float, numeral: bool = False, spread: float | None = None
                 ) -> tuple[F32, F32]:
    """One face as a texture: (``size`` x ``size`` x 3 float BGR, ``size`` x ``size``
    alpha 0..1). ``radius``: corner radius in sides; ``pip_r``: pip radius in sides;
    ``numeral``: print the number instead of pips."""
    ss = 2  # supersampling of the outline
    n = size * ss
    alpha = np.zeros((n, n), np.uint8)
    r = max(radius * n, 0.5)
    inner = n / 2 - r
    c = n / 2
    if inner <= 0.5:
        cv2.circle(alpha, (round(c * 16), round(c * 16)), round(n / 2 * 16), 255, -1,
                   cv2.LINE_AA, 4)
    else:
        pts = []
        for k, (sx, sy) in enumerate(((1, 1), (-1, 1), (-1, -1), (1, -1))):
            for t in np.linspace(0, math.pi / 2, 9):
                a = t + k * math.pi / 2
                pts.append((c + sx * inner + r * math.cos(a), c + sy * inner + r * math.sin(a)))
        cv2.fillPoly(alpha, [np.round(np.array(pts) * 16).astype(np.int32)], 255,
                     cv2.LINE_AA, 4)
    a = np.asarray(cv2.resize(alpha, (size, size), interpolation=cv2.INTER_AREA),
                   np.float32) / 255.0
    tex = np.empty((size, size, 3), np.float32)
    tex[:] = body
    # bevel: darker towards the outline (the rounded edge turns away from the light)
    dist = cv2.distanceTransform((a > 0.5).astype(np.uint8), cv2.DIST_L2, 3)
    band = max(size * (0.04 + 0.25 * radius), 1.0)
    bevel = np.clip(dist / band, 0, 1).astype(np.float32)
    tex *= (0.72 + 0.28 * bevel)[..., None]
    # a faint texture of the plastic
    tex += rng.normal(0, 2.0, (size, size, 1)).astype(np.float32)
    if numeral:
        text = str(value)
        font = cv2.FONT_HERSHEY_DUPLEX
        thick = max(round(size * rng.uniform(0.06, 0.09)), 1)
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        scale = size * rng.uniform(0.45, 0.6) / max(th, 1)
        thick = max(round(size * rng.uniform(0.06, 0.09)), 1)
        (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
        org = (round((size - tw) / 2), round((size + th) / 2))
        _text(tex, text, org, font, scale, pip, thick)
        if value in (6, 9):  # the underline that tells 6 from 9
            y = org[1] + max(thick, 2)
            cv2.line(tex, (org[0], y), (org[0] + tw, y), pip, max(thick // 2, 1), cv2.LINE_AA)
    else:
        spread = spread if spread is not None else rng.uniform(0.46, 0.58)
        rp = pip_r * size
        for px, py in LAYOUTS[value] * (spread / 0.5):
            x, y = c / ss + px * size / 2, c / ss + py * size / 2
            cv2.circle(tex, (round(x * 16), round(y * 16)), max(round(rp * 16), 8), pip, -1,
                       cv2.LINE_AA, 4)
            # a pip is a dimple: its upper edge in shade
            cv2.ellipse(tex, (round(x * 16), round((y - rp * 0.15) * 16)),
                        (max(round(rp * 0.9 * 16), 8), max(round(rp * 0.6 * 16), 8)), 0, 200,
                        340, tuple(v * 0.7 for v in pip), max(round(rp * 0.25), 1),
                        cv2.LINE_AA, 4)
    return tex, a


def _faces(center: F64, side: float, yaw: float) -> list[tuple[str, F64, F64, F64]]:
    """(name, normal, a-axis, b-axis) of the five faces that can show, and the face
    centres are ``center + normal * side / 2``."""
    e1 = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    e2 = np.array([-math.sin(yaw), math.cos(yaw), 0.0])
    e3 = np.array([0.0, 0.0, 1.0])
    return [("top", e3, e1, e2), ("s0", e1, e2, -e3), ("s1", -e1, -e2, -e3),
            ("s2", e2, -e1, -e3), ("s3", -e2, e1, -e3)]


def _side_values(rng: np.random.Generator, top: int) -> dict[str, int]:
    """Values of the four side faces of a die with ``top`` up (opposite faces sum to 7)."""
    rest = [v for v in range(1, 7) if v not in (top, 7 - top)]
    a = int(rng.choice(rest))
    b = int(rng.choice([v for v in rest if v not in (a, 7 - a)]))
    return {"s0": a, "s1": 7 - a, "s2": b, "s3": 7 - b}


def _warp_into(layer: F32, alpha: F32, tex: F32, tex_a: F32, quad: F64,
               shade: float, clip: F32) -> F32:
    """Map a face texture onto ``quad`` (4 x 2 px, corners of the texture in order
    TL, TR, BR, BL) in the layer (premultiplied BGR + alpha, in place), inside the
    die's outline ``clip`` (alpha 0..1). Returns the face's own alpha in the layer."""
    n = tex.shape[0]
    src = np.array([[0, 0], [n, 0], [n, n], [0, n]], np.float32)
    h, w = alpha.shape
    x0 = max(math.floor(quad[:, 0].min()) - 2, 0)
    y0 = max(math.floor(quad[:, 1].min()) - 2, 0)
    x1 = min(math.ceil(quad[:, 0].max()) + 3, w)
    y1 = min(math.ceil(quad[:, 1].max()) + 3, h)
    own = np.zeros((h, w), np.float32)
    if x1 <= x0 or y1 <= y0:
        return own
    dst = (quad - (x0, y0)).astype(np.float32)
    m = cv2.getPerspectiveTransform(src, dst)
    size = (x1 - x0, y1 - y0)
    col = cv2.warpPerspective(tex * tex_a[..., None] * shade, m, size, flags=cv2.INTER_LINEAR,
                              borderMode=cv2.BORDER_CONSTANT)
    a = cv2.warpPerspective(tex_a, m, size, flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT)
    # a face seen all but edge-on maps some pixels to infinity: NaN, no face there
    a = np.clip(np.nan_to_num(a, nan=0.0), 0, 1) * clip[y0:y1, x0:x1]
    col = np.nan_to_num(col, nan=0.0, posinf=0.0, neginf=0.0) * clip[y0:y1, x0:x1, None]
    layer[y0:y1, x0:x1] = layer[y0:y1, x0:x1] * (1 - a[..., None]) + col
    alpha[y0:y1, x0:x1] = alpha[y0:y1, x0:x1] * (1 - a) + a
    own[y0:y1, x0:x1] = a
    return own


def _sphere_dirs() -> F64:
    g = np.linspace(-1, 1, 5)
    pts = np.array([(x, y, z) for x in g for y in g for z in g if max(abs(x), abs(y), abs(z)) == 1])
    out: F64 = pts / np.linalg.norm(pts, axis=1, keepdims=True)
    return out


_SPHERE = _sphere_dirs()


def _cube_hull(cam: Camera, center: F64, side: float, yaw: float, radius: float) -> F64:
    """Outline (convex hull, px) of a cube with rounded edges (``radius`` in sides)."""
    e1 = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    e2 = np.array([-math.sin(yaw), math.cos(yaw), 0.0])
    e3 = np.array([0.0, 0.0, 1.0])
    r = radius * side
    inner = side / 2 - r
    pts = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            for sz in (-1, 1):
                c = center + inner * (sx * e1 + sy * e2 + sz * e3)
                pts.append(c + r * _SPHERE if r > 0 else c[None])
    # the top face as drawn: a square with corners rounded by r (a disc at r = half a side)
    t = np.linspace(0, 2 * math.pi, 48, endpoint=False)
    ring = np.stack([np.cos(t), np.sin(t)], 1)
    for sx in (-1, 1):
        for sy in (-1, 1):
            c2 = np.array([sx, sy]) * inner + ring * r if r > 0 else np.array([[sx, sy]]) * inner
            pts.append(center + side / 2 * e3 + c2[:, :1] * e1 + c2[:, 1:] * e2)
    img = cam.project(np.concatenate(pts))
    hull = cv2.convexHull(img.astype(np.float32)).reshape(-1, 2)
    out: F64 = hull.astype(np.float64)
    return out


def _fill(mask: F32, poly: F64, value: float = 1.0) -> None:
    cv2.fillPoly(mask, [np.round(poly * 16).astype(np.int32)], value, cv2.LINE_AA, 4)


@dataclass
class _Light:
    direction: F64  # unit vector from the floor towards the light
    ambient: float
    shadow: str  # "none", "hard", "soft"
    strength: float


def _shade(light: _Light, normal: F64) -> float:
    return float(light.ambient + (1 - light.ambient) * max(0.0, float(normal @ light.direction)))


def _draw_die(canvas: F32, rng: np.random.Generator, cam: Camera, light: _Light,
              center: F64, side: float, yaw: float, value: int, radius: float,
              body: tuple[float, ...], pip: tuple[float, ...], pip_r: float,
              numeral: bool, glare: str, smear: float
              ) -> tuple[F64, Box, tuple[int, ...], F64]:
    """Draw one die on the canvas (float BGR, in place).

    Returns the top face's corners (4 x 2 px), the visible box, the values of the side
    faces that show, and the pip centres of the top face (N x 2 px).
    """
    h, w = canvas.shape[:2]
    hull = _cube_hull(cam, center, side, yaw, radius)
    pad = int(smear) + 4
    x0 = max(int(hull[:, 0].min()) - pad, 0)
    y0 = max(int(hull[:, 1].min()) - pad, 0)
    x1 = min(int(hull[:, 0].max()) + pad + 1, w)
    y1 = min(int(hull[:, 1].max()) + pad + 1, h)
    off = np.array([x0, y0], np.float64)
    layer = np.zeros((y1 - y0, x1 - x0, 3), np.float32)
    alpha = np.zeros((y1 - y0, x1 - x0), np.float32)
    # the body: the rounded outline in the colour of its darkest edges
    body_mask = np.zeros_like(alpha)
    _fill(body_mask, hull - off)
    dark = 0.45 * max(light.ambient, 0.3) / 0.5
    layer += np.array(body, np.float32) * min(dark, 0.7) * body_mask[..., None]
    alpha[:] = body_mask
    faces = _faces(center, side, yaw)
    sides = _side_values(rng, value)
    shown = []
    tex_px = int(np.clip(side * 2.2 * cam.f / max(float(cam.depth(center[None])[0]), 1.0),
                         32, 384))
    spread = rng.uniform(0.46, 0.58)
    top_quad = np.zeros((4, 2))
    top_alpha = np.zeros_like(alpha)
    for name, normal, a_ax, b_ax in faces:
        fc = center + normal * side / 2
        if name != "top" and float(normal @ (cam.position - fc)) <= 0:
            continue
        corners = np.array([fc + (-a_ax - b_ax) * side / 2, fc + (a_ax - b_ax) * side / 2,
                            fc + (a_ax + b_ax) * side / 2, fc + (-a_ax + b_ax) * side / 2])
        quad = cam.project(corners)
        v = value if name == "top" else sides[name]
        tex, ta = face_texture(rng, v, tex_px, body, pip, radius, pip_r, numeral, spread)
        shade = _shade(light, normal)
        own = _warp_into(layer, alpha, tex, ta, quad - off, shade, body_mask)
        if name == "top":
            top_quad = quad
            top_alpha = own
        else:
            # how much of the side face shows: its area in the image
            area = abs(cv2.contourArea(quad.astype(np.float32)))
            if area > 0.04 * side * side:
                shown.append(v)
    # the top face's pip centres in the image
    hmat = cv2.getPerspectiveTransform(
        np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float32), top_quad.astype(np.float32))
    pts = (LAYOUTS[value] * (spread / 0.5)).astype(np.float32).reshape(-1, 1, 2)
    pips = cv2.perspectiveTransform(pts, hmat).reshape(-1, 2).astype(np.float64)
    if glare:
        _glare(layer, alpha, top_alpha, rng, top_quad - off, glare)
    if smear > 0:
        ang = rng.uniform(0, math.pi)
        k = round(smear) | 1
        kern = np.zeros((k, k), np.float32)
        c = k // 2
        dx, dy = math.cos(ang) * c, math.sin(ang) * c
        cv2.line(kern, (round(c - dx), round(c - dy)), (round(c + dx), round(c + dy)), 1.0, 1)
        kern /= max(float(kern.sum()), 1e-6)
        layer = cv2.filter2D(layer, -1, kern, borderType=cv2.BORDER_CONSTANT)
        alpha = cv2.filter2D(alpha, -1, kern, borderType=cv2.BORDER_CONSTANT)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha[..., None]) + layer
    bx = (float(hull[:, 0].min()), float(hull[:, 1].min()),
          float(hull[:, 0].max()), float(hull[:, 1].max()))
    if smear > 0:
        bx = (bx[0] - smear / 2, bx[1] - smear / 2, bx[2] + smear / 2, bx[3] + smear / 2)
    box = (max(bx[0], 0.0), max(bx[1], 0.0), min(bx[2], float(w)), min(bx[3], float(h)))
    return top_quad, box, tuple(shown), pips


def _glare(layer: F32, alpha: F32, top_alpha: F32, rng: np.random.Generator,
           quad: F64, kind: str) -> None:
    """A specular spot (``kind`` "spot" or "centre") or a washed-out patch ("patch")
    on the top face, clipped to it."""
    h, w = alpha.shape
    c = quad.mean(axis=0)
    side = float(np.mean(np.linalg.norm(quad - np.roll(quad, 1, 0), axis=1)))
    spot = np.zeros((h, w), np.float32)
    if kind == "patch":
        corner = quad[int(rng.integers(0, 4))]
        p = c + (corner - c) * rng.uniform(0.35, 0.75)
        axes = (side * rng.uniform(0.15, 0.3), side * rng.uniform(0.12, 0.22))
        cv2.ellipse(spot, ((float(p[0]), float(p[1])), (2 * axes[0], 2 * axes[1]),
                           rng.uniform(0, 180)), 1.0, -1, cv2.LINE_AA)
        spot = np.asarray(cv2.GaussianBlur(spot, (0, 0), max(side * rng.uniform(0.04, 0.1), 0.5)),
                          np.float32)
        strength = rng.uniform(0.85, 1.0)
        spot = np.clip(spot * 1.6, 0, 1) * strength
    else:
        p = c + (rng.normal(0, 0.03, 2) * side if kind == "centre"
                 else rng.uniform(-0.3, 0.3, 2) * side)
        r = side * rng.uniform(0.05, 0.11)
        cv2.ellipse(spot, ((float(p[0]), float(p[1])), (2 * r, 2 * r * rng.uniform(0.6, 1.0)),
                           rng.uniform(0, 180)), 1.0, -1, cv2.LINE_AA)
        spot = np.asarray(cv2.GaussianBlur(spot, (0, 0), max(r * 0.35, 0.5)), np.float32)
        spot = np.clip(spot * 1.3, 0, 1)
    spot *= top_alpha
    layer[:] = layer * (1 - spot[..., None]) + 252.0 * spot[..., None] * alpha[..., None]


def _shadow(canvas: F32, cam: Camera, light: _Light, rng: np.random.Generator,
            center: F64, side: float, yaw: float, radius: float) -> None:
    """Darken the floor under the die's cast shadow (hard or soft), in place."""
    if light.shadow == "none":
        return
    e1 = np.array([math.cos(yaw), math.sin(yaw), 0.0])
    e2 = np.array([-math.sin(yaw), math.cos(yaw), 0.0])
    pts = []
    for sx in (-1, 1):
        for sy in (-1, 1):
            for z in (0.0, side):
                p = center + (sx * e1 + sy * e2) * side / 2 * (1 - 0.3 * radius)
                p[2] = z
                pts.append(p - light.direction * (z / max(light.direction[2], 0.2)))
    poly = cam.project(np.array(pts))
    hull = cv2.convexHull(poly.astype(np.float32)).reshape(-1, 2).astype(np.float64)
    h, w = canvas.shape[:2]
    px = side * cam.f / max(float(cam.depth(center[None])[0]), 1.0)
    sigma = max(px * 0.01, 0.6) if light.shadow == "hard" else px * rng.uniform(0.08, 0.2)
    pad = int(3 * sigma) + 2
    x0, y0 = max(int(hull[:, 0].min()) - pad, 0), max(int(hull[:, 1].min()) - pad, 0)
    x1, y1 = min(int(hull[:, 0].max()) + pad + 1, w), min(int(hull[:, 1].max()) + pad + 1, h)
    if x1 <= x0 or y1 <= y0:
        return
    m = np.zeros((y1 - y0, x1 - x0), np.float32)
    _fill(m, hull - (x0, y0))
    m = cv2.GaussianBlur(m, (0, 0), sigma)
    canvas[y0:y1, x0:x1] *= (1 - light.strength * m)[..., None]


# ----------------------------------------------------------------------------- floors


def _noise(rng: np.random.Generator, h: int, w: int, scale: float) -> F32:
    """Smooth noise, about unit spread, features ``scale`` px."""
    sh, sw = max(int(h / scale), 2), max(int(w / scale), 2)
    n = rng.normal(0, 1, (sh, sw)).astype(np.float32)
    out = np.asarray(cv2.resize(n, (w, h), interpolation=cv2.INTER_CUBIC), np.float32)
    return out


def floor(rng: np.random.Generator, kind: str, w: int, h: int, scale: float = 40.0) -> F32:
    """A floor of ``kind`` (:data:`FLOORS`) as h x w x 3 float BGR 0..255;
    ``scale``: a typical die size in px (sets the size of polka dots and grain)."""
    img = np.empty((h, w, 3), np.float32)
    if kind == "felt":
        base = _hsv(rng.choice([60.0, 100.0, 115.0, 175.0, 0.0]) + rng.uniform(-5, 5),
                    rng.uniform(90, 200), rng.uniform(50, 120))
        if rng.random() < 0.25:
            base = _hsv(0, 0, rng.uniform(20, 45))
        img[:] = base
        img += (rng.normal(0, rng.uniform(4, 9), (h, w)).astype(np.float32)
                + 3 * _noise(rng, h, w, 6))[..., None]
        img = np.asarray(cv2.GaussianBlur(img, (0, 0), 0.7), np.float32)
    elif kind == "sandpaper":
        img[:] = rng.uniform(14, 34)
        img += rng.normal(0, rng.uniform(5, 10), (h, w, 1)).astype(np.float32)
        grit = rng.random((h, w)) < 0.01
        img[grit] += rng.uniform(15, 35)
    elif kind == "wood":
        base = _hsv(rng.uniform(8, 20), rng.uniform(120, 200), rng.uniform(90, 190))
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        th = rng.uniform(0, math.pi)
        v = -xx * math.sin(th) + yy * math.cos(th)
        warp = _noise(rng, h, w, scale * 3) * scale * 0.3
        rings = np.sin((v + warp) / rng.uniform(3, 9)) * 0.5 + 0.5
        grain = cv2.GaussianBlur(rng.normal(0, 1, (h, w)).astype(np.float32), (0, 0), 0.8)
        plank = ((v // rng.uniform(scale * 2, scale * 5)) % 2) * rng.uniform(-12, 12)
        tone = 1 + 0.18 * rings - 0.05 + 0.04 * grain + 0.02 * _noise(rng, h, w, scale)
        img[:] = base
        img = img * tone[..., None] + plank[..., None]
    elif kind == "leather":
        base = _hsv(rng.uniform(0, 20), rng.uniform(80, 200), rng.uniform(40, 120))
        if rng.random() < 0.3:
            base = _hsv(0, 0, rng.uniform(20, 40))
        cells = np.abs(_noise(rng, h, w, 3)) * 0.6 + np.abs(_noise(rng, h, w, 9)) * 0.4
        img[:] = base
        img *= (0.85 + 0.15 * np.tanh(cells) + 0.06 * _noise(rng, h, w, scale * 2))[..., None]
    elif kind == "cork":
        base = _hsv(rng.uniform(12, 20), rng.uniform(100, 160), rng.uniform(140, 200))
        img[:] = base
        g = _noise(rng, h, w, 2.5)
        img *= (1 + 0.12 * g)[..., None]
        dark = (_noise(rng, h, w, 3) > 1.6).astype(np.float32)
        img *= (1 - 0.35 * cv2.GaussianBlur(dark, (0, 0), 0.8))[..., None]
    elif kind == "polka":
        dark_floor = rng.random() < 0.6
        base = _hsv(rng.uniform(0, 180), rng.uniform(0, 200),
                    rng.uniform(10, 50) if dark_floor else rng.uniform(180, 240))
        dot = _hsv(rng.uniform(0, 180), rng.uniform(0, 60),
                   rng.uniform(220, 250) if dark_floor else rng.uniform(10, 50))
        img[:] = base
        r = scale * rng.uniform(0.06, 0.13)
        step = r * rng.uniform(3.0, 5.0)
        stagger = rng.random() < 0.6
        ox, oy = rng.uniform(0, step, 2)
        for j, y in enumerate(np.arange(-step + oy, h + step, step)):
            shift = step / 2 if stagger and j % 2 else 0.0
            for x in np.arange(-step + ox + shift, w + step, step):
                cv2.circle(img, (round(x * 16), round(y * 16)), round(r * 16), dot, -1,
                           cv2.LINE_AA, 4)
        img += rng.normal(0, 2, (h, w, 1)).astype(np.float32)
    else:  # board: a plain light or mid surface
        img[:] = _hsv(rng.uniform(0, 180), rng.uniform(0, 60), rng.uniform(120, 235))
        img += rng.normal(0, 3, (h, w, 1)).astype(np.float32)
    return np.asarray(img, np.float32)


def lint(canvas: F32, rng: np.random.Generator, n: int, length: tuple[float, float] = (4, 22)
         ) -> list[Distractor]:
    """Light lint fibres (short thin curves) on the canvas, in place."""
    h, w = canvas.shape[:2]
    out = []
    for _ in range(n):
        x, y = rng.uniform(0, w), rng.uniform(0, h)
        ln = rng.uniform(*length)
        a = rng.uniform(0, 2 * math.pi)
        bend = rng.uniform(-0.5, 0.5)
        pts = []
        for t in np.linspace(0, 1, 6):
            aa = a + bend * t
            pts.append((x + math.cos(aa) * ln * t, y + math.sin(aa) * ln * t))
        grey = rng.uniform(150, 240)
        col = (grey, grey, grey * rng.uniform(0.9, 1.05))
        cv2.polylines(canvas, [np.round(np.array(pts) * 16).astype(np.int32)], False, col,
                      1, cv2.LINE_AA, 4)
        arr = np.array(pts)
        out.append(Distractor("lint", (float(arr[:, 0].min()), float(arr[:, 1].min()),
                                       float(arr[:, 0].max()), float(arr[:, 1].max()))))
    return out


def specks(canvas: F32, rng: np.random.Generator, n: int, radius: tuple[float, float] = (0.6, 2.5)
           ) -> list[Distractor]:
    """Light round specks (dust, salt, chalk), in place."""
    h, w = canvas.shape[:2]
    out = []
    for _ in range(n):
        x, y, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(*radius)
        g = rng.uniform(170, 250)
        cv2.circle(canvas, (round(x * 16), round(y * 16)), max(round(r * 16), 8), (g, g, g), -1,
                   cv2.LINE_AA, 4)
        out.append(Distractor("specks", (x - r, y - r, x + r, y + r)))
    return out


def crumbs(canvas: F32, rng: np.random.Generator, n: int, size: tuple[float, float] = (2, 9)
           ) -> list[Distractor]:
    """Irregular crumbs (bread, crisps, peanut skin), in place."""
    h, w = canvas.shape[:2]
    out = []
    for _ in range(n):
        x, y, s = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(*size)
        k = int(rng.integers(5, 9))
        ang = np.sort(rng.uniform(0, 2 * math.pi, k))
        rad = s / 2 * rng.uniform(0.5, 1.0, k)
        pts = np.stack([x + rad * np.cos(ang), y + rad * np.sin(ang)], 1)
        col = _hsv(rng.uniform(10, 25), rng.uniform(60, 180), rng.uniform(120, 230))
        _fill_col(canvas, pts, col)
        out.append(Distractor("crumbs", (x - s / 2, y - s / 2, x + s / 2, y + s / 2)))
    return out


def _text(canvas: F32, text: str, org: tuple[int, int], font: int, scale: float,
          colour: tuple[float, ...], thick: int) -> None:
    """``cv2.putText`` onto a float canvas (OpenCV 5 draws text on 8-bit images only):
    the text is drawn as an 8-bit coverage mask and blended in, in place."""
    h, w = canvas.shape[:2]
    mask = np.zeros((h, w), np.uint8)
    cv2.putText(mask, text, org, font, scale, 255, thick, cv2.LINE_AA)
    ys, xs = np.nonzero(mask)
    if len(xs) == 0:
        return
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    a = mask[y0:y1, x0:x1].astype(np.float32)[..., None] / 255.0
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - a) + np.array(colour, np.float32) * a


def _fill_col(canvas: F32, pts: F64, col: tuple[float, ...]) -> None:
    cv2.fillPoly(canvas, [np.round(pts * 16).astype(np.int32)], col, cv2.LINE_AA, 4)


def coin(canvas: F32, rng: np.random.Generator, x: float, y: float, r: float) -> Distractor:
    """A coin (silver, copper or gold disc with a rim and a relief), in place."""
    metal = rng.choice(["silver", "copper", "gold"])
    base = {"silver": _hsv(0, 10, 190), "copper": _hsv(12, 150, 170),
            "gold": _hsv(24, 150, 200)}[str(metal)]
    h, w = canvas.shape[:2]
    x0, y0 = max(int(x - r) - 2, 0), max(int(y - r) - 2, 0)
    x1, y1 = min(int(x + r) + 3, w), min(int(y + r) + 3, h)
    if x1 <= x0 or y1 <= y0:
        return Distractor("coin", (x - r, y - r, x + r, y + r))
    yy, xx = np.mgrid[y0:y1, x0:x1].astype(np.float32)
    d = np.hypot(xx - x, yy - y) / r
    m = np.clip((1 - d) * r, 0, 1)
    light = rng.uniform(0, 2 * math.pi)
    shade = 0.8 + 0.35 * ((xx - x) * math.cos(light) + (yy - y) * math.sin(light)) / r
    relief = 0.12 * _noise(rng, y1 - y0, x1 - x0, max(r / 4, 1.5))
    rim = ((d > 0.82) & (d < 0.92)).astype(np.float32) * 0.25
    col = np.array(base, np.float32) * np.clip(shade + relief + rim, 0.3, 1.4)[..., None]
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - m[..., None]) + col * m[..., None]
    return Distractor("coin", (x - r, y - r, x + r, y + r))


def cap(canvas: F32, rng: np.random.Generator, x: float, y: float, r: float) -> Distractor:
    """A crown bottle cap (crimped edge, coloured top with a logo), in place."""
    teeth = 21
    ang = np.linspace(0, 2 * math.pi, teeth * 2, endpoint=False) + rng.uniform(0, 1)
    rad = np.where(np.arange(teeth * 2) % 2 == 0, r, r * 0.9)
    pts = np.stack([x + rad * np.cos(ang), y + rad * np.sin(ang)], 1)
    edge = _hsv(0, 0, rng.uniform(150, 220))
    _fill_col(canvas, pts, edge)
    col = _hsv(rng.uniform(0, 180), rng.uniform(120, 255), rng.uniform(120, 240))
    cv2.circle(canvas, (round(x * 16), round(y * 16)), round(r * 0.78 * 16), col, -1,
               cv2.LINE_AA, 4)
    letters = "".join(str(rng.choice(list("ABCDEHKLMNOPRSTUZ"))) for _ in range(3))
    scale = r / 30.0
    (tw, th), _ = cv2.getTextSize(letters, cv2.FONT_HERSHEY_SIMPLEX, scale, 1)
    ink = _hsv(0, 0, 240) if rng.random() < 0.5 else _hsv(0, 0, 20)
    _text(canvas, letters, (round(x - tw / 2), round(y + th / 2)),
          cv2.FONT_HERSHEY_SIMPLEX, scale, ink, max(round(scale * 2), 1))
    return Distractor("cap", (x - r, y - r, x + r, y + r))


def finger(canvas: F32, rng: np.random.Generator, tip: tuple[float, float], width: float,
           angle: float | None = None) -> Distractor:
    """A finger reaching in from the nearest image edge to ``tip`` (px), ``width`` px
    thick, with its nail, in place. ``angle``: direction from the tip to the hand
    (radians); ``None``: towards the nearest edge, give or take."""
    h, w = canvas.shape[:2]
    tx, ty = tip
    if angle is None:
        edges = [(-math.pi / 2, ty), (math.pi / 2, h - ty), (math.pi, tx), (0.0, w - tx)]
        angle = min(edges, key=lambda e: e[1])[0] + rng.uniform(-0.35, 0.35)
    length = math.hypot(w, h)
    end = (tx + math.cos(angle) * length, ty + math.sin(angle) * length)
    skin = _hsv(rng.uniform(5, 18), rng.uniform(60, 140), rng.uniform(150, 225))
    ln = math.hypot(end[0] - tx, end[1] - ty)
    # the finger: a band, lit along its middle (a cylinder)
    for k, f in enumerate(np.linspace(1.0, 0.35, 5)):
        col = tuple(c * (0.78 + 0.22 * k / 4) for c in skin)
        cv2.line(canvas, (round(tx * 16), round(ty * 16)),
                 (round(end[0] * 16), round(end[1] * 16)), col, max(round(width * f), 1),
                 cv2.LINE_AA, 4)
    # the nail, near the tip
    ux, uy = math.cos(angle), math.sin(angle)
    nx, ny = tx + ux * width * 0.35, ty + uy * width * 0.35
    nail = tuple(min(c * 1.12 + 18, 255) for c in skin)
    cv2.ellipse(canvas, ((nx, ny), (width * 0.55, width * 0.75), math.degrees(angle) + 90),
                nail, -1, cv2.LINE_AA)
    x0, x1 = min(tx, end[0]) - width / 2, max(tx, end[0]) + width / 2
    y0, y1 = min(ty, end[1]) - width / 2, max(ty, end[1]) + width / 2
    del ln
    return Distractor("finger", (max(x0, 0.0), max(y0, 0.0), min(x1, float(w)), min(y1, float(h))))


def hand(canvas: F32, rng: np.random.Generator, scale: float) -> Distractor:
    """A hand reaching in from an image edge: palm and fingers, in place."""
    h, w = canvas.shape[:2]
    edge = int(rng.integers(0, 4))
    t = rng.uniform(0.2, 0.8)
    x, y = [(t * w, 0.0), (t * w, float(h)), (0.0, t * h), (float(w), t * h)][edge]
    inward = [math.pi / 2, -math.pi / 2, 0.0, math.pi][edge] + rng.uniform(-0.4, 0.4)
    palm = scale * rng.uniform(0.6, 0.9)
    skin = _hsv(rng.uniform(5, 18), rng.uniform(60, 140), rng.uniform(150, 225))
    px, py = x + math.cos(inward) * palm * 0.4, y + math.sin(inward) * palm * 0.4
    cv2.ellipse(canvas, ((px, py), (palm * 1.6, palm * 1.3), math.degrees(inward)), skin, -1,
                cv2.LINE_AA)
    for k in range(4):
        a = inward + (k - 1.5) * 0.25
        ln = palm * rng.uniform(0.8, 1.2)
        fx, fy = px + math.cos(a) * (palm * 0.55 + ln), py + math.sin(a) * (palm * 0.55 + ln)
        finger(canvas, rng, (fx, fy), scale * rng.uniform(0.22, 0.3), a + math.pi)
    r = palm * 1.6 + palm
    return Distractor("hand", (max(px - r, 0.0), max(py - r, 0.0), min(px + r, float(w)),
                               min(py + r, float(h))))


def polyhedron(canvas: F32, rng: np.random.Generator, kind: str, x: float, y: float,
               size: float, tilt_shade: float = 0.75) -> Distractor:
    """A d8, d12 or d20 seen from above: the face on top (triangle, pentagon,
    triangle) with the facets around it, and its number, in place."""
    n = {"d8": 3, "d12": 5, "d20": 3}[kind]
    outline_n = {"d8": 6, "d12": 10, "d20": 6}[kind]
    top_value = int(rng.integers(1, {"d8": 9, "d12": 13, "d20": 21}[kind]))
    body, ink = die_colours(rng, "any")
    a0 = rng.uniform(0, 2 * math.pi)
    outer = size * 0.62
    ring = np.array([(x + outer * math.cos(a0 + 2 * math.pi * k / outline_n),
                      y + outer * math.sin(a0 + 2 * math.pi * k / outline_n))
                     for k in range(outline_n)])
    _fill_col(canvas, ring, tuple(c * tilt_shade for c in body))
    # facets: lines from the outline to the top face's corners
    inner = size * (0.42 if kind != "d12" else 0.36)
    face = np.array([(x + inner * math.cos(a0 + 2 * math.pi * k / n + math.pi / outline_n),
                      y + inner * math.sin(a0 + 2 * math.pi * k / n + math.pi / outline_n))
                     for k in range(n)])
    for k in range(outline_n):
        j = round(k * n / outline_n) % n
        p, q = ring[k], face[j]
        col = tuple(c * (tilt_shade - 0.1) for c in body)
        cv2.line(canvas, (round(p[0] * 16), round(p[1] * 16)), (round(q[0] * 16), round(q[1] * 16)),
                 col, max(round(size * 0.015), 1), cv2.LINE_AA, 4)
    _fill_col(canvas, face, body)
    text = str(top_value)
    font = cv2.FONT_HERSHEY_DUPLEX
    thick = max(round(size * 0.05), 1)
    (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
    scale = inner * (0.55 if n == 3 else 0.75) / max(tw, th)
    (tw, th), _ = cv2.getTextSize(text, font, scale, thick)
    _text(canvas, text, (round(x - tw / 2), round(y + th / 2)), font, scale, ink, thick)
    return Distractor(kind, (float(ring[:, 0].min()), float(ring[:, 1].min()),
                             float(ring[:, 0].max()), float(ring[:, 1].max())))


#: Words printed on trays, mats and bar cloths.
WORDS = ("SHIP CAPTAIN CREW", "HOUSE RULES", "654:321", "BAR", "ROLL", "LUCKY 6", "CASH ONLY",
         "NO 1s", "THE ANCHOR", "DICE", "WIN", "1 2 3 4 5 6", "BEER")


def printed(canvas: F32, rng: np.random.Generator, scale: float) -> list[Distractor]:
    """Printed text and a logo (words, a row of dots, a ringed emblem) on the floor,
    in a colour that stands out from it, in place."""
    h, w = canvas.shape[:2]
    mean = float(canvas.mean())
    ink = _hsv(rng.uniform(0, 180), rng.uniform(0, 60),
               rng.uniform(200, 245) if mean < 128 else rng.uniform(15, 60))
    out = []
    for _ in range(int(rng.integers(1, 3))):
        text = str(rng.choice(WORDS))
        font = int(rng.choice([cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_SIMPLEX,
                               cv2.FONT_HERSHEY_TRIPLEX]))
        size_px = scale * rng.uniform(0.2, 0.45)
        thick = max(round(size_px * rng.uniform(0.1, 0.2)), 1)
        (tw, th), _ = cv2.getTextSize(text, font, 1.0, thick)
        s = size_px / max(th, 1)
        (tw, th), _ = cv2.getTextSize(text, font, s, thick)
        if tw >= w:
            continue
        x, y = rng.uniform(0, w - tw), rng.uniform(th, h)
        _text(canvas, text, (round(x), round(y)), font, s, ink, thick)
        out.append(Distractor("text", (x, y - th, x + tw, y)))
    if rng.random() < 0.7:  # a row of dots, pip-like
        r = scale * rng.uniform(0.08, 0.14)
        k = int(rng.integers(2, 6))
        x, y = rng.uniform(r, w - r * 3 * k), rng.uniform(r, h - r)
        for i in range(k):
            cv2.circle(canvas, (round((x + i * r * 2.8) * 16), round(y * 16)), round(r * 16), ink,
                       -1, cv2.LINE_AA, 4)
        out.append(Distractor("text", (x - r, y - r, x + r * 2.8 * k, y + r)))
    if rng.random() < 0.5:  # a ringed emblem
        r = scale * rng.uniform(0.5, 1.2)
        x, y = rng.uniform(r, max(w - r, r + 1)), rng.uniform(r, max(h - r, r + 1))
        cv2.circle(canvas, (round(x * 16), round(y * 16)), round(r * 16), ink,
                   max(round(r * 0.08), 1), cv2.LINE_AA, 4)
        cv2.circle(canvas, (round(x * 16), round(y * 16)), round(r * 0.2 * 16), ink, -1,
                   cv2.LINE_AA, 4)
        out.append(Distractor("text", (x - r, y - r, x + r, y + r)))
    return out


def _warp_onto(canvas: F32, tex: F32, quad: F64, shade: float) -> None:
    """Map a texture (n x m x 3 float) onto the image quad (TL, TR, BR, BL px), in place."""
    th, tw = tex.shape[:2]
    h, w = canvas.shape[:2]
    x0, y0 = max(math.floor(quad[:, 0].min()) - 1, 0), max(math.floor(quad[:, 1].min()) - 1, 0)
    x1, y1 = min(math.ceil(quad[:, 0].max()) + 2, w), min(math.ceil(quad[:, 1].max()) + 2, h)
    if x1 <= x0 or y1 <= y0:
        return
    src = np.array([[0, 0], [tw, 0], [tw, th], [0, th]], np.float32)
    m = cv2.getPerspectiveTransform(src, (quad - (x0, y0)).astype(np.float32))
    size = (x1 - x0, y1 - y0)
    col = cv2.warpPerspective(tex * shade, m, size, flags=cv2.INTER_LINEAR)
    a = cv2.warpPerspective(np.ones((th, tw), np.float32), m, size, flags=cv2.INTER_LINEAR)
    roi = canvas[y0:y1, x0:x1]
    roi[:] = roi * (1 - a[..., None]) + col * a[..., None]


class _Box:
    """A dice box: a rectangular floor (world, z = 0) inside wooden walls."""

    def __init__(self, rng: np.random.Generator, cam: Camera, share: tuple[float, float],
                 wall: float) -> None:
        corners = np.array([cam.floor_point(x, y) for x, y in
                            ((0, 0), (cam.width, 0), (cam.width, cam.height), (0, cam.height))])
        f = rng.uniform(*share)
        self.ax = float(np.abs(corners[:, 0]).min()) * f
        self.ay = float(np.abs(corners[:, 1]).min()) * f
        self.cam = cam
        self.height = wall
        self.thick = wall * rng.uniform(0.25, 0.5)

    def holds(self, x: float, y: float, margin_px: float) -> bool:
        """Whether an object seen at image px (x, y) lies on the floor ``margin_px`` px
        (about) away from the walls."""
        p = self.cam.floor_point(x, y)
        m = margin_px * float(self.cam.depth(p[None])[0]) / self.cam.f
        return bool(abs(p[0]) < self.ax - m and abs(p[1]) < self.ay - m)

    def draw(self, rng: np.random.Generator, canvas: F32, light: _Light,
             scale: float) -> Distractor:
        """Put the box on a table: outside its floor the table, then the walls."""
        h, w = canvas.shape[:2]
        ax, ay, hh, t = self.ax, self.ay, self.height, self.thick

        def rect(a: float, b: float, z: float) -> F64:
            return np.array([[-a, -b, z], [a, -b, z], [a, b, z], [-a, b, z]])

        inner = self.cam.project(rect(ax, ay, 0.0))
        mask = np.zeros((h, w), np.float32)
        _fill(mask, inner)
        table = floor(rng, str(rng.choice(["wood", "felt", "board", "leather"])), w, h, scale)
        canvas[:] = canvas * mask[..., None] + table * (1 - mask[..., None])
        wood_px = max(int(scale * 4), 64)
        walls = []
        for k in range(4):
            bottom = rect(ax, ay, 0.0)
            top = rect(ax, ay, hh)
            outer_top = rect(ax + t, ay + t, hh)
            outer_bottom = rect(ax + t, ay + t, 0.0)
            i, j = k, (k + 1) % 4
            mid = (bottom[i] + bottom[j]) / 2
            inward = -np.array([mid[0], mid[1], 0.0])
            inward /= np.linalg.norm(inward)
            faces = [(np.array([top[i], top[j], bottom[j], bottom[i]]), inward),
                     (np.array([outer_top[i], outer_top[j], top[j], top[i]]),
                      np.array([0.0, 0.0, 1.0])),
                     (np.array([outer_bottom[i], outer_bottom[j], outer_top[j], outer_top[i]]),
                      -inward)]
            for quad3, normal in faces:
                c = quad3.mean(axis=0)
                if float(normal @ (self.cam.position - c)) <= 0:
                    continue
                walls.append((float(self.cam.depth(c[None])[0]), quad3, normal))
        tex = floor(rng, "wood", wood_px, max(wood_px // 4, 16), scale)
        for _, quad3, normal in sorted(walls, key=lambda x: -x[0]):
            _warp_onto(canvas, tex, self.cam.project(quad3), _shade(light, normal))
        allp = self.cam.project(rect(ax + t, ay + t, hh))
        return Distractor("box", (float(allp[:, 0].min()), float(allp[:, 1].min()),
                                  float(allp[:, 0].max()), float(allp[:, 1].max())))


# ----------------------------------------------------------------------------- scenes


def _place(rng: np.random.Generator, placed: list[tuple[float, float, float]], r: float,
           w: int, h: int, p_touching: float, margin: float,
           inside: Callable[[float, float, float], bool] | None = None
           ) -> tuple[float, float] | None:
    """An image point for an object of radius ``r`` px that overlaps nothing placed
    (``placed``: (x, y, radius) px) and lies ``inside`` (if given: a test of x, y and
    a margin, px), or ``None`` when there is no room."""
    for _ in range(300):
        if placed and rng.random() < p_touching:
            px, py, pr = placed[-1]
            a = rng.uniform(0, 2 * math.pi)
            x, y = px + math.cos(a) * (pr + r) * 1.02, py + math.sin(a) * (pr + r) * 1.02
        else:
            x, y = rng.uniform(margin, w - margin), rng.uniform(margin, h - margin)
        if not (margin <= x <= w - margin and margin <= y <= h - margin):
            continue
        if inside is not None and not inside(x, y, margin):
            continue
        if all(math.hypot(x - px, y - py) > (r + pr) * 1.0 for px, py, pr in placed):
            return x, y
    return None


def render_scene(rng: np.random.Generator, spec: RenderSpec | None = None,
                 values: list[int] | None = None,
                 centers: list[tuple[float, float]] | None = None) -> RenderedScene:
    """Render one scene of pip d6 (and whatever ``spec`` adds) with exact ground truth.

    Args:
        rng: the random generator (seeded by the caller: scenes are reproducible).
        spec: settings (:class:`RenderSpec`); ``None`` for the defaults.
        values: top values of the pip dice, one per die (their number then overrides
            ``spec.n_dice``).
        centers: image px where each pip die (its body centre) is seen, one per value;
            ``None``: random places that do not overlap.

    Returns:
        a :class:`RenderedScene`: image H x W x 3 uint8 BGR, dice, numeral dice,
        distractors (each with its box in px), camera.

    Raises:
        ValueError: a size under 32 px, a tilt outside 0..30 degrees, an unknown floor,
            shadow or die style.
    """
    sp = spec or RenderSpec()
    w, h = sp.width, sp.height
    if w < 32 or h < 32:
        raise ValueError(f"image must be at least 32 x 32 px, got {w} x {h}")
    if not 0 <= sp.tilt_deg[0] <= sp.tilt_deg[1] <= 30:
        raise ValueError(f"tilt_deg must lie in 0..30 degrees, got {sp.tilt_deg}")
    if sp.floor not in (*FLOORS, "any"):
        raise ValueError(f"unknown floor {sp.floor!r}: one of {FLOORS} or 'any'")
    if sp.shadow not in ("none", "hard", "soft", "any"):
        raise ValueError(f"unknown shadow {sp.shadow!r}")
    if sp.die_style not in (*DIE_STYLES, "mixed"):
        raise ValueError(f"unknown die style {sp.die_style!r}")
    cam = Camera(w, h, f=max(w, h) * rng.uniform(0.8, 1.1),
                 tilt_deg=float(rng.uniform(*sp.tilt_deg)), azimuth_deg=float(rng.uniform(0, 360)))
    if centers is not None and (values is None or len(centers) != len(values)):
        raise ValueError("centers needs values, one centre per value")
    n = len(values) if values is not None else int(rng.integers(sp.n_dice[0], sp.n_dice[1] + 1))
    typical = float(np.clip(np.mean(sp.die_frac) * w, *sp.die_px))
    kind = sp.floor if sp.floor != "any" else str(rng.choice(FLOORS))
    canvas = floor(rng, kind, w, h, typical)
    others: list[Distractor] = []
    if sp.floor_text > 0 and rng.random() < sp.floor_text:
        others += printed(canvas, rng, typical)
    shadow = sp.shadow if sp.shadow != "any" else str(rng.choice(["none", "hard", "soft"]))
    el = math.radians(rng.uniform(40, 75))
    az = rng.uniform(0, 2 * math.pi)
    light = _Light(np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az),
                             math.sin(el)]), float(rng.uniform(0.45, 0.65)), shadow,
                   float(rng.uniform(0.3, 0.6)))
    counts = {k: int(rng.integers(lo, hi + 1)) for k, (lo, hi) in sorted(sp.distractors.items())}
    # flat things on the floor first: lint, specks, crumbs
    if counts.get("lint"):
        others += lint(canvas, rng, counts["lint"], (typical * 0.03, typical * 0.1))
    if counts.get("specks"):
        others += specks(canvas, rng, counts["specks"],
                         (max(typical * 0.006, 0.6), max(typical * 0.025, 1.0)))
    if counts.get("crumbs"):
        others += crumbs(canvas, rng, counts["crumbs"], (typical * 0.03, typical * 0.12))
    box = None
    if sp.box_walls > 0 and rng.random() < sp.box_walls:
        box = _Box(rng, cam, sp.box_floor, typical * rng.uniform(0.3, 0.7))
        others.append(box.draw(rng, canvas, light, typical))
    inside = box.holds if box is not None else None
    # objects: dice, numeral dice, polyhedra, coins, caps (placed apart)
    style = sp.die_style if sp.die_style != "mixed" else str(rng.choice(DIE_STYLES))
    objects: list[tuple[str, int]] = [("pip", i) for i in range(n)]
    objects += [("numeral", i) for i in range(int(rng.integers(sp.numeral_dice[0],
                                                               sp.numeral_dice[1] + 1)))]
    for k in ("d8", "d12", "d20", "coin", "cap"):
        objects += [(k, i) for i in range(counts.get(k, 0))]
    objects += [("numeral", 100 + i) for i in range(counts.get("numeral", 0))]
    order = rng.permutation(len(objects))
    placed: list[tuple[float, float, float]] = []
    todo: list[tuple[str, int, F64, float, float]] = []  # kind, value, centre, side, yaw
    flat: list[tuple[str, float, float, float]] = []
    for idx in order:
        kind_o, i = objects[int(idx)]
        s_px = float(np.clip(rng.uniform(*sp.die_frac) * w, *sp.die_px))
        if kind_o in ("pip", "numeral"):
            reach = s_px * (0.75 + 0.6 * math.tan(math.radians(cam.tilt_deg)))
            xy: tuple[float, float] | None
            if centers is not None and kind_o == "pip":
                xy = centers[i]
            else:
                xy = _place(rng, placed, reach, w, h, sp.p_touching, reach * 1.2, inside)
            if xy is None:
                continue
            placed.append((xy[0], xy[1], reach))
            fp = cam.floor_point(*xy, z=0.0)
            depth = float(cam.depth(fp[None])[0])
            side = s_px * depth / cam.f
            centre = cam.floor_point(*xy, z=side / 2)
            val = values[i] if values is not None and kind_o == "pip" else int(rng.integers(1, 7))
            todo.append((kind_o, val, centre, side, float(rng.uniform(0, 2 * math.pi))))
        else:
            r = s_px * (0.7 if kind_o in ("d8", "d12", "d20") else rng.uniform(0.35, 0.7))
            xy = _place(rng, placed, r * 1.05, w, h, 0.0, r, inside)
            if xy is None:
                continue
            placed.append((xy[0], xy[1], r * 1.05))
            flat.append((kind_o, xy[0], xy[1], r))
    for kind_o, x, y, r in flat:
        if kind_o == "coin":
            others.append(coin(canvas, rng, x, y, r))
        elif kind_o == "cap":
            others.append(cap(canvas, rng, x, y, r))
        else:
            others.append(polyhedron(canvas, rng, kind_o, x, y, r / 0.7))
    # dice: shadows first, then far to near
    for _, _, centre, side, yaw in todo:
        _shadow(canvas, cam, light, rng, centre, side, yaw, 0.2)
    todo.sort(key=lambda t: -float(cam.depth(t[2][None])[0]))
    dice: list[RenderedDie] = []
    numerals: list[RenderedDie] = []
    pip_spots: list[tuple[F64, float, int]] = []
    for kind_o, val, centre, side, yaw in todo:
        body, pip = die_colours(rng, style if sp.die_style != "mixed"
                                else str(rng.choice(DIE_STYLES)))
        radius = float(rng.uniform(*sp.corner_radius))
        glare = ""
        u = rng.random()
        if u < sp.p_glare_centre:
            glare = "centre"
        elif u < sp.p_glare_centre + sp.p_glare_patch:
            glare = "patch"
        elif u < sp.p_glare_centre + sp.p_glare_patch + sp.p_glare_spot:
            glare = "spot"
        smear = float(rng.uniform(*sp.smear_px)) if rng.random() < sp.p_smear else 0.0
        quad, dbox, shown, pips = _draw_die(canvas, rng, cam, light, centre, side, yaw, val,
                                           radius, body, pip, float(rng.uniform(*sp.pip_r)),
                                           kind_o == "numeral", glare, smear)
        side_px = float(np.mean(np.linalg.norm(quad - np.roll(quad, 1, 0), axis=1)))
        die = RenderedDie(val, "pip" if kind_o == "pip" else "numeral",
                          (float(quad[:, 0].mean()), float(quad[:, 1].mean())),
                          tuple((float(p[0]), float(p[1])) for p in quad), dbox, side_px,
                          radius, shown, glare, smear)
        if kind_o == "pip":
            dice.append(die)
            pip_spots.append((pips, side_px, len(dice) - 1))
        else:
            numerals.append(die)
    # fingers over pips, hands from the edges
    for pips, side_px, di in pip_spots:
        if sp.finger_on_die > 0 and rng.random() < sp.finger_on_die:
            tip = pips[int(rng.integers(0, len(pips)))]
            others.append(finger(canvas, rng, (float(tip[0]), float(tip[1])),
                                 side_px * rng.uniform(0.25, 0.33)))
            d = dice[di]
            dice[di] = RenderedDie(d.value, d.kind, d.center, d.top, d.box, d.side_px,
                                  d.corner_radius, d.side_values, d.glare, d.smear_px, True)
    for _ in range(counts.get("finger", 0)):
        tip = (rng.uniform(0, w), rng.uniform(0, h))
        others.append(finger(canvas, rng, tip, typical * rng.uniform(0.25, 0.33)))
    for _ in range(counts.get("hand", 0)):
        others.append(hand(canvas, rng, typical))
    if counts.get("text"):
        others += printed(canvas, rng, typical)
    # light falloff, focus, sensor noise
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    vign = 1 + 0.18 * (gx * (xx / w - 0.5) + gy * (yy / h - 0.5)) \
        - 0.12 * ((xx / w - 0.5) ** 2 + (yy / h - 0.5) ** 2)
    canvas *= vign[..., None]
    if sp.exposure != (1.0, 1.0) or sp.warmth != (0.0, 0.0):
        warm = rng.uniform(*sp.warmth)
        canvas *= np.array([1 - warm, 1.0, 1 + warm], np.float32) * rng.uniform(*sp.exposure)
    sigma = rng.uniform(*sp.blur_sigma)
    if sigma > 0.3:
        canvas = np.asarray(cv2.GaussianBlur(canvas, (0, 0), sigma), np.float32)
    noise = rng.uniform(*sp.noise_sigma)
    if noise > 0.3:
        canvas += rng.normal(0, noise, canvas.shape).astype(np.float32)
    img = np.asarray(np.clip(canvas, 0, 255) + 0.5, np.float32).astype(np.uint8)
    if sp.jpeg_quality is not None:
        q = int(rng.integers(sp.jpeg_quality[0], sp.jpeg_quality[1] + 1))
        ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
        if ok:
            img = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), np.uint8)
    return RenderedScene(img, dice, numerals, others, cam)


def burst(rng: np.random.Generator, image: NDArray[np.uint8], n: int = 3,
          noise_sigma: tuple[float, float] = (1.0, 4.0), shake_px: float = 0.6
          ) -> list[NDArray[np.uint8]]:
    """``n`` frames of a still scene as a camera's burst gives them: the rendered image
    (H x W x 3 uint8, drawn without or with little noise) shifted by a sub-pixel camera
    shake (up to ``shake_px`` px), with its own sensor noise (sigma in grey levels) and
    exposure (+-2 %) each. The scene's labels hold for every frame (within
    ``shake_px``).

    >>> import numpy as np
    >>> img = np.full((40, 60, 3), 128, np.uint8)
    >>> frames = burst(np.random.default_rng(0), img, 3)
    >>> len(frames), frames[0].shape, bool((frames[0] != frames[1]).any())
    (3, (40, 60, 3), True)
    """
    if n < 1:
        raise ValueError(f"a burst has 1 frame or more, got {n}")
    h, w = image.shape[:2]
    src = image.astype(np.float32)
    out = []
    for _ in range(n):
        dx, dy = rng.uniform(-shake_px, shake_px, 2)
        m = np.array([[1.0, 0.0, dx], [0.0, 1.0, dy]], np.float32)
        f = cv2.warpAffine(src, m, (w, h), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REFLECT)
        f = np.asarray(f, np.float32) * rng.uniform(0.98, 1.02)
        f += rng.normal(0, rng.uniform(*noise_sigma), f.shape).astype(np.float32)
        out.append(np.clip(f + 0.5, 0, 255).astype(np.uint8))
    return out
