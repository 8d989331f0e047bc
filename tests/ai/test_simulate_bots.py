"""`uno-desktop simulate --bots ...`: bot matches with rotating seats and Wilson intervals."""

from __future__ import annotations

from uno_desktop.cli import main
from uno_desktop.engine import RuleSet
from uno_desktop.simulate import simulate_bots, wilson_interval


def test_wilson_interval_brackets_the_rate_and_narrows_with_more_games():
    lo, hi = wilson_interval(55, 100)
    assert lo < 0.55 < hi
    lo2, hi2 = wilson_interval(2200, 4000)
    assert hi2 - lo2 < hi - lo
    assert abs(lo2 - 0.5346) < 0.001 and abs(hi2 - 0.5652) < 0.001


def test_every_game_has_one_winner_counted_per_bot_and_per_seat():
    res = simulate_bots(RuleSet(), ["normal", "easy", "normal"], 9, seed=3)
    assert sum(res.wins) + res.blocked == 9
    assert sum(res.seat_wins) == sum(res.wins)
    assert len(res.points) == 3


def test_the_cli_prints_win_rates_with_intervals(capsys):
    assert main(["simulate", "--bots", "normal,easy", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert "95% CI (Wilson)" in out and "normal" in out and "easy" in out


def test_the_cli_rejects_an_unknown_bot_level(capsys):
    assert main(["simulate", "--bots", "normal,expert", "--games", "1"]) == 2
    assert "expert" in capsys.readouterr().err
