"""The fonts shipped with the display, and the one cache the renderer keeps.

Atkinson Hyperlegible (SIL OFL 1.1, Braille Institute) sets all text: it was drawn
for low-vision readers, with distinct shapes for 0/O, 1/l/I, 5/S and 6/b. A string
holding a character it lacks (Greek, Cyrillic, ...) is set whole in DejaVu Sans
(Bitstream Vera licence), so a name never shows boxes. Licences and provenance are in
this folder (README.txt).

Fonts are cached by (file, size in px); the cache is the renderer's only state.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from pathlib import Path

import pygame
import pygame.freetype

__all__ = ["FONT_DIR", "Face", "cap_height", "face_for", "font", "size_for_cap"]

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
