"""Privacy at the wire: a phone is sent exactly the same messages whatever the cards it
may not see. Two matches play the same round in lockstep: a real one, and one whose
per-seat views come from a game where every card the viewer may not see (other hands,
the draw pile, others' drawn cards, a hand shown to somebody else) is another card,
drawn afresh at every call (`DisguisedMatch`, the table's privacy tests use it too).
Every message each phone seat would be sent must be identical in both."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from uno_desktop.engine import Card, Game, build_deck
from uno_desktop.engine.actions import Challenge, Play
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset

from ..ui.test_privacy import twin_matches
from .helpers import dealt_deck, phone_table


def person(match: Match, seat: int, rng: random.Random) -> Any:
    """What a person at `seat` does now: plays (a special card gladly), challenges
    sometimes, else draws, keeps or takes."""
    legal = match.legal_actions(seat)
    if any(type(a) is Challenge for a in legal) and rng.random() < 0.5:
        return Challenge(seat)
    plays = [a for a in legal if type(a) is Play]
    if plays and rng.random() < 0.9:
        return rng.choice(plays)
    others = [a for a in legal if type(a) is not Play and a.seat == seat]
    return rng.choice(others) if others else None


@pytest.mark.parametrize(
    ("preset", "kinds", "seed"),
    [
        ("official", ["human", "human", "normal"], 1),
        ("swedish", ["human", "easy", "human"], 2),
        ("party", ["human", "human", "normal", "easy"], 3),
        ("family", ["human", "human"], 4),
    ],
)
def test_a_phone_is_sent_the_same_whatever_the_cards_it_may_not_see(preset, kinds, seed):
    set_language("en")
    real, disguised = twin_matches(preset, kinds, seed)
    phones = [s for s, k in enumerate(kinds) if k == "human"]
    t_real, w_real = phone_table(real, phones)
    t_dis, w_dis = phone_table(disguised, phones)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    for _step in range(3000):
        if real.round_over:
            break
        due = real.next_due_s()
        if due is None:  # a person decides
            seat = real.observation(None).current
            action = person(real, seat, rng)
            assert action is not None
            real.act(action)
            disguised.act(action)
        else:
            for m in (real, disguised):
                m.clock.advance(max(0.0, due - m.clock.now_s()))  # type: ignore[attr-defined]
                m.poll()
        t_real.pump()
        t_dis.pump()
        assert w_real.sent == w_dis.sent
    assert real.round_over
    for _seat, text in w_real.sent:
        state = json.loads(text)
        seen["states"] += state["type"] == "state"
        seen["drawn"] += bool(state.get("drawn"))
        seen["shown"] += bool(state.get("shown"))
    assert seen["states"] > 20, seen


def test_two_deals_that_differ_only_in_hidden_cards_send_a_phone_the_same_messages():
    """Whole matches, not views: the same hand and start card for Ann, every other card
    (the others' hands, the draw pile) shuffled differently. Until a hidden card can show
    (a computer moves), Ann's phone must be sent the same bytes, even while Ann plays."""
    set_language("en")
    rules = load_preset("official")
    ann = ["R5", "R7", "G7", "B3", "Y9", "W", "G2"]
    sent = []
    for seed in (1, 2, 3):
        match = Match(
            rules,
            [SeatSpec("Ann", "human"), SeatSpec("Bo", "normal"), SeatSpec("Cy", "normal")],
            5,
            clock=ManualClock(),
        )
        match.start_round()
        pool = build_deck(rules.deck)
        for card in [*ann, "R1"]:
            pool.remove(Card.parse(card))
        random.Random(seed).shuffle(pool)
        hands = [ann, [c.code for c in pool[:7]], [c.code for c in pool[7:14]]]
        deck = dealt_deck(rules, hands, "R1", dealer=2, draws=[c.code for c in pool[14:]])
        match.game = Game.new(rules, 3, dealer=2, deck=deck, rng=random.Random(9))
        table, wire = phone_table(match, [0])
        table.pump()
        match.act(Play(0, Card.parse("R5")))  # Ann's turn: nothing hidden shows yet
        table.pump()
        sent.append(wire.sent)
    assert len(sent[0]) == 3  # the words, the state, the state after Ann's play
    assert sent[0] == sent[1] == sent[2]
