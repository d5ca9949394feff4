"""``render(view, size) -> pygame.Surface``: the display's one entry point, and what the
app needs to redraw only when something changed.

Rendering is pure: the same view and size give the same pixels. The only state kept
is the cache of fonts and of die / icon sprites. No display mode is needed, so it
runs under ``SDL_VIDEODRIVER=dummy``; the app blits the surface it gets.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from companion.display.layout import Canvas, Layout
from companion.display.screens import draw_view
from companion.view import View, ViewError

__all__ = ["COMPACT_MIN_SIZE", "MAX_FPS", "MIN_SIZE", "Painter", "clear_caches", "is_compact",
           "needs_redraw", "render", "render_with_layout"]

#: The most frames per second worth drawing; the app's loop need not run faster.
MAX_FPS = 30

#: The smallest screen (width, height) px with the full layout guarantees: nothing
#: overlaps or runs off-screen, the key figures are at least 1/8 of the height, and
#: the referee's message and the faults are always shown, with everything a view may
#: hold at once (two faults, a message, eight players, the photo, the odds). Also the
#: screen must be at least half as wide as it is high. 480 x 320 is the common 3.5-inch
#: Raspberry Pi screen; at this height the smallest text (``theme.SMALL``) reaches
#: ``theme.MIN_CAP_PX``.
MIN_SIZE = (480, 320)

#: Compact mode covers screens below ``MIN_SIZE`` down to this (width, height) px (the
#: 2.8-inch 320 x 240 screens), and slivers narrower than half their height. There the
#: same guarantees hold except one: on a sliver the key figures shrink to fit the
#: width (on a turn, after the players strip and the labels under the dice have given
#: way). Below this size the renderer still draws without failing, but promises
#: nothing about the layout.
COMPACT_MIN_SIZE = (320, 240)


def is_compact(size: tuple[int, int]) -> bool:
    """True if ``size`` (width, height) px is below ``MIN_SIZE`` or narrower than half
    its height: compact mode (see ``COMPACT_MIN_SIZE``).

    >>> is_compact((800, 480)), is_compact((480, 320)), is_compact((320, 240))
    (False, False, True)
    >>> is_compact((480, 1080))   # a sliver
    True
    """
    width, height = size
    return width < MIN_SIZE[0] or height < MIN_SIZE[1] or 2 * width < height


def render_with_layout(view: View, size: tuple[int, int]) -> tuple[pygame.Surface, Layout]:
    """Draw ``view`` on a new surface of ``size`` (width, height) px.

    Returns the surface and the :class:`~companion.display.layout.Layout`: every text,
    die, icon and photo drawn, with its rectangle, for tests and tools.

    Raises:
        ViewError: ``view`` is not a :class:`View`.
        ValueError: ``size`` is not two positive ints.
    """
    if not isinstance(view, View):
        raise ViewError(f"render: expected a View, got {type(view).__name__}")
    if len(size) != 2 or min(int(size[0]), int(size[1])) < 1:
        raise ValueError(f"render: size must be (width, height) > 0 px, got {size!r}")
    canvas = Canvas((int(size[0]), int(size[1])))
    draw_view(canvas, view)
    return canvas.surface, canvas.layout


def render(view: View, size: tuple[int, int]) -> pygame.Surface:
    """Draw ``view`` on a new ``pygame.Surface`` of ``size`` (width, height) px.

    >>> from companion.view import Screen, View
    >>> render(View(Screen.ATTRACT), (800, 480)).get_size()
    (800, 480)
    """
    return render_with_layout(view, size)[0]


def clear_caches() -> None:
    """Empty the font, text and sprite caches (for benchmarks; never needed otherwise)."""
    from companion.display import fonts, layout, sprites

    for cached in (fonts.font, fonts._has_glyph, fonts._cap_ratio, layout._text_surface,
                   layout._descender, sprites.die, sprites.icon):
        cached.cache_clear()


def needs_redraw(previous: View | None, current: View) -> bool:
    """True if ``current`` would draw differently from ``previous`` (None: nothing drawn).

    Views are plain data compared by value (photos by their pixels), so the app may
    rebuild its view every tick and redraw only when it changed. The display runs no
    animation of its own: a hold in progress is a new ``ConfirmView.progress``.
    """
    return previous is None or previous != current


class Painter:
    """Renders only when the view or the size changed, at most ``max_fps`` times a second.

    >>> from companion.view import Screen, View
    >>> clock = iter([0.0, 0.01, 0.02, 0.5]).__next__
    >>> painter = Painter(clock=clock)
    >>> view = View(Screen.ATTRACT)
    >>> painter.frame(view, (320, 200)) is not None   # first frame
    True
    >>> painter.frame(view, (320, 200)) is None       # nothing changed
    True
    >>> painter.frame(view.replace(title="Ship"), (320, 200)) is None   # too soon (30 fps)
    True
    >>> painter.frame(view.replace(title="Ship"), (320, 200)) is not None
    True
    """

    def __init__(self, max_fps: float = MAX_FPS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.min_interval_s = 1.0 / max_fps
        self._clock = clock
        self._view: View | None = None
        self._size: tuple[int, int] | None = None
        self._last_s = float("-inf")
        self.frames = 0

    def frame(self, view: View, size: tuple[int, int]) -> pygame.Surface | None:
        """A new surface to blit, or None if the screen already shows this view (or the
        last frame was drawn less than 1/``max_fps`` s ago: ask again next tick)."""
        now = self._clock()
        if self._size == tuple(size) and not needs_redraw(self._view, view):
            return None
        if now - self._last_s < self.min_interval_s:
            return None
        surface = render(view, size)
        self._view, self._size, self._last_s = view, (int(size[0]), int(size[1])), now
        self.frames += 1
        return surface

    def invalidate(self) -> None:
        """Forget what is on screen (the window was exposed or resized)."""
        self._view = None
