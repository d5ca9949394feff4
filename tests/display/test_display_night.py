"""The night screen: the last rounds, standings, best cargo, launch rates and fairness."""

from __future__ import annotations

import pytest

from companion.display import (
    NightPlayerView,
    NightView,
    Screen,
    StakesView,
    View,
    ViewError,
    render_with_layout,
)
from companion.display.samples import sample
from companion.stats import LoggedEvent, LoggedGame, night_stats
from companion.view.present import night_view

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_night_screen_shows_every_part_whole(size: tuple[int, int]) -> None:
    _, layout = render_with_layout(sample("night"), size)
    texts = {i.role: i for i in layout.texts()}
    assert [texts[f"strip-score:{i}"].text for i in range(10)] == [
        "8", "9", "\u2013", "7", "11", "6", "7", "12", "9", "10"]
    assert [texts[f"strip-name:{i}"].text for i in (0, 2, 6, 9)] == ["Anna", "none", "tie",
                                                                      "Ben"]
    assert [texts[f"night-name:{i}"].text for i in range(4)] == [
        "1. Cleo", "2. Anna", "3. Ben", "4. Dev"]
    assert texts["night-chips:0"].text == "+9 chips" and texts["night-chips:3"].text == "-6 chips"
    assert texts["night-won:0"].text == "won 6" and texts["night-rate:0"].text == "launch 71 %"
    assert texts["night-best"].text == "Best cargo: Cleo 12 (game 2, round 1)"
    assert texts["fair-p"].text == "fair-die test: p = 0.96"
    assert not [i.text for i in layout.texts() if i.truncated]
    bars = {i.role: i.rect for i in layout.items if i.kind == "bar"}
    heights = [bars[f"fair-bar:{face}"][3] for face in range(1, 7)]
    faces = (41, 38, 45, 40, 43, 39)
    # bar heights in proportion to the counts (to a pixel)
    for h, n in zip(heights, faces, strict=True):
        assert h == pytest.approx(heights[2] * n / 45, abs=1.0)
    # the newest round and the night's top of the standings stand out in yellow
    assert texts["strip-score:9"].cap_height > texts["night-name:0"].cap_height


def test_the_warning_replaces_the_p_value_in_an_orange_band() -> None:
    _, layout = render_with_layout(sample("night-warning"), (800, 480))
    lines = [i.text for i in layout.texts() if i.role.startswith("fair-warning")]
    assert " ".join(lines) == "6 came up on 31 % of 600 dice: check the dice"
    assert not layout.find("fair-p")
    assert len(layout.find("night-name")) == 8


def test_night_view_from_the_stats_of_a_journal() -> None:
    tokens = ["65433", "S", "65466", "S", "N", "65432", "S", "11111", "11111", "11111"]
    events = tuple(LoggedEvent(i + 1, 1_796_068_800.0 + 60 * i, token)
                   for i, token in enumerate(tokens))
    game = LoggedGame(1, 1_796_068_800.0, "standard", {"first-player": "named"},
                      ("Ann", "Bob"), events)
    night = night_view(night_stats([game]))
    assert (night.games, night.rounds, night.best) == (1, 2, "Bob 12")
    assert night.last_rounds == (("Bob", 12), ("Bob", 5))
    assert [(p.name, p.rounds_won, p.chips, p.points) for p in night.players] == [
        ("Bob", 2, 2, None), ("Ann", 0, -2, None)]
    assert night.players[1].launch_rate == 0.5
    assert night.faces == (15, 1, 3, 3, 3, 5) and night.dice == 30
    view = View(Screen.NIGHT, stakes=StakesView(), night=night)
    _, layout = render_with_layout(view, (800, 480))
    assert {i.text for i in layout.find("strip-name")} == {"Bob"}


def test_bad_night_views_are_refused_where_they_are_built() -> None:
    with pytest.raises(ViewError, match=r"NightView\.faces"):
        NightView(faces=(1, 2, 3))  # type: ignore[arg-type]
    with pytest.raises(ViewError, match="rounds_won"):
        NightPlayerView("Ann", rounds_won=3, rounds_played=2)
    with pytest.raises(ViewError, match=r"View\.night"):
        View(Screen.NIGHT)
