"""How well and how fast a 2048 player plays against a baseline: seeded games, played to the end.

Targets: the best player reaches 8192 in at least 90% of the games and 16384 in at least
half, at no more than 20 ms per move.  Too slow for the test suite (a strong game is several
thousand moves); run by hand:

    python3 benchmarks/bench_2048.py [--games 100] [--seed 1 | --seeds A:B]
                                     [--strategy "expectimax 20ms"] [--baseline greedy] [--workers 1]
                                     [--specialist LIBRARY [--specialist-seeds A:B]]

``--seeds A:B`` plays seeds A to B-1, so a player can be measured on seeds it was never tuned
on.  Both players play the same seeded games (game i uses random.Random(seed * 1_000_003 + i),
or the seed itself with --seeds, for the new tiles and the player), the baseline first, so a game plays the same whatever the number
of workers.  A line per finished game goes to stderr with the running rates; the summary per
player (score, how often each tile was reached, milliseconds per move as mean and maximum, moves
per second) and the ratios of the player to the baseline go to stdout.  The player's time is
measured around ``choose`` only, on the wall clock and as processor time (on a busy machine the
processor time is the fairer figure).

``--specialist LIBRARY`` plays the seeds a third time with the specialist, nneonneo's C++
expectimax (github.com/nneonneo/2048-ai; its published figure: 16384 in 94% of games): LIBRARY
is the path of the specialist's shared library, built by its own build.  The benchmark loads it
with ctypes, builds its tables (``init_tables``) and asks ``find_best_move`` for every move, its
board the 16 cells' exponents in 4 bits each (row r, column c in bits 4 * (4r + c)), its answer
0 to 3 for up, down, left, right.  gamesman's rules play the games (the same ``game.play``, the
same random.Random(seed) for the new tiles), so both players meet the same tiles as long as
they play the same moves.  The specialist searches to its own depth (its default: as many
moves as the board has different tiles less 2, at least 3; spawns below probability 1/10,000
cut off) on one core; its time is measured like the others.  Like its own front ends, it ends a game when it answers -1 (no move
it scores above zero) though a move is left: the summary counts those games.  Its search prints
every board; its worker sends that to the null device.  ``--specialist-seeds A:B`` gives it
fewer seeds when it is much slower; the summary says so when the seeds differ and puts the
two side by side (tile rates, mean score, ms per move, and gamesman's figure divided by the
specialist's) on the seeds both finished.  Ctrl-C stops the games and prints the summary of
those finished.

A time budget (``expectimax 20ms``) plays the compiled deep search (numba, ``pip install -e
'.[fast]'``); ``expectimax`` (auto) plays the layered numpy search.

Figures of 2026-11-24, beside the specialist (its commit 41e298f of 2026-03-18), seeds never
tuned on, one game at a time on 2 cores shared with other work (load about 4.5): ``--seeds 500:510 --workers 1 --strategy "expectimax 15ms"
--baseline greedy --specialist LIBRARY --specialist-seeds 500:505``, stopped with Ctrl-C after
4,014 s, when the specialist had finished one game (it plays about 30 times slower):

* gamesman, seeds 500 to 509 (10 games): 8192 in 10, 16384 in 8, 32768 in none; score mean
  267,597, median 280,620; 10,342 moves a game, 4.16 ms a move (4.10 ms of processor time),
  slowest 116 ms; 439 s for the ten games.  Greedy on the same seeds: 256 at best.
* the specialist, seed 500 (1 game, 1,827 s): 16384, score 383,452 in 14,661 moves; 124.5 ms a
  move (122.1 ms of processor time), slowest 5,418 ms; it never gave up.
* side by side on seed 500: both reached 16384 and not 32768; score 290,128 (gamesman, 11,135
  moves) against 383,452, ratio 0.76; 4.19 ms a move against 124.5, ratio 0.034 (processor
  time the same ratio).  One game of the specialist is no rate: its published 94% for 16384
  stands beside gamesman's 8 of 10 here and 64 of 100 on seeds 400 to 499.

Figures of 2026-11-24, 100 seeds never tuned on: ``--seeds 400:500 --workers 2 --strategy
"expectimax 15ms"`` on 2 cores (nothing else running for most of the run), 2,398 s in all:
2048 and 4096 in 100 of 100 games, 8192 in 97, 16384 in 64, 32768 in 1; score mean 282,412,
median 290,506; 10,993 moves a game, 4.25 ms a move (4.17 ms of processor time), slowest 63 ms
(the deepening stops when the next depth would not fit the budget, so a move takes a quarter
of it on average).  Greedy on the same seeds: 512 in 3 games, score mean 2,032.  The first 30
seeds alone (400 to 429, an earlier run): 8192 in 30, 16384 in 20, 4.15 ms a move.

Figures of 2026-11-24, after the deep search evaluated its leaves in place (the same values, a
sixth of the time at a fixed depth), 15 ms a move, ``--seeds 301:309 --workers 2`` on 2 cores
under heavy load (about 8): 16384 in 8 of 8 games (no 32768), 13,424 moves a game, 14.68 ms a
move (4.29 ms of processor time), slowest 836 ms; greedy on the same seeds never reached 16384.
Seed 300 alone: 8192, not 16384 (6,516 moves, 11.1 ms a move).

Figures of 2026-11-24, the deep search with a budget of 15 ms a move, on seeds it was never
tuned on (random.Random(seed) for the tiles and the player, as ``--seeds``), 2 games at a time
on 2 cores under heavy load (load average about 10), wall clock, first move's compilation
(5 to 7 s) included: seeds 205 to 210 (6 games): 8192 in 6 (100%), 16384 in 4 (67%); 18.3 to
20.0 ms a move (19.0 on average).  ``--seeds 300:302 --workers 2 --strategy "expectimax 15ms"``
(the benchmark itself, compilation before the clock): both games 16384, 14.1 ms a move (5.3 ms
of processor time); greedy on the same seeds reached 128.  A budget of 20 ms on seeds 201 to 204: 8192 in 3 of 4,
16384 in 2, 23 to 25 ms a move (the budget is overrun on a loaded machine).  A small sample:
the targets (90% and 50%, at most 20 ms) want the 100-game run.

Figures of 2026-11-23, before the deep search: 100 games, seed 1, one worker at the lowest priority (nice 19) on two
cores shared with other work, 4,899 s in all:

* ``expectimax`` (auto depth): 2048 reached in 97% of the games, 4096 in 95% (target: 90% and
  50%), 8192 in 67%, 16384 in 8%; score mean 135,912, median 139,424, best 288,740; 5,710
  moves a game.  7.81 ms per move on the wall clock, 128 moves per second (3.74 ms of
  processor time, 267 moves per second): target 50 ms.  The slowest move took 96 ms of
  processor time (4.1 s on the wall clock, the process waiting for a core).
* baseline ``greedy`` on the same seeds: never reached 1024 (512 in 5%); score mean 2,127;
  187 moves a game, 0.13 ms per move.  Expectimax scores 63.9 times as much, at 59 times the
  time per move.
"""
from __future__ import annotations

import argparse
import ctypes
import os
import random
import signal
import sys
import time
from dataclasses import dataclass, field
from multiprocessing import Pool
from pathlib import Path
from typing import Callable, Hashable

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamesman.games.twentyfortyeight import simulate_report  # noqa: E402
from gamesman.games.twentyfortyeight.bitboard import BitboardSearch, DeepSearch  # noqa: E402
from gamesman.games.twentyfortyeight.tiles import Position  # noqa: E402
from gamesman.contract.game import CHANCE, Game  # noqa: E402
from gamesman.players.strategies import make_strategy  # noqa: E402
from gamesman.players.play import random_outcome  # noqa: E402
from gamesman.contract.registry import make_game  # noqa: E402

TARGET_TILES = {8192: 0.90, 16384: 0.50}  # tile: the share of games that must reach it
REPORTED_TILES = (2048, 4096, 8192, 16384, 32768)
TARGET_MS_PER_MOVE = 20.0
SPECIALIST_MOVES = ("up", "down", "left", "right")  # the specialist's move numbers 0 to 3
SPECIALIST_TOP = 15  # the largest exponent its 4-bit cells hold (32768)
SPECIALIST_FUNCTIONS = ("init_tables", "find_best_move")


@dataclass(frozen=True)
class GameRecord:
    """One finished game: its final position, the player's moves and the time spent choosing them."""

    final: Position
    moves: int
    seconds: float
    processor: float
    slowest: float
    slowest_processor: float
    gave_up: bool  # the player answered no move while the rules still allowed one


@dataclass
class Tally:
    """What one player did over the games played so far, by seed."""

    games: dict[int, GameRecord] = field(default_factory=dict)
    interrupted: bool = False

    def only(self, seeds: set[int]) -> Tally:
        """The same player's games on ``seeds`` alone."""
        return Tally({seed: record for seed, record in self.games.items() if seed in seeds})

    @property
    def finals(self) -> list[Position]:
        return [record.final for record in self.games.values()]

    @property
    def moves(self) -> int:
        return sum(record.moves for record in self.games.values())

    def rate(self, tile: int) -> float:
        """The share of games whose board held ``tile``."""
        return sum(1 for _, _, cells in self.finals if 2 ** max(cells) >= tile) / max(len(self.games), 1)

    def ms_per_move(self) -> float:
        return 1000 * sum(record.seconds for record in self.games.values()) / max(self.moves, 1)

    def processor_ms_per_move(self) -> float:
        return 1000 * sum(record.processor for record in self.games.values()) / max(self.moves, 1)

    def slowest_ms(self) -> float:
        return 1000 * max((record.slowest for record in self.games.values()), default=0.0)

    def slowest_processor_ms(self) -> float:
        return 1000 * max((record.slowest_processor for record in self.games.values()), default=0.0)

    def mean_score(self) -> float:
        return sum(score for _, score, _ in self.finals) / max(len(self.games), 1)


class SpecialistError(Exception):
    """The specialist's library cannot be loaded or lacks a function the benchmark calls."""


def load_specialist(path: str) -> ctypes.CDLL:
    """nneonneo's 2048-ai shared library with its tables built, its C functions typed for ctypes."""
    try:
        library = ctypes.CDLL(str(Path(path).resolve()))
    except OSError as error:
        raise SpecialistError(f"cannot load the specialist's library {path}: {error}") from None
    missing = [name for name in SPECIALIST_FUNCTIONS if not hasattr(library, name)]
    if missing:
        raise SpecialistError(f"{path} is not the 2048-ai library: it has no {', '.join(missing)}")
    library.init_tables.argtypes, library.init_tables.restype = [], None
    library.find_best_move.argtypes, library.find_best_move.restype = [ctypes.c_uint64], ctypes.c_int
    library.init_tables()
    return library


_specialist: ctypes.CDLL | None = None  # the worker's copy of the library, loaded by start_worker


def start_worker(specialist_path: str | None) -> None:
    """A worker leaves Ctrl-C to the main process; a specialist's worker loads the library and sends
    the board and notes its search prints for every move to the null device."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if specialist_path is not None:
        global _specialist
        _specialist = load_specialist(specialist_path)
        sys.stdout.flush()
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def specialist_move(position: Position) -> str | None:
    """The specialist's move: its board has cell r, c in the nibble 4 * (4 * r + c), the tile's exponent,
    as gamesman's cells; None when it answers -1 (no move worth playing) or a tile is beyond its cells."""
    assert _specialist is not None, "the worker loads the specialist's library first"
    cells = position[2]
    if max(cells) > SPECIALIST_TOP:
        return None
    number = _specialist.find_best_move(sum(exponent << (4 * index) for index, exponent in enumerate(cells)))
    return SPECIALIST_MOVES[number] if 0 <= number < len(SPECIALIST_MOVES) else None


def play_one(job: tuple[str | None, int]) -> tuple[int, GameRecord]:
    """One seeded game of the named strategy (None: the specialist), with its seed."""
    strategy_words, seed = job
    game = make_game("2048")
    rng = random.Random(seed)
    if strategy_words is None:
        return seed, play_game(game, rng, specialist_move)
    player = make_strategy(game, strategy_words, rng)
    BitboardSearch.of(4, 4)  # build the search's tables before the clock starts
    if DeepSearch.shared() is not None:  # and compile the deep search
        DeepSearch.shared().move_values(1, 1)
    return seed, play_game(game, rng, lambda position: player.choose(position).move)


def play_game(game: Game, rng: random.Random, choose: Callable[[Position], Hashable | None]) -> GameRecord:
    """A game to its end under gamesman's rules, new tiles drawn from ``rng``; ``choose`` alone is timed.
    A player that answers None ends its game there, as the specialist's own play does."""
    position, moves, thinking, processor, longest, longest_processor = game.start(), 0, 0.0, 0.0, 0.0, 0.0
    while game.outcome(position) is None:
        if game.to_move(position) == CHANCE:
            position = game.play(position, random_outcome(game, position, rng))
            continue
        started, started_processor = time.perf_counter(), time.process_time()
        move = choose(position)
        spent = time.perf_counter() - started
        spent_processor = time.process_time() - started_processor
        thinking += spent
        processor += spent_processor
        longest = max(longest, spent)
        longest_processor = max(longest_processor, spent_processor)
        if move is None:
            return GameRecord(position, moves, thinking, processor, longest, longest_processor, True)
        position = game.play(position, move)
        moves += 1
    return GameRecord(position, moves, thinking, processor, longest, longest_processor, False)


def run(name: str, strategy: str | None, seeds: list[int], workers: int, began: float,
        specialist_path: str | None = None) -> Tally:
    """Play one seeded game per seed with ``strategy`` (None: the specialist), a progress line per
    finished game; Ctrl-C stops at the games finished so far."""
    tally = Tally()
    with Pool(workers, start_worker, (specialist_path,)) as pool:
        try:
            for number, (seed, record) in enumerate(
                    pool.imap_unordered(play_one, [(strategy, seed) for seed in seeds]), 1):
                tally.games[seed] = record
                print(f"{name} game {number}/{len(seeds)} (seed {seed}): score {record.final[1]}, "
                      f"tile {2 ** max(record.final[2])}, {record.moves} moves"
                      + (" (gave up)" if record.gave_up else "")
                      + f", {1000 * record.seconds / max(record.moves, 1):.1f} ms/move "
                      f"({1000 * record.processor / max(record.moves, 1):.1f} processor); so far "
                      + ", ".join(f"{tile} {tally.rate(tile):.0%}" for tile in REPORTED_TILES)
                      + f", {tally.ms_per_move():.1f} ms/move, slowest "
                      f"{tally.slowest_ms():.0f} ms [{time.perf_counter() - began:.0f}s]",
                      file=sys.stderr, flush=True)
        except KeyboardInterrupt:
            tally.interrupted = True
            print(f"interrupted: {name} stops at {len(tally.games)} of {len(seeds)} games",
                  file=sys.stderr, flush=True)
    return tally


def report(name: str, tally: Tally) -> None:
    game = make_game("2048")
    cut = f" (interrupted: {len(tally.games)} finished)" if tally.interrupted else ""
    print(f"{name}: {len(tally.games)} games{cut}")
    if not tally.games:
        return
    print(simulate_report(game, tally.finals))
    print(f"moves: {tally.moves:,} in all, {tally.moves / len(tally.games):.0f} per game")
    print(f"speed: {1000 / max(tally.ms_per_move(), 1e-9):.0f} moves per second, {tally.ms_per_move():.2f} ms per "
          f"move ({tally.processor_ms_per_move():.2f} ms of processor "
          f"time), slowest move {tally.slowest_ms():.0f} ms ({tally.slowest_processor_ms():.0f} ms of processor "
          "time)")


def compare(strategy: str, player: Tally, specialist: Tally, different_seeds: bool) -> None:
    """The player's and the specialist's figures on the seeds both finished, and their ratios."""
    common = set(player.games) & set(specialist.games)
    if not common:
        print("side by side: no seed was finished by both gamesman and the specialist")
        return
    ours, theirs = player.only(common), specialist.only(common)
    span = f"{min(common)} to {max(common)}" if len(common) == max(common) - min(common) + 1 > 1 else \
        ", ".join(map(str, sorted(common)))
    if different_seeds or len(common) < len(player.games):
        print(f"NOTE: the specialist and gamesman played different seeds; side by side only on the "
              f"seeds both finished (gamesman finished {len(player.games)} games, the specialist "
              f"{len(specialist.games)})")
    print(f"side by side on seeds {span} ({len(common)} {'game' if len(common) == 1 else 'games'} each): "
          f"gamesman {strategy} / the specialist")
    for tile in REPORTED_TILES:
        ratio = f"{ours.rate(tile) / theirs.rate(tile):.2f}" if theirs.rate(tile) else "-"
        print(f"  {tile:>5}: {ours.rate(tile):6.0%} / {theirs.rate(tile):6.0%}   ratio {ratio}")
    print(f"  mean score: {ours.mean_score():,.0f} / {theirs.mean_score():,.0f}   "
          f"ratio {ours.mean_score() / max(theirs.mean_score(), 1):.2f}")
    print(f"  ms per move: {ours.ms_per_move():.2f} / {theirs.ms_per_move():.2f}   "
          f"ratio {ours.ms_per_move() / max(theirs.ms_per_move(), 1e-9):.3f}; processor time "
          f"{ours.processor_ms_per_move():.2f} / {theirs.processor_ms_per_move():.2f}   "
          f"ratio {ours.processor_ms_per_move() / max(theirs.processor_ms_per_move(), 1e-9):.3f}")
    print(f"  slowest move: {ours.slowest_ms():.0f} / {theirs.slowest_ms():.0f} ms")
    gave_up = sum(record.gave_up for record in theirs.games.values())
    print(f"  the specialist gave up (answered -1 with a move left) in {gave_up} of {len(common)} games")


def seed_range(text: str) -> list[int]:
    """``A:B``: the seeds A to B-1."""
    first, colon, last = text.partition(":")
    try:
        seeds = list(range(int(first), int(last)))
    except ValueError:
        seeds = []
    if not colon or not seeds:
        raise argparse.ArgumentTypeError(f"{text!r} is not a seed range A:B with A < B")
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seeds", type=seed_range,
                        help="A:B plays the games of seeds A to B-1 instead (seeds never tuned on)")
    parser.add_argument("--strategy", default="expectimax", help="the player measured against the target")
    parser.add_argument("--baseline", default="greedy", help="the player it is compared with")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--specialist", metavar="LIBRARY",
                        help="nneonneo's 2048-ai shared library: it plays the same seeds a third time")
    parser.add_argument("--specialist-seeds", type=seed_range, metavar="A:B",
                        help="the specialist's seeds, when fewer fit (default: the same seeds)")
    args = parser.parse_args()
    if args.specialist_seeds and not args.specialist:
        parser.error("--specialist-seeds needs --specialist LIBRARY")
    if args.specialist:
        try:
            load_specialist(args.specialist)
        except SpecialistError as error:
            sys.exit(f"bench_2048: {error}")
    seeds = args.seeds or [args.seed * 1_000_003 + i for i in range(args.games)]
    specialist_seeds = args.specialist_seeds or seeds
    seeds_text = f"{seeds[0]}:{seeds[-1] + 1}" if args.seeds else str(args.seed)
    began = time.perf_counter()
    baseline = run(args.baseline, args.baseline, seeds, args.workers, began)
    best = run(args.strategy, args.strategy, seeds, args.workers, began) if not baseline.interrupted else Tally()
    specialist = None
    if args.specialist:
        specialist = Tally() if baseline.interrupted or best.interrupted else \
            run("specialist", None, specialist_seeds, args.workers, began, args.specialist)
    print(f"2048 4x4, {len(seeds)} games (seeds {seeds_text}, {args.workers} workers)")
    report(f"baseline {args.baseline}", baseline)
    report(f"player {args.strategy}", best)
    if specialist is not None:
        report(f"specialist {args.specialist} (seeds {specialist_seeds[0]}:{specialist_seeds[-1] + 1})",
               specialist)
    if best.games and baseline.games:
        summarise(args.strategy, args.baseline, best.only(set(baseline.games)), baseline.only(set(best.games)))
    if specialist is not None:
        compare(args.strategy, best, specialist, specialist_seeds != seeds)
    print(f"wall time: {time.perf_counter() - began:.0f} s")


def summarise(strategy: str, baseline_name: str, best: Tally, baseline: Tally) -> None:
    """The player against the baseline and against the targets."""
    print(f"ratios ({strategy} / {baseline_name}): mean score "
          f"{best.mean_score() / max(baseline.mean_score(), 1):.1f}x, "
          f"ms per move {best.ms_per_move() / max(baseline.ms_per_move(), 1e-9):.0f}x")
    print("reached: " + ", ".join(f"{tile} {best.rate(tile):.0%} ({baseline_name} {baseline.rate(tile):.0%})"
                                  for tile in REPORTED_TILES))
    for tile, share in TARGET_TILES.items():
        met = "met" if best.rate(tile) >= share else "NOT met"
        print(f"target: {tile} in at least {share:.0%}: {best.rate(tile):.0%} ({met}; "
              f"{baseline_name} {baseline.rate(tile):.0%})")
    met = "met" if best.ms_per_move() <= TARGET_MS_PER_MOVE else "NOT met"
    print(f"target: at most {TARGET_MS_PER_MOVE:g} ms per move: {best.ms_per_move():.1f} mean, "
          f"{best.slowest_ms():.0f} max, {best.slowest_processor_ms():.0f} max of processor time "
          f"({met} on the mean)")


if __name__ == "__main__":
    main()
