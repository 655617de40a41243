"""Starting the shell: ``gamesman`` or ``gamesman shell [GAME [flags]] [--seed N]``."""
from __future__ import annotations

import os
import sys

from gamesman.contract.errors import GameError
from gamesman.doors.shell.commands import Shell
from gamesman.doors.shell.interrupts import run_cancellable
from gamesman.doors.shell.plain import plain_asked, plain_loop, plain_terminal
from gamesman.doors.shell.session import split_seed
from gamesman.doors.shell.wording import ansi_colour


def main(argv: list[str] | None = None) -> int:
    """The shell: ``gamesman``, ``gamesman shell [GAME [flags]] [--seed N]`` or
    ``gamesman --load FILE`` (a game written by ``save``)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    saved = None
    if argv[:1] == ["--load"]:
        if len(argv) != 2:
            print("gamesman: --load takes one file, written by the shell's save", file=sys.stderr)
            return 2
        saved = argv[1]
    try:
        game, _, seed = split_seed([] if saved else argv)
    except GameError as problem:
        print(f"gamesman: {problem}", file=sys.stderr)
        return 2
    plain = plain_terminal()
    colour = None if plain or os.environ.get("NO_COLOR") else ansi_colour
    shell = Shell(seed=seed, colour=colour, argv=argv)
    # A plain terminal gets no progress line: it could not be redrawn without escape codes,
    # and transcripts must not depend on how long a solve takes.
    shell.show_progress = not (plain_asked() and sys.stderr.isatty())
    shell.clears_screen = not plain
    if saved:
        from gamesman.doors.shell.saving import load

        try:
            load(shell, saved)
        except GameError as problem:
            print(f"gamesman: {problem}", file=sys.stderr)
            return 2
    try:
        with shell.interrupts.installed():
            shell.greet()
            if game is not None:
                run_cancellable(shell, lambda: shell.begin(game, keep_players=False))
            elif saved:
                run_cancellable(shell, lambda: shell.resume(saved))
            if plain:
                plain_loop(shell)
            else:
                from gamesman.doors.shell.terminal import terminal_loop

                terminal_loop(shell)
    finally:
        shell.close()
    piped = not sys.stdin.isatty()
    return 2 if piped and shell.refused else 0
