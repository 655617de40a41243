"""The plain front end: lines from stdin, the prompt as text (pipes, transcripts)."""
from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gamesman.doors.shell.session import Session


def plain_asked() -> bool:
    """Whether the plain line mode was asked for on a terminal (GAMESMAN_PLAIN=1, TERM=dumb)."""
    return os.environ.get("GAMESMAN_PLAIN", "") not in ("", "0") or os.environ.get("TERM", "") == "dumb"


def plain_terminal() -> bool:
    """Whether to use the plain line mode: no terminal, or asked for."""
    return plain_asked() or not (sys.stdin.isatty() and sys.stdout.isatty())


def plain_loop(shell: "Session") -> None:
    """Read lines from stdin; print the prompt text before each.

    Ctrl-C stays armed from the prompt through the command, so one that arrives
    as a line is read cancels that line or its command, never nothing.
    """
    while not shell.finished:
        prompt = shell.prompt()
        line = None
        try:
            with shell.interrupts.cancellable():
                sys.stdout.write(prompt)
                sys.stdout.flush()
                line = sys.stdin.readline()
                if line:
                    shell.execute(line.rstrip("\r\n"), prompt)
        except KeyboardInterrupt:
            if line is None:
                shell.cancel_line(prompt, newline=True)
            else:
                shell.interrupted()
            continue
        if not line:
            shell.end_of_input(prompt)
            break

