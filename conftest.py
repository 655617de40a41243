"""Repository-wide pytest setup: transcripts in transcripts/ replay as tests.

The transcript plugin is also installed as a pytest11 entry point under its
module's name; naming it here as well covers a checkout that is not installed
(pytest skips a plugin already registered under that name).  ``pytester`` lets
tests run pytest on transcripts of their own.
"""
pytest_plugins = ["gamesman.testing.pytest_transcripts", "pytester"]
