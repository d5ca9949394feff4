"""Write the sample screens as PNG: ``python -m companion.display.preview OUT_DIR``.

Options: ``--size WxH`` (repeatable; default 800x480 and 1920x1080), ``--only NAME``
(repeatable). Files are named ``NAME-WxH.png``. Works without a screen.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WxH, e.g. 800x480, got {text!r}") from None
    if w < 1 or h < 1:
        raise argparse.ArgumentTypeError(f"size must be positive, got {text!r}")
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    """Write the PNGs; return the exit status (2 on a bad argument)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from companion.display.render import render
    from companion.display.samples import SAMPLES, sample

    parser = argparse.ArgumentParser(prog="python -m companion.display.preview",
                                     description="Write the sample screens as PNG.")
    parser.add_argument("out", type=Path, help="folder for the PNGs (created)")
    parser.add_argument("--size", type=_size, action="append", help="WxH px (repeatable)")
    parser.add_argument("--only", action="append", choices=sorted(SAMPLES),
                        help="a sample name (repeatable)")
    args = parser.parse_args(argv)
    sizes = args.size or [(800, 480), (1920, 1080)]
    names = args.only or list(SAMPLES)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in names:
        view = sample(name)
        for w, h in sizes:
            path = args.out / f"{name}-{w}x{h}.png"
            pygame.image.save(render(view, (w, h)), str(path))
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
