"""What the display shows, as plain frozen data: the ``View`` and its parts.

A :class:`View` holds everything one screen shows and nothing else: names, numbers,
messages, and the photo of the last throw as an ndarray with marks to draw on it. It
imports neither the engine nor vision, so snapshot tests build views by hand and the
app (``companion.app.build_view``) fills them from an engine state and a vision
reading. The renderer (:func:`companion.display.render`) never looks anywhere else.

Every class validates itself on construction and raises :class:`ViewError` (a
``ValueError``) with a message naming the bad field, so a wrong view fails where it
is built, not half-way through drawing a frame.

Units: counts are plain ints; amounts of stakes (pot, chips, ante) are in the stakes
unit (:attr:`StakesView.unit`); photo coordinates are px in the photo's own pixel grid
(x to the right, y down, origin at the top-left pixel's corner); chances are floats
0..1; ``progress`` is 0..1.

A minimal turn, as the app would build it after the seed example's first throw
(``002``: 6 4 3 3 1 banks the ship):

>>> turn = TurnView(
...     player="Anna",
...     throws_used=1,
...     slots=standard_slots(ship=1),
...     throws=(ThrowView.of(1, "64331", banked="6", explanation="Ship banked."),),
...     dice_to_throw=4,
... )
>>> view = View(screen=Screen.TURN, players=(PlayerView("Anna", current=True),), turn=turn)
>>> view.turn is not None and view.turn.throws_left
2
>>> [s.filled for s in turn.slots]
[True, False, False]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

import numpy as np
from numpy.typing import NDArray

__all__ = [
    "MAX_PLAYERS",
    "BonusView",
    "ConfirmView",
    "DieFace",
    "DieRole",
    "Mark",
    "MarkStyle",
    "MatchResultView",
    "MatchView",
    "MessageView",
    "NightPlayerView",
    "NightView",
    "OddsView",
    "PhotoView",
    "PlayerView",
    "RoundResultView",
    "Screen",
    "Severity",
    "SlotView",
    "Stakes",
    "StakesView",
    "ThrowView",
    "TieBreakView",
    "TieEntryView",
    "TurnView",
    "View",
    "ViewError",
    "standard_slots",
]

#: Most players a game has (RULES.md, "players 2..8"); the display lays out this many.
MAX_PLAYERS = 8


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

    def __post_init__(self) -> None:
        _check_name("PlayerView", "name", self.name)
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

    >>> StakesView(pot=6).amount(6), StakesView(unit="$").amount(3)
    ('6 chips', '$3')
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
        """``n`` units as words: "6 chips", "$3", "25 gp"."""
        unit = self.unit.strip()
        if len(unit) == 1 and not unit.isalnum():
            return f"{unit}{n}"
        if abs(n) != 1:
            if self.unit_plural is not None:
                unit = self.unit_plural
            elif len(unit) > 2 and unit.isalpha() and not unit.endswith("s"):
                unit = unit + "s"
        return f"{n} {unit}"


@dataclass(frozen=True)
class MatchView:
    """Where the match stands.

    Attributes:
        round_number: the round being played (1-based).
        rounds_total: the number of rounds of a fixed-rounds match; None otherwise.
        target: the points target of a first-to-T match; None otherwise.
        stage: a stage name shown beside the round: "Final", "Tie-break turn"; or None.
    """

    round_number: int = 1
    rounds_total: int | None = None
    target: int | None = None
    stage: str | None = None

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

    Equality compares the pixels (identity first, then ``numpy.array_equal``), so a
    rebuilt view with the same photo does not force a redraw.
    """

    image: NDArray[np.uint8]
    marks: tuple[Mark, ...] = ()
    caption: str = ""

    def __post_init__(self) -> None:
        image = self.image
        if not isinstance(image, np.ndarray):
            raise ViewError(f"PhotoView.image: expected a numpy array, got {type(image).__name__}")
        if image.ndim != 3 or image.shape[2] != 3 or image.shape[0] < 1 or image.shape[1] < 1:
            raise ViewError(f"PhotoView.image: expected H x W x 3 (BGR), got shape {image.shape}")
        if image.dtype != np.uint8:
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
            self.image.shape == other.image.shape and bool(np.array_equal(self.image, other.image))
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
        banked: str | Sequence[int] = "",
        cargo: str | Sequence[int] = "",
        explanation: str = "",
        photo: PhotoView | None = None,
        *,
        roles: Sequence[str | DieRole] | None = None,
        faces: tuple[int, int, int] = (6, 5, 4),
    ) -> ThrowView:
        """A throw from its face values: what was thrown, banked and left as cargo.

        ``dice``, ``banked`` and ``cargo`` are digit strings ("64331") or sequences of
        ints, as the engine's throw record holds them. ``roles`` gives the slot of
        each banked value ("ship", "captain", "crew"; the engine's ``roles``); without
        it each banked value fills the slot whose face it is (``faces``: 6, 5, 4, or
        1, 2, 3 under low-ship) and a value that is no slot's face (a wild 1) fills
        the first slot still free. ``cargo`` lists the cargo values among ``dice``
        (a shifting-cargo die kept back is not among them: leave it out).

        Raises:
            ViewError: a value is not 1..6, or a banked or cargo value is not among
                ``dice``.

        >>> t = ThrowView.of(2, "6541", banked="54", cargo="61")
        >>> [(d.value, d.role.value) for d in t.dice]
        [(6, 'cargo'), (5, 'captain'), (4, 'crew'), (1, 'cargo')]
        >>> wild = ThrowView.of(1, (6, 5, 1, 1, 3), banked=(6, 5, 1), cargo=(1, 3),
        ...                     roles=("ship", "captain", "crew"))
        >>> [d.role.value for d in wild.dice]
        ['ship', 'captain', 'crew', 'cargo', 'cargo']
        """

        def ints(name: str, given: str | Sequence[int]) -> list[int]:
            try:
                values = [int(v) for v in given]
            except (TypeError, ValueError):
                raise ViewError(f"ThrowView.of: {name}={given!r} is not face values") from None
            for v in values:
                _check_face("ThrowView.of", name, v)
            return values

        values = ints("dice", dice)
        banked_values = ints("banked", banked)
        kinds = [DieRole.THROWN] * len(values)
        slot_roles = (DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW)

        def take(value: int, role: DieRole) -> None:
            for i, v in enumerate(values):
                if v == value and kinds[i] is DieRole.THROWN:
                    kinds[i] = role
                    return
            raise ViewError(f"ThrowView.of: {value} is not among the dice {dice!r} "
                            "still free")

        if roles is not None:
            if len(roles) != len(banked_values):
                raise ViewError(f"ThrowView.of: {len(roles)} roles for {len(banked_values)} "
                                "banked dice")
            for v, r in zip(banked_values, roles, strict=True):
                role = DieRole(r)
                if not role.banked:
                    raise ViewError(f"ThrowView.of: role {r!r} is not a slot")
                take(v, role)
        else:
            slot_of = dict(zip(faces, slot_roles, strict=True))
            used: set[DieRole] = set()
            wild = []
            for v in banked_values:
                if v in slot_of and slot_of[v] not in used:
                    used.add(slot_of[v])
                    take(v, slot_of[v])
                else:
                    wild.append(v)
            for v in wild:
                free = [r for r in slot_roles if r not in used]
                if not free:
                    raise ViewError(f"ThrowView.of: too many banked dice in {banked!r}")
                used.add(free[0])
                take(v, free[0])
        for v in ints("cargo", cargo):
            take(v, DieRole.CARGO)
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


def _default_slots() -> tuple[SlotView, SlotView, SlotView]:
    return standard_slots()


@dataclass(frozen=True)
class TurnView:
    """The turn being played (or, in the dispute view, the turn being looked at).

    Attributes:
        player: the name of the player whose turn it is.
        throws_used: throws made so far this turn, 0..``throws_max``.
        throws_max: the throws this turn may have: 3, or fewer under pace-setter.
        slots: ship, captain and crew, filled or not (see :func:`standard_slots`).
        cargo: the two cargo dice once launched; None before.
        score: the turn's score incl. bonuses: cargo sum + bonuses once launched,
            0 if the turn ended without launching; None while there is no score yet.
        bonuses: the bonuses inside ``score`` (one-throw-bonus, unused-throw-bonus).
        throws: every throw so far, oldest first.
        dice_to_throw: how many dice the tray should hold for the next throw
            (5, 4, 3 or 2; 1 under shifting-cargo); 0 when no throw is expected.
        stood: the player stood on the cargo (the turn is over).
    """

    player: str
    throws_used: int = 0
    throws_max: int = 3
    slots: tuple[SlotView, SlotView, SlotView] = field(default_factory=_default_slots)
    cargo: tuple[int, int] | None = None
    score: int | None = None
    bonuses: tuple[BonusView, ...] = ()
    throws: tuple[ThrowView, ...] = ()
    dice_to_throw: int = 5
    stood: bool = False

    def __post_init__(self) -> None:
        _check_name("TurnView", "player", self.player)
        _check_count("TurnView", "throws_max", self.throws_max, low=1)
        _check_count("TurnView", "throws_used", self.throws_used)
        if self.throws_used > self.throws_max:
            raise _fail("TurnView", "throws_used", self.throws_used,
                        f"more than throws_max={self.throws_max}")
        if len(self.slots) != 3:
            raise _fail("TurnView", "slots", self.slots, "expected ship, captain, crew")
        if self.cargo is not None:
            if len(self.cargo) != 2:
                raise _fail("TurnView", "cargo", self.cargo, "expected two dice")
            for v in self.cargo:
                _check_face("TurnView", "cargo", v)
        _check_count("TurnView", "score", self.score)
        _check_count("TurnView", "dice_to_throw", self.dice_to_throw)
        if self.dice_to_throw > 5:
            raise _fail("TurnView", "dice_to_throw", self.dice_to_throw, "at most 5 dice")

    @property
    def throws_left(self) -> int:
        """Throws still allowed this turn (0 once stood)."""
        return 0 if self.stood else self.throws_max - self.throws_used

    @property
    def launched(self) -> bool:
        """Ship, captain and crew all banked."""
        return all(s.filled for s in self.slots)

    @property
    def cargo_value(self) -> int | None:
        """The cargo's sum (2..12), or None before launching."""
        return None if self.cargo is None else self.cargo[0] + self.cargo[1]

    @property
    def over(self) -> bool:
        """The turn has ended (stood, or no throw left)."""
        return self.stood or self.throws_left == 0


@dataclass(frozen=True)
class MessageView:
    """The referee speaking: what happened, and what to do next.

    Attributes:
        severity: info, problem or fault.
        text: plain words, one short sentence: "One die is leaning on the wall".
        action: what to do next: "Re-throw all 3 dice", or "".
    """

    severity: Severity
    text: str
    action: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.severity, Severity):
            raise _fail("MessageView", "severity", self.severity, "expected a Severity")
        _check_name("MessageView", "text", self.text)


@dataclass(frozen=True)
class OddsView:
    """The current player's chance of winning the round (from ``companion.odds``).

    Attributes:
        stand: the chance 0..1 if they stand on this cargo.
        rethrow: the chance 0..1 if they re-throw the cargo.

    The app leaves ``View.odds`` None when the odds are switched off or there is no
    decision to make.
    """

    stand: float
    rethrow: float

    def __post_init__(self) -> None:
        _check_fraction("OddsView", "stand", self.stand)
        _check_fraction("OddsView", "rethrow", self.rethrow)


@dataclass(frozen=True)
class ConfirmView:
    """An action waiting to be confirmed ("Undo the last throw?").

    Attributes:
        text: the question: "Undo Anna's last throw?".
        how: how to confirm or cancel: "Hold the button to confirm, press to cancel".
        progress: how far the hold has gone, 0..1; None when no hold is in progress.
    """

    text: str
    how: str = ""
    progress: float | None = None

    def __post_init__(self) -> None:
        _check_name("ConfirmView", "text", self.text)
        _check_fraction("ConfirmView", "progress", self.progress)


@dataclass(frozen=True)
class RoundResultView:
    """How the round ended.

    Attributes:
        round_number: the round that ended (1-based).
        winner: who won; None if nobody did (nobody launched, a tie that carries).
        score: the winning score incl. bonuses; None with no winner.
        cargo: the winning cargo dice; None with no winner.
        took: what the winner took, in stakes units (the pot) or points; None if nothing.
        carried: the pot carried into the next round, in units; None if none.
        note: one line on why: "Nobody launched", "Ben won the tie-break"; or "".
        drinkers: who drinks (stakes "drinks" or drinking on top): the lowest cargo,
            doubled if not launched (000), or everyone but the winner (003).
        drink_namer: the winner, who names the drink the others drink (who-drinks =
            losers, 003); else None.
    """

    round_number: int
    winner: str | None = None
    score: int | None = None
    cargo: tuple[int, int] | None = None
    took: int | None = None
    carried: int | None = None
    note: str = ""
    drinkers: tuple[str, ...] = ()
    drink_namer: str | None = None

    def __post_init__(self) -> None:
        _check_count("RoundResultView", "round_number", self.round_number, low=1)
        if self.drink_namer is not None:
            _check_name("RoundResultView", "drink_namer", self.drink_namer)
        if self.winner is not None:
            _check_name("RoundResultView", "winner", self.winner)
        _check_count("RoundResultView", "score", self.score)
        if self.cargo is not None:
            for v in self.cargo:
                _check_face("RoundResultView", "cargo", v)
        _check_count("RoundResultView", "took", self.took)
        _check_count("RoundResultView", "carried", self.carried)


@dataclass(frozen=True)
class MatchResultView:
    """How the match ended. The final standings are ``View.players`` with their ranks.

    Attributes:
        winner: the match winner; None if it ended without one.
        note: one line: "after 5 rounds", "first past 100", "won the final"; or "".
    """

    winner: str | None
    note: str = ""

    def __post_init__(self) -> None:
        if self.winner is not None:
            _check_name("MatchResultView", "winner", self.winner)


@dataclass(frozen=True)
class TieEntryView:
    """One player in a tie-break or the first-player roll-off.

    Attributes:
        name: the player.
        dice: their latest throw in this tie-break (2 cargo dice, or 1 roll-off die);
            () if they have not thrown yet in this pass.
        current: they throw next.
        out: they lost and are out of the tie-break.
    """

    name: str
    dice: tuple[int, ...] = ()
    current: bool = False
    out: bool = False

    def __post_init__(self) -> None:
        _check_name("TieEntryView", "name", self.name)
        if len(self.dice) > 5:
            raise _fail("TieEntryView", "dice", self.dice, "at most 5 dice")
        for v in self.dice:
            _check_face("TieEntryView", "dice", v)

    @property
    def total(self) -> int | None:
        """The sum of ``dice``, or None before they threw."""
        return sum(self.dice) if self.dice else None


@dataclass(frozen=True)
class TieBreakView:
    """A tie-break in progress, or the roll-off for the first player.

    Attributes:
        entries: the players in it, in throwing order.
        tied_score: the score they tied on; None for the roll-off.
        how: the rule in words: "Each re-throws both cargo dice: the higher total wins".
        attempt: which pass this is (1-based): ties throw again.
    """

    entries: tuple[TieEntryView, ...]
    tied_score: int | None = None
    how: str = ""
    attempt: int = 1

    def __post_init__(self) -> None:
        if not 1 <= len(self.entries) <= MAX_PLAYERS:
            raise _fail("TieBreakView", "entries", len(self.entries),
                        f"1..{MAX_PLAYERS} players")
        _check_count("TieBreakView", "tied_score", self.tied_score)
        _check_count("TieBreakView", "attempt", self.attempt, low=1)


@dataclass(frozen=True)
class NightPlayerView:
    """One player's night: rounds won of rounds played, chips won (+) or lost (-)
    (None unless playing for a pot), points (None unless they count), launch rate 0..1."""

    name: str
    rounds_won: int = 0
    rounds_played: int = 0
    chips: int | None = None
    points: int | None = None
    launch_rate: float = 0.0

    def __post_init__(self) -> None:
        _check_name("NightPlayerView", "name", self.name)
        _check_count("NightPlayerView", "rounds_played", self.rounds_played)
        _check_count("NightPlayerView", "rounds_won", self.rounds_won)
        if self.rounds_won > self.rounds_played:
            raise _fail("NightPlayerView", "rounds_won", self.rounds_won,
                        f"at most the {self.rounds_played} rounds played")
        _check_fraction("NightPlayerView", "launch_rate", self.launch_rate)


@dataclass(frozen=True)
class NightView:
    """The night's numbers (``companion.stats``), ready to draw.

    Attributes:
        games: games played tonight.
        rounds: rounds settled tonight.
        players: the standings, best first (at most 8 are drawn).
        best: the best cargo, e.g. "Cleo 11"; None before the first launch.
        last_rounds: the last (up to 10) round results, oldest first, each
            (winner or None, score): ("Ann", 8), (None, 7) a tie not broken,
            (None, 0) nobody launched.
        faces: how many dice showed 1..6 tonight.
        p_value: the chi-square test's p-value against a fair die; None with no dice.
        warning: "6 came up on 31 % of 600 dice: check the dice", or None.
    """

    games: int = 0
    rounds: int = 0
    players: tuple[NightPlayerView, ...] = ()
    best: str | None = None
    last_rounds: tuple[tuple[str | None, int], ...] = ()
    faces: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    p_value: float | None = None
    warning: str | None = None

    def __post_init__(self) -> None:
        _check_count("NightView", "games", self.games)
        _check_count("NightView", "rounds", self.rounds)
        if len(self.faces) != 6:
            raise _fail("NightView", "faces", self.faces, "six counts, faces 1..6")
        for n in self.faces:
            _check_count("NightView", "faces", n)
        if len(self.last_rounds) > 10:
            raise _fail("NightView", "last_rounds", len(self.last_rounds), "at most 10")
        _check_fraction("NightView", "p_value", self.p_value)

    @property
    def dice(self) -> int:
        """Dice counted tonight."""
        return sum(self.faces)


_NEEDS: dict[Screen, str] = {
    Screen.NIGHT: "night",
    Screen.ROLL_OFF: "tie_break",
    Screen.TURN: "turn",
    Screen.ROUND_RESULT: "round_result",
    Screen.TIE_BREAK: "tie_break",
    Screen.MATCH_RESULT: "match_result",
    Screen.DISPUTE: "turn",
}


@dataclass(frozen=True)
class View:
    """Everything one screen shows.

    Attributes:
        screen: which screen; the parts it needs must be set (:class:`Screen`).
        players: everyone at the table in seat order (0..8), with chips / points /
            drinks, who is current, this round's scores and the match ranks.
        stakes: the stakes, unit and pot.
        match: the round number and the match format.
        rules: the rules in force, one short line each ("Ties: cargo dice re-thrown"),
            shown on the attract screen.
        turn: the turn (TURN and DISPUTE screens).
        photo: the photo of the last throw read (applied or not), with marks.
        message: the referee's message (problem, or what to do next).
        odds: the stand / re-throw chances; None when switched off or not applicable.
        faults: machine faults (severity FAULT), shown in a strip above the game.
        confirm: an action awaiting confirmation (undo: hold to confirm).
        round_result: the round's outcome (ROUND_RESULT screen).
        match_result: the match's outcome (MATCH_RESULT screen).
        tie_break: the tie-break or roll-off (TIE_BREAK and ROLL_OFF screens).
        title: the product's name on the attract screen.
        night: the night's numbers (NIGHT screen).
    """

    screen: Screen
    players: tuple[PlayerView, ...] = ()
    stakes: StakesView = field(default_factory=StakesView)
    match: MatchView = field(default_factory=MatchView)
    rules: tuple[str, ...] = ()
    turn: TurnView | None = None
    photo: PhotoView | None = None
    message: MessageView | None = None
    odds: OddsView | None = None
    faults: tuple[MessageView, ...] = ()
    confirm: ConfirmView | None = None
    round_result: RoundResultView | None = None
    match_result: MatchResultView | None = None
    tie_break: TieBreakView | None = None
    title: str = "Ship Captain Crew"
    night: NightView | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.screen, Screen):
            raise _fail("View", "screen", self.screen, "expected a Screen")
        if len(self.players) > MAX_PLAYERS:
            raise _fail("View", "players", len(self.players), f"at most {MAX_PLAYERS} players")
        if sum(p.current for p in self.players) > 1:
            raise _fail("View", "players", [p.name for p in self.players if p.current],
                        "at most one current player")
        need = _NEEDS.get(self.screen)
        if need is not None and getattr(self, need) is None:
            raise ViewError(f"View.{need}: the {self.screen.value} screen needs it (got None)")
        for fault in self.faults:
            if fault.severity is not Severity.FAULT:
                raise _fail("View", "faults", fault.severity, "faults have severity FAULT")

    def replace(self, **changes: Any) -> View:
        """A copy with some fields changed (``dataclasses.replace``)."""
        import dataclasses

        return dataclasses.replace(self, **changes)
