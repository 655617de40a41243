"""Progress for long work (solving, counting, simulating, searching), on a terminal's stderr.

Drawn with tqdm.  Nothing is shown for work that ends within a second, nor
anywhere but a terminal (a log or a pipe gets nothing).  One line is redrawn:
a bar when the total is known, a count with its rate when it is not, led by
the label and the phase (a long label is shortened, never the phase).  While
work goes on without reporting (a long step, workers busy), a timer redraws
the line, so its clock keeps moving.

>>> progress = Progress("solving nim")  # stderr is no terminal here: nothing is drawn
>>> progress("exploring", 10)
>>> progress.finish()
>>> progress.shown
False
"""
from __future__ import annotations

import shutil
import signal
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, TextIO

from tqdm import tqdm

if TYPE_CHECKING:
    BarBase = tqdm[Any]  # generic in the stubs only
else:
    BarBase = tqdm

#: Seconds of work before progress shows.
DELAY = 1.0
#: Seconds between redraws while no report comes.
TICK = 0.5
#: Columns the bar and its numbers keep for themselves beside the label and the phase.
NUMBERS_WIDTH = 45


def rate(count: int, seconds: float) -> str:
    """``12,345/s``: how many per second (``-`` before any time has passed).

    >>> rate(5000, 2.0)
    '2,500/s'
    """
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "-/s"


class Bar(BarBase):
    """tqdm without its monitor thread: forking workers is unsafe while another thread runs."""

    monitor_interval = 0
    stage = ""  # the phase it shows


def fitted(label: str, stage: str, room: int) -> str:
    """``LABEL: STAGE`` in at most ``room`` characters where it can be, the label shortened.

    >>> fitted("solving kaboom(rows=4,cols=4,bombs=1)", "exploring", 30)
    'solving kaboom(row…: exploring'
    """
    if len(label) + len(stage) + 2 <= room:
        return f"{label}: {stage}"
    return f"{label[:max(1, room - len(stage) - 3)]}…: {stage}"


class Progress:
    """Call with (stage, done, total); call ``finish()`` when the work ends (a later call
    starts a new line, so that what is printed between is never on the progress line).

    ``done`` None: work that cannot count its steps (only the time is shown).
    """

    def __init__(self, label: str, stream: TextIO | None = None, delay: float | None = None) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.delay = DELAY if delay is None else delay
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.started: float | None = None
        self.report: tuple[str, int | None, int | None] = ("", None, None)
        self.bar: Bar | None = None
        self.drawing = False
        self.shown = False

    def __call__(self, stage: str, done: int | None, total: int | None = None) -> None:
        if not self.tty:
            return
        if self.started is None:
            self.started = time.monotonic()
            self.start_timer()
        self.report = (stage, done, total)
        self.draw()

    def draw(self) -> None:
        """Draw the last report, once the delay has passed."""
        if self.started is None or time.monotonic() - self.started < self.delay:
            return
        stage, done, total = self.report
        self.drawing = True
        try:
            if self.bar is None or stage != self.bar.stage or (total or None) != self.bar.total:
                self.new_bar(stage, done, total)
            else:
                self.bar.update((done or 0) - self.bar.n)
                if total and done == total:
                    self.bar.refresh()  # the end of a stage, however soon after the last draw
            self.shown = True
        finally:
            self.drawing = False

    def new_bar(self, stage: str, done: int | None, total: int | None) -> None:
        if self.bar is not None:
            self.bar.close()
        room = shutil.get_terminal_size((80, 24)).columns - NUMBERS_WIDTH
        known = "{bar} {percentage:3.0f}% {n:,}/{total:,} [{elapsed}]"
        self.bar = Bar(total=total or None, initial=done or 0, desc=fitted(self.label, stage, room),
                       file=self.stream, leave=False, position=0, dynamic_ncols=True, mininterval=0.1,
                       unit="", unit_scale=True,
                       bar_format="{desc} " + (known if total else "{n:,} ({rate_noinv_fmt}) [{elapsed}]"))
        self.bar.stage = stage
        if self.started is not None:  # the clock counts the whole work, not this phase alone
            self.bar.start_t -= time.monotonic() - self.started
            self.bar.refresh()

    def tick(self) -> None:
        """The timer's redraw (skipped while a report draws: the stream is busy)."""
        if not self.drawing:
            try:
                if self.bar is None:
                    self.draw()
                elif not self.bar.disable:
                    self.bar.refresh()
            except RuntimeError:  # the stream was busy with another write
                pass

    def start_timer(self) -> None:
        """Redraw every TICK seconds: a timer signal, not a thread (forking workers is unsafe
        while another thread runs); only from the main thread, where no one else uses it."""
        global _ticking
        if threading.current_thread() is not threading.main_thread():
            return
        if signal.getsignal(signal.SIGALRM) not in (signal.SIG_DFL, _tick):
            return
        _ticking = self
        signal.signal(signal.SIGALRM, _tick)
        signal.setitimer(signal.ITIMER_REAL, TICK, TICK)

    def finish(self) -> None:
        """Clear the line and stop the timer."""
        global _ticking
        if _ticking is self:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            _ticking = None
        if self.bar is not None:
            self.bar.close()
            self.bar = None
        self.started = None


#: The progress whose line the timer redraws (the latest started).
_ticking: Progress | None = None


def _tick(number: int, frame: object) -> None:
    if _ticking is not None:
        _ticking.tick()
