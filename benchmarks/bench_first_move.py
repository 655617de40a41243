"""The first use after install: processor time up to the computer's first reply, compiling included.

Too slow for the test suite (it installs the package and compiles every kernel it meets);
run by hand from a checkout:

    python3 benchmarks/bench_first_move.py [--session "LINE;LINE;..."] [--kernels]

It installs this checkout (``pip install --no-deps --target``) into a fresh directory, so that
numba's cache (kept beside the installed modules) is empty, and runs a shell session in a fresh
process with an empty solver cache: by default ``new connectfour``, ``computer o threats``, ``d``
(o's first reply).  After each line it prints the processor time of the process so far (every
thread: a compiler working in the background counts) and the wall time, then the lines the
computer and the predictions said.  ``--kernels`` adds numba's compile time of each kernel
(processor time, inclusive and without the kernels it compiled inside).

Measured on the two-core machine of the project, shared with other work, on 2026-11-27 (UTC),
processor time of the whole process at the end of each line (before: the code as it was; after:
with the background compile; ``python3 benchmarks/bench_first_move.py [--session S]``):

* ``new connectfour;computer o threats;d`` (load 1.6 to 1.9): before 7.88 s, after 1.86 s;
* ``new connectfour;d;hint`` (load 2.8): before 7.87 s, after 1.02 s;
* ``new cube --scramble 12;hint`` (load 3.2): before 7.95 s, after 4.89 s.

Before, o's first reply compiled the exact search for the prediction (``kernels.search``,
3.70 s with ``--kernels``) and then the threats search (``search_root``, 3.61 s) in the
foreground, and its line said ``in 0.85 s`` after 14.9 s of waiting.  After, the prediction
waits for the exact search only until its deadline (``not yet``) while a background thread
compiles it, and o plays its first moves from the Python version of its search (the same
search, slower: ``o plays d: score +0.00 at depth 5, 2,851 nodes in 0.75 s (run as Python
while numba compiles the search, once after install)``); the background compile (about 5 s of
processor time) runs while the user thinks, and later moves are compiled.  The cube's hint
compiled its search in 5.5 s before (1.9 s of it numba's shape checks for slice assignments,
0.6 s a second specialisation of ``finish``) and in 2.5 s after: the same search.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SESSION = "new connectfour;computer o threats;d"

#: Run in the fresh process: the session, with the processor time after each line.
SESSION = r'''
import sys, time
lines = sys.argv[1].split(";")
compiles = []
if sys.argv[2] == "kernels":
    from numba.core import event

    stack = []

    class Listener(event.Listener):
        def on_start(self, ev):
            stack.append((ev.data["dispatcher"].py_func, time.process_time(), [0.0]))

        def on_end(self, ev):
            function, began, inner = stack.pop()
            spent = time.process_time() - began
            if stack:
                stack[-1][2][0] += spent
            compiles.append((f"{function.__module__}.{function.__qualname__}", spent, spent - inner[0]))

    event.register("numba:compile", Listener())
from gamesman.doors.shell import Shell
said = []
shell = Shell(write=said.append, seed=1)
for line in lines:
    shell.run(line)
    print(f"{line!r}: processor {time.process_time():.2f} s, wall {time.perf_counter() - START:.2f} s", flush=True)
print("".join(text for text in said if " plays " in text or text.startswith(("Prediction", "hint"))), end="")
for name, spent, own in sorted(compiles, key=lambda row: -row[2]):
    print(f"compiled {name}: {spent:.2f} s ({own:.2f} s without the kernels inside)")
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--session", default=DEFAULT_SESSION, help="shell lines, separated by ';'")
    parser.add_argument("--kernels", action="store_true", help="numba's compile time of each kernel")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as installed, tempfile.TemporaryDirectory() as cache:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--target", installed, str(ROOT)], check=True)
        env = {**os.environ, "PYTHONPATH": installed, "GAMESMAN_CACHE": cache}
        env.pop("NUMBA_CACHE_DIR", None)  # numba's cache: beside the installed modules, empty
        print(f"load average {os.getloadavg()[0]:.2f}; session {args.session!r}")
        code = "import time; START = time.perf_counter()\n" + SESSION
        subprocess.run([sys.executable, "-c", code, args.session, "kernels" if args.kernels else "-"],
                       env=env, cwd=installed, check=True)


if __name__ == "__main__":
    main()
