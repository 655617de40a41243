"""Connect Four 6x7's published opening book, checked against our own search, and timed.

Run by hand:  python3 benchmarks/bench_connectfour_book.py [--entries N] [--positions N] [--games N] [--seed N]

The book is ``book_12ply_distances.dat`` of the package ``bitbully-databases`` (MIT, by
Markus Thill), read by :mod:`gamesman.games.connectfour.openings`.

* Timing: for the empty board and positions after 1 to 12 random moves (seeded; ``--positions``
  a depth), the exact value and remoteness with the book, each with a fresh transposition
  table, as a new process asks its first question: the median and the slowest; then every
  move's value of the empty board (the shell's ``values`` on a new game).
* Whole games (``--games``): ``o`` plays perfectly (``computer o perfect``: every move's
  value, then a best move), ``x`` a best move seven times in ten and a random one otherwise;
  the slowest reply and the total per game, one solver (and table) for all the games.
* The check: ``--entries`` random entries of the book (default 10,000), each converted to
  GAMESMAN's value and remoteness and compared with our own exact search *without* the book
  (one table kept from entry to entry: it only holds bounds true of their positions).  The
  first disagreement stops the benchmark (exit status 1) and names the entry.

Times are the process's CPU seconds (``time.process_time``): other work on the machine does
not count.  Progress shows on a terminal.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from gamesman.contract.progress import Progress
from gamesman.contract.registry import make_game
from gamesman.games.connectfour import ConnectFour
from gamesman.games.connectfour.exact import ExactSearch, result_of_score
from gamesman.games.connectfour.openings import PLIES, OpeningBook


def random_position(game, moves: int, rng: random.Random):
    """A position after ``moves`` random moves, the game still on."""
    while True:
        position = game.start()
        for _ in range(moves):
            if game.outcome(position) is not None:
                break
            position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is None:
            return position


def timed_result(book: OpeningBook, position) -> float:
    """The CPU seconds of one position's result by a search of its own, with the book."""
    turn, cells, _ = position
    search = ExactSearch(6, 7, 4, openings=book)
    started = time.process_time()
    search.result(cells, "xo"[turn], "xo"[1 - turn])
    return time.process_time() - started


def time_openings(book: OpeningBook, positions: int, rng: random.Random) -> None:
    game = make_game("connectfour")
    first = timed_result(book, game.start())
    print(f"first search of the process (reading the compiled search): {first:.2f} s")
    print(f"{'moves':>5} {'positions':>9} {'median':>9} {'slowest':>9}")
    for moves in range(PLIES + 1):
        times = [timed_result(book, random_position(game, moves, rng)) for _ in range(positions if moves else 1)]
        print(f"{moves:>5} {len(times):>9} {statistics.median(times):>7.3f} s {max(times):>7.3f} s", flush=True)
    search = ExactSearch(6, 7, 4, openings=book)
    started = time.process_time()
    found = [str(search.result(game.play(game.start(), move)[1], "o", "x")) for move in game.moves(game.start())]
    print(f"every first move's value (o to move after it): {', '.join(found)}; "
          f"{time.process_time() - started:.2f} s, {search.nodes:,} nodes")


def time_games(games: int, rng: random.Random) -> None:
    from gamesman.solver.strong import Solver

    game = make_game("connectfour")
    assert isinstance(game, ConnectFour)
    solver = Solver(game, database=None)
    slowest = []
    for number in range(1, games + 1):
        position, replies = game.start(), []
        while game.outcome(position) is None:
            started = time.process_time()
            best = solver.best_moves(position)
            replies.append((time.process_time() - started, game.size - position[1].count("-")))
            perfect = position[0] == 1 or rng.random() < 0.7
            position = game.play(position, rng.choice(best if perfect else game.moves(position)))
        worst = max(replies)
        slowest.append(worst[0])
        print(f"game {number}: {len(replies)} moves, the slowest reply {worst[0]:.2f} s (at {worst[1]} pieces), "
              f"{sum(seconds for seconds, _ in replies):.2f} s in all", flush=True)
    print(f"{games} games: the slowest reply of all {max(slowest):.2f} s, the median game's slowest "
          f"{statistics.median(slowest):.2f} s")


def check_entries(book: OpeningBook, count: int, rng: random.Random) -> bool:
    """Whether ``count`` random entries agree with the search without the book (stops at the first that does not)."""
    search = ExactSearch(6, 7, 4)
    chosen = rng.sample(range(len(book.entries)), count)
    progress = Progress(f"checking {count:,} entries of the opening book")
    started = time.process_time()
    try:
        for done, at in enumerate(chosen, start=1):
            cells, score = book.position(at)
            expected = result_of_score(score, 42 - PLIES)
            found = search.result(cells, "x", "o")
            if found != expected:
                progress.finish()
                print(f"DISAGREEMENT at entry {at} ({cells}, x to move): the book says {expected}, "
                      f"the search {found}; {done - 1:,} entries agreed before it")
                return False
            progress("entries", done, count)
    finally:
        progress.finish()
    seconds = time.process_time() - started
    print(f"{count:,} random entries of {len(book.entries):,} agree with the search without the book "
          f"(value and remoteness): {seconds:.0f} s, {seconds / count * 1000:.0f} ms an entry, "
          f"{search.nodes:,} nodes")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--entries", type=int, default=10_000, help="book entries to check (default 10,000)")
    parser.add_argument("--positions", type=int, default=20, help="positions a depth to time (default 20; 0: none)")
    parser.add_argument("--games", type=int, default=0, help="whole games against perfect play (default 0)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    started = time.process_time()
    book = OpeningBook.load()
    print(f"the book: {len(book.entries):,} positions of {book.plies} pieces, read in "
          f"{time.process_time() - started:.2f} s")
    if args.positions:
        time_openings(book, args.positions, rng)
    if args.games:
        time_games(args.games, rng)
    return 0 if args.entries == 0 or check_entries(book, args.entries, rng) else 1


if __name__ == "__main__":
    sys.exit(main())
