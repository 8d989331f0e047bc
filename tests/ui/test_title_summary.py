"""The title's Continue says which match waits: its round, who plays and the scores, on a
line under the button (read from the save without replaying it)."""

from __future__ import annotations

import pygame

from tests.ui.test_menus import SIZE, computer_match, show
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.saved_summary import saved_summary
from uno_desktop.ui.kit import record_texts
from uno_desktop.ui.scenes.title import TitleScene

__all__ = ["services"]
from tests.ui.test_menus import services


def test_continue_shows_the_round_and_every_seats_score_beneath_it(services):
    match = computer_match(services, players=3)
    match.totals = [120, 45, 0]
    match.round_no = 3
    match.round_history = [(120, 0, 0), (0, 45, 0)]
    services.storage.save_match(match.to_dict())
    title = TitleScene(services)
    show(title)
    with record_texts() as drawn:
        title.draw(pygame.Surface(SIZE))
    (line,) = [t for t in drawn if t.text.startswith("Round 3")]
    assert line.text == "Round 3 · Bot 0 120 · Bot 1 45 · Bot 2 0"
    assert line.rect.top >= title.continue_button.rect.bottom
    assert line.rect.bottom <= title.settings_button.rect.top
    assert title.layout_problems() == []


def test_the_summary_is_in_swedish_and_counts_the_seats_it_leaves_out(services):
    set_language("sv")
    doc = {
        "seats": [{"name": f"P{i}", "kind": "easy"} for i in range(7)],
        "totals": [10, 20, 30, 40, 50, 60, 70],
        "round_no": 2,
    }
    assert saved_summary(doc) == "Runda 2 · P0 10 · P1 20 · P2 30 · P3 40 och 3 till"


def test_a_save_it_cannot_read_plainly_gives_no_line():
    good = {"seats": [{"name": "Ann"}, {"name": "Bo"}], "totals": [1, 2], "round_no": 1}
    assert saved_summary(good) is not None
    for bad in (
        None,
        {**good, "totals": [1]},
        {**good, "totals": [1, "2"]},
        {**good, "totals": [1, True]},
        {**good, "round_no": 0},
        {**good, "seats": [{"name": ""}, {"name": "Bo"}]},
        {**good, "seats": [{"name": "A" * 5000}, {"name": "Bo"}]},
        {**good, "seats": "Ann"},
    ):
        assert saved_summary(bad) is None, bad
