"""One round of UNO: the state, the legal actions, and `apply`, the only mutator.

Everything here is pure: no clock, no I/O, one injected `random.Random`.
`apply` checks an action completely before changing anything, so an
`IllegalAction` leaves the game as it was. The piles are lists with the top at
the end (cheap pops); the public properties present them top first as the
contract says.

Speed matters (the hard bot searches with this engine; benchmarks/engine_throughput.py):
the Play objects are built once per seat and hand size and handed out again, so `apply`
knows one that `legal_actions` built by its id and checks only what can have changed
(the card still held, still matching); the cards that match the pile are one frozenset
kept with the top card; rule options sit in slots. Anything unusual takes the full,
explained check in `why_illegal`.
"""

from __future__ import annotations

import enum
import functools
import random
from collections.abc import Sequence
from dataclasses import dataclass

from .actions import Action, CallUno, CatchUno, Challenge, Draw, Pass, Play
from .cards import COLORS, Card, Color, all_card_kinds, build_deck
from .events import (
    CardKept,
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColorChosen,
    CustomRuleApplied,
    DirectionChanged,
    Event,
    FalseCatch,
    HandsRotated,
    HandsSwapped,
    PenaltyPending,
    PileReshuffled,
    RoundEnded,
    RoundStarted,
    StartCardFlipped,
    StartCardReturned,
    TurnSkipped,
    UnoCalled,
    UnoCaught,
    public_view,
)
from .rules import CustomEffect, RuleSet, Stacking
from .scoring import round_points


class IllegalAction(ValueError):
    """The action is not allowed now; the message says why. The state is unchanged."""


class Phase(enum.StrEnum):
    PLAY = "play"  # the current seat plays a card or draws
    DRAWN = "drawn"  # the current seat drew a playable card: play it or pass
    PENALTY = "penalty"  # a Draw Two / Wild Draw Four waits: take it, stack, or challenge
    OVER = "over"  # the round has ended


_PLAY, _DRAWN, _PENALTY, _OVER = Phase.PLAY, Phase.DRAWN, Phase.PENALTY, Phase.OVER
_NO_COLOR: tuple[None] = (None,)
_NO_TARGET: tuple[None] = (None,)
_NO_UNO: tuple[bool] = (False,)
_BOTH_UNO: tuple[bool, bool] = (False, True)
# Per table kind, per seat, per hand-size class (more than two cards, one, two): every Play
# built so far, by card, and the ids of those Plays (they live as long as the module, so an
# id is never reused). apply() recognises a Play that legal_actions handed out by its id.
# Each seat's lists are indexed by hand size (every size over two shares the first class's
# dict and set), so the hot paths index by `len(hand)`; `_grow_size_index` lengthens them.
_PlayCache = list[list[dict[Card, tuple[Play, ...]]]]
_PLAY_CACHES: dict[tuple[int, bool, bool], tuple[_PlayCache, list[list[set[int]]]]] = {}
_DECKS: dict[int, tuple[object, tuple[Card, ...]]] = {}
_SEAT_ACTIONS: dict[
    int, tuple[tuple[tuple[int, ...], ...], tuple[tuple[Action, ...], ...], tuple[tuple[Draw], ...]]
] = {}


def _standard_order(rules: RuleSet) -> list[Card]:
    """The rule set's deck in its fixed order (built once per composition)."""
    deck = rules.deck
    entry = _DECKS.get(id(deck))
    if entry is None or entry[0] is not deck:  # keyed by identity; the entry keeps it alive
        entry = _DECKS[id(deck)] = (deck, tuple(build_deck(deck)))
    return list(entry[1])


def _deck_size(rules: RuleSet) -> int:
    entry = _DECKS.get(id(rules.deck))
    if entry is None or entry[0] is not rules.deck:
        return len(_standard_order(rules))
    return len(entry[1])


def _grow_size_index(caches: tuple[_PlayCache, list[list[set[int]]]], cards: int) -> None:
    """Let each seat's by-size lists reach a hand of every card in play (`cards`)."""
    for by_size in (*caches[0], *caches[1]):
        if len(by_size) <= cards:
            by_size += [by_size[0]] * (cards + 1 - len(by_size))


# A set of cards kept as a dict (card -> True): `card in it` as fast as a set's, and its
# bound `get` is a cheap filter (`filter(matching.get, hand)` keeps the hand's order).
_CardSet = dict[Card, bool]


def _playable_table() -> dict[Card, dict[Color | None, _CardSet]]:
    """For each top card and active colour, the cards that match it in a normal turn:
    the same colour or symbol, any wild, anything while no colour is set. (Without
    bluffing a Wild Draw Four also needs a hand without the active colour.)"""
    kinds = all_card_kinds()
    table: dict[Card, dict[Color | None, _CardSet]] = {}
    for top in kinds:
        by_color: dict[Color | None, _CardSet] = {None: dict.fromkeys(kinds, True)}
        for color in COLORS:
            by_color[color] = {
                c: True for c in kinds if c.is_wild or c.color is color or c.rank == top.rank
            }
        table[top] = by_color
    return table


_PLAYABLE = _playable_table()

_PLAYABLE_NO_W4 = {
    top: {color: {c: True for c in cards if c.rank != "W4"} for color, cards in by_color.items()}
    for top, by_color in _PLAYABLE.items()
}

_unique = dict.fromkeys  # the distinct cards of a hand, in order

# The cards whose play does nothing but pass the turn on (number cards; under 7-0 not the
# 7s and 0s), by whether 7-0 is on.
_PLAIN: dict[bool, _CardSet] = {
    seven_zero: {
        c: True
        for c in all_card_kinds()
        if c.number is not None and not (seven_zero and c.rank in ("7", "0"))
    }
    for seven_zero in (False, True)
}


def _seat_actions(
    players: int,
) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[Action, ...], ...], tuple[tuple[Draw], ...]]:
    """Per seat: the other seats; its Draw, Pass, Challenge and CallUno (values, shared);
    and its Draw alone in a tuple (for legal_actions to add on)."""
    found = _SEAT_ACTIONS.get(players)
    if found is None:
        targets = tuple(tuple(t for t in range(players) if t != s) for s in range(players))
        simple = tuple((Draw(s), Pass(s), Challenge(s), CallUno(s)) for s in range(players))
        draws = tuple((actions[0],) for actions in simple)
        found = _SEAT_ACTIONS[players] = (targets, simple, draws)
    return found


def shuffle(rng: random.Random, cards: list[Card]) -> None:
    """Shuffle in place, exactly as `random.shuffle` does in Python 3.11.

    Fisher-Yates with `getrandbits` rejection sampling, written out so that a seed deals
    the same cards whatever a later Python does to `random.shuffle` (a saved match is
    replayed from its seed), and because the inlined loop is about twice as fast.
    """
    getrandbits = rng.getrandbits
    for i, k in _shuffle_plan(len(cards)):
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        cards[i], cards[j] = cards[j], cards[i]


@functools.cache
def _shuffle_plan(size: int) -> tuple[tuple[int, int], ...]:
    """Each step of a shuffle of `size` cards: the position filled and the bits drawn."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


@dataclass(frozen=True)
class Observation:
    """What one seat may know. Built fresh; holds no reference to the game."""

    seat: int
    players: int
    rules: RuleSet
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard_pile: tuple[Card, ...]  # bottom first; the top card is last
    active_color: Color | None
    direction: int
    current: int
    dealer: int
    phase: Phase
    pending_draw: int  # cards waiting for the current seat in the penalty phase
    pending_kind: str | None  # "D2" or "W4": the card on top of a pending penalty
    can_challenge: bool  # the current seat may challenge the Wild Draw Four on top
    drawn_card: Card | None  # the card this seat just drew, while it may still play it
    uno_declared: tuple[bool, ...]
    catchable: int | None  # a seat that went to one card without saying UNO, window open
    scores: tuple[int, ...]
    history: tuple[Event, ...]  # this round's events, as this seat may see them

    @property
    def top_card(self) -> Card:
        return self.discard_pile[-1]


class Game:
    """A round in progress. Build with `Game.new`; change only with `apply`."""

    __slots__ = (
        "_bluffing",
        "_challenge_rule",
        "_discard",
        "_draws",
        "_ev",
        "_false_catch",
        "_hands",
        "_jump_in",
        "_matching",
        "_pile",
        "_plain",
        "_play_cache",
        "_play_ids",
        "_seven_zero",
        "_simple",
        "_stacking",
        "_target_ranks",
        "_targets",
        "actions",
        "active_color",
        "blocked",
        "catchable",
        "challengeable",
        "current",
        "dealer",
        "declared",
        "direction",
        "drawn_card",
        "guilty",
        "is_over",  # phase is OVER, kept as a plain slot: loops read it every move
        "log",
        "n",
        "offender",
        "pending",
        "pending_kind",
        "phase",
        "points",
        "record",
        "rng",
        "rules",
        "scores",
        "stall",
        "winner",
    )

    # ------------------------------------------------------------------ setup

    @classmethod
    def new(
        cls,
        rules: RuleSet,
        players: int,
        seed: int | None = None,
        dealer: int | None = 0,
        deck: Sequence[Card | str] | None = None,
        *,
        rng: random.Random | None = None,
        scores: Sequence[int] | None = None,
        record: bool = True,
    ) -> Game:
        """Deal a new round.

        `deck` is an explicit order, top card first; otherwise the rule set's deck is
        shuffled with the game's rng. `dealer=None` lets the rng choose the dealer.
        `record=False` keeps no event log or action log (for fast searches).
        """
        if not rules.min_players <= players <= rules.max_players:
            raise ValueError(
                f"{rules.name}: {players} players; this rule set allows "
                f"{rules.min_players} to {rules.max_players}"
            )
        g = cls._blank(rules, players, rng if rng is not None else random.Random(seed))
        g.record = record
        g.log = []
        g.actions = []
        g.scores = tuple(scores) if scores is not None else (0,) * players
        if deck is None:
            cards = _standard_order(rules)
            shuffle(g.rng, cards)
        else:
            cards = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
        if len(cards) >= len(g._play_cache[0]):
            _grow_size_index((g._play_cache, g._play_ids), len(cards))
        if len(cards) < players * rules.hand_size + 1:
            raise ValueError(
                f"{rules.name}: a deck of {len(cards)} cards cannot deal "
                f"{players} x {rules.hand_size} and turn a start card"
            )
        g._pile = cards[::-1]  # top last
        g.dealer = g.rng.randrange(players) if dealer is None else dealer % players
        g._ev = []
        g._emit(RoundStarted, g.dealer, players, rules.hand_size)
        g._deal()
        g._flip_start_card()
        if g.record:
            g.log.extend(g._ev)
        return g

    @classmethod
    def _blank(cls, rules: RuleSet, players: int, rng: random.Random) -> Game:
        g = object.__new__(cls)
        g.rules = rules
        # Options read on every move, copied out of the rule set.
        g._bluffing = rules.bluffing
        g._challenge_rule = rules.challenge
        g._jump_in = rules.jump_in
        g._false_catch = rules.false_catch_penalty
        g._seven_zero = rules.seven_zero
        g._plain = _PLAIN[rules.seven_zero]
        g._stacking = rules.stacking
        g._target_ranks = frozenset(
            ("WS",)
            + (("7",) if rules.seven_zero else ())
            + (("WC",) if rules.custom_rule.needs_target else ())
        )
        g.n = players
        g.rng = rng
        g.dealer = 0
        g._hands = [[] for _ in range(players)]
        g._pile = []
        g._discard = []
        g._matching = {}  # the cards that match the pile (see _PLAYABLE)
        g.current = 0
        g.direction = 1
        g.active_color = None
        g.phase = _PLAY
        g.is_over = False
        g.drawn_card = None
        g.pending = 0
        g.pending_kind = None
        g.challengeable = False
        g.offender = None
        g.guilty = False
        g.declared = [False] * players
        g.catchable = None
        g.stall = 0
        g.winner = None
        g.points = (0,) * players
        g.blocked = False
        g.scores = (0,) * players
        g.log = []
        g.actions = []
        g.record = False
        g._ev = []
        g._targets, g._simple, g._draws = _seat_actions(players)
        # Action objects are values; building each once keeps legal_actions cheap. The cache
        # depends only on what decides a Play's variants, so games of one kind share it.
        key = (players, rules.seven_zero, rules.custom_rule.needs_target)
        caches = _PLAY_CACHES.get(key)
        if caches is None:
            caches = _PLAY_CACHES[key] = (
                [[{}, {}, {}] for _ in range(players)],
                [[set(), set(), set()] for _ in range(players)],
            )
        g._play_cache, g._play_ids = caches
        cards = _deck_size(rules)
        if len(g._play_cache[0]) <= cards:
            _grow_size_index(caches, cards)
        return g

    def _deal(self) -> None:
        """One card at a time from the top, starting left of the dealer: the j-th seat
        round gets the pile's j-th, (j+n)-th, ... cards from the top (top is last)."""
        pile, hands, n = self._pile, self._hands, self.n
        dealt = n * self.rules.hand_size
        top = len(pile) - 1
        for j in range(n):
            hands[(self.dealer + 1 + j) % n] += pile[top - j : top - dealt : -n]
        del pile[top + 1 - dealt :]
        for seat in range(n):
            self._emit(CardsDrawn, seat, len(hands[seat]), tuple(hands[seat]), "deal")

    def _flip_start_card(self) -> None:
        pile, n = self._pile, self.n
        while True:
            card = pile.pop()
            if card.rank != "W4":
                break
            if all(c.rank == "W4" for c in pile):
                # Returning it would turn a Wild Draw Four again, for ever.
                raise ValueError(f"{self.rules.name}: no start card: only Wild Draw Fours left")
            # A Wild Draw Four goes back into the deck, which is reshuffled.
            self._emit(StartCardReturned, card)
            pile.append(card)
            shuffle(self.rng, pile)
        self._discard.append(card)
        self._emit(StartCardFlipped, card)
        first = (self.dealer + 1) % n
        self.current = first
        self.active_color = card.color  # None for a wild: the first player names it by playing
        self._matching = _PLAYABLE[card][card.color]
        rank = card.rank
        if rank == "S":
            self._emit(TurnSkipped, first)
            self.current = (first + 1) % n
        elif rank == "R":
            self.direction = -1
            self._emit(DirectionChanged, -1)
            self.current = self.dealer
        elif rank == "D2":
            self._draw(first, 2, "penalty")
            self._emit(TurnSkipped, first)
            self.current = (first + 1) % n

    # ------------------------------------------------------------ public view

    @property
    def players(self) -> int:
        return self.n

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(h) for h in self._hands)

    @property
    def draw_pile(self) -> tuple[Card, ...]:
        """Top card first."""
        return tuple(reversed(self._pile))

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """Bottom first; the top card is last."""
        return tuple(self._discard)

    @property
    def top_card(self) -> Card:
        return self._discard[-1]

    def hand(self, seat: int) -> tuple[Card, ...]:
        """One seat's hand (cheaper than `hands` when only one is needed)."""
        return tuple(self._hands[seat])

    def hand_size(self, seat: int) -> int:
        return len(self._hands[seat])

    def next_seat(self, seat: int | None = None, steps: int = 1) -> int:
        return ((self.current if seat is None else seat) + self.direction * steps) % self.n

    def observation(self, seat: int) -> Observation:
        return Observation(
            seat=seat,
            players=self.n,
            rules=self.rules,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(h) for h in self._hands),
            draw_pile_size=len(self._pile),
            discard_pile=tuple(self._discard),
            active_color=self.active_color,
            direction=self.direction,
            current=self.current,
            dealer=self.dealer,
            phase=self.phase,
            pending_draw=self.pending,
            pending_kind=self.pending_kind,
            can_challenge=(
                self.phase is _PENALTY
                and seat == self.current
                and self.challengeable
                and self.rules.challenge
            ),
            drawn_card=self.drawn_card if seat == self.current and self.phase is _DRAWN else None,
            uno_declared=tuple(
                self.declared[s] and len(self._hands[s]) == 1 for s in range(self.n)
            ),
            catchable=self.catchable,
            scores=self.scores,
            history=tuple(public_view(e, seat) for e in self.log),
        )

    # ------------------------------------------------------------ legality

    def _matches(self, card: Card) -> bool:
        """Whether `card` may be played on the pile in a normal turn."""
        if card.rank == "W4" and not self._bluffing:
            return self._may_play_draw_four(self.current)
        return card in self._matching

    def _may_play_draw_four(self, seat: int) -> bool:
        """Without bluffing: only while holding no card of the active colour."""
        active = self.active_color
        if active is None:
            return True
        return all(c.color is not active for c in self._hands[seat])

    def _stacks(self, card: Card) -> bool:
        """Whether `card` may be stacked on the pending penalty."""
        stacking = self._stacking
        if stacking is Stacking.NONE:
            return False
        rank = card.rank
        if self.pending_kind == "D2":
            if rank == "D2":
                return True
            ok = rank == "W4" and stacking is Stacking.MIXED
        else:  # a Wild Draw Four is on top
            if rank == "W4":
                ok = True
            else:
                return (
                    rank == "D2" and stacking is Stacking.MIXED and card.color is self.active_color
                )
        return ok and (self._bluffing or self._may_play_draw_four(self.current))

    def _plays_of(self, seat: int, card: Card) -> tuple[Play, ...]:
        """Every Play of `card` by `seat` (colours, targets, UNO flag), built once per
        seat and hand-size class (and shared by games of the same kind)."""
        size = len(self._hands[seat])
        cache = self._play_cache[seat][size]
        plays = cache.get(card)
        if plays is None:
            colors = COLORS if card.is_wild else _NO_COLOR
            # A swap needs a target, except with the last card (the round ends then).
            swaps = size > 1 and card.rank in self._target_ranks
            targets = self._targets[seat] if swaps else _NO_TARGET
            unos = _BOTH_UNO if size == 2 else _NO_UNO
            plays = cache[card] = tuple(
                Play(seat, card, color, target, uno)
                for color in colors
                for target in targets
                for uno in unos
            )
            self._play_ids[seat][size].update(map(id, plays))
        return plays

    def turn_cards(self, seat: int) -> list[Card] | None:
        """The distinct cards `seat` may play on a plain turn, in hand order (the cards
        `legal_actions` offers plays of; `plays_of` gives their variants), or None when
        it is not such a turn (out of turn, a drawn card, a penalty, the round over).
        For searches, which want one card's plays, not every variant of every card."""
        if seat != self.current or self.phase is not _PLAY:
            return None
        if self._bluffing or self._may_play_draw_four(seat):
            playable = self._matching
        else:
            playable = _PLAYABLE_NO_W4[self._discard[-1]][self.active_color]
        return list(_unique(filter(playable.get, self._hands[seat])))

    def plays_of(self, seat: int, card: Card) -> tuple[Play, ...]:
        """Every variant (colour, target, UNO) of `seat` playing `card` from its hand."""
        return self._plays_of(seat, card)

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now, in turn or out of turn."""
        phase = self.phase
        hand = self._hands[seat]
        if seat == self.current and phase is _PLAY:  # the common case, written out
            if self._bluffing or self._may_play_draw_four(seat):
                playable = self._matching
            else:
                playable = _PLAYABLE_NO_W4[self._discard[-1]][self.active_color]
            size = len(hand)
            cache = self._play_cache[seat][size]
            out: list[Action] = []
            for card in _unique(filter(playable.get, hand)):
                plays = cache.get(card)
                out += plays if plays is not None else self._plays_of(seat, card)
            out += self._draws[seat]
            if size == 1 and not self.declared[seat]:
                out.append(self._simple[seat][3])
            if self.catchable is not None or self._false_catch:
                self._add_catches(seat, out)
            return out
        if phase is _OVER:
            return []
        out = []
        simple = self._simple[seat]
        if seat == self.current:
            if phase is _DRAWN:
                out.extend(self._plays_of(seat, self.drawn_card))  # type: ignore[arg-type]
                out.append(simple[1])
            else:
                if self._stacking is not Stacking.NONE:
                    for card in dict.fromkeys(hand):
                        if self._stacks(card):
                            out.extend(self._plays_of(seat, card))
                out.append(simple[0])
                if self.challengeable and self._challenge_rule:
                    out.append(simple[2])
        elif phase is _PLAY and self._jump_in:
            top = self._discard[-1]
            if not top.is_wild and top in hand:
                out.extend(self._plays_of(seat, top))
        if len(hand) == 1 and not self.declared[seat]:
            out.append(simple[3])
        if self.catchable is not None or self._false_catch:
            self._add_catches(seat, out)
        return out

    def _add_catches(self, seat: int, out: list[Action]) -> None:
        """The CatchUno actions open to `seat` (part of `legal_actions`)."""
        catchable = self.catchable
        if catchable is not None and catchable != seat:
            out.append(CatchUno(seat, catchable))
        if self._false_catch:
            for t in self._targets[seat]:
                if t != catchable and len(self._hands[t]) == 1:
                    out.append(CatchUno(seat, t))

    def why_illegal(self, action: Action) -> str | None:
        """None when `action` is legal now, else the reason in words."""
        if self.phase is _OVER:
            return "the round is over"
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.n:
            return f"no seat {seat!r} at a table of {self.n}"
        kind = type(action)
        if kind is Play:
            return self._why_illegal_play(action)  # type: ignore[arg-type]
        return self._why_illegal_other(action)

    def _why_illegal_other(self, action: Action) -> str | None:
        """`why_illegal` for everything but a Play (the phase and seat are checked)."""
        seat, kind, phase, current = action.seat, type(action), self.phase, self.current
        if kind is Draw:
            if seat != current:
                return f"seat {seat} cannot draw: it is seat {current}'s turn"
            if phase is _DRAWN:
                return "you have already drawn: play the drawn card or keep it"
            return None
        if kind is Pass:
            if seat != current or phase is not _DRAWN:
                return "you can only keep a card you have just drawn"
            return None
        if kind is Challenge:
            if seat != current or phase is not _PENALTY:
                return "only the player a Wild Draw Four was played on may challenge it"
            if not self._challenge_rule:
                return "these rules have no challenge"
            if not self.challengeable:
                return "there is no Wild Draw Four to challenge"
            return None
        if kind is CallUno:
            if len(self._hands[seat]) != 1:
                return "UNO is called with one card left"
            if self.declared[seat]:
                return "you have already called UNO"
            return None
        if kind is CatchUno:
            target = action.target  # type: ignore[union-attr]
            if type(target) is not int or not 0 <= target < self.n or target == seat:
                return f"seat {seat} cannot catch seat {target!r}"
            if target == self.catchable:
                return None
            if self._false_catch and len(self._hands[target]) == 1:
                return None
            return f"seat {target} cannot be caught now"
        return f"not an action: {action!r}"

    def _why_illegal_play(self, a: Play) -> str | None:
        """`why_illegal` for a Play by a valid seat while the round is on."""
        seat, card, phase = a.seat, a.card, self.phase
        hand = self._hands[seat]
        if type(card) is not Card or card not in hand:
            return f"seat {seat} does not hold {card}"
        if seat != self.current:
            if not self._jump_in:
                return f"it is seat {self.current}'s turn"
            if phase is not _PLAY:
                return "no jump-in while a penalty is pending or after the player has drawn"
            if card.is_wild or card is not self._discard[-1]:
                return "a jump-in needs a card identical to the top card (no wilds)"
        elif phase is _PLAY:
            if card not in self._matching or (
                card.rank == "W4" and not self._bluffing and not self._may_play_draw_four(seat)
            ):
                if card.rank == "W4":
                    return "Wild Draw Four only when you hold no card of the active colour"
                return f"{card} does not match {self._discard[-1]} / {self.active_color}"
        elif phase is _DRAWN:
            if card is not self.drawn_card:
                return "after drawing, only the drawn card may be played"
        elif not self._stacks(card):
            return f"{card} cannot be stacked on the pending penalty; draw or challenge"
        if card.is_wild:
            if type(a.color) is not Color:
                return f"{card} needs a colour"
        elif a.color is not None:
            return f"{card} takes no colour"
        size = len(hand)
        if size > 1 and card.rank in self._target_ranks:  # as _plays_of
            t = a.target
            if type(t) is not int or not 0 <= t < self.n or t == seat:
                return f"{card} needs another player to swap with"
        elif a.target is not None:
            return f"{card} takes no target"
        uno = a.uno
        if uno is not False and not (uno is True and size == 2):
            return "UNO is declared with the second-to-last card"
        return None

    # ------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`; return what happened. Illegal: raise, change nothing."""
        phase = self.phase
        kind = type(action)
        if kind is Play and (phase is _PLAY or phase is _DRAWN):
            # The common case, checked in short: a Play that legal_actions built for the
            # current seat at this hand size (known by its id) is well formed (colour,
            # target, UNO flag), so what is left to check is that the card is held and
            # matches the pile, or is the card just drawn.
            seat = self.current
            hand = self._hands[seat]
            card = action.card
            if phase is _DRAWN:
                ok = card is self.drawn_card
            else:
                ok = (
                    card in self._matching
                    and card in hand
                    and (self._bluffing or card.rank != "W4" or self._may_play_draw_four(seat))
                )
            if ok and id(action) in self._play_ids[seat][len(hand)]:
                self._ev = events = []
                self._play(action, seat, card, hand)
                if self.record:
                    self.actions.append(action)
                    self.log.extend(events)
                return events
        elif action is self._simple[self.current][0] and phase is _PLAY:
            self._ev = events = []  # the Draw legal_actions offers: a turn's draw, allowed
            self.catchable = None
            self._draw_turn()
            if self.record:
                self.actions.append(action)
                self.log.extend(events)
            return events
        seat = action.seat
        if phase is _OVER or type(seat) is not int or not 0 <= seat < self.n:
            raise IllegalAction(self.why_illegal(action))
        if kind is Play:
            reason = self._why_illegal_play(action)  # type: ignore[arg-type]
        elif kind is Draw and seat == self.current and phase is not _DRAWN:
            reason = None  # a turn's draw, or taking the penalty
        else:
            reason = self._why_illegal_other(action)
        if reason is not None:
            raise IllegalAction(reason)
        self._ev = events = []
        if kind is Play:
            self._play(action, seat, action.card, self._hands[seat])  # type: ignore[union-attr]
        elif kind is Draw:
            self.catchable = None
            if self.phase is _PENALTY:
                self._take_penalty()
            else:
                self._draw_turn()
        elif kind is Pass:
            self.catchable = None
            if self.record:
                events.append(CardKept(seat))
            self.drawn_card = None
            self.phase = _PLAY
            self.current = (self.current + self.direction) % self.n
        elif kind is Challenge:
            self.catchable = None
            self._challenge()
        elif kind is CallUno:
            self.declared[seat] = True
            if self.catchable == seat:
                self.catchable = None
            self._emit(UnoCalled, seat)
        else:
            self._catch(action)  # type: ignore[arg-type]
        if self.record:
            self.actions.append(action)
            self.log.extend(events)
        return events

    def _emit(self, kind: type[Event], *args: object) -> None:
        """Record an event; a game that records nothing (searches) never builds one."""
        if self.record:
            self._ev.append(kind(*args))

    def _end_turn(self, steps: int) -> None:
        self.current = (self.current + self.direction * steps) % self.n

    def _play(self, a: Play, seat: int, card: Card, hand: list[Card]) -> None:
        """Move the card to the pile, set the colour, handle UNO; then its effect.
        (`seat`, `card` are the Play's; `hand` is that seat's hand.)"""
        rank = card.rank
        previous_color = self.active_color
        # A Wild Draw Four is a bluff if its player held the colour it replaces.
        guilty = (
            rank == "W4"
            and previous_color is not None
            and any(c.color is previous_color for c in hand)
        )
        hand.remove(card)
        self._discard.append(card)
        record = self.record
        if record:
            self._ev.append(CardPlayed(seat, card, seat != self.current))
        self.catchable = None
        self.stall = 0
        in_penalty = False
        if self.phase is not _PLAY:  # a play from the drawn card or onto a penalty
            in_penalty = self.phase is _PENALTY
            self.phase = _PLAY
            self.drawn_card = None
        if card.is_wild:
            color = self.active_color = a.color
            if record:
                self._ev.append(ColorChosen(seat, color))  # type: ignore[arg-type]
        else:
            color = self.active_color = card.color
        self._matching = _PLAYABLE[card][color]
        nxt = (seat + self.direction) % self.n
        left = len(hand)
        if left < 2:
            if left == 1:
                if a.uno:
                    self.declared[seat] = True
                    if record:
                        self._ev.append(UnoCalled(seat))
                else:
                    self.declared[seat] = False
                    self.catchable = seat
            else:
                self.current = seat
                # The round ends; cards that make others draw still do, and count.
                if rank == "D2" or rank == "W4":
                    self._draw(nxt, self.pending + (2 if rank == "D2" else 4), "penalty")
                    self._clear_penalty()  # nothing is pending once the round is over
                elif rank == "WC":
                    self._custom_draws(seat, nxt)
                self._end_round(seat)
                return
        if card in self._plain:
            self.current = nxt  # a card with no effect: the turn passes on
        else:
            self.current = seat
            self._card_effect(a, nxt, in_penalty, guilty)

    def _card_effect(self, a: Play, nxt: int, in_penalty: bool, guilty: bool) -> None:
        """What an action card (or a 7 or 0 under 7-0) does; `nxt` is the next seat."""
        seat, rank, n = a.seat, a.card.rank, self.n
        record = self.record
        if rank == "D2" or rank == "W4":
            amount = 2 if rank == "D2" else 4
            if rank == "W4":
                self.offender, self.guilty = seat, guilty
            if self._stacking is not Stacking.NONE or (rank == "W4" and self._challenge_rule):
                self.pending = (self.pending if in_penalty else 0) + amount
                self.pending_kind = rank
                self.challengeable = rank == "W4" and self._challenge_rule
                self.phase = _PENALTY
                self.current = nxt
                if record:
                    self._ev.append(PenaltyPending(nxt, self.pending, self.challengeable))
            else:
                self._draw(nxt, amount, "penalty")
                if record:
                    self._ev.append(TurnSkipped(nxt))
                self.current = (nxt + self.direction) % n
        elif rank == "S":
            if record:
                self._ev.append(TurnSkipped(nxt))
            self.current = (nxt + self.direction) % n
        elif rank == "R":
            self.direction = -self.direction
            if record:
                self._ev.append(DirectionChanged(self.direction))
            if n == 2:
                if record:
                    self._ev.append(TurnSkipped(nxt))  # two players: Reverse acts as Skip
            else:
                self.current = (seat + self.direction) % n
        elif rank == "WS" or (rank == "7" and self._seven_zero):
            self._swap(seat, a.target)  # type: ignore[arg-type]
            self.current = nxt
        elif rank == "0" and self._seven_zero:
            self._rotate()
            self.current = nxt
        elif rank == "WC":
            self._custom_rule(seat, a.target, nxt)
        else:
            self.current = nxt

    def _custom_draws(self, seat: int, nxt: int) -> None:
        rule = self.rules.custom_rule
        self._emit(CustomRuleApplied, seat, rule.text, rule.effect.value)
        if rule.effect is CustomEffect.OTHERS_DRAW:
            for i in range(1, self.n):
                self._draw((seat + self.direction * i) % self.n, rule.amount, "custom")
        elif rule.effect is CustomEffect.NEXT_DRAWS_SKIPPED:
            self._draw(nxt, rule.amount, "custom")

    def _custom_rule(self, seat: int, target: int | None, nxt: int) -> None:
        effect = self.rules.custom_rule.effect
        self._custom_draws(seat, nxt)
        if effect is CustomEffect.NEXT_DRAWS_SKIPPED:
            self._emit(TurnSkipped, nxt)
            self.current = (nxt + self.direction) % self.n
        elif effect is CustomEffect.EXTRA_TURN:
            self.current = seat
        elif effect is CustomEffect.SWAP_HANDS:
            self._swap(seat, target)  # type: ignore[arg-type]
            self.current = nxt
        elif effect is CustomEffect.ROTATE_HANDS:
            self._rotate()
            self.current = nxt
        else:
            self.current = nxt

    def _swap(self, a: int, b: int) -> None:
        hands = self._hands
        hands[a], hands[b] = hands[b], hands[a]
        self.declared[a] = self.declared[b] = False  # moved hands are never catchable
        self.catchable = None
        self._emit(HandsSwapped, a, b)

    def _rotate(self) -> None:
        n, d = self.n, self.direction
        old = self._hands
        self._hands = [old[(s - d) % n] for s in range(n)]
        self.declared = [False] * n
        self.catchable = None
        self._emit(HandsRotated, d)

    def _draw(self, seat: int, count: int, reason: str) -> list[Card]:
        """Move up to `count` cards to `seat`, reshuffling the discards as needed."""
        pile, hand = self._pile, self._hands[seat]
        if count == 1 and pile:  # the common case: one card from a pile that has it
            card = pile.pop()
            hand.append(card)
            self.declared[seat] = False
            if self.record:
                self._ev.append(CardsDrawn(seat, 1, (card,), reason))
            return [card]
        got: list[Card] = []
        while count > 0:
            if not pile and not self._reshuffle(seat, got, reason):
                break
            take = count if count <= len(pile) else len(pile)
            chunk = pile[-take:]
            chunk.reverse()
            del pile[-take:]
            got.extend(chunk)
            count -= take
        if got:
            hand.extend(got)
            self.declared[seat] = False
            if self.record:
                self._ev.append(CardsDrawn(seat, len(got), tuple(got), reason))
        return got

    def _reshuffle(self, seat: int, got: list[Card], reason: str) -> bool:
        """Turn the discards (all but the top) into a new draw pile. False: none left."""
        discard = self._discard
        if len(discard) <= 1:
            return False
        if got:  # report what was drawn before the reshuffle, in order
            self._hands[seat].extend(got)
            self._emit(CardsDrawn, seat, len(got), tuple(got), reason)
            got.clear()
        cards = discard[:-1]
        del discard[:-1]
        shuffle(self.rng, cards)
        self._pile.extend(cards)
        self._emit(PileReshuffled, len(cards))
        return True

    def _draw_turn(self) -> None:
        seat = self.current
        rules = self.rules
        pile = self._pile
        if pile and not rules.draw_until_playable:  # the common case: one card, written out
            card = pile.pop()
            self._hands[seat].append(card)
            self.declared[seat] = False
            if self.record:
                self._ev.append(CardsDrawn(seat, 1, (card,), "draw"))
        else:
            if rules.draw_until_playable:
                got: list[Card] = []
                while True:
                    part = self._draw(seat, 1, "draw")
                    if not part:
                        break
                    got.append(part[0])
                    if self._matches(part[0]):
                        break
            else:
                got = self._draw(seat, 1, "draw")
            if not got:
                # Both piles are empty: the turn ends; a full lap of this blocks the round.
                self.stall += 1
                if self.stall >= self.n:
                    self._end_round(None)
                    return
                self._end_turn(1)
                return
            card = got[-1]
        self.stall = 0
        if rules.play_drawn and (card in self._matching if self._bluffing else self._matches(card)):
            self.phase = _DRAWN
            self.drawn_card = card
        else:
            self.current = (seat + self.direction) % self.n

    def _take_penalty(self) -> None:
        seat = self.current
        got = self._draw(seat, self.pending, "penalty")
        self._clear_penalty()
        self._note_draw(got)
        self._emit(TurnSkipped, seat)
        self._end_turn(1)

    def _note_draw(self, got: list[Card]) -> None:
        if got:
            self.stall = 0
        else:
            self.stall += 1

    def _clear_penalty(self) -> None:
        self.pending = 0
        self.pending_kind = None
        self.challengeable = False
        self.phase = _PLAY

    def _challenge(self) -> None:
        challenger, offender = self.current, self.offender
        assert offender is not None
        guilty = self.guilty
        self._emit(ChallengeResolved, challenger, offender, guilty, tuple(self._hands[offender]))
        if guilty:
            # The bluffer takes the whole stack (its own four counted as the guilty draw).
            self._draw(offender, self.pending - 4 + self.rules.challenge_guilty_draw, "challenge")
            self._clear_penalty()  # the challenger now plays a normal turn
        else:
            got = self._draw(
                challenger, self.pending + self.rules.challenge_innocent_extra, "challenge"
            )
            self._clear_penalty()
            self._note_draw(got)
            self._emit(TurnSkipped, challenger)
            self._end_turn(1)
        self.offender = None

    def _catch(self, a: CatchUno) -> None:
        if a.target == self.catchable:
            self.catchable = None
            self._emit(UnoCaught, a.seat, a.target)
            self._draw(a.target, self.rules.uno_penalty, "uno")
        else:
            self._emit(FalseCatch, a.seat, a.target)
            self._draw(a.seat, self.rules.false_catch_penalty, "false_catch")

    def _end_round(self, winner: int | None) -> None:
        self.phase = _OVER
        self.is_over = True
        self.winner = winner
        self.drawn_card = None
        self.catchable = None
        if winner is None:
            self.blocked = True
            self.points = (0,) * self.n
        else:
            self.points = round_points(self.rules, self._hands, winner)
        self._emit(RoundEnded, winner, self.points, self.blocked)

    # ------------------------------------------------------------ copies

    @classmethod
    def from_observation(
        cls,
        obs: Observation,
        hands: Sequence[Sequence[Card]],
        draw_pile: Sequence[Card],
        rng: random.Random,
        *,
        guilty: bool = False,
    ) -> Game:
        """A game consistent with what `obs.seat` knows, with the hidden parts supplied.

        For searching bots: `hands` gives every seat's hand (the observer's own must be
        `obs.hand`; the others sampled with the right sizes), `draw_pile` the unseen rest
        in some order (top first), `guilty` a guess at whether a pending Wild Draw Four
        was a bluff. The result records nothing (no logs, no events).
        """
        if len(hands) != obs.players:
            raise ValueError("one hand per seat is needed")
        for seat, (hand, size) in enumerate(zip(hands, obs.hand_sizes)):
            if len(hand) != size:
                raise ValueError(f"seat {seat}: hand of {len(hand)} cards, observed {size}")
        g = cls._blank(obs.rules, obs.players, rng)
        cards = sum(map(len, hands)) + len(draw_pile) + len(obs.discard_pile)
        if cards >= len(g._play_cache[0]):
            _grow_size_index((g._play_cache, g._play_ids), cards)
        g._hands = [list(h) for h in hands]
        g._pile = list(draw_pile)[::-1]
        g._discard = list(obs.discard_pile)
        g.dealer = obs.dealer
        g.current = obs.current
        g.direction = obs.direction
        g.active_color = obs.active_color
        g._matching = _PLAYABLE[g._discard[-1]][g.active_color]
        g.phase = obs.phase
        g.is_over = obs.phase is _OVER
        g.drawn_card = obs.drawn_card if obs.phase is _DRAWN else None
        if g.phase is _DRAWN and g.drawn_card is None:
            g.drawn_card = g._hands[g.current][-1]  # another seat's drawn card: a guess
        g.pending = obs.pending_draw
        g.pending_kind = obs.pending_kind
        g.challengeable = obs.phase is _PENALTY and obs.pending_kind == "W4" and obs.rules.challenge
        if g.challengeable:
            g.offender = (obs.current - obs.direction) % obs.players
            for e in reversed(obs.history):
                if type(e) is CardPlayed:
                    g.offender = e.seat
                    break
            g.guilty = guilty
        g.declared = [bool(d) for d in obs.uno_declared]
        g.catchable = obs.catchable
        g.scores = obs.scores
        return g

    def clone(self, rng: random.Random | None = None) -> Game:
        """An independent copy (for searches); logs are not copied."""
        g = object.__new__(Game)
        # Field by field rather than a loop over __slots__: searches clone thousands of
        # times a decision (a test checks every slot is copied).
        g.rules = self.rules
        g._bluffing = self._bluffing
        g._challenge_rule = self._challenge_rule
        g._jump_in = self._jump_in
        g._false_catch = self._false_catch
        g._seven_zero = self._seven_zero
        g._plain = self._plain
        g._stacking = self._stacking
        g._target_ranks = self._target_ranks
        g._targets = self._targets
        g._simple = self._simple
        g._draws = self._draws
        g._play_cache = self._play_cache
        g._play_ids = self._play_ids
        g._matching = self._matching
        g.n = self.n
        g.dealer = self.dealer
        g.current = self.current
        g.direction = self.direction
        g.active_color = self.active_color
        g.phase = self.phase
        g.is_over = self.is_over
        g.drawn_card = self.drawn_card
        g.pending = self.pending
        g.pending_kind = self.pending_kind
        g.challengeable = self.challengeable
        g.offender = self.offender
        g.guilty = self.guilty
        g.catchable = self.catchable
        g.blocked = self.blocked
        g.stall = self.stall
        g.winner = self.winner
        g.points = self.points
        g.scores = self.scores
        g._hands = [list(h) for h in self._hands]
        g._pile = list(self._pile)
        g._discard = list(self._discard)
        g.declared = list(self.declared)
        g.log = []
        g.actions = []
        g.record = False
        g._ev = []
        if rng is None:
            # A shared rng would let the copy's reshuffles change the original's future.
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        g.rng = rng
        return g
