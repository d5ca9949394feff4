"""``read_dice``: the whole reading of one frame, from pixels to a :class:`Reading`.

Steps: check the array (:mod:`vision.validate`); whole-image checks
(:mod:`vision.quality`); find the dice (the detector, :mod:`vision.model`, at several
looks, merged: :func:`find_candidates`); read each die (the face classifier, its pips
and the decision: :mod:`vision.faceread`); hold back the values its top face puts in
doubt (:mod:`vision.doubts`); drop what is no die (a dotted cloth's dots,
:mod:`vision.dots`; a die's shadow; the floor); split off the bank zone; report every
problem in words for the table (:func:`read_dice`).

The crops a die's pips are checked on are in :mod:`vision.facecrops`, a hand over a
die in :mod:`vision.hands`, the top face found by colour in :mod:`vision.topface`.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
from numpy.typing import NDArray

from . import dots, doubts, faceread, hands
from .crops import die_crop
from .dots import dot_grid, dot_lattice
from .face import strips
from .facecrops import (
    box_face_crop,
)
from .faceread import Candidate, FaceRead, check_candidates, decide, washed_read
from .hands import hand_over
from .memo import one_reading
from .model import (
    Detection,
    box_face_side,
    detect,
    resize_long,
    suppress,
)
from .quality import image_problems, smear, smear_direction
from .topface import (
    TopFace,
    body_contrast,
    find_top_face,
    floor_colour,
    floor_in_shadow,
    middle_floor_colour,
)
from .types import Calibration, Die, Problem, Quad, Reading, VisionInputError, VisionParams
from .validate import check_image

#: With a calibrated die size, the detector's full-size look puts a die's box at this
#: many px (the half-size look at half). Chosen on synthetic fixed cameras of dice
#: 18..140 px and the clear trays of the setup's self-test, checked on nell-byler-d6's
#: held-out part: at 32 px the detector's box runs large on big clear dice and two of
#: 120 self-test trays had an unreadable 5; at 64 px it costs twice the time.
CAL_BOX_PX = 48.0

#: The quarter-size look (the detector at a quarter of ``detect_long_side_px``) keeps
#: only detections of this many px or more at the full-size look's scale: dice too
#: large for the half-size look (a third of the frame and more), whose pips and side
#: faces it takes for dice.
BIG_LOOK_MIN = 120.0

#: Where the quarter-size look finds no die's top face, the detector looks once more
#: at this long side (px): a die of a third of a 600 px frame and more, its side
#: faces showing, is still too large for the quarter-size look at 128 px, which
#: finds its pips and side faces (two side faces of 3 pips read as small 6s, on two
#: blind seeds of the kinds). On 4419 photos: 8 more dice right, 2 misreads and 2
#: invented dice fewer, none lost.
BIGGEST_LOOK_PX = 96
#: ... on frames of at least this many px on their long side (4 times the look's):
#: a camera's frame. A crop round one or two dice (the demo's, 90..170 px) is
#: enlarged by every other look, and there the smaller look saw a die's lower edge
#: as a second "die" (a crop of 104 px round one die of 30 px).
BIGGEST_LOOK_MIN_FRAME = 384

#: A die is ``cocked`` (leaning, no face on top) when its face, measured from its box
#: and edge angle, is this many times the calibrated die size: the box runs about 1.2
#: times a flat die's face (shadow, side faces), a leaning die's more than 1.5. The
#: box alone also runs large when the detector's size is off, so a die is called
#: cocked only when its top face, segmented by colour (:func:`find_top_face`), is not
#: a square of at most this many die sizes either (a leaning die's top is seen
#: foreshortened: no square).
COCKED = 1.5


def where(x: float, y: float, w: int, h: int) -> str:
    """Plain words for a place in the picture ("top left", "middle", ...).

    >>> where(10, 10, 100, 100), where(50, 50, 100, 100), where(90, 50, 100, 100)
    ('top left', 'middle', 'right')
    """
    col = ("left", "", "right")[min(int(3 * x / max(w, 1)), 2)]
    row = ("top", "", "bottom")[min(int(3 * y / max(h, 1)), 2)]
    words = " ".join(s for s in (row, col) if s)
    return words or "middle"


def square_corners(x: float, y: float, side: float, angle_deg: float) -> Quad:
    """Corners of a square of ``side`` px centred on (x, y), turned by ``angle_deg``."""
    a = math.radians(angle_deg)
    c, s = math.cos(a) * side / 2, math.sin(a) * side / 2
    pts = [(x + dx * c - dy * s, y + dx * s + dy * c) for dx, dy in
           ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    return (pts[0], pts[1], pts[2], pts[3])


#: :func:`hand_over_missed_die`: a detection the classifier calls no die is a die a
#: hand hides where its box is this many times the median size of the dice read
#: (0.6..1.6: a die's box turns and takes in side faces; a finger or a pip is smaller).
HIDDEN_DIE_SIZE = (0.6, 1.6)
#: :func:`hand_over_missed_die` where no die was read: the share of a box's disc a hand
#: must cover (2.5 x :data:`vision.hands.HAND_SHARE`; a finger over a die of 100..280 px covers
#: 0.05..0.3 of it, the skin-coloured fringe of a white die on a maroon floor 0.09)
UNSIZED_HAND_SHARE = 0.1
#: :func:`read_dice`: every detection the classifier calls no die is checked for a
#: hand over it (:func:`hand_over_missed_die`), not only the first; once a hand is
#: seen, a detection with no d6 face seen, or a die left unread, with a finger over
#: it (:func:`finger_beside_hand`) is a die under the hand too. Each hand found is
#: named in the one ``hand`` problem, an unread die under a finger asks for the hand
#: to go (not "re-throw it"), and none is reported as "not a die... take it out" (a
#: finger over each of two or three dice named one hand and called the other dice
#: things to take out of the tray). Only messages change, never a die or a value.
#: False: the first hand only, as before (a switch for the tests).
EVERY_HAND = True
#: :func:`hand_over_missed_die` where no die was read: a top face found that a
#: finger cuts short of a square counts too (a switch for the tests that show it).
UNSIZED_CUT_FACE = True


def _smear_crop(img: NDArray[np.uint8], d: Detection) -> NDArray[np.uint8]:
    """A detection's upright crop for the smear checks: 1.2 times its box, 64 x 64 x 3
    uint8 BGR, cut from the square itself. ``img``: H x W x 3 uint8 BGR."""
    return die_crop(img, d.x, d.y, d.size * 1.2, 0.0, 64, room=0.5)


#: :func:`read_dice`: a large die whose box's crop looks smeared (over
#: ``VisionParams.max_smear``) but which was read (the classifier and a clean pip
#: layout agree) is still, not moving, where the middle of its box
#: (:func:`face_smear`: its pips, not its outline) is smeared under this much: motion
#: during the exposure streaks the pips as it streaks the outline, and a still die's
#: outline can look smeared where one pair of its edges borders its own darker side
#: face and shadow rather than the floor (a red 1 or 2 of 200..310 px, one sharp pip
#: or two, in the red-box probe's scenes: 0.38..0.43 for its box, 0.10..0.17 for its
#: middle). The smeared dice of the development smear scenes that would be read
#: measure 0.62 and more. 10 more right reads on the development scenes (3 of the
#: red-box probes, one of the kinds, 6 of `scale` seeds 400..479), none lost; 1340
#: smear scenes (blind seeds 218861..227850 and the development ones) read exactly as
#: before. 0: off.
SHARP_FACE = 0.3


def face_smear(img: NDArray[np.uint8], d: Detection) -> float:
    """:func:`vision.quality.smear` of the middle of a detection's box (0.6 of its
    side, upright, 64 x 64 px): the face's pips without the die's outline.
    ``img``: H x W x 3 uint8 BGR. See :data:`SHARP_FACE`."""
    return smear(die_crop(img, d.x, d.y, d.size * 0.6, 0.0, 64, room=0.5))


def die_smear(img: NDArray[np.uint8], d: Detection) -> float:
    """:func:`vision.quality.smear` of a detection's upright crop (:func:`_smear_crop`):
    how flattened its edges are in one direction (a die still sliding). ``img``:
    H x W x 3 uint8 BGR."""
    return smear(_smear_crop(img, d))


def hand_over_missed_die(img: NDArray[np.uint8], d: Detection, read_size: float | None,
                         edge: tuple[float, float, float, float],
                         p: VisionParams | None = None) -> bool:
    """A die under a hand: a detection the face classifier calls no die
    (:attr:`FaceRead.not_a_die`) whose box is the size of the dice read
    (:data:`HIDDEN_DIE_SIZE` times ``read_size``, their median side in px; ``None``
    where none was read), inside ``edge`` (x0, y0, x1, y1 px:
    the frame or the calibrated tray; a die cut off there is reported as such),
    a hand or finger over its box's inscribed disc (:func:`vision.hands.hand_over`,
    at least :data:`vision.hands.HAND_SHARE`) and a square top face standing apart by colour
    around it (:func:`vision.topface.find_top_face`: a die's face, not a wooden
    wall or a mat of skin colour).

    A finger over a die hides what the classifier needs: it calls the die no die
    and the die is lost (the finger kind of issue 10, blind seeds 29089..29392:
    missed 88 -> 191 of 311 dice with the ensemble of face classifiers). The reading
    then says a hand is in the way (:func:`read_dice`: a ``hand`` problem, no die
    added, no value). Chosen on
    development seeds 50001..50002 of the kinds: on 19 of 40 finger scenes, on 1 of
    360 scenes of the other nine kinds (a die lost on a cloth of skin-coloured polka
    dots), on none of the 219 photos of both folders and ``../shared/vision-cases``
    (without the edge, on one: a red tray's rim cut off at the top of a rune55 photo);
    on blind seeds 29493..29796, on 22 of 80 finger scenes and none of 720 others.

    Where no die was read (``read_size`` ``None``: a finger over every die of the
    throw) there is no size to go by. Then, given ``p``, a box of
    :attr:`VisionParams.strict_min_px` or more (from which a top face is checked)
    counts where it is not smeared (:func:`vision.quality.smear` under
    :attr:`VisionParams.max_smear`: a white die smeared over a maroon floor blends to
    a skin colour) and the hand covers :data:`UNSIZED_HAND_SHARE` of its disc. The
    table is then told a hand is in the way, not that no dice are in the tray: on
    development seeds 50001..50003, 36 of 60 finger scenes name a hand (23 before;
    5 of the 7 that said "no dice" now name a hand), and none of the 540 other
    scenes (2 without the two conditions: a smeared white die, the rim of a numeral
    die on a maroon floor). Without ``p`` it does not count. There the top face
    found may be cut short of a square too (:data:`UNSIZED_CUT_FACE`: a finger right
    across each die; beside dice read, a square face is still asked, as a wooden
    wall is none): on development seeds 50001..50007, 14 more finger scenes name a
    hand, 6 of the 7 that said "no dice" among them, and none of the 1260 other
    scenes nor any of the 219 photos of both folders and ``../shared/vision-cases``
    changed; no die's reading changed.
    """
    if read_size is None:
        if (p is None or d.size < p.strict_min_px
                or die_smear(img, d)
                > p.max_smear):
            return False
        share = UNSIZED_HAND_SHARE
    elif not HIDDEN_DIE_SIZE[0] * read_size <= d.size <= HIDDEN_DIE_SIZE[1] * read_size:
        return False
    else:
        share = hands.HAND_SHARE
    if _cut_off(d, edge):
        return False
    if hand_over(img, d.x, d.y, d.size) < share:
        return False
    t = find_top_face(img, d.x, d.y, d.size)
    return t.found and (t.square or (UNSIZED_CUT_FACE and read_size is None))


def finger_beside_hand(img: NDArray[np.uint8], d: Detection,
                       edge: tuple[float, float, float, float]) -> bool:
    """Where a hand was found over a die (:func:`hand_over_missed_die`), a detection
    left without a d6 face is another die under a finger when skin covers at least
    :data:`vision.hands.HAND_SHARE` of its box's inscribed disc (:func:`vision.hands.hand_over`),
    a top face stands apart by colour around it (:func:`vision.topface.find_top_face`;
    square or cut short by the finger) and ``edge`` (x0, y0, x1, y1 px) does not cut
    it off. Only the reading's message depends on it (:data:`EVERY_HAND`): a hand
    named, not a thing to take out of the tray."""
    if _cut_off(d, edge) or hand_over(img, d.x, d.y, d.size) < hands.HAND_SHARE:
        return False
    return find_top_face(img, d.x, d.y, d.size).found


def _shadow_pips(img: NDArray[np.uint8], d: Detection, value: int) -> bool:
    """The "pips" read as ``value`` in a detection whose box is the floor's colour
    darkened alike (:func:`vision.topface.floor_in_shadow`) are a dotted cloth's dots
    in a die's shadow: the top face found there (:func:`vision.topface.find_top_face`)
    has pips darker than itself (:attr:`vision.topface.TopFace.dark_pips`), as a
    shadow over dark dots has, and is no whole square whose pips fit ``value``. A
    dark grey die with light pips, or any die whose face shows the value cleanly, on
    a floor of its own hue but lighter, is a die (SHADOW_WITH_VALUE). Where no top
    face is found there at all, the "pips" are marks on the floor
    (:data:`SHADOW_NO_FACE`)."""
    t = find_top_face(img, d.x, d.y, d.size)
    if SHADOW_NO_FACE and not t.found:
        return True  # no face of its own in the shadow: see SHADOW_NO_FACE
    no_pips = SHADOW_FACE_NO_PIPS and not t.square and len(t.pips) == 0
    return t.found and (t.dark_pips or no_pips) and not (t.square and t.whole
                                                         and t.value == value)


def _cut_off(d: Detection, edge: tuple[float, float, float, float]) -> bool:
    """The detection's box, 0.85 of it, crosses ``edge`` (x0, y0, x1, y1 px: the
    frame, or the calibrated tray)."""
    half = d.size / 2 * 0.85
    return (d.x - half < edge[0] or d.y - half < edge[1]
            or d.x + half > edge[2] or d.y + half > edge[3])


def _in_box(x: float, y: float, box: tuple[float, float, float, float]) -> bool:
    return box[0] <= x <= box[2] and box[1] <= y <= box[3]


def _reading_order(dice: list[Die]) -> list[Die]:
    if not dice:
        return dice
    row = float(np.median([d.size for d in dice])) or 1.0
    return sorted(dice, key=lambda d: (round(d.center[1] / row), d.center[0]))


def not_specks(img: NDArray[np.uint8], dets: list[Detection], p: VisionParams,
               floor: NDArray[np.float32] | None = None) -> list[Detection]:
    """The detections that have a die's body (:func:`vision.topface.body_contrast`):
    light lint, specks and crumbs on the floor, whose surroundings the detector takes
    for a die's face, go before anything reads them (a speck looks like the one pip
    of a 1 to the classifier and to the pip check) and before they can count as
    evidence of the die size. ``floor``: the frame's floor colour
    (:func:`vision.topface.floor_colour`; measured on ``img`` if not given)."""
    if not dets:
        return dets
    if floor is None:
        floor = floor_colour(img)
    # the floor of a box seen from further off (vision.topface.middle_floor_colour),
    # asked of small detections only: the crumbs in its corners
    middle = (middle_floor_colour(img) if any(d.size < p.strict_min_px for d in dets)
              else None)
    return [d for d in dets if not body_contrast(
        img, d.x, d.y, d.size, floor, middle if d.size < p.strict_min_px else None
    ).is_floor_speck(p.min_body_contrast, d.size >= p.strict_min_px)]


def _rank(c: Candidate, p: VisionParams) -> tuple[bool, bool, bool, float]:
    """Which of two overlapping candidates is the die: a confident read first, then
    anything the classifier calls a die, then the detector's score."""
    fr = decide(c.probs, c.pips, p, c.det.size)
    return (fr.value is not None, fr.pip_check == "agrees", not fr.not_a_die, c.det.score)


def _within(small: Detection, big: Detection) -> bool:
    """``small`` is under 0.6 of ``big``'s size and its centre inside ``big``'s box
    (a pip or a side face of a larger die)."""
    half = 0.5 * big.size
    return (small.size < 0.6 * big.size and abs(small.x - big.x) < half
            and abs(small.y - big.y) < half)


def _overlap(a: Detection, b: Detection) -> bool:
    """One die seen twice (centres closer than 0.6 of the larger size), or a much
    smaller one inside the other's box (:func:`_within`)."""
    dist = math.hypot(a.x - b.x, a.y - b.y)
    return dist < 0.6 * max(a.size, b.size) or _within(a, b) or _within(b, a)


def _same_die(a: Detection, b: Detection) -> bool:
    """Two looks found the same die: centres closer than 0.6 of the larger size and
    sizes within a factor of 1.6 (a pip or a side face is much smaller)."""
    big, small = max(a.size, b.size), min(a.size, b.size)
    return math.hypot(a.x - b.x, a.y - b.y) < 0.6 * big and big < 1.6 * small


def _inside_die(small: Detection, big: Detection, face: float) -> bool:
    """``small`` is under 0.6 of the side ``face`` (px) of ``big``'s top face and
    lies inside ``big``'s box, or has its centre within 0.6 of the box's side of the
    box's centre (as :func:`_overlap` has it): one of its pips or side faces. A side
    face seen obliquely lies at the edge of the box, and its centre can fall just
    outside (a red 3 of 270 px in a 600 px box, its side face's 3 pips read as a small
    6 that then outranked the unread die in :func:`merge_looks`)."""
    half = 0.5 * big.size
    return small.size < 0.6 * face and (
        (abs(small.x - big.x) < half and abs(small.y - big.y) < half)
        or math.hypot(small.x - big.x, small.y - big.y) < 0.6 * big.size)


def _withheld_die(img: NDArray[np.uint8], c: Candidate, p: VisionParams) -> bool:
    """A large die (``p.strict_min_px`` and up) that the face classifier reads
    alone (its turns agree on one value, at ``p.read_threshold``), whose value only
    the pip check withheld (a finger over a pip, glare, a side face in its box), and
    whose top face stands apart by colour (:func:`vision.topface.find_top_face`, at
    least 0.4 of the box's side): a die. A box over a cluster of small dice, which
    the classifier may read too, shows no one top face."""
    if c.det.size < p.strict_min_px or c.pips is None:
        return False
    mean = c.probs.mean(axis=0)
    value = int(np.argmax(mean[1:])) + 1
    if not (bool(np.all(c.probs.argmax(axis=1) == value))
            and float(mean[value]) >= p.read_threshold):
        return False
    t = faceread.candidate_top_face(img, c)
    return t.found and t.side >= 0.4 * c.det.size


def merge_looks(cands: list[Candidate], p: VisionParams,
                img: NDArray[np.uint8]) -> list[Candidate]:
    """Keep one candidate per die over several looks of the detector.

    Greedy by :func:`_rank`: a die read with confidence in any look is never dropped
    for a less certain detection of the same place (so a second look never loses a
    die the first one read), and a pip or side face found as a small "die" inside a
    larger die that reads goes. So does one inside a large die whose value only the
    pip check withheld (:func:`_withheld_die`: a die the classifier reads, a finger
    over one of its pips), unless its own pips agree with its read: the die is
    there, unreadable, and what lies inside its box (a side face with pips, seen
    obliquely, read by the classifier alone) is part of it. ``img``: the frame
    (H x W x 3 uint8 BGR) the candidates were found in.
    """
    held: dict[int, bool] = {}  # _withheld_die, asked only of dice with one inside

    def inside_withheld(c: Candidate) -> bool:
        for i, h in enumerate(cands):
            if _within(c.det, h.det):
                if i not in held:
                    held[i] = _withheld_die(img, h, p)
                if held[i]:
                    return True
        return False

    cands = [c for c in cands if not inside_withheld(c)
             or decide(c.probs, c.pips, p, c.det.size).pip_check == "agrees"]
    cands = [c for c in cands if not _glyph_in_unread(img, c, cands, p)]
    ranked = sorted(cands, key=lambda c: _rank(c, p), reverse=True)
    kept: list[Candidate] = []
    faces: dict[int, TopFace] = {}  # top faces of kept large dice, found when needed
    for c in ranked:
        if not any(_overlap(c.det, k.det) or _on_face(img, c, k, i, faces, p)
                   for i, k in enumerate(kept)):
            kept.append(c)
    return kept


def _glyph_in_unread(img: NDArray[np.uint8], c: Candidate, cands: list[Candidate],
                     p: VisionParams) -> bool:
    """``c`` is a small 1 (half ``p.strict_min_px`` up to it) inside the box of a
    large detection (:func:`_within`) that reads no value, and the top face check of
    large dice (:func:`vision.doubts.face_doubt`) doubts it, and either the large one shows a square
    top face (:func:`vision.faceread.candidate_top_face`) or the check calls the small one no d6
    and the face
    classifier reads the large one as a 1 or as no die (:func:`_reads_one`): the loop
    of a numeral die's glyph (an underlined "6", blind seeds 5959 and 8282 of the
    kinds), found as a small die by one look, would otherwise outrank the unread
    numeral die around it in :func:`merge_looks` and be read as 1. A numeral die reads
    as a 1 to the first classifier (0.8..0.99 on those scenes) and mostly as no die to
    the shipped ensemble, and its glyph's ink can fill the centre of its box so
    that no top face is found around it (seed 8282). (With neither, six real 1s of
    36..48 px in nell-byler-d6, inside boxes over several dice that the classifier
    reads as 4, 5 or 6, were lost too.)"""
    if not 0.5 * p.strict_min_px <= c.det.size < p.strict_min_px:
        return False
    if decide(c.probs, c.pips, p, c.det.size).value != 1:
        return False
    around = [h for h in cands if h.det.size >= p.strict_min_px and _within(c.det, h.det)
              and decide(h.probs, h.pips, p, h.det.size).value is None]
    if not around:
        return False
    doubt = doubts.face_doubt(img, c.det, 1, None, p.min_body_contrast)
    if doubt is None:
        return False
    return any(faceread.candidate_top_face(img, h).square
               or (doubt == "not_d6" and _reads_one(h, p)) for h in around)


def _reads_one(c: Candidate, p: VisionParams) -> bool:
    """The face classifier's turned crops of ``c`` all give 1 or "no readable die"
    (class 0), their mean probability together at least ``p.read_threshold``: what it
    makes of a numeral die. The first classifier (2026-11-29) read the numeral die of
    blind seed 8282 as 1 (0.8..0.99); the ensemble shipped since the thirty-second
    pass, one of whose members was trained on the kinds' numeral dice as no die, gives
    it 0.62 no die and 0.34 a 1."""
    probs = c.probs.mean(axis=0)
    return (float(probs[0] + probs[1]) >= p.read_threshold
            and bool(np.all(c.probs.argmax(axis=1) <= 1)))


#: :func:`read_dice`: a detection whose crop looks smeared (:func:`vision.quality.smear`)
#: and whose centre is this share or more of bare floor
#: (:attr:`vision.topface.Body.floor_share`) is no die still moving but the floor: a
#: patch of a polka cloth between two dice (0.51, blind seed 9494 of the kinds), the
#: dice's outlines running one way across it. Smeared dice of the kinds show
#: 0.00..0.16 (the highest a die of 335 px with a finger over it).
SMEAR_FLOOR = 1 / 3
#: :func:`read_dice`: a detection that looks smeared, with no value read, whose box is
#: the floor in a shadow (:func:`vision.topface.floor_in_shadow`) is no die still
#: moving but a die's shadow over a polka cloth, its dots crossing it (blind seed
#: 43330, ``polka-003``: reported as a die cut off by the frame's top edge; a switch
#: for the tests).
SHADOW_NOT_SMEAR = True
#: :func:`read_dice`: a detection that looks smeared, whose value the classifier read
#: but a hand's skin colour put in doubt (:func:`vision.doubts.face_doubt`: ``"hand"``), and in
#: which no top face is found at all, is no die still moving: a wooden tray's corner,
#: its grain taken for smear and its wood for skin, a speck of lint on the floor
#: beside it read as a 1 (blind seed 47875, ``empty-lint-015``: an empty tray
#: reported as holding a blurred die). Of 169 dice reported blurred on the
#: development seeds none is so, nor of 9481 on the smear, finger and empty tray
#: kinds of blind seeds 30099..47875: the 44 of them a hand put in doubt all show a
#: top face, and none of the 240 smeared dice whose top face is lost has a hand
#: doubting it. A switch for the tests.
SMEAR_HAND_NO_FACE = True
#: :func:`read_dice`: a large detection cut by the frame's edge (or the calibrated
#: tray's) whose top face is not found is no die, even where a die beside it gives
#: its box contrast (blind seed 44845, ``polka-017``: a polka cloth's four dots at the
#: top edge beside a white 3, read as a 4 and reported as a die cut off). Of 72 real
#: dice reported cut off on the development seeds and blind seeds 41209..45451, 71
#: showed their top face; the other is now missed (the throw stops on its count).
#: A switch for the tests.
CUT_NO_FACE = True
#: :data:`CUT_NO_FACE` also where the "top face" found in the cut-off box is no square
#: and larger than the box itself: the floor, its pattern and a die's shadow
#: segmented as one region, not a die's face, which lies within its box (blind seed
#: 138470 ``polka-000``, looked at: a yellow polka cloth at the left edge, in the
#: shadow of a white 3, boxed at 184 px; the region found there 231 px, five-cornered,
#: reported as a die cut off). False: off.
CUT_FACE_OVER_BOX = True


def _no_face_of_its_own(img: NDArray[np.uint8], d: Detection, cut: bool) -> bool:
    """No top face stands apart in the box ``d`` (:func:`vision.topface.find_top_face`),
    or, where the box is cut off by the frame's edge (``cut``), the one found is no
    square and larger than the box (:data:`CUT_FACE_OVER_BOX`)."""
    t = find_top_face(img, d.x, d.y, d.size)
    return not t.found or (CUT_FACE_OVER_BOX and cut and not t.square and t.side > d.size)


#: :func:`read_dice`: a large detection read with a value whose box is the floor in a
#: shadow (:func:`vision.topface.floor_in_shadow`) is no die either, as one left
#: unread is (blind seed 47673, ``polka-011``: a white die's square shadow over a
#: lilac polka cloth, four of its dots read as a 4 by the classifier and the pips'
#: layout alike), where the top face found there has pips darker than itself and is
#: no whole square showing the value (:func:`_shadow_pips`): a dark grey die with
#: light pips on a floor of its hue, lighter, is the floor's colour darkened alike
#: too (a synthetic test's 2 on a pink floor, lost to a first draft). Of 1337 dice
#: read right on 450 synthetic scenes of random colours it loses one, a grey die
#: with dark pips on a lighter floor of its hue (missed). Of 1511 large
#: dice read with a value on the development seeds, both photo folders and
#: ``../shared/vision-cases``, none is the floor in a shadow, nor of 18444 on blind
#: seeds (every kind of 45552..47875, the polka kind of 30099..47875). A switch for
#: the tests.
SHADOW_WITH_VALUE = True

#: :func:`_shadow_pips`: in a box that is the floor's colour darkened alike, a top face
#: found that is no square and shows no pip at all is the floor too: the "pips" read
#: lie off it, on the cloth (blind seed 106859 `polka-003`, looked at: a pink polka
#: cloth in the shadow between three white dice, four of its dots read as a 4, the
#: face found there a round patch without pips). A square face is asked to show none
#: as well: a dark grey die with light pips on a pink floor, lighter, shows a square
#: face whose light pips the top face's search does not take (a synthetic test's 2,
#: lost to a first form that asked no pip alone). False: off.
SHADOW_FACE_NO_PIPS = True

#: :func:`_shadow_pips`: in a box that is the floor's colour darkened alike, where no
#: top face stands apart at all (:func:`vision.topface.find_top_face` finds none), the
#: "pips" read are marks on the floor in a die's shadow: a die has a face of its own.
#: Blind seed 209771 `numerals-text-011` (looked at, sixtieth pass): a row of five
#: printed grey dots on a green felt in a white die's shadow, three of them boxed at
#: 158 px and read as a 3 (the classifier 0.92, their layout agreeing). False: off.
SHADOW_NO_FACE = True

#: :func:`read_dice`: the one die read in a frame, under ``VisionParams.strict_min_px``
#: and read by the classifier alone (no pip layout seen), keeps its value only where
#: its box shows a d6's top face (:func:`vision.doubts.d6_face_seen`); else it is unreadable. No
#: other die read confirms its size (the dice of a throw are one size), and such a
#: read was a piece of a larger thing the detector missed: the side face of a red 4
#: under a finger read as 6 (blind seed 31109 `finger-019`), the "5" on a numeral
#: die's side face read as 1 (31210 `numerals-text-008`); on three fresh blind seeds
#: it took away the one wrong value (a polka scene). The development scenes have no
#: small read of this kind; of the photo folders' dice, one of rune55's held-out part
#: is read alone (a 4, now unreadable). A real lone small die (a roll-off's one die,
#: far from the camera) showing no face found is then re-thrown. Not with a
#: calibrated die size, which sizes it, nor for a die of :data:`LONE_FRAME_SHARE` of
#: the frame's long side or more (a crop round one die, the demo's photos: a die's
#: piece is small in a camera's frame, 3..4 % of it in both). False: off.
LONE_SMALL_FACE = True
#: :data:`LONE_SMALL_FACE` applies to a die under this share of the frame's long side.
LONE_FRAME_SHARE = 0.1
#: :data:`LONE_SMALL_FACE` takes the value of a lone small 1 too whose pip check
#: agreed, where the top face found in its box is no square
#: (:func:`vision.topface.find_top_face`): one blob is all a 1's layout asks, and a
#: numeral's stroke or loop is one. Blind seed 215629 `numerals-text-008` (looked at,
#: sixty-first pass): the "4" on the grey side face of a numeral die of about 130 px,
#: boxed alone at 41 px (the detector found no other die in the frame), its crop one
#: pip-like blob beside the numeral's loop, read as 1 (the classifier 0.86); the face
#: found there has five corners and is no square. Asked as :data:`LONE_SMALL_FACE`
#: asks (no d6 face seen) it also took the value of two real lone 1s of the
#: development scenes, one whose face was not found, one whose pip the face's search
#: counted as a mark. It also takes, a second guard, the values of three numeral
#: misreads fixed before by other checks (blind seeds 5959 and 8282, a "6"'s loop,
#: and 106253, a "9"'s: `tests/vision/test_vision_face_doubt.py`). On the photo
#: folders, the vision cases and the development scenes no reading changed. False: off.
LONE_ONE_FACE = True


def _unsquare_face(img: NDArray[np.uint8], d: Detection) -> bool:
    """:data:`LONE_ONE_FACE`: a top face is found in ``d``'s box
    (:func:`vision.topface.find_top_face`) and it is no square."""
    t = find_top_face(img, d.x, d.y, d.size)
    return t.found and not t.square


#: :func:`read_dice`: a lone small read that :data:`LONE_SMALL_FACE` leaves without a
#: value is then held, as any detection under ``VisionParams.strict_min_px`` read with
#: no value, to ``VisionParams.unread_min_prob``: where the classifier was unsure of
#: the value it named, no die (lint or a speck more often than a die). The check on
#: small unread dice came before the value was taken away, so it let these through: a
#: tangle of lint on an empty dice box's dark floor read as a 2 (15 px in a frame of
#: 600, 0.85; blind seed 36361 `empty-lint-005`, looked at) was an unreadable die, an
#: invented one. On the 68 blind seeds 30099..36866 of the kinds and the development
#: seeds 50001..50003, two more lone reads lost their value so, both pieces of real
#: dice that are now missed rather than unreadable: a 2's side face on a polka cloth
#: (38 px, 0.91) and a 4's side face, the 4 under a finger (52 px, 0.90). With the
#: older lint rules off, it alone keeps out four of six lint and crumb scenes their
#: tests show (`tests/vision/test_vision_dark_floor.py`). False: off.
LONE_DOUBT_DROPS = True
#: :func:`read_dice`: a lone small read that :data:`LONE_SMALL_FACE` leaves without a
#: value is no die, whatever the classifier's confidence, where its box's crop shows no
#: pip-like blob at all (:attr:`vision.face.PipCheck.pips` 0) and no other detection
#: of the frame is taken for a die by the classifier. A crumb by an empty dice box's
#: wooden wall (16 px in a frame of 600, read as 6 at 0.96 by the classifier alone,
#: its crop showing only glare and a blob too large for a pip; blind seed 67469
#: `empty-lint-015`, looked at) was an unreadable die, an invented one: the confidence
#: was over ``VisionParams.unread_min_prob``. A first form, without the frame's other
#: detections, also dropped a real die of a rune55 photo, unreadable to missed (six
#: more dice there, each unread, show no pip on their crops either). On 5179 images
#: (both photo folders, ``../shared/vision-cases``, the development seeds
#: 50001..50007 and every kind of the blind seeds 45047..47067) it never fires.
#: False: off.
LONE_NO_PIPS = True
#: :data:`LONE_NO_PIPS` also where the crop shows one pip-like blob and the value the
#: classifier named was 2 or more: one blob is no 2 to 6, so nothing on the crop bears
#: the value out. A fibre of lint on an empty box's black sandpaper (15 px in a frame
#: of 600, read as 6 at 0.93 by the classifier alone, one blob on its crop; blind seed
#: 114434 `empty-lint-005` rendered and read on OpenCV 4.10, looked at; 5.0's crop
#: showed no blob) was an unreadable die, an invented one. False: off.
LONE_ONE_BLOB = True

#: :func:`read_dice`: a small detection left with no value is no die, however sure
#: the classifier that it is a die, where its box's crop shows no pip-like blob and
#: it is the one detection of the frame taken for a die (as :data:`LONE_NO_PIPS` for
#: a lone small read): a tangle of lint fibres on an empty box's black sandpaper,
#: 15 px, "a die" at 0.94 (over ``VisionParams.unread_min_prob``), was reported as
#: an unreadable die (blind seed 81104 `empty-lint-015`, looked at). False: off.
LONE_UNREAD_NO_PIPS = True
#: :func:`read_dice`: a small detection (under ``VisionParams.strict_min_px``) left
#: unread, or read but under this share of the median size of the dice read in the
#: frame, is no die where it is a grid of a polka cloth's dots (:func:`vision.dots.dot_grid`: the
#: colour at its box's centre goes on past the box on three sides or more, and no top
#: face stands apart), as an even value read there beside large dice already is. A 23
#: px box among a light cloth's small black dots, between dice of 17..27 px, "a die"
#: at 0.95 with no value, was reported as an unreadable die (blind seed 117464
#: `scale-038`); a 12 px box on a dark cloth's fine grid of white dots, among dice of
#: 21..34 px, was read as 5 (blind seed 119585 `scale-020`; both looked at). Read dice
#: of a frame's own size are left: white dice on the light floor of nell-byler-d6's
#: photos measure as the floor there (asking every small read lost 11 right reads on
#: the first five of its photos it changed, and one of 200 development scenes). 0: off.
SMALL_GRID = 0.6
#: :data:`SMALL_GRID` asks a small read cut off by the frame's (or the tray's) edge too
#: where its box is larger than the median of the dice read in the frame: a die cut
#: off shows no more than its whole, its value is dropped there anyway, and a polka
#: cloth's dots at the edge were reported as a die cut off by it (blind seed 146047
#: `scale-022`, looked at in the sixtieth pass: four dots at the frame's top edge
#: boxed at 58 px, the dice read there 36..47 px, read as 4). Asked of every cut-off
#: read, it dropped a white die of 32 px at a nell-byler-d6 photo's edge (the light
#: floor measures as its face: :data:`SMALL_GRID`). False: off.
CUT_GRID = True


#: :func:`read_dice`: a large detection given a value whose box's centre is the
#: floor's colour (:attr:`vision.topface.Body.floor_contrast` under
#: :data:`FLOOR_READ_NEAR`) and whose top face found is no whole square is no die: a
#: patch of a polka cloth walled in by dice on three sides (so that the cloth goes on
#: past its box on too few sides for :func:`vision.dots.dot_grid`), four of its dots read as a 4
#: (157 px, the box's centre 1.1 from the floor's colour, the "face" found no square;
#: blind seed 74135 `polka-017`, looked at). A die of the floor's colour is kept where
#: its top face stands out as a whole square, found by the pip check (its colour held
#: closer) or here: a white 4 on a white polka cloth (blind seed 73529 `polka-005`,
#: looked at), whose face only the closer colour found, was lost to a first form that
#: looked here alone. False: off.
FLOOR_READ = True
FLOOR_READ_NEAR = 8.0


def _floor_read(img: NDArray[np.uint8], d: Detection, floor: NDArray[np.float32]) -> bool:
    """:data:`FLOOR_READ`: ``d``'s box centre is within :data:`FLOOR_READ_NEAR` (Lab)
    of the floor's colour (``floor``, :func:`vision.topface.floor_colour`) and its
    top face found (:func:`vision.topface.find_top_face`) is no whole square."""
    if body_contrast(img, d.x, d.y, d.size, floor).floor_contrast >= FLOOR_READ_NEAR:
        return False
    t = find_top_face(img, d.x, d.y, d.size)
    return not (t.found and t.square and t.whole)


#: :func:`read_dice`: two large detections left unread (no value, no flag) whose
#: boxes meet are one die where a top face found between them
#: (:func:`vision.topface.find_top_face` at their midpoint, sized by both boxes) is a
#: whole square larger than either box with both centres on it, within
#: :data:`ON_FACE` of its side from its centre along both of its edges (as
#: :func:`_on_face` takes a misplaced box for the die it lies on): the one with the
#: lower confidence goes. A white 2 of about 210 px on a black polka cloth was
#: boxed twice at 130 px, round one pip each, and reported as two unreadable dice
#: (blind seed 86154 `polka-001`, left since the fortieth pass); the face found
#: between the boxes is a whole square of 159 px. Two real dice show no one square
#: face round both centres. False: off.
ONE_FACE_TWO_BOXES = True


def _one_face_two_boxes(img: NDArray[np.uint8], a: Detection, b: Detection,
                        p: VisionParams) -> bool:
    """:data:`ONE_FACE_TWO_BOXES`: ``a`` and ``b``, both at least ``p.strict_min_px``,
    boxes meeting, lie on one whole square top face larger than either box."""
    if min(a.size, b.size) < p.strict_min_px:
        return False
    reach = 0.5 * (a.size + b.size)
    if abs(a.x - b.x) >= reach or abs(a.y - b.y) >= reach:
        return False
    t = find_top_face(img, 0.5 * (a.x + b.x), 0.5 * (a.y + b.y),
                      math.hypot(a.x - b.x, a.y - b.y) + reach)
    return (t.found and t.square and t.whole and t.side > max(a.size, b.size)
            and all(_along_edges(t, d.x, d.y) < ON_FACE * t.side for d in (a, b)))


#: :func:`read_dice`: two detections that both look smeared (a ``blurred`` problem
#: each) are boxes on one die's streak where their centres lie closer than this share
#: of their mean box side and the step from one to the other runs along the motion
#: each box's crop shows (:func:`vision.quality.smear_direction`), within
#: :data:`SMEAR_ALONG`: the one with the lower confidence goes. Two dice lie apart:
#: the discs inscribed in their top faces cannot overlap, so their centres are at
#: least the mean of their faces' sides apart, and a face's side is at least its box's
#: over the square root of 2 (a face turned 45 degrees), the share here; but a
#: smeared die's box takes in its streak, so two dice sliding side by side can lie
#: closer than that share of their boxes, never along their motion. A black 6 of about
#: 300 px smeared across a green felt was boxed twice at 129 and 134 px, centres 87
#: px apart, 19..27 degrees off its streak, and reported as two blurred dice, one
#: invented (blind seed 228961 `smear-006`, looked at, sixty-third pass); a red die
#: and a blue one sliding side by side, boxed at 188 and 208 px, centres 134 px apart,
#: lie 80 degrees off their streaks (blind seed 221487 `smear-007`, looked at: without
#: the direction, the rule took them for one). Either way the throw is pressed again
#: (the dice were still moving). 0: off.
SMEAR_TWO_BOXES = 1 / math.sqrt(2)
#: :data:`SMEAR_TWO_BOXES`: the most, in degrees, that the step between two boxes may
#: turn from the motion of each: nearer along it than across it. The motion found
#: errs by up to 15 degrees on a drawn face smeared 25 px, 23 on one smeared 13 px (a
#: square's own edges pull it towards the square's diagonals).
SMEAR_ALONG = 45.0


def one_smear_two_boxes(a: Detection, b: Detection, motion_a: float, motion_b: float
                        ) -> bool:
    """:data:`SMEAR_TWO_BOXES`: the centres of ``a`` and ``b`` (smeared detections, px)
    lie closer than that share of their mean box side, and the step between them
    turns at most :data:`SMEAR_ALONG` from ``motion_a`` and from ``motion_b`` (each
    box's direction of motion, degrees 0..180: :func:`vision.quality.
    smear_direction`): two boxes along one die's streak.

    >>> a, b = Detection(386, 450, 129, 0.6), Detection(426, 527, 134, 0.5)
    >>> one_smear_two_boxes(a, b, 85.0, 85.0), one_smear_two_boxes(a, b, 0.0, 0.0)
    (True, False)
    >>> one_smear_two_boxes(Detection(100, 100, 129, 0.6), Detection(229, 100, 129, 0.5),
    ...                     0.0, 0.0)
    False
    """
    if not (math.hypot(a.x - b.x, a.y - b.y) < SMEAR_TWO_BOXES * 0.5 * (a.size + b.size)):
        return False
    step = math.degrees(math.atan2(b.y - a.y, b.x - a.x)) % 180.0
    return all(min(abs(step - m) % 180.0, 180.0 - abs(step - m) % 180.0) <= SMEAR_ALONG
               for m in (motion_a, motion_b))


def die_smear_direction(img: NDArray[np.uint8], d: Detection) -> float:
    """:func:`vision.quality.smear_direction` of the crop :func:`die_smear` measures:
    the direction (degrees 0..180) in which the die ``d`` slid. ``img``: H x W x 3
    uint8 BGR."""
    return smear_direction(_smear_crop(img, d))


def _one_of_each_pair(entries: list[tuple[Die, str]], boxes: dict[int, Detection],
                      same: Callable[[Detection, Detection], bool]
                      ) -> list[tuple[Die, str]]:
    """``entries`` (die, flag) less the less confident die of each pair of dice whose
    detections (``boxes``, by id of the die) ``same`` takes for one die's two boxes
    (:data:`ONE_FACE_TWO_BOXES`, :data:`SMEAR_TWO_BOXES`)."""
    pairs = [(x, y) for i, (x, _) in enumerate(entries) for y, _ in entries[i + 1:]
             if id(x) in boxes and id(y) in boxes]
    gone = {id(min(pair, key=lambda dd: dd.confidence)) for pair in pairs
            if same(boxes[id(pair[0])], boxes[id(pair[1])])}
    return [e for e in entries if id(e[0]) not in gone]


def _alone_without_pips(fr: FaceRead, dice_like: int) -> bool:
    """:data:`LONE_NO_PIPS` and :data:`LONE_UNREAD_NO_PIPS`: the box's crop of a small
    detection showed no pip, and ``dice_like`` (the frame's detections the classifier
    took for dice) is 1; or, with :data:`LONE_ONE_BLOB`, it showed one blob where the
    classifier named a value of 2 or more."""
    blobs = 1 if LONE_ONE_BLOB and (fr.value or 0) >= 2 else 0
    return fr.pips_seen is not None and fr.pips_seen <= blobs and dice_like == 1


#: :func:`_on_face`: a detection whose centre lies within this share of the side of
#: a larger die's top face, from its centre along both of its edges, is that die.
ON_FACE = 0.4


def _on_face(img: NDArray[np.uint8], c: Candidate, k: Candidate, i: int,
             faces: dict[int, TopFace], p: VisionParams) -> bool:
    """``c`` is the die ``k`` (kept before it) found again, its box misplaced: ``k`` is
    a large die (``p.strict_min_px``) whose box meets ``c``'s, and ``c``'s centre lies
    on ``k``'s top face (:func:`vision.topface.find_top_face`, a square), within
    :data:`ON_FACE` of its side from the face's centre along both of its edges. Two
    real dice cannot lie so: their faces do not overlap, so the centre of the one is
    at least a side from the other's, at least 0.7 of a side along one edge. (The
    two looks' boxes of one large die on a polka cloth, each shifted by a third of it
    towards a corner, are further apart than :func:`_overlap` allows.) ``faces``
    holds the top faces found so far, by ``k``'s index ``i``."""
    a, b = c.det, k.det
    if b.size < p.strict_min_px or a.size < 0.6 * b.size:
        return False  # a smaller one inside k's box is _within's
    reach = 0.5 * (a.size + b.size)
    if abs(a.x - b.x) >= reach or abs(a.y - b.y) >= reach:
        return False
    if i not in faces:
        faces[i] = faceread.candidate_top_face(img, k)
    t = faces[i]
    if not (t.found and t.square):
        return False
    return _along_edges(t, a.x, a.y) < ON_FACE * t.side


def _along_edges(t: TopFace, x: float, y: float) -> float:
    """How far the point ``(x, y)`` lies from the centre of the top face ``t`` along
    its edges, the farther of the two (px)."""
    ang = math.radians(t.angle)
    dx, dy = x - t.center[0], y - t.center[1]
    return max(abs(dx * math.cos(ang) + dy * math.sin(ang)),
               abs(-dx * math.sin(ang) + dy * math.cos(ang)))


def die_size_evidence(cands: list[Candidate], p: VisionParams,
                      img: NDArray[np.uint8] | None = None) -> float | None:
    """Median box size (px) of the candidates read with confidence, or ``None``.

    Only a face the classifier reads (four turns agree, probability over the read
    threshold, pips not against it) counts: lint, crumbs and pips are detected as
    small "dice" but are not read, so they cannot pull the estimate down. Where some
    of those reads are confirmed by their pip layout, only those count (printed
    letters can look like a 1 to the classifier, not to the layout fit). Reads under
    half the size of the largest one do not count either (the dice of one throw are
    one size; a speck or a side face read as a small die would pull the estimate down),
    but, given the frame ``img`` (H x W x 3 uint8 BGR), one whose top face is half the
    largest one's top face or more does (:data:`EVIDENCE_TOP_FACES`).
    """
    reads = [(c, decide(c.probs, c.pips, p, c.det.size)) for c in cands]
    counted = [c for c, fr in reads if fr.value is not None]
    pipped = [c for c, fr in reads if fr.value is not None and fr.pip_check == "agrees"]
    if pipped:
        counted = pipped
    if not counted:
        return None
    # the dice of a throw are one size: a read under half the largest one is a speck
    # or a side face of a die read as a small die, and does not count
    big = max(counted, key=lambda c: c.det.size)
    return float(np.median([c.det.size for c in counted if c.det.size >= 0.5 * big.det.size
                            or (img is not None and EVIDENCE_TOP_FACES
                                and _half_the_face(img, c, big))]))


#: :func:`die_size_evidence` measures a read under half the largest read's size by
#: the top faces of both: a box can take in a die's side faces and shadow and run
#: half again the die's size (a 1 on a polka cloth boxed at 298 px by a coarser look,
#: its top face 167 px, beside a 6 of 123 px whose top face is 101 px: the 6 did not
#: count, the dice size was taken as 298 px, and three dice of 120..140 px the coarser
#: looks had found were left out as too small; development seed 50002
#: ``polka-007``). On the 68 blind seeds 30099..36866 of the kinds the dice size
#: changed in 215 of 13600 scenes (106 polka, the rest polyhedra, very rounded,
#: numeral and specks scenes) and the reading in one: a polka scene, 2 more dice
#: right; the development seeds 50001..50007, the same one scene above. False: off.
EVIDENCE_TOP_FACES = True


def _half_the_face(img: NDArray[np.uint8], c: Candidate, big: Candidate) -> bool:
    """Both candidates' top faces (:func:`vision.faceread.candidate_top_face`) are found and
    square, and ``c``'s
    side is half ``big``'s or more: one size of die, whatever their boxes."""
    t, tb = faceread.candidate_top_face(img, c), faceread.candidate_top_face(img, big)
    return t.found and t.square and tb.found and tb.square and t.side >= 0.5 * tb.side


def _shrink(fine: NDArray[np.uint8], w: int, h: int, long_side: int) -> NDArray[np.uint8]:
    """The frame (``w`` x ``h`` px) at ``long_side`` px, made from its larger copy
    ``fine`` (area-averaged: the same as :func:`vision.model.resize_long` of the frame,
    to a fraction of a grey level, at a fraction of the cost)."""
    scale = long_side / max(h, w)
    size = (max(round(w * scale), 16), max(round(h * scale), 16))
    return np.asarray(cv2.resize(fine, size, interpolation=cv2.INTER_AREA), np.uint8)


#: Detections from this size (px) up are looked at, though only those from
#: ``VisionParams.min_die_px`` up are reported (:func:`read_dice`): where the full-size
#: look sees a large die only as its pips, 10 px "dice" that get no value, they are
#: what makes the half-size look run and find the die.
LOOK_MIN_PX = 10.0


def find_candidates(
    img: NDArray[np.uint8], cal: Calibration, p: VisionParams
) -> list[Candidate]:
    """Detect the dice, classify each crop, check its pips (no decision yet).

    With a calibrated die size: the same two looks as without, at the scale that puts
    a die's box at :data:`CAL_BOX_PX` and half of it, only boxes of 0.6..2.4 die sizes
    (a die turned 45 degrees with its shadow spans 1.7 of its face), and no guessing:
    no closer look, no size estimate. Without: the detector at
    ``p.detect_long_side_px`` and half of it (a die the full-size look found and
    read is not read again from the half-size one). The half-size look is there for
    large dice whose pips the full-size look takes for small dice, or misses; of its
    detections under 40 px (at the full-size look's scale) it takes only those under
    ``p.strict_min_px`` and of 0.5..2 times the size of the dice the full-size look
    read (:func:`die_size_evidence`): dice of 30..45 px in a 640 px photo, which the
    full-size look misses or sizes too small to read, are found there; where the
    full-size look read nothing, small detections of the half-size look (a polka-dot
    cloth's dots, specks) have nothing to confirm their size and are not taken. It is
    skipped when the full-size look found something and read every detection it found
    (on the held-out photos and the bench's throws it then never added a die), unless
    the dice it read are as small as those that call for the closer look
    (:data:`TINY_READS_LOOK_AGAIN`: a large die's side faces read as small 6s); a
    detection it dropped as a floor speck (:func:`not_specks`) was not read: the dots
    of a polka cloth, found around large dice the full-size look misses. With the
    half-size look comes the quarter-size one (at least 128 px), for dice of a third
    of the frame and more (:data:`BIG_LOOK_MIN`), and where that finds no die's top
    face, one more at :data:`BIGGEST_LOOK_PX`; a die they find with a top face takes
    the place of what the other looks found inside it, and their smaller detections,
    at the size of the dice read (where none was read, from ``p.strict_min_px`` up),
    are taken where they show a d6's top face and no candidate lies
    (:func:`_at_size_read`: dice among a polka cloth's dots). If the
    dice read with confidence are small at that scale (under 18 px), or nothing reads
    and the detections are small, a closer look (up to 1024 px) is added; the looks are
    merged (:func:`merge_looks`) and detections under 0.5 or over 2 times the confident
    dice's size are dropped, but for large dice read with their pips agreeing
    (:func:`_read_by_pips`) or read by their pips and top face (:func:`_read_by_two_checks`).
    """
    h, w = img.shape[:2]
    if cal.die_size_px is not None:  # the scale that puts a die's box at CAL_BOX_PX
        want = CAL_BOX_PX / (cal.die_size_px * 1.2) * max(h, w)
        long_side = int(min(max(round(want / 32) * 32, 128), 1536))
        lo, hi = cal.die_size_px * 0.6, cal.die_size_px * 2.4
        coarse_min = 0.0
    else:
        long_side = p.detect_long_side_px
        lo, hi = min(p.min_die_px, LOOK_MIN_PX), p.max_die_px
        coarse_min = 40.0
    scale = long_side / max(h, w)
    spare: list[Detection] = []  # the big looks' detections under BIG_LOOK_MIN
    large: list[Detection] = []  # and from BIG_LOOK_MIN up, taken as dice or not
    half_big: list[Detection] = []  # the half-size look's, from p.strict_min_px up
    fine_img = resize_long(img, long_side)
    floor = floor_colour(fine_img)
    found = [d for d in detect(img, long_side, p.detect_threshold, fine_img) if lo <= d.size <= hi]
    cands = check_candidates(img, not_specks(img, found, p, floor), p)
    # a die the full-size look read is not read again from the half-size look
    read = [c.det for c in cands if decide(c.probs, c.pips, p, c.det.size).value is not None]
    # large dice, whose pips the first look may take for dice: only where the first
    # look leaves a doubt (something found and not read, a floor speck included: the
    # dots of a polka cloth around large dice; or nothing found)
    if p.two_scales and (not cands or len(read) < len(found) or (
            TINY_READS_LOOK_AGAIN and cal.die_size_px is None and read
            and (tiny := die_size_evidence(cands, p)) is not None
            and tiny * scale < TINY_READS_LOOK_AGAIN)):
        half = max(128, (long_side // 2) // 32 * 32)
        coarse_img = _shrink(fine_img, img.shape[1], img.shape[0], half)
        # its smaller detections only at the size of the dice the first look read,
        # and only small dice (a large die's value rests on its pips, which a second
        # crop of about the same size does not change)
        ref = die_size_evidence(cands, p) if read else None
        coarse = [d for d in detect(img, half, p.detect_threshold, coarse_img)
                  if (d.size * scale >= coarse_min
                      or (ref is not None and 0.5 * ref <= d.size <= 2.0 * ref
                          and d.size < p.strict_min_px))
                  and lo <= d.size <= hi and not any(_same_die(d, r) for r in read)]
        cands += check_candidates(img, not_specks(img, coarse, p, floor), p)
        half_big = [d for d in coarse if d.size >= p.strict_min_px]
        quarter = max(128, (half // 2) // 32 * 32)
        if cal.die_size_px is None and quarter < half:
            # dice of a third of the frame or more (a camera close over a small box):
            # too large for the half-size look, which finds their pips and side faces
            big_img = _shrink(coarse_img, img.shape[1], img.shape[0], quarter)
            looks = (quarter, BIGGEST_LOOK_PX) if max(h, w) >= BIGGEST_LOOK_MIN_FRAME else (
                quarter,)
            for look in looks:
                look_img = big_img if look == quarter else _shrink(
                    big_img, img.shape[1], img.shape[0], look)
                found_big = detect(img, look, p.detect_threshold, look_img)
                big = [d for d in found_big
                       if d.size * scale >= BIG_LOOK_MIN and d.size <= hi
                       and not any(_same_die(d, r) for r in read)]
                spare += [d for d in found_big if d.size * scale < BIG_LOOK_MIN]
                large += [d for d in found_big if d.size * scale >= BIG_LOOK_MIN]
                faces = 0
                for c in check_candidates(img, not_specks(img, big, p, floor), p):
                    if decide(c.probs, c.pips, p, c.det.size).not_a_die:
                        continue
                    t = find_top_face(img, c.det.x, c.det.y, c.det.size)
                    if t.found and t.square:
                        # a d6's top face: what the other looks found inside its box
                        # are its pips and side faces, read or not
                        cands = [k for k in cands if not _inside_die(k.det, c.det, t.side)]
                        faces += 1
                    cands.append(c)
                if faces:
                    break
    cands = without_small_reads(img, merge_looks(cands, p, img), p)
    if cal.die_size_px is not None:
        return cands  # no guessing: no closer look, the size known
    if spare or half_big or large:  # a side face of a die the coarser looks found, read
        cands = without_parts_of_larger_dice(img, cands, spare, p, half_big, large)
    size = die_size_evidence(cands, p, img)
    if spare:
        extra = _at_size_read(img, spare, cands, size, p, floor)
        if extra:
            cands = without_small_reads(img, merge_looks(cands + extra, p, img), p)
            size = die_size_evidence(cands, p, img)
    smallest = size if size is not None else (
        float(np.median([c.det.size for c in cands])) if cands else None)
    if smallest is not None and smallest * scale < 18.0 and long_side < 1024 < 2 * max(h, w):
        closer = int(min(round(long_side * 28.0 / (smallest * scale) / 32) * 32, 1024))
        more = not_specks(img, [
            d for d in detect(img, closer, p.detect_threshold)
            if lo <= d.size <= p.max_die_px
            and not any(_overlap(d, c.det) for c in cands
                        if decide(c.probs, c.pips, p, c.det.size).value is not None)], p, floor)
        cands = without_small_reads(
            img, merge_looks(cands + check_candidates(img, more, p), p, img), p)
        size = die_size_evidence(cands, p, img)
    if size is not None:
        cands = [c for c in cands if 0.5 * size <= c.det.size <= 2.0 * size
                 or _read_by_pips(c, p) or _read_by_two_checks(img, c, p)
                 or (TOP_FACE_SIZE and c.det.size > 2.0 * size
                     and _top_face_within(img, c, 2.0 * size))]
    return cands


#: :func:`find_candidates`: where the full-size look read every detection it found,
#: the half-size look is still taken when the dice it read are this small at its
#: scale (px), as small as those that call for the closer look: a large die's side
#: faces, their pips seen edge-on in strips, read as small 6s where the full-size look
#: missed the die (blind generator seeds 163419 `scale-018`, a green 3 of 106 px in a
#: 640 px frame, and 158975 `scale-000`, a black 3 of 180 px, looked at: read as two
#: 6s of 20 and 30 px, a wrong value and an invented die each). The closer look costs
#: more than the half-size one. 0: off.
TINY_READS_LOOK_AGAIN = 18.0


#: The die-size filter of :func:`find_candidates` measures a box over twice the
#: size of the dice read by its top face (a switch for the tests).
TOP_FACE_SIZE = True


def _top_face_within(img: NDArray[np.uint8], c: Candidate, most: float) -> bool:
    """The candidate's top face (:func:`vision.faceread.candidate_top_face`) is found and its side
    is at most
    ``most`` px: a die seen obliquely, near the camera, has a box that takes in its
    side faces and its shadow, and can measure over twice the box of a die read
    further off while its top face does not."""
    t = faceread.candidate_top_face(img, c)
    return t.found and t.side <= most


#: :func:`without_parts_of_larger_dice` on (a switch for the tests that show what it
#: drops).
PARTS_OF_LARGER_DICE = True

#: :func:`without_parts_of_larger_dice`: a small read inside a larger die's box is
#: part of it up to this share of the box's size. The dice of a throw are one size;
#: a pile of dice on the photos, boxed as one by a coarser look, held real dice of
#: 0.35..0.48 of that box, a red 3's side faces read as small dice 0.18 and 0.21.
PART_OF_DIE = 0.3


def without_parts_of_larger_dice(img: NDArray[np.uint8], cands: list[Candidate],
                                 spare: list[Detection], p: VisionParams,
                                 half_big: list[Detection] | None = None,
                                 large: list[Detection] | None = None
                                 ) -> list[Candidate]:
    """Drop the small reads that are part of a larger die a coarser look found.

    A die near the camera whose top face the full-size look misses (a finger across
    it) can have its side faces' pips, seen edge-on in a strip, read as small dice by
    the classifier alone: a red 3 of 218 px under a finger, its side faces read as two
    6s of 39 and 46 px (blind seed 33836 of the finger kind, ``finger-000``: a wrong
    value and an invented die; and as the only dice read they set the size of the
    throw's dice, so that the two other dice, each under a finger, were dropped too).
    Such a read (a value with no pip layout agreeing, under ``p.strict_min_px``) goes
    where its centre lies inside the box of a detection of the coarser looks
    (``spare``: the quarter-size and smallest looks' detections under
    :data:`BIG_LOOK_MIN`, from ``p.strict_min_px`` up) of which it is at most
    :data:`PART_OF_DIE`, and that detection shows a d6's top face
    (:func:`vision.topface.find_top_face`: a square of one colour that stands apart
    from the floor around it). Nothing is added: the larger die is taken, or not, as
    any other (:func:`_at_size_read`). On both photo folders and
    ``../shared/vision-cases`` it drops nothing; on 8280 scenes of the kinds
    (development seeds 50001..50007, the blind seeds 30099..33836) it changed no count
    of right, wrong, unreadable, missed or invented dice but that scene's. A drop
    that changes no count can hide there: the "5" on a numeral die's side face (31210
    ``numerals-text-008``), unreadable before (:data:`LONE_SMALL_FACE`), now no die.

    The half-size look's detections from ``p.strict_min_px`` up (``half_big``) count
    too where a hand is over them (:func:`vision.hands.hand_share`,
    :data:`vision.hands.HAND_SHARE`) and their
    top face is found, square or not (:data:`PARTS_UNDER_A_HAND`): a finger across a
    red 2 of 200 px cut its top face to no square, and the half-size look, not the
    coarser ones, boxed it (232 px); its side faces' strips were read as two 6s of 36
    and 41 px (blind seed 35452, ``finger-014``, looked at in the thirty-ninth pass).

    A detection of either kind whose top face is not found at all counts where a hand
    is over its box (:func:`vision.hands.hand_over`, :data:`vision.hands.HAND_SHARE`;
    :data:`HAND_CUTS_FACE`), for the reads inside it that show a side face's strips
    (:attr:`vision.face.PipCheck.strips`): a finger along the whole top face of a red
    4 of 200 px left no face to find, and its side faces' strips were read as two 6s
    of 45 px (blind seed 41209, ``finger-003``, looked at in the forty-second pass).
    Without the strips, it dropped four small dice read right on a rune55 photo: a
    pile with orange and pink dice (skin-coloured) that the quarter-size look boxed.

    The quarter-size and smallest looks' detections from :data:`BIG_LOOK_MIN` up
    (``large``) count where every read inside them shows a side face's strips
    (:data:`LARGE_LOOK_STRIPS`).
    ``img``: the frame (H x W x 3 uint8 BGR).
    """
    if not PARTS_OF_LARGER_DICE:
        return cands

    def part_of(c: Candidate, d: Detection) -> bool:
        return _within(c.det, d) and c.det.size <= PART_OF_DIE * d.size

    small = [c for c in cands if c.det.size < p.strict_min_px
             and (fr := decide(c.probs, c.pips, p, c.det.size)).value is not None
             and fr.pip_check != "agrees"]
    if not small:
        return cands
    gone: set[int] = set()
    looks = [(d, False) for d in suppress(spare)]
    if PARTS_UNDER_A_HAND:
        looks += [(d, True) for d in suppress(half_big or [])]
    for d, by_hand in looks:
        if not p.strict_min_px <= d.size <= p.max_die_px:
            continue
        inside = [c for c in small if part_of(c, d)]
        if inside:
            t = find_top_face(img, d.x, d.y, d.size)
            if t.found and (hands.hand_share(img, d, t) >= hands.HAND_SHARE if by_hand
                            else t.square):
                gone |= {id(c) for c in inside}
            elif HAND_CUTS_FACE and not t.found:
                striped = [c for c in inside if c.pips is not None and c.pips.strips > 0]
                if striped and hand_over(img, d.x, d.y, d.size) >= hands.HAND_SHARE:
                    gone |= {id(c) for c in striped}
    if LARGE_LOOK_STRIPS:
        reads = [c for c in cands if id(c) not in gone
                 and decide(c.probs, c.pips, p, c.det.size).value is not None]
        for d in suppress(large or []):
            gone |= {id(c) for c in _side_faces_of(img, reads, d, p)}
    return [c for c in cands if id(c) not in gone]


#: :func:`without_parts_of_larger_dice` also drops the small reads inside a detection
#: of the quarter-size or smallest look from :data:`BIG_LOOK_MIN` up, taken as a die
#: or not (over ``VisionParams.max_die_px`` too), where every read inside its box
#: shows a side face's strips and no round pip, read with no pip layout agreeing,
#: and its top face is found, square or not (:func:`_side_faces_of`). A red 4 whose
#: top face was over a quarter of a 600 px frame, seen obliquely, was boxed too
#: large by the smallest look (403 px against 238, so not taken as a die; its top
#: face no square, the side faces of its colour beside it), and its side faces'
#: strips were read as two 6s of 44 and 47 px (blind seed 70095 `specks-005`, looked
#: at): a wrong value and an invented die, now no dice (the 4 is missed). A first
#: form that asked only the reads it drops to show strips dropped real small dice
#: on four rune55 photos, a pile boxed as one by the quarter-size look (2 right
#: reads lost): there other dice are read inside the box. On 5179 images (both
#: photo folders, ``../shared/vision-cases``, the development seeds 50001..50007
#: and every kind of the blind seeds 45047..47067) it never fires. A switch for the
#: tests.
LARGE_LOOK_STRIPS = True


def _side_faces_of(img: NDArray[np.uint8], reads: list[Candidate], d: Detection,
                   p: VisionParams) -> list[Candidate]:
    """:data:`LARGE_LOOK_STRIPS`: the reads inside ``d`` (of ``reads``, the candidates
    read with a value; :func:`_within`), where each of them is small (under
    ``p.strict_min_px`` and :data:`PART_OF_DIE` of ``d``), read with no pip layout
    agreeing, and shows a side face's strips and no round pip, and ``d``'s top face
    is found (:func:`vision.topface.find_top_face`); else none."""
    inside = [c for c in reads if _within(c.det, d)]
    if inside and all(c.det.size <= PART_OF_DIE * d.size and c.det.size < p.strict_min_px
                      and c.pips is not None
                      and c.pips.strips > 0 and c.pips.pips == 0
                      and decide(c.probs, c.pips, p, c.det.size).pip_check != "agrees"
                      for c in inside) and find_top_face(img, d.x, d.y, d.size).found:
        return inside
    return []
#: :func:`without_parts_of_larger_dice` asks the half-size look's large detections
#: with a hand over them too (a switch for the tests).
PARTS_UNDER_A_HAND = True
#: :func:`without_parts_of_larger_dice` also drops the small reads inside a larger
#: detection whose top face is not found at all where a hand is over its box (a
#: finger across the whole face of a red 4 of 200 px, its side faces read as two 6s
#: of 45 px: blind seed 41209, ``finger-003``; a switch for the tests).
HAND_CUTS_FACE = True


def _read_by_two_checks(img: NDArray[np.uint8], c: Candidate, p: VisionParams) -> bool:
    """``c`` is a large die (``p.strict_min_px`` and up) the classifier is unsure of
    that its pips and its top face read (:func:`vision.faceread.pip_read`): two checks give its
    value,
    as in :func:`_read_by_pips`, so the size of the other dice read does not drop it.
    A camera off vertical sees the nearer dice with their side faces: their boxes,
    which the size evidence is the median of, grow to twice a die's top face (a red 5
    of 119 px in a 600 px frame dropped beside a 4 of 280 px and a 3 of 219 px,
    on a development seed of the kinds)."""
    if c.det.size < p.strict_min_px:
        return False
    return faceread.pip_read(img, c, decide(c.probs, c.pips, p, c.det.size), p) is not None


def _read_by_pips(c: Candidate, p: VisionParams) -> bool:
    """``c`` is a large die (``p.strict_min_px`` and up) read with its pips agreeing:
    two checks read its value, so the size of the other dice read does not drop it (a
    die close to the camera, seen with its side faces, has a box twice the others')."""
    if c.det.size < p.strict_min_px:
        return False
    fr = decide(c.probs, c.pips, p, c.det.size)
    return fr.value is not None and fr.pip_check == "agrees"


def _at_size_read(img: NDArray[np.uint8], spare: list[Detection], cands: list[Candidate],
                  size: float | None, p: VisionParams, floor: NDArray[np.float32]
                  ) -> list[Candidate]:
    """The dice the quarter-size look (and the smallest) found under the size those
    looks take (:data:`BIG_LOOK_MIN`), at the size of the dice read (0.5..2 times
    ``size``, :func:`die_size_evidence`; where no die was read, ``None``: those of
    ``p.strict_min_px`` and up, whose values need their pips to agree) where no
    candidate lies: each one that shows a d6's top face
    (:func:`vision.topface.find_top_face`: a square of one colour that stands apart
    from the floor around it), read or not, or a top face found but no square where
    its pips agree with the value read (:data:`AT_SIZE_PIPPED`).

    On a polka-dot cloth the full-size and half-size looks take the cloth's dots for
    pips and find the dice lying among them only in part, or not at all (half of them
    missed on the kinds' polka scenes); the coarser looks, at which the dots blur into
    the cloth, find them whole at about the size of the dice read, but took only dice
    of a third of the frame. A patch of the cloth between dice is found at that size
    too, and its dots read as a 4: it shows no top face (its colour goes on past the
    box, or the dice's shadows cut it into no square), so it is not taken. Where
    a candidate lies is where one of a detection's size (0.6 of it and more) or one
    read lies: unread detections much smaller than it (the cloth's dots the finer
    looks found all over the dice) do not keep it out (on 10219 images 110 more
    right reads, 128 fewer missed, none wrong or invented, the photos unchanged).
    ``spare``: those looks' detections; ``cands``: the candidates so far; ``floor``:
    the frame's floor colour (:func:`vision.topface.floor_colour`)."""
    lo, hi = (p.strict_min_px, p.max_die_px) if size is None else (0.5 * size, 2.0 * size)
    def holds(c: Candidate, d: Detection) -> bool:  # a die, or part of one, lies there
        return _overlap(d, c.det) and (
            c.det.size >= 0.6 * d.size
            or decide(c.probs, c.pips, p, c.det.size).value is not None)

    near = [d for d in suppress(spare) if lo <= d.size <= hi
            and not any(holds(c, d) for c in cands)]
    out = []
    for c in check_candidates(img, not_specks(img, near, p, floor), p):
        t = faceread.candidate_top_face(img, c)
        if t.found and (t.square or (AT_SIZE_PIPPED and _read_by_pips(c, p))):
            out.append(c)
    return out


#: :func:`_at_size_read` also takes a die whose top face is found but is no square,
#: where the classifier reads it and its pips fit that value's layout
#: (:func:`_read_by_pips`): a white die on a dark polka cloth, its white side face
#: joined to its top face (development seeds 50004 ``polka-013``, a 6, and 50007
#: ``polka-009``, a 2: both missed). The patches of cloth between dice, read as 4s
#: with their dots for pips, show no top face at all. On the 68 blind seeds
#: 30099..36866 of the kinds, 22 scenes had such a die (21 polka, 1 specks), each a die
#: of the value read: 21 more right and one missed die now unreadable, no wrong value,
#: no invented die; the patches read as 4s there (9 scenes) had no top face. False: off.
AT_SIZE_PIPPED = True


def without_small_reads(img: NDArray[np.uint8], cands: list[Candidate],
                        p: VisionParams) -> list[Candidate]:
    """Drop the small reads beside large dice: the dice of a throw are one size.

    The large dice are those of ``p.strict_min_px`` and up that the face classifier
    calls a die and whose top face stands apart by colour as a square of at least 0.4
    of the box (:func:`vision.topface.find_top_face`), read or not (a finger or glare
    can withhold the value; a box over a cluster of small dice shows no one top
    face). A read under half their median size goes when the classifier alone read
    it (no pip layout agreeing: a side face of a large die, its pips in a strip seen
    obliquely, whose top face the detector missed) or when no top face of its own
    stands apart (a pip of a large die, two specks on the floor). A detection under
    that size that reads no value (nor by :func:`vision.faceread.pip_read`) goes too: a side face
    boxed apart beside its die (reported as an unreadable die, blind seeds 19292 and
    19696), the dots of a polka cloth around large dice. Those dots, kept until the
    coarser looks' dice are taken (:func:`_at_size_read`, which takes none where a
    candidate lies), kept out the dice among them: on 10219 images (both photo
    folders, ``../shared/vision-cases``, the kinds' scenes of 50 seeds) 81 more right
    reads (73 of them on polka cloths), 119 fewer dice missed, the photos unchanged,
    and one more box on a smeared die. ``img``: the frame (H x W x 3 uint8 BGR)."""
    reads = [(c, decide(c.probs, c.pips, p, c.det.size)) for c in cands]
    largest = max((c.det.size for c in cands), default=0.0)
    if not any(c.det.size < 0.5 * largest for c, fr in reads):
        return cands  # no small detection to doubt: no top face to segment

    def large_die(c: Candidate, fr: FaceRead) -> bool:
        if c.det.size < p.strict_min_px or fr.not_a_die:
            return False
        if fr.value is None and _withheld_die(img, c, p):
            return True
        t = faceread.candidate_top_face(img, c)
        return t.found and t.square and t.side >= 0.4 * c.det.size

    large = [c.det.size for c, fr in reads if large_die(c, fr)]
    if not large:
        return cands
    bar = 0.5 * float(np.median(large))
    return [c for c, fr in reads if not (
        c.det.size < bar and ((fr.value is None and faceread.pip_read(img, c, fr, p) is None)
                              or (fr.value is not None and (
                                  fr.pip_check != "agrees"
                                  or not find_top_face(img, c.det.x, c.det.y,
                                                       c.det.size).found))))]


#: :func:`find_and_read`: a die boxed from this share of ``VisionParams.strict_min_px``
#: up to it, whose top face found (:func:`vision.faceread.candidate_top_face`) is a whole square of
#: ``strict_min_px`` or more, is held to the large dice's check (:func:`vision.doubts.face_doubt`):
#: the box, small and off the face, shows few of its pips, and the classifier reads
#: it alone. Blind generator seed 126352 `white-glare-033` (looked at): a white 4
#: under a glare spot, boxed at 67 px beside its 83 px face (one pip in the box's
#: crop), read as 5 (0.82); its face shows the spot at the centre (``"glare"``). On
#: 1619 images (both photo folders, the vision cases, the development seeds) and 640
#: generator scenes of development seeds 60..67 no reading changed. 0: off.
BOX_UNDER_FACE = 0.75


def _box_under_face(img: NDArray[np.uint8], c: Candidate, p: VisionParams) -> bool:
    """:data:`BOX_UNDER_FACE`: ``c`` is boxed from that share of ``p.strict_min_px`` up
    to it, and its top face (:func:`vision.faceread.candidate_top_face`) is a whole square of
    ``p.strict_min_px`` or more."""
    if not BOX_UNDER_FACE or not BOX_UNDER_FACE * p.strict_min_px <= c.det.size < p.strict_min_px:
        return False
    t = faceread.candidate_top_face(img, c)
    return t.found and t.square and t.whole and t.side >= p.strict_min_px


#: :func:`find_and_read`: a 1 read on a small box (under ``VisionParams.strict_min_px``)
#: whose top face, looked for with room around the box (:func:`one_in_larger_face`),
#: is this many times the box's side or more and shows pips that fit a layout, the
#: box's pip one of them, is one pip of a larger die the detector boxed alone: in
#: doubt (``"more_pips"``, unreadable). Blind generator seeds 118676, 123524 and
#: 124130 `scale` (looked at): a 2 of 40 px, a black 2 of 71 px on a dotted cloth and
#: a 4 of 40 px, each boxed round one pip (15..33 px faces), read as 1; their faces
#: found so measure 1.5..1.8 times the box's face. Of 306 small 1s read on both photo
#: folders, the vision cases and the development seeds, one measures as much: a teal
#: 1 against a green 4 on nell-byler-d6, its face found with the 4's as one of six
#: corners. On 1619 images and 640 generator scenes no reading changed. 0: off.
ONE_IN_LARGER_FACE = 1.4


def one_in_larger_face(img: NDArray[np.uint8], d: Detection, angle: float) -> bool:
    """:data:`ONE_IN_LARGER_FACE`: the top face found about ``d``'s centre for a die
    1.5 times the face its box holds turned by ``angle`` degrees
    (:func:`vision.model.box_face_side`; :func:`vision.topface.find_top_face`) is
    found, at least :data:`ONE_IN_LARGER_FACE` times that face's side, with two pips
    or more that fit a layout, and four or five corners (one face; two faces side by
    side, a small die against a larger one of its colour, make six)."""
    side = box_face_side(d, angle)
    t = find_top_face(img, d.x, d.y, 1.5 * side)
    return (t.found and t.side >= ONE_IN_LARGER_FACE * side and len(t.pips) >= 2
            and t.value is not None and t.corners <= 5)


def find_and_read(
    img: NDArray[np.uint8], cal: Calibration, p: VisionParams
) -> list[tuple[Detection, FaceRead]]:
    """Detect the dice and read each one (no problems worded yet). A large die left
    unread is read where two checks of it agree, one of them its top face
    (:func:`vision.faceread.pip_read`), or where the classifier is sure of the one value that
    explains its pips, a pip washed out by glare (:func:`vision.faceread.washed_read`). A large
    die's
    value is checked against its top face (:func:`vision.doubts.face_doubt`)."""
    out = []
    for c in find_candidates(img, cal, p):
        fr = decide(c.probs, c.pips, p, c.det.size)
        by_pips = faceread.pip_read(img, c, fr, p)
        if by_pips is None:
            by_pips = washed_read(img, c, fr, p)
        if by_pips is not None:
            fr = FaceRead(by_pips, float(c.probs.mean(axis=0)[by_pips]), False, fr.angle,
                          "agrees")
        value, check, doubt = fr.value, fr.pip_check, None
        if value is not None and (c.det.size >= p.strict_min_px or _box_under_face(img, c, p)):
            doubt = doubts.face_doubt(img, c.det, value, c.top, p.min_body_contrast, c.pips)
            if doubt is not None:
                # glare, a mark, more pips, a hand: a die, unreadable; not a d6 (or
                # unseen, UNSEEN_NO_FACE): reported as no die where no d6 face shows
                value, check = None, ("none" if doubt == "not_d6" or (
                    UNSEEN_NO_FACE and doubt == "unseen" and not find_top_face(
                        img, c.det.x, c.det.y, UNSEEN_NO_FACE * c.det.size).found)
                    else "agrees")
        if (ONE_IN_LARGER_FACE and value == 1 and c.det.size < p.strict_min_px
                and one_in_larger_face(img, c.det, c.angle)):
            value, check, doubt = None, "agrees", "more_pips"  # see ONE_IN_LARGER_FACE
        out.append((c.det, FaceRead(value, fr.confidence, fr.not_a_die, c.angle, check,
                                    doubt, None if c.pips is None else c.pips.pips,
                                    None if c.pips is None else c.pips.strips,
                                    c.top is not None and c.top.found and c.top.square
                                    and c.top.whole)))
    return out


#: :func:`find_and_read`: a large die whose top face stands apart from nothing round it
#: (:func:`vision.doubts.face_doubt`: ``"unseen"``) is, as one that is no d6 (``"not_d6"``), no die
#: where its box shows no d6 face either (:func:`vision.doubts.d6_face_seen`, asked in
#: :func:`read_dice`), not an unreadable die: its "pip" is then a mark on the floor
#: or a d20's numeral, and a re-throw cannot help. Blind seed 251484 `side-faces-009`
#: (looked at, sixty-sixth pass): an empty tray, a lint speck by the box's wooden
#: corner boxed at 99 px, "a 1" (0.81), reported as an unreadable die. Only where no
#: top face is found in a box of this many times the detection's either: a white 2
#: on a polka cloth boxed twice round one pip each, both "unseen", shows its whole
#: face in a box 1.25 times either and more (blind seed 86154 `polka-001`, whose one
#: unreadable die `ONE_FACE_TWO_BOXES` keeps; a first form without this look left it
#: missed, and 7 more dice of the development scenes). With it, two dice of `scale`
#: 400..479 are missed where they were unreadable (a count problem either way); no
#: other reading changed on the development scenes, the probes or the photos. 0: off.
UNSEEN_NO_FACE = 1.5


#: :func:`read_dice`: where every read of a frame is small (under
#: ``VisionParams.strict_min_px``), read by the classifier alone (no pip layout
#: agreeing) and its box's crop shows no round pip but a strip
#: (:attr:`vision.face.PipCheck.strips`: a pip of a side face seen edge-on), they are
#: no dice: the side faces of large dice the detector did not find. Two red dice of
#: 165 and 175 px, a finger on each, were missed and the side face of each read as two
#: 6s of 27..40 px, on a maroon and a green felt (blind seeds 56359 `finger-019` and
#: 74135 `finger-014`, looked at). A frame of real dice holds reads whose pips are
#: seen; one real small die read alone with a strip is missed (a ``count`` problem).
#: False: off.
STRIPS_ONLY_FRAME = True
#: :data:`STRIPS_ONLY_FRAME` takes, for a strip, :data:`SLANTED_PIPS` or more blobs
#: side by side and running one way that are at least :data:`SLANT_LENGTH` of the
#: crop's side long and :data:`SLANT_ELONGATION` times as long as wide
#: (:func:`vision.face.strips` held to those): a side face's pips seen at a slant,
#: short of a strip's proportions (blind seed 138874 `polka-008`, looked at: three
#: white dice on a polka cloth missed by every look, one side face of a white 2 read
#: as two 6s of 27 and 30 px, each crop showing three such blobs and no round pip).
#: Taking any blob too long for a pip (:attr:`vision.face.PipCheck.odd`) instead lost
#: 4 right reads on a rune55-dice-trays photo of small blurred dice whose crops show
#: no round pip; their crops show none or one such slanted blob. False: off.
STRIPS_OR_SLANTED = True
SLANTED_PIPS = 2
SLANT_LENGTH = 0.35
SLANT_ELONGATION = 2.0
#: :data:`STRIPS_OR_SLANTED` counts slanted pips also on the crop's threshold eroded
#: once and twice (3 x 3; ``erode`` of :func:`vision.face.strips`), so that slanted
#: pips that touch count apart: a red 2 under a finger on a maroon felt (168 px) was
#: missed and its far side face, its pips foreshortened into bars touching at their
#: ends, read as two 6s of 33 px, each crop one or no such blob as thresholded and
#: three eroded twice (blind seed 149273 `finger-006`, looked at). 0: off.
SLANT_ERODE = 2


def _strips_only(found: list[tuple[Detection, FaceRead]], p: VisionParams,
                 img: NDArray[np.uint8] | None = None) -> set[int]:
    """:data:`STRIPS_ONLY_FRAME`: the ``id`` of every read of ``found`` where each
    read (a value given) is under ``p.strict_min_px`` px, its pip check not agreeing,
    and its box's crop shows no round pip and at least one strip (or, in the frame
    ``img``, slanted pips: :data:`STRIPS_OR_SLANTED`); else none."""
    reads = [(d, fr) for d, fr in found if fr.value is not None]
    if not STRIPS_ONLY_FRAME or not reads:
        return set()
    if all(d.size < p.strict_min_px and fr.pip_check != "agrees" and fr.pips_seen == 0
           and ((fr.strips_seen or 0) > 0
                or (STRIPS_OR_SLANTED and img is not None and strips(
                    box_face_crop(img, d, fr.angle), SLANT_LENGTH, SLANT_ELONGATION,
                    SLANT_ERODE)
                    >= SLANTED_PIPS))
           for d, fr in reads):
        return {id(d) for d, _ in reads}
    return set()


def read_dice(
    image: NDArray[np.uint8],
    expected: int | None = None,
    calibration: Calibration | None = None,
    params: VisionParams | None = None,
) -> Reading:
    """Read every die in a tray photo.

    Args:
        image: H x W x 3 uint8 BGR (as OpenCV and picamera2 give), 16 px to
            ``params.max_pixels``.
        expected: number of dice that should be in the throw area (bank zone
            excluded), or ``None`` for any number. A different count is reported as a
            ``count`` problem; dice are never dropped or invented to match.
        calibration: fixed-camera knowledge (die size px, tray region, bank zone);
            ``None`` estimates the die size from the image and uses the whole frame.
        params: tunables (:class:`VisionParams`); ``None`` for the defaults.

    Returns:
        a :class:`Reading`; ``reading.complete`` tells whether it can be used as is.

    Raises:
        VisionInputError: the array is not H x W x 3 uint8 of a usable size.
        VisionInputError: ``expected`` is negative.
    """
    with one_reading():  # a die's crop and top face are measured once (vision.memo)
        return _read_dice(image, expected, calibration, params)


def _read_dice(image: NDArray[np.uint8], expected: int | None,
               calibration: Calibration | None, params: VisionParams | None) -> Reading:
    p = params or VisionParams()
    img = check_image(image, p.max_pixels)
    if expected is not None and expected < 0:
        raise VisionInputError(f"expected must be 0 or more dice, got {expected}")
    cal = calibration or Calibration()
    h, w = img.shape[:2]
    problems = image_problems(img, p)
    if any(pr.code == "too_dark" for pr in problems):
        return Reading((), (), tuple(problems), expected)
    blurred = any(pr.code == "blurred" for pr in problems)
    entries: list[tuple[Die, str]] = []
    banked: list[Die] = []
    strange: list[tuple[float, float]] = []
    smeared: set[tuple[float, float]] = set()
    edge = (0.0, 0.0, float(w), float(h)) if cal.tray is None else cal.tray
    found = find_and_read(img, cal, p)
    strips_only = _strips_only(found, p, img)  # side faces of dice not found: no dice
    found = [(d, fr) for d, fr in found if id(d) not in strips_only]
    floor: NDArray[np.float32] | None = None  # the floor's colour, measured when needed
    # a throw of large dice: a detection under the large dice's size that no value was
    # read for is held to their checks (printed text beside dice of 90..180 px)
    read_sizes = [d.size for d, fr in found if fr.value is not None]
    read_size = float(np.median(read_sizes)) if read_sizes else None
    large_throw = read_size is not None and read_size >= p.strict_min_px
    # one die read in the frame and no calibrated die size: nothing to size it by
    lone = len(read_sizes) == 1 and cal.die_size_px is None
    dice_like = sum(1 for d, fr in found if not fr.not_a_die and d.size >= p.min_die_px)
    hand_places: list[tuple[float, float]] = []  # where a hand hides a die (no die added)
    faceless: list[Detection] = []  # of strange: no d6 face seen, maybe under a finger
    unread: dict[int, Detection] = {}  # the unread dice's detections, by id of the die
    blurs: dict[int, Detection] = {}  # the smeared dice's detections, by id of the die
    for d, fr in found:
        if (cal.tray is not None and not _in_box(d.x, d.y, cal.tray)) or d.size < p.min_die_px:
            continue
        if fr.not_a_die:
            if ((EVERY_HAND or not hand_places)
                    and hand_over_missed_die(img, d, read_size, edge, p)):
                hand_places.append((d.x, d.y))  # a die the classifier lost under a finger
                continue
            # only inside a calibrated tray: without one, the frame holds the table,
            # the tray's rim and its fittings, which may look like dice
            if cal.tray is not None and d.score >= p.not_a_die_score:
                strange.append((d.x, d.y))
                faceless.append(d)
            continue
        if (fr.value is None and d.size < p.strict_min_px
                and (fr.confidence < p.unread_min_prob
                     or (LONE_UNREAD_NO_PIPS and _alone_without_pips(fr, dice_like)))):
            continue  # a doubtful die, no value: lint or a speck more often than a die
        if (SMALL_GRID and d.size < p.strict_min_px
                and (fr.value is None
                     or (read_size is not None and d.size < SMALL_GRID * read_size)
                     or (CUT_GRID and read_size is not None and d.size > read_size
                         and _cut_off(d, edge)))
                and dot_grid(img, d, p.min_body_contrast)):
            continue  # a polka cloth's dots, read or not: see SMALL_GRID
        value = None if blurred else fr.value
        if (value is not None and lone and LONE_SMALL_FACE and d.size < p.strict_min_px
                and d.size < LONE_FRAME_SHARE * max(w, h)
                and ((fr.pip_check == "none" and not doubts.d6_face_seen(img, d))
                     or (LONE_ONE_FACE and value == 1 and _unsquare_face(img, d)))):
            value = None  # a lone small read showing no d6 face: see LONE_SMALL_FACE
            if LONE_DOUBT_DROPS and (
                    fr.confidence < p.unread_min_prob
                    or (LONE_NO_PIPS and _alone_without_pips(fr, dice_like))):
                continue  # now a small die with no value, and doubtful: see LONE_DOUBT_DROPS
        if (not blurred and d.size >= p.smear_min_px
                and die_smear(img, d) > p.max_smear
                and not (SHARP_FACE and fr.value is not None and face_smear(img, d) < SHARP_FACE)):
            if floor is None:
                floor = floor_colour(img)
            if body_contrast(img, d.x, d.y, d.size, floor).floor_share >= SMEAR_FLOOR:
                # no die smeared: bare floor at its centre (a patch of a polka cloth
                # between two dice, their outlines all one way across it)
                continue
            if (SHADOW_NOT_SMEAR and fr.value is None
                    and floor_in_shadow(img, d.x, d.y, d.size, floor)):
                continue  # no die smeared: a die's shadow over a dotted cloth
            if (SMEAR_HAND_NO_FACE and fr.doubt == "hand"
                    and not find_top_face(img, d.x, d.y, d.size).found):
                continue  # no die smeared: a wooden tray's corner (SMEAR_HAND_NO_FACE)
            value = None
            smeared.add((d.x, d.y))
        elif ((fr.value is None or _cut_off(d, edge)) and d.size >= p.strict_min_px
              and ((CUT_NO_FACE and _cut_off(d, edge))
                   or body_contrast(img, d.x, d.y, d.size).contrast < p.min_body_contrast)
              and _no_face_of_its_own(img, d, CUT_NO_FACE and _cut_off(d, edge))):
            # the floor itself: its pattern (polka dots) taken for pips, read or not
            # where the frame's edge cuts it (a grid of dots there reads as a 4 or a 6),
            # beside a die there too (CUT_NO_FACE)
            continue
        elif (d.size >= p.strict_min_px
              and (fr.value is None or (SHADOW_WITH_VALUE and _shadow_pips(img, d, fr.value)))
              and floor_in_shadow(img, d.x, d.y, d.size,
                                  floor := floor_colour(img) if floor is None else floor)):
            # a die's shadow on the floor, the floor's dots taken for pips (their value
            # read or not; left unread by a check: a hand where the cloth is of skin)
            continue
        elif (FLOOR_READ and fr.value is not None and d.size >= p.strict_min_px
              and not fr.top_square
              and _floor_read(img, d, floor := floor_colour(img) if floor is None else floor)):
            continue  # a patch of the floor between dice, its dots read: see FLOOR_READ
        elif dots.LATTICE_HITS and d.size >= p.strict_min_px and dot_lattice(img, d):
            continue  # a dotted cloth's dots, repeating past the box: see dot_lattice
        elif (fr.value is None and fr.pip_check != "agrees"
              and (d.size >= p.strict_min_px or (large_throw and d.size >= 0.5 * p.strict_min_px))
              and not doubts.d6_face_seen(img, d)):
            strange.append((d.x, d.y))  # a d8, a numeral die, a pattern: no die here
            faceless.append(d)
            continue
        elif (fr.value is None and fr.pip_check == "agrees" and d.size >= p.strict_min_px
              and dot_grid(img, d, p.min_body_contrast)):
            # left unread, its "pips" fitting the classifier's value: a grid of polka
            # dots on the floor's own colour, beside a die
            strange.append((d.x, d.y))
            continue
        elif (fr.value in (2, 4, 6) and large_throw
              and 0.5 * p.strict_min_px <= d.size < p.strict_min_px
              and dot_grid(img, d, p.min_body_contrast)):
            # beside large dice, held to their check (face_doubt): a grid of polka
            # dots on the floor's own colour, read as an even value
            strange.append((d.x, d.y))
            continue
        elif (value == 1 and large_throw and 0.5 * p.strict_min_px <= d.size < p.strict_min_px
              and doubts.face_doubt(img, d, 1, None, p.min_body_contrast) is not None):
            # beside large dice, a small 1 held to their check: a polyhedron's
            # numeral found as a small die by one look
            value = None
        side = box_face_side(d, fr.angle)
        die = Die(value, (d.x, d.y), square_corners(d.x, d.y, side, fr.angle),
                  round(float(fr.confidence), 3), int(value is not None))
        if cal.bank_zone is not None and _in_box(d.x, d.y, cal.bank_zone):
            banked.append(die)
            continue
        flag = ""
        if _cut_off(d, edge):
            flag = "cut_off"
        elif cal.die_size_px is not None and side > COCKED * cal.die_size_px:
            t = find_top_face(img, d.x, d.y, d.size)
            if not (t.found and t.square and t.side <= COCKED * cal.die_size_px):
                flag = "cocked"
        if not flag and die.center in smeared:
            flag = "smeared"
        elif not flag and fr.doubt == "hand":
            flag = "hand"
        if flag:
            die = Die(None, die.center, die.corners, die.confidence, 0)
        if not flag and value is None:
            unread[id(die)] = d
        if flag == "smeared":
            blurs[id(die)] = d
        entries.append((die, flag))
    if ONE_FACE_TWO_BOXES and len(unread) > 1:
        # two boxes of one large die, each left unread: one unreadable die
        entries = _one_of_each_pair(entries, unread,
                                    lambda a, b: _one_face_two_boxes(img, a, b, p))
    if SMEAR_TWO_BOXES and len(blurs) > 1:
        # two boxes on one smeared die's streak: one blurred die (see SMEAR_TWO_BOXES)
        motion = {d: die_smear_direction(img, d) for d in blurs.values()}
        entries = _one_of_each_pair(entries, blurs, lambda a, b: one_smear_two_boxes(
            a, b, motion[a], motion[b]))
    order = _reading_order([e[0] for e in entries])
    entries.sort(key=lambda e: order.index(e[0]))
    dice = [e[0] for e in entries]
    if EVERY_HAND and (hand_places or any(flag == "hand" for _, flag in entries)):
        # a hand seen: the other fingers over dice, not things to take out
        for d in faceless:
            if finger_beside_hand(img, d, edge):
                strange.remove((d.x, d.y))
                hand_places.append((d.x, d.y))
        # an unread die with a finger over it: the hand, not "re-throw it"
        entries = [(dd, "hand" if id(dd) in unread and finger_beside_hand(
            img, unread[id(dd)], edge) else flag) for dd, flag in entries]
    # first: with the hand away, the next press may read every die
    named = {where(dd.center[0], dd.center[1], w, h) for dd, flag in entries if flag == "hand"}
    places = list(dict.fromkeys(where(x, y, w, h) for x, y in hand_places))
    if not EVERY_HAND:  # as before: the first hand, unless a die's own message names one
        places = places[:1] if not named else []
    places = [pl for pl in places if pl not in named]
    if len(places) == 1:
        problems.append(Problem("hand", f"A hand is over a die at the {places[0]} "
                                "of the tray: take it away and press again."))
    elif places:
        listed = ", the ".join(places[:-1]) + f" and the {places[-1]}"
        problems.append(Problem("hand", f"Hands are over dice at the {listed} of the tray: "
                                "take them away and press again."))
    for i, (dd, flag) in enumerate(entries):
        place = where(dd.center[0], dd.center[1], w, h)
        if flag == "cut_off":
            problems.append(Problem("cut_off", f"A die at the {place} is cut off by the edge "
                                    "of the picture: move it into the tray and press again.", i))
        elif flag == "cocked":
            problems.append(Problem("cocked", f"Re-throw: the die at the {place} is leaning "
                                    "on the wall or on another die.", i))
        elif flag == "smeared":
            problems.append(Problem("blurred", f"The die at the {place} is blurred: it was "
                                    "still moving. Press again when the dice have stopped.", i))
        elif flag == "hand":
            problems.append(Problem("unreadable", f"A hand is over the die at the {place}: "
                                    "take it away and press again.", i))
        elif dd.value is None and not blurred:
            problems.append(Problem("unreadable", f"Cannot read the die at the {place}: "
                                    "re-throw it, or straighten it if it is leaning.", i))
    for x, y in strange:
        problems.append(Problem("not_a_die", f"Something at the {where(x, y, w, h)} of the "
                                "tray is not a die I can read: take it out, or re-throw it "
                                "if it is a die."))
    if not dice and not banked and not hand_places:  # a hand over them: not "no dice"
        problems.append(Problem("no_dice", "No dice seen in the tray: throw and press again."))
    elif expected is not None and len(dice) != expected:
        problems.append(Problem(
            "count", f"{expected} {'die' if expected == 1 else 'dice'} should be thrown, "
            f"{len(dice)} seen: check that every die is in the tray and press again."))
    return Reading(tuple(dice), tuple(_reading_order(banked)), tuple(problems), expected)
