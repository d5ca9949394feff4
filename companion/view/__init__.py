"""What the screen shows, as plain data, and how a game becomes it.

``companion.view`` is shared by the app and the display and loads neither pygame nor
numpy: :mod:`~companion.view.parts` and :mod:`~companion.view.view` are the view data
(frozen dataclasses the display renders, and snapshot tests build by hand);
:mod:`~companion.view.present` turns an engine state (plus the app's photo, message,
faults and odds) into a :class:`View`, and words the referee's lines for the table.
Of the engine the view data use only its public facts (``MAX_PLAYERS``) and its one
amount formatter (:func:`companion.engine.format_amount`).
"""

from companion.engine import MAX_PLAYERS
from companion.view.parts import (
    BonusView,
    DieFace,
    DieRole,
    Mark,
    MarkStyle,
    MatchView,
    PhotoView,
    PlayerView,
    Screen,
    Severity,
    SlotView,
    Stakes,
    StakesView,
    ThrowView,
    ViewError,
    standard_slots,
)
from companion.view.view import (
    ConfirmView,
    MatchResultView,
    MessageView,
    NightPlayerView,
    NightView,
    OddsView,
    RoundResultView,
    TieBreakView,
    TieEntryView,
    TurnView,
    View,
)

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
