"""The examples in the package's docstrings run, module by module (what ``--doctest-modules``
does over the installed package, without importing any module under a second name)."""
import doctest
import importlib
import pkgutil

import pytest

import gamesman
import gamesman.games
import gamesman.protocol


def package_modules() -> list[str]:
    found = {"gamesman"}
    # games/ and protocol/ live beside gamesman/ in a checkout, so each package is walked
    for package in (gamesman, gamesman.games, gamesman.protocol):
        found.add(package.__name__)
        for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if not info.name.endswith("__main__"):  # that one runs the command line when imported
                found.add(info.name)
    return sorted(found)


MODULES = package_modules()


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    module = importlib.import_module(name)
    failures, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
                                  raise_on_error=False, report=True, verbose=False)
    assert failures == 0, f"{failures} docstring example(s) of {name} failed (see the output above)"


def test_the_whole_package_is_walked():
    assert {"gamesman.contract.game", "gamesman.games.tictactoe", "gamesman.protocol.engine"} <= set(MODULES)
    assert len(MODULES) > 40
