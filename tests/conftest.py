"""Shared fixtures: every test gets its own solver database directory; a process that has ended."""
import os

import pytest


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Keep solved databases out of the user's cache directory."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path_factory.mktemp("cache")))


@pytest.fixture
def dead_process() -> int:
    """The id of a process of this machine that has ended (its temporary files are stale)."""
    pid = os.fork()
    if pid == 0:
        os._exit(0)
    os.waitpid(pid, 0)
    return pid
