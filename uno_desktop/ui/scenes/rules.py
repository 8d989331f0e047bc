"""The Rules screen: change any rule of a preset, play with it or save it as our rules.

Every control is made from the declarations (`options.OPTIONS`): a toggle for a yes/no
option, a choice for the others, counts per card kind for the deck and card points, text,
effect and amount for the Wild Customizable rule; each with its one-line explanation,
under its How to play heading. A change that would make the rules unplayable is refused
at once (the control keeps its value, a line says why) by `house_presets.check`, the
check of the preset files and the command line. The page scrolls (wheel, or the focus
moving with Tab and the arrows); the buttons and the refusal line stay below it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from uno_desktop.engine.rules import CustomEffect, CustomRule, RuleSet
from uno_desktop.lang.card_names import rank_name
from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.render import theme
from uno_desktop.render.fonts import font
from uno_desktop.rules import house_presets
from uno_desktop.rules.options import (
    AMOUNT_EFFECTS,
    CUSTOM_AMOUNT_LABEL,
    CUSTOM_AMOUNT_RANGE,
    DECK_RANKS,
    EFFECT_LABELS,
    MAX_CUSTOM_TEXT_CHARS,
    Kind,
    Option,
    Section,
    explained_in,
    option,
)
from uno_desktop.rules.rules_text import heading
from uno_desktop.ui.kit import (
    ERROR_TEXT_RGB,
    PANEL_ALPHA,
    Button,
    Choice,
    Dialog,
    Label,
    Stepper,
    TextInput,
    Toggle,
    Widget,
    current_floor,
    draw_panel,
    draw_scroll_bar,
    draw_text,
    wrap_words,
)

if TYPE_CHECKING:
    from uno_desktop.ui.services import Services

#: what Play hands back: the base preset's name, the rules, the changes by preset key
Played = Callable[[str, RuleSet, dict[str, Any]], None]


@dataclass
class Line:
    """A text the page draws itself (a heading, an explanation), in page pixels."""

    text: str
    rect: pygame.Rect
    px: int
    rgb: tuple[int, int, int]
    bold: bool = False


def shown_options() -> tuple[Option, ...]:
    """The options the screen has a control for (`house_presets.editable_options`: every
    one a preset file may set but its names), in How to play's order of sections."""
    editable = set(house_presets.editable_options())
    return tuple(o for s in Section for o in explained_in(s) if o in editable)


def explanation(opt: Option) -> str:
    """The option's one line, as a sentence in the current language."""
    text = _(opt.explain)
    return text[:1].upper() + text[1:]


class RulesScene(Dialog):
    """Start from the preset `base_name` (its rules `base`) with `changes` (by preset key)
    already made; `editing`: the user preset being changed again (saving replaces it)."""

    title = N_("Change the rules")

    def __init__(
        self,
        services: Services,
        base_name: str,
        base: RuleSet,
        changes: Mapping[str, Any] | None = None,
        *,
        editing: str = "",
        editing_title: str = "",
        on_play: Played,
        on_saved: Callable[[str], None],
    ) -> None:
        self.base_name, self.base = base_name, base
        self.editing, self.editing_title = editing, editing_title
        self.changes: dict[str, Any] = dict(changes or {})
        self._opened_with = dict(self.changes)  # Back asks first once they differ
        self.on_play, self.on_saved = on_play, on_saved
        self.refusal = ""  # why the last change was refused ("" : none)
        self.offset = 0
        self._view = pygame.Rect(0, 0, 0, 0)
        self._panel = pygame.Rect(0, 0, 0, 0)
        self._page_h = 0
        self._at: dict[int, pygame.Rect] = {}  # widget id -> its rect on the page
        self._rows: dict[int, pygame.Rect] = {}  # control id -> its row with its explanation
        self._lines: list[Line] = []
        self._refusal_rect = pygame.Rect(0, 0, 0, 0)
        super().__init__(services)

    # --- the rules as they stand
    def value(self, field: str) -> Any:
        """The value in force for the RuleSet field `field` (a deck: the kinds given)."""
        opt = option(field)
        base = getattr(self.base, field)
        if opt.key not in self.changes:
            return base
        given = self.changes[opt.key]
        return {**base, **given} if opt.kind is Kind.VALUES else given

    def rules(self) -> RuleSet:
        """The rules with every change (checked: the controls refuse what cannot play)."""
        return house_presets.build_rules(self.base_name, self.changes)

    # --- widgets, one set per declared option
    def build(self) -> None:
        #: each shown option's control(s), by RuleSet field
        self.controls: dict[str, list[Widget]] = {}
        self.rows: list[tuple[Section, Option, Label, list[Widget]]] = []
        for opt in shown_options():
            assert opt.section is not None
            widgets = self._controls_for(opt)
            self.controls[opt.field] = widgets
            label = Label(opt.label, 24, bold=True)
            self.rows.append((opt.section, opt, label, widgets))
        self.play_button = Button(N_("Play with these rules"), self.play, style="primary")
        saving = N_("Save our rules") if self.editing else N_("Save as our rules")
        self.save_button = Button(saving, self.ask_name)
        self.back_button = Button(N_("Back"), self.back)
        scrolled: list[Widget] = []
        for _section, _opt, label, widgets in self.rows:
            scrolled += [label, *widgets]
        self.scrolled = scrolled
        self.group.set_widgets([*scrolled, self.back_button, self.save_button, self.play_button])
        self._sync_visibility()

    def _controls_for(self, opt: Option) -> list[Widget]:
        value = self.value(opt.field)
        change = partial(self._try, opt)
        if opt.kind is Kind.FLAG:
            return [Toggle(bool(value), change)]
        if opt.kind is Kind.CHOICE:
            offered = [(v, t) for (_w, v), t in zip(opt.words, opt.word_labels, strict=True)]
            return [Choice(offered, value, change)]
        if opt.kind is Kind.COUNT:
            steps = opt.steps() if opt.per_match else range(opt.low, opt.high + 1)
            shown = opt.nearest_step(value) if opt.per_match else value
            return [Stepper(steps.start, steps[-1], shown, change, step=steps.step, fmt=integer)]
        if opt.kind in (Kind.DECK, Kind.VALUES):
            out: list[Widget] = []
            for rank in DECK_RANKS:
                out.append(Label(partial(rank_name, rank), 22))
                out.append(
                    Stepper(
                        opt.low,
                        opt.high,
                        int(value.get(rank, 0)),
                        partial(self._try_count, opt, rank),
                        fmt=integer,
                    )
                )
            return out
        rule: CustomRule = value
        self.rule_text = TextInput(
            _(rule.text), max_len=MAX_CUSTOM_TEXT_CHARS, on_change=self._set_rule_text
        )
        self.rule_effect: Choice[CustomEffect] = Choice(
            list(EFFECT_LABELS.items()), rule.effect, self._set_rule_effect
        )
        self.amount_label = Label(CUSTOM_AMOUNT_LABEL, 22)
        self.rule_amount = Stepper(*CUSTOM_AMOUNT_RANGE, rule.amount, self._set_rule_amount)
        return [self.rule_text, self.rule_effect, self.amount_label, self.rule_amount]

    def _sync_visibility(self) -> None:
        rule: CustomRule = self.value("custom_rule")
        amount = rule.effect in AMOUNT_EFFECTS
        self.amount_label.visible = self.rule_amount.visible = amount

    # --- a change: taken when the rules stay playable, else refused with the reason
    def _try(self, opt: Option, value: Any) -> None:
        self._propose(opt, opt.key, value)

    def _try_count(self, opt: Option, rank: str, count: int) -> None:
        self._propose(opt, f"{opt.key}.{rank}", count)

    def _set_rule_text(self, text: str) -> None:
        text = text.strip()
        if not text:  # an empty text is kept as the last one until something is typed
            return
        base_text = self.base.custom_rule.text
        if text == _(base_text):
            text = base_text  # a built-in text stays its msgid (shown in any language)
        self._propose(option("custom_rule"), "custom_rule.text", text)

    def _set_rule_effect(self, effect: CustomEffect) -> None:
        self._propose(option("custom_rule"), "custom_rule.effect", effect)
        self._sync_visibility()
        self._layout_key = None

    def _set_rule_amount(self, amount: int) -> None:
        self._propose(option("custom_rule"), "custom_rule.amount", amount)

    def _propose(self, opt: Option, key: str, value: Any) -> None:
        """What a control asks (`key`: an option, or one part of one, as a file writes
        it): taken when the rules stay playable, else refused with the reason."""
        changes = house_presets.change(self.base_name, self.changes, key, value)
        problems = house_presets.check(self.base_name, changes)
        if problems:
            reason = "; ".join(p.reason for p in problems)
            self.refusal = _("{option}: not taken, {reason}").format(
                option=_(opt.label), reason=reason
            )
            self._show_value(opt)  # the control goes back to the value in force
            self._layout_key = None
            return
        self.changes = changes
        if self.refusal:
            self.refusal = ""
            self._layout_key = None

    def _show_value(self, opt: Option) -> None:
        """Set `opt`'s control(s) back to the value in force."""
        value = self.value(opt.field)
        first = self.controls[opt.field][0]
        if isinstance(first, Toggle):
            first.value = bool(value)
        elif isinstance(first, Stepper) and opt.kind is Kind.COUNT:
            first.set_value(opt.nearest_step(value) if opt.per_match else value)
        elif isinstance(first, Choice):
            first.set_value(value)
        elif opt.kind in (Kind.DECK, Kind.VALUES):
            steppers = [w for w in self.controls[opt.field] if isinstance(w, Stepper)]
            for rank, stepper in zip(DECK_RANKS, steppers, strict=True):
                stepper.set_value(int(value.get(rank, 0)))
        else:
            self.rule_effect.set_value(value.effect)
            self.rule_amount.set_value(value.amount)
            self._sync_visibility()

    # --- the buttons
    def play(self) -> None:
        """Play with these rules (saved or not): New game starts the match with them."""
        self.on_play(self.base_name, self.rules(), dict(self.changes))
        self.close()

    def back(self) -> None:
        """Back (and Esc): changes not played nor saved are lost, so ask first."""
        if self.changes == self._opened_with or self.stack is None:
            self.close()
            return
        question = N_("Leave without saving? Your changes to the rules will be lost.")
        self.stack.push(self.services.scenes.confirm(question, N_("Leave"), self.close))

    def ask_name(self) -> None:
        if self.stack is not None:
            self.stack.push(
                self.services.scenes.preset_name(
                    N_("Save as our rules"), self.editing_title, self._save, button=N_("Save")
                )
            )

    def _save(self, title: str) -> str | None:
        """Save as `title` (over the preset being edited, if any); the reason it cannot
        be (the name dialog shows it), or None."""
        try:
            path = house_presets.save(
                title, self.base_name, self.changes, replace=self.editing or None
            )
        except house_presets.RulesRefused as exc:
            return "; ".join(p.reason for p in exc.problems)
        self.on_saved(path.stem)
        self.close()
        return None

    # --- keys and the wheel
    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._layout_key is None:
            self.relayout()
        if event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y * int(48 * self.scale))
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            hit = self.group.widget_at(event.pos)
            if hit in self.scrolled and hit is not None and not self._view.contains(hit.rect):
                return True  # a control not (wholly) in view is not drawn: not clickable
        used = super().handle_event(event)
        if event.type == pygame.KEYDOWN:
            self.scroll_to(self.group.focused)
        return used

    def scroll(self, delta: int) -> None:
        most = max(0, self._page_h - self._view.height)
        new = max(0, min(most, self.offset + delta))
        if new != self.offset:
            self.offset = new
            self._place_page()
            self.dirty = True

    def scroll_to(self, widget: Widget | None) -> None:
        """Scroll so that `widget` (a control on the page) is in full view."""
        if widget is None or id(widget) not in self._at:
            return
        r = self._rows.get(id(widget), self._at[id(widget)])
        margin = int(12 * self.scale)
        if r.top - margin < self.offset:
            self.scroll(r.top - margin - self.offset)
        elif r.bottom + margin > self.offset + self._view.height:
            self.scroll(r.bottom + margin - self.offset - self._view.height)

    # --- layout
    def layout(self, size: tuple[int, int], scale: float) -> None:
        w, h = size
        s = scale
        title = self.place_title(_("Change the rules"), int(40 * s))
        sub = _("Starting from: {preset}").format(preset=_(self.base.title))
        under = self.place_text("from", sub, int(22 * s), midtop=(w // 2, title.bottom + 1))
        pw = min(w - int(24 * s), int(1060 * s))
        bh = int(52 * s)
        gap = int(12 * s)
        refusal_lines = self._refusal_lines(pw - int(40 * s))
        refusal_h = len(refusal_lines) * font(self._refusal_px()).get_linesize()
        bottom = h - int(14 * s) - bh - gap - refusal_h
        top = under.bottom + int(6 * s)
        self._panel = pygame.Rect((w - pw) // 2, top, pw, bottom - top)
        self._view = self._panel.inflate(-int(36 * s), -int(20 * s))
        self._view.width -= int(12 * s)  # room for the scroll bar
        self._refusal_rect = pygame.Rect(
            self._panel.left + int(20 * s),
            self._panel.bottom + gap // 2,
            pw - int(40 * s),
            refusal_h,
        )
        bw = min(int(300 * s), (pw - 2 * gap) // 3)
        y = h - int(14 * s) - bh
        x0 = w // 2 - (3 * bw + 2 * gap) // 2
        for i, b in enumerate((self.back_button, self.save_button, self.play_button)):
            b.rect = pygame.Rect(x0 + i * (bw + gap), y, bw, bh)
        self._layout_page(s)
        self.offset = max(0, min(self.offset, self._page_h - self._view.height))
        self._place_page()

    def _layout_page(self, s: float) -> None:
        """Where every heading, label, control and explanation goes on the page."""
        width = self._view.width - int(8 * s)  # room for a focus ring at the right
        row_h = int(42 * s)
        small = max(current_floor(), int(20 * s))
        gap = int(8 * s)
        lab_w = int(width * 0.42)
        self._at, self._lines, self._rows = {}, [], {}
        y = 0
        section: Section | None = None
        for sec, opt, label, widgets in self.rows:
            if sec is not section:
                section = sec
                y += int(6 * s) if y else 0
                hp = int(30 * s)
                self._lines.append(
                    Line(heading(sec), pygame.Rect(0, y, width, hp), hp, theme.ACCENT_RGB, True)
                )
                y += font(hp, bold=True).get_linesize() + int(4 * s)
            self._at[id(label)] = pygame.Rect(0, y, lab_w - int(10 * s), row_h)
            explain = explanation(opt)
            if opt.kind in (Kind.DECK, Kind.VALUES, Kind.CUSTOM_RULE):
                y += row_h
            else:
                self._at[id(widgets[0])] = pygame.Rect(lab_w, y, width - lab_w, row_h)
                y += row_h + int(10 * s)  # clear of the focus ring
            for line in wrap_words(explain, small, width):
                f = font(small)
                self._lines.append(
                    Line(
                        line, pygame.Rect(0, y, width, f.get_linesize()), small, theme.TEXT_DIM_RGB
                    )
                )
                y += f.get_linesize()
            if opt.kind in (Kind.FLAG, Kind.CHOICE, Kind.COUNT):
                top = self._at[id(label)].top
                self._rows[id(widgets[0])] = pygame.Rect(0, top, width, y - top)
            y += gap
            if opt.kind in (Kind.DECK, Kind.VALUES):
                y = self._layout_counts(widgets, y, width, s) + gap
            elif opt.kind is Kind.CUSTOM_RULE:
                y = self._layout_custom(y, width, lab_w, row_h, s) + gap
        self._page_h = y + int(10 * s)

    def _layout_counts(self, widgets: list[Widget], y: int, width: int, s: float) -> int:
        """A count per card kind, in two columns: the kind's name, then its stepper."""
        cols = 2
        col_w = (width - int(20 * s)) // cols
        row_h = int(38 * s)
        pairs = list(zip(widgets[0::2], widgets[1::2], strict=True))
        rows = -(-len(pairs) // cols)
        for i, (label, stepper) in enumerate(pairs):
            col, r = divmod(i, rows)
            x = col * (col_w + int(20 * s))
            top = y + r * (row_h + int(4 * s))
            name_w = int(col_w * 0.5)
            self._at[id(label)] = pygame.Rect(x + int(16 * s), top, name_w - int(20 * s), row_h)
            self._at[id(stepper)] = pygame.Rect(x + name_w, top, col_w - name_w, row_h)
        return y + rows * (row_h + int(4 * s))

    def _layout_custom(self, y: int, width: int, lab_w: int, row_h: int, s: float) -> int:
        self._at[id(self.rule_text)] = pygame.Rect(0, y, width, row_h)
        y += row_h + int(8 * s)
        self._at[id(self.rule_effect)] = pygame.Rect(0, y, width, row_h)
        y += row_h + int(8 * s)
        if self.rule_amount.visible:
            self._at[id(self.amount_label)] = pygame.Rect(int(16 * s), y, lab_w, row_h)
            self._at[id(self.rule_amount)] = pygame.Rect(lab_w, y, width - lab_w, row_h)
            y += row_h + int(8 * s)
        return y

    def _place_page(self) -> None:
        """Put the page's widgets where the scroll shows them (out of view: hidden)."""
        dx, dy = self._view.left + int(4 * self.scale), self._view.top - self.offset
        for w in self.scrolled:
            r = self._at.get(id(w))
            if r is not None:
                w.rect = r.move(dx, dy)

    def _refusal_px(self) -> int:
        return max(current_floor(), int(24 * self.scale))

    def _refusal_lines(self, width: int) -> list[str]:
        return wrap_words(self.refusal, self._refusal_px(), width) if self.refusal else []

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """The page scrolls: its controls are checked against it, not against the window."""
        names = self.widget_names()
        page = {names.get(id(w), "") for w in self.scrolled}
        out = {
            k: r
            for k, r in super().layout_rects().items()
            if k.removeprefix("text:") not in page and "#" not in k
        }
        out["page"] = self._view.copy()
        if self.refusal:
            out["text:refusal"] = self._refusal_rect.copy()
        return out

    # --- drawing
    def draw(self, surface: pygame.Surface) -> None:
        """The page's widgets are drawn clipped to the page; the buttons as usual."""
        shown = {id(w): w.visible for w in self.scrolled}
        for w in self.scrolled:
            w.visible = False
        try:
            super().draw(surface)
        finally:
            for w in self.scrolled:
                w.visible = shown[id(w)]
        if self.closed:
            return
        prev = surface.get_clip()
        surface.set_clip(self._view)
        for w in sorted(self.scrolled, key=lambda w: w.focused):
            if w.visible and self._view.contains(w.rect):
                w.scale = self.scale
                w.draw(surface)
        surface.set_clip(prev)

    def draw_content(self, surface: pygame.Surface) -> None:
        s = self.scale
        self.draw_title(surface)
        self.draw_placed(surface, "from", theme.TEXT_DIM_RGB)
        draw_panel(surface, self._panel, s, alpha=PANEL_ALPHA)
        prev = surface.get_clip()
        surface.set_clip(self._view)
        dx, dy = self._view.left + int(4 * self.scale), self._view.top - self.offset
        for line in self._lines:
            r = line.rect.move(dx, dy)
            if self._view.contains(r):
                draw_text(surface, line.text, line.px, line.rgb, bold=line.bold, topleft=r.topleft)
        surface.set_clip(prev)
        draw_scroll_bar(surface, self._panel, self._view, self.offset, self._page_h, s)
        f = font(self._refusal_px())
        y = self._refusal_rect.top
        for text in self._refusal_lines(self._refusal_rect.width):
            draw_text(
                surface,
                text,
                self._refusal_px(),
                ERROR_TEXT_RGB,
                topleft=(self._refusal_rect.left, y),
            )
            y += f.get_linesize()
