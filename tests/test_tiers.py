"""The tier solver: the same answers as the one-machine solve, position by position, on forked
workers, on a local Dask cluster and on a scheduler and workers started by Dask's own commands;
a worker killed mid-solve; a solve interrupted and resumed; a damaged shard redone."""
from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from gamesman.contract.capabilities import TierCut, position_codes, tier_cut
from gamesman.contract.registry import game_from_flags, game_from_spec, make_game
from gamesman.doors.cli import main
from gamesman.solver.parts import PARTS_SUFFIX
from gamesman.solver.store import read_store
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, check_suitable, dask_runner, local_runner, work_directory


def one_machine(game):
    """The store of the in-memory solve (the fast engine's own method)."""
    solver = Solver(game, database=None)
    solver.solve()
    return solver.table.store


def in_tiers(game, run, store: Path, shards: int, progress=None, keep: bool = False):
    solver = Solver(game, database=None, progress=progress, tiers=TierRun(store, run, shards, keep=keep))
    solver.solve()
    return solver.table.store


def assert_same(expected, found) -> None:
    assert found.count == expected.count
    assert np.array_equal(found.codes(), expected.codes())
    assert np.array_equal(found.values16(), expected.values16())


@pytest.mark.slow
def test_forked_workers_solve_as_one_machine(tmp_path):
    with local_runner(2) as (run, _):
        for game in (make_game("connectfour", rows=4, cols=4), make_game("tictactoe"),
                     make_game("othello", rows=3, cols=4), make_game("quixo", size=3)):
            assert_same(one_machine(game), in_tiers(game, run, tmp_path, 4))
    # the shards' files go once the database is built; its parts stay (no database saves them here)
    assert all(path.name.endswith(PARTS_SUFFIX) for path in tmp_path.iterdir())


@pytest.mark.slow
def test_the_database_is_the_one_the_cli_reads(tmp_path, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    start = game.format_position(game.start())
    flags = ["connectfour", "--rows", "4", "--cols", "4"]
    assert main(["solve", *flags, start]) == 0
    expected = capsys.readouterr().out
    shutil.rmtree(os.environ["GAMESMAN_CACHE"])
    assert main(["solve", *flags, "--large", "--store", str(tmp_path), start]) == 0
    assert capsys.readouterr().out == expected
    assert Solver(game).table is not None and main(["solve", *flags, start]) == 0  # read back from the cache
    assert capsys.readouterr().out == expected


def interrupt_at(stage: str, reports: int):
    """A progress callback that stops the solve (as Ctrl-C does) at its nth report of ``stage``."""
    seen = []

    def progress(name, done, total):
        if name.startswith(stage):
            seen.append(name)
            if len(seen) == reports:
                raise KeyboardInterrupt
    return progress


def test_an_interrupted_solve_resumes_and_a_damaged_shard_is_redone(tmp_path, capsys):
    game = make_game("connectfour", rows=4, cols=4)
    expected = one_machine(game)
    directory = work_directory(tmp_path, game.spec)
    with local_runner(1) as (run, _):
        with pytest.raises(KeyboardInterrupt):
            in_tiers(game, run, tmp_path, 3, interrupt_at("exploring", 20))
        explored = {path: path.stat().st_mtime_ns for path in directory.glob("p-*.tier")}
        assert len(explored) == 20
        with pytest.raises(KeyboardInterrupt):
            in_tiers(game, run, tmp_path, 3, interrupt_at("solving", 20))
        assert all(path.stat().st_mtime_ns == stamp for path, stamp in explored.items())  # not explored again
        written = {path: path.stat().st_mtime_ns for path in directory.glob("r-*.db")}
        assert len(written) == 2 * 20  # a file for each player to move, of each shard solved
        damaged = sorted(written)[0]
        data = bytearray(damaged.read_bytes())
        data[-1] ^= 0xFF
        damaged.write_bytes(bytes(data))
        written[damaged] = damaged.stat().st_mtime_ns
        assert_same(expected, in_tiers(game, run, tmp_path, 3, keep=True))
    redone = {path.name for path, stamp in written.items() if path.stat().st_mtime_ns != stamp}
    shard = damaged.name.rsplit("-", 1)[0]
    assert redone == {f"{shard}-0.db", f"{shard}-1.db"}  # that shard only, done again
    assert "ignoring damaged" in capsys.readouterr().err
    assert not list(directory.glob("c-*"))  # the moves between tiers go once both are explored


@pytest.mark.parametrize("name, options", [("tictactoe", {}), ("quixo", {"size": 3})])
def test_a_solve_from_another_position_takes_no_file_of_the_one_before(tmp_path, capsys, name, options):
    """The tiers' files in a store kept are a solve's from its own position: a solve from
    another (the start, after a position after it) redoes them and answers as one machine."""
    game = make_game(name, **options)
    expected = one_machine(game)
    later = game.play(game.start(), game.moves(game.start())[0])
    with local_runner(1) as (run, _):
        Solver(game, database=None, tiers=TierRun(tmp_path, run, 2, keep=True)).solve(later)
        note = work_directory(tmp_path, game.spec) / "notes.txt"  # a file of the user's own
        note.write_text("mine")
        assert_same(expected, in_tiers(game, run, tmp_path, 2, keep=True))
    assert note.read_text() == "mine"
    assert "explored.tier (written for another root)" in capsys.readouterr().err  # the record of the one before


def test_tier_files_of_other_codes_are_done_again(tmp_path):
    """A game whose codes (or cut into shards) change raises its ``codes_version``: tier files
    that name another version (here, as an older release would have written them) are done
    again, never read, and the answers are right."""
    game = make_game("connectfour", rows=4, cols=4)
    directory = work_directory(tmp_path, game.spec)
    with local_runner(1) as (run, _):
        with pytest.raises(KeyboardInterrupt):
            in_tiers(game, run, tmp_path, 3, interrupt_at("exploring", 10))
    now = f'"codes": {game.codes_version},'.encode()
    older = {}
    for path in sorted(directory.glob("*.tier")):
        data = path.read_bytes()
        assert now in data.split(b"\n")[1]
        path.write_bytes(data.replace(now, f'"codes": {game.codes_version - 1},'.encode(), 1))
        older[path] = path.stat().st_mtime_ns
    with local_runner(1) as (run, _):
        assert_same(one_machine(game), in_tiers(game, run, tmp_path, 3, keep=True))
    assert all(not path.exists() or path.stat().st_mtime_ns != stamp for path, stamp in older.items())


def test_a_solve_leaves_the_temporary_files_of_live_writers_and_removes_dead_ones(tmp_path, dead_process):
    """Two solves of one variant may share a directory: a solve that starts removes only what
    killed writers left, never the file another running writer is writing."""
    game = make_game("connectfour", rows=3, cols=4, in_a_row=3)
    directory = work_directory(tmp_path, game.spec)
    directory.mkdir(parents=True)
    dead = dead_process
    live = directory / f".tmp-{os.getppid()}@{socket.gethostname()}-abc"
    stale = directory / f".tmp-{dead}@{socket.gethostname()}-xyz"
    live.write_bytes(b"being written")
    stale.write_bytes(b"half a file")
    with local_runner(1) as (run, _):
        assert_same(one_machine(game), in_tiers(game, run, tmp_path, 2, keep=True))
    assert live.exists() and not stale.exists()


def moves_fan_out(game, tmp_path, shards: int) -> int:
    """Solve in tiers and give the most shards of the next tier that one shard's moves lead into."""
    directory = work_directory(tmp_path, game.spec)
    widest = [0]

    def look_at_moves(stage, done, total):
        for path in directory.glob("c-*.tier"):
            with open(path, "rb") as handle:
                handle.readline()
                sections = json.loads(handle.readline())["sections"]
            widest[0] = max(widest[0], sum(count > 0 for _, count, _ in sections))

    with local_runner(1) as (run, _):
        assert_same(one_machine(game), in_tiers(game, run, tmp_path, shards, look_at_moves))
    return widest[0]


@pytest.mark.slow
def test_connect_four_cuts_its_tiers_by_column_heights(tmp_path, monkeypatch):
    """A move raises one column: a shard's moves lead into at most one shard a column, or
    the shard of the board's mirror image (solved up to it), where a cut by code spreads
    them over every shard; both give the one-machine answers."""
    game = make_game("connectfour", rows=4, cols=4)
    by_heights = moves_fan_out(game, tmp_path, 16)
    assert 1 < by_heights <= 2 * game.cols
    monkeypatch.setattr(type(game), "tier_shards", TierCut.tier_shards)
    assert moves_fan_out(game, tmp_path, 16) > 2 * game.cols


@pytest.mark.parametrize("rows, cols, shards", [(5, 6, 10), (4, 5, 8), (6, 5, 8), (5, 6, 40)])
def test_connect_four_spreads_each_large_tier_over_its_shards(rows, cols, shards):
    """A tier waits for its largest shard, whose task holds it in memory: in every tier of
    at least four heights vectors a shard (a vector's boards share a shard), no shard holds
    more than twice its share (6x5 cut by the heights vector's number modulo 10 put each
    tier into two of its ten shards)."""
    stacks = make_game("connectfour", rows=rows, cols=cols).stacks
    firsts = stacks.sorted_offsets   # the first code of each heights vector's block
    sizes = np.diff(np.append(firsts, stacks.index_size))
    pieces = np.array([bin(occupied).count("1") for occupied in stacks.decode(firsts)[1].tolist()])
    shard, _ = stacks.shards_by_heights(firsts, shards)
    for tier in np.unique(pieces):
        load = np.bincount(shard[pieces == tier], weights=sizes[pieces == tier], minlength=shards)
        if (pieces == tier).sum() >= 4 * shards:
            assert load.max() <= 2 * load.sum() / shards, (tier, load.tolist())


@pytest.mark.parametrize("spec, shards", [("connectfour(rows=5,cols=6)", 10), ("connectfour(rows=4,cols=4)", 7),
                                          ("connectfour(rows=4,cols=4)", 1), ("tictactoe", 5)])
def test_one_codes_shard_is_its_shard_among_many(spec, shards):
    """What a look-up in a database in parts asks of the cut, a code at a time (Connect Four's
    from its tables, another game's through the cut of an array), is what the tier solver's
    cut of arrays gave, for codes of the index and boards set up above it alike."""
    game = game_from_spec(spec)
    cut = tier_cut(game)
    size = position_codes(game).index_size() or 1 << 20   # (tic-tac-toe has no index: any codes)
    rng = np.random.default_rng(3)
    codes = np.concatenate((rng.integers(0, size, 3000), [0, size - 1]))
    above = size + rng.integers(0, 1 << 40, 300)   # a tier of boards above the index is cut by code
    for tier in (np.sort(codes), np.sort(above)):
        assert [cut.tier_shard(code, shards) for code in tier.tolist()] == cut.tier_shards(tier, shards, 0)[0].tolist()
    runs = cut.tier_shard_runs(shards)
    if runs is not None:  # Connect Four's runs of one heights vector: each run's shard is its codes'
        firsts, shard = runs
        assert firsts[0] == 0 and np.all(np.diff(firsts) >= 0)
        of_run = shard[np.searchsorted(firsts, codes, side="right") - 1]
        assert np.array_equal(of_run, cut.tier_shards(codes, shards, 0)[0])
        assert shard[-1] == -1 and firsts[-1] == size  # boards above the index: not runs
    assert (runs is None) == (spec == "tictactoe")


def test_solve_flags_are_checked(tmp_path, capsys, monkeypatch):
    start = make_game("tictactoe").format_position(make_game("tictactoe").start())
    for words, message in ((["--large", "--workers", "2", "--scheduler", "tcp://127.0.0.1:1"], "not both"),
                           (["--large", "--scheduler", "tcp://127.0.0.1:1"], "needs --store"),
                           (["--workers", "2"], "add --large"),
                           (["--large", "--workers", "0"], "at least 1")):
        assert main(["solve", "tictactoe", *words, start]) == 2
        assert message in capsys.readouterr().err
    three = make_game("nim3p", heaps=2, size=2)
    assert main(["solve", "nim3p", "--heaps", "2", "--size", "2", "--large", "--store", str(tmp_path),
                 three.format_position(three.start())]) == 2
    assert "two-player" in capsys.readouterr().err
    dobutsu = make_game("dobutsu")  # loops: tiers by distance from the root would never end
    assert main(["solve", "dobutsu", "--large", "--workers", "2", "(b -l- -c- -C- -L- - -)"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "give --large alone" in err and dobutsu.capabilities.parents
    assert dobutsu.capabilities.loops
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if Dask were not installed
    assert main(["solve", "tictactoe", "--large", "--workers", "2", start]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "pip install 'gamesman[cluster]'" in err


def test_a_variant_that_loops_is_refused_by_the_tier_solver(tmp_path, capsys):
    """Tiers by the distance from the root never end where play comes back: a variant that loops
    and has no tiers of its own is refused at once, in one line that says what solves it."""
    for name, options in (("chopsticks", ["--wrap-around"]), ("abalone", [])):
        game = game_from_flags(name, options)
        assert game.capabilities.loops and game.capabilities.solvable
        start = game.format_position(game.start())
        for flags in (["--large", "--workers", "2"], ["--large", "--store", str(tmp_path)]):
            assert main(["solve", name, *options, *flags, start]) == 2
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and f"{name}: its moves may loop" in err and "solve on demand" in err
    taken = make_game("chopsticks")  # without wrap-around fingers only go up: no loop, and taken
    assert not taken.capabilities.loops
    check_suitable(taken)


# -- on Dask --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def local_cluster():
    distributed = pytest.importorskip("distributed")
    cluster = distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                       dashboard_address=None)
    client = distributed.Client(cluster)
    yield client
    client.close()
    cluster.close()


@pytest.mark.slow
def test_a_local_dask_cluster_solves_as_one_machine(local_cluster, tmp_path):
    for game in (make_game("connectfour", rows=4, cols=5), make_game("othello"), make_game("quixo", size=3)):
        assert_same(one_machine(game), in_tiers(game, dask_runner(local_cluster), tmp_path, 4))


@pytest.mark.slow
def test_a_worker_killed_mid_solve_is_replaced(local_cluster, tmp_path):
    game = make_game("connectfour", rows=4, cols=4)
    client = local_cluster
    killed = []

    def kill_a_busy_worker(stage, done, total):
        if stage.startswith("solving") and not killed:
            pids = client.run(os.getpid)
            busy = [address for address, keys in client.processing().items() if keys] or list(pids)
            killed.append(pids[busy[0]])
            os.kill(pids[busy[0]], signal.SIGKILL)

    found = in_tiers(game, dask_runner(client), tmp_path, 4, kill_a_busy_worker, keep=True)
    assert killed
    assert_same(one_machine(game), found)
    directory = work_directory(tmp_path, game.spec)
    for path in directory.glob("r-*.db"):  # every result written is whole
        tier, shard, mover = map(int, path.stem.split("-")[1:])
        assert read_store(path, game.spec, {"tier": tier, "shard": shard, "mover": mover}) is not None
    client.wait_for_workers(2, timeout=30)  # the nanny starts another


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.mark.slow
def test_a_scheduler_and_workers_started_by_dask_commands(tmp_path):
    pytest.importorskip("distributed")
    from gamesman.solver.tiers import dask_cluster

    dask = shutil.which("dask", path=str(Path(sys.executable).parent)) or shutil.which("dask")
    if dask is None:
        pytest.skip("the dask command is not installed")
    address = f"tcp://127.0.0.1:{free_port()}"
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    processes = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                                   "--no-dashboard"], **quiet)]
    try:
        processes += [subprocess.Popen([dask, "worker", address, "--host", "127.0.0.1", "--nthreads", "1",
                                        "--no-dashboard", "--no-nanny"], **quiet) for _ in range(2)]
        deadline = time.monotonic() + 60
        while True:
            try:
                with dask_cluster(scheduler=address) as (client, _):
                    client.wait_for_workers(2, timeout=60)
                    for game in (make_game("connectfour", rows=4, cols=4), make_game("othello")):
                        assert_same(one_machine(game), in_tiers(game, dask_runner(client), tmp_path, 4))
                break
            except Exception as problem:  # the scheduler may not listen yet
                if time.monotonic() > deadline or "cannot reach" not in str(problem):
                    raise
                time.sleep(0.5)
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()


@pytest.mark.slow
def test_a_directory_where_the_parts_index_goes_keeps_the_parts_where_they_are(tmp_path, capsys):
    """Saving a database in parts where a directory stands at its index's path: said once,
    the directory kept, and the parts left in the tiers' store, which answers as before,
    instead of moved beside an index that cannot be written."""
    from gamesman.solver.database import Database

    game = make_game("connectfour", rows=4, cols=4)
    with local_runner(1) as (run, _):
        found = in_tiers(game, run, tmp_path / "tiers", 3)
    cache = Database(tmp_path / "cache")
    cache.path(game.spec).mkdir(parents=True)
    where = found.directory
    cache.save_store(game.spec, found, {})
    assert "a directory" in capsys.readouterr().err
    assert found.directory == where and where.is_dir() and cache.path(game.spec).is_dir()
    assert not (tmp_path / "cache").joinpath(game.spec + PARTS_SUFFIX).exists()
    assert_same(one_machine(game), found)


def test_the_database_is_joined_from_the_parts_the_tasks_wrote(tmp_path):
    game = make_game("connectfour", rows=4, cols=4)
    with local_runner(1) as (run, _):
        found = in_tiers(game, run, tmp_path, 3)
    assert found.layout == "parted"  # no one process laid every result out
    # under half a byte a position of the whole game (John Tromp's count), up to symmetry
    assert len(found.table) > 3 and found.nbytes < 161_029 / 2
    assert_same(one_machine(game), found)
