"""The table as the players see it: a copy of the game that lags behind until animations land.

The match changes at once when an action is applied; the screen must not. Events go into
a queue here; each becomes a `Step` (cards in flight plus what changes when they land),
and the displayed state (`ShownState`) changes only as flights land. When the queue is
empty the state becomes the viewer's `SeatView` (`sync`), so nothing can drift: the
steps only animate the way there.

This module knows no pygame and no screen positions: a flight names its ends by `Spot`
("the draw pile", "seat 3") and the scene turns spots into pixels. It also decides what
may be seen: a card flies face up only when the rules let the shown seat see it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from uno_desktop.engine import Card, Color, Observation
from uno_desktop.engine import events as ev
from uno_desktop.lang.i18n import language
from uno_desktop.view import SeatView, seat_view
from uno_desktop.view.fold import hands_moved
from uno_desktop.view.narration import event_line, log_lines

#: how many log lines the view keeps (the scene shows as many as fit)
LOG_KEEP = 40

# Durations in seconds at animation speed 1.0 (the Animator divides by its speed).
FLY_S = 0.38  # one card across the table
DEAL_FLY_S = 0.28  # one card of the deal
DEAL_TOTAL_S = 2.4  # the whole deal's stagger, whatever the table size
DRAW_STAGGER_S = 0.09  # between the cards of one draw
DRAW_TOTAL_S = 0.9  # cap on a long draw's stagger
SWAP_FLY_S = 0.55
RESHUFFLE_FLY_S = 0.45
MOVED_BACKS = 5  # backs drawn for a moving hand or a reshuffle (a hint, not every card)


@dataclass(frozen=True)
class Spot:
    """One end of a flight: the draw pile, the discard pile, or a seat's hand.

    `card` names the card inside the seat's hand where it starts or lands, so the
    scene can start a play from that card's place in the fan.
    """

    kind: str  # "pile" | "discard" | "seat"
    seat: int = -1
    card: Card | None = None


PILE = Spot("pile")
DISCARD = Spot("discard")


@dataclass(frozen=True)
class Flight:
    """One card moving. Face up at the start/end only when `start_face`/`end_face` is set."""

    src: Spot
    dst: Spot
    start_face: Card | None  # None: a back at the start
    end_face: Card | None  # None: still a back on landing
    delay_s: float = 0.0
    duration_s: float = FLY_S
    on_land: Callable[[], None] | None = None


@dataclass
class Step:
    """What one event (or the whole deal) does on screen."""

    event: ev.Event
    flights: list[Flight] = field(default_factory=list)
    on_done: Callable[[], None] | None = None  # applied after the last flight lands
    sound: str | None = None  # played when the step starts
    hold_s: float = 0.0  # a pause after it (lets people read a skip, a colour)
    pulse_seat: int | None = None  # a seat to flash (skipped, UNO, caught)


@dataclass
class ShownState:
    """What the table shows now. Hands hold the true cards where known, `None` where not.

    Which hand is drawn face up is the scene's decision; this state only remembers.
    """

    players: int
    hands: list[list[Card | None]]
    discard: list[Card]  # bottom first; only the last few matter on screen
    pile_count: int
    active_color: Color | None
    direction: int
    current: int
    dealer: int
    uno: list[bool]
    scores: list[int]
    log: deque[ev.Event]  # events with a log line; worded when drawn, in the language then
    round_over: bool = False
    winner: int | None = None
    penalty: int = 0  # cards waiting for the current seat (a Draw Two, a stack)

    @classmethod
    def empty(cls, players: int) -> ShownState:
        return cls(
            players=players,
            hands=[[] for _ in range(players)],
            discard=[],
            pile_count=0,
            active_color=None,
            direction=1,
            current=0,
            dealer=0,
            uno=[False] * players,
            scores=[0] * players,
            log=deque(maxlen=LOG_KEEP),
        )

    @property
    def top_card(self) -> Card | None:
        return self.discard[-1] if self.discard else None

    def counts(self) -> list[int]:
        return [len(h) for h in self.hands]


def _remove_card(hand: list[Card | None], card: Card) -> None:
    """Take `card` out of a hand: itself when known, else an unknown card."""
    if card in hand:
        hand.remove(card)
    elif None in hand:
        hand.remove(None)
    elif hand:
        hand.pop()


class ShownTable:
    """The event queue and the displayed state.

    `names` are the seats' names (for log lines); `deck_size` starts the draw pile count
    when a round is dealt; `you` is the seat the log addresses as "you".
    """

    def __init__(self, names: Sequence[str], deck_size: int, you: int | None = None) -> None:
        self.names = names  # may reword itself when the language changes (seats.SeatNames)
        #: the seat the log speaks to as "you" (a lone human), or None
        self.you = you
        self.deck_size = deck_size
        self.state = ShownState.empty(len(names))
        self.queue: deque[ev.Event] = deque()
        # the log's lines as last worded, and what they were worded from
        self._lines: tuple[object, list[str]] = ((), [])

    # ------------------------------------------------------------------ feeding

    def feed(self, events: Iterable[ev.Event]) -> None:
        self.queue.extend(events)

    @property
    def pending(self) -> bool:
        return bool(self.queue)

    def add_log(self, event: ev.Event) -> None:
        """Keep `event` for the log if it has a line. The words are made when the log is
        drawn (`log_lines`), so a language chosen mid-round rewords the whole log."""
        if event_line(event, self.names, self.you):
            self.state.log.append(event)

    def log_lines(self) -> list[str]:
        """The kept log, oldest first, in the current language (worded again only when
        the log, the language, a name or "you" changed: it is read every frame)."""
        log = self.state.log
        last = id(log[-1]) if log else 0
        key = (id(log), len(log), last, language(), tuple(self.names), self.you)
        if key != self._lines[0]:
            lines = [line for line in log_lines(log, self.names, self.you) if line]
            self._lines = (key, lines)
        return list(self._lines[1])

    # ------------------------------------------------------------------ syncing

    def sync(self, view: SeatView | Observation, scores: Sequence[int] | None = None) -> None:
        """Make the shown state the viewer's `SeatView` (an observation is read as one):
        its own hand face up, every other hand as unknown cards of the right count.
        Called when the queue is empty and nothing flies, when the viewer changes and
        when a saved match resumes."""
        if isinstance(view, Observation):
            view = seat_view(view)
        s = self.state
        s.hands = [
            list(view.hand) if seat == view.viewer else [None] * count
            for seat, count in enumerate(view.hand_sizes)
        ]
        s.discard = list(view.discard)
        s.pile_count = view.draw_pile_size
        s.active_color = view.active_color
        s.direction = view.direction
        s.current = view.current
        s.dealer = view.dealer
        s.uno = list(view.uno_declared)
        s.round_over = view.round_over
        s.winner = view.winner
        s.penalty = view.penalty.total if view.penalty is not None else 0
        if scores is not None:
            s.scores = list(scores)

    # ------------------------------------------------------------------ steps

    def next_step(self, shown: int | None) -> Step | None:
        """The next event's step, or None when the queue is empty.

        `shown` is the seat whose hand is face up on screen (None: no hand is).
        The deal's card events are taken together so cards go round one at a time.
        """
        if not self.queue:
            return None
        event = self.queue.popleft()
        if isinstance(event, ev.CardsDrawn) and event.reason == "deal":
            deals = [event]
            while (
                self.queue
                and isinstance(nxt := self.queue[0], ev.CardsDrawn)
                and nxt.reason == "deal"
            ):
                deals.append(nxt)
                self.queue.popleft()
            return self._deal_step(deals, shown)
        source = hands_moved(event, self.state.players)
        if source is not None:
            return self._hands_moved(event, source)
        return self._step_for(event, shown)

    def _step_for(self, e: ev.Event, shown: int | None) -> Step:
        """The animation step of one event (hands that move are handled before)."""
        match e:
            case ev.RoundStarted():
                return self._round_started(e, shown)
            case ev.StartCardFlipped():
                return self._start_card(e, shown)
            case ev.CardPlayed():
                return self._card_played(e, shown)
            case ev.ColorChosen():
                return self._color_chosen(e, shown)
            case ev.CardsDrawn():
                return self._cards_drawn(e, shown)
            case ev.PenaltyPending():
                return self._penalty_pending(e, shown)
            case ev.TurnSkipped():
                return self._turn_skipped(e, shown)
            case ev.DirectionChanged():
                return self._direction(e, shown)
            case ev.UnoCalled():
                return self._uno_called(e, shown)
            case ev.UnoCaught():
                return self._uno_caught(e, shown)
            case ev.FalseCatch():
                return self._false_catch(e, shown)
            case ev.PileReshuffled():
                return self._reshuffled(e, shown)
            case ev.RoundEnded():
                return self._round_ended(e, shown)
            case _:
                return self._plain(e, shown)

    def _log_done(
        self, event: ev.Event, extra: Callable[[], None] | None = None
    ) -> Callable[[], None]:
        def done() -> None:
            if extra is not None:
                extra()
            self.add_log(event)

        return done

    # -- one builder per event type -------------------------------------------------------

    def _round_started(self, e: ev.RoundStarted, shown: int | None) -> Step:
        def reset() -> None:
            log = self.state.log
            self.state = ShownState.empty(e.players)
            self.state.log = log
            self.state.dealer = e.dealer
            self.state.current = -1  # nobody's turn until the start card is turned
            self.state.pile_count = self.deck_size

        reset()  # the table clears at once; the deal flies next
        return Step(e, on_done=self._log_done(e), sound="shuffle", hold_s=0.15)

    def _deal_step(self, deals: list[ev.CardsDrawn], shown: int | None) -> Step:
        s = self.state
        n = s.players
        by_seat = {d.seat: d for d in deals}
        rounds = max((d.count for d in deals), default=0)
        order = [(s.dealer + i) % n for i in range(1, n + 1)]
        total = sum(d.count for d in deals)
        stagger = min(0.07, DEAL_TOTAL_S / max(1, total))
        flights: list[Flight] = []
        k = 0
        for r in range(rounds):
            for seat in order:
                d = by_seat.get(seat)
                if d is None or r >= d.count:
                    continue
                card = d.cards[r] if r < len(d.cards) else None
                face = card if seat == shown else None
                flights.append(
                    Flight(
                        PILE,
                        Spot("seat", seat),
                        None,
                        face,
                        delay_s=k * stagger,
                        duration_s=DEAL_FLY_S,
                        on_land=self._lander(seat, card),
                    )
                )
                k += 1
        return Step(deals[0], flights=flights, sound="deal")

    def _lander(self, seat: int, card: Card | None) -> Callable[[], None]:
        def land() -> None:
            st = self.state
            st.hands[seat].append(card)
            st.pile_count = max(0, st.pile_count - 1)
            st.uno[seat] = False

        return land

    def _start_card(self, e: ev.StartCardFlipped, shown: int | None) -> Step:
        def land() -> None:
            st = self.state
            st.pile_count = max(0, st.pile_count - 1)
            st.discard.append(e.card)
            st.active_color = e.card.color
            st.current = (st.dealer + 1) % st.players

        flight = Flight(PILE, DISCARD, None, e.card, on_land=land)
        return Step(e, flights=[flight], on_done=self._log_done(e), sound="play", hold_s=0.2)

    def _card_played(self, e: ev.CardPlayed, shown: int | None) -> Step:
        st = self.state
        _remove_card(st.hands[e.seat], e.card)  # the card leaves the hand as it lifts off
        st.current = e.seat

        def land() -> None:
            st2 = self.state
            st2.discard.append(e.card)
            if not e.card.is_wild:
                st2.active_color = e.card.color
            st2.uno[e.seat] = st2.uno[e.seat] and len(st2.hands[e.seat]) == 1

        start = e.card if e.seat == shown else None
        flight = Flight(Spot("seat", e.seat, e.card), DISCARD, start, e.card, on_land=land)
        return Step(e, flights=[flight], on_done=self._log_done(e), sound="play")

    def _color_chosen(self, e: ev.ColorChosen, shown: int | None) -> Step:
        def done() -> None:
            self.state.active_color = e.color

        return Step(e, on_done=self._log_done(e, done), hold_s=0.35)

    def _penalty_pending(self, e: ev.PenaltyPending, shown: int | None) -> Step:
        def show() -> None:
            self.state.penalty = e.amount

        return Step(e, on_done=self._log_done(e, show), hold_s=0.2)

    def _cards_drawn(self, e: ev.CardsDrawn, shown: int | None) -> Step:
        if e.reason in ("penalty", "challenge"):
            self.state.penalty = 0  # the cards waiting are being taken
        stagger = min(DRAW_STAGGER_S, DRAW_TOTAL_S / max(1, e.count))
        flights = []
        for i in range(e.count):
            card = e.cards[i] if i < len(e.cards) else None
            face = card if e.seat == shown else None
            flights.append(
                Flight(
                    PILE,
                    Spot("seat", e.seat),
                    None,
                    face,
                    delay_s=i * stagger,
                    on_land=self._lander(e.seat, card),
                )
            )
        # a short glow on the seat that draws: easy to miss across a ten-seat table
        return Step(e, flights=flights, on_done=self._log_done(e), sound="draw", pulse_seat=e.seat)

    def _turn_skipped(self, e: ev.TurnSkipped, shown: int | None) -> Step:
        def done() -> None:
            # The turn passes over the skipped seat (the start card's Skip, a Draw Two,
            # a taken penalty): mark the seat that really plays next, not the skipped one.
            st = self.state
            if st.players:
                st.current = (e.seat + st.direction) % st.players

        return Step(e, on_done=self._log_done(e, done), hold_s=0.35, pulse_seat=e.seat)

    def _direction(self, e: ev.DirectionChanged, shown: int | None) -> Step:
        def done() -> None:
            self.state.direction = e.direction

        return Step(e, on_done=self._log_done(e, done), hold_s=0.35)

    def _uno_called(self, e: ev.UnoCalled, shown: int | None) -> Step:
        def done() -> None:
            self.state.uno[e.seat] = True

        return Step(e, on_done=self._log_done(e, done), sound="uno", hold_s=0.3, pulse_seat=e.seat)

    def _uno_caught(self, e: ev.UnoCaught, shown: int | None) -> Step:
        return Step(e, on_done=self._log_done(e), sound="catch", hold_s=0.2, pulse_seat=e.target)

    def _false_catch(self, e: ev.FalseCatch, shown: int | None) -> Step:
        return Step(e, on_done=self._log_done(e), sound="wrong", hold_s=0.2, pulse_seat=e.catcher)

    def _backs_between(self, a: int, b: int, delay0: float) -> list[Flight]:
        count = min(MOVED_BACKS, max(1, len(self.state.hands[a])))
        return [
            Flight(
                Spot("seat", a),
                Spot("seat", b),
                None,
                None,
                delay_s=delay0 + i * 0.05,
                duration_s=SWAP_FLY_S,
            )
            for i in range(count)
        ]

    def _hands_moved(self, e: ev.Event, source: tuple[int, ...]) -> Step:
        """Hands change seats (a swap, a rotation): backs fly to each hand's new seat."""
        n = len(source)
        moved = [s for s in range(n) if source[s] != s]
        backs = MOVED_BACKS if len(moved) <= 2 else 3  # fewer per hand when all move
        flights: list[Flight] = []
        for seat in moved:
            flights += self._backs_between(source[seat], seat, 0.0)[:backs]

        def done() -> None:
            st = self.state
            old = st.hands
            st.hands = [old[source[s]] for s in range(n)]
            for s in moved:
                st.uno[s] = False  # moved hands are never catchable

        return Step(e, flights=flights, on_done=self._log_done(e, done), sound="shuffle")

    def _reshuffled(self, e: ev.PileReshuffled, shown: int | None) -> Step:
        st = self.state
        moving = st.discard[:-1][-MOVED_BACKS:]
        flights = [
            Flight(DISCARD, PILE, card, None, delay_s=i * 0.06, duration_s=RESHUFFLE_FLY_S)
            for i, card in enumerate(moving)
        ]
        # The cards under the top card leave the discard pile as they lift off.
        if st.discard:
            st.discard = st.discard[-1:]

        def done() -> None:
            self.state.pile_count += e.count

        return Step(e, flights=flights, on_done=self._log_done(e, done), sound="shuffle")

    def _round_ended(self, e: ev.RoundEnded, shown: int | None) -> Step:
        def done() -> None:
            self.state.round_over = True
            self.state.winner = e.winner

        return Step(
            e, on_done=self._log_done(e, done), sound="win", hold_s=0.6, pulse_seat=e.winner
        )

    def _plain(self, e: ev.Event, shown: int | None) -> Step:
        return Step(e, on_done=self._log_done(e), hold_s=0.2)
