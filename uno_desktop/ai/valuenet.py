"""A small neural judge of four-player positions, for the hard bot's table search.

At the end of each playout `search.search_table` needs every seat's chance of winning
the round. Here 26 numbers describe each seat's hand as seen from the seat to move
(size, wilds, action cards, whether it can play on the top card, what the seat before
it holds to hit it with); an 8-unit tanh layer reads each seat's numbers with those of
the seats before, after and opposite it, and a softmax over the four gives the chances.
Fitted by `benchmarks/fit_table_net.py` (figures in benchmarks/RESULTS.md), it reads
what a per-seat logit cannot: "the seat before me holds a Wild Draw Four and I am on
one card". numpy, imported on first use, runs it over all of a decision's playouts at
once (`NetValue.many`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Card, Game
from . import valuenet_weights as weights

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

# A position as the net reads it: card kinds held by each seat counted from the seat to
# move in the direction of play, the top card's rank and the colour to follow (-1: any).
Position = tuple[list[list[int]], int, int]

_kinds: dict[Card, int] = {}  # card -> kind number (from 1; 0 pads short hands)
_ranks: dict[str, int] = {}
_np: Any = None
_tables: dict[str, Any] = {}


def encode(game: Game) -> Position:
    """What the net needs of a four-player game still going."""
    cur, d = game.current, game.direction
    kinds = _kinds
    hands = []
    for k in range(SEATS):
        ids = []
        for c in game.hand((cur + k * d) % SEATS):
            i = kinds.get(c)
            if i is None:
                i = kinds[c] = len(kinds) + 1
            ids.append(i)
        hands.append(ids)
    active = game.active_color
    return hands, _rank(game.top_card.rank), -1 if active is None else int(active)


def _rank(rank: str) -> int:
    i = _ranks.get(rank)
    if i is None:
        i = _ranks[rank] = len(_ranks) + 1
    return i


def _numpy() -> Any:
    global _np
    if _np is None:
        import numpy

        _np = numpy
        _tables["w1"] = numpy.array(weights.W1, dtype=numpy.float64)
        _tables["b1"] = numpy.array(weights.B1, dtype=numpy.float64)
        _tables["w2"] = numpy.array(weights.W2, dtype=numpy.float64)
        _tables["mu"] = numpy.array(weights.MU, dtype=numpy.float64)
        _tables["sd"] = numpy.array(weights.SD, dtype=numpy.float64)
    return _np


def warm() -> None:
    """Import numpy and build the net now (it takes a tenth of a second or so), so the
    first search of a match does not stall a frame."""
    _numpy()


def _kind_table(np: Any) -> Any:
    """Per card kind: colour (-1 wild), rank, wild but not Draw Four, Draw Four,
    Skip/Reverse/Draw Two, Skip/Draw Two, real card (0 for the padding kind). Built
    again only when a kind of card not seen before has been encoded."""
    table = _tables.get("kinds")
    if table is not None and len(table) == len(_kinds) + 1:
        return table
    table = np.zeros((len(_kinds) + 1, 7), dtype=np.int64)
    table[0, 0] = -2
    for card, i in _kinds.items():
        rank = card.rank
        table[i] = (
            -1 if card.color is None else int(card.color),
            _rank(rank),
            card.is_wild and rank != "W4",
            rank == "W4",
            rank in ("S", "R", "D2"),
            rank in ("S", "D2"),
            1,
        )
    _tables["kinds"] = table
    return table


def features(positions: Sequence[Position]) -> Any:
    """The 26 numbers of each seat of each position: an array (positions, 4, 26), seats
    counted from the seat to move, as named in `NAMES`."""
    np = _numpy()
    b = len(positions)
    width = max(1, max(len(h) for p in positions for h in p[0]))
    ids = np.zeros((b, SEATS, width), dtype=np.int64)
    lengths = [len(h) for p in positions for h in p[0]]
    flat = [i for p in positions for h in p[0] for i in h]
    if flat:
        rows = np.repeat(np.arange(b * SEATS), lengths)
        starts = np.repeat(np.cumsum([0, *lengths[:-1]]), lengths)
        cols = np.arange(len(flat)) - starts
        ids.reshape(b * SEATS, width)[rows, cols] = flat
    kind = _kind_table(np)[ids]  # (b, 4, width, 7)
    color, rank = kind[..., 0], kind[..., 1]
    wild, w4, srd2, sd2, real = (kind[..., j] for j in range(2, 7))
    top = np.array([p[1] for p in positions])[:, None, None]
    active = np.array([p[2] for p in positions])[:, None, None]

    size = real.sum(-1)
    by_color = (color[..., None] == np.arange(4)).sum(-2)  # (b, 4, 4)
    colors = (by_color > 0).sum(-1)
    plays = (real == 1) & ((color == -1) | (active < 0) | (color == active) | (rank == top))
    playable = plays.sum(-1)
    can = playable > 0
    n_active = np.where(
        active[..., 0] >= 0,
        np.take_along_axis(by_color, np.maximum(active[..., 0], 0)[..., None], -1)[..., 0],
        0,
    )
    hit = (w4 == 1) | ((sd2 == 1) & ((color == active) | (rank == top)))
    mover_hits = hit[:, 0].any(-1)[:, None]  # the seat to move can hit the next seat now
    pred = np.roll(np.stack([sd2.sum(-1), w4.sum(-1)], -1), 1, axis=1)  # the seat before
    next_size = np.roll(size, -1, axis=1)

    off = np.broadcast_to(np.arange(SEATS), (b, SEATS))
    one, two, low = size == 1, size == 2, size <= 2
    f = np.zeros((b, SEATS, FEATURES))
    f[..., 0] = size
    f[..., 1] = np.log(size + 0.5)
    f[..., 2] = wild.sum(-1)
    f[..., 3] = w4.sum(-1)
    f[..., 4] = srd2.sum(-1)
    for k in (1, 2, 3):
        f[..., 4 + k] = off == k
    for k in range(4):
        f[..., 8 + k] = can & (off == k)
    f[..., 12] = one
    f[..., 13] = one & (off == 0) & can
    f[..., 14] = colors
    f[..., 15] = one * pred[..., 0]
    f[..., 16] = two * pred[..., 0]
    f[..., 17] = low * pred[..., 1]
    f[..., 18] = one & (off == 1) & mover_hits
    f[..., 19] = low & (off == 1) & mover_hits
    f[..., 20] = n_active
    f[..., 21] = one & ((wild.sum(-1) + w4.sum(-1)) == 1)
    f[..., 22] = (off == 0) * playable
    f[..., 23] = (next_size <= 2) * sd2.sum(-1)
    f[..., 24] = one * colors
    f[..., 25] = two * colors
    return f


def chances(positions: Sequence[Position]) -> Any:
    """Each seat's chance of winning, by position and seat from the mover: (positions, 4)."""
    np = _numpy()
    t = _tables
    r = (features(positions) - t["mu"]) / t["sd"]
    eye = np.broadcast_to(np.eye(SEATS), (len(positions), SEATS, SEATS))
    x = np.concatenate(
        [r, np.roll(r, 1, axis=1), np.roll(r, -1, axis=1), np.roll(r, -2, axis=1), eye], -1
    )
    u = np.tanh(x @ t["w1"] + t["b1"]) @ t["w2"]
    u = np.exp(u - u.max(-1, keepdims=True))
    return u / u.sum(-1, keepdims=True)


class NetValue:
    """`search_table`'s judge (a `search.Judge`): the net for four-player rounds still
    going, `fallback` for rounds over and other tables. `many` judges a whole
    decision's playouts in one pass."""

    def __init__(self, fallback: Callable[[Game, int], float]) -> None:
        self.fallback = fallback

    def __call__(self, game: Game, me: int) -> float:
        return self.many([game], me)[0]

    def many(self, games: Sequence[Game], me: int) -> list[float]:
        out: list[float] = [0.0] * len(games)
        todo: list[int] = []
        for i, g in enumerate(games):
            if g.is_over or g.players != SEATS:
                out[i] = self.fallback(g, me)
            else:
                todo.append(i)
        if todo:
            p = chances([encode(games[i]) for i in todo])
            for row, i in enumerate(todo):
                g = games[i]
                out[i] = float(p[row, ((me - g.current) * g.direction) % SEATS])
        return out
