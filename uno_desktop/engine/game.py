"""One round of UNO: the state, the legal actions, and `apply`, the only mutator.

Everything here is pure: no clock, no I/O, one injected `random.Random`. The piles are
lists with the top at the end (cheap pops); the public properties present them top first
as the contract says.

Legality is decided in one place, `Game._rule`: for a seat's situation (its turn or not,
the phase, jump-in, the start card) it gives the cards the seat may play, its other
actions (Draw, Pass, Challenge, CallUno) and the words for what it may not do
(`refusals`); `Tables.forms` gives the colours, targets and UNO flags of a card's plays,
and `_catch_targets` whom a seat may catch. `legal_actions` lists what these allow,
`apply` accepts exactly that (an `IllegalAction` leaves the game as it was) and
`why_illegal` words the rest.

The state's fields are declared once, in the `Game` class body, each with how a copy
gets it and its value in a blank game; `__slots__`, `clone`, the blank game and
`from_observation` are built from that declaration (`fields`).

Speed matters (the hard bot searches with this engine; benchmarks/engine_throughput.py):
what a rule set implies is built once in its `Tables` (`tables`), among them every Play
object per seat and hand size, handed out again, so `apply` knows a Play that
`legal_actions` built by its id and asks `_rule` only about its card.
"""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Callable, Sequence
from typing import Annotated

from .actions import Action, CallUno, CatchUno, Challenge, Draw, Pass, Play
from .cards import Card, Color
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
from .fields import BLANK, LIST, LISTS, SAME, Spec, state_functions
from .observation import Observation, Phase
from .refusals import (
    ACTION_KINDS,
    WHY_DRAWN,
    WHY_JUMP,
    WHY_NO_JUMP_NOW,
    WHY_OVER,
    WHY_PENALTY,
    WHY_PENALTY_NO_CHALLENGE,
    WHY_START_CARD,
    WHY_TURN,
    WHY_TURN_NO_W4,
    WHY_WAIT,
    Why,
    form_refusal,
    words,
)
from .rules import CustomEffect, RuleSet, Stacking
from .scoring import round_points
from .tables import (
    DRAW,
    DRAW_OR_CHALLENGE,
    KEEP,
    NOTHING,
    ONLY,
    PLAYABLE,
    PLAYABLE_NO_W4,
    STACKABLE,
    STACKABLE_NO_W4,
    WAIT,
    CardSet,
    Tables,
    tables_for,
)

__all__ = ["MAX_ROUND_MOVES", "Game", "IllegalAction", "Observation", "Phase", "shuffle"]

MAX_ROUND_MOVES = 20_000
"""A round still going after this many moves ends blocked (no score), like a round in
which nobody can play: a last guard, so no table, simulation or saved match ever runs
without end (normal rounds take a few hundred; the built-in presets' idle-turn rule and
the preset check end the circles known)."""


class IllegalAction(ValueError):
    """The action is not allowed now; the message says why. The state is unchanged."""


_PLAY, _DRAWN, _PENALTY, _OVER = Phase.PLAY, Phase.DRAWN, Phase.PENALTY, Phase.OVER
_unique = dict.fromkeys  # the distinct cards of a hand, in order
# What `Game._rule` says: the cards, the other actions, the words for the rest.
_Rule = tuple[CardSet, tuple[Action, ...], Why]


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


@dataclasses.dataclass(slots=True, init=False, repr=False, eq=False)
class Game:
    """A round in progress. Build with `Game.new`; change only with `apply`."""

    # --- fixed for the round, from the rule set's tables (copied out: read on every move)
    rules: Annotated[RuleSet, Spec(SAME, "t.rules")]
    n: Annotated[int, Spec(SAME, "t.players")]
    _t: Annotated[Tables, Spec(SAME, "t")]
    _bluffing: Annotated[bool, Spec(SAME, "t.bluffing")]
    _false_catch: Annotated[int, Spec(SAME, "t.false_catch")]
    _plain: Annotated[CardSet, Spec(SAME, "t.plain")]
    _offers: Annotated[tuple[tuple[tuple[Action, ...], ...], ...], Spec(SAME, "t.offers")]
    _plays: Annotated[list[list[dict[Card, tuple[Play, ...]]]], Spec(SAME, "t.plays")]
    _play_ids: Annotated[list[list[set[int]]], Spec(SAME, "t.play_ids")]
    # --- the position
    dealer: Annotated[int, Spec(SAME, "0", "dealer")]
    current: Annotated[int, Spec(SAME, "0", "current")]
    direction: Annotated[int, Spec(SAME, "1", "direction")]
    active_color: Annotated[Color | None, Spec(SAME, "None", "active_color")]
    phase: Annotated[Phase, Spec(SAME, "_PLAY", "phase")]
    is_over: Annotated[bool, Spec(SAME, "False")]  # phase is OVER; loops read it every move
    drawn_card: Annotated[Card | None, Spec(SAME, "None")]  # in the DRAWN phase
    pending: Annotated[int, Spec(SAME, "0", "pending_draw")]  # cards of a pending penalty
    pending_kind: Annotated[str | None, Spec(SAME, "None", "pending_kind")]  # "D2" or "W4"
    challengeable: Annotated[bool, Spec(SAME, "False")]  # the pending Wild Draw Four
    offender: Annotated[int | None, Spec(SAME, "None")]  # who played it
    guilty: Annotated[bool, Spec(SAME, "False")]  # whether it was a bluff
    catchable: Annotated[int | None, Spec(SAME, "None", "catchable")]
    start_on_top: Annotated[bool, Spec(SAME, "False")]  # no one has played on the start card
    # Idle turns in a row: turns that leave their player's hand as it was with nothing
    # left to draw (nothing drawn, or the one card there was drawn and played); as many
    # as there are seats end the round blocked. `idle_draw`: the drawn card was all there
    # was (playing it makes the turn idle).
    stall: Annotated[int, Spec(SAME, "0")]
    idle_draw: Annotated[bool, Spec(SAME, "False")]
    winner: Annotated[int | None, Spec(SAME, "None")]
    points: Annotated[tuple[int, ...], Spec(SAME, "(0,) * n")]
    blocked: Annotated[bool, Spec(SAME, "False")]  # the round ended with no one able to draw
    moves: Annotated[int, Spec(SAME, "0")]  # actions applied this round (MAX_ROUND_MOVES)
    scores: Annotated[tuple[int, ...], Spec(SAME, "(0,) * n", "scores")]  # the match so far
    _matching: Annotated[CardSet, Spec(SAME, "NOTHING")]  # matching the pile: PLAYABLE
    _now: Annotated[_Rule | None, Spec(SAME, "None")]  # `_rule(current)` till apply changes it
    # --- the cards and UNO declarations
    _hands: Annotated[list[list[Card]], Spec(LISTS, "[[] for _ in range(n)]")]
    _pile: Annotated[list[Card], Spec(LIST, "[]")]  # the draw pile, top last
    _discard: Annotated[list[Card], Spec(LIST, "[]")]  # top last
    declared: Annotated[list[bool], Spec(LIST, "[False] * n", "uno_declared")]
    # --- records (a copy keeps none) and the rng (a copy has its own)
    record: Annotated[bool, Spec(BLANK, "False")]  # whether events and actions are kept
    log: Annotated[list[Event], Spec(BLANK, "[]")]  # the round's events
    actions: Annotated[list[Action], Spec(BLANK, "[]")]  # the round's actions
    _ev: Annotated[list[Event], Spec(BLANK, "[]")]  # the events of the action being applied
    rng: Annotated[random.Random, Spec(BLANK, "rng")]

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
        t = tables_for(rules, players)
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
        self._matching = PLAYABLE[card][card.color]
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
        `Tables.forms` gives), its other actions (Draw, Pass, Challenge, CallUno, in that
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
                    now = self._matching, offers[DRAW + uno], WHY_TURN
                else:
                    top = self._discard[-1]
                    cards = PLAYABLE_NO_W4[top][self.active_color]
                    now = cards, offers[DRAW + uno], WHY_TURN_NO_W4
            elif phase is _DRAWN:
                now = ONLY[self.drawn_card], offers[KEEP + uno], WHY_DRAWN  # type: ignore[index]
            elif phase is _PENALTY:
                key = (self._t.stacking, self.pending_kind, self.active_color)
                if self._bluffing or self._holds_no_active_color(hand):
                    stackable = STACKABLE[key]
                else:
                    stackable = STACKABLE_NO_W4[key]
                if self.challengeable:
                    now = stackable, offers[DRAW_OR_CHALLENGE + uno], WHY_PENALTY
                elif self.rules.challenge:
                    now = stackable, offers[DRAW + uno], WHY_PENALTY
                else:
                    now = stackable, offers[DRAW + uno], WHY_PENALTY_NO_CHALLENGE
            else:
                now = NOTHING, (), WHY_OVER
            self._now = now
            return now
        if phase is _OVER:
            return NOTHING, (), WHY_OVER
        # Out of turn: only a jump-in, with the card identical to the top card.
        waiting = offers[WAIT + uno]
        if not self.rules.jump_in:
            return NOTHING, waiting, WHY_WAIT
        if phase is not _PLAY:
            return NOTHING, waiting, WHY_NO_JUMP_NOW
        if self.start_on_top:
            return NOTHING, waiting, WHY_START_CARD
        top = self._discard[-1]
        return (NOTHING if top.is_wild else ONLY[top]), waiting, WHY_JUMP

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
        if kind not in ACTION_KINDS:
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
            return form_refusal(self._t, action, len(hand))
        if action in offers:
            return None
        if kind is CallUno:
            if len(self._hands[seat]) != 1:
                return "UNO is called with one card left"
            return "you have already called UNO"
        return self._words(why[kind], seat, None)

    def _words(self, template: str, seat: int, card: Card | None) -> str:
        return words(template, seat, self.current, card, self._discard[-1], self.active_color)

    # ------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[Event]:
        """Carry out `action`; return what happened. Illegal: raise, change nothing."""
        events: list[Event]
        if type(action) is Play:
            # A Play legal_actions handed out for the current seat at this hand size (known
            # by its id) has a form `Tables.forms` allows: left to ask is whether `_rule`
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
                self.idle_draw = False
                self.stall = 0  # the card kept: the hand changed
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
        self.moves += 1
        if self.moves >= MAX_ROUND_MOVES and not self.is_over:
            self._clear_penalty()  # the move limit: nothing is pending once the round is over
            self._end_round(None)
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
        idle = self.idle_draw  # the drawn card, the only one there was: the hand is as it was
        if idle:
            self.idle_draw = False
            self.stall += 1
        else:
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
        self._matching = PLAYABLE[card][color]
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
        if idle and self.stall >= self.n:
            self._clear_penalty()  # nothing is pending once the round is over
            self._end_round(None)

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

    def _draw_turn(self, playable: CardSet) -> None:
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
            single = True
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
                # Both piles are empty: an idle turn (see `stall`), which ends.
                self.stall += 1
                if self.stall >= self.n:
                    self._end_round(None)
                    return
                self._end_turn(1)
                return
            card = got[-1]
            single = len(got) == 1
        if rules.play_drawn and card in playable:
            self.phase = _DRAWN
            self.drawn_card = card
            # Played, the one card there was to draw leaves the hand as it was: idle.
            self.idle_draw = single and not pile and len(self._discard) <= 1
            if not self.idle_draw:
                self.stall = 0
        else:
            self.stall = 0
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
        t = tables_for(obs.rules, obs.players)
        t.reach(sum(map(len, hands)) + len(draw_pile) + len(obs.discard_pile))
        g = _blank_game(t, rng)
        _observed_fields(g, obs)
        g._hands = [list(h) for h in hands]
        g._pile = list(draw_pile)[::-1]
        discard = g._discard = list(obs.discard_pile)
        g._matching = PLAYABLE[discard[-1]][g.active_color]
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


_blank_game: Callable[[Tables, random.Random], Game]
_copied_game: Callable[[Game, random.Random], Game]
_observed_fields: Callable[[Game, Observation], None]
_blank_game, _copied_game, _observed_fields = state_functions(Game, globals())
