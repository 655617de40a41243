"""Sim: edges, triangles, two and three players, coalitions, and known results."""
import itertools
import random

import pytest
from solver_checks import check_solver_consistency

from gamesman.contract.errors import IllegalMove, OptionError, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, Value


def play(game, *moves, position=None):
    position = game.start() if position is None else position
    for text in moves:
        position = game.play(position, game.parse_move(position, text))
    return position


def test_start_and_edge_order():
    game = make_game("sim")
    assert game.spec == "sim(nodes=6,players=2,coalition=none)"
    assert game.format_position(game.start()) == "(x ---------------)"
    names = [game.format_move(game.start(), m) for m in game.moves(game.start())]
    assert names[:6] == ["1-2", "1-3", "1-4", "1-5", "1-6", "2-3"] and names[-1] == "5-6"
    assert game.format_position(play(game, "2-1", "6-5", "1-3")) == "(o xx------------o)"


def test_three_players_take_turns_x_o_z():
    game = make_game("sim", nodes=4, players=3)
    assert game.player_names == ("x", "o", "z")
    assert game.format_position(play(game, "1-2", "1-3", "1-4")) == "(x xoz---)"


def test_coalitions_need_three_players():
    with pytest.raises(OptionError):
        make_game("sim", coalition="1-2")
    with pytest.raises(OptionError):
        make_game("sim", players=4)


def test_completing_a_triangle_of_your_colour_loses():
    game = make_game("sim", nodes=5)
    before = play(game, "1-2", "3-4", "2-3", "4-5")
    assert game.outcome(play(game, "1-4", position=before)) is None  # mixed colours
    lost = play(game, "1-3", position=before)  # x: 1-2 2-3 1-3
    assert game.outcome(lost) == (-1.0, 1.0)
    assert game.moves(lost) == []
    assert "out: x" in game.render(lost)


def test_with_three_players_the_others_play_on():
    game = make_game("sim", nodes=5, players=3)
    # x closes 1-2 2-3 1-3 on its third move and is out; o and z play on, x is skipped.
    position = play(game, "1-2", "1-4", "1-5", "2-3", "2-4", "2-5", "1-3")
    assert game.outcome(position) is None and position[2] == (0,)
    turns = []
    for move in ("3-4", "3-5", "4-5"):
        turns.append(game.player_name(game.to_move(position)))
        position = play(game, move, position=position)
    assert turns == ["o", "z", "o"]
    assert game.parse_position(game.format_position(position)) == position


@pytest.mark.parametrize("text, alone, team", [
    ("(z xxooxzz--o)", (0, 0, 1), (0, 0.5, 0.5)),                # x and o out: z survives
    ("(z xxooxzoozz)", (0, 0.5, 0.5), (0, 0.5, 0.5)),             # x out, full graph: o and z tie
    ("(x xozzox)", (1 / 3, 1 / 3, 1 / 3), (1 / 3, 1 / 3, 1 / 3)),  # nobody out, full graph
    ("(z oozxoxzxxz)", (0.5, 0, 0.5), (0.5, 0.25, 0.25)),        # o out, full graph: x and z tie
])
def test_three_player_utilities(text, alone, team):
    nodes = 4 if len(text) < 12 else 5
    for coalition, expected in (("none", alone), ("1-2", team)):
        game = make_game("sim", nodes=nodes, players=3, coalition=coalition)
        assert game.outcome(game.parse_position(text)) == pytest.approx(expected)


def test_bad_positions_and_moves_are_named():
    game = make_game("sim", nodes=4)
    for text, words in (("(x -----)", "5 edge colours, expected 6"), ("(x ---z--)", "edge 2-3 is 'z'"),
                        ("(x xx-x--)", "x is to move but is out"), ("(q ------)", "turn"), ("(x)", "fields")):
        with pytest.raises(PositionError, match=words) as problem:
            game.parse_position(text)
        assert str(problem.value).startswith("sim: ")
    with pytest.raises(PositionError, match="every player"):
        make_game("sim", nodes=5).parse_position("(x xx--x--ooo)")
    for text in ("1-1", "1-5", "12", "a-b", "", "1-2-3"):
        with pytest.raises(IllegalMove):
            game.parse_move(game.start(), text)
    taken = play(game, "1-2")
    with pytest.raises(IllegalMove):
        game.parse_move(taken, "2-1")


def test_ramsey_every_two_colouring_of_k6_has_a_monochromatic_triangle():
    # R(3, 3) = 6.  A full board of two-player Sim on six nodes has 8 x edges
    # and 7 o edges; none of the C(15, 7) = 6435 such colourings is triangle-free,
    # so the game can never end in a tie.
    game = make_game("sim")
    free = 0
    for o_edges in itertools.combinations(range(15), 7):
        colours = "".join("o" if edge in o_edges else "x" for edge in range(15))
        if not (game.has_triangle(colours, 0) or game.has_triangle(colours, 1)):
            free += 1
    assert free == 0


def test_k5_has_exactly_the_twelve_pentagon_colourings_without_a_triangle():
    # On five nodes the triangle-free 2-colourings (5 edges each) are a 5-cycle
    # and its complement: one for each of the 4!/2 = 12 Hamiltonian cycles of K5.
    game = make_game("sim", nodes=5)
    free = [o_edges for o_edges in itertools.combinations(range(10), 5)
            if not any(game.has_triangle("".join("o" if e in o_edges else "x" for e in range(10)), p)
                       for p in (0, 1))]
    assert len(free) == 12


def test_two_player_k5_values_are_consistent_and_can_tie():
    game = make_game("sim", nodes=5)
    assert check_solver_consistency(game, 20_000) == 14_953
    assert Solver(game, database=None).result(game.start()).value is Value.TIE


def test_two_player_k6_endings_are_never_ties():
    # The full solve of K6 (a second-player win, the known result) is in
    # benchmarks/; here: from random positions four edges short of full.
    game = make_game("sim")
    rng = random.Random(6)
    checked = 0
    while checked < 5:
        position = game.start()
        while game.outcome(position) is None and position[1].count("-") > 4:
            position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is not None:
            continue
        solver = Solver(game, database=None)
        solver.solve(position)
        assert all(solver.result(p).value is not Value.TIE for p in list(solver.table))
        checked += 1


@pytest.mark.parametrize("coalition", ["none", "1-2"])
def test_three_player_k4_is_consistent(coalition):
    check_solver_consistency(make_game("sim", nodes=4, players=3, coalition=coalition), 5_000)


def test_the_coalition_shares_its_reward():
    alone, team = make_game("sim", nodes=5, players=3), make_game("sim", nodes=5, players=3, coalition="1-2")
    position = team.parse_position("(z x-------o-)")
    solved_alone = Solver(alone, database=None).result(position).utilities
    solved_team = Solver(team, database=None).result(position).utilities
    assert solved_team[1] == solved_team[2]
    assert sum(solved_alone) == pytest.approx(1) and sum(solved_team) == pytest.approx(1)


def test_solvable_sizes():
    assert make_game("sim").capabilities.solvable and not make_game("sim", nodes=7).capabilities.solvable
    assert make_game("sim", nodes=5, players=3).capabilities.solvable
    assert not make_game("sim", players=3).capabilities.solvable
