"""A plain start (a double-click) opens the window without building the command line's
parser, with exactly the options the parser would have given."""

from __future__ import annotations

import pytest

from uno_desktop.cli import FIRST_FRAME_FLAG, build_parser, plain_start


@pytest.mark.parametrize("argv", [[], [FIRST_FRAME_FLAG]], ids=["no arguments", "first frame"])
def test_a_plain_start_reads_the_options_the_parser_would_give(argv: list[str]) -> None:
    plain = plain_start(argv)
    assert plain is not None
    assert vars(plain) == vars(build_parser().parse_args(argv))


@pytest.mark.parametrize(
    "argv",
    [
        ["--smoke"],
        ["--exit-after"],  # argparse takes a prefix: the parser's to read
        [FIRST_FRAME_FLAG, "--lang", "sv"],
        [FIRST_FRAME_FLAG, FIRST_FRAME_FLAG],
        ["simulate"],
        ["--help"],
        [""],
    ],
)
def test_any_other_command_line_goes_through_the_parser(argv: list[str]) -> None:
    assert plain_start(argv) is None
