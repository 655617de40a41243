"""Every game of two or more players as a PettingZoo AEC environment.

>>> from gamesman.adapters.pettingzoo import env
>>> table = env("tictactoe", render_mode="ansi")
>>> table.reset(seed=1)
>>> table.possible_agents, table.action_space("x")
(['x', 'o'], Discrete(9))
>>> table.step(4)  # x takes the centre
>>> observation, reward, terminated, truncated, info = table.last()
>>> table.agent_selection, observation["action_mask"].tolist()
('o', [1, 1, 1, 1, 0, 1, 1, 1, 1])

The agents are the game's player names, and an agent's action is the number of a move
in the variant's action index (``ActionIndex``); its observation is a dictionary, as
PettingZoo's classic games give it: ``observation``, the array of what that agent sees
(``ObservationTensor``: from its own view, so hidden parts never show), and
``action_mask``, 1 for each legal action of the agent to move.  At the end every agent
is rewarded its utility.  Chance moves (deals, dice) are drawn inside ``step`` and
``reset`` from the environment's generator, seeded by ``reset(seed=...)``.

A game that may go on for ever (Abalone) ends, truncated, after ``max_moves`` moves
when that is given: every agent is then truncated, with no reward.

With ``values=True`` the environment also tells how good each move was, from the
solver (the variant must be solved or answered exactly on demand): after an agent
moves, ``infos[agent]`` holds ``value`` (``win``, ``lose``, ``tie`` or ``draw`` for
the mover, or its utility in a game of more players), ``remoteness`` (the moves left
to the end under perfect play, this one included) and ``perfect`` (whether no move was better).
"""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from gamesman.adapters.episodes import (RENDER_FPS, RENDER_MODES, Episode, action_mask, checked_render_mode, rendered,
                                        show_if_human, variant)
from gamesman.adapters.spaces import observation_box
from gamesman.contract.capabilities import action_index, observation_tensor
from gamesman.contract.errors import GameError
from gamesman.contract.game import Game
from gamesman.solver.database import answers_exactly
from gamesman.solver.strong import Solver

def env(game: str | Game[Any, Any], render_mode: str | None = None, values: bool = False,
        max_moves: int | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (a registered name, with its ``options``,
    or a variant): see the module."""
    return OrderEnforcingWrapper(GameEnv(variant(game, options), render_mode, values, max_moves))


class GameEnv(AECEnv):
    """One variant as an AEC environment (``env`` wraps it in PettingZoo's order checks)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": RENDER_FPS, "name": "gamesman", "is_parallelizable": False}

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None, values: bool = False,
                 max_moves: int | None = None) -> None:
        super().__init__()
        if game.players < 2:
            raise GameError(f"{game.name}: one player; a PettingZoo environment needs two or more")
        if max_moves is not None and max_moves < 1:
            raise GameError(f"{game.name}: max_moves must be at least 1, not {max_moves}")
        if values and not answers_exactly(game):
            raise GameError(f"{game.name}: values=True needs a variant that is solved or answered exactly")
        self.game = game
        self.index = action_index(game)
        self.tensor = observation_tensor(game)
        self.solver = Solver(game) if values else None
        self.render_mode = checked_render_mode(game, render_mode)
        self.max_moves = max_moves
        self.moves_made = 0
        self.metadata = {**self.metadata, "name": f"gamesman_{game.name}"}
        self.possible_agents = list(game.player_names)
        seen = spaces.Dict({
            "observation": observation_box(self.tensor),
            "action_mask": spaces.Box(0, 1, (self.index.action_count(),), np.int8)})
        self.observation_spaces = {agent: seen for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.index.action_count()) for agent in self.possible_agents}
        self.episode = Episode(game)

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` seeds the chance moves (kept from the last reset without one)."""
        self.episode.reset(seed)
        self.moves_made = 0
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.game.player_name(self.game.to_move(self.position))
        show_if_human(self.episode, self.render_mode)

    @property
    def position(self) -> Any:
        return self.episode.position

    def observe(self, agent: str) -> dict[str, Any]:
        player = self.possible_agents.index(agent)
        if self.game.to_move(self.position) == player:
            mask = action_mask(self.index, self.position)
        else:
            mask = np.zeros(self.index.action_count(), np.int8)
        return {"observation": self.tensor.observation(self.position, player), "action_mask": mask}

    def step(self, action: Any) -> None:
        """The agent to move plays ``action``; an illegal one is a GameError and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise GameError(f"{self.game.name}: {agent} is to move; None is an action only after the end")
        move = self.index.move_of(self.position, action)
        value = self.move_value(self.position, move)
        self.episode.play(move)
        self.moves_made += 1
        self.infos[agent] = value
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {name: 0.0 for name in self.agents}
        utilities = self.game.outcome(self.position)
        if utilities is not None:
            self.rewards = {name: float(utility) for name, utility in zip(self.possible_agents, utilities)}
            self.terminations = {name: True for name in self.agents}
        elif self.moves_made == self.max_moves:
            self.truncations = {name: True for name in self.agents}
        self.agent_selection = self.game.player_name(self.game.to_move(self.position))
        self._accumulate_rewards()
        show_if_human(self.episode, self.render_mode)

    def move_value(self, position: Any, move: Any) -> dict[str, Any]:
        """What the solver says of ``move`` from ``position`` (nothing without ``values``)."""
        if self.solver is None:
            return {}
        mover = self.game.to_move(position)
        result = self.solver.move_result(mover, self.game.play(position, move))
        return {"value": result.value.value if result.value is not None else result.utility(mover),
                "remoteness": result.remoteness, "perfect": move in self.solver.best_moves(position)}

    def render(self) -> str | None:
        """The board as the shell draws it, with whose turn it is or how the game ended:
        given (``ansi``), or printed (``human``)."""
        return rendered(self.episode, self.render_mode)

    def close(self) -> None:
        """Nothing to free."""
