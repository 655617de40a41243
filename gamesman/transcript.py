"""Transcripts: recorded sessions that replay as tests (the format is in transcripts/README.md).

A transcript reads like the session a person saw::

    # comment lines start with '#'
    $ gamesman
    gamesman: type help for the commands, games for the games, quit to leave.
    gamesman> new onetwoten
    ...
    onetwoten L> 2

The first line after any comments is the command that starts the program.  For
the shell, a line that starts with a prompt (``tictactoe x> ``) is what was
typed after it; for ``gamesman protocol`` an input line starts with ``> ``.
Every other line is output.  An output line ending in `` (re)`` is a regular
expression, one ending in `` (glob)`` a wildcard pattern (``*``, ``?``); any
other line must match exactly (trailing spaces aside).

Shell transcripts run the installed ``gamesman`` in a pseudo-terminal, in the
shell's plain mode (``GAMESMAN_PLAIN=1``, no colour) with ``GAMESMAN_SEED=0``
unless the command line gives ``--seed``; protocol transcripts run over pipes.
Both get a fresh, empty solver database directory.
"""
from __future__ import annotations

import difflib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

#: A shell prompt: the game (or ``gamesman``), maybe the player to move, then ``> ``.
PROMPT_BODY = r"[A-Za-z0-9][A-Za-z0-9_]*(?: [^\s>]+)?"
PROMPT = re.compile(rf"^{PROMPT_BODY}>(?: |$)")
#: The input marker of protocol transcripts.
PROTOCOL_INPUT = ">"
#: What a shell transcript writes for Ctrl-D (end of input) after a prompt.
END_OF_INPUT = "^D"
#: Where a comment after the last line of a transcript stays.
AT_END = sys.maxsize
#: Seconds to wait for a prompt (or for a protocol session to end).
TIMEOUT = 60


class TranscriptError(Exception):
    """A transcript file that cannot be read."""


@dataclass
class Chunk:
    """One input line and the output it produced (the first chunk has no input)."""

    typed: str | None
    lines: list[str] = field(default_factory=list)  # the input line first, when there is one
    comments: list[tuple[int, str]] = field(default_factory=list)  # (index of the line after, text)


@dataclass
class Transcript:
    preamble: list[str]  # comment and blank lines before the command
    command: str  # what follows "$ "
    kind: str  # "shell" or "protocol"
    chunks: list[Chunk]

    @property
    def words(self) -> list[str]:
        return shlex.split(self.command)


def input_of(kind: str, line: str) -> str | None:
    """The typed text if ``line`` is an input line of a ``kind`` transcript, else None."""
    if kind == "protocol":
        if line.rstrip() == PROTOCOL_INPUT:
            return ""
        return line[2:] if line.startswith(PROTOCOL_INPUT + " ") else None
    match = PROMPT.match(line)
    return line[match.end():].rstrip() if match else None


def parse(text: str, name: str = "transcript") -> Transcript:
    """Read a transcript; TranscriptError says what is wrong and where."""
    lines = text.splitlines()
    preamble: list[str] = []
    at = 0
    while at < len(lines) and not lines[at].startswith("$ "):
        if lines[at].strip() and not lines[at].startswith("#"):
            raise TranscriptError(f"{name}:{at + 1}: expected the command line '$ gamesman ...' "
                                  f"before any output, not {lines[at]!r}")
        preamble.append(lines[at])
        at += 1
    if at == len(lines):
        raise TranscriptError(f"{name}: no command line ('$ gamesman ...')")
    command = lines[at][2:].strip()
    try:
        words = shlex.split(command)
    except ValueError as problem:
        raise TranscriptError(f"{name}:{at + 1}: {problem}") from None
    if not words or words[0] != "gamesman":
        raise TranscriptError(f"{name}:{at + 1}: the command must start with gamesman, not {command!r}")
    kind = "protocol" if len(words) > 1 and words[1] == "protocol" else "shell"
    chunks = [Chunk(None)]
    pending: list[str] = []  # comments go with the line that follows them
    for line in lines[at + 1:]:
        if line.startswith("#"):
            pending.append(line)
            continue
        typed = input_of(kind, line)
        if typed is not None:
            chunks.append(Chunk(typed))
        chunks[-1].comments.extend((len(chunks[-1].lines), text) for text in pending)
        pending = []
        chunks[-1].lines.append(line)
    chunks[-1].comments.extend((AT_END, text) for text in pending)
    return Transcript(preamble, command, kind, chunks)


# -- matching ----------------------------------------------------------------------------

def _glob(pattern: str) -> str:
    """A glob (``*``, ``?``, backslash escapes) as a regular expression."""
    out = []
    at = 0
    while at < len(pattern):
        char = pattern[at]
        if char == "\\" and at + 1 < len(pattern):
            out.append(re.escape(pattern[at + 1]))
            at += 2
            continue
        out.append(".*" if char == "*" else "." if char == "?" else re.escape(char))
        at += 1
    return "".join(out)


def is_matcher(expected: str) -> bool:
    return expected.rstrip().endswith((" (re)", " (glob)"))


def matches(expected: str, actual: str) -> bool:
    """Whether an expected line (maybe a matcher) accepts an actual line."""
    expected, actual = expected.rstrip(), actual.rstrip()
    if expected.endswith(" (re)"):
        pattern = expected[:-5]
    elif expected.endswith(" (glob)"):
        pattern = _glob(expected[:-7])
    else:
        return expected == actual
    try:
        return re.fullmatch(pattern, actual) is not None
    except re.error:
        return False


def escape_line(line: str) -> str:
    """An output line as a transcript must write it so it reads back as that output.

    Lines that would be taken for a comment, a command line, an input line or a
    matcher become an exact regular expression.
    """
    line = line.rstrip()
    misread = (line.startswith(("#", "$ ", ">")) or PROMPT.match(line) is not None
               or is_matcher(line))
    if not misread:
        return line
    pattern = re.escape(line)
    if pattern[:1] in ("#", "$", ">") or PROMPT.match(pattern):
        first = pattern[0]
        pattern = (f"[{first}]" if first.isalnum() else "\\" + first) + pattern[1:]
    return pattern + " (re)"


def _trim(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def compare(transcript: Transcript, actual: list[list[str]], name: str = "transcript") -> str:
    """A unified diff of expected against actual output ("" when they agree)."""
    expected_lines: list[str] = []
    actual_lines: list[str] = []
    for index, chunk in enumerate(transcript.chunks):
        got = actual[index] if index < len(actual) else []
        for at, line in enumerate(chunk.lines):
            seen = got[at] if at < len(got) else None
            expected_lines.append(seen if seen is not None and is_matcher(line) and matches(line, seen)
                                  else line)
        actual_lines.extend(got)
    expected_lines, actual_lines = _trim(expected_lines), _trim(actual_lines)
    if expected_lines == actual_lines:
        return ""
    return "\n".join(difflib.unified_diff(expected_lines, actual_lines, f"{name} (expected)",
                                          f"{name} (actual)", lineterm=""))


def updated(transcript: Transcript, actual: list[list[str]]) -> str:
    """The transcript's text with the actual output; matcher lines that still match stay."""
    out = list(transcript.preamble) + ["$ " + transcript.command]
    for index, chunk in enumerate(transcript.chunks):
        got = actual[index] if index < len(actual) else []
        if index == len(transcript.chunks) - 1:
            got = _trim(got)
        comments = list(chunk.comments)
        for at, line in enumerate(got):
            while comments and comments[0][0] <= at:
                out.append(comments.pop(0)[1])
            expected = chunk.lines[at] if at < len(chunk.lines) else None
            if at == 0 and chunk.typed is not None:
                out.append(line.rstrip())
            elif expected is not None and is_matcher(expected) and matches(expected, line):
                out.append(expected.rstrip())
            else:
                out.append(escape_line(line))
        out.extend(text for _, text in comments)
    return "\n".join(out) + "\n"


# -- running -----------------------------------------------------------------------------

def gamesman_command() -> list[str]:
    """The installed ``gamesman`` (next to this Python first), else ``python -m gamesman``."""
    beside = Path(sys.executable).with_name("gamesman")
    if beside.exists():
        return [str(beside)]
    found = shutil.which("gamesman")
    return [found] if found else [sys.executable, "-m", "gamesman"]


def environment(directory: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(GAMESMAN_PLAIN="1", TERM="dumb", NO_COLOR="1", GAMESMAN_SEED="0",
               GAMESMAN_CACHE=os.path.join(directory, "cache"),
               GAMESMAN_HISTORY=os.path.join(directory, "history"), COLUMNS="80", LINES="24")
    env.pop("GAMESMAN_DEBUG", None)
    return env


def _lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n")
    if not text:
        return []
    return text[:-1].split("\n") if text.endswith("\n") else text.split("\n")


def run_shell(transcript: Transcript, env: dict[str, str]) -> tuple[list[list[str]], bool]:
    """Type each input after its prompt in a pseudo-terminal.

    Returns the actual chunks and whether every input was sent.
    """
    import pexpect

    command = gamesman_command() + transcript.words[1:]
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", codec_errors="replace",
                          dimensions=(24, 200), timeout=TIMEOUT)
    prompt_at_line_start = re.compile(rf"(?:\A|\n)({PROMPT_BODY}> )")

    def read() -> tuple[str, str | None]:
        index = child.expect([prompt_at_line_start, pexpect.EOF, pexpect.TIMEOUT])
        if index == 0:
            match = child.match
            return child.before + match.group(0)[:match.start(1) - match.start(0)], match.group(1)
        if index == 2:
            return child.before + f"\n[no prompt after {TIMEOUT}s]\n", None
        return child.before, None

    chunks: list[list[str]] = [[]]
    try:
        text, prompt = read()
        chunks[0] = _lines(text)
        for chunk in transcript.chunks[1:]:
            if prompt is None:
                return chunks, False
            if chunk.typed == END_OF_INPUT:
                child.sendeof()
            else:
                child.sendline(chunk.typed)
            text, next_prompt = read()
            body = _lines(text)
            if chunk.typed == END_OF_INPUT:
                head = prompt + END_OF_INPUT
                body = body[1:] if body and not body[0].strip() else body
            else:
                head = prompt + (body.pop(0) if body else "")
            chunks.append([head] + body)
            prompt = next_prompt
        if prompt is not None:
            child.sendeof()
            child.expect([pexpect.EOF, pexpect.TIMEOUT])
        return chunks, True
    finally:
        child.close(force=True)
        if child.exitstatus not in (0, None):
            chunks[-1].append(f"[exit status {child.exitstatus}]")


def run_protocol(transcript: Transcript, env: dict[str, str]) -> tuple[list[list[str]], bool]:
    """Send every input over a pipe; each command's reply ends with an empty line."""
    command = gamesman_command() + transcript.words[1:]
    typed = [chunk.typed or "" for chunk in transcript.chunks[1:]]
    try:
        done = subprocess.run(command, input="".join(t + "\n" for t in typed), capture_output=True,
                              text=True, env=env, timeout=TIMEOUT)
        stdout, status = done.stdout, done.returncode
    except subprocess.TimeoutExpired as expired:
        stdout = (expired.stdout or b"").decode() if isinstance(expired.stdout, bytes) else expired.stdout or ""
        stdout, status = stdout + f"\n[no end after {TIMEOUT}s]\n", None
    replies: list[list[str]] = []
    current: list[str] = []
    for line in _lines(stdout):
        current.append(line)
        if not line:
            replies.append(current)
            current = []
    if current:
        replies.append(current)
    chunks: list[list[str]] = [[]]
    for text in typed:
        head = PROTOCOL_INPUT + (" " + text if text else "")
        silent = not text.partition("#")[0].strip()  # blank lines and comments get no reply
        chunks.append([head] + ([] if silent or not replies else replies.pop(0)))
    for reply in replies:
        chunks[-1].extend(reply)
    if status not in (0, None):
        chunks[-1].append(f"[exit status {status}]")
    return chunks, True


@dataclass
class Outcome:
    diff: str  # "" when the transcript passed
    rewritten: bool = False  # the file was rewritten from the actual output


def check(path: str | Path, update: bool = False) -> Outcome:
    """Replay the transcript at ``path``; with ``update``, rewrite it from the actual output."""
    path = Path(path)
    transcript = parse(path.read_text(encoding="utf-8"), path.name)
    with tempfile.TemporaryDirectory(prefix="gamesman-transcript-") as directory:
        env = environment(directory)
        runner = run_protocol if transcript.kind == "protocol" else run_shell
        actual, complete = runner(transcript, env)
    diff = compare(transcript, actual, path.name)
    if not diff or not update:
        return Outcome(diff)
    if not complete:
        return Outcome(diff + "\n(not updated: the program ended before all the input was typed)")
    path.write_text(updated(transcript, actual), encoding="utf-8")
    return Outcome("", rewritten=True)
