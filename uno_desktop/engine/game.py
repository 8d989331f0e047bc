"""One round of UNO: the state, the legal actions, and `apply`, the only mutator.

Everything here is pure: no clock, no I/O, one injected `random.Random`. The piles are
lists with the top at the end (cheap pops); the public properties present them top first
as the contract says.

Legality is decided in one place, `Game._rule`: for a seat's situation (its turn or not,
the phase, jump-in, the start card) it gives the cards the seat may play, its other
actions (Draw, Pass, Challenge, CallUno) and the words for what it may not do;
`_Tables.forms` gives the colours, targets and UNO flags of a card's plays, and
`_catch_targets` whom a seat may catch. `legal_actions` lists what these allow, `apply`
accepts exactly that (an `IllegalAction` leaves the game as it was) and `why_illegal`
words the rest.

The state's fields are declared once, in the `Game` class body, each with how a copy
gets it and its value in a blank game; `__slots__`, `clone`, the blank game and
`from_observation` are built from that declaration.

Speed matters (the hard bot searches with this engine; benchmarks/engine_throughput.py):
what a rule set implies is built once in its `_Tables`, among them every Play object per
seat and hand size, handed out again, so `apply` knows a Play that `legal_actions` built
by its id and asks `_rule` only about its card.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Annotated, Any, NamedTuple, get_type_hints

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

# ------------------------------------------------------------------ card tables
# Fixed-size tables over the 56 card kinds. A set of cards is kept as a dict (card -> True):
# `card in it` as fast as a set's, and its bound `get` is a cheap filter
# (`filter(cards.get, hand)` keeps the hand's order).
_CardSet = dict[Card, bool]
_KINDS = all_card_kinds()
_W4 = Card.parse("W4")
_NOTHING: _CardSet = {}
_ONLY: dict[Card, _CardSet] = {c: {c: True} for c in _KINDS}  # a drawn card; a jump-in


def _without_w4(cards: _CardSet) -> _CardSet:
    return {c: True for c in cards if c is not _W4}


# For each top card and active colour, the cards that match it in a normal turn: the same
# colour or symbol, any wild, anything while no colour is set (a wild start card).
_PLAYABLE: dict[Card, dict[Color | None, _CardSet]] = {
    top: {
        None: dict.fromkeys(_KINDS, True),
        **{
            color: {c: True for c in _KINDS if c.is_wild or c.color is color or c.rank == top.rank}
            for color in COLORS
        },
    }
    for top in _KINDS
}
# The same without the Wild Draw Four: without bluffing, for a hand holding the active colour.
_PLAYABLE_NO_W4 = {
    top: {color: _without_w4(cards) for color, cards in by_color.items()}
    for top, by_color in _PLAYABLE.items()
}


def _stackable(stacking: Stacking, pending_kind: str, color: Color | None) -> _CardSet:
    """The cards that may go on a pending penalty: a Draw Two on a Draw Two; a Wild Draw
    Four on a Wild Draw Four; mixed, also a Wild Draw Four on a Draw Two and a Draw Two
    of the chosen colour on a Wild Draw Four."""
    if stacking is Stacking.NONE:
        return _NOTHING
    mixed = stacking is Stacking.MIXED
    if pending_kind == "D2":
        return {c: True for c in _KINDS if c.rank == "D2" or (mixed and c is _W4)}
    return {c: True for c in _KINDS if c is _W4 or (mixed and c.rank == "D2" and c.color is color)}


# By stacking option, pending card ("D2", "W4") and active colour; and without the W4.
_STACKABLE: dict[tuple[Stacking, str | None, Color | None], _CardSet] = {
    (stacking, kind, color): _stackable(stacking, kind, color)
    for stacking in Stacking
    for kind in ("D2", "W4")
    for color in (None, *COLORS)
}
_STACKABLE_NO_W4 = {key: _without_w4(cards) for key, cards in _STACKABLE.items()}

# The cards whose play does nothing but pass the turn on (number cards; under 7-0 not the
# 7s and 0s), by whether 7-0 is on.
_PLAIN: dict[bool, _CardSet] = {
    seven_zero: {
        c: True
        for c in _KINDS
        if c.number is not None and not (seven_zero and c.rank in ("7", "0"))
    }
    for seven_zero in (False, True)
}

_unique = dict.fromkeys  # the distinct cards of a hand, in order

# ------------------------------------------------------------------ refusals
# What `_rule` says about what a seat may not do: words by action kind (and, where one card
# has its own reason, by card), formatted with seat, current, card, top and colour.
_Why = Mapping[object, str]
_KEEP_ONLY = "you can only keep a card you have just drawn"
_VICTIM_ONLY = "only the player a Wild Draw Four was played on may challenge it"
_WHY_WAIT: _Why = {
    Play: "it is seat {current}'s turn",
    Draw: "seat {seat} cannot draw: it is seat {current}'s turn",
    Pass: _KEEP_ONLY,
    Challenge: _VICTIM_ONLY,
}
_WHY_NO_JUMP_NOW: _Why = {
    **_WHY_WAIT,
    Play: "no jump-in while a penalty is pending or after the player has drawn",
}
_WHY_START_CARD: _Why = {
    **_WHY_WAIT,
    Play: "no jump-in on the turned-up start card: the first player plays first",
}
_WHY_JUMP: _Why = {
    **_WHY_WAIT,
    Play: "a jump-in needs a card identical to the top card (no wilds)",
}
_WHY_TURN: _Why = {
    Play: "{card} does not match {top} (colour: {colour})",
    Pass: _KEEP_ONLY,
    Challenge: _VICTIM_ONLY,
}
_WHY_TURN_NO_W4: _Why = {
    **_WHY_TURN,
    _W4: "Wild Draw Four only when you hold no card of the active colour",
}
_WHY_DRAWN: _Why = {
    Play: "after drawing, only the drawn card may be played",
    Draw: "you have already drawn: play the drawn card or keep it",
    Challenge: _VICTIM_ONLY,
}
_WHY_PENALTY: _Why = {
    Play: "{card} cannot be stacked on the pending penalty; draw or challenge",
    Pass: _KEEP_ONLY,
    Challenge: "there is no Wild Draw Four to challenge",
}
_WHY_PENALTY_NO_CHALLENGE: _Why = {**_WHY_PENALTY, Challenge: "these rules have no challenge"}
_WHY_OVER: _Why = dict.fromkeys((Play, Draw, Pass, Challenge), "the round is over")
_ACTION_KINDS = frozenset((Play, Draw, Pass, Challenge, CallUno, CatchUno))
# What `Game._rule` says: the cards, the other actions, the words for the rest.
_Rule = tuple[_CardSet, tuple[Action, ...], _Why]

# `_rule`'s other actions for a seat, by situation (+1: with CallUno): indexes into
# `_Tables.offers[seat]`.
_DRAW, _KEEP, _DRAW_OR_CHALLENGE, _WAIT = 0, 2, 4, 6


# ------------------------------------------------------------------ per rule set


@dataclasses.dataclass(slots=True, eq=False)
class _Tables:
    """What the engine derives from one rule set for one number of players, built once
    (`_tables`): the deck, the options read on every move, the action objects.

    Action objects are values; building each once keeps legal_actions cheap, and lets
    `apply` know a Play it handed out by its id. `plays[seat][size]` holds every card's
    Plays by `seat` from a hand of `size` cards, `play_ids[seat][size]` their ids; every
    size over two shares one dict and one set (the forms of a play differ only for one
    and two cards), and the lists reach the largest hand possible (`reach`).
    """

    rules: RuleSet
    players: int
    deck: tuple[Card, ...]
    bluffing: bool
    false_catch: int
    plain: _CardSet
    stacking: Stacking
    target_ranks: frozenset[str]  # plays of these ranks name a seat to swap with
    targets: tuple[tuple[int, ...], ...]  # per seat: the other seats
    offers: tuple[tuple[tuple[Action, ...], ...], ...]  # per seat, by situation (_DRAW...)
    plays: list[list[dict[Card, tuple[Play, ...]]]]
    play_ids: list[list[set[int]]]

    @classmethod
    def build(cls, rules: RuleSet, players: int) -> _Tables:
        seats = range(players)
        offers = []
        for s in seats:
            draw, keep, challenge, uno = Draw(s), Pass(s), Challenge(s), CallUno(s)
            by_situation = ((draw,), (keep,), (draw, challenge), ())  # _DRAW, _KEEP, ...
            offers.append(tuple(x for o in by_situation for x in (o, (*o, uno))))
        t = cls(
            rules=rules,
            players=players,
            deck=tuple(build_deck(rules.deck)),
            bluffing=rules.bluffing,
            false_catch=rules.false_catch_penalty,
            plain=_PLAIN[rules.seven_zero],
            stacking=rules.stacking,
            target_ranks=frozenset(
                ("WS",)
                + (("7",) if rules.seven_zero else ())
                + (("WC",) if rules.custom_rule.needs_target else ())
            ),
            targets=tuple(tuple(t for t in seats if t != s) for s in seats),
            offers=tuple(offers),
            plays=[],
            play_ids=[],
        )
        for seat in seats:
            books = [{card: t.plays_of(seat, card, size) for card in _KINDS} for size in (3, 1, 2)]
            t.plays.append(books)  # by hand size: 0 (never asked), 1, 2; reach() adds 3 on
            t.play_ids.append([{id(p) for plays in b.values() for p in plays} for b in books])
        t.reach(len(t.deck))
        return t

    def forms(
        self, seat: int, card: Card, size: int
    ) -> tuple[tuple[Color | None, ...], tuple[int | None, ...], tuple[bool, ...]]:
        """The colours, targets and UNO flags a play of `card` from a hand of `size` takes
        (one of each): a colour for a wild; another seat for a swap, except with the last
        card (the round ends then); UNO, said or not, with the second-to-last card."""
        colors = COLORS if card.is_wild else _NO_COLOR
        swaps = size > 1 and card.rank in self.target_ranks
        targets = self.targets[seat] if swaps else _NO_TARGET
        return colors, targets, _BOTH_UNO if size == 2 else _NO_UNO

    def plays_of(self, seat: int, card: Card, size: int) -> tuple[Play, ...]:
        """Every Play of `card` by `seat` from a hand of `size`: one per form."""
        colors, targets, unos = self.forms(seat, card, size)
        return tuple(Play(seat, card, c, t, u) for c in colors for t in targets for u in unos)

    def reach(self, cards: int) -> None:
        """Let each seat's by-size lists reach a hand of every card in play (`cards`)."""
        for plays, ids in zip(self.plays, self.play_ids):
            if len(plays) <= cards:
                more = cards + 1 - len(plays)
                plays += [plays[0]] * more
                ids += [ids[0]] * more


_TABLES: dict[int, tuple[RuleSet, dict[int, _Tables]]] = {}
_TABLES_KEPT = 16  # rule sets whose tables are kept; the oldest goes first


def _tables(rules: RuleSet, players: int) -> _Tables:
    """The tables of `rules` at a table of `players`, built on first use (by identity)."""
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_TABLES) >= _TABLES_KEPT:
            del _TABLES[next(iter(_TABLES))]
        entry = _TABLES[id(rules)] = (rules, {})
    tables = entry[1].get(players)
    if tables is None:
        tables = entry[1][players] = _Tables.build(rules, players)
    return tables


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


@functools.lru_cache(maxsize=256)
def _shuffle_plan(size: int) -> tuple[tuple[int, int], ...]:
    """Each step of a shuffle of `size` cards: the position filled and the bits drawn."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


@dataclasses.dataclass(frozen=True)
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


# ------------------------------------------------------------------ the state's fields


class _Copy(enum.Enum):
    """How `clone` gives a field to the copy (code; `{blank}` is the field's blank value)."""

    SAME = "self.{name}"  # a value, or a table never changed in place: the same object
    LIST = "self.{name}[:]"  # a list of values: a copy of the list
    LISTS = "[x[:] for x in self.{name}]"  # the hands: a copy of each list
    BLANK = "{blank}"  # the records: a copy starts without them


class _Spec(NamedTuple):
    """What the declaration of a `Game` field says besides its type."""

    copy: _Copy  # how a copy gets it
    blank: str  # its value in a blank game: code in terms of the tables `t`, seats `n`, `rng`
    seen: str | None = None  # the `Observation` attribute `from_observation` takes it from


_SAME, _LIST, _LISTS, _BLANK = _Copy.SAME, _Copy.LIST, _Copy.LISTS, _Copy.BLANK


@dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)
class Game:
    """A round in progress. Build with `Game.new`; change only with `apply`."""

    # --- fixed for the round, from the rule set's tables (copied out: read on every move)
    rules: Annotated[RuleSet, _Spec(_SAME, "t.rules")]
    n: Annotated[int, _Spec(_SAME, "t.players")]
    _t: Annotated[_Tables, _Spec(_SAME, "t")]
    _bluffing: Annotated[bool, _Spec(_SAME, "t.bluffing")]
    _false_catch: Annotated[int, _Spec(_SAME, "t.false_catch")]
    _plain: Annotated[_CardSet, _Spec(_SAME, "t.plain")]
    _offers: Annotated[tuple[tuple[tuple[Action, ...], ...], ...], _Spec(_SAME, "t.offers")]
    _plays: Annotated[list[list[dict[Card, tuple[Play, ...]]]], _Spec(_SAME, "t.plays")]
    _play_ids: Annotated[list[list[set[int]]], _Spec(_SAME, "t.play_ids")]
    # --- the position
    dealer: Annotated[int, _Spec(_SAME, "0", "dealer")]
    current: Annotated[int, _Spec(_SAME, "0", "current")]
    direction: Annotated[int, _Spec(_SAME, "1", "direction")]
    active_color: Annotated[Color | None, _Spec(_SAME, "None", "active_color")]
    phase: Annotated[Phase, _Spec(_SAME, "_PLAY", "phase")]
    is_over: Annotated[bool, _Spec(_SAME, "False")]  # phase is OVER; loops read it every move
    drawn_card: Annotated[Card | None, _Spec(_SAME, "None")]  # in the DRAWN phase
    pending: Annotated[int, _Spec(_SAME, "0", "pending_draw")]  # cards of a pending penalty
    pending_kind: Annotated[str | None, _Spec(_SAME, "None", "pending_kind")]  # "D2" or "W4"
    challengeable: Annotated[bool, _Spec(_SAME, "False")]  # the pending Wild Draw Four
    offender: Annotated[int | None, _Spec(_SAME, "None")]  # who played it
    guilty: Annotated[bool, _Spec(_SAME, "False")]  # whether it was a bluff
    catchable: Annotated[int | None, _Spec(_SAME, "None", "catchable")]
    start_on_top: Annotated[bool, _Spec(_SAME, "False")]  # no one has played on the start card
    stall: Annotated[int, _Spec(_SAME, "0")]  # turns in a row that drew nothing (no cards)
    winner: Annotated[int | None, _Spec(_SAME, "None")]
    points: Annotated[tuple[int, ...], _Spec(_SAME, "(0,) * n")]
    blocked: Annotated[bool, _Spec(_SAME, "False")]  # the round ended with no one able to draw
    scores: Annotated[tuple[int, ...], _Spec(_SAME, "(0,) * n", "scores")]  # the match so far
    _matching: Annotated[_CardSet, _Spec(_SAME, "_NOTHING")]  # matching the pile: _PLAYABLE
    _now: Annotated[_Rule | None, _Spec(_SAME, "None")]  # `_rule(current)` till apply changes it
    # --- the cards and UNO declarations
    _hands: Annotated[list[list[Card]], _Spec(_LISTS, "[[] for _ in range(n)]")]
    _pile: Annotated[list[Card], _Spec(_LIST, "[]")]  # the draw pile, top last
    _discard: Annotated[list[Card], _Spec(_LIST, "[]")]  # top last
    declared: Annotated[list[bool], _Spec(_LIST, "[False] * n", "uno_declared")]
    # --- records (a copy keeps none) and the rng (a copy has its own)
    record: Annotated[bool, _Spec(_BLANK, "False")]  # whether events and actions are kept
    log: Annotated[list[Event], _Spec(_BLANK, "[]")]  # the round's events
    actions: Annotated[list[Action], _Spec(_BLANK, "[]")]  # the round's actions
    _ev: Annotated[list[Event], _Spec(_BLANK, "[]")]  # the events of the action being applied
    rng: Annotated[random.Random, _Spec(_BLANK, "rng")]

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
        t = _tables(rules, players)
        g = _blank_game(t, rng if rng is not None else random.Random(seed))
        g.record = record
        if scores is not None:
            g.scores = tuple(scores)
        if deck is None:
            cards = list(t.deck)
            shuffle(g.rng, cards)
        else:
            cards = [c if isinstance(c, Card) else Card.parse(c) for c in deck]
            t.reach(len(cards))
        if len(cards) < players * rules.hand_size + 1:
            raise ValueError(
                f"{rules.name}: a deck of {len(cards)} cards cannot deal "
                f"{players} x {rules.hand_size} and turn a start card"
            )
        g._pile = cards[::-1]  # top last
        g.dealer = g.rng.randrange(players) if dealer is None else dealer % players
        g._emit(RoundStarted, g.dealer, players, rules.hand_size)
        g._deal()
        g._flip_start_card()
        if g.record:
            g.log.extend(g._ev)
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
        if self.record:
            self._ev += [CardsDrawn(s, len(hands[s]), tuple(hands[s]), "deal") for s in range(n)]

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
        self.start_on_top = True
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
            can_challenge=self.phase is _PENALTY and seat == self.current and self.challengeable,
            drawn_card=self.drawn_card if seat == self.current and self.phase is _DRAWN else None,
            uno_declared=tuple(
                self.declared[s] and len(self._hands[s]) == 1 for s in range(self.n)
            ),
            catchable=self.catchable,
            scores=self.scores,
            history=tuple(public_view(e, seat) for e in self.log),
        )

    # ------------------------------------------------------------ legality

    def _rule(self, seat: int) -> _Rule:
        """What `seat` may do now, catches aside: the cards it may play (in the forms
        `_Tables.forms` gives), its other actions (Draw, Pass, Challenge, CallUno, in that
        order) and the words for what it may not do. The one place legality is decided.

        The answer for the current seat is kept in `_now` for `apply` (which clears it):
        between two actions the state does not change."""
        hand = self._hands[seat]
        offers = self._offers[seat]
        uno = len(hand) == 1 and not self.declared[seat]  # CallUno is open
        phase = self.phase
        if seat == self.current:
            if phase is _PLAY:
                # Without bluffing, a Wild Draw Four only from a hand without the colour.
                if self._bluffing or self._holds_no_active_color(hand):
                    now = self._matching, offers[_DRAW + uno], _WHY_TURN
                else:
                    top = self._discard[-1]
                    cards = _PLAYABLE_NO_W4[top][self.active_color]
                    now = cards, offers[_DRAW + uno], _WHY_TURN_NO_W4
            elif phase is _DRAWN:
                now = _ONLY[self.drawn_card], offers[_KEEP + uno], _WHY_DRAWN  # type: ignore[index]
            elif phase is _PENALTY:
                key = (self._t.stacking, self.pending_kind, self.active_color)
                if self._bluffing or self._holds_no_active_color(hand):
                    stackable = _STACKABLE[key]
                else:
                    stackable = _STACKABLE_NO_W4[key]
                if self.challengeable:
                    now = stackable, offers[_DRAW_OR_CHALLENGE + uno], _WHY_PENALTY
                elif self.rules.challenge:
                    now = stackable, offers[_DRAW + uno], _WHY_PENALTY
                else:
                    now = stackable, offers[_DRAW + uno], _WHY_PENALTY_NO_CHALLENGE
            else:
                now = _NOTHING, (), _WHY_OVER
            self._now = now
            return now
        if phase is _OVER:
            return _NOTHING, (), _WHY_OVER
        # Out of turn: only a jump-in, with the card identical to the top card.
        waiting = offers[_WAIT + uno]
        if not self.rules.jump_in:
            return _NOTHING, waiting, _WHY_WAIT
        if phase is not _PLAY:
            return _NOTHING, waiting, _WHY_NO_JUMP_NOW
        if self.start_on_top:
            return _NOTHING, waiting, _WHY_START_CARD
        top = self._discard[-1]
        return (_NOTHING if top.is_wild else _ONLY[top]), waiting, _WHY_JUMP

    def _holds_no_active_color(self, hand: list[Card]) -> bool:
        active = self.active_color
        return active is None or all(c.color is not active for c in hand)

    def _catch_targets(self, seat: int) -> list[int]:
        """Whom `seat` may catch now: the seat that went to one card without UNO while
        the window is open; with a false-catch penalty, also anyone else on one card."""
        if self.phase is _OVER:
            return []
        catchable = self.catchable
        out = [catchable] if catchable is not None and catchable != seat else []
        if self._false_catch:
            hands = self._hands
            out += [t for t in self._t.targets[seat] if t != catchable and len(hands[t]) == 1]
        return out

    def turn_cards(self, seat: int) -> list[Card] | None:
        """The distinct cards `seat` may play on a plain turn, in hand order (the cards
        `legal_actions` offers plays of; `plays_of` gives their variants), or None when
        it is not such a turn (out of turn, a drawn card, a penalty, the round over).
        For searches, which want one card's plays, not every variant of every card."""
        if seat != self.current or self.phase is not _PLAY:
            return None
        return list(_unique(filter((self._now or self._rule(seat))[0].get, self._hands[seat])))

    def plays_of(self, seat: int, card: Card) -> tuple[Play, ...]:
        """Every variant (colour, target, UNO) of `seat` playing `card` from its hand."""
        return self._plays[seat][len(self._hands[seat])][card]

    def legal_actions(self, seat: int) -> list[Action]:
        """Every action `seat` may take now, in turn or out of turn: the Plays first."""
        cards, offers, _ = self._rule(seat)
        hand = self._hands[seat]
        book = self._plays[seat][len(hand)]
        out: list[Action] = []
        picked: list[Card] = []  # each card once, in hand order (cheaper than a dict here)
        for card in hand:
            if card in cards and card not in picked:
                picked.append(card)
                out += book[card]
        out += offers
        if self.catchable is not None or self._false_catch:  # else nobody can be caught
            out += [CatchUno(seat, t) for t in self._catch_targets(seat)]
        return out

    def why_illegal(self, action: Action) -> str | None:
        """None when `action` is legal now, else the reason in words."""
        if self.phase is _OVER:
            return "the round is over"
        kind = type(action)
        if kind not in _ACTION_KINDS:
            return f"not an action: {action!r}"
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < self.n:
            return f"no seat {seat!r} at a table of {self.n}"
        if type(action) is CatchUno:
            target = action.target
            if type(target) is not int or not 0 <= target < self.n or target == seat:
                return f"seat {seat} cannot catch seat {target!r}"
            if target in self._catch_targets(seat):
                return None
            return f"seat {target} cannot be caught now"
        cards, offers, why = self._rule(seat)
        if type(action) is Play:
            card, hand = action.card, self._hands[seat]
            if type(card) is not Card or card not in hand:
                return f"seat {seat} does not hold {card}"
            if card not in cards:
                return self._words(why.get(card) or why[Play], seat, card)
            return self._form_refusal(action, len(hand))
        if action in offers:
            return None
        if kind is CallUno:
            if len(self._hands[seat]) != 1:
                return "UNO is called with one card left"
            return "you have already called UNO"
        return self._words(why[kind], seat, None)

    def _words(self, template: str, seat: int, card: Card | None) -> str:
        color = self.active_color
        return template.format(
            seat=seat,
            current=self.current,
            card=card,
            top=self._discard[-1],
            colour="none yet" if color is None else color.name.lower(),
        )

    def _form_refusal(self, a: Play, size: int) -> str | None:
        """Why a play of a card `a.seat` may play is not in a form `_Tables.forms` allows."""
        card = a.card
        colors, targets, unos = self._t.forms(a.seat, card, size)
        color, target, uno = a.color, a.target, a.uno
        if (color is not None and type(color) is not Color) or color not in colors:
            return f"{card} takes no colour" if colors is _NO_COLOR else f"{card} needs a colour"
        if (target is not None and type(target) is not int) or target not in targets:
            if targets is _NO_TARGET:
                return f"{card} takes no target"
            return f"{card} needs another player to swap with"
        if type(uno) is not bool or uno not in unos:
            return "UNO is declared with the second-to-last card"
        return None

    # ------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`; return what happened. Illegal: raise, change nothing."""
        events: list[Event]
        if type(action) is Play:
            # A Play legal_actions handed out for the current seat at this hand size (known
            # by its id) has a form `_Tables.forms` allows: left to ask is whether `_rule`
            # lets its card be played and the hand holds it. Any other Play (a jump-in, one
            # built by hand) is judged whole.
            seat = self.current
            hand = self._hands[seat]
            card = action.card
            offered = (
                id(action) in self._play_ids[seat][len(hand)]
                and card in (self._now or self._rule(seat))[0]
            )
            try:
                if offered:
                    hand.remove(card)  # the first change, and the check that it is held
            except ValueError:
                offered = False
            if not offered:
                self._refuse(action)
                seat = action.seat
                hand = self._hands[seat]
                hand.remove(card)
            self._ev = events = []
            self._play(action, seat, card, hand)
        else:
            rule = self._now
            if rule is not None and rule[1] and action is rule[1][0]:
                seat = self.current  # the turn's Draw or Pass, as offered
            else:
                seat = action.seat
                rule = None
                if type(seat) is int and 0 <= seat < self.n:
                    rule = (self._now if seat == self.current else None) or self._rule(seat)
                if rule is None or action not in rule[1]:
                    self._refuse(action)  # not Draw, Pass, Challenge or CallUno: a catch
            self._ev = events = []
            if type(action) is Draw:
                self.catchable = None
                if self.phase is _PENALTY:
                    self._take_penalty()
                else:
                    self._draw_turn((rule or self._rule(seat))[0])
            elif type(action) is Pass:
                self.catchable = None
                if self.record:
                    events.append(CardKept(seat))
                self.drawn_card = None
                self.phase = _PLAY
                self.current = (self.current + self.direction) % self.n
            elif type(action) is Challenge:
                self.catchable = None
                self._challenge()
            elif type(action) is CallUno:
                self.declared[seat] = True
                if self.catchable == seat:
                    self.catchable = None
                self._emit(UnoCalled, seat)
            else:
                self._catch(action)  # type: ignore[arg-type]
        self._now = None
        if self.record:
            self.actions.append(action)
            self.log.extend(events)
        return events

    def _refuse(self, action: Action) -> None:
        """Raise IllegalAction with the reason, unless `action` is legal after all."""
        reason = self.why_illegal(action)
        if reason is not None:
            raise IllegalAction(reason)

    def _emit(self, kind: Callable[..., Event], *args: object) -> None:
        """Record an event; a game that records nothing (searches) never builds one."""
        if self.record:
            self._ev.append(kind(*args))

    def _end_turn(self, steps: int) -> None:
        self.current = (self.current + self.direction * steps) % self.n

    def _play(self, a: Play, seat: int, card: Card, hand: list[Card]) -> None:
        """Put the card (just taken from `hand`, the seat's) on the pile, set the colour,
        handle UNO; then its effect. (`seat`, `card` are the Play's.)"""
        rank = card.rank
        previous_color = self.active_color
        # A Wild Draw Four is a bluff if its player held the colour it replaces.
        guilty = (
            rank == "W4"
            and previous_color is not None
            and any(c.color is previous_color for c in hand)  # the W4 itself has none
        )
        self._discard.append(card)
        self.start_on_top = False
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
            rules = self.rules
            if rules.stacking is not Stacking.NONE or (rank == "W4" and rules.challenge):
                self.pending = (self.pending if in_penalty else 0) + amount
                self.pending_kind = rank
                self.challengeable = rank == "W4" and rules.challenge
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
        elif rank == "WS" or (rank == "7" and self.rules.seven_zero):
            self._swap(seat, a.target)  # type: ignore[arg-type]
            self.current = nxt
        elif rank == "0" and self.rules.seven_zero:
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

    def _draw_turn(self, playable: _CardSet) -> None:
        """The current seat draws for its turn (one card, or until one is playable); a
        playable card drawn may be played at once. `playable` is what the turn's `_rule`
        lets the seat play, from before the draw, and judges the drawn cards exactly:
        drawing changes only the hand, and the hand decides only on a Wild Draw Four
        (without bluffing: no card of the active colour held); a drawn card of that
        colour is playable itself, a drawn Wild Draw Four adds no colour."""
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
                    if part[0] in playable:
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
        if rules.play_drawn and card in playable:
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
        t = _tables(obs.rules, obs.players)
        t.reach(sum(map(len, hands)) + len(draw_pile) + len(obs.discard_pile))
        g = _blank_game(t, rng)
        _observed_fields(g, obs)
        g._hands = [list(h) for h in hands]
        g._pile = list(draw_pile)[::-1]
        discard = g._discard = list(obs.discard_pile)
        g._matching = _PLAYABLE[discard[-1]][g.active_color]
        g.is_over = obs.phase is _OVER
        if obs.phase is _DRAWN:
            # Another seat's drawn card is not seen: its last card is a guess.
            g.drawn_card = obs.drawn_card or g._hands[g.current][-1]
        g.challengeable = obs.phase is _PENALTY and obs.pending_kind == "W4" and obs.rules.challenge
        if g.challengeable:
            g.offender = (obs.current - obs.direction) % obs.players
            for e in reversed(obs.history):
                if type(e) is CardPlayed:
                    g.offender = e.seat
                    break
            g.guilty = guilty
        g.start_on_top = len(discard) == 1 and not any(type(e) is CardPlayed for e in obs.history)
        return g

    def clone(self, rng: random.Random | None = None) -> Game:
        """An independent copy (for searches); it records nothing. Without `rng` it gets a
        copy of this game's (a shared one would let the copy's reshuffles change the
        original's future)."""
        if rng is None:
            rng = random.Random()
            rng.setstate(self.rng.getstate())
        return _copied_game(self, rng)


def _compile(signature: str, body: list[str]) -> Any:
    """A function built from source, as dataclasses builds `__init__`: the state's field
    by field code below, as fast as written out by hand."""
    source = f"def {signature}:\n" + "".join(f"    {line}\n" for line in body)
    namespace: dict[str, Any] = {}
    exec(source, globals(), namespace)
    return next(iter(namespace.values()))


def _state_functions() -> tuple[Any, Any, Any]:
    """Blank game, copy and observed fields, from the declaration of `Game`'s fields."""
    hints = get_type_hints(Game, include_extras=True)
    fields = [(f.name, hints[f.name].__metadata__[0]) for f in dataclasses.fields(Game)]
    blank = _compile(
        "blank_game(t, rng)",
        [
            "g = object.__new__(Game)",
            "n = t.players",
            *(f"g.{name} = {meta.blank}" for name, meta in fields),
            "return g",
        ],
    )
    copy = _compile(
        "copied_game(self, rng)",
        [
            "g = object.__new__(Game)",
            *(
                f"g.{name} = " + meta.copy.value.format(name=name, blank=meta.blank)
                for name, meta in fields
            ),
            "return g",
        ],
    )
    observed = _compile(
        "observed_fields(g, obs)",
        [
            f"g.{name} = " + ("list(obs.{})" if meta.copy is _LIST else "obs.{}").format(seen)
            for name, meta in fields
            if (seen := meta.seen) is not None
        ],
    )
    return blank, copy, observed


_blank_game: Callable[[_Tables, random.Random], Game]
_copied_game: Callable[[Game, random.Random], Game]
_observed_fields: Callable[[Game, Observation], None]
_blank_game, _copied_game, _observed_fields = _state_functions()
