"""Our levels against chausner/UnoAI's bots (RandomBot, CardRankingBot, MixBot2): win rates
with 95% Wilson intervals.

    cd benchmarks
    ../.venv/bin/python ai_vs_unoai.py --level hard --peer mixbot2 --players 2,4,6 --games 4000
    ../.venv/bin/python ai_vs_unoai.py --level mixbot2 --peer random --players 2 --games 4000
    ../.venv/bin/python ai_vs_unoai.py --check --games 20000   # the port against UnoAI's table

One seat of `--level` (ours: easy, normal, hard; or an UnoAI bot) against `players - 1`
seats of `--peer`, in our engine under `--preset` (official by default). Game g seats the
level at seat g % n and deals from seat (g // n) % n; each game's deal comes from its own
stream of `--seed`, so two levels run with one seed meet the same deals. Before each turn
every other seat may act out of turn once (our bots catch and jump in; UnoAI's never do).
The level's Wild Draw Four challenges are counted (right: the player was bluffing).
With `--match-rounds K`, games go in matches of K rounds at one seating (the level at
seat m % n in match m, the deal passing left each round), and each round's observations
carry the seats' habits from the match's earlier rounds, as a match in the game does.

`--check` plays UnoAI's own rules (`peers.unoai.UnoAIGame`) and prints each bot's win
rate beside the figure UnoAI publishes (10 million games each). Not a test: prints only.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import time

from peers.unoai import BOTS, Peer, play_unoai

from uno_desktop.ai import make_bot
from uno_desktop.ai.base import Bot
from uno_desktop.ai.knowledge import habits_of
from uno_desktop.engine import Challenge, Game, Observation, RuleSet, SeatHabits
from uno_desktop.engine.events import ChallengeResolved
from uno_desktop.play.simulate import wilson_interval
from uno_desktop.rules.presets import load_preset

PUBLISHED = [
    # (bots seated, UnoAI's win rate of the first, what it is)
    (("cardranking", "random"), 0.634, "CardRankingBot vs RandomBot"),
    (("mixbot2", "random"), 0.688, "MixBot2 vs RandomBot"),
    (("cardranking",) + ("random",) * 5, 0.217, "CardRankingBot vs 5 RandomBots"),
    (("mixbot2",) + ("random",) * 5, 0.242, "MixBot2 vs 5 RandomBots"),
]


def seat(level: str) -> Bot:
    return Peer(BOTS[level]()) if level in BOTS else make_bot(level)


def check(games: int, seed: int) -> None:
    for names, published, what in PUBLISHED:
        rng = random.Random(seed)
        bots = [BOTS[n]() for n in names]
        won = 0
        t0 = time.perf_counter()
        for _ in range(games):
            order = list(range(len(bots)))
            rng.shuffle(order)
            won += order[play_unoai([bots[i] for i in order], rng)] == 0
        lo, hi = wilson_interval(won, games)
        inside = "inside" if lo <= published <= hi else "OUTSIDE"
        print(
            f"{what}: {won / games:.1%} [{lo:.1%}, {hi:.1%}] over {games} games "
            f"({time.perf_counter() - t0:.0f} s); UnoAI publishes {published:.1%}: {inside}",
            flush=True,
        )


class Tally:
    def __init__(self) -> None:
        self.won = self.points = self.games = self.blocked = 0
        self.challenges = self.right = 0


def play(
    level: str,
    peer: str,
    players: int,
    rules: RuleSet,
    games: int,
    seed: int,
    match_rounds: int = 1,
) -> Tally:
    bots: list[Bot] = [seat(level)] + [seat(peer) for _ in range(players - 1)]
    for bot in bots:
        prepare = getattr(bot, "prepare", None)
        if prepare is not None:
            prepare(players)
    deals = random.Random(seed)
    tally = Tally()
    habits: tuple[SeatHabits, ...] = ()

    def seen(game: Game, s: int) -> Observation:
        obs = game.observation(s)
        return dataclasses.replace(obs, habits=habits) if habits else obs

    for g in range(games):
        if match_rounds == 1:
            mine, dealer = g % players, (g // players) % players
        else:
            mine, dealer = (g // match_rounds) % players, g % players
            if g % match_rounds == 0:
                habits = ()
        at = [bots[0] if s == mine else bots[1 + (s - mine - 1) % players] for s in range(players)]
        game = Game.new(rules, players, seed=deals.getrandbits(64), dealer=dealer)
        rng = random.Random(deals.getrandbits(64))
        while not game.is_over:
            acted = False
            for i in range(1, players):
                s = (game.current + i) % players
                legal = game.legal_actions(s)
                if legal:
                    a = at[s].choose(seen(game, s), legal, rng)
                    if a is not None:
                        _apply(game, a, mine, tally)
                        acted = True
                        break
            if acted:
                continue
            s = game.current
            a = at[s].choose(seen(game, s), game.legal_actions(s), rng)
            if a is None:
                raise RuntimeError(f"{at[s].level} returned None on its turn")
            _apply(game, a, mine, tally)
        if match_rounds > 1:
            habits = habits_of(seen(game, 0))
        tally.games += 1
        tally.blocked += game.winner is None
        tally.won += game.winner == mine
        tally.points += game.points[mine]
    return tally


def _apply(game: Game, action: object, mine: int, tally: Tally) -> None:
    events = game.apply(action)  # type: ignore[arg-type]
    if isinstance(action, Challenge) and action.seat == mine:
        tally.challenges += 1
        tally.right += any(isinstance(e, ChallengeResolved) and e.guilty for e in events)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--check", action="store_true", help="the port against UnoAI's own table")
    p.add_argument("--level", default="hard", help="easy, normal, hard or an UnoAI bot")
    p.add_argument("--peer", default="mixbot2", choices=sorted(BOTS))
    p.add_argument("--players", default="2", help="comma-separated seat counts, e.g. 2,4,6")
    p.add_argument("--preset", default="official")
    p.add_argument("--games", type=int, default=4000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--match-rounds", type=int, default=1, help="rounds a match at one seating (habits kept)"
    )
    args = p.parse_args()
    if args.check:
        check(args.games, args.seed)
        return
    rules = load_preset(args.preset)
    for n in (int(x) for x in args.players.split(",")):
        t0 = time.perf_counter()
        t = play(args.level, args.peer, n, rules, args.games, args.seed, args.match_rounds)
        lo, hi = wilson_interval(t.won, t.games)
        print(
            f"{args.level} vs {n - 1} x {args.peer} ({args.preset}, {n} seats, {t.games} games, "
            f"seed {args.seed}, {args.match_rounds} a match): "
            f"{args.level} wins {t.won / t.games:.1%} [{lo:.1%}, {hi:.1%}] "
            f"(an even share {1 / n:.1%}), {t.points / t.games:.1f} points a game, "
            f"{t.blocked} blocked; challenges {t.challenges} ({t.right} right); "
            f"{time.perf_counter() - t0:.0f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
