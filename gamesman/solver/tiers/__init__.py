"""Large games solved tier by tier, each tier in shards, by worker processes or a Dask cluster.

A **tier** is the positions at one distance from the root: for a ``layered`` game
(every move adds a piece: Connect Four) the positions with the same number of
pieces.  A game where some moves add nothing (a pass in Othello) may reach a
position at several distances; it belongs to the tier of the longest, so every
move still leads to a later tier.  A game that ``loops`` (play may come back to a
position) has no longest distance: the tier solver refuses it unless it has tiers of
its own (``check_suitable``).  A tier is cut into ``shards`` as the game says
(``TierCut.tier_shards``): by default by code (shard ``k`` holds the codes equal to ``k``
modulo the number of shards); Connect Four cuts by column heights, so that a shard's
moves lead into few shards of the next tier and its task reads only those.

One task works on one shard, and finds and leaves everything in a directory that
every worker reads (a network or parallel file system on a cluster, a local
directory on one machine), one sub-directory per variant: the positions of each
shard (``p-`` files), where they move to (``c-``), their results (``r-``) and the
tiers explored (see :mod:`gamesman.solver.tiers.formats`).

**Exploring**, from the root's tier on: a task gathers its positions from the
tier before (the ``c-`` files addressed to it), expands them and writes where they
move to; once a tier is explored, the moves into it are removed.  **Solving**, from
the last tier back: a task expands its positions again and gives each the best of
its children's results (read from the later tiers' ``r-`` files) with the fast
solver's own steps (``ended_results``, ``take_best``, ``check_all_solved``), and
compresses its results into its part of the database (``d-`` files).  **The
database** is then only the list of those parts (:mod:`gamesman.solver.parts`): no
step of the solve reads every result in one process.

A game with **tiers of its own** (``TierCut.tier_numbers``: numbers no move lowers, loops
inside a tier allowed, as Quixo's counts of each symbol) is explored and solved a tier a task
instead, by :mod:`~gamesman.solver.tiers.own_tiers`, into the same files.

Every file is written to a temporary name and renamed, with a checksum in its
header; a task whose files are there and pass their checks returns at once, so a
task that a dead worker left is simply run again, an interrupted solve resumes from
the shards written, and a shard whose file fails its check is done again.

The tasks run through a :data:`gamesman.solver.workers.Runner`: forked worker
processes on this machine (:func:`local_runner`; a variant too large for the fast
solver's arrays in memory is solved so, see :func:`solve_beyond_memory`), or a Dask
cluster (:func:`dask_cluster`, optional: ``pip install 'gamesman[cluster]'``).

The modules, each of one concern (this package gives their public names):

* :mod:`~gamesman.solver.tiers.variant`: the variants taken, and the cut into shards;
* :mod:`~gamesman.solver.tiers.formats`: the files in the shared directory;
* :mod:`~gamesman.solver.tiers.shards`: the tasks, exploring and solving one shard;
* :mod:`~gamesman.solver.tiers.own_tiers`: the tasks and their order for a game's own tiers;
* :mod:`~gamesman.solver.tiers.driver`: :class:`TierRun`, which hands out the tasks tier by tier;
* :mod:`~gamesman.solver.tiers.runners`: where the tasks run (forked workers, Dask);
* :mod:`~gamesman.solver.tiers.one_machine`: what one machine can solve.
"""
from gamesman.solver.tiers.driver import INDEX_PER_SHARD, TierRun
from gamesman.solver.tiers.formats import work_directory
from gamesman.solver.tiers.one_machine import INDEX_LIMIT, beyond_one_machine, solve_beyond_memory
from gamesman.solver.tiers.runners import (dask_cluster, dask_runner, default_store, import_distributed, local_runner,
                                           shards_for, tier_run)
from gamesman.solver.tiers.shards import TierResults, explore_shard, solve_shard
from gamesman.solver.tiers.variant import TiersUnsuitable, by_shard, check_suitable, suitable

__all__ = ["INDEX_LIMIT", "INDEX_PER_SHARD", "TierResults", "TierRun", "TiersUnsuitable",
           "beyond_one_machine", "by_shard", "check_suitable", "dask_cluster", "dask_runner", "default_store",
           "explore_shard", "import_distributed", "local_runner", "shards_for", "solve_beyond_memory", "solve_shard",
           "suitable", "tier_run", "work_directory"]
