"""The attract screen: the title behind the three dice it names, the rules in force
and the players."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from companion.display import theme
from companion.display.layout import Canvas
from companion.display.screens.common import Color
from companion.display.sprites import die
from companion.view import View


def attract_body(c: Canvas, view: View, body: pygame.Rect) -> None:
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
    if c.floor:
        _legible_lists(c, view, remaining)
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


def _legible_lists(c: Canvas, view: View, box: pygame.Rect) -> None:
    """From two metres: the players on one line, then the rules in force, each wrapped
    whole at 5 mm, as many as fit, and "+N more rules" for the rest."""
    size, regular = c.size(0), c.size(0, bold=False)
    step = round(c.key_cap() * 0.7)
    y = box.y
    if view.players:
        names = "Players: " + ", ".join(p.name for p in view.players)
        c.text(pygame.Rect(box.x, y, box.w, step), names, size, theme.TEXT, role="players")
        y += step + c.px(0.01)
    rules = list(view.rules)
    fits = (box.bottom - y) // step
    used = 0
    for index, rule in enumerate(rules):
        lines = c.wrap(rule, box.w - c.width_of("• ", regular, False), regular, 2,
                       bold=False)
        rest = len(rules) - index - 1
        if used + len(lines) + (1 if rest else 0) > fits:
            c.text(pygame.Rect(box.x, y, box.w, step), f"+{len(rules) - index} more rules",
                   regular, theme.TEXT_DIM, role="rules-more", bold=False)
            return
        for k, line in enumerate(lines):
            c.text(pygame.Rect(box.x, y, box.w, step), ("• " if k == 0 else "  ") + line,
                   regular, theme.TEXT, role=f"rule:{index}:{k}" if k else f"rule:{index}",
                   bold=False)
            y += step
            used += 1
