"""Print the README's accuracy table and misread list from ``python -m vision eval``.

    /work/venv/bin/python -m tools.vision.report ../shared/dice-photos
"""

from __future__ import annotations

import sys
from pathlib import Path

import cv2
import numpy as np

from vision.evaluate import Score, evaluate, held_out
from vision.read import read_dice
from vision.types import Die

FOLDERS = ["nell-byler-d6", "rune55-dice-trays"]


def reader(path: Path) -> tuple[Die, ...]:
    r = read_dice(np.asarray(cv2.imread(str(path)), np.uint8))
    return r.dice + r.banked


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/dice-photos")
    rows = []
    misreads = []
    cache: dict[str, tuple[Die, ...]] = {}

    def cached(p: Path) -> tuple[Die, ...]:
        if str(p) not in cache:
            cache[str(p)] = reader(p)
        return cache[str(p)]

    for folder in FOLDERS:
        for title, only in (("full", None), ("held-out", held_out)):
            score: Score = evaluate(root / folder, cached, only)
            s = score.summary()
            c = s["counts"]
            rows.append(
                f"| {folder} | {title} | {s['photos']} | {s['dice']} | "
                f"{s['correct']:.1%} ({c['correct']}) | {s['wrong']:.1%} ({c['wrong']}) | "
                f"{s['unreadable']:.1%} ({c['unreadable']}) | {s['missed']:.1%} "
                f"({c['missed']}) | {s['false_per_photo']:.2f} | {s['photos_exact']:.1%} |")
            if only is None:
                for r in score.images:
                    for a, b, (x, y) in r.misreads:
                        part = "held-out" if held_out(r.image) else "training"
                        misreads.append(f"- {folder}/{r.image} ({part}): labelled {a}, "
                                        f"read {b}, at ({x:.0f}, {y:.0f})")
    print("| folder | part | photos | dice | correct | wrong | unreadable | missed |"
          " false dice per photo | photos exact |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))
    print()
    print("\n".join(misreads) if misreads else "- none")


if __name__ == "__main__":
    main()
