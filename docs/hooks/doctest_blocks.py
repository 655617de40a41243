"""A griffe extension for the API reference: docstring examples become code blocks.

The package's docstrings hold doctests (``>>>`` lines and their output) outside any
"Examples:" section; as Markdown they would read as nested quotes and their brackets as
links.  This wraps each run of them, up to the next blank line, in a ``pycon`` fence.

>>> fenced("Text.\\n>>> 1 + 1\\n2\\n\\nMore.").split("\\n")
['Text.', '```pycon', '>>> 1 + 1', '2', '```', '', 'More.']
"""
from __future__ import annotations

from typing import Any

import griffe


def fenced(text: str) -> str:
    """``text`` with every doctest, from its first ``>>>`` line to a blank line, fenced."""
    lines: list[str] = []
    in_example = False
    for line in text.split("\n"):
        starts = line.lstrip().startswith(">>>")
        if starts and not in_example:
            indent = line[:len(line) - len(line.lstrip())]
            lines.append(f"{indent}```pycon")
            in_example = True
        elif in_example and not line.strip():
            lines.append(f"{indent}```")
            in_example = False
        lines.append(line)
    if in_example:
        lines.append(f"{indent}```")
    return "\n".join(lines)


class DoctestBlocks(griffe.Extension):
    """Fences the doctests of every object's docstring as griffe loads it."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = fenced(obj.docstring.value)
