"""The search players: registered, parsed, deterministic, right on small cases, and far better than random."""
import random
import re
from fractions import Fraction

import pytest

from gamesman.contract.capabilities import Capabilities
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game, Option
from gamesman.players.strategies import STRATEGIES, estimate, make_strategy
from gamesman.players.play import random_outcome
from gamesman.contract.registry import game_names, make_game
from gamesman.players.search import DEFAULT_SECONDS, AlphaBetaPlayer, MCTSPlayer
from gamesman.solver.strong import Solver


class Gamble(Game):
    """A toy game with chance: x plays ``safe`` (a tie) or ``gamble`` (x wins with probability p).

    With ``solo`` there is one player: safe is worth 0.5, a won gamble 1, a lost one 0.
    """

    name = "gamble"
    player_names = ("x", "o")
    p = Option(float, 0.5, "chance that the gamble wins", low=0, high=1)
    solo = Option(bool, False, "one player")

    def setup(self):
        if self.solo:
            self.player_names = ("x",)

    def declare(self):
        return Capabilities(players=self.players, chance=True, solvable=True)

    def start(self):
        return "start"

    def to_move(self, position):
        return CHANCE if position == "dice" else 0

    def moves(self, position):
        return ["safe", "gamble"] if position == "start" else []

    def chances(self, position):
        p = Fraction(self.p).limit_denominator(100)
        return [("won", p), ("lost", 1 - p)] if position == "dice" else []

    def play(self, position, move):
        if move not in self.legal_moves(position):
            raise self.illegal(f"{move} is not legal here")
        return "dice" if move == "gamble" else move

    def outcome(self, position):
        ends = {"safe": 0.5, "won": 1.0, "lost": 0.0} if self.solo else {"safe": 0.0, "won": 1.0, "lost": -1.0}
        if position not in ends:
            return None
        if self.solo:
            return (ends[position],)
        return (ends[position], -ends[position])


def play_out(game, strategies):
    """The utilities at the end of one game between ``strategies`` (one per player)."""
    position = game.start()
    while game.outcome(position) is None:
        position = game.play(position, strategies[game.to_move(position)].choose(position).move)
    return game.outcome(position)


def record_against_random(game, words, games=10):
    """(wins, losses) of the search player against random players, changing seats each game."""
    wins = losses = 0
    for number in range(games):
        seat = number % game.players
        strategies = [make_strategy(game, "random", random.Random(1000 + number)) for _ in range(game.players)]
        strategies[seat] = make_strategy(game, words, random.Random(number))
        utilities = play_out(game, strategies)
        best = max(utilities)
        if utilities[seat] == best and utilities.count(best) == 1:
            wins += 1
        elif utilities[seat] < best:
            losses += 1
    return wins, losses


def test_registered_with_the_other_strategies():
    assert "mcts" in STRATEGIES and "alphabeta" in STRATEGIES
    game = make_game("tictactoe")
    assert isinstance(make_strategy(game, "mcts"), MCTSPlayer)
    assert make_strategy(game, "mcts 250").iterations == 250
    timed = make_strategy(game, "mcts --time 0.5")
    assert (timed.iterations, timed.seconds) == (None, 0.5)
    assert make_strategy(game, "mcts 300 --time=500ms").describe() == "mcts 300 --time 0.5"
    default = make_strategy(game, "alphabeta")
    assert (default.depth, default.seconds) == (None, DEFAULT_SECONDS)
    assert make_strategy(game, "alphabeta 4 --time 2").describe() == "alphabeta 4 --time 2"


def test_every_search_player_takes_a_count_and_a_time_and_defaults_to_a_time_budget():
    game = make_game("tictactoe")
    for name in ("mcts", "alphabeta", "expectimax"):
        alone = make_strategy(game, name)
        assert alone.describe() == f"{name} --time {DEFAULT_SECONDS:g}"  # named alone: about a second
        assert make_strategy(game, f"{name} --iterations 3").describe() == f"{name} 3"  # alphabeta: depth 3
        assert make_strategy(game, f"{name} --iterations=3 --time 2").describe() == f"{name} 3 --time 2"
        for bad in ("--iterations", "--iterations x", "--iterations 0", "3 --iterations 4", "--time 0"):
            with pytest.raises(GameError):
                make_strategy(game, f"{name} {bad}")
    assert make_strategy(game, "expectimax auto").describe() == "expectimax auto"  # the depth follows the board
    assert make_strategy(game, "expectimax 50ms").describe() == "expectimax --time 0.05"


def test_choices_and_estimates_say_the_search_and_the_seconds_behind_them():
    game = make_game("tictactoe")
    position = game.play(game.start(), 4)
    seconds = r" in \d+\.\d\d s"
    mcts = make_strategy(game, "mcts 200", random.Random(0))
    assert re.fullmatch(r"200 iterations, [\d,]+ nodes" + seconds, estimate(mcts, position).spent)
    assert re.search(r"of 200 iterations, [\d,]+ nodes$", mcts.choose(position).reason)  # the same words each time
    assert re.search(r"of [\d,]+ iterations, [\d,]+ nodes" + seconds + "$",
                     make_strategy(game, "mcts --time 0.05").choose(position).reason)
    alphabeta = make_strategy(game, "alphabeta 3", random.Random(0))
    assert re.fullmatch(r"depth 3, [\d,]+ nodes" + seconds, estimate(alphabeta, position).spent)
    expectimax = make_strategy(game, "expectimax 2", random.Random(0))
    assert re.fullmatch(r"depth 2" + seconds + "; ratings are the game's evaluation at the search's horizon,"
                        " in expectation, not expected outcomes", estimate(expectimax, position).spent)
    timed = make_strategy(game, "expectimax --time 0.05").choose(position)
    assert re.search(r"\(depth \d+" + seconds + r"\)$", timed.reason)


@pytest.mark.parametrize("words", ["mcts zero", "mcts 0", "mcts --time", "mcts --time -1", "mcts 5 6",
                                   "alphabeta 0", "alphabeta 999", "alphabeta --depth 3", "alphabeta --time x"])
def test_bad_arguments_are_one_line_errors(words):
    with pytest.raises(GameError) as problem:
        make_strategy(make_game("tictactoe"), words)
    assert "\n" not in str(problem.value)


def test_alphabeta_is_for_two_players_only():
    with pytest.raises(GameError, match="two-player"):
        make_strategy(make_game("nim3p"), "alphabeta")


def test_no_moves_is_an_error():
    game = make_game("tictactoe")
    ended = game.parse_position("(o xxx oo- ---)")
    for words in ("mcts 10", "alphabeta 2"):
        with pytest.raises(GameError):
            make_strategy(game, words).choose(ended)


@pytest.mark.parametrize("words", ["mcts 300", "alphabeta 3"])
def test_deterministic_given_the_rng(words):
    game = make_game("connectfour", rows=5, cols=5)
    position = game.parse_position("(x xo--- xo--- ----- ----- -----)")
    first = make_strategy(game, words, random.Random(42)).choose(position)
    again = make_strategy(game, words, random.Random(42)).choose(position)
    assert first == again


def test_mcts_reason_names_move_rate_and_effort():
    game = make_game("tictactoe")
    choice = make_strategy(game, "mcts 400", random.Random(3)).choose(game.start())
    assert choice.reason.startswith(f"best {game.format_move(game.start(), choice.move)}, win rate ")
    assert "mean utility" in choice.reason and "of 400 iterations" in choice.reason and "nodes" in choice.reason


def test_both_take_a_win_and_block_a_loss():
    game = make_game("tictactoe")
    win = game.parse_position("(x xx- oo- ---)")   # x wins at c1
    block = game.parse_position("(o xx- o-- ---)")  # o must block c1
    for words in ("mcts 500", "alphabeta"):
        for position in (win, block):
            choice = make_strategy(game, words, random.Random(1)).choose(position)
            assert game.format_move(position, choice.move) == "c1", (words, choice)
    reason = make_strategy(game, "alphabeta", random.Random(1)).choose(win).reason
    assert reason == "best c1, forced win at depth 1, 5 nodes"


def test_alphabeta_to_the_end_plays_as_the_solver():
    game = make_game("tictactoe")
    solver = Solver(game, database=None)
    player = make_strategy(game, "alphabeta 9", random.Random(0))
    rng = random.Random(8)
    for _ in range(2):
        position = game.play(game.start(), rng.choice(game.moves(game.start())))
        while game.outcome(position) is None:
            rows = solver.move_results(position)
            choice = player.choose(position)
            assert dict(rows)[choice.move].value == rows[0][1].value, (game.format_position(position), choice)
            assert "exact" in choice.reason or "forced" in choice.reason
            position = game.play(position, rng.choice(game.moves(position)))


def test_alphabeta_holds_out_longest_when_lost():
    game = make_game("tictactoe")
    lost = game.parse_position("(o xx- o-- ---)")  # blocking c1 loses later; anything else at once
    choice = make_strategy(game, "alphabeta", random.Random(1)).choose(lost)
    assert game.format_move(lost, choice.move) == "c1"
    assert "forced loss" in choice.reason


def test_alphabeta_with_a_time_budget_reports_its_depth():
    game = make_game("connectfour")
    choice = make_strategy(game, "alphabeta --time 0.3", random.Random(1)).choose(game.start())
    assert choice.move in game.moves(game.start())
    assert " at depth " in choice.reason


@pytest.mark.parametrize("p, expected", [(0.3, "safe"), (0.8, "gamble")])
@pytest.mark.parametrize("solo", [False, True])
def test_chance_nodes_are_weighed_by_their_probabilities(p, expected, solo):
    game = Gamble(p=p, solo=solo)
    assert MCTSPlayer(game, random.Random(2), iterations=400).choose("start").move == expected
    if not solo:
        assert AlphaBetaPlayer(game, random.Random(2), depth=2).choose("start").move == expected


def test_mcts_plays_max_n_for_three_players():
    game = make_game("nim3p", heaps=2, size=2)
    position = game.parse_position("(P0 2 1)")  # 1-1 forces P2 to take the last item: P0 wins
    choice = make_strategy(game, "mcts 600", random.Random(4)).choose(position)
    assert game.format_move(position, choice.move) == "1-1"
    assert dict(Solver(game, database=None).move_results(position))[choice.move].utilities == (1.0, 0.0, 0.0)


def test_mcts_works_for_three_player_sim_with_a_coalition():
    game = make_game("sim", nodes=5, players=3, coalition="1-2")
    position = game.start()
    while game.outcome(position) is None:
        position = game.play(position, make_strategy(game, "mcts 30", random.Random(5)).choose(position).move)
    assert len(game.outcome(position)) == 3


@pytest.mark.parametrize("name", game_names())
def test_mcts_plays_every_registered_game(name):
    game = make_game(name)
    position = game.start()
    rng = random.Random(1)
    while game.to_move(position) == CHANCE and game.outcome(position) is None:
        position = game.play(position, random_outcome(game, position, rng))
    if game.outcome(position) is not None:
        pytest.skip(f"{game.spec} starts over")
    choice = make_strategy(game, "mcts 8", random.Random(1)).choose(position)
    assert choice.move in game.moves(position) and choice.reason


def test_mcts_beats_random_at_tictactoe():
    wins, losses = record_against_random(make_game("tictactoe"), "mcts 200")
    assert wins >= 8 and losses <= 1


def test_mcts_beats_random_at_connect_four():
    wins, losses = record_against_random(make_game("connectfour", rows=5, cols=5), "mcts 100")
    assert wins >= 9 and losses == 0


def test_alphabeta_beats_random_at_tictactoe():
    wins, losses = record_against_random(make_game("tictactoe"), "alphabeta 4")
    assert wins >= 6 and losses == 0


def test_alphabeta_beats_random_at_connect_four():
    wins, losses = record_against_random(make_game("connectfour", rows=5, cols=5), "alphabeta 3")
    assert wins >= 9 and losses == 0


@pytest.mark.parametrize("words", [["mcts", "²"], ["alphabeta", "١"], ["mcts", "10", "20"]])
def test_search_budgets_are_ascii_numbers_once(words):
    with pytest.raises(GameError):
        make_strategy(make_game("tictactoe"), words, random.Random(1))
