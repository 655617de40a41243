"""Numbers of thousands of digits (Python refuses to convert more than 4,300) get a one-line
error on every door, and a bad line of stdin does not end the run."""
import subprocess
import sys
from pathlib import Path

import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.registry import game_names, make_game

ROOT = Path(__file__).resolve().parent.parent
HUGE = "9" * 5000


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "gamesman", *args], input=stdin, capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


@pytest.mark.parametrize("name", game_names())
def test_every_game_refuses_huge_numbers_in_positions_and_moves(name):
    game = make_game(name)
    tokens = game.format_position(game.start())[1:-1].split()
    for at in range(len(tokens)):
        for huge in (HUGE, "a" + HUGE, "1-" + HUGE, tokens[at] + HUGE):
            try:
                game.parse_position("(" + " ".join([*tokens[:at], huge, *tokens[at + 1:]]) + ")")
            except GameError as problem:
                assert "\n" not in str(problem)
    for move in (HUGE, "a" + HUGE, "1-" + HUGE, HUGE + "-1", f"{HUGE}-{HUGE}"):
        with pytest.raises(GameError):
            game.parse_move(game.start(), move)


@pytest.mark.parametrize("args", [
    ["solve", "nim", f"(x 1 {HUGE} 3)"],
    ["do", "othello", "(b ---- -wb- -bw- ----)", f"a{HUGE}"],
    ["do", "nim", "(x 5 5 5)", f"1-{HUGE}"],
    ["random", "nim", "--seed", HUGE],
    ["simulate", "nim", "--games", HUGE],
    ["nim", "--heaps", HUGE],
    ["match", "nim", "--seed", HUGE, "--player", "true", "--player", "true"],
    ["match", "nim", "--games", HUGE, "--player", "true", "--player", "true"],
])
def test_the_command_line_gives_one_line(args):
    if args[0] == "nim":
        args = ["start", *args]
    done = run(*args)
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "internal error" not in done.stderr and len(done.stderr) < 1000


def test_a_bad_line_of_stdin_does_not_end_the_run():
    done = run("solve", "nim", stdin=f"(x 1 {HUGE} 3)\n(x 0 0 0)\n")
    lines = done.stdout.splitlines()
    assert lines[0].startswith("error: nim: heap 2") and lines[1] == "lose 0"


def test_the_protocol_answers_every_line():
    commands = [f"1 boardsize {HUGE}", f"2 seed {HUGE}", f"3 play x a{HUGE}", f"4 setposition (x 1 {HUGE} 1)",
                "5 game nim", f"6 play x 1-{HUGE}", "7 name"]
    done = run("protocol", stdin="\n".join(commands) + "\n")
    replies = [line for line in done.stdout.splitlines() if line]
    assert [reply[:2] for reply in replies] == ["?1", "?2", "?3", "?4", "=5", "?6", "=7"]
    assert "internal error" not in done.stdout and all(len(reply) < 1000 for reply in replies)


@pytest.mark.parametrize("fingers", ["+1", "\u0661", "1_0", "1.0"])
def test_chopsticks_reads_ascii_digits_only(fingers):
    game = make_game("chopsticks")
    with pytest.raises(GameError, match="not a number of fingers"):
        game.parse_position(f"(L {fingers} 1 1 1 1 1)")
