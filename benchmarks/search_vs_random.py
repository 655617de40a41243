"""Monte-Carlo tree search against random players, 20 games per game, as a table.

Too slow for the test suite; run by hand:

    python3 benchmarks/search_vs_random.py [--games N] [--iterations N] [NAME ...]

The search player changes seat every game (x, o, then x ...; with three
players it takes each seat in turn); the other seats play uniformly random
moves.  A win is a game where the search player's utility is the highest
alone; a tie shares the highest; anything else is a loss.  For scale, the
last column gives the wins of a random player in the same seats against the
same opponents.  Progress goes to stderr, the table to stdout.  Seeded: the
same command gives the same table (up to the seconds).

A run on a quiet machine of two cores, 2026-11-23:

    mcts against random, 20 games each
    variant                                                    mcts  won tied lost  won %  seconds  random won %
    tictactoe(misere=false)                                     300   18    2    0    90%      2.7           50%
    connectfour(rows=6,cols=7,in_a_row=4,misere=false)          300   20    0    0   100%      3.6           60%
    hex(size=7,swap=false)                                      300   19    0    1    95%     20.9           50%
    hex(size=11,swap=false)                                     100   19    0    1    95%     90.1           40%
    othello(rows=8,cols=8,misere=false,place_anywhere=false)    100   20    0    0   100%     83.9           40%
    sim(nodes=6,players=2,coalition=none)                       300   20    0    0   100%      1.1           55%
    sim(nodes=6,players=3,coalition=none)                       300   10   10    0    50%      1.6           25%
    nim3p(heaps=3,size=5,extra=false)                          3000   12    0    8    60%      2.7           15%

Monte-Carlo tree search wins or ties every game but one on every two-player
board; with three players it cannot stop two random opponents from playing
into each other's hands, and still wins four times as often as random does
in Nim3P and never loses in Sim.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from gamesman.players.strategies import make_strategy
from gamesman.contract.registry import make_game

# (game, options, iterations: None for --iterations).  The big boards nobody can solve here
# are all in it: Connect Four 6x7, Hex 11x11 (fewer iterations: its playouts are long) and
# Othello 8x8; Nim3P needs more iterations than the rest to tell its few moves apart.
VARIANTS = [
    ("tictactoe", {}, None),
    ("connectfour", {}, None),
    ("hex", {"size": 7}, None),
    ("hex", {}, 100),
    ("othello", {"rows": 8, "cols": 8}, 100),
    ("sim", {}, None),
    ("sim", {"players": 3}, None),
    ("nim3p", {}, 3000),
]


def play_game(game, strategies) -> tuple[float, ...]:
    position = game.start()
    while game.outcome(position) is None:
        position = game.play(position, strategies[game.to_move(position)].choose(position).move)
    return game.outcome(position)


def result(utilities: tuple[float, ...], seat: int) -> str:
    """``won``, ``tied`` or ``lost`` for the player in ``seat``."""
    best = max(utilities)
    if utilities[seat] < best:
        return "lost"
    return "won" if utilities.count(best) == 1 else "tied"


def run(name: str, options: dict, games: int, iterations: int) -> tuple[str, int, dict, int, float]:
    """(spec, iterations, the search player's results, a random player's wins in its seats, seconds)."""
    game = make_game(name, **options)
    counts = {"won": 0, "tied": 0, "lost": 0}
    random_wins = 0
    started = time.perf_counter()
    for number in range(games):
        seat = number % game.players
        for player in ("mcts", "random"):
            strategies = [make_strategy(game, "random", random.Random(10_000 + number))
                          for _ in range(game.players)]
            strategies[seat] = make_strategy(game, [player, str(iterations)] if player == "mcts" else [player],
                                             random.Random(number))
            outcome = result(play_game(game, strategies), seat)
            if player == "mcts":
                counts[outcome] += 1
            else:
                random_wins += outcome == "won"
        print(f"\r{game.spec}: {number + 1}/{games} games, {counts['won']} won, {counts['tied']} tied, "
              f"{counts['lost']} lost [{time.perf_counter() - started:.1f}s]", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return game.spec, iterations, counts, random_wins, time.perf_counter() - started


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("names", nargs="*", help="games to play (default: all)")
    args = parser.parse_args(argv)
    rows = [run(name, options, args.games, iterations or args.iterations)
            for name, options, iterations in VARIANTS if not args.names or name in args.names]
    width = max(len(spec) for spec, *_ in rows)
    print(f"mcts against random, {args.games} games each")
    print(f"{'variant':{width}}  {'mcts':>5} {'won':>4} {'tied':>4} {'lost':>4} {'won %':>6} {'seconds':>8} "
          f"{'random won %':>13}")
    for spec, iterations, counts, random_wins, seconds in rows:
        print(f"{spec:{width}}  {iterations:>5} {counts['won']:>4} {counts['tied']:>4} {counts['lost']:>4} "
              f"{100 * counts['won'] / args.games:>5.0f}% {seconds:>8.1f} {100 * random_wins / args.games:>12.0f}%")


if __name__ == "__main__":
    main(sys.argv[1:])
