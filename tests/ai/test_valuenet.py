"""The neural judge of four-player playouts reads the hands it is given, and only those."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from importlib import resources

import pytest

from uno_desktop.ai import HardBot, make_bot, netweights, valuenet
from uno_desktop.ai.hard import NET_VALUE
from uno_desktop.ai.netweights import read_weights
from uno_desktop.ai.search import table_value
from uno_desktop.engine import Game, RuleSet
from uno_desktop.rules.presets import load_preset

from .helpers import stacked_deck


def _positions(rules: RuleSet, games: int):
    normal = make_bot("normal")
    for seed in range(games):
        rng = random.Random(seed)
        game = Game.new(rules, 4, seed=seed)
        while not game.is_over:
            yield game.clone()
            seat = game.current
            game.apply(normal.choose(game.observation(seat), game.legal_actions(seat), rng))
        yield game


def _plain_features(game: Game, seat: int) -> list[float]:
    """The 26 numbers of `valuenet.features`, read off one hand at a time."""
    n, cur, d = game.players, game.current, game.direction
    hand = game.hand(seat)
    size = len(hand)
    off = ((seat - cur) * d) % n
    top, active = game.top_card, game.active_color

    def plays(c):
        return c.is_wild or active is None or c.color is active or c.rank == top.rank

    can = any(plays(c) for c in hand)
    before = game.hand((seat - d) % n)
    hits_before = sum(1 for c in before if c.rank in ("S", "D2"))
    fours_before = sum(1 for c in before if c.rank == "W4")
    mover_hits = any(
        c.rank == "W4" or (c.rank in ("S", "D2") and (c.color is active or c.rank == top.rank))
        for c in game.hand(cur)
    )
    colors = len({c.color for c in hand if c.color is not None})
    hits = sum(1 for c in hand if c.rank in ("S", "D2"))
    return [
        float(x)
        for x in (
            size,
            math.log(size + 0.5),
            sum(1 for c in hand if c.is_wild and c.rank != "W4"),
            sum(1 for c in hand if c.rank == "W4"),
            sum(1 for c in hand if c.rank in ("S", "R", "D2")),
            off == 1,
            off == 2,
            off == 3,
            *(can and off == k for k in range(4)),
            size == 1,
            size == 1 and off == 0 and can,
            colors,
            (size == 1) * hits_before,
            (size == 2) * hits_before,
            (size <= 2) * fours_before,
            size == 1 and off == 1 and mover_hits,
            size <= 2 and off == 1 and mover_hits,
            sum(1 for c in hand if c.color is active) if active is not None else 0,
            size == 1 and hand[0].is_wild,
            (off == 0) * sum(1 for c in hand if plays(c)),
            (game.hand_size((seat + d) % n) <= 2) * hits,
            (size == 1) * colors,
            (size == 2) * colors,
        )
    ]


@pytest.mark.parametrize("preset", ["official", "swedish"])
def test_the_nets_numbers_are_what_reading_each_hand_gives(preset):
    rules = load_preset(preset)
    games = [g for i, g in enumerate(_positions(rules, 3)) if i % 3 == 0 and not g.is_over]
    feats = valuenet.features([valuenet.encode(g) for g in games])
    assert len(feats) == len(games)
    for g, f in zip(games, feats):
        assert [len(seat) for seat in f] == [valuenet.FEATURES] * 4
        for k in range(4):
            seat = (g.current + k * g.direction) % 4
            assert list(f[k]) == pytest.approx(_plain_features(g, seat)), (g.top_card, k)


@pytest.mark.parametrize("preset", ["official", "swedish", "party"])
def test_the_plain_python_net_gives_what_the_numpy_net_gave(preset):
    import numpy as np  # in the test extras; the game runs without it

    from . import valuenet_numpy

    games = [g for g in _positions(load_preset(preset), 12) if not g.is_over]
    positions = [valuenet.encode(g) for g in games]
    assert len(positions) > 500
    weights = read_weights(valuenet.FEATURES, valuenet.SEATS)
    assert np.array(valuenet.features(positions)) == pytest.approx(
        valuenet_numpy.features(positions), abs=0
    )
    want = valuenet_numpy.chances(positions, weights)
    got = np.array(valuenet.chances(positions))
    assert np.abs(got - want).max() < 1e-12


def test_the_weights_fit_the_net():
    w = read_weights(valuenet.FEATURES, valuenet.SEATS)
    assert len(w.w1) == 4 * valuenet.FEATURES + 4
    assert all(len(row) == len(w.b1) == len(w.w2) == 8 for row in w.w1)
    assert len(w.mu) == len(w.sd) == valuenet.FEATURES


def _weights_doc(**change):
    w = read_weights(valuenet.FEATURES, valuenet.SEATS)
    doc = {"W1": [list(r) for r in w.w1], "B1": list(w.b1), "W2": list(w.w2)}
    doc |= {"MU": list(w.mu), "SD": list(w.sd)}
    doc.update(change)
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    "data, message",
    [
        (b"x" * (netweights.MAX_BYTES + 1), "over 65536 bytes"),
        (b'{"W1": [\n  1,\n', "w.json, line 3: not JSON"),
        (b"[1, 2]", "expected an object"),
        (b"\xff\xfe", "not UTF-8"),
        (_weights_doc(B1=[0.1] * 7), "key W1 row 0 has 8 numbers (expected 7)"),
        (_weights_doc(W1=[[0.0] * 8] * 107), "key W1 must be a list of 108 rows"),
        (_weights_doc(W2=[0.0] * 9), "key W2 has 9 numbers (expected 8)"),
        (_weights_doc(MU=[0.0] * 25), "key MU has 25 numbers (expected 26)"),
        (_weights_doc(SD=[1.0] * 25 + [0.0]), "key SD must hold numbers above zero"),
        (_weights_doc(SD=[1.0] * 25 + ["1"]), "key SD must be a list of finite numbers"),
        (_weights_doc(B1=[]), "key B1 has 0 numbers"),
        (_weights_doc(W2=[float("nan")] * 8), "key W2 must be a list of finite numbers"),
    ],
)
def test_a_damaged_weights_file_is_refused_naming_the_file_and_the_key(data, message):
    with pytest.raises(netweights.WeightsError) as e:
        netweights.parse_weights(data, valuenet.FEATURES, valuenet.SEATS, "w.json")
    assert str(e.value).startswith("w.json")
    assert message in str(e.value)


def test_the_shipped_weights_file_reads_as_it_parses():
    raw = resources.files("uno_desktop.ai").joinpath(netweights.FILE_NAME).read_bytes()
    assert len(raw) < netweights.MAX_BYTES
    read = read_weights(valuenet.FEATURES, valuenet.SEATS)
    assert read == netweights.parse_weights(raw, valuenet.FEATURES, valuenet.SEATS, "x")


def test_the_hard_bot_judges_four_seats_with_numpy_unavailable():
    code = (
        "import sys; sys.modules['numpy'] = None\n"  # any import of numpy now fails
        "import random\n"
        "from uno_desktop.ai import HardBot, make_bot\n"
        "from uno_desktop.ai.hard import NET_VALUE\n"
        "from uno_desktop.engine import Game, RuleSet\n"
        "game = Game.new(RuleSet(hand_size=3), 4, seed=5)\n"
        "HardBot().prepare(4)\n"
        "print(round(sum(NET_VALUE(game, s) for s in range(4)), 9))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "1.0"


def test_the_net_gives_each_seat_a_chance_and_they_add_up_to_one():
    games = [g for i, g in enumerate(_positions(RuleSet(), 2)) if i % 5 == 0 and not g.is_over]
    chances = [NET_VALUE.many(games, s) for s in range(4)]
    for i in range(len(games)):
        row = [chances[s][i] for s in range(4)]
        assert all(0.0 < p < 1.0 for p in row)
        assert abs(sum(row) - 1.0) < 1e-9


def test_the_net_fears_a_wild_draw_four_in_the_hand_before_a_seat_on_one_card():
    rules = RuleSet(hand_size=2)

    def chance_of_seat_1(mover_holds: str) -> float:
        # Seat 0 moves (nothing of its plays on R7 but maybe the W4); seat 1 waits on one card.
        hands = [[mover_holds, "G5"], ["B2", "B9"], ["Y2", "Y3"], ["G1", "G2"]]
        game = Game.new(rules, 4, dealer=3, deck=stacked_deck(rules, hands, "R7", dealer=3))
        game._hands[1].pop()  # seat 1 is on one card
        return NET_VALUE(game, 1)

    assert chance_of_seat_1("W4") < chance_of_seat_1("Y8")


def test_a_round_over_is_won_or_lost_and_other_tables_use_the_simpler_value():
    over = next(g for g in _positions(RuleSet(), 1) if g.is_over)
    assert NET_VALUE(over, over.winner) == 1.0
    assert NET_VALUE(over, (over.winner + 1) % 4) == 0.0
    game = Game.new(RuleSet(), 3, seed=4)
    assert NET_VALUE(game, 0) == table_value(game, 0)


def test_the_net_judges_many_positions_at_once_as_it_judges_each_alone():
    games = [g for i, g in enumerate(_positions(RuleSet(), 2)) if i % 3 == 0 or g.is_over]
    assert any(g.is_over for g in games) and len(games) > 20
    for me in range(4):
        together = NET_VALUE.many(games, me)
        assert together == pytest.approx([NET_VALUE(g, me) for g in games], abs=1e-12)


def test_a_hard_bot_loads_the_net_only_when_seated_at_four(monkeypatch):
    import uno_desktop.ai.hard as hard_mod

    warmed: list[int] = []
    for players in (2, 3, 4, 5, 10):
        monkeypatch.setattr(hard_mod, "warm", lambda players=players: warmed.append(players))
        HardBot().prepare(players)
    assert warmed == [4]  # no other table is judged by the net


def test_the_hard_bot_judges_its_table_playouts_by_the_net(monkeypatch):
    import uno_desktop.ai.hard as hard_mod

    judges = []
    real = hard_mod.search_table

    def spy(*args, **kwargs):
        judges.append(kwargs["judge"])
        return real(*args, **kwargs)

    monkeypatch.setattr(hard_mod, "search_table", spy)
    hard, rng = HardBot(), random.Random(0)
    for game in _positions(RuleSet(), 1):
        if game.is_over or len(judges) >= 3:
            continue
        seat = game.current
        hard.choose(game.observation(seat), game.legal_actions(seat), rng)
    assert judges and all(j is NET_VALUE for j in judges)
