"""The turn screen: the current player and the throws left (the key figures), the
ship/captain/crew slots, the cargo, the odds row, the turn's throws and the photo.

The key figures are never shrunk below 1/8 H but in compact mode (see
:func:`shrink_key_figures`); when room is short the least important parts give way
first: the photo, the history, the labels, then the one-row layout (:func:`plan_turn`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from companion.display import theme
from companion.display.layout import Canvas, Line
from companion.display.photo import draw_photo, fit_rect
from companion.display.screens.common import MIN_DIE_PX, area, role_style
from companion.display.screens.frame import pot_block, pot_in_body, pot_width
from companion.display.sprites import DieStyle, die, icon
from companion.view import DieRole, PhotoView, Severity, ThrowView, TurnView, View


def _odds_row(c: Canvas, view: View, rect: pygame.Rect) -> None:
    """ "CHANCE TO WIN  Stand 0%  Re-throw 42% best": the better choice bold, bright and
    underlined with "best" written out, the other dim."""
    odds = view.odds
    assert odds is not None
    small, medium = c.size(theme.SMALL), c.size(theme.MEDIUM)
    gap = c.px(0.03)
    best = max(odds.stand, odds.rethrow)
    parts = []
    for name, chance in (("Stand", odds.stand), ("Re-throw", odds.rethrow)):
        is_best = chance >= best - 1e-9 and odds.stand != odds.rethrow
        parts.append((name, f"{name} {round(chance * 100)}%" + (" best" if is_best else ""),
                      is_best))
    label: str | None = "CHANCE TO WIN"
    size = medium

    def width(label: str | None, size: int) -> int:
        w = sum(c.width_of(words, size, b) for _, words, b in parts) + gap
        return w + (c.width_of(label, small) + gap if label else 0)

    # The chances as large as the width allows, from the medium size down to the small.
    tries = [("CHANCE TO WIN", s) for s in range(medium, small - 1, -1)]
    for label, size in [*tries, ("WIN", small), (None, small)]:
        if width(label, size) <= rect.w:
            break
    x = rect.x
    if label:
        drawn = c.text(pygame.Rect(x, rect.y, c.width_of(label, small), rect.h), label, small,
                       theme.TEXT_DIM, role="odds-label")
        x = drawn.right + gap
    for name, words, is_best in parts:
        w = min(c.width_of(words, size, is_best), rect.right - x)
        if w <= 0:
            break
        drawn = c.text(pygame.Rect(x, rect.y, w, rect.h), words, size,
                       theme.TEXT if is_best else theme.TEXT_DIM,
                       role=f"odds:{name.lower()}", bold=is_best)
        if is_best:
            y = drawn.bottom + max(2, c.px(0.006))
            if y + 3 <= rect.bottom:
                pygame.draw.line(c.surface, theme.TEXT, (drawn.x, y), (drawn.right, y),
                                 max(2, c.px(0.005)))
        x = drawn.right + gap


_SLOT_NAMES = {DieRole.SHIP: "SHIP", DieRole.CAPTAIN: "CAPTAIN", DieRole.CREW: "CREW"}


def _history(c: Canvas, throws: Sequence[ThrowView], rect: pygame.Rect) -> None:
    """The turn's throws as rows of small dice, left to right, banked ones bright."""
    if not throws:
        return
    small = c.size(theme.SMALL)
    d = min(rect.h, c.px(0.065))
    gap = max(2, d // 6)
    x = rect.x
    for throw in throws:
        label = str(throw.number)
        lw = c.width_of(label, small)
        need = lw + gap + len(throw.dice) * (d + gap)
        if x + need > rect.right:
            break
        c.text(pygame.Rect(x, rect.y + (rect.h - d) // 2, lw, d), label, small, theme.TEXT_DIM,
               role=f"throw:{throw.number}")
        x += lw + gap
        for index, face in enumerate(throw.dice):
            c.blit(die(d, face.value, role_style(face.role)), (x, rect.y + (rect.h - d) // 2),
                   kind="die", role=f"throw-die:{throw.number}:{index}", text=str(face.value))
            x += d + gap
        x += d // 2


def _throws_left_words(turn: TurnView) -> tuple[str, str, str]:
    """The throws-left digit, its label and what to throw next."""
    label = "throw left" if turn.throws_left == 1 else "throws left"
    if turn.stood:
        sub = "stood"
    elif turn.over:
        sub = "turn over"
    else:
        sub = f"throw {turn.dice_to_throw} " + ("die" if turn.dice_to_throw == 1 else "dice")
    return str(turn.throws_left), label, sub


def _throws_left_width(c: Canvas, turn: TurnView) -> int:
    """The width of :func:`_throws_left_block`, px."""
    digit, label, sub = _throws_left_words(turn)
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    label_w = max(c.width_of(label, medium), c.width_of(sub, small, False))
    return c.width_of(digit, c.key_size()) + c.px(0.02) + label_w


def _throws_left_block(c: Canvas, turn: TurnView, rect: pygame.Rect, *,
                       align: str = "right") -> None:
    """The big "2" with "throws left" and what to throw next beside it, at the right
    (or left) of ``rect``."""
    key = c.key_size()
    medium, small = c.size(theme.MEDIUM), c.size(theme.SMALL)
    digit, label, sub = _throws_left_words(turn)
    gap = c.px(0.02)
    digit_w = c.width_of(digit, key)
    width = _throws_left_width(c, turn)
    label_w = width - digit_w - gap
    x = rect.right - width if align == "right" else rect.x
    color = theme.TEXT if turn.throws_left else theme.TEXT_DIM
    c.text(pygame.Rect(x, rect.y, digit_w, rect.h), digit, key, color, role="throws-left")
    lx = x + digit_w + gap
    c.stack(pygame.Rect(lx, rect.y, min(label_w, rect.right - lx), rect.h), [
        Line(label, medium, theme.TEXT, "throws-left-label"),
        Line(sub, small, theme.TEXT_DIM, "throw-next", bold=False),
    ])


def _name_row(c: Canvas, turn: TurnView, rect: pygame.Rect, *, with_block: bool) -> None:
    """The current player's name, huge and yellow behind a pointer; the throws left at
    the right when ``with_block``."""
    key = c.key_size()
    gap = c.px(0.03)
    block_w = 0
    if with_block:
        block_w = _throws_left_width(c, turn) + gap
        _throws_left_block(c, turn, rect)
    pointer = round(c.key_cap() * 0.8)
    x = rect.x + pointer + c.px(0.02)
    room = rect.right - block_w - x
    # On a very narrow screen the pointer gives way to the name (the name is yellow
    # and the player's cell is framed anyway); the name never gives way.
    shortest = turn.player if len(turn.player) == 1 else turn.player[:1] + "…"
    if c.width_of(shortest, key) <= room:
        c.blit(icon("pointer", pointer, theme.YELLOW, theme.YELLOW),
               (rect.x, rect.centery - pointer // 2), kind="icon", role="current-pointer")
    else:
        x = rect.x
    name_box = pygame.Rect(x, rect.y, max(0, rect.right - block_w - x), rect.h)
    size = key
    if c.width_of(turn.player, key) > name_box.w:
        # Cut with an ellipsis at the key size; smaller only if not even one letter fits.
        shortest = turn.player if len(turn.player) == 1 else turn.player[:1] + "…"
        size = c.fit_size(shortest, name_box.w, key, c.size(0))
    c.text(name_box, turn.player, size, theme.YELLOW, role="current-player")


def _slot_names(turn: TurnView) -> list[str]:
    return [_SLOT_NAMES[s.role] + (" (wild)" if s.filled and s.value != s.face else "")
            for s in turn.slots]


def _slots_width(die_px: int) -> int:
    return 3 * die_px + 2 * round(die_px * 0.3)


def _cargo_width(c: Canvas, die_px: int) -> int:
    key, large = c.key_size(), c.size(theme.LARGE)
    gap = round(die_px * 0.18)
    widest = max(c.width_of(str(v), key) for v in range(2, 13))
    return 2 * die_px + 2 * gap + c.width_of("=", large) + gap + widest


def _label_size(c: Canvas, die_px: int, room_h: int) -> tuple[int, str] | None:
    """One size for the labels under the slots and the cargo, and the captain's label
    at that size: "CAPTAIN" at SMALL or a little less, else "CAPT." or "CAPT" down to
    the smallest size, so that it fits under a die; None (no slot labels) when not
    even "CAPT" fits, or ``room_h`` px is too low for a line."""
    width = die_px + round(die_px * 0.3)
    small = c.size(theme.SMALL)
    for word, floor in (("CAPTAIN", small * 4 // 5), ("CAPT.", c.size(0)), ("CAPT", c.size(0))):
        size = c.fit_size(word, width, small, floor)
        if c.width_of(word, size) <= width:
            break
    else:
        return None
    if room_h < max(c.px(0.03), c.line_height(size)):
        return None
    return size, word


def _slots(c: Canvas, turn: TurnView, rect: pygame.Rect, die_px: int) -> None:
    """Ship, captain and crew: ivory dice once banked, dashed outlines before; the
    names under them (bright when banked, faint when not)."""
    gap = round(die_px * 0.3)
    label_h = rect.h - die_px
    labels = _label_size(c, die_px, label_h)
    names = _slot_names(turn)
    label_size = labels[0] if labels else None
    if labels is not None and any(c.width_of(n, labels[0]) > die_px + gap for n in names):
        names = [n.replace("CAPTAIN", labels[1]) for n in names]
    x = rect.x
    for slot, name in zip(turn.slots, names, strict=True):
        style: DieStyle = "banked" if slot.filled else "empty"
        value = slot.value if slot.filled else slot.face
        c.blit(die(die_px, value, style), (x, rect.y), kind="die",
               role=f"slot:{slot.role.value}", text=str(value) if slot.filled else "")
        if label_size is not None:
            label_box = pygame.Rect(x - gap // 2, rect.y + die_px, die_px + gap, label_h)
            c.text(label_box, name, label_size,
                   theme.TEXT if slot.filled else theme.TEXT_FAINT,
                   role=f"slot-label:{slot.role.value}", align="center")
        x += die_px + gap


def _cargo(c: Canvas, turn: TurnView, rect: pygame.Rect, die_px: int) -> None:
    """The two cargo dice (sky blue), "=" and the cargo value in key figures; the
    score with its bonuses under the value; "NO LAUNCH" when the turn ended without."""
    small, large, key = c.size(theme.SMALL), c.size(theme.LARGE), c.key_size()
    gap = round(die_px * 0.18)
    top_h = _cargo_top(c, turn, die_px)
    label_h = rect.h - top_h
    dy = rect.y + (top_h - die_px) // 2
    x = rect.x
    if c.floor and turn.cargo is None and turn.over and turn.cargo_value is None:
        # No cargo to show: "NO LAUNCH" at 5 mm takes the empty dice's place.
        c.text(pygame.Rect(x, rect.y, rect.w, top_h), "NO LAUNCH", large, theme.ORANGE,
               role="no-launch", min_size=small)
        return
    for index in range(2):
        if turn.cargo is not None:
            value = turn.cargo[index]
            c.blit(die(die_px, value, "cargo"), (x, dy), kind="die",
                   role=f"cargo-die:{index}", text=str(value))
        else:
            c.blit(die(die_px, None, "empty"), (x, dy), kind="die",
                   role=f"cargo-die:{index}")
        x += die_px + gap
    slot_labels = _label_size(c, die_px, label_h)
    label_size = slot_labels[0] if slot_labels else c.size(0)
    labels = label_h >= max(c.px(0.03), c.line_height(label_size))
    if labels and c.width_of("CARGO", label_size) <= 2 * die_px + gap:
        c.text(pygame.Rect(rect.x, rect.y + top_h, 2 * die_px + gap, label_h), "CARGO",
               label_size, theme.SKY if turn.cargo else theme.TEXT_FAINT,
               role="cargo-label", align="center")
    under = pygame.Rect(x, rect.y + top_h, max(0, rect.right - x), label_h)
    if turn.cargo_value is not None:
        eq = c.text(pygame.Rect(x, rect.y, c.width_of("=", large), top_h), "=", large,
                    theme.TEXT_DIM, role="cargo-equals")
        vx = eq.right + gap
        c.text(pygame.Rect(vx, rect.y, max(0, rect.right - vx), top_h), str(turn.cargo_value),
               key, theme.TEXT, role="cargo")
        if labels and turn.score is not None and (
            turn.score != turn.cargo_value or turn.bonuses
        ):
            bonus = " ".join(f"+{b.points}" for b in turn.bonuses)
            words = f"SCORE {turn.score}" + (f" ({bonus})" if bonus else "")
            c.text(under, words, small, theme.TEXT, role="score",
                   min_size=max(1, small * 2 // 3))
    elif turn.over:
        c.text(pygame.Rect(x, rect.y, max(0, rect.right - x), top_h), "NO LAUNCH", large,
               theme.ORANGE, role="no-launch", min_size=small)
        if labels:
            c.text(under, "score 0", small, theme.TEXT_DIM, role="score", bold=False)


def _cargo_top(c: Canvas, turn: TurnView, die_px: int) -> int:
    """Height of the cargo row above its labels: the dice, or the key figure if taller."""
    if turn.cargo_value is None:
        return die_px
    return max(die_px, round(c.key_cap() * 1.2))


def turn_body(c: Canvas, view: View, body: pygame.Rect) -> None:
    """The turn. Normally: name and throws left; slots, cargo and value; the odds or the
    throw history; the photo at the right, as large as the room left allows (see
    :func:`_photo_place`). When the referee reports a problem with the
    throw, the photo takes a full-height column at the right, since it shows what is
    wrong, but only as wide as leaves the key figures their rows. On a narrow screen the
    parts stack up."""
    turn = view.turn
    assert turn is not None
    gap = c.px(0.025)
    photo = view.photo
    problem = view.message is not None and view.message.severity is Severity.PROBLEM
    if photo is not None and problem and c.w >= c.h * 1.3 and view.confirm is None:
        preferred = min(body.w * 9 // 20, body.h * 4 // 3)
        # No wider than the photo at full height (a portrait crop): the dice keep room.
        preferred = min(preferred, fit_rect(photo.size, pygame.Rect(0, 0, preferred, body.h)).w)
        # The widest column that still has the name and the throws left side by side.
        beside = body.w - gap - _together_width(c, turn)
        # The labels under the dice go before the photo does: it shows what is wrong.
        widths = [preferred, min(preferred, beside)]
        if c.floor:  # from two metres: what one row of dice and the pot leave
            widths.append(min(preferred, body.w - gap - _turn_row_width(
                c, max(MIN_DIE_PX, c.px(0.08)), pot_words(c, view))))
        tries = [(w, labels) for labels in (True, False) for w in widths if w >= c.px(0.3)]
        for photo_w, labels in tries:
            column = pygame.Rect(body.x, body.y, body.w - photo_w - gap, body.h)
            plan = _plan_with_odds(c, view, column.w, column.h)
            if plan is not None and (plan.label_h or not labels):
                _draw_turn(c, view, column, plan, None)
                draw_photo(c, photo, pygame.Rect(body.right - photo_w, body.y, photo_w, body.h),
                           align="right")
                return
    plan = _plan_with_odds(c, view, body.w, body.h)
    if plan is None:
        _key_figures_only(c, turn, body)
        return
    _draw_turn(c, view, body, plan, photo)


def _pot_row_h(c: Canvas) -> int:
    """The height of a row holding the pot's key figure, px."""
    return round(c.key_cap() * 1.2)


def _below_h(c: Canvas) -> int:
    """The height of the row of odds or history under the dice, px: a line at 5 mm
    on a legible screen."""
    return max(c.px(0.08), c.line_height(c.size(0)) + c.px(0.01)) if c.floor else c.px(0.08)


def _plan_with_odds(c: Canvas, view: View, width: int, height: int) -> _TurnPlan | None:
    """:func:`plan_turn` for ``view``'s turn; on a legible screen with a row under the
    dice (odds or history), planned with room kept for it if the key figures allow."""
    assert view.turn is not None
    pot = pot_words(c, view)
    if c.floor and (view.odds is not None or view.turn.throws):
        plan = plan_turn(c, view.turn, width, height - _below_h(c), pot)
        if plan is not None:
            return plan
    return plan_turn(c, view.turn, width, height, pot)


def _key_figures_only(c: Canvas, turn: TurnView, body: pygame.Rect) -> None:
    """Below the compact minimum size: the name, and the throws left if there is a row
    for them; nothing is promised about what fits."""
    name_h = min(body.h, round(c.key_cap() * 1.4))
    _name_row(c, turn, pygame.Rect(body.x, body.y, body.w, name_h), with_block=False)
    block_h = round(c.key_cap() * 1.15)
    if body.h - name_h >= block_h:
        _throws_left_block(c, turn, pygame.Rect(body.x, body.y + name_h, body.w, block_h),
                           align="left")


@dataclass(frozen=True)
class _TurnPlan:
    """How the turn's rows fill a column (px); see :func:`plan_turn`."""

    together: bool  # the throws left beside the name (else on a row of its own)
    name_h: int
    block_h: int  # the throws-left row; 0 when together
    one_row: bool  # slots and cargo on one row (else the cargo on a second row)
    die_px: int
    label_h: int  # room for the labels under the dice; 0 when they are left out
    height: int  # all of the above with the gaps between
    pot: str | None = None  # the pot's key figure, at the right of the dice


def _together_width(c: Canvas, turn: TurnView) -> int:
    """The column width (px) at which the name (at least 4.5 key capitals wide) and the
    throws left fit side by side."""
    # (3.5 from two metres, where the throws left's words are wider at 5 mm.)
    name_min_w = (round(c.key_cap() * (3.5 if c.floor else 4.5)) + round(c.key_cap() * 0.8)
                  + c.px(0.05))
    return name_min_w + _throws_left_width(c, turn) + c.px(0.03)


def _turn_row_width(c: Canvas, die_px: int, pot: str | None = None) -> int:
    """Slots and cargo on one row, and the pot's block when ``pot`` is given, px."""
    width = _slots_width(die_px) + c.px(0.05) + _cargo_width(c, die_px)
    return width + (c.px(0.04) + pot_width(c, pot) if pot is not None else 0)


def pot_words(c: Canvas, view: View) -> str | None:
    """The pot as a key figure of the turn ("4", "$40"), or None when it stays in the
    header (see ``frame.pot_in_body``)."""
    if not pot_in_body(c, view):
        return None
    return view.stakes.amount(view.stakes.pot).split(" ")[0]


def plan_turn(c: Canvas, turn: TurnView, width: int, height: int,
              pot: str | None = None) -> _TurnPlan | None:
    """The roomiest arrangement of the turn's rows that fits ``width`` x ``height`` px,
    or None if even the tightest does not.

    The key figures never shrink. When room is short, first the rows hug the key
    figures, then the labels under the dice go, then the dice shrink (never below
    ``MIN_DIE_PX``); the odds, the history and the photo only take what is left.
    """
    key_cap = c.key_cap()
    gap = c.px(0.025)
    together = width >= _together_width(c, turn)
    if not together and _throws_left_width(c, turn) > width:
        return None
    d_max = c.px(0.13)
    d_min = min(d_max, max(c.px(0.06), MIN_DIE_PX))
    die_px = d_max
    while die_px > d_min and _turn_row_width(c, die_px, pot) > width:
        die_px -= 1
    one_row = _turn_row_width(c, die_px, pot) <= width
    if not one_row:
        pot_w = c.px(0.04) + pot_width(c, pot) if pot is not None else 0
        die_px = max(d_min, min(d_max, _fit_die(width - pot_w)))
        while die_px > d_min and _cargo_width(c, die_px) > width:
            die_px -= 1
        if _slots_width(die_px) + pot_w > width or _cargo_width(c, die_px) > width:
            return None

    def dice_h(d: int, label_h: int) -> int:
        cargo = _cargo_top(c, turn, d) + label_h
        if one_row and pot is not None:
            cargo = max(cargo, _pot_row_h(c))
        slots = d + label_h if pot is None else max(d + label_h, _pot_row_h(c))
        return cargo if one_row else slots + gap // 2 + cargo

    label_full = c.px(theme.SMALL) * 2 + c.px(0.01)
    name_tight, block_full, block_tight = (round(key_cap * 1.4), round(key_cap * 1.35),
                                           round(key_cap * 1.15))
    candidates = [(c.key_row(), block_full, label_full), (name_tight, block_full, label_full),
                  (name_tight, block_tight, label_full), (name_tight, block_tight, 0)]
    # The first arrangement that fits with dice of 0.08 of the unit, the dice then grown
    # to fill the room (up to the width's limit); else the tightest, with smaller dice.
    d_comfort = min(die_px, max(d_min, c.px(0.08)))
    for index, (name_h, block_h, label_h) in enumerate(candidates):
        block_h = 0 if together else block_h
        last = index == len(candidates) - 1
        d = d_comfort
        while last and d > d_min and name_h + block_h + gap + dice_h(d, label_h) > height:
            d -= 1
        if name_h + block_h + gap + dice_h(d, label_h) > height:
            continue
        while d < die_px and name_h + block_h + gap + dice_h(d + 1, label_h) <= height:
            d += 1
        total = name_h + block_h + gap + dice_h(d, label_h)
        return _TurnPlan(together, name_h, block_h, one_row, d, label_h, total, pot)
    return None


def _name_row_width(c: Canvas, turn: TurnView, *, with_block: bool) -> int:
    """The width (px) the name row needs to show the whole name at the key size behind
    its pointer, with the throws left beside it when ``with_block``."""
    width = round(c.key_cap() * 0.8) + c.px(0.02) + c.width_of(turn.player, c.key_size())
    if with_block:
        width += c.px(0.03) + _throws_left_width(c, turn)
    return width


def _photo_place(c: Canvas, turn: TurnView, rect: pygame.Rect, plan: _TurnPlan,
                 photo: PhotoView) -> tuple[pygame.Rect, int] | None:
    """Where the photo goes beside one row of dice, and the width (px) left to the name
    row; None when no place is wide and tall enough (``c.px(0.3)`` x ``c.px(0.2)``).

    Two places are tried and the one where the photo is drawn larger wins: the full
    height of ``rect`` at its right, when the name row (the whole name and the throws
    left) fits beside it; else right of the dice, below the name row."""
    gap = c.px(0.025)
    min_w, min_h = c.px(0.3), c.px(0.2)
    row_w = _turn_row_width(c, plan.die_px, plan.pot)
    places: list[tuple[pygame.Rect, int]] = []
    top = rect.y + plan.name_h + plan.block_h + gap
    side = rect.w - row_w - gap
    if side >= min_w and rect.bottom - top >= min_h:
        places.append((pygame.Rect(rect.right - side, top, side, rect.bottom - top), rect.w))
    left = max(row_w, _name_row_width(c, turn, with_block=plan.together))
    if not plan.together:
        left = max(left, _throws_left_width(c, turn))
    side = rect.w - left - gap
    if side >= min_w and rect.h >= min_h:
        places.append((pygame.Rect(rect.right - side, rect.y, side, rect.h), left))
    if not places:
        return None
    return max(places, key=lambda place: area(fit_rect(photo.size, place[0])))


def _draw_turn(c: Canvas, view: View, rect: pygame.Rect, plan: _TurnPlan,
               photo: PhotoView | None) -> None:
    """Name, throws left, dice rows and the odds or history, flowing down ``rect`` as
    ``plan`` says; the photo (if given) as large as the room left allows: a full-height
    column at the right or beside the dice (see :func:`_photo_place`), or below the
    dice on a narrow screen."""
    turn = view.turn
    assert turn is not None
    gap = c.px(0.025)
    d = plan.die_px
    photo_box: pygame.Rect | None = None
    name_w = rect.w
    if photo is not None and plan.one_row:
        place = _photo_place(c, turn, rect, plan, photo)
        if place is not None:
            photo_box, name_w = place
    name_row = pygame.Rect(rect.x, rect.y, name_w, plan.name_h)
    _name_row(c, turn, name_row, with_block=plan.together)
    y = name_row.bottom
    if not plan.together:
        _throws_left_block(c, turn, pygame.Rect(rect.x, y, name_w, plan.block_h), align="left")
        y += plan.block_h
    y += gap
    below_w = rect.w
    cargo_h = _cargo_top(c, turn, d) + plan.label_h
    if plan.one_row and plan.pot is not None:
        cargo_h = max(cargo_h, _pot_row_h(c))
    if plan.one_row:
        row = pygame.Rect(rect.x, y, _turn_row_width(c, d, plan.pot), cargo_h)
        _slots(c, turn, pygame.Rect(row.x, row.y, _slots_width(d), row.h), d)
        cx = row.x + _slots_width(d) + c.px(0.05)
        _cargo(c, turn, pygame.Rect(cx, row.y, _cargo_width(c, d), row.h), d)
        if plan.pot is not None:
            pot_block(c, plan.pot, pygame.Rect(row.x, row.y, row.w, max(_cargo_top(c, turn, d),
                                                                        _pot_row_h(c))))
        if photo_box is not None:
            below_w = photo_box.x - gap - rect.x
        y = row.bottom + gap // 2
    else:
        slots_h = d + plan.label_h
        if plan.pot is not None:  # the pot at the right of the slots, as tall as it is
            slots_h = max(slots_h, _pot_row_h(c))
            pot_block(c, plan.pot, pygame.Rect(rect.x, y, rect.w, slots_h))
        _slots(c, turn, pygame.Rect(rect.x, y + (slots_h - d - plan.label_h) // 2,
                                    _slots_width(d), d + plan.label_h), d)
        y += slots_h + gap // 2
        _cargo(c, turn, pygame.Rect(rect.x, y, rect.w, cargo_h), d)
        y += cargo_h + gap // 2
        if photo is not None and rect.bottom - y >= c.px(0.2):
            photo_box = pygame.Rect(rect.x, y, rect.w, rect.bottom - y)
            y = rect.bottom
    below = pygame.Rect(rect.x, y, below_w, min(_below_h(c), rect.bottom - y))
    if below.h >= (c.line_height(c.size(0)) if c.floor else c.px(0.045)):
        if view.odds is not None:
            _odds_row(c, view, below)
        else:
            _history(c, turn.throws, below)
    if photo_box is not None and photo is not None:
        # Beside the dice: flush with the right margin (the message band's edge).
        draw_photo(c, photo, photo_box, align="right" if plan.one_row else "center")


def _fit_die(width: int) -> int:
    """The largest die such that three slots fit ``width`` px."""
    return max(1, int(width / 3.6))


def shrink_key_figures(c: Canvas, turn: TurnView, body: pygame.Rect,
                       pot: str | None = None) -> None:
    """Compact mode only (a sliver, or below the supported size): the largest key cap
    height at which the turn's rows fit ``body``, set on the canvas. Never reached in
    the supported range, where the key figures keep 1/8 of the height."""
    low, high = theme.MIN_CAP_PX, c.key_cap() - 1
    best = low
    while low <= high:
        mid = (low + high) // 2
        c.key_cap_px = mid
        if plan_turn(c, turn, body.w, body.h, pot) is not None:
            best, low = mid, mid + 1
        else:
            high = mid - 1
    c.key_cap_px = best
