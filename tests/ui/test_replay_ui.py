"""Watching a round again: from the round end and from Statistics, every hand face up,
played, paused and stepped by keys and clicks, and leaving goes back where it came from.
A replay never changes the statistics or the saved match."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from uno_desktop.engine import Card
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.play.replay import ReplayShelf, record_of
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.scene import SceneStack
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.scenes.replay import STEP_S, ReplayScene
from uno_desktop.ui.scenes.replays import ROWS, ReplaysScene
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services
from uno_desktop.ui.table.paint.painter import TablePainter

SIZE = (1280, 720)


@pytest.fixture
def services():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode(SIZE)
    s = build_services()
    s.clock = ManualClock()
    yield s
    set_language("en")


def show(scene, stack: SceneStack | None = None) -> SceneStack:
    stack = stack or SceneStack()
    stack.push(scene)
    stack.apply_pending()
    return stack


def click(scene, widget) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=widget.rect.center, button=1))


def key(scene, k: int) -> None:
    scene.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))


def play_round(services, seed: int = 5, players: int = 3) -> Match:
    """A computer round played to its end at a table wired as the game wires it."""
    seats = [SeatSpec(f"Bot {i}", "easy") for i in range(players)]
    match = Match(load_preset("official"), seats, seed, preset="official", clock=services.clock)
    match.start_round()
    services.scenes.table(match)  # autosave and round records, as in the game
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    return match


def at_round_end(services, match: Match) -> tuple[SceneStack, RoundEndScene]:
    end = RoundEndScene(services, match)
    stack = show(end)
    end.relayout(SIZE)
    end.finish_count()
    return stack, end


def test_watch_again_replays_the_round_and_leaving_returns_to_the_round_end(services):
    match = play_round(services)
    saved = services.storage.match_path.read_bytes()
    stack, end = at_round_end(services, match)
    counted = services.storage.stats_path.read_bytes()  # the round end counts the round
    click(end, end.watch_button)
    stack.apply_pending()
    replay = stack.top
    assert isinstance(replay, ReplayScene)
    assert replay.replay.record.round_no == 1 and replay.playing and replay.step == 0
    for _ in range(200):
        replay.update(STEP_S)
    assert replay.step == replay.replay.steps and not replay.playing
    assert replay.state.points == tuple(match.round_result().points)
    replay.draw(pygame.display.get_surface())
    key(replay, pygame.K_ESCAPE)
    stack.apply_pending()
    assert stack.top is end
    assert services.storage.match_path.read_bytes() == saved  # the replay saved nothing
    assert services.storage.stats_path.read_bytes() == counted  # and counted nothing more


def test_a_finished_round_is_kept_in_the_replays_folder_once(services):
    match = play_round(services)
    _stack, end = at_round_end(services, match)
    click(end, end.next_button)  # finish_round and the next deal: more saves
    files = ReplayShelf(services.storage).files()
    assert len(files) == 1


def test_keys_play_pause_step_and_change_speed(services):
    match = play_round(services)
    stack, end = at_round_end(services, match)
    click(end, end.watch_button)
    stack.apply_pending()
    r = stack.top
    key(r, pygame.K_SPACE)
    assert not r.playing
    key(r, pygame.K_RIGHT)
    key(r, pygame.K_RIGHT)
    assert r.step == 2
    key(r, pygame.K_LEFT)
    assert r.step == 1 and r.state == r.replay.state(1)
    key(r, pygame.K_UP)
    key(r, pygame.K_UP)
    assert r.speed == 4.0
    key(r, pygame.K_UP)
    assert r.speed == 4.0  # the fastest
    key(r, pygame.K_SPACE)
    r.update(STEP_S / 4)
    assert r.step == 2  # one step at 4x in a quarter of the time
    for _ in range(4):
        key(r, pygame.K_DOWN)
    assert r.speed == 0.5 and r.status_text().endswith("speed 0.5x")
    set_language("sv")
    assert r.status_text().endswith("fart 0,5x")
    set_language("en")
    r.update(STEP_S)
    assert r.step == 2  # half a step at 0.5x
    r.update(STEP_S)
    assert r.step == 3


def test_the_buttons_do_what_the_keys_do(services):
    match = play_round(services)
    stack, end = at_round_end(services, match)
    click(end, end.watch_button)
    stack.apply_pending()
    r = stack.top
    r.draw(pygame.display.get_surface())
    click(r, r.play_button)
    assert not r.playing
    assert not r.back_button.enabled  # nothing before the deal
    click(r, r.forward_button)
    click(r, r.forward_button)
    click(r, r.back_button)
    assert r.step == 1
    click(r, r.faster_button)
    assert r.speed == 2.0
    click(r, r.slower_button)
    click(r, r.slower_button)
    assert r.speed == 0.5 and not r.slower_button.enabled
    click(r, r.leave_button)
    stack.apply_pending()
    assert stack.top is end


def test_every_hand_is_face_up_and_the_log_follows_the_step(services):
    match = play_round(services, players=4)
    stack, end = at_round_end(services, match)
    click(end, end.watch_button)
    stack.apply_pending()
    r = stack.top
    key(r, pygame.K_SPACE)
    for _ in range(5):
        key(r, pygame.K_RIGHT)
    surface = pygame.display.get_surface()
    frame = r.frame(SIZE)
    assert [h.card for h in frame.hand] == sorted(r.state.hands[r.bottom], key=Card.sort_key)
    assert all(h.card is not None for h in frame.hand)
    r.draw(surface)
    assert r._painter.faces == tuple(tuple(sorted(h, key=Card.sort_key)) for h in r.state.hands)
    faces = surface.copy()
    TablePainter().paint(surface, frame, services.painter)  # the live table's way: backs
    other = frame.layout.seats[(r.bottom + 1) % 4].cards_rect
    pixels = [pygame.image.tobytes(s.subsurface(other), "RGB") for s in (faces, surface)]
    assert pixels[0] != pixels[1]
    lines = frame.log
    key(r, pygame.K_RIGHT)
    assert len(r.frame(SIZE).log) >= len(lines)
    key(r, pygame.K_HOME)
    assert r.step == 0 and r.frame(SIZE).log == tuple(r.log_lines())
    assert len(r.frame(SIZE).log) < len(lines) or not lines


def test_statistics_open_the_replays_list_newest_first(services):
    first = play_round(services, seed=5)
    services.clock.advance(60.0)
    second = play_round(services, seed=9)
    shelf = ReplayShelf(services.storage)
    assert len(shelf.files()) == 2
    stats = StatisticsScene(services)
    stack = show(stats)
    stats.relayout(SIZE)
    click(stats, stats.replays)
    stack.apply_pending()
    listing = stack.top
    assert isinstance(listing, ReplaysScene)
    listing.relayout(SIZE)
    ids = [row.entry.record.match_id for row in listing.rows]
    assert set(ids) == {first.match_id, second.match_id}
    times = [row.entry.record.finished_at for row in listing.rows]
    assert times == sorted(times, reverse=True)
    assert "Bot 0, Bot 1, Bot 2" in listing.rows[0].lines()[1]
    listing.draw(pygame.display.get_surface())
    key(listing, pygame.K_RETURN)  # the newest row has the focus
    stack.apply_pending()
    assert isinstance(stack.top, ReplayScene)
    key(stack.top, pygame.K_ESCAPE)
    stack.apply_pending()
    assert stack.top is listing
    key(listing, pygame.K_DOWN)  # the arrows go down the list
    key(listing, pygame.K_RETURN)
    stack.apply_pending()
    assert stack.top.replay.record.match_id == ids[1]
    key(stack.top, pygame.K_ESCAPE)
    stack.apply_pending()
    listing.draw(pygame.display.get_surface())  # the list as read again
    click(listing, listing.rows[0])
    stack.apply_pending()
    assert stack.top.replay.record.match_id == ids[0]


def test_a_record_damaged_since_the_list_was_made_gets_a_message(services):
    play_round(services)
    stack = show(ReplaysScene(services))
    listing = stack.top
    listing.relayout(SIZE)
    path = listing.rows[0].entry.path
    path.write_text("{")
    click(listing, listing.rows[0])
    stack.apply_pending()
    message = stack.top
    assert isinstance(message, MessageScene)
    assert path.name in message.text() and "not JSON" in message.text()
    assert not path.exists()
    click(message, message.ok)
    stack.apply_pending()
    assert stack.top is listing and listing.rows == [] and len(listing.listing) == 0


def test_the_replays_list_reads_only_the_records_on_its_page(services, monkeypatch):
    import uno_desktop.play.replay as replay_module

    match = play_round(services)
    base = record_of(match)
    shelf = ReplayShelf(services.storage)
    for i in range(3 * ROWS + 2):
        shelf.keep(dataclasses.replace(base, match_id=f"m{i}"))
    shelf.files()[-ROWS - 1].write_text("{")  # the first record of page two is damaged
    real = replay_module.read_record
    read: list[str] = []
    monkeypatch.setattr(
        replay_module, "read_record", lambda path: read.append(path.name) or real(path)
    )

    stack = show(ReplaysScene(services))
    listing = stack.top
    listing.relayout(SIZE)
    assert len(read) == ROWS
    assert [r.entry.record.match_id for r in listing.rows] == [f"m{i}" for i in range(19, 13, -1)]
    key(listing, pygame.K_PAGEDOWN)
    assert len(read) == 2 * ROWS + 1  # page two, the damaged record, one more
    assert [r.entry.record.match_id for r in listing.rows] == [f"m{i}" for i in range(12, 6, -1)]
    assert "cannot be shown" in services.storage.take_notices()[0]
    key(listing, pygame.K_PAGEUP)
    assert len(read) == 2 * ROWS + 1  # a page seen once is not read again
    assert listing.pages == 4  # 20 usable records (with the round played at the table)


def test_a_replay_opened_first_leaves_to_the_title(services):
    play_round(services)
    path = ReplayShelf(services.storage).files()[0]
    stack = show(services.scenes.open_replay(path))
    assert isinstance(stack.top, ReplayScene)
    replay = stack.top
    key(replay, pygame.K_ESCAPE)
    stack.update(0.1)  # a frame goes by before the change is made
    stack.apply_pending()
    assert isinstance(stack.top, TitleScene) and len(stack.scenes) == 1


@pytest.mark.parametrize("size", [(800, 500), (1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "sv"])
def test_the_replay_and_its_list_fit_every_window(services, size, lang):
    set_language(lang)
    match = play_round(services, players=6)
    stack, end = at_round_end(services, match)
    click(end, end.watch_button)
    stack.apply_pending()
    pygame.display.set_mode(size)
    for scene in (stack.top, ReplaysScene(services)):
        scene.relayout(size)
        assert scene.layout_problems() == []
        scene.draw(pygame.display.get_surface())


def test_the_command_line_replay_is_the_first_screen(services):
    from uno_desktop.ui.launch import WindowOptions, first_scene

    play_round(services)
    path = ReplayShelf(services.storage).files()[0]
    scene = first_scene(services, WindowOptions(replay=str(path)), smoke=False)
    assert isinstance(scene, ReplayScene) and scene.playing


def test_a_round_whose_preset_changed_or_went_still_replays_and_says_so(services):
    import json

    play_round(services)
    path = ReplayShelf(services.storage).files()[0]
    doc = json.loads(path.read_text())
    for preset, words in (
        ("family", "was changed after this round"),
        ("gone-since", "cannot be found"),
    ):
        doc["data"]["preset"] = preset
        path.write_text(json.dumps(doc))
        scene = services.scenes.open_replay(path)
        assert isinstance(scene, ReplayScene)
        notices = services.storage.take_notices()
        assert len(notices) == 1 and preset in notices[0] and words in notices[0]
    doc["data"]["preset"] = "official"
    path.write_text(json.dumps(doc))
    services.scenes.open_replay(path)
    assert services.storage.take_notices() == []


def _replay_with_a_seat_named_you(services) -> ReplayScene:
    """A recorded heads-up round (seed 4: "You" wins, is made to draw 2 and is caught
    without UNO), at its last step."""
    from tests.view.rounds import play_round as play_people
    from uno_desktop.play.replay import Replay, record_of

    seats = [SeatSpec("You", "human"), SeatSpec("Computer 1", "human")]
    match = Match(load_preset("official"), seats, 4, preset="official", clock=ManualClock())
    match.start_round()
    for _action in play_people([match], 4):
        pass
    scene = ReplayScene(services, Replay(record_of(match)), autoplay=False)
    show(scene)
    scene.go(scene.replay.steps)
    return scene


def _every_line(scene: ReplayScene) -> set[str]:
    """Every line the replay's log showed, step by step (it keeps only the last ones)."""
    lines: set[str] = set()
    for step in range(scene.replay.steps + 1):
        scene.go(step)
        lines.update(scene.log_lines())
    return lines


def test_a_replay_speaks_to_the_seat_named_you_in_the_second_person(services):
    scene = _replay_with_a_seat_named_you(services)
    lines = _every_line(scene)
    assert any(line.startswith("You play ") for line in lines)
    assert "Computer 1 catches you without UNO!" in lines
    assert not [line for line in lines if line.startswith(("You plays", "You draws", "You is"))]
    assert scene.frame(SIZE).toast == "You win the round!"


def test_a_replay_speaks_to_the_seat_named_you_in_swedish_too(services):
    scene = _replay_with_a_seat_named_you(services)
    set_language("sv")
    lines = _every_line(scene)
    assert "Dator 1 ertappar dig utan UNO!" in lines
    assert any(line.endswith("väntar på dig.") for line in lines)
    assert not [line for line in lines if "ertappar Du" in line or "på Du" in line]
    assert scene.frame(SIZE).toast == "Du vinner rundan!"
