"""Beverbende, the card game of four face-down cards (seeds 002), knocking included.

Rules as implemented
--------------------
* 2 or more players (``p1``, ``p2``, ...; the real game is for 2 to 6, the sheet's own
  program takes any number): as many as the deck serves, which must hold at least 4 x players + 2 number
  cards, so a card can always be drawn and every special left in a hand can be replaced.
  The default deck serves 10; a bigger one up to 20 players, the cap, since a position
  holds every player's memory of every hand (4 x players x players flags).  The deck has
  66 cards by default: four each of 0 to 8, nine 9s, and seven each of three specials:
  *peek* ``p``, *swap* ``s`` and *get two* ``g``.  The options ``numbers nines peeks
  swaps get_twos`` change the composition (the sheet's "change the card deck" option).
* A round: the deck is shuffled, each player is dealt four cards face down (slots 1 to
  4, left to right), and one card is turned face up: the open pile.  The rest is the
  closed deck.  Every player then looks at the cards of the slots named by the option
  ``peek`` (default ``14``: the two outermost; ``none`` for no cards).  p1 starts round
  1, p2 round 2, and so on; play goes round the table p1, p2, ..., p1.
* A turn: draw the top card of the open pile (``open``, only when it is a number card)
  or a card from the closed deck (``deck``, which only the drawer sees).  Then play it:
  - a number card: ``keepK`` puts it in slot K and the card that was there goes face up
    on the open pile; ``discard`` puts it on the open pile.  A card taken from the open
    pile must be kept: the sheet does not say so, but putting it back would be a pass
    that shows nobody anything, and players take the open card to use it.  The option
    ``keep_open=false`` allows the discard, as the sheet's text reads;
  - peek: ``peekK``, look at your own card K;
  - swap: ``swapK-pQ.L``, swap your card K with card L of player pQ, both face down and
    unseen (anybody who knew either card knows where it went);
  - get two: ``gettwo`` draws a card from the closed deck, to be played like any card
    drawn from the deck (a special's action included); or ``redraw``: that card goes on
    the open pile and a second card is drawn, which must be played (kept, used or
    discarded); a get-two drawn this way starts a get-two of its own;
  - every special may be discarded instead (``discard``); a used special goes on the
    open pile too.
* Knocking: at the end of a turn (no knock has been made this round, and the round is
  past its first turn each: turn number > players) the player may ``knock`` or ``pass``.
  The sheet sets no such limit; without it a round could end before anybody has played,
  on the dealt cards alone, so it is the default, and ``knock_first_turn=true`` lifts it.
  After a knock every other player has one more turn; then the round ends.  Any card,
  the knocker's included, can still be swapped.  With ``fixed_turns`` N > 0 there is no
  knocking (the sheet's simplification): the round ends after N turns each.
* The closed deck running out: when a card must be drawn from an empty closed deck, the
  open pile except its top card becomes the closed deck (the draw from it is the
  shuffle's chance).  The deck size rule above makes that always possible.
* The end of a round: all cards are turned face up.  Every special still in a hand goes
  on the open pile and is replaced by a card from the closed deck, face up, until no
  hand holds a special (players in order, slots in order).  A player scores the sum of
  his four cards.  Scores add up over ``rounds`` rounds (default 1); the next round is
  dealt at once.
* Utilities: the lowest total after the last round wins; winners share 1 equally
  (1 / number of tied winners each), everyone else gets 0.

Chance
------
Every card that comes off the closed deck is a chance node: ``to_move`` is CHANCE and
``chances`` lists each card kind left in the closed deck with probability (copies left) /
(cards left).  The deal is one such draw per card (slot 1 of p1, p2, ..., then slot 2,
..., then the open card); drawing card by card from the unordered deck is the same as
shuffling it, so a seed fixes a whole game and a position holds the whole closed deck.
Chance moves are the card drawn: ``0`` .. ``9``, ``p``, ``s``, ``g``.

Position string
---------------
``(p1 play round=1/1 player=p1 turn=4 knocker=- scores=0,0,0 hands=3134,21p9,67g5
known=x-xx/----/----,-xx-/---x/----,--x-/----/xx-x
closed=0000112223344455666777888899999999ggggggpppppsssss open=ssp draw=deck held=5)``
(one line; p1's second turn: it has drawn a 5 from the deck):

* the turn (``p1`` .. ``p10``, or ``chance`` when a card comes off the closed deck; at the
  end the player last to move) and the stage: ``deal`` (chance), ``draw`` (open or deck),
  ``drawing`` (chance), ``play`` (play the drawn card), ``knock`` (knock or pass),
  ``reveal`` (chance: a special left in a hand is replaced), ``over``;
* ``round=R/T``: round R of T; ``player``: whose turn it is (who starts, while dealing);
  ``turn``: the number of the turn in this round (1 for the first, so turn T of round R
  is player (R - 1 + T - 1) mod players); ``knocker``: who knocked (``-``: nobody);
  ``scores``: the totals of the rounds played (at the end, the last round's included);
* ``hands``: each player's four cards, slot 1 first (``-``: a slot being dealt, or
  refilled at the end);
* ``known``: every player's memory, for p1, p2, ...: which cards it knows, as one group
  per hand (``x`` known, ``-`` not), e.g. ``x--x/----/----`` for a p1 who knows its own
  outer cards.  What a player knows follows from public events only (the start peeks,
  who peeked where, who kept a card where, every swap), so every player's memory is
  public too; the card values are not;
* ``closed``: the closed deck, sorted (``-``: empty); ``open``: the open pile, top card
  last (every card on it was seen by everybody);
* ``draw``: how the card in play was drawn: ``open``, ``deck``, ``two1`` / ``two2`` (first
  or second card of a get-two), ``-`` none; ``held``: that card (``-`` none).

A player's view (``view(position, player)``) is the same string with ``view=pK`` after
the stage; every card the viewer has not seen is ``?`` (hands, and a card held by someone
else that came off the closed deck), and ``closed`` is the number of cards in the closed
deck.  ``parse_view`` reads a view back and ``format_view`` prints it.

After a refill the closed deck is the old open pile, whose cards everybody saw; a view
still writes the closed deck as its size.  A view is what a player knows of where each
card is (the hands, the card in play, the open pile), and nobody knows where a card is in
a shuffled deck; which cards went into it is in the view before the refill, the open
pile, for a player that keeps it.  The strategies here count every card they cannot see
as unseen, the refilled ones included.

The parser refuses what play cannot reach, each with its reason: cards that do not add up
to the deck, a view showing a card its player has not seen, a player out of turn order, a
knock that does not fit the turns, memories at the first turn other than the start peek,
scores that the rounds played cannot give, and so on.

Moves: ``open deck keepK discard peekK swapK-pQ.L gettwo redraw knock pass`` (K and L
are slots 1 to 4); chance moves are the card drawn.

Strategies (registered in ``gamesman.players.strategies``): ``humanlike``, the sheet's own way of
playing, and ``expected``, which weighs every choice by expected totals over the cards it
has not seen.  Both decide from the mover's view alone.
"""
from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NamedTuple, Sequence

from gamesman.boards import text as boards
from gamesman.contract.capabilities import ActionIndex, Capabilities, HiddenInformation, ObservationTensor, Rounds
from gamesman.contract.errors import OptionError
from gamesman.contract.game import CHANCE, Game, Option, numbered_players
from gamesman.contract.strategy import Choice, Strategy, ViewStrategy, StrategyEntry, no_arguments

NUMBERS = tuple("0123456789")  # a tuple: ``"" in NUMBERS`` is False
SPECIALS = "gps"  # get two, peek, swap
KINDS = "".join(NUMBERS) + SPECIALS  # sorted order, as the closed deck is written
HAND = 4
SLOTS = range(1, HAND + 1)
UNKNOWN = "?"
EMPTY = "-"
KNOWN = "x"
STAGES = ("deal", "draw", "drawing", "play", "knock", "reveal", "over")
CHANCE_STAGES = ("deal", "drawing", "reveal")
DRAWS = ("open", "deck", "two1", "two2")
FIELDS = ("round", "player", "turn", "knocker", "scores", "hands", "known", "closed", "open", "draw", "held")
MAX_PLAYERS = 20  # the memory field holds 4 x players x players flags
SYMBOLS = KINDS + UNKNOWN + EMPTY  # what a slot or the card in play shows an observer


class Table(NamedTuple):
    """A position (or, with ``?`` for unseen cards, what one player sees of it).

    ``round`` counts from 1, ``player`` and ``knocker`` are player indices (knocker -1:
    nobody), ``known[q]`` is player q's memory as 4 x players flags (``x`` / ``-``),
    hand by hand; ``closed`` is sorted; ``open`` has its top card last; ``draw`` is
    ``-`` or one of DRAWS; ``held`` is ``""`` when no card is in play.
    """

    stage: str
    round: int
    player: int
    turn: int
    knocker: int
    scores: tuple[int, ...]
    hands: tuple[str, ...]
    known: tuple[str, ...]
    closed: str
    open: str
    draw: str
    held: str


class View(NamedTuple):
    """What one player knows: the table with every card it has not seen written ``?``."""

    player: int
    table: Table


def value(card: str) -> int:
    """The points of a number card."""
    return NUMBERS.index(card)


def remove(cards: str, card: str) -> str:
    """``cards`` with one ``card`` taken out (sorted stays sorted)."""
    return cards.replace(card, "", 1)


def set_char(text: str, index: int, char: str) -> str:
    return text[:index] + char + text[index + 1:]


class Beverbende(HiddenInformation[Table], Rounds[Table, str], ActionIndex[Table, str], ObservationTensor[Table],
                 Game[Table, str]):
    name = "beverbende"
    title = "Beverbende"
    player_count = Option(int, 3, "players at the table (as many as the deck serves: 4 x players + 2 number cards)",
                          low=2, high=MAX_PLAYERS, name="players")
    rounds = Option(int, 1, "rounds played; the lowest total wins", low=1, high=100)
    peek = Option(str, "14", "the slots each player looks at before play, e.g. 14 or 23 or none")
    fixed_turns = Option(int, 0, "0: players knock; N: no knocking, a round lasts N turns each",
                         low=0, high=1000)
    numbers = Option(int, 4, "copies of each card 0 to 8", low=0, high=20)
    nines = Option(int, 9, "copies of the 9", low=0, high=40)
    peeks = Option(int, 7, "peek cards", low=0, high=40)
    swaps = Option(int, 7, "swap cards", low=0, high=40)
    get_twos = Option(int, 7, "get-two cards", low=0, high=40)
    knock_first_turn = Option(bool, False, "a player may knock from his first turn on (off: once "
                              "everybody has had a turn)")
    keep_open = Option(bool, True, "a number taken from the open pile must be kept (off: it may be "
                       "discarded again)")
    showcase = ()
    rules = ("Four face-down cards each; draw from the open pile or the closed deck, keep the card in "
             "place of one of yours or discard it; peek, swap and get-two specials; knock, and after "
             "one more turn each the lowest total wins.")

    def setup(self) -> None:
        self.player_names = numbered_players(self.player_count)
        counts = {**{d: self.numbers for d in NUMBERS[:9]}, "9": self.nines,
                  "p": self.peeks, "s": self.swaps, "g": self.get_twos}
        self.deck = "".join(kind * counts[kind] for kind in KINDS)
        self.highest_hand = HAND * max((value(c) for c in self.deck if c in NUMBERS), default=0)
        number_cards = 9 * self.numbers + self.nines
        if number_cards < HAND * self.players + 2:
            raise OptionError(f"beverbende: the deck has {number_cards} number cards; {self.players} players "
                              f"need at least {HAND * self.players + 2}")
        self.peek_slots = self.parse_peek(self.peek)

    def parse_peek(self, text: str) -> tuple[int, ...]:
        if text == "none":
            return ()
        if not text or any(c not in "1234" for c in text) or list(text) != sorted(set(text)):
            raise OptionError(f"beverbende: peek must be slot numbers 1 to 4 in increasing order "
                              f"(e.g. 14) or none, not {text!r}")
        return tuple(int(c) - 1 for c in text)

    def declare(self) -> Capabilities:
        """Cards dealt by chance, cards nobody has seen, and rounds whose ends the shell
        tells (the scores stay in the table: no ``round_scores``); too large to solve."""
        return Capabilities(players=self.players, chance=True, hidden_information=True, rounds=True,
                            action_index=True, observation_tensor=True)

    # -- for learning agents ----------------------------------------------------------------
    def action_moves(self) -> list[str]:
        """Every move of every stage (a swap with one's own hand is numbered but never legal)."""
        return ["open", "deck", *(f"keep{slot}" for slot in SLOTS), "discard", *(f"peek{slot}" for slot in SLOTS),
                *(f"swap{mine}-{name}.{theirs}" for mine in SLOTS for name in self.player_names for theirs in SLOTS),
                "gettwo", "redraw", "knock", "pass"]

    def chance_moves(self) -> tuple[str, ...]:
        """The kinds of card that a draw from the closed deck turns up."""
        return tuple(KINDS)

    def observation_shape(self) -> tuple[int, ...]:
        """See ``observation``."""
        n = self.players
        return (len(STAGES) + 3 * n + 2 + n * HAND * len(SYMBOLS) + n * n * HAND + 2 * len(KINDS) + 1
                + len(DRAWS) + 1 + len(SYMBOLS),)

    def observation(self, position: Table, player: int) -> Any:
        """What ``player`` sees (``hide``), every number within 0 and 1, players counted from
        ``player`` in the order of play: the stage; whose turn it is and who knocked (one-hot);
        the round and the scores (shares of the most that can be scored); every slot's card
        (one-hot over the kinds, unseen and empty); every player's memory of every slot; the
        open pile's cards by kind (shares of the deck) and its top card; the closed deck's size
        (a share of the deck); how the card in play was drawn, and that card."""
        import numpy as np

        n, seen = self.players, self.hide(position, player)
        order = [(player + step) % n for step in range(n)]

        def one_hot(size: int, at: int | None) -> list[float]:
            return [1.0 if index == at else 0.0 for index in range(size)]

        deck, most = len(self.deck), max(1, self.highest_hand * self.rounds)
        parts = [one_hot(len(STAGES), STAGES.index(seen.stage)), one_hot(n, order.index(seen.player)),
                 one_hot(n + 1, order.index(seen.knocker) if seen.knocker >= 0 else n),
                 [seen.round / self.rounds], [score / most for score in (seen.scores[q] for q in order)]]
        parts += [one_hot(len(SYMBOLS), SYMBOLS.index(card)) for q in order for card in seen.hands[q]]
        parts += [[1.0 if flag == KNOWN else 0.0 for q in order for flag in
                   "".join(seen.known[q][p * HAND:(p + 1) * HAND] for p in order)]]
        parts += [[seen.open.count(kind) / deck for kind in KINDS],
                  one_hot(len(KINDS), KINDS.index(seen.open[-1]) if seen.open else None), [len(seen.closed) / deck],
                  one_hot(len(DRAWS) + 1, DRAWS.index(seen.draw) + 1 if seen.draw in DRAWS else 0),
                  one_hot(len(SYMBOLS), SYMBOLS.index(seen.held or EMPTY))]
        return np.array([number for part in parts for number in part], np.float32)

    # -- rules ----------------------------------------------------------------------------
    def start(self) -> Table:
        return self.new_round(1, (0,) * self.players)

    def new_round(self, number: int, scores: tuple[int, ...]) -> Table:
        n = self.players
        return Table("deal", number, (number - 1) % n, 1, -1, scores, (EMPTY * HAND,) * n,
                     (EMPTY * HAND * n,) * n, self.deck, "", EMPTY, "")

    def to_move(self, position: Table) -> int:
        return CHANCE if position.stage in CHANCE_STAGES else position.player

    def outcome(self, position: Table) -> tuple[float, ...] | None:
        if position.stage != "over":
            return None
        best = min(position.scores)
        winners = position.scores.count(best)
        return tuple(1 / winners if score == best else 0.0 for score in position.scores)

    def chances(self, position: Table) -> list[tuple[str, Fraction]]:
        if position.stage not in CHANCE_STAGES:
            return []
        counts = Counter(position.closed)
        total = len(position.closed)
        return [(kind, Fraction(counts[kind], total)) for kind in KINDS if counts[kind]]

    def may_knock(self, table: Table) -> bool:
        """May the player to move knock at the end of this turn?"""
        return self.fixed_turns == 0 and table.knocker < 0 and table.turn >= self.first_knock_turn()

    def first_knock_turn(self) -> int:
        """The first turn of a round at whose end a player may knock."""
        return 1 if self.knock_first_turn else self.players + 1

    def start_known(self) -> tuple[str, ...]:
        """Every player's memory after the deal: its own cards in the ``peek`` slots."""
        return tuple("".join(KNOWN if (s // HAND == q and s % HAND in self.peek_slots) else EMPTY
                             for s in range(HAND * self.players)) for q in range(self.players))

    def moves(self, position: Table) -> list[str]:
        stage = position.stage
        if stage == "draw":
            return (["open"] if position.open[-1:] in NUMBERS else []) + ["deck"]
        if stage == "knock":
            return ["knock", "pass"]
        if stage != "play":
            return []
        card, me = position.held, position.player
        if card in NUMBERS:
            must_keep = position.draw == "open" and self.keep_open
            moves = [f"keep{slot}" for slot in SLOTS] + ([] if must_keep else ["discard"])
        elif card == "p":
            moves = [f"peek{slot}" for slot in SLOTS] + ["discard"]
        elif card == "s":
            moves = [f"swap{mine}-{self.player_names[other]}.{theirs}" for mine in SLOTS
                     for other in range(self.players) if other != me for theirs in SLOTS] + ["discard"]
        elif card == "g":
            moves = ["gettwo", "discard"]
        else:  # a card this viewer has not seen
            return []
        return moves + (["redraw"] if position.draw == "two1" else [])

    def play(self, position: Table, move: str) -> Table:
        if position.stage in CHANCE_STAGES:
            if not isinstance(move, str) or len(move) != 1 or move not in position.closed:
                raise self.illegal(f"{move!r} is not a card in the closed deck")
            return self.draw_card(position, move)
        if move not in self.moves(position):
            legal = " ".join(self.moves(position)) or "none: the game is over"
            raise self.illegal(f"{move!r} is not a legal move here (legal: {legal})")
        return self.act(position, move)

    def act(self, table: Table, move: str) -> Table:
        """Apply a legal move of the player to move."""
        me = table.player
        if move == "open":
            return table._replace(stage="play", open=table.open[:-1], draw="open", held=table.open[-1])
        if move == "deck":
            return self.start_draw(table, "deck")
        if move == "knock":
            return self.next_turn(table._replace(knocker=me))
        if move == "pass":
            return self.next_turn(table)
        played = table._replace(open=table.open + table.held, held="")
        if move == "discard":
            return self.end_action(played)
        if move == "gettwo":
            return self.start_draw(played, "two1")
        if move == "redraw":
            return self.start_draw(played, "two2")
        slot = me * HAND + int(move[4]) - 1
        if move.startswith("keep"):
            seen = [KNOWN if (q == me or table.draw == "open") else EMPTY for q in range(self.players)]
            known = tuple(set_char(mask, slot, seen[q]) for q, mask in enumerate(table.known))
            return self.end_action(self.put(table._replace(open=table.open + self.card_at(table, slot),
                                                           held="", known=known), slot, table.held))
        if move.startswith("peek"):
            known = table.known[:me] + (set_char(table.known[me], slot, KNOWN),) + table.known[me + 1:]
            return self.end_action(played._replace(known=known))
        other_name, theirs = move[6:].split(".")
        other = self.player_names.index(other_name) * HAND + int(theirs) - 1
        mine_card, their_card = self.card_at(table, slot), self.card_at(table, other)
        swapped = self.put(self.put(played, slot, their_card), other, mine_card)
        known = tuple(set_char(set_char(mask, slot, mask[other]), other, mask[slot]) for mask in table.known)
        return self.end_action(swapped._replace(known=known))

    @staticmethod
    def card_at(table: Table, slot: int) -> str:
        """The card in flat slot ``slot`` (player * 4 + slot index)."""
        return table.hands[slot // HAND][slot % HAND]

    @staticmethod
    def put(table: Table, slot: int, card: str) -> Table:
        """``table`` with ``card`` in flat slot ``slot``."""
        owner = slot // HAND
        hands = table.hands[:owner] + (set_char(table.hands[owner], slot % HAND, card),) + table.hands[owner + 1:]
        return table._replace(hands=hands)

    def refill(self, table: Table) -> Table:
        """When the closed deck is empty, the open pile but its top card becomes the closed deck."""
        if table.closed:
            return table
        return table._replace(closed="".join(sorted(table.open[:-1], key=KINDS.index)), open=table.open[-1:])

    def start_draw(self, table: Table, how: str) -> Table:
        return self.refill(table._replace(stage="drawing", draw=how, held=""))

    def end_action(self, table: Table) -> Table:
        """The card is played: knock or pass when allowed, else the next turn."""
        table = table._replace(draw=EMPTY, held="")
        return table._replace(stage="knock") if self.may_knock(table) else self.next_turn(table)

    def next_turn(self, table: Table) -> Table:
        following = (table.player + 1) % self.players
        if following == table.knocker or (self.fixed_turns and table.turn >= self.fixed_turns * self.players):
            everything = KNOWN * HAND * self.players
            return self.reveal_next(table._replace(known=(everything,) * self.players))
        return table._replace(stage="draw", player=following, turn=table.turn + 1)

    def reveal_next(self, table: Table) -> Table:
        """Send the next special left in a hand to the open pile (a card replaces it), or score."""
        for slot, card in enumerate("".join(table.hands)):
            if card in SPECIALS:
                emptied = self.put(table._replace(open=table.open + card), slot, EMPTY)
                return self.refill(emptied._replace(stage="reveal"))
        return self.score_round(table)

    def score_round(self, table: Table) -> Table:
        """Every hand is numbers only: add the totals to the scores; the next round, or the end."""
        totals = tuple(sum(value(c) for c in hand) for hand in table.hands)
        scores = tuple(s + t for s, t in zip(table.scores, totals))
        if table.round == self.rounds:
            return table._replace(stage="over", scores=scores)
        return self.new_round(table.round + 1, scores)

    def draw_card(self, table: Table, card: str) -> Table:
        """Apply a chance outcome: ``card`` comes off the closed deck."""
        table = table._replace(closed=remove(table.closed, card))
        if table.stage == "drawing":
            return table._replace(stage="play", held=card)
        slot = "".join(table.hands).find(EMPTY)
        if table.stage == "reveal":
            return self.reveal_next(self.put(table, slot, card))
        if slot >= 0:  # dealing: slot 1 of every player, then slot 2, ...
            dealt = HAND * self.players - "".join(table.hands).count(EMPTY)
            return self.put(table, (dealt % self.players) * HAND + dealt // self.players, card)
        return table._replace(stage="draw", open=card, known=self.start_known())

    # -- views ----------------------------------------------------------------------------
    def view(self, position: Table, player: int) -> str:
        return self.format_view(View(player, self.hide(position, player)))

    def hide(self, table: Table, player: int) -> Table:
        """``table`` as ``player`` sees it: unseen cards ``?``, the closed deck face down."""
        mask = table.known[player]
        cards = "".join(c if (c == EMPTY or mask[i] == KNOWN) else UNKNOWN for i, c in enumerate("".join(table.hands)))
        hands = tuple(cards[p * HAND:(p + 1) * HAND] for p in range(self.players))
        sees_held = player == table.player or table.draw == "open"
        held = table.held if (sees_held or not table.held) else UNKNOWN
        return table._replace(hands=hands, closed=UNKNOWN * len(table.closed), held=held)

    # -- text -----------------------------------------------------------------------------
    def format_move(self, position: Table, move: str) -> str:
        return str(move)

    def format_position(self, position: Table) -> str:
        return self.format_table(position, None)

    def parse_position(self, text: str) -> Table:
        return self.parse_table(text, viewing=False)[1]

    def format_view(self, view: View) -> str:
        return self.format_table(view.table, view.player)

    def sample_position(self, view: View, rng: random.Random) -> Table:
        """The view's table with the cards its player has not seen (in hands, the closed
        deck, a card in play) dealt at random from the deck less the cards it sees."""
        t = view.table
        pool = list((Counter(self.deck) - Counter(c for c in "".join(t.hands) + t.open + t.held if c in KINDS))
                    .elements())
        rng.shuffle(pool)
        cards = list("".join(t.hands))
        for i, card in enumerate(cards):
            if card == UNKNOWN:
                cards[i] = pool.pop()
        held = pool.pop() if t.held == UNKNOWN else t.held
        hands = tuple("".join(cards[p * HAND:(p + 1) * HAND]) for p in range(self.players))
        return t._replace(hands=hands, held=held, closed="".join(sorted(pool)))

    def parse_view(self, text: str) -> View:
        viewer, table = self.parse_table(text, viewing=True)
        assert viewer is not None, "a view names its viewer"
        return View(viewer, table)

    def format_table(self, table: Table, viewer: int | None) -> str:
        names = self.player_names
        turn = "chance" if table.stage in CHANCE_STAGES else names[table.player]
        fields = [turn, table.stage] + ([f"view={names[viewer]}"] if viewer is not None else [])
        known = ",".join("/".join(mask[p * HAND:(p + 1) * HAND] for p in range(self.players)) for mask in table.known)
        closed = str(len(table.closed)) if viewer is not None else (table.closed or EMPTY)
        fields += [
            f"round={table.round}/{self.rounds}",
            f"player={names[table.player]}",
            f"turn={table.turn}",
            f"knocker={names[table.knocker] if table.knocker >= 0 else EMPTY}",
            "scores=" + ",".join(map(str, table.scores)),
            "hands=" + ",".join(table.hands),
            f"known={known}",
            f"closed={closed}",
            f"open={table.open or EMPTY}",
            f"draw={table.draw}",
            f"held={table.held or EMPTY}",
        ]
        return "(" + " ".join(fields) + ")"

    def parse_table(self, text: str, viewing: bool) -> tuple[int | None, Table]:
        """The viewer (None for a full position) and the table, checked for consistency."""
        fields = boards.split_fields(self.name, text)
        keys = ("view",) * viewing + FIELDS
        if len(fields) != 2 + len(keys):
            expected = "turn stage " + " ".join(f"{key}=..." for key in keys)
            raise self.error(f"{len(fields)} fields, expected {2 + len(keys)}: {expected}", text)
        given: dict[str, str] = {}
        for token, key in zip(fields[2:], keys):
            name, sep, raw = token.partition("=")
            if name.lower() != key or not sep:
                raise self.error(f"field {token!r} is not {key}=...", text)
            given[key] = raw
        stage = fields[1].lower()
        if stage not in STAGES:
            raise self.error(f"stage {fields[1]!r} is not one of {' '.join(STAGES)}", text)
        viewer = self.parse_player(given["view"], "view", text) if viewing else None
        number, total = self.parse_round(given["round"], text)
        player = self.parse_player(given["player"], "player", text)
        turn = boards.parse_int(self.name, given["turn"], "turn", 1, 10**6, text)
        knocker = -1 if given["knocker"] == EMPTY else self.parse_player(given["knocker"], "knocker", text)
        scores = self.parse_scores(given["scores"], text)
        hands = self.parse_hands(given["hands"], viewing, text)
        known = self.parse_known(given["known"], text)
        if viewing:
            closed = UNKNOWN * boards.parse_int(self.name, given["closed"], "closed", 0, len(self.deck), text)
        else:
            closed = "".join(sorted(self.parse_cards(given["closed"], "closed", "", text), key=KINDS.index))
        pile = self.parse_cards(given["open"], "open", "", text)
        draw = given["draw"].lower()
        if draw not in (EMPTY,) + DRAWS:
            raise self.error(f"draw {given['draw']!r} is not one of - {' '.join(DRAWS)}", text)
        held = self.parse_cards(given["held"], "held", UNKNOWN if viewing else "", text)
        if len(held) > 1:
            raise self.error(f"held {given['held']!r} is more than one card", text)
        table = Table(stage, number, player, turn, knocker, scores, hands, known, closed, pile, draw, held)
        turn_token = fields[0].lower()
        wanted = "chance" if stage in CHANCE_STAGES else self.player_names[player]
        if turn_token != wanted:
            raise self.error(f"turn {fields[0]!r} does not fit stage {stage} of player {self.player_names[player]}: "
                             f"expected {wanted}", text)
        problem = self.inconsistency(table, viewer)
        if problem:
            raise self.error(problem, text)
        return viewer, table

    def inconsistency(self, t: Table, viewer: int | None) -> str | None:
        """Why ``t`` cannot occur (None when it can, as far as the fields tell)."""
        n = self.players
        cards = "".join(t.hands)
        empties = [i for i, c in enumerate(cards) if c == EMPTY]
        everything = KNOWN * HAND * n
        if t.stage == "deal":
            dealt = HAND * n - len(empties)
            order = [(k % n) * HAND + k // n for k in range(HAND * n)]
            if sorted(empties) != sorted(order[dealt:]):
                return "while dealing, the cards go to slot 1 of p1, p2, ..., then slot 2, ...: hands do not fit"
            if (t.player, t.turn, t.knocker, t.open, t.draw, t.held) != ((t.round - 1) % n, 1, -1, "", EMPTY, ""):
                return f"while dealing round {t.round}: player {self.player_names[(t.round - 1) % n]}, turn 1, " \
                       "no knocker, no open pile, nothing drawn"
            if any(KNOWN in mask for mask in t.known):
                return "while dealing nobody knows a card yet"
        else:
            if not t.open and t.draw != "open":
                return "the open pile is empty after the deal"
            if len(empties) != (t.stage == "reveal"):
                return "a hand slot is empty" if t.stage != "reveal" else "the reveal refills exactly one slot (-)"
        if t.stage in ("reveal", "over") and t.known != (everything,) * n:
            return "at the end of a round every card is known to everybody"
        if t.stage == "over" and t.round != self.rounds:
            return f"the game is over only after round {self.rounds}"
        if t.stage in ("drawing", "reveal") and not t.closed:
            return "a card is drawn from an empty closed deck"
        if (t.stage == "play") != bool(t.held):
            return "a card is held exactly while it is played (stage play)"
        if t.stage == "play" and t.draw == EMPTY or t.stage == "drawing" and t.draw in (EMPTY, "open") \
                or t.stage not in ("play", "drawing") and t.draw != EMPTY:
            return f"draw {t.draw} does not fit stage {t.stage}"
        if t.draw == "open" and t.held not in NUMBERS:
            return "only a number card can be taken from the open pile"
        return self.turn_problem(t) or self.score_problem(t) or self.card_problem(t, viewer)

    def turn_problem(self, t: Table) -> str | None:
        """A player, turn number, knocker or memory that the order of play cannot give."""
        n, names = self.players, self.player_names
        if t.player != (t.round - 1 + t.turn - 1) % n:
            return (f"turn {t.turn} of round {t.round} is {names[(t.round - 1 + t.turn - 1) % n]}'s, not "
                    f"{names[t.player]}'s (p{(t.round - 1) % n + 1} starts round {t.round}, then in seat order)")
        if t.stage in ("draw", "drawing", "play") and t.turn == 1 and t.known != self.start_known():
            return "in the first turn every player knows only its own cards of the start peek " \
                   f"(slots {''.join(str(s + 1) for s in self.peek_slots) or 'none'})"
        if t.knocker >= 0 and self.fixed_turns:
            return "nobody knocks in this variant (fixed_turns)"
        if t.knocker >= 0:
            since = (t.player - t.knocker) % n  # the turns played after the knock
            if t.stage in ("draw", "drawing", "play", "knock") and since == 0:
                return "the round is over when the turn comes back to the knocker"
            if t.stage in ("reveal", "over") and since != n - 1:
                return f"a round that {names[t.knocker]} knocked ends after {names[(t.knocker - 1) % n]}'s turn"
            if t.turn - since < self.first_knock_turn():
                return (f"{names[t.knocker]} would have knocked in turn {t.turn - since}; knocking starts "
                        f"in turn {self.first_knock_turn()}")
        elif t.stage in ("reveal", "over") and not self.fixed_turns:
            return "a round ends only after a knock (knocker=-)"
        if t.stage == "knock" and not self.may_knock(t):
            return "knocking is not allowed here"
        if self.fixed_turns and t.turn > self.fixed_turns * n:
            return f"a round lasts {self.fixed_turns * n} turns"
        if self.fixed_turns and t.stage in ("reveal", "over") and t.turn != self.fixed_turns * n:
            return f"a round ends after turn {self.fixed_turns * n}, not turn {t.turn}"
        return None

    def score_problem(self, t: Table) -> str | None:
        """Scores that the rounds played cannot give: each round adds a hand's total."""
        before = self.highest_hand * (t.round - 1)  # the most the earlier rounds can give
        if t.stage != "over":
            if any(score > before for score in t.scores):
                return ("round 1 starts with every score 0" if t.round == 1 else
                        f"after round {t.round - 1} a score is at most {before}")
            return None
        if any(card in SPECIALS for card in "".join(t.hands)):
            return "at the end of a round no hand holds a special"
        totals = [sum(value(card) for card in hand) for hand in t.hands]
        if any(not 0 <= score - total <= before for score, total in zip(t.scores, totals)):
            expected = ",".join(map(str, totals))
            return (f"the scores are the hands' totals ({expected})" if t.round == 1 else
                    f"the scores add the hands' totals ({expected}) to at most {before} from earlier rounds")
        return None

    def card_problem(self, t: Table, viewer: int | None) -> str | None:
        """Cards that do not add up to the deck, or a view showing a card it should not."""
        shown = [c for c in "".join(t.hands) + t.closed + t.open + t.held if c not in (EMPTY, UNKNOWN)]
        deck = Counter(self.deck)
        extra = Counter(shown) - deck
        if extra:
            card = sorted(extra)[0]
            return f"there are only {deck[card]} of card {card} in the deck"
        placed = len("".join(t.hands).replace(EMPTY, "")) + len(t.closed) + len(t.open) + len(t.held)
        if placed != len(self.deck):
            return f"{placed} cards in play, the deck has {len(self.deck)}"
        if viewer is None:
            return None
        mask = t.known[viewer]
        for i, card in enumerate("".join(t.hands)):
            if card != EMPTY and (card == UNKNOWN) != (mask[i] != KNOWN):
                return f"{self.player_names[viewer]} sees exactly the cards its memory marks x"
        if t.held == UNKNOWN and (viewer == t.player or t.draw == "open"):
            return f"{self.player_names[viewer]} sees the card in play"
        return None

    def parse_player(self, token: str, what: str, text: str) -> int:
        if token.lower() in self.player_names:
            return self.player_names.index(token.lower())
        raise self.error(f"{what} {token!r} is not a player p1 to p{self.players}", text)

    def parse_round(self, raw: str, text: str) -> tuple[int, int]:
        number, sep, total = raw.partition("/")
        if not sep or total != str(self.rounds):
            raise self.error(f"round {raw!r} is not R/{self.rounds}", text)
        return boards.parse_int(self.name, number, "round", 1, self.rounds, text), self.rounds

    def parse_scores(self, raw: str, text: str) -> tuple[int, ...]:
        parts = raw.split(",")
        if len(parts) != self.players:
            raise self.error(f"scores {raw!r} has {len(parts)} entries, expected {self.players}", text)
        return tuple(boards.parse_int(self.name, part, "score", 0, 36 * self.rounds, text) for part in parts)

    def parse_cards(self, raw: str, what: str, also: str, text: str) -> str:
        """A string of cards (``-`` for none), lower case; ``also`` lists extra allowed characters."""
        if raw == EMPTY:
            return ""
        cards = raw.lower()
        for card in cards:
            if card not in KINDS + also:
                raise self.error(f"{what}: {card!r} is not a card ({' '.join(KINDS + also)})", text)
        return cards

    def parse_hands(self, raw: str, viewing: bool, text: str) -> tuple[str, ...]:
        parts = raw.split(",")
        if len(parts) != self.players:
            raise self.error(f"hands {raw!r} has {len(parts)} hands, expected {self.players}", text)
        for part in parts:
            if len(part) != HAND:
                raise self.error(f"hand {part!r} has {len(part)} cards, expected {HAND}", text)
            self.parse_cards(part, "hand", EMPTY + UNKNOWN * viewing, text)
        return tuple(part.lower() for part in parts)

    def parse_known(self, raw: str, text: str) -> tuple[str, ...]:
        masks = raw.lower().split(",")
        if len(masks) != self.players:
            raise self.error(f"known {raw!r} has {len(masks)} memories, expected {self.players}", text)
        result = []
        for mask in masks:
            groups = mask.split("/")
            if len(groups) != self.players or any(len(g) != HAND or g.strip(KNOWN + EMPTY) for g in groups):
                raise self.error(f"memory {mask!r} is not {self.players} groups of 4 x or -", text)
            result.append("".join(groups))
        return tuple(result)

    def simulate_report(self, finals: Sequence[Table]) -> str:
        """The mean final total of each player over simulated games (``gamesman simulate``)."""
        means = (sum(final.scores[p] for final in finals) / len(finals) for p in range(self.players))
        return "  mean total: " + ", ".join(f"{name} {mean:.2f}" for name, mean in zip(self.player_names, means))

    def render(self, position: Table) -> str:
        names = self.player_names
        doing = {
            "deal": "dealing", "draw": f"{names[position.player]} draws", "drawing": "a card comes off the deck",
            "play": f"{names[position.player]} plays the {position.held} drawn ({position.draw})",
            "knock": f"{names[position.player]} may knock", "reveal": "replacing the specials left in hands",
            "over": "the game is over",
        }[position.stage]
        lines = [f"Beverbende: round {position.round} of {self.rounds}, turn {position.turn}: {doing}",
                 f"open pile: {' '.join(position.open) or '-'} (top last)   closed deck: {len(position.closed)} cards",
                 "player  1 2 3 4  knows        score"]
        for p in range(self.players):
            mask = position.known[p]
            knows = "/".join(mask[q * HAND:(q + 1) * HAND] for q in range(self.players))
            mark = "knocked" if p == position.knocker else ""
            lines.append(f"{names[p]:<4}{'>' if p == position.player else ' '}   {' '.join(position.hands[p])}  "
                         f"{knows:<12} {position.scores[p]:>5}  {mark}".rstrip())
        return "\n".join(lines)

    # -- what a seat sees, and the end of a round, for the shell ---------------------------
    def render_view(self, view: View) -> str:
        """The table as its viewer sees it: cards it has not seen as ``?``."""
        return self.render(view.table)

    def round_summary(self, position: Table, move: str, after: Table) -> str | None:
        """The round's end: every hand turned over (specials replaced), the totals, the
        round's winner and the running scores."""
        if after.round == position.round and (after.stage != "over" or position.stage == "over"):
            return None
        ended: list[Table] = []
        watcher = copy.copy(self)  # the same rules, noting the hands the round is scored on

        def noted(table: Table) -> Table:
            ended.append(table)
            return Beverbende.score_round(self, table)
        watcher.score_round = noted  # type: ignore[method-assign]  # on purpose: the copy notes what it scores
        watcher.play(position, move)
        hands = ended[0].hands
        totals = [sum(value(c) for c in hand) for hand in hands]
        best = min(totals)
        names = self.player_names
        lines = [f"round {position.round} is over: every card turned over, specials replaced"]
        lines += [f"  {names[p]:<4} {' '.join(hand)}  total {total}" for p, (hand, total) in enumerate(zip(hands, totals))]
        winners = " and ".join(names[p] for p, total in enumerate(totals) if total == best)
        scores = ", ".join(f"{name} {score}" for name, score in zip(names, after.scores))
        lines.append(f"  round won by {winners} (total {best}); scores: {scores}")
        return "\n".join(lines)


# -- strategies (declared in the game's strategies below) --------------------------------

class Reading:
    """What a view tells about the cards: the unseen ones and an estimate for every slot.

    A card the viewer has not seen is worth the mean of the number cards it has not seen
    (``mean``); so is a special in a hand, which the end of the round replaces.  A card
    that its owner knows and the viewer does not is worth ``kept`` times that: owners keep
    the cards they know to be low.
    """

    def __init__(self, game: Beverbende, view: View, kept: float = 1.0) -> None:
        self.game, self.me, self.table = game, view.player, view.table
        t = view.table
        self.last_turn = t.knocker >= 0  # somebody knocked: this is the viewer's last turn
        seen = Counter(c for c in "".join(t.hands) + t.open + t.held if c in KINDS)
        self.unseen = Counter(game.deck) - seen
        numbers = {c: k for c, k in self.unseen.items() if c in NUMBERS}
        count = sum(numbers.values())
        self.mean = sum(value(c) * k for c, k in numbers.items()) / count if count else 4.5
        self.values = [[self.estimate(owner, slot, kept) for slot in range(HAND)] for owner in range(game.players)]

    def estimate(self, owner: int, slot: int, kept: float) -> float:
        """The expected points of the card in ``owner``'s slot (0 to 3)."""
        card = self.table.hands[owner][slot]
        if card in NUMBERS:
            return float(value(card))
        if card == UNKNOWN and self.table.known[owner][owner * HAND + slot] == KNOWN and owner != self.me:
            return kept * self.mean
        return self.mean

    def total(self, owner: int) -> float:
        """The expected total of ``owner``'s hand."""
        return sum(self.values[owner])

    def unknown_slots(self) -> list[int]:
        """My slots (1 to 4) whose card I do not know."""
        return [s for s, c in enumerate(self.table.hands[self.me], 1) if c == UNKNOWN]


class BeverbendePlayer(ViewStrategy):
    """A strategy of Beverbende's own (offered by the game only): its game is a Beverbende table."""

    game: Beverbende


@dataclass
class HumanlikePlayer(BeverbendePlayer):
    """The sheet's own strategy: keep low known cards, replace high or unknown ones.

    A number card goes in place of its highest known card when that is 5 or more and
    higher than the card, else in place of an unknown card when the card is 4 or less,
    else in place of any higher known card; otherwise it is discarded.  It takes the open
    card when it would keep it so.  Peek: an unknown card of its own.  Swap: its highest
    known card for a lower card of another player it knows, or, when that card is 7 or
    more, for a random unseen card of the next player.  Get two: always, redrawing a
    first number card it would not keep.  It knocks when its known cards plus 5 for each
    other card add up to ``knock_at`` or less, or once the turn number is past 8 x players.
    """

    knock_at: int = 12
    name = "humanlike"

    def decide(self, view: View) -> Choice:
        t, me = view.table, view.player
        hand = t.hands[me]
        known = [(value(c), s) for s, c in enumerate(hand, 1) if c in NUMBERS]
        others = [s for s, c in enumerate(hand, 1) if c not in NUMBERS]
        if t.stage == "draw":
            top = t.open[-1]
            wanted = top in NUMBERS and self.target(value(top), known, others)
            return Choice("open" if wanted else "deck", f"the open {top} is {'' if wanted else 'not '}worth keeping")
        if t.stage == "knock":
            estimate = sum(v for v, _ in known) + 5 * len(others)
            knock = estimate <= self.knock_at or t.turn > 8 * self.game.players
            return Choice("knock" if knock else "pass", f"my cards make about {estimate}")
        card, moves = t.held, self.game.moves(t)
        fallback = "redraw" if "redraw" in moves else "discard"
        if card in NUMBERS:
            slot = self.target(value(card), known, others)
            if slot:
                return Choice(f"keep{slot}", f"the {card} replaces my card {slot}")
            if fallback in moves:
                return Choice(fallback, f"the {card} is too high")
            slot = others[0] if others else max(known)[1]
            return Choice(f"keep{slot}", f"the {card} must be kept")
        if card == "p":
            unknown = [s for s, c in enumerate(hand, 1) if c == UNKNOWN]
            if unknown:
                return Choice(f"peek{unknown[0]}", "look at an unknown card")
            return Choice(fallback, "I know all my cards")
        if card == "s":
            return self.swap(t, me, known, fallback)
        return Choice("gettwo", "two chances for a low card")

    def target(self, card: int, known: list[tuple[int, int]], others: list[int]) -> int | None:
        """The slot a number card should go to, or None to discard it."""
        highest = max(known, default=None)
        if highest and highest[0] > card and highest[0] >= 5:
            return highest[1]
        if card <= 4 and others:
            return others[0]
        if highest and highest[0] > card:
            return highest[1]
        return None

    def swap(self, t: Table, me: int, known: list[tuple[int, int]], fallback: str) -> Choice:
        if not known:
            return Choice(fallback, "no known card to swap away")
        high, slot = max(known)
        names = self.game.player_names
        lower = [(value(c), q, s) for q, hand in enumerate(t.hands) if q != me
                 for s, c in enumerate(hand, 1) if c in NUMBERS and value(c) < high]
        if lower:
            low, q, s = min(lower)
            return Choice(f"swap{slot}-{names[q]}.{s}", f"my {high} for {names[q]}'s {low}")
        if high >= 7:
            q = (me + 1) % self.game.players
            s = self.rng.choice([s for s, c in enumerate(t.hands[q], 1) if c == UNKNOWN] or list(SLOTS))
            return Choice(f"swap{slot}-{names[q]}.{s}", f"my {high} for an unknown card of {names[q]}")
        return Choice(fallback, "nothing worth swapping")


@dataclass
class ExpectedPlayer(BeverbendePlayer):
    """Decides by expected totals, reasoning over the cards it has not seen.

    Every unseen card is worth the mean of the unseen number cards (a special in a hand
    too: the end of the round replaces it); a card its owner knows but this player does
    not is worth ``kept`` times that.  Keeping a number card gains the most any slot
    loses by it (plus ``info`` for a slot it did not know, except on its last turn); a
    deck draw is worth its expected gain over the unseen cards (a peek ``peek_gain``, a
    get-two one and a half number cards), and the open card is taken when it gains more.
    A first get-two card is redrawn when a fresh draw is worth more.  Peek looks at an
    unknown card of its own; swap trades its worst card for the best card of another
    player when that gains at least ``swap_min`` (counted twice against the opponent with
    the lowest expected total).  It knocks when its chance of ending lowest (see
    ``win_chance``) is at least ``knock_chance``, a bar that falls by a tenth of it for
    every turn each after the first, so that a round always ends.
    """

    kept: float = 0.7
    info: float = 0.5
    peek_gain: float = 1.0
    swap_min: float = 0.5
    knock_chance: float = 0.8
    last_gain: float = 1.5
    name = "expected"

    def decide(self, view: View) -> Choice:
        reading = Reading(self.game, view, self.kept)
        t = view.table
        if t.stage == "draw":
            top = t.open[-1]
            deck = self.draw_gain(reading)
            if top in NUMBERS:
                gain, slot = self.best_keep(reading, value(top))
                if gain > deck:
                    return Choice("open", f"the open {top} gains {gain:.2f}, a deck card {deck:.2f}")
            return Choice("deck", f"a deck card gains {deck:.2f}")
        if t.stage == "knock":
            return self.knock(reading)
        gain, move, reason = self.use(reading, t.held, t.draw == "open" and self.game.keep_open)
        if "redraw" in self.game.moves(t):
            redraw = self.draw_gain(reading)
            if redraw > gain:
                return Choice("redraw", f"a second card gains {redraw:.2f}; {reason}")
        return Choice(move or "discard", reason)

    def use(self, reading: Reading, card: str, forced: bool) -> tuple[float, str | None, str]:
        """The gain of the best use of ``card``, that move (None: discard it) and why."""
        names = self.game.player_names
        if card in NUMBERS:
            gain, slot = self.best_keep(reading, value(card))
            if gain > 0 or forced:
                return gain, f"keep{slot}", f"keeping the {card} as card {slot} gains {gain:.2f}"
            return 0.0, None, f"keeping the {card} gains {gain:.2f} at best"
        if card == "p":
            unknown = reading.unknown_slots()
            if unknown:
                return self.peek_value(reading), f"peek{unknown[0]}", f"looking at card {unknown[0]}"
            return 0.0, None, "I know all my cards"
        if card == "s":
            gain, mine, other, theirs = self.best_swap(reading)
            if gain >= self.swap_min:
                return gain, f"swap{mine}-{names[other]}.{theirs}", f"swapping gains {gain:.2f}"
            return 0.0, None, f"swapping gains {gain:.2f} at best"
        return float("inf"), "gettwo", "two chances for a low card"

    def peek_value(self, reading: Reading) -> float:
        """What looking at an unknown card of its own is worth (nothing on a last turn)."""
        return 0.0 if reading.last_turn else self.peek_gain

    def best_keep(self, reading: Reading, card: int) -> tuple[float, int]:
        """The gain of keeping a number card, and the slot for it."""
        mine = reading.values[reading.me]
        unknown = reading.unknown_slots()
        info = 0.0 if reading.last_turn else self.info
        return max((mine[s - 1] - card + (info if s in unknown else 0), s) for s in SLOTS)

    def best_swap(self, reading: Reading) -> tuple[float, int, int, int]:
        """The best swap: (weighted gain, my slot, the other player, their slot)."""
        me = reading.me
        rival = min((q for q in range(self.game.players) if q != me), key=reading.total)
        best = (float("-inf"), 1, rival, 1)
        for q in range(self.game.players):
            if q == me:
                continue
            for mine in SLOTS:
                for theirs in SLOTS:
                    gain = reading.values[me][mine - 1] - reading.values[q][theirs - 1]
                    best = max(best, (gain * (2 if q == rival and gain > 0 else 1), mine, q, theirs))
        return best

    def draw_gain(self, reading: Reading) -> float:
        """The expected gain of a card off the closed deck (over the unseen cards)."""
        cards = sum(reading.unseen.values())
        if not cards:
            return 0.0
        gains = {}
        for card in reading.unseen:
            if card in NUMBERS:
                gains[card] = max(0.0, self.best_keep(reading, value(card))[0])
        numbers = sum(reading.unseen[c] for c in gains)
        number_gain = sum(gains[c] * reading.unseen[c] for c in gains) / numbers if numbers else 0.0
        gains["p"] = self.peek_value(reading) if reading.unknown_slots() else 0.0
        gains["s"] = max(0.0, self.best_swap(reading)[0])
        gains["g"] = 1.5 * number_gain
        return sum(gains[c] * k for c, k in reading.unseen.items()) / cards

    def knock(self, reading: Reading) -> Choice:
        chance = self.win_chance(reading)
        needed = self.knock_chance * max(0.0, 1 - (reading.table.turn / self.game.players - 1) / 10)
        return Choice("knock" if chance >= needed else "pass",
                      f"I end lowest with chance {chance:.2f} (knocking needs {needed:.2f})")

    def win_chance(self, reading: Reading) -> float:
        """The chance that this player's total ends lowest, the unseen cards being random.

        Each unseen card is an independent draw from the unseen number cards; a card its
        owner knows is the lower of two such draws (owners keep low cards).  Every other
        player is credited with ``last_gain`` points of improvement in its last turn; a
        tie counts half.
        """
        t, me = reading.table, reading.me
        counts = [reading.unseen[c] for c in NUMBERS]
        if not sum(counts):
            counts = [1] * len(NUMBERS)
        draw = [k / sum(counts) for k in counts]
        above = [sum(draw[v:]) for v in range(len(draw) + 1)]  # P(a draw >= v)
        lower_of_two = [above[v] ** 2 - above[v + 1] ** 2 for v in range(len(draw))]
        totals = []
        for owner, hand in enumerate(t.hands):
            total = [1.0]
            for slot, card in enumerate(hand):
                if card in NUMBERS:
                    total = [0.0] * value(card) + total
                elif card == UNKNOWN and owner != me and t.known[owner][owner * HAND + slot] == KNOWN:
                    total = convolve(total, lower_of_two)
                else:
                    total = convolve(total, draw)
            totals.append(total)
        chance = 0.0
        for mine, p in enumerate(totals[me]):
            for owner, total in enumerate(totals):
                if owner != me and p:
                    higher = sum(q for v, q in enumerate(total) if v - self.last_gain > mine)
                    equal = sum(q for v, q in enumerate(total) if v - self.last_gain == mine)
                    p *= higher + equal / 2
            chance += p
        return chance


def convolve(a: list[float], b: list[float]) -> list[float]:
    """The distribution of the sum of two independent whole numbers with distributions ``a`` and ``b``."""
    out = [0.0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


def humanlike_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``humanlike`` strategy (no arguments)."""
    no_arguments("humanlike", args)
    return HumanlikePlayer(game, rng)


def expected_player(game: Game, rng: random.Random, args: list[str]) -> Strategy:
    """The ``expected`` strategy (no arguments)."""
    no_arguments("expected", args)
    return ExpectedPlayer(game, rng)


Beverbende.strategies = {
    "humanlike": StrategyEntry(humanlike_player, "the sheet's strategy: keep low known cards, knock when low"),
    "expected": StrategyEntry(expected_player, "decides by expected totals over the cards it has not seen"),
}
