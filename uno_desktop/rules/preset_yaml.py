"""Reading a preset file's YAML as untrusted input: the file's size, its shape (how much
and how deep) before it is parsed, the parse itself (PyYAML's safe composer, nothing can
run), YAML tags refused, and `PresetError`, the one kind of problem a preset has (file,
line, option, reason; worded in English or the player's language).

The preset reader (rules/presets.py) builds rules from the nodes this module gives it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..lang.i18n import N_
from ..lang.reasons import Reason
from .options import quote

if TYPE_CHECKING:  # PyYAML is imported only when a file is read
    from yaml import Node

MAX_PRESET_BYTES = 256 * 1024
"""A preset file larger than this is refused unread (the built-in ones are about 6 KB)."""
MAX_CONTENT_BYTES = 16 * 1024
"""Options text (comments and blank lines not counted) allowed in one file."""
MAX_NESTING = 8
"""Levels of mappings and lists in one file (a preset needs three)."""


_TAG = "tag:yaml.org,2002:"


class PresetError(ValueError):
    """A preset cannot be used: `where` (the file; "" when there is none), `line`, `key`
    (the option as the file writes it; "" when the problem is not one option's) and
    `reason`. `str()` is the whole message in English (logs, tests); `translated()` and
    `problem` are in the player's language (a screen shows them in full)."""

    def __init__(
        self, where: str, reason: Reason, *, line: int | None = None, key: str = ""
    ) -> None:
        self.where, self.reason, self.line, self.key = where, reason, line, key
        super().__init__(self._message().english())

    @property
    def problem(self) -> str:
        """What is wrong, in the current language (without file and line)."""
        return self.reason.text()

    def translated(self) -> str:
        """The whole message, `<file>: line <n>: <option>: <problem>`, in the current
        language."""
        return self._message().text()

    def _message(self) -> Reason:
        if not self.where:
            return self.reason
        if self.line is None:
            return Reason.of(N_("{file}: {problem}"), file=self.where, problem=self.reason)
        if not self.key:
            return Reason.of(
                N_("{file}: line {line}: {problem}"),
                file=self.where,
                line=self.line,
                problem=self.reason,
            )
        return Reason.of(
            N_("{file}: line {line}: {option}: {problem}"),
            file=self.where,
            line=self.line,
            option=self.key,
            problem=self.reason,
        )

    def again(self) -> PresetError:
        """A new error saying the same (a remembered error raised once more)."""
        return PresetError(self.where, self.reason, line=self.line, key=self.key)


def too_large() -> Reason:
    return Reason.of(N_("a preset may be at most {kib} KiB"), kib=MAX_PRESET_BYTES // 1024)


def clip(text: str, limit: int = 60) -> str:
    """One line of `text`, at most `limit` characters (for names inside messages)."""
    lines = text.splitlines() or [""]
    first = lines[0]
    return first if len(lines) == 1 and len(first) <= limit else first[:limit] + "…"


def read_text(path: Path) -> str:
    """The file's text, refused unread when too large and unparsed when too complex."""
    where = str(path)
    try:
        size = os.stat(path).st_size
    except OSError:
        size = 0  # open() below says why
    if size > MAX_PRESET_BYTES:
        raise PresetError(
            where,
            Reason.of(
                N_("the file is {size} bytes; a preset may be at most {kib} KiB"),
                size=size,
                kib=MAX_PRESET_BYTES // 1024,
            ),
        )
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_PRESET_BYTES + 1)
    except OSError as e:
        why = e.strerror or type(e).__name__
        raise PresetError(where, Reason.of(N_("cannot read the file: {why}"), why=why)) from e
    if len(raw) > MAX_PRESET_BYTES:
        raise PresetError(where, too_large())
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        line = raw[: e.start].count(b"\n") + 1
        raise PresetError(
            where, Reason(N_("not UTF-8 text (save it as UTF-8)")), line=line
        ) from None
    check_shape(where, text)
    return text


def check_shape(where: str, text: str) -> None:
    """Refuse, before parsing, files with too much content or nested too deep.

    A cheap upper bound, line by line: comments and blank lines are free; each deeper
    indentation, leading '- ' or '? ', and open '[' or '{' is a level."""
    content = 0
    indents: list[int] = []
    flow = 0
    for number, raw in enumerate(text.splitlines(), 1):
        body = raw.lstrip(" ")
        if not body.strip() or body.startswith("#"):
            continue
        content += len(raw) + 1
        if content > MAX_CONTENT_BYTES:
            raise PresetError(
                where,
                Reason.of(
                    N_(
                        "more than {kib} KiB of options (comments not counted); a preset "
                        "needs a few dozen lines"
                    ),
                    kib=MAX_CONTENT_BYTES // 1024,
                ),
                line=number,
            )
        markers = 0
        if flow == 0:
            indent = len(raw) - len(body)
            while indents and indents[-1] >= indent:
                indents.pop()
            indents.append(indent)
            while body[:2] in ("- ", "? ") or body in ("-", "?"):
                markers += 1
                body = body[2:].lstrip(" ")
        flow, deepest = _flow_depth(body, flow)
        if len(indents) + markers + deepest > MAX_NESTING:
            raise PresetError(
                where,
                Reason.of(
                    N_("nested more than {n} levels deep; a preset needs three"), n=MAX_NESTING
                ),
                line=number,
            )


def _flow_depth(body: str, flow: int) -> tuple[int, int]:
    """The open '[' / '{' count after `body` (starting from `flow`) and the most open on
    the line. Brackets inside quotes, after a comment mark or inside plain text (not
    where a value starts) are not counted."""
    deepest = flow
    quote_char = ""
    previous = ""  # the last character that was not a space
    for i, ch in enumerate(body):
        if quote_char:
            if ch == quote_char:
                quote_char = ""
                previous = ch
            continue
        if ch == " ":
            continue
        if ch == "#" and (i == 0 or body[i - 1] == " "):
            break
        starts_value = previous in ("", ":", "-", ",", "?", "[", "{")
        if ch in "\"'" and starts_value:
            quote_char = ch
        elif ch in "[{" and (flow > 0 or starts_value):
            flow += 1
            deepest = max(deepest, flow)
        elif ch in "]}" and flow > 0:
            flow -= 1
        previous = ch
    return flow, deepest


def compose(where: str, text: str) -> Any:
    """The YAML node tree (libyaml when present: fast; the pure-Python composer for the
    wording of a syntax error, so messages are the same everywhere)."""
    import yaml

    fast = getattr(yaml, "CSafeLoader", None)
    if fast is not None:
        try:
            return yaml.compose(text, Loader=fast)
        except yaml.YAMLError:
            pass  # parse again below for the friendlier message
        except (RecursionError, MemoryError, ValueError) as e:
            raise PresetError(where, unreadable(e), line=1) from None
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else 1
        problem = ", ".join(clip(t, 120) for t in (e.context, e.problem) if t)
        problem = problem or "cannot be read"
        reason = Reason.of(N_("YAML syntax error: {problem}"), problem=problem)
        if problem == "mapping values are not allowed here":
            reason = Reason.of(
                N_("YAML syntax error: {problem} (put text containing ': ' in quotes)"),
                problem=problem,
            )
        raise PresetError(where, reason, line=line) from None
    except yaml.YAMLError as e:
        reason = Reason.of(N_("YAML syntax error: {problem}"), problem=clip(str(e), 120))
        raise PresetError(where, reason, line=1) from None
    except (RecursionError, MemoryError, ValueError) as e:
        raise PresetError(where, unreadable(e), line=1) from None


def refuse_tags(where: str, text: str, root: Node) -> None:
    """Refuse the first explicit YAML tag (`!!bool maybe`, `!!int abc`, `!local`): a tag
    changes how a value is read without a word (`!!bool maybe` would read as false), and
    no preset needs one. The message names the option the tagged key or value belongs to."""
    if "!" not in text:  # every tag starts with one
        return
    import yaml

    loader = getattr(yaml, "CSafeLoader", None) or yaml.SafeLoader
    tagged: dict[tuple[int, int], str] = {}
    for event in yaml.parse(text, Loader=loader):
        tag, mark = getattr(event, "tag", None), event.start_mark
        if tag is not None and mark is not None:
            tagged.setdefault((mark.line, mark.column), str(tag))
    if not tagged:
        return
    first = min(tagged)
    where_key = "(top level)"  # the deepest node starting at the tag: the one it is on
    todo: list[tuple[Node, str]] = [(root, "")]
    seen: set[int] = set()
    while todo:  # depth first; an alias is visited once
        node, key = todo.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        mark = node.start_mark
        if (mark.line, mark.column) == first and key:
            where_key = key
        children: list[tuple[Node, str]] = []
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                name = str(k.value) if isinstance(k, yaml.ScalarNode) else "?"
                full = clip(f"{key}.{name}" if key else name)
                children += [(k, full), (v, full)]
        elif isinstance(node, yaml.SequenceNode):
            children = [(item, key) for item in node.value]
        todo += reversed(children)  # the first child is visited first
    tag = tagged[first]
    shown = "!!" + tag[len(_TAG) :] if tag.startswith(_TAG) else tag
    raise PresetError(
        where,
        Reason.of(
            N_("a YAML tag ({tag}) is not accepted; write the value without it"),
            tag=clip(shown, 40),
        ),
        line=first[0] + 1,
        key=where_key,
    )


def unreadable(e: BaseException) -> Reason:
    return Reason.of(N_("cannot be read ({what})"), what=type(e).__name__)


def node_tag(node: Node) -> str:
    tag = node.tag
    return tag[len(_TAG) :] if tag.startswith(_TAG) else tag


def is_scalar(node: Node) -> bool:
    import yaml

    return isinstance(node, yaml.ScalarNode)


def node_line(node: Node) -> int:
    return int(node.start_mark.line) + 1


def node_shown(node: Node, lines: Sequence[str]) -> str:
    """How a value is quoted in a message: numbers bare, other scalars in quotes; a value
    written over several lines is shown by its first line (`lines`: the file's lines)."""
    import yaml

    if isinstance(node, yaml.SequenceNode):
        return "a list"
    if isinstance(node, yaml.MappingNode):
        return "a mapping"
    tag = node_tag(node)
    if tag == "null":
        return "nothing"
    raw = str(node.value)
    start, end = node.start_mark, node.end_mark
    if end.line > start.line and start.line < len(lines):
        first = lines[start.line][start.column :]
        return quote(first.strip() + "\n…")
    if tag in ("int", "float"):
        return clip(raw)
    return quote(raw)
