"""A database solved in tiers, saved again in the Huffman layout part by part, answers every
position as it did."""
import sys

import pytest

import benchmarks.compare_databases as compare
import benchmarks.resave_database as resave
from gamesman.contract.registry import make_game
from gamesman.solver.database import Database
from gamesman.solver.parts import parts_directory
from gamesman.solver.store import FORMAT_VARIABLE, read_store
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner

pytestmark = pytest.mark.slow  # a solve in tiers


def test_a_database_in_parts_saved_again_answers_alike(tmp_path, monkeypatch, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    with local_runner(1) as (run, _):
        Solver(game, database=Database(tmp_path / "zstd"), tiers=TierRun(tmp_path / "tiers", run, 3)).solve()
    monkeypatch.setenv(FORMAT_VARIABLE, "huffman")
    monkeypatch.setattr(sys, "argv", ["resave_database.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "huffman"),
                                      "--lookups", "3000"])
    resave.main()
    out = capsys.readouterr().out
    assert "saved again as huffman" in out and "answer alike: yes" in out
    parts = sorted(parts_directory(Database(tmp_path / "huffman").path(game.spec)).iterdir())
    assert len(parts) > 3 and {read_store(part, game.spec).layout for part in parts} == {"huffman"}
    monkeypatch.setattr(sys, "argv", ["compare_databases.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "huffman")])
    assert compare.main() == 0
    assert "the same positions with the same results: yes" in capsys.readouterr().out
    monkeypatch.delenv(FORMAT_VARIABLE)
    monkeypatch.setattr(sys, "argv", ["resave_database.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "plain"),
                                      "--lookups", "3000", "--plain", "--beside", str(tmp_path / "huffman")])
    resave.main()
    out = capsys.readouterr().out
    assert "saved again as the plain format" in out and "answer alike: yes" in out
    assert f"{tmp_path / 'huffman'}: " in out   # measured beside, with the same positions
    parts = sorted(parts_directory(Database(tmp_path / "plain").path(game.spec)).iterdir())
    assert {read_store(part, game.spec).layout for part in parts} <= {"dense", "ranked", "sorted"}
    monkeypatch.setattr(sys, "argv", ["compare_databases.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "plain")])
    assert compare.main() == 0
    monkeypatch.setattr(sys, "argv", ["resave_database.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "whole"),
                                      "--lookups", "3000", "--whole"])
    resave.main()
    out = capsys.readouterr().out
    assert "saved again as the plain format in one file" in out and "answer alike: yes" in out
    whole = Database(tmp_path / "whole")
    assert read_store(whole.path(game.spec), game.spec).layout in {"dense", "ranked", "sorted"}
    assert not parts_directory(whole.path(game.spec)).exists()   # as the version before saved it: one file
    monkeypatch.setattr(sys, "argv", ["compare_databases.py", game.spec, str(tmp_path / "zstd"), str(tmp_path / "whole")])
    assert compare.main() == 0
