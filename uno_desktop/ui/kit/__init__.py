"""The UI kit: one of each thing every screen is built from.

- `metrics`: the 1280x720 design size and `scale_for`;
- `text`: translated texts, cached rendering and the one fitting rule (shrink, then wrap);
- `paint`: backdrop, panel, dimmer, focus ring, button faces, the contrast table;
- `widgets`: Label, Button, TextInput, Choice, Stepper, Toggle, Slider;
- `focus`: the FocusGroup that routes keys and pointer to widgets;
- `dialog`: `Dialog`, the base of every menu, notice and table overlay (`Overlay`).
"""

from __future__ import annotations

from uno_desktop.ui.kit.dialog import Dialog, Overlay, rect_problems
from uno_desktop.ui.kit.focus import FocusGroup
from uno_desktop.ui.kit.metrics import BASE_SIZE, scale_for
from uno_desktop.ui.kit.paint import (
    ERROR_TEXT_RGB,
    FOCUS_RGB,
    PANEL_ALPHA,
    TEXT_PAIRS,
    blend,
    dim,
    draw_backdrop,
    draw_focus_ring,
    draw_panel,
    draw_scroll_bar,
    kept_layer,
    paint_button,
)
from uno_desktop.ui.kit.text import (
    DrawnText,
    Text,
    current_floor,
    draw_fitted,
    draw_lines,
    draw_text,
    fit_lines,
    fit_px,
    fitted_height,
    line_step,
    record_texts,
    recording_texts,
    text_image,
    text_of,
    use_floor,
    wrap_words,
)
from uno_desktop.ui.kit.widgets import (
    Button,
    Choice,
    Label,
    Slider,
    Stepper,
    TextInput,
    Toggle,
    Widget,
    column,
    row,
)

__all__ = [
    "BASE_SIZE",
    "ERROR_TEXT_RGB",
    "FOCUS_RGB",
    "PANEL_ALPHA",
    "TEXT_PAIRS",
    "Button",
    "Choice",
    "Dialog",
    "DrawnText",
    "FocusGroup",
    "Label",
    "Overlay",
    "Slider",
    "Stepper",
    "Text",
    "TextInput",
    "Toggle",
    "Widget",
    "blend",
    "column",
    "current_floor",
    "dim",
    "draw_backdrop",
    "draw_fitted",
    "draw_focus_ring",
    "draw_lines",
    "draw_panel",
    "draw_scroll_bar",
    "draw_text",
    "fit_lines",
    "fit_px",
    "fitted_height",
    "kept_layer",
    "line_step",
    "paint_button",
    "record_texts",
    "recording_texts",
    "rect_problems",
    "row",
    "scale_for",
    "text_image",
    "text_of",
    "use_floor",
    "wrap_words",
]
