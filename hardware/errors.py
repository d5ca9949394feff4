"""The hardware layer's errors: :class:`HardwareError` is the root (catch it to catch
any of them).

- ``hardware.camera.CameraError`` (also a ``RuntimeError``): a camera that cannot be
  opened, refuses a setting or stops delivering frames.
- ``hardware.button.ButtonError`` (also a ``RuntimeError``): a GPIO button that cannot
  be set up.
- :class:`HardwareSettingsError` (also a ``ValueError``): a setting no device can take
  (a pin number, a bounce time, an unknown kind, a mains frequency); nothing was opened.
"""

from __future__ import annotations

__all__ = ["HardwareError", "HardwareSettingsError"]


class HardwareError(Exception):
    """The root of the camera's and the buttons' errors; the message says which device,
    what went wrong and what to check."""


class HardwareSettingsError(HardwareError, ValueError):
    """A camera or button setting out of range or unknown; nothing was opened.

    >>> isinstance(HardwareSettingsError("GPIO 40 does not exist"), ValueError)
    True
    """
