"""Hex: the board's geometry, chains between rims, the swap rule, no ties, and solved small boards."""
import itertools
import random
import re

import numpy as np
import pytest
from solver_checks import check_solver_consistency

from gamesman.contract.errors import IllegalMove, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, Value


def play(game, *moves, position=None):
    position = game.start() if position is None else position
    for text in moves:
        position = game.play(position, game.parse_move(position, text))
    return position


def full_board_winners(game, cells):
    """The players joined on a board filled with ``cells`` (any colouring: most are not reached
    by play, so the position string would refuse them)."""
    return tuple(player for player in (0, 1) if game.joined(cells, player))


def test_start_and_strings():
    game = make_game("hex")
    assert game.spec == "hex(size=11,swap=false)"
    assert game.format_position(game.start()) == "(x " + " ".join(["-" * 11] * 11) + ")"
    position = play(make_game("hex", size=4), "b1", "A4")
    assert make_game("hex", size=4).format_position(position) == "(x -x-- ---- ---- o---)"
    assert make_game("hex", size=4).parse_position(" ( X -x-- ---- ----  o---) ")[1] == position[1]


def test_cells_have_six_neighbours_as_in_hex_programs():
    game = make_game("hex", size=3)
    name = {index: game.format_move(game.start(), index) for index in range(9)}
    assert sorted(name[i] for i in game.neighbours[4]) == ["a2", "a3", "b1", "b3", "c1", "c2"]  # b2
    assert sorted(name[i] for i in game.neighbours[0]) == ["a2", "b1"]  # a1, an acute corner
    assert sorted(name[i] for i in game.neighbours[2]) == ["b1", "b2", "c2"]  # c1, an obtuse corner


def test_black_joins_rows_one_and_n_white_joins_the_columns():
    game = make_game("hex", size=3)
    black = play(game, "a1", "b1", "a2", "b2", "a3")
    assert game.outcome(black) == (1.0, -1.0) and game.moves(black) == []
    white = play(game, "c3", "a1", "c2", "b1", "a3", "c1")
    assert game.outcome(white) == (-1.0, 1.0)
    # b1 and a2 touch, a1 and b2 do not: a chain along the short diagonal joins rows 1 and 3.
    assert game.outcome(play(game, "c1", "a1", "b2", "b1", "a3")) == (1.0, -1.0)
    assert game.outcome(play(game, "a1", "a2", "b2", "b1", "c3")) is None


def test_render_draws_the_rhombus_with_both_rims_named():
    game = make_game("hex", size=3)
    text = game.render(play(game, "b2"))
    lines = text.splitlines()
    assert lines[0].split() == ["a", "b", "c"]
    assert lines[1:4] == ["1 - - - 1", " 2 - x - 2", "  3 - - - 3"]
    assert "rows 1 and 3" in lines[-1] and "columns a and c" in lines[-1]


@pytest.mark.parametrize("text, words", [
    ("(x --- --- --)", "row 3 has 2 cells"),
    ("(x --- ---)", "expected a turn and 3 rows"),
    ("(b --- --- ---)", "turn"),
    ("(x --- -z- ---)", "cell b2"),
])
def test_bad_positions_are_named(text, words):
    with pytest.raises(PositionError, match=words) as problem:
        make_game("hex", size=3).parse_position(text)
    assert str(problem.value).startswith("hex: ")


def test_moves_are_cells_and_illegal_ones_are_refused():
    game = make_game("hex", size=3)
    position = play(game, "b2")
    for text in ("b2", "d1", "a4", "swap", "", "2b"):
        with pytest.raises(IllegalMove):
            game.parse_move(position, text)
    with pytest.raises(IllegalMove):
        game.play(position, 4)
    assert game.format_position(position) == "(o --- -x- ---)"


def test_swap_mirrors_the_first_stone_and_black_moves_again():
    game = make_game("hex", size=4, swap=True)
    first = play(game, "c2")
    assert "swap" in [game.format_move(first, m) for m in game.moves(first)]
    swapped = play(game, "SWAP", position=first)
    assert game.format_position(swapped) == "(x ---- ---- -o-- ----)"  # c2 became b3, now white
    assert "swap" not in game.moves(swapped)
    later = play(game, "a1", position=swapped)
    assert "swap" not in game.moves(later)
    plain = make_game("hex", size=4)
    assert "swap" not in plain.moves(play(plain, "c2"))
    with pytest.raises(IllegalMove):
        game.parse_move(game.start(), "swap")


def test_no_full_board_is_a_tie_exhaustively_up_to_three():
    for size in (1, 2, 3):
        game = make_game("hex", size=size)
        for colours in itertools.product("xo", repeat=size * size):
            utilities = full_board_winners(game, "".join(colours))
            assert utilities in ((0,), (1,)), (size, colours)


@pytest.mark.parametrize("size", [5, 6, 7])
def test_no_full_board_is_a_tie_on_random_fillings(size):
    game = make_game("hex", size=size)
    rng = random.Random(size)
    for _ in range(150):
        cells = "".join(rng.choice("xo") for _ in range(size * size))
        joined = [game.joined(cells, player) for player in (0, 1)]
        assert joined.count(True) == 1
        assert full_board_winners(game, cells) == ((0,) if joined[0] else (1,))


def test_play_finds_the_same_chains_as_a_fresh_look_at_the_board():
    game = make_game("hex", size=6)
    rng = random.Random(4)
    for _ in range(30):
        position = game.start()
        while game.outcome(position) is None:
            position = game.play(position, rng.choice(game.moves(position)))
            assert game.parse_position(game.format_position(position)) == position


def test_evaluate_is_even_at_the_start_and_favours_the_centre_stone():
    game = make_game("hex", size=5)
    assert game.evaluate(game.start()) == 0
    after = play(game, "c3")  # white to move, black is ahead
    assert -1 <= game.evaluate(after) < 0
    assert game.distance(after[1], 0) == 4 and game.distance(after[1], 1) == 5


def test_only_boards_up_to_four_are_solvable():
    assert make_game("hex", size=4).capabilities.solvable and not make_game("hex", size=5).capabilities.solvable


def test_no_full_four_by_four_board_is_a_tie():
    """All 65,536 full colourings at once, by the solver's bit-mask flood fill, and a
    sample of them by the position parser's own search."""
    game = make_game("hex", size=4)
    crosses = np.arange(1 << 16, dtype=np.int64)
    noughts = crosses ^ 0xFFFF
    joined = game.mask_joined(crosses, 0).astype(int) + game.mask_joined(noughts, 1).astype(int)
    assert (joined == 1).all()
    for mask in range(0, 1 << 16, 997):
        cells = "".join("x" if mask >> i & 1 else "o" for i in range(16))
        assert game.joined(cells, 0) == bool(game.mask_joined(np.array([mask]), 0)[0])


def test_the_swap_move_is_also_read_by_its_gtp_name():
    game = make_game("hex", size=3, swap=True)
    after = play(game, "c2")
    assert game.parse_move(after, "swap-pieces") == game.parse_move(after, "SWAP") == "swap"


@pytest.mark.parametrize("size", [1, 2, 3])
def test_the_first_player_wins_as_strategy_stealing_says(size):
    game = make_game("hex", size=size)
    assert Solver(game, database=None).result(game.start()).value is Value.WIN


def test_two_by_two_is_won_only_from_an_obtuse_corner():
    game = make_game("hex", size=2)
    best = Solver(game, database=None).best_moves(game.start())
    assert sorted(game.format_move(game.start(), m) for m in best) == ["a2", "b1"]


@pytest.mark.parametrize("size", [2, 3])
def test_the_swap_rule_makes_the_second_player_win(size):
    # Every opening either wins (White swaps and owns it) or loses (White plays on).
    game = make_game("hex", size=size, swap=True)
    assert Solver(game, database=None).result(game.start()).value is Value.LOSE


def test_three_by_three_values_are_consistent():
    check_solver_consistency(make_game("hex", size=3, swap=True), 20_000)


def test_the_search_compiles_light_on_first_use(tmp_path):
    """After install the search's kernels compile in about 2 s, not 5: no shape checks of a
    slice assignment (with the string formatting of their errors) and no np.flatnonzero."""
    from compile_checks import compiled_on_first_use

    compiled = compiled_on_first_use(
        "import random\n"
        "from gamesman.contract.registry import make_game\n"
        "from gamesman.games.hex.search import RaveSearch\n"
        "game = make_game('hex', size=3)\n"
        "RaveSearch(game, random.Random(1), iterations=20).search(game.start())\n", tmp_path)
    assert "gamesman.games.hex.search.run_iterations" in compiled
    assert [name for name in compiled if name.startswith("numba.")
            and ("shape_context" in name or "flatnonzero" in name or "unicode" in name)] == []


def test_rave_plays_its_python_version_while_numba_compiles_it(monkeypatch):
    """After install numba's cache is empty: with a time budget, rave asks the background to
    compile its search and plays this move from the search's Python version (says so, in its
    choice and in its estimate), whose tree is the machine code's for the same seed."""
    from test_connectfour_exact import PendingWarmup

    from gamesman.games.hex import search
    from gamesman.players import compiled
    from gamesman.players.compiled import python_version, seeded
    from gamesman.players.search import RUN_AS_PYTHON
    from gamesman.players.strategies import estimate, make_strategy

    pending = PendingWarmup()
    monkeypatch.setattr(compiled, "WARMUP", pending)
    monkeypatch.setattr(compiled, "cached_on_disk", lambda function: False)
    game = make_game("hex", size=7)
    position = game.start()
    player = make_strategy(game, "rave --time 0.2", random.Random(0))
    choice = player.choose(position)
    assert choice.move in game.moves(position) and choice.reason.endswith(RUN_AS_PYTHON)
    assert pending.asked == [search.SEARCH_KERNELS]
    assert estimate(player, position).spent.endswith(RUN_AS_PYTHON)
    root, neighbours = search.board_of(position[1]), search.neighbour_table(game.size)
    trees = []
    for run, new_node in ((search.run_iterations, search._new_node),
                          (python_version(search.run_iterations), python_version(search._new_node))):
        arrays = search.tree_of(root, 100 * len(position[1]), new_node, seeded(5))
        run(root, position[0], game.size, neighbours, 100, *arrays)
        nodes, edges = arrays[3]
        trees.append([arrays[0][:nodes].tolist(), arrays[1][:nodes].tolist(), arrays[2][:nodes].tolist(),
                      arrays[3].tolist()] + [array[:edges].tolist() for array in arrays[4:10]] + [arrays[10].tolist()])
    assert trees[0] == trees[1]


def test_best_on_the_command_line_says_what_rave_spent_and_that_it_ran_as_python(monkeypatch, capsys):
    """``gamesman best`` gives the search's effort, as the shell's hint does: with it, that
    the move came from the Python version while numba compiles the search."""
    from test_connectfour_exact import PendingWarmup

    from gamesman.doors.cli import main
    from gamesman.players import compiled
    from gamesman.players.search import RUN_AS_PYTHON

    monkeypatch.setattr(compiled, "WARMUP", PendingWarmup())
    monkeypatch.setattr(compiled, "cached_on_disk", lambda function: False)
    game = make_game("hex", size=5)
    assert main(["best", "hex", "--size", "5", game.format_position(game.start())]) == 0
    line = capsys.readouterr().out.strip()
    assert re.fullmatch(rf"[a-e][1-5] \(estimate by rave --time 1; [\d,]+ iterations, [\d,]+ nodes in [\d.]+ s"
                        rf"{re.escape(RUN_AS_PYTHON)}: win rate \d+%, .*\)", line), line
