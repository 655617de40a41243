"""Tiny games for the protocol tests: hidden information with chance, three players, a
puzzle, and a game played in hands for chips.

They are not registered: the tests hand them to the engine and the referee directly.
"""
from __future__ import annotations

from fractions import Fraction

from gamesman.contract.capabilities import Capabilities, Rounds
from gamesman.contract.game import CHANCE, Game, two_player_result

CARDS = "abc"


class Peek(Game):
    """Each player is dealt a secret card (a < b < c); x then o keeps or folds.

    Folding loses; if both keep, the higher card wins (equal cards tie).
    Position ``(x ab k-)``: whose turn (``*`` for the deal, ``-`` at the end),
    the cards (``-`` not dealt) and the choices so far.  A player's view shows
    the other card as ``?``: ``(x a? k-)``.
    """
    name = "peek"
    title = "Peek"
    player_names = ("x", "o")

    def declare(self) -> Capabilities:
        return Capabilities(players=2, chance=True, hidden_information=True, solvable=True)

    def start(self) -> tuple[str, str]:
        return ("--", "--")

    def to_move(self, position: tuple[str, str]) -> int:
        cards, choices = position
        if "-" in cards:
            return CHANCE
        return choices.index("-") if "-" in choices else 0

    def chances(self, position: tuple[str, str]) -> list[tuple[str, Fraction]]:
        if self.to_move(position) != CHANCE:
            return []
        return [(card, Fraction(1, len(CARDS))) for card in CARDS]

    def moves(self, position: tuple[str, str]) -> list[str]:
        if self.to_move(position) == CHANCE or self.outcome(position) is not None:
            return []
        return ["keep", "fold"]

    def play(self, position: tuple[str, str], move: str) -> tuple[str, str]:
        cards, choices = position
        if move in [m for m, _ in self.chances(position)]:
            return (cards.replace("-", move, 1), choices)
        if move not in self.moves(position):
            raise self.illegal(f"{move} is not legal here")
        return (cards, choices.replace("-", move[0], 1))

    def outcome(self, position: tuple[str, str]) -> tuple[float, float] | None:
        cards, choices = position
        if "f" in choices:
            return two_player_result(1 - choices.index("f"))
        if "-" in choices or "-" in cards:
            return None
        if cards[0] == cards[1]:
            return two_player_result(None)
        return two_player_result(0 if cards[0] > cards[1] else 1)

    def _turn_token(self, position: tuple[str, str]) -> str:
        if self.outcome(position) is not None:
            return "-"
        mover = self.to_move(position)
        return "*" if mover == CHANCE else self.player_names[mover]

    def format_position(self, position: tuple[str, str]) -> str:
        return f"({self._turn_token(position)} {position[0]} {position[1]})"

    def parse_position(self, text: str) -> tuple[str, str]:
        words = text.strip().strip("()").split()
        if len(words) != 3 or len(words[1]) != 2 or len(words[2]) != 2:
            raise self.error("expected a turn, two cards and two choices", text)
        if any(c not in CARDS + "-" for c in words[1]) or any(c not in "kf-" for c in words[2]):
            raise self.error("bad card or choice", text)
        position = (words[1], words[2])
        if self.format_position(position) != f"({words[0]} {words[1]} {words[2]})":
            raise self.error("the turn does not fit the cards and choices", text)
        return position

    def view(self, position: tuple[str, str], player: int) -> str:
        cards = "".join(c if i == player or c == "-" else "?" for i, c in enumerate(position[0]))
        return f"({self._turn_token(position)} {cards} {position[1]})"

    def parse_view(self, text: str) -> str:
        words = text.strip().strip("()").split()
        if len(words) != 3 or words[1].count("?") != 1:
            raise self.error("expected a view with one hidden card", text)
        return text


class Race3(Game):
    """Three players add 1 or 2 to a sum in turn; whoever brings it to 6 or more wins."""

    name = "race3"
    title = "Race to six"
    player_names = ("p", "q", "r")

    def declare(self) -> Capabilities:
        return Capabilities(players=3, solvable=True)

    def start(self) -> tuple[int, int]:
        return (0, 0)

    def to_move(self, position: tuple[int, int]) -> int:
        return position[0]

    def moves(self, position: tuple[int, int]) -> list[int]:
        return [] if self.outcome(position) else [1, 2]

    def play(self, position: tuple[int, int], move: int) -> tuple[int, int]:
        if move not in self.moves(position):
            raise self.illegal(f"{move} is not legal here")
        return ((position[0] + 1) % 3, position[1] + move)

    def outcome(self, position: tuple[int, int]) -> tuple[float, ...] | None:
        if position[1] < 6:
            return None
        winner = (position[0] - 1) % 3
        return tuple(1.0 if p == winner else -0.5 for p in range(3))

    def format_position(self, position: tuple[int, int]) -> str:
        return f"({self.player_names[position[0]]} {position[1]})"

    def parse_position(self, text: str) -> tuple[int, int]:
        words = text.strip().strip("()").split()
        if len(words) != 2 or words[0].lower() not in self.player_names or not words[1].isdigit():
            raise self.error("expected a turn and a sum", text)
        return (self.player_names.index(words[0].lower()), int(words[1]))

    def parse_move(self, position: tuple[int, int], text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise self.illegal(f"{text.strip()!r} is not 1 or 2")
        move = int(text)
        self.play(position, move)
        return move


class Reach(Game):
    """A puzzle: add 1 or 2 to a total; exactly 5 solves it, over 5 fails."""

    name = "reach"
    title = "Reach five"
    player_names = ("me",)

    def declare(self) -> Capabilities:
        return Capabilities(players=1, solvable=True)

    def start(self) -> int:
        return 0

    def to_move(self, position: int) -> int:
        return 0

    def moves(self, position: int) -> list[int]:
        return [] if position >= 5 else [1, 2]

    def play(self, position: int, move: int) -> int:
        if move not in self.moves(position):
            raise self.illegal(f"{move} is not legal here")
        return position + move

    def outcome(self, position: int) -> tuple[float] | None:
        if position < 5:
            return None
        return (1.0,) if position == 5 else (-1.0,)

    def format_position(self, position: int) -> str:
        return f"(me {position})"

    def parse_position(self, text: str) -> int:
        words = text.strip().strip("()").split()
        if len(words) != 2 or words[0] != "me" or not words[1].isdigit():
            raise self.error("expected me and a total", text)
        return int(words[1])

    def parse_move(self, position: int, text: str) -> int:
        if text.strip() not in ("1", "2"):
            raise self.illegal(f"{text.strip()!r} is not 1 or 2")
        move = int(text)
        self.play(position, move)
        return move


class Coins(Rounds, Game):
    """A game of hands for chips: each starts with 3.  In every hand x stakes 1 or 2 (no
    more than either has), o calls or folds (folding gives x one chip), and a called stake
    goes to x on heads, to o on tails.  Whoever holds every chip wins (utility 1, else 0).

    Position ``(x 3 3 - bet)``: whose turn (``*`` for the coin, ``-`` at the end), each
    player's chips, the stake (``-`` none) and the phase: bet, answer or flip.
    """
    name = "coins"
    title = "Coins"
    player_names = ("x", "o")
    CHIPS = 3

    def declare(self) -> Capabilities:
        return Capabilities(players=2, chance=True, rounds=True, solvable=True)

    def start(self) -> tuple[int, int, int, str]:
        return (self.CHIPS, self.CHIPS, 0, "bet")

    def to_move(self, position: tuple[int, int, int, str]) -> int:
        return {"bet": 0, "answer": 1, "flip": CHANCE}[position[3]]

    def moves(self, position: tuple[int, int, int, str]) -> list[str]:
        x, o, _, phase = position
        if self.outcome(position) is not None or phase == "flip":
            return []
        if phase == "bet":
            return [str(stake) for stake in range(1, min(x, o, 2) + 1)]
        return ["call", "fold"]

    def chances(self, position: tuple[int, int, int, str]) -> list[tuple[str, Fraction]]:
        return [("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))] if position[3] == "flip" else []

    def play(self, position: tuple[int, int, int, str], move: str) -> tuple[int, int, int, str]:
        x, o, stake, phase = position
        if phase == "flip" and move in ("heads", "tails"):
            won = stake if move == "heads" else -stake
            return (x + won, o - won, 0, "bet")
        if move not in self.moves(position):
            raise self.illegal(f"{move} is not legal here")
        if phase == "bet":
            return (x, o, int(move), "answer")
        return (x + 1, o - 1, 0, "bet") if move == "fold" else (x, o, stake, "flip")

    def outcome(self, position: tuple[int, int, int, str]) -> tuple[float, float] | None:
        x, o = position[:2]
        if x and o:
            return None
        return (1.0, 0.0) if x else (0.0, 1.0)

    def round_scores(self, position: tuple[int, int, int, str],
                     after: tuple[int, int, int, str]) -> tuple[int, int] | None:
        """The chips each player won in the hand that ends between the two positions (None: none ends)."""
        if after[3] != "bet" or position[3] == "bet":
            return None
        return (after[0] - position[0], after[1] - position[1])

    def format_position(self, position: tuple[int, int, int, str]) -> str:
        x, o, stake, phase = position
        turn = "-" if self.outcome(position) else "*" if phase == "flip" else self.player_names[self.to_move(position)]
        return f"({turn} {x} {o} {stake or '-'} {phase})"

    def parse_position(self, text: str) -> tuple[int, int, int, str]:
        words = text.strip().strip("()").split()
        if len(words) != 5 or not (words[1] + words[2]).isdigit() or words[4] not in ("bet", "answer", "flip"):
            raise self.error("expected a turn, two chip counts, a stake and a phase", text)
        position = (int(words[1]), int(words[2]), 0 if words[3] == "-" else int(words[3]), words[4])
        if self.format_position(position) != f"({' '.join(words)})":
            raise self.error("the fields do not fit together", text)
        return position
