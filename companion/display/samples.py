"""Hand-made views of every screen: the snapshot fixtures, the benchmark's workload,
and the README's screenshots.

The photos are drawn here (a felt tray with dice on it, 640 x 480 BGR), not taken
from real photos, so the display's tests need no fixture files; the marks are placed
where the dice were drawn, as vision would report them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np
import pygame
from numpy.typing import NDArray

from companion.display.sprites import die
from companion.view import (
    BonusView,
    ConfirmView,
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
    standard_slots,
)

__all__ = ["SAMPLES", "sample", "tray_photo"]

PHOTO_SIZE = (640, 480)


def tray_photo(
    dice: Sequence[tuple[int | None, float, float, float, MarkStyle]],
    seed: int = 0,
    size: tuple[int, int] = PHOTO_SIZE,
) -> PhotoView:
    """A drawn photo of a felt tray with ``dice`` and their marks.

    Each die is (value or None for a die on its edge, centre x px, centre y px,
    rotation degrees, mark style). Returns a :class:`PhotoView` with an H x W x 3
    uint8 BGR image.
    """
    w, h = size
    rng = np.random.default_rng(seed)
    felt = np.zeros((h, w, 3), dtype=np.float32)
    felt[...] = (38, 92, 46)  # BGR of a green felt
    yy, xx = np.mgrid[0:h, 0:w]
    shade = 1.0 - 0.35 * (((xx - w / 2) / w) ** 2 + ((yy - h / 2) / h) ** 2)
    felt *= shade[..., None]
    felt += rng.normal(0, 6, size=(h, w, 1))
    border = max(8, w // 40)
    felt[:border] = felt[-border:] = (30, 48, 70)
    felt[:, :border] = felt[:, -border:] = (30, 48, 70)
    rgb = np.clip(felt[..., ::-1], 0, 255).astype(np.uint8)
    surface = pygame.surfarray.make_surface(np.ascontiguousarray(rgb.swapaxes(0, 1)))
    side = round(h * 0.16)
    marks = []
    for value, cx, cy, angle, style in dice:
        sprite = die(side, value, "banked")
        if value is None:  # a die leaning on the wall: a squashed, shaded face
            sprite = pygame.transform.smoothscale(die(side, 3, "banked"), (side, side * 2 // 3))
            sprite.fill((150, 150, 150), special_flags=pygame.BLEND_RGB_MULT)
        rotated = pygame.transform.rotozoom(sprite, angle, 1.0)
        surface.blit(rotated, rotated.get_rect(center=(round(cx), round(cy))))
        half_w, half_h = sprite.get_width() / 2, sprite.get_height() / 2
        a = math.radians(-angle)
        corners = tuple(
            (cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a))
            for dx, dy in ((-half_w, -half_h), (half_w, -half_h), (half_w, half_h),
                           (-half_w, half_h))
        )
        marks.append(Mark((cx, cy), corners, value, style))
    array = pygame.surfarray.array3d(surface).swapaxes(0, 1)[..., ::-1]
    image: NDArray[np.uint8] = np.ascontiguousarray(array, dtype=np.uint8)
    return PhotoView(image, tuple(marks))


B, C, T, U = MarkStyle.BANKED, MarkStyle.CARGO, MarkStyle.THROWN, MarkStyle.UNREADABLE

_RULES = (
    "Pot: ante 1 chip a round, the winner takes the pot",
    "Ship 6, captain 5, crew 4, banked in order",
    "3 throws a turn; the cargo may be re-thrown",
    "Ties: the tied players re-throw both cargo dice",
    "Nobody launched: the pot carries over",
    "First player: roll-off",
)

_FOUR = ("Anna", "Ben", "Cleo", "Dev")


def _players(current: str | None, chips: Sequence[int] = (4, 6, 5, 3),
             scores: dict[str, int | None] | None = None,
             names: Sequence[str] = _FOUR) -> tuple[PlayerView, ...]:
    scores = scores or {}
    out = []
    for name, c in zip(names, chips, strict=False):
        score = scores.get(name)
        out.append(PlayerView(name, chips=c, current=name == current,
                              round_score=score, launched=None if score is None else score > 0))
    return tuple(out)


_THROW1 = ThrowView.of(1, "64331", ship=0,
                       explanation="6 banked as ship. The 4 waits: no captain yet.")
_THROW2 = ThrowView.of(2, "6541", captain=1, crew=2, cargo=(0, 3),
                       explanation="5 banked as captain, 4 as crew: launched. Cargo 6 + 1 = 7.")
_THROW3 = ThrowView.of(3, "53", cargo=(0, 1),
                       explanation="Cargo re-thrown: 5 + 3 = 8, and it must be kept.")


def _photo1() -> PhotoView:
    # Two dice touching (the 3 and the 1), as they often land.
    return tray_photo([(6, 150, 140, 12, B), (4, 330, 110, -20, T), (3, 430, 300, 35, T),
                       (3, 260, 330, 5, T), (1, 505, 315, -8, T)], seed=1)


def _photo2() -> PhotoView:
    return tray_photo([(6, 180, 300, 25, C), (5, 320, 150, -10, B), (4, 470, 260, 18, B),
                       (1, 330, 380, -30, C)], seed=2)


def _photo3() -> PhotoView:
    return tray_photo([(5, 250, 220, 14, C), (3, 420, 290, -22, C)], seed=3)


def _turn_start() -> View:
    return View(
        Screen.TURN, players=_players("Anna"), stakes=StakesView(pot=4),
        match=MatchView(round_number=2, rounds_total=5),
        turn=TurnView("Anna", throws_used=0, dice_to_throw=5),
        message=MessageView(Severity.INFO, "Anna to throw",
                            "Throw all 5 dice, then press the button"),
    )


def _turn_ship() -> View:
    return View(
        Screen.TURN, players=_players("Anna"), stakes=StakesView(pot=4),
        match=MatchView(round_number=2, rounds_total=5, to_beat="Cleo 9"),
        turn=TurnView("Anna", throws_used=1, slots=standard_slots(ship=1), throws=(_THROW1,),
                      dice_to_throw=4),
        photo=_photo1(),
        message=MessageView(Severity.INFO, "Ship banked. The 4 waits for a captain.",
                            "Throw the other 4 dice"),
    )


def _turn_launched() -> View:
    return View(
        Screen.TURN, players=_players("Cleo", scores={"Anna": 8, "Ben": 0}),
        stakes=StakesView(pot=4), match=MatchView(round_number=2, rounds_total=5),
        turn=TurnView("Cleo", throws_used=2, slots=standard_slots(1, 2, 2), cargo=(6, 1),
                      score=7, throws=(_THROW1, _THROW2), dice_to_throw=2),
        photo=_photo2(),
        odds=OddsView(stand=0.0, rethrow=0.4167),
        message=MessageView(Severity.INFO, "Launched! Cargo 7 does not beat Anna's 8",
                            "Hold to stand, or press to re-throw both cargo dice"),
    )


def _turn_problem() -> View:
    photo = tray_photo([(6, 140, 250, 10, T), (None, 560, 230, 80, U), (2, 300, 150, -15, T),
                        (5, 380, 340, 30, T)], seed=4)
    return View(
        Screen.TURN, players=_players("Ben", scores={"Anna": 8}), stakes=StakesView(pot=4),
        match=MatchView(round_number=2, rounds_total=5),
        turn=TurnView("Ben", throws_used=1, slots=standard_slots(ship=1),
                      throws=(ThrowView.of(1, "62215", ship=0,
                                           explanation="6 banked as ship."),), dice_to_throw=4),
        photo=photo,
        message=MessageView(Severity.PROBLEM, "One die is leaning on the wall",
                            "Re-throw all 4 dice. Not counted."),
    )


def _turn_faults() -> View:
    view = _turn_launched()
    return view.replace(
        faults=(MessageView(Severity.FAULT, "Camera lost",
                            "Check the camera cable. The game is saved."),
                MessageView(Severity.FAULT, "Undo button not wired",
                            "Use the keyboard's U key for undo.")),
        message=MessageView(Severity.INFO, "Waiting for the camera",
                            "The game resumes when the camera is back"),
        odds=None,
    )


def _turn_faults_long() -> View:
    """Two faults with long actions over a launched turn: each whole at 5 mm, their
    actions on lines of their own; the game gives them its room until they go."""
    return _turn_launched().replace(
        faults=(MessageView(Severity.FAULT, "Camera lost: the camera stopped answering",
                            "Staff: check the camera cable, then press the button"),
                MessageView(Severity.FAULT, "Undo button not wired",
                            "Staff: check the button wiring; the keyboard's U key undoes")),
        message=MessageView(Severity.INFO, "Waiting for the camera",
                            "The game resumes when the camera is back"),
        odds=None,
    )


def _turn_faults_three() -> View:
    """Three faults at once (camera, button, a full disk), as the app words them."""
    return _turn_launched().replace(
        faults=(MessageView(Severity.FAULT, "Camera lost: no picture",
                            "Staff: check the camera, then press"),
                MessageView(Severity.FAULT, "Undo button not wired",
                            "Staff: check the wiring; keyboard works"),
                MessageView(Severity.FAULT,
                            "Disk full: throws counted, photos not kept. Staff: free space")),
        message=MessageView(Severity.INFO, "Waiting for the camera",
                            "The game resumes when the camera is back"),
        odds=None,
    )


def _turn_confirm() -> View:
    return _turn_launched().replace(
        confirm=ConfirmView("Undo Cleo's last throw?",
                            "Keep holding to confirm; let go to cancel", progress=0.6),
    )


_EIGHT = ("Maximiliana-Josephine", "Bartholomew", "Chi", "Dagny", "Evangelina", "Fitz",
          "Guðrún", "Χαράλαμπος")


def _turn_eight() -> View:
    players = tuple(
        PlayerView(name, chips=c, current=i == 0, round_score=s,
                   launched=None if s is None else s > 0)
        for i, (name, c, s) in enumerate(zip(
            _EIGHT, (12, 25, 3, 18, 7, 30, 22, 9),
            (None, None, None, None, None, None, None, None), strict=True))
    )
    return View(
        Screen.TURN, players=players, stakes=StakesView(pot=40, ante=5, unit="$"),
        match=MatchView(round_number=12, to_beat="Anna-Maria and Kristoffer 11"),
        turn=TurnView("Maximiliana-Josephine", throws_used=1,
                      slots=standard_slots(1, 1, 1), cargo=(6, 6), score=14,
                      bonuses=(BonusView("unused throws", 2),),
                      throws=(ThrowView.of(1, "66654", ship=0, captain=3, crew=4,
                                           cargo=(1, 2)),), stood=True,
                      dice_to_throw=0),
        message=MessageView(Severity.INFO, "Stood on 12 with 2 throws unused: score 14",
                            "Bartholomew to throw next"),
    )


def _turn_no_launch() -> View:
    return View(
        Screen.TURN, players=_players("Dev", scores={"Anna": 8, "Ben": 0, "Cleo": 8}),
        stakes=StakesView(pot=4), match=MatchView(round_number=2, rounds_total=5),
        turn=TurnView("Dev", throws_used=3, slots=standard_slots(ship=2), score=0,
                      throws=(ThrowView.of(1, "54321", explanation="No ship."),
                              ThrowView.of(2, "63322", explanation="Ship banked.", ship=0),
                              ThrowView.of(3, "4411", explanation="No captain.")),
                      dice_to_throw=0),
        message=MessageView(Severity.INFO, "No launch: Dev scores 0",
                            "Anna and Cleo tied on 8: tie-break next"),
    )


def _low_ship() -> View:
    faces = (1, 2, 3)
    players = tuple(PlayerView(n, points=p, current=n == "Ben")
                    for n, p in zip(_FOUR, (21, 34, 12, 40), strict=True))
    return View(
        Screen.TURN, players=players, stakes=StakesView(kind=Stakes.POINTS, pot=0),
        match=MatchView(round_number=3, target=50),
        turn=TurnView("Ben", throws_used=1, slots=standard_slots(1, 1, faces=faces),
                      throws=(ThrowView.of(1, "12554", ship=0, captain=1),),
                      dice_to_throw=3),
        message=MessageView(Severity.INFO, "Low ship: 1 and 2 banked", "Throw the other 3 dice"),
    )


def _attract() -> View:
    return View(Screen.ATTRACT, players=tuple(PlayerView(n) for n in _FOUR), rules=_RULES,
                message=MessageView(Severity.INFO, "Press the button to start",
                                    "Roll-off first: each player throws one die"))


def _round_result() -> View:
    players = (
        PlayerView("Anna", chips=3, round_score=8, launched=True),
        PlayerView("Ben", chips=5, round_score=0, launched=False),
        PlayerView("Cleo", chips=4, round_score=9, launched=True),
        PlayerView("Dev", chips=2, round_score=0, launched=False),
    )
    return View(
        Screen.ROUND_RESULT, players=players, stakes=StakesView(pot=0),
        match=MatchView(round_number=2, rounds_total=5),
        round_result=RoundResultView(2, winner="Cleo", score=9, cargo=(6, 3), took=8),
        message=MessageView(Severity.INFO, "Round 3 next: Ben starts",
                            "Hold the button to start the next round"),
    )


def _round_nobody() -> View:
    players = tuple(PlayerView(n, chips=c, round_score=0, launched=False)
                    for n, c in zip(_FOUR, (3, 5, 4, 2), strict=True))
    return View(
        Screen.ROUND_RESULT, players=players, stakes=StakesView(pot=4),
        match=MatchView(round_number=3, rounds_total=5),
        round_result=RoundResultView(3, note="Nobody launched", carried=4),
        message=MessageView(Severity.INFO, "The pot carries into round 4",
                            "Hold the button to start the next round"),
    )


def _tie_break() -> View:
    return View(
        Screen.TIE_BREAK, players=_players(None, scores={"Anna": 8, "Ben": 0, "Cleo": 8, "Dev": 0}),
        stakes=StakesView(pot=4), match=MatchView(round_number=2, rounds_total=5),
        tie_break=TieBreakView(
            (TieEntryView("Anna", (4, 3)), TieEntryView("Cleo", current=True)), tied_score=8,
            how="Each re-throws both cargo dice: the higher total wins the round"),
        photo=tray_photo([(4, 250, 220, 14, C), (3, 420, 290, -22, C)], seed=5),
        message=MessageView(Severity.INFO, "Anna threw 7", "Cleo: throw 2 dice"),
    )


def _roll_off() -> View:
    return View(
        Screen.ROLL_OFF, players=tuple(PlayerView(n, chips=5) for n in _FOUR),
        tie_break=TieBreakView(
            (TieEntryView("Anna", (5,)), TieEntryView("Ben", (2,)), TieEntryView("Cleo", (5,)),
             TieEntryView("Dev", current=True)),
            how="Each player throws one die: the highest starts; ties throw again"),
        message=MessageView(Severity.INFO, "Dev to throw", "Throw 1 die, then press the button"),
    )


def _match_result() -> View:
    players = (
        PlayerView("Anna", points=31, rank=2),
        PlayerView("Ben", points=44, rank=1),
        PlayerView("Cleo", points=31, rank=2),
        PlayerView("Dev", points=18, rank=4),
    )
    return View(
        Screen.MATCH_RESULT, players=players, stakes=StakesView(kind=Stakes.POINTS),
        match=MatchView(round_number=5, rounds_total=5),
        match_result=MatchResultView("Ben", note="44 points after 5 rounds"),
        message=MessageView(Severity.INFO, "Thanks for playing",
                            "Hold the button for a new match"),
    )


def _dispute() -> View:
    throws = (
        ThrowView.of(1, "64331", ship=0, photo=_photo1(),
                     explanation="6 banked as ship. The 4 waits: no captain yet."),
        ThrowView.of(2, "6541", captain=1, crew=2, cargo=(0, 3), photo=_photo2(),
                     explanation="5 banked as captain, 4 as crew: launched with cargo 7."),
        ThrowView.of(3, "53", cargo=(0, 1), photo=_photo3(),
                     explanation="Cargo re-thrown: 5 + 3 = 8. A re-throw must be kept."),
    )
    return View(
        Screen.DISPUTE, players=_players("Anna"), stakes=StakesView(pot=4),
        match=MatchView(round_number=2, rounds_total=5),
        turn=TurnView("Anna", throws_used=3, slots=standard_slots(1, 2, 2), cargo=(5, 3),
                      score=8, throws=throws, dice_to_throw=0),
        message=MessageView(Severity.INFO, "Dispute view", "Press the button to go back"),
    )


def _night() -> View:
    night = NightView(
        games=3, rounds=14,
        players=(
            NightPlayerView("Cleo", 6, 14, chips=9, launch_rate=0.71),
            NightPlayerView("Anna", 4, 14, chips=1, launch_rate=0.57),
            NightPlayerView("Ben", 3, 14, chips=-4, launch_rate=0.5),
            NightPlayerView("Dev", 1, 14, chips=-6, launch_rate=0.36),
        ),
        best="Cleo 12 (game 2, round 1)",
        last_rounds=(("Anna", 8), ("Cleo", 9), (None, 0), ("Ben", 7), ("Cleo", 11),
                     ("Dev", 6), (None, 7), ("Cleo", 12), ("Anna", 9), ("Ben", 10)),
        faces=(41, 38, 45, 40, 43, 39), p_value=0.96,
    )
    return View(Screen.NIGHT, players=_players(None), stakes=StakesView(pot=0), night=night,
                message=MessageView(Severity.INFO, "The night so far",
                                    "Press the button to go back"))


def _night_warning() -> View:
    night = NightView(
        games=9, rounds=40,
        players=tuple(NightPlayerView(n, w, 40, chips=c, launch_rate=r) for n, w, c, r in (
            ("Kristoffer", 12, 14, 0.6), ("Anna-Maria", 10, 6, 0.55), ("Ben", 8, -2, 0.5),
            ("Cleo", 5, -5, 0.45), ("Dev", 3, -7, 0.4), ("Eve", 1, -9, 0.3),
            ("Finn", 1, -4, 0.3), ("Gus", 0, -3, 0.2))),
        best="Kristoffer 12",
        last_rounds=tuple((n, s) for n, s in (("Kristoffer", 12), ("Anna-Maria", 9), ("Ben", 7),
                                               ("Cleo", 8), ("Dev", 6), ("Eve", 10),
                                               ("Finn", 11), ("Gus", 5), ("Ben", 9),
                                               ("Kristoffer", 10))),
        faces=(80, 85, 90, 95, 64, 186), p_value=1e-30,
        warning="6 came up on 31 % of 600 dice: check the dice",
        alert="Check the dice: 6 on 31 % of 600",
    )
    return View(Screen.NIGHT, players=_players(None), stakes=StakesView(pot=0, unit="$"),
                night=night)


#: Every sample by name, in the order the screenshots are listed.
SAMPLES: dict[str, Callable[[], View]] = {
    "attract": _attract,
    "roll-off": _roll_off,
    "turn-start": _turn_start,
    "turn-ship": _turn_ship,
    "turn-launched": _turn_launched,
    "turn-problem": _turn_problem,
    "turn-faults": _turn_faults,
    "turn-faults-long": _turn_faults_long,
    "turn-faults-three": _turn_faults_three,
    "turn-confirm": _turn_confirm,
    "turn-eight-players": _turn_eight,
    "turn-no-launch": _turn_no_launch,
    "turn-low-ship": _low_ship,
    "round-result": _round_result,
    "round-nobody": _round_nobody,
    "tie-break": _tie_break,
    "match-result": _match_result,
    "dispute": _dispute,
    "night": _night,
    "night-warning": _night_warning,
}


def sample(name: str) -> View:
    """The sample view ``name`` (a key of :data:`SAMPLES`).

    Raises:
        KeyError: no such sample; the message lists them.
    """
    try:
        return SAMPLES[name]()
    except KeyError:
        raise KeyError(f"no sample {name!r}; samples: {', '.join(SAMPLES)}") from None


