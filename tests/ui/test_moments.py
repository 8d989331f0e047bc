"""The big moments: banners for what matters, the table's edge in the active colour, the
direction ring, new cards glowing, a refused card shaking, and the end of a match.

Rounds are dealt from stacked decks and played through the real table, time stepped by
hand; what is checked is what the frame (or the picture) shows a player.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from uno_desktop.engine import Card, CatchUno, Color, Play
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import Match, SeatSpec
from uno_desktop.render import theme
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.match_end import CELEBRATE_S, MatchEndScene
from uno_desktop.ui.table.pickers import ChoosePlayerOverlay
from uno_desktop.ui.table.scene import TableScene

from .test_table import FILLER, SIZE, TableHarness, make_services, one_human


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield


def banners(h: TableHarness, seconds: float = 3.0) -> list[str]:
    """The banner titles shown while `seconds` pass, in order (each once)."""
    seen: list[str] = []
    for _ in range(round(seconds * 30)):
        h.frame()
        title = h.table.moments.banner_title
        if title is not None and (not seen or seen[-1] != title):
            seen.append(title)
    return seen


def play(h: TableHarness, code: str, *keys: int) -> None:
    """The person at the screen plays `code`, answering any question with `keys`."""
    h.settle()
    h.click(h.card_pos(code))
    for key in keys:
        h.frame()
        h.key(key)


def still_after(h: TableHarness, seconds: float = 3.0) -> bool:
    """The table rests (no banner, glow or shake left) once `seconds` have passed."""
    h.run(seconds)
    return h.table.moments.banner_title is None and not h.table.moments.active


# ----------------------------------------------------------------------------- banners


def test_a_draw_two_gets_a_banner_that_goes_away():
    h = one_human([["RD2", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "RD2")
    assert banners(h) == ["Draw Two!"]
    assert still_after(h)


def test_a_wild_draw_four_and_its_colour_are_one_banner_in_that_colour():
    h = one_human([["W4", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "W4", pygame.K_4)  # blue
    seen = []
    for _ in range(60):
        h.frame()
        shown = h.table.moments.banner_frame()
        if shown is not None:
            seen.append((shown.title, shown.sub, shown.rgb))
    assert set(seen) == {("Wild Draw Four!", "You choose blue.", theme.COLOR_RGB[Color.BLUE])}


def test_a_skip_gets_a_banner_naming_who_is_skipped():
    h = one_human([["RS", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "RS")
    for _ in range(60):
        h.frame()
        shown = h.table.moments.banner_frame()
        if shown is not None:
            break
    assert shown is not None and (shown.title, shown.sub) == ("Skip!", "Bo is skipped.")


def test_a_reverse_gets_a_banner():
    h = one_human([["RR", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "RR")
    assert banners(h)[:1] == ["Reverse!"]


def test_a_wild_gets_a_banner_for_the_new_colour():
    h = one_human([["W", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "W", pygame.K_3)  # green
    assert banners(h)[:1] == ["New colour: green"]


def test_saying_uno_gets_a_banner():
    h = one_human([["R5", "B7"], ["Y1", "Y2"]])
    h.settle()
    h.click(h.button_pos("uno"))
    h.click(h.card_pos("R5"))
    assert "UNO!" in banners(h, 1.5)


def test_being_caught_gets_a_banner():
    h = one_human([["R5", "B7", "G1"], ["R6", "R7", "Y3"]], rest=["B1", *FILLER])
    h.settle()
    h.click(h.card_pos("R5"))  # Bo answers with R6
    h.settle()
    h.click(h.pile_pos())  # Ann draws B1; Bo plays R7 and forgets UNO
    for _ in range(400):
        h.frame()
        if h.match.game.catchable == 1:
            break
    h.click(h.button_pos("catch"))
    assert CatchUno(0, 1) in h.actions()
    assert "Caught!" in banners(h, 2.0)


def test_swap_hands_gets_a_banner_and_the_cards_received_glow():
    rules = load_preset("swedish").replace(hand_size=3)
    h = one_human([["WS", "B7", "G2"], ["Y1", "Y2", "Y3"]], rules=rules)
    play(h, "WS", pygame.K_2)  # yellow
    for _ in range(10):
        h.frame()
        if isinstance(h.stack.top, ChoosePlayerOverlay):
            h.key(pygame.K_1)
            break
    for _ in range(90):
        h.frame()
        if h.table.moments.banner_title == "Swap Hands!":
            break
    assert h.table.moments.banner_title == "Swap Hands!"
    glowing = {hc.card for hc in h.table.frame(SIZE).hand if hc.fresh > 0}
    assert glowing == {Card.parse(c) for c in ("Y1", "Y2", "Y3")}
    h.run(2.0)
    assert all(hc.fresh == 0 for hc in h.table.frame(SIZE).hand)


def test_a_banner_never_blocks_the_person_at_the_screen():
    h = one_human([["RS", "R7", "G2"], ["Y1", "Y2", "Y3"]])  # two players: Ann again
    play(h, "RS")
    for _ in range(120):
        h.frame()
        if h.table.input_ok and h.table.moments.banner_title == "Skip!":
            break
    assert h.table.moments.banner_title == "Skip!"
    h.click(h.card_pos("R7"))
    assert h.actions()[-1] == Play(0, Card.parse("R7"))


def test_banners_follow_the_animation_speed():
    def shown_s(speed: float) -> float:
        h = one_human([["RD2", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
        h.services.settings = type(h.services.settings)(animation_speed=speed)
        play(h, "RD2")
        frames = 0
        for _ in range(200):
            h.frame()
            frames += h.table.moments.banner_title is not None
        return frames / 30

    assert shown_s(2.0) < shown_s(1.0) <= 1.2


# ----------------------------------------------------------------------------- the table's edge


def rim_pixel(h: TableHarness) -> tuple[int, int, int]:
    lay = h.table.layout
    assert lay is not None
    rim = lay.table_rect.inflate(round(10 * lay.scale), round(10 * lay.scale))
    return tuple(h.draw().get_at((rim.centerx, rim.top + 1)))[:3]  # type: ignore[return-value]


def test_the_table_edge_is_tinted_in_the_active_colour_also_after_a_wild():
    h = one_human([["W", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], start="R3", bots=2)
    h.settle()
    assert rim_pixel(h) == theme.COLOR_RGB[Color.RED]
    play(h, "W", pygame.K_4)  # blue
    h.run(1.5)
    assert h.table.frame(SIZE).active_color is Color.BLUE
    assert rim_pixel(h) == theme.COLOR_RGB[Color.BLUE]


# ----------------------------------------------------------------------------- the direction ring


def test_the_direction_ring_turns_round_after_a_reverse():
    h = one_human([["RR", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    h.settle()
    assert h.table.frame(SIZE).direction == 1
    play(h, "RR")
    turns = []
    for _ in range(60):
        h.frame()
        turns.append(h.table.frame(SIZE).ring_turn)
    assert h.table.frame(SIZE).direction == -1
    assert any(0 < t < 1 for t in turns)  # it turned...
    assert turns[-1] == 0.0  # ...and rests again


def test_the_ring_is_drawn_and_the_direction_has_no_label_under_the_draw_pile():
    h = one_human([["RR", "B7", "G2"], ["Y1", "Y2", "Y3"], ["G5", "G6", "B1"]], bots=2)
    play(h, "RR")
    h.run(2.0)
    lay = h.table.layout
    assert lay is not None
    picture = h.draw()
    below = lay.direction_marker.move(0, lay.direction_marker.h)
    below.h = lay.font_px(0.8)
    below = below.clip(picture.get_rect())
    text = {
        tuple(picture.get_at((x, y)))[:3]
        for x in range(below.left, below.right)
        for y in range(below.top, below.bottom)
    }
    assert theme.TEXT_DIM_RGB not in text


# ----------------------------------------------------------------------------- new cards, refusals


def test_a_drawn_card_glows_for_a_moment_then_not():
    h = one_human([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]], rest=["B1", *FILLER])
    h.settle()
    h.key(pygame.K_d)
    h.run(0.8)
    fresh = {hc.card: hc.fresh for hc in h.table.frame(SIZE).hand}
    assert fresh[Card.parse("B1")] > 0
    assert all(v == 0 for c, v in fresh.items() if c != Card.parse("B1"))
    h.run(2.0)
    assert all(hc.fresh == 0 for hc in h.table.frame(SIZE).hand)


def test_the_cards_dealt_do_not_glow():
    h = one_human([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]])
    h.settle()
    assert all(hc.fresh == 0 for hc in h.table.frame(SIZE).hand)


def test_a_refused_card_shakes_with_the_refusal_sound_and_says_why():
    h = one_human([["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]])
    h.settle()
    h.services.sounds.played.clear()
    b7 = Card.parse("B7")

    def x() -> int:
        return next(hc.rect.x for hc in h.table.frame(SIZE).hand if hc.card == b7)

    rest = x()
    h.click(h.card_pos("B7"))
    assert h.services.sounds.played == ["wrong"]
    assert h.table.frames.status_text() == "Does not match Red 3"
    xs = []
    for _ in range(9):
        h.frame()
        xs.append(x())
    assert any(v != rest for v in xs)
    h.run(0.5)
    assert x() == rest and h.actions() == []


# ----------------------------------------------------------------------------- at rest


def test_the_table_is_still_once_the_moments_are_over():
    h = one_human([["RS", "R7", "G2"], ["Y1", "Y2", "Y3"]])  # Ann again after her Skip
    play(h, "RS")
    h.settle()
    h.click(h.card_pos("G2"))  # refused: shakes
    h.run(3.0)
    assert not h.table.moments.active
    assert not h.table.animating


# ----------------------------------------------------------------------------- the end of a match


def finished(totals: list[int], kinds: list[str] | None = None) -> tuple[Any, Match]:
    services = make_services()
    names = ["Ann", "Bo", "Cy", "Di"][: len(totals)]
    kinds = kinds or ["human"] + ["normal"] * (len(totals) - 1)
    rules = load_preset("family").replace(target_score=200)
    seats = [SeatSpec(n, k) for n, k in zip(names, kinds)]
    match = Match(rules, seats, 5, preset="family", clock=services.clock)
    match.round_history = [tuple(totals)]
    match.round_no = 1
    match.totals = list(totals)
    return services, match


def show(scene: Any) -> SceneStack:
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.draw(pygame.Surface(SIZE))
    return stack


def test_play_again_is_the_default_and_starts_a_match_with_the_same_seats_and_rules():
    services, match = finished([250, 40, 40], ["human", "hard", "human"])
    end = MatchEndScene(services, match)
    stack = show(end)
    assert end.group.focused is end.again
    while end.animating:
        stack.update(1 / 30)
    end.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode=""))
    stack.apply_pending()
    table = stack.top
    assert isinstance(table, TableScene) and len(stack.scenes) == 1
    again = services.match
    assert again is not None and again is not match
    assert [(s.name, s.kind) for s in again.seats] == [(s.name, s.kind) for s in match.seats]
    assert again.preset == "family" and again.rules == match.rules
    assert again.seed != match.seed and again.totals == [0, 0, 0]


def test_players_on_the_same_total_share_a_place_and_a_shared_win_says_so():
    services, match = finished([250, 250, 40, 90])
    end = MatchEndScene(services, match)
    show(end)
    assert [(place, i) for place, i, *_rects in end._rows] == [(1, 0), (1, 1), (3, 3), (4, 2)]
    assert end.texts["headline"][0] == "Ann, Bo share the win!"


def test_the_celebration_moves_for_a_few_seconds_then_the_screen_rests():
    services, match = finished([250, 40, 90])
    end = MatchEndScene(services, match)
    stack = show(end)
    first = pygame.Surface(SIZE)
    end.draw(first)
    assert end.animating
    for _ in range(round(CELEBRATE_S * 30) + 5):
        stack.update(1 / 30)
    assert not end.animating
    a, b = pygame.Surface(SIZE), pygame.Surface(SIZE)
    end.draw(a)
    stack.update(1.0)
    end.draw(b)
    assert a.get_buffer().raw == b.get_buffer().raw  # nothing moves any more


def test_the_same_match_celebrates_the_same_way():
    pictures = []
    for _ in range(2):
        services, match = finished([250, 40, 90])
        end = MatchEndScene(services, match)
        stack = show(end)
        for _ in range(45):
            stack.update(1 / 30)
        surface = pygame.Surface(SIZE)
        end.draw(surface)
        pictures.append(surface.get_buffer().raw)
    assert pictures[0] == pictures[1]
