"""Dōbutsu shōgi: the rules (captures, drops, promotion, the try, repetition), its strings,
its codes against Tanaka's count of arrangements, and endgame studies solved by both engines."""
from __future__ import annotations

import random
from collections import Counter

import numpy as np
import pytest

from gamesman.contract.capabilities import End
from gamesman.contract.errors import IllegalMove, PositionError
from gamesman.contract.registry import make_game
from gamesman.solver import dense, levelled
from gamesman.solver.database import Database, answers_exactly, canonical_code
from gamesman.solver.store import MISSING
from gamesman.solver.strong import Solver, Value
from playout_checks import check_random_playouts
from solver_checks import check_engines_agree, check_solver_consistency

START = "(b gle -c- -C- ELG - -)"


@pytest.fixture(scope="module")
def game():
    return make_game("dobutsu")


def after(game, text, *moves):
    """The position ``text`` after ``moves`` (as they are typed)."""
    position = game.parse_position(text)
    for move in moves:
        position = game.play(position, game.parse_move(position, move))
    return position


def written(game, text, *moves):
    return game.format_position(after(game, text, *moves))


def test_the_start_and_its_four_moves(game):
    """Tanaka's opening table: the first player has four moves, the chick's capture among them."""
    assert game.format_position(game.start()) == START
    assert sorted(game.format_move(game.start(), m) for m in game.moves(game.start())) == [
        "b3-b2", "b4-a3", "b4-c3", "c4-c3"]


def test_a_capture_goes_to_the_captors_hand_and_a_hen_back_as_a_chick(game):
    assert written(game, START, "b3-b2") == "(w gle -C- --- ELG C -)"
    assert written(game, START, "b3-b2", "c1-b2") == "(b gl- -e- --- ELG C c)"
    assert written(game, "(w -l- -eH --- -L- - -)", "b1-c2") == "(b --- -el --- -L- - c)"


def test_drops_go_on_any_empty_square(game):
    position = game.parse_position("(b gl- -e- --- ELG C c)")
    drops = sorted(game.format_move(position, m) for m in game.moves(position) if "*" in game.format_move(position, m))
    assert drops == sorted(f"C*{square}" for square in ("c1", "a2", "c2", "a3", "b3", "c3"))
    with pytest.raises(IllegalMove, match="'C\\*b2' is not a legal move here"):
        game.parse_move(position, "C*b2")
    with pytest.raises(IllegalMove, match="'G\\*a2' is not a legal move here"):
        game.parse_move(position, "G*a2")  # no giraffe in hand
    assert written(game, "(b gl- -e- --- ELG C c)", "c*a3") == "(w gl- -e- C-- ELG - c)"  # either case


def test_a_chick_promotes_on_the_far_rank_but_not_when_dropped_there(game):
    assert written(game, "(b -l- C-- --- -L- - -)", "a2-a1") == "(w Hl- --- --- -L- - -)"
    assert written(game, "(w -l- --- c-- -L- - -)", "a3-a4") == "(b -l- --- --- hL- - -)"
    assert written(game, "(b -l- --- --- -L- C -)", "C*a1") == "(w Cl- --- --- -L- - -)"
    stuck = after(game, "(b -l- --- --- -L- C -)", "C*a1", "b1-c1")
    assert stuck.board[0] == "C" and not any(start == 0 for start, _ in game.moves(stuck))


def test_capturing_the_lion_wins(game):
    position = after(game, "(w -l- LC- --- --- - -)", "b1-a2")
    assert game.format_position(position) == "(b --- lC- --- --- - -)"  # no lion in a hand
    assert game.outcome(position) == (-1.0, 1.0) and game.moves(position) == []


def test_the_try_wins_unless_the_opponent_can_take_the_lion_there(game):
    safe = after(game, "(b --l L-- --- --- - -)", "a2-a1")
    assert game.outcome(safe) == (1.0, -1.0) and game.moves(safe) == []
    taken = after(game, "(b -l- L-- --- --- - -)", "a2-a1")
    assert game.outcome(taken) == (-1.0, 1.0)
    by_a_giraffe = after(game, "(b -gl L-- --- --- - -)", "a2-a1")
    assert game.outcome(by_a_giraffe) == (-1.0, 1.0)


def test_positions_repeat_and_endless_play_is_a_draw(game):
    """No history: four lion steps bring back the very position, and the game goes on.  The
    solver's draws are checked against their children (a draw has no winning move and a
    drawing one), and an endgame of lions and an elephant has some."""
    start = game.parse_position("(b -l- --- --- -L- E -)")
    back = after(game, "(b -l- --- --- -L- E -)", "b4-a4", "b1-a1", "a4-b4", "a1-b1")
    assert back == start and game.outcome(back) is None
    check_solver_consistency(game, 10_000, root=start)
    solver = Solver(game, database=None)
    solver.solve(start)
    values = Counter(solver.result(position).value for position in solver.table)
    assert values[Value.DRAW] > 0


def test_a_try_in_one_is_found_by_the_solver(game):
    """By the rules alone: b steps its lion to a1, where w's lion on c1 cannot take it."""
    solver = Solver(game, database=None)
    position = game.parse_position("(b --l L-- --- --- - -)")
    result = solver.result(position)
    assert (result.value, result.remoteness) == (Value.WIN, 1)


@pytest.mark.parametrize("text, problem", [
    ("(b gle -c- -C- ELG -)", "6 fields, expected 7"),
    ("(x gle -c- -C- ELG - -)", "turn 'x'"),
    ("(b gle -c- -C- ELG- - -)", "row 4 has 4 cells"),
    ("(b gle -x- -C- ELG - -)", "cell b2 is 'x'"),
    ("(b gle -c- -C- ELG c -)", "b's hand holds 'c'"),
    ("(b gle -c- -C- ELG - L)", "w's hand holds 'L'"),
    ("(b gle -c- -C- ELG - h)", "w's hand holds 'h'"),
    ("(b gle -c- -C- ELG C -)", "3 chicks and hens in play"),
    ("(b gle -c- -C- ELG - ee)", "4 elephants in play"),
    ("(b gLe -c- -C- ELG - -)", "2 lions of b"),
    ("(b g-e -c- -C- E-G - -)", "both lions are gone"),
    ("(b gle -c- -C- E-G - -)", None),  # b's lion gone with b to move: the game just ended
    ("(b g-e -c- -C- ELG - -)", "w's lion is gone but b is to move"),
    ("(w glL -c- -C- E-G - -)", None),  # b's lion on the far rank, w to move: decided, but reachable
    ("(b glL -c- -C- E-G - -)", "b's lion stands on its far rank at c1"),
    ("b gle -c- -C- ELG - -", "parentheses"),
])
def test_parse_errors_name_the_problem(game, text, problem):
    if problem is None:
        assert game.format_position(game.parse_position(text)) == text
        assert game.outcome(game.parse_position(text)) is not None
        return
    with pytest.raises(PositionError, match=problem.replace("(", "\\(")) as error:
        game.parse_position(text)
    assert "\n" not in str(error.value)


def test_bad_moves_name_the_problem(game):
    with pytest.raises(IllegalMove, match="'b3b2' is not a move"):
        game.parse_move(game.start(), "b3b2")
    with pytest.raises(IllegalMove, match="'a1-a2' is not a legal move here"):
        game.parse_move(game.start(), "a1-a2")
    with pytest.raises(IllegalMove, match="is not a move of b"):
        game.play(game.start(), (0, 3))
    with pytest.raises(IllegalMove, match="no G in hand"):
        game.play(game.start(), (12, 3))


def test_random_games_round_trip(game):
    assert check_random_playouts(game, seed=7, playouts=40, cap=400) > 0


def test_codes_by_pieces_in_hand_count_tanakas_arrangements(game):
    """Tanaka (2009), Table 1: the arrangements with both lions on the board, by how many
    pieces are in the hands."""
    published = {0: 638_668_800, 1: 638_668_800, 2: 242_161_920, 3: 44_098_560, 4: 4_134_240, 5: 190_080,
                 6: 3_564}
    counted: Counter[int] = Counter()
    for block in game.blocks:
        if block.lions == 0 and block.totals == (2, 2, 2):
            counted[sum(block.hands)] += block.size()
    assert counted == published
    assert sum(published.values()) == 1_567_925_964


def test_codes_decode_to_what_they_encode(game):
    rng = random.Random(5)
    seen: dict[int, object] = {}
    for _ in range(60):
        position = game.start()
        while game.outcome(position) is None:
            code = game.encode(position)
            assert 0 <= code < game.index_size()
            assert seen.setdefault(code, position) == position
            assert game.decode(code) == position
            position = game.play(position, rng.choice(game.moves(position)))
        assert game.decode(game.encode(position)) == position
    for code in rng.sample(range(game.index_size()), 2000):
        assert game.encode(game.decode(code)) == code


def test_endgame_studies_are_numbered_past_the_full_game(game):
    study = game.parse_position("(b -l- --- --- -L- C -)")
    assert game.encode(study) >= game.index_size()
    assert game.decode(game.encode(study)) == study


@pytest.mark.parametrize("text", ["(b -l- --- --- -L- - -)", "(w -l- --- --- -L- E -)", "(b -l- --- --- -L- C -)"])
def test_endgame_studies_solve_alike_in_both_engines(game, text):
    assert check_engines_agree(game, game.parse_position(text), at_least=200) >= 200


@pytest.mark.slow
def test_lions_and_a_chick_each_solve_alike_in_both_engines(game):
    assert check_engines_agree(game, game.parse_position("(b -l- -c- -C- -L- - -)")) > 100_000


def parsed_in_play(game, code):
    """Whether the position of ``code`` is one the parser accepts and the game goes on in."""
    try:
        position = game.decode(code)
        game.parse_position(game.format_position(position))
    except PositionError:
        return False
    return game.decided(position) is None


def random_codes(game, count, seed):
    """Codes drawn at random from every block with both lions on the board (both turns)."""
    rng = np.random.default_rng(seed)
    blocks = [number for number, block in enumerate(game.blocks) if block.lions == 0]
    picked = rng.choice(blocks, count)
    starts, stops = np.array(game.block_starts)[picked], np.array(game.block_starts)[picked + 1]
    return np.unique(2 * rng.integers(starts, stops) + rng.integers(0, 2, count))


def listed(counts, found):
    """The parents of each code, as batch_parents lists them."""
    ends = np.cumsum(counts)
    return [found[end - count:end].tolist() for count, end in zip(counts, ends)]


def test_a_player_whose_own_pieces_box_in_every_piece_has_no_move_and_loses_at_once(game):
    """The only such boards (and their mirror images): b's seven pieces wall themselves in.
    Play never reaches them (w, with its lion alone, has no square it could have come from),
    so no position leads there."""
    for text in ("(b GEl LGE CC- --- - -)", "(b GE- LGE CCl --- - -)", "(b lEG EGL -CC --- - -)"):
        position = game.parse_position(text)
        code = np.array([game.encode(position)], np.int64)
        assert game.moves(position) == [] and game.outcome(position) == (-1.0, 1.0)
        _, ends, _, children = game.batch_expand(code)
        assert ends.tolist() == [End.LOST] and len(children) == 0  # lost where it stands
        assert game.batch_parents(code)[0].tolist() == [0]


def test_parents_are_the_exact_inverse_of_batch_expand(game):
    """Every child (both lions on the board) of a position in play lists it among its parents,
    and every listed parent is a position in play, once, with a move to the child."""
    codes = random_codes(game, 3000, seed=1)
    _, ends, rows, children = game.batch_expand(codes)
    in_play = np.array([parsed_in_play(game, int(code)) for code in codes])
    kept = in_play[rows] & np.array([game.decode(int(child)).board.upper().count("L") == 2 for child in children])
    child_parents = listed(*game.batch_parents(children[kept]))
    assert sum(map(len, child_parents)) > 10_000
    for parent, found in zip(codes[rows[kept]], child_parents):
        assert parent in found, game.format_position(game.decode(int(parent)))
    for code, found in zip(codes, listed(*game.batch_parents(codes))):
        assert len(set(found)) == len(found)
        _, parent_ends, parent_rows, grandchildren = game.batch_expand(np.array(found, np.int64))
        assert (parent_ends == -1).all() and all(parsed_in_play(game, parent) for parent in found)
        assert all(code in grandchildren[parent_rows == row] for row in range(len(found)))


def test_a_position_turned_round_is_the_same_for_the_other_side(game):
    codes = random_codes(game, 500, seed=2)
    turned = game.turned_codes(codes)
    assert (game.turned_codes(turned) == codes).all() and (turned % 2 != codes % 2).all()
    position, other = game.decode(int(codes[0])), game.decode(int(turned[0]))
    assert other.board == position.board[::-1].swapcase() and other.hands == position.hands[3:] + position.hands[:3]
    assert [len(game.moves(game.decode(int(code)))) for code in codes] == [
        len(game.moves(game.decode(int(code)))) for code in turned]


@pytest.mark.parametrize("text", ["(b -l- -c- -C- -L- - -)", pytest.param("(b gl- -c- -C- -L- - -)", marks=pytest.mark.slow)])
def test_endgame_studies_solve_alike_over_parents_and_by_exploring(game, text):
    """The dense solver over the study's block against the solver that explores forward and
    keeps its moves: the same value and remoteness for every position this one reaches (both
    up to the mirror)."""
    root = game.parse_position(text)
    explored = levelled.solve(game, root)
    block = dense.solve_block(game, canonical_code(game, root))
    codes = explored.codes if explored.codes is not None else np.flatnonzero(explored.values != MISSING)
    values = explored.values if explored.codes is not None else explored.values[codes]
    looked_up = game.canonical_codes(np.where(codes % 2 == 0, codes, game.turned_codes(codes)))
    both_lions = np.array([game.decode(int(code)).board.upper().count("L") == 2 for code in codes])
    assert both_lions.sum() > 50_000
    assert (block.store.get_many(looked_up[both_lions]) == values[both_lions]).all()
    assert (values[~both_lions] >> 14 == 1).all()  # a lion taken: lost for the side to move, as Results answer it


def test_a_studys_database_answers_the_study_but_not_the_start(game, tmp_path, monkeypatch):
    """A saved endgame study holds that block only: the doors must not take it for the whole
    game's database (asking for the start would then set off the whole-game solve)."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    study = game.parse_position("(b -l- --- --- -L- E -)")
    assert not answers_exactly(game) and not answers_exactly(game, study)
    Solver(game, database=Database(tmp_path)).solve(study)
    assert Database(tmp_path).has_store(game.spec)
    assert answers_exactly(game, study) and answers_exactly(game, after(game, "(b -l- --- --- -L- E -)", "b4-a4"))
    assert not answers_exactly(game)


@pytest.mark.parametrize("text", ["(b -l- --- --- -L- E -)", "(b -l- --- --- -L- C -)"])
def test_the_reachable_sweep_counts_what_the_forward_solver_explores(game, text):
    """The forward solver explores the positions play reaches from a study, mirror images
    folded, ``b``'s and ``w``'s apart; the sweep folds the two sides together (``w``'s by
    their turned codes) and counts the positions after a lion is taken apart: half as many."""
    root = game.parse_position(text)
    seen, outside = dense.reachable(game, canonical_code(game, root))
    assert 2 * (int(seen.sum()) + outside) == levelled.solve(game, root).stats["positions"]


@pytest.mark.parametrize("text", ["(b -l- --- --- -L- E -)", "(b -l- -c- -C- -L- - -)"])
def test_the_reachable_sweep_in_small_chunks_marks_what_one_chunk_marks(game, text, monkeypatch):
    """Swept a few places at a time (a chunk's moves marking places in chunks swept before,
    swept again in the next sweep) and with the codes outside the block merged every
    sixteen or so, the sweep reaches the same places and counts the same codes outside as in
    one chunk, and as the forward solver explores."""
    root_code = canonical_code(game, game.parse_position(text))
    whole, whole_outside = dense.reachable(game, root_code)
    assert len(whole) <= dense.SWEEP_CHUNK  # one chunk
    chunk = 1 << 6
    assert len(whole) > 20 * chunk
    monkeypatch.setattr(dense, "OUTSIDE_PENDING", 1 << 4)
    chunked, chunked_outside = dense.reachable(game, root_code, chunk=chunk, workers=2)
    assert whole_outside > 4 * dense.OUTSIDE_PENDING
    assert (chunked == whole).all() and chunked_outside == whole_outside
    forward = levelled.solve(game, game.parse_position(text)).stats["positions"]
    assert 2 * (int(chunked.sum()) + chunked_outside) == forward


def test_the_reachable_sweep_refuses_a_chunk_that_is_no_power_of_two(game):
    with pytest.raises(ValueError, match="power of two, not 1000"):
        dense.reachable(game, canonical_code(game, game.parse_position("(b -l- --- --- -L- E -)")), chunk=1000)


def test_the_reachable_sweep_that_ends_at_wins_follows_no_move_of_a_position_that_can_take_the_lion(game):
    """Counted apart, position by position: play from the study, where a position with a
    move that takes the lion is reached but played on by its captures only, each position
    folded as the sweep folds it (``b`` to move in the block, ``w`` to move after a lion is
    taken, the least of a mirror pair)."""
    root = game.parse_position("(b -l- --- --- -L- E -)")
    seen, queue = {root}, [root]
    inside, outside = set(), set()

    def both_lions(position) -> bool:
        return position.board.upper().count("L") == 2

    def folded(position, turn: int) -> int:
        """The least mirrored code of ``position``, or of it turned, with ``turn`` to move."""
        code = np.array([game.encode(position)])
        return int(game.canonical_codes(code if code[0] % 2 == turn else game.turned_codes(code))[0])

    while queue:
        position = queue.pop()
        if not both_lions(position):  # taken by b's move: w to move
            outside.add(folded(position, 1))
            continue
        inside.add(folded(position, 0))
        children = [game.play(position, move) for move in game.moves(position)]
        if not all(both_lions(child) for child in children):
            children = [child for child in children if not both_lions(child)]  # it takes the lion
        for child in children:
            if child not in seen:
                seen.add(child)
                queue.append(child)
    ended, ended_outside = dense.reachable(game, canonical_code(game, root), chunk=1 << 6, end_at_wins=True)
    assert (int(ended.sum()), ended_outside) == (len(inside), len(outside))
    assert int(ended.sum()) < int(dense.reachable(game, canonical_code(game, root))[0].sum())
