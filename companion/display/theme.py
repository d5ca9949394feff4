"""The dim-bar palette and the type scale.

Dark background, light text, and meaning carried by shape, brightness, text and place
as well as hue, so it survives the common colour blindness (deuteranopia, protanopia,
tritanopia): hues are from the Okabe-Ito palette, and no pair of states is told apart
by red versus green.

- banked dice: ivory, the brightest thing on screen, black pips;
- cargo dice: sky blue, dark pips, labelled CARGO;
- thrown, not banked: grey with light pips;
- empty slot: a dashed outline with faint pips, label dimmed;
- unreadable: an orange dashed outline with a "?" triangle;
- the current player: yellow name with a triangle pointer and a yellow frame;
- a problem: an orange band, black text, a "!" triangle;
- a fault: a dark vermillion band at the top, white text, an "X" octagon;
- info: a dark band, white text, an "i" circle.

Type scale (cap height as a fraction of the screen height H): KEY >= 1/8 H for the
figures read from two metres (current player, cargo, throws left, the pot, a
result's headline); LARGE for the referee's words; MEDIUM for names and labels;
SMALL for detail. On the screens a player reads from two metres (``Canvas.floor``)
no text is smaller than :data:`MIN_TEXT`: 5 mm on the official 7-inch panel (800 x
480 px on 85.9 mm, 0.179 mm per px down: 5/85.9 H is 27.9 px, drawn as capitals of
28 px, 5.0 mm); what does not fit at that size is summarised ("+3 more"), cut with
an ellipsis, or left to the dispute screen.
"""

from __future__ import annotations

Color = tuple[int, int, int]

BACKGROUND: Color = (12, 14, 18)
PANEL: Color = (27, 31, 39)
PANEL_HIGH: Color = (42, 48, 60)
RULE: Color = (58, 64, 78)
TEXT: Color = (242, 242, 236)
TEXT_DIM: Color = (168, 174, 186)
TEXT_FAINT: Color = (130, 136, 150)  # 5.4:1 on BACKGROUND, 4.6:1 on PANEL (WCAG AA)
INK: Color = (10, 10, 12)

# Okabe-Ito hues, lightened where they sit on black.
YELLOW: Color = (240, 228, 66)  # the current player
SKY: Color = (86, 180, 233)  # cargo, info
ORANGE: Color = (230, 159, 0)  # problem, unreadable
VERMILLION: Color = (176, 58, 12)  # fault band (white text on it: contrast 5.8)
IVORY: Color = (238, 234, 222)  # banked dice
GREY_DIE: Color = (74, 80, 94)  # thrown dice
PIP_LIGHT: Color = (232, 232, 228)
PIP_FAINT: Color = (70, 76, 90)

# Cap heights as fractions of the screen height.
KEY = 1 / 8
LARGE = 1 / 19
MEDIUM = 1 / 27
SMALL = 1 / 36
#: The floor of a player's text on the legible screens, a fraction of the height:
#: 5 mm (and a little) on the 7-inch panel.
MIN_TEXT = 5.0 / 85.9
#: Smallest cap height drawn anywhere, px (what a 7-inch screen shows sharply).
MIN_CAP_PX = 9
