"""House-rule options (issue 3): stacking, draw until playable, jump-in, 7-0,
Wild Swap Hands and the Wild Customizable card."""

from __future__ import annotations

import random

import pytest

from uno_desktop.engine import (
    CallUno,
    CatchUno,
    Challenge,
    Color,
    CustomEffect,
    CustomRule,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Phase,
    Play,
    RuleSet,
    Stacking,
    events,
)

from .helpers import deal, hand, play, snapshot

PILE = " ".join(f"{c}{n}" for c in "RY" for n in range(1, 10))
SAME = RuleSet(hand_size=3, stacking=Stacking.SAME)
MIXED = RuleSet(hand_size=3, stacking=Stacking.MIXED)

# ------------------------------------------------------------------ stacking


def test_without_stacking_a_draw_two_cannot_be_passed_on() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "BD2 Y2 Y3"], start="G5", pile=PILE)
    game.apply(play(1, "GD2"))
    assert game.current == 0  # seat 2 drew at once and was skipped
    assert len(game.hands[2]) == 5


def test_stacking_same_a_draw_two_on_a_draw_two_passes_four_on() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "BD2 Y2 Y3"], start="G5", pile=PILE, rules=SAME)
    game.apply(play(1, "GD2"))
    assert game.phase is Phase.PENALTY
    assert game.current == 2
    game.apply(play(2, "BD2"))
    assert game.current == 0
    assert game.observation(0).pending_draw == 4
    game.apply(Draw(0))
    assert len(game.hands[0]) == 3 + 4
    assert game.current == 1
    assert game.phase is Phase.PLAY


def test_stacking_same_a_wild_draw_four_on_a_wild_draw_four_passes_eight_on() -> None:
    game = deal(["R1 R2 R3", "W4 B1 B2", "W4 Y2 Y3"], start="G5", pile=PILE, rules=SAME)
    game.apply(play(1, "W4", "B"))
    game.apply(play(2, "W4", "R"))
    assert game.observation(0).pending_draw == 8
    game.apply(Draw(0))
    assert len(game.hands[0]) == 11


def test_stacking_same_refuses_a_wild_draw_four_on_a_draw_two() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "W4 Y2 Y3"], start="G5", pile=PILE, rules=SAME)
    game.apply(play(1, "GD2"))
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="cannot be stacked"):
        game.apply(play(2, "W4", "R"))
    assert snapshot(game) == before


def test_stacking_mixed_a_wild_draw_four_on_a_draw_two() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "W4 Y2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "GD2"))
    game.apply(play(2, "W4", "R"))
    assert game.observation(0).pending_draw == 6
    assert game.observation(0).pending_kind == "W4"


def test_stacking_mixed_a_draw_two_on_a_wild_draw_four_only_in_the_chosen_colour() -> None:
    game = deal(["R1 R2 R3", "W4 B1 B2", "GD2 BD2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "W4", "B"))
    stacks = {a.card.code for a in game.legal_actions(2) if isinstance(a, Play)}
    assert stacks == {"BD2"}
    with pytest.raises(IllegalAction, match="cannot be stacked"):
        game.apply(play(2, "GD2"))
    game.apply(play(2, "BD2"))
    assert game.observation(0).pending_draw == 6


def test_a_stack_is_taken_whole_by_draw() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "W4 Y2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "GD2"))
    game.apply(play(2, "W4", "R"))
    evs = game.apply(Draw(0))
    assert events.CardsDrawn(0, 6, tuple(game.hands[0][3:]), "penalty") in evs
    assert events.TurnSkipped(0) in evs
    assert game.current == 1


def test_only_the_wild_draw_four_on_top_of_a_stack_can_be_challenged() -> None:
    game = deal(["R1 R2 R3", "W4 B1 B2", "BD2 Y2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "W4", "B"))
    assert game.observation(2).can_challenge
    game.apply(play(2, "BD2"))
    assert not game.observation(0).can_challenge
    assert Challenge(0) not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="no Wild Draw Four"):
        game.apply(Challenge(0))


def test_a_guilty_stacked_wild_draw_four_its_player_takes_the_whole_stack() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "W4 G2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "GD2"))
    game.apply(play(2, "W4", "R"))  # seat 2 held G2, the active colour: guilty
    game.apply(Challenge(0))
    assert len(game.hands[2]) == 2 + 6
    assert len(game.hands[0]) == 3
    assert game.current == 0
    assert game.phase is Phase.PLAY


def test_an_innocent_stacked_wild_draw_four_the_challenger_takes_the_stack_plus_two() -> None:
    game = deal(["R1 R2 R3", "GD2 B1 B2", "W4 Y2 Y3"], start="G5", pile=PILE, rules=MIXED)
    game.apply(play(1, "GD2"))
    game.apply(play(2, "W4", "R"))
    game.apply(Challenge(0))
    assert len(game.hands[0]) == 3 + 8
    assert game.current == 1


def test_a_last_draw_two_stacked_on_a_penalty_passes_the_stack_and_clears_it() -> None:
    rules = RuleSet(hand_size=2, stacking=Stacking.SAME)
    game = deal(["R1 R2", "GD2 G1", "BD2 G3"], start="G5", pile=PILE, rules=rules, dealer=1)
    game.apply(play(2, "G3", uno=True))
    game.apply(Draw(0))  # R1: no match
    game.apply(play(1, "GD2"))
    game.apply(play(2, "BD2"))
    assert game.is_over
    assert game.winner == 2
    assert len(game.hands[0]) == 3 + 4
    obs = game.observation(0)
    assert obs.pending_draw == 0
    assert obs.pending_kind is None


# ------------------------------------------------------------ draw until playable

DUP = RuleSet(hand_size=3, draw_until_playable=True)


def test_draw_until_playable_draws_until_a_playable_card_which_may_be_played() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R7 Y8 G9 R9", rules=DUP)
    game.apply(Draw(1))
    assert hand(game, 1) == ["B1", "B2", "B3", "R7", "Y8", "G9"]
    assert game.phase is Phase.DRAWN
    assert set(game.legal_actions(1)) == {play(1, "G9"), Pass(1)}
    game.apply(play(1, "G9"))
    assert game.current == 2


def test_draw_until_playable_with_keep_drawn_keeps_the_found_card() -> None:
    rules = DUP.replace(play_drawn=False)
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R7 G9 R9", rules=rules)
    game.apply(Draw(1))
    assert hand(game, 1) == ["B1", "B2", "B3", "R7", "G9"]
    assert game.current == 2


def test_draw_until_playable_stops_when_nothing_is_left_to_draw() -> None:
    game = deal(["R1 R2 R3", "B1 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R7 Y8", rules=DUP)
    game.apply(Draw(1))
    assert hand(game, 1) == ["B1", "B2", "B3", "R7", "Y8"]
    assert game.current == 2


def test_draw_until_playable_does_not_change_a_penalty_draw() -> None:
    game = deal(["R1 R2 R3", "GD2 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R7 Y8 G9", rules=DUP)
    game.apply(play(1, "GD2"))
    assert hand(game, 2) == ["Y1", "Y2", "Y3", "R7", "Y8"]


# ------------------------------------------------------------------- jump-in

JUMP = RuleSet(hand_size=3, jump_in=True)


def test_jump_in_with_an_identical_card_out_of_turn_play_continues_from_the_jumper() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "G7 B1 B4"], start="G5", rules=JUMP)
    game.apply(play(1, "G7"))
    assert game.current == 2
    evs = game.apply(play(3, "G7"))
    assert events.CardPlayed(3, game.top_card, True) in evs
    assert game.current == 0


def test_no_jump_in_on_the_turned_up_start_card() -> None:
    # Nobody played it: the first player plays first.
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "G5 B1 B4"], start="G5", rules=JUMP)
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == []
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="start card"):
        game.apply(play(3, "G5"))
    assert snapshot(game) == before
    assert game.current == 1


def test_no_jump_in_on_the_start_card_while_it_stays_on_top() -> None:
    game = deal(["R1 R2 R3", "B7 B2 B3", "Y1 Y2 Y3", "G5 B1 B4"], start="G5", pile="R9", rules=JUMP)
    game.apply(Draw(1))  # R9 does not match: the turn passes, the start card stays
    assert game.current == 2
    with pytest.raises(IllegalAction, match="start card"):
        game.apply(play(3, "G5"))


def test_a_jump_in_is_open_once_a_card_is_played() -> None:
    game = deal(["R1 R2 R3", "G5 B2 B3", "Y1 Y2 Y3", "G5 B1 B4"], start="G9", rules=JUMP)
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == []
    game.apply(play(1, "G5"))
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == [play(3, "G5")]


def test_a_game_rebuilt_from_an_observation_keeps_the_start_card_rule() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "G5 G7 B4"], start="G5", rules=JUMP)

    def rebuilt() -> Game:
        obs = game.observation(3)
        return Game.from_observation(obs, game.hands, game.draw_pile, random.Random(1))

    assert [a for a in rebuilt().legal_actions(3) if isinstance(a, Play)] == []
    game.apply(play(1, "G7"))
    assert rebuilt().legal_actions(3) == game.legal_actions(3) == [play(3, "G7")]


def test_jump_in_needs_identical_colour_and_symbol() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "R7 G8 B4"], start="G5", rules=JUMP)
    game.apply(play(1, "G7"))
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == []
    before = snapshot(game)
    with pytest.raises(IllegalAction, match="identical"):
        game.apply(play(3, "R7"))
    assert snapshot(game) == before


def test_an_action_card_jumped_in_acts_from_the_jumper() -> None:
    game = deal(
        ["R1 R2 R3", "GS B2 B3", "Y1 Y2 Y3", "G1 B1 B4", "GS Y4 Y5"], start="G5", rules=JUMP
    )
    game.apply(play(1, "GS"))
    assert game.current == 3
    game.apply(play(4, "GS"))  # seat 4 jumps in: it skips seat 0, the seat after it
    assert game.current == 1


def test_a_reverse_jumped_in_turns_from_the_jumper() -> None:
    game = deal(["R1 R2 R3", "GR B2 B3", "Y1 Y2 Y3", "GR B1 B4"], start="G5", rules=JUMP)
    game.apply(play(1, "GR"))
    assert game.current == 0
    game.apply(play(3, "GR"))
    assert game.direction == 1
    assert game.current == 0


def test_no_wild_jump_ins() -> None:
    game = deal(["R1 R2 R3", "W B2 B3", "Y1 Y2 Y3", "W B1 B4"], start="G5", rules=JUMP)
    game.apply(play(1, "W", "R"))
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == []
    with pytest.raises(IllegalAction, match="no wilds"):
        game.apply(play(3, "W", "R"))


def test_no_jump_in_while_a_penalty_is_pending() -> None:
    rules = JUMP.replace(stacking=Stacking.SAME)
    game = deal(["R1 R2 R3", "GD2 B2 B3", "Y1 Y2 Y3", "GD2 B1 B4"], start="G5", rules=rules)
    game.apply(play(1, "GD2"))
    assert game.phase is Phase.PENALTY
    with pytest.raises(IllegalAction, match="penalty"):
        game.apply(play(3, "GD2"))


def test_no_jump_in_after_the_current_player_has_drawn() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "G7 B1 B4"], start="G5", pile="Y7", rules=JUMP)
    game.apply(play(1, "G7"))
    game.apply(Draw(2))
    assert game.phase is Phase.DRAWN
    assert [a for a in game.legal_actions(3) if isinstance(a, Play)] == []
    with pytest.raises(IllegalAction, match="drawn"):
        game.apply(play(3, "G7"))


def test_without_the_jump_in_option_an_identical_card_waits_its_turn() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "G7 B1 B4"], start="G5")
    game.apply(play(1, "G7"))
    with pytest.raises(IllegalAction, match="turn"):
        game.apply(play(3, "G7"))


# ---------------------------------------------------------------------- 7-0

SEVEN_ZERO = RuleSet(hand_size=3, seven_zero=True)


def test_seven_swaps_hands_with_the_chosen_player() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", rules=SEVEN_ZERO)
    evs = game.apply(play(1, "G7", target=0))
    assert events.HandsSwapped(1, 0) in evs
    assert hand(game, 1) == ["R1", "R2", "R3"]
    assert hand(game, 0) == ["B2", "B3"]
    assert game.current == 2


def test_seven_needs_a_target_and_never_oneself() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", rules=SEVEN_ZERO)
    before = snapshot(game)
    for target in (None, 1, 3, -1):
        with pytest.raises(IllegalAction, match="swap with"):
            game.apply(play(1, "G7", target=target))
    assert snapshot(game) == before


def test_zero_passes_every_hand_one_seat_in_the_direction_of_play() -> None:
    game = deal(["R1 R2 R3", "G0 B2 B3", "Y1 Y2 Y3"], start="G5", rules=SEVEN_ZERO)
    evs = game.apply(play(1, "G0"))
    assert events.HandsRotated(1) in evs
    assert hand(game, 2) == ["B2", "B3"]
    assert hand(game, 0) == ["Y1", "Y2", "Y3"]
    assert hand(game, 1) == ["R1", "R2", "R3"]


def test_zero_after_a_reverse_passes_hands_the_other_way() -> None:
    game = deal(["G0 R2 R3", "GR B2 B3", "Y1 Y2 Y3"], start="G5", rules=SEVEN_ZERO)
    game.apply(play(1, "GR"))
    evs = game.apply(play(0, "G0"))
    assert events.HandsRotated(-1) in evs
    assert hand(game, 2) == ["R2", "R3"]
    assert hand(game, 1) == ["Y1", "Y2", "Y3"]
    assert hand(game, 0) == ["B2", "B3"]


def test_without_seven_zero_a_seven_is_a_plain_number() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5")
    with pytest.raises(IllegalAction, match="no target"):
        game.apply(play(1, "G7", target=0))
    game.apply(play(1, "G7"))
    assert hand(game, 0) == ["R1", "R2", "R3"]


def test_a_hand_moved_by_a_swap_is_never_catchable() -> None:
    rules = RuleSet(hand_size=2, seven_zero=True)
    game = deal(["R1 R2", "G7 B3", "Y1 Y2"], start="G5", rules=rules)
    game.apply(play(1, "G7", target=2))  # no UNO said, but the last card moves to seat 2
    assert hand(game, 2) == ["B3"]
    assert game.catchable is None
    assert CatchUno(0, 2) not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="cannot be caught"):
        game.apply(CatchUno(0, 2))
    assert CallUno(2) in game.legal_actions(2)


def test_a_hand_moved_by_a_zero_is_never_catchable() -> None:
    rules = RuleSet(hand_size=2, seven_zero=True)
    game = deal(["R1 R2", "G0 B3", "Y1 Y2"], start="G5", rules=rules)
    game.apply(play(1, "G0"))
    assert hand(game, 2) == ["B3"]
    assert game.catchable is None
    assert game.observation(0).uno_declared == (False, False, False)


# ------------------------------------------------------------ Wild Swap Hands


def test_wild_swap_hands_needs_a_colour_and_another_seat_and_swaps() -> None:
    game = deal(["R1 R2 R3", "WS B2 B3", "Y1 Y2 Y3"], start="G5")
    with pytest.raises(IllegalAction, match="swap with"):
        game.apply(play(1, "WS", "R"))
    with pytest.raises(IllegalAction, match="swap with"):
        game.apply(play(1, "WS", "R", target=1))
    with pytest.raises(IllegalAction, match="colour"):
        game.apply(Play(1, game.hands[1][0], None, 2))
    evs = game.apply(play(1, "WS", "R", target=2))
    assert events.HandsSwapped(1, 2) in evs
    assert hand(game, 1) == ["Y1", "Y2", "Y3"]
    assert hand(game, 2) == ["B2", "B3"]
    assert game.active_color is Color.RED
    assert game.current == 2


# -------------------------------------------------------- Wild Customizable


def _custom(effect: CustomEffect, amount: int = 1) -> RuleSet:
    return RuleSet(hand_size=3, custom_rule=CustomRule("House rule", effect, amount))


def test_custom_text_only_shows_the_text() -> None:
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", rules=_custom(CustomEffect.TEXT))
    evs = game.apply(play(1, "WC", "B"))
    assert events.CustomRuleApplied(1, "House rule", "text") in evs
    assert [len(h) for h in game.hands] == [3, 2, 3]
    assert game.current == 2


def test_custom_others_draw_makes_every_other_player_draw() -> None:
    rules = _custom(CustomEffect.OTHERS_DRAW, 2)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", pile=PILE, rules=rules)
    game.apply(play(1, "WC", "B"))
    assert [len(h) for h in game.hands] == [5, 2, 5]
    assert game.current == 2


def test_custom_next_draws_and_is_skipped() -> None:
    rules = _custom(CustomEffect.NEXT_DRAWS_SKIPPED, 3)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", pile=PILE, rules=rules)
    evs = game.apply(play(1, "WC", "B"))
    assert [len(h) for h in game.hands] == [3, 2, 6]
    assert events.TurnSkipped(2) in evs
    assert game.current == 0


def test_custom_extra_turn_gives_the_player_another_turn() -> None:
    rules = _custom(CustomEffect.EXTRA_TURN)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    game.apply(play(1, "WC", "B"))
    assert game.current == 1


def test_custom_swap_hands_needs_a_target_and_swaps() -> None:
    rules = _custom(CustomEffect.SWAP_HANDS)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    with pytest.raises(IllegalAction, match="swap with"):
        game.apply(play(1, "WC", "B"))
    game.apply(play(1, "WC", "B", target=0))
    assert hand(game, 1) == ["R1", "R2", "R3"]
    assert hand(game, 0) == ["B2", "B3"]


def test_custom_rotate_hands_passes_every_hand_on() -> None:
    rules = _custom(CustomEffect.ROTATE_HANDS)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    evs = game.apply(play(1, "WC", "B"))
    assert events.HandsRotated(1) in evs
    assert hand(game, 2) == ["B2", "B3"]
    assert hand(game, 0) == ["Y1", "Y2", "Y3"]


def test_custom_without_swap_takes_no_target() -> None:
    rules = _custom(CustomEffect.EXTRA_TURN)
    game = deal(["R1 R2 R3", "WC B2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    with pytest.raises(IllegalAction, match="no target"):
        game.apply(play(1, "WC", "B", target=0))
