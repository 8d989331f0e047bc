"""UI size: each step up in the settings draws the screens at least as large as the step
below it, at every window size and in both languages (issue 26: "Extra large" drew
Settings smaller than "Large" at 1280x720)."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.store.settings import UI_SCALES
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.kit.metrics import MIN_SCALE, fit_scales
from uno_desktop.ui.scenes.settings import SettingsScene

WINDOWS = [(800, 500), (1024, 600), (1280, 720), (1366, 768), (1920, 1080), (2560, 1440)]


def drawn_sizes(services, size: tuple[int, int], ui_scale: float) -> dict[str, int]:
    """Each text on the settings screen -> the pixel size it is drawn at."""
    services.settings = dataclasses.replace(services.settings, ui_scale=ui_scale)
    scene = SettingsScene(services)
    surface = pygame.Surface(size)
    with record_texts() as texts:
        scene.draw(surface)
    assert not scene.layout_problems(), scene.layout_problems()
    return {t.text: t.px for t in texts}


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_larger_ui_size_never_draws_settings_smaller(services, size, lang):
    services.settings = dataclasses.replace(services.settings, language=lang)
    set_language(lang)
    steps = [drawn_sizes(services, size, ui) for ui in sorted(UI_SCALES)]
    for smaller, larger in itertools.pairwise(steps):
        shared = smaller.keys() & larger.keys()
        assert shared
        shrunk = {t: (smaller[t], larger[t]) for t in shared if larger[t] < smaller[t]}
        assert not shrunk, shrunk


def test_extra_large_settings_are_larger_than_large_at_the_design_size(services):
    services.settings = dataclasses.replace(services.settings, language="sv")
    set_language("sv")
    large = drawn_sizes(services, (1280, 720), 1.15)
    extra = drawn_sizes(services, (1280, 720), 1.3)
    assert max(extra.values()) > max(large.values())


@pytest.mark.parametrize("size", WINDOWS, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_larger_ui_size_tries_every_scale_a_smaller_one_may_settle_on(size):
    tried = {ui: list(fit_scales(size, ui)) for ui in UI_SCALES}
    for small in UI_SCALES:
        for large in UI_SCALES:
            if large > small:
                assert set(tried[small]) <= set(tried[large])
    for scales in tried.values():
        assert scales == sorted(scales, reverse=True)
        assert scales[-1] == MIN_SCALE
