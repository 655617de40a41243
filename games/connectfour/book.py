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
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, cast

if TYPE_CHECKING:
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


def positions_up_to(game, depth: int) -> list:
    """Every position of at most ``depth`` pieces, the game still on, one of each mirror pair,
    fewest pieces last (so that deeper positions, quicker to search, help the shallower ones)."""
    seen, level, found = set(), [game.start()], []
    for _ in range(depth + 1):
        following = []
        for position in level:
            cells = position[1]
            mirrored = "".join(cells[row:row + game.cols][::-1] for row in range(0, game.size, game.cols))
            if min(cells, mirrored) in seen or game.outcome(position) is not None:
                continue
            seen.add(min(cells, mirrored))
            found.append(position)
            following += [game.play(position, move) for move in game.moves(position)]
        level = following
    return found[::-1]


def main(argv: list[str] | None = None) -> int:
    from gamesman.contract.progress import Progress
    from gamesman.contract.registry import make_game

    parser = argparse.ArgumentParser(prog="python -m gamesman.games.connectfour.book",
                                     description="Fill Connect Four's opening book with every position "
                                                 "of up to DEPTH pieces (resumable).")
    parser.add_argument("--depth", type=int, default=2, help="pieces on the board, at most (default 2)")
    parser.add_argument("--rows", type=int, default=6)
    parser.add_argument("--cols", type=int, default=7)
    args = parser.parse_args(argv)
    game = cast("ConnectFour", make_game("connectfour", rows=args.rows, cols=args.cols))
    if not game.exact_on_demand():
        print(f"gamesman: {game.spec} is not answered by the exact search", file=sys.stderr)
        return 2
    positions = positions_up_to(game, args.depth)
    progress = Progress(f"opening book of {game.spec}")
    try:
        for done, position in enumerate(positions, start=1):
            turn, cells, _ = position
            mover, other = game.player_names[turn], game.player_names[1 - turn]
            searching = f"searching position {done:,} of {len(positions):,}"
            game.exact.result(cells, mover, other, lambda _, nodes, __: progress(searching, nodes, None),
                              keep=True)  # searched and written down, unless in the book
            progress("positions", done, len(positions))
    except KeyboardInterrupt:
        progress.finish()
        print(f"stopped; {len(game.book):,} positions in {game.book.path}; run again to go on", file=sys.stderr)
        return 130
    progress.finish()
    print(f"{len(positions):,} positions of up to {args.depth} pieces; {len(game.book):,} in {game.book.path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
