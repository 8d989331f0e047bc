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

import dataclasses
import enum
import logging
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .ai.base import Bot
from .clock import Clock, ManualClock, MonotonicClock
from .engine import Game, IllegalAction, Observation, Phase, RuleSet
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
from .engine.events import CardPlayed, Event
from .engine.rules import CustomEffect, CustomRule, Scoring, Stacking
from .engine.scoring import match_winner as _scoring_match_winner

__all__ = [
    "COMPUTER_KINDS",
    "SEAT_KINDS",
    "Bot",
    "BotFactory",
    "Clock",
    "ManualClock",
    "Match",
    "MonotonicClock",
    "SeatSpec",
    "Timing",
    "play_match_headless",
]

log = logging.getLogger(__name__)

COMPUTER_KINDS: tuple[str, ...] = ("easy", "normal", "hard")
SEAT_KINDS: tuple[str, ...] = ("human", *COMPUTER_KINDS)

# Actions after which the engine closes any open UNO catch window.
_WINDOW_CLOSERS = (Play, Draw, Pass, Challenge)


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class SeatSpec:
    """Who sits at a seat: a display name and "human" or a computer level."""

    name: str
    kind: str  # "human" | "easy" | "normal" | "hard"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


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
    ) -> None:
        seats = tuple(seats)
        if not rules.min_players <= len(seats) <= rules.max_players:
            raise ValueError(
                f"{rules.name}: {len(seats)} seats; these rules allow "
                f"{rules.min_players} to {rules.max_players} players"
            )
        for i, spec in enumerate(seats):
            if spec.kind not in SEAT_KINDS:
                raise ValueError(f"seat {i}: kind {spec.kind!r}; expected one of {SEAT_KINDS}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        self.rules: RuleSet = rules
        self.seats: tuple[SeatSpec, ...] = seats
        self.seed: int = seed
        self.preset: str = preset if preset is not None else rules.name
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
        self._past_actions: list[list[Action]] = []  # action logs of earlier rounds
        factory = bot_factory if bot_factory is not None else default_bot_factory
        self._bots: dict[int, Bot] = {
            s: factory(spec.kind) for s, spec in enumerate(seats) if not spec.is_human
        }
        for bot in self._bots.values():
            prepare = getattr(bot, "prepare", None)  # optional: load what it needs now
            if prepare is not None:
                prepare(len(seats))
        self._base_rules_cache: RuleSet | None = None
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
        """The display name of `seat` (the UI builds log lines from events with it)."""
        return self.seats[seat].name

    def observation(self, seat: int) -> Observation:
        return self._require_game().observation(seat)

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
        return _scoring_match_winner(self.rules, self.totals)

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
            self._past_actions.append(list(self.game.actions))
            self.dealer = (self.dealer + 1) % self.players
        self.round_no += 1
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
        return Game.new(
            self.rules,
            self.players,
            dealer=dealer,
            rng=random.Random(f"{self.seed}:round:{round_no}"),
            scores=tuple(self.totals),
        )

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

    def _apply(self, action: Action) -> list[Event]:
        game = self._require_game()
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
        """Computer seats that could jump in right now (identical card to the top)."""
        game = self._require_game()
        if not self.rules.jump_in or game.phase is not Phase.PLAY:
            return []
        top = game.top_card
        if top.is_wild:
            return []
        hands = game.hands
        return [s for s in self._order_after(game.current) if s in self._bots and top in hands[s]]

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
        if due is not None and now >= due:
            seat = self._catch_seat
            choice, legal = self._ask(seat)  # type: ignore[arg-type]
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

    def _base_rules(self) -> RuleSet:
        if self._base_rules_cache is None:
            try:
                from .presets import load_preset

                self._base_rules_cache = load_preset(self.preset)
            except (ValueError, KeyError, OSError):
                self._base_rules_cache = RuleSet()
        return self._base_rules_cache

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready save: preset, rule overrides, seats, seed, totals and the action
        log of every round (the game states are rebuilt by replaying them)."""
        rounds = [list(a) for a in self._past_actions]
        if self.game is not None:
            rounds.append(list(self.game.actions))
        return {
            "preset": self.preset,
            "overrides": _rule_overrides(self._base_rules(), self.rules),
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "seed": self.seed,
            "round_no": self.round_no,
            "dealers": list(self.dealers),
            "totals": list(self.totals),
            "round_history": [list(p) for p in self.round_history],
            "rounds": [[action_to_dict(a) for a in r] for r in rounds],
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
        """Rebuild a saved match by replaying its action logs. ValueError on anything
        malformed, including an action the engine refuses."""
        if not isinstance(d, Mapping):
            raise ValueError(f"saved match: expected an object, got {type(d).__name__}")
        preset = _get(d, "preset", str)
        seed = _get(d, "seed", int)
        round_no = _get(d, "round_no", int)
        if round_no < 0:
            raise ValueError(f"saved match: round_no must not be negative, got {round_no}")
        overrides = d.get("overrides", {})
        if not isinstance(overrides, Mapping):
            raise ValueError("saved match: overrides must be an object")
        seats = _parse_seats(_get(d, "seats", list))
        n = len(seats)
        dealers = _int_list(_get(d, "dealers", list), "dealers", 0, n)
        totals = _int_list(_get(d, "totals", list), "totals")
        history = [
            tuple(_int_list(p, f"round_history[{i}]"))
            if isinstance(p, list)
            else _fail(f"round_history[{i}] must be a list")
            for i, p in enumerate(_get(d, "round_history", list))
        ]
        rounds = _get(d, "rounds", list)
        if len(dealers) != round_no or len(rounds) != round_no:
            raise ValueError(
                f"saved match: round_no is {round_no} but there are {len(dealers)} dealers "
                f"and {len(rounds)} round logs"
            )
        if len(totals) != n or any(len(p) != n for p in history):
            raise ValueError(f"saved match: totals and round_history need {n} entries each")
        if len(history) not in (round_no, round_no - 1):
            raise ValueError(
                f"saved match: {len(history)} finished rounds do not fit round_no {round_no}"
            )

        try:
            from .presets import load_preset

            base = load_preset(preset)
        except (ValueError, KeyError, OSError) as e:
            raise ValueError(f"saved match: cannot load preset {preset!r}: {e}") from None
        rules = _apply_overrides(base, overrides)

        match = cls(
            rules, seats, seed, preset=preset, clock=clock, timing=timing, bot_factory=bot_factory
        )
        match._base_rules_cache = base
        running = [0] * n
        for i, log_ in enumerate(rounds):
            if not isinstance(log_, list):
                raise ValueError(f"saved match: rounds[{i}] must be a list of actions")
            match.round_no = i + 1
            match.dealer = dealers[i]
            match.totals = list(running)
            game = match._new_game(i + 1, dealers[i])
            for j, ad in enumerate(log_):
                where = f"saved match: round {i + 1}, action {j + 1}"
                if not isinstance(ad, dict):
                    raise ValueError(f"{where}: expected an object, got {ad!r}")
                try:
                    action = action_from_dict(ad)
                except ValueError as e:
                    raise ValueError(f"{where}: {e}") from None
                try:
                    game.apply(action)
                except IllegalAction as e:
                    raise ValueError(f"{where} ({action}) is illegal on replay: {e}") from None
            if i < len(history):
                if not game.is_over:
                    raise ValueError(
                        f"saved match: round {i + 1} is recorded as finished "
                        "but its log does not end the round"
                    )
                if tuple(game.points) != history[i]:
                    raise ValueError(
                        f"saved match: round {i + 1} scored {game.points} on "
                        f"replay, the save says {history[i]}"
                    )
                running = [t + p for t, p in zip(running, game.points)]
            if i < round_no - 1:
                match._past_actions.append(list(game.actions))
            else:
                match.game = game
        if running != totals:
            raise ValueError(
                f"saved match: totals {totals} do not add up to the rounds ({running})"
            )
        match.totals = running
        match.round_history = history
        match.dealers = list(dealers)
        match._reset_timing()
        return match


# ---------------------------------------------------------------- save helpers


def _fail(message: str) -> Any:
    raise ValueError(f"saved match: {message}")


def _get(d: Mapping[str, Any], key: str, kind: type) -> Any:
    if key not in d:
        raise ValueError(f"saved match: missing {key!r}")
    value = d[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ValueError(f"saved match: {key} must be {kind.__name__}, got {type(value).__name__}")
    return value


def _int_list(
    values: list[Any], what: str, low: int | None = None, high: int | None = None
) -> list[int]:
    out = []
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise ValueError(f"saved match: {what} must hold integers, got {v!r}")
        if low is not None and high is not None and not low <= v < high:
            raise ValueError(f"saved match: {what}: {v} is not a seat")
        out.append(v)
    return out


def _parse_seats(raw: list[Any]) -> list[SeatSpec]:
    seats = []
    for i, s in enumerate(raw):
        if not isinstance(s, Mapping):
            raise ValueError(f"saved match: seats[{i}] must be an object")
        name, kind = s.get("name"), s.get("kind")
        if not isinstance(name, str) or kind not in SEAT_KINDS:
            raise ValueError(
                f"saved match: seats[{i}] needs a name and a kind in {SEAT_KINDS}, got {s!r}"
            )
        seats.append(SeatSpec(name, kind))
    return seats


def _rule_value_to_json(value: object) -> object:
    if isinstance(value, CustomRule):
        return {"text": value.text, "effect": value.effect.value, "amount": value.amount}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, Mapping):
        return dict(value)
    return value


def _rule_overrides(base: RuleSet, rules: RuleSet) -> dict[str, object]:
    """The fields of `rules` that differ from the preset (target score, custom rule, ...)."""
    out: dict[str, object] = {}
    for f in dataclasses.fields(RuleSet):
        mine, theirs = getattr(rules, f.name), getattr(base, f.name)
        if isinstance(mine, Mapping):
            differs = dict(mine) != dict(theirs)
        else:
            differs = mine != theirs
        if differs:
            out[f.name] = _rule_value_to_json(mine)
    return out


def _apply_overrides(base: RuleSet, overrides: Mapping[str, Any]) -> RuleSet:
    fields = {f.name for f in dataclasses.fields(RuleSet)}
    changes: dict[str, object] = {}
    for key, value in overrides.items():
        where = f"saved match: overrides: {key}"
        if key not in fields:
            raise ValueError(f"{where}: not a rule option")
        current = getattr(base, key)
        if isinstance(current, CustomRule):
            if not isinstance(value, Mapping):
                raise ValueError(f"{where}: expected an object")
            text, effect, amount = value.get("text"), value.get("effect"), value.get("amount")
            if not isinstance(text, str) or not isinstance(amount, int) or isinstance(amount, bool):
                raise ValueError(f"{where}: needs text (string) and amount (integer)")
            try:
                changes[key] = CustomRule(text, CustomEffect(effect), amount)
            except ValueError:
                raise ValueError(f"{where}: unknown effect {effect!r}") from None
        elif isinstance(current, Stacking | Scoring):
            try:
                changes[key] = type(current)(value)
            except ValueError:
                raise ValueError(f"{where}: unknown value {value!r}") from None
        elif isinstance(current, Mapping):
            if not isinstance(value, Mapping) or not all(
                isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                for k, v in value.items()
            ):
                raise ValueError(f"{where}: expected an object of integers")
            changes[key] = dict(value)
        elif isinstance(current, bool):
            if not isinstance(value, bool):
                raise ValueError(f"{where}: expected true or false, got {value!r}")
            changes[key] = value
        elif isinstance(current, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise ValueError(f"{where}: expected an integer, got {value!r}")
            changes[key] = value
        elif isinstance(current, str):
            if not isinstance(value, str):
                raise ValueError(f"{where}: expected a string, got {value!r}")
            changes[key] = value
        else:  # pragma: no cover - a new kind of rule option
            raise ValueError(f"{where}: cannot restore this option")
    try:
        return base.replace(**changes)
    except (ValueError, TypeError) as e:
        raise ValueError(f"saved match: overrides: {e}") from None


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
    max_actions_per_round: int = 20_000,
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


def run_round_headless(match: Match, clock: ManualClock, max_actions: int = 20_000) -> None:
    """Drive the current round to its end, stepping `clock` to each due moment."""
    game = match._require_game()
    while not game.is_over:
        due = match.next_due_s()
        if due is None:
            raise RuntimeError("the round waits for a human; cannot play it headless")
        clock.advance(max(0.0, due - clock.now_s()))
        match.poll()
        if len(game.actions) > max_actions:
            raise RuntimeError(f"round {match.round_no} did not end within {max_actions} actions")
