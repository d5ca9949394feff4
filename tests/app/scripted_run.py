"""Drive ``companion run`` with gpiozero's mock pins, as a tester at the table would.

    python tests/app/scripted_run.py SCRIPT.json -- [companion run arguments]

``SCRIPT.json`` is ``{"steps": [[at_s, pin, "low" | "high"], ...], "settle_s": S}``:
each step drives a mock pin (``low`` = pressed) at ``at_s`` seconds after the
companion has told systemd it is ready (a notification socket of the script's own);
``[at_s, "fill", PATH]`` fills the file system holding PATH to the last byte (another
program filling the disk) and ``[at_s, "free", PATH]`` deletes that file again.
The buttons' clock is virtual: every edge is dated exactly as the script says (a 25 ms
blip is 25 ms however busy the machine is), while real time passes between steps by
the same amount, so the companion handles each press as it would at a table.
``settle_s`` after the last step, the script stops the companion with SIGTERM and
exits with its exit status.

Not a test module: the end-to-end tests run it in a subprocess (and in a mount
namespace where they need a small or read-only file system).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any


class VirtualClock:
    """The buttons' clock: seconds, moved only by the script."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _drive(script: dict[str, Any], clock: VirtualClock, ready: threading.Event) -> None:
    from gpiozero import Device

    if not ready.wait(timeout=120):
        print("scripted_run: the companion never became ready", file=sys.stderr)
        os.kill(os.getpid(), signal.SIGTERM)
        return
    start_virtual, start_real = clock.now, time.monotonic()
    for at_s, pin, level in script["steps"]:
        delay = start_real + at_s - time.monotonic()
        if delay > 0:
            time.sleep(delay)
        clock.now = start_virtual + at_s
        if pin == "fill":  # another program fills the file system holding ``level``
            _fill(Path(level))
            continue
        if pin == "free":
            Path(level).unlink()
            continue
        mock = Device.pin_factory.pin(pin)
        if level == "low":
            mock.drive_low()
        else:
            mock.drive_high()
    time.sleep(float(script.get("settle_s", 2.0)))
    clock.now += 10.0  # every pending edge settles
    time.sleep(0.5)
    os.kill(os.getpid(), signal.SIGTERM)


def _fill(path: Path) -> None:
    """Write ``path`` until its file system is full, to the last byte."""
    handle = os.open(path, os.O_WRONLY | os.O_CREAT)
    for size in (65536, 4096, 512, 1):
        try:
            while True:
                os.write(handle, bytes(size))
        except OSError:
            pass
    os.close(handle)


def _listen(sock: socket.socket, ready: threading.Event) -> None:
    while True:
        try:
            message = sock.recv(4096)
        except OSError:
            return
        if message.startswith(b"READY=1"):
            ready.set()


def main(argv: list[str]) -> int:
    script = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    run_args = argv[argv.index("--") + 1 :] if "--" in argv else []
    from gpiozero import Device
    from gpiozero.pins.mock import MockFactory

    Device.pin_factory = MockFactory()
    import hardware.button as button

    clock = VirtualClock()
    assert button.ThrowButton.__init__.__kwdefaults__ is not None
    button.ThrowButton.__init__.__kwdefaults__["clock"] = clock
    folder = tempfile.mkdtemp(prefix="scripted-run-")
    address = os.path.join(folder, "notify.sock")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(address)
    os.environ["NOTIFY_SOCKET"] = address
    ready = threading.Event()
    threading.Thread(target=_listen, args=(sock, ready), daemon=True).start()
    threading.Thread(target=_drive, args=(script, clock, ready), daemon=True).start()
    from companion.cli import main as companion

    try:
        return companion(["run", *run_args])
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
