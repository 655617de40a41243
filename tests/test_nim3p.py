"""Nim3P: three players in turn, the follower of the last taker wins, max^n by hand on small cases."""
import pytest
from solver_checks import check_solver_consistency

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver


def play(game, *moves, position=None):
    position = game.start() if position is None else position
    for text in moves:
        position = game.play(position, game.parse_move(position, text))
    return position


def solved(game, text=None):
    position = game.start() if text is None else game.parse_position(text)
    return Solver(game, database=None).result(position).utilities


def test_start_strings_and_turns():
    assert make_game("nim3p").spec == "nim3p(heaps=3,size=5,extra=false)"
    game = make_game("nim3p", size=3)
    assert game.format_position(game.start()) == "(P0 3 3 3)"
    position = play(game, "1-3", "2-1", "3-2")
    assert game.format_position(position) == "(P0 0 2 1)"
    assert game.parse_position(" ( p1  0 2 1 ) ") == (1, (0, 2, 1))
    assert game.render(position).splitlines()[1] == "heap 2: || (2)"


def test_any_number_may_be_taken_from_one_heap():
    game = make_game("nim3p", heaps=2, size=4)
    assert [game.format_move(game.start(), m) for m in game.moves(game.start())] == [
        "1-1", "1-2", "1-3", "1-4", "2-1", "2-2", "2-3", "2-4"]
    for text in ("1-5", "3-1", "1-0", "x", "", "1+1"):
        with pytest.raises(IllegalMove):
            game.parse_move(game.start(), text)


def test_bad_positions_are_named():
    game = make_game("nim3p", size=3)
    for text, words in (("(P3 1 1 1)", "turn"), ("(P0 1 1)", "2 heaps, expected 3"), ("(P0 1 1 4)", "heap 3")):
        with pytest.raises(PositionError, match=words) as problem:
            game.parse_position(text)
        assert str(problem.value).startswith("nim3p: ")
    with pytest.raises(OptionError):
        make_game("nim3p", take=2)


@pytest.mark.parametrize("extra, expected", [(False, (0, 1, 0)), (True, (0, 1, 0.2))])
def test_the_player_after_the_last_taker_wins(extra, expected):
    game = make_game("nim3p", heaps=1, size=1, extra=extra)
    end = play(game, "1-1")  # P0 takes the only item; P1 follows
    assert game.outcome(end) == expected
    assert game.outcome(game.parse_position("(P0 0)")) == ((1, 0.2, 0) if extra else (1, 0, 0))
    assert game.outcome(game.parse_position("(P2 0)")) == ((0.2, 0, 1) if extra else (0, 0, 1))


# Hand analysis (the extra rule makes every choice below strict):
# * one heap of 1: P0 must take it, P1 wins.
# * one heap of 2: taking 2 lets P1 win (P0 gets 0); taking 1 forces P1 to take the
#   last one, P2 wins and P0, following P2, gets 0.2.  P0 takes 1: (0.2, 0, 1).
# * one heap of 3: after P0 takes 1, P1 faces the heap of 2 as P0 did above and takes 1,
#   so P0 wins and P1 gets 0.2; taking 2 or 3 gives P0 only 0.2 or 0.  (1, 0.2, 0).
# * heaps 1 and 1: every line of play is P0, P1 taking one each: P2 wins, (0.2, 0, 1).
@pytest.mark.parametrize("heaps, size, expected", [
    (1, 1, (0, 1, 0.2)),
    (1, 2, (0.2, 0, 1)),
    (1, 3, (1, 0.2, 0)),
    (2, 1, (0.2, 0, 1)),
])
def test_max_n_agrees_with_the_hand_analysis(heaps, size, expected):
    assert solved(make_game("nim3p", heaps=heaps, size=size, extra=True)) == pytest.approx(expected)


def test_without_the_extra_rule_the_forced_lines_still_hold():
    assert solved(make_game("nim3p", heaps=1, size=1)) == (0, 1, 0)
    assert solved(make_game("nim3p", heaps=2, size=1)) == (0, 0, 1)
    game = make_game("nim3p", heaps=2, size=2)
    assert solved(game, "(P0 2 1)")[0] == 1  # take 1 from the 2: P1 and P2 must take one each


@pytest.mark.parametrize("heaps, size, extra", [(3, 3, False), (3, 3, True), (2, 4, True), (4, 2, False)])
def test_solved_values_are_consistent(heaps, size, extra):
    check_solver_consistency(make_game("nim3p", heaps=heaps, size=size, extra=extra), 20_000)


def test_every_game_has_exactly_one_winner():
    game = make_game("nim3p", heaps=2, size=3)
    solver = Solver(game, database=None)
    solver.solve()
    for position in solver.table:
        utilities = game.outcome(position)
        if utilities is not None:
            assert sorted(utilities) == [0, 0, 1]


def test_moves_that_mirror_each_other_get_the_same_values():
    """max^n breaks ties by the position, not by the order of the moves: taking the same
    count from any of three equal heaps is the same move up to symmetry."""
    game = make_game("nim3p")
    solver = Solver(game)
    start = game.start()
    results = dict(solver.move_results(start))
    for count in range(1, game.size + 1):
        same = {str(results[(heap, count)]) for heap in range(game.heaps)}
        assert len(same) == 1, f"taking {count}: {same}"
