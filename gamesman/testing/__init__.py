"""Helpers for game authors and the test suite: transcript replay and its pytest plugin."""
