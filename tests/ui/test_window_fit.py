"""The first window fits the screen it opens on, its title bar and the desktop's panels
included, and reopens at the size the player last gave it while that still fits. The
screen is faked: the dummy driver has none."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.store.settings import Settings
from uno_desktop.ui.app import App
from uno_desktop.ui.services import Services, build_services
from uno_desktop.ui.window_fit import first_window_size

#: a window manager's title bar and borders, and a desktop panel, as a family's laptop has
TITLE_BAR, BORDER, PANEL = 30, 4, 40


def whole_on(screen: tuple[int, int], size: tuple[int, int]) -> bool:
    return size[0] + 2 * BORDER <= screen[0] and size[1] + TITLE_BAR + PANEL <= screen[1]


def open_on(services: Services, screen: tuple[int, int], monkeypatch) -> App:  # type: ignore[no-untyped-def]
    monkeypatch.setattr("uno_desktop.ui.app.screen_size", lambda: screen)
    app = App(services)
    app.open_window()
    return app


@pytest.fixture
def services() -> Services:
    return build_services()


@pytest.mark.parametrize("screen", [(1024, 600), (1366, 768), (1280, 800), (1920, 1080)])
def test_the_first_window_is_whole_on_its_screen_with_a_title_bar_and_a_panel(
    services, screen, monkeypatch
):
    app = open_on(services, screen, monkeypatch)
    assert app.screen is not None
    assert whole_on(screen, app.screen.get_size())


def test_a_1366x768_screen_gets_a_window_smaller_than_the_design_size(services, monkeypatch):
    app = open_on(services, (1366, 768), monkeypatch)
    assert app.screen is not None
    w, h = app.screen.get_size()
    assert (1024, 576) <= (w, h) < (1280, 720)


def test_a_big_screen_gets_the_largest_window_that_fits(services, monkeypatch):
    small = first_window_size(Settings(), (1920, 1080))
    big = first_window_size(Settings(), (2560, 1440))
    assert big[0] > small[0] and big[1] > small[1]
    assert whole_on((2560, 1440), big)


def test_a_screen_smaller_than_every_window_size_gets_all_it_can_use(services):
    size = first_window_size(Settings(), (900, 620))
    assert whole_on((900, 620), size) and size >= (800, 500)


def test_the_window_reopens_at_the_size_the_player_gave_it(services, monkeypatch):
    app = open_on(services, (1920, 1080), monkeypatch)
    pygame.display.set_mode((1100, 700), pygame.RESIZABLE)  # the player drags the corner
    app.save_window_size()
    assert services.settings.window_size == (1100, 700)
    again = open_on(services, (1920, 1080), monkeypatch)
    assert again.screen is not None and again.screen.get_size() == (1100, 700)


def test_a_remembered_size_too_big_for_this_screen_gives_way_to_one_that_fits(
    services, monkeypatch
):
    services.update_settings(window_size=(1900, 1000), window_size_chosen=True)
    app = open_on(services, (1366, 768), monkeypatch)
    assert app.screen is not None and whole_on((1366, 768), app.screen.get_size())
    app.save_window_size()  # not resized: the player's own size stays remembered
    assert services.settings.window_size == (1900, 1000)


def test_a_window_never_resized_leaves_the_next_screen_free_to_choose(services, monkeypatch):
    app = open_on(services, (1024, 600), monkeypatch)
    app.save_window_size()
    assert not services.settings.window_size_chosen
    big = open_on(services, (2560, 1440), monkeypatch)
    assert big.screen is not None and big.screen.get_size() > (1280, 720)
