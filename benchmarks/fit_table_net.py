"""Fit the net that judges the hard bot's four-player playouts (`ai.valuenet`).

    .venv/bin/python benchmarks/fit_table_net.py                 # about 4 minutes
    .venv/bin/python benchmarks/fit_table_net.py --write         # and rewrite the weights
    .venv/bin/python benchmarks/fit_table_net.py --tables normal,normal,normal,normal \
        hard,mixbot2,mixbot2,mixbot2 --rounds 6000               # rounds of mixed tables

Plays official four-player rounds between normal bots (12,000 rounds on each of two
deal seeds), or at each of the `--tables` named (four levels a table: normal, hard
with its table search off, or one of UnoAI's bots, `peers.unoai`; the levels move
round the table one seat a round, so each sits everywhere), keeps about one position
in `every` once some hand is down to seven cards, and fits the winner of each round
from the positions' features (`valuenet.features`, named in `valuenet.NAMES`): one
hidden layer of 8 tanh units reads a seat's 26 numbers with those of the seats before,
after and opposite it (and which seat it is from the turn) into a score, and a softmax
over the four seats gives each its chance. Adam on the log loss, 20 passes over four
fifths of the positions; prints the held-out log loss of the net, of the shipped net
and of `search.table_value` (the judge of other tables), for scale, and with several
`--tables` the same for each.
`--write` rewrites `uno_desktop/ai/valuenet_weights.json`. Not a test: prints only.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from pathlib import Path

import numpy as np

from uno_desktop.ai import HardBot, make_bot, valuenet
from uno_desktop.ai.base import Bot
from uno_desktop.ai.search import table_value
from uno_desktop.engine import Game, RuleSet

WEIGHTS = Path(__file__).resolve().parent.parent / "uno_desktop" / "ai" / "valuenet_weights.json"


def seated(level: str) -> Bot:
    """A bot for one seat: hard plays without its table search (its judge is what is
    being fitted, and the search would make the rounds ten times slower)."""
    if level == "hard":
        bot = HardBot()
        bot.table_samples = 0
        return bot
    if level in ("easy", "normal"):
        return make_bot(level)
    from peers.unoai import BOTS, Peer  # the benchmarks folder is on the path when run

    if level not in BOTS:
        raise SystemExit(f"--tables: unknown level {level!r}")
    return Peer(BOTS[level]())  # type: ignore[return-value]


def collect(
    rounds: int, every: float, seed: int, table: str = "normal,normal,normal,normal"
) -> tuple[list[valuenet.Position], list[int], list[float]]:
    """Positions, the winner's seat from the mover, `table_value`'s chance for it."""
    levels = table.split(",")
    if len(levels) != 4:
        raise SystemExit(f"--tables: {table!r} names {len(levels)} seats (expected 4)")
    bots = [seated(level) for level in levels]
    rng = random.Random(seed)
    pos: list[valuenet.Position] = []
    wins: list[int] = []
    logit: list[float] = []
    for g in range(rounds):
        at = [bots[(s - g) % 4] for s in range(4)]
        game = Game.new(RuleSet(), 4, seed=rng.getrandbits(64), dealer=g % 4)
        kept: list[tuple[valuenet.Position, int, int, list[float]]] = []
        while not game.is_over:
            if min(game.hand_size(s) for s in range(4)) <= 7 and rng.random() < 1.0 / every:
                chances = [table_value(game, s) for s in range(4)]
                kept.append((valuenet.encode(game), game.current, game.direction, chances))
            seat = game.current
            action = at[seat].choose(game.observation(seat), game.legal_actions(seat), rng)
            assert action is not None, f"{at[seat].level} did not act on its turn"
            game.apply(action)
        if game.winner is not None:
            for p, cur, d, chances in kept:
                pos.append(p)
                wins.append(((game.winner - cur) * d) % 4)
                logit.append(chances[game.winner])
    return pos, wins, logit


def inputs(r: np.ndarray) -> np.ndarray:
    """Each seat's own numbers, then the seat before, after and opposite, then its place."""
    parts = []
    for k in range(4):
        place = np.eye(4)[np.full(len(r), k)]
        parts.append(
            np.concatenate(
                [r[:, k], r[:, (k - 1) % 4], r[:, (k + 1) % 4], r[:, (k + 2) % 4], place], 1
            )
        )
    return np.stack(parts, 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=12000, help="rounds per deal seed")
    p.add_argument("--every", type=float, default=6.0)
    p.add_argument("--seeds", default="11,12")
    p.add_argument(
        "--tables",
        nargs="+",
        default=["normal,normal,normal,normal"],
        help="seat mixes to play, --rounds of each per seed (e.g. hard,mixbot2,mixbot2,mixbot2)",
    )
    p.add_argument("--hidden", type=int, default=8)
    p.add_argument("--epochs", type=int, default=20)
    p.add_argument("--write", action="store_true", help="rewrite valuenet_weights.json")
    args = p.parse_args()
    t0 = time.perf_counter()
    pos: list[valuenet.Position] = []
    wins: list[int] = []
    logit: list[float] = []
    tables: list[int] = []  # which of `--tables` each position comes from
    for t, table in enumerate(args.tables):
        for seed in map(int, args.seeds.split(",")):
            a, b, c = collect(args.rounds, args.every, seed, table)
            pos += a
            wins += b
            logit += c
            tables += [t] * len(a)
    feats = np.concatenate(
        [valuenet.features(pos[i : i + 20000]) for i in range(0, len(pos), 20000)]
    )
    y = np.array(wins)
    n = len(y)
    print(
        f"{n} positions of {args.rounds} rounds x {args.seeds} x {' '.join(args.tables)} "
        f"({time.perf_counter() - t0:.0f} s)"
    )
    flat = feats.reshape(-1, feats.shape[2])
    mu, sd = flat.mean(0), flat.std(0) + 1e-6
    x = inputs((feats - mu) / sd).astype(np.float32)
    rng = np.random.default_rng(3)
    perm = rng.permutation(n)
    x, y, logit_p = x[perm], y[perm], np.array(logit)[perm]
    cut = n * 4 // 5
    d, h = x.shape[2], args.hidden
    w1 = rng.normal(0, 1 / np.sqrt(d), (d, h)).astype(np.float32)
    b1 = np.zeros(h, np.float32)
    w2 = rng.normal(0, 1 / np.sqrt(h), h).astype(np.float32)
    params = [w1, b1, w2]
    m = [np.zeros_like(q) for q in params]
    v = [np.zeros_like(q) for q in params]

    def forward(xs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        hidden = np.tanh(xs @ w1 + b1)
        return hidden, hidden @ w2

    def loss(xs: np.ndarray, ys: np.ndarray) -> float:
        u = forward(xs)[1]
        u = u - u.max(1, keepdims=True)
        lp = u - np.log(np.exp(u).sum(1, keepdims=True))
        return float(-lp[np.arange(len(ys)), ys].mean())

    lr, batch, t = 3e-3, 1024, 0
    for epoch in range(args.epochs):
        order = rng.permutation(cut)
        for i in range(0, cut, batch):
            idx = order[i : i + batch]
            xb, yb = x[idx], y[idx]
            hidden, u = forward(xb)
            u = u - u.max(1, keepdims=True)
            prob = np.exp(u)
            prob /= prob.sum(1, keepdims=True)
            g = prob.copy()
            g[np.arange(len(yb)), yb] -= 1
            g /= len(yb)
            gw2 = np.einsum("bs,bsh->h", g, hidden)
            gh = g[:, :, None] * w2[None, None, :] * (1 - hidden * hidden)
            gw1 = np.einsum("bsd,bsh->dh", xb, gh)
            gb1 = gh.sum((0, 1))
            grads = [gw1 + 1e-4 * w1, gb1, gw2 + 1e-4 * w2]
            t += 1
            for j, (q, gq) in enumerate(zip(params, grads)):
                m[j] = 0.9 * m[j] + 0.1 * gq
                v[j] = 0.999 * v[j] + 0.001 * gq * gq
                q -= lr * (m[j] / (1 - 0.9**t)) / (np.sqrt(v[j] / (1 - 0.999**t)) + 1e-8)
        if epoch % 5 == 4:
            print(f"  pass {epoch + 1}: held-out log loss {loss(x[cut:], y[cut:]):.4f}", flush=True)
    base = -float(np.mean([math.log(q) for q in logit_p[cut:]]))
    held = perm[cut:]
    shipped = np.array(
        [math.log(c[w]) for c, w in zip(valuenet.chances([pos[i] for i in held]), y[cut:])]
    )
    print(
        f"held-out log loss: net {loss(x[cut:], y[cut:]):.4f}, the shipped net "
        f"{-shipped.mean():.4f}, table_value {base:.4f}"
    )
    table_of = np.array(tables)[held]
    for t, table in enumerate(args.tables):
        at = np.flatnonzero(table_of == t)
        if len(args.tables) > 1 and len(at):
            got = loss(x[cut:][at], y[cut:][at])
            print(
                f"  {table}: {len(at)} held out, net {got:.4f}, the shipped net "
                f"{-shipped[at].mean():.4f}, table_value "
                f"{-float(np.mean(np.log(logit_p[cut:][at]))):.4f}"
            )
    if args.write:
        write(w1, b1, w2, mu, sd)
        print(f"wrote {WEIGHTS}")


def write(w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, mu: np.ndarray, sd: np.ndarray) -> None:
    """The weights as JSON (read by `ai.netweights`), one row of W1 a line, 7 digits."""

    def row(xs: np.ndarray) -> str:
        return "[" + ", ".join(f"{float(a):.7g}" for a in xs) + "]"

    rows = [f"    {row(r)}" for r in w1]
    lines = [
        "{",
        '  "about": "The weights of uno_desktop/ai/valuenet.py, written by'
        " benchmarks/fit_table_net.py --write. Row i of W1: feature i % 26 of the seat"
        " itself, the seat before, after, opposite (i // 26 = 0..3), then which seat from"
        ' the turn (104..107). Features are scaled as (x - MU) / SD.",',
        '  "W1": [',
        ",\n".join(rows),
        "  ],",
        f'  "B1": {row(b1)},',
        f'  "W2": {row(w2)},',
        f'  "MU": {row(mu)},',
        f'  "SD": {row(sd)}',
        "}",
        "",
    ]
    WEIGHTS.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
