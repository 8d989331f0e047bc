"""End to end: the real app, from the title through New game to a finished round, driven
only by posted mouse clicks at the real buttons and by stepping the loop frame by frame.

Screenshots of each screen land in the test's temporary folder (UNO_SHOTS=<dir> keeps
them somewhere to look at).
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pygame

from uno_desktop.play.match import ManualClock
from uno_desktop.ui.app import App
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

DT_S = 0.05
MAX_FRAMES = 20_000


def test_a_family_starts_a_computer_round_from_the_title_and_it_plays_to_the_end(tmp_path):
    shots = Path(os.environ.get("UNO_SHOTS", tmp_path))
    shots.mkdir(parents=True, exist_ok=True)
    services = build_services()
    services.clock = ManualClock()
    services.apply_settings(
        dataclasses.replace(services.settings, think_time_s=0.0, animation_speed=4.0)
    )
    app = App(services, strict=True)
    app.open_window((1280, 720))
    pygame.event.clear()
    app.start(TitleScene(services))

    def frame() -> None:
        services.clock.advance(DT_S)
        app.step(DT_S)

    def click(widget) -> None:
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=widget.rect.center, button=1))
        frame()

    def shot(name: str) -> None:
        pygame.image.save(pygame.display.get_surface(), str(shots / f"{name}.png"))

    frame()
    frame()
    offer = app.stack.top  # the first start offers the tutorial: not now
    click(offer.not_now)
    frame()
    shot("1-title")
    title = app.stack.top
    click(title.new_button)
    frame()
    new_game = app.stack.top
    assert isinstance(new_game, NewGameScene)
    shot("2-new-game")
    # the first seat is the human: one click on the right half makes it "Computer: easy"
    seat = new_game.kind_choices[0]
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONDOWN, pos=(seat.rect.right - 5, seat.rect.centery), button=1
        )
    )
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEBUTTONUP, pos=(seat.rect.right - 5, seat.rect.centery), button=1
        )
    )
    frame()
    assert [new_game.seats[i][1] for i in range(new_game.n_players)].count("human") == 0
    click(new_game.start_button)
    match = services.match
    assert match is not None
    frames = 0
    while not match.round_over and frames < MAX_FRAMES:
        frame()
        frames += 1
        if frames == 40:
            shot("3-table")
    for _ in range(60):  # let the round end appear
        frame()
    shot("4-round-end")
    assert match.round_over
    assert sum(match.game.points) > 0 or not any(match.game.points)
