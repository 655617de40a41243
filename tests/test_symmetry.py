"""Solving up to symmetry: ``canonical_codes`` against boards turned and mirrored here, cell by
cell (the eight symmetries of a square board; Connect Four's mirror image); and solves that keep
one position of each set alike (in memory, saved and read back, in tiers, through the CLI)
answering every reachable position as a solve of every position does."""
from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from gamesman.contract.registry import make_game
from gamesman.dev.variants import unreduced
from gamesman.solver.database import Database
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner
from solver_checks import reachable


def turned(cells: str, side: int) -> str:
    """The board turned a quarter clockwise: row r of the result is column r read upwards."""
    return "".join(cells[(side - 1 - col) * side + row] for row in range(side) for col in range(side))


def mirrored(cells: str, cols: int) -> str:
    """The board of ``cols`` columns mirrored left to right."""
    return "".join(cells[row * cols + cols - 1 - col] for row in range(len(cells) // cols) for col in range(cols))


def alike(cells: str, side: int) -> list[str]:
    """The eight boards alike: four turns of the board and four of its mirror image."""
    boards = []
    for board in (cells, mirrored(cells, side)):
        for _ in range(4):
            boards.append(board)
            board = turned(board, side)
    return boards


def images(game, cells: str) -> list[str]:
    """The boards alike under ``game``'s symmetries: Connect Four's two mirror images, else eight."""
    rows, cols = game.board_shape()
    return [cells, mirrored(cells, cols)] if game.name == "connectfour" else alike(cells, cols)


def random_positions(side: int, count: int, seed: int) -> list[tuple[int, str]]:
    draw = random.Random(seed)
    return [(draw.randrange(2), "".join(draw.choice("-xo") for _ in range(side * side))) for _ in range(count)]


CASES = {
    "tictactoe": lambda: (make_game("tictactoe"), reachable(make_game("tictactoe"), make_game("tictactoe").start(),
                                                            10_000)),
    "quixo 3x3": lambda: (make_game("quixo", size=3), reachable(make_game("quixo", size=3),
                                                                make_game("quixo", size=3).start(), 100_000)),
    "quixo 4x4": lambda: (make_game("quixo", size=4), random_positions(4, 3000, 4)),
    "quixo 5x5": lambda: (make_game("quixo", size=5), random_positions(5, 3000, 5)),
}


@pytest.mark.parametrize("case", CASES)
def test_every_board_alike_has_one_code_the_least_and_it_stays(case):
    game, positions = CASES[case]()
    side = game.board_shape()[0]
    images = [(turn, board) for turn, cells in positions for board in alike(cells, side)]
    codes = np.array([game.encode(image) for image in images], np.int64).reshape(len(positions), 8)
    canonical = game.canonical_codes(codes.ravel()).reshape(len(positions), 8)
    assert (canonical == codes.min(axis=1, keepdims=True)).all()
    few = np.array([game.canonical_codes(row) for row in codes[:500]])  # a few codes at once, as a look-up asks
    assert (few == codes[:500].min(axis=1, keepdims=True)).all()
    assert np.array_equal(game.canonical_codes(canonical.ravel()), canonical.ravel())
    assert len({tuple(row) for row in np.sort(codes, axis=1).tolist()}) == len(np.unique(canonical[:, 0]))


def test_a_board_without_symmetry_has_eight_codes_and_the_turn_is_kept():
    game = make_game("quixo", size=4)
    boards = alike("xo--o---x--x---o", 4)
    codes = np.array([game.encode((1, board)) for board in boards], np.int64)
    assert len(set(codes.tolist())) == 8
    least = game.decode(int(game.canonical_codes(codes)[0]))
    assert least[0] == 1 and least[1] in boards


def with_turns_swapped(positions: list) -> list:
    """``positions`` each also with the other player to move (Connect Four numbers such
    positions above its index)."""
    return positions + [(1 - position[0], *position[1:]) for position in positions]


def random_games(game, count: int, seed: int) -> list:
    """The positions of ``count`` random games, every one from the start to the end."""
    draw = random.Random(seed)
    positions = []
    for _ in range(count):
        position = game.start()
        while game.legal_moves(position):
            position = game.play(position, draw.choice(game.legal_moves(position)))
            positions.append(position)
    return positions


STACKS = {
    "connectfour 4x4": dict(rows=4, cols=4),
    "connectfour 3x5, three in a row": dict(rows=3, cols=5, in_a_row=3),
    "connectfour 5x4": dict(rows=5, cols=4),
    "connectfour 6x7": dict(rows=6, cols=7),
}


@pytest.mark.parametrize("case", STACKS)
def test_a_connect_four_board_and_its_mirror_image_have_one_code_the_least(case):
    game = make_game("connectfour", **STACKS[case])
    _, cols = game.board_shape()
    positions = with_turns_swapped(random_games(game, 150, 7))
    codes = np.array([[game.encode(position), game.encode((position[0], mirrored(position[1], cols), position[2]))]
                      for position in positions], np.int64)
    canonical = game.canonical_codes(codes.ravel()).reshape(len(positions), 2)
    assert (canonical == codes.min(axis=1, keepdims=True)).all()
    few = np.array([game.canonical_codes(row) for row in codes[:500]])  # a look-up: no compiled code
    assert (few == codes[:500].min(axis=1, keepdims=True)).all()
    assert np.array_equal(game.canonical_codes(canonical.ravel()), canonical.ravel())
    assert (codes[:, 0] == codes[:, 1]).any() and (codes[:, 0] != codes[:, 1]).any()


#: Connect Four 4x4 is slow: each of its 161,029 positions is decoded one at a time.
SOLVED = [("tictactoe", {}), ("tictactoe", {"misere": True}), ("quixo", {"size": 3}),
          pytest.param("connectfour", {"rows": 4, "cols": 4}, marks=pytest.mark.slow),
          ("connectfour", {"rows": 3, "cols": 4, "in_a_row": 3, "misere": True})]


def assert_same_answers(reduced: Solver, every: Solver) -> None:
    """``reduced`` answers every position ``every`` solved (all those reachable) as it does,
    and keeps one position of each set alike."""
    positions = list(every.table)
    game = every.game
    assert len(reduced.table) == len({(position[0], min(images(game, position[1]))) for position in positions})
    for position in positions:
        assert reduced.result(position) == every.result(position), every.game.format_position(position)


@pytest.mark.parametrize("name, options", SOLVED)
def test_a_solve_up_to_symmetry_answers_as_a_solve_of_every_position(name, options):
    game = make_game(name, **options)
    reduced, every = Solver(game, database=None), Solver(unreduced(game), database=None)
    reduced.solve()
    every.solve()
    assert_same_answers(reduced, every)
    for position in list(every.table)[::7]:  # the moves' results, looked up many at a time
        assert reduced.move_results(position) == every.move_results(position)


def test_a_saved_solve_up_to_symmetry_is_read_back_and_answers_every_position(tmp_path):
    game = make_game("quixo", size=3)
    Solver(game, database=Database(tmp_path)).solve()
    again = Solver(game, database=Database(tmp_path))
    assert again.solve() == 0  # read back, not solved again
    every = Solver(unreduced(game), database=None)
    every.solve()
    assert_same_answers(again, every)


@pytest.mark.parametrize("name, options", [("quixo", {"size": 3}), ("tictactoe", {}),
                                           pytest.param("connectfour", {"rows": 4, "cols": 4},
                                                        marks=pytest.mark.slow)])
def test_a_solve_in_tiers_up_to_symmetry_answers_every_position(tmp_path, name, options):
    """Quixo in its own tiers (counts of each symbol), tic-tac-toe in tiers of distance,
    Connect Four in tiers of pieces cut by column heights (a position's mirror image is
    often in another shard)."""
    game = make_game(name, **options)
    with local_runner(1) as (run, _):
        reduced = Solver(game, database=None, tiers=TierRun(tmp_path, run, 2))
        reduced.solve()
    every = Solver(unreduced(game), database=None)
    every.solve()
    assert_same_answers(reduced, every)


def test_the_cli_answers_positions_alike_as_a_solve_of_every_position():
    game = make_game("quixo", size=3)
    every = Solver(unreduced(game), database=None)
    every.solve()
    positions = random.Random(3).sample(list(every.table), 300)
    lines = [game.format_position(position) for position in positions]
    answered = subprocess.run([sys.executable, "-m", "gamesman", "solve", "quixo", "--size", "3"],
                              input="\n".join(lines) + "\n", capture_output=True, text=True, check=True)
    assert answered.stdout.splitlines() == [str(every.result(position)) for position in positions]
