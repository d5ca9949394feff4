"""The setup mode's screens: plain views and a renderer, in the referee's palette.

A :class:`~companion.view.setup.SetupView` is frozen data (no engine, no vision, no
pygame: it lives in :mod:`companion.view.setup`); :func:`render_setup` draws
it on a surface of any size from 480x320 up: the step strip at the top, the photo
(live preview or the last throw, with the tray outline and bank zone, or a grid of the
self-test's six annotated photos) on the left, and on the right what to do now, the
meters (a bar with a best-so-far mark), the results and what the button does.
Good / bad is said in words and by shape (a tick or a "!"), never by colour alone.
"""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.layout import Canvas, Layout
from companion.display.photo import fit_rect, photo_to_surface
from companion.view.setup import SetupLine, SetupMeter, SetupPhoto, SetupView

__all__ = ["SetupLine", "SetupMeter", "SetupPhoto", "SetupView", "render_setup"]

def render_setup(view: SetupView, size: tuple[int, int]) -> pygame.Surface:
    """Draw ``view`` on a new surface of ``size`` (w, h) px."""
    return render_setup_with_layout(view, size)[0]


def render_setup_with_layout(view: SetupView, size: tuple[int, int]
                             ) -> tuple[pygame.Surface, Layout]:
    """:func:`render_setup` and the layout of everything drawn (for the tests)."""
    canvas = Canvas(size)
    canvas.surface.fill(theme.BACKGROUND)
    w, h = canvas.w, canvas.h
    pad = canvas.px(0.02)
    large = canvas.size(theme.LARGE)
    medium = canvas.size(theme.MEDIUM)
    small = canvas.size(theme.SMALL, bold=False)
    top = 0
    if view.fault:
        band = pygame.Rect(0, 0, w, canvas.line_height(medium) + pad)
        canvas.fill(band, theme.VERMILLION)
        canvas.text(band.inflate(-2 * pad, 0), f"X  {view.fault}", medium, theme.TEXT,
                    role="fault", min_size=small)
        top = band.bottom
    # the step strip
    strip = pygame.Rect(pad, top + pad // 2, w - 2 * pad, canvas.line_height(medium))
    cell = strip.w // max(len(view.steps), 1)
    for i, name in enumerate(view.steps):
        box = pygame.Rect(strip.x + i * cell, strip.y, cell - pad // 2, strip.h)
        here = i == view.current
        canvas.fill(box, theme.PANEL_HIGH if here else theme.PANEL, radius=pad // 2)
        if here:
            canvas.frame(box, theme.YELLOW, max(2, pad // 4), radius=pad // 2)
        canvas.text(box.inflate(-pad, 0), f"{i + 1} {name}", small,
                    theme.YELLOW if here else theme.TEXT_DIM, role=f"step:{i}",
                    align="center", min_size=theme.MIN_CAP_PX)
    body = pygame.Rect(pad, strip.bottom + pad, w - 2 * pad, h - strip.bottom - 2 * pad)
    left_w = round(body.w * (0.56 if w >= 640 else 0.48)) if view.photos else 0
    photo_box = pygame.Rect(body.x, body.y, left_w, body.h)
    if view.photos:
        _draw_photos(canvas, view.photos, photo_box, small)
    side = pygame.Rect(body.x + left_w + (pad if left_w else 0), body.y,
                       body.w - left_w - (pad if left_w else 0), body.h)
    y = side.y
    canvas.text(pygame.Rect(side.x, y, side.w, canvas.line_height(large)), view.title, large,
                theme.TEXT, role="title", min_size=small)
    y += canvas.line_height(large) + pad // 2
    said = medium
    lines = canvas.wrap(view.instruction, side.w, said, 99)
    if len(lines) > 3:  # a narrow column: the words, all of them, smaller
        said = canvas.size(theme.SMALL)
        lines = canvas.wrap(view.instruction, side.w, said, 99)
    for i, line in enumerate(lines):
        canvas.text(pygame.Rect(side.x, y, side.w, canvas.line_height(said)), line, said,
                    theme.YELLOW, role=f"instruction:{i}")
        y += canvas.line_height(said)
    y += pad // 2
    controls_h = canvas.line_height(small) * 2
    bottom = side.bottom - controls_h
    for i, meter in enumerate(view.meters):
        need = canvas.line_height(small) * 2 + pad
        if y + need > bottom:
            break
        y = _draw_meter(canvas, meter, pygame.Rect(side.x, y, side.w, need), small, i)
    rows = list(view.lines) + ([view.verdict] if view.verdict is not None else [])
    for i, row in enumerate(rows):
        verdict = view.verdict is not None and i == len(rows) - 1
        row_size = medium if verdict else small
        step = canvas.line_height(row_size)
        mark = "" if row.ok is None else ("✓ " if row.ok else "! ")
        inset = pad // 3 if verdict else 0
        wrapped = canvas.wrap(mark + row.text, side.w - 2 * inset, row_size, 2, bold=verdict)
        if y + step * len(wrapped) > bottom:
            break
        color = theme.TEXT if row.ok is not False else theme.ORANGE
        if verdict and row.ok is False:
            canvas.fill(pygame.Rect(side.x, y, side.w, step * len(wrapped)), theme.ORANGE,
                        radius=pad // 3)
            color = theme.INK
        for j, text in enumerate(wrapped):
            canvas.text(pygame.Rect(side.x + inset, y, side.w - 2 * inset, step), text,
                        row_size, color, role=("verdict" if verdict else f"line:{i}") + f":{j}",
                        bold=verdict, min_size=theme.MIN_CAP_PX)
            y += step
    canvas.fill(pygame.Rect(side.x, bottom, side.w, 1), theme.RULE)
    for i, line in enumerate(canvas.wrap(view.controls, side.w, small, 2, bold=False)):
        canvas.text(pygame.Rect(side.x, bottom + i * canvas.line_height(small), side.w,
                                canvas.line_height(small)), line, small, theme.TEXT_DIM,
                    role=f"controls:{i}", bold=False)
    return canvas.surface, canvas.layout


def _draw_meter(canvas: Canvas, meter: SetupMeter, box: pygame.Rect, size: int,
                index: int) -> int:
    step = canvas.line_height(size)
    label_w = box.w // 3
    canvas.text(pygame.Rect(box.x, box.y, label_w, step), meter.label, size, theme.TEXT_DIM,
                role=f"meter-label:{index}", bold=True)
    bar = pygame.Rect(box.x + label_w, box.y + step // 4, box.w - label_w, step // 2)
    canvas.fill(bar, theme.PANEL)
    fill = bar.copy()
    fill.w = round(bar.w * min(max(meter.fraction, 0.0), 1.0))
    colour = theme.SKY if meter.ok is not False else theme.ORANGE
    canvas.fill(fill, colour)
    canvas.record("bar", f"meter:{index}", bar)
    if meter.best is not None:
        x = bar.x + round(bar.w * min(max(meter.best, 0.0), 1.0))
        pygame.draw.line(canvas.surface, theme.YELLOW, (x, bar.y - step // 5),
                         (x, bar.bottom + step // 5), max(2, step // 8))
    mark = "" if meter.ok is None else ("✓ " if meter.ok else "! ")
    canvas.text(pygame.Rect(box.x, box.y + step, box.w, step), mark + meter.text, size,
                theme.TEXT if meter.ok is not False else theme.ORANGE,
                role=f"meter-text:{index}", bold=False, min_size=theme.MIN_CAP_PX)
    return box.y + 2 * step + canvas.px(0.01)


def _draw_photos(canvas: Canvas, photos: tuple[SetupPhoto, ...], box: pygame.Rect,
                 size: int) -> None:
    cols = 1 if len(photos) == 1 else (2 if len(photos) <= 4 else 3)
    rows = -(-len(photos) // cols)
    gap = canvas.px(0.01)
    cw, ch = (box.w - gap * (cols - 1)) // cols, (box.h - gap * (rows - 1)) // rows
    caption_h = canvas.line_height(size)
    for i, photo in enumerate(photos):
        cell = pygame.Rect(box.x + (i % cols) * (cw + gap), box.y + (i // cols) * (ch + gap),
                           cw, ch)
        ph, pw = photo.image.shape[:2]
        area = cell.copy()
        if photo.caption:
            area.h -= caption_h
        rect = fit_rect((pw, ph), area)
        rect.y = area.y
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
        if photo.caption:
            canvas.text(pygame.Rect(rect.x, rect.bottom, cell.w, caption_h), photo.caption,
                        size, theme.TEXT, role=f"caption:{i}", min_size=theme.MIN_CAP_PX)
