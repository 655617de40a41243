"""GamesmanOne beside gamesman: the variants both have, solved by each on one thread and on
every core, and their answers compared position by position.

GamesmanOne is GamesCrafters' strong solver in C (github.com/GamesCrafters/GamesmanOne: a tier
solver with OpenMP, optional MPI, compressed databases).  It is not part of this project and
this benchmark does not build it: build it by its own build, outside this repository, and give
its program with ``--gamesmanone``.  Its build needs a C compiler, CMake and zlib (on Debian or
Ubuntu: ``apt install build-essential cmake zlib1g-dev``; OpenMP comes with GCC), and its json-c,
xz and lz4 submodules, which its installer script (``gamesman_install.sh``) builds into its
``res`` folder before it builds ``bin/gamesman`` with CMake in Release mode.

Run by hand:  python3 benchmarks/bench_gamesmanone.py --gamesmanone PATH/bin/gamesman
                  [--variants tictactoe,quixo3,quixo4] [--samples 100000] [--seed 1]
                  [--threads 1,all] [--ours-from CACHE [--theirs-from FOLDER]]

For each variant, each solver solves it afresh, in a process of its own, on one thread
(GamesmanOne with ``OMP_NUM_THREADS=1``, gamesman's fast solver with one worker) and on every
core (``--threads`` picks): processor seconds (user and system, the process and its workers),
wall seconds, peak memory (the largest process) and the bytes of its database.  Quixo 4x4 is
solved in its own tiers, as ``gamesman solve`` solves it, a tier at a time (so one worker works
whatever the cores); ``--ours-from`` takes gamesman's database of an earlier ``gamesman solve``
instead of solving again, and ``--theirs-from`` GamesmanOne's (then only the answers are compared).  Then the answers: positions drawn
uniformly from those gamesman found reachable from the start are asked of GamesmanOne's
database (``gamesman query GAME VARIANT POSITION``, whose reply also gives every child's value),
until ``--samples`` distinct positions (the drawn ones and their children; all of them when the
variant has fewer) are compared.  Value and remoteness must agree on every one (a draw has no
remoteness); the first disagreement stops the benchmark.

Positions map one to one: a GamesmanOne Quixo position is ``T_BOARD``, T 1 when X is to move
and 2 for O, BOARD the n*n cells row by row in ``X``, ``O``, ``-``, the order of gamesman's
rows; its tic-tac-toe (``mtttier``, the one it answers queries for) position is the nine cells
in ``x``, ``o``, ``-``.  GamesmanOne is run in the folder that holds its database (``data``, its
default: it makes only a relative data path).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from gamesman.contract.capabilities import position_codes
from gamesman.contract.game import Game
from gamesman.contract.registry import game_from_spec
from gamesman.solver.database import Database
from gamesman.solver.levelled import Results, solve
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner
from gamesman.solver.tiers.one_machine import OWN_TIERS_IN_MEMORY
from gamesman.solver.tiers.variant import own_tiers


@dataclass(frozen=True)
class Variant:
    """One variant both solvers have: gamesman's spec, GamesmanOne's game and variant number,
    and a gamesman position written as GamesmanOne's."""

    spec: str
    theirs: str
    variant: int
    their_position: Callable[[Game, tuple[int, str]], str]


def quixo_position(game: Game, position: tuple[int, str]) -> str:
    """``1_X-O...``: GamesmanOne's Quixo position of a gamesman one.

    >>> quixo_position(game_from_spec("quixo(size=3)"), (1, "x-o------"))
    '2_X-O------'
    """
    turn, cells = position
    return f"{turn + 1}_{cells.upper()}"


def tictactoe_position(game: Game, position: tuple[int, str]) -> str:
    """The nine cells (GamesmanOne's tic-tac-toe tells the turn from them)."""
    return position[1]


VARIANTS = {
    "tictactoe": Variant("tictactoe(misere=false)", "mtttier", 0, tictactoe_position),
    "quixo3": Variant("quixo(size=3)", "quixo", 2, quixo_position),
    "quixo4": Variant("quixo(size=4)", "quixo", 1, quixo_position),
}


@dataclass
class Run:
    """What one solve took."""

    cpu: float
    wall: float
    peak: int  # bytes
    database: int  # bytes


def measured(command: list[str], env: dict[str, str], folder: Path) -> Run:
    """Run ``command`` in ``folder`` to its end: its processor time, wall time, peak memory and
    the bytes it left in ``folder`` (its database)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}): {errors.strip()[-500:]}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024, folder_bytes(folder))


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def solve_ours(spec: str, workers: int, cache: str) -> None:
    """(In a process of its own.)  Solve ``spec`` from its start with ``workers`` and save the
    database: in memory, or in the game's own tiers when ``gamesman solve`` takes them (Quixo 4x4)."""
    game = game_from_spec(spec)
    table = Results(game)
    if own_tiers(game) and (position_codes(game).index_size() or 0) > OWN_TIERS_IN_MEMORY:
        with local_runner(workers) as (run, _):
            table.add(TierRun(Path(cache, "tiers"), run, 1).solve(game, game.start()))
    else:
        table.add(solve(game, game.start(), workers=workers))
    table.save(Database(Path(cache)))


def run_ours(variant: Variant, workers: int, folder: Path) -> Run:
    command = [sys.executable, os.path.abspath(__file__), "--solve-ours", variant.spec, "--workers", str(workers),
               "--cache", str(folder)]
    return measured(command, dict(os.environ, GAMESMAN_CACHE=str(folder)), folder)


def their_arguments(variant: Variant) -> list[str]:
    return [variant.theirs, str(variant.variant)]


def run_theirs(program: str, variant: Variant, threads: int, folder: Path) -> Run:
    return measured([program, "solve", *their_arguments(variant)], dict(os.environ, OMP_NUM_THREADS=str(threads)),
                    folder)


def their_answers(program: str, variant: Variant, folder: Path, position: str) -> dict[str, str]:
    """GamesmanOne's answers for ``position`` and its children, by their position text."""
    done = subprocess.run([program, "query", *their_arguments(variant), "--", position], cwd=folder,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"GamesmanOne refused {position}: {done.stderr.strip()}")
    reply = json.loads(done.stdout)
    return {entry["position"]: answer_text(entry) for entry in [reply] + reply.get("moves", [])}


def answer_text(entry: dict) -> str:
    """``win 7``, or ``draw`` (GamesmanOne's words are gamesman's)."""
    value = entry["positionValue"]
    return value if value == "draw" else f"{value} {entry['remoteness']}"


def compare(program: str, variant: Variant, folder: Path, ours: Path, samples: int, seed: int) -> tuple[int, int]:
    """Compare answers until ``samples`` distinct positions agree (or all): (positions drawn, compared).
    A position drawn that was compared already, as a child, is not asked again."""
    game = game_from_spec(variant.spec)
    stored = Results(game)
    stored.load(Database(ours))
    if stored.store is None:
        raise SystemExit(f"{variant.spec}: gamesman's database is missing in {ours}")
    codes = stored.store.codes()
    solver = Solver(game, database=Database(ours))
    wanted = min(samples, len(codes))
    order = random.Random(seed).sample(range(len(codes)), len(codes)) if len(codes) <= 4 * samples else None
    rng = random.Random(seed)
    coder = position_codes(game)

    def draw(index: int) -> tuple[int, str]:
        at = order[index] if order is not None else rng.randrange(len(codes))
        return coder.decode(int(codes[at]))

    compared: set[str] = set()
    drawn = 0
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        while len(compared) < wanted and drawn < len(codes):
            batch = [draw(drawn + k) for k in range(min(64, len(codes) - drawn))]
            drawn += len(batch)
            batch = [position for position in batch if variant.their_position(game, position) not in compared]
            texts = [variant.their_position(game, position) for position in batch]
            for parent, answers in zip(batch, pool.map(lambda t: their_answers(program, variant, folder, t), texts)):
                family = {variant.their_position(game, child): child
                          for child in [parent] + [game.play(parent, move) for move in game.moves(parent)]}
                for their_text, their_answer in answers.items():
                    if their_text in compared:
                        continue
                    if their_text not in family:
                        raise SystemExit(f"{variant.spec}: GamesmanOne gives {their_text} as a child of "
                                         f"{game.format_position(parent)}, which has no such child here")
                    mine = str(solver.result(family[their_text]))
                    if mine != their_answer:
                        raise SystemExit(f"{variant.spec}: {game.format_position(family[their_text])} is {mine} "
                                         f"here but {their_answer} in GamesmanOne ({their_text})")
                    compared.add(their_text)
    return drawn, len(compared)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gamesmanone", help="GamesmanOne's program (bin/gamesman of its own build)")
    parser.add_argument("--variants", default=",".join(VARIANTS), help="of " + ", ".join(VARIANTS))
    parser.add_argument("--samples", type=int, default=100_000, help="positions compared per variant")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", default="1,all", help="the thread counts to solve with: 1, all or both")
    parser.add_argument("--ours-from", metavar="CACHE", help="gamesman's database from an earlier `gamesman solve` "
                        "(its GAMESMAN_CACHE) instead of solving again, untimed: one variant only")
    parser.add_argument("--theirs-from", metavar="FOLDER", help="GamesmanOne's database from an earlier solve (the "
                        "folder it ran in) instead of solving again, untimed: with --ours-from")
    parser.add_argument("--solve-ours", help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--cache", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_ours:
        solve_ours(args.solve_ours, args.workers, args.cache)
        return
    if not args.gamesmanone or not os.access(args.gamesmanone, os.X_OK):
        parser.error("--gamesmanone: give GamesmanOne's program, built by its own build (see this file's docstring)")
    unknown = set(args.variants.split(",")) - set(VARIANTS)
    if unknown:
        parser.error(f"--variants: no variant {', '.join(sorted(unknown))} (of {', '.join(VARIANTS)})")
    cores = os.cpu_count() or 1
    counts = {"1": 1, "all": cores}
    if not set(args.threads.split(",")) <= set(counts):
        parser.error(f"--threads: 1, all or 1,all, not {args.threads}")
    threads_run = sorted({counts[word] for word in args.threads.split(",")})
    if args.ours_from and "," in args.variants:
        parser.error("--ours-from: name one variant with --variants")
    if args.theirs_from and not args.ours_from:
        parser.error("--theirs-from: give --ours-from too")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cores} cores, "
          f"load {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    print("| variant | solver | threads | cpu s | wall s | peak MB | database bytes |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in args.variants.split(","):
        variant = VARIANTS[name]
        with tempfile.TemporaryDirectory() as scratch:
            for threads in threads_run:
                for solver in ("gamesman", "GamesmanOne")[(1 if args.ours_from else 0):(1 if args.theirs_from else 2)]:
                    folder = Path(scratch, f"{solver}-{threads}")
                    folder.mkdir()
                    run = (run_ours(variant, threads, folder) if solver == "gamesman"
                           else run_theirs(args.gamesmanone, variant, threads, folder))
                    print(f"| `{variant.spec}` | {solver} | {threads} | {run.cpu:.2f} | {run.wall:.2f} | "
                          f"{run.peak / 1e6:.0f} | {run.database:,} |", flush=True)
            last = threads_run[-1]
            ours = Path(args.ours_from) if args.ours_from else Path(scratch, f"gamesman-{last}")
            theirs = Path(args.theirs_from) if args.theirs_from else Path(scratch, f"GamesmanOne-{last}")
            drawn, compared = compare(args.gamesmanone, variant, theirs, ours, args.samples, args.seed)
            print(f"`{variant.spec}`: {compared:,} positions agree ({drawn:,} drawn at random, "
                  f"the rest their children)", flush=True)


if __name__ == "__main__":
    main()
