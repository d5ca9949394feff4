"""The House: a seat the companion plays by the exact odds while a person throws its dice.

The seeds welcome a virtual player for practice (RULES.md, "players": 001, 002, 004);
a game of one person against the House is an ordinary two-player game for the engine.
A person throws the House's dice and presses the button as for anyone; at each of the
House's decisions (launched, throws left) the companion chooses for it, standing or
re-throwing the cargo, whichever gives the higher chance of winning the round
(:func:`companion.odds.state_odds`: every later player plays to win knowing the scores
posted before them), and says so: ``"House stands on 8: 61 % to win"``. Where the
odds model does not apply (a tie-break turn; pace-setter capping the players after),
the House follows the seeds' advice: stand on 7 or more.

>>> from companion.engine import Stand, Throw, apply, new_game, settings_from_options
>>> state = new_game(settings_from_options("standard", {"first-player": "named"}),
...                  ["Ann", "House"])
>>> for event in [Throw((6, 5, 4, 3, 3)), Stand(), Throw((6, 5, 4, 2, 1))]:
...     state = apply(state, event)
>>> house_decision(state).text         # Ann stood on 6; the House has 3 with 2 throws left
'House re-throws the cargo (2 + 1): 86 % to win (standing on 3: 0 %): throw 2 dice for the House'
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from companion.engine import GameState, Phase
from companion.odds import state_odds

__all__ = ["HOUSE", "STAND_ON", "HouseDecision", "house_decision", "is_house"]

#: The seat's name, as the config's players list writes it.
HOUSE = "House"
#: Without odds (a tie-break turn, pace-setter) the House stands on this cargo or more.
STAND_ON = 7


def is_house(name: str | None) -> bool:
    """True for the House's seat (the name ``House``, any case)."""
    return name is not None and name.strip().casefold() == HOUSE.casefold()


@dataclass(frozen=True)
class HouseDecision:
    """What the House does at a decision.

    ``action``: ``"stand"``, ``"rethrow"`` (both cargo dice) or ``"rethrow-one"``
    (shifting-cargo: the lower cargo die). ``chance``: its chance of winning the
    round by that choice (None where the odds do not apply). ``text``: the sentence
    for the table. ``dice``: how many dice the person throws for the House next (0
    when it stands).
    """

    player: str
    action: Literal["stand", "rethrow", "rethrow-one"]
    chance: Fraction | None
    text: str

    @property
    def dice(self) -> int:
        return {"stand": 0, "rethrow": 2, "rethrow-one": 1}[self.action]


def _percent(chance: Fraction) -> str:
    return f"{round(100 * chance)} %"


def house_decision(state: GameState) -> HouseDecision | None:
    """The House's choice when it is the House's decision, else None.

    A decision: the House's turn (or tie-break turn), launched, not over, throws left.
    """
    turn = state.turn
    who = state.current_player
    if (not is_house(who) or who is None or turn is None or not state.can_stand
            or turn.cargo is None):
        return None
    score = turn.stand_score
    cargo = f"{turn.cargo[0]} + {turn.cargo[1]}"
    odds = state_odds(state) if state.phase is Phase.TURN else None
    if odds is None:
        if score >= STAND_ON:
            return HouseDecision(who, "stand", None,
                                 f"{who} stands on {score} ({STAND_ON} or more stands)")
        return HouseDecision(who, "rethrow", None,
                             f"{who} re-throws the cargo ({cargo}): below {STAND_ON}: "
                             f"throw 2 dice for the {who}")
    best = odds.best
    if best == "stand":
        return HouseDecision(who, "stand", odds.stand,
                             f"{who} stands on {score}: {_percent(odds.stand)} to win")
    if best == "rethrow-one":
        assert odds.rethrow_one is not None
        low, high = min(turn.cargo), max(turn.cargo)
        return HouseDecision(
            who, "rethrow-one", odds.rethrow_one,
            f"{who} re-throws the {low}, keeps the {high}: {_percent(odds.rethrow_one)} "
            f"to win (standing on {score}: {_percent(odds.stand)}): throw 1 die for the {who}",
        )
    assert odds.rethrow is not None
    return HouseDecision(
        who, "rethrow", odds.rethrow,
        f"{who} re-throws the cargo ({cargo}): {_percent(odds.rethrow)} to win "
        f"(standing on {score}: {_percent(odds.stand)}): throw 2 dice for the {who}",
    )
