"""Checks of camera settings that need no camera (pure, stdlib): what the config check
reports before anything is opened.

- ``analogue_gain`` is only used with a fixed ``exposure_us``;
- a fixed exposure is a whole number of mains flicker periods (see
  :mod:`hardware.exposure`), or the image bands;
- the Pi camera takes an even width and height;
- a replay camera has a ``replay_path`` that exists.

>>> from pathlib import Path
>>> from types import SimpleNamespace
>>> camera = SimpleNamespace(kind="pi", resolution=(1641, 1232), exposure_us=15000,
...                          analogue_gain=None, flicker_hz=50, replay_path=None)
>>> [key for key, message in camera_problems(camera)]
['exposure_us', 'resolution']
>>> camera_problems(camera)[0][1].endswith("the image would band; use e.g. 10000, 20000")
True
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Protocol

from hardware.exposure import flicker_period_us, is_flicker_free

__all__ = ["CheckedCamera", "camera_problems"]


class CheckedCamera(Protocol):
    """The camera settings :func:`camera_problems` reads (``companion.config.CameraConfig``
    and ``hardware.camera.CameraSettings`` have them)."""

    @property
    def kind(self) -> str: ...  # "pi", "usb" or "replay"
    @property
    def resolution(self) -> tuple[int, int]: ...  # (width, height) px
    @property
    def exposure_us(self) -> int | None: ...  # None = auto exposure, then locked
    @property
    def analogue_gain(self) -> float | None: ...  # Pi only; None = AE's gain
    @property
    def flicker_hz(self) -> int: ...  # 50, 60, or 0 for none
    @property
    def replay_path(self) -> Path | None: ...  # folder, manifest or image


def camera_problems(camera: CheckedCamera) -> list[tuple[str, str]]:
    """Every problem of ``camera``'s settings, as ``(key, message)`` pairs (``key``: the
    name of the setting, e.g. ``"exposure_us"``; ``message``: what is wrong and what
    would be right). Empty when the settings are fine. Reads the file system only to
    check that ``replay_path`` exists.
    """
    problems: list[tuple[str, str]] = []
    if camera.analogue_gain is not None and camera.exposure_us is None:
        problems.append((
            "analogue_gain",
            "is only used with a fixed exposure_us: set exposure_us too, or leave the gain out",
        ))
    if (
        camera.exposure_us is not None
        and camera.flicker_hz
        and not is_flicker_free(camera.exposure_us, camera.flicker_hz)
    ):
        period = flicker_period_us(camera.flicker_hz)
        low = max(1, math.floor(camera.exposure_us / period))
        choices = ", ".join(str(round(k * period)) for k in (low, low + 1))
        problems.append((
            "exposure_us",
            f"{camera.exposure_us} us is not a whole number of {camera.flicker_hz} Hz "
            f"flicker periods ({period:g} us): the image would band; use e.g. {choices}",
        ))
    if camera.kind == "pi" and any(v % 2 for v in camera.resolution):
        problems.append((
            "resolution",
            "the Pi camera needs an even width and height, "
            f"not {camera.resolution[0]} x {camera.resolution[1]}",
        ))
    if camera.kind == "replay":
        if camera.replay_path is None:
            problems.append(("replay_path", 'is needed when kind = "replay"'))
        elif not camera.replay_path.exists():
            problems.append(("replay_path", f"{camera.replay_path} not found"))
    return problems
