"""Beverbende: the deal, the turn, each special, knocking, the end of a round, strings and views."""
import random
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from gamesman.games.beverbende import Beverbende, ExpectedPlayer, HumanlikePlayer
from gamesman.contract.errors import GameError, IllegalMove, OptionError, PositionError
from gamesman.contract.game import CHANCE
from gamesman.players.strategies import RandomPlayer, make_strategy
from gamesman.players.play import random_outcome


def dealt(game, hands, open_card, position=None):
    """The position after dealing ``hands`` (four cards each, slot 1 first) and the open card."""
    position = position or game.start()
    players = game.players
    for k in range(4 * players):
        position = game.play(position, hands[k % players][k // players])
    return game.play(position, open_card)


def draw(game, position, card, how="deck"):
    """Draw ``card`` from the closed deck (``how`` is ``deck``, ``gettwo`` or ``redraw``)."""
    position = game.play(position, how)
    assert game.to_move(position) == CHANCE
    return game.play(position, card)


def hand_view(game, position, player):
    """Every hand as ``player`` sees it."""
    return game.parse_view(game.view(position, player)).table.hands


# -- options and the deal -------------------------------------------------------------

def test_options_and_their_limits():
    game = Beverbende()
    assert game.spec == ("beverbende(players=3,rounds=1,peek=14,fixed_turns=0,numbers=4,nines=9,"
                         "peeks=7,swaps=7,get_twos=7,knock_first_turn=false,keep_open=true)")
    assert len(game.deck) == 66 and game.deck.count("9") == 9 and game.deck.count("g") == 7
    assert Beverbende(players=10).players == 10
    assert Beverbende(peek="none").peek_slots == ()
    for bad in (dict(peek="41"), dict(peek="15"), dict(peek=""), dict(players=1),
                dict(numbers=1, nines=1, players=3)):
        with pytest.raises(OptionError):
            Beverbende(**bad)


def test_as_many_players_as_the_deck_serves_up_to_twenty():
    with pytest.raises(OptionError) as problem:
        Beverbende(players=11)  # 45 number cards; 11 players need 46
    assert "need at least 46" in str(problem.value)
    game = Beverbende(players=12, numbers=8)  # 81 number cards serve 12 players
    assert game.player_names[-1] == "p12"
    Beverbende(players=20, numbers=20, nines=20)
    with pytest.raises(OptionError):
        Beverbende(players=21, numbers=20, nines=40)
    rng = random.Random(3)
    position = game.start()
    while game.outcome(position) is None:
        mover = game.to_move(position)
        move = random_outcome(game, position, rng) if mover == CHANCE else rng.choice(game.moves(position))
        position = game.play(position, move)
        assert game.parse_position(game.format_position(position)) == position
    hands = ["".join(str((p + slot) % 9) for slot in range(4)) for p in range(12)]
    assert "swap1-p12.4" in game.moves(draw(game, dealt(game, hands, "9"), "s"))


def test_the_deal_is_card_by_card_with_exact_chances():
    game = Beverbende(players=2)
    position = game.start()
    assert game.to_move(position) == CHANCE
    chances = dict(game.chances(position))
    assert chances["9"] == Fraction(9, 66) and chances["0"] == Fraction(4, 66) and chances["p"] == Fraction(7, 66)
    assert sum(chances.values()) == 1
    position = game.play(position, "9")
    assert dict(game.chances(position))["9"] == Fraction(8, 65)
    position = dealt(game, ["1234", "5678"], "0")
    assert position.hands == ("1234", "5678") and position.open == "0" and len(position.closed) == 57
    assert game.to_move(position) == 0 and game.moves(position) == ["open", "deck"]
    # each player has looked at its two outermost cards, and only those
    assert hand_view(game, position, 0) == ("1??4", "????")
    assert hand_view(game, position, 1) == ("????", "5??8")
    assert hand_view(Beverbende(players=2, peek="23"), dealt(Beverbende(players=2, peek="23"),
                                                             ["1234", "5678"], "0"), 0) == ("?23?", "????")
    with pytest.raises(IllegalMove):
        game.play(game.start(), "x")


# -- a turn -------------------------------------------------------------------------------

def test_keeping_a_card_from_the_deck():
    game = Beverbende(players=2)
    position = draw(game, dealt(game, ["1234", "5678"], "0"), "3")
    assert position.held == "3" and game.moves(position) == ["keep1", "keep2", "keep3", "keep4", "discard"]
    assert game.parse_view(game.view(position, 1)).table.held == "?"  # only the drawer sees it
    after = game.play(position, "keep2")
    assert after.hands[0] == "1334" and after.open == "02" and game.to_move(after) == 1
    assert hand_view(game, after, 0)[0] == "13?4"
    assert hand_view(game, after, 1)[0] == "????"
    discarded = game.play(position, game.parse_move(position, "DISCARD"))
    assert discarded.open == "03" and discarded.hands[0] == "1234"


def test_the_open_card_is_seen_by_all_and_must_be_kept():
    game = Beverbende(players=2)
    position = game.play(dealt(game, ["1234", "5678"], "0"), "open")
    assert game.parse_view(game.view(position, 1)).table.held == "0"
    assert game.moves(position) == ["keep1", "keep2", "keep3", "keep4"]
    with pytest.raises(IllegalMove):
        game.play(position, "discard")
    after = game.play(position, "keep3")
    assert after.open == "3" and hand_view(game, after, 1)[0] == "??0?"
    # the sheet's reading: the open card may go back on the pile, which passes the turn
    free = Beverbende(players=2, keep_open=False)
    position = free.play(dealt(free, ["1234", "5678"], "0"), "open")
    assert free.moves(position) == ["keep1", "keep2", "keep3", "keep4", "discard"]
    after = free.play(position, "discard")
    assert after.open == "0" and after.hands == ("1234", "5678") and free.to_move(after) == 1
    assert isinstance(free.play(position, ExpectedPlayer(free).choose(position).move), tuple)


@pytest.mark.parametrize("special", ["p", "s", "g"])
def test_a_special_on_the_open_pile_cannot_be_taken(special):
    game = Beverbende(players=2)
    position = dealt(game, ["1234", "5678"], special)
    assert game.moves(position) == ["deck"]
    with pytest.raises(IllegalMove):
        game.play(position, "open")
    # nor after a special is played onto it
    position = game.play(dealt(game, ["1234", "5678"], "0"), "open")
    position = game.play(position, "keep1")
    assert game.moves(position) == ["open", "deck"]
    position = game.play(draw(game, position, special), "discard")
    assert position.open[-1] == special and game.moves(position) == ["deck"]


def test_peek_looks_at_one_of_your_own_cards():
    game = Beverbende(players=2)
    position = draw(game, dealt(game, ["1234", "5678"], "0"), "p")
    assert game.moves(position) == ["peek1", "peek2", "peek3", "peek4", "discard"]
    after = game.play(position, "peek3")
    assert after.open == "0p" and after.hands == position.hands
    assert hand_view(game, after, 0) == ("1?34", "????")
    assert hand_view(game, after, 1) == ("????", "5??8")
    assert after.known[0] == "x-xx----"  # p1's memory, which everybody may know: p1 looked at card 3


def test_swap_exchanges_cards_unseen_and_moves_what_was_known():
    game = Beverbende(players=3)
    position = draw(game, dealt(game, ["1234", "5678", "9000"], "0"), "s")
    moves = game.moves(position)
    assert len(moves) == 4 * 2 * 4 + 1 and "swap1-p3.4" in moves and "swap1-p1.1" not in moves
    after = game.play(position, game.parse_move(position, " Swap1-P2.4"))
    assert after.hands == ("8234", "5671", "9000") and after.open == "0s"
    # p1 knew its 1 and now knows where it went; p2 knew its 8 and now knows where that went
    assert hand_view(game, after, 0) == ("???4", "???1", "????")
    assert hand_view(game, after, 1) == ("8???", "5???", "????")
    assert hand_view(game, after, 2) == ("????", "????", "9??0")


def test_get_two_draws_up_to_two_cards():
    game = Beverbende(players=2)
    position = draw(game, dealt(game, ["1234", "5678"], "0"), "g")
    assert game.moves(position) == ["gettwo", "discard"]
    first = draw(game, position, "9", "gettwo")
    assert first.open == "0g" and first.draw == "two1"
    assert game.moves(first) == ["keep1", "keep2", "keep3", "keep4", "discard", "redraw"]
    second = draw(game, first, "5", "redraw")
    assert second.open == "0g9" and second.draw == "two2" and "redraw" not in game.moves(second)
    assert game.play(second, "keep4").hands[0] == "1235"
    # the first card may be used as drawn: a peek, or another get-two with its own two draws
    peek = draw(game, position, "p", "gettwo")
    assert game.moves(peek) == ["peek1", "peek2", "peek3", "peek4", "discard", "redraw"]
    again = draw(game, draw(game, position, "g", "gettwo"), "g", "gettwo")
    assert again.open == "0gg" and "redraw" in game.moves(again)


# -- knocking and the end of a round -----------------------------------------------------------

def test_knocking_gives_every_other_player_one_more_turn():
    game = Beverbende(players=3)
    position = dealt(game, ["1234", "5678", "9000"], "5")
    for turn in range(3):  # nobody may knock in the first turn of each
        assert position.stage == "draw" and position.turn == turn + 1
        position = game.play(draw(game, position, "9"), "discard")
    position = game.play(draw(game, position, "9"), "discard")  # p1's second turn
    assert position.stage == "knock" and game.moves(position) == ["knock", "pass"]
    position = game.play(position, "knock")
    assert position.knocker == 0 and game.to_move(position) == 1
    position = game.play(draw(game, position, "9"), "discard")
    assert position.stage == "draw" and game.to_move(position) == 2  # no second knock
    position = game.play(draw(game, position, "9"), "discard")
    assert position.stage == "over" and position.scores == (10, 26, 9)
    assert game.outcome(position) == (0.0, 0.0, 1.0)
    assert hand_view(game, position, 0) == position.hands  # all cards are shown


def test_knocking_in_the_first_turn_is_an_option():
    game = Beverbende(players=3, knock_first_turn=True)
    position = game.play(draw(game, dealt(game, ["1234", "5678", "9000"], "5"), "9"), "discard")
    assert position.stage == "knock" and position.turn == 1
    position = game.play(position, "knock")
    assert position.knocker == 0
    for _ in range(2):
        position = game.play(draw(game, position, "9"), "discard")
    assert position.stage == "over" and position.turn == 3 and position.scores == (10, 26, 9)
    assert game.parse_position(game.format_position(position)) == position


def test_fixed_turns_instead_of_knocking():
    game = Beverbende(players=2, fixed_turns=2)
    position = dealt(game, ["1234", "0000"], "5")
    for _ in range(3):
        position = game.play(draw(game, position, "9"), "discard")
        assert position.stage == "draw"
    position = game.play(draw(game, position, "9"), "discard")
    assert position.stage == "over" and position.turn == 4 and game.outcome(position) == (0.0, 1.0)


def test_specials_left_in_hands_are_replaced_until_none_is_left():
    game = Beverbende(players=2, fixed_turns=1)
    position = dealt(game, ["1p34", "s00g"], "5")
    position = game.play(draw(game, position, "8"), "discard")
    position = game.play(draw(game, position, "8"), "discard")
    # p1's peek goes first: the open pile takes it and a card from the closed deck replaces it
    assert position.stage == "reveal" and game.to_move(position) == CHANCE
    assert position.hands == ("1-34", "s00g") and position.open[-1] == "p"
    position = game.play(position, "g")  # a special again: it is replaced too
    assert position.hands == ("1-34", "s00g") and position.open[-2:] == "pg"
    position = game.play(position, "2")
    assert position.hands == ("1234", "-00g") and position.open[-1] == "s"
    position = game.play(game.play(position, "9"), "0")
    assert position.stage == "over" and position.hands == ("1234", "9000") and position.scores == (10, 9)


def test_an_empty_closed_deck_is_refilled_from_the_open_pile():
    game = Beverbende(players=2, numbers=1, nines=1, peeks=0, swaps=0, get_twos=0)
    assert len(game.deck) == 10
    position = dealt(game, ["0246", "1357"], "8")
    assert position.closed == "9"
    position = game.play(draw(game, position, "9"), "discard")
    assert position.closed == "" and position.open == "89"
    position = game.play(position, "deck")  # the 8 is shuffled back; the 9 stays on top
    assert position.closed == "8" and position.open == "9" and game.chances(position) == [("8", 1)]
    position = game.play(game.play(position, "8"), "keep4")
    assert position.hands[1] == "1358" and position.open == "97" and position.stage == "draw"
    assert game.chances(game.play(position, "deck")) == [("9", 1)]


def test_rounds_add_up_and_the_lowest_total_wins_ties_share():
    game = Beverbende(players=2, rounds=2, fixed_turns=1)
    position = dealt(game, ["1111", "0000"], "5")
    for _ in range(2):
        position = game.play(draw(game, position, "8"), "discard")
    assert position.stage == "deal" and position.round == 2 and position.scores == (4, 0)
    assert position.player == 1  # p2 starts the second round
    position = dealt(game, ["0000", "1111"], "5", position)
    assert game.to_move(position) == 1
    for _ in range(2):
        position = game.play(draw(game, position, "8"), "discard")
    assert position.stage == "over" and position.scores == (4, 4)
    assert game.outcome(position) == (0.5, 0.5)


# -- strings -----------------------------------------------------------------------------

def test_position_and_view_strings():
    game = Beverbende(players=2)
    position = draw(game, dealt(game, ["1234", "5678"], "0"), "3")
    text = game.format_position(position)
    assert text == ("(p1 play round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=1234,5678 "
                    "known=x--x/----,----/x--x closed=" + position.closed + " open=0 draw=deck held=3)")
    assert game.parse_position(text.replace("(p1 ", "(  P1  ").replace(" hands", "   hands")) == position
    view = game.view(position, 1)
    assert view == ("(p1 play view=p2 round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=????,5??8 "
                    "known=x--x/----,----/x--x closed=56 open=0 draw=deck held=?)")
    assert game.format_view(game.parse_view(view)) == view
    assert game.parse_view(view).player == 1


@pytest.mark.parametrize("text, fragment", [
    ("(p1 draw)", "2 fields, expected 13"),
    ("(p1 draw round=1/1 player=p3 turn=1 knocker=- scores=0,0 hands=1234,5678 known=x--x/----,----/x--x "
     "closed=- open=0 draw=- held=-)", "player 'p3' is not a player p1 to p2"),
    ("(p1 draw round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=1234,5678 known=x--x/----,----/x--x "
     "closed=- open=0 draw=- held=-)", "cards in play, the deck has 66"),
    ("(chance draw round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=1234,5678 known=x--x/----,----/x--x "
     "closed=- open=0 draw=- held=-)", "expected p1"),
    ("(p1 draw round=1/1 player=p1 turn=1 knocker=- scores=0,0 hands=12z4,5678 known=x--x/----,----/x--x "
     "closed=- open=0 draw=- held=-)", "'z' is not a card"),
])
def test_bad_positions_are_refused_with_one_line(text, fragment):
    game = Beverbende(players=2)
    with pytest.raises(PositionError) as problem:
        game.parse_position(text)
    assert fragment in str(problem.value) and str(problem.value).startswith("beverbende:")


def knocked_round():
    """Three players: the first turn each, p1 knocks in turn 4, p2 plays turn 5 (a position
    after each, as text), p3 turn 6 and the round is over."""
    game = Beverbende(players=3)
    position = dealt(game, ["1234", "5678", "9000"], "5")
    texts = {"start": game.format_position(position)}
    for _ in range(3):
        position = game.play(draw(game, position, "9"), "discard")
    texts["turn 4"] = game.format_position(position)
    position = game.play(game.play(draw(game, position, "9"), "discard"), "knock")
    texts["turn 5"] = game.format_position(position)
    for _ in range(2):
        position = game.play(draw(game, position, "9"), "discard")
    texts["over"] = game.format_position(position)
    return texts


KNOCKED = knocked_round()
ALL_KNOWN = "known=" + ",".join(["xxxx/xxxx/xxxx"] * 3)


@pytest.mark.parametrize("name, changes, fragment", [
    # a finished game whose scores are not the cards' totals
    ("over", [("scores=10,26,9", "scores=10,26,8")], "the scores are the hands' totals (10,26,9)"),
    ("over", [("scores=10,26,9", "scores=0,0,0")], "the scores are the hands' totals"),
    # the wrong player for the turn number: turn T of round R is player (R-1 + T-1) mod n
    ("turn 4", [("(p1 draw", "(p2 draw"), ("player=p1", "player=p2")], "turn 4 of round 1 is p1's, not p2's"),
    ("turn 5", [("turn=5", "turn=6")], "turn 6 of round 1 is p3's, not p2's"),
    # scores before the end of round 1
    ("turn 4", [("scores=0,0,0", "scores=0,3,0")], "round 1 starts with every score 0"),
    # a knock that the turns cannot fit
    ("turn 5", [("knocker=p1", "knocker=p3")], "p3 would have knocked in turn 3; knocking starts in turn 4"),
    ("over", [("knocker=p1", "knocker=p2")], "a round that p2 knocked ends after p1's turn"),
    ("over", [("knocker=p1", "knocker=-")], "a round ends only after a knock"),
    ("turn 5", [("knocker=p1", "knocker=p2")], "the turn comes back to the knocker"),
    # the memories in the first turn are the start peek
    ("start", [("known=x--x/----/----", "known=xx-x/----/----")], "the start peek (slots 14)"),
    ("start", [("known=x--x/----/----", "known=x--x/x---/----")], "the start peek"),
    # the end with a special left in a hand
    ("over", [("hands=1234", "hands=123p"), ("closed=0111", "closed=0111"), ("open=5999999", "open=4999999")],
     "no hand holds a special"),
])
def test_impossible_positions_are_refused_with_a_reason(name, changes, fragment):
    game = Beverbende(players=3)
    text = KNOCKED[name]
    assert game.format_position(game.parse_position(text)) == text  # the position as played is accepted
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(PositionError) as problem:
        game.parse_position(text)
    assert fragment in str(problem.value) and "\n" not in str(problem.value)


def test_the_turn_rules_follow_the_options():
    # a knock in the first turn each fits when the variant allows it
    early = KNOCKED["turn 5"].replace("knocker=p1", "knocker=p3")
    assert Beverbende(players=3, knock_first_turn=True).parse_position(early).knocker == 2
    # without knocking a round ends after fixed_turns turns each, never before
    game = Beverbende(players=2, fixed_turns=2)
    position = dealt(game, ["1234", "0000"], "5")
    for _ in range(4):
        position = game.play(draw(game, position, "9"), "discard")
    text = game.format_position(position)
    assert position.stage == "over" and game.parse_position(text) == position
    early = text.replace("(p2 over", "(p1 over").replace("player=p2 turn=4", "player=p1 turn=3")
    with pytest.raises(PositionError, match="a round ends after turn 4, not turn 3"):
        game.parse_position(early)
    with pytest.raises(PositionError, match="nobody knocks in this variant"):
        game.parse_position(text.replace("knocker=-", "knocker=p1"))
    # later rounds: the scores of the rounds before
    game = Beverbende(players=2, rounds=2, fixed_turns=1)
    position = dealt(game, ["1111", "0000"], "5")
    for _ in range(2):
        position = game.play(draw(game, position, "8"), "discard")
    text = game.format_position(position)
    assert position.round == 2 and "scores=4,0" in text and game.parse_position(text) == position
    with pytest.raises(PositionError, match="after round 1 a score is at most 36"):
        game.parse_position(text.replace("scores=4,0", "scores=37,0"))


def test_the_docstring_example_is_a_position_play_reaches():
    import gamesman.games.beverbende as module
    example = re.search(r"``(\(p1 play .*?\))``", module.__doc__, re.S).group(1)
    text = " ".join(example.split())
    game = Beverbende()
    position = game.parse_position(text)
    assert game.format_position(position) == text
    assert position.stage == "play" and position.turn == 4 and position.held == "5"


def test_a_view_may_not_show_a_card_its_player_has_not_seen():
    game = Beverbende(players=2)
    view = game.view(dealt(game, ["1234", "5678"], "0"), 0)
    assert "hands=1??4,????" in view
    with pytest.raises(PositionError):
        game.parse_view(view.replace("hands=1??4,????", "hands=1234,????"))
    with pytest.raises(PositionError):
        game.parse_view(view.replace("hands=1??4,????", "hands=1??4,5???"))
    with pytest.raises(PositionError):
        game.parse_position(view)


# -- whole games: every view shows exactly what its player has seen -------------------------

class Memory:
    """What each player has seen, kept from the rules' events alone (not from the game's memory)."""

    def __init__(self, game):
        self.game = game
        self.seen = [dict() for _ in range(game.players)]

    def step(self, before, move, after):
        game, everybody = self.game, range(self.game.players)
        if after.stage in ("reveal", "over"):  # all cards are shown
            for memory in self.seen:
                memory.clear()
                memory.update({(p, s): c for p, hand in enumerate(after.hands) for s, c in enumerate(hand) if c != "-"})
        elif after.stage == "deal":
            for memory in self.seen:
                memory.clear()
        elif before.stage == "deal":  # the deal is done: the start peeks
            for q in everybody:
                self.seen[q].update({(q, s): after.hands[q][s] for s in game.peek_slots})
        elif before.stage == "play":
            me = before.player
            if move.startswith("keep"):
                slot = (me, int(move[4]) - 1)
                for q in everybody:
                    self.seen[q].pop(slot, None)
                    if q == me or before.draw == "open":
                        self.seen[q][slot] = before.held
            elif move.startswith("peek"):
                slot = (me, int(move[4]) - 1)
                self.seen[me][slot] = before.hands[me][slot[1]]
            elif move.startswith("swap"):
                other, theirs = move[6:].split(".")
                mine, their_slot = (me, int(move[4]) - 1), (int(other[1:]) - 1, int(theirs) - 1)
                for memory in self.seen:
                    a, b = memory.pop(mine, None), memory.pop(their_slot, None)
                    if a is not None:
                        memory[their_slot] = a
                    if b is not None:
                        memory[mine] = b

    def check(self, position):
        game = self.game
        for q in range(game.players):
            text = game.view(position, q)
            view = game.parse_view(text).table
            assert f" closed={len(position.closed)} " in text
            assert view.open == position.open
            for p, hand in enumerate(view.hands):
                for s, card in enumerate(hand):
                    if card == "?":
                        assert (p, s) not in self.seen[q]
                    else:
                        assert card == position.hands[p][s]
                        assert card == "-" or self.seen[q][(p, s)] == card
            drew_it = q == position.player or position.draw == "open"
            assert view.held == (position.held if drew_it or not position.held else "?")


@pytest.mark.parametrize("options", [dict(players=3), dict(players=2, rounds=2),
                                     dict(players=4, numbers=2, nines=2, peeks=6, swaps=8, get_twos=6),
                                     dict(players=3, knock_first_turn=True, keep_open=False),
                                     dict(players=2, rounds=3, fixed_turns=2, peek="none")])
def test_views_never_show_an_unseen_card(options):
    game = Beverbende(**options)
    rng = random.Random(11)
    for number in range(30):
        kinds = [RandomPlayer, HumanlikePlayer, ExpectedPlayer]
        players = [kinds[(number + p) % 3](game, rng) for p in range(game.players)]
        memory = Memory(game)
        position = game.start()
        while game.outcome(position) is None:
            if game.to_move(position) == CHANCE:
                move = random_outcome(game, position, rng)
            else:
                move = players[game.to_move(position)].choose(position).move
            after = game.play(position, move)
            memory.step(position, move, after)
            memory.check(after)
            text = game.format_position(after)
            assert game.parse_position(text) == after and game.format_position(game.parse_position(text)) == text
            position = after


def test_random_games_run_out_the_deck_and_end():
    game = Beverbende(players=2, numbers=1, nines=2, peeks=1, swaps=1, get_twos=1, fixed_turns=12)
    rng = random.Random(2)
    refills = 0
    for _ in range(20):
        position = game.start()
        while game.outcome(position) is None:
            after = game.play(position, random_outcome(game, position, rng) if game.to_move(position) == CHANCE
                              else rng.choice(game.moves(position)))
            refills += len(after.closed) > len(position.closed) and after.stage != "deal"
            position = after
        assert sum(map(len, position.hands)) + len(position.closed) + len(position.open) == len(game.deck)
    assert refills > 10


# -- players ----------------------------------------------------------------------------------

def test_players_decide_from_the_view_alone():
    """Two positions with the same view for the mover get the same move."""
    game = Beverbende(players=3)
    rng = random.Random(5)
    checked = 0
    for _ in range(10):
        position = game.start()
        while game.outcome(position) is None:
            if game.to_move(position) == CHANCE:
                position = game.play(position, random_outcome(game, position, rng))
                continue
            me = game.to_move(position)
            other = dealt_elsewhere(game, position, me)
            if other is not None:
                assert game.view(other, me) == game.view(position, me)
                for kind in (HumanlikePlayer, ExpectedPlayer):
                    a = kind(game, random.Random(1)).choose(position).move
                    b = kind(game, random.Random(1)).choose(other).move
                    assert a == b
                checked += 1
            position = game.play(position, HumanlikePlayer(game, rng).choose(position).move)
    assert checked > 50


def dealt_elsewhere(game, position, me):
    """``position`` with a card ``me`` has not seen exchanged for a different one of the closed deck."""
    mask = position.known[me]
    for slot, card in enumerate("".join(position.hands)):
        if mask[slot] == "-" and card != "-":
            for other in set(position.closed) - {card}:
                swapped = game.put(position, slot, other)
                closed = "".join(sorted(position.closed.replace(other, "", 1) + card))
                return swapped._replace(closed=closed)
    return None


def test_strategies_are_registered_and_the_strong_one_beats_random():
    game = Beverbende(players=3)
    assert isinstance(make_strategy(game, "humanlike"), HumanlikePlayer)
    with pytest.raises(GameError):
        make_strategy(game, "expected 3")
    from gamesman.contract.registry import make_game
    with pytest.raises(GameError):
        make_strategy(make_game("tictactoe"), "humanlike")
    rng = random.Random(8)
    wins = 0.0
    games = 90
    for number in range(games):
        seat = number % 3
        players = [RandomPlayer(game, rng) for _ in range(3)]
        players[seat] = make_strategy(game, "expected", rng)
        position = game.start()
        while game.outcome(position) is None:
            mover = game.to_move(position)
            move = random_outcome(game, position, rng) if mover == CHANCE else players[mover].choose(position).move
            position = game.play(position, move)
        wins += game.outcome(position)[seat]
    assert wins / games > 0.5  # a fair share is 1/3


def simulate(*args):
    return subprocess.run([sys.executable, "-m", "gamesman", "simulate", "beverbende", *args],
                          capture_output=True, text=True, timeout=120)


def test_simulate_from_the_command_line():
    out = simulate("--strategy", "humanlike", "--games", "20", "--seed", "3").stdout
    assert "20 games" in out and "wins" in out and "strategies: p1 humanlike, p2 humanlike, p3 humanlike" in out


def test_simulate_seats_a_strategy_per_seat_and_reports_each_seat():
    args = ("--strategy", "expected", "--strategy", "humanlike", "--strategy", "random", "--games", "30", "--seed", "4")
    out = simulate(*args).stdout
    assert "strategies: p1 expected, p2 humanlike, p3 random" in out
    totals = dict(item.split() for item in out.split("mean total: ")[1].strip().split(", "))
    assert float(totals["p3"]) > float(totals["p1"])  # random play ends with the highest cards
    assert simulate(*args).stdout == out  # the seed fixes every game
    # the last strategy named sits in the remaining seats
    assert "strategies: p1 expected, p2 random, p3 random" in simulate(
        "--strategy", "expected", "--strategy", "random", "--games", "2").stdout
    refused = simulate("--players", "2", "--strategy", "random", "--strategy", "random", "--strategy", "random")
    assert refused.returncode == 2 and refused.stderr == "gamesman: 3 strategies for 2 seats\n"
    refused = simulate("--exact", "--strategy", "random")
    assert refused.returncode == 2 and "it takes no --strategy" in refused.stderr
