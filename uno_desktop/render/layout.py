"""Where everything sits on the table, for 2 to 10 seats and any window size.

The viewer's seat is at the bottom centre with the fanned hand; the other seats follow
the direction of play clockwise: up the left side, across the top from left to right,
down the right side (so seat numbers increase left-to-right across the top). The
draw and discard piles, the active-colour and direction markers and the status line
sit in the middle. A side panel on the right holds the menu button, scores, the log
and the action buttons (UNO, catch, draw, pass) next to the hand; Menu shares its row
with Hint.

Every size comes from one unit `u = min(W / BASE_W, H / BASE_H) * ui_scale`, BASE_SIZE
being the 1280x720 design size of `theme`. If the layout
does not fit (a big ui_scale on a small window, ten seats at 800x500), the unit is
shrunk step by step until nothing overlaps and nothing leaves the screen, so the
effective scale can be smaller than asked: `TableLayout.scale` says what was used.
The unit is also capped so a card is never wider than 300 px.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import pygame

from uno_desktop.render.cards import CARD_RATIO
from uno_desktop.render.theme import BASE_SIZE
from uno_desktop.rules.options import MAX_PLAYERS, MIN_PLAYERS

BUTTON_KEYS: tuple[str, ...] = ("uno", "catch", "draw", "pass", "menu", "hint")

MIN_CARD_W = 40
MAX_CARD_W = 300

_LIFT = 0.2  # a lifted card rises by this share of its height


@dataclass(frozen=True)
class SeatSpot:
    """One seat on screen: its name plate and where its cards are shown.

    For the viewer, `cards_rect` is the hand (`TableLayout.hand_rect`); for everyone
    else it is a small strip where their card backs are fanned.
    """

    seat: int
    center: tuple[int, int]
    name_rect: pygame.Rect
    cards_rect: pygame.Rect


@dataclass(frozen=True)
class TableLayout:
    """Every rectangle the table scene draws into, for one window size."""

    size: tuple[int, int]
    card_w: int
    small_card_w: int
    seats: tuple[SeatSpot, ...]  # indexed by seat number
    hand_rect: pygame.Rect
    draw_pile: pygame.Rect
    discard_pile: pygame.Rect
    color_marker: pygame.Rect
    direction_marker: pygame.Rect
    log_rect: pygame.Rect
    scores_rect: pygame.Rect
    status_rect: pygame.Rect
    buttons: dict[str, pygame.Rect]
    # extras beyond the shared contract
    viewer: int = 0
    scale: float = 1.0  # the effective unit (window factor * ui_scale, after fitting)
    table_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the felt area
    panel_rect: pygame.Rect = field(default_factory=pygame.Rect)  # the side panel
    line_h: int = 20  # a comfortable text line height for names, log and scores

    @property
    def card_h(self) -> int:
        return round(self.card_w * CARD_RATIO)

    @property
    def small_card_h(self) -> int:
        return round(self.small_card_w * CARD_RATIO)

    def font_px(self, lines: float = 1.0) -> int:
        """A font size that fills `lines` text lines of this layout."""
        return max(10, round(self.line_h * lines * 1.05))

    @property
    def felt_frame(self) -> pygame.Rect:
        """The line painted round the felt: the bottom hand never crosses it."""
        return _inner(self.table_rect, self.scale)

    @property
    def direction_label(self) -> pygame.Rect:
        """The room for the words under the direction marker: its column, clear of the
        draw pile, down to below the pile's count."""
        return self._label_under(self.direction_marker, self.draw_pile.left)

    @property
    def color_label(self) -> pygame.Rect:
        """The room for the word under the colour marker, clear of the discard pile."""
        return self._label_under(self.color_marker, self.discard_pile.right)

    @property
    def pile_count(self) -> pygame.Rect:
        """The line under the draw pile where its count is written."""
        top = self.draw_pile.bottom + max(2, round(4 * self.scale))
        return pygame.Rect(self.draw_pile.x, top, self.draw_pile.w, self.line_h)

    @property
    def piles_rect(self) -> pygame.Rect:
        """The piles, the markers and their words: what a dialog must leave in sight (with
        room for the discards' tilt)."""
        tilt = round(self.card_w * 0.2)
        return self.draw_pile.union(self.discard_pile.inflate(tilt, tilt)).unionall(
            [
                self.direction_marker,
                self.color_marker,
                self.direction_label,
                self.color_label,
                self.pile_count,
            ]
        )

    def _label_under(self, marker: pygame.Rect, pile_edge: int) -> pygame.Rect:
        half = abs(marker.centerx - pile_edge) - max(2, self.card_w // 20)
        top = marker.bottom + max(2, round(4 * self.scale))
        bottom = max(top + self.line_h, self.pile_count.bottom)
        return pygame.Rect(marker.centerx - half, top, 2 * half, bottom - top)

    def named_rects(self) -> dict[str, pygame.Rect]:
        """Every rectangle that must not overlap another, by a readable name."""
        out: dict[str, pygame.Rect] = {
            "hand": self.hand_rect,
            "draw_pile": self.draw_pile,
            "discard_pile": self.discard_pile,
            "color_marker": self.color_marker,
            "direction_marker": self.direction_marker,
            "log": self.log_rect,
            "scores": self.scores_rect,
            "status": self.status_rect,
            "pile_count": self.pile_count,
            "direction_label": self.direction_label,
            "color_label": self.color_label,
        }
        for key, rect in self.buttons.items():
            out[f"button:{key}"] = rect
        for spot in self.seats:
            out[f"seat{spot.seat}:name"] = spot.name_rect
            if spot.seat != self.viewer:
                out[f"seat{spot.seat}:cards"] = spot.cards_rect
        return out


def layout_problems(layout: TableLayout) -> list[str]:
    """What is wrong with a layout: rects off screen or overlapping (empty = fine)."""
    screen = pygame.Rect((0, 0), layout.size)
    problems = []
    named = layout.named_rects()
    for name, rect in named.items():
        if rect.width <= 0 or rect.height <= 0:
            problems.append(f"{name} is empty: {rect}")
        elif not screen.contains(rect):
            problems.append(f"{name} leaves the screen: {rect}")
    for (n1, r1), (n2, r2) in combinations(named.items(), 2):
        if r1.colliderect(r2):
            problems.append(f"{n1} {r1} overlaps {n2} {r2}")
    return problems


def table_layout(
    players: int, viewer: int, size: tuple[int, int], ui_scale: float = 1.0
) -> TableLayout:
    """The table for `players` seats seen from seat `viewer` in a window of `size`.

    ui_scale (0.75..2.0 in the settings) is clamped to what fits; see the module doc.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players}")
    if not 0 <= viewer < players:
        raise ValueError(f"viewer must be a seat 0..{players - 1}, got {viewer}")
    w, h = int(size[0]), int(size[1])
    base = min(w / BASE_SIZE[0], h / BASE_SIZE[1])
    u = base * max(0.5, min(float(ui_scale), 2.5))
    u = min(u, MAX_CARD_W / 100)
    best: TableLayout | None = None
    for _ in range(40):
        layout = _build(players, viewer, w, h, u)
        if layout is not None:
            if not layout_problems(layout):
                return layout
            best = layout
        u *= 0.93
    if best is None:  # a window far below the supported minimum: still return something
        best = _build(players, viewer, max(w, 800), max(h, 500), 0.3, force=True)
    assert best is not None
    return best


def _build(
    players: int, viewer: int, w: int, h: int, u: float, force: bool = False
) -> TableLayout | None:
    """One attempt at unit `u`; None when the pieces cannot fit at this size."""
    m = max(4, round(10 * u))  # screen margin
    gap = max(3, round(8 * u))
    line_h = max(11, round(22 * u))
    card_w = max(MIN_CARD_W, min(MAX_CARD_W, round(100 * u)))
    card_h = round(card_w * CARD_RATIO)
    small_w = max(20, round(card_w * 0.5))
    small_h = round(small_w * CARD_RATIO)
    btn_h = max(22, round(42 * u))

    # --- side panel: menu, scores, log, action buttons ----------------------------------
    pw = max(round(150 * max(u, 0.75)), min(round(240 * u), round(w * 0.24)))
    pw = min(pw, round(w * 0.26))
    panel = pygame.Rect(w - m - pw, m, pw, h - 2 * m)
    bw = (pw - gap) // 2
    menu = pygame.Rect(panel.x, panel.y, bw, btn_h)  # the whole row when hints are off
    row2 = panel.bottom - btn_h
    row1 = row2 - gap - btn_h
    buttons = {
        "uno": pygame.Rect(panel.x, row1, bw, btn_h),
        "catch": pygame.Rect(panel.right - bw, row1, bw, btn_h),
        "draw": pygame.Rect(panel.x, row2, bw, btn_h),
        "pass": pygame.Rect(panel.right - bw, row2, bw, btn_h),
        "menu": menu,
        "hint": pygame.Rect(panel.right - bw, panel.y, bw, btn_h),
    }
    row_h = max(11, round(19 * u))
    scores = pygame.Rect(panel.x, menu.bottom + gap, pw, row_h * (players + 1) + gap)
    log = pygame.Rect(panel.x, scores.bottom + gap, pw, row1 - gap - (scores.bottom + gap))
    if log.height < 3 * row_h and not force:
        return None

    # --- the felt: hand at the bottom, seats around, piles in the middle ---------------
    table = pygame.Rect(m, m, panel.x - gap - m, h - 2 * m)
    hand_h = card_h + round(card_h * _LIFT) + gap
    inner = _inner(table, u)
    hand = pygame.Rect(inner.x, inner.bottom - hand_h, inner.width, hand_h)
    name_w = min(table.width, max(round(160 * u), 90))
    viewer_name = pygame.Rect(0, 0, name_w, line_h)
    viewer_name.midbottom = (table.centerx, hand.top - max(1, gap // 2))

    spot_w = max(round(small_w * 2.8), round(118 * u))
    spot_h = line_h + max(2, gap // 2) + small_h
    opponents = players - 1
    top_cap = (table.width + gap) // (spot_w + gap)
    band_bottom = table.top + spot_h
    side_top = band_bottom + gap
    side_bottom = viewer_name.top - gap
    side_cap = max(0, (side_bottom - side_top + gap) // (spot_h + gap))
    per_side = 0 if opponents <= 2 else 1 if opponents <= 6 else 2
    while opponents - 2 * per_side > top_cap and per_side < opponents // 2:
        per_side += 1
    n_top = opponents - 2 * per_side
    if (n_top > top_cap or per_side > side_cap or top_cap < 1) and not force:
        return None

    # --- the centre cluster: direction marker, draw pile, discard pile, colour marker ---
    cx0 = table.left + (spot_w + gap if per_side else 0)
    cx1 = table.right - (spot_w + gap if per_side else 0)
    centre = pygame.Rect(cx0, side_top, cx1 - cx0, side_bottom - side_top)
    marker = max(24, round(card_w * 0.62))
    pile_gap = max(gap, round(card_w * 0.3))
    # a marker's words need more room than the marker: its column reaches halfway to
    # the pile on one side and as far out on the other
    side_gap = pile_gap
    cluster_w = (
        side_gap + marker + side_gap + card_w + pile_gap + card_w + side_gap + marker + side_gap
    )
    status_h = round(line_h * 1.3)
    cluster_h = status_h + gap + card_h + line_h  # the pile's count and the words below
    if (cluster_w > centre.width or cluster_h > centre.height) and not force:
        return None
    top_y = centre.top + (centre.height - cluster_h) // 2
    piles_y = top_y + status_h + gap
    x = centre.centerx - cluster_w // 2 + side_gap
    direction_marker = pygame.Rect(x, 0, marker, marker)
    direction_marker.centery = piles_y + card_h // 2
    draw_pile = pygame.Rect(direction_marker.right + side_gap, piles_y, card_w, card_h)
    discard_pile = pygame.Rect(draw_pile.right + pile_gap, piles_y, card_w, card_h)
    color_marker = pygame.Rect(discard_pile.right + side_gap, 0, marker, marker)
    color_marker.centery = direction_marker.centery
    status = pygame.Rect(0, top_y, min(centre.width, max(cluster_w, round(320 * u))), status_h)
    status.centerx = centre.centerx

    # --- seat spots, in clockwise order starting left of the viewer ----------------------
    slots: list[pygame.Rect] = []
    side_h = side_bottom - side_top
    for j in range(per_side):  # left side, bottom to top
        k = per_side - 1 - j
        slots.append(
            _slot(table.left, side_top + side_h * k // per_side, spot_w, side_h // per_side)
        )
    for j in range(n_top):  # across the top, left to right
        x0 = table.left + table.width * j // n_top
        x1 = table.left + table.width * (j + 1) // n_top
        slots.append(pygame.Rect(x0, table.top, x1 - x0, spot_h))
    for j in range(per_side):  # right side, top to bottom
        slots.append(
            _slot(
                table.right - spot_w, side_top + side_h * j // per_side, spot_w, side_h // per_side
            )
        )

    spots: dict[int, SeatSpot] = {}
    hand_center = hand.center
    spots[viewer] = SeatSpot(viewer, hand_center, viewer_name, hand)
    for i, slot in enumerate(slots):
        seat = (viewer + 1 + i) % players
        spots[seat] = _spot(seat, slot, spot_w, spot_h, line_h, small_h, gap)

    return TableLayout(
        size=(w, h),
        card_w=card_w,
        small_card_w=small_w,
        seats=tuple(spots[s] for s in range(players)),
        hand_rect=hand,
        draw_pile=draw_pile,
        discard_pile=discard_pile,
        color_marker=color_marker,
        direction_marker=direction_marker,
        log_rect=log,
        scores_rect=scores,
        status_rect=status,
        buttons=buttons,
        viewer=viewer,
        scale=u,
        table_rect=table,
        panel_rect=panel,
        line_h=line_h,
    )


def _inner(table: pygame.Rect, u: float) -> pygame.Rect:
    """The line painted round the felt a little inside its edge: the hand stays within."""
    return table.inflate(-round(16 * u), -round(16 * u))


def _slot(x: int, y: int, w: int, h: int) -> pygame.Rect:
    return pygame.Rect(x, y, w, h)


def _spot(
    seat: int, slot: pygame.Rect, spot_w: int, spot_h: int, line_h: int, small_h: int, gap: int
) -> SeatSpot:
    """A name plate over a strip of card backs, centred in its slot."""
    box = pygame.Rect(0, 0, min(spot_w, slot.width), spot_h)
    box.center = slot.center
    name = pygame.Rect(box.x, box.y, box.width, line_h)
    cards = pygame.Rect(box.x, box.bottom - small_h, box.width, small_h)
    return SeatSpot(seat, box.center, name, cards)


def fan_rects(
    n_cards: int, hand_rect: pygame.Rect, card_w: int, lifted: int | None = None
) -> list[pygame.Rect]:
    """Rects of the viewer's cards, left to right, overlapping so they fit `hand_rect`.

    Cards rest on the bottom of `hand_rect`; card `lifted` rises by a fifth of its height.
    With few cards they overlap a little; the overlap grows with the count. If the
    card is too big for `hand_rect`, it is shrunk to fit.
    """
    if n_cards <= 0:
        return []
    cw = max(1, min(card_w, hand_rect.width))
    while cw > 1 and round(cw * CARD_RATIO) + round(round(cw * CARD_RATIO) * _LIFT) > (
        hand_rect.height
    ):
        cw -= 1
    ch = round(cw * CARD_RATIO)
    lift = min(round(ch * _LIFT), max(0, hand_rect.height - ch))
    step = cw * 0.78
    if n_cards > 1:
        step = min(step, (hand_rect.width - cw) / (n_cards - 1))
    total = cw + step * (n_cards - 1)
    left = hand_rect.left + (hand_rect.width - total) / 2
    y = hand_rect.bottom - ch
    rects = []
    for i in range(n_cards):
        x = min(round(left + i * step), hand_rect.right - cw)
        x = max(x, hand_rect.left)
        rects.append(pygame.Rect(x, y - (lift if i == lifted else 0), cw, ch))
    return rects


def hit_test_fan(rects: list[pygame.Rect], pos: tuple[int, int]) -> int | None:
    """Index of the topmost card under `pos` (later cards are drawn on top), or None."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].collidepoint(pos):
            return i
    return None
