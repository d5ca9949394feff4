"""One die's value from what the face classifier and the pips say: the pip check
of a detection (:func:`_pip_check`, on the crops of :mod:`vision.facecrops`), the
decision (:func:`decide`, a :class:`FaceRead`), and the reads by the pips alone
where the classifier gives none (:func:`pip_read`, :func:`washed_read`) (split out
of :mod:`vision.read`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import numpy as np
from numpy.typing import NDArray

from . import facecrops, hands
from .doubts import light_centre_pip, small_glare_near_centre
from .face import FACE_PX, PipCheck, explaining_values, face_crop, find_pips
from .facecrops import (
    box_face_crop,
    box_recentred_check,
    face_angle,
    layout_centre,
    top_face_check,
    top_face_crop,
)
from .layouts import CONTAINED_IN, could_be_part_of
from .model import Detection, box_face_side, classify_crops, upright_crops
from .topface import TopFace, face_distance, find_top_face
from .types import VisionParams

#: :func:`_pip_check`: where the pips on the top face found by colour fit no layout
#: cleanly, the top face is looked for again with its colour threshold times these.
TOP_FACE_TIGHTER = (0.8, 0.6, 0.45)

#: A face crop that shows this many strips side by side
#: (:attr:`vision.face.PipCheck.strips`) and no round pip is a side face, its pips
#: seen edge-on: no die by itself (two such faces of white dice on a polka cloth,
#: 15..29 px, were read as 6s; a third, of 25 px, showed two strips: blind seed 9292
#: of the kinds). A small 6 whose pips run together in two columns looks the same and
#: is not read either; at 2, no right read was lost on 13719 images, and 128 smeared
#: dice of the smear kind's scenes, unreadable at 3, are no dice.
SIDE_STRIPS = 2


#: :func:`pip_read`: a value read from the box crop's pips alone, the classifier
#: unsure, is withheld where a value whose layout holds those pips and more gets at
#: least this share of its probability (:func:`rival_holds_the_pips`). On 6219
#: images (the kinds' scenes of 30 seeds, both photo folders, the vision cases) it
#: fired 19 times, cost 11 right reads (left unreadable; 11 of 11581) and changed
#: nothing else. Measured again on the 31st pass, with :data:`vision.face.RIM_IN_HULL`
#: on: the same 19 firings and 11 right reads, no wrong read caught; its own scene
#: (blind seed 23332) is caught by that rim change alone. Kept as a second guard for
#: very rounded dice, whose corner pips are the ones a crop loses.
RIVAL_SHARE = 0.5

#: :func:`pip_read`: the nearest a 2's or a 4's pip lies to its face's centre, as a
#: share of the face's side. Their pips lie in the face's corners, 0.45..0.6 of a
#: half-side from the centre along each edge (:data:`vision.layouts.PIP_OFFSET`), so
#: 0.32 of the side or more away; a 6's middle pips and a 3's or a 5's centre pip lie
#: nearer (:func:`pip_off_the_corners`).
CORNER_PIP_NEAREST = 0.3

#: :func:`pip_read`: how many fewer pips the top face may show than the box's crop
#: where the classifier's value is taken, on a face whose pips are darker than it
#: (:attr:`vision.topface.TopFace.dark_pips`). Zero: glare cannot pass for a dark pip
#: on the box's crop, so a pip the top face lacks is one that a glare patch took (a
#: white 4 read as 2 on a blind seed of the kinds, glare over one corner pip, the
#: box's crop showing three pips). Light pips may be fewer: glare on a red die passes
#: for one more white pip on the box's crop; but only on a four-cornered face (a
#: face of more corners took in a side face, whose pips the box's crop shows too).
TOP_FACE_PIPS_LOST = 0


@dataclass(frozen=True)
class FaceRead:
    """One die's reading before problems are worded."""

    value: int | None
    confidence: float
    not_a_die: bool
    angle: float
    pip_check: str  # "agrees", "disagrees", "none" (no layout seen)
    doubt: str | None = None  # why a value was withheld (:func:`vision.doubts.face_doubt`)
    pips_seen: int | None = None  # pip-like blobs on the box's crop (PipCheck.pips)
    strips_seen: int | None = None  # strips side by side on it (PipCheck.strips)
    top_square: bool = False  # the top face its pip check read is a whole square


#: :func:`decide`: the values a small die (under ``VisionParams.strict_min_px``) is not
#: given where the pips on its box's crop fit the value one pip short, and a soft
#: bright spot stands where, counted as a pip, they would fit it
#: (:attr:`vision.face.PipCheck.glare_doubt`): the classifier's 5 is then the four
#: corner pips of a 4 and a glare spot at its centre. Blind generator seeds 119282,
#: 124029 and 126655 `scale` (looked at): 4s of 47..68 px with a specular spot at the
#: centre, read as 5 (the classifier 0.84..0.95). On both photo folders and the vision
#: cases it cost 2 right reads of 1987 (rune55-dice-trays; no misread there caught),
#: on 640 generator scenes of development seeds 60..67, 3 of 1211. Taking every value
#: whose fit is another cost 29 right reads of real dice (their 3s and 6s with a soft
#: pip) for 2 misreads. Empty: off.
SMALL_GLARE_FIT: tuple[int, ...] = (5,)
#: :func:`decide`: a 3 or a 5 whose pips on the box's crop are dark (a white or yellow
#: die's black pips) and fit the value one pip short, its centre pip's, gets no value
#: where nothing at the crop's centre lies this many grey levels under the face
#: (:attr:`vision.face.PipCheck.centre_dark`): a black centre pip is not there, and
#: the classifier took something lighter (glare) for it. Blind generator seed 129483
#: `scale-024` (looked at): a yellow 4 of 52 px with a glare spot at its centre read
#: as 5 (the centre 2 levels at its darkest, 93 lighter). The right 3s and 5s so fit on
#: both photo folders, the vision cases, the development kinds and 960 generator scenes
#: of seeds 60..71 (8 dice) measure 37 and more. 0: off.
SMALL_NO_CENTRE_PIP = 20.0
#: :func:`decide`: a 3 or a 5 whose light pips on the box's crop fit the value one pip
#: short or no layout, in glare doubt (:attr:`vision.face.PipCheck.glare_doubt`), gets
#: no value where the spot at the crop's centre is near saturation and outshines the
#: other light spots by this many grey levels (:attr:`vision.face.PipCheck.
#: centre_lit`): a pip is no light source, so glare is at the centre, and on a small
#: die whether a pip lies under it cannot be seen (the classifier took glare for the
#: centre pip: a 2 read as 3, a 4 as 5). Development scenes of the `scale` generator
#: (seeds 400..479, 3200 scenes, looked at): 5 of its 11 such misreads caught, for 7
#: right reads of 7179 left unread, 3s and 5s with glare on or beside the centre pip
#: (and one small red die of `tools.vision.synth_eval`'s 384); no reading changed on the
#: real photos (both folders), the vision cases or the other development scenes. 0: off.
SMALL_LIT_CENTRE = 15.0
#: :data:`SMALL_LIT_CENTRE` asks for the glare doubt too. False: any such spot.
SMALL_LIT_DOUBT = True
#: ... or, in place of the glare doubt, a soft spot smaller than a pip
#: (:attr:`vision.face.PipCheck.small_glare`, which puts nothing in doubt) within
#: this share of the face crop's side of its centre: the spot that outshines the
#: pips is there, too small for a pip, where the classifier saw the centre pip (a
#: black 2 with a small glare spot at its centre, read as 3: development seed 465
#: `scale-029`, looked at, sixty-fifth pass: a black 2 of 64 px, the spot 54 grey
#: levels over its pips). It cost no right read on the development scenes, the
#: probes or the photos. 0: off.
SMALL_LIT_SMALL_GLARE = 0.15

#: :func:`decide`: a large die (``VisionParams.strict_min_px`` and over) read as one of
#: :data:`CLEAN_PIPS_VALUES` whose pips on its crop fit that value cleanly and closely
#: (residual at most ``VisionParams.veto_residual``) needs this probability for it,
#: not ``VisionParams.read_threshold``: two checks agree, and the top face's doubts
#: (:func:`vision.doubts.face_doubt`) still follow. Red 5s in a dice box (development scenes of the
#: red-box probe, seed 913) were unreadable with their five pips clean, the classifier
#: 0.75..0.8 for 5 and the rest for 4. Only a 5: no pip hidden under glare makes one
#: (a 6 has no centre pip), where a 2 or a 4 can be a 3 or a 5 whose centre pip glare
#: hides (with every value, a white 3 so was read as 2 on 640 development generator
#: scenes; the classifier's doubt was right there). 0: off.
CLEAN_PIPS_PROB = 0.6
CLEAN_PIPS_VALUES = (5,)


def decide(probs: NDArray[np.float32], pips: PipCheck | None, p: VisionParams,
           size: float = 0.0) -> FaceRead:
    """Value of one die from its class probabilities (turns x 7) and its pip check.

    ``size`` is the die's box side in px of the image: from ``p.strict_min_px`` up,
    the pips are large enough to be seen, and a value is given only when the pips
    found fit that value's layout and nothing on the face puts them in doubt (a glare
    spot that could be a pip, a finger, a numeral or a patch: :attr:`PipCheck.clean`).
    Numeral dice, other polyhedra, side faces, glare and fingers then give ``None``.

    A value is given only when the turned crops agree on it, its mean probability is at
    least ``p.read_threshold``, and the pip layout seen on the face (if any) does not
    name another value; with ``p.layout_check`` and no layout seen, the probability must
    reach ``p.read_threshold_alone``, and each turned crop must give the value at least
    ``p.turn_min_prob``. A large die's 5 (:data:`CLEAN_PIPS_VALUES`) whose pips fit
    it cleanly and closely needs only :data:`CLEAN_PIPS_PROB`.

    A face crop that shows no round pip but :data:`SIDE_STRIPS` strips side by side
    (:attr:`PipCheck.strips`: a side face seen edge-on) is no die (``not_a_die``),
    whatever the classifier reads.

    A small die whose pips fit the value one pip short, a soft bright spot where the
    missing pip would be (:attr:`PipCheck.glare_doubt`), gets no value of
    :data:`SMALL_GLARE_FIT`: glare at a 4's centre passes for a 5's centre pip. Nor
    does a 3 or a 5 whose dark pips fit the value one pip short with nothing dark at
    the centre (:data:`SMALL_NO_CENTRE_PIP`), nor one whose light pips fit it one pip
    short or not at all, in glare doubt (or with a soft spot smaller than a pip at
    the centre, :data:`SMALL_LIT_SMALL_GLARE`), with a near-saturated spot at the
    centre brighter than its other pips (:data:`SMALL_LIT_CENTRE`: glare there, a pip
    under it or not).

    The pips name another value ("disagrees") when they fit its layout clearly
    (``p.veto_residual``, ``p.veto_contrast``) and that layout is not part of the
    classifier's value's (:func:`vision.layouts.could_be_part_of`): pips seen that
    could be some of the value's pips, the others lost to glare, blur or a merge (a 5
    seen as the four corners of a 4), are no evidence against it; a pip where the
    value has none (a 4 seen with a centre pip) is.
    """
    mean = probs.mean(axis=0)
    votes = probs.argmax(axis=1)
    value = int(np.argmax(mean[1:])) + 1
    pv = float(mean[value])
    check = "none"
    if pips is not None and pips.fit.value is not None:
        if pips.fit.value == value:
            check = "agrees"
        elif (pips.fit.residual <= p.veto_residual and pips.contrast >= p.veto_contrast
              and not could_be_part_of(pips.fit.value, value)):
            check = "disagrees"
    if float(mean[0]) > 1.0 - p.die_min_prob:
        return FaceRead(None, float(mean[0]), True, 0.0, check)
    if pips is not None and pips.strips >= SIDE_STRIPS and pips.pips == 0:
        # no round pip, three strips or more side by side: the pips of a side face
        # seen edge-on, which the classifier can take for a small 6
        return FaceRead(None, 1.0 - float(mean[0]), True, 0.0, check)
    agree = bool(np.all(votes == value))
    sure = pv >= p.read_threshold or (
        CLEAN_PIPS_PROB and value in CLEAN_PIPS_VALUES and size >= p.strict_min_px
        and pv >= CLEAN_PIPS_PROB
        and pips is not None and pips.clean and check == "agrees"
        and pips.fit.residual <= p.veto_residual)
    ok = agree and sure and check != "disagrees"
    if ok and p.layout_check and check == "none":
        ok = pv >= p.read_threshold_alone and float(probs[:, value].min()) >= p.turn_min_prob
    if ok and p.layout_check and size >= p.strict_min_px:
        ok = pips is not None and pips.clean and check == "agrees"
    if (ok and value in SMALL_GLARE_FIT and pips is not None and pips.glare_doubt
            and pips.fit.value == value - 1):
        ok = False  # the pips fit a part of the value, a glare spot the rest: see SMALL_GLARE_FIT
    if (ok and SMALL_NO_CENTRE_PIP and value in (3, 5) and pips is not None and pips.dark
            and pips.fit.value == value - 1 and pips.centre_dark < SMALL_NO_CENTRE_PIP):
        ok = False  # no black centre pip where the value has one: see SMALL_NO_CENTRE_PIP
    if (ok and SMALL_LIT_CENTRE and value in (3, 5) and pips is not None and not pips.dark
            and (pips.glare_doubt or not SMALL_LIT_DOUBT or (
                SMALL_LIT_SMALL_GLARE and small_glare_near_centre(pips, SMALL_LIT_SMALL_GLARE)))
            and pips.fit.value in (None, value - 1) and pips.centre_lit >= SMALL_LIT_CENTRE):
        ok = False  # glare at the centre, a pip under it or not: see SMALL_LIT_CENTRE
    return FaceRead(value if ok else None, pv if ok else 1.0 - float(mean[0]), False, 0.0, check)


@dataclass(frozen=True)
class Candidate:
    """A detection with what the face classifier and the pip check made of it."""

    det: Detection
    probs: NDArray[np.float32]  # turns x 7 class probabilities
    pips: PipCheck | None
    angle: float  # edge turn of the die, 0..90 degrees
    top: TopFace | None = None  # its top face, where the box's crop fit no pip layout


def candidate_top_face(img: NDArray[np.uint8], c: Candidate) -> TopFace:
    """The candidate's top face: the one its pip check segmented (:attr:`Candidate.top`),
    or :func:`vision.topface.find_top_face` of its detection."""
    return c.top if c.top is not None else find_top_face(img, c.det.x, c.det.y, c.det.size)


#: :func:`_pip_check`: where the box's crop fits a 2 or a 4 but for a soft spot at its
#: centre that it took for glare (:attr:`vision.face.PipCheck.glare_doubt`: the spot
#: with the pips fits a layout too), the top face's crop does not settle the die as
#: the 3 or the 5 that spot makes: glare's rim measured softer than the pips' on one
#: crop and as soft as theirs, within the pip finder's bound, on the other
#: (:data:`vision.face.SOFTER_THAN_SIBLINGS`: a red 2 with glare at its centre, its
#: rim 1.33 times the pips' on the box's crop and 1.248 on the top face's, read as 3;
#: blind seed 132715 ``glare-004``, looked at). The box's crop stands, in doubt, and
#: the die is read as the classifier and that doubt decide. False: off.
GLARE_ON_BOX_HOLDS = True


def _glare_made_the_pip(box: PipCheck, top: PipCheck) -> bool:
    """:data:`GLARE_ON_BOX_HOLDS`: the box crop's check ``box`` fit a 2 or a 4 in glare
    doubt, and the top face crop's ``top`` fits one pip more (the spot taken for a
    centre pip)."""
    return (GLARE_ON_BOX_HOLDS and box.glare_doubt and box.fit.value in (2, 4)
            and top.fit.value == box.fit.value + 1)


#: :func:`_pip_check`: a large die the classifier reads as a 3 or a 5 whose light pips
#: on the box's crop fit the value one pip short, in glare doubt (a soft bright spot at
#: the centre, :attr:`vision.face.PipCheck.glare_doubt`), has its centre pip counted
#: where its top face shows a pip of its pips' colour under the spot
#: (:func:`vision.doubts.light_centre_pip`: a solid disc of that colour, not the thin ring of white
#: and the face's colour that a glare spot on the bare face leaves). The value then
#: still needs the classifier's read threshold and the top face's doubts
#: (:func:`vision.doubts.face_doubt`). Red 3s and 5s with glare on the centre pip were unreadable
#: (development scenes of the red-box probe, seeds 913..918, looked at, sixty-sixth
#: pass). Of 87 large dice so measured (the red-box probe's development seeds and
#: seeds 930..935, the ten kinds' development seeds 50001..50007, the generators'
#: seeds 60..67), the 37 2s and 4s (glare on the bare centre, read as 3 or 5 by the
#: classifier) show no such pip (the pips' colour at most 0.13 of a pip's radius
#: thick there), 14 of the 50 3s and 5s do (0.3 and more). With the rule, 18 more
#: right reads on the development scenes (4 of the red-box probe's 1254 dice, 3 of the
#: ten kinds' 50001..50007, 2 of the six-seed table's, 9 of `scale` 400..479), none
#: lost or wrong; no reading changed on the photos or the generators' seeds 60..67.
#: False: off.
GLARE_ON_CENTRE_PIP = True
#: ... where the centre of the box crop's layout (:func:`layout_centre_off`) lies
#: within this share of the top face's side of the face's centre: the pip missing
#: from the layout is then its centre pip, the one the top face shows. Where glare
#: covers a corner pip instead, the layout fit lies between two of the other pips,
#: 0.17..0.19 of the side off (development seeds 917 of the red-box probe, scene 60,
#: and 30200 `specks-005`, looked at: the first, so read right by chance; the second
#: a 3 whose centre pip, added at the crop's centre, made the layout loose, read
#: before and then put in doubt); the dice it reads measure 0.015..0.07.
GLARE_ON_CENTRE_NEAR = 0.1


def layout_centre_off(d: Detection, angle: float, pips: PipCheck, t: TopFace) -> float:
    """How far the centre of the layout that ``pips`` (the check of ``d``'s box crop,
    :func:`vision.facecrops.box_face_crop`, turned by ``angle`` degrees) fit lies from the centre
    of the
    top face ``t``, in the face's sides (a float >= 0)."""
    x, y = layout_centre((d.x, d.y), box_face_side(d, angle) * 0.95, angle, pips.fit)
    return math.hypot(x - t.center[0], y - t.center[1]) / max(t.side, 1.0)


#: :func:`_pip_check`: where the pips on a large die's box crop fit a layout's shape
#: (residual within the fit's bound) but their centre lies 0.35..
#: :data:`vision.facecrops.RECENTRE_MAX` half-sides off the crop's, and nothing else is on the crop,
#: they are looked for again on a crop of the same side and turn centred on them
#: (:func:`vision.facecrops.box_recentred_check`), as :func:`vision.facecrops.recentred_check` does
#: on the top face:
#: the box takes in a side face and its centre lies off the top face's. The new look
#: counts only where it is clean, finds the same number of pips and fits the
#: classifier's value. A red 5 of 161 px whose box's crop fit its five pips 0.357
#: half-sides off (the bound 0.35), its top face found as one region with its darker
#: side face, was unreadable (red-box probe, development seed 926, scene 14, looked
#: at, sixty-sixth pass). With it, 5 more right reads on the development scenes (that
#: one, one of the generators' seeds 60..67, 3 of `scale` 400..479, all missed
#: before), none lost or wrong, and a die of the six-seed table found unreadable where
#: it was missed (30503 `side-faces-018`); no reading changed on the photos. False:
#: off.
BOX_RECENTRE = True


def with_centre_pip(pips: PipCheck, value: int) -> PipCheck:
    """:data:`GLARE_ON_CENTRE_PIP`: ``pips`` (fitting ``value`` one pip short, in glare
    doubt) with the centre pip under the spot counted: the layout ``value``, one pip
    more at the crop's centre, no doubt left."""
    return replace(pips, fit=replace(pips.fit, value=value), pips=pips.pips + 1,
                   glare_doubt=False, centres=(*pips.centres, (0.0, 0.0)))


def _box_crop_stands(pips: PipCheck, want: int | None) -> bool:
    """The pips on a large die's box crop settle its check: they fit a layout cleanly,
    and fit the classifier's value ``want`` where given (``None``: any value)."""
    return pips.clean and (want is None or pips.fit.value == want)


#: :func:`_pip_check`: a disc face (a very rounded die) is looked at once more upright,
#: its layout free to turn (a switch for the tests).
ROUND_UPRIGHT = True
#: That look's crop, in sides of the die's box: the whole disc and a rim of floor (at
#: 0.95 a development 4 lost a pip at the disc's rim; 1.0 and 1.1 read it).
ROUND_SPAN = 1.05


def _pip_check(img: NDArray[np.uint8], d: Detection, top_face: bool = False,
               retry: bool = True, want: int | None = None
               ) -> tuple[float, PipCheck, TopFace | None]:
    """Edge turn of the die (degrees), the pips on its face crop turned square, and
    its top face where it was segmented (else ``None``).

    With ``top_face`` (large dice), where the pips on the box's crop do not fit a
    layout cleanly, they are looked for again on the top face found by colour
    (:func:`vision.topface.find_top_face`: its centre, side and turn): a die seen
    obliquely has a box that takes in its side faces, whose pips (and the box's
    shifted centre) spoil the fit of the top face's pips. The second look counts only
    if it is clean: the same pip finder, on the face a player reads, or on a crop of
    the face's size centred on its pips where only their place spoiled the fit
    (:func:`vision.facecrops.recentred_check`). Where it is not, the top face is segmented again
    with
    its colour held closer (:data:`TOP_FACE_TIGHTER`): a red die's darker red side
    face can fall within the first threshold and make one region with the top face.
    ``retry`` False skips that (the classifier cannot give a value whatever the pips:
    no time spent). Where the box's crop fits cleanly a value other than ``want``
    (the classifier's; :func:`_box_crop_stands`), the top face is looked at too, and
    counts only if it fits ``want``: a side face's pips in the box can make a clean
    3 of a 6's top face (two checks then agree on the face a player reads, else the
    box crop's check stands and disagrees).

    Where the top face found is close to a disc (``round_face``: a very rounded die)
    and nothing above fit ``want``, the box is looked at upright, :data:`ROUND_SPAN`
    of its size, the layout free to turn (:data:`ROUND_UPRIGHT`): a disc has no edges,
    :func:`vision.facecrops.face_angle` measures noise on its rim, and the crop turned by it,
    smaller
    by the turn, cuts off the outer pips (a 3's corner pips, leaving its centre pip
    as a clean 1). It counts only if it fits ``want`` cleanly, and where the box's
    crop fit another value cleanly, only if that value's pips could be some of
    ``want``'s (:func:`vision.layouts.could_be_part_of`: the 1 of a 3)."""
    ang = face_angle(face_crop(img, (d.x, d.y), d.size, 0.0, FACE_PX))
    pips = find_pips(box_face_crop(img, d, ang), in_hull=top_face)
    if not top_face or _box_crop_stands(pips, want):
        return ang, pips, None
    other = pips.clean  # the box's crop fits a value other than the classifier's
    fd = face_distance(img, d.x, d.y, d.size)
    first: TopFace | None = None
    # then the face's colour held closer: the face found may take in a side face of
    # about its colour (a red die seen obliquely, its side a darker red)
    for tighter in (1.0, *(TOP_FACE_TIGHTER if retry else ())):
        t = find_top_face(img, d.x, d.y, d.size, tighter, fd)
        if first is None:
            first = t
        if t.found and t.square:
            on_top = top_face_check(img, t)
            if not on_top.clean:
                on_top = facecrops.recentred_check(img, t, on_top) or on_top
            elif not facecrops.off_centre_fit_holds(img, t, on_top):
                break  # about its pips the face shows glare or more: no closer look
            if on_top.clean and (not other or on_top.fit.value == want):
                if _glare_made_the_pip(pips, on_top):
                    break  # the box's crop saw the spot as glare: see GLARE_ON_BOX_HOLDS
                return ang, on_top, t
    if BOX_RECENTRE and (again := box_recentred_check(img, d, ang, pips, want)) is not None:
        return ang, again, None  # see BOX_RECENTRE
    if (GLARE_ON_CENTRE_PIP and want in (3, 5) and pips.glare_doubt and not pips.dark
            and pips.fit.value == want - 1 and first is not None
            and light_centre_pip(img, first)
            and layout_centre_off(d, ang, pips, first) <= GLARE_ON_CENTRE_NEAR):
        return ang, with_centre_pip(pips, want), first  # see GLARE_ON_CENTRE_PIP
    if (ROUND_UPRIGHT and first is not None and first.found and first.round_face
            and (not other or (want is not None and pips.fit.value is not None
                               and could_be_part_of(pips.fit.value, want)))):
        upright = find_pips(face_crop(img, (d.x, d.y), d.size * ROUND_SPAN, 0.0, FACE_PX),
                            in_hull=True, aligned=False)
        if upright.clean and upright.fit.value == want:
            return ang, upright, first
    return ang, pips, None if other else first


def check_candidates(
    img: NDArray[np.uint8], dets: list[Detection], p: VisionParams
) -> list[Candidate]:
    """Classify each detection's crop and check its pips (no decision yet).

    The cost goes to dice, not to specks: every crop is classified upright first;
    one whose "not a die" probability is already so high that the mean over all the
    turns must stay above ``1 - p.die_min_prob`` (so :func:`decide` calls it no die
    whatever the other turns say) gets no other turns, and no pip check. A large
    detection (``p.strict_min_px``), whose value needs its pips to agree anyway, gets
    its pip check first: where the pips fit the upright crop's value cleanly and that
    value's probability clears ``p.read_threshold``, the upright read stands alone
    (two independent checks agree); otherwise it is classified on a second turn. A
    smaller one is classified on ``p.turns``.
    """
    crops = upright_crops(img, dets)
    first = np.asarray(np.stack(classify_crops(crops, [range(1)] * len(dets))), np.float32
                       ) if dets else np.zeros((0, 1, 7), np.float32)
    sure_not = p.turns * (1.0 - p.die_min_prob)
    maybe = [i for i in range(len(dets)) if float(first[i, 0, 0]) <= sure_not]
    checked: dict[int, tuple[float, PipCheck, TopFace | None]] = {}
    large = []
    for i in maybe:
        if dets[i].size < p.strict_min_px:
            continue
        if float(first[i, 0, 0]) > 1.0 - p.die_min_prob:
            large.append(i)  # not yet sure it is a die: a second turn first
            continue
        # with one more turn to come, a value's mean can reach the read threshold only
        # from an upright probability of 2 * threshold - 1
        v = int(np.argmax(first[i, 0, 1:])) + 1
        checked[i] = _pip_check(img, dets[i], top_face=True, retry=float(
            first[i, 0, 1:].max()) >= 2.0 * p.read_threshold - 1.0, want=v)
        pips = checked[i][1]
        if not (p.layout_check and pips.clean and pips.fit.value == v
                and float(first[i, 0, v]) >= p.read_threshold):
            large.append(i)  # needs a second turn
    small = [i for i in maybe if dets[i].size < p.strict_min_px]
    # a large die's value needs its pips to agree too: two turns are enough there
    again = small + large
    turns = [range(1, p.turns)] * len(small) + [range(1, min(p.turns, 2))] * len(large)
    more = dict(zip(again, classify_crops([crops[i] for i in again], turns), strict=True))
    out = []
    for i, d in enumerate(dets):
        if i in more:
            pr = np.concatenate([first[i], more[i]], axis=0)
        elif i in checked:  # a large die read upright, its pips agreeing
            pr = np.repeat(first[i], 2, axis=0)
        else:
            out.append(Candidate(d, np.repeat(first[i], p.turns, axis=0), None, 0.0))
            continue
        if i not in checked and not (p.layout_check
                                     and float(pr[:, 0].mean()) <= 1.0 - p.die_min_prob):
            ang = face_angle(face_crop(img, (d.x, d.y), d.size, 0.0, FACE_PX))
            out.append(Candidate(d, pr, None, ang))
            continue
        ang, pips, top = checked[i] if i in checked else _pip_check(
            img, d, top_face=d.size >= p.strict_min_px,
            retry=float(pr[:, 1:].mean(axis=0).max()) >= p.read_threshold,
            want=int(np.argmax(pr[:, 1:].mean(axis=0))) + 1)
        out.append(Candidate(d, pr, pips, ang, top))
    return out


def top_face_names_another(t: TopFace, value: int) -> bool:
    """The pips on the top face found (``t``) fit a layout other than ``value``'s
    that is not part of it (:func:`vision.layouts.could_be_part_of`): more pips, or
    pips where ``value`` has none. A box shifted off a large die takes in part of its
    face, and the pips there can fit a smaller layout cleanly (one column of a 6 as a
    3, blind seed 22726).

    >>> six = TopFace(True, square=True, whole=True, value=6)
    >>> top_face_names_another(six, 3), top_face_names_another(six, 6)
    (True, False)
    >>> top_face_names_another(TopFace(True, value=2), 3)  # a 3's pip lost to glare
    False
    """
    return t.value is not None and t.value != value and not could_be_part_of(t.value, value)


def pip_off_the_corners(t: TopFace, value: int, seen: int) -> bool:
    """``value`` is a 2 or a 4, seen as ``seen`` pips on the box's crop; the top face
    found (``t``; its pips in px from its centre) shows fewer, and one of them lies
    nearer its centre than :data:`CORNER_PIP_NEAREST` of its side, where a 2 or a 4
    has no pip: the face found is another face, or took in a side face (a red die
    seen obliquely, its top face a 1 and its side face a 2, the box's crop a clean 2
    of one pip from each face: read as 2 on blind seeds 26564 and 26766 of the
    kinds). Where the top face shows as many pips, their own layout speaks
    (:func:`top_face_names_another`): the centre of a face found is less sure than
    its pips (a white 2 on a polka cloth, a dot taken into its face, one pip 0.29 of
    the side from the centre found).

    >>> lone = TopFace(True, side=100.0, pips=np.array([[0.0, 22.0]]))
    >>> pip_off_the_corners(lone, 2, 2), pip_off_the_corners(lone, 6, 2)
    (True, False)
    >>> corner = TopFace(True, side=100.0, pips=np.array([[26.0, 22.0]]))
    >>> pip_off_the_corners(corner, 2, 2)  # the other pip lost to glare or the rim
    False
    """
    if value not in (2, 4) or not 0 < len(t.pips) < seen:
        return False
    nearest = float(np.min(np.hypot(t.pips[:, 0], t.pips[:, 1])))
    return nearest < CORNER_PIP_NEAREST * t.side


def rival_holds_the_pips(mean: NDArray[np.float32], seen: int) -> bool:
    """A value whose pips hold all of the ``seen`` layout's and more
    (:data:`vision.layouts.CONTAINED_IN`) has a mean class probability (``mean``, 7
    classes) of at least :data:`RIVAL_SHARE` of ``seen``'s: the pips seen may be
    part of it, the others lost (a very rounded 5 whose two corner pips lie on the
    shaded rim, a clean 3 on the box's crop, the classifier 0.48 for 3 and 0.30 for
    5: read as 3 on blind seed 23332).

    >>> rival_holds_the_pips(np.array([0, 0, .09, .48, .12, .30, 0]), 3)
    True
    >>> rival_holds_the_pips(np.array([0, 0, .09, .48, .30, .12, 0]), 3)  # a 4 holds no 3
    False
    """
    return any(float(mean[v]) >= RIVAL_SHARE * float(mean[seen]) for v in CONTAINED_IN[seen])


#: :func:`pip_read`: the pips on the box's crop read a die the classifier is unsure of
#: only where they fit their layout clearly, as closely as they must to veto the
#: classifier (``VisionParams.veto_residual``; :func:`_loose_fit`): a red 1's pip and
#: a glare spot beside it fit a 2 loosely (residual 0.27, their centre a third of the
#: half-side off the crop's), and were read as 2, the classifier at 0.46 (blind seed
#: 60096 ``finger-006``, looked at). False: off.
PIP_READ_TIGHT = True


def _loose_fit(pips: PipCheck, p: VisionParams) -> bool:
    """:data:`PIP_READ_TIGHT`: the pips' fit (``pips.fit``) is looser than
    ``p.veto_residual``."""
    return PIP_READ_TIGHT and pips.fit.residual > p.veto_residual


def pip_read(img: NDArray[np.uint8], c: Candidate, fr: FaceRead, p: VisionParams
             ) -> int | None:
    """The value of a large die left unread where two checks of it agree, or ``None``.

    From ``p.strict_min_px`` up a die's pips are large enough to count, and a value
    needs the classifier and the pips on the box's crop to agree (:func:`decide`).
    Where one of them falls short, a third look stands in for it: the die's top face,
    found by colour (:func:`vision.topface.find_top_face`), which must be a whole
    square showing no marks but its pips: a finger across the face, or a side face
    taken in, leaves no whole face; a face seen so obliquely that it is no square
    leaves the die showing a side face nearly as much, which the detector may take
    for a second die (a red 2 whose side face's four pips were detected beside it).
    Two cases:

    - *The classifier is unsure* (under ``p.read_threshold``, or its turned crops
      disagree: glare it takes for a pip, a very rounded die, a side face in the
      crop) but the pips on the box's crop fit a layout cleanly
      (:attr:`vision.face.PipCheck.clean`) and closely (:data:`PIP_READ_TIGHT`), and
      the classifier gives that value at
      least ``p.pip_read_prob`` (mean over its turns): the pips' value, unless the
      top face's own pips fit a layout that those cannot be part of
      (:func:`top_face_names_another`: a box shifted off a 6 took in one column of
      its pips, a clean 3, blind seed 22726; on 6219 images, the kinds' scenes of
      30 seeds, both photo folders and the vision cases, it fired 3 times and
      changed no read), or a larger value that holds those pips is a close second
      for the classifier (:func:`rival_holds_the_pips`: a very rounded 5 whose
      corner pips lie on the shaded rim, read as 3), or the pips are a 2's or a 4's
      and the top face shows a pip off its corners (:func:`pip_off_the_corners`: a
      side face's pip and the top face's 1 made a clean 2).
    - *The pips on the box's crop fit no layout*, or one that could be part of the
      classifier's value (:func:`vision.layouts.could_be_part_of`: pips lost to the
      crop's edge or to an oblique box that takes in a side face), with nothing else
      on the crop (no glare that could be a pip, no mark), but the classifier is sure
      (``p.read_threshold``, every turn naming the value) and the top face's own
      pips fit that value (:attr:`vision.topface.TopFace.value`): the classifier's
      value. The top face may show more pips than the box's crop, never fewer
      where its pips are dark (:data:`TOP_FACE_PIPS_LOST`: glare over a corner pip
      of a white 4 left two), nor where it is no four-cornered square (a red 5 seen
      obliquely: the face found, of five corners, was its side face with four pips,
      the box's crop showing five; read as 4 on a blind seed of the kinds; no other
      read changed on 10219 images).

    Never a 1: one blob fits a 1. On a very rounded 3 or 5 the corner pips lie on
    the shaded rim, outside the face found, with only the centre pip on it (a 3 read
    as 1 on the kinds' scenes), and the numeral of a numeral die's face passes for
    the one pip of a 1 (read as 1 on two seeds).

    :func:`vision.doubts.face_doubt` is then asked of that value as of any other. ``img``: the
    frame (H x W x 3 uint8 BGR); ``c``: the candidate; ``fr``: :func:`decide`'s read.
    """
    pips = c.pips
    if (fr.value is not None or fr.not_a_die or c.det.size < p.strict_min_px
            or pips is None or pips.glare_doubt or pips.marks > 0):
        return None
    mean = c.probs.mean(axis=0)  # a die: decide's not_a_die covers "not a die"
    seen = pips.fit.value
    by_pips = (seen if seen is not None and seen != 1
               and float(mean[seen]) >= p.pip_read_prob and not _loose_fit(pips, p) else None)
    value = int(np.argmax(mean[1:])) + 1
    sure = (value != 1 and float(mean[value]) >= p.read_threshold
            and bool(np.all(c.probs.argmax(axis=1) == value))
            and (seen is None or could_be_part_of(seen, value)))
    if by_pips is None and not sure:
        return None
    t = candidate_top_face(img, c)
    if not (t.found and t.square and t.whole and t.marks == 0):
        return None
    if by_pips is not None:
        # the top face's own pips may be fewer (lost to glare), never another layout
        # that the box's crop's cannot be part of (a 6 whose box took in one column);
        # and no larger value that holds the pips seen may be a close second; a 2's
        # or a 4's pips lie in the corners of the top face, never nearer its centre
        return None if (top_face_names_another(t, by_pips)
                        or rival_holds_the_pips(mean, by_pips)
                        or pip_off_the_corners(t, by_pips, pips.pips)) else by_pips
    # sure: the classifier's value, where the top face's pips fit it and are no fewer
    # than the box's crop shows (a pip lost on the top face is lost to glare)
    return (value if t.value == value and (
        len(t.pips) + TOP_FACE_PIPS_LOST >= pips.pips
        or (not t.dark_pips and t.corners == 4)) else None)


#: :func:`washed_read` on (a switch for the tests that show what it reads).
WASHED_READ = True


#: :func:`washed_read` asks the top face's own crop too (a switch for the tests that
#: show what it reads).
WASHED_TOP = True


#: :func:`washed_read` where the classifier is sure of no value: the least mean
#: probability it must give the value explained (glare fools it into a neighbouring
#: value, a 4 with a corner washed out taken for a 2, giving the 4 0.21..0.31 on
#: development seeds; a 6 it all but rules out, 0.015, was a 5's box over a side face).
WASHED_MIN_PROB = 0.2


#: :func:`washed_read`: no die a hand is over (:func:`vision.hands.hand_share` at least
#: :data:`vision.hands.HAND_SHARE`) is read as a 6 by its washed-out pips: a finger hides pips as
#: glare does, and the 6 that explains the pips left is then a guess (blind seed
#: 53026, ``finger-015``: a red 5 with a finger over a corner pip and a glare spot
#: beside another, read as 6). :func:`vision.doubts.face_doubt` asks no hand of a 6 (no layout
#: holds a 6's pips and more), while it does of the other values. A switch for the
#: tests.
WASHED_NO_HAND = True


def washed_read(img: NDArray[np.uint8], c: Candidate, fr: FaceRead, p: VisionParams
                ) -> int | None:
    """The value of a large die left unread whose pips on the box's crop fit no layout,
    where the classifier is sure of a value (``p.read_threshold``, every turn naming
    it) and that value is the only one that explains the pips found (or, the
    classifier sure of none, where the one value has its unseen pips under glare)
    (:func:`vision.face.explaining_values`): its layout holds each of them at a place
    of its own, and its other places are hidden, not bare face. A glare patch on a
    white die washes out a dark pip, and the pips left fit no layout: a 4 showing
    three pips in an L, a 6 showing five. The fourth corner under the patch makes it
    a 4, and a 5 is ruled out where its centre is bare face; a referee reads such a
    die, and so does this. Where two values explain the pips (a 2 with glare at its
    centre: a 2, or a 3 with its centre pip under the glare) there is no reading; nor
    where the value's unseen pips are not under glare (``glare_only``: lighter than
    the face), since a side face or a shaded rim in the box's crop is no bare face
    either, and over a side face's places a 6 alone can explain a 3's pips.

    Where the classifier is sure of no value (under ``p.read_threshold``, or its
    turns disagree), the glare may be what fooled it (a 4 with a corner washed
    out, taken for a 2): the die is read as the one value that explains the pips
    where every unseen pip of that value lies under glare (both explanations are
    that one value) and the classifier gives it :data:`WASHED_MIN_PROB` or more. On
    seeds 50001..50003 this reads 9 more glare dice right and no other die; without
    the glare, a 4 showing one pip beside a side face is explained as a 6 alone, and
    without the classifier's share, a 5 whose box took in a side face's pip, its
    corner pip under glare, was read as a 6 (blind seed 30301, the classifier at
    0.015 for a 6).

    Not for a 1 (a numeral passes for one pip), nor where the pip finder saw no pip,
    glare in doubt (``glare_doubt``), a mark or an odd blob on the crop; nor for a 6
    where a hand is over the die (:data:`WASHED_NO_HAND`).
    :func:`vision.doubts.face_doubt` then checks the value as any other. On 600 development scenes
    of the ten kinds (seeds 50001..50003) 48 more dice read right, 47 of them on the
    glare kind (71 -> 118 of its 261 dice), and no wrong value or invented die (54
    more without asking for glare over the unseen pips); both photo folders read as
    before, and `../shared/vision-cases` one die more (the glare washout's).

    Where the box's crop gives no value, the same is asked of the top face's own
    crop (:data:`WASHED_TOP`; the face found by colour, :func:`vision.topface.
    find_top_face`, a square with no mark and no layout of its pips; its crop
    :func:`vision.facecrops.top_face_crop`, as :func:`vision.facecrops.top_face_check` looks at
    it). A box that
    takes in a side face (a die seen off vertical) has its centre off the top face and
    the side face's pips or rim in its crop, where a glare patch's washed-out pip
    may also hide among the pips found; on the face a player reads, the same rule
    applies. On the 600 development scenes 15 more dice read right (14 of the glare
    kind: 129 -> 143 of 261, one of the finger kind), on ten blind seeds of the
    kinds (31715..32624, 2000 scenes) 47 more (glare 457 -> 500 of 897, finger 120
    -> 124), with no wrong value or invented die on either; both photo folders,
    `../shared/vision-cases` and :mod:`tools.vision.synth_eval` read as before.

    ``img``: the frame (H x W x 3 uint8 BGR); ``c``: the candidate; ``fr``:
    :func:`decide`'s read. Returns a face value 2..6 or ``None``.
    """
    if (not WASHED_READ or fr.value is not None or fr.not_a_die
            or c.det.size < p.strict_min_px or c.pips is None):
        return None
    got = _washed(c, box_face_crop(img, c.det, c.angle), c.pips, p)
    if got is None and WASHED_TOP:
        t = candidate_top_face(img, c)
        if t.found and t.square and t.marks == 0 and t.value is None:
            face = top_face_crop(img, t)
            got = _washed(c, face, find_pips(face), p)
    if (got == 6 and WASHED_NO_HAND
            and hands.hand_share(img, c.det, candidate_top_face(img, c)) >= hands.HAND_SHARE):
        return None  # a finger may hide the pips unseen, not glare (WASHED_NO_HAND)
    return got


def _washed(c: Candidate, face: NDArray[np.uint8], pips: PipCheck, p: VisionParams
            ) -> int | None:
    """:func:`washed_read`'s rule on one upright face crop (``face``: ``FACE_PX``
    square x 3 uint8 BGR) and the pips found on it (``pips``)."""
    if (pips.fit.value is not None
            or pips.glare_doubt or pips.marks > 0 or pips.odd > 0 or not pips.centres):
        return None
    mean = c.probs.mean(axis=0)
    value = int(np.argmax(mean[1:])) + 1
    sure = (float(mean[value]) >= p.read_threshold
            and bool(np.all(c.probs.argmax(axis=1) == value)))
    explained = explaining_values(face, pips)
    if len(explained) != 1 or 1 in explained:
        return None
    under_glare = explaining_values(face, pips, glare_only=True)
    if sure:  # the one value that explains the pips, its unseen pips under glare
        return value if explained == {value} and value in under_glare else None
    # the classifier unsure or fooled by the glare (a 4 with a corner pip washed out
    # taken for a 2): the one value that explains the pips, and only with glare,
    # and a value the classifier does not all but rule out
    value = next(iter(explained))
    return (value if under_glare == explained and float(mean[value]) >= WASHED_MIN_PROB
            else None)
