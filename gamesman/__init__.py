"""gamesman: a game engine and strong solver in the tradition of Berkeley's GAMESMAN."""

__version__ = "0.1.0"
