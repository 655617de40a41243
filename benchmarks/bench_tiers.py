"""The tier solver on a local Dask cluster beside the one-machine solves, on one variant, in one
run; and a plan for Connect Four 7x6 from what it measures.

Run by hand:  python3 benchmarks/bench_tiers.py [--rows 4] [--cols 5] [--workers 2] [--shards N]
                                               [--solves forked,memory,dask] [--check N]

Three solves of the same variant, each checked to give the same results, position by position:

* ``in memory``: the fast solver's own method (``levelled.solve``), what a variant that fits its
  arrays in memory takes;
* ``tiers, forked``: the tier solver on forked worker processes, what ``gamesman solve --large``
  takes on one machine for a variant beyond them (Connect Four 6x5);
* ``tiers, Dask``: the tier solver on a local Dask cluster of the same number of workers (when
  ``distributed`` is installed), as ``gamesman solve --large --workers N`` runs it.

``--check N`` then asks the first solve's database about N positions reached by random play
(from 4 pieces on, at most one of each set alike) and the game's exact search about each: an
independent answer, position by position, where a single solve has no other to be compared with.

``--solves`` names the solves to run (all three by default; Connect Four 6x5 is too large for the
solve in memory, whose method would be the forked tiers again).  Each line gives the seconds, the processor seconds of all its processes (this one, with the
Dask scheduler, and the workers: steadier than the seconds on a machine others share too),
positions per second, positions per second per worker, the ratio of
its time to each one-machine solve's, and the peak memory of a worker (of this process, for the
solve in memory).  Then the tier solver's files in bytes per position, and a plan for Connect
Four 7x6: its positions by number of pieces are OEIS A212693 (John Tromp; the 43 terms sum to
4,531,985,219,092, as computed by Edelkamp and Kissmann), at the bytes per position and the
positions per second per worker measured here.
"""
from __future__ import annotations

import argparse
import random
import resource
import shutil
import tempfile
import time
from pathlib import Path

import numpy as np

from gamesman.contract.progress import Progress
from gamesman.contract.registry import make_game
from gamesman.games.connectfour import ConnectFour
from gamesman.solver.database import canonical_code
from gamesman.solver.levelled import Results, solve
from gamesman.solver.results import unpack
from gamesman.solver.tiers import (INDEX_PER_SHARD, TierRun, dask_cluster, dask_runner, local_runner, shards_for,
                                   work_directory)

#: Legal 7x6 Connect Four positions after n plies, n = 0..42 (OEIS A212693).
CONNECT_FOUR_7X6 = [
    1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275, 558186, 1662623, 4568683, 12236101, 30929111,
    75437595, 176541259, 394591391, 858218743, 1763883894, 3568259802, 6746155945, 12673345045,
    22010823988, 38263228189, 60830813459, 97266114959, 140728569039, 205289508055, 268057611944,
    352626845666, 410378505447, 479206477733, 488906447183, 496636890702, 433471730336, 370947887723,
    266313901222, 183615682381, 104004465349, 55156010773, 22695896495, 7811825938, 1459332899]
assert sum(CONNECT_FOUR_7X6) == 4_531_985_219_092


def symmetric_at_most(rows: int, cols: int, pieces: int) -> int:
    """How many boards of ``pieces`` pieces are their own mirror image (left to right) with X
    having played ``ceil(pieces / 2)`` of them: counted over half-boards (each of the left
    ``cols // 2`` columns is its mirror's, the middle one of odd ``cols`` its own), an upper
    bound on the reachable ones (a board with lines, or one no order of drops makes, counts too).

    >>> symmetric_at_most(6, 7, 0), symmetric_at_most(6, 7, 1), symmetric_at_most(6, 7, 2)  # x, o in the middle
    (1, 1, 2)
    >>> symmetric_at_most(6, 7, 3)  # x on both sides (three pairs of columns) and o in the middle, or three there
    6
    """
    from math import comb

    pairs, middle = cols // 2, cols % 2
    heights = [1]  # the heights of the left columns with each sum
    for _ in range(pairs):
        heights = [sum(heights[total - h] for h in range(rows + 1) if 0 <= total - h < len(heights))
                   for total in range(len(heights) + rows)]
    crosses, found = (pieces + 1) // 2, 0
    for left in range(len(heights)):
        centre = pieces - 2 * left
        if 0 <= centre <= rows * middle:
            found += heights[left] * sum(comb(left, x) * comb(centre, crosses - 2 * x) for x in range(left + 1)
                                         if 0 <= crosses - 2 * x <= centre)
    return found


#: The solves the benchmark can run (``--solves``).
SOLVES = ("forked", "memory", "dask")


def cpu_seconds(who: int = resource.RUSAGE_SELF) -> float:
    """The processor time (user and system) of this process, or of its children ended."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def timed(label: str, run, workers_cpu=lambda: cpu_seconds(resource.RUSAGE_CHILDREN)):
    """(label, seconds, processor seconds, store) of ``run(progress)``, which shows its progress
    on stderr; the processor seconds are this process's and its workers' (``workers_cpu``)."""
    progress = Progress(f"  {label}")
    started, cpu = time.perf_counter(), cpu_seconds() + workers_cpu()
    try:
        store = run(progress)
    finally:
        progress.finish()
    return label, time.perf_counter() - started, cpu_seconds() + workers_cpu() - cpu, store


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--shards", type=int, default=None)
    parser.add_argument("--solves", default=",".join(SOLVES), help="which solves, by comma: " + ", ".join(SOLVES))
    parser.add_argument("--check", type=int, default=0, metavar="N",
                        help="positions of random play to ask the database and the exact search about")
    parser.add_argument("--seed", type=int, default=1, help="of --check's random play")
    options = parser.parse_args()
    chosen = set(options.solves.split(","))
    if not chosen or not chosen <= set(SOLVES):
        parser.error(f"--solves: a comma-separated choice of {', '.join(SOLVES)}")
    game = make_game("connectfour", rows=options.rows, cols=options.cols)
    assert isinstance(game, ConnectFour)
    print(f"{game.spec}: {options.workers} workers, {options.shards or shards_for(options.workers)} shards per "
          f"tier", flush=True)
    scratch = Path(tempfile.mkdtemp(prefix="bench-tiers-"))
    try:
        measure(game, options, scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def measure(game: ConnectFour, options: argparse.Namespace, scratch: Path) -> None:
    """The solves ``options`` choose, in ``scratch``, and what the benchmark prints of them."""
    workers, shards = options.workers, options.shards or shards_for(options.workers)
    chosen = set(options.solves.split(","))
    rows, memory, sizes = [], {}, None

    def tiers_forked(progress):
        with local_runner(workers) as (run, _):
            solved = TierRun(scratch / "forked", run, shards, keep=True).solve(game, game.start(), progress=progress)
        memory["tiers, forked"] = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
        return solved.store

    if "forked" in chosen:
        rows.append(timed("tiers, forked", tiers_forked))  # first: the children's peak is its own
        sizes = file_sizes(work_directory(scratch / "forked", game.spec))
        shutil.rmtree(work_directory(scratch / "forked", game.spec))  # the database's parts stay

    def in_memory(progress):
        results = Results(game)
        results.add(solve(game, game.start(), progress=progress, workers=workers))
        memory["in memory"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        return results.store

    if "memory" in chosen:
        rows.append(timed("in memory", in_memory))
    try:
        import distributed  # noqa: F401  (only whether it is there)
    except ImportError:
        print("(no Dask: pip install 'gamesman[cluster]' for the Dask line)")
    else:
        if "dask" in chosen:
            with dask_cluster(workers) as (client, _):
                rows.append(timed("tiers, Dask", lambda progress: TierRun(scratch / "dask", dask_runner(client),
                                                                         shards, keep=True)
                                  .solve(game, game.start(), progress=progress).store,
                                  lambda: sum(client.run(cpu_seconds).values())))
                peaks = client.run(own_peak)
                memory["tiers, Dask"] = max(peaks.values())
            if "forked" not in chosen:
                sizes = file_sizes(work_directory(scratch / "dask", game.spec))
            shutil.rmtree(work_directory(scratch / "dask", game.spec))
    if not rows:
        return
    stores = [store for *_, store in rows]
    same = all(same_results(store, stores[0]) for store in stores[1:])
    count = stores[0].count
    seconds_of = {label: seconds for label, seconds, *_ in rows}
    print(f"{count:,} positions; " + (f"the {len(rows)} solves give the same results: {'yes' if same else 'NO'}"
                                      if len(rows) > 1 else "one solve, nothing to compare it with"))
    for label, seconds, cpu, _ in rows:
        peak = memory[label] / 2**20
        ratios = "".join(f"{seconds / seconds_of[other]:5.2f}x {other}  " for other in ("in memory", "tiers, forked")
                         if other in seconds_of)
        print(f"  {label:14} {seconds:7.1f} s  {cpu:7.1f} processor s  {count / seconds:>11,.0f} positions/s  "
              f"{count / seconds / workers:>9,.0f} a worker  {ratios}"
              f"peak {peak:,.0f} MiB {'(this process)' if label == 'in memory' else 'a worker'}")
    print(f"  this process's peak: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**10:,.0f} MiB")
    if options.check:
        compared, seconds = check_exact(game, stores[0], options.check, options.seed)
        print(f"{compared:,} positions of random play answered alike by the database and the exact search "
              f"({seconds:,.0f} s)")
    rate = count / next(seconds_of[label] for label in ("tiers, Dask", "tiers, forked", "in memory") if label in seconds_of)
    if sizes is not None:  # the files of a solve in tiers
        plan(sizes, count, rate / workers, stores[0].nbytes / count)


def check_exact(game: ConnectFour, store, count: int, seed: int) -> tuple[int, float]:
    """Ask ``store`` (a solve's database of ``game``) and the game's exact search about ``count``
    distinct positions in play (by their least codes) reached by random play from 4 pieces on:
    (positions compared, seconds); any difference stops the benchmark."""
    draw, seen = random.Random(seed), set[int]()
    started = time.perf_counter()
    while len(seen) < count:
        position = game.start()
        for _ in range(draw.randrange(4, game.rows * game.cols)):
            moves = game.legal_moves(position)
            if not moves:
                break
            position = game.play(position, draw.choice(moves))
        code = canonical_code(game, position)
        if code in seen or game.is_over(position):
            continue
        seen.add(code)
        at = store.slot(code)
        stored = unpack(store.packed(at)) if at >= 0 else None
        exact = game.known_result(position)
        if stored != exact:
            raise SystemExit(f"{game.format_position(position)}: the database says {stored}, the exact search {exact}")
    return len(seen), time.perf_counter() - started


def same_results(one, other) -> bool:
    """Whether two stores hold the same codes with the same results: array by array when they
    are laid out alike (a billion codes listed would take 8 GB), else code by code."""
    if one.layout == other.layout and one.span == other.span and one.arrays.keys() == other.arrays.keys():
        return all(np.array_equal(one.arrays[name], other.arrays[name]) for name in one.arrays)
    return np.array_equal(one.codes(), other.codes()) and np.array_equal(one.values16(), other.values16())


def own_peak() -> int:
    """This process's peak resident memory in bytes, since it started its program: the kernel's
    high-water mark (``ru_maxrss`` would count the peak of the process that started a Dask
    worker, which it keeps through ``exec``)."""
    try:
        with open("/proc/self/status") as status:
            return next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmHWM:"))
    except (OSError, StopIteration):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def file_sizes(directory: Path) -> dict[str, int]:
    """Bytes of each kind of file the tier solver kept (positions, results)."""
    sizes = {"p": 0, "r": 0}
    for path in directory.iterdir():
        kind = path.name.split("-")[0]
        if kind in sizes:
            sizes[kind] += path.stat().st_size
    return sizes


def plan(sizes: dict[str, int], count: int, per_worker: float, database: float) -> None:
    """Connect Four 7x6 at the bytes per position and the positions per second per worker measured."""
    positions_bytes, results_bytes = sizes["p"] / count, sizes["r"] / count
    # Solved up to the mirror image: (N + S) / 2 positions a tier, S at most the symmetric boards.
    kept = [(positions + symmetric_at_most(6, 7, pieces) + 1) // 2 for pieces, positions in enumerate(CONNECT_FOUR_7X6)]
    total = sum(kept)
    largest = max(kept)
    print(f"tier files: positions {positions_bytes:.2f} bytes a position kept, results {results_bytes:.2f}; "
          f"database {database:.2f}")
    print(f"Connect Four 7x6 (OEIS A212693: {sum(CONNECT_FOUR_7X6):,}), up to the mirror image, tier by tier:")
    print("  pieces  positions kept   positions GB   results GB")
    for pieces, positions in enumerate(kept):
        if pieces % 6 == 0 or positions == largest or pieces == len(CONNECT_FOUR_7X6) - 1:
            print(f"  {pieces:6} {positions:>15,} {positions * positions_bytes / 1e9:14,.1f} "
                  f"{positions * results_bytes / 1e9:12,.1f}")
    worker_hours = total / per_worker / 3600
    print(f"  all    {total:>15,} {total * positions_bytes / 1e12:11,.1f} TB {total * results_bytes / 1e12:9,.1f} TB;"
          f" database about {total * database / 1e12:,.1f} TB")
    print(f"  at {per_worker:,.0f} positions/s a worker: {worker_hours:,.0f} worker-hours; "
          f"{worker_hours / 1024:,.1f} hours on 1,024 workers (32 machines of 32 cores), "
          f"{worker_hours / 4096:,.1f} on 4,096")
    after = kept[kept.index(largest) + 1] * results_bytes
    game = make_game("connectfour", rows=6, cols=7)
    assert isinstance(game, ConnectFour)
    shards = -(-game.index_size() // INDEX_PER_SHARD)
    print(f"  a task solving a shard of the largest tier ({shards:,} shards a tier) reads the results of at most "
          f"{2 * game.cols} shards of the next tier (shards by column heights, and their mirror images'): "
          f"{2 * game.cols * after / shards / 1e6:,.0f} MB "
          f"(cut by code it would read all {after / 1e9:,.0f} GB)")


if __name__ == "__main__":
    main()
