"""Pieces the screens share: the margin, the colour of a die by its role, a player's
standing in the game's stakes, the smallest die drawn (px)."""

from __future__ import annotations

import pygame

from companion.display import theme
from companion.display.fonts import Face
from companion.display.layout import Canvas
from companion.display.sprites import DieStyle
from companion.view import DieRole, PlayerView, Stakes, View

Color = theme.Color


BOLD = Face("atkinson", True)


def margin(c: Canvas) -> int:
    return c.px(0.025)


def stake_text(view: View, player: PlayerView) -> str:
    """A player's standing in the game's stakes: "5 chips", "12 pts", "3 drinks"."""
    parts = []
    if view.stakes.kind is Stakes.POT and player.chips is not None:
        parts.append(view.stakes.amount(player.chips))
    if player.points is not None:
        parts.append(f"{player.points} pt" + ("" if player.points == 1 else "s"))
    if view.stakes.kind is Stakes.DRINKS and player.drinks is not None:
        parts.append(f"{player.drinks} drink" + ("" if player.drinks == 1 else "s"))
    if not parts and player.chips is not None:
        parts.append(view.stakes.amount(player.chips))
    return " · ".join(parts)


def role_style(role: DieRole) -> DieStyle:
    if role.banked:
        return "banked"
    if role is DieRole.CARGO:
        return "cargo"
    return "thrown"


#: The smallest die drawn in the slots and the cargo, px: the pips stay countable.
MIN_DIE_PX = 16


def area(rect: pygame.Rect) -> int:
    return rect.w * rect.h
