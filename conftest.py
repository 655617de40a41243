"""Repository-wide pytest setup: transcripts in transcripts/ replay as tests.

``pytester`` lets tests run pytest on transcripts of their own.
"""
pytest_plugins = ["gamesman.pytest_transcripts", "pytester"]
