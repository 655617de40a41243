"""Train a small agent on Connect Four 4x4 and measure how often its moves are perfect.

The agent keeps a table of action values, keyed by what it sees, and learns it by
Monte-Carlo self-play: after every game, each move it made is moved towards the
reward its side got at the end.  The solver then judges its moves as x against a
random o: ``infos["x"]["perfect"]`` says whether each was among the best.

    python docs/examples/learning/connectfour_4x4.py [GAMES]
"""
from __future__ import annotations

import random
import sys
from collections import defaultdict

import numpy as np

from gamesman.adapters.pettingzoo import env

Values = defaultdict[tuple[bytes, int], float]


def choose(values: Values, observation: dict, rng: random.Random, explore: float) -> int:
    """The legal action of highest value (a random one with probability ``explore``)."""
    legal = [int(action) for action in np.flatnonzero(observation["action_mask"])]
    if rng.random() < explore:
        return rng.choice(legal)
    seen = observation["observation"].tobytes()
    return max(legal, key=lambda action: (values[seen, action], rng.random()))


def train(games: int, seed: int = 0, explore: float = 0.2) -> Values:
    """Action values learnt from ``games`` games of self-play."""
    values: Values = defaultdict(float)
    visits: defaultdict[tuple[bytes, int], int] = defaultdict(int)
    table, rng = env("connectfour", rows=4, cols=4), random.Random(seed)
    for game in range(games):
        table.reset(seed=game)
        made: dict[str, list[tuple[bytes, int]]] = {agent: [] for agent in table.possible_agents}
        for agent in table.agent_iter():
            observation, reward, terminated, truncated, _ = table.last()
            if terminated or truncated:
                for key in made[agent]:
                    visits[key] += 1
                    values[key] += (float(reward) - values[key]) / visits[key]
                table.step(None)
                continue
            action = choose(values, observation, rng, explore)
            made[agent].append((observation["observation"].tobytes(), action))
            table.step(action)
    return values


def perfect_share(values: Values, games: int, seed: int = 1, explore: float = 0.0) -> float:
    """The share of x's moves that were perfect, x choosing by ``values`` against a random o."""
    table, rng = env("connectfour", rows=4, cols=4, values=True), random.Random(seed)
    perfect = moves = 0
    for game in range(games):
        table.reset(seed=game)
        for agent in table.agent_iter():
            observation, _, terminated, truncated, _ = table.last()
            if terminated or truncated:
                table.step(None)
                continue
            table.step(choose(values, observation, rng, explore if agent == "x" else 1.0))
            if agent == "x":
                perfect += table.infos["x"]["perfect"]
                moves += 1
    return perfect / moves


def main(games: int) -> None:
    untrained = perfect_share(defaultdict(float), 100, explore=1.0)
    trained = perfect_share(train(games), 100)
    print(f"random moves: {untrained:.0%} perfect; after {games} games of self-play: {trained:.0%} perfect")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)
