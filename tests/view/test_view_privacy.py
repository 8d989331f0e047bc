"""A seat's view and its narration depend on nothing that seat may not see.

Two matches play the same seeded rounds in lockstep: a real one, and the privacy tests'
`DisguisedMatch`, whose per-seat answers come from a game in which every card the
viewer may not see (other hands, the draw pile, other seats' drawn cards, a hand shown
to somebody else) is another card, drawn afresh at every call. After every action, each
seat (and nobody) must get equal `SeatView`s and equal words: every log line, every big
moment, every challenge result. Two and four seats; official, family and party
(stacking, jump-in, 7-0) and swedish (Wild Swap Hands).
"""

from __future__ import annotations

import pytest

from tests.ui.test_privacy import DisguisedMatch
from uno_desktop.engine import Card
from uno_desktop.engine import events as ev
from uno_desktop.play.match import FeedPos, Match
from uno_desktop.view.narration import challenge_result_text, log_lines, moment

from .rounds import EVERY_FEATURE, NAMES, features_of_rounds, people, play_round

ROUNDS = [
    ("official", 2, 11),
    ("official", 4, 12),
    ("family", 2, 13),
    ("family", 4, 14),
    ("swedish", 2, 15),
    ("swedish", 4, 16),
    ("party", 2, 17),
    ("party", 4, 18),
]


class Told:
    """What the narration has said to `viewer` of `match`'s round: `more()` words the
    events since the last call (each event once, where it happens; the top card it is
    told on carried along), so a round of n actions costs n, not n squared."""

    def __init__(self, match: Match, viewer: int | None) -> None:
        self.match = match
        self.viewer = viewer
        self.pos: FeedPos | None = None
        self.top: Card | None = None

    def more(self) -> list[str]:
        names = NAMES[: self.match.players]
        events, self.pos = self.match.events_since(self.pos, self.viewer)
        out = log_lines(events, names, self.viewer)
        for e in events:
            said = moment(e, self.top, names, self.viewer)
            if said is not None:
                out += [said.title, said.line]
            if isinstance(e, ev.CardPlayed | ev.StartCardFlipped):
                self.top = e.card
            if isinstance(e, ev.ChallengeResolved):
                out.append(challenge_result_text(e, 4, self.viewer, names))
        return out


@pytest.mark.parametrize(("preset", "players", "seed"), ROUNDS)
def test_a_seat_sees_the_same_view_and_words_whatever_it_may_not_see(preset, players, seed):
    real = people(preset, players, seed)
    disguised = people(preset, players, seed, DisguisedMatch)
    viewers = [None, *range(players)]
    told = {v: (Told(real, v), Told(disguised, v)) for v in viewers}
    differed = 0
    for _action in [None, *play_round([real, disguised], seed)]:
        for viewer in viewers:
            assert real.seat_view(viewer) == disguised.seat_view(viewer), viewer
            said_real, said_disguised = told[viewer]
            assert said_real.more() == said_disguised.more(), viewer
            twin = disguised._game_for(viewer)
            differed += twin.hands != real.game.hands  # type: ignore[union-attr]
    assert real.round_over and disguised.round_over
    assert differed > 0  # the disguise hid something to be found


def test_the_disguised_rounds_cover_swaps_rotations_stacks_jump_ins_and_challenges():
    seen = features_of_rounds(ROUNDS)
    assert set(seen) >= EVERY_FEATURE, seen
