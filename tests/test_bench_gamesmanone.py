"""The GamesmanOne benchmark reads GamesmanOne's array databases as its source lays them out,
and its comparison reads every position it draws and stops on the first disagreement."""
import lzma
import random
import sys
from itertools import combinations, permutations, product
from math import comb, factorial

import numpy as np
import pytest

import xz

from benchmarks.bench_gamesmanone import (DOBUTSU, DSHOGI_MIRROR, RULE_VARIANTS, VARIANTS, ArrayDatabase,
                                          alike_images, arrangement_rank, build_rule_programs, compare, compare_rules,
                                          dobutsu_features, dobutsu_from_theirs, dobutsu_locate, dobutsu_position,
                                          dshogi_hash, dshogi_offsets, quixo_features, quixo_hash, quixo_locate,
                                          random_positions, reachable_positions, solve_ours, symmetries,
                                          tictactoe_locate)
from gamesman.games.dobutsu import Position as DobutsuPosition
from gamesman.contract.capabilities import position_codes
from gamesman.contract.registry import game_from_spec
from gamesman.solver.database import Database
from gamesman.solver.levelled import Results
from gamesman.solver.parts import PartedStore
from gamesman.solver.results import unpack
from gamesman.solver.tiers import TierRun, local_runner

STORED_VALUES = {"lose": 1, "draw": 2, "tie": 3, "win": 4}  # GamesmanOne's Value enum


def patterns(cells: int, count: int) -> list[int]:
    return [sum(1 << cell for cell in chosen) for chosen in combinations(range(cells), count)]


def test_the_eight_symmetries_are_distinct_and_closed():
    for size in (3, 4):
        found = set(symmetries(size))
        assert len(found) == 8
        assert {tuple(first[cell] for cell in second) for first in found for second in found} == found


@pytest.mark.parametrize("count_x,count_o", [(0, 0), (2, 1), (3, 4), (0, 9)])
def test_the_quixo_hash_numbers_a_tier_from_zero_without_gaps(count_x, count_o):
    # GamesmanOne's Quixo tier of count_x X and count_o O on n cells holds 2 C(n - #O, #X) C(n, #O) hashes
    hashes = sorted(quixo_hash(turn, x, o, 9) for o in patterns(9, count_o) for x in patterns(9, count_x)
                    if not x & o for turn in (0, 1))
    assert hashes == list(range(2 * comb(9 - count_o, count_x) * comb(9, count_o)))


def test_the_arrangement_rank_numbers_the_boards_with_the_same_pieces_from_zero():
    boards = {"".join(cells) for cells in product("xo-", repeat=9)
              if cells.count("x") == 3 and cells.count("o") == 2}
    assert sorted(arrangement_rank(board) for board in boards) == list(range(len(boards)))
    assert len(boards) == factorial(9) // (factorial(3) * factorial(2) * factorial(4))


@pytest.mark.parametrize("locate,size,leads", [(quixo_locate, 4, range(-16, 17)), (quixo_locate, 3, range(-9, 10)),
                                               (tictactoe_locate, 3, (0, 1))])
def test_symmetric_positions_share_one_place_and_others_do_not(locate, size, leads):
    # leads: the x's more than o's a board may have (tic-tac-toe's tier is its count of pieces)
    rng = random.Random(size)
    boards = {board for board in ("".join(rng.choice("xo-") for _ in range(size * size)) for _ in range(600))
              if board.count("x") - board.count("o") in leads}
    classes = {min("".join(board[cell] for cell in symmetry) for symmetry in symmetries(size)) for board in boards}
    for board in boards:
        assert len({locate((1, "".join(board[cell] for cell in symmetry))) for symmetry in symmetries(size)}) == 1
    assert len({locate((1, board)) for board in boards}) == len(classes)


def test_the_dshogi_hash_numbers_the_boards_of_a_count_of_pieces_after_the_counts_before():
    # both lions, a chick each and b holding both giraffes and both elephants: 12 * 11 * 10 * 9 boards
    hands = (2, 2, 0, 0, 0, 0)
    boards = set()
    for squares in permutations(range(12), 4):  # where the L, l, C and c stand
        cells = ["-"] * 12
        for square, piece in zip(squares, "LlCc"):
            cells[square] = piece
        boards.add("".join(cells))
    hashes = sorted(dshogi_hash(DobutsuPosition(0, board, hands)) for board in boards)
    assert len(hashes) == 12 * 11 * 10 * 9
    assert hashes == list(range(hashes[0], hashes[0] + 2 * len(hashes), 2))
    assert {dshogi_hash(DobutsuPosition(1, board, hands)) - 1 for board in boards} == set(hashes)
    assert 0 < hashes[0] and hashes[-1] < 2 * dshogi_offsets()[1]


def random_dobutsu(count, seed):
    rng = random.Random(seed)
    return [DOBUTSU.decode(rng.randrange(DOBUTSU.index_size())) for _ in range(count)]


def test_a_dobutsu_position_and_its_mirror_image_share_one_place_and_others_do_not():
    positions = random_dobutsu(2_000, 1)
    mirrored = [position._replace(board="".join(position.board[cell] for cell in DSHOGI_MIRROR))
                for position in positions]
    assert [dobutsu_locate(position) for position in positions] == [dobutsu_locate(other) for other in mirrored]
    classes = {min(position, other) for position, other in zip(positions, mirrored)}
    assert len({dobutsu_locate(position) for position in positions}) == len(classes)


def test_a_dobutsu_position_reads_back_from_gamesmanones_text():
    for position in random_dobutsu(2_000, 2):
        text = dobutsu_position(position)
        assert len(text) == 22 and text.count("_") == 3  # GamesmanOne's kDobutsuShogiFormalPositionStrlen
        assert dobutsu_from_theirs(text) == position


def write_tier(folder, tier, records):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{tier}.adb.xz").write_bytes(lzma.compress(np.asarray(records, "<u2").tobytes()))


def test_a_record_holds_the_value_in_its_top_four_bits_and_the_remoteness_below(tmp_path):
    write_tier(tmp_path, "2p", [0x4007, 0x2000, 0x1003, 0x3009, 0x0000])
    database = ArrayDatabase(tmp_path)
    assert [database.answer("2p", index) for index in range(4)] == ["win 7", "draw", "lose 3", "tie 9"]
    with pytest.raises(SystemExit, match="no value at 4"):
        database.answer("2p", 4)
    with pytest.raises(SystemExit, match="none at 5"):
        database.answer("2p", 5)
    with pytest.raises(SystemExit, match="no tier 3p"):
        database.answer("3p", 0)


def test_records_are_read_from_the_blocks_that_hold_them_in_any_order(tmp_path):
    # three xz blocks, as GamesmanOne writes a tier in blocks of 1 MiB
    records = np.random.default_rng(1).integers(0x1000, 0x5000, 30_000).astype("<u2")
    with xz.open(tmp_path / "t.adb.xz", "wb") as written:
        for block in np.split(records, [10_000, 20_000]):
            written.write(block.tobytes())
            written.change_block()
    database = ArrayDatabase(tmp_path)
    assert len(database.records("t").block_boundaries) == 3
    words = {1: "lose", 2: "draw", 3: "tie", 4: "win"}
    expected = [words[int(record) >> 12] if int(record) >> 12 == 2 else f"{words[int(record) >> 12]} {record & 0xFFF}"
                for record in records]
    asked = random.Random(1).sample(range(30_000), 3_000)
    assert database.answers([("t", index) for index in asked]) == [expected[index] for index in asked]
    assert [database.answer("t", index) for index in asked[:50]] == [expected[index] for index in asked[:50]]
    database.close()


@pytest.fixture(scope="module")
def tictactoe_solved(tmp_path_factory):
    """gamesman's tic-tac-toe database, and GamesmanOne's written from it as GamesmanOne lays it out."""
    ours, theirs = tmp_path_factory.mktemp("ours"), tmp_path_factory.mktemp("theirs")
    variant = VARIANTS["tictactoe"]
    solve_ours(variant.spec, 1, str(ours))
    stored = Results(game_from_spec(variant.spec))
    stored.load(Database(ours))
    return ours, theirs, their_records(variant, stored)


def their_records(variant, stored):
    """GamesmanOne's records of every position of gamesman's database ``stored``, by tier."""
    assert stored.store is not None
    tiers: dict[str, dict[int, int]] = {}
    coder = position_codes(stored.game)
    for code in stored.store.codes():
        position = coder.decode(int(code))
        word, *remoteness = str(unpack(stored.get(position))).split()
        tier, index = variant.locate(position)
        tiers.setdefault(tier, {})[index] = STORED_VALUES[word] << 12 | int((remoteness or ["0"])[0])
    return tiers


def write_theirs(theirs, tiers, variant=VARIANTS["tictactoe"]):
    folder = theirs / "data" / variant.theirs / str(variant.variant) / "arraydb"
    for tier, records in tiers.items():
        write_tier(folder, tier, [records.get(index, 0) for index in range(max(records) + 1)])


def test_every_reachable_position_agrees_with_a_database_that_holds_its_results(tictactoe_solved):
    ours, theirs, tiers = tictactoe_solved
    write_theirs(theirs, tiers)
    found = compare("", VARIANTS["tictactoe"], theirs, ours, 10_000, 0, 1)
    # tic-tac-toe's 765 positions up to symmetry, a published figure: gamesman keeps one of each set alike
    assert (found.compared, found.held, found.left_out, found.checked) == (765, 765, 0, 0)


def test_one_wrong_record_stops_the_comparison(tictactoe_solved):
    ours, theirs, tiers = tictactoe_solved
    changed = {tier: dict(records) for tier, records in tiers.items()}
    changed["0p"][0] = STORED_VALUES["win"] << 12 | 99  # the start, which no game of 9 cells wins in 99
    write_theirs(theirs, changed)
    with pytest.raises(SystemExit, match="here but win 99 in GamesmanOne"):
        compare("", VARIANTS["tictactoe"], theirs, ours, 10_000, 0, 1)


def test_a_database_in_parts_is_compared_as_a_whole_one(tmp_path, monkeypatch):
    """A game solved in tiers of its own leaves its database in parts (Quixo 4x4 always, 3x3 here)."""
    variant = VARIANTS["quixo3"]
    game = game_from_spec(variant.spec)
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    monkeypatch.setenv("GAMESMAN_CACHE", str(ours))
    solved = Results(game)
    with local_runner(1) as (run, _):
        solved.add(TierRun(tmp_path / "tiers", run, 1).solve(game, game.start()))
    solved.save(Database(ours))
    stored = Results(game)
    stored.load(Database(ours))
    assert isinstance(stored.store, PartedStore)
    write_theirs(theirs, their_records(variant, stored), variant)
    found = compare("", variant, theirs, ours, 10_000, 0, 1)
    assert found.compared + found.left_out == found.held == stored.store.count


# -- the rules, move by move (--rules) ------------------------------------------------------------

@pytest.mark.parametrize("name", ["dobutsu", "quixo3"])
def test_random_play_gives_distinct_positions_the_rules_accept(name):
    variant, _ = RULE_VARIANTS[name]
    game = game_from_spec(variant.spec)
    positions = random_positions(game, 300, random.Random(1))
    assert len(set(positions)) == len(positions) == 300
    assert all(game.parse_position(game.format_position(position)) == position for position in positions)
    assert any(game.outcome(position) is not None for position in positions)  # ends too
    assert positions != random_positions(game, 300, random.Random(2))


def test_a_game_of_few_positions_gives_every_position_play_reaches():
    game = game_from_spec("tictactoe")
    positions = reachable_positions(game, 10 ** 5)
    assert positions is not None and len(set(positions)) == len(positions) > 765  # more than the sets alike
    assert {game.play(position, move) for position in positions for move in game.moves(position)} | {
        game.start()} == set(positions)
    assert random_positions(game, 10 ** 5, random.Random(1)) == positions
    assert reachable_positions(game, len(positions) - 1) is None


def test_the_images_alike_are_those_gamesmanone_folds():
    position = DOBUTSU.parse_position("(b gl- -e- -E- -LG CC -)")
    assert [DOBUTSU.format_position(image) for image in alike_images(position)] == [
        "(b gl- -e- -E- -LG CC -)", "(b -lg -e- -E- GL- CC -)"]
    quixo = alike_images((1, "xo-------"))
    assert len(quixo) == 8 and {cells for _, cells in quixo} >= {"xo-------", "-ox------", "x--o-----"}
    assert {turn for turn, _ in quixo} == {1}


def test_the_features_tallied_say_what_a_position_shows():
    assert dobutsu_features(DOBUTSU.parse_position("(b gHe l-- --- EcL G -)")) == [
        "pieces in hand", "a hen", "a chick on its far rank (dropped there)"]
    assert dobutsu_features(DOBUTSU.parse_position("(w g-e -L- --- E-G - -)")) == [
        "a lion a row from its far rank", "the lion of the player to move taken"]
    assert dobutsu_features(DOBUTSU.parse_position("(w gLe -l- --- E-G C -)")) == [
        "pieces in hand", "a try: the lion of the player who moved on its far rank"]
    assert quixo_features((1, "xxxooo---")) == ["lines of both players"]
    assert quixo_features((0, "xxxo-o---")) == ["a line of the player to move only"]


FAKE_RULES = '''#!{python}
"""GamesmanOne's rule program as gamesman's rules would answer it{flaw_note}."""
import sys
sys.path[:0] = {path!r}
from benchmarks.bench_gamesmanone import RULE_VARIANTS, alike_images
variant, _ = RULE_VARIANTS[{name!r}]
from gamesman.contract.registry import game_from_spec
game = game_from_spec(variant.spec)
sys.stdin.readline()
for line in sys.stdin:
    position = variant.our_position(line.strip())
    result = game.outcome(position)
    value = "undecided" if result is None else ("win" if result[position[0]] > 0 else "lose")
    tier, hashed = variant.locate(position)
    children = [game.play(position, move) for move in game.moves(position)] if result is None else []
    {flaw}
    canonical = {{min(map(variant.their_position, alike_images(child))) for child in children}}
    print(f"1 {{value}} {{tier}}:{{hashed}} |", *map(variant.their_position, children), "|", *canonical)
'''


def fake_rules(folder, name, flaw=""):
    program = folder / f"{name}-rules"
    program.write_text(FAKE_RULES.format(python=sys.executable, path=sys.path, name=name, flaw=flaw or "pass",
                                         flaw_note=", but " + flaw if flaw else ""))
    program.chmod(0o755)
    return program


@pytest.mark.parametrize("name", ["dobutsu", "quixo4"])
def test_rules_that_answer_as_gamesmans_agree_on_every_check(tmp_path, name):
    variant, features = RULE_VARIANTS[name]
    found = compare_rules(fake_rules(tmp_path, name), variant, features, 200, 1, chunk=70)
    assert found.differences == {} and found.compared == 200
    assert found.values["undecided"] < 200 and found.children > 200
    assert sum(found.values.values()) == 200


@pytest.mark.parametrize("name,flaw,kinds", [
    ("dobutsu", "children = children[1:]", {"children", "move count", "canonical children"}),
    ("quixo3", "value = 'undecided'", {"value"}),
    ("quixo3", "hashed += 2", {"place"}),
])
def test_rules_that_differ_are_counted_and_shown(tmp_path, name, flaw, kinds):
    variant, features = RULE_VARIANTS[name]
    found = compare_rules(fake_rules(tmp_path, name, flaw), variant, features, 100, 1)
    assert set(found.differences) == kinds
    assert all(0 < found.counts[kind] <= 100 and 1 <= len(found.differences[kind]) <= 3 for kind in kinds)


def test_rule_programs_need_gamesmanones_game_code(tmp_path):
    with pytest.raises(SystemExit, match="has no src/games/dshogi/dshogi.c"):
        build_rule_programs(tmp_path, tmp_path / "build")
