"""The docs' table of solved variants (``docs/solver.md``), regenerated from the solver.

Each of gamesman's own games contributes its ``showcase`` variants (by default the
default variant and its misère twin); games that other packages install are left
out.  ``gamesman table`` prints the table; a test compares it with the docs, so they
never state a value that the solver does not compute.
"""
from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any, Iterator

from gamesman.contract.game import Game
from gamesman.contract.registry import ENTRY_POINT_GROUP, game_class, game_names
from gamesman.solver.strong import Solver
from gamesman.solver.workers import fork_pool

BEGIN = "<!-- solved-table: begin (regenerate with: gamesman table) -->"
END = "<!-- solved-table: end -->"


def own_game_names() -> list[str]:
    """The games gamesman's own package registers, in registry order (not plugins').

    >>> own_game_names()[:3]
    ['2048', 'abalone', 'beverbende']
    """
    own = {point.name for point in entry_points(group=ENTRY_POINT_GROUP)
           if point.dist is not None and point.dist.name == "gamesman"}
    return [name for name in game_names() if name in own]


def showcase_values(cls: type[Game]) -> tuple[dict[str, Any], ...]:
    """The option values of a game's showcase variants: its own ``showcase``, else the
    default variant and its misère twin when there is one.

    >>> showcase_values(game_class("tictactoe"))
    ({}, {'misere': True})
    """
    if cls.showcase is not None:
        return cls.showcase
    return ({},) + (({"misere": True},) if any(o.name == "misere" for o in cls.options) else ())


def showcase_games() -> Iterator[Game]:
    """Every variant the table lists, in registry order."""
    for name in own_game_names():
        cls = game_class(name)
        for values in showcase_values(cls):
            game = cls(**values)
            if game.capabilities.solvable:
                yield game


def table(progress=None) -> str:
    """The markdown table: variant, positions reachable from the start, value of the start.

    The variants are solved side by side, one per core, where worker processes can
    be forked; else one after the other, with the solver's own progress."""
    rows = ["| game | variant | positions | value of the start |", "| --- | --- | ---: | --- |"]
    games = list(showcase_games())
    pool = fork_pool()
    if pool is None:
        rows += [row(game, progress) for game in games]
        return "\n".join(rows)
    with pool:
        if progress:  # shown from the start: the first answer may be minutes away
            progress("variants solved", 0, len(games))
        for done, line in enumerate(pool.map(row_of_spec, [game.spec for game in games]), start=1):
            rows.append(line)
            if progress:
                progress("variants solved", done, len(games))
    return "\n".join(rows)


def row_of_spec(spec: str) -> str:
    """``row`` in a worker process (which gets the variant by its spec: games hold caches)."""
    from gamesman.contract.registry import game_from_spec

    return row(game_from_spec(spec))


def row(game: Game, progress=None) -> str:
    """One line of the table: the variant solved from its start."""
    if progress:
        progress(f"solving {game.spec}", 0, None)
    solver = Solver(game, database=None, progress=progress)
    solved = solver.solve()
    alike = " up to symmetry" if game.capabilities.symmetries else ""  # one position of each set alike
    return f"| {game.variant_title()} | `{game.spec}` | {solved:,}{alike} | {solver.result(game.start())} |"


def table_section(text: str) -> str:
    """The table as a page (``docs/solver.md``) holds it now."""
    start = text.index(BEGIN) + len(BEGIN)
    return text[start:text.index(END)].strip()
