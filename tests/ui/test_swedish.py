"""Swedish everywhere: what a family sees after switching the game to Swedish."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.store.storage import SeatSetting, Settings
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


# --- the log ---------------------------------------------------------------------------

#: English words that are no Swedish words: none may be left in a Swedish line
ENGLISH_WORDS = frozenset(
    [
        "the",
        "and",
        "is",
        "you",
        "You",
        "plays",
        "draws",
        "chooses",
        "card",
        "cards",
        "Red",
        "Yellow",
        "Green",
        "Blue",
        "red",
        "yellow",
        "green",
        "blue",
        "Wild",
        "Draw",
        "Two",
        "Four",
        "Skip",
        "Reverse",
        "Swap",
        "Hands",
        "Customizable",
        "Everyone",
        "else",
        "House",
        "rule",
        "wins",
        "round",
    ]
)


def _every_card_played() -> list:
    from uno_desktop.engine import Card
    from uno_desktop.engine import events as ev
    from uno_desktop.rules.options import DECK_RANKS

    codes = [r for r in DECK_RANKS if r.startswith("W")]
    codes += [c + r for c in "RYGB" for r in DECK_RANKS if not r.startswith("W")]
    return [ev.CardPlayed(1, Card.parse(code)) for code in codes]


def test_no_swedish_log_line_keeps_an_english_word():
    from tests.view.test_narration import ALL_EVENTS, NAMES
    from uno_desktop.view.narration import event_line

    set_language("sv")
    try:
        lines = [
            event_line(event, NAMES, you)
            for event in [*ALL_EVENTS, *_every_card_played()]
            for you in (None, 0, 1, 2)
        ]
    finally:
        set_language("en")
    mixed = [line for line in lines if line and ENGLISH_WORDS & set(line.strip(".!").split())]
    assert lines and not mixed, mixed


def test_the_swedish_presets_house_rule_reads_in_swedish_and_a_familys_own_as_written():
    from uno_desktop.engine import events as ev
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.view.narration import event_line

    builtin = load_preset("swedish").custom_rule.text
    set_language("sv")
    try:
        ours = event_line(ev.CustomRuleApplied(1, builtin, "others_draw"), ["A", "B"])
        theirs = event_line(ev.CustomRuleApplied(1, "Sing a song!", "text"), ["A", "B"])
    finally:
        set_language("en")
    assert ours == "Egen regel: Alla andra drar ett kort."
    assert theirs == "Egen regel: Sing a song!"
    english = event_line(ev.CustomRuleApplied(1, builtin, "others_draw"), ["A", "B"])
    assert english == "House rule: Everyone else draws one card."


# --- the Swedish preset ------------------------------------------------------------------


def test_the_swedish_preset_is_named_in_the_language_of_the_moment(screen):
    services = services_in("sv")
    services.update_settings(last_preset="swedish")
    scene = NewGameScene(services)
    show(scene)
    assert scene.preset_choice.options[scene.preset_choice.index][1]() == "Svenska utgåvan"
    assert scene.rule_input.value == "Alla andra drar ett kort."
    set_language("en")
    assert scene.preset_choice.options[scene.preset_choice.index][1]() == "Swedish edition"


def test_an_unchanged_built_in_rule_text_is_remembered_in_no_language(screen):
    services = services_in("sv")
    services.update_settings(last_preset="swedish")
    scene = NewGameScene(services)
    stack = show(scene)
    scene.start()
    stack.apply_pending()
    assert services.match.rules.custom_rule.text == "Everyone else draws one card."
    remembered = build_services().storage.load_settings().custom_rule
    assert remembered is not None and remembered.text == "Everyone else draws one card."


def test_a_rule_text_the_family_typed_is_kept_as_typed(screen):
    services = services_in("sv")
    services.update_settings(last_preset="swedish")
    scene = NewGameScene(services)
    stack = show(scene)
    scene.group.focus(scene.rule_input)
    scene.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Alla sjunger!"))
    scene.start()
    stack.apply_pending()
    assert services.match.rules.custom_rule.text == "Alla sjunger!"


# --- a match in progress ---------------------------------------------------------------


def test_a_match_keeps_its_names_and_shows_the_games_own_in_the_language_of_the_moment():
    from uno_desktop.play.match import Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    seats = [SeatSpec("You", "human"), SeatSpec("Computer 1", "easy"), SeatSpec("Mormor", "hard")]
    match = Match(load_preset("official"), seats, seed=3, clock=ManualClock())
    set_language("sv")
    try:
        assert [match.seat_name(i) for i in range(3)] == ["Du", "Dator 1", "Mormor"]
        assert [s.name for s in match.seats] == ["You", "Computer 1", "Mormor"]  # the record
    finally:
        set_language("en")
    assert match.seat_name(1) == "Computer 1"


def test_the_table_log_names_computer_seats_in_the_language_chosen_mid_round():
    from uno_desktop.engine import Card
    from uno_desktop.engine import events as ev
    from uno_desktop.play.seats import SeatNames
    from uno_desktop.ui.table.shown import ShownTable

    view = ShownTable(SeatNames(["Ann", "Computer 1"]), 108)
    view.add_log(ev.CardPlayed(1, Card.parse("R5")))
    assert view.log_lines() == ["Computer 1 plays Red 5."]
    set_language("sv")
    try:
        [line] = view.log_lines()
    finally:
        set_language("en")
    assert line.startswith("Dator 1 ") and "Röd 5" in line


def test_big_scores_on_the_match_end_follow_the_language():
    from tests.ui.test_table import make_services
    from uno_desktop.lang.i18n import set_language as use
    from uno_desktop.play.match import Match, SeatSpec
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.kit import record_texts
    from uno_desktop.ui.scenes.match_end import MatchEndScene

    services = make_services()
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bo", "human")]
    match = Match(load_preset("official"), seats, 3, preset="official", clock=services.clock)
    match.round_history = [(12500, 0)]
    match.round_no = 1
    match.totals = [12500, 0]
    texts = {}
    try:
        for lang in ("en", "sv"):
            use(lang)
            scene = MatchEndScene(services, match)
            scene.relayout((1280, 720))
            surface = pygame.Surface((1280, 720))
            with record_texts() as drawn:
                scene.draw(surface)
            texts[lang] = " ".join(t.text for t in drawn)
    finally:
        use("en")
    assert "12,500" in texts["en"]
    assert "12\u00a0500" in texts["sv"] or "12 500" in texts["sv"]
