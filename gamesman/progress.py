"""Progress lines for long work (solving, counting, simulating), on stderr.

Nothing is printed for work that ends within a second, so quick commands stay
quiet.  On a terminal one line is redrawn; elsewhere a line is written every few
seconds, so logs show that work goes on.
"""
from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """Call with (stage, done, total); call ``finish()`` when the work ends."""

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

    def __call__(self, stage: str, done: int, total: int | None = None) -> None:
        now = time.monotonic()
        if now - self.started < self.delay:
            return
        if not self.tty and now - self.last < self.interval and not (total and done == total):
            return
        if self.tty and now - self.last < 0.1 and not (total and done == total):
            return
        self.last = now
        amount = f"{done:,}/{total:,} ({100 * done / total:.0f}%)" if total else f"{done:,}"
        text = f"{self.label}: {stage} {amount} [{now - self.started:.1f}s]"
        if self.tty:
            self.stream.write("\r\x1b[K" + text)
        else:
            self.stream.write(text + "\n")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        if self.shown and self.tty:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
