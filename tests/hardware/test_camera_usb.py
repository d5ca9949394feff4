"""UsbCamera against a stand-in ``cv2.VideoCapture`` (no camera, no /dev/video)."""

from __future__ import annotations

import time
from typing import Any, ClassVar

import cv2
import numpy as np
import pytest

from hardware.camera import CameraError, UsbCamera
from hardware.camera import usb as usb_module


class FakeCapture:
    """A V4L2 camera: properties read back what it accepted; reads can stop or hang."""

    opened = True
    offers = (640, 480)  # the only resolution it accepts
    refuse: frozenset[int] = frozenset()
    frames_left: int | None = None
    hang_s = 0.0
    instances: ClassVar[list[FakeCapture]] = []

    def __init__(self, index: int, api: int) -> None:
        assert api == cv2.CAP_V4L2
        self.index = index
        self.props: dict[int, float] = {
            cv2.CAP_PROP_EXPOSURE: 157.0,
            cv2.CAP_PROP_WB_TEMPERATURE: 4600.0,
        }
        self.sets: list[tuple[int, float]] = []
        self.reads = 0
        self.released = False
        type(self).instances.append(self)

    def isOpened(self) -> bool:
        return self.opened

    def set(self, prop: int, value: float) -> bool:
        self.sets.append((prop, value))
        if prop in self.refuse:
            return False
        if prop == cv2.CAP_PROP_FRAME_WIDTH:
            self.props[prop] = self.offers[0]
            return True
        if prop == cv2.CAP_PROP_FRAME_HEIGHT:
            self.props[prop] = self.offers[1]
            return True
        self.props[prop] = value
        return True

    def get(self, prop: int) -> float:
        return self.props.get(prop, 0.0)

    def read(self) -> tuple[bool, Any]:
        if self.hang_s:
            time.sleep(self.hang_s)
        if self.frames_left is not None:
            if self.frames_left <= 0:
                return False, None
            self.frames_left -= 1
        self.reads += 1
        width = int(self.props.get(cv2.CAP_PROP_FRAME_WIDTH, 640))
        height = int(self.props.get(cv2.CAP_PROP_FRAME_HEIGHT, 480))
        return True, np.full((height, width, 3), self.reads % 256, np.uint8)

    def release(self) -> None:
        self.released = True


@pytest.fixture
def capture(monkeypatch: pytest.MonkeyPatch) -> type[FakeCapture]:
    fake = type("FakeCapture", (FakeCapture,), {"instances": []})
    monkeypatch.setattr(usb_module.cv2, "VideoCapture", fake)
    monkeypatch.setattr(usb_module.shutil, "which", lambda name: None)  # no v4l2-ctl
    return fake


def open_usb(**kwargs: Any) -> UsbCamera:
    kwargs.setdefault("settle_s", 0.0)
    kwargs.setdefault("timeout_s", 0.5)
    return UsbCamera(2, (640, 480), **kwargs)


def test_it_opens_checks_the_resolution_and_captures_fresh_frames(
    capture: type[FakeCapture],
) -> None:
    with open_usb() as camera:
        fake = capture.instances[0]
        assert fake.index == 2 and camera.describe == "USB camera /dev/video2"
        reads = fake.reads
        frame = camera.capture()
        assert frame.shape == (480, 640, 3) and frame.dtype == np.uint8
        assert fake.reads == reads + 2  # one queued (stale) frame dropped, one fresh
        assert len(camera.frames(3, 0.0)) == 3
    assert fake.released


def test_auto_exposure_settles_then_locks_on_whole_flicker_periods(
    capture: type[FakeCapture],
) -> None:
    with open_usb(flicker_hz=50) as camera:
        fake = capture.instances[0]
        # AE reached 157 x 100 us = 15.7 ms: locked at one 10 ms period (100 units)
        assert (cv2.CAP_PROP_AUTO_EXPOSURE, usb_module.V4L2_EXPOSURE_MANUAL) in fake.sets
        assert fake.props[cv2.CAP_PROP_EXPOSURE] == 100
        assert fake.props[cv2.CAP_PROP_AUTO_WB] == 0  # white balance locked ...
        assert fake.props[cv2.CAP_PROP_WB_TEMPERATURE] == 4600  # ... where it settled
        assert camera.refused == ["power line frequency"]  # no v4l2-ctl here


def test_a_fixed_exposure_goes_in_100_us_units(capture: type[FakeCapture]) -> None:
    with open_usb(exposure_us=20_000):
        assert capture.instances[0].props[cv2.CAP_PROP_EXPOSURE] == 200


def test_a_refused_resolution_names_it_and_what_the_camera_gives(
    capture: type[FakeCapture],
) -> None:
    with pytest.raises(
        CameraError, match=r"refused the resolution 1920 x 1080 px \(it gives 640 x 480\)"
    ):
        UsbCamera(0, (1920, 1080), settle_s=0)
    assert capture.instances[0].released


def test_a_refused_fixed_exposure_is_an_error(capture: type[FakeCapture]) -> None:
    capture.refuse = frozenset({cv2.CAP_PROP_EXPOSURE})
    with pytest.raises(CameraError, match="refused the manual exposure 20000 us"):
        open_usb(exposure_us=20_000)


def test_refused_helper_settings_are_listed_not_fatal(capture: type[FakeCapture]) -> None:
    capture.refuse = frozenset({cv2.CAP_PROP_FOURCC, cv2.CAP_PROP_BUFFERSIZE, cv2.CAP_PROP_AUTO_WB})
    with open_usb(flicker_hz=0) as camera:
        assert camera.refused == [
            "MJPG pixel format",
            "one-frame buffer",
            "auto white balance",
            "white balance lock",
        ]
        reads = capture.instances[0].reads
        camera.capture()
        assert capture.instances[0].reads == reads + usb_module.STALE_FRAMES + 1


def test_a_camera_that_does_not_open_says_what_to_check(capture: type[FakeCapture]) -> None:
    capture.opened = False
    with pytest.raises(CameraError, match=r"did not open.*v4l2-ctl --list-devices"):
        open_usb()


def test_a_camera_unplugged_mid_burst_raises_and_stays_dead(capture: type[FakeCapture]) -> None:
    with open_usb() as camera:
        capture.instances[0].frames_left = 3
        with pytest.raises(CameraError, match="stopped delivering frames"):
            camera.frames(4, 0.0)
        with pytest.raises(CameraError, match="close it and open it again"):
            camera.capture()


def test_a_read_that_hangs_times_out(capture: type[FakeCapture]) -> None:
    with open_usb(timeout_s=0.2) as camera:
        capture.instances[0].hang_s = 1.0
        start = time.monotonic()
        with pytest.raises(CameraError, match=r"no frame within 0.2 s"):
            camera.capture()
        assert time.monotonic() - start < 0.9
