"""One error root per layer: engine, vision, hardware, journal, config.

Each error is an instance of its layer's root, and of ``ValueError`` when the caller
gave something bad (``RuntimeError`` for a device that fails), so the app catches the
root of the layer it calls and nothing else.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.config import ConfigError, config_from_text
from companion.engine import (
    EngineError,
    RuleError,
    SettingsError,
    Stand,
    Throw,
    apply,
    new_game,
    settings_from_options,
)
from companion.journal import Journal, JournalError
from companion.notation import NotationError, ReplayError, decode_event, encode_event
from hardware import HardwareError, HardwareSettingsError
from hardware.button import ButtonError, PressDetector, open_buttons
from hardware.camera import CameraError, ReplayCamera
from hardware.exposure import flicker_period_us
from vision import (
    Calibration,
    VisionError,
    VisionInputError,
    VisionParams,
    VisionSettingsError,
    read_dice,
)

ROOTS = [
    (EngineError, [RuleError, SettingsError, NotationError, ReplayError], ValueError),
    (VisionError, [VisionInputError, VisionSettingsError], ValueError),
    (HardwareError, [HardwareSettingsError], ValueError),
    (HardwareError, [CameraError, ButtonError], RuntimeError),
]


@pytest.mark.parametrize(("root", "errors", "second"), ROOTS)
def test_every_error_has_its_layer_root_and_a_second_base(
    root: type[Exception], errors: list[type[Exception]], second: type[Exception]
) -> None:
    for error in errors:
        assert issubclass(error, root), error
        assert issubclass(error, second), error
    # The roots are distinct: catching one layer's root never swallows another's.
    others = {EngineError, VisionError, HardwareError, JournalError, ConfigError} - {root}
    for error in errors:
        assert not any(issubclass(error, other) for other in others), error


def test_the_journal_and_config_errors_are_their_own_roots() -> None:
    assert issubclass(JournalError, ValueError)
    assert issubclass(ConfigError, ValueError)
    assert not issubclass(JournalError, ConfigError | EngineError)
    assert not issubclass(ConfigError, JournalError | EngineError)


def test_the_engine_raises_only_engine_errors() -> None:
    settings = settings_from_options("standard", {})
    state = new_game(settings, ["Ann", "Ben"])
    with pytest.raises(EngineError, match=r"launch|stand"):
        apply(state, Stand())
    with pytest.raises(EngineError) as info:
        settings_from_options("standard", {"ante": "two"})
    assert isinstance(info.value, SettingsError) and info.value.key == "ante"
    with pytest.raises(EngineError):
        decode_event("7x")
    with pytest.raises(EngineError, match="face values 1 to 6"):
        encode_event(Throw((6, 9)))
    with pytest.raises(EngineError, match="not a game event"):
        encode_event("64331")  # type: ignore[arg-type]


def test_vision_raises_only_vision_errors() -> None:
    with pytest.raises(VisionError):
        read_dice(np.zeros((10, 10), np.uint8))
    with pytest.raises(VisionError, match="expected must be 0 or more"):
        read_dice(np.zeros((240, 320, 3), np.uint8), expected=-1)
    with pytest.raises(VisionError, match="die_size_px"):
        Calibration(die_size_px=1.0)
    with pytest.raises(VisionError, match="turns"):
        VisionParams(turns=9)


def test_hardware_raises_only_hardware_errors(tmp_path: Path) -> None:
    class Settings:
        kind = "carrier-pigeon"
        pin = 17
        undo_pin = None
        bounce_time_s = 0.02
        hold_time_s = 1.5
        min_press_s = 0.05
        long_hold_time_s = 4.0

    with pytest.raises(HardwareError, match="unknown button kind"):
        open_buttons(Settings())
    with pytest.raises(HardwareError, match="50 or 60"):
        flicker_period_us(55)
    with pytest.raises(HardwareError, match="bounce_time"):
        PressDetector(bounce_time=-1.0)
    with pytest.raises(HardwareError):
        ReplayCamera(tmp_path / "missing.json")


def test_the_journal_and_the_config_raise_their_roots(tmp_path: Path) -> None:
    with pytest.raises(JournalError, match="photo budget"):
        Journal(tmp_path / "j.db", -1)
    with pytest.raises(ConfigError):
        config_from_text("[camera]\nflicker_hz = 55\n")
