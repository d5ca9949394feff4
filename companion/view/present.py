"""Presenting the game: an engine state (plus the app's extras) as a display :class:`View`,
and the referee's words for the table.

The display draws plain views; the engine knows nothing of screens. This module is
the one place that maps one onto the other, and the one place the app's lines for
the table are worded (what to do next, why a throw was not counted, the log), so it
is pure: the same state and extras give the same view. The app passes the extras it
alone knows: the photo of the last throw with its marks, the referee's message,
machine faults, a confirmation waiting, the odds.

>>> from companion.engine import Throw, apply, new_game, settings_from_options
>>> state = new_game(settings_from_options("standard", {"first-player": "named"}),
...                  ["Ann", "Bob"])
>>> state = apply(state, Throw((6, 4, 3, 3, 1)))
>>> view = build_view(state)
>>> view.screen.value, view.turn.player, view.turn.throws_left, view.turn.dice_to_throw
('turn', 'Ann', 2, 4)
>>> [s.filled for s in view.turn.slots]
[True, False, False]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from companion.engine import DieRole as EngineRole
from companion.engine import (
    Event,
    GameState,
    NextRound,
    Phase,
    RuleError,
    Settings,
    Stand,
    Throw,
    ThrowRecord,
    Turn,
    Undo,
)
from companion.house import HouseDecision
from companion.notation import rules_text
from companion.odds import state_odds
from companion.view import (
    BonusView,
    ConfirmView,
    DieFace,
    DieRole,
    Mark,
    MarkStyle,
    MatchResultView,
    MatchView,
    MessageView,
    OddsView,
    PhotoView,
    PlayerView,
    RoundResultView,
    Screen,
    Severity,
    SlotView,
    Stakes,
    StakesView,
    ThrowView,
    TieBreakView,
    TieEntryView,
    TurnView,
    View,
)

__all__ = [
    "CAMERA_ACTION",
    "CONFIRM_UNDO",
    "SETUP_CHANGED_LATER",
    "SETUP_CHANGED_NEW_GAME",
    "action",
    "applied_message",
    "bank_zone_action",
    "build_view",
    "camera_lost",
    "capture_problem",
    "dice_count",
    "fault_messages",
    "house_message",
    "log_line",
    "marks_for",
    "new_game_line",
    "no_stand",
    "no_throw",
    "odds_view",
    "photo_caption",
    "reading_problem",
    "refused",
    "timed",
    "turn_view",
    "undone",
]

_ROLE = {
    EngineRole.SHIP: DieRole.SHIP,
    EngineRole.CAPTAIN: DieRole.CAPTAIN,
    EngineRole.CREW: DieRole.CREW,
    EngineRole.CARGO: DieRole.CARGO,
    EngineRole.IN_PLAY: DieRole.THROWN,
    EngineRole.NOT_COUNTED: DieRole.THROWN,
}


def _roles(count: int, record: ThrowRecord | None) -> tuple[DieRole, ...]:
    """The display role of each of ``count`` dice: the engine's role by index
    (:attr:`ThrowRecord.die_roles`); every die "thrown" for a throw that did not count."""
    if record is None or len(record.die_roles) != count:
        return (DieRole.THROWN,) * count
    return tuple(_ROLE[role] for role in record.die_roles)


def marks_for(
    dice: Sequence[tuple[int | None, tuple[float, float], tuple[tuple[float, float], ...]]],
    record: ThrowRecord | None,
) -> tuple[Mark, ...]:
    """Marks for a photo: ``dice`` as (value or None, centre px, top-face corners px).

    ``dice`` are in the order vision read them, the order of the throw's dice, so die
    ``i`` takes the role the engine gave die ``i`` (:attr:`ThrowRecord.die_roles`):
    banked dice get the banked style, cargo dice the cargo style, unreadable dice the
    unreadable style; ``record`` is the throw as the referee judged it (None when the
    throw was not applied: every readable die is then just "thrown").
    """
    roles = _roles(len(dice), record)
    marks: list[Mark] = []
    for (value, center, corners), role in zip(dice, roles, strict=True):
        if value is None:
            style = MarkStyle.UNREADABLE
        elif role.banked:
            style = MarkStyle.BANKED
        elif role is DieRole.CARGO:
            style = MarkStyle.CARGO
        else:
            style = MarkStyle.THROWN
        marks.append(Mark(center=center, corners=tuple(corners), value=value, style=style))
    return tuple(marks)


def photo_caption(record: ThrowRecord | None) -> str:
    """Whose throw a photo shows, for its caption; for a photo whose throw did not
    count (unreadable, refused, still moving), "Not counted".

    >>> from companion.engine import ThrowRecord
    >>> photo_caption(ThrowRecord("Ann", 2, "bank", (6, 5, 4)))
    "Ann's throw 2"
    >>> photo_caption(ThrowRecord("Ben", 1, "roll-off", (5,))), photo_caption(None)
    ('Ben: roll-off', 'Not counted')
    """
    if record is None:
        return "Not counted"
    if record.kind == "roll-off":
        return f"{record.player}: roll-off"
    if record.kind == "tie-break":
        return f"{record.player}: tie-break"
    return f"{record.player}'s throw {record.number}"


def _throw_view(record: ThrowRecord, photo: PhotoView | None = None) -> ThrowView:
    roles = _roles(len(record.dice), record)
    faces = tuple(DieFace(v, r) for v, r in zip(record.dice, roles, strict=True))
    number = max(1, record.number)
    return ThrowView(number, faces, record.explanation, photo)


def turn_view(
    turn: Turn,
    required: tuple[int, int, int],
    photos: Sequence[PhotoView | None] = (),
) -> TurnView:
    """A turn as the display shows it; ``photos[i]`` is the photo of throw i+1 (or None)."""
    banked_in: list[int | None] = [None, None, None]
    index = 0
    for n, record in enumerate(turn.throws, start=1):
        for _ in record.banked:
            if index < 3:
                banked_in[index] = n
                index += 1
    roles = (DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW)
    slots = tuple(
        SlotView(
            role,
            face,
            turn.banked[i] if i < len(turn.banked) else None,
            banked_in[i] if i < len(turn.banked) else None,
        )
        for i, (role, face) in enumerate(zip(roles, required, strict=True))
    )
    bonuses: list[BonusView] = []
    if turn.launched and turn.one_throw_bonus:
        bonuses.append(BonusView("one-throw bonus", turn.one_throw_bonus))
    if turn.launched and turn.unused_throw_bonus:
        bonuses.append(BonusView("unused throws", turn.unused_throw_bonus))
    if turn.launched:
        score: int | None = turn.score
    elif turn.over:
        score = 0
    else:
        score = None
    throws = tuple(
        _throw_view(r, photos[i] if i < len(photos) else None) for i, r in enumerate(turn.throws)
    )
    return TurnView(
        player=turn.player,
        throws_used=min(turn.throws_used, turn.max_throws),
        throws_max=turn.max_throws,
        slots=(slots[0], slots[1], slots[2]),
        cargo=turn.cargo if turn.launched else None,
        score=score,
        bonuses=tuple(bonuses),
        throws=throws,
        dice_to_throw=turn.dice_to_throw,
        stood=turn.stood,
        throws_left=turn.throws_left,
        over=turn.over,
    )


def _players(state: GameState) -> tuple[PlayerView, ...]:
    tallies = state.settings.tallies
    current = state.current_player
    scores = {t.player: t for t in state.round_turns}
    ranks: dict[str, int] = {}
    last_key: object = None
    for position, p in enumerate(state.standings, start=1):
        key = (p.points, p.chips, p.drinks)
        if key != last_key:
            rank = position
            last_key = key
        ranks[p.name] = rank
    playing = set(state.order) if state.order else {p.name for p in state.players}
    if state.phase is Phase.TIE_BREAK and state.tie_break is not None:
        playing = set(state.tie_break.players)
    changes = _round_changes(state)
    views = []
    for p in state.players:
        turn = scores.get(p.name)
        views.append(
            PlayerView(
                name=p.name,
                chips=p.chips if "chips" in tallies else None,
                points=p.points if "points" in tallies else None,
                drinks=p.drinks if "drinks" in tallies else None,
                current=p.name == current,
                round_score=turn.score if turn is not None else None,
                launched=turn.launched if turn is not None else None,
                rank=ranks.get(p.name),
                out=p.name not in playing,
                change=changes.get(p.name),
            )
        )
    return tuple(views)


def _round_changes(state: GameState) -> dict[str, int]:
    """Once a round is settled, each player's change over it: chips (with a pot: the
    pot won less the ante paid) or points banked; {} while the round is in play."""
    result = state.round_result
    if result is None:
        return {}
    if "chips" not in state.settings.tallies:
        points = dict(result.points)
        return {name: points.get(name, 0) for name, _ in result.scores}
    start = state  # back to this round's first state: its antes were paid just before
    while start.before is not None and start.before.phase not in (Phase.ROUND_OVER,
                                                                   Phase.MATCH_OVER):
        start = start.before
    if start.before is None:  # the game's first round: the antes came out of the start
        return {p.name: p.chips - state.settings.starting_chips for p in state.players}
    return {p.name: p.chips - b.chips
            for p, b in zip(state.players, start.before.players, strict=True)}


def _round_result(state: GameState) -> RoundResultView | None:
    result = state.round_result
    if result is None:
        return None
    cargo = None
    if result.winner is not None:
        for t in reversed(state.round_turns):
            if t.player == result.winner and t.launched and t.cargo is not None:
                cargo = t.cargo
                break
    took: int | None = None
    if result.winner is not None:
        points = dict(result.points).get(result.winner, 0)
        took = result.pot_won or points or None
    carried = state.pot if result.winner is None and state.pot > 0 else None
    drinkers = tuple(name for name, n in result.drinks if n > 0)
    if result.tie_break and result.winner is not None:
        note = f"Tie on {result.best} with {_others(result.tied, result.winner)}: " \
            f"won the tie-break ({result.tie_break[-1]})"
    elif result.tied:
        note = f"{' and '.join(result.tied)} tied on {result.best}: nobody wins"
    elif not result.launched:
        note = "Nobody launched"
    else:
        note = ""
    return RoundResultView(
        round_number=result.round_number,
        winner=result.winner,
        score=result.best if result.winner is not None else None,
        cargo=cargo,
        took=took,
        carried=carried,
        note=note,
        drinkers=drinkers,
        drink_namer=result.drink_namer,
    )


def _others(names: Sequence[str], but: str) -> str:
    return " and ".join(n for n in names if n != but) or but


def _tie_break(state: GameState) -> TieBreakView | None:
    if state.phase is Phase.ROLL_OFF and state.roll_off is not None:
        ro = state.roll_off
        rolled = dict(ro.rolls)
        entries = tuple(
            TieEntryView(
                name,
                (rolled[name],) if name in rolled else (),
                current=name == ro.next_player,
            )
            for name in ro.contenders
        )
        tied = max(v for _, v in ro.passes[-1]) if ro.passes else None  # the tie thrown again
        how = (f"{' and '.join(ro.contenders)} tied on {tied}: each throws one die again, "
               "the highest starts" if tied is not None
               else "Each player throws one die: the highest starts")
        return TieBreakView(entries, tied, how, ro.pass_number)
    tb = state.tie_break
    if state.phase is Phase.TIE_BREAK and tb is not None and tb.kind == "cargo-reroll":
        thrown = {r.player: r.dice for r in tb.throws}
        entries = tuple(
            TieEntryView(name, tuple(thrown.get(name, ())), current=name == tb.next_player)
            for name in tb.players
        )
        return TieBreakView(
            entries,
            tb.score,
            "Each re-throws both cargo dice: the higher total wins",
            tb.pass_number,
        )
    return None


def build_view(
    state: GameState,
    *,
    photo: PhotoView | None = None,
    message: MessageView | None = None,
    faults: Sequence[MessageView] = (),
    confirm: ConfirmView | None = None,
    odds: OddsView | None = None,
    dispute: bool = False,
    dispute_photos: Sequence[PhotoView | None] = (),
    attract: bool = False,
) -> View:
    """The view of ``state`` with the app's extras.

    Args:
        state: the engine state.
        photo: the photo of the last throw read (applied or not), with its marks.
        message: the referee's message; default: the engine's own line on what just
            happened and what is expected next.
        faults: machine faults (camera lost, button not wired), severity FAULT.
        confirm: an action waiting for confirmation (undo).
        odds: stand / re-throw chances (None: switched off, or no decision to make).
        dispute: show the dispute view of the current (or last) turn.
        dispute_photos: the photo of each throw of that turn, oldest first.
        attract: show the attract screen (rules in force, players) before the first throw.
    """
    s = state.settings
    stakes = StakesView(kind=Stakes(s.stakes), pot=state.pot, ante=s.ante, unit=s.unit)
    stage = None
    if state.final:
        stage = "Final"
    elif state.phase is Phase.TIE_BREAK:
        stage = "Tie-break"
    elif state.phase is Phase.ROLL_OFF:
        stage = "Roll-off"
    posted = [t for t in state.round_turns if t.launched]
    to_beat = None
    if state.phase is Phase.TURN and posted:
        best = max(t.score for t in posted)
        to_beat = f"{' and '.join(t.player for t in posted if t.score == best)} {best}"
    match = MatchView(
        round_number=state.round_number,
        rounds_total=s.rounds if s.match == "rounds" else None,
        target=s.target if s.match == "target" else None,
        stage=stage,
        to_beat=to_beat,
    )
    if message is None and state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        what = "the next round" if state.phase is Phase.ROUND_OVER else "a new match"
        message = MessageView(Severity.INFO, f"Hold the button to start {what}")
    elif message is None and state.message:
        action = state.status if state.status != state.message else ""
        message = MessageView(Severity.INFO, state.message, action)
    players = _players(state)
    rules = tuple(s.describe())

    def make(
        screen: Screen,
        *,
        turn: TurnView | None = None,
        round_result: RoundResultView | None = None,
        match_result: MatchResultView | None = None,
        tie_break: TieBreakView | None = None,
        odds: OddsView | None = None,
    ) -> View:
        return View(
            screen=screen,
            players=players,
            stakes=stakes,
            match=match,
            rules=rules,
            turn=turn,
            photo=photo,
            message=message,
            odds=odds,
            faults=tuple(faults),
            confirm=confirm,
            round_result=round_result,
            match_result=match_result,
            tie_break=tie_break,
        )

    last_turn = state.last_turn
    if dispute and last_turn is not None:
        return make(Screen.DISPUTE, turn=turn_view(last_turn, s.required, dispute_photos))
    if attract:
        return make(Screen.ATTRACT)
    if state.phase is Phase.MATCH_OVER:
        winner = state.winners[0] if len(state.winners) == 1 else None
        note = " and ".join(state.winners) + " share the win" if len(state.winners) > 1 else ""
        if not note and state.round_result is not None:
            note = state.round_result.summary
            if state.round_result.drink_namer is not None:  # the drink line says the rest
                note = note.split("; drinks:")[0] + "."
        return make(
            Screen.MATCH_RESULT,
            match_result=MatchResultView(winner, note),
            round_result=_round_result(state),
        )
    if state.phase is Phase.ROUND_OVER:
        return make(Screen.ROUND_RESULT, round_result=_round_result(state))
    tie_break = _tie_break(state)
    if tie_break is not None:
        screen = Screen.ROLL_OFF if state.phase is Phase.ROLL_OFF else Screen.TIE_BREAK
        return make(screen, tie_break=tie_break)
    if state.turn is None:
        return make(Screen.ATTRACT)
    return make(Screen.TURN, turn=turn_view(state.turn, s.required), odds=odds)


# -- the referee's words (the app says these; the engine's own lines come from the state)

#: What to do when the camera failed: nothing was counted.
CAMERA_ACTION = "Nothing was counted. Staff: check the camera, then press again"
#: The confirmation line of an undo waiting.
CONFIRM_UNDO = "Press undo again to confirm; press the button to cancel"
#: What each kind of machine fault asks staff to do.
FAULT_ACTIONS = {
    "camera": "Staff: check the camera, then press",
    "button": "Staff: check the wiring; keyboard works",
}


def action(state: GameState) -> str:
    """The engine's status, with what the button does now when a round or the match is
    over (the engine knows no buttons)."""
    if state.phase is Phase.ROUND_OVER:
        return f"{state.status} Hold the button to start the next round."
    if state.phase is Phase.MATCH_OVER:
        return f"{state.status} Hold the button to start a new match."
    return state.status


def undone(state: GameState) -> str:
    """What an Undo applied to ``state`` takes back, in words ("Ann's last throw")."""
    last = state.effective_events[-1] if state.effective_events else None
    who = state.last_throw.player + "'s " if state.last_throw is not None else ""
    if isinstance(last, Throw):
        return f"{who}last throw"
    if isinstance(last, Stand):
        return f"{who}stand"
    if isinstance(last, NextRound):
        return "the start of the round"
    return "the last event"


def dice_count(n: int) -> str:
    """ "1 die", "3 dice"."""
    return "1 die" if n == 1 else f"{n} dice"


def no_throw(state: GameState) -> tuple[str, str]:
    """Why a press reads no throw now (text, what to do)."""
    night = "; keep holding it for the night so far"  # the long hold (companion.night)
    if state.phase is Phase.ROUND_OVER:
        return "The round is over", f"Hold the button to start the next round{night}"
    if state.phase is Phase.MATCH_OVER:
        return "The match is over", f"Hold the button to start a new match{night}"
    return "No throw is expected now", action(state)


def no_stand(state: GameState) -> tuple[str, str]:
    """Why a hold neither stands nor starts a round (text, what to do)."""
    if state.turn is not None and not state.turn.launched and state.can_throw:
        first = f"Ship, captain and crew first. {action(state)}"
        return "You cannot stand before launching", first
    return "Nothing to stand on now", action(state)


def reading_problem(
    problems: Sequence[str], unreadable: int, count: int
) -> tuple[str, str] | None:
    """Why a reading cannot be applied (text, what to do), or None if it can.

    ``problems``: vision's messages (a wrong count left out: the engine words that);
    ``unreadable``: dice seen but not read; ``count``: the dice the throw should have.
    """
    if problems:
        more = ""
        if len(problems) > 1:
            n = len(problems) - 1
            more = f" (and {n} more problem{'s' if n != 1 else ''})"
        return problems[0] + more, f"Not counted ({dice_count(count)} expected)."
    if unreadable:
        which = "One die" if unreadable == 1 else f"{unreadable} dice"
        return (
            f"{which} could not be read",
            f"Straighten {'it' if unreadable == 1 else 'them'} or re-throw all "
            f"{count} and press again. Not counted.",
        )
    return None


def refused(event: Event, state: GameState) -> str:
    """What to do after the rules refused ``event`` in ``state``."""
    counted = "Not counted. " if isinstance(event, Throw) else ""
    return counted + action(state)


def applied_message(before: GameState, event: Event, after: GameState) -> MessageView | None:
    """The referee's message once ``event`` took ``before`` to ``after`` (None on a result
    screen: it says it all, and what to do next)."""
    if isinstance(event, Undo):
        return MessageView(Severity.INFO, f"Undone: {undone(before)}", action(after))
    if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return None
    return MessageView(Severity.INFO, after.message or "Done", action(after))


def log_line(before: GameState, event: Event, after: GameState) -> str:
    """The referee's log line for ``event`` applied to ``before``."""
    who = before.current_player or "table"
    if isinstance(event, Throw):
        dice = " ".join(str(d) for d in event.dice)
        return f"{who} threw {dice}: {after.message}"
    if isinstance(event, Stand):
        return after.message
    if isinstance(event, NextRound):
        return f"next round: {after.message}"
    return f"undo: {undone(before)} undone. {action(after)}"


def fault_messages(faults: Mapping[str, str]) -> tuple[MessageView, ...]:
    """Machine faults by kind ("camera", "button", others) as FAULT messages, camera
    and button first, each with what staff should do."""
    kinds = [k for k in FAULT_ACTIONS if k in faults]
    kinds += [k for k in faults if k not in FAULT_ACTIONS]
    return tuple(MessageView(Severity.FAULT, faults[k], FAULT_ACTIONS.get(k, "")) for k in kinds)


def bank_zone_action(error: RuleError) -> str:
    """What to do when the bank zone does not hold what was banked
    (:func:`companion.engine.bank_zone_error`)."""
    if error.code == "bank-zone-unreadable":
        return "Straighten the banked dice and press again"
    return (
        "Put the bank zone right (banked dice only) and press again. Not counted."
    )


def camera_lost(error: str) -> str:
    """The camera fault line for the camera's ``error``."""
    return f"Camera lost: {error}"


#: The refusal of a press on a tray nobody threw since the last counted throw.
NOT_THROWN = "The dice have not been thrown since the last press"
#: The fault while the disk has no room for the throws' photos (the events are kept).
PHOTOS_NOT_KEPT = (
    "Disk full: throws counted, photos not kept. Staff: free space"
)


def journal_fault(error: Exception, full: bool) -> str:
    """The fault line when the journal could not write an event (``full``: the disk)."""
    return f"{'Disk full' if full else 'Journal'}: {error}"


def not_written(fault: str | None) -> tuple[str, str, Severity]:
    """The refusal (text, what to do, severity) of an event the journal could not
    write, from its :func:`journal_fault` line."""
    full = fault is not None and fault.startswith("Disk full")
    return (
        "The disk is full" if full else "The journal cannot be written",
        "Nothing was counted. Staff: free space on the disk, then press again",
        Severity.FAULT,
    )


def capture_problem(problem: str, detail: str) -> tuple[str, str, Severity]:
    """Why a press read no throw (a :data:`companion.capture.CAPTURE_PROBLEMS` code and
    the words behind it) as (text, what to do, severity)."""
    again = "Press the button again"
    if problem == "no-camera":
        return "No camera", CAMERA_ACTION, Severity.FAULT
    if problem == "camera-silent":
        return "The camera did not answer", CAMERA_ACTION, Severity.FAULT
    if problem == "bad-picture":
        return f"The camera sent a bad picture ({detail})", again, Severity.PROBLEM
    if problem == "moving":
        return detail, "Press again when the dice have stopped", Severity.PROBLEM
    return f"The picture could not be read ({detail})", again, Severity.PROBLEM


#: The log line when a finished game gives way to a changed setup.
SETUP_CHANGED_NEW_GAME = (
    "the configured players or rules changed and the last game is over: a new game starts"
)
#: The log line when a game in progress keeps its setup over a changed config.
SETUP_CHANGED_LATER = (
    "note: the configured players or rules differ from the restored game in "
    "progress; they apply from the next game (or: companion new-game)"
)


def new_game_line(players: Sequence[str], settings: Settings) -> str:
    """The log line for a new game: the players and the rules in force."""
    return f"New game: {', '.join(players)}; rules: {rules_text(settings)}"


def timed(line: str, timings: Mapping[str, float]) -> str:
    """``line`` with a press's timings, ms (``[capture 240 ms, read 58 ms]``), if any."""
    if not timings:
        return line
    parts = ", ".join(f"{step} {seconds * 1000:.0f} ms" for step, seconds in timings.items())
    return f"{line} [{parts}]"


def house_message(house: HouseDecision, event: Event, state: GameState) -> MessageView | None:
    """What the table sees at the House's decision (``state``: after it stood by itself;
    None on a result screen)."""
    if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return None
    if house.action != "stand":
        return MessageView(Severity.INFO, state.message or house.text, house.text)
    if isinstance(event, Undo):  # after an undo the House waits for a hold
        return MessageView(Severity.INFO, house.text, "Hold the button: the House stands")
    return MessageView(Severity.INFO, house.text, action(state))


@lru_cache(maxsize=8)
def odds_view(state: GameState) -> OddsView | None:
    """The stand / re-throw chances of winning the round for the player to move
    (:func:`companion.odds.state_odds`), or None without a decision or a re-throw;
    cached per state (states compare by the game)."""
    odds = state_odds(state)
    if odds is None or odds.rethrow is None:
        return None
    return OddsView(float(odds.stand), float(odds.rethrow))
