"""Rubik's Cube timings: the 2x2x2 table build, optimal 2x2x2 solves, two-phase 3x3x3 solves.

Targets: the 2x2x2 table built in under 60 s; optimal 2x2x2 solves under
10 ms each after that; 3x3x3 solves faster than kociemba's on the same cubes, at most 20.8
moves on average, the superflip in at most 21.

Run from the repository root: ``python3 benchmarks/bench_cube.py [--cubes 100] [--seed 1]``.
With kociemba installed (the ``bench`` extra) it solves the same 3x3x3 cubes beside gamesman,
each cube by each solver in turn, and both solve the superflip.
Tables are built in memory (the 2x2x2 table is timed from scratch); nothing is
written to the cache directory.  Each solver is compared with a baseline on the
same cubes in the same run (times on the wall clock and as processor time, the fairer
figure on a busy machine): for the 2x2x2, a solution found by asking the table
for the distance of every child of every step (each child canonicalised and
indexed from its facelets); for the 3x3x3, the two-phase search stopped at its
first solution (no search for shorter ones).  Every solution is checked.

Figures of 2026-11-24, seed 1, 100 cubes, on 2 cores shared with other work (load about 7),
wall clock and processor time:

* 2x2x2 tables (both metrics) built in 2.24 s (0.91 s of processor time): target 60 s.
* 2x2x2 optimal solves, 200 random cubes per metric: 0.23 ms mean (processor 0.15 ms) in htm,
  0.51 ms in qtm: target 10 ms.  The baseline probing every child took 5.01 ms (htm) and
  3.95 ms (qtm): 22 and 8 times slower.
* 3x3x3 two-phase (compiled, tables built in 4.3 s; the first solve loads the compiled
  search in 1.7 s): 29.45 ms a cube, median 22.63, slowest 108 ms (processor 11.50 ms mean),
  20.54 moves on average, at most 21.  The baseline stopping at its first solution: 22.94 ms
  (processor 8.43 ms), 20.72 moves.
* kociemba 1.2.1 on the same cubes: 62.31 ms (processor 23.69 ms), 20.80 moves, at most 22:
  gamesman takes 0.47 times its time.  The superflip: two-phase 21 moves in 2.7 s, kociemba
  21 in 1.7 s.

Before the search was compiled (plain Python, 20 cubes, load about 12): 904 ms a cube,
21.10 moves, superflip in 22; kociemba 105 ms, 21.10 moves.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamesman.games.cube import Cube, tables, twophase  # noqa: E402
from gamesman.games.cube.cubies import permute, random_cubies  # noqa: E402
from gamesman.contract.registry import make_game  # noqa: E402


#: Every edge flipped in place: 20 moves from solved, the classic hard case.
SUPERFLIP = "UBULURUFURURFRBRDRFUFLFRFDFDFDLDRDBDLULBLFLDLBUBRBLBDB"


def timed(label: str, work: Callable):
    started, started_processor = time.perf_counter(), time.process_time()
    result = work()
    print(f"{label}: {time.perf_counter() - started:.2f} s ({time.process_time() - started_processor:.2f} s "
          "of processor time)", flush=True)
    return result


def solve_many(game: Cube, positions: list[str], solvers: dict[str, Callable[[str], list[str]]]) -> dict[str, float]:
    """Solve every position with each solver in turn (so that they share the machine's load alike),
    checking each solution; print each solver's figures and return its mean time."""
    times: dict[str, list[float]] = {label: [] for label in solvers}
    processor: dict[str, list[float]] = {label: [] for label in solvers}
    lengths: dict[str, list[int]] = {label: [] for label in solvers}
    for number, start in enumerate(positions, 1):
        for label, solve in solvers.items():
            started, started_processor = time.perf_counter(), time.process_time()
            moves = solve(start)
            times[label].append(time.perf_counter() - started)
            processor[label].append(time.process_time() - started_processor)
            lengths[label].append(len(moves))
            position = start
            for move in moves:
                position = game.play(position, move)
            assert game.outcome(position) == (1.0,), f"{label}: a solution did not solve its cube"
        if len(positions) >= 50 and number % (len(positions) // 5) == 0:
            print(f"  {number}/{len(positions)} cubes", flush=True)
    for label in solvers:
        print(f"{label}: {statistics.mean(times[label]) * 1000:.2f} ms per cube (median "
              f"{statistics.median(times[label]) * 1000:.2f}, slowest {max(times[label]) * 1000:.1f}; processor "
              f"time: mean {statistics.mean(processor[label]) * 1000:.2f}, slowest {max(processor[label]) * 1000:.1f}); "
              f"moves: mean {statistics.mean(lengths[label]):.2f}, longest {max(lengths[label])}", flush=True)
    return {label: statistics.mean(times[label]) for label in solvers}


def probing_solution(game: Cube, position: str) -> list[str]:
    """The 2x2x2 baseline: at each step, the first move whose child is one closer by the table."""
    moves = []
    togo = game.distance(position)
    while togo:
        move = next(m for m in game.move_names if game.distance(game.turn(position, m)) == togo - 1)
        moves.append(move)
        position, togo = game.turn(position, move), togo - 1
    return moves


def progress(stage: str, done: int, total: int | None) -> None:
    print(f"  {stage}: {done:,}/{total:,}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cubes", type=int, default=100, help="random 3x3x3 cubes to solve (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    distances = timed("2x2x2 distance tables (both metrics), built", lambda: tables.build_distance_tables(progress))
    tables._DISTANCES.update(distances)
    for metric in ("htm", "qtm"):
        game = make_game("cube", size=2, metric=metric)
        assert isinstance(game, Cube)
        positions = [permute(game.geometry.facelets(random_cubies(rng, 2)), rng.choice(tables.rotations()))
                     for _ in range(200)]
        baseline, solver = solve_many(game, positions, {
            f"2x2x2 optimal ({metric}), baseline probing every child": lambda p: probing_solution(game, p),
            f"2x2x2 optimal ({metric})": game.solution}).values()
        print(f"2x2x2 optimal ({metric}): {baseline / solver:.0f} times faster than the baseline", flush=True)

    built = timed("3x3x3 two-phase tables, built", lambda: twophase.build_twophase_tables(progress))
    solver = twophase.TwoPhase(built)
    twophase._TWOPHASE.append(solver)
    game = make_game("cube")
    assert isinstance(game, Cube)
    cubies = [random_cubies(rng, 3) for _ in range(args.cubes)]
    positions = [game.geometry.facelets(c) for c in cubies]
    timed("3x3x3 two-phase, first solve (compiling the search, or loading it from numba's cache)",
          lambda: game.solution(positions[0]))
    solvers = {"3x3x3 two-phase, baseline stopping at its first solution":
               lambda p: solver.solve(game.geometry.cubies(p), improve_nodes=0),
               "3x3x3 two-phase": game.solution}
    try:
        import kociemba
    except ImportError:
        kociemba = None
        print("kociemba: not installed (pip install -e '.[bench]')")
    else:
        solvers["kociemba (C, its Python call)"] = lambda p: kociemba.solve(p).split()
    first, improved, *theirs = solve_many(game, positions, solvers).values()
    print(f"3x3x3 two-phase: {improved / first:.1f} times the baseline's time", flush=True)
    superflip = game.parse_position(SUPERFLIP)
    superflips = {"two-phase": game.solution}
    if kociemba is not None:
        superflips["kociemba"] = lambda p: kociemba.solve(p).split()
    for label, solve in superflips.items():
        started = time.perf_counter()
        length = len(solve(superflip))
        print(f"superflip: {label} {length} moves in {time.perf_counter() - started:.2f} s (20 is optimal)",
              flush=True)
    if theirs:
        print(f"gamesman two-phase against kociemba: {improved / theirs[0]:.2f} times its time per solve", flush=True)


if __name__ == "__main__":
    main()
