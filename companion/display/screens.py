"""Drawing each screen: the frame shared by all (header, faults, message band,
players strip) and the body of each :class:`~companion.display.view.Screen`.

Sizes are fractions of the screen height ``H`` (``canvas.px``), so one layout serves
800x480 and 1920x1080 alike; widths decide what is cut with an ellipsis, shrunk to
the next size down, or left out (the throw history on a narrow screen). The key
figures (current player, cargo, throws left) are never shrunk below 1/8 H, but in
compact mode on a sliver (see ``render.COMPACT_MIN_SIZE``); when room is short the
least important parts give way first (see :func:`_plan_turn` and :func:`draw_view`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from companion.display import theme
from companion.display.fonts import Face, cap_height
from companion.display.layout import Canvas, Line
from companion.display.photo import draw_photo, fit_rect
from companion.display.sprites import DieStyle, die, icon
from companion.display.view import (
    DieRole,
    MessageView,
    PhotoView,
    PlayerView,
    Screen,
    Severity,
    Stakes,
    ThrowView,
    TieBreakView,
    TurnView,
    View,
)

__all__ = ["draw_view"]

Color = theme.Color
BOLD = Face("atkinson", True)


# -- shared pieces --------------------------------------------------------------------


def _margin(c: Canvas) -> int:
    return c.px(0.025)


def _stake_text(view: View, player: PlayerView) -> str:
    """A player's standing in the game's stakes: "5 chips", "12 pts", "3 drinks"."""
    parts = []
    if view.stakes.kind is Stakes.POT and player.chips is not None:
        parts.append(view.stakes.amount(player.chips))
    if player.points is not None:
        parts.append(f"{player.points} pt" + ("" if player.points == 1 else "s"))
    if view.stakes.kind is Stakes.DRINKS and player.drinks is not None:
        parts.append(f"{player.drinks} drink" + ("" if player.drinks == 1 else "s"))
    if not parts and player.chips is not None:
        parts.append(view.stakes.amount(player.chips))
    return " · ".join(parts)


def _header(c: Canvas, view: View, rect: pygame.Rect) -> None:
    c.fill(rect, theme.PANEL)
    m = _margin(c)
    inner = rect.inflate(-2 * m, 0)
    medium = c.size(theme.MEDIUM)
    large = c.size(theme.LARGE)
    right_w = 0
    if view.stakes.kind is Stakes.POT:
        amount = view.stakes.amount(view.stakes.pot)
        amount_w = c.width_of(amount, large)
        label_w = c.width_of("POT", medium)
        right_w = min(inner.w // 2, amount_w + label_w + m // 2)
        box = pygame.Rect(inner.right - right_w, rect.y, right_w, rect.h)
        drawn = c.text(box, amount, large, theme.TEXT, role="pot", align="right")
        label_box = pygame.Rect(box.x, rect.y, max(0, drawn.x - box.x - m // 2), rect.h)
        c.text(label_box, "POT", medium, theme.TEXT_DIM, role="pot-label", align="right")
    else:
        words = "Playing for points" if view.stakes.kind is Stakes.POINTS else "Playing for drinks"
        right_w = min(inner.w // 2, c.width_of(words, medium))
        box = pygame.Rect(inner.right - right_w, rect.y, right_w, rect.h)
        c.text(box, words, medium, theme.TEXT_DIM, role="stakes", align="right",
               min_size=c.size(theme.SMALL))
    left = pygame.Rect(inner.x, rect.y, inner.w - right_w - m, rect.h)
    label = "Waiting for players" if view.screen is Screen.ATTRACT else view.match.label
    c.text(left, label, medium, theme.TEXT, role="match", min_size=c.size(theme.SMALL))


def _band_icon(c: Canvas, severity: Severity, size: int) -> pygame.Surface:
    if severity is Severity.PROBLEM:
        return icon("problem", size, theme.INK, theme.ORANGE)
    if severity is Severity.FAULT:
        return icon("fault", size, theme.TEXT, theme.VERMILLION)
    return icon("info", size, theme.SKY, theme.INK)


_BAND: dict[Severity, tuple[Color, Color, Color]] = {
    # severity: (fill, text, action text)
    Severity.INFO: (theme.PANEL, theme.TEXT, theme.TEXT_DIM),
    Severity.PROBLEM: (theme.ORANGE, theme.INK, theme.INK),
    Severity.FAULT: (theme.VERMILLION, theme.TEXT, theme.TEXT),
}


def _fault_strip(c: Canvas, faults: Sequence[MessageView], rect: pygame.Rect) -> None:
    """Faults, one line each, in a dark vermillion strip under the header."""
    fill, text_color, _ = _BAND[Severity.FAULT]
    c.fill(rect, fill)
    m = _margin(c)
    step = rect.h // len(faults)
    medium = c.size(theme.MEDIUM)
    small = c.size(theme.SMALL)
    for index, fault in enumerate(faults):
        row = pygame.Rect(rect.x + m, rect.y + index * step, rect.w - 2 * m, step)
        size = round(step * 0.62)
        sprite = _band_icon(c, Severity.FAULT, size)
        c.blit(sprite, (row.x, row.centery - size // 2), kind="icon", role=f"fault-icon:{index}")
        x = row.x + size + m // 2
        head = "FAULT: " + fault.text
        text_box = pygame.Rect(x, row.y, row.right - x, row.h)
        head_w = min(c.width_of(head, medium), text_box.w)
        drawn = c.text(pygame.Rect(x, row.y, head_w, row.h), head, medium, text_color,
                       role=f"fault:{index}", min_size=small)
        if fault.action and drawn.right + m < row.right:
            box = pygame.Rect(drawn.right + m, row.y, row.right - drawn.right - m, row.h)
            c.text(box, fault.action, small, text_color, role=f"fault-action:{index}", bold=False)


def _odds_row(c: Canvas, view: View, rect: pygame.Rect) -> None:
    """ "CHANCE TO WIN  Stand 0%  Re-throw 42% best": the better choice bold, bright and
    underlined with "best" written out, the other dim."""
    odds = view.odds
    assert odds is not None
    small, medium = c.size(theme.SMALL), c.size(theme.MEDIUM)
    gap = c.px(0.03)
    best = max(odds.stand, odds.rethrow)
    parts = []
    for name, chance in (("Stand", odds.stand), ("Re-throw", odds.rethrow)):
        is_best = chance >= best - 1e-9 and odds.stand != odds.rethrow
        parts.append((name, f"{name} {round(chance * 100)}%" + (" best" if is_best else ""),
                      is_best))
    label: str | None = "CHANCE TO WIN"
    size = medium

    def width(label: str | None, size: int) -> int:
        w = sum(c.width_of(words, size, b) for _, words, b in parts) + gap
        return w + (c.width_of(label, small) + gap if label else 0)

    # The chances as large as the width allows, from the medium size down to the small.
    tries = [("CHANCE TO WIN", s) for s in range(medium, small - 1, -1)]
    for label, size in [*tries, ("WIN", small), (None, small)]:
        if width(label, size) <= rect.w:
            break
    x = rect.x
    if label:
        drawn = c.text(pygame.Rect(x, rect.y, c.width_of(label, small), rect.h), label, small,
                       theme.TEXT_DIM, role="odds-label")
        x = drawn.right + gap
    for name, words, is_best in parts:
        w = min(c.width_of(words, size, is_best), rect.right - x)
        if w <= 0:
            break
        drawn = c.text(pygame.Rect(x, rect.y, w, rect.h), words, size,
                       theme.TEXT if is_best else theme.TEXT_DIM,
                       role=f"odds:{name.lower()}", bold=is_best)
        if is_best:
            y = drawn.bottom + max(2, c.px(0.006))
            if y + 3 <= rect.bottom:
                pygame.draw.line(c.surface, theme.TEXT, (drawn.x, y), (drawn.right, y),
                                 max(2, c.px(0.005)))
        x = drawn.right + gap


def _message_band(c: Canvas, view: View, rect: pygame.Rect) -> None:
    """The referee's message, or the confirmation banner with the hold's progress."""
    m = _margin(c)
    confirm = view.confirm
    if confirm is not None:
        fill, text_color, action_color = theme.IVORY, theme.INK, theme.INK
    elif view.message is not None:
        fill, text_color, action_color = _BAND[view.message.severity]
    else:
        fill, text_color, action_color = _BAND[Severity.INFO]
    c.fill(rect, fill, radius=c.px(0.012))
    inner = rect.inflate(-2 * m, -c.px(0.016))
    bar_h = 0
    if confirm is not None and confirm.progress is not None:
        bar_h = c.px(0.012)
        track = pygame.Rect(inner.x, inner.bottom - bar_h, inner.w, bar_h)
        c.fill(track, (196, 192, 182), radius=bar_h // 2)
        done = pygame.Rect(track.x, track.y, round(track.w * confirm.progress), track.h)
        if done.w:
            c.fill(done, theme.INK, radius=bar_h // 2)
        c.record("bar", "confirm-progress", track)
        inner.h -= bar_h + c.px(0.008)
    if confirm is not None:
        head, action = confirm.text, confirm.how
        sprite = icon("hold", min(inner.h, c.px(0.08)), theme.INK, theme.IVORY)
        role = "confirm"
    elif view.message is not None:
        head, action = view.message.text, view.message.action
        sprite = _band_icon(c, view.message.severity, min(inner.h, c.px(0.08)))
        role = "message"
    else:
        return
    c.blit(sprite, (inner.x, inner.centery - sprite.get_height() // 2), kind="icon",
           role=f"{role}-icon")
    x = inner.x + sprite.get_width() + m // 2
    box = pygame.Rect(x, inner.y, inner.right - x, inner.h)
    _two_part_text(c, box, head, action, text_color, action_color, role)


def _two_part_text(c: Canvas, box: pygame.Rect, head: str, action: str, head_color: Color,
                   action_color: Color, role: str) -> None:
    """A bold head over a regular action line, in ``box``.

    Tries, in order: the head on one line (LARGE down to MEDIUM) over the action
    (MEDIUM down to SMALL); the head wrapped on two MEDIUM lines over a SMALL action;
    everything SMALL; and only then cuts the text with an ellipsis.
    """
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    act = [Line(action, medium, action_color, f"{role}-action", bold=False, min_size=small)
           ] if action else []
    act_small = [Line(action, small, action_color, f"{role}-action", bold=False)
                 ] if action else []
    candidates: list[list[Line]] = [
        [Line(head, large, head_color, role, min_size=medium), *act],
        [Line(head, large, head_color, role, min_size=medium), *act_small],
    ]
    for size in (medium, small):
        wrapped = c.wrap(head, box.w, size, 2)
        if " ".join(wrapped) != " ".join(head.split()):
            continue  # cut: try a smaller size
        candidates.append([Line(text, size, head_color, role if i == 0 else f"{role}:{i}")
                           for i, text in enumerate(wrapped)] + act_small)
    candidates.append([Line(head, small, head_color, role), *act_small])
    for lines in candidates:
        if c.stack_fits(lines, box):
            c.stack(box, lines)
            return
    c.stack(box, candidates[-1])


def _players_strip(c: Canvas, view: View, rect: pygame.Rect) -> None:
    """One cell per player in seat order: name, stakes, and this round's score.

    The current player's cell is framed in yellow, brighter, with a pointer; a
    launched score is a filled sky-blue tag, a failed one an outlined "0"."""
    players = view.players
    if not players:
        return
    gap = c.px(0.012)
    n = len(players)
    cell_w = (rect.w - gap * (n - 1)) // n
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    tiny = max(1, small * 4 // 5)
    radius = c.px(0.012)
    for index, player in enumerate(players):
        cell = pygame.Rect(rect.x + index * (cell_w + gap), rect.y, cell_w, rect.h)
        if player.current:
            c.fill(cell, theme.PANEL_HIGH, radius=radius)
            c.frame(cell, theme.YELLOW, c.px(0.006), radius=radius)
        else:
            c.fill(cell, theme.PANEL, radius=radius)
        c.record("bar", f"player-card:{index}", cell)
        pad = max(3, c.px(0.014))
        inner = cell.inflate(-2 * pad, -2 * pad)
        side = min(inner.h * 3 // 4, max(inner.w // 4, 1))
        size = min(medium, round(side * 0.75))
        # The round's score badge, unless the cell is too narrow for its digits to be
        # read (eight players on a small screen): the name and stakes come first.
        if player.round_score is not None and cap_height(BOLD, size) >= theme.MIN_CAP_PX:
            label = str(player.round_score)
            badge = pygame.Rect(inner.right - side, inner.centery - side // 2, side, side)
            if player.launched:
                c.fill(badge, theme.SKY, radius=side // 5)
                c.text(badge, label, size, theme.INK, role=f"player-score:{index}",
                       align="center")
            else:
                c.frame(badge, theme.TEXT_FAINT, max(2, side // 14), radius=side // 5)
                c.text(badge, label, size, theme.TEXT_DIM, role=f"player-score:{index}",
                       align="center")
            inner.w -= side + pad // 2
        if player.current:
            size = max(4, min(c.px(0.03), inner.w // 6))
            c.blit(icon("pointer", size, theme.YELLOW, theme.YELLOW),
                   (inner.x, inner.y + inner.h // 4 - size // 2 + 1), kind="icon",
                   role=f"player-pointer:{index}")
            inner.x += size + pad // 3
            inner.w -= size + pad // 3
        name_color = theme.YELLOW if player.current else (
            theme.TEXT_FAINT if player.out else theme.TEXT)
        stake = _stake_text(view, player) or ("out" if player.out else "")
        lines = [Line(player.name, medium, name_color, f"player:{index}", min_size=small)]
        if stake:
            # The stakes larger than the small size, up to the name's, if the cell's
            # height allows with less padding above and below (and room for accents
            # over the name: the lines are centred).
            tall = pygame.Rect(inner.x, cell.y + max(3, c.px(0.009)), inner.w, 0)
            tall.h = cell.bottom - tall.y - (tall.y - cell.y)
            name_size = c.fit_size(player.name, inner.w, medium, small)
            room = tall.inflate(0, -2 * c.rise(player.name, name_size))
            stake_line = Line(stake, small, theme.TEXT_DIM, f"player-stake:{index}",
                              bold=False, min_size=tiny)
            for stake_size in range(medium, small, -1):
                larger = dataclasses.replace(stake_line, size=stake_size)
                if c.stack_fits([*lines, larger], room):
                    stake_line, inner = larger, tall
                    break
            lines.append(stake_line)
        c.stack(_card_box(c, lines, inner, cell, small), lines)


def _card_box(c: Canvas, lines: list[Line], inner: pygame.Rect, cell: pygame.Rect,
              small: int) -> pygame.Rect:
    """The box to stack a player card's lines in, with room above it for the name's
    accents (which rise above its capitals, outside the block ``stack`` centres), so
    that they stay inside the card and off the current player's frame: ``inner`` less
    that room when the lines fit there; else the card's full height inside its frame,
    the name shrinking towards ``small`` until they fit. May replace ``lines[0]`` with a
    smaller name."""

    def below(box: pygame.Rect, line: Line) -> pygame.Rect:
        rise = c.rise(line.text, line.size)
        return pygame.Rect(box.x, box.y + rise, box.w, box.h - rise)

    if c.stack_fits(lines, below(inner, lines[0])):
        return below(inner, lines[0])
    edge = c.px(0.006) + 1  # the frame's width, and a pixel
    full = pygame.Rect(inner.x, cell.y + edge, inner.w, cell.h - 2 * edge)
    for size in range(lines[0].size, min(small, lines[0].size) - 1, -1):
        name = dataclasses.replace(lines[0], size=size, min_size=min(size, small))
        if c.stack_fits([name, *lines[1:]], below(full, name)):
            lines[0] = name
            return below(full, name)
    return inner


# -- the turn --------------------------------------------------------------------------

_ROLE_TAGS = {DieRole.SHIP: "SHIP", DieRole.CAPTAIN: "CAPT", DieRole.CREW: "CREW",
              DieRole.CARGO: "CARGO", DieRole.THROWN: ""}

_SLOT_NAMES = {DieRole.SHIP: "SHIP", DieRole.CAPTAIN: "CAPTAIN", DieRole.CREW: "CREW"}


def _role_style(role: DieRole) -> DieStyle:
    if role.banked:
        return "banked"
    if role is DieRole.CARGO:
        return "cargo"
    return "thrown"


def _history(c: Canvas, throws: Sequence[ThrowView], rect: pygame.Rect) -> None:
    """The turn's throws as rows of small dice, left to right, banked ones bright."""
    if not throws:
        return
    small = c.size(theme.SMALL)
    d = min(rect.h, c.px(0.065))
    gap = max(2, d // 6)
    x = rect.x
    for throw in throws:
        label = str(throw.number)
        lw = c.width_of(label, small)
        need = lw + gap + len(throw.dice) * (d + gap)
        if x + need > rect.right:
            break
        c.text(pygame.Rect(x, rect.y + (rect.h - d) // 2, lw, d), label, small, theme.TEXT_DIM,
               role=f"throw:{throw.number}")
        x += lw + gap
        for index, face in enumerate(throw.dice):
            c.blit(die(d, face.value, _role_style(face.role)), (x, rect.y + (rect.h - d) // 2),
                   kind="die", role=f"throw-die:{throw.number}:{index}", text=str(face.value))
            x += d + gap
        x += d // 2


def _throws_left_words(turn: TurnView) -> tuple[str, str, str]:
    """The throws-left digit, its label and what to throw next."""
    label = "throw left" if turn.throws_left == 1 else "throws left"
    if turn.stood:
        sub = "stood"
    elif turn.over:
        sub = "turn over"
    else:
        sub = f"throw {turn.dice_to_throw} " + ("die" if turn.dice_to_throw == 1 else "dice")
    return str(turn.throws_left), label, sub


def _throws_left_width(c: Canvas, turn: TurnView) -> int:
    """The width of :func:`_throws_left_block`, px."""
    digit, label, sub = _throws_left_words(turn)
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    label_w = max(c.width_of(label, medium), c.width_of(sub, small, False))
    return c.width_of(digit, c.key_size()) + c.px(0.02) + label_w


def _throws_left_block(c: Canvas, turn: TurnView, rect: pygame.Rect, *,
                       align: str = "right") -> None:
    """The big "2" with "throws left" and what to throw next beside it, at the right
    (or left) of ``rect``."""
    key = c.key_size()
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    digit, label, sub = _throws_left_words(turn)
    gap = c.px(0.02)
    digit_w = c.width_of(digit, key)
    width = _throws_left_width(c, turn)
    label_w = width - digit_w - gap
    x = rect.right - width if align == "right" else rect.x
    color = theme.TEXT if turn.throws_left else theme.TEXT_DIM
    c.text(pygame.Rect(x, rect.y, digit_w, rect.h), digit, key, color, role="throws-left")
    lx = x + digit_w + gap
    c.stack(pygame.Rect(lx, rect.y, min(label_w, rect.right - lx), rect.h), [
        Line(label, medium, theme.TEXT, "throws-left-label"),
        Line(sub, small, theme.TEXT_DIM, "throw-next", bold=False),
    ])


def _name_row(c: Canvas, turn: TurnView, rect: pygame.Rect, *, with_block: bool) -> None:
    """The current player's name, huge and yellow behind a pointer; the throws left at
    the right when ``with_block``."""
    key = c.key_size()
    gap = c.px(0.03)
    block_w = 0
    if with_block:
        block_w = _throws_left_width(c, turn) + gap
        _throws_left_block(c, turn, rect)
    pointer = round(c.key_cap() * 0.8)
    x = rect.x + pointer + c.px(0.02)
    room = rect.right - block_w - x
    # On a very narrow screen the pointer gives way to the name (the name is yellow
    # and the player's cell is framed anyway); the name never gives way.
    shortest = turn.player if len(turn.player) == 1 else turn.player[:1] + "…"
    if c.width_of(shortest, key) <= room:
        c.blit(icon("pointer", pointer, theme.YELLOW, theme.YELLOW),
               (rect.x, rect.centery - pointer // 2), kind="icon", role="current-pointer")
    else:
        x = rect.x
    name_box = pygame.Rect(x, rect.y, max(0, rect.right - block_w - x), rect.h)
    size = key
    if c.width_of(turn.player, key) > name_box.w:
        # Cut with an ellipsis at the key size; smaller only if not even one letter fits.
        shortest = turn.player if len(turn.player) == 1 else turn.player[:1] + "…"
        size = c.fit_size(shortest, name_box.w, key, c.size(0))
    c.text(name_box, turn.player, size, theme.YELLOW, role="current-player")


def _slot_names(turn: TurnView) -> list[str]:
    return [_SLOT_NAMES[s.role] + (" (wild)" if s.filled and s.value != s.face else "")
            for s in turn.slots]


def _slots_width(die_px: int) -> int:
    return 3 * die_px + 2 * round(die_px * 0.3)


def _cargo_width(c: Canvas, die_px: int) -> int:
    key, large = c.key_size(), c.size(theme.LARGE)
    gap = round(die_px * 0.18)
    widest = max(c.width_of(str(v), key) for v in range(2, 13))
    return 2 * die_px + 2 * gap + c.width_of("=", large) + gap + widest


def _label_size(c: Canvas, die_px: int, room_h: int) -> tuple[int, str] | None:
    """One size for the labels under the slots and the cargo, and the captain's label
    at that size: "CAPTAIN" at SMALL or a little less, else "CAPT." or "CAPT" down to
    the smallest size, so that it fits under a die; None (no slot labels) when not
    even "CAPT" fits, or ``room_h`` px is too low for a line."""
    width = die_px + round(die_px * 0.3)
    small = c.size(theme.SMALL)
    for word, floor in (("CAPTAIN", small * 4 // 5), ("CAPT.", c.size(0)), ("CAPT", c.size(0))):
        size = c.fit_size(word, width, small, floor)
        if c.width_of(word, size) <= width:
            break
    else:
        return None
    if room_h < max(c.px(0.03), c.line_height(size)):
        return None
    return size, word


def _slots(c: Canvas, turn: TurnView, rect: pygame.Rect, die_px: int) -> None:
    """Ship, captain and crew: ivory dice once banked, dashed outlines before; the
    names under them (bright when banked, faint when not)."""
    gap = round(die_px * 0.3)
    label_h = rect.h - die_px
    labels = _label_size(c, die_px, label_h)
    names = _slot_names(turn)
    label_size = labels[0] if labels else None
    if labels is not None and any(c.width_of(n, labels[0]) > die_px + gap for n in names):
        names = [n.replace("CAPTAIN", labels[1]) for n in names]
    x = rect.x
    for slot, name in zip(turn.slots, names, strict=True):
        style: DieStyle = "banked" if slot.filled else "empty"
        value = slot.value if slot.filled else slot.face
        c.blit(die(die_px, value, style), (x, rect.y), kind="die",
               role=f"slot:{slot.role.value}", text=str(value) if slot.filled else "")
        if label_size is not None:
            label_box = pygame.Rect(x - gap // 2, rect.y + die_px, die_px + gap, label_h)
            c.text(label_box, name, label_size,
                   theme.TEXT if slot.filled else theme.TEXT_FAINT,
                   role=f"slot-label:{slot.role.value}", align="center")
        x += die_px + gap


def _cargo(c: Canvas, turn: TurnView, rect: pygame.Rect, die_px: int) -> None:
    """The two cargo dice (sky blue), "=" and the cargo value in key figures; the
    score with its bonuses under the value; "NO LAUNCH" when the turn ended without."""
    small, large, key = c.size(theme.SMALL), c.size(theme.LARGE), c.key_size()
    gap = round(die_px * 0.18)
    top_h = _cargo_top(c, turn, die_px)
    label_h = rect.h - top_h
    dy = rect.y + (top_h - die_px) // 2
    x = rect.x
    for index in range(2):
        if turn.cargo is not None:
            value = turn.cargo[index]
            c.blit(die(die_px, value, "cargo"), (x, dy), kind="die",
                   role=f"cargo-die:{index}", text=str(value))
        else:
            c.blit(die(die_px, None, "empty"), (x, dy), kind="die",
                   role=f"cargo-die:{index}")
        x += die_px + gap
    slot_labels = _label_size(c, die_px, label_h)
    label_size = slot_labels[0] if slot_labels else c.size(0)
    labels = label_h >= max(c.px(0.03), c.line_height(label_size))
    if labels and c.width_of("CARGO", label_size) <= 2 * die_px + gap:
        c.text(pygame.Rect(rect.x, rect.y + top_h, 2 * die_px + gap, label_h), "CARGO",
               label_size, theme.SKY if turn.cargo else theme.TEXT_FAINT,
               role="cargo-label", align="center")
    under = pygame.Rect(x, rect.y + top_h, max(0, rect.right - x), label_h)
    if turn.cargo_value is not None:
        eq = c.text(pygame.Rect(x, rect.y, c.width_of("=", large), top_h), "=", large,
                    theme.TEXT_DIM, role="cargo-equals")
        vx = eq.right + gap
        c.text(pygame.Rect(vx, rect.y, max(0, rect.right - vx), top_h), str(turn.cargo_value),
               key, theme.TEXT, role="cargo")
        if labels and turn.score is not None and (
            turn.score != turn.cargo_value or turn.bonuses
        ):
            bonus = " ".join(f"+{b.points}" for b in turn.bonuses)
            words = f"SCORE {turn.score}" + (f" ({bonus})" if bonus else "")
            c.text(under, words, small, theme.TEXT, role="score",
                   min_size=max(1, small * 2 // 3))
    elif turn.over:
        c.text(pygame.Rect(x, rect.y, max(0, rect.right - x), top_h), "NO LAUNCH", large,
               theme.ORANGE, role="no-launch", min_size=small)
        if labels:
            c.text(under, "score 0", small, theme.TEXT_DIM, role="score", bold=False)


def _cargo_top(c: Canvas, turn: TurnView, die_px: int) -> int:
    """Height of the cargo row above its labels: the dice, or the key figure if taller."""
    if turn.cargo_value is None:
        return die_px
    return max(die_px, round(c.key_cap() * 1.2))


def _turn_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    """The turn. Normally: name and throws left; slots, cargo and value; the odds or the
    throw history; the photo at the right, as large as the room left allows (see
    :func:`_photo_place`). When the referee reports a problem with the
    throw, the photo takes a full-height column at the right, since it shows what is
    wrong, but only as wide as leaves the key figures their rows. On a narrow screen the
    parts stack up."""
    turn = view.turn
    assert turn is not None
    gap = c.px(0.025)
    photo = view.photo
    problem = view.message is not None and view.message.severity is Severity.PROBLEM
    if photo is not None and problem and c.w >= c.h * 1.3 and view.confirm is None:
        preferred = min(body.w * 9 // 20, body.h * 4 // 3)
        # No wider than the photo at full height (a portrait crop): the dice keep room.
        preferred = min(preferred, fit_rect(photo.size, pygame.Rect(0, 0, preferred, body.h)).w)
        # The widest column that still has the name and the throws left side by side.
        beside = body.w - gap - _together_width(c, turn)
        # The labels under the dice go before the photo does: it shows what is wrong.
        tries = [(w, labels) for labels in (True, False)
                 for w in (preferred, min(preferred, beside)) if w >= c.px(0.3)]
        for photo_w, labels in tries:
            column = pygame.Rect(body.x, body.y, body.w - photo_w - gap, body.h)
            plan = _plan_turn(c, turn, column.w, column.h)
            if plan is not None and (plan.label_h or not labels):
                _draw_turn(c, view, column, plan, None)
                draw_photo(c, photo, pygame.Rect(body.right - photo_w, body.y, photo_w, body.h),
                           align="right")
                return
    plan = _plan_turn(c, turn, body.w, body.h)
    if plan is None:
        _key_figures_only(c, turn, body)
        return
    _draw_turn(c, view, body, plan, photo)


def _key_figures_only(c: Canvas, turn: TurnView, body: pygame.Rect) -> None:
    """Below the compact minimum size: the name, and the throws left if there is a row
    for them; nothing is promised about what fits."""
    name_h = min(body.h, round(c.key_cap() * 1.4))
    _name_row(c, turn, pygame.Rect(body.x, body.y, body.w, name_h), with_block=False)
    block_h = round(c.key_cap() * 1.15)
    if body.h - name_h >= block_h:
        _throws_left_block(c, turn, pygame.Rect(body.x, body.y + name_h, body.w, block_h),
                           align="left")


@dataclass(frozen=True)
class _TurnPlan:
    """How the turn's rows fill a column (px); see :func:`_plan_turn`."""

    together: bool  # the throws left beside the name (else on a row of its own)
    name_h: int
    block_h: int  # the throws-left row; 0 when together
    one_row: bool  # slots and cargo on one row (else the cargo on a second row)
    die_px: int
    label_h: int  # room for the labels under the dice; 0 when they are left out
    height: int  # all of the above with the gaps between


#: The smallest die drawn in the slots and the cargo, px: the pips stay countable.
MIN_DIE_PX = 16


def _together_width(c: Canvas, turn: TurnView) -> int:
    """The column width (px) at which the name (at least 4.5 key capitals wide) and the
    throws left fit side by side."""
    name_min_w = round(c.key_cap() * 4.5) + round(c.key_cap() * 0.8) + c.px(0.05)
    return name_min_w + _throws_left_width(c, turn) + c.px(0.03)


def _turn_row_width(c: Canvas, die_px: int) -> int:
    """Slots and cargo on one row, px."""
    return _slots_width(die_px) + c.px(0.05) + _cargo_width(c, die_px)


def _plan_turn(c: Canvas, turn: TurnView, width: int, height: int) -> _TurnPlan | None:
    """The roomiest arrangement of the turn's rows that fits ``width`` x ``height`` px,
    or None if even the tightest does not.

    The key figures never shrink. When room is short, first the rows hug the key
    figures, then the labels under the dice go, then the dice shrink (never below
    ``MIN_DIE_PX``); the odds, the history and the photo only take what is left.
    """
    key_cap = c.key_cap()
    gap = c.px(0.025)
    together = width >= _together_width(c, turn)
    if not together and _throws_left_width(c, turn) > width:
        return None
    d_max = c.px(0.13)
    d_min = min(d_max, max(c.px(0.06), MIN_DIE_PX))
    die_px = d_max
    while die_px > d_min and _turn_row_width(c, die_px) > width:
        die_px -= 1
    one_row = _turn_row_width(c, die_px) <= width
    if not one_row:
        die_px = max(d_min, min(d_max, _fit_die(width)))
        while die_px > d_min and _cargo_width(c, die_px) > width:
            die_px -= 1
        if _slots_width(die_px) > width or _cargo_width(c, die_px) > width:
            return None

    def dice_h(d: int, label_h: int) -> int:
        cargo = _cargo_top(c, turn, d) + label_h
        return cargo if one_row else d + label_h + gap // 2 + cargo

    label_full = c.px(theme.SMALL) * 2 + c.px(0.01)
    name_tight, block_full, block_tight = (round(key_cap * 1.4), round(key_cap * 1.35),
                                           round(key_cap * 1.15))
    candidates = [(c.key_row(), block_full, label_full), (name_tight, block_full, label_full),
                  (name_tight, block_tight, label_full), (name_tight, block_tight, 0)]
    # The first arrangement that fits with dice of 0.08 of the unit, the dice then grown
    # to fill the room (up to the width's limit); else the tightest, with smaller dice.
    d_comfort = min(die_px, max(d_min, c.px(0.08)))
    for index, (name_h, block_h, label_h) in enumerate(candidates):
        block_h = 0 if together else block_h
        last = index == len(candidates) - 1
        d = d_comfort
        while last and d > d_min and name_h + block_h + gap + dice_h(d, label_h) > height:
            d -= 1
        if name_h + block_h + gap + dice_h(d, label_h) > height:
            continue
        while d < die_px and name_h + block_h + gap + dice_h(d + 1, label_h) <= height:
            d += 1
        total = name_h + block_h + gap + dice_h(d, label_h)
        return _TurnPlan(together, name_h, block_h, one_row, d, label_h, total)
    return None


def _name_row_width(c: Canvas, turn: TurnView, *, with_block: bool) -> int:
    """The width (px) the name row needs to show the whole name at the key size behind
    its pointer, with the throws left beside it when ``with_block``."""
    width = round(c.key_cap() * 0.8) + c.px(0.02) + c.width_of(turn.player, c.key_size())
    if with_block:
        width += c.px(0.03) + _throws_left_width(c, turn)
    return width


def _photo_place(c: Canvas, turn: TurnView, rect: pygame.Rect, plan: _TurnPlan,
                 photo: PhotoView) -> tuple[pygame.Rect, int] | None:
    """Where the photo goes beside one row of dice, and the width (px) left to the name
    row; None when no place is wide and tall enough (``c.px(0.3)`` x ``c.px(0.2)``).

    Two places are tried and the one where the photo is drawn larger wins: the full
    height of ``rect`` at its right, when the name row (the whole name and the throws
    left) fits beside it; else right of the dice, below the name row."""
    gap = c.px(0.025)
    min_w, min_h = c.px(0.3), c.px(0.2)
    row_w = _turn_row_width(c, plan.die_px)
    places: list[tuple[pygame.Rect, int]] = []
    top = rect.y + plan.name_h + plan.block_h + gap
    side = rect.w - row_w - gap
    if side >= min_w and rect.bottom - top >= min_h:
        places.append((pygame.Rect(rect.right - side, top, side, rect.bottom - top), rect.w))
    left = max(row_w, _name_row_width(c, turn, with_block=plan.together))
    if not plan.together:
        left = max(left, _throws_left_width(c, turn))
    side = rect.w - left - gap
    if side >= min_w and rect.h >= min_h:
        places.append((pygame.Rect(rect.right - side, rect.y, side, rect.h), left))
    if not places:
        return None
    return max(places, key=lambda place: _area(fit_rect(photo.size, place[0])))


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _draw_turn(c: Canvas, view: View, rect: pygame.Rect, plan: _TurnPlan,
               photo: PhotoView | None) -> None:
    """Name, throws left, dice rows and the odds or history, flowing down ``rect`` as
    ``plan`` says; the photo (if given) as large as the room left allows: a full-height
    column at the right or beside the dice (see :func:`_photo_place`), or below the
    dice on a narrow screen."""
    turn = view.turn
    assert turn is not None
    gap = c.px(0.025)
    d = plan.die_px
    photo_box: pygame.Rect | None = None
    name_w = rect.w
    if photo is not None and plan.one_row:
        place = _photo_place(c, turn, rect, plan, photo)
        if place is not None:
            photo_box, name_w = place
    name_row = pygame.Rect(rect.x, rect.y, name_w, plan.name_h)
    _name_row(c, turn, name_row, with_block=plan.together)
    y = name_row.bottom
    if not plan.together:
        _throws_left_block(c, turn, pygame.Rect(rect.x, y, name_w, plan.block_h), align="left")
        y += plan.block_h
    y += gap
    below_w = rect.w
    cargo_h = _cargo_top(c, turn, d) + plan.label_h
    if plan.one_row:
        row = pygame.Rect(rect.x, y, _turn_row_width(c, d), cargo_h)
        _slots(c, turn, pygame.Rect(row.x, row.y, _slots_width(d), row.h), d)
        cx = row.x + _slots_width(d) + c.px(0.05)
        _cargo(c, turn, pygame.Rect(cx, row.y, row.right - cx, row.h), d)
        if photo_box is not None:
            below_w = photo_box.x - gap - rect.x
        y = row.bottom + gap // 2
    else:
        _slots(c, turn, pygame.Rect(rect.x, y, _slots_width(d), d + plan.label_h), d)
        y += d + plan.label_h + gap // 2
        _cargo(c, turn, pygame.Rect(rect.x, y, rect.w, cargo_h), d)
        y += cargo_h + gap // 2
        if photo is not None and rect.bottom - y >= c.px(0.2):
            photo_box = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
            y = rect.bottom
    below = pygame.Rect(rect.x, y, below_w, min(c.px(0.08), rect.bottom - y))
    if below.h >= c.px(0.045):
        if view.odds is not None:
            _odds_row(c, view, below)
        else:
            _history(c, turn.throws, below)
    if photo_box is not None and photo is not None:
        # Beside the dice: flush with the right margin (the message band's edge).
        draw_photo(c, photo, photo_box, align="right" if plan.one_row else "center")


def _fit_die(width: int) -> int:
    """The largest die such that three slots fit ``width`` px."""
    return max(1, int(width / 3.6))


# -- other screens ---------------------------------------------------------------------


def _attract_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    """The title behind the three dice it names (6, 5, 4), the rules in force, the
    players."""
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    gap = c.px(0.03)
    title_h = c.px(0.16)
    d = c.px(0.1)
    dgap = d // 5
    dice_w = 3 * d + 2 * dgap
    title_w = body.w - dice_w - gap
    size = c.fit_size(view.title, title_w, c.size(0.09), large)
    width = dice_w + gap + min(title_w, c.width_of(view.title, size))
    x = body.centerx - width // 2
    for face in (6, 5, 4):
        c.blit(die(d, face, "banked"), (x, body.y + (title_h - d) // 2), kind="die",
               role=f"title-die:{face}", text=str(face))
        x += d + dgap
    x += gap - dgap
    c.text(pygame.Rect(x, body.y, body.right - x, title_h), view.title, size, theme.YELLOW,
           role="title")
    y = body.y + title_h + gap // 2
    remaining = pygame.Rect(body.x, y, body.w, body.bottom - y)
    if remaining.h <= 0:
        return
    has_players = bool(view.players)
    rules_w = remaining.w * 2 // 3 if has_players else remaining.w
    rules_box = pygame.Rect(remaining.x, remaining.y, rules_w, remaining.h)
    if view.rules:
        c.text(pygame.Rect(rules_box.x, rules_box.y, rules_box.w, c.px(0.05)), "RULES IN FORCE",
               small, theme.TEXT_DIM, role="rules-title")
        lines_box = pygame.Rect(rules_box.x, rules_box.y + c.px(0.06), rules_box.w,
                                rules_box.h - c.px(0.06))
        _list(c, [f"• {r}" for r in view.rules], lines_box, medium, small, theme.TEXT, "rule",
              columns=1 if has_players else 2)
    if has_players:
        box = pygame.Rect(remaining.x + rules_w + gap, remaining.y, remaining.w - rules_w - gap,
                          remaining.h)
        c.text(pygame.Rect(box.x, box.y, box.w, c.px(0.05)), f"PLAYERS ({len(view.players)})",
               small, theme.TEXT_DIM, role="players-title")
        names = [p.name for p in view.players]
        _list(c, names, pygame.Rect(box.x, box.y + c.px(0.06), box.w, box.h - c.px(0.06)),
              medium, small, theme.TEXT, "player", columns=2 if len(names) > 4 else 1)


def _list(c: Canvas, items: Sequence[str], box: pygame.Rect, size: int, min_size: int,
          color: Color, role: str, columns: int = 1) -> None:
    """Items in ``columns`` columns; rows shrink from ``size`` to ``min_size`` to fit,
    and the rest is summarised as "+N more"."""
    if not items or box.h <= 0:
        return
    gap = c.px(0.02)
    col_w = (box.w - gap * (columns - 1)) // columns
    per_col = -(-len(items) // columns)
    size_now = size
    while size_now > min_size and (
        c.line_height(size_now) * per_col > box.h
        or max(c.width_of(item, size_now, False) for item in items) > col_w
    ):
        size_now -= 1
    step = c.line_height(size_now)
    fit = max(1, box.h // step)
    shown = list(items)
    if per_col > fit:
        keep = fit * columns - 1
        shown = [*items[:keep], f"+{len(items) - keep} more"]
        per_col = fit
    for index, item in enumerate(shown):
        col, row = divmod(index, per_col)
        cell = pygame.Rect(box.x + col * (col_w + gap), box.y + row * step, col_w, step)
        if cell.bottom > box.bottom + 1:
            break
        c.text(cell, item, size_now, color, role=f"{role}:{index}", bold=False)


def _ranked(view: View, key: Callable[[PlayerView], tuple[int, ...]]) -> list[PlayerView]:
    return sorted(view.players, key=key)


def _table(c: Canvas, view: View, rows: Sequence[PlayerView], box: pygame.Rect,
           *, highlight: str | None, show_round: bool) -> None:
    """Players as rows: rank, name, this round's score, stakes."""
    if not rows or box.h <= 0:
        return
    medium = c.size(theme.MEDIUM)
    floor = c.size(0)
    # Rows fit the box: the size shrinks from MEDIUM to the smallest allowed, then the
    # lowest rows give way to a "+N more" line.
    fits = max(1, box.h // c.line_height(floor))
    extra = 0
    if len(rows) > fits:
        extra = len(rows) - (fits - 1)
        rows = list(rows)[: fits - 1]
    n = len(rows) + (1 if extra else 0)
    step = min(c.px(0.1), box.h // n)
    size = medium
    while size > floor and c.line_height(size) > step:
        size -= 1
    if extra:
        c.text(pygame.Rect(box.x, box.y + len(rows) * step, box.w, step), f"+{extra} more",
               size, theme.TEXT_DIM, role="rows-more", bold=False)
    rank_w = max(c.width_of(f"{p.rank}.", size) for p in rows if p.rank is not None) \
        if any(p.rank is not None for p in rows) else 0
    score_w = c.width_of("no launch", size) if show_round else 0
    stake_w = min(box.w // 3, max((c.width_of(_stake_text(view, p), size, False) for p in rows),
                                  default=0))
    gap = c.px(0.03)
    for index, player in enumerate(rows):
        row = pygame.Rect(box.x, box.y + index * step, box.w, step)
        if player.name == highlight:
            c.fill(row.inflate(c.px(0.02), 0), theme.PANEL_HIGH, radius=c.px(0.01))
        color = theme.YELLOW if player.name == highlight else theme.TEXT
        rank = f"{player.rank}." if player.rank is not None else ""
        c.text(pygame.Rect(row.x, row.y, rank_w, row.h), rank, size, theme.TEXT_DIM,
               role=f"rank:{index}", align="right")
        x = row.x + rank_w + gap
        right = row.right
        stake = _stake_text(view, player)
        if stake:
            c.text(pygame.Rect(right - stake_w, row.y, stake_w, row.h), stake, size,
                   theme.TEXT_DIM, role=f"row-stake:{index}", align="right", bold=False)
            right -= stake_w + gap
        if show_round:
            if player.round_score is None:
                words = "—"
            elif player.launched:
                words = f"scored {player.round_score}"
            else:
                words = "no launch"
            c.text(pygame.Rect(right - score_w, row.y, score_w, row.h), words, size,
                   theme.SKY if player.launched else theme.TEXT_DIM, role=f"row-score:{index}",
                   align="right", bold=bool(player.launched))
            right -= score_w + gap
        c.text(pygame.Rect(x, row.y, right - x, row.h), player.name, size, color,
               role=f"row-name:{index}")


def _result_headline(c: Canvas, body: pygame.Rect, headline: str, detail: str,
                     color: Color) -> int:
    """The headline in key figures over a detail line, centred; returns the y below."""
    key = c.key_size()
    large, medium = c.size(theme.LARGE), c.size(theme.MEDIUM)
    lines = [Line(headline, key, color, "headline", min_size=large)]
    height = c.key_row()
    if detail:
        lines.append(Line(detail, large, theme.TEXT, "headline-detail", min_size=medium))
        height += c.px(0.08)
    box = pygame.Rect(body.x, body.y, body.w, min(height, body.h))
    c.stack(box, lines, align="center")
    return box.bottom + c.px(0.02)


def _round_result_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    result = view.round_result
    assert result is not None
    if result.winner is not None:
        headline = f"{result.winner} wins"
        parts = []
        if result.cargo is not None and result.score is not None:
            a, b = result.cargo
            extra = result.score - a - b
            parts.append(f"cargo {a} + {b}" + (f" + {extra} bonus" if extra else "")
                         + f" = {result.score}")
        elif result.score is not None:
            parts.append(f"scored {result.score}")
        if result.took:
            if view.stakes.kind is Stakes.POT:
                parts.append(f"takes {view.stakes.amount(result.took)}")
            else:
                parts.append(f"+{result.took} pts")
        detail = " · ".join(parts)
        color = theme.YELLOW
    else:
        headline = "No winner"
        detail = result.note or ""
        color = theme.TEXT
    y = _result_headline(c, body, headline, detail, color)
    notes = []
    if result.winner is not None and result.note:
        notes.append(result.note)
    if result.carried:
        notes.append(f"{view.stakes.amount(result.carried)} carried into the next round")
    if result.drinkers:
        notes.append("Drinks: " + ", ".join(result.drinkers))
    if notes:
        h = c.px(0.06)
        c.text(pygame.Rect(body.x, y, body.w, h), " · ".join(notes), c.size(theme.MEDIUM),
               theme.TEXT_DIM, role="round-note", align="center", bold=False,
               min_size=c.size(theme.SMALL))
        y += h + c.px(0.01)
    rows = _ranked(view, lambda p: (
        0 if p.name == result.winner else 1,  # the winner first, even after a tie-break
        0 if p.launched else 1 if p.launched is False else 2, -(p.round_score or 0)))
    width = min(body.w, c.px(1.3))
    _table(c, view, rows, pygame.Rect(body.centerx - width // 2, y, width, body.bottom - y),
           highlight=result.winner, show_round=True)


def _match_result_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    result = view.match_result
    assert result is not None
    headline = f"{result.winner} wins the match" if result.winner else "Match over"
    y = _result_headline(c, body, headline, result.note, theme.YELLOW)
    rows = _ranked(view, lambda p: (p.rank if p.rank is not None else 99,))
    width = min(body.w, c.px(1.2))
    _table(c, view, rows, pygame.Rect(body.centerx - width // 2, y, width, body.bottom - y),
           highlight=result.winner, show_round=False)


def _tie_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    tie: TieBreakView | None = view.tie_break
    assert tie is not None
    key = c.key_size()
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    roll_off = view.screen is Screen.ROLL_OFF
    title = "Who starts?" if roll_off else "Tie-break"
    if not roll_off and tie.tied_score is not None:
        title += f" at {tie.tied_score}"
    if tie.attempt > 1:
        title += f" · throw {tie.attempt}"
    gap = c.px(0.025)
    photo_w = 0
    if view.photo is not None and body.w > c.px(1.2):
        photo_w = min(body.w * 2 // 5, c.px(0.62))
        # No wider than the photo at full height (a portrait crop): the rows keep room.
        photo_w = min(photo_w, fit_rect(view.photo.size, pygame.Rect(0, 0, photo_w, body.h)).w)
    main = pygame.Rect(body.x, body.y, body.w - (photo_w + gap if photo_w else 0), body.h)
    head_h = c.px(0.1)
    c.text(pygame.Rect(main.x, main.y, main.w, head_h), title, large, theme.TEXT,
           role="tie-title", min_size=medium)
    y = main.y + head_h
    if tie.how:
        size = c.fit_size(tie.how, main.w, medium, small, bold=False)
        lines = c.wrap(tie.how, main.w, size, 2, bold=False)
        h = c.line_height(size) * len(lines)
        c.lines(pygame.Rect(main.x, y, main.w, h), lines, size, theme.TEXT_DIM, role="tie-how")
        y += h + gap // 2
    entries = tie.entries
    area = pygame.Rect(main.x, y, main.w, main.bottom - y)
    n = len(entries)
    cols = 1 if n <= 4 else 2
    per_col = -(-n // cols)
    # On a low screen, as many rows as hold a line of the smallest text: those around
    # the player to throw, and a "+N more" line for the rest.
    row_min = c.line_height(c.size(0))
    fits = area.h // row_min
    if per_col > fits:
        keep = max(0, fits - 1) * cols
        at = next((k for k, e in enumerate(entries) if e.current), 0)
        start = max(0, min(at - keep // 2, n - keep))
        entries = entries[start:start + keep]
        if fits:
            more = pygame.Rect(area.x, area.bottom - row_min, area.w, row_min)
            c.text(more, f"+{n - keep} more", small, theme.TEXT_DIM, role="tie-more",
                   bold=False)
            area.h -= row_min
        n = len(entries)
        per_col = -(-n // cols)
    step = area.h // max(1, per_col)
    col_w = (area.w - gap * (cols - 1)) // cols
    current = next((e for e in entries if e.current), None)
    for index, entry in enumerate(entries):
        col, row_i = divmod(index, per_col)
        row = pygame.Rect(area.x + col * (col_w + gap), area.y + row_i * step, col_w,
                          step - gap // 2)
        if entry.current:
            c.fill(row, theme.PANEL_HIGH, radius=c.px(0.012))
            c.frame(row, theme.YELLOW, c.px(0.006), radius=c.px(0.012))
        else:
            c.fill(row, theme.PANEL, radius=c.px(0.012))
        pad = c.px(0.015)
        inner = row.inflate(-2 * pad, -pad)
        big_rows = per_col <= 2 and cols == 1
        # Sizes that fit the row's height (capitals plus room for accents and
        # descenders: about 1.2 em), however many rows there are.
        fit_h = max(c.size(0), int(inner.h / 1.2))
        name_size = min(key if big_rows and entry is current else large, fit_h)
        total_size = min(key if big_rows else large, fit_h)
        # The total takes at most a third of the row (a narrow portrait screen), the
        # dice what is left beside it.
        widest = max((str(v) for v in range(1, 31)), key=lambda t: c.width_of(t, total_size))
        total_size = c.fit_size(widest, inner.w // 3, total_size, c.size(0))
        total_w = c.width_of(widest, total_size)
        total_text = str(entry.total) if entry.total is not None else ""
        pointer = min(inner.h * 3 // 5, c.px(0.07)) if entry.current else 0
        name_x = inner.x + (pointer + pad if pointer else 0)
        # The dice take what the total and the start of the name leave.
        room = inner.right - total_w - pad - (name_x + c.width_of("Mm…", medium) + pad)
        d = min(inner.h, c.px(0.11), room * 5 // (6 * max(1, len(entry.dice))))
        dice_w = max(1, len(entry.dice)) * (d + d // 5)
        x = inner.right - total_w
        if total_text:
            c.text(pygame.Rect(x, inner.y, total_w, inner.h), total_text, total_size, theme.TEXT,
                   role=f"tie-total:{index}", align="right")
        if entry.dice:
            if d < MIN_DIE_PX // 2:
                d = 0  # no room for the dice on a narrow screen: the total says it
            x -= dice_w + pad if d else 0
            dx = x
            for k, value in enumerate(entry.dice if d else ()):
                c.blit(die(d, value, "cargo" if not roll_off else "thrown"),
                       (dx, inner.centery - d // 2), kind="die", role=f"tie-die:{index}:{k}",
                       text=str(value))
                dx += d + d // 5
        elif not entry.out:
            words = "to throw" if entry.current else "waiting"
            wait_w = min(inner.w // 2, max(dice_w + total_w, c.width_of(words, small, False)),
                         max(0, inner.right - name_x - pad))
            x = inner.right - wait_w
            c.text(pygame.Rect(x, inner.y, wait_w, inner.h), words, small, theme.TEXT_DIM,
                   role=f"tie-wait:{index}", bold=False, align="right")
        color = theme.YELLOW if entry.current else theme.TEXT_FAINT if entry.out else theme.TEXT
        if pointer:
            c.blit(icon("pointer", pointer, theme.YELLOW, theme.YELLOW),
                   (inner.x, inner.centery - pointer // 2), kind="icon",
                   role=f"tie-pointer:{index}")
        name = entry.name + (" (out)" if entry.out else "")
        c.text(pygame.Rect(name_x, inner.y, max(0, x - pad - name_x), inner.h), name, name_size,
               color, role=f"tie-name:{index}", min_size=min(medium, name_size))
    if photo_w and view.photo is not None:
        draw_photo(c, view.photo, pygame.Rect(body.right - photo_w, body.y, photo_w, body.h))


@dataclass(frozen=True)
class _DisputeColumn:
    """Where one throw's parts go in its column of the dispute view (px, on screen).

    ``photo`` is the box the photo is fitted into (``align``: centred, or against the
    box's right edge); ``dice`` the top left of the row of small dice (None: no row),
    ``die_px`` their size and ``tag_h`` the height of the role tags under them (0:
    none); ``why`` the explanation's box, ``why_n`` its most lines."""

    kind: Literal["stacked", "beside-label", "side"]
    label: pygame.Rect
    photo: pygame.Rect
    align: Literal["center", "right"]
    dice: tuple[int, int] | None
    die_px: int
    tag_h: int
    why: pygame.Rect
    why_n: int


def _explain_lines(c: Canvas, throws: Sequence[ThrowView], width: int, most: int) -> int:
    """The most lines any throw's explanation takes at ``width`` px (``most`` at most)."""
    size = c.size(theme.SMALL)
    return max((len(c.wrap(t.explanation, width, size, most, bold=False))
                if t.explanation and width > 0 else 0) for t in throws)


def _dispute_columns(c: Canvas, throws: Sequence[ThrowView], inner: pygame.Rect,
                     label_w: int, photo_size: tuple[int, int], why_most: int
                     ) -> list[_DisputeColumn]:
    """Every arrangement of a throw's column that fits ``inner`` (px), for a photo of
    aspect ``photo_size`` (w, h px), with the explanation in ``why_most`` lines at most
    when it runs across the column:

    - "stacked": the label, the photo across the column, the small dice, the explanation;
    - "beside-label": the photo right of the label down to the dice (a portrait crop);
    - "side": the photo at the left at the column's full height; the label, the small
      dice and the explanation (up to 8 lines) in the room right of it (a wide column:
      one or two throws).

    Each with and without the row of small dice. The dice row repeats what the photo's
    marks (every die with its value tag: banked square and ivory, cargo round and sky
    blue, thrown small and dark) and the explanation ("6 banked as ship") already say,
    so it is the part that gives way to a larger photo; where the photo leaves room
    under it anyway the row is drawn there, smaller if need be (down to
    ``c.px(0.045)``)."""
    gap = c.px(0.025)
    half = gap // 2
    label_h = c.px(0.06)
    line_h = c.line_height(c.size(theme.SMALL))
    tag_full = c.line_height(c.size(theme.SMALL * 0.8))
    min_d = c.px(0.045)

    def dice_size(width: int) -> int:
        return min(c.px(0.085), (width - 4 * max(2, width // 40)) // 5)

    found: list[_DisputeColumn] = []
    label = pygame.Rect(inner.x, inner.y, inner.w, label_h)
    n = _explain_lines(c, throws, inner.w, why_most)
    why = pygame.Rect(inner.x, inner.bottom - line_h * n, inner.w, line_h * n)
    floor = why.y - (half if n else 0)  # the lowest a photo or the dice may reach
    d_full = dice_size(inner.w)
    for d, tag_h in ((d_full, tag_full), (d_full, 0), (0, 0)):
        if d and d < min_d:
            continue
        bottom = floor - d - tag_h - half if d else floor
        boxes: list[tuple[Literal["stacked", "beside-label"], pygame.Rect,
                          Literal["center", "right"]]] = [
            ("stacked", pygame.Rect(inner.x, label.bottom, inner.w, bottom - label.bottom),
             "center"),
            ("beside-label", pygame.Rect(inner.x + label_w + gap, inner.y,
                                         inner.right - inner.x - label_w - gap,
                                         bottom - inner.y), "right")]
        for kind, box, align in boxes:
            if box.w <= 0 or box.h <= 0:
                continue
            place_d, place_tag = d, tag_h
            if not d:
                # The room the photo leaves under it takes the dice, as large as fits.
                spare = box.h - fit_rect(photo_size, box).h - half
                place_tag = tag_full if min(d_full, spare - tag_full) >= min_d else 0
                place_d = min(d_full, spare - place_tag)
                if place_d >= min_d:
                    box = pygame.Rect(box.x, box.y, box.w,
                                      box.h - place_d - place_tag - half)
                else:
                    place_d, place_tag = 0, 0
            dice_y = floor - place_tag - place_d
            found.append(_DisputeColumn(kind, label, box, align,
                                        (inner.x, dice_y) if place_d else None,
                                        place_d, place_tag, why, n))
    # Side by side: the photo at the left at full height, the words right of it.
    box = pygame.Rect(inner.x, inner.y, inner.w - gap - max(c.px(0.4), label_w), inner.h)
    if box.w > 0 and box.h > 0:
        box.w = fit_rect(photo_size, box).w
        text = pygame.Rect(box.right + gap, inner.y, inner.right - box.right - gap, inner.h)
        side_label = pygame.Rect(text.x, text.y, text.w, label_h)
        n_side = _explain_lines(c, throws, text.w, 8)
        d = dice_size(text.w)
        for with_dice in (True, False):
            if with_dice and d < min_d:
                continue
            dice_h = d + tag_full + half if with_dice else 0
            why_side = pygame.Rect(text.x, side_label.bottom + dice_h + half, text.w,
                                   line_h * n_side)
            if why_side.bottom > text.bottom:
                continue
            found.append(_DisputeColumn("side", side_label, box, "center",
                                        (text.x, side_label.bottom) if with_dice else None,
                                        d if with_dice else 0, tag_full if with_dice else 0,
                                        why_side, n_side))
    return found


def _dispute_column(c: Canvas, throws: Sequence[ThrowView], inner: pygame.Rect,
                    label_w: int) -> _DisputeColumn | None:
    """The arrangement of the first column (``inner``, px) drawing the photo largest
    (by area); of those within 1 % of it, the first found, so the dice row stays where
    it costs the photo nothing. The explanation keeps up to 3 lines, fewer only when
    nothing else fits (a low screen). With no photo at all, the dice row is kept."""
    sizes = [t.photo.size for t in throws if t.photo is not None]
    photo_size = sizes[0] if sizes else (4, 3)
    for why_most in (3, 2, 1):
        options = _dispute_columns(c, throws, inner, label_w, photo_size, why_most)
        if not sizes:
            options = [o for o in options if o.kind == "stacked"]
        if options:
            break
    if not options:
        return None
    if not sizes:
        return options[0]
    areas = [_area(fit_rect(photo_size, o.photo)) for o in options]
    return next(o for o, a in zip(options, areas, strict=True) if a >= 0.99 * max(areas))


def _dispute_dice(c: Canvas, throw: ThrowView, index: int, at: tuple[int, int], d: int,
                  tag_h: int, dgap: int) -> None:
    """The throw's dice in a row from ``at`` (px), ``d`` px each, ``dgap`` px apart,
    each banked or cargo die with its role under it in a row ``tag_h`` px high (0:
    none)."""
    x, y = at
    # One size for the role tags; CARGO is left out where it does not fit (the cargo
    # dice are sky blue and the explanation names them).
    tag_size = c.fit_size("CREW", d + dgap, c.size(theme.SMALL * 0.8), c.size(0))
    for k, face in enumerate(throw.dice):
        c.blit(die(d, face.value, _role_style(face.role)), (x, y), kind="die",
               role=f"dispute-die:{index}:{k}", text=str(face.value))
        word = _ROLE_TAGS[face.role]
        if word and tag_h and c.width_of(word, tag_size) <= d + dgap:
            c.text(pygame.Rect(x - dgap // 2, y + d, d + dgap, tag_h), word, tag_size,
                   theme.SKY if face.role is DieRole.CARGO else theme.TEXT,
                   role=f"dispute-role:{index}:{k}", align="center")
        x += d + dgap


def _dispute_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    turn = view.turn
    assert turn is not None
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    head_h = c.px(0.09)
    summary = f"{turn.player}'s turn, throw by throw"
    if turn.cargo_value is not None:
        summary += f" · cargo {turn.cargo[0]} + {turn.cargo[1]}" if turn.cargo else ""
    if turn.score is not None:
        summary += f" · score {turn.score}"
    c.text(pygame.Rect(body.x, body.y, body.w, head_h), summary, large, theme.TEXT,
           role="dispute-title", min_size=medium)
    throws = turn.throws[-3:]
    if not throws:
        c.text(pygame.Rect(body.x, body.y + head_h, body.w, head_h), "No throw yet this turn",
               medium, theme.TEXT_DIM, role="dispute-empty")
        return
    gap = c.px(0.025)
    n = len(throws)
    col_w = (body.w - gap * (n - 1)) // n
    top = body.y + head_h + gap // 2
    pad = c.px(0.015)
    label_w = max(c.width_of(f"Throw {t.number}", medium) for t in throws)
    first = pygame.Rect(body.x, top, col_w, body.bottom - top).inflate(-2 * pad, -2 * pad)
    # One arrangement for every column, so that the photos line up.
    plan = _dispute_column(c, throws, first, label_w)
    line_h = c.line_height(small)
    for index, throw in enumerate(throws):
        col = pygame.Rect(body.x + index * (col_w + gap), top, col_w, body.bottom - top)
        c.fill(col, theme.PANEL, radius=c.px(0.012))
        if plan is None:
            continue
        dx = index * (col_w + gap)
        c.text(plan.label.move(dx, 0), f"Throw {throw.number}", medium, theme.TEXT,
               role=f"dispute-throw:{index}")
        photo_box = plan.photo.move(dx, 0)
        dice, d, tag_h = plan.dice, plan.die_px, plan.tag_h
        dgap = max(2, plan.why.w // 40)
        if dice is not None:
            dice = (dice[0] + dx, dice[1])
        if throw.photo is not None and photo_box.h > c.px(0.1):
            draw_photo(c, throw.photo, photo_box, role=f"dispute-photo:{index}",
                       align=plan.align)
        else:
            if dice is None:
                # No photo to mark the dice: the small dice say what was thrown, at the
                # top of the photo's place.
                d = min(c.px(0.085), (photo_box.w - 4 * dgap) // 5)
                tag_h = c.line_height(c.size(theme.SMALL * 0.8))
                if d + tag_h > photo_box.h:
                    tag_h = 0
                d = min(d, photo_box.h)
                if d >= c.px(0.03):
                    dice = photo_box.topleft
                    photo_box = pygame.Rect(photo_box.x, photo_box.y + d + tag_h,
                                            photo_box.w, photo_box.h - d - tag_h)
            if photo_box.h >= line_h:
                c.text(photo_box, "no photo kept", small, theme.TEXT_FAINT,
                       role=f"dispute-nophoto:{index}", align="center", bold=False)
        if dice is not None:
            _dispute_dice(c, throw, index, dice, d, tag_h, dgap)
        lines = (c.wrap(throw.explanation, plan.why.w, small, plan.why_n, bold=False)
                 if plan.why_n and throw.explanation else [])
        if lines:
            why = plan.why.move(dx, 0)
            c.lines(pygame.Rect(why.x, why.y, why.w, line_h * len(lines)), lines, small,
                    theme.TEXT, role=f"dispute-why:{index}")


_BODIES: dict[Screen, Callable[[Canvas, View, pygame.Rect], None]] = {
    Screen.ATTRACT: _attract_body,
    Screen.TURN: _turn_body,
    Screen.ROUND_RESULT: _round_result_body,
    Screen.MATCH_RESULT: _match_result_body,
    Screen.TIE_BREAK: _tie_body,
    Screen.ROLL_OFF: _tie_body,
    Screen.DISPUTE: _dispute_body,
}

_WITH_PLAYERS_STRIP = {Screen.TURN, Screen.TIE_BREAK, Screen.ROLL_OFF}


def _shrink_key_figures(c: Canvas, turn: TurnView, body: pygame.Rect) -> None:
    """Compact mode only (a sliver, or below the supported size): the largest key cap
    height at which the turn's rows fit ``body``, set on the canvas. Never reached in
    the supported range, where the key figures keep 1/8 of the height."""
    low, high = theme.MIN_CAP_PX, c.key_cap() - 1
    best = low
    while low <= high:
        mid = (low + high) // 2
        c.key_cap_px = mid
        if _plan_turn(c, turn, body.w, body.h) is not None:
            best, low = mid, mid + 1
        else:
            high = mid - 1
    c.key_cap_px = best


def draw_view(c: Canvas, view: View) -> None:
    """Draw ``view`` on the canvas: frame first, then the screen's body.

    On the turn screen the players strip gives way when the body would be too short
    for the key figures (the current player is in them anyway)."""
    c.surface.fill(theme.BACKGROUND)
    m = _margin(c)
    header_h = c.px(0.085)
    _header(c, view, pygame.Rect(0, 0, c.w, header_h))
    top = header_h
    faults = view.faults[:2]
    if len(view.faults) > 2:
        # Two rows at most: the second names all the other faults (no actions).
        rest = " · ".join(f.text for f in view.faults[1:])
        faults = (view.faults[0], MessageView(Severity.FAULT, rest))
    if faults:
        strip_h = c.px(0.07) * len(faults)
        _fault_strip(c, faults, pygame.Rect(0, top, c.w, strip_h))
        top += strip_h
    band_h = c.px(0.16) if view.message is not None or view.confirm is not None else 0
    strip_h = c.px(0.12) if view.players and view.screen in _WITH_PLAYERS_STRIP else 0

    def body_rect(strip_h: int) -> pygame.Rect:
        bottom = c.h - (strip_h + m if strip_h else 0) - (band_h + m if band_h else 0)
        return pygame.Rect(m, top + m, c.w - 2 * m, bottom - top - 2 * m)

    body = body_rect(strip_h)
    if view.screen is Screen.TURN and view.turn is not None:
        turn = view.turn
        if strip_h and _plan_turn(c, turn, body.w, body.h) is None:
            strip_h = 0
            body = body_rect(0)
        if _plan_turn(c, turn, body.w, body.h) is None:
            _shrink_key_figures(c, turn, body)
    bottom = c.h
    if strip_h:
        _players_strip(c, view, pygame.Rect(m, bottom - m - strip_h, c.w - 2 * m, strip_h))
        bottom -= strip_h + m
    if band_h:
        _message_band(c, view, pygame.Rect(m, bottom - m - band_h, c.w - 2 * m, band_h))
    if body.h > 0 and body.w > 0:
        _BODIES[view.screen](c, view, body)
