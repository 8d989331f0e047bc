"""Determinised look-ahead: deal the unseen cards, play the rest out, count wins.

For each sample the hidden cards are dealt into hands consistent with what the bot
knows (known cards stay put, inferred voids are respected where the pool allows),
the engine rebuilds a game with `Game.from_observation`, and every candidate action
is tried on a copy and played on by a fast greedy policy up to a depth, then judged.
All candidates of one sample share the same deal and rollout seed (common random
numbers), so their difference is the action, not the luck.

The budget is a fixed number of samples and a fixed depth, so a decision is
deterministic given the rng. `FUSE_S` is only an emergency brake for a machine that
is suddenly far slower (it cuts the sample loop short; it never fires in normal play).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from ..engine import COLORS, Action, Card, Draw, Game, Observation, Pass, Play
from .knowledge import Knowledge

FUSE_S = 0.25  # emergency only: stop sampling after this long


def sample_hands(
    obs: Observation, know: Knowledge, rng: random.Random
) -> tuple[list[list[Card]], list[Card]]:
    """One deal of the unseen cards: every seat's hand and the draw pile (top first)."""
    pool = sorted(know.unseen.elements(), key=lambda c: c.code)
    rng.shuffle(pool)
    n, me = obs.players, obs.seat
    hands: list[list[Card]] = [[] for _ in range(n)]
    hands[me] = list(obs.hand)
    others = [s for s in range(n) if s != me]
    others.sort(key=lambda s: -len(know.seats[s].voids))  # constrained seats choose first
    for s in others:
        info = know.seats[s]
        hand = list(info.known.elements())
        need = obs.hand_sizes[s] - len(hand)
        if need > 0:
            voids = info.voids
            if voids:
                keep: list[Card] = []
                rest: list[Card] = []
                for c in pool:
                    if len(keep) < need and c.color not in voids:
                        keep.append(c)
                    else:
                        rest.append(c)
                short = need - len(keep)
                if short > 0:  # the pool cannot honour the voids: fill anyway
                    keep.extend(rest[:short])
                    rest = rest[short:]
                hand.extend(keep)
                pool = rest
            else:
                hand.extend(pool[:need])
                pool = pool[need:]
        hands[s] = hand[: obs.hand_sizes[s]]
    return hands, pool


def build_world(obs: Observation, know: Knowledge, rng: random.Random) -> Game:
    hands, pile = sample_hands(obs, know, rng)
    guilty = False
    off, color = know.last_w4_offender, know.color_before_w4
    if obs.can_challenge and off is not None and color is not None:
        guilty = any(c.color is color for c in hands[off])
    return Game.from_observation(
        obs, hands, pile, random.Random(rng.getrandbits(64)), guilty=guilty
    )


def greedy_action(game: Game, rng: random.Random) -> Action:
    """A fast, reasonable move: a coloured card from the longest colour, wilds last,
    always UNO, stack when possible, never challenge, play what was drawn."""
    seat = game.current
    acts = game.legal_actions(seat)
    plain: list[Play] = []
    wild: list[Play] = []
    draw: Action | None = None
    for a in acts:
        kind = type(a)
        if kind is Play:
            if a.seat != seat:
                continue
            if a.card.is_wild:
                wild.append(a)
            else:
                plain.append(a)
        elif kind is Draw or (draw is None and kind is Pass):
            draw = a
    if plain or wild:
        hand = game.hand(seat)
        counts = [0, 0, 0, 0]
        for c in hand:
            if c.color is not None:
                counts[c.color] += 1
        two = game.hand_size(seat) == 2
        if plain:
            top = max(counts[p.card.color] for p in plain)
            best = [p for p in plain if counts[p.card.color] == top and p.uno == two]
            return best[rng.randrange(len(best))] if best else plain[0]
        color = COLORS[max(range(4), key=counts.__getitem__)]
        for p in wild:
            if p.color is color and p.uno == two:
                return p
        return wild[0]
    assert draw is not None or acts
    return draw if draw is not None else acts[0]


def evaluate(game: Game, me: int) -> float:
    """Our chance of winning the round from here: 1/0 when it is over, else a
    soft guess from hand sizes (fewer cards, better odds)."""
    if game.is_over:
        if game.winner is None:
            return 1.0 / game.players
        return 1.0 if game.winner == me else 0.0
    weights = [math.exp(-0.55 * game.hand_size(s)) for s in range(game.players)]
    return weights[me] / sum(weights)


def rollout(game: Game, me: int, depth: int, rng: random.Random) -> float:
    for _ in range(depth):
        if game.is_over:
            break
        game.apply(greedy_action(game, rng))
    return evaluate(game, me)


def search(
    obs: Observation,
    know: Knowledge,
    candidates: Sequence[Action],
    rng: random.Random,
    *,
    samples: int,
    depth: int,
    prior_bonus: float = 0.0,
) -> Action:
    """The candidate with the best mean value over `samples` determinised rollouts.

    `prior_bonus` is added to the first candidate (the heuristic's favourite) so that
    noise alone does not overturn it.
    """
    totals = [0.0] * len(candidates)
    done = 0
    start_s = time.perf_counter()
    for _ in range(samples):
        world = build_world(obs, know, rng)
        seed = rng.getrandbits(64)
        for i, action in enumerate(candidates):
            g = world.clone(random.Random(seed))
            g.apply(action)
            totals[i] += rollout(g, obs.seat, depth, random.Random(seed ^ 0x5EED))
        done += 1
        if time.perf_counter() - start_s > FUSE_S:
            break
    means = [t / done for t in totals]
    means[0] += prior_bonus
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return candidates[best]


__all__ = ["build_world", "evaluate", "greedy_action", "rollout", "sample_hands", "search"]
