"""Every screen at a small laptop (1024x600), the design size (1280x720) and a big monitor
(2560x1440), in English and Swedish, at each UI size: the widgets stay inside the window
and apart, and every text drawn through the kit is whole (never "…"), inside its box,
clear of the other texts and never smaller than the floor. A plain `pytest` draws each
screen at the corners (`CORNERS`), the slow set at every other pair of sizes.

Every render is saved as a PNG in UNO_SHOTS=<dir> when that is set, so a person can look
at them; otherwise only those of a failing check are, in the test's temporary folder
(encoding hundreds of big windows as PNG would cost most of this file's time).
"""

from __future__ import annotations

import contextlib
import dataclasses
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from uno_desktop.engine.rules import CustomEffect
from uno_desktop.lang.i18n import set_language
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.render.cards import CardPainter
from uno_desktop.render.layout import layout_problems
from uno_desktop.rules.presets import load_preset
from uno_desktop.ui.kit import Dialog, DrawnText, record_texts
from uno_desktop.ui.scene import Scene, SceneStack
from uno_desktop.ui.scenes.how_to_play import HowToPlayScene
from uno_desktop.ui.scenes.join import JoinScene
from uno_desktop.ui.scenes.match_end import MatchEndScene
from uno_desktop.ui.scenes.message import MessageScene
from uno_desktop.ui.scenes.new_game import NewGameScene
from uno_desktop.ui.scenes.pause import PauseScene
from uno_desktop.ui.scenes.round_end import RoundEndScene
from uno_desktop.ui.scenes.settings import SettingsScene
from uno_desktop.ui.scenes.statistics import StatisticsScene
from uno_desktop.ui.scenes.title import TitleScene
from uno_desktop.ui.services import SilentSounds, build_services

SIZES = {"1024x600": (1024, 600), "1280x720": (1280, 720), "2560x1440": (2560, 1440)}
UI_SIZES = {"small": 0.85, "normal": 1.0, "large": 1.15, "xlarge": 1.3}
LANGS = ("en", "sv")
SLOW = pytest.mark.slow
#: where a plain `pytest` draws every screen: the corners of window size by UI size (the
#: smallest texts, the least room, the largest texts) and the design size; the slow set
#: (`-m slow`) draws them at every other pair too
CORNERS = {
    ("1024x600", "small"),
    ("1024x600", "xlarge"),
    ("1280x720", "normal"),
    ("2560x1440", "small"),
    ("2560x1440", "xlarge"),
}
WINDOWS = [
    pytest.param(size, ui, id=f"{size}-{ui}", marks=[] if (size, ui) in CORNERS else [SLOW])
    for size in SIZES
    for ui in UI_SIZES
]


@pytest.fixture(scope="module")
def painter() -> CardPainter:
    """One cache of card pictures for the module: each case drawing its faces afresh took
    a third of its time (a painter's pictures depend only on card, width and mode)."""
    return CardPainter()


@pytest.fixture
def services(monkeypatch, painter):
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((1024, 600))
    # no sound is played here: loading the bank for each of the 578 cases cost seconds
    monkeypatch.setattr("uno_desktop.ui.services.make_sounds", SilentSounds)
    s = build_services()
    s.painter = painter
    s.clock = ManualClock()
    yield s
    set_language("en")


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = os.environ.get("UNO_SHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("layout-shots")
    path.mkdir(parents=True, exist_ok=True)
    return path


@contextlib.contextmanager
def shot_kept_if_failing(surface: pygame.Surface, path: Path) -> Iterator[None]:
    """Save `surface` as `path` when a check inside fails (always when UNO_SHOTS is set)."""
    try:
        yield
    except BaseException:
        pygame.image.save(surface, str(path))
        raise
    if os.environ.get("UNO_SHOTS"):
        pygame.image.save(surface, str(path))


def seats(n: int) -> list[SeatSpec]:
    names = ["Mormor Birgitta", "Morfar", "Alexandra", "Li", "Oskar", "Wilhelmina"]
    return [SeatSpec(names[i % len(names)] + (f" {i}" if i >= 6 else ""), "easy") for i in range(n)]


def a_match(services: Any, n: int, preset: str = "official", human: bool = False) -> Match:
    specs = seats(n)
    if human:
        specs[0] = SeatSpec("Du", "human")
    match = Match(load_preset(preset), specs, seed=11, preset=preset, clock=services.clock)
    match.start_round()
    return match


def finished_match(services: Any, n: int) -> Match:
    match = a_match(services, n)
    match.rules = match.rules.replace(target_score=1)
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    match.finish_round()
    return match


def remember(services: Any, **changes: Any) -> None:
    services.apply_settings(dataclasses.replace(services.settings, **changes))


# --- the screens, each built from the services -----------------------------------------
def title(services: Any) -> Dialog:
    services.storage.save_match(a_match(services, 3).to_dict())  # Continue is shown too
    return TitleScene(services)


def new_game(n: int, preset: str = "official") -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        remember(services, last_preset=preset)
        scene = NewGameScene(services)
        scene.players_stepper.set_value(n)
        scene._set_players(n)
        if preset == "swedish":
            scene.effect_choice.set_value(CustomEffect.OTHERS_DRAW)
            scene._set_effect(CustomEffect.OTHERS_DRAW)
        return scene

    return make


def statistics(services: Any) -> Dialog:
    for n in (2, 10):
        MatchEndScene(services, finished_match(services, n)).enter()
    return StatisticsScene(services)


def round_end(services: Any) -> Dialog:
    match = a_match(services, 4)
    while not match.round_over:
        services.clock.advance(5.0)
        match.poll()
    scene = RoundEndScene(services, match)
    scene.finish_count()
    return scene


def match_end(n: int) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        return MatchEndScene(services, finished_match(services, n))

    return make


def message(services: Any) -> Dialog:
    return MessageScene(
        services,
        "The saved match could not be opened",
        "Sorry! The saved match was damaged, so it was put away. Start a new game! " * 3,
    )


class Links:
    """Stands in for a `PhoneLink` (no server): links as long as real ones, every third
    seat joined."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.seats = tuple(range(match.players))
        self.playing = False
        self.all_joined = False

    def url(self, seat: int) -> str:
        return f"http://192.168.100.200:65535/t/{'x' * 24}{seat:02d}/"

    def address(self) -> str:
        return "http://192.168.100.200:65535"

    def code(self, seat: int) -> str | None:
        return None if seat % 3 == 0 else "WWMM"  # the widest letters

    def connected(self) -> frozenset[int]:
        return frozenset(self.seats[::3])

    def waiting_s(self) -> float | None:
        return 185.0  # the longest status line: a wait counted in minutes

    def stop(self) -> None:
        """Nothing listens."""


def join(n: int, during: bool = False) -> Callable[[Any], Dialog]:
    def make(services: Any) -> Dialog:
        links: Any = Links(a_match(services, n))
        return JoinScene(services, links, on_start=None if during else Scene())

    return make


MENUS: dict[str, Callable[[Any], Dialog]] = {
    "title": title,
    "new-game-2": new_game(2),
    "new-game-10": new_game(10),
    "new-game-swedish-custom-rule": new_game(10, "swedish"),
    "settings": SettingsScene,
    "statistics": statistics,
    "statistics-empty": StatisticsScene,
    "how-to-play": lambda services: HowToPlayScene(services, load_preset("swedish")),
    "pause": lambda services: PauseScene(services, a_match(services, 4)),
    "round-end": round_end,
    "match-end-2": match_end(2),
    "match-end-10": match_end(10),
    "message": message,
    "join-2": join(2),
    "join-10": join(10),
    "join-4-during-the-match": join(4, during=True),
    "rules": lambda services: rules_screen(services, "official"),
    "rules-swedish": lambda services: rules_screen(services, "swedish"),
    "rules-save": lambda services: services.scenes.preset_name(
        "Save as our rules", "Mormor Birgittas regler", lambda name: None, button="Save"
    ),
    "rules-delete": lambda services: services.scenes.confirm(
        "Delete “Mormor Birgittas regler”? Its file is deleted for good.", "Delete", lambda: None
    ),
    "presets-folder": lambda services: services.scenes.presets_folder(),
}


def rules_screen(services: Any, preset: str) -> Dialog:
    """The Rules screen from `preset`, a change refused (its reason shown in full)."""
    from uno_desktop.ui.scenes.rules import RulesScene

    scene = RulesScene(
        services, preset, load_preset(preset), on_play=lambda *a: None, on_saved=print
    )
    scene.refusal = "Cards dealt: not taken, a deck of 108 cards cannot deal 30 cards to 10 players"
    return scene


# --- what is checked ----------------------------------------------------------------------
def text_problems(drawn: list[DrawnText]) -> list[str]:
    """Texts cut with "…", under the floor, outside their box or over each other."""
    problems = []
    for t in drawn:
        where = f"{t.text!r} {t.rect} at {t.px} px"
        if "…" in t.text:
            problems.append(f"{where} is cut short with an ellipsis")
        if t.px < t.floor:
            problems.append(f"{where} is under the floor of {t.floor} px")
        if not pygame.Rect((0, 0), t.surface_size).contains(t.rect):
            problems.append(f"{where} leaves its {t.surface_size} surface")
        if t.box is not None and not t.box.inflate(2, 2).contains(t.rect):
            problems.append(f"{where} leaves its box {t.box}")
        if t.max_w is not None and t.rect.w > t.max_w + 1:
            problems.append(f"{where} is wider than its {t.max_w} px of room")
    for i, a in enumerate(drawn):
        for b in drawn[i + 1 :]:
            if a.surface_id == b.surface_id and a.rect.clip(b.rect).w * a.rect.clip(b.rect).h > 4:
                problems.append(f"{a.text!r} {a.rect} overlaps {b.text!r} {b.rect}")
    return problems


def draw_recorded(stack: SceneStack, surface: pygame.Surface) -> list[DrawnText]:
    """Draw the stack; the texts the top scene drew (what lies under an overlay may hide)."""
    surface.fill((0, 0, 0))
    visible = stack.visible()
    for scene in visible[:-1]:
        scene.draw(surface)
    with record_texts() as drawn:
        visible[-1].draw(surface)
    return drawn


def render(scene: Any, surface: pygame.Surface) -> list[DrawnText]:
    stack = SceneStack()
    stack.push(scene)
    stack.apply_pending()
    draw_recorded(stack, surface)
    paint_faces = getattr(scene, "paint_faces", None)
    if paint_faces is not None:  # the title's fans follow its first frame
        paint_faces()
    return draw_recorded(stack, surface)


@pytest.mark.parametrize(("size", "ui"), WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(MENUS))
def test_every_menu_fits_the_window_with_whole_readable_texts(
    services, shots, name, lang, size, ui
):
    remember(services, ui_scale=UI_SIZES[ui], language=lang)
    scene = MENUS[name](services)
    surface = pygame.Surface(SIZES[size])
    with shot_kept_if_failing(surface, shots / f"{name}-{size}-{lang}-{ui}.png"):
        drawn = render(scene, surface)
        assert scene.interactive_widgets(), "nothing to press"
        assert scene.layout_problems() == []
        assert drawn, "no text drawn"
        assert text_problems(drawn) == []


@pytest.mark.parametrize(
    ("size", "ui", "n"), [("1024x600", "xlarge", 6), ("1280x720", "normal", 4)]
)
def test_new_games_player_rows_are_about_as_tall_as_its_other_rows_when_seats_leave_room(
    services, shots, size, ui, n
):
    remember(services, ui_scale=UI_SIZES[ui])
    scene = new_game(n)(services)
    surface = pygame.Surface(SIZES[size])
    with shot_kept_if_failing(surface, shots / f"new-game-rows-{n}-{size}-{ui}.png"):
        render(scene, surface)
        full = scene.target_stepper.rect.height
        rows = [*scene.name_inputs[:n], *scene.kind_choices[:n]]
        assert all(0.9 * full <= w.rect.height <= full for w in rows), scene.scale


def test_a_long_name_shows_its_start_until_its_field_is_focused(services):
    remember(services, ui_scale=UI_SIZES["xlarge"])
    scene = new_game(10)(services)
    surface = pygame.Surface(SIZES["1024x600"])
    render(scene, surface)
    field = scene.name_inputs[0]
    field.value = "Wilhelmina Birgitta Ekman-Karlsson"
    pictures = []
    for focused in (False, True):
        field.focused = focused
        surface.fill((0, 0, 0))
        field.draw(surface)
        pictures.append(pygame.image.tobytes(surface.subsurface(field.rect), "RGB"))
    field.value += " och Morfar Bengt"  # the same start, another end
    field.focused = False
    surface.fill((0, 0, 0))
    field.draw(surface)
    shorter = pygame.image.tobytes(surface.subsurface(field.rect), "RGB")
    assert pictures[0] != pictures[1], "focused, the end (where the caret is) is in view"
    assert pictures[0] == shorter, "unfocused, the field shows the name from its start"


# --- the table, played to each question it asks ------------------------------------------
PEOPLE = ["Alexandra", "Mormor Birgitta", "Wilhelmina Ekman"]


def people(hands: list[list[str]], size: tuple[int, int], services: Any, **kw: Any) -> Any:
    from tests.ui.test_table import TableHarness, make_match

    match = make_match(
        ["human"] * len(hands), hands, clock=services.clock, names=PEOPLE[: len(hands)], **kw
    )
    return TableHarness(match, services, size=size)


def press(h: Any, *keys: int) -> None:
    for key in keys:
        h.settle()
        h.key(key)
    h.settle()


def table_of(players: int) -> Callable[[tuple[int, int], Any], Any]:
    def make(size: tuple[int, int], services: Any) -> Any:
        from tests.ui.test_table import TableHarness

        h = TableHarness(a_match(services, players, human=True), services, size=size)
        h.settle()
        return h

    return make


def phones_table(size: tuple[int, int], services: Any) -> Any:
    """Ten seats: a person at the screen, five phone seats (some away), four computers."""
    from tests.ui.test_table import TableHarness

    specs = seats(10)
    specs[0] = SeatSpec("Du", "human")
    for s in (1, 3, 5, 7, 9):
        specs[s] = SeatSpec(specs[s].name, "phone")
    match = Match(load_preset("official"), specs, seed=11, preset="official", clock=services.clock)
    match.start_round()
    services.session_for(match).phones = Links(match)
    h = TableHarness(match, services, size=size)
    h.settle()
    return h


def fourteen_cards(size: tuple[int, int], services: Any) -> Any:
    hand = ["R1", "R2", "B3", "B4", "G5", "G6", "Y7", "Y8", "R9", "BS", "GR", "YD2", "W", "W4"]
    h = people([hand, ["G1"] * 14], size, services, rest=["Y2"] * 40)
    press(h, pygame.K_RETURN)
    return h


def handoff(size: tuple[int, int], services: Any) -> Any:
    h = people([["R1", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]], size, services)
    press(h, pygame.K_RETURN)
    h.click(h.card_pos("R1"))
    h.settle()
    return h


def reversed_table(size: tuple[int, int], services: Any) -> Any:
    h = people([["RR", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]], size, services)
    press(h, pygame.K_RETURN)
    h.click(h.card_pos("RR"))
    press(h, pygame.K_RETURN)
    assert h.table.view.state.direction < 0
    return h


def colour_picker(size: tuple[int, int], services: Any) -> Any:
    h = people([["WS", "R2", "B2"], ["R7", "G2", "G3"], ["Y1", "Y2", "Y3"]], size, services)
    press(h, pygame.K_RETURN)
    h.click(h.card_pos("WS"))
    return h


def swap_picker(size: tuple[int, int], services: Any) -> Any:
    h = colour_picker(size, services)
    h.key(pygame.K_1)
    h.frame()
    return h


def drawn_card(size: tuple[int, int], services: Any) -> Any:
    h = people([["B7", "G2", "Y4"], ["Y1", "Y2", "Y3"]], size, services, rest=["R9", "G1"] * 20)
    press(h, pygame.K_RETURN, pygame.K_d)
    return h


def challenge(size: tuple[int, int], services: Any) -> Any:
    h = people([["W4", "R1", "B2"], ["G1", "G2", "G3"], ["Y1", "Y2", "Y3"]], size, services)
    press(h, pygame.K_RETURN)
    h.click(h.card_pos("W4"))
    press(h, pygame.K_1, pygame.K_RETURN)
    return h


def challenge_result(size: tuple[int, int], services: Any) -> Any:
    h = challenge(size, services)
    press(h, pygame.K_h)
    return h


TABLES: dict[str, Callable[[tuple[int, int], Any], Any]] = {
    "table-2": table_of(2),
    "table-4": table_of(4),
    "table-10": table_of(10),
    "table-10-phones": phones_table,
    "table-14-cards": fourteen_cards,
    "table-reversed": reversed_table,
    "handoff": handoff,
    "colour-picker": colour_picker,
    "swap-picker": swap_picker,
    "drawn-card": drawn_card,
    "challenge": challenge,
    "challenge-result": challenge_result,
}
TOPS = {
    "handoff": "HandoffOverlay",
    "colour-picker": "ColorPickerOverlay",
    "swap-picker": "ChoosePlayerOverlay",
    "drawn-card": "PlayOrKeepOverlay",
    "challenge": "PenaltyOverlay",
    "challenge-result": "ChallengeResultOverlay",
}


@pytest.mark.parametrize(("size", "ui"), WINDOWS)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(TABLES))
def test_every_table_situation_fits_with_whole_readable_texts(
    services, shots, name, lang, size, ui
):
    remember(services, ui_scale=UI_SIZES[ui], language=lang)
    h = TABLES[name](SIZES[size], services)
    top = h.stack.top
    assert type(top).__name__ == TOPS.get(name, "TableScene")
    with shot_kept_if_failing(h.surface, shots / f"{name}-{size}-{lang}-{ui}.png"):
        drawn = draw_recorded(h.stack, h.surface)
        layout = h.table.layout
        assert layout is not None
        assert layout_problems(layout) == []
        assert hand_problems(h) == []
        if isinstance(top, Dialog):
            assert top.layout_problems() == []
        else:
            assert texts_over_the_piles(drawn, layout) == []
        if name == "drawn-card":
            assert dialog_over_the_piles(top.panel, layout) == []
        assert text_problems(drawn) == []


def texts_over_the_piles(drawn: list[DrawnText], layout: Any) -> list[str]:
    """Table texts lying across a pile or a marker (a marker's own sign inside it is fine)."""
    pieces = {
        "draw pile": layout.draw_pile,
        "discard pile": layout.discard_pile,
        "colour disc": layout.color_marker,
        "direction marker": layout.direction_marker,
    }
    return [
        f"{t.text!r} {t.rect} lies across the {name} {r}"
        for t in drawn
        if t.surface_size == layout.size
        for name, r in pieces.items()
        if t.rect.colliderect(r) and not r.contains(t.rect)
    ]


def dialog_over_the_piles(panel: pygame.Rect, layout: Any) -> list[str]:
    pieces = {
        "draw pile": layout.draw_pile,
        "discard pile": layout.discard_pile,
        "colour disc": layout.color_marker,
    }
    return [
        f"the dialog {panel} covers the {n} {r}" for n, r in pieces.items() if panel.colliderect(r)
    ]


def hand_problems(h: Any) -> list[str]:
    """Cards of the bottom hand crossing the line painted round the felt."""
    table = h.table
    rects = table.frames.hand_rects(table.frames.hand_cards(), table.frames.playable())
    frame = table.layout.felt_frame
    return [f"card {r} crosses the table's frame {frame}" for r in rects if not frame.contains(r)]


@pytest.mark.parametrize("sub", ["rules", "settings"])
def test_a_sub_screen_of_the_pause_menu_is_opaque(services, sub):
    h = table_of(4)((1024, 600), services)
    pause = PauseScene(services, h.match)
    h.stack.push(pause)
    h.stack.apply_pending()
    getattr(pause, sub)()
    h.stack.apply_pending()
    assert h.stack.visible() == [h.stack.top]  # neither the table nor the menu shows through
