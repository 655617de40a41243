"""pytest plugin: every ``*.t`` transcript is a test; ``--update-transcripts`` rewrites them.

Installed as a pytest plugin (the ``pytest11`` entry point, named after this
module), so ``pytest some/dir/x.t`` replays a transcript anywhere; the
repository's root ``conftest.py`` also names it, for a checkout that is not
installed (pytest registers it once).  A ``.t`` file is a transcript when a line
starts with ``$ gamesman`` (other tools' ``.t`` files are left alone).  A
failing transcript reports a unified diff of the expected and the actual session.
A transcript with a ``# slow`` comment line before its ``$ gamesman`` line is
marked ``slow``, as a test function is with ``@pytest.mark.slow``, so
``pytest -m "not slow"`` leaves it out.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from gamesman.testing.transcript import TranscriptError, check


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--update-transcripts", action="store_true", default=False,
                     help="rewrite the expected output of failing transcripts (*.t) from the actual "
                          "output, keeping comments and the matcher lines that still match")


#: The ``slow`` marker, registered here too for transcripts replayed outside the repository.
SLOW_MARKER = "slow: takes more than a few seconds; pytest -m 'not slow' leaves it out"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", SLOW_MARKER)


def is_slow(text: str) -> bool:
    r"""Whether a transcript says it is slow: a ``# slow`` line among its opening comments.

    >>> is_slow("# Poker, a whole hand.\n# slow\n$ gamesman shell poker\n")
    True
    >>> is_slow("$ gamesman protocol\n> name\n# slow\n")
    False
    """
    for line in text.splitlines():
        if line.startswith("$ "):
            return False
        if line.strip() == "# slow":
            return True
    return False


def is_transcript(path: Path) -> bool:
    """Whether a ``.t`` file is a gamesman transcript: it has a ``$ gamesman`` line."""
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return any(line.startswith("$ gamesman") for line in text.splitlines())


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.File | None:
    if file_path.suffix == ".t" and is_transcript(file_path):
        return TranscriptFile.from_parent(parent, path=file_path)
    return None


class TranscriptMismatch(Exception):
    """The session did not go as the transcript says; the message is the diff."""


class TranscriptFile(pytest.File):
    def collect(self):
        item = TranscriptItem.from_parent(self, name=self.path.name)
        if is_slow(self.path.read_text(encoding="utf-8", errors="replace")):
            item.add_marker(pytest.mark.slow)
        yield item


class TranscriptItem(pytest.Item):
    def runtest(self) -> None:
        update = self.config.getoption("update_transcripts")
        try:
            outcome = check(self.path, update=update)
        except TranscriptError as problem:
            raise TranscriptMismatch(str(problem)) from None
        if outcome.diff:
            raise TranscriptMismatch(outcome.diff)
        if outcome.rewritten:
            self.add_report_section("call", "transcript", f"rewrote {self.path}")

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, TranscriptMismatch):
            return f"{self.path.name}: the session differs from the transcript\n{excinfo.value}"
        return super().repr_failure(excinfo, style=style)

    def reportinfo(self):
        return self.path, None, f"transcript {self.path.name}"
