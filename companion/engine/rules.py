"""The referee: :func:`new_game` and :func:`apply` (state + event -> new state).

Every rule of RULES.md lives here, with the seed that is its source. ``apply`` either
returns a new :class:`GameState` or raises :class:`RuleError`; the state passed in is
never changed (states are immutable).

>>> from companion.engine import Stand, Throw, new_game, settings_from_options
>>> s = settings_from_options("standard", {"first-player": "named"})
>>> g = new_game(s, ["Ann", "Bob"])
>>> g = apply(g, Throw((6, 4, 3, 3, 1)))
>>> g.turn.banked, g.turn.throws[-1].explanation
((6,), '6 banked as ship; the 4 waits for a captain')
>>> g = apply(g, Throw((6, 5, 4, 1)))
>>> g.turn.cargo, g.turn.throws_left
((6, 1), 1)
>>> try:
...     apply(g, Throw((3, 3, 2)))
... except RuleError as error:
...     print(error.code, "/", error)
wrong-dice-count / 2 cargo dice should be thrown, 3 seen: a banked die was thrown again
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.engine.dice import DieRole, bank_dice
from companion.engine.errors import RuleError, SettingsError
from companion.engine.events import Event, NextRound, Stand, Throw, Undo
from companion.engine.names import name_key, name_problem
from companion.engine.rounds import (
    _end_turn,
    _next_round,
    _roll_off_throw,
    _score_text,
    _start_round,
    _tie_break_throw,
)
from companion.engine.settings import Settings
from companion.engine.state import (
    THROWS_PER_TURN,
    GameState,
    Phase,
    PlayerState,
    RollOff,
    ThrowRecord,
    Turn,
)
from companion.engine.words import _and, _dice, _throws

__all__ = ["apply", "new_game"]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
_FORBIDDEN_IN_NAMES = (",", ":", "#", "\n", "\r", "\t")


# -- starting ------------------------------------------------------------------------


def new_game(settings: Settings, players: Sequence[str]) -> GameState:
    """The state before the first throw: ``players`` seated in the order given.

    The order is the seating, clockwise: play passes to the left, i.e. to the next
    name. With ``first-player = roll-off`` (the default, 003) the game opens with a
    roll-off, one die each in seat order; with ``named`` the first name starts.

    Raises :class:`SettingsError` (``key="players"``) unless there are 2 to 8
    distinct names, each non-empty, free of ``, : #`` and line breaks (the game
    record notation uses those), of invisible and control characters and of emoji
    (:func:`companion.engine.names.name_problem`). Names are distinct when they differ
    after NFKC normalisation and case folding ("Ann" and "ann" are one player,
    :func:`companion.engine.names.name_key`).

    >>> from companion.engine import PRESETS
    >>> g = new_game(PRESETS["standard"], ["Ann", "Bob", "Cy"])
    >>> g.phase.value, g.current_player, g.dice_to_throw
    ('roll-off', 'Ann', 1)
    """
    names = [str(p).strip() if isinstance(p, str) else p for p in players]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise SettingsError(
            "players", f"{MIN_PLAYERS} to {MAX_PLAYERS} players are needed, not {len(names)}"
        )
    for name in names:
        if not isinstance(name, str) or not name:
            raise SettingsError("players", f"a player needs a name, not {name!r}")
        if any(ch in name for ch in _FORBIDDEN_IN_NAMES):
            raise SettingsError(
                "players", f"the name {name!r} may not contain a comma, colon, # or line break"
            )
        problem = name_problem(name)
        if problem is not None:
            raise SettingsError("players", problem)
        if len(name) > 24:
            raise SettingsError("players", f"the name {name!r} is longer than 24 characters")
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key not in seen:
            seen[key] = name
            continue
        first = seen[key]
        if first == name:
            raise SettingsError("players", f"two players are called {name!r}: names must differ")
        raise SettingsError(
            "players",
            f"two players are called {first!r} and {name!r}: names must differ by more "
            "than upper and lower case",
        )
    seated = tuple(
        PlayerState(name=n, seat=i, chips=settings.starting_chips) for i, n in enumerate(names)
    )
    state = GameState(settings=settings, players=seated, phase=Phase.ROLL_OFF)
    if settings.first_player == "roll-off":
        return replace(
            state,
            roll_off=RollOff(contenders=tuple(names)),
            message="Roll-off: each player throws one die; the highest starts.",
        )
    return _start_round(state, names[0], f"{names[0]} starts (named first player).")


# -- apply ---------------------------------------------------------------------------


def apply(state: GameState, event: Event) -> GameState:
    """Apply ``event`` to ``state`` and return the new state.

    Raises :class:`RuleError` (``.code`` machine-readable, the message for the
    table) when the rules do not allow the event now; ``state`` is never changed.
    When a turn ends (stand, last throw, the cargo-reroll-once re-throw) play passes
    to the next player; when the round's last turn ends the round is settled (pot,
    points, drinks, tie-break if one is needed) and the state waits for
    ``NextRound()``. ``Undo()`` returns the state before the last effective event,
    with the Undo added to :attr:`GameState.events`.
    """
    if isinstance(event, Undo):
        if state.before is None:
            raise RuleError("nothing-to-undo", "nothing to undo: the game has just started")
        return replace(state.before, events=(*state.events, event))
    if isinstance(event, Throw):
        new = _throw(state, event)
    elif isinstance(event, Stand):
        new = _stand(state)
    elif isinstance(event, NextRound):
        new = _next_round(state, event)
    else:
        raise RuleError("unknown-event", f"not a game event: {event!r}")
    return replace(
        new,
        events=(*state.events, event),
        effective_events=(*state.effective_events, event),
        before=state,
    )


# -- throws --------------------------------------------------------------------------


def _check_values(dice: tuple[int, ...]) -> None:
    if not isinstance(dice, tuple):
        raise RuleError("bad-value", f"a throw is a tuple of face values, not {dice!r}")
    for d in dice:
        if isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6:
            raise RuleError("bad-value", f"a die showed {d!r}: dice show 1 to 6")


def _throw(state: GameState, ev: Throw) -> GameState:
    _check_values(ev.dice)
    if state.phase is Phase.ROLL_OFF:
        _no_choices(ev, "in the roll-off")
        return _roll_off_throw(state, ev)
    if state.in_cargo_tie_break:
        _no_choices(ev, "in a cargo tie-break")
        return _tie_break_throw(state, ev)
    if state.phase in (Phase.TURN, Phase.TIE_BREAK):
        return _turn_throw(state, ev)
    raise RuleError("no-throw-expected", _over_text(state))


def _over_text(state: GameState) -> str:
    if state.phase is Phase.MATCH_OVER:
        return (
            f"the match is over ({_and(state.winners)} won): "
            "hold the button to start a new match"
        )
    return f"round {state.round_number} is over: hold the button to start the next round"


def _no_choices(ev: Throw, where: str) -> None:
    if ev.keep is not None:
        raise RuleError("keep-not-allowed", f"there is no cargo die to keep {where}")
    if ev.decline_six:
        raise RuleError("nothing-to-decline", f"there is no ship to decline {where}")


def _count_error(state: GameState, expected: int, seen: int, cargo: bool) -> RuleError:
    """The message for a throw with the wrong number of dice (000 'Common Mistakes')."""
    turn = state.turn
    # A throw with fewer dice than a new turn needs, right after a turn ended:
    # most likely the last player throwing again after their turn was over.
    if turn is not None and not turn.throws and seen < expected:
        previous = _previous_turn(state)
        if previous is not None:
            return RuleError(
                "turn-over",
                f"{previous.player}'s turn is over ({_why_over(previous)}); it is "
                f"{turn.player}'s turn: {_dice(expected)} should be thrown, {seen} seen",
            )
    what = "cargo dice" if cargo else ("dice" if expected != 1 else "die")
    head = f"{expected} {what} should be thrown, {seen} seen"
    if seen == 0:
        return RuleError("wrong-dice-count", f"no dice seen: {_dice(expected)} should be thrown")
    if seen > expected:
        extra = seen - expected
        if seen > 5:
            return RuleError("wrong-dice-count", f"{head}: the game uses five dice")
        if turn is not None and turn.banked:
            again = "a banked die was" if extra == 1 else f"{extra} banked dice were"
            return RuleError("wrong-dice-count", f"{head}: {again} thrown again")
        return RuleError("wrong-dice-count", f"{head}: {_dice(extra)} too many in the tray")
    missing = expected - seen
    if cargo:
        return RuleError(
            "wrong-dice-count",
            f"{head}: both cargo dice are re-thrown (shifting-cargo is not in force)",
        )
    if turn is not None and turn.throws_used < 3 and expected <= 5:
        aside = "a die was" if missing == 1 else f"{missing} dice were"
        return RuleError(
            "wrong-dice-count", f"{head}: {aside} set aside that the referee did not bank"
        )
    return RuleError("wrong-dice-count", head)


def _previous_turn(state: GameState) -> Turn | None:
    if state.turn is not None and state.turn.tie_break and state.tie_break is not None:
        if state.tie_break.turns:
            return state.tie_break.turns[-1]
        return None
    return state.round_turns[-1] if state.round_turns else None


def _why_over(turn: Turn) -> str:
    if turn.stood:
        return f"stood on {turn.score}"
    if turn.launched and turn.throws_left == 0 and turn.throws_used < turn.max_throws:
        return "the one cargo re-throw was used"
    return f"{_throws(turn.throws_used)} used"


def _turn_throw(state: GameState, ev: Throw) -> GameState:
    s = state.settings
    turn = state.turn
    assert turn is not None
    dice = ev.dice
    req = s.required
    if not turn.launched:
        expected = 5 - len(turn.banked)
        if ev.keep is not None:
            raise RuleError(
                "keep-not-allowed",
                f"{turn.player} has not launched: there is no cargo die to keep",
            )
        if len(dice) != expected:
            raise _count_error(state, expected, len(dice), cargo=False)
        if ev.decline_six:
            if not s.may_decline_six:
                raise RuleError(
                    "decline-not-allowed",
                    f"may-decline-six is not in force: a {req[0]} must be banked as the ship",
                )
            if turn.banked:
                raise RuleError(
                    "nothing-to-decline", "the ship is already banked: there is no ship to decline"
                )
            if req[0] not in dice:
                raise RuleError(
                    "nothing-to-decline", f"there is no {req[0]} in the throw to decline"
                )
        b = bank_dice(dice, len(turn.banked), req, s.wild_ones, ev.decline_six)
        banked = turn.banked + b.banked
        launched = len(banked) == 3
        cargo: tuple[int, int] | None = None
        if launched:
            hi, lo = sorted(b.rest, reverse=True)
            cargo = (hi, lo)
        one_throw = s.one_throw_bonus if launched and len(b.banked) == 3 else 0
        explanation = _explain_bank(state, turn, dice, b.banked, b.roles, b.wild, b.rest,
                                    cargo, ev.decline_six, one_throw)
        record = ThrowRecord(
            player=turn.player, number=turn.throws_used + 1, kind="bank", dice=dice,
            banked=b.banked, roles=b.roles, cargo=cargo, explanation=explanation,
            die_roles=b.die_roles(len(dice), cargo=launched), event_index=len(state.events),
        )
        new_turn = replace(
            turn, throws=(*turn.throws, record), banked=banked, cargo=cargo,
            one_throw_bonus=one_throw,
        )
    else:
        assert turn.cargo is not None
        if ev.decline_six:
            raise RuleError(
                "nothing-to-decline", "the ship is already banked: there is no ship to decline"
            )
        allowed = (2, 1) if s.shifting_cargo else (2,)
        if len(dice) not in allowed:
            raise _count_error(state, 2, len(dice), cargo=True)
        old = turn.cargo
        if len(dice) == 2:
            if ev.keep is not None:
                raise RuleError(
                    "keep-not-allowed", "both cargo dice were thrown: no cargo die was kept"
                )
            hi, lo = sorted(dice, reverse=True)
            kept = None
            explanation = (
                f"cargo re-thrown: {hi} + {lo} = {hi + lo} (was {old[0]} + {old[1]} = {sum(old)})"
            )
        else:
            if ev.keep is not None:
                if ev.keep not in old:
                    raise RuleError(
                        "bad-keep",
                        f"the cargo is {old[0]} and {old[1]}: a kept {ev.keep} is not one of them",
                    )
                kept = ev.keep
                why = ""
            else:
                kept = old[0]
                why = " (not told which die was kept, the referee keeps the higher)"
            hi, lo = sorted((kept, dice[0]), reverse=True)
            explanation = (
                f"shifting cargo: the {kept} kept{why}, one die re-thrown: "
                f"{hi} + {lo} = {hi + lo} (was {old[0]} + {old[1]} = {sum(old)})"
            )
        cargo = (hi, lo)
        record = ThrowRecord(
            player=turn.player, number=turn.throws_used + 1, kind="cargo", dice=dice,
            kept=kept, cargo=cargo, explanation=explanation,
            die_roles=(DieRole.CARGO,) * len(dice), event_index=len(state.events),
        )
        new_turn = replace(
            turn, throws=(*turn.throws, record), cargo=cargo,
            cargo_rethrows=turn.cargo_rethrows + 1,
        )
    # Does the turn end here?
    left = new_turn.max_throws - new_turn.throws_used
    end = ""
    if new_turn.launched:
        if left == 0:
            end = "no throws left"
        elif s.cargo_reroll_once and new_turn.cargo_rethrows >= 1:
            end = "the one cargo re-throw is used (cargo-reroll-once)"
    elif left == 0:
        end = "not launched after the last throw: score 0"
    if not end:
        return replace(state, turn=new_turn, last_throw=record, message=record.explanation)
    new_turn = _finish_turn(new_turn)
    if new_turn.launched:
        end = f"{end}: score {_score_text(new_turn)}"
    roles = tuple(DieRole.NOT_COUNTED if r is DieRole.IN_PLAY else r for r in record.die_roles)
    record = replace(record, explanation=f"{record.explanation}. Turn over, {end}",
                     die_roles=roles)
    new_turn = replace(new_turn, throws=(*new_turn.throws[:-1], record))
    return _end_turn(replace(state, turn=new_turn, last_throw=record), record.explanation + ".")


def _finish_turn(turn: Turn, stood: bool = False) -> Turn:
    """End ``turn``; under unused-throw-bonus a launched player earns +1 for each of
    the turn's three throws not thrown, whatever ended the turn: standing, the one
    cargo re-throw of cargo-reroll-once, or pace-setter's cap (RULES.md "Decisions",
    a; seed 003)."""
    unused = 0
    if turn.launched and turn.counts_unused:
        unused = THROWS_PER_TURN - turn.throws_used
    return replace(turn, over=True, stood=stood, unused_throw_bonus=unused)


def _explain_bank(
    state: GameState,
    turn: Turn,
    dice: tuple[int, ...],
    banked: tuple[int, ...],
    roles: tuple[str, ...],
    wild: tuple[bool, ...],
    rest: tuple[int, ...],
    cargo: tuple[int, int] | None,
    declined: bool,
    one_throw: int,
) -> str:
    """Why the throw banked what it did, in one sentence (for arguments at the table)."""
    req = state.settings.required
    before = len(turn.banked)
    after = before + len(banked)
    names = ("ship", "captain", "crew")
    parts: list[str] = []
    if declined:
        parts.append(f"the {req[0]} left unbanked as the player chose (may-decline-six): "
                     "nothing banked")
    elif not banked:
        need = after
        parts.append(f"no {req[need]} for the {names[need]}: nothing banked")
    else:
        if not any(wild):
            parts.append(f"{_and([str(v) for v in banked])} banked as {_and(list(roles))}")
        else:
            items = [
                f"1 as {r} (wild one: no {req[names.index(r)]} in the throw)" if w
                else f"{v} as {r}"
                for v, r, w in zip(banked, roles, wild, strict=True)
            ]
            parts.append("banked " + ", ".join(items))
    if after < 3:
        waiting = [v for v in req[after + 1:] if v in rest]
        if waiting and not declined:
            verb = "waits" if len(waiting) == 1 else "wait"
            parts.append(
                f"the {_and([str(v) for v in waiting])} {verb} for a {names[after]}"
            )
        elif waiting:
            parts.append("without a ship nothing else can be banked")
        if before == 0 and banked and req[0] in rest:
            parts.append(f"the other {req[0]} stays in play")
    else:
        assert cargo is not None
        text = f"launched: cargo {cargo[0]} + {cargo[1]} = {sum(cargo)}"
        if one_throw:
            text += f", one-throw bonus {one_throw}"
        parts.append(text)
    return "; ".join(parts)


def _stand(state: GameState) -> GameState:
    if state.phase is Phase.ROLL_OFF:
        raise RuleError("nothing-to-stand-on", "roll-off: each player throws one die; "
                        "there is nothing to stand on")
    if state.in_cargo_tie_break:
        raise RuleError(
            "nothing-to-stand-on",
            "tie-break: each tied player throws the 2 cargo dice; there is nothing to stand on",
        )
    if state.phase not in (Phase.TURN, Phase.TIE_BREAK) or state.turn is None:
        raise RuleError("turn-over", f"every turn is over: {_over_text(state)}")
    turn = state.turn
    if not turn.throws:
        previous = _previous_turn(state)
        if previous is not None:
            raise RuleError(
                "turn-over",
                f"{previous.player}'s turn is already over ({_why_over(previous)}); "
                f"{turn.player} has not thrown yet",
            )
    if not turn.launched:
        raise RuleError(
            "not-launched",
            f"{turn.player} cannot stand before launching: ship, captain and crew are needed "
            f"({_throws(turn.throws_left)} left)",
        )
    finished = _finish_turn(turn, stood=True)
    lead = f"{turn.player} stands: score {_score_text(finished)}."
    return _end_turn(replace(state, turn=finished), lead)

