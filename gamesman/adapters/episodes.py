"""What the learning doors share: the variant asked for, and one game played from its start,
its chance moves drawn from a seeded generator (no learning library needed)."""
from __future__ import annotations

import random
from typing import Any

import numpy as np

from gamesman.contract.capabilities import ActionIndex
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.registry import make_game
from gamesman.players.analysis import outcome_label
from gamesman.players.play import random_outcome

#: How the learning doors draw a game: ``ansi``, the text the shell shows (or None: no drawing).
RENDER_MODES = ["ansi", "human"]
#: The frames a second the environments' metadata declare, for wrappers that show or record
#: frames at a pace (``human`` printing itself is not paced: it prints at each step).
RENDER_FPS = 4


def variant(game: str | Game[Any, Any], options: dict[str, Any]) -> Game[Any, Any]:
    """The variant of ``game`` (a registered name) with ``options``, or ``game`` itself.

    >>> variant("nim", {"heaps": 2}).spec
    'nim(heaps=2,size=5,take=3,misere=false)'
    """
    if not isinstance(game, Game):
        return make_game(game, **options)
    if options:
        raise GameError(f"{game.name}: options go with a game's name, not with a variant")
    return game


def checked_render_mode(game: Game[Any, Any], render_mode: str | None) -> str | None:
    """``render_mode`` when it is one of RENDER_MODES or None; a GameError otherwise.

    >>> checked_render_mode(make_game("nim"), "rgb_array")
    Traceback (most recent call last):
    ...
    gamesman.contract.errors.GameError: nim: render_mode must be ansi or human or None, not 'rgb_array'
    """
    if render_mode not in (None, *RENDER_MODES):
        raise GameError(f"{game.name}: render_mode must be {' or '.join(RENDER_MODES)} or None, "
                        f"not {render_mode!r}")
    return render_mode


def rendered(episode: "Episode", render_mode: str | None) -> str | None:
    """What an environment's ``render()`` gives in ``render_mode``: the drawing (``ansi``); or
    None, having printed the drawing on standard output (``human``, which an environment
    also does after each reset and step); or None (no mode).

    >>> episode = Episode(make_game("nim", heaps=1, size=2, take=2))
    >>> episode.reset(seed=0)
    >>> rendered(episode, "human")
    heap 1: || (2)
    x to move
    """
    if render_mode is None:
        return None
    drawing = episode.drawing()
    if render_mode == "ansi":
        return drawing
    print(drawing, flush=True)
    return None


def show_if_human(episode: "Episode", render_mode: str | None) -> None:
    """The board printed in ``human`` mode, which Gymnasium and PettingZoo ask to show the
    game as it goes: an environment calls this after each reset and step."""
    if render_mode == "human":
        rendered(episode, render_mode)


def action_mask(index: ActionIndex[Any, Any], position: Any) -> np.ndarray:
    """1 for each legal action at ``position``, 0 for every other action of ``index``.

    >>> from gamesman.contract.capabilities import action_index
    >>> game = make_game("tictactoe")
    >>> action_mask(action_index(game), game.play(game.start(), 4)).tolist()
    [1, 1, 1, 1, 0, 1, 1, 1, 1]
    """
    mask = np.zeros(index.action_count(), np.int8)
    mask[index.legal_actions(position)] = 1
    return mask


class Episode:
    """One game of ``game`` in play: the players' moves as given, chance drawn at once.

    >>> episode = Episode(make_game("2048", rows=2, cols=2))
    >>> episode.reset(seed=7)
    >>> episode.game.to_move(episode.position)  # the two first tiles are placed
    0
    """

    def __init__(self, game: Game[Any, Any]) -> None:
        self.game = game
        self.rng: random.Random | None = None
        self.position: Any = None

    def reset(self, seed: int | None) -> None:
        """Back to a start (a fresh one where the variant draws it, as a cube's scramble);
        ``seed`` seeds chance and the start (the generator goes on when it is None)."""
        if seed is not None or self.rng is None:
            self.rng = random.Random(seed)
        self.position = self.after_chance(self.game.random_start(self.rng))

    def play(self, move: Any) -> None:
        """The player to move plays ``move``, then chance moves; IllegalMove changes nothing."""
        self.position = self.after_chance(self.game.play(self.position, move))

    def after_chance(self, position: Any) -> Any:
        """``position``, or where chance moves it to, drawn from the generator."""
        if self.rng is None:
            raise GameError(f"{self.game.name}: reset the environment first")
        while self.game.to_move(position) == CHANCE and self.game.outcome(position) is None:
            position = self.game.play(position, random_outcome(self.game, position, self.rng))
        return position

    def drawing(self) -> str:
        """The board as the shell draws it, then whose turn it is or how the game ended."""
        game, position = self.game, self.position
        utilities = game.outcome(position)
        status = (outcome_label(game, utilities) if utilities is not None
                  else f"{game.player_name(game.to_move(position))} to move")
        return f"{game.render(position)}\n{status}"
