"""Every one-player game (2048, ...) as a Gymnasium environment.

>>> from gamesman.adapters.gymnasium import make
>>> puzzle = make("2048", rows=2, cols=2)
>>> observation, info = puzzle.reset(seed=3)
>>> observation.shape, puzzle.action_space
((2, 2), Discrete(4))

The action is the number of a move in the variant's action index (``ActionIndex``), the
observation the array of what the player sees (``ObservationTensor``); ``info`` holds
``action_mask``, 1 for each legal action.  The reward is 0 until the end, then the
game's utility (2048's score, or 1 for reaching its target).  Chance (2048's new tiles)
is drawn inside ``step`` and ``reset`` from the environment's generator, seeded by
``reset(seed=...)``.  An action that is no legal move here changes nothing: it earns 0,
the episode goes on, and ``info["illegal_action"]`` says so.

Importing this module also registers every one-player game as a Gymnasium id:
``gymnasium.make("gamesman/2048-v0")``.
"""
from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
from gymnasium import spaces

from gamesman.adapters.episodes import (RENDER_FPS, RENDER_MODES, Episode, action_mask, checked_render_mode, rendered,
                                        show_if_human, variant)
from gamesman.adapters.spaces import observation_box
from gamesman.contract.capabilities import action_index, observation_tensor
from gamesman.contract.errors import GameError, IllegalMove
from gamesman.contract.game import Game
from gamesman.contract.registry import game_class, game_names

def make(game: str | Game[Any, Any], render_mode: str | None = None, **options: Any) -> GameEnv:
    """A Gymnasium environment of ``game`` (a registered name, with its ``options``, or a
    variant) of one player: see the module."""
    return GameEnv(variant(game, options), render_mode)


class GameEnv(gymnasium.Env[Any, Any]):
    """One variant of a one-player game as a Gymnasium environment."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": RENDER_FPS}

    def __init__(self, game: Game[Any, Any], render_mode: str | None = None) -> None:
        if game.players != 1:
            raise GameError(f"{game.name}: {game.players} players; a Gymnasium environment needs one "
                            "(gamesman.adapters.pettingzoo has the others)")
        if game.outcome(game.start()) is not None:
            raise GameError(f"{game.name}: the game is over at its start with the options {game.spec}; "
                            "choose options that start it in play")
        self.game = game
        self.index = action_index(game)
        self.tensor = observation_tensor(game)
        self.render_mode = checked_render_mode(game, render_mode)
        self.observation_space = observation_box(self.tensor)
        self.action_space = spaces.Discrete(self.index.action_count())
        self.episode = Episode(game)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
        """A new game; ``seed`` seeds chance (the generator goes on without one)."""
        super().reset(seed=seed)
        self.episode.reset(seed)
        show_if_human(self.episode, self.render_mode)
        return self.observed(), self.info()

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        """The player plays ``action``; chance follows.  An action out of the action space is a
        GameError; one that is no legal move here changes nothing (see the module)."""
        move = self.index.move_of(self.episode.position, action)
        try:
            self.episode.play(move)
        except IllegalMove:
            return self.observed(), 0.0, False, False, {**self.info(), "illegal_action": True}
        show_if_human(self.episode, self.render_mode)
        utilities = self.game.outcome(self.episode.position)
        reward = 0.0 if utilities is None else float(utilities[0])
        return self.observed(), reward, utilities is not None, False, self.info()

    def observed(self) -> Any:
        return self.tensor.observation(self.episode.position, 0)

    def info(self) -> dict[str, Any]:
        return {"action_mask": action_mask(self.index, self.episode.position)}

    def render(self) -> str | None:
        """The board as the shell draws it, with how the game ended:
        given (``ansi``), or printed (``human``)."""
        return rendered(self.episode, self.render_mode)


def register_games() -> None:
    """Register every game of one player as ``gamesman/NAME-v0`` (``gymnasium.make`` takes
    the game's options as keyword arguments)."""
    for name in game_names():
        if len(game_class(name).player_names) == 1:
            gymnasium.register(id=f"gamesman/{name}-v0", entry_point=f"{__name__}:make", kwargs={"game": name})


register_games()
