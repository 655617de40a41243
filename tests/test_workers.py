"""Forked workers end with the process that forked them, even one killed outright."""
import os
import signal
import subprocess
import sys
import time

import pytest

from processes import running

FORKS_WORKERS = """
import os, time
from gamesman.solver.workers import fork_pool

pool = fork_pool(2)
for _ in range(2):
    pool.submit(time.sleep, 60)  # the workers are busy, as in a solve
print(*pool._processes, flush=True)
time.sleep(60)
"""

FORKS_A_WATCHED_CHILD = """
import os, time
from gamesman.solver import workers

parent = os.getpid()
child = os.fork()
if child == 0:
    workers.PARENT_POLL = 0.05
    workers._watch_parent(parent)  # the fallback where the kernel cannot signal the worker
print(child, flush=True)
time.sleep(60)
"""


@pytest.mark.parametrize("script", [FORKS_WORKERS, FORKS_A_WATCHED_CHILD], ids=["parent-death signal", "watch"])
def test_killing_the_parent_ends_its_workers(script):
    parent = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    workers = [int(pid) for pid in parent.stdout.readline().split()]
    try:
        assert workers and all(running(pid) for pid in workers)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while any(running(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not any(running(pid) for pid in workers)
    finally:
        parent.stdout.close()
        for pid in workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass


def children(pid: int) -> list[int]:
    """The processes ``pid`` forked (none once it has ended)."""
    try:
        return [int(child) for task in os.listdir(f"/proc/{pid}/task")
                for child in open(f"/proc/{pid}/task/{task}/children").read().split()]
    except FileNotFoundError:
        return []


def test_ctrl_c_during_a_solve_prints_no_traceback_from_its_workers(tmp_path):
    """Ctrl-C reaches the solve's whole process group, its forked workers too: one line, no traceback.

    On a loaded machine this test may look for the workers only after the solve's work is
    done (its workers are then being shut down): the Ctrl-C then lands after the answer, which
    is printed, so the solve is started again, a few times at most (each in an empty cache, where
    the database the one before saved does not answer it)."""
    for attempt in range(5):
        solve = subprocess.Popen([sys.executable, "-m", "gamesman", "solve", "kaboom", "(x 1 1 ---- ---- ---- ----)"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
                                 env=dict(os.environ, GAMESMAN_CACHE=str(tmp_path / str(attempt))))
        try:
            while len(children(solve.pid)) < 2 and solve.poll() is None:
                time.sleep(0.05)
            assert solve.poll() is None, "the solve ended before its workers were forked"
            os.killpg(solve.pid, signal.SIGINT)
            out, err = solve.communicate(timeout=120)
        finally:
            if solve.poll() is None:
                os.killpg(solve.pid, signal.SIGKILL)
        if solve.returncode != 0 or not out:  # else the Ctrl-C came after the answer
            break
    assert (out, solve.returncode) == ("", 130), err
    assert [line for line in err.splitlines() if not line.startswith("solving ")] == ["gamesman: interrupted"]
