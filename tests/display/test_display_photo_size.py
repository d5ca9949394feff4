"""The photo of the throw is drawn as large as the layout allows, and never at the
expense of the turn's key information.

"Free area": on the turn screen, the region right of the dice row (which stays where
it is whatever the photo, with its room for the widest cargo value), below the header
and any faults and above the message band, inside the right margin. The photo of
aspect w:h is compared with the largest rectangle of that aspect fitting the free area.
"""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from companion.display import Layout, render_with_layout
from companion.display.photo import fit_rect
from companion.display.samples import B, C, T, sample, tray_photo
from companion.display.view import PhotoView, View

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
    fixed = [i.r for i in launched.items if i.role.startswith(("slot", "cargo"))]
    header = [i.r for i in layout.items if i.role.startswith(("pot", "match", "fault"))]
    band = [i.r for i in layout.items if i.role.startswith(("message", "confirm"))]
    x0 = max(r.right for r in fixed) + margin
    y0 = max(r.bottom for r in header)
    y1 = min(r.y for r in band)
    return pygame.Rect(x0, y0, w - margin - x0, y1 - y0)


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def _at_least(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return rect.w >= size[0] and rect.h >= size[1]


# Measured when this test was written (photo w x h px, the free area's share), launched
# turn: 1280x720: 4:3 430x322 (0.71; was 298x224, 0.34), 16:9 430x241 (0.71; was
# 398x224, 0.61), portrait 275x386 (0.78; was 160x224, 0.27). 800x480: 4:3 236x177
# (0.68; was 197x148, 0.48), 16:9 236x132 (0.67, unchanged: the width is the limit),
# portrait 182x256 (0.78; was 105x148, 0.26).
@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", ["turn-launched", "turn-start", "turn-no-launch",
                                  "turn-faults", "turn-confirm"])
def test_turn_photo_fills_the_free_area(name: str, size: tuple[int, int], frame: str) -> None:
    view = _with_photo(sample(name), _photo(FRAMES[frame]))
    _, layout = render_with_layout(view, size)
    photo = _photo_item(layout)
    free = _free_area(layout, size)
    best = fit_rect(FRAMES[frame], free)
    assert free.contains(photo), (photo, free)
    assert _area(photo) >= 0.6 * _area(best), (photo, best)
    assert layout.overlaps() == []
    assert layout.off_screen() == []
    # A few sizes pinned: at least this wide and tall (px).
    floors = {((1280, 720), "4:3"): (420, 315), ((1280, 720), "portrait"): (270, 380),
              ((1280, 720), "16:9"): (420, 236), ((800, 480), "4:3"): (230, 172),
              ((800, 480), "portrait"): (175, 245)}
    if (size, frame) in floors and name != "turn-faults":
        assert _at_least(photo, floors[size, frame]), (photo.w, photo.h)


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_tags_stay_large(size: tuple[int, int], frame: str) -> None:
    """The value tags on the photo are at least as large as before the photo grew:
    30 px at 1280x720, 20 px at 800x480 (a thrown die's tag is 0.85 of that)."""
    view = _with_photo(sample("turn-launched"), _photo(FRAMES[frame]))
    _, layout = render_with_layout(view, size)
    tags = [i for i in layout.items if ":tag:" in i.role]
    assert len(tags) == 4
    floor = 30 if size == (1280, 720) else 20
    for tag in tags:
        thrown = tag.text == "3"
        assert tag.rect[2] >= (round(floor * 0.85) if thrown else floor), (tag.role, tag.rect)


def _key_items(layout: Layout) -> dict[str, tuple[int, int, str, bool, int]]:
    return {i.role: (i.rect[2], i.rect[3], i.text, i.truncated, i.size_px)
            for i in layout.items if i.role.startswith(KEY_ROLES) and i.kind != "mark"}


@pytest.mark.parametrize("size", [(1280, 720), (800, 480), (1024, 600), (480, 320)],
                         ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("player", ["Cleo", "Bartholomew", "Maximiliana-Josephine"])
@pytest.mark.parametrize("frame", list(FRAMES))
def test_photo_never_shrinks_the_key_information(size: tuple[int, int], player: str,
                                                 frame: str) -> None:
    """Every key item is drawn at the same size, with the same text and no extra
    ellipsis, with the photo as without it; only the throws left may move."""
    base = sample("turn-launched")
    assert base.turn is not None
    view = dataclasses.replace(base, turn=dataclasses.replace(base.turn, player=player))
    _, without = render_with_layout(_with_photo(view, None), size)
    _, with_photo = render_with_layout(_with_photo(view, _photo(FRAMES[frame])), size)
    assert _key_items(with_photo) == _key_items(without)
    assert with_photo.overlaps() == []
    assert [i for i in with_photo.items if i.kind == "photo"], "no photo drawn"


def test_long_name_keeps_the_photo_beside_the_dice() -> None:
    """A name too long for the full-height column: the photo goes right of the dice,
    below the name row, and the name keeps its room."""
    base = sample("turn-launched")
    assert base.turn is not None
    view = dataclasses.replace(base, turn=dataclasses.replace(base.turn, player="Bartholomew"),
                               photo=_photo(FRAMES["4:3"]))
    _, layout = render_with_layout(view, (1280, 720))
    photo = _photo_item(layout)
    name = next(i for i in layout.items if i.role == "current-player")
    block = next(i for i in layout.items if i.role == "throws-left")
    assert not name.truncated and name.text == "Bartholomew"
    assert photo.y > block.r.bottom
    assert _at_least(photo, (298, 223))  # no smaller than before


@pytest.mark.parametrize("frame", list(FRAMES))
def test_dispute_photos_are_larger(frame: str) -> None:
    """At 1280x720 the three photos (px) are larger than before: 4:3 was 190x143,
    portrait 102x143."""
    base = sample("dispute")
    assert base.turn is not None
    throws = tuple(dataclasses.replace(t, photo=_photo(FRAMES[frame]))
                   for t in base.turn.throws)
    view = dataclasses.replace(base, turn=dataclasses.replace(base.turn, throws=throws))
    _, layout = render_with_layout(view, (1280, 720))
    photos = [i.r for i in layout.items if i.kind == "photo"]
    assert len(photos) == 3
    assert len({(p.w, p.h) for p in photos}) == 1  # the same size in every column
    floor = {"4:3": (230, 172), "16:9": (300, 170), "portrait": (150, 210)}[frame]
    assert _at_least(photos[0], floor), photos[0]
    assert layout.overlaps() == []


def test_small_lines_grow_where_room_allows_on_the_7_inch_screen() -> None:
    """800x480: the player cards' stakes and the odds' figures are drawn larger than the
    small size (capitals 14 px) when the room allows: 16 px."""
    _, layout = render_with_layout(sample("turn-launched"), (800, 480))
    caps = {i.role: i.cap_height for i in layout.texts()}
    assert all(caps[f"player-stake:{k}"] >= 16 for k in range(4)), caps
    assert caps["odds:stand"] >= 16 and caps["odds:re-throw"] >= 16, caps
    assert caps["odds-label"] >= 14
    assert all(caps[f"player:{k}"] == 18 for k in range(4))  # the names as before


def test_accented_names_stay_inside_their_cards() -> None:
    """A larger stakes line never pushes a name's accents out of its card: the card
    (the strip: 58 px high, 12 px above the bottom at 800x480) holds all its ink."""
    view = sample("turn-launched")
    players = list(view.players)
    players[2] = dataclasses.replace(players[2], name="Élodie Ågren")
    _, layout = render_with_layout(dataclasses.replace(view, players=tuple(players)), (800, 480))
    strip_top = 480 - 12 - 58
    for item in layout.texts():
        if item.role.startswith(("player:", "player-stake:")):
            assert item.rect[1] >= strip_top and item.r.bottom <= 480 - 12, item


@pytest.mark.parametrize("frame", list(FRAMES))
@pytest.mark.parametrize("size", [(1280, 720), (800, 480)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_photo_says_whose_throw_it_shows(size: tuple[int, int], frame: str) -> None:
    photo = dataclasses.replace(_photo(FRAMES[frame]), caption="Maximiliana's throw 2")
    _, layout = render_with_layout(_with_photo(sample("turn-launched"), photo), size)
    area = _photo_item(layout)
    captions = [i for i in layout.items if i.role == "photo:caption"]
    assert len(captions) == 1
    caption = captions[0]
    assert caption.kind == "mark" and caption.text.startswith("Maximiliana")
    assert area.contains(caption.r) and caption.r.y - area.y < caption.r.h
    tags = [i.r for i in layout.items if ":tag:" in i.role]
    assert tags and not any(t.colliderect(caption.r) for t in tags)
    assert layout.overlaps() == [] and layout.off_screen() == []
    # without a caption nothing is drawn for it
    _, plain = render_with_layout(_with_photo(sample("turn-launched"), _photo(FRAMES[frame])),
                                  size)
    assert not any(i.role.endswith(":caption") for i in plain.items)
