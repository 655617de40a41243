"""Helpers for drawing boards in GamesmanUni: image data, centres and move strings.

GamesmanUni's image board places one image per character of a board string on the
centre of the same index, and draws each move as a button (``A_``), an arrow (``M_``)
or a line (``L_``) between centres.  The images are those the app ships, named by
their path under its ``models/images/svg`` (``general/blackpiece.svg``).

>>> data = image_data([2, 1], grid_centers(2, 1), {"x": PIECES[0]})
>>> data["themes"]["regular"]["centers"], data["themes"]["regular"]["charImages"]["x"]["scale"]
([[0.5, 0.5], [1.5, 0.5]], 0.9)
>>> place("h", 3), arrow(0, 1), line(4, 5)
('A_h_3_-', 'M_0_1_-', 'L_4_5_-')
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

#: The images of each player's pieces, in turn order (GamesmanUni's shaded discs).
PIECES = ("general/blackpiece.svg", "general/whitepiece.svg")
#: The image of a move button: a square that lights up in the move's colour.
BUTTON_IMAGE = "general/basichitbox.svg"
#: The token of a move button drawn with ``BUTTON_IMAGE``.
BUTTON = "h"
#: Flat discs of many colours, for the cube's stickers and coloured counters.
DISCS = {colour: f"general/{colour}_circle.svg"
         for colour in ("blue", "brown", "green", "orange", "pink", "purple", "red", "teal", "yellow")}
#: The digits 0 to 9, each an image of its own, keyed by the digit.
DIGITS = {str(digit): f"general/{digit}.svg" for digit in range(10)}
#: The character of an empty cell drawn as a small dot (where the board has no image of its
#: own that shows the cells), and its image.
EMPTY = "e"
EMPTY_DOT = ("y/h.svg", 0.15)
#: A move string's sound: none.
SILENT = "-"

Image = str | tuple[str, float]


def image_data(space: Sequence[float], centers: Sequence[Sequence[float]], images: Mapping[str, Image],
               **extra: Any) -> dict[str, Any]:
    """UWAPI's ``imageAutoGUIData`` of one theme, ``regular``: the board's ``space`` (width,
    height), its centres and each character's image, given as a path (drawn 0.9 of a unit
    wide) or a path and its width; ``extra`` adds theme keys (``background``, ``arrowWidth``...)."""
    char_images = {char: {"image": image, "scale": 0.9} if isinstance(image, str) else
                   {"image": image[0], "scale": image[1]} for char, image in images.items()}
    theme = {"space": list(space), "centers": [list(center) for center in centers], "charImages": char_images,
             "animationType": "entityFade", **extra}
    return {"defaultTheme": "regular", "themes": {"regular": theme}}


def grid_centers(cols: int, rows: int, *, cell: float = 1.0, top: float = 0.0,
                 bottom_first: bool = False) -> list[list[float]]:
    """The centres of a grid of ``cols`` x ``rows`` cells of side ``cell``, row by row from
    the top (from the bottom with ``bottom_first``), starting ``top`` units down.

    >>> grid_centers(2, 2, bottom_first=True)
    [[0.5, 1.5], [1.5, 1.5], [0.5, 0.5], [1.5, 0.5]]
    """
    drawn = range(rows - 1, -1, -1) if bottom_first else range(rows)
    return [[(col + 0.5) * cell, top + (row + 0.5) * cell] for row in drawn for col in range(cols)]


def place(token: str, center: int, sound: str = SILENT) -> str:
    """A move button drawn with ``token``'s image (a circle when it has none) on ``center``."""
    return f"A_{token}_{center}_{sound}"


def arrow(start: int, end: int, sound: str = SILENT) -> str:
    """A move drawn as an arrow from centre ``start`` to centre ``end``."""
    return f"M_{start}_{end}_{sound}"


def line(start: int, end: int, sound: str = SILENT) -> str:
    """A move drawn as a line from centre ``start`` to centre ``end``."""
    return f"L_{start}_{end}_{sound}"


def filled_cell(before: str, after: str) -> int | None:
    """The one cell that was empty (``-``) in ``before`` and is not in ``after``, or None
    when no cell or more than one filled (a move that is not one placed piece).

    >>> filled_cell("x--o", "xx-o"), filled_cell("x--o", "-x-o")
    (1, None)
    """
    if len(before) != len(after):
        return None
    filled = [at for at, (old, new) in enumerate(zip(before, after)) if old == "-" and new != "-"]
    emptied = [at for at, (old, new) in enumerate(zip(before, after)) if old != "-" and new == "-"]
    return filled[0] if len(filled) == 1 and not emptied else None


def text_entities(board: str, texts: Sequence[str]) -> str:
    """A board string whose ``.`` characters are drawn as ``texts``, in order (UWAPI writes
    them after the board, each after a ``~``).

    >>> text_entities("x..", ["12", "3"])
    'x..~12~3'
    """
    return "~".join([board, *texts])
