"""sd_notify messages reach a datagram socket the way systemd reads them."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest

from companion.notify import Notifier


@pytest.fixture
def listener(tmp_path: Path):
    path = tmp_path / "notify.sock"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(2)
    yield str(path), sock
    sock.close()


def test_ready_status_and_watchdog_are_sent(listener, monkeypatch) -> None:
    path, sock = listener
    monkeypatch.setenv("WATCHDOG_USEC", "10000000")
    notifier = Notifier(path)
    assert notifier.active
    assert notifier.watchdog_interval_s == 5.0
    assert notifier.ready("playing")
    assert sock.recv(256) == b"READY=1\nSTATUS=playing"
    assert notifier.watchdog(now_s=100.0)
    assert sock.recv(256) == b"WATCHDOG=1"
    # rate limited: a second ping within half the watchdog period is not sent
    assert not notifier.watchdog(now_s=102.0)
    assert notifier.watchdog(now_s=105.5)
    assert sock.recv(256) == b"WATCHDOG=1"


def test_a_press_pings_the_watchdog_now_and_the_watchdog_period_is_known(
    listener, monkeypatch
) -> None:
    path, sock = listener
    monkeypatch.setenv("WATCHDOG_USEC", "20000000")
    notifier = Notifier(path)
    assert notifier.watchdog_s == 20.0
    assert notifier.watchdog(now_s=100.0)
    assert sock.recv(256) == b"WATCHDOG=1"
    assert not notifier.watchdog(now_s=101.0)  # rate limited ...
    assert notifier.watchdog(now_s=101.0, now=True)  # ... unless a press is about to block
    assert sock.recv(256) == b"WATCHDOG=1"
    monkeypatch.delenv("WATCHDOG_USEC")
    assert Notifier(path).watchdog_s is None
    monkeypatch.setenv("WATCHDOG_USEC", "20000000")
    assert Notifier(None).watchdog_s is None  # not under systemd


def test_abstract_namespace_address(monkeypatch) -> None:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind("\0companion-test-notify")
    sock.settimeout(2)
    try:
        monkeypatch.setenv("NOTIFY_SOCKET", "@companion-test-notify")
        assert Notifier().stopping()
        assert sock.recv(64) == b"STOPPING=1"
    finally:
        sock.close()


def test_without_systemd_nothing_is_sent(monkeypatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    notifier = Notifier()
    assert not notifier.active
    assert not notifier.ready()
    assert not notifier.watchdog(now_s=0.0)


def test_a_vanished_socket_is_not_an_error(tmp_path: Path) -> None:
    assert not Notifier(str(tmp_path / "gone.sock")).ready()
