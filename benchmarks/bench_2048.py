"""How well and how fast a 2048 player plays: seeded games, played to the end.

Too slow for the test suite; run by hand:

    python3 benchmarks/bench_2048.py [--games 100] [--seed 1] [--strategy expectimax] [--workers 2]

Game number i uses random.Random(seed * 1_000_003 + i) for both the new tiles and the player, so a
game plays the same whatever the number of workers.  A line per finished game goes to stderr; the
summary (score, how often each tile was reached, moves per second, milliseconds per move) to stdout.
The player's time is measured around ``choose`` only (the rules' own time is left out), both on the
wall clock and as processor time: on a busy machine the processor time is the fairer figure.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from multiprocessing import Pool

from games.twentyfortyeight import BitboardSearch, simulate_report
from gamesman.game import CHANCE
from gamesman.players import make_strategy, random_outcome
from gamesman.registry import make_game


def play_one(job: tuple[str, int]) -> tuple[tuple, int, float, float, float]:
    """One game: (final position, player moves, seconds choosing them, processor seconds, the longest choice)."""
    strategy_words, seed = job
    game = make_game("2048")
    rng = random.Random(seed)
    player = make_strategy(game, strategy_words, rng)
    BitboardSearch.of(4, 4)  # build the search's tables before the clock starts
    position, moves, thinking, processor, longest = game.start(), 0, 0.0, 0.0, 0.0
    while game.outcome(position) is None:
        if game.to_move(position) == CHANCE:
            position = game.play(position, random_outcome(game, position, rng))
            continue
        started, started_processor = time.perf_counter(), time.process_time()
        move = player.choose(position).move
        spent = time.perf_counter() - started
        thinking += spent
        processor += time.process_time() - started_processor
        longest = max(longest, spent)
        position = game.play(position, move)
        moves += 1
    return position, moves, thinking, processor, longest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--strategy", default="expectimax")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    jobs = [(args.strategy, args.seed * 1_000_003 + i) for i in range(args.games)]
    finals, moves, thinking, processor, longest = [], 0, 0.0, 0.0, 0.0
    began = time.perf_counter()
    with Pool(args.workers) as pool:
        for number, (final, game_moves, seconds, cpu, slowest) in enumerate(pool.imap_unordered(play_one, jobs), 1):
            finals.append(final)
            moves += game_moves
            thinking += seconds
            processor += cpu
            longest = max(longest, slowest)
            print(f"game {number}/{args.games}: score {final[1]}, tile {2 ** max(final[2])}, {game_moves} moves, "
                  f"{1000 * seconds / max(game_moves, 1):.1f} ms/move ({1000 * cpu / max(game_moves, 1):.1f} "
                  f"processor) [{time.perf_counter() - began:.0f}s]",
                  file=sys.stderr, flush=True)
    game = make_game("2048")
    print(f"{game.spec}, {args.strategy}: {args.games} games (seed {args.seed}, {args.workers} workers)")
    print(simulate_report(game, finals))
    print(f"moves: {moves:,} in all, {moves / args.games:.0f} per game")
    print(f"player speed: {moves / thinking:.0f} moves per second, {1000 * thinking / moves:.1f} ms per move "
          f"({1000 * processor / moves:.1f} ms of processor time), slowest move {1000 * longest:.0f} ms")
    print(f"wall time: {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
