"""Exposure arithmetic shared by the Pi and USB cameras and the config check (pure, stdlib).

Mains lighting flickers at twice the mains frequency: 100 Hz on 50 Hz mains, 120 Hz
on 60 Hz mains. A rolling-shutter sensor whose exposure is not a whole number of
flicker periods shows dark horizontal bands that move from frame to frame, which both
hides pips and makes still dice look as if they moved. An exposure of a whole number
of periods (10 ms steps at 50 Hz, 8.333 ms steps at 60 Hz) integrates every row over
the same amount of light, so the bands vanish.
"""

from __future__ import annotations

import math

from hardware.errors import HardwareSettingsError

#: Mains frequencies the companion knows, in Hz (0 means "no flicker handling").
FLICKER_HZ = (0, 50, 60)


def flicker_period_us(flicker_hz: int) -> float:
    """Return the light flicker period in microseconds for a mains frequency in Hz.

    >>> flicker_period_us(50)
    10000.0
    >>> round(flicker_period_us(60), 1)
    8333.3

    Raises :class:`~hardware.errors.HardwareSettingsError` (a ``ValueError``) for
    anything but 50 or 60.
    """
    if flicker_hz not in (50, 60):
        raise HardwareSettingsError(f"mains frequency must be 50 or 60 Hz, got {flicker_hz!r}")
    return 1_000_000 / (2 * flicker_hz)


def is_flicker_free(exposure_us: float, flicker_hz: int, tolerance: float = 0.01) -> bool:
    """True when ``exposure_us`` is a whole number (>= 1) of flicker periods.

    ``tolerance`` is a fraction of one period; ``flicker_hz == 0`` accepts anything.

    >>> is_flicker_free(20000, 50), is_flicker_free(15000, 50), is_flicker_free(16667, 60)
    (True, False, True)
    """
    if flicker_hz == 0:
        return True
    period = flicker_period_us(flicker_hz)
    cycles = exposure_us / period
    return cycles >= 1 - tolerance and abs(cycles - round(cycles)) <= tolerance


def flicker_free_exposure(exposure_us: float, gain: float, flicker_hz: int) -> tuple[int, float]:
    """Move an (exposure, analogue gain) pair onto whole flicker periods, same brightness.

    The total exposure ``exposure_us * gain`` is kept: the exposure is rounded *down*
    to a whole number of periods and the gain raised to make up the difference, so the
    gain never drops below the one auto exposure chose (and never below 1.0). An
    exposure shorter than one period is lengthened to one period with the gain
    lowered, if the gain can go that low; otherwise the scene is too bright for a
    flicker-free exposure and the pair is returned unchanged (rounded).

    Returns ``(exposure_us, gain)`` with the exposure in whole microseconds.

    >>> flicker_free_exposure(27000, 2.0, 50)   # 2 periods, gain 2.0 * 27/20
    (20000, 2.7)
    >>> flicker_free_exposure(5000, 4.0, 50)    # one period, half the gain
    (10000, 2.0)
    >>> flicker_free_exposure(2000, 1.0, 50)    # too bright: left as it is
    (2000, 1.0)
    >>> flicker_free_exposure(12345, 1.5, 0)    # no flicker handling
    (12345, 1.5)
    """
    if exposure_us <= 0 or gain <= 0:
        raise HardwareSettingsError(
            f"exposure and gain must be positive, got {exposure_us}, {gain}"
        )
    if flicker_hz == 0:
        return round(exposure_us), gain
    period = flicker_period_us(flicker_hz)
    if exposure_us >= period:
        cycles = max(1, math.floor(exposure_us / period + 1e-9))
        new_exposure = cycles * period
        return round(new_exposure), round(gain * exposure_us / new_exposure, 4)
    new_gain = gain * exposure_us / period
    if new_gain >= 1.0:
        return round(period), round(new_gain, 4)
    return round(exposure_us), gain
