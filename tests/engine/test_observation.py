"""An observation holds only what its seat may know (no bot can cheat)."""

from __future__ import annotations

import random

from uno_desktop.engine import Color, Draw, Phase, events

from .helpers import deal, play, snapshot


def test_the_observation_holds_the_public_facts_and_the_own_hand() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R9 R8", dealer=2)
    obs = game.observation(0)
    assert obs.seat == 0
    assert obs.players == 3
    assert [c.code for c in obs.hand] == ["R1", "R2", "R3"]
    assert obs.hand_sizes == (3, 3, 3)
    assert obs.draw_pile_size == 2
    assert [c.code for c in obs.discard_pile] == ["G5"]
    assert obs.top_card.code == "G5"
    assert obs.active_color is Color.GREEN
    assert obs.direction == 1
    assert obs.current == 0
    assert obs.dealer == 2
    assert obs.phase is Phase.PLAY
    assert obs.pending_draw == 0
    assert obs.pending_kind is None
    assert not obs.can_challenge
    assert obs.drawn_card is None
    assert obs.uno_declared == (False, False, False)
    assert obs.catchable is None
    assert obs.scores == (0, 0, 0)


def test_two_games_differing_only_in_hidden_cards_look_the_same_to_a_seat() -> None:
    a = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R9 R8 B1 B4")
    b = deal(["R1 R2 R3", "B6 B8 Y9", "Y4 B1 R7"], start="G5", pile="B4 R4 Y8 Y6")
    assert a.observation(0) == b.observation(0)
    for game in (a, b):
        game.apply(Draw(1))  # an unplayable card in both games: the turn passes
        game.apply(Draw(2))
    assert a.observation(0) == b.observation(0)
    assert a.observation(1) != b.observation(1)


def test_history_hides_other_seats_drawn_cards() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R9 R8")
    game.apply(Draw(1))
    others = [e for e in game.observation(0).history if isinstance(e, events.CardsDrawn)]
    assert all(e.cards == () for e in others if e.seat != 0)
    assert [e.count for e in others if e.seat == 1] == [3, 1]
    own = [e for e in game.observation(1).history if isinstance(e, events.CardsDrawn)]
    assert [e.cards for e in own if e.seat == 1][-1][0].code == "R9"


def test_the_drawn_card_is_shown_only_to_its_drawer() -> None:
    game = deal(["R1 R2 R3", "B7 B2 B3", "Y1 Y2 Y3"], start="G5", pile="G9")
    game.apply(Draw(1))
    assert game.observation(1).drawn_card.code == "G9"
    assert game.observation(0).drawn_card is None
    assert game.observation(0).phase is Phase.DRAWN


def test_pending_penalty_and_uno_declarations_are_public() -> None:
    game = deal(["R1 R2", "W4 B2", "Y1 Y2"], start="G5", pile="R9 R8 R7 R6")
    game.apply(play(1, "W4", "B", uno=True))
    obs = game.observation(0)
    assert obs.pending_draw == 4
    assert obs.pending_kind == "W4"
    assert obs.uno_declared == (False, True, False)
    assert not obs.can_challenge
    assert game.observation(2).can_challenge


def test_an_observation_is_a_copy_that_the_game_does_not_change() -> None:
    game = deal(["R1 R2 R3", "G7 B2 B3", "Y1 Y2 Y3"], start="G5", pile="R9 R8")
    obs = game.observation(0)
    kept = (obs.hand, obs.hand_sizes, obs.discard_pile, obs.history)
    game.apply(play(1, "G7"))
    assert (obs.hand, obs.hand_sizes, obs.discard_pile, obs.history) == kept


def test_a_clone_is_independent_of_the_original_including_its_shuffles() -> None:
    def game_at_reshuffle():
        g = deal(["G1 G2 R3", "G6 G7 B2", "G8 G9 Y3"], start="G5", seed=11)
        for a in (play(1, "G6"), play(2, "G8"), play(0, "G1")):
            g.apply(a)
        return g  # seat 1 now draws from a reshuffled pile

    untouched = game_at_reshuffle()
    game = game_at_reshuffle()
    clone = game.clone()
    clone.apply(Draw(1))
    assert snapshot(game) == snapshot(untouched)
    game.apply(Draw(1))
    untouched.apply(Draw(1))
    assert game.hands == untouched.hands
    assert game.draw_pile == untouched.draw_pile


def test_a_clone_given_its_own_rng_uses_it() -> None:
    g = deal(["G1 G2 R3", "G6 G7 B2", "G8 G9 Y3"], start="G5")
    rng = random.Random(5)
    assert g.clone(rng).rng is rng


def test_a_clone_copies_every_field_of_the_game() -> None:
    g = deal(["G1 G2 R3", "G6 G7 B2", "G8 G9 Y3"], start="G5", seed=3)
    g.apply(play(1, "G6"))
    clone = g.clone()
    fresh = {"log", "actions", "record", "_ev", "rng"}  # a clone records nothing
    for name in type(g).__slots__:
        if name not in fresh:
            assert getattr(clone, name) == getattr(g, name), name
    for name in ("_hands", "_pile", "_discard", "declared"):
        assert getattr(clone, name) is not getattr(g, name), name
