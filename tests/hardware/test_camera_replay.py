"""ReplayCamera: folders, manifests and lists of recorded throws, served in order."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hardware.camera import (
    Camera,
    CameraError,
    FrameError,
    ReplayCamera,
    open_camera,
    read_manifest,
)
from tests.hardware.images import solid, write_image


def levels(frames: list[np.ndarray]) -> list[int]:
    return [int(f[0, 0, 0]) for f in frames]


def test_a_folder_serves_images_and_subfolder_bursts_in_name_order(tmp_path: Path) -> None:
    write_image(tmp_path / "01.png", 10)
    write_image(tmp_path / "02-moving" / "a.png", 20)
    write_image(tmp_path / "02-moving" / "b.png", 30)
    write_image(tmp_path / "03.png", 40)
    (tmp_path / "ATTRIBUTION.txt").write_text("photos by ...")  # not an image: ignored
    with ReplayCamera(tmp_path) as camera:
        assert isinstance(camera, Camera)
        assert camera.remaining == 3
        first = camera.frames(3, 0.2)
        assert levels(first) == [10, 10, 10]
        assert first[0].shape == (8, 12, 3) and first[0].dtype == np.uint8
        assert levels(camera.frames(3, 0.2)) == [20, 30, 30]  # padded with its last frame
        assert levels([camera.capture()]) == [40]
        assert camera.remaining == 0
        with pytest.raises(CameraError, match="recording finished after 3 throws"):
            camera.capture()


def test_a_burst_shorter_than_the_recording_takes_its_first_frames() -> None:
    with ReplayCamera([[solid(1), solid(2), solid(3)]]) as camera:
        assert levels(camera.frames(2, 0.1)) == [1, 2]


def test_capture_of_a_recorded_burst_is_its_last_frame() -> None:
    with ReplayCamera([[solid(1), solid(2), solid(3)]]) as camera:
        assert levels([camera.capture()]) == [3]


def test_served_frames_are_fresh_copies() -> None:
    recorded = solid(50)
    with ReplayCamera([recorded], loop=True) as camera:
        burst = camera.frames(2, 0)
        burst[0][:] = 0  # the app draws on a frame
        assert levels(burst) == [0, 50]
        assert levels([camera.capture()]) == [50]
        assert int(recorded[0, 0, 0]) == 50


def test_looping_starts_again_and_rewind_goes_back(tmp_path: Path) -> None:
    with ReplayCamera([solid(1), solid(2)], loop=True) as camera:
        assert levels([camera.capture() for _ in range(5)]) == [1, 2, 1, 2, 1]
        assert camera.remaining is None
        camera.rewind()
        assert camera.position == 0 and levels([camera.capture()]) == [1]


def test_a_manifest_with_crop_failure_and_extra_keys(tmp_path: Path) -> None:
    big = tmp_path / "photos" / "tray.png"
    big.parent.mkdir()
    image = np.zeros((40, 60, 3), np.uint8)
    image[10:20, 30:50] = 200
    import cv2

    assert cv2.imwrite(str(big), image)
    write_image(tmp_path / "m1.png", 5)
    write_image(tmp_path / "m2.png", 6)
    manifest = tmp_path / "game.json"
    manifest.write_text(
        json.dumps(
            {
                "players": ["Ann", "Bob"],  # the app's part of the file: ignored here
                "throws": [
                    {"image": "photos/tray.png", "crop": [30, 10, 50, 20], "expect": [6, 5]},
                    {"frames": ["m1.png", {"image": "m2.png"}], "label": "still rolling"},
                    {"fail": "the camera cable was pulled"},
                    "photos/tray.png",
                ],
            }
        )
    )
    throws = read_manifest(manifest)
    assert [t.label for t in throws] == ["", "still rolling", "", ""]
    with ReplayCamera(manifest) as camera:
        cropped = camera.capture()
        assert cropped.shape == (10, 20, 3) and int(cropped.min()) == 200
        assert levels(camera.frames(2, 0.1)) == [5, 6]
        with pytest.raises(CameraError, match="cable was pulled"):
            camera.frames(3, 0.1)  # the camera dies mid-game ...
        assert camera.capture().shape == (40, 60, 3)  # ... and the app's retry works


def test_a_camera_that_dies_mid_burst_raises_and_drops_the_burst() -> None:
    with ReplayCamera([solid(1), CameraError("no frame within 2 s"), solid(3)]) as camera:
        camera.frames(3, 0.1)
        with pytest.raises(CameraError, match="no frame within 2 s"):
            camera.frames(3, 0.1)
        assert levels(camera.frames(1, 0.1)) == [3]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON \\(line 1, column 2\\)"),
        ('{"photos": []}', 'needs a "throws" list'),
        ('{"throws": [{"image": "missing.png"}]}', "throw 1: image .*missing.png not found"),
        ('{"throws": [{"frames": []}]}', 'throw 1: "frames" must be a non-empty list'),
        ('{"throws": [{"image": "a.png", "crop": [5, 5, 1, 1]}]}', 'throw 1: "crop" must be'),
        ('{"throws": [42]}', "throw 1: expected an image path"),
        ('{"throws": [{"note": "x"}]}', 'throw 1: expected "image", "frames" or "fail"'),
        ('{"throws": []}', "holds no recorded throws"),
    ],
)
def test_a_malformed_manifest_is_a_clear_camera_error(
    tmp_path: Path, content: str, message: str
) -> None:
    write_image(tmp_path / "a.png", 1)
    manifest = tmp_path / "game.json"
    manifest.write_text(content)
    with pytest.raises(CameraError, match=message):
        ReplayCamera(manifest)


def test_a_crop_outside_the_photo_is_reported_when_served(tmp_path: Path) -> None:
    write_image(tmp_path / "a.png", 1)  # 12 x 8 px
    (tmp_path / "g.json").write_text('{"throws": [{"image": "a.png", "crop": [0, 0, 50, 5]}]}')
    with (
        ReplayCamera(tmp_path / "g.json") as camera,
        pytest.raises(CameraError, match="does not fit"),
    ):
        camera.capture()


def test_a_corrupt_image_is_reported_with_its_name(tmp_path: Path) -> None:
    (tmp_path / "broken.png").write_bytes(b"\x89PNG not really")
    with ReplayCamera(tmp_path) as camera, pytest.raises(FrameError, match=r"broken.png"):
        camera.capture()


def test_after_a_bad_file_the_camera_goes_on_with_the_next_photo(tmp_path: Path) -> None:
    # issue 12: an empty .png made the app reopen the folder from its first photo
    write_image(tmp_path / "1.png", 10)
    (tmp_path / "2.png").write_bytes(b"")
    write_image(tmp_path / "3.png", 30)
    with ReplayCamera(tmp_path) as camera:
        assert int(camera.frames(2, 0.0)[0][0, 0, 0]) == 10
        with pytest.raises(FrameError, match=r"2.png is missing or not an image"):
            camera.frames(2, 0.0)
        assert int(camera.frames(2, 0.0)[0][0, 0, 0]) == 30
        assert camera.remaining == 0


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("/nonexistent/replay", "not found"),
        ([np.zeros((4, 4), np.uint8)], "shape \\(4, 4\\)"),
        ([np.zeros((4, 4, 3), np.float32)], "float32"),
        ([[]], "empty list of frames"),
        ([3.5], "expected an image path"),
    ],
)
def test_bad_sources_are_refused(source: object, message: str) -> None:
    with pytest.raises(CameraError, match=message):
        ReplayCamera(source)  # type: ignore[arg-type]


def test_an_empty_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CameraError, match="holds no recorded throws"):
        ReplayCamera(tmp_path)


def test_bad_bursts_and_closed_cameras() -> None:
    camera = ReplayCamera([solid(1)], loop=True)
    with pytest.raises(ValueError, match="n >= 1"):
        camera.frames(0, 0.1)
    with pytest.raises(ValueError, match="interval_s"):
        camera.frames(2, -1)
    camera.close()
    camera.close()
    with pytest.raises(CameraError, match="closed"):
        camera.capture()


def test_open_camera_makes_a_replay_camera(tmp_path: Path) -> None:
    write_image(tmp_path / "1.png", 9)

    class Settings:
        kind = "replay"
        resolution = (1640, 1232)
        exposure_us = None
        analogue_gain = None
        flicker_hz = 50
        usb_index = 0
        replay_path: Path | None = tmp_path
        settle_s = 1.0
        timeout_s = 2.0

    with open_camera(Settings()) as camera:
        assert levels([camera.capture()]) == [9]
    Settings.replay_path = None
    with pytest.raises(ValueError, match="replay_path"):
        open_camera(Settings())
    Settings.kind = "webcam"
    with pytest.raises(ValueError, match="unknown camera kind"):
        open_camera(Settings())
