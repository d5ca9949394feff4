"""Setup mode (``companion setup``): end to end on a replay camera, and its parts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.calibration import (
    CalibrationFileError,
    ThrowCalibration,
    check_calibration_file,
    load_calibration_file,
    load_focus,
    merged_calibration,
    save_calibration,
    save_focus,
)
from companion.cli import main
from companion.commands.setup import held_at_start
from companion.display.setup import render_setup_with_layout
from companion.setup import (
    DARK_MEAN,
    FLICKER_LIMIT,
    SetupMode,
    flicker_banding,
    measure_exposure,
    sharpness,
)
from companion.view.setup import SetupLine
from hardware.button import ButtonEvent
from hardware.camera import FocusResult, ReplayCamera
from vision import Calibration, read_dice
from vision.calibrate import calibrate_from_throws

from .trays import tray

AIM = [tray(6, 5, 4, 3, 2, seed=1)] * 3
MEASURE = [tray(6, 5, 4, 3, 2, seed=s) for s in (2, 3, 4)]
FACES = [tray(*[face] * 5, seed=20 + face) for face in range(1, 7)]


def write_throws(folder: Path, images: list[np.ndarray]) -> Path:
    folder.mkdir(parents=True)
    for i, image in enumerate(images):
        cv2.imwrite(str(folder / f"{i:02d}.png"), image)
    return folder


def config_file(tmp_path: Path, images: list[np.ndarray], extra: str = "") -> Path:
    write_throws(tmp_path / "throws", images)
    path = tmp_path / "companion.toml"
    path.write_text('[camera]\nkind = "replay"\nreplay_path = "throws"\n'
                    '[button]\nkind = "keyboard"\n'
                    '[journal]\npath = "state/journal.sqlite3"\n' + extra)
    return path


class Clock:
    def __init__(self, step: float = 0.1) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def mode(tmp_path: Path, images: list[np.ndarray], **kwargs: Any) -> SetupMode:
    return SetupMode(ReplayCamera(images), tmp_path / "state", clock=Clock(), **kwargs)


def test_the_face_trays_read_exactly_without_calibration() -> None:
    for face, image in enumerate(FACES, 1):
        assert read_dice(image, 5).values == (face,) * 5


def test_setup_end_to_end_on_a_replay_camera(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """The command with its button events played: aim, three measured throws, six
    faces, the button test, done; the calibration, self-test and PNG screens written."""
    config = config_file(tmp_path, AIM + MEASURE + FACES)
    out = tmp_path / "screens"
    events = ["press"] + ["press"] * 3 + ["press"] * 7 + ["press"] * 3 + ["hold", "press"]
    status = main(["setup", "--config", str(config), "--headless", "--out", str(out),
                   "--buttons", ",".join(events)])
    printed = capsys.readouterr().out
    assert status == 0, printed
    assert "setup: finished" in printed
    state = tmp_path / "state"
    table = load_calibration_file(state / "calibration.json")
    # the dice are drawn 62..72 px a side: the median side read must be near that,
    # and it is vision's one estimate (the same as `python -m vision calibrate`)
    assert table.calibration.die_size_px is not None
    assert 62 <= table.calibration.die_size_px <= 72
    assert table.calibration.die_size_px == pytest.approx(  # saved to 0.1 px
        calibrate_from_throws(MEASURE).calibration.die_size_px, abs=0.05)
    assert table.image_size == (640, 480) and table.photos == 3 and table.dice == 15
    assert table.calibration.tray is not None
    # the self-test reports what the reader reads with the saved calibration, face by face
    report = json.loads((state / "self-test.json").read_text())
    for face, result in zip(range(1, 7), report["faces"], strict=True):
        values = read_dice(FACES[face - 1], 5, table.calibration).values
        assert result["values"] == list(values)
        assert result["right"] == values.count(face)
        assert (state / result["photo"]).stat().st_size > 1000
    assert report["good"] == all(f["right"] == 5 for f in report["faces"])
    assert report["good"]  # clear trays, every face read right with the calibration
    # four button events listed with their edges, the pin named
    assert printed.count("on space key: down") == 4
    assert "hold at " in printed and "(1600 ms long)" in printed
    screens = sorted(p.name for p in out.iterdir())
    assert screens[0] == "setup-01-aim.png" and screens[-1].endswith("-done.png")
    assert len(screens) == len(events) + 1
    # config check reads the calibration file too
    assert main(["config", "check", str(config)]) == 0
    assert "calibration.json: ok (die size" in capsys.readouterr().out


def test_self_test_is_good_only_when_every_die_of_every_face_reads_right(
    tmp_path: Path,
) -> None:
    setup = mode(tmp_path, FACES)
    setup.handle(ButtonEvent("press", 1.0))  # aim -> measure
    setup.handle(ButtonEvent("hold", 2.0))  # skip measuring: read uncalibrated
    assert setup.name == "self-test"
    for face in range(1, 7):
        assert setup.view().instruction == f"Turn all dice to {face}, press"
        setup.handle(ButtonEvent("press", 3.0 + face))
    assert setup.name == "self-test"  # the six results stay on screen until a press
    view = setup.view()
    assert len(view.photos) == 6 and view.verdict is not None and view.verdict.ok is True
    setup.handle(ButtonEvent("press", 10.0))
    assert setup.name == "buttons"
    assert setup.self_test_good
    assert setup.self_test_verdict() == "Good: all 5 dice read right on every face"


def test_self_test_names_the_face_that_failed_and_undo_redoes_a_face(tmp_path: Path) -> None:
    wrong = tray(3, 3, 3, 3, 2, seed=23)  # one die not turned to 3
    faces = [*FACES[:2], wrong, FACES[2], *FACES[3:]]
    setup = mode(tmp_path, faces)
    setup.step = 2  # the self-test
    for _ in range(3):
        setup.handle(ButtonEvent("press", 1.0))
    assert [f.right for f in setup.faces] == [5, 5, 4]
    assert setup.view().photos[2].caption == "3: 4/5"
    assert setup.view().photos[2].ok is False and setup.view().photos[1].ok is True
    setup.handle(ButtonEvent("undo", 2.0))  # test face 3 again, turned right this time
    assert len(setup.faces) == 2
    for _ in range(4):
        setup.handle(ButtonEvent("press", 3.0))
    assert setup.self_test_good

    setup = mode(tmp_path / "again", [*FACES[:2], wrong, *FACES[3:]])
    setup.step = 2
    for _ in range(6):
        setup.handle(ButtonEvent("press", 1.0))
    assert not setup.self_test_good
    assert setup.self_test_verdict() == "Not good: face 3: 4 of 5 read right"
    assert setup.view().verdict == SetupLine("Not good: face 3", False)


def test_button_test_lists_each_event_with_its_edges_and_pin(tmp_path: Path) -> None:
    setup = mode(tmp_path, FACES, pins={"throw": "GPIO17"})
    setup.step = 2
    setup.handle(ButtonEvent("hold", 0.0))  # skip the self-test
    assert setup.name == "buttons"
    start = setup._buttons_start
    assert start is not None
    setup.edge("throw", True, start + 0.100)
    setup.edge("throw", False, start + 0.180)
    setup.handle(ButtonEvent("press", start + 0.200))
    assert setup.buttons[0].text() == (
        "press at 200 ms on GPIO17: down 100 ms, up 180 ms (80 ms long)")
    assert setup.view().table == (("event", "pin", "down ms", "held ms"),
                                  ("press", "GPIO17", "100", "80"))
    for at in (1.0, 2.0):
        setup.handle(ButtonEvent("press", start + at))
    setup.edge("throw", True, start + 3.0)
    setup.handle(ButtonEvent("hold", start + 4.5))
    assert setup.buttons[-1].text() == "hold at 4500 ms on GPIO17: down 3000 ms (still down)"
    assert setup.buttons[-1].cells() == ("hold", "GPIO17", "3000", "-")
    assert setup.name == "done"  # 3 presses and a hold end the test


def test_measuring_needs_confident_dice_and_saves_atomically(tmp_path: Path) -> None:
    blank = np.full((480, 640, 3), (40, 80, 35), np.uint8)
    setup = mode(tmp_path, [blank, *MEASURE])
    setup.step = 1
    setup.handle(ButtonEvent("press", 1.0))
    assert setup.throws == 0 and setup.message == "No die read sure: more light or focus"
    for _ in range(3):
        setup.handle(ButtonEvent("press", 1.0))
    assert setup.name == "self-test"
    files = sorted(p.name for p in (tmp_path / "state").iterdir())
    assert files == ["calibration.json"]  # no temporary file left behind


def test_preview_measures_fps_sharpness_and_flags_flicker(tmp_path: Path) -> None:
    sharp = tray(6, 5, 4, 3, 2, seed=1)
    blurred = cv2.GaussianBlur(sharp, (0, 0), 4)
    assert sharpness(sharp) > 3 * sharpness(blurred)
    setup = SetupMode(ReplayCamera([sharp, blurred] * 5), tmp_path, clock=Clock(0.125))
    setup.preview()
    setup.preview()
    assert setup.best_sharp == pytest.approx(sharpness(sharp, setup.tray))
    focus, light, flicker = setup.aim_meters()
    assert focus.ok is False and focus.advice == "Turn the lens back to the mark"
    assert focus.text == f"{setup.sharp:.0f}"
    assert focus.best is not None and focus.fraction < focus.best
    assert light.ok is True and flicker.ok is True
    assert setup.view().instruction == "Turn the lens back to the mark"
    assert setup.view().photos[0].caption == "Live · 8 fps"
    # rolling-shutter bands that move between frames
    rows = np.arange(480)[:, None, None]
    banded = [np.clip(sharp * (1 + 0.1 * np.sin(rows / 30 + phase)), 0, 255).astype(np.uint8)
              for phase in (0.0, 2.0)]
    assert flicker_banding(banded) > FLICKER_LIMIT
    assert flicker_banding([sharp, sharp.copy()]) == 0.0


def test_a_black_floor_under_a_good_light_is_not_dark(tmp_path: Path) -> None:
    # black sandpaper fills the view: the mean stays low, the lit die shows the light
    rng = np.random.default_rng(2)
    floor = np.clip(rng.normal(18, 3, (480, 640, 3)), 0, 255).astype(np.uint8)
    cv2.rectangle(floor, (280, 200), (360, 280), (30, 30, 200), -1)  # a red die
    for c in ((300, 220), (340, 260), (320, 240)):
        cv2.circle(floor, c, 7, (235, 235, 235), -1)  # its white pips
    assert measure_exposure(floor)[0] < DARK_MEAN
    setup = SetupMode(ReplayCamera([floor]), tmp_path, clock=Clock())
    setup.preview()
    assert setup.aim_meters()[1].text == "good"
    dim = (floor * 0.25).astype(np.uint8)  # the same two stops under: nothing lit
    setup = SetupMode(ReplayCamera([dim]), tmp_path, clock=Clock())
    setup.preview()
    assert setup.aim_meters()[1].text == "dark"


def test_dark_tray_and_no_camera_are_said(tmp_path: Path) -> None:
    dark = np.full((480, 640, 3), 6, np.uint8)
    setup = SetupMode(ReplayCamera([dark]), tmp_path, clock=Clock())
    setup.preview()
    assert setup.aim_meters()[1].text == "dark"
    assert setup.view().instruction == "More light on the tray"  # the light comes first
    none = SetupMode(None, tmp_path, clock=Clock())
    none.step = 1
    none.handle(ButtonEvent("press", 1.0))
    assert none.fault == "No camera: check the camera, then press again"
    assert none.view().fault == none.fault


@pytest.mark.parametrize("size", [(480, 320), (800, 480), (1280, 720)])
def test_every_setup_screen_fits(tmp_path: Path, size: tuple[int, int]) -> None:
    setup = mode(tmp_path, AIM + MEASURE + FACES, pins={"throw": "GPIO17", "undo": "GPIO27"})
    setup.preview()
    events = ["press"] + ["press"] * 3 + ["press"] * 7 + ["press", "hold", "undo", "press",
                                                           "press"]
    for kind in events:
        surface, layout = render_setup_with_layout(setup.view(), size)
        assert surface.get_size() == size
        assert layout.off_screen() == [], setup.name
        texts = layout.texts()
        assert texts and all(item.cap_height >= 9 for item in texts)
        # the step's title and what to do are never cut short
        assert not any(t.truncated for t in texts if t.role.startswith(("title", "instruction")))
        setup.handle(ButtonEvent(kind, 1.0))  # type: ignore[arg-type]
    assert setup.name == "done"


SIZES = ((800, 480), (1024, 600), (1280, 720), (1920, 1080))


def test_setup_screens_contrast_and_text_sizes(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Every setup text (the countdown's too) at least 5 mm tall on the 7-inch panel and
    at 4.5:1 (WCAG AA) at the four sizes of issue 14, nothing cut, nothing overlapping,
    and every meter, result line, table row and verdict of the view drawn (what does
    not fit is left out, so leaving out nothing shows it all fits); the smallest text
    per step at 800x480 printed."""
    from companion.display.legibility import MIN_CONTRAST, measure_drawn
    from companion.view.setup import SetupView

    events = ["press"] * 11 + ["press", "hold", "undo", "press", "press", None]
    countdown = SetupView(("aim", "measure", "self-test", "buttons", "done"), 0, "Setup mode?",
                          "Keep holding for setup: 5 s", "Let go to play")
    flicker = mode(tmp_path / "f", AIM, flicker_hz=0)
    flicker.preview()
    flicker.banding = 0.05
    none = SetupMode(None, tmp_path / "n", clock=Clock())
    none.step = 1
    none.handle(ButtonEvent("press", 1.0))
    smallest: dict[str, tuple[float, str]] = {}
    views: list[tuple[str, SetupView]] = []
    setup = mode(tmp_path, AIM + MEASURE + FACES, pins={"throw": "GPIO17", "undo": "GPIO27"})
    setup.preview()
    setup.preview()
    for kind in events:
        views.append((setup.name, setup.view()))
        if kind is not None:
            setup.handle(ButtonEvent(kind, 1.0))  # type: ignore[arg-type]
    views += [("countdown", countdown), ("aim", flicker.view()), ("measure", none.view())]
    assert flicker.view().instruction == "Flicker: set flicker_hz to 50 or 60"
    for name, view in views:
        for size in SIZES:
            surface, layout = render_setup_with_layout(view, size)
            texts = measure_drawn(surface, layout)
            assert texts
            assert [(t.role, round(t.contrast, 2)) for t in texts
                    if t.contrast < MIN_CONTRAST] == []
            assert [(t.role, t.text, round(t.cap_mm, 2)) for t in texts
                    if round(t.cap_mm, 1) < 5.0] == [], (name, size)
            assert [t.text for t in layout.texts() if t.truncated] == [], (name, size)
            assert layout.off_screen() == [] and layout.overlaps() == [], (name, size)
            roles = {item.role for item in layout.texts()}
            drawn = roles | {role.rsplit(":", 1)[0] for role in roles}
            wanted = {f"meter-text:{i}" for i in range(len(view.meters))}
            wanted |= {f"line:{i}" for i in range(len(view.lines))}
            wanted |= {"verdict"} if view.verdict is not None else set()
            wanted |= {f"table:{len(view.table) - 1}"} if view.table else set()
            assert wanted <= drawn, (name, size, wanted - drawn)
            if size == (800, 480):
                low = min(texts, key=lambda t: t.cap_mm)
                if name not in smallest or low.cap_mm < smallest[name][0]:
                    smallest[name] = (low.cap_mm, low.role)
    assert set(smallest) == {"aim", "measure", "self-test", "buttons", "done", "countdown"}
    with capsys.disabled():
        print("\n" + "\n".join(f"setup {name}: smallest {mm:.1f} mm ({role})"
                                for name, (mm, role) in smallest.items()))


def test_calibration_file_checks(tmp_path: Path) -> None:
    path = tmp_path / "calibration.json"
    assert check_calibration_file(path, (640, 480)) == []  # none yet: not a problem
    save_calibration(path, ThrowCalibration(Calibration(52.0, (0.0, 0.0, 600.0, 400.0)),
                                            (640, 480), 3, 15))
    assert check_calibration_file(path, (640, 480)) == []
    assert check_calibration_file(path, (1640, 1232)) == [
        f"{path}: measured on 640x480 frames but the camera gives 1640x1232: "
        "run `companion setup` again"]
    path.write_text('{"die_size_px": 52, "tray": [0, 0, 900, 400], "image_size": [640, 480]}')
    with pytest.raises(CalibrationFileError, match=r"tray .* lies outside the 640x480 frame"):
        load_calibration_file(path)
    path.write_text("{not json")
    assert "not a calibration file" in check_calibration_file(path, None)[0]


def test_config_check_fails_on_a_bad_calibration_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    config = config_file(tmp_path, AIM)
    (tmp_path / "state").mkdir()
    (tmp_path / "state" / "calibration.json").write_text('{"die_size_px": true}')
    assert main(["config", "check", str(config)]) == 2
    assert "die_size_px must be a number of px" in capsys.readouterr().out
    (tmp_path / "state" / "calibration.json").unlink()
    (tmp_path / "state" / "focus.json").write_text('{"lens_position": -1}')
    assert main(["config", "check", str(config)]) == 2
    assert "focus.json: lens_position must be a number of dioptres" in capsys.readouterr().out
    save_focus(tmp_path / "state" / "focus.json", 2.5, True)
    assert main(["config", "check", str(config)]) == 0
    assert "focus.json: ok (lens held at 2.50 dioptres)" in capsys.readouterr().out


def test_the_config_tray_wins_over_the_measured_calibration() -> None:
    measured = ThrowCalibration(Calibration(52.0, (0.0, 0.0, 600.0, 400.0)), (640, 480), 3, 15)
    cal = merged_calibration(measured, None, (10.0, 10.0, 500.0, 400.0), None)
    assert cal == Calibration(52.0, (10.0, 10.0, 500.0, 400.0), None)
    assert merged_calibration(None, None, None, None) is None


class HeldButton:
    def __init__(self, release_after: int | None) -> None:
        self.reads, self.release_after = 0, release_after

    @property
    def throw_down(self) -> bool:
        self.reads += 1
        return self.release_after is None or self.reads <= self.release_after


class FakeScreen:
    def __init__(self) -> None:
        import pygame

        self.size = (800, 480)
        self.surface = pygame.display.set_mode(self.size)


def test_holding_the_button_5_s_at_start_enters_setup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    try:
        screen = FakeScreen()
        clock = Clock(0.5)  # each look at the button is half a second later
        assert held_at_start(HeldButton(None), screen, clock=clock, sleep=lambda s: None)
        assert not held_at_start(HeldButton(3), screen, clock=Clock(0.5), sleep=lambda s: None)
        assert not held_at_start(HeldButton(0), screen, clock=Clock(0.5), sleep=lambda s: None)
    finally:
        pygame.display.quit()


def test_run_reads_the_calibration_that_setup_saved(tmp_path: Path) -> None:
    from companion.commands.run import table_calibration
    from companion.config import load_config

    config = load_config(config_file(tmp_path, AIM, "[tray]\nbank_zone = [560, 0, 640, 480]\n"))
    assert table_calibration(config) == (Calibration(None, None, (560.0, 0.0, 640.0, 480.0)),
                                         None)
    state = tmp_path / "state"
    save_calibration(state / "calibration.json",
                     ThrowCalibration(Calibration(66.0, (20.0, 10.0, 550.0, 470.0)), (640, 480),
                                      3, 15))
    assert table_calibration(config) == (
        Calibration(66.0, (20.0, 10.0, 550.0, 470.0), (560.0, 0.0, 640.0, 480.0)), None)
    (state / "calibration.json").write_text("[]")
    calibration, fault = table_calibration(config)
    assert calibration == Calibration(None, None, (560.0, 0.0, 640.0, 480.0))
    assert fault is not None and fault.startswith("Calibration not used: ")


def test_leaving_the_aim_step_locks_the_exposure_again(tmp_path: Path) -> None:
    class LockingCamera(ReplayCamera):
        locks = 0

        def lock(self) -> dict[str, Any]:
            LockingCamera.locks += 1
            return {"ExposureTime": 20000}

    setup = SetupMode(LockingCamera(AIM), tmp_path, clock=Clock())
    setup.preview()
    setup.handle(ButtonEvent("press", 1.0))
    assert LockingCamera.locks == 1 and setup.name == "measure"
    assert "Exposure locked" in [line.text for line in setup.view().lines]


def test_the_calibration_file_has_one_parser_visions(tmp_path: Path) -> None:
    # issue 11: the companion checks the file with vision's parser and adds only the
    # camera's resolution; both read what `python -m vision calibrate --json` writes
    import companion.calibration
    import vision.calibrate

    assert companion.calibration.ThrowCalibration is vision.calibrate.ThrowCalibration
    path = tmp_path / "calibration.json"
    table = ThrowCalibration(Calibration(52.0, (8.0, 6.0, 600.0, 400.0)), (640, 480), 3, 15)
    path.write_text(json.dumps(table.to_json()))
    assert vision.calibrate.load_calibration(path) == table.calibration
    assert load_calibration_file(path) == table
    path.write_text('{"die_size_px": 52, "tray": [0, 0, 600, 400]}')  # no frame size
    assert vision.calibrate.load_calibration(path).die_size_px == 52.0  # the reader's part
    assert check_calibration_file(path, (640, 480)) == [
        f"{path}: image_size must be [width, height] in px"]
    path.write_text('{"die_size_px": 52, "image_size": [640, 480], "dice": -1}')
    assert check_calibration_file(path, None) == [
        f"{path}: photos and dice must be whole numbers, 0 or more"]
    path.write_bytes(b"\xff\xfe")
    assert check_calibration_file(path, None) == [f"{path}: not a calibration file (not text)"]


class FocusingCamera(ReplayCamera):
    """A replay camera with Camera Module 3's focus methods (the Pi camera's own are
    tested on the picamera2 twin in tests/hardware/test_camera_pi.py)."""

    def __init__(self, images: list[np.ndarray], result: FocusResult | None) -> None:
        super().__init__(images)
        self.result = result
        self.calls: list[str] = []

    def autofocus(self) -> FocusResult | None:
        self.calls.append("autofocus")
        return self.result

    def hold_focus(self, lens_position: float) -> bool:
        self.calls.append(f"hold {lens_position}")
        return True


def test_setup_runs_the_autofocus_once_shows_it_by_the_sharpness_and_saves_it(
    tmp_path: Path,
) -> None:
    camera = FocusingCamera(AIM * 3, FocusResult(2.5, True))
    setup = SetupMode(camera, tmp_path / "state", clock=Clock())
    setup.preview()
    setup.preview()
    assert camera.calls == ["autofocus"]
    sharpness_meter = setup.view().meters[0]
    assert sharpness_meter.text == "AF 2.50"
    assert sharpness_meter.ok is True
    assert load_focus(tmp_path / "state" / "focus.json") == 2.5
    assert "autofocus: lens held at 2.50 dioptres (focused)" in setup.summary()
    failed = SetupMode(FocusingCamera(AIM, FocusResult(0.8, False)), tmp_path / "b",
                       clock=Clock())
    failed.preview()
    meter = failed.view().meters[0]
    assert meter.text == "AF failed" and meter.ok is False
    assert failed.view().instruction == "Autofocus failed: more light, restart"
    manual = SetupMode(FocusingCamera(AIM, None), tmp_path / "c", clock=Clock())  # no AF
    manual.preview()
    assert "AF" not in manual.view().meters[0].text
    assert not (tmp_path / "c" / "focus.json").exists()


def test_run_holds_the_focus_setup_saved_or_autofocuses_once(tmp_path: Path) -> None:
    from companion.commands.run import hold_focus

    camera = FocusingCamera(AIM, FocusResult(1.75, True))
    assert hold_focus(camera, tmp_path) is camera
    assert camera.calls == ["autofocus"]  # none saved: one cycle now, held by the camera
    save_focus(tmp_path / "focus.json", 3.25, True)
    camera.calls.clear()
    hold_focus(camera, tmp_path)
    assert camera.calls == ["hold 3.25"]  # no cycle: the lens goes where setup left it
    (tmp_path / "focus.json").write_text('{"lens_position": "near"}')
    camera.calls.clear()
    hold_focus(camera, tmp_path)  # a broken file is not used (logged): autofocus instead
    assert camera.calls == ["autofocus"]
    plain = ReplayCamera(AIM)  # no autofocus at all: left as it is
    assert hold_focus(plain, tmp_path) is plain
