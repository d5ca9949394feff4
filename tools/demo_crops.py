"""Find crops of the shared real photos that hold exactly k whole dice (k = 1..5).

Development tool for building ``fixtures/demo/`` (it needs ``../shared/dice-photos``,
which is beside a checkout but not on a user's machine). A crop is the bounding box of
k neighbouring labelled dice plus a margin of half a die, kept only if no other
labelled die (or flagged region) touches it. Prints JSON lines:
``{"folder", "image", "crop": [x0, y0, x1, y1], "values": [...], "boxes": [...]}``.
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path

import cv2


def boxes_touch(a: list[float], b: list[float]) -> bool:
    return not (a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("photos", type=Path, help="../shared/dice-photos")
    args = parser.parse_args()
    for folder in sorted(p for p in args.photos.iterdir() if p.is_dir()):
        labels = json.loads((folder / "labels.json").read_text())
        flags_path = folder / "label_flags.json"
        flags = json.loads(flags_path.read_text()) if flags_path.exists() else {}
        suspect = {(f["image"], f["index_in_dice_list"]) for f in flags.get("suspect_dice", [])}
        ignore: dict[str, list[list[float]]] = {}
        for region in flags.get("ignore_regions", []):
            ignore.setdefault(region["image"], []).append(region["box"])
        for entry in labels:
            name = entry["image"]
            dice = entry["dice"]
            blockers = [d["box"] for d in dice] + ignore.get(name, [])


            h, w = cv2.imread(str(folder / name)).shape[:2]
            seen: set[tuple[int, ...]] = set()
            for die in dice:
                cx = (die["box"][0] + die["box"][2]) / 2
                cy = (die["box"][1] + die["box"][3]) / 2
                order = sorted(
                    range(len(dice)),
                    key=lambda j: math.dist(
                        (cx, cy),
                        ((dice[j]["box"][0] + dice[j]["box"][2]) / 2,
                         (dice[j]["box"][1] + dice[j]["box"][3]) / 2),
                    ),
                )
                for k in range(1, 6):
                    chosen = tuple(sorted(order[:k]))
                    if len(chosen) < k or chosen in seen:
                        continue
                    seen.add(chosen)
                    if any((name, j) in suspect for j in chosen):
                        continue
                    boxes = [dice[j]["box"] for j in chosen]
                    size = max(max(b[2] - b[0], b[3] - b[1]) for b in boxes)
                    margin = 0.6 * size
                    crop = [
                        max(0.0, min(b[0] for b in boxes) - margin),
                        max(0.0, min(b[1] for b in boxes) - margin),
                        min(float(w), max(b[2] for b in boxes) + margin),
                        min(float(h), max(b[3] for b in boxes) + margin),
                    ]
                    others = [b for j, b in enumerate(blockers) if j not in chosen]
                    if any(boxes_touch(crop, b) for b in others):
                        continue
                    # every chosen die must be wholly inside with some margin
                    if any(
                        b[0] - crop[0] < 0.25 * size or crop[2] - b[2] < 0.25 * size
                        or b[1] - crop[1] < 0.25 * size or crop[3] - b[3] < 0.25 * size
                        for b in boxes
                    ):
                        continue
                    print(json.dumps({
                        "folder": folder.name,
                        "image": name,
                        "crop": [round(c) for c in crop],
                        "values": [dice[j]["value"] for j in chosen],
                        "boxes": [[round(v) for v in dice[j]["box"]] for j in chosen],
                        "die_px": round(size),
                    }))


if __name__ == "__main__":
    main()
