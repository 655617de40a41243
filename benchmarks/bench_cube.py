"""Rubik's Cube timings: the 2x2x2 table build, optimal 2x2x2 solves, two-phase 3x3x3 solves.

Run from the repository root: ``python3 benchmarks/bench_cube.py [--cubes 100] [--seed 1]``.
Tables are built in memory (the 2x2x2 table is timed from scratch); nothing is
written to the cache directory.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games import cube  # noqa: E402
from gamesman.registry import make_game  # noqa: E402


def timed(label: str, work):
    started = time.perf_counter()
    result = work()
    print(f"{label}: {time.perf_counter() - started:.2f} s", flush=True)
    return result


def solve_many(game, cubes: int, rng: random.Random, label: str) -> None:
    """Solve ``cubes`` uniformly random cubes, checking each solution; print the figures."""
    times, lengths = [], []
    for number in range(1, cubes + 1):
        position = game.geometry.facelets(cube.random_cubies(rng, game.size))
        started = time.perf_counter()
        moves = game.solution(position)
        times.append(time.perf_counter() - started)
        lengths.append(len(moves))
        for move in moves:
            position = game.play(position, move)
        assert game.outcome(position) == (1.0,), "a solution did not solve its cube"
        if number % max(1, cubes // 10) == 0:
            print(f"  {label}: {number}/{cubes} cubes, {statistics.mean(times) * 1000:.1f} ms each so far",
                  flush=True)
    print(f"{label}: {statistics.mean(times) * 1000:.1f} ms per cube (median "
          f"{statistics.median(times) * 1000:.1f}, slowest {max(times) * 1000:.0f}); "
          f"moves: mean {statistics.mean(lengths):.2f}, longest {max(lengths)}", flush=True)


def progress(stage: str, done: int, total: int | None) -> None:
    print(f"  {stage}: {done:,}/{total:,}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cubes", type=int, default=100, help="random 3x3x3 cubes to solve (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    tables = timed("2x2x2 distance tables (both metrics), built", lambda: cube.build_distance_tables(progress))
    cube._DISTANCES.update(tables)
    for metric in ("htm", "qtm"):
        solve_many(make_game("cube", size=2, metric=metric), 200, rng, f"2x2x2 optimal ({metric})")

    twophase = timed("3x3x3 two-phase tables, built", lambda: cube.build_twophase_tables(progress))
    cube._TWOPHASE.append(cube.TwoPhase(twophase))
    solve_many(make_game("cube"), args.cubes, rng, "3x3x3 two-phase")


if __name__ == "__main__":
    main()
