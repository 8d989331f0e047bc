"""The table's shown state: the seat view when quiet, and flights that land on it.

Between two quiet moments the table plays each event as a step (cards in flight, then
what changes when they land); when the queue is empty it takes the seat's `SeatView`.
Played through whole rounds, the landed steps always arrive at the seat view.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.view.rounds import NAMES, people, play_round
from uno_desktop.engine import Card, build_deck
from uno_desktop.play.match import Match
from uno_desktop.ui.table.shown import ShownState, ShownTable


def _shown(state: ShownState) -> tuple[object, ...]:
    """What the table shows of the round but the cards' faces."""
    return (
        tuple(len(hand) for hand in state.hands),
        tuple(state.discard),
        state.pile_count,
        state.active_color,
        state.direction,
        tuple(state.uno),
        state.round_over,
        state.winner,
    )


def _faces(state: ShownState, seat: int) -> Counter[Card]:
    return Counter(c for c in state.hands[seat] if c is not None)


def _land_everything(view: ShownTable, viewer: int | None) -> None:
    while (step := view.next_step(viewer)) is not None:
        for flight in step.flights:
            if flight.on_land is not None:
                flight.on_land()
        if step.on_done is not None:
            step.on_done()


@pytest.mark.parametrize(("preset", "players", "seed"), [("party", 4, 8), ("swedish", 3, 6)])
def test_every_landed_step_arrives_at_the_seat_view(preset, players, seed):
    match: Match = people(preset, players, seed)
    viewer = 1
    view = ShownTable(NAMES[:players], len(build_deck(match.rules.deck)), you=viewer)
    events, pos = match.events_since(None, viewer)
    view.feed(events)
    _land_everything(view, viewer)
    for _action in play_round([match], seed):
        events, pos = match.events_since(pos, viewer)
        view.feed(events)
        _land_everything(view, viewer)
        landed, faces = _shown(view.state), _faces(view.state, viewer)
        view.sync(match.seat_view(viewer))
        assert landed == _shown(view.state)
        # a face shown is a card held (a hand received shows backs till the sync)
        assert not faces - _faces(view.state, viewer)


def test_the_shown_state_after_a_sync_is_the_seat_view():
    match = people("family", 3, 2)
    for _action, _n in zip(play_round([match], 2), range(30)):
        pass
    seat_view = match.seat_view(2)
    view = ShownTable(NAMES[:3], 108)
    view.sync(seat_view, match.totals)
    st = view.state
    assert st.hands[2] == list(seat_view.hand)
    assert [len(h) for h in st.hands] == list(seat_view.hand_sizes)
    assert st.top_card == seat_view.top_card and st.current == seat_view.current
    # an observation is read as the seat view it makes
    other = ShownTable(NAMES[:3], 108)
    other.sync(match.observation(2), match.totals)
    assert _shown(other.state) == _shown(st) and other.state.hands == st.hands
