"""chausner/UnoAI's bots (F#, MIT licence), written again in Python as benchmark peers.

UnoAI publishes its bots' win rates over 10 million games; its best, MixBot2, is the
strongest public rule-based UNO bot we know. This module has:

- `RandomBot`, `CardRankingBot` and `MixBot2` (with UnoAI's card counting), each with
  UnoAI's default settings for win rate, deciding from a `Table` (what the seat may see);
- `UnoAIGame`: UnoAI's own rules (no challenge, no UNO call, no stacking, a Wild Draw
  Four always playable, a playable drawn card may be played at once), so the port can
  be checked against UnoAI's published table (`ai_vs_unoai.py --check`);
- `Peer`: one of those bots seated at our engine's table, deciding from an
  `Observation` only (it never sees a hidden card), as UnoAI's game would ask it: it
  always says UNO, never challenges, catches or jumps in, and takes every penalty.

Card kinds (UnoAI's `cardTypeIndex`): 0 number, 1 Reverse, 2 Skip (and a Reverse with
two players, which acts as one), 3 Draw Two, 4 Wild, 5 Wild Draw Four.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from uno_desktop.ai.base import Options, variant
from uno_desktop.engine import COLORS, Action, Card, Color, Observation, Phase, RuleSet, build_deck
from uno_desktop.engine.events import (
    CardPlayed,
    CardsDrawn,
    ColorChosen,
    PileReshuffled,
    StartCardFlipped,
    StartCardReturned,
)

DECK: tuple[Card, ...] = tuple(build_deck(RuleSet().deck))
"""The standard 108 cards, the deck UnoAI plays with."""
FULL: Counter[Card] = Counter(DECK)
KINDS: tuple[Card, ...] = tuple(FULL)


def kind(card: Card, players: int) -> int:
    """UnoAI's card type index (a Reverse with two players counts as a Skip)."""
    if card.number is not None:
        return 0
    if card.rank == "R":
        return 2 if players == 2 else 1
    return {"S": 2, "D2": 3, "W": 4, "W4": 5}[card.rank]


def matches(top: Card, color: Color | None, card: Card) -> bool:
    """UnoAI's `doCardsMatch`: may `card` go on `top` (showing `color`; None: any)."""
    if card.is_wild or (not top.is_wild and top.rank == card.rank):
        return True
    return color is None or card.color is color


def _most_common_colors(hand: Iterable[Card]) -> list[Color]:
    counts = Counter(c.color for c in hand if c.color is not None)
    if not counts:
        return []
    best = max(counts.values())
    return [c for c in COLORS if counts.get(c) == best]


def _most_common_color(hand: Iterable[Card], rng: random.Random) -> Color:
    """The colour most common in `hand` (a random one of a tie), or any colour."""
    best = _most_common_colors(hand)
    return rng.choice(best) if best else rng.choice(COLORS)


def _pick_max(items: list[tuple[Card, Color | None]], key) -> list[tuple[Card, Color | None]]:  # type: ignore[no-untyped-def]
    scores = [key(i) for i in items]
    best = max(scores)
    return [i for i, s in zip(items, scores, strict=True) if s == best]


class Counting:
    """UnoAI's card counting: for each other seat, how many of each card it may hold.

    Every count starts at what the seat cannot see (the deck less its own hand and the
    discard pile) and is kept at most that; a seat that plays a card holds one fewer, a
    seat that draws may hold one more of anything but what matches the top card (it had
    nothing playable), a seat that takes a penalty may hold that many more of anything.
    """

    def __init__(self, players: int, viewpoint: int, seen: Counter[Card]) -> None:
        start = {c: FULL[c] - seen[c] for c in KINDS}
        self.viewpoint = viewpoint
        self.of: list[dict[Card, int] | None] = [
            None if p == viewpoint else dict(start) for p in range(players)
        ]

    def _others(self) -> Iterable[tuple[int, dict[Card, int]]]:
        return ((p, c) for p, c in enumerate(self.of) if c is not None)

    @staticmethod
    def _clamp(counts: dict[Card, int], cards: Iterable[Card], seen: Counter[Card]) -> None:
        for card in cards:
            counts[card] = min(counts[card], FULL[card] - seen[card])

    def played(self, seat: int, card: Card, seen: Counter[Card]) -> None:
        for p, counts in self._others():
            if p == seat:
                counts[card] = max(counts[card] - 1, 0)
            elif seat != self.viewpoint:
                self._clamp(counts, (card,), seen)

    def drew_kept(
        self, seat: int, card: Card | None, top: Card, color: Color | None, seen: Counter[Card]
    ) -> None:
        for p, counts in self._others():
            if p == seat:
                for c in KINDS:
                    counts[c] = (
                        0 if matches(top, color, c) else min(counts[c] + 1, FULL[c] - seen[c])
                    )
            elif seat == self.viewpoint and card is not None:
                self._clamp(counts, (card,), seen)

    def drew_played(
        self, seat: int, card: Card, top: Card, color: Color | None, seen: Counter[Card]
    ) -> None:
        """`top` and `color`: the pile before the drawn card was played on it."""
        for p, counts in self._others():
            if p == seat:
                for c in KINDS:
                    if matches(top, color, c):
                        counts[c] = 0
            else:
                self._clamp(counts, (card,), seen)

    def penalty(self, seat: int, cards: Sequence[Card], count: int, seen: Counter[Card]) -> None:
        """`cards`: what the seat drew, known only when it is the viewpoint."""
        for p, counts in self._others():
            if p == seat:
                for c in KINDS:
                    counts[c] = min(counts[c] + count, FULL[c] - seen[c])
            elif seat == self.viewpoint:
                self._clamp(counts, cards, seen)

    def chance_no_match(self, seat: int, hand_size: int, card: Card, color: Color | None) -> float:
        """How likely `seat` holds nothing to play on `card` (showing `color`)."""
        counts = self.of[seat]
        if not counts:
            return 0.0
        total = sum(counts.values())
        matching = sum(n for c, n in counts.items() if matches(card, color, c))
        draws = min(hand_size, total)
        if total == 0:
            return 0.0
        if matching == 0:
            return 1.0
        if total - matching <= draws - 1:
            return 0.0
        chance = 1.0
        for i in range(draws):
            chance *= (total - matching - i) / (total - i)
        return chance


@dataclass
class Table:
    """What a seat may see when it is asked to play, in UnoAI's terms."""

    seat: int
    hand: list[Card]
    hand_sizes: list[int]
    top: Card
    color: Color | None  # what the top card shows; None while a wild start card shows none
    direction: int
    counting: Counting | None = None
    playable: list[Card] = field(default_factory=list)  # the distinct cards it may play

    @property
    def players(self) -> int:
        return len(self.hand_sizes)

    def after(self, seat: int, steps: int, direction: int | None = None) -> int:
        return (seat + steps * (direction or self.direction)) % self.players


Choice = tuple[Card, Color | None] | None
"""A card to play with its colour (for a wild), or None: draw."""


class RandomBot:
    """A random playable card (each copy in hand as likely), a random colour; draws only
    with nothing playable, and always plays a playable drawn card."""

    name = "RandomBot"

    def play(self, t: Table, rng: random.Random) -> Choice:
        copies = [c for c in t.hand if c in t.playable]
        if not copies:
            return None
        card = rng.choice(copies)
        return card, rng.choice(COLORS) if card.is_wild else None

    def play_drawn(self, t: Table, card: Card, rng: random.Random) -> Choice:
        return card, rng.choice(COLORS) if card.is_wild else None


class CardRankingBot:
    """The playable card of the highest kind's rank (Draw Two > Skip > number > Reverse >
    Wild Draw Four > Wild), a wild naming the colour most common in hand; always plays a
    playable drawn card."""

    name = "CardRankingBot"
    RANKS = (4, 3, 5, 6, 1, 2)

    def play(self, t: Table, rng: random.Random) -> Choice:
        if not t.playable:
            return None
        ranks = [self.RANKS[kind(c, t.players)] for c in t.playable]
        best = max(ranks)
        card = rng.choice([c for c, r in zip(t.playable, ranks, strict=True) if r == best])
        return card, _most_common_color(t.hand, rng) if card.is_wild else None

    def play_drawn(self, t: Table, card: Card, rng: random.Random) -> Choice:
        return card, _most_common_color(t.hand, rng) if card.is_wild else None


class MixBot2:
    """UnoAI's best bot, with its default settings for win rate.

    Ranks cards by kind (another ranking when the next seat holds one card); holds a
    Wild until at most 2 non-wild cards remain and a Wild Draw Four until at most 4;
    prefers its most common colours (a wild: a colour within one card of the most
    common); breaks the last ties by card counting (the card the next seat to play is
    least likely to answer); plays a drawn wild only with at most 2 cards in hand.
    """

    name = "MixBot2"
    RANKS = (4, 3, 5, 6, 1, 2)
    END_RANKS = (2, 3, 4, 6, 1, 5)
    LIMITS = (-1, -1, -1, -1, 2, 4)
    DRAWN_THRESHOLDS = (-1, -1, -1, -1, 2, 2)
    WILD_COLOR_SLACK = 1

    def play(self, t: Table, rng: random.Random) -> Choice:
        n = t.players
        end_game = t.hand_sizes[t.after(t.seat, 1)] == 1
        limits = (-1,) * 6 if end_game else self.LIMITS
        unlimited = sum(1 for c in t.hand if limits[kind(c, n)] == -1)
        cards = [
            c for c in t.playable if limits[kind(c, n)] == -1 or unlimited <= limits[kind(c, n)]
        ]
        if not cards:
            return None
        common = _most_common_colors(t.hand)
        counts = Counter(c.color for c in t.hand if c.color is not None)
        if counts:
            most = max(counts.values())
            preferred = [c for c in COLORS if counts.get(c, 0) >= most - self.WILD_COLOR_SLACK]
            preferred = [c for c in preferred if c in counts]
        else:
            preferred = list(COLORS)
        ranks = self.END_RANKS if end_game else self.RANKS
        options: list[tuple[Card, Color | None]] = [
            (c, color) for c in cards for color in (COLORS if c.is_wild else (None,))
        ]

        def color_priority(o: tuple[Card, Color | None]) -> int:
            card, color = o
            if card.is_wild:
                return int(color in preferred)
            return int(card.color in common)

        def counting(o: tuple[Card, Color | None]) -> float:
            card, color = o
            shown = color if card.is_wild else card.color
            nxt = self._next_after(t, card)
            if nxt == t.seat:
                rest = list(t.hand)
                rest.remove(card)
                return 0.0 if any(matches(card, shown, c) for c in rest) else 1.0
            assert t.counting is not None
            return t.counting.chance_no_match(nxt, t.hand_sizes[nxt], card, shown)

        options = _pick_max(options, lambda o: ranks[kind(o[0], n)])
        options = _pick_max(options, color_priority)
        options = _pick_max(options, counting)
        return rng.choice(options)

    def play_drawn(self, t: Table, card: Card, rng: random.Random) -> Choice:
        threshold = self.DRAWN_THRESHOLDS[kind(card, t.players)]
        if threshold != -1 and len(t.hand) > threshold:
            return None
        return card, _most_common_color(t.hand, rng) if card.is_wild else None

    @staticmethod
    def _next_after(t: Table, card: Card) -> int:
        """Who plays next after `card` from `t.seat` (UnoAI's `getNextActiveAfterPlay`)."""
        k = kind(card, t.players)
        if k == 1:  # a Reverse with three or more players
            return t.after(t.seat, 1, -t.direction)
        return t.after(t.seat, 2 if card.rank in ("S", "D2", "W4", "R") else 1)


BOTS = {"random": RandomBot, "cardranking": CardRankingBot, "mixbot2": MixBot2}
UnoAIBot = RandomBot | CardRankingBot | MixBot2


class UnoAIGame:
    """UnoAI's `Game` (its rules, its deal, its start card) for the port's check."""

    def __init__(self, players: int, dealer: int, rng: random.Random) -> None:
        self.players, self.rng = players, rng
        self.current, self.direction = (dealer + 1) % players, 1
        deck = list(DECK)
        rng.shuffle(deck)
        self.hands = [deck[i * 7 : i * 7 + 7] for i in range(players)]
        rest = deck[players * 7 :]
        while rest[0].rank == "W4":
            rng.shuffle(rest)
        top, self.draw_pile = rest[0], rest[1:]
        self.discard: list[Card] = [top]
        self.color: Color | None = top.color
        if top.rank == "S":
            self._advance(1)
        elif top.rank == "D2":
            self.hands[self.current][:0] = self.draw_pile[:2]
            self.draw_pile = self.draw_pile[2:]
            self._advance(1)
        elif top.rank == "R":
            self.direction, self.current = -1, dealer
        self.winner: int | None = None
        self.score = 0

    def _advance(self, steps: int) -> None:
        self.current = (self.current + steps * self.direction) % self.players

    def seen(self, seat: int) -> Counter[Card]:
        return Counter(self.hands[seat]) + Counter(self.discard)

    def _draw(self, seat: int, count: int) -> list[Card]:
        drawn = []
        for _ in range(count):
            if not self.draw_pile:  # only the top card left anywhere: nothing to draw
                break
            drawn.append(self.draw_pile.pop(0))
            if not self.draw_pile:
                self.draw_pile = self.discard[:-1]
                self.rng.shuffle(self.draw_pile)
                self.discard = self.discard[-1:]
        self.hands[seat][:0] = reversed(drawn)
        return drawn

    def play(self, card: Card, color: Color | None) -> tuple[int, list[Card]]:
        """The current seat plays; returns the victim of a Draw Two / Wild Draw Four and
        what it drew (-1 and [] for any other card)."""
        seat = self.current
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.color = color if card.is_wild else card.color
        victim, drawn = -1, []
        if card.rank in ("S",) or (card.rank == "R" and self.players == 2):
            self._advance(2)
        elif card.rank in ("D2", "W4"):
            victim = (seat + self.direction) % self.players
            drawn = self._draw(victim, 2 if card.rank == "D2" else 4)
            self._advance(2)
        elif card.rank == "R":
            self.direction = -self.direction
            self._advance(1)
        else:
            self._advance(1)
        if not self.hands[seat]:
            self.winner = seat
            self.score = sum(
                (c.number if c.number is not None else 50 if c.is_wild else 20)
                for h in self.hands
                for c in h
            )
        return victim, drawn

    def table(self, seat: int, counting: Counting | None) -> Table:
        hand = self.hands[seat]
        return Table(
            seat,
            list(hand),
            [len(h) for h in self.hands],
            self.discard[-1],
            self.color,
            self.direction,
            counting,
            [c for c in dict.fromkeys(hand) if matches(self.discard[-1], self.color, c)],
        )


def play_unoai(bots: Sequence[UnoAIBot], rng: random.Random, timeout: int = 10_000) -> int:
    """One UnoAI game between `bots` (seated in this order); the winner's index."""
    n = len(bots)
    game = UnoAIGame(n, rng.randrange(n), rng)
    counts = [Counting(n, s, game.seen(s)) for s in range(n)]
    for _ in range(timeout):
        seat = game.current
        bot = bots[seat]
        t = game.table(seat, counts[seat])
        choice = bot.play(t, rng)
        if choice is None:
            top, color = game.discard[-1], game.color
            card = game._draw(seat, 1)
            if not card:
                game._advance(1)
                continue
            drawn = card[0]
            t = game.table(seat, counts[seat])
            play = bot.play_drawn(t, drawn, rng) if matches(top, color, drawn) else None
            if play is None:
                game._advance(1)
                for s in range(n):
                    counts[s].drew_kept(
                        seat, drawn if s == seat else None, top, color, game.seen(s)
                    )
                continue
            victim, got = game.play(*play)
            for s in range(n):
                counts[s].drew_played(seat, drawn, top, color, game.seen(s))
        else:
            victim, got = game.play(*choice)
            for s in range(n):
                counts[s].played(seat, choice[0], game.seen(s))
        if victim >= 0:
            for s in range(n):
                counts[s].penalty(victim, got if s == victim else (), len(got), game.seen(s))
        if game.winner is not None:
            return game.winner
    raise RuntimeError("an UnoAI game did not end")


class Peer:
    """An UnoAI bot seated at our engine's table; it decides from its `Observation`."""

    def __init__(self, bot: UnoAIBot) -> None:
        self.bot = bot
        self.level = bot.name
        self.readers: dict[int, Reader] = {}  # by seat: one Peer may sit at several

    def choose(
        self, obs: Observation, legal: Sequence[Action], rng: random.Random
    ) -> Action | None:
        if obs.current != obs.seat or not legal:
            return None
        opts = Options(obs, legal)
        if obs.phase is Phase.PENALTY:
            return opts.draw or legal[0]
        t = self._table(obs, opts)
        if obs.phase is Phase.DRAWN:
            card = obs.drawn_card
            choice = None
            if card is not None and card in opts.plays:
                choice = self.bot.play_drawn(t, card, rng)
            if choice is None:
                return opts.pass_ or legal[0]
            return variant(opts.plays[choice[0]], choice[1], None, True)
        choice = self.bot.play(t, rng)
        if choice is None:
            return opts.draw or legal[0]
        return variant(opts.plays[choice[0]], choice[1], None, True)

    def _table(self, obs: Observation, opts: Options) -> Table:
        return Table(
            obs.seat,
            list(obs.hand),
            list(obs.hand_sizes),
            obs.top_card,
            obs.active_color,
            obs.direction,
            self._counting(obs),
            list(opts.plays),
        )

    def _counting(self, obs: Observation) -> Counting:
        reader = self.readers.get(obs.seat)
        if reader is None or not reader.follows(obs.history):
            reader = self.readers[obs.seat] = Reader(obs)
        reader.feed(obs.history[len(reader.read) :])
        return reader.now()


class Reader:
    """UnoAI's card counting for one seat, read from the round's visible history as it grows.

    Our engine's events map onto UnoAI's four actions: a play; a draw then a pass (kept);
    a draw then a play of that card; a penalty taken (Draw Two, Wild Draw Four, a
    challenge's cards).
    """

    def __init__(self, obs: Observation) -> None:
        self.me = obs.seat
        self.hand = Counter(obs.hand)  # walked back to the hand as dealt, then forward
        for e in obs.history:
            if isinstance(e, CardPlayed) and e.seat == self.me:
                self.hand[e.card] += 1
            elif isinstance(e, CardsDrawn) and e.seat == self.me:
                self.hand.subtract(e.cards)
        self.players = obs.players
        self.discard: list[Card] = []
        self.color: Color | None = None
        self.counting: Counting | None = None
        self.drawing: tuple[int, Card | None, Card, Color | None] | None = None
        self.read: list[object] = []  # the events fed so far

    def follows(self, history: Sequence[object]) -> bool:
        """Whether `history` is what this reader read, and perhaps more."""
        n = len(self.read)
        return len(history) >= n and list(history[:n]) == self.read

    def seen(self) -> Counter[Card]:
        return +self.hand + Counter(self.discard)

    def settle(self) -> None:
        if self.drawing is not None and self.counting is not None:
            seat, card, top, shown = self.drawing
            self.counting.drew_kept(
                seat, card if seat == self.me else None, top, shown, self.seen()
            )
        self.drawing = None

    def feed(self, events: Sequence[object]) -> None:
        self.read.extend(events)
        for e in events:
            self._feed(e)

    def _feed(self, e: object) -> None:
        if isinstance(e, StartCardFlipped):
            self.discard.append(e.card)
            self.color = e.card.color
            return
        if isinstance(e, StartCardReturned):
            self.discard.clear()
            return
        if isinstance(e, ColorChosen):
            self.color = e.color
            return
        if self.counting is None and self.discard:
            self.counting = Counting(self.players, self.me, self.seen())
        counting = self.counting
        if counting is None:
            return
        if isinstance(e, CardPlayed):
            drew = self.drawing is not None and self.drawing[0] == e.seat
            if not drew:
                self.settle()
            top, shown = self.discard[-1], self.color
            if e.seat == self.me:
                self.hand[e.card] -= 1
            self.discard.append(e.card)
            self.color = e.card.color
            if drew:
                counting.drew_played(e.seat, e.card, top, shown, self.seen())
                self.drawing = None
            else:
                counting.played(e.seat, e.card, self.seen())
        elif isinstance(e, CardsDrawn):
            self.settle()
            if e.seat == self.me:
                self.hand.update(e.cards)
            if e.reason == "draw" and e.count == 1:
                card = e.cards[0] if e.seat == self.me else None
                self.drawing = (e.seat, card, self.discard[-1], self.color)
            else:
                cards = e.cards if e.seat == self.me else ()
                counting.penalty(e.seat, cards, e.count, self.seen())
        elif isinstance(e, PileReshuffled):
            del self.discard[:-1]

    def now(self) -> Counting:
        """The counts as they stand (another seat's draw not followed by a play: kept)."""
        if self.drawing is not None and self.drawing[0] != self.me:
            self.settle()
        if self.counting is None:
            self.counting = Counting(self.players, self.me, self.seen())
        return self.counting
