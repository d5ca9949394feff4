"""Drawing each screen: the frame shared by all (:mod:`.frame`: header, faults, message
band, players strip) and the body of each :class:`~companion.view.Screen`, one
module per screen (:mod:`.turn`, :mod:`.results`, :mod:`.tie_break`, :mod:`.dispute`,
:mod:`.attract`). A new screen is a module with a ``body(c, view, rect)`` function and
a line in ``_BODIES``.

Sizes are fractions of the screen height ``H`` (``canvas.px``), so one layout serves
800x480 and 1920x1080 alike; widths decide what is cut with an ellipsis, shrunk to
the next size down, or left out (the throw history on a narrow screen). The key
figures (current player, cargo, throws left) are never shrunk below 1/8 H, but in
compact mode on a sliver (see ``render.COMPACT_MIN_SIZE``); when room is short the
least important parts give way first (see :func:`.turn.plan_turn` and :func:`draw_view`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pygame

from companion.display import theme
from companion.display.layout import Canvas
from companion.display.screens.attract import attract_body
from companion.display.screens.common import margin
from companion.display.screens.dispute import dispute_body
from companion.display.screens.frame import (
    band_height,
    fault_strip,
    fault_strip_height,
    header,
    message_band,
    players_strip,
)
from companion.display.screens.night import night_body
from companion.display.screens.results import match_result_body, round_result_body
from companion.display.screens.tie_break import tie_body
from companion.display.screens.turn import plan_turn, pot_words, shrink_key_figures, turn_body
from companion.view import MessageView, Screen, Severity, View

__all__ = ["draw_view"]

_BODIES: dict[Screen, Callable[[Canvas, View, pygame.Rect], None]] = {
    Screen.ATTRACT: attract_body,
    Screen.TURN: turn_body,
    Screen.ROUND_RESULT: round_result_body,
    Screen.MATCH_RESULT: match_result_body,
    Screen.TIE_BREAK: tie_body,
    Screen.ROLL_OFF: tie_body,
    Screen.DISPUTE: dispute_body,
    Screen.NIGHT: night_body,
}

_WITH_PLAYERS_STRIP = {Screen.TURN, Screen.TIE_BREAK, Screen.ROLL_OFF}

#: The screens drawn for a player two metres from the 7-inch panel: no text under 5 mm
#: there (``theme.MIN_TEXT``), but in compact mode (below ``render.MIN_SIZE``).
#: (The dispute and the night a page at a time: see ``View.page``.)
LEGIBLE = frozenset(Screen)


def draw_view(c: Canvas, view: View) -> None:
    """Draw ``view`` on the canvas: frame first, then the screen's body.

    On the turn screen the players strip gives way when the body would be too short
    for the key figures (the current player is in them anyway)."""
    from companion.display.render import is_compact  # render imports this module

    c.surface.fill(theme.BACKGROUND)
    if view.screen in LEGIBLE and not is_compact((c.w, c.h)):
        c.floor = theme.MIN_TEXT
    m = margin(c)
    header_h = c.px(0.085)
    header(c, view, pygame.Rect(0, 0, c.w, header_h))
    faults = view.faults
    # Read from two metres every fault is whole, its action too (a line or more each),
    # if they fit the screen under the header (three long ones do not on a 4:3 one)
    # and, on the turn, leave the game its key figures.
    whole = bool(c.floor) and header_h + fault_strip_height(c, faults, c.w) <= c.h
    layout = _arrange(c, view, faults, whole, header_h)
    if whole and layout is None:
        # Faults too long to stand whole beside the game: on the turn a page each (the
        # runner's Pager turns them): on even pages the game, a fault a line (cut where
        # it must be), on odd pages every fault whole, the game's body giving way. The
        # other screens (paged already, or passing) keep their body: a fault a line.
        if view.screen is Screen.TURN and view.page % 2:
            layout = _arrange(c, view, faults, whole, header_h, fit=False, give_way=True)
        else:
            whole = False
    if not whole:
        if len(faults) > 2:
            # Two rows at most, the second naming the other faults (no actions).
            rest = " · ".join(f.text for f in view.faults[1:])
            faults = (view.faults[0], MessageView(Severity.FAULT, rest))
        layout = _arrange(c, view, faults, whole, header_h, fit=False)
    assert layout is not None
    view, top, strip_h, band_h, body, action_lines, head_lines = layout
    if faults:
        fault_strip(c, faults, pygame.Rect(0, header_h, c.w, top - header_h), whole)
    bottom = c.h
    if strip_h:
        players_strip(c, view, pygame.Rect(m, bottom - m - strip_h, c.w - 2 * m, strip_h))
        bottom -= strip_h + m
    if band_h:
        message_band(c, view, pygame.Rect(m, bottom - m - band_h, c.w - 2 * m, band_h),
                     action_lines, head_lines)
    if body.h > 0 and body.w > 0:
        _BODIES[view.screen](c, view, body)


def _arrange(c: Canvas, view: View, faults: Sequence[MessageView], whole: bool,
             header_h: int, fit: bool = True, give_way: bool = False
             ) -> tuple[View, int, int, int, pygame.Rect, int, int] | None:
    """Where the faults, the body and the message go: (the view, its message's action
    given way if need be; the body's top; the players strip's height; the message
    band's height; the body; the message's action lines and head lines). With ``fit``,
    None where the turn's key figures would not fit at their size beside the faults;
    with ``give_way``, the turn's body gives the faults its room there."""
    m = margin(c)
    top = header_h
    if faults:
        row_h = max(c.px(0.07), c.line_height(c.size(0)) + m // 2 if c.floor else 0)
        top += fault_strip_height(c, faults, c.w) if whole else row_h * len(faults)
    action_lines = 2  # the message's action, wrapped at 5 mm on a legible screen
    # The dispute view is about the throws: the message gives it room (a line each).
    head_lines = 1 if view.screen is Screen.DISPUTE else 3
    band_h = band_height(c, view, c.w - 2 * m, action_lines, head_lines)
    if faults and c.floor and top + band_h + 2 * m > c.h and view.message is not None:
        # The faults first (they say what stops the game): the message's action gives
        # way whole, then the message.
        view = dataclasses.replace(view, message=dataclasses.replace(view.message, action=""))
        band_h = band_height(c, view, c.w - 2 * m, action_lines, head_lines)
    if faults and c.floor and top + band_h + 2 * m > c.h:
        band_h = 0
    strip_h = c.px(0.12) if view.players and view.screen in _WITH_PLAYERS_STRIP else 0
    if c.floor:
        # Read from two metres there is no room for a strip of eight cards at 5 mm: the
        # score to beat is in the header, the standings on the result screens.
        strip_h = 0

    def body_rect(strip_h: int) -> pygame.Rect:
        bottom = c.h - (strip_h + m if strip_h else 0) - (band_h + m if band_h else 0)
        return pygame.Rect(m, top + m, c.w - 2 * m, bottom - top - 2 * m)

    body = body_rect(strip_h)
    if view.screen is Screen.TURN and view.turn is not None:
        turn = view.turn
        pot = pot_words(c, view)
        if strip_h and plan_turn(c, turn, body.w, body.h, pot) is None:
            strip_h = 0
            body = body_rect(0)
        if c.floor and not give_way and plan_turn(c, turn, body.w, body.h, pot) is None:
            # A long message: its action on one line (cut with an ellipsis) before a
            # key figure shrinks.
            action_lines = 1
            band_h = band_height(c, view, c.w - 2 * m, action_lines, head_lines)
            body = body_rect(strip_h)
        if plan_turn(c, turn, body.w, body.h, pot) is None:
            if fit and faults and c.floor:
                return None
            if give_way:
                body = pygame.Rect(body.x, body.y, 0, 0)
            elif body.h > 0:
                shrink_key_figures(c, turn, body, pot)
    elif c.floor and faults and body.h < 2 * c.key_row():
        if fit:
            return None
        if give_way:
            body = pygame.Rect(body.x, body.y, 0, 0)  # the faults take the body's room
    return view, top, strip_h, band_h, body, action_lines, head_lines
