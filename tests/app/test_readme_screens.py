"""Every screen in the README is the app's own view of a real game (issue 12, item 10).

The PNGs under docs/screenshots/ named in ``readme_screens.README_SCREENS`` are
compared with the views a scripted game through the real app gives at those moments
(engine, odds, dice reader, journal, the app's wording); a README screen made by hand,
or left behind by a change of the product, fails here.
"""

from __future__ import annotations

import re

import numpy as np
import pygame
import pytest

from companion.display import render
from companion.odds import decision_odds

from . import readme_screens
from .readme_screens import README_SCREENS, ROOT, SHOTS

# The tolerance of the display's own snapshot tests (FreeType builds differ a little).
PIXEL_TOLERANCE = 48
SHARE_ALLOWED = 0.004
MEAN_ALLOWED = 1.5


@pytest.fixture(scope="module")
def views() -> dict[str, object]:
    return readme_screens.views()  # type: ignore[return-value]


def _pixels(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array3d(surface).swapaxes(0, 1).astype(np.int16)


@pytest.mark.parametrize(("file_name", "name", "size"), README_SCREENS,
                         ids=[f for f, _, _ in README_SCREENS])
def test_each_readme_screen_is_the_apps_view_of_the_game(
    views: dict[str, object], file_name: str, name: str, size: tuple[int, int]
) -> None:
    path = SHOTS / file_name
    assert f"docs/screenshots/{file_name}" in (ROOT / "README.md").read_text(encoding="utf-8")
    actual = _pixels(render(views[name], size))  # type: ignore[arg-type]
    expected = _pixels(pygame.image.load(str(path)))
    assert actual.shape == expected.shape, f"{file_name}: {expected.shape} vs {actual.shape}"
    diff = np.abs(actual - expected)
    share, mean = float((diff.max(axis=2) > PIXEL_TOLERANCE).mean()), float(diff.mean())
    assert share <= SHARE_ALLOWED and mean <= MEAN_ALLOWED, (
        f"{file_name} is not the app's view ({share:.2%} of pixels differ, mean {mean:.2f}); "
        "write the README's screens again: ./dev python -m tests.app.readme_screens"
    )


def test_the_readme_shows_no_screen_the_game_does_not_give() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    shown = set(re.findall(r"docs/screenshots/(display-[\w-]+\.png)", readme))
    assert shown == {f for f, _, _ in README_SCREENS}


def test_the_launched_screen_shows_the_odds_models_figure(views: dict[str, object]) -> None:
    # issue 12: the README showed "Re-throw 42 %" where the model gives 29.9 %
    from companion.engine import settings_from_options

    odds = views["turn-launched"].odds  # type: ignore[attr-defined]
    model = decision_odds(settings_from_options("standard", {}), cargo=7, throws_left=1,
                          best=8, players_after=1)
    assert odds is not None and odds.rethrow == pytest.approx(float(model.rethrow))
    assert round(100 * odds.rethrow) == 30 and odds.stand == 0.0


def test_undo_is_confirmed_by_a_second_undo_not_a_hold(views: dict[str, object]) -> None:
    confirm = views["turn-confirm"].confirm  # type: ignore[attr-defined]
    assert confirm is not None and confirm.progress is None
    assert confirm.how == "Press undo again to confirm; press the button to cancel"
