"""``python -m vision``: read prints one JSON object per image; eval scores a folder."""

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.__main__ import main
from vision.synth import make_scene


@pytest.fixture()
def scene_png(tmp_path: Path) -> Path:
    scene = make_scene(np.random.default_rng(11), 640, 480, 4)
    path = tmp_path / "scene.png"
    cv2.imwrite(str(path), scene.image)
    return path


def test_read_json_lines(scene_png: Path, tmp_path: Path,
                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "not-an-image.png"
    bad.write_text("hello")
    status = main(["read", "--json", str(scene_png), str(bad)])
    lines = capsys.readouterr().out.strip().splitlines()
    assert status == 2 and len(lines) == 2
    first = json.loads(lines[0])
    assert first["image"] == str(scene_png)
    assert set(first) >= {"image", "dice", "problems"}
    for d in first["dice"]:
        assert d["value"] in (None, 1, 2, 3, 4, 5, 6)
        assert len(d["center"]) == 2 and 0 <= d["confidence"] <= 1
    assert "not an image" in json.loads(lines[1])["error"]


def test_annotate_writes_a_png(scene_png: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.png"
    assert main(["annotate", str(scene_png), str(out)]) == 0
    img = cv2.imread(str(out))
    assert img is not None and img.shape == (480, 640, 3)


def test_eval_on_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    scene = make_scene(np.random.default_rng(5), 640, 480, 3)
    cv2.imwrite(str(tmp_path / "s.png"), scene.image)
    labels = [{"image": "s.png", "dice": [{"value": d.value, "box": list(d.box)}
                                          for d in scene.dice]}]
    (tmp_path / "labels.json").write_text(json.dumps(labels))
    assert main(["eval", str(tmp_path), "--json", "--split", "all"]) == 0
    out = json.loads(capsys.readouterr().out)
    s = out["full folder"]
    assert s["photos"] == 1 and s["dice"] == 3
    assert s["correct"] + s["wrong"] + s["unreadable"] + s["missed"] == pytest.approx(1.0)


def test_eval_needs_labels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["eval", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"vision eval: no labels.json in {tmp_path}\n"
    assert main(["eval", str(tmp_path / "nope")]) == 2
    assert capsys.readouterr().err == f"vision eval: no such folder: {tmp_path / 'nope'}\n"


def test_read_text(scene_png: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["read", str(scene_png)]) == 0
    assert json.loads(capsys.readouterr().out)["image"] == str(scene_png)
    assert main(["read", "--text", str(scene_png)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{scene_png}: ") and "{" not in out


def test_bad_files_get_one_clear_line(scene_png: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    cut = tmp_path / "cut.jpg"
    ok, jpg = cv2.imencode(".jpg", cv2.imread(str(scene_png)))
    assert ok
    cut.write_bytes(jpg.tobytes()[: len(jpg) // 2])
    missing = tmp_path / "missing.jpg"
    assert main(["read", "--text", str(missing), str(cut), str(tmp_path)]) == 2
    out = capsys.readouterr()
    assert out.out.splitlines() == [
        f"{missing}: error: no such file: {missing}",
        f"{cut}: error: {cut} is a JPEG file cut short (incomplete)",
        f"{tmp_path}: error: {tmp_path} is a folder, not an image",
    ]
    assert out.err == ""


def test_annotate_refuses_an_unknown_format(scene_png: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.txt"
    assert main(["annotate", str(scene_png), str(out)]) == 2
    assert "name it .png or .jpg" in capsys.readouterr().err
    assert not out.exists()
    assert main(["annotate", str(scene_png), str(tmp_path / "no" / "out.png")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_calibrate_then_read_with_the_calibration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vision.synth import SceneSpec

    spec = SceneSpec(die_px=(58.0, 62.0), p_touching=0.0, p_oblique=0.0, p_glare=0.0,
                     blur_sigma=(0.0, 0.0), noise_sigma=(0.0, 2.0))
    rng = np.random.default_rng(21)
    paths = []
    for i in range(4):
        path = tmp_path / f"throw{i}.png"
        cv2.imwrite(str(path), make_scene(rng, 640, 480, 5, spec).image)
        paths.append(str(path))
    assert main(["calibrate", "--json", *paths[:3]]) == 0
    cal = json.loads(capsys.readouterr().out)
    assert 48.0 <= cal["die_size_px"] <= 72.0  # dice of 58..62 px, from their boxes
    assert cal["image_size"] == [640, 480] and cal["photos"] == 3 and cal["dice"] >= 10
    x0, y0, x1, y1 = cal["tray"]
    assert 0 <= x0 < x1 <= 640 and 0 <= y0 < y1 <= 480
    cal_file = tmp_path / "cal.json"
    cal_file.write_text(json.dumps(cal))
    assert main(["read", "--calibration", str(cal_file), paths[3]]) == 0
    read = json.loads(capsys.readouterr().out)
    assert read["image"] == paths[3] and read["frames"] == 1
    assert len(read["dice"]) == 5 and all("agreed" in d for d in read["dice"])


def test_calibrate_refuses_what_gives_no_calibration(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    empty = tmp_path / "empty.png"
    cv2.imwrite(str(empty), np.full((480, 640, 3), 90, np.uint8))
    assert main(["calibrate", str(empty)]) == 2
    assert "no die was read" in capsys.readouterr().err
    small = tmp_path / "small.png"
    cv2.imwrite(str(small), np.full((240, 320, 3), 90, np.uint8))
    assert main(["calibrate", str(empty), str(small)]) == 2
    assert "one fixed camera" in capsys.readouterr().err


def test_read_refuses_a_bad_calibration_file(
        scene_png: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "cal.json"
    for text, words in (("{", "not JSON"), ('{"die_size_px": 2}', "die_size_px"),
                        ('{"tray": [0, 0, 10]}', "tray"), ("[]", "one JSON object")):
        bad.write_text(text)
        assert main(["read", "--calibration", str(bad), str(scene_png)]) == 2
        assert words in capsys.readouterr().err
    assert main(["read", "--calibration", str(tmp_path / "none.json"), str(scene_png)]) == 2
    assert "cannot read" in capsys.readouterr().err
