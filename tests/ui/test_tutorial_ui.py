"""The first-game tutorial, played like a person would: following the lit card and the one
line of guidance, by keys alone or by clicks alone, in English and in Swedish.

The person here never reads the script: they play the card the table lights, press the
button that glows, and answer each question the way its line says. Time is stepped by hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from uno_desktop.engine import COLORS, Color, Phase
from uno_desktop.lang.i18n import _, set_language
from uno_desktop.play.match import ManualClock
from uno_desktop.play.tutorial import LESSONS, lessons_done
from uno_desktop.render.cards import CardPainter
from uno_desktop.store.storage import Settings, Storage
from uno_desktop.ui.kit import rect_problems
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene
from uno_desktop.ui.scenes.message import TutorialDoneScene, TutorialOfferScene
from uno_desktop.ui.scenes.pause import PauseScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import Services
from uno_desktop.ui.table.dialogs import PenaltyOverlay
from uno_desktop.ui.table.notices import ChallengeResultOverlay
from uno_desktop.ui.table.pickers import ColorPickerOverlay
from uno_desktop.ui.table.scene import TableScene

from .test_table import SilentSounds

SIZE = (1024, 600)
DT_S = 1 / 30


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    set_language("en")


class Person:
    """The app loop around the title with the tutorial on top, and a person at it."""

    def __init__(self, storage: Storage | None = None, size: tuple[int, int] = SIZE) -> None:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_mode(size)
        self.surface = pygame.Surface(size)
        self.clock = ManualClock()
        self.services = Services(
            storage=storage,
            settings=Settings(animation_speed=4.0, think_time_s=0.3, tutorial_offered=True),
            sounds=SilentSounds(),
            painter=CardPainter(),
            clock=self.clock,
        )
        self.stack = SceneStack()
        self.stack.push(self.services.scenes.title())
        self.stack.push(self.services.scenes.tutorial())
        self.stack.apply_pending()
        self.table: TableScene = self.stack.top  # type: ignore[assignment]
        self.draw()

    # -- the loop
    def frame(self) -> None:
        self.clock.advance(DT_S)
        self.stack.update(DT_S)
        self.stack.apply_pending()

    def draw(self) -> pygame.Surface:
        self.stack.draw(self.surface)
        return self.surface

    def settle(self, max_s: float = 60.0) -> None:
        """Run until the person is asked something (a question on top, or their turn)."""
        t = 0.0
        while t < max_s:
            self.frame()
            self.draw()
            t += DT_S
            top = self.stack.top
            if top is not self.table:
                self.frame()
                self.draw()
                return
            if self.table.input_ok and self.table.match.human_to_act() == 0:
                self.frame()
                self.draw()
                return
        raise AssertionError("the tutorial never settled")

    # -- input
    def send(self, event: pygame.event.Event) -> None:
        self.stack.handle_event(event)
        self.stack.apply_pending()

    def key(self, key: int) -> None:
        self.send(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))

    def click(self, pos: tuple[int, int]) -> None:
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))

    # -- looking
    def table_frame(self) -> Any:
        return self.table.frame(self.surface.get_size())

    def lit_cards(self) -> list[Any]:
        return [h for h in self.table_frame().hand if h.playable]

    def glowing(self) -> list[str]:
        return [b.key for b in self.table_frame().buttons if b.glow]

    def status(self) -> str:
        return self.table_frame().status

    def lessons_done(self) -> int:
        return lessons_done(self.table.match.observation(0))


def follow_the_light(p: Person, by: str, until: int | None = None) -> list[str]:
    """Play the tutorial as the screen asks, by "keys" or by "clicks", to its end (or
    until that many lessons are done); returns the guidance lines seen on the way."""
    lines: list[str] = []
    for _turn in range(60):
        p.settle()
        top = p.stack.top
        if isinstance(top, TutorialDoneScene) or (until is not None and p.lessons_done() >= until):
            return lines
        if isinstance(top, ChallengeResultOverlay):
            p.key(pygame.K_RETURN) if by == "keys" else p.click(top.ok.rect.center)
        elif isinstance(top, ColorPickerOverlay):  # any colour will do
            if by == "keys":
                p.key(pygame.K_1 + COLORS.index(Color.BLUE))
            else:
                p.click(top.swatches[COLORS.index(Color.GREEN)].rect.center)
        elif isinstance(top, PenaltyOverlay) and "catch" in p.glowing():
            lines.append(p.status())  # the bluffer forgot UNO: caught first
            p.key(pygame.K_c) if by == "keys" else p.click(p.table.layout.buttons["catch"].center)
            for _frame in range(300):  # her two cards land before the challenge is asked
                p.frame()
                p.draw()
                if p.table.input_ok and p.status():
                    break
        elif isinstance(top, PenaltyOverlay):
            assert top.can_challenge
            lines.append(p.status())
            p.key(pygame.K_h) if by == "keys" else p.click(top.challenge_button.rect.center)
        else:
            assert top is p.table, f"unexpected screen {type(top).__name__}"
            lines.append(p.status())
            glowing = p.glowing()
            lit = p.lit_cards()
            if "uno" in glowing:
                p.key(pygame.K_u) if by == "keys" else p.click(p.table.layout.buttons["uno"].center)
                assert p.table.actions.uno_armed
                lines.append(p.status())
            if p.table_frame().pile_glow:
                assert not lit, "a card is lit while the lesson is to draw"
                p.key(pygame.K_d) if by == "keys" else p.click(p.table.layout.draw_pile.center)
                continue
            assert len(lit) == 1, f"one card lit, not {[h.card for h in lit]}"
            if by == "keys":
                assert p.table_frame().hand[p.table.focus.card].card == lit[0].card
                p.key(pygame.K_RETURN)
            else:
                r = lit[0].rect
                p.click((r.x + min(r.w // 2, 8), r.y + r.h // 3))
    raise AssertionError("the tutorial did not end")


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("by", ["keys", "clicks"])
def test_the_tutorial_is_completed_following_the_light(lang: str, by: str) -> None:
    set_language(lang)
    p = Person()
    lines = follow_the_light(p, by)
    match = p.table.match
    assert match.round_over and match.round_result().winner == 0
    assert p.lessons_done() == len(LESSONS)
    # every lesson showed its own line, in the language chosen
    assert len({line for line in lines if line}) >= len(LESSONS)
    if lang == "sv":
        assert any("Utmana" in line for line in lines), lines
    else:
        assert any("Challenge" in line for line in lines), lines
    done = p.stack.top
    assert isinstance(done, TutorialDoneScene)
    p.key(pygame.K_RETURN) if by == "keys" else p.click(done.ok.rect.center)
    p.frame()
    assert isinstance(p.stack.top, TitleScene)


def test_another_card_is_refused_with_the_lessons_line() -> None:
    p = Person()
    p.settle()
    line = p.status()
    assert line == _("Match the colour: play your {card} on the {top}").format(
        card="Red 2", top="Red 5"
    )
    hand = p.table_frame().hand
    other = next(h for h in hand if not h.playable and h.card.code == "R9")  # red, but not now
    p.click((other.rect.x + 4, other.rect.y + other.rect.h // 3))
    p.frame()
    assert p.table.match.actions_taken() == 0
    assert p.status() == line
    assert "wrong" in p.services.sounds.played


def test_the_second_to_last_card_waits_for_uno() -> None:
    p = Person()
    follow_the_light(p, "keys", until=7)
    p.settle()
    assert p.glowing() == ["uno"]
    before = p.table.match.actions_taken()
    p.key(pygame.K_RETURN)  # the lit card, without UNO
    p.frame()
    assert p.table.match.actions_taken() == before
    assert "UNO" in p.status()
    p.key(pygame.K_u)
    assert p.status() == _("UNO is called: now play your {card}").format(card="Red 9")
    p.key(pygame.K_RETURN)
    assert p.table.match.actions_taken() == before + 1
    assert p.table.match.observation(0).uno_declared[0]


def test_a_computer_that_forgot_uno_is_caught_with_the_lit_button() -> None:
    p = Person()
    follow_the_light(p, "keys", until=8)
    p.settle()
    assert "catch" in p.glowing() and "Catch" in p.status()
    mia = p.table.match.observation(0).hand_sizes[1]
    p.key(pygame.K_c)
    assert p.lessons_done() == 9
    assert p.table.match.observation(0).hand_sizes[1] == mia + 2


def test_taking_the_cards_instead_of_challenging_is_refused() -> None:
    p = Person()
    follow_the_light(p, "keys", until=9)  # the catch done, the challenge next
    for _frame in range(300):
        p.frame()
        if p.table.input_ok:
            break
    penalty = p.stack.top
    assert isinstance(penalty, PenaltyOverlay) and penalty.can_challenge
    p.key(pygame.K_t)  # take 4
    p.settle()
    obs = p.table.match.observation(0)
    assert obs.phase is Phase.PENALTY and len(obs.hand) == 1
    assert isinstance(p.stack.top, PenaltyOverlay)  # asked again
    assert "Challenge" in p.status()


def _files(storage: Storage) -> set[str]:
    folders = {storage.settings_path.parent, storage.stats_path.parent, storage.match_path.parent}
    return {str(f) for d in folders if d.exists() for f in Path(d).rglob("*") if f.is_file()}


@pytest.mark.parametrize("leave_after", [3, None])
def test_the_tutorial_never_writes_statistics_or_a_saved_match(leave_after: int | None) -> None:
    storage = Storage()
    before = _files(storage)
    p = Person(storage)
    follow_the_light(p, "keys", until=leave_after)
    if leave_after is not None:
        p.key(pygame.K_ESCAPE)
        pause = p.stack.top
        assert isinstance(pause, PauseScene)
        p.draw()
        assert pause.quit_button.text == "Leave the tutorial"
        p.click(pause.quit_button.rect.center)
    else:
        p.key(pygame.K_RETURN)  # "Back to the title"
    p.frame()
    assert isinstance(p.stack.top, TitleScene)
    assert not storage.has_saved_match()
    assert _files(storage) == before


def test_the_offer_comes_once_on_the_first_start() -> None:
    storage = Storage()
    services = Services(
        storage=storage,
        settings=storage.load_settings(),
        sounds=SilentSounds(),
        painter=CardPainter(),
        clock=ManualClock(),
    )
    pygame.display.init()
    pygame.display.set_mode(SIZE)
    surface = pygame.Surface(SIZE)
    stack = SceneStack()
    stack.push(services.scenes.title())
    stack.apply_pending()
    stack.update(DT_S)
    stack.apply_pending()
    offer = stack.top
    assert isinstance(offer, TutorialOfferScene)
    stack.draw(surface)
    offer.not_now.activate()
    stack.apply_pending()
    assert isinstance(stack.top, TitleScene)
    assert storage.load_settings().tutorial_offered is True
    # the next start: no offer
    again = SceneStack()
    services.settings = storage.load_settings()
    again.push(services.scenes.title())
    again.apply_pending()
    for _frame in range(3):
        again.update(DT_S)
        again.apply_pending()
    assert isinstance(again.top, TitleScene)


def test_answering_the_offer_with_yes_starts_the_tutorial() -> None:
    storage = Storage()
    services = Services(
        storage=storage,
        settings=Settings(),
        sounds=SilentSounds(),
        painter=CardPainter(),
        clock=ManualClock(),
    )
    stack = SceneStack()
    stack.push(services.scenes.title())
    stack.apply_pending()
    stack.update(DT_S)
    stack.apply_pending()
    offer = stack.top
    assert isinstance(offer, TutorialOfferScene)
    offer.ok.activate()
    stack.apply_pending()
    assert isinstance(stack.top, TableScene) and stack.top.coach is not None
    assert storage.load_settings().tutorial_offered is True


def test_how_to_play_leads_to_the_tutorial_but_not_from_a_match() -> None:
    services = Services(
        storage=None,
        settings=Settings(),
        sounds=SilentSounds(),
        painter=CardPainter(),
        clock=ManualClock(),
    )
    from_pause = HowToPlayScene(services, overlay=True)
    assert not from_pause.tutorial.visible
    stack = SceneStack()
    stack.push(services.scenes.title())
    stack.push(services.scenes.how_to_play())
    stack.apply_pending()
    page = stack.top
    assert isinstance(page, HowToPlayScene) and page.tutorial.visible
    page.tutorial.activate()
    stack.apply_pending()
    assert isinstance(stack.top, TableScene) and stack.top.coach is not None


@pytest.mark.parametrize("ui_scale", [0.85, 1.3])
@pytest.mark.parametrize("size", [(1024, 600), (2560, 1440)])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("scene", [TutorialOfferScene, TutorialDoneScene])
def test_the_offer_and_the_end_fit_the_window(scene: Any, lang: str, size: Any, ui_scale: float):
    set_language(lang)
    pygame.display.init()
    pygame.font.init()
    services = Services(
        storage=None,
        settings=Settings(ui_scale=ui_scale),
        sounds=SilentSounds(),
        painter=CardPainter(),
        clock=ManualClock(),
    )
    dialog = scene(services)
    stack = SceneStack()
    stack.push(dialog)
    stack.apply_pending()
    stack.draw(pygame.Surface(size))
    assert rect_problems(dialog.layout_rects(), size) == []


class AppPerson(Person):
    """The same person at the real app on a first start (a fresh user folder): every
    click and key is posted to the window and read by the app's own loop."""

    def __init__(self, size: tuple[int, int] = SIZE) -> None:
        from uno_desktop.ui.app import App
        from uno_desktop.ui.services import build_services

        self.services = build_services()
        self.clock = ManualClock()
        self.services.clock = self.clock
        self.services.update_settings(think_time_s=0.3, animation_speed=4.0)
        self.app = App(self.services, strict=True)
        self.app.open_window(size)
        pygame.event.clear()
        self.app.start(self.services.scenes.title())
        self.stack = self.app.stack
        self.surface = pygame.display.get_surface()
        self.frame()
        self.frame()

    def start_tutorial(self) -> None:
        offer = self.stack.top
        assert isinstance(offer, TutorialOfferScene)
        self.click(offer.ok.rect.center)
        self.frame()
        self.table = self.stack.top  # type: ignore[assignment]
        assert isinstance(self.table, TableScene)

    def frame(self) -> None:
        self.clock.advance(DT_S)
        self.app.step(DT_S)

    def draw(self) -> pygame.Surface:
        return self.surface

    def send(self, event: pygame.event.Event) -> None:
        pygame.event.post(event)
        self.frame()


def test_a_first_start_offers_the_tutorial_and_plays_it_to_the_end_in_the_real_app():
    p = AppPerson()
    storage = p.services.storage
    assert storage is not None
    folders = {storage.stats_path.parent, storage.match_path.parent}
    p.start_tutorial()
    assert storage.load_settings().tutorial_offered is True
    follow_the_light(p, "clicks")
    done = p.stack.top
    assert isinstance(done, TutorialDoneScene)
    p.click(done.ok.rect.center)
    p.frame()
    assert isinstance(p.stack.top, TitleScene)  # and no second offer
    assert not storage.has_saved_match()
    assert not storage.stats_path.exists() and not storage.match_path.exists()
    assert all(f.name != "saved_match.json" for d in folders for f in d.glob("*"))


def test_the_tutorial_offers_no_hint_button_the_lessons_line_guides() -> None:
    p = Person()
    p.settle()
    keys = {b.key for b in p.table_frame().buttons}
    assert "hint" not in keys
    assert "menu" in keys
