"""Rubik's Cube, 2x2x2 and 3x3x3, as a one-player puzzle (seeds 000 announce it).

The player turns the faces of a scrambled cube until every face shows one
colour.  A solved cube is the end (outcome ``(1,)``: the puzzle is won); an
unsolved cube is never an end, so the solver's value of a position is "win"
with the distance to the solved cube, the fewest turns that solve it.

Position: the facelet string that cube solvers share (Kociemba's order): the
faces U R F D L B, each read row by row as seen from outside the cube with U
above F, R, L and B, and F above D (U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9;
four letters a face on the 2x2x2).  A letter names a colour by the face it
belongs to when solved, so the solved 3x3x3 is
``UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB``.  The string is
printed bare; parsing also takes it in lower case, in parentheses, or with
spaces (e.g. one group per face).  A string that is no reachable cube is
refused with the reason: wrong length, unknown letters, wrong colour counts,
centres not in place (3x3x3), an impossible cubie (colours that no cubie has,
a mirrored corner, a cubie that occurs twice), a twisted corner (the corner
orientations do not add up to 0 mod 3), a flipped edge (the edge orientations
do not add up to 0 mod 2), or odd permutation parity (two pieces swapped).

Moves: Singmaster's face turns, ``U`` (clockwise as seen facing that face),
``U'`` (anticlockwise) and ``U2`` (half turn), for U R F D L B; parsing is
case-insensitive and takes ``U2'`` as ``U2``.  Only face turns: no slice moves
and no whole-cube rotations, so the centres of the 3x3x3 never move.

Options:

* ``size`` 2 or 3 (default 3).
* ``metric`` ``htm`` (half-turn metric: ``U2`` is one move; default) or
  ``qtm`` (quarter-turn metric: only quarter turns are moves, a half turn is
  two).  The metric decides the legal moves and so every distance.
* ``scramble`` N (default 0) and ``seed`` S (default 1): the start is the
  solved cube after N random moves, drawn from ``random.Random(S)``, each on a
  different face than the one before (so no two moves merge).  The same
  options always give the same start, which may happen to be solved.  The
  default start is the solved cube (so a game of the defaults is over at
  once); the rules line says how to scramble it.
* ``gamesman random cube`` walks at random from the start: a random walk
  almost never comes back to the solved cube, so it stops there or after
  ``--moves N`` moves (1,000 by default, as for every puzzle).

Choices where the sheet is silent:

* A 2x2x2 has no centres, so a whole-cube rotation of a solved 2x2x2 is
  solved too: a 2x2x2 is solved when every face shows one colour.  Its
  positions are counted modulo whole-cube orientation, as is usual: a string
  is canonicalised by the rotation that brings the D-L-B cubie to the DLB
  corner with its D colour on the D face.  Turns of U, R and F never move that
  corner, and every turn of L, D or B has the same effect as a turn of R, U or
  F followed by a rotation, so the distance table of the 7! x 3^6 = 3,674,160
  canonical positions uses U, R and F only.  It is built once with a
  breadth-first search over a perfect index (corner permutation rank times
  orientation code), for both metrics, and cached on disk.
* The 3x3x3 is too large for a table (4.3 * 10^19 positions).  Its solutions
  come from Kociemba's two-phase algorithm (``twophase.py``, its search
  compiled in ``search.py``): a first solution of at most 21 moves (almost
  always), then shorter ones for a fixed amount of search (near-optimal, not
  always optimal; a cube always gets the same one, about 20.5 moves); its
  pruning tables are cached on disk too.  A cube on the way of the game's own
  scramble never gets a solution longer than undoing the scramble.  In the
  quarter-turn metric its half turns are played as two quarter turns.
* ``solution(position)`` gives the moves that solve a cube; the strategies
  ``optimal`` (2x2x2: a move on a shortest solution) and ``twophase`` (the
  next move of a two-phase solution; on the 2x2x2 the optimal one) play them.
  ``twophase [LENGTH] [--time SECONDS]`` searches on for shorter solutions of the
  3x3x3, as Kociemba's solver's maximum length does: until one of at most
  LENGTH moves is found (or 10 seconds have passed), or for SECONDS
  (``--time 2``, ``2s`` or ``500ms``), the shortest found.  Without them it
  spends a fixed amount of search on it (the same cube, the same solution).
  ``twophase`` is the game's ``search_strategy``, the player to ask for
  hints on the 3x3x3, which has no table.

Tables are built with numpy, which is imported only when a table is needed, so
importing this module stays quick.

On the web the cube is drawn unfolded (U above L F R B, D below F), each sticker
a disc of its face's colour; each face carries three buttons for its turns:
anticlockwise on the left, the half turn in the middle, clockwise on the right.
"""
from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable

from gamesman.boards.autogui import DISCS, PIECES, image_data, place
from gamesman.contract.capabilities import ActionIndex, Capabilities, KnownResults, ObservationTensor, UwapiBoard
from gamesman.contract.errors import GameError, shown
from gamesman.contract.game import Game, Option, ProgressFn
from gamesman.contract.strategy import Choice, Strategy, StrategyEntry, no_arguments
from gamesman.games.cube.cubies import (FACE_COLOURS, FACES, MOVE_NAMES, OPPOSITE, QUARTER_TURNS, InvalidCube,
                                        geometry, inverse, permute)
from gamesman.games.cube.tables import (ORIENTATIONS, POSITIONS_2X2, TABLE_MOVES, canonical_rotation_2x2,
                                        distance_distribution, distance_tables, index_2x2, rotated_face,
                                        table_move_tables)
from gamesman.games.cube.twophase import LONGEST, twophase_solver

if TYPE_CHECKING:
    from gamesman.solver.strong import Result

# -- the game ---------------------------------------------------------------------------------


#: A face letter in lower case with a turn's suffix: a wide turn in cube notation.
WIDE_TURN = re.compile(r"[urfdlb](2'?|'2?|\u2019)?")


#: Where each face lies on the unfolded cube, in faces across and down.
NET = {"U": (1, 0), "L": (0, 1), "F": (1, 1), "R": (2, 1), "B": (3, 1), "D": (1, 2)}
#: The space between faces of the unfolded cube, in stickers.
CUBE_GAP = 0.2
#: The token of each turn's button by the move's suffix, left to right on its face.
TURN_BUTTONS = {"'": "a", "2": "w", "": "c"}
#: The buttons' images: GamesmanUni's turning arrows.
TURN_IMAGES = {"a": "spinout/counterclockwise.svg", "w": "spinout/clockwise2.svg", "c": "spinout/clockwise.svg"}


class Cube(KnownResults[str], ActionIndex[str, str], ObservationTensor[str], UwapiBoard[str, str], Game[str, str]):
    name = "cube"
    title = "Rubik's Cube"
    player_names = ("player",)
    render_colours = FACE_COLOURS
    size = Option(int, 3, "edge length: 2 (2x2x2) or 3 (3x3x3)", low=2, high=3)
    metric = Option(str, "htm", "htm: a half turn is one move; qtm: only quarter turns are moves",
                    choices=("htm", "qtm"))
    scramble = Option(int, 0, "random moves from solved that make the start", low=0, high=10_000)
    seed = Option(int, 1, "the seed of the scramble", low=0)
    rules = ("Turn the faces (U R F D L B, ' anticlockwise, 2 half turn) until every face has one colour. "
             "The cube starts solved: --scramble N starts it N random turns away (--seed S picks them).")
    search_strategy = "twophase"
    #: The figures are the distance distributions of ``gamesman count cube --size 2``.
    showcase = ()

    def setup(self) -> None:
        self.geometry = geometry(self.size)
        self.move_names = MOVE_NAMES if self.metric == "htm" else QUARTER_TURNS
        self._scramble_moves = self.scramble_moves(random.Random(self.seed))
        position = self.geometry.solved
        self._scrambled = {position: 0}  # each cube on the way: how many scramble moves made it
        for made, move in enumerate(self._scramble_moves, 1):
            position = self.turn(position, move)
            self._scrambled.setdefault(position, made)
        self._start = position

    def scramble_moves(self, rng: random.Random) -> list[str]:
        """``scramble`` random moves drawn from ``rng``, each on another face than the one before.

        >>> Cube(size=2, scramble=4).scramble_moves(random.Random(1))
        ['R2', 'L', 'B2', 'L']
        """
        moves: list[str] = []
        for _ in range(self.scramble):
            last_face = moves[-1][0] if moves else None
            moves.append(rng.choice([m for m in self.move_names if m[0] != last_face]))
        return moves

    def random_start(self, rng: random.Random) -> str:
        """The solved cube after a scramble drawn from ``rng`` (``start`` is the one drawn from ``seed``)."""
        position = self.geometry.solved
        for move in self.scramble_moves(rng):
            position = self.turn(position, move)
        return position

    # -- rules ------------------------------------------------------------------------
    def start(self) -> str:
        return self._start

    def to_move(self, position: str) -> int:
        return 0

    def outcome(self, position: str) -> tuple[float] | None:
        return (1.0,) if self.geometry.is_solved(position) else None

    def moves(self, position: str) -> list[str]:
        return [] if self.geometry.is_solved(position) else list(self.move_names)

    def turn(self, position: str, move: str) -> str:
        """The cube after a face turn (no legality check)."""
        return permute(position, self.geometry.turns[move])

    def play(self, position: str, move: str) -> str:
        if move not in self.moves(position):
            if self.geometry.is_solved(position):
                raise self.illegal("the cube is solved: no moves")
            raise self.illegal(f"{move!r} is not a move (moves: {' '.join(self.move_names)})")
        return self.turn(position, move)

    # -- text ---------------------------------------------------------------------------
    def parse_position(self, text: str) -> str:
        facelets = "".join(text.split())
        if len(facelets) >= 2 and facelets[0] == "(" and facelets[-1] == ")":
            facelets = facelets[1:-1]
        facelets = facelets.upper()
        try:
            self.geometry.check(facelets)
        except InvalidCube as problem:
            raise self.error(str(problem), text) from None
        return facelets

    def format_position(self, position: str) -> str:
        return position

    def parse_move(self, position: str, text: str) -> str:
        """A face turn in Singmaster notation (``U``, ``U'``, ``U2``; ``U2'`` is ``U2``).  Lower
        case is refused: in cube notation ``u`` is a wide turn (two layers), which this puzzle
        does not make."""
        stripped = text.strip()
        if WIDE_TURN.fullmatch(stripped):
            raise self.illegal(f"{shown(stripped)!r}: lower case is a wide turn in cube notation, "
                               f"which this cube does not make; turn a face with {stripped[0].upper()}")
        word = stripped.upper().replace("\u2019", "'")
        if word.endswith("2'") or word.endswith("'2"):
            word = word[:-2] + "2"
        if self.geometry.is_solved(position):
            raise self.illegal(f"{text.strip()!r}: the cube is solved, no moves are left")
        if word in self.move_names:
            return word
        if word in MOVE_NAMES:
            raise self.illegal(f"{word} is two moves in the quarter-turn metric (play {word[0]} {word[0]})")
        raise self.illegal(f"{' '.join(text.split())!r} is not a move "
                           f"(a face U R F D L B, then nothing, ' or 2: U, U', U2)")

    def render(self, position: str) -> str:
        """The net: U on top, then L F R B, then D; one letter per sticker."""
        n = self.size
        square = n * n

        def row(face: str, r: int) -> str:
            at = FACES.index(face) * square + r * n
            return " ".join(position[at:at + n])

        width = 2 * n - 1
        pad = " " * (width + 2)
        lines = [pad + row("U", r) for r in range(n)]
        lines += ["  ".join(row(face, r) for face in "LFRB") for r in range(n)]
        lines += [pad + row("D", r) for r in range(n)]
        return "\n".join(lines)

    # -- solving ------------------------------------------------------------------------
    def declare(self) -> Capabilities:
        """The 2x2x2 has an exact table, which answers the solver; the 3x3x3 (4.3e19
        positions) has none."""
        return Capabilities(players=1, loops=True, known_results=self.size == 2, solvable=self.size == 2,
                            action_index=True, observation_tensor=True, uwapi_board=True)

    # -- the web board: the cube unfolded ------------------------------------------------------
    def autogui_position(self, position: str) -> str:
        """The stickers, then the places of the turn buttons.

        >>> Cube(size=2).autogui_position("UUUURRRRFFFFDDDDLLLLBBBB")
        '1_UUUURRRRFFFFDDDDLLLLBBBB------------------'
        """
        return f"1_{position}{'-' * len(TURN_BUTTONS) * len(FACES)}"

    def autogui_move(self, position: str, move: str, after: str) -> str:
        face, turn = move[0], move[1:]
        slot = list(TURN_BUTTONS).index(turn)
        return place(TURN_BUTTONS[turn], 6 * self.size * self.size + FACES.index(face) * len(TURN_BUTTONS) + slot)

    def image_autogui_data(self) -> dict[str, Any]:
        n = self.size
        stickers, buttons = [], []
        for face in FACES:
            left, top = ((n + CUBE_GAP) * along for along in NET[face])
            stickers += [[left + col + 0.5, top + row + 0.5] for row in range(n) for col in range(n)]
            buttons += [[left + n * (slot + 0.5) / 3, top + n / 2] for slot in range(len(TURN_BUTTONS))]
        images = {face: (DISCS.get(FACE_COLOURS[face], PIECES[1]), 0.9) for face in FACES}  # white: a white disc
        turns = {token: (image, n / 3.5) for token, image in TURN_IMAGES.items()}
        return image_data([4 * (n + CUBE_GAP), 3 * (n + CUBE_GAP)], stickers + buttons, {**images, **turns})

    def action_moves(self) -> tuple[str, ...]:
        """The face turns of the metric."""
        return self.move_names

    def observation_shape(self) -> tuple[int, ...]:
        return (len(FACES) * self.size * self.size, len(FACES))

    def observation(self, position: str, player: int) -> Any:
        """Each facelet's colour, one-hot over the faces (U R F D L B), in the position's order.

        >>> cube = Cube(size=2)
        >>> cube.observation(cube.start(), 0)[0].tolist()  # U1 of the solved cube is U's colour
        [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]
        """
        import numpy as np

        facelets = np.frombuffer(position.encode("ascii"), np.uint8)
        return (facelets[:, None] == np.frombuffer(FACES.encode("ascii"), np.uint8)).astype(np.float32)

    def distance(self, position: str, progress: ProgressFn | None = None) -> int:
        """The fewest moves (in this metric) that solve a 2x2x2."""
        if self.size != 2:
            raise GameError("cube: exact distances are known here for the 2x2x2 only")
        return int(distance_tables(progress)[self.metric][index_2x2(position)])

    def known_result(self, position: str, deadline: float | None = None) -> "Result | None":
        """The solver's result for a 2x2x2 straight from the table (declared for the 2x2x2 only)."""
        from gamesman.solver.strong import Result, Value

        return Result(value=Value.WIN, remoteness=self.distance(position))

    def solution(self, position: str, progress: ProgressFn | None = None, length: int = 0,
                 seconds: float | None = None) -> list[str]:
        """Moves that solve the cube: optimal on the 2x2x2, two-phase on the 3x3x3 (about 21 turns).

        The 3x3x3's search goes on past its first solution for shorter ones: for
        a fixed amount of work, or with ``seconds`` for that time; it stops at
        once at a solution of at most ``length`` turns.  A 3x3x3 on the way of
        this game's own scramble is never given a longer solution than undoing
        the scramble.
        """
        if self.size == 2:
            return self._optimal_solution(position, progress)
        moves = twophase_solver(progress).solve(self.geometry.cubies(position), target=length, seconds=seconds)
        if self.metric == "qtm":
            moves = [quarter for move in moves
                     for quarter in ([move[0], move[0]] if move.endswith("2") else [move])]
        scrambled = self._scrambled.get(position)
        if scrambled is not None and scrambled < len(moves):
            moves = [inverse(move) for move in reversed(self._scramble_moves[:scrambled])]
        return moves

    def _optimal_solution(self, position: str, progress: ProgressFn | None) -> list[str]:
        """A shortest solution of a 2x2x2, read off the table: at each step the first
        move (in ``move_names`` order) that brings the cube one closer.

        The index is computed once and then stepped with the move tables.  A
        move of the cube as it lies turns some face of its canonical form (the
        rotation says which); a turn of U, R or F is a column of the tables,
        and a turn of D, L or B has the index of the same turn of U, R or F
        (they differ by a whole-cube rotation, which the index ignores).
        """
        table = distance_tables(progress)[self.metric]
        perms, twists = table_move_tables(self.metric)
        columns = {name: m for m, name in enumerate(TABLE_MOVES[self.metric])}
        perm, twist = divmod(index_2x2(position), ORIENTATIONS)
        togo = int(table[perm * ORIENTATIONS + twist])
        moves = []
        while togo:
            rotation = canonical_rotation_2x2(position)
            canonical_face = {rotated_face(rotation, face): face for face in FACES}
            for move in self.move_names:
                face = canonical_face[move[0]]
                m = columns[(face if face in "URF" else OPPOSITE[face]) + move[1:]]
                child_perm, child_twist = int(perms[perm, m]), int(twists[twist, m])
                if table[child_perm * ORIENTATIONS + child_twist] == togo - 1:
                    moves.append(move)
                    position = self.turn(position, move)
                    perm, twist, togo = child_perm, child_twist, togo - 1
                    break
        return moves

    def count_report(self, progress: ProgressFn | None = None) -> str:
        """The text of ``gamesman count``: the distance distributions of the 2x2x2."""
        if self.size != 2:
            total = 40320 * 3 ** 7 * 479001600 * 2 ** 11 // 2
            return (f"{self.spec}: {total:,} positions (8! 3^7 12! 2^11 / 2); their distance "
                    "distribution is beyond this engine (the 2x2x2's is: --size 2)")
        by_metric = {metric: distance_distribution(Cube(size=2, metric=metric), progress)
                     for metric in TABLE_MOVES}
        lines = [f"{self.title} 2x2x2: {POSITIONS_2X2:,} positions up to whole-cube orientation",
                 f"{'moves':>5}  {'half-turn':>10}  {'quarter-turn':>12}"]
        for distance in range(max(max(counts) for counts in by_metric.values()) + 1):
            htm, qtm = (by_metric[m].get(distance) for m in ("htm", "qtm"))
            lines.append(f"{distance:>5}  {f'{htm:,}' if htm else '':>10}  {f'{qtm:,}' if qtm else '':>12}")
        lines.append(f"{'total':>5}  {sum(by_metric['htm'].values()):>10,}  {sum(by_metric['qtm'].values()):>12,}")
        lines.append(f"God's number: {max(by_metric['htm'])} half-turn moves, "
                     f"{max(by_metric['qtm'])} quarter-turn moves")
        return "\n".join(lines)


# -- strategies --------------------------------------------------------------------------------


@dataclass
class CubeSolver(Strategy):
    """Plays a solution of the cube move by move (planned once, replanned if the cube differs)."""

    game: Cube
    optimal: bool = False
    length: int = 0  # stop at a solution of at most this many turns (0: no such target)
    seconds: float | None = None  # search on this long for shorter solutions
    plan: list[tuple[str, str]] = field(default_factory=list)  # (position, move) still to play
    #: Seconds for the time a plan took to find (the tables built or loaded and the kernels
    #: compiled on first use, the search): what the user waited, told with the move.
    clock: Callable[[], float] = time.monotonic

    @property
    def name(self) -> str:  # type: ignore[override]  # the class attribute becomes a per-instance name
        return "optimal" if self.optimal else "twophase"

    def choose(self, position: str) -> Choice:
        game = self.game
        self.moves_to_choose(position)  # refuses a solved cube
        how = "optimal" if game.size == 2 else "two-phase"
        if not self.plan or self.plan[0][0] != position:
            started = self.clock()
            self.plan = []
            at = position
            for move in game.solution(position, length=self.length, seconds=self.seconds):
                self.plan.append((at, move))
                at = game.turn(at, move)
            how += f" solution found in {self.clock() - started:.2f} s"
        else:
            how += " solution"  # (planned before: no wait)
        _, move = self.plan.pop(0)
        return Choice(move, f"{move}: solved in {len(self.plan) + 1} ({how})")


def _optimal_solver(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """``optimal``: the 2x2x2's exact table."""
    cube = _cube("optimal", game)
    if cube.size != 2:
        raise GameError("optimal: known for the 2x2x2 only; the 3x3x3 plays twophase")
    no_arguments("optimal", args)
    return CubeSolver(cube, rng, optimal=True)


def _twophase_solver(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """``twophase [LENGTH] [--time SECONDS]``: LENGTH alone searches at most LENGTH_SECONDS."""
    from gamesman.players.search import parse_budget

    cube = _cube("twophase", game)
    length, seconds = parse_budget("twophase", args, "length", 1, LONGEST, default=False)  # (a fixed node budget)
    if length is not None and seconds is None:
        seconds = LENGTH_SECONDS
    return CubeSolver(cube, rng, length=length or 0, seconds=seconds)


def _cube(label: str, game: Game) -> Cube:
    """The game, which must be the cube."""
    if not isinstance(game, Cube):
        raise GameError(f"{label}: a strategy for the cube only")
    return game


#: How long ``twophase LENGTH`` searches for a solution that short before it plays the shortest found.
LENGTH_SECONDS = 10.0

Cube.strategies = {
    "optimal": StrategyEntry(_optimal_solver, "2x2x2: a move of a shortest solution (exact table)"),
    "twophase": StrategyEntry(_twophase_solver, "the next move of Kociemba's two-phase solution (3x3x3, about "
                                                "21 moves; optimal on the 2x2x2): twophase [LENGTH] [--time SECONDS] "
                                                "searches on for one of at most LENGTH moves, or that long"),
}
