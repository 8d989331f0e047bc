"""The round end gives the round's winner a moment: a few fireworks beside the title
(the match end's, shorter), over on their own so the screen then rests; none for a
blocked round."""

from __future__ import annotations

import pygame

from tests.ui.test_table import one_human
from uno_desktop.ui.celebration import ROUND_CELEBRATE_S
from uno_desktop.ui.scenes.round_end import RoundEndScene


def round_won():  # type: ignore[no-untyped-def]
    h = one_human([["R5"], ["Y1"]])
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    end = h.stack.top
    assert isinstance(end, RoundEndScene) and end.winner == 0
    return h, end


def sparks_in(h, end: RoundEndScene) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """Pixels that differ with and without the fireworks: (in all, under the title: the
    middle of the panel's width)."""
    with_sparks = h.draw().copy()
    bursts, end._bursts = end._bursts, []
    without = h.draw().copy()
    end._bursts = bursts
    middle = end.panel.inflate(-round(end.panel.w * 0.4), 0)
    changed = [
        (x, y)
        for x in range(0, with_sparks.get_width(), 2)
        for y in range(0, with_sparks.get_height(), 2)
        if with_sparks.get_at((x, y)) != without.get_at((x, y))
    ]
    return len(changed), sum(middle.collidepoint(p) for p in changed)


def test_the_round_winner_gets_fireworks_beside_the_scores():
    h, end = round_won()
    assert end.celebrating
    for _ in range(6):
        h.run(0.3)
        _shown, over_title = sparks_in(h, end)
        assert over_title == 0
    h, end = round_won()
    h.run(0.9)
    assert sparks_in(h, end)[0] > 0


def test_the_winners_moment_ends_on_its_own_and_the_screen_rests():
    h, end = round_won()
    h.run(ROUND_CELEBRATE_S + 0.2)
    assert not end.celebrating and not end.animating
    assert sparks_in(h, end) == (0, 0)


def test_the_moment_never_holds_up_next_round():
    h, end = round_won()
    h.key(pygame.K_RETURN)  # the first key finishes the count
    h.key(pygame.K_RETURN)
    assert h.match.round_no == 2 and end not in h.stack.scenes
