"""The menu scenes with real services (storage in the test's temporary folders)."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace

import pygame
import pytest

from uno_desktop.lang.i18n import language, set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.session.match_session import round_winners
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene, sections_for
from uno_desktop.ui.scenes.match_end import MatchEndScene
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.pause import PauseScene
from uno_desktop.ui.scenes.settings import SettingsScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


def show(scene, stack: SceneStack | None = None) -> SceneStack:
    stack = stack or SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(SIZE)
    return stack


def click(scene, widget) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=widget.rect.center, button=1))


def key(scene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def computer_match(services, players: int = 2) -> Match:
    seats = [SeatSpec(f"Bot {i}", "easy") for i in range(players)]
    match = Match(load_preset("official"), seats, seed=5, preset="official", clock=services.clock)
    match.start_round()
    return match


def test_title_hides_continue_without_a_saved_match(services):
    title = TitleScene(services)
    show(title)
    assert not title.continue_button.visible


def test_title_shows_continue_with_a_saved_match(services):
    services.storage.save_match(computer_match(services).to_dict())
    title = TitleScene(services)
    show(title)
    assert title.continue_button.visible


def test_with_a_saved_match_continue_is_the_default(services):
    services.storage.save_match(computer_match(services).to_dict())
    title = TitleScene(services)
    show(title)
    assert title.group.focused is title.continue_button
    assert title.continue_button.style == "primary" and title.new_button.style == "normal"


def test_continue_resumes_the_saved_match_at_the_table(services):
    match = computer_match(services)
    services.storage.save_match(match.to_dict())
    title = TitleScene(services)
    stack = show(title)
    click(title, title.continue_button)
    stack.apply_pending()
    assert services.match is not None and services.match.seed == match.seed
    assert type(stack.top).__name__ == "TableScene"


def test_a_corrupt_saved_match_on_continue_shows_a_message_and_clears_it(services):
    services.storage.save_match({"preset": "official", "seed": "not a number", "rounds": 7})
    title = TitleScene(services)
    stack = show(title)
    click(title, title.continue_button)
    stack.apply_pending()
    assert isinstance(stack.top, MessageScene)
    assert services.storage.load_match() is None


def test_the_message_after_a_corrupt_save_returns_to_a_title_without_continue(services):
    services.storage.save_match({"preset": "official", "seats": []})
    title = TitleScene(services)
    stack = show(title)
    click(title, title.continue_button)
    stack.apply_pending()
    key(stack.top, pygame.K_RETURN)
    stack.apply_pending()
    assert stack.top is title and not title.continue_button.visible


def test_switching_the_language_changes_the_rendered_texts_at_once(services):
    services.update_settings(language="en")
    title = TitleScene(services)
    stack = show(title)
    surface = pygame.Surface(SIZE)
    stack.draw(surface)
    english = pygame.image.tobytes(surface, "RGB")
    settings = SettingsScene(services)
    show(settings, stack)
    settings.group.focus(settings.language)
    key(settings, pygame.K_RIGHT)
    assert language() == "sv"
    stack.pop()
    stack.apply_pending()
    stack.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") != english


def test_settings_changes_are_saved_at_once(services):
    settings = SettingsScene(services)
    show(settings)
    click(settings, settings.colorblind)
    assert services.storage.load_settings().colorblind is True


def test_volume_slider_sets_the_sound_volume_at_once(services):
    settings = SettingsScene(services)
    show(settings)
    settings.group.focus(settings.volume)
    before = services.sounds.volume
    key(settings, pygame.K_LEFT)
    assert services.sounds.volume == pytest.approx(before - 0.1)


def test_colour_blind_mode_reaches_the_card_painter(services):
    settings = SettingsScene(services)
    show(settings)
    click(settings, settings.colorblind)
    assert services.painter.colorblind is True


def test_escape_leaves_the_settings(services):
    title = TitleScene(services)
    stack = show(title)
    show(SettingsScene(services), stack)
    key(stack.top, pygame.K_ESCAPE)
    stack.apply_pending()
    assert stack.top is title


def test_new_game_start_opens_the_table_and_saves_the_match(services):
    new_game = NewGameScene(services)
    stack = show(new_game)
    click(new_game, new_game.start_button)
    stack.apply_pending()
    assert services.match is not None
    assert len(services.match.seats) == new_game.n_players
    assert services.storage.has_saved_match()


def test_new_game_remembers_the_last_choices(services):
    new_game = NewGameScene(services)
    show(new_game)
    new_game.group.focus(new_game.players_stepper)
    key(new_game, pygame.K_LEFT)
    click(new_game, new_game.start_button)
    remembered = services.storage.load_settings()
    assert len(remembered.last_seats) == 3


def test_new_game_seat_kind_and_name_go_into_the_match(services):
    new_game = NewGameScene(services)
    stack = show(new_game)
    click(new_game, new_game.kind_choices[0])  # Human -> Computer: easy
    new_game.group.focus(new_game.name_inputs[1])
    for _ in range(20):
        key(new_game, pygame.K_BACKSPACE)
    new_game.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Mormor"))
    click(new_game, new_game.start_button)
    stack.apply_pending()
    seats = services.match.seats
    assert (seats[0].kind, seats[1].name) == ("easy", "Mormor")


def test_a_seat_switched_to_human_loses_its_computer_name(services):
    new_game = NewGameScene(services)
    show(new_game)
    assert new_game.seats[2] == ["Computer 2", "normal"]
    new_game.kind_choices[2].set_value("normal")
    new_game._set_kind(2, "human")
    assert new_game.seats[2][0] == "Player 3" == new_game.name_inputs[2].value
    new_game._set_kind(2, "hard")
    assert new_game.seats[2][0] == "Computer 2"


def test_a_typed_name_stays_when_the_seat_changes_kind(services):
    new_game = NewGameScene(services)
    show(new_game)
    new_game._set_name(2, "Mormor")
    new_game._set_kind(2, "human")
    assert new_game.seats[2][0] == "Mormor"


def test_the_swedish_preset_offers_the_custom_rule_fields(services):
    services.update_settings(last_preset="swedish")
    new_game = NewGameScene(services)
    show(new_game)
    assert new_game.rule_input.visible and new_game.effect_choice.visible


def test_the_official_preset_hides_the_custom_rule_fields(services):
    services.update_settings(last_preset="official")
    new_game = NewGameScene(services)
    show(new_game)
    assert not new_game.rule_input.visible


def test_the_custom_rule_text_goes_into_the_rules(services):
    services.update_settings(last_preset="swedish")
    new_game = NewGameScene(services)
    show(new_game)
    new_game.group.focus(new_game.rule_input)
    for _ in range(80):
        key(new_game, pygame.K_BACKSPACE)
    new_game.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Sing a song"))
    assert new_game.chosen_rules().custom_rule.text == "Sing a song"


def test_pause_save_and_quit_returns_to_a_title_with_continue(services):
    match = computer_match(services)
    services.session_for(match)
    stack = SceneStack()
    pause = PauseScene(services, match)
    show(pause, stack)
    click(pause, pause.quit_button)
    stack.apply_pending()
    assert isinstance(stack.top, TitleScene) and stack.top.continue_button.visible


def test_pause_escape_resumes(services):
    match = computer_match(services)
    title = TitleScene(services)
    stack = show(title)
    show(PauseScene(services, match), stack)
    key(stack.top, pygame.K_ESCAPE)
    stack.apply_pending()
    assert stack.top is title


def finished_match(services) -> Match:
    match = computer_match(services)
    match.rules = match.rules.replace(target_score=1)
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    match.finish_round()
    return match


def test_match_end_records_the_match_and_clears_the_save(services):
    match = finished_match(services)
    services.storage.save_match(match.to_dict())
    show(MatchEndScene(services, match))
    stats = services.storage.load_stats()
    assert len(stats.history) == 1 and not services.storage.has_saved_match()


def test_match_end_back_goes_to_the_title(services):
    match = finished_match(services)
    end = MatchEndScene(services, match)
    stack = show(end)
    while end.animating:  # the celebration first (a click during it only ends it)
        stack.update(1 / 30)
    click(end, end.done)
    stack.apply_pending()
    assert isinstance(stack.top, TitleScene)


def test_round_winner_is_the_seat_that_scored():
    match = SimpleNamespace(rules=load_preset("official"), round_history=[(0, 31), (12, 0), (0, 0)])
    assert round_winners(match) == [1, 0, None]


def test_statistics_draw_a_recorded_match(services):
    match = finished_match(services)
    show(MatchEndScene(services, match))
    stats = StatisticsScene(services)
    surface = pygame.Surface(SIZE)
    show(stats).draw(surface)
    assert stats.stats is not None and "Bot 0" in stats.stats.players


def test_statistics_name_the_preset_by_its_title_and_count_one_round_as_one(services):
    match = finished_match(services)  # a match to 1 point: over after its first round
    show(MatchEndScene(services, match))
    stats = StatisticsScene(services)
    show(stats).draw(pygame.Surface(SIZE))
    [line] = stats.recent_lines(stats.stats.history)
    assert "Official rules" in line and line.endswith("(1 round)")


def test_how_to_play_scrolls_with_the_arrow_keys(services):
    page = HowToPlayScene(services)
    show(page).draw(pygame.Surface(SIZE))
    key(page, pygame.K_DOWN)
    assert page.offset > 0


def test_how_to_play_shows_the_generated_rules_text():
    from uno_desktop.rules.rules_text import how_to_play

    rules = load_preset("official").replace(stacking="same")
    assert [h for h, _lines in sections_for(rules)] == [h for h, _b in how_to_play(rules)]


def test_how_to_play_ends_with_the_keys():
    heading, lines = sections_for(load_preset("official"))[-1]
    assert heading == "Keys" and any(line.startswith("Esc") for line in lines)


def test_how_to_play_follows_the_language(services):
    services.update_settings(language="sv")
    headings = [h for h, _lines in sections_for(load_preset("swedish"))]
    assert headings[-1] == "Tangenter"


def test_ui_size_setting_makes_buttons_bigger(services):
    title = TitleScene(services)
    show(title)
    small = title.new_button.rect.height
    services.apply_settings(dataclasses.replace(services.settings, ui_scale=1.3))
    title.relayout(SIZE)
    assert title.new_button.rect.height > small


def type_text(scene, text: str) -> None:
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text=text))


def test_clicking_a_name_field_selects_its_name_so_typing_replaces_it(services):
    new_game = NewGameScene(services)
    stack = show(new_game)
    click(new_game, new_game.name_inputs[1])
    assert new_game.name_inputs[1].selected
    type_text(new_game, "Farmor")
    assert new_game.name_inputs[1].value == "Farmor"
    type_text(new_game, "!")  # the rest of the typing goes on after it
    new_game.start()
    stack.apply_pending()
    assert services.match.seats[1].name == "Farmor!"


def test_tabbing_into_a_name_field_selects_its_name_and_backspace_clears_it(services):
    new_game = NewGameScene(services)
    show(new_game)
    new_game.group.focus(new_game.players_stepper)
    scene_key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="")
    new_game.handle_event(scene_key)
    field = new_game.name_inputs[0]
    assert new_game.group.focused is field and field.selected
    key(new_game, pygame.K_BACKSPACE)
    assert field.value == ""
    type_text(new_game, "Ann")
    assert field.value == "Ann" and not field.selected


def test_a_second_click_in_a_name_field_keeps_what_was_typed(services):
    new_game = NewGameScene(services)
    show(new_game)
    click(new_game, new_game.name_inputs[2])
    type_text(new_game, "Bo")
    click(new_game, new_game.name_inputs[2])
    type_text(new_game, "y")
    assert new_game.name_inputs[2].value == "Boy"


def test_new_game_controls_read_the_option_declarations(services):
    from uno_desktop.engine.rules import CustomEffect
    from uno_desktop.rules.options import (
        CUSTOM_AMOUNT_RANGE,
        MAX_CUSTOM_TEXT_CHARS,
        MAX_PLAYERS,
        MIN_PLAYERS,
        option,
    )

    services.update_settings(last_preset="swedish")
    new_game = NewGameScene(services)
    show(new_game)

    def ends(stepper):
        return stepper.options[0][0], stepper.options[-1][0]

    target = option("target_score")
    assert ends(new_game.target_stepper) == (target.steps().start, target.steps()[-1])
    assert ends(new_game.amount_stepper) == CUSTOM_AMOUNT_RANGE
    assert ends(new_game.players_stepper) == (MIN_PLAYERS, MAX_PLAYERS)
    assert [value for value, _label in new_game.effect_choice.options] == list(CustomEffect)
    assert new_game.rule_input.max_len == MAX_CUSTOM_TEXT_CHARS
    assert new_game.labels["target"].text == target.label


def test_a_remembered_target_between_steps_shows_as_the_nearest_step(services):
    services.update_settings(last_target_score=80)
    new_game = NewGameScene(services)
    show(new_game)
    assert new_game.target_stepper.value == 100


def test_a_second_person_at_the_table_turns_you_into_player_1(services):
    new_game = NewGameScene(services)
    show(new_game)
    assert new_game.name_inputs[0].value == "You"
    new_game.kind_choices[1].set_value("human")
    new_game._set_kind(1, "human")
    names = [new_game.name_inputs[i].value for i in range(3)]
    assert names == ["Player 1", "Player 2", "Computer 1"]  # computers counted in order
    new_game._set_kind(1, "easy")
    assert new_game.name_inputs[0].value == "You"


def test_the_one_person_among_computers_is_you_in_any_seat_and_computers_differ(services):
    new_game = NewGameScene(services)
    show(new_game)
    new_game._set_kind(0, "hard")
    new_game._set_kind(2, "human")
    assert [name for name, _kind in new_game.chosen_seats()][:3] == [
        "Computer 1",
        "Computer 2",
        "You",
    ]
