"""Paired strength trial: a hard-bot variant against the baseline on the same deals.

    .venv/bin/python benchmarks/ai_paired.py --games 5000 --seed 60 --variant table_z=0.5
    .venv/bin/python benchmarks/ai_paired.py --games 2000 --players 2 --variant rollouts=32
    cd benchmarks && ../.venv/bin/python ai_paired.py --players 2 --opponent mixbot2 ...

Each deal is played by the baseline hard bot and by the variant in the same seat among
normal bots, or `--opponent` bots (easy, or one of UnoAI's: `peers.unoai`); seats and
dealer rotate as in `simulate_bots`; deal seeds come from their own rng, so both see
exactly the same cards, and the hard bot's rng is seeded afresh at every ply of a deal,
the same for both (`ply_rng`), so drawing more or fewer numbers from it does not by
itself make the games differ.
The two games run in lockstep until the two hard bots first choose differently; there
the game forks and each branch is played out by its own bot. So only deals where the
variant decides differently can differ, and the win-rate difference has a far smaller
standard error than two independent runs. A variant is `name=value` overrides of
`HardBot` attributes (values read as Python literals), comma separated; the baseline
may be given the same way. Trials and their figures: benchmarks/JOURNAL.md. Not a
test: prints only.
"""

from __future__ import annotations

import argparse
import ast
import math
import random
import time
from collections.abc import Sequence

from uno_desktop.ai import HardBot, make_bot
from uno_desktop.ai.base import Bot
from uno_desktop.engine import Action, Game, RuleSet


def make_hard(spec: str) -> HardBot:
    bot = HardBot()
    for item in filter(None, (s.strip() for s in spec.split(","))):
        name, _, text = item.partition("=")
        name = name.strip()
        if not hasattr(bot, name):
            raise SystemExit(f"HardBot has no attribute {name!r}")
        setattr(bot, name, ast.literal_eval(text.strip()))
    return bot


def _step(game: Game, bots: Sequence[object], rngs: Sequence[random.Random]) -> Action | None:
    """The next action of a one-bot-per-seat game (out-of-turn first, as simulate_bots)."""
    n = game.players
    for i in range(1, n):
        seat = (game.current + i) % n
        legal = game.legal_actions(seat)
        if legal:
            a = bots[seat].choose(game.observation(seat), legal, rngs[seat])  # type: ignore[attr-defined]
            if a is not None:
                return a
    seat = game.current
    return bots[seat].choose(game.observation(seat), game.legal_actions(seat), rngs[seat])  # type: ignore[attr-defined]


def ply_rng(bot_seed: int, ply: int) -> random.Random:
    """The hard bot's rng for the decision at `ply` of a deal: the same in both games at
    the same ply, whatever either bot drew from its rng before (so a variant that only
    deals its worlds differently forks at its first different choice, not everywhere)."""
    return random.Random((bot_seed * 0x9E3779B97F4A7C15 + ply) & (1 << 64) - 1)


def _finish(
    game: Game,
    bots: Sequence[object],
    rngs: list[random.Random],
    hard_seat: int,
    bot_seed: int,
    ply: int,
) -> int | None:
    steps = 0
    while not game.is_over:
        steps += 1
        if steps > 20_000:
            raise RuntimeError("a game does not end")
        rngs[hard_seat] = ply_rng(bot_seed, ply)
        game.apply(_step(game, bots, rngs))  # type: ignore[arg-type]
        ply += 1
    return game.winner


def play_pair(
    rules: RuleSet,
    n: int,
    hard_seat: int,
    dealer: int,
    deal_seed: int,
    bot_seed: int,
    base: HardBot,
    var: HardBot,
    opponent: str = "normal",
) -> tuple[int | None, int | None, bool]:
    """Winners with the baseline and with the variant in `hard_seat`, and whether the two
    games forked. The other seats share one rng (normal bots never use it)."""
    normal = _opponent(opponent)
    rng_n = random.Random(bot_seed ^ 0x9E3779B9)
    game = Game.new(rules, n, seed=deal_seed, dealer=dealer)
    played: list[Action] = []
    steps = 0
    while not game.is_over:
        steps += 1
        if steps > 20_000:
            raise RuntimeError("a game does not end")
        acts: list[Action | None] = []
        ply = len(played)
        for hard in (base, var):
            rng = ply_rng(bot_seed, ply)
            bots = [hard if s == hard_seat else normal for s in range(n)]
            rngs = [rng if s == hard_seat else rng_n for s in range(n)]
            # Only the hard bot's answers can differ; normal ones are asked once.
            state_n = rng_n.getstate()
            acts.append(_step(game, bots, rngs))
            if hard is base:
                after_n = rng_n.getstate()
                rng_n.setstate(state_n)
        rng_n.setstate(after_n)
        a, b = acts
        if a == b:
            game.apply(a)  # type: ignore[arg-type]
            played.append(a)  # type: ignore[arg-type]
            continue
        # Fork: the baseline plays on in this game, the variant in a replayed copy.
        other = Game.new(rules, n, seed=deal_seed, dealer=dealer)
        for x in played:
            other.apply(x)
        game.apply(a)  # type: ignore[arg-type]
        other.apply(b)  # type: ignore[arg-type]
        rng_n2 = random.Random()
        rng_n2.setstate(rng_n.getstate())
        ply = len(played) + 1
        win_a, win_b = (
            _finish(
                g,
                [hard if s == hard_seat else normal for s in range(n)],
                [r] * n,
                hard_seat,
                bot_seed,
                ply,
            )
            for g, hard, r in ((game, base, rng_n), (other, var, rng_n2))
        )
        return win_a, win_b, True
    return game.winner, game.winner, False


def _opponent(name: str) -> Bot:
    """A bot for the other seats: one of our levels, or one of UnoAI's (`peers.unoai`)."""
    if name in ("easy", "normal", "hard"):
        return make_bot(name)
    from peers.unoai import BOTS, Peer  # the benchmarks folder is on the path when run

    return Peer(BOTS[name]())  # type: ignore[return-value]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=3000, help="deals (each played twice)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--base", default="", help="HardBot overrides for the baseline")
    p.add_argument("--variant", default="", help="HardBot overrides for the variant")
    p.add_argument(
        "--opponent", default="normal", help="normal, easy, or random, cardranking, mixbot2"
    )
    p.add_argument("--every", type=int, default=0, help="print a running line every N deals")
    args = p.parse_args()
    rules, n = RuleSet(), args.players
    base, var = make_hard(args.base), make_hard(args.variant)
    deals = random.Random(args.seed)
    wins_a = wins_b = forked = 0
    diffs: list[int] = []
    t0 = time.perf_counter()
    for g in range(args.games):
        deal_seed, bot_seed = deals.getrandbits(64), deals.getrandbits(64)
        hard_seat, dealer = g % n, (g // n) % n
        wa, wb, fork = play_pair(
            rules, n, hard_seat, dealer, deal_seed, bot_seed, base, var, args.opponent
        )
        a, b = int(wa == hard_seat), int(wb == hard_seat)
        wins_a += a
        wins_b += b
        forked += fork
        diffs.append(b - a)
        if args.every and (g + 1) % args.every == 0:
            print(f"  {g + 1}: base {wins_a}, variant {wins_b}, forked {forked}", flush=True)
    games = args.games
    mean = sum(diffs) / games
    var_d = sum((d - mean) ** 2 for d in diffs) / max(games - 1, 1)
    se = math.sqrt(var_d / games)
    print(
        f"$ ai_paired --players {n} --opponent {args.opponent} --games {games} --seed {args.seed} "
        f"--base '{args.base}' --variant '{args.variant}'"
    )
    print(
        f"deals {games} ({time.perf_counter() - t0:.0f} s), forked {forked} "
        f"({forked / games:.0%}): base wins {wins_a / games:.2%}, variant {wins_b / games:.2%}"
    )
    print(
        f"variant - base: {mean * 100:+.2f} points (se {se * 100:.2f}; "
        f"z {mean / se if se else 0.0:+.2f})"
    )


if __name__ == "__main__":
    main()
