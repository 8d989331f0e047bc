"""Every built-in preset played to the end at every table size, with random legal actions.

After every action the cards are counted (hands + draw pile + discard pile = the deck);
at the end there is exactly one winner (or the round is blocked) and the winner's points
are the value of the losers' hands. Out-of-turn actions (jump-in, UNO calls and catches)
are mixed in so the house rules of family and party get exercised too.
"""

from __future__ import annotations

import random

import pytest

from uno_desktop.cli import main
from uno_desktop.engine import Game, Play, hand_points
from uno_desktop.engine.actions import Action
from uno_desktop.rules.presets import BUILTIN_NAMES, load_preset

MAX_STEPS = 5_000  # a round with plays preferred ends in a few hundred actions
SEEDS = (1, 2)
OUT_OF_TURN_CHANCE = 0.2


def choose(game: Game, rng: random.Random) -> Action:
    """Usually a play by the current seat (draw-until-playable rounds need it to end);
    sometimes whatever another seat may do out of turn."""
    if rng.random() < OUT_OF_TURN_CHANCE:
        seat = rng.randrange(game.players)
        others = [a for a in game.legal_actions(seat) if a.seat != game.current]
        if others:
            return rng.choice(others)
    acts = game.legal_actions(game.current)
    plays = [a for a in acts if type(a) is Play]
    return rng.choice(plays or acts)


def card_count(game: Game) -> int:
    return sum(len(h) for h in game.hands) + len(game.draw_pile) + len(game.discard_pile)


def play_to_the_end(preset: str, players: int, seed: int) -> Game:
    rules = load_preset(preset)
    deck_size = rules.deck_size()
    rng = random.Random(seed)
    game = Game.new(rules, players, seed=seed, dealer=seed % players)
    assert card_count(game) == deck_size
    for step in range(MAX_STEPS):
        if game.is_over:
            return game
        game.apply(choose(game, rng))
        assert card_count(game) == deck_size, f"{preset}, {players} players, seed {seed}, {step=}"
    pytest.fail(f"{preset}, {players} players, seed {seed}: no end after {MAX_STEPS} actions")


CASES = [(p, n, s) for p in BUILTIN_NAMES for n in range(2, 11) for s in SEEDS]


@pytest.mark.parametrize(("preset", "players", "seed"), CASES)
def test_builtin_preset_plays_to_the_end_conserving_cards_and_scoring_the_losers(
    preset: str, players: int, seed: int
) -> None:
    game = play_to_the_end(preset, players, seed)
    rules = game.rules
    if game.winner is None:  # blocked: nobody could play or draw for a full lap
        assert game.blocked
        assert game.points == (0,) * players
        return
    winners = [s for s, hand in enumerate(game.hands) if not hand]
    assert winners == [game.winner]
    losers_value = sum(hand_points(rules, h) for s, h in enumerate(game.hands) if s != game.winner)
    expected = tuple(losers_value if s == game.winner else 0 for s in range(players))
    assert game.points == expected


def test_simulate_command_plays_fifty_swedish_games(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--preset", "swedish", "--players", "4", "--games", "50"])
    out = capsys.readouterr().out
    assert code == 0
    assert "preset swedish, 4 players" in out
    assert "games        50" in out


def test_simulate_command_reports_a_broken_preset_and_fails(
    tmp_path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("stacking: yes\n", encoding="utf-8")
    code = main(["simulate", "--preset", str(path), "--games", "1"])
    assert code == 2
    assert "line 1: stacking: expected one of none, same, mixed; got 'yes'" in (
        capsys.readouterr().err
    )
