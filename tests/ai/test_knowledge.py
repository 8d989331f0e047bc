"""What the bots infer from public history (and their own private view of it)."""

from __future__ import annotations

from collections import Counter

from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.engine import Challenge, Color, Draw, Game, Play, RuleSet, build_deck, parse_cards

from .helpers import stacked_deck

RULES = RuleSet(hand_size=4)


def _game(hands, start, pile=(), dealer=0):
    return Game.new(
        RULES,
        len(hands),
        dealer=dealer,
        deck=stacked_deck(RULES, hands, start, pile, dealer=dealer),
    )


def test_unseen_cards_are_the_deck_minus_own_hand_and_discards():
    game = _game([["R1", "R2", "G3", "W"], ["B1", "B2", "B3", "B4"]], "Y5")
    obs = game.observation(0)
    know = Knowledge.from_observation(obs)
    expected = Counter(build_deck(RULES.deck))
    expected.subtract(obs.hand)
    expected.subtract(obs.discard_pile)
    assert know.unseen == +expected
    assert sum(know.unseen.values()) == obs.draw_pile_size + obs.hand_sizes[1]


def test_a_player_who_draws_on_a_colour_is_marked_void_in_it():
    game = _game([["R1", "R2", "G3", "W"], ["B1", "B2", "B3", "B4"]], "Y5", pile=["G9"])
    game.apply(Draw(1))
    know = Knowledge.from_observation(game.observation(0))
    assert know.seats[1].voids == {Color.YELLOW}
    assert know.p_holds_color(1, Color.YELLOW, 5) == 0.0


def test_the_void_is_forgotten_when_the_player_draws_again():
    game = _game([["R1", "R2", "G3", "W"], ["B1", "B2", "B3", "B4"]], "Y5", pile=["G9", "G8"])
    game.apply(Draw(1))
    game.apply(Play(0, parse_cards("W")[0], Color.RED))
    game.apply(Draw(1))  # a second draw: on red this time
    know = Knowledge.from_observation(game.observation(0))
    assert know.seats[1].voids == {Color.RED}


def test_the_challenger_remembers_the_shown_hand_until_cards_are_played():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "Y1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    game.apply(Challenge(0))
    know = Knowledge.from_observation(game.observation(0))
    assert know.seats[1].known == Counter(parse_cards("Y1 B1 B2"))
    assert know.holds_color(1, Color.BLUE)
    assert Color.RED in know.seats[1].voids  # innocent: it held no red
    # Bystanders are shown nothing (the history hides the hand from them).
    other = Knowledge.from_observation(game.observation(1))
    assert other.seats[0].known == Counter()


def test_a_bluff_caught_raises_the_offenders_bluff_rate():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    before = Knowledge.from_observation(game.observation(0)).bluff_rate(1, 0.05)
    game.apply(Challenge(0))
    after = Knowledge.from_observation(game.observation(0)).bluff_rate(1, 0.05)
    assert after > before


def test_a_hand_given_away_in_a_swap_is_known():
    rules = RuleSet(hand_size=4, seven_zero=True)
    hands = [["R7", "G1", "G2", "B4"], ["Y1", "Y2", "Y3", "Y4"]]
    game = Game.new(rules, 2, dealer=1, deck=stacked_deck(rules, hands, "R5", dealer=1))
    game.apply(Play(0, parse_cards("R7")[0], target=1))
    know = Knowledge.from_observation(game.observation(0))
    assert know.seats[1].known == Counter(parse_cards("G1 G2 B4"))
