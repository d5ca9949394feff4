"""Cameras come from a factory that tests can swap (as gpiozero's ``pin_factory``)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

import hardware.camera as camera_module
from hardware.camera import (
    CAMERA_KINDS,
    Camera,
    CameraBase,
    CameraFactory,
    CameraSettings,
    Frame,
    open_camera,
)
from hardware.errors import HardwareSettingsError


@dataclass(frozen=True)
class Settings:
    kind: str = "pi"
    resolution: tuple[int, int] = (64, 48)
    exposure_us: int | None = None
    analogue_gain: float | None = None
    flicker_hz: int = 50
    usb_index: int = 0
    replay_path: Path | None = None
    settle_s: float = 0.0
    timeout_s: float = 1.0


class FakeCamera(CameraBase):
    describe = "fake camera"

    def __init__(self, settings: CameraSettings) -> None:
        super().__init__()
        self.size = settings.resolution
        self.released = False

    def _capture(self) -> Frame:
        w, h = self.size
        return np.full((h, w, 3), 7, np.uint8)

    def _release(self) -> None:
        self.released = True


def test_the_default_factory_knows_every_kind() -> None:
    assert camera_module.camera_factory.kinds == CAMERA_KINDS


def test_a_swapped_factory_serves_open_camera(monkeypatch: pytest.MonkeyPatch) -> None:
    fakes = CameraFactory({"pi": FakeCamera, "usb": FakeCamera})
    monkeypatch.setattr(camera_module, "camera_factory", fakes)
    with open_camera(Settings("pi")) as camera:
        assert isinstance(camera, FakeCamera) and isinstance(camera, Camera)
        assert camera.capture().shape == (48, 64, 3)
    assert camera.released
    with pytest.raises(HardwareSettingsError, match=r"expected one of \('pi', 'usb'\)"):
        open_camera(Settings("replay"))


def test_a_factory_can_be_given_per_call() -> None:
    camera = open_camera(Settings("usb", resolution=(10, 8)),
                         factory=CameraFactory({"usb": FakeCamera}))
    assert int(camera.capture()[0, 0, 0]) == 7
    camera.close()


def test_the_default_factory_refuses_an_unknown_kind_and_a_replay_without_path() -> None:
    with pytest.raises(HardwareSettingsError, match="unknown camera kind 'webcam'"):
        open_camera(Settings("webcam"))
    with pytest.raises(HardwareSettingsError, match="replay_path"):
        open_camera(Settings("replay"))
