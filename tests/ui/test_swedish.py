"""Swedish everywhere: what a family sees after switching the game to Swedish."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.i18n import set_language
from uno_desktop.match import ManualClock
from uno_desktop.storage import SeatSetting, Settings
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)


@pytest.fixture
def screen():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    yield
    set_language("en")


def services_in(language: str):
    services = build_services()
    services.clock = ManualClock()
    services.update_settings(language=language)
    return services


def show(scene) -> SceneStack:
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(SIZE)
    return stack


def shown_names(scene: NewGameScene) -> list[str]:
    return [scene.name_inputs[i].value for i in range(scene.n_players)]


def test_new_game_in_swedish_names_the_seats_du_and_dator(screen):
    scene = NewGameScene(services_in("sv"))
    show(scene)
    assert shown_names(scene) == ["Du", "Dator 1", "Dator 2", "Dator 3"]


def test_names_saved_in_english_by_an_older_game_show_in_swedish(screen):
    english = (SeatSetting("You", "human"), SeatSetting("Computer 1", "easy"))
    build_services().storage.save_settings(Settings(last_seats=english))
    scene = NewGameScene(services_in("sv"))
    show(scene)
    assert shown_names(scene) == ["Du", "Dator 1"]


def test_a_match_started_in_english_leaves_no_english_name_for_swedish(screen):
    services = services_in("en")
    english = NewGameScene(services)
    stack = show(english)
    english.start()
    stack.apply_pending()
    names = [s.name for s in services.match.seats]
    assert names == ["You", "Computer 1", "Computer 2", "Computer 3"]
    remembered = build_services().storage.load_settings().last_seats
    assert [s.name for s in remembered] == ["", "", "", ""]
    swedish = NewGameScene(services_in("sv"))
    show(swedish)
    assert shown_names(swedish) == ["Du", "Dator 1", "Dator 2", "Dator 3"]


def test_a_typed_name_is_kept_as_typed_in_every_language(screen):
    services = services_in("en")
    scene = NewGameScene(services)
    stack = show(scene)
    scene.name_inputs[1].value = "Mormor"
    scene._set_name(1, "Mormor")
    scene.start()
    stack.apply_pending()
    swedish = NewGameScene(services_in("sv"))
    show(swedish)
    assert shown_names(swedish)[:2] == ["Du", "Mormor"]


def test_a_computer_seat_turned_human_in_swedish_is_called_spelare(screen):
    scene = NewGameScene(services_in("sv"))
    show(scene)
    scene._set_kind(2, "human")
    assert scene.name_inputs[2].value == "Spelare 3"
    scene._set_kind(2, "hard")
    assert scene.name_inputs[2].value == "Dator 2"
