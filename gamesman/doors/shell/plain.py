"""The plain front end: lines from stdin, the prompt as text (pipes, transcripts)."""
from __future__ import annotations

import itertools
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
    as a line is read cancels that line or its command, never nothing.  The line's
    bytes are kept as they are read (a list extended in one call to compiled code;
    the text layer decodes in Python, where a Ctrl-C could land and lose them), so
    a Ctrl-C that lands just after the line was read is its command's.
    """
    while not shell.finished:
        prompt = shell.prompt()
        read: list[bytes | str] = []
        try:
            with shell.interrupts.cancellable():
                sys.stdout.write(prompt)
                sys.stdout.flush()
                read.extend(itertools.islice(getattr(sys.stdin, "buffer", sys.stdin), 1))  # (a StringIO has no bytes)
                if read:
                    line = read[0]
                    if isinstance(line, bytes):
                        line = line.decode(sys.stdin.encoding or "utf-8", sys.stdin.errors or "strict")
                    shell.execute(line.rstrip("\r\n"), prompt)
        except KeyboardInterrupt:
            if not read:
                shell.cancel_line(prompt, newline=True)
            else:
                shell.interrupted()
            continue
        if not read:
            shell.end_of_input(prompt)
            break

