"""Poker's own strategies: ``call`` and ``equity`` (declared in the game's strategies)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gamesman.contract.errors import GameError
from gamesman.contract.game import Game
from gamesman.contract.strategy import Choice, Strategy, ViewStrategy, no_arguments
from gamesman.games.poker.betting import cards_of
from gamesman.games.poker.hands import CARD_INDEX, monte_carlo_equity

if TYPE_CHECKING:
    from gamesman.games.poker import Poker, View


class PokerPlayer(ViewStrategy):
    """A strategy of poker's own (offered by the game only): its game is a Poker table."""

    game: Poker


class CallPlayer(PokerPlayer):
    """Always checks, or calls when there is a bet to call."""

    name = "call"

    def decide(self, view: View) -> Choice:
        moves = self.game.state(view.table).moves()
        return Choice("check" if "check" in moves else "call", "always check or call")


@dataclass
class EquityPlayer(PokerPlayer):
    """Estimates its equity by dealing the unseen cards at random, and bets by it.

    Equity is the share of the pot its hand wins against the opponents still in (random
    hole cards for them, a random rest of the board).  It bets or raises with at least a
    fair share plus a third of the rest (1/n + (1 - 1/n)/3 with n players still in), else
    checks when it can, calls when the equity pays the price (pot odds: the call over the
    pot after calling), and folds otherwise.
    """

    samples: int = 200
    name = "equity"

    def decide(self, view: View) -> Choice:
        state = self.game.state(view.table)
        me = view.player
        opponents = len(state.live()) - 1
        equity = self.equity(cards_of(view.table.holes[me]), cards_of(view.table.board), opponents)
        moves = state.moves()
        to_call = state.level - state.bets[me]
        price = to_call / (sum(state.paid) + to_call)
        fair = 1 / (opponents + 1)
        aggressive = [move for move in ("bet", "raise") if move in moves]
        move: str
        if aggressive and equity >= fair + (1 - fair) / 3:
            move = aggressive[0]
        elif to_call == 0:
            move = "check"
        else:
            move = "call" if equity >= price else "fold"
        reason = (f"equity {equity:.3f} against {opponents} opponent{'s' * (opponents != 1)} "
                  f"({self.samples} deals), price {price:.3f}")
        return Choice(move, reason)

    def equity(self, mine: list[str], board: list[str], opponents: int) -> float:
        """The expected share of the pot, by Monte-Carlo over the cards this player has not seen."""
        import numpy as np

        deals = np.random.default_rng(self.rng.getrandbits(64))
        return monte_carlo_equity([CARD_INDEX[card] for card in mine], [CARD_INDEX[card] for card in board],
                                  opponents, self.samples, deals)


def call_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``call`` strategy (no arguments)."""
    no_arguments("call", args)
    return CallPlayer(game, rng)


def equity_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``equity [samples]`` strategy: samples from 1 to 100000, 200 by default."""
    if len(args) > 1 or (args and not (args[0].isascii() and args[0].isdigit() and 1 <= int(args[0]) <= 100_000)):
        raise GameError(f"equity: samples must be a whole number from 1 to 100000, not {' '.join(args)!r}")
    return EquityPlayer(game, rng, samples=int(args[0]) if args else 200)
