"""The interactive shell (see :mod:`gamesman.doors.shell.commands`)."""
from gamesman.doors.shell.commands import COLOUR_CODES, Interrupts, Shell, announce, describe_result, main, paint

__all__ = ["COLOUR_CODES", "Interrupts", "Shell", "announce", "describe_result", "main", "paint"]
