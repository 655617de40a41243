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

Variants too large to solve have two search players of Nim3P's own beside
``mcts`` (the estimates' default, ``search_strategy``), one second a move by
default (:mod:`gamesman.players.heuristic`).  Both know the ends that follow
from the rules alone (``known_shares``): with heaps of one item only, each move
takes one and the winner is the player as many turns on as there are heaps;
with one larger heap beside them, the player to move wins (it takes that heap
whole or leaves one in it, whichever leaves a count of ones that ends on it)
unless the ones are a multiple of three; in any other position no player can
force a win (checked against a walk of the tree on small heaps).
``maxn [DEPTH] [--time T]`` is max^n with iterative deepening, those ends at
its horizon (else an even share each), its table keyed by the heaps in any
order (the same game); ``endmcts [ITERATIONS] [--time T]`` is Monte-Carlo tree
search whose playouts take such a win when there is one and hand none to the
others.  Against ``mcts`` at the same time a move neither scored above an even
share (who wins is mostly decided by players who cannot win choosing who does),
so ``mcts`` stays the default; it plays its random games compiled (Nim's
``compact_playouts``, on an array of heaps).

Position: ``(P0 5 5 5)``: whose turn (``P0``, ``P1`` or ``P2``), then the heap sizes.
Set-up positions are accepted on purpose: any player may be to move with any
heaps (``(P2 0)`` says P2 follows the last taker), as the sheet's analysis
sets them.  The answers stay consistent: heaps all empty is over (the player
to move wins), any other has Nim's moves, and the solver answers from it.
Moves: ``HEAP-COUNT``, heaps numbered from 1: ``2-3`` takes 3 from heap 2.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar
from dataclasses import replace

from gamesman.games.nim import Nim
from gamesman.contract.capabilities import Capabilities
from gamesman.contract.game import Option
from gamesman.players.heuristic import GuidedMCTS, MaxNPlayer, heuristic_entry

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
    size = Option(int, 5, "items in each heap at the start S (also the most one may take)",
                  low=1, high=1000)
    extra = Option(bool, False, "the player who follows the winner gets 0.2")
    take = 0  # no option here: one may take a whole heap, set in setup ("Max Minus")
    misere = False  # the follower of the winner wins: no misère option here
    rules = "Take any number of items from one heap; the player after the one who takes the last item wins."
    showcase: ClassVar[tuple[dict[str, Any], ...] | None] = ({}, {"extra": True})
    strategies = {
        "endmcts": heuristic_entry(
            "endmcts", "Monte-Carlo tree search whose playouts take the wins known from ones and one larger "
            "heap, and hand none to the others", lambda game, rng, **budget: GuidedMCTS(
                game, rng, label="endmcts", policy=game.playout_move, **budget), what="iterations"),
        "maxn": heuristic_entry(
            "maxn", "max^n with the ends known from ones and one larger heap at the horizon",
            lambda game, rng, **budget: MaxNPlayer(game, rng, label="maxn", evaluation=game.known_shares,
                                                   key=game.same_game, **budget)),
    }

    def setup(self) -> None:
        self.take = self.size
        self.turn_follows_from_heaps = False  # set-up positions (see the module's docstring)

    def declare(self) -> Capabilities:
        """Nim's, but not impartial: the players differ in who follows whom."""
        return replace(super().declare(), impartial=False)

    def utility_sum(self) -> float:
        """The winner's 1, and with ``extra`` the next player's extra reward."""
        return 1 + (EXTRA_REWARD if self.extra else 0)

    def outcome(self, position: Position) -> tuple[float, ...] | None:
        turn, heaps = position
        if any(heaps):
            return None
        # The player to move follows the one who took the last item: they win.
        return self.won_by(turn)

    def won_by(self, winner: int) -> tuple[float, ...]:
        """The utilities of a game that ``winner`` won."""
        utilities = [0.0, 0.0, 0.0]
        utilities[winner] = 1.0
        if self.extra:
            utilities[(winner + 1) % 3] = EXTRA_REWARD
        return tuple(utilities)

    def play(self, position: Position, move: Move) -> Position:
        _, heaps = Nim.play(self, position, move)
        return ((position[0] + 1) % 3, heaps)

    def known_shares(self, position: Position) -> tuple[float, ...]:
        """The utilities where the rules alone decide the winner (see the module docstring),
        else every player's even share."""
        turn, heaps = position
        ones = heaps.count(1)
        larger = len(heaps) - ones - heaps.count(0)
        if larger == 0:
            return self.won_by((turn + ones) % 3)
        if larger == 1 and ones % 3:
            return self.won_by(turn)
        return ((1 + (EXTRA_REWARD if self.extra else 0)) / 3,) * 3

    def playout_move(self, position: Position, moves: Sequence[Move], rng: random.Random) -> Move:
        """A playout move of ``endmcts``: one that wins by the known ends (``known_shares``) if there
        is one, else a random one that hands no other player a known win (any when all do)."""
        turn, heaps = position
        if sum(items > 1 for items in heaps) > 2:  # every move leaves two larger heaps: nothing is known
            return rng.choice(moves)
        winning, safe = [], []
        for move in moves:
            known = self.known_shares(self.play(position, move))
            if 1.0 not in known:
                safe.append(move)
            elif known[turn] == 1.0:
                winning.append(move)
        return rng.choice(winning or safe or list(moves))

    def same_game(self, position: Position) -> tuple[int, tuple[int, ...]]:
        """The turn and the non-empty heaps in order: positions with the same key are the same game."""
        return position[0], tuple(sorted(items for items in position[1] if items))
