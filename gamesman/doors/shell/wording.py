"""How the shell words results and paints text: values, game ends, colours."""
from __future__ import annotations

from typing import TYPE_CHECKING, Hashable, Iterable

from gamesman.contract.capabilities import rewards

if TYPE_CHECKING:
    from gamesman.players.strategies import Estimate


def plain_number(value: float) -> str:
    """A utility as people write it: 1, -1, 0.5, 0.962613."""
    return str(int(value)) if float(value).is_integer() else f"{value:.6g}"


def _phrase_utilities(game, utilities: Iterable[float], expected: bool) -> str:
    utilities = list(utilities)
    if len(utilities) == 1:
        if game.capabilities.rewards:
            return rewards(game).describe_utility(utilities[0], expected)
        return ("expected utility " if expected else "utility ") + plain_number(utilities[0])
    pairs = ", ".join(f"{game.player_name(i)} {plain_number(u)}" for i, u in enumerate(utilities))
    return ("expected utilities " if expected else "utilities ") + pairs


def describe_result(game, position: Hashable, result) -> str:
    """A solver result in words, for the player to move: ``x should win in 5``."""
    if result.value is None:
        return _phrase_utilities(game, result.utilities or (), game.capabilities.chance)
    value, remoteness = result.value.value, result.remoteness
    if game.players == 1:
        if value == "win":
            return "solved already" if remoteness == 0 else f"solvable in {remoteness}"
        return "cannot be solved from here"
    who = game.player_name(game.to_move(position))
    if value == "draw":
        return "the game is a draw (play never ends)"
    if value == "tie":
        return f"the game is a tie in {remoteness}"
    return f"{who} should {value} in {remoteness}"


def announce(game, utilities: tuple[float, ...]) -> str:
    """The end of a game in words: the winner, a tie, and scores that are not just +-1.

    A one-player game whose utility is 1 or 0 (a target reached or not) was won
    or lost; any other utility is the player's score.
    """
    names = [game.player_name(i) for i in range(len(utilities))]
    best = max(utilities)
    if len(utilities) == 1:
        return {1.0: "won", 0.0: "lost"}.get(best, f"score {plain_number(best)}")
    if all(u == best for u in utilities):
        verdict = "the game is a tie"
    else:
        winners = [name for name, u in zip(names, utilities) if u == best]
        verdict = f"{' and '.join(winners)} {'wins' if len(winners) == 1 else 'share the win'}"
    plain = set(utilities) <= {-1, 0, 1} and len(set(utilities)) <= 2  # just winners and losers
    if not plain:
        verdict += " (scores: " + ", ".join(f"{n} {plain_number(u)}" for n, u in zip(names, utilities)) + ")"
    return verdict


def spent(found: "Estimate") -> str:
    """`` (1,000 iterations, 1,001 nodes)``: what a search spent, if it says."""
    return f" ({found.spent})" if found.spent else ""


ANSI = {"error": "\x1b[31m", "prediction": "\x1b[36m", "over": "\x1b[1m"}


COLOUR_CODES = {"white": "97", "red": "31", "green": "32", "yellow": "93", "orange": "38;5;208",
                "blue": "34", "cyan": "36", "magenta": "35", "black": "90"}


def paint(line: str, colours: dict[str, str]) -> str:
    """A board line with each character the game maps to a colour drawn in that colour."""
    if not colours:
        return line
    return "".join(f"\x1b[{COLOUR_CODES[colours[ch]]}m{ch}\x1b[0m" if ch in colours else ch for ch in line)


def ansi_colour(line: str, kind: str) -> str:
    return ANSI[kind] + line + "\x1b[0m" if kind in ANSI else line

