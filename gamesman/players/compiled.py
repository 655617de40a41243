"""Compiled inner loops for fast play: numba when it is installed, plain Python otherwise.

Modules of compiled kernels import this module only when a search or a playout
first needs them, so that importing a game (and starting the shell) never loads
numba.  ``compiled(function)`` is numba's ``njit(cache=True)`` (the machine code
is kept on disk after the first run); without numba the function runs as it is,
the same games, only slower.

Random choices come from a 64-bit xorshift generator whose state is one number
in a one-element uint64 array, so that a kernel's games depend only on the seed
it is given.

>>> import numpy as np
>>> state = seeded(7)
>>> [int(below(state, 10)) for _ in range(5)] == [int(below(s, 10)) for s in [seeded(7)] for _ in range(5)]
True
"""
from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Callable, TypeVar

import numpy as np

Function = TypeVar("Function", bound=Callable)

numba: ModuleType | None
# numba colours its error messages through colorama when that is installed, which writes a
# colour reset to the terminal when the program ends (a stray escape after the shell's last line).
os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")
try:
    numba = importlib.import_module("numba")
except ImportError:  # pragma: no cover - numba is a dependency; this keeps the rules playable without it
    numba = None

#: True when kernels run as machine code (numba), False when they run as Python.
COMPILED = numba is not None


def compiled(function: Function) -> Function:
    """``function`` compiled by numba (cached on disk), or as it is without numba."""
    if numba is None:  # pragma: no cover
        return function
    return numba.njit(cache=True, nogil=True)(function)


def compiled_each_process(function: Function) -> Function:
    """``compiled`` without the disk cache: for a recursive function (numba cannot reload a
    cached one) and for what calls it; compiled again in each process that uses it."""
    if numba is None:  # pragma: no cover
        return function
    return numba.njit(nogil=True)(function)


def seeded(seed: int) -> np.ndarray:
    """A generator state for the kernels, from any integer (never the stuck state 0)."""
    return np.array([(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) % (1 << 64) or 1], dtype=np.uint64)


@compiled
def next_bits(state: np.ndarray) -> np.uint64:
    """The next 64 random bits (xorshift64*); advances ``state``."""
    x = state[0]
    x ^= x >> np.uint64(12)
    x ^= x << np.uint64(25)
    x ^= x >> np.uint64(27)
    state[0] = x
    return x * np.uint64(0x2545F4914F6CDD1D)


@compiled
def below(state: np.ndarray, count: int) -> int:
    """A random whole number from 0 to ``count`` - 1."""
    return int((next_bits(state) >> np.uint64(33)) % np.uint64(count))


@compiled
def nth_bit(mask: np.uint64, index: int) -> int:
    """The position of the ``index``-th set bit of ``mask`` (0 for the lowest)."""
    for _ in range(index):
        mask &= mask - np.uint64(1)
    bit = 0
    while not (mask >> np.uint64(bit)) & np.uint64(1):
        bit += 1
    return bit


@compiled
def bit_count(mask: np.uint64) -> int:
    """The number of set bits of ``mask``."""
    count = 0
    while mask:
        mask &= mask - np.uint64(1)
        count += 1
    return count
