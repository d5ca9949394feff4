"""The dispute view: the turn's throws side by side, each with its photo, the dice as
read with their roles, and the explanation of what was banked and why."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

import pygame

from companion.display import theme
from companion.display.layout import Canvas
from companion.display.photo import draw_photo, fit_rect
from companion.display.screens.common import area, role_style
from companion.display.sprites import die
from companion.view import DieRole, ThrowView, View

_ROLE_TAGS = {DieRole.SHIP: "SHIP", DieRole.CAPTAIN: "CAPT", DieRole.CREW: "CREW",
               DieRole.CARGO: "CARGO", DieRole.THROWN: ""}


@dataclass(frozen=True)
class _DisputeColumn:
    """Where one throw's parts go in its column of the dispute view (px, on screen).

    ``photo`` is the box the photo is fitted into (``align``: centred, or against the
    box's right edge); ``dice`` the top left of the row of small dice (None: no row),
    ``die_px`` their size and ``tag_h`` the height of the role tags under them (0:
    none); ``why`` the explanation's box, ``why_n`` its most lines."""

    kind: Literal["stacked", "beside-label", "side"]
    label: pygame.Rect
    photo: pygame.Rect
    align: Literal["center", "right"]
    dice: tuple[int, int] | None
    die_px: int
    tag_h: int
    why: pygame.Rect
    why_n: int


def _explain_lines(c: Canvas, throws: Sequence[ThrowView], width: int, most: int) -> int:
    """The most lines any throw's explanation takes at ``width`` px (``most`` at most)."""
    size = c.size(theme.SMALL)
    return max((len(c.wrap(t.explanation, width, size, most, bold=False))
                if t.explanation and width > 0 else 0) for t in throws)


def _dispute_columns(c: Canvas, throws: Sequence[ThrowView], inner: pygame.Rect,
                     label_w: int, photo_size: tuple[int, int], why_most: int
                     ) -> list[_DisputeColumn]:
    """Every arrangement of a throw's column that fits ``inner`` (px), for a photo of
    aspect ``photo_size`` (w, h px), with the explanation in ``why_most`` lines at most
    when it runs across the column:

    - "stacked": the label, the photo across the column, the small dice, the explanation;
    - "beside-label": the photo right of the label down to the dice (a portrait crop);
    - "side": the photo at the left at the column's full height; the label, the small
      dice and the explanation (up to 8 lines) in the room right of it (a wide column:
      one or two throws).

    Each with and without the row of small dice. The dice row repeats what the photo's
    marks (every die with its value tag: banked square and ivory, cargo round and sky
    blue, thrown small and dark) and the explanation ("6 banked as ship") already say,
    so it is the part that gives way to a larger photo; where the photo leaves room
    under it anyway the row is drawn there, smaller if need be (down to
    ``c.px(0.045)``)."""
    gap = c.px(0.025)
    half = gap // 2
    label_h = max(c.px(0.06), c.line_height(c.size(theme.MEDIUM))) if c.floor else c.px(0.06)
    line_h = c.line_height(c.size(theme.SMALL))
    tag_full = c.line_height(c.size(theme.SMALL * 0.8))
    min_d = c.px(0.045)

    def dice_size(width: int) -> int:
        return min(c.px(0.085), (width - 4 * max(2, width // 40)) // 5)

    found: list[_DisputeColumn] = []
    label = pygame.Rect(inner.x, inner.y, inner.w, label_h)
    n = _explain_lines(c, throws, inner.w, why_most)
    why = pygame.Rect(inner.x, inner.bottom - line_h * n, inner.w, line_h * n)
    floor = why.y - (half if n else 0)  # the lowest a photo or the dice may reach
    d_full = dice_size(inner.w)
    for d, tag_h in ((d_full, tag_full), (d_full, 0), (0, 0)):
        if d and d < min_d:
            continue
        bottom = floor - d - tag_h - half if d else floor
        boxes: list[tuple[Literal["stacked", "beside-label"], pygame.Rect,
                          Literal["center", "right"]]] = [
            ("stacked", pygame.Rect(inner.x, label.bottom, inner.w, bottom - label.bottom),
             "center"),
            ("beside-label", pygame.Rect(inner.x + label_w + gap, inner.y,
                                         inner.right - inner.x - label_w - gap,
                                         bottom - inner.y), "right")]
        for kind, box, align in boxes:
            if box.w <= 0 or box.h <= 0:
                continue
            place_d, place_tag = d, tag_h
            if not d:
                # The room the photo leaves under it takes the dice, as large as fits.
                spare = box.h - fit_rect(photo_size, box).h - half
                place_tag = tag_full if min(d_full, spare - tag_full) >= min_d else 0
                place_d = min(d_full, spare - place_tag)
                if place_d >= min_d:
                    box = pygame.Rect(box.x, box.y, box.w,
                                      box.h - place_d - place_tag - half)
                else:
                    place_d, place_tag = 0, 0
            dice_y = floor - place_tag - place_d
            found.append(_DisputeColumn(kind, label, box, align,
                                        (inner.x, dice_y) if place_d else None,
                                        place_d, place_tag, why, n))
    # Side by side: the photo at the left at full height, the words right of it.
    box = pygame.Rect(inner.x, inner.y, inner.w - gap - max(c.px(0.4), label_w), inner.h)
    if box.w > 0 and box.h > 0:
        box.w = fit_rect(photo_size, box).w
        text = pygame.Rect(box.right + gap, inner.y, inner.right - box.right - gap, inner.h)
        side_label = pygame.Rect(text.x, text.y, text.w, label_h)
        n_side = _explain_lines(c, throws, text.w, 8)
        d = dice_size(text.w)
        for with_dice in (True, False):
            if with_dice and d < min_d:
                continue
            dice_h = d + tag_full + half if with_dice else 0
            why_side = pygame.Rect(text.x, side_label.bottom + dice_h + half, text.w,
                                   line_h * n_side)
            if why_side.bottom > text.bottom:
                continue
            found.append(_DisputeColumn("side", side_label, box, "center",
                                        (text.x, side_label.bottom) if with_dice else None,
                                        d if with_dice else 0, tag_full if with_dice else 0,
                                        why_side, n_side))
    return found


def _dispute_column(c: Canvas, throws: Sequence[ThrowView], inner: pygame.Rect,
                    label_w: int) -> _DisputeColumn | None:
    """The arrangement of the first column (``inner``, px) drawing the photo largest
    (by area); of those within 1 % of it, the first found, so the dice row stays where
    it costs the photo nothing. The explanation keeps up to 3 lines, fewer only when
    nothing else fits (a low screen). With no photo at all, the dice row is kept."""
    sizes = [t.photo.size for t in throws if t.photo is not None]
    photo_size = sizes[0] if sizes else (4, 3)
    for why_most in (3, 2, 1):
        options = _dispute_columns(c, throws, inner, label_w, photo_size, why_most)
        if not sizes:
            options = [o for o in options if o.kind == "stacked"]
        if options:
            break
    if not options:
        return None
    if not sizes:
        return options[0]
    areas = [area(fit_rect(photo_size, o.photo)) for o in options]
    return next(o for o, a in zip(options, areas, strict=True) if a >= 0.99 * max(areas))


def _dispute_dice(c: Canvas, throw: ThrowView, index: int, at: tuple[int, int], d: int,
                  tag_h: int, dgap: int) -> None:
    """The throw's dice in a row from ``at`` (px), ``d`` px each, ``dgap`` px apart,
    each banked or cargo die with its role under it in a row ``tag_h`` px high (0:
    none)."""
    x, y = at
    # One size for the role tags; CARGO is left out where it does not fit (the cargo
    # dice are sky blue and the explanation names them).
    tag_size = c.fit_size("CREW", d + dgap, c.size(theme.SMALL * 0.8), c.size(0))
    for k, face in enumerate(throw.dice):
        c.blit(die(d, face.value, role_style(face.role)), (x, y), kind="die",
               role=f"dispute-die:{index}:{k}", text=str(face.value))
        word = _ROLE_TAGS[face.role]
        if word and tag_h and c.width_of(word, tag_size) <= d + dgap:
            c.text(pygame.Rect(x - dgap // 2, y + d, d + dgap, tag_h), word, tag_size,
                   theme.SKY if face.role is DieRole.CARGO else theme.TEXT,
                   role=f"dispute-role:{index}:{k}", align="center")
        x += d + dgap


def dispute_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    """The turn's last three throws side by side; read from two metres (``c.floor``)
    one throw a page ("Throw 2 of 3": ``view.page`` modulo the throws), at 5 mm."""
    turn = view.turn
    assert turn is not None
    large, medium, small = c.size(theme.LARGE), c.size(theme.MEDIUM), c.size(theme.SMALL)
    head_h = max(c.px(0.09), c.line_height(large)) if c.floor else c.px(0.09)
    # (From two metres the title is shorter: the page's label says "throw by throw".)
    summary = f"{turn.player}'s turn" + ("" if c.floor else ", throw by throw")
    if turn.cargo_value is not None:
        summary += f" · cargo {turn.cargo[0]} + {turn.cargo[1]}" if turn.cargo else ""
    if turn.score is not None:
        summary += f" · score {turn.score}"
    c.text(pygame.Rect(body.x, body.y, body.w, head_h), summary, large, theme.TEXT,
           role="dispute-title", min_size=medium)
    throws = turn.throws[-3:]
    if not throws:
        c.text(pygame.Rect(body.x, body.y + head_h, body.w, head_h), "No throw yet this turn",
               medium, theme.TEXT_DIM, role="dispute-empty")
        return
    gap = c.px(0.025)
    shown = list(enumerate(throws))
    if c.floor and len(throws) > 1:
        shown = [shown[view.page % len(throws)]]
    labels = {index: f"Throw {t.number}" + (f" of {len(throws)}" if len(shown) < len(throws)
                                            else "") for index, t in enumerate(throws)}
    n = len(shown)
    col_w = (body.w - gap * (n - 1)) // n
    top = body.y + head_h + gap // 2
    pad = c.px(0.015)
    label_w = max(c.width_of(words, medium) for words in labels.values())
    first = pygame.Rect(body.x, top, col_w, body.bottom - top).inflate(-2 * pad, -2 * pad)
    # One arrangement for every column (and every page), so that the photos line up.
    plan = _dispute_column(c, throws, first, label_w)
    line_h = c.line_height(small)
    for column, (index, throw) in enumerate(shown):
        col = pygame.Rect(body.x + column * (col_w + gap), top, col_w, body.bottom - top)
        c.fill(col, theme.PANEL, radius=c.px(0.012))
        if plan is None:
            continue
        dx = column * (col_w + gap)
        c.text(plan.label.move(dx, 0), labels[index], medium, theme.TEXT,
               role=f"dispute-throw:{index}")
        photo_box = plan.photo.move(dx, 0)
        dice, d, tag_h = plan.dice, plan.die_px, plan.tag_h
        dgap = max(2, plan.why.w // 40)
        if dice is not None:
            dice = (dice[0] + dx, dice[1])
        if throw.photo is not None and photo_box.h > c.px(0.1):
            draw_photo(c, throw.photo, photo_box, role=f"dispute-photo:{index}",
                       align=plan.align)
        else:
            if dice is None:
                # No photo to mark the dice: the small dice say what was thrown, at the
                # top of the photo's place.
                d = min(c.px(0.085), (photo_box.w - 4 * dgap) // 5)
                tag_h = c.line_height(c.size(theme.SMALL * 0.8))
                if d + tag_h > photo_box.h:
                    tag_h = 0
                d = min(d, photo_box.h)
                if d >= c.px(0.03):
                    dice = photo_box.topleft
                    photo_box = pygame.Rect(photo_box.x, photo_box.y + d + tag_h,
                                            photo_box.w, photo_box.h - d - tag_h)
            if photo_box.h >= line_h:
                c.text(photo_box, "no photo kept", small, theme.TEXT_FAINT,
                       role=f"dispute-nophoto:{index}", align="center", bold=False)
        if dice is not None:
            _dispute_dice(c, throw, index, dice, d, tag_h, dgap)
        lines = (c.wrap(throw.explanation, plan.why.w, small, plan.why_n, bold=False)
                 if plan.why_n and throw.explanation else [])
        if lines:
            why = plan.why.move(dx, 0)
            c.lines(pygame.Rect(why.x, why.y, why.w, line_h * len(lines)), lines, small,
                    theme.TEXT, role=f"dispute-why:{index}")
