"""An opening book for Connect Four's exact search, kept in the user's cache directory.

The book holds exact scores found by the search itself: every position whose search
took long (the empty board, the first moves) is written down as soon as it is found,
and ``python -m gamesman.games.connectfour.book --depth N`` searches every position of
up to N pieces and writes each down, however quick its search was: a position the
search reached quickly only because the positions after it were searched just before
would take long again in a new process (resumable: what is in the book is not searched
again; Ctrl-C stops it, keeping what was found).  A position and its mirror image
share an entry.  The answers never depend on the book: it only saves searching again.

The file is plain text, one ``key score`` line per position (the key as the search's
table takes it: see ``kernels.table_key``), appended as positions are found; a line that does not read (a write
cut short) is left out.

The package also carries the first player's winning lines of the standard 6x7 game
(:class:`WinningLines`, read by the ``threats`` player): for every position of up to a
few pieces that the first player reaches by following them, whatever the second
plays, a move that keeps the win, each found by the exact search
(``python -m gamesman.games.connectfour.book --lines PIECES --out FILE`` writes them; a
line that took the search long is no quicker to find again in play).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Callable, cast

from gamesman.boards import text as boards

if TYPE_CHECKING:
    from gamesman.contract.progress import Progress
    from gamesman.games.connectfour import ConnectFour


class Book:
    """Exact scores by position key, read from and appended to one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._scores: dict[int, int] | None = None

    @classmethod
    def of(cls, spec: str) -> "Book":
        """The book of a variant (by its spec string), in the user's cache directory."""
        from gamesman.solver.database import cache_directory

        return cls(cache_directory() / f"book-{spec}.txt")

    @property
    def scores(self) -> dict[int, int]:
        if self._scores is None:
            self._scores = {}
            try:
                lines = self.path.read_text().splitlines()
            except OSError:
                lines = []
            for line in lines:
                words = line.split()
                if len(words) == 2 and all(word.lstrip("-").isdigit() for word in words):
                    self._scores[int(words[0])] = int(words[1])
        return self._scores

    def __len__(self) -> int:
        return len(self.scores)

    def get(self, key: int) -> int | None:
        return self.scores.get(key)

    def add(self, key: int, score: int) -> None:
        """Keep a score, on disk at once (a failure to write is reported, never fatal)."""
        if self.scores.get(key) == score:
            return
        self.scores[key] = score
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self.path.open("a") as out:
                out.write(f"{key} {score}\n")
        except OSError as problem:
            print(f"gamesman: cannot write the opening book {self.path}: {problem}", file=sys.stderr)


#: The winning lines the package carries, by variant (see WinningLines).
LINES_FILES = {"connectfour(rows=6,cols=7,in_a_row=4,misere=false)": "lines-6x7.txt"}


def canonical(game: "ConnectFour", cells: str) -> tuple[str, bool]:
    """One of a position's cells and their mirror image (the smaller), and whether it is the mirror."""
    mirrored = "".join(cells[row:row + game.cols][::-1] for row in range(0, game.size, game.cols))
    return (mirrored, True) if mirrored < cells else (cells, False)


def reflected(game: "ConnectFour", column: int, mirrored: bool) -> int:
    """The column across the board when ``mirrored`` (a move between a position and its mirror)."""
    return game.cols - 1 - column if mirrored else column


class WinningLines:
    """Winning moves of the first player by position, one ``CELLS COLUMN`` line each (the
    cells row 1 first, one of each mirror pair; the column a letter), as ``write_lines`` wrote them.

    >>> from gamesman.contract.registry import make_game
    >>> lines = WinningLines.of(make_game("connectfour"))
    >>> lines.move(make_game("connectfour").start())   # the centre column, d
    3
    """

    def __init__(self, game: "ConnectFour", text: str) -> None:
        self.game = game
        self.moves: dict[str, int] = {}
        columns = {boards.column_name(column): column for column in range(game.cols)}
        for line in text.splitlines():
            words = line.split()
            if len(words) == 2 and len(words[0]) == game.size and words[1] in columns:
                self.moves[words[0]] = columns[words[1]]

    @classmethod
    def of(cls, game: "ConnectFour") -> "WinningLines | None":
        """The lines the package carries for the variant, or None."""
        from importlib.resources import files

        name = LINES_FILES.get(game.spec)
        if name is None:
            return None
        try:
            return cls(game, files("gamesman.games.connectfour").joinpath(name).read_text())
        except OSError:  # an installation without the file plays without the lines
            return None

    def move(self, position) -> int | None:
        """The winning move of the lines in ``position`` (a column), or None when it is not in them."""
        cells, mirrored = canonical(self.game, position[1])
        column = self.moves.get(cells)
        return None if column is None else reflected(self.game, column, mirrored)


def winning_move(game: "ConnectFour", position) -> int | None:
    """A move of the player to move after which the opponent loses (centre first), by the
    exact search (without a time limit), or None when there is none."""
    import math

    turn = position[0]
    pieces = game.player_names
    for column in game.exact.board.centre_first(game.moves(position)):
        child = game.play(position, column)
        ended = game.outcome(child)
        if ended is not None:
            if ended[turn] > ended[1 - turn]:
                return column
            continue
        mine, theirs = game.exact.board.masks_of(child[1], "-" + "".join(pieces), pieces[1 - turn], pieces[turn])
        if game.exact.outcome(mine, mine | theirs, math.inf) == -1:
            return column
    return None


def write_lines(game: "ConnectFour", pieces: int, out: Path, progress) -> int:
    """Write the first player's winning lines up to ``pieces`` pieces to ``out`` (see
    WinningLines), shallowest first, each line as it is found; the number of lines.  Lines
    already in ``out`` are kept and not searched again (resumable)."""
    found: dict[str, int] = {}
    known = WinningLines(game, out.read_text()).moves if out.exists() else {}
    level = [game.start()]
    with out.open("a") as handle:
        while level:
            following = []
            for position in level:
                cells, mirrored = canonical(game, position[1])
                if (game.size - cells.count("-") > pieces or game.outcome(position) is not None
                        or cells in found):
                    continue
                progress(f"searching a position of {game.size - cells.count('-')} pieces", len(found), None)
                if cells in known:
                    found[cells] = known[cells]
                else:
                    move = winning_move(game, position)
                    if move is None:
                        continue
                    found[cells] = reflected(game, move, mirrored)
                    handle.write(f"{cells} {boards.column_name(found[cells])}\n")
                    handle.flush()
                child = game.play(position, reflected(game, found[cells], mirrored))
                following += [game.play(child, reply) for reply in game.moves(child)]  # none once it ended
            level = following
    return len(found)


def positions_up_to(game, depth: int) -> list:
    """Every position of at most ``depth`` pieces, the game still on, one of each mirror pair,
    fewest pieces last (so that deeper positions, quicker to search, help the shallower ones)."""
    seen, level, found = set(), [game.start()], []
    for _ in range(depth + 1):
        following = []
        for position in level:
            cells = canonical(game, position[1])[0]
            if cells in seen or game.outcome(position) is not None:
                continue
            seen.add(cells)
            found.append(position)
            following += [game.play(position, move) for move in game.moves(position)]
        level = following
    return found[::-1]


def main(argv: list[str] | None = None) -> int:
    from gamesman.contract.registry import make_game

    parser = argparse.ArgumentParser(prog="python -m gamesman.games.connectfour.book",
                                     description="Fill Connect Four's opening book with every position "
                                                 "of up to DEPTH pieces (resumable).")
    parser.add_argument("--depth", type=int, default=2, help="pieces on the board, at most (default 2)")
    parser.add_argument("--lines", type=int, metavar="PIECES",
                        help="write the first player's winning lines up to PIECES pieces instead (to --out)")
    parser.add_argument("--out", type=Path, help="the file of --lines")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--cols", type=int, default=7)
    args = parser.parse_args(argv)
    game = cast("ConnectFour", make_game("connectfour", rows=args.rows, cols=args.cols))
    if not game.capabilities.exact_search:
        print(f"gamesman: {game.spec} is not answered by the exact search", file=sys.stderr)
        return 2
    if args.lines is not None:
        if args.out is None:
            parser.error("--lines needs --out FILE")
        out, pieces = args.out, args.lines
        return with_progress(f"winning lines of {game.spec}",
                             lambda progress: f"{write_lines(game, pieces, out, progress):,} winning lines of up to "
                                              f"{pieces} pieces in {out}",
                             lambda: f"stopped; the lines found so far are in {out}; run again to go on")
    positions = positions_up_to(game, args.depth)

    def fill(progress: "Progress") -> str:
        for done, position in enumerate(positions, start=1):
            turn, cells, _ = position
            mover, other = game.player_names[turn], game.player_names[1 - turn]
            searching = f"searching position {done:,} of {len(positions):,}"
            game.exact.result(cells, mover, other, lambda _, nodes, __: progress(searching, nodes, None),
                              keep=True)  # searched and written down, unless in the book
            progress("positions", done, len(positions))
        return f"{len(positions):,} positions of up to {args.depth} pieces; {len(game.book):,} in {game.book.path}"

    return with_progress(f"opening book of {game.spec}", fill,
                         lambda: f"stopped; {len(game.book):,} positions in {game.book.path}; run again to go on")


def with_progress(label: str, work: "Callable[[Progress], str]", stopped: "Callable[[], str]") -> int:
    """Run ``work`` with a progress line and print what it says it did (exit status 0), or,
    on Ctrl-C, what ``stopped`` says was kept (130)."""
    from gamesman.contract.progress import Progress

    progress = Progress(label)
    try:
        said = work(progress)
    except KeyboardInterrupt:
        progress.finish()
        print(stopped(), file=sys.stderr)
        return 130
    progress.finish()
    print(said)
    return 0

if __name__ == "__main__":
    sys.exit(main())
