"""The engine's user-facing errors: each carries one line that names the problem."""


def shown(text: str) -> str:
    r"""Text quoted in an error message: on one line, whitespace folded, cut if long.

    >>> shown("(x  --- \n ---)")
    '(x --- ---)'
    >>> len(shown("z" * 10_000_000))
    80
    """
    folded = " ".join(text[:400].split())
    return folded if len(folded) <= 80 else folded[:77] + "..."


class GameError(ValueError):
    """A user-facing error: bad text, an illegal move, a bad option.  One line."""


class PositionError(GameError):
    """A position string that does not parse."""


class IllegalMove(GameError):
    """A move that is not legal in the position (the position stays as it was)."""


class OptionError(GameError):
    """An unknown variant option, or a value of the wrong type or out of range."""


class OutOfTime(Exception):
    """A search ran out of its time budget, or an exact answer asked with a deadline
    (``KnownResults.known_result``) was not found by then."""
