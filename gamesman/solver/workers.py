"""Worker processes for work that splits (levels of a solve, the solver page's table).

Workers are forked, so they start at once with whatever this process has built
(a game, its tables) and need no main-module guard in the caller's script.
Forking a process in which other threads run is unsafe, so then there are no
workers and the caller does the work itself.  Workers end with the process
that forked them, even when it is killed outright (``kill -9``), and end
quietly on Ctrl-C, which reaches the whole process group: the process that
forked them says it was interrupted, once.
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
    return WorkerPool(workers, mp_context=get_context("fork"), initializer=_start_worker,
                      initargs=(os.getpid(),))


class WorkerPool(ProcessPoolExecutor):
    """A pool whose workers end at once on Ctrl-C while they run a task (between tasks,
    and while a task's answer is on its way, they let Ctrl-C pass: a worker ended halfway
    through sending an answer would leave the pool waiting for the rest of it).  Shut down,
    it drops the work not started, which only an interrupted caller leaves."""

    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        # The first submit forks the workers.  Ctrl-C waits meanwhile (the parent's would
        # be lost in the fork, a child's would print a traceback), and in a worker until
        # its start has set how it takes Ctrl-C.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        try:
            return super().submit(_interruptible, fn, *args, **kwargs)
        finally:
            _forked.extend(worker for worker in self._processes.values() if worker not in _forked)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = True) -> None:
        super().shutdown(wait, cancel_futures=cancel_futures)
        _forked[:] = [worker for worker in _forked if worker.exitcode == 128 + signal.SIGINT]


#: In a worker: whether it runs a task (Ctrl-C then ends it).
_in_task = False
#: The workers this process forked, kept while they run and after they end on Ctrl-C (a
#: broken pool drops its own references to its workers before its error reaches the caller).
_forked: list = []


def workers_interrupted() -> bool:
    """Whether a worker this process forked ended on Ctrl-C: the pool then breaks, and this
    process's own Ctrl-C may come after the broken pool is reported (the signal reaches the
    whole process group, in no set order); the caller then says it was interrupted."""
    return any(worker.exitcode == 128 + signal.SIGINT for worker in list(_forked))


def _interruptible(fn: Callable, *args, **kwargs):  # type: ignore[no-untyped-def]
    """Run ``fn`` in a worker, which Ctrl-C ends meanwhile."""
    global _in_task
    _in_task = True
    try:
        return fn(*args, **kwargs)
    finally:
        _in_task = False


def _start_worker(parent: int) -> None:
    """A worker's start: it ends with ``parent`` and takes Ctrl-C quietly."""
    die_with_parent(parent)
    _leave_quietly_on_interrupt()


def _leave_quietly_on_interrupt() -> None:
    """In a worker: on SIGINT, end at once with no traceback (the parent reports it) if
    it runs a task, else let it pass."""
    def leave(number: int, frame: object) -> None:
        if _in_task:
            os._exit(128 + number)  # (workers_interrupted reads this exit code)

    signal.signal(signal.SIGINT, leave)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


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
