"""Command line: ``python -m vision read|calibrate|eval|annotate|bench``.

- ``read [--json] [--text] [--calibration FILE] IMAGE...``: one JSON object per line
  per image, in order (``--text``: plain words instead; ``--calibration``: a file from
  ``calibrate``, so the die size is known and the tray region applies):
  ``{"image": path, "dice": [{"value": 1..6 | null, "center": [x, y],
  "confidence": c}], "problems": [...]}``.
- ``calibrate [--json] [--text] IMAGE...``: the calibration estimated from photos of
  throws from one fixed camera, as one JSON object (``{"die_size_px": ..., "tray":
  [x0, y0, x1, y1], "bank_zone": null, "image_size": [w, h], "photos": n, "dice": n}``;
  save it to a file for ``read --calibration``).
- ``eval DIR [--json] [--split all|held-out|train|both]``: score a folder in the
  ``labels.json`` format; by default the full folder and its held-out part.
- ``annotate IMAGE OUT.png``: draw what was read.
- ``bench``: median ms per image at 640x480 and 1280x720, single-threaded, and the
  peak memory.

Exit status: 0 success, 2 bad input (unreadable file, bad folder), 1 unexpected fault.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from .types import Die, Reading, VisionInputError


def _load(path: str) -> NDArray[np.uint8]:
    """The image at ``path`` as H x W x 3 uint8 BGR.

    Raises:
        VisionInputError: no such file, not readable, not an image, or a JPEG cut
            short (a partial file would read as a photo with its lower part grey).
    """
    try:
        data = Path(path).read_bytes()
    except IsADirectoryError:
        raise VisionInputError(f"{path} is a folder, not an image") from None
    except FileNotFoundError:
        raise VisionInputError(f"no such file: {path}") from None
    except OSError as err:
        raise VisionInputError(f"cannot read {path}: {err.strerror or err}") from None
    if data[:2] == b"\xff\xd8" and b"\xff\xd9" not in data[-4096:]:
        raise VisionInputError(f"{path} is a JPEG file cut short (incomplete)")
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if img is None:
        raise VisionInputError(f"{path} is not an image OpenCV can read")
    return np.asarray(img, np.uint8)


def reading_json(path: str, reading: Reading) -> dict[str, Any]:
    """The JSON object ``read`` prints for one image."""

    def die(d: Die) -> dict[str, Any]:
        return {"value": d.value, "center": [round(d.center[0], 1), round(d.center[1], 1)],
                "confidence": round(d.confidence, 3), "agreed": d.agreed}

    return {
        "image": path,
        "dice": [die(d) for d in reading.dice],
        "banked": [die(d) for d in reading.banked],
        "problems": [{"code": p.code, "message": p.message, "die": p.die}
                     for p in reading.problems],
        "complete": reading.complete,
        "frames": reading.frames,
    }


def _cmd_read(args: argparse.Namespace) -> int:
    from .calibrate import CalibrationError, load_calibration
    from .read import read_dice

    cal = None
    if args.calibration is not None:
        try:
            cal = load_calibration(Path(args.calibration))
        except CalibrationError as err:
            print(f"vision read: {err}", file=sys.stderr)
            return 2
    status = 0
    for path in args.images:
        try:
            reading = read_dice(_load(path), expected=args.expected, calibration=cal)
        except VisionInputError as err:
            if args.text:
                print(f"{path}: error: {err}")
            else:
                print(json.dumps({"image": path, "error": str(err)}))
            status = 2
            continue
        obj = reading_json(path, reading)
        if not args.text:
            print(json.dumps(obj))
        else:
            vals = " ".join("?" if v is None else str(v) for v in reading.values) or "-"
            print(f"{path}: {vals}")
            for p in reading.problems:
                print(f"  {p.code}: {p.message}")
    return status


def _cmd_calibrate(args: argparse.Namespace) -> int:
    from .calibrate import CalibrationError, calibrate_from_throws

    try:
        images = [_load(path) for path in args.images]
        result = calibrate_from_throws(images)
    except (VisionInputError, CalibrationError) as err:
        print(f"vision calibrate: {err}", file=sys.stderr)
        return 2
    obj = result.to_json()
    if args.text:
        tray = obj["tray"]
        print(f"die size {obj['die_size_px']} px from {obj['dice']} dice read in "
              f"{obj['photos']} of {len(images)} photos; tray x {tray[0]}..{tray[2]}, "
              f"y {tray[1]}..{tray[3]} px of {obj['image_size'][0]}x{obj['image_size'][1]}")
    else:
        print(json.dumps(obj))
    return 0


def _cmd_eval(args: argparse.Namespace) -> int:
    from .evaluate import evaluate, format_score, held_out
    from .read import read_dice

    folder = Path(args.dir)
    if not folder.is_dir():
        print(f"vision eval: no such folder: {folder}", file=sys.stderr)
        return 2
    if not (folder / "labels.json").exists():
        print(f"vision eval: no labels.json in {folder}", file=sys.stderr)
        return 2

    def reader(path: Path) -> Sequence[Die]:
        r = read_dice(_load(str(path)))
        return r.dice + r.banked

    splits: list[tuple[str, Any]] = []
    if args.split in ("all", "both"):
        splits.append(("full folder", None))
    if args.split in ("held-out", "both"):
        splits.append(("held-out part", held_out))
    if args.split == "train":
        splits.append(("training part", lambda n: not held_out(n)))
    out: dict[str, Any] = {}
    cache: dict[str, Sequence[Die]] = {}

    def cached(path: Path) -> Sequence[Die]:
        if str(path) not in cache:
            cache[str(path)] = reader(path)
        return cache[str(path)]

    for title, only in splits:
        score = evaluate(folder, cached, only)
        if args.json:
            s = score.summary()
            s["confusion"] = score.confusion
            s["misreads"] = {r.image: r.misreads for r in score.images if r.misreads}
            out[title] = s
        else:
            print(format_score(score, f"{folder.name} ({title})"))
    if args.json:
        print(json.dumps(out))
    return 0


def _cmd_annotate(args: argparse.Namespace) -> int:
    from .annotate import annotate
    from .read import read_dice

    if not cv2.haveImageWriter(args.out):
        print(f"vision annotate: cannot write {args.out}: name it .png or .jpg",
              file=sys.stderr)
        return 2
    img = _load(args.image)
    reading = read_dice(img)
    try:
        written = cv2.imwrite(args.out, annotate(img, reading))
    except cv2.error:
        written = False
    if not written:
        print(f"vision annotate: cannot write {args.out}", file=sys.stderr)
        return 2
    vals = " ".join("?" if v is None else str(v) for v in reading.values) or "-"
    print(f"{args.out}: {vals}")
    return 0


def _cmd_bench(args: argparse.Namespace) -> int:
    from .bench import run_bench

    print(run_bench(repeats=args.repeats))
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The ``python -m vision`` argument parser."""
    parser = argparse.ArgumentParser(prog="python -m vision", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("read", help="read the dice in images")
    p.add_argument("--json", action="store_true",
                   help="one JSON object per image and line (the default output)")
    p.add_argument("--text", action="store_true", help="plain words instead of JSON")
    p.add_argument("--expected", type=int, default=None, help="dice expected in the tray")
    p.add_argument("--calibration", metavar="FILE", default=None,
                   help="a calibration file (JSON from 'calibrate'): die size and tray")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.set_defaults(func=_cmd_read)
    p = sub.add_parser("calibrate", help="die size and tray from photos of throws "
                       "from one fixed camera")
    p.add_argument("--json", action="store_true", help="one JSON object (the default output)")
    p.add_argument("--text", action="store_true", help="plain words instead of JSON")
    p.add_argument("images", nargs="+", metavar="IMAGE")
    p.set_defaults(func=_cmd_calibrate)
    p = sub.add_parser("eval", help="score a labelled folder (labels.json)")
    p.add_argument("dir", metavar="DIR")
    p.add_argument("--json", action="store_true")
    p.add_argument("--split", choices=("both", "all", "held-out", "train"), default="both")
    p.set_defaults(func=_cmd_eval)
    p = sub.add_parser("annotate", help="draw what was read")
    p.add_argument("image", metavar="IMAGE")
    p.add_argument("out", metavar="OUT.png")
    p.set_defaults(func=_cmd_annotate)
    p = sub.add_parser("bench", help="time the reader, single-threaded")
    p.add_argument("--repeats", type=int, default=15)
    p.set_defaults(func=_cmd_bench)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    args = build_parser().parse_args(argv)
    try:
        status: int = args.func(args)
    except VisionInputError as err:
        print(f"vision {args.command}: {err}", file=sys.stderr)
        return 2
    return status


if __name__ == "__main__":
    sys.exit(main())
