"""UWAPI's answers as plain data: the games, their variants, positions with values, rules.

The shapes are those of GamesCrafters' UWAPI server, which GamesmanUni reads: a
position comes with its ``positionValue`` and ``remoteness`` and every move with
the child's ``position`` and ``autoguiPosition``, ``positionValue`` (for the player
to move there), ``moveValue`` (for the player making the move), ``remoteness`` and
``deltaRemoteness``, best first.  Values are ``win``, ``lose``, ``tie``, ``draw``
and ``unsolved``; a draw's remoteness is -200, that of an unsolved position that is not
over -100 (0 is the end of the game).  A variant the solver does not
answer exactly (:func:`gamesman.solver.database.answers_exactly`, the CLI's policy)
is never solved by a request: its moves are ``unsolved``, in the order of the game's
search player (but those that end the game, which have the value of its outcome), except
the positions a database saved before answers (an endgame study's, solved with ``gamesman
solve --large``), which are answered from it as the CLI answers them; one it answers is
solved in the background (see :class:`Analyst`).

A variant's id is the name GamesCrafters' server gives it where the game declares one
(``connect4``'s ``6x7``), else ``regular`` (the default options), ``misere`` (only misère
changed), else its option values as in a spec (``rows=4,cols=5``): any variant can be
asked for.

>>> service = Service()
>>> service.analyst(game_from_ids("tictactoe", "regular")).solving().wait(60)
True
>>> reply = service.position("tictactoe", "regular", "1_x---o----")
>>> reply["positionValue"], len(reply["moves"])
('tie', 7)
>>> sorted(reply["moves"][0])  # doctest: +NORMALIZE_WHITESPACE
['autoguiMove', 'autoguiPosition', 'deltaRemoteness', 'move', 'moveValue', 'position',
 'positionValue', 'remoteness']
"""
from __future__ import annotations

import sys
import threading
import time
from functools import cached_property, lru_cache
from typing import Any, Hashable

from gamesman.contract.capabilities import End, uwapi_board
from gamesman.contract.errors import GameError, OptionError, shown
from gamesman.contract.game import Game
from gamesman.contract.options import format_value, parse_spec
from gamesman.contract.registry import game_class, game_names
from gamesman.dev.showcase import showcase_values
from gamesman.doors.web.forms import form_of
from gamesman.solver.results import Result, SolverError, Value

#: UWAPI's remoteness of a draw (play never ends).
DRAW_REMOTENESS = -200
#: UWAPI's remoteness of a position that is not over but not solved (GamesmanUni takes a
#: remoteness of 0 for the end of the game).
UNKNOWN_REMOTENESS = -100
#: Move values best first, as UWAPI sorts moves.
MOVE_ORDER = ("win", "tie", "draw", "lose", "unsolved")
#: UWAPI's value of a game that is over, by how it ended for the player.
END_VALUES = {End.WON: "win", End.LOST: "lose", End.TIE: "tie"}
#: The id of the default variant.
REGULAR = "regular"


def not_served(game: Game[Any, Any]) -> str | None:
    """Why GamesmanUni cannot play ``game``, or None when it can.

    >>> from gamesman.contract.registry import make_game
    >>> not_served(make_game("poker"))
    'hidden information (every reply would show the hidden cards)'
    """
    declared = game.capabilities
    if declared.hidden_information:
        return "hidden information (every reply would show the hidden cards)"
    if declared.chance:
        return "chance moves (UWAPI has no chance nodes)"
    if game.players > 2:
        return "more than two players (UWAPI has one- and two-player games)"
    return None


#: The ids GamesmanUni draws with boards of its own (``AppGameBodyBoard.vue``), whatever the
#: server sends: a variant of such a game that gives no such board cannot be drawn.
OWN_BOARDS = frozenset({"tictactoe", "quarto", "sim"})


def drawn(game: Game[Any, Any]) -> bool:
    """False for a variant that GamesmanUni would draw with the wrong board: one of a game
    it has a board of its own for, which does not give that board (``GET /{game}/`` leaves
    it out; it can still be asked for).

    >>> from gamesman.contract.registry import make_game
    >>> drawn(make_game("sim")), drawn(make_game("sim", nodes=5)), drawn(make_game("hex", size=5))
    (True, False, True)
    """
    return game.capabilities.uwapi_board or web_id(game) not in OWN_BOARDS


def variant_id(game: Game[Any, Any]) -> str:
    """The id of ``game``'s variant in URLs.

    >>> from gamesman.contract.registry import make_game
    >>> [variant_id(make_game("nim", **values)) for values in ({}, {"heaps": 4, "size": 6})]
    ['regular', 'heaps=4,size=6']
    >>> [variant_id(make_game("connectfour", **values)) for values in ({}, {"misere": True})]  # its web names
    ['6x7', 'misere']
    >>> variant_id(make_game("tictactoe", misere=True))
    'misere'
    """
    if game.capabilities.uwapi_board:
        known = uwapi_board(game).uwapi_variant()
        if known is not None:
            return known
    default = type(game)().settings
    changed = {name: value for name, value in game.settings.items() if default[name] != value}
    if not changed:
        return REGULAR
    if changed == {"misere": True}:
        return "misere"
    return ",".join(f"{name}={format_value(value)}" for name, value in changed.items())


def web_id(game: Game[Any, Any]) -> str:
    """The id GamesmanUni knows ``game`` by: the one it declares, else its name.

    >>> from gamesman.contract.registry import make_game
    >>> web_id(make_game("connectfour")), web_id(make_game("nim"))
    ('connect4', 'nim')
    """
    known = uwapi_board(game).uwapi_id if game.capabilities.uwapi_board else None
    return known or game.name


@lru_cache(maxsize=8)
def names_by_web_id(names: tuple[str, ...]) -> dict[str, str]:
    """The registered games ``names`` by the ids GamesmanUni knows them by (kept for as
    long as the registry holds the same games)."""
    found = {}
    for name in names:
        try:
            found[web_id(game_class(name)())] = name
        except GameError:  # a broken plugin is left out, as the shell leaves it
            continue
    return found


def web_game_class(game_id: str) -> type[Game[Any, Any]]:
    """The game GamesmanUni knows as ``game_id`` (its name is taken too); an unknown one
    is the registry's GameError.

    >>> web_game_class("connect4").name, web_game_class("connectfour").name
    ('connectfour', 'connectfour')
    """
    return game_class(names_by_web_id(tuple(game_names())).get(game_id, game_id))


def game_from_ids(game_id: str, variant: str) -> Game[Any, Any]:
    """The variant that ``variant_id`` calls ``variant``, refused where GamesmanUni cannot play it."""
    cls = web_game_class(game_id)
    default = cls()
    known = uwapi_board(default).uwapi_variant_options(variant) if default.capabilities.uwapi_board else None
    if known is not None:
        game = cls(**known)
    elif variant == REGULAR:
        game = cls()
    elif variant == "misere":
        game = cls(misere=True)
    else:
        if not variant.strip() or "(" in variant:
            raise OptionError(f"{cls.name}: bad variant {shown(variant)!r} (regular, misere or key=value,...)")
        game = cls(**parse_spec(f"{cls.name}({variant})")[1])
    reason = not_served(game)
    if reason is not None:
        raise GameError(f"{game.name}: {variant_id(game)} is not served on the web: {reason}")
    return game


def uwapi_value(result: Result) -> str:
    """UWAPI's value: the solver's, or ``unsolved`` for a result given as utilities."""
    return "unsolved" if result.value is None else result.value.value


def uwapi_remoteness(result: Result) -> int:
    """UWAPI's remoteness: -200 for a draw, 0 where none is known."""
    if result.value is Value.DRAW:
        return DRAW_REMOTENESS
    return result.remoteness or 0


#: Seconds a game that searches each position exactly (``exact_search``) may take for one
#: reply, before the search player answers instead.
EXACT_SECONDS = 1.0
#: Seconds a reply waits for its variant's solve to finish (a small variant's is done by then).
SOLVE_GRACE_SECONDS = 0.5


class Analyst:
    """Answers for one variant, one request at a time (the solver and search players keep
    tables that two threads must not fill at once); requests for other variants go on.

    A variant the solver answers is solved once, from the start, in a thread of its own
    that the first request starts; until it is done, and for positions it did not reach,
    the search player answers (``unsolved``), so that no request waits for a solve; while a
    database found damaged is solved again, a request is told so (an error: ask again).  A
    game that searches each position exactly gets EXACT_SECONDS per reply."""

    def __init__(self, game: Game[Any, Any]) -> None:
        from gamesman.solver.database import answers_exactly

        self.game = game
        self.form = form_of(game)
        self.exact = answers_exactly(game)
        self.lock = threading.Lock()
        self.search_lock = threading.Lock()
        self.start_lock = threading.Lock()
        self.solved = threading.Event()
        self._solving: threading.Thread | None = None
        self._readying: threading.Thread | None = None
        self.ready = False  # the exact search is ready (see _make_ready)
        self.damage_found = False  # a request found the database damaged: solved again (_solve_again)

    @cached_property
    def solver(self) -> Any:
        from gamesman.solver.strong import Solver

        solver = Solver(self.game)
        solver.solves_damage_at_once = False  # a request never waits for a solve: see _solve_again
        return solver

    @cached_property
    def searcher(self) -> Any:
        import random

        from gamesman.players.strategies import make_strategy

        return make_strategy(self.game, [self.game.search_strategy], random.Random(0))

    def solving(self) -> threading.Event:
        """Start solving the variant from its start, once (if the solver answers it); the
        event is set when the solve is done."""
        with self.start_lock:
            if self.exact and self._solving is None and not self.game.capabilities.exact_search:
                self._solving = threading.Thread(target=self._solve, name=f"solving {self.game.spec}", daemon=True)
                self._solving.start()
        return self.solved

    def rebuilding(self) -> bool:
        """Whether the variant's database, found damaged, is being solved again (found by a
        request, or by the first solve)."""
        return self.damage_found or self.solver.rebuilding

    def being_solved_again(self) -> GameError:
        return GameError(f"{self.game.name}: the database of {variant_id(self.game)} was found damaged and is "
                         "being solved again; ask again in a moment")

    def _solve_again(self, damage: SolverError) -> None:
        """Solve the variant again in a thread of its own (once at a time), its database found
        damaged by a request: the request and those after it are told so, none waits for it."""
        with self.start_lock:
            if self._solving is None or not self._solving.is_alive():
                self.solved.clear()  # (the same event: a request waiting for the lock sees it)
                self._solving = threading.Thread(target=self._solve, args=(damage,), name=f"solving {self.game.spec}",
                                                 daemon=True)
                self.damage_found = True
                self._solving.start()

    def _solve(self, damage: SolverError | None = None) -> None:
        try:
            self.solver.solve() if damage is None else self.solver.solve_again(damage, self.game.start())
        except GameError as problem:  # its database was found damaged and it is too large to solve here,
            # or the system could not open its files now (too many open)
            print(f"gamesman: {problem}", file=sys.stderr)
        finally:
            self.damage_found = False
            self.solved.set()

    def prepare(self) -> None:
        """Start making ready the exact search of a game that searches each position exactly
        (``_make_ready``), once, in a thread of its own, so that the board's first request
        finds it under way or done.  (A solve is started by the first request, not here:
        looking at a board is not asking for its values.)"""
        with self.start_lock:
            if self.exact and self.game.capabilities.exact_search and self._readying is None:
                self._readying = threading.Thread(target=self._get_ready, name=f"readying {self.game.spec}",
                                                  daemon=True)
                self._readying.start()

    def _get_ready(self) -> None:
        with self.lock:
            self._make_ready()

    def reply(self, position: Hashable) -> dict[str, Any]:
        """The position's value and remoteness, and every move, best first."""
        from gamesman.contract.errors import OutOfTime
        from gamesman.solver.database import Database
        from gamesman.solver.store import DamagedDatabase

        if self.exact and self.game.capabilities.exact_search:
            try:
                with self.lock:
                    self._make_ready()
                    return self._exact(position, time.monotonic() + EXACT_SECONDS)
            except OutOfTime:
                pass
        elif self.exact and not self.rebuilding() and self.solving().wait(SOLVE_GRACE_SECONDS):
            with self.lock:
                if not self.solved.is_set():  # another request found damage while this one waited
                    raise self.being_solved_again()
                try:
                    if self.solver.stored(position) is not None:
                        return self._exact(position)
                except DamagedDatabase as damage:
                    self._solve_again(damage)
                    raise self.being_solved_again() from None
        elif self.exact and self.rebuilding():  # (told at once, not after the solve's grace)
            raise self.being_solved_again()
        elif not self.exact and Database.default().has_store(self.game.spec):  # (see _saved)
            with self.lock:
                if self._saved(position):
                    return self._exact(position)
        with self.search_lock:
            return self._estimated(position)

    def _saved(self, position: Hashable) -> bool:
        """Whether the database saved before holds ``position`` and every move's child (a
        stricter ask than ``answers_exactly``'s, read from the solver's table, loaded once), for a
        variant not solved from its start (the positions of an endgame study solved with
        ``gamesman solve --large``), so that ``_exact`` answers it without solving.  A database
        found damaged is dropped (it is never answered from) and said in one line."""
        from gamesman.solver.store import DamagedDatabase

        try:
            return all(self.solver.stored(asked) is not None for asked in
                       [position, *(self.game.play(position, move) for move in self.game.moves(position))])
        except DamagedDatabase:
            del self.solver  # (its file is removed: the next request reads what is saved then)
            raise

    def _make_ready(self) -> None:
        """Let a game that searches each position exactly make its search ready (load its
        books and compiled code), once, before a reply's clock starts: asked about its start
        with no time to search, it takes the time it needs to get ready (which it does not
        count) and then answers or runs out of time at once."""
        from gamesman.contract.errors import OutOfTime

        if not self.ready:
            try:
                self.solver.known(self.game.start(), time.monotonic())
            except OutOfTime:
                pass
            self.ready = True

    def _position(self, position: Hashable, value: str, remoteness: int) -> dict[str, Any]:
        return {"position": self.form.position(self.game, position),
                "autoguiPosition": self.form.autogui_position(self.game, position),
                "positionValue": value, "remoteness": remoteness}

    def _move(self, position: Hashable, move: Hashable, child: Hashable, value: str, remoteness: int,
              move_value: str) -> dict[str, Any]:
        return {"move": self.form.move_name(self.game, position, move),
                "autoguiMove": self.form.autogui_move(self.game, position, move, child),
                **self._position(child, value, remoteness), "moveValue": move_value, "deltaRemoteness": 0}

    def _exact(self, position: Hashable, deadline: float | None = None) -> dict[str, Any]:
        game, solver = self.game, self.solver
        result = solver.result(position, deadline)
        reply = self._position(position, uwapi_value(result), uwapi_remoteness(result))
        mover = game.to_move(position)
        moves = []
        for move in game.moves(position):
            child = game.play(position, move)
            child_result = solver.result(child, deadline)
            moves.append(self._move(position, move, child, uwapi_value(child_result), uwapi_remoteness(child_result),
                                    uwapi_value(solver.move_result(mover, child, deadline))))
        if game.players == 1:
            rate_puzzle_moves(reply["remoteness"], moves)
        else:
            rate_moves(moves)
        reply["moves"] = moves
        return reply

    def _estimated(self, position: Hashable) -> dict[str, Any]:
        """The search player's answer: the moves unsolved, in its order, but for a position
        that is over, which has the value its outcome gives (sorted as UWAPI sorts them)."""
        from gamesman.players.strategies import estimate

        reply = self._position(position, *self._by_the_rules(position, self.game.to_move(position)))
        order: list[Hashable] = []
        if not self.game.is_over(position):
            found = estimate(self.searcher, position)
            order = [move for move, _ in found.rows] + list(found.unrated)
        mover, moves = self.game.to_move(position), []
        for move in order:
            child = self.game.play(position, move)
            value, remoteness = self._by_the_rules(child, self.game.to_move(child))
            moves.append(self._move(position, move, child, value, remoteness, self._by_the_rules(child, mover)[0]))
        sort_moves(moves)
        reply["moves"] = moves
        return reply

    def _by_the_rules(self, position: Hashable, player: int) -> tuple[str, int]:
        """A position's value for ``player`` and its remoteness, from the rules alone: from
        the game's outcome once it is over, else ``unsolved`` at a remoteness not known.

        >>> from gamesman.contract.registry import make_game
        >>> game = make_game("tictactoe")
        >>> over = game.parse_position("(o xxx oo- ---)")
        >>> analyst = Analyst(game)
        >>> [analyst._by_the_rules(*asked) for asked in [(over, 1), (over, 0), (game.start(), 0)]]
        [('lose', 0), ('win', 0), ('unsolved', -100)]
        """
        from gamesman.solver.levelled import end_value

        utilities = self.game.outcome(position)
        if utilities is None:
            return "unsolved", UNKNOWN_REMOTENESS
        return END_VALUES[end_value(utilities, player)], 0


def rate_moves(moves: list[dict[str, Any]]) -> None:
    """Set each two-player move's ``deltaRemoteness`` (how much worse than the best move of
    its value: winning later, tying later, losing sooner) and sort them best first.

    >>> moves = [{"moveValue": v, "remoteness": r} for v, r in
    ...          [("lose", 2), ("win", 5), ("lose", 4), ("win", 3), ("draw", -200)]]
    >>> rate_moves(moves)
    >>> [(m["moveValue"], m["remoteness"], m["deltaRemoteness"]) for m in moves]
    [('win', 3, 0), ('win', 5, 2), ('draw', -200, 0), ('lose', 4, 0), ('lose', 2, 2)]
    """
    for move in moves:
        same = [other["remoteness"] for other in moves if other["moveValue"] == move["moveValue"]]
        move["deltaRemoteness"] = {"win": move["remoteness"] - min(same), "tie": move["remoteness"] - min(same),
                                   "lose": max(same) - move["remoteness"]}.get(move["moveValue"], 0)
    sort_moves(moves)


def sort_moves(moves: list[dict[str, Any]]) -> None:
    """Best first, as UWAPI sorts moves: by move value, then by ``deltaRemoteness``."""
    moves.sort(key=lambda move: (MOVE_ORDER.index(move["moveValue"]), move["deltaRemoteness"]))


def rate_puzzle_moves(remoteness: int, moves: list[dict[str, Any]]) -> None:
    """A puzzle's moves as UWAPI colours them: a move that brings the solution nearer is a
    ``win``, one that keeps it as near a ``tie``, one that takes it away or loses it a ``lose``;
    ``deltaRemoteness`` is how much nearer; sorted as UWAPI sorts them.

    >>> moves = [{"positionValue": v, "remoteness": r} for v, r in [("win", 4), ("lose", 0), ("win", 2)]]
    >>> rate_puzzle_moves(3, moves)
    >>> [(m["moveValue"], m["deltaRemoteness"]) for m in moves]
    [('win', 1), ('lose', -1), ('lose', 0)]
    """
    for move in moves:
        if move["positionValue"] == "win" and remoteness >= 0:
            move["deltaRemoteness"] = remoteness - move["remoteness"]
            delta = move["deltaRemoteness"]
            move["moveValue"] = "win" if delta > 0 else "lose" if delta < 0 else "tie"
        else:
            move["moveValue"], move["deltaRemoteness"] = "lose", 0
    sort_moves(moves)


class Service:
    """UWAPI's five questions, each answered as JSON-ready data (raises GameError for bad ones)."""

    def __init__(self) -> None:
        self._analysts: dict[str, Analyst] = {}
        self._lock = threading.Lock()

    def analyst(self, game: Game[Any, Any]) -> Analyst:
        """The one analyst of ``game``'s variant."""
        with self._lock:
            if game.spec not in self._analysts:
                self._analysts[game.spec] = Analyst(game)
            return self._analysts[game.spec]

    @cached_property
    def _games(self) -> list[dict[str, Any]]:
        found = []
        for name in game_names():
            try:
                game = game_class(name)()
            except GameError:  # a broken plugin is left out, as the shell leaves it
                continue
            if not_served(game) is None:
                found.append({"id": web_id(game), "name": game.title,
                              "type": "twoPlayer" if game.players == 2 else "onePlayer",
                              "gui": form_of(game).gui_of(game)})
        return found

    def games(self) -> list[dict[str, Any]]:
        """``GET /``: every game GamesmanUni can play (plugins' too)."""
        return self._games

    def game(self, game_id: str) -> dict[str, Any]:
        """``GET /{game}/``: the game's listed variants."""
        cls = web_game_class(game_id)
        variants = []
        listed: tuple[dict[str, Any], ...] = ({},) + tuple(values for values in showcase_values(cls) if values)
        for values in listed:
            game = cls(**values)
            if not_served(game) is None and drawn(game):
                variants.append({"id": variant_id(game), "name": variant_name(game), "gui": form_of(game).gui_of(game)})
        if not variants:
            raise GameError(f"{cls.name}: not served on the web: {not_served(cls())}")
        return {"id": web_id(cls()), "name": cls.title, "variants": variants,
                "allowCustomVariantCreation": False, "supportsWinBy": False}

    def variant(self, game_id: str, variant: str) -> dict[str, Any]:
        """``GET /{game}/{variant}/``: the start position and how to draw the board."""
        game = game_from_ids(game_id, variant)
        self.analyst(game).prepare()  # the board asks for the start's values next
        form = form_of(game)
        start = game.start()
        return {"id": variant_id(game), "name": variant_name(game), "startPosition": form.position(game, start),
                "autoguiStartPosition": form.autogui_position(game, start),
                "imageAutoGUIData": form.image_autogui_data(game), "gui": form.gui_of(game)}

    def position(self, game_id: str, variant: str, text: str | None) -> dict[str, Any]:
        """``GET /{game}/{variant}/positions/?p=POSITION``: values and moves."""
        game = game_from_ids(game_id, variant)
        if not text:
            raise GameError(f"{game.name}: name the position: positions/?p=POSITION")
        return self.analyst(game).reply(form_of(game).parse(game, text))

    def instructions(self, game_id: str, variant: str) -> dict[str, str]:
        """``GET /{game}/{variant}/instructions/``: the rules in Markdown."""
        return {"instructions": game_from_ids(game_id, variant).instructions()}


def variant_name(game: Game[Any, Any]) -> str:
    """The variant's name for people, which GamesmanUni shows after the game's own name (its
    game page reads ``Tic-Tac-Toe (Regular)``): ``Regular``, ``Misère``, the name the game gives
    the variant, else the options that differ from the default.

    >>> from gamesman.contract.registry import make_game
    >>> [variant_name(make_game(name, **values)) for name, values in
    ...  [("nim", {}), ("tictactoe", {"misere": True}), ("connectfour", {"rows": 4, "cols": 5}),
    ...   ("onetwoten", {"target": 20})]]
    ['Regular', 'Misère', '4x5', '1, 2, ..., 20']
    """
    if game.variant_title() != game.title:
        return game.variant_title()
    changed = variant_id(game)
    return {REGULAR: "Regular", "misere": "Misère"}.get(changed, changed)
