"""Shared fixtures: every test gets its own solver database directory."""
import pytest


@pytest.fixture(autouse=True)
def private_cache(tmp_path_factory, monkeypatch):
    """Keep solved databases out of the user's cache directory."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path_factory.mktemp("cache")))
