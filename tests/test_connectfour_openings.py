"""The published opening book of 6x7 Connect Four behind the exact search: its entries agree
with our own search without it, mirror images are found both ways, and the answers are the
same with the book as without it."""
import random

import numpy as np
import pytest

from gamesman.contract.registry import make_game
from gamesman.games.connectfour.exact import ExactSearch, result_of_score
from gamesman.games.connectfour.openings import PLIES, OpeningBook


@pytest.fixture(scope="module")
def book() -> OpeningBook:
    return OpeningBook.load()


def mirrored(cells: str, cols: int = 7) -> str:
    return "".join(cells[row:row + cols][::-1] for row in range(0, len(cells), cols))


def random_position(game, rng: random.Random, pieces: int):
    """A position of ``pieces`` pieces reached by random play, the game still on."""
    while True:
        position = game.start()
        while game.outcome(position) is None and game.size - position[1].count("-") < pieces:
            position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is None:
            return position


@pytest.mark.parametrize("count", [20, pytest.param(300, marks=pytest.mark.slow)])
def test_random_book_entries_have_the_value_and_remoteness_of_our_search_without_the_book(book, count):
    """The book's scores, converted, against our search (no book): value and remoteness."""
    rng = random.Random(33)
    search = ExactSearch(6, 7, 4)
    for at in rng.sample(range(len(book.entries)), count):
        cells, score = book.position(at)
        assert search.result(cells, "x", "o") == result_of_score(score, 42 - PLIES), (at, cells)


def test_a_position_and_its_mirror_image_read_the_same_entry(book):
    """The book keeps one of each mirror pair: the other is found through its mirror image."""
    from gamesman.boards.codes import GravityBoard
    import gamesman.games.connectfour.kernels as kernels

    board = GravityBoard(6, 7)
    keys = book.entries >> 8
    stored_once = 0
    for at in random.Random(7).sample(range(len(book.entries)), 200):
        cells, score = book.position(at)
        assert book.score_of(mirrored(cells)) == score
        first, second = board.masks_of(cells, "-xo", "x", "o")
        _, mirror_key = kernels.book_codes(np.uint64(first), np.uint64(first | second), 6, 7)
        stored_once += mirrored(cells) != cells and mirror_key not in keys
    assert stored_once > 150


def test_every_position_of_twelve_pieces_where_the_first_player_cannot_win_at_once_is_in_the_book(book):
    game = make_game("connectfour")
    rng = random.Random(12)
    checked = 0
    while checked < 300:
        position = random_position(game, rng, PLIES)
        if any(game.outcome(game.play(position, move)) is not None for move in game.moves(position)):
            continue  # a win with the next piece (the search never asks the book about it)
        assert book.score_of(position[1]) is not None, position
        checked += 1


def test_a_position_of_the_books_pieces_is_read_not_searched(book):
    game = make_game("connectfour")
    position = random_position(game, random.Random(5), PLIES)
    with_book = ExactSearch(6, 7, 4, openings=book)
    with_book.result(position[1], "x", "o")
    assert with_book.nodes == 0  # looked up before the search sets anything up


@pytest.mark.parametrize("pieces", [PLIES, 16])
def test_a_position_answered_without_a_search_leaves_the_searchs_state_as_it_was(book, pieces):
    """A position of the book, and one the player to move wins with its next piece, are
    answered before the compiled search sets anything up: its blocks are not written."""
    game = make_game("connectfour")
    rng = random.Random(pieces)
    search = ExactSearch(6, 7, 4, openings=book)
    search.ready(None)
    answered = 0
    while answered < 5:
        position = random_position(game, rng, pieces)
        quick = pieces == PLIES or any(game.outcome(game.play(position, move)) is not None
                                       for move in game.moves(position))
        if not quick:
            continue
        numbers, words = search.numbers.copy(), search.words.copy()
        mine, theirs = search.board.masks_of(position[1], "-xo", "xo"[position[0]], "ox"[position[0]])
        assert result_of_score(search.score(mine, mine | theirs), game.size - pieces) == (
            ExactSearch(6, 7, 4).result(position[1], "xo"[position[0]], "ox"[position[0]]))
        assert np.array_equal(search.numbers, numbers) and np.array_equal(search.words, words)
        answered += 1


def test_the_books_pages_are_mapped_in_when_it_loads_so_that_look_ups_do_not_fault(book, tmp_path):
    """A fresh mapping of the book's file, mapped in: look-ups of random entries touch no new page."""
    import resource
    import sys

    from gamesman.boards.codes import GravityBoard
    import gamesman.games.connectfour.kernels as kernels

    if sys.platform != "linux":
        pytest.skip("mapping the pages in at once is Linux's (5.14 on)")
    np.save(tmp_path / "book.npy", book.indexed)
    mapped = np.load(tmp_path / "book.npy", mmap_mode="c")
    if not OpeningBook.map_in(mapped):
        pytest.skip("this kernel cannot map a file's pages in at once (Linux before 5.14)")
    indexed, board = np.asarray(mapped), GravityBoard(6, 7)
    entries = random.Random(3).sample(range(len(book.entries)), 2000)
    positions = [board.masks_of(book.position(at)[0], "-xo", "x", "o") for at in entries]
    firsts = np.array([first for first, _ in positions], np.uint64)
    masks = np.array([first | second for first, second in positions], np.uint64)
    scores = np.zeros(len(entries), np.int64)
    kernels.book_score(indexed[:kernels.BOOK_INDEX_SIZE + 1], firsts[0], masks[0], 6, 7)  # (compiled first)
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for at in range(len(entries)):
        scores[at] = kernels.book_score(indexed, firsts[at], masks[at], 6, 7)
    assert resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults < 5  # (dozens to hundreds without)
    assert scores.tolist() == [book.position(at)[1] for at in entries]


@pytest.mark.parametrize("pieces", [pytest.param(8, marks=pytest.mark.slow), pytest.param(9, marks=pytest.mark.slow),
                                    10, 11, 12, 13, 14])
def test_answers_are_the_same_with_the_book_as_without_it(book, pieces):
    """Every move's value and remoteness, of random positions of 8 to 14 pieces."""
    game = make_game("connectfour")
    rng = random.Random(pieces)
    plain, with_book = ExactSearch(6, 7, 4), ExactSearch(6, 7, 4, openings=book)
    for _ in range(2):
        position = random_position(game, rng, pieces)
        for move in game.moves(position):
            child = game.play(position, move)
            if game.outcome(child) is None:
                words = (child[1], "xo"[child[0]], "ox"[child[0]])
                assert with_book.result(*words) == plain.result(*words), game.format_position(child)


def test_the_book_is_only_for_the_standard_board(book):
    with pytest.raises(ValueError, match="6x7 board"):
        ExactSearch(7, 7, 4, openings=book)
    assert make_game("connectfour").exact.openings is book
    assert make_game("connectfour", rows=7, cols=7).exact.openings is None


def test_the_shell_answers_every_move_of_a_new_game_exactly_from_the_book():
    """With wait on (no wall-clock limit here), the start's prediction, value, values and hint
    are exact, and every move is rated; the book keeps the search to a few hundred thousand
    nodes (without it, half a billion)."""
    from gamesman.doors.shell import Shell

    s = Shell(write=lambda text: None, seed=0)
    s.run("wait on")
    assert "Prediction: x should win in 41" in s.run("new connectfour")
    rows = s.run("values").splitlines()
    assert rows[0].split() == ["move", "value", "remoteness"] and rows[1].split() == ["d", "win", "41"]
    assert sorted(row.split()[0] for row in rows[1:8]) == list("abcdefg") and len(rows) == 8
    assert s.run("hint") == "hint: play d (x should win in 41)\n"
    assert s.game.exact.nodes < 1_000_000


def test_values_says_which_moves_are_exact_and_which_estimated():
    """Moves whose exact search runs out of time (a stand-in here) get the search player's
    estimate, said apart; the others keep their exact rows."""
    from gamesman.contract.errors import OutOfTime
    from gamesman.doors.shell import Shell

    s = Shell(write=lambda text: None, seed=0)
    s.run("wait on")
    s.run("new connectfour")
    exact_rows = s.run("values").splitlines()[1:]
    answer = s.game.known_result

    def late_on_the_edges(position, deadline=None):
        if position[1][0] == "x" or position[1][6] == "x":  # after a or g
            raise OutOfTime("a stand-in for a search that ran out of time")
        return answer(position, deadline)

    s.game.known_result = late_on_the_edges
    rows = s.run("values").splitlines()
    assert rows[1:6] == [row for row in exact_rows if row.split()[0] not in "ag"]
    assert rows[6].startswith("the moves above are exact; the others not yet (")
    assert rows[-1].startswith("not rated by threats") and rows[-1].split(": ")[1].split() == ["a", "g"]

    def never_in_time(position, deadline=None):
        raise OutOfTime("a stand-in for a search that ran out of time")

    s.game.known_result = never_in_time
    assert "estimates by threats" in s.run("values").splitlines()[0]  # none exact: estimates alone, as before


def test_writing_the_parsed_book_removes_the_earlier_layouts_file_and_nothing_else(tmp_path, monkeypatch):
    """The v1 file of the parsed book (nothing reads it since v2) goes once the current file is
    written; other files of the cache, even of similar names, stay."""
    from gamesman.games.connectfour import openings

    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    earlier = [tmp_path / "connectfour-openings-0.0.2-v1.npy", tmp_path / "connectfour-openings-0.0.1-v1.npy"]
    kept = [tmp_path / name for name in ("connectfour-openings-0.0.2-v1.npy.7.partial", "othello-v1.npy",
                                         "connectfour-openings-0.0.2-v1.txt", "connectfour-openings-0.0.1-v2.npy")]
    for path in earlier + kept:
        path.write_bytes(b"old")
    (tmp_path / "connectfour-openings-0.0.3-v1.npy").mkdir()  # not a file of ours: left
    current = OpeningBook.cache_path()
    assert current.parent == tmp_path and openings.CACHE_FORMAT in current.name
    OpeningBook.save(np.arange(3, dtype=np.int64), current)
    assert np.load(current).tolist() == [0, 1, 2]
    assert not any(path.exists() for path in earlier)
    assert all(path.read_bytes() == b"old" for path in kept)
    assert (tmp_path / "connectfour-openings-0.0.3-v1.npy").is_dir()
