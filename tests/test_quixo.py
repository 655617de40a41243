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
    """Tiers of as many cubes lead to none of each other: explored side by side, each batch
    once every tier whose moves lead to it is explored (whose moves it reads), and solved side
    by side, each batch only once every tier its moves lead to is solved, with the answers of
    the fast solver."""
    import numpy as np

    from gamesman.solver import levelled
    from gamesman.solver.tiers import TierRun, own_tiers, work_directory

    g = game()
    batches: dict[str, list[list[tuple]]] = {"explore_tier": [], "solve_tier": []}

    def run(task, arguments):
        batches[task.__name__].append(arguments)
        for one in arguments:
            yield task(*one)

    solved = TierRun(tmp_path, run, 1, keep=True).solve(g, g.start())
    assert max(len(batch) for batch in batches["solve_tier"]) > 1
    done: set[int] = set()
    for batch in batches["solve_tier"]:
        for _, _, index, _, later in batch:
            assert {target for target, _ in later.values()} <= done
        done |= {index for _, _, index, _, _ in batch}
    assert max(len(batch) for batch in batches["explore_tier"]) > 1
    entering: dict[int, set[int]] = {}  # each tier: the indices of the tiers whose moves lead to it
    for index in done:
        for target in own_tiers._leaving(g.spec, work_directory(tmp_path, g.spec), index):
            entering.setdefault(target, set()).add(index)
    explored: set[int] = set()
    for batch in batches["explore_tier"]:
        for _, _, _, number, _, sources in batch:
            assert set(sources) == entering.get(number, set()) <= explored
        explored |= {index for _, _, index, _, _, _ in batch}
    assert explored == done
    in_memory = levelled.solve(g, g.start())
    assert in_memory.codes is not None and solved.store is not None
    assert np.array_equal(solved.store.get_many(in_memory.codes), in_memory.values)


def test_child_tiers_list_every_tier_the_moves_of_a_tier_reach():
    """Every position of 3x3 expanded: the tiers each tier's moves reach besides its own are
    among its ``child_tiers``, and are all of them but where one player alone takes neutral
    cubes there (the first two tiers, a few near the end)."""
    import numpy as np

    from gamesman.solver import levelled

    g = game()
    codes = levelled.solve(g, g.start()).codes
    assert codes is not None
    _, _, parents, children = g.batch_expand(codes)
    tiers, reached_tiers = g.tier_numbers(codes)[parents], g.tier_numbers(children)
    reached: dict[int, set[int]] = {tier: set() for tier in np.unique(g.tier_numbers(codes)).tolist()}
    for tier, child in zip(tiers.tolist(), reached_tiers.tolist()):
        if child != tier:
            reached[tier].add(child)
    assert len(reached) > 30
    assert all(reached[tier] <= set(g.child_tiers(tier)) for tier in reached)
    assert sum(reached[tier] == set(g.child_tiers(tier)) for tier in reached) >= len(reached) - 6


def test_a_child_tier_the_game_leaves_out_stops_the_solve(tmp_path, monkeypatch):
    """A game's ``child_tiers`` that leaves out a tier its moves reach is wrong: the solve stops
    and says so, rather than answer wrongly."""
    from gamesman.solver.results import SolverError
    from gamesman.solver.tiers import TierRun, local_runner

    g = game()
    children = type(g).child_tiers
    monkeypatch.setattr(type(g), "child_tiers", lambda self, tier: children(self, tier)[:1])  # x's cubes only
    with local_runner(1) as (run, _), pytest.raises(SolverError, match="child_tiers of tier 11 does not list"):
        TierRun(tmp_path, run, 1).solve(g, g.start())


def test_forked_workers_explore_side_by_side_into_the_files_of_one_tier_at_a_time(tmp_path, monkeypatch):
    """Two forked workers explore tiers side by side and write each tier's files at the index
    it takes one at a time (the game's ``child_tiers`` unknown), byte for byte; an exploration
    interrupted and resumed explores no tier again; every answer is the solve in memory's."""
    import numpy as np

    from gamesman.solver import levelled
    from gamesman.solver.tiers import TierRun, local_runner, work_directory
    from test_tiers import interrupt_at

    g = game()
    in_memory = levelled.solve(g, g.start())
    assert in_memory.codes is not None

    def files(store):
        return {path.name: path.read_bytes() for path in work_directory(store, g.spec).glob("*.tier")}

    with local_runner(2) as (run, _):
        with pytest.raises(KeyboardInterrupt):
            TierRun(tmp_path / "waves", run, 1).solve(g, g.start(), progress=interrupt_at("exploring", 12))
        written = {path: path.stat().st_mtime_ns for path in work_directory(tmp_path / "waves", g.spec).glob("p-*")}
        assert len(written) >= 12
        side_by_side = TierRun(tmp_path / "waves", run, 1, keep=True).solve(g, g.start())
    assert all(path.stat().st_mtime_ns == stamp for path, stamp in written.items())  # not explored again
    monkeypatch.setattr(type(g), "child_tiers", lambda self, tier: None)
    with local_runner(1) as (run, _):
        one_at_a_time = TierRun(tmp_path / "one", run, 1, keep=True).solve(g, g.start())
    assert len(files(tmp_path / "one")) > 60 and files(tmp_path / "waves") == files(tmp_path / "one")
    for solved in (side_by_side, one_at_a_time):
        assert solved.store is not None
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
