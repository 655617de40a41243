"""``gamesman bench``: its measurements report what the solver computes, from a fresh process."""
import pytest

from gamesman.dev.bench import main, run_solve
from gamesman.contract.errors import GameError
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver


@pytest.mark.slow
def test_a_fresh_process_solves_and_reports_size_memory_and_lookups():
    game = make_game("tictactoe")
    for engine in ("fast", "reference"):  # the fast engine keeps positions up to symmetry, the reference every one
        expected = Solver(game, database=None, engine=engine)
        value = expected.result(game.start())
        figures = run_solve(game.spec, engine)
        assert figures["result"] == str(value)
        assert figures["positions"] == len(expected.table)
        assert figures["up_to_symmetry"] == (engine == "fast")
        assert figures["seconds"] > 0 and figures["megabytes"] > 0 and figures["lookups"] > 0


def test_a_game_with_position_codes_stores_at_most_two_bytes_a_position():
    game = make_game("connectfour", rows=4, cols=4)
    figures = run_solve(game.spec, "fast")
    assert figures["bytes"] <= 2 * figures["positions"]


def test_the_command_runs_a_part_and_refuses_unknown_words(capsys):
    assert main(["--quick", "--only", "shell"]) == 0
    assert "Shell start-up" in capsys.readouterr().out
    with pytest.raises(GameError, match="unknown part"):
        main(["--only", "speed"])
    with pytest.raises(GameError, match="unexpected"):
        main(["--fast"])


def test_a_chosen_variant_is_solved_alone_and_a_bad_one_refused(capsys):
    assert main(["--variant", "connectfour(rows=3,cols=3,in_a_row=3)", "--only", "solve"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("connectfour(")]
    assert len(rows) == 1 and rows[0].startswith("connectfour(rows=3,cols=3,in_a_row=3,misere=false)")
    with pytest.raises(GameError):
        main(["--variant", "connectfour(rows=0)", "--only", "solve"])
