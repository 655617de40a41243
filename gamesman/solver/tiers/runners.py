"""Where the tasks of a solve in tiers run: forked worker processes on this machine, or a
Dask cluster (optional: ``pip install 'gamesman[cluster]'``)."""
from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterator

from gamesman.solver.database import cache_directory
from gamesman.solver.results import SolverError
from gamesman.solver.tiers.driver import TierRun
from gamesman.solver.workers import Runner, fork_pool, pool_runner

if TYPE_CHECKING:  # Dask is an optional extra, imported when a cluster is asked for
    from distributed import Client

#: Shards per tier for each worker (more than one, so a fast worker takes more of them).
SHARDS_PER_WORKER = 4


@contextmanager
def local_runner(workers: int | None = None) -> Iterator[tuple[Runner, int]]:
    """Forked worker processes on this machine (one per core by default): the Runner, and how
    many workers it has."""
    workers = workers or os.cpu_count() or 1
    pool = fork_pool(workers)
    try:
        yield pool_runner(pool), workers if pool is not None else 1
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def dask_runner(client: Client) -> Runner:
    """A Runner on a Dask cluster (through its ``distributed.Client``).  A task whose worker
    dies is run again elsewhere by Dask; one that fails is tried twice more."""
    from distributed import as_completed

    def run(task, arguments: list[tuple]) -> Iterator[tuple]:
        futures = [client.submit(task, *one, pure=False, retries=2) for one in arguments]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            client.cancel(futures)
    return run


def import_distributed():
    """The ``distributed`` module, or a one-line SolverError saying how to install it."""
    try:
        import distributed
    except ImportError:
        raise SolverError("solving on a cluster needs Dask: pip install 'gamesman[cluster]'") from None
    return distributed


@contextmanager
def dask_cluster(workers: int | None = None, scheduler: str | None = None) -> Iterator[tuple[Client, int]]:
    """A ``distributed.Client``: of a local cluster of ``workers`` processes (one thread each,
    on 127.0.0.1), or of the scheduler at ``scheduler``; with the number of its workers."""
    distributed = import_distributed()
    import logging

    logging.getLogger("distributed").setLevel(logging.ERROR)
    if scheduler is not None:
        try:
            client = distributed.Client(scheduler, timeout="10s")
        except (OSError, TimeoutError, ValueError) as problem:
            raise SolverError(f"cannot reach the Dask scheduler at {scheduler} ({problem})") from None
        cluster = None
    else:
        cluster = distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                           host="127.0.0.1", dashboard_address="127.0.0.1:0")
        client = distributed.Client(cluster)
    try:
        count = len(client.scheduler_info().get("workers", {})) or workers or 1
        yield client, count
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


@contextmanager
def tier_run(workers: int | None = None, scheduler: str | None = None, store: str | Path | None = None,
             announce: Callable[[str], None] | None = None) -> Iterator[TierRun]:
    """A TierRun on a local Dask cluster of ``workers`` processes, on the cluster of
    ``scheduler``, or (neither given) on forked workers, one per core; in the directory
    ``store`` (by default in the cache, so that an interrupted solve resumes).
    ``announce`` is told the number of Dask workers and the dashboard's address."""
    directory = Path(store) if store else default_store()
    if workers is None and scheduler is None:
        with local_runner() as (run, count):
            yield TierRun(directory, run, shards_for(count))
        return
    with dask_cluster(workers, scheduler) as (client, count):
        if announce:
            dashboard = client.scheduler_info().get("services", {}).get("dashboard")
            announce(f"{count} Dask workers" + (f", dashboard {client.dashboard_link}" if dashboard else ""))
        yield TierRun(directory, dask_runner(client), shards_for(count))


def shards_for(workers: int) -> int:
    """Shards per tier for a number of workers."""
    return max(1, SHARDS_PER_WORKER * workers)


def default_store() -> Path:
    """The shared directory when none is named: in the cache, so an interrupted solve resumes."""
    return cache_directory() / "tiers"
