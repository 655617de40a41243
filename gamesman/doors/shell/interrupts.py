"""Ctrl-C in the shell: it cancels the running command or the line being typed."""
from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Callable, Iterator, Protocol


class Interrupts:
    """Ctrl-C for the front ends: it cancels the running command or the line being
    typed, and never ends the shell.

    Installed as the SIGINT handler, it raises KeyboardInterrupt only while armed
    (during a command, or while a plain line is read).  Raising disarms it, so
    further Ctrl-Cs that land while the first is handled, or between commands while
    the prompt is drawn, are dropped instead of escaping with a traceback.  One that
    lands after the line editor accepted a line (``line_accepted``: the terminal takes
    Ctrl-C as a signal again) but before that line's command is armed is kept, and
    cancels the command as it starts.  Code
    that catches a Ctrl-C and carries on with the command calls ``arm()``; one whose
    KeyboardInterrupt was lost calls ``lost()``.

    A Ctrl-C that lands while a module is being imported (the solver's first use
    imports numpy) would leave that module half-imported and broken for the rest
    of the session, so it is put off: the signal is sent again a moment later.
    """

    #: Seconds to wait before trying again a Ctrl-C that landed during an import.
    RETRY = 0.05

    def __init__(self) -> None:
        self.armed = False
        self.accepted = False  # a line was accepted, its command not started yet
        self.pending = False  # a Ctrl-C landed meanwhile

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if not self.armed:
            self.pending = self.pending or self.accepted
            return
        if importing(frame):
            self.again()
            return
        self.armed = False
        raise KeyboardInterrupt

    def again(self) -> None:
        """Send SIGINT to this process again in a moment."""
        timer = threading.Timer(self.RETRY, os.kill, (os.getpid(), signal.SIGINT))
        timer.daemon = True
        timer.start()

    def arm(self) -> None:
        self.armed = True

    def line_accepted(self) -> None:
        """The line editor accepted a line: a Ctrl-C from now on is that line's command's, even
        before the command is armed."""
        self.accepted = True

    def lost(self) -> None:
        """The KeyboardInterrupt this handler raised was lost (it landed where Python cannot
        raise it: a finalizer, a weak reference's callback), and raising disarmed the handler:
        armed again, the signal comes again in a moment and still cancels the command."""
        self.armed = True
        self.again()

    @contextmanager
    def cancellable(self) -> Iterator[None]:
        """Ctrl-C raises KeyboardInterrupt in this block (once), or as it begins when one
        landed since the line was accepted."""
        self.armed, self.accepted = True, False
        try:
            if self.pending:
                self.pending = False
                raise KeyboardInterrupt
            yield
        finally:
            self.armed = False

    @contextmanager
    def installed(self) -> Iterator[None]:
        """This object handles SIGINT in this block (the main thread's)."""
        previous = signal.signal(signal.SIGINT, self)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


def importing(frame: FrameType | None) -> bool:
    """Whether ``frame`` or one of its callers is Python's import machinery."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


class Cancellable(Protocol):
    """What ``run_cancellable`` needs of the shell: its handler, and what to do after a Ctrl-C."""

    interrupts: Interrupts

    def interrupted(self) -> None: ...


def run_cancellable(shell: Cancellable, work: Callable[[], object]) -> None:
    """Run ``work`` (a command); Ctrl-C cancels it and returns to the prompt."""
    try:
        with shell.interrupts.cancellable():
            work()
    except KeyboardInterrupt:
        shell.interrupted()

