"""The Gymnasium space of what a player sees, shared by the PettingZoo and Gymnasium doors."""
from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from gamesman.contract.capabilities import ObservationTensor


def observation_box(tensor: ObservationTensor[Any]) -> spaces.Box:
    """The space of what a player sees: the variant's observation array, within its bounds.

    >>> from gamesman.contract.capabilities import observation_tensor
    >>> from gamesman.contract.registry import make_game
    >>> observation_box(observation_tensor(make_game("tictactoe"))).shape
    (3, 3, 2)
    """
    low, high = tensor.observation_bounds()
    return spaces.Box(low, high, tensor.observation_shape(), np.float32)
