"""The games' own search players against Monte-Carlo tree search (the default before them).

    python benchmarks/default_vs_mcts.py [--games N] [--first N] [--time SECONDS] [--plies N] [--player NAME]
                                         [--opponent WORDS] [NAME ...]

For each variant too large to solve (named by game, default all), the game's
own search player (its ``search_strategy``; for three-player Sim and Nim3P,
whose default stays ``mcts``, their ``maxn`` and ``endmcts``) and ``mcts``
(random playouts, the default before the games had their own) each get
SECONDS a move (``--time``, default 0.2).  The game's player changes seat every game (x, o, x, ...; with three players it
takes each seat in turn and ``mcts`` plays the other two).  A win counts 1, a
tie at the top shares 1 among the players tied; a game still going after
``--plies`` moves (Abalone can go on for ever) is a tie.  The score is the
game's player's mean; the interval is Wilson's 95% score interval; an even
match scores 1/players.  ``--player`` puts another of the games' strategies in
the place of theirs.  Progress goes to stderr, the table to stdout; seeded by the games' numbers, from
``--first`` on (0 by default), so that a second run can add games of its own.
Ctrl-C stops after the table so far.

A run on two cores shared with other work, 2026-11-24, is in the README's
Computer players section.
"""
from __future__ import annotations

import argparse
import random
import sys
import time

from gamesman.contract.registry import make_game
from gamesman.players.strategies import make_strategy
from match_openspiel import wilson

# Variants beyond the solved sizes: Connect Four where the exact search is too slow for a move;
# Tomorrow's Tic-Tac-Toe under misere (without it the first player makes two threats at once on
# these boards and wins nearly every game it starts, whoever plays it: 6 of 12 on 4x4 at 0.2 s).
# Each: (game, options, the player measured: None for the game's search_strategy).
VARIANTS = [
    ("connectfour", {}, None),
    ("kaboom", {"rows": 6, "cols": 7, "bombs": 2}, None),
    ("abalone", {"rows": 5, "cols": 5}, None),
    ("tomorrowstictactoe", {"rows": 4, "cols": 4, "misere": True}, None),
    ("tomorrowstictactoe", {"rows": 5, "cols": 5, "misere": True}, None),
    ("sim", {"players": 3}, "maxn"),
    ("nim3p", {"heaps": 5, "size": 20}, "endmcts"),
    ("dobutsu", {}, None),
]


def share(utilities: tuple[float, ...], seat: int) -> float:
    """1 for a win alone, 1/k for a tie of k at the top, 0 otherwise."""
    best = max(utilities)
    return 1 / utilities.count(best) if utilities[seat] == best else 0.0


def play(game, strategies, plies: int) -> tuple[float, ...]:
    """One game to its end, or a tie after ``plies`` moves."""
    position = game.start()
    for _ in range(plies):
        ended = game.outcome(position)
        if ended is not None:
            return ended
        position = game.play(position, strategies[game.to_move(position)].choose(position).move)
    return game.outcome(position) or (0.0,) * game.players


def run(name: str, options: dict, games: range, seconds: float, plies: int,
        player: str | None, opponent: list[str]) -> tuple[str, str, int, list[float], float]:
    """(spec, the game's player, the players, its share of each game, seconds)."""
    game = make_game(name, **options)
    player = player or game.search_strategy
    ours = [player, "--time", f"{seconds:g}"]
    shares: list[float] = []
    started = time.perf_counter()
    try:
        for number in games:
            seat = number % game.players
            strategies = [make_strategy(game, opponent, random.Random(1000 * number + p))
                          for p in range(game.players)]
            strategies[seat] = make_strategy(game, ours, random.Random(number))
            shares.append(share(play(game, strategies, plies), seat))
            print(f"\r{game.spec}: {len(shares)}/{len(games)} games, score {sum(shares):g} "
                  f"[{time.perf_counter() - started:.0f}s]", end="", file=sys.stderr, flush=True)
    finally:
        print(file=sys.stderr)
    return game.spec, player, game.players, shares, time.perf_counter() - started


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0, help="the number of the first game (its seeds)")
    parser.add_argument("--time", type=float, default=0.2, help="seconds a move, for both players")
    parser.add_argument("--plies", type=int, default=200, help="moves after which a game counts as a tie")
    parser.add_argument("--player", help="the strategy to measure (default: each game's search_strategy)")
    parser.add_argument("--opponent", help='the opponents\' strategy, e.g. "mcts 1000" (default: mcts at --time)')
    parser.add_argument("names", nargs="*", help="games to play (default: all)")
    args = parser.parse_args(argv)
    opponent = args.opponent.split() if args.opponent else ["mcts", "--time", f"{args.time:g}"]
    rows = []
    try:
        for name, options, player in VARIANTS:
            if not args.names or name in args.names:
                rows.append(run(name, options, range(args.first, args.first + args.games), args.time, args.plies, args.player or player, opponent))
    except KeyboardInterrupt:
        print("stopped: the table so far", file=sys.stderr)
    print(f"each game's own search player, {args.time:g} s a move, against {' '.join(opponent)}, seats alternating")
    width = max([len(row[0]) for row in rows], default=7)
    print(f"{'variant':<{width}} {'player':<11} {'games':>5} {'score':>6} {'fair':>5}  95% interval  {'seconds':>7}")
    for spec, player, players, shares, seconds in rows:
        if shares:
            score = sum(shares) / len(shares)
            low, high = wilson(score, len(shares))
            print(f"{spec:<{width}} {player:<11} {len(shares):>5} {score:>6.0%} {1 / players:>5.0%}  {low:>4.0%} to {high:<4.0%} "
                  f"{seconds:>8.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
