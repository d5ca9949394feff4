"""The parts of a view: players, stakes, the match, slots, dice, photos and marks.

Plain frozen data (see :mod:`companion.view`); each class checks itself on
construction and raises :class:`ViewError` naming the bad field. No pygame, no numpy:
a photo's image is whatever array the camera gave, checked by its shape and dtype.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from companion.engine import format_amount

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = [
    "BonusView",
    "DieFace",
    "DieRole",
    "Mark",
    "MarkStyle",
    "MatchView",
    "PhotoView",
    "PlayerView",
    "Screen",
    "Severity",
    "SlotView",
    "Stakes",
    "StakesView",
    "ThrowView",
    "ViewError",
    "standard_slots",
]


class ViewError(ValueError):
    """A view that cannot be shown: the message names the field and the bad value."""


class Screen(StrEnum):
    """Which screen a :class:`View` is; each needs the parts listed."""

    ATTRACT = "attract"
    """Waiting for players: the title, the rules in force (``View.rules``), the players."""
    ROLL_OFF = "roll-off"
    """Who starts: each player throws one die (``View.tie_break`` with the entries)."""
    TURN = "turn"
    """A player's turn (``View.turn``), with the last photo, message and odds."""
    ROUND_RESULT = "round-result"
    """The round is over (``View.round_result``): who won and what they took."""
    TIE_BREAK = "tie-break"
    """Tied players re-throw (``View.tie_break``)."""
    MATCH_RESULT = "match-result"
    """The match is over (``View.match_result``) with the final standings."""
    DISPUTE = "dispute"
    """The current or last turn throw by throw, each with its photo (``View.turn``)."""
    NIGHT = "night"
    """The night so far (``View.night``): the last rounds as a strip, the standings,
    the best cargo, each player's launch rate, and the dice's fairness as a bar chart."""


class Stakes(StrEnum):
    """What the game is played for (RULES.md "stakes")."""

    POT = "pot"
    POINTS = "points"
    DRINKS = "drinks"


class Severity(StrEnum):
    """How bad a message is. Drawn with a different shape, brightness and place each,
    never by colour alone."""

    INFO = "info"
    """What happened and what to do next (a round circle with "i")."""
    PROBLEM = "problem"
    """The throw was not applied: re-throw or fix the tray (a triangle with "!")."""
    FAULT = "fault"
    """The machine needs staff: camera lost, button not wired (an octagon with "X")."""


class DieRole(StrEnum):
    """A die's part in a throw: banked into a slot, cargo, or just thrown."""

    SHIP = "ship"
    CAPTAIN = "captain"
    CREW = "crew"
    CARGO = "cargo"
    THROWN = "thrown"
    """Thrown and not banked (it goes back into the next throw)."""

    @property
    def banked(self) -> bool:
        """True for ship, captain and crew."""
        return self in (DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW)


class MarkStyle(StrEnum):
    """How a die is marked on the photo."""

    BANKED = "banked"
    """Banked by this throw or earlier (a thick bright outline, square value tag)."""
    CARGO = "cargo"
    """A cargo die (a medium outline, round value tag)."""
    THROWN = "thrown"
    """Read, not banked (a thin outline, small tag)."""
    UNREADABLE = "unreadable"
    """Seen but not read (a dashed outline and a "?" triangle)."""


def _fail(owner: str, name: str, value: object, why: str) -> ViewError:
    return ViewError(f"{owner}.{name}={value!r}: {why}")


def _check_face(owner: str, name: str, value: int) -> None:
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= 6:
        raise _fail(owner, name, value, "a die face is an int 1..6")


def _check_count(owner: str, name: str, value: int | None, low: int = 0) -> None:
    if value is None:
        return
    if not isinstance(value, int) or isinstance(value, bool) or value < low:
        raise _fail(owner, name, value, f"expected an int >= {low}")


def _check_amount(owner: str, name: str, value: int | None) -> None:
    """Chips and points may go negative in some house games; only the type is checked."""
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise _fail(owner, name, value, "expected an int")


def _check_name(owner: str, name: str, value: str) -> None:
    if not isinstance(value, str) or not value.strip():
        raise _fail(owner, name, value, "a name is a non-empty string")


def _check_fraction(owner: str, name: str, value: float | None) -> None:
    if value is None:
        return
    if not isinstance(value, int | float) or not 0.0 <= float(value) <= 1.0:
        raise _fail(owner, name, value, "expected a number 0..1")


@dataclass(frozen=True)
class PlayerView:
    """One player at the table, in seat order.

    Attributes:
        name: as entered; long names are cut with an ellipsis on screen.
        chips: chips (stakes units) in front of the player, with stakes "pot"; else None.
        points: match points so far (cumulative cargo or round wins); None if not kept.
        drinks: drinks owed this match, with stakes "drinks"; else None.
        current: this player is throwing now (at most one player per view).
        round_score: this round's score once their turn is over (0 if not launched);
            None before they have played this round.
        launched: this round: True launched, False did not launch, None not played yet.
        rank: match standing, 1 = leading; tied players share a rank; None if not ranked.
        out: not playing this round (knocked out of a tournament, or not in a tie-break).
        change: on the result screens, what this round changed: chips won (+) or lost
            (-) with a pot, else points banked; None elsewhere.
    """

    name: str
    chips: int | None = None
    points: int | None = None
    drinks: int | None = None
    current: bool = False
    round_score: int | None = None
    launched: bool | None = None
    rank: int | None = None
    out: bool = False
    change: int | None = None

    def __post_init__(self) -> None:
        _check_name("PlayerView", "name", self.name)
        _check_amount("PlayerView", "change", self.change)
        _check_amount("PlayerView", "chips", self.chips)
        _check_amount("PlayerView", "points", self.points)
        _check_count("PlayerView", "drinks", self.drinks)
        _check_count("PlayerView", "round_score", self.round_score)
        _check_count("PlayerView", "rank", self.rank, low=1)


@dataclass(frozen=True)
class StakesView:
    """What the game is played for, and the pot.

    Attributes:
        kind: pot, points or drinks (RULES.md "stakes").
        pot: the pot now, in units (0 unless ``kind`` is pot).
        ante: each player's stake per round, in units.
        unit: the unit's label, singular: "chip" (default), "$", "gp", "€".
        unit_plural: the plural label; None: "chip" -> "chips", symbols and short
            abbreviations ("$", "gp") unchanged.

    >>> StakesView(pot=6).amount(6), StakesView(unit="$").amount(3), StakesView(unit="$").amount(-3)
    ('6 chips', '$3', '-$3')
    >>> StakesView(unit="gp").amount(25)
    '25 gp'
    >>> StakesView().amount(1)
    '1 chip'
    """

    kind: Stakes = Stakes.POT
    pot: int = 0
    ante: int = 1
    unit: str = "chip"
    unit_plural: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Stakes):
            raise _fail("StakesView", "kind", self.kind, "expected a Stakes")
        _check_count("StakesView", "pot", self.pot)
        _check_count("StakesView", "ante", self.ante)
        _check_name("StakesView", "unit", self.unit)

    def amount(self, n: int) -> str:
        """``n`` units as words: "6 chips", "$3", "-$3", "25 gp" (the engine's
        :func:`~companion.engine.format_amount`, the one amount formatter)."""
        return format_amount(n, self.unit, self.unit_plural)


@dataclass(frozen=True)
class MatchView:
    """Where the match stands.

    Attributes:
        round_number: the round being played (1-based).
        rounds_total: the number of rounds of a fixed-rounds match; None otherwise.
        target: the points target of a first-to-T match; None otherwise.
        stage: a stage name shown beside the round: "Final", "Tie-break turn"; or None.
        to_beat: during a turn, the best score posted this round and who holds it
            ("Anna 8"), shown as "to beat: Anna 8"; None before anyone launched.
    """

    round_number: int = 1
    rounds_total: int | None = None
    target: int | None = None
    stage: str | None = None
    to_beat: str | None = None

    def __post_init__(self) -> None:
        _check_count("MatchView", "round_number", self.round_number, low=1)
        _check_count("MatchView", "rounds_total", self.rounds_total, low=1)
        _check_count("MatchView", "target", self.target, low=1)

    @property
    def label(self) -> str:
        """ "Round 2 of 5", "Round 3 · first to 100", "Final"."""
        text = f"Round {self.round_number}"
        if self.rounds_total is not None:
            text += f" of {self.rounds_total}"
        if self.target is not None:
            text += f" · first to {self.target}"
        if self.stage:
            text += f" · {self.stage}"
        return text


@dataclass(frozen=True)
class SlotView:
    """One of the three required dice: ship, captain or crew.

    Attributes:
        role: SHIP, CAPTAIN or CREW.
        face: the face the rules require: 6, 5, 4 (1, 2, 3 under low-ship).
        value: the die that filled it (``face``, or 1 under wild-ones); None = not banked.
        throw: the throw (1-based) in which it was banked; None if not banked.
    """

    role: DieRole
    face: int
    value: int | None = None
    throw: int | None = None

    def __post_init__(self) -> None:
        if not self.role.banked:
            raise _fail("SlotView", "role", self.role, "a slot is ship, captain or crew")
        _check_face("SlotView", "face", self.face)
        if self.value is not None:
            _check_face("SlotView", "value", self.value)
        _check_count("SlotView", "throw", self.throw, low=1)

    @property
    def filled(self) -> bool:
        """True once a die is banked in this slot."""
        return self.value is not None


def standard_slots(
    ship: int | None = None,
    captain: int | None = None,
    crew: int | None = None,
    *,
    faces: tuple[int, int, int] = (6, 5, 4),
) -> tuple[SlotView, SlotView, SlotView]:
    """The three slots, each filled in the throw number given (None = empty).

    ``faces`` are the required faces: (6, 5, 4), or (1, 2, 3) under low-ship.

    >>> [(s.role.value, s.face, s.value) for s in standard_slots(1, 2)]
    [('ship', 6, 6), ('captain', 5, 5), ('crew', 4, None)]
    """
    roles = (DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW)
    throws = (ship, captain, crew)
    slots = tuple(
        SlotView(role, face, face if t is not None else None, t)
        for role, face, t in zip(roles, faces, throws, strict=True)
    )
    return slots[0], slots[1], slots[2]


@dataclass(frozen=True)
class DieFace:
    """One die of a throw: its face value and what the referee did with it."""

    value: int
    role: DieRole = DieRole.THROWN

    def __post_init__(self) -> None:
        _check_face("DieFace", "value", self.value)


@dataclass(frozen=True, eq=False)
class PhotoView:
    """A photo of the tray with the dice marked on it.

    Attributes:
        image: H x W x 3 uint8, BGR (as vision and the cameras give it). Not copied:
            do not write to it after building the view.
        marks: one per die seen, drawn over the photo.
        caption: a short line under or over the photo ("Throw 2"), or "".

    Equality compares the pixels (identity first, then element by element), so a
    rebuilt view with the same photo does not force a redraw. The image is checked
    by its type, shape and dtype without importing numpy (views stay light).
    """

    image: NDArray[np.uint8]
    marks: tuple[Mark, ...] = ()
    caption: str = ""

    def __post_init__(self) -> None:
        image = self.image
        kinds = {(c.__module__, c.__name__) for c in type(image).__mro__}
        if ("numpy", "ndarray") not in kinds:
            raise ViewError(f"PhotoView.image: expected a numpy array, got {type(image).__name__}")
        if image.ndim != 3 or image.shape[2] != 3 or image.shape[0] < 1 or image.shape[1] < 1:
            raise ViewError(f"PhotoView.image: expected H x W x 3 (BGR), got shape {image.shape}")
        if str(image.dtype) != "uint8":
            raise ViewError(f"PhotoView.image: expected dtype uint8, got {image.dtype}")

    @property
    def size(self) -> tuple[int, int]:
        """(width, height) of the photo, px."""
        return int(self.image.shape[1]), int(self.image.shape[0])

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PhotoView):
            return NotImplemented
        if self.marks != other.marks or self.caption != other.caption:
            return False
        return self.image is other.image or (
            self.image.shape == other.image.shape and bool((self.image == other.image).all())
        )

    def __hash__(self) -> int:
        return hash((self.image.shape, self.marks, self.caption))


@dataclass(frozen=True)
class Mark:
    """One die on a photo, as vision read it.

    Attributes:
        center: (x, y) of the die's centre, px in the photo.
        corners: the top face's 4 corners, px in the photo, in order around the face;
            () when vision gave none (a circle is drawn instead).
        value: the face value read; None if it could not be read.
        style: banked, cargo, thrown or unreadable.
    """

    center: tuple[float, float]
    corners: tuple[tuple[float, float], ...] = ()
    value: int | None = None
    style: MarkStyle = MarkStyle.THROWN

    def __post_init__(self) -> None:
        if len(self.center) != 2:
            raise _fail("Mark", "center", self.center, "expected (x, y) in px")
        if self.corners and len(self.corners) != 4:
            raise _fail("Mark", "corners", self.corners, "expected 4 (x, y) points or ()")
        if self.value is not None:
            _check_face("Mark", "value", self.value)
        if self.style is MarkStyle.UNREADABLE and self.value is not None:
            raise _fail("Mark", "value", self.value, "an unreadable die has value None")


@dataclass(frozen=True)
class ThrowView:
    """One throw of the turn: the dice in the tray and what was banked.

    Attributes:
        number: 1-based throw number within the turn.
        dice: the dice thrown, each with its role (banked into a slot, cargo, thrown).
        explanation: the referee's one line: "6 banked as ship; the 4 waits for a captain".
        photo: the photo of this throw, for the dispute view; None if not kept.
    """

    number: int
    dice: tuple[DieFace, ...]
    explanation: str = ""
    photo: PhotoView | None = None

    def __post_init__(self) -> None:
        _check_count("ThrowView", "number", self.number, low=1)
        if not 1 <= len(self.dice) <= 5:
            raise _fail("ThrowView", "dice", self.dice, "a throw has 1 to 5 dice")

    @classmethod
    def of(
        cls,
        number: int,
        dice: str | Sequence[int],
        explanation: str = "",
        photo: PhotoView | None = None,
        *,
        ship: int | None = None,
        captain: int | None = None,
        crew: int | None = None,
        cargo: Sequence[int] = (),
    ) -> ThrowView:
        """A throw from its face values, each die's role given by its index.

        ``dice``: a digit string ("64331") or a sequence of ints, in the order seen.
        ``ship``, ``captain``, ``crew``: the index of the die banked there by this
        throw; ``cargo``: the indices of the cargo dice; every other die was thrown
        and not banked. Roles are given, never guessed from values (the app takes
        them from the engine's ``ThrowRecord.die_roles``).

        Raises:
            ViewError: a value is not 1..6, an index is not one of the dice, or a die
                is given two roles.

        >>> t = ThrowView.of(2, "6541", captain=1, crew=2, cargo=(0, 3))
        >>> [(d.value, d.role.value) for d in t.dice]
        [(6, 'cargo'), (5, 'captain'), (4, 'crew'), (1, 'cargo')]
        """
        try:
            values = [int(v) for v in dice]
        except (TypeError, ValueError):
            raise ViewError(f"ThrowView.of: dice={dice!r} is not face values") from None
        for v in values:
            _check_face("ThrowView.of", "dice", v)
        kinds = [DieRole.THROWN] * len(values)
        given = [(ship, DieRole.SHIP), (captain, DieRole.CAPTAIN), (crew, DieRole.CREW)]
        given += [(i, DieRole.CARGO) for i in cargo]
        for index, role in given:
            if index is None:
                continue
            if not 0 <= index < len(values):
                raise ViewError(f"ThrowView.of: {role.value} index {index} is not one of "
                                f"the {len(values)} dice {dice!r}")
            if kinds[index] is not DieRole.THROWN:
                raise ViewError(f"ThrowView.of: die {index} is both {kinds[index].value} "
                                f"and {role.value}")
            kinds[index] = role
        return cls(number, tuple(DieFace(v, r) for v, r in zip(values, kinds, strict=True)),
                   explanation, photo)


@dataclass(frozen=True)
class BonusView:
    """A bonus added to the cargo: label ("unused throws") and points (+2)."""

    label: str
    points: int

    def __post_init__(self) -> None:
        _check_name("BonusView", "label", self.label)
        _check_amount("BonusView", "points", self.points)
