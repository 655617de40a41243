"""Progress for long work (solving, counting, simulating, searching), on stderr.

Nothing is printed for work that ends within a second, so quick commands stay
quiet.  On a terminal one line is redrawn: a bar when the total is known, a
count with its rate when it is not.  Elsewhere (a log, a pipe) a plain line is
written every few seconds, so logs show that work goes on.
"""
from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

#: The bar's width in characters, at most (a narrow terminal gets a shorter one).
BAR_WIDTH = 30


def bar(fraction: float, width: int) -> str:
    """``[##########----------]`` filled to ``fraction`` (0 to 1)."""
    filled = int(round(max(0.0, min(1.0, fraction)) * width))
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def rate(count: int, seconds: float) -> str:
    """``12,345/s``: how many per second (``-`` before any time has passed)."""
    return f"{count / seconds:,.0f}/s" if seconds > 0 else "-/s"


class Progress:
    """Call with (stage, done, total); call ``finish()`` when the work ends.

    ``done`` None: work that cannot count its steps (only the time is shown).
    """

    def __init__(self, label: str, stream: TextIO | None = None, delay: float = 1.0,
                 interval: float = 5.0) -> None:
        self.label = label
        self.stream = stream or sys.stderr
        self.started = time.monotonic()
        self.delay = delay
        self.interval = interval
        self.last = 0.0
        self.shown = False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()
        self.stage = ""
        self.stage_started = self.started
        self.previous: tuple[str, int | None, int | None] | None = None  # the last report shown

    def __call__(self, stage: str, done: int | None, total: int | None = None) -> None:
        now = time.monotonic()
        if stage != self.stage:
            self.stage, self.stage_started = stage, now
        complete = bool(total) and done == total
        if now - self.started < self.delay or (complete and (stage, done, total) == self.previous):
            return  # quick work, or the end of a stage reported again
        if now - self.last < (0.1 if self.tty else self.interval) and not complete:
            return
        self.last = now
        self.previous = (stage, done, total)
        elapsed = f"[{now - self.started:.1f}s]"
        if self.tty:
            self.stream.write("\r\x1b[K" + self.terminal_line(stage, done, total, now, elapsed))
        else:
            amount = "" if done is None else f"{done:,}/{total:,} ({100 * done / total:.0f}%) " if total \
                else f"{done:,} "
            self.stream.write(f"{self.label}: {stage} {amount}{elapsed}\n")
        self.stream.flush()
        self.shown = True

    def terminal_line(self, stage: str, done: int | None, total: int | None, now: float, elapsed: str) -> str:
        """The redrawn line: a bar with the share done, or a count with its rate; fits the terminal."""
        columns = shutil.get_terminal_size((80, 24)).columns - 1
        if total and done is not None:
            numbers = f" {100 * done / total:3.0f}% {done:,}/{total:,} {elapsed}"
            head = f"{self.label}: {stage} "
            room = columns - len(numbers) - 2
            width = max(10, min(BAR_WIDTH, room - len(head)))
            if len(head) + width > room:  # a long label gives way to the bar
                head = head[:max(0, room - width - 2)] + "… "
            return head + bar(done / total, width) + numbers
        count = "" if done is None else f"{done:,} ({rate(done, now - self.stage_started)}) "
        text = f"{self.label}: {stage} {count}{elapsed}"
        return text if len(text) <= columns else "…" + text[len(text) - columns + 1:]

    def finish(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
