"""Headless simulation: whole games with random legal actions (or bots), and figures."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, TypedDict

from ..engine import MAX_ROUND_MOVES, Action, Game, Observation, Play, RuleSet

if TYPE_CHECKING:
    from ..ai import Bot


def cut_off(game: Game) -> bool:
    """Whether a finished game was ended blocked by the engine's move limit (random
    players who draw when they could play can wander for a long time), not by its play."""
    return game.blocked and game.moves >= MAX_ROUND_MOVES


Chooser = Callable[[Observation | None, Game, list[Action], random.Random], Action]


def random_chooser(prefer_plays: bool) -> Callable[[Game, int, random.Random], Action]:
    """A random legal action for `seat`. With `prefer_plays`, a play when there is one
    (rounds under draw-until-playable can otherwise grow without end)."""

    def choose(game: Game, seat: int, rng: random.Random) -> Action:
        acts = game.legal_actions(seat)
        if prefer_plays:
            plays = [a for a in acts if type(a) is Play]
            if plays:
                return plays[rng.randrange(len(plays))]
        return acts[rng.randrange(len(acts))]

    return choose


@dataclass
class SimResult:
    preset: str
    players: int
    games: int
    seconds: float = 0.0
    decisions: int = 0
    turns: int = 0
    blocked: int = 0
    cut_off: int = 0  # of the blocked: ended by the move limit
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, object]:
        return {
            "preset": self.preset,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "games_per_s": round(self.games / self.seconds, 1) if self.seconds else None,
            "decisions": self.decisions,
            "us_per_decision": round(self.seconds / self.decisions * 1e6, 2)
            if self.decisions
            else None,
            "mean_turns": round(self.turns / self.games, 1) if self.games else 0,
            "blocked": self.blocked,
            "cut_off": self.cut_off,
            "wins_per_seat": self.wins,
            "points_per_seat": self.points,
        }


def simulate_random(
    rules: RuleSet, players: int, games: int, seed: int, *, prefer_plays: bool | None = None
) -> SimResult:
    """Play `games` rounds with random legal actions for the seat to move."""
    if prefer_plays is None:
        prefer_plays = rules.draw_until_playable
    choose = random_chooser(prefer_plays)
    rng = random.Random(seed)
    res = SimResult(rules.name, players, games, wins=[0] * players, points=[0] * players)
    t0 = time.perf_counter()
    for g in range(games):
        game = Game.new(rules, players, seed=rng.getrandbits(64), dealer=g % players, record=False)
        while not game.is_over:  # the engine ends a round at its move limit
            before = game.current
            game.apply(choose(game, game.current, rng))
            res.decisions += 1
            if game.current != before:
                res.turns += 1
        if game.winner is None:
            res.blocked += 1
            res.cut_off += cut_off(game)
        else:
            res.wins[game.winner] += 1
        for s, p in enumerate(game.points):
            res.points[s] += p
    res.seconds = time.perf_counter() - t0
    return res


def format_result(res: SimResult, as_json: bool) -> str:
    d = res.as_dict()
    if as_json:
        return json.dumps(d)
    lines = [
        f"preset {d['preset']}, {d['players']} players",
        f"games        {d['games']}  ({d['games_per_s']} games/s, {d['seconds']} s)",
        f"decisions    {d['decisions']}  ({d['us_per_decision']} us per decision)",
        f"mean turns   {d['mean_turns']}",
        f"blocked      {d['blocked']}",
        f"cut off      {d['cut_off']}  (of the blocked: still going at {MAX_ROUND_MOVES} moves)",
        "wins/seat    " + " ".join(str(w) for w in res.wins),
        "points/seat  " + " ".join(str(p) for p in res.points),
    ]
    return "\n".join(lines)


# ---------------------------------------------------------------- bot matches


def wilson_interval(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a win rate (95% with z = 1.96)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1.0 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


class BotRow(TypedDict):
    """One bot's figures in a `BotSimResult`."""

    bot: str
    wins: int
    win_rate: float
    ci95: tuple[float, float]
    points_per_game: float


@dataclass
class BotSimResult:
    """Whole rounds between bots. `wins`/`points` are per listed bot (not per seat):
    the bots rotate round the table every game, so none always sits first."""

    preset: str
    bots: list[str]
    games: int
    seconds: float = 0.0
    blocked: int = 0
    cut_off: int = 0  # of the blocked: ended by the move limit
    wins: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    seat_wins: list[int] = field(default_factory=list)  # by seat counted from the dealer's left

    def rows(self) -> list[BotRow]:
        """Each listed bot's wins, win rate with its 95% interval, and points per game."""
        rows = []
        for i, level in enumerate(self.bots):
            lo, hi = wilson_interval(self.wins[i], self.games)
            rows.append(
                BotRow(
                    bot=level,
                    wins=self.wins[i],
                    win_rate=round(self.wins[i] / self.games, 4) if self.games else 0.0,
                    ci95=(round(lo, 4), round(hi, 4)),
                    points_per_game=round(self.points[i] / self.games, 2) if self.games else 0,
                )
            )
        return rows

    def as_dict(self) -> dict[str, object]:
        rows = self.rows()
        return {
            "preset": self.preset,
            "players": len(self.bots),
            "games": self.games,
            "seconds": round(self.seconds, 3),
            "blocked": self.blocked,
            "cut_off": self.cut_off,
            "bots": rows,
            "wins_by_seat_from_dealer_left": self.seat_wins,
        }


def simulate_bots(rules: RuleSet, levels: Sequence[str], games: int, seed: int) -> BotSimResult:
    """Play `games` rounds between bots of `levels` (one per seat).

    Game g seats bot i at seat (i + g) % n and deals from seat (g // n) % n, so every
    bot plays from every seat and every position relative to the dealer. Before each
    turn decision every other seat, starting after the current one, may act out of
    turn once (catch, call UNO, jump in); the first that does is applied first.

    Each game's deal and its bots' rng come from their own stream (`seed`), so what a
    bot draws from its rng in one game never changes the cards of the next: two versions
    of a bot meet the same deals, game for game.
    """
    from ..ai import make_bot

    n = len(levels)
    bots = [make_bot(level) for level in levels]
    deals = random.Random(seed)
    res = BotSimResult(
        rules.name, list(levels), games, wins=[0] * n, points=[0] * n, seat_wins=[0] * n
    )
    t0 = time.perf_counter()
    for g in range(games):
        shift = g % n
        bot_at = [(s - shift) % n for s in range(n)]  # seat -> index into `bots`
        dealer = (g // n) % n
        game = Game.new(rules, n, seed=deals.getrandbits(64), dealer=dealer)
        rng = random.Random(deals.getrandbits(64))
        while not game.is_over:  # the engine ends a round at its move limit
            if _out_of_turn(game, bots, bot_at, rng):
                continue
            seat = game.current
            action = bots[bot_at[seat]].choose(
                game.observation(seat), game.legal_actions(seat), rng
            )
            if action is None:
                raise RuntimeError(f"{levels[bot_at[seat]]} bot returned None on its turn")
            game.apply(action)
        if game.winner is None:
            res.blocked += 1
            res.cut_off += cut_off(game)
        else:
            res.wins[bot_at[game.winner]] += 1
            res.seat_wins[(game.winner - dealer - 1) % n] += 1
        for s, p in enumerate(game.points):
            res.points[bot_at[s]] += p
    res.seconds = time.perf_counter() - t0
    return res


def _out_of_turn(game: Game, bots: Sequence[Bot], bot_at: list[int], rng: random.Random) -> bool:
    n = game.players
    for i in range(1, n):
        seat = (game.current + i) % n
        legal = game.legal_actions(seat)
        if not legal:
            continue
        action = bots[bot_at[seat]].choose(game.observation(seat), legal, rng)
        if action is not None:
            game.apply(action)
            return True
    return False


def format_bot_result(res: BotSimResult, as_json: bool) -> str:
    d = res.as_dict()
    if as_json:
        return json.dumps(d)
    rate = res.games / res.seconds if res.seconds else 0.0
    lines = [
        f"preset {d['preset']}, {d['players']} players, bots {','.join(res.bots)} "
        "(seats rotate every game)",
        f"games        {res.games}  ({rate:.1f} games/s, {res.seconds:.1f} s), "
        f"blocked {res.blocked} (cut off at {MAX_ROUND_MOVES} moves: {res.cut_off})",
        f"{'#':<3}{'bot':<8}{'wins':>7}{'win rate':>10}   "
        f"{'95% CI (Wilson)':<18}{'points/game':>12}",
    ]
    for i, row in enumerate(res.rows()):
        lo, hi = row["ci95"]
        lines.append(
            f"{i:<3}{row['bot']:<8}{row['wins']:>7}{row['win_rate'] * 100:>9.1f}%   "
            f"[{lo * 100:5.1f}%, {hi * 100:5.1f}%]  {row['points_per_game']:>12.1f}"
        )
    lines.append(
        "wins by seat (from the dealer's left): " + " ".join(str(w) for w in res.seat_wins)
    )
    return "\n".join(lines)
