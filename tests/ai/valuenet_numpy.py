"""The value net as it ran on numpy before issue 27, kept as the reference the plain
Python net is compared with (`test_valuenet.py`). Reads positions made by
`valuenet.encode` (cards numbered here as the old encoding numbered them) and the
weights of `netweights.read_weights`."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from uno_desktop.ai import valuenet
from uno_desktop.ai.netweights import Weights
from uno_desktop.engine import Card

SEATS = valuenet.SEATS


def _kind_row(card: Card, ranks: dict[str, int]) -> tuple[int, ...]:
    """Colour (-1 wild), rank, wild but not Draw Four, Draw Four, Skip/Reverse/Draw Two,
    Skip/Draw Two, real card (all 0 but the colour, -2, for the padding kind 0)."""
    rank = card.rank
    return (
        -1 if card.color is None else int(card.color),
        ranks.setdefault(rank, len(ranks) + 1),
        card.is_wild and rank != "W4",
        rank == "W4",
        rank in ("S", "R", "D2"),
        rank in ("S", "D2"),
        1,
    )


def features(positions: Sequence[valuenet.Position]) -> np.ndarray:
    kinds: dict[Card, int] = {}
    ranks: dict[str, int] = {}
    hands = [[[kinds.setdefault(c, len(kinds) + 1) for c in h] for h in p[0]] for p in positions]
    table = np.zeros((len(kinds) + 1, 7), dtype=np.int64)
    table[0, 0] = -2
    for card, i in kinds.items():
        table[i] = _kind_row(card, ranks)
    b = len(positions)
    width = max(1, max(len(h) for p in hands for h in p))
    ids = np.zeros((b, SEATS, width), dtype=np.int64)
    lengths = [len(h) for p in hands for h in p]
    flat = [i for p in hands for h in p for i in h]
    if flat:
        rows = np.repeat(np.arange(b * SEATS), lengths)
        starts = np.repeat(np.cumsum([0, *lengths[:-1]]), lengths)
        cols = np.arange(len(flat)) - starts
        ids.reshape(b * SEATS, width)[rows, cols] = flat
    kind = table[ids]  # (b, 4, width, 7)
    color, rank = kind[..., 0], kind[..., 1]
    wild, w4, srd2, sd2, real = (kind[..., j] for j in range(2, 7))
    top = np.array([ranks.setdefault(p[1], len(ranks) + 1) for p in positions])[:, None, None]
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
    mover_hits = hit[:, 0].any(-1)[:, None]
    pred = np.roll(np.stack([sd2.sum(-1), w4.sum(-1)], -1), 1, axis=1)
    next_size = np.roll(size, -1, axis=1)

    off = np.broadcast_to(np.arange(SEATS), (b, SEATS))
    one, two, low = size == 1, size == 2, size <= 2
    f = np.zeros((b, SEATS, valuenet.FEATURES))
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


def chances(positions: Sequence[valuenet.Position], w: Weights) -> np.ndarray:
    r = (features(positions) - np.array(w.mu)) / np.array(w.sd)
    eye = np.broadcast_to(np.eye(SEATS), (len(positions), SEATS, SEATS))
    x = np.concatenate(
        [r, np.roll(r, 1, axis=1), np.roll(r, -1, axis=1), np.roll(r, -2, axis=1), eye], -1
    )
    u = np.tanh(x @ np.array(w.w1) + np.array(w.b1)) @ np.array(w.w2)
    u = np.exp(u - u.max(-1, keepdims=True))
    return u / u.sum(-1, keepdims=True)
