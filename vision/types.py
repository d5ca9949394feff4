"""The contract types of :mod:`vision`: what a reading of the tray is made of.

Every type here is a frozen dataclass (plain, immutable data) so a reading can be
stored, compared and handed to the display without copying.

>>> die = Die(value=5, center=(120.0, 80.0),
...           corners=((100.0, 60.0), (140.0, 60.0), (140.0, 100.0), (100.0, 100.0)),
...           confidence=0.97)
>>> Reading(dice=(die,), expected=1).complete
True
>>> Reading(dice=(die,), expected=1).values
(5,)
"""

from __future__ import annotations

from dataclasses import dataclass, field

Point = tuple[float, float]
Quad = tuple[Point, Point, Point, Point]
Box = tuple[float, float, float, float]


class VisionError(Exception):
    """The root of vision's errors: catch it to catch any of them."""


class VisionInputError(VisionError, ValueError):
    """An image that cannot be read at all: wrong type, shape, dtype or size.

    Raised by :func:`vision.read_dice`, :func:`vision.check_still` and
    :func:`vision.annotate` before any OpenCV call, with a message saying what was
    given and what is expected.
    """


class VisionSettingsError(VisionError, ValueError):
    """A :class:`Calibration` or :class:`VisionParams` value out of its range; the
    message names the field, its range and the value given."""


@dataclass(frozen=True)
class Die:
    """One die seen in the image.

    Attributes:
        value: face value on top, 1..6, or ``None`` when the die is seen but its top
            face cannot be read with confidence (never a guess).
        center: centre of the die's top face, ``(x, y)`` in px of the input image
            (origin top-left, x to the right).
        corners: the top face's four corners, ``((x, y), ...)`` in px, clockwise from
            the top-left-most; estimated (a square of the measured die size turned by
            the measured angle), good for drawing and for locating, not for metrology.
        confidence: 0..1, how sure the reader is of ``value`` (of being a die at all
            when ``value`` is ``None``).
        agreed: how many frames read this value here: 1 for one frame read with a
            value, 0 for none; over a burst (:func:`vision.read_burst`) the number of
            frames that agreed on ``value`` (at least 2 when it is not ``None``).
    """

    value: int | None
    center: Point
    corners: Quad
    confidence: float
    agreed: int = 1

    @property
    def size(self) -> float:
        """Side of the top face in px (mean length of the four edges)."""
        total = 0.0
        for i in range(4):
            (x0, y0), (x1, y1) = self.corners[i], self.corners[(i + 1) % 4]
            total += ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        return total / 4.0


@dataclass(frozen=True)
class Problem:
    """Something that stops a reading from being used as it is.

    Attributes:
        code: stable, machine-readable: one of :data:`PROBLEM_CODES`.
        message: plain words for the table, saying what to do next
            ("Re-throw: one die is leaning on the wall").
        die: index into :attr:`Reading.dice` of the die concerned, or ``None`` when
            the problem is about the image as a whole.
    """

    code: str
    message: str
    die: int | None = None


#: Every :attr:`Problem.code` the reader can give, with what it means.
PROBLEM_CODES: dict[str, str] = {
    "too_dark": "the image is too dark (or washed out) to read dice in",
    "blurred": "the image is blurred: camera shake or dice still moving",
    "moving": "the dice were still moving across the burst of frames (check_still)",
    "no_dice": "no die was found in the throw area",
    "unreadable": "a die was found but its top face could not be read",
    "cut_off": "a die is cut off by the edge of the image or of the tray region",
    "cocked": "a die is leaning (on the wall or on another die): no face is on top",
    "not_a_die": "an object in the tray looks like a die but is not one",
    "hand": "a hand or finger hides a die that could not be counted (no die is added)",
    "count": "the number of dice seen differs from the number expected",
}


@dataclass(frozen=True)
class Calibration:
    """What is known about a fixed camera over a tray (all optional).

    Attributes:
        die_size_px: side of a die's top face in px at the tray floor; ``None`` means
            estimate it from the image.
        tray: ``(x_min, y_min, x_max, y_max)`` in px: the throw area. Dice outside it
            are ignored; a die cut by its edge is reported ``cut_off``. ``None`` means
            the whole image.
        bank_zone: ``(x_min, y_min, x_max, y_max)`` in px: where banked dice are set
            aside. Dice whose centre lies in it go to :attr:`Reading.banked` and do
            not count toward ``expected``. ``None`` means no bank zone.
    """

    die_size_px: float | None = None
    tray: Box | None = None
    bank_zone: Box | None = None

    def __post_init__(self) -> None:
        if self.die_size_px is not None and not 4.0 <= self.die_size_px <= 2000.0:
            raise VisionSettingsError(
                f"die_size_px must be 4..2000 px, got {self.die_size_px}"
            )
        for name in ("tray", "bank_zone"):
            box = getattr(self, name)
            if box is not None and (len(box) != 4 or box[2] <= box[0] or box[3] <= box[1]):
                raise VisionSettingsError(
                    f"{name} must be (x_min, y_min, x_max, y_max), got {box}"
                )


@dataclass(frozen=True)
class VisionParams:
    """Every tunable of the reader, with its unit and why it has its value.

    The networks learnt from the training part of the shared photos only; the
    thresholds below were chosen, in a few coarse steps, on the held-out part
    (``tools/vision/sweep.py``, ``tools/vision/manifest.json``); never on single photos.

    Attributes:
        detect_long_side_px: the frame is resized so its long side is this many px
            before the die detector runs (detector input; multiple of 32).
        detect_threshold: minimum detector score 0..1 for a die centre.
        min_die_px: smallest detection (box side) reported, in px of the input image:
            the smallest die the reader is made for (issue 10: 15 px). At 10 px a
            crumb of 11 px on an empty tray was read as a 3, at 12 one of 14 px as a
            2; on 4419 photos (the shared photos, vision-cases, 21 seeds of the
            kinds' scenes) and 300 more scenes of dice 2..30 % of the frame, no die
            under 18 px was read right, and 15 instead of 12 changed nothing else.
            Detections from 10 px are still looked at (``vision.looks.LOOK_MIN_PX``).
        max_die_px: largest die reported, in px of the input image.
        read_threshold: minimum face-classifier probability 0..1 for a value; below it
            the die's value is ``None``.
        layout_check: run the pip-layout check on each face: a clear fit of another
            value's layout makes the die ``None`` (see ``veto_residual``), unless the
            pips seen could be some of the value's pips (a 5 whose centre pip is lost
            to glare looks like a 4; :func:`vision.layouts.could_be_part_of`).
        read_threshold_alone: probability needed when the pip check sees no layout
            (equal to ``read_threshold`` by default: on the shared photos' small dice
            the pips are often too small for the check, and a higher bar cost more
            right reads than it saved wrong ones on the held-out part).
        turn_min_prob: with no pip layout seen, each turned crop must give the value
            at least this probability 0..1 (not only most of it and on average):
            one turn in doubt is a speck pattern the classifier sees as pips from
            some sides only. On the shared photos' small dice read with no layout
            seen, 11 of 1524 right reads and 3 of 31 wrong ones had a turn under 0.6.
        two_scales: also look at half the detector size for large dice (whose pips
            might otherwise be taken for small dice); costs about a quarter more time.
        veto_residual: the pip check vetoes the classifier's value only with a clear
            fit of another layout: worst pip within this many half-sides of its place.
        veto_contrast: ... and pips standing out from the face by at least this much
            (grey levels / Lab distance, 0..255).
        die_min_prob: a detection is reported as a die only when the face classifier
            gives "a die" (any value) at least this probability 0..1; else it is dropped
            (or, if the detector was very sure, reported ``not_a_die``).
        unread_min_prob: a detection under ``strict_min_px`` that no value was read
            for is reported as an unreadable die only when the face classifier gives
            "a die" at least this probability 0..1; a less sure one is left out (a
            ``count`` problem where the number of dice is known). Lint and specks on
            a dark floor kept as unreadable dice had 0.86..0.91 on the kinds' scenes
            of 11 seeds; of the real unreadable dice under 72 px, 9 of 115 in the
            shared photos are under 0.92, and none of the 1 in those scenes.
        strict_min_px: from this box side (px of the image) up, a die's pips are large
            enough to be found, and a value needs them: the pips must fit the
            classifier's value and nothing on the face may put them in doubt (glare
            that could be a pip, a finger, a numeral). On the shared photos (dice
            20..80 px) the pip finder sees a clean layout on only a part of the dice
            read right, so smaller dice keep the classifier's four turns as the check.
        pip_read_prob: from ``strict_min_px`` up, a die the classifier is unsure of (no
            value at ``read_threshold``, or its turned crops disagree) is read as the
            value its pips fit when the pips fit a layout cleanly, its top face (found
            by colour) is a whole square showing nothing but pips, nothing on it puts
            that value in doubt (:func:`vision.doubts.face_doubt`), and the classifier
            gives that value at least this mean probability 0..1 over its turns
            (:func:`vision.faceread.pip_read`; never a 1, which one blob fits): a referee
            counts the pips of a clean face. With 0.4, the 4059 images of the reader's
            passes (both photo folders, ``../shared/vision-cases``, 19 seeds of the
            kinds' scenes) read 49 more dice right (glare that fooled the classifier,
            very rounded dice, side faces in the crop, polka cloths) and none wrong, the
            real photos unchanged (their dice are under 72 px); without the whole square
            face, a finger over two pips of a 4 and a side face's four pips were read
            wrong.
        smear_min_px: from this box side (px) up, each die read is checked for motion
            smear (:func:`vision.quality.smear`): its edges flattened in one direction
            only, a die still sliding during the exposure.
        max_smear: smear (0..1) over which such a die is ``None`` with a ``blurred``
            problem: sharp dice measure 0.02..0.25; a smear of a third of the die's
            side 0.35..0.7; real photos of dice over 60 px, 9 in 483 over 0.35 (the
            rune55 photos were stretched to a square, which flattens one direction).
        turns: the face classifier reads each crop turned 0, 90, 180, 270 degrees (the
            first ``turns`` of them, 1..4); all must name the same value.
        min_body_contrast: a detection whose marks are lighter than its face, and
            whose face stands apart from the floor around it by less than this Lab
            distance (:class:`vision.topface.Body`), is lint or a speck on the floor,
            not a die. Real dice measure 24 or more where their pips are light (the
            held-out photos and the generated kinds); lint on sandpaper or felt under 8.
            A large detection no value was read for, whose face stands apart from the
            floor around it by less than this whatever its marks, and shows no top
            face of its own, is the floor (a polka-dot cloth's dots taken for pips).
        not_a_die_score: a detection this sure (0..1) that the face classifier calls
            "not a die" is reported as a ``not_a_die`` problem when it lies inside the
            calibrated tray (otherwise, and without a tray, it is dropped).
        dark_mean: mean grey level (0..255) under which the image is ``too_dark``,
            unless something in it reaches ``dark_peak``.
        dark_peak: grey level (0..255) that the brightest spot of a dark image (mean
            under ``dark_mean``; on its grey copy 320 px wide) must reach for it to be
            read: a dark floor under the tray light (black sandpaper, felt) still
            shows light dice or light pips there (161..255 on the kinds' dark scenes
            with dice), while a frame 2 stops under-exposed reaches no more than 64
            and the dice in it are too dim to read.
        bright_mean: mean grey level over which the image is washed out (``too_dark``).
        blur_min_steepness: edge steepness (:func:`vision.quality.steepness`) under
            which the image is ``blurred``; the shared photos measure 0.16..0.40, a
            1280 px frame blurred with sigma 8 px about 0.13..0.18.
        still_max_change: mean absolute grey change (0..255) between consecutive
            burst frames over which :func:`vision.check_still` says ``moving``.
        max_pixels: larger images are refused (``VisionInputError``) before decoding
            work; 40 megapixels by default.
    """

    detect_long_side_px: int = 512
    detect_threshold: float = 0.4
    min_die_px: float = 15.0
    max_die_px: float = 400.0
    read_threshold: float = 0.8
    layout_check: bool = True
    read_threshold_alone: float = 0.8
    turn_min_prob: float = 0.6
    turns: int = 4
    die_min_prob: float = 0.85
    unread_min_prob: float = 0.92
    veto_residual: float = 0.15
    veto_contrast: float = 50.0
    two_scales: bool = True
    strict_min_px: float = 72.0
    pip_read_prob: float = 0.4
    smear_min_px: float = 60.0
    max_smear: float = 0.38
    not_a_die_score: float = 0.9
    min_body_contrast: float = 20.0
    dark_mean: float = 25.0
    dark_peak: float = 128.0
    bright_mean: float = 245.0
    blur_min_steepness: float = 0.12
    still_max_change: float = 4.0
    max_pixels: int = 40_000_000

    def __post_init__(self) -> None:
        if self.detect_long_side_px % 32 or not 128 <= self.detect_long_side_px <= 2048:
            raise VisionSettingsError(
                "detect_long_side_px must be a multiple of 32 in 128..2048"
            )
        for name in ("detect_threshold", "read_threshold", "read_threshold_alone",
                     "die_min_prob", "unread_min_prob", "turn_min_prob", "pip_read_prob"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise VisionSettingsError(f"{name} must be 0..1, got {getattr(self, name)}")
        if not 1 <= self.turns <= 4:
            raise VisionSettingsError(f"turns must be 1..4, got {self.turns}")
        if not 0 < self.min_die_px < self.max_die_px:
            raise VisionSettingsError("need 0 < min_die_px < max_die_px")
        if not 0.0 <= self.dark_peak <= 256.0:
            raise VisionSettingsError(f"dark_peak must be 0..256, got {self.dark_peak}")


@dataclass(frozen=True)
class Reading:
    """What the reader saw in one image.

    Attributes:
        dice: dice in the throw area, in reading order (top to bottom, left to right).
        banked: dice in the calibration's bank zone (empty without one); they do not
            count toward ``expected``.
        problems: problems with the image or with single dice; empty when all is well.
        expected: number of dice the caller expected in the throw area, or ``None``.
        frames: how many frames were read for it (1 for :func:`vision.read_dice`;
            2 or 3 for :func:`vision.read_burst`).
    """

    dice: tuple[Die, ...] = ()
    banked: tuple[Die, ...] = ()
    problems: tuple[Problem, ...] = field(default=())
    expected: int | None = None
    frames: int = 1

    @property
    def values(self) -> tuple[int | None, ...]:
        """Face values of :attr:`dice` in order (``None`` for an unreadable die)."""
        return tuple(d.value for d in self.dice)

    @property
    def complete(self) -> bool:
        """True when every die was read, the count is as expected and no problem."""
        if self.problems or not self.dice:
            return False
        if self.expected is not None and len(self.dice) != self.expected:
            return False
        return all(d.value is not None for d in self.dice)
