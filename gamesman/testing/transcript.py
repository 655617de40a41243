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
expression, one ending in `` (glob)`` a wildcard pattern (``*``, ``?``), a line
that is just ``...`` any lines (none too) that the input above it printed there; any
other line must match exactly (trailing spaces aside).

Shell transcripts run the installed ``gamesman`` in a pseudo-terminal, in the
shell's plain mode (``GAMESMAN_PLAIN=1``, no colour) with ``GAMESMAN_SEED=0``
unless the command line gives ``--seed``; protocol transcripts run over pipes.
Both get a fresh, empty solver database directory.
"""
from __future__ import annotations

import difflib
import functools
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

#: A shell prompt: the game (or ``gamesman``), maybe the player to move, then ``> ``.
PROMPT_BODY = r"[A-Za-z0-9][A-Za-z0-9_]*(?: [^\s>]+)?"
PROMPT = re.compile(rf"^{PROMPT_BODY}>(?: |$)")
#: The input marker of protocol transcripts.
PROTOCOL_INPUT = ">"
#: What a shell transcript writes for Ctrl-D (end of input) after a prompt.
END_OF_INPUT = "^D"
#: What a shell transcript writes for Ctrl-C: after a prompt, it drops the line being
#: typed; alone on a line among a command's output, it interrupts the command once the
#: output above it has appeared.  Either way it is what the terminal shows.
INTERRUPT = "^C"
#: An output line that stands for any lines (none too) that one input printed there.
ELIDED = "..."
#: Where a comment after the last line of a transcript stays.
AT_END = sys.maxsize
#: Seconds to wait for a prompt (or for a protocol session to end).
TIMEOUT = 60
#: Seconds to let a program read its input before a Ctrl-C, where the terminal cannot tell.
SETTLE = 0.5


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
               or is_matcher(line) or line in (INTERRUPT, ELIDED))
    if not misread:
        return line
    pattern = re.escape(line)
    if pattern[:1] in ("#", "$", ">", "^") or PROMPT.match(pattern):
        first = pattern[0]
        pattern = (f"[{first}]" if first.isalnum() else "\\" + first) + pattern[1:]
    return pattern + " (re)"


def elided_match(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` is ``expected`` with each ELIDED line standing for any run of lines
    (none too), the other lines matched in order as ``matches`` does.

    >>> elided_match(["a", "...", "d"], ["a", "b", "c", "d"]), elided_match(["a", "..."], ["a"])
    (True, True)
    >>> elided_match(["a", "...", "d"], ["a", "b"]), elided_match(["...", "c"], ["c", "d"])
    (False, False)
    """
    @functools.lru_cache(maxsize=None)
    def fits(at: int, got: int) -> bool:  # expected[at:] against actual[got:]
        if at == len(expected):
            return got == len(actual)
        if expected[at].rstrip() == ELIDED:
            return any(fits(at + 1, rest) for rest in range(got, len(actual) + 1))
        return got < len(actual) and matches(expected[at], actual[got]) and fits(at + 1, got + 1)

    return fits(0, 0)


def _trim(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and not lines[-1]:
        lines.pop()
    return lines


@dataclass
class Alignment:
    """A chunk's expected lines lined up with the actual ones (see ``align``)."""

    expected: list[str]
    actual: list[str]
    partner: dict[int, int]  # expected index -> the actual index it accepts
    at: list[int]  # for each expected index (and one past the end): where it falls among the actual lines


def align(expected: list[str], actual: list[str]) -> Alignment:
    """Line up expected and actual lines as a diff does, a matcher counting as equal to what it matches.

    So an inserted or deleted line does not shift every later line out of place:
    the lines after it, matchers included, still pair with their own.
    """
    exact = {line.rstrip() for line in expected if not is_matcher(line)}
    matchers = [line.rstrip() for line in expected if is_matcher(line)]

    def key(line: str) -> str:
        line = line.rstrip()
        if line in exact:
            return line
        return next((matcher for matcher in matchers if matches(matcher, line)), line)

    opcodes = difflib.SequenceMatcher(None, [line.rstrip() for line in expected], [key(line) for line in actual],
                                      autojunk=False).get_opcodes()
    partner: dict[int, int] = {}
    at = [len(actual)] * (len(expected) + 1)
    for tag, i1, i2, j1, j2 in opcodes:
        for offset, index in enumerate(range(i1, i2)):
            at[index] = min(j1 + offset, j2) if tag != "delete" else j1
            paired = j1 + offset
            if paired < j2 and (tag == "equal" or matches(expected[index], actual[paired])):
                partner[index] = paired
    return Alignment(expected, actual, partner, at)


def _chunk_lines(transcript: Transcript, actual: list[list[str]]):
    """For each chunk: its alignment and comments (the last chunk without trailing empty lines)."""
    for index, chunk in enumerate(transcript.chunks):
        got = actual[index] if index < len(actual) else []
        expected = chunk.lines
        if index == len(transcript.chunks) - 1:
            expected, got = _trim(expected), _trim(got)
        yield chunk, align(expected, got)


def _with_comments(lines: list[str], comments: list[tuple[int, str]], at: Callable[[int], int]) -> list[str]:
    """``lines`` with each comment put before the line ``at(its index)`` (after the last for AT_END)."""
    out = []
    pending = sorted(((len(lines) if index == AT_END else at(index), number, text)
                      for number, (index, text) in enumerate(comments)))
    for position, line in enumerate(lines):
        while pending and pending[0][0] <= position:
            out.append(pending.pop(0)[2])
        out.append(line)
    out.extend(text for _, _, text in pending)
    return out


def compare(transcript: Transcript, actual: list[list[str]], name: str = "transcript") -> str:
    """A unified diff of expected against actual output ("" when they agree).

    Both sides carry the file's comments and command line, so the expected side's
    line numbers are the file's.  A matcher that matched shows as the text it matched.
    """
    head = list(transcript.preamble) + ["$ " + transcript.command]
    expected_lines, actual_lines = list(head), list(head)
    same = True
    for chunk, aligned in _chunk_lines(transcript, actual):
        got = [line.rstrip() for line in aligned.actual]
        shown = [aligned.actual[aligned.partner[i]].rstrip() if i in aligned.partner else line.rstrip()
                 for i, line in enumerate(aligned.expected)]
        if ELIDED in shown and elided_match(aligned.expected, aligned.actual):
            shown = got  # (its comments go where the aligner put them)
        same = same and shown == got
        expected_lines += _with_comments(shown, chunk.comments, lambda index: min(index, len(shown)))
        actual_lines += _with_comments(got, chunk.comments,
                                       lambda index: aligned.at[min(index, len(aligned.expected))])
    if same:
        return ""
    return "\n".join(difflib.unified_diff(expected_lines, actual_lines, f"{name} (expected)",
                                          f"{name} (actual)", lineterm=""))


def updated(transcript: Transcript, actual: list[list[str]]) -> str:
    """The transcript's text with the actual output; matcher lines that still match stay."""
    out = list(transcript.preamble) + ["$ " + transcript.command]
    for chunk, aligned in _chunk_lines(transcript, actual):
        if ELIDED in (line.rstrip() for line in aligned.expected) and elided_match(aligned.expected, aligned.actual):
            out += _with_comments([line.rstrip() for line in aligned.expected], chunk.comments,
                                  lambda index: min(index, len(aligned.expected)))
            continue
        kept = {paired: aligned.expected[index] for index, paired in aligned.partner.items()
                if is_matcher(aligned.expected[index])}
        lines = []
        for at, line in enumerate(aligned.actual):
            if at == 0 and chunk.typed is not None:
                lines.append(line.rstrip())
            elif at in kept:
                lines.append(kept[at].rstrip())
            elif line.rstrip() == INTERRUPT and transcript.kind == "shell":
                lines.append(INTERRUPT)  # the terminal's echo of a Ctrl-C the runner sent
            else:
                lines.append(escape_line(line))
        out += _with_comments(lines, chunk.comments, lambda index: aligned.at[min(index, len(aligned.expected))])
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
    """The replay's environment: plain lines, no colour, seed 0, a cache of its own.  Numba
    gets no colour either: with colorama installed (mkdocs-material brings it), numba starts
    it for its error messages, and colorama writes a reset code to a terminal at exit."""
    env = dict(os.environ)
    env.update(GAMESMAN_PLAIN="1", TERM="dumb", NO_COLOR="1", NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING="1",
               GAMESMAN_SEED="0",
               GAMESMAN_CACHE=os.path.join(directory, "cache"),
               GAMESMAN_HISTORY=os.path.join(directory, "history"), COLUMNS="80", LINES="24")
    env.pop("GAMESMAN_DEBUG", None)
    return env


def _lines(text: str) -> list[str]:
    text = text.replace("\r\n", "\n")
    if not text:
        return []
    return text[:-1].split("\n") if text.endswith("\n") else text.split("\n")


def wait_until_read(pid: int) -> None:
    """Wait until the program has read what was typed and its command runs: a Ctrl-C before
    that would make the terminal throw the typed line away, or reach the line editor, which
    turns the terminal's signals off while it reads a line, as a key instead of interrupting
    the command.

    Asks the terminal how much input is unread and whether Ctrl-C is a signal again (Linux:
    through ``/proc``); elsewhere it waits a moment.
    """
    import fcntl
    import struct
    import termios
    import time

    try:
        terminal = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError:
        time.sleep(SETTLE)
        return
    try:
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            unread = struct.unpack("i", fcntl.ioctl(terminal, termios.FIONREAD, b"\0" * 4))[0]
            if not unread and termios.tcgetattr(terminal)[3] & termios.ISIG:
                return
            time.sleep(0.01)
    finally:
        os.close(terminal)


def run_shell(transcript: Transcript, env: dict[str, str]) -> tuple[list[list[str]], bool]:
    """Type each input after its prompt in a pseudo-terminal; Ctrl-C where the transcript has ``^C``.

    Returns the actual chunks and whether every input was sent.
    """
    import pexpect

    command = gamesman_command() + transcript.words[1:]
    child = pexpect.spawn(command[0], command[1:], env=env, encoding="utf-8", codec_errors="replace",
                          dimensions=(24, 200), timeout=TIMEOUT)
    prompt_at_line_start = re.compile(rf"(?:\A|\n)({PROMPT_BODY}> )")

    def read(before: str = "") -> tuple[str, str | None]:
        """The output up to the next prompt (after ``before``, already read), and that prompt."""
        index = child.expect([prompt_at_line_start, pexpect.EOF, pexpect.TIMEOUT])
        if index == 0:
            match = child.match
            return before + child.before + match.group(0)[:match.start(1) - match.start(0)], match.group(1)
        if index == 2:
            return before + child.before + f"\n[no prompt after {TIMEOUT}s]\n", None
        return before + child.before, None

    def interrupting(chunk: Chunk) -> tuple[str, bool]:
        """Send Ctrl-C at each ``^C`` line of the chunk's output once the lines above it have
        appeared; the output read so far, and False if the command ended first."""
        text = ""
        for index, line in enumerate(chunk.lines):
            if line.rstrip() != INTERRUPT or (index == 0 and chunk.typed is not None):
                continue
            while text.count("\n") < index:
                if child.expect([prompt_at_line_start, "\n", pexpect.EOF, pexpect.TIMEOUT]) != 1:
                    child.buffer = (child.after if isinstance(child.after, str) else "") + child.buffer
                    return text + child.before, False
                text += child.before + "\n"
            wait_until_read(child.pid)
            child.sendintr()
        return text, True

    chunks: list[list[str]] = [[]]
    try:
        early, _ = interrupting(transcript.chunks[0])
        text, prompt = read(early)
        chunks[0] = _lines(text)
        for chunk in transcript.chunks[1:]:
            if prompt is None:
                return chunks, False
            if chunk.typed == END_OF_INPUT:
                child.sendeof()
            elif chunk.typed == INTERRUPT:
                child.sendintr()
            else:
                child.sendline(chunk.typed)
            early, _ = interrupting(chunk)
            text, next_prompt = read(early)
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
