"""The palette: card colours and a friendly felt-table look.

Every colour the game draws comes from here so the scenes and the card painter agree,
and so a future theme (or a high-contrast mode) is one module to change.
Card colours are chosen to stay apart in lightness as well as hue, which helps
colour-blind players before the shapes even come into play.
"""

from __future__ import annotations

from uno_desktop.engine import Color

RGB = tuple[int, int, int]

#: every screen is designed at this size and scaled to the window (`ui.kit.scale_for`)
BASE_SIZE: tuple[int, int] = (1280, 720)

#: card body colours: a warm red, a sunny yellow, a leaf green, a clear blue
COLOR_RGB: dict[Color, RGB] = {
    Color.RED: (222, 46, 52),
    Color.YELLOW: (250, 196, 28),
    Color.GREEN: (52, 168, 83),
    Color.BLUE: (28, 110, 214),
}

#: a darker tone of each card colour (outlines, pressed states, subtle shapes)
COLOR_DARK_RGB: dict[Color, RGB] = {
    Color.RED: (150, 22, 30),
    Color.YELLOW: (186, 128, 0),
    Color.GREEN: (22, 108, 50),
    Color.BLUE: (14, 64, 150),
}

#: the shape that names each colour without relying on hue (colour-blind support)
COLOR_SHAPE: dict[Color, str] = {
    Color.RED: "circle",
    Color.YELLOW: "triangle",
    Color.GREEN: "square",
    Color.BLUE: "diamond",
}

# --- the table -------------------------------------------------------------------------
TABLE_RGB: RGB = (22, 110, 72)  # felt
TABLE_DARK_RGB: RGB = (14, 78, 50)  # vignette, seat plates
TABLE_LIGHT_RGB: RGB = (34, 134, 90)  # centre spot light
PANEL_RGB: RGB = (16, 52, 40)  # side panel (scores, log)
PANEL_BORDER_RGB: RGB = (60, 120, 92)

TEXT_RGB: RGB = (246, 244, 236)  # main text on felt
TEXT_DIM_RGB: RGB = (178, 206, 190)  # secondary text on felt
TEXT_DARK_RGB: RGB = (28, 30, 34)  # text on light buttons

ACCENT_RGB: RGB = (255, 204, 64)  # current player, focus, the UNO button
ACCENT_DARK_RGB: RGB = (196, 140, 0)
HIGHLIGHT_RGB: RGB = (255, 236, 120)  # glow behind playable cards
HINT_RGB: RGB = (150, 232, 255)  # the ring around what a hint suggests, the hint's line
DANGER_RGB: RGB = (232, 72, 60)  # catch button, penalties
SUCCESS_RGB: RGB = (96, 204, 120)

BUTTON_RGB: RGB = (246, 240, 226)
BUTTON_HOVER_RGB: RGB = (255, 250, 238)
BUTTON_DISABLED_RGB: RGB = (120, 140, 130)

# --- the cards -------------------------------------------------------------------------
CARD_WHITE_RGB: RGB = (252, 250, 246)
CARD_EDGE_RGB: RGB = (64, 64, 70)  # thin outline so a card reads on any background
CARD_INK_RGB: RGB = (24, 24, 28)  # outlines around symbols
WILD_BODY_RGB: RGB = (26, 26, 30)
BACK_BODY_RGB: RGB = (28, 24, 30)
BACK_OVAL_RGB: RGB = (214, 36, 44)
BACK_WORD_RGB: RGB = (255, 214, 52)

SHADOW_RGBA: tuple[int, int, int, int] = (0, 0, 0, 90)
