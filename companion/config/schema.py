"""The schema: every section and key of the config file, its kind, default, range and
meaning (the example file and the README follow it; a test checks that they do)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.config.model import LOG_LEVELS
from companion.engine import PRESETS


@dataclass(frozen=True)
class Key:
    """One config key: kind, default, range and a line of help.

    ``kind`` is ``int``, ``float``, ``bool``, ``str``, ``choice``, ``pair`` (two whole
    numbers), ``box`` (four numbers), ``names`` (a list of strings) or ``path``.
    ``default`` ``None`` means the key may be left out (then it is ``None``).
    """

    name: str
    kind: str
    default: Any
    help: str
    lo: float | None = None
    hi: float | None = None
    choices: tuple[Any, ...] = ()


def _keys(*keys: Key) -> dict[str, Key]:
    return {k.name: k for k in keys}


#: Every section and key of the file (``[rules]`` takes the engine's options besides
#: ``preset``; see ``companion.engine.OPTIONS``).
SCHEMA: dict[str, dict[str, Key]] = {
    "button": _keys(
        Key(
            "kind",
            "choice",
            "gpio",
            "gpio: buttons on the Pi's pins; keyboard: space, s, n, u",
            choices=("gpio", "keyboard"),
        ),
        Key("pin", "int", 17, "GPIO (BCM) number of the throw button", 2, 27),
        Key(
            "undo_pin",
            "int",
            None,
            "GPIO (BCM) number of the undo button; leave out if none",
            2,
            27,
        ),
        Key("bounce_time_s", "float", 0.02, "debounce window, s", 0.0, 0.2),
        Key("hold_time_s", "float", 1.5, "press length that makes a hold, s", 0.3, 10.0),
        Key(
            "min_press_s",
            "float",
            0.05,
            "shortest press, s; a shorter pulse on the line is a glitch, not a press",
            0.0,
            0.25,
        ),
        Key(
            "long_hold_time_s",
            "float",
            4.0,
            "press length that makes a long hold (the night so far, between rounds), s",
            1.0,
            30.0,
        ),
    ),
    "camera": _keys(
        Key(
            "kind",
            "choice",
            "pi",
            "pi (ribbon camera), usb, or replay (recorded throws)",
            choices=("pi", "usb", "replay"),
        ),
        Key("resolution", "pair", (1640, 1232), "frame width and height, px", 64, 8192),
        Key(
            "exposure_us",
            "int",
            None,
            "fixed exposure, us; leave out for auto exposure locked after settling",
            100,
            1_000_000,
        ),
        Key(
            "analogue_gain",
            "float",
            None,
            "fixed analogue gain with exposure_us (Pi camera); leave out to keep AE's",
            1.0,
            64.0,
        ),
        Key(
            "flicker_hz",
            "choice",
            50,
            "mains frequency of the lighting, Hz; 0 = none",
            choices=(0, 50, 60),
        ),
        Key("usb_index", "int", 0, "USB camera device number (/dev/videoN)", 0, 63),
        Key(
            "replay_path",
            "path",
            None,
            "folder, manifest (.json) or image the replay camera serves",
        ),
        Key(
            "settle_s",
            "float",
            1.0,
            "seconds auto exposure and white balance run before they are locked",
            0.0,
            10.0,
        ),
        Key("timeout_s", "float", 2.0, "longest wait for one frame, s", 0.1, 60.0),
        Key(
            "burst_frames", "int", 3, "frames per throw (the stillness check compares them)", 1, 30
        ),
        Key("burst_interval_s", "float", 0.08, "time between the frames of a burst, s", 0.0, 2.0),
    ),
    "tray": _keys(
        Key("region", "box", None, "the throw area [x_min, y_min, x_max, y_max], px"),
        Key(
            "bank_zone",
            "box",
            None,
            "where banked dice are set aside [x_min, y_min, x_max, y_max], px",
        ),
        Key("die_size_px", "float", None, "side of a die's top face in the frame, px", 4.0, 2000.0),
    ),
    "display": _keys(
        Key("fullscreen", "bool", True, "fill the screen (else a window of size)"),
        Key(
            "size",
            "pair",
            (1280, 720),
            "window width and height when not fullscreen, px",
            160,
            16384,
        ),
        Key("show_odds", "bool", True, "show the chances when a player may stand"),
    ),
    "rules": _keys(
        Key("preset", "choice", "standard", "the rule set to start from", choices=tuple(PRESETS)),
    ),
    "players": _keys(
        Key("names", "names", ("Player 1", "Player 2"), "the players, in seating order"),
    ),
    "journal": _keys(
        Key("path", "path", "companion-journal.sqlite3", "the SQLite journal file"),
        Key(
            "photo_budget_mb",
            "int",
            200,
            "disk space for throw photos, MB (oldest pruned first); 0 keeps none",
            0,
            1_000_000,
        ),
    ),
    "log": _keys(
        Key(
            "level",
            "choice",
            "info",
            "error, warning, info (one line per throw, with its timings) or debug",
            choices=LOG_LEVELS,
        ),
    ),
    "sound": _keys(
        Key("enabled", "bool", True,
            "short sounds: a throw read, ship / captain / crew banked, launch, bust, round won"),
        Key("volume", "float", 0.7, "loudness of sounds and speech, 0 (silent) to 1", 0.0, 1.0),
        Key("speech", "bool", False,
            "speak announcements through espeak-ng ('Ann: ship, captain and crew! Cargo 8')"),
        Key("voice", "str", "en", "the espeak-ng voice (espeak-ng --voices lists them)"),
    ),
}
