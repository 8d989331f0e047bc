"""legal_actions is exact: the full set, for the current seat and out of turn."""

from __future__ import annotations

import pytest

from uno_desktop.engine import (
    COLORS,
    CallUno,
    Card,
    CatchUno,
    Challenge,
    Draw,
    IllegalAction,
    Pass,
    Play,
    RuleSet,
    Stacking,
)

from .helpers import deal, play


def wilds(seat: int, code: str, uno: bool = False, **kw: object) -> set[Play]:
    """The Play of a wild in every colour (and with and without UNO when `uno`)."""
    flags = (False, True) if uno else (False,)
    return {play(seat, code, c.letter, uno=f, **kw) for c in COLORS for f in flags}


def test_in_turn_matching_cards_wilds_and_draw() -> None:
    game = deal(["R1 R2 R3", "G7 B2 W", "Y1 Y2 Y3"], start="G5", pile="R9")
    expected = {play(1, "G7"), Draw(1)} | wilds(1, "W")
    assert set(game.legal_actions(1)) == expected
    assert len(game.legal_actions(1)) == len(expected)  # no duplicates


def test_out_of_turn_nothing_without_options() -> None:
    game = deal(["G1 R2 R3", "G7 B2 W", "Y1 Y2 Y3"], start="G5", pile="R9")
    assert game.legal_actions(0) == []
    assert game.legal_actions(2) == []


def test_duplicate_cards_give_one_action_each() -> None:
    game = deal(["R1 R2 R3", "G7 G7 B2", "Y1 Y2 Y3"], start="G5", pile="R9")
    assert game.legal_actions(1) == [play(1, "G7"), Draw(1)]


def test_with_two_cards_every_play_comes_with_and_without_uno() -> None:
    game = deal(["R1 R2", "G7 W", "Y1 Y2"], start="G5", pile="R9")
    expected = {play(1, "G7"), play(1, "G7", uno=True), Draw(1)} | wilds(1, "W", uno=True)
    assert set(game.legal_actions(1)) == expected


def test_after_a_playable_draw_only_that_card_or_pass() -> None:
    game = deal(["R1 R2 R3", "B7 B2 W", "Y1 Y2 Y3"], start="G5", pile="W4")
    game.apply(Draw(1))
    assert set(game.legal_actions(1)) == wilds(1, "W4") | {Pass(1)}
    assert game.legal_actions(0) == []


def test_facing_a_wild_draw_four_the_victim_may_draw_or_challenge() -> None:
    game = deal(["R1 R2 R3", "W4 B2 B3", "G4 W4 Y3"], start="G5", pile="R9 R8 R7 R6")
    game.apply(play(1, "W4", "B"))
    assert set(game.legal_actions(2)) == {Draw(2), Challenge(2)}
    assert game.legal_actions(0) == []
    assert game.legal_actions(1) == []


def test_facing_a_stack_the_victim_may_stack_draw_or_challenge() -> None:
    rules = RuleSet(hand_size=3, stacking=Stacking.MIXED)
    game = deal(["R1 R2 R3", "W4 B2 B3", "BD2 W4 GD2"], start="G5", pile="R9 R8", rules=rules)
    game.apply(play(1, "W4", "B"))
    expected = {Draw(2), Challenge(2), play(2, "BD2")} | wilds(2, "W4")
    assert set(game.legal_actions(2)) == expected


def test_a_forgotten_uno_others_may_catch_and_the_forgetter_may_call() -> None:
    game = deal(["R1 R2", "G1 G2", "Y3 Y2"], start="G5", pile="R9")
    game.apply(play(1, "G1"))
    assert set(game.legal_actions(0)) == {CatchUno(0, 1)}
    assert set(game.legal_actions(1)) == {CallUno(1)}
    assert set(game.legal_actions(2)) == {CatchUno(2, 1), Draw(2)}


def test_a_false_catch_is_offered_against_a_declared_seat_when_it_has_a_price() -> None:
    rules = RuleSet(hand_size=2, false_catch_penalty=2)
    game = deal(["R1 R2", "G1 G2", "Y3 Y2"], start="G5", pile="R9", rules=rules)
    game.apply(play(1, "G1", uno=True))
    assert set(game.legal_actions(0)) == {CatchUno(0, 1)}
    assert set(game.legal_actions(1)) == set()
    assert set(game.legal_actions(2)) == {CatchUno(2, 1), Draw(2)}


def test_jump_in_is_offered_out_of_turn_only_for_the_identical_card() -> None:
    rules = RuleSet(hand_size=3, jump_in=True)
    game = deal(["G5 G6 R5", "G5 B2 B3", "B7 B8 B9", "G5 Y5 W"], start="G4", rules=rules)
    game.apply(play(1, "G5"))
    assert set(game.legal_actions(0)) == {play(0, "G5")}
    assert set(game.legal_actions(3)) == {play(3, "G5")}
    assert set(game.legal_actions(1)) == set()
    assert set(game.legal_actions(2)) == {Draw(2)}


def test_a_seven_under_seven_zero_is_offered_with_every_other_seat_as_target() -> None:
    rules = RuleSet(hand_size=3, seven_zero=True)
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3", "Y4 Y5 Y6"], start="G5", rules=rules)
    expected = {play(1, "G7", target=t) for t in (0, 2, 3)} | {Draw(1)}
    assert set(game.legal_actions(1)) == expected


def test_wild_swap_hands_is_offered_with_every_colour_and_target() -> None:
    game = deal(["R1 R2 R3", "WS B2 B3", "Y1 Y2 Y3"], start="G5")
    expected = {play(1, "WS", c.letter, target=t) for c in COLORS for t in (0, 2)} | {Draw(1)}
    assert set(game.legal_actions(1)) == expected


def test_without_bluffing_a_wild_draw_four_is_not_offered_while_holding_the_colour() -> None:
    rules = RuleSet(hand_size=3, bluffing=False)
    game = deal(["R1 R2 R3", "W4 G2 B3", "Y1 Y2 Y3"], start="G5", rules=rules)
    assert set(game.legal_actions(1)) == {play(1, "G2"), Draw(1)}


def test_nothing_is_legal_once_the_round_is_over() -> None:
    game = deal(["R1", "G1", "Y1"], start="G5")
    game.apply(play(1, "G1"))
    assert [game.legal_actions(s) for s in range(3)] == [[], [], []]


def test_every_offered_action_is_accepted() -> None:
    game = deal(["R1 R2 R3", "G7 W4 WS", "Y1 Y2 Y3"], start="G5", pile="R9 R8 R7 R6")
    for action in game.legal_actions(1):
        game.clone().apply(action)


def test_a_play_offered_with_uno_at_two_cards_is_refused_once_the_hand_has_grown() -> None:
    # apply takes a shortcut for the Plays legal_actions built (per seat and hand size);
    # one kept from an earlier turn must still be judged by the hand as it is now.
    game = deal(["G1 R2", "G7 W"], start="G5", pile="B9 R8")
    stale = play(1, "G7", uno=True)
    assert stale in game.legal_actions(1)
    game.apply(Draw(1))  # B9 does not match G5: the turn passes
    game.apply(play(0, "G1", uno=True))
    assert game.current == 1 and len(game.hand(1)) == 3
    before = (game.hands, game.discard_pile, game.current)
    with pytest.raises(IllegalAction, match="second-to-last card"):
        game.apply(stale)
    assert (game.hands, game.discard_pile, game.current) == before
    game.apply(play(1, "G7"))
    assert game.top_card == Card.parse("G7")


def test_the_plays_come_first_in_every_list_of_legal_actions() -> None:
    # Harnesses (benchmarks, the random policy) count the Plays at the front of the list.
    import random

    from uno_desktop.engine import OFFICIAL, Game

    for seed in range(40):
        rng = random.Random(seed)
        game = Game.new(OFFICIAL.replace(jump_in=True), 3, seed=seed)
        while not game.is_over:
            for seat in range(3):
                kinds = [type(a) is Play for a in game.legal_actions(seat)]
                assert kinds == sorted(kinds, reverse=True), (seed, seat, kinds)
            acts = game.legal_actions(game.current)
            game.apply(acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("preset", ["official", "house"])
def test_turn_cards_and_their_plays_are_exactly_the_plays_legal_actions_offers(preset) -> None:
    # The search's shortcut (`turn_cards`, `plays_of`) must offer what the rules do.
    import random

    from uno_desktop.engine import OFFICIAL, Game

    rules = (
        OFFICIAL
        if preset == "official"
        else OFFICIAL.replace(bluffing=False, seven_zero=True, stacking=Stacking.MIXED)
    )
    plain_turns = 0
    for seed in range(30):
        rng = random.Random(seed)
        game = Game.new(rules, 4, seed=seed)
        while not game.is_over:
            for seat in range(4):
                cards = game.turn_cards(seat)
                acts = game.legal_actions(seat)
                if cards is None:
                    assert seat != game.current or game.phase.name != "PLAY"
                    continue
                plain_turns += 1
                offered = [a for a in acts if type(a) is Play]
                assert list(dict.fromkeys(a.card for a in offered)) == cards
                assert [p for c in cards for p in game.plays_of(seat, c)] == offered
            acts = game.legal_actions(game.current)
            game.apply(acts[rng.randrange(len(acts))])
    assert plain_turns > 500
