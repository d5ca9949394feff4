"""Game record notation: a game as text, as PGN is for chess.

A record is the rules, the players, then one line per turn (or roll-off pass,
cargo tie-break pass, or start of a round), each holding event tokens:

===================  =========================================================
token                event
===================  =========================================================
``64331``            ``Throw((6, 4, 3, 3, 1))``: the face values seen, any order
``3k5``              shifting-cargo re-throw of one die showing 3, the 5 kept
``63321d``           a throw in which the player declined the 6 (may-decline-six)
``S``                ``Stand()``
``N``                ``NextRound()``; ``N=Ann`` names the starter (winner-chooses)
``U``                ``Undo()`` (read, never written: a record is the game as played)
===================  =========================================================

Lines starting with ``#`` are comments (the writer adds the round results). Example:

>>> record = '''
... Rules: standard first-player=named
... Players: Ann, Bob
... Ann: 64331 6541 33
... Bob: 65432 S
... '''
>>> game = read_record(record)
>>> game.phase.value, game.round_results[-1].winner
('match over', 'Ann')
>>> print(write_record(game))
# Ship Captain Crew game record (companion notation 1)
Rules: standard first-player=named
Players: Ann, Bob
Ann: 64331 6541 33
Bob: 65432 S
# Round 1: Ann wins with 6 and takes the pot of 2 chips. Ann wins the match.
<BLANKLINE>

Player names may not contain ``, : #`` or line breaks (``new_game`` refuses them).
A name in ``N=`` is percent-encoded (``N=Big%20Tom``).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterable, Mapping, Sequence
from typing import Protocol
from urllib.parse import quote, unquote

from companion.engine import (
    EngineError,
    Event,
    GameState,
    NextRound,
    Phase,
    RuleError,
    Settings,
    SettingsError,
    Stand,
    Throw,
    Undo,
    apply,
    new_game,
    settings_from_options,
)

__all__ = [
    "HEADER",
    "NotationError",
    "ReplayError",
    "Setup",
    "decode_event",
    "encode_event",
    "read_record",
    "replay",
    "rules_text",
    "write_record",
]

#: First line of every written record.
HEADER = "# Ship Captain Crew game record (companion notation 1)"

_THROW = re.compile(r"^([1-6]+)(?:k([1-6]))?(d)?$", re.IGNORECASE)


class NotationError(EngineError, ValueError):
    """A record or token that cannot be read (or an event that cannot be written).

    ``line`` is the 1-based line of the record (None for a single token); ``code``
    is the engine's :class:`~companion.engine.RuleError` code when the record breaks
    a rule, else ``"syntax"`` (``"settings"`` for a bad Rules or Players line).
    """

    def __init__(self, message: str, line: int | None = None, code: str = "syntax") -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.code = code


def encode_event(event: Event) -> str:
    """One event as a short token (the app's journal stores these); raises
    :class:`NotationError` for a throw without face values 1 to 6 or a non-event.

    >>> encode_event(Throw((6, 4, 3, 3, 1))), encode_event(Throw((3,), keep=5))
    ('64331', '3k5')
    >>> encode_event(Stand()), encode_event(NextRound("Big Tom")), encode_event(Undo())
    ('S', 'N=Big%20Tom', 'U')
    """
    if isinstance(event, Throw):
        if not event.dice or any(
            isinstance(d, bool) or not isinstance(d, int) or not 1 <= d <= 6 for d in event.dice
        ):
            raise NotationError(f"a throw needs face values 1 to 6, not {event.dice!r}")
        text = "".join(str(d) for d in event.dice)
        if event.keep is not None:
            text += f"k{event.keep}"
        if event.decline_six:
            text += "d"
        return text
    if isinstance(event, Stand):
        return "S"
    if isinstance(event, Undo):
        return "U"
    if isinstance(event, NextRound):
        return "N" if event.starter is None else "N=" + quote(event.starter, safe="")
    raise NotationError(f"not a game event: {event!r}")


def decode_event(text: str) -> Event:
    """The event a token stands for; raises :class:`NotationError` if it is not one.

    >>> decode_event("6541"), decode_event("s"), decode_event("N=Ann")
    (Throw(dice=(6, 5, 4, 1), keep=None, decline_six=False), Stand(), NextRound(starter='Ann'))
    >>> decode_event("6571")
    Traceback (most recent call last):
    ...
    companion.notation.NotationError: '6571': a die showed 7: dice show 1 to 6
    """
    token = text.strip()
    upper = token.upper()
    if upper == "S":
        return Stand()
    if upper == "U":
        return Undo()
    if upper == "N":
        return NextRound()
    if upper.startswith("N="):
        name = unquote(token[2:])
        if not name:
            raise NotationError(f"{token!r} names no starter")
        return NextRound(name)
    match = _THROW.match(token)
    if match is None:
        bad = next((ch for ch in token if ch.isdigit() and ch not in "123456"), None)
        if token[:1].isdigit() and bad is not None:
            raise NotationError(f"{token!r}: a die showed {bad}: dice show 1 to 6")
        if token[:1].isdigit():
            raise NotationError(f"{token!r} is not an event: a throw is face values 1 to 6")
        raise NotationError(
            f"{token!r} is not an event (a throw such as 64331, S, N or U)"
        )
    dice = tuple(int(ch) for ch in match.group(1))
    keep = int(match.group(2)) if match.group(2) else None
    return Throw(dice, keep=keep, decline_six=bool(match.group(3)))


def rules_text(settings: Settings) -> str:
    """The Rules line's value: the preset, then each option that differs from it.

    >>> rules_text(settings_from_options("standard", {"wild-ones": True, "unit": "gold piece"}))
    "standard unit='gold piece' wild-ones"
    """
    parts = [settings.preset]
    for key, value in settings.overrides().items():
        if value is True:
            parts.append(key)
        elif value is False:
            parts.append(f"{key}=false")
        else:
            parts.append(f"{key}={shlex.quote(str(value))}")
    return " ".join(parts)


def _parse_rules(text: str, line: int) -> Settings:
    try:
        words = shlex.split(text)
    except ValueError as error:
        raise NotationError(f"cannot read the rules: {error}", line, "settings") from None
    if not words:
        raise NotationError("the Rules line names no preset", line, "settings")
    options: dict[str, object] = {}
    for word in words[1:]:
        key, eq, value = word.partition("=")
        options[key] = value if eq else True
    try:
        return settings_from_options(words[0], options)
    except SettingsError as error:
        raise NotationError(str(error), line, "settings") from None


def _label(before: GameState, event: Event) -> tuple[str, bool]:
    """(line label, starts a new line) for ``event`` applied to ``before``."""
    if isinstance(event, NextRound):
        return "", True
    if before.phase is Phase.ROLL_OFF:
        assert before.roll_off is not None
        return "Roll-off", not before.roll_off.rolls
    if before.in_cargo_tie_break:
        assert before.tie_break is not None
        return "Tie-break", not before.tie_break.throws
    assert before.turn is not None
    return before.turn.player, not before.turn.throws


def write_record(state: GameState) -> str:
    """The record of ``state``: its rules, players and every effective event.

    Undone events are left out (a record is the game as played), so
    ``read_record(write_record(s)) == s`` and record -> state -> record is exact.
    Comment lines give each round's result.
    """
    names = [p.name for p in state.players]
    out = [HEADER, f"Rules: {rules_text(state.settings)}", f"Players: {', '.join(names)}"]
    game = new_game(state.settings, names)
    line: list[str] = []
    label = ""
    grouped = False  # roll-off and tie-break lines hold "Name token" items

    def flush() -> None:
        if line:
            joiner = ", " if grouped else " "
            out.append(f"{label}: {joiner.join(line)}")
            line.clear()

    for event in state.effective_events:
        new_label, new_line = _label(game, event)
        if isinstance(event, NextRound):
            flush()
            after = apply(game, event)
            head = (
                f"Match {after.match_number}" if after.match_number != game.match_number
                else f"Round {after.round_number}"
            )
            out.append(f"{head}: {encode_event(event)}")
            game = after
            continue
        if new_line or new_label != label:
            flush()
            label = new_label
            grouped = label in ("Roll-off", "Tie-break")
        who = game.current_player
        token = encode_event(event)
        line.append(f"{who} {token}" if grouped else token)
        after = apply(game, event)
        if after.phase is Phase.TIE_BREAK and game.phase is not Phase.TIE_BREAK:
            flush()
            assert after.tie_break is not None
            out.append(f"# Tie-break: {' and '.join(after.tie_break.players)} "
                       f"tie on {after.tie_break.score} ({after.tie_break.kind})")
        if after.round_result is not None and game.round_result is None:
            flush()
            out.append(f"# {after.round_result.summary}"
                       + (f" {_and_winners(after)}" if after.phase is Phase.MATCH_OVER else ""))
        game = after
    flush()
    return "\n".join(out) + "\n"


def _and_winners(state: GameState) -> str:
    return f"{' and '.join(state.winners)} wins the match."


def read_record(text: str) -> GameState:
    """The state a record describes: its events applied in order to ``new_game``.

    Raises :class:`NotationError` (a ``ValueError``) naming the line of the first
    problem: an unreadable line or token, bad rules or players, a line whose player
    is not the one to throw, or an event the rules do not allow there (the
    engine's message and code).

    A UTF-8 byte-order mark at the start (as Windows Notepad saves) is ignored.
    """
    settings: Settings | None = None
    state: GameState | None = None
    for number, raw in enumerate(text.removeprefix("\ufeff").splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        label, colon, rest = line.partition(":")
        label = label.strip()
        if label != "Rules":
            rest = rest.partition("#")[0]  # a trailing comment
        rest = rest.strip()
        if not colon:
            raise NotationError(f"expected 'label: ...', found {line!r}", number)
        if label == "Rules":
            if settings is not None:
                raise NotationError("a second Rules line", number, "settings")
            settings = _parse_rules(rest, number)
            continue
        if label == "Players":
            if state is not None:
                raise NotationError("a second Players line", number, "settings")
            names = [n.strip() for n in rest.split(",")]
            try:
                state = new_game(settings or settings_from_options("standard", {}), names)
            except SettingsError as error:
                raise NotationError(str(error), number, "settings") from None
            continue
        if state is None:
            raise NotationError("the Players line must come before the play", number)
        if label in ("Roll-off", "Tie-break"):
            kind = label.lower()
            for item in rest.split(","):
                name, _, token = item.strip().rpartition(" ")
                if not name:
                    raise NotationError(f"expected 'Name token', found {item.strip()!r}", number)
                state = _step(state, token, number, name.strip(), kind)
        elif re.match(r"^(Round|Match) \d+$", label):
            for token in rest.split():
                state = _step(state, token, number, None, "round")
        else:
            if not rest:
                raise NotationError(f"{label}'s line has no throws", number)
            for token in rest.split():
                state = _step(state, token, number, label, "turn")
    if state is None:
        raise NotationError("the record has no Players line", None)
    return state


def _line_kind(state: GameState) -> str:
    if state.phase is Phase.ROLL_OFF:
        return "roll-off"
    if state.in_cargo_tie_break:
        return "tie-break"
    if state.phase in (Phase.TURN, Phase.TIE_BREAK):
        return "turn"
    return "round"


def _step(state: GameState, token: str, number: int, player: str | None, kind: str) -> GameState:
    try:
        event = decode_event(token)
    except NotationError as error:
        raise NotationError(str(error), number) from None
    if not isinstance(event, Undo) and _line_kind(state) != kind:
        raise NotationError(
            f"{token!r} on a {kind} line, but the game expects otherwise: {state.status}",
            number, "wrong-line",
        )
    if player is not None and not isinstance(event, Undo):
        expected = state.current_player
        if expected is None:
            raise NotationError(f"{token!r} for {player}, but no throw is expected: "
                                f"{state.status}", number, "turn-over")
        if expected != player:
            raise NotationError(
                f"{token!r} is written for {player}, but it is {expected}'s turn", number,
                "wrong-player",
            )
    try:
        return apply(state, event)
    except RuleError as error:
        raise NotationError(f"{token!r}: {error}", number, error.code) from None


class Setup(Protocol):
    """What a game starts from (:class:`companion.journal.GameSetup` is one): the rules
    preset and options (RULES.md names) and the players in seat order."""

    @property
    def preset(self) -> str: ...
    @property
    def options(self) -> Mapping[str, object]: ...
    @property
    def players(self) -> Sequence[str]: ...


class ReplayError(NotationError):
    """A token of a replayed game that cannot be read or applied.

    ``index``: the token's 0-based position in the tokens given; ``token``: the token;
    ``code``: as :class:`NotationError`; ``str(error)``: why, in the engine's words.
    """

    def __init__(self, message: str, index: int, token: str, code: str) -> None:
        super().__init__(message, None, code)
        self.index = index
        self.token = token


def replay(setup: Setup, tokens: Iterable[str]) -> GameState:
    """The game ``setup`` starts, with ``tokens`` (one event each) applied in order.

    The one way a game is rebuilt: the app's restart from the journal, ``companion
    export``, the config check (no tokens: are these rules and players a game?) and
    the tests.

    Raises:
        SettingsError: ``setup`` names an unknown rule option, or bad players.
        ReplayError: a token cannot be read or breaks the rules (``.index`` says which).

    >>> from companion.journal import GameSetup
    >>> state = replay(GameSetup("standard", {"first-player": "named"}, ("Ann", "Bob")),
    ...                "64331 6541 S".split())
    >>> state.current_player, state.round_turns[0].score
    ('Bob', 7)
    >>> try:
    ...     replay(GameSetup("standard", {}, ("Ann", "Bob")), ["3", "S"])
    ... except ReplayError as error:
    ...     print(error.index, error.token, error.code)
    1 S nothing-to-stand-on
    """
    state = new_game(settings_from_options(setup.preset, setup.options), list(setup.players))
    for index, token in enumerate(tokens):
        try:
            state = apply(state, decode_event(token))
        except EngineError as error:  # NotationError, RuleError
            code = getattr(error, "code", "syntax")
            raise ReplayError(str(error), index, token, code) from None
    return state
