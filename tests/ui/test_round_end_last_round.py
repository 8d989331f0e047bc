"""The round end's button says what comes next as the match decides it: a match that
reaches its last allowed round ends there even with nobody at the target score, so the
button reads "See the match result", not "Next round"."""

from __future__ import annotations

from tests.test_match_resume import late_match
from uno_desktop.play.match import MAX_MATCH_ROUNDS, ManualClock, run_round_headless
from uno_desktop.ui.kit import text_of
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.round_end import RoundEndScene


def _round_end_button(services, rounds: int) -> str:
    match = late_match(rounds)
    clock = ManualClock()
    match.clock = clock
    match._reset_timing()
    run_round_headless(match, clock)
    assert match.round_over and max(match.totals) < match.rules.target_score
    scene = RoundEndScene(services, match)
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    return text_of(scene.next_button.text)


def test_the_last_allowed_round_ends_the_match_below_the_target_score(services):
    assert _round_end_button(services, MAX_MATCH_ROUNDS) == "See the match result"


def test_a_round_before_the_last_one_goes_on_to_the_next(services):
    assert _round_end_button(services, MAX_MATCH_ROUNDS - 1) == "Next round"
