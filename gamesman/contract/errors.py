"""The engine's user-facing errors: each carries one line that names the problem."""


def shown(text: str) -> str:
    r"""Text quoted in an error message: on one line, whitespace folded, cut if long, and
    every other character a terminal does not print as itself made visible (a control
    character as its picture, ``\x1b`` as ``␛``, anything else as ``\ufffd``), so that
    what was typed cannot move the cursor or recolour the screen.

    >>> shown("(x  --- \n ---)")
    '(x --- ---)'
    >>> len(shown("z" * 10_000_000))
    80
    >>> shown("(x 5\x1b[2J 5\x00)")
    '(x 5␛[2J 5␀)'
    """
    folded = "".join(map(visible, " ".join(text[:400].split())))
    return folded if len(folded) <= 80 else folded[:77] + "..."


def visible(character: str) -> str:
    """``character``, or a printable stand-in for one that is not printable (see ``shown``)."""
    if character.isprintable():
        return character
    code = ord(character)
    if code < 0x20:
        return chr(0x2400 + code)  # the control pictures: ␀ ... ␟
    return "\u2421" if code == 0x7F else "\ufffd"


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
