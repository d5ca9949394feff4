"""Why a value read is withheld: :func:`face_doubt` and the checks it asks of a
die's top face (glare at its centre, a pip hidden or lost, a mark, a hand, a glyph)
(split out of :mod:`vision.read`).
"""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
from numpy.typing import NDArray

from . import hands
from .dots import dot_grid
from .face import FACE_PX, GLARE_CENTRE, PipCheck, face_crop
from .facecrops import box_face_crop, face_angle, top_face_check
from .layouts import CONTAINED_IN, fit_layout
from .model import Detection
from .stats import distance3, median
from .topface import DISC_CIRCULARITY, TopFace, centre_pip_partners, find_top_face, floor_colour
from .types import VisionParams

#: A d6's pip fills at least this much of its smallest enclosing circle (0.92..1.0
#: on the top faces of 1s of the kinds' scenes, all sizes from 72 px; glare over its
#: rim can bite into it, so this is asked only of faces that are no four-cornered
#: square); the numeral of a d8 / d12 / d20 that the segmentation takes for one
#: round pip fills 0.62..0.90 (:attr:`vision.topface.TopFace.pip_roundness`).
ROUND_PIP = 0.9

#: A 1 whose top face's lightness changes this much inside it
#: (:attr:`vision.topface.TopFace.texture`), on an outline that is no four-cornered
#: square (or no square at all), is a d20 seen whole, its numeral taken for the pip:
#: its facets meet at edges inside the outline. Of the 1172 real 1s read from 60 px
#: on the kinds' scenes of 25 seeds (polyhedra, numerals, very rounded dice, glare,
#: side faces), 1137 measure 1.0 or less; of those on a face that is no
#: four-cornered square, five measure 3.4..4.9, all very rounded faces of seven or
#: eight corners (unreadable with this bar; three of them were at 4.0 too). d20s
#: seen whole that passed every other check measure 2.5..3.8 (at 4.0, the bar
#: before, three were read as 1).
#: Marbled dice's faces can measure more: a four-cornered square is let through (on
#: synthetic marbled and translucent dice of 80..140 px, 2 right reads of 600 dice
#: were lost with it, 9 without).
FACETS = 2.5
#: ... and on an outline of six corners, a hexagon (a d20 seen whole), this much: a
#: dark d20 whose facets differ little measured 2.07, its numeral "2" read as a 1 (a
#: blind seed of the kinds); the right 1s read on six-cornered faces on 6619 images
#: (6400 scenes of the kinds, the shared photos) measure 0.95 at most (41 of them),
#: those on five, seven or eight corners up to 2.06 (very rounded faces).
FACETS_HEXAGON = 1.5

#: A 2 or a 4 whose top face has the face colour on less than this share of a disc
#: of 0.12 of its side about its centre (:attr:`vision.topface.TopFace.centre_clear`)
#: has something over its centre, where a 3's or a 5's centre pip would be: a
#: finger (on the kinds' finger scenes, 0.21 and 0.45 where a 3 was read as 2);
#: right 2s and 4s of the kinds' scenes measure 0.54 and more (glare at the centre).
HIDDEN_CENTRE = 0.5

#: A 3 or a 5 whose centre pip, on its top face, is this many times the area of its
#: other pips (:attr:`vision.topface.TopFace.centre_pip_size`) has glare there, taken
#: for the pip or spread over it: the kinds' glare scenes where a 2 or a 4 was read as
#: a 3 or a 5 measure 1.1..2.1 (3 of 4 over this), right 3s and 5s 0.96..1.04 in 95 %
#: of 917 (16 over this, most with glare on their centre pip: unreadable too).
BIG_CENTRE = 1.35
#: :data:`BIG_CENTRE` and :data:`SMALL_CENTRE` are asked too where the top face's pips
#: and soft-rimmed spots (:attr:`vision.topface.TopFace.glare`) together are the
#: value's count: the face took a corner pip for glare (its rim softened) and the glare
#: at the centre for a pip. Blind seed 238354 `glare-004` (looked at, sixty-fourth
#: pass): a red 4 of 140 px, a soft saturated spot at its centre as white as its pips,
#: read as 5 (four pips and one soft spot on its top face, the centre "pip" 1.78
#: times the others' area). Cost: one right red 5 of the red-box probes (seed 916,
#: scene 101); no other reading changed on the development scenes, the photos or the
#: vision cases. False: the pips alone.
SIZED_WITH_SOFT = True
#: A 3 or a 5 whose centre pip, on its top face, is under this many times the area of
#: its other pips has glare there, smaller than a pip and taken for one: a red 2 with
#: a soft spot of glare at its centre read as 3 (0.66; blind seed 38684 `glare-000`,
#: looked at). The dice read right as 3 or 5 on development seeds 50001..50003 (327,
#: their top faces found in 1.15 times the box read) measure 0.74 and more, 0.86 and
#: more but for two; with the rule, those seeds read exactly as without it. 0: off.
SMALL_CENTRE = 0.7
#: :func:`face_doubt`: a 3 or a 5 whose top face shows a mark and fewer holes (pips
#: and marks) than the value is in doubt as glare (a switch for the tests).
MARKED_ODD = True
#: :func:`face_doubt`: pips that fit the value's layout with their centre over this
#: many half-sides off the top face's centre, with a hand over the die, are the
#: hand's too, on a whole square face. A finger over a 3's corner pip leaves its
#: centre pip and the other corner, a 2's layout at half the size whose centre lies a
#: quarter of the diagonal off: 0.32..0.42 half-sides for corner pips at 0.45..0.6
#: (:data:`vision.layouts.PIP_OFFSET`; a red 3 read as 2 on a blind seed, 0.33). 2s
#: on a top face found a little off (part of a side face taken in) lie 0.23..0.24
#: off: at 0.2 four right reads beside something of skin colour went; at 0.3, two of
#: 22119 images (2s 0.31 and 0.34 off, a finger over one).
HIDDEN_PIP_OFFSET = 0.3

#: :func:`face_doubt`: a 1 whose top face, whole, shows its one pip over
#: this many half-sides off its centre shows a corner pip, no 1's: a 2 whose other
#: pip the box's crop missed (its box off the face) was read as 1 on a blind seed,
#: its pip 0.79 off. A corner pip lies 0.64..0.85 off (at 0.45..0.6 half-sides along
#: each edge); the right 1s of 800 scenes of the kinds lie 0.36 off at most.
CORNER_PIP_OFFSET = 0.5

#: :func:`face_doubt`: a saturated glare spot at the centre of a white die's 2 or 4
#: (:func:`saturated_centre`) whose light part (:func:`centre_spot`) covers under
#: this many pips' areas (:attr:`vision.topface.TopFace.pip_area`, the holes the top
#: face shows) hides no black pip where nothing darker than the face lies beside it
#: (:data:`CENTRE_DARK`): a black pip under a smaller spot shows its rim. Measured on
#: the white-glare kind's scenes (`tools.vision.kinds`: white dice with a spot at every
#: face's centre, half on a polka cloth; seeds 61..66, and 320 more scenes of the same
#: settings) and the polka scenes of development seeds 50001..50007: of 715 reads of
#: right 2s and 4s that saturated glare put in doubt, 309 measure under 0.5 with no
#: rim; of 153 reads of 3s and 5s whose centre pip the spot hid, those without a rim
#: measure 0.63 and more (the spot spread over the pip, a faint rim of 5 levels
#: left), those under 0.5 show a rim of 27 levels or more. 0: off (every saturated
#: spot there is doubted, as before).
GLARE_SPARES_PIP = 0.5
#: :data:`GLARE_SPARES_PIP`: the darkest point within 0.16 of the side of the face's
#: centre (its least channel, smoothed) may lie this many grey levels under the face's
#: median; the right 2s and 4s above measure 10 at most but for 8 of 715 (a polka
#: dot or the face's edge in the disc where the face was found off centre).
CENTRE_DARK = 10.0
#: :func:`face_doubt`: a saturated glare spot at the centre of a white die's 2 or 4
#: whose light part (:func:`centre_spot`) covers under this many pips' areas, over
#: :data:`GLARE_SPARES_PIP`, with nothing :data:`CENTRE_DARK` levels under the face
#: there, hides no black pip where no dark dip :data:`CENTRE_DIP` levels deep lies
#: beside it (:func:`centre_dip`): a spot smaller than a pip cannot cover it whole,
#: and the pip's rim, where the spot's halo lightens it to about the face's grey,
#: still lies darker than the halo on both sides of it. Measured on the development
#: scenes (white probes of seeds 911, 914, 915, 916, 919..922; white-glare scenes of
#: seeds 60..67 and 80..91; the ten kinds of seeds 50001..50007): of 531 reads of
#: right 2s and 4s whose spot measured 0.5..1 of a pip with nothing that dark, every
#: one doubted as glare before, the dip is 6.4 levels at most; the 92 reads of 3s and
#: 5s whose centre pip such a spot covered show dips of 15.7 and more (their rims
#: only 4.9..9.6 levels under the face in the faintest three). Spots of a pip's area
#: and more hid pips whole (dips of 0.8..9.5 levels at 1.01..1.62 pips' areas), so
#: they stay in doubt. 0: off.
DIPLESS_SPOT = 1.0
#: :data:`DIPLESS_SPOT`: the deepest dip, in grey levels, that leaves the spot spared.
CENTRE_DIP = 10.0
#: :func:`face_doubt`: a white die's 2 or 4 with a light spot at its centre (over
#: :data:`SPOT_MIN` of a pip's area, saturated or not) and a dip :data:`CENTRE_DIP`
#: deep beside it (:func:`centre_dip`) is in doubt as glare: a black centre pip under
#: the spot, its rim lightened by the halo to about the face's grey. Blind generator
#: seed 143724 `white-glare-022` (looked at, fifty-ninth pass): a white 3 of about 120
#: px, its centre pip under an unsaturated spot of 0.95 of a pip's area with a grey
#: ring round it, nothing 8 levels under the face away from its pips
#: (:data:`RIM_HIDES_PIP`), read as 2; its dip is 14.9 levels. Of 1119 reads of right
#: 2s and 4s with such a spot and no rim on the development scenes of
#: :data:`DIPLESS_SPOT`, none dips over 6.4. False: off.
DIP_HIDES_PIP = True
#: :data:`CENTRE_DIP` is asked of spots under :data:`GLARE_SPARES_PIP` too: blind
#: generator seed 127968 `white-glare-004` (a misread left since the fifty-third pass):
#: a white 3 of 206 px whose centre pip a saturated spot of 0.33 of a pip's area
#: covers but for a rim 6.3 grey levels under the face, read as 2; its dip is 12.1
#: levels. The right 2s and 4s under such spots on the development scenes of
#: :data:`DIPLESS_SPOT` dip 6.3 at most. False: off.
SMALL_SPOT_DIP = True
#: :func:`face_doubt`: a white die's 2 or 4 whose centre is mostly not of the face's
#: colour (:data:`HIDDEN_CENTRE`) is not in doubt as ``"hidden_centre"`` where what
#: fills it is a light spot of at least this many pips' areas that hides no pip
#: (:func:`_spot_hides_no_pip`: nothing :data:`CENTRE_DARK` levels under the face
#: there, the spot smaller than a pip, no dip beside it): a finger is darker than a
#: white face in its least channel, glare is not. On the development scenes of
#: :data:`DIPLESS_SPOT`, 308 reads of right 2s and 4s were held by that check alone,
#: their spots 0.42 of a pip's area and more; no read of a 3 or a 5 whose pip a spot
#: covered got past the glare checks to it. 0: off.
SPOT_FILLS_CENTRE = 0.3
#: :func:`face_doubt`: a 2 or a 4 of a white die with a light spot at its centre
#: (:func:`centre_spot`: over :data:`SPOT_MIN` of a pip's area :data:`GLARE_STEP`
#: levels brighter than the face, saturated or not) beside something this many grey
#: levels darker than the face, away from the pips found off the centre, is a 3 or a
#: 5 whose black centre pip the spot covers but for a crescent of its rim: in doubt as
#: glare. White-glare scene 12 of seed 61 (looked at): a white 5 whose centre pip a
#: spot 19 levels over the face covered, its rim 74 levels darker, read as 4. On the
#: scenes of :data:`GLARE_SPARES_PIP`, no read of a right 2 or 4 measures this; 9 of
#: the 10 reads of hidden pips under unsaturated spots do (the other 8 were already
#: in doubt). 20 until the fifty-second pass; 8 since: of 382 right reads of large 2s
#: and 4s with such a spot (both photo folders, the vision cases, the development
#: seeds, 1760 kind scenes of seeds 60..71), none measures over 5.0, where a spot
#: that left a thinner rim hid two more centre pips (blind generator seeds 122716
#: and 123625 `white-glare`, looked at: a white 3 and a white 5 read as 2 and 4, rims
#: of 11.7 and 8.8 levels). 0: off.
RIM_HIDES_PIP = 8.0
#: :data:`RIM_HIDES_PIP`: the least light spot, in pips' areas.
SPOT_MIN = 0.1
#: :data:`RIM_HIDES_PIP` also where the top face found is no whole square (a white
#: die on a white cloth, its face run into the floor and found off the die's centre):
#: the spot and its rim are measured about the box's centre, on a disc of the face
#: found or the box, the smaller. Blind seed 117666 `white-glare-009` (looked at): a
#: white 3 on a white polka cloth, the spot over its centre pip leaving the pip's
#: dark rim, its face found 158 px and 40 px off centre in a 173 px box, read as 2.
#: False: off.
RIM_AT_BOX = True

#: :func:`face_doubt`: a top face with no sharp pip that shows more soft spots darker
#: than it (:attr:`vision.topface.TopFace.faded`, pips whose rims glare or blur
#: softened) than the value read is no face of that value: blind seed 40603
#: `glare-001` (looked at), a white 4 whose fourth pip a glare patch washed out, its
#: three others found soft, read as 2. False: off.
FADED_COUNT = True

#: A grey level at or over this in every channel is near saturation (a specular
#: highlight, or a white pip in bright light).
SATURATED = 240
#: A glare spot's core is this many grey levels brighter than anything else on the
#: face (the kinds' glare scenes: 16..52 where a 2 or a 4 was read as a 3 or a 5).
GLARE_STEP = 15
#: ... or this many grey levels brighter than anything else on the face, saturated
#: or not: on a dark die with light pips, glare that stops short of saturation (233
#: over pips of 175 on a red die, a 4 read as 5; 240 over pips of 206 on a blind
#: seed, a 4 read as 5, where 40 was asked before: 7 right reads of 4419 photos
#: lost, one misread caught) is still no pip; a pip is no light source.
BRIGHT_STEP = 30

#: :func:`face_doubt`: a top face found showing more than six pips is no d6's face
#: (``"not_d6"``): a patch of a polka cloth that dice about it set apart, four of its
#: dots read as a 4 (an invented die on blind seed 27271 of the kinds, the cloth
#: not going on past the box on three sides for :func:`vision.dots.dot_grid`). On 6219 images
#: (both photo folders, the vision cases, the kinds' scenes of 30 seeds) it changed
#: no read.
SEVEN_PIPS = True

#: :func:`face_doubt`: the values no die shows where the box's crop holds a blob too
#: long for a pip beside the pip (:attr:`vision.face.PipCheck.odd`: a numeral's
#: stroke) on a top face that is no square: a d12's "8" read as 1 on a blind seed of
#: the kinds (its face a pentagon). On a square face, rounded or not, such a blob is
#: a real 1's shadow or its face's rim: doubting those too lost 83 right reads of 1s
#: on 5219 images. On a square face it counts where the top face's one pip is no
#: disc either (:data:`ROUND_PIP`): a numeral "1" cut by glare, read as 1 on blind
#: seed 23231; no read changed on 6219 images.
ODD_BLOB_VALUES = (1,)

#: :func:`face_doubt`: a 1 on a top face of five corners, no square, under this share
#: of its box's side is a d12's face: a pentagon about half as wide as the die it
#: tops (0.44 and 0.54 on two d12s read as 1 on blind seeds of the kinds, their
#: numerals taken for the pip). A d6's top face spans most of its box: the 1s read
#: right on such faces on 5219 images span 0.63..1.28 (glare patches notching the
#: face of a white 1).
D12_FACE = 0.6

#: The values whose glare core (:func:`saturated_centre`) is looked for at the centre
#: of the die's box as well where its top face found is no square (its centre
#: misplaced: a red die's top face segmented together with a neighbour's): a 4 read
#: as 5, glare at its centre taken for the pip, on a blind seed of the kinds. Not for
#: a 2 or a 4: a highlight near the centre of a very rounded die's box, off the centre
#: of its face, cost 11 right reads on the kinds' scenes and caught no misread.
BOX_GLARE = (3, 5)

#: :func:`face_doubt`: the values whose top face is checked for a pip at its centre,
#: where they have none (``"more_pips"``), on faces that are no clean four-cornered
#: square: 2s only, the value of the misreads it was made for (3s read as 2).
NO_CENTRE_PIP = (2,)
#: :func:`face_doubt`: the values whose top face, with a hand over the die
#: (:func:`vision.hands.hand_share` at least :data:`vision.hands.HAND_SHARE`), may show no pip at
#: its centre
#: (:func:`pip_at_centre`), on any face found: a pip there is no pip of theirs, and
#: the finger may hide others (a red 3 with a finger across the top of its face,
#: the face found below the finger a whole square and the centre and corner pips
#: left read as 2, blind seed 97567 ``finger-006``; it also withholds 19898
#: ``finger-004``'s 3 read as 2 by the first classifier, which
#: :func:`not_the_value_s_pips` was made for). Where no hand is over the die
#: the rule stays :data:`NO_CENTRE_PIP`'s (a speck near a clean 2's centre). Empty:
#: off (a switch for the tests).
FINGER_CENTRE_PIP: tuple[int, ...] = (2, 4)


#: :func:`d6_face_seen`: the most pips a d6's face shows.
MAX_PIPS = 6


def d6_face_seen(img: NDArray[np.uint8], d: Detection) -> bool:
    """A large detection no value was read for is kept as an (unreadable) die only
    if its pips fit the layout of the classifier's value (something on the face
    stopped the read), or it shows a d6's top face: a square (or rounded square)
    region of one colour
    (:func:`vision.topface.find_top_face`) with pips on it, or without marks that
    are no pips. A d8, d12 or d20 face, a numeral die, a cluster of polka dots or a
    hand is not one. Nor is a square showing more than six dark pips
    (:data:`MAX_PIPS`): a die's shadow on a polka cloth, a square of the cloth's dots
    (a blind seed of the kinds); light pips may be more, glare on a white-pipped
    face counted among them."""
    t = find_top_face(img, d.x, d.y, d.size)
    if not (t.found and t.square):
        return False
    if t.dark_pips and len(t.pips) > MAX_PIPS:
        return False
    return len(t.pips) > 0 or t.marks == 0


def face_doubt(img: NDArray[np.uint8], d: Detection, value: int,
               top: TopFace | None = None,
               min_contrast: float = VisionParams.min_body_contrast,
               pips: PipCheck | None = None) -> str | None:
    """Why the top face of a large die read as ``value`` puts that value in doubt,
    or ``None``. For every value:

    - ``"more_pips"``: the top face, found by colour, is a whole square without
      marks whose pips fit a layout that holds all of the value's pips and more
      (a 3 whose centre pip a glare spot turned into a ring, read as a 2): a pip the
      read missed may be there, so the die is unreadable. And a 1 whose centre pip
      has partners as a 3's or a 5's corner pips
      (:func:`vision.topface.centre_pip_partners`: a very rounded 3 whose corner
      pips reach the shaded rim, notches in the face's outline rather than holes).
      And a 2 with a pip within a fifth of the side of its top face's centre, where
      a 2 has none, on a face that is no clean four-cornered square: a 3 whose third
      pip a finger hides (the finger notches the face's outline), or one seen
      obliquely whose side face spoils the box's crop; its corner and centre pips
      fit a 2's layout at half its size. (On faces of four corners this cost 5
      right reads of 2s, a speck or polka dot near their centre, for the same two
      misreads.) And a 1 whose top face, whole, shows its one pip over
      :data:`CORNER_PIP_OFFSET` half-sides off its centre: a corner pip, the face's
      other pips outside the box's crop or hidden (on a face that is no square too:
      a finger across a red 2, boxed apart from the die, cut the face found short
      of a square, blind seed 19393; no other read changed on 10219 images). And a 1
      whose top face, a whole square, shows two pips or more and none at its centre
      (:data:`ONE_PIP_CENTRED`: a white 2 boxed round one of its pips). And a 2 to
      a 5 whose top face found is whole but no square and no flat face, showing
      fewer pips than the value off its centre: two faces of a leaning die taken as
      one (:data:`LEANING_FACE`).
      And any value whose top face, a whole square of other than four corners with
      no marks, shows more pips than the value in no layout: the face found took in
      a side face of the die's colour, and the box's crop may have counted some of
      its pips with the top face's (a red 1 seen obliquely, its box over the 1's pip
      and a side face's pip, read as 2, blind seed 18787). 4 right reads of 10219
      images went with it (a red 3 whose side face's two pips the face took in);
      on four-cornered faces it cost 39. And any value whose top face shows no sharp
      pip but more soft spots darker than the face than the value
      (:data:`FADED_COUNT`: pips whose rims glare or blur softened, a white 4 under a
      glare patch read as 2).

    - ``"not_d6"``, for every value but 6: the top face found shows more than six
      pips (:data:`SEVEN_PIPS`): no d6's face does; it is a patch of a polka cloth
      that the dice about it set apart.

    - ``"glare"``: a 2 or a 4 with a near-saturated highlight at the centre of its
      face (:func:`saturated_centre`), where a 3's or a 5's centre pip would be:
      glare that bright washes out a dark pip (a white 5 read as 4) and hides a
      light one; the die is unreadable. (A soft spot that does not saturate is let
      through: counting it too cost 10 more right reads of 2s and 4s on the kinds'
      scenes and caught no other misread.) But a soft spot there that is darker
      than the face, on a face whose pips are darker than it
      (:attr:`vision.topface.TopFace.faded`), is a centre pip that glare washed out:
      glare is never darker than the face it lies on (a white 3 read as 2).
    - ``"hidden_centre"``: a 2 or a 4 whose face centre is mostly not of the face
      colour (:data:`HIDDEN_CENTRE`): a finger over it (a 3 read as 2); the die is
      unreadable.

    Odd values can be faked in more ways (a single or a centre pip):

    - ``"not_d6"``: a 1 whose face outline is a triangle (a d8 or d20 face), or has
      five corners or more (a d12's pentagon, a d20 seen whole) and a mark that is no
      pip where the pip should be (a numeral: the classifier and the pip check take
      the numeral of a d8 / d12 / d20 face for the one pip of a 1; a square d6 face
      with a glare patch over its pip is not doubted this way);
      A 1 whose one mark is not a disc (it fills less than :data:`ROUND_PIP` of
      its smallest enclosing circle: the numeral of a d12 or d20 seen whole, whose
      outline of five to seven corners can pass for a rounded square) on a face that
      is no four-cornered square, or that shows other marks beside it (a d20's
      facets and numeral, segmented as one blob of four corners), is no d6 either
      (glare over a real 1's pip can bite into its disc, on a face clear of other
      marks), nor one with other marks beside it on a face that is no square (a
      numeral split in two), nor one whose box's crop (``pips``, the candidate's
      :class:`vision.face.PipCheck`) shows a blob too long for a pip beside the pip on
      a face that is no square (:data:`ODD_BLOB_VALUES`: a d12's numeral), nor one
      on a face of five corners, no square, under :data:`D12_FACE` of its box (a
      d12's pentagon);
    - ``"mark"``: a 1 whose top face shows no pip but a mark or a soft-rimmed spot,
      where the face is no four-cornered square (the numeral of a d20 seen whole,
      whose outline of six corners can pass for a rounded square) or where the pip
      was found only on the top face (``top`` given: a numeral on a d6's face): the
      read rests on that face, which shows no pip (but where that face's own crop
      shows one round pip cleanly and nothing else, :data:`TOP_CROP_ONE_PIP`: a
      pip and a glare spot run together). So is one on a four-cornered
      square face whose pip was found on the box's crop, where the pip finder finds
      no pip on the top face's own crop either (:func:`pip_on_top_face`: a numeral,
      glare on it or not, part of whose glyph passed for a pip on one crop), or finds
      pips beside an odd blob, too long for a pip and too small for a mark
      (:attr:`vision.face.PipCheck.odd`: a numeral cut up by a glare spot, a piece or
      two taken for pips: 5 numerals read as 1, on blind seeds 5959, 6262 and 17676
      and on 150 numeral scenes of seed 9802; no right read lost on 8919 images). A
      real 1 whose pip merges with
      glare at its rim is then unreadable too (5 right reads of 6019 scenes of the
      kinds for 3 numerals read as 1); glare that bites less into the pip leaves it
      a pip on the top face's crop, and the 1 is read;
    - ``"facets"``: a 1 whose top face is no flat face
      (:attr:`vision.topface.TopFace.texture` over :data:`FACETS`, or over
      :data:`FACETS_HEXAGON` on an outline of six corners) and no four-cornered
      square: a d20 seen whole, whose six-cornered outline passes for a
      rounded square (or of which only part stands apart) and whose numeral fills in
      to a round pip; the die is unreadable;
    - ``"glare"``: a 3 or a 5 whose face shows a soft-rimmed spot (specular glare)
      within a fifth of the side of its centre, taken for the centre pip (the pips
      around it may be lost to the glare too); or whose centre holds a
      near-saturated core brighter than the rest of the face
      (:func:`saturated_centre`: glare with a rim sharp enough to pass for a pip),
      looked for at the box's centre too where the top face found is no square
      (:data:`BOX_GLARE`). A soft spot at the centre is no glare where the face's
      soft spots and pips together are exactly the value's
      (:func:`soft_rimmed_pips`). A real 3 or 5 with glare on its centre pip is then
      unreadable too: the two
      cannot be told apart. So is a 3 or a 5 whose centre pip is over
      :data:`BIG_CENTRE` times the size of its other pips on the top face, or under
      :data:`SMALL_CENTRE` times it; and one whose top face, a whole square (not
      close to a disc) whose pips are not dark
      (:attr:`vision.topface.TopFace.dark_pips`), shows a mark and fewer holes,
      pips and marks together, than the value (:data:`MARKED_ODD`: a red 2's glare
      spot between its centre and a pip, which the top face merged with that pip
      into one mark, read as 3 on blind seed 44138; on a very rounded die the corner
      pips lie on the shaded rim and are not counted); and one whose top face took
      its white pips for soft spots, where the face's own crop tells the centre spot
      from them as glare (:data:`CENTRE_GLARE_ON_FACE`).

    - ``"unseen"``: no top face stands apart from the floor around it (a dark d20
      on a floor of its colour, its numeral taken for the pip of a 1): the face
      cannot be checked, so the die is unreadable. For a 2, a 4 or a 6 it is
      ``"not_d6"`` where the colour at the box's centre also goes on past the box on
      three sides or more (:meth:`vision.topface.Body.floor_all_round`, against
      ``min_contrast``, ``VisionParams.min_body_contrast``): pips in an even value's
      layout on the floor's own colour are a grid of a polka cloth's dots (four of
      them read as a 4 between two dice whose shadows set the patch apart from the
      cloth). A light die on a light floor, whose face the segmentation cannot set
      apart, keeps its value: its face stops at its outline.

    And for every value but 6, ``"hand"``: no top face stands apart at all (a
    finger along a red 6's middle pips cut its face in two; its corner pips read as
    a 4 on a blind seed of the kinds), or the top face found is no square, or a square
    that is not whole (the finger notches it: a red 4 read as 2 on a blind seed of
    the kinds; 27 right reads fewer on 10719 images, 22 of them of dice a finger is
    over or beside, on the finger kind's scenes), or the pips that fit the value
    (``pips``) lie over :data:`HIDDEN_PIP_OFFSET` off the face's centre (a finger
    over a 3's corner pip, outside the whole square face found), or the pips on the
    top face found are not the value's (:func:`not_the_value_s_pips`: more of them,
    or their centre that far off the face's: a corner pip of a 2 whose other pip a
    finger hides, read as 1 on a blind seed; a 3 read as 2, a 4 as 2, a 6 as 4 on
    blind seeds 19898 and 19999), or, where ``top`` was found with its colour held
    closer, the face found at the first threshold shows more pips than the value
    (:func:`_loose_face_not_the_value_s`), and a
    skin-coloured region reaches from outside the die into its box or its top face,
    over at least a pip's area of it (:func:`vision.hands.hand_share`,
    :data:`vision.hands.HAND_SHARE`): a finger
    over the die hides pips, and what is left can fit a smaller value (a 5 with its
    centre covered, a 6 with a column covered, a 2 with a finger along the side that
    holds its second pip); the die is unreadable and the player is asked to take the
    hand away.

    Where no ``top`` is given and the top face found is under :data:`FACE_REFIT` of
    the box's side (a box far larger than the die) and no whole square, the same
    doubts are asked again of a box :data:`REFIT_BOX` times the face found, about its
    centre, and either's doubt counts.

    From :func:`vision.topface.find_top_face`; ``top`` is the top face the pip check
    segmented for this detection because the box's crop fit no layout cleanly
    (:attr:`Candidate.top`), so a value given rests on its pips.
    """
    why = _face_doubt(img, d, value, top, min_contrast, pips)
    if why is not None or (top is not None and not REFIT_WITH_TOP) or not FACE_REFIT:
        return why
    t = top if top is not None else find_top_face(img, d.x, d.y, d.size)
    off = (REFIT_OFF_CENTRE > 0 and t.found
           and math.hypot(t.center[0] - d.x, t.center[1] - d.y) > REFIT_OFF_CENTRE * d.size)
    if not (t.found and (t.side < FACE_REFIT * d.size or off) and not (t.square and t.whole)):
        return None  # no face found, one of about the box's size on it, or a whole square
    return _face_doubt(img, Detection(t.center[0], t.center[1], REFIT_BOX * t.side, d.score),
                       value, None, min_contrast, None)


#: :func:`face_doubt`: where the top face found is under this share of the box's side,
#: and no whole square, its doubts are asked again of a box :data:`REFIT_BOX` times the
#: face, about its centre. The top face's segmentation is set for a box about the
#: die's size: in a box far larger it can take in a side face or lose the pips (blind
#: seed 115242 `white-glare-013`, looked at: a white 3 boxed at 186 px, its face 115
#: px, the centre pip under a glare spot; the face found at 186 px showed no pip and
#: was no whole square, so the spot went undoubted and the 3 was read as 2; at 110..140
#: px the face is whole with its two pips and the spot doubted as glare). It also
#: catches two blind misreads left unfixed before: a red 4 with a small glare spot
#: beside its centre read as 5 (107162 `glare-010`, doubted on boxes of 145..147 and
#: 150..152 px but not on the detector's 149) and a 58 px box on part of a numeral die
#: read as 1 (106253 `numerals-text-002`). A face found whole and square is left: its
#: segmentation held, and the bench's synthetic dice, boxed at 0.53..0.7 of their
#: face, were asked again each (about a tenth more time a throw); a first form without
#: that exception caught the same misreads and cost 4 right reads of 2538 on the
#: development seeds 50001..50007 (very rounded dice and a polka scene's die, now
#: unreadable). With it, 2 (two very rounded dice whose disc face the segmentation
#: left short of whole), and none on the photos or the vision cases. 0: off.
FACE_REFIT = 0.7
REFIT_BOX = 1.2
#: :data:`FACE_REFIT` also where ``top`` is given (the top face the pip check
#: segmented): that face, small in a box far larger and no whole square, is asked
#: again the same way. Blind seed 134634 ``glare-001`` (looked at): a white 4 of about
#: 150 px boxed at 216 px, a glare patch over one corner pip; the face found (116 px,
#: a disc, not whole) showed no sharp pip, the upright look at the box read 2, and the
#: face asked again in a box 1.2 times it shows more pips than 2. False: off.
REFIT_WITH_TOP = True
#: :data:`FACE_REFIT` also where the top face found, no whole square, is centred over
#: this share of the box's side off the box's centre, whatever its size: the box lies
#: off the die, round part of its face and a side face, and the face's segmentation
#: was set for it. Blind seed 103223 ``polka-006`` (looked at, left since the
#: forty-eighth pass): a white 2 seen obliquely on a dark polka cloth, boxed at 131 px
#: round one pip and a side face, read as 1; the face found (144 px, square, not
#: whole) is centred 0.32 of the box off it, and asked again in a box 1.2 times it
#: about its centre it is a whole square showing both pips. 0: off.
REFIT_OFF_CENTRE = 0.25


def _face_doubt(img: NDArray[np.uint8], d: Detection, value: int,
                top: TopFace | None = None,
                min_contrast: float = VisionParams.min_body_contrast,
                pips: PipCheck | None = None) -> str | None:
    """:func:`face_doubt` for the box ``d`` as it is."""
    if value == 6:  # no layout holds a 6's pips and more; its pips agreed with it
        return "not_d6" if dot_grid(img, d, min_contrast, top) else None
    if (RINGED_PIP and value == 1 and top is None and pips is not None and pips.centres
            and ringed_by_pips(img, d, pips)):
        return "mark"  # a numeral's loop, its hole taken for a pip: see RINGED_PIP
    t = top if top is not None else find_top_face(img, d.x, d.y, d.size)
    if not t.found:
        if hands.hand_share(img, d, t) >= hands.HAND_SHARE:
            return "hand"  # a finger across the face cuts it up: none stands apart
        # no face stands apart from the floor around it: a dark d20 on a floor of
        # its colour, whose numeral is taken for a 1's pip, cannot be told from a d6
        if value in (1, 3, 5):
            return "unseen"
        return "not_d6" if dot_grid(img, d, min_contrast, t) else None
    if SEVEN_PIPS and len(t.pips) > 6:
        return "not_d6"
    if (OFF_CENTRE_LINE and value in (3, 5) and pips is not None and pips.fit.value == value
            and pips.fit.offset > OFF_CENTRE_LINE and pips.fit.residual > LOOSE_LINE):
        return "more_pips"  # a 6's column, its other column washed out: see OFF_CENTRE_LINE
    if ((not (t.square and t.whole) or (pips is not None and pips.fit.value == value
                                        and pips.fit.offset > HIDDEN_PIP_OFFSET)
         or not_the_value_s_pips(t, value) or _loose_face_not_the_value_s(img, d, t, top, value)
         or (value in FINGER_CENTRE_PIP and pip_at_centre(t)))
            and hands.hand_share(img, d, t) >= hands.HAND_SHARE):
        return "hand"
    if (t.square and t.whole and t.marks == 0 and t.value is not None
            and t.value in CONTAINED_IN[value]):
        return "more_pips"
    if _leaning_face(t, value):
        return "more_pips"  # two faces of a leaning die taken as one: see LEANING_FACE
    if (value == 1 and t.whole and len(t.pips) == 1
            and pips_off_centre(t) > CORNER_PIP_OFFSET):
        return "more_pips"  # the one pip on the face lies at a corner: no 1
    if (t.square and t.whole and t.corners != 4 and t.marks == 0 and t.value is None
            and len(t.pips) > value):
        return "more_pips"  # more pips than the value, in no layout: two faces' pips
    if MORE_PIPS_UNSQUARE and t.whole and not t.square and len(t.pips) > value:
        return "more_pips"  # a top face and a side face found as one: see MORE_PIPS_UNSQUARE
    if FADED_COUNT and not len(t.pips) and len(t.faded) > value:
        return "more_pips"  # more pips than the value, their rims soft: no pip is added
    if (DARK_PIPS_MORE and t.square and t.whole and t.corners == 4 and t.value is None
            and t.dark_pips and len(t.pips) and int(
                (np.abs(t.pips).max(axis=1) <= DARK_PIPS_INSIDE * t.side).sum()) > value):
        return "more_pips"  # more black pips than the value: see DARK_PIPS_MORE
    def at_centre(spots: NDArray[np.float64]) -> bool:  # within a fifth of the side
        return near_face_centre(spots, t.side)

    glare_at_centre = at_centre(t.glare) and not soft_rimmed_pips(t, value)
    if (ONE_PIP_CENTRED and value == 1 and t.square and t.whole and len(t.pips) >= 2
            and not at_centre(t.pips)):
        return "more_pips"  # a 1's pip is at its face's centre: a 2's pip, boxed apart
    if value in NO_CENTRE_PIP and t.square and t.corners != 4 and at_centre(t.pips):
        return "more_pips"  # a 2 has no centre pip: a 3 with a corner pip hidden
    if value in (2, 4):
        ts = _faded_as_dark(t)  # a face of soft black pips measured as one of sharp ones
        spot = centre_spot(img, ts) if GLARE_SPARES_PIP or RIM_HIDES_PIP else None
        spared = small_glare_spares(pips, value) and not (
            SPARE_CLEAR and t.centre_clear < SPARE_CLEAR)  # see SPARE_CLEAR
        dip = centre_dip(img, ts) if spot is not None else None  # asked twice below
        harmless = _spot_hides_no_pip(spot, dip)
        if at_centre(t.faded) or (
                saturated_centre(img, t.center, t.side) and not spared and not harmless):
            return "glare"
        if (RIM_HIDES_PIP and spot is not None and spot[0] >= SPOT_MIN
                and spot[2] >= RIM_HIDES_PIP):
            return "glare"  # a light spot with a black pip's rim beside it
        if (RIM_HIDES_PIP and RIM_AT_BOX and spot is None
                and (box := centre_spot(img, ts, (d.x, d.y, min(t.side, d.size))))
                is not None and box[0] >= SPOT_MIN and box[2] >= RIM_HIDES_PIP):
            return "glare"  # the same about the box's centre: see RIM_AT_BOX
        if (DIP_HIDES_PIP and spot is not None and spot[0] >= SPOT_MIN
                and dip is not None and dip >= CENTRE_DIP):
            return "glare"  # a pip's rim under the spot's halo: see DIP_HIDES_PIP
        if t.centre_clear < HIDDEN_CENTRE and not spared and not (
                SPOT_FILLS_CENTRE and harmless and spot is not None
                and spot[0] >= SPOT_FILLS_CENTRE):
            return "hidden_centre"
    if value not in (1, 3, 5):
        return None
    if value == 1 and (t.corners == 3 or (t.corners >= 5 and len(t.pips) == 0
                                          and t.marks > 0)
                       or (len(t.pips) == 1 and t.pip_roundness < ROUND_PIP
                           and not (t.square and t.corners == 4 and t.marks == 0))
                       or (t.marks > 0 and not t.square)):
        return "not_d6"
    if LOOPED_PIP and value == 1 and len(t.pips) == 1 and pip_loop(img, t) >= LOOP_MIN_PX:
        return "not_d6"  # the one "pip" has a hole of the face's colour: see LOOPED_PIP
    if value == 1 and not (t.square and t.corners == 4) and (
            t.texture > FACETS or (t.corners == 6 and t.texture > FACETS_HEXAGON)):
        return "facets"
    if (value == 1 and len(t.pips) == 0 and (t.marks > 0 or len(t.glare) > 0)
            and ((top is not None and not one_pip_on_top_crop(img, t))
                 or not (t.square and t.corners == 4))):
        return "mark"
    if (value == 1 and len(t.pips) == 0 and t.marks > 0 and top is None
            and not pip_on_top_face(img, t)):
        return "mark"  # a numeral on a square face: no pip on the top face's own crop
    if value in ODD_BLOB_VALUES and pips is not None and pips.odd > 0 and (
            not t.square or (len(t.pips) == 1 and t.pip_roundness < ROUND_PIP)):
        # a numeral's stroke beside a blob taken for the pip; on a square face, where
        # the top face's one "pip" is no disc either (a numeral "1" cut by glare)
        return "not_d6"
    if value == 1 and not t.square and t.corners == 5 and t.side < D12_FACE * d.size:
        return "not_d6"  # a d12's pentagon, small in its box
    disc = t.round_face and t.circularity >= DISC_CIRCULARITY
    if value == 1 and (centre_pip_partners(img, d.x, d.y, d.size, disc) or (
            PARTNERS_CLOSER and disc and t.side < FACE_REFIT * d.size
            and centre_pip_partners(img, d.x, d.y, PARTNERS_CLOSER * d.size, disc))):
        return "more_pips"
    lit = value in (3, 5) and light_centre_pip(img, t)  # asked by three checks below
    if (value in (3, 5) and not dark_centre_pip(t, value) and not black_centre_pip(img, t)
            and not lit):
        if glare_at_centre:
            return "glare"
        if _face_crop_sees_glare(img, t, value):
            return "glare"  # the face's own crop tells its centre spot: CENTRE_GLARE_ON_FACE
        if saturated_centre(img, t.center, t.side) or (
                value in BOX_GLARE and not t.square and saturated_centre(img, (d.x, d.y), d.size)):
            return "glare"
    if value in (3, 5) and (len(t.pips) == value or (
            SIZED_WITH_SOFT and len(t.pips) + len(t.glare) == value)) and not (
            SMALL_CENTRE <= t.centre_pip_size <= BIG_CENTRE) and not (
                BLACK_CENTRE_SIZED and (black_centre_pip(img, t) or lit)):
        return "glare"  # glare taken for the centre pip, spread over it or smaller
    if (MARKED_ODD and value in (3, 5) and t.square and t.whole and not t.round_face
            and not t.dark_pips and t.marks > 0 and len(t.pips) + t.marks < value
            and not lit):
        return "glare"  # a glare spot merged with a pip: fewer holes than pips
    return None


#: :func:`face_doubt`: a 3 or a 5 whose pips on the box's crop fit the value with their
#: centre over this many half-sides off the crop's centre and loosely (residual over
#: :data:`LOOSE_LINE`) is in doubt (``"more_pips"``): a 3's or a 5's centre pip lies at
#: the face's centre, and three pips in a line off it, spaced closer than a 3's
#: diagonal, are a 6's column whose other column glare washed out. Blind seeds 92921
#: `glare-009` and 105647 `glare-007` (looked at): white 6s so washed, read as 3, their
#: fits 0.33 and 0.35 off the centre with residuals 0.26 and 0.27. Of the 886 dice read
#: right as 3 or 5 with their pips agreeing (both photo folders, the vision cases, the
#: development seeds 50001..50007), 18 fit over 0.3 off the centre, their residuals
#: 0.19 at most. 0: off.
OFF_CENTRE_LINE = 0.3
LOOSE_LINE = 0.22

#: :func:`face_doubt`: a 1 whose one pip on the top face found holds a hole of at least
#: :data:`LOOP_MIN_PX` px of the face's colour, at the frame's own resolution
#: (:func:`pip_loop`), is no d6 (``"not_d6"``): a pip is a filled disc, a numeral's
#: "6", "8", "9" or "0" has a loop. Blind seed 139076 ``polyhedra-001`` (looked at): a
#: navy d20 seen whole, its six-cornered outline a "disc" face, its light "9" filled in
#: to a round pip on the 48 px crops (0.93 of its circle), read as 1. Of 615 dice read
#: right as 1 with one pip on their top face (both photo folders, the vision cases,
#: the development seeds 50001..50007, 300 scenes of the glare, white-glare, numeral,
#: polyhedra and rounded kinds), one shows a hole, of 2 px on a pip of 2 px radius.
#: False: off.
LOOPED_PIP = True
#: :data:`LOOPED_PIP`: the least hole, px.
LOOP_MIN_PX = 4


def pip_loop(img: NDArray[np.uint8], t: TopFace) -> int:
    """The largest hole, px, in the first pip of the top face ``t`` (found, with a pip),
    measured in ``img`` (H x W x 3 uint8 BGR) at its own resolution: the pip is the
    connected region (8-neighbours) at its centre whose Lab colour lies over half as
    far from the face's (the median of a ring 1.4..2 pip radii out; the radius from
    :attr:`vision.topface.TopFace.pip_area`) as the pip's own (the 90th percentile
    within its radius), the one of them with most of the pip's disc; a hole is a
    region of the rest (4-neighbours) inside the window of 2 radii that it closes
    round. 0 where there is none, or no window."""
    if not (t.found and len(t.pips) and t.pip_area > 0):
        return 0
    c, s = math.cos(math.radians(t.angle)), math.sin(math.radians(t.angle))
    u, v = t.pips[0]
    x, y = t.center[0] + u * c - v * s, t.center[1] + u * s + v * c
    r = math.sqrt(t.pip_area / math.pi)
    reach = math.ceil(2.0 * r)
    h, w = img.shape[:2]
    x0, y0 = max(int(x) - reach, 0), max(int(y) - reach, 0)
    x1, y1 = min(int(x) + reach + 1, w), min(int(y) + reach + 1, h)
    if x1 - x0 < 5 or y1 - y0 < 5:
        return 0
    window = np.ascontiguousarray(img[y0:y1, x0:x1])
    lab = cv2.cvtColor(window, cv2.COLOR_BGR2Lab).astype(np.float32)
    dy = np.arange(y0, y1, dtype=np.float32)[:, None] - y
    dx = np.arange(x0, x1, dtype=np.float32)[None, :] - x
    d = np.sqrt(dy ** 2 + dx ** 2)
    ring = lab[(d > 1.4 * r) & (d < 2.0 * r)]
    if not ring.size or not (d < r).any():
        return 0
    dist = distance3(lab, median(ring, axis=0))
    pip = (dist > 0.5 * float(np.percentile(dist[d < r], 90))).astype(np.uint8)
    n, labels = cv2.connectedComponents(pip, connectivity=8)
    inside = np.bincount(labels[d < r].ravel(), minlength=n)
    inside[0] = 0
    k = int(np.argmax(inside))  # the region with most of the pip's disc: a "0"'s
    if k == 0:  # centre is its hole
        return 0
    rest = (labels != k).astype(np.uint8)
    n, _, stats, _ = cv2.connectedComponentsWithStats(rest, connectivity=4)
    hh, ww = rest.shape
    holes = [int(a) for bx, by, bw, bh, a in stats[1:n].tolist()
             if bx > 0 and by > 0 and bx + bw < ww and by + bh < hh]
    return max(holes, default=0)


#: :func:`face_doubt`: a 1's centre pip on a face close to a disc (a very rounded
#: die) found under :data:`FACE_REFIT` of its box is asked for partners
#: (:func:`vision.topface.centre_pip_partners`) in its box and again in a box this
#: share of it about the same centre: in a box much larger than the die, the looser
#: face segmented there takes in the floor and the partners are lost. (Asked of every
#: 1, it cost right 1s among a polka cloth's dots: 2 of 480 development kind scenes,
#: 2 of the first polka scenes of seeds 50001..50007; of every disc face, one of the
#: 480, a white 1 whose shaded corners the closer box showed as a pair.) A very rounded
#: white 3 of about 100 px, its pips in a column on its disc face, boxed at 126 px,
#: showed one pip on the top face found (60 px, the flat of the disc) and read as 1;
#: its partners show at 100 px (blind seed 130998 `rounded-008`, rendered and read
#: on OpenCV 4.10 and read the same on 5.0; looked at). 0: off.
PARTNERS_CLOSER = 0.8

#: :func:`face_doubt`: a 3 or a 5 whose top face found, a whole square, shows soft
#: spots at its centre and about, exactly the value's holes with its pips
#: (:func:`soft_rimmed_pips`: a red die's white pips, as white as glare, that the
#: face's segmentation took for glare, so the spot at the centre is not doubted
#: there), is in doubt where the top face's own crop (:func:`vision.facecrops.top_face_check`) tells
#: the centre spot from the pips as glare (its rim softer, or it wider and brighter
#: than them: :func:`vision.face.find_pips`) and the pips left fit the value without
#: its centre pip (a 2 for a 3, a 4 for a 5), in doubt by that spot
#: (``glare_doubt``). Blind seed 55147 ``glare-012`` (looked at): a red 2 with a glare
#: spot at its centre, read as 3 from the box's crop, whose dark floor in the corners
#: set its polarity so its light-pip checks were not made. False: off.
CENTRE_GLARE_ON_FACE = True


#: :func:`face_doubt`: a 1 whose box's crop is ringed by its pip's colour, which is
#: neither the face's nor the floor's (:func:`ringed_by_pips`), is in doubt
#: (``"mark"``): the "face" is a numeral's bold loop filling the crop, the "pip" its
#: hole, and the ring the die's real face around the numeral (a white numeral die's 6,
#: read as 1 at 0.81, its hole a light pip on a black "face", blind seed 76357
#: `numerals-text-000`, looked at). False: off.
RINGED_PIP = True
#: :func:`ringed_by_pips`: the rim's colour is within this share of the face-to-pip
#: distance of the pip's, and at least :data:`RING_APART` (Lab, OpenCV's 0..255
#: scaling) from both the face's and the floor's (a die's box crop takes in the floor
#: beside its face, and a polka cloth's dots can be its pips' colour). That numeral:
#: 0.00, 144 from the floor, 201 from the face. Of the 380 dice read as 1 from 72 px
#: up on the development seeds 50001..50007, 15 measure under 0.3, every one with its
#: rim within 42 of the floor's colour (0.04 and up where the rim is the floor;
#: 0.27 on a polka cloth, 42 from it).
RING_LIKE_PIP = 0.15
RING_APART = 60.0
#: The rim: the crop's outer band of this share of its side.
RING_BAND = 0.1


def ringed_by_pips(img: NDArray[np.uint8], d: Detection, pips: PipCheck) -> bool:
    """Whether the box's crop of ``d`` (:func:`vision.facecrops.box_face_crop`, as its pip check
    read
    it; ``pips`` is that check, with its pips' centres) is ringed by the pips' colour:
    the median Lab colour of its outer :data:`RING_BAND` lies within
    :data:`RING_LIKE_PIP` of the face-to-pip distance of the pips' colour (the median
    of 3 x 3 px at each pip's centre), and at least :data:`RING_APART` from both the
    face's (the median of the crop's middle two thirds) and the floor's
    (:func:`vision.topface.floor_colour`, the nearer estimate). A real die's face
    reaches the crop's rim, or its side faces or the floor do; a numeral's bold loop
    that fills the crop has the die's face all round it, the colour of the hole
    inside the loop that was taken for the pip."""
    ang = face_angle(face_crop(img, (d.x, d.y), d.size, 0.0, FACE_PX))
    crop = box_face_crop(img, d, ang)
    n = crop.shape[0]
    lab = cv2.cvtColor(crop, cv2.COLOR_BGR2Lab).astype(np.float32)
    inner = slice(n // 6, n - n // 6)
    face = median(lab[inner, inner].reshape(-1, 3), axis=0)
    b = max(round(RING_BAND * n), 1)
    rim = median(np.concatenate([lab[:b].reshape(-1, 3), lab[-b:].reshape(-1, 3),
                                 lab[b:-b, :b].reshape(-1, 3),
                                 lab[b:-b, -b:].reshape(-1, 3)]), axis=0)
    c = (n - 1) / 2.0
    spots = []
    for x, y in pips.centres:
        px, py = round(x + c), round(y + c)
        spots.append(lab[max(py - 1, 0):py + 2, max(px - 1, 0):px + 2].reshape(-1, 3))
    pip = median(np.concatenate(spots), axis=0)

    def dist(a: NDArray[np.float32], b: NDArray[np.float32]) -> float:
        return float(distance3(a[None], b[None])[0])

    floor = floor_colour(img)
    return (dist(rim, pip) < RING_LIKE_PIP * max(dist(face, pip), 1.0)
            and dist(rim, face) >= RING_APART
            and min(dist(rim, floor[0]), dist(rim, floor[1])) >= RING_APART)


def _face_crop_sees_glare(img: NDArray[np.uint8], t: TopFace, value: int) -> bool:
    """:data:`CENTRE_GLARE_ON_FACE`'s test of a 3 or a 5 (``value``) on the top face
    found (``t``) in the frame ``img`` (H x W x 3 uint8 BGR)."""
    if not (CENTRE_GLARE_ON_FACE and t.found and t.square and t.whole
            and soft_rimmed_pips(t, value) and len(t.glare)
            and float(np.min(np.hypot(t.glare[:, 0], t.glare[:, 1]))) < GLARE_CENTRE * t.side):
        return False
    check = top_face_check(img, t)
    return check.glare_doubt and check.fit.value == value - 1


#: :func:`dark_centre_pip`: a 3 or a 5 on a face with dark pips whose centre pip shows
#: as dark under a glare spot is no glare's "pip" (a switch for the tests).
DARK_CENTRE_PIP = True


def dark_centre_pip(t: TopFace, value: int) -> bool:
    """The top face found (``t``) shows a 3's or a 5's centre pip as a dark pip under
    glare, so the centre spot :func:`face_doubt` would doubt as glare is the pip itself.

    On a face whose pips are darker than it (:attr:`vision.topface.TopFace.dark_pips`:
    a white die's black pips), glare, never darker than the face it lies on, cannot pass
    for a pip; a soft-rimmed spot at the centre darker than the face
    (:attr:`vision.topface.TopFace.faded`) is the centre pip with a highlight in it.
    A sharp "pip" at the centre does not count: the face's pip finder can take a glare
    spot there for one, and whether the face's pips are dark is measured over all of
    them (a white 2 with glare at its centre was read as 3 on 4
    development scenes of the white-glare kind). It must complete the value's layout:
    the face, a whole square, holds its pips and those dark spots together in the
    value's layout (:func:`vision.layouts.fit_layout`). A white 3 or 5 with
    a specular spot on its centre pip was unreadable as glare (9 of 904 white dice on
    synthetic fixed cameras, development seed 901, were unreadable as glare, 4 of them
    3s and 5s so). Light pips (a red die's) are not spared: glare passes for them.
    """
    if not (DARK_CENTRE_PIP and t.dark_pips and t.square and t.whole and len(t.pips)):
        return False
    if not near_face_centre(t.faded, t.side) or near_face_centre(t.pips, t.side):
        return False  # the centre's hole is a dark soft spot, not a sharp "pip"
    holes = np.vstack([t.pips, t.faded])
    return len(holes) == value and fit_layout(holes, t.side / 2).value == value


#: :func:`black_centre_pip`: grey levels under the face's median that the darkest
#: point at a face's centre, away from its other pips, must reach for a black centre
#: pip to be there under a glare spot. Right white 2s and 4s with a spot at the centre
#: measure 5 at most (:data:`RIM_HIDES_PIP`); the two black pips with glare on them
#: looked at (white-dice probe seed 903), 186 and 202. 0: off.
BLACK_CENTRE = 60.0
#: :func:`face_doubt`: a 3's or a 5's centre pip whose area is off the others'
#: (:data:`SMALL_CENTRE`, :data:`BIG_CENTRE`) is not doubted as glare where
#: :func:`black_centre_pip` holds. False: off.
BLACK_CENTRE_SIZED = True


def black_centre_pip(img: NDArray[np.uint8], t: TopFace) -> bool:
    """The top face found (``t``: a whole square whose pips are darker than it, a
    white die's) in the frame ``img`` (H x W x 3 uint8 BGR) shows a black pip at its
    centre under the light spot there: the darkest point within 0.16 of the side of
    its centre, away from its other pips (:func:`centre_spot`'s ``rim_apart``), lies
    :data:`BLACK_CENTRE` grey levels or more under the face. Glare, lighter than the
    face, cannot make that pip, so a 3's or a 5's centre is not doubted as glare
    (:func:`face_doubt`): white 3s and 5s with glare on their centre pip, the spot
    saturated, were unreadable (11 of 687 white dice on synthetic fixed cameras,
    development seed 903, were unreadable as glare; this reads 3 of them, and 22 more
    dice on 640 development generator scenes, 10 on the development kinds, none
    wrongly)."""
    if not BLACK_CENTRE:
        return False
    spot = centre_spot(img, t)
    return spot is not None and spot[2] >= BLACK_CENTRE


#: :func:`light_centre_pip`: the share of a pip's area (:attr:`vision.topface.TopFace.
#: pip_area`) within :data:`LIGHT_CENTRE_R` of the side of the face's centre that
#: must have the colour of the face's other pips. On the red-box probe (development
#: seeds 915, 916: 121 right 3s and 5s, 118 right 2s and 4s, their top faces found at
#: the labelled boxes), the 3s and 5s measure 0.28..0.61, the 2s and 4s 0..0.07 (0.05
#: and 0.07 with a glare spot at their centre). With the rule, 16 more right reads on
#: the development scenes and the red-box probes (red 3s and 5s with glare on or
#: beside the centre pip, and dice of other colours with white pips), none wrong;
#: the photos read as before. 0: off.
LIGHT_CENTRE = 0.2
LIGHT_CENTRE_R = 0.16
#: ... and that area must be a solid piece of a disc, not a ring: its thickest point
#: (:func:`cv2.distanceTransform`) at least this share of a pip's radius from its
#: edge. A soft glare spot at a 2's or a 4's centre (the glare kind) has the pips'
#: colour on a ring round its core, up to 0.26 of a pip's area but 0.08..0.12 of its
#: radius thick; the 3s and 5s of the red-box probe with glare on the centre pip
#: measure 0.46..0.65 (one 0.27).
LIGHT_CENTRE_THICK = 0.3
#: Lab distance (OpenCV's 0..255 scaling) within which a pixel has the pips' colour;
#: a pixel this many levels of lightness or more over the pips' is lit (glare), not
#: a pip: a pip is no light source.
LIGHT_CENTRE_NEAR = 20.0
LIGHT_CENTRE_BRIGHTER = 8.0
#: The pips' colour must lie this far (Lab) from the face's, lighter, and their
#: lightness under this (0..255): a light pip in bright light is as white as a glare
#: spot's core, and a pip's colour then tells nothing.
LIGHT_CENTRE_APART = 60.0
LIGHT_CENTRE_MAX_L = 240.0


#: :func:`face_doubt`: a saturated glare spot at the centre of a 2 or a 4 with light
#: pips (a red die's white ones), or the face's colour missing there
#: (:data:`HIDDEN_CENTRE`), hides no pip where the box's crop found the pips fitting
#: the value cleanly and a light spot at its centre smaller than a pip
#: (:func:`small_glare_spares`, :data:`vision.face.SMALL_GLARE`). 17 more right reads
#: on the development kinds and 2 on the red-box probes, none wrong. False: off.
SMALL_GLARE_SPARES = True


#: :func:`face_doubt`: :data:`SMALL_GLARE_SPARES` spares a 2 or a 4 only where at
#: least this share of its top face's centre (:attr:`vision.topface.TopFace.
#: centre_clear`) is the face's colour: a spot smaller than a pip cannot fill more
#: of it, so where less is left, something else lies there too, a pip beside the spot.
#: Blind seed 216033 `side-faces-007` (looked at, sixty-first pass): a red 5 of about
#: 200 px, a glare spot touching its centre pip, read as 4; the box's crop took the
#: centre pip, run into the spot's halo, for a spot smaller than a pip, and the
#: face's centre measured 0.28 of its colour. The 14 dice the rule spared on the
#: development scenes and the photos (all right 2s and 4s with a small spot at the
#: centre) measure 0.37..0.49. 0: off.
SPARE_CLEAR = 1 / 3


def small_glare_spares(pips: PipCheck | None, value: int) -> bool:
    """:data:`SMALL_GLARE_SPARES`: ``pips`` (the box crop's check) fit ``value``
    cleanly with light pips and hold, within :data:`vision.face.GLARE_CENTRE` of the
    crop's side of its centre, a soft spot cleared as smaller than a pip
    (:attr:`vision.face.PipCheck.small_glare`): glare is lighter than the face, so a
    white pip under it would have stayed in the pip mask with it, one blob a pip's
    size or more."""
    return bool(SMALL_GLARE_SPARES and pips is not None and pips.clean and not pips.dark
                and pips.fit.value == value and small_glare_near_centre(pips, GLARE_CENTRE))


def small_glare_near_centre(pips: PipCheck, share: float) -> bool:
    """One of ``pips``' soft spots smaller than a pip (:attr:`vision.face.PipCheck.
    small_glare`) lies within ``share`` of the face crop's side (``FACE_PX``) of its
    centre (:func:`small_glare_spares`, :data:`vision.faceread.SMALL_LIT_SMALL_GLARE`)."""
    return any(math.hypot(x, y) < share * FACE_PX for x, y in pips.small_glare)


def light_centre_pip(img: NDArray[np.uint8], t: TopFace) -> bool:
    """The top face found (``t``: a whole square whose pips are lighter than it, a red
    die's white pips) in the frame ``img`` (H x W x 3 uint8 BGR) shows a pip of its
    pips' own colour at its centre: at least :data:`LIGHT_CENTRE` of a pip's area
    within :data:`LIGHT_CENTRE_R` of the side of its centre is within
    :data:`LIGHT_CENTRE_NEAR` (Lab) of the median colour of its other pips (those
    0.15 of the side or more off the centre, sampled within half a pip's radius of
    each) and no lighter than them by :data:`LIGHT_CENTRE_BRIGHTER`, away from those
    pips, in one solid piece at least :data:`LIGHT_CENTRE_THICK` of a pip's radius
    thick. The white-pip
    counterpart of :func:`black_centre_pip`: a glare spot on a coloured face is a
    light source, its core lighter than the pips and its halo a blend of white and
    the face's colour, so it has the pips' colour on a thin ring at most; a real pip
    beside or under the spot keeps its sharp disc of that colour. So a 3's or a 5's
    centre is not doubted as glare (:func:`face_doubt`): red 3s and 5s with glare on
    their centre pip were unreadable.

    Returns False where the face is not found whole and square, its pips are dark,
    none lies off the centre, or the pips' colour is not apart from the face's
    (:data:`LIGHT_CENTRE_APART`) or is near white (:data:`LIGHT_CENTRE_MAX_L`)."""
    if not (LIGHT_CENTRE and t.found and t.square and t.whole and not t.dark_pips
            and t.pip_area > 0 and len(t.pips)):
        return False
    h, w = img.shape[:2]
    (x, y), side = t.center, t.side
    x0, x1 = max(int(x - side / 2), 0), min(math.ceil(x + side / 2), w)
    y0, y1 = max(int(y - side / 2), 0), min(math.ceil(y + side / 2), h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    lab = cv2.cvtColor(img[y0:y1, x0:x1], cv2.COLOR_BGR2Lab).astype(np.float32)
    dy = np.arange(y0, y1, dtype=np.float32)[:, None] - y
    dx = np.arange(x0, x1, dtype=np.float32)[None, :] - x
    r2 = dy * dy + dx * dx
    c, s = math.cos(math.radians(t.angle)), math.sin(math.radians(t.angle))
    reach2 = 0.25 * t.pip_area / math.pi  # half a pip's radius, squared
    samples, off = [], []
    for u, v in t.pips:
        if math.hypot(u, v) >= 0.15 * side:
            px, py = u * c - v * s, u * s + v * c  # the face's axes to the image's
            off.append((px, py))
            near = (dx - px) ** 2 + (dy - py) ** 2 < reach2
            if near.sum() >= 3:
                samples.append(lab[near])
    if not samples:
        return False
    pip = median(np.concatenate(samples), axis=0)
    face = median(lab[r2 < (0.45 * side) ** 2], axis=0)
    if (pip[0] <= face[0] or pip[0] >= LIGHT_CENTRE_MAX_L
            or float(distance3(pip, face)) < LIGHT_CENTRE_APART):
        return False
    centre = r2 < (LIGHT_CENTRE_R * side) ** 2
    for px, py in off:  # away from the other pips (a face's centre found off)
        centre &= (dx - px) ** 2 + (dy - py) ** 2 > 1.69 * 4 * reach2
    like = (centre & (distance3(lab, pip) <= LIGHT_CENTRE_NEAR)
            & (lab[..., 0] <= pip[0] + LIGHT_CENTRE_BRIGHTER))
    if float(like.sum()) < LIGHT_CENTRE * t.pip_area:
        return False
    padded = cv2.copyMakeBorder(like.astype(np.uint8), 1, 1, 1, 1, cv2.BORDER_CONSTANT, value=0)
    thick = float(cv2.distanceTransform(padded, cv2.DIST_L2, 5).max())
    return thick >= LIGHT_CENTRE_THICK * 2 * math.sqrt(reach2)


def soft_rimmed_pips(t: TopFace, value: int) -> bool:
    """The soft-rimmed spots on the top face found (``t``: two or more of them) and its
    pips are together exactly ``value`` holes: the die's pips themselves are
    soft-rimmed, the one at the centre no more glare than the others. White pips in
    recesses on a red die seen off vertical have a shaded crescent on one side, and
    the face's segmentation (:func:`vision.topface.find_top_face`) can take most of
    them for glare; a clean red 5 was then unreadable as "glare" at its centre (4 of
    448 dice without a glare spot on development seeds 50001..50004 of the specks and
    side-face kinds). A glare spot at the centre of a 4 is still caught where it is
    brighter than the pips (:func:`saturated_centre`, and the box crop's pip finder:
    :func:`vision.face.find_pips`). On 3126 development dice of six kinds, 5 more right
    reads and no other change (none on the 708 dice of the glare kind's scenes); on
    the 2437 dice of blind seeds 29493..29796, one more; the photos read the same.

    The spot nearest the centre, where within a fifth of the side of it, must be of a
    pip's size (:data:`SOFT_CENTRE_SIZED`)."""
    if not (len(t.glare) >= 2 and len(t.pips) + len(t.glare) == value):
        return False
    return not SOFT_CENTRE_SIZED or _centre_spot_pip_sized(t)


#: :func:`soft_rimmed_pips`: the soft spot at the centre must be at least
#: :data:`SMALL_CENTRE` times the median area of the face's other holes (its pips and
#: its other soft spots), the bound the centre pip of a 3 or a 5 is held to: a red 2
#: with a small glare spot at its centre, whose one pip the face's segmentation took
#: for a soft spot too, made three soft-rimmed "pips" and was read as 3 (blind seed
#: 93527 ``glare-008``, looked at: its spot 0.67 of the other holes). On development
#: seeds 50001..50007 the right 3s and 5s that pass as soft-rimmed pips measure
#: 0.95..1.07. A switch for the tests.
SOFT_CENTRE_SIZED = True


def _centre_spot_pip_sized(t: TopFace) -> bool:
    """:data:`SOFT_CENTRE_SIZED`'s test of the top face found (``t``): True where no
    soft spot lies within a fifth of its side of its centre, where the areas are not
    known (a piece of a parted hole), or where the centre spot is at least
    :data:`SMALL_CENTRE` times the median area of the other holes."""
    dist = np.hypot(t.glare[:, 0], t.glare[:, 1])
    i = int(np.argmin(dist))
    if dist[i] >= GLARE_CENTRE * t.side or len(t.glare_area) != len(t.glare):
        return True
    area = float(t.glare_area[i])
    others = [float(a) for j, a in enumerate(t.glare_area) if j != i and not math.isnan(a)]
    if len(t.pips) and t.pip_area > 0:
        others += [t.pip_area] * len(t.pips)
    if math.isnan(area) or not others:
        return True
    return area >= SMALL_CENTRE * float(np.median(others))


def near_face_centre(spots: NDArray[np.float64], side: float) -> bool:
    """One of ``spots`` (N x 2, px from a face's centre) lies within
    :data:`GLARE_CENTRE` of the face's ``side`` (px) of its centre."""
    return bool(len(spots)) and float(np.min(np.hypot(spots[:, 0], spots[:, 1]))
                                      ) < GLARE_CENTRE * side


def pip_at_centre(t: TopFace) -> bool:
    """A pip on the top face found (``t``) lies near its centre
    (:func:`near_face_centre`), where a 2's, a 4's and a 6's layouts have none."""
    return near_face_centre(t.pips, t.side)


def pips_off_centre(t: TopFace) -> float:
    """How far the centre of the pips on the top face found (``t``) lies from the
    face's centre, in half-sides (0.0 without pips). Every d6 layout is centred: a
    face that shows all its pips gives about 0; a finger over some of them moves the
    centre of those left (a 2 with one pip hidden: the other, a corner pip, 0.5..0.7
    off; a 3 with a corner pip hidden: 0.32..0.42)."""
    if not len(t.pips) or t.side <= 0:
        return 0.0
    cx, cy = np.mean(t.pips, axis=0)
    return float(np.hypot(cx, cy)) / (t.side / 2.0)


#: :func:`face_doubt`: a 1 whose top face, a whole square, shows two pips or more and
#: none within a fifth of the side of its centre (:data:`GLARE_CENTRE`), where a 1's
#: pip is, is in doubt (``"more_pips"``): its "pip" is a corner pip of a 2, 4 or 6
#: that a box off the die's centre held alone (blind seed 48784, ``polka-002``: a
#: white 2 boxed at 121 px round its lower pip, read as 1). It changes no other
#: reading of the development seeds, both photo folders, ``../shared/vision-cases``
#: and 72 blind seeds (14400 scenes). A switch for the tests.
ONE_PIP_CENTRED = True

#: :func:`face_doubt`: with a hand over the die, the top face found at the first
#: colour threshold is asked too (a switch for the tests).
HAND_LOOSE_TOP = True


def _loose_face_not_the_value_s(img: NDArray[np.uint8], d: Detection, t: TopFace,
                                top: TopFace | None, value: int) -> bool:
    """Where the pip check's top face (``top``, ``t``) was found with its colour held
    closer (:data:`vision.faceread.TOP_FACE_TIGHTER`), the face found at the first threshold shows
    more pips than ``value`` on its own crop (:func:`vision.facecrops.top_face_check`): a closer
    colour can leave out a pip by a finger, and the pips left fit a smaller value (a
    red 4 under a finger read as 2 on blind seed 34846, ``finger-015``)."""
    if not HAND_LOOSE_TOP or top is None:
        return False
    loose = find_top_face(img, d.x, d.y, d.size)
    return (loose is not t and loose.found and loose.square
            and top_face_check(img, loose).pips > value)


#: :func:`face_doubt`: a value of 2 to 5 (a 6's face is not asked) read where the top
#: face found is whole but no square and no flat face (:attr:`vision.topface.TopFace.texture` over
#: :data:`LEANING_TEXTURE`), and shows fewer pips than the value, their centre over
#: :data:`HIDDEN_PIP_OFFSET` half-sides off its own (:func:`_leaning_face`), is in
#: doubt: a die leaning (cocked) shows two faces of its colour about equally, the
#: face found is the two together, the edge between them inside it, and the box's
#: crop counts pips of both (blind seed 57066 ``specks-007``, looked at: a red 2
#: leaning on its 4, read as 4 from the 4's pips and one of the 2's; its face found
#: measures 1.82). A cocked die is re-thrown. False: off.
LEANING_FACE = True
#: :func:`face_doubt`: any value but 6 whose top face found is whole but no square and
#: shows more pips than the value is in doubt (``"more_pips"``): the face found is a
#: top face and a side face of the die's colour as one, and the box's crop may have
#: counted pips of both, or missed some of the top face's. Blind generator seed
#: 123726 `scale-008` (looked at): a blue 5 of about 90 px boxed at 81 px over part
#: of its top face and a side face, read as 4; its face found (71 px, whole, no
#: square) shows 6 pips. Of 2580 large reads right on the photos, the vision cases and
#: the development scenes and about 865 on 432 kind scenes (seeds 64..67), none
#: shows this. False: off.
MORE_PIPS_UNSQUARE = True
#: :func:`face_doubt`: any value whose top face found is a whole square of four
#: corners and shows more sharp pips than the value, darker than the
#: face (:attr:`vision.topface.TopFace.dark_pips`: a white die's black pips) and in no
#: layout, is in doubt (``"more_pips"``): glare never makes a black pip, so a pip is
#: hidden (a glare patch washed out the one that would make the layout), and the
#: value read from what was left is not the face's. Blind seed 221285 `glare-009`
#: (looked at, sixty-second pass): a white 4 of 127 px boxed at 245 px with its side
#: face, a glare patch over one corner pip; the box's crop looked at upright
#: (:data:`vision.faceread.ROUND_UPRIGHT`) found two pips as a 2, and the face asked again in a box
#: 1.2 times it (:data:`FACE_REFIT`) is a whole square showing three black pips in an
#: L and the patch (a mark). (The same ask of any pips, light ones too, without marks,
#: cost 39 right reads on four-cornered faces: glare passes for a light pip.) Only
#: pips inside the face count, within :data:`DARK_PIPS_INSIDE` of its side of its
#: centre along either of its edges (``TopFace.pips`` are in the face's turned frame;
#: a d6's corner pips lie about 0.25..0.3 off, 0.31..0.33 on 221285's face): a white
#: 1 of the development white probe (seed 911, scene 162) had a side face's pip, cut
#: by the outline, found at 0.42. False: off.
DARK_PIPS_MORE = True
DARK_PIPS_INSIDE = 0.37
#: :data:`LEANING_FACE`: the texture over which a face found is two faces, not one.
#: Real 1s' flat faces measure 1.0 or less (1137 of 1172 on the kinds' scenes, see
#: :data:`FACETS`); without this bar the rule took 4 right reads of 2s and 4s on
#: development seeds 50001..50002 (faces found a little off, 0.5..0.8).
LEANING_TEXTURE = 1.5


def _leaning_face(t: TopFace, value: int) -> bool:
    """:data:`LEANING_FACE`'s test on the top face found (``t``) for the value read."""
    return (LEANING_FACE and value >= 2 and t.found and t.whole and not t.square
            and t.texture > LEANING_TEXTURE
            and 0 < len(t.pips) < value and pips_off_centre(t) > HIDDEN_PIP_OFFSET)


def not_the_value_s_pips(t: TopFace, value: int) -> bool:
    """The pips on the top face found (``t``) are not all of ``value``'s, some of them
    hidden: more of them than the value (a finger over a red 6's pip leaves five, in
    no layout, and the box's crop fit four: read as 4 on a blind seed of the kinds),
    or their centre over :data:`HIDDEN_PIP_OFFSET` half-sides off the face's
    (:func:`pips_off_centre`; every layout is centred: a 2's corner pip alone, a 3's
    centre and corner pips whose other corner a finger hides, read as 2 on a blind
    seed, 0.34 off; a 4 whose right-hand column a finger covers, read as 2, 0.37 off).
    Asked where a hand is over the die (:func:`face_doubt`)."""
    return len(t.pips) > value or pips_off_centre(t) > HIDDEN_PIP_OFFSET


#: :func:`face_doubt`: a 1 read from its top face's own crop (``top`` given: the box's
#: crop fit no layout cleanly) is not put in doubt as ``"mark"`` for the mark that
#: face's segmentation shows in place of a pip, where that crop shows one round pip
#: cleanly, at a layout's place, and nothing else (no mark, no odd blob: no glyph's
#: stroke or loop), on a four-cornered square (:func:`one_pip_on_top_crop`): a pip
#: with a glare spot run into its rim is one mark to the segmentation, and was read
#: so by the pip finder, which tells soft glare from a pip. Red 1s of the red-box
#: probe, a glare spot beside the pip, were unreadable (development seeds 913, 916,
#: 925, looked at, sixty-sixth pass). Of the 19 large 1s so doubted on the
#: development scenes (the red-box probe's seeds, the ten kinds' 30099..30604 and
#: numerals-text, polyhedra and glare of 50001..50010), all were real 1s, 13 of them
#: with the top face given; on 960 numeral and polyhedra scenes (seeds 5959, 6262,
#: 9802, 17676 and 50011..50030) the rule read 4 more right and no numeral. With it,
#: 45 more right reads on the development scenes (3 red and one white of the probes,
#: 6 of the ten kinds' 50001..50007, 3 of the six-seed table's, 13 of the generators'
#: seeds 60..67, 19 of `scale` 400..479), none lost or wrong; no reading changed on
#: the photos. False: off.
TOP_CROP_ONE_PIP = True


def one_pip_on_top_crop(img: NDArray[np.uint8], t: TopFace) -> bool:
    """:data:`TOP_CROP_ONE_PIP`: the top face ``t``, a four-cornered square, shows on
    its own crop (:func:`vision.facecrops.top_face_check`) one pip that fits a 1 cleanly, and no odd
    blob."""
    if not (TOP_CROP_ONE_PIP and t.found and t.square and t.corners == 4):
        return False
    seen = top_face_check(img, t)
    return seen.clean and seen.fit.value == 1 and seen.pips == 1 and seen.odd == 0


def pip_on_top_face(img: NDArray[np.uint8], t: TopFace) -> bool:
    """Whether :func:`vision.facecrops.top_face_check` finds a pip that is no piece of a glyph: one
    pip or more, and no odd blob beside them (:attr:`vision.face.PipCheck.odd`: the
    rest of a numeral a glare spot cut up; a "4" cut into two pips that fit no layout
    and a body, read as 1 on a blind seed of the kinds)."""
    seen = top_face_check(img, t)
    return seen.pips >= 1 and seen.odd == 0


def saturated_centre(img: NDArray[np.uint8], center: tuple[float, float],
                     side: float) -> bool:
    """A specular highlight at the centre of a face of ``side`` px centred on
    ``center``: at least 4 px within 0.12 of the side from the centre that are
    near saturation in every channel (:data:`SATURATED`) and brighter by
    :data:`GLARE_STEP` than the rest of the face (0.2..0.5 of the side out; its 99th
    percentile), or saturated (250) where under a quarter as many samples of the
    rest are; or, saturated or not, brighter than the rest by :data:`BRIGHT_STEP`.
    A pip is no light source: under the same light a real centre pip is no brighter
    than the pips around it. Sampled on a grid of about 40 x 40 points
    over the face at most (every ``side / 40`` px; one sample stands for that many
    px squared), so its cost does not grow with the die's size.
    """
    h, w = img.shape[:2]
    x, y = center
    half = 0.5 * side
    x0, x1 = max(int(x - half), 0), min(math.ceil(x + half), w)
    y0, y1 = max(int(y - half), 0), min(math.ceil(y + half), h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return False
    step = max(1, int(side // 40))
    grey = img[y0:y1:step, x0:x1:step].min(axis=2)
    dy = np.arange(y0, y1, step, dtype=np.float32) - y
    dx = np.arange(x0, x1, step, dtype=np.float32) - x
    r = np.sqrt(dy[:, None] ** 2 + dx[None, :] ** 2)
    rest = grey[(r >= 0.2 * side) & (r < 0.5 * side)]
    if rest.size == 0:
        return False
    top = float(np.percentile(rest, 99))
    bar = max(min(SATURATED, top + BRIGHT_STEP), min(top + GLARE_STEP, 250.0))
    core = int((grey[r < 0.12 * side] >= bar).sum())
    return core >= max(1, round(4 / step ** 2)) and int((rest >= bar).sum()) < 0.25 * core


def centre_spot(img: NDArray[np.uint8], t: TopFace,
                at: tuple[float, float, float] | None = None
                ) -> tuple[float, float, float] | None:
    """A light spot at the centre of the top face ``t``, on a face (found, square and
    whole) whose pips are darker than it (a white die's black pips), or ``None`` on
    any other face: ``(area, rim, rim_apart)``, where ``area`` is what is
    :data:`GLARE_STEP` grey levels or more brighter than the face's median within 0.2
    of the side of its centre, in pips' areas
    (:attr:`vision.topface.TopFace.pip_area`), ``rim`` how many grey levels the
    darkest point within 0.16 of the side of the centre lies under the face's median
    (the least channel, smoothed over 1 % of the side; 0 or less where nothing is
    darker), and ``rim_apart`` the same away from the holes in the face found
    0.15 of the side or more off its centre (pips, faded or soft-rimmed spots; 1.3
    times a pip's radius about each): a 2's pip beside a glare spot, that the disc
    reaches where the face's centre was found off, is no centre pip. A black pip under
    a spot smaller than itself shows its rim around the spot; a spot as large as the
    pip can hide it whole.

    Args:
        img: H x W x 3 uint8 BGR.
        t: the top face found (:func:`vision.topface.find_top_face`).
        at: ``(x, y, side)`` in px: measure about this centre and side instead of the
            face's, on a face found with dark pips whether square and whole or not
            (:data:`RIM_AT_BOX`); the face's holes keep their places in the image.
    """
    disc = _centre_disc(img, t, at)
    if disc is None:
        return None
    grey, r, side, face, apart, smooth = disc
    centre = r < 0.16 * side
    bright = float(((grey >= face + GLARE_STEP) & (r < 0.2 * side)).sum())
    darkest = float(smooth[apart].min()) if apart.any() else face
    return bright / t.pip_area, face - float(smooth[centre].min()), face - darkest


def _spot_hides_no_pip(spot: tuple[float, float, float] | None, dip: float | None) -> bool:
    """The light spot at the centre of a white die's top face (``spot``, its
    :func:`centre_spot`; ``dip``, its :func:`centre_dip`) can hide no black pip:
    nothing :data:`CENTRE_DARK` levels under the face there, and the spot under
    :data:`GLARE_SPARES_PIP` of a pip's area, or under :data:`DIPLESS_SPOT`, with no
    dip :data:`CENTRE_DIP` deep beside it (asked of the smaller spots too,
    :data:`SMALL_SPOT_DIP`)."""
    if spot is None or spot[1] >= CENTRE_DARK:
        return False
    small = bool(GLARE_SPARES_PIP and spot[0] < GLARE_SPARES_PIP)
    if small and not SMALL_SPOT_DIP:
        return True
    if not (small or (DIPLESS_SPOT and spot[0] < DIPLESS_SPOT)):
        return False
    return dip is not None and dip < CENTRE_DIP


def centre_dip(img: NDArray[np.uint8], t: TopFace) -> float | None:
    """How deep the darkest dip within 0.16 of the side of the top face's centre lies
    under what surrounds it, in grey levels: the black-hat (closing minus the face) of
    the face's least channel, smoothed as in :func:`centre_spot`, with a disc half a
    pip's diameter across (:attr:`vision.topface.TopFace.pip_area`), away from the
    holes 0.15 of the side or more off the centre. A glare spot that covers most of a
    black pip leaves its rim as a thin dark crescent or ring between the spot and the
    face, darker than the glare's halo on both sides of it even where it is no darker
    than the face's median (:func:`centre_spot`'s ``rim``); a spot on the bare face
    fades smoothly into it, and leaves no dip. ``None`` on a face :func:`centre_spot`
    does not measure.

    Args:
        img: H x W x 3 uint8 BGR.
        t: the top face found (:func:`vision.topface.find_top_face`).
    """
    disc = _centre_disc(img, t, None)
    if disc is None:
        return None
    *_, apart, smooth = disc
    width = max(3, int(math.sqrt(t.pip_area / math.pi)) | 1)  # half a pip's diameter
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (width, width))
    dip = cv2.morphologyEx(smooth, cv2.MORPH_BLACKHAT, kernel)
    return float(dip[apart].max()) if apart.any() else 0.0


#: :func:`face_doubt`: a 2's or a 4's top face on which no sharp pip was found but
#: faded ones (:attr:`vision.topface.TopFace.faded`: soft spots darker than the face,
#: black pips that blur or glare softened) is measured for a light spot at its centre
#: (:func:`centre_spot`, :func:`centre_dip`; :data:`RIM_HIDES_PIP`,
#: :data:`DIP_HIDES_PIP`) as a face of dark pips, the faded pips' median area taken
#: for a pip's. Those checks asked only faces with sharp black pips, so a glare spot
#: over a white 5's centre pip, its grey rim showing round the spot, went unasked
#: where the face's four other pips were found soft (blind generator seed 149885
#: `white-glare-002`, looked at, sixty-first pass: a white 5 of 188 px read as 4).
#: Measured so, a saturated spot at the centre that hides no pip (no rim, no dip) is
#: no longer doubted as glare: on the development scenes 18 right reads more (white
#: 2s and 4s under a spot, 16 of them of the `white-glare` generator, 2 of `scale`),
#: none lost, no reading changed on the photos or the vision cases; on 30 fresh blind
#: `white-glare` seeds (151299..154228, 1200 scenes) 3080 right against 3051, no wrong
#: value either way. False: off.
FADED_DISC = True


def _faded_as_dark(t: TopFace) -> TopFace:
    """:data:`FADED_DISC`: ``t`` with its faded pips taken for its dark pips (its
    ``dark_pips`` true, its ``pip_area`` their median area, px squared) where it shows
    no sharp pip and at least one faded one; else ``t`` as it is."""
    if not (FADED_DISC and t.found and not len(t.pips) and len(t.faded)
            and t.pip_area <= 0 and len(t.glare_area) == len(t.glare)):
        return t
    areas = [float(a) for g, a in zip(t.glare, t.glare_area, strict=True)
             if not math.isnan(a) and any(np.array_equal(g, f) for f in t.faded)]
    if not areas:
        return t
    return replace(t, dark_pips=True, pip_area=float(median(np.array(areas))))


def _centre_disc(img: NDArray[np.uint8], t: TopFace, at: tuple[float, float, float] | None
                 ) -> tuple[NDArray[np.float32], NDArray[np.float32], float, float,
                            NDArray[np.bool_], NDArray[np.float32]] | None:
    """:func:`centre_spot`'s measures' common ground: the face's least channel about
    its centre (or ``at``) in a square of its side, each pixel's distance from that
    centre, the side, the face's median, the disc within 0.16 of the side of the
    centre away from the holes 0.15 of the side or more off it, and the least channel
    smoothed over 1 % of the side; ``None`` where there is nothing to measure."""
    if not (t.found and (at is not None or (t.square and t.whole)) and t.dark_pips
            and t.pip_area > 0):
        return None
    h, w = img.shape[:2]
    (x, y), side = (t.center, t.side) if at is None else ((at[0], at[1]), at[2])
    x0, x1 = max(int(x - side / 2), 0), min(math.ceil(x + side / 2), w)
    y0, y1 = max(int(y - side / 2), 0), min(math.ceil(y + side / 2), h)
    if x1 - x0 < 8 or y1 - y0 < 8:
        return None
    grey = img[y0:y1, x0:x1].min(axis=2).astype(np.float32)
    dy = np.arange(y0, y1, dtype=np.float32) - y
    dx = np.arange(x0, x1, dtype=np.float32) - x
    r = np.sqrt(dy[:, None] ** 2 + dx[None, :] ** 2)
    centre = r < 0.16 * side
    if not centre.any():
        return None
    face = float(np.median(grey[r < 0.45 * side]))
    smooth = np.asarray(cv2.GaussianBlur(grey, (0, 0), max(0.01 * side, 0.7)), np.float32)
    apart = centre.copy()
    c, s = math.cos(math.radians(t.angle)), math.sin(math.radians(t.angle))
    reach = 1.3 * math.sqrt(t.pip_area / math.pi)
    holes = np.concatenate([t.pips, t.faded, t.glare])
    ox, oy = t.center[0] - x, t.center[1] - y  # the face's centre from the disc's
    for u, v in holes:
        px, py = u * c - v * s + ox, u * s + v * c + oy  # face's axes to the image's
        if math.hypot(px, py) >= 0.15 * side:
            apart &= (dx[None, :] - px) ** 2 + (dy[:, None] - py) ** 2 > reach * reach
    return grey, r, side, face, apart, smooth
