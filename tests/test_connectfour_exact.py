"""Connect Four's exact search against the strong solver, and through the doors on 6x7."""
import os
import random

import numpy as np
import pytest

from gamesman.contract.registry import make_game
from gamesman.games.connectfour.exact import ExactSearch, fits, result_of_score
from gamesman.solver.results import VALUES, unpack
from gamesman.solver.strong import Solver


def strong_results(game):
    """Every position of a small board the strong solver reaches, as bitboards of the
    player to move and of all pieces, with the solver's value codes and remoteness,
    leaving out ended positions (those the search is not asked about)."""
    solver = Solver(game, database=None)
    solver.solve()
    store = solver.table.store
    crosses, occupied, turn = game.stacks.decode(store.codes())
    packed = store.values16()
    noughts = occupied & ~crosses
    in_play = ~(game.stacks.has_line(crosses, game.in_a_row) | game.stacks.has_line(noughts, game.in_a_row)
                | (occupied == game.stacks.board))
    mine = np.where(turn == 0, crosses, noughts)[in_play]
    return mine, occupied[in_play], packed[in_play] >> 14, packed[in_play] & 0x3FFF


SLOW = not os.environ.get("GAMESMAN_SLOW_TESTS")


@pytest.mark.parametrize("rows, cols, in_a_row, stride", [
    pytest.param(4, 4, 4, 1, marks=pytest.mark.slow), pytest.param(5, 4, 4, 1, marks=pytest.mark.slow),
    pytest.param(4, 5, 4, 5 if SLOW else 1, marks=pytest.mark.slow), (4, 4, 3, 1), (3, 5, 3, 1),
    pytest.param(5, 5, 4, 4999, marks=[pytest.mark.slow,
                                       pytest.mark.skipif(SLOW, reason="minutes: set GAMESMAN_SLOW_TESTS=1")])])
def test_every_position_of_a_small_board_has_the_strong_solvers_value_and_remoteness(rows, cols, in_a_row, stride):
    """Every position the strong solver reaches (4x5: every fifth one, unless GAMESMAN_SLOW_TESTS
    is set; 5x5, only then: one in 4,999, some 14,000 positions)."""
    game = make_game("connectfour", rows=rows, cols=cols, in_a_row=in_a_row)
    mine, mask, values, remoteness = (array[::stride] for array in strong_results(game))
    scores = ExactSearch(rows, cols, in_a_row).scores(mine, mask)
    empty = rows * cols - np.bitwise_count(mask.astype(np.uint64)).astype(np.int64)
    pairs, back = np.unique(np.stack([scores, empty]), axis=1, return_inverse=True)
    found = [result_of_score(int(score), int(cells)) for score, cells in pairs.T]
    found_values = np.array([VALUES.index(result.value) for result in found])[back]
    found_remoteness = np.array([result.remoteness for result in found])[back]
    assert len(mine) > 1000
    assert np.array_equal(found_values, values) and np.array_equal(found_remoteness, remoteness)


def random_position(game, rng, empty):
    """A position reached by random play with ``empty`` cells left and the game on."""
    while True:
        position = game.start()
        while game.outcome(position) is None and position[1].count("-") > empty:
            position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is None:
            return position


def test_six_by_seven_positions_near_the_end_match_a_full_search_of_what_follows():
    game = make_game("connectfour")
    assert game.capabilities.exact_search
    exact = Solver(game, database=None)
    rng = random.Random(21)
    for _ in range(12):
        position = random_position(game, rng, empty=9)
        reference = Solver(game, database=None, engine="reference")
        reference.solve(position)  # walks every position that follows: no search involved
        assert exact.result(position) == unpack(reference.table[position])
        for move, result in exact.move_results(position):
            child = unpack(reference.table[game.play(position, move)])
            assert (result.value, result.remoteness) == (child.value.flipped(), child.remoteness + 1)


@pytest.mark.parametrize("text, expected", [
    ("(o xxxx--- ooo---- ------- ------- ------- -------)", "lose 0"),  # x made the line
    ("(x xxxx--- ooo---- ------- ------- ------- -------)", "win 0"),   # set up with x to move
    ("(x " + " ".join(["xxoxxox", "ooxooxo"] * 3) + ")", "tie 0"),
    ("(o " + " ".join(["xxoxxox", "ooxooxo"] * 2 + ["xxoxxox", "ooxoox-"]) + ")", "tie 1"),
    ("(x ---xxx- ---oo-- ----o-- ------- ------- -------)", "win 1"),
    ("(o ---xxx- ---oo-- ------- ------- ------- -------)", "lose 2"),
])
def test_ended_and_nearly_ended_six_by_seven_positions(text, expected):
    game = make_game("connectfour")
    assert str(Solver(game, database=None).result(game.parse_position(text))) == expected


def test_the_search_answers_the_standard_rules_on_boards_too_large_to_solve():
    assert make_game("connectfour", rows=6, cols=7).capabilities.exact_search
    assert make_game("connectfour", rows=7, cols=7).capabilities.exact_search
    assert make_game("connectfour", rows=6, cols=5).capabilities.exact_search
    assert not make_game("connectfour", rows=4, cols=4).capabilities.exact_search  # the strong solver's
    assert not make_game("connectfour", misere=True).capabilities.exact_search
    assert not make_game("connectfour", in_a_row=5).capabilities.exact_search
    assert not make_game("connectfour", rows=8, cols=8).capabilities.exact_search
    assert not fits(8, 7) and fits(7, 7) and fits(6, 8)


def test_solve_the_protocol_and_perfect_play_answer_a_six_by_seven_position_exactly(capsys):
    from gamesman.doors.cli import main
    from gamesman.protocol.engine import Engine

    game = make_game("connectfour")
    text = "(x -xoxox- -oxoxo- --xoxo- ------- ------- -------)"
    assert main(["solve", "connectfour", text]) == 0
    answer = capsys.readouterr().out.strip()
    assert answer == str(Solver(game, database=None).result(game.parse_position(text)))
    engine = Engine(game)
    assert engine.execute("setposition", text.split()) == (True, "")
    assert engine.execute("value", []) == (True, answer)
    ok, values = engine.execute("values", [])
    rows = [line.split() for line in values.splitlines()]
    assert ok and len(rows) == 7 and " ".join(rows[0][1:]) == answer
    assert engine.execute("strategy", ["perfect"])[0]
    ok, move = engine.execute("genmove", [])
    assert ok and [move, *answer.split()] in rows


def test_the_empty_board_is_a_first_player_win_by_the_centre_on_the_41st_move():
    """The literature's facts (Allen; Allis, 1988): x wins, by the centre column, on the 41st
    move; c and e tie, the other first moves lose (quick with the opening book)."""
    game = make_game("connectfour")
    solver = Solver(game, database=None)
    assert str(solver.result(game.start())) == "win 41"
    assert str(solver.result(game.play(game.start(), 3))) == "lose 40"
    values = {game.format_move(game.start(), move): result.value.value
              for move, result in solver.move_results(game.start())}
    assert values == {"a": "lose", "b": "lose", "c": "tie", "d": "win", "e": "tie", "f": "lose", "g": "lose"}


@pytest.mark.slow
def test_the_opening_book_keeps_long_searches_and_is_filled_by_its_command(monkeypatch, capsys):
    import gamesman.games.connectfour.exact as exact
    from gamesman.games.connectfour.book import main

    monkeypatch.setattr(exact, "WORTH_KEEPING", 0)  # every search is worth a line here
    assert main(["--depth", "1", "--rows", "6", "--cols", "5"]) == 0
    assert capsys.readouterr().out.startswith("4 positions of up to 1 pieces; 4 in ")  # a mirror pair is one
    game = make_game("connectfour", rows=6, cols=5)
    game.book.path.write_text(game.book.path.read_text() + "12 bad line\n")  # a write cut short is left out
    assert len(game.book) == 4
    assert str(game.known_result(game.start())) == "tie 30" and game.exact.nodes == 0  # read, not searched
    positions = [game.play(game.start(), move) for move in game.moves(game.start())]
    assert [str(game.known_result(p)) for p in positions] == [
        str(exact.ExactSearch(6, 5, 4).result(p[1], "o", "x")) for p in positions]
    assert game.exact.nodes == 0
    assert main(["--depth", "1", "--rows", "6", "--cols", "5"]) == 0  # resumed: nothing left to search


def test_without_numba_the_same_search_runs_as_plain_python():
    import subprocess
    import sys

    script = ("import sys; sys.modules['numba'] = None\n"
              "from gamesman.games.connectfour.exact import ExactSearch\n"
              "search = ExactSearch(4, 4, 4)\n"
              "print(search.kernels.COMPILED, search.result('xoxo oxox ---- ----'.replace(' ', ''), 'x', 'o'))\n")
    found = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    game = make_game("connectfour", rows=4, cols=4)
    expected = Solver(game, database=None).result(game.parse_position("(x xoxo oxox ---- ----)"))
    assert (found.stdout, found.stderr) == (f"False {expected}\n", "")


@pytest.mark.slow
def test_answers_are_the_same_with_the_book_as_without_it_and_the_book_holds_every_position_it_was_filled_with():
    from gamesman.games.connectfour.book import main, positions_up_to

    assert main(["--depth", "2", "--rows", "6", "--cols", "5"]) == 0
    game = make_game("connectfour", rows=6, cols=5)
    positions = positions_up_to(game, 2)
    assert len(game.book) == len(positions) == 1 + 3 + 13  # quick searches are kept too: the start is one
    with_book = [str(Solver(game, database=None).result(position)) for position in positions]
    assert game.exact.nodes == 0  # every answer read from the book
    game.book.path.unlink()
    game = make_game("connectfour", rows=6, cols=5)
    assert [str(Solver(game, database=None).result(position)) for position in positions] == with_book
    assert game.exact.nodes > 0  # searched, with no book to read


def test_a_table_that_grows_keeps_its_bounds_and_the_answers(monkeypatch):
    """On 6x7, whose keys have more bits than a slot keeps (the rest follows from the bucket)."""
    import gamesman.games.connectfour.exact as exact

    monkeypatch.setattr(exact, "TABLE_BITS", 17)
    cells = "-xoxox--oxoxo---xoxo-" + "-" * 21
    search = ExactSearch(6, 7, 4)
    answer = search.result(cells, "x", "o")
    searched, slots = search.nodes, len(search.table)
    search.grow()
    assert len(search.table) >= 4 * slots
    assert search.result(cells, "x", "o") == answer and searched > 100_000 > 100 * (search.nodes - searched)
    monkeypatch.setattr(exact, "LARGEST_TABLE_BITS", 20)
    monkeypatch.setattr(exact, "SLICE", 1 << 14)
    monkeypatch.setattr(exact, "GROW_AFTER", 0)  # grow at the first returns to Python, in the middle of the search
    growing = ExactSearch(6, 7, 4)
    assert growing.result(cells, "x", "o") == answer and len(growing.table) >= 1 << 20
    searched = growing.nodes  # the search went on in the grown table: what it found there is kept
    assert growing.result(cells, "x", "o") == answer and 100 * (growing.nodes - searched) < searched


def test_with_a_deadline_the_search_stops_in_time_and_what_it_learnt_keeps_the_answers_right(monkeypatch):
    """A deadline that passes raises OutOfTime at the search's next return to Python, which
    comes every DEADLINE_SLICE nodes (a few milliseconds); afterwards the answers, with the
    table's new bounds, are those of a fresh search.  The clock is a stand-in that passes the
    deadline after a number of readings, so the nodes searched bound the time taken.  The
    search has no opening book here (with it the empty board takes a fraction of a second)."""
    import time

    from gamesman.contract.errors import OutOfTime
    from gamesman.games.connectfour.exact import DEADLINE_SLICE

    game = make_game("connectfour")
    game.exact = ExactSearch(6, 7, 4)
    position = game.parse_position("(x ---x--- ---o--- ------- ------- ------- -------)")
    late = next(p for p in (late_position(game, 32, seed) for seed in range(100)) if p is not None)
    game.known_result(late, time.monotonic() + 60)  # compiled (or loaded) before the clock is replaced
    readings = []
    readings_in_time = 5

    def clock() -> float:  # before the deadline for five readings, after it from then on
        readings.append(len(readings) < readings_in_time)
        return 0.0 if readings[-1] else 2.0

    monkeypatch.setattr(time, "monotonic", clock)
    searched = game.exact.nodes
    with pytest.raises(OutOfTime):
        game.known_result(game.start(), 1.0)
    searched = game.exact.nodes - searched
    monkeypatch.undo()
    assert readings.count(False) == 1  # it stopped at the first reading past the deadline
    assert 0 < searched <= readings_in_time * DEADLINE_SLICE  # the empty board takes minutes without the book
    later = game.parse_position("(x xoxoxo- oxoxox- ------- ------- ------- -------)")
    assert game.known_result(later) == make_game("connectfour").known_result(later)
    with pytest.raises(OutOfTime):
        game.known_result(position, time.monotonic() - 1)


def late_position(game, pieces: int, seed: int):
    """A position of a seeded random game with ``pieces`` pieces and no line yet (or None)."""
    rng = random.Random(seed)
    position = game.start()
    while game.size - position[1].count("-") < pieces:
        if game.outcome(position) is not None:
            return None
        position = game.play(position, rng.choice(game.moves(position)))
    return position if game.outcome(position) is None else None


@pytest.mark.slow
def test_the_shell_waits_a_moment_for_an_exact_answer_unless_wait_is_on(monkeypatch):
    """On the empty 6x7 board without the opening book (minutes of search) the prediction says
    it is not known yet, and value, values and hint give the search player's estimate and say
    why; near the end the exact answers come in time; with wait on, value waits for the exact search."""
    from gamesman.doors.shell import Shell
    from gamesman.games.connectfour.openings import OpeningBook

    monkeypatch.setattr(OpeningBook, "answers", staticmethod(lambda *variant: False))
    from gamesman.doors.shell.session import EXACT_WAIT
    from gamesman.players.search import DEFAULT_SECONDS
    from gamesman.doors.shell.wording import describe_result

    s = Shell(write=lambda text: None, seed=0)
    out = s.run("new connectfour")
    not_yet = f"the exact search takes longer than {EXACT_WAIT:g} s here (wait on waits for it)"
    assert f"Prediction: not yet: {not_yet}" in out
    # the game's own search player has the rest of its default second
    assert s.run("hint").startswith(f"hint (estimate by threats --time {DEFAULT_SECONDS - EXACT_WAIT:g}")
    s.run("search threats 3")
    assert s.run("value").startswith(f"connectfour: {not_yet}; estimate by threats 3: best ")
    assert s.run("hint").startswith("hint (estimate by threats 3): play ")
    assert f"connectfour: {not_yet}; estimates by threats 3, best first:" in s.run("values")
    assert s.run("wait") == "wait is off\n"
    game = make_game("connectfour")
    solver = Solver(game, database=None)
    late = next(p for p in (late_position(game, 32, seed) for seed in range(100)) if p is not None)
    said = describe_result(game, late, solver.result(late))
    assert f"Prediction: {said}" in s.run(f"set {game.format_position(late)}")
    assert s.run("value") == said + "\n"
    assert s.run("hint").startswith("hint: play ")
    assert s.run("wait maybe") == "wait takes on or off\n"
    assert s.run("wait on").startswith("wait on: exact answers are waited for")
    middle = game.parse_position("(x xoxoxo- oxoxox- ------- ------- ------- -------)")
    s.run(f"set {game.format_position(middle)}")
    assert s.run("value") == describe_result(game, middle, solver.result(middle)) + "\n"


def first_player_to_move(game, cells: str):
    """The position of a line of the winning lines (its cells, row 1 first), parsed by the rules."""
    rows = [cells[row:row + game.cols] for row in range(0, game.size, game.cols)]
    return game.parse_position(f"(x {' '.join(rows)})")


def test_the_winning_lines_cover_every_reply_and_their_moves_win():
    """The first player's winning lines the package carries: each is a position of play with
    the first player to move and a legal move; after a move of the lines (short of the deepest
    positions), every reply of the second player is in the lines again; the first move is the
    centre column (the literature's fact: Allen; Allis, 1988); and on a sample of the deepest
    lines, the exact search finds that the second player loses after the line's move."""
    import time

    from gamesman.games.connectfour.book import WinningLines, canonical
    from gamesman.games.connectfour.search import ThreatSearch

    game = make_game("connectfour")
    lines = WinningLines.of(game)
    assert lines is not None and lines.move(game.start()) == 3
    deepest = max(game.size - cells.count("-") for cells in lines.moves)
    bits = ThreatSearch(game)
    last = []
    for cells, column in lines.moves.items():
        position = first_player_to_move(game, cells)
        assert canonical(game, cells) == (cells, False) and column in game.moves(position)
        child = game.play(position, column)
        if game.size - cells.count("-") == deepest:
            last.append(child)
            continue
        for reply in game.moves(child):
            assert lines.move(game.play(child, reply)) is not None, (cells, reply)
    for child in random.Random(1).sample(last, 3):
        assert game.exact.outcome(*bits.bit_boards(child), time.monotonic() + 120) == -1


def test_the_lines_command_writes_winning_moves_and_resumes(tmp_path):
    """``write_lines`` on a small board the first player wins (4x4, three in a row): every move
    it writes wins by the strong solver, and a second run over the same file searches nothing
    again and writes nothing twice."""
    from gamesman.games.connectfour.book import WinningLines, write_lines
    from gamesman.solver.results import Value

    game = make_game("connectfour", rows=4, cols=4, in_a_row=3)
    solver = Solver(game, database=None)
    assert solver.result(game.start()).value is Value.WIN
    out = tmp_path / "lines.txt"
    count = write_lines(game, 4, out, lambda *_: None)
    lines = WinningLines(game, out.read_text())
    assert count == len(lines.moves) > 1
    for cells, column in lines.moves.items():
        position = first_player_to_move(game, cells)
        assert solver.result(game.play(position, column)).value is Value.LOSE
    text = out.read_text()
    assert write_lines(game, 4, out, lambda *_: None) == count and out.read_text() == text


class PendingWarmup:
    """A background warm-up that never ends (numba still compiling): it notes what it was asked."""

    def __init__(self) -> None:
        self.asked: list[str] = []
        self.done: dict = {}

    def ready(self, key: str) -> bool:
        return key in self.done

    def start(self, key: str, warm) -> None:
        self.asked.append(key)

    def wait(self, key: str, timeout: float | None) -> bool:
        return False

    def mark(self, key: str) -> None:
        self.done[key] = True


def test_the_exact_search_with_a_deadline_leaves_compiling_to_the_background(monkeypatch):
    """After install numba's cache is empty and compiling the search takes seconds: with a
    deadline the search asks the background to compile it and runs out of time by the
    deadline instead of compiling in the foreground; without one it compiles (or loads) here."""
    import time

    from gamesman.contract.errors import OutOfTime
    from gamesman.games.connectfour.exact import EXACT_KERNELS
    from gamesman.players import compiled

    pending = PendingWarmup()
    monkeypatch.setattr(compiled, "WARMUP", pending)
    monkeypatch.setattr(compiled, "cached_on_disk", lambda function: False)
    search = ExactSearch(4, 4, 4)
    with pytest.raises(OutOfTime):
        search.result("----" * 4, "x", "o", deadline=time.monotonic() + 60)
    assert pending.asked == [EXACT_KERNELS] and not pending.done
    assert str(search.result("----" * 4, "x", "o")) == str(Solver(make_game("connectfour", rows=4, cols=4)).result(
        make_game("connectfour", rows=4, cols=4).start()))
    assert pending.done == {EXACT_KERNELS: True}


def test_the_tables_modulo_without_integer_division_is_the_remainder():
    """``kernels.modulo`` (a floating-point quotient put right) against Python's ``%``, on the
    table's primes and on keys of every size up to 56 bits, those next to multiples of the prime
    (where a quotient one off would show) and the largest."""
    from gamesman.games.connectfour import kernels
    from gamesman.games.connectfour.exact import prime_at_least

    rng = random.Random(5)
    for prime in (prime_at_least(1 << 16), prime_at_least(1 << 17), prime_at_least(1 << 23)):
        keys = [rng.randrange(1 << bits) for bits in range(1, 57) for _ in range(50)]
        keys += [prime * rng.randrange(1, ((1 << 56) - 2) // prime) + step for _ in range(500) for step in (-1, 0, 1)]
        keys += [(1 << 56) - 1 - step for step in range(100)]
        assert [int(kernels.modulo(np.uint64(key), np.uint64(prime))) for key in keys] == [key % prime for key in keys]


def test_a_compiled_function_reaches_an_array_through_its_address_as_python_does():
    """``array_at``, compiled and as Python: the view is the array's memory, not a copy."""
    from gamesman.boards.kernels import compiled_each_process
    from gamesman.players.compiled import array_at, python_version

    @compiled_each_process
    def add_at(address, length, amount):
        words = array_at(address, length, np.uint64)
        words[length - 1] += np.uint64(amount)
        return words.sum()

    words = np.arange(5, dtype=np.uint64)
    address = words.__array_interface__["data"][0]
    assert add_at(address, 4, 10) == 0 + 1 + 2 + 13 and words.tolist() == [0, 1, 2, 13, 4]
    assert python_version(add_at)(address, 5, 1) == 0 + 1 + 2 + 13 + 5 and words.tolist() == [0, 1, 2, 13, 5]


def test_the_compiled_search_stops_where_the_table_is_due_to_grow_and_goes_on_from_there():
    """The kernel itself stops a search once it has searched more than the block's GROW_AT
    nodes (the table then grows in Python, and the search goes on where it stopped)."""
    from gamesman.games.connectfour import kernels
    from gamesman.games.connectfour.exact import address_of

    cells = "-xoxox--oxoxo---xoxo-" + "-" * 21
    search = ExactSearch(6, 7, 4)
    mine, theirs = search.board.masks_of(cells, "-xo", "x", "o")
    answer = search.result(cells, "x", "o")
    search = ExactSearch(6, 7, 4)
    search.ready(None)
    search.numbers[kernels.GROW_AT] = 5_000
    call = (address_of(search.numbers), mine, mine | theirs, False)
    assert kernels.search_at(*call, True, 1 << 40) == kernels.STOPPED
    assert 5_000 < search.state[kernels.NODES] == search.nodes < 5_100  # (a node: a frame entered)
    search.numbers[kernels.GROW_AT] = -1
    empty = 42 - (mine | theirs).bit_count()
    assert result_of_score(int(kernels.search_at(*call, False, 1 << 40)), empty) == answer


def test_a_search_of_many_short_calls_finds_what_one_long_call_finds(monkeypatch):
    """The compiled search returns to Python every SLICE nodes and goes on from where it
    stopped (``score`` without progress or a deadline makes the first call itself, the loop
    the others): the same score and nodes in many calls as in one, which reported its progress."""
    import gamesman.games.connectfour.exact as exact

    cells = "-xoxox--oxoxo---xoxo-" + "-" * 21
    board = ExactSearch(6, 7, 4).board
    mine, theirs = board.masks_of(cells, "-xo", "x", "o")
    reported: list[int] = []
    whole = ExactSearch(6, 7, 4)
    score = whole.score(mine, mine | theirs, progress=lambda _, nodes, __: reported.append(nodes))
    assert reported[-1] == whole.nodes > exact.DEADLINE_SLICE
    monkeypatch.setattr(exact, "SLICE", 1 << 10)
    sliced = ExactSearch(6, 7, 4)
    sliced.ready(None)
    assert sliced.score(mine, mine | theirs) == score and sliced.nodes == whole.nodes
