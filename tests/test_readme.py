"""The README is short and true: its games are the project's, its commands (and the docs' command
line page's) print what they show, and the docs' table of solved variants is what the solver
computes."""
from __future__ import annotations

import configparser
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamesman.dev.showcase import own_game_names, table_section, table

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"


def section(title: str) -> str:
    """The text of the README's section ``## title``, up to the next one."""
    return README.read_text().split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def code_blocks(text: str) -> list[str]:
    """The fenced blocks of ``text``, without their fences."""
    return re.findall(r"^```\w*\n(.*?)^```$", text, re.M | re.S)


def project_games() -> list[str]:
    """The games this project's own setup.cfg registers (not games installed from elsewhere)."""
    config = configparser.ConfigParser()
    config.read(ROOT / "setup.cfg")
    lines = config["options.entry_points"]["gamesman.games"].strip().splitlines()
    return [line.split("=")[0].strip() for line in lines]


def test_the_games_listed_are_the_projects_own():
    listed = re.findall(r"^- \[.+?\]\(docs/games/(.+?)\.md\) \(`(.+?)`\): ", section("The games"), re.M)
    assert [name for name, _ in listed] == [name for _, name in listed]
    assert sorted(name for _, name in listed) == sorted(project_games())


def test_the_solved_table_is_of_the_projects_own_games():
    assert sorted(own_game_names()) == sorted(project_games())


def test_readme_names_the_install_and_test_commands():
    text = README.read_text()
    assert "pip install -e . && gamesman" in text
    assert "pip install -e '.[test]' && pytest" in text


def test_the_readme_is_short_and_tours_first():
    lines = README.read_text().split("\n")
    assert len(lines) <= 350
    tour = ["Quick start", "The shell", "A pipeline", "The protocol and a match", "A transcript",
            "Add your own game"]
    headings = [line[3:] for line in lines if line.startswith("## ")]
    assert headings[:len(tour)] == tour
    end_of_tour = lines.index(f"## {headings[len(tour)]}")
    assert end_of_tour <= 120, f"the tour and 'Add your own game' end at line {end_of_tour}"


def test_the_readme_links_to_files_that_exist():
    for target in re.findall(r"\]\(([^)#]+)\)", README.read_text()):
        assert (ROOT / target).is_file(), target


def test_the_readme_shows_the_docs_example_game():
    example = (ROOT / "docs" / "examples" / "subtraction" / "gamesman_subtraction.py").read_text().split("\n")
    [code] = code_blocks(section("Add your own game"))
    for line in code.strip().split("\n"):
        assert line.strip() == "..." or line in example, f"not in the example: {line}"


def test_the_readme_transcript_is_the_start_of_the_file():
    text = section("A transcript")
    named = re.search(r"`(transcripts/.+?\.t)` begins(?:, after its comments)?:", text)
    assert named, "the README names no transcript"
    [shown] = code_blocks(text)
    lines = [line for line in (ROOT / named[1]).read_text().split("\n") if not line.startswith("#")]
    assert "\n".join(lines).startswith(shown)


def shown_commands() -> list[tuple[str, str]]:
    """The ``$ gamesman ...`` commands (and pipelines) that the README and the docs' command-line
    page show, with the output they show; the shell session, which reads from a terminal, is
    replayed by tests/test_shell.py."""
    blocks = [block for title in ("A pipeline", "The protocol and a match") for block in code_blocks(section(title))]
    blocks += code_blocks((ROOT / "docs" / "command-line.md").read_text())
    found = []
    for block in blocks:
        for command in re.split(r"^\$ ", block, flags=re.M)[1:]:
            line, _, output = command.partition("\n")
            found.append((line, output))
    return found


COMMANDS = shown_commands()


@pytest.mark.parametrize("command, output", COMMANDS, ids=[command.split("gamesman ")[1].split()[0] for command, _ in COMMANDS])
def test_the_commands_shown_print_what_they_show(command, output, tmp_path):
    """Run as a reader would, from a checkout (its example players), with gamesman on the PATH.
    Output shown ending in ``...`` is the start of what the command prints."""
    (tmp_path / "protocol").symlink_to(ROOT / "protocol")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}")
    env.pop("GAMESMAN_SEED", None)
    done = subprocess.run(["bash", "-c", command], capture_output=True, text=True, cwd=tmp_path, env=env,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    if output.endswith("...\n"):
        assert done.stdout.startswith(output.removesuffix("...\n"))
    else:
        assert done.stdout == output



def test_the_table_shows_progress_before_its_first_variant_is_solved(monkeypatch):
    """Solved in worker processes, the variants come back in order, the first of them after
    minutes perhaps: the progress line is there from the start."""
    from gamesman.contract.registry import make_game
    from gamesman.dev import showcase

    class InOrder:
        """A pool that solves each variant here, when its answer is asked for."""
        def __enter__(self) -> "InOrder":
            return self

        def __exit__(self, *problem: object) -> None:
            return None

        def map(self, function, specs):
            return (function(spec) for spec in specs)

    events: list[tuple[str, object]] = []
    monkeypatch.setattr(showcase, "fork_pool", InOrder)
    monkeypatch.setattr(showcase, "showcase_games", lambda: iter([make_game("onetwoten"), make_game("nim")]))
    monkeypatch.setattr(showcase, "row_of_spec", lambda spec: events.append(("solved", spec)) or spec)
    showcase.table(lambda stage, done, total=None: events.append((stage, done)))
    assert [event for event, _ in events] == ["variants solved", "solved", "variants solved", "solved",
                                               "variants solved"]
    assert events[0] == ("variants solved", 0)

@pytest.mark.slow
def test_solved_table_matches_the_solver():
    page = (ROOT / "docs" / "solver.md").read_text()
    assert table_section(page) == table(), "docs/solver.md is stale: run `gamesman table`"
