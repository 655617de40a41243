"""The fast solver core against the reference solver, and its compact store on disk.

The reference engine (plain Python, position by position) is the independent
baseline: on every variant below, every position reachable from the start must
get the same value, remoteness and Grundy number from both engines.
"""
import random

import numpy as np
import pytest
from solver_checks import check_engines_agree

from gamesman.solver.database import Database
from gamesman.solver.levelled import REMOTENESS_BITS, Results
from gamesman.contract.registry import make_game
from gamesman.solver.strong import Solver
from gamesman.solver.store import MISSING, Store

# Variants of every game the fast engine takes (two players or one, no chance,
# position codes), small enough for the reference engine.
VARIANTS = [
    ("connectfour", dict(rows=3, cols=4, in_a_row=3)),
    ("connectfour", dict(rows=4, cols=3, in_a_row=3, misere=True)),
    ("connectfour", dict(rows=4, cols=4)),
    ("sim", dict(nodes=5)),
    ("othello", dict(rows=3, cols=4)),
    ("othello", dict(rows=4, cols=4, misere=True)),
    ("othello", dict(rows=3, cols=4, place_anywhere=True)),
    ("hex", dict(size=3)),
    ("hex", dict(size=3, swap=True)),
    ("tictactoe", dict()),
    ("tictactoe", dict(misere=True)),
    ("tomorrowstictactoe", dict()),
    ("nim", dict()),
    ("nim", dict(heaps=2, size=6, take=4, misere=True)),
    ("onetwoten", dict(target=15, step=3)),
    ("chopsticks", dict(hands=2, fingers=4)),
    ("chopsticks", dict(hands=2, fingers=5, misere=True, wrap_around=True)),
]

#: The variants that take seconds to check.
SLOW_VARIANTS = [("connectfour", dict(rows=4, cols=4)), ("othello", dict(rows=4, cols=4, misere=True))]


@pytest.mark.parametrize("name, options", [
    pytest.param(n, o, id=f"{n}-{'-'.join(map(str, o.values()))}",
                 marks=[pytest.mark.slow] if (n, o) in SLOW_VARIANTS else [])
    for n, o in VARIANTS])
def test_fast_engine_agrees_with_the_reference_everywhere(name, options):
    check_engines_agree(make_game(name, **options), at_least=10)


def test_a_root_off_the_index_is_solved_with_sparse_codes():
    """O to move on an empty board: codes above the perfect index, same answers."""
    game = make_game("connectfour", rows=3, cols=3, in_a_row=3)
    root = (1, "---------", None)  # (o --- --- ---): set up by hand, since no game reaches it to parse
    assert check_engines_agree(game, root) > 100
    assert game.encode(root) >= game.index_size()


@pytest.mark.slow
def test_codes_round_trip_on_every_reachable_position():
    """Distinct codes for every position; decoding checked on a sample (it is slow one by one)."""
    rng = random.Random(5)
    for name, options in VARIANTS:
        game = make_game(name, **options)
        reference = Solver(game, database=None, engine="reference")
        reference.solve()
        codes = [game.encode(position) for position in reference.table]
        assert len(set(codes)) == len(codes), game.spec
        pairs = list(zip(reference.table, codes))
        for position, code in rng.sample(pairs, min(len(pairs), 2000)):
            assert game.decode(code) == position
            if game.index_size() is not None and game.to_move(position) == 0 and name == "connectfour":
                assert code < game.index_size()


@pytest.mark.parametrize("codes, longest, layout", [
    (np.arange(0, 200, 1), 60, "dense"),                 # every code
    (np.arange(0, 100000, 3), 60, "ranked"),            # a third of them: a bitmap
    (np.array([5, 10**9, 10**12]), 60, "sorted"),       # a few far apart: the codes themselves
    (np.arange(0, 2000, 1), 80, "blocked"),             # two bytes a result: more than a plain layout may take
    (np.concatenate([np.arange(k * 10**12, k * 10**12 + 200000, 7) for k in (1, 2, 3)]), 60, "blocked"),  # clusters
    (np.cumsum(np.random.default_rng(2).integers(1, 3000, 50000)), 80, "blocked"),  # sparse, gaps over a byte
])
def test_store_layouts_answer_alike_from_memory_and_from_disk(tmp_path, codes, longest, layout):
    rng = np.random.default_rng(1)
    values = (rng.integers(0, 3, len(codes)).astype(np.uint16) << REMOTENESS_BITS) | rng.integers(0, longest, len(codes)).astype(np.uint16)
    store = Store.build(codes, values)
    assert store.layout == layout
    database = Database(tmp_path)
    database.save_store("toy()", store)
    loaded = database.load_store("toy()")
    assert loaded.layout == store.layout
    probes = np.concatenate((codes, codes + 1, [0, int(codes[-1]) + 7]))
    expected = {int(c): int(v) for c, v in zip(codes, values)}
    for one in (store, loaded):
        got = one.get_many(probes)
        assert [int(g) for g in got] == [expected.get(int(c), MISSING) for c in probes]
        sample = rng.choice(probes, 600)
        assert [one.get(int(c)) for c in sample] == [expected.get(int(c), MISSING) for c in sample]
    assert loaded.count == len(codes)
    assert (loaded.codes() == codes).all() and (loaded.values16() == values).all()


def test_a_dense_result_array_is_stored_without_listing_codes():
    values = np.full(1000, MISSING, np.uint16)
    values[::7] = 5
    store = Store.from_dense(values)
    assert store.count == len(values[::7])
    assert [store.get(code) for code in range(20)] == [5 if code % 7 == 0 else MISSING for code in range(20)]


def test_solved_results_are_memory_mapped_and_reused(tmp_path):
    game = make_game("connectfour", rows=3, cols=4, in_a_row=3)
    first = Solver(game, database=Database(tmp_path))
    value = first.result(game.start())
    second = Solver(game, database=Database(tmp_path))
    assert second.result(game.start()) == value
    assert isinstance(second.table, Results) and isinstance(second.table.store.values, np.ndarray)
    assert second.table.store.values.base is not None  # a view of the mapped file
    assert second.table.store.nbytes <= 2 * len(second.table)


def test_games_without_codes_or_with_chance_go_to_the_reference_engine():
    assert Solver(make_game("chopsticks", hands=40, fingers=5), database=None).engine == "reference"  # 6**80 codes
    chance = Solver(make_game("2048", rows=2, cols=2), database=None)
    chance.solve()  # it has codes: the fast engine meets the first chance node and hands it over
    assert chance.engine == "reference"
    assert Solver(make_game("nim3p"), database=None).engine == "reference"
    assert Solver(make_game("connectfour", rows=4, cols=4), database=None).engine == "fast"


@pytest.mark.parametrize("name, options", [("connectfour", dict(rows=3, cols=4, in_a_row=3)),
                                           ("connectfour", dict(rows=4, cols=3, in_a_row=3, misere=True))])
def test_games_too_large_for_memory_are_solved_in_tiers_alike(monkeypatch, name, options):
    """A variant whose index is too large for arrays in memory (Connect Four 6x5) is solved in
    tiers on this machine and gives the reference's answers, from the parts its tasks wrote."""
    from gamesman.solver import levelled as fastsolve
    from gamesman.solver import tiers

    calls = []
    solve_beyond_memory = tiers.solve_beyond_memory
    monkeypatch.setattr(tiers, "solve_beyond_memory", lambda *args: calls.append(args) or solve_beyond_memory(*args))
    monkeypatch.setattr(fastsolve, "DENSE_LIMIT", 0)
    assert check_engines_agree(make_game(name, **options), at_least=1000)
    assert len(calls) == 1


def test_a_game_whose_levels_share_codes_is_solved_in_memory(monkeypatch):
    """Sim's codes do not give each level a range of its own: the file cannot take it."""
    from gamesman.solver import levelled as fastsolve

    monkeypatch.setattr(fastsolve, "DENSE_LIMIT", 0)
    solved = fastsolve.solve(make_game("sim", nodes=5), make_game("sim", nodes=5).start())
    assert "on_disk" not in solved.stats and solved.count > 1000


def test_a_database_saved_with_other_position_codes_is_rebuilt(tmp_path, monkeypatch, capsys):
    game = make_game("connectfour", rows=3, cols=4, in_a_row=3)
    Solver(game, database=Database(tmp_path)).solve()
    monkeypatch.setattr(type(game), "codes_version", game.codes_version + 1)
    again = Solver(game, database=Database(tmp_path))
    assert again.solve() > 0  # nothing was taken from the old file
    assert "other position codes" in capsys.readouterr().err


def test_a_ctrl_c_stops_the_waves_between_two_compiled_calls():
    """The retrograde's waves hand back to Python every ``budget`` moves, where a Ctrl-C
    raises: one sent while they run stops them with nodes still open, where one compiled
    call over the whole graph would have decided every node first."""
    import os
    import signal
    import threading
    import time

    from gamesman.solver.waves import LOSE, OPEN, parent_lists, waves

    size = 1 << 20  # a chain 0 -> 1 -> ... -> size - 1, lost at its end
    parents = np.arange(size - 1, dtype=np.int32)
    by_child, start = parent_lists(parents, parents + 1, size)
    value, remote = np.full(size, OPEN, np.int8), np.zeros(size, np.int64)
    value[-1] = LOSE
    movers, pending = (np.arange(size) % 2).astype(np.int8), np.ones(size, np.int64)

    def interrupt() -> None:
        while value[-2] == OPEN:  # (until the waves have begun)
            time.sleep(0.001)
        os.kill(os.getpid(), signal.SIGINT)

    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = threading.Thread(target=interrupt, daemon=True)
    try:
        sender.start()
        with pytest.raises(KeyboardInterrupt):
            waves(OPEN, value, remote, movers, by_child, start, pending, np.array([size - 1]), np.array([0]),
                  budget=1)
            sender.join()  # (without the hand-backs the Ctrl-C lands only here, once all is decided)
    finally:
        sender.join()
        signal.signal(signal.SIGINT, previous)
    assert (value == OPEN).any()
