"""Transcripts: the format, the diff on failure, recording, and the update switch."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gamesman.transcript import (AT_END, TranscriptError, check, compare, escape_line, gamesman_command, matches,
                                 parse, updated)

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


def test_a_recorded_transcript_replays_green(recorded):
    text = recorded.read_text()
    assert text.startswith("# onetwoten to 3: a short game\n$ gamesman\ngamesman: type help")
    assert "# L's first move\nonetwoten L> 1\n" in text
    assert check(recorded).diff == ""


def test_a_changed_character_fails_with_a_readable_diff(recorded):
    text = recorded.read_text()
    assert "Prediction: L should lose in 2" in text
    recorded.write_text(text.replace("Prediction: L should lose in 2", "Prediction: L should lose in 3"))
    diff = check(recorded).diff
    assert diff.startswith("--- short.t (expected)\n+++ short.t (actual)\n@@")
    assert "\n-Prediction: L should lose in 3\n+Prediction: L should lose in 2\n" in diff
    assert sum(1 for line in diff.splitlines() if line[:1] in "+-" and line[:3] not in ("+++", "---")) == 2


def test_matcher_lines_accept_what_varies_and_show_the_match_in_diffs(recorded):
    text = recorded.read_text()
    recorded.write_text(text.replace("Prediction: L should lose in 2", "Prediction: L should * in ? (glob)")
                        .replace("[---]  sum 0 of 3, L to move", r"\[-+\]  sum \d of 3, L to move (re)"))
    assert check(recorded).diff == ""
    recorded.write_text(recorded.read_text().replace("move  value  remoteness", "move  value  distance"))
    diff = check(recorded).diff
    assert "-move  value  distance" in diff
    assert "(glob)" not in diff and "(re)" not in diff  # matched lines show as what they matched


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


def test_compare_and_updated_on_given_output():
    transcript = parse("$ gamesman\nhello\ngamesman> x\nworld (glob)\n")
    actual = [["hello"], ["gamesman> x", "world", "extra"]]
    assert compare(transcript, actual).splitlines()[-1] == "+extra"
    assert updated(transcript, actual) == "$ gamesman\nhello\ngamesman> x\nworld (glob)\nextra\n"


def test_a_session_recorded_from_piped_input_replays(tmp_path):
    path = tmp_path / "piped.t"
    lines = ["new nim --heaps 2 --size 2 --take 2", "computer o random", "1-1", f"record {path}", "values",
             "2-9", "history", "record off", "moves"]
    env = dict(os.environ, GAMESMAN_SEED="31", GAMESMAN_CACHE=str(tmp_path / "cache"))
    done = subprocess.run(gamesman_command(), input="\n".join(lines) + "\n", capture_output=True, text=True,
                          env=env, timeout=60)
    assert done.returncode == 0
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


def test_pytest_collects_transcripts_and_the_switch_rewrites_them(recorded, pytester):
    pytester.path.joinpath("short.t").write_text(recorded.read_text())
    good = recorded.read_text()
    copy = pytester.path / "short.t"
    copy.write_text(good.replace("sum 0 of 3", "sum 0 of 4"))
    failed = pytester.runpytest("-p", "gamesman.pytest_transcripts", "-p", "no:cacheprovider")
    failed.assert_outcomes(failed=1)
    output = failed.stdout.str()
    assert "short.t: the session differs from the transcript" in output
    assert "-[---]  sum 0 of 4, L to move\n+[---]  sum 0 of 3, L to move" in output
    pytester.runpytest("-p", "gamesman.pytest_transcripts", "-p", "no:cacheprovider",
                       "--update-transcripts").assert_outcomes(passed=1)
    assert copy.read_text() == good
