"""One generated scene of each of issue 10's ten kinds (tools.vision.kinds, seed 0,
scene 0): no wrong value and no invented die ("unreadable" and a missed die are
allowed). The fixtures' samples (test_vision_cases) are the filer's; these are the
generator's, so a kind is checked on a scene nobody tuned on.

Kinds the current reader fails are ``xfail(strict=True)``, the reason naming the
kind: fixing the kind makes the test pass, the strict xfail then fails, and the mark
must go. A changed generator changes these scenes: re-run
``python -m tools.vision.kinds --out DIR --per-kind 1`` and update the marks.
"""

import pytest

from tools.vision.kinds import KIND_NAMES, kind, read_scene

#: kinds whose scene 0 the reader of main fails today
FAILS_NOW: set[str] = set()


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=[pytest.mark.xfail(
        strict=True, reason=f"issue 10 kind {kind(n).item}: {n}")] if n in FAILS_NOW else [])
    for n in KIND_NAMES])
def test_generated_scene_of_each_kind(name: str) -> None:
    res = read_scene(name, 0)
    assert (res.wrong, res.false) == (0, 0), (
        f"{name}: {res.wrong} wrong (label->read {res.misreads}), {res.false} invented, "
        f"{res.correct} right, {res.unreadable} unreadable, {res.missed} missed")
