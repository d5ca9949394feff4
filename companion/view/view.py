"""What the display shows, as plain frozen data: the ``View`` (its parts are in
:mod:`companion.view.parts`).

A :class:`View` holds everything one screen shows and nothing else: names, numbers,
messages, and the photo of the last throw as an ndarray with marks to draw on it. It
imports neither vision nor pygame nor numpy, and of the engine only its public facts,
so snapshot tests build views by hand and :func:`companion.view.present.build_view`
fills them from an engine state and the app's extras. The renderer
(:func:`companion.display.render`) never looks anywhere else.

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
...     throws=(ThrowView.of(1, "64331", "Ship banked.", ship=0),),
...     dice_to_throw=4,
... )
>>> view = View(screen=Screen.TURN, players=(PlayerView("Anna", current=True),), turn=turn)
>>> view.turn is not None and view.turn.throws_left
2
>>> [s.filled for s in turn.slots]
[True, False, False]
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from companion.engine import MAX_PLAYERS
from companion.view.parts import (
    BonusView,
    MatchView,
    PhotoView,
    PlayerView,
    Screen,
    Severity,
    SlotView,
    StakesView,
    ThrowView,
    ViewError,
    _check_count,
    _check_face,
    _check_fraction,
    _check_name,
    _fail,
    standard_slots,
)

__all__ = [
    "ConfirmView",
    "MatchResultView",
    "MessageView",
    "OddsView",
    "RoundResultView",
    "TieBreakView",
    "TieEntryView",
    "TurnView",
    "View",
]


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
        throws_left: throws still allowed, as the engine counts them (0 once the turn
            is over, which under cargo-reroll-once can be before ``throws_max``); None
            in a hand-made view: ``throws_max - throws_used``, 0 once stood.
        over: the turn has ended, as the engine says (stood, last throw used, the
            one cargo re-throw used); None in a hand-made view: stood or no throw left.
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
    throws_left: int | None = None
    over: bool | None = None

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
        if self.throws_left is None:
            left = 0 if self.stood else self.throws_max - self.throws_used
            object.__setattr__(self, "throws_left", left)
        if self.over is None:
            object.__setattr__(self, "over", self.stood or self.throws_left == 0)
        _check_count("TurnView", "throws_left", self.throws_left)

    @property
    def launched(self) -> bool:
        """Ship, captain and crew all banked."""
        return all(s.filled for s in self.slots)

    @property
    def cargo_value(self) -> int | None:
        """The cargo's sum (2..12), or None before launching."""
        return None if self.cargo is None else self.cargo[0] + self.cargo[1]


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
        tied_score: the score they tied on; in the roll-off, the die they tied on
            (None on its first pass).
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
        alert: the warning in a short line for every page ("Check the dice: 6 on 31 %
            of 600"), or None.
        in_pot: the chips in a pot not yet won, in words ("4 chips in the pot"): antes
            neither won nor lost yet, left out of the players' chips; None when none.
    """

    games: int = 0
    rounds: int = 0
    players: tuple[NightPlayerView, ...] = ()
    best: str | None = None
    last_rounds: tuple[tuple[str | None, int], ...] = ()
    faces: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    p_value: float | None = None
    warning: str | None = None
    in_pot: str | None = None
    alert: str | None = None

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
        page: which page of a paged screen to show (0, 1, ...; taken modulo the
            number of pages): read from two metres the dispute view shows one throw a
            page and the night screen one part a page; the runner turns them
            (``companion.runner.Pager``).
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
    page: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.screen, Screen):
            raise _fail("View", "screen", self.screen, "expected a Screen")
        if isinstance(self.page, bool) or not isinstance(self.page, int) or self.page < 0:
            raise _fail("View", "page", self.page, "an int >= 0")
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
