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
view(s, q)       ``view(pos, player)``: that player's information, as text;
                 ``sample_position(view, rng)``: a full position it fits
state            ``parse_position`` / ``format_position``: exact inverses
moves as text    ``parse_move`` / ``format_move``: no spaces in a move
for people       ``render(pos)``: a board with coordinates
===============  ==========================================================

A game class is a rule set; an instance is one variant, fixed by its options
when constructed.  Positions are immutable, hashable values.  Chance outcomes
are moves of the CHANCE pseudo-player: ``play(pos, outcome)`` applies them too.
"""
from __future__ import annotations

import random
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, ClassVar, Generic, Hashable, Mapping, Sequence, TypeVar

from gamesman.contract.errors import GameError, IllegalMove, OptionError, PositionError, shown
from gamesman.contract.options import Option, declared_options, format_spec, validate_options

if TYPE_CHECKING:
    from gamesman.contract.strategy import Choice, StrategyEntry

#: A progress callback: ``progress(stage, done, total or None)``.
ProgressFn = Callable[[str, int, "int | None"], None]

#: ``to_move`` returns this at a chance node (a deal, a random tile).
CHANCE = -1

#: A game's positions: immutable, hashable values (each game names its own type).
Position = TypeVar("Position", bound=Hashable)
#: A game's moves (and chance outcomes): hashable values whose text has no spaces.
Move = TypeVar("Move", bound=Hashable)


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
        impartial: both players always have the same moves (then Grundy numbers apply).
        rules: a short description of the rules, shown by ``help``.
    """

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    options: ClassVar[tuple[Option[Any], ...]] = ()
    player_names: tuple[str, ...] = ()
    impartial: ClassVar[bool] = False
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

    def sample_position(self, view: Any, rng: random.Random) -> Position:
        """A full position drawn at random among those the viewer cannot tell from the
        real one: ``view`` (as ``parse_view`` returns it) with every hidden part dealt
        again from what the viewer has not seen.  Search players use it, so that they
        never look at hidden cards.  Perfect information: the view is the position."""
        if self.hidden_information:
            raise GameError(f"{self.name}: no way to draw positions from a view; search players cannot play it")
        return view

    #: True when some player's view differs from the full position (then the game
    #: overrides ``view``, ``parse_view``, ``format_view`` and ``sample_position``).
    hidden_information: ClassVar[bool] = False

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

    def describe_utility(self, utility: float, expected: bool) -> str | None:
        """A one-player game's (expected) utility in its own words, e.g. ``chance to reach
        2048: 99.99%`` or ``expected score 1234.5``; None for the engine's ``expected utility``."""
        return None

    def round_summary(self, position: Position, move: Move, after: Position) -> str | None:
        """How the hand or round that ``move`` from ``position`` ends (reaching ``after``)
        came out, in words every player may read (cards shown, pots or totals, winners,
        running scores); None when the move ends no hand or round (the default)."""
        return None

    def player_name(self, player: int) -> str:
        return "chance" if player == CHANCE else self.player_names[player]

    def solvable(self) -> bool:
        """False when the variant is too large to solve on one machine."""
        return True

    #: The search player (a strategy as ``computer`` and ``strategy`` take it) that
    #: estimates values and hints when the variant is too large to solve.
    search_strategy: ClassVar[str] = "mcts"
    #: The game's own strategies, by name, offered beside the engine's (perfect, random,
    #: mcts, ...) for this game only.
    strategies: ClassVar[Mapping[str, "StrategyEntry"]] = {}
    #: The options GTP's ``boardsize N`` sets to N (e.g. ``("size",)`` or ``("rows", "cols")``);
    #: empty when the game has no board size.
    board_size_options: ClassVar[tuple[str, ...]] = ()

    #: True when chance moves can occur (the game overrides ``chances``).
    has_chance: ClassVar[bool] = False

    def count_report(self, progress: ProgressFn | None = None) -> str | None:
        """The game's own ``count`` report, or None for the engine's count of the game tree."""
        return None

    def simulate_report(self, finals: Sequence[Any]) -> str | None:
        """Lines ``simulate`` adds after its table, from the final positions, or None."""
        return None

    def gain(self, position: Position, move: Move) -> tuple[float, ...] | None:
        """What each player gains by ``move`` right now (e.g. points merged), or None:
        greedy players then look at the outcome when the move ends the game."""
        return None

    def expectimax_choice(self, position: Position, depth: int | None, seconds: float | None) -> "Choice | None":
        """A faster expectimax of the game's own, or None where it does not apply."""
        return None

    #: Played in hands that move chips (poker): ``hand_chips`` says who won what.
    played_in_hands: ClassVar[bool] = False

    def hand_chips(self, position: Position, after: Position) -> tuple[int, ...] | None:
        """Chips each player won or lost in a hand that ended between the two positions
        (games played in hands), else None."""
        return None

    def evaluate(self, position: Position) -> float | tuple[float, ...] | None:
        """A heuristic estimate for search players that stop early, or None when there is none.

        Either one number in [-1, 1] for the player to move (two-player games),
        or one estimated utility per player, on the scale of ``outcome``.
        """
        return None

    def exact_on_demand(self) -> bool:
        """True when ``known_result`` answers every position of this variant exactly (an
        exact search), so the solver never walks its graph and perfect play is offered."""
        return False

    def known_result(self, position: Position, deadline: float | None = None) -> Any:
        """A solver Result the game already knows (e.g. from its own table), else None.

        The solver asks this first, so a game with a closed-form answer or a
        precomputed table never has its graph walked.  With a ``deadline`` (a
        ``time.monotonic()`` value), a search that has not found the answer by
        then raises :class:`~gamesman.contract.errors.OutOfTime`.
        """
        return None

    # -- optional hooks for the fast solver (gamesman.solver.levelled) ------------------
    # A game that gives none of these is still solved, by calling ``play``; with
    # ``encode``/``decode`` its database is an array indexed by the codes; with
    # ``batch_expand`` whole levels of positions are expanded at once (numpy).

    #: True when every move adds a piece, so no position repeats and every path
    #: from the start to a position has the same length (the solver then works
    #: level by level, and keeps no list of moves).
    layered: bool = False
    #: Raised whenever ``encode`` numbers positions differently, or ``tier_shards`` cuts
    #: them differently, so that databases and tier files saved before are rebuilt instead
    #: of read wrongly.
    codes_version: int = 1

    def has_codes(self) -> bool:
        """True when this variant numbers its positions (``encode``/``decode`` work)."""
        return False

    def expands_in_batches(self) -> bool:
        """True when this variant's ``batch_expand`` works (it needs ``has_codes``)."""
        return False

    def encode(self, position: Position) -> int:
        """A distinct non-negative integer for ``position`` (only where ``has_codes``)."""
        raise NotImplementedError

    def decode(self, code: int) -> Position:
        """The position whose ``encode`` is ``code``."""
        raise NotImplementedError

    def index_size(self) -> int | None:
        """A bound on the codes of the positions reachable from the start, close to
        their number (a perfect or near-perfect index), or None when there is none."""
        return None

    def batch_expand(self, codes: Any) -> Any:
        """Expand many positions at once (only where ``expands_in_batches``).

        ``codes`` is a numpy int64 array of position codes; the answer is
        ``(movers, ends, parents, children)``: for each code the player to move
        (int8; CHANCE at a chance node) and how the game ended for that player
        (int8: -1 play goes on, 0 won, 1 lost, 2 tie); then, for every legal
        move of every position that goes on, the index in ``codes`` of the
        position (non-decreasing) and the code of the position the move leads to.
        """
        raise NotImplementedError

    def tier_shards(self, codes: Any, shards: int, low: int) -> tuple[Any, Any]:
        """How the tier solver (:mod:`gamesman.solver.tiers`) cuts a tier into ``shards``:
        for each code of ``codes`` (numpy int64, only where ``has_codes``) its shard, from the
        code alone, and its number within the shard, by which the shard's results are kept:
        distinct among the codes of one tier in that shard, growing with the code, and as
        close together as can be.  ``low`` is the lowest code of the codes' tier (a code of
        another tier may be given too: its number is then any).  By default the cut is by
        code: shard ``code % shards``, number ``code // shards - low // shards``.  A game
        where a move changes some part of the code by one of a few steps can cut by that
        part instead, so that a shard's moves lead into few shards of the next tier (Connect
        Four cuts by column heights)."""
        return codes % shards, codes // shards - low // shards

    # -- optional hooks for fast play on a compact form (gamesman.players.search) -------
    # Bit boards or integer codes, played by compiled code; the rules above stay the
    # reference (tests replay every compact game by ``play`` and compare the ends).

    def compact_playouts(self) -> "CompactPlayouts[Position, Move] | None":
        """Uniformly random games played on this variant's compact form, or None (then
        search players play random games by ``moves`` and ``play``)."""
        return None

    # -- small helpers for subclasses -----------------------------------------
    def error(self, message: str, text: str | None = None) -> PositionError:
        """A PositionError naming the game (and the text, when given)."""
        suffix = f' in "{shown(text)}"' if text is not None else ""
        return PositionError(f"{self.name}: {message}{suffix}")

    def illegal(self, message: str) -> IllegalMove:
        return IllegalMove(f"{self.name}: {message}")


class CompactPlayouts(Generic[Position, Move]):
    """Random games on a game's compact form (``Game.compact_playouts``): compiled, so
    many times faster than ``moves`` and ``play``, and the same games as theirs.

    A compact form gives ``run`` (and ``named`` when its move numbers are not the moves);
    ``game`` and ``utilities`` are made of them."""

    def game(self, position: Position, seed: int) -> tuple[list[Move], tuple[float, ...]]:
        """One uniformly random game from ``position`` (in play) to its end, its random
        choices drawn from ``seed``: the moves as ``moves`` names them, and ``outcome``."""
        utilities, moves = self.run(position, seed)
        return self.named(moves), utilities

    def utilities(self, position: Position, seed: int) -> tuple[float, ...]:
        """The ``outcome`` of ``game(position, seed)`` alone (what a Monte-Carlo search needs)."""
        return self.run(position, seed)[0]

    def run(self, position: Position, seed: int) -> tuple[tuple[float, ...], Any]:
        """The ``outcome`` and the moves of ``game(position, seed)``, the moves as the compact
        form numbers them (an array)."""
        raise NotImplementedError

    def named(self, moves: Any) -> list[Move]:
        """The moves of ``run`` as ``moves`` names them: by default their numbers are the moves."""
        return moves.tolist()


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
    "CompactPlayouts",
    "Game",
    "GameError",
    "IllegalMove",
    "Option",
    "OptionError",
    "PositionError",
    "numbered_players",
    "two_player_result",
]
