"""Transcripts: the format, the diff on failure, recording, and the update switch."""
from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamesman.testing.transcript import (AT_END, TranscriptError, check, compare, environment, escape_line,
                                 gamesman_command, matches, parse, updated)

SKELETON = """\
# onetwoten to 3: a short game
$ gamesman
gamesman> new onetwoten --target 3
onetwoten L> values
# L's first move
onetwoten L> 1
onetwoten R> quit
"""


@pytest.fixture
def recorded(tmp_path) -> Path:
    """A transcript whose expected output was written by the update switch."""
    path = tmp_path / "short.t"
    path.write_text(SKELETON)
    assert check(path, update=True).rewritten
    return path


def test_the_format_reads_commands_inputs_outputs_and_comments():
    transcript = parse(SKELETON + "[-o-]  sum 1 of 3, R to move\n")
    assert transcript.command == "gamesman" and transcript.kind == "shell"
    assert transcript.preamble == ["# onetwoten to 3: a short game"]
    assert [chunk.typed for chunk in transcript.chunks] == [None, "new onetwoten --target 3", "values", "1", "quit"]
    assert transcript.chunks[3].comments == [(0, "# L's first move")]
    assert parse("$ gamesman\nhi\n# one\nthere\n# two\n").chunks[0].comments == [(1, "# one"), (AT_END, "# two")]
    assert transcript.chunks[-1].lines == ["onetwoten R> quit", "[-o-]  sum 1 of 3, R to move"]
    protocol = parse("$ gamesman protocol nim\n> moves\n= 1-1 1-2\n\n>\n")
    assert protocol.kind == "protocol"
    assert [chunk.typed for chunk in protocol.chunks] == [None, "moves", ""]
    with pytest.raises(TranscriptError, match="expected the command line"):
        parse("gamesman> new nim\n")
    with pytest.raises(TranscriptError, match="must start with gamesman"):
        parse("$ ls -l\n")


def test_matchers_and_escaping():
    assert matches("sum 1 of [0-9]+ (re)", "sum 1 of 30")
    assert not matches("sum 1 of [0-9]+ (re)", "sum 1 of 30 and more")
    assert matches("solved in * seconds (glob)", "solved in 0.3 seconds")
    assert matches("a ? c (glob)", "a b c") and not matches("a \\? c (glob)", "a b c")
    assert matches("exact  ", "exact") and not matches("exact", "exact!")
    assert not matches("[ (re)", "[")  # a bad regex matches nothing
    for line in ("# not a comment", "tictactoe x> not typed", "gamesman>", "2048> ", ">", "$ not a command", "> not sent", "ends (re)",
                 "plain text"):
        escaped = escape_line(line)
        assert matches(escaped, line)
        assert parse(f"$ gamesman\n{escaped}\n").chunks[0].lines == [escaped]
    assert escape_line("plain text") == "plain text"


@pytest.mark.slow
def test_a_recorded_transcript_replays_green(recorded):
    text = recorded.read_text()
    assert text.startswith("# onetwoten to 3: a short game\n$ gamesman\ngamesman: type help")
    assert "# L's first move\nonetwoten L> 1\n" in text
    assert check(recorded).diff == ""


@pytest.mark.slow
def test_a_changed_character_fails_with_a_readable_diff(recorded):
    text = recorded.read_text()
    assert "Prediction: L should lose in 2" in text
    recorded.write_text(text.replace("Prediction: L should lose in 2", "Prediction: L should lose in 3"))
    diff = check(recorded).diff
    assert diff.startswith("--- short.t (expected)\n+++ short.t (actual)\n@@")
    assert "\n-Prediction: L should lose in 3\n+Prediction: L should lose in 2\n" in diff
    assert sum(1 for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")) == 2


@pytest.mark.slow
def test_matcher_lines_accept_what_varies_and_show_the_match_in_diffs(recorded):
    text = recorded.read_text()
    recorded.write_text(text.replace("Prediction: L should lose in 2", "Prediction: L should * in ? (glob)")
                        .replace("[---]  sum 0 of 3, L to move", r"\[-+\]  sum \d of 3, L to move (re)"))
    assert check(recorded).diff == ""
    recorded.write_text(recorded.read_text().replace("move  value  remoteness", "move  value  distance"))
    diff = check(recorded).diff
    assert "-move  value  distance" in diff
    assert "(glob)" not in diff and "(re)" not in diff  # matched lines show as what they matched


@pytest.mark.slow
def test_update_round_trips_keeping_comments_and_matchers(recorded):
    good = recorded.read_text()
    glob = good.replace("Prediction: L should lose in 2", "Prediction: L should * in ? (glob)")
    broken = glob.replace("1     lose   2", "1     lose   9")
    recorded.write_text(broken)
    outcome = check(recorded, update=True)
    assert outcome.rewritten and outcome.diff == ""
    assert recorded.read_text() == glob  # the wrong line fixed; comments and the matcher kept
    assert check(recorded, update=True) == check(recorded)  # nothing left to rewrite
    assert recorded.read_text() == glob


def test_update_is_refused_when_the_program_ends_early(tmp_path):
    path = tmp_path / "early.t"
    path.write_text("$ gamesman\ngamesman> quit\ngamesman> new nim\n")
    outcome = check(path, update=True)
    assert "not updated: the program ended before all the input was typed" in outcome.diff
    assert path.read_text() == "$ gamesman\ngamesman> quit\ngamesman> new nim\n"


def test_an_elided_line_stands_for_any_lines_of_its_input_and_an_update_keeps_it():
    text = "$ gamesman\nhello\n...\ngamesman> x\nfirst\n...\nlast\n"
    transcript = parse(text)
    for middle in ([], ["a"], ["a", "b", "first", "last"]):
        actual = [["hello", "more"], ["gamesman> x", "first", *middle, "last"]]
        assert compare(transcript, actual) == "" and updated(transcript, actual) == text
    assert compare(transcript, [["hello"], ["gamesman> x", "first", "last", "after"]]).splitlines()[-1] == "+after"
    assert compare(transcript, [["hi"], ["gamesman> x", "first", "last"]]) != ""
    # a chunk that still matches keeps its elision; one that does not is written out
    assert updated(transcript, [["hello"], ["gamesman> x", "first"]]) == "$ gamesman\nhello\n...\ngamesman> x\nfirst\n"
    escaped = escape_line("...")
    assert escaped != "..." and matches(escaped, "...") and not matches(escaped, "anything")


def test_compare_and_updated_on_given_output():
    transcript = parse("$ gamesman\nhello\ngamesman> x\nworld (glob)\n")
    actual = [["hello"], ["gamesman> x", "world", "extra"]]
    assert compare(transcript, actual).splitlines()[-1] == "+extra"
    assert updated(transcript, actual) == "$ gamesman\nhello\ngamesman> x\nworld (glob)\nextra\n"


@pytest.mark.slow
def test_a_session_recorded_from_piped_input_replays(tmp_path):
    path = tmp_path / "piped.t"
    lines = ["new nim --heaps 2 --size 2 --take 2", "computer o random", "1-1", f"record {path}", "values",
             "2-9", "history", "record off", "moves"]
    env = dict(os.environ, GAMESMAN_SEED="31", GAMESMAN_CACHE=str(tmp_path / "cache"))
    done = subprocess.run(gamesman_command(), input="\n".join(lines) + "\n", capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 2  # the piped shell refused 2-9, and says so in its exit status
    text = path.read_text()
    assert text.startswith("$ gamesman shell --seed 31\n")
    assert "record" not in text and "nim x> moves" not in text
    assert check(path).diff == ""


def test_protocol_transcripts_compare_replies(tmp_path):
    path = tmp_path / "protocol.t"
    path.write_text("$ gamesman protocol\n> game onetwoten target=3\n= wrong\n\n> # a comment\n> moves\n")
    assert check(path, update=True).rewritten
    assert path.read_text() == ("$ gamesman protocol\n> game onetwoten target=3\n"
                                "= onetwoten(target=3,step=2,misere=false)\n\n> # a comment\n> moves\n= 1 2\n")
    assert check(path).diff == ""


@pytest.mark.slow
def test_pytest_collects_transcripts_and_the_switch_rewrites_them(recorded, pytester):
    pytester.path.joinpath("short.t").write_text(recorded.read_text())
    good = recorded.read_text()
    copy = pytester.path / "short.t"
    copy.write_text(good.replace("sum 0 of 3", "sum 0 of 4"))
    failed = pytester.runpytest("-p", "gamesman.testing.pytest_transcripts", "-p", "no:cacheprovider")
    failed.assert_outcomes(failed=1)
    output = failed.stdout.str()
    assert "short.t: the session differs from the transcript" in output
    assert "-[---]  sum 0 of 4, L to move\n+[---]  sum 0 of 3, L to move" in output
    pytester.runpytest("-p", "gamesman.testing.pytest_transcripts", "-p", "no:cacheprovider",
                       "--update-transcripts").assert_outcomes(passed=1)
    assert copy.read_text() == good


def test_a_transcript_that_says_it_is_slow_is_marked_slow(pytester):
    quick = "# quick\n$ gamesman protocol\n> name\n= gamesman\n\n"
    pytester.path.joinpath("quick.t").write_text(quick)
    pytester.path.joinpath("slow.t").write_text("# a long solve\n# slow\n" + quick.partition("\n")[2])
    listed = pytester.runpytest("-p", "gamesman.testing.pytest_transcripts", "-p", "no:cacheprovider",
                                "--strict-markers", "--collect-only", "-q", "-m", "not slow")
    assert [line for line in listed.stdout.lines if line.endswith(".t")] == ["quick.t::quick.t"]
    assert "1/2 tests collected (1 deselected)" in listed.stdout.str()


def test_update_keeps_a_matcher_when_a_line_is_inserted_before_it():
    transcript = parse("$ gamesman\ngamesman> x\nfirst\nsum * of 4 (glob)\nlast\n")
    actual = [[], ["gamesman> x", "a new line", "first", "sum 1 of 4", "last"]]
    assert updated(transcript, actual) == "$ gamesman\ngamesman> x\na new line\nfirst\nsum * of 4 (glob)\nlast\n"
    changed = [line for line in compare(transcript, actual).splitlines()[2:] if line[:1] in "+-"]
    assert changed == ["+a new line"]  # the lines after it still pair with their own
    deleted = [[], ["gamesman> x", "sum 2 of 4", "last"]]
    assert updated(transcript, deleted) == "$ gamesman\ngamesman> x\nsum * of 4 (glob)\nlast\n"


def test_a_diff_numbers_the_lines_as_the_file_does():
    text = "# a comment\n$ gamesman\n# another\ngamesman> x\none\n# third\ntwo\nthree\n"
    transcript = parse(text)
    diff = compare(transcript, [[], ["gamesman> x", "one", "TWO", "three"]])
    header = next(line for line in diff.splitlines() if line.startswith("@@"))
    first = int(re.match(r"@@ -(\d+)", header).group(1))
    hunk = diff.splitlines()[diff.splitlines().index(header) + 1:]
    removed = next(index for index, line in enumerate(hunk) if line.startswith("-"))
    expected_side = [line for line in hunk[:removed] if not line.startswith("+")]
    assert first + len(expected_side) == text.splitlines().index("two") + 1  # "two" is the file's line 7
    assert "# third" in hunk[removed - 1]  # comments show where they are in the file


@pytest.mark.slow
def test_a_ctrl_c_is_recorded_and_replayed(tmp_path):
    """Ctrl-C during a long solve, during another, and at the prompt: the recording replays."""
    import pexpect

    path = tmp_path / "interrupted.t"
    env = environment(str(tmp_path))
    command = gamesman_command()
    child = pexpect.spawn(command[0], [*command[1:], "shell", "--seed", "3"], env=env, encoding="utf-8",
                          timeout=60)
    try:
        child.expect("gamesman> ")
        child.sendline("new nim --heaps 6 --size 9")  # about two million positions: a long solve
        child.expect("heap 6: [|]+ [(]9[)]")
        time.sleep(0.3)
        child.sendintr()
        child.expect("predictions are off.*nim x> ")
        child.sendline("value")
        time.sleep(0.3)
        child.sendintr()
        child.expect("interrupted.*nim x> ")
        child.send("half a line")
        child.sendintr()
        child.expect("nim x> ")
        child.sendline(f"record {path}")
        child.expect("nim x> ")
        child.sendline("position")
        child.expect("nim x> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    text = path.read_text()
    assert text.count("\n^C\n") == 2 and "\nnim x> ^C\n" in text
    assert "^C\nPrediction: interrupted; predictions are off" in text and "^C\ninterrupted\n" in text
    assert check(path).diff == ""
    assert check(tmp_path / "interrupted.t", update=True) == check(path)  # nothing to rewrite
    assert path.read_text() == text


@pytest.mark.slow
def test_pytest_collects_transcripts_outside_the_repository(tmp_path, recorded):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "mine.t").write_text(recorded.read_text())
    (elsewhere / "cram.t").write_text("  $ echo hi\n  hi\n")  # another tool's .t file: left alone
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider"],
                          cwd=elsewhere, capture_output=True, text=True, timeout=120)
    assert "1 passed" in done.stdout, done.stdout + done.stderr


def test_a_replay_gets_no_colour_code_from_numba_at_exit(tmp_path):
    """Numba starts colorama, where it is installed, for its error messages; colorama then
    writes a colour reset to the terminal at exit, after the last line of any session that
    solved.  The replay's environment turns numba's colours off."""
    pytest.importorskip("colorama")
    from gamesman.contract.registry import make_game
    from gamesman.doors.shell.wording import describe_result
    from gamesman.solver.strong import Solver

    game = make_game("onetwoten")
    prediction = describe_result(game, game.start(), Solver(game, database=None).result(game.start()))
    path = tmp_path / "solved.t"
    path.write_text("$ gamesman shell onetwoten\n"
                    "gamesman: type help for the commands, games for the games, quit to leave.\n"
                    "1, 2, ..., 10: onetwoten(target=10,step=2,misere=false)\n"
                    "[----------]  sum 0 of 10, L to move\n"
                    f"Prediction: {prediction}\n"
                    "onetwoten L> quit\n")
    assert check(path).diff == ""
