"""Compiled loops for every level above the contract: numba when it is installed, plain
Python otherwise.  ``compiled(function)`` is numba's ``njit(cache=True)`` (the machine code
is kept on disk after the first run, in :func:`machine_code_directory`); without numba the
function runs as it is, only slower.
Importing this module loads numba: only modules of compiled loops import it, when first used.

The loops every level's kernels share live here, once: ``bit_count`` serves the solver's
marks of codes, the players' playouts and the games' searches.

>>> import numpy as np
>>> bit_count(np.uint64(0b1011)), bit_count(np.uint64(2 ** 64 - 1)), bit_count(np.uint64(0))
(3, 64, 0)
"""
from __future__ import annotations

import importlib
import os
from types import ModuleType
from typing import Any, Callable, TypeVar

import numpy as np

Function = TypeVar("Function", bound=Callable)


def machine_code_directory() -> str | None:
    """Where numba keeps the machine code it compiles: ``$NUMBA_CACHE_DIR`` when set, else
    ``gamesman/numba`` in the user's cache directory (``$XDG_CACHE_HOME``, or ``~/.cache``).

    Not beside the modules, numba's own default: there an install leaves it behind when it is
    uninstalled, and a plain install's folder of it hides an editable install made after.  Not
    under ``$GAMESMAN_CACHE`` either: a new place for databases need not mean compiling again.
    None (numba's default) when there is no home to put it in.  Set for numba when this
    module is imported, so the processes it starts use it too:

    >>> os.environ["NUMBA_CACHE_DIR"] == machine_code_directory()
    True
    """
    if os.environ.get("NUMBA_CACHE_DIR"):
        return os.environ["NUMBA_CACHE_DIR"]
    base = os.environ.get("XDG_CACHE_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "gamesman", "numba") if os.path.isabs(base) else None


numba: ModuleType | None
_directory = machine_code_directory()
if _directory is not None:  # read by numba when it is imported, and by the processes started after
    os.environ["NUMBA_CACHE_DIR"] = _directory
# numba colours its error messages through colorama when that is installed, which writes a
# colour reset to the terminal when the program ends (a stray escape after the shell's last line).
os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")
try:
    numba = importlib.import_module("numba")
except ImportError:  # pragma: no cover - numba is a dependency; this keeps the rules playable without it
    numba = None

#: True when kernels run as machine code (numba), False when they run as Python (no numba,
#: or NUMBA_DISABLE_JIT set).
COMPILED = numba is not None and not numba.config.DISABLE_JIT


def compiled(function: Function) -> Function:
    """``function`` compiled by numba (cached on disk), or as it is without numba."""
    if numba is None:  # pragma: no cover
        return function
    return numba.njit(cache=True, nogil=True)(function)


def compiled_holding_gil(function: Function) -> Function:
    """``compiled``, holding Python's lock while it runs: for a function that reads memory by
    its address (``pointer``), which its holder lets go of only in Python code."""
    if numba is None:  # pragma: no cover
        return function
    return numba.njit(cache=True)(function)


#: In compiled code: ``pointer(address)``, a 64-bit address as a pointer, and ``carray(pointer,
#: length, dtype)``, the array there (numba's own).  None without numba.
pointer: Any
carray: Any
if numba is not None:
    from numba.core import cgutils, types
    from numba.extending import intrinsic

    @intrinsic
    def pointer(typingctx: Any, address: Any) -> Any:  # type: ignore[no-redef]
        """A 64-bit address as the pointer ``carray`` makes an array of, in compiled code (whose
        caller holds what is there)."""
        def address_to_pointer(context: Any, builder: Any, signature: Any, arguments: Any) -> Any:
            return builder.inttoptr(arguments[0], cgutils.voidptr_t)
        return types.voidptr(types.int64), address_to_pointer

    carray = numba.carray
else:  # pragma: no cover
    pointer = carray = None


def compiled_each_process(function: Function) -> Function:
    """``compiled`` without the disk cache: for a recursive function (numba cannot reload a
    cached one) and for what calls it; compiled again in each process that uses it."""
    if numba is None:  # pragma: no cover
        return function
    return numba.njit(nogil=True)(function)


@compiled
def bit_count(word: np.uint64) -> int:
    """How many bits of ``word`` are set.  The compiler turns the loop into the processor's
    own count (one instruction where it has one): as quick as the sum of bit fields, five
    times as quick as that sum without its multiplication (ten million words, 2026-11-28)."""
    count = 0
    while word:
        word &= word - np.uint64(1)
        count += 1
    return count
