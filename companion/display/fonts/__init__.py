"""The fonts shipped with the display, and the one cache the renderer keeps.

Atkinson Hyperlegible (SIL OFL 1.1, Braille Institute) sets all text: it was drawn
for low-vision readers, with distinct shapes for 0/O, 1/l/I, 5/S and 6/b. A string
holding a character it lacks (Greek, Cyrillic, ...) is set whole in DejaVu Sans
(Bitstream Vera licence), so a name in Latin, Greek, Cyrillic, Hebrew or Arabic
script never shows boxes. Licences and provenance are in this folder (README.txt).

Right-to-left text (Hebrew, Arabic) is shaped by HarfBuzz inside pygame-ce's SDL_ttf
(``Font.set_direction`` / ``Font.set_script``): its letters run right to left and
Arabic letters join. SDL_ttf shapes one run in one direction and does no bidi
reordering, so :func:`render` splits a line into runs (:func:`bidi_runs`: the
right-to-left letters with the spaces and punctuation between them, and the rest)
and sets them left to right, each in its own direction: a simplified Unicode
Bidirectional Algorithm (UAX #9) for a left-to-right line, enough for a name inside
an English sentence ("سارة threw 5").

Fonts are cached by (file, size in px); the cache is the renderer's only state.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame.freetype

__all__ = [
    "FONT_DIR",
    "Face",
    "bidi_runs",
    "cap_height",
    "face_for",
    "font",
    "render",
    "size_for_cap",
    "text_width",
]

FONT_DIR = Path(__file__).resolve().parent

_FILES = {
    ("atkinson", True): "AtkinsonHyperlegible-Bold.ttf",
    ("atkinson", False): "AtkinsonHyperlegible-Regular.ttf",
    ("dejavu", True): "DejaVuSans-Bold.ttf",
    ("dejavu", False): "DejaVuSans.ttf",
}


@dataclass(frozen=True)
class Face:
    """A font file: family ("atkinson" or "dejavu") and weight."""

    family: str
    bold: bool

    @property
    def path(self) -> Path:
        return FONT_DIR / _FILES[(self.family, self.bold)]


def _init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    if not pygame.freetype.get_init():
        pygame.freetype.init()


@functools.lru_cache(maxsize=4)
def _coverage_font(family: str) -> pygame.freetype.Font:
    _init()
    return pygame.freetype.Font(str(Face(family, True).path), 24)


@functools.lru_cache(maxsize=4096)
def _has_glyph(family: str, char: str) -> bool:
    # pygame.freetype gives None metrics for a character the font lacks.
    return _coverage_font(family).get_metrics(char)[0] is not None


def face_for(text: str, bold: bool) -> Face:
    """Atkinson Hyperlegible unless ``text`` has a character it lacks, then DejaVu Sans.

    >>> face_for("Zoë", True).family, face_for("Ζωή", True).family
    ('atkinson', 'dejavu')
    """
    for ch in set(text):
        if ch.isprintable() and not ch.isspace() and not _has_glyph("atkinson", ch):
            return Face("dejavu", bold)
    return Face("atkinson", bold)


@functools.lru_cache(maxsize=256)
def font(face: Face, size_px: int) -> pygame.font.Font:
    """The pygame font for ``face`` at ``size_px`` (em size, px), cached."""
    _init()
    return pygame.font.Font(str(face.path), max(1, int(size_px)))


#: Bidi classes (``unicodedata.bidirectional``) of right-to-left letters: Hebrew and
#: the like (R), Arabic and the like (AL).
_RTL = frozenset({"R", "AL"})
#: Bidi classes that take the direction of the letters around them: spaces, other
#: neutrals, separators, marks, Arabic digits.
_NEUTRAL = frozenset({"WS", "ON", "CS", "ES", "ET", "NSM", "BN", "S", "AN"})


def bidi_runs(text: str) -> list[tuple[str, bool]]:
    """Split a left-to-right line into runs ``(text, right_to_left)``, in logical order.

    Neutral characters (spaces, punctuation) between two right-to-left letters join
    their run; elsewhere they stay left to right. European digits stay left to right.

    >>> bidi_runs("Ann threw 5")
    [('Ann threw 5', False)]
    >>> bidi_runs("שרה כהן threw 5")
    [('שרה כהן', True), (' threw 5', False)]
    """
    if not any(unicodedata.bidirectional(ch) in _RTL for ch in text):
        return [(text, False)] if text else []
    strong: list[bool | None] = []
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        strong.append(True if kind in _RTL else None if kind in _NEUTRAL else False)
    rtl: list[bool] = []
    for i, value in enumerate(strong):
        if value is not None:
            rtl.append(value)
            continue
        before = next((v for v in reversed(strong[:i]) if v is not None), False)
        after = next((v for v in strong[i + 1 :] if v is not None), False)
        rtl.append(before and after)
    runs: list[tuple[str, bool]] = []
    for ch, right in zip(text, rtl, strict=True):
        if runs and runs[-1][1] == right:
            runs[-1] = (runs[-1][0] + ch, right)
        else:
            runs.append((ch, right))
    return runs


def _shaped(face: Face, size_px: int, run: str, right_to_left: bool) -> pygame.font.Font:
    """The font set up to shape ``run`` in its direction and script."""
    f = font(face, size_px)
    if right_to_left:
        arabic = any(unicodedata.bidirectional(ch) == "AL" for ch in run)
        f.set_script("Arab" if arabic else "Hebr")
        f.set_direction(pygame.DIRECTION_RTL)
    else:
        f.set_script("Zzzz")  # unknown script: HarfBuzz's default
        f.set_direction(pygame.DIRECTION_LTR)
    return f


def _unshaped(face: Face, size_px: int) -> None:
    """Back to left to right, so direct users of :func:`font` see the default."""
    f = font(face, size_px)
    f.set_script("Zzzz")
    f.set_direction(pygame.DIRECTION_LTR)


def text_width(face: Face, size_px: int, text: str) -> int:
    """Advance width of ``text`` set by :func:`render`, px."""
    runs = bidi_runs(text)
    if len(runs) == 1 and not runs[0][1]:
        return int(font(face, size_px).size(text)[0])
    try:
        return sum(_shaped(face, size_px, run, rtl).size(run)[0] for run, rtl in runs)
    finally:
        _unshaped(face, size_px)


def render(face: Face, size_px: int, text: str, color: tuple[int, int, int]) -> pygame.Surface:
    """``text`` in ``face`` at ``size_px`` (antialiased, on a transparent surface),
    right-to-left runs shaped in their direction (see the module docstring)."""
    runs = bidi_runs(text)
    if not runs or (len(runs) == 1 and not runs[0][1]):
        return font(face, size_px).render(text, True, color)
    try:
        pieces = [_shaped(face, size_px, run, rtl).render(run, True, color) for run, rtl in runs]
    finally:
        _unshaped(face, size_px)
    if len(pieces) == 1:
        return pieces[0]
    height = max(piece.get_height() for piece in pieces)
    surface = pygame.Surface((sum(p.get_width() for p in pieces), height), pygame.SRCALPHA)
    x = 0
    for piece in pieces:
        surface.blit(piece, (x, 0))
        x += piece.get_width()
    return surface


@functools.lru_cache(maxsize=8)
def _cap_ratio(face: Face) -> float:
    # Cap height / em, read from the glyph "H" at 200 px.
    maxy = font(face, 200).metrics("H")[0]
    assert maxy is not None
    return maxy[3] / 200.0


def cap_height(face: Face, size_px: int) -> int:
    """Height of a capital letter (and of the figures) at ``size_px``, px."""
    return round(_cap_ratio(face) * size_px)


def size_for_cap(cap_px: float, face: Face = Face("atkinson", True)) -> int:
    """The smallest em size (px) whose capitals are at least ``cap_px`` tall.

    >>> cap_height(Face("atkinson", True), size_for_cap(60)) >= 60
    True
    """
    size = max(1, math.ceil(cap_px / _cap_ratio(face)))
    while cap_height(face, size) < cap_px:
        size += 1
    return size
