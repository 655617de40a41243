"""The pipeline CLI, run as a user runs it: a subprocess with exit statuses."""
import subprocess
import sys

import pytest


def run(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "gamesman", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_start_moves_do_show():
    assert run("start", "tictactoe").stdout == "(x --- --- ---)\n"
    assert run("moves", "tictactoe", "(x xo- --- ---)").stdout == "c1 a2 b2 c2 a3 b3 c3\n"
    assert run("do", "tictactoe", "(x --- --- ---)", "b2", "A1").stdout == "(x o-- -x- ---)\n"
    # an unquoted position (split by the shell) is put back together
    assert run("do", "nim", "(x", "5", "5", "5)", "2-3").stdout == "(o 5 2 5)\n"
    shown = run("show", "tictactoe", "(x xo- --- ---)").stdout
    assert shown.splitlines()[0].split() == ["a", "b", "c"]


def test_solve_prints_value_and_remoteness():
    assert run("solve", "tictactoe", "(x --- --- ---)").stdout == "tie 9\n"
    assert run("solve", "onetwoten", "(L 0)").stdout == "win 7\n"
    assert run("solve", "nim", "--heaps", "2", "--size", "3", "--take", "3", "(x 3 3)").stdout.startswith("lose")


def test_pipeline_random_into_solve():
    game = run("random", "tictactoe", "--seed", "3").stdout.splitlines()
    solved = run("solve", "tictactoe", stdin="\n".join(game) + "\n").stdout.splitlines()
    assert len(solved) == len(game)
    assert solved[-1].endswith(" 0")  # the last position is an end
    assert all(line.split()[0] in ("win", "lose", "tie") for line in solved)


def test_random_is_reproducible():
    assert run("random", "nim", "--seed", "5").stdout == run("random", "nim", "--seed", "5").stdout


def test_count_reproduces_the_published_figures():
    out = run("count", "tictactoe").stdout
    assert "reachable positions: 5,478" in out
    assert "games: 255,168" in out
    for figure in ("x wins: 131,184", "o wins: 77,904", "tie: 46,080"):
        assert figure in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()[:1].isdigit()}
    assert rows["6"][2] == "5,328" and rows["7"][1] == "47,952"
    assert rows["8"][2] == "72,576" and rows["9"][1] == "81,792"


def test_simulate_and_exact_odds():
    out = run("simulate", "tictactoe", "--games", "2000", "--seed", "1").stdout
    assert "2,000 games" in out and "x wins" in out
    exact = run("simulate", "tictactoe", "--exact").stdout
    assert "x wins: 737/1260" in exact


@pytest.mark.parametrize("args, fragment", [
    (["solve", "chess"], "unknown game 'chess'"),
    (["start", "nim", "--heaps", "99"], "heaps must be int from 1 to 20, not 99"),
    (["moves", "tictactoe", "(x ---- --- ---)"], "row 1 has 4 cells, expected 3"),
    (["do", "tictactoe", "(x x-- --- ---)", "a1"], "a1 is not an empty cell"),
    (["do", "tictactoe", "(x --- --- ---)", "z9"], "off the board"),
    (["frobnicate"], "unknown command"),
    (["simulate", "tictactoe", "--games", "lots"], "--games must be a whole number"),
])
def test_bad_input_exits_2_with_one_line(args, fragment):
    result = run(*args)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_bad_lines_on_stdin_are_answered_in_place():
    result = run("solve", "tictactoe", stdin="(x --- --- ---)\n(q)\n(o x-- --- ---)\n")
    lines = result.stdout.splitlines()
    assert lines[0] == "tie 9" and lines[1].startswith("error: tictactoe:") and lines[2] == "tie 8"
    assert result.returncode == 2
