"""One lifecycle (``hardware.lifecycle.Closeable``) for the camera, the buttons and the
journal: ``close()`` releases once, ``closed`` tells, ``with`` closes."""

from __future__ import annotations

import threading
from pathlib import Path

import numpy as np
import pytest

from companion.journal import Journal
from companion.runner import AnyButton
from hardware.button import EventQueue, KeyboardButton, ThrowButton
from hardware.camera import CameraBase, PiCamera, ReplayCamera, UsbCamera
from hardware.lifecycle import Closeable
from hardware.scripted import ScriptedButtons

HOLDERS = [CameraBase, PiCamera, UsbCamera, ReplayCamera, EventQueue, ThrowButton,
           KeyboardButton, ScriptedButtons, AnyButton, Journal]


@pytest.mark.parametrize("cls", HOLDERS, ids=lambda c: c.__name__)
def test_every_holder_shares_the_one_lifecycle(cls: type) -> None:
    assert issubclass(cls, Closeable)
    for name in ("close", "closed", "__enter__", "__exit__"):
        assert name not in vars(cls), f"{cls.__name__} defines its own {name}"


class _Counted(Closeable):
    def __init__(self) -> None:
        super().__init__()
        self.released = 0
        self.gate = threading.Event()

    def _release(self) -> None:
        self.gate.wait(0.2)  # widen the window in which a second close could slip in
        self.released += 1


def test_close_releases_once_even_from_two_threads() -> None:
    thing = _Counted()
    threads = [threading.Thread(target=thing.close) for _ in range(8)]
    for t in threads:
        t.start()
    thing.gate.set()
    for t in threads:
        t.join()
    thing.close()
    assert thing.closed and thing.released == 1


def test_with_closes_on_the_way_out_even_on_an_error() -> None:
    with pytest.raises(RuntimeError), _Counted() as thing:
        assert not thing.closed
        raise RuntimeError("dropped")
    assert thing.closed and thing.released == 1


def test_the_journal_closes_once_and_frees_its_lock(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite3"
    with Journal(path, exclusive=True) as journal:
        assert not journal.closed
    assert journal.closed
    journal.close()  # a second close is harmless
    with Journal(path, exclusive=True) as again:  # the lock was released
        assert not again.closed


def test_a_closed_camera_and_button_say_so(tmp_path: Path) -> None:
    image = tmp_path / "throw.png"
    import cv2

    cv2.imwrite(str(image), np.zeros((40, 60, 3), np.uint8))
    with ReplayCamera([image]) as camera:
        assert camera.capture().shape == (40, 60, 3)
    assert camera.closed
    keyboard = KeyboardButton()
    with AnyButton(keyboard, ScriptedButtons(["press"])) as buttons:
        assert buttons.get(0) is not None
    assert buttons.closed and keyboard.closed
