"""A match: seats, rounds, scores, dealer rotation, and computer players asked in time.

The engine plays one round and knows nothing of time; the UI draws and knows nothing
of rules. This module sits between them: it owns the sequence of rounds, adds up the
scores and asks the computer seats for their decisions when they are due. When that is
(thinking delay, UNO catch grace, jump-in reaction) `pacing` says, on an injected clock,
so tests step time by hand with `ManualClock`; how a match is saved and read back
`saved_match` says. No pygame here.

Determinism: one seed per match. Each round's `Game` gets its own rng derived from
(seed, round number), and every bot decision gets a fresh rng derived from (seed,
round, actions so far, seat). What a bot decides therefore depends only on the game
state, never on wall-clock timing or on whether the match was saved and resumed, and
a saved match is just preset + seed + the action log of every round.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..ai.base import Bot
from ..ai.knowledge import habits_of
from ..engine import Game, IllegalAction, Observation, RuleSet, SeatHabits
from ..engine.actions import Action, CallUno, CatchUno, Play
from ..engine.cards import Card
from ..engine.events import Event
from ..engine.rules import Scoring
from ..engine.scoring import match_winner as _scoring_match_winner
from ..rules.options import game_options_differ, quote, rules_to_json
from ..rules.presets import is_preset_name
from ..view import (
    SeatView,
    addressed_to,
    public_observation,
    seat_view,
    visible_events,
)
from .clock import Clock, ManualClock, MonotonicClock
from .names import MAX_NAME_CHARS, is_seat_name
from .pacing import Pacing, Timing, Window
from .saved_match import (
    MAX_HINTS,
    MAX_MATCH_ROUNDS,
    MAX_ROUND_ACTIONS,
    MAX_ROUND_POINTS,
    MAX_SEED,
    SEAT_KINDS_TEXT,
    SavedMatch,
    SavedMatchError,
    read_saved_match,
    rebuilding,
    replay_round,
    save_document,
)
from .seats import SeatKind, SeatSpec, in_language

__all__ = [
    "MAX_MATCH_ROUNDS",
    "MAX_ROUND_ACTIONS",
    "MAX_ROUND_POINTS",
    "MAX_SEED",
    "Bot",
    "BotFactory",
    "Clock",
    "FeedPos",
    "ManualClock",
    "Match",
    "MonotonicClock",
    "RoundResult",
    "RoundTooLong",
    "SavedMatchError",
    "SeatSpec",
    "Timing",
    "deal_round",
    "preset_changes",
]

log = logging.getLogger(__name__)


class RoundTooLong(RuntimeError):
    """A headless round did not end within the actions its driver allows (a bound lower
    than the engine's MAX_ROUND_MOVES, at which every round ends blocked)."""


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class FeedPos:
    """A reader's place in the match's events: which deal, and how many of its events."""

    deal: int
    index: int


@dataclass(frozen=True)
class RoundResult:
    """A finished round: every hand (sorted as dealt order leaves them), points, winner."""

    hands: tuple[tuple[Card, ...], ...]
    points: tuple[int, ...]
    winner: int | None
    blocked: bool


BotFactory = Callable[[str], Bot]


class _RandomBot:
    """Stand-in policy while uno_desktop.ai is missing: any legal play, else draw/pass."""

    def choose(
        self, observation: Observation, legal_actions: list[Action], rng: random.Random
    ) -> Action | None:
        if observation.current != observation.seat:
            return None
        plays = [a for a in legal_actions if type(a) is Play]
        if plays:
            return plays[rng.randrange(len(plays))]
        others = [a for a in legal_actions if type(a) is not Play]
        return others[0] if others else None


def default_bot_factory(level: str) -> Bot:
    """The computer player for `level` ("easy", "normal", "hard")."""
    from ..ai import make_bot

    return make_bot(level)


def preset_changes(preset: str, rules: RuleSet) -> list[str] | None:
    """The game options in which the preset named `preset` now differs from `rules` (what
    a match or a recorded round was played by), or None when it cannot be loaded any more."""
    from ..rules.presets import PresetError, load_named_preset

    try:
        current = load_named_preset(preset)
    except PresetError:
        return None
    return game_options_differ(current, rules)


def new_seed() -> int:
    """A fresh match seed (not the global random: a seed is recorded in the save)."""
    try:
        return int.from_bytes(os.urandom(6), "big")
    except NotImplementedError:
        return time.time_ns() % (1 << 48)


def deal_round(
    rules: RuleSet, players: int, seed: int, round_no: int, dealer: int, scores: Sequence[int]
) -> Game:
    """The deal of round `round_no` of the match with `seed`: the same cards for a live
    round, a resumed one and a replayed one (`scores`: the totals before the round)."""
    return Game.new(
        rules,
        players,
        dealer=dealer,
        rng=random.Random(f"{seed}:round:{round_no}"),
        scores=tuple(scores),
    )


# ---------------------------------------------------------------- the match


class Match:
    """A match in progress. Drive it with `act` (humans) and `poll` (every frame)."""

    def __init__(
        self,
        rules: RuleSet,
        seats: Sequence[SeatSpec],
        seed: int,
        *,
        preset: str | None = None,
        clock: Clock | None = None,
        timing: Timing = Timing(),
        bot_factory: BotFactory | None = None,
        match_id: str | None = None,
        hints: bool = True,
    ) -> None:
        seats = tuple(seats)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise ValueError(
                f"{rules.name}: {len(seats)} seats; these rules allow "
                f"{rules.min_players} to {rules.max_players} players"
            )
        for i, spec in enumerate(seats):
            if SeatKind.parse(spec.kind) is None:
                raise ValueError(
                    f"seat {i}: kind {quote(spec.kind)}; expected one of {SEAT_KINDS_TEXT}"
                )
            if not is_seat_name(spec.name):
                raise ValueError(
                    f"seat {i}: a name of 1 to {MAX_NAME_CHARS} characters; got {quote(spec.name)}"
                )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {quote(seed)}")
        preset = preset if preset is not None else rules.name
        if not is_preset_name(preset):
            raise ValueError(f"preset {quote(preset)}: a match names its preset, never a path")
        self.rules: RuleSet = rules
        self.seats: tuple[SeatSpec, ...] = seats
        self.seed: int = seed
        self.preset: str = preset
        #: counts the finished match once in the statistics, however often it is finished
        self.match_id: str = match_id if match_id is not None else os.urandom(8).hex()
        # Called after every applied action, and after a round is dealt or scored, so
        # an autosave there always holds the latest state.
        self.on_change: Callable[[Match], None] | None = None
        self.totals: list[int] = [0] * len(seats)
        self.round_no: int = 0  # rounds started so far; the current round's number (1-based)
        # The dealer of the current round; before the first round, the one drawn for it.
        self.dealer: int = random.Random(f"{seed}:dealer").randrange(len(seats))
        self.dealers: list[int] = []  # dealer of each started round
        self.game: Game | None = None
        self.round_history: list[tuple[int, ...]] = []
        #: whether people may ask for a hint (New game: "No hints: a serious match")
        self.hints: bool = bool(hints)
        #: hints each seat asked for this round (shown at the round end)
        self.hints_used: list[int] = [0] * len(seats)
        #: what the finished rounds showed of each seat's Wild Draw Fours and challenges
        #: (every bot's observation carries it; `ai.knowledge.habits_of`)
        self.habits: tuple[SeatHabits, ...] = ()
        self._rules_json: tuple[RuleSet, dict[str, Any]] | None = None
        factory = bot_factory if bot_factory is not None else default_bot_factory
        self._bots: dict[int, Bot] = {
            s: factory(spec.kind) for s, spec in enumerate(seats) if not spec.is_human
        }
        for bot in self._bots.values():
            prepare = getattr(bot, "prepare", None)  # optional: load what it needs now
            if prepare is not None:
                prepare(len(seats))
        self._factory = factory
        #: phone seats a computer plays while their phone is away (`stand_in`; not saved)
        self.stand_ins: frozenset[int] = frozenset()
        #: (deal, actions) a table last showed whole (`shown`): phones get their buttons
        #: for a move once the big screen has shown it
        self.shown_at: tuple[int, int] | None = None
        # when the computer seats act
        self._pacing = Pacing(clock if clock is not None else MonotonicClock(), timing, self._bots)
        # the deal the per-seat feed last saw (see `deal_id`)
        self._feed_game: Game | None = None
        self._feed_deal = 0

    @property
    def clock(self) -> Clock:
        """Where the match reads the time (injected: tests step a `ManualClock`)."""
        return self._pacing.clock

    @clock.setter
    def clock(self, clock: Clock) -> None:
        self._pacing.clock = clock

    @property
    def timing(self) -> Timing:
        """How long the computer seats wait (the settings change it during a match)."""
        return self._pacing.timing

    @timing.setter
    def timing(self, timing: Timing) -> None:
        self._pacing.timing = timing

    # ------------------------------------------------------------ seats

    @property
    def players(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int) -> bool:
        """A person decides for `seat` (at the screen or on a phone), not a computer
        (nor a computer standing in for the seat's phone)."""
        return self.seats[seat].is_human and seat not in self.stand_ins

    def stand_in(self, seat: int, on: bool) -> None:
        """Let a normal computer play the phone seat `seat` (on), from that seat's own
        observation like every computer, or give the seat back to its phone (off: the
        phone is back). Only phone seats; the saved match never holds it."""
        if not self.is_phone(seat) or (seat in self.stand_ins) == on:
            return
        if on:
            self._bots[seat] = self._factory("normal")
            self.stand_ins = self.stand_ins | {seat}
        else:
            self._bots.pop(seat, None)
            self.stand_ins = self.stand_ins - {seat}
        self._pacing.computers = frozenset(self._bots)
        if self.game is not None:
            self._pacing.follow(self.game)

    def is_phone(self, seat: int) -> bool:
        """A person plays `seat` from their own phone: the screen never shows its hand."""
        return self.seats[seat].is_phone

    def seat_name(self, seat: int) -> str:
        """The display name of `seat` (the UI builds log lines from events with it): the
        name the match began with, a name the game gave written in the current language."""
        return in_language(self.seats[seat].name)

    # ------------------------------------------------------------ rounds

    @property
    def round_over(self) -> bool:
        return self.game is not None and self.game.is_over

    @property
    def round_finished(self) -> bool:
        """Whether the current round's points are already in `totals`."""
        return len(self.round_history) == self.round_no

    @property
    def match_winner(self) -> int | None:
        """The seat that won the match, None while it goes on. After MAX_MATCH_ROUNDS
        finished rounds the match ends anyway and the leader wins."""
        return self._winner_of(self.totals, self.round_finished)

    def winner_after_round(self) -> int | None:
        """The match's winner once the round just over is counted (None: the match goes
        on, or the round is still played). The phones say it at the round end, before
        the round's points reach `totals`."""
        if self.round_finished:
            return self.match_winner
        if not self.round_over:
            return None
        points = self._require_game().points
        return self._winner_of([t + p for t, p in zip(self.totals, points)], True)

    def _winner_of(self, totals: Sequence[int], finished: bool) -> int | None:
        winner = _scoring_match_winner(self.rules, totals)
        if winner is None and self.round_no >= MAX_MATCH_ROUNDS and finished:
            if self.rules.scoring is Scoring.PENALTY:
                return min(range(self.players), key=lambda s: totals[s])
            return max(range(self.players), key=lambda s: totals[s])
        return winner

    @property
    def match_over(self) -> bool:
        return self.match_winner is not None

    def start_round(self) -> list[Event]:
        """Deal the next round. The first dealer was drawn from the seed; then the deal
        passes left (dealer + 1) each round."""
        if self.game is not None and not self.round_finished:
            raise RuntimeError("the current round is not finished (call finish_round first)")
        if self.match_over:
            raise RuntimeError("the match is over")
        if self.game is not None:
            self.dealer = (self.dealer + 1) % self.players
        self.round_no += 1
        self.hints_used = [0] * self.players
        self.dealers.append(self.dealer)
        self.game = self._new_game(self.round_no, self.dealer)
        self._reset_timing()
        self._changed()
        return list(self.game.log)

    def finish_round(self) -> None:
        """Add the round's points to the totals (once, after the round end was shown),
        and what it showed of each seat's Wild Draw Fours and challenges to its habits.

        game.points already follows the scoring mode (winner: all to the winner;
        penalty: every seat its own hand) and is all zeros for a blocked round.
        """
        game = self._require_game()
        if not game.is_over:
            raise RuntimeError("the round is still being played")
        if self.round_finished:
            raise RuntimeError("this round was already finished")
        points = tuple(game.points)
        self.round_history.append(points)
        self.totals = [t + p for t, p in zip(self.totals, points)]
        self.habits = habits_of(self._seat_observation(game, 0))
        self._changed()

    def _new_game(self, round_no: int, dealer: int) -> Game:
        return deal_round(self.rules, self.players, self.seed, round_no, dealer, self.totals)

    def _require_game(self) -> Game:
        if self.game is None:
            raise RuntimeError("no round has been dealt yet (call start_round)")
        return self.game

    # ------------------------------------------------------------ acting

    def human_to_act(self) -> int | None:
        """The human seat whose turn decision the game waits for, if any."""
        game = self.game
        if game is None or game.is_over:
            return None
        return game.current if self.is_human(game.current) else None

    def act(self, action: Action) -> list[Event]:
        """Apply any seat's action (humans also out of turn: jump-in, UNO, catch).
        IllegalAction propagates unchanged and changes nothing."""
        game = self.game
        if game is None:
            raise IllegalAction("no round has been dealt yet")
        self._pacing.follow(game)
        return self._apply(action)

    def note_hint(self, seat: int) -> None:
        """Count a hint `seat` asked for this round (ignored when hints are off)."""
        if self.hints and 0 <= seat < self.players:
            self.hints_used[seat] = min(MAX_HINTS, self.hints_used[seat] + 1)
            self._changed()

    def _apply(self, action: Action) -> list[Event]:
        game = self._require_game()
        events = game.apply(action)  # a round at the move limit ends blocked, as any
        self._pacing.note(game, action, events)
        self._changed()
        return events

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # ------------------------------------------------------------ what one screen may know
    #
    # The table is drawn for one viewer (a seat, or None for nobody) and learns the round
    # only through these methods: an observation, the viewer's legal actions, the round's
    # events as the viewer may see them, and the private results addressed to a seat.
    # Nothing here hands out the live game.

    @property
    def deal_id(self) -> int:
        """Which deal the current round is (changes whenever a new game is dealt or put in)."""
        if self.game is not self._feed_game:
            self._feed_game = self.game
            self._feed_deal += 1
        return self._feed_deal

    def _game_for(self, viewer: int | None) -> Game:
        """The round the per-seat views below are read from (the privacy tests put a
        game there whose hidden cards differ, and expect the same pictures)."""
        return self._require_game()

    def observation(self, viewer: int | None) -> Observation:
        """What `viewer` may know now, with the seats' habits from the match's earlier
        rounds; for None (nobody at the screen) what everybody knows: no hand, every drawn
        card and shown hand hidden. `seat` is -1 then."""
        game = self._game_for(viewer)
        if viewer is not None:
            return self._seat_observation(game, viewer)
        return public_observation(game.observation(0))

    def _seat_observation(self, game: Game, seat: int) -> Observation:
        obs = game.observation(seat)
        return dataclasses.replace(obs, habits=self.habits) if self.habits else obs

    def seat_view(self, viewer: int | None) -> SeatView:
        """Everything `viewer` may know now, and what it is asked, as one value (see
        `uno_desktop.view.SeatView`); for None what every seat may know."""
        legal = self.legal_actions(viewer) if viewer is not None else []
        return seat_view(self.observation(viewer), legal)

    def actions_taken(self) -> int:
        """How many actions this round has seen (0: the deal is all there is)."""
        return len(self._require_game().actions)

    def legal_actions(self, seat: int) -> list[Action]:
        """Everything `seat` may do now (its own cards decide: ask only for the viewer)."""
        if self.game is None:
            return []
        return self._game_for(seat).legal_actions(seat)

    def uno_actions(self, seat: int) -> list[Action]:
        """The UNO calls and catches open to `seat`: public knowledge (card counts and who
        declared), so the table may offer them to a person who is not at the screen."""
        return [a for a in self.legal_actions(seat) if type(a) in (CallUno, CatchUno)]

    def feed_end(self) -> FeedPos:
        """The place after the last event of the current round."""
        game = self._require_game()
        return FeedPos(self.deal_id, len(game.log))

    def events_since(self, pos: FeedPos | None, viewer: int | None) -> tuple[list[Event], FeedPos]:
        """The round's events after `pos`, as `viewer` may see them, and the new place.
        A place in an earlier deal (or None) reads the current round from its start."""
        deal = self.deal_id
        start = pos.index if pos is not None and pos.deal == deal else 0
        log = self._game_for(viewer).log
        return visible_events(log[start:], viewer), FeedPos(deal, len(log))

    def private_events(self, seat: int, since: FeedPos | None) -> list[Event]:
        """The round's events after `since` that carry something only `seat` may see:
        cards it drew, a hand it was shown in a challenge, a hand it received."""
        start = since.index if since is not None and since.deal == self.deal_id else 0
        return [e for e in self._game_for(seat).log[start:] if addressed_to(e, seat)]

    def round_result(self) -> RoundResult:
        """The finished round, every hand shown (nothing is secret once a round is over)."""
        game = self._require_game()
        if not game.is_over:
            raise RuntimeError("the round is still being played")
        return RoundResult(
            hands=tuple(tuple(h) for h in game.hands),
            points=tuple(game.points),
            winner=game.winner,
            blocked=bool(game.blocked),
        )

    # ------------------------------------------------------------ computer players

    def _reset_timing(self) -> None:
        """Start every timing window from now (a new round, a resumed or injected game)."""
        self._pacing.restart(self.game)

    def next_due_s(self) -> float | None:
        """Clock time when poll() will next have something to do (None: waiting for a
        human, or the round is over)."""
        game = self.game
        if game is None or game.is_over:
            return None
        return self._pacing.next_due_s(game)

    def shown(self) -> None:
        """A table has shown every action so far: people's windows to jump in or catch
        (see `pacing`) run from now, not from when the computer's card was applied."""
        if self.game is not None:
            self._pacing.follow(self.game)
            self._pacing.shown()
            self.shown_at = (self.deal_id, len(self.game.actions))

    def close_jump_in(self) -> None:
        """A person's turn begins at a hand-off screen: no computer may jump in on the card
        on top any more (so nothing changes whose turn it is behind that screen)."""
        self._pacing.close_jump()

    def _bot_rng(self, seat: int) -> random.Random:
        return random.Random(
            f"{self.seed}:round:{self.round_no}:act:{self.actions_taken()}:seat:{seat}"
        )

    def _ask(self, seat: int) -> tuple[Action | None, list[Action]]:
        game = self._require_game()
        legal = game.legal_actions(seat)
        obs = self._seat_observation(game, seat)
        choice = self._bots[seat].choose(obs, legal, self._bot_rng(seat))
        return choice, legal

    def poll(self) -> list[Event]:
        """Call every frame: applies at most one computer decision that is due now.

        In order: a catch of a seat that forgot UNO (after the grace period), a
        jump-in (after react_s), a computer remembering its own UNO (after react_s),
        the current computer seat's turn (after think_time_s).
        """
        game = self.game
        if game is None or game.is_over:
            return []
        pacing = self._pacing
        for due in pacing.due_now(game):
            if due.window is Window.TURN:
                return self._apply(self._turn_choice(game, game.current))
            for seat in due.seats:
                choice, legal = self._ask(seat)
                if due.takes(choice, seat) and choice in legal:
                    return self._apply(choice)
            pacing.decline(game, due.window)
        return []

    def _turn_choice(self, game: Game, seat: int) -> Action:
        """What the computer at `seat` plays on its turn; a legal fallback (logged) when
        its bot chose nothing legal."""
        choice, legal = self._ask(seat)
        if choice is not None and choice in legal:
            return choice
        log.warning(
            "seat %d (%s) chose %r on its turn; playing a fallback",
            seat,
            self.seats[seat].kind,
            choice,
        )
        choice = _RandomBot().choose(game.observation(seat), legal, self._bot_rng(seat))
        if choice is None:  # the engine always offers the current seat something
            raise RuntimeError(f"seat {seat} has no legal action on its turn")
        return choice

    # ------------------------------------------------------------ saving

    def preset_changes(self) -> list[str] | None:
        """The game options in which the preset this match is named after now differs from
        the rules the match plays by (an edited preset), or None when that preset cannot be
        loaded any more (renamed, deleted, broken). The match plays on with its own rules."""
        return preset_changes(self.preset, self.rules)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready save: the full rule set the match began with, seats, seed, the
        points of every finished round and the action log of the current round only, so
        an autosave costs the same in round 500 as in round 1. A round's deal follows from
        (seed, round, dealer, totals), so the current round is rebuilt by replaying it."""
        if self._rules_json is None or self._rules_json[0] is not self.rules:
            self._rules_json = (self.rules, rules_to_json(self.rules))
        return save_document(self.saved(), self._rules_json[1])

    def saved(self) -> SavedMatch:
        """What a save keeps of the match: the table, the finished rounds' points and the
        current round's log."""
        return SavedMatch(
            self.match_id,
            self.preset,
            self.rules,
            list(self.seats),
            self.seed,
            self.round_no,
            list(self.round_history),
            list(self.totals),
            logs=[] if self.game is None else [list(self.game.actions)],
            hints=self.hints,
            hints_used=list(self.hints_used),
            habits=self.habits,
        )

    @classmethod
    def from_dict(
        cls,
        d: Mapping[str, Any],
        *,
        clock: Clock | None = None,
        timing: Timing = Timing(),
        bot_factory: BotFactory | None = None,
    ) -> Match:
        """Rebuild a saved match. Every value is checked against the ranges a preset and
        a new match obey before anything is built; the current round is replayed.
        SavedMatchError (a ValueError, one line naming the problem) on anything wrong,
        including an action the engine refuses. A save of the first format (preset name
        plus overrides, every round's log) is read by loading that preset as it is now."""
        saved = read_saved_match(d)
        with rebuilding():
            return cls.resume(saved, clock=clock, timing=timing, bot_factory=bot_factory)

    @classmethod
    def resume(
        cls,
        saved: SavedMatch,
        *,
        clock: Clock | None = None,
        timing: Timing = Timing(),
        bot_factory: BotFactory | None = None,
    ) -> Match:
        """The match `saved` holds, its kept rounds replayed on the deals they were played
        on; SavedMatchError when a round is refused or scores differently on replay."""
        match = cls(
            saved.rules,
            saved.seats,
            saved.seed,
            preset=saved.preset,
            clock=clock,
            timing=timing,
            bot_factory=bot_factory,
            match_id=saved.match_id,
            hints=saved.hints,
        )
        if saved.dealers is None:
            match._resume_round(saved)
        else:
            match._resume_every_round(saved, saved.dealers)
        match._reset_timing()
        return match

    def _resume_round(self, saved: SavedMatch) -> None:
        """The current format: the finished rounds' points, the current round replayed."""
        round_no, history, n = saved.round_no, saved.history, len(saved.seats)
        if round_no == 0:
            return
        before = history[: round_no - 1]
        self.round_history = list(before)
        self.totals = [sum(points[s] for points in before) for s in range(n)]
        if self.match_over:
            raise SavedMatchError(f"the match was already over before round {round_no}")
        self.dealers = [(self.dealer + r) % n for r in range(round_no)]
        self.dealer = self.dealers[-1]
        self.round_no = round_no
        self.hints_used = list(saved.hints_used or [0] * n)
        game = self._new_game(round_no, self.dealer)
        replay_round(game, saved.logs[-1], f"round {round_no}")
        self.game = game
        if len(history) == round_no:
            if not game.is_over:
                raise SavedMatchError(
                    f"round {round_no} is recorded as finished but was not played out"
                )
            if tuple(game.points) != history[-1]:
                raise SavedMatchError(f"round {round_no} scores differently on replay")
            self.round_history = list(history)
            self.totals = list(saved.totals)
        self.habits = saved.habits

    def _resume_every_round(self, saved: SavedMatch, dealers: list[int]) -> None:
        """The first format: every round replayed from its own log and dealer."""
        history = saved.history
        running = [0] * len(saved.seats)
        for i, actions in enumerate(saved.logs):
            self.round_no = i + 1
            self.totals = list(running)
            game = self._new_game(i + 1, dealers[i])
            replay_round(game, actions, f"round {i + 1}")
            if i < len(history):
                if not game.is_over or tuple(game.points) != history[i]:
                    raise SavedMatchError(f"round {i + 1} scores differently on replay")
                running = [t + p for t, p in zip(running, game.points)]
                self.habits = habits_of(self._seat_observation(game, 0))
            self.game = game
        if running != saved.totals:
            raise SavedMatchError("totals do not add up to the rounds")
        self.totals = running
        self.round_history = list(history)
        self.dealers = list(dealers)
        if dealers:
            self.dealer = dealers[-1]


# ---------------------------------------------------------------- headless play


def run_round_headless(
    match: Match, clock: ManualClock, max_actions: int = MAX_ROUND_ACTIONS
) -> None:
    """Drive the current round to its end, stepping `clock` to each due moment; a round
    longer than `max_actions` raises RoundTooLong."""
    game = match._require_game()
    while not game.is_over:
        due = match.next_due_s()
        if due is None:
            raise RuntimeError("the round waits for a human; cannot play it headless")
        clock.advance(max(0.0, due - clock.now_s()))
        match.poll()
        if len(game.actions) > max_actions:
            raise RoundTooLong(f"round {match.round_no} did not end within {max_actions} actions")
