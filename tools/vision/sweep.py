"""Measure decision rules for the face reading on a split of the shared photos.

Runs the detector, the face classifier and the pip check once per photo (shipped
models, ``vision.looks.find_candidates``), then scores read thresholds and layout-check
modes without running the networks again.

    /work/venv/bin/python -m tools.vision.sweep ../shared/dice-photos --split held-out
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.evaluate import held_out, load_labels, score_image
from vision.faceread import decide
from vision.looks import find_candidates
from vision.read import square_corners
from vision.types import Calibration, Die, VisionParams


def collect(root: Path, folder: str, split: str, p: VisionParams) -> list[Any]:
    rows = []
    for lab in load_labels(root / folder):
        if split != "all" and held_out(lab.image) != (split == "held-out"):
            continue
        img = np.asarray(cv2.imread(str(root / folder / lab.image)), np.uint8)
        rows.append((lab, find_candidates(img, Calibration(), p)))
    return rows


def score(rows: list[Any], p: VisionParams) -> dict[str, float]:
    tot = dict(correct=0, wrong=0, unreadable=0, missed=0, false=0)
    for lab, cands in rows:
        dice = []
        for c in cands:
            if c.det.score < p.detect_threshold:
                continue
            fr = decide(c.probs[: p.turns], c.pips if p.layout_check else None, p)
            if fr.not_a_die:
                continue
            d = c.det
            dice.append(Die(fr.value, (d.x, d.y), square_corners(d.x, d.y, d.size, 0), 0.5))
        res, _ = score_image(lab, dice)
        for k in tot:
            tot[k] += getattr(res, k)
    n = max(tot["correct"] + tot["wrong"] + tot["unreadable"] + tot["missed"], 1)
    return {"correct": tot["correct"] / n, "wrong": tot["wrong"] / n,
            "unread": tot["unreadable"] / n, "missed": tot["missed"] / n,
            "false/ph": tot["false"] / max(len(rows), 1)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--split", default="held-out")
    ap.add_argument("--folders", nargs="+", default=["nell-byler-d6", "rune55-dice-trays"])
    args = ap.parse_args()
    base = VisionParams(detect_threshold=0.2, turns=4, layout_check=True)
    for folder in args.folders:
        rows = collect(Path(args.root), folder, args.split, base)
        for det_t in (0.3, 0.4, 0.5):
            for die_p in (0.5, 0.7, 0.85):
                for mode in ("none", "veto"):
                    for t in (0.5, 0.6, 0.7, 0.8, 0.9):
                        p = replace(base, detect_threshold=det_t, die_min_prob=die_p,
                                    layout_check=mode != "none", read_threshold=t,
                                    read_threshold_alone=t)
                        s = score(rows, p)
                        print(f"{folder[:6]} det {det_t} die {die_p} {mode:6s} t {t}: "
                              + " ".join(f"{k} {v:.3f}" for k, v in s.items()),
                              flush=True)


if __name__ == "__main__":
    main()
