"""Connect Four 6x7 answered exactly on demand, timed beside the search player it replaces.

Run by hand:  python3 benchmarks/bench_connectfour_exact.py [--positions N] [--seed N] [--empty]

For positions after 12 and after 8 random moves (seeded; games already over are
drawn again), each searched with an empty transposition table:

* ``value``: the exact value and remoteness of the position (the median and the
  95th percentile of the times);
* ``values``: every move's value and remoteness (the shell's ``values``, the
  protocol's ``values``), over ``value``'s time for the same position;
* the baseline, measured in the same run: what answered before on this board, the
  game's search player (MCTS, as ``value`` ran it: an estimate, not exact);
* memory: the search's arrays (after the empty board, if solved: the table grows
  during long searches), and the process's peak.

Times are the process's CPU seconds (``time.process_time``), so that other work on
the machine does not count; on a quiet machine they are the wall-clock times.

``--empty`` also solves the empty board (minutes) and checks the literature's
answer: a first-player win on the 41st move of the game; it reports the positions
searched a second, and the clock's time beside the processor's.

Last, the deadline: how long after a deadline of 0.2 s on the empty board the search
stops (clock seconds; the shell waits 0.5 s for an exact answer, so this should be
a few milliseconds).
"""
from __future__ import annotations

import argparse
import random
import resource
import statistics
import time

from gamesman.contract.errors import OutOfTime
from gamesman.contract.progress import Progress
from gamesman.contract.registry import make_game
from gamesman.games.connectfour.exact import ExactSearch
from gamesman.players.strategies import make_strategy


def random_positions(game, moves: int, count: int, rng: random.Random) -> list:
    """``count`` positions after ``moves`` random moves, the game still on."""
    found = []
    while len(found) < count:
        position = game.start()
        for _ in range(moves):
            if game.outcome(position) is not None:
                break
            position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is None:
            found.append(position)
    return found


def timed(work) -> tuple[float, object]:
    """The CPU seconds ``work()`` takes, and its answer."""
    started = time.process_time()
    answer = work()
    return time.process_time() - started, answer


def exact_value(game, position):
    """The position's result, searched with a table of its own."""
    turn, cells, _ = position
    search = ExactSearch(game.rows, game.cols, game.in_a_row)
    return search.result(cells, "xo"[turn], "xo"[1 - turn])


def exact_values(game, position):
    """Every move's result, searched with one table shared by the moves (as the solver's
    ``move_results`` asks the game for each move)."""
    search = ExactSearch(game.rows, game.cols, game.in_a_row)
    rows = []
    for move in game.moves(position):
        child = game.play(position, move)
        if game.outcome(child) is not None:
            rows.append((move, "ended"))
            continue
        turn, cells, _ = child
        rows.append((move, search.result(cells, "xo"[turn], "xo"[1 - turn])))
    return rows


def percentile(times: list[float], share: float) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(round(share * (len(ordered) - 1))))]


def overshoot(game) -> float:
    """Clock seconds from a deadline to the OutOfTime that ends a search of the empty board."""
    deadline = time.monotonic() + 0.2
    try:
        game.known_result(game.start(), deadline)
    except OutOfTime:
        return time.monotonic() - deadline
    raise AssertionError("the empty board was solved within 0.2 s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=20, help="positions per depth (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--empty", action="store_true", help="also solve the empty board (minutes)")
    args = parser.parse_args()
    game = make_game("connectfour")
    rng = random.Random(args.seed)
    compile_time, _ = timed(lambda: exact_value(game, random_positions(game, 30, 1, rng)[0]))
    print(f"{game.spec}: first search (compiling, or reading the compiled search): {compile_time:.2f} s")
    print(f"{'moves':>5} {'positions':>9} {'value median':>12} {'p95':>8} {'max':>8} "
          f"{'values/value':>12} {'mcts median':>11}  (mcts: the search player that estimated before)")
    for moves in (12, 8):
        positions = random_positions(game, moves, args.positions, rng)
        value_times, ratios, baseline_times = [], [], []
        progress = Progress(f"timing positions after {moves} moves")
        for done, position in enumerate(positions, start=1):
            seconds, _ = timed(lambda: exact_value(game, position))
            value_times.append(seconds)
            all_seconds, _ = timed(lambda: exact_values(game, position))
            ratios.append(all_seconds / max(seconds, 1e-6))
            mcts = make_strategy(game, [game.search_strategy, "1000"], random.Random(done))  # 1,000 iterations, as before
            baseline_times.append(timed(lambda: mcts.choose(position))[0])
            progress("timing", done, len(positions))
        progress.finish()
        print(f"{moves:>5} {len(positions):>9} {statistics.median(value_times):>10.3f} s "
              f"{percentile(value_times, 0.95):>6.2f} s {max(value_times):>6.2f} s "
              f"{statistics.median(ratios):>11.2f}x {statistics.median(baseline_times):>9.3f} s", flush=True)
    search = ExactSearch(game.rows, game.cols, game.in_a_row)
    if args.empty:
        progress = Progress("solving the empty board")
        started = time.monotonic()
        seconds, result = timed(lambda: search.result("-" * game.size, "x", "o", progress))
        progress.finish()
        verdict = "ok" if str(result) == "win 41" else "WRONG (the literature: win 41)"
        print(f"empty board: {result} in {seconds:.0f} s of processor time ({time.monotonic() - started:.0f} s "
              f"on the clock), {search.nodes:,} positions searched, {search.nodes / seconds:,.0f}/s: {verdict}")
    print(f"deadline: the search stops {overshoot(game) * 1000:.1f} ms after it")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"memory: the search's arrays {search.nbytes / 2 ** 20:.0f} MB; the process's peak {peak:.0f} MB")


if __name__ == "__main__":
    main()
