"""Reference PNGs: a few screens compared pixel by pixel within a tolerance.

The tolerance absorbs anti-aliasing differences between FreeType builds; a moved,
resized, recoloured or missing element fails. After an intended change of the look,
regenerate the references and look at them before committing:

    DISPLAY_UPDATE_REFERENCES=1 python -m pytest tests/display/test_display_snapshots.py
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import pygame
import pytest

from companion.display import render
from companion.display.samples import sample

REFERENCE_DIR = Path(__file__).parent / "reference"

REFERENCES = [
    ("turn-launched", (800, 480)),
    ("turn-problem", (1280, 720)),
    ("round-result", (1024, 600)),
    ("dispute", (800, 480)),
]

#: A pixel "differs" when a channel is off by more than this (0..255).
PIXEL_TOLERANCE = 48
#: The share of differing pixels allowed.
SHARE_ALLOWED = 0.004
#: The mean absolute difference allowed over all channels (0..255).
MEAN_ALLOWED = 1.5


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).swapaxes(0, 1).astype(np.int16)


def compare(actual: np.ndarray, expected: np.ndarray) -> tuple[float, float]:
    """(share of differing pixels, mean absolute difference) of two H x W x 3 images."""
    if actual.shape != expected.shape:
        return 1.0, 255.0
    diff = np.abs(actual - expected)
    return float((diff.max(axis=2) > PIXEL_TOLERANCE).mean()), float(diff.mean())


@pytest.mark.parametrize(("name", "size"), REFERENCES,
                         ids=[f"{n}-{w}x{h}" for n, (w, h) in REFERENCES])
def test_matches_reference(name: str, size: tuple[int, int], tmp_path: Path) -> None:
    path = REFERENCE_DIR / f"{name}-{size[0]}x{size[1]}.png"
    surface = render(sample(name), size)
    if os.environ.get("DISPLAY_UPDATE_REFERENCES"):
        REFERENCE_DIR.mkdir(exist_ok=True)
        pygame.image.save(surface, str(path))
    assert path.exists(), f"missing reference {path}; see this module's docstring"
    actual = _pixels(surface)
    expected = _pixels(pygame.image.load(str(path)))
    share, mean = compare(actual, expected)
    if share > SHARE_ALLOWED or mean > MEAN_ALLOWED:
        out = tmp_path / path.name
        pygame.image.save(surface, str(out))
        pytest.fail(f"{name} {size}: {share:.2%} of pixels differ, mean difference {mean:.2f}; "
                    f"actual image: {out}")


def test_comparison_catches_a_moved_element() -> None:
    view = sample("turn-launched")
    base = _pixels(render(view, (800, 480)))
    assert view.turn is not None
    turn = dataclasses.replace(view.turn, player="Cleopatra")
    moved = _pixels(render(view.replace(turn=turn), (800, 480)))
    share, _ = compare(moved, base)
    assert share > SHARE_ALLOWED
    assert compare(base, base) == (0.0, 0.0)
