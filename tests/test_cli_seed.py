"""The command line's seed: a signed 64-bit number, and the message for one out of range
names the true smallest and largest values."""

from __future__ import annotations

import pytest

from uno_desktop.cli import build_parser, main

LARGEST, SMALLEST = 2**63 - 1, -(2**63)


@pytest.mark.parametrize("where", [["simulate"], []], ids=["simulate", "window"])
def test_the_largest_and_smallest_seeds_are_accepted(where: list[str]) -> None:
    for seed in (LARGEST, SMALLEST):
        args = build_parser().parse_args([*where, "--seed", str(seed)])
        assert seed in (getattr(args, "seed", None), getattr(args, "table_seed", None))


@pytest.mark.parametrize("seed", [LARGEST + 1, SMALLEST - 1])
def test_a_seed_out_of_range_is_refused_naming_the_true_range(
    seed: int, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as leaving:
        main(["simulate", "--seed", str(seed), "--games", "1"])
    assert leaving.value.code == 2
    err = capsys.readouterr().err
    assert f"expected a whole number from {SMALLEST} to {LARGEST}; got {seed}" in err
