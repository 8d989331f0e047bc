"""New game's presets: the list it offers (built-in, our own, rules changed and not
saved) and what a family does with its own rules from there: change the rules, save,
rename, duplicate, delete (after asking), and the presets folder with its problems.

The files themselves are written by `house_presets` (one writer for the screen and the
command line); this module only asks for names and answers and keeps the list current.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

from uno_desktop.engine.rules import CustomEffect, RuleSet
from uno_desktop.lang.i18n import N_, _, integer
from uno_desktop.rules import house_presets
from uno_desktop.rules.options import MAX_TITLE_CHARS
from uno_desktop.rules.presets import PresetError, load_named_preset
from uno_desktop.ui.kit import Dialog
from uno_desktop.ui.scene import Scene

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class PresetChoice:
    """One preset as this screen offers it."""

    name: str
    title: str
    description: str
    rules: RuleSet
    builtin: bool = True
    #: changes made in the Rules screen and not saved (by preset key), to the preset
    #: `changed_from`; `name` is then the preset they started from
    changes: Mapping[str, Any] | None = None
    changed_from: str = ""

    @property
    def key(self) -> str:
        """What New game's list knows it by (rules changed and not saved: apart)."""
        return self.name if self.changes is None else f"+{self.name}"

    def shown_title(self) -> str:
        """The title in the current language ("Official rules (changed)" when unsaved)."""
        if self.changes is None:
            return _(self.title)
        return _("{title} (changed)").format(title=_(self.title))


def available_presets() -> tuple[list[PresetChoice], list[str]]:
    """Usable presets and one notice per broken user preset (official alone as a fallback)."""
    try:
        from uno_desktop.rules.presets import list_presets

        listing = list_presets()
        presets = [
            PresetChoice(p.name, p.title, p.description, p.rules, p.builtin)
            for p in listing.presets
        ]
        errors = list(listing.errors)
    except Exception as exc:  # a broken preset folder must never block a new game
        log.exception("cannot list presets")
        presets, errors = [], [str(exc)]
    if not presets:
        rules = RuleSet()
        presets = [PresetChoice(rules.name, rules.title, rules.description, rules)]
    return presets, errors


class PresetActions(Dialog):
    """The part of New game that handles presets (New game is one of these)."""

    presets: list[PresetChoice]
    preset: PresetChoice
    errors: list[str]
    target: int
    n_players: int
    _rule_source: str
    rule_text: str
    rule_effect: CustomEffect
    rule_amount: int

    def start(self) -> None:
        """Start the match with the chosen preset (New game's Start)."""

    # --- our own rules (the files and their checks are `house_presets`')
    def _folder_text(self) -> str:
        """The button to the presets folder (it shows where it is), saying when files
        there could not be used."""
        if not self.errors:
            return _("Presets folder")
        return _("Presets folder: {n} not usable").format(n=integer(len(self.errors)))

    def show_folder(self) -> None:
        self._push(self.services.scenes.presets_folder())

    def _push(self, scene: Scene) -> None:
        if self.stack is not None:
            self.stack.push(scene)

    def change_rules(self) -> None:
        """The Rules screen, from the chosen preset: a user preset from what it extends,
        with its own changes (saving it again replaces it); rules changed and not saved
        from where they were left."""
        p = self.preset
        try:
            if p.changes is not None:
                base_name, changes = p.changed_from, dict(p.changes)
            else:
                draft = house_presets.load_draft(p.name)
                base_name, changes = draft.base, dict(draft.changes)
            base = load_named_preset(base_name)
        except PresetError as exc:
            reason = str(exc)
            self._push(self.services.scenes.message(N_("Change the rules"), lambda: reason))
            return
        self._push(
            self.services.scenes.rules(
                base_name,
                base,
                changes,
                editing="" if p.builtin else p.name,
                editing_title="" if p.builtin else p.title,
                on_play=partial(self._play_changed, p),
                on_saved=self._reload,
            )
        )

    def _play_changed(
        self, start: PresetChoice, base_name: str, rules: RuleSet, changes: dict[str, Any]
    ) -> None:
        """Rules changed and not saved: listed as "… (changed)" after the preset they
        started from (the match is named after it), chosen, and the match starts."""
        origin = next((q for q in self.presets if q.key == start.name), start)
        title = _("{title} (changed)").format(title=_(origin.title))[:MAX_TITLE_CHARS]
        changed = dataclasses.replace(
            origin,
            rules=rules.replace(title=title),
            changes=changes,
            changed_from=base_name,
        )
        self.presets = [q for q in self.presets if q.key != changed.key] + [changed]
        self.preset = changed
        self.target = rules.target_score
        rule = rules.custom_rule
        self._rule_source, self.rule_text = rule.text, _(rule.text)
        self.rule_effect, self.rule_amount = rule.effect, rule.amount
        self.rebuild()
        self.start()

    def _reload(self, name: str) -> None:
        """The presets again (one was saved, renamed or deleted); `name` chosen."""
        self.presets, self.errors = available_presets()
        keys = [p.key for p in self.presets]
        self.preset = self.presets[keys.index(name)] if name in keys else self.presets[0]
        self.target = self.preset.rules.target_score
        self.n_players = max(
            self.preset.rules.min_players, min(self.preset.rules.max_players, self.n_players)
        )
        self.rebuild()

    def rename_preset(self) -> None:
        self._ask(N_("Rename"), self.preset.title, house_presets.rename)

    def duplicate_preset(self) -> None:
        self._ask(N_("Duplicate"), "", house_presets.duplicate)

    def _ask(self, verb: str, title: str, do: Callable[[str, str], Path]) -> None:
        """Ask for a name, then `do(preset, name)`; the dialog shows why it cannot be."""
        name = self.preset.name

        def named(new_title: str) -> str | None:
            try:
                path = do(name, new_title)
            except house_presets.RulesRefused as exc:
                return "; ".join(p.reason for p in exc.problems)
            except PresetError as exc:
                return str(exc)
            self._reload(path.stem)
            return None

        self._push(self.services.scenes.preset_name(verb, title, named, button=verb))

    def delete_preset(self) -> None:
        """Delete the chosen user preset, after asking."""
        name, title = self.preset.name, self.preset.title
        question = _("Delete “{title}”? Its file is deleted for good.").format(title=title)

        def delete() -> None:
            try:
                house_presets.delete(name)
            except house_presets.RulesRefused as exc:
                reason = "; ".join(p.reason for p in exc.problems)
                self._push(self.services.scenes.message(N_("Delete"), lambda: reason))
            self._reload("")

        self._push(self.services.scenes.confirm(lambda: question, N_("Delete"), delete))
