"""Why each labelled die is not read right: every missed, unreadable and wrong die of
a split of the shared photos, put in one category by the stage that lost it.

    ./dev python -m tools.vision.diagnose ../shared/dice-photos --split train [-v]

Runs :func:`vision.read.read_dice` with the stages of :func:`vision.looks.find_candidates`
traced (every look of the detector, the die-body check, the merge of the looks, the
die-size filter), matches the dice to the labels as ``vision eval`` does, and names
the first stage that lost each die (missed), or the rule that withheld its value
(unreadable), or what the reader had when it gave a wrong one. Prints the counts per
folder and category; ``-v`` lists every die. Training part by default: the
categories are there to choose what to work on, so the held-out part stays unlooked-at.
"""

from __future__ import annotations

import argparse
import math
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

import vision.doubts as vd
import vision.faceread as vf
import vision.looks as vl
import vision.read as vr
from vision.crops import die_crop
from vision.evaluate import LabelledDie, LabelledImage, held_out, load_labels
from vision.model import Detection
from vision.quality import image_problems, smear
from vision.types import Calibration, Die, VisionParams

FOLDERS = ["nell-byler-d6", "rune55-dice-trays"]


class Trace:
    """What each stage of one :func:`vision.looks.find_candidates` call saw."""

    def __init__(self) -> None:
        self.raw: list[tuple[int, Detection]] = []  # (long side, detection)
        self.specks: list[Detection] = []  # dropped by the die-body check
        self.merged_in: list[vf.Candidate] = []
        self.merged_out: list[vf.Candidate] = []
        self.final: list[vf.Candidate] = []


def traced(img: NDArray[np.uint8], p: VisionParams) -> Trace:
    t = Trace()
    orig_detect, orig_specks, orig_merge = vl.detect, vl.not_specks, vl.merge_looks

    def detect(image: NDArray[np.uint8], long_side: int, thr: float,
               small: NDArray[np.uint8] | None = None) -> list[Detection]:
        out = orig_detect(image, long_side, thr, small)
        t.raw += [(long_side, d) for d in out]
        return out

    def not_specks(image: NDArray[np.uint8], dets: list[Detection], pp: VisionParams,
                   floor: Any = None) -> list[Detection]:
        out = orig_specks(image, dets, pp, floor)
        t.specks += [d for d in dets if d not in out]
        return out

    def merge(cands: list[vf.Candidate], pp: VisionParams,
              image: NDArray[np.uint8]) -> list[vf.Candidate]:
        out = orig_merge(cands, pp, image)
        t.merged_in += cands
        t.merged_out = out
        return out

    vl.detect, vl.not_specks, vl.merge_looks = detect, not_specks, merge  # type: ignore
    try:
        t.final = vl.find_candidates(img, Calibration(), p)
    finally:
        vl.detect, vl.not_specks, vl.merge_looks = orig_detect, orig_specks, orig_merge
    return t


def _inside(x: float, y: float, b: tuple[float, float, float, float]) -> bool:
    return b[0] <= x <= b[2] and b[1] <= y <= b[3]


def _side(lab: LabelledDie) -> float:
    x0, y0, x1, y1 = lab.box
    return math.sqrt(max(x1 - x0, 1) * max(y1 - y0, 1))


def match(label: LabelledImage, dice: list[Die]) -> dict[int, int]:
    """Label index -> die index, as :func:`vision.evaluate.score_image` matches."""
    pairs = []
    for i, d in enumerate(dice):
        for j, lab in enumerate(label.dice):
            if _inside(d.center[0], d.center[1], lab.box):
                cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
                pairs.append(((d.center[0] - cx) ** 2 + (d.center[1] - cy) ** 2, i, j))
    pairs.sort()
    used: set[int] = set()
    out: dict[int, int] = {}
    for _, i, j in pairs:
        if i not in used and j not in out:
            used.add(i)
            out[j] = i
    return out


def why_value(c: vf.Candidate, img: NDArray[np.uint8], p: VisionParams, truth: int) -> str:
    """The rule that withheld a value (or let a wrong one through), in a few words."""
    fr = vf.decide(c.probs, c.pips, p, c.det.size)
    mean = c.probs.mean(axis=0)
    votes = c.probs.argmax(axis=1)
    top = int(np.argmax(mean[1:])) + 1
    pv = float(mean[top])
    big = c.det.size >= p.strict_min_px
    agree = bool(np.all(votes == top))
    hint = "top=truth" if top == truth else f"top={top}"
    if fr.value is None:
        if fr.pip_check == "disagrees":
            return f"pips_disagree ({hint})"
        if not agree:
            return f"turns_disagree ({hint})"
        if pv < p.read_threshold:
            return f"low_prob ({hint})"
        if big:
            clean = "clean" if c.pips and c.pips.clean else "unclean"
            return f"strict_pips:{fr.pip_check}/{clean} ({hint})"
        return f"other ({hint})"
    if big:
        doubt = vd.face_doubt(img, c.det, fr.value)
        if doubt is not None:
            return f"face_doubt:{doubt}"
    if c.det.size >= p.smear_min_px and smear(
            die_crop(img, c.det.x, c.det.y, c.det.size * 1.2, 0.0, 64)) > p.max_smear:
        return "smear"
    return f"read pv={pv:.2f} pips={fr.pip_check} size={'big' if big else 'small'}"


def categorise(img: NDArray[np.uint8], label: LabelledImage, p: VisionParams
               ) -> list[tuple[str, str, LabelledDie, str]]:
    """(outcome, category, die, detail) for every labelled die not read right."""
    reading = vr.read_dice(img, params=p)
    dice = list(reading.dice + reading.banked)
    m = match(label, dice)
    t = traced(img, p)
    blurred = any(pr.code == "blurred" for pr in image_problems(img, p))
    out = []
    flagged = {reading.dice[pr.die].center: pr.code for pr in reading.problems
               if pr.die is not None and pr.die < len(reading.dice)}
    for j, lab in enumerate(label.dice):
        if lab.suspect:
            continue
        side = _side(lab)
        cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2

        def near(d: Detection, lab: LabelledDie = lab) -> bool:
            return _inside(d.x, d.y, lab.box)

        if j in m:
            d = dice[m[j]]
            if d.value == lab.value:
                continue
            outcome = "unreadable" if d.value is None else "wrong"
            c = min((c for c in t.final), key=lambda c: math.hypot(
                c.det.x - d.center[0], c.det.y - d.center[1]), default=None)
            code = flagged.get(d.center, "")
            if d.value is None and code in ("cut_off", "blurred"):
                cat = f"flag:{code}"
            elif d.value is None and blurred:
                cat = "image_blurred"
            elif c is None:
                cat = "?"
            else:
                cat = why_value(c, img, p, lab.value)
                if d.value is None and cat.startswith("read"):
                    cat = f"flag:{code or 'face_doubt?'}"
            size_ratio = (c.det.size / side) if c is not None else 0.0
            out.append((outcome, cat, lab, f"size/label {size_ratio:.2f} side {side:.0f}"))
            continue
        # missed: the first stage that lost it
        raw = [(ls, d) for ls, d in t.raw if near(d)]
        if not raw:
            cat = "never_detected"
        elif all(d in t.specks for _, d in raw):
            cat = "body_check"
        else:
            ins = [c for c in t.merged_in if near(c.det)]
            outs = [c for c in t.merged_out if near(c.det)]
            fins = [c for c in t.final if near(c.det)]
            if not ins:
                # found, but the look's detection was not taken (the half-size look's
                # size rule, the closer look's overlap rule, the size range)
                cat = f"look_not_taken:{'/'.join(str(ls) for ls in sorted({ls for ls, _ in raw}))}"
            elif not outs:
                cat = "merge_lost"
            elif not fins:
                cat = "die_size_filter"
            else:
                c = fins[0]
                fr = vf.decide(c.probs, c.pips, p, c.det.size)
                others = [k for k, dd in enumerate(dice)
                          if _inside(dd.center[0], dd.center[1], lab.box)]
                if others:
                    cat = "matched_elsewhere"
                elif fr.not_a_die:
                    cat = "classifier_not_a_die"
                elif c.det.size >= p.strict_min_px:
                    cat = "large_no_d6_face"
                else:
                    cat = "?"
        best = min(raw, key=lambda r: math.hypot(r[1].x - cx, r[1].y - cy), default=None)
        detail = f"side {side:.0f}"
        if best is not None:
            detail += (f" best look {best[0]} size/label {best[1].size / side:.2f}"
                       f" score {best[1].score:.2f}")
        out.append(("missed", cat, lab, detail))
    return out


def run(root: Path, split: str, verbose: bool,
        params: VisionParams | None = None) -> dict[str, Counter[tuple[str, str]]]:
    p = params or VisionParams()
    pick: Callable[[str], bool] = {
        "train": lambda n: not held_out(n), "held-out": held_out, "all": lambda n: True}[split]
    totals: dict[str, Counter[tuple[str, str]]] = {}
    for folder in FOLDERS:
        cnt: Counter[tuple[str, str]] = Counter()
        for label in load_labels(root / folder):
            if not pick(label.image):
                continue
            img = np.asarray(cv2.imread(str(root / folder / label.image)), np.uint8)
            for outcome, cat, lab, detail in categorise(img, label, p):
                key = (outcome, cat.split(" (")[0] if outcome == "missed" else cat)
                cnt[key] += 1
                if verbose:
                    cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
                    print(f"{folder[:6]} {label.image} {outcome:10s} {lab.value} "
                          f"{cat:40s} at {cx:.0f},{cy:.0f} {detail}")
        totals[folder] = cnt
        print(f"== {folder} ({split})")
        for (outcome, cat), n in sorted(cnt.items(), key=lambda kv: (kv[0][0], -kv[1])):
            print(f"  {outcome:10s} {n:4d}  {cat}")
    return totals


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("root")
    ap.add_argument("--split", default="train", choices=("train", "held-out", "all"))
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    run(Path(args.root), args.split, args.v)


if __name__ == "__main__":
    main()
