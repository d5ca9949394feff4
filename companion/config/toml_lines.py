"""Line numbers for config problems: a small scanner of the TOML text (``tomllib``
gives no line numbers for values)."""

from __future__ import annotations

import re

_BARE = r"[A-Za-z0-9_-]+"
_QUOTED = r'"(?:[^"\\]|\\.)*"|\'[^\']*\''
_KEY = rf"(?:{_BARE}|{_QUOTED})"
_DOTTED = rf"{_KEY}(?:\s*\.\s*{_KEY})*"
_HEADER_RE = re.compile(rf"^\s*\[\[?\s*({_DOTTED})\s*\]\]?")
_KEY_RE = re.compile(rf"^\s*({_DOTTED})\s*=")
_PART_RE = re.compile(_KEY)


def _key_parts(dotted: str) -> list[str]:
    parts = []
    for match in _PART_RE.finditer(dotted):
        part = match.group(0)
        if part[0] in "\"'":
            part = part[1:-1]
        parts.append(part)
    return parts


def key_lines(text: str) -> dict[str, int]:
    """Map each table header and key of TOML ``text`` to its 1-based line number.

    Keys are dotted paths (``"camera"`` for the ``[camera]`` header, ``"camera.kind"``
    for a key in it, dotted keys joined the same way). Lines inside multi-line strings
    and arrays are skipped. The first occurrence wins.

    >>> key_lines('# c\\n[camera]\\nkind = "usb"\\nresolution = [\\n  640,\\n  480]\\n[tray]\\n')
    {'camera': 2, 'camera.kind': 3, 'camera.resolution': 4, 'tray': 7}
    """
    found: dict[str, int] = {}
    table: list[str] = []
    scanner = _ValueScanner()
    for number, line in enumerate(text.splitlines(), start=1):
        if scanner.busy:
            scanner.feed(line)
            continue
        header = _HEADER_RE.match(line)
        if header:
            table = _key_parts(header.group(1))
            found.setdefault(".".join(table), number)
            continue
        key = _KEY_RE.match(line)
        if key:
            found.setdefault(".".join([*table, *_key_parts(key.group(1))]), number)
            scanner.feed(line[key.end() :])
    return found


class _ValueScanner:
    """Tracks whether a value continues on the next line (open array, table, string)."""

    def __init__(self) -> None:
        self.depth = 0
        self.in_string: str | None = None  # '"""' or "'''" while inside a multi-line string

    @property
    def busy(self) -> bool:
        return self.depth > 0 or self.in_string is not None

    def feed(self, text: str) -> None:
        i = 0
        while i < len(text):
            if self.in_string is not None:
                if self.in_string == '"""' and text[i] == "\\":
                    i += 2
                    continue
                if text.startswith(self.in_string, i):
                    self.in_string = None
                    i += 3
                    continue
                i += 1
                continue
            ch = text[i]
            if text.startswith('"""', i) or text.startswith("'''", i):
                self.in_string = text[i : i + 3]
                i += 3
            elif ch == '"':
                i = _skip_string(text, i, '"')
            elif ch == "'":
                i = _skip_string(text, i, "'")
            elif ch == "#":
                return
            elif ch in "[{":
                self.depth += 1
                i += 1
            elif ch in "]}":
                self.depth = max(0, self.depth - 1)
                i += 1
            else:
                i += 1


def _skip_string(text: str, start: int, quote: str) -> int:
    i = start + 1
    while i < len(text):
        if quote == '"' and text[i] == "\\":
            i += 2
            continue
        if text[i] == quote:
            return i + 1
        i += 1
    return i
