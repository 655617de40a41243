"""Worker processes for work that splits (levels of a solve, the solver page's table).

Workers are forked, so they start at once with whatever this process has built
(a game, its tables) and need no main-module guard in the caller's script.
Forking a process in which other threads run is unsafe, so then there are no
workers and the caller does the work itself.  Workers end with the process
that forked them, even when it is killed outright (``kill -9``).
"""
from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing import get_context
from typing import Callable, Iterator

#: prctl's option to have the kernel signal a process when its parent ends (Linux).
PR_SET_PDEATHSIG = 1
#: Seconds between a worker's looks at whether its parent still runs (where the kernel cannot tell it).
PARENT_POLL = 1.0


def fork_pool(workers: int | None = None) -> ProcessPoolExecutor | None:
    """A pool of ``workers`` (default: one per core) forked processes, or None when
    there is one core or other threads run."""
    workers = workers or os.cpu_count() or 1
    if workers < 2 or threading.active_count() > 1:
        return None
    return ProcessPoolExecutor(workers, mp_context=get_context("fork"), initializer=die_with_parent,
                               initargs=(os.getpid(),))


def die_with_parent(parent: int) -> None:
    """Make this worker end when ``parent`` does: the kernel's parent-death signal on Linux,
    else a thread that watches for the worker being handed to another parent."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent ended before the signal was asked for
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """End this process as soon as its parent is no longer ``parent``."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os._exit(1)


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
