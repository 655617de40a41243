"""Beverbende players against each other, over many seeded games.

Too slow for the test suite; run by hand:  python3 benchmarks/bench_beverbende.py [GAMES] [SEED]
A line-up names one strategy per seat (the seats rotate from game to game, so nobody
always starts).  For each strategy in it the table gives the mean utility per seat it
held (1 for a win, shared among ties; a fair share is 1/players) and its mean total.

Measured with ``python3 benchmarks/bench_beverbende.py 2000 1`` (default variant, knocking):

| line-up | strategy | mean utility | fair share | mean total | seconds |
| --- | --- | ---: | ---: | ---: | ---: |
| random random random | random | 0.333 | 0.333 | 20.02 | 4 |
| humanlike random random | humanlike | 0.650 | 0.333 | 14.39 | 7 |
|  | random | 0.175 | 0.333 | 20.61 |  |
| expected random random | expected | 0.697 | 0.333 | 13.59 | 14 |
|  | random | 0.152 | 0.333 | 20.77 |  |
| humanlike humanlike humanlike | humanlike | 0.333 | 0.333 | 14.10 | 28 |
| expected humanlike humanlike | expected | 0.396 | 0.333 | 12.95 | 45 |
|  | humanlike | 0.302 | 0.333 | 13.86 |  |
| humanlike expected expected | humanlike | 0.272 | 0.333 | 13.27 | 57 |
|  | expected | 0.364 | 0.333 | 12.35 |  |
| expected expected expected | expected | 0.333 | 0.333 | 11.29 | 92 |
| expected humanlike | expected | 0.558 | 0.500 | 12.77 | 23 |
|  | humanlike | 0.442 | 0.500 | 13.88 |  |
"""
from __future__ import annotations

import random
import sys
import time
from collections import defaultdict

from gamesman.contract.game import CHANCE
from gamesman.players.strategies import make_strategy
from gamesman.players.play import random_outcome
from gamesman.contract.registry import make_game

LINEUPS = [
    ("random", "random", "random"),
    ("humanlike", "random", "random"),
    ("expected", "random", "random"),
    ("humanlike", "humanlike", "humanlike"),
    ("expected", "humanlike", "humanlike"),
    ("humanlike", "expected", "expected"),
    ("expected", "expected", "expected"),
    ("expected", "humanlike"),
]


def play(game, strategies, rng):
    """One game: the final position."""
    position = game.start()
    while game.outcome(position) is None:
        mover = game.to_move(position)
        if mover == CHANCE:
            position = game.play(position, random_outcome(game, position, rng))
        else:
            position = game.play(position, strategies[mover].choose(position).move)
    return position


def match(lineup, games, seed):
    """Mean utility and mean score of each strategy named in ``lineup``."""
    game = make_game("beverbende", players=len(lineup))
    rng = random.Random(seed)
    utility: defaultdict[str, float] = defaultdict(float)
    score: defaultdict[str, float] = defaultdict(float)
    seats: defaultdict[str, int] = defaultdict(int)
    for number in range(games):
        seating = [lineup[(seat + number) % len(lineup)] for seat in range(len(lineup))]
        strategies = [make_strategy(game, name, rng) for name in seating]
        final = play(game, strategies, rng)
        utilities = game.outcome(final)
        assert utilities is not None  # play returns a finished game
        for seat, name in enumerate(seating):
            utility[name] += utilities[seat]
            score[name] += final.scores[seat]
            seats[name] += 1
    return {name: (utility[name] / seats[name], score[name] / seats[name]) for name in seats}


def main(args: list[str]) -> None:
    games = int(args[0]) if args else 1000
    seed = int(args[1]) if len(args) > 1 else 1
    print(f"beverbende, {games} games per line-up, seed {seed}")
    print("| line-up | strategy | mean utility | fair share | mean total | seconds |")
    print("| --- | --- | ---: | ---: | ---: | ---: |")
    for lineup in LINEUPS:
        started = time.perf_counter()
        results = match(lineup, games, seed)
        seconds = time.perf_counter() - started
        for index, (name, (utility, score)) in enumerate(results.items()):
            first = index == 0
            print(f"| {' '.join(lineup) if first else ''} | {name} | {utility:.3f} | {1 / len(lineup):.3f} "
                  f"| {score:.2f} | {f'{seconds:.0f}' if first else ''} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
