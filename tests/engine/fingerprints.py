"""Fingerprints of seeded random games: what the engine did, hashed, to compare versions.

A game is played by a seeded driver (plays preferred in turn; now and then a random other
seat takes one of its out-of-turn actions). Two sha256 digests are kept per game:

  play   events and a state snapshot after every action; every 4th step the observations
         of the seat that acted and of the next one (every 16th, every seat's, history
         included) and a game rebuilt with `Game.from_observation` (its state and the
         current seat's legal actions)
  legal  every seat's `legal_actions` before every action, in order

The driver draws the same random numbers whatever it is offered, and an out-of-turn seat
that declines its jump-in picks among its other actions exactly as if none were offered,
so a change to one legal action changes `play` only in games where that action was taken.

    .venv/bin/python -m tests.engine.fingerprints record FILE   # before a change
    .venv/bin/python -m tests.engine.fingerprints compare FILE  # after: lists what differs
    .venv/bin/python -m tests.engine.fingerprints digest        # the suite's digest

test_fingerprints.py keeps one digest over the presets' games (one seed) in the suite.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import hashlib
import json
import random
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path

from uno_desktop.engine import CustomEffect, CustomRule, Game, Play, RuleSet
from uno_desktop.engine.actions import Action
from uno_desktop.engine.events import CardPlayed, Event

MAX_STEPS = 3000
OBSERVE_EVERY = 4  # steps between observations (and games rebuilt from one)
OBSERVE_ALL_EVERY = 16  # steps between observations of every seat, history included
PRESETS = ("official", "family", "swedish", "party")
SUITE_SEEDS = range(1, 2)  # the suite hashes one game per preset and table size


@functools.cache
def rule_sets() -> dict[str, RuleSet]:
    """The four presets and variants that switch on what no preset does."""
    from uno_desktop.rules.presets import load_preset

    presets = {name: load_preset(name) for name in PRESETS}
    # The digest was recorded when the Swedish preset's rule text was this; wording is no
    # rule, so it stays pinned and the digest still says the play is the same.
    presets["swedish"] = presets["swedish"].replace(
        custom_rule=dataclasses.replace(
            presets["swedish"].custom_rule,
            text="Alla andra drar ett kort. / Everyone else draws one card.",
        )
    )
    official, family, swedish = presets["official"], presets["family"], presets["swedish"]
    variants = {
        "official-strict": official.replace(
            bluffing=False, false_catch_penalty=2, play_drawn=False
        ),
        "family-mixed-strict": family.replace(stacking="mixed", bluffing=False, challenge=False),
        **{
            f"swedish-{effect.value}": swedish.replace(
                custom_rule=CustomRule("house rule", effect, 2), jump_in=True, seven_zero=True
            )
            for effect in CustomEffect
        },
    }
    return {**presets, **variants}


@dataclasses.dataclass
class Fingerprint:
    play: str
    legal: str
    start_jump_offered: bool  # a jump-in on the turned-up start card was a legal action
    start_jump_taken: bool  # ... and the driver took it


def _observation_text(game: Game, seat: int, history: bool) -> str:
    obs = game.observation(seat)
    fields = [
        repr(getattr(obs, f.name))
        for f in dataclasses.fields(obs)
        if f.name not in ("rules", "history", "habits")  # habits: the match's, always ()
    ]
    return "|".join([*fields, repr(obs.history) if history else str(len(obs.history))])


def _state_text(game: Game) -> str:
    return repr(
        (
            game.hands,
            game.draw_pile,
            game.discard_pile,
            game.current,
            game.direction,
            game.active_color,
            game.phase,
            game.drawn_card,
            game.pending,
            game.pending_kind,
            game.challengeable,
            tuple(game.declared),
            game.catchable,
            game.stall,
            game.is_over,
            game.winner,
            game.points,
            game.blocked,
        )
    )


def _events_text(events: list[Event]) -> str:
    return "\n".join(map(repr, events))


def fingerprint(rules: RuleSet, players: int, seed: int) -> Fingerprint:
    """Play one seeded game and hash what happened (see the module docstring)."""
    game = Game.new(rules, players, seed=seed, dealer=None)
    rng = random.Random(seed * 7919 + players)
    play, legal = hashlib.sha256(), hashlib.sha256()
    play.update(_events_text(game.log).encode())
    offered = taken = False
    started = True  # no card played yet: the start card is on top
    for step in range(MAX_STEPS):
        if game.is_over:
            break
        options = [game.legal_actions(s) for s in range(players)]
        legal.update(repr(options).encode())
        if started and any(
            type(a) is Play for s in range(players) if s != game.current for a in options[s]
        ):
            offered = True
        if step % OBSERVE_EVERY == 0:
            obs = game.observation(game.current)
            rebuilt = Game.from_observation(obs, game.hands, game.draw_pile, random.Random(step))
            play.update(_state_text(rebuilt).encode())
            play.update(repr(rebuilt.legal_actions(rebuilt.current)).encode())
        u = [rng.random() for _ in range(5)]
        action = _choose(game, options, u)
        if started and type(action) is Play and action.seat != game.current:
            taken = True
        events = game.apply(action)
        started = started and not any(type(e) is CardPlayed for e in events)
        play.update(f"{action!r}\n{_events_text(events)}\n{_state_text(game)}".encode())
        if step % OBSERVE_ALL_EVERY == 0:
            seats: Iterable[int] = range(players)
        elif step % OBSERVE_EVERY == 0:
            seats = sorted({action.seat, game.current})
        else:
            seats = ()
        for seat in seats:
            play.update(_observation_text(game, seat, step % OBSERVE_ALL_EVERY == 0).encode())
    else:
        raise AssertionError(f"{rules.name}, {players} players, seed {seed}: no end")
    return Fingerprint(play.hexdigest(), legal.hexdigest(), offered, taken)


def _choose(game: Game, options: list[list[Action]], u: list[float]) -> Action:
    """The driver's action from five random numbers `u` (always five, whatever is offered)."""
    current = game.current
    if u[0] < 0.2:
        others = [s for s in range(game.players) if s != current]
        seat = others[int(u[1] * len(others))]
        plays = [a for a in options[seat] if type(a) is Play]
        rest = [a for a in options[seat] if type(a) is not Play]
        if plays and u[2] < 0.5:
            return plays[int(u[3] * len(plays))]
        if rest:
            return rest[int(u[3] * len(rest))]
    mine = options[current]
    plays = [a for a in mine if type(a) is Play]
    pool = plays if plays and u[2] < 0.9 else mine
    return pool[int(u[4] * len(pool))]


def games(seeds: range, names: Sequence[str] = ()) -> Iterator[tuple[str, RuleSet, int, int]]:
    """(key, rules, players, seed) for each rule set named (default: all), 2 to 10 seats
    and each seed."""
    for name in names or rule_sets():
        rules = rule_sets()[name]
        for players in range(2, 11):
            for seed in seeds:
                yield f"{name}/{players}/{seed}", rules, players, seed


def digest(seeds: range, names: Sequence[str] = ()) -> str:
    """One sha256 over the two digests of every game `games` lists."""
    total = hashlib.sha256()
    for key, rules, players, seed in games(seeds, names):
        fp = fingerprint(rules, players, seed)
        total.update(f"{key} {fp.play} {fp.legal}\n".encode())
    return total.hexdigest()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=("record", "compare", "digest"))
    ap.add_argument("file", type=Path, nargs="?")
    ap.add_argument("--seeds", type=int, default=20)
    a = ap.parse_args()
    if a.mode == "digest":  # the suite's figure (test_fingerprints.py)
        print(digest(SUITE_SEEDS, PRESETS))
        return 0
    found = {
        key: dataclasses.asdict(fingerprint(rules, players, seed))
        for key, rules, players, seed in games(range(1, a.seeds + 1))
    }
    if a.mode == "record":
        a.file.write_text(json.dumps(found, indent=1), encoding="utf-8")
        print(f"{len(found)} games recorded in {a.file}")
        return 0
    old = json.loads(a.file.read_text(encoding="utf-8"))
    play = [k for k in found if found[k]["play"] != old[k]["play"]]
    legal = [k for k in found if found[k]["legal"] != old[k]["legal"]]
    taken = {k for k in old if old[k]["start_jump_taken"]}
    offered = {k for k in old if old[k]["start_jump_offered"]}
    print(f"{len(found)} games compared")
    print(f"play differs in {len(play)}; start-card jump-in taken before in {len(taken)}")
    print(f"legal differs in {len(legal)}; start-card jump-in offered before in {len(offered)}")
    for k in play:
        print(f"  play  {k}  {'start-card jump-in taken before' if k in taken else 'UNEXPLAINED'}")
    still = [k for k in found if found[k]["start_jump_offered"]]
    print(f"start-card jump-in offered now in {len(still)}")
    ok = set(play) == taken and set(legal) == offered and not still
    print("every difference is a start-card jump-in" if ok else "MISMATCH")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
