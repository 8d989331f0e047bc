"""Legality is one decision: `apply` accepts exactly what `legal_actions` offers.

In random states of every preset (and variants that switch on what no preset does) at 2 to
10 seats, reached by seeded random legal play: every action any seat is offered, in turn
or not, is accepted and has no reason against it; every other action of a sampled set
(every Play, Draw, Pass, Challenge, CallUno and CatchUno for sampled seats, cards,
colours and targets) is refused with the reason `why_illegal` gives, and the refusal
leaves every field of the state as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from uno_desktop.engine import (
    COLORS,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Play,
)
from uno_desktop.engine.actions import Action
from uno_desktop.engine.cards import all_card_kinds

from .fingerprints import rule_sets
from .helpers import every_field

KINDS = all_card_kinds()
STATES_PER_GAME = 4  # consecutive states checked from where the random play stops


def reach(name: str, players: int, seed: int, steps: int) -> Game:
    """A game of `players` under rule set `name`, after `steps` random legal actions
    (plays preferred, as draw-until-playable needs; now and then one out of turn), or
    before the one that would end it."""
    rng = random.Random(seed)
    game = Game.new(rule_sets()[name], players, seed=seed, dealer=None)
    for _ in range(steps):
        ahead = random.Random()
        ahead.setstate(rng.getstate())
        trial = game.clone()  # the same future: a copy of the game's rng too
        step(trial, ahead)
        if trial.is_over:
            break
        step(game, rng)
    return game


def step(game: Game, rng: random.Random) -> None:
    if rng.random() < 0.2:
        seat = rng.randrange(game.players)
        options = game.legal_actions(seat)
        if seat != game.current and options:
            game.apply(rng.choice(options))
            return
    options = game.legal_actions(game.current)
    plays = [a for a in options if type(a) is Play]
    game.apply(rng.choice(plays if plays and rng.random() < 0.9 else options))


def candidates(game: Game, rng: random.Random) -> list[Action]:
    """Every action of each kind for a few sampled seats (the current one, another, any
    number at all), cards (held and not), colours and targets (valid or not)."""
    n = game.players
    seats = [game.current, rng.randrange(n), rng.randrange(-1, n + 1)]
    cards = [rng.choice(KINDS)]
    for seat in seats[:2]:
        hand = game.hand(seat)
        cards += rng.sample(hand, min(2, len(hand)))
    colors = rng.sample([None, *COLORS], 2)
    targets = rng.sample([None, *range(-1, n + 1)], 3)
    out: list[Action] = [
        Play(seat, card, color, target, uno)
        for seat in seats
        for card in cards
        for color in colors
        for target in targets
        for uno in (False, True)
    ]
    for seat in seats:
        out += [Draw(seat), Pass(seat), Challenge(seat), CallUno(seat)]
        out += [CatchUno(seat, t) for t in targets if t is not None]
    return out


def check_state(game: Game, rng: random.Random) -> None:
    offered = {seat: game.legal_actions(seat) for seat in range(game.players)}
    for seat, actions in offered.items():
        assert len(set(actions)) == len(actions), f"seat {seat} is offered an action twice"
        for action in actions:
            assert game.why_illegal(action) is None, action
            game.clone().apply(action)  # accepted
    before = every_field(game)
    for action in candidates(game, rng):
        if action in offered.get(action.seat, ()):
            continue
        reason = game.why_illegal(action)
        assert isinstance(reason, str) and reason, action
        with pytest.raises(IllegalAction) as refused:
            game.apply(action)
        assert str(refused.value) == reason
    assert every_field(game) == before


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(rule_sets())),
    players=st.integers(2, 10),
    seed=st.integers(0, 2**32),
    steps=st.integers(0, 200),
)
def test_apply_accepts_exactly_the_offered_actions_and_refusals_change_nothing(
    name: str, players: int, seed: int, steps: int
) -> None:
    game = reach(name, players, seed, steps)
    rng = random.Random(seed + 1)
    for _ in range(STATES_PER_GAME):
        check_state(game, rng)
        if game.is_over:
            break
        step(game, rng)


@pytest.mark.parametrize("name", ["official", "family", "swedish", "party"])
def test_every_preset_is_checked_from_its_first_state(name: str) -> None:
    # The dealt state (start card on top, nothing played) for every table size.
    for players in range(2, 11):
        check_state(reach(name, players, seed=players, steps=0), random.Random(players))
