"""The solver against independent facts: Grundy theory, known game values, toy graphs."""
from fractions import Fraction
from functools import reduce
from itertools import product

import pytest

from gamesman.solver.database import Database
from gamesman.contract.capabilities import Capabilities
from gamesman.contract.game import CHANCE, Game, two_player_result
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver, SolverError, Value
from gamesman.dev.variants import unreduced


def nim_positions(game):
    for heaps in product(range(game.size + 1), repeat=game.heaps):
        for turn in (0, 1):
            yield (turn, heaps)


# Every small Nim variant: 1 to 3 heaps of 1 to 5 items, taking 1 to all of them.
SMALL_NIMS = [(heaps, size, take) for heaps in (1, 2, 3) for size in range(1, 6) for take in range(1, size + 1)]


def nim_sum(numbers):
    return reduce(lambda a, b: a ^ b, numbers, 0)


@pytest.mark.parametrize("engine", [pytest.param("fast", marks=pytest.mark.slow), "reference"])
def test_nim_agrees_with_grundy_theory(engine):
    """Normal play: a heap of h is worth h mod (take + 1); the position is their XOR."""
    for heaps, size, take in SMALL_NIMS:
        game = make_game("nim", heaps=heaps, size=size, take=take)
        solver = Solver(game, database=None, engine=engine)
        for position in nim_positions(game):
            grundy = nim_sum(h % (take + 1) for h in position[1])
            result = solver.result(position)
            assert (result.grundy, result.value) == (grundy, Value.WIN if grundy else Value.LOSE), \
                (game.spec, position)


def misere_mover_wins(heaps, take, size):
    """Bouton's rule when any number may be taken; one heap of h loses exactly when
    h mod (take + 1) == 1 (the mover can then only leave a winning remainder)."""
    if take == size:
        if all(h <= 1 for h in heaps):
            return sum(heaps) % 2 == 0
        return nim_sum(heaps) != 0
    (h,) = heaps
    return h % (take + 1) != 1


@pytest.mark.parametrize("engine", [pytest.param("fast", marks=pytest.mark.slow), "reference"])
def test_misere_nim_agrees_with_bouton(engine):
    """Misère Nim: every variant where any number may be taken, and every one-heap variant."""
    variants = [(heaps, size, take) for heaps, size, take in SMALL_NIMS if take == size or heaps == 1]
    for heaps, size, take in variants:
        game = make_game("nim", heaps=heaps, size=size, take=take, misere=True)
        solver = Solver(game, database=None, engine=engine)
        for position in nim_positions(game):
            wins = misere_mover_wins(position[1], take, size)
            assert solver.result(position).value is (Value.WIN if wins else Value.LOSE), (game.spec, position)


@pytest.mark.parametrize("target, step", [(10, 2), (7, 3), (12, 1), (20, 4)])
def test_one_two_ten_losing_sums(target, step):
    """A sum is lost for the mover exactly when target - sum is a multiple of step + 1."""
    for misere in (False, True):
        game = make_game("onetwoten", target=target, step=step, misere=misere)
        solver = Solver(game, database=None)
        for total in range(target + 1):
            left = target - total - (1 if misere else 0)
            if misere and total == target:
                expected = Value.WIN
            else:
                expected = Value.LOSE if left % (step + 1) == 0 else Value.WIN
            assert solver.result((0, total)).value is expected, (misere, total)


def test_tictactoe_is_a_tie_with_known_remoteness():
    game = make_game("tictactoe")
    solver = Solver(game, database=None)
    start = solver.result(game.start())
    assert (start.value, start.remoteness) == (Value.TIE, 9)
    assert len(solver.table) == 765  # reachable positions up to symmetry, a published figure
    every = Solver(unreduced(game), database=None)
    assert every.result(game.start()) == start
    assert len(every.table) == 5478  # reachable positions, a published figure


@pytest.mark.slow
def test_every_value_agrees_with_its_children():
    for game in (make_game("tictactoe"), make_game("tictactoe", misere=True), make_game("nim", heaps=2)):
        solver = Solver(game, database=None)
        solver.solve()
        for position in list(solver.table):
            result = solver.result(position)
            rows = solver.move_results(position)
            if not rows:
                assert result.remoteness == 0
                continue
            best = rows[0][1]
            assert (best.value, best.remoteness) == (result.value, result.remoteness)


class Loop(Game):
    """A toy loopy game given as a graph: node -> successors; ends listed with the mover's fate."""

    name = "loop"
    player_names = ("a", "b")
    graph = {"s": ["t", "u"], "t": ["s", "w"], "u": ["u2"], "u2": ["u"], "w": [], "d": ["d"], "x": ["s", "d"]}
    lost_ends = {"w"}

    def start(self):
        return (0, "s")

    def to_move(self, position):
        return position[0]

    def moves(self, position):
        return self.graph[position[1]]

    def play(self, position, move):
        return (1 - position[0], move)

    def outcome(self, position):
        if position[1] in self.lost_ends:
            return two_player_result(1 - position[0])
        return None


def test_loopy_graph_draws_and_wins():
    game = Loop()
    solver = Solver(game, database=None)
    # t can move to w, where the opponent has lost: t wins in 1; s can move to u and loop forever.
    assert str(solver.result((1, "t"))) == "win 1"
    assert str(solver.result((0, "s"))) == "draw"
    assert str(solver.result((0, "u"))) == "draw"
    # x: moving to s gives the opponent a draw; to d, a draw too.
    assert solver.result((0, "x")).value is Value.DRAW


class Dice(Game):
    """One player rolls a fair die, then may keep it or take a sure 3: expectation 4.25."""

    name = "dice"
    player_names = ("p", "q")

    def declare(self):
        return Capabilities(players=2, chance=True, solvable=True)

    def start(self):
        return ("roll",)

    def to_move(self, position):
        return CHANCE if position == ("roll",) else 0

    def chances(self, position):
        return [(face, Fraction(1, 6)) for face in range(1, 7)]

    def moves(self, position):
        return [] if position[0] == "end" else ["keep", "three"]

    def play(self, position, move):
        if position == ("roll",):
            return ("rolled", move)
        return ("end", position[1] if move == "keep" else 3)

    def outcome(self, position):
        return (float(position[1]), -float(position[1])) if position[0] == "end" else None


def test_expectation_at_chance_nodes():
    solver = Solver(Dice(), database=None)
    result = solver.result(("roll",))
    assert result.utilities[0] == pytest.approx((3 + 3 + 3 + 4 + 5 + 6) / 6)


def test_cycles_rejected_for_max_n():
    class ThreeLoop(Loop):
        player_names = ("a", "b", "c")

    with pytest.raises(SolverError, match="cycles"):
        Solver(ThreeLoop(), database=None).solve()


@pytest.mark.parametrize("name, options", [("2048", {"rows": 2, "cols": 2}), ("connectfour", {"rows": 3, "cols": 4, "in_a_row": 3})])
def test_database_is_reused_and_rebuilt_when_damaged(tmp_path, capsys, name, options):
    """Both engines' files: the reference's table and the fast engine's arrays."""
    game = make_game(name, **options)
    database = Database(tmp_path)
    first = Solver(game, database=database)
    positions = first.solve()
    assert positions == len(first.table) > 1000
    (path,) = tmp_path.iterdir()
    second = Solver(game, database=database)
    assert second.solve() == 0  # everything came from disk
    assert second.result(game.start()) == first.result(game.start())
    data = bytearray(path.read_bytes())
    data[-10] ^= 0xFF
    path.write_bytes(bytes(data))
    third = Solver(game, database=database)
    assert third.solve() == positions
    assert "damaged" in capsys.readouterr().err
    assert Solver(game, database=database).solve() == 0


def test_positions_off_the_start_are_solved_on_demand():
    game = make_game("tictactoe")
    solver = Solver(game, database=None)
    odd = (1, "xxx------")  # (o xxx --- ---): not reachable (x has three, o to move), so the parser refuses it
    assert str(solver.result(odd)) == "lose 0"
    midgame = game.parse_position("(x xx- oo- ---)")  # solved from here, before the start is
    assert str(solver.result(midgame)) == "win 1"


@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_a_position_gets_one_answer_whatever_was_solved_before(engine):
    """A finished 2048 board has no chance node below it: solved alone, before or after a
    board that has, it gets the same answer, in the form of the game's other positions."""
    game = make_game("2048", rows=2, cols=2)
    over, playing = game.parse_position("(player 8 4,2 2,4)"), game.parse_position("(player 8 4,2 4,-)")
    alone = Solver(game, database=None, engine=engine).result(over)
    first_playing = Solver(game, database=None, engine=engine)
    playing_value = first_playing.result(playing)
    assert first_playing.result(over) == alone
    first_over = Solver(game, database=None, engine=engine)
    assert first_over.result(over) == alone
    assert first_over.result(playing) == playing_value
    assert alone.value is None and playing_value.value is None  # utilities, as chance gives
