"""2,000 fixed positions for the bots' decisions: the tool that records them and reads them.

    .venv/bin/python -m tests.ai.fixed_positions --record   # play the games, rewrite the data
    .venv/bin/python -m tests.ai.fixed_positions --check    # every position against the data

A position is a seat's observation, its legal actions and an rng seed, taken from seeded
games (hard against normal and easy bots) under the presets official, family, swedish
and party at two, three and four seats. The data file keeps each game as its action log
(the engine replays it exactly, as it does a saved match) and each position as (game,
ply, seat, seed), with the decisions hard and normal made there when it was recorded and
a tag saying what hard did: `table` (its table search ran), `heads-up` (the heads-up
search ran), `turn` (a turn decided without search) or `out` (asked out of turn).
Games where someone jumped in on the turned-up start card are left out (DESIGN.md: no
jump-in there; the engine forbids it from issue 18 on). The data was recorded once, at
3fbd89e; recording again deals new games, so the test's digests would be new too.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import re
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from uno_desktop.ai import HardBot, make_bot
from uno_desktop.engine import (
    Action,
    CallUno,
    CatchUno,
    Challenge,
    Color,
    Draw,
    Game,
    Observation,
    Pass,
    Play,
    parse_cards,
)
from uno_desktop.rules.presets import load_preset

DATA = Path(__file__).resolve().parent / "data" / "fixed_positions.txt"
PRESETS = ("official", "family", "swedish", "party")
# Positions per preset by table size, games played for them, and the share of each
# tag wanted among them (the rest: whatever comes).
CELLS: dict[int, tuple[int, int, dict[str, float]]] = {
    2: (125, 10, {"heads-up": 0.5, "out": 0.08}),
    3: (125, 10, {"table": 0.6, "out": 0.08}),
    4: (250, 14, {"table": 0.75, "out": 0.05}),
}
MAX_PER_GAME = 40


# ------------------------------------------------------------ actions as short codes

_PLAY = re.compile(r"p(\d+)([RYGBW][0-9A-Z]*)(?:/([RYGB]))?(?:>(\d+))?(!)?$")
_SIMPLE = {"d": Draw, "k": Pass, "c": Challenge, "u": CallUno}


def encode(action: Action | None) -> str:
    """A short code: p1R5, p0W4/G!, p2WS/R>1, d1 (draw), k1 (keep), c1, u1, x1>0; - for None."""
    if action is None:
        return "-"
    if isinstance(action, Play):
        code = f"p{action.seat}{action.card.code}"
        if action.color is not None:
            code += "/" + action.color.letter
        if action.target is not None:
            code += f">{action.target}"
        return code + ("!" if action.uno else "")
    if isinstance(action, CatchUno):
        return f"x{action.seat}>{action.target}"
    letter = {Draw: "d", Pass: "k", Challenge: "c", CallUno: "u"}[type(action)]
    return f"{letter}{action.seat}"


def decode(code: str) -> Action:
    m = _PLAY.match(code)
    if m:
        seat, card, color, target, uno = m.groups()
        return Play(
            int(seat),
            parse_cards([card])[0],
            None if color is None else Color.parse(color),
            None if target is None else int(target),
            uno is not None,
        )
    if code[0] == "x":
        seat, target = code[1:].split(">")
        return CatchUno(int(seat), int(target))
    return _SIMPLE[code[0]](int(code[1:]))


# ------------------------------------------------------------ the data


@dataclass(frozen=True)
class Position:
    id: int
    preset: str
    players: int
    seed: int  # the rng seed of the decision
    tag: str
    hard: str  # the recorded decisions, as codes
    normal: str
    observation: Observation
    legal: list[Action]


@dataclass
class _Game:
    preset: str
    players: int
    seed: int
    dealer: int
    actions: list[str]


def load(path: Path = DATA, every: int = 1) -> list[Position]:
    """The positions of the data file (every `every`-th one), rebuilt by replaying the games."""
    games: list[_Game] = []
    wanted: dict[int, list[tuple[int, int, int, int, str, str, str]]] = {}
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        kind, *rest = line.split()
        if kind == "game":
            preset, players, seed, dealer = rest[0], int(rest[1]), int(rest[2]), int(rest[3])
            games.append(_Game(preset, players, seed, dealer, []))
        elif kind == "a":
            games[-1].actions.extend(rest)
        elif kind == "pos":
            pid, g, ply, seat, seed = map(int, rest[:5])
            if pid % every == 0:
                wanted.setdefault(g, []).append((pid, ply, seat, seed, *rest[5:8]))
    out: list[Position] = []
    for g, todo in wanted.items():
        spec = games[g]
        game = Game.new(load_preset(spec.preset), spec.players, seed=spec.seed, dealer=spec.dealer)
        todo.sort(key=lambda t: t[1])
        done = 0
        for pid, ply, seat, seed, tag, hard, normal in todo:
            while done < ply:
                game.apply(decode(spec.actions[done]))
                done += 1
            out.append(
                Position(
                    pid,
                    spec.preset,
                    spec.players,
                    seed,
                    tag,
                    hard,
                    normal,
                    game.observation(seat),
                    game.legal_actions(seat),
                )
            )
    out.sort(key=lambda p: p.id)
    return out


def decide(level: str, positions: Sequence[Position]) -> dict[int, str]:
    """What a fresh bot of `level` decides at each position, as codes."""
    bot = make_bot(level)
    return {
        p.id: encode(bot.choose(p.observation, p.legal, random.Random(p.seed))) for p in positions
    }


def digest(decisions: dict[int, str], leave_out: Sequence[int] = ()) -> str:
    """sha256 of "id decision" lines, in id order, without the positions `leave_out`."""
    skip = set(leave_out)
    text = "".join(f"{i} {d}\n" for i, d in sorted(decisions.items()) if i not in skip)
    return hashlib.sha256(text.encode()).hexdigest()


def where(p: Position) -> str:
    """What a position is, in a few words (for failure messages and reports)."""
    obs = p.observation
    return (
        f"#{p.id} {p.preset} {p.players}p {p.tag} seat {obs.seat} phase {obs.phase.name} "
        f"hand {' '.join(c.code for c in obs.hand)} on {obs.top_card.code}"
    )


# ------------------------------------------------------------ recording


def _tagging() -> tuple[Callable[[], str], Callable[[], None]]:
    """Count the searches the hard bot runs (by wrapping the search functions that
    `ai.hard` calls); returns a reader of the last decision's kind and an undo."""
    import uno_desktop.ai.hard as hard_mod

    ran: list[str] = []
    real_table, real_heads = hard_mod.search_table, hard_mod.search

    def table(*args, **kwargs):  # type: ignore[no-untyped-def]
        ran.append("table")
        return real_table(*args, **kwargs)

    def heads(*args, **kwargs):  # type: ignore[no-untyped-def]
        ran.append("heads-up")
        return real_heads(*args, **kwargs)

    hard_mod.search_table, hard_mod.search = table, heads  # type: ignore[assignment]

    def last() -> str:
        kind = ran[-1] if ran else ""
        ran.clear()
        return kind

    def undo() -> None:
        hard_mod.search_table, hard_mod.search = real_table, real_heads

    return last, undo


def _play(
    preset: str, players: int, g: int, seed: int
) -> tuple[_Game, list[tuple[int, int, bool]]] | None:
    """One game of hard and normal bots (one normal made easy every third game), with
    every (ply, seat, in turn) where a seat had something to decide; None if someone
    jumped in on the start card."""
    rules = load_preset(preset)
    rng = random.Random(seed)
    levels = ["hard"] + ["normal"] * (players - 1)
    if g % 3 == 2:
        levels[-1] = "easy"
    shift = g % players
    levels = levels[-shift:] + levels[:-shift] if shift else levels
    bots = [make_bot(level) for level in levels]
    deal_seed, dealer = rng.getrandbits(64), g % players
    game = Game.new(rules, players, seed=deal_seed, dealer=dealer)
    spec = _Game(preset, players, deal_seed, dealer, [])
    asked: list[tuple[int, int, bool]] = []
    played = False
    for _ in range(20_000):
        if game.is_over:
            return spec, asked
        action: Action | None = None
        for i in range(1, players):
            seat = (game.current + i) % players
            legal = game.legal_actions(seat)
            if legal:
                asked.append((len(spec.actions), seat, False))
                action = bots[seat].choose(game.observation(seat), legal, rng)
                if action is not None:
                    break
        if action is None:
            seat = game.current
            legal = game.legal_actions(seat)
            if len(legal) > 1:
                asked.append((len(spec.actions), seat, True))
            action = bots[seat].choose(game.observation(seat), legal, rng)
            assert action is not None
        if isinstance(action, Play):
            if not played and action.seat != game.current:
                return None  # a jump-in on the start card
            played = True
        game.apply(action)
        spec.actions.append(encode(action))
    raise RuntimeError(f"{preset} {players}p game {g} does not end")


def _cell(
    preset: str, players: int, games: list[_Game], hard: HardBot, last: Callable[[], str]
) -> list[tuple[int, int, int, int, str, str, str]]:
    """The positions of one preset and table size: (game, ply, seat, seed, tag, hard's
    decision, normal's), tags in the shares `CELLS` asks for where the games allow."""
    quota, n_games, shares = CELLS[players]
    normal = make_bot("normal")
    rng = random.Random(f"{preset} {players}")
    found: list[tuple[int, int, int]] = []
    first, g = len(games), 0
    while len(games) - first < n_games:
        played = _play(preset, players, g, rng.getrandbits(64))
        g += 1
        if played is not None:
            games.append(played[0])
            found += [(len(games) - 1, ply, seat) for ply, seat, _ in played[1]]
    found = sorted(rng.sample(found, min(len(found), quota * 6)))  # replayed forwards
    rows: list[tuple[int, int, int, int, str, str, str]] = []
    game: Game | None = None
    at, done = -1, 0
    for gi, ply, seat in found:
        spec = games[gi]
        if gi != at:
            game = Game.new(load_preset(preset), players, seed=spec.seed, dealer=spec.dealer)
            at, done = gi, 0
        assert game is not None
        while done < ply:
            game.apply(decode(spec.actions[done]))
            done += 1
        obs, legal = game.observation(seat), game.legal_actions(seat)
        seed = rng.getrandbits(32)
        h = encode(hard.choose(obs, legal, random.Random(seed)))
        tag = last() or ("turn" if obs.current == seat else "out")
        nrm = encode(normal.choose(obs, legal, random.Random(seed)))
        rows.append((gi, ply, seat, seed, tag, h, nrm))
    rng.shuffle(rows)
    want = {tag: round(share * quota) for tag, share in shares.items()}
    taken: Counter[str] = Counter()
    per_game: Counter[int] = Counter()
    chosen: list[tuple[int, int, int, int, str, str, str]] = []
    for wanted_tags in (True, False, None):  # the shares first, then the rest
        for row in rows:
            if len(chosen) >= quota:
                break
            tag = row[4]
            if row in chosen or per_game[row[0]] >= MAX_PER_GAME:
                continue
            if wanted_tags is True and taken[tag] >= want.get(tag, 0):
                continue
            if wanted_tags is False and tag in want:
                continue
            taken[tag] += 1
            per_game[row[0]] += 1
            chosen.append(row)
    print(f"{preset} {players}p: {dict(taken)} from {len(rows)} tried", flush=True)
    return sorted(chosen)


def record(path: Path = DATA) -> None:
    """Play the games, pick the positions, write the data file."""
    hard = HardBot()
    last, undo = _tagging()
    games: list[_Game] = []
    rows: list[tuple[int, int, int, int, str, str, str]] = []
    try:
        for preset in PRESETS:
            for players in CELLS:
                rows += _cell(preset, players, games, hard, last)
    finally:
        undo()
    used = sorted({row[0] for row in rows})
    renumber = {old: new for new, old in enumerate(used)}
    out = [
        "# Fixed positions for the bots' decisions: written by tests/ai/fixed_positions.py",
        "# game <preset> <players> <deal seed> <dealer>, then its actions (a ...);",
        "# pos <id> <game> <ply> <seat> <rng seed> <tag> <hard's decision> <normal's>",
    ]
    for old in used:
        spec = games[old]
        out.append(f"game {spec.preset} {spec.players} {spec.seed} {spec.dealer}")
        for i in range(0, len(spec.actions), 16):
            out.append("a " + " ".join(spec.actions[i : i + 16]))
    for pid, (gi, ply, seat, seed, tag, h, nrm) in enumerate(rows):
        out.append(f"pos {pid} {renumber[gi]} {ply} {seat} {seed} {tag} {h} {nrm}")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out) + "\n")


def check(every: int = 1) -> Iterator[str]:
    """Lines describing every position whose decision differs from the recorded one."""
    positions = load(every=every)
    for level in ("normal", "hard"):
        t0 = time.perf_counter()
        now = decide(level, positions)
        changed = [p for p in positions if now[p.id] != getattr(p, level)]
        yield (
            f"{level}: {len(positions)} positions in {time.perf_counter() - t0:.1f} s, "
            f"{len(changed)} changed; digest {digest(now)}"
        )
        for p in changed:
            yield f"  {where(p)}: was {getattr(p, level)}, now {now[p.id]}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--record", action="store_true", help="play the games, rewrite the data")
    p.add_argument("--check", action="store_true", help="decide every position again")
    p.add_argument("--every", type=int, default=1, help="check only every N-th position")
    args = p.parse_args()
    if args.record:
        record()
    if args.check:
        for line in check(args.every):
            print(line, flush=True)


if __name__ == "__main__":
    main()
