"""The random-access prototype the storage benchmark measures answers every code as the
results it was built from, and no other code; its Huffman codes fit their length limit."""
import numpy as np
import pytest

from benchmarks.bench_random_access import MAX_LENGTH, Coded, canonical_codes, code_lengths
from gamesman.solver.store import MISSING


@pytest.mark.parametrize("block, group", [(4, 16), (128, 1 << 16)])
def test_every_code_answers_its_result_and_no_other_code_answers(block, group):
    rng = np.random.default_rng(7)
    gaps = np.where(rng.random(5_000) < 0.02, rng.integers(255, 1 << 20, 5_000), rng.integers(1, 9, 5_000))
    codes = np.cumsum(gaps) + 1000  # small gaps, and now and then one that needs the escape
    values = rng.choice(np.array([0x0003, 0x4002, 0x800C, 0xC000, 0x0011], np.uint16), len(codes),
                        p=[0.5, 0.3, 0.1, 0.05, 0.05])
    coded = Coded(codes, values, block, group)
    assert [coded.get(int(code)) for code in codes] == values.tolist()
    others = np.concatenate([codes - 1, codes + 1, [0, 999, int(codes[-1]) + 10**9]])
    others = np.setdiff1d(others, codes)
    assert {coded.get(int(code)) for code in others} == {MISSING}


def test_code_lengths_are_limited_and_the_codes_are_a_prefix_code():
    counts = np.array([1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 610, 987, 1597, 2584, 4181], np.int64)
    lengths = code_lengths(counts)  # unlimited, a Fibonacci series would need 18 bits
    assert lengths.max() <= MAX_LENGTH and sum(2.0 ** -lengths) <= 1
    words = [format(code, f"0{length}b") for code, length in zip(canonical_codes(lengths).tolist(), lengths.tolist())]
    assert not any(one != other and other.startswith(one) for one in words for other in words)
