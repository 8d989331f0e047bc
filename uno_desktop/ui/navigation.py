"""Where a scene can go: the one place that knows every scene class, and the ways into
the table (a new match, a resumed one).

Scenes never import each other. They ask `services.scenes` for the screen they want and
put it on their own stack (`self.stack.push(self.services.scenes.pause(match))`). Each
method imports its scene when called, so start-up loads only the title.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from uno_desktop.lang.i18n import N_, _
from uno_desktop.lazy_logger import LazyLogger

if TYPE_CHECKING:
    from pathlib import Path

    from uno_desktop.engine import RuleSet
    from uno_desktop.play.match import Match, Timing
    from uno_desktop.play.replay import Replay
    from uno_desktop.rules.options import Section
    from uno_desktop.ui.kit import Text
    from uno_desktop.ui.scene import Scene
    from uno_desktop.ui.services import Services
    from uno_desktop.ui.table.source import TableSource

log = LazyLogger(__name__)


class Scenes:
    """Every screen, made on request for the services it was built with."""

    def __init__(self, services: Services) -> None:
        self._services = services

    # --- menus
    def title(self) -> Scene:
        """The title screen; any match being played is left (its phones stop)."""
        from uno_desktop.ui.scenes.title import TitleScene

        self._services.end_session()
        return TitleScene(self._services)

    def new_game(self) -> Scene:
        from uno_desktop.ui.scenes.new_game import NewGameScene

        return NewGameScene(self._services)

    def settings(self, *, overlay: bool = False) -> Scene:
        from uno_desktop.ui.scenes.settings import SettingsScene

        return SettingsScene(self._services)

    def statistics(self) -> Scene:
        from uno_desktop.ui.scenes.statistics import StatisticsScene

        return StatisticsScene(self._services)

    def how_to_play(
        self, rules: RuleSet | None = None, *, overlay: bool = False, at: Section | None = None
    ) -> Scene:
        """How to play for `rules`; `at`: opened at that section (a house-rule chip)."""
        from uno_desktop.ui.scenes.how_to_play import HowToPlayScene

        return HowToPlayScene(self._services, rules, overlay=overlay, at=at)

    def rules(
        self,
        base_name: str,
        base: RuleSet,
        changes: Mapping[str, object],
        *,
        editing: str = "",
        editing_title: str = "",
        on_play: Callable[[str, RuleSet, dict[str, Any]], None],
        on_saved: Callable[[str], None],
    ) -> Scene:
        """The Rules screen, starting from the preset `base_name` with `changes` made
        (`editing`: the user preset changed again, which saving replaces)."""
        from uno_desktop.ui.scenes.rules import RulesScene

        return RulesScene(
            self._services,
            base_name,
            base,
            changes,
            editing=editing,
            editing_title=editing_title,
            on_play=on_play,
            on_saved=on_saved,
        )

    def preset_name(
        self, title: Text, name: str, on_name: Callable[[str], str | None], *, button: Text
    ) -> Scene:
        """Asks for a preset's name; `on_name` uses it or gives the reason it cannot."""
        from uno_desktop.ui.scenes.preset_dialogs import PresetNameScene

        return PresetNameScene(self._services, title, name, on_name, button=button)

    def confirm(self, question: Text, yes: Text, on_yes: Callable[[], None]) -> Scene:
        """A yes/no question; only the `yes` button runs `on_yes` (Cancel and Esc do not)."""
        from uno_desktop.ui.scenes.preset_dialogs import ConfirmScene

        return ConfirmScene(self._services, question, yes, on_yes)

    def presets_folder(self) -> Scene:
        """Where our own presets live, a way to open it, and every broken file's reason."""
        from uno_desktop.rules.house_presets import open_presets_folder, presets_folder
        from uno_desktop.ui.new_game_presets import available_presets
        from uno_desktop.ui.scenes.preset_dialogs import PresetsFolderScene, can_open_folder

        _presets, errors = available_presets()
        opener = open_presets_folder if can_open_folder() else None
        return PresetsFolderScene(self._services, str(presets_folder()), errors, opener)

    def message(
        self,
        title: Text,
        text: Text,
        *,
        button: Text = "OK",
        on_close: Callable[[], None] | None = None,
    ) -> Scene:
        from uno_desktop.ui.scenes.message import MessageScene

        return MessageScene(self._services, title, text, button=button, on_close=on_close)

    def continue_or_replace(
        self, on_continue: Callable[[], None], on_replace: Callable[[], None]
    ) -> Scene:
        from uno_desktop.ui.scenes.message import ContinueOrReplaceScene

        return ContinueOrReplaceScene(self._services, on_continue, on_replace)

    # --- at the table
    def pause(self, match: TableSource, *, tutorial: bool = False) -> Scene:
        from uno_desktop.ui.scenes.pause import PauseScene

        return PauseScene(self._services, match, tutorial=tutorial)

    def round_end(self, match: TableSource, on_next_round: Callable[[], None]) -> Scene:
        from uno_desktop.ui.scenes.round_end import RoundEndScene

        return RoundEndScene(self._services, match, on_next_round=on_next_round)

    def match_end(self, match: TableSource) -> Scene:
        """The end of `match` (the live match: it is recorded and its save cleared)."""
        from uno_desktop.play.match import Match
        from uno_desktop.ui.scenes.match_end import MatchEndScene

        if not isinstance(match, Match):
            raise TypeError("the end of a match needs the match itself, not a view of it")
        return MatchEndScene(self._services, match)

    # --- replays
    def replay(self, replay: Replay, *, autoplay: bool = True) -> Scene:
        """A recorded round on the table; a notice when its preset changed since (the
        replay plays by the rules the round was played by either way)."""
        from uno_desktop.play.match import preset_changes
        from uno_desktop.ui.scenes.replay import ReplayScene

        record = replay.record
        storage = self._services.storage
        changes = preset_changes(record.preset, record.rules)
        if storage is not None and changes != []:
            if changes is None:
                text = _(
                    'The rules preset "{preset}" of this round cannot be found any more. '
                    "The replay shows the round with the rules it was played by."
                ).format(preset=record.preset)
            else:
                text = _(
                    'The rules preset "{preset}" was changed after this round ({options}). '
                    "The replay shows the round with the rules it was played by."
                ).format(preset=record.preset, options=", ".join(changes))
            storage.notice(text)
        return ReplayScene(self._services, replay, autoplay=autoplay)

    def watch_again(self, match: TableSource) -> Scene:
        """The replay of the round `match` just finished (from the live match, so it works
        even when nothing can be saved)."""
        from uno_desktop.play.match import Match
        from uno_desktop.play.replay import Replay, ReplayError, record_of

        try:
            if not isinstance(match, Match):
                raise ReplayError("no recorded round")
            return self.replay(Replay(record_of(match)))
        except (ReplayError, ValueError) as exc:
            log.warning("cannot replay the round: %s", exc)
            reason = str(exc)
            return self.message(
                N_("Watch again"),
                lambda: _("This round cannot be replayed ({reason}).").format(reason=reason),
            )

    def replays(self) -> Scene:
        from uno_desktop.ui.scenes.replays import ReplaysScene

        return ReplaysScene(self._services)

    def open_replay(self, path: Path) -> Scene:
        """The replay in `path`, or a message saying why it cannot be shown (a damaged
        record of ours is moved aside first)."""
        from uno_desktop.play.replay import ReplayError, open_replay_file

        try:
            replay = open_replay_file(path, self._services.storage)
        except ReplayError as exc:
            text = exc.reason
            return self.message(N_("This replay cannot be shown"), lambda: text)
        return self.replay(replay)

    # --- the tutorial
    def tutorial(self) -> Scene:
        """The first-game tutorial's table: a scripted round, never saved or recorded."""
        from uno_desktop.play.tutorial import Coach, tutorial_match
        from uno_desktop.ui.table.scene import TableScene

        match = tutorial_match(_("You"), clock=self._services.clock, timing=self._timing())
        return TableScene(self._services, match, coach=Coach())

    def tutorial_offer(self) -> Scene:
        """Asked once on the first start: learn in one short round, or not now."""
        from uno_desktop.ui.scenes.message import TutorialOfferScene

        return TutorialOfferScene(self._services)

    def tutorial_done(self) -> Scene:
        """The tutorial's end: "You know UNO" and the way back to the title."""
        from uno_desktop.ui.scenes.message import TutorialDoneScene

        return TutorialDoneScene(self._services)

    # --- into the table
    def table(self, match: Match) -> Scene:
        """The table for `match`, kept by a new session (saved after every action). A
        match with phone seats starts its phone server and shows the join panel first:
        the previous match's phones follow to it (Play again), or there are new links."""
        from uno_desktop.session.phones import phone_seats
        from uno_desktop.ui.table.scene import TableScene

        services = self._services
        previous = services.session.hand_over_phones() if services.session is not None else None
        if previous is not None and not phone_seats(match):
            previous.stop()  # a match left before this one lets its phones go
            previous = None
        services.end_session()
        session = services.session_for(match)
        if phone_seats(match):
            try:
                phones = session.start_phones(
                    listen=services.phone_listen,
                    colorblind=services.settings.colorblind,
                    wake=services.wake,
                    follow=previous,
                )
            except OSError as exc:
                services.end_session()
                if services.print_phone_links:
                    raise  # the command line says it and exits
                return self._no_phones(str(exc))
            if services.print_phone_links:
                for seat in phones.seats:
                    # seats are numbered from 1, as the table names them ("Player 2")
                    print(f"join seat {seat + 1}: {phones.url(seat)}", flush=True)
        session.save()
        table = TableScene(services, match)
        if session.phones is None:
            return table
        return self.join_panel(on_start=table)

    def _no_phones(self, reason: str) -> Scene:
        """The phone server could not start: say why, then back to the title."""
        scene: Scene

        def to_title() -> None:
            if scene.stack is not None:
                scene.stack.clear_to(self.title())

        scene = self.message(
            N_("The phones cannot join"),
            lambda: _(
                "The game could not listen for the phones ({reason}). Check the network "
                "and try again."
            ).format(reason=reason),
            on_close=to_title,
        )
        return scene

    def join_panel(self, *, on_start: Scene | None = None) -> Scene:
        """The phones' join codes: before the round (`on_start`: the table it opens when
        every phone joined or the host starts), or over the table to join again."""
        from uno_desktop.ui.scenes.join import JoinScene

        phones = self._services.phones
        if phones is None:
            raise RuntimeError("no phone seats at this table")
        return JoinScene(self._services, phones, on_start=on_start)

    def start_match(
        self,
        preset: str,
        rules: RuleSet,
        seats: Sequence[tuple[str, str]],
        seed: int,
        *,
        hints: bool = True,
    ) -> Scene:
        """Build a Match (`hints`: people may ask for a hint), deal the first round and
        return its table."""
        from uno_desktop.play.match import Match, SeatSpec

        match = Match(
            rules,
            [SeatSpec(name, kind) for name, kind in seats],
            seed,
            preset=preset,
            clock=self._services.clock,
            timing=self._timing(),
            hints=hints,
        )
        if not any(match.is_phone(s) for s in range(match.players)):
            match.start_round()  # (with phones, the table deals once the join panel is done)
        return self.table(match)

    def continue_match(self) -> Scene:
        """The table for the saved match, or a friendly message when it cannot be used: the
        save is then set aside (never deleted) and the message says where and what to do."""
        from uno_desktop.play.match import Match

        storage = self._services.storage
        doc = storage.load_match() if storage is not None else None
        if doc is None:
            return self.message(
                N_("Nothing to continue"),
                N_("There is no saved match any more. Start a new game!"),
            )
        try:
            match = Match.from_dict(doc, clock=self._services.clock, timing=self._timing())
            if match.round_no == 0:
                match.start_round()
        except Exception as exc:  # a saved file is untrusted input: a message, never a crash
            return self._unusable_match(exc)
        self._tell_if_preset_changed(match)
        return self.table(match)

    def _timing(self) -> Timing:
        return self._services.timing()

    def _unusable_match(self, exc: Exception) -> Scene:
        """Set the saved match aside with its reason and say what the player can do."""
        storage = self._services.storage
        reason = getattr(exc, "reason", None) or f"it cannot be rebuilt ({type(exc).__name__})"
        log.warning("saved match unusable: %s", reason)
        moved = None
        try:
            if storage is not None:
                moved = storage.set_match_aside(reason)
        except Exception:
            log.exception("could not set the saved match aside")
        preset = getattr(exc, "preset", None)
        if moved is None:
            text = _("Sorry! The saved match could not be opened ({reason}).").format(reason=reason)
        elif preset is not None:
            text = _(
                'The saved match plays by the rules preset "{preset}", which is missing or '
                "broken. It was kept as {name} in {folder}. To play it on, put the preset back "
                "(the file {preset}.yaml in your presets folder) and rename the kept file to "
                "saved_match.json."
            ).format(preset=preset, name=moved.name, folder=str(moved.parent))
        else:
            text = _(
                "Sorry! The saved match could not be opened ({reason}). It was kept as {name} "
                "in {folder}, so nothing is lost. Start a new game!"
            ).format(reason=reason, name=moved.name, folder=str(moved.parent))
        return self.message(N_("The saved match could not be opened"), lambda: text)

    def _tell_if_preset_changed(self, match: Match) -> None:
        """A notice when the preset a resumed match is named after changed or went away (the
        match keeps the rules it began with either way)."""
        storage = self._services.storage
        if storage is None:
            return
        try:
            changes = match.preset_changes()
        except Exception:
            log.exception("could not compare the preset")
            return
        if changes is None:
            storage.notice(
                _(
                    'The rules preset "{preset}" this match began with cannot be found any '
                    "more. The match goes on with the rules it began with."
                ).format(preset=match.preset)
            )
        elif changes and not _own_rules(match):
            storage.notice(
                _(
                    'The rules preset "{preset}" was changed after this match began '
                    "({options}). The match goes on with the rules it began with."
                ).format(preset=match.preset, options=", ".join(changes))
            )


def _own_rules(match: Match) -> bool:
    """Whether `match` began with rules changed in New game and not saved: they differ
    from its preset by design (their title says so), so that is no news on Continue."""
    from uno_desktop.rules.presets import PresetError, load_named_preset

    try:
        return load_named_preset(match.preset).title != match.rules.title
    except PresetError:
        return False
