"""The eval harness counts what it should, on hand-made labels."""

import json
from pathlib import Path

from vision.evaluate import (
    LabelledDie,
    LabelledImage,
    evaluate,
    format_score,
    held_out,
    load_labels,
    score_image,
)
from vision.types import Die

SQ = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))


def die(value: int | None, x: float, y: float) -> Die:
    return Die(value, (x, y), SQ, 0.9)


LABEL = LabelledImage(
    "a.jpg",
    (
        LabelledDie(6, (0, 0, 10, 10)),
        LabelledDie(5, (20, 0, 30, 10)),
        LabelledDie(4, (40, 0, 50, 10)),
        LabelledDie(3, (60, 0, 70, 10)),
        LabelledDie(1, (80, 0, 90, 10), suspect=True),
    ),
    ignore=((100, 0, 110, 10),),
)


def test_every_outcome_is_counted() -> None:
    read = [die(6, 5, 5), die(2, 25, 5), die(None, 45, 5), die(1, 85, 5), die(3, 200, 200),
            die(None, 105, 5)]
    res, conf = score_image(LABEL, read)
    assert (res.correct, res.wrong, res.unreadable, res.missed, res.false) == (1, 1, 1, 1, 1)
    assert res.suspect_seen == 1
    assert res.misreads == [(5, 2, (25, 5))]
    assert conf[5][2] == 1 and conf[4][0] == 1 and conf[6][6] == 1
    assert not res.exact


def test_a_value_in_an_ignore_region_is_wrong() -> None:
    res, _ = score_image(LABEL, [die(4, 105, 5)])
    assert res.wrong == 1 and res.false == 0


def test_two_reads_of_one_die_give_a_false_die() -> None:
    res, _ = score_image(LABEL, [die(6, 5, 5), die(6, 6, 6)])
    assert res.correct == 1 and res.false == 1


def test_folder_with_flags(tmp_path: Path) -> None:
    (tmp_path / "labels.json").write_text(json.dumps([
        {"image": "a.jpg", "dice": [{"value": 2, "box": [0, 0, 10, 10]},
                                    {"value": 1, "box": [20, 0, 30, 10]}]}]))
    (tmp_path / "label_flags.json").write_text(json.dumps({
        "suspect_dice": [{"image": "a.jpg", "index_in_dice_list": 1}],
        "ignore_regions": [{"image": "a.jpg", "box": [40, 0, 50, 10]}]}))
    labels = load_labels(tmp_path)
    assert labels[0].dice[1].suspect and labels[0].ignore == ((40.0, 0.0, 50.0, 10.0),)
    score = evaluate(tmp_path, lambda p: [die(2, 5, 5)])
    s = score.summary()
    assert s["correct"] == 1.0 and s["photos_exact"] == 1.0 and s["dice"] == 1
    assert "correct      100.0%" in format_score(score, "t")


def test_held_out_split_is_fixed_and_about_a_fifth() -> None:
    names = [f"IMG_{i:04d}.jpg" for i in range(1000)]
    share = sum(held_out(n) for n in names) / len(names)
    assert 0.15 < share < 0.25
    assert [held_out(n) for n in names[:50]] == [held_out(n) for n in names[:50]]
