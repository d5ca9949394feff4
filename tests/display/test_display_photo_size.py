"""The photo of the throw is drawn as large as the layout allows, and never at the
expense of the turn's key information.

Read from two metres (every text at 5 mm on the 7-inch panel, ``screens.LEGIBLE``) the
turn's name row, one row of dice, the pot and the referee's message fill a 5:3 or
16:9 screen (800x480 up to 1920x1080: the layout scales with the height), so there
the photo of a counted throw gives way and the dice drawn, with their values, settle
an argument. It is still drawn where it matters most, beside a throw with a problem
(it shows what is wrong; the pot goes to the header), and on an ultra-wide screen
(2560x1080) where the room is.

"Free area": on the turn screen, the region right of the dice row and the pot (which
stay where they are whatever the photo, with room for the widest cargo value), below
the header and any faults and above the message band, inside the right margin. The
photo of aspect w:h is compared with the largest rectangle of that aspect fitting the
free area.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from companion.display import Layout, render_with_layout, theme
from companion.display.photo import MIN_TAG_PX, fit_rect
from companion.display.samples import B, C, T, sample, tray_photo
from companion.view import PhotoView, View

#: Camera frames: the Pi camera's 4:3 and 16:9 modes, and a portrait crop of the tray
#: as in the demo game (w, h px).
FRAMES = {"4:3": (640, 480), "16:9": (1280, 720), "portrait": (300, 420)}

#: The roles of the turn's key information: never smaller with a photo than without.
#: (The odds are not among them: beside a photo they fit the width left of it.)
KEY_ROLES = ("current-player", "throws-left", "throws-left-label", "throw-next", "slot:",
             "slot-label:", "cargo-die:", "cargo-label", "cargo", "score", "no-launch",
             "message", "message-action", "player:", "player-stake:")


def _photo(size: tuple[int, int]) -> PhotoView:
    w, h = size
    return tray_photo([(6, w * 0.3, h * 0.3, 12, B), (5, w * 0.62, h * 0.45, -20, C),
                       (2, w * 0.4, h * 0.72, 10, C), (3, w * 0.75, h * 0.8, 30, T)],
                      seed=7, size=size)


def _with_photo(view: View, photo: PhotoView | None) -> View:
    return dataclasses.replace(view, photo=photo)


def _photo_item(layout: Layout) -> pygame.Rect:
    photos = [i for i in layout.items if i.kind == "photo"]
    assert len(photos) == 1, [i.role for i in photos]
    return photos[0].r


def _free_area(layout: Layout, size: tuple[int, int]) -> pygame.Rect:
    w, h = size
    margin = round(h * 0.025)
    # The dice row keeps room for the widest cargo value; a launched turn shows it.
    _, launched = render_with_layout(_with_photo(sample("turn-launched"), None), size)
    fixed = [i.r for i in launched.items if i.role.startswith(("slot", "cargo", "pot"))]
    header = [i.r for i in layout.items if i.role.startswith(("match", "to-beat", "fault"))]
    band = [i.r for i in layout.items if i.role.startswith(("message", "confirm"))]
    x0 = max(r.right for r in fixed) + margin
    y0 = max(r.bottom for r in header)
    y1 = min(r.y for r in band)
    return pygame.Rect(x0, y0, w - margin - x0, y1 - y0)


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _at_least(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return rect.w >= size[0] and rect.h >= size[1]


#: (Not the fault samples: from two metres their faults take the body's room.)
TURN_SAMPLES = ["turn-launched", "turn-start", "turn-no-launch", "turn-confirm"]


# Measured when the turn was redrawn for two metres (photo w x h px, the share of the
# free area's best), 2560x1080, launched turn: 4:3 873x654 (0.99), 16:9 873x491
# (1.00), portrait 487x683 (0.79; 472x661 under a hold).
@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("name", TURN_SAMPLES)
def test_turn_photo_fills_the_free_area(name: str, frame: str) -> None:
    size = (2560, 1080)
    view = _with_photo(sample(name), _photo(FRAMES[frame]))
    _, layout = render_with_layout(view, size)
    photo = _photo_item(layout)
    free = _free_area(layout, size)
    best = fit_rect(FRAMES[frame], free)
    assert free.contains(photo), (photo, free)
    assert _area(photo) >= 0.75 * _area(best), (photo, best)
    assert layout.overlaps() == []
    assert layout.off_screen() == []
    floors = {"4:3": (860, 645), "16:9": (860, 484), "portrait": (465, 650)}
    assert _at_least(photo, floors[frame]), (photo.w, photo.h)


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", TURN_SAMPLES)
def test_a_counted_throws_photo_gives_way_from_two_metres(
        name: str, size: tuple[int, int], frame: str) -> None:
    """5:3 and 16:9 screens: no photo of a counted throw; the dice drawn show every
    value read (the banked slots and the cargo), nothing under 5 mm."""
    view = _with_photo(sample(name), _photo(FRAMES[frame]))
    assert view.turn is not None
    _, layout = render_with_layout(view, size)
    assert not [i for i in layout.items if i.kind in ("photo", "mark")]
    slots = [i.text for i in layout.items if i.role.startswith("slot:")]
    assert slots == [str(s.value) if s.filled else "" for s in view.turn.slots]
    cargo = [i.text for i in layout.items if i.role.startswith("cargo-die:")]
    if view.turn.cargo is not None:
        assert cargo == [str(v) for v in view.turn.cargo]
    assert min(i.cap_height for i in layout.texts()) >= round(size[1] * 5.0 / 85.9)


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(800, 480), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_problem_throws_photo_takes_a_column(size: tuple[int, int], frame: str) -> None:
    """A throw with a problem keeps its photo at the right, full height of the body,
    the pot in the header: 800x480 4:3 349x261, 16:9 349x196, portrait 215x301 px
    (1280x720: 559x419, 559x314, 325x454), measured when written."""
    view = _with_photo(sample("turn-problem"), _photo(FRAMES[frame]))
    _, layout = render_with_layout(view, size)
    photo = _photo_item(layout)
    measured = {((800, 480), "4:3"): (349, 261), ((800, 480), "16:9"): (349, 196),
                ((800, 480), "portrait"): (215, 301), ((1280, 720), "4:3"): (559, 419),
                ((1280, 720), "16:9"): (559, 314), ((1280, 720), "portrait"): (325, 454)}
    w, h = measured[size, frame]
    assert _at_least(photo, (round(0.97 * w), round(0.97 * h))), (photo.w, photo.h)
    name = next(i for i in layout.items if i.role == "current-player")
    assert photo.x > name.r.right
    pot = next(i for i in layout.items if i.role == "pot")
    assert pot.r.bottom <= round(size[1] * 0.085)  # in the header
    assert layout.overlaps() == [] and layout.off_screen() == []


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tags_stay_large(size: tuple[int, int], frame: str) -> None:
    """The value tags on a problem throw's photo: at least 20 px at 1280x720, 14 px at
    800x480 (a thrown die's tag is 0.85 of that); measured 26 and 17 px on a 16:9
    frame, the smallest."""
    view = _with_photo(sample("turn-problem"), _photo(FRAMES[frame]))
    _, layout = render_with_layout(view, size)
    tags = [i for i in layout.items if ":tag:" in i.role]
    assert len(tags) == 4
    floor = 26 if size == (1280, 720) else 17
    for tag in tags:
        thrown = tag.text == "3"
        assert tag.rect[2] >= (round(floor * 0.85) if thrown else floor), (tag.role, tag.rect)


def _key_items(layout: Layout) -> dict[str, tuple[int, int, str, bool, int]]:
    return {i.role: (i.rect[2], i.rect[3], i.text, i.truncated, i.size_px)
            for i in layout.items if i.role.startswith(KEY_ROLES) and i.kind != "mark"}


@pytest.mark.parametrize("size", [(1280, 720), (800, 480), (1024, 600), (480, 320),
                                  (2560, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("player", ["Cleo", "Bartholomew", "Maximiliana-Josephine"])
@pytest.mark.parametrize("frame", list(FRAMES))
def test_photo_never_shrinks_the_key_information(size: tuple[int, int], player: str,
                                                 frame: str) -> None:
    """Every key item is drawn at the same size, with the same text and no extra
    ellipsis, with the photo as without it; only the throws left may move. The photo
    is drawn on the ultra-wide screen only (it gives way from two metres elsewhere)."""
    base = sample("turn-launched")
    assert base.turn is not None
    view = dataclasses.replace(base, turn=dataclasses.replace(base.turn, player=player))
    _, without = render_with_layout(_with_photo(view, None), size)
    _, with_photo = render_with_layout(_with_photo(view, _photo(FRAMES[frame])), size)
    assert _key_items(with_photo) == _key_items(without)
    assert with_photo.overlaps() == []
    drawn = [i for i in with_photo.items if i.kind == "photo"]
    assert len(drawn) == (1 if size == (2560, 1080) else 0)


def test_long_name_keeps_the_photo_beside_the_dice() -> None:
    """A name too long for the full-height column (2560x1080): the photo goes right
    of the dice, below the name row, and the name keeps its room (measured 586x440
    px when written)."""
    base = sample("turn-launched")
    assert base.turn is not None
    view = dataclasses.replace(base, turn=dataclasses.replace(base.turn, player="Bartholomew"),
                               photo=_photo(FRAMES["4:3"]))
    _, layout = render_with_layout(view, (2560, 1080))
    photo = _photo_item(layout)
    name = next(i for i in layout.items if i.role == "current-player")
    block = next(i for i in layout.items if i.role == "throws-left")
    assert not name.truncated and name.text == "Bartholomew"
    assert photo.y > block.r.bottom
    assert _at_least(photo, (568, 426))


def _dispute(frame: str, n: int) -> View:
    """The sample dispute view with its first ``n`` throws, each photo a ``frame``."""
    base = sample("dispute")
    assert base.turn is not None
    throws = tuple(dataclasses.replace(t, photo=_photo(FRAMES[frame]))
                   for t in base.turn.throws[:n])
    return dataclasses.replace(base, turn=dataclasses.replace(base.turn, throws=throws))


#: Dispute view read from two metres (one throw a page), photo w x h px per (screen,
#: frame, throws), measured when it was paged. Before (the throws side by side, text
#: 2.5 mm): 800x480 4:3 350x262 / 254x190 / 208x156 for 1 / 2 / 3 throws, 16:9 467x262 /
#: 320x180 / 236x132, portrait 187x261 / 164x229 / 122x170; 1280x720 4:3 525x393 /
#: 422x316 / 365x274. A 16:9 frame beside two or three throws' explanations is drawn
#: across the column, under the label (the longest explanation takes four lines at
#: 5 mm beside it), the same on every page.
DISPUTE_PHOTOS = {
    ((800, 480), "4:3"): [(312, 234)] * 3,
    ((800, 480), "16:9"): [(416, 234), (234, 132), (234, 132)],
    ((800, 480), "portrait"): [(167, 233)] * 3,
    ((1024, 600), "4:3"): [(390, 292)] * 3,
    ((1024, 600), "16:9"): [(520, 292), (295, 166), (295, 166)],
    ((1024, 600), "portrait"): [(209, 292)] * 3,
    ((1280, 720), "4:3"): [(472, 354)] * 3,
    ((1280, 720), "16:9"): [(629, 353), (360, 203), (360, 203)],
    ((1280, 720), "portrait"): [(252, 352)] * 3,
    ((1920, 1080), "4:3"): [(709, 531)] * 3,
    ((1920, 1080), "16:9"): [(945, 531)] * 3,
    ((1920, 1080), "portrait"): [(380, 532)] * 3,
}


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (1280, 720), (1920, 1080)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
def test_dispute_photos_fill_their_columns(size: tuple[int, int], frame: str, n: int) -> None:
    """Each page of the dispute view (one throw) draws its photo at least 97 % of the
    size measured (w and h px; the margin absorbs another FreeType's wrapping), the
    same on every page, with every die's value tag at least 17 px at 800x480 (the
    size of a thrown die's tag) and ``MIN_TAG_PX`` elsewhere, and its explanation
    whole; page ``n`` is the first throw's again."""
    view = _dispute(frame, n)
    assert view.turn is not None
    sizes = set()
    for page, throw in enumerate(view.turn.throws):
        _, layout = render_with_layout(view.replace(page=page), size)
        photos = [i for i in layout.items if i.kind == "photo"]
        assert [p.role for p in photos] == [f"dispute-photo:{page}"]
        sizes.add((photos[0].rect[2], photos[0].rect[3]))
        tags = [i for i in layout.items if ":tag:" in i.role]
        assert len(tags) == 4  # every die marked
        floor = 17 if size == (800, 480) else MIN_TAG_PX
        assert all(t.rect[2] >= floor for t in tags), [t.rect for t in tags]
        lines = [i for i in layout.items if i.role.startswith(f"dispute-why:{page}:")]
        assert " ".join(i.text for i in lines) == throw.explanation
        assert not any(i.truncated for i in lines)
        assert layout.overlaps() == [] and layout.off_screen() == []
    assert len(sizes) == 1, sizes
    (pw, ph), = sizes
    w, h = DISPUTE_PHOTOS[size, frame][n - 1]
    assert pw >= 0.97 * w and ph >= 0.97 * h, ((pw, ph), (w, h))
    _, again = render_with_layout(view.replace(page=n), size)
    assert [i.role for i in again.items if i.kind == "photo"] == ["dispute-photo:0"]


def test_dispute_photos_on_the_7_inch_screen() -> None:
    """800x480, a 4:3 frame, three throws: one throw a page, its photo 312x234 px (it
    was 208x156 with the three side by side), "Throw 2 of 3" on the second page, the
    title and every text at 5 mm (capitals 28 px)."""
    view = _dispute("4:3", 3)
    _, layout = render_with_layout(view.replace(page=1), (800, 480))
    photos = [i.r for i in layout.items if i.kind == "photo"]
    assert len(photos) == 1 and _at_least(photos[0], (303, 227)), photos
    assert next(i for i in layout.items if i.role == "dispute-throw:1").text == "Throw 2 of 3"
    title = next(i for i in layout.items if i.role == "dispute-title")
    assert title.text == "Anna's turn · cargo 5 + 3 · score 8"
    assert not title.truncated
    assert min(i.cap_height for i in layout.texts()) == 28


def test_the_odds_are_read_from_two_metres_on_the_7_inch_screen() -> None:
    """800x480, a hold in progress with the odds under the dice: the odds' label and
    both chances at 5 mm (capitals 28 px, 0.179 mm a px), the better one bold; no
    player cards on the turn (the score to beat is in the header)."""
    _, layout = render_with_layout(sample("turn-confirm"), (800, 480))
    caps = {i.role: (i.cap_height, i.text) for i in layout.texts()}
    assert caps["odds:stand"] == (28, "Stand 0%")
    assert caps["odds:re-throw"] == (28, "Re-throw 42% best")
    assert caps["odds-label"][0] == 28
    assert not [i for i in layout.items if i.role.startswith(("player:", "player-card:"))]


def captions_line(size: tuple[int, int]) -> int:
    """The height of a caption's band at 5 mm, px."""
    from companion.display.layout import Canvas

    canvas = Canvas(size)
    canvas.floor = theme.MIN_TEXT
    return canvas.line_height(canvas.size(theme.SMALL))


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_photo_says_whose_throw_it_shows(size: tuple[int, int], frame: str) -> None:
    """The caption at 5 mm over a problem throw's photo: whole on a 4:3 frame, cut with
    an ellipsis on the narrow portrait column, none on a 16:9 frame (the photo is
    under five caption lines high there)."""
    photo = dataclasses.replace(_photo(FRAMES[frame]), caption="Ben's throw 2")
    _, layout = render_with_layout(_with_photo(sample("turn-problem"), photo), size)
    area = _photo_item(layout)
    captions = [i for i in layout.items if i.role == "photo:caption"]
    if frame == "16:9":
        assert captions == [] and area.h < 5 * captions_line(size)
        return
    assert len(captions) == 1
    caption = captions[0]
    assert caption.kind == "mark" and caption.cap_height >= round(size[1] * 5.0 / 85.9)
    if frame == "4:3":
        assert caption.text == "Ben's throw 2"
    else:
        assert caption.text.endswith("…") and "Ben's throw 2".startswith(caption.text[:-1])
        assert len(caption.text) >= 5
    assert area.contains(caption.r) and caption.r.y - area.y < caption.r.h
    tags = [i.r for i in layout.items if ":tag:" in i.role]
    assert tags and not any(t.colliderect(caption.r) for t in tags)
    assert layout.overlaps() == [] and layout.off_screen() == []
    # without a caption nothing is drawn for it
    _, plain = render_with_layout(_with_photo(sample("turn-problem"), _photo(FRAMES[frame])),
                                  size)
    assert not any(i.role.endswith(":caption") for i in plain.items)
