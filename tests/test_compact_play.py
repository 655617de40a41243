"""Fast play on compact forms (bit boards, arrays) against the rules, and the games' own
compiled search players.

Each compact random game is replayed by ``moves`` and ``play``: every move must be
legal where it is played, the game must go on until the last move and end there,
with the utilities the compact game reported.
"""
from __future__ import annotations

import random

import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE
from gamesman.contract.registry import make_game
from gamesman.players.play import next_random
from gamesman.players.search import MCTSPlayer
from gamesman.players.strategies import make_strategy
from gamesman.solver.strong import Solver

VARIANTS = [
    ("tictactoe", {}), ("tictactoe", {"misere": True}),
    ("othello", {}), ("othello", {"rows": 8, "cols": 8}), ("othello", {"rows": 5, "cols": 7, "misere": True}),
    ("othello", {"rows": 4, "cols": 5, "place_anywhere": True}),
    ("hex", {"size": 3}), ("hex", {"size": 6}), ("hex", {}),
    ("hex", {"size": 2, "swap": True}), ("hex", {"size": 3, "swap": True}), ("hex", {"size": 6, "swap": True}),
    ("hex", {"swap": True}),
    ("connectfour", {}), ("connectfour", {"rows": 8, "cols": 8}),
    ("connectfour", {"rows": 4, "cols": 5, "in_a_row": 3, "misere": True}),
    ("connectfour", {"rows": 1, "cols": 3, "in_a_row": 1}),
    ("2048", {}), ("2048", {"rows": 3, "cols": 4}), ("2048", {"rows": 2, "cols": 3, "target": 32}),
    ("2048", {"rows": 2, "cols": 2, "target": 4}),
    ("sim", {}), ("sim", {"players": 3}), ("sim", {"nodes": 11, "players": 3}),
    ("sim", {"nodes": 5, "players": 3, "coalition": "1-2"}), ("sim", {"nodes": 3}),
    ("nim", {}), ("nim", {"misere": True, "heaps": 4, "size": 9, "take": 4}),
    ("nim3p", {}), ("nim3p", {"heaps": 5, "size": 20, "extra": True}),
]


def replay(game, position, moves, utilities):
    for move in moves:
        assert game.outcome(position) is None, "the compact game went on after the end"
        legal = dict(game.chances(position)) if game.to_move(position) == CHANCE else game.moves(position)
        assert move in legal, f"{move!r} is not legal in {game.format_position(position)}"
        position = game.play(position, move)
    assert game.outcome(position) == utilities


@pytest.mark.parametrize("name, options", VARIANTS, ids=lambda v: str(v))
def test_compact_random_games_are_games_of_the_rules(name, options):
    game = make_game(name, **options)
    compact = game.compact_playouts()
    rng = random.Random(5)
    for seed in range(12):
        position = game.start()
        for _ in range(rng.randrange(0, 6)):  # from the start and from positions met on the way
            if game.outcome(position) is None:
                position = next_random(game, position, rng)
        if game.outcome(position) is not None:
            continue
        moves, utilities = compact.game(position, seed)
        replay(game, position, moves, utilities)
        assert compact.game(position, seed) == (moves, utilities)  # the seed alone decides
        assert compact.utilities(position, seed) == utilities


def test_compact_games_differ_by_seed_and_reach_every_end():
    game = make_game("tictactoe")
    compact = game.compact_playouts()
    games = {tuple(compact.game(game.start(), seed)[0]) for seed in range(200)}
    ends = {compact.utilities(game.start(), seed) for seed in range(200)}
    assert len(games) > 150 and ends == {(1.0, -1.0), (-1.0, 1.0), (0.0, 0.0)}


@pytest.mark.parametrize("options", [{"size": 2, "swap": True}, {"size": 3, "swap": True}, {"size": 5, "swap": True},
                                     {"swap": True}])
def test_hex_compact_games_swap_as_the_rules_let_them(options):
    """After Black's first stone White's moves are the empty cells and swap, so a uniformly
    random game swaps one time in N*N (within four standard errors); the games replay by the
    rules, swap included, and without the option no game swaps."""
    game = make_game("hex", **options)
    compact = game.compact_playouts()
    position = game.play(game.start(), game.size + 1)  # Black's stone at b2
    cells = game.size * game.size
    games = 60 * cells
    swapped = 0
    for seed in range(games):
        moves, utilities = compact.game(position, seed)
        if seed < 100:
            replay(game, position, moves, utilities)
        swapped += moves[0] == "swap"
    assert abs(swapped - games / cells) < 4 * (games / cells * (1 - 1 / cells)) ** 0.5
    plain = make_game("hex", size=game.size).compact_playouts()
    assert not any("swap" in plain.game(position, seed)[0] for seed in range(100))


def black_shares(game, position, by_rules: int, by_compact: int) -> tuple[float, float, float]:
    """Black's share of uniformly random games from ``position`` played by ``moves`` and
    ``play``, and of compact games, and the standard error of their difference."""
    rng = random.Random(11)
    wins = 0
    for _ in range(by_rules):
        end = position
        while game.outcome(end) is None:
            end = game.play(end, rng.choice(game.moves(end)))
        wins += game.outcome(end)[0] > 0
    compact = game.compact_playouts()
    rules_share = wins / by_rules
    compact_share = sum(compact.utilities(position, seed)[0] > 0 for seed in range(by_compact)) / by_compact
    error = (rules_share * (1 - rules_share) / by_rules + compact_share * (1 - compact_share) / by_compact) ** 0.5
    return rules_share, compact_share, error


@pytest.mark.parametrize("size, first", [(3, "b2"), (5, None), (5, "c3")])
def test_hex_with_swap_compact_games_share_wins_as_the_rules_games_do(size, first):
    """Black's share of random games with swap, from the start or from Black's first stone, is
    the same in compact games as by the rules, within four standard errors of the difference.
    (Compact games that never swapped gave Black 74% after b2 on 3x3, where the rules give 68%;
    on 5x5 the swap, one White reply in 25, moves the share from the start by about 0.6%.)"""
    game = make_game("hex", size=size, swap=True)
    position = game.start() if first is None else game.play(game.start(), game.parse_move(game.start(), first))
    rules_share, compact_share, error = black_shares(game, position, 20_000, 100_000)
    assert abs(rules_share - compact_share) < 4 * error, (rules_share, compact_share)


def test_othello_boards_beyond_64_cells_have_no_compact_form():
    assert not make_game("othello", rows=9, cols=8).capabilities.compact_playouts


def test_connect_four_boards_beyond_64_cells_and_2048_beyond_4x4_have_no_compact_form():
    assert not make_game("connectfour", rows=9, cols=8).capabilities.compact_playouts
    assert not make_game("2048", rows=5, cols=4).capabilities.compact_playouts


def test_sim_beyond_64_edges_has_no_compact_form():
    assert make_game("sim", nodes=11).capabilities.compact_playouts  # 55 edges
    assert not make_game("sim", nodes=12).capabilities.compact_playouts  # 66


def test_three_player_sim_playouts_reach_each_kind_of_end():
    """Nobody out, one out (the other two share), and a survivor alone."""
    game = make_game("sim", players=3)
    compact = game.compact_playouts()
    ends = {tuple(sorted(compact.utilities(game.start(), seed))) for seed in range(300)}
    assert ends == {(1 / 3, 1 / 3, 1 / 3), (0.0, 0.5, 0.5), (0.0, 0.0, 1.0)}


def test_2048_new_tiles_come_as_the_rules_draw_them():
    """A uniformly random empty cell, and a 4 one time in ten (the replays check only legality)."""
    game = make_game("2048")
    compact = game.compact_playouts()
    tiles = [move for seed in range(40) for move in compact.game(game.start(), seed)[0] if isinstance(move, tuple)]
    fours = sum(1 for _, value in tiles if value == 4) / len(tiles)
    assert len(tiles) > 2000 and 0.07 < fours < 0.13
    assert {cell for cell, _ in tiles[:200]} == set(range(16))


def test_a_2048_game_beyond_four_bit_tiles_goes_on_by_the_rules():
    """Two 32768 tiles merge into 65536, which a 4-bit cell cannot hold: the rules play on."""
    game = make_game("2048")
    position = game.read_position("(player 0 32768,32768,2,4 8,16,32,64 128,256,512,1024 2048,4096,8192,16384)")
    moves, utilities = game.compact_playouts().game(position, 3)
    assert moves[0] in ("left", "right") and utilities[0] >= 65536
    replay(game, position, moves, utilities)


def test_mcts_takes_the_connect_four_win_on_the_compact_form():
    game = make_game("connectfour")
    position = game.parse_position("(x xxx---- ooo---- ------- ------- ------- -------)")
    player = MCTSPlayer(game, random.Random(1), iterations=300)
    assert player.choose(position).move == 3 and player.compact is not None


def test_mcts_plays_2048_on_the_compact_form_through_chance_nodes():
    game = make_game("2048", rows=2, cols=2, target=16)
    position = game.parse_position("(player 8,8 2,-)")  # left or right makes 16 at once
    player = MCTSPlayer(game, random.Random(1), iterations=200)
    assert player.choose(position).move in ("left", "right") and player.compact is not None


def test_mcts_plays_its_playouts_on_the_compact_form_and_stays_seeded():
    game = make_game("tictactoe")
    player = MCTSPlayer(game, random.Random(3), iterations=1000)
    position = game.play(game.start(), 4)
    first = player.choose(position)
    assert player.compact is not None
    assert first.move in (0, 2, 6, 8)  # a corner against the centre (an edge loses)
    assert MCTSPlayer(game, random.Random(3), iterations=1000).choose(position) == first


def test_the_games_declare_their_compiled_search_players():
    assert make_game("hex").search_strategy == "rave"
    assert make_game("othello").search_strategy == "bitalphabeta"
    assert make_strategy(make_game("hex"), "rave").describe() == "rave --time 1"  # the default: a time budget
    assert make_strategy(make_game("othello"), "bitalphabeta 5").describe() == "bitalphabeta 5"
    with pytest.raises(GameError, match="rave takes"):
        make_strategy(make_game("hex"), "rave fast")
    with pytest.raises(GameError, match="bitalphabeta: boards of up to 64 cells"):
        make_strategy(make_game("othello", rows=9, cols=8), "bitalphabeta")


@pytest.mark.slow
def test_rave_takes_a_winning_cell_and_is_seeded():
    game = make_game("hex", size=4)
    # Black (x) joins rows 1 and 4; b1 b2 b3 are Black's, b4 wins at once.
    position = game.parse_position("(x -x-- -xo- -xo- --o-)")
    choice = make_strategy(game, "rave 3000", random.Random(1)).choose(position)
    assert game.format_move(position, choice.move) in ("a4", "b4")
    assert "of 3,000 iterations" in choice.reason
    again = make_strategy(game, "rave 3000", random.Random(1)).choose(position)
    assert again.move == choice.move


@pytest.mark.slow
def test_bitalphabeta_proves_what_the_solver_knows_on_4x4():
    game = make_game("othello")
    value = Solver(game).result(game.start())
    choice = make_strategy(game, "bitalphabeta 16", random.Random(0)).choose(game.start())  # deep enough to end
    expected = {"win": "forced win", "lose": "forced loss", "tie": "forced tie"}[str(value).split()[0]]
    assert expected in choice.reason, (str(value), choice.reason)
    assert choice.move in game.moves(game.start())


def test_bitalphabeta_plays_its_python_version_while_numba_compiles_it(monkeypatch):
    """After install numba's cache is empty: with a time budget, bitalphabeta asks the
    background to compile its search and plays this move from the search's Python version
    (says so) within the budget, whose values are those of the machine code at the same depth."""
    import numpy as np
    from test_connectfour_exact import PendingWarmup

    from gamesman.games.othello import search
    from gamesman.players import compiled
    from gamesman.players.compiled import python_version
    from gamesman.players.search import RUN_AS_PYTHON

    pending = PendingWarmup()
    monkeypatch.setattr(compiled, "WARMUP", pending)
    monkeypatch.setattr(compiled, "cached_on_disk", lambda function: False)
    game = make_game("othello", rows=8, cols=8)
    position = game.start()
    choice = make_strategy(game, "bitalphabeta --time 0.2", random.Random(0)).choose(position)
    assert choice.move in game.moves(position) and choice.reason.endswith(RUN_AS_PYTHON)
    assert pending.asked == [search.SEARCH_KERNELS]
    player = make_strategy(game, "bitalphabeta 3", random.Random(0))
    board = player.board
    mine, theirs = board.masks_of(position, game.player_names)
    order = np.array(sorted(game.moves(position)), np.int64)
    found = []
    for root in (search.search_root, python_version(search.search_root)):
        counters, values = np.array([0, 2 ** 62, 0, 0], np.int64), np.full(len(order), -np.inf)
        root(mine, theirs, order, 3, board.full, board.shifts, board.masks, board.steps, board.corners, board.near,
             board.edge_steps, board.edge_length, board.rows * board.cols, board.order, counters, values)
        found.append((values.tolist(), counters.tolist()))
    assert found[0] == found[1]


@pytest.mark.slow
def test_a_search_compiled_in_the_background_is_kept_for_the_next_command(tmp_path):
    """``gamesman best`` quits after one search: the compile it started in the background is
    let finish at exit, so that the next command finds it in numba's cache (an empty cache
    here: the first command plays the Python version, the second the machine code)."""
    import os
    import subprocess
    import sys

    environment = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "numba"), GAMESMAN_CACHE=str(tmp_path / "cache"))
    command = [sys.executable, "-m", "gamesman", "best", "othello", "--rows", "8", "--cols", "8"]
    answers = [subprocess.run(command, capture_output=True, text=True, env=environment, timeout=600)
               for _ in range(2)]
    assert [answer.returncode for answer in answers] == [0, 0], answers
    from gamesman.players.search import RUN_AS_PYTHON

    assert [RUN_AS_PYTHON.strip() in answer.stdout for answer in answers] == [True, False], answers


def test_bitalphabeta_takes_a_corner_when_offered():
    game = make_game("othello", rows=8, cols=8)
    # Black to move can take a1 (flipping b2); every other move gives nothing comparable.
    position = game.parse_position("(b -------- -w------ --b----- ---wb--- ---bw--- -------- -------- --------)")
    choice = make_strategy(game, "bitalphabeta 4", random.Random(0)).choose(position)
    assert game.format_move(position, choice.move) == "a1"
    assert choice.reason.startswith("a1: score ") and "at depth 4" in choice.reason and "nodes in" in choice.reason


def test_line_games_with_gravity_drop_each_piece_to_the_lowest_empty_cell():
    """The generic kernel's Connect Four mode (cells row by row, row 0 at the bottom), checked
    move by move against the rule written out here: a piece lands on its column's lowest
    empty cell, and the game ends at the first four in a row or on a full board."""
    import numpy as np

    from gamesman.boards import text as boards
    from gamesman.players.compiled import seeded
    from gamesman.players.playouts import TIE, line_game, line_masks

    rows, cols = 6, 7
    lines = boards.lines(rows, cols, 4)
    for seed in range(30):
        moves = np.empty(rows * cols, dtype=np.int64)
        end, played = line_game(np.zeros(2, dtype=np.uint64), 0, np.uint64((1 << rows * cols) - 1),
                                line_masks(lines), False, cols, seeded(seed), moves)
        owner = [None] * (rows * cols)
        winner = TIE
        for turn, cell in enumerate(moves[:played].tolist()):
            assert winner == TIE, "a move after the end"
            assert owner[cell] is None and (cell < cols or owner[cell - cols] is not None)
            owner[cell] = turn % 2
            if any(all(owner[i] == turn % 2 for i in line) for line in lines):
                winner = turn % 2
        assert end == winner and (winner != TIE or played == rows * cols)


def test_the_playout_bench_times_the_rules_and_the_compact_form_of_the_same_variants():
    from gamesman.contract.registry import game_from_spec
    from gamesman.dev.bench import OPENSPIEL, REAL_SIZES, compact_playout, rules_playout, timed

    for spec in [*OPENSPIEL, *REAL_SIZES]:
        assert game_from_spec(spec).spec == spec  # each names a variant exactly as the game writes it
    game = make_game("tictactoe")
    games, moves = timed(rules_playout(game, random.Random(1)), 0.05)
    assert games > 0 and 5 * games <= moves <= 9 * games  # a game of tic-tac-toe lasts 5 to 9 moves
    assert timed(compact_playout(game), 0.05)[0] > 0
    assert compact_playout(make_game("onetwoten")) is None
