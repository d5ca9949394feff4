"""Finding a die's top face and the pips on it, from colour alone (no network).

The top face is the region of one colour around the die's centre: the face colour is
the median colour near the detection's centre, the face is the connected region close
to that colour that holds the centre, with its holes (pips, glare) filled. A d6's top
face is a square or a rounded square; a d8 or d20 face is a triangle, a d12's a
pentagon, a cluster of polka dots or a letter no one shape.

The pips are the holes in that region that look like pips: round, 9..34 % of the face
side across, all of one size, with a sharp rim (:func:`vision.face.rim_softness`); a
soft-rimmed spot is glare; other holes are marks (a numeral, a logo).

Used on large detections that no value was read for (:func:`vision.read.read_dice`):
kept as an unreadable die only if they show a d6's face, otherwise reported as
``not_a_die``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from .crops import die_crop, shrink_area
from .face import SOFT_RIM, merged_pips, rim_softness
from .layouts import fit_layout
from .memo import remembered
from .stats import distance3, median, percentile, percentiles

#: The crop used: this many times the detection's size, resampled to ``_CROP_PX``.
_SPAN = 1.6
_CROP_PX = 112


_ty, _tx = np.mgrid[0:_CROP_PX, 0:_CROP_PX].astype(np.float32) - (_CROP_PX - 1) / 2.0
_TOP_CORE = np.hypot(_tx, _ty) < 0.22 * _CROP_PX / _SPAN


@dataclass(frozen=True)
class TopFace:
    """What colour segmentation made of one detection.

    Attributes:
        found: a face region was found that does not merge with the floor (False:
            nothing below can be trusted; the caller falls back).
        square: the region is a d6's top face in shape: a square or a rounded square
            (a side face, a triangle of a d8 or d20, a letter or a lint cluster is not).
        whole: the region is convex (no finger, glare patch or other die over it).
        center: the face's centre, px of the image.
        side: the face's side, px of the image.
        angle: turn of the face's edges, degrees (0..90).
        round_face: the face is close to a disc (very rounded corners): its edges
            give no turn, so the layout may turn freely.
        pips: pip centres relative to the face centre, px of the image (N x 2).
        marks: holes in the face that are neither pips nor specks (numerals, logos,
            a glare patch, merged pips): the face cannot be read from its pips.
        glare: soft-rimmed bright spots (specular glare) relative to the face centre, px;
            on a face with dark pips also sharp round holes lighter than it
            (:data:`LIGHT_HOLE_GLARE`).
        faded: those of the soft-rimmed spots that are darker than the face on a face
            whose pips are darker than it, or where no sharp pip was found
            (:data:`FADED_ALONE`; relative to the face centre, px): glare is never
            darker than the face it lies on, so such a spot is a dark pip that glare
            or blur softened, not glare.
        dark_pips: the pips found are darker than the face (their mean lightness
            :data:`FADED` or more below the face's median; False without pips): a
            white die's black pips, which glare, always lighter, cannot pass for.
        pip_area: the median area of the pips found, px squared of the image: the
            holes they make in the face's colour, anti-aliased rim included (0.0
            without pips; pieces of a parted hole do not count).
        glare_area: the area of each soft-rimmed spot (in the order of ``glare``), px
            squared of the image, as ``pip_area`` measures a pip's (NaN for a piece of a
            parted hole).
        value: the d6 layout the pips fit (``None``: none fits, or no pips).
        corners: corners of the face's outline (its convex hull simplified to within
            4 % of its perimeter, :func:`cv2.approxPolyDP`): 4 for a d6's square,
            more for a rounded one; 3 (d8, d20), 5 (d12) or 6 (a d20 seen whole) for
            another polyhedron's face.
        fill: the face's area over that of its smallest enclosing rectangle.
        circularity: 4 pi area / perimeter^2 of the face's convex hull.
        pip_roundness: the least, over the pips, of a pip's area over that of its
            smallest enclosing circle (1.0 without pips): about 1 for a d6's pips,
            less for a numeral or a letter taken for a pip.
        texture: how much the face's lightness changes inside it, away from its
            outline and its holes (:func:`_texture`, grey levels per px of the
            112 px crop): under 3.5 on the flat faces of the kinds' d6s (glare and
            soft shadows included), 2.8..5.4 on a d20 seen whole, whose facets meet
            at edges inside the outline.
        centre_pip_size: the area of the pip nearest the face's centre over the
            median area of the others (1.0 with fewer than two pips): a d6's pips are
            of one size (0.96..1.04 on 95 % of the kinds' right 3s and 5s), a glare
            spot taken for a centre pip or spread over it is larger.
        centre_clear: the share (0..1) of a disc of 0.12 of the face's side about its
            centre that has the face colour: 1 where no pip, finger or glare is
            there (a 2's, 4's or 6's centre).
    """

    found: bool
    square: bool = False
    whole: bool = False
    center: tuple[float, float] = (0.0, 0.0)
    side: float = 0.0
    angle: float = 0.0
    round_face: bool = False
    pips: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)))
    marks: int = 0
    glare: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)))
    value: int | None = None
    corners: int = 0
    fill: float = 0.0
    circularity: float = 0.0
    pip_roundness: float = 1.0
    texture: float = 0.0
    centre_clear: float = 1.0
    centre_pip_size: float = 1.0
    faded: NDArray[np.float64] = field(default_factory=lambda: np.zeros((0, 2)))
    dark_pips: bool = False
    pip_area: float = 0.0
    glare_area: NDArray[np.float64] = field(default_factory=lambda: np.zeros(0))


#: :func:`_part_hole` on (a switch for the tests that show what it reads).
PART_HOLES = True

#: :func:`_part_hole` looks at holes up to this share of the face's side across: a
#: pip (up to 0.34) with a glare spot or another pip beside it.
PART_HOLE_MAX = 0.7

#: :func:`_part_hole` leaves a hole whole where it parts into glare and a pip both
#: within this share of the face's side of its centre (the reach of
#: :data:`vision.face.GLARE_CENTRE`).
PART_CENTRE = 0.2


def _in_face_axes(cx: float, cy: float, rc: tuple[float, float], f: float,
                  turn: tuple[float, float]) -> tuple[float, float]:
    """A point of the crop (``cx``, ``cy``, px) relative to the face's centre ``rc``
    (px of the crop), in the face's own axes (``turn``: the cosine and sine of its
    turn), px of the image (``f``: crop px per image px)."""
    dx, dy = (cx - rc[0]) / f, (cy - rc[1]) / f
    return (dx * turn[0] + dy * turn[1], -dx * turn[1] + dy * turn[0])


def _part_hole(dist: NDArray[np.float32], hlabel: NDArray[np.int32], h: int,
               box: tuple[int, int, int, int], base: float, side_c: float, f: float,
               rc: tuple[float, float], turn: tuple[float, float]
               ) -> tuple[list[tuple[float, float]], list[tuple[float, float]]] | None:
    """Part hole ``h`` of the top face, too large or too odd for one pip, into pips
    and glare spots (:func:`vision.face.merged_pips`, on each pixel's distance from
    the face colour, at fractions of the hole's own peak): a glare spot on a red die
    touching one of its white pips makes one hole of the two, which counted as a mark,
    and the die as no d6 (specks scenes of the development seeds). Only where a part
    is glare: pips merged with each other, and marks, stay marks. Nor where a part at
    the face's centre is glare and another there a pip (:data:`PART_CENTRE`): a 5's
    centre pip with glare beside it, or a 4's glare parted into a sharp core and its
    halo, which would make it a 5; such a hole stays a mark, as before (with the glare
    seen, :func:`vision.doubts.face_doubt` put 7 of 427 right 3s and 5s of
    ``tools.vision.synth_eval`` in doubt).

    Returns the pips and the glare spots (relative to the face centre, in the face's
    axes, px of the image), or ``None`` where the hole does not part so. ``side_c``:
    the face's side, px of the crop; ``f``: crop px per image px; ``rc``: the face's
    centre, px of the crop; ``turn``: the cosine and sine of the face's turn."""
    x, y, w, hh = box
    own = dist[y:y + hh, x:x + w][hlabel[y:y + hh, x:x + w] == h]
    peak = percentile(own, 90)
    found, spots = merged_pips(dist, hlabel, h, box, peak, base, 0.09 * side_c, 0.34 * side_c)
    if not found or not spots:
        return None  # no glare spot in it: merged pips or a mark, left as a mark
    pips = [_in_face_axes(cx, cy, rc, f, turn) for cx, cy in found]
    glare = [_in_face_axes(cx, cy, rc, f, turn) for cx, cy in spots]
    near = PART_CENTRE * side_c / f

    def central(points: list[tuple[float, float]]) -> bool:
        return any(math.hypot(*q) < near for q in points)

    if central(glare) and central(pips):
        return None  # a centre pip and glare at the centre: a 3 or a 5's, or a 2 or a 4's?
    return pips, glare


#: The Lab crop around a detection, each pixel's distance from the face colour, and
#: the colour threshold (:func:`face_distance`).
FaceDistance = tuple[NDArray[np.float32], NDArray[np.float32], float]


def find_top_face(image: NDArray[np.uint8], x: float, y: float, size: float,
                  tighter: float = 1.0, distance: FaceDistance | None = None) -> TopFace:
    """Segment the top face of the die detected at (x, y), ``size`` px across.

    Args:
        image: H x W x 3 uint8 BGR.
        x, y: the detection's centre, px.
        size: the detection's box side, px.
        tighter: the colour threshold (Lab distance from the face colour, 14..34) is
            multiplied by this: under 1 a side face of about the top face's colour (a
            darker red on a red die seen obliquely) is left out.
        distance: :func:`face_distance` of the same detection, if the caller has it
            (a second look with another ``tighter`` need not cut the crop again).

    Returns:
        a :class:`TopFace`; ``found`` is False when the face colour does not stand
        apart from its surroundings (the face merges with the floor).
    """
    return remembered("top_face", image, (x, y, size, tighter),
                      lambda: _find_top_face(image, x, y, size, tighter, distance))


def _find_top_face(image: NDArray[np.uint8], x: float, y: float, size: float,
                   tighter: float, distance: FaceDistance | None) -> TopFace:
    n = _CROP_PX
    f = n / (size * _SPAN)  # crop px per image px
    c = (n - 1) / 2.0
    lab, dist, thr = face_distance(image, x, y, size) if distance is None else distance
    thr *= tighter
    region = _face_region(dist, thr)
    if region is None:
        return TopFace(False)
    texture = _texture(lab[:, :, 0], region)
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outer = max(contours, key=cv2.contourArea)
    filled = np.zeros_like(region)
    cv2.drawContours(filled, [outer], -1, 1, thickness=-1)
    area = float(filled.sum())
    hull_area = float(cv2.contourArea(cv2.convexHull(outer)))
    (rcx, rcy), (rw, rh), rang = cv2.minAreaRect(outer)
    if rw < 4 or rh < 4:
        return TopFace(False)
    aspect = max(rw, rh) / min(rw, rh)
    fill = area / (rw * rh)
    side_c = math.sqrt(rw * rh)
    round_face = fill < 0.86
    square = aspect <= 1.3 and fill >= 0.74 and side_c >= 0.45 * size * f
    whole = area >= 0.93 * hull_area
    angle = float(rang) % 90.0
    center = (x + (rcx - c) / f, y + (rcy - c) / f)
    side = side_c / f
    # holes: inside the filled face, not of the face colour
    holes = ((filled > 0) & (region == 0)).astype(np.uint8)
    hcount, hlabel, hstats, hcents = cv2.connectedComponentsWithStats(holes, connectivity=8)
    pips: list[tuple[float, float]] = []
    glare: list[tuple[float, float]] = []
    glare_areas: list[float] = []
    soft_ids: list[int] = []
    pip_ids: list[int] = []
    pip_areas: list[float] = []
    pip_hole: list[int] = []  # the hole each pip came from
    disc = 1.0
    marks = 0
    base = float(median(dist[region > 0]))
    a = math.radians(angle)
    ca, sa = math.cos(a), math.sin(a)
    for h in range(1, hcount):
        hx0, hy0, hw, hh, ha = (int(v) for v in hstats[h])
        d = max(hw, hh)
        if d < 0.06 * side_c or ha < 4:
            continue  # a speck
        sharp = rim_softness(dist, hlabel, h, base, box=(hx0, hy0, hw, hh))
        is_round = (0.09 * side_c <= d <= 0.34 * side_c and d <= 1.5 * min(hw, hh)
                    and ha >= 0.55 * hw * hh)
        rel = _in_face_axes(hcents[h][0], hcents[h][1], (rcx, rcy), f, (ca, sa))
        if is_round and sharp <= SOFT_RIM:
            pips.append(rel)
            pip_areas.append(float(ha))
            pip_ids.append(h)
            pip_hole.append(h)
            ys, xs = np.nonzero(hlabel[hy0:hy0 + hh, hx0:hx0 + hw] == h)
            _, rad = cv2.minEnclosingCircle(np.stack([xs, ys], 1).astype(np.float32))
            disc = min(disc, ha / (math.pi * max(rad, 0.5) ** 2))
        elif sharp > SOFT_RIM and d <= 0.34 * side_c:
            glare.append(rel)
            glare_areas.append(float(ha))
            soft_ids.append(h)
        else:
            parted = _part_hole(dist, hlabel, h, (hx0, hy0, hw, hh), base, side_c, f,
                                (rcx, rcy), (ca, sa)) if (
                PART_HOLES and d <= PART_HOLE_MAX * side_c) else None
            if parted is None:
                marks += 1
                continue
            pips += parted[0]
            pip_areas += [math.nan] * len(parted[0])  # parts of a hole: no area of their own
            pip_hole += [h] * len(parted[0])
            pip_ids.append(h)
            glare += parted[1]
            glare_areas += [math.nan] * len(parted[1])  # parts of a hole: no area of their own
            soft_ids += [h] * len(parted[1])
    arr = np.array(pips, np.float64).reshape(-1, 2)
    garr = np.array(glare, np.float64).reshape(-1, 2)
    faded = garr[:0]
    dark_pips = False
    if pip_ids or (FADED_ALONE and soft_ids):  # the holes' mean lightness
        light = np.bincount(hlabel.ravel(), lab[:, :, 0].ravel(), hcount) / np.maximum(
            hstats[:, cv2.CC_STAT_AREA], 1)
        dark = float(median(lab[:, :, 0][region > 0])) - FADED
        dark_pips = bool(pip_ids) and float(median(light[pip_ids])) < dark
        if dark_pips and LIGHT_HOLE_GLARE:
            # a sharp hole lighter than the face among black pips: glare, see LIGHT_HOLE_GLARE
            face_l = float(median(lab[:, :, 0][region > 0]))
            lit = [i for i, h in enumerate(pip_hole)
                   if not math.isnan(pip_areas[i]) and light[h] > face_l + FADED]
            if lit and len(lit) < len(pips):
                garr = np.vstack([garr, np.array([pips[i] for i in lit], np.float64)])
                glare_areas += [pip_areas[i] for i in lit]
                soft_ids += [pip_hole[i] for i in lit]
                keep = [i for i in range(len(pips)) if i not in lit]
                pips = [pips[i] for i in keep]
                pip_areas = [pip_areas[i] for i in keep]
                pip_hole = [pip_hole[i] for i in keep]
                arr = np.array(pips, np.float64).reshape(-1, 2)
        if soft_ids and (dark_pips or not pip_ids):
            faded = garr[light[soft_ids] < dark]
    known = [a for a in pip_areas if not math.isnan(a)]
    if known and max(known) > 2.2 * min(known):
        marks += 1  # pips of different sizes: a merge, a numeral's dot, a speck
    value = fit_layout(arr, side / 2, aligned=not round_face).value if len(arr) else None
    hull = cv2.convexHull(outer)
    corners = len(cv2.approxPolyDP(hull, 0.04 * cv2.arcLength(hull, True), True))
    perim = cv2.arcLength(hull, True)
    circ = 4 * math.pi * hull_area / max(perim * perim, 1e-6)
    centre = np.hypot(_tx - (rcx - c), _ty - (rcy - c)) < 0.12 * side_c
    clear = float((dist[centre] < thr).mean()) if centre.any() else 1.0
    centre_size = 1.0
    if len(pip_areas) >= 2:
        ci = int(np.argmin(np.hypot(arr[:, 0], arr[:, 1])))
        others = np.delete(np.array(pip_areas), ci)
        others = others[~np.isnan(others)]
        if not math.isnan(pip_areas[ci]) and len(others):
            centre_size = pip_areas[ci] / float(median(others))
    return TopFace(True, square, whole, center, side, angle, round_face, arr, marks, garr,
                   value, corners, fill, circ, disc, texture, clear, centre_size, faded,
                   dark_pips, float(median(np.array(known))) / (f * f) if known else 0.0,
                   np.array(glare_areas, np.float64) / (f * f))


#: :func:`find_top_face`: a soft spot or the pips this many lightness levels (Lab L,
#: 0..255) below the face are darker than it.
FADED = 12.0
#: :func:`find_top_face`: on a face whose pips are dark (:attr:`TopFace.dark_pips`), a
#: sharp round hole :data:`FADED` lightness levels or more lighter than the face is a
#: glare spot (:attr:`TopFace.glare`), not a pip: glare cannot pass for a black pip.
#: A hole parted into pips and glare (:data:`PART_HOLES`) keeps its pips: its mean
#: lightness is its glare's as much as its pip's. False: off (every sharp round hole
#: a pip).
LIGHT_HOLE_GLARE = True
#: :func:`find_top_face`: on a face where no sharp pip was found, the soft spots darker
#: than it are faded pips too (:attr:`TopFace.faded`): glare is never darker than the
#: face. False: only beside sharp dark pips.
FADED_ALONE = True


def face_distance(image: NDArray[np.uint8], x: float, y: float, size: float
                  ) -> FaceDistance:
    """The Lab crop (``_CROP_PX`` square, ``_SPAN`` times the detection's size) around
    (x, y), each pixel's Lab distance from the face colour (the median colour within
    0.22 of the box's side of its centre), and the threshold between the face's own
    spread and its surroundings (14..34).

    Args:
        image: H x W x 3 uint8 BGR.
        x, y: the detection's centre, px.
        size: the detection's box side, px.

    Returns:
        (112 x 112 x 3 float32 Lab, 112 x 112 float32 distance, threshold).
    """
    return remembered("face_distance", image, (x, y, size),
                      lambda: _face_distance(image, x, y, size))


def _face_distance(image: NDArray[np.uint8], x: float, y: float, size: float
                   ) -> FaceDistance:
    crop = die_crop(image, x, y, size * _SPAN, 0.0, _CROP_PX)
    lab = cv2.cvtColor(cv2.GaussianBlur(crop, (3, 3), 0), cv2.COLOR_BGR2Lab).astype(np.float32)
    dist = distance3(lab, median(lab[_TOP_CORE], axis=0))
    inner = percentile(dist[_TOP_CORE], 60)
    return lab, dist, float(np.clip(max(3.0 * inner, 14.0), 14.0, 34.0))


def _face_region(dist: NDArray[np.float32], thr: float) -> NDArray[np.uint8] | None:
    """The connected region closer than ``thr`` to the face colour that holds most
    of the crop's core (1 inside, 0 outside), or ``None`` where there is none or it
    merges with the floor (over 15 % of the crop's border)."""
    mask = (dist < thr).astype(np.uint8)
    mask = np.asarray(cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)), np.uint8)
    count, label = cv2.connectedComponents(mask, connectivity=4)
    if count <= 1:
        return None
    # the component with most pixels in the core
    core_hits = np.bincount(label[_TOP_CORE].ravel(), minlength=count)
    core_hits[0] = 0
    k = int(np.argmax(core_hits))
    if core_hits[k] < 0.3 * _TOP_CORE.sum():
        return None
    region: NDArray[np.uint8] = (label == k).astype(np.uint8)
    border = np.concatenate([region[0], region[-1], region[:, 0], region[:, -1]])
    if border.mean() > 0.15:
        return None  # merges with the floor: cannot be told apart
    return region


#: :func:`centre_pip_partners`: marks of a pip's size are 0.5..1.33 times the
#: centre pip's area (glare on a corner pip, or the rim, can take up to half of its
#: notch), and a pair of them about it is symmetric to within this much of the
#: face's side.
_PARTNER_AREA = (0.5, 1.33)
_PARTNER_SYMMETRY = 0.1
#: :func:`centre_pip_partners` on a face close to a disc (``disc``): marks from this
#: share of the centre pip's area up. The corner pips of a very rounded 3 reach the
#: shaded rim, which the looser segmentation still leaves out, and are cut to notches
#: of a fifth to a third of the centre pip (a 3 read as 1 on a blind seed).
_ROUND_PARTNER_MIN = 0.2
#: A top face found (:func:`find_top_face`) with rounded corners (``round_face``) and a
#: hull at least this circular (:attr:`TopFace.circularity`) is close to a disc: 144
#: of the 183 such faces of the kinds' very rounded dice on two seeds, 3 of 194 of the
#: other kinds' dice (a white 1 among a polka cloth's dots: 0.944).
DISC_CIRCULARITY = 0.96


def centre_pip_partners(image: NDArray[np.uint8], x: float, y: float, size: float,
                        disc: bool = False) -> int:
    """Pairs of marks that stand about a die's centre pip as a 3's or a 5's corner
    pips do: each of the centre pip's size (:data:`_PARTNER_AREA`; from
    :data:`_ROUND_PARTNER_MIN` of it on a face close to a ``disc``,
    :data:`DISC_CIRCULARITY`), the two at the same distance from it (within 10 %),
    over a quarter of the face's side out, and symmetric about it (within
    :data:`_PARTNER_SYMMETRY` of the side).

    The face is segmented more loosely than by :func:`find_top_face` (at half the
    colour distance between the face and its centre pip, where that is more): on a
    very rounded die the rounded rim is shaded and left out at the tighter
    threshold, and the corner pips, which reach that rim, become notches in the
    face's outline instead of holes in it, so a 3 shows one pip. Marks are what lies
    inside the face's convex hull and is not of the face colour: holes and notches
    alike. Polka dots on the floor around a real 1 seldom make such a pair.

    Args:
        image: H x W x 3 uint8 BGR.
        x, y: the detection's centre, px.
        size: the detection's box side, px.
        disc: the top face found by :func:`find_top_face` is close to a disc.

    Returns:
        the number of such pairs (0 where no face or no centre pip stands apart).
    """
    lab, dist, thr = face_distance(image, x, y, size)
    far = _TOP_CORE & (dist >= thr)
    if int(far.sum()) < 4:
        return 0  # no centre pip
    pip_col = median(lab[far], axis=0)
    contrast = float(distance3(pip_col[None, :], median(lab[_TOP_CORE], axis=0))[0])
    region = _face_region(dist, max(thr, 0.5 * contrast))
    if region is None:
        return 0
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    hull = np.zeros_like(region)
    cv2.drawContours(hull, [cv2.convexHull(max(contours, key=cv2.contourArea))], -1, 1,
                     thickness=-1)
    marks = ((hull > 0) & (region == 0)).astype(np.uint8)
    marks = np.asarray(cv2.morphologyEx(marks, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8)),
                       np.uint8)
    count, _, stats, cents = cv2.connectedComponentsWithStats(marks, connectivity=8)
    c = (_CROP_PX - 1) / 2.0
    blobs = [(float(cents[k][0] - c), float(cents[k][1] - c), float(stats[k][4]),
              float(stats[k][2] * stats[k][3])) for k in range(1, count) if stats[k][4] >= 4]
    side = math.sqrt(float(hull.sum()))
    if not blobs:
        return 0
    cx, cy, area, _ = min(blobs, key=lambda b: b[0] ** 2 + b[1] ** 2)
    if math.hypot(cx, cy) > 0.15 * side:
        return 0  # no mark at the centre
    least = _ROUND_PARTNER_MIN if disc else _PARTNER_AREA[0]
    alike = [(bx - cx, by - cy) for bx, by, a, box in blobs
             if least * area <= a <= _PARTNER_AREA[1] * area and a >= 0.35 * box
             and (bx, by) != (cx, cy)]
    pairs = 0
    for i, (ax, ay) in enumerate(alike):
        for bx, by in alike[i + 1:]:
            da, db = math.hypot(ax, ay), math.hypot(bx, by)
            if (min(da, db) > 0.25 * side and abs(da - db) < 0.1 * max(da, db)
                    and math.hypot(ax + bx, ay + by) < _PARTNER_SYMMETRY * side):
                pairs += 1
    return pairs


def _texture(lightness: NDArray[np.float32], region: NDArray[np.uint8]) -> float:
    """90th percentile of the lightness gradient (Sobel, grey levels per px of the
    crop) inside ``region`` eroded by 3 px (its outline and the rims of its holes
    left out); 0.0 where under 20 px remain."""
    inside = cv2.erode(region, np.ones((7, 7), np.uint8)) > 0
    if int(inside.sum()) < 20:
        return 0.0
    gx = cv2.Sobel(lightness, cv2.CV_32F, 1, 0)
    gy = cv2.Sobel(lightness, cv2.CV_32F, 0, 1)
    return percentile(np.hypot(gx[inside], gy[inside]) / 8.0, 90)


#: :func:`body_contrast`'s crop: twice the detection's box, resampled to this many px.
_BODY_PX = 40
_by, _bx = np.mgrid[0:_BODY_PX, 0:_BODY_PX].astype(np.float32) - (_BODY_PX - 1) / 2.0
#: distance from the crop centre in box sides (Chebyshev: the box's edge is at 0.5)
_BODY_R = np.maximum(np.abs(_bx), np.abs(_by)) / _BODY_PX * 2.0
_BODY_CORE = _BODY_R < 0.3
_BODY_MARKS = _BODY_R < 0.35
_BODY_SECTOR = ((np.arctan2(_by, _bx) + np.pi) / (2 * np.pi) * 8).astype(np.int32) % 8
_BODY_RING = [(_BODY_R > 0.7) & (k == _BODY_SECTOR) for k in range(8)]
_BODY_CORE_IDX = np.flatnonzero(_BODY_CORE)
_BODY_MARKS_IDX = np.flatnonzero(_BODY_MARKS)
#: each sector's pixels (flat indices), cut to the smallest sector's count (they
#: differ by a few boundary pixels) so the eight medians are taken in one call
_n_ring = min(int(m.sum()) for m in _BODY_RING)
_BODY_RING_IDX = np.stack([np.flatnonzero(m)[:_n_ring] for m in _BODY_RING])


@dataclass(frozen=True)
class Body:
    """Whether a detection has a die's body: a face that stands apart from the floor.

    Attributes:
        contrast: Lab distance (0..~200) between the face's median colour and the
            floor around the box, in the third most different of eight sectors
            around it (so that a neighbouring die or a tray wall on one or two sides
            does not count as floor that differs).
        light_marks: the marks on the face (pips, or a speck) are lighter than it:
            the lightest 1 % of its centre stands further above its median than the
            darkest 1 % below it (a thin lint fibre is a few samples: 3 % missed it).
        floor_contrast: Lab distance between the face's median colour and the
            nearer of the frame's floor colours (:func:`floor_colour`, and
            :func:`middle_floor_colour` where given), if given (lint in a corner of a
            dice box has the box's walls on most sides, the floor on the others).
        surround: Lab distance between the face's median colour and the floor around
            the box in the third closest of the eight sectors: a "face" that goes on
            past the box on three sides or more is the floor itself (lint in a corner
            of a dice box, whose walls make the most different sectors differ).
        floor_share: the share (0..1) of the face's centre within
            :data:`FLOOR_NEAR` of the nearer of the frame's floor colours (0 where
            they are not given): the bare floor between lint fibres, which a die's
            face, of its own colour, does not show (:data:`FLOOR_SHARE`).
    """

    contrast: float
    light_marks: bool
    floor_contrast: float = float("inf")
    surround: float = float("inf")
    floor_share: float = 0.0

    def is_floor_speck(self, min_contrast: float, large: bool = False) -> bool:
        """Light marks on a "face" the colour of the floor: lint or a crumb on the
        tray's floor, whose surroundings the detector took for a die's face. True
        when the marks are light and the face is closer than ``min_contrast`` to the
        floor around it, or closer than half of it to the frame's floor colour or to
        the floor on three sides of the box (:attr:`surround`), or when
        :data:`FLOOR_SHARE` or more of its centre is the bare floor
        (:attr:`floor_share`: fibres of lint on a dark floor lift the median of the
        "face" 20..45 levels above the floor, while the floor shows between them);
        :data:`LARGE_FLOOR_SHARE` for a ``large`` detection (from
        ``VisionParams.strict_min_px``).

        A real die's face stands apart from the floor, or (a white die on a light
        floor) its pips are dark. A dark die with light pips on a floor of its own
        colour is therefore not read: it cannot be told from lint.

        Whatever its marks, a small "face" (not ``large``) that stands apart from
        the frame's floor colour (:attr:`floor_contrast` of :data:`CRUMB_CONTRAST`
        times ``min_contrast`` or more) with :data:`FLOOR_SHARE` of bare floor in
        its centre is smaller than its box: a crumb, the floor showing round it (a
        yellow crumb of 16 px with two grey specks read as a 3 on an empty tray,
        blind seed 15252: 0.19; the light dots of a dark polka cloth, each detected
        as a small die, go too). A die's face fills its box's centre; the small dice
        that show a share of bare floor there are white dice on a light floor, whose
        face is the floor's colour (:attr:`floor_contrast` under 15 on the shared
        photos and the kinds' scenes). Not asked of large detections: the box of a
        large die on a polka cloth can run a third larger than the die, and its
        centre then takes in the cloth (4 dice lost on 6400 scenes of the kinds)."""
        bare = self.floor_share >= (LARGE_FLOOR_SHARE if large else FLOOR_SHARE)
        crumb = (not large and bare
                 and self.floor_contrast >= CRUMB_CONTRAST * min_contrast)
        return crumb or (self.light_marks and (self.contrast < min_contrast
                                               or self.floor_contrast < 0.5 * min_contrast
                                               or self.floor_all_round(min_contrast)
                                               or bare))

    def floor_all_round(self, min_contrast: float) -> bool:
        """The "face" goes on past the box on three sides or more (:attr:`surround`
        under 0.4 of ``min_contrast``): it is the floor itself, whatever its marks."""
        return self.surround < 0.4 * min_contrast


def floor_colour(image: NDArray[np.uint8]) -> NDArray[np.float32]:
    """The tray floor's colour, two estimates of it in Lab (OpenCV's 0..255 scaling):
    a 2 x 3 float32 array.

    Row 0, the median colour of the frame (sampled on a grid of about 64 px across
    its short side), which the floor covers most of (dice cover under a third of
    it). Row 1, the frame's most common colour: the frame area-averaged to about
    64 px across its short side (a floor's grain averages out), its colours counted
    on a grid of 16 Lab levels, the densest 3 x 3 x 3 block of that grid, and the
    median of the pixels within 20 of that block's mean. In a dice box seen from
    close above the walls can take a third of the frame or more and pull the median
    off the floor (a speck by a wall was then no floor speck), while the floor is
    one colour, the walls several shades and the dice several colours; but where
    lint is strewn over the floor, a patch of it is lighter than the bare floor that
    is the most common colour, and nearer to the median. Each is right on some
    floors: :func:`body_contrast` measures a face against the nearer one.
    """
    h, w = image.shape[:2]
    step = max(1, min(h, w) // 64)
    sampled = np.ascontiguousarray(image[::step, ::step])
    lab = cv2.cvtColor(sampled, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
    return np.stack([median(lab, axis=0), _commonest(_lab_at_64(image))]).astype(np.float32)


def middle_floor_colour(image: NDArray[np.uint8]) -> NDArray[np.float32] | None:
    """The most common colour (as :func:`floor_colour`'s second estimate) of the
    frame's middle, its central half across and down, where it covers at least
    :data:`MIDDLE_SHARE` of it: a 3 float32 Lab array (OpenCV's 0..255 scaling), else
    ``None``.

    A dice box seen from further off leaves the table round it the frame's most
    common colour, and the frame's median between the two, while the box's floor
    fills the middle (0.91..0.96 of it on three empty trays of the kinds, whose crumbs
    in a corner were read as dice). Where dice or a tray's parts take much of the
    middle, its most common colour can be a die's (0.25..0.48 on real photos of dice
    in trays): no estimate then. :func:`vision.looks.not_specks` asks it only of
    detections under ``VisionParams.strict_min_px``, and only whether the "face" has
    the floor's colour (:attr:`Body.floor_contrast`): in a close view of large dice
    the middle is the dice's own colour (23 right reads of large red dice lost on
    800 scenes of the kinds where a middle colour was asked of every detection), and
    a second white of a white floor a few levels off the frame's widened the bare
    floor counted on small dark dice (:attr:`Body.floor_share`: 2 right reads of
    real photos lost)."""
    h, w = image.shape[:2]
    avg = _lab_at_64(image[h // 4: h - h // 4, w // 4: w - w // 4])
    common = _commonest(avg)
    if float(np.mean(distance3(avg, common) < _FLOOR_SPREAD)) < MIDDLE_SHARE:
        return None
    return common


#: :func:`middle_floor_colour`: the share of the frame's middle its most common colour
#: must cover to be taken for the floor (dice cover under a third of a frame).
MIDDLE_SHARE = 2.0 / 3.0


def _lab_at_64(image: NDArray[np.uint8]) -> NDArray[np.float32]:
    """``image`` area-averaged to about 64 px across its short side (a floor's grain
    averages out), its pixels in Lab: N x 3 float32."""
    h, w = image.shape[:2]
    s = 64.0 / max(min(h, w), 1)
    small = shrink_area(image, (max(1, round(w * s)), max(1, round(h * s)))) if s < 1 else image
    return cv2.cvtColor(np.ascontiguousarray(small), cv2.COLOR_BGR2Lab
                        ).reshape(-1, 3).astype(np.float32)


def _commonest(avg: NDArray[np.float32]) -> NDArray[np.float32]:
    """The most common colour of ``avg`` (N x 3 Lab): its colours counted on a grid
    of :data:`_FLOOR_LEVEL` Lab levels, the densest 3 x 3 x 3 block of that grid,
    and the median of the colours within :data:`_FLOOR_SPREAD` of that block's mean."""
    n = _FLOOR_CELLS
    cell = (avg * (1.0 / _FLOOR_LEVEL)).astype(np.intp)  # Lab 0..255: cells 0..15
    flat = (cell[:, 0] * n + cell[:, 1]) * n + cell[:, 2]
    block = np.pad(np.bincount(flat, minlength=n ** 3).reshape(n, n, n), 1)
    # the 3 x 3 x 3 block sums, one axis at a time
    block = block[:-2] + block[1:-1] + block[2:]
    block = block[:, :-2] + block[:, 1:-1] + block[:, 2:]
    block = block[:, :, :-2] + block[:, :, 1:-1] + block[:, :, 2:]
    peak = np.array(np.unravel_index(int(np.argmax(block)), block.shape), np.intp)
    in_block = (np.abs(cell - peak) <= 1).all(axis=1)
    mean = in_block.astype(np.float32) @ avg / in_block.sum()
    near = distance3(avg, mean) < _FLOOR_SPREAD
    # two colours at the block's far sides (a frame of two flat colours) leave its
    # mean between them, near none: then the block's own colours
    return median(avg[near if near.any() else in_block], axis=0).astype(np.float32)


#: :func:`floor_colour`: Lab levels a cell of the colour grid, cells a side, and the
#: distance from the densest block's mean within which a colour is the floor's.
_FLOOR_LEVEL = 16
_FLOOR_CELLS = 16
_FLOOR_SPREAD = 20.0


def body_contrast(image: NDArray[np.uint8], x: float, y: float, size: float,
                  floor: NDArray[np.float32] | None = None,
                  middle: NDArray[np.float32] | None = None) -> Body:
    """Measure how the face of the detection at (x, y), ``size`` px across, stands
    apart from the floor around it (:class:`Body`), on a grid of 40 x 40 pixels
    sampled over twice the box (outside the image: its edge pixels).

    The face colour is the median over the central 0.6 of the box (pips are a small
    part of it); the floor is the ring from 0.7 to 1 box side from the centre, split
    into eight sectors, each summarised by its median (robust to the floor's grain and
    scattered lint). ``floor``: the frame's floor colour, or several estimates of it
    (3 or n x 3 Lab, :func:`floor_colour`): the face is measured against the nearer.
    ``middle``: the most common colour of the frame's middle
    (:func:`middle_floor_colour`), one more floor colour for
    :attr:`Body.floor_contrast` only.
    """
    h, w = image.shape[:2]
    step = (np.arange(_BODY_PX, dtype=np.float32) - (_BODY_PX - 1) / 2.0) * (2.0 * size
                                                                               / _BODY_PX)
    xs = np.clip(np.rint(x + step), 0, w - 1).astype(np.intp)
    ys = np.clip(np.rint(y + step), 0, h - 1).astype(np.intp)
    crop = np.ascontiguousarray(image[ys[:, None], xs[None, :]])  # sampled, not averaged
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).reshape(-1, 3).astype(np.float32)
    face = median(lab[_BODY_CORE_IDX], axis=0)
    sectors = median(lab[_BODY_RING_IDX], axis=1)  # (8, 3)
    dist = sorted(np.linalg.norm(sectors - face, axis=1).tolist())
    lo, mid, hi = percentiles(lab[_BODY_MARKS_IDX, 0], (1, 50, 99)).tolist()
    lighter = hi - mid > mid - lo
    far, share = float("inf"), 0.0
    if floor is not None:
        floors = np.reshape(floor, (-1, 3)).astype(np.float32)
        far = float(np.linalg.norm(floors - face, axis=1).min())
        core = lab[_BODY_CORE_IDX]
        near = np.zeros(len(core), bool)
        for f in floors:
            near |= distance3(core, f) < FLOOR_NEAR
        share = float(near.mean())
    if middle is not None:
        far = min(far, float(np.linalg.norm(middle - face)))
    return Body(dist[-3], lighter, far, dist[2], share)


#: :attr:`Body.floor_share`: a sample of the face's centre within this Lab distance
#: of the floor colour is bare floor, and a "face" with this share of bare floor or
#: more, and light marks, is lint on the floor, not a die. On the kinds' scenes and
#: the shared photos, the small dice read right showed 0..0.27 (0.10 at the 99th
#: percentile; the highest are white dice with dark pips on a white floor, whose
#: marks are not light), lint read as a die on an empty dark tray 0.18..0.38. Within
#: 6 levels, the grain of a black sandpaper floor left a tangle of lint at 0.125 (an
#: empty tray of blind seed 11515); within 8, 0.20, while the 1395 dice under 72 px
#: with light marks reported on 5219 images (real photos, `../shared/vision-cases`,
#: the kinds' scenes) show at most 0.13 (0.07 at the 99th percentile).
FLOOR_NEAR = 8.0
FLOOR_SHARE = 0.15
#: :meth:`Body.is_floor_speck` of a detection of ``VisionParams.strict_min_px`` and
#: up: the share of bare floor that makes it a floor speck. The box of a large die
#: can take in the floor at its centre's corners (a very rounded die, nearly a disc,
#: in a box drawn over its shadow: 0.16 and 0.17 on two of the kinds' rounded dice
#: of 218 and 263 px), while printed letters of 80..110 px on the floor show 0.36..0.40
#: between their strokes.
LARGE_FLOOR_SHARE = 0.3
#: :meth:`Body.is_floor_speck`: a "face" this many times ``min_contrast`` from the
#: frame's floor colour with :data:`FLOOR_SHARE` of bare floor in its centre is a
#: crumb smaller than its box, whatever its marks (small detections only). The
#: small dice read right that show that share measure under 15 levels from the floor
#: (white dice on a light floor); at 1 times, a white 6 of 30 px on nell-byler-d6 was
#: lost in one look (at 1.5 times it was not: its "face" measured there 20..30 levels
#: off the floor); the crumb it was made for, 169.
CRUMB_CONTRAST = 2.0


#: :func:`floor_in_shadow`: a "face" whose colour is the floor's times one factor in
#: this range, each BGR channel's factor within :data:`SHADOW_SPREAD` of the others,
#: is the floor in a shadow. On the kinds' scenes and the shared photos, the
#: detections left unread but kept as dice that measured so (0.45..0.78, spread under
#: 0.05) were all shadows: a die's hard square shadow on a polka cloth or felt, its
#: dots taken for pips (three of them counted as invented dice); the nearest die, a
#: white one on a light cloth, 0.87. A black die on a white floor is under 0.3.
SHADOW_FACTOR = (0.3, 0.8)
SHADOW_SPREAD = 0.1
#: :func:`floor_in_shadow`: a floor whose brightest BGR channel is under this level
#: (a black sandpaper) gives no factor worth measuring. 50 until the fifty-sixth pass:
#: blind seed 190177 `polka-017` (looked at), a white die's shadow on a dark green
#: polka cloth (its brightest channel 41), four dots in it boxed as a die of 126 px
#: and kept as an unreadable die (an invented die), its colour the cloth's times
#: 0.52..0.55 in every channel. At 35 no reading changed on both photo folders, the
#: vision cases, the development kinds, 640 generator scenes and the probes of white
#: and red dice; on the README's six-seed table one smeared die went from unreadable
#: to missed (a smear's crop over its shadow, :data:`vision.read.SHADOW_NOT_SMEAR`).
SHADOW_MIN_FLOOR = 35.0


def floor_in_shadow(image: NDArray[np.uint8], x: float, y: float, size: float,
                    floor: NDArray[np.float32]) -> bool:
    """The detection at (x, y), ``size`` px across, is the floor in a shadow: the
    median colour of its box's central 0.6 (sampled as in :func:`body_contrast`) is
    the floor's colour (``floor``, 3 or n x 3 Lab as :func:`floor_colour` gives;
    any of them) times one factor in :data:`SHADOW_FACTOR`, the three BGR channels'
    factors within :data:`SHADOW_SPREAD` of each other. A shadow darkens every
    channel alike (light blocked, not a new colour); a die's face has its own
    colour, or, white or grey on a neutral floor, is lighter than it."""
    h, w = image.shape[:2]
    step = (np.arange(_BODY_PX, dtype=np.float32) - (_BODY_PX - 1) / 2.0) * (2.0 * size
                                                                               / _BODY_PX)
    xs = np.clip(np.rint(x + step), 0, w - 1).astype(np.intp)
    ys = np.clip(np.rint(y + step), 0, h - 1).astype(np.intp)
    crop = image[ys[:, None], xs[None, :]].reshape(-1, 3)
    face = median(crop[_BODY_CORE_IDX].astype(np.float32), axis=0)
    lab = np.clip(np.reshape(floor, (-1, 1, 3)), 0, 255).astype(np.uint8)
    for bgr in cv2.cvtColor(lab, cv2.COLOR_Lab2BGR).reshape(-1, 3).astype(np.float32):
        if float(bgr.max()) < SHADOW_MIN_FLOOR:
            continue
        k = (face + 1.0) / (bgr + 1.0)
        if (SHADOW_FACTOR[0] <= float(k.mean()) <= SHADOW_FACTOR[1]
                and float(k.max() - k.min()) <= SHADOW_SPREAD):
            return True
    return False
