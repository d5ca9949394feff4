"""Layout invariants of every sample screen at every supported size.

Each render records the rectangle of every text, die, icon and photo it drew (the
ink, not the font's line box); these tests read that record. The PNGs are written to
pytest's temporary folder (or to $DISPLAY_SNAPSHOT_DIR when set) to be looked at.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import numpy as np
import pygame
import pytest

from companion.display import (
    Item,
    Layout,
    MessageView,
    PlayerView,
    Screen,
    Severity,
    TurnView,
    render_with_layout,
    standard_slots,
    theme,
)
from companion.display.samples import SAMPLES, sample

#: The sizes the issue names, then odd ones: 7-inch 4:3, portrait, ultra-wide, and
#: 320x240, in compact mode (below ``MIN_SIZE``; the same invariants hold there).
SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080)]
ODD_SIZES = [(640, 480), (480, 800), (2560, 1080), (320, 240)]


@pytest.fixture(scope="module")
def out_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("DISPLAY_SNAPSHOT_DIR")
    path = Path(chosen) if chosen else tmp_path_factory.mktemp("display")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _describe(pairs: list[tuple[Item, Item]]) -> list[str]:
    return [f"{a.role} {a.rect} x {b.role} {b.rect}" for a, b in pairs]


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(SAMPLES))
def test_nothing_overlaps_or_runs_off_screen(name: str, size: tuple[int, int],
                                            out_dir: Path) -> None:
    surface, layout = render_with_layout(sample(name), size)
    pygame.image.save(surface, str(out_dir / f"{name}-{size[0]}x{size[1]}.png"))
    assert surface.get_size() == size
    assert layout.texts(), "nothing drawn"
    assert [i.role for i in layout.off_screen()] == []
    assert _describe(layout.overlaps()) == []
    too_small = [(i.role, i.cap_height) for i in layout.texts()
                 if i.cap_height < theme.MIN_CAP_PX]
    assert too_small == []


def _one(layout: Layout, role: str) -> Item:
    found = [i for i in layout.items if i.role == role]
    assert len(found) == 1, (role, [i.role for i in found])
    return found[0]


@pytest.mark.parametrize("size", SIZES + ODD_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", [n for n in SAMPLES if n.startswith("turn-")
                                  and not n.startswith("turn-faults")])
def test_key_figures_are_an_eighth_of_the_height(name: str, size: tuple[int, int]) -> None:
    view = sample(name)
    assert view.turn is not None
    _, layout = render_with_layout(view, size)
    keys = {"current-player": view.turn.player, "throws-left": str(view.turn.throws_left)}
    if view.turn.cargo_value is not None:
        keys["cargo"] = str(view.turn.cargo_value)
    for role, text in keys.items():
        item = _one(layout, role)
        assert item.cap_height >= size[1] / 8, (role, item.cap_height)
        # Figures have no descenders: their ink is the cap height, measured.
        if role != "current-player":
            assert item.text == text
            assert item.rect[3] >= size[1] / 8 - 1, (role, item.rect)
        else:
            assert item.text == text or (item.truncated and item.text.endswith("…")
                                         and text.startswith(item.text[:-1]))


def test_launched_turn_shows_what_matters() -> None:
    """800x480, from two metres (every text 28 px capitals, 5.0 mm; the key figures
    60 px, 10.7 mm): the name, the throws left, the banked dice and the cargo with its
    value, the pot as a key figure beside the dice, the referee's message. The photo,
    the labels under the dice, the odds and the player cards give way there."""
    _, layout = render_with_layout(sample("turn-launched"), (800, 480))
    texts = {i.role: i.text for i in layout.texts()}
    caps = {i.role: i.cap_height for i in layout.texts()}
    assert texts["current-player"] == "Cleo"
    assert texts["throws-left"] == "1"
    assert texts["throws-left-label"] == "throw left"
    assert texts["throw-next"] == "throw 2 dice"
    assert texts["cargo"] == "7"
    assert (texts["pot"], texts["pot-label"], texts["pot-unit"]) == ("4", "POT", "chips")
    assert texts["message"] + " " + texts["message:1"] == "Launched! Cargo 7 does not beat Anna's 8"
    for role in ("current-player", "throws-left", "cargo", "pot"):
        assert caps[role] == 60, (role, caps[role])
    assert min(caps.values()) == 28
    assert max(caps.values()) == caps["current-player"]
    dice = {i.role: i.text for i in layout.items if i.kind == "die"}
    assert [dice[f"slot:{r}"] for r in ("ship", "captain", "crew")] == ["6", "5", "4"]
    assert (dice["cargo-die:0"], dice["cargo-die:1"]) == ("6", "1")
    assert min(i.rect[2] for i in layout.items if i.kind == "die") == 62
    assert not [i for i in layout.items if i.kind in ("photo", "mark")]
    assert not [r for r in texts if r.startswith(("slot-label:", "odds", "player"))]


def test_problem_is_shown_with_the_game_state_still_visible() -> None:
    _, layout = render_with_layout(sample("turn-problem"), (800, 480))
    texts = {i.role: i.text for i in layout.texts()}
    assert texts["message"] == "One die is leaning on the wall"
    assert texts["message-action"].startswith("Re-throw all 4 dice")
    assert _one(layout, "message-icon").kind == "icon"
    assert texts["current-player"] == "Ben"
    assert [i.text for i in layout.items if i.role.startswith("photo:tag")].count("?") == 1


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["turn-faults", "turn-faults-long", "turn-faults-three"])
def test_faults_too_long_for_the_game_take_turns_with_it(name: str,
                                                          size: tuple[int, int]) -> None:
    """Two or three faults too long to stand whole at 5 mm beside the turn's key
    figures take turns with the game (the runner's Pager turns ``View.page``): on odd
    pages each fault's text and action whole (a line or more each, nothing cut), the
    game's body giving them its room, the pot in the header; on even pages the game,
    its key figures at their size (not shrunk), a fault a line, cut where it must be
    (a persistent fault never hides the game)."""
    view = sample(name)
    _, layout = render_with_layout(view.replace(page=1), size)
    assert [(i.role, i.text) for i in layout.texts() if i.truncated] == []
    for index, fault in enumerate(view.faults):
        head = " ".join(i.text for i in layout.texts()
                        if i.role.split(":")[:2] == ["fault", str(index)])
        action = " ".join(i.text for i in layout.texts()
                          if i.role.split(":")[:2] == ["fault-action", str(index)])
        assert head == "FAULT: " + fault.text and action == fault.action
    assert "current-player" not in {i.role for i in layout.texts()}
    assert _one(layout, "pot").text == "4 chips"  # in the header
    assert _one(layout, "pot").rect[1] < size[1] * 0.085
    # the message stays (its action gives way, whole, where the faults need the room)
    assert _one(layout, "message").text == "Waiting for the camera"

    _, game = render_with_layout(view, size)
    texts = {i.role: i for i in game.texts()}
    assert texts["current-player"].text == "Cleo" and not texts["current-player"].truncated
    assert texts["cargo"].text == "7" and texts["throws-left"].text == "1"
    same = render_with_layout(sample("turn-launched"), size)[1]
    assert texts["current-player"].cap_height == _one(same, "current-player").cap_height
    assert texts["fault:0"].text.startswith("FAULT: ")
    assert _one(game, "message").text == "Waiting for the camera"


def test_short_faults_leave_the_game_its_room() -> None:
    """A fault whose text and action share a line at 5 mm leaves the turn its key
    figures at 1/8 of the height."""
    view = sample("turn-start").replace(
        faults=(MessageView(Severity.FAULT, "Camera lost", "Check the cable"),))
    _, layout = render_with_layout(view, (800, 480))
    assert _one(layout, "fault:0").text == "FAULT: Camera lost"
    assert _one(layout, "fault-action:0").text == "Check the cable"
    assert _one(layout, "current-player").cap_height == 60

def test_confirmation_banner_with_progress() -> None:
    _, layout = render_with_layout(sample("turn-confirm"), (1024, 600))
    texts = {i.role: i.text for i in layout.texts()}
    assert texts["confirm"] == "Undo Cleo's last throw?"
    bar = _one(layout, "confirm-progress")
    assert bar.kind == "bar" and bar.rect[2] > 0
    assert "message" not in texts  # the banner takes the message's place


def test_eight_players_each_get_a_cell_and_long_names_an_ellipsis() -> None:
    """From two metres the players strip gives way on the turn: the current player's
    long name is cut at the key size and the score to beat in the header keeps its
    score, its names cut. In compact mode (320x240) each player still gets a cell."""
    view = sample("turn-eight-players")
    assert view.turn is not None
    for size in SIZES:
        _, layout = render_with_layout(view, size)
        assert not [i for i in layout.items if i.role.startswith("player")]
        name = _one(layout, "current-player")
        assert name.truncated and view.turn.player.startswith(name.text[:-1])
        assert name.cap_height >= size[1] / 8
        beat = _one(layout, "to-beat").text
        assert beat.startswith("to beat: Anna-Maria") and beat.endswith("… 11"), beat
        assert _one(layout, "pot").text == "$40"
        assert _one(layout, "message:1").text == "score 14"
    _, layout = render_with_layout(view, (320, 240))
    names = [_one(layout, f"player:{k}") for k in range(8)]
    cells = [n.rect[0] for n in names]
    assert cells == sorted(cells)
    for item, player in zip(names, view.players, strict=True):
        assert item.text == player.name or (
            item.truncated and item.text.endswith("…")
            and player.name.startswith(item.text[:-1])), item
    assert _one(layout, "player-stake:0").text == "$12"


def test_results_rank_players() -> None:
    _, layout = render_with_layout(sample("round-result"), (1280, 720))
    order = [_one(layout, f"row-name:{k}").text for k in range(4)]
    assert order == ["Cleo", "Anna", "Ben", "Dev"]
    assert _one(layout, "headline").text == "Cleo wins"
    # The pot taken is a key figure beside the headline (issue 14, item 7).
    assert _one(layout, "headline-detail").text == "cargo 6 + 3 = 9"
    assert _one(layout, "pot").text == "8" and _one(layout, "pot-unit").text == "chips"
    assert _one(layout, "pot").cap_height >= 720 / 8
    _, layout = render_with_layout(sample("match-result"), (1280, 720))
    order = [_one(layout, f"row-name:{k}").text for k in range(4)]
    assert order[0] == "Ben" and order[-1] == "Dev"
    _, layout = render_with_layout(sample("round-nobody"), (800, 480))
    assert _one(layout, "headline").text == "No winner"
    assert _one(layout, "pot").text == "4" and _one(layout, "pot").cap_height >= 480 / 8


def test_tie_break_and_roll_off() -> None:
    _, layout = render_with_layout(sample("tie-break"), (800, 480))
    assert _one(layout, "tie-title").text == "Tie-break at 8"
    assert _one(layout, "tie-total:0").text == "7"
    assert _one(layout, "tie-name:1").text == "Cleo"
    assert _one(layout, "tie-pointer:1").kind == "icon"
    view = sample("roll-off")
    assert view.screen is Screen.ROLL_OFF
    _, layout = render_with_layout(view, (800, 480))
    assert _one(layout, "tie-title").text == "Who starts?"
    assert [_one(layout, f"tie-total:{k}").text for k in range(3)] == ["5", "2", "5"]


def test_dispute_shows_every_throw_with_its_photo() -> None:
    """From two metres one throw a page, in turn ("Throw 1 of 3", then 2, 3, then 1
    again): its photo, whose value tags show every die read, and its explanation,
    all text at 5 mm (capitals 42 px at 1280x720)."""
    view = sample("dispute")
    assert view.turn is not None
    for page in range(4):
        _, layout = render_with_layout(view.replace(page=page), (1280, 720))
        k = page % 3
        photos = [i for i in layout.items if i.kind == "photo"]
        assert [p.role for p in photos] == [f"dispute-photo:{k}"]
        assert _one(layout, f"dispute-throw:{k}").text == f"Throw {k + 1} of 3"
        why = " ".join(i.text for i in layout.items if i.role.startswith(f"dispute-why:{k}:"))
        assert why == view.turn.throws[k].explanation
        tags = [i.text for i in layout.items if i.role.startswith(f"dispute-photo:{k}:tag:")]
        assert tags == [str(f.value) for f in view.turn.throws[k].dice]
        assert min(i.cap_height for i in layout.texts()) == 42
        assert layout.overlaps() == [] and layout.off_screen() == []
    _, first = render_with_layout(view, (1280, 720))
    assert [i.text for i in first.items if i.role.startswith("dispute-photo:0:tag:")] == [
        "6", "4", "3", "3", "1"]
    # the row of small dice gives way to the photo (its role tags cannot be 5 mm there)
    assert not [i for i in first.items if i.role.startswith("dispute-die:")]


def test_dispute_keeps_the_small_dice_beside_a_single_photo() -> None:
    """One throw (no pages): the photo takes the column's full height at the left and
    the label and explanation stand right of it at 5 mm. In compact mode (320x240)
    the small dice, with their slots, stand there too."""
    view = sample("dispute")
    assert view.turn is not None
    view = dataclasses.replace(view, turn=dataclasses.replace(view.turn,
                                                              throws=view.turn.throws[:1]))
    _, layout = render_with_layout(view, (800, 480))
    photo = _one(layout, "dispute-photo:0").r
    assert _one(layout, "dispute-throw:0").text == "Throw 1"
    words = [i for i in layout.texts() if i.role.startswith(("dispute-throw", "dispute-why"))]
    assert len(words) >= 2 and all(w.r.x >= photo.right for w in words)
    assert min(i.cap_height for i in layout.texts()) == 28
    assert layout.overlaps() == [] and layout.off_screen() == []
    _, compact = render_with_layout(view, (320, 240))
    photo = _one(compact, "dispute-photo:0").r
    dice = [i for i in compact.items if i.role.startswith("dispute-die:0:")]
    assert [i.text for i in dice] == ["6", "4", "3", "3", "1"]
    assert all(d.r.x >= photo.right for d in dice)
    assert compact.overlaps() == [] and compact.off_screen() == []


def test_overlap_check_can_fail() -> None:
    layout = Layout((100, 100))
    layout.items.append(Item("text", "a", (10, 10, 30, 10), "a"))
    layout.items.append(Item("text", "b", (35, 15, 30, 10), "b"))
    layout.items.append(Item("die", "c", (90, 90, 20, 20)))
    assert [(a.role, b.role) for a, b in layout.overlaps()] == [("a", "b")]
    assert [i.role for i in layout.off_screen()] == ["c"]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_cargo_value_is_shown_whole(size: tuple[int, int]) -> None:
    base = sample("turn-launched")
    assert base.turn is not None
    for a in range(1, 7):
        for b in range(1, a + 1):
            turn = dataclasses.replace(base.turn, cargo=(a, b), score=a + b)
            _, layout = render_with_layout(base.replace(turn=turn), size)
            cargo = _one(layout, "cargo")
            assert cargo.text == str(a + b) and not cargo.truncated
            assert not layout.overlaps()


def test_a_wrap_keeps_a_sum_on_one_line() -> None:
    from companion.display.layout import Canvas

    canvas = Canvas((800, 480))
    text = "6, 5 and 4 banked as ship, captain and crew; launched: cargo 2 + 1 = 3"
    size = canvas.size(theme.MEDIUM)
    full = canvas.width_of(text, size, True)
    breaks = 0
    for width in range(full // 3, full, 7):
        lines = canvas.wrap(text, width, size, 3)
        if " ".join(lines) != text:
            continue  # cut with an ellipsis: too narrow
        breaks += len(lines) > 1
        assert not any(line.endswith(("+", "=")) or line.startswith(("+", "=", "1 =", "3"))
                       for line in lines), lines
        assert sum("2 + 1 = 3" in line for line in lines) == 1, lines
    assert breaks > 5  # the text was really wrapped at many widths


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (480, 320)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["Élodie", "Ådne Øystein", "Ann"])
def test_a_current_players_accents_stay_off_the_header(
    size: tuple[int, int], name: str
) -> None:
    """The current player's name at the key size, accents and all, stays in the body:
    below the header, clear of the throws left."""
    view = sample("turn-launched")
    assert view.turn is not None
    view = dataclasses.replace(view, turn=dataclasses.replace(view.turn, player=name))
    _, layout = render_with_layout(view, size)
    ink = _one(layout, "current-player")
    header_h = max(1, round(min(size[1], size[0] * 0.75) * 0.085))  # c.px(0.085)
    assert ink.r.y >= header_h, (ink.rect, header_h)
    assert ink.cap_height >= size[1] / 8
    assert ink.text == name or ink.truncated
    assert layout.overlaps() == [] and layout.off_screen() == []


@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_dispute_throw_without_photo_keeps_its_dice(size: tuple[int, int]) -> None:
    """A throw whose photo was not kept shows its small dice on its page, and says
    so; the throw with a photo shows the photo on its own."""
    view = sample("dispute")
    assert view.turn is not None
    throws = tuple(t if k == 1 else dataclasses.replace(t, photo=None)
                   for k, t in enumerate(view.turn.throws))
    view = dataclasses.replace(view, turn=dataclasses.replace(view.turn, throws=throws))
    _, layout = render_with_layout(view.replace(page=1), size)
    assert _one(layout, "dispute-photo:1").kind == "photo"
    assert not [i for i in layout.items if i.role.startswith("dispute-die:")]
    for index, faces in ((0, ["6", "4", "3", "3", "1"]), (2, ["5", "3"])):
        _, layout = render_with_layout(view.replace(page=index), size)
        dice = [i.text for i in layout.items if i.role.startswith(f"dispute-die:{index}:")]
        assert dice == faces
        assert _one(layout, f"dispute-nophoto:{index}").text == "no photo kept"
        assert not [i for i in layout.items if i.kind == "photo"]
        assert layout.overlaps() == [] and layout.off_screen() == []


# -- right-to-left names (issue 12): shaped by HarfBuzz, not drawn reversed -----------
def _alpha(surface: pygame.Surface) -> np.ndarray:
    return pygame.surfarray.array_alpha(surface)


@pytest.mark.parametrize(("name", "script"), [("سارة", "Arab"), ("שרה", "Hebr")])
def test_a_right_to_left_name_is_shaped_right_to_left(name: str, script: str) -> None:
    from companion.display.fonts import Face, font, render

    face = Face("dejavu", True)
    drawn = _alpha(render(face, 60, name, (255, 255, 255)))
    reference = pygame.font.Font(str(face.path), 60)  # a font of its own, set by hand
    reference.set_script(script)
    reference.set_direction(pygame.DIRECTION_RTL)
    shaped = _alpha(reference.render(name, True, (255, 255, 255)))
    reversed_ = _alpha(pygame.font.Font(str(face.path), 60).render(name, True, (255, 255, 255)))
    assert drawn.shape == shaped.shape and (drawn == shaped).all()
    assert drawn.shape != reversed_.shape or (drawn != reversed_).any()
    # the shared font is left to right again for the next user
    latin = _alpha(font(face, 60).render("Ann", True, (255, 255, 255)))
    plain = _alpha(pygame.font.Font(str(face.path), 60).render("Ann", True, (255, 255, 255)))
    assert (latin == plain).all()


def test_a_right_to_left_name_in_an_english_line_keeps_the_line_in_order() -> None:
    from companion.display.fonts import Face, bidi_runs, render, text_width

    line = "سارة بن threw 5"
    assert bidi_runs(line) == [("سارة بن", True), (" threw 5", False)]
    assert bidi_runs("Ann (שרה)") == [("Ann (", False), ("שרה", True), (")", False)]
    face = Face("dejavu", True)
    surface = render(face, 40, line, (255, 255, 255))
    assert surface.get_width() == text_width(face, 40, line)
    name_w = text_width(face, 40, "سارة بن")
    rest = _alpha(render(face, 40, " threw 5", (255, 255, 255)))
    # the English words sit to the right of the name, drawn as they are alone
    assert (_alpha(surface)[name_w:, : rest.shape[1]] == rest).all()
    # in a right-to-left run the first word is the rightmost: "שרה כהן" starts
    # (on the left) with כהן
    both = _alpha(render(face, 40, "שרה כהן", (255, 255, 255)))
    second = _alpha(render(face, 40, "כהן", (255, 255, 255)))
    assert (both[: second.shape[0]] == second).all()


def test_right_to_left_names_on_the_turn_screen(tmp_path: Path) -> None:
    view = sample("turn-ship").replace(
        players=(PlayerView("سارة", current=True), PlayerView("שרה כהן"), PlayerView("Ann")),
        turn=TurnView("سارة", throws_used=1, slots=standard_slots(ship=1)),
    )
    surface, layout = render_with_layout(view, (1024, 600))
    assert "سارة" in {item.text for item in layout.texts()}
    assert not layout.off_screen() and not layout.overlaps()
    pygame.image.save(surface, os.environ.get("RTL_PNG", str(tmp_path / "rtl.png")))


def test_the_dispute_views_message_takes_a_line_so_the_photo_keeps_its_room() -> None:
    """The dispute view is about the throws: a long referee's message is cut to one
    line at 5 mm (and its action to two) rather than push the photo off the page."""
    from companion.display import MessageView, Severity

    long = ("cargo re-thrown: 6 + 2 = 8 (was 6 + 1 = 7). Turn over, no throws left: "
            "score 8. Dev to throw.")
    view = sample("dispute").replace(message=MessageView(Severity.INFO, long,
                                                         "Dev: throw 1 of 3, 5 dice"))
    _, layout = render_with_layout(view, (800, 480))
    head = _one(layout, "message")
    assert head.text.endswith("…") and long.startswith(head.text[:-1])
    assert not layout.find("message:1")
    assert _one(layout, "message-action").text == "Dev: throw 1 of 3, 5 dice"
    photo = _one(layout, "dispute-photo:0")
    assert photo.rect[3] >= 227, photo.rect  # 312x234 as with a one-line message
    assert layout.overlaps() == [] and layout.off_screen() == []


@pytest.mark.parametrize("size", [(800, 480), (1280, 720), (1920, 1080)])
def test_a_long_match_result_note_is_never_cut(size: tuple[int, int]) -> None:
    """The demo's last screen said "Round 2: Cleo wins with 7 and takes th…": a note
    too long for one line at its least size takes two where the table leaves room,
    and is left out where it does not (a sentence is never cut)."""
    note = "Round 2: Cleo wins with 7 and takes the pot of 3 chips."
    view = sample("match-result")
    three = dataclasses.replace(
        view, players=view.players[:3],
        match_result=dataclasses.replace(view.match_result, note=note))
    _, layout = render_with_layout(three, size)
    details = [i for i in layout.texts() if i.role.startswith("headline-detail")]
    assert " ".join(i.text for i in details) == note
    assert len(details) == 2 and not any(i.truncated for i in details)
    assert [_one(layout, f"row-name:{k}").text for k in range(3)] == ["Ben", "Anna", "Cleo"]
    four = dataclasses.replace(three, players=view.players)  # no room: no note
    _, layout = render_with_layout(four, size)
    assert not [i for i in layout.texts() if i.role.startswith("headline-detail")]
    assert not [i for i in layout.texts() if i.truncated]
