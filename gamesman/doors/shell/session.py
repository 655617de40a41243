"""The shell's session: the game, its history, the seats, output and the automatic moves."""
from __future__ import annotations

import contextlib
import os
import random
import re
import sys
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, TextIO, TypeVar

from gamesman.contract.capabilities import position_codes, rounds
from gamesman.contract.errors import GameError, shown
from gamesman.contract.options import whole_number
from gamesman.doors.shell.interrupts import Interrupts
from gamesman.doors.shell.wording import announce, describe_result, paint

if TYPE_CHECKING:
    from gamesman.contract.game import Game
    from gamesman.contract.progress import Progress
    from gamesman.contract.strategy import Strategy
    from gamesman.players.strategies import Estimate
    from gamesman.solver.strong import Solver

#: Automatic moves (computer, chance) played in one go before the shell stops to ask.
MOVE_LIMIT = 500
#: Seconds between the progress reports of a search player (which cannot report itself).
SEARCH_TICK = 0.1
#: How long an exact answer that the game searches for on demand (Connect Four 6x7) is waited
#: for before value, values and hint give a search player's estimate instead (``wait on``:
#: however long it takes); the game's own search player then has the rest of its default
#: budget, so that the answer comes within that budget.
EXACT_WAIT = 0.5
#: Positions a solve may explore when the shell starts it by itself (a prediction, value,
#: values, hint), by solver engine: a few seconds of work on two cores (the reference solver,
#: for chance and more players, goes about ten times slower).  A larger variant that is not
#: solved yet waits for ``solve`` or ``predictions on``.
AT_ONCE = {"fast": 2_500_000, "reference": 200_000}

GREETING = "gamesman: type help for the commands, games for the games, quit to leave."
NO_GAME = "no game yet: type new GAME (games lists them)"

#: What a piece of work run under a progress line gives back.
T = TypeVar("T")


@dataclass(frozen=True)
class Step:
    """One entry of a game's history: the position reached and how."""

    position: Hashable
    move: str | None = None  # the move as text; None for the starting position
    mover: int | None = None  # the player who moved (CHANCE for a chance outcome)
    by: str = ""  # the computer strategy that chose it; "" for a person
    ends_round: bool = False  # the move ended a hand or round (``Game.round_summary``)

    def moved(self) -> tuple[str, int]:
        """The move as text and its mover (every step after the start has both)."""
        if self.move is None or self.mover is None:
            raise ValueError("the starting position was not reached by a move")
        return self.move, self.mover


def default_seed() -> int:
    """The seed to start with: ``$GAMESMAN_SEED``, else a fresh random one."""
    try:
        return int(os.environ.get("GAMESMAN_SEED", ""))
    except ValueError:
        return random.SystemRandom().randrange(1_000_000)


def split_seed(words: list[str]) -> tuple["Game | None", list[str], int | None]:
    """The variant ``GAME [options]`` names (None without words), those words without the
    shell's ``--seed N``, and N.

    ``--seed`` may come before the game's name; after it, it is the shell's
    unless the game has a seed option of its own.  The game's options are read
    as every door reads them (``--rows 5`` or ``rows=5``).
    """
    from gamesman.contract.registry import game_class
    from gamesman.doors.arguments import split_arguments

    at = 0
    while at < len(words) and words[at].startswith("--seed"):
        at += 1 if "=" in words[at] else 2
    _, seed = take_seed(words[:at])
    rest = words[at:]
    if not rest:
        return None, rest, seed
    own = {} if any(o.name == "seed" for o in game_class(rest[0]).options) else {"--seed": True}
    split = split_arguments(rest, own)
    split.refuse_positionals("new GAME [options] [--seed N]")
    if "--seed" in split.flags:
        if seed is not None or len(split.flags["--seed"]) > 1:
            raise GameError("--seed given twice")
        seed = split.number("--seed", 0)
        rest = [rest[0]] + take_seed(rest[1:])[0]
    return split.game, rest, seed


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
                seed = whole_number(text)
            except ValueError:
                raise GameError(f"--seed must be a whole number, not {shown(text)!r}") from None
        else:
            rest.append(word)
    return rest, seed



def round_summary(game: "Game", position: Hashable, move: Hashable, after: Hashable) -> str | None:
    """How the hand or round that ``move`` ends came out, for a game played in rounds
    (None for other games, and for a move that ends no round)."""
    return rounds(game).round_summary(position, move, after) if game.capabilities.rounds else None

class Session:
    """The shell's state; ``execute(line)`` runs one input line.

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
        self._game: Game | None = None
        self.history: list[Step] = []
        self.redo_stack: list[list[Step]] = []
        self.computers: dict[int, Strategy] = {}
        self.predictions = True
        self.wait = False  # wait for exact answers searched on demand however long they take
        self.predictions_stopped = False  # turned off by a Ctrl-C or a failure: on again for the next game
        self.solve_all = False  # the variant may be solved however large (``solve``, ``predictions on``)
        self.too_large: str | None = None  # why the variant waits for ``solve`` (a count found it large)
        self.too_large_said = False  # whether ``too_large`` was said in full (then only named)
        self.refused = False  # a line was refused (the piped shell's exit status says so)
        self.playing = False  # automatic moves are being played (a Ctrl-C then redraws the board)
        self.solver: Solver | None = None
        self.progress: Progress | None = None
        self.show_progress = True  # a progress line for solves that take more than a second
        self.line_cleared = False  # a progress line was erased: the cursor is at a line's start
        self.finished = False
        self.log: list[tuple[bool, str]] = []  # (typed: a prompt and its input, or a Ctrl-C; text)
        self.record_file: TextIO | None = None
        self.record_path = ""
        self._logging = True
        self._captured: list[str] | None = None
        self.interrupts = Interrupts()
        # (seed, spec, position, search player's words): (search, estimate)
        self.estimates: dict[tuple, tuple[str, Estimate]] = {}
        self.search_words: list[str] | None = None  # the search player chosen by ``search`` (else the game's own)
        # Seats, for games with hidden information: the screen shows what ``viewer`` knows
        # (None: the whole table); ``handover`` is the person who must take the keyboard.
        self.reveal = False
        self.clears_screen = False  # a terminal front end that may wipe the screen
        self.viewer: int | None = None
        self.handover: int | None = None

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
                try:
                    self.record_file.write(transcript_line(typed, line) + "\n")
                    self.record_file.flush()
                except OSError as problem:  # (a disk filled up): the session goes on unrecorded
                    self.stop_recording()
                    self.say(f"stopped recording to {self.record_path}: {problem.strerror}", "error")

    def greet(self) -> None:
        self.say(GREETING)

    def prompt(self) -> str:
        """``tictactoe x> `` while a game is on, ``tictactoe> `` at its end."""
        if not self.has_game:
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
        self.playing = False
        self._logging = not is_record
        try:
            self._log((self.prompt() if prompt is None else prompt) + line, typed=True)
            if not words and self.handover is not None:
                self.take_seat()
                return
            if not words or words[0].startswith("#"):
                return
            self.dispatch(line, words)
        except GameError as problem:
            self.refused = True
            self.say(str(problem), "error")
        except (KeyboardInterrupt, BrokenPipeError):  # Ctrl-C, or the output's reader is gone
            raise
        except Exception as problem:  # the shell never dies of a bug: one line, then go on
            if os.environ.get("GAMESMAN_DEBUG"):
                raise
            self.refused = True
            self.say(f"internal error: {type(problem).__name__}: {problem}", "error")
        finally:
            self._logging = True

    def interrupted(self) -> None:
        """Ctrl-C cancelled the running command."""
        self.after_interrupt()
        self.say("interrupted", "error")
        if self.playing:  # the computers were playing: show where they stopped
            self.playing = False
            self.say(self.board(), "board")

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
        self.stop_recording()

    def stop_recording(self) -> None:
        """Close the record file, if any (what it could not take is lost, not raised)."""
        if self.record_file is not None:
            with contextlib.suppress(OSError):
                self.record_file.close()
            self.record_file = None

    def dispatch(self, line: str, words: list[str]) -> None:
        """Run a command or a move (the commands define it)."""
        raise NotImplementedError


    # -- state helpers ----------------------------------------------------------
    @property
    def position(self) -> Hashable:
        return self.history[-1].position

    @property
    def game(self) -> Game:
        """The game being played; a GameError until one is chosen."""
        if self._game is None:
            raise GameError(NO_GAME)
        return self._game

    @game.setter
    def game(self, game: Game | None) -> None:
        self._game = game

    @property
    def has_game(self) -> bool:
        return self._game is not None

    def need_game(self) -> None:
        if self._game is None:
            raise GameError(NO_GAME)

    def over(self) -> tuple[float, ...] | None:
        return self.game.outcome(self.position)

    def push(self, step: Step) -> None:
        self.history.append(step)
        self.redo_stack.clear()

    def side_is_human(self, player: int) -> bool:
        from gamesman.contract.game import CHANCE

        return player != CHANCE and player not in self.computers

    def hand_start(self) -> int:
        """Where in the history undo may go back to: the start of the current hand or round
        while the table is hidden (the end of the last one showed what the seats had hidden,
        such as the cards of a showdown), else the start of the game."""
        if self.open_table():
            return 0
        return max((at for at, step in enumerate(self.history) if step.ends_round), default=0)

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

    def solving(self, work: Callable[[], T]) -> T:
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

    def thinking(self, strategy: "Strategy", work: Callable[[], T]) -> T:
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

    def searcher(self, rng: random.Random | None = None, seconds: float | None = None) -> "Strategy":
        """The search player for variants too large to solve: the one ``search`` chose, else
        the game's own (``search_strategy``, on its default budget of about a second, or on
        ``seconds`` when given)."""
        from gamesman.players.strategies import make_strategy, strategies_for

        words = self.search_words or self.game.search_strategy.split()
        if seconds is not None and self.search_words is None:
            words = [*words, "--time", f"{seconds:g}"]
        if words[0] not in strategies_for(self.game):
            raise GameError(f"{self.game.name}: this variant is too large to solve, and its search player "
                            f"{words[0]!r} is not installed")
        return make_strategy(self.game, words, rng or self.rng)

    def estimate(self) -> tuple[str, "Estimate"]:
        """The search player's estimate of the current position, searched once per position
        (where the solver answers, it is asked only after the exact search ran out of its
        EXACT_WAIT: then with the rest of the default budget).

        The search is seeded by the shell's seed and the position, so value, values
        and hint agree, and asking again gives the same answer.
        """
        from gamesman.players.search import DEFAULT_SECONDS
        from gamesman.players.strategies import estimate

        position = self.position
        seconds = DEFAULT_SECONDS - EXACT_WAIT if self.exact() else None
        key = (self.seed, self.game.spec, position, tuple(self.search_words or ()), seconds)
        if key not in self.estimates:
            text = self.game.format_position(position)
            strategy = self.searcher(random.Random(f"{self.seed} {self.game.spec} {text}"), seconds)
            found = self.thinking(strategy, lambda: estimate(strategy, position))
            self.estimates[key] = (strategy.describe(), found)
        return self.estimates[key]

    def exact(self) -> bool:
        """Whether the solver answers for this variant (else a search player estimates)."""
        from gamesman.solver.database import answers_exactly

        return answers_exactly(self.game)

    def answer(self, work: Callable[[float | None], T]) -> T | None:
        """``work(deadline)`` asks the solver, with progress; for a game that searches for
        exact answers on demand, the deadline is EXACT_WAIT from now (unless ``wait`` is on),
        and None means the search had not ended by then (what it learnt is kept).  Unless
        ``solve_all``, a solve stops after AT_ONCE positions; None then too (and ``too_large``
        says why until ``solve`` or ``predictions on``)."""
        from gamesman.contract.errors import OutOfTime
        from gamesman.solver.results import TooLarge

        if self.too_large is not None and not self.solve_all:
            return None
        deadline = None
        if self.game.capabilities.exact_search and not self.wait:
            deadline = time.monotonic() + EXACT_WAIT
        solver = self.get_solver()
        limit = None if self.solve_all else AT_ONCE[solver.engine]
        solver.limit, started = limit, time.monotonic()
        try:
            return self.solving(lambda: work(deadline))
        except OutOfTime:
            return None
        except TooLarge:
            assert limit is not None  # (a solve without a limit is never too large)
            self.too_large = too_large_at_once(self.game, limit, time.monotonic() - started)
            self.too_large_said = False
            return None
        finally:
            solver.limit = None

    def approve_solve(self) -> None:
        """Let solves of this variant run however long they take (``solve``, ``predictions on``)."""
        self.solve_all, self.too_large = True, None

    def unanswered(self) -> str:
        """Why an exact answer gave way to an estimate (see ``answer``): a variant too large
        to solve at once is explained the first time, and only named after that."""
        if self.too_large is not None:
            if self.too_large_said:
                return "too large to solve at once (solve solves it)"
            self.too_large_said = True
            return self.too_large
        return f"the exact search takes longer than {EXACT_WAIT:g} s here (wait on waits for it)"

    def why_estimated(self) -> str:
        """Why value and values give an estimate: the variant is too large to solve, or its
        exact search ran out of time (``unanswered``)."""
        return self.unanswered() if self.exact() else "too large to solve"

    def default_player(self) -> "Strategy":
        """The player for sides without one: perfect where the solver answers in time (an
        exact search on demand only with ``wait`` on; a variant too large to solve at once only
        once ``solve`` allowed it), else the search player."""
        if self.exact() and self.too_large is None and (self.wait or not self.game.capabilities.exact_search):
            return self.make_player(["perfect"])
        return self.searcher()

    def make_player(self, words: list[str]) -> "Strategy":
        """A strategy from words; perfect-like players share the shell's solver."""
        from gamesman.players.strategies import PerfectPlayer, make_strategy

        from gamesman.players.strategies import applicable_strategies, strategies_for

        if words and words[0].lower() not in strategies_for(self.game):
            raise GameError(f"unknown strategy {words[0]!r} "
                            f"(strategies: {', '.join(applicable_strategies(self.game))})")
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
        if utilities is None and game.to_move(self.position) in self.humans():
            self.seat_for(game.to_move(self.position))  # (undo, redo and set may change who it is)
        if self.handover is not None and utilities is None:
            self.ask_handover(self.handover)
            return
        if utilities is not None or not (self.predictions and self.exact()):
            self.say(self.board(), "board")
            if utilities is not None:
                self.say(f"game over: {announce(game, utilities)}. Type again to play again, or new GAME.",
                         "over")
            return
        try:
            self.say(self.board(), "board")
            result = self.answer(lambda deadline: self.get_solver().result(self.position, deadline))
        except KeyboardInterrupt:
            self.interrupts.arm()  # the command goes on, and a later Ctrl-C may cancel it
            self.after_interrupt()
            self.predictions, self.predictions_stopped = False, True
            self.say("Prediction: interrupted; predictions are off (predictions on brings them back)", "error")
            return
        except GameError as problem:
            self.predictions, self.predictions_stopped = False, True
            self.say(f"Prediction: none ({problem}); predictions are off", "error")
            return
        if result is None:
            self.say(f"Prediction: not yet: {self.unanswered()}", "prediction")
            return
        self.say(f"Prediction: {describe_result(game, self.position, result)}", "prediction")

    def play_automatic(self, watch: bool = False, default: Strategy | None = None,
                       moves: int | None = None) -> None:
        """Play chance moves and computer moves until a person is to move or the game ends.

        ``auto`` (``watch``) plays to the end, or ``moves`` players' moves; otherwise the
        shell stops after MOVE_LIMIT moves to ask (a game between computers may never end).
        """
        self.playing = True  # (left on by a Ctrl-C, for ``interrupted``)
        self.play_moves(watch, default, moves)
        self.playing = False

    def play_moves(self, watch: bool, default: Strategy | None, moves: int | None) -> None:
        from gamesman.contract.game import CHANCE
        from gamesman.players.play import random_outcome

        game = self.game
        played = 0
        while self.over() is None:
            position = self.position
            player = game.to_move(position)
            if moves is not None and played >= moves and player != CHANCE:
                if not self.one_screen():
                    self.show()  # (else the last board is on the screen already)
                return
            if player == CHANCE:
                outcome = random_outcome(game, position, self.rng)
                text = self.chance_text(position, outcome)
                summary = self.advance(outcome, CHANCE, "chance")
                self.say(f"chance: {text}")
            else:
                strategy = self.computers.get(player, default)
                if strategy is None:
                    self.seat_for(player)
                    break
                choice = self.thinking(strategy, lambda: strategy.choose(position))
                text = game.format_move(position, choice.move)
                summary = self.advance(choice.move, player, strategy.describe())
                reason = choice.reason if self.open_table() else ""  # a computer's reasons tell its secrets
                if reason.startswith(text + ": "):
                    reason = reason[len(text) + 2:]
                self.say(f"{game.player_name(player)} plays {text}" + (f": {reason}" if reason else ""))
                played += 1
            if summary:
                self.say(summary, "over")
            if watch and self.over() is None and game.to_move(self.position) != CHANCE and self.one_screen():
                self.show()
            if not watch and played >= MOVE_LIMIT and self.over() is None:
                self.show()
                self.say(f"stopped after {played} automatic moves (the game may never end); "
                         "auto plays on", "error")
                return
        self.show()

    def advance(self, move: object, mover: int, by: str = "") -> str | None:
        """Play ``move`` from the current position; how a hand or round it ends came out."""
        position = self.position
        after = self.game.play(position, move)
        summary = round_summary(self.game, position, move, after)
        self.push(Step(after, self.game.format_move(position, move), mover, by, summary is not None))
        return summary

    def set_seed(self, seed: int) -> None:
        """Seed the shell's random numbers (chance moves, random players) anew."""
        self.seed = seed
        self.rng.seed(seed)

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

    # -- seats (games with hidden information) --------------------------------------------
    def humans(self) -> list[int]:
        return [p for p in range(self.game.players) if p not in self.computers]

    def open_table(self) -> bool:
        """Whether the screen shows the whole table: no hidden information, reveal on,
        or nobody at the keyboard plays (every side is a computer)."""
        return not self.game.capabilities.hidden_information or self.reveal or not self.humans()

    def place_seats(self) -> None:
        """Who sits at the screen after the sides changed: the one person, or (several
        people, hot seat) the one who has it, until the keyboard is passed on."""
        humans = self.humans()
        if len(humans) == 1:
            self.viewer, self.handover = humans[0], None
        elif self.viewer not in humans:
            self.viewer = None
        if self.handover is not None and self.handover not in humans:
            self.handover = None

    def one_screen(self) -> bool:
        """Whether every board may go to the same eyes (no keyboard to pass on)."""
        return self.open_table() or len(self.humans()) == 1

    def seat_for(self, player: int) -> None:
        """A person is to move: hot seat, hand the keyboard over when another has it."""
        if not self.open_table() and len(self.humans()) > 1 and self.viewer != player:
            self.handover = player

    def ask_handover(self, player: int) -> None:
        """Clear the screen and ask ``player``, next to move, to take the keyboard."""
        self.clear_screen()
        self.viewer = None
        name = self.game.player_name(player)
        self.say(f"pass the keyboard to {name}, then press Enter ({name}'s cards are shown next)", "over")

    def take_seat(self) -> None:
        """Enter after a handover: the new person's view."""
        self.clear_screen()
        self.viewer, self.handover = self.handover, None
        self.show()

    def clear_screen(self) -> None:
        """Wipe a terminal, so nothing of the last person's cards stays in sight."""
        if self.clears_screen:
            self.write("\x1b[2J\x1b[3J\x1b[H")

    def board(self) -> str:
        """The board as the screen may show it (the whole table, or the viewer's view),
        with whose turn it is under it when the drawing does not say."""
        from gamesman.contract.game import CHANCE

        game, position, viewer = self.game, self.position, self.viewer
        seen_by = ""  # whose view the screen shows, when not the whole table
        if self.open_table():
            text = game.render(position)
        elif viewer is None:
            return "(the table is hidden until a person takes the keyboard)"
        else:
            text = game.render_view(game.parse_view(game.view(position, viewer)))
            seen_by = f"\n(as {game.player_name(viewer)} sees it)"
        mover = game.to_move(position)
        if game.players > 1 and mover != CHANCE and self.over() is None:
            name = game.player_name(mover)
            if not re.search(rf"\b{re.escape(name)} to \w", text):
                text += f"\n{name} to move"
        if game.capabilities.hidden_information and self.reveal:
            text += "\n(reveal on: the whole table is shown)"
        return text + seen_by

    def position_text(self) -> str:
        """The position string, or the viewer's view of it."""
        if self.open_table() or self.viewer is None:
            return self.game.format_position(self.position)
        return self.game.view(self.position, self.viewer)

    def sees(self, position: Hashable, outcome: object) -> bool:
        """Whether the screen may show the chance ``outcome`` at ``position``: the table is
        open, or the viewer (every player, when nobody has the screen yet) can tell it apart."""
        if self.open_table():
            return True
        game = self.game
        players = [self.viewer] if self.viewer is not None else list(range(game.players))
        others = [game.play(position, o) for o, _ in game.chances(position) if o != outcome]
        after = game.play(position, outcome)
        return all(any(game.view(other, p) != game.view(after, p) for other in others) for p in players)

    def chance_text(self, position: Hashable, outcome: object) -> str:
        if self.sees(position, outcome):
            return self.game.format_move(position, outcome)
        return "dealt, not seen" + (f" by {self.game.player_name(self.viewer)}" if self.viewer is not None else "")

    def begin(self, game: Game, keep_players: bool) -> None:
        if not keep_players:
            self.game = game
            self.solver = None
            self.solve_all, self.too_large = False, None
            self.computers = {}
            self.search_words = None
        self.viewer = self.handover = None
        self.place_seats()
        if self.predictions_stopped:  # a new game: predictions were off only for the last one
            self.predictions, self.predictions_stopped = True, False
        self.history = [Step(self.game.start())]
        self.redo_stack = []
        self.say(f"{self.game.variant_title()}: {self.game.spec}")
        if not self.exact():
            self.say("(too large to solve: no predictions; value and hint ask a search player)")
        elif self.game.capabilities.exact_search and not self.wait:
            self.say(f"(answered by an exact search on demand, which may take minutes on some positions: predictions, "
                     f"value, values and hint wait {EXACT_WAIT:g} s for it; wait on waits however long)")
        self.play_automatic()


def too_large_at_once(game: Game, limit: int, seconds: float) -> str:
    """Why a variant waits for ``solve``: an estimate of its size (a count that stopped at
    ``limit`` positions after ``seconds``; at most its index where it numbers its positions)
    and so of the time its solve takes.

    >>> from gamesman.contract.registry import make_game
    >>> too_large_at_once(make_game("sim"), 1000, 0.25)  # doctest: +NORMALIZE_WHITESPACE
    'too large to solve at once (an estimate: more than 1,000 positions, at most 14,348,907 by its
    index; the count stopped there after 0.2 s, and solving takes longer); solve solves it now
    (Ctrl-C stops), as does predictions on'
    """
    size = f"more than {limit:,} positions"
    index = position_codes(game).index_size() if game.capabilities.position_codes else None
    if index is not None:
        size += f", at most {index:,} by its index"
    return (f"too large to solve at once (an estimate: {size}; the count stopped there "
            f"after {seconds:.1f} s, and solving takes longer); solve solves it now (Ctrl-C stops), as does "
            f"predictions on")


def transcript_line(typed: bool, line: str) -> str:
    """A session line as a transcript writes it (output that would be misread becomes a regex)."""
    if typed:
        return line.rstrip()
    from gamesman.testing.transcript import escape_line

    return escape_line(line)

