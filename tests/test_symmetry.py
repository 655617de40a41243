"""Solving up to symmetry: ``canonical_codes`` against boards turned and mirrored here, cell by
cell (the eight symmetries of a square board, the four of another rectangle; Connect Four's
mirror image); and solves that keep one position of each set alike (in memory, saved and read
back, in tiers, through the CLI) answering every reachable position as a solve of every
position does."""
from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from gamesman.boards.symmetry import board_maps
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


def flipped(cells: str, cols: int) -> str:
    """The board of ``cols`` columns mirrored top to bottom."""
    rows = len(cells) // cols
    return "".join(cells[(rows - 1 - row) * cols + col] for row in range(rows) for col in range(cols))


def rectangle_alike(cells: str, cols: int) -> list[str]:
    """The four boards alike on any rectangle: the board, its two mirror images and its half turn."""
    return [cells, mirrored(cells, cols), flipped(cells, cols), flipped(mirrored(cells, cols), cols)]


def images(game, cells: str) -> list[str]:
    """The boards alike under ``game``'s symmetries: Connect Four's two mirror images, else
    eight on a square board and four on another."""
    rows, cols = game.board_shape()
    if game.name == "connectfour":
        return [cells, mirrored(cells, cols)]
    return alike(cells, cols) if rows == cols else rectangle_alike(cells, cols)


def random_positions(rows: int, cols: int, count: int, seed: int, symbols: str = "-xo") -> list[tuple[int, str]]:
    draw = random.Random(seed)
    return [(draw.randrange(2), "".join(draw.choice(symbols) for _ in range(rows * cols))) for _ in range(count)]


def moved(cells: str, places: list[int]) -> str:
    """The board with the piece of each cell i moved to cell ``places[i]``."""
    board = [""] * len(cells)
    for cell, place in enumerate(places):
        board[place] = cells[cell]
    return "".join(board)


@pytest.mark.parametrize("rows, cols", [(2, 2), (3, 3), (4, 4), (3, 4), (4, 3), (2, 5)])
def test_the_maps_are_the_boards_symmetries_a_group_the_identity_first(rows, cols):
    maps = board_maps(rows, cols)
    cells = list(range(rows * cols))
    assert maps[0] == cells
    assert all(sorted(places) == cells for places in maps)  # each a permutation of the cells
    labels = "".join(chr(ord("A") + cell) for cell in cells)  # every cell told apart
    boards = [moved(labels, places) for places in maps]
    assert len(set(boards)) == len(maps) == (8 if rows == cols else 4)
    expected = alike(labels, cols) if rows == cols else rectangle_alike(labels, cols)
    assert sorted(boards) == sorted(expected)  # the boards turned and mirrored, cell by cell
    as_tuples = {tuple(places) for places in maps}
    for first in maps:  # closed: one symmetry after another is one of them
        for then in maps:
            assert tuple(then[first[cell]] for cell in cells) in as_tuples


@pytest.mark.parametrize("side", [2, 3, 4, 5])
def test_a_square_has_the_rectangles_four_maps_among_its_eight(side):
    square = board_maps(side, side)
    labels = "".join(chr(ord("A") + cell) for cell in range(side * side))
    rectangle = [places for places in square if moved(labels, places) in rectangle_alike(labels, side)]
    assert len(rectangle) == 4 and rectangle == square[:4]


CASES = {
    "tictactoe": lambda: (make_game("tictactoe"), reachable(make_game("tictactoe"), make_game("tictactoe").start(),
                                                            10_000)),
    "quixo 3x3": lambda: (make_game("quixo", size=3), reachable(make_game("quixo", size=3),
                                                                make_game("quixo", size=3).start(), 100_000)),
    "quixo 4x4": lambda: (make_game("quixo", size=4), random_positions(4, 4, 3000, 4)),
    "quixo 5x5": lambda: (make_game("quixo", size=5), random_positions(5, 5, 3000, 5)),
    "othello 4x4": lambda: (make_game("othello"), random_positions(4, 4, 3000, 6, "-bw")),
    "othello 3x5": lambda: (make_game("othello", rows=3, cols=5), random_positions(3, 5, 3000, 7, "-bw")),
    "othello 6x4": lambda: (make_game("othello", rows=6, cols=4), random_positions(6, 4, 3000, 8, "-bw")),
}


@pytest.mark.parametrize("case", CASES)
def test_every_board_alike_has_one_code_the_least_and_it_stays(case):
    game, positions = CASES[case]()
    count = len(images(game, positions[0][1]))
    boards = [(turn, board) for turn, cells in positions for board in images(game, cells)]
    codes = np.array([game.encode(board) for board in boards], np.int64).reshape(len(positions), count)
    canonical = game.canonical_codes(codes.ravel()).reshape(len(positions), count)
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
          ("connectfour", {"rows": 3, "cols": 4, "in_a_row": 3, "misere": True}),
          ("othello", {}), ("othello", {"rows": 3, "cols": 4}), ("othello", {"rows": 4, "cols": 3, "misere": True}),
          ("othello", {"rows": 3, "cols": 4, "place_anywhere": True})]


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
