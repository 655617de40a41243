"""A solve in tiers driven from one process: the tasks of each tier handed to a Runner,
exploring from the root's tier on, solving from the last tier back (each task writing its
part of the database), then the parts joined (see :mod:`gamesman.solver.parts`).
"""
from __future__ import annotations

import shutil
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Hashable

import numpy as np

from gamesman.contract.capabilities import position_codes
from gamesman.contract.game import Game, ProgressFn
from gamesman.contract.progress import rate
from gamesman.solver.files import remove_stale_temporaries
from gamesman.solver.database import canonical_code
from gamesman.solver.levelled import MAX_REMOTENESS, Solved
from gamesman.solver.parts import PARTS_SUFFIX, join_parts, part_cut
from gamesman.solver.results import SolverError, TooLarge
from gamesman.solver.tiers.formats import _forget_results, _read_explored, _write_explored, work_directory
from gamesman.solver.tiers.own_tiers import explore_own_tiers, solve_own_tiers
from gamesman.solver.tiers.shards import explore_shard, solve_shard
from gamesman.solver.tiers.variant import _shard_label, check_suitable, own_tiers
from gamesman.solver.workers import Runner

#: At least one shard per this many codes of the game's index (so that a shard of the largest
#: tier stays some tens of millions of positions: Connect Four 6x5 takes 5, 7x6 65,872).
INDEX_PER_SHARD = 1 << 30


@dataclass
class TierRun:
    """Where and how a tier solve runs: the shared directory, the Runner of its tasks and
    the number of shards per tier.  ``keep``: leave the shards' files after the database is
    built (else they are removed)."""

    store: Path
    run: Runner
    shards: int
    keep: bool = False

    def solve(self, game: Game, root: Hashable, limit: int | None = None,
              progress: ProgressFn | None = None) -> Solved:
        """Every position reachable from ``root`` solved tier by tier (see the module docstring),
        in at least ``shards`` shards a tier, more for a large index (INDEX_PER_SHARD)."""
        check_suitable(game)
        if own_tiers(game):
            return self._solve_own_tiers(game, root, limit, progress)
        wanted = max(self.shards, -(-(position_codes(game).index_size() or 0) // INDEX_PER_SHARD))
        if wanted != self.shards:
            return replace(self, shards=wanted).solve(game, root, limit, progress)
        started = time.perf_counter()
        directory = work_directory(self.store, game.spec)
        directory.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(directory)  # what killed writers left (never a result), not live writers' files
        lows = self._explore(game, directory, canonical_code(game, root), limit, progress)
        explored = time.perf_counter()
        count, deepest = self._solve_tiers(game, directory, lows, progress)
        return self._joined(game, directory, len(lows), self.shards, count, deepest,
                            {"layered": True, "explore_seconds": explored - started,
                             "solve_seconds": time.perf_counter() - explored}, progress)

    def _solve_own_tiers(self, game: Game, root: Hashable, limit: int | None,
                         progress: ProgressFn | None) -> Solved:
        """A game with tiers of its own (see :mod:`gamesman.solver.tiers.own_tiers`): a tier a task."""
        started = time.perf_counter()
        directory = work_directory(self.store, game.spec)
        directory.mkdir(parents=True, exist_ok=True)
        remove_stale_temporaries(directory)
        explored = explore_own_tiers(game.spec, self.run, directory, canonical_code(game, root), limit,
                                     progress)
        solving = time.perf_counter()
        count, deepest = solve_own_tiers(game.spec, self.run, directory, explored, progress)
        return self._joined(game, directory, len(explored), 1, count, deepest,
                            {"layered": False, "explore_seconds": solving - started,
                             "solve_seconds": time.perf_counter() - solving}, progress,
                            [number for number, _, _ in explored])

    def _joined(self, game: Game, directory: Path, tiers: int, shards: int, count: int, deepest: int,
                stats: dict, progress: ProgressFn | None, tier_numbers: list[int] | None = None) -> Solved:
        """The solve's database joined from the parts its tasks wrote (checked to hold the
        ``count`` positions solved), the tiers' work files let go, and its figures;
        ``tier_numbers``, the game's number of each tier, for tiers of its own."""
        if progress:
            progress(f"joining the database's {tiers * shards:,} parts", count, count)
        store = join_parts(game.spec, directory, tiers, shards,
                           work_directory(self.store, game.spec + PARTS_SUFFIX), part_cut(game), tier_numbers)
        if store.count != count:
            raise SolverError(f"{game.spec}: the parts hold {store.count:,} results, not the {count:,} solved")
        _forget_results(directory)
        if not self.keep:
            shutil.rmtree(directory, ignore_errors=True)
        solved = Solved(None, np.empty(0, np.uint16), None, store=store)
        solved.stats = {"positions": count, "new": count, "tiers": tiers, "shards": shards, "deepest": deepest,
                        **stats}
        return solved

    def _explore(self, game: Game, directory: Path, root_code: int, limit: int | None,
                 progress: ProgressFn | None) -> list[int]:
        """Explore tier after tier (those a solve before recorded are taken as they are); the
        lowest code of each tier.  Once a tier is explored, the moves that led to it go."""
        label = _shard_label(game.spec, shards=self.shards, root=root_code)
        recorded = _read_explored(directory, label)
        lows: list[int] = []
        total = 0
        started = time.perf_counter()
        while True:
            tier = len(lows)
            if tier > MAX_REMOTENESS:
                raise SolverError(f"{game.name}: more than {MAX_REMOTENESS} tiers; a game whose play comes back "
                                  f"to a position declares loops, and cannot be solved in tiers")
            if tier < len(recorded):
                low, count, moved = recorded[tier]
                total += count
            else:
                tasks = [(game.spec, str(directory), tier, shard, self.shards, root_code)
                         for shard in range(self.shards)]
                low, count, moved = -1, 0, 0
                for done, (found, written, least) in enumerate(self.run(explore_shard, tasks), start=1):
                    total += found
                    count += found
                    moved += written
                    low = least if low < 0 or 0 <= least < low else low
                    if progress:
                        progress(f"exploring tier {tier}, {done}/{self.shards} shards, "
                                 f"{rate(total, time.perf_counter() - started)}", total, None)
                    if limit is not None and total > limit:
                        raise TooLarge(f"{game.name}: more than {limit:,} positions; too large to solve here")
                low = max(low, 0)
                recorded.append((low, count, moved))
                _write_explored(directory, label, recorded)
                for spent in (tier - 1, tier) if not moved else (tier - 1,):  # the last tier moves nowhere
                    for path in directory.glob(f"c-{spent}-*.tier"):
                        path.unlink()
            lows.append(low)
            if not moved:
                return lows

    def _solve_tiers(self, game: Game, directory: Path, lows: list[int],
                     progress: ProgressFn | None) -> tuple[int, int]:
        """Solve the tiers, the last first: how many positions, and their largest remoteness."""
        count = deepest = 0
        started = time.perf_counter()
        for tier in range(len(lows) - 1, -1, -1):
            after = range(tier + 1, min(tier + 2, len(lows)) if game.capabilities.layered else len(lows))
            later = [(t, lows[t]) for t in after]
            tasks = [(game.spec, str(directory), tier, shard, self.shards, lows[tier], later)
                     for shard in range(self.shards)]
            for done, (solved, shard_deepest) in enumerate(self.run(solve_shard, tasks), start=1):
                count += solved
                deepest = max(deepest, shard_deepest)
                if progress:
                    progress(f"solving tier {tier} ({len(lows) - tier}/{len(lows)} tiers), "
                             f"{done}/{self.shards} shards, {rate(count, time.perf_counter() - started)}", count, None)
        return count, deepest
