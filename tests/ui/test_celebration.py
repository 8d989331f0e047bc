"""The match end celebrates (issue 26): fireworks over the table and a fanfare, the same
for the same match, all over within the celebration's few seconds."""

from __future__ import annotations

import pygame

from tests.ui.test_moments import SIZE, finished, show
from uno_desktop.ui.celebration import BURST_S, CELEBRATE_S, draw_fireworks, fireworks
from uno_desktop.ui.scenes.match_end import MatchEndScene


class Heard:
    """A sound bank that remembers what it was asked to play."""

    def __init__(self) -> None:
        self.volume = 1.0
        self.music_volume = 0.0
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


def test_the_match_end_plays_the_fanfare_once():
    services, match = finished([250, 40, 90])
    services.sounds = Heard()
    end = MatchEndScene(services, match)
    show(end)
    end.enter()  # shown again: recorded and celebrated once
    assert services.sounds.played == ["celebrate"]


def test_fireworks_are_the_same_for_the_same_match_and_differ_between_matches():
    assert fireworks(5) == fireworks(5)
    assert fireworks(5) != fireworks(6)


def test_every_firework_bursts_and_fades_within_the_celebration():
    for burst in fireworks(11):
        assert burst.start_s > 0 and burst.start_s + BURST_S <= CELEBRATE_S
        assert 0 < burst.x < 1 and 0 < burst.y < 0.5


def test_fireworks_light_up_the_sky_while_the_celebration_runs():
    services, match = finished([250, 40, 90])
    end = MatchEndScene(services, match)
    stack = show(end)
    burst = fireworks(match.seed)[0]
    while end.celebrated_s < burst.start_s + BURST_S * 0.3:
        stack.update(1 / 30)
    with_sparks = pygame.Surface(SIZE)
    end.draw(with_sparks)
    end._fireworks = []
    without = pygame.Surface(SIZE)
    end.draw(without)
    assert with_sparks.get_buffer().raw != without.get_buffer().raw


def enter() -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")


def test_the_first_enter_during_the_celebration_only_ends_it():
    services, match = finished([250, 40, 90])
    end = MatchEndScene(services, match)
    stack = show(end)
    stack.update(1 / 30)
    end.handle_event(enter())  # Enter held over from the last round's Continue
    stack.apply_pending()
    assert stack.top is end and not end.animating and services.match is None
    end.handle_event(enter())  # now it plays again
    stack.apply_pending()
    assert stack.top is not end and services.match is not None


def test_a_click_during_the_celebration_does_not_press_play_again():
    services, match = finished([250, 40, 90])
    end = MatchEndScene(services, match)
    stack = show(end)
    at = end.again.rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        end.handle_event(pygame.event.Event(kind, pos=at, button=1))
    stack.apply_pending()
    assert stack.top is end and not end.animating


def test_no_firework_spark_lands_on_the_title_or_the_standings():
    services, match = finished([250, 40, 90])
    end = MatchEndScene(services, match)
    stack = show(end)
    end._confetti = []  # only the fireworks (the cards fall at the edges, behind nothing)
    covered = [end.texts["headline"][1], end.texts["rounds"][1], end.extra_rects()["panel"]]
    while end.animating:
        stack.update(1 / 20)
        sky = pygame.Surface(SIZE)
        draw_fireworks(sky, end._fireworks, end.celebrated_s)
        for rect in covered:
            assert (
                pygame.mask.from_threshold(sky.subsurface(rect), (0, 0, 0), (1, 1, 1, 255)).count()
                == rect.w * rect.h
            )
