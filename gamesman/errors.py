"""The engine's user-facing errors: each carries one line that names the problem."""


class GameError(ValueError):
    """A user-facing error: bad text, an illegal move, a bad option.  One line."""


class PositionError(GameError):
    """A position string that does not parse."""


class IllegalMove(GameError):
    """A move that is not legal in the position (the position stays as it was)."""


class OptionError(GameError):
    """An unknown variant option, or a value of the wrong type or out of range."""
