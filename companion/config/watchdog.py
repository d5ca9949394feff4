"""The camera's timeout against the service's watchdog (systemd ``WatchdogSec``).

A press blocks the render loop while the camera delivers its burst. The loop pings the
watchdog just before it handles a press, so a press may take the whole ``WatchdogSec``;
half of it may go to waiting on the camera, the other half is for reading the dice,
saving the throw, reopening a camera and drawing.
"""

from __future__ import annotations

import math

from companion.config.model import CameraConfig

__all__ = ["SERVICE_WATCHDOG_S", "camera_watchdog_problem"]

#: ``WatchdogSec`` of the shipped unit (systemd/ship-captain-crew.service), s.
SERVICE_WATCHDOG_S = 20.0


def camera_watchdog_problem(camera: CameraConfig, watchdog_s: float) -> str | None:
    """Why ``camera`` could get the service killed by a ``watchdog_s`` s watchdog, with
    the largest ``timeout_s`` that fits; ``None`` when it fits.

    >>> camera_watchdog_problem(CameraConfig(timeout_s=2.0), 20.0) is None
    True
    """
    limit = watchdog_s / 2
    wait = camera.longest_wait_s
    if wait <= limit:
        return None
    frames = camera.burst_frames
    longest = math.floor((limit - (frames - 1) * camera.burst_interval_s) / frames * 10) / 10
    fix = f"use timeout_s = {longest:g} or less" if longest >= 0.1 else "use fewer burst_frames"
    return (
        f"{camera.timeout_s:g} s with burst_frames = {frames} is more than the service's "
        f"watchdog survives: a stalling camera could hold a press for {wait:g} s, systemd "
        f"kills the service after {watchdog_s:g} s without a sign of life (WatchdogSec), and "
        f"a press may wait on the camera at most {limit:g} s: {fix}"
    )
