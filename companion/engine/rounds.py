"""Rounds: starting one, ending a turn, the roll-off, tie-breaks, settling, the next round.

The second half of the referee (:mod:`companion.engine.rules` is the first: new
games, :func:`~companion.engine.apply`, a turn's throws and stands). Every rule has
its seed in RULES.md; nothing here changes a state, each function returns a new one.
"""

from __future__ import annotations

from dataclasses import replace

from companion.engine.dice import DieRole
from companion.engine.errors import RuleError
from companion.engine.events import NextRound, Throw
from companion.engine.settings import TOURNAMENT_PRELIMINARY_ROUNDS
from companion.engine.state import (
    THROWS_PER_TURN,
    GameState,
    Phase,
    RollOff,
    RoundResult,
    ThrowRecord,
    TieBreak,
    Turn,
)
from companion.engine.words import _and, _dice

# -- starting a round ------------------------------------------------------------------


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
    cap = THROWS_PER_TURN
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


def _score_text(turn: Turn) -> str:
    parts = [f"cargo {turn.cargo_total}"]
    if turn.one_throw_bonus:
        parts.append(f"one-throw bonus {turn.one_throw_bonus}")
    if turn.unused_throw_bonus:
        parts.append(f"unused-throw bonus {turn.unused_throw_bonus}")
    if len(parts) == 1:
        return str(turn.score)
    return f"{turn.score} ({' + '.join(parts)})"


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
