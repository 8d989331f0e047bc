"""Headless simulation: whole games with random legal actions (or bots), and figures."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from .engine import Action, Game, Observation, Play, RuleSet

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
        while not game.is_over:
            before = game.current
            game.apply(choose(game, game.current, rng))
            res.decisions += 1
            if game.current != before:
                res.turns += 1
        if game.winner is None:
            res.blocked += 1
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
        "wins/seat    " + " ".join(str(w) for w in d["wins_per_seat"]),  # type: ignore[union-attr]
        "points/seat  " + " ".join(str(p) for p in d["points_per_seat"]),  # type: ignore[union-attr]
    ]
    return "\n".join(lines)


