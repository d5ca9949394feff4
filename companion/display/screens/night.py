"""The night screen: the last rounds as a strip of large cells (as the result boards
at casino tables show the last outcomes), the night's standings with each player's
+/- and launch rate, the best cargo, and the dice's fairness as a bar chart with the
chi-square p-value (a warning band when the dice look loaded)."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Canvas
from companion.view import NightView, View

#: Share of the body's height the strip of last rounds takes.
STRIP_SHARE = 0.34


def night_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    """Strip of the last rounds on top; standings (left) and fairness chart (right).
    Read from two metres (``c.floor``) one part a page at 5 mm, ``view.page`` modulo
    the pages: the last rounds (two rows of five), the standings (as many rows as
    fit a page), the dice's fairness (first when it warns); "1/3" at the right of the
    header."""
    night = view.night
    assert night is not None
    if c.floor:
        _night_page(c, view, night, body)
        return
    gap = c.px(0.025)
    strip = pygame.Rect(body.x, body.y, body.w, round(body.h * STRIP_SHARE))
    _strip(c, night, strip)
    lower = pygame.Rect(body.x, strip.bottom + gap, body.w, body.bottom - strip.bottom - gap)
    chart_w = round(lower.w * 0.38)
    table = pygame.Rect(lower.x, lower.y, lower.w - chart_w - gap, lower.h)
    chart = pygame.Rect(table.right + gap, lower.y, chart_w, lower.h)
    _standings(c, view, night, table)
    _fairness(c, night, chart)


def _night_page(c: Canvas, view: View, night: NightView, body: pygame.Rect) -> None:
    """One page of the night screen, and its number in the header ("2/3"); with a
    warning about the dice, its short line in an orange band over every other page."""
    page_box = body
    if night.alert:
        size = c.size(0)
        said = c.wrap("! " + night.alert, body.w - 2 * c.px(0.015), size, 2)
        band = pygame.Rect(body.x, body.y, body.w, c.line_height(size) * len(said))
        gap = c.px(0.02)
        page_box = pygame.Rect(body.x, band.bottom + gap, body.w, body.h - band.h - gap)
    per_page = max(1, _standing_rows(c, night, page_box))
    pages: list[tuple[str, int]] = [("strip", 0)]
    pages += [("standings", start) for start in range(0, max(1, len(night.players)), per_page)]
    # A warning about the dice comes first, on the page shown when the screen comes up.
    pages.insert(0 if night.warning else len(pages), ("fairness", 0))
    index = view.page % len(pages)
    part, start = pages[index]
    if night.alert and part != "fairness":  # (the fairness page says it in full)
        c.fill(band, theme.ORANGE, radius=c.px(0.012))
        c.lines(band.inflate(-2 * c.px(0.015), 0), said, size, theme.INK,
                role="night-alert", bold=True)
        body = page_box
    if part == "strip":
        _strip(c, night, body)
    elif part == "standings":
        _standings(c, view, night, body, start)
    else:
        _fairness(c, night, body)
    words = f"{index + 1}/{len(pages)}"
    size = c.size(theme.MEDIUM)
    w = c.width_of(words, size)
    m = body.x  # the margin: the body starts one margin in from the left
    c.text(pygame.Rect(c.w - m - w, 0, w, c.px(0.085)), words, size, theme.TEXT_DIM,
           role="night-page")


def _strip(c: Canvas, night: NightView, box: pygame.Rect) -> None:
    """Up to 10 cells, oldest left: the winner's score large, the name under it."""
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    label_h = max(c.px(0.05), c.line_height(medium))
    words = f"LAST {len(night.last_rounds)} ROUNDS" if night.last_rounds else "NO ROUNDS YET"
    c.text(pygame.Rect(box.x, box.y, box.w, label_h), words, medium, theme.TEXT_DIM,
           role="strip-title", min_size=small)
    cells = night.last_rounds
    if not cells:
        return
    gap = max(2, c.px(0.01))
    # From two metres in rows of five (names at 5 mm need the width), else one row.
    n = 5 if c.floor else max(len(cells), 5)
    rows = -(-len(cells) // n)
    row_h = (box.h - label_h - gap * (rows - 1)) // rows
    row = pygame.Rect(box.x, box.y + label_h, box.w, row_h)
    cell_w = (row.w - gap * (n - 1)) // n
    score_h = round(row.h * 0.6)
    # sizes fit the row: the score first; the names go when the row is too short
    score_size = c.size(theme.LARGE * 1.5)
    while score_size > small and c.line_height(score_size) > score_h:
        score_size -= 1
    name_size = medium
    while name_size > small and c.line_height(name_size) > row.h - score_h:
        name_size -= 1
    show_names = c.line_height(name_size) <= row.h - score_h
    if not show_names:
        score_h = row.h
    if c.line_height(score_size) > score_h + c.line_height(score_size) // 3:
        return  # no room for the strip on this screen
    for index, (winner, score) in enumerate(cells):
        line, place = divmod(index, n)
        cell = pygame.Rect(row.x + place * (cell_w + gap), row.y + line * (row_h + gap),
                           cell_w, row.h)
        newest = index == len(cells) - 1
        c.fill(cell, theme.PANEL_HIGH if newest else theme.PANEL, radius=c.px(0.012))
        if newest:
            c.frame(cell, theme.YELLOW, max(2, c.px(0.006)), radius=c.px(0.012))
        # nobody launched: an en dash
        figure = str(score) if winner is not None or score else "\u2013"
        color = theme.YELLOW if winner is not None else theme.TEXT_DIM
        c.text(pygame.Rect(cell.x, cell.y, cell.w, score_h), figure, score_size, color,
               role=f"strip-score:{index}", align="center", min_size=small)
        if not show_names:
            continue
        name = winner if winner is not None else ("tie" if score else "none")
        c.text(pygame.Rect(cell.x + gap, cell.y + score_h, cell.w - 2 * gap, cell.h - score_h),
               name, name_size, theme.TEXT if winner else theme.TEXT_DIM,
               role=f"strip-name:{index}", align="center", min_size=small)


def _standings_boxes(c: Canvas, night: NightView, box: pygame.Rect
                     ) -> tuple[int, int, pygame.Rect]:
    """The standings' column heads' and best-cargo heights and the rows' box, px (the
    games and rounds of the night are in the header)."""
    label_h = c.line_height(c.size(theme.SMALL))
    best_h = 0
    if night.best:
        best_h = max(c.px(0.065), c.line_height(c.size(theme.MEDIUM))) if c.floor else c.px(
            0.065)
    return label_h, best_h, pygame.Rect(box.x, box.y + label_h, box.w,
                                        box.h - label_h - best_h)


def _standing_rows(c: Canvas, night: NightView, box: pygame.Rect) -> int:
    """How many standings rows fit ``box`` (px) at the small size."""
    return max(0, _standings_boxes(c, night, box)[2].h // c.line_height(c.size(theme.SMALL)))


def _standings(c: Canvas, view: View, night: NightView, box: pygame.Rect,
               start: int = 0) -> None:
    """Rank, name, rounds won, +/- chips (or points), launch rate under one row of
    column heads ("won", "launch": the rows keep their width for whole names); the best
    cargo. The rows from ``start`` (a page of them from two metres)."""
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    label_h, best_h, rows_box = _standings_boxes(c, night, box)
    heads = ("launch", "", "won")  # right to left, as the columns
    fits = _standing_rows(c, night, box)
    # the lowest give way on a small screen (or go to the next page from two metres)
    players = night.players[start:start + min(8, fits)]
    if players and rows_box.h > 0:
        step = min(c.px(0.075), rows_box.h // len(players))
        if c.floor:  # a line at 5 mm each
            step = max(step, c.line_height(small))
        size = medium
        while size > small and c.line_height(size) > step:
            size -= 1
        gap = c.px(0.025)
        # columns right to left: launch rate, +/- (chips or points), rounds won
        columns: list[list[tuple[str, tuple[int, int, int], bool, str]]] = [[], [], []]
        for p in players:
            columns[0].append((f"{round(100 * p.launch_rate)} %", theme.TEXT_DIM, False,
                               "night-rate"))
            if p.chips is not None:
                money = ("+" if p.chips > 0 else "") + view.stakes.amount(p.chips)
                columns[1].append((money, theme.SKY if p.chips > 0 else theme.TEXT, True,
                                   "night-chips"))
            elif p.points is not None:
                columns[1].append((f"{p.points} pts", theme.TEXT, True, "night-points"))
            else:
                columns[1].append(("", theme.TEXT, True, "night-chips"))
            columns[2].append((str(p.rounds_won), theme.TEXT, False, "night-won"))

        def widths_at(size: int) -> list[int]:
            return [max([c.width_of(head, small)] + [c.width_of(w, size, b)
                                                     for w, _, b, _ in col])
                    for col, head in zip(columns, heads, strict=True)]

        # the columns keep their full width and the names at least "1. Annab": the
        # size steps down until they fit
        name_w = c.width_of("8. Annab", size)
        while size > small and sum(widths_at(size)) + 4 * gap + name_w > rows_box.w:
            size -= 1
            name_w = c.width_of("8. Annab", size)
        widths = widths_at(size)
        right = rows_box.right - gap // 2
        for head, width in zip(heads, widths, strict=True):
            if head:
                c.text(pygame.Rect(right - width, box.y, width, label_h), head, small,
                       theme.TEXT_DIM, role=f"night-head-{head}", align="right")
            right -= width + gap
        for index, p in enumerate(players):
            row = pygame.Rect(rows_box.x, rows_box.y + index * step, rows_box.w, step)
            if index + start == 0:
                c.fill(row, theme.PANEL_HIGH, radius=c.px(0.01))
            right = row.right - gap // 2
            for col, width in zip(columns, widths, strict=True):
                if not col:
                    continue
                words, color, bold, role = col[index]
                if not words:
                    continue
                width = min(width, max(0, right - row.x - name_w))
                c.text(pygame.Rect(right - width, row.y, width, row.h), words, size, color,
                       role=f"{role}:{index + start}", align="right", bold=bold,
                       min_size=small)
                right -= width + gap
            name_color = theme.YELLOW if index + start == 0 else theme.TEXT
            c.text(pygame.Rect(row.x + gap // 2, row.y, right - row.x - gap // 2, row.h),
                   f"{index + start + 1}. {p.name}", size, name_color,
                   role=f"night-name:{index + start}", min_size=small)
    if night.best:
        c.text(pygame.Rect(box.x, box.bottom - best_h, box.w, best_h),
               f"Best cargo: {night.best}", medium, theme.TEXT, role="night-best",
               min_size=small)


def _fairness(c: Canvas, night: NightView, box: pygame.Rect) -> None:
    """Six bars (faces 1..6) against the fair line, the p-value, the warning."""
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    label_h = max(c.px(0.05), c.line_height(medium))
    title = f"DICE: {night.dice}"
    if night.warning and night.p_value is not None:
        # the warning takes the p-value's place under the bars: it goes up here
        title += (" · p < 0.001" if night.p_value < 0.001 else f" · p = {night.p_value:.3f}")
    c.text(pygame.Rect(box.x, box.y, box.w, label_h), title, medium,
           theme.TEXT_DIM, role="fair-title", min_size=small)
    foot_h = max(c.px(0.065), c.line_height(medium)) if c.floor else c.px(0.065)
    warning_lines: list[str] = []
    if night.warning:
        warning_lines = c.wrap(night.warning, box.w - c.px(0.03), medium, 3)
        foot_h = c.line_height(medium) * len(warning_lines) + c.px(0.02)
    face_h = max(c.px(0.06), c.line_height(medium)) if c.floor else c.px(0.06)
    chart = pygame.Rect(box.x, box.y + label_h, box.w,
                        box.h - label_h - foot_h - face_h)
    if chart.h <= 0:
        return
    total = night.dice
    top = max(max(night.faces), 1)
    fair = total / 6
    scale_top = max(top, fair * 1.25, 1.0)
    gap = max(2, c.px(0.012))
    bar_w = (chart.w - gap * 5) // 6
    for face in range(1, 7):
        n = night.faces[face - 1]
        x = chart.x + (face - 1) * (bar_w + gap)
        h = round(chart.h * n / scale_top)
        bar = pygame.Rect(x, chart.bottom - h, bar_w, h)
        c.fill(bar, theme.SKY)
        c.record("bar", f"fair-bar:{face}", bar)
        c.text(pygame.Rect(x, chart.bottom, bar_w, face_h), str(face), medium, theme.TEXT,
               role=f"fair-face:{face}", align="center", min_size=small)
    if total:
        y = chart.bottom - round(chart.h * fair / scale_top)
        pygame.draw.line(c.surface, theme.YELLOW, (chart.x, y), (chart.right, y),
                         max(1, c.px(0.004)))
    foot = pygame.Rect(box.x, box.bottom - foot_h, box.w, foot_h)
    if warning_lines:
        c.fill(foot, theme.ORANGE, radius=c.px(0.01))
        c.lines(foot, warning_lines, medium, theme.INK, role="fair-warning", bold=True,
                align="center")
    elif night.p_value is not None:
        words = f"fair-die test: p = {night.p_value:.2f}"
        c.text(foot, words, medium, theme.TEXT, role="fair-p", align="center",
               min_size=small)
