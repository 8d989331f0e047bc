"""The round end's "press any key to skip" line sits inside its panel, with a margin, under
the buttons (issue 26: it sat on the dialog's edge), at a small laptop's and the design
size, in both languages, with few and many seats."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from uno_desktop.play.match import Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.round_end import RoundEndScene

SKIP = {
    "en": "Counting the points: press any key to skip",
    "sv": "Poängen räknas: tryck på valfri tangent för att hoppa över",
}


def round_over(services, players: int) -> Match:
    specs = [SeatSpec(f"Player {i + 1}", "easy") for i in range(players)]
    match = Match(load_preset("official"), specs, seed=3, preset="official", clock=services.clock)
    match.start_round()
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    return match


@pytest.mark.parametrize("players", [2, 4, 10])
@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def test_the_skip_line_sits_inside_the_round_end_panel_under_the_buttons(
    services, size, lang, players
):
    services.apply_settings(dataclasses.replace(services.settings, language=lang))
    scene = RoundEndScene(services, round_over(services, players))
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    assert scene.counting
    surface = pygame.Surface(size)
    with record_texts() as drawn:
        scene.draw(surface)
    lines = [t for t in drawn if t.text == SKIP[lang]]
    assert len(lines) == 1
    line, panel, s = lines[0].rect, scene.panel, scene.scale
    assert abs(line.centerx - panel.centerx) <= 2  # under the middle of the button row
    assert panel.bottom - line.bottom >= round(14 * s)
    assert line.left - panel.left >= round(14 * s) and panel.right - line.right >= round(14 * s)
    for button in (scene.next_button, scene.watch_button):
        ring = button.rect.inflate(round(16 * s), round(16 * s))  # the focus ring's room
        assert not ring.colliderect(line)
    assert scene.layout_problems() == []
