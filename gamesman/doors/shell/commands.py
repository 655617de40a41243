"""The interactive shell: play, analyse and record games at a prompt.

The command logic lives in :class:`Shell`, which reads one line at a time and
writes plain text, so it can be tested with strings.  Two thin front ends drive
it: a prompt_toolkit one on a terminal (tab completion, persistent history,
colour) and a plain one that reads lines from stdin (pipes, pseudo-terminals
under test with ``GAMESMAN_PLAIN=1`` or ``TERM=dumb``).  Both print the same
text, so a session recorded in one replays in the other.

Environment:
    GAMESMAN_PLAIN=1   plain line mode even on a terminal (no colour, no completion)
    NO_COLOR           no colour
    GAMESMAN_HISTORY   the command-history file (default
                       ``$XDG_DATA_HOME/gamesman/history`` or
                       ``~/.local/share/gamesman/history``)
    GAMESMAN_SEED      the seed of chance moves and random players when no
                       ``--seed`` is given (default: a fresh random seed)
"""
from __future__ import annotations

import os
import random
import shlex
import signal
import sys
import threading
from contextlib import contextmanager
from dataclasses import dataclass
from types import FrameType
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Iterator

from gamesman.contract.errors import GameError

if TYPE_CHECKING:
    from gamesman.players.strategies import Estimate, Strategy
    from gamesman.solver.strong import Solver

#: Automatic moves (computer, chance) played in one go before the shell stops to ask.
MOVE_LIMIT = 500
#: Seconds between the progress reports of a search player (which cannot report itself).
SEARCH_TICK = 0.1

GREETING = "gamesman: type help for the commands, games for the games, quit to leave."


@dataclass(frozen=True)
class Step:
    """One entry of a game's history: the position reached and how."""

    position: Hashable
    move: str | None = None  # the move as text; None for the starting position
    mover: int | None = None  # the player who moved (CHANCE for a chance outcome)
    by: str = ""  # the computer strategy that chose it; "" for a person


@dataclass(frozen=True)
class Command:
    usage: str
    summary: str
    details: str = ""


COMMANDS: dict[str, Command] = {
    "new": Command("new GAME [flags] [--seed N]",
                   "start a game; the flags choose the variant (see options)",
                   "Example: new nim --heaps 4 --misere.  A flag's allowed values are listed by\n"
                   "`options` once the game is on, and by `help GAME`.  `new` alone restarts the\n"
                   "current variant."),
    "again": Command("again", "start the current variant again (computer players stay)"),
    "moves": Command("moves", "the legal moves here, as you type them"),
    "undo": Command("undo", "take back your last move (and the computer's reply)"),
    "redo": Command("redo", "play again what undo took back"),
    "history": Command("history", "the moves of this game so far"),
    "position": Command("position", "the position as its canonical string"),
    "set": Command("set POSITION", "continue from a position string, e.g. set (x x-- -o- ---)"),
    "show": Command("show", "draw the board again"),
    "value": Command("value", "what the position is worth for the player to move"),
    "values": Command("values", "every legal move with its value and remoteness, best first",
                      "Values are for the player making the move: win, lose, tie or draw,\n"
                      "with the remoteness (moves to the end under perfect play)."),
    "hint": Command("hint", "the best moves here"),
    "predictions": Command("predictions on|off", "show or hide the prediction under the board"),
    "computer": Command("computer SIDE STRATEGY", "let the computer play a side (or both)",
                        "SIDE is a player's name or both; STRATEGY is one of the strategies below,\n"
                        "e.g. computer o perfect, computer x imperfect 0.8, computer both random.\n"
                        "computer SIDE off (or human SIDE) gives the side back to a person."),
    "human": Command("human SIDE", "a person plays SIDE (or both) again"),
    "auto": Command("auto [STRATEGY]", "watch the computer play this game to its end",
                    "Sides without a computer player use STRATEGY (default: perfect, or a\n"
                    "search player when the variant is too large to solve).  Ctrl-C stops."),
    "seed": Command("seed [N]", "show or fix the seed of chance moves and random players"),
    "games": Command("games", "the games this shell knows"),
    "options": Command("options", "the current variant's options, values and flags"),
    "rules": Command("rules", "the rules of the current game"),
    "record": Command("record FILE | record off", "save this session as a transcript",
                      "The transcript holds the whole session from the start of the shell, so\n"
                      "it replays on its own; it grows until record off or quit.  Put it in\n"
                      "transcripts/ and pytest replays it.  record alone says where it goes."),
    "help": Command("help [COMMAND|GAME]", "this list, or more about one command or game"),
    "quit": Command("quit", "leave the shell (so does Ctrl-D)"),
}
ALIASES = {"exit": "quit", "board": "show", "?": "help"}


def _number(value: float) -> str:
    """A utility as people write it: 1, -1, 0.5, 0.962613."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def _phrase_utilities(game, utilities: Iterable[float], expected: bool) -> str:
    utilities = list(utilities)
    if len(utilities) == 1:
        return ("expected utility " if expected else "utility ") + _number(utilities[0])
    pairs = ", ".join(f"{game.player_name(i)} {_number(u)}" for i, u in enumerate(utilities))
    return ("expected utilities " if expected else "utilities ") + pairs


def describe_result(game, position: Hashable, result) -> str:
    """A solver result in words, for the player to move: ``x should win in 5``."""
    if result.value is None:
        return _phrase_utilities(game, result.utilities or (), game.has_chance)
    value, remoteness = result.value.value, result.remoteness
    if game.players == 1:
        if value == "win":
            return "solved already" if remoteness == 0 else f"solvable in {remoteness}"
        return "cannot be solved from here"
    who = game.player_name(game.to_move(position))
    if value == "draw":
        return "the game is a draw (play never ends)"
    if value == "tie":
        return f"the game is a tie in {remoteness}"
    return f"{who} should {value} in {remoteness}"


def announce(game, utilities: tuple[float, ...]) -> str:
    """The end of a game in words: the winner, a tie, and scores that are not just +-1.

    A one-player game whose utility is 1 or 0 (a target reached or not) was won
    or lost; any other utility is the player's score.
    """
    names = [game.player_name(i) for i in range(len(utilities))]
    best = max(utilities)
    if len(utilities) == 1:
        return {1: "won", 0: "lost"}.get(best, f"score {_number(best)}")
    if all(u == best for u in utilities):
        verdict = "the game is a tie"
    else:
        winners = [name for name, u in zip(names, utilities) if u == best]
        verdict = f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}"
    plain = set(utilities) <= {-1, 0, 1} and len(set(utilities)) <= 2  # just winners and losers
    if not plain:
        verdict += " (scores: " + ", ".join(f"{n} {_number(u)}" for n, u in zip(names, utilities)) + ")"
    return verdict


def spent(found: "Estimate") -> str:
    """`` (1,000 iterations, 1,001 nodes)``: what a search spent, if it says."""
    return f" ({found.spent})" if found.spent else ""


def strategy_table() -> dict:
    """The registered strategies, search players included when they are installed."""
    import importlib

    try:
        importlib.import_module("gamesman.players.search")
    except ModuleNotFoundError:
        pass
    from gamesman.players.strategies import STRATEGIES

    return STRATEGIES


def history_path() -> str:
    """Where the command history lives across sessions."""
    if os.environ.get("GAMESMAN_HISTORY"):
        return os.environ["GAMESMAN_HISTORY"]
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "gamesman", "history")


def default_seed() -> int:
    """The seed to start with: ``$GAMESMAN_SEED``, else a fresh random one."""
    try:
        return int(os.environ.get("GAMESMAN_SEED", ""))
    except ValueError:
        return random.SystemRandom().randrange(1_000_000)


def split_seed(words: list[str]) -> tuple[list[str], int | None]:
    """``GAME [flags]`` words without the shell's ``--seed N``, and N.

    ``--seed`` may come before the game's name; after it, it is the shell's
    unless the game has a seed option of its own.
    """
    from gamesman.contract.registry import game_class

    at = 0
    while at < len(words) and words[at].startswith("--seed"):
        at += 1 if "=" in words[at] else 2
    _, seed = take_seed(words[:at])
    rest = words[at:]
    if rest and not any(o.name == "seed" for o in game_class(rest[0]).options):
        flags, later = take_seed(rest[1:])
        rest = rest[:1] + flags
        if later is not None and seed is not None:
            raise GameError("--seed given twice")
        seed = later if later is not None else seed
    return rest, seed


def take_seed(words: list[str]) -> tuple[list[str], int | None]:
    """``words`` without ``--seed N`` (or ``--seed=N``), and N."""
    rest: list[str] = []
    seed = None
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "--seed" or word.startswith("--seed="):
            if "=" in word:
                text = word.partition("=")[2]
            elif index < len(words):
                text = words[index]
                index += 1
            else:
                raise GameError("--seed needs a whole number")
            if seed is not None:
                raise GameError("--seed given twice")
            try:
                seed = int(text)
            except ValueError:
                raise GameError(f"--seed must be a whole number, not {text!r}") from None
        else:
            rest.append(word)
    return rest, seed


class Shell:
    """The shell's state and commands; ``execute(line)`` runs one input line.

    Output goes through ``write`` (text with newlines).  ``run(line)`` also
    returns that line's output, for tests.  Every input line and its output is
    kept in ``log``, the session as a transcript shows it.
    """

    def __init__(self, write: Callable[[str], None] | None = None, seed: int | None = None,
                 colour: Callable[[str, str], str] | None = None, argv: Iterable[str] = ()) -> None:
        self.write = write or sys.stdout.write
        self.colour = colour
        if seed is None:
            seed = default_seed()
        self.seed = self.initial_seed = seed
        self.rng = random.Random(seed)
        self.argv = list(argv)
        self.game = None
        self.history: list[Step] = []
        self.redo_stack: list[list[Step]] = []
        self.computers: dict[int, Strategy] = {}
        self.predictions = True
        self.solver = None
        self.progress = None
        self.show_progress = True  # a progress line for solves that take more than a second
        self.line_cleared = False  # a progress line was erased: the cursor is at a line's start
        self.finished = False
        self.log: list[tuple[bool, str]] = []  # (typed: a prompt and its input, or a Ctrl-C; text)
        self.record_file = None
        self.record_path = ""
        self._logging = True
        self._captured: list[str] | None = None
        self.interrupts = Interrupts()
        self.estimates: dict[tuple, tuple[str, Estimate]] = {}  # (seed, spec, position): (search, estimate)

    # -- output ---------------------------------------------------------------
    def say(self, text: str = "", kind: str = "") -> None:
        """Print lines of output (``kind`` picks a colour on a terminal)."""
        for line in text.split("\n"):
            self._log(line)
            if kind == "board":
                shown = paint(line, self.game.render_colours) if self.colour else line
            else:
                shown = self.colour(line, kind) if self.colour and kind else line
            self.write(shown + "\n")
            if self._captured is not None:
                self._captured.append(line)
        if self.write == sys.stdout.write:
            sys.stdout.flush()

    def _log(self, line: str, typed: bool = False) -> None:
        """Keep a line of the session (``typed``: a prompt and what was typed after it)."""
        if self._logging:
            self.log.append((typed, line))
            if self.record_file is not None:
                self.record_file.write(transcript_line(typed, line) + "\n")
                self.record_file.flush()

    def greet(self) -> None:
        self.say(GREETING)

    def prompt(self) -> str:
        """``tictactoe x> `` while a game is on, ``tictactoe> `` at its end."""
        if self.game is None:
            return "gamesman> "
        position = self.position
        if self.game.outcome(position) is not None or self.game.players == 1:
            return f"{self.game.name}> "
        return f"{self.game.name} {self.game.player_name(self.game.to_move(position))}> "

    # -- running lines ----------------------------------------------------------
    def run(self, line: str) -> str:
        """Execute one line and return what it printed (without the prompt)."""
        self._captured = []
        try:
            self.execute(line)
            return "\n".join(self._captured) + ("\n" if self._captured else "")
        finally:
            self._captured = None

    def execute(self, line: str, prompt: str | None = None) -> None:
        """Run one input line as typed after ``prompt``; errors print one line, never raise.

        KeyboardInterrupt is left to the front end (it cancels the command).
        """
        words = line.split()
        is_record = bool(words) and words[0].lower() == "record"
        self._logging = not is_record
        try:
            self._log((self.prompt() if prompt is None else prompt) + line, typed=True)
            if not words or words[0].startswith("#"):
                return
            self.dispatch(line, words)
        except GameError as problem:
            self.say(str(problem), "error")
        except KeyboardInterrupt:
            raise
        except Exception as problem:  # the shell never dies of a bug: one line, then go on
            if os.environ.get("GAMESMAN_DEBUG"):
                raise
            self.say(f"internal error: {type(problem).__name__}: {problem}", "error")
        finally:
            self._logging = True

    def interrupted(self) -> None:
        """Ctrl-C cancelled the running command."""
        self.after_interrupt()
        self.say("interrupted", "error")

    def after_interrupt(self) -> None:
        """Note a Ctrl-C in the session (a transcript writes it as a ``^C`` line, as the
        terminal shows it), and start a new line on a terminal (the terminal echoed ^C
        there) unless a progress line was just erased, leaving the cursor at the line's start."""
        self._log("^C", typed=True)
        if not self.line_cleared and self.write == sys.stdout.write and sys.stdout.isatty():
            self.write("\n")
        self.line_cleared = False

    def cancel_line(self, prompt: str, newline: bool) -> None:
        """Ctrl-C at ``prompt`` dropped the line being typed (``newline``: end the prompt's line)."""
        self._log(prompt + "^C", typed=True)
        if newline:
            self.write("\n")

    def end_of_input(self, prompt: str) -> None:
        """Ctrl-D (or the end of piped input) at ``prompt``."""
        self._log(prompt + "^D", typed=True)
        self.write("\n")
        self.close()

    def close(self) -> None:
        self.finished = True
        if self.record_file is not None:
            self.record_file.close()
            self.record_file = None

    def dispatch(self, line: str, words: list[str]) -> None:
        name = ALIASES.get(words[0].lower(), words[0].lower())
        if name in COMMANDS:
            getattr(self, "do_" + name)(words[1:], line)
        elif self.game is None:
            raise GameError(f"unknown command {words[0]!r} (type help for the commands)")
        elif len(words) > 1:
            raise GameError(f"unknown command {words[0]!r} (moves have no spaces; type help for the commands)")
        else:
            self.human_move(words[0])

    # -- state helpers ----------------------------------------------------------
    @property
    def position(self) -> Hashable:
        return self.history[-1].position

    def need_game(self) -> None:
        if self.game is None:
            raise GameError("no game yet: type new GAME (games lists them)")

    def over(self) -> tuple[float, ...] | None:
        return self.game.outcome(self.position)

    def push(self, step: Step) -> None:
        self.history.append(step)
        self.redo_stack.clear()

    def side_is_human(self, player: int) -> bool:
        from gamesman.contract.game import CHANCE

        return player != CHANCE and player not in self.computers

    def stops_here(self, position: Hashable) -> bool:
        """Whether undo may stop at ``position``: a person is to move there."""
        from gamesman.contract.game import CHANCE

        player = self.game.to_move(position)
        if all(not self.side_is_human(p) for p in range(self.game.players)):
            return player != CHANCE
        return self.side_is_human(player)

    def get_solver(self) -> "Solver":
        if self.solver is None:
            from gamesman.solver.strong import Solver

            self.solver = Solver(self.game, progress=self._report)
        return self.solver

    def _report(self, stage: str, done: int, total: int | None = None) -> None:
        if self.progress is not None:
            self.progress(stage, done, total)

    def solving(self, work: Callable[[], object]) -> object:
        """Run ``work`` with a progress line for long solves."""
        from gamesman.contract.progress import Progress

        self.progress = Progress(f"solving {self.game.spec}") if self.show_progress else None
        try:
            return work()
        finally:
            if self.progress is not None:
                self.progress.finish()
                self.line_cleared = self.progress.shown
            self.progress = None

    def thinking(self, strategy: "Strategy", work: Callable[[], object]) -> object:
        """Run ``work`` (a computer player's move or estimate) with progress for long ones.

        A solver-backed player reports its solve; a search player cannot report,
        so a background thread shows the nodes it has searched (when it counts
        them) and the time.
        """
        from gamesman.players.strategies import PerfectPlayer
        from gamesman.contract.progress import Progress

        if isinstance(strategy, PerfectPlayer) or not self.show_progress:
            return self.solving(work)
        progress = Progress(f"{strategy.describe()} on {self.game.spec}")
        done = threading.Event()

        def tick() -> None:
            while not done.wait(SEARCH_TICK):
                progress("searched nodes", strategy.nodes)

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            return work()
        finally:
            done.set()
            ticker.join()
            progress.finish()
            self.line_cleared = progress.shown

    def searcher(self, rng: random.Random | None = None) -> "Strategy":
        """The game's own search player (``search_strategy``), for variants too large to solve."""
        from gamesman.players.strategies import make_strategy

        name = self.game.search_strategy
        if name not in strategy_table():
            raise GameError(f"{self.game.name}: this variant is too large to solve, and its search player "
                            f"{name!r} is not installed")
        return make_strategy(self.game, [name], rng or self.rng)

    def estimate(self) -> tuple[str, "Estimate"]:
        """The search player's estimate of the current position, searched once per position.

        The search is seeded by the shell's seed and the position, so value, values
        and hint agree, and asking again gives the same answer.
        """
        from gamesman.players.strategies import estimate

        position = self.position
        key = (self.seed, self.game.spec, position)
        if key not in self.estimates:
            text = self.game.format_position(position)
            strategy = self.searcher(random.Random(f"{self.seed} {self.game.spec} {text}"))
            found = self.thinking(strategy, lambda: estimate(strategy, position))
            self.estimates[key] = (strategy.describe(), found)
        return self.estimates[key]

    def exact(self) -> bool:
        """Whether the solver answers for this variant (else a search player estimates)."""
        from gamesman.solver.database import answers_exactly

        return answers_exactly(self.game)

    def make_player(self, words: list[str]) -> "Strategy":
        """A strategy from words; perfect-like players share the shell's solver."""
        from gamesman.players.strategies import PerfectPlayer, make_strategy

        strategy_table()
        strategy = make_strategy(self.game, words, self.rng)
        if isinstance(strategy, PerfectPlayer):
            strategy.solver = self.get_solver()
        return strategy

    # -- showing ----------------------------------------------------------------
    def show(self) -> None:
        """The board, then the end of the game or the prediction.

        A Ctrl-C from the moment the board is drawn until the prediction is
        solved turns predictions off, so it has one outcome wherever it lands.
        """
        game = self.game
        utilities = self.over()
        if utilities is not None or not (self.predictions and self.exact()):
            self.say(game.render(self.position), "board")
            if utilities is not None:
                self.say(f"game over: {announce(game, utilities)}. Type again to play again, or new GAME.",
                         "over")
            return
        try:
            self.say(game.render(self.position), "board")
            result = self.solving(lambda: self.get_solver().result(self.position))
        except KeyboardInterrupt:
            self.interrupts.arm()  # the command goes on, and a later Ctrl-C may cancel it
            self.after_interrupt()
            self.predictions = False
            self.say("Prediction: interrupted; predictions are off (predictions on brings them back)", "error")
            return
        except GameError as problem:
            self.predictions = False
            self.say(f"Prediction: none ({problem}); predictions are off", "error")
            return
        self.say(f"Prediction: {describe_result(game, self.position, result)}", "prediction")

    def play_automatic(self, watch: bool = False, default=None) -> None:
        """Play chance moves and computer moves until a person is to move or the game ends."""
        from gamesman.contract.game import CHANCE
        from gamesman.players.play import random_outcome

        game = self.game
        played = 0
        while self.over() is None:
            position = self.position
            player = game.to_move(position)
            if player == CHANCE:
                outcome = random_outcome(game, position, self.rng)
                text = game.format_move(position, outcome)
                self.push(Step(game.play(position, outcome), text, CHANCE, "chance"))
                self.say(f"chance: {text}")
            else:
                strategy = self.computers.get(player, default)
                if strategy is None:
                    break
                choice = self.thinking(strategy, lambda: strategy.choose(position))
                text = game.format_move(position, choice.move)
                self.push(Step(game.play(position, choice.move), text, player, strategy.describe()))
                reason = choice.reason
                if reason.startswith(text + ": "):
                    reason = reason[len(text) + 2:]
                self.say(f"{game.player_name(player)} plays {text}" + (f": {reason}" if reason else ""))
            played += 1
            if watch and self.over() is None and game.to_move(self.position) != CHANCE:
                self.show()
            if played >= MOVE_LIMIT and self.over() is None:
                self.show()
                self.say(f"stopped after {played} automatic moves (the game may never end); "
                         "auto plays on", "error")
                return
        self.show()

    def begin(self, game, keep_players: bool) -> None:
        if not keep_players:
            self.game = game
            self.solver = None
            self.computers = {}
        self.history = [Step(self.game.start())]
        self.redo_stack = []
        self.say(f"{self.game.title}: {self.game.spec}")
        if not self.exact():
            self.say("(too large to solve: no predictions; value and hint ask a search player)")
        self.play_automatic()

    # -- commands ----------------------------------------------------------------
    def do_new(self, args: list[str], line: str) -> None:
        from gamesman.contract.registry import game_from_flags

        if not args:
            self.need_game()
            self.begin(self.game, keep_players=True)
            return
        words, seed = split_seed(args)
        game = game_from_flags(words[0], words[1:])
        if seed is not None:
            self.set_seed(seed)
        same = self.game is not None and game.spec == self.game.spec
        self.begin(game, keep_players=same)

    def do_again(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("again", args)
        self.begin(self.game, keep_players=True)

    def human_move(self, text: str) -> None:
        game = self.game
        utilities = self.over()
        if utilities is not None:
            raise GameError(f"the game is over ({announce(game, utilities)}): "
                            "type again to play again, or undo")
        position = self.position
        move = game.parse_move(position, text)
        player = game.to_move(position)
        self.push(Step(game.play(position, move), game.format_move(position, move), player))
        self.play_automatic()

    def do_moves(self, args: list[str], line: str) -> None:
        self.need_game()
        moves = self.game.legal_moves(self.position)
        if not moves:
            self.say("no moves: the game is over")
            return
        self.say(" ".join(self.game.format_move(self.position, m) for m in moves))

    def do_undo(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("undo", args)
        stops = [i for i in range(len(self.history) - 1) if self.stops_here(self.history[i].position)]
        if not stops:
            raise GameError("nothing to undo")
        self.redo_stack.append(self.history[stops[-1] + 1:])
        del self.history[stops[-1] + 1:]
        self.show()

    def do_redo(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("redo", args)
        if not self.redo_stack:
            raise GameError("nothing to redo")
        self.history.extend(self.redo_stack.pop())
        self.show()

    def do_history(self, args: list[str], line: str) -> None:
        self.need_game()
        game = self.game
        self.say(f"start {game.format_position(self.history[0].position)}")
        for number, step in enumerate(self.history[1:], start=1):
            who = "chance" if step.by == "chance" else game.player_name(step.mover)
            by = f" ({step.by})" if step.by and step.by != "chance" else ""
            self.say(f"{number:>3}. {who} {step.move}{by}")

    def do_position(self, args: list[str], line: str) -> None:
        self.need_game()
        self.say(self.game.format_position(self.position))

    def do_set(self, args: list[str], line: str) -> None:
        self.need_game()
        text = line.strip().split(None, 1)[1] if args else ""
        if not text:
            raise GameError(f"set needs a position, e.g. set {self.game.format_position(self.game.start())}")
        position = self.game.parse_position(text)
        self.history = [Step(position)]
        self.redo_stack = []
        self.play_automatic()

    def do_show(self, args: list[str], line: str) -> None:
        self.need_game()
        self.show()

    def do_value(self, args: list[str], line: str) -> None:
        self.need_game()
        utilities = self.over()
        if utilities is not None:
            self.say(f"the game is over: {announce(self.game, utilities)}")
        elif self.exact():
            result = self.solving(lambda: self.get_solver().result(self.position))
            self.say(describe_result(self.game, self.position, result))
        else:
            search, found = self.estimate()
            move, text = found.rows[0]
            self.say(f"{self.game.name}: too large to solve; estimate by {search}{spent(found)}: "
                     f"best {self.game.format_move(self.position, move)}, {text}")

    def do_values(self, args: list[str], line: str) -> None:
        self.need_game()
        game = self.game
        if self.over() is not None:
            self.say(f"the game is over: {announce(game, self.over())}")
            return
        position = self.position
        if not self.exact():
            search, found = self.estimate()
            self.say(f"{game.name}: too large to solve; estimates by {search}{spent(found)}, best first:")
            names = [game.format_move(position, move) for move, _ in found.rows]
            width = max([4] + [len(n) for n in names])
            self.say(f"{'move':<{width}}  estimate")
            for name, (_, text) in zip(names, found.rows):
                self.say(f"{name:<{width}}  {text}")
            if found.unrated:
                self.say(f"not rated by {search}: " + " ".join(game.format_move(position, m) for m in found.unrated))
            return
        rows = self.solving(lambda: self.get_solver().move_results(position))
        names = [game.format_move(position, move) for move, _ in rows]
        width = max([4] + [len(n) for n in names])
        if rows and rows[0][1].value is None:
            players = [game.player_name(i) for i in range(game.players)]
            self.say(("expected utilities" if game.has_chance else "utilities") + " after each move, best first:")
            self.say(f"{'move':<{width}}  " + "  ".join(f"{p:>6}" for p in players))
            for name, (_, result) in zip(names, rows):
                self.say(f"{name:<{width}}  " + "  ".join(f"{_number(u):>6}" for u in result.utilities))
            return
        self.say(f"{'move':<{width}}  value  remoteness")
        for name, (_, result) in zip(names, rows):
            remoteness = "-" if result.remoteness is None else str(result.remoteness)
            self.say(f"{name:<{width}}  {result.value.value:<5}  {remoteness}")

    def do_hint(self, args: list[str], line: str) -> None:
        self.need_game()
        game = self.game
        position = self.position
        if self.over() is not None:
            self.say(f"the game is over: {announce(game, self.over())}")
            return
        if not self.exact():
            search, found = self.estimate()
            move, text = found.rows[0]
            self.say(f"hint (estimate by {search}): play {game.format_move(position, move)}: {text}")
            return
        solver = self.get_solver()
        best = self.solving(lambda: solver.best_moves(position))
        result = self.solving(lambda: solver.result(position))
        moves = [game.format_move(position, m) for m in best]
        listed = moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " or " + moves[-1]
        self.say(f"hint: play {listed} ({describe_result(game, position, result)})")

    def do_predictions(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"predictions are {'on' if self.predictions else 'off'}")
            return
        choice = args[0].lower()
        if choice not in ("on", "off") or len(args) > 1:
            raise GameError("predictions takes on or off")
        self.predictions = choice == "on"
        self.say(f"predictions {choice}")
        if self.predictions and self.game is not None and self.over() is None:
            self.show()

    def sides(self, word: str) -> list[int]:
        """The players a SIDE word names: a player's name, its number, or both/all."""
        game = self.game
        lowered = word.lower()
        if lowered in ("both", "all"):
            return list(range(game.players))
        for index in range(game.players):
            if game.player_name(index).lower() == lowered or str(index + 1) == lowered:
                return [index]
        names = ", ".join(game.player_name(i) for i in range(game.players))
        raise GameError(f"{game.name}: no side {word!r} (sides: {names} or both)")

    def do_computer(self, args: list[str], line: str) -> None:
        self.need_game()
        if not args:
            if not self.computers:
                self.say("people play every side")
            for player, strategy in sorted(self.computers.items()):
                self.say(f"{self.game.player_name(player)}: {strategy.describe()}")
            return
        sides = self.sides(args[0])
        if len(args) == 1:
            raise GameError(f"computer {args[0]} needs a strategy ({', '.join(strategy_table())}) or off")
        if args[1].lower() in ("off", "human", "none"):
            self.do_human(args[:1], line)
            return
        for player in sides:
            self.computers[player] = self.make_player(args[1:])
        for player in sides:
            self.say(f"{self.game.player_name(player)}: computer ({self.computers[player].describe()})")
        if self.over() is None and self.game.to_move(self.position) in sides:
            self.play_automatic()

    def do_human(self, args: list[str], line: str) -> None:
        self.need_game()
        if len(args) != 1:
            raise GameError("human takes one side (or both)")
        for player in self.sides(args[0]):
            self.computers.pop(player, None)
            self.say(f"{self.game.player_name(player)}: human")

    def do_auto(self, args: list[str], line: str) -> None:
        self.need_game()
        if self.over() is not None:
            raise GameError(f"the game is over ({announce(self.game, self.over())}): type again to play again")
        if args:
            default = self.make_player(args)
        elif self.exact():
            default = self.make_player(["perfect"])
        else:
            default = self.searcher()
        self.play_automatic(watch=True, default=default)

    def set_seed(self, seed: int) -> None:
        self.seed = seed
        self.rng.seed(seed)

    def do_seed(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"seed {self.seed}")
            return
        _, seed = take_seed(["--seed", *args[:1]])
        if len(args) > 1:
            raise GameError("seed takes one whole number")
        self.set_seed(seed)
        self.say(f"seed {seed}")

    def do_games(self, args: list[str], line: str) -> None:
        from gamesman.contract.registry import game_class, game_names

        names = game_names()
        width = max(len(n) for n in names)
        for name in names:
            try:
                cls = game_class(name)
                text = cls.title + (f"  ({' '.join(o.flag for o in cls.options)})" if cls.options else "")
            except Exception as problem:  # a game being written may not import yet
                text = f"(unavailable: {type(problem).__name__})"
            self.say(f"{name:<{width}}  {text}")

    def do_options(self, args: list[str], line: str) -> None:
        self.need_game()
        self.say(self.game.spec)
        self.list_options(type(self.game), self.game.settings)

    def list_options(self, cls, settings: dict | None) -> None:
        from gamesman.contract.options import describe, format_value

        for option in cls.options:
            now = f"  [now {format_value(settings[option.name])}]" if settings is not None else ""
            self.say(f"  {describe(option)}{now}")
        if not any(o.name == "seed" for o in cls.options):
            self.say("  --seed N  the seed of chance moves and random players (shell only)")

    def do_rules(self, args: list[str], line: str) -> None:
        self.need_game()
        module = sys.modules[type(self.game).__module__]
        self.say((module.__doc__ or self.game.rules or self.game.title).strip())

    def do_record(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"recording to {self.record_path}" if self.record_file else "not recording")
            return
        if args[0].lower() == "off" and len(args) == 1:
            if self.record_file is None:
                raise GameError("not recording")
            self.record_file.close()
            self.record_file = None
            self.say(f"stopped recording; {self.record_path} holds the session")
            return
        path = os.path.expanduser(line.strip().split(None, 1)[1])
        try:
            handle = open(path, "w", encoding="utf-8")
        except OSError as problem:
            raise GameError(f"cannot record to {path}: {problem.strerror}") from None
        if self.record_file is not None:
            self.record_file.close()
        handle.write(self.command_line() + "\n")
        for typed, logged in self.log:
            handle.write(transcript_line(typed, logged) + "\n")
        handle.flush()
        self.record_file, self.record_path = handle, path
        self.say(f"recording to {path} (the whole session so far, then on until record off or quit)")

    def command_line(self) -> str:
        """The ``$ gamesman ...`` line that starts this session again.

        The shell's seed goes before the game's name, where no game can take it
        for an option of its own (the cube's ``--seed`` is its scramble's).
        """
        rest, _ = split_seed(self.argv)
        if self.initial_seed != 0:  # transcripts replay with seed 0 unless told otherwise
            rest = ["--seed", str(self.initial_seed)] + rest
        return "$ gamesman" + (" shell " + " ".join(shlex.quote(w) for w in rest) if rest else "")

    def do_help(self, args: list[str], line: str) -> None:
        if not args:
            width = max(len(c.usage) for c in COMMANDS.values())
            for command in COMMANDS.values():
                self.say(f"  {command.usage:<{width}}  {command.summary}")
            self.say("Type a move as `moves` prints it to play it.  Ctrl-C cancels, Ctrl-D leaves.")
            return
        word = args[0].lower()
        name = ALIASES.get(word, word)
        if name in COMMANDS:
            command = COMMANDS[name]
            self.say(f"{command.usage}: {command.summary}")
            if command.details:
                self.say(command.details)
            if name in ("computer", "auto"):
                for key, (_, text) in strategy_table().items():
                    self.say(f"  {key:<10} {text}")
            return
        from gamesman.contract.registry import game_class, game_names

        if word in game_names():
            cls = game_class(word)
            self.say(f"{cls.title} ({cls.name}): {cls.rules}")
            self.list_options(cls, None)
            return
        raise GameError(f"no help for {args[0]!r} (commands: {', '.join(COMMANDS)})")

    def do_quit(self, args: list[str], line: str) -> None:
        self.close()

    @staticmethod
    def no_arguments(name: str, args: list[str]) -> None:
        if args:
            raise GameError(f"{name} takes no arguments")

    # -- completion ----------------------------------------------------------------
    def completions(self, before_cursor: str) -> list[str]:
        """Words that may complete the last word of ``before_cursor`` (for Tab)."""
        words = before_cursor.split()
        if before_cursor and not before_cursor[-1].isspace() and words:
            current = words.pop()
        else:
            current = ""
        candidates = self.candidates(words, current)
        lowered = current.lower()
        return [c for c in candidates if c.lower().startswith(lowered)]

    def candidates(self, words: list[str], current: str) -> list[str]:
        from gamesman.contract.registry import game_names

        if not words:
            found = list(COMMANDS)
            if self.game is not None and self.over() is None:
                found += [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)]
            return found
        command = ALIASES.get(words[0].lower(), words[0].lower())
        if command == "new":
            if len(words) == 1:
                return game_names()
            return self.flag_candidates(words)
        if command == "help":
            return list(COMMANDS) + game_names() if len(words) == 1 else []
        if command in ("computer", "human") and self.game is not None:
            if len(words) == 1:
                return [self.game.player_name(i) for i in range(self.game.players)] + ["both"]
            if command == "computer" and len(words) == 2:
                return self.strategy_candidates() + ["off"]
            return []
        if command == "auto" and len(words) == 1 and self.game is not None:
            return self.strategy_candidates()
        if command == "predictions" and len(words) == 1:
            return ["on", "off"]
        if command == "record" and len(words) == 1:
            return ["off"]
        if command == "set" and self.game is not None and len(words) == 1:
            return [self.game.format_position(self.position)]
        return []

    def strategy_candidates(self) -> list[str]:
        """The strategies that can play the current variant."""
        from gamesman.players.strategies import applicable_strategies

        strategy_table()
        return applicable_strategies(self.game)

    def flag_candidates(self, words: list[str]) -> list[str]:
        from gamesman.contract.registry import game_class

        try:
            cls = game_class(words[1])
        except GameError:
            return []
        options = {o.flag: o for o in cls.options}
        previous = options.get(words[-1])
        if previous is not None and previous.type is not bool:
            return list(previous.choices or ())
        flags = []
        for option in cls.options:
            flags.append(option.flag)
            if option.type is bool:
                flags.append("--no-" + option.flag[2:])
        return flags + ["--seed"]


# -- transcript text -----------------------------------------------------------------------

def transcript_line(typed: bool, line: str) -> str:
    """A session line as a transcript writes it (output that would be misread becomes a regex)."""
    if typed:
        return line.rstrip()
    from gamesman.testing.transcript import escape_line

    return escape_line(line)


# -- front ends ---------------------------------------------------------------------------

def plain_asked() -> bool:
    """Whether the plain line mode was asked for on a terminal (GAMESMAN_PLAIN=1, TERM=dumb)."""
    return os.environ.get("GAMESMAN_PLAIN", "") not in ("", "0") or os.environ.get("TERM", "") == "dumb"


def plain_terminal() -> bool:
    """Whether to use the plain line mode: no terminal, or asked for."""
    return plain_asked() or not (sys.stdin.isatty() and sys.stdout.isatty())


class Interrupts:
    """Ctrl-C for the front ends: it cancels the running command or the line being
    typed, and never ends the shell.

    Installed as the SIGINT handler, it raises KeyboardInterrupt only while armed
    (during a command, or while a plain line is read).  Raising disarms it, so
    further Ctrl-Cs that land while the first is handled, or between commands while
    the prompt is drawn, are dropped instead of escaping with a traceback.  Code
    that catches a Ctrl-C and carries on with the command calls ``arm()``.

    A Ctrl-C that lands while a module is being imported (the solver's first use
    imports numpy) would leave that module half-imported and broken for the rest
    of the session, so it is put off: the signal is sent again a moment later.
    """

    #: Seconds to wait before trying again a Ctrl-C that landed during an import.
    RETRY = 0.05

    def __init__(self) -> None:
        self.armed = False

    def __call__(self, signum: int, frame: FrameType | None) -> None:
        if not self.armed:
            return
        if importing(frame):
            self.again()
            return
        self.armed = False
        raise KeyboardInterrupt

    def again(self) -> None:
        """Send SIGINT to this process again in a moment."""
        timer = threading.Timer(self.RETRY, os.kill, (os.getpid(), signal.SIGINT))
        timer.daemon = True
        timer.start()

    def arm(self) -> None:
        self.armed = True

    @contextmanager
    def cancellable(self) -> Iterator[None]:
        """Ctrl-C raises KeyboardInterrupt in this block (once)."""
        self.armed = True
        try:
            yield
        finally:
            self.armed = False

    @contextmanager
    def installed(self) -> Iterator[None]:
        """This object handles SIGINT in this block (the main thread's)."""
        previous = signal.signal(signal.SIGINT, self)
        try:
            yield
        finally:
            signal.signal(signal.SIGINT, previous)


def importing(frame: FrameType | None) -> bool:
    """Whether ``frame`` or one of its callers is Python's import machinery."""
    while frame is not None:
        if frame.f_code.co_filename.startswith("<frozen importlib"):
            return True
        frame = frame.f_back
    return False


def run_cancellable(shell: Shell, work: Callable[[], object]) -> None:
    """Run ``work`` (a command); Ctrl-C cancels it and returns to the prompt."""
    try:
        with shell.interrupts.cancellable():
            work()
    except KeyboardInterrupt:
        shell.interrupted()


def plain_loop(shell: Shell) -> None:
    """Read lines from stdin; print the prompt text before each.

    Ctrl-C stays armed from the prompt through the command, so one that arrives
    as a line is read cancels that line or its command, never nothing.
    """
    while not shell.finished:
        prompt = shell.prompt()
        line = None
        try:
            with shell.interrupts.cancellable():
                sys.stdout.write(prompt)
                sys.stdout.flush()
                line = sys.stdin.readline()
                if line:
                    shell.execute(line.rstrip("\r\n"), prompt)
        except KeyboardInterrupt:
            if line is None:
                shell.cancel_line(prompt, newline=True)
            else:
                shell.interrupted()
            continue
        if not line:
            shell.end_of_input(prompt)
            break


ANSI = {"error": "\x1b[31m", "prediction": "\x1b[36m", "over": "\x1b[1m"}


COLOUR_CODES = {"white": "97", "red": "31", "green": "32", "yellow": "93", "orange": "38;5;208",
                "blue": "34", "cyan": "36", "magenta": "35", "black": "90"}


def paint(line: str, colours: dict[str, str]) -> str:
    """A board line with each character the game maps to a colour drawn in that colour."""
    if not colours:
        return line
    return "".join(f"\x1b[{COLOUR_CODES[colours[ch]]}m{ch}\x1b[0m" if ch in colours else ch for ch in line)


def ansi_colour(line: str, kind: str) -> str:
    return ANSI[kind] + line + "\x1b[0m" if kind in ANSI else line


def terminal_loop(shell: Shell) -> None:
    """prompt_toolkit front end: completion, history, a coloured prompt."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.history import FileHistory, InMemoryHistory
    from prompt_toolkit.styles import Style

    class ShellCompleter(Completer):
        def get_completions(self, document, complete_event):
            before = document.text_before_cursor
            current = "" if not before or before[-1].isspace() else before.split()[-1]
            try:
                found = shell.completions(before)
            except Exception:  # completion must never break the prompt
                return
            for word in found:
                yield Completion(word, start_position=-len(current))

    path = history_path()
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        history = FileHistory(path)
    except OSError:
        history = InMemoryHistory()
    colour = not os.environ.get("NO_COLOR")
    style = Style.from_dict({"game": "bold", "player": "ansicyan bold", "mark": ""}) if colour else None
    session = PromptSession(history=history, completer=ShellCompleter(), complete_while_typing=False,
                            style=style)
    while not shell.finished:
        prompt = shell.prompt()
        head, _, player = prompt[:-2].partition(" ")
        message = [("class:game", head)] + ([("", " "), ("class:player", player)] if player else []) \
            + [("class:mark", "> ")]
        try:
            # Ctrl-C typed at the prompt is a key (the terminal is raw); a SIGINT that lands
            # now comes from a Ctrl-C typed during the last command and goes to this shell's
            # handler, which drops it (prompt_toolkit's own failed on a second one in a row).
            line = session.prompt(message, handle_sigint=False)
        except KeyboardInterrupt:  # Ctrl-C is a key while the prompt reads
            shell.cancel_line(prompt, newline=False)
            continue
        except EOFError:
            shell.end_of_input(prompt)
            break
        run_cancellable(shell, lambda: shell.execute(line, prompt))


def main(argv: list[str] | None = None) -> int:
    """The shell: ``gamesman`` or ``gamesman shell [GAME [flags]] [--seed N]``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        words, seed = split_seed(argv)
    except GameError as problem:
        print(f"gamesman: {problem}", file=sys.stderr)
        return 2
    plain = plain_terminal()
    colour = None if plain or os.environ.get("NO_COLOR") else ansi_colour
    shell = Shell(seed=seed, colour=colour, argv=argv)
    # A plain terminal gets no progress line: it could not be redrawn without escape codes,
    # and transcripts must not depend on how long a solve takes.
    shell.show_progress = not (plain_asked() and sys.stderr.isatty())
    if words:
        try:
            from gamesman.contract.registry import game_from_flags

            game = game_from_flags(words[0], words[1:])
        except GameError as problem:
            print(f"gamesman: {problem}", file=sys.stderr)
            return 2
    try:
        with shell.interrupts.installed():
            shell.greet()
            if words:
                run_cancellable(shell, lambda: shell.begin(game, keep_players=False))
            if plain:
                plain_loop(shell)
            else:
                terminal_loop(shell)
    finally:
        shell.close()
    return 0
