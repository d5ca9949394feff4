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
from companion.night import night_view
from companion.stats import LoggedEvent, LoggedGame, night_stats

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_night_screen_shows_every_part_whole(size: tuple[int, int]) -> None:
    """Read from two metres, one part a page at 5 mm (the runner turns them): the last
    rounds, the standings, the fairness chart; "1/3" .. "3/3" in the header, and the
    fourth page is the first again."""
    layouts = [render_with_layout(sample("night").replace(page=p), size)[1] for p in range(4)]
    assert [next(i.text for i in lay.texts() if i.role == "night-page") for lay in layouts] == [
        "1/3", "2/3", "3/3", "1/3"]
    assert layouts[3].items == layouts[0].items
    assert layouts[0].find("strip-score") and not layouts[0].find("night-name")
    assert layouts[1].find("night-name") and not layouts[1].find("fair-p")
    assert layouts[2].find("fair-p") and not layouts[2].find("strip-score")
    for lay in layouts:
        assert min(i.cap_height for i in lay.texts()) >= round(size[1] * 5.0 / 85.9)
        assert lay.overlaps() == [] and lay.off_screen() == []
    layout = layouts[0]
    layout.items = [i for lay in layouts[:3] for i in lay.items]
    texts = {i.role: i for i in layout.texts()}
    assert [texts[f"strip-score:{i}"].text for i in range(10)] == [
        "8", "9", "\u2013", "7", "11", "6", "7", "12", "9", "10"]
    assert [texts[f"strip-name:{i}"].text for i in (0, 2, 6, 9)] == ["Anna", "none", "tie",
                                                                      "Ben"]
    assert [texts[f"night-name:{i}"].text for i in range(4)] == [
        "1. Cleo", "2. Anna", "3. Ben", "4. Dev"]
    assert texts["night-chips:0"].text == "+9 chips" and texts["night-chips:3"].text == "-6 chips"
    assert texts["night-won:0"].text == "6" and texts["night-rate:0"].text == "71 %"
    assert texts["night-head-won"].text == "won" and texts["night-head-launch"].text == "launch"
    # each head stands over its column (right-aligned)
    head, cell = texts["night-head-won"].rect, texts["night-won:0"].rect
    assert head[0] + head[2] == pytest.approx(cell[0] + cell[2], abs=2)
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
    """The warning about the dice is the first page, shown when the screen comes up;
    eight players' standings take two pages at 5 mm (five rows under the warning's
    band, then three)."""
    _, layout = render_with_layout(sample("night-warning"), (800, 480))
    lines = [i.text for i in layout.texts() if i.role.startswith("fair-warning")]
    assert " ".join(lines) == "6 came up on 31 % of 600 dice: check the dice"
    assert not layout.find("fair-p")
    assert next(i.text for i in layout.texts() if i.role == "night-page") == "1/4"
    names = [[i.text for i in render_with_layout(sample("night-warning").replace(page=p),
                                                  (800, 480))[1].find("night-name")]
             for p in (2, 3)]
    assert [len(n) for n in names] == [5, 3]
    assert names[1] == ["6. Eve", "7. Finn", "8. Gus"]


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_warning_about_the_dice_is_on_every_page(size: tuple[int, int]) -> None:
    """Wherever the night is shown: in full on the fairness page, as a short line in
    an orange band at 5 mm over every other page (the last rounds, the standings)."""
    from companion.display.legibility import measure

    pages = int(render_with_layout(sample("night-warning"), size)[1].find("night-page")[0]
                .text.split("/")[1])
    assert pages == 4
    for page in range(pages):
        texts, layout = measure(sample("night-warning").replace(page=page), size)
        alert = [t for t in texts if t.role.startswith("night-alert")]
        full = " ".join(i.text for i in layout.texts() if i.role.startswith("fair-warning"))
        if page == 0:
            assert full == "6 came up on 31 % of 600 dice: check the dice" and not alert
        else:
            assert [t.text for t in alert] == ["! Check the dice: 6 on 31 % of 600"]
            assert alert[0].cap_mm >= 5.0 and alert[0].contrast >= 4.5
            assert alert[0].background == (230, 159, 0)  # the orange band
    quiet = render_with_layout(sample("night").replace(page=1), size)[1]
    assert not quiet.find("night-alert")  # fair dice: no band


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


def test_the_p_value_stays_on_the_fairness_page_beside_a_warning() -> None:
    """With the dice looking loaded the warning takes the foot under the bars: the
    p-value goes up into the title (issue 14, item 2: the bar chart with its p-value)."""
    from companion.display.render import render_with_layout
    from companion.display.samples import sample

    view = sample("night-warning")
    assert view.night is not None and view.night.p_value is not None
    assert view.night.p_value < 0.001
    _, layout = render_with_layout(view.replace(page=0), (800, 480))
    titles = [i.text for i in layout.texts() if i.role == "fair-title"]
    assert titles == [f"DICE: {view.night.dice} · p < 0.001"]
