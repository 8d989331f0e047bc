"""Statistics: every player's totals and the history of finished matches, kept in
stats.json by `uno_desktop.store.storage`.

`add_round` counts a finished round as soon as it ends, so the totals grow from the first
round on; `add_match` counts a finished match and the rounds of it not counted yet (pure:
nothing is written); `parse_stats` reads the JSON form entry by entry, so a damaged entry
costs that entry, not the whole file. The game's own seat names are kept in English and
shown in the language of the moment. Pure Python; no pygame, no files.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from ..play.names import is_seat_name, typeable
from ..play.seats import given_names, in_language, looks_like_computer
from .settings import (
    MAX_NAME_CHARS,
    MAX_SEATS,
    MIN_SEATS,
    SeatSetting,
    parse_bool,
    parse_int,
    parse_seats,
    parse_text,
)

HISTORY_LIMIT = 100
"""Finished matches kept in the statistics history (the oldest go first)."""
CHART_ROUNDS_LIMIT = 200
"""A history record keeps each round's points (for the chart) up to this many rounds;
a longer match keeps its totals and round count. Bounds the statistics file."""
NAMES_LIMIT = 1000
"""Player names kept in the statistics; past it, the names with the fewest matches go."""
MAX_COUNT = 2**53
"""The largest count or points total stored (exact in every JSON reader)."""
OPEN_MATCHES_LIMIT = 20
"""Unfinished matches whose rounds are counted so far (the oldest are forgotten first: a
match abandoned long ago is never finished)."""


@dataclasses.dataclass(frozen=True)
class PlayerStats:
    """Totals for one player name over every recorded match. `computer`: the name last
    sat at a computer seat (Statistics lists people apart from computer players)."""

    matches: int = 0
    match_wins: int = 0
    rounds: int = 0
    round_wins: int = 0
    points: int = 0
    best_round: int = 0  # the most points scored in a single round
    computer: bool = False

    def to_dict(self) -> dict[str, int | bool]:
        return dataclasses.asdict(self)


@dataclasses.dataclass(frozen=True)
class MatchRecord:
    """One finished match in the history, by seat order (names, not seat numbers, so the
    history still reads right when the seats change). `round_points` and `round_winners`
    are empty for a match longer than CHART_ROUNDS_LIMIT rounds (`rounds` still counts)."""

    finished_at: str  # ISO 8601 local time with offset, seconds
    preset: str
    seats: tuple[SeatSetting, ...]
    winner: str | None
    totals: tuple[int, ...]
    round_points: tuple[tuple[int, ...], ...]  # [round][seat]
    round_winners: tuple[int | None, ...]  # seat index per round; None: blocked round
    match_id: str | None = None  # the match controller's id: a match is counted once
    rounds: int = -1  # rounds played; -1: len(round_points)

    def __post_init__(self) -> None:
        if self.rounds < 0:
            object.__setattr__(self, "rounds", len(self.round_points))

    def to_dict(self) -> dict[str, Any]:
        return {
            "finished_at": self.finished_at,
            "preset": self.preset,
            "seats": [seat.to_dict() for seat in self.seats],
            "winner": self.winner,
            "totals": list(self.totals),
            "round_points": [list(points) for points in self.round_points],
            "round_winners": list(self.round_winners),
            "match_id": self.match_id,
            "rounds": self.rounds,
        }


@dataclasses.dataclass(frozen=True)
class Stats:
    """Per-name totals and the last `HISTORY_LIMIT` finished matches, oldest first."""

    players: Mapping[str, PlayerStats] = dataclasses.field(default_factory=dict)
    history: tuple[MatchRecord, ...] = ()
    #: match id -> rounds of that unfinished match already in the players' totals
    open_rounds: Mapping[str, int] = dataclasses.field(default_factory=dict)

    def player(self, name: str) -> PlayerStats:
        """The totals for `name` (zeros for a name never seen)."""
        return self.players.get(name, PlayerStats())

    def counted(self, match_id: str | None) -> bool:
        """Whether the match with this id is already in the statistics."""
        return match_id is not None and any(r.match_id == match_id for r in self.history)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": {name: s.to_dict() for name, s in self.players.items()},
            "history": [record.to_dict() for record in self.history],
            "open_rounds": dict(self.open_rounds),
        }

    def rounds_counted(self, match_id: str | None) -> int:
        """How many rounds of the match with this id the totals already hold."""
        return 0 if match_id is None else self.open_rounds.get(match_id, 0)


@dataclasses.dataclass(frozen=True)
class MatchResult:
    """What the match controller reports when a match ends (seat indices, not names).

    `round_points[r][s]` is what seat s scored in round r (`game.points`);
    `round_winners[r]` is the seat that went out in round r, None for a blocked round;
    `winner` is the seat that won the match, None if nobody did; `match_id` the match's
    id (a result with a known id is not counted again). Checked on construction against
    what the statistics reader accepts, so nothing recorded is dropped when read back.
    """

    preset: str
    seats: tuple[SeatSetting, ...]
    round_points: tuple[tuple[int, ...], ...]
    round_winners: tuple[int | None, ...]
    winner: int | None
    finished_at: datetime | None = None  # None: now
    match_id: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "round_points", tuple(tuple(p) for p in self.round_points))
        object.__setattr__(self, "round_winners", tuple(self.round_winners))
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ValueError(f"{n} seats; a table has {MIN_SEATS} to {MAX_SEATS}")
        texts = [(s.name, MAX_NAME_CHARS) for s in self.seats] + [(self.preset, 1000)]
        if self.match_id is not None:
            texts.append((self.match_id, 64))
        for text, limit in texts:
            if not isinstance(text, str) or not text.strip() or len(text) > limit:
                raise ValueError(f"expected a text of 1 to {limit} characters")
        if any(len(points) != n for points in self.round_points):
            raise ValueError("every round needs one score per seat")
        if any(not 0 <= p <= MAX_COUNT for points in self.round_points for p in points):
            raise ValueError("round points are whole numbers from 0 up")
        if len(self.round_winners) != len(self.round_points):
            raise ValueError("every round needs a winner entry (None for a blocked round)")
        for seat in (*self.round_winners, self.winner):
            if seat is not None and not 0 <= seat < n:
                raise ValueError(f"seat {seat} is not at this table")

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's match total."""
        return tuple(sum(points[s] for points in self.round_points) for s in range(len(self.seats)))


@dataclasses.dataclass(frozen=True)
class RoundResult:
    """One finished round of a match, as the table reports it: `round_no` (1-based),
    what each seat scored and the seat that went out (None: a blocked round). Checked on
    construction like `MatchResult`."""

    match_id: str
    round_no: int
    seats: tuple[SeatSetting, ...]
    points: tuple[int, ...]
    winner: int | None

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "points", tuple(self.points))
        n = len(self.seats)
        if not MIN_SEATS <= n <= MAX_SEATS:
            raise ValueError(f"{n} seats; a table has {MIN_SEATS} to {MAX_SEATS}")
        for text, limit in [(s.name, MAX_NAME_CHARS) for s in self.seats] + [(self.match_id, 64)]:
            if not isinstance(text, str) or not text.strip() or len(text) > limit:
                raise ValueError(f"expected a text of 1 to {limit} characters")
        if not 1 <= self.round_no <= MAX_COUNT:
            raise ValueError("rounds are numbered from 1")
        if len(self.points) != n or any(not 0 <= p <= MAX_COUNT for p in self.points):
            raise ValueError("one score per seat, a whole number from 0 up")
        if self.winner is not None and not 0 <= self.winner < n:
            raise ValueError(f"seat {self.winner} is not at this table")


def _parse_name(value: Any) -> str:
    """A player's name as the statistics keep it: one a seat may carry (`is_seat_name`),
    so every name read can be written again and shown."""
    if not is_seat_name(value):
        raise ValueError("a name no screen can show")
    return value


def _parse_plain(value: Any, max_chars: int = 1000) -> str:
    """A text that is no name (a preset, a match id): only characters text may hold
    (`names.typeable`: no NUL, control or lone surrogate, which no file could take)."""
    text = parse_text(value, max_chars)
    if typeable(text) != text:
        raise ValueError("a text with characters no file can hold")
    return text


def _parse_count(value: Any) -> int:
    number = parse_int(value)
    if not 0 <= number <= MAX_COUNT:
        raise ValueError("expected a count from 0 up")
    return number


_COUNT_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerStats) if f.name != "computer")


def _parse_player_stats(value: Any) -> tuple[PlayerStats, bool]:
    """A player's totals, and whether the entry said if the player is a computer (an
    older file does not: `parse_stats` then decides from the history)."""
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    counts: dict[str, Any] = {name: _parse_count(value.get(name, 0)) for name in _COUNT_FIELDS}
    if "computer" not in value:
        return PlayerStats(**counts), False
    return PlayerStats(**counts, computer=parse_bool(value["computer"])), True


def _parse_int_list(value: Any, length: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) != length:
        raise TypeError(f"expected a list of {length} numbers")
    return tuple(_parse_count(v) for v in value)


def _parse_match_record(value: Any) -> MatchRecord:
    if not isinstance(value, Mapping):
        raise TypeError("expected an object")
    finished_at = value.get("finished_at")
    if not isinstance(finished_at, str) or len(finished_at) > 40:
        raise TypeError("finished_at")
    datetime.fromisoformat(finished_at)
    seats = parse_seats(value.get("seats"))
    n = len(seats)
    winner = value.get("winner")
    if winner is not None:
        winner = _parse_name(winner)
    totals = _parse_int_list(value.get("totals"), n)
    rounds_raw = value.get("round_points")
    if not isinstance(rounds_raw, list) or len(rounds_raw) > CHART_ROUNDS_LIMIT:
        raise TypeError("round_points")
    round_points = tuple(_parse_int_list(points, n) for points in rounds_raw)
    winners_raw = value.get("round_winners", [None] * len(round_points))
    if not isinstance(winners_raw, list) or len(winners_raw) != len(round_points):
        raise TypeError("round_winners")
    round_winners = tuple(None if w is None else parse_int(w) for w in winners_raw)
    if any(w is not None and not 0 <= w < n for w in round_winners):
        raise ValueError("round winner out of range")
    match_id = value.get("match_id")
    if match_id is not None:
        match_id = _parse_plain(match_id, 64)
    rounds = _parse_count(value.get("rounds", len(round_points)))
    if rounds < len(round_points):
        raise ValueError("rounds")
    return MatchRecord(
        finished_at=finished_at,
        preset=_parse_plain(value.get("preset")),
        seats=seats,
        winner=winner,
        totals=totals,
        round_points=round_points,
        round_winners=round_winners,
        match_id=match_id,
        rounds=rounds,
    )


def parse_stats(data: Mapping[str, Any]) -> tuple[Stats, list[str]]:
    """Stats from their JSON form and what had to be left out, one line per entry (a
    damaged entry costs that entry, not the whole file; the caller keeps a copy of the
    file). A player's name no screen can show (`names.is_seat_name`) costs its entry."""
    lost: list[str] = []
    players: dict[str, PlayerStats] = {}
    unsaid: list[str] = []  # names whose entry does not say whether they are a computer
    raw_players = data.get("players", {})
    if isinstance(raw_players, Mapping) and len(raw_players) <= NAMES_LIMIT:
        for name, entry in raw_players.items():
            try:
                player, said = _parse_player_stats(entry)
                players[_parse_name(name)] = player
            except (TypeError, ValueError) as e:
                lost.append(f"players: {_shown(name)}: {e}")
                continue
            if not said:
                unsaid.append(name)
    else:
        lost.append(f"players: not an object of at most {NAMES_LIMIT} names")
    history: list[MatchRecord] = []
    raw_history = data.get("history", [])
    if isinstance(raw_history, list) and len(raw_history) <= HISTORY_LIMIT:
        for i, entry in enumerate(raw_history):
            try:
                history.append(_parse_match_record(entry))
            except (TypeError, ValueError) as e:
                lost.append(f"history: match {i + 1}: {e}")
    else:
        lost.append(f"history: not a list of at most {HISTORY_LIMIT} matches")
    for name in unsaid:
        players[name] = dataclasses.replace(players[name], computer=_was_computer(name, history))
    open_rounds: dict[str, int] = {}
    raw_open = data.get("open_rounds", {})  # absent from files written before rounds counted
    if isinstance(raw_open, Mapping) and len(raw_open) <= OPEN_MATCHES_LIMIT:
        for match_id, counted in raw_open.items():
            try:
                open_rounds[_parse_plain(match_id, 64)] = _parse_count(counted)
            except (TypeError, ValueError) as e:
                lost.append(f"open_rounds: {_shown(match_id)}: {e}")
    else:
        lost.append(f"open_rounds: not an object of at most {OPEN_MATCHES_LIMIT} matches")
    stats = Stats(_merge_given_names(players), tuple(history[-HISTORY_LIMIT:]), open_rounds)
    return stats, lost


def _shown(text: object) -> str:
    """A key from the file, quoted for a message: ASCII, one line, at most 40 characters."""
    quoted = ascii(text)
    return quoted if len(quoted) <= 40 else quoted[:39] + "…"


def _merge_given_names(players: Mapping[str, PlayerStats]) -> dict[str, PlayerStats]:
    """The players with the game's own names in English: a file from before they were
    kept so holds "Du" beside "You" (one player, counted under two names): added up."""
    merged: dict[str, PlayerStats] = {}
    for name, p in players.items():
        key = in_language(name, english=True)
        old = merged.get(key)
        if old is None:
            merged[key] = p
            continue
        sums = {f: min(MAX_COUNT, getattr(old, f) + getattr(p, f)) for f in _COUNT_FIELDS}
        sums["best_round"] = max(old.best_round, p.best_round)
        merged[key] = PlayerStats(**sums, computer=old.computer and p.computer)
    return merged


def _was_computer(name: str, history: list[MatchRecord]) -> bool:
    """For statistics written before players were marked: whether `name` last sat at a
    computer seat in the history; a name the history no longer holds, whether it is a
    name the game gives computer seats ("Computer 2", "Dator 2")."""
    for record in reversed(history):
        for seat in record.seats:
            if seat.name == name:
                return seat.kind.is_computer
    return looks_like_computer(name)


def _counted_rounds(
    old: PlayerStats, points: list[int], wins: int, computer: bool, matches: int, match_wins: int
) -> PlayerStats:
    """`old` with rounds that scored `points` (one entry per round), `wins` of them won,
    and `matches`/`match_wins` more counted."""
    return PlayerStats(
        matches=min(MAX_COUNT, old.matches + matches),
        match_wins=min(MAX_COUNT, old.match_wins + match_wins),
        rounds=min(MAX_COUNT, old.rounds + len(points)),
        round_wins=min(MAX_COUNT, old.round_wins + wins),
        points=min(MAX_COUNT, old.points + sum(points)),
        best_round=max([old.best_round, *points]),
        computer=computer,
    )


def _english_seats(seats: tuple[SeatSetting, ...]) -> tuple[SeatSetting, ...]:
    """The seats as the statistics keep them: the game's own names in English, and a
    name no screen can show (`names.is_seat_name`) as the seat's own name, as seats fall
    back, so nothing is written that could not be read (or written) again."""
    given = given_names([s.kind for s in seats])
    return tuple(
        SeatSetting(in_language(s.name if is_seat_name(s.name) else given[i], english=True), s.kind)
        for i, s in enumerate(seats)
    )


def _forget_extra_names(players: dict[str, PlayerStats], here: set[str]) -> None:
    """Past NAMES_LIMIT names, the names with the fewest matches go (never those here)."""
    if len(players) > NAMES_LIMIT:
        others = sorted((p for p in players if p not in here), key=lambda p: players[p].matches)
        for name in others[: len(players) - NAMES_LIMIT]:
            del players[name]


def add_round(stats: Stats, result: RoundResult) -> Stats:
    """`stats` with one more finished round counted for every seat (rounds, rounds won,
    points), so the totals grow before any match is finished. A round is counted once:
    only the next round of its match, and none of a match already finished."""
    if stats.counted(result.match_id):
        return stats
    if result.round_no != stats.rounds_counted(result.match_id) + 1:
        return stats  # counted already, or one was missed: the match's end counts the rest
    players = dict(stats.players)
    seats = _english_seats(result.seats)
    for i, seat in enumerate(seats):
        old = players.get(seat.name, PlayerStats())
        won = int(result.winner == i)
        players[seat.name] = _counted_rounds(
            old, [result.points[i]], won, seat.kind.is_computer, 0, 0
        )
    _forget_extra_names(players, {seat.name for seat in seats})
    open_rounds = {k: v for k, v in stats.open_rounds.items() if k != result.match_id}
    open_rounds[result.match_id] = result.round_no
    while len(open_rounds) > OPEN_MATCHES_LIMIT:
        del open_rounds[next(iter(open_rounds))]
    return Stats(players, stats.history, open_rounds)


def add_match(stats: Stats, result: MatchResult, finished_at: datetime) -> Stats:
    """`stats` with one more finished match counted (pure: nothing is written). A result
    whose match id is already in the history is not counted again. The game's own names
    are kept in English ("Du" as "You") and shown in the language of the moment, so a
    family that switches language keeps one line per player."""
    if stats.counted(result.match_id):
        return stats
    players = dict(stats.players)
    n_rounds = len(result.round_points)
    totals = result.totals
    seats = _english_seats(result.seats)
    done = min(n_rounds, stats.rounds_counted(result.match_id))  # counted as they ended
    for i, seat in enumerate(seats):
        old = players.get(seat.name, PlayerStats())
        mine = [points[i] for points in result.round_points[done:]]
        wins = sum(1 for w in result.round_winners[done:] if w == i)
        players[seat.name] = _counted_rounds(
            old, mine, wins, seat.kind.is_computer, 1, int(result.winner == i)
        )
    _forget_extra_names(players, {seat.name for seat in seats})
    charted = n_rounds <= CHART_ROUNDS_LIMIT
    record = MatchRecord(
        finished_at=finished_at.isoformat(timespec="seconds"),
        preset=typeable(result.preset) or "?",
        seats=seats,
        winner=None if result.winner is None else seats[result.winner].name,
        totals=tuple(min(MAX_COUNT, t) for t in totals),
        round_points=result.round_points if charted else (),
        round_winners=result.round_winners if charted else (),
        match_id=result.match_id,
        rounds=n_rounds,
    )
    open_rounds = {k: v for k, v in stats.open_rounds.items() if k != result.match_id}
    return Stats(players, (*stats.history, record)[-HISTORY_LIMIT:], open_rounds)


__all__ = [
    "CHART_ROUNDS_LIMIT",
    "HISTORY_LIMIT",
    "MAX_COUNT",
    "NAMES_LIMIT",
    "OPEN_MATCHES_LIMIT",
    "MatchRecord",
    "MatchResult",
    "PlayerStats",
    "RoundResult",
    "Stats",
    "add_match",
    "add_round",
    "parse_stats",
]
