"""The engine side of the protocol, driven as a program is driven: a subprocess over pipes."""
import os
import random
import re
import select
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gamesman.contract.registry import game_from_pairs, game_names
from gamesman.protocol.engine import LINE_LIMIT, Engine
from protocol_toys import Peek

ROOT = Path(__file__).resolve().parent.parent


class Session:
    """``gamesman protocol`` as a subprocess; replies are read byte for byte, with a timeout."""

    def __init__(self, *args: str) -> None:
        self.stderr = tempfile.TemporaryFile()
        self.process = subprocess.Popen([sys.executable, "-m", "gamesman", "protocol", *args], cwd=ROOT,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr)
        self.pending = b""

    def log(self) -> list[str]:
        """The lines the engine wrote on stderr so far (its log)."""
        self.stderr.seek(0)
        return self.stderr.read().decode().splitlines()

    def send(self, data: bytes) -> None:
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def reply(self, timeout: float = 60) -> bytes:
        """The next whole reply, up to and including its empty line."""
        while b"\n\n" not in self.pending:
            ready, _, _ = select.select([self.process.stdout], [], [], timeout)
            assert ready, f"no reply within {timeout} s; got {self.pending!r}"
            chunk = os.read(self.process.stdout.fileno(), 1 << 16)
            assert chunk, f"the engine ended; got {self.pending!r}"
            self.pending += chunk
        reply, _, self.pending = self.pending.partition(b"\n\n")
        return reply + b"\n\n"

    def ask(self, line: str) -> str:
        """Send a command; the reply text without its sign and final empty line."""
        self.send(line.encode() + b"\n")
        reply = self.reply().decode()
        assert reply[0] == "=", f"{line!r} failed: {reply!r}"
        return reply[1:-2].strip()

    def close(self) -> int:
        self.process.stdin.close()
        rest = self.process.stdout.read()
        status = self.process.wait(timeout=30)
        assert self.pending + rest == b"", "output after the last reply"
        return status


@pytest.fixture
def session():
    engine = Session()
    yield engine
    if engine.process.poll() is None:
        engine.process.kill()
        engine.process.wait()


def test_framing_byte_for_byte(session):
    exchanges = [
        (b"1 protocol_version\n", b"=1 2\n\n"),
        (b"name\n", b"= gamesman\n\n"),
        (b"clear_board\n", b"=\n\n"),
        (b"5 fly\n", b"?5 unknown command\n\n"),
        (b"6 play\n", b"?6 syntax error: usage: play [PLAYER] MOVE\n\n"),
        (b"7 known_command genmove\n", b"=7 true\n\n"),
        (b"007 name\n", b"=007 gamesman\n\n"),
        (b"11\n", b"?11 no command after the id\n\n"),
        # blank lines, comments and whitespace-only lines get no reply at all
        (b"\n   \n# a comment\n\t\n12 name\n", b"=12 gamesman\n\n"),
        # tabs are spaces, control characters vanish, CR LF ends a line too
        (b"13\tna\x01me\x7f   # trailing comment\r\n", b"=13 gamesman\n\n"),
        (b"14 PLAY b2\n", b"=14\n\n"),
        (b"15 position\n", b"=15 (o --- -x- ---)\n\n"),
        (b"16 showboard\n", b"=16\n  a b c\n1 - - -\n2 - x -\n3 - - -\n\n"),
        # an id is ASCII digits: a superscript two or an Arabic-Indic three is a command name
        ("\u00b2 name\n".encode(), b"? unknown command\n\n"),
        ("\u0663 name\n".encode(), b"? unknown command\n\n"),
        # a comment is cut from the raw bytes: whatever it holds, it gets no reply
        (b"20 name # caf\xe9 \xff\xfe\n", b"=20 gamesman\n\n"),
        (b"# \xff\xfe\n\x01\x02\x7f\n21 name\n", b"=21 gamesman\n\n"),
        # words are separated by ASCII spaces (and tabs) only, not by other Unicode spaces
        ("22 play\u00a0b2\n".encode(), b"?22 unknown command\n\n"),
        ("23 known_command \u2003name\n".encode(), b"=23 false\n\n"),
        ("24 known_command\u3000name\n".encode(), b"?24 unknown command\n\n"),
    ]
    for command, expected in exchanges:
        session.send(command)
        assert session.reply() == expected, command
    assert session.close() == 0


def test_bad_input_gets_a_reply_and_changes_nothing(session):
    session.ask("play b2")
    before = session.ask("position")
    bad = [
        (b"1 setposition (x xxx\n", b"?1 tictactoe: "),
        (b"2 play zz\n", b"?2 illegal move: tictactoe: "),
        (b"3 play a1 b1 c1\n", b"?3 syntax error: usage: play [PLAYER] MOVE"),
        (b"4 play x a1\n", b"?4 it is o's turn, not x's"),
        (b"5 play nobody a1\n", b"?5 'nobody' is not a player of tictactoe"),
        (b"6 play \xff\xfe\n", b"?6 input is not UTF-8 text (byte 8 of the line)"),
        (b"7 setposition " + b"x" * LINE_LIMIT + b"\n", b"?7 line too long: a command line has at most 65536 bytes"),
        (b"8 game chess\n", b"?8 unknown game 'chess'"),
        (b"9 game nim heaps=99\n", b"?9 nim: heaps must be int from 1 to 20, not 99"),
        (b"10 game nim heaps\n", b"?10 nim: 'heaps' is not key=value"),
        (b"11 strategy telepathy\n", b"?11 unknown strategy 'telepathy'"),
        (b"12 seed many\n", b"?12 seed needs a whole number, not 'many'"),
        (b"13 undo 2\n", b"?13 syntax error: usage: undo"),
        (b"14 boardsize 3\n", b"?14 unacceptable size: tictactoe has no board size option"),
        (b"15 view\n", b"?15 syntax error: usage: view PLAYER"),
        (b"16 chance\n", b"?16 not a chance node: it is o's turn"),
        (b"17 legal_moves a1\n", b"=17\n\n"),  # information only: it changes nothing either
    ]
    for command, expected in bad:
        session.send(command)
        reply = session.reply()
        assert reply.startswith(expected), (command, reply)
        assert reply.endswith(b"\n\n") and b"\n" not in reply[:-2], reply
        assert session.ask("position") == before
    session.send(b"# " + b"y" * (3 * LINE_LIMIT) + b"\n18 name\n")  # a long comment is still a comment
    assert session.reply() == b"=18 gamesman\n\n"
    assert session.ask("game") == "tictactoe(misere=false)"
    assert session.close() == 0


def test_quit_ends_the_session_even_with_input_left(session):
    session.send(b"1 quit\nname\n")
    assert session.reply() == b"=1\n\n"
    assert session.process.wait(timeout=30) == 0
    assert session.process.stdout.read() == b""


def test_list_commands_and_known_command(session):
    commands = session.ask("list_commands").split("\n")
    assert {"protocol_version", "genmove", "setposition", "legal_moves", "solve"} <= set(commands)
    for command in commands:
        assert session.ask(f"known_command {command}") == "true"
    assert session.ask("known_command teleport") == "false"


#: Variants for the whole-game test where the default will not do: the default cube starts solved.
WHOLE_GAME_OPTIONS = {"cube": ["size=2", "scramble=4"]}
#: Puzzles that random moves do not end: the engine plays them with a strategy (genmove).
WHOLE_GAME_STRATEGY = {"cube": "optimal"}


@pytest.mark.slow
def test_a_whole_game_of_every_game(session):
    """Every registered game: random moves (a solving strategy for a puzzle) until the outcome
    says it is over, checking the moves and the position after every move."""
    rng = random.Random(2024)
    for name in game_names():
        options = WHOLE_GAME_OPTIONS.get(name, [])
        game = game_from_pairs(name, options)
        assert session.ask(" ".join(["game", name, *options])) == game.spec
        strategy = WHOLE_GAME_STRATEGY.get(name, "random")
        assert session.ask(f"strategy {strategy}") == strategy
        position = game.start()
        assert session.ask("position") == game.format_position(position)
        assert game.outcome(position) is None
        for _ in range(300):
            if session.ask("outcome") != "none":
                break
            moves = session.ask("moves").split()
            assert moves == [game.format_move(position, m) for m in game.legal_moves(position)]
            if name in WHOLE_GAME_STRATEGY:
                move = session.ask("genmove")
                assert move in moves
            else:
                move = rng.choice(moves)
                assert session.ask(f"play {move}") == ""
            position = game.play(position, game.parse_move(position, move))
            assert session.ask("position") == game.format_position(position)
        else:
            pytest.fail(f"{game.spec}: not over after 300 moves")
        utilities = game.outcome(position)
        assert utilities is not None
        assert session.ask("outcome").split(": ")[1].split() == [f"{u:g}" for u in utilities]
        assert session.ask("moves") == ""
        assert session.ask("genmove") == "resign"  # GTP's answer when there is no move to make
        assert session.ask("strategy random") == "random"
    assert session.close() == 0


def test_gtp_colours_and_genmove():
    engine = Session("othello")
    assert engine.ask("game") == "othello(rows=4,cols=4,misere=false,place_anywhere=false)"
    first = engine.ask("moves").split()[0]
    engine.send(b"genmove white\n")
    assert engine.reply() == b"? it is b's turn, not w's\n\n"
    assert engine.ask(f"play black {first}") == ""
    move = engine.ask("genmove w")
    assert engine.ask("undo") == ""
    assert move in engine.ask("moves").split()  # a legal move of w
    assert engine.ask(f"play W {move}") == ""
    assert engine.ask("undo") == "" and engine.ask("undo") == ""
    engine.send(b"undo\n")
    assert engine.reply() == b"? cannot undo\n\n"
    assert engine.ask("boardsize 6") == ""
    assert engine.ask("game") == "othello(rows=6,cols=6,misere=false,place_anywhere=false)"
    engine.send(b"boardsize 101\n")
    assert engine.reply().startswith(b"? unacceptable size: othello: rows must be")
    assert engine.ask("game") == "othello(rows=6,cols=6,misere=false,place_anywhere=false)"
    assert engine.close() == 0


def test_boardsize_takes_width_and_height():
    engine = Session("hex", "--size", "3")
    assert engine.ask("boardsize 5") == "" and engine.ask("game") == "hex(size=5,swap=false)"
    assert engine.ask("boardsize 4 4") == "" and engine.ask("game") == "hex(size=4,swap=false)"
    for line, reply in [("boardsize 4 5", b"? unacceptable size: hex boards are square (one size option), not 4x5"),
                        ("boardsize 4 x", b"? unacceptable size: 'x' is not a whole number"),
                        ("boardsize 4 4 4", b"? syntax error: usage: boardsize WIDTH [HEIGHT]")]:
        engine.send(line.encode() + b"\n")
        assert engine.reply() == reply + b"\n\n"
    assert engine.ask("game") == "hex(size=4,swap=false)"
    assert engine.ask("game othello") == "othello(rows=4,cols=4,misere=false,place_anywhere=false)"
    assert engine.ask("boardsize 6 4") == ""  # width: columns, height: rows
    assert engine.ask("game") == "othello(rows=4,cols=6,misere=false,place_anywhere=false)"
    assert engine.close() == 0


@pytest.mark.slow
def test_a_strategy_that_does_not_fit_the_new_game_falls_back_to_random():
    engine = Session("poker", "--strategy", "call")
    assert engine.ask("game tictactoe") == ("tictactoe(misere=false)\nstrategy call does not apply (call: a strategy "
                                            "for poker, not for tictactoe); the strategy is now random")
    assert engine.ask("strategy") == "random"
    assert engine.ask("genmove") in "a1 b1 c1 a2 b2 c2 a3 b3 c3".split()
    assert engine.ask("strategy perfect") == "perfect"
    assert engine.ask("game nim") == "nim(heaps=3,size=5,take=3,misere=false)"  # perfect applies: kept
    assert engine.ask("strategy") == "perfect"
    assert engine.ask("game hex size=3") == "hex(size=3,swap=false)"
    assert engine.ask("boardsize 12") == ("strategy perfect does not apply (hex: this variant is too large to solve; "
                                          "use a search player); the strategy is now rave")
    assert engine.ask("strategy") == "rave --time 1"
    assert engine.close() == 0


def test_genmove_logs_what_the_strategy_found_and_resigns_at_the_end():
    engine = Session("nim", "--heaps", "2", "--size", "3", "--strategy", "perfect")
    engine.ask("setposition (o 3 1)")
    assert engine.ask("genmove o") == "1-2"
    assert engine.ask("genmove") in ("1-1", "2-1")
    engine.ask("setposition (x 0 0)")
    assert engine.ask("genmove x") == "resign"
    engine.send(b"genmove nobody\n")
    assert engine.reply().startswith(b"? 'nobody' is not a player of nim")
    assert engine.close() == 0
    log = engine.log()
    assert log[0] == "genmove 1-2: perfect: 1-2: win 3"
    assert log[1].startswith("genmove 1-") or log[1].startswith("genmove 2-")
    assert log[2] == "genmove resign: the game is over (o wins)"


@pytest.mark.slow
def test_value_of_a_variant_too_large_to_solve_is_a_labelled_estimate():
    from gamesman.players.search import RUN_AS_PYTHON

    engine = Session("hex", "--size", "5", "--seed", "3")
    first = [engine.ask("genmove") for _ in range(2)]
    engine.ask("clear_board")
    estimate = engine.ask("value")
    assert estimate.startswith("estimate by rave --time 1: best ")  # the game's search player, on a time budget
    python = f"(?:{re.escape(RUN_AS_PYTHON)})?"  # (said while numba compiles the search, in a fresh install)
    assert re.search(rf"of [\d,]+ iterations, [\d,]+ nodes in [\d.]+ s{python}$", estimate)  # the search behind it
    rated = engine.ask("values").splitlines()
    assert re.fullmatch(rf"\(estimates by rave --time 1, [\d,]+ iterations, [\d,]+ nodes in [\d.]+ s{python}\)",
                        rated[-1])
    assert {line.split()[0] for line in rated[:-1]} == set(engine.ask("moves").split())
    engine.ask("seed 3")
    assert [engine.ask("genmove") for _ in range(2)] == first  # estimates leave genmove's draws alone
    assert engine.ask("strategy rave 300") == "rave 300"
    estimate = engine.ask("value")
    assert engine.ask("value") == estimate  # seeded by the position: the same answer again
    move = estimate.split()[5].rstrip(",")
    assert move in engine.ask("moves").split()
    assert engine.ask("values").splitlines()[0].startswith(f"{move} estimate win rate ")  # the same search
    assert engine.ask("strategy mcts 40") == "mcts 40"
    assert engine.ask("value").startswith("estimate by mcts 40: best ")  # the session's own search
    assert engine.ask("strategy alphabeta 2") == "alphabeta 2"
    assert engine.ask("value").startswith("estimate by alphabeta 2: best ")
    assert engine.close() == 0


def test_solver_commands_and_strategies():
    engine = Session("nim", "--heaps", "2", "--size", "3", "--seed", "5")
    assert engine.ask("game") == "nim(heaps=2,size=3,take=3,misere=false)"
    assert engine.ask("solve") == "lose 6"
    engine.ask("setposition (o 3 1)")
    assert engine.ask("value") == "win 3"
    rows = engine.ask("values").split("\n")
    assert rows[0] == "1-2 win 3" and len(rows) == 4
    assert engine.ask("strategy perfect") == "perfect"
    assert engine.ask("genmove o") == "1-2"
    assert engine.ask("position") == "(x 1 1)"
    assert engine.ask("value") == "lose 2"
    assert engine.ask("view x") == "(x 1 1)"
    assert engine.ask("strategy imperfect 0.5") == "imperfect 0.5"
    assert engine.ask("strategy") == "imperfect 0.5"
    assert engine.close() == 0


@pytest.mark.slow
def test_seed_makes_genmove_repeatable():
    def game_with_seed(seed):
        engine = Session("--seed", str(seed))
        moves = [engine.ask("genmove") for _ in range(5)]
        engine.close()
        return moves

    assert game_with_seed(3) == game_with_seed(3)
    engine = Session()
    first = [engine.ask("genmove") for _ in range(5)]
    engine.ask("clear_board")
    engine.ask("seed 0")
    assert [engine.ask("genmove") for _ in range(5)] == first
    engine.close()


@pytest.mark.slow
def test_bad_command_line_is_exit_status_2():
    for args in (["chess"], ["nim", "--heaps", "99"], ["--strategy", "telepathy"], ["nim", "extra"]):
        done = subprocess.run([sys.executable, "-m", "gamesman", "protocol", *args], cwd=ROOT,
                              input="", capture_output=True, text=True, timeout=60)
        assert done.returncode == 2 and done.stderr.startswith("gamesman: "), args


# -- chance and hidden information (a tiny unregistered game, in process) --------------------


def run(engine: Engine, line: str) -> str:
    return engine.handle_line(line.encode() + b"\n").decode()


def test_chance_nodes():
    engine = Engine(Peek(), seed=1)
    assert run(engine, "moves") == "= a b c\n\n"
    assert run(engine, "play b") == "=\n\n"
    dealt = run(engine, "chance")
    assert dealt[2:-2] in ("a", "b", "c")
    assert run(engine, "position") == f"= (x b{dealt[2]} --)\n\n"
    assert run(engine, "chance") == "? not a chance node: it is x's turn\n\n"
    assert run(engine, "undo") == "=\n\n"
    drawn = run(engine, "genmove")  # genmove at a chance node draws too
    assert drawn[2:-2] in ("a", "b", "c")
    assert run(engine, "genmove o") == "? it is x's turn, not o's\n\n"
    assert run(engine, "genmove x")[2:-2] in ("keep", "fold")


def test_chance_draws_follow_the_seed():
    def draws(seed):
        engine = Engine(Peek(), seed=seed)
        out = []
        for _ in range(20):
            out.append(run(engine, "chance"))
            run(engine, "clear_board")
        return out

    assert draws(4) == draws(4)
    assert len(set(draws(4))) > 1


def test_views_of_hidden_information():
    engine = Engine(Peek())
    for line in ("play a", "play c"):
        assert run(engine, line) == "=\n\n"
    assert run(engine, "position") == "= (x ac --)\n\n"
    assert run(engine, "view x") == "= (x a? --)\n\n"
    assert run(engine, "view o") == "= (x ?c --)\n\n"
    # a view is a position the engine can play from, given the legal moves
    assert run(engine, "setposition (o ?c k-)") == "=\n\n"
    assert run(engine, "position") == "= (o ?c k-)\n\n"
    assert run(engine, "moves").startswith("? the moves of a view are not known here")
    assert run(engine, "genmove o").startswith("? no legal moves known for this view")
    assert run(engine, "legal_moves keep fold") == "=\n\n"
    assert run(engine, "moves") == "= keep fold\n\n"
    assert run(engine, "genmove o")[2:-2] in ("keep", "fold")
    for command in ("play keep", "value", "outcome", "view x", "chance"):
        assert "needs a full position" in run(engine, command), command
    assert run(engine, "setposition (o ?? k-)").startswith("? not a position: peek: ")
    assert run(engine, "clear_board") == "=\n\n"
    assert run(engine, "position") == "= (* -- --)\n\n"


# -- PROTOCOL.md: the examples of its command reference are one session --------------------


def documented_session() -> list[tuple[str, str]]:
    """(command, reply) pairs from the code blocks of PROTOCOL.md section 3."""
    text = (ROOT / "protocol" / "PROTOCOL.md").read_text()
    section = text.split("## 3.")[1].split("## 4.")[0]
    pairs = []
    for block in re.findall(r"```\n(.*?)```", section, re.S):
        if block.startswith("gamesman "):
            continue
        for exchange in block.split("\n\n"):
            if exchange.strip():
                command, _, reply = exchange.strip("\n").partition("\n")
                pairs.append((command, reply))
    return pairs


@pytest.mark.slow
def test_the_documented_examples_are_true(session):
    pairs = documented_session()
    assert len(pairs) > 40
    for command, expected in pairs:
        session.send(command.encode() + b"\n")
        reply = session.reply().decode()[:-2]
        pattern = ".*".join(re.escape(part) for part in expected.split("..."))
        assert re.fullmatch(pattern, reply, re.S), f"{command!r}: expected {expected!r}, got {reply!r}"
    assert session.process.wait(timeout=30) == 0  # the last example is quit
