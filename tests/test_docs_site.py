"""The documentation site's own tools (mkdocs.yml; .ci/run builds the site with --strict)."""
from __future__ import annotations

import doctest
import importlib.util
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def test_the_reference_shows_docstring_examples_as_code():
    """The API reference's griffe extension fences the docstrings' doctests (its own examples)."""
    pytest.importorskip("griffe")
    spec = importlib.util.spec_from_file_location("doctest_blocks", DOCS / "hooks" / "doctest_blocks.py")
    assert spec is not None and spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    results = doctest.testmod(hook, raise_on_error=False, report=True)
    assert results.attempted > 0 and results.failed == 0
