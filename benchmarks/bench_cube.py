"""Rubik's Cube timings: the 2x2x2 table build, optimal 2x2x2 solves, two-phase 3x3x3 solves.

Targets: the 2x2x2 table built in under 60 s; optimal 2x2x2 solves under
10 ms each after that; 3x3x3 solves averaging under 1 s over 100 random cubes.

Run from the repository root: ``python3 benchmarks/bench_cube.py [--cubes 100] [--seed 1]``.
With kociemba installed (the ``bench`` extra) it solves the same 3x3x3 cubes beside gamesman,
and both solve the superflip.
Tables are built in memory (the 2x2x2 table is timed from scratch); nothing is
written to the cache directory.  Each solver is compared with a baseline on the
same cubes in the same run (times on the wall clock and as processor time, the fairer
figure on a busy machine): for the 2x2x2, a solution found by asking the table
for the distance of every child of every step (each child canonicalised and
indexed from its facelets); for the 3x3x3, the two-phase search stopped at its
first solution (no search for shorter ones).  Every solution is checked.

Figures of 2026-11-23, seed 1, on 2 cores shared with other work (load about 6.5), wall clock
and processor time:

* 2x2x2 tables (both metrics) built in 2.35 s (0.84 s of processor time): target 60 s.
* 2x2x2 optimal solves, 200 random cubes per metric: 0.29 ms mean, slowest 6.6 ms (processor
  0.19 ms, slowest 0.4) in htm, 0.28 ms in qtm: target 10 ms.  The baseline probing every
  child took 4.81 ms (htm) and 2.17 ms (qtm): 17 and 8 times slower.
* 3x3x3 two-phase, 100 random cubes: 683 ms mean, median 582, slowest 2.6 s (processor 298 ms
  mean, slowest 884 ms), 20.98 moves on average, at most 22: target 1 s on average.  The
  baseline stopping at its first solution: 228 ms (processor 98 ms), 21.69 moves; the search
  for shorter solutions costs 3.0 times its time for 0.7 moves less.

Beside kociemba 1.2.1, 2026-11-24, ``--cubes 20``, seed 1, on 2 cores under heavy load (load
average about 12): two-phase 904 ms a cube (processor 230 ms), 21.10 moves on average;
kociemba 105 ms (processor 25 ms), 21.10 moves: gamesman takes 8.6 times its time.  The
superflip: two-phase 22 moves (also with ten times the search), kociemba 21.
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


def solve_many(game: Cube, positions: list[str], solve: Callable[[str], list[str]],
               label: str) -> float:
    """Solve every position with ``solve``, checking each solution; print the figures, return the mean time."""
    times, processor, lengths = [], [], []
    for number, position in enumerate(positions, 1):
        started, started_processor = time.perf_counter(), time.process_time()
        moves = solve(position)
        times.append(time.perf_counter() - started)
        processor.append(time.process_time() - started_processor)
        lengths.append(len(moves))
        for move in moves:
            position = game.play(position, move)
        assert game.outcome(position) == (1.0,), "a solution did not solve its cube"
        if len(positions) >= 50 and number % (len(positions) // 5) == 0:
            print(f"  {label}: {number}/{len(positions)} cubes, {statistics.mean(times) * 1000:.1f} ms each so far",
                  flush=True)
    print(f"{label}: {statistics.mean(times) * 1000:.2f} ms per cube (median "
          f"{statistics.median(times) * 1000:.2f}, slowest {max(times) * 1000:.1f}; processor time: mean "
          f"{statistics.mean(processor) * 1000:.2f}, slowest {max(processor) * 1000:.1f}); "
          f"moves: mean {statistics.mean(lengths):.2f}, longest {max(lengths)}", flush=True)
    return statistics.mean(times)


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
        positions = [permute(game.geometry.facelets(random_cubies(rng, 2)), rng.choice(tables.rotations()))
                     for _ in range(200)]
        baseline = solve_many(game, positions, lambda p: probing_solution(game, p),
                              f"2x2x2 optimal ({metric}), baseline probing every child")
        solver = solve_many(game, positions, game.solution, f"2x2x2 optimal ({metric})")
        print(f"2x2x2 optimal ({metric}): {baseline / solver:.0f} times faster than the baseline", flush=True)

    built = timed("3x3x3 two-phase tables, built", lambda: twophase.build_twophase_tables(progress))
    solver = twophase.TwoPhase(built)
    twophase._TWOPHASE.append(solver)
    game = make_game("cube")
    cubies = [random_cubies(rng, 3) for _ in range(args.cubes)]
    positions = [game.geometry.facelets(c) for c in cubies]
    first = solve_many(game, positions, lambda p: solver.solve(game.geometry.cubies(p), improve_nodes=0),
                       "3x3x3 two-phase, baseline stopping at its first solution")
    improved = solve_many(game, positions, game.solution, "3x3x3 two-phase")
    print(f"3x3x3 two-phase: {improved / first:.1f} times the baseline's time", flush=True)
    superflip = game.parse_position(SUPERFLIP)
    print(f"superflip: two-phase {len(game.solution(superflip))} moves (20 is optimal)", flush=True)
    try:
        import kociemba
    except ImportError:
        print("kociemba: not installed (pip install -e '.[bench]')")
        return
    theirs = solve_many(game, positions, lambda p: kociemba.solve(p).split(), "kociemba (C, its Python call)")
    print(f"superflip: kociemba {len(kociemba.solve(SUPERFLIP).split())} moves", flush=True)
    print(f"gamesman two-phase against kociemba: {improved / theirs:.1f} times its time per solve", flush=True)


if __name__ == "__main__":
    main()
