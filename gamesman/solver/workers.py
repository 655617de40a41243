"""Worker processes for work that splits (levels of a solve, the README's table).

Workers are forked, so they start at once with whatever this process has built
(a game, its tables) and need no main-module guard in the caller's script.
Forking a process in which other threads run is unsafe, so then there are no
workers and the caller does the work itself.
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Callable, Iterator


def fork_pool(workers: int | None = None) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` (default: one per core) forked processes, or None when
    there is one core or other threads run."""
    workers = workers or os.cpu_count() or 1
    if workers < 2 or threading.active_count() > 1:
        return None
    return ProcessPoolExecutor(workers, mp_context=get_context("fork"))


#: Runs a task on each argument tuple and gives the answers as they come (in any order).
Runner = Callable[[Callable, list[tuple]], Iterator[tuple]]


def pool_runner(pool: ProcessPoolExecutor | None) -> Runner:
    """A Runner on the pool's workers, or in this process when there is no pool."""
    def run(task: Callable, arguments: list[tuple]) -> Iterator[tuple]:
        if pool is None:
            for one in arguments:
                yield task(*one)
            return
        for future in as_completed([pool.submit(task, *one) for one in arguments]):
            yield future.result()
    return run
