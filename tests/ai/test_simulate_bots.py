"""`uno-desktop simulate --bots ...`: bot matches with rotating seats and Wilson intervals."""

from __future__ import annotations

from uno_desktop.cli import main
from uno_desktop.engine import RuleSet
from uno_desktop.play.simulate import simulate_bots, wilson_interval


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


def test_a_bot_drawing_more_from_its_rng_does_not_change_the_next_deals(monkeypatch):
    from uno_desktop.ai.easy import EasyBot
    from uno_desktop.engine import Game

    def deals_seen() -> list[int]:
        seen: list[int] = []
        real_new = Game.new

        def spy(rules, players, seed=None, dealer=0):
            seen.append(seed)
            return real_new(rules, players, seed=seed, dealer=dealer)

        monkeypatch.setattr(Game, "new", staticmethod(spy))
        simulate_bots(RuleSet(), ["easy", "easy"], 4, seed=7)
        monkeypatch.undo()
        return seen

    plain = deals_seen()
    real_choose = EasyBot.choose

    def greedy_for_numbers(self, observation, legal_actions, rng):
        rng.random()  # one extra draw every decision
        return real_choose(self, observation, legal_actions, rng)

    monkeypatch.setattr(EasyBot, "choose", greedy_for_numbers)
    hungrier = deals_seen()
    assert len(plain) == 4 and hungrier == plain
