"""A database solved in tiers, checked against Connect Four's exact search."""
import sys
from dataclasses import replace

import pytest

import benchmarks.check_database as check
from gamesman.contract.registry import make_game
from gamesman.games.connectfour import ConnectFour
from gamesman.solver.database import Database
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner

pytestmark = pytest.mark.slow  # a solve in tiers


def test_a_database_answers_as_the_exact_search_and_a_difference_stops_the_check(tmp_path, monkeypatch, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    with local_runner(1) as (run, _):
        Solver(game, database=Database(tmp_path / "cache"), tiers=TierRun(tmp_path / "tiers", run, 3)).solve()
    monkeypatch.setattr(sys, "argv", ["check_database.py", game.spec, str(tmp_path / "cache"), "--positions", "400"])
    check.main()
    assert "400 positions of random play answer as the exact search" in capsys.readouterr().out
    exact = ConnectFour.known_result

    def one_move_longer(self, position):
        found = exact(self, position)
        return found and replace(found, remoteness=found.remoteness + 1)

    monkeypatch.setattr(ConnectFour, "known_result", one_move_longer)
    with pytest.raises(SystemExit, match="the database says .* the exact search"):
        check.main()
    monkeypatch.setattr(sys, "argv", ["check_database.py", "tictactoe", str(tmp_path / "cache")])
    with pytest.raises(SystemExit, match="only Connect Four"):
        check.main()
