"""GamesmanOne beside gamesman: the variants both have, solved by each on one thread and on
every core, and their answers compared position by position.

GamesmanOne is GamesCrafters' strong solver in C (github.com/GamesCrafters/GamesmanOne: a tier
solver with OpenMP, optional MPI, xz-compressed databases).  It is not part of this project.
Give a checkout of it with its submodules (``git clone --recursive``) as
``--gamesmanone-source DIR`` and the benchmark builds it as its README says, with CMake in
Release mode: first its json-c, xz and lz4 submodules (static libraries, installed into the
checkout's ``res``), then ``bin/gamesman``; the build folders go in ``--gamesmanone-build``
(``DIR/build-bench`` unless given), and GamesmanOne's own build writes ``res``, ``bin`` and
``src/config.h`` inside the checkout.  Building again only rebuilds what changed.  Its build
needs CMake 3.15 or later, a C compiler with OpenMP, and zlib (on Debian or Ubuntu: ``apt
install build-essential cmake zlib1g-dev``; OpenMP comes with GCC); its Quixo needs an x86-64
processor with BMI2 (it is built with ``-march=native``).  ``--gamesmanone PATH`` takes a
program built before instead.  The benchmark itself reads GamesmanOne's xz files with
python-xz (``pip install -e '.[bench]'``).

Run by hand:  python3 benchmarks/bench_gamesmanone.py --gamesmanone-source DIR
                  [--variants tictactoe,quixo3,quixo4,dobutsu] [--samples 100000] [--seed 1]
                  [--checks 100] [--threads 1,all] [--ours-from CACHE [--theirs-from FOLDER]]

Or, the rules alone:  python3 benchmarks/bench_gamesmanone.py --gamesmanone-source DIR --rules N
                  [--variants dobutsu,quixo3,quixo4,quixo5] [--seed 1]

``--rules N`` solves nothing: it compares the rules of the two programs move by move on N
distinct positions that random play from the start reaches in each variant (every one
reachable, when there are no more: Quixo 3x3 has 32,027).  It compiles, with the C compiler
``cc`` (or ``$CC``), a small program (``RULES_C``, written into ``--gamesmanone-build``'s
``rules`` folder) that includes GamesmanOne's own ``src/games/dshogi/dshogi.c`` or ``src/games/quixo/quixo.c`` and
links the few files of its core they use (no submodules, no CMake; zlib and liblzma's
development files, as its own build needs).  For each position the program says what
GamesmanOne's game code makes of it: whether ``IsLegalPosition`` accepts it, its
``Primitive`` value, where its canonical position is kept, and for a position in play the
positions that ``DoMove`` gives for each move of ``GenerateMoves`` and those of
``GetCanonicalChildPositions``.  Each must be what gamesman's rules give (``compare_rules``
lists the checks); every disagreement is counted and shown, and the run exits with 1 if any.

For each variant, each solver solves it afresh, in a process of its own, on one thread
(GamesmanOne with ``OMP_NUM_THREADS=1``, gamesman's fast solver with one worker) and on every
core (``--threads`` picks): processor seconds (user and system, the process and its workers),
wall seconds, peak memory (the largest process) and the bytes of its database.  Quixo 4x4 is
solved in its own tiers, as ``gamesman solve`` solves it, a tier at a time (so one worker works
whatever the cores); Dōbutsu shōgi over its parents, as ``gamesman solve dobutsu --large``
solves it (hours, as GamesmanOne's regular solver takes: see ``docs/benchmarks.md``).
``--ours-from`` takes gamesman's database of an earlier ``gamesman solve`` instead of solving
again, and ``--theirs-from`` GamesmanOne's (the folder it ran in; then only the answers are
compared); the table then has rows only for the solves this run timed, and says so.

Then the answers, position by position: ``--samples`` positions drawn uniformly without
repeats from those gamesman's database holds (all of them when it holds fewer: the positions
reachable from the start, or for Dōbutsu shōgi every arrangement of ``b`` to move, less those
the rules refuse, which GamesmanOne has not), each turned or mirrored at random, are looked
up in GamesmanOne's database, read here from its files (its array database, below) rather
than asked of its ``query`` command, which starts a process for each position.  Only the
codes drawn are read from gamesman's database and only the blocks that hold them from
GamesmanOne's, so the 784 million codes and 4.2 billion records of Dōbutsu shōgi are never
held in memory.  Value and remoteness must agree on every one (a draw has no remoteness); the first
disagreement stops the benchmark.  First, that reading is checked against GamesmanOne itself:
``--checks`` of the drawn positions are asked of its ``query`` command, whose reply also gives
every child's answer, and every answer it gives must be the one read from the files.

Positions map one to one: a GamesmanOne Quixo position is ``T_BOARD``, T 1 when X is to move
and 2 for O, BOARD the n*n cells row by row in ``X``, ``O``, ``-``, the order of gamesman's
rows; its tic-tac-toe (``mtttier``, the one it answers queries for) position is the nine cells
in ``x``, ``o``, ``-``; its Dōbutsu shōgi (``dshogi``) position is ``T_BOARD_GEC_gec``, T 1
when ``b`` is to move, BOARD the twelve squares from row 1 as gamesman writes them, then how
many giraffes, elephants and chicks ``b`` holds, then ``w``.  GamesmanOne is run in the folder that holds its database (``data``, its
default: it makes only a relative data path).

What the reading relies on, from GamesmanOne's source (its commit of 2025-04-26):

- The array database keeps a file a tier, ``data/GAME/VARIANT/arraydb/TIER.adb.xz``: the
  records of every hash of the tier, in order, two bytes each (little-endian), compressed with
  xz in independent blocks of 1 MiB, listed in the file's xz index.  A
  record holds the value in its top four bits (0 undecided, 1 lose, 2 draw, 3 tie, 4 win) and
  the remoteness in the other twelve.
- Only a position's canonical form, the least of its symmetric boards by its own order (eight
  for Quixo and tic-tac-toe, the mirror image for Dōbutsu shōgi), is solved; a lookup goes
  through it.
- Quixo's tier is its count of X and of O (file ``{blanks}Blank_{x}X_{o}O``).  Its hash of a
  board is ``2 * (C(n - #O, #X) * rank(O) + rank(X squeezed into the cells without an O)) +
  turn`` (turn 0 when X is to move), where a cell set's rank is its place among the sets of its
  size in increasing order of their bit patterns, which is ``sum C(b_i, i)`` over its bits
  ``b_1 < b_2 < ...``; the last cell of the row-by-row board is bit 0.  The canonical board is
  the one whose O pattern is least, then whose X pattern is.
- Tic-tac-toe's tier is its count of pieces (file ``{pieces}p``), its hash the rank of the
  board (cells ordered ``-`` < ``o`` < ``x``) among the boards with its pieces, counted from
  the last cell, and its canonical board the one with the least hash.
- Dōbutsu shōgi is solved by its regular solver, one tier (file ``dshogi_0``), over the
  generic hash (``dshogi_hash``): the pieces' counts, and the board's rank among the boards
  of those counts, counted from the last square in the order ``LlGgEeHhCc-``.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from math import comb, factorial, isqrt, prod
from pathlib import Path
from typing import Any, Callable

import numpy as np
import xz

from gamesman.contract.capabilities import End, batch_expansion, parents, position_codes
from gamesman.contract.capabilities import symmetries as symmetries_of
from gamesman.contract.errors import GameError
from gamesman.contract.game import Game
from gamesman.contract.registry import game_from_spec
from gamesman.games.dobutsu import CELLS, Dobutsu
from gamesman.games.dobutsu import Position as DobutsuPosition
from gamesman.solver.database import Database, canonical_code
from gamesman.solver.dense import solve_block
from gamesman.solver.levelled import Results, solve
from gamesman.solver.parts import PartedStore
from gamesman.solver.results import unpack
from gamesman.solver.tiers import TierRun, local_runner
from gamesman.solver.tiers.one_machine import OWN_TIERS_IN_MEMORY
from gamesman.solver.store import Store
from gamesman.solver.strong import Graph, TooLarge
from gamesman.solver.tiers.variant import own_tiers


Position = tuple[int, str]  # gamesman's: the player to move (0 for x) and the cells row by row


@dataclass(frozen=True)
class Variant:
    """One variant both solvers have: gamesman's spec, GamesmanOne's game and variant number,
    a gamesman position written as GamesmanOne's and back, where GamesmanOne's database keeps
    a position (its tier's file name and its hash in the tier), a position turned or mirrored
    at random (gamesman keeps one of each set alike), and which of gamesman's stored positions
    GamesmanOne has too (None: all of them)."""

    spec: str
    theirs: str
    variant: int
    their_position: Callable[[Any], str]
    our_position: Callable[[str], Any]
    locate: Callable[[Any], tuple[str, int]]
    alike: Callable[[Any, random.Random], Any]
    legal: Callable[[Any], bool] | None = None


def quixo_position(position: Position) -> str:
    """``1_X-O...``: GamesmanOne's Quixo position of a gamesman one.

    >>> quixo_position((1, "x-o------"))
    '2_X-O------'
    """
    turn, cells = position
    return f"{turn + 1}_{cells.upper()}"


def quixo_from_theirs(text: str) -> Position:
    """The gamesman position of GamesmanOne's Quixo position ``text``.

    >>> quixo_from_theirs("2_X-O------")
    (1, 'x-o------')
    """
    return int(text[0]) - 1, text[2:].lower()


def tictactoe_position(position: Position) -> str:
    """The nine cells (GamesmanOne's tic-tac-toe tells the turn from them)."""
    return position[1]


def tictactoe_from_theirs(text: str) -> Position:
    """The gamesman position of GamesmanOne's tic-tac-toe position ``text``: x moves first.

    >>> tictactoe_from_theirs("x---o---x")
    (1, 'x---o---x')
    """
    return (0 if text.count("x") == text.count("o") else 1), text


@cache
def symmetries(size: int) -> tuple[tuple[int, ...], ...]:
    """The eight symmetries of a square board of ``size`` rows, each as the cell (row by row)
    that each cell takes its piece from.

    >>> symmetries(2)
    ((0, 1, 2, 3), (1, 0, 3, 2), (2, 0, 3, 1), (0, 2, 1, 3), (3, 2, 1, 0), (2, 3, 0, 1), (1, 3, 0, 2), (3, 1, 2, 0))
    """
    cells = range(size * size)
    quarter_turn = [(size - 1 - cell % size) * size + cell // size for cell in cells]
    mirror = [cell - cell % size + size - 1 - cell % size for cell in cells]
    board, found = tuple(cells), []
    for _ in range(4):
        found += [board, tuple(board[cell] for cell in mirror)]
        board = tuple(board[cell] for cell in quarter_turn)
    return tuple(found)


def subset_rank(bits: int) -> int:
    """The place of the set ``bits`` among the sets of its size, in increasing order of their
    bit patterns (the combinatorial number system).

    >>> [subset_rank(bits) for bits in (0b0011, 0b0101, 0b0110, 0b1001, 0b1010, 0b1100)]
    [0, 1, 2, 3, 4, 5]
    """
    rank = taken = 0
    for at in range(bits.bit_length()):
        if bits >> at & 1:
            taken += 1
            rank += comb(at, taken)
    return rank


def squeezed(bits: int, among: int) -> int:
    """The bits of ``bits`` in the places of ``among``, moved down next to each other in order.

    >>> bin(squeezed(0b1010, 0b1110))
    '0b101'
    """
    result = kept = 0
    for at in range(among.bit_length()):
        if among >> at & 1:
            result |= (bits >> at & 1) << kept
            kept += 1
    return result


X_BITS = str.maketrans("xo-", "100")
O_BITS = str.maketrans("xo-", "010")


def quixo_locate(position: Position) -> tuple[str, int]:
    """Where GamesmanOne's Quixo database keeps ``position``: its tier's file and the hash of
    its canonical board (see the module's docstring).

    >>> quixo_locate((0, "---------")), quixo_locate((1, "--------x")), quixo_locate((1, "x--------"))
    (('9Blank_0X_0O', 0), ('8Blank_1X_0O', 1), ('8Blank_1X_0O', 1))
    >>> quixo_locate((0, "-------xo")), quixo_locate((0, "ox-------")), quixo_locate((0, "xo-------"))
    (('7Blank_1X_1O', 0), ('7Blank_1X_1O', 0), ('7Blank_1X_1O', 16))
    """
    turn, cells = position
    o, x = min((int(board.translate(O_BITS), 2), int(board.translate(X_BITS), 2))
               for board in ("".join(cells[cell] for cell in symmetry) for symmetry in symmetries(isqrt(len(cells)))))
    return f"{len(cells) - x.bit_count() - o.bit_count()}Blank_{x.bit_count()}X_{o.bit_count()}O", \
        quixo_hash(turn, x, o, len(cells))


def quixo_hash(turn: int, x: int, o: int, cells: int) -> int:
    """GamesmanOne's Quixo hash of a board of ``cells`` cells whose X and O are the bit patterns
    ``x`` and ``o`` (the last cell is bit 0), ``turn`` 0 when X is to move.

    >>> [quixo_hash(turn, x, o, 3) for o in (0b001, 0b010, 0b100) for x in (0b001, 0b010, 0b100) if x != o
    ...  for turn in (0, 1)]
    [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
    """
    count_x, count_o = x.bit_count(), o.bit_count()
    index = comb(cells - count_o, count_x) * subset_rank(o) + subset_rank(squeezed(x, ~o & ((1 << cells) - 1)))
    return 2 * index + turn


def arrangement_rank(board: str, pieces: str = "-ox") -> int:
    """The place of ``board`` among the boards with its pieces, read from its last cell, in the
    order of ``pieces``: at each cell, the boards of the cells left that hold a smaller piece
    there come first (of ``ways`` boards of ``left`` cells, ``ways * count / left`` hold a
    given piece that ``count`` cells hold).

    >>> [arrangement_rank(board) for board in ("xo-", "ox-", "x-o", "-xo", "o-x", "-ox")]
    [0, 1, 2, 3, 4, 5]
    """
    counts = [board.count(piece) for piece in pieces]
    left = len(board)
    ways = factorial(left) // prod(factorial(count) for count in counts)
    rank = 0
    for cell in reversed(board):
        kind = pieces.index(cell)
        rank += ways * sum(counts[:kind]) // left
        ways = ways * counts[kind] // left
        counts[kind] -= 1
        left -= 1
    return rank


def tictactoe_locate(position: Position) -> tuple[str, int]:
    """Where GamesmanOne's tic-tac-toe database keeps ``position``: its tier's file and the least
    hash of its symmetric boards.

    >>> tictactoe_locate((0, "---------")), tictactoe_locate((1, "--------x")), tictactoe_locate((1, "----x----"))
    (('0p', 0), ('1p', 0), ('1p', 4))
    """
    cells = position[1]
    return (f"{len(cells) - cells.count('-')}p",
            min(arrangement_rank("".join(cells[cell] for cell in symmetry)) for symmetry in symmetries(3)))


def turned_at_random(position: Position, draw: random.Random) -> Position:
    """``position`` with its board turned or mirrored by one of its eight symmetries, drawn at
    random: gamesman keeps one position of each set alike, and looks the others up by it.

    >>> turned_at_random((1, "x-o------"), random.Random(1))
    (1, '--x-----o')
    """
    turn, cells = position
    symmetry = draw.choice(symmetries(isqrt(len(cells))))
    return turn, "".join(cells[cell] for cell in symmetry)


DOBUTSU = Dobutsu()
DSHOGI_PIECES = "LlGgEeHhCc-"  # GamesmanOne's board pieces, in the order of its hash
#: The least and most of each of those on the board, then of ``b``'s hand: giraffes, elephants,
#: chicks (DobutsuShogiInit's); ``w``'s hand holds what is left of the two of each kind.
DSHOGI_COUNTS = ((0, 1), (0, 1), *[(0, 2)] * 8, (4, 11), (0, 2), (0, 2), (0, 2))
DSHOGI_MIRROR = (2, 1, 0, 5, 4, 3, 8, 7, 6, 11, 10, 9)  # its one symmetry: left and right swapped


@cache
def dshogi_offsets() -> tuple[np.ndarray, int]:
    """For each count of the pieces (``DSHOGI_COUNTS``), by GamesmanOne's number of it (the
    first piece's count varying fastest), the first hash of its boards (without the turn), or
    -1 when DobutsuShogiIsValidConfig refuses it: the board full, a lion on it, no more than
    two pieces of a kind on the board and in ``b``'s hand; and the hashes of all the boards.
    Twice that (the turn) is GamesmanOne's count of positions, its ``GetNumPositions``:

    >>> 2 * dshogi_offsets()[1]
    4234908456
    """
    least = np.array([low for low, _ in DSHOGI_COUNTS], np.int8)[:, None]
    spans = [most - low + 1 for low, most in DSHOGI_COUNTS]
    counts = np.indices(spans[::-1], np.int8).reshape(len(spans), -1)[::-1] + least  # counts[i]: piece i's
    board, hands = counts[:len(DSHOGI_PIECES)], counts[len(DSHOGI_PIECES):]
    kinds = [board[at:at + 2].sum(axis=0, dtype=np.int8) for at in range(0, 10, 2)]  # lions, giraffes, ... chicks
    valid = np.flatnonzero((board.sum(axis=0, dtype=np.int8) == CELLS) & (kinds[0] >= 1) & (kinds[1] + hands[0] <= 2)
                           & (kinds[2] + hands[1] <= 2) & (kinds[3] + kinds[4] + hands[2] <= 2))
    factorials = np.array([factorial(n) for n in range(CELLS + 1)], np.int64)
    boards = np.zeros(counts.shape[1], np.int64)
    boards[valid] = factorial(CELLS) // factorials[board[:, valid]].prod(axis=0)
    ends = np.cumsum(boards)
    offsets = np.full(counts.shape[1], -1, np.int64)
    offsets[valid] = (ends - boards)[valid]
    return offsets, int(ends[-1])


def dshogi_hash(position: DobutsuPosition) -> int:
    """GamesmanOne's generic hash of a Dōbutsu position: the first hash of its count of pieces,
    plus the rank of its board (``arrangement_rank`` in the order ``DSHOGI_PIECES``), times
    two, plus 1 when ``w`` is to move.  The start, as GamesmanOne hashes it:

    >>> dshogi_hash(DOBUTSU.start())
    1104448748
    """
    turn, board, hands = position
    number = 0  # GamesmanOne's ConfigToIndex
    for count, (least, most) in reversed(list(zip([*map(board.count, DSHOGI_PIECES), *hands[:3]], DSHOGI_COUNTS))):
        number = number * (most - least + 1) + count - least
    offset = int(dshogi_offsets()[0][number])
    if offset < 0:
        raise SystemExit(f"GamesmanOne's Dōbutsu shōgi has no position {DOBUTSU.format_position(position)}")
    return 2 * (offset + arrangement_rank(board, DSHOGI_PIECES)) + turn


def dobutsu_locate(position: DobutsuPosition) -> tuple[str, int]:
    """Where GamesmanOne's Dōbutsu shōgi (its regular solver's one tier, ``dshogi_0``) keeps
    ``position``: the least hash of its board and its mirror image.

    >>> dobutsu_locate(DOBUTSU.start())
    ('dshogi_0', 1104448748)
    """
    mirrored = "".join(position.board[cell] for cell in DSHOGI_MIRROR)
    return "dshogi_0", min(dshogi_hash(position), dshogi_hash(position._replace(board=mirrored)))


def dobutsu_position(position: DobutsuPosition) -> str:
    """GamesmanOne's formal Dōbutsu position: the turn and board of its AutoGui string (the
    game's), then the counts of ``b``'s giraffes, elephants and chicks in hand, then ``w``'s.

    >>> dobutsu_position(DOBUTSU.parse_position("(w gl- -e- -E- -LG CC -)"))
    '2_gl--e--E--LG_002_000'
    """
    hands = "".join(map(str, position.hands))
    return f"{DOBUTSU.autogui_position(position)[:2 + CELLS]}_{hands[:3]}_{hands[3:]}"


def dobutsu_from_theirs(text: str) -> DobutsuPosition:
    """The gamesman position of GamesmanOne's formal Dōbutsu position ``text``.

    >>> DOBUTSU.format_position(dobutsu_from_theirs("2_gl--e--E--LG_002_000"))
    '(w gl- -e- -E- -LG CC -)'
    """
    return DobutsuPosition(int(text[0]) - 1, text[2:2 + CELLS], tuple(map(int, text[3 + CELLS:].replace("_", ""))))


def dobutsu_legal(position: DobutsuPosition) -> bool:
    """Whether the game's rules accept ``position`` (GamesmanOne's IsLegalPosition too: the
    lion of the player to move is not on its far rank).  gamesman's database keeps the
    arrangements that play cannot reach as well, such as these.

    >>> dobutsu_legal(DOBUTSU.start()), dobutsu_legal(DOBUTSU.start()._replace(board="Lle-c--C-EgG"))
    (True, False)
    """
    try:
        DOBUTSU.parse_position(DOBUTSU.format_position(position))
    except GameError:
        return False
    return True


def dobutsu_alike(position: DobutsuPosition, draw: random.Random) -> DobutsuPosition:
    """``position`` mirrored at random, and seen from the other side at random (the game's
    ``turned_codes``: the board turned half round, the colours and hands swapped).

    >>> position = DOBUTSU.parse_position("(b gl- -e- -E- -LG CC -)")
    >>> [DOBUTSU.format_position(dobutsu_alike(position, random.Random(seed))) for seed in (0, 1, 4)]
    ['(b gl- -e- -E- -LG CC -)', '(b -lg -e- -E- GL- CC -)', '(w -lg -e- -E- GL- - cc)']
    """
    if draw.random() < 0.5:
        position = position._replace(board="".join(position.board[cell] for cell in DSHOGI_MIRROR))
    if draw.random() < 0.5:
        position = DOBUTSU.decode(int(DOBUTSU.turned_codes(np.array([DOBUTSU.encode(position)], np.int64))[0]))
    return position


VARIANTS = {
    "tictactoe": Variant("tictactoe(misere=false)", "mtttier", 0, tictactoe_position, tictactoe_from_theirs,
                         tictactoe_locate, turned_at_random),
    "quixo3": Variant("quixo(size=3)", "quixo", 2, quixo_position, quixo_from_theirs, quixo_locate, turned_at_random),
    "quixo4": Variant("quixo(size=4)", "quixo", 1, quixo_position, quixo_from_theirs, quixo_locate, turned_at_random),
    "dobutsu": Variant("dobutsu()", "dshogi", 0, dobutsu_position, dobutsu_from_theirs, dobutsu_locate, dobutsu_alike,
                       dobutsu_legal),
}


@dataclass
class Run:
    """What one solve took."""

    cpu: float
    wall: float
    peak: int  # bytes
    database: int  # bytes


def measured(command: list[str], env: dict[str, str], folder: Path) -> Run:
    """Run ``command`` in ``folder`` to its end: its processor time, wall time, peak memory and
    the bytes it left in ``folder`` (its database)."""
    started = time.perf_counter()
    child = subprocess.Popen(command, env=env, cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    errors = child.stderr.read().decode(errors="replace") if child.stderr else ""
    if child.returncode:
        raise SystemExit(f"{' '.join(command)} failed ({child.returncode}): {errors.strip()[-500:]}")
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss * 1024, folder_bytes(folder))


def folder_bytes(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def solve_ours(spec: str, workers: int, cache: str) -> None:
    """(In a process of its own.)  Solve ``spec`` from its start with ``workers`` and save the
    database, as ``gamesman solve`` solves it: in memory, in the game's own tiers when it takes
    them (Quixo 4x4), or over the game's parents (Dōbutsu shōgi, ``--large``)."""
    game = game_from_spec(spec)
    table = Results(game)
    if own_tiers(game) and (position_codes(game).index_size() or 0) > OWN_TIERS_IN_MEMORY:
        with local_runner(workers) as (run, _):
            table.add(TierRun(Path(cache, "tiers"), run, 1).solve(game, game.start()))
    elif game.capabilities.parents:
        table.add(solve_block(game, canonical_code(game, game.start()), workers=workers))
    else:
        table.add(solve(game, game.start(), workers=workers))
    table.save(Database(Path(cache)))


def run_ours(variant: Variant, workers: int, folder: Path) -> Run:
    command = [sys.executable, os.path.abspath(__file__), "--solve-ours", variant.spec, "--workers", str(workers),
               "--cache", str(folder)]
    return measured(command, dict(os.environ, GAMESMAN_CACHE=str(folder)), folder)


def their_arguments(variant: Variant) -> list[str]:
    return [variant.theirs, str(variant.variant)]


def run_theirs(program: str, variant: Variant, threads: int, folder: Path) -> Run:
    return measured([program, "solve", *their_arguments(variant)], dict(os.environ, OMP_NUM_THREADS=str(threads)),
                    folder)


def their_answers(program: str, variant: Variant, folder: Path, position: str) -> dict[str, str]:
    """GamesmanOne's answers for ``position`` and its children, by their position text, from its
    ``query`` command."""
    done = subprocess.run([program, "query", *their_arguments(variant), "--", position], cwd=folder,
                          capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"GamesmanOne refused {position}: {done.stderr.strip()}")
    reply = json.loads(done.stdout)
    return {entry["position"]: answer_text(entry) for entry in [reply] + reply.get("moves", [])}


def answer_text(entry: dict) -> str:
    """``win 7``, or ``draw`` (GamesmanOne's words are gamesman's)."""
    value = entry["positionValue"]
    return value if value == "draw" else f"{value} {entry['remoteness']}"


RECORD_BYTES = 2
VALUE_WORDS = {1: "lose", 2: "draw", 3: "tie", 4: "win"}  # GamesmanOne's values as stored (0: undecided)


class ArrayDatabase:
    """GamesmanOne's array database of one variant, read from its files.  A tier's file is
    opened once and read through its xz index (python-xz): a record costs the decompression
    of its block only as far as the record, and records asked in increasing order (``answers``)
    carry each block's decompressor on from where it stopped, so that a tier of billions of
    records is read in one pass, in the memory of a few blocks."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.tiers: dict[str, xz.XZFile] = {}

    def records(self, tier: str) -> xz.XZFile:
        """The file of ``tier``, opened."""
        if tier not in self.tiers:
            path = self.folder / f"{tier}.adb.xz"
            if not path.is_file():
                raise SystemExit(f"GamesmanOne's database has no tier {tier}: {path} is missing")
            try:
                self.tiers[tier] = xz.open(path)
            except xz.XZError as error:
                raise SystemExit(f"GamesmanOne's tier {tier} is not an xz file ({error}): {path}")
        return self.tiers[tier]

    def answer(self, tier: str, index: int) -> str:
        """``win 7`` or ``draw``: the record of hash ``index`` in ``tier``."""
        records = self.records(tier)
        if not 0 <= index < len(records) // RECORD_BYTES:
            raise SystemExit(f"GamesmanOne's tier {tier} has {len(records) // RECORD_BYTES:,} records, none at "
                             f"{index:,}")
        records.seek(RECORD_BYTES * index)
        value, remoteness = divmod(int.from_bytes(records.read(RECORD_BYTES), "little"), 1 << 12)
        if value not in VALUE_WORDS:
            raise SystemExit(f"GamesmanOne's tier {tier} holds no value at {index:,} (value {value})")
        return VALUE_WORDS[value] if value == 2 else f"{VALUE_WORDS[value]} {remoteness}"

    def answers(self, places: list[tuple[str, int]]) -> list[str]:
        """``answer`` of each of ``places`` (tier, index), read in increasing order."""
        found = [""] * len(places)
        for at in sorted(range(len(places)), key=places.__getitem__):
            found[at] = self.answer(*places[at])
        return found

    def close(self) -> None:
        for records in self.tiers.values():
            records.close()
        self.tiers.clear()


def check_reading(program: str, variant: Variant, folder: Path, database: ArrayDatabase, positions: list) -> int:
    """Ask GamesmanOne's ``query`` command about ``positions``: every answer it gives (the
    position's and each child's) must be the one read from its files.  The answers checked."""
    told: dict[str, str] = {}
    with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
        texts = [variant.their_position(position) for position in positions]
        for answers in pool.map(lambda text: their_answers(program, variant, folder, text), texts):
            told.update(answers)
    read = database.answers([variant.locate(variant.our_position(text)) for text in told])
    for (text, answer), found in zip(told.items(), read):
        if found != answer:
            raise SystemExit(f"{variant.spec}: GamesmanOne's query says {answer} for {text}, but its "
                             f"files read {found} here: this benchmark misreads them")
    return len(told)


@dataclass
class Comparison:
    """What a comparison found: positions compared, the positions of gamesman's database they
    were drawn from, those drawn that GamesmanOne has not (``Variant.legal``), answers of
    GamesmanOne's ``query`` checked against its files, seconds it took."""

    compared: int
    held: int
    left_out: int
    checked: int
    seconds: float


def drawn_positions(variant: Variant, store: Store, samples: int, draw: random.Random) -> tuple[list, int]:
    """``samples`` distinct positions drawn at random from those ``store`` holds (all of them
    when it holds fewer), less those GamesmanOne has not (``variant.legal``), each turned or
    mirrored at random (``variant.alike``), in the order of their codes; and how many drawn
    were left out.  Only the codes drawn are read (``Store.codes_at``), never the whole list."""
    coder = position_codes(game_from_spec(variant.spec))
    wanted = min(samples, store.count)
    seen: set[int] = set()
    found: list[tuple[int, Any]] = []
    left_out = 0
    while len(found) < wanted and len(seen) < store.count:
        slots = np.array([slot for slot in draw.sample(range(store.count), min(store.count, 2 * (wanted - len(found))))
                          if slot not in seen], np.int64)
        seen.update(slots.tolist())
        order = np.argsort(slots)
        codes = np.empty(len(slots), np.int64)
        codes[order] = store.codes_at(slots[order])
        for code in codes.tolist():  # in the order drawn
            position = coder.decode(code)
            if variant.legal is not None and not variant.legal(position):
                left_out += 1
            elif len(found) < wanted:
                found.append((code, variant.alike(position, draw)))
            else:
                break
    found.sort(key=lambda pair: pair[0])  # near codes share the blocks both databases decompress
    return [position for _, position in found], left_out


def compare(program: str, variant: Variant, theirs: Path, ours: Path, samples: int, checks: int,
            seed: int) -> Comparison:
    """Compare the answers of ``samples`` distinct positions drawn from gamesman's database (all
    of them when fewer; ``drawn_positions``), ``checks`` of them, drawn at random, asked of
    GamesmanOne's ``query`` first."""
    started = time.perf_counter()
    game = game_from_spec(variant.spec)
    stored = Results(game)
    stored.load(Database(ours))
    held = stored.store
    if isinstance(held, PartedStore):  # in parts, by the game's own tiers (Quixo 4x4): few enough to list
        held = Store.build(held.codes(), held.values16())
    if not isinstance(held, Store):
        raise SystemExit(f"{variant.spec}: gamesman's database is missing in {ours}")
    draw = random.Random(seed)
    positions, left_out = drawn_positions(variant, held, samples, draw)
    database = ArrayDatabase(theirs / "data" / variant.theirs / str(variant.variant) / "arraydb")
    try:
        checked = check_reading(program, variant, theirs, database, draw.sample(positions, min(checks, len(positions))))
        theirs_read = database.answers([variant.locate(position) for position in positions])
    finally:
        database.close()
    for position, their_answer in zip(positions, theirs_read):
        mine = str(unpack(stored.get(position)))
        if mine != their_answer:
            raise SystemExit(f"{variant.spec}: {game.format_position(position)} is {mine} here but "
                             f"{their_answer} in GamesmanOne ({variant.their_position(position)})")
    return Comparison(len(positions), held.count, left_out, checked, time.perf_counter() - started)


SUBMODULES = {"json-c": "lib/json-c", "xz": "lib/xz", "lz4": "lib/lz4/build/cmake"}


def build_gamesmanone(source: Path, build: Path) -> Path:
    """Build GamesmanOne's checkout ``source`` by its own CMake build, its build folders in
    ``build`` (see the module's docstring): its program."""
    for lists in SUBMODULES.values():
        if not (source / lists / "CMakeLists.txt").is_file():
            raise SystemExit(f"--gamesmanone-source: {source / lists} has no CMakeLists.txt; check GamesmanOne out "
                             "with its submodules (git clone --recursive)")
    build.mkdir(parents=True, exist_ok=True)
    log = build / "build.log"
    cores = str(os.cpu_count() or 1)
    steps: list[list[str]] = []
    for name, lists in SUBMODULES.items():
        folder = str(build / name)
        steps += [["cmake", "-S", str(source / lists), "-B", folder, "-DCMAKE_BUILD_TYPE=Release",
                   "-DBUILD_SHARED_LIBS=OFF", f"-DCMAKE_INSTALL_PREFIX={source.resolve() / 'res'}"],
                  ["cmake", "--build", folder, "--parallel", cores], ["cmake", "--install", folder]]
    steps += [["cmake", "-S", str(source), "-B", str(build / "gamesman"), "-DCMAKE_BUILD_TYPE=Release"],
              ["cmake", "--build", str(build / "gamesman"), "--parallel", cores]]
    with log.open("w") as output:
        for step in steps:
            print("$", " ".join(step), file=output, flush=True)
            try:
                done = subprocess.run(step, stdout=output, stderr=subprocess.STDOUT)
            except FileNotFoundError:
                raise SystemExit("--gamesmanone-source: cmake is not installed (see this file's docstring)")
            if done.returncode:
                raise SystemExit(f"GamesmanOne's build failed at `{' '.join(step)}`: see {log}")
    program = source / "bin" / "gamesman"
    if not os.access(program, os.X_OK):
        raise SystemExit(f"GamesmanOne's build made no {program}: see {log}")
    return program


# -- the rules, move by move (--rules) ------------------------------------------------------------

#: A program of GamesmanOne's game code (built with ``-DRULES_DSHOGI`` or ``-DRULES_QUIXO`` beside
#: its source by ``build_rule_programs``): the variant's number on the first line in, then one
#: formal position a line; out, for each, ``LEGAL VALUE PLACE | CHILD ... | CANONICAL ...`` (no
#: children when it has ended).
RULES_C = r"""
#include <stdio.h>
#if defined(RULES_DSHOGI)
#include "games/dshogi/dshogi.c"
const Solver kRegularSolver;
typedef Position Place;
#define NUM_MOVES_MAX kRegularSolverNumMovesMax
static int Setup(int variant) { return variant == 0 ? DobutsuShogiInit(NULL) : kRuntimeError; }
#define IS_FORMAL DobutsuShogiIsLegalFormalPosition
#define FROM_FORMAL DobutsuShogiFormalPositionToPosition
#define TO_FORMAL DobutsuShogiPositionToFormalPosition
#define IS_LEGAL DobutsuShogiIsLegalPosition
#define PRIMITIVE DobutsuShogiPrimitive
#define GENERATE_MOVES DobutsuShogiGenerateMoves
#define DO_MOVE DobutsuShogiDoMove
#define CANONICAL_CHILDREN DobutsuShogiGetCanonicalChildPositions
static void PrintPlace(Place p) { printf("dshogi_0:%lld", (long long)DobutsuShogiGetCanonicalPosition(p)); }
#else
#include "games/quixo/quixo.c"
const Solver kTierSolver;
typedef TierPosition Place;
#define NUM_MOVES_MAX kTierSolverNumMovesMax
static int Setup(int variant) {
    int error = QuixoInit(NULL);
    return error != kNoError ? error : QuixoSetVariantOption(0, variant);
}
#define IS_FORMAL QuixoIsLegalFormalPosition
#define FROM_FORMAL QuixoFormalPositionToTierPosition
#define TO_FORMAL QuixoTierPositionToFormalPosition
#define IS_LEGAL QuixoIsLegalPosition
#define PRIMITIVE QuixoPrimitive
#define GENERATE_MOVES QuixoGenerateMoves
#define DO_MOVE QuixoDoMove
#define CANONICAL_CHILDREN QuixoGetCanonicalChildPositions
static void PrintPlace(Place p) {
    char name[kDbFileNameLengthMax + 1];
    QuixoGetTierName(p.tier, name);
    printf("%s:%lld", name, (long long)QuixoGetCanonicalPosition(p));
}
#endif

static const char *ValueName(Value value) {
    return value == kWin ? "win" : value == kLose ? "lose" : value == kUndecided ? "undecided" : "other";
}

static void PrintFormal(Place p) {
    CString text = TO_FORMAL(p);
    printf(" %s", text.str);
    CStringDestroy(&text);
}

int main(void) {
    int variant;
    char line[256];
    if (!fgets(line, sizeof(line), stdin) || sscanf(line, "%d", &variant) != 1) return 2;
    if (Setup(variant) != kNoError) return 2;
    while (fgets(line, sizeof(line), stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (!IS_FORMAL(line)) {
            puts("bad");
            continue;
        }
        Place p = FROM_FORMAL(line), children[NUM_MOVES_MAX];
        Value value = PRIMITIVE(p);
        printf("%d %s ", (int)IS_LEGAL(p), ValueName(value));
        PrintPlace(p);
        printf(" |");
        if (value != kUndecided) {  /* the solvers expand no position that has ended */
            puts(" |");
            continue;
        }
        Move moves[NUM_MOVES_MAX];
        int count = GENERATE_MOVES(p, moves);
        for (int i = 0; i < count; ++i) PrintFormal(DO_MOVE(p, moves[i]));
        printf(" |");
        count = CANONICAL_CHILDREN(p, children);
        for (int i = 0; i < count; ++i) PrintFormal(children[i]);
        putchar('\n');
    }
    return 0;
}
"""
#: GamesmanOne's ``config.h`` as its build writes it (the rule programs need only its cache line).
RULES_CONFIG_H = '#define GM_VERSION "1.3.0"\n#define GM_DATE "2025-04-26"\n#define GM_CACHE_LINE_SIZE 64\n'


def dobutsu_features(position: DobutsuPosition) -> list[str]:
    """What a Dōbutsu position shows of the rules that ``--rules`` tallies."""
    turn, board, hands = position
    found = []
    if any(hands):
        found.append("pieces in hand")
    if "H" in board or "h" in board:
        found.append("a hen")
    if "C" in board[:3] or "c" in board[-3:]:
        found.append("a chick on its far rank (dropped there)")
    if "L" in board[3:6] or "l" in board[6:9]:
        found.append("a lion a row from its far rank")
    own, other = ("L", "l") if turn == 0 else ("l", "L")
    if own not in board:
        found.append("the lion of the player to move taken")
    elif board.index(other) in ((9, 10, 11) if turn == 0 else (0, 1, 2)):
        found.append("a try: the lion of the player who moved on its far rank")
    return found


@cache
def quixo_game(size: int) -> Any:
    """gamesman's Quixo of ``size`` x ``size``."""
    return game_from_spec(f"quixo(size={size})")


def quixo_features(position: Position) -> list[str]:
    """What a Quixo position shows of the rules that ``--rules`` tallies: whose lines it has."""
    turn, cells = position
    game = quixo_game(isqrt(len(cells)))
    lines = [game.has_line(cells, player) for player in (turn, 1 - turn)]
    return [("no line", "a line of the other player only", "a line of the player to move only",
             "lines of both players")[2 * lines[0] + lines[1]]]


#: The variants whose rules ``--rules`` compares (Quixo 5x5 too, which neither solves), each with
#: what its positions show that the comparison tallies.
RULE_VARIANTS: dict[str, tuple[Variant, Callable[[Any], list[str]]]] = {
    "dobutsu": (VARIANTS["dobutsu"], dobutsu_features),
    "quixo3": (VARIANTS["quixo3"], quixo_features),
    "quixo4": (VARIANTS["quixo4"], quixo_features),
    "quixo5": (Variant("quixo(size=5)", "quixo", 0, quixo_position, quixo_from_theirs, quixo_locate, turned_at_random),
               quixo_features),
}


def build_rule_programs(source: Path, build: Path) -> dict[str, Path]:
    """Compile ``RULES_C`` with GamesmanOne's game code for ``dshogi`` and ``quixo`` from its
    checkout ``source`` (no submodules needed) into ``build``: each game's program."""
    code = source / "src"
    for game in ("dshogi", "quixo"):
        if not (code / "games" / game / f"{game}.c").is_file():
            raise SystemExit(f"--gamesmanone-source: {source} has no src/games/{game}/{game}.c")
    build.mkdir(parents=True, exist_ok=True)
    (build / "rules.c").write_text(RULES_C)
    (build / "config.h").write_text(RULES_CONFIG_H)
    core = code / "core"
    common = [core / name for name in ("misc.c", "gamesman_memory.c", "concurrency.c", "constants.c")]
    # int64_cache.c, which the two games do not use, does not build beside zlib's header
    common += sorted(path for path in (core / "data_structures").glob("*.c") if path.name != "int64_cache.c")
    common += sorted((core / "types").rglob("*.c"))
    hashes = {"dshogi": [core / "hash" / "generic.c", core / "hash" / "generic_context.c"],
              "quixo": [core / "hash" / "x86_simd_two_piece.c"]}
    programs = {}
    for game, sources in hashes.items():
        program = build / f"{game}_rules"
        command = [os.environ.get("CC", "cc"), "-O2", "-std=c11", "-D_GNU_SOURCE", "-march=native", "-fopenmp",
                   f"-DRULES_{game.upper()}", f"-I{build}", f"-I{code}", "-o", str(program), str(build / "rules.c"),
                   *map(str, common + sources), "-lm", "-lz", "-llzma"]
        try:
            done = subprocess.run(command, capture_output=True, text=True)
        except FileNotFoundError:
            raise SystemExit(f"no C compiler {command[0]} (see this file's docstring)")
        if done.returncode:
            raise SystemExit(f"GamesmanOne's {game} rules did not build: {done.stderr.strip()[-2000:]}")
        programs[game] = program
    return programs


def random_positions(game: Game, count: int, draw: random.Random) -> list:
    """``count`` distinct positions that play from the start reaches, drawn by random play, or
    every one it reaches when there are no more than ``count`` (``reachable_positions``):
    games of random moves, each stopped at its end or at a random length of up to 300 plies,
    a position kept at one ply in four and at the end of each game.  In half the games each
    player, when it can, makes a move that ends the game or takes a piece (a position's hands
    grow: Dōbutsu shōgi) one time in three, so that play reaches more of the ends, tries and
    drops."""
    every = reachable_positions(game, count)
    if every is not None:
        return every
    found: dict[Any, None] = {}
    while len(found) < count:
        position, plies, sharp = game.start(), draw.randint(1, 300), draw.random() < 0.5
        for _ in range(plies):
            if draw.random() < 0.25:
                found[position] = None
            moves = game.moves(position)
            if not moves:
                break
            move = draw.choice(moves)
            if sharp and draw.random() < 1 / 3:
                telling = [m for m in moves if sharper(game, position, game.play(position, m))]
                move = draw.choice(telling) if telling else move
            position = game.play(position, move)
        found[position] = None
    return list(found)[:count]


def reachable_positions(game: Game, most: int) -> list | None:
    """Every position that play from the start reaches (the solver's graph of them), if there
    are no more than ``most``; else None (found out after ``most`` + 1 of them)."""
    try:
        return Graph(game, game.start(), {}, None, most).positions
    except TooLarge:
        return None


def sharper(game: Game, position: Any, child: Any) -> bool:
    """Whether the move from ``position`` to ``child`` ends the game or takes a piece."""
    return game.outcome(child) is not None or sum(getattr(child, "hands", ())) > sum(getattr(position, "hands", ()))


def alike_images(position: Any) -> list:
    """``position`` and the positions alike under GamesmanOne's symmetries: the mirror image
    for Dōbutsu shōgi, the board turned and mirrored for Quixo."""
    if isinstance(position, DobutsuPosition):
        return [position, position._replace(board="".join(position.board[cell] for cell in DSHOGI_MIRROR))]
    turn, cells = position
    return [(turn, "".join(cells[cell] for cell in symmetry)) for symmetry in symmetries(isqrt(len(cells)))]


def their_rules(program: Path, variant: Variant, texts: list[str]) -> list[str]:
    """The rule program's line for each of ``texts`` (GamesmanOne's formal positions)."""
    done = subprocess.run([str(program)], input="\n".join([str(variant.variant), *texts]) + "\n",
                          capture_output=True, text=True)
    lines = done.stdout.splitlines()
    if done.returncode or len(lines) != len(texts):
        raise SystemExit(f"{program} failed ({done.returncode}): {done.stderr.strip()[-500:]}")
    return lines


@dataclass
class RulesComparison:
    """What ``compare_rules`` found: positions compared, how many of them each program calls won,
    lost or in play, how many show each feature tallied, children compared, and each kind of
    disagreement with its count and first examples."""

    compared: int
    values: dict[str, int]
    features: dict[str, int]
    children: int
    differences: dict[str, list[str]]
    counts: dict[str, int]
    seconds: float


def our_value(game: Game, position: Any) -> str:
    """``win``, ``lose`` or ``undecided``: how the rules leave ``position`` for the player to move."""
    result = game.outcome(position)
    if result is None:
        return "undecided"
    turn = game.to_move(position)
    return "win" if result[turn] > result[1 - turn] else "lose"


ENDS = {int(End.PLAYING): "undecided", int(End.WON): "win", int(End.LOST): "lose"}


def compare_rules(program: Path, variant: Variant, features: Callable[[Any], list[str]], count: int, seed: int,
                  chunk: int = 5000) -> RulesComparison:
    """Compare gamesman's rules with GamesmanOne's on ``count`` positions random play reaches
    (``random_positions``): GamesmanOne must accept each (its ``IsLegalPosition``) and keep it
    where ``variant.locate`` says (its canonical position); its ``Primitive`` must be the value
    the rules give (``outcome``, and ``batch_expand``'s end); of a position in play, the
    positions its moves lead to must be the ones gamesman's moves lead to (``moves`` and
    ``play``, and ``batch_expand``'s children), the other player to move in each, its canonical
    children one of each set alike of them (the sets gamesman's ``canonical_codes`` makes), and,
    when the game gives parents (``batch_parents``, Dōbutsu shōgi), the position one of the
    parents of each child that a solve walks back from (one in a block, ``code_block``: not
    just after a lion is taken)."""
    started = time.perf_counter()
    game = game_from_spec(variant.spec)
    coder, expander = position_codes(game), batch_expansion(game)
    alike = symmetries_of(game)
    draw = random.Random(seed)
    positions = random_positions(game, count, draw)
    values = {"win": 0, "lose": 0, "undecided": 0}
    shown: dict[str, int] = {}
    differences: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    compared_children = 0

    def differ(kind: str, position: Any, detail: str) -> None:
        counts[kind] = counts.get(kind, 0) + 1
        examples = differences.setdefault(kind, [])
        if len(examples) < 3:
            examples.append(f"{game.format_position(position)} ({variant.their_position(position)}): {detail}")

    def in_block(code: int) -> bool:  # whether a solve walks back from the position
        try:
            parents(game).code_block(code)
        except GameError:
            return False
        return True

    def key(text: str) -> str:  # one name for each set alike
        return min(variant.their_position(image) for image in alike_images(variant.our_position(text)))

    for at in range(0, len(positions), chunk):
        batch = positions[at:at + chunk]
        lines = their_rules(program, variant, [variant.their_position(position) for position in batch])
        codes = np.array([coder.encode(position) for position in batch], np.int64)
        movers, ends, rows, child_codes = expander.batch_expand(codes)
        compiled: list[set[str]] = [set() for _ in batch]
        for row, child in zip(rows.tolist(), child_codes.tolist()):
            compiled[row].add(variant.their_position(coder.decode(child)))
        if game.capabilities.parents:
            distinct = np.unique(child_codes)
            tallies, listed = parents(game).batch_parents(distinct)
            starts = np.concatenate(([0], np.cumsum(tallies)))
            parents_of = {int(child): set(listed[starts[i]:starts[i + 1]].tolist()) for i, child in enumerate(distinct)}
        for index, (position, line) in enumerate(zip(batch, lines)):
            turn = game.to_move(position)
            mine = our_value(game, position)
            values[mine] += 1
            for feature in features(position):
                shown[feature] = shown.get(feature, 0) + 1
            if int(movers[index]) != turn or ENDS[int(ends[index])] != mine:
                differ("compiled value", position, f"batch_expand: mover {movers[index]}, end "
                       f"{ENDS[int(ends[index])]}; the rules: {mine}")
            if line == "bad":
                differ("refused", position, "GamesmanOne refuses its formal position")
                continue
            head, their_children, their_canonical = line.split("|")
            legal, theirs, place = head.split()
            if legal != "1":
                differ("illegal", position, "GamesmanOne's IsLegalPosition refuses it")
            tier, hashed = variant.locate(position)
            if place != f"{tier}:{hashed}":
                differ("place", position, f"GamesmanOne keeps it at {place}, the benchmark reads {tier}:{hashed}")
            if theirs != mine:
                differ("value", position, f"GamesmanOne's Primitive: {theirs}; gamesman: {mine}")
            if theirs != "undecided" or mine != "undecided":
                continue
            moves = game.moves(position)
            children = [game.play(position, move) for move in moves]
            ours = {variant.their_position(child) for child in children}
            told = their_children.split()
            compared_children += len(told)
            if set(told) != ours:
                differ("children", position, f"GamesmanOne's only: {sorted(set(told) - ours)}; gamesman's only: "
                       f"{sorted(ours - set(told))}")
            if len(told) != len(moves):
                differ("move count", position, f"GamesmanOne {len(told)} moves, gamesman {len(moves)}")
            if compiled[index] != ours:
                differ("compiled children", position, f"batch_expand's only: {sorted(compiled[index] - ours)}; "
                       f"play's only: {sorted(ours - compiled[index])}")
            if any(game.to_move(child) != 1 - turn for child in children) or \
                    any(text[0] != str(2 - turn) for text in told):
                differ("turn", position, "a child with the same player to move")
            canonical = their_canonical.split()
            keys = {key(text) for text in ours}
            if {key(text) for text in canonical} != keys or len(canonical) != len(keys):
                differ("canonical children", position, f"GamesmanOne's {sorted(canonical)}; gamesman's sets alike "
                       f"{sorted(keys)}")
            ours_canonical = alike.canonical_codes(np.array([coder.encode(child) for child in children], np.int64))
            if len(set(zip(map(key, map(variant.their_position, children)), ours_canonical.tolist()))) != len(keys) \
                    or len(set(ours_canonical.tolist())) != len(keys):
                differ("symmetry", position, "gamesman's canonical_codes make other sets alike than GamesmanOne's")
            if game.capabilities.parents and any(int(codes[index]) not in parents_of[coder.encode(child)]
                                                 for child in children if in_block(coder.encode(child))):
                differ("parents", position, "batch_parents of a child leaves the position out")
    return RulesComparison(len(positions), values, shown, compared_children, differences, counts,
                           time.perf_counter() - started)


def report_rules(variant: Variant, found: RulesComparison) -> None:
    """Print what ``compare_rules`` found."""
    print(f"`{variant.spec}`: {found.compared:,} positions that play reaches ({found.values['win']:,} won, "
          f"{found.values['lose']:,} lost and {found.values['undecided']:,} in play for the player to move), "
          f"{found.children:,} children compared; {found.seconds:.1f} s", flush=True)
    tallies = ", ".join(f"{feature}: {tally:,}" for feature, tally in sorted(found.features.items()))
    print(f"`{variant.spec}`: {tallies}", flush=True)
    if not found.differences:
        print(f"`{variant.spec}`: the rules agree on every one", flush=True)
    for kind, examples in found.differences.items():
        print(f"`{variant.spec}`: {found.counts[kind]:,} disagree ({kind}), such as:", flush=True)
        for example in examples:
            print(f"    {example}", flush=True)

def check_rules(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """``--rules``: build the rule programs and compare each variant's rules; exit 1 when any
    disagree."""
    if not args.gamesmanone_source or not Path(args.gamesmanone_source).is_dir():
        parser.error("--rules: give GamesmanOne's checkout as --gamesmanone-source (its submodules are not needed)")
    if args.rules < 1:
        parser.error(f"--rules: at least 1, not {args.rules}")
    names = (args.variants or ",".join(RULE_VARIANTS)).split(",")
    unknown = set(names) - set(RULE_VARIANTS)
    if unknown:
        parser.error(f"--variants: no variant {', '.join(sorted(unknown))} for --rules (of {', '.join(RULE_VARIANTS)})")
    source = Path(args.gamesmanone_source)
    programs = build_rule_programs(source, Path(args.gamesmanone_build or source / "build-bench") / "rules")
    agree = True
    for name in names:
        variant, features = RULE_VARIANTS[name]
        found = compare_rules(programs[variant.theirs], variant, features, args.rules, args.seed)
        report_rules(variant, found)
        agree = agree and not found.differences
    if not agree:
        raise SystemExit(1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--gamesmanone-source", metavar="DIR", help="a checkout of GamesmanOne with its "
                        "submodules, built here by its own build")
    parser.add_argument("--gamesmanone-build", metavar="DIR", help="the folder of that build's build folders "
                        "(default: DIR/build-bench)")
    parser.add_argument("--gamesmanone", metavar="PATH", help="GamesmanOne's program built before (bin/gamesman), "
                        "instead of --gamesmanone-source")
    parser.add_argument("--variants", help=f"of {', '.join(VARIANTS)} (default: all); with --rules, of "
                        f"{', '.join(RULE_VARIANTS)} (default: all)")
    parser.add_argument("--rules", type=int, metavar="N", help="compare the rules instead, move by move, on N "
                        "positions random play reaches in each variant, with GamesmanOne's game code built from "
                        "--gamesmanone-source (nothing is solved)")
    parser.add_argument("--samples", type=int, default=100_000, help="positions compared per variant")
    parser.add_argument("--checks", type=int, default=100, help="positions asked of GamesmanOne's query command "
                        "to check the reading of its files")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--threads", default="1,all", help="the thread counts to solve with: 1, all or both")
    parser.add_argument("--ours-from", metavar="CACHE", help="gamesman's database from an earlier `gamesman solve` "
                        "(its GAMESMAN_CACHE) instead of solving again, untimed: one variant only")
    parser.add_argument("--theirs-from", metavar="FOLDER", help="GamesmanOne's database from an earlier solve (the "
                        "folder it ran in) instead of solving again, untimed: with --ours-from")
    parser.add_argument("--solve-ours", help=argparse.SUPPRESS)
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--cache", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.solve_ours:
        solve_ours(args.solve_ours, args.workers, args.cache)
        return
    if args.rules is not None:
        check_rules(parser, args)
        return
    args.variants = args.variants or ",".join(VARIANTS)
    if args.gamesmanone_source and args.gamesmanone:
        parser.error("--gamesmanone: give it or --gamesmanone-source, not both")
    if args.gamesmanone_build and not args.gamesmanone_source:
        parser.error("--gamesmanone-build: give --gamesmanone-source too")
    if args.gamesmanone_source and not Path(args.gamesmanone_source).is_dir():
        parser.error(f"--gamesmanone-source: {args.gamesmanone_source} is not a folder")
    if not args.gamesmanone_source and (not args.gamesmanone or not os.access(args.gamesmanone, os.X_OK)):
        parser.error("--gamesmanone-source: give GamesmanOne's checkout, or --gamesmanone its program built before "
                     "(see this file's docstring)")
    unknown = set(args.variants.split(",")) - set(VARIANTS)
    if unknown:
        parser.error(f"--variants: no variant {', '.join(sorted(unknown))} (of {', '.join(VARIANTS)})")
    if args.samples < 1:
        parser.error(f"--samples: at least 1, not {args.samples}")
    if args.checks < 0:
        parser.error(f"--checks: 0 or more, not {args.checks}")
    cores = os.cpu_count() or 1
    counts = {"1": 1, "all": cores}
    if not set(args.threads.split(",")) <= set(counts):
        parser.error(f"--threads: 1, all or 1,all, not {args.threads}")
    threads_run = sorted({counts[word] for word in args.threads.split(",")})
    if args.ours_from and "," in args.variants:
        parser.error("--ours-from: name one variant with --variants")
    if args.theirs_from and not args.ours_from:
        parser.error("--theirs-from: give --ours-from too")
    print(f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}, {cores} cores, "
          f"load {' '.join(f'{load:.1f}' for load in os.getloadavg())}")
    program = args.gamesmanone
    if args.gamesmanone_source:
        source = Path(args.gamesmanone_source)
        started = time.perf_counter()
        program = str(build_gamesmanone(source, Path(args.gamesmanone_build or source / "build-bench")))
        print(f"GamesmanOne built from {source} in {time.perf_counter() - started:.0f} s", flush=True)
    print("| variant | solver | threads | cpu s | wall s | peak MB | database bytes |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name in args.variants.split(","):
        variant = VARIANTS[name]
        with tempfile.TemporaryDirectory() as scratch:
            for threads in threads_run:
                for solver in ("gamesman", "GamesmanOne")[(1 if args.ours_from else 0):(1 if args.theirs_from else 2)]:
                    folder = Path(scratch, f"{solver}-{threads}")
                    folder.mkdir()
                    run = (run_ours(variant, threads, folder) if solver == "gamesman"
                           else run_theirs(program, variant, threads, folder))
                    print(f"| `{variant.spec}` | {solver} | {threads} | {run.cpu:.2f} | {run.wall:.2f} | "
                          f"{run.peak / 1e6:.0f} | {run.database:,} |", flush=True)
            for solver, given in (("gamesman", args.ours_from), ("GamesmanOne", args.theirs_from)):
                if given:
                    print(f"`{variant.spec}`: {solver}'s database is read from {given}, solved before: this run "
                          f"does not time its solve", flush=True)
            last = threads_run[-1]
            ours = Path(args.ours_from) if args.ours_from else Path(scratch, f"gamesman-{last}")
            theirs = Path(args.theirs_from) if args.theirs_from else Path(scratch, f"GamesmanOne-{last}")
            found = compare(program, variant, theirs, ours, args.samples, args.checks, args.seed)
            alike = " up to symmetry" if game_from_spec(variant.spec).capabilities.symmetries else ""
            refused = (f" ({found.left_out:,} more drawn were left out: GamesmanOne has no such position, the rules "
                       f"refuse it)") if found.left_out else ""
            print(f"`{variant.spec}`: {found.compared:,} positions agree, drawn at random of the {found.held:,} in "
                  f"gamesman's database{alike}{refused}; {found.checked:,} answers of GamesmanOne's query agree with "
                  f"its files; {found.seconds:.1f} s", flush=True)

if __name__ == "__main__":
    main()
