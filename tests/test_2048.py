"""2048: merges, legality, chance, score, records, strings, the solver on small boards, the players."""
import random
from fractions import Fraction
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamesman.games.twentyfortyeight import TwentyFortyEight, simulate_report
from gamesman.games.twentyfortyeight.bitboard import BitboardSearch, line_values
from gamesman.games.twentyfortyeight.exact import ExactTable
from gamesman.games.twentyfortyeight.tiles import slide
from gamesman.contract.errors import GameError, IllegalMove, OptionError, PositionError
from gamesman.contract.game import CHANCE
from gamesman.players.strategies import make_strategy
from gamesman.players.play import random_outcome
from gamesman.contract.registry import make_game
from gamesman.solver.results import unpack
from gamesman.solver.strong import Solver

GAME = make_game("2048")


def after(text, move, game=GAME):
    """The position string after one move."""
    position = game.read_position(text)
    return game.format_position(game.play(position, game.parse_move(position, move)))


def seeded_game(game, strategy, seed):
    """A whole game: its record (every move and chance outcome as text) and its final position."""
    rng = random.Random(seed)
    player = make_strategy(game, strategy, rng) if strategy else None
    position, record = game.start(), []
    while game.outcome(position) is None:
        if game.to_move(position) == CHANCE:
            move = random_outcome(game, position, rng)
        elif player:
            move = player.choose(position).move
        else:
            move = rng.choice(game.moves(position))
        record.append(game.format_move(position, move))
        position = game.play(position, move)
    return record, position


# -- merges -------------------------------------------------------------------
@pytest.mark.parametrize("line, expected, points", [
    ((1, 1, 1, 1), (2, 2, 0, 0), 8),      # 2 2 2 2 -> 4 4 - -
    ((1, 1, 1, 0), (2, 1, 0, 0), 4),      # 2 2 2 - -> 4 2 - -
    ((2, 2, 3, 0), (3, 3, 0, 0), 8),      # 4 4 8 - -> 8 8 - -, not 16
    ((1, 0, 0, 1), (2, 0, 0, 0), 4),      # tiles slide together before merging
    ((0, 1, 2, 1), (1, 2, 1, 0), 0),
    ((2, 2, 1, 1), (3, 2, 0, 0), 12),
    ((3, 3, 3, 2), (4, 3, 2, 0), 16),     # the sheet's figure: 8 8 8 2 -> 16 8 2 -
    ((1, 2, 3, 4), (1, 2, 3, 4), 0),
])
def test_slide_merges_from_the_side_moved_towards(line, expected, points):
    assert slide(line) == (expected, points)


# Four and three equal tiles in a row (or column), each direction.
FOUR = {
    "left": ("2,2,2,2 -,-,-,- -,-,-,- -,-,-,-", "4,4,-,- -,-,-,- -,-,-,- -,-,-,-"),
    "right": ("2,2,2,2 -,-,-,- -,-,-,- -,-,-,-", "-,-,4,4 -,-,-,- -,-,-,- -,-,-,-"),
    "up": ("2,-,-,- 2,-,-,- 2,-,-,- 2,-,-,-", "4,-,-,- 4,-,-,- -,-,-,- -,-,-,-"),
    "down": ("2,-,-,- 2,-,-,- 2,-,-,- 2,-,-,-", "-,-,-,- -,-,-,- 4,-,-,- 4,-,-,-"),
}
THREE = {
    "left": ("-,2,2,2 -,-,-,- -,-,-,- -,-,-,-", "4,2,-,- -,-,-,- -,-,-,- -,-,-,-"),
    "right": ("2,2,2,- -,-,-,- -,-,-,- -,-,-,-", "-,-,2,4 -,-,-,- -,-,-,- -,-,-,-"),
    "up": ("-,-,-,- -,-,-,8 -,-,-,8 -,-,-,8", "-,-,-,16 -,-,-,8 -,-,-,- -,-,-,-"),
    "down": ("-,-,-,8 -,-,-,8 -,-,-,8 -,-,-,-", "-,-,-,- -,-,-,- -,-,-,8 -,-,-,16"),
}


@pytest.mark.parametrize("direction", ["left", "up", "right", "down"])
def test_four_equal_tiles_make_two_pairs(direction):
    before, expected = FOUR[direction]
    assert after(f"(player 0 {before})", direction) == f"(chance 8 {expected})"


@pytest.mark.parametrize("direction", ["left", "up", "right", "down"])
def test_three_equal_tiles_merge_the_pair_nearest_the_wall(direction):
    before, expected = THREE[direction]
    points = 16 if direction in ("up", "down") else 4
    assert after(f"(player 0 {before})", direction) == f"(chance {points} {expected})"


def test_a_merged_tile_does_not_merge_again_in_the_same_move():
    assert after("(player 0 4,4,8,- -,-,-,- -,-,-,- -,-,-,-)", "l") == "(chance 8 8,8,-,- -,-,-,- -,-,-,- -,-,-,-)"
    assert after("(player 0 -,8,4,4 -,-,-,- -,-,-,- -,-,-,-)", "r") == "(chance 8 -,-,8,8 -,-,-,- -,-,-,- -,-,-,-)"


def test_the_sheets_figure():
    """Figure 1 of the sheet: LEFT, RIGHT and DOWN are legal, UP is not; LEFT merges as described."""
    text = "(player 0 8,8,8,2 2,2,4,8 4,-,2,4 -,-,-,-)"
    position = GAME.read_position(text)
    assert GAME.moves(position) == ["left", "right", "down"]
    assert after(text, "left") == "(chance 20 16,8,2,- 4,4,8,- 4,2,4,- -,-,-,-)"


# -- legality -------------------------------------------------------------------
def test_a_move_that_moves_nothing_is_illegal_and_changes_nothing():
    text = "(player 12 2,4,8,16 -,-,-,- -,-,-,- -,-,-,-)"
    position = GAME.read_position(text)
    assert GAME.moves(position) == ["down"]
    for move in ("left", "up", "right"):
        with pytest.raises(IllegalMove):
            GAME.play(position, move)
        with pytest.raises(IllegalMove):
            GAME.parse_move(position, move[0])
    assert GAME.format_position(position) == text


def test_the_game_ends_when_no_move_is_legal():
    full = GAME.read_position("(player 300 2,4,2,4 4,2,4,2 2,4,2,4 4,2,4,2)")
    assert GAME.moves(full) == [] and GAME.outcome(full) == (300.0,)
    mergeable = GAME.read_position("(player 300 2,4,2,4 4,2,4,2 2,4,2,4 4,2,8,8)")
    assert GAME.moves(mergeable) == ["left", "right"] and GAME.outcome(mergeable) is None


def test_moves_and_chance_outcomes_are_parsed_and_printed():
    position = GAME.read_position("(player 0 2,2,-,- -,-,-,- -,-,-,- -,-,-,-)")
    for text, move in (("l", "left"), ("LEFT", "left"), (" d ", "down"), ("R", "right")):
        assert GAME.parse_move(position, text) == move
        assert GAME.format_move(position, move) == move
    for bad in ("x", "", "2@a1", "leftt"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(position, bad)
    chance = GAME.play(position, "left")
    assert GAME.parse_move(chance, "2@B3") == (2 * 4 + 1, 2)
    assert GAME.format_move(chance, (2 * 4 + 1, 2)) == "2@b3"
    for bad in ("left", "8@b3", "2@a1", "2@e1", "2@", "@b3", "2b3"):
        with pytest.raises(IllegalMove):
            GAME.parse_move(chance, bad)
    with pytest.raises(IllegalMove):
        GAME.play(chance, (0, 2))  # a1 holds the 4
    with pytest.raises(IllegalMove):
        GAME.play(chance, "left")


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(text=st.text(max_size=8) | st.text(alphabet="0124@abdeé ", max_size=6))
def test_a_chance_outcome_typed_wrong_is_an_illegal_move(text):
    chance = GAME.read_position("(chance 4 4,-,-,- -,-,-,- -,-,-,- -,-,-,2)")
    try:
        move = GAME.parse_move(chance, text)
    except IllegalMove as problem:
        assert "\n" not in str(problem)
    else:
        assert move in dict(GAME.chances(chance))


# -- chance -------------------------------------------------------------------------
def test_the_new_tile_is_2_or_4_on_a_uniformly_chosen_empty_cell():
    position = GAME.read_position("(chance 4 4,-,-,- 2,8,-,- -,-,-,- 2,2,4,2)")
    outcomes = GAME.chances(position)
    empty = [i for i, tile in enumerate(position[2]) if not tile]
    assert len(empty) == 9
    assert sum(p for _, p in outcomes) == 1
    assert all(isinstance(p, Fraction) for _, p in outcomes)
    assert dict(outcomes) == {**{(i, 2): Fraction(9, 10) / 9 for i in empty},
                              **{(i, 4): Fraction(1, 10) / 9 for i in empty}}
    child = GAME.play(position, (empty[0], 4))
    assert GAME.to_move(child) == 0 and child[2][empty[0]] == 2  # exponent of 4


def test_the_start_places_two_tiles_by_two_chance_steps():
    start = GAME.start()
    assert GAME.format_position(start) == "(chance 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,-)"
    assert GAME.to_move(start) == CHANCE and GAME.outcome(start) is None
    first = GAME.chances(start)
    assert len(first) == 32 and sum(p for _, p in first) == 1
    one = GAME.play(start, (5, 4))
    assert GAME.to_move(one) == CHANCE
    assert sum(p for _, p in GAME.chances(one)) == 1 and len(GAME.chances(one)) == 30
    two = GAME.play(one, (0, 2))
    assert GAME.to_move(two) == 0
    assert GAME.format_position(two) == "(player 0 2,-,-,- -,4,-,- -,-,-,- -,-,-,-)"


def test_a_seeded_game_draws_tiles_in_the_right_proportions():
    rng = random.Random(5)
    position = GAME.read_position("(chance 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,2)")
    draws = [random_outcome(GAME, position, rng) for _ in range(3000)]
    fours = sum(1 for _, value in draws if value == 4)
    assert 220 < fours < 380
    cells = {cell for cell, _ in draws}
    assert cells == set(range(15))


# -- score ------------------------------------------------------------------------------
def test_the_score_adds_up_every_merge():
    record, final = seeded_game(GAME, None, 3)
    # Every tile 2**k made by merges alone scored (k - 1) * 2**k; each 4 that
    # appeared as a new tile skipped the 4 points of merging two 2s.
    fours = sum(1 for move in record if move.startswith("4@"))
    made = sum((k - 1) * 2 ** k for k in final[2] if k)
    assert final[1] == made - 4 * fours
    assert GAME.outcome(final) == (float(final[1]),)


def test_greedy_takes_the_biggest_merge():
    position = GAME.read_position("(player 0 2,2,-,- 8,-,-,- 8,-,-,- -,-,-,-)")
    assert make_strategy(GAME, "greedy", random.Random(1)).choose(position).move in ("up", "down")


# -- records and strings ---------------------------------------------------------------
def test_a_seeded_game_replays_from_its_record():
    record, final = seeded_game(GAME, "greedy", 11)
    assert record == seeded_game(GAME, "greedy", 11)[0]
    position = GAME.start()
    for text in record:
        position = GAME.play(position, GAME.parse_move(position, text))
    assert position == final and GAME.outcome(position) is not None


def test_positions_round_trip():
    for seed in range(3):
        position = GAME.start()
        rng = random.Random(seed)
        while GAME.outcome(position) is None:
            text = GAME.format_position(position)
            assert GAME.format_position(GAME.parse_position(text)) == text
            assert GAME.parse_position(text) == position
            if GAME.to_move(position) == CHANCE:
                position = GAME.play(position, random_outcome(GAME, position, rng))
            else:
                position = GAME.play(position, rng.choice(GAME.moves(position)))


def test_parsing_is_lenient_about_spacing_and_case_only():
    canonical = "(player 18432 2,4,-,2048 -,-,-,- -,-,-,- -,-,-,-)"
    sloppy = "  ( PLAYER  18432  2 , 4,-,2048   -,-,-,- -,-,-,- -,-,-,- ) "
    assert GAME.format_position(GAME.parse_position(sloppy)) == canonical
    for bad in ("(player 12 2,4,-,- -,-,-,- -,-,-,-)", "(player 2,4,-,- -,-,-,- -,-,-,- -,-,-,-)",
                "(player 12 3,4,-,- -,-,-,- -,-,-,- -,-,-,-)", "(player 12 2,4,-,-,- -,-,-,- -,-,-,- -,-,-,-)",
                "(chance 4 2,4,2,4 4,2,4,2 2,4,2,4 4,2,4,2)", "(x 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,-)",
                "(player 1.5 -,-,-,- -,-,-,- -,-,-,- -,-,-,-)", "(player 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,1)",
                "(player 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,262144)", "player 0", "()", "(player)"):
        with pytest.raises(PositionError) as problem:
            GAME.parse_position(bad)
        assert str(problem.value).startswith("2048: ") and "\n" not in str(problem.value)


def test_long_runs_of_spaces_parse_in_linear_time():
    spaced = "(player 18432 2" + " " * 200_000 + ",4,-,2048 -,-,-,- -,-,-,- -,-,-,-)"
    assert GAME.format_position(GAME.parse_position(spaced)) == "(player 18432 2,4,-,2048 -,-,-,- -,-,-,- -,-,-,-)"
    with pytest.raises(PositionError):
        GAME.parse_position("(player 12 2 ," + " " * 200_000 + ")")


@pytest.mark.parametrize("text, invariant", [
    ("(player 6 2,4,-,- -,-,-,- -,-,-,- -,-,-,-)", "multiple of 4"),
    ("(chance 2 2,4,-,- -,-,-,- -,-,-,- -,-,-,-)", "multiple of 4"),
    ("(player 0 -,-,-,- -,-,-,- -,-,-,- -,-,-,-)", "two tiles"),
    ("(player 4 8,-,-,- -,-,-,- -,-,-,- -,-,-,-)", "two tiles"),
    ("(player 12 2,4 4,2)", "score 12 cannot be reached with these tiles: the merges that made them scored 0 to 8"),
    ("(player 0 8,2 -,-)", "score 0 cannot be reached with these tiles: the merges that made them scored 8 to 16"),
    ("(chance 4 2,- -,4)", "in no direction do they all lie against its side"),
    ("(player 24 8,8 8,-)", "no 2 or 4 taken away leaves the tiles all against one side"),
])
def test_unreachable_positions_are_refused_naming_the_invariant(text, invariant):
    with pytest.raises(PositionError) as problem:
        (GAME if text.count(",") > 4 else make_game("2048", rows=2, cols=2)).parse_position(text)
    assert invariant in str(problem.value)
    assert make_game("2048", target=8).parse_position("(chance 8,-,-,- -,-,-,- -,-,-,- -,-,-,-)")


def test_a_target_game_wins_with_the_target_tile_and_keeps_no_score():
    game = make_game("2048", rows=3, cols=3, target=64)
    assert game.spec == "2048(rows=3,cols=3,target=64)"
    text = "(player 32,32,- -,-,- 2,-,-)"
    position = game.read_position(text)
    assert game.format_position(position) == text and game.outcome(position) is None
    won = game.play(position, "left")
    assert game.format_position(won) == "(chance 64,-,- -,-,- 2,-,-)"
    assert game.outcome(won) == (1.0,) and game.chances(won) == [] and game.moves(won) == []
    lost = game.read_position("(player 2,4,2 4,2,4 2,4,2)")
    assert game.outcome(lost) == (0.0,)
    with pytest.raises(PositionError):
        game.read_position("(player 0 32,32,- -,-,- 2,-,-)")


@pytest.mark.parametrize("values", [{"target": 3}, {"target": 2}, {"rows": 2, "cols": 2, "target": 64},
                                    {"rows": 1}, {"cols": 9}])
def test_options_out_of_range_are_refused(values):
    with pytest.raises(OptionError):
        make_game("2048", **values)


def test_render_says_how_a_game_ended():
    target = make_game("2048", rows=2, cols=2, target=16)
    won = target.play(target.read_position("(player 8,8 2,4)"), "left")
    assert target.render(won).splitlines()[0] == "target 16 reached: won"
    lost = target.read_position("(player 2,4 4,2)")
    assert target.render(lost).splitlines()[0] == "target 16 not reached: game over"
    assert target.render(target.read_position("(chance 8,- 2,4)")).splitlines()[0] == "target 16, chance to move"
    over = GAME.read_position("(player 52 2,4,2,4 4,2,4,2 2,4,2,4 4,2,4,2)")
    assert GAME.render(over).splitlines()[0] == "score 52: game over"


def test_render_shows_coordinates_and_the_score():
    position = GAME.read_position("(player 1024 2,4,-,- -,-,-,- -,-,-,- -,-,-,2048)")
    assert GAME.render(position).splitlines() == [
        "score 1024, player to move",
        "     a    b    c    d",
        "1    2    4    -    -",
        "2    -    -    -    -",
        "3    -    -    -    -",
        "4    -    -    - 2048",
    ]


def test_simulate_report_counts_tiles_and_scores():
    finals = [GAME.read_position(f"(player {score} {top},4,2,4 4,2,4,2 2,4,2,4 4,2,4,2)")
              for score, top in ((20000, 2048), (9000, 1024), (60000, 4096))]
    report = simulate_report(GAME, finals)
    assert "score: mean 29666.7, median 20000, best 60000" in report
    assert "   2048: 2 (66.7%)" in report and "   4096: 1 (33.3%)" in report and "   8192: 0 (0.0%)" in report
    assert GAME.simulate_report(finals) == report


# -- the solver on small boards ----------------------------------------------------------
def brute_force(game):
    """The best expected utility from the start, by direct recursion with exact fractions."""
    return brute_force_from(game, game.start())


@pytest.mark.parametrize("values", [{"rows": 2, "cols": 2}, {"rows": 2, "cols": 2, "target": 16},
                                    {"rows": 2, "cols": 2, "target": 32}])
def test_the_solver_gives_the_exact_optimal_expectation_on_2x2(values):
    game = make_game("2048", **values)
    solved = Solver(game, database=None).result(game.start()).utilities[0]
    exact = brute_force(game)
    assert solved == pytest.approx(float(exact), rel=1e-12)
    assert 0 < exact < (1 if game.target else 200)


@pytest.mark.parametrize("rows, cols, target", [(2, 2, 16), (2, 3, 32), (3, 2, 16)])
def test_the_exact_table_agrees_with_the_solver_on_every_reachable_position(rows, cols, target):
    game = make_game("2048", rows=rows, cols=cols, target=target)
    solver = Solver(game, database=None, engine="reference")
    solver.solve()
    table = ExactTable(game)
    assert len(solver.table) > 100
    for position, packed in solver.table.items():
        result = unpack(packed)
        assert table.result(position) == (result.utilities[0], result.remoteness), game.format_position(position)
    assert str(solver.result(game.start())) == str(Solver(game, database=None).result(game.start()))


def brute_force_from(game, position):
    """The best expected utility (with a target: the win probability) of ``position``, by
    direct recursion with exact fractions."""
    @lru_cache(maxsize=None)
    def value(position):
        ended = game.outcome(position)
        if ended is not None:
            return Fraction(ended[0])
        if game.to_move(position) == CHANCE:
            return sum(p * value(game.play(position, o)) for o, p in game.chances(position))
        return max(value(game.play(position, m)) for m in game.moves(position))

    return value(position)


@pytest.mark.slow
def test_3x3_with_a_low_target_is_solved_exactly():
    game = make_game("2048", rows=3, cols=3, target=32)
    assert game.capabilities.solvable and make_game("2048", rows=3, cols=3, target=64).capabilities.solvable
    assert not make_game("2048", rows=3, cols=3, target=128).capabilities.solvable
    assert not make_game("2048", rows=3, cols=3, target=128).capabilities.known_results
    solver = Solver(game, database=None)
    start = solver.result(game.start())
    assert 0.99 < start.utilities[0] <= 1 and start.remoteness > 20
    for text in ("(player 8,4,8 16,2,16 4,-,4)", "(player 2,4,- 16,8,16 4,16,2)", "(chance 16,8,4 2,4,16 -,8,-)"):
        position = game.read_position(text)
        exact = brute_force_from(game, position)
        assert solver.result(position).utilities[0] == pytest.approx(float(exact), rel=1e-12), text
        assert 0 < exact < 1, text  # the hand-made positions are neither won nor lost for sure
    won = game.read_position("(player 16,16,- -,-,- 2,-,-)")
    assert str(solver.result(won)) == "utilities 1 in 1"


def test_the_solver_and_general_expectimax_agree_when_the_search_sees_every_end():
    game = make_game("2048", rows=2, cols=2)
    solver = Solver(game, database=None)
    solver.solve()
    position = game.read_position("(player 40 16,4 2,2)")
    depth = solver.result(position).remoteness  # counts chance steps too, so deep enough
    player = make_strategy(game, f"expectimax {depth}", random.Random(0))
    values = player.move_values(position, game.moves(position), depth)
    for move, result in solver.move_results(position):
        assert values[move][0] == pytest.approx(result.utilities[0], rel=1e-12)


# -- the expectimax player ---------------------------------------------------------------
def test_the_bitboard_tables_move_like_the_rules():
    for rows, cols in ((4, 4), (3, 2), (2, 4)):
        game = make_game("2048", rows=rows, cols=cols)
        search = BitboardSearch.of(rows, cols)
        rng = random.Random(rows * 10 + cols)
        for _ in range(200):
            cells = tuple(rng.choice((0, 0, 1, 1, 2, 3, 15)) for _ in range(rows * cols))
            moved = search.after_moves(np.array([search.encode(cells)], dtype=np.uint64))[0]
            for index, direction in enumerate(("left", "up", "right", "down")):
                new, _ = game.shifted(cells, direction)
                if max(new) <= 15:  # two 32768s do not merge in 4 bits
                    assert int(moved[index]) == search.encode(new), (cells, direction)


def test_the_layered_search_matches_a_direct_recursion():
    search = BitboardSearch.of(4, 4)

    def evaluation(cells):
        grid = np.array(cells).reshape(4, 4)
        return float(line_values(grid).sum() + line_values(grid.T).sum())

    def chance_value(cells, depth):
        if depth == 0:
            return evaluation(cells)
        empty = [i for i, tile in enumerate(cells) if not tile]
        return sum(p * player_value(cells[:i] + (e,) + cells[i + 1:], depth)
                   for i in empty for e, p in ((1, 0.9 / len(empty)), (2, 0.1 / len(empty))))

    def player_value(cells, depth):
        children = [GAME.shifted(cells, d)[0] for d in ("left", "up", "right", "down")]
        return max((chance_value(c, depth - 1) for c in children if c != cells), default=search.dead)

    for text in ("(player 0 2,4,8,16 -,-,4,2 -,-,2,- -,-,-,2)", "(player 0 2,4,2,4 4,2,4,2 2,8,16,4 -,-,2,2)"):
        cells = GAME.read_position(text)[2]
        values, _ = search.root_values(search.encode(cells), 2)
        for index, direction in enumerate(("left", "up", "right", "down")):
            moved = GAME.shifted(cells, direction)[0]
            if moved != cells:
                assert values[index] == pytest.approx(chance_value(moved, 1), rel=1e-9)
            else:
                assert index not in values


def test_expectimax_plays_small_and_large_boards():
    record, final = seeded_game(make_game("2048", rows=3, cols=3), "expectimax 2", 2)
    assert max(final[2]) >= 7  # a 128 on 3x3: random play rarely gets past 32
    game = make_game("2048", rows=5, cols=5)
    position = game.read_position("(player 0 2,2,-,-,- -,-,-,-,- -,-,-,-,- -,-,-,-,- -,-,-,-,4)")
    choice = make_strategy(game, "expectimax 2", random.Random(0)).choose(position)
    assert choice.move in game.moves(position) and "depth 2" in choice.reason
    target = make_game("2048", rows=5, cols=5, target=2048)
    estimate = target.evaluate(target.read_position("(player 2,2,-,-,- -,-,-,-,- -,-,-,-,- -,-,-,-,- -,-,-,-,4)"))
    assert 0 < estimate[0] < 1


def test_expectimax_scores_the_target_as_a_win():
    game = make_game("2048", rows=3, cols=3, target=64)
    position = game.read_position("(player 32,32,- -,-,- 2,-,-)")
    search = BitboardSearch.of(3, 3, 6)
    values, _ = search.root_values(search.encode(position[2]), 3)
    winning = {0, 2}  # left and right make the 64
    assert {d for d, v in values.items() if v == search.won} == winning
    assert all(values[d] < search.won for d in values if d not in winning)
    choice = make_strategy(game, "expectimax 3", random.Random(0)).choose(position)
    assert choice.move in ("left", "right")
    assert game.outcome(game.play(position, choice.move)) == (1.0,)


@pytest.mark.slow
def test_the_search_strategy_is_expectimax():
    assert GAME.search_strategy == "expectimax"
    position = GAME.read_position("(player 0 2,2,-,- -,-,-,- -,-,-,- -,-,-,-)")
    assert "expectimax" in make_strategy(GAME, GAME.search_strategy, random.Random(0)).choose(position).reason


def test_expectimax_arguments():
    for words in ("expectimax", "expectimax 3", "expectimax auto", "expectimax 50ms", "expectimax 0.2s"):
        make_strategy(GAME, words)
    for words in ("expectimax 0", "expectimax x", "expectimax 1 2", "expectimax -5ms", "greedy 2"):
        with pytest.raises(GameError):
            make_strategy(GAME, words)


def test_the_automatic_depth_is_deterministic_and_strong_enough():
    game = make_game("2048")
    assert isinstance(game, TwentyFortyEight)
    position = game.read_position("(player 3000 2,8,16,256 4,2,32,128 2,4,8,64 -,-,2,4)")
    one = make_strategy(game, "expectimax auto", random.Random(1)).choose(position)
    two = make_strategy(game, "expectimax auto", random.Random(2)).choose(position)
    assert one == two and one.move in game.moves(position)


def test_a_position_off_the_solved_graph_keeps_the_expectation_method():
    """Solving a new position whose children are all known must not switch to the puzzle method."""
    game = make_game("2048", rows=2, cols=2)
    solver = Solver(game, database=None)
    solver.solve()
    late = game.read_position("(player 100 32,8 2,2)")
    result = solver.result(late)
    assert result.utilities is not None and result.utilities[0] >= 100


def test_the_compiled_deep_search_moves_and_values_like_the_layered_search():
    pytest.importorskip("numba")
    from gamesman.games.twentyfortyeight.bitboard import DeepSearch

    deep, layered = DeepSearch.shared(), BitboardSearch.of(4, 4)
    rng = random.Random(4)
    for _ in range(100):
        cells = tuple(rng.choice((0, 0, 0, 1, 2, 3, 4)) for _ in range(16))
        board = layered.encode(cells)
        for index, direction in enumerate(("left", "up", "right", "down")):
            new, _ = GAME.shifted(cells, direction)
            assert int(deep.compiled.moved(np.uint64(board), index, *deep.tables[:4])) == layered.encode(new)
    # one move deep it is the layered search two moves deep (no board here is stuck after a move)
    for text in ("(player 0 2,4,8,16 -,-,4,2 -,-,2,- -,-,-,2)", "(player 0 2,2,-,- -,-,-,- -,-,-,- -,-,-,4)"):
        board = layered.encode(GAME.read_position(text)[2])
        values, _ = layered.root_values(board, 2)
        found = deep.move_values(board, 1)
        assert {d for d in range(4) if found[d] >= 0} == set(values)
        for d, value in values.items():
            assert found[d] == pytest.approx(value, rel=1e-9)
    position = GAME.read_position("(player 3000 2,8,16,256 4,2,32,128 2,4,8,64 -,-,2,4)")
    choice = make_strategy(GAME, "expectimax 30ms", random.Random(0)).choose(position)
    assert choice.move in GAME.moves(position) and "compiled" in choice.reason
