"""How legible a rendered screen is from two metres on the official 7-inch panel.

The Raspberry Pi 7-inch touch display shows 800 x 480 px on an active area of about
154.2 x 85.9 mm: 0.193 mm per px across and 0.179 mm per px down. Text height is
measured down, so one px of cap height is :data:`MM_PER_PX` = 0.179 mm there; on the
other screens the layout scales with the height, so a text's height on the panel is
its share of the screen height times 85.9 mm (:func:`panel_mm`).

Contrast is WCAG 2's ratio of relative luminances, ``(L1 + 0.05) / (L2 + 0.05)``,
between a text's colour and the background behind it (the commonest colour in and
around its ink that is not the text's own); AA asks 4.5:1 for text.

>>> round(contrast((255, 255, 255), (0, 0, 0)), 1)
21.0
>>> round(contrast((118, 118, 118), (255, 255, 255)), 2)   # WCAG's grey at the limit
4.54
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import pygame

from companion.display.layout import Layout
from companion.display.render import render_with_layout
from companion.view import View

__all__ = [
    "MIN_CONTRAST",
    "MM_PER_PX",
    "PANEL_MM",
    "PANEL_PX",
    "TextMeasure",
    "contrast",
    "luminance",
    "measure",
    "measure_drawn",
    "panel_mm",
]

#: The 7-inch panel: active area (width, height) mm and pixels.
PANEL_MM = (154.2, 85.9)
PANEL_PX = (800, 480)
#: mm per px down the panel (text height is measured down).
MM_PER_PX = PANEL_MM[1] / PANEL_PX[1]
#: WCAG 2 AA for text.
MIN_CONTRAST = 4.5

RGB = tuple[int, int, int]


def luminance(color: RGB) -> float:
    """WCAG 2 relative luminance of an sRGB colour (0..1)."""
    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """WCAG 2 contrast ratio of two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def panel_mm(cap_px: float, screen_h: int) -> float:
    """A cap height of ``cap_px`` on a screen ``screen_h`` px high, in mm on the 7-inch
    panel (the layout scales with the height)."""
    return cap_px / screen_h * PANEL_MM[1]


@dataclass(frozen=True)
class TextMeasure:
    """One text as drawn: role, text, cap height (px and mm on the panel), the
    background found behind it and the contrast with it."""

    role: str
    text: str
    cap_px: int
    cap_mm: float
    color: RGB
    background: RGB
    contrast: float


def _background(surface: pygame.Surface, rect: pygame.Rect, color: RGB) -> RGB:
    area = rect.inflate(4, 4).clip(surface.get_rect())
    counts: Counter[RGB] = Counter()
    for x in range(area.x, area.right):
        for y in range(area.y, area.bottom):
            c = surface.get_at((x, y))
            rgb = (c.r, c.g, c.b)
            if max(abs(rgb[i] - color[i]) for i in range(3)) > 24:
                counts[rgb] += 1
    return counts.most_common(1)[0][0] if counts else color


def measure(view: View, size: tuple[int, int]) -> tuple[list[TextMeasure], Layout]:
    """Every text of ``view`` drawn at ``size``, measured (marks on photos excluded)."""
    surface, layout = render_with_layout(view, size)
    return measure_drawn(surface, layout), layout


def measure_drawn(surface: pygame.Surface, layout: Layout) -> list[TextMeasure]:
    """Every text ``layout`` records as drawn on ``surface`` (any renderer's: the
    setup mode's too), measured; heights in mm for the surface's height."""
    out = []
    for item in layout.texts():
        if item.color is None or not item.text.strip():
            continue
        back = _background(surface, item.r, item.color)
        out.append(TextMeasure(item.role, item.text, item.cap_height,
                               panel_mm(item.cap_height, surface.get_height()), item.color,
                               back, contrast(item.color, back)))
    return out
