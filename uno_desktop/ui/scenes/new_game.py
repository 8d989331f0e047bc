"""Setting up a match: the rules preset, the seats (who plays, human or computer), the
target score and, for decks with Wild Customizable cards, the table's own rule.

The last choices are remembered in the settings, so a family that always plays the same
way presses Start and plays.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.engine.rules import CustomEffect, CustomRule, RuleSet
from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.play.match import new_seed
from uno_desktop.play.seats import SeatKind, is_given_name, shown_names
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.rules.options import (
    AMOUNT_EFFECTS,
    CUSTOM_AMOUNT_LABEL,
    CUSTOM_AMOUNT_RANGE,
    EFFECT_LABELS,
    MAX_CUSTOM_TEXT_CHARS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    option,
)
from uno_desktop.ui.kit import (
    Button,
    Choice,
    Label,
    Stepper,
    TextInput,
    draw_panel,
    wrap_words,
)
from uno_desktop.ui.new_game_presets import PresetActions, available_presets
from uno_desktop.ui.scene import Scene

log = logging.getLogger(__name__)

MAX_SEATS = MAX_PLAYERS
NAME_CHARS = 16
HINTS: tuple[tuple[bool, str], ...] = (
    (True, N_("Hints allowed")),
    (False, N_("No hints: a serious match")),
)

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services


def has_custom_card(rules: RuleSet) -> bool:
    return rules.deck.get("WC", 0) > 0


def _kind_label(kind: SeatKind) -> str:
    return kind.label


# --- the screen -------------------------------------------------------------------------
class NewGameScene(PresetActions):
    title = N_("New game")

    def __init__(self, services: Services) -> None:
        self.presets, self.errors = available_presets()
        st = services.settings
        names = [p.name for p in self.presets]
        last = st.last_preset
        self.preset = self.presets[names.index(last)] if last in names else self.presets[0]
        # [the name as the field shows it, the seat kind]; the game's own names are shown
        # in the current language and remembered as no text (storage.SeatSetting)
        self.seats: list[list[str]] = []
        for seat in st.last_seats[:MAX_SEATS]:
            kind = SeatKind.parse(str(seat.kind)) or SeatKind.NORMAL
            name = seat.name
            self.seats.append([name, kind.value])
        self.n_players = max(2, len(self.seats)) if self.seats else 4
        if not self.seats:
            self.seats = [["", SeatKind.HUMAN.value]]
        self.seats += [["", SeatKind.NORMAL.value] for _i in range(MAX_SEATS - len(self.seats))]
        self.name_inputs: list[TextInput] = []  # built in build()
        self._rename()
        self.target = st.last_target_score or self.preset.rules.target_score
        rule = st.custom_rule or self.preset.rules.custom_rule
        # a built-in text is a msgid: shown in this language, kept as the msgid while unchanged
        self._rule_source = rule.text
        self.rule_text, self.rule_effect, self.rule_amount = _(rule.text), rule.effect, rule.amount
        self.hints = st.last_hints
        self._left = pygame.Rect(0, 0, 0, 0)
        self._right = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    # --- widgets
    def build(self) -> None:
        self.preset_choice: Choice[str] = Choice(
            [(p.key, p.shown_title) for p in self.presets],
            self.preset.key,
            self._set_preset,
        )
        self.rules_button = Button(N_("Change the rules"), self.change_rules)
        self.rename_button = Button(N_("Rename"), self.rename_preset)
        self.duplicate_button = Button(N_("Duplicate"), self.duplicate_preset)
        self.delete_button = Button(N_("Delete"), self.delete_preset, style="danger")
        self.folder_button = Button(self._folder_text, self.show_folder)
        target = option("target_score")  # its range and step, as every reader has them
        self.target_stepper = Stepper(
            target.steps().start,
            target.steps()[-1],
            target.nearest_step(self.target),
            self._set_target,
            step=target.step,
            fmt=integer,
        )
        self.rule_input = TextInput(
            self.rule_text, max_len=MAX_CUSTOM_TEXT_CHARS, on_change=self._set_rule_text
        )
        self.hints_choice: Choice[bool] = Choice(list(HINTS), self.hints, self._set_hints)
        self.effect_choice: Choice[CustomEffect] = Choice(
            list(EFFECT_LABELS.items()), self.rule_effect, self._set_effect
        )
        self.amount_stepper = Stepper(*CUSTOM_AMOUNT_RANGE, self.rule_amount, self._set_amount)
        self.players_stepper = Stepper(MIN_PLAYERS, MAX_PLAYERS, self.n_players, self._set_players)
        self.name_inputs = []
        self.kind_choices: list[Choice[str]] = []
        for i in range(MAX_SEATS):
            self.name_inputs.append(
                TextInput(
                    self.seats[i][0],
                    max_len=NAME_CHARS,
                    on_change=partial(self._set_name, i),
                )
            )
            self.kind_choices.append(
                Choice(
                    [(kind.value, partial(_kind_label, kind)) for kind in SeatKind],
                    self.seats[i][1],
                    partial(self._set_kind, i),
                )
            )
        self.back_button = Button(N_("Back"), self.back)
        self.start_button = Button(N_("Start"), self.start, style="primary")
        self.enter_button = self.start_button  # Enter on a choice or a name starts the game
        self.labels = {
            "rules": Label(N_("Rules"), 30, bold=True, color=theme.ACCENT_RGB),
            "target": Label(option("target_score").label),
            "hints": Label(N_("Hints")),
            "custom": Label(option("custom_rule").label, 26, bold=True, color=theme.ACCENT_RGB),
            "amount": Label(CUSTOM_AMOUNT_LABEL),
            "players": Label(N_("Players"), 30, bold=True, color=theme.ACCENT_RGB),
        }
        self.description = Label(
            lambda: _(self.preset.description), 22, color=theme.TEXT_DIM_RGB, wrap=True
        )
        seat_widgets: list[Any] = []
        for name, kind in zip(self.name_inputs, self.kind_choices, strict=True):
            seat_widgets += [name, kind]
        self.group.set_widgets(
            [
                self.preset_choice,
                self.rules_button,
                self.rename_button,
                self.duplicate_button,
                self.delete_button,
                self.description,
                self.labels["rules"],
                self.labels["target"],
                self.target_stepper,
                self.labels["hints"],
                self.hints_choice,
                self.labels["custom"],
                self.rule_input,
                self.effect_choice,
                self.labels["amount"],
                self.amount_stepper,
                self.labels["players"],
                self.players_stepper,
                *seat_widgets,
                self.folder_button,
                self.back_button,
                self.start_button,
            ]
        )
        self._sync_visibility()
        self.group.focus(self.start_button)

    def _sync_visibility(self) -> None:
        own = not self.preset.builtin and self.preset.changes is None
        for b in (self.rename_button, self.duplicate_button, self.delete_button):
            b.visible = own
        self.folder_button.style = "danger" if self.errors else "normal"
        custom = has_custom_card(self.preset.rules)
        for w in (self.labels["custom"], self.rule_input, self.effect_choice):
            w.visible = custom
        amount = custom and self.rule_effect in AMOUNT_EFFECTS
        self.amount_stepper.visible = self.labels["amount"].visible = amount
        for i in range(MAX_SEATS):
            shown = i < self.n_players
            self.name_inputs[i].visible = self.kind_choices[i].visible = shown

    # --- changes
    def _set_preset(self, key: str) -> None:
        self.preset = next(p for p in self.presets if p.key == key)
        self.target = self.preset.rules.target_score
        self.target_stepper.set_value(option("target_score").nearest_step(self.target))
        rules = self.preset.rules
        self.n_players = max(rules.min_players, min(rules.max_players, self.n_players))
        self.players_stepper.set_value(self.n_players)
        self._sync_visibility()
        self._layout_key = None

    def _set_target(self, value: int) -> None:
        self.target = value

    def _set_hints(self, value: bool) -> None:
        self.hints = value

    def _set_rule_text(self, value: str) -> None:
        self.rule_text = value

    def _set_effect(self, value: CustomEffect) -> None:
        self.rule_effect = value
        self._sync_visibility()
        self._layout_key = None

    def _set_amount(self, value: int) -> None:
        self.rule_amount = value

    def _set_players(self, value: int) -> None:
        self.n_players = value
        self._rename()
        self._sync_visibility()
        self._layout_key = None

    def _set_name(self, i: int, value: str) -> None:
        self.seats[i][0] = value

    def _set_kind(self, i: int, value: str) -> None:
        """A seat that changes kind changes the game's own name with it ("Computer 2"
        becomes "Player 3"); a name the family typed stays."""
        self.seats[i][1] = value
        self._rename()

    def _rename(self) -> None:
        """Every seat with the game's own name gets the one that fits the table now: "You"
        for the one person among computers, "Player 1", "Player 2" when several share the
        screen, computers numbered in seat order; a name the family typed stays."""
        table = [(name, kind) for name, kind in self.seats[: self.n_players]]
        hidden = [(name, kind) for name, kind in self.seats[self.n_players :]]
        names = shown_names(table) + shown_names(table + hidden)[len(table) :]
        for i, name in enumerate(names):
            self.seats[i][0] = name
        for field, name in zip(self.name_inputs, names, strict=False):
            if field.value != name:
                field.value = name

    # --- start
    def chosen_seats(self) -> list[tuple[str, str]]:
        """(name, kind) of each seat at the table, as the match records them."""
        seats = [(name, kind) for name, kind in self.seats[: self.n_players]]
        return list(zip(shown_names(seats), [kind for _name, kind in seats], strict=True))

    def chosen_rules(self) -> RuleSet:
        rules = self.preset.rules.replace(target_score=int(self.target))
        if has_custom_card(rules):
            text = self.rule_text.strip()
            if not text or text == _(self._rule_source):
                text = self._rule_source
            rules = rules.replace(
                custom_rule=CustomRule(
                    text=text, effect=self.rule_effect, amount=int(self.rule_amount)
                )
            )
        return rules

    def start(self) -> None:
        """Start the match; first ask whether to continue or replace a saved one."""
        rules = self.preset.rules
        seats = self.chosen_seats()
        if not rules.min_players <= len(seats) <= rules.max_players:
            return
        self._remember(seats)
        storage = self.services.storage
        if storage is not None and storage.has_saved_match() and self.stack is not None:
            self.stack.push(
                self.services.scenes.continue_or_replace(
                    self._continue_saved, lambda: self._start_new(seats)
                )
            )
            return
        self._start_new(seats)

    def _start_new(self, seats: list[tuple[str, str]]) -> None:
        scenes = self.services.scenes
        scene = scenes.start_match(
            self.preset.name, self.chosen_rules(), seats, new_seed(), hints=self.hints
        )
        self._leave_for(scene)

    def _continue_saved(self) -> None:
        self._leave_for(self.services.scenes.continue_match())

    def _leave_for(self, scene: Scene) -> None:
        """Go to `scene` in New game's place (closing the question first, if it is up)."""
        if self.stack is None:
            return
        if self.stack.top is not self:
            self.stack.pop()
        self.stack.replace(scene)

    def _remember(self, seats: list[tuple[str, str]]) -> None:
        """Keep the choices for next time (as the settings' own types when available)."""
        from uno_desktop.store.storage import SeatSetting

        last_seats = tuple(
            SeatSetting("" if is_given_name(n) else n, SeatKind(k)) for n, k in seats
        )
        changes: dict[str, Any] = {
            "last_preset": self.preset.name,
            "last_seats": last_seats,
            "last_target_score": int(self.target),
            "last_hints": self.hints,
        }
        if has_custom_card(self.preset.rules):
            changes["custom_rule"] = self.chosen_rules().custom_rule
        try:
            self.services.update_settings(**changes)
        except (TypeError, ValueError):
            log.exception("could not remember the new-game choices")

    # --- layout and drawing
    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        self.place_title(_("New game"), int(52 * s))
        margin = int(36 * s)
        top = int(100 * s)
        bottom = h - int(30 * s)
        col_w = (w - 3 * margin) // 2
        self._left = pygame.Rect(margin, top, col_w, bottom - top)
        self._right = pygame.Rect(2 * margin + col_w, top, col_w, bottom - top)
        pad = int(22 * s)
        L = self._left.inflate(-2 * pad, -2 * pad)
        R = self._right.inflate(-2 * pad, -2 * pad)
        row = int(46 * s)
        gap = int(12 * s)

        def place(wdg: Any, x: int, y: int, width: int, height: int = row) -> None:
            wdg.rect = pygame.Rect(x, y, width, height)

        y = L.top
        place(self.labels["rules"], L.left, y, L.width, int(34 * s))
        y += int(40 * s)
        rules_w = int(L.width * 0.45)
        place(self.preset_choice, L.left, y, L.width - rules_w - gap)
        place(self.rules_button, L.right - rules_w, y, rules_w)
        y += row + gap
        if self.rename_button.visible:
            own_w = (L.width - 2 * gap) // 3
            for i, b in enumerate((self.rename_button, self.duplicate_button, self.delete_button)):
                place(b, L.left + i * (own_w + gap), y, own_w, int(40 * s))
            y += int(40 * s) + gap
        f = font(int(22 * s))
        desc_lines = max(1, len(wrap_words(_(self.preset.description), int(22 * s), L.width)))
        place(self.description, L.left, y, L.width, desc_lines * f.get_linesize())
        y += desc_lines * f.get_linesize() + gap
        lab_w = int(L.width * 0.42)
        place(self.labels["target"], L.left, y, lab_w)
        place(self.target_stepper, L.left + lab_w, y, L.width - lab_w)
        y += row + gap
        place(self.labels["hints"], L.left, y, lab_w)
        place(self.hints_choice, L.left + lab_w, y, L.width - lab_w)
        y += row + gap + int(6 * s)
        if self.rule_input.visible:
            place(self.labels["custom"], L.left, y, L.width, int(30 * s))
            y += int(36 * s)
            place(self.rule_input, L.left, y, L.width)
            y += row + gap
            place(self.effect_choice, L.left, y, L.width)
            y += row + gap
            place(self.labels["amount"], L.left, y, lab_w)
            place(self.amount_stepper, L.left + lab_w, y, L.width - lab_w)
        bw = (L.width - gap) // 2
        bh = int(56 * s)
        place(self.back_button, L.left, L.bottom - bh, bw, bh)
        place(self.start_button, L.left + bw + gap, L.bottom - bh, bw, bh)

        y = R.top
        place(self.labels["players"], R.left, y, int(R.width * 0.5), int(34 * s))
        place(
            self.players_stepper,
            R.left + int(R.width * 0.55),
            y - int(4 * s),
            int(R.width * 0.45),
            int(40 * s),
        )
        y += int(48 * s)
        folder_h = int(46 * s)
        place(self.folder_button, R.left, R.bottom - folder_h, R.width, folder_h)
        avail = R.bottom - folder_h - gap - y
        shown = max(self.n_players, 1)  # rows as tall as the seats shown leave room for
        rh = min(row, max(int(24 * s), avail // shown - int(6 * s)))
        rgap = min(gap, max(2, (avail - shown * rh) // shown))
        name_w = int(R.width * 0.48)
        for i in range(MAX_SEATS):
            place(self.name_inputs[i], R.left, y, name_w - int(10 * s), rh)
            place(self.kind_choices[i], R.left + name_w, y, R.width - name_w, rh)
            y += rh + rgap

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        draw_panel(surface, self._left, s)
        draw_panel(surface, self._right, s)
