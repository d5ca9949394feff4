"""A reading measures a die's colour crop and top face once (vision.memo), and reads
exactly what it read when every check measured them afresh."""

from pathlib import Path

import cv2
import numpy as np
import pytest

import vision.memo as memo
from vision import read_dice
from vision.memo import one_reading, remembered
from vision.topface import face_distance, find_top_face

PHOTO = sorted((Path(__file__).resolve().parents[2] / "fixtures" / "vision").rglob("*.jpg"))[0]


@pytest.fixture(scope="module")
def photo() -> np.ndarray:
    img = cv2.imread(str(PHOTO))
    assert img is not None
    return np.asarray(img, np.uint8)


def test_inside_a_reading_a_top_face_is_segmented_once(photo: np.ndarray) -> None:
    with one_reading():
        a = find_top_face(photo, 300.0, 200.0, 80.0)
        b = find_top_face(photo, 300.0, 200.0, 80.0)
        tighter = find_top_face(photo, 300.0, 200.0, 80.0, 0.8)
        assert a is b and tighter is not a
        assert face_distance(photo, 300.0, 200.0, 80.0) is face_distance(photo, 300.0, 200.0,
                                                                         80.0)
    # outside a reading nothing is kept
    assert find_top_face(photo, 300.0, 200.0, 80.0) is not find_top_face(photo, 300.0, 200.0,
                                                                         80.0)


def test_a_kept_result_cannot_be_written_into(photo: np.ndarray) -> None:
    with one_reading():
        lab, dist, _ = face_distance(photo, 300.0, 200.0, 80.0)
        with pytest.raises(ValueError):
            dist[0, 0] = 0.0
        with pytest.raises(ValueError):
            lab[0, 0, 0] = 0.0


def test_another_image_is_never_given_the_first_one_s_result() -> None:
    calls: list[int] = []

    def measure(img: np.ndarray) -> int:
        calls.append(1)
        return int(img[0, 0])

    with one_reading():
        for v in (3, 7):  # the first array freed, the second may take its id
            img = np.full((2, 2), v, np.uint8)
            assert remembered("corner", img, (), lambda img=img: measure(img)) == v
    assert len(calls) == 2


def test_a_reading_is_the_same_with_and_without_the_memo(
        photo: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> None:
    kept = read_dice(photo)
    monkeypatch.setattr(memo, "remembered", lambda kind, image, args, compute: compute())
    import vision.topface as topface
    monkeypatch.setattr(topface, "remembered",
                        lambda kind, image, args, compute: compute())
    fresh = read_dice(photo)
    assert kept == fresh and len(kept.dice) >= 5
