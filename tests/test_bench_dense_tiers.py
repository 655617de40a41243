"""The dense-by-rank benchmark ranks Quixo's boards as GamesmanOne's hash does (checked
against the GamesmanOne benchmark's own, one board at a time), in the order of the codes,
and keeps each set alike where GamesmanOne keeps it."""
import random
from math import comb, factorial

import numpy as np
import pytest

from benchmarks.bench_dense_tiers import as_bytes, code_ranks, hash_ranks, kept_runs, least_hash_images
from benchmarks.bench_gamesmanone import quixo_hash, quixo_locate
from gamesman.contract.capabilities import position_codes
from gamesman.contract.registry import game_from_spec
from gamesman.solver.store import MISSING, widen

X_BITS = str.maketrans("xo-", "100")
O_BITS = str.maketrans("xo-", "010")


def random_positions(size: int, count: int, seed: int) -> list[tuple[int, str]]:
    rng = random.Random(seed)
    return [(rng.randrange(2), "".join(rng.choice("xo-") for _ in range(size * size))) for _ in range(count)]


@pytest.mark.parametrize("size", [3, 4])
def test_hash_ranks_are_gamesmanones_quixo_hash(size):
    game = position_codes(game_from_spec(f"quixo(size={size})"))
    positions = random_positions(size, 400, size)
    x, o, rank = hash_ranks(np.array([game.encode(position) for position in positions]), size * size)
    for (turn, cells), count_x, count_o, found in zip(positions, x.tolist(), o.tolist(), rank.tolist()):
        assert (count_x, count_o) == (cells.count("x"), cells.count("o"))
        expected = quixo_hash(turn, int(cells.translate(X_BITS), 2), int(cells.translate(O_BITS), 2), size * size)
        assert 2 * found + turn == expected


@pytest.mark.parametrize("size", [3, 4])
def test_the_least_hash_images_are_where_gamesmanone_keeps_a_set_alike(size):
    game = game_from_spec(f"quixo(size={size})")
    codes = np.array([game.encode(position) for position in random_positions(size, 300, 10 + size)])
    images = least_hash_images(codes, size)
    assert [quixo_locate(game.decode(code)) for code in images.tolist()] == \
        [quixo_locate(game.decode(code)) for code in codes.tolist()]  # an image of the same set
    ranks = hash_ranks(images, size * size)[2]
    assert (2 * ranks + codes // 3 ** (size * size)).tolist() == [quixo_locate(game.decode(code))[1] for code in codes]
    assert game.places(codes).tolist() == [quixo_locate(game.decode(code))[1] for code in codes]  # the game's places


def test_code_ranks_number_a_tier_from_zero_in_the_order_of_codes():
    tier = [code for code in range(3 ** 9) if _counts(code) == (3, 2)]  # in the order of codes
    assert len(tier) == comb(9, 2) * comb(7, 3) == factorial(9) // (factorial(3) * factorial(2) * factorial(4))
    assert code_ranks(np.array(tier), 9).tolist() == list(range(len(tier)))
    assert code_ranks(np.array(tier) + 3 ** 9, 9).tolist() == list(range(len(tier)))  # o to move


def test_the_kept_runs_and_a_byte_a_place():
    dense = np.array([MISSING, 0x4003, 0x0005, MISSING, MISSING, 0xC000], np.uint16)
    assert kept_runs([dense]) == 2
    assert widen(as_bytes(dense, "byte")[0]).tolist() == dense.tolist()
    values, remoteness = as_bytes(dense, "value, remoteness")
    assert values.tolist() == [4, 1, 0, 4, 4, 3] and remoteness.tolist() == [0, 3, 5, 0, 0, 0]


def _counts(code: int) -> tuple[int, int]:
    digits = [code // 3 ** cell % 3 for cell in range(9)]
    return digits.count(1), digits.count(2)

