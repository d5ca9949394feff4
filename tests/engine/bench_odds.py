"""Benchmark of the exact odds (prints figures; not a test).

Run: python -m tests.engine.bench_odds

Measures a cold decision point (first call for a rule set, as ``companion odds`` does)
and warm ones (the app calls the odds after every throw in one process).
"""

from __future__ import annotations

import time

from companion.engine import settings_from_options
from companion.odds import decision_odds, expected_score, launch_odds


def main() -> None:
    for name, options in [("standard", {}), ("shifting-cargo", {"shifting-cargo": True}),
                          ("house", {"wild-ones": True, "unused-throw-bonus": True,
                                     "one-throw-bonus": 2})]:
        settings = settings_from_options("standard", options)
        cargo: int | tuple[int, int] = (4, 3) if settings.shifting_cargo else 7
        start = time.perf_counter()
        launch_odds(settings)
        expected_score(settings)
        first = time.perf_counter() - start
        start = time.perf_counter()
        decision_odds(settings, cargo, 2, best=0, players_after=7)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        for best in range(0, 13):
            if best == 1:
                continue
            for after in range(8):
                decision_odds(settings, cargo, 1, best=best, players_after=after)
        warm = (time.perf_counter() - start) / (12 * 8)
        print(f"{name:15s} launch+expected {first * 1000:7.1f} ms   "
              f"7 players after (cold) {cold * 1000:7.1f} ms   "
              f"warm decision point {warm * 1000:6.2f} ms")


if __name__ == "__main__":
    main()
