"""The referee: ``gamesman match GAME [options] --player CMD --player CMD ...``.

Each ``--player`` is a shell command that starts a program speaking the
protocol (PROTOCOL.md).  The referee starts the programs, sends each one the
game (``game NAME key=value..``) at the start of every game, and before each
of its turns ``setposition`` with that player's view, ``legal_moves`` with its
legal moves (left out in the rare position whose list would not fit in a
line) and ``genmove``.  It does the chance moves itself, with its own seeded
rng, and checks every reply against the full position.

A crash, a turn not answered within the time per move (``game`` gets
STARTUP_ALLOWANCE seconds more), a reply that is not one legal move (or not a
well-framed reply at all) loses the game by forfeit; the program is stopped
and started again for the next game.  Pipes are read by a thread and written
without blocking, so no program can stall the referee.  Seats rotate between games:
in game k, program i plays player (i + k - 1) mod n.  A game that reaches the
move limit ends with equal utilities (a tie; an unsolved puzzle).

The results table gives each program's wins, losses, ties and forfeits and
its mean utility over the games played to their end; a puzzle whose utility
is a score (2048 without a target) gets its mean score instead of wins.  A
game played in hands or rounds (it declares ``rounds``) may keep a score of each:
``round_scores(position, after)`` gives the chips (or points) each player won in
the hand that the move from ``position`` to ``after`` ends, or None when it ends
no hand.  When hands were scored, the table adds the chips each program won per
hand played.

Only the player's view ever reaches a program: no other player's moves, no
full position of a hidden-information game.  The legal moves are computed from
the full position; they are a function of the view in every game whose rules
let a player know what it may do.
"""
from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import select
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from typing import IO, Any, Hashable, TextIO

from gamesman.players.analysis import outcome_label
from gamesman.contract.capabilities import rounds
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.options import format_value
from gamesman.players.play import random_outcome
from gamesman.doors.arguments import split_arguments
from gamesman.protocol.engine import LINE_LIMIT, one_line

#: The most bytes one reply of a player may take, all its lines together.
REPLY_LIMIT = 65536
#: Extra seconds a program gets to answer ``game`` (it may be starting up).
STARTUP_ALLOWANCE = 5.0
DEFAULT_TIME_PER_MOVE = 10.0
MAX_TIME_PER_MOVE = 1_000_000  # seconds: beyond this a budget is a typo
DEFAULT_MAX_MOVES = 1000
#: Seconds between the reader's looks at whether it should stop reading a program's output.
READ_POLL = 0.1
#: What a shell's exit status says about a command it could not run.
SHELL_STATUS = {127: "command not found", 126: "not executable"}


class Forfeit(Exception):
    """A player loses the game by forfeit; the message is the reason."""

    def __init__(self, player: int, reason: str) -> None:
        super().__init__(reason)
        self.player = player
        self.reason = reason


class PlayerFailure(Exception):
    """A program that crashed, timed out or broke the framing."""


@dataclass
class Reply:
    ok: bool
    text: str


def _shown(text: str) -> str:
    folded = one_line(text)
    return folded if len(folded) <= 60 else folded[:57] + "..."


class Program:
    """One player program: a subprocess with pipes, read by a thread so that no read blocks."""

    def __init__(self, number: int, command: str, log: str | None = None) -> None:
        self.number = number
        self.command = command
        self.log = log
        self.process: subprocess.Popen | None = None
        self.lines: queue.Queue = queue.Queue()
        self.reading: threading.Event | None = None  # cleared to stop the reader of the output pipe
        self.next_id = 1
        self.answered = False  # it has replied at least once (else it may never have started)

    def start(self) -> None:
        log = self._open_log() if self.log else None
        try:
            process = subprocess.Popen(self.command, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                       stderr=subprocess.DEVNULL if log is None else log, start_new_session=True)
        finally:
            if log is not None:
                log.close()
        self.process = process
        os.set_blocking(_pipe(process.stdin).fileno(), False)  # a program that stops reading cannot block us
        self.lines = queue.Queue()
        self.reading = threading.Event()
        self.reading.set()
        # the reader owns the output pipe from now on: it closes it when told to stop
        stdout = _pipe(process.stdout)
        output = os.dup(stdout.fileno())
        stdout.close()
        threading.Thread(target=_read_lines, args=(output, self.lines, self.reading), daemon=True).start()

    def _open_log(self) -> IO[bytes]:
        """The log of the players' stderr, opened to add to, with a line saying which program
        writes what follows (written at once, so that a log that cannot be written, a full
        disk, is said here rather than lost in the program's own writes)."""
        log: IO[bytes] | None = None
        try:
            log = open(str(self.log), "ab")
            log.write(f"gamesman match: player {self.number} started: {one_line(self.command)}\n".encode())
            log.flush()
        except OSError as problem:
            if log is not None:
                with contextlib.suppress(OSError):
                    log.close()
            raise GameError(f"cannot write the log {self.log}: {problem.strerror}") from None
        return log

    def _started(self) -> subprocess.Popen:
        """The program's process, which must have been started and not stopped."""
        if self.process is None:
            raise PlayerFailure("crashed: not running")
        return self.process

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def ask(self, command: str, deadline: float, limit: float) -> Reply:
        """Send one command; its reply must come by ``deadline`` (``limit`` seconds from the start).

        PlayerFailure says what went wrong.
        """
        name = command.split()[0]
        command_id = str(self.next_id)
        self.next_id += 1
        self._send(f"{command_id} {command}\n".encode("utf-8"), name, deadline, limit)
        lines: list[str] = []
        size = 0
        while True:
            try:
                raw = self.lines.get(timeout=max(deadline - time.monotonic(), 0.0))
            except queue.Empty:
                raise PlayerFailure(f"timed out: no reply to {name} within {limit:g} s") from None
            if raw is None:
                raise PlayerFailure(self._gone())
            size += len(raw)
            if size > REPLY_LIMIT or (len(raw) > LINE_LIMIT and not raw.endswith(b"\n")):
                raise PlayerFailure(f"garbage: a reply to {name} longer than the limit")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise PlayerFailure(f"garbage: a reply to {name} that is not UTF-8 text") from None
            text = "".join(c for c in text if c >= " " or c == "\t").replace("\t", " ").rstrip()
            if not text:
                if lines:
                    break
                continue  # blank lines before a reply are ignored
            lines.append(text)
        reply = self._parse(name, command_id, lines)
        self.answered = True
        return reply

    def _send(self, data: bytes, name: str, deadline: float, limit: float) -> None:
        """Write ``data`` to the program's input, waiting no later than ``deadline`` for room."""
        fd = _pipe(self._started().stdin).fileno()
        while data:
            _, room, _ = select.select([], [fd], [], max(deadline - time.monotonic(), 0.0))
            if not room:
                raise PlayerFailure(f"timed out: did not read {name} within {limit:g} s")
            try:
                data = data[os.write(fd, data):]
            except BlockingIOError:
                continue
            except OSError:
                raise PlayerFailure(self._gone()) from None

    def _parse(self, name: str, command_id: str, lines: list[str]) -> Reply:
        first = lines[0]
        if first[0] not in "=?":
            raise PlayerFailure(f"garbage: the reply to {name} starts with {_shown(first)!r}, not = or ?")
        digits = len(first) - len(first[1:].lstrip("0123456789")) - 1
        if digits and first[1:1 + digits] != command_id:
            raise PlayerFailure(f"garbage: reply id {first[1:1 + digits]} to command id {command_id}")
        text = "\n".join([first[1 + digits:].strip(), *lines[1:]]).strip()
        return Reply(first[0] == "=", text)

    def _gone(self) -> str:
        try:
            status = self._started().wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "crashed: closed its output"
        if status < 0:
            return f"crashed: killed by signal {-status}"
        if status == 0:
            return "ended the session (exit status 0) during the game"
        return f"crashed: exit status {status}" + (f" ({SHELL_STATUS[status]})" if status in SHELL_STATUS else "")

    def stop(self, gently: bool = True) -> None:
        """End the program: ``quit`` first when ``gently``, then kill its process group (its session:
        it was started in one of its own) and stop reading its output, which a process that left
        the session may still hold open."""
        process = self.process
        if process is None:
            return
        self.process = None
        stdin = _pipe(process.stdin)
        if gently and process.poll() is None:
            try:
                os.write(stdin.fileno(), f"{self.next_id} quit\n".encode())
                stdin.close()
                process.wait(timeout=1)
            except (OSError, ValueError, subprocess.TimeoutExpired):
                pass
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        process.wait()
        if self.reading is not None:
            self.reading.clear()
        try:
            stdin.close()
        except OSError:
            pass


def _pipe(stream: IO[bytes] | None) -> IO[bytes]:
    """One of a program's pipes (it is started with a pipe for its input and one for its output)."""
    if stream is None:
        raise PlayerFailure("crashed: a pipe to it is missing")
    return stream


def _read_lines(output: int, lines: queue.Queue, reading: threading.Event) -> None:
    """Copy a program's output lines (cut at LINE_LIMIT + 1 bytes) from the pipe ``output`` to a
    queue until the pipe ends or ``reading`` is cleared; then close the pipe and put None."""
    pending = b""
    try:
        while reading.is_set():
            ready, _, _ = select.select([output], [], [], READ_POLL)
            if not ready:
                continue
            chunk = os.read(output, 65536)
            if not chunk:
                break
            pending += chunk
            while True:
                end = pending.find(b"\n", 0, LINE_LIMIT + 1) + 1 or (LINE_LIMIT + 1 if len(pending) > LINE_LIMIT else 0)
                if not end:
                    break
                lines.put(pending[:end])
                pending = pending[end:]
    except OSError:
        pass
    finally:
        os.close(output)
    if pending and reading.is_set():
        lines.put(pending)
    lines.put(None)


@dataclass
class Standing:
    """One program's results over a match."""

    wins: int = 0
    losses: int = 0
    ties: int = 0
    forfeits: int = 0
    ended: int = 0  # games played to their end by the rules (no forfeit, no move limit)
    utility: float = 0.0  # the sum of its utilities in those games
    best: float | None = None  # its best utility in them (a puzzle's best score)
    hands: int = 0  # hands played, in a game played in hands
    chips: float = 0.0  # the chips it won in them (negative: lost)


def _mean(total: float, count: int) -> str:
    """A signed mean for the results table; "-" for none."""
    return f"{total / count:+.2f}" if count else "-"


#: The utilities of a puzzle that is solved or not; any other utility is a score.
PUZZLE_RESULTS = (1.0, 0.0, -1.0)


@dataclass
class GameRecord:
    """One game: who sat where, every move with the position after it, and how it ended."""

    number: int
    seats: list[int]  # the program (0-based) playing each player
    start: str
    moves: list[dict[str, str]] = field(default_factory=list)
    end: str = ""
    result: str = ""
    utilities: tuple[float, ...] = ()
    forfeit: dict[str, Any] | None = None
    ended: bool = False  # the game reached its end by the rules
    hands: int = 0  # hands played (games that report hands)
    chips: list[float] = field(default_factory=list)  # the chips each player won in them

    def as_json(self, game: Game) -> dict[str, Any]:
        entry = {
            "game": self.number,
            "variant": game.spec,
            "players": {game.player_names[p]: program + 1 for p, program in enumerate(self.seats)},
            "start": self.start,
            "moves": self.moves,
            "end": self.end,
            "result": self.result,
            "utilities": list(self.utilities),
            "forfeit": self.forfeit,
        }
        if self.chips:
            entry["hands"] = self.hands
            entry["chips"] = self.chips
        return entry


class Match:
    """A series of games between programs, one program per player."""

    def __init__(self, game: Game, commands: list[str], games: int | None = None, seed: int = 0,
                 time_per_move: float = DEFAULT_TIME_PER_MOVE, max_moves: int = DEFAULT_MAX_MOVES,
                 log: str | None = None, startup_allowance: float = STARTUP_ALLOWANCE) -> None:
        if len(commands) != game.players:
            raise GameError(f"{game.name} has {game.players} player{'s' if game.players != 1 else ''}: "
                            f"give --player {game.players} time{'s' if game.players != 1 else ''}, not {len(commands)}")
        self.game = game
        self.programs = [Program(i + 1, command, log) for i, command in enumerate(commands)]
        self.games = game.players if games is None else games
        self.seed = seed
        self.rng = random.Random(seed)
        self.time_per_move = time_per_move
        self.max_moves = max_moves
        self.startup_allowance = startup_allowance
        self.standings = [Standing() for _ in commands]
        self.records: list[GameRecord] = []
        options = " ".join(f"{key}={format_value(value)}" for key, value in game.settings.items())
        self.game_command = f"game {game.name} {options}".rstrip()

    def play(self, out: TextIO | None = None, record: TextIO | None = None) -> list[GameRecord]:
        """Play every game; a line per game goes to ``out``, a JSON line per game to ``record``."""
        try:
            for number in range(1, self.games + 1):
                result = self.play_game(number)
                self.records.append(result)
                self._score(result)
                if out is not None:
                    print(self.describe(result), file=out, flush=True)
                if record is not None:
                    try:
                        record.write(json.dumps(result.as_json(self.game)) + "\n")
                        record.flush()
                    except OSError as problem:  # (a full disk): said of the record, not of the output
                        raise GameError(f"cannot write the record to {getattr(record, 'name', 'its file')} after game "
                                        f"{number}: {problem.strerror}") from None
        finally:
            for program in self.programs:
                program.stop()
        return self.records

    def play_game(self, number: int) -> GameRecord:
        """One game, seats rotated by ``number``."""
        game = self.game
        n = game.players
        seats = [(player + number - 1) % n for player in range(n)]
        position = game.start()
        record = GameRecord(number, seats, game.format_position(position))
        try:
            for player, index in enumerate(seats):
                program = self.programs[index]
                if not program.running:
                    program.start()
                limit = self.time_per_move + self.startup_allowance
                reply = self._ask(player, program, self.game_command, time.monotonic() + limit, limit)
                if not reply.ok:
                    raise Forfeit(player, f"refused the game: {_shown(reply.text)}")
            while game.outcome(position) is None and len(record.moves) < self.max_moves:
                mover = game.to_move(position)
                if mover == CHANCE:
                    move = random_outcome(game, position, self.rng)
                else:
                    move = self.turn(mover, self.programs[seats[mover]], position)
                text = game.format_move(position, move)
                after = game.play(position, move)
                self._count_hand(record, position, after)
                position = after
                record.moves.append({"player": game.player_name(mover), "move": text,
                                     "position": game.format_position(position)})
            utilities = game.outcome(position)
            if utilities is None:
                record.result = f"stopped at the move limit ({self.max_moves})"
                utilities = (0.0,) * n
            else:
                record.ended = True
                record.result = outcome_label(game, utilities)
                if n == 1 and utilities[0] not in PUZZLE_RESULTS:
                    record.result += f", score {utilities[0]:g}"
        except Forfeit as forfeit:
            culprit = self.programs[seats[forfeit.player]]
            culprit.stop(gently=False)
            name = game.player_name(forfeit.player)
            record.forfeit = {"player": name, "program": culprit.number, "reason": forfeit.reason}
            record.result = f"{name} forfeits ({forfeit.reason})"
            utilities = tuple(-1.0 if p == forfeit.player else 1.0 for p in range(n))
        record.end = game.format_position(position)
        record.utilities = tuple(utilities)
        return record

    def turn(self, player: int, program: Program, position: Hashable) -> Hashable:
        """Ask ``program`` for its move as ``player``: its view, its legal moves, genmove."""
        game = self.game
        limit = self.time_per_move
        deadline = time.monotonic() + limit
        view = one_line(game.view(position, player))
        reply = self._ask(player, program, f"setposition {view}", deadline, limit)
        if not reply.ok:
            raise Forfeit(player, f"refused setposition: {_shown(reply.text)}")
        legal = " ".join(game.format_move(position, move) for move in game.moves(position))
        listing = f"legal_moves {legal}"
        if len(listing.encode("utf-8")) < LINE_LIMIT - 16:
            self._ask(player, program, listing, deadline, limit)  # informational: any reply will do
        reply = self._ask(player, program, f"genmove {game.player_names[player]}", deadline, limit)
        if not reply.ok:
            raise Forfeit(player, f"genmove failed: {_shown(reply.text)}")
        words = reply.text.split()
        if len(words) != 1:
            raise Forfeit(player, f"garbage: {_shown(reply.text)!r} is not one move")
        try:
            return game.parse_move(position, words[0])
        except GameError as problem:
            if words[0].lower() == "resign":
                raise Forfeit(player, "resigned") from None
            raise Forfeit(player, f"illegal move {_shown(words[0])!r}: {one_line(problem)}") from None

    def _count_hand(self, record: GameRecord, position: Hashable, after: Hashable) -> None:
        """Add the chips of a hand that the move from ``position`` to ``after`` ends, if it ends one."""
        if not self.game.capabilities.rounds:
            return
        won = rounds(self.game).round_scores(position, after)
        if won is not None:
            record.hands += 1
            record.chips = [total + chips for total, chips in zip(record.chips or [0.0] * len(won), won)]

    @staticmethod
    def _ask(player: int, program: Program, command: str, deadline: float, limit: float) -> Reply:
        try:
            return program.ask(command, deadline, limit)
        except PlayerFailure as failure:
            raise Forfeit(player, str(failure)) from None

    @property
    def scored(self) -> bool:
        """A puzzle whose utility is a score: the table gives mean scores, not wins."""
        return self.game.players == 1 and any(
            record.ended and record.utilities[0] not in PUZZLE_RESULTS for record in self.records)

    def _score(self, record: GameRecord) -> None:
        utilities = record.utilities
        best = max(utilities)
        leaders = [p for p, u in enumerate(utilities) if u == best]
        for player, program in enumerate(record.seats):
            standing = self.standings[program]
            standing.hands += record.hands
            if record.chips:
                standing.chips += record.chips[player]
            if record.ended:
                standing.ended += 1
                standing.utility += utilities[player]
                standing.best = utilities[player] if standing.best is None else max(standing.best, utilities[player])
            if record.forfeit is not None:
                culprit = record.forfeit["program"] == program + 1
                standing.forfeits += culprit
                won = not culprit
            elif len(utilities) == 1:
                if utilities[0] not in PUZZLE_RESULTS:
                    continue  # a score: neither won nor lost
                won = utilities[0] > 0
            elif player not in leaders:
                won = False
            elif len(leaders) > 1:
                standing.ties += 1
                continue
            else:
                won = True
            if won:
                standing.wins += 1
            else:
                standing.losses += 1

    def describe(self, record: GameRecord) -> str:
        seats = " ".join(f"{self.game.player_names[p]}={program + 1}" for p, program in enumerate(record.seats))
        length = len(record.moves)
        return f"game {record.number}: {seats}: {record.result}, {length} move{'s' if length != 1 else ''}"

    def table(self) -> str:
        """The results per program: wins, losses, ties, forfeits and mean utility (a puzzle
        scored by points: mean and best score), and chips won per hand in a game of hands."""
        games = len(self.records)
        lines = [f"{self.game.spec}: {games} game{'s' if games != 1 else ''}, seed {self.seed}"]
        chips = any(standing.hands for standing in self.standings)  # hands were scored
        if self.scored:
            lines.append("player  games  ended  mean score  best score  forfeits  command")
            for program, standing in zip(self.programs, self.standings):
                best = "-" if standing.best is None else f"{standing.best:g}"
                mean = f"{standing.utility / standing.ended:.1f}" if standing.ended else "-"
                lines.append(f"{program.number:>6}  {games:>5}  {standing.ended:>5}  {mean:>10}  {best:>10}  "
                             f"{standing.forfeits:>8}  {program.command}")
        else:
            lines.append("player  wins  losses  ties  forfeits  utility" + ("  chips/hand" if chips else "")
                         + "  command")
            for program, standing in zip(self.programs, self.standings):
                per_hand = f"  {_mean(standing.chips, standing.hands):>10}" if chips else ""
                lines.append(f"{program.number:>6}  {standing.wins:>4}  {standing.losses:>6}  {standing.ties:>4}  "
                             f"{standing.forfeits:>8}  {_mean(standing.utility, standing.ended):>7}"
                             f"{per_hand}  {program.command}")
        forfeits = [(r.number, r.forfeit) for r in self.records if r.forfeit]
        if forfeits:
            lines.append("forfeits:")
            lines.extend(f"  game {number}: player {forfeit['program']} ({forfeit['player']}): "
                         f"{forfeit['reason']}" for number, forfeit in forfeits)
        return "\n".join(lines)


OWN_FLAGS = {"--player": True, "--games": True, "--seed": True, "--time-per-move": True,
             "--record": True, "--log": True, "--max-moves": True}


def main(argv: list[str] | None = None) -> int:
    """``gamesman match GAME [options] --player CMD .. [--games N] [--seed S] [--time-per-move T]
    [--max-moves M] [--record FILE] [--log FILE]``."""
    argv = sys.argv[1:] if argv is None else list(argv)
    split = split_arguments(argv, OWN_FLAGS)
    split.refuse_positionals("match GAME [options] --player CMD --player CMD [--games N] ..")
    game, flags = split.game, split.flags
    for flag in flags:
        if flag != "--player":
            split.once(flag)
    last = {flag: str(values[-1]) for flag, values in flags.items()}
    try:
        time_per_move = float(last.get("--time-per-move", DEFAULT_TIME_PER_MOVE))
    except ValueError:
        raise GameError(f"--time-per-move must be a number of seconds, not {last['--time-per-move']!r}") from None
    if not 0 < time_per_move < MAX_TIME_PER_MOVE:
        raise GameError(f"--time-per-move must be more than 0 and less than {MAX_TIME_PER_MOVE:,} seconds,"
                        f" not {last['--time-per-move']}")
    match = Match(
        game,
        [str(command) for command in flags.get("--player", [])],
        games=split.number("--games", 0, low=1) if "--games" in last else None,
        seed=split.number("--seed", 0),
        time_per_move=time_per_move,
        max_moves=split.number("--max-moves", DEFAULT_MAX_MOVES, low=1),
        log=last.get("--log"),
    )
    record = None
    if "--record" in last:
        try:
            record = open(last["--record"], "w", encoding="utf-8")
        except OSError as problem:
            raise GameError(f"cannot write {last['--record']}: {problem.strerror}") from None
    try:
        match.play(sys.stdout, record)
    finally:
        if record is not None:
            with contextlib.suppress(OSError):  # what a full disk could not take was said already
                record.close()
    print(match.table())
    return never_started(match)


#: The exit status of a match in which a player program never started (neither 1, an
#: internal failure, nor 2, bad input: the referee and its command line were fine).
PLAYER_FAILED = 3


def never_started(match: Match) -> int:
    """PLAYER_FAILED, with the first failure's reason on stderr, when a player program never
    answered (it could not start: a wrong path, a missing program, a crash or a hang before
    its first reply); else 0."""
    for record in match.records:
        failed = record.forfeit
        if failed and not match.programs[failed["program"] - 1].answered:
            command = match.programs[failed["program"] - 1].command
            print(f"gamesman: player {failed['program']} ({command}) never started: {failed['reason']}",
                  file=sys.stderr)
            return PLAYER_FAILED
    return 0
