"""The game state: immutable dataclasses the display, the app and the notation read.

:class:`GameState` is what :func:`companion.engine.apply` folds events into. Every
part of it is a frozen dataclass of plain values (names, numbers, tuples), so a
state can be kept, compared and shown without copying; nothing here changes a state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

from companion.engine.dice import DieRole
from companion.engine.events import Event
from companion.engine.settings import Settings, format_amount

__all__ = [
    "GameState",
    "Phase",
    "PlayerState",
    "RollOff",
    "RoundResult",
    "ThrowRecord",
    "TieBreak",
    "Turn",
]


class Phase(StrEnum):
    """What the table is doing.

    ``ROLL_OFF``: each player throws one die to decide who starts (003).
    ``TURN``: a player's turn of up to 3 throws. ``TIE_BREAK``: players tied for
    the best score re-throw their cargo or play a full turn again (``ties``).
    ``ROUND_OVER``: the round is settled; ``NextRound()`` starts the next.
    ``MATCH_OVER``: the match has a winner; ``NextRound()`` starts a new match.
    """

    ROLL_OFF = "roll-off"
    TURN = "turn"
    TIE_BREAK = "tie-break"
    ROUND_OVER = "round over"
    MATCH_OVER = "match over"


ThrowKind = Literal["bank", "cargo", "roll-off", "tie-break"]


@dataclass(frozen=True)
class PlayerState:
    """One player: seat (0-based, clockwise = to the left), chips, points, drinks.

    ``chips`` is a running balance in the settings' unit (it goes below 0 when a
    player has paid in more than they won); ``round_scores`` holds the player's
    score in each round of this match (``None``: did not play that round, as a
    player not in a tournament final).
    """

    name: str
    seat: int
    chips: int = 0
    points: int = 0
    drinks: int = 0
    round_scores: tuple[int | None, ...] = ()


@dataclass(frozen=True)
class ThrowRecord:
    """One throw as the referee saw and judged it.

    ``kind``: ``"bank"`` (seeking ship, captain and crew), ``"cargo"`` (a cargo
    re-throw), ``"roll-off"`` or ``"tie-break"``. ``number``: the throw's number in
    the turn (1..3), or the pass of a roll-off / tie-break. ``banked``: face values
    banked from this throw, ``roles`` their roles. ``kept``: under shifting-cargo,
    the cargo die kept back. ``cargo``: the cargo after this throw (higher die
    first). ``explanation``: why, in a sentence for the table. ``die_roles``: the
    role of each die of ``dice``, by index (ship, captain, crew, cargo, in play, not
    counted: :class:`~companion.engine.DieRole`), so a photo's dice, read in the same
    order, are marked without guessing. ``event_index``: the index in
    :attr:`GameState.events` of the throw that made this record (the journal keeps its
    photo under that event); not compared, as the history is not.
    """

    player: str
    number: int
    kind: ThrowKind
    dice: tuple[int, ...]
    banked: tuple[int, ...] = ()
    roles: tuple[str, ...] = ()
    kept: int | None = None
    cargo: tuple[int, int] | None = None
    explanation: str = ""
    die_roles: tuple[DieRole, ...] = ()
    event_index: int = field(default=-1, compare=False)


#: Throws in a turn (all seeds); pace-setter may cap a turn below it (002).
THROWS_PER_TURN = 3


@dataclass(frozen=True)
class Turn:
    """One player's turn: throws so far, what is banked, the cargo and the score.

    ``max_throws`` is 3, or fewer under pace-setter. ``banked`` holds the face
    values of ship, captain and crew in that order (a 1 where a wild one stood in).
    ``over`` is True once the turn has ended (stood, last throw used, or the one
    cargo re-throw of cargo-reroll-once used).

    >>> t = Turn("Ann", 0, banked=(6, 5, 4), cargo=(6, 1), throws=(), stood=True, over=True)
    >>> t.launched, t.score, t.cargo_total
    (True, 7, 7)
    """

    player: str
    seat: int
    max_throws: int = 3
    throws: tuple[ThrowRecord, ...] = ()
    banked: tuple[int, ...] = ()
    cargo: tuple[int, int] | None = None
    #: Bonus earned for banking ship, captain and crew in one throw (one-throw-bonus).
    one_throw_bonus: int = 0
    #: Bonus earned for unused throws (unused-throw-bonus), set when the turn ends:
    #: +1 for each of the turn's 3 throws not thrown, whatever ended the turn.
    unused_throw_bonus: int = 0
    #: Whether unused-throw-bonus is in force (for :attr:`stand_score`).
    counts_unused: bool = False
    cargo_rethrows: int = 0
    stood: bool = False
    over: bool = False
    tie_break: bool = False

    @property
    def throws_used(self) -> int:
        """Throws made so far in this turn."""
        return len(self.throws)

    @property
    def throws_left(self) -> int:
        """Throws still allowed (0 once the turn is over)."""
        return 0 if self.over else self.max_throws - len(self.throws)

    @property
    def launched(self) -> bool:
        """True once ship, captain and crew are all banked."""
        return len(self.banked) == 3

    @property
    def ship(self) -> int | None:
        """Face value banked as ship, or None."""
        return self.banked[0] if len(self.banked) > 0 else None

    @property
    def captain(self) -> int | None:
        """Face value banked as captain, or None."""
        return self.banked[1] if len(self.banked) > 1 else None

    @property
    def crew(self) -> int | None:
        """Face value banked as crew, or None."""
        return self.banked[2] if len(self.banked) > 2 else None

    @property
    def cargo_total(self) -> int:
        """Sum of the two cargo dice (0 before launching)."""
        return sum(self.cargo) if self.cargo is not None and self.launched else 0

    @property
    def bonus(self) -> int:
        """Bonus points earned so far (one-throw and unused-throw bonuses)."""
        return (self.one_throw_bonus + self.unused_throw_bonus) if self.launched else 0

    @property
    def score(self) -> int:
        """The score: 0 if not launched, else cargo + bonuses earned so far."""
        return self.cargo_total + self.bonus if self.launched else 0

    @property
    def stand_score(self) -> int:
        """The score if the player stood now (adds the unused-throw bonus to come)."""
        if not self.launched:
            return 0
        if self.over:
            return self.score
        unused = THROWS_PER_TURN - self.throws_used if self.counts_unused else 0
        return self.cargo_total + self.one_throw_bonus + unused

    @property
    def dice_to_throw(self) -> int:
        """Dice the tray should hold for the next throw (0 once the turn is over)."""
        if self.over:
            return 0
        return 2 if self.launched else 5 - len(self.banked)


@dataclass(frozen=True)
class RollOff:
    """The roll-off for the first player (003): one die each, ties roll again.

    ``contenders``: who throws in this pass, in order; ``rolls``: the dice thrown in
    this pass so far; ``passes``: the earlier passes; ``starter``: the winner, once
    decided.
    """

    contenders: tuple[str, ...]
    rolls: tuple[tuple[str, int], ...] = ()
    passes: tuple[tuple[tuple[str, int], ...], ...] = ()
    starter: str | None = None

    @property
    def pass_number(self) -> int:
        """1 for the first pass, 2 after a tie, ..."""
        return len(self.passes) + 1

    @property
    def next_player(self) -> str | None:
        """Who throws next in the roll-off (None once decided)."""
        if self.starter is not None or len(self.rolls) >= len(self.contenders):
            return None
        return self.contenders[len(self.rolls)]


@dataclass(frozen=True)
class TieBreak:
    """A tie-break in progress between players tied for the best score.

    ``kind``: ``"cargo-reroll"`` (each tied player throws the 2 cargo dice, the
    higher total wins; 000) or ``"reroll-turn"`` (each plays a full turn again;
    001, 003). ``score``: the tied score. ``players``: who plays this pass, in order.
    ``throws`` (cargo-reroll) and ``turns`` (reroll-turn): this pass so far.
    ``passes``: one line per earlier pass ("Ann 8, Cy 8").
    """

    kind: Literal["cargo-reroll", "reroll-turn"]
    score: int
    players: tuple[str, ...]
    throws: tuple[ThrowRecord, ...] = ()
    turns: tuple[Turn, ...] = ()
    passes: tuple[str, ...] = ()

    @property
    def pass_number(self) -> int:
        """1 for the first pass of the tie-break, 2 after a further tie, ..."""
        return len(self.passes) + 1

    @property
    def next_player(self) -> str | None:
        """Who throws next in a cargo-reroll tie-break (None when all have thrown)."""
        done = len(self.throws) if self.kind == "cargo-reroll" else len(self.turns)
        return self.players[done] if done < len(self.players) else None


@dataclass(frozen=True)
class RoundResult:
    """A settled round.

    ``scores``: each participant's score in turn order (0: not launched). ``best``:
    the best score (0 if nobody launched). ``winner``: None when nobody launched or a
    tie was not broken (carry, nobody-scores, or nothing depended on it). ``tied``:
    the players who tied for ``best`` (empty without a tie). ``pot_won``: what the
    winner took. ``points`` / ``drinks``: what each player was given this round.
    ``drink_namer``: the winner, who names the drink the others drink (``who-drinks =
    losers``, 003); else None. ``summary``: one sentence for the table.
    """

    match_number: int
    round_number: int
    scores: tuple[tuple[str, int], ...]
    launched: tuple[str, ...]
    best: int
    winner: str | None
    tied: tuple[str, ...] = ()
    tie_break: tuple[str, ...] = ()
    pot_won: int = 0
    points: tuple[tuple[str, int], ...] = ()
    drinks: tuple[tuple[str, int], ...] = ()
    drink_namer: str | None = None
    final: bool = False
    summary: str = ""


@dataclass(frozen=True)
class GameState:
    """The whole game at one moment; a pure fold of :attr:`events` over ``new_game``.

    Read it, never build it: :func:`companion.engine.new_game` makes the first one
    and :func:`companion.engine.apply` the rest. Two states are equal when the game
    stands the same (the history in :attr:`events` is not compared).

    Fields: ``settings``; ``players`` (in seat order); ``phase``; ``match_number`` and
    ``round_number`` (both from 1; the round within the match); ``starter`` (who
    started this round); ``order`` (this round's players in turn order); ``turn``
    (the turn in progress, or None); ``round_turns`` (the finished turns of this
    round, in order); ``roll_off``; ``tie_break`` (in progress, or None); ``pot``;
    ``round_antes`` (antes paid into the pot this round); ``carried_points`` (points
    carried by a ``carry`` tie); ``round_results`` (this match's settled rounds);
    ``winners`` (the match winner(s) once the match is over); ``finalists``
    (tournament players in the final); ``final`` (this round is the final);
    ``last_throw`` (the most recent throw judged); ``message`` (what just happened,
    for people); ``events`` (the history, Undo included); ``effective_events`` (the
    events still in force: the history with every undone event and Undo left out;
    folding them over ``new_game`` gives this state); ``before`` (the state before
    the last effective event, which ``Undo()`` returns to).
    """

    settings: Settings
    players: tuple[PlayerState, ...]
    phase: Phase
    match_number: int = 1
    round_number: int = 1
    starter: str | None = None
    order: tuple[str, ...] = ()
    turn: Turn | None = None
    round_turns: tuple[Turn, ...] = ()
    roll_off: RollOff | None = None
    tie_break: TieBreak | None = None
    pot: int = 0
    round_antes: int = 0
    carried_points: int = 0
    round_results: tuple[RoundResult, ...] = ()
    winners: tuple[str, ...] = ()
    finalists: tuple[str, ...] = ()
    final: bool = False
    last_throw: ThrowRecord | None = None
    message: str = ""
    events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    effective_events: tuple[Event, ...] = field(default=(), compare=False, repr=False)
    before: GameState | None = field(default=None, compare=False, repr=False)

    # -- who and what next -------------------------------------------------------
    @property
    def in_cargo_tie_break(self) -> bool:
        """True during a cargo-reroll tie-break (tied players throw 2 cargo dice each)."""
        return (
            self.phase is Phase.TIE_BREAK
            and self.tie_break is not None
            and self.tie_break.kind == "cargo-reroll"
        )

    @property
    def current_player(self) -> str | None:
        """Who is to throw or decide now (None while the round or match is over)."""
        if self.phase is Phase.ROLL_OFF and self.roll_off is not None:
            return self.roll_off.next_player
        if self.in_cargo_tie_break and self.tie_break is not None:
            return self.tie_break.next_player
        if self.phase in (Phase.TURN, Phase.TIE_BREAK) and self.turn is not None:
            return self.turn.player
        return None

    @property
    def dice_to_throw(self) -> int:
        """How many dice the tray should hold for the next throw; 0 if no throw is expected.

        5, 4 or 3 while seeking ship, captain and crew; 2 for a cargo re-throw (1 is
        also allowed under shifting-cargo, see :attr:`allowed_dice_counts`); 1 in a
        roll-off; 2 in a cargo tie-break.
        """
        if self.phase is Phase.ROLL_OFF:
            return 1
        if self.in_cargo_tie_break:
            return 2
        if self.phase in (Phase.TURN, Phase.TIE_BREAK) and self.turn is not None:
            return self.turn.dice_to_throw
        return 0

    @property
    def allowed_dice_counts(self) -> tuple[int, ...]:
        """Every dice count a throw may have now: ``(2, 1)`` for a shifting-cargo re-throw."""
        n = self.dice_to_throw
        if n == 0:
            return ()
        if (
            self.settings.shifting_cargo
            and self.phase in (Phase.TURN, Phase.TIE_BREAK)
            and self.turn is not None
            and self.turn.launched
        ):
            return (2, 1)
        return (n,)

    @property
    def can_throw(self) -> bool:
        """True when a :class:`~companion.engine.Throw` is expected."""
        return self.dice_to_throw > 0

    @property
    def can_stand(self) -> bool:
        """True when the current player has launched and may stand."""
        t = self.turn
        return (
            self.phase in (Phase.TURN, Phase.TIE_BREAK)
            and t is not None
            and t.launched
            and not t.over
            and t.throws_left > 0
        )

    @property
    def can_next_round(self) -> bool:
        """True when ``NextRound()`` may be applied (round or match over)."""
        return self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER)

    @property
    def can_undo(self) -> bool:
        """True when there is an effective event to undo."""
        return self.before is not None

    @property
    def throw_number(self) -> int:
        """The number (1..3) of the next throw of the turn in progress; 0 without one."""
        if self.turn is None or self.turn.over:
            return 0
        return self.turn.throws_used + 1

    # -- people and standings -----------------------------------------------------
    def player(self, name: str) -> PlayerState:
        """The player called ``name``; raises KeyError if there is none."""
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def standings(self) -> tuple[PlayerState, ...]:
        """Players best first: by points in a match of rounds or to a target, else by
        chips (pot stakes), fewest drinks (drinks stakes) or points; seat breaks ties."""
        s = self.settings
        if s.match != "single" or s.stakes == "points":
            return tuple(sorted(self.players, key=lambda p: (-p.points, -p.chips, p.seat)))
        if s.stakes == "pot":
            return tuple(sorted(self.players, key=lambda p: (-p.chips, p.seat)))
        return tuple(sorted(self.players, key=lambda p: (p.drinks, p.seat)))

    @property
    def last_turn(self) -> Turn | None:
        """The turn that holds the latest throw: the one in progress if it has a throw,
        else the last finished one (so the display can show a turn that just ended)."""
        if self.turn is not None and self.turn.throws:
            return self.turn
        if self.tie_break is not None and self.tie_break.turns:
            return self.tie_break.turns[-1]
        if self.round_turns:
            return self.round_turns[-1]
        return None

    @property
    def round_result(self) -> RoundResult | None:
        """The result of the round just settled (while the round or match is over)."""
        if self.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and self.round_results:
            return self.round_results[-1]
        return None

    def tally(self, player: PlayerState) -> str:
        """What the table keeps for ``player``, in words: ``"3 chips, 12 points"``."""
        words = {
            "chips": self.amount(player.chips),
            "points": f"{player.points} points",
            "drinks": f"{player.drinks} drinks",
        }
        return ", ".join(words[t] for t in self.settings.tallies)

    def amount(self, n: int) -> str:
        """``n`` in the stakes' unit, for people (``3 chips``, ``$3``)."""
        return format_amount(n, self.settings.unit)

    @property
    def status(self) -> str:
        """One line saying what is expected next, for the table (once a round or the
        match is over: its result; the app adds what its buttons do then)."""
        who = self.current_player
        if self.phase is Phase.ROLL_OFF:
            return f"Roll-off: {who} to throw one die (highest starts)"
        if self.phase is Phase.TIE_BREAK and self.tie_break is not None:
            tb = self.tie_break
            if tb.kind == "cargo-reroll":
                return f"Tie-break on {tb.score}: {who} to throw the 2 cargo dice"
        if self.phase in (Phase.TURN, Phase.TIE_BREAK) and self.turn is not None:
            t = self.turn
            prefix = "Tie-break turn: " if t.tie_break else ""
            if t.launched:
                assert t.cargo is not None
                left = t.throws_left
                return (
                    f"{prefix}{who} launched, cargo {t.cargo[0]} + {t.cargo[1]} = "
                    f"{t.cargo_total}: stand or re-throw the cargo "
                    f"({left} throw{'s' if left != 1 else ''} left)"
                )
            return (
                f"{prefix}{who}: throw {t.throws_used + 1} of {t.max_throws}, "
                f"{t.dice_to_throw} dice"
            )
        if self.phase is Phase.MATCH_OVER:
            return f"Match over: {' and '.join(self.winners)} won."
        result = self.round_result
        said = result.summary if result is not None else "Round over."
        return said
