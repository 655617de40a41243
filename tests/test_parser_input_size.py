"""Every game's parsers take time linear in their input: a megabyte of whitespace, one long
token or one long line is refused (or read) in well under a second, never hangs.  A bound of
seconds, so this is a check for hangs (a quadratic parser takes minutes), not a benchmark."""
import time

import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.registry import game_names, make_game

MEGABYTE = 1 << 20
#: Seconds one parse of a megabyte may take: far above a linear parser's, far below a quadratic one's.
BOUND = 5.0


def huge_inputs(start: str) -> dict[str, str]:
    """Megabyte-long texts: whitespace, long tokens, many tokens, a long line, unbalanced brackets."""
    return {"spaces": "(" + " " * MEGABYTE + ")", "spaces inside": start[:2] + " " * MEGABYTE + start[2:],
            "spaces after": start + " " * MEGABYTE, "tabs and commas": "(x " + " \t, " * (MEGABYTE // 4) + ")",
            "one token": "(" + "x" * MEGABYTE + ")", "digits": "(" + "1" * MEGABYTE + ")",
            "many tokens": "(" + "1 " * (MEGABYTE // 2) + ")", "dashes": "(x " + "-" * MEGABYTE + ")",
            "a line": "x" * MEGABYTE, "open brackets": "(" * MEGABYTE, "unclosed": "(" + " " * MEGABYTE}


@pytest.mark.parametrize("name", game_names())
def test_parsers_are_linear_in_their_input(name):
    game = make_game(name)
    start = game.start()
    for label, text in huge_inputs(game.format_position(start)).items():
        for parse in (game.parse_position, lambda text: game.parse_move(start, text)):
            began = time.perf_counter()
            try:
                parse(text)
            except GameError as problem:
                assert "\n" not in str(problem)
            assert time.perf_counter() - began < BOUND, f"{label}: {parse}"
