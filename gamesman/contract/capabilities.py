"""What a variant can do, declared once: the :class:`Capabilities` record and its mixins.

Every variant returns one record from ``Game.declare()`` (``Game.capabilities`` keeps
it).  The core reads the record and never probes a game's attributes: it calls a
capability's hooks only where the record claims the capability, through the
accessors below (``position_codes(game)``, ...), which also tell the type checker
which hooks the game has.  A game gets the hooks by inheriting the capability's
mixin, before ``Game``::

    class Nim(PositionCodes[Heaps], CompactForm[Heaps, Take], Game[Heaps, Take]):
        def declare(self) -> Capabilities:
            return Capabilities(players=2, impartial=True, position_codes=True, ...)

The record is in the spirit of OpenSpiel's ``GameType``: a few typed facts about
the variant, fixed when it is constructed.

>>> record = Capabilities(players=2, position_codes=True)
>>> record.position_codes, record.batch_expansion
(True, False)
"""
from __future__ import annotations

import operator
import random
from dataclasses import dataclass
from enum import IntEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Hashable, Protocol, Sequence, SupportsIndex, TypeVar, cast

from gamesman.contract.errors import GameError

#: A game's positions: immutable, hashable values (each game names its own type).
Position = TypeVar("Position", bound=Hashable)
#: A game's moves (and chance outcomes): hashable values whose text has no spaces.
Move = TypeVar("Move", bound=Hashable)


@dataclass(frozen=True)
class Capabilities:
    """What one variant of a game can do: one typed record, read by the core.

    Every field but ``players`` is a capability the variant claims (True) or not;
    a claimed capability with hooks comes with its mixin (see the module)."""

    #: How many players (1 for a puzzle).
    players: int
    #: Chance moves occur (``to_move`` gives CHANCE and ``chances`` lists the outcomes).
    chance: bool = False
    #: Some player's view differs from the position (:class:`HiddenInformation`).
    hidden_information: bool = False
    #: Both players always have the same moves, so Grundy numbers apply.
    impartial: bool = False
    #: Every move adds a piece: no position repeats and the solver works level by level.
    layered: bool = False
    #: Play may come back to a position it left (pieces moved back, fingers wrapped round), so
    #: a game may never end (a draw) and a position has no longest distance from the start:
    #: the tier solver takes the variant only by tiers of its own (:class:`TierCut`).  A game
    #: whose positions count its moves or hands never comes back to one, however long it goes.
    loops: bool = False
    #: Positions are numbered by integers (:class:`PositionCodes`).
    position_codes: bool = False
    #: Whole arrays of codes expand at once (:class:`BatchExpansion`; needs position codes).
    batch_expansion: bool = False
    #: Tiers of the game's own, or tiers cut into shards by a cut of its own (:class:`TierCut`).
    tiers: bool = False
    #: Positions alike under a symmetry of the board are solved once, by their least code
    #: (:class:`Symmetries`; needs position codes).
    symmetries: bool = False
    #: Each position has a place within its tier of the game's own, shared by the positions alike
    #: (:class:`TierPlaces`; needs tiers of its own and symmetries): a tier's results are kept by
    #: place, a byte each, and no code is stored.
    tier_places: bool = False
    #: The positions with a move to a position come from the game, many at once
    #: (:class:`Parents`; needs position codes and batch expansion): a retrograde solver walks
    #: back along them instead of keeping every move it explored.
    parents: bool = False
    #: A position seen from the other side (the board turned round, the colours swapped, the
    #: other player to move) has the same value and remoteness (:class:`TurnSymmetry`; needs
    #: position codes): positions of the first player to move are solved, the others looked up
    #: by them.
    turn_symmetry: bool = False
    #: Random games run on a compiled compact form (:class:`CompactForm`).
    compact_playouts: bool = False
    #: ``known_result`` answers every position exactly, so no graph is ever walked.
    exact_search: bool = False
    #: ``known_result`` answers some positions from the game's own knowledge (:class:`KnownResults`).
    known_results: bool = False
    #: Small enough for the solver to solve on one machine.
    solvable: bool = False
    #: Played in hands or rounds that each end with a result (:class:`Rounds`).
    rounds: bool = False
    #: A move earns points right away, and the utility has words of its own (:class:`Rewards`).
    rewards: bool = False
    #: Moves are numbered in one fixed action space (:class:`ActionIndex`, for learning).
    action_index: bool = False
    #: What a player sees is also a fixed-shape array (:class:`ObservationTensor`, for learning).
    observation_tensor: bool = False
    #: GamesmanUni draws the board from strings and images the game gives (:class:`UwapiBoard`).
    uwapi_board: bool = False


class End(IntEnum):
    """How a game stands for the player to move, as ``batch_expand`` says it."""

    PLAYING = -1
    WON = 0
    LOST = 1
    TIE = 2


# -- the capabilities' mixins ---------------------------------------------------------------
class PositionCodes(Generic[Position]):
    """Positions as distinct non-negative integers (record: ``position_codes``).

    With codes, the solver keeps its database as an array indexed by the codes."""

    #: Raised whenever ``encode`` numbers positions differently, or ``tier_shards`` cuts
    #: them differently, so that databases and tier files saved before are rebuilt
    #: instead of read wrongly.
    codes_version: ClassVar[int] = 1

    def encode(self, position: Position) -> int:
        """A distinct non-negative integer for ``position``."""
        raise NotImplementedError

    def decode(self, code: int) -> Position:
        """The position whose ``encode`` is ``code``."""
        raise NotImplementedError

    def index_size(self) -> int | None:
        """A bound on the codes of the positions reachable from the start, close to
        their number (a perfect or near-perfect index), or None when there is none."""
        return None


class BatchExpansion:
    """Many positions expanded at once, on numpy arrays (record: ``batch_expansion``)."""

    def batch_expand(self, codes: Any) -> tuple[Any, Any, Any, Any]:
        """``codes`` is a numpy int64 array of position codes; the answer is
        ``(movers, ends, parents, children)``: for each code the player to move (int8;
        CHANCE at a chance node) and how the game stands for that player (int8, the
        values of :class:`End`); then, for every legal move of every position that goes
        on, the index in ``codes`` of the position (non-decreasing) and the code of the
        position the move leads to."""
        raise NotImplementedError


class TierCut:
    """Tiers of the game's own, or a cut of a tier's codes into shards of its own (record: ``tiers``)."""

    def tier_numbers(self, codes: Any) -> Any | None:
        """The game's own tiers: for each code of ``codes`` (numpy int64) its tier (int64), a
        number that no move lowers; moves that keep it are loops the tier solver solves
        inside the tier.  None (this default): the tiers are the distances from the root, and
        every move leads to a later tier."""
        return None

    def child_tiers(self, tier: int) -> list[int] | None:
        """The tiers of its own (numbers ``tier_numbers`` gives) to which a move from a
        position of tier ``tier`` may lead, besides ``tier`` itself: more than are reached
        does no harm, one left out stops the solve.  Knowing them before anything is
        explored, the solver explores side by side every tier whose parents are explored,
        as GamesmanOne's ``GetChildTiers`` lets its tier solver.  None (this default): not
        known, and the tiers are explored one after the other.

        >>> TierCut().child_tiers(3) is None
        True
        """
        return None

    def tier_shards(self, codes: Any, shards: int, low: int) -> tuple[Any, Any]:
        """How the tier solver cuts a tier into ``shards``: for each code of ``codes``
        (numpy int64) its shard, from the code alone, and its number within the shard,
        by which the shard's results are kept: distinct among the codes of one tier in
        that shard, growing with the code, and as close together as can be.  ``low`` is
        the lowest code of the codes' tier (a code of another tier may be given too: its
        number is then any).  This default cuts by code: shard ``code % shards``, number
        ``code // shards - low // shards``.  A game where a move changes some part of the
        code by one of a few steps cuts by that part instead, so that a shard's moves
        lead into few shards of the next tier (Connect Four cuts by column heights)."""
        return codes % shards, codes // shards - low // shards

    def tier_shard(self, code: int, shards: int) -> int:
        """The shard ``tier_shards`` gives ``code``, for one code: what a look-up in a
        database in parts asks.  This default asks ``tier_shards`` of an array of one code;
        a game whose cut costs much on an array of one may answer from its own tables.

        >>> TierCut().tier_shard(23, 5)
        3
        """
        import numpy as np

        return int(self.tier_shards(np.array([code], np.int64), shards, 0)[0][0])

    def tier_shard_runs(self, shards: int) -> tuple[Any, Any] | None:
        """Where ``tier_shards`` cuts codes by runs, the runs: the first code of each (numpy
        int64, sorted, the first 0) and the shard of every code in it (int64; -1: the codes
        of that run are not of one shard, ask ``tier_shard``); the last run reaches every
        code above.  A look-up in a database in parts then finds a code's part by one
        search.  None (this default): no such runs (the default cut takes each code in turn).

        >>> TierCut().tier_shard_runs(5) is None
        True
        """
        return None


class Symmetries:
    """Positions alike under the game's symmetries (a board turned or mirrored), which have
    one value and one remoteness (record: ``symmetries``): the solver explores, solves and
    stores one position of each set alike, the one of least code, and looks every position
    up by that code.  A symmetry must keep whose turn it is and map moves to moves."""

    def canonical_codes(self, codes: Any) -> Any:
        """``codes`` (numpy int64) each replaced by the least code of its set alike (int64);
        the same set gives the same code, and a least code stays as it is.  This default
        has no symmetry: each code is its own.

        >>> import numpy as np
        >>> Symmetries().canonical_codes(np.array([7, 3], np.int64)).tolist()
        [7, 3]
        """
        return codes


class TierPlaces:
    """A place for each position within its tier of the game's own (record: ``tier_places``):
    a tier's results are stored densely by place (none where no position is kept), so that
    which positions a tier holds costs nothing to store.  The place is the same for positions
    alike under the game's symmetries and differs between sets alike; GamesmanOne lays its
    records out so (its hash).  A game whose tiers' positions are most of its tiers' places,
    in runs, gains (Quixo: half the bytes of keeping the codes).

    >>> import numpy as np
    >>> class Halves(TierPlaces):  # a tier of 4 places: the code in it, halved (2c and 2c+1 alike)
    ...     def places_in_tier(self, tier: int) -> int:
    ...         return 4
    ...     def places(self, codes):
    ...         return codes % 8 // 2
    ...     def place_codes(self, tier: int, places):
    ...         return 8 * tier + 2 * places
    >>> game = Halves()
    >>> game.places(np.array([10, 11, 14])).tolist(), game.place_codes(1, np.array([1, 3])).tolist()
    ([1, 1, 3], [10, 14])
    """

    #: Raised whenever ``places`` numbers a tier's places differently, so that a database laid
    #: out by the numbering before is rebuilt instead of read wrongly (each part says its own).
    places_version: ClassVar[int] = 1

    def places_in_tier(self, tier: int) -> int:
        """How many places tier ``tier`` (a number ``TierCut.tier_numbers`` gives) has: every
        ``places`` of its codes is below it."""
        raise NotImplementedError

    def places(self, codes: Any) -> Any:
        """The place of each code of ``codes`` (numpy int64) within its own tier (int64): the
        same for codes alike under the game's symmetries, distinct between sets alike."""
        raise NotImplementedError

    def place_codes(self, tier: int, places: Any) -> Any:
        """The code the solver keeps (``Symmetries.canonical_codes``' least code) of the set
        alike at each of ``places`` (numpy int64) of tier ``tier``: ``places`` undone."""
        raise NotImplementedError


class Parents:
    """The positions with a move to a position, many at once (record: ``parents``), in the
    spirit of GamesmanOne's ``GetCanonicalParentPositions``: a retrograde solver over a block
    of codes walks back from each decided position to its parents, and keeps no moves.

    Moves must pass the turn (a child's mover is the other player)."""

    if TYPE_CHECKING:  # PositionCodes', which every game with parents has
        def index_size(self) -> int | None: ...

    def batch_parents(self, codes: Any) -> tuple[Any, Any]:
        """``codes`` is a numpy int64 array of position codes; the answer is ``(counts,
        parents)``: for each code how many parents it has (int64), then the parents' codes
        (int64), those of the first code first.  A parent is a position in play (not ended,
        and one the game's parser accepts) one of whose moves leads to the code; each is
        listed once, by its own code (a solver makes it canonical under the game's
        symmetries).  Exactly the inverse of ``batch_expand`` over the codes of a block
        (``code_block``): ``p`` is listed among the parents of such a ``c`` if and only if ``c``
        is among the children of ``p``.  A position in no block, one that has ended outside it
        (Dōbutsu shōgi's, just after a lion is taken), may list none: a solve never walks back
        from it, and decides the moves to it as it counts them."""
        raise NotImplementedError

    def code_block(self, code: int) -> range:
        """The codes a retrograde solve of the position ``code`` covers: a range (its step may
        leave codes out) that holds ``code`` and is closed under moves: every move of a position
        of the range in play leads to a position of the range, or to the turned twin of one
        (with ``turn_symmetry``, the range holds the first player's positions only), or to a
        position that has ended (``batch_expand`` says how).  An endgame study with fewer
        pieces is solved over its own small block.  This default: every code of the index.

        >>> class Numbered(Parents):
        ...     def index_size(self) -> int | None:
        ...         return 10
        >>> Numbered().code_block(3)
        range(0, 10)
        """
        size = self.index_size()
        if size is None or not 0 <= code < size:
            raise GameError(f"position code {code} is in no block of codes")
        return range(size)


class TurnSymmetry:
    """The game looks the same from both sides (record: ``turn_symmetry``): the position with
    the board turned round, the colours swapped and the other player to move has the same
    value and remoteness for the player to move.  A solver keeps the positions of the first
    player to move only (half of them) and looks the others up by their turned codes."""

    def turned_codes(self, codes: Any) -> Any:
        """``codes`` (numpy int64) each replaced by the code of the same position seen from the
        other side (int64); turning twice gives the code back."""
        raise NotImplementedError

    def least_turned_codes(self, codes: Any) -> Any:
        """``turned_codes`` of ``codes``, each then replaced by the least code of its set alike
        (``canonical_codes``, when the game declares ``symmetries``): how a solver that keeps
        the first player's positions finds a child.  This default takes two passes; a game
        may answer it in one.

        >>> import numpy as np
        >>> from gamesman.testing.stones import TurnedStones
        >>> TurnedStones().least_turned_codes(np.array([2, 5], np.int64)).tolist()
        [3, 4]
        """
        game = cast("Declaring", self)
        return symmetries(game).canonical_codes(self.turned_codes(codes))


class CompactPlayouts(Generic[Position, Move]):
    """Random games on a game's compact form (``CompactForm.compact_playouts``): compiled,
    so many times faster than ``moves`` and ``play``, and the same games as theirs.

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
        named: list[Move] = moves.tolist()
        return named


class CompactForm(Generic[Position, Move]):
    """Fast random games on a compact form: bit boards or integer codes played by compiled
    code (record: ``compact_playouts``).  The rules stay the reference: tests replay every
    compact game by ``play`` and compare the ends."""

    def compact_playouts(self) -> CompactPlayouts[Position, Move]:
        """Uniformly random games played on this variant's compact form."""
        raise NotImplementedError


class KnownResults(Generic[Position]):
    """Results the game knows itself, from a closed form, a table or an exact search
    (record: ``known_results``, and ``exact_search`` when it answers every position)."""

    def known_result(self, position: Position, deadline: float | None = None) -> Any:
        """The solver's Result for ``position`` when the game knows it, else None.

        The solver asks this first, so a game with a closed-form answer or a precomputed
        table never has its graph walked.  With a ``deadline`` (a ``time.monotonic()``
        value), a search that has not found the answer by then raises
        :class:`~gamesman.contract.errors.OutOfTime`."""
        raise NotImplementedError


class HiddenInformation(Generic[Position]):
    """Players see only part of the position (record: ``hidden_information``).

    ``Game``'s views are the whole position; a game with hidden information says what
    each player knows, and draws full positions that fit what one player knows."""

    def view(self, position: Position, player: int) -> str:
        """What ``player`` knows, as a string that ``parse_view`` reads back."""
        raise NotImplementedError

    def parse_view(self, text: str) -> Any:
        """Read a view string back."""
        raise NotImplementedError

    def format_view(self, view: Any) -> str:
        """The text of a view as ``parse_view`` returned it."""
        raise NotImplementedError

    def render_view(self, view: Any) -> str:
        """A drawing of what one player knows, hidden parts drawn as hidden."""
        raise NotImplementedError

    def sample_position(self, view: Any, rng: random.Random) -> Position:
        """A full position drawn at random among those the viewer cannot tell from the
        real one: ``view`` (as ``parse_view`` returns it) with every hidden part dealt
        again from what the viewer has not seen.  Search players use it, so that they
        never look at hidden cards."""
        raise NotImplementedError


class Rounds(Generic[Position, Move]):
    """Played in hands or rounds, each ending with a result every player may read
    (record: ``rounds``): the shell tells it, the referee keeps the scores.  A game
    gives either hook or both."""

    def round_summary(self, position: Position, move: Move, after: Position) -> str | None:
        """How the hand or round that ``move`` from ``position`` ends (reaching ``after``)
        came out, in words every player may read (cards shown, pots or totals, winners,
        running scores); None when the move ends no hand or round (or the game tells none)."""
        return None

    def round_scores(self, position: Position, after: Position) -> tuple[int, ...] | None:
        """What each player won or lost (chips, points) in a hand or round that ended
        between the two positions, else None (also for a game that keeps no such score)."""
        return None


class Rewards(Generic[Position, Move]):
    """A move earns the players points right away (record: ``rewards``; OpenSpiel's
    reward model of rewards at every step), and the utility they add up to is worded
    in the game's own terms."""

    def gain(self, position: Position, move: Move) -> tuple[float, ...]:
        """What each player gains by ``move`` right now (what ``greedy`` maximises)."""
        raise NotImplementedError

    def describe_utility(self, utility: float, expected: bool) -> str:
        """A one-player game's (expected) utility in its own words, e.g. ``chance to reach
        2048: 99.99%`` or ``expected score 1234.5``."""
        raise NotImplementedError


class ActionIndex(Generic[Position, Move]):
    """The variant's moves numbered once, from 0 to ``action_count() - 1`` (record:
    ``action_index``): one fixed action space, as learning environments want it.

    A game whose moves at every position come from one fixed list (the cells of a
    board, the columns of Connect Four) gives that list as ``action_moves`` and has
    the rest by default; a game with too many moves to list numbers them itself
    (``action_count``, ``action_of`` and ``move_of``).  A game with chance also lists
    its chance outcomes, numbered apart, as ``chance_moves``."""

    if TYPE_CHECKING:  # Game's, which every game that inherits this mixin has
        name: ClassVar[str]

        def moves(self, position: Position) -> Sequence[Move]: ...

    def action_moves(self) -> Sequence[Move]:
        """Every move of the variant, in the order of their numbers."""
        raise NotImplementedError

    @cached_property
    def action_numbers(self) -> dict[Move, int]:
        """The number of each move of ``action_moves``."""
        return {move: number for number, move in enumerate(self.action_moves())}

    def action_count(self) -> int:
        """How many actions there are: the size of the action space."""
        return len(self.action_moves())

    def action_of(self, position: Position, move: Move) -> int:
        """The number of ``move`` (a move of ``position``)."""
        number = self.action_numbers.get(move)
        if number is None:
            raise GameError(f"{self.name}: the move {move!r} has no action number")
        return number

    def move_of(self, position: Position, action: SupportsIndex) -> Move:
        """The move numbered ``action`` (legal in ``position`` or not: ``play`` tells)."""
        return self.action_moves()[self.checked_action(action)]

    def checked_action(self, action: Any) -> int:
        """``action`` as an int, when it is a whole number of the action space; else a GameError."""
        count = self.action_count()
        try:
            number = operator.index(action)
        except TypeError:
            raise GameError(f"{self.name}: the action {action!r} is not a whole number") from None
        if not 0 <= number < count:
            raise GameError(f"{self.name}: the action {number} is not from 0 to {count - 1}")
        return number

    def legal_actions(self, position: Position) -> list[int]:
        """The numbers of the legal moves of ``position``, in increasing order."""
        return sorted(self.action_of(position, move) for move in self.moves(position))

    def chance_moves(self) -> Sequence[Move]:
        """Every chance outcome of the variant (a card, a new tile), in the order of their
        numbers, which are apart from the players' actions: empty for a game without chance."""
        return ()

    @cached_property
    def chance_numbers(self) -> dict[Move, int]:
        """The number of each chance outcome of ``chance_moves``."""
        return {move: number for number, move in enumerate(self.chance_moves())}


class ObservationTensor(Generic[Position]):
    """What one player sees of a position, as a float32 array of one fixed shape (record:
    ``observation_tensor``), for learning agents.  It is made from that player's view
    only, so that hidden information (other players' cards) never shows in it."""

    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every observation of the variant."""
        raise NotImplementedError

    def observation_bounds(self) -> tuple[float, float]:
        """The least and the greatest value an observation holds (by default 0 and 1)."""
        return (0.0, 1.0)

    def observation(self, position: Position, player: int) -> Any:
        """What ``player`` sees of ``position``: a numpy float32 array of ``observation_shape()``."""
        raise NotImplementedError


class UwapiBoard(Generic[Position, Move]):
    """How GamesCrafters' web app, GamesmanUni, draws the variant's board (record:
    ``uwapi_board``), in the terms of UWAPI, the server protocol it speaks.

    A board is a string: ``1_`` or ``2_`` (the player to move) and one character per
    centre of the image data, each drawn with the image ``charImages`` gives it (``-``
    draws nothing; a ``.`` is a text entity, whose text follows the board after ``~``).
    A move is a string too: ``A_t_c_s`` a button (image ``t``) on centre ``c``,
    ``M_a_b_s`` an arrow from centre ``a`` to ``b``, ``L_a_b_s`` a line, ``T_t_c_s`` a text
    button; ``s`` names a sound (``-`` for none).  A game that GamesmanUni knows by an id
    of its own (``connect4``) gives that id and GamesCrafters' strings and images, so
    that the app draws it as it draws GamesCrafters' own."""

    if TYPE_CHECKING:  # Game's, which every game that inherits this mixin has
        name: ClassVar[str]

        def to_move(self, position: Position) -> int: ...

        def format_move(self, position: Position, move: Move) -> str: ...

    #: The id GamesmanUni knows the game by (None: the game's own name).
    uwapi_id: ClassVar[str | None] = None
    #: The board GamesmanUni draws: ``v3`` its image board (or a board of its own for the ids
    #: it has one for: ``tictactoe``, ``sim``).
    uwapi_gui: ClassVar[str] = "v3"
    #: The position in URLs is the board string (GamesmanUni's own boards read it there),
    #: read back by ``parse_autogui_position``; else it is the game's position string.
    position_is_autogui: ClassVar[bool] = False

    def uwapi_variant_options(self, variant: str) -> dict[str, Any] | None:
        """The options of the variant that GamesCrafters' server calls ``variant`` (``6x7``),
        or None when it is not such a name (asked of the game's default variant)."""
        return None

    def uwapi_variant(self) -> str | None:
        """The name GamesCrafters' server gives this variant, or None when it has none."""
        return None

    def autogui_turn(self, position: Position) -> str:
        """``1`` when the first player (or a puzzle's one player) is to move, else ``2``."""
        return "2" if self.to_move(position) == 1 else "1"

    def autogui_position(self, position: Position) -> str:
        """The board string of ``position``: the turn, ``_`` and one character per centre."""
        raise NotImplementedError

    def parse_autogui_position(self, text: str) -> Position:
        """The position whose ``autogui_position`` is ``text`` (for ``position_is_autogui``);
        a PositionError naming the bad part otherwise."""
        raise NotImplementedError

    def autogui_move(self, position: Position, move: Move, after: Position) -> str:
        """The move string of ``move`` from ``position`` (reaching ``after``)."""
        raise NotImplementedError

    def uwapi_move(self, position: Position, move: Move) -> str:
        """The move's name in replies (GamesmanUni's own boards may read it): by default as
        the CLI writes it."""
        return self.format_move(position, move)

    def image_autogui_data(self) -> dict[str, Any] | None:
        """The images and their places that draw the board (UWAPI's ``imageAutoGUIData``:
        ``defaultTheme`` and ``themes``, each with ``space``, ``centers``, ``charImages``),
        or None for a board GamesmanUni draws itself."""
        raise NotImplementedError


# -- accessors: the record checked, the hooks typed ---------------------------------------------
class Declaring(Protocol):
    """What the accessors need of a game: its name and its record."""

    @property
    def name(self) -> str: ...

    @property
    def capabilities(self) -> Capabilities: ...


Hooks = TypeVar("Hooks")


def _claimed(game: Declaring, capability: str, hooks: type[Hooks]) -> Hooks:
    """``game`` as the mixin of a capability its record claims; a GameError otherwise."""
    if not getattr(game.capabilities, capability):
        raise GameError(f"{game.name}: this variant does not declare {capability}")
    if not isinstance(game, hooks):
        raise GameError(f"{game.name}: declares {capability} but has no {hooks.__name__} hooks")
    return game


def position_codes(game: Declaring) -> PositionCodes[Any]:
    """The game's ``encode``/``decode`` hooks (it must declare ``position_codes``)."""
    return _claimed(game, "position_codes", PositionCodes)


def batch_expansion(game: Declaring) -> BatchExpansion:
    """The game's ``batch_expand`` hook (it must declare ``batch_expansion``)."""
    return _claimed(game, "batch_expansion", BatchExpansion)


def tier_cut(game: Declaring) -> TierCut:
    """The game's cut of tiers into shards: its own where it declares ``tiers``, else by code."""
    return _claimed(game, "tiers", TierCut) if game.capabilities.tiers else TierCut()


def symmetries(game: Declaring) -> Symmetries:
    """The game's ``canonical_codes``: its own where it declares ``symmetries``, else none
    (every code its own).

    >>> from gamesman.testing.stones import NumberedStones
    >>> symmetries(NumberedStones()).canonical_codes([5])
    [5]
    """
    return _claimed(game, "symmetries", Symmetries) if game.capabilities.symmetries else Symmetries()


def tier_places(game: Declaring) -> TierPlaces:
    """The game's places within its tiers (it must declare ``tier_places``)."""
    return _claimed(game, "tier_places", TierPlaces)


def parents(game: Declaring) -> Parents:
    """The game's ``batch_parents`` and ``code_block`` (it must declare ``parents``)."""
    return _claimed(game, "parents", Parents)


def turn_symmetry(game: Declaring) -> TurnSymmetry:
    """The game's ``turned_codes`` (it must declare ``turn_symmetry``)."""
    return _claimed(game, "turn_symmetry", TurnSymmetry)


def codes_version(game: Declaring) -> int:
    """The version of the game's codes and tier cut (1 for a game without codes).

    >>> from gamesman.testing.stones import NumberedStones, Stones
    >>> class RenumberedStones(NumberedStones):
    ...     codes_version = 2
    >>> codes_version(RenumberedStones()), codes_version(Stones())  # Stones has no codes
    (2, 1)
    """
    return position_codes(game).codes_version if game.capabilities.position_codes else 1


def compact_form(game: Declaring) -> CompactForm[Any, Any]:
    """The game's compact form (it must declare ``compact_playouts``)."""
    return _claimed(game, "compact_playouts", CompactForm)


def known_results(game: Declaring) -> KnownResults[Any]:
    """The game's ``known_result`` (it must declare ``known_results``)."""
    return _claimed(game, "known_results", KnownResults)


def hidden_information(game: Declaring) -> HiddenInformation[Any]:
    """The game's views and ``sample_position`` (it must declare ``hidden_information``)."""
    return _claimed(game, "hidden_information", HiddenInformation)


def rounds(game: Declaring) -> Rounds[Any, Any]:
    """The game's ``round_summary`` and ``round_scores`` (it must declare ``rounds``)."""
    return _claimed(game, "rounds", Rounds)


def action_index(game: Declaring) -> ActionIndex[Any, Any]:
    """The game's numbering of its moves (it must declare ``action_index``)."""
    return _claimed(game, "action_index", ActionIndex)


def observation_tensor(game: Declaring) -> ObservationTensor[Any]:
    """The game's observations as arrays (it must declare ``observation_tensor``)."""
    return _claimed(game, "observation_tensor", ObservationTensor)


def uwapi_board(game: Declaring) -> UwapiBoard[Any, Any]:
    """The game's board strings and images for GamesmanUni (it must declare ``uwapi_board``)."""
    return _claimed(game, "uwapi_board", UwapiBoard)


def rewards(game: Declaring) -> Rewards[Any, Any]:
    """The game's ``gain`` and ``describe_utility`` (it must declare ``rewards``)."""
    return _claimed(game, "rewards", Rewards)


__all__ = [
    "ActionIndex",
    "BatchExpansion",
    "Capabilities",
    "CompactForm",
    "CompactPlayouts",
    "End",
    "HiddenInformation",
    "KnownResults",
    "Move",
    "ObservationTensor",
    "Parents",
    "Position",
    "PositionCodes",
    "Rewards",
    "Rounds",
    "Symmetries",
    "TierCut",
    "TurnSymmetry",
    "UwapiBoard",
    "action_index",
    "batch_expansion",
    "codes_version",
    "compact_form",
    "hidden_information",
    "known_results",
    "observation_tensor",
    "parents",
    "position_codes",
    "rewards",
    "rounds",
    "symmetries",
    "tier_cut",
    "turn_symmetry",
    "uwapi_board",
]
