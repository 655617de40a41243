"""A shared test helper: every solved value must agree with the values of its children.

``check_solver_consistency(game, max_positions)`` solves a variant and then
checks each reachable position against the rules of the value system,
recomputed here from the children rather than taken from the solver:

* two players: an ended position has the value its outcome gives the player to
  move and remoteness 0; otherwise a win has a child that is lost for the
  opponent (or won for the mover when the mover plays again), at remoteness
  one less, and no quicker one; a tie has no winning child and its quickest
  tying child; a draw has no winning or tying child and a drawing child; a
  loss has only losing children and its slowest one.
* one player (puzzles): a win is one more than the nearest winning child; a
  loss, lacking one, one more than the nearest losing child; else a draw.
* utilities (several players, chance): the mover's best child, or the
  probability-weighted sum at a chance node.
* Grundy numbers, where given, are the mex of the children's.
"""
from __future__ import annotations

import math
from collections import deque
from typing import Hashable

import numpy as np

from gamesman.contract.capabilities import parents, symmetries
from gamesman.contract.game import CHANCE, Game
from gamesman.solver.database import canonical_code
from gamesman.solver.strong import Result, Solver, Value


def reachable(game: Game, root: Hashable, max_positions: int) -> list[Hashable]:
    """Every position reachable from ``root``; fails when there are more than ``max_positions``."""
    seen = {root}
    order = [root]
    queue = deque([root])
    while queue:
        position = queue.popleft()
        for move in game.legal_moves(position):
            child = game.play(position, move)
            if child not in seen:
                seen.add(child)
                order.append(child)
                queue.append(child)
                assert len(order) <= max_positions, (
                    f"{game.spec}: more than {max_positions} positions; use a smaller variant")
    return order


def check_solver_consistency(game: Game, max_positions: int, root: Hashable | None = None) -> int:
    """Solve ``game`` from ``root`` (the start) and check every reachable position; returns their count."""
    root = game.start() if root is None else root
    positions = reachable(game, root, max_positions)
    solver = Solver(game, database=None)
    solver.solve(root)
    for position in positions:
        result = solver.result(position)
        children = [(move, game.play(position, move)) for move in game.legal_moves(position)]
        where = f"{game.spec} {game.format_position(position)}: {result}"
        if result.value is None:
            _check_utilities(game, solver, position, result, children, where)
        elif game.players == 1:
            _check_puzzle(game, solver, position, result, children, where)
        else:
            _check_two_player(game, solver, position, result, children, where)
        if result.grundy is not None and children:
            grundies = {solver.result(child).grundy for _, child in children}
            if None not in grundies:
                assert result.grundy == _mex(grundies), f"{where}: grundy {result.grundy}, children {grundies}"
    return len(positions)


def _mex(numbers: set[int]) -> int:
    smallest = 0
    while smallest in numbers:
        smallest += 1
    return smallest


def _ended_value(game: Game, position: Hashable) -> Value:
    utilities = game.outcome(position)
    mover = game.to_move(position)
    mine = utilities[mover]
    theirs = max((u for player, u in enumerate(utilities) if player != mover), default=None)
    if theirs is None:
        return Value.WIN if mine > 0 else Value.LOSE
    return Value.WIN if mine > theirs else Value.LOSE if mine < theirs else Value.TIE


def _check_two_player(game: Game, solver: Solver, position: Hashable, result: Result,
                      children: list, where: str) -> None:
    if game.outcome(position) is not None:
        assert not children, f"{where}: the game is over but has moves"
        assert (result.value, result.remoteness) == (_ended_value(game, position), 0), where
        return
    assert children, f"{where}: the game goes on but there are no moves"
    mover = game.to_move(position)
    seen: dict[Value, list[int]] = {value: [] for value in Value}
    for _, child in children:
        child_result = solver.result(child)
        value = child_result.value
        if game.to_move(child) != mover:
            value = {Value.WIN: Value.LOSE, Value.LOSE: Value.WIN}.get(value, value)
        seen[value].append(child_result.remoteness)
    if seen[Value.WIN]:
        expected = (Value.WIN, 1 + min(seen[Value.WIN]))
    elif seen[Value.TIE]:
        expected = (Value.TIE, 1 + min(seen[Value.TIE]))
    elif seen[Value.DRAW]:
        expected = (Value.DRAW, None)
    else:
        expected = (Value.LOSE, 1 + max(seen[Value.LOSE]))
    got = (result.value, None if result.value is Value.DRAW else result.remoteness)
    assert got == expected, f"{where}: expected {expected} from the children"


def _check_puzzle(game: Game, solver: Solver, position: Hashable, result: Result,
                  children: list, where: str) -> None:
    if game.outcome(position) is not None:
        assert (result.value, result.remoteness) == (_ended_value(game, position), 0), where
        return
    found: dict[Value, list[int]] = {value: [] for value in Value}
    for _, child in children:
        child_result = solver.result(child)
        found[child_result.value].append(child_result.remoteness)
    if found[Value.WIN]:
        expected = (Value.WIN, 1 + min(found[Value.WIN]))
    elif found[Value.LOSE]:
        expected = (Value.LOSE, 1 + min(found[Value.LOSE]))
    else:
        expected = (Value.DRAW, None)
    got = (result.value, None if result.value is Value.DRAW else result.remoteness)
    assert got == expected, f"{where}: expected {expected} from the children"


def _check_utilities(game: Game, solver: Solver, position: Hashable, result: Result,
                     children: list, where: str) -> None:
    if not children:
        assert result.utilities == tuple(float(u) for u in game.outcome(position)), where
        return
    mover = game.to_move(position)
    if mover == CHANCE:
        probability = {outcome: float(p) for outcome, p in game.chances(position)}
        expected = [0.0] * game.players
        for outcome, child in children:
            for player, utility in enumerate(solver.result(child).utilities):
                expected[player] += probability[outcome] * utility
        assert all(math.isclose(a, b, abs_tol=1e-9) for a, b in zip(result.utilities, expected)), where
        return
    options = [solver.result(child).utilities for _, child in children]
    best = max(utilities[mover] for utilities in options)
    assert result.utilities[mover] == best, f"{where}: the mover's best child gives {best}"
    assert result.utilities in options, f"{where}: the utilities are no child's"


def check_engines_agree(game: Game, root: Hashable | None = None, at_least: int = 1) -> int:
    """The fast engine against the reference engine: the same value, remoteness and
    Grundy number for every position reachable from ``root``; returns their count.
    (The reference engine solves every position, with or without symmetries.)"""
    fast = Solver(game, database=None)
    reference = Solver(game, database=None, engine="reference")
    assert (fast.engine, reference.engine) == ("fast", "reference"), f"{game.spec} has no position codes"
    fast.solve(root)
    reference.solve(root)
    assert len(reference.table) >= at_least
    # the fast engine keeps one position of each set alike under the game's symmetries; over
    # the parents of a game that has them, every such code of the root's block (and no end outside it)
    if game.capabilities.parents:
        block = parents(game).code_block(canonical_code(game, game.start() if root is None else root))
        codes = np.arange(block.start, block.stop, block.step, dtype=np.int64)
        assert len(fast.table) == int((symmetries(game).canonical_codes(codes) == codes).sum())
    else:
        assert len(fast.table) == len({canonical_code(game, position) for position in reference.table})
    for position, packed in reference.table.items():
        assert fast.table[position] == packed, f"{game.spec} {game.format_position(position)}"
    return len(reference.table)
