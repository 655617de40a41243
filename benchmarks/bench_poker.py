"""Poker hand evaluation, timed: gamesman's evaluators beside eval7 and phevaluator, and the hand counts.

Run from the repository root: ``python3 benchmarks/bench_poker.py [--hands 200000] [--seed 1]``
(``pip install -e '.[bench]'`` adds eval7 and phevaluator; without them their lines are left out).

* Seven-card evaluations per second, all on the same random hands in one run: ``evaluate``
  on a first pass (its tables loaded from the cache directory during the pass) and again,
  ``evaluate_many`` (numpy, all the hands in one call), ``evaluate_by_rules`` (the evaluator
  before the tables), the textbook baseline, and each specialist through its own Python call;
  each figure also as a ratio to eval7.  Every evaluator is checked against ``evaluate``.
* A Monte-Carlo equity in numpy (``monte_carlo_equity``), timed.
* Every one of the 2,598,960 five-card hands evaluated one by one.
* ``poker_stats`` for 5 and 7 cards (what ``gamesman count poker`` prints), timed.

Measured with ``--hands 200000`` on a shared two-core machine (two other benchmarks running,
load average about 4), 2026-11-24, after the tables were packed (rank-key sums by rows of
1,024, laid over one short table: 470 KB on disk instead of 31 MB, read in milliseconds);
absolute figures move from run to run, the ratios, measured in the same run, less so:

| 7-card evaluations per second | measured | against eval7 |
| --- | ---: | ---: |
| gamesman ``evaluate``, first pass (tables loaded from the cache) | 1,333,417 | 1.32x |
| gamesman ``evaluate``, tables in memory | 1,868,676 | 1.84x |
| gamesman ``evaluate_many`` (numpy, one call, its first) | 5,496,076 | 5.43x |
| gamesman's evaluator before the tables (``evaluate_by_rules``) | 270,768 | 0.27x |
| baseline: best of 21 five-card subsets | 6,226 | 0.01x |
| eval7 0.1.11 (its Python call, Card objects made beforehand) | 1,012,983 | 1.00x |
| phevaluator (its Python call) | 239,036 | 0.24x |

Before the packing (same machine, another run): first pass 0.75x eval7 (the 31 MB tables
took 0.3 s to read and check), tables in memory 2.12x.  The tables are built once in about
3 s.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamesman.games.poker import hands  # noqa: E402
from gamesman.games.poker.hands import CATEGORIES, DECK, evaluate, evaluation_rates, poker_stats  # noqa: E402


def specialists(deals: list[list[int]]) -> dict[str, float]:
    """Seven-card evaluations per second of the specialist libraries that are installed (the
    ``bench`` extra), each through its own Python call, checked against ``evaluate`` on which
    of two hands wins."""
    rates = {}
    ours = [evaluate(hand) for hand in deals]
    try:
        import eval7
    except ImportError:
        print("eval7: not installed (pip install -e '.[bench]')", flush=True)
    else:
        cards = [[eval7.Card(DECK[card]) for card in hand] for hand in deals]
        started = time.perf_counter()
        theirs = [eval7.evaluate(hand) for hand in cards]
        rates["eval7"] = len(deals) / (time.perf_counter() - started)
        check_order("eval7", ours, theirs, higher_is_better=True)
    try:
        import phevaluator
    except ImportError:
        print("phevaluator: not installed (pip install -e '.[bench]')", flush=True)
    else:
        started = time.perf_counter()
        theirs = [phevaluator.evaluate_cards(*hand) for hand in deals]  # the same card numbers as ours
        rates["phevaluator"] = len(deals) / (time.perf_counter() - started)
        check_order("phevaluator", ours, theirs, higher_is_better=False)
    return rates


def check_order(name: str, ours: list[int], theirs: list[int], higher_is_better: bool) -> None:
    """Stop when the library orders two consecutive hands otherwise than ``evaluate``."""
    sign = 1 if higher_is_better else -1
    for (a, b), (x, y) in zip(zip(ours, ours[1:]), zip(theirs, theirs[1:])):
        if (a > b) - (a < b) != sign * ((x > y) - (x < y)):
            raise AssertionError(f"{name} and evaluate disagree")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random seven-card hands to evaluate")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    rates = evaluation_rates(args.hands, args.seed)
    rng = random.Random(args.seed)
    others = specialists([rng.sample(range(52), 7) for _ in range(args.hands)])
    print(f"7-card evaluations per second on {args.hands:,} random hands (seed {args.seed}), one run:")
    figures = [("gamesman evaluate, first pass (tables loaded from the cache)", rates.first_pass),
               ("gamesman evaluate, tables in memory", rates.warm),
               ("gamesman evaluate_many (numpy, one call for all the hands)", rates.batch),
               ("gamesman's old evaluator (by the rules, no tables)", rates.by_rules),
               ("baseline: best of 21 five-card subsets", rates.baseline)]
    figures += [(f"{name} (its Python call)", rate) for name, rate in others.items()]
    reference = others.get("eval7")
    for label, rate in figures:
        ratio = f"  {rate / reference:5.2f}x eval7" if reference else ""
        print(f"  {label:<64} {rate:>12,.0f}{ratio}", flush=True)
    started = time.perf_counter()
    equity = hands.monte_carlo_equity([48, 49], [], 2, 20_000, np.random.default_rng(args.seed))
    print(f"equity of AcAd against two random hands, 20,000 deals in numpy: {equity:.3f} "
          f"in {time.perf_counter() - started:.2f} s", flush=True)

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
