"""One seat's view of the round as one value: what it may know now and what it is asked.

`seat_view(observation, legal_actions)` is the fold every screen shares: the table, the
round end, a replay and the phone page read a `SeatView` instead of interpreting
events themselves. The observation gives the table now; its history,
folded (`fold.fold_history`), gives the penalty's cards, the private results addressed
to the seat and the round's end; the legal actions give the question. A `SeatView` is a
frozen dataclass of plain values (ints, strings, tuples, cards, colours, enums,
actions): two are compared with ==, and it turns into JSON field by field.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import assert_never

from uno_desktop.engine import Action, CallUno, Card, CatchUno, Color, Observation, Phase, Play

from .fold import Challenged, Drew, Fact, HandsMoved, Kept, Played, fold_history

__all__ = [
    "Ask",
    "News",
    "NewsKind",
    "Penalty",
    "Question",
    "SeatView",
    "ask_of_plays",
    "jump_ins",
    "seat_view",
]


class Ask(enum.StrEnum):
    """What a seat is asked."""

    NOTHING = "nothing"  # not its decision now (it may still jump in, say UNO, catch)
    TURN = "turn"  # its turn: play a card or draw
    DRAWN = "drawn"  # play the card it just drew, or keep it
    PENALTY = "penalty"  # take the cards waiting, stack a card on them, or challenge
    COLOR = "color"  # which colour goes with the wild card it chose
    TARGET = "target"  # whom to swap hands with, for the card (and colour) it chose


@dataclass(frozen=True, slots=True)
class Question:
    """A question and the legal actions that answer it (UNO calls and catches aside: they
    are open whatever is asked, in `SeatView.legal`)."""

    ask: Ask
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class Penalty:
    """Cards waiting for `seat`: `total` of them, `cards` the Draw Twos and Wild Draw
    Fours stacked to make it (first played first), `kind` the one on top."""

    seat: int
    total: int
    kind: str  # "D2" or "W4"
    cards: tuple[Card, ...]
    can_challenge: bool  # the Wild Draw Four on top may be challenged by `seat`


class NewsKind(enum.StrEnum):
    """The kinds of private result."""

    DREW = "drew"  # cards the seat drew (`cards`; `reason` says why)
    SHOWN = "shown"  # the hand of `seat`, shown to the seat that challenged it
    RECEIVED = "received"  # a hand that came from `seat` by a swap or a rotation


@dataclass(frozen=True, slots=True)
class News:
    """A private result addressed to the viewer. `at` is its event's place in the round's
    history (a reader shows what came after the place it last showed: `news_since`).

    For RECEIVED, `cards` are the hand as received when it is the hand held now (read
    back from it); a hand received before and passed on since shows no cards.
    """

    kind: NewsKind
    at: int
    seat: int | None  # whose hand was shown or received; None for a draw
    cards: tuple[Card, ...]
    reason: str = ""  # for DREW: draw | penalty | uno | challenge | false_catch | custom


@dataclass(frozen=True, slots=True)
class SeatView:
    """What `viewer` may know now (None: what every seat may know, e.g. the big screen)."""

    viewer: int | None
    players: int
    dealer: int
    hand: tuple[Card, ...]  # the viewer's hand; () for nobody
    hand_sizes: tuple[int, ...]
    draw_pile_size: int
    discard: tuple[Card, ...]  # bottom first; the top card is last
    active_color: Color | None  # None until a wild start card's colour is named
    direction: int  # +1 clockwise (seat numbers increase), -1 counter-clockwise
    current: int
    phase: Phase
    uno_declared: tuple[bool, ...]  # by seat: holds one card and has said UNO
    catchable: int | None  # the seat that may be caught without UNO now
    penalty: Penalty | None
    drawn_card: Card | None  # the viewer's drawn card, while it may play it
    question: Question
    legal: tuple[Action, ...]  # everything the viewer may do now
    news: tuple[News, ...]  # every private result of this round addressed to the viewer
    scores: tuple[int, ...]  # the match totals before this round
    winner: int | None  # once the round is over (None also for a blocked round)
    points: tuple[int, ...]  # this round's points by seat; zeros until it is over
    blocked: bool  # the round ended with nobody able to play

    @property
    def top_card(self) -> Card:
        return self.discard[-1]

    @property
    def round_over(self) -> bool:
        return self.phase is Phase.OVER

    def plays_of(self, card: Card, color: Color | None = None) -> tuple[Play, ...]:
        """The viewer's legal plays of `card` (of those, the ones naming `color` if given)."""
        return tuple(
            a
            for a in self.legal
            if type(a) is Play and a.card == card and (color is None or a.color is color)
        )

    @property
    def jump_ins(self) -> frozenset[Card]:
        """The viewer's cards it may jump in with now (played out of turn)."""
        return jump_ins(self.legal, self.current)

    def colors_for(self, card: Card) -> tuple[Color, ...]:
        """The colours a play of `card` may name, in the order offered; () when it names none."""
        return tuple(dict.fromkeys(p.color for p in self.plays_of(card) if p.color is not None))

    def targets_for(self, card: Card, color: Color | None = None) -> tuple[int, ...]:
        """The seats a play of `card` (naming `color`) may swap hands with; () for none."""
        plays = self.plays_of(card, color)
        return tuple(sorted({p.target for p in plays if p.target is not None}))

    def question_after(self, card: Card, color: Color | None = None) -> Question | None:
        """What choosing `card` (and `color`) asks next: its colour, then whom to swap
        with; None when nothing is left to ask (or the card cannot be played)."""
        plays = self.plays_of(card, color)
        ask = ask_of_plays(plays)
        return Question(ask, plays) if ask is not None else None

    def news_since(self, at: int) -> tuple[News, ...]:
        """The private results from the history's place `at` on."""
        return tuple(n for n in self.news if n.at >= at)


def jump_ins(legal: Sequence[Action], current: int) -> frozenset[Card]:
    """The cards of the legal plays in `legal` by a seat that is not `current`: jump-ins."""
    return frozenset(a.card for a in legal if type(a) is Play and a.seat != current)


def ask_of_plays(plays: Sequence[Action]) -> Ask | None:
    """What a choice among the plays of one card leaves to ask: Ask.COLOR when they name
    several colours, Ask.TARGET when they swap with several seats, else None (also for
    plays of several cards, or anything that is not only plays)."""
    cards = set()
    colors = set()
    targets = set()
    for a in plays:
        if type(a) is not Play:
            return None
        cards.add(a.card)
        colors.add(a.color)
        targets.add(a.target)
    if len(cards) != 1:
        return None
    if len(colors) > 1:
        return Ask.COLOR
    if len(targets) > 1:
        return Ask.TARGET
    return None


_ASKED = {Phase.PLAY: Ask.TURN, Phase.DRAWN: Ask.DRAWN, Phase.PENALTY: Ask.PENALTY}


def seat_view(obs: Observation, legal: Sequence[Action] = ()) -> SeatView:
    """The view of the seat whose observation `obs` is (seat -1: nobody; see
    `redaction.public_observation`), with its legal actions `legal`."""
    viewer = obs.seat if obs.seat >= 0 else None
    folded = fold_history(obs.history, obs.players)
    penalty = None
    if obs.phase is Phase.PENALTY and obs.pending_kind is not None:
        penalty = Penalty(
            obs.current, obs.pending_draw, obs.pending_kind, folded.stack, folded.challengeable
        )
    ended = folded.ended
    return SeatView(
        viewer=viewer,
        players=obs.players,
        dealer=obs.dealer,
        hand=obs.hand,
        hand_sizes=obs.hand_sizes,
        draw_pile_size=obs.draw_pile_size,
        discard=obs.discard_pile,
        active_color=obs.active_color,
        direction=obs.direction,
        current=obs.current,
        phase=obs.phase,
        uno_declared=obs.uno_declared,
        catchable=obs.catchable,
        penalty=penalty,
        drawn_card=obs.drawn_card,
        question=_question(obs, viewer, legal),
        legal=tuple(legal),
        news=_news(folded.facts, viewer, obs.hand) if viewer is not None else (),
        scores=obs.scores,
        winner=ended.winner if ended is not None else None,
        points=ended.points if ended is not None else (0,) * obs.players,
        blocked=ended.blocked if ended is not None else False,
    )


def _question(obs: Observation, viewer: int | None, legal: Sequence[Action]) -> Question:
    answers = tuple(a for a in legal if type(a) is not CallUno and type(a) is not CatchUno)
    if viewer is not None and viewer == obs.current and obs.phase in _ASKED:
        return Question(_ASKED[obs.phase], answers)
    return Question(Ask.NOTHING, answers)  # out of turn: the jump-ins open, if any


def _news(facts: Sequence[Fact], viewer: int, hand: tuple[Card, ...]) -> tuple[News, ...]:
    """The private results addressed to `viewer` (its own deal aside: that is its hand)."""
    news: list[News] = []
    received = -1  # the place in `news` of the last hand received
    since: Counter[Card] = Counter()  # cards played less cards drawn since then
    for f in facts:
        match f:
            case Drew(seat=seat, cards=cards, reason=reason) if seat == viewer and cards:
                since.subtract(cards)
                if reason != "deal":
                    news.append(News(NewsKind.DREW, f.at, None, cards, reason))
            case Played(seat=seat, card=card) if seat == viewer:
                since[card] += 1
            case Challenged(challenger=challenger, hand=shown) if challenger == viewer and shown:
                news.append(News(NewsKind.SHOWN, f.at, f.offender, shown))
            case HandsMoved(source=source) if source[viewer] != viewer:
                received = len(news)
                since = Counter()
                news.append(News(NewsKind.RECEIVED, f.at, source[viewer], ()))
            case Drew() | Played() | Challenged() | HandsMoved() | Kept():
                pass
            case _:
                assert_never(f)
    if received >= 0:
        # The hand held now is the one received, plus the cards drawn since, less the
        # cards played since.
        got = Counter(hand)
        got.update(since)
        cards = tuple(sorted(got.elements(), key=Card.sort_key))
        last = news[received]
        news[received] = News(last.kind, last.at, last.seat, cards)
    return tuple(news)
