"""The solver's databases on disk: every answer read back as solved, absent positions
absent, and at most two bytes a position."""
import numpy as np
import pytest

from gamesman.solver.database import UTILITIES_SUFFIX, Database
from gamesman.solver.levelled import solve
from gamesman.contract.registry import make_game
from gamesman.solver.strong import SMALLEST_SAVED, Solver
from gamesman.solver.store import MAGIC, MISSING, NO_GRUNDY, OLD_MAGIC, read_store

# Solved by the fast engine; between them every layout a file may have.
FAST = [
    ("othello", dict(rows=4, cols=4)),        # sparse codes: blocked
    ("kaboom", dict(rows=3, cols=3, in_a_row=3, super_bomb=True)),
    ("connectfour", dict(rows=4, cols=4)),    # a ranked bitmap
    ("hex", dict(size=3, swap=True)),
    ("tictactoe", dict()),
    ("nim", dict()),                          # Grundy numbers too
    ("chopsticks", dict(hands=2, fingers=5)),  # loopy: draws
]


def solved_arrays(game):
    """Every code reachable from the start with its packed result and Grundy number."""
    solved = solve(game, game.start(), None, None)
    codes = solved.codes if solved.codes is not None else np.flatnonzero(solved.values != MISSING)
    values = solved.values if solved.codes is not None else solved.values[codes]
    grundy = solved.grundy
    if grundy is not None and solved.codes is None:
        grundy = grundy[codes]
    return codes, values, grundy


def absent_codes(codes: np.ndarray) -> np.ndarray:
    """Codes next to and among the stored ones that are not stored, and some beyond them."""
    near = np.concatenate((codes - 1, codes + 1, codes * 2 + 1, [0, int(codes[-1]) + 1, 1 << 40]))
    return np.setdiff1d(near[near >= 0], codes)


@pytest.mark.parametrize("name, options", FAST, ids=[name for name, _ in FAST])
def test_a_solved_variant_reads_back_whole_from_at_most_two_bytes_a_position(tmp_path, name, options):
    game = make_game(name, **options)
    codes, values, grundy = solved_arrays(game)
    solver = Solver(game, database=Database(tmp_path))
    solver.solve()
    (path,) = tmp_path.iterdir()
    assert path.stat().st_size <= 2 * len(codes)
    store = read_store(path, game.spec, solver.table.stamp)
    assert store.count == len(codes)
    assert (store.codes() == codes).all()
    assert (store.get_many(codes) == values).all()
    rng = np.random.default_rng(3)
    for at in rng.choice(len(codes), 300):
        assert store.get(int(codes[at])) == values[at]
    if grundy is not None:
        assert (store.grundy_many(codes) == grundy).all()
        assert [store.get_grundy(int(code)) for code in codes[:300]] == grundy[:300].tolist()
    absent = absent_codes(codes)
    assert (store.get_many(absent) == MISSING).all()
    assert (store.grundy_many(absent) == NO_GRUNDY).all()
    assert all(store.slot(int(code)) == -1 for code in rng.choice(absent, 300))


@pytest.mark.parametrize("name, options, unreachable", [
    ("2048", dict(rows=2, cols=2), (0, 1000, (1, 1, 2, 0))),  # that score cannot be made on that board
    ("nim3p", dict(extra=True), (1, (5, 5, 5))),               # the second player to move on full heaps
    ("sim", dict(nodes=4, players=3), (2, "------", ())),      # the third player first
])
def test_a_max_n_table_is_stored_by_code_in_at_most_two_bytes_a_position(tmp_path, capsys, name, options, unreachable):
    game = make_game(name, **options)
    first = Solver(game, database=Database(tmp_path))
    first.solve()
    (path,) = tmp_path.iterdir()
    assert path.name.endswith(UTILITIES_SUFFIX) and first.engine == "reference"
    assert path.stat().st_size <= 2 * len(first.table)
    second = Solver(game, database=Database(tmp_path))
    assert second.solve() == 0
    assert len(second.table) == len(first.table)
    for position, entry in first.table.items():
        assert second.table[position] == entry
    assert second.table.get(unreachable) is None and unreachable not in second.table
    assert second.result(unreachable) is not None  # solved from there, on top of the stored table
    assert unreachable in second.table and len(second.table) > len(first.table)
    assert "damaged" not in capsys.readouterr().err


def test_a_file_of_an_older_format_is_ignored_and_rebuilt(tmp_path, capsys):
    game = make_game("othello", rows=4, cols=4)
    first = Solver(game, database=Database(tmp_path))
    first.solve()
    (path,) = tmp_path.iterdir()
    old = b"GAMESMAN-DB 3\n"  # two versions before: not read
    assert len(old) == len(MAGIC) and old != OLD_MAGIC
    path.write_bytes(old + path.read_bytes()[len(MAGIC):])
    again = Solver(game, database=Database(tmp_path))
    assert again.solve() == len(first.table)
    assert "damaged" in capsys.readouterr().err
    assert read_store(path, game.spec, first.table.stamp) is not None


def test_tables_not_worth_a_file_are_not_saved(tmp_path):
    tiny = make_game("hex", size=2)
    known = make_game("2048", rows=2, cols=3, target=32)  # it answers every position from a table of its own
    sizes = []
    for game in (tiny, known):
        solver = Solver(game, database=Database(tmp_path))
        sizes.append(solver.solve())
    assert 0 < sizes[0] < SMALLEST_SAVED < sizes[1]
    assert list(tmp_path.iterdir()) == []
