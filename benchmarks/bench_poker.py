"""Poker hand evaluation, timed: the evaluator against a simple baseline, and the hand counts.

Run from the repository root: ``python3 benchmarks/bench_poker.py [--hands 200000] [--seed 1]``.

* Seven-card evaluations per second of ``games.poker_hands.evaluate`` and of a simple
  baseline (every one of the 21 five-card subsets ranked by sorting and counting, the best
  kept), on the same random hands, checked to agree on which of two hands wins.
* Every one of the 2,598,960 five-card hands evaluated one by one.
* ``poker_stats`` for 5 and 7 cards (what ``gamesman poker-stats`` prints), timed.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.poker_hands import CATEGORIES, evaluate, poker_stats  # noqa: E402


def baseline_five(hand: tuple[int, ...]) -> tuple:
    """A five-card hand as (category, tie-break ranks), the textbook way."""
    ranks = sorted((card >> 2 for card in hand), reverse=True)
    counts = Counter(ranks)
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    flush = len({card & 3 for card in hand}) == 1
    straight_top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        straight_top = ranks[0]
    elif ranks == [12, 3, 2, 1, 0]:
        straight_top = 3
    if straight_top is not None:
        return (8 if flush else 4, straight_top)
    if flush:
        return (5, *ranks)
    category = {(4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}.get(tuple(shape), 0)
    return (category, *grouped)


def baseline(hand: list[int]) -> tuple:
    """The best of the 21 five-card subsets of seven cards."""
    return max(baseline_five(five) for five in combinations(hand, 5))


def rate(evaluator, hands: list[list[int]]) -> tuple[float, list]:
    started = time.perf_counter()
    values = [evaluator(hand) for hand in hands]
    return len(hands) / (time.perf_counter() - started), values


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random seven-card hands to evaluate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [rng.sample(range(52), 7) for _ in range(args.hands)]
    ours, values = rate(evaluate, hands)
    theirs, base_values = rate(baseline, hands[: max(1, args.hands // 10)])
    for (a, b), (x, y) in zip(zip(values[::2], values[1::2]), zip(base_values[::2], base_values[1::2])):
        assert (a > b) - (a < b) == (x > y) - (x < y), "the evaluators disagree"
        assert a >> 20 == x[0] and b >> 20 == y[0], "the evaluators disagree"
    print(f"7-card evaluations per second: evaluate {ours:,.0f}, baseline {theirs:,.0f} "
          f"({ours / theirs:.1f}x), on {args.hands:,} random hands (seed {args.seed})", flush=True)

    started = time.perf_counter()
    counts = Counter(evaluate(hand) >> 20 for hand in combinations(range(52), 5))
    seconds = time.perf_counter() - started
    print(f"every 5-card hand, one by one: {sum(counts.values()):,} hands in {seconds:.1f} s "
          f"({sum(counts.values()) / seconds:,.0f} per second); "
          f"straight flushes {counts[CATEGORIES.index('straight flush')]:,}", flush=True)

    for cards in (5, 7):
        started = time.perf_counter()
        table = poker_stats(cards)
        print(f"poker_stats({cards}): {time.perf_counter() - started:.2f} s", flush=True)
        print(table, flush=True)


if __name__ == "__main__":
    main()
