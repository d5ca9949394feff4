"""Hard negatives for the face classifier: what the shipped detector finds in the
training photos that is not a labelled die (letters, tray corners, specks, carpet).

    /work/venv/bin/python -m tools.vision.mine ../shared/dice-photos

Writes ``tools/vision/hard_negatives.json``: ``[{"photo": folder/name, "x", "y",
"size"}]`` in px of the photo. Training part only (``held_out`` False).
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import cv2

from vision.evaluate import held_out, load_labels
from vision.model import detect

FOLDERS = ["nell-byler-d6", "rune55-dice-trays"]


def main() -> None:
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/dice-photos")
    out = []
    for folder in FOLDERS:
        for lab in load_labels(root / folder):
            if held_out(lab.image):
                continue
            img = cv2.imread(str(root / folder / lab.image))
            for d in detect(img, 512, 0.2):
                near = False
                for ld in lab.dice:
                    x0, y0, x1, y1 = ld.box
                    size = math.sqrt((x1 - x0) * (y1 - y0))
                    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
                    if math.hypot(d.x - cx, d.y - cy) < 0.6 * size:
                        near = True
                        break
                if not near:
                    out.append({"photo": f"{folder}/{lab.image}", "x": round(d.x, 1),
                                "y": round(d.y, 1), "size": round(d.size, 1)})
    path = Path(__file__).resolve().parent / "hard_negatives.json"
    path.write_text(json.dumps(out, indent=0) + "\n")
    print(f"{len(out)} hard negatives -> {path}")


if __name__ == "__main__":
    main()
