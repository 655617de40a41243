"""Damaged database files of every kind answer right or are found, reported in one line,
removed and rebuilt; files that are not regular files are never read."""
import errno
import mmap
import os
import socket
import stat
import time

import numpy as np
import pytest

from gamesman.contract.registry import make_game
from gamesman.games.cube.tables import load_tables, save_tables
from gamesman.solver.database import Database
from gamesman.solver.files import UnreadableFile
from gamesman.solver.store import Store, narrow, read_store, write_store
from gamesman.solver.strong import Solver

SPEC = "toy(size=3)"


def store_of(layout: str) -> Store:
    """A small store that takes ``layout`` (the blocked one with Grundy numbers)."""
    rng = np.random.default_rng(7)
    codes = {"dense": np.arange(5000), "ranked": np.arange(0, 40000, 4), "sorted": np.arange(0, 10 ** 6, 97),
             "blocked": np.arange(0, 2_000_000, 1000)}[layout]
    values = rng.integers(0, 3, len(codes)).astype(np.uint16) << 14 | rng.integers(0, 40, len(codes)).astype(np.uint16)
    if layout == "sorted":  # taken only when blocks would not be smaller: rare, so laid out by hand
        return Store("sorted", {"values": narrow(values), "codes": codes.astype(np.uint32)}, len(codes), int(codes[-1]) + 1)
    grundy = rng.integers(0, 5, len(codes)).astype(np.uint16) if layout == "blocked" else None
    store = Store.build(codes, values, grundy)
    assert store.layout == layout
    return store


def same_store(one: Store, other: Store) -> bool:
    grundy = one.grundy16(), other.grundy16()
    return ((one.codes() == other.codes()).all() and (one.values16() == other.values16()).all()
            and (grundy[0] is None and grundy[1] is None or (grundy[0] == grundy[1]).all()))


def header_length(data: bytes) -> int:
    """Bytes up to and including the header line (after the magic line)."""
    return data.index(b"\n", data.index(b"\n") + 1) + 1


def damaged_copies(data: bytes):
    """``data`` with each byte of its magic and header lines changed, one at a time, in several ways."""
    for at in range(header_length(data)):
        for new in {data[at] ^ 0x01, data[at] ^ 0x20, ord("0") + (data[at] - ord("0") + 1) % 10 if chr(data[at]).isdigit() else 0x20}:
            yield at, data[:at] + bytes([new]) + data[at + 1:]
    yield -1, data[:-1]  # a byte short
    yield -1, data + b"\0"  # a byte long


def check_every_damage(path, read, expected, same, capsys):
    """Each damaged copy of the file at ``path`` reads as ``expected`` or is reported once and removed."""
    data = path.read_bytes()
    found = 0
    for at, damaged in damaged_copies(data):
        path.write_bytes(damaged)
        answer = read()
        err = capsys.readouterr().err
        if answer is None:
            found += 1
            assert err.count("\n") == 1 and "damaged" in err and "rebuilt" in err, (at, err)
            assert not path.exists(), at
        else:
            assert same(answer, expected), f"byte {at} damaged gave other answers"
            assert err == ""
    assert found > 0


@pytest.mark.parametrize("layout", ["dense", "ranked", "sorted", "blocked"])
def test_every_header_byte_of_a_store_damaged(tmp_path, capsys, layout):
    store = store_of(layout)
    path = tmp_path / "toy.db"
    write_store(path, SPEC, store, {"code": 1})
    assert same_store(read_store(path, SPEC, {"code": 1}), store)
    check_every_damage(path, lambda: read_store(path, SPEC, {"code": 1}), store, same_store, capsys)


def test_every_header_byte_of_a_max_n_table_damaged(tmp_path, capsys):
    game = make_game("nim3p")
    database = Database(tmp_path)
    solver = Solver(game, database=database)
    solver.solve()
    table = dict(solver.table.items())
    database.save_table(game, table)
    (path,) = tmp_path.iterdir()
    assert path.name.endswith(".maxn.db")
    check_every_damage(path, lambda: database.load_table(game), table,
                       lambda loaded, expected: dict(loaded.items()) == expected, capsys)


def test_every_header_byte_of_a_reference_table_damaged(tmp_path, capsys):
    database = Database(tmp_path)
    table = {("x", n): (1.0, n) for n in range(50)}
    database.save(SPEC, table)
    (path,) = tmp_path.iterdir()
    check_every_damage(path, lambda: database.load(SPEC), table, lambda one, other: one == other, capsys)


def test_every_header_byte_of_a_cube_table_damaged(tmp_path, capsys):
    path = tmp_path / "table"
    arrays = {"a": np.arange(5, dtype=np.uint8), "b": np.ones((2, 3), dtype=np.uint16)}
    shapes = {name: array.shape for name, array in arrays.items()}
    save_tables(path, arrays)
    check_every_damage(path, lambda: load_tables(path, shapes), arrays,
                       lambda one, other: all((one[name] == other[name]).all() for name in other), capsys)


def test_a_changed_count_is_found_and_the_answers_stay_right(tmp_path, capsys):
    """The damage that once gave wrong answers with no message: a digit of the header's count."""
    game = make_game("othello", rows=4, cols=4)
    first = Solver(game, database=Database(tmp_path))
    first.solve()
    (path,) = tmp_path.iterdir()
    data = path.read_bytes()
    at = data.index(b'"count":') + len(b'"count":')
    path.write_bytes(data[:at] + (b"1" if data[at:at + 1] != b"1" else b"2") + data[at + 1:])
    again = Solver(game, database=Database(tmp_path))
    again.solve()
    assert "damaged" in capsys.readouterr().err
    for position in list(first.table)[::97]:
        assert again.result(position) == first.result(position)


def test_a_named_pipe_or_a_device_is_not_read(tmp_path, capsys, monkeypatch):
    """A FIFO would block a reader for ever, /dev/zero would fill the memory: both are refused at
    once, never read (the database reads its files with ``os.read`` or maps them with ``mmap``;
    both are watched here for a descriptor that is no regular file)."""
    special_reads = []

    def regular_only(read):
        def watched(handle, *args, **kwargs):
            if not stat.S_ISREG(os.fstat(handle).st_mode):
                special_reads.append(stat.filemode(os.fstat(handle).st_mode))
            return read(handle, *args, **kwargs)
        return watched

    monkeypatch.setattr(os, "read", regular_only(os.read))
    monkeypatch.setattr(mmap, "mmap", regular_only(mmap.mmap))
    database = Database(tmp_path)
    readers = [(database.path(SPEC), lambda: database.load_store(SPEC)),
               (database.path(SPEC, ".ref.db"), lambda: database.load(SPEC)),
               (tmp_path / "table", lambda: load_tables(tmp_path / "table", {"a": (5,)}))]
    for path, read in readers:
        for make in (os.mkfifo, lambda p: os.symlink("/dev/zero", p), lambda p: os.symlink("/dev/urandom", p)):
            make(path)
            assert read() is None
            assert not special_reads, special_reads
            err = capsys.readouterr().err
            assert err.count("\n") == 1 and "not a regular file" in err
            assert not os.path.lexists(path)  # removed, so the rebuilt file takes its place


def test_a_directory_in_the_way_is_reported_once(tmp_path, capsys):
    database = Database(tmp_path)
    database.path(SPEC).mkdir()
    assert database.load_store(SPEC) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a directory" in err and "remove it" in err


def test_a_directory_in_the_way_of_a_solve_is_said_once_and_kept(tmp_path, capsys):
    """A solve reads the file, then saves it: the one line said on reading tells the user what
    to do, so the save does not say it again, nor a second solve of the run (a shell's); the
    user's directory and what it holds stay."""
    game = make_game("tictactoe")
    database = Database(tmp_path)
    database.path(game.spec).mkdir()
    (database.path(game.spec) / "notes").write_text("mine")
    expected = Solver(game, database=None).result(game.start())
    assert Solver(game, database=database).result(game.start()) == expected
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a directory" in err and "remove it" in err
    assert Solver(game, database=database).result(game.start()) == expected
    assert capsys.readouterr().err == ""
    assert (database.path(game.spec) / "notes").read_text() == "mine"


def test_stale_temporary_files_are_removed_on_the_next_write(tmp_path, dead_process):
    """A writer killed mid-write leaves its temporary file; a live writer's is left alone."""
    dead = dead_process
    stale = tmp_path / f".tmp-{dead}-abc"
    stale.write_bytes(b"half a file")
    old = tmp_path / ".tmp-xyz"  # of an older version, without a process id
    old.write_bytes(b"half a file")
    os.utime(old, (time.time() - 7200, time.time() - 7200))
    live = tmp_path / f".tmp-{os.getppid()}-abc"
    live.write_bytes(b"being written")
    write_store(tmp_path / "toy.db", SPEC, store_of("dense"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([live.name, "toy.db"])


def test_temporary_files_of_another_machine_are_left_until_old(tmp_path, dead_process):
    """A directory shared by a cluster's machines: another machine's process ids mean nothing
    here, so its writers' temporary files are removed only once they are old."""
    dead = dead_process
    here = tmp_path / f".tmp-{dead}@{socket.gethostname()}-abc"
    elsewhere = tmp_path / f".tmp-{dead}@not-{socket.gethostname()}-abc"
    abandoned = tmp_path / f".tmp-{dead}@not-{socket.gethostname()}-old"
    for path in (here, elsewhere, abandoned):
        path.write_bytes(b"half a file")
    os.utime(abandoned, (time.time() - 7200, time.time() - 7200))
    write_store(tmp_path / "toy.db", SPEC, store_of("dense"))
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([elsewhere.name, "toy.db"])


@pytest.mark.parametrize("failing, number", [("open", errno.EMFILE), ("open", errno.EACCES), ("mmap", errno.ENOMEM)])
def test_a_file_the_system_cannot_open_now_is_kept(tmp_path, capsys, monkeypatch, failing, number):
    """Too many files open, no permission, no memory to map it: no fault of the file's. Each
    stops the read in one line that says why and keeps the file, never removed as damaged (a
    database may take hours to build again)."""
    database = Database(tmp_path)
    assert write_store(database.path(SPEC), SPEC, store_of("ranked"))
    real = {"open": os.open, "mmap": mmap.mmap}[failing]

    def refused(*args, **kwargs):
        raise OSError(number, os.strerror(number))

    monkeypatch.setattr(os if failing == "open" else mmap, failing, refused)
    with pytest.raises(UnreadableFile, match=f"cannot read .* now \\({os.strerror(number)}\\); it is kept") as raised:
        database.load_store(SPEC)
    assert raised.value.errno == number and "\n" not in str(raised.value)
    monkeypatch.setattr(os if failing == "open" else mmap, failing, real)
    assert capsys.readouterr().err == "" and same_store(database.load_store(SPEC), store_of("ranked"))


def test_a_file_that_can_never_be_opened_is_taken_for_damage(tmp_path, capsys):
    """A failure to open that will not pass (here a link to itself) is damage, as before: said
    in one line and removed, so that the database is built again there."""
    database = Database(tmp_path)
    database.path(SPEC).symlink_to(database.path(SPEC).name)
    assert database.load_store(SPEC) is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot be opened" in err and "rebuilt" in err
    assert not os.path.lexists(database.path(SPEC))
