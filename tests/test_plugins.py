"""A game in a package of its own: the docs' example package ``docs/examples/wythoff`` is built,
installed into a fresh virtual environment, and played through every door.
The wheel of gamesman itself has ``gamesman`` as its only top-level package."""
from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


#: The example package: Wythoff's game, as a package of its own.
EXAMPLE = ROOT / "docs" / "examples" / "wythoff"


def build_wheel(source: Path, into: Path) -> Path:
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                    "-w", str(into), str(source)], check=True, timeout=300)
    return next(into.glob("*.whl"))


@pytest.fixture(scope="module")
def plugin_python(tmp_path_factory) -> Path:
    """A fresh virtual environment with the example Wythoff package installed from its wheel;
    gamesman and its dependencies come from this environment (a .pth chains its site folders)."""
    work = tmp_path_factory.mktemp("plugin")
    package = shutil.copytree(EXAMPLE, work / "wythoff")  # built outside the checkout
    wheel = build_wheel(package, work / "dist")
    env = work / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    python = env / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    outer = [path for path in site.getsitepackages() + [site.getusersitepackages()] if os.path.isdir(path)]
    (Path(purelib) / "outer_environment.pth").write_text(
        "import site; " + "; ".join(f"site.addsitedir({path!r})" for path in outer) + "\n")
    subprocess.run([python, "-m", "pip", "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
                   check=True, timeout=300)
    return python


def gamesman(python: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([python, "-m", "gamesman", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, cwd=str(python.parent), env={**os.environ, "GAMESMAN_SEED": "1"})


@pytest.mark.slow
def test_the_plugin_is_listed_parsed_and_solved(plugin_python):
    assert "wythoff: Wythoff's game" in gamesman(plugin_python, "games").stdout
    assert gamesman(plugin_python, "start", "wythoff", "--size", "5").stdout.strip() == "(x 5 5)"
    refused = gamesman(plugin_python, "moves", "wythoff", "(x 9 1)")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    # Wythoff's losing positions are the pairs (floor(k*phi), floor(k*phi^2)): (1, 2), (3, 5), (4, 7)
    answers = gamesman(plugin_python, "solve", "wythoff", stdin="(x 3 5)\n(x 4 7)\n(x 3 4)\n(o 1 2)\n").stdout.split("\n")
    assert [line.split()[0] for line in answers if line] == ["lose", "lose", "win", "lose"]


def test_the_plugin_plays_in_the_shell(plugin_python):
    session = gamesman(plugin_python, stdin="new wythoff --size 3\ncomputer o perfect\na1\nvalue\nquit\n")
    assert "Wythoff's game" in session.stdout and "o plays" in session.stdout, session.stdout + session.stderr


def test_the_plugin_speaks_the_protocol_and_plays_a_match(plugin_python):
    replies = gamesman(plugin_python, "protocol", "wythoff", "size=4",
                       stdin="position\nplay x c4\noutcome\nsolve\n").stdout
    assert replies.startswith("= (x 4 4)\n\n=\n\n= x wins")
    match = gamesman(plugin_python, "match", "wythoff", "--games", "2",
                     "--player", f"{plugin_python} -m gamesman protocol wythoff --strategy perfect",
                     "--player", f"{plugin_python} -m gamesman protocol wythoff --strategy random")
    assert match.returncode == 0 and "wythoff(size=7): 2 games" in match.stdout, match.stdout + match.stderr



def test_the_docs_table_of_solved_games_leaves_the_plugin_out(plugin_python):
    """The table of solved variants is of gamesman's own games: a plugin installed beside it
    would otherwise change it (and fail the test that compares it with the docs)."""
    code = ("from gamesman.contract.registry import game_names; from gamesman.dev.showcase import own_game_names; "
            "print('wythoff' in game_names(), 'wythoff' in own_game_names(), len(own_game_names()))")
    done = subprocess.run([plugin_python, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=str(plugin_python.parent))
    assert done.stdout.split()[:2] == ["True", "False"], done.stdout + done.stderr
    assert int(done.stdout.split()[2]) > 0

def test_the_wheel_has_gamesman_as_its_only_top_level_package(tmp_path):
    wheel = build_wheel(ROOT, tmp_path)
    with zipfile.ZipFile(wheel) as archive:
        tops = {name.split("/")[0] for name in archive.namelist() if not name.split("/")[0].endswith(".dist-info")}
        names = archive.namelist()
    assert tops == {"gamesman"}
    assert "gamesman/protocol/PROTOCOL.md" in names
    # every module of the checkout is in the wheel, under the name it is imported by
    installed_as = {"gamesman": "gamesman", "games": "gamesman/games", "protocol": "gamesman/protocol"}
    sources = {f"{installed_as[folder]}/{path.relative_to(ROOT / folder).as_posix()}"
               for folder in installed_as for path in (ROOT / folder).rglob("*.py") if "__pycache__" not in path.parts}
    assert sources - set(names) == set()
