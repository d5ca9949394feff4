"""Random views at random sizes: the renderer never fails, and the layout invariants
hold for whatever the app may send (names in any script and length, 0 to 8 players,
long messages, faults, photos with marks anywhere)."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.display import (
    ConfirmView,
    Mark,
    MarkStyle,
    MatchResultView,
    MatchView,
    MessageView,
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
    render_with_layout,
    standard_slots,
)

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
                     explanation=draw(sentences))
        for k in range(used)
    )
    stood = banked == 3 and draw(st.booleans())
    return TurnView(
        draw(names), throws_used=used, slots=standard_slots(*([1] * banked)), cargo=cargo,
        score=(sum(cargo) if cargo else (0 if used == 3 else None)), throws=throws,
        dice_to_throw=0 if used == 3 or stood else (2 if banked == 3 else 5 - banked),
        stood=stood,
    )


@st.composite
def views(draw: st.DrawFn) -> View:
    screen = draw(st.sampled_from(list(Screen)))
    n = draw(st.integers(0, 8))
    current = draw(st.integers(-1, n - 1)) if n else -1
    players = tuple(
        PlayerView(draw(names), chips=draw(st.integers(-50, 999)),
                   points=draw(st.integers(0, 999)), current=k == current,
                   round_score=draw(st.none() | st.integers(0, 20)),
                   launched=draw(st.none() | st.booleans()),
                   rank=draw(st.none() | st.integers(1, 8)))
        for k in range(n)
    )
    entries = tuple(TieEntryView(draw(names), tuple(draw(st.lists(faces, max_size=2))))
                    for _ in range(draw(st.integers(1, 8))))
    message = draw(st.none() | st.builds(MessageView, st.sampled_from(list(Severity)), sentences,
                                         st.just("") | sentences))
    return View(
        screen, players=players,
        stakes=StakesView(kind=draw(st.sampled_from(list(Stakes))), pot=draw(st.integers(0, 9999)),
                          unit=draw(st.sampled_from(["chip", "$", "gp", "€"]))),
        match=MatchView(draw(st.integers(1, 99)), draw(st.none() | st.integers(1, 99)),
                        draw(st.none() | st.integers(1, 999))),
        rules=tuple(draw(st.lists(sentences, max_size=10))),
        turn=draw(turns()) if screen in (Screen.TURN, Screen.DISPUTE) else None,
        photo=draw(st.none() | photos()),
        message=message,
        odds=draw(st.none() | st.builds(OddsView, st.floats(0, 1), st.floats(0, 1))),
        faults=tuple(MessageView(Severity.FAULT, draw(sentences), draw(sentences))
                     for _ in range(draw(st.integers(0, 2)))),
        confirm=draw(st.none() | st.builds(ConfirmView, sentences, sentences,
                                           st.none() | st.floats(0, 1))),
        round_result=RoundResultView(1, draw(st.none() | names), draw(st.integers(0, 20)),
                                     (draw(faces), draw(faces)), draw(st.integers(0, 99)),
                                     draw(st.none() | st.integers(0, 99)), draw(st.just("") |
                                                                                 sentences)),
        match_result=MatchResultView(draw(st.none() | names), draw(st.just("") | sentences)),
        tie_break=TieBreakView(entries, draw(st.none() | st.integers(0, 20)),
                               draw(st.just("") | sentences), draw(st.integers(1, 9))),
    )


SIZES = st.sampled_from([(800, 480), (1024, 600), (1280, 720), (1920, 1080)]) | st.tuples(
    st.integers(320, 2560), st.integers(240, 1440))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(views(), SIZES)
def test_random_views_keep_the_layout_invariants(view: View, size: tuple[int, int]) -> None:
    surface, layout = render_with_layout(view, size)
    assert surface.get_size() == size
    assert [(i.role, i.rect) for i in layout.off_screen()] == []
    assert [(a.role, a.rect, b.role, b.rect) for a, b in layout.overlaps()] == []
    if view.screen is Screen.TURN:
        assert view.turn is not None
        roles = ["current-player", "throws-left"]
        if view.turn.cargo_value is not None:
            roles.append("cargo")
        for role in roles:
            found = [i for i in layout.items if i.role == role]
            assert len(found) == 1, role
            if size[0] >= size[1] * 0.5:  # any screen but a sliver
                assert found[0].cap_height >= size[1] / 8, role
