"""Every game as an OpenSpiel game: a Python game of ``pyspiel``, so that OpenSpiel's
algorithms and bots run on it.

>>> from gamesman.adapters.openspiel import load_game
>>> game = load_game("tictactoe")
>>> game.get_type().short_name, game.num_distinct_actions(), game.max_game_length()
('gamesman_tictactoe', 9, 9)
>>> state = game.new_initial_state()
>>> state.apply_action(4)  # x takes the centre
>>> state.current_player(), state.legal_actions()
(1, [0, 1, 2, 3, 5, 6, 7, 8])

Importing the module registers every game with OpenSpiel as ``gamesman_NAME``, its
options as the game's parameters: ``pyspiel.load_game("gamesman_connectfour(rows=4,cols=5)")``
is the same game as ``load_game("connectfour", rows=4, cols=5)``.  An action is the
number of a move in the variant's action index (``ActionIndex``) and a chance outcome
the number of one of its ``chance_moves``; the observation tensor is the variant's
``ObservationTensor`` and the observation string its ``view``, both from the seat's own
view, so hidden cards never show; the information state string is the seat's views of
every position so far.

Each loaded variant gets its own ``GameType``: chance mode explicit stochastic when the
game has chance, information imperfect when it has hidden information, utility zero-sum,
constant-sum or general-sum by ``utility_sum``, rewards at every step when moves earn
points (``Rewards``), else at the end.  ``GameInfo``'s bounds come from the game
(``utility_bounds``, ``longest_game``).  One more parameter, ``max_moves``, ends a game
after that many moves of players (0: never); a game that may go on for ever (Abalone,
poker) is ended after ``ENDLESS_MAX_MOVES`` unless it is given.  A game ended so is a tie:
every player gets an even share of the utilities' sum (where they have one), the worst
utility (where they have not), or the points earned so far (with rewards).
"""
from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pyspiel

from gamesman.adapters.episodes import variant
from gamesman.contract.capabilities import action_index, observation_tensor, rewards
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.contract.registry import game_class, game_names

#: The prefix of every gamesman game's name in OpenSpiel's registry.
PREFIX = "gamesman_"
#: The parameter that cuts a game off after so many moves of players (0: never).
MAX_MOVES = "max_moves"
#: The cut-off of a game that may go on for ever when ``max_moves`` is not given.
ENDLESS_MAX_MOVES = 1000


def load_game(game: str | Game[Any, Any], max_moves: int = 0, **options: Any) -> pyspiel.Game:
    """The OpenSpiel game of ``game`` (a registered name, with its ``options``, or a
    variant), registered first if need be: see the module."""
    chosen = variant(game, options)
    action_index(chosen)  # a one-line GameError when the variant has no action numbers
    short_name = register(type(chosen))
    return pyspiel.load_game(short_name, {**chosen.settings, MAX_MOVES: max_moves})


def register(cls: type[Game[Any, Any]]) -> str:
    """Register the game ``cls`` with OpenSpiel (once) and return its short name.

    >>> register(game_class("nim"))
    'gamesman_nim'
    """
    short_name = PREFIX + cls.name
    if short_name not in pyspiel.registered_names():
        played = type(f"OpenSpiel{cls.__name__}", (OpenSpielGame,), {"game_class": cls})
        pyspiel.register_game(game_type(cls(), parameters(cls)), played)
    return short_name


def parameters(cls: type[Game[Any, Any]]) -> dict[str, Any]:
    """OpenSpiel's parameters of the game ``cls``: its options with their defaults, and ``max_moves``.

    >>> parameters(game_class("nim"))
    {'heaps': 3, 'size': 5, 'take': 3, 'misere': False, 'max_moves': 0}
    """
    return {**{option.name: option.default for option in cls.options}, MAX_MOVES: 0}


def game_type(chosen: Game[Any, Any], specification: dict[str, Any]) -> pyspiel.GameType:
    """The ``GameType`` of a variant (see the module), with the parameters of ``specification``.

    >>> kind = game_type(game_class("poker")(), {})
    >>> kind.chance_mode, kind.information, kind.utility
    (<ChanceMode.EXPLICIT_STOCHASTIC: 1>, <Information.IMPERFECT_INFORMATION: 2>, <Utility.CONSTANT_SUM: 1>)
    >>> kind.min_num_players, kind.max_num_players
    (2, 10)
    """
    kind = pyspiel.GameType
    record = chosen.capabilities
    total = chosen.utility_sum()
    utility = (kind.Utility.GENERAL_SUM if total is None else
               kind.Utility.ZERO_SUM if total == 0 else kind.Utility.CONSTANT_SUM)
    fewest, most = player_range(type(chosen), chosen.players)
    return kind(
        short_name=PREFIX + chosen.name, long_name=chosen.variant_title(), dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC if record.chance else kind.ChanceMode.DETERMINISTIC,
        information=(kind.Information.IMPERFECT_INFORMATION if record.hidden_information
                     else kind.Information.PERFECT_INFORMATION),
        utility=utility, reward_model=kind.RewardModel.REWARDS if record.rewards else kind.RewardModel.TERMINAL,
        max_num_players=most, min_num_players=fewest, provides_information_state_string=True,
        provides_information_state_tensor=False, provides_observation_string=True,
        provides_observation_tensor=record.observation_tensor, parameter_specification=specification)


def player_range(cls: type[Game[Any, Any]], players: int) -> tuple[int, int]:
    """The fewest and the most players of the game ``cls``: its ``players`` option's range,
    or the ``players`` of a variant when it has no such option.

    >>> player_range(game_class("poker"), 3), player_range(game_class("nim"), 2)
    ((2, 10), (2, 2))
    """
    for option in cls.options:
        if option.name == "players" and option.low is not None and option.high is not None:
            return int(option.low), int(option.high)
    return players, players


def game_info(chosen: Game[Any, Any], max_moves: int) -> pyspiel.GameInfo:
    """The ``GameInfo`` of a variant cut off after ``max_moves`` moves (0: never).

    >>> info = game_info(game_class("2048")(rows=2, cols=2), 0)
    >>> info.num_distinct_actions, info.max_chance_outcomes, info.max_game_length
    (4, 8, 64)
    """
    index = action_index(chosen)
    low, high = chosen.utility_bounds()
    return pyspiel.GameInfo(
        num_distinct_actions=index.action_count(), max_chance_outcomes=len(index.chance_moves()),
        num_players=chosen.players, min_utility=low, max_utility=high, utility_sum=chosen.utility_sum(),
        max_game_length=cut_off_length(chosen, max_moves))


def cut_off_length(chosen: Game[Any, Any], max_moves: int) -> int:
    """The most moves of players in a game of ``chosen`` cut off after ``max_moves`` (0: never).

    >>> chopsticks = game_class("chopsticks")()
    >>> cut_off_length(chopsticks, 0), cut_off_length(chopsticks, 50)
    (1000, 50)
    """
    if max_moves < 0:
        raise GameError(f"{chosen.name}: {MAX_MOVES} must be 0 (no cut-off) or more, not {max_moves}")
    longest = chosen.longest_game()
    if longest is None:
        return max_moves or ENDLESS_MAX_MOVES
    return min(longest, max_moves) if max_moves else longest


class OpenSpielGame(pyspiel.Game):
    """One variant of a gamesman game as an OpenSpiel game (``register`` makes a subclass
    per game, whose ``game_class`` is the game's class)."""

    game_class: ClassVar[type[Game[Any, Any]]]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**parameters(self.game_class), **(params or {})}
        max_moves = values.pop(MAX_MOVES)
        chosen = self.game_class(**values)
        self.facts = Facts(chosen, cut_off_length(chosen, max_moves))
        super().__init__(game_type(chosen, parameters(self.game_class)), game_info(chosen, max_moves),
                         {**chosen.settings, MAX_MOVES: max_moves})

    def new_initial_state(self) -> GameState:
        """The start of a game."""
        return GameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """What a seat sees: its view now (with the observation tensor), or, with perfect
        recall, its views of every position so far (a string only)."""
        if params:
            raise ValueError(f"{self.facts.game.name}: observations take no parameters, not {params}")
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return RecallObserver()
        return ViewObserver(self.facts)


class Facts:
    """What every state of one variant shares: the variant, its action numbers and its cut-off.
    Copying a state copies none of it."""

    def __init__(self, game: Game[Any, Any], max_moves: int) -> None:
        self.game = game
        self.index = action_index(game)
        self.chance_moves = self.index.chance_moves()
        self.gains = rewards(game) if game.capabilities.rewards else None
        self.max_moves = max_moves
        longest = game.longest_game()
        #: The cut-off may end a game before its own end (so the moves made are part of a state).
        self.cuts_short = longest is None or max_moves < longest

    def __deepcopy__(self, memo: dict[int, Any]) -> Facts:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as the variant's class and settings (OpenSpiel pickles states)."""
        return (variant_facts, (type(self.game), self.game.settings, self.max_moves))

    def cut_off_returns(self, gained: list[float]) -> list[float]:
        """Every player's return in a game cut off before its end, after earning ``gained``: see the module.

        >>> from gamesman.contract.registry import make_game
        >>> Facts(make_game("poker", players=4), 10).cut_off_returns([0.0] * 4)
        [0.25, 0.25, 0.25, 0.25]
        """
        if self.gains is not None:
            return gained
        total = self.game.utility_sum()
        share = self.game.utility_bounds()[0] if total is None else total / self.game.players
        return [share] * self.game.players


class Positions(tuple[Any, ...]):
    """The positions of a game so far: immutable values (the contract's), so a copy of a
    state shares them instead of copying each."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Positions:
        return self


def variant_facts(cls: type[Game[Any, Any]], settings: dict[str, Any], max_moves: int) -> Facts:
    """The facts of the variant of ``cls`` with ``settings``, cut off after ``max_moves``."""
    return Facts(cls(**settings), max_moves)


class GameState(pyspiel.State):
    """A game of one variant in play: its positions from the start, and what players earned."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self.facts = game.facts
        self.positions = Positions((self.facts.game.start(),))
        self.moves_made = 0
        self.gained = [0.0] * self.facts.game.players
        self.last_returns = list(self.gained)

    @property
    def position(self) -> Any:
        return self.positions[-1]

    def cut_off(self) -> bool:
        return self.moves_made >= self.facts.max_moves and self.facts.game.outcome(self.position) is None

    def current_player(self) -> int:
        """The player to move, or OpenSpiel's chance or terminal player."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.facts.game.to_move(self.position)
        return int(pyspiel.PlayerId.CHANCE) if player == CHANCE else player

    def is_terminal(self) -> bool:
        return self.facts.game.outcome(self.position) is not None or self.cut_off()

    def _legal_actions(self, player: int) -> list[int]:
        """The numbers of the legal moves of ``player`` (none when another is to move)."""
        if player != self.current_player():
            return []
        return self.facts.index.legal_actions(self.position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome's number with its probability, in the order of the numbers."""
        numbers = self.facts.index.chance_numbers
        return sorted((numbers[outcome], float(chance))
                      for outcome, chance in self.facts.game.chances(self.position))

    def move(self, player: int, action: int) -> Any:
        """The move or chance outcome numbered ``action``."""
        if player == pyspiel.PlayerId.CHANCE:
            if not 0 <= action < len(self.facts.chance_moves):
                raise GameError(f"{self.facts.game.name}: no chance outcome is numbered {action}")
            return self.facts.chance_moves[action]
        return self.facts.index.move_of(self.position, action)

    def _apply_action(self, action: int) -> None:
        game, player = self.facts.game, self.current_player()
        move = self.move(player, action)
        after = game.play(self.position, move)
        if player != pyspiel.PlayerId.CHANCE:
            self.last_returns = self.returns()
            self.moves_made += 1
            if self.facts.gains is not None:
                self.gained = [sum(pair) for pair in zip(self.gained, self.facts.gains.gain(self.position, move))]
        self.positions = Positions((*self.positions, after))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.facts.game.format_move(self.position, self.move(player, action))

    def returns(self) -> list[float]:
        """The utilities at the end; before it, what players earned so far (with rewards) or 0."""
        utilities = self.facts.game.outcome(self.position)
        if utilities is not None:
            return [float(utility) for utility in utilities]
        if self.cut_off():
            return self.facts.cut_off_returns(self.gained)
        return list(self.gained)

    def rewards(self) -> list[float]:
        """What the returns changed by since the last move of a player (chance outcomes
        earn nothing, and OpenSpiel reads rewards at the players' turns)."""
        return [now - before for now, before in zip(self.returns(), self.last_returns)]

    def views(self, player: int) -> str:
        """What ``player`` has seen: its view of every position so far, one a line."""
        return "\n".join(self.facts.game.view(position, player) for position in self.positions)

    def __str__(self) -> str:
        text = self.facts.game.format_position(self.position)
        if self.facts.cuts_short:
            text += f" after {self.moves_made} of {self.facts.max_moves} moves"
        return text


class ViewObserver:
    """A seat's view of the position now: a string, and the observation tensor when the
    variant has one (OpenSpiel's observer protocol: ``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, facts: Facts) -> None:
        self.dict: dict[str, Any] = {}
        self.tensor: Any = None
        if facts.game.capabilities.observation_tensor:
            self.arrays = observation_tensor(facts.game)
            self.tensor = np.zeros(int(np.prod(self.arrays.observation_shape())), np.float32)
            self.dict["observation"] = self.tensor.reshape(self.arrays.observation_shape())

    def set_from(self, state: GameState, player: int) -> None:
        if self.tensor is not None:
            self.dict["observation"][...] = self.arrays.observation(state.position, player)

    def string_from(self, state: GameState, player: int) -> str:
        return state.facts.game.view(state.position, player)


class RecallObserver:
    """A seat's views of every position so far, as a string (OpenSpiel's information state)."""

    tensor = None
    dict: dict[str, Any] = {}

    def set_from(self, state: GameState, player: int) -> None:
        """No tensor to fill."""

    def string_from(self, state: GameState, player: int) -> str:
        return state.views(player)


def register_games() -> None:
    """Register every game whose default variant numbers its actions as ``gamesman_NAME``."""
    for name in game_names():
        cls = game_class(name)
        if cls().capabilities.action_index:
            register(cls)


register_games()
