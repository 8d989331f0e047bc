"""The hard bot's sampled worlds agree with everything its observation says."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from uno_desktop.ai import HardBot, make_bot
from uno_desktop.ai.hard import NET_VALUE, TABLE_CRITICAL
from uno_desktop.ai.knowledge import Choice, Knowledge, SeatInfo
from uno_desktop.ai.search import (
    LazyRandom,
    Sampler,
    _checks,
    _consistent,
    build_world,
    search_table,
    table_action,
    table_value,
)
from uno_desktop.engine import (
    OFFICIAL,
    CallUno,
    Card,
    CatchUno,
    Color,
    Draw,
    Game,
    Phase,
    Play,
    RuleSet,
    Stacking,
    parse_cards,
)
from uno_desktop.rules.presets import load_preset

from .helpers import stacked_deck


def _positions():
    rules = RuleSet(seven_zero=True, stacking=Stacking.MIXED)
    for seed in range(6):
        rng = random.Random(seed)
        game = Game.new(rules, 3, seed=seed)
        bots = [make_bot("normal") for _ in range(3)]
        while not game.is_over:
            yield game.observation(game.current)
            seat = game.current
            game.apply(bots[seat].choose(game.observation(seat), game.legal_actions(seat), rng))


def test_sampled_hands_have_the_observed_sizes_and_use_only_unseen_cards():
    for obs in _positions():
        know = Knowledge.from_observation(obs)
        hands, pile = Sampler(obs, know).deal(random.Random(1))
        assert [len(h) for h in hands] == list(obs.hand_sizes)
        assert len(pile) == obs.draw_pile_size
        assert tuple(hands[obs.seat]) == obs.hand
        hidden = Counter(pile)
        for seat, hand in enumerate(hands):
            if seat != obs.seat:
                hidden.update(hand)
        assert hidden == know.unseen + Counter(c for s in know.seats for c in s.known.elements())


def test_a_sampled_world_plays_on_to_the_end():
    for i, obs in enumerate(_positions()):
        if i % 25:
            continue
        world = build_world(obs, Knowledge.from_observation(obs), random.Random(i))
        for _ in range(3000):
            if world.is_over:
                break
            seat = world.current
            legal = world.legal_actions(seat)
            plays = [a for a in legal if type(a).__name__ == "Play"]
            world.apply(plays[0] if plays else legal[0])
        assert world.is_over


def test_sampling_respects_a_void_when_the_pool_allows():
    rules = RuleSet(hand_size=4)
    hands = [["R1", "R2", "G3", "W"], ["B1", "B2", "B3", "B4"]]
    game = Game.new(rules, 2, dealer=0, deck=stacked_deck(rules, hands, "Y5", ["G9"]))
    game.apply(Draw(1))  # no yellow
    obs = game.observation(0)
    know = Knowledge.from_observation(obs)
    for seed in range(20):
        sampled, _ = Sampler(obs, know).deal(random.Random(seed))
        assert all(c.color is not Color.YELLOW for c in sampled[1])


def _four_player_turns(games: int = 8, rules: RuleSet = OFFICIAL):
    """(game, observation of the seat to move) along four-player Normal games."""
    normal = make_bot("normal")
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(rules, 4, seed=seed)
        while not game.is_over:
            seat = game.current
            obs = game.observation(seat)
            yield game, obs
            game.apply(normal.choose(obs, game.legal_actions(seat), rng))


@pytest.mark.parametrize("preset", ["official", "swedish", "party"])
def test_table_action_plays_as_normal_does(preset):
    """The same card, colour, swap target and UNO call, 7-0 and Swap Hands included."""
    normal = make_bot("normal")
    compared = swaps = 0
    for game, obs in _four_player_turns(6, load_preset(preset)):
        legal = game.legal_actions(obs.seat)
        if obs.can_challenge:
            continue  # the copy never challenges
        if obs.phase is Phase.PENALTY and any(isinstance(a, Play) for a in legal):
            continue  # it stacks its best-liked card; Normal a Draw Two before a Draw Four
        want = normal.choose(obs, legal, random.Random(0))
        if isinstance(want, CallUno | CatchUno):
            continue  # it says nothing and catches nobody
        assert table_action(game.clone()) == want
        compared += 1
        swaps += getattr(want, "target", None) is not None
    assert compared > 200
    assert swaps > 0 or preset == "official"


def test_true_hands_always_explain_what_normal_players_did():
    """The inference may only rule out hands a Normal-like player cannot hold."""
    checked = 0
    for game, obs in _four_player_turns():
        know = Knowledge.from_observation(obs)
        for seat in range(4):
            if seat == obs.seat:
                continue
            hand = list(game.hand(seat))
            info = know.seats[seat]
            for lack in info.lacks:
                assert sum(1 for c in hand if lack.covers(c)) <= lack.room
            assert _consistent(_checks(info), hand, obs.rules)
            checked += bool(info.recent) + len(info.lacks)
    assert checked > 500


def test_a_play_the_turn_after_an_unplayable_draw_is_read_as_a_choice():
    # Seat 1 draws G9 on Y5 and cannot play it, so the turn passes. Its R7 on seat 0's
    # Y7 next turn is a free choice among its cards, not the drawn card played at once.
    rules = RuleSet()
    hands = [
        ["Y7", "Y1", "Y2", "Y3", "B3", "B4", "G3"],
        ["R7", "R1", "R2", "B1", "B2", "G1", "G2"],
    ]
    game = Game.new(rules, 2, dealer=0, deck=stacked_deck(rules, hands, "Y5", ["G9"]))
    game.apply(Draw(1))
    assert game.current == 0
    game.apply(
        next(a for a in game.legal_actions(0) if getattr(a, "card", None) == Card.parse("Y7"))
    )
    game.apply(
        next(a for a in game.legal_actions(1) if getattr(a, "card", None) == Card.parse("R7"))
    )
    seat1 = Knowledge.from_observation(game.observation(0)).seats[1]
    assert [ch.card for ch in seat1.recent] == [Card.parse("R7")]


def test_recent_plays_rule_out_hands_that_contradict_them():
    # A Normal-like seat answered R5 with R9. Had it also held Y5 and three more
    # yellows it would have switched to yellow (its longest colour), so such a hand is
    # ruled out; a hand with nothing else playable is not.
    info = SeatInfo()
    info.recent = [Choice(Card.parse("R9"), None, Color.RED, Card.parse("R5"), 1, 1, (7, 5, 7, 7))]
    assert _consistent(_checks(info), parse_cards(["G1", "G2", "Y1", "Y2"]), RuleSet())
    assert not _consistent(_checks(info), parse_cards(["Y5", "Y1", "Y2", "Y3"]), RuleSet())


def test_hard_searches_at_four_players_once_an_opponent_is_low():
    hard = HardBot()
    for _game, obs in _four_player_turns(2):
        low = any(size <= TABLE_CRITICAL for s, size in enumerate(obs.hand_sizes) if s != obs.seat)
        assert hard.table_search(obs) is low
    heads_up = Game.new(RuleSet(), 2, seed=1)
    assert not hard.table_search(heads_up.observation(heads_up.current))


def _table_searches(every: int):
    """(index, observation, knowledge, candidates) at every `every`-th four-player turn
    where the hard bot searches and has at least two plays or draws to compare."""
    hard = HardBot()
    for i, (game, obs) in enumerate(_four_player_turns(3)):
        if i % every or not hard.table_search(obs) or obs.phase is not Phase.PLAY:
            continue
        cands = [a for a in game.legal_actions(obs.seat) if type(a).__name__ in ("Play", "Draw")]
        if len(cands) >= 2:
            yield i, obs, Knowledge.from_observation(obs), cands


def test_table_search_keeps_the_favourite_unless_sure_and_repeats_itself():
    for i, obs, know, cands in _table_searches(7):
        kw = {"samples": 6, "depth": 8, "judge": NET_VALUE}
        sure, _ = search_table(obs, know, cands, random.Random(i), z=1e12, **kw)
        assert sure is cands[0]
        a1, m1 = search_table(obs, know, cands, random.Random(i), z=1.0, **kw)
        a2, m2 = search_table(obs, know, cands, random.Random(i), z=1.0, **kw)
        assert a1 == a2 and m1 == m2


@pytest.mark.parametrize("players", [3, 5])
def test_the_value_of_other_tables_gives_each_seat_a_chance_and_they_add_up_to_one(players):
    normal = make_bot("normal")
    game = Game.new(RuleSet(), players, seed=players)
    rng = random.Random(0)
    while not game.is_over:
        chances = [table_value(game, s) for s in range(players)]
        assert all(0.0 < p < 1.0 for p in chances)
        assert abs(sum(chances) - 1.0) < 1e-9
        seat = game.current
        game.apply(normal.choose(game.observation(seat), game.legal_actions(seat), rng))


def test_the_four_player_judge_favours_a_mover_whose_last_card_plays():
    rules = RuleSet(hand_size=1)

    def mover_chance(card: str) -> float:
        hands = [[card], ["G1"], ["Y2"], ["B3"]]  # seat 0 moves first; nobody else plays
        game = Game.new(rules, 4, dealer=3, deck=stacked_deck(rules, hands, "R7", dealer=3))
        assert game.current == 0
        return NET_VALUE.many([game], 0)[0]

    assert mover_chance("R1") > 0.7  # plays on R7 and goes out
    assert mover_chance("B1") < 0.3  # must draw


def test_a_lazy_random_draws_what_random_would_and_copies_alike():
    lazy, eager = LazyRandom(12345), random.Random(12345)
    assert [lazy.getrandbits(k) for k in (1, 7, 64)] == [eager.getrandbits(k) for k in (1, 7, 64)]
    assert LazyRandom(9).getstate() == random.Random(9).getstate()
    world = Game.new(RuleSet(), 4, seed=3)
    world.rng = LazyRandom(7)  # type: ignore[assignment]
    copy = world.clone()  # no rng given: a copy of the world's state
    assert copy.rng.getrandbits(32) == random.Random(7).getrandbits(32)
