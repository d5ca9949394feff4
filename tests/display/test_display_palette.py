"""The palette stays readable with the common colour blindness.

Each pair of states the display tells apart is simulated for protanopia,
deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009, severity 1.0, on
linear sRGB) and must stay apart in CIELAB (Delta E 1976); the text colours must keep
their contrast (WCAG 2 contrast ratio) on the backgrounds they sit on.
"""

from __future__ import annotations

import numpy as np
import pytest

from companion.display import theme

# Machado et al. 2009, severity 1.0.
SIMULATIONS = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
    "normal": np.eye(3),
}


def _linear(rgb: tuple[int, int, int]) -> np.ndarray:
    c = np.array(rgb, dtype=float) / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                  [0.0193, 0.1192, 0.9505]])
    xyz = m @ np.clip(linear, 0, 1) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def delta_e(a: tuple[int, int, int], b: tuple[int, int, int], kind: str) -> float:
    sim = SIMULATIONS[kind]
    return float(np.linalg.norm(_lab(sim @ _linear(a)) - _lab(sim @ _linear(b))))


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    la, lb = (float(np.array([0.2126, 0.7152, 0.0722]) @ _linear(c)) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


#: States told apart by fill colour (shape and text tell them apart too).
PAIRS = [
    ("banked die", theme.IVORY, "cargo die", theme.SKY),
    ("banked die", theme.IVORY, "thrown die", theme.GREY_DIE),
    ("cargo die", theme.SKY, "thrown die", theme.GREY_DIE),
    ("problem band", theme.ORANGE, "info band", theme.PANEL),
    ("problem band", theme.ORANGE, "fault band", theme.VERMILLION),
    ("fault band", theme.VERMILLION, "info band", theme.PANEL),
    ("current name", theme.YELLOW, "other name", theme.TEXT),
    ("current cell", theme.PANEL_HIGH, "other cell", theme.PANEL),
    ("unreadable mark", theme.ORANGE, "cargo mark", theme.SKY),
]


@pytest.mark.parametrize("kind", list(SIMULATIONS))
@pytest.mark.parametrize(("a_name", "a", "b_name", "b"), PAIRS,
                         ids=[f"{p[0]}|{p[2]}" for p in PAIRS])
def test_states_stay_apart(kind: str, a_name: str, a: tuple[int, int, int], b_name: str,
                           b: tuple[int, int, int]) -> None:
    # Panels differ by brightness only, which no colour blindness changes.
    floor = 5.0 if "cell" in a_name else 15.0
    assert delta_e(a, b, kind) >= floor, (a_name, b_name, kind)


@pytest.mark.parametrize(("fg", "bg", "minimum"), [
    (theme.TEXT, theme.BACKGROUND, 7.0),
    (theme.TEXT_DIM, theme.BACKGROUND, 7.0),
    (theme.TEXT_DIM, theme.PANEL, 4.5),
    (theme.TEXT_FAINT, theme.BACKGROUND, 4.5),
    (theme.TEXT_FAINT, theme.PANEL, 4.5),
    (theme.YELLOW, theme.BACKGROUND, 7.0),
    (theme.INK, theme.ORANGE, 7.0),
    (theme.TEXT, theme.VERMILLION, 4.5),
    (theme.INK, theme.IVORY, 7.0),
    (theme.INK, theme.SKY, 7.0),
    (theme.PIP_LIGHT, theme.GREY_DIE, 4.5),
])
def test_text_contrast(fg: tuple[int, int, int], bg: tuple[int, int, int],
                       minimum: float) -> None:
    assert contrast(fg, bg) >= minimum


def test_simulation_is_sane() -> None:
    # Pure red and green collapse for a deuteranope: the reason for this module.
    assert delta_e((200, 40, 40), (40, 160, 40), "normal") > 60
    assert delta_e((200, 40, 40), (40, 160, 40), "deuteranopia") < \
        delta_e((200, 40, 40), (40, 160, 40), "normal") / 2
