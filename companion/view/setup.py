"""The setup mode's screens as plain frozen data (drawn by :mod:`companion.display.setup`).

No pygame, no numpy at run time: a photo's image is the camera's array, as in
:class:`~companion.view.PhotoView`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

__all__ = ["Box", "SetupLine", "SetupMeter", "SetupPhoto", "SetupView"]

#: A box on a photo: (x_min, y_min, x_max, y_max), px.
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class SetupMeter:
    """A bar: ``fraction`` 0..1 filled, an optional best-so-far mark (0..1), the value
    in a word or figure ("672", "dark"), ``ok`` (True good, False act on it, None no
    verdict) and, when it is not good, what to do about it (``advice``)."""

    label: str
    fraction: float
    text: str
    ok: bool | None = None
    best: float | None = None
    advice: str = ""


@dataclass(frozen=True)
class SetupLine:
    """A line of results: ``ok`` True (tick), False ("!"), None (plain)."""

    text: str
    ok: bool | None = None


@dataclass(frozen=True, eq=False)
class SetupPhoto:
    """A photo (H x W x 3 uint8 BGR) with boxes drawn on it (px of the photo):
    ``tray`` (yellow) and ``bank_zone`` (sky blue), and a caption with ``ok`` as a
    :class:`SetupLine`'s (a tick, a "!" in orange, or no mark)."""

    image: NDArray[np.uint8]
    tray: Box | None = None
    bank_zone: Box | None = None
    caption: str = ""
    ok: bool | None = None


@dataclass(frozen=True, eq=False)
class SetupView:
    """One setup screen.

    Attributes:
        steps: the step names, in order; ``current`` indexes the one shown.
        title: the current step's title ("Aim and focus").
        instruction: what to do now, in a sentence.
        controls: what the button does here ("Press: next step · Hold: skip").
        photos: one photo, or the self-test's (up to six, shown as a grid).
        meters: measures with bars.
        lines: results, one per line.
        table: rows of cells, the first row the column heads (the button test).
        verdict: the step's conclusion, or None.
        fault: a machine fault (no camera), shown above everything, or "".
    """

    steps: tuple[str, ...]
    current: int
    title: str
    instruction: str
    controls: str
    photos: tuple[SetupPhoto, ...] = ()
    meters: tuple[SetupMeter, ...] = ()
    lines: tuple[SetupLine, ...] = ()
    table: tuple[tuple[str, ...], ...] = ()
    verdict: SetupLine | None = None
    fault: str = ""
