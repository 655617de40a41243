"""Every game's parsers take a megabyte of whitespace, one long token or one long line and
refuse it with a one-line error (or read it).  A quadratic parser would take minutes here; the
time each parse takes, at two lengths, is measured by ``benchmarks/bench_parsers.py``."""
import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.registry import game_names, make_game
from gamesman.testing.long_inputs import long_inputs


@pytest.mark.parametrize("name", game_names())
def test_parsers_answer_a_megabyte_with_one_line(name):
    game = make_game(name)
    start = game.start()
    for label, text in long_inputs(game.format_position(start)).items():
        for parse in (game.parse_position, lambda text: game.parse_move(start, text)):
            try:
                parse(text)
            except GameError as problem:
                assert "\n" not in str(problem), f"{label}: {parse}"
