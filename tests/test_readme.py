"""The README states only what the engine computes."""
from pathlib import Path

from gamesman.dev.showcase import readme_section, table

README = Path(__file__).resolve().parent.parent / "README.md"


def test_solved_table_matches_the_solver():
    assert readme_section(README.read_text()) == table(), "README is stale: run `gamesman table`"


def test_readme_names_the_install_and_test_commands():
    text = README.read_text()
    assert "pip install . && gamesman" in text
    assert "pip install -e '.[test]' && pytest" in text
