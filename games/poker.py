"""Texas Hold'em poker with side pots (GBG playground, seeds 000).

Rules as implemented
--------------------
* 2 to 10 players (``p1`` .. ``p10``, seated in that order, "left" meaning the next seat
  up) start with the same chips.  A player without chips is out; the game ends when one
  player holds every chip.  Utilities: 1 for that winner, 0 for everyone else.
* The game is played in rounds (hands).  The button is p1's in the first round and then
  moves to the next player who still has chips.  The next two players with chips after
  the button post the small blind (half the minimum bet, rounded down) and the big blind
  (the minimum bet).  Heads-up (two players left) the button posts the small blind and the
  other player the big blind.  A player who cannot cover a blind posts every chip and is
  all in.  A short big blind does not lower the price of the hand: pre-flop the bet to
  call is the highest bet but at least the minimum bet (the sheet's "big blind = minimum
  bet"), and a raise is by the minimum bet above that.
* Two hole cards each (dealt one at a time, round the table from the player left of the
  button), then the pre-flop betting round, the flop (three cards), the turn (one) and the
  river (one), each followed by a betting round, then the showdown.  No cards are burnt
  (it changes no probability).
* Betting, fixed limit as the sheet says: ``check`` when there is nothing to call;
  ``bet`` the minimum bet when nobody has bet in this betting round; ``call`` the bet;
  ``raise`` it by the minimum bet; ``fold`` (always allowed); ``allin`` (every chip the
  player has).  A player short of chips for a call, bet or raise puts in every chip and is
  all in.  ``allin`` is offered only when it puts in more than a bet or raise would; bets,
  raises and all-ins are not offered when every other player still in is all in.  As the
  sheet makes all in always available, ``allin`` typed when it is not offered is read as
  the move that does the same: the call, bet or raise that takes every chip, or, when
  nobody else can bet, the call or check (chips nobody could match would come back).  There is
  no cap on the number of raises; any all-in above the bet to call counts as a raise and
  gives every other player a new turn.
* Pre-flop the first to act is the player after the big blind (heads-up: the button);
  after the flop it is the first player after the button.  A betting round ends when
  every player who has not folded is all in or has acted since the last raise and matched
  the highest bet (the big blind acts pre-flop even when everyone just called); a lone
  player with chips acts only when he has a bet to call.  When fewer than two players
  still in can bet, the remaining cards are dealt with no more betting.  When all players
  but one fold, that player takes every chip put in and no more cards are dealt.
* Showdown: each player's best five of seven cards (see ``games.poker_hands`` for the
  ranking and every tie break of the sheet's table).  Side pots: the chips put in are cut
  at the totals of the players still in who are all in; each pot goes to the best hands
  among the players still in who put in that much (a bet nobody could match comes back).
  The sheet's example (A and B 100 each, C all in for 50) gives pots of 150 (A, B, C) and
  100 (A, B).  Tied hands share a pot; the odd chips go one each to the tied winners in
  seat order starting left of the button.  At a showdown every player still in shows his
  hole cards; the next position records them and who took each pot (``last=``, below).
* Chips can flow back and forth, so a position can come back in a later round: the game
  is too large to solve here.  Play it with the strategies ``random``, ``call`` (always
  check or call) and ``equity [SAMPLES]`` (bets by its Monte-Carlo equity, from its view).

The deal as a chance node
-------------------------
At the start of each round ``to_move`` is CHANCE.  A chance outcome is one card:
``chances`` lists every card not yet dealt, each with probability 1/(cards left), so the
tree is exact and a seeded random source fixes a whole game.  Hole cards are dealt first,
then the board cards as each street needs them.  Moves: ``fold check call bet raise
allin`` for players, the card (``As``) for chance.

Dealing card by card with probability 1/(cards left) is the same distribution as dealing
from a shuffled deck: the cards dealt so far are a uniformly random sequence either way.
It keeps chance enumerable: a node has at most 52 outcomes, which ``chances`` lists with
exact probabilities, where a shuffle would be one node of 52! orders.  So a position holds
no deck order: the cards not yet dealt are not yet drawn, and the deck is every card not
written in the position.

Position string
---------------
``(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d
history=p2:sb5,p3:bb10)`` (one line): whose turn (``p1`` .. ``p10``, ``chance`` for a
deal; at the end the winner), the stage (``preflop flop turn river``, or ``over``), the
button, every player's chips (not yet put in), their bets in this betting round, the pots
(main pot first, then the side pots, counting every chip put in this round), the board,
every player's hole cards (``-`` for none) and the round's actions: each as
``player:action`` with the chips it put in, ``/`` ending a betting round (so ``.../`` is
the flop being dealt).  The deck is every card not written.  The parser replays the
history and refuses any field that does not follow from it; it takes cards, the turn
token and the players in any letter case.

Once a round has ended, one more field says how: ``last=HAND/BOARD/SHOWN/POTS``, e.g.
``last=4/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p1`` (hand 4 ended in a showdown of p1's aces
against p3's kings, p1 took the pot of 25) or ``last=5/2s3s4d/-/30:p2`` (all but p2
folded on the flop).  ``HAND`` counts the rounds played; ``SHOWN`` holds the hole cards of
every player still in at a showdown, in seat order (``-`` when nobody showed); ``POTS``
each pot, main pot first, as ``CHIPS:WINNER+WINNER``, tied winners in the order the odd
chips go (a pot of one winner may be a bet that nobody called, come back).  The parser
checks what a position can tell: the cards, that the main pot goes to the best hand
shown, that the winners of a pot hold equal hands, and that nobody won more chips than he
holds now.  ``render`` shows it until the first action of the next round, and at the end.

A player's view names the viewer after the stage (``view=p2``) and writes every other
player's hole card as ``??``; ``parse_view`` reads it back and ``format_view`` prints it.
The ``last`` field is in every view: the hands in it were shown to everybody.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Callable, NamedTuple, Sequence

from gamesman.boards import text as boards
from gamesman.contract.errors import GameError, PositionError
from gamesman.contract.game import CHANCE, Game, Option
from gamesman.contract.strategy import Choice, Strategy, ViewStrategy, StrategyEntry, no_arguments
from gamesman.games.poker_hands import CARD_INDEX, DECK, RANKS, SUITS, describe, evaluate, evaluate_codes, parse_card
from gamesman.games.poker_hands import poker_stats

BLINDS = ("sb", "bb")
STAGES = ("preflop", "flop", "turn", "river")
BOARD_AFTER = (0, 3, 4, 5)  # board cards in play on each street
HIDDEN = "??"
FIELDS = ("button", "chips", "bets", "pots", "board", "cards", "history")
HISTORY_TOKEN = re.compile(r"^p(\d{1,2}):(sb|bb|fold|check|call|bet|raise|allin)(\d{0,9})$", re.ASCII)


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


class View(NamedTuple):
    """What one player knows: the table with every other player's hole cards hidden."""

    player: int
    table: Table


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

    def act(self, action: str) -> None:
        """Apply the action of the player to act (it must be legal)."""
        player = self.turn
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


class Poker(Game):
    has_chance = True
    played_in_hands = True
    hidden_information = True
    name = "poker"
    title = "Texas Hold'em"
    options = (
        Option("players", int, 3, "players at the table", low=2, high=10),
        Option("chips", int, 100, "chips each player starts with", low=1, high=1_000_000),
        Option("min_bet", int, 10, "the minimum bet: the big blind, and the size of every bet and raise",
               low=2, high=1_000_000),
    )
    showcase = ()
    rules = ("Texas Hold'em, fixed limit: blinds, two hole cards, betting pre-flop, on the flop, turn "
             "and river, best five of seven cards, side pots; the last player with chips wins.")

    @property
    def players(self) -> int:
        """How many players sit at the table (the ``players`` option)."""
        return len(self.player_names)

    @players.setter
    def players(self, count: int) -> None:
        """Setting the option names the players ``p1`` .. ``pN``."""
        self.player_names = tuple(f"p{i}" for i in range(1, count + 1))

    def solvable(self) -> bool:
        return False

    def count_report(self, progress: Callable[[str, int, int | None], None] | None = None) -> str:
        """The text of ``gamesman count``: the game tree has no bound, so the hands are counted."""
        return (f"{self.spec}: the game tree has no bound (chips flow back and forth, positions repeat)\n"
                + poker_stats(7, progress))

    def state(self, table: Table) -> Round:
        return replay(self.players, self.min_bet, table)

    # -- rules --------------------------------------------------------------------------
    def start(self) -> Table:
        return self.new_round(0, (self.chips,) * self.players)

    def new_round(self, button: int, chips: tuple[int, ...], last: Showdown | None = None) -> Table:
        return Table(button, chips, ("",) * self.players, "", (), last)

    def to_move(self, position: Table) -> int:
        state = self.state(position)
        if state.stage == "over":
            return self.winner(position)
        return state.turn

    def winner(self, position: Table) -> int:
        return max(range(self.players), key=lambda p: position.start_chips[p])

    def outcome(self, position: Table) -> tuple[float, ...] | None:
        if sum(1 for c in position.start_chips if c > 0) > 1:
            return None
        winner = self.winner(position)
        return tuple(1.0 if p == winner else 0.0 for p in range(self.players))

    def moves(self, position: Table) -> list[str]:
        return self.state(position).moves()

    def unseen(self, position: Table) -> list[str]:
        """The cards not dealt yet, in deck order."""
        dealt = set(cards_of("".join(position.holes) + position.board))
        return [card for card in DECK if card not in dealt]

    def chances(self, position: Table) -> list[tuple[str, Fraction]]:
        if self.state(position).turn != CHANCE:
            return []
        cards = self.unseen(position)
        return [(card, Fraction(1, len(cards))) for card in cards]

    def play(self, position: Table, move: str) -> Table:
        state = self.state(position)
        if state.turn == CHANCE:
            if move not in self.unseen(position):
                raise self.illegal(f"{move!r} is not a card still in the deck")
            position = self.deal(position, state, move)
        elif move in state.moves():
            position = position._replace(actions=position.actions + (move,))
        else:
            legal = " ".join(state.moves()) or "none: the game is over"
            raise self.illegal(f"{move!r} is not a legal move here (legal: {legal})")
        after = self.state(position)
        return self.settle(position, after) if after.finished else position

    def deal(self, table: Table, state: Round, card: str) -> Table:
        """``table`` with ``card`` dealt: to the next player short of hole cards, else the board."""
        dealt = count_cards(*table.holes)
        if dealt < 2 * len(state.seats):
            seat = state.deal_order()[dealt % len(state.seats)]
            holes = table.holes[:seat] + (table.holes[seat] + card,) + table.holes[seat + 1:]
            return table._replace(holes=holes)
        return table._replace(board=table.board + card)

    def settle(self, table: Table, state: Round) -> Table:
        """The next round (or the end) after the round of ``table`` is over."""
        shown, pots = state.results(table.holes, table.board)
        last = Showdown(table.last.hand + 1 if table.last else 1, table.board, shown, pots)
        won = chips_won(pots, self.players)
        chips = tuple(state.stacks[p] + won[p] for p in range(self.players))
        if sum(1 for c in chips if c > 0) < 2:
            return self.new_round(table.button, chips, last)
        button = min((p for p in range(table.button + 1, self.players) if chips[p]),
                     default=min(p for p in range(self.players) if chips[p]))
        return self.new_round(button, chips, last)

    # -- text ---------------------------------------------------------------------------
    def parse_move(self, position: Table, text: str) -> str:
        word = text.strip()
        state = self.state(position)
        if state.turn == CHANCE:
            try:
                card = DECK[parse_card(word)]
            except ValueError:
                raise self.illegal(f"{boards.shown(word)!r} is not a card (e.g. As, Td, 7c)") from None
            if card not in self.unseen(position):
                raise self.illegal(f"{card} is already dealt")
            return card
        move = state.equivalent(word.lower())
        if move not in state.moves():
            legal = " ".join(state.moves()) or "none: the game is over"
            raise self.illegal(f"{boards.shown(word)!r} is not a legal move here (legal: {legal})")
        return move

    def format_position(self, position: Table) -> str:
        return self.format_table(position, None)

    def hand_chips(self, position: Table, after: Table) -> tuple[int, ...] | None:
        """The chips each player won in the hand that the move from ``position`` to
        ``after`` ends, or None when it ends none (the referee reports chips per hand)."""
        if after.last is None or (position.last is not None and position.last.hand == after.last.hand):
            return None
        return tuple(a - b for a, b in zip(after.start_chips, position.start_chips))

    def simulate_report(self, finals: Sequence[Table]) -> str:
        """Chips each seat won per hand over simulated games (``gamesman simulate``)."""
        hands = sum(final.last.hand for final in finals if final.last)
        won = (sum(final.start_chips[p] - self.chips for final in finals) / max(1, hands)
               for p in range(self.players))
        return (f"  chips won per hand ({hands:,} hands): "
                + ", ".join(f"{name} {chips:+.2f}" for name, chips in zip(self.player_names, won)))

    def parse_position(self, text: str) -> Table:
        return self.parse_table(text, viewing=False)[1]

    def view(self, position: Table, player: int) -> str:
        return self.format_view(View(player, self.hide(position, player)))

    def hide(self, table: Table, player: int) -> Table:
        """``table`` with every hole card but ``player``'s written as ``??``."""
        holes = tuple(h if p == player else HIDDEN * count_cards(h) for p, h in enumerate(table.holes))
        return table._replace(holes=holes)

    def format_view(self, view: View) -> str:
        return self.format_table(view.table, view.player)

    def sample_position(self, view: View, rng: random.Random) -> Table:
        """The view's table with every hidden hole card dealt at random from the cards
        its player has not seen (the rest of the deck stays undealt)."""
        table = view.table
        seen = set(cards_of(table.holes[view.player] + table.board))
        pool = [card for card in DECK if card not in seen]
        rng.shuffle(pool)
        holes = []
        for hole in table.holes:
            hidden = hole.count(HIDDEN)
            holes.append("".join(pool[:hidden]) if hidden else hole)
            del pool[:hidden]
        return table._replace(holes=tuple(holes))

    def parse_view(self, text: str) -> View:
        return View(*self.parse_table(text, viewing=True))

    def format_table(self, table: Table, viewer: int | None) -> str:
        state = self.state(table)
        names = self.player_names
        turn = "chance" if state.turn == CHANCE else names[self.to_move(table)]
        pots = [amount for amount, _ in state.pots()] if state.stage != "over" else []
        history = "/".join(",".join(tokens) for tokens in state.history)
        fields = [turn, state.stage]
        if viewer is not None:
            fields.append(f"view={names[viewer]}")
        fields += [
            f"button={names[table.button]}",
            "chips=" + ",".join(map(str, state.stacks)),
            "bets=" + ",".join(map(str, state.bets)),
            "pots=" + (",".join(map(str, pots)) or "-"),
            "board=" + (table.board or "-"),
            "cards=" + ",".join(h or "-" for h in table.holes),
            "history=" + (history or "-"),
        ]
        if table.last:
            fields.append("last=" + self.format_last(table.last))
        return "(" + " ".join(fields) + ")"

    def format_last(self, last: Showdown) -> str:
        """The ``last=`` field: ``HAND/BOARD/SHOWN/POTS``."""
        names = self.player_names
        shown = ",".join(f"{names[p]}:{cards}" for p, cards in last.shown) or "-"
        pots = ",".join(f"{amount}:" + "+".join(names[p] for p in winners) for amount, winners in last.pots)
        return f"{last.hand}/{last.board or '-'}/{shown}/{pots}"

    def parse_table(self, text: str, viewing: bool) -> tuple[int | None, Table]:
        """The viewer (None for a position) and the table, checked by replaying the history."""
        fields = boards.split_fields(self.name, text)
        keys = ("view",) * viewing + FIELDS
        last_text = None
        if len(fields) == 3 + len(keys) and fields[-1].lower().startswith("last="):
            last_text = fields.pop().partition("=")[2]
        if len(fields) != 2 + len(keys):
            expected = "turn stage " + " ".join(f"{key}=..." for key in keys) + " [last=...]"
            raise self.error(f"{len(fields)} fields, expected {2 + len(keys)}: {expected}", text)
        given = {"turn": fields[0].lower(), "stage": fields[1].lower()}
        for token, key in zip(fields[2:], keys):
            name, sep, value = token.partition("=")
            if name.lower() != key or not sep:
                raise self.error(f"field {token!r} is not {key}=...", text)
            given[key] = value
        viewer = self.parse_player(given["view"], "view", text) if viewing else None
        button = self.parse_player(given["button"], "button", text)
        chips = self.parse_numbers(given["chips"], "chips", text)
        board = self.parse_cards(given["board"], "board", text, hidden_ok=False)
        if count_cards(board) > 5:
            raise self.error(f"board {given['board']!r} has more than 5 cards", text)
        holes = self.parse_holes(given["cards"], viewer, text)
        history = self.parse_history(given["history"], text)
        paid = [0] * self.players
        for player, _, amount in (token for street in history for token in street):
            paid[player] += amount
        start = tuple(c + p for c, p in zip(chips, paid))
        if sum(start) != self.players * self.chips:
            raise self.error(f"the chips add up to {sum(start)}, expected {self.players * self.chips}", text)
        known = [card for card in cards_of("".join(holes) + board) if card != HIDDEN]
        if len(set(known)) != len(known):
            raise self.error("a card is dealt twice", text)
        actions = tuple(action for street in history for _, action, _ in street if action not in BLINDS)
        last = self.parse_last(last_text, start, text) if last_text is not None else None
        table = Table(button, start, holes, board, actions, last)
        try:
            state = self.state(table)
        except PositionError as problem:
            raise self.error(str(problem), text) from None
        if state.finished:
            raise self.error("the round is over (the next position deals the next round)", text)
        self.check_holes(table, state, text)
        wanted = dict(zip(("turn", "stage") + keys, self.format_table(table, viewer)[1:-1].split()))
        for key in ("history", "turn", "stage", "bets", "pots"):
            mine = wanted[key].split("=", 1)[-1]
            if given[key].lower() != mine:
                source = "the blinds and the actions" if key == "history" else "the history"
                raise self.error(f"{key} {given[key]!r} does not follow from {source}: expected {mine!r}", text)
        return viewer, table

    def parse_last(self, value: str, chips: tuple[int, ...], text: str) -> Showdown:
        """The ``last=`` field, checked as far as a position tells: the cards, the players,
        and pots that the shown hands win and the chips held now can hold."""
        parts = value.split("/")
        if len(parts) != 4:
            raise self.error(f"last {value!r} is not HAND/BOARD/SHOWN/POTS (e.g. 4/AsKsQsJsTs/p1:2c3d,p2:9h9d/40:p1)",
                             text)
        hand = boards.parse_int(self.name, parts[0], "last: the hand number", 1, 10**9, text)
        board = self.parse_cards(parts[1], "last: board", text, hidden_ok=False)
        if count_cards(board) not in BOARD_AFTER:
            raise self.error(f"last: a board of {count_cards(board)} cards", text)
        shown = []
        for token in parts[2].split(",") if parts[2] != "-" else []:
            name, _, cards = token.partition(":")
            player = self.parse_player(name, "last: shown hand of", text)
            cards = self.parse_cards(cards or "?", f"last: {name}'s cards", text, hidden_ok=False)
            if count_cards(cards) != 2:
                raise self.error(f"last: {token!r} does not show two hole cards", text)
            shown.append((player, cards))
        players = [p for p, _ in shown]
        if shown and (len(shown) < 2 or players != sorted(set(players)) or count_cards(board) != 5):
            raise self.error("last: a showdown shows two or more hands, in seat order, with five board cards", text)
        seen = cards_of(board + "".join(hole for _, hole in shown))
        if len(set(seen)) != len(seen):
            raise self.error("last: a card is shown twice", text)
        pots = []
        for token in parts[3].split(","):
            amount, sep, winner_names = token.partition(":")
            winners = tuple(self.parse_player(name, "last: pot winner", text)
                            for name in winner_names.split("+") if sep)
            if not winners or len(set(winners)) != len(winners):
                raise self.error(f"last: pot {token!r} is not CHIPS:WINNER+WINNER..", text)
            pots.append((boards.parse_int(self.name, amount, "last: pot", 1, self.players * self.chips, text), winners))
        values = {p: evaluate_codes(cards_of(hole + board)) for p, hole in shown}
        if not shown and (len(pots) != 1 or len(pots[0][1]) != 1):
            raise self.error("last: without a showdown one player takes the only pot", text)
        if shown:
            best = max(values.values())
            if any(p not in values for _, winners in pots for p in winners):
                raise self.error("last: a pot goes to a player who did not show a hand", text)
            if any(len({values[p] for p in winners}) > 1 for _, winners in pots):
                raise self.error("last: the winners of a pot do not hold equal hands", text)
            if set(pots[0][1]) != {p for p in values if values[p] == best}:
                raise self.error("last: the main pot does not go to the best hand shown", text)
        won = chips_won(tuple(pots), self.players)
        for p in range(self.players):
            if won[p] > chips[p]:
                raise self.error(f"last: {self.player_names[p]} won {won[p]} chips but holds only {chips[p]}", text)
        return Showdown(hand, board, tuple(shown), tuple(pots))

    def check_holes(self, table: Table, state: Round, text: str) -> None:
        """Each player holds the hole cards the deal so far gives them."""
        dealt = count_cards(*table.holes)
        order = state.deal_order() if state.seats and state.stage != "over" else []
        for p in range(self.players):
            has = count_cards(table.holes[p])
            if p in order:
                index = order.index(p)
                expected = dealt // len(order) + (1 if index < dealt % len(order) else 0)
            else:
                expected = 0
            if has != expected:
                raise self.error(f"{self.player_names[p]} holds {has} hole cards, expected {expected}", text)

    def parse_player(self, token: str, what: str, text: str) -> int:
        if token.lower() in self.player_names:
            return self.player_names.index(token.lower())
        raise self.error(f"{what} {token!r} is not a player p1 to p{self.players}", text)

    def parse_numbers(self, value: str, what: str, text: str) -> list[int]:
        """One whole number per player."""
        parts = value.split(",")
        if len(parts) != self.players:
            raise self.error(f"{what} {value!r} has {len(parts)} entries, expected {self.players}", text)
        return [boards.parse_int(self.name, part, what, 0, self.players * self.chips, text) for part in parts]

    def parse_cards(self, value: str, what: str, text: str, hidden_ok: bool) -> str:
        """Card codes in canonical case (``-`` for none); ``??`` only where hidden cards may be."""
        if value == "-":
            return ""
        if len(value) % 2 or not value:
            raise self.error(f"{what} {value!r} is not a list of cards such as AsKd", text)
        codes = []
        for code in cards_of(value):
            if code == HIDDEN and hidden_ok:
                codes.append(code)
                continue
            try:
                codes.append(DECK[parse_card(code)])
            except ValueError:
                raise self.error(f"{what}: {code!r} is not a card (rank {RANKS}, suit {SUITS})", text) from None
        return "".join(codes)

    def parse_holes(self, value: str, viewer: int | None, text: str) -> tuple[str, ...]:
        parts = value.split(",")
        if len(parts) != self.players:
            raise self.error(f"cards {value!r} has {len(parts)} entries, expected {self.players}", text)
        holes = []
        for p, part in enumerate(parts):
            hidden = viewer is not None and p != viewer
            cards = self.parse_cards(part, f"{self.player_names[p]}'s cards", text, hidden_ok=hidden)
            if hidden and cards.replace(HIDDEN, ""):
                raise self.error(f"a view shows only its own player's hole cards, not {part!r}", text)
            if count_cards(cards) > 2:
                raise self.error(f"{self.player_names[p]} holds more than 2 hole cards in {part!r}", text)
            holes.append(cards)
        return tuple(holes)

    def parse_history(self, value: str, text: str) -> list[list[tuple[int, str, int]]]:
        """The actions by betting round: (player, action, chips put in)."""
        if value == "-":
            return []
        streets = []
        for street in value.split("/"):
            tokens = []
            for token in street.split(",") if street else []:
                match = HISTORY_TOKEN.match(token.lower())
                if not match or not 1 <= int(match.group(1)) <= self.players:
                    raise self.error(f"history token {token!r} is not player:action (e.g. p2:call10)", text)
                amount = int(match.group(3) or 0)
                tokens.append((int(match.group(1)) - 1, match.group(2), amount))
            streets.append(tokens)
        if len(streets) > len(STAGES):
            raise self.error(f"history {value!r} has more than {len(STAGES)} betting rounds", text)
        return streets

    def render(self, position: Table) -> str:
        """The table; how the last round ended too, until the first action of the next."""
        state = self.state(position)
        names = self.player_names
        last = self.describe_last(position.last) if position.last and not position.actions else []
        if state.stage == "over":
            return "\n".join([f"Texas Hold'em: {names[self.winner(position)]} has won every chip"] + last)
        if state.turn == CHANCE:
            doing = "dealing the hole cards" if state.street == 0 else f"dealing the {state.stage}"
        else:
            doing = f"{state.stage}, {names[state.turn]} to act"
        small, big = state.blind_seats()
        pots = " + ".join(str(amount) for amount, _ in state.pots())
        lines = [f"Texas Hold'em: {doing}", *last,
                 f"board: {' '.join(cards_of(position.board)) or '-'}    pots: {pots}",
                 "seat      chips   bet  cards"]
        for p in range(self.players):
            marks = "D" * (p == position.button) + " SB" * (p == small) + " BB" * (p == big)
            if p not in state.seats:
                status = "out"
            elif state.folded[p]:
                status = "folded"
            else:
                status = "all in" if state.stacks[p] == 0 else ""
            cards = " ".join(cards_of(position.holes[p])) or "-"
            row = f"{names[p]:<3} {marks.strip():<5} {state.stacks[p]:>5} {state.bets[p]:>5}  {cards:<6} {status}"
            lines.append(row.rstrip())
        for stage, tokens in zip(STAGES, state.history):
            lines.append(f"{stage}: {', '.join(tokens) or '-'}")
        return "\n".join(lines)

    def describe_last(self, last: Showdown) -> list[str]:
        """How a round ended, in words: the hands shown and who took each pot."""
        names = self.player_names
        board = " ".join(cards_of(last.board)) or "-"
        if not last.shown:
            ((amount, (winner,)),) = last.pots
            return [f"hand {last.hand}: {names[winner]} took the pot of {amount}, the others folded (board {board})"]
        lines = [f"hand {last.hand}, showdown: board {board}"]
        for p, cards in last.shown:
            hand = describe(evaluate_codes(cards_of(cards + last.board)))
            lines.append(f"  {names[p]} shows {' '.join(cards_of(cards))}: {hand}")
        for index, (amount, winners) in enumerate(last.pots):
            won = chips_won(((amount, winners),), self.players)
            pot = "main pot" if index == 0 else "side pot"
            lines.append(f"  {pot} {amount}: " + ", ".join(f"{names[p]} takes {won[p]}" for p in winners))
        return lines

    # -- what a seat sees, and the end of a hand, for the shell ----------------------------
    def render_view(self, view: View) -> str:
        """The table as its viewer sees it: other players' hole cards as ``??``."""
        return self.render(view.table)

    def round_summary(self, position: Table, move: str, after: Table) -> str | None:
        """The showdown (or the folds) that ends a hand, and every player's chips after it."""
        won = self.hand_chips(position, after)
        if won is None or after.last is None:
            return None
        chips = ", ".join(f"{name} {chips} ({change:+d})"
                          for name, chips, change in zip(self.player_names, after.start_chips, won))
        return "\n".join(self.describe_last(after.last) + [f"  chips: {chips}"])


# -- strategies (declared in the game's strategies below) --------------------------------

class CallPlayer(ViewStrategy):
    """Always checks, or calls when there is a bet to call."""

    name = "call"

    def decide(self, view: View) -> Choice:
        moves = self.game.state(view.table).moves()
        return Choice("check" if "check" in moves else "call", "always check or call")


@dataclass
class EquityPlayer(ViewStrategy):
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
        known = [CARD_INDEX[card] for card in mine + board]
        unseen = [card for card in range(len(DECK)) if card not in known]
        missing = 5 - len(board)
        board_cards = known[len(mine):]
        mine_cards = known[:len(mine)]
        share = 0.0
        for _ in range(self.samples):
            drawn = self.rng.sample(unseen, missing + 2 * opponents)
            full_board = board_cards + drawn[:missing]
            value = evaluate(mine_cards + full_board)
            others = [evaluate(drawn[missing + 2 * k:missing + 2 * k + 2] + full_board) for k in range(opponents)]
            best = max(others, default=-1)
            if value > best:
                share += 1
            elif value == best:
                share += 1 / (1 + others.count(best))
        return share / self.samples


def call_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``call`` strategy (no arguments)."""
    no_arguments("call", args)
    return CallPlayer(game, rng)


def equity_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``equity [samples]`` strategy: samples from 1 to 100000, 200 by default."""
    if len(args) > 1 or (args and not (args[0].isascii() and args[0].isdigit() and 1 <= int(args[0]) <= 100_000)):
        raise GameError(f"equity: samples must be a whole number from 1 to 100000, not {' '.join(args)!r}")
    return EquityPlayer(game, rng, samples=int(args[0]) if args else 200)


Poker.strategies = {
    "call": StrategyEntry(call_player, "always check or call"),
    "equity": StrategyEntry(equity_player, "bets by its equity, Monte-Carlo over the cards it has not seen: "
                                           "equity [SAMPLES]"),
}
