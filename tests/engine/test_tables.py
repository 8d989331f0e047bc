"""What the engine builds once per rule set belongs to that rule set, and stays bounded."""

from __future__ import annotations

from uno_desktop.engine import OFFICIAL, Game, RuleSet
from uno_desktop.engine import game as game_module
from uno_desktop.engine import tables as tables_module


def test_games_of_one_rule_set_share_its_tables() -> None:
    a = Game.new(OFFICIAL, 4, seed=1)
    b = Game.new(OFFICIAL, 4, seed=2)
    assert a._t is b._t
    assert a.clone()._t is a._t
    assert Game.new(OFFICIAL, 3, seed=1)._t is not a._t  # one per table size


def test_tables_are_kept_for_a_bounded_number_of_rule_sets() -> None:
    for k in range(3 * tables_module.TABLES_KEPT):
        Game.new(RuleSet(name=f"house {k}", hand_size=1 + k % 7), 3, seed=k)
    assert len(tables_module.TABLES) <= tables_module.TABLES_KEPT


def test_a_game_plays_on_after_its_tables_have_left_the_cache() -> None:
    rules = RuleSet(name="short-lived", jump_in=True)
    game = Game.new(rules, 4, seed=3)
    for k in range(tables_module.TABLES_KEPT):
        Game.new(RuleSet(name=f"other {k}"), 2, seed=k)
    assert all(kept is not rules for kept, _ in tables_module.TABLES.values())  # evicted
    while not game.is_over:  # the game keeps its own tables and plays on
        acts = game.legal_actions(game.current)
        game.apply(acts[0])


def test_the_shuffle_plans_kept_are_bounded() -> None:
    assert game_module._shuffle_plan.cache_info().maxsize is not None
