"""The engine side of the text protocol: ``gamesman protocol [GAME [options]] [--strategy S] [--seed N]``.

GTP version 2 framing: a command is ``[id] name [arguments]`` on one line; the
reply is ``=[id] result`` or ``?[id] message``, then an empty line.  Input is
cleaned as GTP says: ``#`` starts a comment (cut from the raw bytes, so a
comment may hold anything), control characters other than tab and line feed
are removed, tabs become spaces, empty lines are skipped, and words are
separated by ASCII spaces only.  A command longer than :data:`LINE_LIMIT`
bytes, bytes that are not UTF-8, an unknown command, a wrong number of
arguments or a bad position or move get a ``?`` reply with one line saying
why, and change nothing; end of input ends the session.  Every command is
described, with an example, in PROTOCOL.md.

The engine keeps one game variant, its position and the positions before it
(for ``undo``).  ``setposition`` also takes a player's view of a
hidden-information game.  ``genmove`` then asks the strategy if it decides from
views (it has ``decide(view)``, as the poker players do); the search players
search positions drawn from the view (the game's ``sample_position``); any
other strategy picks at random among the moves of the last ``legal_moves``
(the referee sends them).

stderr is the engine's log, as for any GTP engine: after each ``genmove`` it
gets one line saying what the strategy found (``gamesman match --log`` keeps it).
"""
from __future__ import annotations

import random
import re
import sys
from typing import TYPE_CHECKING, BinaryIO, Callable, Hashable, TextIO

from gamesman.boards.text import digits_value
from gamesman.contract.capabilities import hidden_information
from gamesman.contract.errors import GameError, IllegalMove, shown
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.strategy import Strategy
from gamesman.doors.arguments import split_arguments

if TYPE_CHECKING:
    from gamesman.solver.strong import Solver

#: The longest command line, in bytes (the line feed not counted).
LINE_LIMIT = 65536
#: The variant the engine starts with when none is named.
DEFAULT_GAME = "tictactoe"
#: The strategy a session starts with, and falls back to when a new game cannot use its own.
DEFAULT_STRATEGY = ["random"]
#: GTP's colour words, for the first and second player.
GTP_COLOURS = {"black": 0, "b": 0, "white": 1, "w": 1}
#: What ``genmove`` answers when the game is over: GTP's word for "no move", which Hex
#: programs such as MoHex also answer on a finished board.
RESIGN = "resign"

_INPUT_CONTROLS = re.compile(r"[\x00-\x08\x0a-\x1f\x7f]")
_REPLY_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_LEADING_ID = re.compile(rb"^[ \t]*([0-9]+)(?:[ \t]|$)")
_DIGITS = re.compile(r"[0-9]+")


class CommandError(Exception):
    """A command that fails: the reply is ``?`` with this one-line message."""


# -- framing --------------------------------------------------------------------------------


def clean_line(line: str) -> str:
    """GTP's preprocessing of a command line: comment, controls and tabs removed."""
    line = _INPUT_CONTROLS.sub("", line.partition("#")[0])
    return line.replace("\t", " ").strip(" ")


def split_command(line: str) -> tuple[str | None, str | None, list[str]]:
    """``(id, name, arguments)`` of a cleaned, non-empty line; the id may be None.

    Words are separated by ASCII spaces only, as GTP says; an id is ASCII digits.
    """
    words = [word for word in line.split(" ") if word]
    command_id = words.pop(0) if _DIGITS.fullmatch(words[0]) else None
    if not words:
        return command_id, None, []
    return command_id, words[0], words[1:]


def one_line(message: object) -> str:
    return " ".join(str(message).split())


def clean_reply(text: str) -> str:
    """A reply text GTP can carry: no control characters and no empty line inside."""
    text = _REPLY_CONTROLS.sub("", text.replace("\t", " "))
    body = "\n".join(line.rstrip() for line in text.split("\n") if line.strip())
    return "\n" + body if text.startswith("\n") and body else body


def format_reply(ok: bool, command_id: str | None, text: str = "") -> bytes:
    """``=id text`` or ``?id text``, ended by an empty line.

    A text that starts with a line feed (a drawn board) begins on the next line.
    """
    text = clean_reply(text)
    head = ("=" if ok else "?") + (command_id or "")
    if text and not text.startswith("\n"):
        text = " " + text
    return (head + text + "\n\n").encode("utf-8")


# -- the engine -----------------------------------------------------------------------------

#: Every command: its usage line and the least and most arguments it takes
#: (None: no limit).  ``list_commands`` lists them in this order.
COMMANDS: dict[str, tuple[str, int, int | None]] = {
    "protocol_version": ("protocol_version", 0, 0),
    "name": ("name", 0, 0),
    "version": ("version", 0, 0),
    "known_command": ("known_command COMMAND", 1, 1),
    "list_commands": ("list_commands", 0, 0),
    "quit": ("quit", 0, 0),
    "games": ("games", 0, 0),
    "game": ("game [NAME [KEY=VALUE | --OPTION VALUE..]]", 0, None),
    "options": ("options", 0, 0),
    "boardsize": ("boardsize WIDTH [HEIGHT]", 1, 2),
    "clear_board": ("clear_board", 0, 0),
    "position": ("position", 0, 0),
    "setposition": ("setposition POSITION", 1, None),
    "showboard": ("showboard", 0, 0),
    "moves": ("moves", 0, 0),
    "legal_moves": ("legal_moves [MOVE..]", 0, None),
    "play": ("play [PLAYER] MOVE", 1, 2),
    "genmove": ("genmove [PLAYER]", 0, 1),
    "chance": ("chance", 0, 0),
    "undo": ("undo", 0, 0),
    "outcome": ("outcome", 0, 0),
    "view": ("view PLAYER", 1, 1),
    "value": ("value", 0, 0),
    "values": ("values", 0, 0),
    "solve": ("solve", 0, 0),
    "strategy": ("strategy [NAME [ARGUMENTS..]]", 0, None),
    "seed": ("seed N", 1, 1),
}


class Engine:
    """One protocol session: a game variant, its position, a strategy and a seeded rng."""

    def __init__(self, game: Game | None = None, strategy: list[str] | None = None, seed: int = 0,
                 log: TextIO | None = None) -> None:
        from gamesman.contract.registry import make_game

        self.seed = seed
        self.rng = random.Random(seed)
        self.log = log
        self.strategy_words = list(strategy or DEFAULT_STRATEGY)
        self.finished = False
        self._install_game(game or make_game(DEFAULT_GAME))
        if strategy:
            self._strategy()

    def _install_game(self, game: Game) -> None:
        self.game = game
        self._solver: Solver | None = None
        self._built_strategy: Strategy | None = None
        self._clear()

    def _start_game(self, game: Game) -> str:
        """Switch to ``game``; the strategy is kept when it applies.  One that plays the game
        but not this variant (too large to solve) gives way to the game's search player;
        another game's strategy, to the default.

        Returns "" or a line saying the strategy was replaced, and why.
        """
        self._install_game(game)
        if self.strategy_words == DEFAULT_STRATEGY:
            return ""
        try:
            self._strategy()
        except (CommandError, GameError) as problem:
            from gamesman.players.strategies import strategies_for

            old = " ".join(self.strategy_words)
            self.strategy_words = list(DEFAULT_STRATEGY)
            if old.split()[0].lower() in strategies_for(game):  # it plays this game, not this variant
                self.strategy_words = [game.search_strategy]  # (too large): the search player, as in the shell
                try:
                    self._strategy()
                except (CommandError, GameError):
                    self.strategy_words = list(DEFAULT_STRATEGY)
            return (f"strategy {old} does not apply ({one_line(problem)}); "
                    f"the strategy is now {' '.join(self.strategy_words)}")
        return ""

    def _clear(self) -> None:
        self.position: Hashable = self.game.start()
        self.history: list[Hashable] = []
        self.view: str | None = None  # a player's view, when setposition gave one
        self.legal: list[str] | None = None  # the last legal_moves

    # -- the session ----------------------------------------------------------------------
    def serve(self, source: BinaryIO, sink: BinaryIO) -> int:
        """Answer commands from ``source`` until ``quit`` or end of input; returns 0 (1 when
        ``sink`` stops taking replies: closed, or full)."""
        while not self.finished:
            raw = source.readline(LINE_LIMIT + 1)
            if not raw:
                break
            too_long = len(raw) > LINE_LIMIT and not raw.endswith(b"\n")
            rest = raw
            while too_long and rest and not rest.endswith(b"\n"):
                rest = source.readline(LINE_LIMIT + 1)
            reply = self.handle_line(raw, too_long)
            if reply is None:
                continue
            try:
                sink.write(reply)
                sink.flush()
            except (OSError, ValueError):
                return 1  # the output is closed or full: no one reads the replies
        return 0

    def handle_line(self, raw: bytes, too_long: bool = False) -> bytes | None:
        """The reply to one input line (None for a blank or comment line).

        The comment is cut from the raw bytes first: it gets no reply whatever it
        holds, and it does not count towards the length limit.
        """
        command, comment, _ = raw.partition(b"#")
        if comment:
            too_long = False  # the command ends before the limit
        found = _LEADING_ID.match(command)
        command_id = found.group(1).decode() if found else None
        try:
            text = command.decode("utf-8")
        except UnicodeDecodeError as problem:
            if too_long and problem.start >= LINE_LIMIT - 3:  # a character cut at the limit
                text = command[:problem.start].decode("utf-8")
            else:
                message = f"input is not UTF-8 text (byte {problem.start + 1} of the line)"
                return format_reply(False, command_id, message)
        line = clean_line(text)
        if not line:
            return None
        if too_long:
            return format_reply(False, command_id, f"line too long: a command line has at most {LINE_LIMIT} bytes")
        command_id, name, args = split_command(line)
        if name is None:
            return format_reply(False, command_id, "no command after the id")
        ok, answer = self.execute(name, args)
        return format_reply(ok, command_id, answer)

    def execute(self, name: str, args: list[str]) -> tuple[bool, str]:
        """Run one command: ``(True, result)`` or ``(False, message)``; failures change nothing."""
        name = name.lower()
        if name not in COMMANDS:
            return False, "unknown command"
        usage, least, most = COMMANDS[name]
        if len(args) < least or (most is not None and len(args) > most):
            return False, f"syntax error: usage: {usage}"
        handler: Callable[[list[str]], str] = getattr(self, "cmd_" + name)
        try:
            return True, handler(args)
        except IllegalMove as problem:
            return False, "illegal move: " + one_line(problem)
        except (CommandError, GameError) as problem:
            return False, one_line(problem)
        except Exception as problem:  # a bug must not end the session
            return False, one_line(f"internal error: {type(problem).__name__}: {problem}")

    # -- helpers --------------------------------------------------------------------------
    def _player(self, word: str) -> int:
        """The player a word names: a player name (any case), or GTP's black/white."""
        names = [name.lower() for name in self.game.player_names]
        lowered = word.lower()
        if lowered in names:
            return names.index(lowered)
        if lowered in GTP_COLOURS and self.game.players >= 2:
            return GTP_COLOURS[lowered]
        raise CommandError(f"{word!r} is not a player of {self.game.name} "
                           f"(players: {' '.join(self.game.player_names)})")

    def _check_turn(self, word: str, position: Hashable) -> None:
        player, mover = self._player(word), self.game.to_move(position)
        if player != mover:
            raise CommandError(f"it is {self.game.player_name(mover)}'s turn, not {self.game.player_name(player)}'s")

    def _full_position(self, command: str) -> Hashable:
        if self.view is not None:
            raise CommandError(f"{command} needs a full position, and this is a player's view "
                               "(send setposition with a position, or clear_board)")
        return self.position

    def _advance(self, after: Hashable) -> None:
        self.history.append(self.position)
        self.position = after

    def _solver_for_game(self) -> Solver:
        from gamesman.solver.database import answers_exactly
        from gamesman.solver.strong import Solver

        if self._solver is None:
            if not answers_exactly(self.game):
                raise CommandError(f"{self.game.name}: {self.game.spec} is too large to solve; use a search strategy")
            self._solver = Solver(self.game)
        return self._solver

    def _estimate(self, position: Hashable) -> tuple[str, str, str]:
        """What a search finds at ``position`` of a variant too large to solve.

        ``(search, move, reason)``: the search (the session's strategy when it
        searches, else the game's own search player), the move it would play and
        what it found.  Its rng is seeded by the session's seed and the position,
        so asking again gives the same answer and genmove's draws are untouched.
        """
        self._check_searchable(position)
        search = self._searcher(position)
        choice = search.choose(position)
        return search.describe(), self.game.format_move(position, choice.move), one_line(choice.reason)

    def _check_searchable(self, position: Hashable) -> None:
        """A search estimates a player's turn of a game in progress."""
        from gamesman.players.analysis import outcome_label

        game = self.game
        utilities = game.outcome(position)
        if utilities is not None:
            raise CommandError(f"the game is over: {outcome_label(game, utilities)}")
        if game.to_move(position) == CHANCE:
            raise CommandError(f"{game.name}: {game.spec} is too large to solve, and a search estimates "
                               "a player's turn, not a chance node (draw one with chance)")

    def _searcher(self, position: Hashable):
        """The session's strategy if it searches, else the game's own search player,
        seeded by the session's seed and the position."""
        from gamesman.players.strategies import SEARCH_PLAYERS, make_strategy

        game = self.game
        own = self.strategy_words[0].lower()
        preferred = game.search_strategy.split()
        words = self.strategy_words if own in SEARCH_PLAYERS or own == preferred[0] else preferred
        rng = random.Random(f"{self.seed} {game.spec} {game.format_position(position)}")
        return make_strategy(game, words, rng)

    def _note(self, text: str) -> None:
        """One line on the log (stderr): what the engine found, for whoever reads its log."""
        if self.log is not None:
            try:
                self.log.write(one_line(text) + "\n")
                self.log.flush()
            except (OSError, ValueError):
                pass

    def _strategy(self) -> Strategy:
        if self._built_strategy is None:
            self._built_strategy = self._make_strategy(self.strategy_words)
        return self._built_strategy

    def _make_strategy(self, words: list[str]) -> Strategy:
        from gamesman.players.strategies import PerfectPlayer, make_strategy

        strategy = make_strategy(self.game, words, self.rng)
        if isinstance(strategy, PerfectPlayer):
            strategy.solver = self._solver_for_game()  # one solver for value, values and genmove
        return strategy

    def _move_from_view(self, shown_view: str) -> str:
        """A move for the view ``shown_view``: by a strategy that decides from views, else random
        among ``legal_moves``."""
        strategy = self._strategy()
        if strategy.decides_from_views:
            view = self.game.parse_view(shown_view)
            choice = strategy.decide(view)
            move = self.game.format_move(view, choice.move)
            self._note(f"genmove {move}: {strategy.describe()}: {choice.reason}")
            return move
        if strategy.searches_positions:
            position = hidden_information(self.game).sample_position(self.game.parse_view(shown_view), self.rng)
            choice = strategy.choose(position)
            move = self.game.format_move(position, choice.move)
            self._note(f"genmove {move}: {strategy.describe()}: {choice.reason}")
            return move
        if not self.legal:
            raise CommandError("no legal moves known for this view (send legal_moves after setposition)")
        move = self.rng.choice(self.legal)
        self._note(f"genmove {move}: random among the {len(self.legal)} legal moves of the view")
        return move

    def _draw_chance(self, position: Hashable) -> str:
        from gamesman.players.play import random_outcome

        outcome = random_outcome(self.game, position, self.rng)
        text = self.game.format_move(position, outcome)
        self._advance(self.game.play(position, outcome))
        return text

    # -- GTP's administrative commands ---------------------------------------------------
    def cmd_protocol_version(self, args: list[str]) -> str:
        return "2"

    def cmd_name(self, args: list[str]) -> str:
        return "gamesman"

    def cmd_version(self, args: list[str]) -> str:
        from gamesman import __version__

        return __version__

    def cmd_known_command(self, args: list[str]) -> str:
        return "true" if args[0].lower() in COMMANDS else "false"

    def cmd_list_commands(self, args: list[str]) -> str:
        return "\n".join(COMMANDS)

    def cmd_quit(self, args: list[str]) -> str:
        self.finished = True
        return ""

    # -- the game ---------------------------------------------------------------------------
    def cmd_games(self, args: list[str]) -> str:
        from gamesman.contract.registry import game_class, game_names

        return "\n".join(f"{name} {game_class(name).title}" for name in game_names())

    def cmd_game(self, args: list[str]) -> str:
        from gamesman.contract.registry import game_from_spec

        if not args:
            return self.game.spec
        if len(args) == 1 and "(" in args[0]:
            game = game_from_spec(args[0])
        else:
            split = split_arguments(args, {})
            if split.positionals:
                raise CommandError(f"{split.game.name}: {shown(split.positionals[0])!r} is not key=value "
                                   "or an option flag")
            game = split.game
        note = self._start_game(game)
        return game.spec + ("\n" + note if note else "")

    def cmd_options(self, args: list[str]) -> str:
        from gamesman.contract.options import format_value

        return "\n".join(
            f"{option.name}={format_value(self.game.settings[option.name])}  {option.help} "
            f"({option.allowed()}; default {format_value(option.default)})"
            for option in self.game.options)

    def cmd_boardsize(self, args: list[str]) -> str:
        numbers = [digits_value(word) for word in args]
        for word, number in zip(args, numbers):
            if number is None:
                raise CommandError(f"unacceptable size: {shown(word)!r} is not a whole number")
        width, height = numbers[0], numbers[-1]
        names = self.game.board_size_options
        if len(names) == 1:
            if width != height:
                raise CommandError(f"unacceptable size: {self.game.name} boards are square "
                                   f"(one size option), not {width}x{height}")
            sizes = {names[0]: width}
        elif len(names) == 2:
            sizes = {names[0]: width, names[1]: height}
        else:
            raise CommandError(f"unacceptable size: {self.game.name} has no board size option")
        try:
            game = type(self.game)(**{**self.game.settings, **sizes})
        except GameError as problem:
            raise CommandError(f"unacceptable size: {one_line(problem)}") from None
        return self._start_game(game)

    # -- positions --------------------------------------------------------------------------
    def cmd_clear_board(self, args: list[str]) -> str:
        self._clear()
        return ""

    def cmd_position(self, args: list[str]) -> str:
        return self.view if self.view is not None else self.game.format_position(self.position)

    def cmd_setposition(self, args: list[str]) -> str:
        text = " ".join(args)
        view = None
        try:
            position = self.game.parse_position(text)
        except GameError as problem:
            if not self.game.capabilities.hidden_information:
                raise
            try:
                self.game.parse_view(text)
            except GameError as view_problem:
                raise CommandError(f"not a position: {one_line(problem)}; "
                                   f"not a view: {one_line(view_problem)}") from None
            position, view = self.game.start(), text
        self.position, self.history, self.view, self.legal = position, [], view, None
        return ""

    def cmd_showboard(self, args: list[str]) -> str:
        return "\n" + (self.view if self.view is not None else self.game.render(self.position))

    def cmd_moves(self, args: list[str]) -> str:
        if self.view is not None:
            if self.legal is None:
                raise CommandError("the moves of a view are not known here (send legal_moves after setposition)")
            return " ".join(self.legal)
        position = self.position
        return " ".join(self.game.format_move(position, move) for move in self.game.legal_moves(position))

    def cmd_legal_moves(self, args: list[str]) -> str:
        self.legal = list(args)
        return ""

    # -- moves ------------------------------------------------------------------------------
    def cmd_play(self, args: list[str]) -> str:
        position = self._full_position("play")
        if len(args) == 2:
            self._check_turn(args[0], position)
        move = self.game.parse_move(position, args[-1])
        self._advance(self.game.play(position, move))
        return ""

    def cmd_genmove(self, args: list[str]) -> str:
        from gamesman.players.analysis import outcome_label

        if self.view is not None:
            if args:
                self._player(args[0])
            return self._move_from_view(self.view)
        position = self.position
        utilities = self.game.outcome(position)
        if utilities is not None:
            if args:
                self._player(args[0])
            self._note(f"genmove {RESIGN}: the game is over ({outcome_label(self.game, utilities)})")
            return RESIGN
        if args:
            self._check_turn(args[0], position)
        if self.game.to_move(position) == CHANCE:
            return self._draw_chance(position)
        strategy = self._strategy()
        choice = strategy.choose(position)
        text = self.game.format_move(position, choice.move)
        self._advance(self.game.play(position, choice.move))
        self._note(f"genmove {text}: {strategy.describe()}: {choice.reason}")
        return text

    def cmd_chance(self, args: list[str]) -> str:
        position = self._full_position("chance")
        if self.game.outcome(position) is not None:
            raise CommandError("the game is over")
        mover = self.game.to_move(position)
        if mover != CHANCE:
            raise CommandError(f"not a chance node: it is {self.game.player_name(mover)}'s turn")
        return self._draw_chance(position)

    def cmd_undo(self, args: list[str]) -> str:
        if not self.history:
            raise CommandError("cannot undo")
        self.position = self.history.pop()
        return ""

    # -- what the position is worth -------------------------------------------------------
    def cmd_outcome(self, args: list[str]) -> str:
        from gamesman.players.analysis import outcome_label
        from gamesman.contract.options import fmt

        utilities = self.game.outcome(self._full_position("outcome"))
        if utilities is None:
            return "none"
        return f"{outcome_label(self.game, utilities)}: " + " ".join(fmt(u) for u in utilities)

    def cmd_view(self, args: list[str]) -> str:
        position = self._full_position("view")
        return self.game.view(position, self._player(args[0]))

    def cmd_value(self, args: list[str]) -> str:
        from gamesman.solver.database import answers_exactly

        position = self._full_position("value")
        if not answers_exactly(self.game):
            search, _, reason = self._estimate(position)
            return f"estimate by {search}: {reason}"
        return str(self._solver_for_game().result(position))

    def cmd_values(self, args: list[str]) -> str:
        from gamesman.solver.database import answers_exactly

        position = self._full_position("values")
        if not answers_exactly(self.game):
            from gamesman.players.strategies import estimate

            self._check_searchable(position)
            search = self._searcher(position)
            found = estimate(search, position)
            game = self.game
            lines = [f"{game.format_move(position, move)} estimate {one_line(text)}" for move, text in found.rows]
            lines += [f"{game.format_move(position, move)} not rated" for move in found.unrated]
            return "\n".join(lines + [f"(estimates by {search.describe()}{', ' + found.spent if found.spent else ''})"])
        rows = self._solver_for_game().move_results(position)
        return "\n".join(f"{self.game.format_move(position, move)} {result}" for move, result in rows)

    def cmd_solve(self, args: list[str]) -> str:
        return str(self._solver_for_game().result(self.game.start()))

    # -- the engine's own play --------------------------------------------------------------
    def cmd_strategy(self, args: list[str]) -> str:
        if not args:
            return self._strategy().describe()
        self._built_strategy = self._make_strategy(args)
        self.strategy_words = list(args)
        return self._built_strategy.describe()

    def cmd_seed(self, args: list[str]) -> str:
        seed = digits_value(args[0], signed=True)
        if seed is None:
            raise CommandError(f"seed needs a whole number, not {shown(args[0])!r}")
        self.seed = seed
        self.rng.seed(self.seed)
        return ""


# -- the command line -----------------------------------------------------------------------

#: The flags of ``gamesman protocol`` beside the game's options (True: the flag takes a value).
OWN_FLAGS = {"--strategy": True, "--seed": True}



def main(argv: list[str] | None = None) -> int:
    """``gamesman protocol [GAME [options]] [--strategy S] [--seed N]``: serve stdin/stdout."""
    argv = sys.argv[1:] if argv is None else list(argv)
    split = split_arguments(argv, OWN_FLAGS, DEFAULT_GAME)
    split.refuse_positionals("protocol [GAME [options]] [--strategy S] [--seed N]")
    strategy = str(split.last("--strategy")).split() if split.last("--strategy") is not None else None
    seed = split.number("--seed", 0)
    if sys.stdout is None or sys.stdin is None:
        return 1  # started with stdout (or stdin) closed: no one to serve
    engine = Engine(split.game, strategy, seed, log=sys.stderr)
    return engine.serve(sys.stdin.buffer, sys.stdout.buffer)
