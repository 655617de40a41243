"""The doors users come through: the command line and the shell (the protocol is gamesman.protocol)."""


def main() -> int:
    """The ``gamesman`` command: :func:`gamesman.doors.cli.main`, imported here so that a
    Ctrl-C while it is imported (as the command starts) ends the command as any command
    Ctrl-C ends, in one line and with status 130, and not with a traceback."""
    import sys

    try:
        from gamesman.doors.cli import leave_on_interrupt, main as command
    except KeyboardInterrupt:
        print("gamesman: interrupted", file=sys.stderr)
        return 130
    leave_on_interrupt()
    return command()
