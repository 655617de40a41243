#!/usr/bin/env python3
"""OpenSpiel's MCTS bot as a player of the gamesman protocol (protocol/PROTOCOL.md).

    gamesman match hex --player "gamesman protocol hex --strategy 'rave --time 1'" \\
                       --player "python benchmarks/openspiel_mcts_player.py --time 1"

The bot is OpenSpiel's C++ ``MCTSBot`` with random rollouts (one per leaf), its
exploration constant 2 (the value of OpenSpiel's own MCTS example), MCTS-Solver on,
and a time budget per move (``--time SECONDS``, its ``max_wall_clock_time``).
It plays Hex (any size), Othello 8x8, Connect Four 6x7 and Tic-Tac-Toe; ``game`` with anything
else is refused.  It follows the game through ``setposition``: the new position
is the last one it knows, or that one after one move, found with gamesman's
rules and played on OpenSpiel's state too.  Needs ``pip install open_spiel``
(gamesman's ``bench`` extra).
"""
from __future__ import annotations

import argparse
import sys
from typing import Any

import pyspiel

from gamesman.contract.registry import game_from_pairs
from gamesman.protocol.engine import clean_line, format_reply, one_line, split_command

UCT_C = 2.0
MEMORY_MB = 1000


def openspiel_name(game) -> str | None:
    """OpenSpiel's name of the variant, or None when OpenSpiel has no such game."""
    if game.name == "hex" and not game.swap:
        return f"hex(board_size={game.size})"
    if game.name == "othello" and (game.rows, game.cols) == (8, 8) and not game.misere and not game.place_anywhere:
        return "othello"
    if game.name == "tictactoe" and not game.misere:
        return "tic_tac_toe"
    if game.name == "connectfour" and (game.rows, game.cols, game.in_a_row) == (6, 7, 4) and not game.misere:
        return "connect_four"
    return None


class Player:
    """The two games kept in step: gamesman's position and OpenSpiel's state."""

    def __init__(self, seconds: float, seed: int) -> None:
        self.seconds, self.seed = seconds, seed
        # gamesman's game and position, and OpenSpiel's (an untyped module), once new_game is said
        self.game: Any = None
        self.position: Any = None
        self.state: Any = None
        self.bot: Any = None

    def new_game(self, words: list[str]) -> None:
        game = game_from_pairs(words[0], words[1:])
        name = openspiel_name(game)
        if name is None:
            raise ValueError(f"OpenSpiel has no {game.spec}")
        self.game, self.position = game, game.start()
        self.openspiel = pyspiel.load_game(name)
        self.state = self.openspiel.new_initial_state()
        evaluator = pyspiel.RandomRolloutEvaluator(1, self.seed)
        self.bot = pyspiel.MCTSBot(self.openspiel, evaluator, UCT_C, 10 ** 9, MEMORY_MB, True, self.seed, False,
                                   pyspiel.ChildSelectionPolicy.UCT, self.seconds)

    def action(self, move) -> int:
        """OpenSpiel's action for a move of gamesman's game in the current position."""
        if self.game.name in ("tictactoe", "connectfour"):
            return move  # the cell, or the column, is OpenSpiel's action
        text = self.game.format_move(self.position, move).lower()
        for action in self.state.legal_actions():
            if self.state.action_to_string(self.state.current_player(), action).lower() == text:
                return action
        raise ValueError(f"no OpenSpiel action for {text}")

    def play(self, move) -> None:
        self.state.apply_action(self.action(move))
        self.position = self.game.play(self.position, move)

    def set_position(self, text: str) -> None:
        wanted = self.game.parse_position(text)
        if wanted == self.position:
            return
        for move in self.game.moves(self.position):
            if self.game.play(self.position, move) == wanted:
                self.play(move)
                return
        raise ValueError("not the position known, nor one move after it")

    def genmove(self) -> str:
        action = self.bot.step(self.state)
        text = self.state.action_to_string(self.state.current_player(), action)
        move = next(move for move in self.game.moves(self.position) if self.action(move) == action)
        said = self.game.format_move(self.position, move)
        self.play(move)
        print(f"genmove {said}: OpenSpiel MCTS ({text})", file=sys.stderr, flush=True)
        return said


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=1.0, help="seconds of search per move")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    player = Player(options.time, options.seed)
    for raw in sys.stdin:
        line = clean_line(raw)
        if not line:
            continue
        command_id, name, args = split_command(line)
        command = (name or "").lower()
        ok, text = True, ""
        try:
            if command == "game":
                player.new_game(args)
            elif command == "setposition":
                player.set_position(" ".join(args))
            elif command == "genmove":
                text = player.genmove()
            elif command == "name":
                text = "openspiel-mcts"
            elif command == "protocol_version":
                text = "2"
            elif command not in ("legal_moves", "quit"):
                ok, text = False, "unknown command"
        except Exception as error:  # a refusal, not a crash: the referee records it
            ok, text = False, one_line(error)
        sys.stdout.buffer.write(format_reply(ok, command_id, text))
        sys.stdout.flush()
        if command == "quit":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
