"""The app loop: drawing only when needed, queued scene changes, F11, the crash guard,
and the command line's window options."""

from __future__ import annotations

import os
import subprocess
import sys

import pygame
import pytest

from uno_desktop.play.match import ManualClock
from uno_desktop.ui.app import App
from uno_desktop.ui.scene import Scene
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import build_services

SIZE = (1280, 720)


class Probe(Scene):
    """Counts draws; can be told to fail."""

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.draws = 0
        self.fail = fail
        self.events: list[int] = []

    def handle_event(self, event: pygame.event.Event) -> bool:
        self.events.append(event.type)
        return True

    def update(self, dt_s: float) -> None:
        if self.fail:
            raise RuntimeError("probe failure")

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1


@pytest.fixture
def app():
    services = build_services()
    services.clock = ManualClock()
    a = App(services)
    a.open_window(SIZE)
    pygame.event.clear()
    yield a


def test_an_idle_frame_draws_nothing(app):
    probe = Probe()
    app.start(probe)
    app.step(1 / 60)
    app.step(1 / 60)
    app.step(1 / 60)
    assert probe.draws == 1


def test_a_dirty_scene_is_drawn_again(app):
    probe = Probe()
    app.start(probe)
    app.step(1 / 60)
    probe.dirty = True
    app.step(1 / 60)
    assert probe.draws == 2


def test_scene_changes_are_applied_at_the_end_of_the_frame(app):
    first, second = Probe(), Probe()
    app.start(first)
    first.stack.push(second)
    assert app.stack.top is first
    app.step(1 / 60)
    assert app.stack.top is second


def test_events_reach_the_top_scene(app):
    probe = Probe()
    app.start(probe)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    app.step(1 / 60)
    assert pygame.KEYDOWN in probe.events


def test_quit_event_stops_the_loop(app):
    app.start(Probe())
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.run(max_frames=5, fixed_dt_s=1 / 60) == 0
    assert not app.running


class Bank:
    """A sound bank that remembers how it was made and what it played."""

    def __init__(self, volume: float, music_volume: float = 0.0) -> None:
        self.volume, self.music_volume = volume, music_volume
        self.made_with = (volume, music_volume)
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


@pytest.fixture
def banks(monkeypatch) -> list[Bank]:
    """Every sound bank the services open, in order (no audio device is touched)."""
    made: list[Bank] = []

    def make(volume: float, music_volume: float = 0.0) -> Bank:
        made.append(Bank(volume, music_volume))
        return made[-1]

    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", make)
    return made


def test_the_sound_bank_is_opened_after_the_first_frame(banks):
    a = App(build_services(use_storage=False))
    a.open_window(SIZE)
    a.start(Probe())
    assert banks == []  # the first frame waits for no audio device
    a.run(max_frames=1, fixed_dt_s=1 / 60)
    assert len(banks) == 1 and a.frames_drawn == 1
    a.run(max_frames=3, fixed_dt_s=1 / 60)
    assert len(banks) == 1


def test_a_sound_before_the_bank_is_opened_opens_it_with_the_volumes_set_meanwhile(banks):
    services = build_services(use_storage=False)
    services.sounds.volume = 0.3
    services.sounds.music_volume = 0.2
    services.sounds.play("deal")
    assert [(bank.made_with, bank.played) for bank in banks] == [((0.3, 0.2), ["deal"])]
    services.sounds.volume = 0.6
    services.open_sounds()  # already open: nothing more is made
    assert len(banks) == 1 and banks[0].volume == services.sounds.volume == 0.6


def f11(kind: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=pygame.K_F11, mod=0, unicode="", scancode=68)


def test_f11_switches_full_screen_in_the_settings_when_let_go(app):
    app.start(Probe())
    pygame.event.post(f11(pygame.KEYDOWN))
    app.step(1 / 60)
    assert app.services.settings.fullscreen is False
    pygame.event.post(f11(pygame.KEYUP))
    app.step(1 / 60)
    assert app.services.settings.fullscreen is True


def test_a_held_f11_repeating_switches_full_screen_once(app):
    """The window changes under the held key: pygame repeats the press until it is let
    go, and each repeat used to switch full screen again (on, off, on, ...)."""
    app.start(Probe())
    for _ in range(4):
        pygame.event.post(f11(pygame.KEYDOWN))
        app.step(1 / 60)
    pygame.event.post(f11(pygame.KEYUP))
    app.step(1 / 60)
    assert app.services.settings.fullscreen is True
    pygame.event.post(f11(pygame.KEYUP))  # a release with no press in this window
    app.step(1 / 60)
    assert app.services.settings.fullscreen is True


def test_a_window_resize_redraws_every_scene(app):
    probe = Probe()
    app.start(probe)
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600))
    app.step(1 / 60)
    assert probe.draws == 2


def test_a_crash_writes_a_report_and_shows_a_friendly_message(app):
    app.start(Probe(fail=True))
    app.step(1 / 60)
    assert isinstance(app.stack.top, MessageScene)
    assert app.last_crash_report is not None and app.last_crash_report.is_file()


def test_the_crash_report_carries_the_running_match(app):
    from uno_desktop.play.match import Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    match = Match(load_preset("official"), [SeatSpec("A", "easy"), SeatSpec("B", "easy")], 77)
    match.start_round()
    app.services.session_for(match)
    app.start(Probe(fail=True))
    app.step(1 / 60)
    text = app.last_crash_report.read_text(encoding="utf-8")
    assert '"seed": 77' in text


def test_the_crash_message_leads_back_to_the_title(app):
    app.start(Probe(fail=True))
    app.step(1 / 60)
    message = app.stack.top
    app.step(1 / 60)  # draw: places the button
    rect = message.ok.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rect.center, button=1))
    app.step(1 / 60)
    assert isinstance(app.stack.top, TitleScene)


def test_a_strict_app_lets_the_exception_through():
    services = build_services()
    a = App(services, strict=True)
    a.open_window(SIZE)
    a.start(Probe(fail=True))
    with pytest.raises(RuntimeError):
        a.step(1 / 60)


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run(
        [sys.executable, "-m", "uno_desktop", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )


def test_exit_after_first_frame_prints_the_start_up_time():
    result = run_cli("--exit-after-first-frame")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1].startswith("first-frame ")


#: what the title's first frame does without: a match's engine and computers, the phones'
#: server, the rules files' parser, and ctypes (the idle wait's, after the first frame);
#: the rule options, the presets and the engine's rules (the settings check a preset by
#: name and read rule values only when a file holds them), the command line's parser (a
#: plain start builds none), json (no file to read on a first start), logging (nothing
#: went wrong) and the sound bank (opened after the first frame)
NOT_BEFORE_THE_FIRST_FRAME = (
    "uno_desktop.engine.game",
    "uno_desktop.engine.rules",
    "uno_desktop.play.pacing",
    "uno_desktop.play.match",
    "uno_desktop.ai",
    "uno_desktop.phones",
    "uno_desktop.rules.options",
    "uno_desktop.rules.presets",
    "uno_desktop.rules.preset_yaml",
    "uno_desktop.store.stats",
    "uno_desktop.audio",
    "aiohttp",
    "segno",
    "yaml",
    "ctypes",
    "subprocess",
    "argparse",
    "json",
    "logging",
)


def test_the_first_frame_imports_nothing_a_match_needs_later():
    code = (
        "import sys\n"
        "from uno_desktop.cli import main\n"
        "main(['--exit-after-first-frame'])\n"
        "print('modules', ' '.join(sorted(sys.modules)))\n"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=600
    )
    assert result.returncode == 0, result.stderr
    modules = result.stdout.strip().splitlines()[-1].split()[1:]
    early = [m for m in modules if m.startswith(NOT_BEFORE_THE_FIRST_FRAME)]
    assert early == []


def test_screenshot_saves_an_image_of_the_title(tmp_path):
    path = tmp_path / "title.png"
    result = run_cli("--screenshot", str(path))
    assert result.returncode == 0 and pygame.image.load(str(path)).get_size() == SIZE


def test_players_outside_the_preset_limits_are_refused():
    result = run_cli("--preset", "official", "--players", "11", "--exit-after-first-frame")
    assert result.returncode == 2


@pytest.mark.slow
def test_smoke_plays_one_computer_round_and_exits_zero():
    result = run_cli("--smoke", "--players", "3", "--seed", "4")
    assert result.returncode == 0, result.stderr[-2000:]


def test_simulate_still_works():
    result = run_cli("simulate", "--games", "2", "--players", "3")
    assert result.returncode == 0


def test_the_first_run_speaks_the_systems_language(monkeypatch):
    from uno_desktop.lang.i18n import language, set_language

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "sv_SE.UTF-8")
    try:
        services = build_services()
        assert services.settings.language is None and language() == "sv"
    finally:
        set_language("en")


def test_a_chosen_language_wins_over_the_systems(monkeypatch):
    from uno_desktop.lang.i18n import language, set_language

    monkeypatch.setenv("LANGUAGE", "sv")
    try:
        services = build_services()
        services.update_settings(language="en")
        assert language() == "en" and build_services().settings.language == "en"
        assert language() == "en"
    finally:
        set_language("en")


def test_a_save_that_fails_mid_match_is_told_at_once_over_the_table(app):
    probe = Probe()
    app.start(probe)
    app.step(1 / 60)
    app.services.storage.notice("The match could not be saved: the disk is full.")
    app.step(1 / 60)
    app.step(1 / 60)
    top = app.stack.top
    assert isinstance(top, MessageScene)
    assert app.services.storage.has_notices is False
    app.stack.pop()  # OK: back to the game, which went on underneath
    app.step(1 / 60)
    assert app.stack.top is probe


# --- idle is idle ---------------------------------------------------------------------------
def idle_second(app: App, monkeypatch: pytest.MonkeyPatch) -> tuple[int, int]:
    """Run the real loop for one second of wall time: (frames drawn, frames run). Its
    safety wake-up comes each second here (not every IDLE_WAIT_S), so the second ends
    on time."""
    import time

    monkeypatch.setattr("uno_desktop.ui.app.IDLE_WAIT_S", 1.0)

    steps = []
    step = app.step

    def counting_step(dt_s: float, events: list[pygame.event.Event] | None = None) -> bool:
        steps.append(dt_s)
        return step(dt_s, events)

    app.step = counting_step  # type: ignore[method-assign]
    drawn = app.frames_drawn
    start = time.monotonic()
    app.run(until=lambda: time.monotonic() - start > 1.0)
    return app.frames_drawn - drawn, len(steps)


def test_the_title_left_alone_sleeps_instead_of_drawing(app, monkeypatch):
    app.start(TitleScene(app.services))
    app.run(max_frames=30, fixed_dt_s=1 / 60)  # the first frames paint the fans
    pygame.event.clear()
    drawn, frames = idle_second(app, monkeypatch)
    assert drawn == 0
    assert frames <= 3  # a safety wake-up each second, not 60 frames


def test_a_table_waiting_for_a_person_sleeps_instead_of_drawing(app, monkeypatch):
    from tests.ui.test_table import make_match
    from uno_desktop.ui.table.scene import TableScene

    match = make_match(
        ["human", "normal"], [["R5", "B7", "G2"], ["Y1", "Y2", "Y3"]], clock=app.services.clock
    )
    table = TableScene(app.services, match)
    app.start(table)
    app.run(until=lambda: table.input_ok, max_frames=600, fixed_dt_s=1 / 30)
    assert match.human_to_act() == 0
    pygame.event.clear()
    drawn, frames = idle_second(app, monkeypatch)
    assert drawn == 0
    assert frames <= 3


def test_the_loop_wakes_for_the_next_timer_a_scene_asked_for(app):
    class Timed(Probe):
        def wake_in_s(self) -> float | None:
            return 0.2

    app.start(Timed())
    assert app.idle_timeout_s() == pytest.approx(0.2)


def test_input_wakes_a_sleeping_loop_at_once(app):
    import time

    app.start(Probe())
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    start = time.monotonic()
    events = app.wait_for_events(1.0)
    assert [e.type for e in events] == [pygame.KEYDOWN]
    assert time.monotonic() - start < 0.1


def test_the_first_frame_is_not_held_back_to_the_frame_rate(app):
    # The first picture is the start-up a player waits for; later frames keep the cap.
    class RecordingClock:
        def __init__(self) -> None:
            self.caps: list[int] = []

        def tick(self, framerate: int = 0) -> int:
            self.caps.append(framerate)
            return 16

    clock = RecordingClock()
    app._clock = clock
    app.start(Probe())
    app.run(max_frames=3, idle_wait=False)
    assert clock.caps == [0, app.fps, app.fps]
