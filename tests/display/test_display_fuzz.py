"""Random views at random sizes: the renderer never fails, and the layout invariants
hold for whatever the app may send (names in any script and length, 0 to 8 players,
long messages, faults, photos with marks anywhere).

Sizes (see ``companion.display.MIN_SIZE`` and the README's display section):

- the supported range, at least 480 x 320 px and no narrower than half the height,
  with the four required sizes always among the examples: the full invariants (no
  overlap, nothing off-screen, the key figures drawn once, whole, and at least 1/8 of
  the height);
- compact mode, from 320 x 240 px up to the supported range, and slivers narrower
  than half the height: the same, except that on a sliver the key figures may be
  smaller than 1/8 of the height (they shrink to fit the width);
- anything smaller down to 1 x 1 px: the renderer draws without failing.

CI is deterministic: the examples are derived from the test's own code
(``derandomize=True``, no example database), so a run fails or passes the same way
every time. To hunt for new failures locally, run with random examples, as many as
you like, and replay a seed that fails::

    DISPLAY_FUZZ=random DISPLAY_FUZZ_EXAMPLES=2000 python -m pytest \\
        tests/display/test_display_fuzz.py
    DISPLAY_FUZZ=random python -m pytest tests/display/test_display_fuzz.py \\
        --hypothesis-seed=24
"""

from __future__ import annotations

import os

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.display import (
    COMPACT_MIN_SIZE,
    MIN_SIZE,
    BonusView,
    ConfirmView,
    Layout,
    Mark,
    MarkStyle,
    MatchResultView,
    MatchView,
    MessageView,
    NightPlayerView,
    NightView,
    OddsView,
    PhotoView,
    PlayerView,
    RoundResultView,
    Screen,
    Severity,
    Stakes,
    StakesView,
    ThrowView,
    TieBreakView,
    TieEntryView,
    TurnView,
    View,
    is_compact,
    render_with_layout,
    standard_slots,
    theme,
)

#: Random examples instead of CI's fixed ones (see the module's docstring).
RANDOM = os.environ.get("DISPLAY_FUZZ") == "random"
#: Examples per test (scaled down for the smaller tests below).
EXAMPLES = int(os.environ.get("DISPLAY_FUZZ_EXAMPLES", "300"))


def fuzz_settings(share: float = 1.0) -> settings:
    return settings(max_examples=max(1, round(EXAMPLES * share)), deadline=None,
                    derandomize=not RANDOM, suppress_health_check=[HealthCheck.too_slow])


# Latin, accented Latin, Greek (chi alpha rho pi) and Cyrillic (zhe, short i), digits.
ALPHABET = ("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéüßØŁ"
            "\u03a7\u03b1\u03c1\u03c0\u0416\u0436\u0439 '-.0123456789")
names = st.text(ALPHABET, min_size=1, max_size=30).filter(lambda s: s.strip() != "")
sentences = st.text(ALPHABET + "  ", min_size=1, max_size=120).filter(lambda s: s.strip() != "")
faces = st.integers(1, 6)


@st.composite
def photos(draw: st.DrawFn) -> PhotoView:
    w, h = draw(st.integers(8, 400)), draw(st.integers(8, 300))
    image = np.full((h, w, 3), draw(st.integers(0, 255)), dtype=np.uint8)
    marks = []
    # Dice lie apart in a tray: each in its own cell of a 4 x 3 grid, up to half a
    # cell wide; one may be reported off the photo's edge.
    cells = draw(st.lists(st.integers(0, 11), max_size=6, unique=True))
    for cell in cells:
        cw, ch = w / 4, h / 3
        x = (cell % 4 + draw(st.floats(0.25, 0.75))) * cw
        y = (cell // 4 + draw(st.floats(0.25, 0.75))) * ch
        s = draw(st.floats(0.5, 0.25 * min(cw, ch) + 0.5))
        if draw(st.integers(0, 9)) == 0:
            x += w
        style = draw(st.sampled_from(list(MarkStyle)))
        value = None if style is MarkStyle.UNREADABLE else draw(faces)
        corners = ((x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s))
        marks.append(Mark((x, y), corners if draw(st.booleans()) else (), value, style))
    return PhotoView(image, tuple(marks))


@st.composite
def turns(draw: st.DrawFn) -> TurnView:
    banked = draw(st.integers(0, 3))
    used = draw(st.integers(0 if banked == 0 else 1, 3))
    cargo = (draw(faces), draw(faces)) if banked == 3 else None
    throws = tuple(
        ThrowView.of(k + 1, "".join(str(draw(faces)) for _ in range(draw(st.integers(1, 5)))),
                     explanation=draw(st.just("") | sentences),
                     photo=draw(st.none() | photos()) if draw(st.integers(0, 3)) == 0 else None)
        for k in range(used)
    )
    stood = banked == 3 and draw(st.booleans())
    bonuses = tuple(BonusView(draw(sentences), draw(st.integers(1, 6)))
                    for _ in range(draw(st.integers(0, 2)) if cargo else 0))
    score = (sum(cargo) + sum(b.points for b in bonuses) if cargo
             else (0 if used == 3 else None))
    return TurnView(
        draw(names), throws_used=used, slots=standard_slots(*([1] * banked)), cargo=cargo,
        score=score, bonuses=bonuses, throws=throws,
        dice_to_throw=0 if used == 3 or stood else (2 if banked == 3 else 5 - banked),
        stood=stood,
    )


@st.composite
def nights(draw: st.DrawFn) -> NightView:
    """Any night: up to 8 players, up to 10 rounds in the strip, any face counts."""
    players = []
    for _ in range(draw(st.integers(0, 8))):
        played = draw(st.integers(0, 999))
        players.append(NightPlayerView(
            draw(names), draw(st.integers(0, played)), played,
            chips=draw(st.none() | st.integers(-9999, 9999)),
            points=draw(st.none() | st.integers(0, 9999)), launch_rate=draw(st.floats(0, 1))))
    faces = tuple(draw(st.integers(0, 99999)) for _ in range(6))
    return NightView(
        games=draw(st.integers(0, 99)), rounds=draw(st.integers(0, 9999)),
        players=tuple(players), best=draw(st.none() | sentences),
        last_rounds=tuple(draw(st.lists(st.tuples(st.none() | names, st.integers(0, 20)),
                                        max_size=10))),
        faces=faces,  # type: ignore[arg-type]
        p_value=draw(st.none() | st.floats(0, 1)), warning=draw(st.none() | sentences),
    )


@st.composite
def views(draw: st.DrawFn, crowded: bool = False) -> View:
    """Any view; ``crowded``: everything at once (8 players, two faults, a message, the
    photo and the odds)."""
    screen = draw(st.sampled_from(list(Screen)))
    n = 8 if crowded else draw(st.integers(0, 8))
    current = draw(st.integers(-1, n - 1)) if n else -1
    players = tuple(
        PlayerView(draw(names), chips=draw(st.integers(-50, 999)),
                   points=draw(st.integers(0, 999)), drinks=draw(st.none() | st.integers(0, 99)),
                   current=k == current, round_score=draw(st.none() | st.integers(0, 20)),
                   launched=draw(st.none() | st.booleans()),
                   rank=draw(st.none() | st.integers(1, 8)), out=draw(st.booleans()))
        for k in range(n)
    )
    tied = draw(st.integers(1, 8))
    to_throw = draw(st.integers(-1, tied - 1))
    entries = tuple(TieEntryView(draw(names), tuple(draw(st.lists(faces, max_size=2))),
                                 current=k == to_throw, out=draw(st.integers(0, 4)) == 0)
                    for k in range(tied))
    messages = st.builds(MessageView, st.sampled_from(list(Severity)), sentences,
                         st.just("") | sentences)
    message = draw(messages if crowded else st.none() | messages)
    photo = draw(photos() if crowded else st.none() | photos())
    odds = st.builds(OddsView, st.floats(0, 1), st.floats(0, 1))
    return View(
        screen, players=players,
        stakes=StakesView(kind=draw(st.sampled_from(list(Stakes))), pot=draw(st.integers(0, 9999)),
                          unit=draw(st.sampled_from(["chip", "$", "gp", "€"]))),
        match=MatchView(draw(st.integers(1, 99)), draw(st.none() | st.integers(1, 99)),
                        draw(st.none() | st.integers(1, 999)),
                        to_beat=draw(st.none() | sentences)),
        rules=tuple(draw(st.lists(sentences, max_size=10))),
        turn=draw(turns()) if screen in (Screen.TURN, Screen.DISPUTE) else None,
        photo=photo,
        message=message,
        odds=draw(odds if crowded else st.none() | odds),
        faults=tuple(MessageView(Severity.FAULT, draw(sentences), draw(sentences))
                     for _ in range(2 if crowded else draw(st.integers(0, 3)))),
        confirm=draw(st.none() | st.builds(ConfirmView, sentences, sentences,
                                           st.none() | st.floats(0, 1))),
        round_result=RoundResultView(1, draw(st.none() | names), draw(st.integers(0, 20)),
                                     (draw(faces), draw(faces)), draw(st.integers(0, 99)),
                                     draw(st.none() | st.integers(0, 99)), draw(st.just("") |
                                                                                 sentences)),
        match_result=MatchResultView(draw(st.none() | names), draw(st.just("") | sentences)),
        tie_break=TieBreakView(entries, draw(st.none() | st.integers(0, 20)),
                               draw(st.just("") | sentences), draw(st.integers(1, 9))),
        night=draw(nights()) if screen is Screen.NIGHT else None,
    )


#: The sizes the display must serve (issue 5): always among the examples.
REQUIRED_SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]


@st.composite
def supported_sizes(draw: st.DrawFn) -> tuple[int, int]:
    """A size in the supported range: at least ``MIN_SIZE``, no narrower than half the
    height, up to 2560 x 1440 px."""
    h = draw(st.integers(MIN_SIZE[1], 1440))
    return draw(st.integers(max(MIN_SIZE[0], (h + 1) // 2), 2560)), h


@st.composite
def compact_sizes(draw: st.DrawFn) -> tuple[int, int]:
    """A size in compact mode: from ``COMPACT_MIN_SIZE`` up to the supported range (too
    narrow or too low), or a sliver narrower than half the height."""
    kind = draw(st.sampled_from(["narrow", "low", "sliver"]))
    if kind == "narrow":
        return draw(st.integers(COMPACT_MIN_SIZE[0], MIN_SIZE[0] - 1)), draw(
            st.integers(COMPACT_MIN_SIZE[1], 2 * MIN_SIZE[0] - 2))
    if kind == "low":
        return draw(st.integers(COMPACT_MIN_SIZE[0], 2560)), draw(
            st.integers(COMPACT_MIN_SIZE[1], MIN_SIZE[1] - 1))
    h = draw(st.integers(2 * COMPACT_MIN_SIZE[0] + 2, 1440))
    return draw(st.integers(COMPACT_MIN_SIZE[0], (h - 1) // 2)), h


def _one(layout: Layout, role: str) -> str:
    """The text of the one item with ``role`` (fails unless there is exactly one)."""
    found = [i for i in layout.items if i.role == role]
    assert len(found) == 1, f"{role} drawn {len(found)} times"
    assert found[0].text, f"{role} drawn empty"
    return found[0].text


def check_invariants(view: View, size: tuple[int, int]) -> None:
    """The layout invariants, with messages naming what broke.

    Everywhere from ``COMPACT_MIN_SIZE`` up: nothing off-screen; no two texts, dice,
    icons or photos overlap (nor value tags, nor a mark off its photo); no text below
    ``theme.MIN_CAP_PX``; the faults are drawn (in two rows at most in compact mode);
    the referee's message (or the confirmation) is drawn, and on the turn, the current
    player (whole, or cut with "…"),
    the throws left and the cargo value (whole) are drawn exactly once, at least 1/8 of
    the height tall except on a sliver (narrower than half the height: compact mode),
    but for the room a legible screen's faults may take from them (on the turn, on
    odd pages only).
    """
    surface, layout = render_with_layout(view, size)
    assert surface.get_size() == size
    off = [(i.role, i.rect) for i in layout.off_screen()]
    assert off == [], f"off screen: {off}"
    pairs = [(a.role, a.rect, b.role, b.rect) for a, b in layout.overlaps()]
    assert pairs == [], f"overlaps: {pairs}"
    small = [(i.role, i.cap_height) for i in layout.texts() if i.cap_height < theme.MIN_CAP_PX]
    assert small == [], f"text below the minimum size: {small}"
    # Read from two metres every fault is drawn (whole, a line or more each) and may
    # take the room of the body and then of the message, on the turn on odd pages only
    # (on even pages the game, a fault a line); two rows at most where they are a line
    # each (compact mode, or too long to stand whole beside the game).
    legible = not is_compact(size)
    given_way = legible and bool(view.faults) and (
        view.screen is not Screen.TURN or view.page % 2 == 1)
    if view.confirm is not None and not given_way:
        _one(layout, "confirm")
    elif view.message is not None and not given_way:
        _one(layout, "message")
    heads = sorted({i.role.split(":")[1] for i in layout.items
                    if i.role.split(":")[0] == "fault"}, key=int)
    every = [str(index) for index in range(len(view.faults))]
    assert heads in ((every, every[:2]) if legible else (every[:2],)), heads
    for index in heads:
        _one(layout, f"fault:{index}")
    if view.screen is Screen.TURN and not given_way:
        turn = view.turn
        assert turn is not None
        shown = _one(layout, "current-player")
        assert shown == turn.player or (
            shown.endswith("…") and len(shown) > 1 and turn.player.startswith(shown[:-1])
        ), f"current player {shown!r} for {turn.player!r}"
        assert _one(layout, "throws-left") == str(turn.throws_left)
        roles = ["current-player", "throws-left"]
        if turn.cargo_value is not None:
            assert _one(layout, "cargo") == str(turn.cargo_value)
            roles.append("cargo")
        if size[0] >= size[1] / 2:
            for role in roles:
                cap = next(i.cap_height for i in layout.items if i.role == role)
                assert cap >= size[1] / 8, f"{role} capitals {cap} px at {size}"


@fuzz_settings()
@given(views(), st.sampled_from(REQUIRED_SIZES) | supported_sizes())
def test_random_views_keep_the_layout_invariants(view: View, size: tuple[int, int]) -> None:
    assert not is_compact(size)
    check_invariants(view, size)


@pytest.mark.parametrize("size", [*REQUIRED_SIZES, MIN_SIZE, (MIN_SIZE[0], 2 * MIN_SIZE[0])],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_crowded_views_keep_the_layout_invariants(size: tuple[int, int]) -> None:
    """Everything at once (two faults, a message, eight players, the photo, the odds)
    at the required sizes and at the corners of the supported range."""

    @fuzz_settings(0.15)
    @given(views(crowded=True))
    def crowded(view: View) -> None:
        check_invariants(view, size)

    crowded()


@fuzz_settings(0.5)
@given(views(), compact_sizes())
def test_compact_mode_keeps_its_invariants(view: View, size: tuple[int, int]) -> None:
    assert is_compact(size)
    check_invariants(view, size)


@fuzz_settings(0.2)
@given(views(), st.tuples(st.integers(1, COMPACT_MIN_SIZE[0] - 1),
                          st.integers(1, COMPACT_MIN_SIZE[1] - 1)))
def test_below_the_compact_minimum_the_renderer_still_draws(view: View,
                                                            size: tuple[int, int]) -> None:
    surface, _ = render_with_layout(view, size)
    assert surface.get_size() == size


def test_sizes_are_classified() -> None:
    assert [is_compact(s) for s in REQUIRED_SIZES] == [False] * 4
    assert not is_compact(MIN_SIZE) and not is_compact((480, 960))
    assert is_compact((479, 320)) and is_compact((480, 319)) and is_compact((480, 961))
    assert is_compact(COMPACT_MIN_SIZE) and is_compact((100, 50))


def test_a_sliver_shrinks_the_key_figures_to_its_width() -> None:
    turn = TurnView("Wilhelmina", throws_used=2, slots=standard_slots(1, 1, 2), cargo=(6, 6),
                    score=12, dice_to_throw=2)
    view = View(Screen.TURN, turn=turn)
    _, layout = render_with_layout(view, (320, 1400))
    cargo = next(i for i in layout.items if i.role == "cargo")
    assert cargo.text == "12"
    assert theme.MIN_CAP_PX <= cargo.cap_height < 1400 / 8
    check_invariants(view, (320, 1400))
    # The same turn on a supported screen keeps the full size.
    _, layout = render_with_layout(view, (480, 960))
    assert next(i for i in layout.items if i.role == "cargo").cap_height >= 960 / 8


def test_a_crowded_problem_keeps_the_key_figures_beside_a_narrower_photo() -> None:
    """The first example the fuzz test found: with two faults and a problem at 1920 x 1080
    the photo column used to squeeze the throws left onto the ship's die."""
    turn = TurnView("Wilhelmina", throws_used=3, slots=standard_slots(1, 1, 1), cargo=(1, 1),
                    score=2, dice_to_throw=0, stood=True)
    image = np.full((300, 400, 3), 90, dtype=np.uint8)
    photo = PhotoView(image, (Mark((100, 100), (), 6, MarkStyle.BANKED),
                              Mark((300, 200), (), None, MarkStyle.UNREADABLE)))
    view = View(Screen.TURN, turn=turn, photo=photo,
                players=tuple(PlayerView(n, chips=5) for n in ("Ann", "Ben", "Wilhelmina")),
                message=MessageView(Severity.PROBLEM, "One die is leaning on the wall",
                                    "Re-throw all 2 dice"),
                faults=(MessageView(Severity.FAULT, "Camera lost", "Check the cable"),
                        MessageView(Severity.FAULT, "Button not wired", "Use the keyboard")))
    for size in [*REQUIRED_SIZES, (388, 337)]:
        check_invariants(view, size)
    _, layout = render_with_layout(view, (1920, 1080))
    photo_item = next(i for i in layout.items if i.role == "photo")
    assert photo_item.rect[2] < 1920 * 9 // 20  # it gave way...
    assert photo_item.rect[2] >= 1080 * 0.3  # ...but is still there


def test_a_third_fault_has_its_own_row_or_shares_the_second_in_compact_mode() -> None:
    faults = tuple(MessageView(Severity.FAULT, text, "Call staff")
                   for text in ("Camera lost", "Button not wired", "Disk full"))
    _, layout = render_with_layout(View(Screen.ATTRACT, faults=faults), (1280, 720))
    rows = [i.text for i in layout.texts() if i.role.startswith("fault")]
    assert rows == ["FAULT: Camera lost", "Call staff", "FAULT: Button not wired", "Call staff",
                    "FAULT: Disk full", "Call staff"]
    _, layout = render_with_layout(View(Screen.ATTRACT, faults=faults), (400, 300))
    rows = [i.text for i in layout.items if i.role.startswith("fault:")]
    assert rows == ["FAULT: Camera lost", "FAULT: Button not wired · Disk full"]
