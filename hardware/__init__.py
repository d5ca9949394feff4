"""Thin adapters for the camera and the buttons, each with a twin that runs anywhere.

Every error they raise is a :class:`~hardware.errors.HardwareError`."""

from hardware.errors import HardwareError, HardwareSettingsError

__all__ = ["HardwareError", "HardwareSettingsError"]
