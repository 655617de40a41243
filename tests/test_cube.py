"""Rubik's Cube: move algebra, facelet strings, validity, the 2x2x2 table and the solvers."""
import importlib.util
import random
import subprocess
import sys

import pytest

from gamesman.games.cube import cubies as cubemodule
from gamesman.games.cube.cubies import (MOVE_NAMES, SOLVED_CUBIES, apply_moves, geometry, inverted, merge_moves,
                                        random_cubies)
from gamesman.games.cube.tables import (distance_distribution, load_or_build, load_tables, rotated_face, rotations,
                                        save_tables)
from gamesman.games.cube.twophase import twophase_solver
from gamesman.contract.errors import GameError, IllegalMove, PositionError
from gamesman.players.strategies import make_strategy
from gamesman.contract.registry import make_game

SOLVED3 = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB"
SOLVED2 = "UUUURRRRFFFFDDDDLLLLBBBB"

# Published figures for the 2x2x2 (positions up to whole-cube orientation by distance).
HTM_DISTRIBUTION = [1, 9, 54, 321, 1847, 9992, 50136, 227536, 870072, 1887748, 623800, 2644]
QTM_DISTRIBUTION = [1, 6, 27, 120, 534, 2256, 8969, 33058, 114149, 360508, 930588, 1350852,
                    782536, 90280, 276]


def turns(game, position, moves):
    for move in moves.split():
        position = game.turn(position, move)
    return position


def order(game, moves):
    """How often ``moves`` must be repeated to come back to solved."""
    solved = game.geometry.solved
    position, count = turns(game, solved, moves), 1
    while position != solved:
        position, count = turns(game, position, moves), count + 1
    return count


def random_position(game, rng):
    """A uniformly random reachable cube (2x2x2: also in a random orientation)."""
    facelets = game.geometry.facelets(random_cubies(rng, game.size))
    if game.size == 2:
        facelets = cubemodule.permute(facelets, rng.choice(rotations()))
    return facelets


def solves(game, position, moves):
    for move in moves:
        position = game.play(position, move)
    return game.outcome(position) == (1.0,)


# -- move algebra -------------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3])
def test_every_move_has_order_four_and_powers_agree(size):
    game = make_game("cube", size=size)
    for move in MOVE_NAMES:
        assert order(game, move) == (2 if move.endswith("2") else 4)
        face = move[0]
        assert game.turn(game.geometry.solved, face + "2") == turns(game, game.geometry.solved, f"{face} {face}")
        assert game.turn(game.geometry.solved, face + "'") == turns(game, game.geometry.solved,
                                                                   f"{face} {face} {face}")


def test_known_orders_and_patterns():
    game = make_game("cube")
    assert order(game, "R U R' U'") == 6
    assert order(game, "R U") == 105
    # U turns the right face's top row to the front.
    assert game.turn(SOLVED3, "U")[18:21] == "RRR"
    # The checkerboard: every face alternates its own colour and the opposite one.
    checker = turns(game, SOLVED3, "R2 L2 U2 D2 F2 B2")
    for face, opposite in zip("URFDLB", "DLBURF"):
        at = "URFDLB".index(face) * 9
        assert checker[at:at + 9] == (face + opposite) * 4 + face


def test_facelet_turns_agree_with_cubie_turns():
    rng = random.Random(3)
    for size in (2, 3):
        game = make_game("cube", size=size)
        moves = [rng.choice(MOVE_NAMES) for _ in range(30)]
        assert turns(game, game.geometry.solved, " ".join(moves)) == \
            game.geometry.facelets(apply_moves(SOLVED_CUBIES, moves))


def test_merging_turns_of_one_face():
    assert merge_moves(["R", "R2"]) == ["R'"]
    assert merge_moves(["R", "R'"]) == []
    assert merge_moves(["U", "R", "R", "F"]) == ["U", "R2", "F"]
    assert merge_moves(["R", "R", "R", "R"]) == []
    assert merge_moves(["R", "L", "R"]) == ["R", "L", "R"]  # not adjacent
    game = make_game("cube")
    rng = random.Random(8)
    for _ in range(20):
        moves = [rng.choice("RL") + rng.choice(["", "2", "'"]) for _ in range(6)]
        assert turns(game, SOLVED3, " ".join(merge_moves(moves))) == turns(game, SOLVED3, " ".join(moves))


def test_the_2x2x2_has_24_rotations_each_solved():
    game = make_game("cube", size=2)
    assert len(set(rotations())) == 24
    rotated = {cubemodule.permute(SOLVED2, rotation) for rotation in rotations()}
    assert len(rotated) == 24
    assert all(game.outcome(position) == (1.0,) for position in rotated)


def test_a_turn_of_a_rotated_cube_is_a_turn_of_the_face_the_rotation_brought_there():
    game = make_game("cube", size=2)
    position = turns(game, SOLVED2, "R U F' D2 L B'")
    for rotation in rotations():
        rotated = cubemodule.permute(position, rotation)
        for move in MOVE_NAMES:
            original = rotated_face(rotation, move[0]) + move[1:]
            assert game.turn(rotated, move) == cubemodule.permute(game.turn(position, original), rotation)


# -- facelet strings ---------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3])
def test_facelet_round_trips(size):
    game = make_game("cube", size=size)
    rng = random.Random(size)
    for _ in range(50):
        cube = random_cubies(rng, size)
        facelets = game.geometry.facelets(cube)
        assert game.geometry.check(facelets) == cube
        assert game.parse_position(facelets) == facelets
        assert game.format_position(game.parse_position(facelets)) == facelets


def test_parse_is_lenient_about_spacing_case_and_parentheses():
    game = make_game("cube")
    spaced = " ".join(SOLVED3[k:k + 9] for k in range(0, 54, 9))
    assert game.parse_position(f"  ({spaced.lower()})\n") == SOLVED3
    assert game.format_position(game.parse_position(SOLVED3)) == SOLVED3


def test_start_is_solved_or_a_deterministic_scramble():
    game = make_game("cube")
    assert game.start() == SOLVED3 and game.outcome(SOLVED3) == (1.0,) and game.moves(SOLVED3) == []
    scrambled = make_game("cube", scramble=25, seed=9)
    assert scrambled.start() == make_game("cube", scramble=25, seed=9).start()
    assert scrambled.start() != make_game("cube", scramble=25, seed=10).start()
    assert scrambled.outcome(scrambled.start()) is None


def test_moves_in_both_metrics():
    position = make_game("cube", scramble=3).start()
    htm, qtm = make_game("cube"), make_game("cube", metric="qtm")
    assert len(htm.moves(position)) == 18 and len(qtm.moves(position)) == 12
    assert htm.parse_move(position, "R2'") == "R2"
    assert qtm.parse_move(position, "R'") == "R'"
    with pytest.raises(IllegalMove, match="lower case is a wide turn"):  # u is two layers in cube notation
        htm.parse_move(position, "r2'")
    with pytest.raises(IllegalMove, match="quarter-turn"):
        qtm.parse_move(position, "U2")
    with pytest.raises(IllegalMove):
        htm.parse_move(position, "X")
    with pytest.raises(IllegalMove, match="solved"):
        htm.play(SOLVED3, "U")


def test_render_is_a_net():
    lines = make_game("cube").render(SOLVED3).splitlines()
    assert len(lines) == 9
    assert lines[0].split() == ["U"] * 3
    assert lines[3].split() == ["L"] * 3 + ["F"] * 3 + ["R"] * 3 + ["B"] * 3
    assert lines[8].split() == ["D"] * 3
    assert set(cubemodule.FACE_COLOURS) == set("URFDLB")


@pytest.mark.parametrize("size", [2, 3])
def test_every_sticker_of_the_net_has_its_own_face_colour_on_a_terminal(size):
    from gamesman.doors.shell import COLOUR_CODES, paint

    game = make_game("cube", size=size, scramble=10)
    colours = game.render_colours
    assert len(set(colours.values())) == 6 and set(colours.values()) <= set(COLOUR_CODES)
    net = game.render(game.start())
    stickers = [ch for ch in net if not ch.isspace()]
    assert len(stickers) == 6 * size * size and set(stickers) <= set(colours)
    for line in net.splitlines():
        painted = paint(line, colours)
        assert painted.count("\x1b[0m") == len(line.replace(" ", ""))
        for face in set(line) - {" "}:
            assert f"\x1b[{COLOUR_CODES[colours[face]]}m{face}\x1b[0m" in painted


# -- validity ------------------------------------------------------------------------


def swap(facelets, *pairs):
    cells = list(facelets)
    for first, second in pairs:
        a, b = (geometry(3 if len(facelets) == 54 else 2).index(name) for name in (first, second))
        cells[a], cells[b] = cells[b], cells[a]
    return "".join(cells)


@pytest.mark.parametrize("text, reason", [
    (SOLVED3[:-1], "wrong length"),
    (SOLVED3[:-1] + "X", "unknown letter"),
    ("R" + SOLVED3[1:], "wrong colour counts"),
    (swap(SOLVED3, ("U5", "R5")), "centres not in place"),
    (swap(SOLVED3, ("R1", "U7")), "impossible cubie"),  # URF shows U U F
    (swap(SOLVED3, ("R1", "L3")), "impossible cubie"),  # URF shows U L F: a mirrored UFL
    (swap(SOLVED3, ("R2", "D2")), "impossible cubie"),  # UR shows U D
    (swap(SOLVED3, ("U9", "R1"), ("R1", "F3")), "twisted corner"),
    (swap(SOLVED3, ("U6", "R2")), "flipped edge"),
    (swap(SOLVED3, ("U6", "U8"), ("R2", "F2")), "odd permutation parity"),  # UR and UF swapped
    (swap(SOLVED2, ("U9", "R1"), ("R1", "F3")), "twisted corner"),
    (swap(SOLVED2, ("R1", "L3")), "impossible cubie"),
])
def test_each_rejection_names_its_reason(text, reason):
    game = make_game("cube", size=3 if len(text) > 30 else 2)
    with pytest.raises(PositionError, match=reason) as caught:
        game.parse_position(text)
    assert str(caught.value).startswith("cube: ") and "\n" not in str(caught.value)


def test_a_duplicate_cubie_is_impossible():
    # UFL becomes a second URF; an R sticker of an edge turns L to keep the counts.
    text = list(SOLVED3)
    for name, colour in (("F1", "R"), ("L3", "F"), ("R2", "L")):
        text[geometry(3).index(name)] = colour
    with pytest.raises(PositionError, match="impossible cubie"):
        make_game("cube").parse_position("".join(text))


def test_the_2x2x2_has_no_parity_and_any_orientation():
    game = make_game("cube", size=2)
    swapped = game.geometry.facelets(SOLVED_CUBIES._replace(cp=(1, 0, 2, 3, 4, 5, 6, 7)))  # two corners
    assert game.parse_position(swapped) == swapped
    rotated = cubemodule.permute(turns(game, SOLVED2, "R U"), rotations()[5])
    assert game.parse_position(rotated) == rotated


# -- the 2x2x2 table ---------------------------------------------------------------


def test_2x2x2_distribution_matches_the_published_figures():
    htm = distance_distribution(make_game("cube", size=2))
    qtm = distance_distribution(make_game("cube", size=2, metric="qtm"))
    assert [htm[d] for d in sorted(htm)] == HTM_DISTRIBUTION and max(htm) == 11
    assert [qtm[d] for d in sorted(qtm)] == QTM_DISTRIBUTION and max(qtm) == 14
    assert sum(htm.values()) == sum(qtm.values()) == 3_674_160


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_2x2x2_optimal_solutions(metric):
    game = make_game("cube", size=2, metric=metric)
    rng = random.Random(17)
    for _ in range(25):
        position = random_position(game, rng)
        distance = game.distance(position)
        moves = game.solution(position)
        assert len(moves) == distance and solves(game, position, moves)
        if distance:  # the table agrees with every one of the turns, L D B included
            assert distance == 1 + min(game.distance(game.turn(position, m)) for m in game.moves(position))
        # Each step is the first move, in the order of the moves, whose cube is one closer.
        at = position
        for move in moves:
            closer = [m for m in game.moves(at) if game.distance(game.turn(at, m)) == game.distance(at) - 1]
            assert move == closer[0]
            at = game.turn(at, move)
        assert str(game.known_result(position)) == f"win {distance}"


def test_table_cache_is_checked_and_rebuilt(tmp_path, capsys):
    import numpy as np

    path = tmp_path / "table"
    shapes = {"a": (5,), "b": (2, 3)}
    arrays = {"a": np.arange(5, dtype=np.uint8), "b": np.ones((2, 3), dtype=np.uint16)}
    save_tables(path, arrays)
    assert [p.name for p in tmp_path.iterdir()] == ["table"]
    loaded = load_tables(path, shapes)
    assert all((loaded[name] == arrays[name]).all() for name in shapes)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF
    path.write_bytes(bytes(data))
    assert load_tables(path, shapes) is None
    assert "damaged" in capsys.readouterr().err
    builds = []
    rebuilt = load_or_build(path, shapes, lambda: builds.append(1) or arrays)
    assert builds == [1] and (rebuilt["b"] == 1).all()
    assert load_tables(path, shapes) is not None  # saved again, whole


def test_count_report_prints_both_metrics():
    report = make_game("cube", size=2).count_report(None)
    assert "1,887,748" in report and "1,350,852" in report
    assert "God's number: 11 half-turn moves, 14 quarter-turn moves" in report


# -- the 3x3x3 two-phase solver --------------------------------------------------------


@pytest.mark.slow
def test_two_phase_solves_random_cubes_in_at_most_22_moves():
    game = make_game("cube")
    rng = random.Random(2024)
    for _ in range(4):
        position = random_position(game, rng)
        moves = game.solution(position)
        assert len(moves) <= 22 and solves(game, position, moves)
    assert game.solution(SOLVED3) == []


def test_two_phase_solves_short_scrambles_no_longer_than_undoing_them():
    game = make_game("cube")
    assert game.solution(turns(game, SOLVED3, "R")) == ["R'"]
    assert len(game.solution(turns(game, SOLVED3, "R U R' U'"))) <= 4
    for seed in range(6):
        scrambled = make_game("cube", scramble=2 + seed, seed=seed)
        moves = scrambled.solution(scrambled.start())
        assert len(moves) <= 2 + seed and solves(scrambled, scrambled.start(), moves)


@pytest.mark.parametrize("metric", ["htm", "qtm"])
def test_a_cube_on_the_way_of_the_games_scramble_is_solved_no_longer_than_undoing_it(metric):
    for seed in (3, 5):
        game = make_game("cube", scramble=16, seed=seed, metric=metric)
        moves = game.solution(game.start())
        assert len(moves) <= 16 and solves(game, game.start(), moves)
        halfway = make_game("cube", scramble=10, seed=seed, metric=metric).start()  # its first 10 moves
        moves = game.solution(halfway)
        assert len(moves) <= 10 and solves(game, halfway, moves)
    assert [cubemodule.inverse(m) for m in ("R", "R'", "R2")] == ["R'", "R", "R2"]


def test_two_phase_goes_on_past_its_first_solution_for_shorter_ones():
    solver = twophase_solver()
    rng = random.Random(5)
    cubes = [random_cubies(rng, 3) for _ in range(3)]
    first = [solver.solve(cube, improve_nodes=0) for cube in cubes]
    improved = [solver.solve(cube) for cube in cubes]
    game = make_game("cube")
    for cube, moves in zip(cubes, improved):
        assert solves(game, game.geometry.facelets(cube), moves)
    assert all(len(b) <= len(a) for a, b in zip(first, improved))
    assert sum(map(len, improved)) < sum(map(len, first))
    assert [solver.solve(cube) for cube in cubes] == improved  # a budget of work, not of time


SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"


def test_inverted_undoes_a_cube():
    rng = random.Random(8)
    for _ in range(5):
        cube = random_cubies(rng, 3)
        assert cube.then(inverted(cube)) == SOLVED_CUBIES == inverted(cube).then(cube)


def test_each_view_of_a_cube_solved_and_turned_back_solves_the_cube():
    from gamesman.games.cube.twophase import views

    solver = twophase_solver()
    cube = random_cubies(random.Random(12), 3)
    found = views(cube)
    assert len(found) == 6 and cube in found
    for seen, (moves_back, backwards) in found.items():
        moves = [MOVE_NAMES[moves_back[MOVE_NAMES.index(m)]] for m in solver.solve(seen, improve_nodes=0)]
        if backwards:
            moves = [cubemodule.inverse(m) for m in reversed(moves)]
        assert apply_moves(cube, moves) == SOLVED_CUBIES
    assert len(views(geometry(3).cubies(SUPERFLIP))) == 1  # the same from every side, and its own inverse


def test_two_phase_solves_the_superflip_in_at_most_21_moves():
    # Every edge flipped in place, 20 moves from solved (Reid, 1995): a hard case for two-phase.
    game = make_game("cube")
    superflip = game.parse_position(SUPERFLIP)
    assert game.geometry.cubies(superflip).eo == (1,) * 12
    moves = game.solution(superflip)
    assert len(moves) <= 21 and solves(game, superflip, moves)


@pytest.mark.slow
def test_two_phase_stops_at_a_target_length_and_searches_on_for_a_time():
    solver = twophase_solver()
    rng = random.Random(6)
    game = make_game("cube")
    for cube in [random_cubies(rng, 3) for _ in range(2)]:
        first = solver.solve(cube, improve_nodes=0)
        assert solver.solve(cube, target=30) == first  # any first solution is short enough
        timed = solver.solve(cube, seconds=1)
        assert solves(game, game.geometry.facelets(cube), timed)
        assert len(timed) <= len(solver.solve(cube))  # the same search, taken further


def test_two_phase_lifts_its_first_solution_limits_when_nothing_meets_them(monkeypatch):
    from gamesman.games.cube import twophase

    monkeypatch.setattr(twophase, "FIRST_LENGTH", 3)  # no solution is that short ...
    monkeypatch.setattr(twophase, "PHASE1_LONGEST", 7)  # ... and phase 1 gives up sooner
    game = make_game("cube")
    position = turns(game, SOLVED3, "R U F' L2 D B'")
    moves = twophase_solver().solve(game.geometry.cubies(position), improve_nodes=0)
    assert len(moves) > 3 and solves(game, position, moves)


def test_the_two_phase_kernels_run_compiled_and_as_plain_python(monkeypatch):
    from gamesman.games.cube import search
    from gamesman.boards import kernels as compiled

    if compiled.COMPILED:
        assert hasattr(search.search, "py_func")  # numba's dispatcher: machine code
    game = make_game("cube")
    position = turns(game, SOLVED3, "R U2 F' L D B2 R'")
    cube = game.geometry.cubies(position)
    machine = twophase_solver().solve(cube, improve_nodes=0)
    monkeypatch.setattr(compiled, "numba", None)
    spec = importlib.util.spec_from_file_location("plain_search", search.__file__)
    plain = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(plain)
    assert not hasattr(plain.search, "py_func")
    monkeypatch.setitem(sys.modules, "gamesman.games.cube.search", plain)
    monkeypatch.setattr(sys.modules["gamesman.games.cube"], "search", plain, raising=False)
    moves = twophase_solver().solve(cube, improve_nodes=0)
    assert moves == machine and solves(game, position, moves)


def test_the_two_phase_kernels_compile_each_once_on_first_use(tmp_path):
    """After install every kernel of the search compiles once (a specialisation per constant
    argument would be compiling twice) and none pulls in numba's shape checks of slices."""
    from compile_checks import compiled_on_first_use

    compiled = compiled_on_first_use(
        "from gamesman.contract.registry import make_game\n"
        "game = make_game('cube', scramble=12, seed=4)\n"
        "game.solution(game.start())\n", tmp_path)
    kernels = [name for name in compiled if name.startswith("gamesman.games.cube.search.")]
    assert "gamesman.games.cube.search.rank" in kernels and len(kernels) == len(set(kernels))
    assert [name for name in compiled if "shape_context" in name] == []


def test_two_phase_in_the_quarter_turn_metric_plays_quarter_turns():
    game = make_game("cube", metric="qtm", scramble=30, seed=4)
    moves = game.solution(game.start())
    assert all(not move.endswith("2") for move in moves) and solves(game, game.start(), moves)


def test_solvable_only_for_the_2x2x2():
    assert make_game("cube", size=2).capabilities.solvable and not make_game("cube").capabilities.solvable
    assert not make_game("cube").capabilities.known_results


# -- strategies ---------------------------------------------------------------------------


@pytest.mark.parametrize("size, strategy", [(2, "optimal"), (2, "twophase"), (3, "twophase")])
def test_strategies_play_the_cube_solved(size, strategy):
    game = make_game("cube", size=size, scramble=40, seed=size)
    player = make_strategy(game, strategy, random.Random(1))
    position, played = game.start(), 0
    while game.outcome(position) is None:
        choice = player.choose(position)
        assert "solved in" in choice.reason
        position = game.play(position, choice.move)
        played += 1
    assert played <= (game.distance(game.start()) if size == 2 else 22)


def test_the_search_player_of_the_3x3x3_is_two_phase():
    game = make_game("cube", scramble=5, seed=3)
    choice = make_strategy(game, game.search_strategy, random.Random(1)).choose(game.start())
    assert "two-phase" in choice.reason and choice.move in game.moves(game.start())


def test_the_move_that_plans_says_the_time_the_user_waited_loading_included(monkeypatch):
    """The time runs from the question: the tables loaded and the kernels compiled on first
    use (here a clock that the solution moves on by 3.5 s) count; moves of the plan came at once."""
    game = make_game("cube", scramble=5, seed=3)
    now = [100.0]
    solution = game.solution

    def loading_then_solving(*args, **kwargs):
        now[0] += 3.5
        return solution(*args, **kwargs)

    monkeypatch.setattr(game, "solution", loading_then_solving)
    player = make_strategy(game, game.search_strategy, random.Random(1))
    player.clock = lambda: now[0]
    first = player.choose(game.start())
    assert first.reason.endswith("(two-phase solution found in 3.50 s)")
    second = player.choose(game.play(game.start(), first.move))
    assert second.reason.endswith("(two-phase solution)")


def test_strategies_refuse_what_they_cannot_do():
    with pytest.raises(GameError):
        make_strategy(make_game("cube"), "optimal")
    with pytest.raises(GameError):
        make_strategy(make_game("tictactoe"), "twophase")


@pytest.mark.parametrize("args", ["--time", "--time 0", "--time soon", "--time -1", "0", "31", "twenty",
                                  "20 21"])
def test_twophase_refuses_a_bad_budget_in_one_line(args):
    with pytest.raises(GameError) as refused:
        make_strategy(make_game("cube"), ["twophase", *args.split()])
    assert "twophase" in str(refused.value) and "\n" not in str(refused.value)


def test_twophase_with_a_length_and_a_time_plays_a_solution():
    game = make_game("cube", scramble=30, seed=9)
    player = make_strategy(game, ["twophase", "21", "--time", "2s"], random.Random(1))
    position, played = game.start(), 0
    while game.outcome(position) is None:
        position = game.play(position, player.choose(position).move)
        played += 1
    assert played <= 22


def test_cli_count_prints_the_distribution():
    out = subprocess.run([sys.executable, "-m", "gamesman", "count", "cube", "--size", "2"],
                         capture_output=True, text=True, timeout=120).stdout
    assert "2,644" in out and "276" in out


def test_a_random_walk_on_the_cube_is_bounded():
    def walk(*flags: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "gamesman", "random", "cube", *flags],
                              capture_output=True, text=True, timeout=120)

    bounded = walk("--scramble", "3", "--moves", "5")
    assert len(bounded.stdout.splitlines()) == 6 and bounded.returncode == 0
    assert "stopped after 5 moves before the end" in bounded.stderr
    by_default = walk("--scramble", "3", "seed=4")  # the cube's seed: --seed after cube is refused as ambiguous
    assert len(by_default.stdout.splitlines()) == 1001 and "1,000 moves" in by_default.stderr
    solved = walk()
    assert solved.stdout.splitlines() == [SOLVED3] and solved.stderr == ""


@pytest.mark.parametrize("size, metric", [(2, "htm"), (3, "qtm")])
def test_a_random_start_drawn_from_the_seed_is_the_start(size, metric):
    game = make_game("cube", size=size, metric=metric, scramble=12, seed=7)
    assert game.random_start(random.Random(7)) == game.start() != game.random_start(random.Random(8))
    assert make_game("cube", size=size, metric=metric).random_start(random.Random(7)) == make_game("cube", size=size).start()
