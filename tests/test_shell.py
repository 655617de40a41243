"""The shell's commands, driven with plain strings (no terminal)."""
from __future__ import annotations

import importlib
import errno
import io
import os
import re
import signal
import subprocess
import sys
import time
import types
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from gamesman.players import strategies as players
from gamesman.contract.capabilities import Capabilities
from gamesman.contract.game import CHANCE, Game, Option
from gamesman.contract.strategy import Choice, Strategy
from gamesman.contract.progress import Progress
from gamesman.contract.registry import make_game
from gamesman.doors.shell import Interrupts, Shell, announce, describe_result
from gamesman.solver.strong import Solver
from gamesman.testing.transcript import check, gamesman_command

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def shared_cache(tmp_path_factory):
    return tmp_path_factory.mktemp("shell-cache")


@pytest.fixture(autouse=True)
def solve_once(private_cache, shared_cache, monkeypatch):
    """One solver database for this module's tests (still a temporary directory)."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(shared_cache))


def shell(*lines: str, seed: int = 0) -> Shell:
    """A shell that has run ``lines``."""
    s = Shell(write=lambda text: None, seed=seed)
    for line in lines:
        s.run(line)
    return s


def lines_of(text: str) -> list[str]:
    return text.rstrip("\n").split("\n")


# -- small games made for these tests ------------------------------------------------------

class DiceRace(Game):
    """Two players take turns to roll a die of 1 or 2 (chance) and add it to their total;
    before rolling the mover says ``roll`` or ``double`` (a double roll adds twice the die).
    The first to 4 wins."""

    name = "dicerace"
    title = "Dice race"
    player_names = ("a", "b")
    goal = Option(int, 4, "the total that wins", low=2, high=6)

    def declare(self):
        return Capabilities(players=2, chance=True, solvable=True)

    def start(self):
        return (0, 0, 0, 0)  # turn, pending factor (0: the mover chooses), total a, total b

    def to_move(self, position):
        return CHANCE if position[1] else position[0]

    def moves(self, position):
        return [] if self.outcome(position) or position[1] else ["roll", "double"]

    def chances(self, position):
        return [(1, Fraction(1, 2)), (2, Fraction(1, 2))] if position[1] else []

    def play(self, position, move):
        turn, factor, a, b = position
        if factor:
            if move not in (1, 2):
                raise self.illegal(f"no die shows {move}")
            totals = [a, b]
            totals[turn] += factor * move
            return (1 - turn, 0, *totals)
        if move not in self.moves(position):
            raise self.illegal(f"{move} is not legal here")
        return (turn, 1 if move == "roll" else 2, a, b)

    def outcome(self, position):
        turn, factor, a, b = position
        if a >= self.goal:
            return (1.0, -1.0)
        if b >= self.goal:
            return (-1.0, 1.0)
        return None

    def format_position(self, position):
        return "(" + " ".join(map(str, position)) + ")"

    def parse_position(self, text):
        raise self.error("positions are not parsed here", text)

    def render(self, position):
        return f"a {position[2]}, b {position[3]}"


class TakeThree(Game):
    """Three players take 1 or 2 from a pile of 4 in turn; whoever takes the last one gets 1,
    the others 0."""

    name = "takethree"
    title = "Take three"
    player_names = ("p", "q", "r")

    def declare(self):
        return Capabilities(players=3, solvable=True)

    def start(self):
        return (0, 4)

    def to_move(self, position):
        return position[0]

    def moves(self, position):
        return [m for m in (1, 2) if m <= position[1]]

    def play(self, position, move):
        if move not in self.moves(position):
            raise self.illegal(f"cannot take {move}")
        return ((position[0] + 1) % 3, position[1] - move)

    def outcome(self, position):
        if position[1]:
            return None
        last = (position[0] - 1) % 3
        return tuple(1.0 if p == last else 0.0 for p in range(3))

    def format_position(self, position):
        return f"({self.player_names[position[0]]} {position[1]})"

    def parse_position(self, text):
        raise self.error("positions are not parsed here", text)

    def render(self, position):
        return f"pile {position[1]}"


def huge_tictactoe(monkeypatch, cache) -> Game:
    """Tic-Tac-Toe that claims to be too large to solve, with no database saved (one would
    be answered from)."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(cache))
    game = make_game("tictactoe")
    game.capabilities = replace(game.capabilities, solvable=False)
    return game


class Broken(DiceRace):
    name = "broken"

    def render(self, position):
        raise RuntimeError("the board fell off the table")


def started(game: Game, seed: int = 0) -> Shell:
    s = Shell(write=lambda text: None, seed=seed)
    s.run("new onetwoten")  # any game, then swap in the test game
    s.begin(game, keep_players=False)
    return s


# -- starting games ------------------------------------------------------------------------

def test_prompt_names_the_game_and_the_player_to_move():
    s = shell()
    assert s.prompt() == "gamesman> "
    s.run("new tictactoe")
    assert s.prompt() == "tictactoe x> "
    s.run("b2")
    assert s.prompt() == "tictactoe o> "


def test_new_game_with_flags_draws_the_board_and_the_prediction():
    s = shell()
    out = s.run("new nim --heaps 2 --size 4 --misere")
    game = make_game("nim", heaps=2, size=4, misere=True)
    result = Solver(game, database=None).result(game.start())
    assert lines_of(out) == [f"Nim: {game.spec}", *game.render(game.start()).split("\n"), "x to move",
                             f"Prediction: {describe_result(game, game.start(), result)}"]
    assert s.game.spec == game.spec


@pytest.mark.parametrize("line, message", [
    ("new nim --heaps 99", "nim: heaps must be int from 1 to 20, not 99"),
    ("new nim --bogus", "nim: unknown option '--bogus' (options: --heaps --size --take --misere)"),
    ("new tictactoe --misere=perhaps", "tictactoe: misere must be true or false, not perhaps"),
    ("new nim --heaps", "nim: --heaps needs a value (int from 1 to 20)"),
    ("new nim --seed soon", "--seed must be a whole number, not 'soon'"),
])
def test_a_bad_flag_gets_one_line_and_changes_nothing(line, message):
    s = shell("new onetwoten", "1")
    before = (s.game.spec, list(s.history))
    assert s.run(line) == message + "\n"
    assert (s.game.spec, list(s.history)) == before


def test_unknown_game_lists_the_games():
    out = shell().run("new chess")
    assert out.startswith("unknown game 'chess' (games: 2048 abalone beverbende")
    assert out.count("\n") == 1


def test_new_alone_and_again_restart_the_same_variant_keeping_computer_players():
    s = shell("new onetwoten --target 5", "computer R random", "1")
    assert len(s.history) == 3
    s.run("again")
    assert len(s.history) == 1 and s.game.spec.startswith("onetwoten(target=5")
    assert 1 in s.computers
    s.run("new")
    assert len(s.history) == 1 and 1 in s.computers
    s.run("new onetwoten")
    assert s.computers == {}


# -- moves, undo, redo, history, position, set ---------------------------------------------

def test_moves_are_typed_as_moves_prints_them_in_any_case():
    s = shell("new tictactoe")
    assert s.run("moves") == "a1 b1 c1 a2 b2 c2 a3 b3 c3\n"
    s.run("B2")
    assert s.run("position") == "(o --- -x- ---)\n"


def test_a_bad_move_gets_one_line_and_changes_nothing():
    s = shell("new tictactoe", "b2")
    for bad in ("b2", "z9", "xyzzy"):
        out = s.run(bad)
        assert out.count("\n") == 1 and out.startswith("tictactoe: ")
        assert s.run("position") == "(o --- -x- ---)\n"
    assert s.run("b2 c3").startswith("unknown command 'b2'")


def test_a_whole_game_ends_with_the_winner_and_an_offer_to_play_again():
    s = shell("new tictactoe", "predictions off")
    for move in ("a1", "a2", "b1", "b2"):
        s.run(move)
    out = s.run("c1")
    assert lines_of(out)[-1] == "game over: x wins. Type again to play again, or new GAME."
    assert s.prompt() == "tictactoe> "
    assert s.run("c3").startswith("the game is over (x wins)")
    assert s.run("value") == "the game is over: x wins\n"
    s.run("again")
    assert s.run("position") == "(x --- --- ---)\n"


def test_undo_and_redo_walk_the_history():
    s = shell("new nim --heaps 2 --size 3", "predictions off", "1-1", "2-2", "1-1")
    assert s.run("position") == "(o 1 1)\n"
    s.run("undo")
    s.run("undo")
    assert s.run("position") == "(o 2 3)\n"
    s.run("redo")
    assert s.run("position") == "(x 2 1)\n"
    s.run("redo")
    assert s.run("position") == "(o 1 1)\n"
    assert s.run("redo") == "nothing to redo\n"
    s.run("undo")
    s.run("2-1")  # a new move forgets what could be redone
    assert s.run("redo") == "nothing to redo\n"
    assert lines_of(s.run("history")) == ["start (x 3 3)", "  1. x 1-1", "  2. o 2-2", "  3. x 2-1"]
    s.run("new nim")
    assert s.run("undo") == "nothing to undo\n"


def test_undo_takes_back_the_computers_reply_too():
    s = shell("new onetwoten", "computer R perfect", "predictions off", "1")
    assert [step.mover for step in s.history[1:]] == [0, 1]
    s.run("undo")
    assert s.run("position") == "(L 0)\n"
    s.run("redo")
    assert len(s.history) == 3


def test_set_starts_from_any_position_and_refuses_bad_strings():
    s = shell("new tictactoe", "b2")
    out = s.run("set (x xx- -o-)")
    assert out == 'tictactoe: 2 rows, expected 3 in "(x xx- -o-)"\n'
    assert s.run("position") == "(o --- -x- ---)\n"
    out = s.run("set (x  XX- -o- o-- )")
    assert s.run("position") == "(x xx- -o- o--)\n"
    assert lines_of(out)[-1] == "Prediction: x should win in 1"
    assert s.run("undo") == "nothing to undo\n"
    assert s.run("set").startswith("set needs a position, e.g. set (x --- --- ---)")


# -- analysis ----------------------------------------------------------------------------------

@pytest.mark.parametrize("name, options", [("tictactoe", {}), ("nim", {"heaps": 2, "size": 3}),
                                           ("onetwoten", {"misere": True})])
def test_value_values_and_hint_say_what_the_solver_says(name, options):
    game = make_game(name, **options)
    solver = Solver(game, database=None)
    position = game.start()
    flags = " ".join(f"--{k}" if v is True else f"--{k} {v}" for k, v in options.items())
    s = shell(f"new {name} {flags}")
    assert s.run("value") == describe_result(game, position, solver.result(position)) + "\n"
    rows = lines_of(s.run("values"))
    assert rows[0].split() == ["move", "value", "remoteness"]
    expected = [[game.format_move(position, m), r.value.value, str(r.remoteness)]
                for m, r in solver.move_results(position)]
    best = [game.format_move(position, m) for m in solver.best_moves(position)]
    tie = [["tied", "best:", *best]] if len(best) > 1 else []
    assert [row.split() for row in rows[1:]] == expected + tie
    assert s.run("hint").startswith("hint: play " + (best[0] if len(best) == 1 else ", ".join(best[:-1])))


def test_value_phrases_follow_gamesman():
    ttt = make_game("tictactoe")
    assert shell("new tictactoe").run("value") == "the game is a tie in 9\n"
    assert shell("new tictactoe", "set (x xx- -o- o--)").run("value") == "x should win in 1\n"
    assert shell("new nim --heaps 2 --size 2 --take 2").run("value") == "x should lose in 4\n"
    assert announce(ttt, (0.0, 0.0)) == "the game is a tie"
    assert announce(ttt, (-1.0, 1.0)) == "o wins"
    assert announce(ttt, (3.0, -3.0)) == "x wins (scores: x 3, o -3)"


def test_a_one_player_game_ends_with_its_score_or_won_or_lost():
    s = shell("new 2048 --rows 3 --cols 3", "computer player random")
    score = s.position[1]  # (turn, score, cells)
    assert s.over() == (float(score),) and score > 4
    assert f"game over: score {score}. Type again to play again, or new GAME." in s.run("show")
    assert s.run("value") == f"the game is over: score {score}\n"
    target = make_game("2048", rows=2, cols=2, target=16)
    assert announce(target, (1.0,)) == "won" and announce(target, (0.0,)) == "lost"
    assert announce(make_game("cube", size=2), (1.0,)) == "won"


def test_predictions_toggle():
    s = shell("new onetwoten")
    assert "Prediction: L should win in 7" in s.run("show")
    assert s.run("predictions off") == "predictions off\n"
    assert "Prediction" not in s.run("1")
    assert "Prediction: R should lose in 6" in s.run("predictions on")
    assert s.run("predictions") == "predictions are on\n"
    assert s.run("predictions maybe") == "predictions takes on or off\n"


def test_a_variant_too_large_to_solve_at_once_waits_for_solve(monkeypatch, tmp_path):
    """With the shell's limit on what it solves by itself below Tic-Tac-Toe's 765 positions up
    to symmetry (those the solver keeps), and nothing solved before: new solves nothing; the
    prediction says so with the size (an estimate), value gives the search player's estimate,
    auto the search player's move; solve then solves it, and value and the prediction are the
    solver's."""
    from gamesman.doors.shell import session

    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    monkeypatch.setattr(session, "AT_ONCE", {"fast": 500, "reference": 500})
    game = make_game("tictactoe")
    start = game.start()
    said = f"Prediction: {describe_result(game, start, Solver(game, database=None).result(start))}"
    s = shell()
    out = s.run("new tictactoe")
    assert re.search(r"Prediction: not yet: too large to solve at once \(an estimate: more than 500 positions; "
                     r"the count stopped there after [0-9.]+ s, and solving takes longer\); solve solves it now", out)
    assert "too large to solve at once" in s.run("value") and "estimate by" in s.run("value")
    assert "Prediction: not yet: too large" in s.run("auto 1")
    assert s.run("undo").count("Prediction: not yet: too large") == 1
    assert s.run("solve") == f"{game.spec}: {said[len('Prediction: '):]}\n"
    assert said in s.run("show")
    s.run("new tictactoe --misere")
    assert "Prediction: not yet: too large" in s.run("show")
    assert "Prediction: " in s.run("predictions on") and "not yet" not in s.run("show")


def test_too_large_at_once_is_explained_once(monkeypatch, tmp_path):
    """The size estimate of a variant too large to solve at once is said in full once (with
    the prediction); hint, value and values after it only name the reason."""
    from gamesman.doors.shell import session

    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    monkeypatch.setattr(session, "AT_ONCE", {"fast": 500, "reference": 500})
    s = shell()
    out = s.run("new tictactoe")
    for command in ("hint", "value", "values", "hint"):
        out += s.run(command)
        assert "too large to solve at once (solve solves it)" in out
    assert out.count("the count stopped there") == 1


def test_a_piped_new_kaboom_solves_nothing_before_quit():
    """The default Kaboom board (24 million positions) is not solved by new: its prediction
    waits, after a count of a few seconds that stopped at the shell's limit."""
    from gamesman.doors.shell.session import AT_ONCE

    s = shell()
    out = s.run("new kaboom")
    assert f"Prediction: not yet: too large to solve at once (an estimate: more than {AT_ONCE['fast']:,}" in out
    assert s.run("quit") == ""


def test_ctrl_c_during_a_prediction_turns_predictions_off(monkeypatch):
    s = shell("new nim --heaps 2 --size 2")

    def interrupted(self, position, deadline=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(Solver, "result", interrupted)
    out = s.run("new nim --heaps 3 --size 4")
    assert lines_of(out)[-1].startswith("Prediction: interrupted; predictions are off")
    assert not s.predictions
    with pytest.raises(KeyboardInterrupt):  # elsewhere the front end cancels the command
        s.run("value")
    assert s.run("position") == "(x 4 4 4)\n"


def test_ctrl_c_cancels_once_is_dropped_between_commands_and_waits_for_an_import(tmp_path, monkeypatch):
    interrupts = Interrupts()
    interrupts(signal.SIGINT, sys._getframe())  # between commands: dropped
    with pytest.raises(KeyboardInterrupt):
        with interrupts.cancellable():
            interrupts(signal.SIGINT, sys._getframe())
    with interrupts.cancellable():
        interrupts.armed = False  # as raising left it: a second Ctrl-C while the first is handled
        interrupts(signal.SIGINT, sys._getframe())
    retries = []
    monkeypatch.setattr(interrupts, "again", lambda: retries.append(True))
    probe = types.ModuleType("interrupt_probe")
    probe.handler = interrupts
    monkeypatch.setitem(sys.modules, "interrupt_probe", probe)
    (tmp_path / "imported_while_interrupted.py").write_text(
        "import signal, sys\nsys.modules['interrupt_probe'].handler(signal.SIGINT, sys._getframe())\nDONE = True\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with interrupts.cancellable():
        assert importlib.import_module("imported_while_interrupted").DONE  # the import completes
    assert retries == [True]  # and the Ctrl-C is sent again


def test_a_ctrl_c_after_a_line_is_accepted_cancels_its_command_as_it_starts():
    """The terminal takes Ctrl-C as a signal again once the line editor has accepted a line,
    a moment before the line's command is armed: a Ctrl-C then is the command's."""
    interrupts, ran = Interrupts(), []
    interrupts.line_accepted()
    interrupts(signal.SIGINT, sys._getframe())  # after Enter, before the command is armed
    with pytest.raises(KeyboardInterrupt):
        with interrupts.cancellable():
            ran.append("the command")
    assert ran == [] and not interrupts.armed
    with interrupts.cancellable():  # the next command runs
        ran.append("the next command")
    interrupts(signal.SIGINT, sys._getframe())  # between commands, no line accepted: dropped
    with interrupts.cancellable():
        ran.append("the one after")
    assert ran == ["the next command", "the one after"]


def test_a_ctrl_c_just_after_a_plain_line_is_read_is_its_commands(monkeypatch):
    """The plain front end keeps a line's bytes as they are read: a Ctrl-C that lands while
    they are decoded (Python code, where a signal's handler runs) cancels the line's command,
    where it used to lose the line and cancel the prompt."""
    from gamesman.doors.shell.plain import plain_loop

    class Decoding(bytes):
        def decode(self, *arguments: str) -> str:
            raise KeyboardInterrupt  # as the handler raises it there

    class Input:
        encoding, errors = "utf-8", "strict"
        buffer = iter([Decoding(b"value\n")])  # then the end of the input

    calls = []

    class Front:
        finished, interrupts = False, Interrupts()

        def prompt(self) -> str:
            return "nim x> "

        def execute(self, line: str, prompt: str) -> None:
            calls.append(line)

        def cancel_line(self, prompt: str, newline: bool) -> None:
            calls.append("the line cancelled")

        def interrupted(self) -> None:
            calls.append("the command interrupted")

        def end_of_input(self, prompt: str) -> None:
            calls.append("the end")

    monkeypatch.setattr(sys, "stdin", Input())
    plain_loop(Front())
    assert calls == ["the command interrupted", "the end"]


def test_a_ctrl_c_lost_in_a_finalizer_still_cancels_the_command(monkeypatch):
    """A Ctrl-C whose KeyboardInterrupt lands in a finalizer (where Python only reports it,
    through the command's unraisable hook) comes again, and the command is cancelled."""
    from gamesman.doors.cli import interrupt_again

    monkeypatch.setattr(sys, "unraisablehook", interrupt_again)
    interrupts = Interrupts()

    class Finalized:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)
            sum(range(1000))  # (Python code: the handler runs here, in the finalizer)

    cancelled = False
    with interrupts.installed():
        try:
            with interrupts.cancellable():
                Finalized()
                for _ in range(200):  # (a guard: the Ctrl-C comes again after Interrupts.RETRY)
                    time.sleep(0.05)
        except KeyboardInterrupt:
            cancelled = True
    assert cancelled


def test_an_unsolvable_variant_asks_the_games_search_player_once_per_position(monkeypatch, tmp_path):
    searches = []

    class Oracle(Strategy):
        name = "oracle"

        def choose(self, position):
            searches.append(position)
            return Choice(self.game.moves(position)[0], "looked 3 moves ahead")

    monkeypatch.setitem(players.STRATEGIES, "oracle", (lambda game, rng, args: Oracle(game, rng), "test"))
    game = huge_tictactoe(monkeypatch, tmp_path)
    game.search_strategy = "oracle"
    s = Shell(write=lambda text: None, seed=0)
    s._captured = []
    s.begin(game, keep_players=False)
    assert "(too large to solve: no predictions; value and hint ask a search player)" in s._captured
    assert "Prediction" not in s.run("show")
    assert s.run("value") == "tictactoe: too large to solve; estimate by oracle: best a1, looked 3 moves ahead\n"
    assert lines_of(s.run("values")) == ["tictactoe: too large to solve; estimates by oracle, best first:",
                                         "move  estimate", "a1    looked 3 moves ahead",
                                         "not rated by oracle: b1 c1 a2 b2 c2 a3 b3 c3"]
    assert s.run("hint") == "hint (estimate by oracle): play a1: looked 3 moves ahead\n"
    assert len(searches) == 1  # one search answered all three
    assert s.run("computer o perfect").startswith("tictactoe: this variant is too large to solve")
    s.run("computer o oracle")
    s.run("b2")
    assert s.run("position") == "(x o-- -x- ---)\n"
    s.run("hint")
    assert len(searches) == 3  # o's move, then the hint at the new position


def test_search_estimates_rate_every_move_and_agree_between_value_values_and_hint(monkeypatch, tmp_path):
    from gamesman.players.search import MCTSPlayer

    searched = []
    search = MCTSPlayer.search
    monkeypatch.setattr(MCTSPlayer, "search", lambda self, position: searched.append(position)
                        or search(self, position))
    s = started(huge_tictactoe(monkeypatch, tmp_path))
    s.run("search mcts 1000")  # a count: the same answers every time (by default, about a second)
    s.run("b2")  # x plays the centre; o has eight moves
    value = s.run("value")
    rows = lines_of(s.run("values"))
    hint = s.run("hint")
    assert len(searched) == 1
    spent = re.fullmatch(r"tictactoe: too large to solve; estimates by mcts 1000 \((1,000 iterations, [\d,]+ nodes"
                         r" in [\d.]+ s)\), best first:", rows[0])
    assert spent
    assert rows[1].split() == ["move", "estimate"]
    moves = [row.split()[0] for row in rows[2:]]
    assert sorted(moves) == sorted(["a1", "b1", "c1", "a2", "c2", "a3", "b3", "c3"])
    visits = [int(row.split()[-2].replace(",", "")) for row in rows[2:]]
    assert visits == sorted(visits, reverse=True) and sum(visits) == 1000
    best = rows[2].split(None, 1)[1].strip()
    assert value.rstrip().endswith(f"best {moves[0]}, {best}")
    assert hint == f"hint (estimate by mcts 1000; {spent[1]}): play {moves[0]}: {best}\n"
    corner = {"a1", "c1", "a3", "c3"}
    assert moves[0] in corner  # o must take a corner against the centre (an edge loses)
    again = started(huge_tictactoe(monkeypatch, tmp_path))
    again.run("search mcts 1000")
    again.run("b2")
    assert again.run("values").split("\n")[1:] == s.run("values").split("\n")[1:]  # seeded by the shell's seed and the position


def test_estimates_default_to_a_time_budget_and_search_picks_the_search_player(monkeypatch, tmp_path):
    from gamesman.players import search

    monkeypatch.setattr(search, "DEFAULT_SECONDS", 0.05)  # the default budget, short for the test
    s = started(huge_tictactoe(monkeypatch, tmp_path))
    assert s.run("search") == "search player: mcts --time 0.05\n"  # the game's own, on a time budget
    assert re.fullmatch(r"hint \(estimate by mcts --time 0\.05; [\d,]+ iterations, [\d,]+ nodes in [\d.]+ s\): "
                        r"play [a-c][1-3]: .*\n", s.run("hint"))
    assert s.run("search alphabeta 2").startswith("search player: alphabeta 2 (chosen by search")
    assert s.run("hint").startswith("hint (estimate by alphabeta 2; depth 2, ")
    assert s.run("search mcts zero").startswith("mcts takes")  # refused, and the choice stays
    assert s.run("search").startswith("search player: alphabeta 2 (chosen")
    assert s.run("search default") == "search player: mcts --time 0.05\n"


def test_the_search_player_is_the_games_own(monkeypatch, tmp_path):
    s = started(huge_tictactoe(monkeypatch, tmp_path))
    s.game.search_strategy = "alphabeta 6"  # a depth: the same answers every time
    s.run("a1")
    rows = lines_of(s.run("values"))
    assert rows[0].startswith("tictactoe: too large to solve; estimates by alphabeta 6 (depth ")
    assert len(rows) == 2 + 8 and all(" score " in f" {row} " or "forced" in row for row in rows[2:])
    assert rows[2].split()[0] == "b2"  # only the centre holds the draw against a corner
    assert s.run("hint").startswith("hint (estimate by alphabeta 6; depth ") and ": play b2: " in s.run("hint")
    dice = DiceRace()
    dice.capabilities = replace(dice.capabilities, solvable=False)
    dice.search_strategy = "expectimax auto"
    s = started(dice)
    rows = lines_of(s.run("values"))
    assert re.fullmatch(r"dicerace: too large to solve; estimates by expectimax auto \(depth 2 in [\d.]+ s; ratings"
                        r" are the game's evaluation at the search's horizon, in expectation, not expected outcomes\),"
                        r" best first:", rows[0])
    assert [row.split()[0] for row in rows[2:]] == ["double", "roll"] or \
        [row.split()[0] for row in rows[2:]] == ["roll", "double"]
    assert all("ratings a " in row for row in rows[2:])  # the search stopped at depth 2, short of the ends
    dice.search_strategy = "nonesuch"
    s.run("roll")
    assert s.run("hint").startswith("dicerace: this variant is too large to solve, and its search player "
                                    "'nonesuch' is not installed")


class Screen(io.StringIO):
    """A terminal's screen, as far as progress can tell."""

    def isatty(self):
        return True


def last_line(screen: Screen) -> str:
    """What the screen's last line shows once redrawn (after its last carriage return)."""
    return screen.getvalue().split("\n")[-1].split("\r")[-1].rstrip()


def test_progress_is_a_bar_on_a_terminal_a_count_with_its_rate_and_nothing_elsewhere(monkeypatch):
    monkeypatch.setenv("COLUMNS", "100")
    screen = Screen()
    progress = Progress("solving nim", stream=screen)
    progress("exploring", 10)
    assert screen.getvalue() == ""  # quiet in the first second
    progress = Progress("solving nim", stream=screen, delay=0)
    progress("exploring", 5000)
    assert last_line(screen).startswith("solving nim: exploring 5,000 (") and "/s" in last_line(screen)
    progress("solving", 50, 100)
    line = last_line(screen)
    assert line.startswith("solving nim: solving ") and " 50% 50/100 " in line
    progress.finish()
    assert last_line(screen) == ""  # the line is cleared
    log = io.StringIO()  # a log or a pipe: nothing, however long the work
    progress = Progress("solving nim", stream=log, delay=0)
    progress("solving", 50, 100)
    progress("solving", 100, 100)
    progress.finish()
    assert log.getvalue() == ""


def test_a_long_label_gives_way_to_its_phase_and_the_bar(monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    screen = Screen()
    label = "solving kaboom(rows=4,cols=4,in_a_row=4,bombs=1,misere=false,super_bomb=false)"
    progress = Progress(label, stream=screen, delay=0)
    progress("exploring", 69, 100)
    line = last_line(screen)
    assert "…: exploring " in line and " 69% 69/100 " in line and len(line) < 80
    assert line.startswith("solving kaboom(rows=4")


def test_the_clock_moves_while_work_goes_on_without_reports():
    """No report for a while (a long step): the line is redrawn with the time that passed."""
    screen = Screen()
    progress = Progress("solving nim", stream=screen, delay=0)
    progress("solving", 69, 100)
    drawn = screen.getvalue()
    deadline = time.monotonic() + 5
    while screen.getvalue() == drawn and time.monotonic() < deadline:
        time.sleep(0.05)
    progress.finish()
    assert screen.getvalue() != drawn and "69%" in screen.getvalue()[len(drawn):]


def test_the_clock_counts_the_whole_work_across_its_phases(monkeypatch):
    """A new phase starts a new bar, not a new clock: the user sees how long the work has taken."""
    monkeypatch.setenv("COLUMNS", "100")
    screen = Screen()
    progress = Progress("exact search", stream=screen, delay=0)
    progress("window 1", 5000)
    assert progress.started is not None
    progress.started -= 90  # the first phase took a minute and a half
    progress("window 2", 10)
    line = last_line(screen)
    progress.finish()
    assert "window 2" in line and "[01:3" in line, line


# -- computer players -----------------------------------------------------------------------

def test_computer_sides_and_auto_play_to_the_end():
    s = shell("new tictactoe", "predictions off")
    out = s.run("computer o perfect")
    assert out == "o: computer (perfect)\n"
    out = s.run("b2")
    assert lines_of(out)[0].startswith("o plays ")
    assert s.game.to_move(s.position) == 0
    out = s.run("auto")
    assert "game over: the game is a tie" in out  # perfect against perfect
    assert s.run("auto").startswith("the game is over")
    assert s.run("computer") == "o: perfect\n"
    assert s.run("human o") == "o: human\n"
    assert s.run("computer") == "people play every side\n"


def test_computer_strategies_from_words():
    s = shell("new onetwoten", "predictions off")
    out = lines_of(s.run("computer both imperfect 0.5"))
    assert out[:2] == ["L: computer (imperfect 0.5)", "R: computer (imperfect 0.5)"]
    assert out[-1].startswith("game over: ")
    s.run("new onetwoten")
    assert s.run("computer R misere") == "R: computer (misere)\n"
    assert s.run("computer L off") == "L: human\n"
    assert s.run("computer q random") == "onetwoten: no side 'q' (sides: L, R or both)\n"
    assert s.run("computer R telepathy").startswith("unknown strategy 'telepathy' (strategies: random, perfect")
    assert s.run("computer R imperfect 2") == "imperfect: skill must be a number from 0 to 1, not '2'\n"
    assert s.run("computer R").startswith("computer R needs a strategy")
    assert s.run("computer R imperfect 0.8 extra") == "imperfect takes one skill from 0 to 1, not '0.8 extra'\n"
    assert s.run("computer R random now") == "random takes no arguments, not 'now'\n"
    assert s.run("computer") == "R: misere\n"  # the refused strategies changed nothing
    assert s.run("new nim --seed 1 --heaps 2 --seed 2") == "--seed given twice\n"


def test_computer_both_plays_the_whole_game_and_undo_steps_back_one_move():
    s = shell("new nim --heaps 2 --size 2 --take 2", "predictions off", "computer both perfect")
    assert s.over() is not None
    moves = len(s.history)
    s.run("undo")
    assert len(s.history) == moves - 1


def test_same_seed_same_random_game():
    def game(seed):
        return shell("new tictactoe --seed 7", "predictions off", "computer both random", seed=seed).run("history")
    assert game(1) == game(2)  # --seed on new fixes it, whatever the shell started with
    one = shell("new tictactoe", "predictions off", "seed 3", "computer both random").run("history")
    two = shell("new tictactoe", "predictions off", "seed 3", "computer both random").run("history")
    assert one == two
    assert shell("seed 12").run("seed") == "seed 12\n"
    assert shell().run("seed x") == "--seed must be a whole number, not 'x'\n"


# -- chance and more than two players ---------------------------------------------------------

def test_the_shell_plays_chance_moves_and_shows_them():
    s = started(DiceRace(), seed=5)
    assert s.prompt() == "dicerace a> "
    out = s.run("roll")
    assert lines_of(out)[0] in ("chance: 1", "chance: 2")
    assert s.game.to_move(s.position) == 1
    assert "expected utilities a " in s.run("value")
    rows = lines_of(s.run("values"))
    assert rows[0] == "expected utilities after each move, best first:"
    assert rows[1].split() == ["move", "a", "b"]
    s.run("undo")  # back over the chance move to the person's choice
    assert s.position == s.game.start()
    again = started(DiceRace(), seed=5)
    assert again.run("roll") == out  # the seed fixes the dice


def test_several_players_get_utilities():
    s = started(TakeThree())
    assert s.prompt() == "takethree p> "
    assert s.run("value").startswith("utilities p ")
    s.run("computer both perfect")
    assert s.over() is not None
    assert s.run("show").rstrip().endswith(f"{announce(s.game, s.over())}. Type again to play again, or new GAME.")
    assert announce(s.game, (0.0, 1.0, 0.0)) == "q wins"
    assert announce(s.game, (0.2, 1.0, 0.0)) == "q wins (scores: p 0.2, q 1, r 0)"
    assert announce(s.game, (1.0, 1.0, 0.0)) == "p and q share the win"


def test_internal_errors_print_one_line_and_the_shell_goes_on():
    s = started(DiceRace())
    s.game = Broken()
    assert s.run("show") == "internal error: RuntimeError: the board fell off the table\n"
    assert s.run("position") == "(0 0 0 0)\n"


# -- help, games, options, completion ---------------------------------------------------------

def test_help_games_options_and_rules():
    s = shell()
    assert "new GAME [flags] [--seed N]" in s.run("help")
    assert s.run("help undo") == "undo: take back your last move (and the computer's reply)\n"
    assert "perfect" in s.run("help computer")
    assert s.run("help nim").startswith("Nim (nim): ")
    assert s.run("help frobnicate").startswith("no help for 'frobnicate'")
    games = s.run("games")
    assert games.startswith("2048") and "Tic-Tac-Toe" in games
    assert s.run("options") == "no game yet: type new GAME (games lists them)\n"
    s.run("new nim --heaps 4")
    options = lines_of(s.run("options"))
    assert options[0] == "nim(heaps=4,size=5,take=3,misere=false)"
    assert any(line.strip().startswith("--heaps HEAPS") and line.endswith("[now 4]") for line in options)
    assert "Nim" in s.run("rules")
    assert s.run("frobnicate now").startswith("unknown command 'frobnicate'")


def test_completion_of_commands_games_flags_and_moves():
    s = shell()
    assert s.completions("un") == ["undo"]
    assert s.completions("new tic") == ["tictactoe"]
    assert s.completions("new othello --r") == ["--rows"]
    assert "--no-misere" in s.completions("new nim --")
    assert "--seed" in s.completions("new nim --heaps 3 ")
    s.run("new tictactoe")
    s.run("b2")
    assert s.completions("a") == ["again", "auto", "a1", "a2", "a3"]
    assert s.completions("B") == ["b1", "b3"]
    assert s.completions("computer ") == ["x", "o", "both"]
    assert "perfect" in s.completions("computer o p")
    assert s.completions("predictions o") == ["on", "off"]
    assert s.completions("set ") == ["(o --- -x- ---)"]
    offered = s.completions("computer o ")  # only the strategies that can play this game
    assert {"perfect", "random", "mcts", "alphabeta", "off"} <= set(offered)
    assert not {"twophase", "optimal", "call", "humanlike"} & set(offered)
    s.run("new nim3p")
    assert "alphabeta" not in s.completions("computer P0 ")  # two players only
    s.run("new cube --scramble 1")
    offered = s.completions("auto ")
    assert "twophase" in offered and "perfect" not in offered  # the 3x3x3 is too large to solve


# -- quitting, recording ------------------------------------------------------------------------

def test_quit_and_end_of_input_finish_the_shell():
    s = shell("new nim")
    s.run("quit")
    assert s.finished
    s = shell()
    s.end_of_input(s.prompt())
    assert s.finished and s.log[-1] == (True, "gamesman> ^D")


def test_record_writes_a_transcript_that_replays(tmp_path):
    path = tmp_path / "session.t"
    s = Shell(write=lambda text: None, seed=0)
    s.greet()
    s.execute("new onetwoten --target 5")
    s.execute("1")
    assert s.run(f"record {path}").startswith(f"recording to {path}")
    s.execute("values")
    s.execute("record off")
    s.execute("position")  # not recorded
    text = path.read_text()
    assert text.startswith("$ gamesman\ngamesman: type help")
    assert "record" not in text and "position" not in text
    assert "onetwoten R> values\n" in text
    assert check(path).diff == ""


class FullDisk(io.StringIO):
    """A record file on a disk that has filled up."""

    def write(self, text):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_record_file_that_cannot_be_written_is_refused_or_let_go(tmp_path):
    path = tmp_path / "session.t"
    s = shell("new nim")
    s.run(f"record {path}")
    if os.path.exists("/dev/full"):  # opens, but every write fails: the file is refused, the recording goes on
        assert s.run("record /dev/full") == "cannot record to /dev/full: No space left on device\n"
        s.run("moves")
        assert "nim x> moves\n" in path.read_text()
    s.record_file = FullDisk()
    assert s.run("moves") == f"stopped recording to {path}: No space left on device\n1-1 1-2 1-3 2-1 2-2 2-3 3-1 3-2 3-3\n"
    assert s.record_file is None and s.run("record") == "not recording\n"


@pytest.mark.slow
def test_a_recording_names_a_random_seed(tmp_path):
    s = Shell(write=lambda text: None, seed=4242, argv=["nim", "--heaps", "2"])
    assert s.command_line() == "$ gamesman shell --seed 4242 nim --heaps 2"
    # Before the game's name: after it, the cube would take the seed for its scramble's.
    cube = Shell(write=lambda text: None, seed=7, argv=["cube", "--size", "2", "--scramble", "3"])
    assert cube.command_line() == "$ gamesman shell --seed 7 cube --size 2 --scramble 3"
    path = tmp_path / "cube.t"
    with subprocess.Popen(gamesman_command() + ["shell", "cube", "--size", "2", "--scramble", "3"],
                          stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                          env=dict(os.environ, GAMESMAN_SEED="7")) as shell_process:
        shell_process.communicate(f"seed\nposition\nrecord {path}\n", timeout=60)
    assert path.read_text().startswith("$ gamesman shell --seed 7 cube --size 2 --scramble 3\n")
    assert check(path).diff == ""
    assert Shell(write=lambda text: None, seed=0, argv=["--seed", "0"]).command_line() == "$ gamesman"
    assert s.run("record /nonexistent/dir/x.t").startswith("cannot record to /nonexistent/dir/x.t")


@pytest.mark.parametrize("page, block", [("README.md", 0), ("docs/shell.md", 0), ("docs/shell.md", 1)])
def test_the_shown_session_is_true(page, block, tmp_path):
    """The session README.md shows under "The shell", and those of the docs' shell page (the
    long one, and poker's seats, whose ``...`` lines stand for what it leaves out), replay as
    transcripts (seed 0)."""
    text = (ROOT / page).read_text()
    section = text.split("\n## The shell\n", 1)[1].split("\n## ", 1)[0] if page == "README.md" else text
    session = section.split("\n```\n")[1 + 2 * block]
    assert session.startswith("$ gamesman\n")
    path = tmp_path / "session.t"
    path.write_text(session + "\n")
    assert check(path).diff == ""


# -- the plain front end --------------------------------------------------------------------------

def run_plain(text: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, GAMESMAN_SEED="0")
    return subprocess.run([sys.executable, "-m", "gamesman", *args], input=text, capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=60)


def test_piped_input_prints_prompts_and_no_escape_codes():
    done = run_plain("new onetwoten --target 3\n2\n", "shell")
    assert done.returncode == 0
    assert "\x1b" not in done.stdout
    assert done.stdout.startswith("gamesman: type help")
    assert "gamesman> 1, 2, ..., 3: onetwoten(target=3,step=2,misere=false)\n" in done.stdout
    assert "onetwoten L> [oo-]" in done.stdout
    assert done.stdout.endswith("onetwoten R> \n")


def test_a_reader_that_stops_reading_ends_the_shell_quietly():
    """``gamesman < moves | head -1``: the lines after the reader has gone end the shell, with
    no traceback and no internal error."""
    shell_process = subprocess.Popen([sys.executable, "-m", "gamesman"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
                                     env=dict(os.environ, GAMESMAN_SEED="0"))
    assert shell_process.stdout is not None and shell_process.stderr is not None
    assert shell_process.stdout.readline().startswith("gamesman: type help")
    shell_process.stdout.close()
    _, errors = shell_process.communicate("new tictactoe\nb2\nquit\n", timeout=60)
    assert (shell_process.returncode, errors) == (0, "")

def test_shell_arguments_start_a_game_and_bad_ones_exit_2():
    done = run_plain("position\n", "shell", "nim", "--heaps", "2")
    assert "nim x> (x 5 5)\n" in done.stdout
    done = run_plain("", "shell", "nim", "--heaps", "0")
    assert done.returncode == 2 and done.stderr == "gamesman: nim: heaps must be int from 1 to 20, not 0\n"


def test_startup_imports_little():
    code = ("import io, sys; sys.stdin = io.StringIO('quit\\n'); from gamesman.doors.shell import main; main([]); "
            "print(sorted(m for m in sys.modules if m.startswith(('prompt_toolkit', 'gamesman.solver.strong', "
            "'gamesman.players.strategies', 'games.'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.stdout.rstrip().endswith("[]")


# -- a newcomer's list: predictions, auto, strategies, shortcuts, save and load ---------------

def test_predictions_stopped_by_ctrl_c_come_back_for_the_next_game(monkeypatch):
    s = shell("new nim --heaps 2 --size 2")
    solve = Solver.result

    def interrupted(self, position, deadline=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(Solver, "result", interrupted)
    assert "Prediction: interrupted" in s.run("new nim --heaps 3 --size 4")
    monkeypatch.setattr(Solver, "result", solve)
    assert "Prediction:" not in s.run("show")  # off for this game
    assert "Prediction: x should" in s.run("new nim --heaps 2 --size 3")  # on again for the next
    s.run("predictions off")
    assert "Prediction" not in s.run("again")  # turned off by hand: stays off


def test_auto_plays_to_the_end_or_n_moves():
    s = shell("new nim --heaps 3 --size 3", "predictions off")
    out = s.run("auto 2 random")
    assert len(re.findall(r"^[xo] plays ", out, re.M)) == 2 and s.over() is None
    assert "game over" in s.run("auto random")
    assert s.run("auto").startswith("the game is over")
    s.run("again")
    assert s.run("auto 0") == "auto N plays N moves: N must be 1 or more\n"


def test_auto_has_no_move_limit(monkeypatch):
    from gamesman.doors.shell import session

    monkeypatch.setattr(session, "MOVE_LIMIT", 3)
    s = shell("new nim --heaps 3 --size 5", "predictions off", "computer both random")
    assert "stopped after 3 automatic moves" in s.run("again")  # computers alone: the shell asks
    out = s.run("auto random")
    assert "stopped after" not in out and "game over" in out  # auto: to the end


def test_computer_with_an_unknown_strategy_lists_this_games_own():
    out = shell("new tictactoe").run("computer o foo")
    assert out.startswith("unknown strategy 'foo' (strategies: random, perfect")
    assert "equity" not in out and "humanlike" not in out and "twophase" not in out
    assert "call" not in shell("new tictactoe").run("computer o")


def test_one_letter_commands_where_no_move_is_spelled_so():
    s = shell("new tictactoe", "b2")
    assert s.run("h").startswith("hint: play ")
    assert "value  remoteness" in s.run("v")
    s.run("u")
    assert s.run("position") == "(x --- --- ---)\n"
    s.run("r")
    assert s.run("position") == "(o --- -x- ---)\n"
    s.run("q")
    assert s.finished
    cube = shell("new cube --size 2 --scramble 2")
    before = cube.run("position")
    cube.run("U")  # a move of the cube
    assert cube.run("position") != before
    cube.run("u")  # no cube move is spelled u (lower case is a wide turn): undo
    assert cube.run("position") == before


def test_set_shows_the_position_before_the_computer_replies():
    s = shell("new tictactoe", "computer o perfect")
    out = lines_of(s.run("set (o x-- --- ---)"))
    boards = [index for index, line in enumerate(out) if line == out[0]]  # each board's first line
    reply = next(index for index, line in enumerate(out) if line.startswith("o plays"))
    assert len(boards) == 2 and boards[0] == 0 < reply < boards[1]  # the position set, the reply, the board
    assert sum(line.startswith("Prediction") for line in out) == 2


def test_save_and_load_round_trip(tmp_path):
    path = tmp_path / "game.txt"
    s = shell("new poker --players 2 --chips 20 --seed 4", "computer p2 call", "reveal on")
    for move in ("call", "check", "check", "check"):
        s.run(move)
    assert s.run(f"save {path}").startswith("saved to ")
    text = path.read_text()
    assert "game poker(players=2,chips=20,min_bet=10)" in text and "computer p2 call" in text
    loaded = shell()
    out = loaded.run(f"load {path}")
    assert "loaded from" in out
    assert [step.position for step in loaded.history] == [step.position for step in s.history]
    assert [(step.move, step.mover, step.by) for step in loaded.history] == \
        [(step.move, step.mover, step.by) for step in s.history]
    assert loaded.run("computer") == "p2: call\n" and loaded.seed == s.seed and loaded.reveal
    path.write_text(text.replace("move p1 call", "move p1 fly"))
    assert "is not a legal move here" in loaded.run(f"load {path}")
    assert [step.position for step in loaded.history] == [step.position for step in s.history]  # unchanged
    assert loaded.run(f"load {tmp_path / 'none.txt'}").startswith("cannot load")
    (tmp_path / "binary").write_bytes(b"#" * 10000 + b"\n\xff")
    assert loaded.run(f"load {tmp_path / 'binary'}") == \
        f"cannot load {tmp_path / 'binary'}: not a saved game (not UTF-8 text at byte 10001)\n"
    if os.path.exists("/dev/zero"):  # endless: refused after a bounded read
        assert loaded.run("load /dev/zero") == \
            f"cannot load /dev/zero: not a saved game (more than {1 << 26:,} bytes)\n"
    assert [step.position for step in loaded.history] == [step.position for step in s.history]  # unchanged


def test_save_keeps_the_search_player_and_wait(tmp_path):
    path = tmp_path / "game.txt"
    s = shell("new hex --size 5", "search mcts 200", "wait on", "c3")
    s.run(f"save {path}")
    assert "search mcts 200\nwait on\n" in path.read_text()
    loaded = shell("new nim")
    assert "loaded from" in loaded.run(f"load {path}")
    assert loaded.search_words == ["mcts", "200"] and loaded.wait
    assert loaded.run("search") == "search player: mcts 200 (chosen by search; search default: the game's own)\n"
    plain = tmp_path / "plain.txt"
    shell("new hex --size 5").run(f"save {plain}")
    assert "search" not in plain.read_text() and "wait" not in plain.read_text()
    assert "loaded from" in loaded.run(f"load {plain}")
    assert loaded.search_words is None and not loaded.wait
    path.write_text(path.read_text().replace("search mcts 200", "search fly"))
    assert loaded.run(f"load {path}").startswith("unknown strategy 'fly'")
    assert loaded.search_words is None and loaded.game.spec == "hex(size=5,swap=false)"  # unchanged
    path.write_text(path.read_text().replace("search fly\nwait on", "wait maybe"))
    assert loaded.run(f"load {path}") == f"{path}: wait is on or off, not 'maybe'\n"


def test_a_loaded_perfect_player_solves_the_loaded_variant(tmp_path):
    path = tmp_path / "game.txt"
    shell("new onetwoten --target 5", "computer R perfect").run(f"save {path}")
    s = shell("new onetwoten", "value")  # the shell has a solver for another variant
    assert "loaded from" in s.run(f"load {path}")
    assert s.computers[1].solver.game.spec == s.game.spec == "onetwoten(target=5,step=2,misere=false)"
    path.write_text(path.read_text().replace("computer R perfect", "computer R fly"))
    s = shell("new onetwoten", "value")
    before = s.solver
    assert s.run(f"load {path}").startswith("unknown strategy")
    assert s.solver is before and s.game.spec == "onetwoten(target=10,step=2,misere=false)"  # unchanged


def test_a_piped_shell_exits_2_when_a_line_was_refused():
    assert run_plain("new nim\nposition\n", "shell").returncode == 0
    done = run_plain("new nim\nfly\nposition\n", "shell")
    assert done.returncode == 2 and "nim x> (x 5 5 5)" in done.stdout  # it went on after the error


def test_messages_a_player_reads_right():
    assert shell("new tictactoe", "b2").run("b2") == "tictactoe: b2 is not an empty cell: x took it\n"
    assert "there is no heap 4 (heaps 1 to 3)" in shell("new nim").run("4-1")
    assert shell("new chopsticks").run("4-1").startswith("chopsticks: there is no hand 4 (hands 1 to ")
    assert "o and z play as a team against x" in shell().run("help sim")


def test_a_horizon_rating_is_not_called_an_expected_score():
    """2048's expectimax stops at a horizon and rates boards by the game's evaluation (the score
    plus a bonus for the board's shape): the hint calls that a rating and says what it is."""
    out = shell("new 2048 --seed 1").run("hint")
    assert "expected score" not in out
    assert re.search(r"play \w+: rating [\d,]+$", out.splitlines()[-1])
    assert "ratings are the game's evaluation at the search's horizon, in expectation, not expected outcomes" in out
    small = shell("new 2048 --rows 2 --cols 2 --seed 1", "search expectimax 30")
    assert "expected score" in small.run("hint")  # every end within reach: a true expectation


def test_computer_without_a_strategy_names_the_games_own_player():
    assert shell("new connectfour").run("computer o") == (
        "computer o needs a strategy (random, perfect, imperfect, misere, mcts, alphabeta, greedy, expectimax,"
        " threats;"
        " threats is Connect Four's own player) or off\n")
    assert shell("new tictactoe").run("computer o").endswith("alphabeta, greedy, expectimax) or off\n")


def test_a_game_words_its_own_expected_utility(monkeypatch):
    s = shell("new 2048 --rows 2 --cols 2 --target 16", seed=1)
    assert re.search(r"Prediction: chance to reach 16: \d+\.\d\d%", s.run("show"))
    monkeypatch.setattr(s.game, "capabilities", replace(s.game.capabilities, rewards=False))
    assert "Prediction: expected utility 0." in s.run("show")  # the engine's words, where the game has none


def play_poker_to_the_showdown(s: Shell) -> str:
    """Check or call as p1 until a hand ends; what the last move printed."""
    for _ in range(20):
        out = s.run("call" if "call" in s.run("moves").split() else "check")
        if "showdown" in out:
            return out
    raise AssertionError("no showdown")


def test_undo_with_hidden_cards_stops_at_the_start_of_the_hand():
    """The showdown showed p2's cards: undo must not go back into that hand while p1's seat
    sees only its own cards; it takes back p1's moves of the new hand only."""
    s = shell("new poker --players 2 --seed 3", "", "computer p2 call")
    shown = play_poker_to_the_showdown(s)
    assert "p2 shows 5c 6s" in shown
    position, steps = s.position, len(s.history)
    out = s.run("undo")
    assert out == ("undo stops at the start of the hand: going back into the last one would hide again"
                   " the cards it showed (reveal on shows the whole table)\n")
    assert (s.position, len(s.history)) == (position, steps)
    assert "chance: " in s.run("check")  # the flop is dealt, p2 checks: p1 to act again in the new hand
    assert "preflop: p2:sb5, p1:bb10, p2:call5\n" in s.run("undo")  # back within the hand
    assert s.run("undo").startswith("undo stops at the start of the hand")
    s.run("reveal on")
    assert "river: p2:check\n" in s.run("undo")  # the whole table shown: back into the last hand


def test_hot_seat_asks_for_the_keyboard_after_undo_and_auto():
    s = shell("new poker --players 2 --seed 3", "", "call")
    assert s.run("check").startswith("p2 is to move: pass the keyboard to p2")  # refused: p1's screen
    s.run("")  # p2 takes the keyboard
    s.run("check")
    s.run("")
    assert "(as p2 sees it)" in s.run("undo")  # back to p2's own last turn
    out = s.run("undo")  # back to p1's turn
    assert "pass the keyboard to p1" in out and "sees it" not in out
    s.run("")
    out = s.run("auto 2 call")
    assert "sees it" not in out and "pass the keyboard to" in out  # no seat's cards between the moves
    assert "(as " in s.run("")
