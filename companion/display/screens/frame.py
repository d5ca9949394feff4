"""The frame around every screen: the header (title, round, pot), the fault strip
under it, the message band (what happened, what to do next) and the players strip."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pygame

from companion.display import theme
from companion.display.fonts import Face, cap_height
from companion.display.layout import Canvas, Line
from companion.display.screens.common import BOLD, Color, margin, stake_text
from companion.display.sprites import icon
from companion.view import MessageView, Screen, Severity, Stakes, View


def header(c: Canvas, view: View, rect: pygame.Rect) -> None:
    c.fill(rect, theme.PANEL)
    m = margin(c)
    inner = rect.inflate(-2 * m, 0)
    medium = c.size(theme.MEDIUM)
    large = c.size(theme.LARGE)
    right_w = 0
    if view.screen is Screen.NIGHT and view.night is not None:  # the night: no pot
        night = view.night
        title = (f"Tonight: {night.games} game{'s' if night.games != 1 else ''}, "
                 f"{night.rounds} round{'s' if night.rounds != 1 else ''}")
        if c.floor:  # the page number ("2/3") at the right
            inner = pygame.Rect(inner.x, inner.y, inner.w - c.width_of(" 88/88", medium),
                                inner.h)
        c.text(inner, title, medium, theme.TEXT, role="match", min_size=c.size(theme.SMALL))
        return
    if pot_in_body(c, view):
        pass  # a key figure in the body (see the turn and the round result)
    elif view.stakes.kind is Stakes.POT:
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
    beat = view.match.to_beat if view.screen is Screen.TURN else None
    if beat:  # the score to beat, in yellow beside the round: "to beat: Anna 8"
        label_w = min(left.w // (2 if c.floor else 3), c.width_of(label, medium))
        drawn = c.text(pygame.Rect(left.x, rect.y, label_w, rect.h), label, medium, theme.TEXT,
                       role="match", min_size=c.size(theme.SMALL))
        x = drawn.right + m
        box = pygame.Rect(x, rect.y, max(0, left.right - x), rect.h)
        words = f"to beat: {beat}"
        names, _, score = beat.rpartition(" ")
        size = c.fit_size(words, box.w, large, c.size(theme.SMALL))
        if c.width_of(words, size) > box.w and names and score.isdigit():
            # Too long: the names are cut, never the score ("to beat: Anna-Ma… 11").
            room = box.w - c.width_of(f"to beat:  {score}", size)
            cut, _ = c.ellipsize(names, room, size)
            words = f"to beat: {cut} {score}" if cut else f"to beat: {score}"
        c.text(box, words, size, theme.YELLOW, role="to-beat")
        return
    c.text(left, label, medium, theme.TEXT, role="match", min_size=c.size(theme.SMALL))


def pot_in_body(c: Canvas, view: View) -> bool:
    """True when the pot is a key figure in the body (a pot game's turn and round
    result, read from two metres), not in the header."""
    if not c.floor or view.stakes.kind is not Stakes.POT or view.faults:
        return False  # (with a fault up the body may give the faults its room)
    # On the turn only beside a row of dice on a screen wider than 3:2 (800x480 is
    # 5:3); a 4:3 screen keeps it in the header, at 5 mm, and so does a throw with a
    # problem, whose photo shows what is wrong and takes the room beside the dice.
    problem = (view.photo is not None and view.message is not None
               and view.message.severity is Severity.PROBLEM)
    return view.screen is Screen.ROUND_RESULT or (
        view.screen is Screen.TURN and c.w >= c.px(1.5) and not problem)


def pot_width(c: Canvas, pot: str) -> int:
    """The width of :func:`pot_block`, px."""
    label = max(c.width_of("POT", c.size(0)), c.width_of(_pot_unit(pot), c.size(0), False))
    return c.width_of(pot, c.key_size()) + c.px(0.02) + label


def _pot_unit(pot: str) -> str:
    return "chips" if pot.isdigit() and pot != "1" else "chip" if pot == "1" else ""


def pot_block(c: Canvas, pot: str, rect: pygame.Rect) -> None:
    """The pot in key figures at the right of ``rect``: "4" with "POT" and "chips"
    beside it (a money pot, "$40", has no unit under "POT")."""
    key = c.key_size()
    gap = c.px(0.02)
    digit_w = c.width_of(pot, key)
    x = rect.right - pot_width(c, pot)
    c.text(pygame.Rect(x, rect.y, digit_w, rect.h), pot, key, theme.TEXT, role="pot")
    lx = x + digit_w + gap
    lines = [Line("POT", c.size(0), theme.TEXT_DIM, "pot-label")]
    if _pot_unit(pot):
        lines.append(Line(_pot_unit(pot), c.size(0, False), theme.TEXT_DIM, "pot-unit",
                          bold=False))
    c.stack(pygame.Rect(lx, rect.y, rect.right - lx, rect.h), lines)


def _icon_px(c: Canvas, inner: pygame.Rect) -> int:
    """The band's icon, px: smaller on a legible screen, where it sits beside the head."""
    return min(inner.h, c.px(0.065 if c.floor else 0.08))


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


Segment = tuple[str, bool]  # text, bold


def fault_lines(c: Canvas, fault: MessageView, width: int) -> list[list[Segment]]:
    """A fault's lines at 5 mm on a legible screen, ``width`` px beside the icon, each
    a list of (text, bold): "FAULT: " and what is wrong (bold), then what to do
    (regular), on one line when they fit together, else each wrapped whole on lines
    of its own (three at most each)."""
    size, plain = c.size(0), c.size(0, False)
    head = "FAULT: " + fault.text
    if not fault.action:
        return [[(line, True)] for line in c.wrap(head, width, size, 3)]
    one = c.width_of(head, size) + margin(c) + c.width_of(fault.action, plain, False)
    if one <= width:
        return [[(head, True), (fault.action, False)]]
    return [[(line, True)] for line in c.wrap(head, width, size, 3)] + [
        [(line, False)] for line in c.wrap(fault.action, width, plain, 3, bold=False)]


def _fault_width(c: Canvas, width: int) -> int:
    """The text's width in a fault strip ``width`` px wide, beside the icon."""
    return width - 2 * margin(c) - _fault_icon(c) - margin(c) // 2


def _fault_icon(c: Canvas) -> int:
    return round(_fault_step(c) * 0.66)


def _fault_step(c: Canvas) -> int:
    """The fault strip's line pitch at 5 mm, px: the font's line height (an accented
    capital over a descender, "ÉØjg", fills it; 1.5 cap heights, tried before, let
    such a line touch the next)."""
    return max(round(cap_height(Face("atkinson", True), c.size(0)) * 1.5),
               c.line_height(c.size(0)))


def fault_strip_height(c: Canvas, faults: Sequence[MessageView], width: int) -> int:
    """The height (px) of the fault strip of a legible screen: every fault whole."""
    inner = _fault_width(c, width)
    lines = sum(len(fault_lines(c, f, inner)) for f in faults)
    return lines * _fault_step(c) + margin(c) // 2


def fault_strip(c: Canvas, faults: Sequence[MessageView], rect: pygame.Rect,
                whole: bool = False) -> None:
    """Faults in a dark vermillion strip under the header: every fault ``whole`` at
    5 mm (:func:`fault_lines`; a legible screen), else one line each."""
    fill, text_color, _ = _BAND[Severity.FAULT]
    c.fill(rect, fill)
    m = margin(c)
    if whole:
        step = _fault_step(c)
        size = _fault_icon(c)
        x = rect.x + m + size + m // 2
        width = _fault_width(c, rect.w)
        y = rect.y + m // 4
        for index, fault in enumerate(faults):
            sprite = _band_icon(c, Severity.FAULT, size)
            c.blit(sprite, (rect.x + m, y + (step - size) // 2), kind="icon",
                   role=f"fault-icon:{index}")
            seen = {True: 0, False: 0}  # lines of the head, of the action
            for line in fault_lines(c, fault, width):
                left = x
                for text, bold in line:
                    role = f"fault:{index}" if bold else f"fault-action:{index}"
                    if seen[bold]:
                        role += f":{seen[bold]}"
                    seen[bold] += 1
                    drawn = c.text(pygame.Rect(left, y, x + width - left, step), text,
                                   c.size(0, bold), text_color, role=role, bold=bold)
                    left = drawn.right + m
                y += step
        return
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


def message_band(c: Canvas, view: View, rect: pygame.Rect, action_lines: int = 2,
                 head_lines: int = 3) -> None:
    """The referee's message, or the confirmation banner with the hold's progress; on
    a legible screen the head wrapped on at most ``head_lines`` lines, the action on at
    most ``action_lines``."""
    m = margin(c)
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
        sprite = icon("hold", _icon_px(c, inner), theme.INK, theme.IVORY)
        role = "confirm"
    elif view.message is not None:
        head, action = view.message.text, view.message.action
        sprite = _band_icon(c, view.message.severity, _icon_px(c, inner))
        role = "message"
    else:
        return
    if c.floor:
        _legible_band_text(c, inner, sprite, head, action, text_color, action_color, role,
                           action_lines, head_lines)
        return
    c.blit(sprite, (inner.x, inner.centery - sprite.get_height() // 2), kind="icon",
           role=f"{role}-icon")
    x = inner.x + sprite.get_width() + m // 2
    box = pygame.Rect(x, inner.y, inner.right - x, inner.h)
    _two_part_text(c, box, head, action, text_color, action_color, role)


def _band_blocks(c: Canvas, width: int, icon_w: int, head: str, action: str,
                 head_color: Color, action_color: Color, role: str, action_lines: int = 2,
                 head_lines: int = 3) -> tuple[list[Line], list[Line], int, int, int]:
    """A legible band's head lines (beside the icon) and action lines (the full width
    under them), the heights of the two blocks and the gap between them, px."""
    size_b, size_r = c.size(0), c.size(0, bold=False)
    heads = [Line(t, size_b, head_color, role if i == 0 else f"{role}:{i}")
             for i, t in enumerate(c.wrap(head, width - icon_w, size_b, head_lines))]
    wrapped = c.wrap(action, width, size_r, action_lines, bold=False) if action else []
    acts = [Line(t, size_r, action_color, f"{role}-action" if i == 0 else f"{role}-action:{i}",
                 bold=False) for i, t in enumerate(wrapped)]
    head_h = c._plan(heads, width - icon_w)[5] if heads else 0
    act_h = c._plan(acts, width)[5] if acts else 0
    gap = max(2, round(c.key_cap() * 0.15)) if heads and acts else 0
    return heads, acts, head_h, act_h, gap


def _legible_band_text(c: Canvas, inner: pygame.Rect, sprite: pygame.Surface, head: str,
                       action: str, head_color: Color, action_color: Color, role: str,
                       action_lines: int = 2, head_lines: int = 3) -> None:
    """The band read from two metres: the icon beside the head, the action under both,
    all at 5 mm, wrapped (see :func:`band_height`)."""
    icon_w = sprite.get_width() + margin(c) // 2
    heads, acts, head_h, act_h, gap = _band_blocks(c, inner.w, icon_w, head, action,
                                                   head_color, action_color, role, action_lines,
                                                   head_lines)
    top = inner.y + max(0, (inner.h - head_h - gap - act_h) // 2)
    c.blit(sprite, (inner.x, top + (head_h - sprite.get_height()) // 2), kind="icon",
           role=f"{role}-icon")
    if heads:
        c.stack(pygame.Rect(inner.x + icon_w, top, inner.w - icon_w, head_h), heads)
    if acts:
        c.stack(pygame.Rect(inner.x, top + head_h + gap, inner.w, act_h), acts)


def band_height(c: Canvas, view: View, width: int, action_lines: int = 2,
                head_lines: int = 3) -> int:
    """The message band's height (px) for ``view`` on a screen ``width`` px wide: on a
    legible screen (``c.floor``) as many lines as the message takes, wrapped at 5 mm
    (the head on at most ``head_lines`` lines, the action on ``action_lines``, cut
    with an ellipsis); else 0.16 H. 0 when there is no message."""
    if view.message is None and view.confirm is None:
        return 0
    if not c.floor:
        return c.px(0.16)
    m = margin(c)
    head, action = ((view.confirm.text, view.confirm.how) if view.confirm is not None
                    else (view.message.text, view.message.action) if view.message is not None
                    else ("", ""))
    icon_w = c.px(0.065) + m // 2
    _, _, head_h, act_h, gap = _band_blocks(c, width - 2 * m, icon_w, head, action,
                                            theme.TEXT, theme.TEXT, "message", action_lines,
                                            head_lines)
    total = head_h + gap + act_h
    bar = c.px(0.02) if view.confirm is not None and view.confirm.progress is not None else 0
    return max(c.px(0.12), total + c.px(0.035) + bar)


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


def players_strip(c: Canvas, view: View, rect: pygame.Rect) -> None:
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
        stake = stake_text(view, player) or ("out" if player.out else "")
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
