"""A round of fixed-limit Texas Hold'em: the table as dealt and played, the betting replayed
from it, and the pots (side pots included) with their winners."""
from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from gamesman.contract.errors import PositionError
from gamesman.contract.game import CHANCE
from gamesman.games.poker.hands import evaluate_codes

BLINDS = ("sb", "bb")
STAGES = ("preflop", "flop", "turn", "river")
BOARD_AFTER = (0, 3, 4, 5)  # board cards in play on each street


Pots = tuple[tuple[int, tuple[int, ...]], ...]  # (chips, winners in the order the odd chips go)


class Showdown(NamedTuple):
    """How the last round ended, public once shown.

    ``hand`` counts the rounds played (1 for the first); ``shown`` holds the hole cards of
    every player still in at a showdown, in seat order (none when all but one folded);
    ``pots`` each pot, main pot first, with its winners.
    """

    hand: int
    board: str
    shown: tuple[tuple[int, str], ...]
    pots: Pots


class Table(NamedTuple):
    """A position: the current round as dealt and played so far.

    ``start_chips`` are the chips before the blinds; ``holes`` each player's hole cards as
    one string of codes (``""`` none, ``??`` a card hidden in a view); ``actions`` the
    players' moves this round, blinds not included (they follow from the rest); ``last``
    how the previous round ended (None before the first has).
    """

    button: int
    start_chips: tuple[int, ...]
    holes: tuple[str, ...]
    board: str
    actions: tuple[str, ...]
    last: Showdown | None = None


def cards_of(text: str) -> list[str]:
    """Two-character codes from a string of codes: ``AsKd`` -> ``[As, Kd]``."""
    return [text[i:i + 2] for i in range(0, len(text), 2)]


def count_cards(*texts: str) -> int:
    """How many cards strings of codes hold."""
    return sum(len(text) for text in texts) // 2


class Round:
    """The state of a round, replayed from the start chips, the cards dealt and the actions.

    Raises ValueError naming the first action or card that does not fit.
    """

    def __init__(self, players: int, min_bet: int, table: Table) -> None:
        self.min_bet = min_bet
        self.button = table.button
        self.stacks = list(table.start_chips)
        self.seats = [p for p in range(players) if self.stacks[p] > 0]
        self.next_seat = {seat: self.seats[(i + 1) % len(self.seats)] for i, seat in enumerate(self.seats)}
        self.bets = [0] * players
        self.paid = [0] * players
        self.folded = [p not in self.seats for p in range(players)]
        self.acted = [False] * players
        self.history: list[list[str]] = [[]]
        self.street = 0
        self.turn: int | None = None  # a player to act, CHANCE, or None
        self.finished = False  # the round is over: settle it
        if len(self.seats) < 2:
            self.stage = "over"
            return
        if self.button not in self.seats:
            raise ValueError(f"the button p{self.button + 1} has no chips to play with")
        self.stage = STAGES[0]
        small, big = self.blind_seats()
        self.post(small, "sb", min(self.min_bet // 2, self.stacks[small]))
        self.post(big, "bb", min(self.min_bet, self.stacks[big]))
        self.run(table)

    # -- seats --------------------------------------------------------------------
    def after(self, seat: int) -> int:
        """The next seat dealt in, after ``seat`` (cyclically; ``seat`` is dealt in)."""
        return self.next_seat[seat]

    def blind_seats(self) -> tuple[int, int]:
        small = self.button if len(self.seats) == 2 else self.after(self.button)
        return small, self.after(small)

    def deal_order(self) -> list[int]:
        """Seats in dealing order: from the one left of the button round to the button."""
        order = [self.after(self.button)]
        while len(order) < len(self.seats):
            order.append(self.after(order[-1]))
        return order

    def in_order_from_button(self, seats: list[int]) -> list[int]:
        """``seats`` sorted by seat order, starting left of the button."""
        players = len(self.stacks)
        return sorted(seats, key=lambda s: (s - self.button - 1) % players)

    def live(self) -> list[int]:
        """Players still in the round (dealt in, not folded)."""
        return [p for p in self.seats if not self.folded[p]]

    # -- betting ------------------------------------------------------------------
    @property
    def level(self) -> int:
        """The bet to match: the highest bet, and pre-flop at least the big blind.

        A big blind short of chips is all in for less, but the others still call the
        minimum bet (the sheet: the big blind is the minimum bet).
        """
        return max(max(self.bets), self.min_bet) if self.street == 0 else max(self.bets)

    def post(self, player: int, action: str, amount: int) -> None:
        self.stacks[player] -= amount
        self.bets[player] += amount
        self.paid[player] += amount
        self.history[-1].append(f"p{player + 1}:{action}{amount}")

    def can_bet(self) -> list[int]:
        """Players still in who have chips left."""
        return [p for p in self.live() if self.stacks[p] > 0]

    def needs_to_act(self, player: int) -> bool:
        """Does ``player`` still have to act in this betting round?

        When nobody else can bet, only a bet actually made needs an answer: the rest of
        the minimum bet pre-flop would come back (heads-up, a small blind facing a big
        blind all in for no more than it is not asked to act).
        """
        if self.folded[player] or self.stacks[player] == 0:
            return False
        others_can_bet = any(p != player for p in self.can_bet())
        if self.bets[player] < (self.level if others_can_bet else max(self.bets)):
            return True
        return not self.acted[player] and others_can_bet

    def next_to_act(self, after: int) -> int | None:
        """The first player after seat ``after`` who has to act, if any."""
        seat = after
        for _ in self.seats:
            seat = self.after(seat)
            if self.needs_to_act(seat):
                return seat
        return None

    def moves(self) -> list[str]:
        """The legal actions of the player to act."""
        if self.turn is None or self.turn == CHANCE:
            return []
        player = self.turn
        to_call = self.level - self.bets[player]
        stack = self.stacks[player]
        legal = ["fold", "check" if to_call == 0 else "call"]
        others_can_bet = any(p != player for p in self.can_bet())
        if others_can_bet and stack > to_call:
            legal.append("bet" if self.level == 0 else "raise")
            if stack > to_call + self.min_bet:
                legal.append("allin")
        return legal

    def equivalent(self, action: str) -> str:
        """``allin`` when it is not offered: the legal move that puts in the same chips.

        That is a call, bet or raise that takes every chip the player has; when nobody else
        can bet, a call or check (chips nobody could match would come back).  Any other
        action is returned as it is.
        """
        moves = self.moves()
        if action != "allin" or action in moves or not moves:
            return action
        return next(move for move in ("raise", "bet", "call", "check") if move in moves)

    @property
    def mover(self) -> int:
        """The player to act or CHANCE: a round that is not over always has one."""
        assert self.turn is not None, "the round is over: nobody is to act"
        return self.turn

    def act(self, action: str) -> None:
        """Apply the action of the player to act (it must be legal)."""
        player = self.mover
        to_call = self.level - self.bets[player]
        stack = self.stacks[player]
        level = self.level
        if action == "fold":
            self.folded[player] = True
            self.history[-1].append(f"p{player + 1}:fold")
        elif action == "check":
            self.history[-1].append(f"p{player + 1}:check")
        else:
            wanted = {"call": to_call, "bet": self.min_bet, "raise": to_call + self.min_bet, "allin": stack}[action]
            self.post(player, action, min(wanted, stack))
        if self.bets[player] > level:
            self.acted = [False] * len(self.acted)
        self.acted[player] = True

    def run(self, table: Table) -> None:
        """Replay the deals and actions of ``table`` after the blinds."""
        actions = list(table.actions)
        dealt = count_cards(*table.holes)
        board = count_cards(table.board)
        if dealt < 2 * len(self.seats):
            if board or actions:
                raise ValueError("the hole cards are not all dealt yet")
            self.turn = CHANCE
            return
        while True:
            if board < BOARD_AFTER[self.street]:
                if actions:
                    raise ValueError(f"the {STAGES[self.street]} is not dealt yet, so {actions[0]!r} cannot follow")
                self.turn = CHANCE
                return
            first = self.blind_seats()[1] if self.street == 0 else self.button
            self.turn = self.next_to_act(first)
            while self.turn is not None:
                if not actions:
                    if board > BOARD_AFTER[self.street]:
                        raise ValueError(f"{board} board cards on the {STAGES[self.street]}")
                    return
                action = actions.pop(0)
                if action not in self.moves():
                    raise ValueError(f"p{self.turn + 1} cannot {action} here (legal: {' '.join(self.moves())})")
                self.act(action)
                if len(self.live()) == 1:
                    break
                self.turn = self.next_to_act(self.turn)
            if len(self.live()) == 1 or self.street == len(STAGES) - 1:
                self.turn = None
                self.finished = True
                if actions or board > BOARD_AFTER[self.street]:
                    raise ValueError("the round is over before the last action or card")
                return
            self.street += 1
            self.stage = STAGES[self.street]
            self.bets = [0] * len(self.bets)
            self.acted = [False] * len(self.acted)
            self.history.append([])

    # -- pots -----------------------------------------------------------------------
    def pots(self) -> list[tuple[int, list[int]]]:
        """The pots, main pot first: (chips, players eligible), cut at the all-in totals."""
        live = self.live()
        if not live:
            return []
        levels = sorted({self.paid[p] for p in live if self.stacks[p] == 0} | {max(self.paid[p] for p in live)})
        pots = []
        low = 0
        for level in levels:
            amount = sum(min(c, level) - min(c, low) for c in self.paid)
            pots.append((amount, [p for p in live if self.paid[p] >= level]))
            low = level
        leftover = sum(max(0, c - low) for c in self.paid)  # folded chips above every live total
        if leftover:
            pots[-1] = (pots[-1][0] + leftover, pots[-1][1])
        return [pot for pot in pots if pot[0]]

    def results(self, holes: tuple[str, ...], board: str) -> tuple[tuple[tuple[int, str], ...], Pots]:
        """When the round is over: the hands shown (every player still in, when two or more
        are) and each pot with its winners, in the order the odd chips go."""
        live = self.live()
        if len(live) == 1:
            return (), ((sum(self.paid), (live[0],)),)
        values = {p: evaluate_codes(cards_of(holes[p] + board)) for p in live}
        pots = []
        for amount, eligible in self.pots():
            best = max(values[p] for p in eligible)
            pots.append((amount, tuple(self.in_order_from_button([p for p in eligible if values[p] == best]))))
        return tuple((p, holes[p]) for p in live), tuple(pots)


def chips_won(pots: Pots, players: int) -> list[int]:
    """The chips each player takes: tied winners share a pot, the odd chips go one each in order."""
    won = [0] * players
    for amount, winners in pots:
        share, odd = divmod(amount, len(winners))
        for rank, p in enumerate(winners):
            won[p] += share + (1 if rank < odd else 0)
    return won


@lru_cache(maxsize=4096)
def replay(players: int, min_bet: int, table: Table) -> Round:
    """The state of ``table``'s round (cached: positions are replayed often)."""
    try:
        return Round(players, min_bet, table)
    except ValueError as problem:
        raise PositionError(str(problem)) from None
