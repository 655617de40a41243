"""A board's cells as observation planes, for learning agents (``ObservationTensor``).

For a game whose positions are ``(turn, cells, ...)``, ``cells`` a string of the
board's cells (row by row on a grid; Sim's edges in a line) holding the players'
letters (``player_names``) or empty: one array of the board's shape per player, 1 where that player's pieces are.  The
planes begin with the observer's and follow the order of play, so that an agent
sees the board the same way whichever seat it has (PettingZoo's classic games do so).

>>> class Grid(BoardPlanes):  # a 2x3 board of x's and o's, positions (turn, cells)
...     player_names = ("x", "o")
...     def board_shape(self):
...         return (2, 3)
>>> planes = Grid().observation((1, "-x-o--"), 1)  # what o sees, o to move
>>> planes.shape, planes[0, 1].tolist(), planes[1, 0].tolist()  # o's plane first, then x's
((2, 3, 2), [0.0, 1.0], [1.0, 0.0])
"""
from __future__ import annotations

from typing import Any

from gamesman.contract.capabilities import ObservationTensor


class BoardPlanes(ObservationTensor[Any]):
    """``ObservationTensor``'s hooks for a board of players' letters: a game gives
    ``board_shape`` (the rows and the columns of the cells string, or its length)."""

    player_names: tuple[str, ...]

    def board_shape(self) -> tuple[int, ...]:
        """The shape of the cells, in the order of the cells string (rows, then columns)."""
        raise NotImplementedError

    def observation_shape(self) -> tuple[int, ...]:
        return (*self.board_shape(), len(self.player_names))

    def observation(self, position: Any, player: int) -> Any:
        import numpy as np

        cells = np.frombuffer(position[1].encode("ascii"), np.uint8).reshape(self.board_shape())
        count = len(self.player_names)
        letters = [self.player_names[(player + step) % count] for step in range(count)]
        return np.stack([cells == ord(letter) for letter in letters], axis=-1).astype(np.float32)
