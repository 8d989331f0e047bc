"""The decision overlays: every choice works by mouse and by keyboard and reports back once."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import Card, Challenge, Color, Draw, Play, RuleSet, Stacking
from uno_desktop.play.match import ManualClock
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.table.dialogs import PenaltyOverlay, PlayOrKeepOverlay
from uno_desktop.ui.table.notices import ChallengeResultOverlay
from uno_desktop.ui.table.pickers import ChoosePlayerOverlay, ColorPickerOverlay, SeatChoice

from .test_table import TableHarness, make_match, make_services, one_human

SIZE = (1280, 720)


@pytest.fixture
def stack():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    return SceneStack()


def push(stack: SceneStack, scene) -> None:
    stack.push(scene)
    stack.apply_pending()


def click(stack: SceneStack, pos) -> None:
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))
    stack.apply_pending()


def key(stack: SceneStack, k: int) -> None:
    stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    stack.apply_pending()


def test_colour_picker_number_keys_choose_a_colour(stack):
    chosen = []
    push(stack, ColorPickerOverlay(make_services(), chosen.append))
    key(stack, pygame.K_4)
    assert chosen == [Color.BLUE]
    assert stack.top is None


def test_colour_picker_arrows_and_enter_choose_a_colour(stack):
    chosen = []
    push(stack, ColorPickerOverlay(make_services(), chosen.append))
    key(stack, pygame.K_RIGHT)
    key(stack, pygame.K_RETURN)
    assert chosen == [Color.YELLOW]


def test_colour_picker_click_on_a_swatch_chooses_it(stack):
    chosen = []
    picker = ColorPickerOverlay(make_services(), chosen.append)
    push(stack, picker)
    click(stack, picker.buttons[2].rect.center)
    assert chosen == [Color.GREEN]


def test_colour_picker_escape_puts_the_card_back(stack):
    chosen, cancelled = [], []
    push(stack, ColorPickerOverlay(make_services(), chosen.append, lambda: cancelled.append(1)))
    key(stack, pygame.K_ESCAPE)
    assert chosen == [] and cancelled == [1]


def test_choose_player_lists_the_other_seats_and_returns_the_seat(stack):
    chosen = []
    overlay = ChoosePlayerOverlay(
        make_services(),
        "Swap with whom?",
        [SeatChoice(1, "Bo", 4), SeatChoice(3, "Di", 9)],
        chosen.append,
    )
    push(stack, overlay)
    key(stack, pygame.K_2)
    assert chosen == [3]


def test_play_or_keep_keep_button(stack):
    done = []
    overlay = PlayOrKeepOverlay(
        make_services(), Card.parse("R9"), lambda: done.append("play"), lambda: done.append("keep")
    )
    push(stack, overlay)
    click(stack, overlay.buttons[1].rect.center)
    assert done == ["keep"]


def test_penalty_banner_offers_challenge_only_when_allowed(stack):
    services = make_services()
    with_challenge = PenaltyOverlay(services, 4, "Bo", True, False, lambda: None, lambda: None)
    without = PenaltyOverlay(services, 2, "Bo", False, True, lambda: None, None)
    push(stack, with_challenge)
    with_challenge.draw(pygame.display.get_surface())
    without.relayout(SIZE)
    assert [b.key for b in with_challenge.buttons] == ["challenge", "take"]
    assert [b.key for b in without.buttons] == ["take"]


def test_penalty_banner_lets_clicks_elsewhere_reach_the_hand(stack):
    overlay = PenaltyOverlay(make_services(), 2, "Bo", False, True, lambda: None, None)
    push(stack, overlay)
    event = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5))
    assert stack.handle_event(event) is False


def test_challenge_result_shows_the_hand_only_when_given(stack):
    services = make_services()
    overlay = ChallengeResultOverlay(services, "Not a bluff: you draw 6.", False, (), "Bo")
    push(stack, overlay)
    surface = pygame.Surface(SIZE)
    services.painter.faces.clear()
    stack.draw(surface)
    assert services.painter.faces == []


# --------------------------------------------------------------------------- on the table


def test_a_draw_four_on_a_person_offers_challenge_and_the_result_is_shown(tmp_path):
    # Bo holds a red card when playing the Wild Draw Four: a bluff.
    clock = ManualClock()
    match = make_match(
        ["normal", "human"],
        [["W4", "R7", "G5"], ["B1", "B2", "Y6"]],
        start="R3",
        clock=clock,
        names=["Bo", "Ann"],
    )
    h = TableHarness(match)
    h.settle()
    banner = h.stack.top
    assert isinstance(banner, PenaltyOverlay) and banner.can_challenge
    h.save("challenge_offer", tmp_path)
    h.click(banner.buttons[0].rect.center)
    assert Challenge(1) in h.actions()
    h.settle()
    result = h.stack.top
    assert isinstance(result, ChallengeResultOverlay)
    assert result.text == "Bo was bluffing! Bo draws 4."
    assert set(result.hand) == {Card.parse("R7"), Card.parse("G5")}
    h.save("challenge_result", tmp_path)


def test_stacking_highlights_the_stackable_card_and_take_draws(tmp_path):
    clock = ManualClock()
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    match = make_match(
        ["normal", "human"],
        [["RD2", "R7", "G5"], ["BD2", "B2", "Y6"]],
        start="R3",
        clock=clock,
        names=["Bo", "Ann"],
        rules=rules,
    )
    h = TableHarness(match)
    h.settle()
    banner = h.stack.top
    assert isinstance(banner, PenaltyOverlay) and not banner.can_challenge
    assert h.table.frames.playable() == {Card.parse("BD2")}
    h.click(h.card_pos("BD2"))
    assert h.actions()[-1] == Play(1, Card.parse("BD2"))
    h.run(2.0)
    assert not any(isinstance(sc, PenaltyOverlay) and not sc.closed for sc in h.stack.scenes)


def test_take_n_cards_takes_the_penalty():
    clock = ManualClock()
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    match = make_match(
        ["normal", "human"],
        [["RD2", "R7", "G5"], ["BD2", "B2", "Y6"]],
        start="R3",
        clock=clock,
        names=["Bo", "Ann"],
        rules=rules,
    )
    h = TableHarness(match)
    h.settle()
    h.key(pygame.K_t)
    assert h.actions()[-1] == Draw(1)


def test_screenshot_colour_picker_open(tmp_path):
    h = one_human([["W", "B7", "G2", "R1", "Y5"], ["Y1", "Y2", "Y3", "B4", "B5"]], bots=3)
    h.settle()
    h.click(h.card_pos("W"))
    assert isinstance(h.stack.top, ColorPickerOverlay)
    h.save("color_picker", tmp_path)


def test_screenshot_round_end(tmp_path):
    h = one_human(
        [["R5"], ["Y1"], ["B7"], ["W4"]], bots=3, rules=RuleSet(hand_size=1, target_score=500)
    )
    # give the others fuller hands so the count has something to do
    game = h.match.game
    game._hands[1].extend(Card.parse(c) for c in ("RD2", "G9", "B4"))
    game._hands[2].extend(Card.parse(c) for c in ("WS", "Y7"))
    h.table._synced = False
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    end = h.stack.top
    assert isinstance(end, RoundEndScene)
    h.run(0.4)
    h.save("round_end_counting", tmp_path)
    h.run(5.0)
    assert not end.counting
    h.save("round_end", tmp_path)
