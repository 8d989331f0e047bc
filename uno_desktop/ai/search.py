"""Determinised look-ahead: deal the unseen cards, play on, judge the position.

Each sample deals the hidden cards into hands that agree with what the bot knows
(known cards stay put, voids and `Lack`s hold where the pool allows, and a seat's
plays since its last draw must be the ones Normal would have made from the hand dealt
to it), rebuilds a game with `Game.from_observation`, and plays every candidate on in
a copy of it with the same seed (common random numbers: the difference is the action,
not the luck). `search` (heads-up) plays greedy rollouts, judged by hand sizes;
`search_table` (larger tables) plays Normal's own moves for a few plies, judged by a
`Judge`, and keeps the favourite unless a runner-up is surely better. The budget is
counted, never timed (worlds and plies), so a decision depends only on the observation
and the rng, however busy the machine is.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine import COLORS, Action, Card, Color, Draw, Game, Observation, Pass, Play, RuleSet
from ..engine.game import shuffle
from ..engine.tables import PLAYABLE, CardSet
from .base import most_held_color
from .knowledge import Knowledge, SeatInfo
from .normal import normal_choice, normal_dress

REDEALS = 8  # tries at a hand that explains a seat's recent plays (Normal-like)
# Per kind of card, the `Lack`s of a seat it falls under (None: a void rules it out);
# None for a seat with no constraints.
_Hits = dict[Card, tuple[int, ...] | None] | None


class Sampler:
    """Deals the unseen cards of one decision, again and again (`deal`).

    Everything that does not depend on the shuffle is worked out once per decision: the
    sorted pool, the order seats choose in, each seat's known cards, and for each kind of
    card which of the seat's `Lack`s it falls under (or that a void rules it out).
    """

    __slots__ = ("hand", "me", "n", "pool", "rules", "seats", "sizes")

    def __init__(self, obs: Observation, know: Knowledge) -> None:
        self.n, self.me = obs.players, obs.seat
        self.sizes = obs.hand_sizes
        self.hand = list(obs.hand)
        self.rules = obs.rules
        self.pool = sorted(know.unseen.elements(), key=lambda c: c.code)
        kinds = set(self.pool)
        others = [s for s in range(self.n) if s != self.me]
        # Constrained seats choose first.
        others.sort(key=lambda s: -len(know.seats[s].voids) - len(know.seats[s].lacks))
        self.seats: list[tuple[int, tuple[_Check, ...], list[Card], _Hits, list[int]]] = []
        for s in others:
            info = know.seats[s]
            hand = list(info.known.elements())
            voids, lacks = info.voids, info.lacks
            hits: _Hits = None
            room: list[int] = []
            if voids or lacks:
                room = [lack.room - sum(1 for c in hand if lack.covers(c)) for lack in lacks]
                hits = {}
                for c in kinds:
                    if c.color in voids:
                        hits[c] = None
                    else:
                        hits[c] = tuple(i for i, lack in enumerate(lacks) if lack.covers(c))
            self.seats.append((s, _checks(info), hand, hits, room))

    def deal(self, rng: random.Random) -> tuple[list[list[Card]], list[Card]]:
        """One deal of the unseen cards: every seat's hand and the draw pile (top first)."""
        pool = list(self.pool)
        shuffle(rng, pool)
        n, sizes, rules = self.n, self.sizes, self.rules
        hands: list[list[Card]] = [[] for _ in range(n)]
        hands[self.me] = list(self.hand)
        for s, checks, known, hits, room in self.seats:
            hand = list(known)
            need = sizes[s] - len(hand)
            if need > 0:
                keep, rest = _deal_fast(hits, room, need, pool)
                if checks:
                    for _ in range(REDEALS):
                        if _consistent(checks, hand + keep, rules):
                            break
                        cut = rng.randrange(len(pool)) if pool else 0
                        keep, rest = _deal_fast(hits, room, need, pool[cut:] + pool[:cut])
                pool = rest
                hand.extend(keep)
            hands[s] = hand[: sizes[s]]
        return hands, pool


def _deal_fast(
    hits: _Hits,
    room0: list[int],
    need: int,
    pool: list[Card],
) -> tuple[list[Card], list[Card]]:
    """The first `need` cards of `pool` a seat may hold (at most `room0[j]` under its
    `Lack` j; `hits` says which a card falls under, None for a void colour) and the
    rest; short of enough such cards, any fill the hand."""
    if hits is None:
        return pool[:need], pool[need:]
    room = list(room0)
    keep: list[Card] = []
    rest: list[Card] = []
    for i, c in enumerate(pool):
        hit = hits[c]
        if hit is not None:
            ok = True
            for j in hit:
                if room[j] <= 0:
                    ok = False
                    break
            if ok:
                for j in hit:
                    room[j] -= 1
                keep.append(c)
                if len(keep) == need:
                    rest.extend(pool[i + 1 :])
                    return keep, rest
                continue
        rest.append(c)
    short = need - len(keep)
    if short > 0:  # the pool cannot honour them all: fill anyway
        keep.extend(rest[:short])
        rest = rest[short:]
    return keep, rest


# One play of a seat re-judged by `_consistent`: the card, the colour it named (wilds),
# the kinds of card that could be played then (`tables.PLAYABLE`), and the table as
# Normal saw it (the seat, players, direction and each seat's hand size).
_Check = tuple[Card, Color | None, CardSet, int, int, int, Callable[[int], int]]


def _checks(info: SeatInfo) -> tuple[_Check, ...]:
    """A seat's plays since its last draw, latest first, as `_consistent` reads them."""
    return tuple(
        (
            ch.card,
            ch.color,
            PLAYABLE[ch.top][ch.active],
            ch.seat,
            len(ch.sizes),
            ch.direction,
            ch.sizes.__getitem__,
        )
        for ch in reversed(info.recent)
    )


def _consistent(checks: Sequence[_Check], hand: Sequence[Card], rules: RuleSet) -> bool:
    """Whether a Normal-like player holding `hand` now would have made its plays since
    its last draw (`_checks`): walking back over them, putting each card back, each must
    be the card Normal liked best then (and a wild's colour the one it would name)."""
    after = hand
    values = rules.card_values
    for card, color, playable_kinds, seat, n, direction, size_of in checks:
        if color is not None and after and most_held_color(after, values) is not color:
            return False
        then = [*after, card]
        playable = [c for c in then if c in playable_kinds]
        if normal_choice(playable, then, rules, seat, n, direction, size_of) is not card:
            return False
        after = then
    return True


def build_world(
    obs: Observation, know: Knowledge, rng: random.Random, sampler: Sampler | None = None
) -> Game:
    """One sampled world: a deal, a guess at a pending Wild Draw Four's guilt, a seed."""
    hands, pile = (sampler or Sampler(obs, know)).deal(rng)
    guilty = False
    off, color = know.last_w4_offender, know.color_before_w4
    if obs.can_challenge and off is not None and color is not None:
        guilty = any(c.color is color for c in hands[off])
    world_rng = LazyRandom(rng.getrandbits(64))
    return Game.from_observation(obs, hands, pile, world_rng, guilty=guilty)  # type: ignore[arg-type]


class LazyRandom:
    """`random.Random(seed)` for a searched copy of the game, built on first use.

    A copy needs its rng only if the draw pile runs out and is reshuffled, which a
    playout of a few plies rarely reaches; seeding a Mersenne Twister costs about 10 us
    and a table search made one for every world and every candidate played in it. The
    numbers drawn are exactly those of `random.Random(seed)`.
    """

    __slots__ = ("_rng", "seed")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self._rng: random.Random | None = None

    def getrandbits(self, k: int) -> int:
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng.getrandbits(k)

    def getstate(self) -> object:
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng.getstate()


def greedy_action(game: Game, rng: random.Random) -> Action:
    """A fast, reasonable move: a coloured card from the longest colour, wilds last,
    always UNO, stack when possible, never challenge, play what was drawn."""
    seat = game.current
    acts = game.legal_actions(seat)
    plain: list[tuple[Play, Color]] = []
    wild: list[Play] = []
    draw: Action | None = None
    for a in acts:
        if isinstance(a, Play):
            if a.seat != seat:
                continue
            color = a.card.color
            if color is None:
                wild.append(a)
            else:
                plain.append((a, color))
        elif isinstance(a, Draw) or (draw is None and isinstance(a, Pass)):
            draw = a
    if plain or wild:
        hand = game.hand(seat)
        counts = [0, 0, 0, 0]
        for c in hand:
            if c.color is not None:
                counts[c.color] += 1
        two = game.hand_size(seat) == 2
        if plain:
            top = max(counts[col] for _, col in plain)
            best = [p for p, col in plain if counts[col] == top and p.uno == two]
            return best[rng.randrange(len(best))] if best else plain[0][0]
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


def table_action(game: Game) -> Action:
    """Normal's move in a world (deterministic), by Normal's own scoring and dressing:
    the best-liked card, the drawn card whenever it plays, else draw or pass. Never
    challenges (Normal rarely does) and makes no out-of-turn moves."""
    seat = game.current
    rules, n, d, size_of = game.rules, game.players, game.direction, game.hand_size
    cards = game.turn_cards(seat)
    if cards is not None:  # a plain turn: judge the cards, then dress the best one
        if not cards:
            return Draw(seat)
        hand = game.hand(seat)
        plays = game.plays_of(seat, normal_choice(cards, hand, rules, seat, n, d, size_of))
        return normal_dress(plays, hand, rules, n, d, size_of) if len(plays) > 1 else plays[0]
    acts = game.legal_actions(seat)
    fallback: Action | None = None
    by_card: dict[Card, list[Play]] = {}
    for a in acts:
        if isinstance(a, Play):
            if a.seat == seat:
                by_card.setdefault(a.card, []).append(a)
        elif isinstance(a, Draw | Pass):
            fallback = a
    if by_card:
        hand = game.hand(seat)
        some = by_card[normal_choice(list(by_card), hand, rules, seat, n, d, size_of)]
        return normal_dress(some, hand, rules, n, d, size_of) if len(some) > 1 else some[0]
    assert fallback is not None or acts
    return fallback if fallback is not None else acts[0]


def table_value(game: Game, me: int) -> float:
    """Our chance of winning a round still going, from hand sizes and wilds: a softmax
    over seats of -0.14 size - 0.8 log(size + 0.5) + 0.7 per wild held (a multinomial
    logit fitted to 19,500 positions of four-player rounds of Normal play). The judge
    of table playouts at tables other than four seats; far less noisy than playing the
    round out."""
    if game.is_over:
        return evaluate(game, me)
    weights = []
    for s in range(game.players):
        hand = game.hand(s)
        size = len(hand)
        u = -0.141 * size - 0.803 * math.log(size + 0.5)
        u += 0.711 * sum(1 for c in hand if c.is_wild)
        weights.append(math.exp(u))
    return weights[me] / sum(weights)


class Judge(Protocol):
    """What `search_table` judges its playouts by: our chance of winning the round in
    each of `games` (1 or 0 if it is over), a batch at once."""

    def many(self, games: Sequence[Game], me: int) -> Sequence[float]: ...


def play_on(game: Game, plies: int) -> Game:
    """`game` played on in place by `table_action` for up to `plies`."""
    for _ in range(plies):
        if game.is_over:
            break
        game.apply(table_action(game))
    return game


def search_table(
    obs: Observation,
    know: Knowledge,
    candidates: Sequence[Action],
    rng: random.Random,
    *,
    samples: int,
    depth: int,
    z: float,
    judge: Judge,
) -> tuple[Action, list[float]]:
    """The heuristic's favourite (`candidates[0]`) unless a runner-up beats it for sure.

    Each of `samples` worlds is dealt once and every candidate played on in it for
    `depth` plies (same world, same seed), so each world gives one paired difference
    per runner-up. A runner-up replaces the favourite only when its mean difference is
    `z` standard errors above zero (the surest one if several are). Returns the choice
    and the mean differences (for diagnosis and tests).
    """
    k = len(candidates)
    sampler = Sampler(obs, know)
    sums = [0.0] * k
    sq = [0.0] * k
    for _ in range(samples):
        world = build_world(obs, know, rng, sampler)
        seed = rng.getrandbits(64)
        ends: list[Game] = []
        for action in candidates:
            g = world.clone(LazyRandom(seed))  # type: ignore[arg-type]
            g.apply(action)
            ends.append(play_on(g, depth))
        # Judged world by world: the games die young, which spares the garbage
        # collector's older generations (the tail of the decision time).
        judged = judge.many(ends, obs.seat)
        base = judged[0]
        for i in range(1, k):
            d = judged[i] - base
            sums[i] += d
            sq[i] += d * d
    means = [s / samples for s in sums]
    best, best_t = _surest(sums, sq, samples)
    return (candidates[best] if best_t > z else candidates[0]), means


def _surest(sums: Sequence[float], sq: Sequence[float], done: int) -> tuple[int, float]:
    """The runner-up whose paired difference is most standard errors above zero."""
    best, best_t = 0, -math.inf
    for i in range(1, len(sums)):
        mean = sums[i] / done
        var = max(sq[i] / done - mean**2, 0.0)
        se = math.sqrt(var / max(done - 1, 1)) + 1e-9
        t = mean / se
        if t > best_t:
            best, best_t = i, t
    return best, best_t


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
    sampler = Sampler(obs, know)
    for _ in range(samples):
        world = build_world(obs, know, rng, sampler)
        seed = rng.getrandbits(64)
        for i, action in enumerate(candidates):
            g = world.clone(random.Random(seed))
            g.apply(action)
            totals[i] += rollout(g, obs.seat, depth, random.Random(seed ^ 0x5EED))
    means = [t / samples for t in totals]
    means[0] += prior_bonus
    best = max(range(len(candidates)), key=lambda i: (means[i], -i))
    return candidates[best]
