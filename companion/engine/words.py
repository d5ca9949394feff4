"""Small helpers for the engine's sentences: lists, dice and throws in words."""

from __future__ import annotations

from collections.abc import Sequence


def _and(items: Sequence[str]) -> str:
    items = list(items)
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " and " + items[-1]


def _dice(n: int) -> str:
    return f"{n} {'die' if n == 1 else 'dice'}"


def _throws(n: int) -> str:
    return f"{n} throw{'' if n == 1 else 's'}"
