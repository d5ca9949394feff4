"""The tie-break and the roll-off: who throws, what each has thrown, the photo."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Canvas
from companion.display.photo import draw_photo, fit_rect
from companion.display.screens.common import MIN_DIE_PX
from companion.display.sprites import die, icon
from companion.view import Screen, TieBreakView, View


def tie_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    tie: TieBreakView | None = view.tie_break
    assert tie is not None
    key = c.key_size()
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    roll_off = view.screen is Screen.ROLL_OFF
    title = "Who starts?" if roll_off else "Tie-break"
    if tie.tied_score is not None:  # a roll-off thrown again after a tie says so
        title += f" · tie on {tie.tied_score}" if roll_off else f" at {tie.tied_score}"
    if tie.attempt > 1:
        title += f" · throw {tie.attempt}"
    gap = c.px(0.025)
    photo_w = 0
    # From two metres (5 mm rows) the photo gives way to a third player's row.
    if view.photo is not None and body.w > c.px(1.2) and not (c.floor and len(tie.entries) > 2):
        photo_w = min(body.w * 2 // 5, c.px(0.62))
        # No wider than the photo at full height (a portrait crop): the rows keep room.
        photo_w = min(photo_w, fit_rect(view.photo.size, pygame.Rect(0, 0, photo_w, body.h)).w)
    main = pygame.Rect(body.x, body.y, body.w - (photo_w + gap if photo_w else 0), body.h)
    head_h = c.px(0.1)
    c.text(pygame.Rect(main.x, main.y, main.w, head_h), title, large, theme.TEXT,
           role="tie-title", min_size=medium)
    y = main.y + head_h
    rows_need = -(-len(tie.entries) // (2 if len(tie.entries) >= 3 else 1)) * round(
        c.key_cap() * 0.8)
    if tie.how and not (c.floor and main.bottom - y - 2 * c.line_height(small) < rows_need):
        size = c.fit_size(tie.how, main.w, medium, small, bold=False)
        lines = c.wrap(tie.how, main.w, size, 3 if c.floor else 2, bold=False)
        h = c.line_height(size) * len(lines)
        c.lines(pygame.Rect(main.x, y, main.w, h), lines, size, theme.TEXT_DIM, role="tie-how")
        y += h + gap // 2
    entries = tie.entries
    area = pygame.Rect(main.x, y, main.w, main.bottom - y)
    n = len(entries)
    # From two metres (5 mm rows) two columns from three players on, where wide enough.
    cols = 2 if n > 4 or (c.floor and n >= 3 and main.w >= c.px(1.2)) else 1
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
