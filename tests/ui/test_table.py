"""The table scene, driven like a person would: clicks and keys, time stepped by hand.

`TableHarness` is the app loop in miniature (events -> update -> apply_pending -> draw)
on a headless display; other table tests import it from here.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from uno_desktop.engine import (
    CallUno,
    Card,
    CatchUno,
    Color,
    Draw,
    Game,
    Pass,
    Play,
    RuleSet,
)
from uno_desktop.engine import events as ev
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.render.cards import CardPainter
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.services import Services
from uno_desktop.ui.table.dialogs import PlayOrKeepOverlay
from uno_desktop.ui.table.notices import HandoffOverlay
from uno_desktop.ui.table.pickers import ColorPickerOverlay
from uno_desktop.ui.table.scene import TableScene

from .monkey import post_random_input, started_app

SIZE = (1280, 720)
FILLER = ["G1", "G2", "B3", "Y4", "G6", "B8", "Y9", "G3", "B1", "Y2"] * 6


# ----------------------------------------------------------------------------- stand-ins


class SilentSounds:
    """Remembers what would have been played."""

    def __init__(self) -> None:
        self.played: list[str] = []
        self.volume = 0.0

    def play(self, name: str) -> None:
        self.played.append(name)


class SpyPainter(CardPainter):
    """A real painter that remembers every face it was asked for."""

    def __init__(self) -> None:
        super().__init__()
        self.faces: list[Card] = []

    def face(self, card: Card, width: int) -> pygame.Surface:
        self.faces.append(card)
        return super().face(card, width)


def default_settings() -> Any:
    from uno_desktop.store.storage import Settings

    return Settings()


def make_services(clock: ManualClock | None = None) -> Services:
    return Services(
        storage=None,
        settings=default_settings(),
        sounds=SilentSounds(),
        painter=SpyPainter(),
        clock=clock or ManualClock(),
    )


class NeverUnoBot:
    """Plays the first legal play (else draws/keeps) and never says UNO."""

    def choose(self, obs: Any, legal: list[Any], rng: random.Random) -> Any:
        if obs.current != obs.seat:
            return None
        plays = [a for a in legal if type(a) is Play and not a.uno]
        if plays:
            return plays[0]
        for kind in (Pass, Draw):
            for a in legal:
                if type(a) is kind:
                    return a
        return legal[0]


def deck_for(hands: list[list[str]], start: str, rest: list[str], dealer: int) -> list[str]:
    """A deck (top first) that deals `hands` (by seat), then turns `start`, then `rest`."""
    n = len(hands)
    size = len(hands[0])
    order: list[str] = []
    for r in range(size):
        for i in range(1, n + 1):
            order.append(hands[(dealer + i) % n][r])
    return [*order, start, *rest]


def make_match(
    kinds: list[str],
    hands: list[list[str]] | None = None,
    start: str = "R3",
    rest: list[str] | None = None,
    *,
    clock: ManualClock,
    rules: RuleSet | None = None,
    names: list[str] | None = None,
    bot_factory: Any = None,
    seed: int = 7,
) -> Match:
    """A match whose first round is dealt from a known deck; seat 0 plays first."""
    n = len(kinds)
    names = names or ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo"][:n]
    hand_size = len(hands[0]) if hands else 7
    rules = rules or RuleSet(hand_size=hand_size)
    match = Match(
        rules,
        [SeatSpec(nm, k) for nm, k in zip(names, kinds)],
        seed,
        clock=clock,
        bot_factory=bot_factory or (lambda kind: NeverUnoBot()),
    )
    match.start_round()
    if hands is not None:
        dealer = n - 1
        deck = deck_for(hands, start, rest if rest is not None else FILLER, dealer)
        match.game = Game.new(rules, n, dealer=dealer, deck=deck, scores=tuple(match.totals))
        match.dealer = dealer
    return match


class TableHarness:
    """The app loop around one table scene."""

    def __init__(
        self, match: Match, services: Services | None = None, size: tuple[int, int] = SIZE
    ) -> None:
        pygame.display.init()
        pygame.font.init()
        self.screen = pygame.display.set_mode(size)
        self.clock: ManualClock = match.clock  # type: ignore[assignment]
        self.services = services or make_services(self.clock)
        self.match = match
        self.stack = SceneStack()
        self.table = TableScene(self.services, match)
        self.stack.push(self.table)
        self.stack.apply_pending()
        self.surface = pygame.Surface(size)
        self.draw()

    # -- time
    def frame(self, dt_s: float = 1 / 30) -> None:
        self.clock.advance(dt_s)
        self.stack.update(dt_s)
        self.stack.apply_pending()

    def run(self, seconds: float, dt_s: float = 1 / 30, draw: bool = False) -> None:
        for _ in range(round(seconds / dt_s)):
            self.frame(dt_s)
            if draw:
                self.draw()

    def settle(self, max_s: float = 60.0, dt_s: float = 1 / 30) -> None:
        """Run until a human must decide (or the round ends and its screen is up)."""
        t = 0.0
        while t < max_s:
            self.frame(dt_s)
            t += dt_s
            top = self.stack.top
            if top is not self.table and top is not None:
                self.frame(dt_s)
                return
            if (
                self.table.input_ok
                and self.match.human_to_act() is not None
                and (self.table.shown == self.match.human_to_act())
            ):
                self.frame(dt_s)
                return
        raise AssertionError("the table never settled")

    # -- input
    def send(self, event: pygame.event.Event) -> bool:
        consumed = self.stack.handle_event(event)
        self.stack.apply_pending()
        return consumed

    def click(self, pos: tuple[int, int]) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))

    def key(self, key: int) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    # -- looking
    def draw(self) -> pygame.Surface:
        self.stack.draw(self.surface)
        return self.surface

    def card_pos(self, code: str) -> tuple[int, int]:
        """The centre of a card of the shown hand, as drawn now."""
        table = self.table
        table.ensure_layout(self.surface.get_size())
        cards = table.frames.hand_cards()
        rects = table.frames.hand_rects(cards, table.frames.playable())
        i = cards.index(Card.parse(code))
        r = rects[i]
        # the part of the card not covered by the next one
        return (r.x + min(r.w // 2, 8), r.y + r.h // 3)

    def button_pos(self, key: str) -> tuple[int, int]:
        self.table.ensure_layout(self.surface.get_size())
        return self.table.layout.buttons[key].center  # type: ignore[union-attr]

    def pile_pos(self) -> tuple[int, int]:
        self.table.ensure_layout(self.surface.get_size())
        return self.table.layout.draw_pile.center  # type: ignore[union-attr]

    def actions(self) -> list[Any]:
        return list(self.match.game.actions)  # type: ignore[union-attr]

    def save(self, name: str, tmp_path: Path | None = None) -> None:
        self.draw()
        if tmp_path is not None:
            pygame.image.save(self.surface, str(tmp_path / f"{name}.png"))
        pygame.image.save(self.surface, f"/tmp/table_{name}.png")


def one_human(
    hands: list[list[str]],
    start: str = "R3",
    rest: list[str] | None = None,
    bots: int = 1,
    **kw: Any,
) -> TableHarness:
    clock = ManualClock()
    match = make_match(["human"] + ["normal"] * bots, hands, start, rest, clock=clock, **kw)
    return TableHarness(match)


# ----------------------------------------------------------------------------- tests


def test_clicking_a_playable_card_plays_it():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.click(h.card_pos("R5"))
    assert h.actions()[0] == Play(0, Card.parse("R5"))


def test_an_unplayable_card_is_not_clickable():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.click(h.card_pos("B7"))
    assert h.actions() == []


def test_enter_plays_the_card_under_the_keyboard_focus():
    h = one_human([["B7", "R5", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.key(pygame.K_RIGHT)  # sorted hand: R5, G2, B7; the focus starts on R5, moves to G2
    h.key(pygame.K_LEFT)  # and back to R5
    h.key(pygame.K_RETURN)
    assert h.actions()[0] == Play(0, Card.parse("R5"))


def test_a_wild_opens_the_colour_picker_and_the_chosen_colour_lands_in_the_play():
    h = one_human([["W", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.click(h.card_pos("W"))
    assert isinstance(h.stack.top, ColorPickerOverlay)
    assert h.actions() == []
    h.key(pygame.K_3)
    assert h.actions()[0] == Play(0, Card.parse("W"), Color.GREEN)
    assert h.stack.top is h.table


def test_clicking_the_draw_pile_draws():
    h = one_human([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]], rest=["B1", *FILLER])
    h.settle()
    h.click(h.pile_pos())
    assert h.actions() == [Draw(0)]


def test_a_playable_drawn_card_offers_play_or_keep():
    h = one_human([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]], rest=["R9", *FILLER])
    h.settle()
    h.key(pygame.K_d)
    h.settle()
    assert isinstance(h.stack.top, PlayOrKeepOverlay)
    assert h.stack.top.card == Card.parse("R9")


def test_keep_it_passes_the_turn():
    h = one_human([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]], rest=["R9", *FILLER])
    h.settle()
    h.key(pygame.K_d)
    h.settle()
    h.key(pygame.K_k)
    assert h.actions() == [Draw(0), Pass(0)]


def test_input_is_ignored_while_the_animator_is_busy():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.run(0.3)  # the deal is still flying
    assert not h.table.animator.idle
    h.click(h.pile_pos())
    h.key(pygame.K_d)
    h.settle()
    assert h.actions() == []


def test_the_uno_button_makes_the_play_carry_uno():
    h = one_human([["R5", "B7"], ["Y1", "Y2"]])
    h.settle()
    h.click(h.button_pos("uno"))
    h.click(h.card_pos("R5"))
    assert h.actions()[0] == Play(0, Card.parse("R5"), uno=True)


def test_without_the_uno_button_the_play_does_not_declare():
    h = one_human([["R5", "B7"], ["Y1", "Y2"]])
    h.settle()
    h.click(h.card_pos("R5"))
    assert h.actions()[0] == Play(0, Card.parse("R5"), uno=False)


def test_uno_pressed_right_after_the_play_calls_uno():
    h = one_human([["R5", "B7"], ["Y1", "Y2"]])
    h.settle()
    h.click(h.card_pos("R5"))
    h.key(pygame.K_u)
    assert h.actions()[-1] == CallUno(0)


def test_the_catch_button_catches_a_computer_that_forgot_uno():
    h = one_human([["R5", "B7", "G1"], ["R6", "R7", "Y3"]], rest=["B1", *FILLER])
    h.settle()
    h.click(h.card_pos("R5"))  # Bo answers with R6 (two cards left)
    h.settle()
    h.click(h.pile_pos())  # Ann draws B1 and cannot play it; Bo plays R7 and forgets UNO
    for _ in range(400):  # until Bo is down to one card without UNO
        h.frame()
        if h.match.game.catchable == 1:
            break
    assert h.match.game.catchable == 1
    h.click(h.button_pos("catch"))
    assert CatchUno(0, 1) in h.actions()


def test_one_human_with_three_computers_never_gets_a_handoff_screen():
    h = one_human(
        [["R5", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G4", "G5", "G6"], ["B1", "B2", "B3"]], bots=3
    )
    for _ in range(6):
        h.settle()
        assert not any(isinstance(s, HandoffOverlay) for s in h.stack.scenes)
        if h.match.round_over:
            break
        h.key(pygame.K_d)
        if isinstance(h.stack.top, PlayOrKeepOverlay):
            h.key(pygame.K_k)
        h.settle()
        if isinstance(h.stack.top, PlayOrKeepOverlay):
            h.key(pygame.K_k)


def test_a_lone_human_always_sees_their_own_hand_face_up():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G4", "G5", "G6"]], bots=2)
    h.settle()
    h.services.painter.faces.clear()
    h.draw()
    assert {Card.parse(c) for c in ("R5", "B7", "G2")} <= set(h.services.painter.faces)


def test_round_end_appears_after_the_last_card_lands():
    h = one_human([["R5"], ["Y1"]])
    h.settle()
    h.click(h.card_pos("R5"))
    assert h.match.round_over
    h.settle()
    assert isinstance(h.stack.top, RoundEndScene)


def test_continue_on_the_round_end_adds_the_points_and_deals_again():
    h = one_human([["R5"], ["Y1"]])
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    end = h.stack.top
    h.key(pygame.K_RETURN)  # the first key finishes the count
    h.key(pygame.K_RETURN)
    assert h.match.totals == [1, 0]
    assert h.match.round_no == 2
    assert h.stack.top is h.table
    assert end not in h.stack.scenes


def test_an_idle_table_waiting_for_a_person_redraws_nothing():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.run(0.5)
    h.draw()
    h.run(0.5)
    assert not h.table.dirty
    assert not h.table.animating


def test_a_resize_lays_the_table_out_again():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.send(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    assert h.table.layout.size == (900, 600)
    assert h.table.dirty


def test_a_computer_draw_never_shows_its_cards():
    h = one_human([["B7", "G2", "Y4"], ["B1", "B2", "B4"]], rest=["R9", "G8", *FILLER])
    h.settle()
    h.key(pygame.K_d)  # Ann draws R9 (playable): keep it
    h.settle()
    h.key(pygame.K_k)
    painter = h.services.painter
    painter.faces.clear()
    for _ in range(120):  # Bo has no red: Bo draws G8 (unplayable), face down
        h.frame()
        h.draw()
    drawn_by_bo = [
        e
        for e in h.match.game.log
        if isinstance(e, ev.CardsDrawn) and e.seat == 1 and e.reason == "draw"
    ]
    assert drawn_by_bo and drawn_by_bo[0].cards == (Card.parse("G8"),)
    assert Card.parse("G8") not in painter.faces


@pytest.mark.parametrize("seats", [2, 4, 10])
def test_screenshot_of_the_table(seats, tmp_path):
    clock = ManualClock()
    match = make_match(["human"] + ["normal"] * (seats - 1), clock=clock, seed=11)
    h = TableHarness(match)
    h.settle()
    h.save(f"{seats}_seats", tmp_path)
    assert (tmp_path / f"{seats}_seats.png").exists()


def test_screenshot_mid_animation(tmp_path):
    clock = ManualClock()
    match = make_match(["human"] + ["normal"] * 9, clock=clock, seed=5)
    h = TableHarness(match)
    h.run(0.8)
    h.save("deal", tmp_path)


def _human_turn(h: TableHarness, rng: random.Random) -> None:
    """Answer whatever the table asks, like a person clicking around."""
    from uno_desktop.ui.table.dialogs import PenaltyOverlay
    from uno_desktop.ui.table.notices import ChallengeResultOverlay, NewsOverlay
    from uno_desktop.ui.table.pickers import ChoosePlayerOverlay

    top = h.stack.top
    if isinstance(top, ColorPickerOverlay | ChoosePlayerOverlay):
        h.key(pygame.K_1)
    elif isinstance(top, PlayOrKeepOverlay):
        h.key(rng.choice([pygame.K_p, pygame.K_k]))
    elif isinstance(top, ChallengeResultOverlay | HandoffOverlay | NewsOverlay):
        h.key(pygame.K_RETURN)
    elif isinstance(top, PenaltyOverlay):
        playable = sorted(h.table.frames.playable(), key=Card.sort_key)
        if playable and rng.random() < 0.5:
            h.click(h.card_pos(playable[0].code))
        elif top.can_challenge and rng.random() < 0.5:
            h.key(pygame.K_h)
        else:
            h.key(pygame.K_t)
    else:
        playable = sorted(h.table.frames.playable(), key=Card.sort_key)
        if playable and rng.random() < 0.8:
            if len(h.table.frames.hand_cards()) == 2 and rng.random() < 0.7:
                h.key(pygame.K_u)
            h.click(h.card_pos(rng.choice(playable).code))
        else:
            h.key(pygame.K_d)


@pytest.mark.parametrize("preset", ["official", "family", "swedish", "party"])
def test_a_whole_round_plays_through_the_table_with_every_preset(preset):
    from uno_desktop.rules.presets import load_preset

    rules = load_preset(preset)
    clock = ManualClock()
    kinds = ["human", "normal", "easy", "hard"]
    match = Match(
        rules,
        [SeatSpec(n, k) for n, k in zip(["Ann", "Bo", "Cy", "Di"], kinds)],
        seed=5,
        clock=clock,
    )
    match.start_round()
    h = TableHarness(match)
    rng = random.Random(1)
    for _ in range(300):
        h.settle(max_s=120)
        if isinstance(h.stack.top, RoundEndScene):
            break
        _human_turn(h, rng)
        h.frame()
    assert match.round_over
    assert isinstance(h.stack.top, RoundEndScene)
    h.draw()


def test_jump_in_plays_an_identical_card_out_of_turn():
    rules = RuleSet(hand_size=3, jump_in=True)
    h = one_human([["R5", "R8", "G2"], ["R8", "Y2", "Y3"], ["B1", "B2", "B4"]], bots=2, rules=rules)
    h.settle()
    h.click(h.card_pos("R5"))  # Bo answers with R8; Cy is next
    for _ in range(200):
        h.frame()
        if h.table.input_ok and h.match.game.top_card == Card.parse("R8"):
            break
    assert h.match.game.current == 2
    assert Card.parse("R8") in h.table.frames.playable()
    h.click(h.card_pos("R8"))
    assert h.actions()[-1] == Play(0, Card.parse("R8"))


def test_wild_swap_hands_asks_for_a_colour_then_a_player():
    from uno_desktop.ui.table.pickers import ChoosePlayerOverlay

    h = one_human([["WS", "B7", "G2"], ["Y1", "Y2", "Y3"], ["B1", "B2", "B4"]], bots=2)
    h.settle()
    h.click(h.card_pos("WS"))
    h.key(pygame.K_2)
    assert isinstance(h.stack.top, ChoosePlayerOverlay)
    assert [c.seat for c in h.stack.top.choices] == [1, 2]
    h.key(pygame.K_2)
    assert h.actions()[-1] == Play(0, Card.parse("WS"), Color.YELLOW, 2)


def test_a_resumed_match_shows_the_table_at_once_without_dealing_again():
    clock = ManualClock()
    match = make_match(["human", "normal"], [["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]], clock=clock)
    match.act(Play(0, Card.parse("R5")))
    h = TableHarness(match)
    assert h.table.view.state.counts() == [2, 3]
    assert not h.table.view.pending
    assert "You play Red 5." in h.table.view.log_lines()  # Ann is the lone human


def test_hovering_a_playable_card_lifts_it_and_marks_the_table_dirty():
    h = one_human([["R5", "R7", "G2"], ["Y1", "Y2", "Y3"]])  # the focus rests on R5
    h.settle()
    h.draw()
    before = h.table.frames.hand_rects(h.table.frames.hand_cards(), h.table.frames.playable())
    i = h.table.frames.hand_cards().index(Card.parse("R7"))
    h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=h.card_pos("R7"), rel=(0, 0), buttons=()))
    after = h.table.frames.hand_rects(h.table.frames.hand_cards(), h.table.frames.playable())
    assert after[i].y < before[i].y
    assert h.table.dirty


def _frames_until_caught_up(h: TableHarness, max_frames: int = 600) -> None:
    """Step until the animator is idle with nothing waiting (what --screenshot waits for)."""
    for _ in range(max_frames):
        h.frame()
        if h.table.animator.idle and not h.table.flights.waiting and h.table.view.state.discard:
            return
    raise AssertionError("the table never caught up")


def test_when_the_animator_first_rests_after_the_deal_the_playable_cards_are_lifted():
    clock = ManualClock()
    match = make_match(["human", "normal"], [["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]], clock=clock)
    h = TableHarness(match)
    _frames_until_caught_up(h)
    h.draw()
    cards = h.table.frames.hand_cards()
    rects = h.table.frames.hand_rects(cards, h.table.frames.playable())
    base = fan_rects_for(h)
    lifted = {c for c, r, b in zip(cards, rects, base) if r.y < b.y}
    assert lifted == {Card.parse("R5")}


def fan_rects_for(h: TableHarness) -> list[Any]:
    from uno_desktop.render.layout import fan_rects

    lay = h.table.layout
    return fan_rects(len(h.table.frames.hand_cards()), lay.hand_rect, lay.card_w)


def test_a_skip_start_card_marks_the_seat_after_the_skipped_one_as_soon_as_the_table_rests():
    clock = ManualClock()
    hands = [["G1", "G2"] for _ in range(10)]
    match = make_match(["human"] + ["normal"] * 9, hands, start="BS", clock=clock)
    h = TableHarness(match)
    game = match.game
    assert game.current == 1  # dealer 9: seat 0 is skipped by the start card
    _frames_until_caught_up(h)
    assert h.table.view.state.current == game.current == 1


def test_the_view_moves_the_turn_past_a_skipped_seat():
    from uno_desktop.ui.table.shown import ShownTable

    view = ShownTable(["A", "B", "C"], 108)
    view.state.current = 0
    view.feed([ev.TurnSkipped(1)])
    step = view.next_step(None)
    assert step is not None and step.on_done is not None
    step.on_done()
    assert view.state.current == 2


def test_clicking_an_unplayable_card_on_your_turn_sounds_wrong():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.services.sounds.played.clear()
    h.click(h.card_pos("B7"))
    assert h.services.sounds.played == ["wrong"]
    assert h.actions() == []


def test_k_keeps_the_drawn_card_at_the_table():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]], rest=["R9", *FILLER])
    h.settle()
    h.key(pygame.K_d)
    h.settle()
    assert isinstance(h.stack.top, PlayOrKeepOverlay)
    h.key(pygame.K_k)
    assert h.actions()[-1] == Pass(0)


def test_the_key_hint_names_every_table_key():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.draw()
    lines = h.table.painter.panel.hint_lines(h.table.layout, h.table.hints.on)
    hint = " ".join(lines).replace("\u00a0", " ")
    for word in ("Enter", "[D] draw", "[K] keep", "[U] UNO", "[C] catch", "[Esc]"):
        assert word in hint


def test_the_key_hint_draws_each_key_as_a_key_cap_in_swedish():
    """The letters come from English words (K keeps): in Swedish each stands alone on a
    drawn key, never as "K behåll", so no word seems to be missing."""
    from uno_desktop.lang.i18n import set_language
    from uno_desktop.ui.kit import record_texts

    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    set_language("sv")
    try:
        h.draw()
        frame = h.table.frame(h.surface.get_size())
        with record_texts() as drawn:
            h.table.painter.panel.draw_keys(h.surface, frame)
    finally:
        set_language("en")
    texts = [d.text.strip() for d in drawn]
    assert {"D", "K", "H", "C", "Esc"} <= set(texts)
    assert not any("[" in t or t.startswith(("K ", "C ", "H ")) for t in texts), texts


# ----------------------------------------------------------------------------- one input only


def _overlay_classes() -> dict[str, type]:
    from uno_desktop.ui.table import dialogs as d
    from uno_desktop.ui.table import notices as n
    from uno_desktop.ui.table import pickers as p

    return {
        "color": p.ColorPickerOverlay,
        "player": p.ChoosePlayerOverlay,
        "keep": d.PlayOrKeepOverlay,
        "result": n.ChallengeResultOverlay | n.NewsOverlay,
        "handoff": n.HandoffOverlay,
        "penalty": d.PenaltyOverlay,
    }


def _keyboard_turn(h: TableHarness, rng: random.Random) -> None:
    """Answer with keys only, choosing among what is legal (the way a keyboard player does)."""
    o = _overlay_classes()
    top = h.stack.top
    table = h.table
    if isinstance(top, o["color"]):
        h.key(rng.choice([pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4]))
        return
    if isinstance(top, o["player"]):
        h.key(pygame.K_1 + rng.randrange(len(top.choices)))
        return
    if isinstance(top, o["keep"]):
        h.key(rng.choice([pygame.K_p, pygame.K_k, pygame.K_RETURN]))
        return
    if isinstance(top, o["result"] | o["handoff"]):
        h.key(pygame.K_RETURN)
        return
    if table.actions.catch_action() is not None and rng.random() < 0.5:
        h.key(pygame.K_c)
        return
    playable = table.frames.playable()
    cards = table.frames.hand_cards()
    if isinstance(top, o["penalty"]):
        if playable and rng.random() < 0.5:
            _focus_and_enter(h, cards.index(rng.choice(sorted(playable, key=Card.sort_key))))
        elif top.can_challenge and rng.random() < 0.5:
            h.key(pygame.K_h)
        else:
            h.key(pygame.K_t)
        return
    if playable and rng.random() < 0.85:
        if len(cards) == 2 and rng.random() < 0.8:
            h.key(pygame.K_u)
        _focus_and_enter(h, cards.index(rng.choice(sorted(playable, key=Card.sort_key))))
    else:
        h.key(pygame.K_d)


def _focus_and_enter(h: TableHarness, index: int) -> None:
    for _ in range(len(h.table.frames.hand_cards()) + 1):
        if h.table.focus.card == index:
            break
        h.key(pygame.K_RIGHT)
    assert h.table.focus.card == index
    h.key(pygame.K_RETURN)


def _mouse_turn(h: TableHarness, rng: random.Random) -> None:
    """Answer with clicks only, at the rectangles drawn on screen."""
    o = _overlay_classes()
    top = h.stack.top
    table = h.table
    h.draw()  # overlays lay themselves out when drawn, like on a real screen

    def press(key: str) -> None:
        buttons = {b.key: b for b in top.buttons}  # type: ignore[union-attr]
        h.click(buttons[key].rect.center)

    if isinstance(top, o["color"] | o["player"]):
        h.click(rng.choice(top.buttons).rect.center)
        return
    if isinstance(top, o["keep"]):
        press(rng.choice(["play", "keep"]))
        return
    if isinstance(top, o["result"]):
        press("ok")
        return
    if isinstance(top, o["handoff"]):
        press("ready")
        return
    if table.actions.catch_action() is not None and rng.random() < 0.5:
        h.click(h.button_pos("catch"))
        return
    playable = sorted(table.frames.playable(), key=Card.sort_key)
    if isinstance(top, o["penalty"]):
        if playable and rng.random() < 0.5:
            h.click(h.card_pos(rng.choice(playable).code))
        elif top.can_challenge and rng.random() < 0.5:
            press("challenge")
        else:
            press("take")
        return
    if playable and rng.random() < 0.85:
        if len(table.frames.hand_cards()) == 2 and rng.random() < 0.8:
            h.click(h.button_pos("uno"))
        h.click(h.card_pos(rng.choice(playable).code))
    elif rng.random() < 0.5:
        h.click(h.pile_pos())
    else:
        h.click(h.button_pos("draw"))


def _play_round_with(turn: Any, preset: str, kinds: list[str], seed: int) -> TableHarness:
    from uno_desktop.rules.presets import load_preset

    rules = load_preset(preset)
    clock = ManualClock()
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][: len(kinds)]
    match = Match(rules, [SeatSpec(n, k) for n, k in zip(names, kinds)], seed=seed, clock=clock)
    match.start_round()
    h = TableHarness(match)
    rng = random.Random(seed)
    for _ in range(400):
        h.settle(max_s=120)
        if isinstance(h.stack.top, RoundEndScene):
            break
        turn(h, rng)
        h.frame()
    assert match.round_over
    assert isinstance(h.stack.top, RoundEndScene)
    return h


PRESETS = ["official", "family", "swedish", "party"]


@pytest.mark.parametrize("preset", PRESETS)
def test_a_keyboard_only_player_finishes_a_round_with_every_preset(preset):
    h = _play_round_with(_keyboard_turn, preset, ["human", "normal", "easy", "hard"], seed=3)
    h.key(pygame.K_RETURN)  # the round end: the first key shows the whole count
    h.key(pygame.K_RETURN)  # Next round
    assert not h.match.round_over or h.match.match_over


@pytest.mark.parametrize("preset", PRESETS)
def test_a_mouse_only_player_finishes_a_round_with_every_preset(preset):
    h = _play_round_with(_mouse_turn, preset, ["human", "easy", "normal"], seed=8)
    top = h.stack.top
    h.draw()
    h.click(top.buttons[0].rect.center)  # finish the count
    h.click(top.buttons[0].rect.center)  # Next round
    assert not h.match.round_over or h.match.match_over


@pytest.mark.parametrize("preset", ["official", "party"])
def test_two_keyboard_players_pass_and_play_a_whole_round(preset):
    _play_round_with(_keyboard_turn, preset, ["human", "easy", "human", "normal"], seed=4)


# ----------------------------------------------------------------------------- monkey


@pytest.mark.parametrize(
    ("preset", "seats", "seed"),
    [
        ("official", [("You", "human"), ("Bo", "easy"), ("Cy", "normal")], 1),
        ("party", [("Ann", "human"), ("Bo", "human"), ("Cy", "easy")], 2),
        ("swedish", [("Ann", "human"), ("Bo", "easy"), ("Cy", "human"), ("Di", "easy")], 3),
    ],
)
def test_random_clicks_and_keys_never_leave_a_black_screen(preset, seats, seed):
    """The monkey: random input through the real app loop; every frame shows something."""
    from uno_desktop.lang.i18n import language, set_language

    before = language()  # the monkey may switch the language in the settings menu
    try:
        _monkey(preset, seats, seed)
    finally:
        set_language(before)


def _monkey(preset: str, seats: list[tuple[str, str]], seed: int) -> None:
    app = started_app(preset, seats, seed, SIZE, think_time_s=0.2, animation_speed=3.0)
    services = app.services
    rng = random.Random(seed)
    for frame in range(1500):
        post_random_input(rng, SIZE, click=0.25, move=0.0, key=0.15, move_before_click=True)
        services.clock.advance(0.05)
        app.step(0.05)
        assert app.stack.scenes, f"frame {frame}: nothing left on the scene stack"
        if frame % 20 == 0:
            for scene in app.stack.scenes:
                scene.dirty = True
            app.draw()
            color = pygame.transform.average_color(pygame.display.get_surface())
            stack = [type(s).__name__ for s in app.stack.scenes]
            assert max(color[:3]) > 8, f"frame {frame}: a black screen under {stack}"


def test_clicks_land_where_the_table_was_drawn_after_a_resize_it_never_heard_of():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.surface = pygame.Surface((1024, 600))  # the window shrank under another screen
    h.draw()
    h.click(h.card_pos("R5"))
    assert h.actions() == [Play(0, Card.parse("R5"))]


def test_a_seat_that_draws_gets_a_short_highlight():
    from uno_desktop.ui.table.shown import ShownTable

    view = ShownTable(["A", "B", "C"], 108)
    view.feed([ev.CardsDrawn(2, 2, (), "penalty")])
    step = view.next_step(None)
    assert step is not None and step.pulse_seat == 2 and step.sound == "draw"
