"""What hidden information is worth: hard against three normal bots, honest and not.

    .venv/bin/python benchmarks/ai_oracle.py --games 3000
    .venv/bin/python benchmarks/ai_oracle.py --games 3000 --only hands

A diagnostic, not a bot: it bounds what better inference could still gain. The hard
bot's four-player table search (`search.search_table`) plays each candidate out in
worlds; here those worlds come from elsewhere:

- `honest`: its own sampled worlds (the shipped bot, from its observation only);
- `next`: its sampled worlds with the next player's true hand put in (cards swapped
  with the other hands and the pile, so the rest stays as sampled);
- `hands`: every true hand, the draw pile reshuffled;
- `game`: the true game, draw pile order and all (two worlds, since they agree).

The oracles cheat by design and exist only in this file, which swaps the search's
world builder for one that reads the game being played. Nothing in `uno_desktop` gives
a bot that access. Deals and seats are as in `simulate --bots` (each game's deal and
bot rng from their own stream, the hard seat and the dealer rotating). Prints win
rates with 95% intervals; not a test.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter

from ai_paired import _step  # the benchmarks folder is on the path when run

import uno_desktop.ai.search as search
from uno_desktop.ai import HardBot, make_bot
from uno_desktop.ai.knowledge import Knowledge
from uno_desktop.engine import Card, Game, Observation, RuleSet

MODES = ("honest", "next", "hands", "game")


class _Table:
    """The game being played, for the oracle world builders (set before each decision)."""

    game: Game | None = None


def _next_world(
    obs: Observation, know: Knowledge, rng: random.Random, sampler: search.Sampler | None
) -> Game:
    true = _Table.game
    assert true is not None and sampler is not None
    hands, pile = sampler.deal(rng)
    nxt = (obs.seat + obs.direction) % obs.players
    want = list(true.hands[nxt])
    spare = list((Counter(hands[nxt]) - Counter(want)).elements())  # sampled, not held
    need = list((Counter(want) - Counter(hands[nxt])).elements())  # held, sampled elsewhere
    # Each truly held card the sample put elsewhere trades places with a spare one.
    places: list[list[Card]] = [h for s, h in enumerate(hands) if s not in (obs.seat, nxt)]
    places.append(pile)
    for c in need:
        for place in places:
            if c in place:
                place[place.index(c)] = spare.pop()
                break
    hands[nxt] = want
    return Game.from_observation(
        obs, hands, pile, search.LazyRandom(rng.getrandbits(64)), guilty=true.guilty
    )


def _hands_world(
    obs: Observation, know: Knowledge, rng: random.Random, sampler: search.Sampler | None
) -> Game:
    true = _Table.game
    assert true is not None
    pile = list(true.draw_pile)
    rng.shuffle(pile)
    hands = [list(h) for h in true.hands]
    return Game.from_observation(
        obs, hands, pile, search.LazyRandom(rng.getrandbits(64)), guilty=true.guilty
    )


def _game_world(
    obs: Observation, know: Knowledge, rng: random.Random, sampler: search.Sampler | None
) -> Game:
    assert _Table.game is not None
    return _Table.game.clone(search.LazyRandom(rng.getrandbits(64)))


def play(mode: str, games: int, seed: int) -> tuple[int, float]:
    """Wins of the hard seat over `games` four-player games, and the seconds taken."""
    real = search.build_world
    hard = HardBot()
    search.build_world = {
        "honest": real,
        "next": _next_world,
        "hands": _hands_world,
        "game": _game_world,
    }[mode]
    if mode == "game":
        hard.table_samples = 2  # every world is the same one
    normal = make_bot("normal")
    n = 4
    deals = random.Random(seed)
    wins = 0
    t0 = time.perf_counter()
    try:
        for g in range(games):
            hard_seat = g % n
            game = Game.new(RuleSet(), n, seed=deals.getrandbits(64), dealer=(g // n) % n)
            rng = random.Random(deals.getrandbits(64))
            _Table.game = game
            bots = [hard if s == hard_seat else normal for s in range(n)]
            while not game.is_over:  # out of turn first, as simulate --bots
                game.apply(_step(game, bots, [rng] * n))  # type: ignore[arg-type]
            wins += game.winner == hard_seat
    finally:
        search.build_world = real
        _Table.game = None
    return wins, time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--only", choices=MODES, help="one mode (default: all four)")
    args = p.parse_args()
    print(f"hard against three normal bots, official rules, {args.games} games, seed {args.seed}")
    for mode in (args.only,) if args.only else MODES:
        wins, seconds = play(mode, args.games, args.seed)
        rate = wins / args.games
        half = 1.96 * math.sqrt(rate * (1 - rate) / args.games)
        print(
            f"  {mode:<7} worlds: hard wins {rate:6.1%} +- {half:.1%}  ({seconds:.0f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
