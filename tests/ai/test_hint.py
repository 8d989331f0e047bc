"""The hint says what the hard computer player would do, from the person's observation.

It is the hard bot's own choice (recorded positions, and the bot asked with the hint's
rng), it never depends on hidden cards, and it answers every question the table asks:
which card, draw or not, play or keep, the colour, the swap target, challenge or not,
stack or take, each with one line of why.
"""

from __future__ import annotations

import functools
import random

import pytest

from uno_desktop.ai import HardBot
from uno_desktop.ai.hint import Hint, hint, hint_rng
from uno_desktop.engine import (
    COLORS,
    Card,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Game,
    Pass,
    Phase,
    Play,
    RuleSet,
    Stacking,
    build_deck,
)
from uno_desktop.lang.i18n import set_language
from uno_desktop.rules.presets import load_preset

from .fixed_positions import Position, encode, load
from .helpers import stacked_deck
from .test_fixed_positions import CHANGED

NAMES = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@functools.cache
def _positions() -> list[Position]:
    return load(every=10)


def _game(hands: list[list[str]], start: str, pile=(), rules: RuleSet | None = None) -> Game:
    """A round dealt `hands` by seat (the last seat deals, so seat 0 plays first)."""
    rules = rules or RuleSet(hand_size=len(hands[0]))
    n = len(hands)
    deck = stacked_deck(rules, hands, start, pile, dealer=n - 1)
    return Game.new(rules, n, dealer=n - 1, deck=deck)


def _hint(game: Game, seat: int, only=None) -> Hint:
    legal = game.legal_actions(seat)
    if only is not None:
        legal = [a for a in legal if only(a)]
    found = hint(game.observation(seat), legal, NAMES[: game.players])
    assert found is not None
    assert found.action in legal
    return found


# ------------------------------------------------------------------ the hard bot's choice


def test_the_hint_is_what_hard_decided_on_recorded_positions_without_search():
    """Where hard decides without a search its choice needs no rng: the hint must be the
    decision recorded in the data file."""
    plain = [p for p in _positions() if p.tag in ("turn", "out")]
    assert len(plain) >= 40
    for p in plain:
        found = hint(p.observation, p.legal)
        expected = CHANGED.get(p.id, p.hard)
        assert encode(found.action if found else None) == expected, p.id


def test_the_hint_is_the_hard_bots_choice_where_it_searches():
    searched = [p for p in _positions() if p.tag in ("table", "heads-up")][:80]
    assert len(searched) >= 60
    for p in searched:
        found = hint(p.observation, p.legal)
        bot = HardBot().choose(p.observation, p.legal, hint_rng(p.observation))
        assert found is not None and found.action == bot, p.id


def test_the_same_position_always_gets_the_same_hint_whatever_the_global_random():
    p = next(p for p in _positions() if p.tag == "table" and p.players == 4)
    first = hint(p.observation, p.legal)
    random.seed(12345)
    random.random()
    assert hint(p.observation, p.legal) == first


# ------------------------------------------------------------------ hidden cards


def _twin_decks(rules: RuleSet, n: int, seed: int, viewer: int) -> tuple[list[Card], list[Card]]:
    """Two decks that deal `viewer` the same hand and turn the same start card, while
    every card the viewer cannot see (other hands, the draw pile) lies elsewhere."""
    cards = build_deck(rules.deck)
    random.Random(seed).shuffle(cards)
    dealt = rules.hand_size * n
    start = next(i for i in range(dealt, len(cards)) if cards[i].rank.isdigit())
    cards[dealt], cards[start] = cards[start], cards[dealt]
    order = [(n - 1 + i) % n for i in range(1, n + 1)]  # the last seat deals
    mine = {r * n + order.index(viewer) for r in range(rules.hand_size)}
    hidden = [i for i in range(len(cards)) if i not in mine and i != dealt]
    moved = [cards[i] for i in hidden]
    random.Random(seed + 1).shuffle(moved)
    other = list(cards)
    for i, c in zip(hidden, moved):
        other[i] = c
    return cards, other


@pytest.mark.parametrize("players", [2, 4])
def test_two_games_that_differ_only_in_hidden_cards_give_the_same_hint(players):
    rules = RuleSet()
    viewer = 0
    differed = 0
    for seed in range(8):
        one, two = _twin_decks(rules, players, seed, viewer)
        a = Game.new(rules, players, dealer=players - 1, deck=one)
        b = Game.new(rules, players, dealer=players - 1, deck=two)
        assert a.hand(viewer) == b.hand(viewer) and a.top_card == b.top_card
        differed += any(a.hand(s) != b.hand(s) for s in range(1, players))
        assert _hint(a, viewer) == _hint(b, viewer)
    assert differed == 8  # the hidden hands really were different


# ------------------------------------------------------------------ every question


def test_which_card_a_skip_for_the_next_player_on_two_cards():
    game = _game([["BS", "B5"], ["Y1", "Y2"], ["G1", "G2"]], start="B3")
    found = _hint(game, 0)
    assert found.action == Play(0, Card.parse("BS"), uno=True)
    assert found.line == "Play Blue Skip, say UNO: the next player has two cards left"


def test_draw_when_no_card_fits():
    game = _game([["G1", "G2", "Y7"], ["Y1", "Y2", "Y3"]], start="B3")
    found = _hint(game, 0)
    assert found.action == Draw(0)
    assert found.line == "Draw a card: no card fits"


def test_play_or_keep_the_card_just_drawn():
    game = _game([["G1", "G2", "Y7"], ["Y1", "Y2", "Y3"]], start="B3", pile=["B9"])
    game.apply(Draw(0))
    assert game.phase is Phase.DRAWN
    found = _hint(game, 0)
    assert found.action in (Play(0, Card.parse("B9")), Pass(0))
    assert found.what in ("Play Blue 9", "Keep it")


def test_the_colour_for_a_wild_already_chosen():
    game = _game([["W", "B1", "B2", "G5"], ["Y1", "Y2", "Y3", "Y4"]], start="R3")
    wild = Card.parse("W")
    found = _hint(game, 0, only=lambda a: type(a) is Play and a.card == wild)
    assert found.action.color is Color.BLUE
    assert found.line == "Choose Blue: most of your cards are blue"


def test_the_swap_target_for_a_wild_swap_hands_with_its_colour_chosen():
    rules = load_preset("swedish").replace(hand_size=3)
    game = _game([["WS", "B1", "B2"], ["Y1", "Y2", "Y3"], ["G1", "G2", "G3"]], "R3", rules=rules)
    ws = Card.parse("WS")
    found = _hint(
        game, 0, only=lambda a: type(a) is Play and a.card == ws and a.color is Color.BLUE
    )
    assert found.action.target == 1  # every hand is as small: the next player, Bo
    assert found.line == "Swap with Bo: they have the fewest cards"


def test_challenge_a_wild_draw_four_when_about_to_go_out():
    """Bo skips and reverses down to two cards; Ann, holding six, plays a Wild Draw Four
    on blue. Likely a bluff, and Bo is about to go out: challenge."""
    hands = [["W4", "R1", "B1", "B2", "B4", "B5", "B6"], ["BS", "BS", "BR", "BR", "B8", "G1", "Y1"]]
    game = _game(hands, start="B3")
    game.apply(Play(0, Card.parse("B1")))
    for code in ("BS", "BS", "BR", "BR", "B8"):  # heads-up, each gives Bo another turn
        game.apply(Play(1, Card.parse(code)))
    game.apply(Play(0, Card.parse("W4"), Color.GREEN))
    found = _hint(game, 1)
    assert found.action == Challenge(1)
    assert found.line == "Challenge: they probably had a Blue card"


def test_catch_a_player_who_forgot_to_say_uno():
    game = _game([["W4", "R1"], ["G1", "Y1"]], start="R3")
    game.apply(Play(0, Card.parse("W4"), Color.GREEN))
    found = _hint(game, 1)
    assert found.action == CatchUno(1, 0)
    assert found.line == "Catch Ann: they forgot to say UNO"


def test_take_the_cards_rather_than_a_risky_challenge():
    game = _game(
        [["W4", "R1", "R2", "R4", "R5", "R6", "R7"], ["G1", "G2", "Y1", "Y2", "B5", "B6", "B7"]],
        start="G3",
    )
    game.apply(Play(0, Card.parse("W4"), Color.BLUE))
    found = _hint(game, 1)
    assert found.action == Draw(1)
    assert found.line == "Take 4 cards: a wrong challenge costs two more cards"


def test_stack_or_take_a_draw_two():
    rules = RuleSet(hand_size=3, stacking=Stacking.SAME)
    game = _game([["RD2", "G1", "G2"], ["BD2", "Y1", "Y2"], ["Y5", "Y6", "Y7"]], "R3", rules=rules)
    game.apply(Play(0, Card.parse("RD2")))
    assert game.phase is Phase.PENALTY
    found = _hint(game, 1)
    assert found.action in (Play(1, Card.parse("BD2")), Draw(1))
    if found.action == Draw(1):
        assert found.line == "Take 2 cards: keeps your Blue Draw Two for later"
    else:
        assert found.line == "Stack Blue Draw Two: the cards go on to the next player"


def test_no_hint_when_there_is_nothing_to_decide():
    game = _game([["R1", "R2"], ["Y1", "Y2"]], start="R3")
    assert hint(game.observation(1), game.legal_actions(1)) is None


def test_the_reason_is_in_the_language_of_the_screen():
    game = _game([["G1", "G2", "Y7"], ["Y1", "Y2", "Y3"]], start="B3")
    set_language("sv")
    found = _hint(game, 0)
    assert found.line == "Dra ett kort: inget kort passar"


def test_every_colour_can_be_suggested():
    seen = set()
    for color in COLORS:
        mine = [f"{color.letter}{r}" for r in (1, 2, 3)]
        game = _game([["W", *mine], ["Y5", "Y6", "Y7", "Y8"]], start="R9")
        wild = Card.parse("W")
        found = _hint(game, 0, only=lambda a, w=wild: type(a) is Play and a.card == w)
        seen.add(found.action.color)
    assert seen == set(COLORS)


def test_the_only_card_that_fits_is_named_so():
    game = _game(
        [["B7", "G1", "G2", "Y4"], ["Y1", "Y2", "Y3", "R4"], ["G5", "G6", "G7", "R1"]], start="B3"
    )
    found = _hint(game, 0)
    assert found.action == Play(0, Card.parse("B7"))
    assert found.line == "Play Blue 7: the only card that fits"
