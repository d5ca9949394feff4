"""Benchmark: ``python -m companion.display.bench [--repeat N] [--size WxH ...]``.

Prints the milliseconds per full render of representative screens at 1920x1080 and
800x480 (or the sizes given): the first render with empty caches ("cold": fonts and
sprites being built) and the steady state ("warm": what the app pays per redraw),
mean and slowest. Then what the app pays on a tick when nothing changed: the
``needs_redraw`` comparison of two views built separately (photos compared by pixels).
No screen is needed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence

SCREENS = ("turn-launched", "turn-problem", "dispute", "round-result", "attract")


def _size(text: str) -> tuple[int, int]:
    w, h = (int(part) for part in text.lower().split("x"))
    return w, h


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures; return 0."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from companion.display.render import clear_caches, needs_redraw, render
    from companion.display.samples import sample

    parser = argparse.ArgumentParser(prog="python -m companion.display.bench",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20, help="warm renders per screen")
    parser.add_argument("--size", type=_size, action="append", help="WxH (repeatable)")
    args = parser.parse_args(argv)
    sizes = args.size or [(1920, 1080), (800, 480)]
    print(f"ms per full render (warm: mean / slowest of {args.repeat}; cold: caches empty)")
    for w, h in sizes:
        warm_all = []
        for name in SCREENS:
            view = sample(name)
            clear_caches()
            start = time.perf_counter()
            render(view, (w, h))
            cold = (time.perf_counter() - start) * 1000
            warm = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                render(view, (w, h))
                warm.append((time.perf_counter() - start) * 1000)
            warm_all.extend(warm)
            print(f"  {w}x{h} {name:<14} warm {statistics.mean(warm):6.1f} / {max(warm):6.1f}"
                  f"   cold {cold:6.1f}")
        print(f"  {w}x{h} all screens    warm {statistics.mean(warm_all):6.1f} ms mean")
    a, b = sample("dispute"), sample("dispute")
    n = 200
    start = time.perf_counter()
    for _ in range(n):
        needs_redraw(a, b)
    per = (time.perf_counter() - start) * 1000 / n
    print(f"needs_redraw, unchanged view with 3 photos rebuilt: {per:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
