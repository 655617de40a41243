"""A bit for each code of an index, set for one set of codes at a time: which of many codes
are in the set, and the rank of each among the set's (sorted) codes, at a bit an index code.

A tier's solve numbers its positions' moves with it (:mod:`gamesman.solver.tiers.own_tiers`):
Quixo 4x4's index of 86 million codes takes 11 MB of bits and as much for the counts, where an
array of node numbers over the index took 344 MB.  Compiled with numba when first used.

>>> import numpy as np
>>> marks = CodeMarks(200)
>>> marks.ranks(np.array([3, 64, 130]), np.array([130, 5, 3, 64, 199])).tolist()
[2, -1, 0, 1, -1]
>>> marks.ranks(np.array([3, 64, 130]), np.array([130, 5]), renumber=np.array([7, 8, 9])).tolist()
[9, -1]
>>> bool(marks.words.any())  # left clear for the next set
False
"""
from __future__ import annotations

import numpy as np

from gamesman.boards.kernels import bit_count, compiled


@compiled
def mark(words: np.ndarray, before: np.ndarray, codes: np.ndarray) -> None:
    """Set the bits of ``codes`` (sorted) and count, for each word from the first code's to the
    last one's, the bits set in the words before it."""
    for code in codes:
        words[code >> 6] |= np.uint64(1) << np.uint64(code & 63)
    if len(codes):
        count = 0
        for at in range(codes[0] >> 6, (codes[-1] >> 6) + 1):
            before[at] = count
            count += bit_count(words[at])


@compiled
def rank_marked(words: np.ndarray, before: np.ndarray, low: int, high: int, children: np.ndarray,
                nodes: np.ndarray, renumber: np.ndarray, offset: int) -> None:
    """For each child whose node is -1 and whose bit is set (codes ``low`` to ``high``), its
    node: ``offset`` plus its rank among the codes marked, or ``renumber`` of that rank when
    it is not empty."""
    for at in range(len(children)):
        child = children[at]
        if nodes[at] != -1 or child < low or child > high:
            continue
        word, bit = words[child >> 6], np.uint64(child & 63)
        if (word >> bit) & np.uint64(1):
            rank = before[child >> 6] + bit_count(word & ((np.uint64(1) << bit) - np.uint64(1)))
            nodes[at] = offset + (renumber[rank] if len(renumber) else rank)


@compiled
def clear(words: np.ndarray, codes: np.ndarray) -> None:
    """Clear the words of ``codes``."""
    for code in codes:
        words[code >> 6] = 0


class CodeMarks:
    """The bits of an index of ``size`` codes, all clear between two uses."""

    def __init__(self, size: int) -> None:
        self.words = np.zeros((size + 63) // 64, np.uint64)
        self.before = np.zeros(len(self.words), np.int64)

    def ranks(self, codes: np.ndarray, children: np.ndarray, nodes: np.ndarray | None = None,
              renumber: np.ndarray | None = None, offset: int = 0) -> np.ndarray:
        """``nodes`` (all -1 by default) with each -1 whose child is among ``codes`` (sorted,
        distinct) set to ``offset`` plus its rank among them (``renumber`` of its rank when
        given)."""
        found = np.full(len(children), -1, np.int64) if nodes is None else nodes
        if not len(codes):
            return found
        try:
            mark(self.words, self.before, codes)
            rank_marked(self.words, self.before, int(codes[0]), int(codes[-1]), children, found,
                        np.zeros(0, np.int64) if renumber is None else renumber.astype(np.int64, copy=False), offset)
        finally:
            clear(self.words, codes)
        return found
