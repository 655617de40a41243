"""Quixo: pushes, the rule for lines of both symbols, position and move text, and the solver on 3x3."""
from __future__ import annotations

import pytest

from gamesman.contract.errors import IllegalMove, PositionError
from gamesman.contract.game import two_player_result
from gamesman.contract.registry import make_game
from solver_checks import check_engines_agree, check_solver_consistency


def game(size=3):
    return make_game("quixo", size=size)


def test_default_is_five_by_five_and_starts_empty_with_x():
    g = make_game("quixo")
    assert g.format_position(g.start()) == "(x ----- ----- ----- ----- -----)"
    assert len(g.moves(g.start())) == 44  # 12 border cubes of three ends, 4 corners of two


def test_a_push_slides_the_row_towards_the_gap():
    g = game()
    position = g.parse_position("(x xo- --- ---)")
    after = g.play(position, g.parse_move(position, "a1-c1"))
    assert g.format_position(after) == "(o o-x --- ---)"
    after = g.play(position, g.parse_move(position, "c1-c3"))
    assert g.format_position(after) == "(o xo- --- --x)"


def test_a_cube_of_the_opponents_cannot_be_taken():
    g = game()
    position = g.parse_position("(x o-- --- ---)")
    assert all(source != 0 for source, _ in g.moves(position))
    with pytest.raises(IllegalMove, match="^quixo: the cube at a1 is o's$"):
        g.parse_move(position, "a1-c1")


def test_a_line_for_the_player_to_move_wins_even_beside_the_others():
    g = game()
    assert g.outcome(g.parse_position("(o xxx ooo ---)")) == two_player_result(1)
    assert g.outcome(g.parse_position("(o xxx o-- -o-)")) == two_player_result(0)


@pytest.mark.parametrize("before, after", [
    ("(x oo- --o ---)", "(o ooo --- --x)"),   # the column slides up into o's row
    ("(x oo- --o xx-)", "(o ooo --- xxx)"),   # ... and x's own line comes with it
])
def test_making_a_line_of_the_opponents_loses(before, after):
    g = game()
    position = g.parse_position(before)
    played = g.play(position, g.parse_move(position, "c1-c3"))
    assert g.format_position(played) == after
    assert g.outcome(played) == two_player_result(1)
    assert g.moves(played) == []


def test_position_text_round_trips_and_errors_name_the_bad_part():
    g = game()
    text = "(o x-- -o- --x)"
    assert g.format_position(g.parse_position(text)) == text
    assert g.format_position(g.parse_position(" ( O X--  -o- --X ) ")) == text
    for bad, named in [("(z --- --- ---)", "z"), ("(x --- --- --)", "row 3"), ("(x --- -q- ---)", "b2"),
                       ("(x --- --- --- ---)", "4 rows")]:
        with pytest.raises(PositionError, match=named):
            g.parse_position(bad)


def test_unreachable_positions_are_refused():
    g = game()
    with pytest.raises(PositionError, match="^quixo: o is to move but x, who moved last, has no cube on the border"):
        g.parse_position("(o --- -x- ---)")
    with pytest.raises(PositionError, match="x, who moved last"):
        g.parse_position("(o --- --- ---)")
    assert g.parse_position("(x --- --- ---)") == g.start()


def test_move_text_round_trips_and_errors_name_the_bad_part():
    g = game()
    start = g.start()
    assert [g.parse_move(start, g.format_move(start, move)) for move in g.moves(start)] == g.moves(start)
    for bad, named in [("b2-b1", "b2 is not on the border"), ("a1-b3", "b3 is not another end"),
                       ("a1", "is not a push"), ("a1-z9", "off the board")]:
        with pytest.raises(IllegalMove, match=named):
            g.parse_move(start, bad)
    over = g.parse_position("(o xxx o-- -o-)")
    with pytest.raises(IllegalMove, match="the game is over"):
        g.parse_move(over, "c3-a3")


def test_codes_cover_every_board_with_either_player_to_move():
    g = game()
    position = g.parse_position("(o x-- -o- --x)")
    assert g.decode(g.encode(position)) == position
    assert g.index_size() == 2 * 3 ** 9
    assert 0 <= g.encode(position) < g.index_size()


@pytest.mark.slow
def test_the_solver_is_consistent_and_both_engines_agree_on_three_by_three():
    g = game()
    assert check_engines_agree(g, g.start()) == check_solver_consistency(g, 40_000)


@pytest.mark.slow
def test_three_by_three_in_its_own_tiers_agrees_with_the_reference(monkeypatch):
    """Tiers by the counts of x's and o's cubes, loops inside a tier: the same answers as the
    reference engine, position by position (4x4 goes to the tiers by its size)."""
    from gamesman.solver import tiers
    from gamesman.solver.tiers import one_machine

    calls = []
    solve_beyond_memory = tiers.solve_beyond_memory

    def counted(*args):
        calls.append(args)
        return solve_beyond_memory(*args)

    monkeypatch.setattr(tiers, "solve_beyond_memory", counted)
    monkeypatch.setattr(one_machine, "OWN_TIERS_IN_MEMORY", 0)
    assert check_engines_agree(game(), at_least=30_000)
    assert len(calls) == 1


def test_own_tiers_on_one_machine_are_solved_on_its_forked_workers(tmp_path, monkeypatch):
    """A tier a task, on this machine's forked workers (never a Dask cluster), and the
    results are the fast solver's in memory, code by code."""
    import numpy as np

    from gamesman.solver import levelled
    from gamesman.solver.tiers import one_machine

    def no_pool(*args, **kwargs):
        raise AssertionError("a cluster was started for tiers of their own")

    g = game()
    in_memory = levelled.solve(g, g.start())
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    monkeypatch.setattr(one_machine, "OWN_TIERS_IN_MEMORY", 0)
    monkeypatch.setattr(one_machine, "tier_run", no_pool)
    in_tiers = one_machine.solve_beyond_memory(g, g.start(), None, None)
    assert in_memory.codes is not None and in_tiers.count == len(in_memory.codes) > 4_000  # up to symmetry
    assert np.array_equal(in_tiers.store.get_many(in_memory.codes), in_memory.values)


def test_its_own_tiers_expand_each_position_once_and_again_only_when_the_moves_are_gone(tmp_path, monkeypatch):
    """Solving takes the moves exploring made (each child made canonical once); without them
    it expands the tier again, with the same answers."""
    import numpy as np

    from gamesman.solver import levelled
    from gamesman.solver.tiers import TierRun, local_runner, own_tiers

    g = game()
    in_memory = levelled.solve(g, g.start())
    assert in_memory.codes is not None
    expanded = []
    expand = levelled.BatchExpander.expand_codes

    def counted(self, codes):
        expanded.append(len(codes))
        return expand(self, codes)

    monkeypatch.setattr(levelled.BatchExpander, "expand_codes", counted)
    for times, folder in ((1, "kept"), (2, "gone")):
        if folder == "gone":
            monkeypatch.setattr(own_tiers, "explored_moves", lambda *args: None)
        expanded.clear()
        with local_runner(1) as (run, _):
            solved = TierRun(tmp_path / folder, run, 1).solve(g, g.start())
        assert sum(expanded) == times * solved.count == times * len(in_memory.codes)
        assert solved.store is not None
        assert np.array_equal(solved.store.get_many(in_memory.codes), in_memory.values)
        assert not list((tmp_path / folder).rglob("e-*"))  # let go of once their tier is solved


def test_tiers_that_lead_to_no_tier_waiting_are_handed_to_the_workers_together(tmp_path):
    """Tiers of as many cubes lead to none of each other: solved side by side, each batch
    only once every tier its moves lead to is solved, with the answers of the fast solver."""
    import numpy as np

    from gamesman.solver import levelled
    from gamesman.solver.tiers import TierRun

    g = game()
    batches: list[list[tuple]] = []

    def run(task, arguments):
        if task.__name__ == "solve_tier":
            batches.append(arguments)
        for one in arguments:
            yield task(*one)

    solved = TierRun(tmp_path, run, 1).solve(g, g.start())
    assert max(len(batch) for batch in batches) > 1
    done: set[int] = set()
    for batch in batches:
        for _, _, index, _, later in batch:
            assert {target for target, _ in later.values()} <= done
        done |= {index for _, _, index, _, _ in batch}
    in_memory = levelled.solve(g, g.start())
    assert in_memory.codes is not None and solved.store is not None
    assert np.array_equal(solved.store.get_many(in_memory.codes), in_memory.values)


def test_a_move_that_lowers_the_tier_is_refused(tmp_path, monkeypatch):
    from gamesman.solver.results import SolverError
    from gamesman.solver.tiers import TierRun, local_runner

    g = game()
    counts = type(g).tier_numbers
    monkeypatch.setattr(type(g), "tier_numbers", lambda self, codes: -counts(self, codes))
    with local_runner(1) as (run, _), pytest.raises(SolverError, match="moves must never lower the tier"):
        TierRun(tmp_path, run, 1).solve(g, g.start())


def test_four_by_four_is_solvable_and_five_by_five_is_not():
    assert game(4).capabilities.solvable
    assert not game(5).capabilities.solvable


def test_a_tiers_places_are_shared_by_positions_alike_and_undone_by_place_codes():
    """Every code of 3x3: a place below its tier's count, the same as its least code's, one
    set alike a place within a tier, and ``place_codes`` gives the set's least code back."""
    import numpy as np

    quixo = game()
    codes = np.arange(quixo.index_size(), dtype=np.int64)
    places, least, tiers = quixo.places(codes), quixo.canonical_codes(codes), quixo.tier_numbers(codes)
    assert np.array_equal(places, quixo.places(least))  # alike: one place
    sets = np.unique(np.stack((tiers, places)), axis=1).shape[1]
    assert sets == len(np.unique(least))  # not alike: another place
    for tier in np.unique(tiers).tolist():
        within = tiers == tier
        assert places[within].max() < quixo.places_in_tier(tier)
        assert np.array_equal(quixo.place_codes(tier, places[within]), least[within])
    assert sum(quixo.places_in_tier(tier) for tier in np.unique(tiers).tolist()) == len(codes)
