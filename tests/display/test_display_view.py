"""The View dataclasses: validation, helpers, equality, and the redraw helpers."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from companion.display import (
    ConfirmView,
    DieRole,
    Mark,
    MarkStyle,
    MessageView,
    OddsView,
    Painter,
    PhotoView,
    PlayerView,
    Screen,
    Severity,
    SlotView,
    StakesView,
    ThrowView,
    TieBreakView,
    TieEntryView,
    TurnView,
    View,
    ViewError,
    needs_redraw,
    render,
    render_with_layout,
    standard_slots,
)
from companion.display.samples import SAMPLES, sample
from companion.engine import format_amount


def _photo(value: int = 0) -> PhotoView:
    image = np.full((48, 64, 3), value, dtype=np.uint8)
    return PhotoView(image, (Mark((10.0, 12.0), value=3, style=MarkStyle.THROWN),))


def test_turn_counts_throws_left_and_launch() -> None:
    turn = TurnView("Anna", throws_used=2, slots=standard_slots(1, 2, 2), cargo=(6, 1), score=7)
    assert turn.throws_left == 1
    assert turn.launched
    assert turn.cargo_value == 7
    assert not turn.over
    stood = TurnView("Anna", throws_used=2, slots=standard_slots(1, 2, 2), cargo=(6, 1),
                     stood=True)
    assert stood.throws_left == 0 and stood.over


def test_pace_setter_caps_throws() -> None:
    turn = TurnView("Ben", throws_used=1, throws_max=2)
    assert turn.throws_left == 1
    with pytest.raises(ViewError, match="throws_used"):
        TurnView("Ben", throws_used=3, throws_max=2)


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: TurnView("Anna", cargo=(7, 1)), "cargo"),
        (lambda: TurnView(""), "player"),
        (lambda: TurnView("Anna", dice_to_throw=6), "dice_to_throw"),
        (lambda: SlotView(DieRole.CARGO, 6), "role"),
        (lambda: SlotView(DieRole.SHIP, 0), "face"),
        (lambda: ThrowView(1, ()), "dice"),
        (lambda: PlayerView("  "), "name"),
        (lambda: PlayerView("Anna", rank=0), "rank"),
        (lambda: OddsView(1.2, 0.5), "stand"),
        (lambda: ConfirmView("Undo?", progress=-0.1), "progress"),
        (lambda: MessageView(Severity.INFO, ""), "text"),
        (lambda: Mark((1.0, 2.0), value=None, style=MarkStyle.UNREADABLE, corners=((0, 0),)),
         "corners"),
        (lambda: Mark((1.0, 2.0), value=4, style=MarkStyle.UNREADABLE), "value"),
        (lambda: TieBreakView(()), "entries"),
        (lambda: TieEntryView("Anna", (0,)), "dice"),
        (lambda: StakesView(pot=-1), "pot"),
    ],
)
def test_bad_parts_raise_view_error_naming_the_field(build: object, field: str) -> None:
    with pytest.raises(ViewError, match=field):
        build()  # type: ignore[operator]


def test_screen_needs_its_part() -> None:
    with pytest.raises(ViewError, match="turn"):
        View(Screen.TURN)
    with pytest.raises(ViewError, match="round_result"):
        View(Screen.ROUND_RESULT)
    with pytest.raises(ViewError, match="tie_break"):
        View(Screen.ROLL_OFF)


def test_view_limits_players_and_current() -> None:
    nine = tuple(PlayerView(f"P{i}") for i in range(9))
    with pytest.raises(ViewError, match="at most 8"):
        View(Screen.ATTRACT, players=nine)
    two_current = (PlayerView("A", current=True), PlayerView("B", current=True))
    with pytest.raises(ViewError, match="one current"):
        View(Screen.ATTRACT, players=two_current)
    with pytest.raises(ViewError, match="FAULT"):
        View(Screen.ATTRACT, faults=(MessageView(Severity.PROBLEM, "x"),))


def test_photo_must_be_bgr_uint8() -> None:
    with pytest.raises(ViewError, match="dtype uint8"):
        PhotoView(np.zeros((4, 4, 3), dtype=np.float32))
    with pytest.raises(ViewError, match="H x W x 3"):
        PhotoView(np.zeros((4, 4), dtype=np.uint8))
    with pytest.raises(ViewError, match="numpy array"):
        PhotoView([[0, 0, 0]])  # type: ignore[arg-type]


def test_throw_of_takes_each_die_s_role_by_index() -> None:
    seed = ThrowView.of(1, "66541", ship=0, captain=2, crew=3, cargo=(1, 4))
    assert [(d.value, d.role) for d in seed.dice] == [
        (6, DieRole.SHIP), (6, DieRole.CARGO), (5, DieRole.CAPTAIN), (4, DieRole.CREW),
        (1, DieRole.CARGO)]
    # The same values, the other 6 banked: roles follow the index, never the value.
    other = ThrowView.of(1, "66541", ship=1, captain=2, crew=3, cargo=(0, 4))
    assert [d.role for d in other.dice][:2] == [DieRole.CARGO, DieRole.SHIP]
    # wild-ones (seed 000): 6 5 1 1 3 banks 6, 5 and a 1 as the crew.
    wild = ThrowView.of(1, "65113", ship=0, captain=1, crew=2, cargo=(3, 4))
    assert [d.role for d in wild.dice] == [DieRole.SHIP, DieRole.CAPTAIN, DieRole.CREW,
                                           DieRole.CARGO, DieRole.CARGO]
    plain = ThrowView.of(2, "4411", explanation="No captain.")
    assert {d.role for d in plain.dice} == {DieRole.THROWN}
    assert plain.explanation == "No captain."
    with pytest.raises(ViewError, match="index 4 is not one of the 4 dice"):
        ThrowView.of(1, "6431", ship=4)
    with pytest.raises(ViewError, match="die 0 is both ship and cargo"):
        ThrowView.of(1, "6431", ship=0, cargo=(0, 1))


def test_stakes_amounts() -> None:
    assert StakesView().amount(1) == "1 chip"
    assert StakesView().amount(4) == "4 chips"
    assert StakesView(unit="$").amount(40) == "$40"
    assert StakesView(unit="gp").amount(25) == "25 gp"
    assert StakesView(unit="penny", unit_plural="pence").amount(3) == "3 pence"
    # One formatter for the engine and the display: the sign before the symbol.
    assert StakesView(unit="$").amount(-3) == "-$3" == format_amount(-3, "$")
    assert StakesView(unit="¥").amount(3) == "¥3" == format_amount(3, "¥")
    assert StakesView().amount(-2) == "-2 chips" == format_amount(-2, "chip")


def test_photo_equality_is_by_pixels() -> None:
    a, b = _photo(10), _photo(10)
    assert a.image is not b.image
    assert a == b and hash(a) == hash(b)
    assert a != _photo(11)
    changed = np.array(a.image)
    changed[5, 5, 1] += 1
    assert a != PhotoView(changed, a.marks)


def test_needs_redraw_only_on_change() -> None:
    view = sample("turn-launched")
    again = sample("turn-launched")  # rebuilt from scratch: new arrays, same pixels
    assert not needs_redraw(view, again)
    assert needs_redraw(None, view)
    assert needs_redraw(view, view.replace(odds=None))
    hold = view.replace(confirm=ConfirmView("Undo?", progress=0.5))
    assert needs_redraw(hold, hold.replace(confirm=ConfirmView("Undo?", progress=0.6)))


def test_painter_limits_to_30_fps_and_skips_unchanged() -> None:
    times = iter([0.0, 0.010, 0.020, 0.034, 0.040, 0.100])
    painter = Painter(clock=lambda: next(times))
    view = sample("turn-start")
    assert painter.frame(view, (320, 200)) is not None  # t=0: first frame
    assert painter.frame(view, (320, 200)) is None  # unchanged
    changed = view.replace(odds=OddsView(0.5, 0.25))
    assert painter.frame(changed, (320, 200)) is None  # t=0.020 < 1/30 s after the last
    assert painter.frame(changed, (320, 200)) is not None  # t=0.034
    assert painter.frame(changed, (400, 240)) is None  # resized, but too soon (t=0.040)
    surface = painter.frame(changed, (400, 240))
    assert surface is not None and surface.get_size() == (400, 240)
    assert painter.frames == 3


def test_render_is_pure_and_needs_no_display() -> None:
    view = sample("turn-problem")
    a = pygame.image.tobytes(render(view, (640, 400)), "RGB")
    b = pygame.image.tobytes(render(view, (640, 400)), "RGB")
    assert a == b
    assert pygame.display.get_surface() is None


def test_render_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="size"):
        render(sample("attract"), (0, 480))
    with pytest.raises(ViewError, match="expected a View"):
        render("turn", (800, 480))  # type: ignore[arg-type]


def test_every_sample_renders_and_draws_its_words() -> None:
    for name in SAMPLES:
        view = sample(name)
        _, layout = render_with_layout(view, (1024, 600))
        drawn = " ".join(i.text for i in layout.texts())
        if view.message is not None and view.confirm is None:
            first_word = view.message.text.split()[0]
            assert first_word in drawn, (name, first_word)


def test_huge_photo_and_odd_names_render() -> None:
    big = np.zeros((3040, 4056, 3), dtype=np.uint8)
    big[1000:1400, 1500:1900] = 255
    photo = PhotoView(big, (Mark((1700.0, 1200.0), ((1500, 1000), (1900, 1000), (1900, 1400),
                                                   (1500, 1400)), 6, MarkStyle.BANKED),))
    view = sample("turn-ship").replace(
        photo=photo,
        players=(PlayerView("王小明", current=True), PlayerView("x" * 200)),
        turn=TurnView("王小明" + "y" * 100, throws_used=1, slots=standard_slots(ship=1)),
    )
    surface, layout = render_with_layout(view, (800, 480))
    assert surface.get_size() == (800, 480)
    name = layout.find("current-player")[0]
    assert name.truncated and name.text.endswith("…")
    assert not layout.off_screen()
    assert not layout.overlaps()


def test_throw_of_refuses_what_is_not_a_throw() -> None:
    with pytest.raises(ViewError, match="dice"):
        ThrowView.of(1, (6, 7))
    with pytest.raises(ViewError, match="face values"):
        ThrowView.of(1, "6x")


def test_preview_and_bench_commands_run(tmp_path: object, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    from pathlib import Path

    from companion.display import bench, preview

    out = Path(str(tmp_path))
    assert preview.main([str(out), "--size", "320x200", "--only", "attract"]) == 0
    assert (out / "attract-320x200.png").exists()
    assert bench.main(["--repeat", "1", "--size", "320x200"]) == 0
    printed = capsys.readouterr().out
    assert "320x200 turn-launched" in printed and "needs_redraw" in printed


def test_the_view_package_loads_neither_pygame_nor_numpy() -> None:
    import subprocess
    import sys

    code = ("import sys, companion.view, companion.view.present, companion.view.setup; "
            "print(sorted(m for m in ('pygame', 'numpy', 'cv2') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
