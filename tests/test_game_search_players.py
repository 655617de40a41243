"""The search players games declare for their variants too large to solve: Connect Four's
``threats``, Kaboom's and Tomorrow's Tic-Tac-Toe's ``linesearch``, Abalone's ``formation``,
Sim's ``safemcts`` and ``maxn``, Nim3P's ``endmcts`` and ``maxn``.

The moves they must find are worked out here by the rules (a short walk of the game
tree), not typed in: a move that wins by force within a few plies, or one that does
not let the opponent win at once.
"""
from __future__ import annotations

import random
import re

import pytest

from gamesman.contract.errors import GameError
from gamesman.contract.registry import make_game
from gamesman.players.strategies import applicable_strategies, make_strategy
from gamesman.solver.results import Value

# (game, options of a variant too large to solve, a search player of the game's own, its budget)
PLAYERS = [
    ("connectfour", {}, "threats", "depth"),
    ("kaboom", {"rows": 6, "cols": 7, "bombs": 2}, "linesearch", "depth"),
    ("abalone", {"rows": 5, "cols": 5}, "formation", "depth"),
    ("tomorrowstictactoe", {"rows": 4, "cols": 4}, "linesearch", "depth"),
    ("sim", {"players": 3}, "maxn", "depth"),
    ("sim", {"players": 3}, "safemcts", "iterations"),
    ("nim3p", {"heaps": 5, "size": 20}, "maxn", "depth"),
    ("nim3p", {"heaps": 5, "size": 20}, "endmcts", "iterations"),
]
DEFAULTS = {"connectfour": "threats", "kaboom": "linesearch", "abalone": "formation",
            "tomorrowstictactoe": "linesearch", "sim": "mcts", "nim3p": "mcts"}


def wins_within(game, position, plies: int, me: int) -> bool:
    """Whether player ``me`` wins by force within ``plies`` moves (every other player against it)."""
    ended = game.outcome(position)
    if ended is not None:
        return all(ended[me] > u for player, u in enumerate(ended) if player != me)
    if plies == 0:
        return False
    children = (game.play(position, move) for move in game.moves(position))
    if game.to_move(position) == me:
        return any(wins_within(game, child, plies - 1, me) for child in children)
    return all(wins_within(game, child, plies - 1, me) for child in children)


def winning_moves(game, position, plies: int) -> list:
    """The moves of the player to move that win by force within ``plies`` moves (its own included)."""
    me = game.to_move(position)
    return [move for move in game.moves(position) if wins_within(game, game.play(position, move), plies - 1, me)]


def safe_moves(game, position) -> list:
    """The moves that neither lose at once nor let the next player win with its move."""
    me = game.to_move(position)
    found = []
    for move in game.moves(position):
        after = game.play(position, move)
        ended = game.outcome(after)
        if ended is not None:
            if ended[me] == max(ended):
                found.append(move)
        elif not wins_within(game, after, 1, game.to_move(after)):
            found.append(move)
    return found


@pytest.mark.parametrize("name, options, strategy, budget", PLAYERS, ids=lambda v: str(v))
def test_each_game_declares_its_search_players_with_a_time_budget(name, options, strategy, budget):
    game = make_game(name, **options)
    assert not game.capabilities.solvable and game.search_strategy == DEFAULTS[name]
    assert strategy in applicable_strategies(game)
    assert make_strategy(game, strategy).describe() == f"{strategy} --time 1"  # the default: one second
    assert make_strategy(game, f"{strategy} 2 --time 0.5").describe() == f"{strategy} 2 --time 0.5"
    player = make_strategy(game, f"{strategy} 2", random.Random(0))
    choice = player.choose(game.start())
    assert choice.move in game.moves(game.start())
    said = "iterations" if budget == "iterations" else "depth"
    assert said in choice.reason and "nodes" in choice.reason  # what stands behind the move
    timed = make_strategy(game, f"{strategy} --time 0.05", random.Random(0)).choose(game.start())
    assert " s" in timed.reason and timed.move in game.moves(game.start())


@pytest.mark.parametrize("name, options, strategy, budget", PLAYERS, ids=lambda v: str(v))
@pytest.mark.parametrize("words, message", [
    ("fast", r"takes \[{BUDGET}\] \[--iterations {BUDGET}\] \[--time SECONDS\], not .fast."),
    ("0", "{budget} must be from 1"),
    ("--time -1", "--time takes seconds"),
    ("3 4", r"takes \[{BUDGET}\] \[--iterations {BUDGET}\] \[--time SECONDS\], not .4."),
])
def test_bad_budgets_are_refused_in_one_line(name, options, strategy, budget, words, message):
    game = make_game(name, **options)
    message = message.format(BUDGET=budget.upper(), budget=budget)
    with pytest.raises(GameError, match=message) as refused:
        make_strategy(game, f"{strategy} {words}")
    assert "\n" not in str(refused.value)


def test_threats_refuses_boards_beyond_its_bit_boards():
    with pytest.raises(GameError, match="threats: boards of up to 64 bits"):
        make_strategy(make_game("connectfour", rows=9, cols=7), "threats")


# (game, options, player, position, plies: the win to find within them)
WINS = [
    # X has a1 b1 c1: d1 completes the row.
    ("connectfour", {}, "threats 4", "(x xxx---- ooo---- ------- ------- ------- -------)", 1),
    # X has b1 c1: d1 opens both a1 and e1, two threats O cannot both block.
    ("connectfour", {}, "threats 4", "(x -xx---- -oo---- ------- ------- ------- -------)", 3),
    ("kaboom", {"rows": 6, "cols": 7}, "linesearch 2",
     "(x 1 1 xxx---- ooo---- ------- ------- ------- -------)", 1),
    ("tomorrowstictactoe", {"rows": 4, "cols": 4}, "linesearch 2", "(x xx-- oo-- ---- ----)", 1),
    # c1-e: the run c1 d1 pushes White's e1 off the board, the one capture that wins.
    ("abalone", {"rows": 5, "cols": 5, "captures": 1}, "formation 2", "(b --bbw bb--w bb--w b---w -www-)", 1),
    # P0 takes both of heap 1: P1 and P2 must take the last two, and P0 follows the last taker.
    ("nim3p", {"heaps": 5, "size": 20}, "maxn 4", "(P0 2 1 1 0 0)", 3),
    ("nim3p", {"heaps": 5, "size": 20}, "endmcts 300", "(P0 2 1 1 0 0)", 3),
    # P0 leaves five heaps of one: P1, P2, P0, P1 take one each and P2 the last.
    ("nim3p", {"heaps": 5, "size": 20}, "maxn 7", "(P0 1 1 1 1 5)", 6),
    ("nim3p", {"heaps": 5, "size": 20}, "endmcts 300", "(P0 1 1 1 1 5)", 6),
]


@pytest.mark.parametrize("name, options, player, text, plies", WINS, ids=lambda v: str(v))
def test_the_search_players_find_a_forced_win(name, options, player, text, plies):
    game = make_game(name, **options)
    position = game.parse_position(text)
    expected = winning_moves(game, position, plies)
    assert expected and len(expected) < len(game.moves(position))  # the test can fail
    choice = make_strategy(game, player, random.Random(0)).choose(position)
    assert choice.move in expected, (choice.reason, [game.format_move(position, m) for m in expected])


BLOCKS = [
    # X threatens d1 (a1 b1 c1): O must drop there.
    ("connectfour", {}, "threats 4", "(o xxx---- oo----- ------- ------- ------- -------)"),
    # the same in Kaboom, where a bomb dropped into d blocks as well
    ("kaboom", {"rows": 6, "cols": 7}, "linesearch 2", "(o 1 1 xxx---- oo----- ------- ------- ------- -------)"),
    ("tomorrowstictactoe", {"rows": 4, "cols": 4}, "linesearch 2", "(o xx-- o--- ---- ----)"),
    # Black threatens c1-e (pushing e1 off): White must move e1 out of the row.
    ("abalone", {"rows": 5, "cols": 5, "captures": 1}, "formation 2", "(w --bbw bb--w bb--w b---w -www-)"),
]


@pytest.mark.parametrize("name, options, player, text", BLOCKS, ids=lambda v: str(v))
def test_the_search_players_block_a_win_at_once(name, options, player, text):
    game = make_game(name, **options)
    position = game.parse_position(text)
    expected = safe_moves(game, position)
    assert expected and len(expected) < len(game.moves(position))
    choice = make_strategy(game, player, random.Random(0)).choose(position)
    assert choice.move in expected, (choice.reason, [game.format_move(position, m) for m in expected])


def test_threats_under_misere_avoids_completing_a_line():
    game = make_game("connectfour", misere=True)
    # X to move: d1 would complete a1 b1 c1 d1 and lose; every other column is safe.
    position = game.parse_position("(x xxx---- ooo---- ------- ------- ------- -------)")
    expected = safe_moves(game, position)
    losing = [move for move in game.moves(position) if game.outcome(game.play(position, move)) == (-1.0, 1.0)]
    assert losing and set(expected).isdisjoint(losing)
    choice = make_strategy(game, "threats 4", random.Random(0)).choose(position)
    assert choice.move not in losing


@pytest.mark.parametrize("strategy", ["maxn 3", "safemcts 400"])
def test_three_player_sim_players_find_wins_and_avoid_triangles(strategy):
    """Positions of seeded random games of three-player Sim on 6 nodes where some moves lose
    at once (close a triangle of the mover's colour) and some do not, and some where a move
    wins by force within three plies: the player takes a safe move, and a winning one."""
    game = make_game("sim", players=3)
    player = make_strategy(game, strategy, random.Random(0))
    rng = random.Random(5)
    checked_safe = checked_wins = 0
    for _ in range(100):
        if checked_safe == 3 and checked_wins == 2:
            break
        position = game.start()
        while game.outcome(position) is None:
            moves = game.moves(position)
            mover = game.to_move(position)
            closing = [move for move in moves if mover in game.play(position, move)[2]]
            if closing and len(closing) < len(moves) and checked_safe < 3:
                assert player.choose(position).move not in closing
                checked_safe += 1
            if checked_wins < 2 and len(moves) <= 8:
                winning = winning_moves(game, position, 3)
                if winning and len(winning) < len(moves):
                    assert player.choose(position).move in winning
                    checked_wins += 1
            position = game.play(position, rng.choice(moves))
    assert (checked_safe, checked_wins) == (3, 2)


def test_maxn_is_seeded_and_plays_the_same_with_the_same_rng():
    game = make_game("nim3p", heaps=5, size=20)
    first = make_strategy(game, "maxn 2", random.Random(4)).choose(game.start())
    assert make_strategy(game, "maxn 2", random.Random(4)).choose(game.start()).move == first.move


def test_nim3p_known_shares_name_a_winner_exactly_where_one_can_force_the_win():
    """Against a walk of the game tree (every other player against the winner) on small heaps."""
    import itertools

    game = make_game("nim3p", heaps=4, size=4)
    for heaps in itertools.product(range(4), repeat=4):
        if sum(heaps) > 8:
            continue  # (a walk of a few seconds)
        position = (0, heaps)
        if game.outcome(position) is not None:
            continue
        known = game.known_shares(position)
        forced = [wins_within(game, position, sum(heaps), player) for player in range(3)]
        assert (1.0 in known) == any(forced), heaps
        if 1.0 in known:
            assert forced[known.index(1.0)], heaps


def test_threats_asks_the_exact_search_once_the_board_fills():
    """With a time budget on 6x7, from EXACT_AFTER pieces on, on positions of seeded random
    games where some move wins by force within three plies (by the rules) but none at once,
    and some move does not, the exact search finds a winning move: one after which the
    opponent loses by the exact search's full score."""
    from gamesman.games.connectfour.search import EXACT_AFTER

    game = make_game("connectfour")
    # the machine code of both searches first (compiled once after install, which the time
    # budget would otherwise spend running them as Python): this test is about the choice
    make_strategy(game, "threats 1", random.Random(0)).choose(game.start())
    game.exact.make_ready(None)
    player = make_strategy(game, "threats --time 4", random.Random(0))
    rng = random.Random(2)
    checked = 0
    for _ in range(200):
        position = game.start()
        while game.outcome(position) is None and checked < 2:
            pieces = game.size - position[1].count("-")
            if pieces >= EXACT_AFTER:
                expected = winning_moves(game, position, 3)
                if expected and len(expected) < len(game.moves(position)) and not winning_moves(game, position, 1):
                    choice = player.choose(position)
                    assert "a win by the exact search" in choice.reason
                    child = game.play(position, choice.move)
                    assert game.known_result(child).value is Value.LOSE
                    checked += 1
            position = game.play(position, rng.choice(game.moves(position)))
        if checked == 2:
            break
    assert checked == 2


def test_the_outcome_of_the_exact_search_is_the_sign_of_its_score():
    """``ExactSearch.outcome`` (two null windows at most) says win, tie or loss as the full score does,
    on positions of seeded random 6x7 games from 12 pieces on, and on the empty 4x4 board (a tie)."""
    import time

    from gamesman.games.connectfour.search import ThreatSearch

    game = make_game("connectfour")
    player = ThreatSearch(game, random.Random(0))
    rng = random.Random(5)
    outcomes = set()
    for _ in range(12):
        position = game.start()
        while game.outcome(position) is None:
            pieces = game.size - position[1].count("-")
            if pieces >= 12 and rng.random() < 0.2:
                mine, mask = player.bit_boards(position)
                outcome = game.exact.outcome(mine, mask, time.monotonic() + 60)
                score = game.exact.score(mine, mask)
                assert outcome == (score > 0) - (score < 0), position
                outcomes.add(outcome)
            position = game.play(position, rng.choice(game.moves(position)))
    assert outcomes >= {-1, 1}
    small = make_game("connectfour", rows=4, cols=4)
    assert small.exact.outcome(0, 0, time.monotonic() + 60) == 0 == small.exact.score(0, 0)


@pytest.mark.parametrize("name, options, estimate", [
    ("kaboom", {"rows": 6, "cols": 7, "bombs": 2}, "evaluate"),
    ("kaboom", {"rows": 6, "cols": 7, "bombs": 2, "misere": True}, "evaluate"),
    ("tomorrowstictactoe", {"rows": 5, "cols": 5}, "evaluate"),
    ("abalone", {"rows": 5, "cols": 5}, "formation"),
    ("abalone", {"rows": 5, "cols": 5, "misere": True}, "formation"),
])
def test_the_estimates_are_zero_sum_and_favour_the_side_ahead(name, options, estimate):
    """On positions of seeded random games, the estimate for the player to move is minus the
    estimate for the other on the same board, and stays within [-1, 1]."""
    game = make_game(name, **options)
    rate = getattr(game, estimate)
    rng = random.Random(1)
    position = game.start()
    for _ in range(30):
        if game.outcome(position) is not None:
            position = game.start()
        value = rate(position)
        other = (1 - position[0], *position[1:])
        assert -1 <= value <= 1 and rate(other) == pytest.approx(-value)
        position = game.play(position, rng.choice(game.moves(position)))
    # a line of three of the player to move's pieces (Tomorrow's Tic-Tac-Toe: two, and o's two
    # marks, which play needs there, alone in far corners), nothing else
    if name != "abalone":
        row = "xxx----" if name == "kaboom" else "xx--o"
        empty = "-" * (7 if name == "kaboom" else 5)
        last = empty if name == "kaboom" else "----o"
        rows = " ".join([row] + [empty] * (game.rows - 2) + [last])
        # (in Kaboom each player has set off one of its bombs, which frees the counts of pieces)
        text = f"(x 1 1 {rows})" if name == "kaboom" else f"(x {rows})"
        favoured = rate(game.parse_position(text))
        assert favoured < 0 if options.get("misere") else favoured > 0


def test_threats_sets_traps_where_every_move_loses_or_ties():
    """On 6x7 positions of seeded random games (from 16 pieces) where no move wins, by the
    exact search's full scores, threats plays a best move (where every move loses, one of the
    longest losses) after which the opponent has the fewest replies that keep its outcome
    (counted from the full scores too)."""

    game = make_game("connectfour")
    player = make_strategy(game, "threats --time 30", random.Random(0))
    mine = {Value.WIN: 1, Value.TIE: 0, Value.LOSE: -1}

    def outcome_for(mover, position):
        ended = game.outcome(position)
        if ended is not None:
            return (ended[mover] > ended[1 - mover]) - (ended[mover] < ended[1 - mover])
        value = mine[game.known_result(position).value]
        return value if game.to_move(position) == mover else -value

    rng = random.Random(3)
    checked = 0
    while checked < 3:
        position = game.start()
        while game.outcome(position) is None:
            turn = position[0]
            if game.size - position[1].count("-") >= 16:
                after = {move: outcome_for(turn, game.play(position, move)) for move in game.moves(position)}
                best = max(after.values())
                if best < 1 and sum(value == best for value in after.values()) > 1:
                    candidates = [move for move, value in after.items() if value == best]
                    if best < 0:  # losers stall: the latest of the losses
                        remoteness = {move: game.known_result(game.play(position, move)).remoteness
                                      for move in candidates}
                        candidates = [move for move in candidates if remoteness[move] == max(remoteness.values())]
                    keeping = {move: sum(outcome_for(turn, game.play(game.play(position, move), reply)) <= best
                                         for reply in game.moves(game.play(position, move)))
                               for move in candidates}
                    choice = player.choose(position)
                    assert choice.move in keeping and keeping[choice.move] == min(keeping.values()), position
                    assert "by the exact search; the opponent keeps" in choice.reason
                    checked += 1
                    break
            position = game.play(position, rng.choice(game.moves(position)))


#: Connect Four 6x7 where x loses whatever it does, and b lets o win at once (a, f and g hold out longest).
LOST_WITH_MATE_IN_ONE = "(x xoxxoo- -xooox- -oxxoo- -xoox-- --oxo-- --xxx--)"


def assert_longest_loss(solver, player, position) -> None:
    """The player's move at a lost position is one of the longest losses by the solver (its
    best first: for a loss, the longest), and some move loses sooner (so the check can fail)."""
    rows = solver.move_results(position)
    assert {result.value for _, result in rows} == {Value.LOSE}, position
    assert rows[-1][1].remoteness < rows[0][1].remoteness, position
    move = player.choose(position).move
    assert dict(rows)[move].remoteness == rows[0][1].remoteness, (position, move, rows)


@pytest.mark.parametrize("strategy", ["threats --time 30", "perfect"])
def test_a_lost_connectfour_player_keeps_the_game_going_longest(strategy):
    """At the 6x7 position where every move loses and one loses at once, and at lost positions
    of seeded random games (from 16 pieces) whose moves lose sooner or later, the player plays
    a longest loss by the exact search's results (GAMESMAN's remoteness: losers stall)."""
    from gamesman.solver.strong import Solver

    game = make_game("connectfour")
    solver = Solver(game)
    player = make_strategy(game, strategy, random.Random(0))
    assert_longest_loss(solver, player, game.parse_position(LOST_WITH_MATE_IN_ONE))
    rng = random.Random(4)
    checked = 0
    while checked < 2:
        position = game.start()
        while game.outcome(position) is None:
            if game.size - position[1].count("-") >= 16 and game.known_result(position).value is Value.LOSE:
                remoteness = {solver.move_result(position[0], game.play(position, move)).remoteness
                              for move in game.moves(position)}
                if len(remoteness) > 1:
                    assert_longest_loss(solver, player, position)
                    checked += 1
                    break
            position = game.play(position, rng.choice(game.moves(position)))


@pytest.mark.parametrize("name, options, strategy", [
    ("tictactoe", {}, "perfect"),
    ("tictactoe", {}, "alphabeta 9"),
    ("connectfour", {"rows": 4, "cols": 4}, "perfect"),
    ("connectfour", {"rows": 4, "cols": 4}, "threats 16"),
    ("connectfour", {"rows": 4, "cols": 4}, "alphabeta 16"),
])
def test_every_lost_position_of_a_small_variant_is_played_for_the_longest_loss(name, options, strategy):
    """At every reachable position of a solved variant that is lost, whose moves lose sooner or
    later, a player that proves the loss (the solver's, or a search deep enough to see the end)
    plays a move whose result has the solver's longest remoteness."""
    from solver_checks import reachable

    from gamesman.solver.strong import Solver

    game = make_game(name, **options)
    solver = Solver(game)
    player = make_strategy(game, strategy, random.Random(0))
    checked = 0
    for position in reachable(game, game.start(), 200_000):
        if game.outcome(position) is None and solver.result(position).value is Value.LOSE:
            rows = solver.move_results(position)
            if rows[-1][1].remoteness < rows[0][1].remoteness:
                assert_longest_loss(solver, player, position)
                checked += 1
    assert checked > 100


def test_threats_plays_its_python_version_while_numba_compiles_it(monkeypatch):
    """After install numba's cache is empty: with a time budget, threats asks the background
    to compile its search and plays this move from the search's Python version (says so),
    whose values are those of the machine code at the same depth."""
    import numpy as np
    from test_connectfour_exact import PendingWarmup

    from gamesman.games.connectfour import search
    from gamesman.players import compiled
    from gamesman.players.compiled import python_version

    pending = PendingWarmup()
    monkeypatch.setattr(compiled, "WARMUP", pending)
    monkeypatch.setattr(compiled, "cached_on_disk", lambda function: False)
    game = make_game("connectfour")
    position = game.play(game.start(), 3)
    choice = make_strategy(game, "threats --time 0.2", random.Random(0)).choose(position)
    assert choice.move in game.moves(position) and "run as Python while numba compiles" in choice.reason
    assert pending.asked == [search.SEARCH_KERNELS]
    rng = random.Random(3)
    for _ in range(4):
        position = game.start()
        for _ in range(rng.randrange(0, 14)):
            if game.outcome(position) is None:
                position = game.play(position, rng.choice(game.moves(position)))
        if game.outcome(position) is not None:
            continue
        found = []
        for root in (search.search_root, python_version(search.search_root)):
            player = search.ThreatSearch(game, random.Random(0))
            mine, occupied = player.bit_boards(position)
            order = np.array([(occupied + player.board.bottom) & player.board.column_masks[c]
                              for c in game.moves(position)], np.uint64)
            values, counters = np.full(len(order), -np.inf), np.array([0, 2 ** 62, 0, 0], np.int64)
            root(np.uint64(mine), np.uint64(occupied), order, 5, player.geometry, player.masks, player.weights,
                 player.table, counters, values)
            found.append((values.tolist(), counters.tolist()))
        assert found[0] == found[1], position
def test_threats_says_the_scale_of_its_scores():
    """A score short of a proof reads on its scale: -1 a loss, +1 a win, for the mover."""
    game = make_game("connectfour")
    position = game.parse_position("(x xo----- ------- ------- ------- ------- -------)")
    reason = make_strategy(game, "threats 4", random.Random(0)).choose(position).reason
    assert re.search(r"^[a-g]: score [-+]\d\.\d\d \(-1 lost, \+1 won\) at depth 4, ", reason), reason
