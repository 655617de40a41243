"""Dōbutsu shōgi: what solving it takes, measured on endgame studies and on whole blocks of
codes, and a plan for the whole game from those figures.

Run by hand:  python3 benchmarks/bench_dobutsu.py [--study POSITION]... [--blocks-seconds 30]
                                                 [--levels-limit 2000000]
              python3 benchmarks/bench_dobutsu.py --reachable [POSITION] [--end-at-wins]

* **Endgame studies** (positions with fewer pieces, which play out among themselves), each
  solved from its position by the fast solver in memory (``levelled.solve``, one worker):
  positions, seconds exploring and solving, processor seconds (steadier than seconds on a
  machine others share too), and how far the peak memory of this process rose over what it
  held before; then processor microseconds and bytes a position.  By default lions with a chick each (177,490 positions)
  and lions with an elephant in ``w``'s hand; ``--study`` names others (``(b -l- --- --- -L-
  CE ce)`` has 27 million positions and takes some ten minutes and 6 GB).
* **Blocks of codes**: the blocks of the full set of pieces with the most pieces in hand, whole
  (every code, reachable or not), expanded by ``batch_expand`` until ``--blocks-seconds`` of
  processor time have passed: codes a processor second.
* **Levels from the start**: the positions first reached at each distance from the start, level
  after level, until ``--levels-limit`` positions are found: how the game opens out.
* **The plan**: one pass of ``batch_expand`` over the whole index at that rate; and the fast
  solver's method for the reachable positions, at the microseconds and bytes a position of the
  largest study.  Tanaka (2009) counts 246,803,167 reachable positions with the two sides and
  the board's two mirror images folded together, so unfolded there are between one and four
  times as many.
* **Reachable** (``--reachable``, nothing else): the places of the block that play reaches from
  a position (the start by default), swept over the block a chunk at a time, and the positions
  just after a lion is taken; processor and wall time and the peak memory; then the values of
  the reached places from the saved database.  ``--end-at-wins`` follows no move of a position
  that can take the lion, as Tanaka counts.
"""
from __future__ import annotations

import argparse
import resource
import time

import numpy as np

from gamesman.contract.registry import make_game
from gamesman.games.dobutsu import Dobutsu
from gamesman.solver.levelled import solve

DEFAULT_STUDIES = ["(b -l- -c- -C- -L- - -)", "(b -l- --- --- -L- - e)"]
TANAKA_REACHABLE = 246_803_167


def peak_megabytes() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure_studies(game: Dobutsu, studies: list[str]) -> tuple[float, float]:
    """Solve each study; the processor microseconds and bytes a position of the largest."""
    game.batch_expand(np.array([game.encode(game.start())], np.int64))  # compile (or load) the kernel first
    largest = (0, 0.0, 0.0)
    print(f"{'study':<28} {'positions':>12} {'explore s':>10} {'solve s':>9} {'CPU s':>8} {'peak MB':>9}")
    for text in studies:
        before, started = peak_megabytes(), time.process_time()
        solved = solve(game, game.parse_position(text), workers=1)
        processor, stats, rise = time.process_time() - started, solved.stats, peak_megabytes() - before
        print(f"{text:<28} {stats['positions']:>12,} {stats['explore_seconds']:>10.1f} {stats['solve_seconds']:>9.1f} "
              f"{processor:>8.1f} {rise:>+9,.0f}")
        if stats["positions"] > largest[0]:
            largest = (stats["positions"], processor, rise)
    positions, processor, rise = largest
    return processor / positions * 1e6, rise * 2**20 / positions


def measure_blocks(game: Dobutsu, budget: float) -> float:
    """Expand whole blocks of codes, most pieces in hand first, for ``budget`` seconds; codes a second."""
    full = [number for number, block in enumerate(game.blocks) if block.totals == (2, 2, 2) and block.lions == 0]
    full.sort(key=lambda number: -sum(game.blocks[number].hands))
    codes_done, started = 0, time.process_time()
    for number in full:
        low, high = 2 * game.block_starts[number], 2 * game.block_starts[number + 1]
        for at in range(low, high, 1 << 20):
            game.batch_expand(np.arange(at, min(high, at + (1 << 20)), dtype=np.int64))
            codes_done += min(high, at + (1 << 20)) - at
            if time.process_time() - started > budget:
                break
        else:
            continue
        break
    rate = codes_done / (time.process_time() - started)
    print(f"blocks of codes: {codes_done:,} codes expanded, {rate:,.0f} codes a processor second")
    return rate


def measure_levels(game: Dobutsu, limit: int) -> None:
    """The new positions at each distance from the start, until ``limit`` are found."""
    frontier = np.array([game.encode(game.start())], np.int64)
    seen, started = frontier, time.process_time()
    sizes = [1]
    while len(frontier) and len(seen) < limit:
        children = np.unique(game.batch_expand(frontier)[3])
        frontier = np.setdiff1d(children, seen, assume_unique=True)
        seen = np.union1d(seen, frontier)
        sizes.append(len(frontier))
    print(f"levels from the start: {', '.join(f'{size:,}' for size in sizes)} "
          f"({len(seen):,} positions, {time.process_time() - started:.1f} processor seconds)")


def measure_reachable(game: Dobutsu, text: str | None, end_at_wins: bool) -> None:
    """Count the places play reaches from ``text`` (the start by default) over its block (with
    ``end_at_wins``, no move is followed from a position that can take the lion), and tally
    their values from the saved database when it holds them."""
    from gamesman.contract.capabilities import parents
    from gamesman.contract.progress import Progress
    from gamesman.solver.database import Database, canonical_code
    from gamesman.solver.dense import SLAB, reachable
    from gamesman.solver.levelled import REMOTENESS_BITS, REMOTENESS_MASK
    from gamesman.solver.parts import part_cut
    from gamesman.solver.store import MISSING
    from gamesman.solver.strong import Solver

    root = game.start() if text is None else game.parse_position(text)
    root_code = canonical_code(game, root)
    processor, wall = time.process_time(), time.perf_counter()
    progress = Progress("reachable")
    try:
        seen, outside = reachable(game, root_code, progress=progress, end_at_wins=end_at_wins)
    finally:
        progress.finish()
    places = int(seen.sum(dtype=np.int64))
    rule = ", no move followed from a position that can take the lion" if end_at_wins else ""
    print(f"reachable from {game.format_position(root)}{rule}: {places:,} places (sides and mirror images "
          f"folded), and {outside:,} positions just after a lion is taken, outside the block; "
          f"{time.process_time() - processor:,.1f} s processor, {time.perf_counter() - wall:,.1f} s wall, "
          f"{peak_megabytes():,.0f} MB at the peak")
    store = Database.default().load_store(game.spec, cut=part_cut(game))
    if store is None or store.slot(root_code) < 0:
        print("no saved database holds this block: solve it first with gamesman solve dobutsu --large")
        return
    block = parents(game).code_block(root_code)
    wins = losses = missing = ended = in_one = longest = 0
    for start in range(0, len(seen), SLAB):
        values = store.get_many(block.start + block.step * (start + np.flatnonzero(seen[start:start + SLAB])))
        kinds, remote = values >> REMOTENESS_BITS, values & REMOTENESS_MASK
        missing += int((values == MISSING).sum())
        won, lost = (kinds == 0) & (values != MISSING), (kinds == 1) & (values != MISSING)
        wins, losses = wins + int(won.sum()), losses + int(lost.sum())
        ended += int(((won | lost) & (remote == 0)).sum())
        in_one += int((won & (remote == 1)).sum())
        longest = max(longest, int(remote[won].max(initial=0)))
    draws = places - wins - losses - missing
    print(f"their values: {wins:,} wins, {losses:,} losses, {draws:,} draws, {missing:,} not in the database "
          f"({ended:,} of them ended: a lion on the far rank; {in_one:,} won in 1 ply); longest win {longest} plies; "
          f"the root: {Solver(game).result(root)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--study", action="append", help="an endgame study's position (repeatable)")
    parser.add_argument("--blocks-seconds", type=float, default=30.0, help="seconds of expanding whole blocks")
    parser.add_argument("--levels-limit", type=int, default=2_000_000, help="positions to find level by level")
    parser.add_argument("--reachable", nargs="?", const="", metavar="POSITION",
                        help="count the positions reachable from POSITION (the start by default) and "
                             "tally their values from the saved database; nothing else")
    parser.add_argument("--end-at-wins", action="store_true",
                        help="with --reachable: follow no move of a position that can take the lion "
                             "(as Tanaka counts)")
    arguments = parser.parse_args()
    game = make_game("dobutsu")
    assert isinstance(game, Dobutsu)
    if arguments.reachable is not None:
        try:
            measure_reachable(game, arguments.reachable or None, arguments.end_at_wins)
        except KeyboardInterrupt:
            raise SystemExit("stopped")
        return
    micros, per_position = measure_studies(game, arguments.study or DEFAULT_STUDIES)
    rate = measure_blocks(game, arguments.blocks_seconds)
    measure_levels(game, arguments.levels_limit)
    index = game.index_size()
    print(f"\nplan: one pass over all {index:,} codes: {index / rate / 3600:,.1f} hours of one core")
    for fold in (1, 2, 4):
        positions = TANAKA_REACHABLE * fold
        print(f"plan: {positions:,} reachable positions ({fold}x Tanaka's) in memory: "
              f"{positions * micros / 1e6 / 3600:,.1f} hours, {positions * per_position / 1e9:,.0f} GB")


if __name__ == "__main__":
    main()
