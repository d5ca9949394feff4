"""``companion demo`` plays the recorded game from real photos to its recorded result.

If this fails after a change to the reader, a photo of the recording is now read
differently: look at the log; if the new reading is right and the recording's label
wrong, fix the label; if the reader got worse, fix the reader. To record a new game,
``python tools/build_demo.py ../shared/dice-photos CROPS`` (see its docstring).
"""

from __future__ import annotations

import json
from pathlib import Path

from companion.demo import DEFAULT_GAME, load_script, run_demo


def test_demo_plays_the_recorded_game_headless(tmp_path: Path) -> None:
    lines: list[str] = []
    status = run_demo(DEFAULT_GAME, headless=True, out=tmp_path / "out", echo=lines.append)
    log = "\n".join(lines)
    assert status == 0, log
    script = load_script(DEFAULT_GAME)
    assert f"Winner: {script.expect['winners'][0]}" in log
    screens = sorted((tmp_path / "out").glob("screen-*.png"))
    assert len(screens) > len(script.steps)
    # the recording shows how the game handles a throw it cannot read
    assert "cut off by the edge" in log
    assert "a banked die was thrown again" in log
    assert "undone" in log


def test_demo_fixtures_carry_their_sources_and_licences() -> None:
    folder = DEFAULT_GAME.parent
    game = json.loads(DEFAULT_GAME.read_text())
    attribution = (folder / "ATTRIBUTION.md").read_text()
    for throw in game["throws"]:
        image = folder / throw["image"]
        assert image.exists(), image
        assert (image.parent / "LICENSE").exists()
        assert image.name in attribution
        assert str(throw["crop"]) in attribution


def test_a_demo_quit_early_is_not_a_failed_game(tmp_path: Path) -> None:
    import pygame

    lines: list[str] = []

    def echo(line: str) -> None:
        lines.append(line)
        if "banked as crew" in line:  # the viewer closes the window here
            pygame.event.post(pygame.event.Event(pygame.QUIT))

    status = run_demo(DEFAULT_GAME, headless=True, out=tmp_path / "out", echo=echo)
    steps = len(load_script(DEFAULT_GAME).steps)
    assert status == 0
    assert lines[-1].startswith("Demo stopped after ") and lines[-1].endswith(
        f" of {steps} button steps.")
    assert not any("did not come out" in line or line == "Result:" for line in lines)
