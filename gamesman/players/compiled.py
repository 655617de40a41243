"""Compiled inner loops for fast play: numba when it is installed, plain Python otherwise.

Modules of compiled kernels import this module only when a search or a playout
first needs them, so that importing a game (and starting the shell) never loads
numba.  ``compiled`` is :func:`gamesman.boards.kernels.compiled`: without numba the
function runs as it is, the same games, only slower.

Random choices come from a 64-bit xorshift generator whose state is one number
in a one-element uint64 array, so that a kernel's games depend only on the seed
it is given.

>>> import numpy as np
>>> state = seeded(7)
>>> [int(below(state, 10)) for _ in range(5)] == [int(below(s, 10)) for s in [seeded(7)] for _ in range(5)]
True
"""
from __future__ import annotations

import atexit
import ctypes
import functools
import os
import sys
import threading
from types import FunctionType
from typing import Any, Callable, cast

import numpy as np

from gamesman.boards.kernels import Function, compiled, numba


def cached_on_disk(function: Callable) -> bool:
    """Whether numba's cache on disk holds machine code of ``function`` (a ``compiled`` one),
    so that its first call loads it (a fraction of a second) instead of compiling it
    (seconds).  Always True without numba (nothing to compile)."""
    cache = getattr(function, "_cache", None)
    index = getattr(getattr(cache, "_cache_file", None), "_index_path", None)  # numba's cache index
    return numba is None or (index is not None and os.path.exists(index))


class Warmup:
    """Kernels made ready in a background thread, one group after the other, once per
    process: what a first call compiles (seconds of numba) happens while the program goes
    on, which meanwhile plays from another path (see ``python_version``) or waits.

    >>> warmup = Warmup()
    >>> warmup.start("sum", lambda: sum(range(10)))
    >>> warmup.wait("sum", None)
    True
    """

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.done: dict[str, threading.Event] = {}
        self.queue: list[tuple[str, Callable[[], Any]]] = []
        self.worker: threading.Thread | None = None
        self.finishes_at_exit = False
        self.left = False  # the program was interrupted: nothing is waited for at exit (``leave``)

    def ready(self, key: str) -> bool:
        """Whether the group ``key`` has been made ready."""
        event = self.done.get(key)
        return event is not None and event.is_set()

    def start(self, key: str, warm: Callable[[], Any]) -> None:
        """Make the group ``key`` ready by calling ``warm`` in the background (once)."""
        with self.lock:
            if key in self.done:
                return
            self.done[key] = threading.Event()
            self.queue.append((key, warm))
            if self.worker is None or not self.worker.is_alive():
                # a daemon, which quitting waits for through ``finish`` only (numba writes its cache atomically)
                self.worker = threading.Thread(target=self.run, name="gamesman-warmup", daemon=True)
                self.worker.start()
                if not self.finishes_at_exit:
                    self.finishes_at_exit = True
                    atexit.register(self.finish)

    def run(self) -> None:
        while True:
            with self.lock:
                if not self.queue:
                    self.worker = None
                    return
                key, warm = self.queue.pop(0)
            try:
                warm()
            finally:  # (a failure shows again where the kernels are called in earnest)
                self.done[key].set()

    def finish(self) -> None:
        """At exit, let the background finish what it compiles, so that numba's cache keeps it
        for the next run: a command that quits after one search (``gamesman best``) would
        otherwise start compiling, and run the Python version, every time.  Said on a
        terminal; Ctrl-C skips it."""
        worker = self.worker
        if self.left or worker is None or not worker.is_alive():
            return
        try:  # (a Ctrl-C from here on, before the wait too, skips it)
            try:
                sys.stdout.flush()  # what the program answered, before the wait (a pipe's reader has it now)
            except (AttributeError, OSError, ValueError):  # closed, or none, by then
                pass
            try:
                on_terminal = sys.stderr.isatty()
            except (AttributeError, OSError, ValueError):
                on_terminal = False
            if on_terminal:
                print("gamesman: keeping the compiled search for the next run (once after install; Ctrl-C skips)",
                      file=sys.stderr, flush=True)
            worker.join()
        except KeyboardInterrupt:
            pass

    def leave(self) -> None:
        """Let the program end without waiting for what the background compiles (after a
        Ctrl-C: it ends at once, and a compile not finished by then is done another time)."""
        self.left = True

    def wait(self, key: str, timeout: float | None) -> bool:
        """Wait until the group ``key`` (started) is ready, at most ``timeout`` seconds."""
        return self.done[key].wait(timeout)

    def mark(self, key: str) -> None:
        """Note that the group ``key`` is ready (its kernels were called in the foreground)."""
        with self.lock:
            self.done.setdefault(key, threading.Event()).set()


def machine_code(function: Callable, *args: Any) -> Callable:
    """The machine code of a ``compiled`` function for the types of ``args`` (loaded from numba's
    cache, or compiled, now if not yet), to be called without numba's dispatcher: a call saves
    the dispatcher's typing of each argument (microseconds on a first call, arrays most), which
    counts where a whole answer takes tens of microseconds.  Every call must pass arguments of
    those same types (arrays of the same dtype, dimensions and layout): the machine code does
    not check them.  Without numba: ``function`` itself.

    >>> machine_code(nth_bit, np.uint64(0), 0)(np.uint64(0b1011), 2)
    3
    """
    if numba is None or not hasattr(function, "compile"):  # pragma: no cover - numba is a dependency
        return function
    return function.compile(tuple(numba.typeof(arg) for arg in args))


def array_at(address: int, length: int, dtype: type) -> np.ndarray:
    """The ``length`` items of ``dtype`` (``np.int64`` or ``np.uint64``) at ``address`` as an
    array, without a copy: what a compiled function reaches through one whole number instead
    of taking the array (numba types and unboxes every array a call passes: microseconds
    where a whole answer takes tens).  The memory must stay allocated while the array is used
    (its owner keeps it; nothing here does).

    >>> words = np.arange(4, dtype=np.uint64)
    >>> view = array_at(words.ctypes.data, 3, np.uint64)
    >>> view[2] = 7
    >>> words.tolist()
    [0, 1, 7, 3]
    """
    size = np.dtype(dtype).itemsize
    return np.frombuffer(memoryview((ctypes.c_char * (int(length) * size)).from_address(int(address))), dtype)


def _install_array_at() -> None:
    """Give ``array_at`` its compiled version: an array over the memory at the address, as
    numba's ``carray`` makes one from a pointer (the pointer cast from the number)."""
    from numba import types
    from numba.extending import intrinsic, overload
    from numba.np.numpy_support import carray

    def pointer_typed(typingctx: Any, address: Any, dtype: Any) -> Any:
        """A pointer to items of ``dtype`` (a number class) at the whole number ``address``."""
        pointer_type = types.CPointer(dtype.instance_type)

        def generate(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return builder.inttoptr(args[0], context.get_value_type(pointer_type))

        return pointer_type(address, dtype), generate

    pointer: Any = intrinsic(pointer_typed)

    @overload(array_at)
    def compiled_array_at(address, length, dtype):  # (numba reads the parameters' names: no hints)
        def view(address, length, dtype):
            return carray(pointer(address, dtype), length)

        return view


if numba is not None:
    _install_array_at()


#: The process's warm-up thread.
WARMUP = Warmup()

#: Module namespaces whose compiled functions are replaced by their Python versions.
_PYTHON_NAMESPACES: dict[str, dict[str, Any]] = {}


def python_version(function: Callable) -> Callable:
    """A ``compiled`` function as Python (the same code, calling the Python versions of the
    compiled functions it calls): it runs at once, hundreds of times slower, with the same
    results, while numba compiles the machine code elsewhere.  Its 64-bit arithmetic wraps
    around as the machine code's does, without numpy's warnings of overflow.

    >>> python_version(nth_bit)(np.uint64(0b1011), 2)
    3
    >>> state = seeded(7)
    >>> int(python_version(next_bits)(state)) == int(next_bits(seeded(7)))
    True
    """
    converted = _as_python(function)

    @functools.wraps(converted)
    def wrapping(*args: Any) -> Any:
        with np.errstate(over="ignore"):
            return converted(*args)

    return wrapping


def _as_python(function: Callable) -> Callable:
    """``python_version`` without its guard against numpy's warnings (for the calls inside)."""
    original = getattr(function, "py_func", function)
    namespace = _PYTHON_NAMESPACES.get(original.__module__)
    if namespace is None:
        namespace = _PYTHON_NAMESPACES[original.__module__] = {}
        module = sys.modules[original.__module__].__dict__
        namespace.update(module)  # (filled before converting: modules may call each other)
        for name, value in module.items():
            if hasattr(value, "py_func"):
                namespace[name] = _as_python(value)
    converted = FunctionType(original.__code__, namespace, original.__name__, original.__defaults__,
                             original.__closure__)
    converted.__doc__ = original.__doc__
    return converted


def made_ready(key: str, function: Callable, warm: Callable[[], Any], seconds: float | None) -> bool:
    """Whether ``function`` (a ``compiled`` one; ``warm`` compiles or loads it, the group
    ``key`` of ``WARMUP``) is ready to run, made so: compiled in this process, else loaded now
    from numba's cache, else with no limit (``seconds`` None) compiled here (seconds, once
    after install); with a limit, the background compiles it and this waits ``seconds`` at
    most for it.

    >>> made_ready("doctest", nth_bit, lambda: nth_bit(np.uint64(1), 0), None)
    True
    """
    if WARMUP.ready(key):
        return True
    if key not in WARMUP.done and (seconds is None or cached_on_disk(function)):
        warm()
        WARMUP.mark(key)
        return True
    WARMUP.start(key, warm)
    return WARMUP.wait(key, seconds)


def ready_or_python(key: str, function: Function, warm: Callable[[], Any], budget: bool) -> tuple[Function, bool]:
    """``function`` ready to call (``made_ready``), and whether it runs as Python: without a
    time ``budget``, its machine code however long that takes; with one, its Python version
    while the background compiles it: the same search, hundreds of times slower, within the
    budget instead of seconds over it.

    >>> ready_or_python("doctest", nth_bit, lambda: nth_bit(np.uint64(1), 0), budget=False)[1]
    False
    """
    if made_ready(key, function, warm, 0.0 if budget else None):
        return function, False
    return cast(Function, python_version(function)), True


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
