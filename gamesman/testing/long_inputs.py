"""Very long texts for a game's parsers: each must be refused (or read) in time linear in its length.

The test suite checks that every game answers them with a one-line error or a
position; ``benchmarks/bench_parsers.py`` times them at two lengths, where a
parser of quadratic time shows at once.

>>> sorted(len(text) // 1000 for text in long_inputs("(x 0)", 4000).values())[:3]
[4, 4, 4]
"""
from __future__ import annotations

MEGABYTE = 1 << 20


def long_inputs(start: str, size: int = MEGABYTE) -> dict[str, str]:
    """Texts of about ``size`` characters, by what is long in them: whitespace, long tokens,
    many tokens, a long line, unbalanced brackets; ``start`` is a position of the game as it
    prints it, so that some texts begin as a real one does."""
    return {"spaces": "(" + " " * size + ")", "spaces inside": start[:2] + " " * size + start[2:],
            "spaces after": start + " " * size, "tabs and commas": "(x " + " \t, " * (size // 4) + ")",
            "one token": "(" + "x" * size + ")", "digits": "(" + "1" * size + ")",
            "many tokens": "(" + "1 " * (size // 2) + ")", "dashes": "(x " + "-" * size + ")",
            "a line": "x" * size, "open brackets": "(" * size, "unclosed": "(" + " " * size}
