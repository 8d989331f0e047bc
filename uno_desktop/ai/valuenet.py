"""A small neural judge of four-player positions, for the hard bot's table search.

At the end of each playout `search.search_table` needs every seat's chance of winning
the round. Here 26 numbers describe each seat's hand as seen from the seat to move
(size, wilds, action cards, whether it can play on the top card, what the seat before
it holds to hit it with); an 8-unit tanh layer reads each seat's numbers with those of
the seats before, after and opposite it, and a softmax over the four gives the chances.
Fitted by `benchmarks/fit_table_net.py` (figures in benchmarks/JOURNAL.md), it reads
what a per-seat logit cannot: "the seat before me holds a Wild Draw Four and I am on
one card". It runs in plain Python: the hidden layer is a sum of what each seat's hand
and each seat's place give it, and playouts meet the same few hands and places again
and again, so each part is computed once and kept (bounded tables), which leaves some
additions and tanh's per position.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from operator import add, mul

from ..engine import Card, Game
from ..engine.cards import COLORED_RANKS, COLORS, WILD_RANKS
from .netweights import Weights, read_weights

SEATS = 4
# What `features` gives each seat, in order.
NAMES = (
    "size",
    "log(size + 0.5)",
    "wilds (not Draw Four)",
    "Wild Draw Fours",
    "Skips, Reverses, Draw Twos",
    "1 from the turn",
    "2 from the turn",
    "3 from the turn",
    "can play, to move",
    "can play, 1 from the turn",
    "can play, 2 from the turn",
    "can play, 3 from the turn",
    "one card",
    "one card, to move, plays",
    "colours held",
    "one card x Skips and Draw Twos of the seat before",
    "two cards x Skips and Draw Twos of the seat before",
    "<= 2 cards x Wild Draw Fours of the seat before",
    "one card, next, and the mover can hit it",
    "<= 2 cards, next, and the mover can hit it",
    "cards of the colour to follow",
    "one card, a wild",
    "playable cards, to move",
    "Skips and Draw Twos while the next seat has <= 2 cards",
    "one card x colours held",
    "two cards x colours held",
)
FEATURES = len(NAMES)
# The numbers of the hand alone (`_hand_numbers`) and those of its place at the table
# (`_place_numbers`), by their index in `NAMES`.
HAND = (0, 1, 2, 3, 4, 12, 14, 21, 24, 25)
PLACE = (5, 6, 7, 8, 9, 10, 11, 13, 15, 16, 17, 18, 19, 20, 22, 23)

# A position as the net reads it: the hands from the seat to move in the direction of
# play, the top card's rank and the colour to follow (-1: any).
Position = tuple[list[tuple[Card, ...]], str, int]
# What a seat's numbers are made of, as small integers: its hand's (`_hand_numbers`:
# size, `_HAND_COUNTS` of its cards' code, colours held) and its place's
# (`_place_numbers`: place, playable cards, size up to 3, `_BEFORE_COUNTS` of the seat
# before's code if on two cards or fewer, hit, cards of the colour to follow, Skips and
# Draw Twos if the next seat is on two cards or fewer).
HandKey = tuple[int, int, int]
PlaceKey = tuple[int, int, int, int, int, int, int]
# Part of a seat's share of the hidden layer, from the seat in each role: itself, the
# seat before, after and opposite the seat being judged.
Share = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], tuple[float, ...]]

MAX_SHARES = 20000  # kept shares of each kind; the table starts afresh when full
_MASK = 0xFFFF
_HAND_COUNTS = (1 << 48) - 1  # wilds, Draw Fours, Skips/Reverses/Draw Twos (`_card_codes`)
_BEFORE_COUNTS = 0xFFFF0000FFFF  # a code shifted by 16: Draw Fours, Skips/Draw Twos


class _Part:
    """The hidden layer's share of some of a seat's numbers (`indices` of `NAMES`),
    kept for each key met: the numbers of a hand or of a place take few values."""

    def __init__(self, w: Weights, indices: tuple[int, ...], bias: bool) -> None:
        hidden = range(len(w.b1))
        # columns[j][u]: from the seat in role j to hidden unit u, one weight per number
        self.columns = tuple(
            tuple(tuple(w.w1[j * FEATURES + i][u] for i in indices) for u in hidden)
            for j in range(SEATS)
        )
        # the bias and the weights of the seat's place, when the key starts with it
        self.bias = (
            tuple(
                tuple(w.b1[u] + w.w1[SEATS * FEATURES + k][u] for u in hidden) for k in range(SEATS)
            )
            if bias
            else None
        )
        self.mu = tuple(w.mu[i] for i in indices)
        self.sd = tuple(w.sd[i] for i in indices)
        self.kept: dict[tuple[int, ...], Share] = {}

    def share(self, key: tuple[int, ...], numbers: tuple[float, ...]) -> Share:
        r = [(x - m) / s for x, m, s in zip(numbers, self.mu, self.sd)]
        a, b, c, d = (tuple(sum(map(mul, r, col)) for col in cols) for cols in self.columns)
        if self.bias is not None:
            a = tuple(map(add, a, self.bias[key[0]]))
        got = (a, b, c, d)
        if len(self.kept) >= MAX_SHARES:
            self.kept.clear()
        self.kept[key] = got
        return got


class _Net:
    """The weights rearranged for the evaluation below."""

    def __init__(self, w: Weights) -> None:
        self.hand = _Part(w, HAND, bias=False)
        self.place = _Part(w, PLACE, bias=True)  # a place key starts with the seat's place
        self.w2 = w.w2 * SEATS
        self.hidden = len(w.b1)
        self.seats: dict[tuple[HandKey, PlaceKey], Share] = {}

    def seat(self, key: tuple[HandKey, PlaceKey]) -> Share:
        """A seat's share of the hidden layer: its hand's part and its place's."""
        hk, pk = key
        hand = self.hand.kept.get(hk) or self.hand.share(hk, _hand_numbers(hk))
        place = self.place.kept.get(pk) or self.place.share(pk, _place_numbers(pk))
        got = (
            tuple(map(add, hand[0], place[0])),
            tuple(map(add, hand[1], place[1])),
            tuple(map(add, hand[2], place[2])),
            tuple(map(add, hand[3], place[3])),
        )
        if len(self.seats) >= MAX_SHARES:
            self.seats.clear()
        self.seats[key] = got
        return got

    def chances(self, keys: list[tuple[HandKey, PlaceKey]]) -> list[float]:
        """Each seat's chance, from the seats' `_seat_keys`."""
        kept, seat = self.seats.get, self.seat
        k0, k1, k2, k3 = keys
        s0 = kept(k0) or seat(k0)
        s1 = kept(k1) or seat(k1)
        s2 = kept(k2) or seat(k2)
        s3 = kept(k3) or seat(k3)
        tanh = math.tanh
        # Seat k's hidden units, all four seats in one pass: from itself, the seat
        # before, after and opposite it.
        units = [
            w * tanh(p + q + r + t)
            for w, p, q, r, t in zip(
                self.w2,
                s0[0] + s1[0] + s2[0] + s3[0],
                s3[1] + s0[1] + s1[1] + s2[1],
                s1[2] + s2[2] + s3[2] + s0[2],
                s2[3] + s3[3] + s0[3] + s1[3],
            )
        ]
        n = self.hidden
        u = [sum(units[k * n : k * n + n]) for k in range(SEATS)]
        top = max(u)
        e = [math.exp(x - top) for x in u]
        total = sum(e)
        return [x / total for x in e]


_net: list[_Net] = []


def _the_net() -> _Net:
    if not _net:
        _net.append(_Net(read_weights(FEATURES, SEATS)))
    return _net[0]


def warm() -> None:
    """Read and check the weights now, so a bad file is found when a hard bot takes its
    seat, not in the middle of its first search."""
    _the_net()


def encode(game: Game) -> Position:
    """What the net needs of a four-player game still going."""
    cur, d = game.current, game.direction
    hands = [game.hand((cur + k * d) % SEATS) for k in range(SEATS)]
    active = game.active_color
    return hands, game.top_card.rank, -1 if active is None else int(active)


# A card as one integer of 16-bit counters, so that a hand's counts are the sum of its
# cards' integers: wilds but not Draw Fours, Draw Fours, Skips/Reverses/Draw Twos,
# Skips/Draw Twos, one counter per colour, then (on a given top card and colour) the
# cards that can be played and those that hit the next seat (a Draw Four, or a Skip or
# Draw Two that can be played).
_PLAYS = 1 << 128
_HITS = 1 << 144
_codes: dict[tuple[str, int], dict[Card, int]] = {}


def _card_codes(top: str, active: int) -> dict[Card, int]:
    got = _codes.get((top, active))
    if got is None:
        got = _codes[(top, active)] = {}
        cards = [Card(c, r) for c in COLORS for r in COLORED_RANKS]
        for card in cards + [Card(None, r) for r in WILD_RANKS]:
            rank = card.rank
            color = -1 if card.color is None else int(card.color)
            sd2 = rank in ("S", "D2")
            code = (
                int(card.is_wild and rank != "W4")
                | int(rank == "W4") << 16
                | int(rank in ("S", "R", "D2")) << 32
                | int(sd2) << 48
                | (1 << 16 * (4 + color) if color >= 0 else 0)
            )
            if color < 0 or active < 0 or color == active or rank == top:
                code |= _PLAYS
            if rank == "W4" or (sd2 and (color == active or rank == top)):
                code |= _HITS
            got[card] = code
    return got


def _seat_keys(position: Position) -> list[tuple[HandKey, PlaceKey]]:
    """What each seat's numbers are made of (`_hand_numbers`, `_place_numbers`)."""
    hands, top, active = position
    code_of = _card_codes(top, active).__getitem__
    h0, h1, h2, h3 = hands
    c0, c1, c2, c3 = (
        sum(map(code_of, h0)),
        sum(map(code_of, h1)),
        sum(map(code_of, h2)),
        sum(map(code_of, h3)),
    )
    n0, n1, n2, n3 = len(h0), len(h1), len(h2), len(h3)
    mover_hits = c0 >> 144 & _MASK > 0
    follow = 16 * (4 + active) if active >= 0 else -1
    m = _MASK
    keys = []
    # each seat: its place, its cards, its size, the seat before's cards, the next's size
    for k, code, size, before, next_size in (
        (0, c0, n0, c3, n1),
        (1, c1, n1, c0, n2),
        (2, c2, n2, c1, n3),
        (3, c3, n3, c2, n0),
    ):
        low = size <= 2
        playable = code >> 128 & m
        colors = code >> 64
        hand: HandKey = (
            size,
            code & _HAND_COUNTS,
            (colors & m > 0)
            + (colors >> 16 & m > 0)
            + (colors >> 32 & m > 0)
            + (colors >> 48 & m > 0),
        )
        place: PlaceKey = (
            k,
            playable if k == 0 else playable > 0,
            size if low else 3,
            before >> 16 & _BEFORE_COUNTS if low else 0,
            mover_hits and k == 1 and low,
            code >> follow & m if follow >= 0 else 0,
            code >> 48 & m if next_size <= 2 else 0,
        )
        keys.append((hand, place))
    return keys


def _hand_numbers(key: HandKey) -> tuple[float, ...]:
    """The numbers of `HAND`, in that order."""
    size, counts, colors = key
    wild, w4, srd2 = counts & _MASK, counts >> 16 & _MASK, counts >> 32 & _MASK
    one, two = size == 1, size == 2
    return tuple(
        float(x)
        for x in (
            size,
            math.log(size + 0.5),
            wild,
            w4,
            srd2,
            one,
            colors,
            one and wild + w4 == 1,
            colors if one else 0,
            colors if two else 0,
        )
    )


def _place_numbers(key: PlaceKey) -> tuple[float, ...]:
    """The numbers of `PLACE`, in that order (`size` is 3 for three cards or more)."""
    k, playable, size, before, hits, n_active, sd2 = key
    sd2_before, w4_before = before >> 32 & _MASK, before & _MASK
    one, two, low, can = size == 1, size == 2, size <= 2, playable > 0
    return tuple(
        float(x)
        for x in (
            k == 1,
            k == 2,
            k == 3,
            *(can and k == j for j in range(SEATS)),
            one and k == 0 and can,
            sd2_before if one else 0,
            sd2_before if two else 0,
            w4_before if low else 0,
            one and hits,
            hits,
            n_active,
            playable if k == 0 else 0,
            sd2,
        )
    )


def features(positions: Sequence[Position]) -> list[list[list[float]]]:
    """The 26 numbers of each seat of each position, (positions, 4, 26), seats counted
    from the seat to move, as named in `NAMES`."""
    out = []
    for p in positions:
        seats = []
        for hand, place in _seat_keys(p):
            numbers = [0.0] * FEATURES
            for i, x in zip(HAND, _hand_numbers(hand)):
                numbers[i] = x
            for i, x in zip(PLACE, _place_numbers(place)):
                numbers[i] = x
            seats.append(numbers)
        out.append(seats)
    return out


def chances(positions: Sequence[Position]) -> list[list[float]]:
    """Each seat's chance of winning, by position and seat from the mover: (positions, 4)."""
    net = _the_net()
    return [net.chances(_seat_keys(p)) for p in positions]


class NetValue:
    """`search_table`'s judge (a `search.Judge`): the net for four-player rounds still
    going, `fallback` for rounds over and other tables."""

    def __init__(self, fallback: Callable[[Game, int], float]) -> None:
        self.fallback = fallback

    def __call__(self, game: Game, me: int) -> float:
        return self.many([game], me)[0]

    def many(self, games: Sequence[Game], me: int) -> list[float]:
        out: list[float] = []
        net = _the_net()
        for g in games:
            if g.is_over or g.players != SEATS:
                out.append(self.fallback(g, me))
            else:
                p = net.chances(_seat_keys(encode(g)))
                out.append(p[((me - g.current) * g.direction) % SEATS])
        return out
