"""The run loop: pygame owns the screen, the buttons feed the :class:`~companion.app.Companion`.

One thread does everything visible: it reads pygame's events (window close, the
keyboard twin), takes one button event at a time from the button queue, lets the
companion act on it, drains the presses that arrived meanwhile (presses during
processing are ignored, not queued up), repaints when the view changed (at most
30 frames a second, :class:`companion.display.Painter`), and pings the systemd
watchdog from here, so a frozen screen is a dead service.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass

from companion.app import Companion
from companion.display import MAX_FPS, Painter
from companion.notify import Notifier
from companion.view import Screen as Shown
from companion.view import View
from hardware.button import ButtonEvent, ButtonSource, KeyboardButton
from hardware.lifecycle import Closeable

__all__ = ["PAGE_S", "AnyButton", "Pager", "Screen", "has_screen", "open_screen",
           "run_companion"]

#: Keys that toggle the dispute view and quit (quit only in a window).
KEY_DISPUTE = "d"
KEY_QUIT = ("escape", "q")
#: How long each page of a paged screen stays up, s (see :class:`Pager`).
PAGE_S = 4.0


class Pager:
    """Turns the pages of the screens drawn a page at a time from two metres (the
    dispute view, one throw a page; the night screen, one part a page; a turn under
    faults too long to stand whole beside the game, the game and the faults in turn):
    page 0 when
    such a screen comes up, the next every ``period_s`` seconds (the display takes the
    page modulo its number of pages). The button keeps its meaning there (on the
    dispute view it cancels the undo, on the night screen it goes back), so a timer
    turns them.

    >>> pager = Pager(period_s=4.0)
    >>> view = View(Shown.ATTRACT)
    >>> pager.page(view, 10.0).page, pager.page(view, 19.0).page   # not paged
    (0, 0)
    """

    def __init__(self, period_s: float = PAGE_S) -> None:
        self.period_s = period_s
        self._screen: object = None
        self._since_s = 0.0

    def page(self, view: View, now_s: float) -> View:
        """``view`` with its page for the time ``now_s`` (s, monotonic)."""
        if view.screen not in (Shown.DISPUTE, Shown.NIGHT) and not (
                view.screen is Shown.TURN and view.faults):
            self._screen = None
            return view
        if view.screen is not self._screen:
            self._screen, self._since_s = view.screen, now_s
        return view.replace(page=int(max(0.0, now_s - self._since_s) // self.period_s))


def has_screen() -> bool:
    """True when a desktop session can show a window (X11 or Wayland)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


@dataclass
class Screen:
    """The pygame display surface and how it was opened."""

    surface: object
    fullscreen: bool
    headless: bool

    def close(self) -> None:
        """Close the display (the window goes away; pygame's display is shut down)."""
        import pygame

        pygame.display.quit()

    def __enter__(self) -> Screen:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def size(self) -> tuple[int, int]:
        import pygame

        assert isinstance(self.surface, pygame.Surface)
        return self.surface.get_size()


def open_screen(
    size: tuple[int, int] | None = None, *, fullscreen: bool = False, headless: bool = False
) -> Screen:
    """Open the display: fullscreen (KMSDRM on the Pi), a window, or a hidden surface.

    Args:
        size: (width, height) px of a window or the hidden surface; None: 1280 x 720
            for a window, the screen's own size fullscreen.
        fullscreen: fill the screen (the Pi: ``SDL_VIDEODRIVER=kmsdrm``).
        headless: no screen at all: ``SDL_VIDEODRIVER=dummy`` (tests, CI, demo PNGs).

    Raises:
        RuntimeError: pygame cannot open the display (the message says which driver),
            or, not headless and with no ``SDL_VIDEODRIVER`` chosen, SDL found no screen
            and fell back to drawing off screen (nothing would be seen).
    """
    chosen = os.environ.get("SDL_VIDEODRIVER")
    if headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    pygame.display.init()
    pygame.font.init()
    try:
        if fullscreen and not headless:
            surface = pygame.display.set_mode(size or (0, 0), pygame.FULLSCREEN)
            pygame.mouse.set_visible(False)
        else:
            surface = pygame.display.set_mode(size or (1280, 720))
    except pygame.error as error:
        driver = os.environ.get("SDL_VIDEODRIVER") or pygame.display.get_driver()
        raise RuntimeError(
            f"cannot open the display (SDL video driver {driver}): {error}"
        ) from None
    if not headless and not chosen and pygame.display.get_driver() in ("offscreen", "dummy"):
        pygame.display.quit()
        raise RuntimeError(
            "no screen to draw on: SDL found none and would draw off screen, so nothing "
            "would be seen (run it in a desktop session, or on the Pi's console as a user "
            "in the video and render groups; `companion demo --headless` writes PNGs)"
        )
    pygame.display.set_caption("Ship Captain Crew referee")
    return Screen(surface, fullscreen and not headless, headless)


class AnyButton(Closeable):
    """Events from several button sources as one (the GPIO buttons and the keyboard twin).

    ``get`` looks at each source in turn and waits on the first (the main one) for
    the rest of ``timeout_s``; ``drain`` empties them all.
    """

    def __init__(self, *sources: ButtonSource) -> None:
        if not sources:
            raise ValueError("AnyButton needs at least one button source")
        self.sources = sources
        super().__init__()

    def get(self, timeout_s: float | None = None) -> ButtonEvent | None:
        for source in self.sources[1:]:
            event = source.get(timeout_s=0)
            if event is not None:
                return event
        return self.sources[0].get(timeout_s=timeout_s)

    def drain(self) -> int:
        return sum(source.drain() for source in self.sources)

    def _release(self) -> None:
        for source in self.sources:
            source.close()


def _key_event(keyboard: KeyboardButton | None, name: str, down: bool) -> bool:
    if keyboard is None:
        return False
    return keyboard.key_down(name) if down else keyboard.key_up(name)


def run_companion(
    companion: Companion,
    buttons: ButtonSource | AnyButton,
    screen: Screen,
    *,
    keyboard: KeyboardButton | None = None,
    notifier: Notifier | None = None,
    should_stop: Callable[[], bool] = lambda: False,
    on_frame: Callable[[object], None] | None = None,
    max_fps: float = MAX_FPS,
) -> None:
    """Run until the window is closed, ``q``/Escape in a window, or ``should_stop()``.

    Args:
        companion: the controller.
        buttons: where button events come from (GPIO buttons or the keyboard twin).
        screen: from :func:`open_screen`.
        keyboard: the keyboard twin fed from pygame's key events (None: keys ignored,
            except ``d`` for the dispute view and quitting in a window).
        notifier: systemd notifications (READY after the first frame, then WATCHDOG).
        should_stop: polled every tick.
        on_frame: called with each new surface after it is shown (the demo saves PNGs).
        max_fps: the most frames drawn per second.
    """
    import pygame

    notifier = notifier or Notifier(None)
    painter = Painter(max_fps=max_fps)
    pager = Pager()
    tick_s = 1.0 / max_fps
    view = pager.page(companion.view(), time.monotonic())
    shown_version = companion.version
    last_view_s = time.monotonic()
    _paint(view, screen, painter, on_frame)  # the first screen, before any button
    ready = False
    while not should_stop():
        for event in pygame.event.get():
            if event.type == pygame.QUIT:
                return
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                name = pygame.key.name(event.key)
                down = event.type == pygame.KEYDOWN
                if down and name == KEY_DISPUTE:
                    companion.toggle_dispute()
                elif down and name in KEY_QUIT and not screen.fullscreen:
                    return
                else:
                    _key_event(keyboard, name, down)
            elif event.type in (pygame.WINDOWEXPOSED, pygame.VIDEORESIZE):
                painter.invalidate()
        button_event: ButtonEvent | None = buttons.get(timeout_s=tick_s)
        if button_event is not None:
            if button_event.kind == "press":
                companion.busy()  # shown at once; not passed to on_frame (transient)
                _paint(companion.view(), screen, painter, None, force=True)
                if ready:  # the press blocks the loop: give it the whole WatchdogSec
                    notifier.watchdog(now=True)
            companion.handle(button_event)
            buttons.drain()
        now = time.monotonic()
        if companion.version != shown_version or now - last_view_s > 0.5:
            view = pager.page(companion.view(), now)
            shown_version = companion.version
            last_view_s = now
        _paint(view, screen, painter, on_frame)
        if not ready:
            notifier.ready("refereeing")
            ready = True
        notifier.watchdog()


def _paint(
    view: object,
    screen: Screen,
    painter: Painter,
    on_frame: Callable[[object], None] | None,
    *,
    force: bool = False,
) -> None:
    import pygame

    from companion.view import View

    assert isinstance(view, View)
    if force:
        painter.invalidate()
    surface = painter.frame(view, screen.size)
    if surface is None:
        return
    target = screen.surface
    assert isinstance(target, pygame.Surface)
    target.blit(surface, (0, 0))
    pygame.display.flip()
    if on_frame is not None:
        on_frame(surface)
