"""Whole seeded rounds of people only, driven action by action (for the view tests).

Every seat is a person, so the match never acts by itself: `play_round` picks each
action with a seeded rng among everything any seat may do (plays first, often out of
turn: jump-ins, UNO, catches, challenges) and applies it to every match given, so a
real match and its disguise stay in lockstep.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from uno_desktop.engine import Action, CallUno, CatchUno, Challenge, Pass, Play
from uno_desktop.engine import events as ev
from uno_desktop.play.match import ManualClock, Match, SeatSpec
from uno_desktop.rules.presets import load_preset

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo")


def people(preset: str, players: int, seed: int, cls: type[Match] = Match) -> Match:
    """A match of `players` people under `preset`, its first round dealt."""
    seats = [SeatSpec(name, "human") for name in NAMES[:players]]
    match = cls(load_preset(preset), seats, seed, preset=preset, clock=ManualClock())
    match.start_round()
    return match


def choose(match: Match, rng: random.Random) -> Action:
    """An action some seat may take now: mostly the current seat's plays, sometimes an
    out-of-turn one (a jump-in, UNO, a catch), a challenge when offered."""
    game = match.game
    assert game is not None
    legal = match.legal_actions(game.current)
    others = [a for s in range(match.players) if s != game.current for a in match.legal_actions(s)]
    jumps = [a for a in others if type(a) is Play]
    catches = [a for a in others + legal if type(a) in (CallUno, CatchUno)]
    if jumps and rng.random() < 0.5:
        return rng.choice(jumps)
    if catches and rng.random() < 0.5:
        return rng.choice(catches)
    if Challenge(game.current) in legal and rng.random() < 0.5:
        return Challenge(game.current)
    if Pass(game.current) in legal and rng.random() < 0.4:
        return Pass(game.current)
    plays = [a for a in legal if type(a) is Play]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice([a for a in legal if type(a) not in (CallUno, CatchUno)] or legal)


def play_round(matches: Sequence[Match], seed: int) -> Iterator[Action]:
    """Play the first match's round to its end, applying each action to every match;
    yields after each action (the deal is yielded first, as None's place: no action)."""
    rng = random.Random(seed)
    lead = matches[0]
    for _ in range(5_000):
        if lead.round_over:
            return
        action = choose(lead, rng)
        for m in matches:
            m.act(action)
        yield action
    raise AssertionError("the round did not end")


def features(log: Sequence[ev.Event]) -> Counter[str]:
    """What happened in a round, by name (to check the rounds cover every rule)."""
    seen: Counter[str] = Counter()
    for i, e in enumerate(log):
        if isinstance(e, ev.ChallengeResolved):
            seen["guilty challenge" if e.guilty else "innocent challenge"] += 1
        elif isinstance(e, ev.HandsSwapped):
            seen["hands swapped"] += 1
        elif isinstance(e, ev.HandsRotated):
            seen["hands rotated"] += 1
        elif isinstance(e, ev.CardPlayed) and e.jump_in:
            seen["jump-in"] += 1
        elif isinstance(e, ev.CardKept):
            seen["drawn card kept"] += 1
        elif isinstance(e, ev.UnoCaught):
            seen["caught"] += 1
        elif isinstance(e, ev.PenaltyPending) and e.amount > 4:
            seen["stacked penalty"] += 1
        elif isinstance(e, ev.CardsDrawn) and e.reason == "draw" and i + 1 < len(log):
            seen["drew"] += 1
    return seen


EVERY_FEATURE = frozenset(
    {
        "guilty challenge",
        "innocent challenge",
        "hands swapped",
        "hands rotated",
        "jump-in",
        "drawn card kept",
        "caught",
        "stacked penalty",
    }
)
"""What the seeded rounds of the view's tests must show between them."""


def features_of_rounds(rounds: list[tuple[str, int, int]]) -> Counter[str]:
    """Play each (preset, players, seed) round to its end; count the features it shows."""
    seen: Counter[str] = Counter()
    for preset, players, seed in rounds:
        match = people(preset, players, seed)
        for _action in play_round([match], seed):
            pass
        seen += features(match.game.log)  # type: ignore[union-attr]
    return seen
