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
        mirror_key = kernels.book_code(np.uint64(first), np.uint64(first | second), 6, 7, True)
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
    assert with_book.nodes <= 1


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
