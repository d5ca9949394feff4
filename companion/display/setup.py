"""The setup mode's screens: plain views and a renderer, in the referee's palette.

A :class:`~companion.view.setup.SetupView` is frozen data (no engine, no vision, no
pygame: it lives in :mod:`companion.view.setup`); :func:`render_setup` draws
it on a surface of any size from 480x320 up, every text at least 5 mm tall on the
7-inch panel (``theme.MIN_TEXT`` of the height, as the game's screens), so staff read
it at arm's length and from the tray: the steps as numbered boxes and the step's
title at the top; the photo (live preview or the last throw, with the tray outline
and bank zone, or a grid of the self-test's annotated photos with one caption each)
on the left; on the right the one thing to do now, the meters (a word or figure and
a bar with a best-so-far mark), the results and the verdict; the button test's
events as a table across the screen; what the button does along the bottom.
Good / bad is said in words and by shape (a tick or a "!"), never by colour alone.
What does not fit is left out whole, never shrunk below 5 mm.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Canvas, Layout
from companion.display.photo import fit_rect, photo_to_surface
from companion.view.setup import SetupLine, SetupMeter, SetupPhoto, SetupView

__all__ = ["SetupLine", "SetupMeter", "SetupPhoto", "SetupView", "render_setup"]

#: The title's cap height, a fraction of the height (6.1 mm on the 7-inch panel).
TITLE = 1 / 14
#: The photo column's share of the width: one photo, the self-test's grid.
PHOTO_W, GRID_W = 0.45, 0.62


def render_setup(view: SetupView, size: tuple[int, int]) -> pygame.Surface:
    """Draw ``view`` on a new surface of ``size`` (w, h) px."""
    return render_setup_with_layout(view, size)[0]


def _mark(ok: bool | None) -> str:
    return "" if ok is None else ("✓ " if ok else "! ")


def render_setup_with_layout(view: SetupView, size: tuple[int, int]
                             ) -> tuple[pygame.Surface, Layout]:
    """:func:`render_setup` and the layout of everything drawn (for the tests)."""
    canvas = Canvas(size)
    canvas.floor = theme.MIN_TEXT
    canvas.surface.fill(theme.BACKGROUND)
    w, h = canvas.w, canvas.h
    pad = canvas.px(0.02)
    bold = canvas.size(theme.MIN_TEXT)
    plain = canvas.size(theme.MIN_TEXT, bold=False)
    step = canvas.line_height(bold)
    top = 0
    if view.fault:
        said = canvas.wrap(f"X  {view.fault}", w - 2 * pad, bold, 2)
        band = pygame.Rect(0, 0, w, step * len(said) + pad)
        canvas.fill(band, theme.VERMILLION)
        for i, line in enumerate(said):
            canvas.text(pygame.Rect(pad, pad // 2 + i * step, w - 2 * pad, step), line, bold,
                        theme.TEXT, role=f"fault:{i}")
        top = band.bottom
    top = _header(canvas, view, top + pad // 2, pad, bold)
    # what the button does, along the bottom
    said = canvas.wrap(view.controls, w - 2 * pad, plain, 2, bold=False)
    bottom = h - pad // 2 - len(said) * canvas.line_height(plain)
    canvas.fill(pygame.Rect(pad, bottom - pad // 2, w - 2 * pad, max(1, pad // 6)), theme.RULE)
    for i, line in enumerate(said):
        canvas.text(pygame.Rect(pad, bottom + i * canvas.line_height(plain), w - 2 * pad,
                                canvas.line_height(plain)), line, plain, theme.TEXT_DIM,
                    role=f"controls:{i}", bold=False)
    body = pygame.Rect(pad, top + pad // 2, w - 2 * pad, bottom - pad - top - pad // 2)
    left_w = round(w * (GRID_W if len(view.photos) > 1 else PHOTO_W)) if view.photos else 0
    if view.photos:
        _draw_photos(canvas, view.photos, pygame.Rect(body.x, body.y, left_w, body.h), plain)
    gap = pad if left_w else 0
    side = pygame.Rect(body.x + left_w + gap, body.y, body.w - left_w - gap, body.h)
    y = side.y
    for i, line in enumerate(canvas.wrap(view.instruction, side.w, bold, 3)):
        canvas.text(pygame.Rect(side.x, y, side.w, step), line, bold, theme.YELLOW,
                    role=f"instruction:{i}")
        y += step
    y += pad // 2
    for i, meter in enumerate(view.meters):
        if y + step + pad > side.bottom:
            break
        y = _draw_meter(canvas, meter, pygame.Rect(side.x, y, side.w, step + pad), bold, i)
    for i, row in enumerate(view.lines):
        y = _draw_line(canvas, row, pygame.Rect(side.x, y, side.w, side.bottom - y), plain,
                       f"line:{i}")
    if view.table:
        y = _draw_table(canvas, view.table, pygame.Rect(side.x, y, side.w, side.bottom - y),
                        bold, plain)
    if view.verdict is not None:
        _draw_line(canvas, view.verdict, pygame.Rect(side.x, y, side.w, side.bottom - y),
                   bold, "verdict", verdict=True)
    return canvas.surface, canvas.layout


def _draw_line(canvas: Canvas, row: SetupLine, box: pygame.Rect, size: int, role: str,
               verdict: bool = False) -> int:
    """A result line (up to three lines wrapped), or the verdict (bold; on an orange
    band when it is not good), if it fits ``box`` whole; returns the bottom."""
    step = canvas.line_height(size)
    inset = canvas.px(0.007) if verdict else 0
    wrapped = canvas.wrap(_mark(row.ok) + row.text, box.w - 2 * inset, size, 3, bold=verdict)
    if step * len(wrapped) > box.h + canvas.px(0.01):
        return box.y
    color = theme.TEXT if row.ok is not False else theme.ORANGE
    if verdict and row.ok is False:
        canvas.fill(pygame.Rect(box.x, box.y, box.w, step * len(wrapped)), theme.ORANGE,
                    radius=inset)
        color = theme.INK
    for j, text in enumerate(wrapped):
        canvas.text(pygame.Rect(box.x + inset, box.y + j * step, box.w - 2 * inset, step),
                    text, size, color, role=f"{role}:{j}", bold=verdict)
    return box.y + step * len(wrapped)


def _header(canvas: Canvas, view: SetupView, y: int, pad: int, size: int) -> int:
    """The steps as numbered boxes (the current one framed in yellow) and the step's
    title beside them; returns the header's bottom (px)."""
    title = canvas.size(TITLE)
    row = canvas.line_height(title)
    side = canvas.line_height(size)
    x = pad
    for i in range(len(view.steps)):
        box = pygame.Rect(x, y + (row - side) // 2, side, side)
        here = i == view.current
        canvas.fill(box, theme.PANEL_HIGH if here else theme.PANEL, radius=pad // 2)
        if here:
            canvas.frame(box, theme.YELLOW, max(2, pad // 4), radius=pad // 2)
        canvas.text(box, str(i + 1), size, theme.YELLOW if here else theme.TEXT_DIM,
                    role=f"step:{i}", align="center")
        x = box.right + pad // 2
    canvas.text(pygame.Rect(x + pad, y, canvas.w - x - 2 * pad, row), view.title, title,
                theme.TEXT, role="title", min_size=size)
    return y + row


def _draw_meter(canvas: Canvas, meter: SetupMeter, box: pygame.Rect, size: int,
                index: int) -> int:
    """The label and the value on one line, the bar under them; returns the bottom."""
    step = canvas.line_height(size)
    canvas.text(pygame.Rect(box.x, box.y, box.w, step), meter.label, size, theme.TEXT_DIM,
                role=f"meter-label:{index}")
    label_w = canvas.width_of(meter.label, size) + canvas.px(0.02)
    canvas.text(pygame.Rect(box.x + label_w, box.y, box.w - label_w, step),
                _mark(meter.ok) + meter.text, size,
                theme.TEXT if meter.ok is not False else theme.ORANGE,
                role=f"meter-text:{index}", align="right")
    bar = pygame.Rect(box.x, box.y + step, box.w, max(4, canvas.px(0.018)))
    canvas.fill(bar, theme.PANEL)
    fill = bar.copy()
    fill.w = round(bar.w * min(max(meter.fraction, 0.0), 1.0))
    canvas.fill(fill, theme.SKY if meter.ok is not False else theme.ORANGE)
    canvas.record("bar", f"meter:{index}", bar)
    if meter.best is not None:
        x = bar.x + round(bar.w * min(max(meter.best, 0.0), 1.0))
        pygame.draw.line(canvas.surface, theme.YELLOW, (x, bar.y - bar.h // 2),
                         (x, bar.bottom + bar.h // 2), max(2, bar.h // 2))
    return box.bottom + bar.h


def _draw_table(canvas: Canvas, table: tuple[tuple[str, ...], ...], box: pygame.Rect,
                bold: int, plain: int) -> int:
    """The heads (dim, bold) and the last rows that fit, each column as wide as its
    widest cell (figures from the third column on set right), the second column left
    out when they do not fit across; returns the bottom (px)."""
    step = canvas.line_height(bold)
    heads = table[0]
    fit = max(0, box.h // step - 1)
    first = max(1, len(table) - fit)  # the last rows that fit: the newest events
    rows = [(0, heads), *((i, table[i]) for i in range(first, len(table)))]
    gap = canvas.px(0.04)
    columns = list(range(len(heads)))
    widths = {c: max(canvas.width_of(cells[c], plain if i else bold, i == 0) for i, cells in rows)
              for c in columns}
    while len(columns) > 2 and sum(widths[c] + gap for c in columns) - gap > box.w:
        columns.pop(1)  # too wide: the second column goes (the pins, said above it)
    y = box.y
    for i, cells in rows:
        x = box.x
        for c in columns:
            canvas.text(pygame.Rect(x, y, widths[c] + 1, step), cells[c],
                        bold if i == 0 else plain, theme.TEXT_DIM if i == 0 else theme.TEXT,
                        role=f"table:{i}:{c}", bold=i == 0,
                        align="right" if c > 1 and i else "left")
            x += widths[c] + gap
        y += step
    return y


def _draw_photos(canvas: Canvas, photos: tuple[SetupPhoto, ...], box: pygame.Rect,
                 size: int) -> None:
    cols = 1 if len(photos) == 1 else 3
    rows = 1 if len(photos) == 1 else 2
    gap = canvas.px(0.02)
    step = canvas.line_height(size)
    lines = 2 if len(photos) == 1 else 1  # one photo's caption may take two lines
    cw, ch = (box.w - gap * (cols - 1)) // cols, (box.h - gap * (rows - 1)) // rows
    for i, photo in enumerate(photos[:cols * rows]):
        cell = pygame.Rect(box.x + (i % cols) * (cw + gap), box.y + (i // cols) * (ch + gap),
                           cw, ch)
        said = canvas.wrap(_mark(photo.ok) + photo.caption, cw, size, lines, bold=False) \
            if photo.caption else []
        area = pygame.Rect(cell.x, cell.y, cell.w, cell.h - step * (lines if said else 0))
        ph, pw = photo.image.shape[:2]
        rect = fit_rect((pw, ph), area)
        rect.topleft = area.topleft
        canvas.surface.blit(photo_to_surface(photo.image, rect.size), rect.topleft)
        canvas.record("photo", f"photo:{i}", rect)
        scale = rect.w / pw
        for kind, colour in (("tray", theme.YELLOW), ("bank_zone", theme.SKY)):
            outline = getattr(photo, kind)
            if outline is None:
                continue
            x0, y0, x1, y1 = outline
            r = pygame.Rect(rect.x + round(x0 * scale), rect.y + round(y0 * scale),
                            max(1, round((x1 - x0) * scale)), max(1, round((y1 - y0) * scale)))
            pygame.draw.rect(canvas.surface, colour, r.clip(rect), max(2, canvas.px(0.004)))
        for j, line in enumerate(said):
            canvas.text(pygame.Rect(cell.x, rect.bottom + j * step, cell.w, step), line, size,
                        theme.TEXT if photo.ok is not False else theme.ORANGE,
                        role=f"caption:{i}:{j}", bold=False)
