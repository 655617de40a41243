"""Position strings, fuzzed on a bounded budget for each game: every position that random play
reaches parses back to itself, and a mutated string is either refused with a one-line error or
accepted as a position whose answers agree (its moves, its outcome and the solver's value)."""
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.contract.registry import make_game
from gamesman.players.play import next_random
from gamesman.solver.strong import Solver
from solver_checks import reachable

#: The games and small variants fuzzed here (the solver answers from the small ones at once).
VARIANTS = {"tictactoe": {}, "tomorrowstictactoe": {"rows": 2, "cols": 3}, "hex": {"size": 3}, "sim": {"nodes": 4},
            "othello": {"rows": 4, "cols": 4}, "chopsticks": {}, "kaboom": {}, "abalone": {}, "nim": {},
            "nim3p": {}, "onetwoten": {}}
SOLVED = {"tictactoe", "tomorrowstictactoe", "hex", "sim", "nim", "onetwoten", "chopsticks"}
BUDGET = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def played(game, rng: random.Random, steps: int) -> list:
    """The positions of one random game, at most ``steps`` moves long."""
    positions = [game.start()]
    while len(positions) <= steps and game.outcome(positions[-1]) is None and (
            game.to_move(positions[-1]) == CHANCE or game.moves(positions[-1])):
        positions.append(next_random(game, positions[-1], rng))
    return positions


def check_consistent(game, position, solver) -> None:
    """Moves, outcome and the solver agree about an accepted position, and it prints back."""
    text = game.format_position(position)
    assert game.format_position(game.parse_position(text)) == text
    if game.to_move(position) == CHANCE:
        return
    over = game.outcome(position) is not None
    moves = list(game.moves(position))
    assert not moves if over else moves, "the game is over but has moves, or goes on without any"
    for move in moves[:3]:
        game.play(position, move)
    if solver is not None:
        result = str(solver.result(position))
        assert not over or result.endswith(" 0")


@pytest.mark.parametrize("name", sorted(VARIANTS))
@BUDGET
@given(seed=st.integers(0, 2 ** 32 - 1), mutations=st.lists(st.tuples(st.integers(0, 10 ** 6), st.sampled_from(
    "xo-bwBWLRPz0123456789 ()|,/.+:"), st.sampled_from(["replace", "insert", "delete"])), min_size=1, max_size=3))
def test_reached_positions_parse_back_and_mutants_are_refused_or_consistent(name, seed, mutations):
    game = make_game(name, **VARIANTS[name])
    solver = Solver(game, database=None) if name in SOLVED else None
    positions = played(game, random.Random(seed), 40)
    for position in positions:
        text = game.format_position(position)
        assert game.format_position(game.parse_position(text)) == text
    text = game.format_position(positions[random.Random(seed).randrange(len(positions))])
    for at, char, how in mutations:
        at %= len(text) + 1
        text = {"replace": text[:at] + char + text[at + 1:], "insert": text[:at] + char + text[at:],
                "delete": text[:at] + text[at + 1:]}[how]
        try:
            position = game.parse_position(text)
        except GameError as problem:
            assert "\n" not in str(problem) and str(problem).startswith(f"{name}: ")
            continue
        check_consistent(game, position, solver)


def reachable_texts(game) -> set[str]:
    """Every position string that play reaches from the start."""
    return {game.format_position(position) for position in reachable(game, game.start(), 10_000)}


def test_tictactoe_accepts_exactly_what_play_reaches_whoever_a_finished_board_names():
    """Every board of x, o and - with either turn: the accepted ones are the reachable ones
    (a finished board's turn token is free: the game is over whoever it names)."""
    game = make_game("tictactoe")
    reached = reachable_texts(game)
    accepted = set()
    for cells in itertools.product("xo-", repeat=9):
        for turn in "xo":
            text = f"({turn} {''.join(cells[:3])} {''.join(cells[3:6])} {''.join(cells[6:])})"
            try:
                position = game.parse_position(text)
            except GameError as problem:
                assert "\n" not in str(problem)
                continue
            accepted.add(text if game.outcome(position) is None else (position[1], "over"))
    assert {text for text in accepted if isinstance(text, str)} == {
        text for text in reached if game.outcome(game.parse_position(text)) is None}
    assert {cells for cells, _ in (item for item in accepted if isinstance(item, tuple))} == {
        game.parse_position(text)[1] for text in reached if game.outcome(game.parse_position(text)) is not None}


@pytest.mark.parametrize("name, text, words", [
    ("tictactoe", "(o --x --x xx-)", "x has 4 marks and o 0"),
    ("tictactoe", "(x x-- --- ---)", "x has 1 marks and o 0, so o is to move, not x"),
    ("tictactoe", "(o xxx ooo ---)", "both x and o"),
    ("tictactoe", "(o xxx oo- o--)", "x has a line, so x placed the last mark, but x has 3 marks and o 3"),
    ("nim", "(o 5 5 5)", "0 moves were made"),
    ("onetwoten", "(R 0)", "L is to move"),
])
def test_unreachable_positions_name_the_broken_invariant(name, text, words):
    with pytest.raises(GameError, match=words):
        make_game(name).parse_position(text)
