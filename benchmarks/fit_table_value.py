"""Fit the value that judges the hard bot's four-player playouts (`search.table_value_play`).

    .venv/bin/python benchmarks/fit_table_value.py --rounds 12000 --every 6

Plays official four-player rounds between normal bots, keeps about one position in
`every` once some hand is down to five cards (where the search runs), and fits a
multinomial logit of the round's winner over the seats: each seat's utility is a linear
function of its features (below), the chance it wins a softmax of the four. Newton's
method to convergence (pure Python: a dozen weights). Prints the weights and the held-out
log loss per position (a fifth of the positions, split by position) of the fit and of the
values in `search`. Not a test: prints only.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence

from uno_desktop.ai import make_bot
from uno_desktop.ai.search import table_value, table_value_play
from uno_desktop.engine import Game, RuleSet

NAMES = (
    "size",
    "log(size + 0.5)",
    "wild",
    "wild draw four",
    "skip/reverse/draw two",
    "1 from the turn",
    "2 from the turn",
    "3 from the turn",
    "can play, to move",
    "can play, 1 from the turn",
    "can play, 2 from the turn",
    "can play, 3 from the turn",
    "one card",
    "one card, to move, plays",
)


def features(game: Game, seat: int) -> list[float]:
    hand = game.hand(seat)
    size = len(hand)
    off = ((seat - game.current) * game.direction) % game.players
    top, active = game.top_card, game.active_color
    can = any(c.is_wild or active is None or c.color is active or c.rank == top.rank for c in hand)
    x = [
        float(size),
        math.log(size + 0.5),
        float(sum(1 for c in hand if c.is_wild and c.rank != "W4")),
        float(sum(1 for c in hand if c.rank == "W4")),
        float(sum(1 for c in hand if c.rank in ("S", "R", "D2"))),
    ]
    x += [float(off == k) for k in (1, 2, 3)]
    x += [float(can and off == k) for k in (0, 1, 2, 3)]
    x += [float(size == 1), float(size == 1 and off == 0 and can)]
    return x


# Features by seat, the chances `table_value` and `table_value_play` give each seat, winner.
Position = tuple[list[list[float]], list[float], list[float], int]


def collect(rounds: int, every: float, seed: int) -> list[Position]:
    normal = make_bot("normal")
    rng = random.Random(seed)
    data: list[Position] = []
    for g in range(rounds):
        game = Game.new(RuleSet(), 4, seed=rng.getrandbits(64), dealer=g % 4)
        kept: list[tuple[list[list[float]], list[float], list[float]]] = []
        while not game.is_over:
            if min(game.hand_size(s) for s in range(4)) <= 5 and rng.random() < 1.0 / every:
                kept.append(
                    (
                        [features(game, s) for s in range(4)],
                        [table_value(game, s) for s in range(4)],
                        [table_value_play(game, s) for s in range(4)],
                    )
                )
            seat = game.current
            game.apply(normal.choose(game.observation(seat), game.legal_actions(seat), rng))
        if game.winner is not None:
            data += [(*k, game.winner) for k in kept]
    return data


def fit(data: Sequence[Position], l2: float = 1e-3, iters: int = 30) -> list[float]:
    m = len(NAMES)
    w = [0.0] * m
    for _ in range(iters):
        grad = [0.0] * m
        hess = [[0.0] * m for _ in range(m)]
        for xs, _v1, _v2, win in data:
            us = [sum(a * b for a, b in zip(w, x)) for x in xs]
            top = max(us)
            es = [math.exp(u - top) for u in us]
            total = sum(es)
            ps = [e / total for e in es]
            mean = [sum(ps[s] * xs[s][j] for s in range(4)) for j in range(m)]
            for j in range(m):
                grad[j] += xs[win][j] - mean[j]
            for s in range(4):
                dx = [xs[s][j] - mean[j] for j in range(m)]
                for a in range(m):
                    da, row = ps[s] * dx[a], hess[a]
                    for b in range(m):
                        row[b] += da * dx[b]
        for j in range(m):
            grad[j] -= l2 * w[j] * len(data)
            hess[j][j] += l2 * len(data)
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gauss-Jordan with partial pivoting (the Hessian is small and positive definite)."""
    m = len(b)
    rows = [[*row, b[i]] for i, row in enumerate(a)]
    for i in range(m):
        piv = max(range(i, m), key=lambda r: abs(rows[r][i]))
        rows[i], rows[piv] = rows[piv], rows[i]
        for r in range(m):
            if r != i:
                f = rows[r][i] / rows[i][i]
                for c in range(i, m + 1):
                    rows[r][c] -= f * rows[i][c]
    return [rows[i][m] / rows[i][i] for i in range(m)]


def log_loss(data: Sequence[Position], chances: Sequence[Sequence[float]]) -> float:
    return -sum(math.log(p[pos[3]]) for pos, p in zip(data, chances)) / len(data)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--rounds", type=int, default=12000)
    p.add_argument("--every", type=float, default=6.0)
    p.add_argument("--seed", type=int, default=11)
    args = p.parse_args()
    t0 = time.perf_counter()
    data = collect(args.rounds, args.every, args.seed)
    random.Random(3).shuffle(data)
    cut = len(data) * 4 // 5
    train, test = data[:cut], data[cut:]
    w = fit(train)
    print(
        f"{len(data)} positions of {args.rounds} rounds (train {len(train)}, test "
        f"{len(test)}), {time.perf_counter() - t0:.0f} s"
    )
    for name, weight in zip(NAMES, w):
        print(f"  {name:<28}{weight:+.3f}")

    mine = []
    for xs, _v1, _v2, _win in test:
        us = [sum(a * b for a, b in zip(w, x)) for x in xs]
        top = max(us)
        es = [math.exp(u - top) for u in us]
        mine.append([e / sum(es) for e in es])
    print(
        f"held-out log loss: this fit {log_loss(test, mine):.4f}, "
        f"table_value_play {log_loss(test, [pos[2] for pos in test]):.4f}, "
        f"table_value {log_loss(test, [pos[1] for pos in test]):.4f}"
    )


if __name__ == "__main__":
    main()
