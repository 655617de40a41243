"""The game contract: what every game in ``games/`` provides, and what the rest uses.

The contract follows the formal model of a game (setup, state, view, actions,
victory, progression):

===============  ==========================================================
formal model     contract
===============  ==========================================================
players P        ``players``; ``to_move(pos)`` gives a player index or CHANCE
setup()          ``start()``
actions          ``moves(pos)``; ``play(pos, move)`` (raises IllegalMove)
chance           ``chances(pos)``: ``[(outcome, probability), ...]``
victory          ``outcome(pos)``: None while play goes on, else utilities
view(s, q)       ``view(pos, player)``: that player's information, as text
                 (with hidden information, ``sample_position(view, rng)``)
state            ``parse_position`` / ``format_position``: exact inverses
moves as text    ``parse_move`` / ``format_move``: no spaces in a move
for people       ``render(pos)``: a board with coordinates
===============  ==========================================================

A game class is a rule set; an instance is one variant, fixed by its options
when constructed.  Positions are immutable, hashable values.  Chance outcomes
are moves of the CHANCE pseudo-player: ``play(pos, outcome)`` applies them too.

What a variant can do beyond these (chance, hidden information, position codes,
...) it declares once, in the record ``declare()`` returns; each capability's
hooks are in a mixin of :mod:`gamesman.contract.capabilities`, and the rest of
gamesman reads ``game.capabilities`` before it asks for them:

>>> from gamesman.testing.stones import NumberedStones
>>> record = NumberedStones().capabilities
>>> record.position_codes, record.chance
(True, False)
"""
from __future__ import annotations

import random
import sys
from fractions import Fraction
from functools import cached_property
from typing import Any, Callable, ClassVar, Generic, Mapping, Protocol, Sequence

from gamesman.contract.capabilities import Capabilities, CompactPlayouts, Move, Position
from gamesman.contract.errors import GameError, IllegalMove, OptionError, PositionError, shown
from gamesman.contract.options import Option, declared_options, format_spec, validate_options

#: A progress callback: ``progress(stage, done, total or None)``.
ProgressFn = Callable[[str, int, "int | None"], None]

#: ``to_move`` returns this at a chance node (a deal, a random tile).
CHANCE = -1


class OwnStrategy(Protocol):
    """A game's own strategy as ``Game.strategies`` lists it: a
    :class:`~gamesman.contract.strategy.StrategyEntry` (which plays a ``Game``)."""

    @property
    def make(self) -> Callable[..., Any]: ...

    @property
    def help(self) -> str: ...


class Game(Generic[Position, Move]):
    """One variant of a game.  Subclasses fill in the class attributes and methods, and
    name their types of positions and moves: ``class Nim(Game[tuple[int, tuple[int, ...]], str])``.

    Class attributes:
        name: the registry name (``tictactoe``), lower case, no spaces.
        title: the name people use (``Tic-Tac-Toe``).
        options: the variant options, in declaration order, collected from the class's
            ``Option`` attributes (see ``gamesman.contract.options``).
        player_names: one short name per player, as the position strings write them (a
            variant may set its own, when an option gives the number of players).
        rules: a short description of the rules, shown by ``help``.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    options: ClassVar[tuple[Option[Any], ...]] = ()
    player_names: tuple[str, ...] = ()
    rules: ClassVar[str] = ""
    #: Characters of ``render`` drawn in colour on a terminal (e.g. cube faces):
    #: character -> white, red, green, yellow, orange, blue, cyan, magenta or black.
    render_colours: ClassVar[dict[str, str]] = {}
    #: Variants (as option values) listed in the README's table of solved games;
    #: None means the default variant, plus its misère twin when there is one.
    showcase: ClassVar[tuple[dict[str, Any], ...] | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.options = declared_options(cls)

    def __init__(self, **values: Any) -> None:
        #: Every option's value by public name, as the spec and the doors list them;
        #: the game reads each option as its attribute (``self.rows``).
        self.settings: dict[str, Any] = validate_options(self.name, self.options, values)
        self.setup()

    def declare(self) -> Capabilities:
        """What this variant can do (see :mod:`gamesman.contract.capabilities`).

        A game that inherits capability mixins, or whose capabilities depend on its
        options, says so here; by default a variant claims no optional capability."""
        return Capabilities(players=self.players)

    @cached_property
    def capabilities(self) -> Capabilities:
        """This variant's record, as ``declare`` returned it (asked once)."""
        return self.declare()

    def setup(self) -> None:
        """Derive per-variant data from the options (override when needed).

        Raise OptionError here for combinations of options that do not fit.
        """

    # -- identity -------------------------------------------------------------
    @property
    def players(self) -> int:
        """How many players (1 for a puzzle)."""
        return len(self.player_names)

    @property
    def spec(self) -> str:
        """The canonical spec string of this variant, e.g. ``nim(heaps=3,size=5,...)``."""
        return format_spec(self.name, self.options, self.settings)

    def variant_title(self) -> str:
        """The name people use for this variant (the game's ``title`` unless an option changes it)."""
        return self.title

    def __repr__(self) -> str:
        return f"<{self.spec}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.spec == self.spec

    def __hash__(self) -> int:
        return hash(self.spec)

    # -- rules ------------------------------------------------------------------
    def start(self) -> Position:
        """The initial position (may be a chance node, e.g. before a deal)."""
        raise NotImplementedError

    def random_start(self, rng: random.Random) -> Position:
        """A start drawn from ``rng``, for a variant whose options set up its start at
        random (a cube's scramble, drawn from its ``seed``): learning environments draw a
        fresh one for each episode.  By default the one start.

        >>> from gamesman.testing.stones import Stones
        >>> Stones().random_start(random.Random(1))  # (stones, player to move)
        (30, 0)
        """
        return self.start()

    def to_move(self, position: Position) -> int:
        """The index of the player to move, or CHANCE.  Defined at the end too."""
        raise NotImplementedError

    def moves(self, position: Position) -> Sequence[Move]:
        """The legal moves of the player to move; empty at the end and at chance nodes."""
        raise NotImplementedError

    def play(self, position: Position, move: Move) -> Position:
        """The position after ``move`` (a player's move or a chance outcome).

        Raises IllegalMove when the move is not legal here.
        """
        raise NotImplementedError

    def chances(self, position: Position) -> Sequence[tuple[Move, Fraction]]:
        """At a chance node, every outcome with its exact probability."""
        return ()

    def outcome(self, position: Position) -> tuple[float, ...] | None:
        """None while play goes on, else one utility per player (higher is better)."""
        raise NotImplementedError

    def utility_bounds(self) -> tuple[float, float]:
        """The least and the greatest utility a player may end with: by default those of
        ``two_player_result`` (-1 and 1) for two players, and 0 and 1 otherwise (a win, or
        a share of one, as games of one or of more players give it).

        >>> from gamesman.testing.stones import Stones
        >>> class ThreeStones(Stones):
        ...     player_names = ("a", "b", "c")
        >>> Stones().utility_bounds(), ThreeStones().utility_bounds()
        ((-1.0, 1.0), (0.0, 1.0))
        """
        return (-1.0, 1.0) if self.players == 2 else (0.0, 1.0)

    def utility_sum(self) -> float | None:
        """What the players' utilities add up to at every end, or None when that varies: by
        default 0 for two players (``two_player_result``), 1 for more (one win shared out),
        and None for one player.

        >>> from gamesman.testing.stones import Stones
        >>> class ThreeStones(Stones):
        ...     player_names = ("a", "b", "c")
        >>> Stones().utility_sum(), ThreeStones().utility_sum()
        (0.0, 1.0)
        """
        if self.players == 1:
            return None
        return 0.0 if self.players == 2 else 1.0

    def longest_game(self) -> int | None:
        """The most moves of players (chance outcomes not counted) that a game of this
        variant can last from its start, or None when a game may go on for ever (the default).

        >>> from gamesman.testing.stones import Stones
        >>> print(Stones().longest_game())  # a stone put back may come back for ever
        None
        """
        return None

    def is_over(self, position: Position) -> bool:
        return self.outcome(position) is not None

    def legal_moves(self, position: Position) -> Sequence[Move]:
        """Moves of a player, or chance outcomes at a chance node."""
        if self.to_move(position) == CHANCE:
            return [outcome for outcome, _ in self.chances(position)]
        return self.moves(position)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        raise NotImplementedError

    def format_position(self, position: Position) -> str:
        raise NotImplementedError

    def parse_move(self, position: Position, text: str) -> Move:
        """The move that ``text`` names, if it is legal in ``position``.

        The default compares case-insensitively with ``format_move`` of every
        legal move (and chance outcome); games with many moves may override.
        """
        wanted = text.strip().lower()
        for move in self.legal_moves(position):
            if self.format_move(position, move).lower() == wanted:
                return move
        legal = " ".join(self.format_move(position, m) for m in self.legal_moves(position))
        raise IllegalMove(
            f"{self.name}: {' '.join(text.split())!r} is not a legal move here"
            + (f" (legal: {legal})" if legal else " (no moves: the game is over)")
        )

    def format_move(self, position: Position, move: Move) -> str:
        return str(move)

    def view(self, position: Position, player: int) -> str:
        """What ``player`` knows, as a string that ``parse_view`` reads back.

        Perfect-information games show everything: the position string.
        """
        return self.format_position(position)

    def parse_view(self, text: str) -> Any:
        """Read a view string back (the position itself for perfect information)."""
        return self.parse_position(text)

    def format_view(self, view: Any) -> str:
        """The text of a view as ``parse_view`` returned it (``view`` gives it from a position)."""
        return self.format_position(view)

    def render(self, position: Position) -> str:
        """A multi-line drawing for people; the position string by default."""
        return self.format_position(position)

    def render_view(self, view: Any) -> str:
        """A drawing of what one player knows (``view`` as ``parse_view`` returns it), for
        that player's eyes: hidden parts drawn as hidden.  Perfect information: ``render``."""
        return self.render(view)

    def player_name(self, player: int) -> str:
        return "chance" if player == CHANCE else self.player_names[player]

    #: The search player (a strategy as ``computer`` and ``strategy`` take it) that
    #: estimates values and hints when the variant is too large to solve.
    search_strategy: ClassVar[str] = "mcts"
    #: The game's own strategies, by name, offered beside the engine's (perfect, random,
    #: mcts, ...) for this game only.
    strategies: ClassVar[Mapping[str, OwnStrategy]] = {}
    #: The options GTP's ``boardsize N`` sets to N (e.g. ``("size",)`` or ``("rows", "cols")``);
    #: empty when the game has no board size.
    board_size_options: ClassVar[tuple[str, ...]] = ()

    def count_report(self, progress: ProgressFn | None = None) -> str | None:
        """The game's own ``count`` report, or None for the engine's count of the game tree."""
        return None

    def simulate_report(self, finals: Sequence[Any]) -> str | None:
        """Lines ``simulate`` adds after its table, from the final positions, or None."""
        return None

    def evaluate(self, position: Position) -> float | tuple[float, ...] | None:
        """A heuristic estimate for search players that stop early, or None when there is none.

        Either one number in [-1, 1] for the player to move (two-player games),
        or one estimated utility per player, on the scale of ``outcome``.
        """
        return None

    def instructions(self) -> str:
        """The game's rules in Markdown, for people: by default its module's docstring
        (else its ``rules``, else its title)."""
        module = sys.modules.get(type(self).__module__)
        return ((module.__doc__ if module else None) or self.rules or self.title).strip()

    # -- small helpers for subclasses -----------------------------------------
    def error(self, message: str, text: str | None = None) -> PositionError:
        """A PositionError naming the game (and the text, when given)."""
        suffix = f' in "{shown(text)}"' if text is not None else ""
        return PositionError(f"{self.name}: {message}{suffix}")

    def illegal(self, message: str) -> IllegalMove:
        return IllegalMove(f"{self.name}: {message}")




def numbered_players(count: int) -> tuple[str, ...]:
    """Player names ``p1`` .. ``pN``, for games whose number of players is an option.

    >>> numbered_players(3)
    ('p1', 'p2', 'p3')
    """
    return tuple(f"p{i}" for i in range(1, count + 1))


def two_player_result(winner: int | None) -> tuple[float, float]:
    """Utilities of a two-player game won by ``winner`` (None: a tie)."""
    if winner is None:
        return (0.0, 0.0)
    return (1.0, -1.0) if winner == 0 else (-1.0, 1.0)


__all__ = [
    "CHANCE",
    "Capabilities",
    "CompactPlayouts",
    "Game",
    "GameError",
    "IllegalMove",
    "Move",
    "Option",
    "OptionError",
    "Position",
    "PositionError",
    "ProgressFn",
    "numbered_players",
    "two_player_result",
]
