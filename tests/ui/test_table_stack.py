"""A stack building: the cards waiting are shown on the pile ("+6"), and a card refused
on a stack says which cards may go."""

from __future__ import annotations

import pytest

from uno_desktop.engine import Card, Color, Game, Observation, Play, RuleSet, Stacking
from uno_desktop.lang.i18n import set_language
from uno_desktop.render import theme
from uno_desktop.view import seat_view
from uno_desktop.view.narration import stack_refusal

from .test_table import TableHarness, one_human


@pytest.fixture(autouse=True)
def _english():
    set_language("en")
    yield
    set_language("en")


def six_wait_for_ann() -> TableHarness:
    """Ann plays a Draw Two, Bo and Cy stack theirs: six cards wait for Ann."""
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    h = one_human(
        [["RD2", "R7", "G5"], ["BD2", "Y1", "Y2"], ["GD2", "B1", "B4"]], bots=2, rules=rules
    )
    h.settle()
    h.click(h.card_pos("RD2"))
    h.settle()
    assert h.match.observation(0).pending_draw == 6
    return h


def test_the_cards_waiting_are_shown_on_the_pile_while_a_stack_builds():
    h = six_wait_for_ann()
    assert h.table.frame(h.surface.get_size()).penalty == 6
    lay = h.table.layout
    assert lay is not None
    pile = lay.discard_pile
    corner = h.draw().get_at((pile.right - 2, pile.top + 6))[:3]
    assert corner == theme.DANGER_RGB


def test_the_total_leaves_the_pile_as_soon_as_the_cards_are_taken():
    h = six_wait_for_ann()
    h.click(h.button_pos("draw"))
    h.frame()
    assert h.table.animator.busy  # the six cards are on their way
    assert h.table.frame(h.surface.get_size()).penalty == 0


def test_a_card_refused_on_a_stack_says_which_cards_may_go():
    h = six_wait_for_ann()
    h.click(h.card_pos("R7"))
    assert h.table.frame(h.surface.get_size()).status == "Only a Draw Two can go on +6"


def refusal_of(obs: Observation) -> str:
    """The stack refusal `obs`'s seat is told."""
    view = seat_view(obs)
    assert view.penalty is not None
    return stack_refusal(view.penalty, obs.rules.stacking, view.active_color)


def wild_draw_four_on_bo(stacking: Stacking) -> Game:
    """Ann plays a Wild Draw Four naming green; Bo is to answer it."""
    rules = RuleSet(hand_size=2, stacking=stacking)
    game = Game.new(rules, 2, dealer=1, deck=["W4", "B1", "R7", "B2", "R3", "G1", "G2"])
    game.apply(Play(0, Card.parse("W4"), Color.GREEN))
    return game


def test_on_a_wild_draw_four_mixed_stacking_names_the_draw_two_of_the_colour():
    obs = wild_draw_four_on_bo(Stacking.MIXED).observation(1)
    assert refusal_of(obs) == "Only a Wild Draw Four or a Green Draw Two can go on +4"


def test_on_a_wild_draw_four_same_stacking_names_only_the_wild_draw_four():
    obs = wild_draw_four_on_bo(Stacking.SAME).observation(1)
    assert refusal_of(obs) == "Only a Wild Draw Four can go on +4"


def test_without_stacking_the_refusal_says_take_the_cards_or_challenge():
    obs = wild_draw_four_on_bo(Stacking.NONE).observation(1)
    assert refusal_of(obs) == "No stacking in these rules: take the cards or challenge"


def test_the_stack_refusal_is_said_in_swedish():
    set_language("sv")
    obs = wild_draw_four_on_bo(Stacking.MIXED).observation(1)
    assert refusal_of(obs) == "Bara Vild dra 4 eller Grön Dra 2 kan läggas på +4"
