"""Databases saved in compressed blocks: every answer as the plain layouts give it, one
look-up decompressing one block, damage found and never answered from, and the files of
the version before still read."""
import bisect
import errno
import mmap
import os
import resource
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from gamesman.boards import kernels
from gamesman.contract.registry import make_game
from gamesman.doors.cli import main
from gamesman.solver.database import Database
from gamesman.solver.files import UnreadableFile
from gamesman.solver.parts import (COUNT, LAST, NO_PART, SHARD, SOME_PARTS, TIER, PartCut, PartedStore, part_cut,
                                   part_label, part_name, parts_directory, parts_kept_open)
from gamesman.solver import parts as parts_module
from gamesman.solver.huffman import PART_ROW
from gamesman.solver.results import SolverError
from gamesman.solver import store as store_module
from gamesman.solver.store import (BLOCK_VARIABLE, CODED_LAYOUTS, BlockCache, LEVEL_VARIABLE, MISSING, OLD_MAGIC, RUN, ZSTD, DamagedBlock, InflatedBlock, Packing, Store, read_store,
                                   write_store)
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner
from gamesman.dev.variants import unreduced

DATA = Path(__file__).parent / "data"


def solved_in_memory(game):
    """The fast solver's store, in memory and in a plain layout."""
    solver = Solver(game, database=None)
    solver.solve()
    return solver.table.store


def saved(game, directory: Path, **solver_options):
    """Solve ``game`` with a database in ``directory``, which saves it; then the file read back."""
    solver = Solver(game, database=Database(directory), **solver_options)
    solver.solve()
    return Database(directory).path(game.spec), solver.table.stamp


def test_every_answer_read_at_random_from_the_blocks_is_the_plain_layouts(tmp_path):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    assert plain.layout == "ranked"
    path, stamp = saved(game, tmp_path)
    compressed = read_store(path, game.spec, stamp)
    assert compressed.layout == "blocked" and compressed.packing == ZSTD
    assert compressed.count == plain.count and len(compressed.block_ends) > 2
    assert path.stat().st_size < plain.nbytes / 2
    codes = plain.codes()
    rng = np.random.default_rng(5)
    for code in rng.permutation(codes)[:20000].tolist():  # one code at a time, blocks in any order
        assert compressed.packed(compressed.slot(code)) == plain.packed(plain.slot(code))
    assert np.array_equal(compressed.get_many(codes), plain.get_many(codes))
    absent = np.setdiff1d(np.concatenate((codes + 1, codes - 1, [0, int(codes[-1]) + 5])), codes)
    assert all(compressed.slot(code) == -1 for code in absent[absent >= 0][:3000].tolist())
    assert (compressed.get_many(absent) == MISSING).all()


def test_the_blocks_kept_decompressed_are_bounded_over_every_store_open(monkeypatch):
    """A database in parts keeps hundreds of stores open: the blocks their look-ups keep
    decompressed are counted together, the last used kept, and every answer stays right."""
    monkeypatch.setattr(store_module, "BLOCKS", BlockCache(3 * 1024))
    rng = np.random.default_rng(8)
    stores = []
    for first in range(0, 20 * 10_000, 10_000):   # 20 stores of 4 blocks of 1,024 codes
        codes = np.sort(rng.choice(np.arange(first, first + 10_000), 4096, replace=False))
        values = rng.integers(0, 1 << 12, 4096).astype(np.uint16)
        stores.append((Store.blocked(codes, values, Packing(ZSTD.codec, 1024, ZSTD.level)), codes, values))
    for _ in range(2):
        for store, codes, values in stores:
            for at in rng.integers(0, 4096, 50).tolist():
                assert store.get(int(codes[at])) == values[at]
                assert store_module.BLOCKS.size <= 3 * 1024 and len(store_module.BLOCKS.blocks) <= 3
    last, codes, values = stores[-1]
    last.get(int(codes[0]))
    assert (last.token, 0) in store_module.BLOCKS.blocks   # the block used last is kept


INFINITE = resource.RLIM_INFINITY


@pytest.mark.parametrize("soft, hard, raised, kept", [
    (1024, 1024, 1024, 256), (20_000, 20_000, 20_000, 1024), (40, 40, 40, 16), (INFINITE, INFINITE, INFINITE, 1024),
    (1024, 2048, 2048, 512), (1024, 1 << 19, 4096, 1024), (1024, INFINITE, 4096, 1024)])
def test_a_database_in_parts_keeps_as_many_open_as_the_open_files_allow(monkeypatch, soft, hard, raised, kept):
    """The soft limit of open files is raised as far as the hard one lets, up to four times
    the parts kept open; a quarter of it is kept open."""
    limits = {"now": (soft, hard)}

    def set_limit(which, wanted):
        if hard != INFINITE and wanted[0] > hard:
            raise ValueError("not allowed to raise maximum limit")
        limits["now"] = wanted

    monkeypatch.setattr(resource, "getrlimit", lambda which: limits["now"])
    monkeypatch.setattr(resource, "setrlimit", set_limit)
    assert parts_kept_open() == kept and limits["now"] == (raised, hard)


def test_the_soft_limit_of_open_files_is_raised_where_the_hard_one_lets(tmp_path):
    """In a process of its own, as a user's shell starts one: 1,024 soft under a larger hard
    limit keeps 1,024 parts open, not 256."""
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    if hard != resource.RLIM_INFINITY and hard < 4096:
        pytest.skip("this system's hard limit of open files is below 4,096")
    script = ("import resource; resource.setrlimit(resource.RLIMIT_NOFILE, (1024, resource.getrlimit("
              "resource.RLIMIT_NOFILE)[1])); from gamesman.solver.parts import PART_CACHE; "
              "print(PART_CACHE, resource.getrlimit(resource.RLIMIT_NOFILE)[0])")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout.split()
    assert shown == ["1024", "4096"]


def damage(path: Path, at: int) -> None:
    """Flip one bit of byte ``at`` of a file."""
    data = bytearray(path.read_bytes())
    data[at] ^= 0x10
    path.write_bytes(bytes(data))


def test_a_damaged_block_is_reported_in_one_line_and_never_answered_from(tmp_path, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    path, stamp = saved(game, tmp_path)
    store = read_store(path, game.spec, stamp)
    payload_start = path.stat().st_size - len(store.arrays["payload"])
    damage(path, payload_start + int(store.block_ends[0]) + 100)  # inside the second block
    store = read_store(path, game.spec, stamp)  # the header and the index are sound
    assert capsys.readouterr().err == ""
    first, second = int(store.block_firsts[0]), int(store.block_firsts[1])
    assert store.get(first) == plain.get(first)  # the first block answers
    with pytest.raises(DamagedBlock) as found:
        store.get(second)
    message = str(found.value)
    assert "damaged" in message and "checksum mismatch" in message and "rebuild" in message and "\n" not in message
    assert capsys.readouterr().err == ""  # the error says it all
    assert not path.exists()  # so the next solve rebuilds it


@pytest.mark.parametrize("name, options", [("tictactoe", {}), ("quixo", {"size": 3})])
@pytest.mark.parametrize("change", [-1, 1])
def test_a_header_whose_count_its_blocks_do_not_hold_is_damage_not_an_answer(tmp_path, capsys, name, options, change):
    """A header that agrees with its checksum but counts a position more or fewer than its
    blocks hold (each block's own checksum covers its bytes, not the header's count): a
    look-up stops at the block with one line, never answers from it, and the file goes."""
    game = make_game(name, **options)
    path, stamp = saved(game, tmp_path)
    store = read_store(path, game.spec, stamp)
    codes = store.codes()
    store.count += change
    assert write_store(path, game.spec, store, stamp)
    miscounted = read_store(path, game.spec, stamp)
    assert miscounted is not None and capsys.readouterr().err == ""  # the header and the index are sound
    with pytest.raises(DamagedBlock) as found:
        miscounted.get(int(codes[0]))
    assert "damaged" in str(found.value) and "\n" not in str(found.value)
    assert not path.exists()


def test_a_header_whose_span_its_places_do_not_hold_is_damage_not_an_answer(tmp_path):
    """The placed layout alike: a header of one place fewer than its block holds."""
    results = np.full(600, MISSING, np.uint16)
    results[::7] = 0x4003
    path = tmp_path / "placed.db"
    store = Store.placed(results, Packing("xz", 1024, 6))
    store.span -= 1
    assert write_store(path, "placed", store)
    with pytest.raises(DamagedBlock, match="damaged"):
        read_store(path, "placed").get(7)
    assert not path.exists()


def test_the_command_line_says_a_block_is_damaged_in_one_line_and_solves_again(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    game = make_game("connectfour", rows=4, cols=4)
    path, stamp = saved(game, tmp_path)
    store = read_store(path, game.spec, stamp)
    payload = len(store.arrays["payload"])
    for at in range(path.stat().st_size - payload, path.stat().st_size, 997):  # every block
        damage(path, at)
    start = game.format_position(game.start())
    assert main(["solve", "connectfour", "--rows", "4", "--cols", "4", start]) == 0
    captured = capsys.readouterr()
    assert captured.out == f"{Solver(game, database=None).result(game.start())}\n"
    assert captured.err.count("\n") == 1 and "damaged" in captured.err and "solving it again" in captured.err
    assert read_store(path, game.spec, stamp) is not None  # saved again
    assert main(["solve", "connectfour", "--rows", "4", "--cols", "4", start]) == 0  # rebuilt
    assert capsys.readouterr().out.strip() == str(Solver(game, database=None).result(game.start()))


@pytest.mark.parametrize("name, options, fixture, layout, codes_version", [
    ("tictactoe", {}, "old-tictactoe.db", "blocked", 1),
    ("connectfour", dict(rows=3, cols=4, in_a_row=3), "old-connectfour.db", "ranked", 3)])
def test_a_database_of_the_version_before_is_read_as_it_was(tmp_path, capsys, name, options, fixture, layout,
                                                            codes_version):
    """Files the version before wrote (deflated blocks of 512 codes, or a plain layout, under
    one checksum): read, not rebuilt, and every answer right.  (Each file holds every position,
    as both games were solved before they were solved up to symmetry: read by the game as it
    was then.)"""
    game = unreduced(make_game(name, **options), codes_version=codes_version)
    path = Database(tmp_path).path(game.spec)
    tmp_path.mkdir(exist_ok=True)
    shutil.copy(DATA / fixture, path)
    assert path.read_bytes().startswith(OLD_MAGIC)
    solver = Solver(game, database=Database(tmp_path))
    assert solver.solve() == 0  # nothing solved anew
    assert solver.table.store.layout == layout
    plain = solved_in_memory(game)
    codes = plain.codes()
    assert np.array_equal(solver.table.store.get_many(codes), plain.get_many(codes))
    for code in codes.tolist():
        assert solver.table.store.packed(solver.table.store.slot(code)) == plain.packed(plain.slot(code))
    assert capsys.readouterr().err == ""


def test_a_database_saved_before_the_game_was_solved_up_to_symmetry_is_rebuilt(tmp_path, capsys):
    """Tic-tac-toe's file of every position, of the codes before (``codes_version`` 1), is
    solved again up to symmetry, never read, and every answer is right."""
    game = make_game("tictactoe")
    path = Database(tmp_path).path(game.spec)
    shutil.copy(DATA / "old-tictactoe.db", path)
    solver = Solver(game, database=Database(tmp_path))
    assert solver.solve() == len(solver.table) == 765  # every position up to symmetry, solved anew
    assert "other position codes (codes_version)" in capsys.readouterr().err
    every = Solver(unreduced(game), database=None)
    every.solve()
    assert all(solver.result(position) == every.result(position) for position in every.table)


@pytest.mark.slow
def test_a_database_in_parts_answers_as_one_and_finds_a_damaged_part(tmp_path, capsys, monkeypatch):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    with local_runner(1) as (run, _):
        path, stamp = saved(game, tmp_path / "cache", tiers=TierRun(tmp_path / "tiers", run, 3))
    parts = sorted(parts_directory(path).iterdir())
    assert len(parts) > 3 and not any((tmp_path / "tiers").iterdir())  # moved to the cache, not copied
    solver = Solver(game, database=Database(tmp_path / "cache"))
    assert solver.solve() == 0
    store = solver.table.store
    assert store.layout == "parted"
    codes = plain.codes()
    assert np.array_equal(store.get_many(codes), plain.get_many(codes))
    assert store.run_parts is not None  # a code's part found by one search among its runs
    probes = np.random.default_rng(2).permutation(codes)[:5000].tolist()
    for code in probes:
        assert store.packed(store.slot(code)) == plain.packed(plain.slot(code))
        assert store.get(code) == plain.get(code)
    slots = [store.slot(code) for code in probes[:500]]  # each slot read after others were found
    assert [store.packed(at) for at in reversed(slots)] == [plain.packed(plain.slot(code)) for code in reversed(probes[:500])]
    stored = set(codes.tolist())
    absent = [code for code in np.random.default_rng(3).integers(0, store.span, 5000).tolist() if code not in stored]
    assert absent and all(store.slot(code) == -1 for code in absent)
    # three parts kept open: the compiled look-up reads only those, each let go of first cleared from its table
    monkeypatch.setattr(parts_module, "PART_CACHE", 3)
    few = Solver(game, database=Database(tmp_path / "cache"))
    few.solve()
    for code in probes[:2000]:
        assert few.table.store.packed(few.table.store.slot(code)) == plain.packed(plain.slot(code))
    table = few.table.store.look_up_table
    assert table is not None
    rows = table[1 + 2 * int(table[0]):].reshape(len(store.table), PART_ROW)
    assert len(few.table.store.opened) == 3 and set(np.flatnonzero(rows.any(axis=1)).tolist()) == set(few.table.store.opened)
    monkeypatch.setattr(kernels, "COMPILED", False)  # without numba: each code's part found by its shard
    plainly = Solver(game, database=Database(tmp_path / "cache"))
    plainly.solve()
    assert plainly.table.store.look_up is None
    assert all(plainly.table.store.packed(plainly.table.store.slot(code)) == plain.packed(plain.slot(code))
               for code in probes[:500])
    assert all(plainly.table.store.slot(code) == -1 for code in absent[:500])
    largest = max(parts, key=lambda part: part.stat().st_size)
    damage(largest, largest.stat().st_size - 10)  # a block of the largest part
    again = Solver(game, database=Database(tmp_path / "cache"))
    again.solve()
    with pytest.raises(DamagedBlock, match="damaged"):
        again.table.store.get_many(codes)
    tier, shard = (int(number) for number in largest.stem.split("-")[1:])
    last = int(store.table[(store.table[:, TIER] == tier) & (store.table[:, SHARD] == shard), LAST][0])
    with pytest.raises(DamagedBlock, match="damaged"):  # one code of its last page, looked up alone
        again.table.store.slot(last)
    assert capsys.readouterr().err == ""


def parts_in_runs(directory: Path) -> tuple[np.ndarray, PartCut]:
    """A database's parts written in ``directory`` by hand, and its cut: runs of ten codes,
    shards 0 and 1 in turn; tier 0 holds the even codes to 24, tier 1 those from 26 to 59 but
    30 to 39 (shard 1 of tier 1 holds nothing there), each code's result three times it."""
    shard_of = lambda code, shards: code // 10 % 2  # noqa: E731
    runs = lambda shards: (np.arange(0, 60, 10), np.arange(6) % 2)  # noqa: E731
    stored = {tier: {shard: np.array([code for code in range(first, last + 1, 2) if shard_of(code, 2) == shard])
                     for shard in (0, 1)} for tier, (first, last) in enumerate(((0, 24), (26, 59)))}
    stored[1][1] = stored[1][1][stored[1][1] >= 50]
    rows = []
    for tier, shards in stored.items():
        for shard, codes in shards.items():
            write_store(directory / part_name(tier, shard), "runs", Store.build(codes, codes.astype(np.uint16) * 3),
                        part_label(tier, shard))
            rows.append((tier, shard, codes[0], codes[-1], len(codes)))
    return np.array(rows, np.int64), PartCut(lambda codes, shards: codes // 10 % 2, shard_of, lambda codes: None,
                                             shard_runs=runs)


def test_a_look_up_in_parts_finds_a_runs_part_by_one_search(tmp_path):
    """Where the game cuts codes into runs of one shard, a look-up finds the part of the
    code's run by one search: a run no part meets answers "not stored" at once, a run that
    two parts meet (two tiers' ranges of codes) is looked up through its shard's parts, and
    every code answers as without the runs."""
    table, cut = parts_in_runs(tmp_path)
    with_runs, without = (PartedStore(tmp_path, "runs", table, 2, one_cut) for one_cut in (cut, replace(cut, shard_runs=None)))
    firsts, parts = with_runs.run_parts
    assert list(firsts) == [0, 10, 20, 30, 40, 50] and parts[2] == SOME_PARTS and parts[3] == NO_PART
    assert without.run_parts is None
    for code in range(-3, 64):
        answer = code * 3 if 0 <= code < 60 and code % 2 == 0 and not 30 <= code < 40 else MISSING
        assert with_runs.get(code) == without.get(code) == answer, code
        assert (with_runs.slot(code) >= 0) == (answer != MISSING)


def huffman_parts(directory: Path, zstd: tuple[int, ...] = (), parts: int = 8,
                  per: int = 3000) -> tuple[PartedStore, Store]:
    """A database of ``parts`` parts written by hand, each the one shard of its run of codes,
    in the Huffman layout but ``zstd`` (in zstd blocks), and the same results in one store."""
    rng, width, rows, every = np.random.default_rng(5), 4 * per, [], []
    for number in range(parts):
        codes = np.sort(rng.choice(width, per, replace=False)) + number * width
        values = rng.integers(0, 40, per).astype(np.uint16)
        store = Store.blocked(codes, values) if number in zstd else Store.huffman(codes, values)
        assert store is not None and write_store(directory / part_name(0, number), "runs", store, part_label(0, number))
        rows.append((0, number, codes[0], codes[-1], per))
        every.append((codes, values))
    cut = PartCut(lambda codes, shards: codes // width, lambda code, shards: code // width, lambda codes: None,
                  shard_runs=lambda shards: (np.arange(parts) * width, np.arange(parts)))
    return (PartedStore(directory, "runs", np.array(rows, np.int64), parts, cut),
            Store.build(np.concatenate([codes for codes, _ in every]), np.concatenate([values for _, values in every])))


def rows_set(store: PartedStore) -> set[int]:
    """The parts whose rows of the compiled look-up's table are set (none before it is made)."""
    table = store.look_up_table
    if table is None:
        return set()
    return set(np.flatnonzero(table[1 + 2 * int(table[0]):].reshape(len(store.table), PART_ROW).any(axis=1)).tolist())


def test_the_compiled_look_up_reads_the_open_huffman_parts_only(tmp_path, monkeypatch):
    """One compiled call finds a code's part and looks in it while the part is open and in
    the Huffman layout; a part not open, or in zstd blocks, is looked in by itself.  Every
    answer is the plain store's, with three parts kept open of eight."""
    monkeypatch.setattr(parts_module, "PART_CACHE", 3)
    store, plain = huffman_parts(tmp_path, zstd=(3,))
    rng = np.random.default_rng(6)
    probes = rng.permutation(plain.codes())[:3000].tolist()
    for code in probes:
        assert store.packed(store.slot(code)) == plain.packed(plain.slot(code))
        assert store.get(code) == plain.get(code)
        assert rows_set(store) == {number for number in store.opened if number != 3}
    slots = [store.slot(code) for code in probes[:300]]  # each read after others were found
    assert [store.packed(at) for at in reversed(slots)] == [plain.packed(plain.slot(code)) for code in reversed(probes[:300])]
    stored = set(plain.codes().tolist())
    absent = [code for code in rng.integers(-5, store.span + 5, 3000).tolist() if code not in stored]
    assert all(store.slot(code) == -1 and store.get(code) == MISSING for code in absent)


def test_a_database_of_parts_in_zstd_blocks_makes_no_compiled_look_up(tmp_path):
    """Its look-ups would gain nothing from it, and it would be compiled after install."""
    store, plain = huffman_parts(tmp_path, zstd=tuple(range(8)))
    for code in np.random.default_rng(7).permutation(plain.codes())[:500].tolist():
        assert store.get(code) == plain.get(code)
    assert store.look_up is None and store.look_up_table is None


def test_threads_sharing_a_database_in_parts_read_only_open_parts(tmp_path, monkeypatch):
    """Parts opened and let go of by several threads at once, switching as often as Python
    can: a part's row is never left set once the part is let go (which would read memory
    no longer mapped), and every answer is the plain store's."""
    monkeypatch.setattr(parts_module, "PART_CACHE", 2)
    store, plain = huffman_parts(tmp_path)
    codes = plain.codes()
    wrong: list[int] = []

    def look_up(seed: int) -> None:
        for code in np.random.default_rng(seed).choice(codes, 1500).tolist():
            if store.get(code) != plain.get(code):
                wrong.append(code)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        threads = [threading.Thread(target=look_up, args=(seed,)) for seed in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert wrong == [] and len(store.opened) == 2 and rows_set(store) == set(store.opened)


def test_the_runs_parts_are_those_the_shards_parts_give(tmp_path):
    """On random cuts into runs (some of no one shard, some empty) and random tables of parts
    (of ranges that overlap, shards that have none): a run's part is the one part of its
    shard that may hold any code of it, NO_PART where none may, or SOME_PARTS."""
    rng = np.random.default_rng(5)
    listed = set()
    for _ in range(500):
        shards, span, count = int(rng.integers(1, 5)), int(rng.integers(1, 80)), int(rng.integers(1, 12))
        firsts = np.sort(np.concatenate(([0], rng.integers(0, span + 5, count - 1)))).astype(np.int64)
        shard = rng.integers(-1, shards, count).astype(np.int64)
        rows = [(int(rng.integers(0, 3)), int(rng.integers(0, shards)), *sorted(rng.integers(0, span, 2).tolist()), 1)
                for _ in range(int(rng.integers(0, 8)))]

        def shard_of(code, shards, firsts=firsts, shard=shard):
            of_run = shard[np.searchsorted(firsts, code, "right") - 1]
            return int(of_run) if of_run >= 0 else code % shards

        cut = PartCut(lambda codes, shards: None, shard_of, lambda codes: None,
                      shard_runs=lambda shards, firsts=firsts, shard=shard: (firsts, shard))
        store = PartedStore(tmp_path, "runs", np.array(rows, np.int64).reshape(-1, 5), shards, cut)
        starts, parts = (list(view) for view in store.run_parts)
        for code in range(store.span):
            number, candidates = parts[bisect.bisect_right(starts, code) - 1], store.candidates(code, shard_of(code, shards))
            listed.add(min(number, 0))
            assert number == SOME_PARTS or set(candidates) <= ({number} if number >= 0 else set()), (rows, code)
    assert listed == {NO_PART, SOME_PARTS, 0}   # each kind of entry was met


@pytest.mark.parametrize("module, call, number", [(os, "open", errno.EMFILE), (mmap, "mmap", errno.ENOMEM)])
def test_a_part_the_system_cannot_open_now_keeps_the_database(tmp_path, monkeypatch, module, call, number):
    """Too many files open (or mapped) while a part is opened: the database lets go of its own
    parts and tries once more; where that is not enough, the look-up stops in one line and the
    index and every part are kept (not taken for damage, which would remove the index)."""
    (tmp_path / "db.parts").mkdir()
    table, cut = parts_in_runs(tmp_path / "db.parts")
    index = tmp_path / "db.db"
    index.write_bytes(b"the index")  # removed if a part were taken for damaged
    store = PartedStore(tmp_path / "db.parts", "runs", table, 2, cut, index)
    assert store.get(0) == 0 and store.get(12) == 36 and len(store.opened) == 2
    real, refusals = getattr(module, call), []

    def too_many(*args, **kwargs):
        if refusals and refusals.pop():
            raise OSError(number, os.strerror(number))
        return real(*args, **kwargs)

    monkeypatch.setattr(module, call, too_many)
    refusals[:] = [True]  # once: the parts held are let go, and the part opens
    assert store.get(26) == 78 and list(store.opened) == [2]  # tier 1's part of shard 0, alone
    refusals[:] = [True, True]  # twice: the look-up stops
    with pytest.raises(UnreadableFile, match=os.strerror(number)):
        store.get(50)
    assert index.exists() and len(list((tmp_path / "db.parts").iterdir())) == len(table)
    monkeypatch.setattr(module, call, real)
    assert store.get(50) == 150


def test_a_database_saved_in_larger_blocks_is_read_as_it_was_and_saved_in_smaller_ones(tmp_path):
    """The blocks' size is in a file's header: a database saved in blocks of 65,536 codes (as
    this format was first written) answers every position; compacted, it takes ZSTD's blocks."""
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    codes, values = plain.codes(), plain.values16()
    large = Packing("zstd", 1 << 16, ZSTD.level)
    path = tmp_path / "large.db"
    write_store(path, game.spec, Store.blocked(codes, values, large))
    store = read_store(path, game.spec)
    assert store.packing == large and len(store.block_ends) == -(-len(codes) // large.size)
    assert np.array_equal(store.get_many(codes), values)
    for code in np.random.default_rng(3).permutation(codes)[:3000].tolist():
        assert store.packed(store.slot(code)) == plain.packed(plain.slot(code))
    again = store.compact()
    assert again.packing == ZSTD and len(again.block_ends) == -(-len(codes) // ZSTD.size)
    assert np.array_equal(again.get_many(codes), values)


def test_a_file_of_blocks_of_no_size_read_here_is_damaged_not_misread(tmp_path, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    path = tmp_path / "odd.db"
    write_store(path, game.spec, Store.blocked(plain.codes(), plain.values16(), Packing("zstd", 1000, ZSTD.level)))
    assert read_store(path, game.spec) is None
    err = capsys.readouterr().err
    assert "damaged" in err and "does not describe a store" in err and not path.exists()


def solved_in_quixos_tiers(tmp_path: Path):
    """Quixo 3x3 solved in its own tiers into ``tmp_path / "cache"``: the game, its solve in
    memory, and the solver's table read back from the database."""
    game = make_game("quixo", size=3)
    plain = solved_in_memory(game)
    with local_runner(1) as (run, _):
        saved(game, tmp_path / "cache", tiers=TierRun(tmp_path / "tiers", run, 1))
    solver = Solver(game, database=Database(tmp_path / "cache"))
    assert solver.solve() == 0
    return game, plain, solver.table


@contextmanager
def quixo_without_places() -> Iterator[None]:
    """Quixo as it was before it gave places in its tiers: its parts are keyed by code (the
    tier tasks' variants made again, then, and again once it is over)."""
    from gamesman.solver.tiers import variant

    Quixo = type(make_game("quixo", size=3))
    declared = Quixo.declare
    variant._game.cache_clear()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(Quixo, "declare", lambda game: replace(declared(game), tier_places=False))
            yield
    finally:
        variant._game.cache_clear()


@pytest.mark.slow
def test_a_database_of_tiers_of_the_games_own_opens_one_part_a_look_up(tmp_path):
    """Quixo's tiers (counts of cubes) each spread over every code: the index lists the game's
    number of each tier, so that a look-up opens the part of the code's tier only; each part
    keeps the tier's results by place, and every image of every set alike answers as the
    solve in memory does."""
    game, plain, table = solved_in_quixos_tiers(tmp_path)
    store = table.store
    assert store.layout == "parted" and len(store.table) > 10 and store.tier_numbers is not None
    assert store.placed and {store.part(number).layout for number in range(len(store.table))} == {"placed"}
    codes = plain.codes()
    assert np.array_equal(store.get_many(codes), plain.get_many(codes))
    assert np.array_equal(store.codes(), codes) and np.array_equal(store.values16(), plain.values16())
    for code in np.random.default_rng(4).permutation(codes)[:3000].tolist():
        store.let_go(len(store.opened))
        assert store.packed(store.slot(code)) == plain.packed(plain.slot(code))
        assert len(store.opened) == 1
    in_memory = Solver(game, database=None)
    in_memory.solve()
    every = np.arange(game.index_size(), dtype=np.int64)
    least = game.canonical_codes(every)
    images = every[np.isin(least, codes)]
    assert len(images) > 2 * len(codes)
    for code in images.tolist():
        position = game.decode(code)
        assert table.get(position) == in_memory.table.get(position)
    # a code answers as its set alike does (by its place), and none of a set not kept answers
    assert np.array_equal(store.get_many(images), plain.get_many(least[np.isin(least, codes)]))
    assert (store.get_many(every[~np.isin(least, codes)]) == MISSING).all()


@pytest.mark.slow
def test_a_damaged_block_of_a_part_laid_out_by_place_is_never_answered_from(tmp_path, capsys):
    game, plain, table = solved_in_quixos_tiers(tmp_path)
    store = table.store
    largest = max(range(len(store.table)), key=lambda number: store.table[number, COUNT])
    tier = int(store.table[largest, 0])
    path = store.directory / f"d-{tier}-0.db"
    damage(path, path.stat().st_size - 10)  # its last block
    again = Solver(game, database=Database(tmp_path / "cache"))
    again.solve()
    with pytest.raises(DamagedBlock, match="damaged"):
        again.table.store.get_many(plain.codes())
    assert capsys.readouterr().err == ""
    # the index goes with the part, so that solving again rebuilds the database, as the error says
    assert not path.exists() and not Database(tmp_path / "cache").path(game.spec).exists()
    rebuilt = Solver(game, database=Database(tmp_path / "cache"))
    assert rebuilt.solve() > 0 and capsys.readouterr().err == ""


@pytest.mark.slow
def test_a_database_of_parts_keyed_by_code_is_read_as_it_was(tmp_path):
    """Parts saved before Quixo gave places in its tiers (keyed by code) still answer, and an
    index saved without the tiers' numbers too: every tier's part is then tried."""
    with quixo_without_places():
        game, plain, table = solved_in_quixos_tiers(tmp_path)
        assert not table.store.placed
    game = make_game("quixo", size=3)
    assert game.capabilities.tier_places
    solver = Solver(game, database=Database(tmp_path / "cache"))
    assert solver.solve() == 0
    store = solver.table.store
    assert not store.placed and store.part(0).layout in CODED_LAYOUTS   # keyed by code
    codes = plain.codes()
    assert np.array_equal(store.get_many(codes), plain.get_many(codes))
    code = int(codes[len(codes) // 3])
    assert store.packed(store.slot(code)) == plain.packed(plain.slot(code))
    unlisted = PartedStore(store.directory, game.spec, store.table, store.shards, store.cut)
    assert np.array_equal(unlisted.get_many(codes), plain.get_many(codes))
    code = int(codes[len(codes) // 2])
    assert unlisted.packed(unlisted.slot(code)) == plain.packed(plain.slot(code))
    assert len(unlisted.opened) > 10


@pytest.mark.slow
def test_a_database_laid_out_by_places_numbered_otherwise_is_rebuilt(tmp_path, monkeypatch, capsys):
    game, plain, table = solved_in_quixos_tiers(tmp_path)
    Quixo = type(game)
    monkeypatch.setattr(Quixo, "places_version", Quixo.places_version + 1)
    stamp = table.stamp
    assert Database(tmp_path / "cache").load_store(game.spec, stamp, part_cut(make_game("quixo", size=3))) is None
    assert "numbered otherwise" in capsys.readouterr().err


@pytest.mark.slow
def test_a_database_saved_whole_where_its_parts_were_leaves_no_parts(tmp_path):
    game = make_game("connectfour", rows=4, cols=4)
    with local_runner(1) as (run, _):
        path, stamp = saved(game, tmp_path / "cache", tiers=TierRun(tmp_path / "tiers", run, 2))
    assert any(parts_directory(path).iterdir())
    opened = Database(tmp_path / "cache").load_store(game.spec, stamp, part_cut(game))  # no part opened yet
    assert opened.layout == "parted" and not opened.opened
    whole = solved_in_memory(game)
    Database(tmp_path / "cache").save_store(game.spec, whole.compact(), stamp)
    assert not parts_directory(path).exists()
    assert read_store(path, game.spec, stamp).layout == "blocked"
    # the database read before finds its parts gone, and leaves the one saved since alone
    with pytest.raises(SolverError, match="missing or damaged"):
        opened.get(int(whole.codes()[0]))
    assert read_store(path, game.spec, stamp).layout == "blocked"


def test_a_database_saved_whole_where_a_part_was_made_a_directory_is_saved(tmp_path, capsys):
    """A user made a part's name a directory: the database saved whole in its place removes
    the parts' files and leaves that directory, which is no part of it."""
    game = make_game("tictactoe")
    cache = tmp_path / "cache"
    parts = parts_directory(Database(cache).path(game.spec))
    parts.mkdir(parents=True)
    (parts / "d-0-0.db").write_bytes(b"a part")
    (parts / "d-1-0.db").mkdir()
    path, stamp = saved(game, cache)
    assert read_store(path, game.spec, stamp).layout == "blocked" and capsys.readouterr().err == ""
    assert [child.name for child in parts.iterdir()] == ["d-1-0.db"]


def test_a_blocks_first_look_up_adding_up_one_run_finds_what_adding_up_all_finds():
    rng = np.random.default_rng(6)
    for size, widest in ((1, 1), (2, 3), (RUN, 2), (RUN + 1, 300), (5 * RUN + 17, 5), (3 * RUN, 70000)):
        gaps = rng.integers(1, widest + 1, size - 1).astype(np.uint8 if widest < 256 else np.uint32)
        codes = 1000 + np.concatenate(([0], np.cumsum(gaps)))
        for code in [int(codes[-1]) + 1, 999, *codes.tolist(), *(codes + 1).tolist()]:
            expected = int(np.searchsorted(codes, code))
            expected = expected if expected < size and codes[expected] == code else -1
            first = InflatedBlock(1000, gaps, np.zeros(size, np.uint8), None)
            assert first.slot(code) == expected  # a run's gaps added up
            assert first.slot(code) == expected and first.code_array.tolist() == codes.tolist()  # all of them


def test_the_level_set_in_the_environment_writes_smaller_or_quicker_blocks_read_alike(tmp_path, monkeypatch):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    sizes = {}
    for level in ("1", "19"):
        monkeypatch.setenv(LEVEL_VARIABLE, level)
        path, stamp = saved(game, tmp_path / level)
        sizes[level] = path.stat().st_size
        again = read_store(path, game.spec, stamp)
        assert np.array_equal(again.get_many(plain.codes()), plain.get_many(plain.codes()))
    assert sizes["19"] < sizes["1"]


def test_the_block_size_set_in_the_environment_writes_larger_blocks_read_alike(tmp_path, monkeypatch):
    game = make_game("connectfour", rows=4, cols=4)
    plain = solved_in_memory(game)
    codes = plain.codes()
    sizes = {}
    for size in ("1024", "65536"):
        monkeypatch.setenv(BLOCK_VARIABLE, size)
        path, stamp = saved(game, tmp_path / size)
        sizes[size] = path.stat().st_size
        monkeypatch.delenv(BLOCK_VARIABLE)  # read back under the default size: the header says its own
        again = read_store(path, game.spec, stamp)
        assert again.packing.size == int(size) and len(again.block_ends) == -(-len(codes) // int(size))
        assert np.array_equal(again.get_many(codes), plain.get_many(codes))
    assert sizes["65536"] < sizes["1024"]
    monkeypatch.setenv(BLOCK_VARIABLE, "4096")  # a tier's part is written so too
    assert Store.blocked(codes, plain.get_many(codes)).packing.size == 4096


def test_a_block_size_not_a_power_of_two_is_refused_before_a_solve(monkeypatch, capsys):
    monkeypatch.setenv(BLOCK_VARIABLE, "100000")
    assert main(["solve", "tictactoe", "(x --- --- ---)"]) != 0
    assert capsys.readouterr().err.strip() == ("gamesman: GAMESMAN_BLOCK_CODES='100000': a block holds a power of "
                                               "two of positions from 256 to 1048576")


def test_a_level_out_of_range_is_refused_before_a_solve(monkeypatch, capsys):
    monkeypatch.setenv(LEVEL_VARIABLE, "23")
    assert main(["solve", "tictactoe", "(x --- --- ---)"]) != 0
    assert capsys.readouterr().err.strip() == ("gamesman: GAMESMAN_ZSTD_LEVEL='23': zstd's levels are whole "
                                               "numbers from 1 to 22")
