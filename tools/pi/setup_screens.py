"""Render the README's setup-mode screens from the real setup mode (``companion setup
--headless``) on a replay camera serving clear synthetic trays (``tests/app/trays``).

    ./dev python -m tools.pi.setup_screens      # writes docs/screenshots/setup-*.png

The throws: twelve live frames for the aim step, three throws to measure, the six
faces of the self-test (every die turned to show 1, ..., 6); then the button test
(three presses and a hold) and the summary.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import cv2

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from companion.cli import main  # noqa: E402
from tests.app.trays import tray  # noqa: E402

#: The screens kept for the README: the event after which each is taken (index into
#: the PNGs written, 1 = before any event) and its name.
KEEP = {1: "setup-aim", 3: "setup-measure", 11: "setup-self-test", 15: "setup-buttons",
        17: "setup-done"}


def build(out: Path) -> list[Path]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        throws = folder / "throws"
        throws.mkdir()
        images = [tray(6, 5, 4, 3, 2, seed=1)] * 12
        images += [tray(6, 5, 4, 3, 2, seed=s) for s in (2, 3, 4)]
        images += [tray(*[face] * 5, seed=20 + face) for face in range(1, 7)]
        for i, image in enumerate(images):
            cv2.imwrite(str(throws / f"{i:02d}.png"), image)
        config = folder / "companion.toml"
        config.write_text('[camera]\nkind = "replay"\nreplay_path = "throws"\n'
                          '[button]\nkind = "keyboard"\n[display]\nsize = [1280, 720]\n'
                          '[tray]\nbank_zone = [560, 0, 640, 480]\n'
                          '[journal]\npath = "state/journal.sqlite3"\n')
        events = ["press"] * 11 + ["press"] * 3 + ["hold", "press"]
        shots = folder / "shots"
        status = main(["setup", "--config", str(config), "--headless", "--out", str(shots),
                       "--buttons", ",".join(events), "--previews", "12"])
        if status != 0:
            raise SystemExit(f"companion setup failed ({status})")
        written = sorted(shots.iterdir())
        out.mkdir(parents=True, exist_ok=True)
        kept = []
        for index, name in KEEP.items():
            target = out / f"{name}-1280x720.png"
            shutil.copyfile(written[index - 1], target)
            kept.append(target)
        return kept


if __name__ == "__main__":
    for path in build(ROOT / "docs" / "screenshots"):
        print(path.relative_to(ROOT))
