"""Connect Four 6x7 solved exactly, side by side with Pascal Pons's solver and BitBully.

Run by hand::

    python3 benchmarks/bench_connectfour_exact.py [--pons-source DIR | --pons PROGRAM] [--positions N]
        [--seed N] [--plies 4,8,12,16] [--games N] [--empty] [--solvers NAME,...]

The positions, the same for every solver in one run: the empty board; ``--positions``
random positions (seeded; games already over are drawn again) after each number of moves
of ``--plies``; and the positions after 8, 12, 16 and 20 moves of ``--games`` games that
our strong player (``threats 6``, each game's random choices seeded by its number) plays
against itself.  Without ``--empty`` the solvers that have no opening book leave the empty
board out: each of them takes minutes there.

The solvers, each asked for the exact score of every position:

* ours: :class:`~gamesman.games.connectfour.exact.ExactSearch` without a book, and with
  the published opening book (the 12-ply book of ``bitbully-databases``:
  ``ExactSearch(..., openings=OpeningBook.load())``);
* Pons's solver: Pascal Pons's C++ Connect Four solver (github.com/PascalPons/connect4,
  AGPL-licensed: the benchmark only builds and runs it, and nothing of it is part of
  gamesman or shipped with it).  ``--pons-source DIR``, a checkout of that repository: the
  benchmark copies it into a temporary directory, builds ``c4solver`` there with the
  repository's own Makefile (``make clean c4solver``: a C++ compiler and ``make`` must be
  installed, e.g. Debian's ``g++`` and ``make``), runs it and removes the copy at the end;
  the checkout is left as it is.  ``--pons PROGRAM`` runs a ``c4solver`` already built.  It
  reads one game a line, its moves as column digits 1 to 7, and prints the line and its
  score.  Its opening book (``7x6.book``) is not in its repository, so it runs without one;
* BitBully (``pip install '.[bench]'``: the ``bitbully`` package, AGPL, by Markus Thill;
  an optional extra of the benchmarks, never a dependency of gamesman), its MTD(f) search
  without a book and with ``bitbully-databases``' 12-ply book with distances.

Every score is the player to move's: with ``e`` cells empty, ``(e + 1) // 2`` for a win with
the mover's next piece, one less for each piece more; negative for a loss; 0 for a tie
(the three programs count alike).  The run stops at the first position where two scores
differ, naming the position; and where BitBully ran, the GAMESMAN remoteness our search
makes of the score (``result_of_score``) must be BitBully's own count of the moves left
(``scoreToMovesLeft``), and the empty board must be the literature's first-player win in
41 moves.

Each solver answers each position in a process of its own started for it (a table of its
own, as a user's first question; the books, the compiled search and the table's memory
are ready before the clock starts):

* time: the processor seconds of the solve (``time.process_time`` around it; for Pons's
  program, which prints no times, the process's processor time less that of a process
  that answers a win with the next piece, no search: the median of three), so that other
  work on a shared machine does not count; a solve of less than QUICK seconds is asked of
  REPEATS processes, one after the other, and the median taken (a few milliseconds move
  from one process to the next with whatever else the machine runs), one of less than
  FLEETING seconds of FLEETING_REPEATS;
* nodes: the positions the search visited (Pons's program does not print its count);
* memory: the process's peak resident size (start-up included: the line ``start-up``
  gives each solver's peak on a win with the next piece, where it searches nothing).

The table gives for each group of positions each solver's median time (and its slowest),
and ratios, medians over the group's positions: ours / Pons, both without a book, and
ours with the book / BitBully with its book, each with times under a millisecond counted
as one (FLOOR), and the last again without that floor.  ``--solvers`` picks some of the
solvers (e.g. ``ours+book,BitBully+book``: the books alone, a run of minutes).  Last, the deadline: how long after a deadline
of 0.2 s on the empty board our search (without a book) stops, on the clock.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from gamesman.contract.errors import OutOfTime
from gamesman.contract.registry import make_game
from gamesman.games.connectfour import ConnectFour, Position
from gamesman.games.connectfour.exact import ExactSearch, result_of_score
from gamesman.games.connectfour.openings import OpeningBook
from gamesman.players.strategies import make_strategy

ROWS, COLS, IN_A_ROW = 6, 7, 4
#: The moves after which positions are taken from the strong player's games against itself.
GAME_PLIES = (8, 12, 16, 20)
#: The strong player of those games (a fixed depth: the same games on any machine).
GAME_PLAYER = "threats 6"
#: The literature's value of the empty board (Allis 1988, Tromp): the first player wins with its 21st piece.
EMPTY_BOARD = "win 41"
#: What a process that solves nothing costs is measured on a win with the next piece (no search).
START_UP = "112233"
#: BitBully's book with distances to the end (exact scores, not only values).
BITBULLY_BOOK = "12-ply-dist"
#: The program Pons's Makefile builds (its target of the same name).
PONS_PROGRAM = "c4solver"
#: A solve quicker than QUICK seconds is timed REPEATS times (in as many processes): its median;
#: one quicker than FLEETING seconds, FLEETING_REPEATS times (its processes' times move by some
#: microseconds: the median of more of them tells apart solves 10 microseconds apart).
QUICK, REPEATS = 1.0, 3
FLEETING, FLEETING_REPEATS = 0.01, 7
#: A ratio's floor: times under it count as it (the ratios with a floor count any solve under a
#: millisecond as taking one, those without it are the times' own).
FLOOR = 1e-3


class Disagreement(Exception):
    """Two solvers' answers for one position differ."""


@dataclass(frozen=True)
class Sample:
    """A position by the moves that reach it (columns, 0 for ``a``), and its group in the table.

    >>> Sample("games", (3, 3, 2)).digits   # as Pons's program reads it
    '443'
    """

    group: str
    moves: tuple[int, ...]

    @property
    def digits(self) -> str:
        """The moves as Pons's program reads them: columns 1 to 7."""
        return "".join(str(column + 1) for column in self.moves)

    @property
    def empty(self) -> int:
        """The cells left empty."""
        return ROWS * COLS - len(self.moves)


def replay(game: ConnectFour, moves: tuple[int, ...]) -> Position:
    """The position after ``moves`` from the start."""
    position = game.start()
    for move in moves:
        position = game.play(position, move)
    return position


def random_samples(game: ConnectFour, plies: int, count: int, rng: random.Random) -> list[Sample]:
    """``count`` positions after ``plies`` random moves, the game still on."""
    found: list[Sample] = []
    while len(found) < count:
        position, moves = game.start(), list[int]()
        while len(moves) < plies and game.outcome(position) is None:
            moves.append(rng.choice(game.moves(position)))
            position = game.play(position, moves[-1])
        if game.outcome(position) is None:
            found.append(Sample(f"random, {plies} moves", tuple(moves)))
    return found


def game_samples(game: ConnectFour, games: int) -> list[Sample]:
    """The positions after GAME_PLIES moves of ``games`` games of GAME_PLAYER against itself,
    those where the game is still on."""
    found = []
    for seed in range(1, games + 1):
        player = make_strategy(game, GAME_PLAYER, random.Random(seed))
        position, moves = game.start(), list[int]()
        while game.outcome(position) is None and len(moves) < max(GAME_PLIES):
            if len(moves) in GAME_PLIES:
                found.append(Sample(f"{GAME_PLAYER} games", tuple(moves)))
            move = player.choose(position).move
            assert isinstance(move, int)
            moves.append(move)
            position = game.play(position, move)
        if game.outcome(position) is None:
            found.append(Sample(f"{GAME_PLAYER} games", tuple(moves)))
    return found


# -- the solvers, each run in a process of its own a position -------------------------------

@dataclass
class Answer:
    """One solver's answer for one position."""

    score: int
    seconds: float
    megabytes: float = 0.0  # measured by the process that started the solver's
    nodes: int | None = None
    moves_left: int | None = None  # BitBully's count of the moves to the end, from the score


def run_process(command: list[str], moves: str) -> tuple[str, float, float]:
    """Start ``command``, write it one line, ``moves``, and read the line it answers: the answer,
    the process's processor seconds and its peak resident size in MB.  The peak is read while
    the process waits for its next line (``VmHWM``: the kernel's own count of a process's peak
    counts the memory of the process that started it, to the start)."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(moves + "\n")
    process.stdin.flush()
    printed = process.stdout.readline()
    status_lines = Path(f"/proc/{process.pid}/status").read_text().splitlines()
    peaks = [int(line.split()[1]) / 1024 for line in status_lines if line.startswith("VmHWM:")]  # none once ended
    process.stdin.close()
    process.stdout.close()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode or not printed or not peaks:
        raise RuntimeError(f"{' '.join(command)} failed (exit {process.returncode}) on {moves!r}")
    return printed, usage.ru_utime + usage.ru_stime, peaks[0]


def our_search(book: bool) -> ExactSearch:
    """Our exact search of 6x7, with the published opening book or without a book."""
    if not book:
        return ExactSearch(ROWS, COLS, IN_A_ROW)
    return ExactSearch(ROWS, COLS, IN_A_ROW, openings=OpeningBook.load())


def solve_ours(moves: tuple[int, ...], book: bool) -> Answer:
    """Our answer for the position after ``moves`` (run in a process of its own)."""
    game = make_game("connectfour")
    assert isinstance(game, ConnectFour)
    turn, cells, _ = replay(game, moves)
    search = our_search(book)
    search.ready(None)  # the compiled search, loaded before the clock starts ...
    search.table.fill(0)  # ... and its table in memory, as the other programs clear theirs at start-up
    mover, other = "xo"[turn], "xo"[1 - turn]
    mine, theirs = search.board.masks_of(cells, "-" + mover + other, mover, other)
    started = time.process_time()
    score = search.score(mine, mine | theirs)
    return Answer(score, time.process_time() - started, nodes=search.nodes)


def solve_bitbully(moves: tuple[int, ...], book: bool) -> Answer:
    """BitBully's answer for the position after ``moves`` (run in a process of its own)."""
    import bitbully.bitbully_core as core

    if book:
        import bitbully_databases

        solver = core.BitBullyCore(Path(bitbully_databases.BitBullyDatabases.get_database_path(BITBULLY_BOOK)))
    else:
        solver = core.BitBullyCore()
    board = core.BoardCore()
    if not board.play(list(moves)):
        raise ValueError(f"BitBully refuses the moves {moves}")
    started = time.process_time()
    score = solver.mtdf(board, 0)
    seconds = time.process_time() - started
    return Answer(score, seconds, nodes=solver.getNodeCounter(),
                  moves_left=core.BitBullyCore.scoreToMovesLeft(score, board))


#: The solvers a process of this benchmark runs (``--solve NAME``): name -> (solve, with a book).
IN_PROCESS: dict[str, tuple[Callable[[tuple[int, ...], bool], Answer], bool]] = {
    "ours": (solve_ours, False), "ours+book": (solve_ours, True),
    "BitBully": (solve_bitbully, False), "BitBully+book": (solve_bitbully, True)}


@dataclass
class Solver:
    """A solver as the run asks it: a position in, an answer out."""

    name: str
    book: bool  # quick on the empty board: always asked about it
    answer: Callable[[Sample], Answer]
    startup_megabytes: float = 0.0


def python_solver(name: str) -> Solver:
    """A solver of IN_PROCESS, run by this script in a process of its own a position."""
    command = [sys.executable, __file__, "--solve", name]

    def answer(sample: Sample) -> Answer:
        printed, _, megabytes = run_process(command, sample.digits)
        return dataclasses.replace(Answer(**json.loads(printed)), megabytes=megabytes)

    solver = Solver(name, IN_PROCESS[name][1], answer)
    solver.startup_megabytes = run_process(command, START_UP)[2]
    return solver


def pons_solver(program: str) -> Solver:
    """Pons's program, started once a position; its processor time less its start-up's."""
    startups = [run_process([program], START_UP) for _ in range(3)]
    startup_seconds = statistics.median(seconds for _, seconds, _ in startups)

    def answer(sample: Sample) -> Answer:
        printed, seconds, megabytes = run_process([program], sample.digits)
        words = printed.split()
        if len(words) != (2 if sample.digits else 1):
            raise RuntimeError(f"{program} printed {printed!r} for {sample.digits!r}")
        return Answer(int(words[-1]), max(0.0, seconds - startup_seconds), megabytes)

    return Solver("Pons", False, answer, max(megabytes for _, _, megabytes in startups))


def build_pons(source: Path, build: Path) -> Path:
    """Pons's ``c4solver`` built from ``source`` (a checkout of his repository) by the repository's
    own Makefile, in a copy of it made in the directory ``build`` (the checkout is left as it is,
    its built files too: ``make clean`` goes first); the program's path.  SystemExit with one line
    when ``source`` has no Makefile, ``make`` is missing or the build fails (its first error)."""
    if not (source / "Makefile").is_file():
        raise SystemExit(f"--pons-source {source}: no Makefile there (a checkout of github.com/PascalPons/connect4)")
    copy = build / source.resolve().name
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns(".git"))
    try:
        built = subprocess.run(["make", "clean", PONS_PROGRAM], cwd=copy, capture_output=True, text=True)
    except FileNotFoundError:
        raise SystemExit("--pons-source: make is not installed (Pons's solver builds with make and a C++ compiler)") from None
    program = copy / PONS_PROGRAM
    if built.returncode or not program.is_file():
        lines = built.stderr.strip().splitlines() or [f"exit {built.returncode}"]
        told = next((line for line in lines if "error" in line.lower()), lines[-1])  # the compiler's first
        raise SystemExit(f"--pons-source {source}: make {PONS_PROGRAM} failed: {told}")
    return program


def serve(name: str) -> None:
    """``--solve NAME``: read a position's moves (digits 1 to 7), print the answer as JSON and
    wait for the end of the input (while ``run_process`` reads the peak memory)."""
    solve, book = IN_PROCESS[name]
    moves = tuple(int(digit) - 1 for digit in sys.stdin.readline().strip())
    print(json.dumps(dataclasses.asdict(solve(moves, book))), flush=True)
    sys.stdin.read()


# -- the run ------------------------------------------------------------------------------

def check(sample: Sample, answers: dict[str, Answer]) -> None:
    """Raise Disagreement, naming the position, unless every answer has one score, BitBully's
    moves left are the remoteness our conversion makes of it, and the empty board is the
    literature's.

    >>> check(Sample("x", (0, 0, 1, 1, 2, 2)), {"ours": Answer(18, 0.1), "Pons": Answer(18, 0.1)})
    """
    where = f"moves {sample.digits or '(none: the empty board)'}"
    scores = {answer.score for answer in answers.values()}
    if len(scores) > 1:
        told = ", ".join(f"{name} {answer.score} ({result_of_score(answer.score, sample.empty)})"
                         for name, answer in answers.items())
        raise Disagreement(f"{where}: scores differ: {told}")
    for name, answer in answers.items():
        remoteness = result_of_score(answer.score, sample.empty).remoteness
        if answer.moves_left is not None and answer.moves_left != remoteness:
            raise Disagreement(f"{where}: score {answer.score} is {answer.moves_left} moves to the end for {name}, "
                               f"remoteness {remoteness} for ours")
        if not sample.moves and str(result_of_score(answer.score, sample.empty)) != EMPTY_BOARD:
            raise Disagreement(f"{where}: {name} scores {answer.score}, not the literature's {EMPTY_BOARD}")


@dataclass
class Group:
    """The answers for one group of positions, by solver."""

    name: str
    answers: dict[str, list[Answer]] = field(default_factory=dict)
    ratios: dict[str, list[float]] = field(default_factory=dict)


#: The ratios of the table: its heading -> (numerator, denominator, floor).
RATIOS = {"ours / Pons": ("ours", "Pons", FLOOR),
          "ours+book / BitBully+book": ("ours+book", "BitBully+book", FLOOR),
          "the same, unfloored": ("ours+book", "BitBully+book", 0.0)}


def ratio_of(answers: dict[str, Answer], top: str, bottom: str, floor: float) -> float | None:
    """``top``'s time over ``bottom``'s for one position, times under ``floor`` counted as ``floor``.

    >>> answers = {"a": Answer(0, 0.0004), "b": Answer(0, 0.0002)}
    >>> ratio_of(answers, "a", "b", FLOOR), ratio_of(answers, "a", "b", 0.0), ratio_of(answers, "a", "c", 0.0)
    (1.0, 2.0, None)
    """
    if top not in answers or bottom not in answers:
        return None
    return max(answers[top].seconds, floor) / max(answers[bottom].seconds, floor)


def steady_answer(solver: Solver, sample: Sample) -> Answer:
    """The solver's answer for ``sample``; when it takes less than QUICK seconds, the answer
    of median time of REPEATS processes (less than FLEETING: of FLEETING_REPEATS).

    >>> times = iter([0.04, 0.02, 0.03, 30.0] + [0.0001 * n for n in (5, 1, 7, 2, 6, 3, 4)])
    >>> solver = Solver("x", False, lambda sample: Answer(1, next(times)))
    >>> [round(steady_answer(solver, Sample("x", ())).seconds, 4) for _ in range(3)]
    [0.03, 30.0, 0.0004]
    """
    answers = [solver.answer(sample)]
    repeats = FLEETING_REPEATS if answers[0].seconds < FLEETING else REPEATS if answers[0].seconds < QUICK else 1
    answers += [solver.answer(sample) for _ in range(repeats - 1)]
    return sorted(answers, key=lambda answer: answer.seconds)[len(answers) // 2]


def run(samples: list[Sample], solvers: list[Solver], with_empty: bool) -> list[Group]:
    """Every solver's answer for every sample, checked, grouped as the samples are; each
    answer is printed as it comes (a long run shows what it has found so far)."""
    groups: dict[str, Group] = {}
    for number, sample in enumerate(samples, start=1):
        answers = {}
        for solver in solvers:
            if sample.moves or solver.book or with_empty:
                answers[solver.name] = answer = steady_answer(solver, sample)
                print(f"[{number}/{len(samples)}] {sample.digits or '(empty)'}: {solver.name} scores {answer.score} "
                      f"in {duration(answer.seconds)}", flush=True)
        if not answers:
            continue
        check(sample, answers)
        group = groups.setdefault(sample.group, Group(sample.group))
        for name, answer in answers.items():
            group.answers.setdefault(name, []).append(answer)
        for heading, (top, bottom, floor) in RATIOS.items():
            ratio = ratio_of(answers, top, bottom, floor)
            if ratio is not None:
                group.ratios.setdefault(heading, []).append(ratio)
    return list(groups.values())


def duration(seconds: float) -> str:
    """A time as the table gives it: in milliseconds to the microsecond under a second.

    >>> duration(0.0000234), duration(0.5), duration(36.93)
    ('0.023 ms', '500.000 ms', '36.93 s')
    """
    return f"{seconds * 1000:.3f} ms" if seconds < 1 else f"{seconds:.2f} s"


def table(groups: list[Group], solvers: list[Solver]) -> str:
    """The run's figures as Markdown tables: times and ratios, then nodes and memory."""
    names = [solver.name for solver in solvers]
    lines = ["| positions | n | " + " | ".join(names) + " | " + " | ".join(RATIOS) + " |",
             "| --- | ---: |" + " ---: |" * (len(names) + len(RATIOS))]
    for group in groups:
        cells = []
        for name in names:
            times = [answer.seconds for answer in group.answers.get(name, [])]
            cells.append(f"{duration(statistics.median(times))} ({duration(max(times))})" if times else "-")
        cells += [f"{statistics.median(group.ratios[heading]):.2f}" if heading in group.ratios else "-"
                  for heading in RATIOS]
        size = max(len(answers) for answers in group.answers.values())
        lines.append(f"| {group.name} | {size} | " + " | ".join(cells) + " |")
    lines += ["", "| positions | " + " | ".join(f"{name}: nodes, peak" for name in names) + " |",
              "| --- |" + " ---: |" * len(names)]
    for group in groups:
        cells = []
        for name in names:
            answers = group.answers.get(name, [])
            nodes = [answer.nodes for answer in answers if answer.nodes is not None]
            told = f"{statistics.median(nodes):,.0f}, " if nodes else ""
            cells.append(f"{told}{max(answer.megabytes for answer in answers):.0f} MB" if answers else "-")
        lines.append(f"| {group.name} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def overshoot() -> float:
    """Clock seconds from a deadline to the OutOfTime that ends our search (without a book)
    of the empty board."""
    search = our_search(book=False)
    search.ready(None)
    deadline = time.monotonic() + 0.2
    try:
        search.result("-" * (ROWS * COLS), "x", "o", deadline=deadline)
    except OutOfTime:
        return time.monotonic() - deadline
    raise AssertionError("the empty board was solved within 0.2 s")


def plies_list(text: str) -> list[int]:
    """``--plies``: numbers of moves, separated by commas."""
    try:
        plies = [int(word) for word in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not numbers separated by commas: {text!r}") from None
    if any(not 1 <= number < ROWS * COLS for number in plies):
        raise argparse.ArgumentTypeError(f"moves from 1 to {ROWS * COLS - 1}: {text!r}")
    return plies


#: Every solver of a run (``--solvers``).
SOLVERS = ("ours", "ours+book", "Pons", "BitBully", "BitBully+book")


def solver_names(text: str) -> list[str]:
    """``--solvers``: names of SOLVERS, separated by commas.

    >>> solver_names("ours+book,BitBully+book")
    ['ours+book', 'BitBully+book']
    """
    names = text.split(",")
    unknown = [name for name in names if name not in SOLVERS]
    if unknown:
        raise argparse.ArgumentTypeError(f"not a solver: {', '.join(unknown)} (the solvers: {', '.join(SOLVERS)})")
    return names


def solvers_of(args: argparse.Namespace, build: Path) -> list[Solver]:
    """The solvers of ``--solvers`` this run can ask, saying which are left out and why; Pons's
    built in the directory ``build`` when the run has his source."""
    wanted = args.solvers
    solvers = [python_solver(name) for name in ("ours", "ours+book") if name in wanted]
    pons = args.pons
    if args.pons_source and "Pons" in wanted:
        started = time.monotonic()
        pons = str(build_pons(Path(args.pons_source), build))
        print(f"Pons: built from {args.pons_source} by its Makefile in {time.monotonic() - started:.0f} s")
    if "Pons" not in wanted:
        print("Pons: left out (not in --solvers)")
    elif pons:
        solvers.append(pons_solver(pons))
        print("Pons: without its opening book (7x6.book is not in its repository)")
    else:
        print("Pons: left out (neither --pons-source DIR nor --pons PROGRAM)")
    try:
        import bitbully  # noqa: F401
    except ImportError:
        print("BitBully: left out (not installed: pip install '.[bench]')")
    else:
        solvers += [python_solver(name) for name in ("BitBully", "BitBully+book") if name in wanted]
    print("start-up (peak on a win with the next piece): "
          + ", ".join(f"{solver.name} {solver.startup_megabytes:.0f} MB" for solver in solvers))
    return solvers


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    pons = parser.add_mutually_exclusive_group()
    pons.add_argument("--pons-source", metavar="DIR",
                      help="a checkout of github.com/PascalPons/connect4: built by its Makefile in a temporary copy")
    pons.add_argument("--pons", metavar="PROGRAM", help="Pons's c4solver, already built by its Makefile")
    parser.add_argument("--positions", type=int, default=3, help="random positions per number of moves (3)")
    parser.add_argument("--plies", type=plies_list, default=[4, 8, 12, 16],
                        help="numbers of random moves, e.g. 4,8,12,16 (the default)")
    parser.add_argument("--games", type=int, default=2, help="games of the strong player against itself (2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--solvers", type=solver_names, default=list(SOLVERS),
                        help="the solvers to run, separated by commas (all: " + ",".join(SOLVERS) + ")")
    parser.add_argument("--empty", action="store_true",
                        help="also solve the empty board without a book (minutes for ours and Pons's)")
    parser.add_argument("--solve", choices=IN_PROCESS, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve:
        serve(args.solve)
        return
    game = make_game("connectfour")
    assert isinstance(game, ConnectFour)
    our_search(book=False).ready(None)  # compiles the search once after install, before any clock
    rng = random.Random(args.seed)
    samples = [Sample("the empty board", ())]
    for plies in args.plies:
        samples += random_samples(game, plies, args.positions, rng)
    samples += game_samples(game, args.games)
    with tempfile.TemporaryDirectory(prefix="bench-connectfour-") as build:
        solvers = solvers_of(args, Path(build))
        try:
            groups = run(samples, solvers, args.empty)
        except Disagreement as error:
            sys.exit(f"disagreement: {error}")
    print()
    print(table(groups, solvers))
    print()
    print(f"deadline: our search stops {overshoot() * 1000:.1f} ms after it")


if __name__ == "__main__":
    main()
