"""PiCamera against a stand-in ``picamera2`` module (no Pi, no libcamera).

The stand-in follows the Picamera2 manual's API: ``global_camera_info()``,
``camera_controls``, ``create_video_configuration(...)``, ``configure``, ``start``,
``set_controls``, ``capture_metadata(wait=False)`` / ``capture_array(name,
wait=False)`` / ``autofocus_cycle(wait=False)`` returning a job, and ``wait(job,
timeout)`` raising ``TimeoutError`` (the autofocus job's result: True if it focused).
With ``autofocus_lens`` set it is a Camera Module 3: ``AfMode`` and ``LensPosition``
among its controls, the cycle ending at that lens position.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from typing import Any, ClassVar

import numpy as np
import pytest

from hardware.camera import CameraError, FocusResult, PiCamera


class FakePicamera2:
    """Records every call; serves frames until ``frames_left`` runs out, then times out."""

    cameras: ClassVar[list[dict[str, Any]]] = [{"Model": "imx708"}]
    flicker_controls = True
    metadata: ClassVar[dict[str, Any]] = {}
    frames_left: int | None = None
    channels = 3
    instances: ClassVar[list[FakePicamera2]] = []
    fail_on_start = False
    align = 1  # libcamera rounds the width down to a multiple of this
    autofocus_lens: float | None = None  # None: no autofocus (Camera Module 2, HQ)
    autofocus_succeeds = True
    autofocus_hangs = False

    def __init__(self, camera_num: int = 0) -> None:
        self.camera_num = camera_num
        self.configs: list[dict[str, Any]] = []
        self.controls: list[dict[str, Any]] = []
        self.current: dict[str, Any] = {}
        self.calls: list[str] = []
        self.frames_served = 0
        self.camera_controls = {"ExposureTime": (1, 1_000_000, 10_000)}
        if self.flicker_controls:
            self.camera_controls |= {
                "AeFlickerMode": (0, 2, 0),
                "AeFlickerPeriod": (100, 1_000_000, 10_000),
            }
        if self.autofocus_lens is not None:
            self.camera_controls |= {"AfMode": (0, 2, 0), "LensPosition": (0.0, 15.0, 1.0)}
        type(self).instances.append(self)

    @classmethod
    def global_camera_info(cls) -> list[dict[str, Any]]:
        return cls.cameras

    def create_video_configuration(self, **kwargs: Any) -> dict[str, Any]:
        return kwargs

    def configure(self, config: dict[str, Any]) -> None:
        self.configs.append(config)
        width, height = config["main"]["size"]
        if width % 2 or height % 2:
            raise RuntimeError("width and height should be even")  # as picamera2 says
        self.size = (width - width % self.align, height)

    def camera_configuration(self) -> dict[str, Any]:
        return {"main": {"size": self.size, "format": "RGB888"}}

    def start(self) -> None:
        self.calls.append("start")
        if self.fail_on_start:
            raise RuntimeError("Failed to start camera: Device or resource busy")

    def stop(self) -> None:
        self.calls.append("stop")

    def close(self) -> None:
        self.calls.append("close")

    def set_controls(self, controls: dict[str, Any]) -> None:
        self.controls.append(dict(controls))
        self.current |= controls

    def capture_metadata(self, wait: Any = None) -> tuple[str]:
        return ("metadata",)

    def autofocus_cycle(self, wait: Any = None) -> tuple[str]:
        assert "AfMode" in self.camera_controls, "no motorised lens"
        assert wait is False
        self.calls.append("autofocus")
        self.current |= {"AfMode": "Auto", "LensPosition": self.autofocus_lens}
        return ("autofocus",)

    def capture_array(self, name: str = "main", wait: Any = None) -> tuple[str, str]:
        assert name == "main" and wait is False
        return ("array", name)

    def wait(self, job: tuple[str, ...], timeout: float | None = None) -> Any:
        assert timeout is not None, "every read must have a timeout"
        if job[0] == "autofocus":
            if self.autofocus_hangs:
                raise TimeoutError
            return self.autofocus_succeeds
        if job[0] == "metadata":
            lens = {"LensPosition": self.current["LensPosition"]} \
                if "LensPosition" in self.current else {}
            if self.current.get("AeEnable") is False:  # locked: report what was set
                return {"ExposureTime": self.current["ExposureTime"]} | lens
            return dict(self.metadata) | lens
        if self.frames_left is not None:
            if self.frames_left <= 0:
                raise TimeoutError
            self.frames_left -= 1
        self.frames_served += 1
        width, height = self.size
        return np.full((height, width, self.channels), self.frames_served, np.uint8)


@pytest.fixture
def picamera2(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[FakePicamera2]]:
    """Install the stand-in as ``picamera2`` (and ``libcamera.controls``) for one test."""
    fake = type("FakePicamera2", (FakePicamera2,), {})  # class attributes per test
    fake.instances = []
    fake.metadata = {"ExposureTime": 27_000, "AnalogueGain": 2.0, "ColourGains": (1.9, 1.6)}
    module = types.ModuleType("picamera2")
    module.Picamera2 = fake  # type: ignore[attr-defined]
    libcamera = types.ModuleType("libcamera")
    enum = types.SimpleNamespace(Manual="FlickerManual")
    libcamera.controls = types.SimpleNamespace(  # type: ignore[attr-defined]
        AeFlickerModeEnum=enum, AfModeEnum=types.SimpleNamespace(Manual="AfManual"))
    monkeypatch.setitem(sys.modules, "picamera2", module)
    monkeypatch.setitem(sys.modules, "libcamera", libcamera)
    yield fake


def open_pi(**kwargs: Any) -> PiCamera:
    kwargs.setdefault("settle_s", 0.0)
    return PiCamera((64, 48), **kwargs)


def test_it_configures_bgr_frames_without_a_queue(picamera2: type[FakePicamera2]) -> None:
    with open_pi() as camera:
        config = picamera2.instances[0].configs[0]
        assert config["main"] == {"size": (64, 48), "format": "RGB888"}  # B, G, R in memory
        assert config["queue"] is False  # never a frame from before the request
        frame = camera.capture()
        assert frame.shape == (48, 64, 3) and frame.dtype == np.uint8
        assert camera.describe == "Pi camera 0 (imx708)"


def test_it_tells_ae_the_flicker_period_then_locks_on_whole_periods(
    picamera2: type[FakePicamera2],
) -> None:
    with open_pi(flicker_hz=50) as camera:
        cam = picamera2.instances[0]
        controls = cam.configs[0]["controls"]
        assert controls["AeFlickerMode"] == "FlickerManual"
        assert controls["AeFlickerPeriod"] == 10_000
        assert cam.controls[0] == {"AeEnable": True, "AwbEnable": True}
        locked = cam.controls[-1]
        # AE reached 27 ms at gain 2.0: locked at 2 whole 10 ms periods, gain 2.7
        assert locked == {
            "AeEnable": False,
            "AwbEnable": False,
            "ExposureTime": 20_000,
            "AnalogueGain": 2.7,
            "ColourGains": (1.9, 1.6),
        }
        assert camera.locked_controls == locked


def test_at_60_hz_the_lock_uses_8333_us_periods(picamera2: type[FakePicamera2]) -> None:
    with open_pi(flicker_hz=60):
        cam = picamera2.instances[0]
        assert cam.configs[0]["controls"]["AeFlickerPeriod"] == 8333
        assert cam.controls[-1]["ExposureTime"] == 25_000  # 3 periods of 8333.3 us


def test_an_older_libcamera_without_flicker_controls_still_locks_flicker_free(
    picamera2: type[FakePicamera2],
) -> None:
    picamera2.flicker_controls = False
    with open_pi(flicker_hz=50):
        cam = picamera2.instances[0]
        assert "AeFlickerMode" not in cam.configs[0]["controls"]
        assert cam.controls[-1]["ExposureTime"] == 20_000


def test_a_fixed_exposure_and_gain_are_used_as_given(picamera2: type[FakePicamera2]) -> None:
    with open_pi(exposure_us=30_000, analogue_gain=1.5):
        locked = picamera2.instances[0].controls[-1]
        assert locked["ExposureTime"] == 30_000 and locked["AnalogueGain"] == 1.5
        assert locked["AeEnable"] is False and locked["AwbEnable"] is False


def test_a_fixed_exposure_without_gain_keeps_the_brightness_ae_found(
    picamera2: type[FakePicamera2],
) -> None:
    with open_pi(exposure_us=54_000):
        assert picamera2.instances[0].controls[-1]["AnalogueGain"] == pytest.approx(1.0)


def test_relocking_runs_ae_again(picamera2: type[FakePicamera2]) -> None:
    with open_pi() as camera:
        picamera2.metadata = {
            "ExposureTime": 45_000,
            "AnalogueGain": 4.0,
            "ColourGains": (2.0, 1.5),
        }
        locked = camera.lock()
        assert locked["ExposureTime"] == 40_000 and locked["AnalogueGain"] == 4.5


def test_four_channel_frames_are_cut_to_bgr(picamera2: type[FakePicamera2]) -> None:
    picamera2.channels = 4
    with open_pi() as camera:
        assert camera.capture().shape == (48, 64, 3)


def test_a_camera_that_dies_mid_burst_raises_and_stays_dead(picamera2: type[FakePicamera2]) -> None:
    with open_pi(timeout_s=0.5) as camera:
        picamera2.instances[0].frames_left = 2
        with pytest.raises(CameraError, match=r"delivered no frame within 0.5 s"):
            camera.frames(5, 0.0)
        with pytest.raises(CameraError, match="stopped delivering frames earlier"):
            camera.capture()
    assert picamera2.instances[0].calls[-2:] == ["stop", "close"]


def test_missing_picamera2_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "picamera2", None)  # import fails
    with pytest.raises(CameraError, match=r"apt install python3-picamera2.*system-site-packages"):
        PiCamera()


def test_no_camera_attached_is_a_clear_error(picamera2: type[FakePicamera2]) -> None:
    picamera2.cameras = []
    with pytest.raises(CameraError, match=r"no Pi camera 0 found.*ribbon cable"):
        open_pi()


def test_a_camera_that_fails_to_start_is_closed_again(picamera2: type[FakePicamera2]) -> None:
    picamera2.fail_on_start = True
    with pytest.raises(CameraError, match=r"failed to start: .*busy"):
        open_pi()
    assert picamera2.instances[0].calls == ["start", "stop", "close"]


def test_a_resolution_libcamera_adjusts_is_refused_at_start(
    picamera2: type[FakePicamera2],
) -> None:
    picamera2.align = 32
    with pytest.raises(CameraError, match=r"cannot deliver 1000 x 750 px .*\[992, 750\]"):
        PiCamera((1000, 750), settle_s=0)
    with pytest.raises(CameraError, match=r"refused its configuration: .*even"):
        PiCamera((1001, 750), settle_s=0)
    assert [cam.calls for cam in picamera2.instances] == [["stop", "close"], ["stop", "close"]]


def test_missing_metadata_is_reported(picamera2: type[FakePicamera2]) -> None:
    picamera2.metadata = {}
    with pytest.raises(CameraError, match="no exposure/white balance metadata"):
        open_pi()


# -- focus (issue 11: Camera Module 3's autofocus) --------------------------------------


def test_autofocus_runs_one_cycle_then_holds_the_lens_where_it_ended(
    picamera2: type[FakePicamera2],
) -> None:
    picamera2.autofocus_lens = 2.5
    with open_pi() as camera:
        cam = picamera2.instances[0]
        assert camera.has_autofocus and camera.lens_position is None
        assert "autofocus" not in cam.calls  # nothing moves the lens until asked
        result = camera.autofocus()
        assert result == FocusResult(2.5, True)
        assert cam.calls.count("autofocus") == 1
        assert cam.controls[-1] == {"AfMode": "AfManual", "LensPosition": 2.5}
        assert camera.lens_position == 2.5


def test_a_failed_autofocus_still_holds_the_lens_and_says_so(
    picamera2: type[FakePicamera2], caplog: pytest.LogCaptureFixture
) -> None:
    picamera2.autofocus_lens = 0.8
    picamera2.autofocus_succeeds = False
    with open_pi() as camera, caplog.at_level("WARNING"):
        assert camera.autofocus() == FocusResult(0.8, False)
        assert picamera2.instances[0].controls[-1]["AfMode"] == "AfManual"
    assert "autofocus found no sharp focus" in caplog.text


def test_a_saved_lens_position_is_held_in_manual_mode(picamera2: type[FakePicamera2]) -> None:
    picamera2.autofocus_lens = 2.5
    with open_pi() as camera:
        assert camera.hold_focus(3.25) is True
        cam = picamera2.instances[0]
        assert cam.controls[-1] == {"AfMode": "AfManual", "LensPosition": 3.25}
        assert "autofocus" not in cam.calls and camera.lens_position == 3.25


def test_a_camera_without_autofocus_skips_it_with_an_info_line(
    picamera2: type[FakePicamera2], caplog: pytest.LogCaptureFixture
) -> None:
    with open_pi() as camera, caplog.at_level("INFO"):
        assert not camera.has_autofocus
        assert camera.autofocus() is None and camera.hold_focus(2.0) is False
        cam = picamera2.instances[0]
        assert "autofocus" not in cam.calls
        assert not any("AfMode" in c or "LensPosition" in c for c in cam.controls)
    assert "has no autofocus (no AfMode control)" in caplog.text


def test_an_autofocus_that_never_ends_is_a_camera_error(picamera2: type[FakePicamera2]) -> None:
    picamera2.autofocus_lens = 2.5
    picamera2.autofocus_hangs = True
    with open_pi() as camera, pytest.raises(CameraError, match="autofocus did not end"):
        camera.autofocus()
