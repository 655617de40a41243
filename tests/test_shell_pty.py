"""The installed ``gamesman`` shell in a real pseudo-terminal (prompt_toolkit front end)."""
from __future__ import annotations

import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from gamesman.testing.transcript import check, gamesman_command

pexpect = pytest.importorskip("pexpect")

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Za-z0-9]|\x1b[=>]|\r")


class Terminal:
    """A shell session; ``type`` sends a line and waits for the next prompt."""

    def __init__(self, tmp_path: Path, *args: str, colour: bool = True) -> None:
        env = dict(os.environ, TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1",
                   GAMESMAN_HISTORY=str(tmp_path / "history"), GAMESMAN_SEED="0")
        env.pop("GAMESMAN_PLAIN", None)
        env.pop("NO_COLOR", None)
        if not colour:
            env["NO_COLOR"] = "1"
        command = gamesman_command()
        self.child = pexpect.spawn(command[0], [*command[1:], *args], env=env, encoding="utf-8",
                                   dimensions=(40, 120), timeout=30)
        self.raw = ""
        self.seen = 0  # how much of the cleaned text earlier waits consumed

    @property
    def text(self) -> str:
        return ESCAPES.sub("", self.raw)

    def wait(self, pattern: str, timeout: float = 30) -> str:
        """Read until ``pattern`` appears in the cleaned text after what was already seen."""
        deadline = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            match = regex.search(self.text, self.seen)
            if match:
                found = self.text[self.seen:match.end()]
                self.seen = match.end()
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not seen; the screen ends with {self.text[-600:]!r}")
            try:
                self.raw += self.child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                pass

    def prompt(self, prompt: str = r"\S+") -> str:
        # (a Ctrl-C typed just before the prompt is drawn is echoed by the terminal as ^C)
        return self.wait(rf"(?:^|\n)(?:\^C)*[a-z0-9]+(?: {prompt})?>")

    def type(self, line: str, prompt: str = r"\S+") -> str:
        """Type a line (and Enter) and return the output up to the next prompt."""
        self.child.send(line + "\r")
        return self.prompt(prompt)

    def finish(self) -> int:
        self.child.expect(pexpect.EOF, timeout=30)
        self.child.close()
        return self.child.exitstatus


@pytest.fixture
def terminal(tmp_path):
    sessions = []

    def start(*args: str, colour: bool = True) -> Terminal:
        session = Terminal(tmp_path, *args, colour=colour)
        sessions.append(session)
        return session

    yield start
    for session in sessions:
        if session.child.isalive():
            session.child.terminate(force=True)


def test_play_a_game_with_flags_to_its_end(terminal):
    t = terminal()
    t.prompt()
    out = t.type("new tictactoe --misere", "x")
    assert "tictactoe(misere=true)" in out and "Prediction: the game is a tie in 9" in out
    for move, side in (("a1", "o"), ("b1", "x"), ("a2", "o"), ("b2", "x")):
        t.type(move, side)
    out = t.type("a3")  # x completes column a: under misere rules x loses
    assert "game over: o wins. Type again to play again, or new GAME." in out
    assert "(o xo- xo- x--)" in t.type("position")
    t.child.sendcontrol("d")
    assert t.finish() == 0


def test_game_over_undo_redo_values_hint(terminal):
    t = terminal("shell", "onetwoten", "--target", "4")
    assert "Prediction: L should win in 3" in t.prompt("L")
    out = t.type("values", "L")
    assert re.search(r"move\s+value\s+remoteness\n1\s+win\s+3\n2\s+lose\s+2", out)
    assert "hint: play 1 (L should win in 3)" in t.type("hint", "L")
    t.type("1", "R")
    t.type("2", "L")
    out = t.type("1")
    assert "game over: L wins. Type again to play again, or new GAME." in out
    out = t.type("undo", "L")
    assert "sum 3 of 4, L to move" in out
    t.type("undo", "R")
    assert "(R 1)" in t.type("position", "R")
    t.type("redo", "L")
    assert "(L 3)" in t.type("position", "L")
    t.child.send("quit\r")
    assert t.finish() == 0


def test_bad_move_bad_flag_bad_position_change_nothing(terminal):
    t = terminal(colour=False)
    t.prompt()
    assert "nim: heaps must be int from 1 to 20, not 99" in t.type("new nim --heaps 99")
    assert "tictactoe: unknown option '--size' (options: --misere)" in t.type("new tictactoe --size 4")
    t.type("new nim --heaps 2 --size 3", "x")
    assert "nim: cannot take 4 from heap 1" in t.type("1-4", "x")
    assert 'nim: 3 heaps, expected 2 in "(o 1 2 3)"' in t.type("set (o 1 2 3)", "x")
    assert "(x 3 3)" in t.type("position", "x")
    t.child.send("quit\r")
    assert t.finish() == 0


def test_tab_completes_a_move_and_a_command(terminal):
    t = terminal()
    t.prompt()
    t.type("new nim --heaps 2 --size 1 --take 1", "x")
    t.child.send("2")
    t.child.send("\t")
    t.wait("2-1")
    t.child.send("\r")
    t.prompt("o")
    t.child.send("posi\t")
    t.wait("position")
    t.child.send("\r")
    assert "(o 1 0)" in t.prompt("o")
    t.child.send("quit\r")
    assert t.finish() == 0


@pytest.mark.slow
def test_ctrl_c_cancels_a_long_solve_and_the_line_being_typed(terminal):
    t = terminal()
    t.prompt()
    t.child.send("new nim --heaps 6 --size 9\r")  # about two million positions: many seconds
    t.wait("solving nim")
    t.child.sendintr()
    out = t.prompt("x")
    assert "Prediction: interrupted; predictions are off" in out
    t.child.send("value\r")
    t.wait("solving nim")
    t.child.sendintr()
    assert "interrupted" in t.prompt("x")
    t.child.send("undo-this-half-typed-line")
    time.sleep(0.3)
    t.child.sendintr()
    t.prompt("x")
    assert "(x 9 9 9 9 9 9)" in t.type("position", "x")
    t.child.sendcontrol("d")
    assert t.finish() == 0


def test_ctrl_d_leaves_and_history_persists(terminal, tmp_path):
    t = terminal()
    t.prompt()
    t.type("new onetwoten", "L")
    t.child.sendcontrol("d")
    assert t.finish() == 0
    assert "new onetwoten" in (tmp_path / "history").read_text()
    t = terminal()
    t.prompt()
    t.child.send("\x1b[A")  # the up arrow brings the last session's line back
    t.wait("new onetwoten")
    t.child.send("\r")
    assert "onetwoten(target=10" in t.prompt("L")
    t.child.sendcontrol("d")
    assert t.finish() == 0


@pytest.mark.slow
def test_a_session_recorded_at_the_terminal_replays_as_a_transcript(terminal, tmp_path):
    path = tmp_path / "played.t"
    t = terminal("shell", "--seed", "11")
    t.prompt()
    t.type("new nim --heaps 2 --size 3", "x")
    t.type("computer o random", "x")
    t.type("1-1", "x")
    t.type(f"record {path}", "x")
    t.type("values", "x")
    t.type("bogus", "x")
    t.type("2-1", "x")
    t.child.send("quit\r")
    assert t.finish() == 0
    text = path.read_text()
    assert text.startswith("$ gamesman shell --seed 11\n")
    assert "\x1b" not in text
    assert check(path).diff == ""


@pytest.mark.slow
def test_repeated_ctrl_c_during_a_long_solve_never_ends_the_shell(terminal):
    t = terminal()
    t.prompt()
    t.child.send("new nim --heaps 6 --size 9\r")
    t.wait("solving nim")
    for _ in range(6):  # a burst: some land while the first is handled, or between commands
        t.child.sendintr()
        time.sleep(0.005)
    t.prompt("x")
    t.child.send("value\r")
    t.wait("solving nim")
    for _ in range(6):
        t.child.sendintr()
        time.sleep(0.02)
    t.prompt("x")
    time.sleep(0.5)  # Ctrl-Cs that reach the prompt just clear its line
    t.child.send("position\r")
    t.wait(r"\(x 9 9 9 9 9 9\)")
    t.prompt("x")
    assert "Traceback" not in t.text and "internal error" not in t.text
    assert t.child.isalive()
    t.child.sendcontrol("d")
    assert t.finish() == 0


@pytest.mark.slow
def test_a_search_estimate_says_its_search_and_hint_agrees_with_it(terminal):
    from gamesman.players.search import RUN_AS_PYTHON

    t = terminal("shell", "othello", "--rows", "8", "--cols", "8")
    t.prompt("b")
    t.child.send("value\r")
    value = t.prompt("b")  # the game's own search player, on its default time budget
    best, spent = re.search(r"estimate by bitalphabeta --time 1: best ([a-h][1-8]), score [-+]\d\.\d\d "
                            r"at (depth \d+, [\d,]+ nodes in [\d.]+ s)", value).groups()
    hint = t.type("hint", "b")
    assert f"play {best}: score" in hint
    python = f"(?:{re.escape(RUN_AS_PYTHON)})?"  # (said while numba compiles the search, in a fresh install)
    assert re.search(rf" at {re.escape(spent)}{python}\nothello b>$", hint.rstrip())  # the same search: not run again
    t.child.sendcontrol("d")
    assert t.finish() == 0


@pytest.mark.slow
def test_colour_on_a_terminal_and_none_when_piped(terminal):
    t = terminal("shell", "cube", "--size", "2", "--scramble", "1")
    t.prompt()
    t.type("bogus")
    assert re.search(r"\x1b\[31mcube: 'bogus' is not a move[^\x1b]*\x1b\[0m", t.raw)  # errors in red
    assert re.search(r"\x1b\[(97|31|32|93|38;5;208|34)m[URFDLB]\x1b\[0m", t.raw)  # the faces in theirs
    t.child.sendcontrol("d")
    assert t.finish() == 0
    plain = terminal("shell", "cube", "--size", "2", "--scramble", "1", colour=False)
    plain.prompt()
    plain.type("bogus")
    assert "\x1b[31m" not in plain.raw and "\x1b[97m" not in plain.raw  # NO_COLOR
    plain.child.sendcontrol("d")
    assert plain.finish() == 0
    env = {key: value for key, value in os.environ.items() if key not in ("NO_COLOR", "GAMESMAN_PLAIN")}
    piped = subprocess.run(gamesman_command() + ["shell", "cube", "--size", "2", "--scramble", "1"],
                           input="bogus\n", capture_output=True, text=True, timeout=60,
                           env=dict(env, TERM="xterm"))
    assert "cube: 'bogus' is not a move" in piped.stdout and "\x1b" not in piped.stdout + piped.stderr


# -- seats: a game with hidden cards seen from one seat ------------------------------------

CARD = r"[2-9TJQKA][cdhs]"


def play_from_one_seat(t: Terminal, moves_in_order: tuple[str, ...], until: str, limit: int = 60) -> str:
    """Type the first legal move of ``moves_in_order`` at each prompt until ``until`` is printed."""
    out = ""
    for _ in range(limit):
        legal = t.type("moves").split("\n")[1].split()
        move = next((m for m in moves_in_order if m in legal), legal[0])
        out += t.type(move)
        if until in out:
            return out
    raise AssertionError(f"{until!r} never printed; the last output was {out[-600:]!r}")


@pytest.mark.slow
def test_poker_from_one_seat_shows_no_other_hole_card_before_the_showdown(terminal):
    t = terminal("shell", "poker", "--seed", "5", colour=False)
    assert "pass the keyboard to p1" in t.prompt("p1")  # three people: p1 takes the keyboard first
    t.type("computer p2 call")
    out = t.type("computer p3 call")
    assert "(as p1 sees it)" in out and re.search(r"p2 .*\?\? \?\?", out)
    assert "view=p1" in t.type("position") and "????" in t.text[-400:]
    play_from_one_seat(t, ("check", "call"), "showdown")
    before, _, after = t.text.partition("showdown")
    shown = dict(re.findall(rf"(p[23]) shows ({CARD} {CARD})", after))
    assert set(shown) == {"p2", "p3"}
    for cards in shown.values():
        for card in cards.split():  # card by card: nowhere on the screen before the showdown
            assert not re.search(rf"\b{card}\b", before), card
    assert re.search(r"main pot \d+: p\d takes \d+", after)  # the end of the hand, then the next hand
    assert after.index("chips: p1") < after.index("Texas Hold'em")  # before the next hand's table
    assert "chance: dealt, not seen" in before
    t.child.send("quit\r")
    assert t.finish() == 0


@pytest.mark.slow
def test_beverbende_from_one_seat_shows_only_the_cards_it_has_seen(terminal):
    t = terminal("shell", "beverbende", "--players", "2", "--seed", "5", colour=False)
    t.prompt("p1")
    t.type("computer p2 humanlike")
    out = play_from_one_seat(t, ("deck", "knock", "discard"), "round 1 is over")
    before, _, summary = (t.text).partition("round 1 is over")
    boards = re.findall(r"p1  [> ]   (\S \S \S \S)  (\S{4})/(\S{4}) .*\np2  [> ]   (\S \S \S \S)", before)
    assert boards
    for mine, knows_mine, knows_theirs, theirs in boards:  # p1's memory is printed in its row
        for cards, knows in ((mine, knows_mine), (theirs, knows_theirs)):
            for card, known in zip(cards.split(), knows):
                assert (card == "?") == (known == "-"), (cards, knows)
    assert "chance: dealt, not seen by p1" in before
    assert not re.search(r"p2 plays the \d drawn", before)
    assert re.search(r"p2   (\d ){3}\d  total \d+", summary) and "scores: p1" in summary
    assert "view=p1" in t.type("reveal off") + t.type("position")
    out = t.type("reveal on")
    assert "(reveal on: the whole table is shown)" in out
    t.child.send("quit\r")
    assert t.finish() == 0


def test_hot_seat_passes_the_keyboard_and_clears_the_screen(terminal):
    t = terminal("shell", "beverbende", "--players", "2", "--seed", "5", colour=False)
    assert "pass the keyboard to p1, then press Enter" in t.prompt("p1")
    assert "pass the keyboard to p1, then press Enter" in t.type("position", "p1")  # refused
    assert "(as p1 sees it)" in t.type("", "p1")
    t.type("deck", "p1")
    cleared = len(t.raw)
    out = t.type("discard", "p2")
    assert "pass the keyboard to p2" in out and "as p1 sees it" not in out
    assert "\x1b[2J" in t.raw[cleared:]  # nothing of p1's cards stays on the screen
    out = t.type("", "p2")
    assert "(as p2 sees it)" in out and re.search(r"p2  >   \S \? \? \S", out)
    t.child.send("quit\r")
    assert t.finish() == 0


# -- a newcomer's list at the terminal -------------------------------------------------------

@pytest.mark.slow
def test_predictions_stopped_by_ctrl_c_are_on_again_for_the_next_game(terminal):
    t = terminal()
    t.prompt()
    t.child.send("new nim --heaps 6 --size 9\r")
    t.wait("solving nim")
    t.child.sendintr()
    assert "predictions are off" in t.prompt("x")
    assert "Prediction: x should" in t.type("new nim --heaps 2 --size 3", "x")
    t.child.send("quit\r")
    assert t.finish() == 0


@pytest.mark.slow
def test_auto_plays_on_until_ctrl_c_and_the_board_is_drawn_again(terminal):
    t = terminal("shell", "2048", "--rows", "4", "--cols", "4")
    t.prompt()
    t.child.send("auto random\r")
    t.wait(r"plays \w+")
    time.sleep(0.5)
    t.child.sendintr()
    out = t.prompt()
    assert "interrupted" in out and "stopped after" not in out
    assert re.search(r"interrupted\nscore \d+, \w+ to move\n +a +b +c +d\n", out)  # the board again
    out = t.type("auto 3 random")
    assert len(re.findall(r"player plays \w+", out)) == 3
    t.child.send("quit\r")
    assert t.finish() == 0


@pytest.mark.slow
def test_one_letter_commands_at_the_terminal(terminal):
    t = terminal("shell", "tictactoe")
    t.prompt("x")
    t.type("b2", "o")
    assert "hint: play" in t.type("h", "o")
    assert "value  remoteness" in t.type("v", "o")
    assert "(x --- --- ---)" in t.type("u", "x") + t.type("position", "x")
    assert "(o --- -x- ---)" in t.type("r", "o") + t.type("position", "o")
    t.child.send("q\r")
    assert t.finish() == 0


@pytest.mark.slow
def test_save_then_start_with_load(terminal, tmp_path):
    path = tmp_path / "saved.txt"
    t = terminal("shell", "nim", "--heaps", "3", "--seed", "7")
    t.prompt("x")
    t.type("computer o random", "x")
    t.type("1-2", "x")
    position = re.search(r"\(x [\d ]+\)", t.type("position", "x")).group(0)
    assert f"saved to {path}" in t.type(f"save {path}", "x")
    t.child.send("quit\r")
    assert t.finish() == 0
    again = terminal("--load", str(path))
    assert "loaded from" in again.prompt("x")
    assert position in again.type("position", "x")
    assert "o: random" in again.type("computer", "x")
    again.child.send("quit\r")
    assert again.finish() == 0
