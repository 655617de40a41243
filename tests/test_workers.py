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
