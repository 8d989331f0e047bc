"""The house rules at a glance: chips on the side panel name what the rules change from
the official ones; a click opens How to play at that rule."""

from __future__ import annotations

import pygame
import pytest

from uno_desktop.engine import RuleSet, Scoring, Stacking
from uno_desktop.lang.i18n import set_language
from uno_desktop.render.layout import table_layout
from uno_desktop.rules.house_rules import house_rules
from uno_desktop.rules.options import Section
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene
from uno_desktop.ui.table.chips import chip_frames, chip_px

from .test_table import TableHarness, one_human

HANDS = [["R5", "R8", "G2"], ["Y1", "Y2", "Y3"]]


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def test_the_official_rules_have_no_house_rules_and_the_table_no_chips():
    assert house_rules(load_preset("official")) == []
    h = one_human(HANDS, rules=RuleSet(hand_size=3))
    h.settle()
    assert h.table.frame(h.surface.get_size()).chips is None


def test_the_family_presets_house_rules_are_named_with_their_sections():
    named = [(r.text, r.section) for r in house_rules(load_preset("family"))]
    assert named == [
        ("Stacking +2 on +2, +4 on +4", Section.STACKING),
        ("Jump-in", Section.JUMP_IN),
        ("Draw until you can play", Section.TURN),
    ]


def test_house_rules_are_named_in_swedish_too():
    set_language("sv")
    texts = [r.text for r in house_rules(load_preset("family"))]
    assert texts == ["Stapling: +2 på +2, +4 på +4", "Inhopp", "Dra tills du kan spela"]


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)])
def test_the_chips_are_readable_and_stay_in_the_side_panel(size):
    lay = table_layout(4, 0, size, 1.0)
    assert chip_px(lay) >= 11
    chips = chip_frames(lay, house_rules(load_preset("party")))
    assert chips is not None and len(chips.chips) >= 3
    for chip in chips.chips:
        assert lay.panel_rect.contains(chip.rect)
        assert not any(chip.rect.colliderect(b) for b in lay.buttons.values())


def everything() -> RuleSet:
    return RuleSet(
        stacking=Stacking.MIXED,
        jump_in=True,
        seven_zero=True,
        draw_until_playable=True,
        play_drawn=False,
        bluffing=False,
        challenge=False,
        uno_penalty=4,
        false_catch_penalty=2,
        scoring=Scoring.PENALTY,
        target_score=200,
    )


def test_more_house_rules_than_fit_end_in_a_chip_counting_the_rest():
    lay = table_layout(4, 0, (1024, 600), 1.0)
    rules = house_rules(everything())
    chips = chip_frames(lay, rules)
    assert chips is not None
    last = chips.chips[-1]
    hidden = len(rules) - (len(chips.chips) - 1)
    assert last.text == f"{hidden} more" and last.section is None
    assert len({c.rect.y for c in chips.chips}) <= 4


def chip_at(h: TableHarness, text: str) -> tuple[int, int]:
    chips = h.table.frame(h.surface.get_size()).chips
    assert chips is not None
    return next(c.rect.center for c in chips.chips if c.text == text)


def test_clicking_a_chip_opens_how_to_play_at_that_rules_section():
    h = one_human(HANDS, rules=RuleSet(hand_size=3, jump_in=True))
    h.settle()
    h.click(chip_at(h, "Jump-in"))
    page = h.stack.top
    assert isinstance(page, HowToPlayScene)
    h.draw()
    assert page.offset == min(page.section_y(Section.JUMP_IN), page.max_offset())
    assert page.offset > 0


def test_a_chip_under_the_pointer_is_lit():
    h = one_human(HANDS, rules=RuleSet(hand_size=3, jump_in=True))
    h.settle()
    pos = chip_at(h, "Jump-in")
    h.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=()))
    chips = h.table.frame(h.surface.get_size()).chips
    assert chips is not None and [c.text for c in chips.chips if c.hover] == ["Jump-in"]


def tab(h: TableHarness) -> None:
    h.send(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode=""))


def test_tab_reaches_the_chips_after_the_side_buttons_and_enter_opens_that_rule():
    h = one_human(HANDS, rules=RuleSet(hand_size=3, jump_in=True))
    h.settle()
    lit: list[str] = []
    for _ in range(8):
        tab(h)
        h.draw()
        frame = h.table.frame(h.surface.get_size())
        assert frame.chips is not None
        lit.append(
            next(
                (f"chip {c.text}" for c in frame.chips.chips if c.focus),
                next((f"side {b.key}" for b in frame.buttons if b.focus), "hand"),
            )
        )
        if lit[-1] == "chip Jump-in":
            break
    assert lit[-2:] == ["side menu", "chip Jump-in"]
    h.key(pygame.K_RETURN)
    page = h.stack.top
    assert isinstance(page, HowToPlayScene)
    h.draw()
    assert page.offset == min(page.section_y(Section.JUMP_IN), page.max_offset()) > 0
