"""The first use after install: processor time up to the computer's first reply, compiling included.

Too slow for the test suite (it installs the package and compiles every kernel it meets);
run by hand from a checkout:

    python3 benchmarks/bench_first_move.py [--session "LINE;LINE;..." | --cli "ARGS"] [--kernels]

It installs this checkout (``pip install --no-deps --target``) into a fresh directory, so that
numba's cache (kept beside the installed modules) is empty, and runs a shell session in a fresh
process with an empty solver cache: by default ``new connectfour``, ``computer o threats``, ``d``
(o's first reply).  After each line it prints the processor time of the process so far (every
thread: a compiler working in the background counts) and the wall time, then the lines the
computer and the predictions said.  ``--cli`` runs one ``gamesman ARGS`` command line instead
(``best`` reads positions from stdin when it is not a terminal: give the position).  ``--kernels`` adds numba's compile time of each kernel
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

The other games' search players and the cube again, later the same day (before: 19:02 to 19:04
UTC, load 1.9 to 2.0; after: 19:15 to 19:16 UTC, load 5.1 to 5.3; one run each):

* ``new hex;hint`` (11x11, ``rave``): before 5.15 s, after 2.70 s;
* ``new hex;computer o rave;a1`` (o's first reply, after only, load 5.7): 2.44 s, its line
  ``o plays j6: ... 107 nodes in 5.53 s`` (the wall time waited, on a loaded machine);
* ``new cube --scramble 12;hint``: before 4.44 s, after 4.13 s;
* ``--cli "best cube --scramble 12 seed=4 --line CUBE"`` (``CUBE`` the start that
  ``gamesman start cube --scramble 12 seed=4`` prints): before 4.38 s, after 3.87 s;
* ``new othello --rows 8 --cols 8;hint`` (``bitalphabeta``): 4.42 s, then 4.36 s, unchanged;
* ``new 2048;hint`` (``expectimax``): 0.66 s, then 0.54 s, unchanged.

Hex compiled 1.9 s of numba's shape checks for a slice assignment (``board[:] = root_board``,
with the string formatting of its error) and 0.36 s of ``np.flatnonzero`` (``--kernels``); both
are loops now, the same moves.  The cube built its distance tables in 1.7 s (now 1.0 s, the
breadth-first search turning backwards once fewer cells are left than are in the frontier) and
compiled ``rank`` once for each of three constant bounds (0.38 s; now once).  Hex's and
Othello's lines already said the time the user waited (their clocks start before the machine
code loads); the cube's now says it on the move that plans the solution.
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
if sys.argv[3] == "cli":
    import shlex

    from gamesman.doors.cli import main

    main(shlex.split(sys.argv[1]))
    print(f"{sys.argv[1]!r}: processor {time.process_time():.2f} s, wall {time.perf_counter() - START:.2f} s")
else:
    from gamesman.doors.shell import Shell
    said = []
    shell = Shell(write=said.append, seed=1)
    for line in lines:
        shell.run(line)
        print(f"{line!r}: processor {time.process_time():.2f} s, wall {time.perf_counter() - START:.2f} s",
              flush=True)
    print("".join(text for text in said if " plays " in text or text.startswith(("Prediction", "hint"))), end="")
for name, spent, own in sorted(compiles, key=lambda row: -row[2]):
    print(f"compiled {name}: {spent:.2f} s ({own:.2f} s without the kernels inside)")
'''


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--session", default=DEFAULT_SESSION, help="shell lines, separated by ';'")
    parser.add_argument("--cli", metavar="ARGS", help="a gamesman command line instead of a shell session")
    parser.add_argument("--kernels", action="store_true", help="numba's compile time of each kernel")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as installed, tempfile.TemporaryDirectory() as cache:
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-build-isolation",
                        "--target", installed, str(ROOT)], check=True)
        env = {**os.environ, "PYTHONPATH": installed, "GAMESMAN_CACHE": cache}
        env.pop("NUMBA_CACHE_DIR", None)  # numba's cache: beside the installed modules, empty
        print(f"load average {os.getloadavg()[0]:.2f}; " + (f"gamesman {args.cli}" if args.cli else
                                                             f"session {args.session!r}"))
        code = "import time; START = time.perf_counter()\n" + SESSION
        subprocess.run([sys.executable, "-c", code, args.cli or args.session, "kernels" if args.kernels else "-",
                        "cli" if args.cli else "shell"], env=env, cwd=installed, check=True)


if __name__ == "__main__":
    main()
