"""Stones, a small game that the core's doctests and tests solve in place of a real one (the
core names no game): take one or two stones, or put one back on a pile of 4, 9, 14...; who
takes the last stone wins.  Putting back makes loops, so some positions are draws.

A position is ``(stones, player to move)``; its code is ``2 * stones + player``.

>>> game = NumberedStones()
>>> after = game.play(game.start(), -2)
>>> game.format_position(after), game.moves(after)
('(b 28)', [-1, -2])
>>> game.encode(game.parse_position("(b 4)")), game.moves((4, 1))  # 4 stones: one may go back
(9, [-1, -2, 1])
"""
from __future__ import annotations

from typing import Any

import numpy as np

from gamesman.contract.capabilities import BatchExpansion, Capabilities, End, Parents, PositionCodes, TurnSymmetry
from gamesman.contract.game import Game, two_player_result

Pile = tuple[int, int]  # (stones, player to move)


class Stones(Game[Pile, int]):
    """The rules alone: no position codes (a move is the change to the pile)."""

    name = "stones"
    title = "Stones"
    player_names = ("a", "b")
    #: The stones of the start.
    most = 30

    def declare(self) -> Capabilities:
        return Capabilities(players=2, loops=True)

    def start(self) -> Pile:
        return (self.most, 0)

    def to_move(self, position: Pile) -> int:
        return position[1]

    def moves(self, position: Pile) -> list[int]:
        stones = position[0]
        if stones == 0:
            return []
        return [-take for take in (1, 2) if take <= stones] + ([1] if stones % 5 == 4 else [])

    def play(self, position: Pile, move: int) -> Pile:
        return (position[0] + move, 1 - position[1])

    def outcome(self, position: Pile) -> tuple[float, float] | None:
        return two_player_result(1 - position[1]) if position[0] == 0 else None

    def parse_position(self, text: str) -> Pile:
        turn, stones = text.strip("()").split()
        return (int(stones), self.player_names.index(turn))

    def format_position(self, position: Pile) -> str:
        return f"({self.player_names[position[1]]} {position[0]})"


class NumberedStones(PositionCodes[Pile], BatchExpansion, Parents, Stones):
    """Stones with position codes, moves of many codes at once and their parents (the
    dense solver's hooks); one block holds every code."""

    def declare(self) -> Capabilities:
        return Capabilities(players=2, loops=True, position_codes=True, batch_expansion=True, parents=True)

    def encode(self, position: Pile) -> int:
        return 2 * position[0] + position[1]

    def decode(self, code: int) -> Pile:
        return (code // 2, code % 2)

    def index_size(self) -> int:
        return 2 * (self.most + 2)

    def batch_expand(self, codes: Any) -> tuple[Any, Any, Any, Any]:
        movers, ends, rows, children = [], [], [], []
        for row, code in enumerate(codes.tolist()):
            position = self.decode(code)
            movers.append(position[1])
            ends.append(End.LOST if position[0] == 0 else End.PLAYING)
            for move in self.moves(position):
                rows.append(row)
                children.append(self.encode(self.play(position, move)))
        return (np.array(movers, np.int8), np.array(ends, np.int8), np.array(rows, np.int64),
                np.array(children, np.int64))

    def batch_parents(self, codes: Any) -> tuple[Any, Any]:
        counts: list[int] = []
        found: list[int] = []
        for code in codes.tolist():
            stones, turn = self.decode(code)
            before = [parent for parent in (stones + 1, stones + 2, stones - 1)
                      if 0 < parent <= self.most + 1 and stones - parent in self.moves((parent, 1 - turn))]
            counts.append(len(before))
            found.extend(self.encode((parent, 1 - turn)) for parent in before)
        return np.array(counts, np.int64), np.array(found, np.int64)


class TurnedStones(TurnSymmetry, NumberedStones):
    """The same game, declared alike from both sides: a position of ``b`` to move is taken
    by its turned code, that of ``a`` to move, and one block holds ``a``'s codes only."""

    def declare(self) -> Capabilities:
        return Capabilities(players=2, loops=True, position_codes=True, batch_expansion=True, parents=True,
                            turn_symmetry=True)

    def turned_codes(self, codes: Any) -> Any:
        return codes ^ 1

    def code_block(self, code: int) -> range:
        return range(0, self.index_size(), 2)
