"""Worker processes for work that splits (levels of a solve, the README's table).

Workers are forked, so they start at once with whatever this process has built
(a game, its tables) and need no main-module guard in the caller's script.
Forking a process in which other threads run is unsafe, so then there are no
workers and the caller does the work itself.
"""
from __future__ import annotations

import os
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context


def fork_pool(workers: int | None = None) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` (default: one per core) forked processes, or None when
    there is one core or other threads run."""
    workers = workers or os.cpu_count() or 1
    if workers < 2 or threading.active_count() > 1:
        return None
    return ProcessPoolExecutor(workers, mp_context=get_context("fork"))
