"""The round result and the match result: a headline and the players ranked in a
table (this round's score, the stakes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from companion.display import theme
from companion.display.layout import Canvas, Line
from companion.display.screens.common import Color, stake_text
from companion.display.screens.frame import pot_block, pot_in_body, pot_width
from companion.view import PlayerView, Stakes, View


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
    # On a legible screen rows of 5 mm text, a little closer than a paragraph's lines.
    row_min = round(c.key_cap() * 0.7) if c.floor else c.line_height(floor)
    fits = max(1, box.h // row_min)
    extra = 0
    if len(rows) > fits:
        # Room for one row only: the first (the winner), no "+N more" line.
        keep = fits - 1 if fits >= 2 else 1
        extra = len(rows) - keep if fits >= 2 else 0
        rows = list(rows)[:keep]
    n = len(rows) + (1 if extra else 0)
    step = min(c.px(0.1), box.h // n)
    size = medium
    while size > floor and (round(c.key_cap() * 0.7) if c.floor else c.line_height(size)) > step:
        size -= 1
    if extra:
        c.text(pygame.Rect(box.x, box.y + len(rows) * step, box.w, step), f"+{extra} more",
               size, theme.TEXT_DIM, role="rows-more", bold=False)
    rank_w = max(c.width_of(f"{p.rank}.", size) for p in rows if p.rank is not None) \
        if any(p.rank is not None for p in rows) else 0
    score_w = c.width_of("no launch", size) if show_round else 0
    changes = {p.name: ("+" if p.change > 0 else "\u00b1" if p.change == 0 else "\u2212")
               + str(abs(p.change)) for p in rows if p.change is not None}
    change_w = max((c.width_of(t, size) for t in changes.values()), default=0)
    stake_w = min(box.w * 9 // 20 if c.floor else box.w // 3,
                  max((c.width_of(stake_text(view, p), size, False) for p in rows), default=0))
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
        stake = stake_text(view, player)
        if stake:
            c.text(pygame.Rect(right - stake_w, row.y, stake_w, row.h), stake, size,
                   theme.TEXT_DIM, role=f"row-stake:{index}", align="right", bold=False)
            right -= stake_w + gap
        if player.name in changes:  # this round's +/-: won in sky blue, lost in white
            c.text(pygame.Rect(right - change_w, row.y, change_w, row.h), changes[player.name],
                   size, theme.SKY if (player.change or 0) > 0 else theme.TEXT,
                   role=f"row-change:{index}", align="right")
            right -= change_w + gap
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
                     color: Color, pot: str | None = None, rows_h: int = 0) -> int:
    """The headline in key figures over a detail line, centred, and the pot in key
    figures at the right of the headline when ``pot`` is given (the detail then only if
    ``rows_h`` px are left under it for the table); returns the y below."""
    key = c.key_size()
    if pot is not None:
        pot_w = pot_width(c, pot)
        pot_block(c, pot, pygame.Rect(body.x, body.y, body.w, round(c.key_cap() * 1.35)))
        # The headline centred in what the pot leaves, its detail across the body.
        gap = c.px(0.04)
        head_box = pygame.Rect(body.x, body.y, body.w - pot_w - gap, round(c.key_cap() * 1.35))
        c.stack(head_box, [Line(headline, key, color, "headline", min_size=c.size(theme.LARGE))],
                align="center")
        y = head_box.bottom
        if detail and body.bottom - y >= rows_h + round(c.key_cap() * 0.7):
            h = round(c.key_cap() * 0.7)
            c.stack(pygame.Rect(body.x, y, body.w, h), [Line(
                detail, c.size(theme.LARGE), theme.TEXT, "headline-detail",
                min_size=c.size(theme.MEDIUM))], align="center")
            y += h
        return y + c.px(0.01)
    large, medium = c.size(theme.LARGE), c.size(theme.MEDIUM)
    lines = [Line(headline, key, color, "headline", min_size=large)]
    height = round(c.key_cap() * 1.35) if c.floor else c.key_row()
    gap = c.px(0.02)
    if c.floor and detail and body.h - height - round(c.key_cap() * 0.75) - c.px(0.02) < rows_h:
        detail = ""  # from two metres the table's rows come first
    if detail and c.width_of(detail, medium) <= body.w:
        lines.append(Line(detail, large, theme.TEXT, "headline-detail", min_size=medium))
        height += round(c.key_cap() * 0.75) if c.floor else c.px(0.08)
    elif detail:
        # too long for one line even at its least size: two lines at that size where
        # the table's rows leave room (the gap under them giving way if need be), else
        # none: a sentence is never cut ("... and takes th…" before)
        parts = c.wrap(detail, body.w, medium, 3)
        two = [*lines, *(Line(t, medium, theme.TEXT, "headline-detail" + (f":{k}" if k else ""))
                         for k, t in enumerate(parts))]
        more = c._plan(two, body.w)[5] - c._plan(lines, body.w)[5]
        if len(parts) <= 2 and body.h - height - more >= rows_h:
            lines, height = two, height + more
            if body.h - height - gap < rows_h:
                gap = 0
    box = pygame.Rect(body.x, body.y, body.w, min(height, body.h))
    c.stack(box, lines, align="center")
    return box.bottom + gap


def _drink_line(c: Canvas, view: View, body: pygame.Rect, y: int) -> int:
    """``"Ann names the drink: Bob and Cy drink"`` in yellow (who-drinks = losers, 003);
    returns the y below (``y`` when there is none)."""
    result = view.round_result
    if result is None or result.drink_namer is None:
        return y
    drinkers = [n for n in result.drinkers if n != result.drink_namer]
    words = f"{result.drink_namer} names the drink"
    if drinkers:
        words += ": " + (" and ".join(drinkers) if len(drinkers) <= 2
                         else ", ".join(drinkers[:-1]) + " and " + drinkers[-1]) + " drink"
    h = c.px(0.07)
    c.text(pygame.Rect(body.x, y, body.w, h), words, c.size(theme.LARGE), theme.YELLOW,
           role="drink-namer", align="center", min_size=c.size(theme.MEDIUM))
    return y + h + c.px(0.01)


def round_result_body(c: Canvas, view: View, body: pygame.Rect) -> None:
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
                if not pot_in_body(c, view):  # else the pot's key figure says it
                    parts.append(f"takes {view.stakes.amount(result.took)}")
            else:
                parts.append(f"+{result.took} pts")
        detail = " · ".join(parts)
        color = theme.YELLOW
    else:
        headline = "No winner"
        detail = result.note or ""
        color = theme.TEXT
    pot = None
    if pot_in_body(c, view):
        # The pot taken, or the pot carried into the next round, in key figures.
        pot = view.stakes.amount(result.took or view.stakes.pot).split(" ")[0]
    rows_h = len(view.players) * round(c.key_cap() * 0.7)
    y = _result_headline(c, body, headline, detail, color, pot, rows_h)
    notes = []
    if result.winner is not None and result.note:
        notes.append(result.note)
    if result.carried and pot is None:  # else the pot's key figure says it
        notes.append(f"{view.stakes.amount(result.carried)} carried into the next round")
    if result.drinkers and result.drink_namer is None:
        notes.append("Drinks: " + ", ".join(result.drinkers))
    y = _drink_line(c, view, body, y)
    h = round(c.key_cap() * 0.7) if c.floor else c.px(0.06)
    if (c.floor and result.winner is not None and result.note
            and body.bottom - y - h < rows_h):
        notes.remove(result.note)  # a detail (how a tie was settled): the rows come first
    if notes:
        c.text(pygame.Rect(body.x, y, body.w, h), " · ".join(notes), c.size(theme.MEDIUM),
               theme.TEXT_DIM, role="round-note", align="center", bold=False,
               min_size=c.size(theme.SMALL))
        y += h + c.px(0.01)
    rows = _ranked(view, lambda p: (
        0 if p.name == result.winner else 1,  # the winner first, even after a tie-break
        0 if p.launched else 1 if p.launched is False else 2, -(p.round_score or 0)))
    width = body.w if c.floor else min(body.w, c.px(1.3))
    _table(c, view, rows, pygame.Rect(body.centerx - width // 2, y, width, body.bottom - y),
           highlight=result.winner, show_round=True)


def match_result_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    result = view.match_result
    assert result is not None
    headline = f"{result.winner} wins the match" if result.winner else "Match over"
    rows_h = len(view.players) * round(c.key_cap() * 0.7)
    y = _result_headline(c, body, headline, result.note, theme.YELLOW, rows_h=rows_h)
    y = _drink_line(c, view, body, y)
    rows = _ranked(view, lambda p: (p.rank if p.rank is not None else 99,))
    width = body.w if c.floor else min(body.w, c.px(1.2))
    _table(c, view, rows, pygame.Rect(body.centerx - width // 2, y, width, body.bottom - y),
           highlight=result.winner, show_round=False)
