"""The interactive shell: play, analyse and record games at a prompt.

The command logic lives in :class:`Shell`, which reads one line at a time and
writes plain text, so it can be tested with strings.  Two thin front ends drive
it: a prompt_toolkit one on a terminal (tab completion, persistent history,
colour) and a plain one that reads lines from stdin (pipes, pseudo-terminals
under test with ``GAMESMAN_PLAIN=1`` or ``TERM=dumb``).  Both print the same
text, so a session recorded in one replays in the other.

The modules, by concern: ``session`` (the game, its history, seats, output and
automatic moves), ``commands`` (what each command does), ``help`` (the commands'
usage), ``completion`` (Tab), ``wording`` (results in words, colours),
``interrupts`` (Ctrl-C), ``plain`` and ``terminal`` (the two front ends) and
``start`` (``main``).

Environment:
    GAMESMAN_PLAIN=1   plain line mode even on a terminal (no colour, no completion)
    NO_COLOR           no colour
    GAMESMAN_HISTORY   the command-history file (default
                       ``$XDG_DATA_HOME/gamesman/history`` or
                       ``~/.local/share/gamesman/history``)
    GAMESMAN_SEED      the seed of chance moves and random players when no
                       ``--seed`` is given (default: a fresh random seed)
"""
from gamesman.doors.shell.commands import Shell
from gamesman.doors.shell.interrupts import Interrupts
from gamesman.doors.shell.start import main
from gamesman.doors.shell.wording import COLOUR_CODES, announce, describe_result, paint

__all__ = ["COLOUR_CODES", "Interrupts", "Shell", "announce", "describe_result", "main", "paint"]
