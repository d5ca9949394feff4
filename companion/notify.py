"""systemd service notifications (``sd_notify``) in a few lines of stdlib.

Under ``Type=notify`` systemd waits for ``READY=1`` and, with ``WatchdogSec=``, restarts
the service when ``WATCHDOG=1`` stops arriving. The app sends both from its render
loop, so a frozen screen is a dead service. Outside systemd (no ``NOTIFY_SOCKET``)
every call is a no-op. Protocol: sd_notify(3); an address starting with ``@`` is in
the abstract namespace.

>>> Notifier(socket_path=None).ready()   # not under systemd: nothing happens
False
"""

from __future__ import annotations

import os
import socket
import time


class Notifier:
    """Sends state lines to systemd's notification socket.

    Args:
        socket_path: the ``NOTIFY_SOCKET`` address; default: from the environment.
            None or empty: not running under systemd, nothing is sent.
    """

    def __init__(self, socket_path: str | None = "") -> None:
        if socket_path == "":
            socket_path = os.environ.get("NOTIFY_SOCKET")
        self._address = socket_path or None
        self._last_watchdog_s = float("-inf")
        usec = os.environ.get("WATCHDOG_USEC", "")
        #: Seconds between watchdog pings: half of systemd's ``WatchdogSec``, or 5 s.
        self.watchdog_interval_s = int(usec) / 2e6 if usec.isdigit() and int(usec) > 0 else 5.0

    @property
    def active(self) -> bool:
        """True under systemd (a socket to notify)."""
        return self._address is not None

    def send(self, state: str) -> bool:
        """Send one notification (e.g. ``"READY=1"``); True if it was sent."""
        if self._address is None:
            return False
        address = self._address
        if address.startswith("@"):
            address = "\0" + address[1:]
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
                sock.connect(address)
                sock.sendall(state.encode())
        except OSError:
            return False
        return True

    def ready(self, status: str = "") -> bool:
        """Tell systemd the service is up (``READY=1``)."""
        return self.send("READY=1" + (f"\nSTATUS={status}" if status else ""))

    def status(self, status: str) -> bool:
        """Set the one-line status shown by ``systemctl status``."""
        return self.send(f"STATUS={status}")

    @property
    def watchdog_s(self) -> float | None:
        """systemd's ``WatchdogSec`` for this service, s (``None``: no watchdog)."""
        usec = os.environ.get("WATCHDOG_USEC", "")
        return int(usec) / 1e6 if self.active and usec.isdigit() and int(usec) > 0 else None

    def watchdog(self, now_s: float | None = None, *, now: bool = False) -> bool:
        """Ping the watchdog (``WATCHDOG=1``), at most once per :attr:`watchdog_interval_s`
        unless ``now`` (before a press blocks the loop: the press gets the whole
        ``WatchdogSec``)."""
        at = time.monotonic() if now_s is None else now_s
        if not now and at - self._last_watchdog_s < self.watchdog_interval_s:
            return False
        self._last_watchdog_s = at
        return self.send("WATCHDOG=1")

    def stopping(self) -> bool:
        """Tell systemd the service is shutting down (``STOPPING=1``)."""
        return self.send("STOPPING=1")
