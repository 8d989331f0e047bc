"""What each level does in situations built card by card."""

from __future__ import annotations

import dataclasses
import random

from uno_desktop.ai import LEVELS, make_bot
from uno_desktop.ai.hard import HardBot
from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.engine import (
    CallUno,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Game,
    Play,
    RuleSet,
    SeatHabits,
    parse_cards,
)
from uno_desktop.engine.rules import STANDARD_DECK

from .helpers import stacked_deck

SMALL = RuleSet(hand_size=4)


def _game(hands, start, pile=(), rules=SMALL, dealer=0):
    return Game.new(
        rules,
        len(hands),
        dealer=dealer,
        deck=stacked_deck(rules, hands, start, pile, dealer=dealer),
    )


def _choose(level_or_bot, game, seat, seed=0):
    bot = make_bot(level_or_bot) if isinstance(level_or_bot, str) else level_or_bot
    return bot.choose(game.observation(seat), game.legal_actions(seat), random.Random(seed))


def test_make_bot_knows_the_three_levels():
    assert LEVELS == ("easy", "normal", "hard")
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)


def test_make_bot_rejects_an_unknown_level():
    try:
        make_bot("expert")
    except ValueError as e:
        assert "expert" in str(e)
    else:
        raise AssertionError("expected ValueError")


def _two_card_turn(seat_cards=("R1", "R2")):
    """Seat 0 to play holding exactly two cards, both playable on the red start card."""
    rules = RuleSet(hand_size=2)
    return Game.new(
        rules,
        2,
        dealer=1,  # seat 0 plays first
        deck=stacked_deck(rules, [list(seat_cards), ["G7", "G8"]], "R5", dealer=1),
    )


def test_easy_sometimes_forgets_to_say_uno():
    game = _two_card_turn()
    unos = [_choose("easy", game, 0, seed).uno for seed in range(200)]
    assert 20 < unos.count(False) < 100


def test_normal_always_says_uno():
    game = _two_card_turn()
    assert all(_choose("normal", game, 0, seed).uno for seed in range(50))


def test_hard_always_says_uno():
    game = _two_card_turn()
    assert all(_choose("hard", game, 0, seed).uno for seed in range(10))


def _forgot_uno_game():
    game = _two_card_turn()
    game.apply(Play(0, parse_cards("R1")[0], uno=False))
    assert game.catchable == 0
    return game


def test_normal_catches_a_forgotten_uno():
    game = _forgot_uno_game()
    assert _choose("normal", game, 1) == CatchUno(1, 0)


def test_hard_catches_a_forgotten_uno():
    game = _forgot_uno_game()
    assert _choose("hard", game, 1) == CatchUno(1, 0)


def test_easy_rarely_catches():
    game = _forgot_uno_game()
    catches = [_choose("easy", game, 1, seed) for seed in range(200)]
    assert 0 < catches.count(CatchUno(1, 0)) < 60


def test_normal_rescues_its_own_forgotten_uno():
    game = _forgot_uno_game()
    assert _choose("normal", game, 0) == CallUno(0)


def test_bots_do_nothing_out_of_turn_when_there_is_nothing_to_do():
    game = _game([["G1", "G2", "G3", "G4"], ["R1", "R2", "B3", "B4"]], "R5")
    assert game.current == 1
    assert all(_choose(level, game, 0) is None for level in LEVELS)


def test_normal_names_the_colour_it_holds_most_of():
    # Only the wild matches the yellow 5; after it: two greens and one red.
    hands = [["G1", "W", "G2", "R3"], ["B1", "B2", "B3", "B4"], ["B5", "B6", "B7", "B8"]]
    game = _game(hands, "Y5", dealer=2)
    assert game.current == 0
    action = _choose("normal", game, 0)
    assert action.card == parse_cards("W")[0] and action.color is Color.GREEN


def test_normal_keeps_its_wild_when_a_coloured_card_plays():
    game = _game([["R1", "W", "G2", "R3"], ["B1", "B2", "B3", "B4"]], "R5", dealer=1)
    action = _choose("normal", game, 0)
    assert isinstance(action, Play) and not action.card.is_wild


def test_normal_hits_the_next_player_close_to_going_out_with_a_draw_two():
    rules = RuleSet(hand_size=2)
    game = Game.new(
        rules,
        3,
        dealer=2,
        deck=stacked_deck(rules, [["R1", "RD2"], ["G1", "G2"], ["B1", "B2"]], "R5", dealer=2),
    )
    # Give seat 0 more cards so a Draw Two is not its last move anyway.
    assert game.current == 0
    action = _choose("normal", game, 0)
    assert action.card == parse_cards("RD2")[0]


def _void_in_blue_game():
    """Seat 1 drew on a blue card (it had no blue); seat 0 then holds W, R1, B1 on a green 2."""
    game = _game([["G5", "W", "R1", "B1"], ["G2", "G3", "G4", "Y8"]], "B5", pile=["Y9"])
    assert game.current == 1
    game.apply(Draw(1))  # no blue, no 5: it draws Y9, which does not play; its turn ends
    assert game.current == 0
    game.apply(Play(0, parse_cards("G5")[0]))
    game.apply(Play(1, parse_cards("G2")[0]))
    assert game.current == 0
    return game


def test_hard_names_a_colour_an_opponent_showed_it_lacks():
    game = _void_in_blue_game()
    obs = game.observation(0)
    wild = [a for a in game.legal_actions(0) if isinstance(a, Play) and a.card.is_wild]
    assert wild, obs.hand
    bot = HardBot(rollouts=0)  # the naming rule, without the search's own opinion
    action = bot.choose(obs, game.legal_actions(0), random.Random(0))
    assert action.card.is_wild and action.color is Color.BLUE


def test_normal_does_not_use_what_the_opponent_showed():
    game = _void_in_blue_game()
    action = make_bot("normal").choose(game.observation(0), game.legal_actions(0), random.Random(0))
    assert action.card.is_wild and action.color is not Color.BLUE


def _w4_challenge_game():
    """Seat 1 plays an innocent W4 and seat 0 challenges it, seeing B2 in seat 1's hand.
    Later seat 1 plays a W4 on blue while still holding that B2: a bluff."""
    rules = RuleSet(hand_size=4)
    game = Game.new(
        rules,
        2,
        dealer=0,
        deck=stacked_deck(
            rules,
            [["G1", "G3", "G4", "G6"], ["W4", "W4", "B1", "B2"]],
            "R5",
            pile=["B7", "Y2", "Y3", "Y4", "Y6", "Y8"],
        ),
    )
    w4 = parse_cards("W4")[0]
    game.apply(Play(1, w4, Color.BLUE))
    game.apply(Challenge(0))  # innocent: seat 0 draws 6 (B7 Y2 Y3 Y4 Y6 Y8), turn lost
    assert game.current == 1
    game.apply(Play(1, parse_cards("B1")[0]))
    game.apply(Play(0, parse_cards("B7")[0]))
    assert game.active_color is Color.BLUE
    game.apply(Play(1, w4, Color.RED, uno=True))  # holds B2: guilty
    assert game.current == 0 and game.observation(0).can_challenge
    return game


def test_normal_challenges_when_it_saw_the_offender_holding_the_colour():
    assert _choose("normal", _w4_challenge_game(), 0) == Challenge(0)


def test_hard_challenges_when_it_saw_the_offender_holding_the_colour():
    assert _choose("hard", _w4_challenge_game(), 0) == Challenge(0)


def test_easy_never_challenges():
    game = _w4_challenge_game()
    assert all(_choose("easy", game, 0, seed) == Draw(0) for seed in range(20))


def test_normal_accepts_a_wild_draw_four_it_has_no_reason_to_doubt():
    rules = RuleSet(hand_size=4)
    game = Game.new(
        rules,
        2,
        dealer=0,
        deck=stacked_deck(rules, [["G1", "G3", "G4", "G6"], ["W4", "Y1", "B1", "B2"]], "R5"),
    )
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    assert _choose("normal", game, 0) == Draw(0)


def test_hard_challenges_a_wild_draw_four_from_a_seat_that_bluffed_in_earlier_rounds():
    rules = RuleSet(hand_size=4)
    hands = [["G1", "G3", "G4", "G6"], ["W4", "Y1", "B1", "B2"]]
    game = Game.new(rules, 2, dealer=0, deck=stacked_deck(rules, hands, "R5"))
    game.apply(Play(1, parse_cards("W4")[0], Color.BLUE))
    obs, legal = game.observation(0), game.legal_actions(0)
    bluffer = SeatHabits(challenged=4, guilty=4, bluffs_shown=2)
    told = dataclasses.replace(obs, habits=(SeatHabits(), bluffer))
    assert HardBot().choose(obs, legal, random.Random(0)) == Draw(0)
    assert HardBot().choose(told, legal, random.Random(0)) == Challenge(0)


def test_normal_swaps_hands_with_the_player_with_fewest_cards():
    rules = RuleSet(hand_size=4, deck={**STANDARD_DECK, "WS": 1})
    hands = [["WS", "G2", "G3", "B4"], ["R1", "Y2", "Y3", "Y4"], ["B1", "B2", "B3", "B5"]]
    game = Game.new(rules, 3, dealer=0, deck=stacked_deck(rules, hands, "R5", pile=["Y9"]))
    game.apply(Play(1, parse_cards("R1")[0]))  # seat 1: three cards left
    game.apply(Draw(2))  # seat 2: five cards
    assert game.current == 0 and game.observation(0).hand_sizes == (4, 3, 5)
    action = _choose("normal", game, 0)
    assert action.card == parse_cards("WS")[0] and action.target == 1


def test_hard_at_four_players_takes_its_heuristic_choice_without_searching(monkeypatch):
    import uno_desktop.ai.hard as hard_module

    def no_search(*args, **kwargs):
        raise AssertionError("searched at a four-player table")

    monkeypatch.setattr(hard_module, "search", no_search)
    # Seat 0 holds only a wild that plays: heads-up it would search wild against draw.
    hands = [
        ["W", "B2", "B3", "B4"],
        ["G1", "G2", "G3", "G4"],
        ["Y1", "Y2", "Y3", "Y4"],
        ["Y5", "Y6", "Y7", "Y8"],
    ]
    game = _game(hands, "R5", dealer=3)
    assert game.current == 0
    action = _choose(HardBot(), game, 0)
    assert isinstance(action, Play) and action.card.is_wild


def test_normal_heads_up_draws_rather_than_spend_its_only_playable_wild_early():
    # Only the wild matches the yellow 5; four coloured cards stay in hand.
    rules = RuleSet(hand_size=5)
    game = _game(
        [["G1", "W", "G2", "R3", "B4"], ["B1", "B2", "B3", "B4", "B5"]], "Y5", rules=rules, dealer=1
    )
    assert game.current == 0
    assert _choose("normal", game, 0) == Draw(0)


def test_normal_heads_up_plays_its_wild_once_few_coloured_cards_remain():
    rules = RuleSet(hand_size=3)
    game = _game([["G1", "W", "G2"], ["B1", "B2", "B3"]], "Y5", rules=rules, dealer=1)
    action = _choose("normal", game, 0)
    assert isinstance(action, Play) and action.card == parse_cards("W")[0]


def test_normal_heads_up_plays_its_wild_against_an_opponent_on_two_cards():
    rules = RuleSet(hand_size=5)
    hands = [["G6", "W", "G7", "R8", "B9"], ["Y1", "Y2", "Y3", "B1", "B2"]]
    game = _game(hands, "Y5", pile=["R4", "R0"], rules=rules)
    for card in ("Y1", "Y2"):
        game.apply(Play(1, parse_cards(card)[0]))
        assert _choose("normal", game, 0) == Draw(0)  # the opponent still holds 4, then 3
        game.apply(Draw(0))  # R4, then R0: neither plays, the turn passes
    game.apply(Play(1, parse_cards("Y3")[0]))
    assert game.current == 0 and game.hand_size(1) == 2
    action = _choose("normal", game, 0)
    assert isinstance(action, Play) and action.card == parse_cards("W")[0]


def _wild_draw_four_on(hand):
    """Seat 0 to play `hand` on a red 5; seat 1 holds three cards."""
    rules = RuleSet(hand_size=3)
    game = _game([hand, ["B1", "B2", "B3"]], "R5", rules=rules, dealer=1)
    obs = game.observation(0)
    return obs, Knowledge.from_observation(obs)


def _w4_score(obs, know, chances, challenges):
    know.seats[1].challenge_chances, know.seats[1].challenges_made = chances, challenges
    return HardBot().score_play(obs, parse_cards("W4")[0], know)


def test_hard_likes_a_bluffed_wild_draw_four_less_against_a_seat_that_has_challenged():
    obs, know = _wild_draw_four_on(["W4", "R1", "G7"])  # holds red: a bluff
    never = _w4_score(obs, know, chances=2, challenges=0)
    unknown = _w4_score(obs, know, chances=0, challenges=0)
    challenger = _w4_score(obs, know, chances=2, challenges=2)
    assert never > unknown > challenger


def test_an_honest_wild_draw_four_fears_no_challenge():
    obs, know = _wild_draw_four_on(["W4", "G1", "G7"])  # no red: a challenge would fail
    assert _w4_score(obs, know, chances=2, challenges=2) == _w4_score(obs, know, 0, 0)
