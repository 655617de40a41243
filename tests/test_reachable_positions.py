"""Position strings, fuzzed on a bounded budget for each game: every position that random play
reaches parses back to itself, and a mutated string is either refused with a one-line error or
accepted as a position whose answers agree (its moves, its outcome and the solver's value)."""
import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamesman.boards import text as boards
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.contract.registry import make_game
from gamesman.players.play import next_random
from gamesman.solver.strong import Solver
from solver_checks import reachable

#: The games and small variants fuzzed here (the solver answers from the small ones at once).
VARIANTS = {"tictactoe": {}, "tomorrowstictactoe": {"rows": 2, "cols": 3}, "hex": {"size": 3}, "sim": {"nodes": 4},
            "othello": {"rows": 4, "cols": 4}, "chopsticks": {}, "kaboom": {}, "abalone": {}, "nim": {},
            "nim3p": {}, "onetwoten": {}, "connectfour": {"rows": 4, "cols": 4}, "2048": {"rows": 2, "cols": 2},
            "cube": {}, "poker": {}, "beverbende": {}}
SOLVED = {"tictactoe", "tomorrowstictactoe", "hex", "sim", "nim", "onetwoten", "chopsticks"}
BUDGET = settings(max_examples=25, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))


def played(game, rng: random.Random, steps: int) -> list:
    """The positions of one random game, at most ``steps`` moves long."""
    positions = [game.start()]
    while len(positions) <= steps and game.outcome(positions[-1]) is None and (
            game.to_move(positions[-1]) == CHANCE or game.moves(positions[-1])):
        positions.append(next_random(game, positions[-1], rng))
    return positions


def check_consistent(game, position, solver) -> None:
    """Moves, outcome and the solver agree about an accepted position, and it prints back."""
    text = game.format_position(position)
    assert game.format_position(game.parse_position(text)) == text
    if game.to_move(position) == CHANCE:
        return
    over = game.outcome(position) is not None
    moves = list(game.moves(position))
    assert not moves if over else moves, "the game is over but has moves, or goes on without any"
    for move in moves[:3]:
        game.play(position, move)
    if solver is not None:
        result = str(solver.result(position))
        assert not over or result.endswith(" 0")


@pytest.mark.parametrize("name", [pytest.param(name, marks=pytest.mark.slow) if name == "chopsticks" else name
                                  for name in sorted(VARIANTS)])
@BUDGET
@given(seed=st.integers(0, 2 ** 32 - 1), mutations=st.lists(st.tuples(st.integers(0, 10 ** 6), st.sampled_from(
    "xo-bwBWLRPz0123456789 ()|,/.+:*@UFRDLBKQJTAcdhs"), st.sampled_from(["replace", "insert", "delete"])), min_size=1, max_size=3))
def test_reached_positions_parse_back_and_mutants_are_refused_or_consistent(name, seed, mutations):
    game = make_game(name, **VARIANTS[name])
    solver = Solver(game, database=None) if name in SOLVED else None
    positions = played(game, random.Random(seed), 40)
    for position in positions:
        text = game.format_position(position)
        assert game.format_position(game.parse_position(text)) == text
    text = game.format_position(positions[random.Random(seed).randrange(len(positions))])
    for at, char, how in mutations:
        at %= len(text) + 1
        text = {"replace": text[:at] + char + text[at + 1:], "insert": text[:at] + char + text[at:],
                "delete": text[:at] + text[at + 1:]}[how]
        try:
            position = game.parse_position(text)
        except GameError as problem:
            assert "\n" not in str(problem) and str(problem).startswith(f"{name}: ")
            continue
        check_consistent(game, position, solver)


def reachable_texts(game) -> set[str]:
    """Every position string that play reaches from the start."""
    return {game.format_position(position) for position in reachable(game, game.start(), 10_000)}


def check_accepts_exactly_what_play_reaches(game, texts) -> None:
    """Of ``texts``, the accepted ones are the reachable ones (a finished board's turn token is
    free: the game is over whoever it names, so finished boards are compared without it)."""
    def board(text: str) -> str:
        return text.split(" ", 1)[1]

    reached = reachable_texts(game)
    accepted = set()
    for text in texts:
        try:
            position = game.parse_position(text)
        except GameError as problem:
            assert "\n" not in str(problem)
            continue
        accepted.add(text if game.outcome(position) is None else ("over", board(text)))
    assert {text for text in accepted if isinstance(text, str)} == {
        text for text in reached if game.outcome(game.parse_position(text)) is None}
    assert {item for item in accepted if isinstance(item, tuple)} == {
        ("over", board(text)) for text in reached if game.outcome(game.parse_position(text)) is not None}


@pytest.mark.slow
def test_tictactoe_accepts_exactly_what_play_reaches_whoever_a_finished_board_names():
    """Every board of x, o and - with either turn."""
    check_accepts_exactly_what_play_reaches(make_game("tictactoe"), (
        f"({turn} {''.join(cells[:3])} {''.join(cells[3:6])} {''.join(cells[6:])})"
        for cells in itertools.product("xo-", repeat=9) for turn in "xo"))


@pytest.mark.parametrize("rows, cols, in_a_row", [(2, 3, 2), (3, 2, 3), pytest.param(3, 3, 3, marks=pytest.mark.slow)])
def test_kaboom_before_any_detonation_accepts_exactly_what_play_reaches(rows, cols, in_a_row):
    """Without bombs Kaboom is Connect Four: every board of x, o and - with either turn."""
    game = make_game("kaboom", rows=rows, cols=cols, in_a_row=in_a_row, bombs=0)
    check_accepts_exactly_what_play_reaches(game, (
        f"({turn} 0 0 {' '.join(''.join(cells[row * cols:(row + 1) * cols]) for row in range(rows))})"
        for cells in itertools.product("xo-", repeat=rows * cols) for turn in "xo"))


@pytest.mark.parametrize("name, text, words", [
    ("tictactoe", "(o --x --x xx-)", "x has 4 marks and o 0"),
    ("tictactoe", "(x x-- --- ---)", "x has 1 marks and o 0, so o is to move, not x"),
    ("tictactoe", "(o xxx ooo ---)", "both x and o"),
    ("tictactoe", "(o xxx oo- o--)", "x has a line, so x placed the last mark, but x has 3 marks and o 3"),
    ("nim", "(o 5 5 5)", "0 moves were made"),
    ("onetwoten", "(R 0)", "L is to move"),
    ("kaboom", "(x 1 1 x--- ---- ---- ----)", "x has 1 pieces and bombs and o 0, so o is to move"),
    ("kaboom", "(o 0 1 *xxx oo-- ---- ----)", "x has a line, so x placed the last mark, but x has 4"),
    ("kaboom", "(x 1 1 xxxx oooo ---- ----)", "both players have 4 in a row, but no bomb has gone off"),
    ("kaboom", "(x 1 1 ---- ---- ---- ----)".replace("1 1", "2 1"), "x bombs left"),
    ("abalone", "(b bbb- b--w b--- -ww-)", "b has made its 2 captures, so b moved last and w is to move"),
    ("abalone", "(w bbb- b--- ---- -w--)", "b has 4 captures, but play stops at 2"),
])
def test_unreachable_positions_name_the_broken_invariant(name, text, words):
    with pytest.raises(GameError, match=words):
        make_game(name).parse_position(text)


@pytest.mark.parametrize("rows, cols", [(3, 3), (2, 4), (4, 2)])
def test_connectfour_accepts_exactly_what_play_reaches(rows, cols):
    """Every board of x, o and - with either turn, three in a row."""
    game = make_game("connectfour", rows=rows, cols=cols, in_a_row=3)
    check_accepts_exactly_what_play_reaches(game, (
        f"({turn} {' '.join(''.join(cells[row * cols:(row + 1) * cols]) for row in range(rows))})"
        for cells in itertools.product("xo-", repeat=rows * cols) for turn in "xo"))


@pytest.mark.slow
def test_the_drop_order_search_agrees_with_trying_every_order():
    """On every stacking of up to three columns of up to four pieces: some order of drops
    exists exactly when trying every interleaving of the columns finds one."""
    def by_every_order(columns: tuple[str, ...], placed: int = 0) -> bool:
        if not any(columns):
            return True
        mover = "xo"[placed % 2]
        return any(column.startswith(mover) and by_every_order(
            columns[:at] + (column[1:],) + columns[at + 1:], placed + 1) for at, column in enumerate(columns))

    stacks = ["".join(pieces) for height in range(5) for pieces in itertools.product("xo", repeat=height)]
    for columns in itertools.product(stacks, repeat=3):
        assert boards.drop_order_exists(columns, "xo") == by_every_order(columns), columns


@pytest.mark.parametrize("name, text, words", [
    ("connectfour", "(x o------ x------ ------- ------- ------- -------)", "no order of drops"),
    ("connectfour", "(x xo----- -o----- -x----- ------- ------- -------)", "no order of drops"),
    ("kaboom", "(x 1 1 o--- x--- ---- ----)", "no order of drops"),
])
def test_stackings_no_order_of_drops_makes_are_refused(name, text, words):
    with pytest.raises(GameError, match=words):
        make_game(name).parse_position(text)


#: Variants whose position strings are checked against what play reaches (issue 32, item 7).
CHECKED_VARIANTS = [
    ("hex", {"size": 3}), ("hex", {"size": 3, "swap": True}), ("hex", {"size": 6, "swap": True}),
    ("tomorrowstictactoe", {}), ("tomorrowstictactoe", {"rows": 3, "cols": 3, "diagonals": True, "misere": True}),
    ("othello", {"rows": 4, "cols": 4}), ("othello", {"rows": 4, "cols": 4, "place_anywhere": True}),
    ("othello", {"rows": 5, "cols": 6}),
    ("sim", {}), ("sim", {"nodes": 5, "players": 3}), ("sim", {"nodes": 5, "players": 3, "coalition": "1-2"}),
    ("chopsticks", {}), ("chopsticks", {"hands": 2, "fingers": 3}), ("chopsticks", {"wrap_around": True}),
    ("chopsticks", {"misere": True}),
    ("kaboom", {}), ("kaboom", {"super_bomb": True, "bombs": 2}), ("kaboom", {"rows": 3, "cols": 3, "in_a_row": 3}),
    ("connectfour", {}), ("connectfour", {"misere": True}),
    ("2048", {"rows": 2, "cols": 2}), ("2048", {"rows": 2, "cols": 2, "target": 16}), ("2048", {"rows": 3, "cols": 3}),
]


@pytest.mark.parametrize("name, options", CHECKED_VARIANTS)
@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2 ** 32 - 1))
def test_every_position_random_play_reaches_is_accepted(name, options, seed):
    """No position of a random game, played to its end, is refused (the checks of what play
    can reach refuse nothing legal)."""
    game = make_game(name, **options)
    for position in played(game, random.Random(seed), 400):
        text = game.format_position(position)
        assert game.format_position(game.parse_position(text)) == text


@pytest.mark.parametrize("name, options, text, words", [
    ("hex", {"size": 3}, "(o o-- -x- ---)", "x has 1 stones and o 1, so x is to move, not o"),
    ("hex", {"size": 3}, "(x --- --- -x-)", "x has 1 stones and o 0, so o is to move, not x"),
    ("hex", {"size": 3, "swap": True}, "(x x-- -x- ---)", "x has 2 stones and o 0, but each turn adds one"),
    ("hex", {"size": 3}, "(o xoo xo- x--)", "x has a line, so x placed the last mark, but x has 3 stones and o 3"),
    ("hex", {"size": 4}, "(o xoox xo-x xoox xoox)", "x's lines were not all made by its last mark"),
    ("tomorrowstictactoe", {}, "(o -ox- xoo- x-o-)", "x has 3 marks and o 4, but each turn adds one"),
    ("tomorrowstictactoe", {}, "(o xxxx xxxx xxxx)", "c3 is x, but the game starts with o there"),
    ("tomorrowstictactoe", {"empty_start": True}, "(x xxx- o--- ----)",
     "x has a line, so x placed the last mark, but x has 3 marks and o 1"),
    ("othello", {"rows": 4, "cols": 4}, "(b ---- ---- ---- ----)", "cell b2 of the starting four is empty"),
    ("othello", {"rows": 4, "cols": 4}, "(b wb-- bw-- -bw- ----)", "cell c2 of the starting four is empty"),
    ("othello", {"rows": 5, "cols": 5}, "(b ----- -wb-- -bw-- ----- ----b)", "the piece at e5 is not joined"),
    ("othello", {"rows": 4, "cols": 4, "place_anywhere": True}, "(w ---- -wb- -bw- ----)",
     "0 moves were made to reach this, so b is to move, not w"),
    ("sim", {}, "(x x--------------)", "x has 1 edges and o 0, so o is to move, not x"),
    ("sim", {}, "(o xxoooxoo----xxx)", "x's triangles were not all closed by its last edge"),
    ("sim", {"nodes": 4}, "(o xxoxoo)", "until the game is over"),  # o moved after x lost
    ("sim", {"nodes": 5, "players": 3}, "(x xo--------)", "x has 1 edges, o 1 and z 0, so z is to move, not x"),
    ("chopsticks", {}, "(R 1 1 1 1 1 1)", "L's hands took 0 to 0 taps and R's 0 to 0, but L taps first"),
    ("chopsticks", {}, "(L 1 1 1 1 1 2)", "L's hands took 0 to 0 taps and R's 1 to 1, .* so L cannot be to move"),
    ("chopsticks", {"wrap_around": True, "fingers": 2, "hands": 2}, "(R 0 1 1 1)",
     "L's hands took 1 to 1 taps and R's 0 to 0"),
    ("kaboom", {}, "(x 0 0 xxxx xxxx xxxx oxxx)", "2 detonated bombs remove at most 8 pieces: too few for o"),
    ("kaboom", {}, "(o 1 0 xooo ooox xxxo @xxx)", "no order of drops"),  # full, and x passed
])
def test_positions_play_cannot_reach_name_the_broken_invariant(name, options, text, words):
    with pytest.raises(GameError, match=words):
        make_game(name, **options).parse_position(text)


@pytest.mark.parametrize("name, options, text", [
    ("hex", {"size": 3, "swap": True}, "(o o-- -x- ---)"),  # a swap, then Black's stone
    ("hex", {"size": 3, "swap": True}, "(x --- o-- ---)"),  # just after a swap
])
def test_positions_play_reaches_by_a_rule_of_the_variant_are_accepted(name, options, text):
    game = make_game(name, **options)
    assert game.format_position(game.parse_position(text)) == text
