"""A shared test helper: what numba compiles the first time some code runs.

``compiled_on_first_use(code, cache)`` runs ``code`` in a fresh process whose
numba cache is the empty directory ``cache`` (as after install) and returns the
qualified names of the functions numba compiled meanwhile: the kernels and the
library's own helpers they pulled in.  A kernel that stays light to compile (no
shape checks of a slice assignment, no specialisation twice) shows in this list,
without timing anything.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

LISTENER = """
import json, sys
from numba.core import event

compiled = []

class Listener(event.Listener):
    def on_start(self, ev):
        function = ev.data["dispatcher"].py_func
        compiled.append(f"{function.__module__}.{function.__qualname__}")

    def on_end(self, ev):
        pass

event.register("numba:compile", Listener())
"""


def compiled_on_first_use(code: str, cache: Path) -> list[str]:
    """The functions numba compiled while ``code`` ran, in order (a name twice: two specialisations)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache)}
    program = LISTENER + code + "\nprint(json.dumps(compiled))\n"
    finished = subprocess.run([sys.executable, "-c", program], env=env, capture_output=True, text=True,
                              check=True)
    return json.loads(finished.stdout.splitlines()[-1])
