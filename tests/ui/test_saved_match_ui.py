"""The window never loses a saved match: New game asks before replacing it, a match that
cannot be rebuilt is set aside with what to do, a changed preset is told, a second window
leaves the first one's match alone, and the command line refuses to replace it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pygame
import pytest

from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset
from uno_desktop.store.paths import user_presets_dir
from uno_desktop.store.storage import Storage
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.match_end import MatchEndScene
from uno_desktop.ui.scenes.message import ContinueOrReplaceScene, MessageScene
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = build_services()
    s.clock = ManualClock()
    return s


def show(scene, stack: SceneStack | None = None) -> SceneStack:
    stack = stack or SceneStack()
    stack.push(scene)
    stack.apply_pending()
    scene.relayout(SIZE)
    return stack


def click(scene, widget) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=widget.rect.center, button=1))


def saved_match(services, preset: str = "official") -> Match:
    seats = [SeatSpec("Ann", "human"), SeatSpec("Bot", "easy")]
    match = Match(load_preset(preset), seats, seed=5, preset=preset, clock=services.clock)
    match.start_round()
    services.storage.save_match(match.to_dict())
    return match


def press_start(services) -> tuple[SceneStack, NewGameScene]:
    title = TitleScene(services)
    stack = show(title)
    new_game = NewGameScene(services)
    show(new_game, stack)
    click(new_game, new_game.start_button)
    stack.apply_pending()
    return stack, new_game


# ----------------------------------------------------------------------------- New game


def test_new_game_start_asks_before_replacing_a_saved_match(services):
    waiting = saved_match(services)
    stack, _new_game = press_start(services)
    assert isinstance(stack.top, ContinueOrReplaceScene)
    assert services.storage.load_match()["match_id"] == waiting.match_id


def test_continue_it_resumes_the_saved_match(services):
    waiting = saved_match(services)
    stack, _new_game = press_start(services)
    question = stack.top
    question.relayout(SIZE)
    click(question, question.ok)
    stack.apply_pending()
    assert type(stack.top).__name__ == "TableScene"
    assert services.match.match_id == waiting.match_id
    assert [type(s).__name__ for s in stack.scenes] == ["TitleScene", "TableScene"]


def test_replace_it_starts_the_new_match_in_its_place(services):
    waiting = saved_match(services)
    stack, new_game = press_start(services)
    question = stack.top
    question.relayout(SIZE)
    click(question, question.replace_button)
    stack.apply_pending()
    assert type(stack.top).__name__ == "TableScene"
    assert services.match.match_id != waiting.match_id
    assert services.storage.load_match()["match_id"] == services.match.match_id
    assert len(services.match.seats) == new_game.n_players


def test_escape_on_the_question_goes_back_to_new_game_and_keeps_the_match(services):
    waiting = saved_match(services)
    stack, new_game = press_start(services)
    stack.top.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    stack.apply_pending()
    assert stack.top is new_game
    assert services.storage.load_match()["match_id"] == waiting.match_id


def test_back_on_the_question_goes_back_to_new_game_and_keeps_the_match(services):
    waiting = saved_match(services)
    stack, new_game = press_start(services)
    question = stack.top
    question.relayout(SIZE)
    assert question.layout_problems() == []
    click(question, question.back_button)
    stack.apply_pending()
    assert stack.top is new_game
    assert services.storage.load_match()["match_id"] == waiting.match_id


def test_new_game_without_a_saved_match_starts_at_once(services):
    stack, _new_game = press_start(services)
    assert type(stack.top).__name__ == "TableScene"


# ----------------------------------------------------------------------------- Continue


def continue_from_title(services) -> SceneStack:
    title = TitleScene(services)
    stack = show(title)
    click(title, title.continue_button)
    stack.apply_pending()
    return stack


def message_text(scene: MessageScene) -> str:
    return scene.text() if callable(scene.text) else str(scene.text)


def test_continue_on_a_round_at_the_move_limit_shows_it_ended_blocked(services):
    # The computers' next move is the round's 20,000th: the round ends blocked, no crash.
    from ..long_round import long_round_doc

    services.storage.save_match(long_round_doc())
    stack = continue_from_title(services)
    table = stack.top
    assert type(table).__name__ == "TableScene"
    for _frame in range(400):
        if type(stack.top).__name__ == "RoundEndScene":
            break
        services.clock.advance(0.1)
        stack.top.update(0.1)
        stack.apply_pending()
    assert type(stack.top).__name__ == "RoundEndScene"
    assert services.match.game.blocked and services.match.game.winner is None


def test_a_match_whose_preset_is_gone_is_set_aside_and_the_player_told_what_to_do(services):
    folder = user_presets_dir()
    folder.mkdir(parents=True)
    (folder / "grandma.yaml").write_text("extends: family\nuno_penalty: 3\n")
    match = saved_match(services, "grandma")
    first_layout = {
        "preset": "grandma",
        "overrides": {},
        "seats": [{"name": s.name, "kind": s.kind} for s in match.seats],
        "seed": match.seed,
        "round_no": 1,
        "dealers": [match.dealer],
        "totals": [0, 0],
        "round_history": [],
        "rounds": [[]],
    }
    services.storage.match_path.write_text(
        json.dumps({"schema": "saved_match", "version": 1, "data": first_layout})
    )
    (folder / "grandma.yaml").unlink()

    stack = continue_from_title(services)

    assert isinstance(stack.top, MessageScene)
    text = message_text(stack.top)
    kept = sorted(services.storage.data_dir.glob("saved_match.broken-*.json"))
    assert len(kept) == 1 and kept[0].name in text
    assert '"grandma"' in text and "grandma.yaml" in text and "saved_match.json" in text
    assert json.loads(kept[0].read_text())["data"] == first_layout  # nothing lost
    assert services.storage.load_match() is None


def test_an_edited_preset_is_told_and_the_match_keeps_its_rules(services):
    folder = user_presets_dir()
    folder.mkdir(parents=True)
    (folder / "grandma.yaml").write_text("extends: family\nuno_penalty: 3\n")
    saved_match(services, "grandma")
    (folder / "grandma.yaml").write_text("extends: family\nuno_penalty: 0\n# edited\n")

    stack = continue_from_title(services)

    assert type(stack.top).__name__ == "TableScene"
    assert services.match.rules.uno_penalty == 3
    notices = services.storage.take_notices()
    assert any('"grandma" was changed after this match began (uno_penalty)' in n for n in notices)


def test_a_match_finished_twice_is_counted_once(services):
    match = saved_match(services)
    match.round_history = [(10, 0)] * 50
    match.totals = [500, 0]
    stack = SceneStack()
    show(MatchEndScene(services, match), stack)
    show(MatchEndScene(services, match), stack)  # a replayed finish after a crash
    stats = services.storage.load_stats()
    assert stats.player("Ann").matches == 1
    assert not services.storage.has_saved_match()


# ----------------------------------------------------------------------------- two windows


def test_a_second_window_hides_continue_and_leaves_the_first_ones_match(services):
    saved_match(services)
    before = services.storage.match_path.read_bytes()
    services.storage.acquire_lock()  # this window is the first one
    second = build_services()
    second.clock = ManualClock()
    assert second.storage.read_only
    title = TitleScene(second)
    show(title)
    assert not title.continue_button.visible
    new_game = NewGameScene(second)
    stack = show(new_game)
    click(new_game, new_game.start_button)
    stack.apply_pending()
    assert type(stack.top).__name__ == "TableScene"  # it may play, saving nothing
    second.match.poll()
    assert services.storage.match_path.read_bytes() == before


# ----------------------------------------------------------------------------- command line


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "uno_desktop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


def a_saved_match_on_disk() -> bytes:
    match = Match(load_preset("family"), [SeatSpec("Ann", "human"), SeatSpec("Bo", "easy")], 3)
    match.start_round()
    storage = Storage()
    storage.save_match(match.to_dict())
    return storage.match_path.read_bytes()


def test_the_command_line_refuses_to_replace_a_saved_match_and_says_how_to_continue():
    before = a_saved_match_on_disk()
    result = run_cli("--preset", "family", "--players", "3", "--exit-after-first-frame")
    assert result.returncode == 2
    assert "a match is saved (family, 2 players, round 1)" in result.stderr
    assert "choose Continue" in result.stderr and "--replace" in result.stderr
    assert "Traceback" not in result.stderr
    assert Storage().match_path.read_bytes() == before


def test_the_command_line_replaces_a_saved_match_when_told_to():
    before = a_saved_match_on_disk()
    result = run_cli(
        "--preset", "family", "--players", "3", "--replace", "--exit-after-first-frame"
    )
    assert result.returncode == 0, result.stderr
    doc = Storage().load_match()
    assert doc is not None and len(doc["seats"]) == 3
    assert Storage().match_path.read_bytes() != before


def test_a_screenshot_never_touches_the_saved_match(tmp_path):
    before = a_saved_match_on_disk()
    shot = tmp_path / "table.png"
    result = run_cli("--preset", "family", "--players", "3", "--screenshot", str(shot))
    assert result.returncode == 0, result.stderr
    assert shot.exists()
    assert Storage().match_path.read_bytes() == before


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--players", "0"], "argument --players: expected a whole number from 2 to 10; got 0"),
        (["simulate", "--games", "-5"], "argument --games: expected a whole number from 1"),
        (["--screenshot", "/no/such/folder/x.png"], "the folder /no/such/folder does not exist"),
        (["simulate", "--preset", "no/such/preset.yaml"], "no/such/preset.yaml: no such preset"),
    ],
    ids=["players_0", "games_negative", "screenshot_folder", "preset_missing"],
)
def test_bad_command_line_numbers_get_a_clear_message_not_a_traceback(args, says):
    result = run_cli(*args)
    assert result.returncode == 2
    assert says in result.stderr
    assert "Traceback" not in result.stderr


def test_a_file_that_is_not_a_preset_is_named_and_quoted_at_most_one_line(tmp_path):
    not_a_preset = tmp_path / "passwd"
    not_a_preset.write_text("root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1:daemon:/usr/sbin\n")
    result = run_cli("simulate", "--preset", str(not_a_preset))
    assert result.returncode == 2
    assert "passwd" in result.stderr
    assert "expected options as 'key: value'" in result.stderr
    assert "daemon" not in result.stderr
    assert "Traceback" not in result.stderr


def test_simulating_rules_that_go_round_in_circles_ends_in_a_clear_error(tmp_path):
    preset = tmp_path / "circles.yaml"
    preset.write_text(
        'deck:\n  "1": 1\n  "2": 1\ndraw: until_playable\nhand_size: 1\nplayers:\n  max: 2\n'
    )
    result = run_cli("simulate", "--preset", str(preset), "--players", "2", "--games", "50")
    assert result.returncode == 2
    assert "play can go round in circles" in result.stderr
    assert "Traceback" not in result.stderr
