"""The variants the tier solver takes, and each variant as a worker process holds it: the
game made once from its spec, its expander, and its cut of a tier's codes into shards.

>>> from gamesman.testing.stones import NumberedStones, Stones
>>> suitable(NumberedStones()), suitable(Stones())  # the second has no position codes
(True, False)
"""
from __future__ import annotations

import ctypes
import os
from functools import cache
from typing import Iterator

import numpy as np

from gamesman.contract.capabilities import codes_version, tier_cut
from gamesman.contract.game import CHANCE, Game
from gamesman.solver.levelled import CHUNK, Expander, expander_for
from gamesman.solver.results import SolverError

#: Positions a task expands at a time.
STEP = CHUNK * 16


class TiersUnsuitable(SolverError):
    """The variant is not one the tier solver takes."""


def suitable(game: Game) -> bool:
    """Whether the tier solver takes ``game``: two players, no Grundy numbers, positions with codes."""
    return game.players == 2 and not game.capabilities.impartial and game.capabilities.position_codes


def own_tiers(game: Game) -> bool:
    """Whether the game has tiers of its own (``TierCut.tier_numbers``), loops inside them allowed.

    >>> from gamesman.contract.capabilities import Capabilities, TierCut
    >>> from gamesman.testing.stones import NumberedStones
    >>> class TieredStones(TierCut, NumberedStones):
    ...     def declare(self) -> Capabilities:
    ...         return Capabilities(players=2, position_codes=True, batch_expansion=True, tiers=True)
    ...     def tier_numbers(self, codes):
    ...         return (self.most + 1) // 5 - (codes // 2 + 1) // 5  # 4 and 5 stones: one tier
    >>> own_tiers(TieredStones()), own_tiers(NumberedStones())
    (True, False)
    """
    return tier_cut(game).tier_numbers(np.empty(0, np.int64)) is not None


def check_suitable(game: Game) -> None:
    """TiersUnsuitable unless the tier solver takes ``game`` (see ``suitable``), or when the game
    ``loops`` and has no tiers of its own: its tiers would be the distances from the root, which
    never end where play comes back.  The refusal says what solves the game instead.

    >>> from dataclasses import replace
    >>> from gamesman.testing.stones import NumberedStones
    >>> check_suitable(NumberedStones())
    Traceback (most recent call last):
    ...
    gamesman.solver.tiers.variant.TiersUnsuitable: stones: its moves may loop and it has no tiers of its own; it is solved backwards over its block on one machine: give --large alone (no --workers, --scheduler or --store)
    >>> class Looping(NumberedStones):  # no parents: the fast solver takes it in memory
    ...     def declare(self):
    ...         return replace(super().declare(), parents=False)
    >>> check_suitable(Looping())
    Traceback (most recent call last):
    ...
    gamesman.solver.tiers.variant.TiersUnsuitable: stones: its moves may loop and it has no tiers of its own; it is solved in memory on one machine: give --large alone (no --workers, --scheduler or --store)
    """
    if not suitable(game):
        raise TiersUnsuitable(f"{game.name}: the tier solver takes two-player games (not impartial) "
                              f"whose positions have codes")
    if game.capabilities.loops and not own_tiers(game):
        raise TiersUnsuitable(f"{game.name}: its moves may loop and it has no tiers of its own; {solved_instead(game)}")


def solved_instead(game: Game) -> str:
    """How a variant that loops, which the tier solver refuses, is solved instead: backwards over
    its block (``parents``), on demand (``solvable``), else by ``--large`` alone in memory (which
    says so when it does not fit).

    >>> from dataclasses import replace
    >>> from gamesman.testing.stones import NumberedStones
    >>> class FewStones(NumberedStones):
    ...     def declare(self):
    ...         return replace(super().declare(), parents=False, solvable=True)
    >>> solved_instead(FewStones())
    'it is small enough to solve on demand: give none of --large, --workers, --scheduler or --store'
    """
    declared = game.capabilities
    alone = "give --large alone (no --workers, --scheduler or --store)"
    if declared.parents:
        return f"it is solved backwards over its block on one machine: {alone}"
    if declared.solvable:
        return "it is small enough to solve on demand: give none of --large, --workers, --scheduler or --store"
    return f"it is solved in memory on one machine: {alone}"


def _shard_label(spec: str, **fields: int) -> dict:
    """What a tier file says it holds: the variant, the version of its codes (which also names
    the game's cut into shards: see ``PositionCodes.codes_version``) and the file's own ``fields``;
    a file whose label differs is done again, never read."""
    return {"spec": spec, "codes": codes_version(_game(spec)), **fields}


@cache
def _game(spec: str) -> Game:
    from gamesman.contract.registry import game_from_spec

    _keep_freed_memory()
    return game_from_spec(spec)


def _keep_freed_memory() -> None:
    """Let glibc keep freed memory for the next large array, as it does by default.  Dask's nanny
    starts its workers with MALLOC_TRIM_THRESHOLD_ set, which also stops glibc from raising its
    mmap threshold: every array over 128 kB is then mapped and faulted in afresh, and the
    numpy work of a task takes twice as long or more."""
    if not os.environ.get("MALLOC_TRIM_THRESHOLD_"):
        return
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:  # not glibc
        return
    trim_threshold, mmap_threshold = -1, -3  # mallopt's parameter numbers (malloc.h)
    libc.mallopt(mmap_threshold, 32 << 20)  # glibc's own ceiling for the threshold it raises
    libc.mallopt(trim_threshold, 64 << 20)


@cache
def _expander(spec: str) -> Expander:
    return expander_for(_game(spec), workers=1)


def _expansions(spec: str, codes: np.ndarray) -> Iterator[tuple[np.ndarray, tuple]]:
    """``codes`` expanded STEP positions at a time: (those codes, (movers, ends, parents, children))."""
    for at in range(0, len(codes), STEP):
        piece = codes[at:at + STEP]
        yield piece, _expansion(spec, piece)


def _expansion(spec: str, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``codes`` expanded at once: (movers, ends, parents, children), for a task that holds
    every move of its positions anyway (a tier of its own)."""
    expansion = _expander(spec).expand(codes)
    if (expansion[0] == CHANCE).any():
        raise TiersUnsuitable(f"{spec}: chance moves; the tier solver takes games without chance")
    return expansion


def _cut(spec: str, codes: np.ndarray, shards: int, low: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """The game's cut of ``codes`` into shards (``TierCut.tier_shards``): each one's shard and its
    number there (numbers relative to the tier whose lowest code is ``low``)."""
    shard_of, numbers = tier_cut(_game(spec)).tier_shards(codes, shards, low)
    return np.asarray(shard_of, np.int64), np.asarray(numbers, np.int64)


def by_shard(shard_of: np.ndarray, shards: int) -> tuple[np.ndarray, np.ndarray]:
    """An order of codes by their shards ``shard_of`` (keeping their order within one) and
    where each shard's run starts in it (``shards + 1`` bounds)."""
    shard_of = shard_of.astype(np.uint16 if shards <= 1 << 16 else np.int64)
    order = np.argsort(shard_of, kind="stable")  # a radix sort on 16 bits
    bounds = np.zeros(shards + 1, np.int64)
    np.cumsum(np.bincount(shard_of, minlength=shards), out=bounds[1:])
    return order, bounds
