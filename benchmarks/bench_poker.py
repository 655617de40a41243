"""Poker hand evaluation, timed: the evaluator against a simple baseline, and the hand counts.

Run from the repository root: ``python3 benchmarks/bench_poker.py [--hands 200000] [--seed 1]``.

* Seven-card evaluations per second of ``gamesman.games.poker.hands.evaluate`` and of
  ``baseline_evaluate`` (every one of the 21 five-card subsets ranked by sorting and
  counting, the best kept), on the same random hands, checked to agree on which of two
  hands wins (``evaluation_rates``, what ``gamesman poker-stats`` prints).
* Every one of the 2,598,960 five-card hands evaluated one by one.
* ``poker_stats`` for 5 and 7 cards (what ``gamesman poker-stats`` prints), timed.

Measured with ``python3 benchmarks/bench_poker.py`` (defaults) on a shared two-core machine,
so absolute figures move from run to run; the ratios, measured in the same run, less so:

| figure | measured |
| --- | ---: |
| 7-card evaluations per second: evaluate, its tables filled | 354,792 |
| the same, on a first pass that fills its tables | 135,263 |
| the baseline (best of the 21 five-card subsets) | 3,416 |
| evaluate against the baseline | 103.9x (39.6x on its first pass) |
| every 5-card hand evaluated one by one | 2,598,960 in 4.2 s (624,174 per second) |
| ``poker_stats(5)``: 7,462 classes | 0.13 s |
| ``poker_stats(7)``: 190,346 classes for 133,784,560 hands | 4.68 s |
| ``gamesman poker-stats`` (7 cards, with the evaluator's speed) | 7.8 s wall, 2.6 s CPU |
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamesman.games.poker.hands import CATEGORIES, evaluate, evaluation_rates, poker_stats  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random seven-card hands to evaluate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    filling, filled, baseline = evaluation_rates(args.hands, args.seed)
    print(f"7-card evaluations per second on {args.hands:,} random hands (seed {args.seed}): "
          f"evaluate {filled:,.0f} ({filling:,.0f} while filling its tables), baseline {baseline:,.0f}: "
          f"{filled / baseline:.1f}x ({filling / baseline:.1f}x)", flush=True)

    started = time.perf_counter()
    counts = Counter(evaluate(hand) >> 20 for hand in combinations(range(52), 5))
    seconds = time.perf_counter() - started
    print(f"every 5-card hand, one by one: {sum(counts.values()):,} hands in {seconds:.1f} s "
          f"({sum(counts.values()) / seconds:,.0f} per second); "
          f"straight flushes {counts[CATEGORIES.index('straight flush')]:,}", flush=True)

    for cards in (5, 7):
        started = time.perf_counter()
        table = poker_stats(cards, speed_hands=0)
        print(f"poker_stats({cards}): {time.perf_counter() - started:.2f} s", flush=True)
        print(table, flush=True)


if __name__ == "__main__":
    main()
