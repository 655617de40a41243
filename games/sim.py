"""Sim (GBG playground, seeds 000).

The board is the complete graph on K nodes.  Players take turns colouring a
free edge with their colour; Black (``x``) starts, then White (``o``), then,
with three players, Blue (``z``).  A player who completes a triangle of three
edges all of their own colour loses.  With two players the other one wins.
With three players the loser drops out and the other two play on until one
of them also loses; the survivor wins.  When the graph is fully coloured
before that, the players still in the game tie.

Options:

* ``nodes``: K, from 3 to 17 (default 6).
* ``players``: 2 or 3.
* ``coalition``: ``none``, or ``1-2`` (three players only): players 1 and 2
  (White and Blue) play as a team against player 0 (Black).

Utilities (the sheet is silent; these are the choices):

* Two players: the winner 1, the loser -1; a tie 0 each.
* Three players: one unit of reward is shared by the players still in the
  game at the end.  The survivor gets 1 and both losers 0; a full graph with
  nobody out gives 1/3 each; a full graph with one player out gives that
  player 0 and the other two 1/2 each.
* Coalition ``1-2``: players 1 and 2 each get the average of their two
  utilities above, so the team's reward is shared equally; player 0 keeps
  its own: Black surviving gives 1, 0, 0; Black out gives 0, 1/2, 1/2; a
  full graph with only White or Blue out gives 1/2, 1/4, 1/4.

Other choices:

* Turns go round in the order x, o, z, skipping a player who is out.
* A player is out when a triangle of their colour is on the board; the game
  is over when only one player is left in (with two players, as soon as one
  is out) or when every edge is coloured.
* A position string is refused when play cannot reach it: every player has
  a triangle, the player to move is out, a player's triangles were not all
  closed by its last edge, or the counts of edges do not follow from turns
  taken in order (x first, skipping players who are out, until the game is
  over) with the player to move next.  The check is exact: edges are never
  taken away, and a player's edges touch only its own triangles.
* Two-player Sim up to K = 6 and three-player Sim up to K = 5 are solvable
  here (declared ``solvable``).  K = 6 with two players (2.2 million positions)
  takes seconds with the fast solver's bit-mask hooks (below) and gives the
  known result: a second-player win.
* Larger variants have two search players of Sim's own beside ``mcts`` (the
  estimates' default, ``search_strategy``), one second a move by default
  (:mod:`gamesman.players.heuristic`).  ``maxn [DEPTH] [--time T]``: max^n with
  iterative deepening; at its horizon it estimates each player's chance to
  stay in by its safe edges (the free edges it can colour without closing a
  triangle of its colour) less the moves it still has to make, through a
  logistic curve; with three players each gets its chance's share of the unit
  of reward (a coalition averages its players, as the utilities do), with two
  the lead is the share of the difference.  ``safemcts [ITERATIONS] [--time T]``:
  Monte-Carlo tree search whose playouts colour a random safe edge while there
  is one.  Against ``mcts`` at the same time a move, three players on 6 nodes,
  neither scored above an even share (benchmarks/default_vs_mcts.py), so
  ``mcts`` stays the default; it plays its random games compiled
  (``compact_playouts``: a bit mask of edges for each colour, up to 64 edges).

Position: ``(x ---------------)``: whose turn, then one character per edge
(``x``, ``o``, ``z`` or ``-`` for a free edge), the edges in the order
1-2, 1-3, ..., 1-K, 2-3, ..., 2-K, ..., (K-1)-K.
Moves: the edge as two node numbers, ``1-2``; either order is read.

On the web, two players on six nodes are GamesmanUni's ``sim``, drawn by its own
Sim board: the position is ``1_`` or ``2_`` and the fifteen edges in the order
above (``x`` blue, ``o`` red), a move's name the two nodes (``12``).  The app
draws every game it knows as ``sim`` with that board, so other variants of Sim
show in it wrongly (GamesmanUni has no board for them).
"""
from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cached_property, lru_cache
from itertools import combinations

from gamesman.boards import text as boards
from gamesman.boards.codes import DigitCode, popcount, set_bits
from gamesman.boards.planes import BoardPlanes
from gamesman.contract.errors import OptionError
from gamesman.boards.autogui import line
from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, CompactForm, CompactPlayouts, End,
                                           PositionCodes, UwapiBoard)
from gamesman.contract.game import Game, Option, two_player_result
from gamesman.players.heuristic import GuidedMCTS, MaxNPlayer, heuristic_entry

# Position: (turn, edge colours, the players out (with a triangle of their colour)).
# The last field follows from the colours; it is kept so that ``outcome`` is quick.
Position = tuple[int, str, tuple[int, ...]]
COLOURS = ("x", "o", "z")
#: The nodes of GamesmanUni's own Sim board.
UWAPI_NODES = 6
MAX_TABLED_EDGES = 21  # up to K = 7 a table says which colourings hold a triangle
COALITIONS = ("none", "1-2")


@lru_cache(maxsize=None)
def edge_list(nodes: int) -> tuple[tuple[int, int], ...]:
    """The edges (zero-based node pairs) in the order of the position string."""
    return tuple(combinations(range(nodes), 2))


@lru_cache(maxsize=None)
def triangles_through(nodes: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each edge (by index), the other two edges of every triangle that holds it."""
    index = {edge: i for i, edge in enumerate(edge_list(nodes))}
    found = []
    for a, b in edge_list(nodes):
        found.append(tuple((index[(min(a, c), max(a, c))], index[(min(b, c), max(b, c))])
                           for c in range(nodes) if c not in (a, b)))
    return tuple(found)


class Sim(PositionCodes[Position], BatchExpansion, CompactForm[Position, int], ActionIndex[Position, int], BoardPlanes,
          UwapiBoard[Position, int], Game[Position, int]):
    name = "sim"
    title = "Sim"
    player_names: tuple[str, ...] = COLOURS  # a variant has the first ``players`` of them
    nodes = Option(int, 6, "nodes K of the complete graph", low=3, high=17)
    player_count = Option(int, 2, "players: 2 or 3", low=2, high=3, name="players")
    coalition = Option(str, "none", "none, or 1-2: o and z play as a team against x (3 players)",
                       choices=COALITIONS)
    rules = "Colour a free edge; whoever completes a triangle of their own colour loses."
    strategies = {
        "safemcts": heuristic_entry(
            "safemcts", "Monte-Carlo tree search whose playouts never close a triangle of the mover's colour "
            "while a safe edge is free", lambda game, rng, **budget: GuidedMCTS(
                game, rng, label="safemcts", policy=game.safe_playout_move, **budget), what="iterations"),
        "maxn": heuristic_entry(
            "maxn", "max^n with the players' safe edges at the horizon",
            lambda game, rng, **budget: MaxNPlayer(game, rng, label="maxn", evaluation=game.safe_shares, **budget)),
    }
    showcase = ({}, {"nodes": 5}, {"nodes": 4, "players": 3}, {"nodes": 5, "players": 3},
                {"nodes": 5, "players": 3, "coalition": "1-2"})

    def setup(self) -> None:
        self.player_names = COLOURS[:self.player_count]  # the first colours, one a player
        if self.coalition != "none" and self.players != 3:
            raise OptionError("sim: coalition 1-2 needs players=3")
        self.edges = edge_list(self.nodes)
        self.triangles = triangles_through(self.nodes)

    def declare(self) -> Capabilities:
        """Every move colours an edge (layered); codes for any number of players (three
        players' key the reference solver's database), batches for two; compact play on
        up to 64 edges (K = 11)."""
        return Capabilities(players=self.players, layered=True, position_codes=True,
                            batch_expansion=self.players == 2, compact_playouts=len(self.edges) <= 64,
                            solvable=self.nodes <= (6 if self.players == 2 else 5), action_index=True,
                            observation_tensor=True, uwapi_board=self.players == 2 and self.nodes == UWAPI_NODES)

    def action_moves(self) -> range:
        """The edges: a move is the edge it colours."""
        return range(len(self.edges))

    def longest_game(self) -> int:
        """Every move colours an edge."""
        return len(self.edges)

    def board_shape(self) -> tuple[int]:
        """The edges in a line, as the position's colours (who is out follows from them)."""
        return (len(self.edges),)

    def start(self) -> Position:
        return (0, boards.EMPTY * len(self.edges), ())

    def to_move(self, position: Position) -> int:
        return position[0]

    # -- the rules --------------------------------------------------------------
    def has_triangle(self, colours: str, player: int) -> bool:
        """True when a triangle of ``player``'s colour is on the board."""
        colour = COLOURS[player]
        return any(colours[edge] == colour and self.completes_triangle(colours, edge)
                   for edge in range(len(colours)))

    def completes_triangle(self, colours: str, edge: int) -> bool:
        """True when the colour on ``edge`` closes a triangle of that colour."""
        colour = colours[edge]
        return any(colours[b] == colour and colours[c] == colour for b, c in self.triangles[edge])

    def outcome(self, position: Position) -> tuple[float, ...] | None:
        _, colours, losers = position
        return self.utilities_when(losers, boards.EMPTY not in colours)

    def utilities_when(self, losers: tuple[int, ...], full: bool) -> tuple[float, ...] | None:
        """The utilities when ``losers`` are out and the graph is ``full`` or not (None while
        play goes on)."""
        if self.players == 2:
            if losers:
                return two_player_result(1 - losers[0])
            return two_player_result(None) if full else None
        if len(losers) < 2 and not full:
            return None
        left = [p for p in range(3) if p not in losers]
        utilities = [1 / len(left) if p in left else 0.0 for p in range(3)]
        if self.coalition == "1-2":
            team = (utilities[1] + utilities[2]) / 2
            utilities[1] = utilities[2] = team
        return tuple(utilities)

    def safe_shares(self, position: Position) -> tuple[float, ...]:
        """The utilities estimated from the safe edges (see the module docstring)."""
        turn, colours, losers = position
        playing = [player for player in range(self.players) if player not in losers]
        free = colours.count(boards.EMPTY)
        chances = [0.0] * self.players
        for place, player in enumerate(playing[playing.index(turn):] + playing[:playing.index(turn)]):
            turns = (free - place + len(playing) - 1) // len(playing)  # its moves left, if nobody drops out
            margin = self.safe_edges(colours, player) - turns
            chances[player] = 1 / (1 + math.exp(-margin))
        if self.players == 2:
            lead = (chances[0] - chances[1]) / (chances[0] + chances[1])
            return (lead, -lead)
        shares = [chance / sum(chances) for chance in chances]
        if self.coalition == "1-2":
            shares[1] = shares[2] = (shares[1] + shares[2]) / 2
        return tuple(shares)

    def safe_edges(self, colours: str, player: int) -> int:
        """The free edges ``player`` can colour without closing a triangle of its colour."""
        return len(self.safe_choices(colours, player, range(len(colours))))

    def safe_choices(self, colours: str, player: int, edges: Sequence[int]) -> list[int]:
        """Those of the free ``edges`` that ``player`` can colour without closing a triangle of its colour."""
        colour = COLOURS[player]
        return [edge for edge in edges if colours[edge] == boards.EMPTY
                and not any(colours[b] == colour and colours[c] == colour for b, c in self.triangles[edge])]

    def safe_playout_move(self, position: Position, moves: Sequence[int], rng: random.Random) -> int:
        """A playout move of ``safemcts``: a random safe edge, or any edge when none is safe."""
        return rng.choice(self.safe_choices(position[1], position[0], moves) or moves)

    def moves(self, position: Position) -> list[int]:
        if self.outcome(position) is not None:
            return []
        return [edge for edge, colour in enumerate(position[1]) if colour == boards.EMPTY]

    def play(self, position: Position, move: int) -> Position:
        if move not in self.moves(position):
            raise self.illegal(f"{self.format_move(position, move)} is not a free edge of a game in progress")
        turn, colours, losers = position
        colours = boards.place(colours, move, COLOURS[turn])
        if self.completes_triangle(colours, move):
            losers = tuple(sorted(losers + (turn,)))
        return (self.following(turn, losers), colours, losers)

    def following(self, turn: int, losers: tuple[int, ...]) -> int:
        """The next player after ``turn`` who is still in the game."""
        player = (turn + 1) % self.players
        while player in losers and player != turn:
            player = (player + 1) % self.players
        return player

    # -- fast play (gamesman.players.playouts) ---------------------------------------
    def compact_playouts(self) -> CompactPlayouts[Position, int]:
        """Bit masks of edges (declared up to 64 edges)."""
        return SimPlayouts(self)

    # -- text -------------------------------------------------------------------
    def parse_position(self, text: str) -> Position:
        fields = boards.split_fields(self.name, text)
        if len(fields) != 2:
            raise self.error(f"{len(fields)} fields, expected a turn and the edge colours", text)
        turn = boards.parse_turn(self.name, fields[0], self.player_names, text)
        colours = fields[1].lower()
        if len(colours) != len(self.edges):
            raise self.error(f"{len(colours)} edge colours, expected {len(self.edges)}", text)
        allowed = "".join(self.player_names) + boards.EMPTY
        for edge, colour in enumerate(colours):
            if colour not in allowed:
                raise self.error(f"edge {self.format_move(None, edge)} is {colour!r}, "
                                 f"expected one of {' '.join(allowed)}", text)
        losers = tuple(player for player in range(self.players) if self.has_triangle(colours, player))
        if len(losers) == self.players:
            raise self.error("every player has a triangle of their colour (play stops before that)", text)
        if turn in losers:
            raise self.error(f"{self.player_names[turn]} is to move but is out (has a triangle)", text)
        for player in losers:
            if not boards.last_piece_can_complete(colours, COLOURS[player],
                                                  lambda board: self.has_triangle(board, player)):
                raise self.error(f"{COLOURS[player]}'s triangles were not all closed by its last edge"
                                 " (a player is out at its first triangle)", text)
        self.check_turns(turn, colours, losers, text)
        return (turn, colours, losers)

    def check_turns(self, turn: int, colours: str, losers: tuple[int, ...], text: str) -> None:
        """Refuse edge counts that turns taken in order (x first, skipping players who are out,
        each loser out at its last edge, play stopping when the game is over) cannot colour, or
        whose next player is not ``turn``.

        >>> game = Sim(nodes=4)
        >>> game.check_turns(0, "xo----", (), "")
        >>> game.check_turns(1, "xo----", (), "(o xo----)")
        Traceback (most recent call last):
        ...
        gamesman.contract.errors.PositionError: sim: x has 1 edges and o 1, so x is to move, not o in "(o xo----)"
        """
        counts = [colours.count(colour) for colour in self.player_names]
        made = [0] * self.players
        out: tuple[int, ...] = ()
        mover = 0
        while made != counts:
            if made[mover] == counts[mover] or self.utilities_when(out, False) is not None:
                raise self.error(f"{boards.counts_text(self.player_names, counts, 'edges')}, but turns go round"
                                 f" {', '.join(self.player_names)} (skipping players who are out, until the game"
                                 " is over), so no game colours these counts", text)
            made[mover] += 1
            if mover in losers and made[mover] == counts[mover]:
                out = tuple(sorted(out + (mover,)))
            mover = self.following(mover, out)
        if mover != turn:
            raise self.error(f"{boards.counts_text(self.player_names, counts, 'edges')}, so"
                             f" {self.player_names[mover]} is to move, not {self.player_names[turn]}", text)

    # -- the web board: GamesmanUni's own Sim board (two players, six nodes) -------------------
    position_is_autogui = True

    def autogui_position(self, position: Position) -> str:
        """The turn and the edges' colours.

        >>> game = Sim()
        >>> game.autogui_position(game.play(game.start(), 0))
        '2_x--------------'
        """
        return f"{self.autogui_turn(position)}_{position[1]}"

    def parse_autogui_position(self, text: str) -> Position:
        turn, sep, edges = text.partition("_")
        if not sep or turn not in ("1", "2") or len(edges) != len(self.edges):
            raise self.error(f"a board is 1_ or 2_ and {len(self.edges)} edges (x, o, -)", text)
        return self.parse_position(f"({self.player_names[int(turn) - 1]} {edges})")

    def autogui_move(self, position: Position, move: int, after: Position) -> str:
        return line(*self.edges[move])

    def uwapi_move(self, position: Position, move: int) -> str:
        """The edge's two nodes, as GamesmanUni's Sim board reads them: ``12``."""
        return "".join(str(node + 1) for node in self.edges[move])

    def image_autogui_data(self) -> None:
        """None: GamesmanUni draws Sim itself."""
        return None

    def format_position(self, position: Position) -> str:
        return f"({self.player_names[position[0]]} {position[1]})"

    def format_move(self, position: Position | None, move: int) -> str:
        if isinstance(move, int) and 0 <= move < len(self.edges):
            a, b = self.edges[move]
            return f"{a + 1}-{b + 1}"
        return str(move)

    def parse_move(self, position: Position, text: str) -> int:
        first, sep, second = text.strip().partition("-")
        one, other = boards.digits_value(first), boards.digits_value(second)
        if not sep or one is None or other is None:
            raise self.illegal(f"{boards.shown(text)!r} is not an edge (write two node numbers, e.g. 1-2)")
        pair = (min(one, other) - 1, max(one, other) - 1)
        if pair not in self.edges:
            raise self.illegal(f"{boards.shown(text)!r} is not an edge of the graph on nodes 1 to {self.nodes}")
        move = self.edges.index(pair)
        if move not in self.moves(position):
            raise self.illegal(f"edge {self.format_move(position, move)} is taken or the game is over")
        return move

    def render(self, position: Position) -> str:
        turn, colours, losers = position
        width = len(str(self.nodes))
        header = " " * (width + 1) + " ".join(f"{n + 1:>{width}}" for n in range(self.nodes))
        lines = [header]
        for a in range(self.nodes):
            row = []
            for b in range(self.nodes):
                row.append(" " * (width - 1) + (colours[self.edges.index(tuple(sorted((a, b))))]
                                                if a != b else "\\"))
            lines.append(f"{a + 1:>{width}} " + " ".join(row))
        if losers:
            lines.append("out: " + " ".join(self.player_names[p] for p in losers))
        lines.append(f"{self.player_names[turn]} to move" if self.outcome(position) is None else "game over")
        return "\n".join(lines)

    # -- hooks for the fast solver (gamesman.solver.levelled), two players --------------
    # (three players have codes too: they key the reference solver's database)
    @cached_property
    def edge_code(self) -> DigitCode:
        """Colourings as numbers: edge i is digit i (0 free, 1 x, 2 o, 3 z), base players + 1."""
        return DigitCode(boards.EMPTY + "".join(self.player_names), len(self.edges))

    def encode(self, position: Position) -> int:
        """Two players: the colouring's number, plus 3**edges when the turn is not the usual
        one (x when an even number of edges is coloured); so the positions of a game from
        the start are numbered below 3**edges.  Three players: the colouring's number
        times three, plus the turn."""
        turn, colours, _ = position
        if self.players == 3:
            return self.edge_code.encode(colours) * 3 + turn
        unusual = turn != (len(colours) - colours.count(boards.EMPTY)) % 2
        return self.edge_code.encode(colours) + unusual * self.edge_code.span

    def decode(self, code: int) -> Position:
        if self.players == 3:
            number, turn = divmod(code, 3)
        else:
            unusual, number = divmod(code, self.edge_code.span)
        colours = self.edge_code.decode(number)
        if self.players == 2:
            turn = ((len(colours) - colours.count(boards.EMPTY)) % 2) ^ unusual
        return (turn, colours, tuple(p for p in range(self.players) if self.has_triangle(colours, p)))

    def index_size(self) -> int:
        return self.edge_code.span * (3 if self.players == 3 else 1)  # three players: the turn is a digit

    def batch_expand(self, codes):
        """The moves of many positions at once, on bit masks of each colour."""
        import numpy as np

        span = self.edge_code.span
        crosses, noughts = self.edge_code.masks(codes)
        turn = (popcount(crosses) + popcount(noughts)) % 2 ^ (codes // span)
        winner = np.where(self.mask_triangle(crosses), 1, np.where(self.mask_triangle(noughts), 0, -1))
        full = (1 << len(self.edges)) - 1
        filled = (crosses | noughts) == full
        ends = np.where(winner >= 0, np.where(winner == turn, End.WON, End.LOST),
                        np.where(filled, End.TIE, End.PLAYING))
        free = np.where(ends < 0, full & ~(crosses | noughts), 0)
        rows, edges = set_bits(free)
        powers = 3 ** np.arange(len(self.edges), dtype=np.int64)
        return turn, ends, rows, codes[rows] + (turn[rows] + 1) * powers[edges]

    def mask_triangle(self, masks):
        """Whether each colouring (a bit mask of edges) holds a triangle."""
        if len(self.edges) <= MAX_TABLED_EDGES:
            return self.triangle_table[masks]
        return self.any_triangle(masks)

    @cached_property
    def triangle_table(self):
        import numpy as np

        return self.any_triangle(np.arange(1 << len(self.edges), dtype=np.int64))

    def any_triangle(self, masks):
        index = {edge: i for i, edge in enumerate(self.edges)}
        found = masks < 0
        for a, b, c in combinations(range(self.nodes), 3):
            triangle = (1 << index[(a, b)]) | (1 << index[(a, c)]) | (1 << index[(b, c)])
            found |= (masks & triangle) == triangle
        return found


class SimPlayouts(CompactPlayouts[Position, int]):
    """Random games of Sim on a bit mask of edges for each colour, compiled."""

    def __init__(self, game: Sim) -> None:
        import numpy as np

        self.rules = game
        self.pairs = np.array([[(1 << b) | (1 << c) for b, c in through] for through in game.triangles],
                              dtype=np.uint64).reshape(len(game.edges), max(game.nodes - 2, 0))

    def run(self, position: Position, seed: int):
        """The utilities and the edges coloured of one random game."""
        import numpy as np

        from gamesman.players.compiled import seeded
        from gamesman.players.playouts import triangle_game

        turn, colours, losers = position
        masks = self.masks(colours)
        free = colours.count(boards.EMPTY)
        moves = np.empty(free, np.int64)
        out, played = triangle_game(np.array(masks[:-1], np.uint64), sum(1 << p for p in losers), turn,
                                    np.uint64(masks[-1]), self.pairs, seeded(seed), moves)
        ended = self.rules.utilities_when(tuple(p for p in range(self.rules.players) if out >> p & 1), played == free)
        assert ended is not None  # the compiled game stops only where the rules do
        return ended, moves[:played]

    def masks(self, colours: str) -> tuple[int, ...]:
        """The edges of each player's colour, then the free ones, as bit masks (edge i: bit i).

        >>> from gamesman.contract.registry import make_game
        >>> [bin(mask) for mask in make_game("sim", nodes=3).compact_playouts().masks("xo-")]
        ['0b1', '0b10', '0b100']
        """
        return tuple(int(colours[::-1].translate(table), 2) for table in self.bit_tables)

    @cached_property
    def bit_tables(self) -> list[dict[int, str]]:
        """For each player's colour, then the free edge's mark: a table that writes 1 for it, 0 else."""
        marks = (*self.rules.player_names, boards.EMPTY)
        return [{ord(other): "1" if other == mark else "0" for other in marks} for mark in marks]
