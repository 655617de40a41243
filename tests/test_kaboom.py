"""Kaboom: the sheet's strings and example game, drops, bombs, chains, super-bombs, passes, ties, the solver."""
import itertools

import pytest

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver
from playout_checks import check_batch_expand, check_random_playouts, random_positions
from solver_checks import check_engines_agree, check_solver_consistency, reachable

SHEET_9 = "(o 0 1 xoxx --*o --oo --x-)"
SHEET_14 = "(x 0 0 xoxx o@*o -ooo -xxx)"
# From #9 to #14: O bomb-b, X d, O b, X b, O a.  Column b ends o @ o x from the bottom,
# so O's bomb came before O's piece, which came before X's piece: that fixes the order.
SHEET_9_TO_14 = ["bomb-b", "d", "b", "b", "a"]
X_WINS, O_WINS, TIE = (1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)


def kaboom(**options):
    return make_game("kaboom", **options)


def after(game, text, *moves):
    """The position string after playing ``moves`` (as text) from ``text``."""
    position = game.parse_position(text)
    for move in moves:
        position = game.play(position, game.parse_move(position, move))
    return game.format_position(position)


def test_the_default_game_starts_empty_with_x_to_move():
    game = kaboom()
    assert game.spec == "kaboom(rows=4,cols=4,in_a_row=4,bombs=1,misere=false,super_bomb=false)"
    assert game.format_position(game.start()) == "(x 1 1 ---- ---- ---- ----)"
    assert [game.format_move(game.start(), m) for m in game.moves(game.start())] == \
        ["a", "b", "c", "d", "bomb-a", "bomb-b", "bomb-c", "bomb-d"]


@pytest.mark.parametrize("text", [SHEET_9, SHEET_14])
def test_the_sheet_strings_round_trip(text):
    game = kaboom()
    position = game.parse_position(text)
    assert game.format_position(position) == text
    assert game.outcome(position) is None


def test_parsing_is_lenient_about_spacing_and_case():
    game = kaboom()
    assert game.format_position(game.parse_position("  ( O 0 1  XOXX --*o --oo --x- ) ")) == SHEET_9


def test_the_sheet_example_from_position_9_to_14():
    game = kaboom()
    position = game.parse_position(SHEET_9)
    for move in SHEET_9_TO_14:
        assert game.outcome(position) is None
        position = game.play(position, game.parse_move(position, move))
    assert game.format_position(position) == SHEET_14


def test_the_sheet_detonation_chains_through_o_bomb_and_x_wins():
    game = kaboom()
    # c2 takes c1 b2 d2 c3 with it; O's bomb at b2 then takes a2 b1 b3; the columns fall.
    assert after(game, SHEET_14, "boom-c2") == "(o 0 0 xxxx ---o ---x ----)"
    position = game.parse_position(after(game, SHEET_14, "boom-c2"))
    assert game.outcome(position) == X_WINS
    assert game.moves(position) == []


def test_the_solver_agrees_that_the_detonation_wins_at_once():
    game = kaboom()
    solver = Solver(game, database=None)
    position = game.parse_position(SHEET_14)
    assert str(solver.result(position)) == "win 1"
    assert [game.format_move(position, m) for m in solver.best_moves(position)] == ["boom-c2"]


def test_a_detonation_removes_only_the_four_neighbours_then_columns_fall():
    game = kaboom()
    # b1 is X's bomb; a1 c1 b2 go with it, the diagonal a2 and the b3 above stay and fall.
    # (O's bomb has gone off already: the counts of pieces are free.)
    assert after(game, "(x 0 0 o*ox xo-- -x-- ----)", "boom-b1") == "(o 0 0 xx-x ---- ---- ----)"


def test_a_chain_through_your_own_second_bomb():
    game = kaboom(bombs=2)
    # X's bombs at a1 and b1: the first sets off the second, which takes c1 and b2.
    # (One of O's bombs has gone off already: the counts of pieces are free.)
    assert after(game, "(x 0 1 **o- xo-- ---- ----)", "boom-a1") == "(o 0 1 ---- ---- ---- ----)"


def test_a_super_bomb_clears_its_row_and_column_and_chains():
    game = kaboom(super_bomb=True)
    # c2 clears row 2 and column c; O's bomb at b2 clears column b as well.
    assert after(game, SHEET_14, "boom-c2") == "(o 0 0 x--x ---o ---x ----)"


def test_bombs_count_for_their_owner_lines():
    game = kaboom(rows=3, cols=3, in_a_row=3)
    assert game.outcome(game.parse_position("(o 0 1 x*x oo- ---)")) == X_WINS
    assert game.outcome(game.parse_position("(x 0 0 oxx xox --@)")) == O_WINS  # after X's detonation


def test_dropping_a_bomb_uses_one_up_and_only_while_some_are_left():
    game = kaboom()
    assert after(game, "(x 1 1 ---- ---- ---- ----)", "bomb-c") == "(o 0 1 --*- ---- ---- ----)"
    position = game.parse_position("(x 0 1 --*o ---- ---- ----)")
    assert "bomb-a" not in [game.format_move(position, m) for m in game.moves(position)]
    with pytest.raises(IllegalMove):
        game.parse_move(position, "bomb-a")


def test_only_your_own_bombs_detonate():
    game = kaboom()
    position = game.parse_position("(o 0 1 --*- ---- ---- ----)")
    with pytest.raises(IllegalMove):
        game.parse_move(position, "boom-c1")
    assert all(kind != "boom" for kind, _ in game.moves(position))


def test_move_syntax():
    game = kaboom()
    position = game.parse_position(SHEET_9)
    assert game.parse_move(position, "A") == game.parse_move(position, "drop-a") == ("drop", 0)
    assert game.parse_move(position, "BOMB-B") == ("bomb", 1)
    position = game.parse_position(SHEET_14)
    assert game.parse_move(position, "Boom-C2") == ("boom", 6)
    for bad in ("e", "bomb-a", "boom-b2", "pass", "drop-", "a1", ""):
        with pytest.raises(IllegalMove):
            game.parse_move(position, bad)


def test_a_full_column_takes_no_drop():
    game = kaboom()
    position = game.parse_position(SHEET_14)
    with pytest.raises(IllegalMove):
        game.play(position, ("drop", 3))
    assert game.format_position(position) == SHEET_14


def test_no_move_means_pass_while_the_other_player_can_detonate():
    game = kaboom(rows=3, cols=3, in_a_row=3)
    full = game.parse_position("(o 0 0 xxo oox x*o)")
    assert game.outcome(full) is None
    assert [game.format_move(full, m) for m in game.moves(full)] == ["pass"]
    passed = game.play(full, game.parse_move(full, "pass"))
    assert game.format_position(passed) == "(x 0 0 xxo oox x*o)"
    assert [game.format_move(passed, m) for m in game.moves(passed)] == ["boom-b3"]
    assert after(game, "(x 0 0 xxo oox x*o)", "boom-b3") == "(o 0 0 xxo o-x ---)"


def test_a_full_board_without_bombs_is_a_tie():
    game = kaboom(rows=3, cols=3, in_a_row=3)
    position = game.parse_position("(x 0 0 xxo oox xoo)")
    assert game.outcome(position) == TIE
    assert game.moves(position) == []


def test_lines_for_both_players_at_once_are_a_tie():
    game = kaboom(rows=3, cols=4, in_a_row=3)
    # X's bomb at d1 takes c1; column c falls: x x x in row 1 and o @ o in row 2.
    text = after(game, "(x 0 0 xxo* o@x- --o-)", "boom-d1")
    assert text == "(o 0 0 xxx- o@o- ----)"
    assert game.outcome(game.parse_position(text)) == TIE
    assert kaboom(rows=3, cols=4, in_a_row=3, misere=True).outcome(game.parse_position(text)) == TIE


def test_misere_connecting_loses():
    normal = kaboom(rows=3, cols=3, in_a_row=3)
    misere = kaboom(rows=3, cols=3, in_a_row=3, misere=True)
    text = after(normal, "(x 0 0 xx- oo- ---)", "c")
    assert normal.outcome(normal.parse_position(text)) == X_WINS
    assert misere.outcome(misere.parse_position(text)) == O_WINS


@pytest.mark.parametrize("text, problem", [
    ("(o 0 1 xoxx --*o --oo --x-", "parentheses"),
    ("(o 0 1 xoxx --*o --oo)", "fields"),
    ("(z 0 1 xoxx --*o --oo --x-)", "turn"),
    ("(o 0 2 xoxx --*o --oo --x-)", "o bombs left"),
    ("(o a 1 xoxx --*o --oo --x-)", "x bombs left"),
    ("(o 0 1 xoxx --*o --oo --x)", "row 4"),
    ("(o 0 1 xoxx --*o --oo --y-)", "cell c4"),
    ("(o 0 1 xoxx --*o ---o --x-)", "empty under a piece"),
    ("(o 1 1 xoxx --*o --oo --x-)", "x has 1 bomb left and 1 on the board, more than the 1 it was given"),
])
def test_bad_positions_are_refused_with_a_reason(text, problem):
    with pytest.raises(PositionError, match=problem) as caught:
        kaboom().parse_position(text)
    assert str(caught.value).startswith("kaboom:")


def test_option_ranges():
    with pytest.raises(OptionError):
        kaboom(rows=3, cols=3, in_a_row=4)
    with pytest.raises(OptionError):
        kaboom(cols=27)
    with pytest.raises(OptionError):
        kaboom(rows=101)
    with pytest.raises(OptionError):
        kaboom(bombs=-1)
    assert kaboom(rows=2, cols=5, in_a_row=5).spec.startswith("kaboom(rows=2,cols=5,in_a_row=5")
    assert kaboom(rows=100, cols=3, in_a_row=100, bombs=1000).in_a_row == 100


def test_many_bombs_and_rows_take_several_digits():
    game = kaboom(rows=12, cols=2, in_a_row=4, bombs=12)

    def written(turn, x_left, o_left, column_a):
        rows = [cell + "-" for cell in column_a] + ["--"] * (12 - len(column_a))
        return f"({turn} {x_left} {o_left} {' '.join(rows)})"

    column_a = ["*"] + ["o", "x"] * 5 + ["o"]  # full, no line
    text = written("x", 11, 12, column_a)
    position = game.parse_position(text)
    assert game.format_position(position) == text
    assert [game.format_move(position, m) for m in game.moves(position)] == ["b", "bomb-b", "boom-a1"]
    assert after(game, text, "bomb-b") == text.replace("x 11 12 *-", "o 10 12 **")
    # X's bomb at a1 takes a2 with it, and column a falls two rows
    assert after(game, text, "boom-a1") == written("o", 11, 12, column_a[2:])
    with pytest.raises(PositionError, match="x has 12 bombs left and 1 on the board, more than the 12 it was given"):
        game.parse_position(written("x", 12, 12, column_a))


@pytest.mark.parametrize("misere, super_bomb", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols, in_a_row, bombs", [(4, 4, 4, 1), (11, 5, 4, 12)])
def test_random_playouts_round_trip(rows, cols, in_a_row, bombs, misere, super_bomb):
    game = kaboom(rows=rows, cols=cols, in_a_row=in_a_row, bombs=bombs, misere=misere, super_bomb=super_bomb)
    # every move but a detonation or a pass adds a piece, and each bomb goes off once:
    # at most (bombs used + 1) fillings of the board, with a pass before each detonation
    cap = (2 * bombs + 1) * (rows * cols + 2)
    assert check_random_playouts(game, seed=rows, playouts=3, cap=cap) == 3


def test_solvable_up_to_the_default_board():
    assert kaboom().capabilities.solvable and kaboom(misere=True, super_bomb=True).capabilities.solvable
    assert kaboom(rows=3, cols=3, in_a_row=3).capabilities.solvable
    assert kaboom(rows=3, cols=4, in_a_row=3, bombs=2).capabilities.solvable
    assert not kaboom(bombs=2).capabilities.solvable
    assert not kaboom(rows=1, cols=16, in_a_row=4, bombs=0).capabilities.solvable


@pytest.mark.parametrize("misere, super_bomb", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols, in_a_row, bombs", [(2, 3, 3, 1), (3, 2, 3, 2), (2, 2, 2, 3)])
def test_fast_engine_agrees_with_the_reference_on_every_position(rows, cols, in_a_row, bombs, misere, super_bomb):
    """The batch hooks (bit masks over packed codes) against plain play, through both solvers."""
    game = kaboom(rows=rows, cols=cols, in_a_row=in_a_row, bombs=bombs, misere=misere, super_bomb=super_bomb)
    check_engines_agree(game, at_least=500)


@pytest.mark.parametrize("misere, super_bomb", list(itertools.product([False, True], repeat=2)))
@pytest.mark.parametrize("rows, cols, in_a_row, bombs", [(4, 4, 4, 1), (5, 3, 3, 2)])
def test_batch_expand_agrees_with_play_on_random_positions(rows, cols, in_a_row, bombs, misere, super_bomb):
    game = kaboom(rows=rows, cols=cols, in_a_row=in_a_row, bombs=bombs, misere=misere, super_bomb=super_bomb)
    positions = random_positions(game, seed=rows, count=300, longest=40)
    assert any(kind == "boom" for position in positions for kind, _ in game.moves(position))
    check_batch_expand(game, positions)


def test_batch_expand_passes_and_chains():
    game = kaboom(rows=3, cols=3, in_a_row=3, bombs=2)
    check_batch_expand(game, [game.parse_position(text) for text in (
        "(o 0 0 xxo oox x*o)",         # O must pass
        "(x 0 0 xxo oox x*o)",         # X must detonate
        "(x 0 0 **o @o- x--)",         # a chain through both of X's bombs and O's
        "(x 0 0 xxo oox xoo)",         # a full board without bombs: a tie
        "(o 0 1 x*x oo- ---)",         # X has a line
    )])


@pytest.mark.slow
def test_solver_consistency_on_3x3():
    game = kaboom(rows=3, cols=3, in_a_row=3)
    assert check_solver_consistency(game, 50_000) > 30_000


@pytest.mark.parametrize("options", [
    dict(rows=2, cols=3, in_a_row=3),
    dict(rows=3, cols=2, in_a_row=3, misere=True),
    dict(rows=2, cols=3, in_a_row=3, misere=True, super_bomb=True),
    dict(rows=1, cols=4, in_a_row=3, bombs=2, super_bomb=True),
])
def test_solver_consistency_on_small_variants(options):
    game = kaboom(**options)
    check_solver_consistency(game, 20_000)


def test_small_variants_reach_passes():
    game = kaboom(rows=2, cols=3, in_a_row=3)
    positions = reachable(game, game.start(), 10_000)
    assert any(game.moves(p) == [("pass", -1)] for p in positions)
