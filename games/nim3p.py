"""Nim for three players, Nim3P (GBG playground, seeds 000).

N heaps of S items each.  Three players, P0, P1 and P2, take turns in that
order, P0 first; a move takes 1 to S items from one heap (the most one may
take, "Max Minus", is always S).  The player who follows the one who takes
the last item wins: the winner gets 1, the others 0.  Nim3P cannot end in a
tie.  Option ``extra``: the player who follows the winner also gets 0.2.

Choices where the sheet is silent: the default is the sheet's Figure 4,
three heaps of five.  The solver plays max^n (each player maximises their
own utility); among equally good moves it takes the first in move order.
Grundy numbers are not computed (they are a two-player notion).

Variants too large to solve have the search player ``maxn [DEPTH] [--time T]``
(``search_strategy``): max^n with iterative deepening, one second a move by
default (:mod:`gamesman.players.heuristic`), its table keyed by the heaps in
any order (they are the same game); Nim3P has no estimate of its own, so at the
horizon every player's utility is its even share, and the search plays by the
ends it sees.

Position: ``(P0 5 5 5)``: whose turn (``P0``, ``P1`` or ``P2``), then the heap sizes.
Set-up positions are accepted on purpose: any player may be to move with any
heaps (``(P2 0)`` says P2 follows the last taker), as the sheet's analysis
sets them.  The answers stay consistent: heaps all empty is over (the player
to move wins), any other has Nim's moves, and the solver answers from it.
Moves: ``HEAP-COUNT``, heaps numbered from 1: ``2-3`` takes 3 from heap 2.
"""
from __future__ import annotations

from gamesman.games.nim import Nim
from gamesman.contract.game import Option
from gamesman.players.heuristic import MaxNPlayer, heuristic_entry

Position = tuple[int, tuple[int, ...]]
Move = tuple[int, int]
EXTRA_REWARD = 0.2


class Nim3P(Nim):
    """Nim's board, moves and strings; three players and the follower's win.

    The position string, the move syntax and the drawing are Nim's.
    """

    name = "nim3p"
    title = "Nim3P"
    player_names = ("P0", "P1", "P2")
    impartial = False
    options = (
        Option("heaps", int, 3, "number of heaps N", low=1, high=20),
        Option("size", int, 5, "items in each heap at the start S (also the most one may take)",
               low=1, high=1000),
        Option("extra", bool, False, "the player who follows the winner gets 0.2"),
    )
    heaps: int
    size: int
    extra: bool
    rules = "Take any number of items from one heap; the player after the one who takes the last item wins."
    showcase = ({}, {"extra": True})
    search_strategy = "maxn"
    strategies = {"maxn": heuristic_entry(
        "maxn", "max^n searching for the ends, heaps in any order the same game",
        lambda game, rng, **budget: MaxNPlayer(game, rng, label="maxn", evaluation=game.even_shares,
                                               key=game.same_game, **budget))}

    def setup(self) -> None:
        self.take = self.size  # "Max Minus" is always S
        self.turn_follows_from_heaps = False  # set-up positions (see the module's docstring)

    def outcome(self, position: Position) -> tuple[float, ...] | None:
        turn, heaps = position
        if any(heaps):
            return None
        # The player to move follows the one who took the last item: they win.
        utilities = [0.0, 0.0, 0.0]
        utilities[turn] = 1.0
        if self.extra:
            utilities[(turn + 1) % 3] = EXTRA_REWARD
        return tuple(utilities)

    def play(self, position: Position, move: Move) -> Position:
        _, heaps = Nim.play(self, position, move)
        return ((position[0] + 1) % 3, heaps)

    def even_shares(self, position: Position) -> tuple[float, ...]:
        """Every player's even share of the reward (Nim3P's estimate: none)."""
        return ((1 + (EXTRA_REWARD if self.extra else 0)) / 3,) * 3

    def same_game(self, position: Position) -> tuple[int, tuple[int, ...]]:
        """The turn and the non-empty heaps in order: positions with the same key are the same game."""
        return position[0], tuple(sorted(items for items in position[1] if items))
