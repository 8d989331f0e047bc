"""A match remembers what each seat showed of its Wild Draw Fours and its challenges in
earlier rounds (`Match.habits`): every bot's observation carries it into the next round,
and it is saved with the match."""

from __future__ import annotations

import random

import pytest

from uno_desktop.ai import make_bot
from uno_desktop.engine import Challenge, Color, Draw, Game, Play, RuleSet, SeatHabits, parse_cards
from uno_desktop.play.match import ManualClock, Match, SavedMatchError, SeatSpec

from .ai.helpers import stacked_deck

RULES = RuleSet(hand_size=2)
SEATS = [SeatSpec("Ann", "normal"), SeatSpec("Bo", "normal")]


class Watcher:
    """A normal bot that keeps every observation it is given."""

    def __init__(self, seen: list) -> None:
        self.seen = seen
        self.bot = make_bot("normal")

    def choose(self, obs, legal, rng: random.Random):
        self.seen.append(obs)
        return self.bot.choose(obs, legal, rng)


def _match_after_a_bluff_caught() -> tuple[Match, ManualClock, list]:
    """Round 1: Bo plays a Wild Draw Four holding red on red, Ann challenges and is right,
    and Ann goes out; the round is scored."""
    clock, seen = ManualClock(), []
    match = Match(RULES, SEATS, 3, clock=clock, bot_factory=lambda _level: Watcher(seen))
    match.start_round()
    hands = [["G1", "G2"], ["W4", "R7"]]
    pile = ["Y1", "Y2", "Y3", "Y4", "Y5"]
    match.game = game = Game.new(
        RULES, 2, dealer=0, deck=stacked_deck(RULES, hands, "R5", pile=pile)
    )
    card = parse_cards
    game.apply(Play(1, card("W4")[0], Color.GREEN))  # Bo holds R7: a bluff
    game.apply(Challenge(0))  # guilty: Bo draws four, Ann plays on
    game.apply(Play(0, card("G1")[0], uno=True))
    game.apply(Draw(1))  # Y5: nothing to play on green 1
    game.apply(Play(0, card("G2")[0]))
    assert game.is_over and game.winner == 0
    match.finish_round()
    return match, clock, seen


def test_a_bluff_caught_in_one_round_is_in_every_bots_observation_in_the_next():
    match, clock, seen = _match_after_a_bluff_caught()
    ann = SeatHabits(challenge_chances=1, challenges_made=1)
    bo = SeatHabits(challenged=1, guilty=1)
    assert match.habits == (ann, bo)
    match.start_round()
    clock.advance(60.0)
    match.poll()
    assert seen and all(obs.habits == (ann, bo) for obs in seen)
    assert match.observation(0).habits == match.observation(1).habits == (ann, bo)


def test_the_first_round_starts_with_no_habits():
    match = Match(RULES, SEATS, 3, clock=ManualClock())
    match.start_round()
    assert match.habits == () and match.observation(0).habits == ()


def test_the_habits_are_saved_with_the_match():
    match, _clock, _seen = _match_after_a_bluff_caught()
    match.start_round()
    back = Match.from_dict(match.to_dict(), clock=ManualClock())
    assert back.habits == match.habits != ()


def test_a_save_from_before_habits_plays_on_with_none():
    match, _clock, _seen = _match_after_a_bluff_caught()
    match.start_round()
    doc = match.to_dict()
    del doc["habits"]
    assert Match.from_dict(doc, clock=ManualClock()).habits == ()


@pytest.mark.parametrize(
    "habits",
    [
        [[0, 0, 0, 1, 1]],  # one seat of two
        [[0, 0, 0, 1, 1], [1, 1, 0, 0]],  # four counts, not five
        [[0, 0, 0, 1, 1], [1, -1, 0, 0, 0]],
        [[0, 0, 0, 1, 1], [1, 2, 0, 0, 0]],  # more bluffs caught than challenges
        [[0, 0, 0, 1, 2], [1, 1, 0, 0, 0]],  # more challenges than chances
        [[0, 0, 0, 1, 1], [10**12, 1, 0, 0, 0]],
        [[0, 0, 0, 1, 1], [1, True, 0, 0, 0]],
        "1,1,0,0,0",
    ],
)
def test_saved_habits_out_of_range_are_refused(habits):
    match, _clock, _seen = _match_after_a_bluff_caught()
    match.start_round()
    doc = match.to_dict()
    doc["habits"] = habits
    with pytest.raises(SavedMatchError, match="habits"):
        Match.from_dict(doc, clock=ManualClock())
