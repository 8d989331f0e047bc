"""A seat's view is the live game as that seat may know it, field by field, at every step.

Whole seeded rounds of people are played action by action (every rule set, two and four
seats); after each action every seat's `SeatView` is checked against the live `Game`
(read here only, never by the view): the hand, every hand's size, the piles, colour,
direction, turn, phase, UNO, who may be caught, the penalty and its cards, the question
and its actions, the legal actions (exactly `Match.legal_actions`), the private results
and the round's end.
"""

from __future__ import annotations

import enum
import json
from collections import Counter
from dataclasses import fields, is_dataclass

import pytest

from uno_desktop.engine import (
    Action,
    CallUno,
    Card,
    CatchUno,
    Color,
    Game,
    Phase,
    Play,
    actions,
    parse_cards,
)
from uno_desktop.engine import events as ev
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.view import Ask, NewsKind, SeatView, ask_of_plays, seat_view
from uno_desktop.view.fold import fold_history

from .rounds import EVERY_FEATURE, features_of_rounds, people, play_round

ROUNDS = [
    ("official", 2, 1),
    ("official", 4, 2),
    ("family", 2, 3),
    ("family", 4, 4),
    ("swedish", 2, 5),
    ("swedish", 4, 6),
    ("party", 2, 7),
    ("party", 4, 8),
    ("party", 4, 9),
]

_ASKED = {Phase.PLAY: Ask.TURN, Phase.DRAWN: Ask.DRAWN, Phase.PENALTY: Ask.PENALTY}
_VALUE = {"D2": 2, "W4": 4}


Hands = tuple[tuple[Card, ...], ...]


def check_view(match: Match, seat: int | None, before: Hands = (), first_new: int = 0) -> None:
    """`seat`'s view against the live game. `before` is every hand before the last
    action, whose events start at `first_new` in the log."""
    game = match.game
    assert game is not None
    view = match.seat_view(seat)
    assert view.viewer == seat
    assert view.players == game.players and view.dealer == game.dealer
    assert view.hand == (game.hand(seat) if seat is not None else ())
    assert view.hand_sizes == tuple(len(h) for h in game.hands)
    assert view.draw_pile_size == len(game.draw_pile)
    assert view.discard == game.discard_pile and view.top_card == game.top_card
    assert view.active_color is game.active_color
    assert view.direction == game.direction
    assert view.current == game.current
    assert view.phase is game.phase and view.round_over == game.is_over
    assert view.uno_declared == tuple(
        game.declared[s] and len(game.hands[s]) == 1 for s in range(game.players)
    )
    assert view.catchable == game.catchable
    # the penalty waiting, and the stacked cards that make it
    if game.phase is Phase.PENALTY:
        penalty = view.penalty
        assert penalty is not None
        assert penalty.seat == game.current and penalty.total == game.pending
        assert penalty.kind == game.pending_kind == penalty.cards[-1].rank
        assert sum(_VALUE[c.rank] for c in penalty.cards) == game.pending
        assert penalty.can_challenge == game.challengeable
    else:
        assert view.penalty is None
    # what it may do, and what it is asked
    legal = match.legal_actions(seat) if seat is not None else []
    assert list(view.legal) == legal
    asked = Ask.NOTHING
    if seat == game.current and game.phase in _ASKED:
        asked = _ASKED[game.phase]
    assert view.question.ask is asked
    assert list(view.question.actions) == [a for a in legal if type(a) not in (CallUno, CatchUno)]
    assert view.drawn_card == (
        game.drawn_card if seat == game.current and game.phase is Phase.DRAWN else None
    )
    # the round's end
    assert view.winner == game.winner and view.points == tuple(game.points)
    assert view.blocked == bool(game.blocked)
    if seat is not None:
        check_news(view, game, seat, before, first_new)
    else:
        assert view.news == ()


def check_news(view: SeatView, game: Game, seat: int, before: Hands, first_new: int) -> None:
    """Every private result addressed to `seat`, in order, with its cards."""
    log = game.log
    due = [
        i
        for i, e in enumerate(log)
        if (isinstance(e, ev.CardsDrawn) and e.seat == seat and e.reason != "deal")
        or (isinstance(e, ev.ChallengeResolved) and e.challenger == seat)
        or (isinstance(e, ev.HandsSwapped) and seat in (e.a, e.b))
        or isinstance(e, ev.HandsRotated)
    ]
    assert [n.at for n in view.news] == due
    for news in view.news:
        e = log[news.at]
        if isinstance(e, ev.CardsDrawn):
            assert (news.kind, news.cards, news.reason) == (NewsKind.DREW, e.cards, e.reason)
        elif isinstance(e, ev.ChallengeResolved):
            assert (news.kind, news.seat, news.cards) == (NewsKind.SHOWN, e.offender, e.hand)
        else:
            assert news.kind is NewsKind.RECEIVED
            if isinstance(e, ev.HandsSwapped):
                assert news.seat == (e.b if seat == e.a else e.a)
            else:
                assert news.seat == (seat - e.direction) % game.players
    received = [n for n in view.news if n.kind is NewsKind.RECEIVED]
    assert all(n.cards == () for n in received[:-1])  # hands passed on since: not seen now
    if received and received[-1].at >= first_new and not _changed_after(log, received[-1].at):
        # a hand that came with the last action: what its giver held just before
        last = received[-1]
        giver = last.seat
        assert giver is not None
        held = Counter(before[giver])
        held.subtract(
            e.card
            for e in log[first_new : last.at]
            if isinstance(e, ev.CardPlayed) and e.seat == giver
        )
        assert Counter(last.cards) == +held


def _changed_after(log: list[ev.Event], at: int) -> bool:
    """Whether any hand changed in the log after the event at `at`."""
    return any(
        isinstance(e, ev.CardsDrawn | ev.CardPlayed | ev.HandsSwapped | ev.HandsRotated)
        for e in log[at + 1 :]
    )


@pytest.mark.parametrize(("preset", "players", "seed"), ROUNDS)
def test_every_seats_view_is_the_live_game_at_every_step(preset, players, seed):
    match = people(preset, players, seed)
    game = match.game
    assert game is not None
    for seat in [None, *range(players)]:
        check_view(match, seat)
    before, first_new = game.hands, len(game.log)
    for _action in play_round([match], seed):
        for seat in [None, *range(players)]:
            check_view(match, seat, before, first_new)
        before, first_new = game.hands, len(game.log)
    assert match.round_over


def test_the_rounds_cover_every_rule_the_view_reads():
    seen = features_of_rounds(ROUNDS)
    assert set(seen) >= EVERY_FEATURE, seen


def test_the_fold_leaves_the_table_the_observation_shows():
    for preset, players, seed in ROUNDS[:4]:
        match = people(preset, players, seed)
        for _action in play_round([match], seed):
            for seat in range(players):
                obs = match.observation(seat)
                folded = fold_history(obs.history, players)
                assert folded.sizes == obs.hand_sizes
                assert folded.active is obs.active_color
                assert folded.top == obs.top_card
                assert folded.direction == obs.direction


# ------------------------------------------------------------------ the questions


def _table(hands: list[list[str]], preset: str = "swedish", start: str = "R5") -> Match:
    from tests.ai.helpers import stacked_deck

    rules = load_preset(preset).replace(hand_size=len(hands[0]))
    n = len(hands)
    match = Match(rules, [SeatSpec(f"P{i}", "human") for i in range(n)], 1, clock=ManualClock())
    match.start_round()
    deck = stacked_deck(rules, hands, start, dealer=n - 1)
    match.game = Game.new(rules, n, dealer=n - 1, deck=deck)
    return match


def test_a_wild_asks_for_its_colour_from_the_plays_the_rules_offer():
    match = _table([["W", "R1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    view = match.seat_view(0)
    wild = Card.parse("W")
    assert view.question.ask is Ask.TURN
    assert view.colors_for(wild) == (Color.RED, Color.YELLOW, Color.GREEN, Color.BLUE)
    assert view.colors_for(Card.parse("R1")) == ()
    assert view.targets_for(wild) == ()
    asked = view.question_after(wild)
    assert asked is not None and asked.ask is Ask.COLOR
    assert {a.color for a in asked.actions if type(a) is Play} == set(view.colors_for(wild))
    assert view.question_after(wild, Color.BLUE) is None  # nothing left to ask


def test_a_wild_swap_hands_asks_for_its_colour_then_whom_to_swap_with():
    match = _table([["WS", "R1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    view = match.seat_view(0)
    swap = Card.parse("WS")
    first = view.question_after(swap)
    assert first is not None and first.ask is Ask.COLOR
    second = view.question_after(swap, Color.GREEN)
    assert second is not None and second.ask is Ask.TARGET
    assert view.targets_for(swap, Color.GREEN) == (1, 2)
    assert all(type(a) is Play and a.color is Color.GREEN for a in second.actions)


def test_a_seven_under_seven_zero_asks_only_whom_to_swap_with():
    match = _table([["R7", "R1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]], "party")
    view = match.seat_view(0)
    seven = Card.parse("R7")
    assert view.colors_for(seven) == ()
    assert view.targets_for(seven) == (1, 2)
    asked = view.question_after(seven)
    assert asked is not None and asked.ask is Ask.TARGET


def test_plays_of_one_card_that_differ_only_by_uno_ask_nothing_more():
    plays = [Play(0, Card.parse("R5")), Play(0, Card.parse("R5"), uno=True)]
    assert ask_of_plays(plays) is None
    assert ask_of_plays([Play(0, Card.parse("R5")), Play(0, Card.parse("G5"))]) is None
    assert ask_of_plays([*plays, actions.Draw(0)]) is None


def test_nobody_at_the_screen_sees_no_hand_no_news_and_is_asked_nothing():
    match = people("party", 4, 3)
    for _action, _n in zip(play_round([match], 3), range(60)):
        view = match.seat_view(None)
        assert view.viewer is None and view.hand == () and view.news == ()
        assert view.legal == () and view.question.ask is Ask.NOTHING
        assert view.drawn_card is None


def test_the_challenger_is_shown_the_offenders_hand():
    match = _table([["W4", "R1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]], "official")
    match.act(Play(0, Card.parse("W4"), Color.GREEN))
    view = match.seat_view(1)
    assert view.penalty is not None and view.penalty.can_challenge
    assert view.question.ask is Ask.PENALTY
    match.act(actions.Challenge(1))
    shown = [n for n in match.seat_view(1).news if n.kind is NewsKind.SHOWN]
    assert [(n.seat, sorted(c.code for c in n.cards)) for n in shown] == [(0, ["B2", "R1"])]
    assert not [n for n in match.seat_view(2).news if n.kind is NewsKind.SHOWN]


def test_a_swapped_hand_is_news_with_the_cards_received():
    match = _table([["WS", "R1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    match.act(Play(0, Card.parse("WS"), Color.BLUE, 2))
    got = match.seat_view(0).news[-1]
    assert got.kind is NewsKind.RECEIVED and got.seat == 2
    assert got.cards == tuple(parse_cards(["Y1", "Y2", "Y3"]))
    gave = match.seat_view(2).news[-1]
    assert gave.kind is NewsKind.RECEIVED and gave.seat == 0
    assert gave.cards == tuple(parse_cards(["R1", "G2"]))
    assert match.seat_view(1).news == ()  # Bo's hand did not move


def test_news_since_a_place_leaves_out_what_came_before():
    match = _table([["WS", "R1", "G2"], ["B1", "B2", "B3"], ["Y1", "Y2", "Y3"]])
    match.act(Play(0, Card.parse("WS"), Color.BLUE, 2))
    view = match.seat_view(0)
    at = view.news[-1].at
    assert view.news_since(at) == view.news[-1:]
    assert view.news_since(at + 1) == ()


# ------------------------------------------------------------------ a plain value


def _plain(value: object) -> bool:
    if value is None or isinstance(value, bool | int | str | enum.Enum | Card):
        return True
    if isinstance(value, tuple):
        return all(_plain(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        params = getattr(type(value), "__dataclass_params__")  # noqa: B009
        return params.frozen and all(_plain(getattr(value, f.name)) for f in fields(value))
    return False


def _json(value: object) -> object:
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json(getattr(value, f.name)) for f in fields(value)}
    return value


def test_a_seat_view_is_a_frozen_value_of_plain_parts_that_turns_into_json():
    match = people("party", 4, 8)
    for _action in play_round([match], 8):
        for seat in (None, 0, 2):
            view, again = match.seat_view(seat), match.seat_view(seat)
            assert _plain(view)
            assert view == again and hash(view) == hash(again)
            json.dumps(_json(view))


def test_a_seat_view_is_built_from_an_observation_alone():
    match = people("family", 3, 2)
    obs = match.observation(1)
    legal: list[Action] = match.legal_actions(1)
    assert seat_view(obs, legal) == match.seat_view(1)
