"""The Huffman layout of a database (GAMESMAN_DB_FORMAT=huffman): every answer the plain
layout's, damage found and never answered from, and the solves that save it."""
import json
from pathlib import Path

import numpy as np
import pytest

from gamesman.contract.registry import make_game
from gamesman.doors.cli import main
from gamesman.solver.database import Database
from gamesman.solver.huffman import (BLOCK, BLOCK_SIZES, GROUP, MAX_LENGTH, MOST_RESULTS, PAGE, HuffmanIndex, canonical_codes,
                                     code_lengths, huffman_arrays)
from gamesman.solver import huffman as huffman_module
from gamesman.solver.parts import parts_directory
from gamesman.solver import store as store_module
from gamesman.solver.store import (CRC_DIGITS, FORMAT_VARIABLE, MAGIC, MISSING, DamagedBlock, Store, read_store, span_of,
                                   write_store)
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import TierRun, local_runner


def random_store(seed: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Sorted codes (mostly small gaps, some past the escape, a few huge) and results."""
    rng = np.random.default_rng(seed)
    gaps = rng.geometric(0.2, count)
    gaps[rng.integers(0, count, 50)] += rng.integers(256, 1 << 20, 50)  # past the escape
    gaps[rng.integers(0, count, 3)] += 1 << 44
    codes = np.cumsum(gaps).astype(np.int64)
    values = (rng.integers(0, 3, count) << 14 | rng.integers(0, 60, count)).astype(np.uint16)
    return codes, values


@pytest.mark.parametrize("block", BLOCK_SIZES)
@pytest.mark.parametrize("count", [1, BLOCK, BLOCK + 1, GROUP * 2 + 1000])
def test_every_look_up_answers_as_the_plain_layout(count, block, tmp_path):
    """In blocks of BLOCK positions, as written, and of each size written before."""
    codes, values = random_store(count, count)
    plain = Store.build(codes, values)
    coded = Store("huffman", huffman_arrays(codes, values, block), count, span_of(codes))
    assert coded.huffman_index.block == block
    # blocks that begin 2**44 after their group's first code need their index in 64 bits
    assert coded.arrays["huffman_blocks"].dtype == (np.uint32 if count <= block else np.uint64)
    write_store(tmp_path / "coded.db", "random", coded)
    mapped = read_store(tmp_path / "coded.db", "random")   # its block index read where it is mapped
    assert mapped.layout == "huffman" and np.array_equal(mapped.get_many(codes), values)
    assert np.array_equal(coded.codes(), codes) and np.array_equal(coded.values16(), values)
    assert [(run_codes.tolist(), run_values.tolist()) for run_codes, run_values in coded.runs()] == \
        [(part.tolist(), part_values.tolist()) for part, part_values in
         zip(np.split(codes, range(GROUP, count, GROUP)), np.split(values, range(GROUP, count, GROUP)))]
    rng = np.random.default_rng(count)
    probes = rng.permutation(codes)[:5000]
    for code in probes.tolist():  # one at a time, as the solver's table does
        assert coded.packed(coded.slot(code)) == plain.packed(plain.slot(code))
        assert coded.get(code) == plain.get(code)
    absent = np.setdiff1d(np.concatenate((codes - 1, codes + 1, [-5, 0, int(codes[-1]) + 9, 1 << 62])), codes)
    assert all(coded.slot(code) == -1 and coded.get(code) == MISSING for code in absent[:3000].tolist())
    asked = np.concatenate((codes, absent))
    assert np.array_equal(coded.get_many(asked), plain.get_many(asked))
    assert np.array_equal(coded.slots(asked), plain.slots(asked))
    slots = rng.integers(0, count, 3000)
    assert np.array_equal(coded.codes_at(slots), codes[slots])
    assert coded.first_code == codes[0]
    for past in ([count], [-1], [0, count + 200]):   # as a numpy array past its end: an error, never a read
        with pytest.raises(IndexError):
            coded.codes_at(np.array(past))
    with pytest.raises(IndexError):
        coded.packed(count)


def test_a_store_with_results_it_cannot_hold_is_saved_in_blocks(monkeypatch):
    monkeypatch.setenv(FORMAT_VARIABLE, "huffman")
    codes = np.arange(0, 3 * (MOST_RESULTS + 1), 3)
    many = np.arange(MOST_RESULTS + 1, dtype=np.uint16)
    assert huffman_arrays(codes, many) is None
    assert Store.saved(codes, many).layout == "blocked"
    assert Store.saved(codes, many % 5).layout == "huffman"
    assert Store.saved(codes, many % 5, grundy=np.zeros(len(codes), np.uint16)).layout == "blocked"  # no Grundy


def test_by_default_a_large_database_is_saved_in_the_huffman_layout_a_small_one_in_blocks(monkeypatch):
    """``auto``, the format unless one is set: the Huffman layout from HUFFMAN_LEAST positions
    (lowered here) and for a part of a database in parts, zstd blocks below, which ``zstd``
    keeps whatever the size."""
    monkeypatch.setattr(store_module, "HUFFMAN_LEAST", 1000)
    codes, values = random_store(4, 1000)
    monkeypatch.delenv(FORMAT_VARIABLE, raising=False)
    assert Store.saved(codes, values).layout == "huffman" and Store.saved(codes[1:], values[1:]).layout == "blocked"
    assert Store.saved(codes[1:], values[1:], part=True).layout == "huffman"   # a part of a database in parts
    assert Store.blocked(codes, values).compact().layout == "huffman"
    monkeypatch.setenv(FORMAT_VARIABLE, "zstd")
    assert Store.saved(codes, values).layout == "blocked" and Store.saved(codes, values, part=True).layout == "blocked"
    assert Store.huffman(codes, values).compact().layout == "blocked"


def test_a_database_saved_in_the_huffman_layout_answers_as_the_plain_one(tmp_path, monkeypatch):
    """Connect Four 4x4 saved in it: under half the plain bitmap's bytes, every answer alike,
    and read back so whatever format is set then."""
    game = make_game("connectfour", rows=4, cols=4)
    solver = Solver(game, database=None)
    solver.solve()
    plain = solver.table.store
    monkeypatch.setenv(FORMAT_VARIABLE, "huffman")
    Solver(game, database=Database(tmp_path)).solve()
    path = Database(tmp_path).path(game.spec)
    stored = read_store(path, game.spec, solver.table.stamp)
    assert stored.layout == "huffman" and stored.count == plain.count
    assert path.stat().st_size < plain.nbytes / 2
    codes = plain.codes()
    assert np.array_equal(stored.get_many(codes), plain.get_many(codes))
    monkeypatch.delenv(FORMAT_VARIABLE)  # read back alike whatever the format set now
    again = Solver(game, database=Database(tmp_path))
    assert again.solve() == 0 and again.table.store.layout == "huffman"
    for code in np.random.default_rng(1).permutation(codes)[:3000].tolist():
        assert again.table.store.packed(again.table.store.slot(code)) == plain.packed(plain.slot(code))


def saved_huffman(tmp_path: Path, count: int = 20_000) -> tuple[Path, np.ndarray, np.ndarray]:
    codes, values = random_store(7, count)
    path = tmp_path / "huffman.db"
    assert write_store(path, "a spec", Store.huffman(codes, values))
    return path, codes, values


def test_a_damaged_page_is_reported_in_one_line_and_never_answered_from(tmp_path, capsys):
    path, codes, values = saved_huffman(tmp_path)
    store = read_store(path, "a spec")
    payload_start = path.stat().st_size - len(store.arrays["payload"])
    page_bits = int(store.arrays["huffman_blocks"][2 * PAGE + 1])  # the second page's first bit
    data = bytearray(path.read_bytes())
    data[payload_start + page_bits // 8 + 40] ^= 0x10  # inside the second page
    path.write_bytes(bytes(data))
    store = read_store(path, "a spec")  # the header and the index are sound
    assert store is not None and capsys.readouterr().err == ""
    assert store.get(int(codes[5])) == values[5]  # the first page answers
    with pytest.raises(DamagedBlock) as found:
        store.get(int(codes[PAGE * BLOCK + 3]))
    message = str(found.value)
    assert "damaged" in message and "checksum mismatch" in message and "\n" not in message
    assert not path.exists()  # so it is rebuilt
    for ask in (lambda again: again.get_many(codes), lambda again: again.codes(),
                lambda again: again.codes_at(np.array([PAGE * BLOCK + 1]))):
        path.write_bytes(bytes(data))
        with pytest.raises(DamagedBlock):
            ask(read_store(path, "a spec"))


def array_at(path: Path, name: str) -> int:
    """Where array ``name`` starts in a database file."""
    data = path.read_bytes()
    body = data.index(b"\n", len(MAGIC)) + 1
    return body + json.loads(data[len(MAGIC) + CRC_DIGITS + 1:body])["arrays"][name][0]


@pytest.mark.parametrize("array", ["huffman_lengths", "huffman_blocks", "page_sums", "group_firsts"])
def test_a_damaged_index_is_found_when_the_file_is_opened(tmp_path, capsys, array):
    path, _, _ = saved_huffman(tmp_path)
    data = bytearray(path.read_bytes())
    data[array_at(path, array)] ^= 0x01
    path.write_bytes(bytes(data))
    assert read_store(path, "a spec") is None
    assert "checksum mismatch" in capsys.readouterr().err and not path.exists()


def test_the_look_ups_make_a_groups_tables_once_and_check_a_page_once():
    codes, values = random_store(3, 3 * BLOCK * PAGE)
    index = HuffmanIndex(huffman_arrays(codes, values), len(codes))
    flags = index.arrays[1][-(1 + 3):]  # whether the one group's tables are made and each of three pages checked
    assert not flags.any()
    assert index.find(int(codes[BLOCK * PAGE + 1]))[1] == values[BLOCK * PAGE + 1]
    assert flags.tolist() == [1, 0, 1, 0]


@pytest.mark.parametrize("chosen", ["huffman", None])
def test_the_tier_tasks_write_their_parts_in_the_huffman_layout(tmp_path, monkeypatch, chosen):
    """Set so, or by default: a part of a database in parts is in it whatever its size (4x4's
    parts hold some thousands of positions each: the database is large, not the part)."""
    if chosen is None:
        monkeypatch.delenv(FORMAT_VARIABLE, raising=False)
    else:
        monkeypatch.setenv(FORMAT_VARIABLE, chosen)
    game = make_game("connectfour", rows=4, cols=4)
    plain = Solver(game, database=None)
    plain.solve()
    with local_runner(1) as (run, _):
        solver = Solver(game, database=Database(tmp_path / "cache"), tiers=TierRun(tmp_path / "tiers", run, 3))
        solver.solve()
    path = Database(tmp_path / "cache").path(game.spec)
    parts = sorted(parts_directory(path).iterdir())
    assert len(parts) > 3 and {read_store(part, game.spec).layout for part in parts} == {"huffman"}
    again = Solver(game, database=Database(tmp_path / "cache"))
    assert again.solve() == 0 and again.table.store.layout == "parted"
    codes = plain.table.store.codes()
    assert np.array_equal(again.table.store.get_many(codes), plain.table.store.get_many(codes))


def test_a_format_not_known_is_refused_before_a_solve(monkeypatch, capsys):
    monkeypatch.setenv(FORMAT_VARIABLE, "xz")
    assert main(["solve", "tictactoe", "(x --- --- ---)"]) != 0
    assert capsys.readouterr().err.strip() == "gamesman: GAMESMAN_DB_FORMAT='xz': a database's format is auto, zstd or huffman"


def test_code_lengths_are_limited_and_the_codes_are_a_prefix_code():
    counts = np.array([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181], np.int64)
    lengths = code_lengths(counts)  # unlimited, a Fibonacci series would need 18 bits
    assert lengths.max() <= MAX_LENGTH and sum(2.0 ** -lengths.astype(float)) <= 1
    codes = np.zeros(len(lengths), np.int64)
    assert canonical_codes(lengths, codes)
    words = [format(code, f"0{length}b") for code, length in zip(codes.tolist(), lengths.tolist())]
    assert not any(one != other and other.startswith(one) for one in words for other in words)
    assert not canonical_codes(np.array([1, 1, 1], np.uint8), codes[:3])  # no prefix code has these lengths


@pytest.mark.parametrize("codes", [
    [5, 1 << 62, (1 << 62) + 3, (1 << 62) + 9],  # codes past 2**62
    ((1 << 55) + 1 + np.arange(300) * (1 << 40)).tolist(),  # a group spread past 2**32, codes past 2**53
    [0, (1 << 63) - 2],
])
def test_codes_up_to_the_largest_answer_as_the_plain_layout(codes):
    codes = np.array(codes, np.int64)
    values = (np.arange(len(codes)) % 7).astype(np.uint16)
    coded, plain = Store.huffman(codes, values), Store.build(codes, values)
    assert np.array_equal(coded.codes(), codes) and np.array_equal(coded.values16(), values)
    assert np.array_equal(coded.codes_at(np.arange(len(codes))), codes)
    assert np.array_equal(coded.get_many(codes), plain.get_many(codes))
    assert [coded.get(int(code)) for code in codes] == values.tolist()
    assert [coded.packed(at) for at in range(len(codes))] == [plain.packed(plain.slot(int(code))) for code in codes]


def test_a_numpy_code_of_any_integer_type_answers_as_a_python_one():
    codes, values = random_store(11, 2000)
    coded = Store.huffman(codes, values)
    for code in codes[::97].tolist():
        assert coded.get(np.uint64(code)) == coded.get(np.int64(code)) == coded.get(code)


@pytest.mark.parametrize("kind", [np.float64, np.int16, np.dtype(">u8")])
def test_a_block_index_of_another_type_is_damage(tmp_path, capsys, kind):
    """The look-ups read the block index as 32- or 64-bit unsigned numbers of this machine's
    order: a file that names another type (its checksum sound) is damaged, found on opening."""
    codes, values = random_store(4, 3 * BLOCK)
    arrays = dict(Store.huffman(codes, values).arrays)
    arrays["huffman_blocks"] = arrays["huffman_blocks"].astype(kind)
    assert write_store(tmp_path / "typed.db", "a spec", Store("huffman", arrays, len(codes), int(codes[-1]) + 1))
    assert read_store(tmp_path / "typed.db", "a spec") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "damaged" in err and not (tmp_path / "typed.db").exists()


@pytest.mark.parametrize("block", [32, 256, 0, -BLOCK])
def test_blocks_of_a_size_not_read_here_are_damage(tmp_path, capsys, monkeypatch, block):
    """A file whose blocks are of a size no version wrote (its checksum sound, its arrays
    made for that size where the size is one) is damaged, found on opening, never decoded
    with the wrong size."""
    codes, values = random_store(5, 100)  # fewer than a block of 128: as many blocks of 128 or 256
    if block > 0:
        monkeypatch.setattr(huffman_module, "BLOCK_SIZES", (*BLOCK_SIZES, block))
        store = Store("huffman", huffman_arrays(codes, values, block), len(codes), int(codes[-1]) + 1)
        monkeypatch.undo()
    else:
        store = Store.huffman(codes, values)
        store.arrays["huffman_shape"] = np.array([block, *store.arrays["huffman_shape"][1:]], np.int64)
    assert write_store(tmp_path / "sized.db", "a spec", store)
    assert read_store(tmp_path / "sized.db", "a spec") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "damaged" in err and not (tmp_path / "sized.db").exists()


def test_blocks_of_a_size_not_read_here_are_never_written():
    with pytest.raises(ValueError, match="not read"):
        huffman_arrays(np.arange(10), np.zeros(10, np.uint16), 256)
