"""Print one seeded game per built-in preset, state by state (OpenSpiel style).

The files in tests/engine/playthroughs/ are golden: test_playthroughs.py replays each
game and compares, so any change in the rules engine's behaviour shows up as a diff to
review. After a deliberate rule change, regenerate them:

    .venv/bin/python tests/engine/make_playthroughs.py

Only the engine is used, with its own seeded rngs, so the output never depends on the
machine, the clock or the global `random`.
"""

from __future__ import annotations

import dataclasses
import enum
import random
import sys
from pathlib import Path

from uno_desktop.engine import Card, Color, Game, Play, RuleSet
from uno_desktop.engine.events import Event
from uno_desktop.rules.presets import load_preset

DIRECTORY = Path(__file__).parent / "playthroughs"

PLAYTHROUGHS: dict[str, tuple[int, int]] = {
    # preset name: (players, seed)
    "official": (4, 1),
    "family": (4, 5),
    "swedish": (5, 3),
    "party": (3, 4),
}


def _value(v: object) -> str:
    """Short, stable text for an event field."""
    if isinstance(v, Card):
        return v.code
    if isinstance(v, Color):
        return v.letter
    if isinstance(v, enum.Enum):
        return str(v.value)
    if isinstance(v, tuple):
        return "[" + " ".join(_value(x) for x in v) + "]"
    if dataclasses.is_dataclass(v) and not isinstance(v, type):  # the custom rule
        return (
            "("
            + " ".join(f"{f.name}={_value(getattr(v, f.name))}" for f in dataclasses.fields(v))
            + ")"
        )
    return str(v)


def format_event(event: Event) -> str:
    fields = " ".join(
        f"{f.name}={_value(getattr(event, f.name))}" for f in dataclasses.fields(event)
    )
    return f"{type(event).__name__}({fields})"


def _rules_summary(rules: RuleSet) -> str:
    """The options that differ from the official rules (all of them: the deck too)."""
    official = RuleSet()
    changed = [
        f"{f.name}={_value(getattr(rules, f.name))}"
        for f in dataclasses.fields(RuleSet)
        if f.name not in ("name", "title", "description", "deck")
        and getattr(rules, f.name) != getattr(official, f.name)
    ]
    deck = " ".join(f"{k}:{v}" for k, v in rules.deck.items())
    return ", ".join([*changed, f"deck={deck} ({rules.deck_size()} cards)"])


def _state(game: Game) -> list[str]:
    color = game.active_color.letter if game.active_color is not None else "-"
    lines = [
        f"current: {game.current}  direction: {game.direction:+d}  phase: {game.phase.value}",
        f"top: {game.top_card}  colour: {color}  draw pile: {len(game.draw_pile)}  "
        f"discards: {len(game.discard_pile)}  pending: {game.pending}",
    ]
    for seat, hand in enumerate(game.hands):
        codes = " ".join(c.code for c in sorted(hand, key=Card.sort_key))
        lines.append(f"hand {seat} ({len(hand)}): {codes}")
    return lines


def playthrough(name: str) -> str:
    """The whole text of one playthrough."""
    players, seed = PLAYTHROUGHS[name]
    rules = load_preset(name)
    game = Game.new(rules, players, seed=seed, dealer=None)
    chooser = random.Random(seed)
    out = [
        f"game: {name} ({rules.name}), players={players}, seed={seed}, dealer={game.dealer}",
        f"rules: {_rules_summary(rules)}",
        "",
        "# deal",
        *(format_event(e) for e in game.log),
    ]
    step = 0
    while not game.is_over:
        out.append("")
        out.append(f"# state {step}")
        out.extend(_state(game))
        if step % 7 == 3:  # now and then a seat out of turn does what it may (catch, jump in)
            others = [s for s in range(players) if s != game.current and game.legal_actions(s)]
            if others:
                seat = chooser.choice(others)
                out.extend(_apply(game, chooser.choice(game.legal_actions(seat))))
                step += 1
                continue
        options = game.legal_actions(game.current)
        plays = [a for a in options if isinstance(a, Play)]
        action = chooser.choice(plays if plays and chooser.random() < 0.9 else options)
        out.extend(_apply(game, action))
        step += 1
    out.append("")
    out.append(f"# over: winner={game.winner} points={_value(game.points)}")
    return "\n".join(out) + "\n"


def _apply(game: Game, action: object) -> list[str]:
    evs = game.apply(action)  # type: ignore[arg-type]
    return [f"action: {action}", *(f"  {format_event(e)}" for e in evs)]


def main() -> int:
    DIRECTORY.mkdir(exist_ok=True)
    for name in PLAYTHROUGHS:
        path = DIRECTORY / f"{name}.txt"
        path.write_text(playthrough(name), encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
