"""The photo of a throw, scaled to fit a box, with every die marked on it.

Each mark is an outline of the die's top face (or a circle when vision gave no
corners) and a value tag beside it. Styles differ in shape and brightness, not only
hue: banked = thick ivory outline and a square tag; cargo = sky-blue outline and a
round tag; thrown = thin light outline and a small round tag; unreadable = dashed
orange outline and a triangle with "?".
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pygame

from companion.display import theme
from companion.display.fonts import Face, font
from companion.display.layout import Canvas
from companion.view import Mark, MarkStyle, PhotoView

__all__ = ["draw_photo", "fit_rect", "photo_to_surface"]


def fit_rect(size: tuple[int, int], box: pygame.Rect) -> pygame.Rect:
    """The largest rectangle of aspect ``size`` (w, h) centred in ``box``."""
    w, h = size
    scale = min(box.w / w, box.h / h)
    fitted = pygame.Rect(0, 0, max(1, int(w * scale)), max(1, int(h * scale)))
    fitted.center = box.center
    return fitted


def photo_to_surface(image: np.ndarray, target: tuple[int, int]) -> pygame.Surface:
    """An H x W x 3 uint8 BGR array as a pygame surface of ``target`` (w, h) px."""
    h, w = image.shape[:2]
    tw, th = max(1, target[0]), max(1, target[1])
    step = max(1, min(w // (2 * tw), h // (2 * th)))  # cheap decimation of huge frames
    rgb = np.ascontiguousarray(image[::step, ::step, ::-1])
    surface = pygame.image.frombuffer(rgb.tobytes(), (rgb.shape[1], rgb.shape[0]), "RGB")
    return pygame.transform.smoothscale(surface, (tw, th))


def _dashed_polygon(surface: pygame.Surface, color: tuple[int, int, int],
                    points: list[tuple[float, float]], width: int, dash: float) -> None:
    for a, b in zip(points, points[1:] + points[:1], strict=True):
        length = math.dist(a, b)
        if length < 1:
            continue
        n = max(1, int(length // (2 * dash)))
        for k in range(n):
            t0 = (2 * k) * dash / length
            t1 = min(1.0, (2 * k + 1) * dash / length)
            p0 = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
            p1 = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
            pygame.draw.line(surface, color, p0, p1, width)


_OUTLINE = {
    MarkStyle.BANKED: (theme.IVORY, 0.011),
    MarkStyle.CARGO: (theme.SKY, 0.009),
    MarkStyle.THROWN: (theme.PIP_LIGHT, 0.005),
    MarkStyle.UNREADABLE: (theme.ORANGE, 0.009),
}


@dataclass
class _Placed:
    """A mark's geometry on screen: outline points, centre, die size, bounds (px)."""

    mark: Mark
    points: list[tuple[float, float]]
    center: tuple[float, float]
    die_px: float
    bounds: pygame.Rect
    width: int


def _geometry(mark: Mark, area: pygame.Rect, scale: float) -> _Placed:
    width = max(2, round(area.h * _OUTLINE[mark.style][1]))
    cx, cy = area.x + mark.center[0] * scale, area.y + mark.center[1] * scale
    if mark.corners:
        points = [(area.x + x * scale, area.y + y * scale) for x, y in mark.corners]
        diagonal = max(math.dist(points[0], points[2]), math.dist(points[1], points[3]))
        die_px = diagonal / math.sqrt(2)
    else:
        die_px = area.h * 0.12
        r = die_px * 0.75
        points = [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
                  for a in range(0, 360, 20)]
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    bounds = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
    return _Placed(mark, points, (cx, cy), die_px, bounds.inflate(width, width), width)


def _draw_outline(canvas: Canvas, g: _Placed, area: pygame.Rect, index: int, role: str) -> None:
    surface = canvas.surface
    color = _OUTLINE[g.mark.style][0]
    clip = surface.get_clip()
    surface.set_clip(area)  # a die at the photo's edge: keep the outline inside
    if g.mark.style is MarkStyle.UNREADABLE:
        _dashed_polygon(surface, color, g.points, g.width, max(4.0, g.die_px / 6))
    else:
        if g.mark.style is MarkStyle.BANKED:
            pygame.draw.polygon(surface, theme.INK, g.points, g.width + 4)
        pygame.draw.polygon(surface, color, g.points, g.width)
    surface.set_clip(clip)
    shown = g.bounds.clip(area)
    if shown.w and shown.h:  # a mark wholly outside the photo draws nothing
        canvas.record("mark", f"{role}:outline:{index}", shown)


#: The smallest value tag worth drawing, px: below it the digit cannot be read.
MIN_TAG_PX = 8


def _tag_place(g: _Placed, tag: int, area: pygame.Rect, tags: list[pygame.Rect],
               dice: list[pygame.Rect]) -> pygame.Rect | None:
    """Where the value tag goes: beside a corner of the die (top-right first), inside the
    photo, on no other tag and no other die if a corner allows it; None when every
    place (at every size down to ``MIN_TAG_PX``) would cover another tag, as on a small
    photo crowded with dice: that die keeps its outline only."""
    cx, cy = g.center
    best: pygame.Rect | None = None
    best_cost = math.inf
    # Corners first, then the sides, then farther out; smaller tags as a last resort.
    # A tag never exceeds the photo, so clamping keeps it wholly inside.
    fits = min(area.w, area.h)
    for size in sorted({min(t, fits) for t in (tag, tag * 3 // 4, max(10, tag // 2))
                        if min(t, fits) >= MIN_TAG_PX}, reverse=True):
        off = g.die_px * 0.55 + size * 0.35
        for reach in (1.0, 1.6):
            for dx, dy in ((1, -1), (-1, -1), (1, 1), (-1, 1), (0, -1.3), (0, 1.3),
                           (1.3, 0), (-1.3, 0)):
                rect = pygame.Rect(0, 0, size, size)
                rect.center = (round(cx + dx * off * reach), round(cy + dy * off * reach))
                rect.clamp_ip(area)
                clash = sum(rect.clip(o).w * rect.clip(o).h for o in tags)
                cost = 1000 * clash + sum(rect.clip(o).w * rect.clip(o).h for o in dice)
                if cost == 0:
                    return rect
                if cost < best_cost:
                    best, best_cost = rect, cost
        if best is not None and best_cost < 1000:
            return best  # no tag covered, only a neighbouring die: good enough
    return None


def _draw_tag(canvas: Canvas, g: _Placed, tag_rect: pygame.Rect, index: int, role: str) -> None:
    surface = canvas.surface
    mark = g.mark
    tag = tag_rect.w
    label = "?" if mark.value is None else str(mark.value)
    if mark.style is MarkStyle.UNREADABLE:
        t = tag_rect
        triangle = [(t.centerx, t.y), (t.right, t.bottom), (t.x, t.bottom)]
        pygame.draw.polygon(surface, theme.INK, triangle, 3)
        pygame.draw.polygon(surface, theme.ORANGE, triangle)
        digit_color = theme.INK
        text_center = (t.centerx, t.centery + tag // 7)
        text_size = round(tag * 0.62)
    else:
        if mark.style is MarkStyle.BANKED:
            pygame.draw.rect(surface, theme.INK, tag_rect.inflate(4, 4), border_radius=tag // 8)
            pygame.draw.rect(surface, theme.IVORY, tag_rect, border_radius=tag // 8)
            digit_color = theme.INK
        elif mark.style is MarkStyle.CARGO:
            pygame.draw.circle(surface, theme.INK, tag_rect.center, tag // 2 + 2)
            pygame.draw.circle(surface, theme.SKY, tag_rect.center, tag // 2)
            digit_color = theme.INK
        else:
            pygame.draw.circle(surface, theme.PIP_LIGHT, tag_rect.center, tag // 2 + 1)
            pygame.draw.circle(surface, theme.INK, tag_rect.center, tag // 2 - 1)
            digit_color = theme.TEXT
        text_center = tag_rect.center
        text_size = round(tag * 0.78)
    glyph = font(Face("atkinson", True), max(1, text_size)).render(label, True, digit_color)
    ink = glyph.get_bounding_rect()
    surface.blit(glyph, (text_center[0] - ink.centerx, text_center[1] - ink.centery))
    canvas.record("mark", f"{role}:tag:{index}", tag_rect, label)


def _draw_caption(canvas: Canvas, text: str, area: pygame.Rect, role: str
                  ) -> pygame.Rect | None:
    """The photo's caption ("Ann's throw 2") on a dark band across the top left of
    ``area``, in the small text size; the band's rectangle (px), or None when there is
    no caption or the photo is too small to carry one (under 5 band heights)."""
    if not text:
        return None
    size = canvas.size(theme.SMALL)
    band_h = canvas.line_height(size)
    pad = max(2, band_h // 4)
    if area.h < 5 * band_h or area.w < 4 * band_h:
        return None
    shown, _ = canvas.ellipsize(text, area.w - 2 * pad, size, True)
    if not shown:
        return None
    band = pygame.Rect(area.x, area.y, min(area.w, canvas.width_of(shown, size) + 2 * pad),
                       band_h)
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((*theme.INK, 215))
    canvas.surface.blit(shade, band)
    canvas.text(band.inflate(-2 * pad, 0), shown, size, theme.TEXT, role=f"{role}:caption",
                kind="mark")
    return band


def draw_photo(canvas: Canvas, photo: PhotoView, box: pygame.Rect, *,
               role: str = "photo", align: Literal["center", "right"] = "center"
               ) -> pygame.Rect:
    """Draw ``photo`` fitted into ``box`` (px) with its marks; record it; return its
    rectangle (px). The photo is centred in ``box``, or centred vertically against its
    right edge (``align="right"``)."""
    area = fit_rect(photo.size, box)
    if align == "right":
        area.right = box.right
    surface = photo_to_surface(photo.image, area.size)
    canvas.surface.blit(surface, area)
    scale = area.w / photo.size[0]
    canvas.record("photo", role, area)
    shapes = [_geometry(mark, area, scale) for mark in photo.marks]
    for index, g in enumerate(shapes):
        _draw_outline(canvas, g, area, index, role)
    placed: list[pygame.Rect] = []
    caption = _draw_caption(canvas, photo.caption, area, role)
    if caption is not None:
        placed.append(caption)  # value tags keep clear of it
    screen_h = canvas.unit
    # The "?" of an unreadable die is placed first: on a crowded photo it is the tag
    # that must not be the one left out.
    order = sorted(range(len(shapes)),
                   key=lambda k: shapes[k].mark.style is not MarkStyle.UNREADABLE)
    for index in order:
        g = shapes[index]
        tag = round(min(max(g.die_px * 0.62, screen_h * 0.042, 14), area.h * 0.16,
                        screen_h * 0.08))
        if g.mark.style is MarkStyle.THROWN:
            tag = round(tag * 0.85)
        if tag < MIN_TAG_PX:
            continue  # a photo too small for a legible tag shows the outlines only
        others = [o.bounds for k, o in enumerate(shapes) if k != index]
        rect = _tag_place(g, tag, area, placed, others)
        if rect is None:
            continue
        _draw_tag(canvas, g, rect, index, role)
        placed.append(rect)
    pygame.draw.rect(canvas.surface, theme.RULE, area.inflate(2, 2), width=1)
    return area
