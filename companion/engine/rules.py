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
from companion.engine.settings import TOURNAMENT_PRELIMINARY_ROUNDS, Settings
from companion.engine.state import (
    GameState,
    Phase,
    PlayerState,
    RollOff,
    RoundResult,
    ThrowRecord,
    TieBreak,
    Turn,
)

__all__ = ["apply", "new_game"]

MIN_PLAYERS = 2
MAX_PLAYERS = 8
_FORBIDDEN_IN_NAMES = (",", ":", "#", "\n", "\r", "\t")


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _throws(n: int) -> str:
    return f"{n} throw{'' if n == 1 else 's'}"


# -- starting ------------------------------------------------------------------------


def new_game(settings: Settings, players: Sequence[str]) -> GameState:
    """The state before the first throw: ``players`` seated in the order given.

    The order is the seating, clockwise: play passes to the left, i.e. to the next
    name. With ``first-player = roll-off`` (the default, 003) the game opens with a
    roll-off, one die each in seat order; with ``named`` the first name starts.

    Raises :class:`SettingsError` (``key="players"``) unless there are 2 to 8
    distinct names, each non-empty and free of ``, : #`` and line breaks (the
    game record notation uses those).

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
        if len(name) > 24:
            raise SettingsError("players", f"the name {name!r} is longer than 24 characters")
    if len(set(names)) != len(names):
        dup = next(n for n in names if names.count(n) > 1)
        raise SettingsError("players", f"two players are called {dup!r}: names must differ")
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


def _participants(state: GameState) -> tuple[str, ...]:
    if state.finalists:
        return state.finalists
    return tuple(p.name for p in state.players)


def _seat(state: GameState, name: str) -> int:
    return state.player(name).seat


def _start_round(state: GameState, starter: str, lead: str = "") -> GameState:
    """Start a round of the current match with ``starter`` first: antes, turn order."""
    s = state.settings
    final = bool(state.finalists)
    taking_part = _participants(state)
    seats = sorted(_seat(state, n) for n in taking_part)
    first = _seat(state, starter)
    order_seats = [x for x in seats if x >= first] + [x for x in seats if x < first]
    order = tuple(state.players[x].name for x in order_seats)
    players = state.players
    pot = state.pot
    antes = 0
    if s.stakes == "pot":
        players = tuple(
            replace(p, chips=p.chips - s.ante) if p.name in order else p for p in players
        )
        antes = s.ante * len(order)
        pot += antes
    state = replace(
        state,
        players=players,
        phase=Phase.TURN,
        starter=starter,
        order=order,
        round_turns=(),
        tie_break=None,
        pot=pot,
        round_antes=antes,
        final=final,
    )
    state = replace(state, turn=_new_turn(state, order[0], tie_break=False))
    what = "Final" if final else f"Round {state.round_number}"
    ante_text = f"; each antes {state.amount(s.ante)}, pot {state.amount(pot)}" if antes else ""
    msg = f"{what}: {starter} starts{ante_text}."
    return replace(state, message=f"{lead} {msg}".strip())


def _new_turn(state: GameState, player: str, tie_break: bool) -> Turn:
    s = state.settings
    cap = 3
    if s.pace_setter:
        earlier = (
            state.tie_break.turns if tie_break and state.tie_break is not None
            else state.round_turns
        )
        if earlier:
            cap = earlier[0].throws_used
    return Turn(
        player=player,
        seat=_seat(state, player),
        max_throws=cap,
        counts_unused=s.unused_throw_bonus,
        tie_break=tie_break,
    )


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


def _score_text(turn: Turn) -> str:
    parts = [f"cargo {turn.cargo_total}"]
    if turn.one_throw_bonus:
        parts.append(f"one-throw bonus {turn.one_throw_bonus}")
    if turn.unused_throw_bonus:
        parts.append(f"unused-throw bonus {turn.unused_throw_bonus}")
    if len(parts) == 1:
        return str(turn.score)
    return f"{turn.score} ({' + '.join(parts)})"


def _finish_turn(turn: Turn, stood: bool = False) -> Turn:
    unused = 0
    if turn.launched and turn.counts_unused:
        unused = turn.max_throws - turn.throws_used
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


# -- end of a turn, a round ------------------------------------------------------------


def _end_turn(state: GameState, lead: str = "") -> GameState:
    """Pass play on after ``state.turn`` is over, settling the round or pass at the end."""
    turn = state.turn
    assert turn is not None and turn.over
    if not lead:
        lead = f"{turn.player}'s turn is over: score {_score_text(turn)}."
    if turn.tie_break:
        tb = state.tie_break
        assert tb is not None
        tb = replace(tb, turns=(*tb.turns, turn))
        state = replace(state, tie_break=tb, turn=None)
        nxt = tb.next_player
        if nxt is not None:
            new_turn = _new_turn(state, nxt, tie_break=True)
            return replace(state, turn=new_turn, message=f"{lead} Tie-break: {nxt} to throw.")
        return _resolve_tie_pass(state, lead)
    round_turns = (*state.round_turns, turn)
    state = replace(state, round_turns=round_turns, turn=None)
    if len(round_turns) < len(state.order):
        nxt = state.order[len(round_turns)]
        new_turn = _new_turn(state, nxt, tie_break=False)
        return replace(state, turn=new_turn, message=f"{lead} {nxt} to throw.")
    return _settle_round(state, lead)


def _round_decides(state: GameState) -> bool:
    """True when something depends on who wins this round, so a tie must be broken.

    The pot (except in a tournament's preliminaries: the winner takes all at the end),
    winner-only points, a single-round match and a tournament final depend on it;
    in a match where every player banks their score, a tie is just recorded.
    """
    s = state.settings
    if s.match == "tournament":
        return state.final
    if s.stakes == "pot":
        return True
    return not s.every_player_scores


def _settle_round(state: GameState, lead: str) -> GameState:
    scores = {t.player: t.score for t in state.round_turns}
    launched = [t.player for t in state.round_turns if t.launched]
    if not launched:
        return _finish_round(state, None, (), 0, lead)
    best = max(scores[p] for p in launched)
    top = tuple(p for p in launched if scores[p] == best)
    if len(top) == 1:
        return _finish_round(state, top[0], (), best, lead)
    s = state.settings
    if _round_decides(state) and (s.ties == "cargo-reroll" or s.ties == "reroll-turn"):
        tb = TieBreak(kind=s.ties, score=best, players=top)
        state = replace(state, phase=Phase.TIE_BREAK, tie_break=tb, turn=None)
        if s.ties == "cargo-reroll":
            how = "each throws the 2 cargo dice, the higher total wins"
        else:
            how = "each plays a full turn again, the higher score wins"
            state = replace(state, turn=_new_turn(state, top[0], tie_break=True))
        return replace(
            state, message=f"{lead} {_and(list(top))} tie on {best}: {how}. {top[0]} first."
        )
    return _finish_round(state, None, top, best, lead)


def _roll_off_throw(state: GameState, ev: Throw) -> GameState:
    ro = state.roll_off
    assert ro is not None
    player = ro.next_player
    assert player is not None
    if len(ev.dice) != 1:
        raise RuleError(
            "wrong-dice-count",
            f"roll-off: each player throws one die; {_dice(len(ev.dice))} seen",
        )
    value = ev.dice[0]
    rolls = (*ro.rolls, (player, value))
    record = ThrowRecord(player=player, number=ro.pass_number, kind="roll-off", dice=ev.dice,
                         explanation=f"roll-off: {player} throws {value}",
                         die_roles=(DieRole.IN_PLAY,), event_index=len(state.events))
    if len(rolls) < len(ro.contenders):
        ro = replace(ro, rolls=rolls)
        nxt = ro.next_player
        return replace(state, roll_off=ro, last_throw=record,
                       message=f"{record.explanation}; {nxt} next")
    high = max(v for _, v in rolls)
    leaders = tuple(n for n, v in rolls if v == high)
    if len(leaders) > 1:
        ro = RollOff(contenders=leaders, passes=(*ro.passes, rolls))
        text = f"{record.explanation}; {_and(list(leaders))} tie on {high} and throw again"
        record = replace(record, explanation=text)
        return replace(state, roll_off=ro, last_throw=record, message=text)
    starter = leaders[0]
    ro = replace(ro, rolls=rolls, starter=starter)
    text = f"{record.explanation}; {starter} has the highest die ({high}) and starts"
    record = replace(record, explanation=text)
    state = replace(state, roll_off=ro, last_throw=record)
    return _start_round(state, starter, text + ".")


def _tie_break_throw(state: GameState, ev: Throw) -> GameState:
    tb = state.tie_break
    assert tb is not None
    player = tb.next_player
    assert player is not None
    if len(ev.dice) != 2:
        raise RuleError(
            "wrong-dice-count",
            f"tie-break: 2 cargo dice should be thrown, {len(ev.dice)} seen",
        )
    hi, lo = sorted(ev.dice, reverse=True)
    record = ThrowRecord(player=player, number=tb.pass_number, kind="tie-break", dice=ev.dice,
                         cargo=(hi, lo), explanation=f"tie-break: {player} throws "
                                                     f"{hi} + {lo} = {hi + lo}",
                         die_roles=(DieRole.CARGO, DieRole.CARGO), event_index=len(state.events))
    tb = replace(tb, throws=(*tb.throws, record))
    state = replace(state, tie_break=tb, last_throw=record)
    if tb.next_player is not None:
        return replace(state, message=f"{record.explanation}; {tb.next_player} next")
    return _resolve_tie_pass(state, record.explanation + ".")


def _resolve_tie_pass(state: GameState, lead: str) -> GameState:
    """All tied players have thrown in this pass: a winner, or another pass."""
    tb = state.tie_break
    assert tb is not None
    if tb.kind == "cargo-reroll":
        results = [(r.player, sum(r.dice)) for r in tb.throws]
        contenders = results
    else:
        results = [(t.player, t.score) for t in tb.turns]
        contenders = [(p, v) for (p, v), t in zip(results, tb.turns, strict=True) if t.launched]
    summary = ", ".join(f"{p} {v}" for p, v in results)
    if not contenders:
        # Nobody launched in a reroll-turn pass: the same players play again.
        tb = TieBreak(kind=tb.kind, score=tb.score, players=tb.players,
                      passes=(*tb.passes, summary))
        state = replace(state, tie_break=tb)
        state = replace(state, turn=_new_turn(state, tb.players[0], tie_break=True))
        return replace(state, message=f"{lead} Nobody launched in the tie-break: "
                                      f"{_and(list(tb.players))} play again.")
    high = max(v for _, v in contenders)
    leaders = tuple(p for p, v in contenders if v == high)
    if len(leaders) == 1:
        winner = leaders[0]
        passes = (*tb.passes, summary)
        return _finish_round(state, winner, tb.players if len(passes) == 1 else
                             _first_tied(state, tb), tb.score, lead, passes)
    tb = TieBreak(kind=tb.kind, score=tb.score, players=leaders, passes=(*tb.passes, summary))
    state = replace(state, tie_break=tb, turn=None)
    if tb.kind == "reroll-turn":
        state = replace(state, turn=_new_turn(state, leaders[0], tie_break=True))
    return replace(state, message=f"{lead} {_and(list(leaders))} tie again on {high}: "
                                  "they throw again.")


def _first_tied(state: GameState, tb: TieBreak) -> tuple[str, ...]:
    scores = {t.player: t.score for t in state.round_turns}
    return tuple(t.player for t in state.round_turns if t.launched and scores[t.player] == tb.score)


def _finish_round(
    state: GameState,
    winner: str | None,
    tied: tuple[str, ...],
    best: int,
    lead: str,
    tie_passes: tuple[str, ...] = (),
) -> GameState:
    """Settle the round: pot, points, drinks, the result, and the end of the match."""
    s = state.settings
    scores = {t.player: t.score for t in state.round_turns}
    launched = tuple(t.player for t in state.round_turns if t.launched)
    prelim = s.match == "tournament" and not state.final
    chips = {p.name: p.chips for p in state.players}
    points = {p.name: p.points for p in state.players}
    drinks = {p.name: p.drinks for p in state.players}
    pot = state.pot
    pot_won = 0
    carried = state.carried_points
    words: list[str] = []
    what = "The final" if state.final else f"Round {state.round_number}"
    if winner is not None and tie_passes:
        words.append(f"{what}: {_and(list(tied))} tie on {best}, {winner} wins the "
                     f"tie-break ({tie_passes[-1]}) and the round")
    elif winner is not None:
        words.append(f"{what}: {winner} wins with {best}")
    elif not launched:
        words.append(f"{what}: nobody launched")
    elif tied:
        words.append(f"{what}: {_and(list(tied))} tie on {best}")
    # The pot (000, 002, 003): the winner takes it; otherwise it stays, except that a
    # nobody-scores tie returns this round's antes. Tournament: winner takes all.
    if s.stakes == "pot":
        if winner is not None and not prelim:
            chips[winner] += pot
            pot_won = pot
            words.append(f"and takes the pot of {state.amount(pot)}")
            pot = 0
        elif tied and winner is None and s.ties == "nobody-scores" and not prelim:
            for name in state.order:
                chips[name] += s.ante
            pot -= state.round_antes
            words.append(f"(nobody-scores): the antes go back, pot {state.amount(pot)}")
        elif prelim:
            words.append(f"(the pot of {state.amount(pot)} goes to the tournament winner)")
        else:
            words.append(f"(the pot of {state.amount(pot)} stays for the next round)")
    if tied and winner is None and s.stakes != "pot" and not s.every_player_scores:
        if s.ties == "nobody-scores":
            words.append("(nobody-scores): nobody scores")
    elif tied and winner is None and s.every_player_scores and not state.final:
        words.append("(every player banks their own score)")
    # Points.
    awarded: dict[str, int] = {}
    if s.every_player_scores and not state.final:
        awarded = {name: scores[name] for name in state.order}
    elif not s.every_player_scores and s.match != "tournament":
        if winner is not None:
            awarded = {winner: scores[winner] + carried}
            if carried:
                words.append(f"(+{carried} carried points)")
            carried = 0
        elif tied and s.ties == "carry":
            carried += best
            words.append(f"({carried} points carried to the next round's winner)")
    for name, value in awarded.items():
        points[name] += value
    # Drinks: not launching drinks double, the lowest cargo drinks (000); or everyone
    # who did not win drinks and the winner names the drink (003).
    given: dict[str, int] = {}
    drink_namer: str | None = None
    if (s.stakes == "drinks" or s.drinking) and s.who_drinks == "losers":
        given = {name: 1 for name in state.order if name != winner}
        if winner is not None and given:
            drink_namer = winner
    elif s.stakes == "drinks" or s.drinking:
        for name in state.order:
            if name not in launched:
                given[name] = 2
        if launched:
            low = min(scores[n] for n in launched)
            if low < best:
                for name in launched:
                    if scores[name] == low:
                        given[name] = 1
    for name, value in given.items():
        drinks[name] += value
    if given:
        words.append("; drinks: " + ", ".join(f"{n} {v}" for n, v in given.items()))
    if drink_namer is not None:
        words.append(f"({drink_namer} names the drink)")
    players = tuple(
        replace(
            p,
            chips=chips[p.name],
            points=points[p.name],
            drinks=drinks[p.name],
            round_scores=(*p.round_scores, scores.get(p.name)),
        )
        for p in state.players
    )
    summary = " ".join(words).replace(" ;", ";") + "."
    result = RoundResult(
        match_number=state.match_number,
        round_number=state.round_number,
        scores=tuple((t.player, t.score) for t in state.round_turns),
        launched=launched,
        best=best,
        winner=winner,
        tied=tied,
        tie_break=tie_passes,
        pot_won=pot_won,
        points=tuple(awarded.items()),
        drinks=tuple(given.items()),
        drink_namer=drink_namer,
        final=state.final,
        summary=summary,
    )
    state = replace(
        state,
        players=players,
        pot=pot,
        carried_points=carried,
        round_results=(*state.round_results, result),
        phase=Phase.ROUND_OVER,
        turn=None,
    )
    return _end_of_match(state, winner, f"{lead} {summary}".strip())


def _end_of_match(state: GameState, winner: str | None, text: str) -> GameState:
    """Decide whether the match is over after a settled round (RULES.md 'match')."""
    s = state.settings
    done: tuple[str, ...] = ()
    if s.match == "single":
        if winner is not None:
            done = (winner,)
    elif s.match == "rounds":
        if state.round_number >= s.rounds:
            done = _clear_leader(state)
            if not done:
                text += " Level at the top after the last round: play on until one is ahead."
    elif s.match == "target":
        if max(p.points for p in state.players) >= s.target:
            done = _clear_leader(state)
            if not done:
                text += f" Level at the top past {s.target}: play on until one is ahead."
    elif s.match == "tournament":
        if state.final:
            if winner is not None:
                done = (winner,)
            else:
                text += " The final is played again."
        elif state.round_number >= TOURNAMENT_PRELIMINARY_ROUNDS:
            ranked = sorted((p.points for p in state.players), reverse=True)
            cut = ranked[1]
            finalists = tuple(p.name for p in state.players if p.points >= cut)
            text += f" Final: {_and(list(finalists))}."
            return replace(state, finalists=finalists, message=text)
    if done:
        text += f" {_and(list(done))} wins the match."
        return replace(state, phase=Phase.MATCH_OVER, winners=done, message=text)
    return replace(state, message=text)


def _clear_leader(state: GameState) -> tuple[str, ...]:
    top = max(p.points for p in state.players)
    leaders = tuple(p.name for p in state.players if p.points == top)
    return leaders if len(leaders) == 1 else ()


# -- next round ----------------------------------------------------------------------


def _next_round(state: GameState, ev: NextRound) -> GameState:
    if state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        who = state.current_player
        doing = f"{who} still has to throw" if who else "it is still being played"
        raise RuleError("round-not-over", f"the round is not over: {doing}")
    s = state.settings
    last_winner = state.round_results[-1].winner if state.round_results else None
    if state.phase is Phase.MATCH_OVER:
        state = replace(
            state,
            players=tuple(replace(p, points=0, round_scores=()) for p in state.players),
            match_number=state.match_number + 1,
            round_number=1,
            round_results=(),
            winners=(),
            finalists=(),
            carried_points=0,
        )
        lead = f"Match {state.match_number}."
    else:
        state = replace(state, round_number=state.round_number + 1)
        lead = ""
    taking_part = _participants(state)
    if ev.starter is not None:
        if s.next_round != "winner-chooses":
            raise RuleError(
                "cannot-choose-starter",
                f"the next round's starter is not chosen here (next-round is {s.next_round})",
            )
        if ev.starter not in taking_part:
            raise RuleError("unknown-player", f"{ev.starter!r} is not playing the next round")
        return _start_round(state, ev.starter, f"{lead} {ev.starter} chosen to start.".strip())
    if s.next_round in ("winner", "winner-chooses") and last_winner in taking_part:
        assert last_winner is not None
        return _start_round(state, last_winner, lead)
    direction = -1 if s.next_round == "right" else 1
    n = len(state.players)
    base = _seat(state, state.starter) if state.starter is not None else 0
    for step in range(1, n + 1):
        name = state.players[(base + direction * step) % n].name
        if name in taking_part:
            return _start_round(state, name, lead)
    raise AssertionError("no player to start the round")  # pragma: no cover
