"""The database comparison finds two databases of one variant alike position by position, one of
every position beside one solved up to the mirror image, and names each position that differs."""
import doctest
import sys

import numpy as np
import pytest

import benchmarks.compare_databases as compare
from gamesman.contract.registry import game_from_spec
from gamesman.dev.variants import unreduced
from gamesman.solver.database import Database
from gamesman.solver.levelled import Results, solve
from gamesman.solver.store import Store

SPEC = "connectfour(rows=4,cols=4)"
pytestmark = pytest.mark.slow  # two solves of 4x4


@pytest.fixture(scope="module")
def databases(tmp_path_factory):
    """Connect Four 4x4 saved twice: every position, and up to the mirror image."""
    game = game_from_spec(SPEC)
    directories = {}
    for way, variant in (("every", unreduced(game)), ("mirror", game)):
        results = Results(variant)
        results.add(solve(variant, variant.start()))
        directories[way] = tmp_path_factory.mktemp(way)
        results.save(Database(directories[way]))
    return directories


def compared(monkeypatch, capsys, first, second) -> tuple[int, str]:
    monkeypatch.setattr(sys, "argv", ["compare_databases.py", SPEC, str(first), str(second)])
    status = compare.main()
    return status, capsys.readouterr().out


def test_every_position_against_the_mirror_images_alike(databases, monkeypatch, capsys):
    status, out = compared(monkeypatch, capsys, databases["every"], databases["mirror"])
    assert status == 0, out
    assert "161,029 positions compared" in out and "0 differ" in out and "the second holds 80,541" in out
    assert out.rstrip().endswith("yes")


def test_a_changed_result_is_named(databases, tmp_path, monkeypatch, capsys):
    game = game_from_spec(SPEC)
    store = Database(databases["every"]).load_store(game.spec)
    codes, values = store.codes(), store.values16().copy()
    values[1000] ^= 1  # one more or one less move to the end
    Database(tmp_path).save_store(game.spec, Store.build(codes, values))
    status, out = compared(monkeypatch, capsys, tmp_path, databases["mirror"])
    assert status == 1
    assert f"code {codes[1000]} (least " in out and "1 differ" in out and out.rstrip().endswith("NO")


def test_a_database_that_holds_more_than_the_least_codes_is_not_alike(databases, monkeypatch, capsys):
    status, out = compared(monkeypatch, capsys, databases["mirror"], databases["every"])
    assert status == 1
    assert "0 differ" in out and "give the database that holds every position first" in out


def test_a_missing_database_is_said(databases, tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["compare_databases.py", SPEC, str(tmp_path), str(databases["mirror"])])
    with pytest.raises(SystemExit, match="no database of connectfour"):
        compare.main()


def test_the_results_are_shown_as_the_solver_says_them():
    assert doctest.testmod(compare).failed == 0
    assert compare.shown(int(np.uint16(0x8000))).startswith("tie")
