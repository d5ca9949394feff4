"""The fullscreen referee display: a :class:`View` (plain data) rendered to a surface.

The app builds a :class:`View` from the engine state and the last vision reading,
calls :func:`render` (or a :class:`Painter`, which renders only when the view changed,
at most 30 times a second) and blits the surface: fullscreen through KMSDRM on the
Pi, a window on a desktop, ``SDL_VIDEODRIVER=dummy`` in tests.

``python -m companion.display.bench`` prints the ms per full render;
``python -m companion.display.preview OUT_DIR`` writes the sample screens as PNG.
"""

import os

# pygame prints a banner on import unless told not to; the display is a library.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.display.layout import Item, Layout
from companion.display.render import (
    COMPACT_MIN_SIZE,
    MAX_FPS,
    MIN_SIZE,
    Painter,
    clear_caches,
    is_compact,
    needs_redraw,
    render,
    render_with_layout,
)
from companion.view import (
    MAX_PLAYERS,
    BonusView,
    ConfirmView,
    DieFace,
    DieRole,
    Mark,
    MarkStyle,
    MatchResultView,
    MatchView,
    MessageView,
    NightPlayerView,
    NightView,
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
    ViewError,
    standard_slots,
)

__all__ = [
    "COMPACT_MIN_SIZE",
    "MAX_FPS",
    "MAX_PLAYERS",
    "MIN_SIZE",
    "BonusView",
    "ConfirmView",
    "DieFace",
    "DieRole",
    "Item",
    "Layout",
    "Mark",
    "MarkStyle",
    "MatchResultView",
    "MatchView",
    "MessageView",
    "NightPlayerView",
    "NightView",
    "OddsView",
    "Painter",
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
    "clear_caches",
    "is_compact",
    "needs_redraw",
    "render",
    "render_with_layout",
    "standard_slots",
]
