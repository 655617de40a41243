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
* Showdown: each player's best five of seven cards (see ``gamesman.games.poker.hands`` for the
  ranking and every tie break of the sheet's table).  Side pots: the chips put in are cut
  at the totals of the players still in who are all in; each pot goes to the best hands
  among the players still in who put in that much (a bet nobody could match comes back).
  The sheet's example (A and B 100 each, C all in for 50) gives pots of 150 (A, B, C) and
  100 (A, B).  Tied hands share a pot; the odd chips go one each to the tied winners in
  seat order starting left of the button.  At a showdown every player still in shows his
  hole cards; the next position records them and who took each pot (``last=``, below).
* Chips can flow back and forth, so play has no bound (a position counts the hands played,
  so none comes back, and the game does not declare ``loops``): the game is too large to
  solve here.  Play it with the strategies ``random``, ``call`` (always
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
from fractions import Fraction
from typing import Any, Callable, NamedTuple, Sequence

from gamesman.boards import text as boards
from gamesman.contract.capabilities import ActionIndex, Capabilities, HiddenInformation, ObservationTensor, Rounds
from gamesman.contract.errors import PositionError
from gamesman.contract.game import CHANCE, Game, Option, numbered_players
from gamesman.contract.strategy import StrategyEntry
from gamesman.games.poker.betting import (BOARD_AFTER, BLINDS, STAGES, Round, Showdown, Table, cards_of,
                                          chips_won, count_cards, replay)
from gamesman.games.poker.hands import DECK, RANKS, SUITS, describe, evaluate_codes, parse_card, poker_stats
from gamesman.games.poker.players import call_player, equity_player

HIDDEN = "??"
ACTIONS = ("fold", "check", "call", "bet", "raise", "allin")  # a player's moves
SEAT_FEATURES = 9  # what ``observation`` tells of each seat
FIELDS = ("button", "chips", "bets", "pots", "board", "cards", "history")
HISTORY_TOKEN = re.compile(r"^p(\d{1,2}):(sb|bb|fold|check|call|bet|raise|allin)(\d{0,9})$", re.ASCII)


class View(NamedTuple):
    """What one player knows: the table with every other player's hole cards hidden."""

    player: int
    table: Table


class Poker(HiddenInformation[Table], Rounds[Table, str], ActionIndex[Table, str], ObservationTensor[Table],
            Game[Table, str]):
    name = "poker"
    title = "Texas Hold'em"
    player_count = Option(int, 3, "players at the table", low=2, high=10, name="players")
    chips = Option(int, 100, "chips each player starts with", low=1, high=1_000_000)
    min_bet = Option(int, 10, "the minimum bet: the big blind, and the size of every bet and raise",
                     low=2, high=1_000_000)
    showcase = ()
    rules = ("Texas Hold'em, fixed limit: blinds, two hole cards, betting pre-flop, on the flop, turn "
             "and river, best five of seven cards, side pots; the last player with chips wins.")

    def setup(self) -> None:
        self.player_names = numbered_players(self.player_count)

    def declare(self) -> Capabilities:
        """Cards dealt by chance, hidden hole cards, and hands that move chips; no bound on
        the hands, so no solving."""
        return Capabilities(players=self.players, chance=True, hidden_information=True, rounds=True,
                            action_index=True, observation_tensor=True)

    # -- for learning agents ----------------------------------------------------------------
    def action_moves(self) -> tuple[str, ...]:
        return ACTIONS

    def chance_moves(self) -> tuple[str, ...]:
        """The cards, as the deck orders them."""
        return DECK

    def observation_shape(self) -> tuple[int, ...]:
        """See ``observation``."""
        return (2 * len(DECK) + len(STAGES) + 1 + SEAT_FEATURES * self.players,)

    def observation(self, position: Table, player: int) -> Any:
        """What ``player`` sees (``hide``), every number within 0 and 1: its hole cards and the
        board (a flag per card of the deck), the stage (``over`` last), then each seat from
        ``player``'s on: its chips, its bet in this betting round and its chips put in this
        round (shares of all the chips), whether it has folded, is all in, has acted since
        the last raise, has the button, is to act, and is still in the game."""
        import numpy as np

        seen = self.hide(position, player)
        state, total = self.state(seen), self.chips * self.players
        holes, board = set(cards_of(seen.holes[player])), set(cards_of(seen.board))
        stages = (*STAGES, "over")
        features = [*(float(card in holes) for card in DECK), *(float(card in board) for card in DECK),
                    *(float(state.stage == stage) for stage in stages)]
        for seat in ((player + step) % self.players for step in range(self.players)):
            features += [state.stacks[seat] / total, state.bets[seat] / total, state.paid[seat] / total,
                         float(state.folded[seat]), float(not state.folded[seat] and state.stacks[seat] == 0),
                         float(state.acted[seat]), float(state.button == seat), float(state.turn == seat),
                         float(seat in state.seats)]
        return np.array(features, np.float32)

    def count_report(self, progress: Callable[[str, int, int | None], None] | None = None) -> str:
        """The text of ``gamesman count``: the game tree has no bound, so the hands are counted."""
        return (f"{self.spec}: the game tree has no bound (chips flow back and forth, hand after hand)\n"
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
        return state.mover

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

    def round_scores(self, position: Table, after: Table) -> tuple[int, ...] | None:
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
        viewer, table = self.parse_table(text, viewing=True)
        assert viewer is not None, "a view names its viewer"
        return View(viewer, table)

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
            doing = f"{state.stage}, {names[state.mover]} to act"
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
        won = self.round_scores(position, after)
        if won is None or after.last is None:
            return None
        chips = ", ".join(f"{name} {chips} ({change:+d})"
                          for name, chips, change in zip(self.player_names, after.start_chips, won))
        return "\n".join(self.describe_last(after.last) + [f"  chips: {chips}"])


Poker.strategies = {
    "call": StrategyEntry(call_player, "always check or call"),
    "equity": StrategyEntry(equity_player, "bets by its equity, Monte-Carlo over the cards it has not seen: "
                                           "equity [SAMPLES]"),
}
