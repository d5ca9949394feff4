"""Fixtures of the app's tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(autouse=True)
def _no_display_left_open() -> Iterator[None]:
    """Every test leaves pygame's display closed, as the display's own tests expect."""
    yield
    import pygame

    pygame.display.quit()
