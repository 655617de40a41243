"""Search players in games with hidden information see only the mover's view.

``sample_position`` draws a full position from a view; the search players search
such draws, so two positions that look the same to the mover get the same move.
"""
import random
from collections import Counter

import pytest

from gamesman.contract.game import CHANCE
from gamesman.players.strategies import estimate, make_strategy
from gamesman.players.play import next_random
from gamesman.contract.registry import make_game

GAMES = [("poker", dict(players=3)), ("poker", dict(players=2)), ("beverbende", dict(players=3))]


def positions_to_decide(game, seed, count):
    """Positions where a player (not chance) is to move, from seeded random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        position = game.start()
        for _ in range(rng.randrange(1, 60)):
            if game.outcome(position) is not None:
                break
            position = next_random(game, position, rng)
        if game.outcome(position) is None and game.to_move(position) != CHANCE:
            found.append(position)
    return found


def all_cards(game, position):
    if game.name == "poker":
        return Counter(position.holes[p][i:i + 2] for p in range(game.players)
                       for i in range(0, len(position.holes[p]), 2)) + Counter([position.board])
    return Counter("".join(position.hands) + position.closed + position.open + position.held)


@pytest.mark.parametrize("name, options", GAMES)
def test_a_sampled_position_looks_the_same_to_its_viewer(name, options):
    game = make_game(name, **options)
    rng = random.Random(7)
    differs = 0
    for position in positions_to_decide(game, 1, 40):
        for player in range(game.players):
            view = game.view(position, player)
            sample = game.sample_position(game.parse_view(view), rng)
            assert game.view(sample, player) == view
            assert game.parse_position(game.format_position(sample)) == sample  # a real position
            assert sum(all_cards(game, sample).values()) == sum(all_cards(game, position).values())
            differs += sample != position
    assert differs > 20  # the hidden cards really are dealt again


SEARCHES = [pytest.param(name, options, ["mcts", "48"], marks=[pytest.mark.slow] if name == "poker" else [])
            for name, options in GAMES] + [("beverbende", dict(players=2), ["alphabeta", "1"])]


@pytest.mark.parametrize("name, options, strategy", SEARCHES)
def test_search_moves_do_not_depend_on_cards_the_mover_has_not_seen(name, options, strategy):
    game = make_game(name, **options)
    rng = random.Random(3)
    checked = 0
    for position in positions_to_decide(game, 2, 4):
        mover = game.to_move(position)
        if len(game.moves(position)) < 2:
            continue
        twin = game.sample_position(game.parse_view(game.view(position, mover)), rng)
        if twin == position:
            continue
        first = make_strategy(game, strategy, random.Random(5)).choose(position)
        second = make_strategy(game, strategy, random.Random(5)).choose(twin)
        assert (first.move, first.reason) == (second.move, second.reason), game.format_position(position)
        rated = [estimate(make_strategy(game, strategy, random.Random(5)), p).rows for p in (position, twin)]
        assert rated[0] == rated[1]
        checked += 1
    assert checked >= 2


def test_the_protocol_engine_searches_a_view():
    from gamesman.protocol.engine import Engine

    game = make_game("beverbende", players=2)
    position = positions_to_decide(game, 4, 1)[0]
    view = game.view(position, game.to_move(position))
    engine = Engine()
    replies = [engine.handle_line(line.encode() + b"\n").decode() for line in
               ("game beverbende players=2", "strategy mcts 40", f"setposition {view}", "genmove")]
    assert all(reply.startswith("=") for reply in replies), replies
    move = replies[-1][1:].strip()
    assert move in [game.format_move(position, m) for m in game.moves(position)]
