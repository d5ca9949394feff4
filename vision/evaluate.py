"""Scoring a reader on a folder of labelled photos (``labels.json`` format).

The format is that of ``../shared/dice-photos`` (see its README): ``labels.json`` is a
list of ``{"image": name, "dice": [{"value": 1..6, "box": [x0, y0, x1, y1]}]}``;
``label_flags.json`` (optional) lists ``suspect_dice`` (left out of the accuracy
figures and counted apart) and ``ignore_regions`` (cocked or moving dice: a reader
must report them unreadable or skip them; a value there counts as wrong).

Matching: each die read is matched to the labelled die whose box contains its centre,
nearest box centre first, one to one. A die read that matches no labelled die (nor a
suspect die or an ignore region) is a false die.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .types import Die

Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class LabelledDie:
    """One labelled die: its value, its box (px) and whether it is flagged suspect."""

    value: int
    box: Box
    suspect: bool = False


@dataclass(frozen=True)
class LabelledImage:
    """One labelled photo: file name, its dice, and regions to ignore (px boxes)."""

    image: str
    dice: tuple[LabelledDie, ...]
    ignore: tuple[Box, ...] = ()


def load_labels(folder: Path) -> list[LabelledImage]:
    """Read ``labels.json`` (and ``label_flags.json`` if present) from ``folder``.

    Raises:
        FileNotFoundError: no ``labels.json`` in ``folder``.
        ValueError: the file is not in the expected format.
    """
    raw = json.loads((folder / "labels.json").read_text())
    flags_path = folder / "label_flags.json"
    flags: dict[str, Any] = json.loads(flags_path.read_text()) if flags_path.exists() else {}
    suspect = {(s["image"], int(s["index_in_dice_list"])) for s in flags.get("suspect_dice", [])}
    dropped = {d["image"] if isinstance(d, dict) else d for d in flags.get("dropped_images", [])}
    ignore: dict[str, list[Box]] = {}
    for reg in flags.get("ignore_regions", []) or []:
        ignore.setdefault(reg["image"], []).append(_box(reg["box"]))
    out = []
    for entry in raw:
        name = entry["image"]
        if name in dropped:
            continue
        dice = tuple(
            LabelledDie(int(d["value"]), _box(d["box"]), (name, i) in suspect)
            for i, d in enumerate(entry["dice"])
        )
        out.append(LabelledImage(name, dice, tuple(ignore.get(name, []))))
    return out


def _box(b: Sequence[float]) -> Box:
    if len(b) != 4:
        raise ValueError(f"a box is [x_min, y_min, x_max, y_max], got {b}")
    return (float(b[0]), float(b[1]), float(b[2]), float(b[3]))


def held_out(name: str, fifths: int = 1) -> bool:
    """The fixed held-out split: True for about ``fifths``/5 of file names.

    Chosen by the first byte of the SHA-1 of the file name, so it never depends on the
    photos' content or order. Every design decision is checked on this part.

    >>> held_out("IMG_20191208_111246.jpg") in (True, False)
    True
    """
    return hashlib.sha1(name.encode()).digest()[0] % 5 < fifths


@dataclass
class ImageResult:
    """The outcome for one photo."""

    image: str
    correct: int = 0
    wrong: int = 0
    unreadable: int = 0
    missed: int = 0
    false: int = 0
    suspect_seen: int = 0
    misreads: list[tuple[int, int, tuple[float, float]]] = field(default_factory=list)

    @property
    def exact(self) -> bool:
        """Every labelled die read right and nothing else reported."""
        return self.wrong == 0 and self.unreadable == 0 and self.missed == 0 and not self.false


@dataclass
class Score:
    """Totals over a folder; ``confusion[label][read]`` with read 0 meaning unreadable."""

    images: list[ImageResult] = field(default_factory=list)
    confusion: list[list[int]] = field(default_factory=lambda: [[0] * 7 for _ in range(7)])

    def total(self, key: str) -> int:
        return sum(int(getattr(r, key)) for r in self.images)

    @property
    def labelled(self) -> int:
        return sum(self.total(k) for k in ("correct", "wrong", "unreadable", "missed"))

    def summary(self) -> dict[str, Any]:
        """The headline figures as a JSON-ready dict (rates are fractions 0..1)."""
        n = max(self.labelled, 1)
        photos = max(len(self.images), 1)
        return {
            "photos": len(self.images),
            "dice": self.labelled,
            "correct": self.total("correct") / n,
            "wrong": self.total("wrong") / n,
            "unreadable": self.total("unreadable") / n,
            "missed": self.total("missed") / n,
            "false_per_photo": self.total("false") / photos,
            "photos_exact": sum(r.exact for r in self.images) / photos,
            "suspect_seen": self.total("suspect_seen"),
            "counts": {
                k: self.total(k) for k in ("correct", "wrong", "unreadable", "missed", "false")
            },
        }


def _inside(x: float, y: float, b: Box) -> bool:
    return b[0] <= x <= b[2] and b[1] <= y <= b[3]


def score_image(label: LabelledImage, dice: Iterable[Die]) -> tuple[ImageResult, list[list[int]]]:
    """Match the dice read in one photo to its labels and count the outcomes."""
    res = ImageResult(label.image)
    conf = [[0] * 7 for _ in range(7)]
    read = list(dice)
    pairs: list[tuple[float, int, int]] = []
    for i, d in enumerate(read):
        x, y = d.center
        for j, lab in enumerate(label.dice):
            if _inside(x, y, lab.box):
                cx, cy = (lab.box[0] + lab.box[2]) / 2, (lab.box[1] + lab.box[3]) / 2
                pairs.append(((x - cx) ** 2 + (y - cy) ** 2, i, j))
    pairs.sort()
    used_read: set[int] = set()
    used_lab: dict[int, int] = {}
    for _, i, j in pairs:
        if i in used_read or j in used_lab:
            continue
        used_read.add(i)
        used_lab[j] = i
    for j, lab in enumerate(label.dice):
        if lab.suspect:
            if j in used_lab:
                res.suspect_seen += 1
            continue
        if j not in used_lab:
            res.missed += 1
            continue
        d = read[used_lab[j]]
        conf[lab.value][d.value or 0] += 1
        if d.value is None:
            res.unreadable += 1
        elif d.value == lab.value:
            res.correct += 1
        else:
            res.wrong += 1
            res.misreads.append((lab.value, d.value, d.center))
    for i, d in enumerate(read):
        if i in used_read:
            continue
        x, y = d.center
        if any(_inside(x, y, b) for b in label.ignore):
            if d.value is not None:
                res.wrong += 1
                res.misreads.append((0, d.value, d.center))
            continue
        res.false += 1
    return res, conf


def evaluate(
    folder: Path,
    reader: Callable[[Path], Sequence[Die]],
    only: Callable[[str], bool] | None = None,
) -> Score:
    """Score ``reader`` (photo path -> dice) on every labelled photo in ``folder``.

    ``only`` picks photos by file name (e.g. :func:`held_out`).
    """
    score = Score()
    for label in load_labels(folder):
        if only is not None and not only(label.image):
            continue
        res, conf = score_image(label, reader(folder / label.image))
        score.images.append(res)
        for a in range(7):
            for b in range(7):
                score.confusion[a][b] += conf[a][b]
    return score


def format_score(score: Score, title: str) -> str:
    """A plain-text report: headline figures, confusion matrix, misread photos."""
    s = score.summary()
    c = s["counts"]
    lines = [
        f"{title}: {s['photos']} photos, {s['dice']} labelled dice"
        f" (+{s['suspect_seen']} suspect dice seen, not counted)",
        f"  correct     {s['correct']:7.1%}  ({c['correct']})",
        f"  wrong       {s['wrong']:7.1%}  ({c['wrong']})",
        f"  unreadable  {s['unreadable']:7.1%}  ({c['unreadable']})",
        f"  missed      {s['missed']:7.1%}  ({c['missed']})",
        f"  false dice  {s['false_per_photo']:7.2f} per photo  ({c['false']})",
        f"  photos read exactly {s['photos_exact']:.1%}",
        "  confusion (rows: label 1..6; columns: read ?, 1..6)",
    ]
    for v in range(1, 7):
        lines.append(f"    {v}: " + " ".join(f"{score.confusion[v][k]:4d}" for k in range(7)))
    bad = [r for r in score.images if r.misreads]
    if bad:
        lines.append("  misreads (label -> read at x,y):")
        for r in bad:
            items = ", ".join(
                f"{'ignore' if a == 0 else a}->{b} at {x:.0f},{y:.0f}"
                for a, b, (x, y) in r.misreads
            )
            lines.append(f"    {r.image}: {items}")
    return "\n".join(lines)
