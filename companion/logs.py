"""Logging for ``companion run``: the stdlib's :mod:`logging`, to stderr, which the
service's journal collects.

Under systemd (``JOURNAL_STREAM`` is set when stderr is connected to the journal) each
line starts with its syslog priority (``<4>`` for a warning, ``<6>`` info, see
sd-daemon(3)), so ``journalctl -p warning`` filters by level and the journal shows no
timestamp twice; elsewhere lines carry the time and the level name.

>>> import io
>>> stream = io.StringIO()
>>> handler = setup_logging("warning", stream=stream, journal=True)
>>> logging.getLogger("companion.test").warning("exposure drifted")
>>> logging.getLogger("companion.test").info("not shown at warning")
>>> stream.getvalue()
'<4>companion.test: exposure drifted\\n'
>>> logging.getLogger().removeHandler(handler)
"""

from __future__ import annotations

import logging
import os
import sys
from typing import TextIO

__all__ = ["JournalFormatter", "setup_logging"]

#: syslog priorities of the stdlib levels (sd-daemon(3): "<N>" line prefixes).
_PRIORITY = {
    logging.CRITICAL: 2,
    logging.ERROR: 3,
    logging.WARNING: 4,
    logging.INFO: 6,
    logging.DEBUG: 7,
}


class JournalFormatter(logging.Formatter):
    """``<priority>logger: message``: the form journald reads a line's level from."""

    def format(self, record: logging.LogRecord) -> str:
        priority = _PRIORITY.get(record.levelno, 6)
        text = super().format(record)
        # a multi-line message (a traceback) keeps its priority on every line
        return "\n".join(f"<{priority}>{line}" for line in text.splitlines())


def setup_logging(
    level: str, *, stream: TextIO | None = None, journal: bool | None = None
) -> logging.Handler:
    """Send the root logger's records at ``level`` and above to ``stream`` (stderr).

    Args:
        level: ``"error"``, ``"warning"``, ``"info"`` or ``"debug"`` (the config's
            ``[log] level``).
        stream: where lines go; ``None``: ``sys.stderr``.
        journal: prefix journald priorities; ``None``: when ``JOURNAL_STREAM`` is set.

    Returns:
        The handler added to the root logger.

    Raises:
        ValueError: ``level`` is not a level name.
    """
    number = logging.getLevelName(level.upper())
    if not isinstance(number, int):
        raise ValueError(f"unknown log level {level!r}: use error, warning, info or debug")
    if journal is None:
        journal = "JOURNAL_STREAM" in os.environ
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    if journal:
        handler.setFormatter(JournalFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(
            logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s", "%H:%M:%S")
        )
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(number)
    return handler
