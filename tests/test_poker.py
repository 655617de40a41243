"""Texas Hold'em: the hand evaluator, betting, blinds, side pots, strings and views."""
import random
import re
import subprocess
import sys
from fractions import Fraction
from itertools import combinations

import numpy as np
import pytest

from gamesman.games.poker import Poker, hands
from gamesman.games.poker.betting import Table, cards_of
from gamesman.games.poker.hands import (CATEGORIES, DECK, baseline_evaluate, count_categories, describe, evaluate,
                                        evaluate_codes, poker_stats)
from gamesman.contract.errors import GameError, IllegalMove, PositionError
from gamesman.contract.game import CHANCE
from gamesman.players.strategies import make_strategy
from gamesman.players.play import next_random, random_outcome

# Published counts (e.g. Wikipedia, "Poker probability"), by category from high card up.
FIVE_CARD = [1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40]
SEVEN_CARD = [23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584]


def value(hand: str) -> int:
    return evaluate_codes(hand.split())


# -- the evaluator --------------------------------------------------------------------

@pytest.mark.slow
def test_every_five_card_hand_is_ranked_into_the_standard_counts():
    counts = [0] * len(CATEGORIES)
    for hand in combinations(range(52), 5):
        counts[evaluate(hand) >> 20] += 1
    assert counts == FIVE_CARD
    assert sum(counts) == 2_598_960


def test_seven_card_counts_by_class_are_the_standard_counts():
    counts, royal, _ = count_categories(7)
    assert counts == SEVEN_CARD
    assert sum(counts) == 133_784_560
    assert royal == 4_324


def test_five_card_counts_by_class_agree_with_the_enumeration():
    counts, royal, classes = count_categories(5)
    assert counts == FIVE_CARD and royal == 4
    assert classes == 7_462  # the well-known number of distinct five-card hand values
    with pytest.raises(GameError):
        poker_stats(8)


@pytest.mark.slow
def test_poker_stats_says_how_it_counts_and_how_fast_the_evaluator_is():
    text = poker_stats(5, speed_hands=400)
    assert "straight flush          40" in text
    assert "one hand of each of 7,462 classes" in text and "weighted by the hands in its class" in text
    speed = re.search(r"evaluate ([\d,]+) .*\n  a simple baseline ([\d,]+) .*\n  evaluate is ([\d.]+)x as fast", text)
    assert speed, text
    ours, theirs = (int(group.replace(",", "")) for group in speed.groups()[:2])
    assert float(speed.group(3)) == pytest.approx(ours / theirs, rel=0.01)
    assert "evaluate is" not in poker_stats(5, speed_hands=0)


def test_the_baseline_evaluator_agrees_with_the_evaluator():
    rng = random.Random(7)
    hands = [rng.sample(range(52), 7) for _ in range(300)]
    for one, other in zip(hands, hands[1:]):
        ours, theirs = (evaluate(one), evaluate(other)), (baseline_evaluate(one), baseline_evaluate(other))
        assert (ours[0] > ours[1]) - (ours[0] < ours[1]) == (theirs[0] > theirs[1]) - (theirs[0] < theirs[1])
        assert theirs[0][0] == ours[0] >> 20


def test_seven_cards_are_valued_as_their_best_five():
    rng = random.Random(5)
    for _ in range(2000):
        hand = rng.sample(range(52), 7)
        assert evaluate(hand) == max(evaluate(five) for five in combinations(hand, 5))


@pytest.mark.parametrize("better, worse", [
    # every category beats the one below it
    ("As Ks Qs Js Ts", "9h 9d 9c 9s 2d"),
    ("9h 9d 9c 9s 2d", "8h 8d 8c 2s 2d"),
    ("8h 8d 8c 2s 2d", "Ah Jh 9h 5h 2h"),
    ("Ah Jh 9h 5h 2h", "Ts 9h 8d 7c 6s"),
    ("5s 4h 3d 2c Ah", "Qs Qh Qd 7c 2s"),
    ("Qs Qh Qd 7c 2s", "Ks Kh 5d 5c Ah"),
    ("2s 2h 3d 3c 4h", "As Ah Kd Qc Jh"),
    ("2s 2h 3d 4c 5h", "As Kh Qd Jc 9h"),
    # straight flush: the highest card (the wheel is five-high)
    ("9s 8s 7s 6s 5s", "8h 7h 6h 5h 4h"),
    ("6d 5d 4d 3d 2d", "5c 4c 3c 2c Ac"),
    # four of a kind: the rank, then the fifth card
    ("Ts Th Td Tc 2s", "9s 9h 9d 9c As"),
    ("Ts Th Td Tc Ks", "Ts Th Td Tc Qs"),
    # full house: the three, then the pair
    ("Ts Th Td 2c 2s", "9s 9h 9d Ac As"),
    ("Ts Th Td Ac As", "Ts Th Td Kc Ks"),
    # flush: highest, then each lower card in turn
    ("Ah 9h 7h 5h 3h", "Kd Qd Jd 9d 7d"),
    ("Ah Kh 7h 5h 3h", "Ad Qd Jd 9d 7d"),
    ("Ah Kh Qh 5h 3h", "Ad Kd Jd 9d 7d"),
    ("Ah Kh Qh Jh 3h", "Ad Kd Qd 9d 7d"),
    ("Ah Kh Qh Jh 9h", "Ad Kd Qd Jd 8d"),
    # straight: the highest card; ace-high is the best, the wheel the worst
    ("As Kh Qd Jc Th", "Ks Qh Jd Tc 9h"),
    ("6s 5h 4d 3c 2h", "5s 4h 3d 2c Ah"),
    # three of a kind: the rank, then the highest other card, then the second
    ("Ts Th Td 3c 2s", "9s 9h 9d Ac Ks"),
    ("9s 9h 9d Ac 2s", "9s 9h 9d Kc Qs"),
    ("9s 9h 9d Ac 3s", "9s 9h 9d Ac 2s"),
    # two pair: the higher pair, the lower pair, then the fifth card
    ("Ks Kh 2d 2c 3s", "Qs Qh Jd Jc As"),
    ("Ks Kh 5d 5c 3s", "Ks Kh 4d 4c As"),
    ("Ks Kh 5d 5c Qs", "Ks Kh 5d 5c Js"),
    # one pair: the pair, then the other cards from the highest down
    ("Ts Th 4d 3c 2s", "9s 9h Ad Kc Qs"),
    ("Ts Th Ad 3c 2s", "Ts Th Kd Qc Js"),
    ("Ts Th Ad Kc 2s", "Ts Th Ad Qc Js"),
    ("Ts Th Ad Kc 3s", "Ts Th Ad Kc 2s"),
    # high card: each card in turn
    ("Ah 9d 7c 5s 3h", "Kh Qd Jc 9s 7h"),
    ("Ah Kd 7c 5s 3h", "Ah Qd Jc 9s 7h"),
    ("Ah Kd Qc 5s 3h", "Ah Kd Jc 9s 7h"),
    ("Ah Kd Qc Js 3h", "Ah Kd Qc 9s 7h"),
    ("Ah Kd Qc Js 9h", "Ah Kd Qc Js 8h"),
])
def test_tie_breaks_of_the_sheets_table(better, worse):
    assert value(better) > value(worse)


@pytest.mark.parametrize("one, other", [
    ("As Ks Qs Js Ts", "Ah Kh Qh Jh Th"),        # royal flushes tie
    ("9s 8s 7s 6s 5s", "9d 8d 7d 6d 5d"),
    ("Ts Th Td 2c 2s", "Ts Th Td 2d 2h"),
    ("Ah 9h 7h 5h 3h", "Ad 9d 7d 5d 3d"),        # suits never break ties
    ("5s 4h 3d 2c Ah", "5h 4d 3c 2s Ad"),
    ("Ks Kh 5d 5c Qs", "Kd Kc 5s 5h Qh"),
    ("Ah Kd Qc Js 9h", "Ad Kc Qs Jh 9s"),
])
def test_equal_hands_tie(one, other):
    assert value(one) == value(other)


def test_the_wheel_is_a_five_high_straight_and_no_wrap_around():
    assert describe(value("Ah 2d 3c 4s 5h")) == "straight: 5"
    assert describe(value("Ah 2h 3h 4h 5h")) == "straight flush: 5"
    assert describe(value("As Ks Qs Js Ts")) == "royal flush"
    assert describe(value("Kh Ad 2c 3s 4h")) == "high card: A K 4 3 2"
    # seven cards: the wheel and a six-high straight together make the six-high one
    assert describe(value("Ah 2d 3c 4s 5h 6d Kc")) == "straight: 6"


def test_seven_cards_use_the_best_five():
    assert describe(value("Ks Kh 5d 5c 3s 3h Qs")) == "two pair: K 5 Q"      # the third pair is only a kicker
    assert describe(value("Ks Kh Kd 5c 5s 5h Qs")) == "full house: K 5"      # two threes make a full house
    assert describe(value("9h 8h 7h 6h 5h 4h Kd")) == "straight flush: 9"
    assert describe(value("Ah Kh 9h 7h 5h 3h 2h")) == "flush: A K 9 7 5"
    # a card outside the best five does not break a tie
    assert value("As Ad Ks Kd Qh 3c 2c") == value("As Ad Ks Kd Qh 4c 3d")


# -- helpers --------------------------------------------------------------------------

def deal(game, position, cards):
    """Play chance outcomes (card codes) in order."""
    for card in cards.split():
        assert game.to_move(position) == CHANCE
        position = game.play(position, card)
    return position


def deal_holes(game, position, hands):
    """Deal hole cards so that player p gets ``hands[p]`` (``{p: "AsKd"}``)."""
    order = game.state(position).deal_order()
    for index in range(2 * len(order)):
        seat = order[index % len(order)]
        position = game.play(position, cards_of(hands[seat])[index // len(order)])
    return position


def act(game, position, moves):
    for move in moves.split():
        assert game.to_move(position) != CHANCE, game.format_position(position)
        position = game.play(position, game.parse_move(position, move))
    return position


def chips_total(game, position):
    state = game.state(position)
    return sum(state.stacks) + sum(state.paid)


# -- blinds, button, betting rounds ------------------------------------------------------

def test_start_blinds_and_first_to_act():
    game = Poker(players=3, chips=100, min_bet=10)
    start = game.start()
    assert game.format_position(start) == (
        "(chance preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=-,-,- history=p2:sb5,p3:bb10)")
    position = deal_holes(game, start, {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert game.to_move(position) == 0  # after the big blind
    assert game.moves(position) == ["fold", "call", "raise", "allin"]


def test_the_button_moves_each_round_to_the_next_player_with_chips():
    game = Poker(players=3, chips=100, min_bet=10)
    position = deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    position = act(game, position, "fold fold")  # p1 and p2 fold: p3 takes the blinds
    assert game.format_position(position) == (
        "(chance preflop button=p2 chips=90,95,100 bets=10,0,5 pots=15 board=- cards=-,-,- history=p3:sb5,p1:bb10 "
        "last=1/-/-/15:p3)")  # hand 1: p3 took the pot of 15 without a showdown
    position = deal_holes(game, position, {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    position = act(game, position, "fold fold")
    assert game.state(position).button == 2


def test_heads_up_the_button_posts_the_small_blind_and_acts_first_only_pre_flop():
    game = Poker(players=2, chips=100, min_bet=10)
    position = game.start()
    assert "history=p1:sb5,p2:bb10" in game.format_position(position)
    position = deal_holes(game, position, {0: "AsKd", 1: "7c2h"})
    assert game.to_move(position) == 0
    position = act(game, position, "call check")
    position = deal(game, position, "2s 3s 4d")
    assert game.to_move(position) == 1  # the big blind acts first after the flop
    # the next round: the button (and the small blind) goes to p2
    position = act(game, position, "bet fold")
    assert game.format_position(position).endswith("history=p2:sb5,p1:bb10 last=1/2s3s4d/-/30:p2)")


def test_a_betting_round_ends_when_everyone_has_acted_and_matched():
    game = Poker(players=3, chips=100, min_bet=10)
    position = deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    position = act(game, position, "call call")
    assert game.to_move(position) == 2  # the big blind still has his option
    assert game.moves(position) == ["fold", "check", "raise", "allin"]
    position = act(game, position, "raise")
    assert game.to_move(position) == 0  # a raise gives everyone a new turn
    position = act(game, position, "call call")
    assert game.to_move(position) == CHANCE and game.state(position).stage == "flop"
    position = deal(game, position, "2s 3s 4d")
    assert game.to_move(position) == 1  # first after the button
    assert game.moves(position) == ["fold", "check", "bet", "allin"]
    position = act(game, position, "check check")
    assert game.to_move(position) == 0
    position = act(game, position, "check")
    assert game.to_move(position) == CHANCE and game.state(position).stage == "turn"
    position = deal(game, position, "5c")
    position = act(game, position, "bet raise fold")
    assert game.to_move(position) == 1  # the bettor must answer the raise
    position = act(game, position, "call")
    assert game.state(position).stage == "river" and game.to_move(position) == CHANCE
    assert "history=p2:sb5,p3:bb10,p1:call10,p2:call5,p3:raise10,p1:call10,p2:call10/" \
           "p2:check,p3:check,p1:check/p2:bet10,p3:raise20,p1:fold,p2:call10/" in game.format_position(position)


def test_short_stacks_go_all_in():
    game = Poker(players=2, chips=100, min_bet=10)
    table = Table(0, (15, 185), ("", ""), "", ())
    position = deal_holes(game, table, {0: "AsKd", 1: "7c2h"})
    position = act(game, position, "call raise")   # p2 raises to 20; p1 has 5 left
    assert game.moves(position) == ["fold", "call"]  # no raise against all-in players
    position = act(game, position, "call")
    state = game.state(position)
    assert state.stacks == [0, 165] and state.paid == [15, 20]  # p2's uncalled 5 will come back
    assert [amount for amount, _ in state.pots()] == [30, 5]


def test_a_short_big_blind_does_not_lower_the_call():
    game = Poker(players=3, chips=100, min_bet=10)
    table = Table(0, (100, 193, 7), ("",) * 3, "", ())  # p3 can post only 7 of the big blind
    position = deal_holes(game, table, {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert "bets=0,5,7 pots=12" in game.format_position(position) and "history=p2:sb5,p3:bb7" in \
        game.format_position(position)
    assert game.moves(position) == ["fold", "call", "raise", "allin"]
    assert game.state(act(game, position, "raise")).bets[0] == 20  # a raise is by the minimum bet over 10
    position = act(game, position, "call")
    assert game.state(position).bets == [10, 5, 7]  # the call is the minimum bet, not the short blind
    position = act(game, position, "call")
    state = game.state(position)
    assert state.paid == [10, 10, 7] and state.stage == "flop" and game.to_move(position) == CHANCE
    assert state.pots() == [(21, [0, 1, 2]), (6, [0, 1])]
    # heads-up, a small blind that already matches a big blind all in for 5 has nothing to answer
    heads_up = Poker(players=2, chips=100, min_bet=10)
    position = deal_holes(heads_up, Table(0, (195, 5), ("", ""), "", ()), {0: "AsKd", 1: "7c2h"})
    assert heads_up.to_move(position) == CHANCE and heads_up.state(position).stage == "flop"
    # against a big blind all in for 7 it calls the minimum bet, and the 3 nobody matched come back
    position = deal_holes(heads_up, Table(0, (193, 7), ("", ""), "", ()), {0: "AsKd", 1: "7c2h"})
    assert heads_up.moves(position) == ["fold", "call"]
    assert heads_up.state(act(heads_up, position, "call")).pots() == [(14, [0, 1]), (3, [0])]


def test_allin_is_always_accepted_as_the_move_that_puts_in_every_chip():
    game = Poker(players=3, chips=100, min_bet=10)
    # 8 chips facing a bet of 10: all in is the call
    position = deal_holes(game, Table(0, (8, 146, 146), ("",) * 3, "", ()), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert game.moves(position) == ["fold", "call"]
    assert game.parse_move(position, "ALLIN") == "call"
    assert game.state(game.play(position, "call")).paid[0] == 8
    # 13 chips as the small blind heads-up: all in is the raise (5 to call and 3 more)
    heads_up = Poker(players=2, chips=100, min_bet=10)
    position = deal_holes(heads_up, Table(0, (13, 187), ("", ""), "", ()), {0: "AsKd", 1: "7c2h"})
    assert heads_up.moves(position) == ["fold", "call", "raise"]
    assert heads_up.parse_move(position, "allin") == "raise"
    assert heads_up.state(heads_up.play(position, "raise")).stacks[0] == 0
    # nobody else can bet: all in is a call (chips nobody could match would come back)
    position = deal_holes(heads_up, Table(0, (185, 15), ("", ""), "", ()), {0: "AsKd", 1: "7c2h"})
    position = act(heads_up, position, "call allin")
    assert heads_up.moves(position) == ["fold", "call"] and heads_up.parse_move(position, "allin") == "call"
    # where all in is a move of its own it stays one
    position = deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert game.parse_move(position, "allin") == "allin"
    with pytest.raises(IllegalMove):
        game.parse_move(position, "check")


# -- showdown, split pots, side pots ---------------------------------------------------

def test_the_sheets_side_pot_example():
    game = Poker(players=3, chips=100, min_bet=10)
    table = Table(0, (100, 100, 50), ("", "", ""), "", ())
    position = deal_holes(game, table, {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    position = act(game, position, "allin call call")
    state = game.state(position)
    assert state.pots() == [(150, [0, 1, 2]), (100, [0, 1])]
    assert "pots=150,100" in game.format_position(position)


def test_a_tie_splits_the_pot_and_the_odd_chip_goes_left_of_the_button():
    game = Poker(players=3, chips=100, min_bet=10)
    position = deal_holes(game, game.start(), {0: "2c3d", 1: "4c5d", 2: "2d3c"})
    position = act(game, position, "call fold check")  # 25 in the pot, p2's 5 dead
    for street in ("As Ks Qs", "Js", "Ts"):
        position = deal(game, position, street)
        if game.to_move(position) != CHANCE and game.outcome(position) is None:
            position = act(game, position, "check check")
    # the royal flush on the board plays for both: 12 each, the odd chip to p3 (first left of p1's button)
    assert position.start_chips == (102, 95, 103)


def test_side_pots_with_three_all_in_players_of_different_stacks():
    game = Poker(players=4, chips=75, min_bet=10)
    table = Table(0, (140, 20, 50, 90), ("",) * 4, "", ())
    hands = {0: "3s4h", 1: "AsAh", 2: "QdQh", 3: "8c8d"}  # p2 best, then p3, p4, p1
    position = deal_holes(game, table, hands)
    position = act(game, position, "allin allin call call")  # p4 all in, p1 over him, p2 and p3 short
    state = game.state(position)
    assert state.pots() == [(80, [0, 1, 2, 3]), (90, [0, 2, 3]), (80, [0, 3]), (50, [0])]
    assert game.to_move(position) == CHANCE  # nobody can bet: the board is dealt out
    position = deal(game, position, "2c 7d 9h Js Kc")
    assert position.start_chips == (50, 80, 90, 80)
    assert sum(position.start_chips) == 300


def test_side_pots_with_ties_and_dead_chips():
    game = Poker(players=4, chips=75, min_bet=10)
    table = Table(3, (140, 20, 50, 90), ("",) * 4, "", ())  # p4 has the button, p1 and p2 the blinds
    hands = {0: "AsAh", 1: "KdKh", 2: "KsKc", 3: "8c8d"}
    position = deal_holes(game, table, hands)
    position = act(game, position, "allin allin fold call")  # p3 and p4 all in, p1 folds his blind
    assert game.state(position).pots() == [(65, [1, 2, 3]), (60, [2, 3]), (40, [3])]
    position = deal(game, position, "2c 7d 9h Js 3c")
    # the main pot (with p1's dead 5) is split by the kings: the odd chip to p2, the first
    # winner left of the button; the side pot goes to p3, the uncalled 40 back to p4
    assert position.start_chips == (135, 33, 92, 40)


def test_players_without_chips_are_out_and_the_last_one_wins():
    game = Poker(players=3, chips=100, min_bet=10)
    position = deal_holes(game, game.start(), {0: "2c3d", 1: "AsAh", 2: "7c8d"})
    position = act(game, position, "allin call fold")
    position = deal(game, position, "Kd Qs 9h 5c 4s")
    assert position.start_chips == (0, 210, 90)
    text = game.format_position(position)
    assert text.startswith("(chance preflop button=p2 ") and "cards=-,-,-" in text
    assert "history=p2:sb5,p3:bb10" in text  # heads-up now: p2 is the button and the small blind
    position = deal_holes(game, position, {1: "AsAh", 2: "7c8d"})
    assert position.holes[0] == ""
    position = act(game, position, "allin call")
    position = deal(game, position, "Kd Qs 9h 5c 4s")
    assert game.outcome(position) == (0.0, 1.0, 0.0)
    assert game.format_position(position) == (
        "(p2 over button=p2 chips=0,300,0 bets=0,0,0 pots=- board=- cards=-,-,- history=-"
        " last=2/KdQs9h5c4s/p2:AsAh,p3:7c8d/180:p2,120:p2)")  # p2's uncalled 120 comes back
    assert game.moves(position) == [] and game.to_move(position) == 1


def test_chips_are_conserved_in_every_hand():
    rng = random.Random(2)
    for players in (2, 3, 5, 10):
        game = Poker(players=players, chips=40, min_bet=10)
        for _ in range(5):
            position = game.start()
            while game.outcome(position) is None:
                assert chips_total(game, position) == 40 * players
                assert sum(position.start_chips) == 40 * players
                position = next_random(game, position, rng)
            assert sorted(position.start_chips)[-1] == 40 * players


def showdown_hand(game):
    """Hand 1 of three players checked down to a showdown: p1's aces beat p3's kings; p2 folds."""
    position = deal_holes(game, game.start(), {0: "AsAd", 1: "7c2h", 2: "KhKd"})
    position = act(game, position, "call fold check")
    for cards in ("2s 3s 4d", "9c", "Jh"):
        position = act(game, deal(game, position, cards), "check check")
    return position


def test_the_showdown_is_seen_in_the_next_position_every_view_and_the_board():
    game = Poker(players=3, chips=100, min_bet=10)
    position = showdown_hand(game)
    assert position.start_chips == (115, 95, 90)
    last = " last=1/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p1)"
    assert game.format_position(position).endswith(last)
    assert game.parse_position(game.format_position(position)) == position
    for player in range(3):  # the hands shown are public
        view = game.view(position, player)
        assert view.endswith(last) and game.format_view(game.parse_view(view)) == view
    drawn = game.render(position)
    assert "hand 1, showdown: board 2s 3s 4d 9c Jh" in drawn
    assert "  p1 shows As Ad: one pair: A J 9 4\n  p3 shows Kh Kd: one pair: K J 9 4" in drawn
    assert "  main pot 25: p1 takes 25" in drawn
    # the next hand goes on with it; the board shows it until the first action
    position = deal_holes(game, position, {0: "2c3d", 1: "4c5d", 2: "6h7h"})
    assert "hand 1, showdown" in game.render(position)
    position = act(game, position, "fold")
    assert "showdown" not in game.render(position) and game.format_position(position).endswith(last)


def test_a_split_and_a_side_pot_are_shown_with_their_winners():
    game = Poker(players=4, chips=75, min_bet=10)
    table = Table(3, (140, 20, 50, 90), ("",) * 4, "", ())
    position = deal_holes(game, table, {0: "AsAh", 1: "KdKh", 2: "KsKc", 3: "8c8d"})
    position = deal(game, act(game, position, "allin allin fold call"), "2c 7d 9h Js 3c")
    assert game.format_position(position).endswith(
        " last=1/2c7d9hJs3c/p2:KdKh,p3:KsKc,p4:8c8d/65:p2+p3,60:p3,40:p4)")
    drawn = game.render(position)
    assert "  main pot 65: p2 takes 33, p3 takes 32\n  side pot 60: p3 takes 60\n  side pot 40: p4 takes 40" in drawn
    assert game.parse_position(game.format_position(position)) == position


def test_a_hand_won_by_folds_shows_no_cards():
    game = Poker(players=3, chips=100, min_bet=10)
    position = act(game, deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"}), "fold fold")
    assert position.last.shown == () and game.format_position(position).endswith(" last=1/-/-/15:p3)")
    assert "hand 1: p3 took the pot of 15, the others folded (board -)" in game.render(position)
    for player in range(3):
        assert not re.search(r"[2-9TJQKA][cdhs]", game.view(position, player))


@pytest.mark.parametrize("last, complaint", [
    ("1/2s3s4d9cJh/p1:AsAd,p3:KhKd", "HAND/BOARD/SHOWN/POTS"),
    ("0/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p1", "hand number"),
    ("1/2s3s4d9cJ/p1:AsAd,p3:KhKd/25:p1", "not a list of cards"),
    ("1/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p3", "main pot does not go to the best hand"),
    ("1/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p2", "did not show a hand"),
    ("1/2s3s4d9cJh/p1:AsAd,p3:KhKd/20:p1,5:p1+p3", "equal hands"),
    ("1/2s3s4d/p1:AsAd,p3:KhKd/25:p1", "five board cards"),
    ("1/2s3s4d9cJh/p3:KhKd,p1:AsAd/25:p1", "seat order"),
    ("1/2s3s4d9cJh/p1:AsAd/25:p1", "two or more hands"),
    ("1/2s3s4d9cJh/p1:AsAd,p3:AsKd/25:p1", "shown twice"),
    ("1/2s3s4d9cJh/p1:AsAdKc,p3:KhKd/25:p1", "two hole cards"),
    ("1/2s3s/-/25:p1", "board of 2 cards"),
    ("1/-/-/25:p1+p3", "one player takes the only pot"),
    ("1/-/-/25:p1,5:p3", "one player takes the only pot"),
    ("1/-/-/25", "CHIPS:WINNER"),
    ("1/-/-/25:p1+p1", "CHIPS:WINNER"),
    ("1/-/-/25:p4", "not a player"),
    ("1/-/-/200:p3", "won 200 chips but holds only 90"),
])
def test_a_bad_last_field_is_refused_with_a_reason(last, complaint):
    game = Poker(players=3, chips=100, min_bet=10)
    text = game.format_position(showdown_hand(game))
    bad = text.replace("last=1/2s3s4d9cJh/p1:AsAd,p3:KhKd/25:p1", "last=" + last)
    with pytest.raises(PositionError) as problem:
        game.parse_position(bad)
    assert complaint in str(problem.value), str(problem.value)
    assert "\n" not in str(problem.value)


# -- chance ------------------------------------------------------------------------------

def test_chance_deals_one_unseen_card_at_a_time():
    game = Poker(players=3, chips=100, min_bet=10)
    position = game.start()
    outcomes = game.chances(position)
    assert [card for card, _ in outcomes] == list(DECK)
    assert all(p == Fraction(1, 52) for _, p in outcomes)
    position = deal(game, position, "As")
    assert len(game.chances(position)) == 51 and "As" not in dict(game.chances(position))
    with pytest.raises(IllegalMove):
        game.play(position, "As")
    with pytest.raises(IllegalMove):
        game.parse_move(position, "as")


def test_a_seed_fixes_a_whole_game():
    game = Poker(players=3, chips=50, min_bet=10)

    def run(seed):
        rng = random.Random(seed)
        position, seen = game.start(), []
        while game.outcome(position) is None:
            position = next_random(game, position, rng)
            seen.append(game.format_position(position))
        return seen

    assert run(4) == run(4) != run(5)


# -- strings -----------------------------------------------------------------------------

def random_positions(game, seed, games):
    rng = random.Random(seed)
    for _ in range(games):
        position = game.start()
        yield position
        while game.outcome(position) is None:
            if game.to_move(position) == CHANCE:
                move = random_outcome(game, position, rng)
            else:
                move = rng.choice(game.moves(position))
            position = game.play(position, move)
            yield position


def test_positions_and_views_round_trip():
    for players, games in ((2, 4), (4, 2), (10, 1)):
        game = Poker(players=players, chips=60, min_bet=10)
        for position in random_positions(game, players, games):
            text = game.format_position(position)
            assert game.parse_position(text) == position
            assert game.format_position(game.parse_position(text)) == text
            for player in range(players):
                view = game.view(position, player)
                assert game.format_view(game.parse_view(view)) == view
                assert game.parse_view(view).player == player


def test_parsing_is_lenient_about_spacing_and_case():
    game = Poker(players=3, chips=100, min_bet=10)
    text = ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d "
            "history=p2:sb5,p3:bb10)")
    position = game.parse_position(text)
    sloppy = ("  ( P1  PREFLOP button=P1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=ASkd,7C2h,9h9D "
              "history=P2:sb5,p3:BB10 ) ")
    assert game.parse_position(sloppy) == position
    assert game.format_position(position) == text


@pytest.mark.parametrize("text, complaint", [
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d)", "fields"),
    ("(p2 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb10)",
     "turn"),
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=20 board=- cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb10)",
     "pots"),
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9hAs history=p2:sb5,p3:bb10)",
     "twice"),
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h history=p2:sb5,p3:bb10)",
     "hole cards"),
    ("(p1 preflop button=p1 chips=100,95,95 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb10)",
     "add up"),
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=2c cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb10)",
     "board cards"),
    ("(p2 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb10,"
     "p1:check)", "cannot check"),
    ("(p1 preflop button=p1 chips=100,95,99 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9d history=p2:sb5,p3:bb1)",
     "history"),
    ("(p1 preflop button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,7c2h,9h9x history=p2:sb5,p3:bb10)",
     "not a card"),
    ("(p1 preflop view=p1 button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- cards=AsKd,????,???? "
     "history=p2:sb5,p3:bb10)", "fields"),
])
def test_bad_positions_are_refused_with_a_reason(text, complaint):
    game = Poker(players=3, chips=100, min_bet=10)
    with pytest.raises(PositionError) as problem:
        game.parse_position(text)
    assert complaint in str(problem.value) and str(problem.value).startswith("poker:")


def test_a_view_shows_only_its_own_hole_cards():
    game = Poker(players=3, chips=100, min_bet=10)
    position = deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert game.view(position, 1) == ("(p1 preflop view=p2 button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- "
                                      "cards=????,7c2h,???? history=p2:sb5,p3:bb10)")
    with pytest.raises(PositionError):  # a view may not show another player's cards
        game.parse_view("(p1 preflop view=p2 button=p1 chips=100,95,90 bets=0,5,10 pots=15 board=- "
                        "cards=AsKd,7c2h,???? history=p2:sb5,p3:bb10)")


CARD = re.compile(r"[2-9TJQKA][cdhs]")


def test_views_never_contain_a_card_their_player_has_not_seen():
    """Every view of many seeded games: the viewer's own hole cards and the board, and in
    ``last`` only the hands shown at the showdown that ended the previous round."""
    rng = random.Random(100)
    showdowns = 0
    for players in (2, 3, 6):
        game = Poker(players=players, chips=30, min_bet=10)
        for _ in range(10):
            position = game.start()
            while game.outcome(position) is None:
                chance = game.to_move(position) == CHANCE
                move = random_outcome(game, position, rng) if chance else rng.choice(game.moves(position))
                after = game.play(position, move)
                public = set()
                if after.last is not position.last:  # a round ended: who was still in shows
                    state = game.state(position)
                    ended = game.deal(position, state, move) if chance else position._replace(
                        actions=position.actions + (move,))
                    live = game.state(ended).live()
                    shown = tuple((p, ended.holes[p]) for p in live) if len(live) > 1 else ()
                    assert after.last.shown == shown and after.last.board == ended.board
                    showdowns += bool(shown)
                if after.last:
                    public = set(cards_of(after.last.board + "".join(cards for _, cards in after.last.shown)))
                for player in range(players):
                    view = game.view(after, player)
                    fields = dict(field.split("=", 1) for field in view[1:-1].split()[2:])
                    seen = set(cards_of(after.holes[player] + after.board))
                    assert set(CARD.findall(fields["board"] + fields["cards"])) == seen
                    assert set(CARD.findall(fields.get("last", ""))) == public
                    table = " ".join(value for key, value in fields.items() if key != "last")
                    for other in range(players):
                        if other != player:
                            assert not any(card in table for card in cards_of(after.holes[other]))
                position = after
    assert showdowns > 10


# -- strategies --------------------------------------------------------------------------

def test_the_call_strategy_checks_or_calls():
    game = Poker(players=3, chips=100, min_bet=10)
    strategy = make_strategy(game, "call", random.Random(1))
    position = deal_holes(game, game.start(), {0: "AsKd", 1: "7c2h", 2: "9h9d"})
    assert strategy.choose(position).move == "call"
    position = act(game, position, "call call")
    assert strategy.choose(position).move == "check"
    with pytest.raises(GameError):
        make_strategy(Poker(), "call extra")


def test_the_equity_strategy_decides_from_its_view_only():
    game = Poker(players=3, chips=100, min_bet=10)
    strategy = make_strategy(game, "equity 300", random.Random(1))
    board = "As Ks Qs"
    strong = deal(game, act(game, deal_holes(game, game.start(), {0: "JsTs", 1: "7c2h", 2: "9h9d"}),
                           "call call check"), board)
    # p2 and p3 to act on the flop; p1 holds a royal flush: p2's choice must not depend on it
    first = make_strategy(game, "equity 300", random.Random(9)).choose(strong)
    other = deal(game, act(game, deal_holes(game, game.start(), {0: "3d4d", 1: "7c2h", 2: "9h9d"}),
                          "call call check"), board)
    second = make_strategy(game, "equity 300", random.Random(9)).choose(other)
    assert (first.move, first.reason) == (second.move, second.reason)
    # with the royal flush p1 bets (after p2 and p3 check)
    position = act(game, strong, "check check")
    choice = strategy.choose(position)
    assert choice.move == "bet" and choice.reason.startswith("equity 1.000")
    with pytest.raises(GameError):
        make_strategy(game, "equity lots")


def test_strategies_play_whole_games():
    game = Poker(players=3, chips=30, min_bet=10)
    rng = random.Random(3)
    strategies = [make_strategy(game, "equity 30", rng), make_strategy(game, "call", rng),
                  make_strategy(game, "random", rng)]
    position = game.start()
    while game.outcome(position) is None:
        mover = game.to_move(position)
        if mover == CHANCE:
            position = game.play(position, random_outcome(game, position, rng))
        else:
            move = strategies[mover].choose(position).move
            assert move in game.moves(position)
            position = game.play(position, move)


@pytest.mark.slow
def test_simulate_reports_chips_won_per_hand_for_each_seat():
    out = subprocess.run([sys.executable, "-m", "gamesman", "simulate", "poker", "--players", "3", "--chips", "30",
                          "--strategy", "equity 20", "--strategy", "call", "--games", "6", "--seed", "2"],
                         capture_output=True, text=True, timeout=120).stdout
    assert "strategies: p1 equity 20, p2 call, p3 call" in out
    line = out.split("chips won per hand (")[1]
    hands = int(line.split(" hands")[0].replace(",", ""))
    won = [float(item.split()[1]) for item in line.split("): ")[1].strip().split(", ")]
    assert hands >= 6 and len(won) == 3
    assert sum(won) == pytest.approx(0, abs=0.02)  # chips are conserved
    wins = [int(re.search(rf"p{seat} wins: (\d+)", out).group(1)) if f"p{seat} wins" in out else 0
            for seat in (1, 2, 3)]
    # each game's winner gains 60 chips, every other seat loses 30
    assert won == [pytest.approx((60 * w - 30 * (6 - w)) / hands, abs=0.01) for w in wins]


def test_round_scores_count_every_hand_once_and_adds_up_to_the_final_chips():
    """What ``match`` reports as chips per hand: each ended hand once, chips conserved."""
    game = Poker()
    for seed in range(5):
        rng = random.Random(seed)
        position, hands, totals = game.start(), 0, [0] * game.players
        while game.outcome(position) is None:
            move = (random_outcome(game, position, rng) if game.to_move(position) == CHANCE
                    else rng.choice(list(game.moves(position))))
            after = game.play(position, move)
            won = game.round_scores(position, after)
            if won is not None:
                assert sum(won) == 0
                hands += 1
                totals = [total + chips for total, chips in zip(totals, won)]
            position = after
        assert hands == position.last.hand
        assert totals == [chips - game.chips for chips in position.start_chips]


# -- the seven-card tables, the batch form and the equity estimate --------------------------

def test_the_tables_agree_with_the_rules_on_random_hands_and_every_flush_kind():
    rng = random.Random(11)
    deals = [rng.sample(range(52), 7) for _ in range(3000)]
    deals += [[4 * rank + 3 for rank in (12, 11, 10, 9, 8)] + [0, 5],  # royal flush in spades
              [4 * rank for rank in (12, 0, 1, 2, 3, 7, 9)],  # a wheel straight flush in clubs, 7 clubs
              [4 * rank + 1 for rank in (2, 5, 7, 9, 11)] + [4 * 2, 4 * 2 + 2]]  # a flush beside trips
    by_rules = [hands.evaluate_by_rules(hand) for hand in deals]
    assert [evaluate(hand) for hand in deals] == by_rules
    assert hands.evaluate_many(np.array(deals)).tolist() == by_rules
    assert describe(by_rules[-3]) == "royal flush" and by_rules[-2] >> 20 == CATEGORIES.index("straight flush")
    with pytest.raises(ValueError):
        hands.evaluate_many(np.zeros((3, 6), dtype=int))


def test_the_tables_are_saved_checked_and_rebuilt_when_damaged(tmp_path, capsys):
    path = tmp_path / "tables"
    built = hands.seven_card_tables()
    hands.save_seven_card_tables(path, built)
    assert hands.load_seven_card_tables(path) == built
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    assert hands.load_seven_card_tables(path) is None
    assert "damaged" in capsys.readouterr().err


def test_the_equity_estimate_matches_the_exact_share_on_the_river():
    board = [hands.parse_card(code) for code in ("Ah", "Kd", "7c", "7s", "2h")]
    mine = [hands.parse_card("As"), hands.parse_card("Qc")]
    unseen = [card for card in range(52) if card not in board + mine]
    mine_value = evaluate(mine + board)
    shares = []
    for theirs in combinations(unseen, 2):
        value = evaluate(list(theirs) + board)
        shares.append(1.0 if mine_value > value else 0.5 if mine_value == value else 0.0)
    exact = sum(shares) / len(shares)
    estimate = hands.monte_carlo_equity(mine, board, 1, 20_000, np.random.default_rng(3))
    assert estimate == pytest.approx(exact, abs=0.01)
    assert hands.monte_carlo_equity(mine, board, 0, 10, np.random.default_rng(3)) == 1.0
