"""A match: seats, rounds, scores, dealer rotation and the pacing of computer players.

The engine plays one round and knows nothing of time; the UI draws and knows nothing
of rules. This module sits between them: it owns the sequence of rounds, adds up the
scores, asks the computer seats for their decisions when they are due, and keeps the
timing windows (thinking delay, UNO catch grace, jump-in reaction) on an injected
clock, so tests step time by hand with `ManualClock`. No pygame here.

Determinism: one seed per match. Each round's `Game` gets its own rng derived from
(seed, round number), and every bot decision gets a fresh rng derived from (seed,
round, actions so far, seat). What a bot decides therefore depends only on the game
state, never on wall-clock timing or on whether the match was saved and resumed, and
a saved match is just preset + seed + the action log of every round.
"""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .ai.base import Bot
from .clock import Clock, ManualClock, MonotonicClock
from .engine import Game, IllegalAction, Observation, RuleSet
from .engine.actions import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Draw,
    Pass,
    Play,
    action_from_dict,
    action_to_dict,
)
from .engine.cards import Card
from .engine.events import CardPlayed, Event
from .engine.rules import Scoring
from .engine.scoring import match_winner as _scoring_match_winner
from .options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    OptionError,
    check_rule_set,
    game_options_differ,
    option,
    quote,
    rules_from_json,
    rules_to_json,
)
from .presets import is_preset_name
from .seats import SeatKind, in_language
from .storage import MAX_NAME_CHARS
from .view import (
    SeatView,
    addressed_to,  # the table scene also imports it from here until the merge
    public_observation,
    seat_view,
    visible_events,
)

__all__ = [
    "MAX_MATCH_ROUNDS",
    "MAX_ROUND_ACTIONS",
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
    "play_match_headless",
    "preset_changes",
]

log = logging.getLogger(__name__)


_KINDS = ", ".join(SeatKind)  # for messages: "human, easy, normal, hard"

# Actions after which the engine closes any open UNO catch window.
_WINDOW_CLOSERS = (Play, Draw, Pass, Challenge)

MAX_ROUND_ACTIONS = 20_000
"""A round still going after this many actions never ends (normal rounds take a few
hundred; the preset check refuses rules that go round in circles): a clear error."""
MAX_MATCH_ROUNDS = 10_000
"""A match ends after this many rounds even if nobody reached the target: the leader
wins. Also bounds what a saved match can hold."""


class RoundTooLong(RuntimeError):
    """A round did not end within MAX_ROUND_ACTIONS actions."""


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a display name and a `SeatKind` ("human" or a computer level)."""

    name: str
    kind: str  # a SeatKind value; checked by Match

    @property
    def is_human(self) -> bool:
        return self.kind == SeatKind.HUMAN


@dataclass(frozen=True)
class Timing:
    """How long computer seats wait, so people can follow and react.

    think_time_s: a computer's turn follows the previous action after this long.
    catch_grace_s: a seat that forgot UNO has this long to say it before computers catch;
        computer turns wait for it too, so a human can press UNO (or catch a bot).
    react_s: computers jump in (or remember their own UNO) this long after the chance arose.
    """

    think_time_s: float = 0.8
    catch_grace_s: float = 1.5
    react_s: float = 0.6


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
    from .ai import make_bot

    return make_bot(level)


def preset_changes(preset: str, rules: RuleSet) -> list[str] | None:
    """The game options in which the preset named `preset` now differs from `rules` (what
    a match or a recorded round was played by), or None when it cannot be loaded any more."""
    from .presets import PresetError, load_named_preset

    try:
        current = load_named_preset(preset)
    except PresetError:
        return None
    return game_options_differ(current, rules)


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
                raise ValueError(f"seat {i}: kind {quote(spec.kind)}; expected one of {_KINDS}")
            if not _is_seat_name(spec.name):
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
        self.clock: Clock = clock if clock is not None else MonotonicClock()
        self.timing: Timing = timing
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
        self._rules_json: tuple[RuleSet, dict[str, Any]] | None = None
        factory = bot_factory if bot_factory is not None else default_bot_factory
        self._bots: dict[int, Bot] = {
            s: factory(spec.kind) for s, spec in enumerate(seats) if not spec.is_human
        }
        for bot in self._bots.values():
            prepare = getattr(bot, "prepare", None)  # optional: load what it needs now
            if prepare is not None:
                prepare(len(seats))
        # the deal the per-seat feed last saw (see `deal_id`)
        self._feed_game: Game | None = None
        self._feed_deal = 0
        # Timing state; rebuilt from "now" whenever the game object changes.
        self._tracked: Game | None = None
        self._last_action_s = 0.0
        self._top_since_s = 0.0
        self._catch_seat: int | None = None
        self._catch_since_s = 0.0
        # Out-of-turn questions already answered "nothing" at this many actions.
        self._declined_at = -1
        self._declined: set[str] = set()

    # ------------------------------------------------------------ seats

    @property
    def players(self) -> int:
        return len(self.seats)

    def is_human(self, seat: int) -> bool:
        return self.seats[seat].is_human

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
        winner = _scoring_match_winner(self.rules, self.totals)
        if winner is None and self.round_no >= MAX_MATCH_ROUNDS and self.round_finished:
            totals = self.totals
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
        """Add the round's points to the totals (once, after the round end was shown).

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
        self._sync()
        return self._apply(action)

    def note_hint(self, seat: int) -> None:
        """Count a hint `seat` asked for this round (ignored when hints are off)."""
        if self.hints and 0 <= seat < self.players:
            self.hints_used[seat] = min(MAX_HINTS, self.hints_used[seat] + 1)
            self._changed()

    def _apply(self, action: Action) -> list[Event]:
        game = self._require_game()
        if len(game.actions) >= MAX_ROUND_ACTIONS - 1:
            raise RoundTooLong(
                f"round {self.round_no} did not end within {MAX_ROUND_ACTIONS} moves; "
                "these rules let play go round in circles"
            )
        events = game.apply(action)
        now = self.clock.now_s()
        self._last_action_s = now
        catchable = game.catchable
        if catchable is None:
            self._catch_seat = None
        elif catchable != self._catch_seat or isinstance(action, _WINDOW_CLOSERS):
            self._catch_seat = catchable
            self._catch_since_s = now
        if any(type(e) is CardPlayed for e in events):
            self._top_since_s = now
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
        """What `viewer` may know now; for None (nobody at the screen) what everybody knows:
        no hand, every drawn card and shown hand hidden. `seat` is -1 then."""
        game = self._game_for(viewer)
        if viewer is not None:
            return game.observation(viewer)
        return public_observation(game.observation(0))

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

    # ------------------------------------------------------------ computer pacing

    def _reset_timing(self) -> None:
        """Start every timing window from now (a new round, a resumed or injected game)."""
        now = self.clock.now_s()
        game = self.game
        self._tracked = game
        self._last_action_s = now
        self._top_since_s = now
        self._catch_seat = game.catchable if game is not None else None
        self._catch_since_s = now
        self._declined_at = -1
        self._declined = set()

    def _sync(self) -> None:
        if self.game is not self._tracked:
            self._reset_timing()

    def _n_actions(self) -> int:
        game = self._require_game()
        return len(game.actions)

    def _is_declined(self, kind: str) -> bool:
        return self._declined_at == self._n_actions() and kind in self._declined

    def _decline(self, kind: str) -> None:
        n = self._n_actions()
        if self._declined_at != n:
            self._declined_at = n
            self._declined = set()
        self._declined.add(kind)

    def _order_after(self, seat: int) -> list[int]:
        """The other seats in turn order, starting after `seat`."""
        game = self._require_game()
        return [(seat + game.direction * k) % self.players for k in range(1, self.players)]

    def _catch_due_s(self) -> float | None:
        if self._catch_seat is None or self._is_declined("catch"):
            return None
        if not any(s != self._catch_seat for s in self._bots):
            return None
        return self._catch_since_s + self.timing.catch_grace_s

    def _self_call_due_s(self) -> float | None:
        seat = self._catch_seat
        if seat is None or seat not in self._bots or self._is_declined("uno"):
            return None
        return self._catch_since_s + self.timing.react_s

    def _jumpers(self) -> list[int]:
        """Computer seats the engine offers a jump-in right now (a Play out of turn)."""
        game = self._require_game()
        return [
            s
            for s in self._order_after(game.current)
            if s in self._bots and any(type(a) is Play for a in game.legal_actions(s))
        ]

    def _jump_due_s(self) -> float | None:
        if self._is_declined("jump") or not self._jumpers():
            return None
        return self._top_since_s + self.timing.react_s

    def _turn_due_s(self) -> float | None:
        game = self._require_game()
        if game.current not in self._bots:
            return None
        due = self._last_action_s + self.timing.think_time_s
        if self._catch_seat is not None:
            # Give the forgetful seat its grace period (and people a chance to catch).
            due = max(due, self._catch_since_s + self.timing.catch_grace_s)
        return due

    def next_due_s(self) -> float | None:
        """Clock time when poll() will next have something to do (None: waiting for a
        human, or the round is over)."""
        game = self.game
        if game is None or game.is_over:
            return None
        self._sync()
        dues = [
            d
            for d in (
                self._catch_due_s(),
                self._jump_due_s(),
                self._self_call_due_s(),
                self._turn_due_s(),
            )
            if d is not None
        ]
        return min(dues) if dues else None

    def _bot_rng(self, seat: int) -> random.Random:
        return random.Random(
            f"{self.seed}:round:{self.round_no}:act:{self._n_actions()}:seat:{seat}"
        )

    def _ask(self, seat: int) -> tuple[Action | None, list[Action]]:
        game = self._require_game()
        legal = game.legal_actions(seat)
        choice = self._bots[seat].choose(game.observation(seat), legal, self._bot_rng(seat))
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
        self._sync()
        now = self.clock.now_s()

        due = self._catch_due_s()
        if due is not None and now >= due:
            target = self._catch_seat
            for seat in self._order_after(target):  # type: ignore[arg-type]
                if seat not in self._bots:
                    continue
                choice, legal = self._ask(seat)
                if type(choice) is CatchUno and choice.target == target and choice in legal:
                    return self._apply(choice)
            self._decline("catch")

        due = self._jump_due_s()
        if due is not None and now >= due:
            for seat in self._jumpers():
                choice, legal = self._ask(seat)
                if type(choice) is Play and choice.seat == seat and choice in legal:
                    return self._apply(choice)
            self._decline("jump")

        due = self._self_call_due_s()
        forgetful = self._catch_seat
        if due is not None and now >= due and forgetful is not None:
            choice, legal = self._ask(forgetful)
            if type(choice) is CallUno and choice in legal:
                return self._apply(choice)
            self._decline("uno")

        due = self._turn_due_s()
        if due is not None and now >= due:
            seat = game.current
            choice, legal = self._ask(seat)
            if choice is None or choice not in legal:
                log.warning(
                    "seat %d (%s) chose %r on its turn; playing a fallback",
                    seat,
                    self.seats[seat].kind,
                    choice,
                )
                choice = _RandomBot().choose(game.observation(seat), legal, self._bot_rng(seat))
                if choice is None:  # the engine always offers the current seat something
                    raise RuntimeError(f"seat {seat} has no legal action on its turn")
            return self._apply(choice)
        return []

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
        game = self.game
        return {
            "format": SAVE_FORMAT,
            "match_id": self.match_id,
            "preset": self.preset,
            "rules": self._rules_json[1],
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "round_no": self.round_no,
            "round_history": [list(p) for p in self.round_history],
            "totals": list(self.totals),
            "actions": [] if game is None else [action_to_dict(a) for a in game.actions],
            "hints": self.hints,
            "hints_used": list(self.hints_used),
        }

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
        try:
            if not isinstance(d, Mapping):
                raise SavedMatchError(f"expected an object, got {quote(d)}")
            if "format" not in d and "overrides" in d:
                return _from_first_format(d, clock, timing, bot_factory)
            return _from_dict(cls, d, clock, timing, bot_factory)
        except SavedMatchError:
            raise
        except OptionError as e:
            raise SavedMatchError(f"rules: {e}") from None
        except (ValueError, TypeError, KeyError, IndexError, RecursionError) as e:
            raise SavedMatchError(f"cannot be rebuilt ({type(e).__name__})") from None


# ---------------------------------------------------------------- save helpers

SAVE_FORMAT = 2
"""The saved match's layout: 2 holds the whole rule set and only the current round's
actions; 1 (read, never written) held a preset name, overrides and every round."""

_SAVE_KEYS = frozenset(
    {
        "format",
        "match_id",
        "preset",
        "rules",
        "seats",
        "seed",
        "round_no",
        "round_history",
        "totals",
        "actions",
        "hints",
        "hints_used",
    }
)
_ACTION_KEYS = frozenset({"type", "seat", "card", "color", "target", "uno"})
MAX_SEED = 2**63
MAX_HINTS = MAX_ROUND_ACTIONS
"""Hints counted for one seat in one round at most (a saved count above it is refused)."""
MAX_ROUND_POINTS = 10_000_000
"""More than every card of the largest deck at the highest value: no round scores this."""


class SavedMatchError(ValueError):
    """A saved match cannot be rebuilt; the message says why in one line. `preset` names
    the preset a first-format save needs, when that is what is missing."""

    def __init__(self, reason: str, preset: str | None = None) -> None:
        super().__init__(f"saved match: {reason}")
        self.reason = reason
        self.preset = preset


def checked_field(d: Mapping[str, Any], key: str, kind: type) -> Any:
    """`d[key]`, which must be there and of `kind` (a bool is not an int)."""
    if key not in d:
        raise SavedMatchError(f"missing {key!r}")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SavedMatchError(f"{key} must be {kind.__name__}, got {quote(value)}")
    return value


def parse_table(d: Mapping[str, Any]) -> tuple[str, str, RuleSet, list[SeatSpec], int]:
    """What a saved match and a recorded round both hold, checked: the match id, the
    preset's name, the full rules, the seats (as many as the rules allow) and the seed.
    SavedMatchError or OptionError names the first problem."""
    match_id = checked_field(d, "match_id", str)
    if not MATCH_ID_CHARS.issuperset(match_id) or not 0 < len(match_id) <= 64:
        raise SavedMatchError(f"match_id {quote(match_id)} is not an id")
    preset = checked_field(d, "preset", str)
    if not is_preset_name(preset):
        raise SavedMatchError(f"preset {quote(preset)} is not a preset name")
    rules = rules_from_json(checked_field(d, "rules", dict))
    seats = parse_seats(checked_field(d, "seats", list))
    n = len(seats)
    if not rules.min_players <= n <= rules.max_players:
        raise SavedMatchError(
            f"{n} seats; its rules allow {rules.min_players} to {rules.max_players} players"
        )
    seed = checked_field(d, "seed", int)
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise SavedMatchError("seed out of range")
    return match_id, preset, rules, seats, seed


def _parse_progress(d: Mapping[str, Any], n: int) -> tuple[int, list[tuple[int, ...]], list[int]]:
    """A save's round number, the points of each finished round and the totals, checked
    for range and against each other's length (both save formats)."""
    round_no = checked_field(d, "round_no", int)
    if not 0 <= round_no <= MAX_MATCH_ROUNDS:
        raise SavedMatchError(f"round_no must be from 0 to {MAX_MATCH_ROUNDS}, got {round_no}")
    raw_history = checked_field(d, "round_history", list)
    if len(raw_history) not in (round_no, round_no - 1):
        raise SavedMatchError(f"{len(raw_history)} finished rounds do not fit round {round_no}")
    history = [
        tuple(int_list(p, f"round_history[{i}]", 0, MAX_ROUND_POINTS, n))
        for i, p in enumerate(raw_history)
    ]
    totals = int_list(
        checked_field(d, "totals", list), "totals", 0, MAX_ROUND_POINTS * MAX_MATCH_ROUNDS, n
    )
    return round_no, history, list(totals)


def int_list(
    values: object, what: str, low: int, high: int, length: int | None = None
) -> list[int]:
    """A list of whole numbers from `low` to `high` (exactly `length` of them if given)."""
    if not isinstance(values, list):
        raise SavedMatchError(f"{what} must be a list, got {quote(values)}")
    if length is not None and len(values) != length:
        raise SavedMatchError(f"{what} needs {length} entries, has {len(values)}")
    for v in values:
        if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= high:
            raise SavedMatchError(
                f"{what}: expected whole numbers from {low} to {high}, got {quote(v)}"
            )
    return list(values)


def parse_seats(raw: object) -> list[SeatSpec]:
    if not isinstance(raw, list) or not MIN_PLAYERS <= len(raw) <= MAX_PLAYERS:
        raise SavedMatchError(
            f"seats: expected {MIN_PLAYERS} to {MAX_PLAYERS} seats, got {quote(raw)}"
        )
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, Mapping):
            raise SavedMatchError(f"seats[{i}] must be an object")
        name, kind = s.get("name"), s.get("kind")
        if not isinstance(name, str) or not _is_seat_name(name):
            raise SavedMatchError(
                f"seats[{i}]: a name of 1 to {MAX_NAME_CHARS} characters, got {quote(name)}"
            )
        parsed = SeatKind.parse(kind)
        if parsed is None:
            raise SavedMatchError(f"seats[{i}]: kind must be one of {_KINDS}, got {quote(kind)}")
        seats.append(SeatSpec(name, parsed))
    return seats


def _is_seat_name(name: object) -> bool:
    return isinstance(name, str) and len(name.strip()) > 0 and len(name) <= MAX_NAME_CHARS


def parse_actions(raw: object, where: str) -> list[Action]:
    """The actions of one round log, each checked for shape before the engine sees it."""
    if not isinstance(raw, list):
        raise SavedMatchError(f"{where} must be a list of actions")
    if len(raw) >= MAX_ROUND_ACTIONS:
        raise SavedMatchError(
            f"{where}: the round did not end within {MAX_ROUND_ACTIONS} moves; these rules "
            "let play go round in circles"
        )
    out = []
    for j, ad in enumerate(raw):
        if not isinstance(ad, dict) or not set(ad) <= _ACTION_KEYS:
            raise SavedMatchError(f"{where}, action {j + 1}: expected an action, got {quote(ad)}")
        for value in ad.values():
            if (isinstance(value, str) and len(value) > 16) or isinstance(value, list | dict):
                raise SavedMatchError(f"{where}, action {j + 1}: {quote(value)} is no action part")
        try:
            out.append(action_from_dict(ad))
        except ValueError:
            raise SavedMatchError(f"{where}, action {j + 1}: not a valid action") from None
    return out


def _replay(game: Game, actions: list[Action], where: str) -> None:
    for j, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction:
            raise SavedMatchError(
                f"{where}, action {j + 1} ({clip_text(str(action))}) is illegal on replay"
            ) from None


def clip_text(text: str) -> str:
    return text if len(text) <= 60 else text[:60] + "…"


def _from_dict(
    cls: type[Match],
    d: Mapping[str, Any],
    clock: Clock | None,
    timing: Timing,
    bot_factory: BotFactory | None,
) -> Match:
    unknown = [k for k in d if k not in _SAVE_KEYS]
    if unknown:
        raise SavedMatchError(f"unknown entry {quote(unknown[0])} (saved by a newer version?)")
    if checked_field(d, "format", int) != SAVE_FORMAT:
        raise SavedMatchError(f"format {quote(d['format'])} is not one this version reads")
    match_id, preset, rules, seats, seed = parse_table(d)
    n = len(seats)
    round_no, history, totals = _parse_progress(d, n)
    running = [sum(points[s] for points in history) for s in range(n)]
    if running != totals:
        raise SavedMatchError("totals do not add up to the finished rounds")
    actions = parse_actions(checked_field(d, "actions", list), f"round {round_no}")
    if round_no == 0 and actions:
        raise SavedMatchError("actions before the first round was dealt")
    hints = d.get("hints", True)  # saves from before hints: hints on, none used
    if not isinstance(hints, bool):
        raise SavedMatchError(f"hints must be true or false, got {quote(hints)}")
    hints_used = int_list(d.get("hints_used", [0] * n), "hints_used", 0, MAX_HINTS, n)

    match = cls(
        rules,
        seats,
        seed,
        preset=preset,
        clock=clock,
        timing=timing,
        bot_factory=bot_factory,
        match_id=match_id,
        hints=hints,
    )
    if round_no == 0:
        match._reset_timing()
        return match
    before = history[: round_no - 1]
    match.round_history = list(before)
    match.totals = [sum(points[s] for points in before) for s in range(n)]
    if match.match_over:
        raise SavedMatchError(f"the match was already over before round {round_no}")
    match.dealers = [(match.dealer + r) % n for r in range(round_no)]
    match.dealer = match.dealers[-1]
    match.round_no = round_no
    match.hints_used = hints_used
    game = match._new_game(round_no, match.dealer)
    _replay(game, actions, f"round {round_no}")
    match.game = game
    if len(history) == round_no:
        if not game.is_over:
            raise SavedMatchError(
                f"round {round_no} is recorded as finished but was not played out"
            )
        if tuple(game.points) != history[-1]:
            raise SavedMatchError(f"round {round_no} scores differently on replay")
        match.round_history = list(history)
        match.totals = list(totals)
    match._reset_timing()
    return match


MATCH_ID_CHARS = frozenset("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_")


def _from_first_format(
    d: Mapping[str, Any],
    clock: Clock | None,
    timing: Timing,
    bot_factory: BotFactory | None,
) -> Match:
    """A save of the first format: the preset as it is now plus the overrides, every
    round replayed. A new match id is given (this format had none)."""
    from .presets import PresetError, load_named_preset

    preset = checked_field(d, "preset", str)
    if not is_preset_name(preset):
        raise SavedMatchError(f"preset {quote(preset)} is not a preset name")
    try:
        base = load_named_preset(preset)
    except PresetError:
        raise SavedMatchError(
            f"its rules come from the preset {quote(preset)}, which cannot be loaded", preset
        ) from None
    overrides = checked_field(d, "overrides", dict)
    unknown = [k for k in overrides if k not in {o.field for o in OPTIONS}]
    if unknown:
        raise SavedMatchError(f"overrides: unknown option {quote(unknown[0])}")
    changes = {k: option(k).from_json(v) for k, v in overrides.items()}
    rules = base.replace(**changes)
    check_rule_set(rules)
    seats = parse_seats(checked_field(d, "seats", list))
    n = len(seats)
    seed = checked_field(d, "seed", int)
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise SavedMatchError("seed out of range")
    round_no, history, totals = _parse_progress(d, n)
    dealers = int_list(checked_field(d, "dealers", list), "dealers", 0, n - 1, round_no)
    rounds = checked_field(d, "rounds", list)
    if len(rounds) != round_no:
        raise SavedMatchError(f"round_no is {round_no} but there are {len(rounds)} round logs")
    match = Match(
        rules, seats, seed, preset=preset, clock=clock, timing=timing, bot_factory=bot_factory
    )
    if not rules.min_players <= n <= rules.max_players:  # pragma: no cover - Match checks it
        raise SavedMatchError(f"{n} seats do not fit its rules")
    running = [0] * n
    for i, raw in enumerate(rounds):
        actions = parse_actions(raw, f"round {i + 1}")
        match.round_no = i + 1
        match.totals = list(running)
        game = match._new_game(i + 1, dealers[i])
        _replay(game, actions, f"round {i + 1}")
        if i < len(history):
            if not game.is_over or tuple(game.points) != history[i]:
                raise SavedMatchError(f"round {i + 1} scores differently on replay")
            running = [t + p for t, p in zip(running, game.points)]
        match.game = game
    if running != totals:
        raise SavedMatchError("totals do not add up to the rounds")
    match.totals = running
    match.round_history = history
    match.dealers = list(dealers)
    if dealers:
        match.dealer = dealers[-1]
    match._reset_timing()
    return match


# ---------------------------------------------------------------- headless play


def play_match_headless(
    rules: RuleSet,
    seats: Sequence[SeatSpec],
    seed: int,
    max_rounds: int = 100,
    *,
    preset: str | None = None,
    timing: Timing = Timing(),
    bot_factory: BotFactory | None = None,
    max_actions_per_round: int = MAX_ROUND_ACTIONS,
) -> Match:
    """Play an all-computer match to its end (or `max_rounds`) on a ManualClock that
    jumps straight to each next due moment. For --smoke runs and tests."""
    if any(s.is_human for s in seats):
        raise ValueError("play_match_headless needs computer seats only")
    clock = ManualClock()
    match = Match(
        rules, seats, seed, preset=preset, clock=clock, timing=timing, bot_factory=bot_factory
    )
    while not match.match_over and match.round_no < max_rounds:
        match.start_round()
        run_round_headless(match, clock, max_actions_per_round)
        match.finish_round()
    return match


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
