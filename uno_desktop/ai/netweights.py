"""The value net's weights: read from `valuenet_weights.json` and checked before use.

The file is data shipped with the game (written by benchmarks/fit_table_net.py
--write), and data from a file is untrusted even when it is our own: its size is
bounded, every table must have its shape, every number must be finite, and a file
that is not so is refused with a message naming the file and the key.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from importlib import resources

FILE_NAME = "valuenet_weights.json"
MAX_BYTES = 64 * 1024  # the file is about 15 KB
MAX_HIDDEN = 64


class WeightsError(ValueError):
    """The weights file is missing, too big or not the shape the net reads."""


@dataclass(frozen=True, slots=True)
class Weights:
    """W1: inputs x hidden; B1 and W2: hidden; MU and SD: one per feature (SD > 0)."""

    w1: tuple[tuple[float, ...], ...]
    b1: tuple[float, ...]
    w2: tuple[float, ...]
    mu: tuple[float, ...]
    sd: tuple[float, ...]


def read_weights(features: int, seats: int) -> Weights:
    """The shipped weights, for a net of `features` numbers per seat at `seats`."""
    source = resources.files(__package__ or "uno_desktop.ai").joinpath(FILE_NAME)
    try:
        with source.open("rb") as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise WeightsError(f"{FILE_NAME}: cannot be read ({e.strerror or e})") from e
    return parse_weights(data, features, seats, FILE_NAME)


def parse_weights(data: bytes, features: int, seats: int, name: str) -> Weights:
    """`data` checked: W1 has features x seats + seats rows of the hidden width."""
    if len(data) > MAX_BYTES:
        raise WeightsError(f"{name}: over {MAX_BYTES} bytes; a weights file is smaller")
    try:
        doc = json.loads(data.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise WeightsError(f"{name}: not UTF-8 text") from e
    except json.JSONDecodeError as e:
        raise WeightsError(f"{name}, line {e.lineno}: not JSON ({e.msg})") from e
    if not isinstance(doc, dict):
        raise WeightsError(f"{name}: expected an object with W1, B1, W2, MU and SD")
    b1 = _row(doc.get("B1"), "key B1", None, name)
    hidden = len(b1)
    if not 0 < hidden <= MAX_HIDDEN:
        raise WeightsError(f"{name}: key B1 has {hidden} numbers (expected 1 to {MAX_HIDDEN})")
    rows = doc.get("W1")
    inputs = features * seats + seats
    if not isinstance(rows, list) or len(rows) != inputs:
        raise WeightsError(f"{name}: key W1 must be a list of {inputs} rows")
    w1 = tuple(_row(r, f"key W1 row {i}", hidden, name) for i, r in enumerate(rows))
    w2 = _row(doc.get("W2"), "key W2", hidden, name)
    mu = _row(doc.get("MU"), "key MU", features, name)
    sd = _row(doc.get("SD"), "key SD", features, name)
    if not all(s > 0 for s in sd):
        raise WeightsError(f"{name}: key SD must hold numbers above zero")
    return Weights(w1, b1, w2, mu, sd)


def _row(value: object, label: str, length: int | None, name: str) -> tuple[float, ...]:
    """One list of finite numbers, `length` long when given."""
    if not isinstance(value, list) or not all(
        isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) for x in value
    ):
        raise WeightsError(f"{name}: {label} must be a list of finite numbers")
    if length is not None and len(value) != length:
        raise WeightsError(f"{name}: {label} has {len(value)} numbers (expected {length})")
    return tuple(float(x) for x in value)
