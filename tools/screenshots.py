"""Screens of the game in set situations, saved as PNG files for people to look at.

    .venv/bin/python tools/screenshots.py [--out docs/screenshots] [--only NAME]

Each situation is played from a stacked deck through the real table (headless, time
stepped by hand), at 1024x600 and 1280x720, in English and Swedish. The files are named
`NAME-WxH-LANG.png`. Not a test: it draws and saves.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SIZES = ((1024, 600), (1280, 720))
LANGS = ("en", "sv")


def main() -> None:
    shoot(SITUATIONS, "", __doc__ or "")


def shoot(situations: dict[str, Callable[[tuple[int, int]], Any]], prefix: str, doc: str) -> None:
    """Save every situation (or `--only` one) at each size and language as
    `<prefix>NAME-WxH-LANG.png` (the command line of `tools/screenshots*.py`)."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    parser.add_argument("--only", default=None, help="one situation by name")
    args = parser.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.path.insert(0, str(ROOT))

    import pygame

    from uno_desktop.lang.i18n import set_language

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.font.init()
    for name, situation in situations.items():
        if args.only and name != args.only:
            continue
        for lang in LANGS:
            set_language(lang)
            for size in SIZES:
                pygame.display.set_mode(size)
                harness = situation(size)
                path = out / f"{prefix}{name}-{size[0]}x{size[1]}-{lang}.png"
                pygame.image.save(harness.draw(), str(path))
                print(path)


# ----------------------------------------------------------------------------- situations


def _people(names: list[str], hands: list[list[str]], size: tuple[int, int]) -> object:
    """A table of people only, dealt `hands` (last seat deals, seat 0 starts)."""
    from tests.ui.test_privacy import small_match
    from tests.ui.test_table import TableHarness

    return TableHarness(small_match(names, hands), size=size)


def _press(h: object, *keys: int) -> None:
    for key in keys:
        h.settle()  # type: ignore[attr-defined]
        h.key(key)  # type: ignore[attr-defined]
    h.settle()  # type: ignore[attr-defined]


def handoff(size: tuple[int, int]) -> object:
    """Mormor Birgitta is handed the screen after Ann and Bo played: what happened since."""
    import pygame

    h = _people(
        ["Ann", "Bo", "Mormor Birgitta"],
        [["R1", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        size,
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R1"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R7"))  # type: ignore[attr-defined]
    h.settle()  # type: ignore[attr-defined]
    return h


def challenge(size: tuple[int, int]) -> object:
    """Bo challenged Ann's Wild Draw Four and was right: only Bo sees Ann's hand."""
    import pygame

    h = _people(
        ["Ann", "Bo", "Cy"], [["W4", "R1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]], size
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("W4"))  # type: ignore[attr-defined]
    _press(h, pygame.K_1, pygame.K_RETURN, pygame.K_h)
    return h


def news(size: tuple[int, int]) -> object:
    """Bo, caught without UNO while away, is shown the two cards he drew."""
    import pygame

    h = _people(["Ann", "Bo"], [["R1", "R2", "B2"], ["R7", "R8", "G3"]], size)
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R1"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R7"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN, pygame.K_u)
    h.click(h.card_pos("R2"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("R8"))  # type: ignore[attr-defined]
    _press(h, pygame.K_RETURN, pygame.K_c, pygame.K_d, pygame.K_RETURN)
    h.frame()  # type: ignore[attr-defined]
    return h


class _Shot:
    """A scene drawn alone on the display surface."""

    def __init__(self, scene: object) -> None:
        self.scene = scene

    def draw(self) -> object:
        import pygame

        surface = pygame.display.get_surface()
        self.scene.draw(surface)  # type: ignore[attr-defined]
        return surface


def replay(size: tuple[int, int]) -> object:
    """A four-seat round watched again, paused half-way: every hand face up."""
    import dataclasses

    from uno_desktop.lang.i18n import language, set_language
    from uno_desktop.play.match import ManualClock, Match, SeatSpec, run_round_headless
    from uno_desktop.play.replay import Replay, record_of
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.services import build_services

    lang = language()
    services = build_services(use_storage=False)
    set_language(lang)  # the services follow the settings; the picture is in `lang`
    clock = ManualClock()
    names = ("Ann", "Bo", "Cy", "Dee")
    bots = [SeatSpec(n, "normal") for n in names]
    match = Match(load_preset("official"), bots, 21, preset="official", clock=clock)
    match.start_round()
    run_round_headless(match, clock)
    # Ann watches from her seat, as after a round she played
    record = dataclasses.replace(record_of(match), seats=(SeatSpec("Ann", "human"), *bots[1:]))
    scene = services.scenes.replay(Replay(record), autoplay=False)
    scene.go(scene.replay.steps // 2)  # type: ignore[attr-defined]
    return _Shot(scene)


def banner(size: tuple[int, int]) -> object:
    """Ann plays a Wild Draw Four and names blue: one banner says both, the edge turns blue."""
    import pygame

    from tests.ui.test_table import TableHarness, make_match
    from uno_desktop.play.match import ManualClock

    hands = [["W4", "B7", "G2", "Y5"], ["Y1", "Y2", "Y3", "R4"], ["G1", "G5", "B1", "B2"]]
    match = make_match(["human", "normal", "normal"], hands, start="R3", clock=ManualClock())
    h = TableHarness(match, size=size)
    h.settle()
    h.click(h.card_pos("W4"))
    h.frame()
    h.key(pygame.K_4)  # blue
    for _ in range(300):
        h.frame()
        shown = h.table.moments.banner_frame()
        if shown is not None and shown.alpha == 255:
            break
    return h


class _Still:
    """One scene on its own stack, drawn at a chosen moment (for screens without a table)."""

    def __init__(self, scene: object, size: tuple[int, int]) -> None:
        import pygame

        from uno_desktop.ui.scene import SceneStack

        self.stack = SceneStack()
        self.stack.push(scene)  # type: ignore[arg-type]
        self.stack.apply_pending()
        self.surface = pygame.Surface(size)

    def run(self, seconds: float, dt_s: float = 1 / 30) -> None:
        for _ in range(round(seconds / dt_s)):
            self.stack.update(dt_s)

    def draw(self) -> object:
        self.stack.draw(self.surface)
        return self.surface


def match_end(size: tuple[int, int]) -> object:
    """A match of four is over: Ann wins, Bo and Cy share second place, confetti falls."""
    from tests.ui.test_table import make_services
    from uno_desktop.play.match import Match, SeatSpec
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.scenes.match_end import MatchEndScene

    services = make_services()
    seats = [SeatSpec(n, k) for n, k in (("Ann", "human"), ("Bo", "normal"), ("Cy", "human"))]
    seats.append(SeatSpec("Di", "easy"))
    match = Match(load_preset("official"), seats, 11, preset="official", clock=services.clock)
    match.round_history = [(150, 0, 0, 0), (0, 230, 0, 0), (0, 0, 230, 0), (0, 0, 0, 95)]
    match.round_history.append((362, 0, 0, 0))
    match.round_no = len(match.round_history)
    match.totals = [sum(p[i] for p in match.round_history) for i in range(4)]
    still = _Still(MatchEndScene(services, match), size)
    still.run(1.6)
    return still


def tutorial(size: tuple[int, int]) -> object:
    """The tutorial's UNO lesson: the UNO button and the card to play lit, one line above."""
    from tests.ui.test_tutorial_ui import Person, follow_the_light

    p = Person(size=size)
    follow_the_light(p, "keys", until=7)
    p.settle()
    return p


def tutorial_wild(size: tuple[int, int]) -> object:
    """The tutorial's Wild lesson: the card just drawn, to play and give a colour."""
    from tests.ui.test_tutorial_ui import Person, follow_the_light

    p = Person(size=size)
    follow_the_light(p, "keys", until=6)
    p.settle()
    return p


def tutorial_catch(size: tuple[int, int]) -> object:
    """The tutorial's catch lesson: Mia forgot UNO with her bluff, Catch lit."""
    from tests.ui.test_tutorial_ui import Person, follow_the_light

    p = Person(size=size)
    follow_the_light(p, "keys", until=8)
    p.settle()
    return p


def tutorial_done(size: tuple[int, int]) -> object:
    """The tutorial's end: what was learnt, how a round scores, and stacking."""
    from tests.ui.test_tutorial_ui import Person, follow_the_light

    p = Person(size=size)
    follow_the_light(p, "keys")
    for _frame in range(12):
        p.frame()
        p.draw()
    return p


def tutorial_offer(size: tuple[int, int]) -> object:
    """The first start: the title offers the tutorial."""
    from tests.ui.test_tutorial_ui import Person
    from uno_desktop.ui.scenes.message import TutorialOfferScene

    p = Person(size=size)
    p.stack.clear_to(p.services.scenes.title())
    p.stack.apply_pending()
    p.stack.push(TutorialOfferScene(p.services))
    p.stack.apply_pending()
    for _frame in range(12):
        p.stack.update(1 / 30)
        p.draw()
    return p


def _against_computers(hands: list[list[str]], rest: list[str], size: tuple[int, int]) -> object:
    """Ann at the screen against computers that play their first legal card."""
    from tests.ui.test_table import FILLER, TableHarness, make_match
    from uno_desktop.play.match import ManualClock

    kinds = ["human"] + ["normal"] * (len(hands) - 1)
    match = make_match(kinds, hands, "R3", [*rest, *FILLER], clock=ManualClock())
    return TableHarness(match, size=size)


def _ask_hint(h: object) -> None:
    """Press the hint key and wait for the answer (it is worked out beside the frames)."""
    from uno_desktop.ui.table.dialogs import HINT_KEY

    h.key(HINT_KEY)  # type: ignore[attr-defined]
    job = h.table.hints.job  # type: ignore[attr-defined]
    if job is not None:
        job.done.wait(10)
    h.frame()  # type: ignore[attr-defined]


def hint(size: tuple[int, int]) -> object:
    """Bo is down to two cards; Ann asks for a hint: her Red Skip, lit in her hand."""
    import pygame

    from uno_desktop.ui.table.dialogs import PlayOrKeepOverlay

    h = _against_computers(
        [
            ["R1", "R2", "RS", "B7", "G5"],
            ["R5", "R6", "R7", "G8", "Y1"],
            ["R8", "R9", "B1", "B2", "B3"],
        ],
        ["Y9", "G1"],
        size,
    )
    for code in ("R1", "R2"):
        h.settle()  # type: ignore[attr-defined]
        h.click(h.card_pos(code))  # type: ignore[attr-defined]
    _press(h, pygame.K_d)
    if isinstance(h.stack.top, PlayOrKeepOverlay):  # type: ignore[attr-defined]
        _press(h, pygame.K_k)
    _ask_hint(h)
    return h


def hint_colour(size: tuple[int, int]) -> object:
    """Ann plays a Wild and asks which colour to name: blue, lit among the four."""
    h = _against_computers(
        [
            ["W", "B1", "B2", "B5", "G7"],
            ["Y5", "Y6", "Y7", "G8", "Y1"],
            ["G4", "G9", "B1", "Y2", "Y3"],
        ],
        [],
        size,
    )
    h.settle()  # type: ignore[attr-defined]
    h.click(h.card_pos("W"))  # type: ignore[attr-defined]
    _ask_hint(h)
    return h


class _Screen:
    """A menu screen on its own stack, drawn like the game draws it."""

    def __init__(self, scene: object, size: tuple[int, int]) -> None:
        from uno_desktop.ui.scene import SceneStack

        self.size, self.stack = size, SceneStack()
        self.stack.push(scene)  # type: ignore[arg-type]
        self.stack.apply_pending()
        scene.relayout(size)  # type: ignore[attr-defined]

    def draw(self) -> object:
        import pygame

        surface = pygame.Surface(self.size)
        self.stack.draw(surface)
        return surface


def _services_in_a_new_folder() -> object:
    """Services whose storage is a fresh temporary folder (never the player's own)."""
    import tempfile

    from uno_desktop.lang.i18n import language
    from uno_desktop.ui.services import build_services

    folder = Path(tempfile.mkdtemp(prefix="uno-screens-"))
    for var in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        os.environ[var] = str(folder / var.lower())
    lang = language()
    services = build_services()
    services.update_settings(language=lang)
    return services


def statistics_empty(size: tuple[int, int]) -> object:
    """Statistics on the first start: nothing played yet."""
    from uno_desktop.ui.scenes.statistics import StatisticsScene

    return _Screen(StatisticsScene(_services_in_a_new_folder()), size)


def statistics(size: tuple[int, int]) -> object:
    """Statistics after three matches of two people and two computer players."""
    from datetime import datetime, timedelta

    from uno_desktop.play.seats import given_names
    from uno_desktop.store.storage import MatchResult, SeatSetting
    from uno_desktop.ui.scenes.statistics import StatisticsScene

    services = _services_in_a_new_folder()
    seats = (
        SeatSetting("Ann", "human"),
        SeatSetting("Bo", "human"),
        SeatSetting(given_names(["human", "human", "normal", "hard"])[2], "normal"),
        SeatSetting(given_names(["human", "human", "normal", "hard"])[3], "hard"),
    )
    matches = [
        ("family", [(0, 0, 0, 300), (0, 0, 0, 260)], 3),
        ("swedish", [(180, 0, 0, 0), (0, 0, 0, 240), (120, 0, 0, 0), (210, 0, 0, 0)], 0),
        (
            "official",
            [
                (0, 64, 0, 0),
                (112, 0, 0, 0),
                (0, 0, 0, 95),
                (0, 141, 0, 0),
                (0, 0, 0, 0),
                (73, 0, 0, 0),
                (0, 0, 88, 0),
                (0, 0, 0, 120),
                (0, 205, 0, 0),
            ],
            1,
        ),
    ]
    start = datetime(2026, 11, 28, 19, 5).astimezone()
    for n, (preset, rounds, winner) in enumerate(matches):
        result = MatchResult(
            preset=preset,
            seats=seats,
            round_points=tuple(rounds),
            round_winners=tuple(
                max(range(4), key=lambda s, r=r: r[s]) if any(r) else None for r in rounds
            ),
            winner=winner,
            finished_at=start + timedelta(hours=n, minutes=17 * n),
            match_id=f"screens-{n}",
        )
        services.storage.record_match(result)  # type: ignore[attr-defined]
    return _Screen(StatisticsScene(services), size)


def how_to_play(size: tuple[int, int]) -> object:
    """How to play for the Swedish edition, at the top: the goal, the players, Play to."""
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.scenes.how_to_play import HowToPlayScene

    return _Screen(HowToPlayScene(_services_in_a_new_folder(), load_preset("swedish")), size)


def new_game_name(size: tuple[int, int]) -> object:
    """New game on the Swedish preset, the second seat's name just clicked (selected)."""
    import pygame

    from uno_desktop.ui.scenes.new_game import NewGameScene

    services = _services_in_a_new_folder()
    services.update_settings(last_preset="swedish")  # type: ignore[attr-defined]
    scene = NewGameScene(services)
    screen = _Screen(scene, size)
    center = scene.name_inputs[1].rect.center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle_event(pygame.event.Event(kind, pos=center, button=1))
    return screen


def swap_picker(size: tuple[int, int]) -> object:
    """Mormor Birgitta plays a Wild Swap Hands, chose red, and picks whom to swap with."""
    import pygame

    h = _people(
        ["Mormor Birgitta", "Alexandra", "Wilhelmina Ekman"],
        [["WS", "R1", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]],
        size,
    )
    _press(h, pygame.K_RETURN)
    h.click(h.card_pos("WS"))  # type: ignore[attr-defined]
    h.key(pygame.K_1)  # type: ignore[attr-defined]
    h.frame()  # type: ignore[attr-defined]
    return h


def drawn_card(size: tuple[int, int]) -> object:
    """Ann drew a card she can play: play it or keep it, with the piles in sight."""
    import pygame

    from tests.ui.test_privacy import small_match
    from tests.ui.test_table import TableHarness

    match = small_match(["Ann", "Bo"], [["B7", "Y2", "B1"], ["Y1", "Y3", "B3"]], start="G3")
    h = TableHarness(match, size=size)
    _press(h, pygame.K_RETURN, pygame.K_d)  # the next card is a Green 4
    return h


def settings_xl(size: tuple[int, int]) -> object:
    """Settings at the Extra large UI size (never smaller than Large)."""
    from uno_desktop.ui.scenes.settings import SettingsScene

    services = _services_in_a_new_folder()
    services.update_settings(ui_scale=1.3)  # type: ignore[attr-defined]
    return _Screen(SettingsScene(services), size)


def replace_question(size: tuple[int, int]) -> object:
    """New game's Start with a match saved: Continue it, Replace it, or Back."""
    from uno_desktop.ui.scenes.message import ContinueOrReplaceScene

    services = _services_in_a_new_folder()
    return _Screen(ContinueOrReplaceScene(services, lambda: None, lambda: None), size)  # type: ignore[arg-type]


def round_end_moment(size: tuple[int, int]) -> object:
    """A round just won: the points counted, fireworks for the winner beside the scores."""
    from tests.ui.test_table import TableHarness, make_match
    from uno_desktop.play.match import ManualClock

    hands = [["R5"], ["W4"], ["B9"]]
    match = make_match(["human", "normal", "normal"], hands, "R3", clock=ManualClock())
    h = TableHarness(match, size=size)
    h.settle()
    h.click(h.card_pos("R5"))
    h.settle()
    h.run(0.8)
    return h


def title_continue(size: tuple[int, int]) -> object:
    """The title with a match waiting: Continue, and its round and scores under it."""
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.scenes.title import TitleScene

    services = _services_in_a_new_folder()
    seats = [SeatSpec("Anna", "human"), SeatSpec("Bo", "human"), SeatSpec("Cilla", "hard")]
    match = Match(load_preset("family"), seats, 7, preset="family", clock=ManualClock())
    match.start_round()
    match.round_no, match.round_history, match.totals = 3, [(120, 0, 0), (0, 45, 0)], [120, 45, 0]
    services.storage.save_match(match.to_dict())  # type: ignore[attr-defined]
    title = TitleScene(services)  # type: ignore[arg-type]
    shot = _Screen(title, size)
    title.paint_faces()
    return shot


def side_panel(size: tuple[int, int]) -> object:
    """A table of ten (you and nine computers): the side panel's scores and keys."""
    from tests.ui.test_table import TableHarness
    from uno_desktop.play.match import ManualClock, Match, SeatSpec
    from uno_desktop.rules.presets import load_preset

    names = ["Mormor Birgitta", "Morfar", "Alexandra", "Li", "Oskar", "Wilhelmina"]
    seats = [SeatSpec("Ann", "human")]
    seats += [SeatSpec(names[i % 6] + (f" {i}" if i >= 6 else ""), "easy") for i in range(9)]
    match = Match(load_preset("official"), seats, 11, preset="official", clock=ManualClock())
    match.start_round()
    h = TableHarness(match, size=size)
    h.settle()
    return h


def statistics_one_round(size: tuple[int, int]) -> object:
    """Statistics after the first round of a match (no match finished yet)."""
    from uno_desktop.store.storage import RoundResult, SeatSetting
    from uno_desktop.ui.scenes.statistics import StatisticsScene

    services = _services_in_a_new_folder()
    seats = (
        SeatSetting("Ann", "human"),
        SeatSetting("Bo", "human"),
        SeatSetting("Mormor", "human"),
        SeatSetting("Computer 1", "normal"),
    )
    result = RoundResult("screens-round", 1, seats, (0, 87, 0, 0), 1)
    services.storage.record_round(result)  # type: ignore[attr-defined]
    return _Screen(StatisticsScene(services), size)


def how_to_play_cards(size: tuple[int, int]) -> object:
    """How to play for the Swedish edition at its action cards, each card beside its rule."""
    from uno_desktop.rules.options import Section
    from uno_desktop.rules.presets import load_preset
    from uno_desktop.ui.scenes.how_to_play import HowToPlayScene

    scene = HowToPlayScene(_services_in_a_new_folder(), load_preset("swedish"))
    screen = _Screen(scene, size)
    scene.page_parts()
    scene.scroll(scene.section_tops[Section.ACTION_CARDS])
    return screen


def match_end_celebration(size: tuple[int, int]) -> object:
    """The match end a second into its celebration: fireworks, falling cards, confetti."""
    still = match_end(size)
    still.stack.scenes[0].celebrated_s = 0.0  # type: ignore[attr-defined]
    still.run(1.25)  # type: ignore[attr-defined]
    return still


def _key(screen: _Screen, *keys: int) -> None:
    import pygame

    for k in keys:
        screen.stack.handle_event(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        screen.stack.apply_pending()


def _rules_screen(size: tuple[int, int], preset: str = "official") -> _Screen:
    """New game on `preset`, its "Change the rules…" pressed: the Rules screen on top."""
    from uno_desktop.ui.scenes.new_game import NewGameScene

    services = _services_in_a_new_folder()
    services.update_settings(last_preset=preset)  # type: ignore[attr-defined]
    scene = NewGameScene(services)
    screen = _Screen(scene, size)
    scene.change_rules()
    screen.stack.apply_pending()
    screen.draw()
    return screen


def rules(size: tuple[int, int]) -> object:
    """The Rules screen from the official rules, stacking chosen with the keyboard."""
    import pygame

    screen = _rules_screen(size)
    top = screen.stack.top
    stacking = top.controls["stacking"][0]  # type: ignore[union-attr]
    for _ in range(40):
        if stacking.focused:
            break
        _key(screen, pygame.K_TAB)
    _key(screen, pygame.K_RIGHT, pygame.K_RIGHT)
    return screen


def rules_refused(size: tuple[int, int]) -> object:
    """The Swedish edition's Rules screen: 30 cards each asked for, refused with the reason."""
    import pygame

    screen = _rules_screen(size, "swedish")
    top = screen.stack.top
    hand = top.controls["hand_size"][0]  # type: ignore[union-attr]
    for _ in range(40):
        if hand.focused:
            break
        _key(screen, pygame.K_TAB)
    _key(screen, pygame.K_END)
    for _ in range(25):
        _key(screen, pygame.K_RIGHT)
    return screen


def rules_leave(size: tuple[int, int]) -> object:
    """Back on the Rules screen after a change: asked first."""
    import pygame

    screen = rules(size)
    _key(screen, pygame.K_ESCAPE)
    return screen


def rules_save(size: tuple[int, int]) -> object:
    """Save as our rules: the name typed."""
    import pygame

    screen = _rules_screen(size)
    screen.stack.top.ask_name()  # type: ignore[union-attr]
    screen.stack.apply_pending()
    screen.draw()
    screen.stack.handle_event(pygame.event.Event(pygame.TEXTINPUT, text="Farmors regler"))
    return screen


def new_game_own(size: tuple[int, int]) -> object:
    """New game with a family's own preset chosen: rename, duplicate, delete offered."""
    from uno_desktop.engine import Stacking
    from uno_desktop.rules.house_presets import save
    from uno_desktop.ui.scenes.new_game import NewGameScene

    services = _services_in_a_new_folder()
    path = save("Grandma's rules", "official", {"stacking": Stacking.MIXED, "jump_in": True})
    services.update_settings(last_preset=path.stem)  # type: ignore[attr-defined]
    return _Screen(NewGameScene(services), size)


def presets_folder(size: tuple[int, int]) -> object:
    """The presets folder with a file that has a typo, its reason in full."""
    from uno_desktop.rules.house_presets import presets_folder as folder_of
    from uno_desktop.ui.scenes.new_game import NewGameScene

    services = _services_in_a_new_folder()
    folder = folder_of()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "family-typo.yaml").write_text("extends: official\njump_in: ture\n", "utf-8")
    scene = NewGameScene(services)
    screen = _Screen(scene, size)
    scene.show_folder()
    screen.stack.apply_pending()
    return screen


SITUATIONS: dict[str, Callable[[tuple[int, int]], object]] = {
    "handoff": handoff,
    "challenge": challenge,
    "news": news,
    "swap-picker": swap_picker,
    "drawn-card": drawn_card,
    "statistics": statistics,
    "statistics-empty": statistics_empty,
    "new-game-name": new_game_name,
    "how-to-play": how_to_play,
    "replay": replay,
    "banner": banner,
    "match-end": match_end,
    "tutorial": tutorial,
    "tutorial-wild": tutorial_wild,
    "tutorial-offer": tutorial_offer,
    "tutorial-catch": tutorial_catch,
    "tutorial-done": tutorial_done,
    "hint": hint,
    "hint-colour": hint_colour,
    "settings-xl": settings_xl,
    "side-panel": side_panel,
    "title-continue": title_continue,
    "round-end-moment": round_end_moment,
    "replace-question": replace_question,
    "statistics-one-round": statistics_one_round,
    "how-to-play-cards": how_to_play_cards,
    "match-end-celebration": match_end_celebration,
    "rules": rules,
    "rules-refused": rules_refused,
    "rules-save": rules_save,
    "rules-leave": rules_leave,
    "new-game-own": new_game_own,
    "presets-folder": presets_folder,
}


if __name__ == "__main__":
    main()
