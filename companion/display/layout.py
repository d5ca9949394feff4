"""The canvas the screens draw on, and the record of what it drew.

Every piece of text, die, icon and photo the renderer draws is recorded as an
:class:`Item` with its rectangle on screen (px). Tests read the :class:`Layout` to
check that nothing runs off-screen, that nothing overlaps, and that the key figures
are tall enough; the rectangles are the drawn ink, not the font's line box.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal

import pygame

from companion.display import theme
from companion.display.fonts import (
    Face,
    cap_height,
    face_for,
    font,
    render,
    size_for_cap,
    text_width,
)

__all__ = ["Canvas", "Item", "Kind", "Layout", "Line"]

Kind = Literal["text", "die", "icon", "photo", "mark", "bar"]
Align = Literal["left", "center", "right"]
VAlign = Literal["top", "center", "bottom"]

#: Kinds that are content: two of them must never overlap. ("mark" items sit inside
#: their photo; "bar" items are progress bars and frames.)
CONTENT_KINDS: frozenset[str] = frozenset({"text", "die", "icon", "photo"})


@dataclass(frozen=True)
class Item:
    """One thing drawn.

    Attributes:
        kind: text, die, icon, photo, mark (a die marked on a photo) or bar.
        role: what it is, e.g. "player-name", "cargo-value", "throws-left".
        rect: (x, y, width, height) px on the screen; for text, the ink's bounds.
        text: the text drawn (after any ellipsis), or the die's value as a digit.
        cap_height: the height of a capital or a figure at the size drawn, px (text);
            0 for other kinds.
        size_px: the font's em size, px (text); 0 for other kinds.
        truncated: the text was cut with an ellipsis to fit.
        color: the text's colour (RGB), for the contrast check; None for other kinds.
    """

    kind: Kind
    role: str
    rect: tuple[int, int, int, int]
    text: str = ""
    cap_height: int = 0
    size_px: int = 0
    truncated: bool = False
    color: tuple[int, int, int] | None = field(default=None, compare=False)

    @property
    def r(self) -> pygame.Rect:
        """The rectangle as a ``pygame.Rect``."""
        return pygame.Rect(self.rect)


@dataclass
class Layout:
    """What one render drew, in drawing order.

    Attributes:
        size: (width, height) of the surface, px.
        items: every item drawn, in drawing order.
    """

    size: tuple[int, int]
    items: list[Item] = field(default_factory=list)

    def find(self, role: str) -> list[Item]:
        """The items with ``role`` (exact) or whose role starts with ``role + ':'``."""
        return [i for i in self.items if i.role == role or i.role.startswith(role + ":")]

    def texts(self) -> list[Item]:
        """All text items."""
        return [i for i in self.items if i.kind == "text"]

    def off_screen(self) -> list[Item]:
        """Items not wholly inside the surface (should be none)."""
        screen = pygame.Rect((0, 0), self.size)
        return [i for i in self.items if not screen.contains(i.r)]

    def overlaps(self) -> list[tuple[Item, Item]]:
        """Pairs of content items (text, die, icon, photo) whose rectangles intersect,
        value tags on a photo that cover each other, and marks that stray outside
        every photo (paired with themselves). Should be none."""
        content = [i for i in self.items if i.kind in CONTENT_KINDS and i.rect[2] and i.rect[3]]
        pairs = []
        for a_index, a in enumerate(content):
            ra = a.r
            for b in content[a_index + 1 :]:
                if ra.colliderect(b.r):
                    pairs.append((a, b))
        photos = [i.r for i in self.items if i.kind == "photo"]
        for mark in (i for i in self.items if i.kind == "mark"):
            if not any(p.contains(mark.r) for p in photos):
                pairs.append((mark, mark))
        tags = [i for i in self.items if i.kind == "mark" and ":tag:" in i.role]
        for a_index, a in enumerate(tags):
            for b in tags[a_index + 1 :]:
                if a.r.colliderect(b.r):
                    pairs.append((a, b))
        return pairs

    def __iter__(self) -> Iterator[Item]:
        return iter(self.items)


@dataclass(frozen=True)
class Line:
    """One line for :meth:`Canvas.stack`: text, em size px, colour, weight, role."""

    text: str
    size: int
    color: tuple[int, int, int]
    role: str
    bold: bool = True
    min_size: int | None = None


def _matched(face: Face, size: int) -> int:
    """The em size at which ``face`` has the capitals of Atkinson Hyperlegible at
    ``size``: the fallback font is scaled so that a name in Greek is as tall as one
    in Latin."""
    if face.family == "atkinson":
        return size
    return max(1, round(size * cap_height(Face("atkinson", face.bold), 200)
                        / cap_height(face, 200)))


@functools.lru_cache(maxsize=64)
def _descender(face: Face, size: int) -> int:
    metrics = font(face, size).metrics("gjpqy,")
    return max(0, -min(m[2] for m in metrics if m is not None))


@functools.lru_cache(maxsize=512)
def _text_surface(
    text: str, face: Face, size: int, color: tuple[int, int, int]
) -> tuple[pygame.Surface, pygame.Rect]:
    surface = render(face, size, text, color)
    return surface, surface.get_bounding_rect(min_alpha=1)


def _ink_extent(text: str, face: Face, size: int, color: tuple[int, int, int]) -> tuple[int, int]:
    """How far ``text``'s ink reaches above its capitals and below its baseline at
    ``size`` (px, >= 0): accents, "$", brackets; descenders."""
    f = font(face, size)
    _, ink = _text_surface(text, face, size, color)
    if not ink.h:
        return 0, 0
    ascent = f.get_ascent()
    return max(0, ascent - ink.top - cap_height(face, size)), max(0, ink.bottom - ascent)


class Canvas:
    """A surface plus the layout record; all drawing goes through it.

    ``h`` is the screen height, the unit of the type scale (``cap(theme.LARGE)``).
    """

    def __init__(self, size: tuple[int, int]) -> None:
        width, height = int(size[0]), int(size[1])
        if width < 1 or height < 1:
            raise ValueError(f"render size must be positive, got {size!r}")
        self.surface = pygame.Surface((width, height))
        self.layout = Layout((width, height))
        self.w = width
        self.h = height
        #: The unit of every size but the key figures' (px): the height, or less on a
        #: screen narrower than 4:3 (portrait), so text still fits across it.
        self.unit = max(1, min(height, round(width * 0.75)))
        #: The key figures' cap height when it must differ from 1/8 of the height (px):
        #: only in compact mode on a sliver, where 1/8 of the height is wider than the
        #: screen allows. None: ``theme.KEY`` of the height.
        self.key_cap_px: int | None = None
        #: The smallest cap height of any text, a fraction of the unit: 0 (only
        #: ``theme.MIN_CAP_PX``), or ``theme.MIN_TEXT`` on a screen read from two
        #: metres (set by ``draw_view``).
        self.floor = 0.0

    # -- measures -----------------------------------------------------------------
    def px(self, fraction: float) -> int:
        """``fraction`` of the unit (the screen height on a landscape screen), px >= 1."""
        return max(1, round(self.unit * fraction))

    def size(self, cap_fraction: float, bold: bool = True) -> int:
        """The em size (px) whose capitals are ``cap_fraction`` of the unit, never
        below ``floor`` of it."""
        cap = max(theme.MIN_CAP_PX, self.unit * max(cap_fraction, self.floor))
        return size_for_cap(cap, Face("atkinson", bold))

    def key_cap(self) -> int:
        """Cap height of the key figures: 1/8 of the screen height (``theme.KEY``), px,
        or ``key_cap_px`` when set."""
        if self.key_cap_px is not None:
            return max(theme.MIN_CAP_PX, self.key_cap_px)
        return max(theme.MIN_CAP_PX, math.ceil(self.h * theme.KEY))

    def key_size(self) -> int:
        """The em size (px) of the key figures (bold), whose capitals are ``key_cap``."""
        return size_for_cap(self.key_cap(), Face("atkinson", True))

    def key_row(self) -> int:
        """The height of a row holding key figures, px: room for accents and descenders."""
        return max(self.px(0.2), round(self.key_cap() * 1.6))

    def width_of(self, text: str, size: int, bold: bool = True) -> int:
        """Advance width of ``text`` at ``size``, px."""
        face = face_for(text, bold)
        return text_width(face, _matched(face, size), text)

    def fit_size(self, text: str, width: int, size: int, min_size: int, bold: bool = True) -> int:
        """The largest size from ``size`` down to ``min_size`` at which ``text`` fits
        ``width`` px (``min_size`` if none does). Never below the smallest size drawn
        (capitals of ``theme.MIN_CAP_PX``) unless ``size`` itself is."""
        min_size = min(size, max(min_size, self.size(0, bold)))
        if size <= min_size or self.width_of(text, size, bold) <= width:
            return max(size, 1)
        low, high = min_size, size
        while low < high:
            mid = (low + high + 1) // 2
            if self.width_of(text, mid, bold) <= width:
                low = mid
            else:
                high = mid - 1
        return low

    def ellipsize(self, text: str, width: int, size: int, bold: bool = True) -> tuple[str, bool]:
        """``text`` cut at a word or letter with "…" so it fits ``width`` px."""
        if self.width_of(text, size, bold) <= width:
            return text, False
        low, high = 0, len(text)
        while low < high:
            mid = (low + high + 1) // 2
            if self.width_of(text[:mid].rstrip() + "…", size, bold) <= width:
                low = mid
            else:
                high = mid - 1
        return (text[:low].rstrip() + "…" if low else ""), True

    def wrap(
        self, text: str, width: int, size: int, max_lines: int, bold: bool = True
    ) -> list[str]:
        """Greedy word wrap into at most ``max_lines`` lines of ``width`` px; the last
        line is cut with "…" if the text does not fit. A sum stays on one line
        ("cargo 2 + 1 = 3" never breaks around its "+" or "=")."""
        lines: list[str] = []
        current = ""
        for word in _glue_sums(text.split()):
            trial = f"{current} {word}".strip()
            if not current or self.width_of(trial, size, bold) <= width:
                current = trial
            else:
                lines.append(current)
                current = word
        if current:
            lines.append(current)
        if len(lines) > max_lines:
            lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
        lines = [self.ellipsize(line, width, size, bold)[0] for line in lines]
        return [line for line in lines if line]

    def rise(self, text: str, size: int, bold: bool = True) -> int:
        """How far ``text``'s ink reaches above its capitals at ``size`` (accents, "$",
        brackets), px >= 0."""
        face = face_for(text, bold)
        return _ink_extent(text, face, _matched(face, size), theme.TEXT)[0]

    def descender(self, size: int, bold: bool = True) -> int:
        """How far letters like g, j, p, y reach below the baseline at ``size``, px."""
        return _descender(Face("atkinson", bold), size)

    def stack(
        self,
        box: pygame.Rect,
        lines: Sequence[Line],
        *,
        align: Align = "left",
    ) -> list[pygame.Rect]:
        """Lines one under the other, placed by their baselines so that descenders
        never touch the capitals below (nor accents, "$" or brackets that rise above
        the capitals); the block is centred vertically in ``box``. Each line shrinks
        to its ``min_size`` to fit the width, then is cut with "…". Returns the ink
        rectangles."""
        sizes, caps, descs, gaps, aboves, total = self._plan(lines, box.w)
        baseline = box.y + max(0, (box.h - total) // 2) + aboves[0] + caps[0]
        drawn = []
        for index, (line, size, cap) in enumerate(zip(lines, sizes, caps, strict=True)):
            if index:
                baseline += descs[index - 1] + gaps[index - 1] + aboves[index] + cap
            row = pygame.Rect(box.x, baseline - cap, box.w, cap)
            drawn.append(self.text(row, line.text, size, line.color, role=line.role,
                                   bold=line.bold, align=align))
        return drawn

    def _plan(self, lines: Sequence[Line], width: int
              ) -> tuple[list[int], list[int], list[int], list[int], list[int], int]:
        """Sizes, cap heights, room below each baseline, gaps between lines and ink
        above each line's capitals (px), and the block's total height."""
        sizes = []
        for line in lines:
            size = max(line.size, self.size(0, line.bold)) if self.floor else line.size
            if line.min_size is not None:
                floor = max(line.min_size, self.size(0, line.bold))
                size = self.fit_size(line.text, width, size, min(size, floor), line.bold)
            sizes.append(size)
        caps = [cap_height(Face("atkinson", ln.bold), sz) for ln, sz in zip(lines, sizes,
                                                                                strict=True)]
        gaps = [max(2, round(cap * 0.3)) for cap in caps[1:]]
        # Room below each baseline: the font's descender, or the line's own ink if it
        # reaches lower. Ink rising above a line's capitals (accents, "$", tall
        # ascenders) may use the gap above it; only what rises further moves it down.
        # (The first line's rises above the box as before: the box leaves room.)
        descs, aboves = [], []
        for index, (line, size) in enumerate(zip(lines, sizes, strict=True)):
            face = face_for(line.text, line.bold)
            above, below = _ink_extent(line.text, face, _matched(face, size), line.color)
            descs.append(max(below, _descender(face, _matched(face, size))))
            aboves.append(max(0, above - gaps[index - 1] + 1) if index else 0)
        return sizes, caps, descs, gaps, aboves, sum(caps) + sum(descs) + sum(gaps) + sum(aboves)

    def stack_fits(self, lines: Sequence[Line], box: pygame.Rect) -> bool:
        """True if :meth:`stack` would fit ``lines`` in ``box`` without cutting any."""
        sizes, _, _, _, _, total = self._plan(lines, box.w)
        return total <= box.h and all(
            self.width_of(ln.text, sz, ln.bold) <= box.w for ln, sz in zip(lines, sizes,
                                                                            strict=True))

    def line_height(self, size: int) -> int:
        """Baseline-to-baseline distance for stacked lines at ``size``, px."""
        return math.ceil(size * 1.12)

    # -- drawing ------------------------------------------------------------------
    def record(self, kind: Kind, role: str, rect: pygame.Rect | Sequence[int], text: str = "",
               cap: int = 0, size: int = 0, truncated: bool = False,
               color: tuple[int, int, int] | None = None) -> None:
        r = pygame.Rect(rect)
        self.layout.items.append(
            Item(kind, role, (r.x, r.y, r.w, r.h), text, cap, size, truncated, color)
        )

    def fill(self, rect: pygame.Rect, color: tuple[int, int, int], radius: int = 0) -> None:
        """A filled (rounded) rectangle; background, not recorded."""
        pygame.draw.rect(self.surface, color, rect, border_radius=radius)

    def frame(self, rect: pygame.Rect, color: tuple[int, int, int], width: int,
              radius: int = 0) -> None:
        """A rectangle outline; background, not recorded."""
        pygame.draw.rect(self.surface, color, rect, width=max(1, width), border_radius=radius)

    def text(
        self,
        box: pygame.Rect,
        text: str,
        size: int,
        color: tuple[int, int, int],
        *,
        role: str,
        bold: bool = True,
        align: Align = "left",
        valign: VAlign = "center",
        min_size: int | None = None,
        kind: Kind = "text",
    ) -> pygame.Rect:
        """Draw ``text`` inside ``box`` and record its ink rectangle (as ``kind``:
        "mark" for text on a photo).

        The size shrinks from ``size`` towards ``min_size`` (if given) until the text
        fits the box's width, then the text is cut with "…". Vertically the capitals
        are centred in the box (``valign="center"``), or the line box sits at its
        top or bottom. Returns the ink rectangle (empty at the box's corner if
        nothing was drawn).
        """
        size = max(size, self.size(0, bold)) if self.floor else size
        if min_size is not None:
            floor = self.size(0, bold)  # never below theme.MIN_CAP_PX
            size = self.fit_size(text, box.w, size, min(max(min_size, floor), size), bold)
        shown, cut = self.ellipsize(text, box.w, size, bold)
        if not shown:
            return pygame.Rect(box.x, box.y, 0, 0)
        face = face_for(shown, bold)
        size = _matched(face, size)
        f = font(face, size)
        surface, ink = _text_surface(shown, face, size, color)
        tw = surface.get_width()
        if align == "left":
            x = box.x
        elif align == "right":
            x = box.right - tw
        else:
            x = box.centerx - tw // 2
        cap = cap_height(face, size)
        if valign == "center":
            baseline = box.centery + cap // 2
            y = baseline - f.get_ascent()
        elif valign == "top":
            y = box.y
        else:
            y = box.bottom - surface.get_height()
        self.surface.blit(surface, (x, y))
        drawn = ink.move(x, y)
        self.record(kind, role, drawn, shown, cap, size, cut, (color[0], color[1], color[2]))
        return drawn

    def lines(
        self,
        box: pygame.Rect,
        lines: Sequence[str],
        size: int,
        color: tuple[int, int, int],
        *,
        role: str,
        bold: bool = False,
        align: Align = "left",
    ) -> None:
        """Stacked lines, the block centred vertically in ``box``."""
        step = self.line_height(size)
        top = box.centery - (step * len(lines)) // 2
        for index, line in enumerate(lines):
            row = pygame.Rect(box.x, top + index * step, box.w, step)
            self.text(row, line, size, color, role=f"{role}:{index}", bold=bold, align=align)

    def blit(self, sprite: pygame.Surface, pos: tuple[int, int], *, kind: Kind, role: str,
             text: str = "") -> pygame.Rect:
        """Blit a sprite and record its rectangle."""
        rect = self.surface.blit(sprite, pos)
        self.record(kind, role, rect, text)
        return rect


_OPERATORS = frozenset({"+", "="})


def _glue_sums(words: list[str]) -> list[str]:
    """Words with each operator ("+", "=") joined to its neighbours, so that a wrap
    keeps a sum together.

    >>> _glue_sums("launched: cargo 2 + 1 = 3 now".split())
    ['launched:', 'cargo', '2 + 1 = 3', 'now']
    """
    out: list[str] = []
    for word in words:
        if out and (word in _OPERATORS or out[-1].split(" ")[-1] in _OPERATORS):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
    return out

