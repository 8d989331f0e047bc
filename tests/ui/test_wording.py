"""Words a family reads at the table (issue 26): the hand-off summary says plainly that
earlier moves are left out, and the Swedish pickers ask as a Swedish player would."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import Card, events
from uno_desktop.lang.i18n import set_language
from uno_desktop.ui.services import SilentSounds, build_services
from uno_desktop.ui.table.events import summary
from uno_desktop.ui.table.pickers import ColorPickerOverlay

NAMES = ["Ann", "Bo", "Cy"]


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def draws(n: int) -> list[events.Event]:
    return [events.CardsDrawn(1 + i % 2, 1, (), "draw") for i in range(n)]


@pytest.mark.parametrize(
    ("lang", "tally"),
    [
        ("en", "Also: cards drawn 3. The latest:"),
        ("sv", "Dessutom: dragna kort 3. De senaste:"),
    ],
)
def test_the_hand_off_summary_counts_the_moves_it_leaves_out(lang, tally):
    set_language(lang)
    told = summary(draws(6), NAMES, seat=0, most=4, first=False)
    assert told.lines[0] == tally
    assert len(told.lines) == 4


@pytest.mark.parametrize(
    ("code", "title"),
    [
        ("WC", "Vilken färg ska Vild anpassningsbart ha?"),
        ("W", "Vilken färg ska Vild ha?"),
        (None, "Vilken färg?"),
    ],
)
def test_the_swedish_colour_picker_asks_which_colour(code, title, monkeypatch):
    pygame.display.init()
    pygame.font.init()
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    services = build_services(use_storage=False)
    set_language("sv")
    card = None if code is None else Card.parse(code)
    picker = ColorPickerOverlay(services, lambda color: None, card=card)
    assert picker.title() == title


def test_the_swedish_swap_pickers_ask_whom_to_swap_hands_with():
    from uno_desktop.lang.i18n import _

    set_language("sv")
    assert _("Swap hands with whom?") == "Vem vill du byta hand med?"
    assert _("Wild Swap Hands: swap with whom?") == "Vild byt: vem vill du byta hand med?"


@pytest.mark.parametrize(
    ("lang", "label"),
    [
        ("en", "Animation speed (also the time to jump in)"),
        ("sv", "Animationshastighet (även tiden för inhopp)"),
    ],
)
def test_settings_say_the_animation_speed_also_sets_the_time_to_jump_in(lang, label, monkeypatch):
    """A person's window to jump in before a computer does is 1.5 s over the animation
    speed (DESIGN.md): the setting that moves it says so where it is set."""
    from uno_desktop.ui.kit import record_texts
    from uno_desktop.ui.scenes.settings import SettingsScene

    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((1024, 600))
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    services = build_services(use_storage=False)
    set_language(lang)
    scene = SettingsScene(services)
    scene.enter()
    with record_texts() as drawn:
        scene.draw(surface)
    assert label in [t.text for t in drawn]
