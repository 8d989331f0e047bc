"""What the bots infer from public history (and their own private view of it)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from uno_desktop.ai.knowledge import Knowledge, SeatInfo, habits_of
from uno_desktop.engine import (
    Challenge,
    Color,
    Draw,
    Game,
    Play,
    RuleSet,
    SeatHabits,
    build_deck,
    parse_cards,
)

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


def _hand_knowledge(unseen, known=(), voids=()):
    """Knowledge of seat 0 about seat 1 built by hand: the pool, seat 1's known cards, voids."""
    seats = [SeatInfo(), SeatInfo(known=Counter(parse_cards(" ".join(known))), voids=set(voids))]
    return Knowledge(0, seats, Counter(parse_cards(" ".join(unseen))), None, None)


def test_cannot_follow_counts_colour_rank_and_wilds_as_answers():
    know = _hand_knowledge(["R1", "G2", "B3", "Y4"])
    # One hidden card; R1 (colour) and G2 (rank) answer R2, B3 and Y4 do not.
    assert know.p_cannot_follow(1, parse_cards("R2")[0], 1) == 0.5


def test_cannot_follow_leaves_out_a_colour_the_seat_showed_it_lacks():
    know = _hand_knowledge(["R1", "G2", "B3", "Y4"], voids=[Color.GREEN])
    # G2 cannot be in the hand, so of R1, B3, Y4 only R1 answers.
    assert abs(know.p_cannot_follow(1, parse_cards("R2")[0], 1) - 2 / 3) < 1e-9


def test_a_seat_known_to_hold_a_wild_can_always_follow():
    know = _hand_knowledge(["B3", "Y4"], known=["W"])
    assert know.p_cannot_follow(1, parse_cards("R2")[0], 2) == 0.0


def _bluff_then_colour_played():
    """Seat 1 plays a Wild Draw Four on red while holding R1, names red, seat 0 takes the
    four cards, and seat 1 (heads-up: its turn again) plays the R1 it held all along."""
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.RED))
    game.apply(Draw(0))
    game.apply(Play(1, parse_cards("R1")[0]))
    return game


def test_a_wild_draw_four_is_shown_a_bluff_when_its_covered_colour_is_played_before_a_draw():
    know = Knowledge.from_observation(_bluff_then_colour_played().observation(0))
    assert know.seats[1].bluffs_shown == 1
    assert know.bluff_rate(1, 0.05) > 0.05


def test_a_wild_draw_four_is_not_shown_a_bluff_after_its_player_drew():
    game = _game(
        [["G1", "G3", "G4", "G6"], ["W4", "B1", "B2", "B3"]],
        "R5",
        pile=["Y1", "Y2", "Y3", "Y4", "R9"],
    )
    game.apply(Play(1, parse_cards("W4")[0], Color.GREEN))
    game.apply(Draw(0))  # seat 0 takes the four
    game.apply(Draw(1))  # seat 1 draws (R9): whatever red it plays now may be new
    know = Knowledge.from_observation(game.observation(0))
    assert know.seats[1].bluffs_shown == 0


def test_a_victim_who_takes_the_four_cards_declined_a_challenge():
    know = Knowledge.from_observation(_bluff_then_colour_played().observation(1))
    assert know.seats[0].challenge_chances == 1 and know.seats[0].challenges_made == 0
    assert know.challenge_rate(0, 0.1) < 0.1


def test_a_victim_who_challenges_is_counted_a_challenger():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    game.apply(Challenge(0))
    know = Knowledge.from_observation(game.observation(1))
    assert know.seats[0].challenge_chances == 1 and know.seats[0].challenges_made == 1
    assert know.challenge_rate(0, 0.1) > 0.1


def test_no_challenge_chance_is_counted_where_the_rules_allow_no_challenge():
    rules = RuleSet(hand_size=4, challenge=False)
    hands = [["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]]
    game = Game.new(rules, 2, dealer=0, deck=stacked_deck(rules, hands, "R5"))
    game.apply(Play(1, parse_cards("W4")[0], Color.RED))  # seat 0 draws four at once
    assert game.hand_size(0) == 8
    assert Knowledge.from_observation(game.observation(1)).seats[0].challenge_chances == 0


def test_a_seat_caught_bluffing_in_earlier_rounds_starts_the_round_with_that_record():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    fresh = game.observation(0)
    bluffer = SeatHabits(challenged=3, guilty=3, bluffs_shown=1)
    told = dataclasses.replace(fresh, habits=(SeatHabits(), bluffer))
    assert Knowledge.from_observation(fresh).bluff_rate(1, 0.05) == 0.05
    assert Knowledge.from_observation(told).bluff_rate(1, 0.05) > 0.5


def test_a_seat_that_challenged_in_earlier_rounds_starts_the_round_a_challenger():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    challenger = SeatHabits(challenge_chances=4, challenges_made=4)
    told = dataclasses.replace(game.observation(1), habits=(challenger, SeatHabits()))
    assert Knowledge.from_observation(told).challenge_rate(0, 0.1) > 0.5


def test_the_habits_add_this_rounds_showing_to_the_earlier_rounds_the_same_from_every_seat():
    game = _game([["G1", "G3", "G4", "G6"], ["W4", "R1", "B1", "B2"]], "R5")
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    game.apply(Challenge(0))  # seat 1 held red: guilty
    earlier = (SeatHabits(challenge_chances=2, challenges_made=1), SeatHabits(1, 0, 0, 0, 0))
    seen = [habits_of(dataclasses.replace(game.observation(s), habits=earlier)) for s in (0, 1)]
    assert seen[0] == seen[1]
    assert seen[0] == (
        SeatHabits(challenge_chances=3, challenges_made=2),
        SeatHabits(challenged=2, guilty=1),
    )
