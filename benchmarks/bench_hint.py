"""How long the shell's ``hint`` takes on each game's default board, beside its time budget.

Too slow for the test suite; run by hand:

    python3 benchmarks/bench_hint.py [SPEC ...]

(SPEC: a game's name for its default board, or a variant such as ``othello(rows=8,cols=8)``;
by default every game's default board and REAL_SIZES.)

On a variant too large to solve, ``hint`` asks the game's search player on its default
budget (``DEFAULT_SECONDS``, about a second); it passes when it answers within that budget
plus 10%.  A variant an exact search answers on demand (Connect Four 6x7) waits EXACT_WAIT
for it, then asks its search player for the rest of that budget.  For each variant: the first hint of the process (at the start, where compiled
code is loaded from numba's cache, or compiled), then the slowest of LATER_HINTS hints at
positions a few random moves further on.  Solved variants have no time budget and are only
named.  Seeded: the same positions every run.
"""
from __future__ import annotations

import argparse
import random
import time

from gamesman.contract.registry import game_from_spec, game_names
from gamesman.doors.shell import Shell
from gamesman.doors.shell.session import EXACT_WAIT
from gamesman.players.search import DEFAULT_SECONDS

#: Hints timed after the first, each two random moves further into the game.
LATER_HINTS = 3
#: How far over the budget a hint may go.
MARGIN = 1.10
#: Boards beyond the defaults, at their real size.
REAL_SIZES = ["othello(rows=8,cols=8)"]


def hint_seconds(shell: Shell, rng: random.Random) -> list[float]:
    """Seconds of the shell's ``hint``: where the game starts, then LATER_HINTS times after random moves."""
    timings = []
    for _ in range(1 + LATER_HINTS):
        if shell.over() is not None:
            break
        started = time.perf_counter()
        shell.run("hint")
        timings.append(time.perf_counter() - started)
        for _ in range(2):
            if shell.over() is None:
                moves = shell.game.moves(shell.position)
                shell.run(shell.game.format_move(shell.position, rng.choice(moves)))
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("specs", nargs="*", help="variants (default: every game's default board, and REAL_SIZES)")
    specs = parser.parse_args().specs or game_names() + REAL_SIZES
    print(f"hint on each default board, seconds beside the budget ({DEFAULT_SECONDS:g} s; within it plus "
          f"{MARGIN - 1:.0%} passes): the first hint of the process, then the slowest of {LATER_HINTS} later ones")
    print(f"{'variant':<58} {'search player':<34} {'first':>6} {'later':>6} {'x budget':>9}")
    for text in specs:
        shell = Shell(write=lambda text: None, seed=1)
        shell.show_progress = False
        shell.run("reveal on")  # games with hidden cards: no keyboard to hand over between moves
        shell.run("predictions off")  # (an exact prediction is no hint's work)
        shell.begin(game_from_spec(text), keep_players=False)
        spec = shell.game.spec[:58]
        if shell.exact() and not shell.game.capabilities.exact_search:  # solved: exact answers, on no time budget
            print(f"{spec:<58} solver", flush=True)
            continue
        if shell.over() is not None:
            print(f"{spec:<58} the variant starts solved", flush=True)
            continue
        player = (f"exact, then {shell.searcher(seconds=DEFAULT_SECONDS - EXACT_WAIT).describe()}" if shell.exact()
                  else shell.searcher().describe())
        timings = hint_seconds(shell, random.Random(1))
        later = max(timings[1:], default=timings[0])
        verdict = "" if later <= MARGIN * DEFAULT_SECONDS else "  over budget"
        print(f"{spec:<58} {player:<34} {timings[0]:>6.2f} {later:>6.2f} {later / DEFAULT_SECONDS:>9.2f}{verdict}",
              flush=True)


if __name__ == "__main__":
    main()
