"""Every rule option declared once: its RuleSet field, its place in a preset file, the
values it takes, the words that explain it, and whether one match may set its own value.

The preset reader (YAML), the saved match (JSON), the settings, New game and the rules
text all read these declarations, so a range is written in one place: adding an option is
one `Option` here (including the How to play section that explains it), its effect in the
engine, and its tests. Whole-rule-set checks (the deck can deal,
a round can end, a match can end) live here too, so a preset and a saved match are held
to the same standard. The engine never imports this module; it knows only `RuleSet`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Mapping
from typing import Any

from ..engine.cards import COLORED_RANKS, WILD_RANKS
from ..engine.rules import CustomEffect, CustomRule, RuleSet, Scoring, Stacking
from ..lang.i18n import N_
from ..lang.reasons import Reason
from ..play.seats import MAX_PLAYERS as MAX_PLAYERS
from ..play.seats import MIN_PLAYERS as MIN_PLAYERS

MAX_QUOTE_CHARS = 60
"""The most of a file's text a message shows (one line of it, clipped)."""


def quote(value: object) -> str:
    """A value read from a file, as a message may show it: one line, clipped, quoted.

    Containers are named, never printed: a list nested a thousand deep or a name of
    five million characters must not reach a message, a log line or a crash report."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if -(10**15) < value < 10**15 else "a huge number"
    if isinstance(value, float):
        return repr(value)[:MAX_QUOTE_CHARS]
    if isinstance(value, str):
        lines = value.splitlines() or [""]
        shown = lines[0][:MAX_QUOTE_CHARS]
        clipped = len(lines) > 1 or len(lines[0]) > MAX_QUOTE_CHARS
        return f"'{shown}…'" if clipped else f"'{shown}'"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    return f"a {type(value).__name__}"


class OptionError(ValueError):
    """A value cannot be used for an option; `key` is where it sits in a preset file."""

    def __init__(self, key: str, problem: str) -> None:
        super().__init__(f"{key}: {problem}")
        self.key = key
        self.problem = problem


class Kind(enum.Enum):
    """How an option is written and checked."""

    TEXT = "text"  # a line of text, `low` to `high` characters
    FLAG = "flag"  # true or false
    COUNT = "count"  # a whole number from `low` to `high`
    CHOICE = "choice"  # one of `words` (file word -> field value)
    DECK = "deck"  # card kind -> count, `low` to `high` each
    VALUES = "values"  # card kind -> points, `low` to `high` each
    CUSTOM_RULE = "custom_rule"  # text, effect, amount (see CUSTOM_* below)


class Section(enum.Enum):
    """The sections of How to play, in the order the page shows them. `rules_text` writes
    each one; an option names the one that explains it to players."""

    GOAL = "goal"
    CARDS = "cards"
    DEALING = "dealing"
    TURN = "turn"
    ACTION_CARDS = "action_cards"
    WILD_DRAW_FOUR = "wild_draw_four"
    STACKING = "stacking"
    JUMP_IN = "jump_in"
    SEVEN_ZERO = "seven_zero"
    SWAP_HANDS = "swap_hands"
    CUSTOMIZABLE = "customizable"
    UNO = "uno"
    TWO_PLAYERS = "two_players"
    SCORING = "scoring"
    KEYS = "keys"


@dataclasses.dataclass(frozen=True)
class Option:
    """One rule option.

    field: the RuleSet field. key: where a preset file writes it ("wild_draw_four.bluffing";
    "" for options no file sets). explain: what it does, in the words of the preset files.
    per_match: New game may set it for one match; a saved match then keeps its own value.
    label: the option's short name on a control (a msgid; New game names a per-match option
    by it). step: a control's step for a COUNT (New game offers the multiples of `step`
    from `low` to `high`). word_labels: a CHOICE's words as a control offers them (msgids,
    in the order of `words`). `explain` is a msgid too: a control shows it translated, a
    preset file written by the game has it (in English) as the option's comment.
    section: the How to play section whose text changes with the option (required, so a
    new option says how players learn of it); None only for what the rules text never
    shows, the names a menu lists.
    """

    field: str
    key: str
    kind: Kind
    explain: str
    low: int = 0
    high: int = 0
    words: tuple[tuple[str, object], ...] = ()
    per_match: bool = False
    label: str = ""
    step: int = 1
    word_labels: tuple[str, ...] = ()
    section: Section | None = dataclasses.field(kw_only=True)

    @property
    def name(self) -> str:
        """How messages name the option: its file key, else its field."""
        return self.key or self.field

    def steps(self) -> range:
        """The values New game offers for a COUNT: multiples of `step` in `low`..`high`."""
        first = -(-self.low // self.step) * self.step  # the first multiple from `low` up
        return range(first, self.high + 1, self.step)

    def nearest_step(self, value: int) -> int:
        """`value` moved to the nearest value New game offers (a preset's 75 shows as 100
        where the step is 50)."""
        offered = self.steps()
        index = round((value - offered.start) / offered.step)
        return offered[max(0, min(len(offered) - 1, index))]

    def word_of(self, value: object) -> str:
        """The file word for a CHOICE value."""
        return next(word for word, v in self.words if v == value)

    def value_of(self, word: str) -> object:
        """The field value for a CHOICE file word."""
        return next(v for w, v in self.words if w == word)

    # ---- one value, as JSON (saved match, settings)

    def to_json(self, value: Any) -> Any:
        """The value as plain JSON (dicts, lists, str, int, bool)."""
        if self.kind is Kind.CUSTOM_RULE:
            return {"text": value.text, "effect": value.effect.value, "amount": value.amount}
        if self.kind in (Kind.DECK, Kind.VALUES):
            return dict(value)
        if isinstance(value, enum.Enum):
            return value.value
        return value

    def from_json(self, value: Any) -> Any:
        """The field value for `value` read from a JSON file, checked against the same
        ranges as a preset. Raises OptionError."""
        kind = self.kind
        if kind is Kind.TEXT:
            return check_text(self.name, value, self.low, self.high)
        if kind is Kind.FLAG:
            if not isinstance(value, bool):
                raise OptionError(self.name, f"expected true or false; got {quote(value)}")
            return value
        if kind is Kind.COUNT:
            return check_count(self.name, value, self.low, self.high)
        if kind is Kind.CHOICE:
            for _word, v in self.words:
                plain = v.value if isinstance(v, enum.Enum) else v
                if type(plain) is type(value) and plain == value:
                    return v
            shown = ", ".join(quote(self.to_json(v)) for _w, v in self.words)
            raise OptionError(self.name, f"expected one of {shown}; got {quote(value)}")
        if kind in (Kind.DECK, Kind.VALUES):
            return check_card_counts(self.name, value, DECK_RANKS, self.low, self.high)
        return custom_rule_from_json(self.name, value)


def check_count(name: str, value: object, low: int, high: int) -> int:
    """`value` if it is a whole number from `low` to `high`; else OptionError."""
    expected = f"expected a whole number from {low} to {high}"
    if isinstance(value, bool) or not isinstance(value, int):
        raise OptionError(name, f"{expected}; got {quote(value)}")
    if not low <= value <= high:
        raise OptionError(name, f"{expected}; got {quote(value)}")
    return value


def check_text(name: str, value: object, low: int, high: int) -> str:
    """`value` stripped, if it is text of `low` to `high` characters; else OptionError."""
    if not isinstance(value, str):
        raise OptionError(name, f"expected text; got {quote(value)}")
    text = value.strip()
    if len(text) < low:
        raise OptionError(name, "must not be empty")
    if len(text) > high:
        raise OptionError(name, f"too long ({len(text)} characters; at most {high})")
    return text


def check_card_counts(
    name: str, value: object, ranks: tuple[str, ...], low: int, high: int
) -> dict[str, int]:
    """A mapping of card kind -> whole number in range (a deck or card values)."""
    if not isinstance(value, Mapping):
        raise OptionError(name, f"expected a mapping of card kind to number; got {quote(value)}")
    if len(value) > len(ranks):
        raise OptionError(name, f"{len(value)} entries; there are only {len(ranks)} card kinds")
    out: dict[str, int] = {}
    for rank, count in value.items():
        if rank not in ranks:
            raise OptionError(name, f"unknown card kind {quote(rank)}")
        out[rank] = check_count(f"{name}.{rank}", count, low, high)
    return out


# ---------------------------------------------------------------- the Wild Customizable rule

CUSTOM_AMOUNT_RANGE = (1, 10)
"""Cards an amount effect makes players draw."""
MAX_CUSTOM_TEXT_CHARS = 300
AMOUNT_EFFECTS: frozenset[CustomEffect] = frozenset(
    {CustomEffect.OTHERS_DRAW, CustomEffect.NEXT_DRAWS_SKIPPED}
)
"""The effects that use `amount` (cards to draw)."""

EFFECT_EXPLAIN: Mapping[CustomEffect, tuple[str, str]] = {
    CustomEffect.TEXT: (
        N_("The game does not enforce this rule: follow it yourselves."),
        N_("The game does not enforce this rule: follow it yourselves."),
    ),
    CustomEffect.OTHERS_DRAW: (
        N_("The game makes every other player draw one card."),
        N_("The game makes every other player draw {n} cards."),
    ),
    CustomEffect.NEXT_DRAWS_SKIPPED: (
        N_("The game makes the next player draw one card and miss their turn."),
        N_("The game makes the next player draw {n} cards and miss their turn."),
    ),
    CustomEffect.EXTRA_TURN: (
        N_("The game gives you another turn straight away."),
        N_("The game gives you another turn straight away."),
    ),
    CustomEffect.SWAP_HANDS: (
        N_("The game lets you swap hands with a player of your choice."),
        N_("The game lets you swap hands with a player of your choice."),
    ),
    CustomEffect.ROTATE_HANDS: (
        N_("The game passes every hand on to the next player in the direction of play."),
        N_("The game passes every hand on to the next player in the direction of play."),
    ),
}
"""What the game does for each effect (one card, several cards): the rules text reads it."""

EFFECT_LABELS: Mapping[CustomEffect, str] = {
    CustomEffect.TEXT: N_("Only the text (nothing enforced)"),
    CustomEffect.OTHERS_DRAW: N_("Everyone else draws"),
    CustomEffect.NEXT_DRAWS_SKIPPED: N_("Next player draws and is skipped"),
    CustomEffect.EXTRA_TURN: N_("Play again"),
    CustomEffect.SWAP_HANDS: N_("Swap hands with a player"),
    CustomEffect.ROTATE_HANDS: N_("Every hand moves on one seat"),
}
"""Each effect in a few words, as New game offers it."""
CUSTOM_AMOUNT_LABEL = N_("Cards")
"""What New game calls the amount (cards an amount effect makes players draw)."""


def custom_rule_from_json(name: str, value: object) -> CustomRule:
    """The Wild Customizable rule from its JSON form, with the preset reader's ranges."""
    if not isinstance(value, Mapping):
        raise OptionError(
            name, f"expected a mapping with text, effect and amount; got {quote(value)}"
        )
    unknown = [k for k in value if k not in ("text", "effect", "amount")]
    if unknown:
        raise OptionError(name, f"unknown part {quote(unknown[0])}")
    text = check_text(f"{name}.text", value.get("text"), 1, MAX_CUSTOM_TEXT_CHARS)
    effect_raw = value.get("effect")
    effects = [e.value for e in CustomEffect]
    if not isinstance(effect_raw, str) or effect_raw not in effects:
        raise OptionError(
            f"{name}.effect", f"expected one of {', '.join(effects)}; got {quote(effect_raw)}"
        )
    amount = check_count(f"{name}.amount", value.get("amount"), *CUSTOM_AMOUNT_RANGE)
    return CustomRule(text=text, effect=CustomEffect(effect_raw), amount=amount)


# ---------------------------------------------------------------- the declarations

DECK_RANKS: tuple[str, ...] = (*COLORED_RANKS, *WILD_RANKS)
MAX_RANK_COUNT = 20  # per colour for coloured ranks, in total for wilds
MAX_CARD_VALUE = 500
MAX_PENALTY = 20
MAX_TARGET_SCORE = 100_000
MAX_TITLE_CHARS = 80
MAX_DESCRIPTION_CHARS = 300

OPTIONS: tuple[Option, ...] = (
    Option(
        "name",
        "name",
        Kind.TEXT,
        N_("the preset's short name: its file name"),
        1,
        MAX_TITLE_CHARS,
        section=None,
    ),
    Option(
        "title",
        "title",
        Kind.TEXT,
        N_("the name shown in the menu"),
        1,
        MAX_TITLE_CHARS,
        label=N_("Name"),
        section=None,
    ),
    Option(
        "description",
        "description",
        Kind.TEXT,
        N_("one line shown under the title in the menu"),
        0,
        MAX_DESCRIPTION_CHARS,
        label=N_("Description"),
        section=None,
    ),
    Option(
        "deck",
        "deck",
        Kind.DECK,
        N_("the cards in the box: coloured kinds per colour, wild kinds in total"),
        0,
        MAX_RANK_COUNT,
        label=N_("The deck"),
        section=Section.CARDS,
    ),
    Option(
        "card_values",
        "card_values",
        Kind.VALUES,
        N_("points a card is worth in the hand of a player who did not go out"),
        0,
        MAX_CARD_VALUE,
        label=N_("Card points"),
        section=Section.SCORING,
    ),
    Option(
        "hand_size",
        "hand_size",
        Kind.COUNT,
        N_("cards dealt to each player"),
        1,
        30,
        label=N_("Cards dealt"),
        section=Section.DEALING,
    ),
    Option(
        "min_players",
        "players.min",
        Kind.COUNT,
        N_("the fewest players"),
        MIN_PLAYERS,
        MAX_PLAYERS,
        label=N_("Fewest players"),
        section=Section.GOAL,
    ),
    Option(
        "max_players",
        "players.max",
        Kind.COUNT,
        N_("the most players"),
        MIN_PLAYERS,
        MAX_PLAYERS,
        label=N_("Most players"),
        section=Section.GOAL,
    ),
    Option(
        "draw_until_playable",
        "draw",
        Kind.CHOICE,
        N_("when you cannot play: draw one card, or until one can be played"),
        words=(("one", False), ("until_playable", True)),
        word_labels=(N_("Draw one card"), N_("Draw until you can play")),
        label=N_("Drawing"),
        section=Section.TURN,
    ),
    Option(
        "play_drawn",
        "drawn_card",
        Kind.CHOICE,
        N_("a playable card just drawn may be played at once, or must be kept"),
        words=(("play_or_keep", True), ("keep", False)),
        word_labels=(N_("Play it or keep it"), N_("Keep it")),
        label=N_("A drawn card"),
        section=Section.TURN,
    ),
    Option(
        "stacking",
        "stacking",
        Kind.CHOICE,
        N_("passing a Draw Two or Wild Draw Four on by playing another on it"),
        words=tuple((s.value, s) for s in Stacking),
        word_labels=(N_("None"), N_("+2 on +2, +4 on +4"), N_("+2 and +4 on each other")),
        label=N_("Stacking"),
        section=Section.STACKING,
    ),
    Option(
        "jump_in",
        "jump_in",
        Kind.FLAG,
        N_("a card identical to the top card may be played out of turn"),
        label=N_("Jump-in"),
        section=Section.JUMP_IN,
    ),
    Option(
        "seven_zero",
        "seven_zero",
        Kind.FLAG,
        N_("a 7 swaps hands with a chosen player; a 0 passes every hand on"),
        label=N_("7-0"),
        section=Section.SEVEN_ZERO,
    ),
    Option(
        "bluffing",
        "wild_draw_four.bluffing",
        Kind.FLAG,
        N_("a Wild Draw Four may be played while holding the colour in play"),
        label=N_("Bluffing with +4"),
        section=Section.WILD_DRAW_FOUR,
    ),
    Option(
        "challenge",
        "wild_draw_four.challenge",
        Kind.FLAG,
        N_("the player who must draw 4 may challenge the Wild Draw Four"),
        label=N_("Challenging a +4"),
        section=Section.WILD_DRAW_FOUR,
    ),
    Option(
        "challenge_guilty_draw",
        "",
        Kind.COUNT,
        N_("cards a bluffer draws when challenged"),
        0,
        MAX_PENALTY,
        section=Section.WILD_DRAW_FOUR,
    ),
    Option(
        "challenge_innocent_extra",
        "wild_draw_four.innocent_extra",
        Kind.COUNT,
        N_("extra cards for a wrong challenge"),
        0,
        MAX_PENALTY,
        label=N_("Wrong challenge: extra cards"),
        section=Section.WILD_DRAW_FOUR,
    ),
    Option(
        "uno_penalty",
        "uno_penalty",
        Kind.COUNT,
        N_("cards drawn when caught without having said UNO"),
        0,
        MAX_PENALTY,
        label=N_("Forgot UNO: cards"),
        section=Section.UNO,
    ),
    Option(
        "false_catch_penalty",
        "false_catch_penalty",
        Kind.COUNT,
        N_("cards the catcher draws for a wrong catch (0: not allowed)"),
        0,
        MAX_PENALTY,
        label=N_("Wrong catch: cards"),
        section=Section.UNO,
    ),
    Option(
        "target_score",
        "target_score",
        Kind.COUNT,
        N_("points that win the match"),
        1,
        MAX_TARGET_SCORE,
        per_match=True,
        label=N_("Play to"),
        step=50,
        section=Section.GOAL,
    ),
    Option(
        "scoring",
        "scoring",
        Kind.CHOICE,
        N_("the winner scores the others' hands, or everyone scores their own"),
        words=tuple((s.value, s) for s in Scoring),
        word_labels=(N_("The winner scores"), N_("Fewest points win")),
        label=N_("Scoring"),
        section=Section.SCORING,
    ),
    Option(
        "custom_rule",
        "custom_rule",
        Kind.CUSTOM_RULE,
        N_("what the Wild Customizable card does"),
        per_match=True,
        label=N_("Wild Customizable card"),
        section=Section.CUSTOMIZABLE,
    ),
)
"""Every RuleSet field, in the order a preset file lists them."""

LABELS: frozenset[str] = frozenset({"name", "title", "description"})
"""Fields that name a rule set without changing the game."""

_BY_FIELD: dict[str, Option] = {o.field: o for o in OPTIONS}


def option(field: str) -> Option:
    """The declaration of RuleSet field `field`."""
    return _BY_FIELD[field]


def explained_in(section: Section) -> tuple[Option, ...]:
    """The options that How to play explains in `section`, in declaration order."""
    return tuple(o for o in OPTIONS if o.section is section)


def file_options() -> tuple[Option, ...]:
    """The options a preset file may set."""
    return tuple(o for o in OPTIONS if o.key)


def top_keys() -> tuple[str, ...]:
    """The keys a preset file may have at its top level (groups once), plus `extends`."""
    keys: list[str] = []
    for o in file_options():
        top = o.key.split(".")[0]
        if top not in keys:
            keys.append(top)
    keys.insert(3, "extends")
    return tuple(keys)


def group_keys(group: str) -> tuple[str, ...]:
    """The keys inside a group of a preset file ("players" -> min, max)."""
    prefix = f"{group}."
    return tuple(o.key[len(prefix) :] for o in file_options() if o.key.startswith(prefix))


# ---------------------------------------------------------------- a whole rule set as JSON


def rules_to_json(rules: RuleSet) -> dict[str, Any]:
    """Every option of `rules` as plain JSON, keyed by field."""
    return {o.field: o.to_json(getattr(rules, o.field)) for o in OPTIONS}


def rules_from_json(data: object, base: RuleSet | None = None) -> RuleSet:
    """A RuleSet from `rules_to_json`'s form, every value checked against the preset ranges
    and the whole set checked as a preset is (it can be dealt, rounds and matches can end).
    Options missing take `base`'s value (the official rules by default: an option added
    after the file was written). Raises OptionError."""
    if not isinstance(data, Mapping):
        raise OptionError("rules", f"expected a mapping of options; got {quote(data)}")
    unknown = [k for k in data if k not in _BY_FIELD]
    if unknown:
        raise OptionError("rules", f"unknown option {quote(unknown[0])}")
    changes = {field: _BY_FIELD[field].from_json(value) for field, value in data.items()}
    try:
        rules = (base or RuleSet()).replace(**changes)
    except (TypeError, ValueError) as e:
        raise OptionError("rules", f"cannot be used: {quote(str(e))}") from None
    check_rule_set(rules)
    return rules


def game_options_differ(a: RuleSet, b: RuleSet) -> list[str]:
    """The options (by name) that change the game and differ between `a` and `b`, leaving
    out labels and what one match may set for itself (a preset edited since a match began
    changes these; its own target score does not)."""
    out = []
    for o in OPTIONS:
        if o.field in LABELS or o.per_match:
            continue
        mine, theirs = getattr(a, o.field), getattr(b, o.field)
        if isinstance(mine, Mapping):
            differs = dict(mine) != dict(theirs)
        else:
            differs = mine != theirs
        if differs:
            out.append(o.name)
    return out


# ---------------------------------------------------------------- a whole rule set


PROBE_CARDS = 600
"""Test deals a rule set gets when it is checked: PROBE_CARDS // deck size of them (at
least 3, at most 100). A small deck, where play can go round in circles on some deals,
gets many short rounds; a full deck, where it cannot, a few."""


def probe_round_limit(rules: RuleSet) -> int:
    """Moves after which a test round counts as never ending (a normal round takes a
    few per card in the deck)."""
    return 40 * rules.deck_size() + 400


@dataclasses.dataclass(frozen=True)
class Problem:
    """Why a whole rule set cannot be played; `keys` are the preset keys that cause it,
    the most likely first (the reader points at the first one the file sets)."""

    keys: tuple[str, ...]
    reason: Reason

    @property
    def message(self) -> str:
        """The reason in English (saved matches' messages, logs)."""
        return self.reason.english()


def min_above_max(low: int, high: int) -> Reason:
    return Reason.of(N_("min ({low}) is larger than max ({high})"), low=low, high=high)


def rule_set_problem(rules: RuleSet) -> Problem | None:
    """The first reason these rules cannot be played, or None: the players range, the
    deck (it can deal every table and turn a start card), a match can end (some card is
    worth points), and a round can end (test rounds at the smallest, a middle and the
    largest table end, played by players who play a card when they can)."""
    if rules.min_players > rules.max_players:
        return Problem(("players",), min_above_max(rules.min_players, rules.max_players))
    size = rules.deck_size()
    dealt = rules.max_players * rules.hand_size
    starters = size - rules.deck.get("W4", 0)
    deal_keys = ("deck", "hand_size", "players")
    if starters == 0:
        return Problem(
            deal_keys,
            Reason(N_("only Wild Draw Four cards: no card can start the discard pile")),
        )
    table = {"hand": rules.hand_size, "players": rules.max_players, "needs": dealt + 1}
    if size < dealt + 1:
        return Problem(
            deal_keys,
            Reason.of(
                N_(
                    "a deck of {size} cards cannot deal {hand} cards to {players} players "
                    "and turn a start card (needs {needs})"
                ),
                size=size,
                **table,
            ),
        )
    if starters < dealt + 1:
        return Problem(
            deal_keys,
            Reason.of(
                N_(
                    "only {starters} cards are not Wild Draw Four; dealing {hand} cards to "
                    "{players} players could leave no start card (needs {needs})"
                ),
                starters=starters,
                **table,
            ),
        )
    if not any(rules.card_values.get(rank, 0) > 0 for rank, n in rules.deck.items() if n):
        return Problem(
            ("card_values", "deck", "extends"),
            Reason(
                N_(
                    "every card in the deck is worth 0 points, so nobody can ever reach the "
                    "target score and a match would never end"
                )
            ),
        )
    stuck = _stuck_table(rules)
    if stuck is not None:
        players, circled = stuck
        return Problem(
            ("deck", "draw", "drawn_card", "hand_size", "players", "extends"),
            Reason.of(
                N_(
                    "a test round with {players} players went round in circles until the idle "
                    "turns ended it blocked: with these cards and options play can go round in "
                    "circles (too few cards for 'draw: until_playable'?)"
                ),
                players=players,
            )
            if circled
            else Reason.of(
                N_(
                    "a test round with {players} players did not end within {moves} moves: "
                    "with these cards and options play can go round in circles for ever (too "
                    "few cards for 'draw: until_playable'?)"
                ),
                players=players,
                moves=probe_round_limit(rules),
            ),
        )
    return None


def check_rule_set(rules: RuleSet) -> None:
    """Raise OptionError (at the first key of the problem) if `rules` cannot be played."""
    problem = rule_set_problem(rules)
    if problem is not None:
        raise OptionError(problem.keys[0], problem.message)


def _stuck_table(rules: RuleSet) -> tuple[int, bool] | None:
    """A table size at which a test round did not end, or ended blocked by a play (the
    idle turns of a circle: the one card there was drawn and played, again and again),
    and whether it was that; None when every test round ended by its play. Players play
    a card when they can (as the computer players do); deals go to the smallest, a
    middle and the largest table in turn. Verdicts are remembered by the options that
    change the game."""
    key = json.dumps(
        {k: v for k, v in rules_to_json(rules).items() if k not in LABELS}, sort_keys=True
    )
    if key in _VERDICTS:
        return _VERDICTS[key]
    if len(_VERDICTS) >= 256:
        _VERDICTS.clear()
    verdict = _VERDICTS[key] = _probe(rules)
    return verdict


_VERDICTS: dict[str, tuple[int, bool] | None] = {}


def _probe(rules: RuleSet) -> tuple[int, bool] | None:
    from ..engine.actions import Play
    from ..engine.game import Game

    low, high = rules.min_players, rules.max_players
    sizes = sorted({low, (low + high) // 2, high})
    limit = probe_round_limit(rules)
    deals = max(len(sizes), min(100, PROBE_CARDS // rules.deck_size()))
    for deal in range(deals):
        players = sizes[deal % len(sizes)]
        rng = random.Random(deal)
        game = Game.new(rules, players, seed=deal, dealer=0, record=False)
        for _ in range(limit):
            if game.is_over:
                break
            legal = game.legal_actions(game.current)
            plays = [a for a in legal if type(a) is Play]
            pool = plays or legal
            action = pool[rng.randrange(len(pool))]
            game.apply(action)
            if game.blocked and type(action) is Play:
                return players, True
        if not game.is_over:
            return players, False
    return None
