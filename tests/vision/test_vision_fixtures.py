"""Real photos (a held-out sample of ../shared/dice-photos copied into fixtures/vision,
with their licences) read by value: right, or honestly unreadable, never invented."""

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision import read_dice
from vision.evaluate import evaluate, load_labels

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "vision"


def read(path: Path):  # type: ignore[no-untyped-def]
    img = cv2.imread(str(path))
    assert img is not None, path
    r = read_dice(np.asarray(img, np.uint8))
    return r.dice + r.banked


def test_fixtures_are_there_with_their_licences() -> None:
    for folder in ("nell-byler-d6", "rune55-dice-trays"):
        assert (FIXTURES / folder / "LICENSE").is_file()
        labels = load_labels(FIXTURES / folder)
        assert labels and all((FIXTURES / folder / lab.image).is_file() for lab in labels)


@pytest.mark.parametrize(
    ("folder", "min_correct", "max_wrong", "max_false"),
    [("nell-byler-d6", 0.85, 0, 1), ("rune55-dice-trays", 0.8, 1, 2)],
)
def test_real_photos_by_value(folder: str, min_correct: float, max_wrong: int,
                              max_false: int) -> None:
    score = evaluate(FIXTURES / folder, read)
    s = score.summary()
    c = s["counts"]
    assert c["wrong"] <= max_wrong, score.images
    assert c["false"] <= max_false, score.images
    assert s["correct"] >= min_correct, s


def test_no_hand_is_seen_over_the_real_photos() -> None:
    # no hand is in any of them: a lost die under a hand (vision.read.
    # hand_over_missed_die) is never claimed on a tray's rim, a mat or a die's side
    photos = sorted(p for folder in ("nell-byler-d6", "rune55-dice-trays", "looks")
                    for p in (FIXTURES / folder).iterdir() if p.suffix in (".jpg", ".webp"))
    assert len(photos) == 8
    for path in photos:
        img = cv2.imread(str(path))
        assert img is not None, path
        codes = [p.code for p in read_dice(np.asarray(img, np.uint8)).problems]
        assert "hand" not in codes, (path.name, codes)
