"""How to play shows the cards themselves (issue 26): each action card beside its
paragraph, the special cards and the house rules beside their sections, drawn by the
game's card painter, never over the text, in both languages."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from uno_desktop.rules.options import Section
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene


def page(services, preset: str, lang: str, size: tuple[int, int]) -> HowToPlayScene:
    services.apply_settings(dataclasses.replace(services.settings, language=lang))
    scene = HowToPlayScene(services, load_preset(preset))
    scene.relayout(size)
    scene.draw(pygame.Surface(size))
    return scene


def cards_by_section(scene: HowToPlayScene) -> dict[Section, list[str]]:
    """The cards drawn in each section (by where they sit on the page)."""
    tops = sorted(scene.section_tops.items(), key=lambda kv: kv[1])
    out: dict[Section, list[str]] = {}
    for part in scene.page_parts():
        if part.card:
            section = [sec for sec, top in tops if top <= part.rect.top][-1]
            out.setdefault(section, []).append(part.card)
    return out


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("size", [(1024, 600), (1280, 720)], ids=["1024x600", "1280x720"])
def test_every_action_and_special_card_is_shown_beside_its_rule(services, lang, size):
    scene = page(services, "swedish", lang, size)
    shown = cards_by_section(scene)
    assert shown[Section.ACTION_CARDS] == ["RS", "YR", "GD2", "W", "W4"]
    assert shown[Section.WILD_DRAW_FOUR] == ["W4"]
    assert shown[Section.SWAP_HANDS] == ["WS"]
    assert shown[Section.CUSTOMIZABLE] == ["WC"]


def test_the_house_rules_sections_show_their_cards(services):
    scene = page(services, "party", "en", (1280, 720))
    shown = cards_by_section(scene)
    for section in (Section.STACKING, Section.JUMP_IN, Section.SEVEN_ZERO):
        if section in scene.section_tops:
            assert shown.get(section), section
    assert Section.JUMP_IN in scene.section_tops


@pytest.mark.parametrize("lang", ["en", "sv"])
@pytest.mark.parametrize("preset", ["official", "swedish", "party"])
def test_no_card_covers_a_line_of_the_rules(services, preset, lang):
    scene = page(services, preset, lang, (1024, 600))
    parts = scene.page_parts()
    cards = [p.rect for p in parts if p.card]
    lines = [p.rect for p in parts if not p.card]
    assert cards
    width = scene._render_page().get_width()
    for card in cards:
        assert card.left >= 0 and card.right <= width
        assert not [line for line in lines if line.colliderect(card)]


def test_the_cards_are_painted_on_the_page(services):
    scene = page(services, "swedish", "en", (1280, 720))
    surface = scene._render_page()
    for part in scene.page_parts():
        if part.card:
            assert surface.get_at(part.rect.center).a == 255, part.card
