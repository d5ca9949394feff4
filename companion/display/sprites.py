"""Dice and icons, drawn with pips and polygons (no glyphs), anti-aliased by drawing at
three times the size and scaling down. Sprites are cached by their parameters: they
are pure functions of them, like glyphs of a font.
"""

from __future__ import annotations

import functools
import math
from typing import Literal

import pygame

from companion.display import theme
from companion.display.fonts import Face, font

__all__ = ["DieStyle", "IconKind", "die", "icon"]

DieStyle = Literal["banked", "cargo", "thrown", "empty", "unreadable"]
IconKind = Literal["info", "problem", "fault", "pointer", "hold"]

_SS = 3  # supersampling factor

# Pip centres in a unit square, per face value.
_LO, _MID, _HI = 0.27, 0.5, 0.73
_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((_MID, _MID),),
    2: ((_HI, _LO), (_LO, _HI)),
    3: ((_HI, _LO), (_MID, _MID), (_LO, _HI)),
    4: ((_LO, _LO), (_HI, _LO), (_LO, _HI), (_HI, _HI)),
    5: ((_LO, _LO), (_HI, _LO), (_MID, _MID), (_LO, _HI), (_HI, _HI)),
    6: ((_LO, _LO), (_HI, _LO), (_LO, _MID), (_HI, _MID), (_LO, _HI), (_HI, _HI)),
}

_STYLE: dict[str, tuple[tuple[int, int, int] | None, tuple[int, int, int]]] = {
    # style: (body fill or None for an outline, pip colour)
    "banked": (theme.IVORY, theme.INK),
    "cargo": (theme.SKY, theme.INK),
    "thrown": (theme.GREY_DIE, theme.PIP_LIGHT),
    "empty": (None, theme.PIP_FAINT),
    "unreadable": (None, theme.ORANGE),
}


def _dashed_outline(
    surface: pygame.Surface, rect: pygame.Rect, color: tuple[int, int, int], width: int,
    radius: int,
) -> None:
    pygame.draw.rect(surface, color, rect, width=width, border_radius=radius)
    # Cut gaps into the straight parts of the outline: dashes.
    side = rect.w - 2 * radius
    if side <= 0:
        return
    gap = max(2, side // 7)
    clear = (0, 0, 0, 0)
    for k in (1, 3, 5):
        offset = radius + (side * k) // 6 - gap // 2
        pygame.draw.rect(surface, clear, (rect.x + offset, rect.y - 1, gap, width + 2))
        pygame.draw.rect(surface, clear, (rect.x + offset, rect.bottom - width - 1, gap, width + 2))
        pygame.draw.rect(surface, clear, (rect.x - 1, rect.y + offset, width + 2, gap))
        pygame.draw.rect(surface, clear, (rect.right - width - 1, rect.y + offset, width + 2, gap))


@functools.lru_cache(maxsize=512)
def die(size: int, value: int | None, style: DieStyle) -> pygame.Surface:
    """A die ``size`` x ``size`` px showing ``value`` (pips) in ``style``.

    ``value`` None draws no pips ("?" for the unreadable style).
    """
    size = max(4, int(size))
    big = size * _SS
    surface = pygame.Surface((big, big), pygame.SRCALPHA)
    body, pip = _STYLE[style]
    radius = round(big * 0.18)
    rect = pygame.Rect(0, 0, big, big)
    if body is not None:
        pygame.draw.rect(surface, body, rect, border_radius=radius)
    else:
        width = max(_SS, round(big * 0.05))
        color = theme.ORANGE if style == "unreadable" else theme.TEXT_FAINT
        _dashed_outline(surface, rect, color, width, radius)
    if value is not None:
        r = round(big * 0.092)
        for px, py in _PIPS[value]:
            pygame.draw.circle(surface, pip, (round(px * big), round(py * big)), r)
    elif style == "unreadable":
        mark = font(Face("atkinson", True), round(big * 0.7)).render("?", True, theme.ORANGE)
        surface.blit(mark, mark.get_rect(center=rect.center))
    return pygame.transform.smoothscale(surface, (size, size))


@functools.lru_cache(maxsize=128)
def icon(kind: IconKind, size: int, color: tuple[int, int, int],
         mark: tuple[int, int, int]) -> pygame.Surface:
    """An icon ``size`` x ``size`` px: a shape in ``color`` with a sign in ``mark``.

    info: a circle with "i"; problem: a triangle with "!"; fault: an octagon with an
    "X"; pointer: a triangle pointing right (``mark`` unused); hold: a ring (a
    button held down).
    """
    size = max(4, int(size))
    big = size * _SS
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    stroke = max(_SS, round(big * 0.11))
    if kind == "info":
        pygame.draw.circle(s, color, (c, c), big / 2)
        pygame.draw.circle(s, mark, (c, big * 0.27), big * 0.075)
        pygame.draw.rect(s, mark, (c - stroke / 2, big * 0.41, stroke, big * 0.36))
    elif kind == "problem":
        pts = [(c, big * 0.04), (big * 0.98, big * 0.94), (big * 0.02, big * 0.94)]
        pygame.draw.polygon(s, color, pts)
        pygame.draw.rect(s, mark, (c - stroke / 2, big * 0.33, stroke, big * 0.34))
        pygame.draw.circle(s, mark, (c, big * 0.79), stroke * 0.62)
    elif kind == "fault":
        pts = [
            (c + big / 2 * math.cos(math.radians(22.5 + 45 * k)),
             c + big / 2 * math.sin(math.radians(22.5 + 45 * k)))
            for k in range(8)
        ]
        pygame.draw.polygon(s, color, pts)
        d = big * 0.22
        pygame.draw.line(s, mark, (c - d, c - d), (c + d, c + d), stroke)
        pygame.draw.line(s, mark, (c - d, c + d), (c + d, c - d), stroke)
    elif kind == "pointer":
        pygame.draw.polygon(s, color, [(big * 0.12, big * 0.08), (big * 0.95, c),
                                       (big * 0.12, big * 0.92)])
    else:  # hold
        pygame.draw.circle(s, color, (c, c), big / 2, width=stroke)
        pygame.draw.circle(s, color, (c, c), big * 0.22)
    return pygame.transform.smoothscale(s, (size, size))
