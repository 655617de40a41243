"""The ``gamesman`` command: the shell with no arguments, else a pipeline-friendly CLI.

Game options follow the game name (``--rows 5``, ``--misere``, ``--no-misere``);
a command's own flags may come before it, and must where the game has an option
of the same name (``gamesman random --seed 7 cube seed=4``).
Where POSITION may be omitted, positions are read from stdin one per line and
each gets one line of answer, so commands chain:
``gamesman random tictactoe --seed 3 | gamesman solve tictactoe``.

Exit status: 0 on success, 2 on bad input (one line on stderr), 1 on an
internal failure; ``match``: 3 when a player program never started.
"""
from __future__ import annotations

import errno
import io
import os
import signal
import stat
import sys
import time
from typing import IO, TYPE_CHECKING, Callable, Iterator, Mapping

from gamesman.contract.errors import GameError, shown
from gamesman.doors.arguments import Split, split_arguments

if TYPE_CHECKING:
    from gamesman.contract.progress import Progress

USAGE = """\
usage:
  gamesman                                   the interactive shell
  gamesman --load FILE                       the shell, going on with a game written by its save
  gamesman games                             the games, with their options
  gamesman start GAME [options]              the initial position
  gamesman moves GAME [options] [POSITION]   legal moves, space-separated
  gamesman do GAME [options] POSITION MOVE [MOVE..]   the position after the moves
  gamesman solve GAME [options] [--large [--workers N | --scheduler ADDRESS] [--store DIR]] [POSITION]
                                             value and remoteness: win 7, lose 6, tie 9, draw;
                                             --large: solve a variant too large to solve on demand
                                             (or answered by a search of its own) and keep its database;
                                             --workers: in tiers on a local Dask cluster of N processes,
                                             --scheduler: on a Dask cluster (tcp://HOST:PORT),
                                             --store: the tiers' directory every worker reads,
                                             where their results are kept (to resume or reuse);
                                             GAMESMAN_ZSTD_LEVEL=N: the database's zstd level
                                             (1 to 22, default 15; higher: smaller, slower);
                                             GAMESMAN_BLOCK_CODES=N: positions a block (a power
                                             of two, default 16384; larger: smaller, slower
                                             first look-ups)
                                             GAMESMAN_DB_FORMAT=zstd: the smallest database
                                             (huffman: a look-up decompresses nothing, about
                                             twice the bytes; default auto: huffman from a
                                             million positions, and in parts)
  gamesman best GAME [options] [--line] [--seed N] [POSITION]
                                             the move to play and its value (or a search
                                             player's estimate); --line: every move to the end
  gamesman show GAME [options] [POSITION]    the board, drawn
  gamesman random GAME [options] [--seed N] [--moves N] [POSITION]
                                             a random game, one position per line; at most N
                                             moves (a puzzle's random walk: 1000 by default)
  gamesman count GAME [options]              game-tree figures (or the game's own report:
                                             poker ranks all 133,784,560 seven-card hands)
  gamesman simulate GAME [options] --games N [--seed N] [--exact] [--strategy S]..
                                             --strategy once per seat in order, the last for the rest
  gamesman table                             the docs' table of solved variants
  gamesman bench [--quick] [--big] [--huge] [--variant SPEC ...] [--only solve,playouts,protocol,shell]
                                             speed and size, each beside a same-run baseline
  gamesman protocol [GAME [options]] [--strategy S] [--seed N]
                                             the text protocol on stdin/stdout
  gamesman match GAME [options] --player CMD --player CMD [--games N] [--seed S]
                 [--time-per-move T] [--max-moves M] [--record FILE] [--log FILE]
                                             programs playing over the protocol; exit status 3
                                             when a player program never started
  gamesman serve [--host HOST] [--port PORT] [--uni DIR]
                                             a UWAPI server for GamesCrafters' GamesmanUni
                                             (127.0.0.1:8082 by default; pip install 'gamesman[web]');
                                             --uni: a GamesmanUni build served under /uni/
Without POSITION, positions are read from stdin, one per line, and each line gets
one line of answer (a blank or bad line: error: ..., and exit status 2).
A command's own flags may also come before GAME.  After GAME, a flag that is both
the game's option and the command's (the cube's --seed and random's) is refused:
write the game's as NAME=VALUE (seed=4), the command's before GAME
(gamesman random --seed 7 cube seed=4)."""


#: Each command's own flags (True: the flag takes a value), beside the game's options.
OWN_FLAGS: dict[str, dict[str, bool]] = {
    "solve": {"--large": False, "--workers": True, "--scheduler": True, "--store": True},
    "best": {"--line": False, "--seed": True},
    "random": {"--seed": True, "--moves": True},
    "simulate": {"--games": True, "--seed": True, "--exact": False, "--strategy": True},
}


def own_flags() -> dict[str, Mapping[str, bool]]:
    """The own flags of every command that takes a game, the protocol's and the referee's too."""
    from gamesman.protocol.engine import OWN_FLAGS as PROTOCOL_FLAGS
    from gamesman.protocol.referee import OWN_FLAGS as MATCH_FLAGS

    return {**{command: {} for command in ("start", "moves", "do", "show", "count")}, **OWN_FLAGS,
            "protocol": PROTOCOL_FLAGS, "match": MATCH_FLAGS}


def piped_in(stream: IO) -> bool:
    """Whether ``stream`` brings lines piped or redirected in: a pipe, a file or a socket, not a
    terminal nor a device such as ``/dev/null`` (what ``nohup`` and cron give a command).

    >>> import io
    >>> piped_in(io.StringIO("(x --- --- ---)"))
    True
    >>> with open(os.devnull) as nothing:
    ...     piped_in(nothing)
    False
    """
    if stream.isatty():
        return False
    try:
        mode = os.fstat(stream.fileno()).st_mode
    except (OSError, ValueError, io.UnsupportedOperation):
        return True  # (an object in Python's memory: lines given to it)
    return not stat.S_ISCHR(mode)


def positions_from(invocation: Split, text: str | None) -> Iterator[str | GameError]:
    """The given position, or every line of stdin (the start when nothing is piped in: on a
    terminal, or from ``/dev/null`` as under ``nohup`` and cron).

    A line of stdin that is blank or not text in stdin's encoding comes as a
    GameError, so that it is answered too and answers pair up with lines.
    """
    if text is not None:
        yield text
        return
    if not piped_in(sys.stdin):
        game = invocation.game
        yield game.format_position(game.start())
        return
    encoding = sys.stdin.encoding or "utf-8"
    for number, raw in enumerate(sys.stdin.buffer, start=1):
        try:
            line = raw.decode(encoding)
        except UnicodeDecodeError:
            yield GameError(f"line {number} of the input is not {encoding} text")
            continue
        yield line.rstrip("\r\n") if line.strip() else GameError("empty line")


def answer_each(invocation: Split, answer: Callable[[object], str], separator: str | None = None,
                progress: "Progress | None" = None) -> int:
    """Apply ``answer`` to each position; bad lines get ``error: ...`` and status 2.

    ``separator``, when given, is printed between two answers; ``progress``, when given,
    has its line cleared before each answer.
    """
    text = invocation.position()
    game = invocation.game
    # a line of error pairs up with a line of stdin; the start (nothing piped in) is refused once
    pairs_with_lines = text is None and piped_in(sys.stdin)
    status = 0
    first = True
    for line in positions_from(invocation, text):
        if not first and separator is not None:
            print(separator)
        first = False
        try:
            if isinstance(line, GameError):
                raise line
            text_of_answer = answer(game.parse_position(line))
            if progress is not None:
                progress.finish()
            print(text_of_answer, flush=True)
        except GameError as problem:
            if progress is not None:
                progress.finish()
            if not pairs_with_lines:
                raise
            print(f"error: {problem}", flush=True)
            print(f"gamesman: {problem}", file=sys.stderr)
            status = 2
    return status


def cmd_games(args: list[str]) -> int:
    from gamesman.contract.options import describe
    from gamesman.contract.registry import game_class, game_names

    if args:
        raise GameError(f"unexpected {shown(' '.join(args))!r} (usage: gamesman games)")
    for name in game_names():
        cls = game_class(name)
        print(f"{name}: {cls.title}")
        for option in cls.options:
            print(f"    {describe(option)}")
    return 0


def cmd_start(args: list[str]) -> int:
    invocation = split_arguments(args, {})
    invocation.refuse_positionals("start GAME [options]")
    game = invocation.game
    print(game.format_position(game.start()))
    return 0


def cmd_moves(args: list[str]) -> int:
    invocation = split_arguments(args, {})
    game = invocation.game
    return answer_each(invocation, lambda p: " ".join(game.format_move(p, m) for m in game.legal_moves(p)))


def cmd_do(args: list[str]) -> int:
    invocation = split_arguments(args, {})
    game = invocation.game
    text, moves = invocation.position_and_rest()
    if text is None or not moves:
        raise GameError("do needs a POSITION and at least one MOVE")
    position = game.parse_position(text)
    for move_text in moves:
        position = game.play(position, game.parse_move(position, move_text))
    print(game.format_position(position))
    return 0


def asked_position(invocation: Split) -> object | None:
    """The position given on the command line, or None (positions read from stdin, or one
    that does not parse: ``answer_each`` reports it)."""
    text = invocation.position()
    try:
        return None if text is None else invocation.game.parse_position(text)
    except GameError:
        return None


def make_solver(game, large: bool = False, one_machine: bool = True, position: object | None = None):
    """A solver with a progress line; refused for a variant too large to solve on demand,
    unless ``large`` (it was solved before, or the caller asks to solve it anyway), and for
    one that cannot be solved on ``one_machine`` (a cluster may take it).  A ``large`` solver
    answers from the variant's database, solving the whole variant first where there is
    none, even for a game with an exact search of its own (Connect Four 6x5)."""
    from gamesman.contract.progress import Progress
    from gamesman.solver.database import answers_exactly
    from gamesman.solver.strong import Solver, SolverError
    from gamesman.solver.tiers import beyond_one_machine

    own_search = not (large and game.capabilities.exact_search)  # --large: its database instead
    if not answers_exactly(game, position, own_search=own_search):
        reason = beyond_one_machine(game) if one_machine else None
        if reason is not None:
            raise SolverError(f"{game.name}: {game.spec} is too large to solve on demand, or on one machine ({reason}); "
                              f"use a search player")
        if not large:
            raise SolverError(f"{game.name}: {game.spec} is too large to solve on demand; use a search player, "
                              f"or solve it once with --large (it may take hours)")
    alike = " up to symmetry" if game.capabilities.symmetries else ""  # the counts are of sets alike
    return Solver(game, progress=Progress(f"solving {game.spec}{alike}"), own_answers=own_search)


def cmd_solve(args: list[str]) -> int:
    from contextlib import nullcontext

    from gamesman.solver.store import block_codes, database_format, zstd_level
    from gamesman.solver.tiers import check_suitable, tier_run

    zstd_level(), block_codes(), database_format()  # a setting made wrongly is said now, not after the solve
    invocation = split_arguments(args, OWN_FLAGS["solve"])
    flags = {flag: invocation.once(flag) for flag in ("--large", "--workers", "--scheduler", "--store")}
    if flags["--workers"] is not None and flags["--scheduler"] is not None:
        raise GameError("give --workers N (a cluster on this machine) or --scheduler ADDRESS, not both")
    if flags["--scheduler"] is not None and flags["--store"] is None:
        raise GameError("--scheduler needs --store DIR, a directory every worker can read")
    tiered = any(flags[flag] is not None for flag in ("--workers", "--scheduler", "--store"))
    large = flags["--large"] is True
    if tiered and not large:
        raise GameError("--workers, --scheduler and --store solve a large variant: add --large")
    if tiered:
        check_suitable(invocation.game)
    workers = invocation.number("--workers", 0, low=1) if flags["--workers"] is not None else None
    solver = make_solver(invocation.game, large=large, one_machine=not tiered, position=asked_position(invocation))
    announce = lambda text: print(f"gamesman: {text}", file=sys.stderr)  # noqa: E731
    scheduler, store = flags["--scheduler"], flags["--store"]
    with (tier_run(workers, None if scheduler is None else str(scheduler), None if store is None else str(store),
                   announce) if tiered else nullcontext()) as run:
        if run is not None:
            run.keep = store is not None  # a store the user names keeps its tiers' results
        solver.tiers = run
        clock, processor = time.perf_counter(), time.process_time()
        try:
            status = answer_each(invocation, lambda p: str(solver.result(p)), progress=solver.progress)
        finally:
            solver.progress.finish()
        if large and "wins" in solver.stats:
            announce(solve_summary(solver.stats, time.process_time() - processor, time.perf_counter() - clock))
        return status


def solve_summary(stats: dict, processor: float, wall: float) -> str:
    """One line on what a large solve solved, from the counts its solver gives.

    >>> solve_summary({"wins": 5, "losses": 3, "draws": 2, "longest_win": 7}, 1.25, 0.75)
    'solved 10 positions: 5 wins, 3 losses, 2 draws; longest win 7 plies; 1.2 s processor, 0.8 s wall'
    """
    positions = stats["wins"] + stats["losses"] + stats["draws"]
    return (f"solved {positions:,} positions: {stats['wins']:,} wins, {stats['losses']:,} losses, "
            f"{stats['draws']:,} draws; longest win {stats['longest_win']} plies; "
            f"{processor:.1f} s processor, {wall:.1f} s wall")


#: The longest line ``best --line`` prints (a line can repeat positions only in a draw).
LINE_LIMIT = 10_000


def cmd_best(args: list[str]) -> int:
    """The recommended move: the solver's best where it answers exactly, else the
    game's search player's choice with its estimate; ``--line`` plays on to the end
    (chance outcomes drawn with ``--seed``)."""
    import random

    from gamesman.contract.game import CHANCE
    from gamesman.players.strategies import estimate, make_strategy
    from gamesman.solver.database import answers_exactly

    invocation = split_arguments(args, OWN_FLAGS["best"])
    game = invocation.game
    rng = random.Random(invocation.number("--seed", 0))
    asked = asked_position(invocation)
    exact = answers_exactly(game, asked)
    if exact:
        solver = make_solver(game, position=asked)

        def best(position: object) -> tuple[object, str]:
            return solver.best_moves(position)[0], str(solver.result(position))
    else:
        strategy = make_strategy(game, [game.search_strategy], rng)

        def best(position: object) -> tuple[object, str]:
            found = estimate(strategy, position)
            move, text = found.rows[0]
            effort = f"; {found.spent}" if found.spent else ""  # (as the shell's hint says it)
            return move, f"(estimate by {strategy.describe()}{effort}: {text})"

    def answer(position: object) -> str:
        if game.is_over(position):
            raise GameError("the game is over here: no move to recommend")
        if invocation.last("--line") is None:
            if game.to_move(position) == CHANCE:
                raise GameError("chance moves here: no move to recommend (--line draws it and goes on)")
            move, value = best(position)
            return f"{game.format_move(position, move)} {value}"
        return "\n".join(best_line(game, position, best, rng))

    try:
        return answer_each(invocation, answer, progress=solver.progress if exact else None)
    finally:
        if exact:
            solver.progress.finish()


def best_line(game, position: object, best: Callable[[object], tuple[object, str]], rng) -> Iterator[str]:
    """``MOVER MOVE VALUE`` (no mover in a one-player game) for each move of the
    recommended line to the end of the game."""
    from gamesman.contract.game import CHANCE
    from gamesman.players.play import random_outcome

    seen: set[object] = set()
    while not game.is_over(position):
        if position in seen or len(seen) >= LINE_LIMIT:
            yield "(the line goes round: the game is a draw)" if position in seen else "(stopped: the line is too long)"
            return
        seen.add(position)
        mover = game.to_move(position)
        if mover == CHANCE:
            move, value = random_outcome(game, position, rng), ""
        else:
            move, value = best(position)
        who = "" if game.players == 1 and mover != CHANCE else game.player_name(mover) + " "
        yield f"{who}{game.format_move(position, move)} {value}".rstrip()
        position = game.play(position, move)


def cmd_show(args: list[str]) -> int:
    invocation = split_arguments(args, {})
    return answer_each(invocation, invocation.game.render, separator="")


#: The moves of a puzzle's random walk, unless ``--moves`` says otherwise.
PUZZLE_RANDOM_MOVES = 1000


def cmd_random(args: list[str]) -> int:
    import random

    from gamesman.players.play import next_random

    invocation = split_arguments(args, OWN_FLAGS["random"])
    game = invocation.game
    rng = random.Random(invocation.number("--seed", 0))
    # A puzzle (one player, no chance) may never come back to its end by random moves.
    puzzle = game.players == 1 and not game.capabilities.chance
    limit = invocation.number("--moves", PUZZLE_RANDOM_MOVES) if puzzle or "--moves" in invocation.flags else None
    text = invocation.position()
    position = game.start() if text is None else game.parse_position(text)
    print(game.format_position(position))
    moves = 0
    while game.outcome(position) is None:
        if moves == limit:
            print(f"random: stopped after {moves:,} move{'s' * (moves != 1)} before the end (--moves N to change)",
                  file=sys.stderr)
            break
        position = next_random(game, position, rng)
        moves += 1
        print(game.format_position(position))
    return 0


def cmd_count(args: list[str]) -> int:
    from gamesman.players.analysis import count, format_count, too_large
    from gamesman.contract.progress import Progress

    invocation = split_arguments(args, {})
    invocation.refuse_positionals("count GAME [options]")
    game = invocation.game
    progress = Progress(f"counting {game.spec}")
    text = game.count_report(progress)
    if text is None:
        if not game.capabilities.solvable:
            raise too_large(game, "to count exactly")
        text = format_count(game, count(game, progress))
    progress.finish()
    print(text)
    return 0


def cmd_simulate(args: list[str]) -> int:
    import random

    from gamesman.players.analysis import exact_odds, format_odds, format_simulation, simulate
    from gamesman.players.strategies import make_strategy
    from gamesman.contract.progress import Progress

    invocation = split_arguments(args, OWN_FLAGS["simulate"])
    seats = [str(words).split() for words in invocation.flags.get("--strategy", [])]
    if not all(seats):
        raise GameError("--strategy needs a strategy, e.g. --strategy random")
    invocation.refuse_positionals("simulate GAME [options] --games N [--seed N] [--exact] [--strategy S]..")
    game = invocation.game
    progress = Progress(f"simulating {game.spec}")
    if invocation.last("--exact"):
        if seats:
            raise GameError("--exact gives the odds of uniformly random play; it takes no --strategy")
        if not game.capabilities.solvable:
            raise GameError(f"{game.name}: {game.spec} is too large for exact odds; simulate it instead")
        text = format_odds(game, exact_odds(game, progress))
    else:
        games = invocation.number("--games", 1000, low=1)
        seed = invocation.number("--seed", 0)
        strategies = None
        if seats:
            if len(seats) > game.players:
                raise GameError(f"{len(seats)} strategies for {game.players} seats")
            seats += [seats[-1]] * (game.players - len(seats))
            strategies = [make_strategy(game, words, random.Random(seed)) for words in seats]
        sim = simulate(game, games, seed, strategies, progress)
        report = game.simulate_report(sim.finals)
        names = [" ".join(words) for words in seats] if seats else None
        text = format_simulation(game, sim, games, names) + ("\n" + report if report else "")
    progress.finish()
    print(text)
    return 0


def cmd_table(args: list[str]) -> int:
    from gamesman.contract.progress import Progress
    from gamesman.dev.showcase import table

    if args:
        raise GameError("table takes no arguments")
    progress = Progress("table")
    text = table(progress)
    progress.finish()
    print(text)
    return 0


def cmd_bench(args: list[str]) -> int:
    from gamesman.dev.bench import main as bench_main

    return bench_main(args)


def cmd_protocol(args: list[str]) -> int:
    from gamesman.protocol.engine import main as protocol_main

    return protocol_main(args)


def cmd_match(args: list[str]) -> int:
    from gamesman.protocol.referee import main as match_main

    return match_main(args)


#: Where ``serve`` listens unless told: this machine only, on UWAPI's usual port.
SERVE_DEFAULTS = {"--host": "127.0.0.1", "--port": "8082", "--uni": None}


def cmd_serve(args: list[str]) -> int:
    from pathlib import Path

    settings = dict(SERVE_DEFAULTS)
    words = iter(args)
    for word in words:
        flag, sep, value = word.partition("=")
        if flag not in settings:
            raise GameError(f"serve: unexpected {shown(word)!r} "
                            f"(usage: gamesman serve [--host HOST] [--port PORT] [--uni DIR])")
        settings[flag] = value if sep else next(words, "")
        if not settings[flag]:
            raise GameError(f"serve: {flag} needs a value")
    port, uni = str(settings["--port"]), settings["--uni"]
    if uni is not None and not (Path(uni) / "index.html").is_file():
        raise GameError(f"serve: --uni {shown(uni)!r} is not a GamesmanUni build (it has no index.html)")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise GameError(f"serve: --port must be a port number from 1 to 65535, not {shown(port)!r}")
    try:
        from gamesman.doors.web.app import serve
    except ImportError as missing:
        raise GameError(f"serve needs the web extra ({missing.name} is missing): pip install 'gamesman[web]'") from None
    serve(str(settings["--host"]), int(port), None if uni is None else Path(uni))
    return 0


def cmd_shell(args: list[str]) -> int:
    from gamesman.doors.shell import main as shell_main

    return shell_main(args)


COMMANDS: dict[str, Callable[[list[str]], int]] = {
    "games": cmd_games,
    "start": cmd_start,
    "moves": cmd_moves,
    "do": cmd_do,
    "solve": cmd_solve,
    "best": cmd_best,
    "show": cmd_show,
    "random": cmd_random,
    "count": cmd_count,
    "simulate": cmd_simulate,
    "table": cmd_table,
    "bench": cmd_bench,
    "protocol": cmd_protocol,
    "match": cmd_match,
    "serve": cmd_serve,
    "shell": cmd_shell,
}


def command_help(command: str, args: list[str]) -> str:
    """The usage of one command, and the options of the game named after it, if any."""
    from gamesman.contract.options import describe
    from gamesman.contract.registry import game_class, game_names

    entries: list[str] = []
    for line in USAGE.splitlines()[1:]:
        if line.startswith("  gamesman "):
            entries.append(line)
        elif line.startswith("   ") and entries:
            entries[-1] += "\n" + line
    if command in game_names():  # gamesman help GAME
        lines, args = [], [command]
    else:
        wanted = "" if command == "shell" else command
        lines = [entry for entry in entries if (entry[:45].split() + [""])[1] == wanted]
        if not lines:
            raise GameError(f"unknown command or game {command!r} (commands: {', '.join(COMMANDS)})")
        lines.insert(0, "usage:")
    if args and args[0] in game_names():
        cls = game_class(args[0])
        lines.append(f"options of {cls.name} ({cls.title}):" if cls.options else f"{cls.name} has no options")
        lines.extend(f"    {describe(option)}" for option in cls.options)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run one command; returns the exit status."""
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] == "--load":
        return run_command(cmd_shell, argv)
    command = argv[0]
    if command in ("-h", "--help", "help"):
        if len(argv) > 1:
            argv = [argv[1], "--help", *argv[2:]]
        else:
            print(USAGE)
            return 0
    command = argv[0]
    if any(word in ("-h", "--help") for word in argv[1:]):
        try:
            print(command_help(command, [word for word in argv[1:] if word not in ("-h", "--help")]))
        except GameError as problem:
            print(f"gamesman: {problem}", file=sys.stderr)
            return 2
        return 0
    if command == "--version":
        from gamesman import __version__

        print(f"gamesman {__version__}")
        return 0
    handler = COMMANDS.get(command)
    if handler is None:
        print(f"gamesman: unknown command {command!r} (commands: {', '.join(COMMANDS)})", file=sys.stderr)
        return 2
    return run_command(handler, argv[1:])


def run_command(handler: Callable[[list[str]], int], args: list[str]) -> int:
    """Run a command's handler on its arguments; every failure ends in one line on stderr
    and an exit status, never a traceback (an output closed by its reader: quietly, 0)."""
    previous_hook, sys.unraisablehook = sys.unraisablehook, interrupt_again
    try:
        return handler(args)
    except GameError as problem:
        print(f"gamesman: {problem}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("gamesman: interrupted", file=sys.stderr)
        leave_background_work()
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 0
    except Exception as problem:  # the last line of defence: one line, no traceback
        import os

        from gamesman.solver.workers import workers_interrupted

        if isinstance(problem.__context__, KeyboardInterrupt) or workers_interrupted():
            # raised while cleaning up after Ctrl-C, or by a worker's end on it before it came here
            print("gamesman: interrupted", file=sys.stderr)
            leave_background_work()
            return 130
        if isinstance(problem, OSError) and problem.errno in OUTPUT_FAILURES:
            silence_stdout()
            print(f"gamesman: cannot write the output ({problem.strerror})", file=sys.stderr)
            return 1
        if os.environ.get("GAMESMAN_DEBUG"):
            raise
        print(f"gamesman: internal error: {type(problem).__name__}: {problem}", file=sys.stderr)
        return 1
    finally:
        sys.unraisablehook = previous_hook


def leave_background_work() -> None:
    """After Ctrl-C the program ends at once: a compile of the players' background warm-up
    is not waited for at exit (looked up, not imported: a command that played no search has
    none, and need not load numba to say so)."""
    compiled = sys.modules.get("gamesman.players.compiled")
    if compiled is not None:
        compiled.WARMUP.leave()


def leave_on_interrupt() -> None:
    """Have every Ctrl-C from now on leave the background work (``leave_background_work``)
    before it interrupts as Python's own handling does: wherever it lands, after the answer
    too (as the program returns, or ends its threads before the exit wait), the exit does not
    wait for a compile.  Left alone where Ctrl-C is ignored, or handled otherwise."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _leave_and_interrupt)


def _leave_and_interrupt(number: int, frame: object) -> None:
    leave_background_work()
    raise KeyboardInterrupt


def interrupt_again(unraisable: "sys.UnraisableHookArgs") -> None:
    """A command's ``sys.unraisablehook``: a Ctrl-C that landed while Python ran a callback
    it cannot raise from (a weak reference's, as the import machinery's; compiled code's
    through ctypes) would be printed and lost, and the command go on; it is sent again a
    moment later instead (the shell's handler is armed again first: raising disarmed it).
    Anything else is reported as Python reports it."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        from gamesman.doors.shell.interrupts import Interrupts

        handler = signal.getsignal(signal.SIGINT)
        if isinstance(handler, Interrupts):
            handler.lost()
        else:
            Interrupts().again()
    else:
        sys.__unraisablehook__(unraisable)


#: What writing to a closed or full output fails with.
OUTPUT_FAILURES = {errno.EBADF, errno.ENOSPC, errno.EDQUOT, errno.EIO}


def silence_stdout() -> None:
    """Point stdout at the null device (its reader is gone: a pipe closed, a full disk), so
    that the flush at exit finds nothing to complain about."""
    import os

    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass
    sys.stdout = None


if __name__ == "__main__":
    sys.exit(main())
