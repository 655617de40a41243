"""Poker hands: card codes and an evaluator for the best five of five to seven cards.

Cards are written as poker software writes them: a rank ``23456789TJQKA`` then a suit
``cdhs`` (``As``, ``Td``, ``7c``).  Inside the evaluator a card is the number
``4 * rank + suit``, rank 0 for a deuce up to 12 for an ace.

``evaluate(cards)`` gives the best five-card hand among five to seven cards a value: the
better hand has the higher value and equal values are a tie (the pot is shared).  Seven
cards are looked up in two tables (by the sum of the ranks' keys, and by the ranks of a
flush suit), built once from the rules and kept in the cache directory;
``evaluate_many`` does the same for a whole numpy array of hands at once, and
``monte_carlo_equity`` deals random boards and opponents in batches with it.  A value
holds the category and then the tie-break ranks of the rule sheet's table, most
important first:

==================  ================================================================
straight flush      the highest card (a royal flush is the ace-high one; A-2-3-4-5,
                    the wheel, is five-high)
four of a kind      the rank of the four, then the fifth card
full house          the rank of the three, then the rank of the pair
flush               the five ranks from the highest down
straight            the highest card (the wheel A-2-3-4-5 is five-high)
three of a kind     the rank of the three, then the two other cards from the highest
two pair            the higher pair, the lower pair, then the fifth card
one pair            the rank of the pair, then the three other cards from the highest
high card           the five ranks from the highest down
==================  ================================================================

Suits never break ties.  With seven cards no hand holds a flush together with a full house
or four of a kind, so a flush found among the cards is the hand's category (or a straight
flush).

``poker_stats(cards)`` counts every hand of five (or six, or seven) cards by category.  It
does not deal the 133,784,560 seven-card hands one by one: a hand's category depends only
on its ranks (a multiset) and, when five or more cards share a suit, on which ranks that
suit holds.  For every rank multiset it evaluates one hand of each such class and weights
it by the number of hands in the class, so each count is exact (the five-card counts are
also checked hand by hand in the tests).  It says so in its output, with its run time and
the evaluator's speed against ``baseline_evaluate`` (the textbook way: the best of the 21
five-card subsets, each sorted and counted), both measured in the same run, and beside them
``evaluate_many`` and ``evaluate_by_rules`` (no tables).
"""
from __future__ import annotations

import random
import time
from array import array
from collections import Counter
from functools import lru_cache
from itertools import combinations, combinations_with_replacement
from math import comb, prod
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, NamedTuple, Sequence

from gamesman.contract.errors import GameError
from gamesman.solver.database import cache_directory, read_checked, write_checked

if TYPE_CHECKING:
    import numpy as np

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
CARD_INDEX = {code: index for index, code in enumerate(DECK)}

CATEGORIES = ("high card", "one pair", "two pair", "three of a kind", "straight", "flush",
              "full house", "four of a kind", "straight flush")
HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, \
    STRAIGHT_FLUSH = range(9)
ACE = 12
WHEEL = (1 << ACE) | 0b1111  # A-2-3-4-5 as rank bits

RANK_BIT = tuple(1 << (card >> 2) for card in range(52))
RANK_UNIT = tuple(1 << 3 * (card >> 2) for card in range(52))  # three bits per rank count
SUIT_UNIT = tuple(1 << 4 * (card & 3) for card in range(52))  # four bits per suit count
FIVE_OF_A_SUIT = 0x8888  # after adding 3 to every suit count, the bit of a count of 5 or more


def parse_card(text: str) -> int:
    """The card a code names (``As``, case-insensitive); ValueError otherwise."""
    if len(text) == 2:
        code = text[0].upper() + text[1].lower()
        if code in CARD_INDEX:
            return CARD_INDEX[code]
    raise ValueError(f"{text!r} is not a card (rank 23456789TJQKA, suit cdhs, e.g. As)")


def hand_value(category: int, ranks: Sequence[int]) -> int:
    """A value from a category and up to five tie-break ranks, most important first."""
    value = category
    for position in range(5):
        value = value * 16 + (ranks[position] if position < len(ranks) else 0)
    return value


def category(value: int) -> int:
    """The category (index into CATEGORIES) of a hand value."""
    return value >> 20


def is_royal(value: int) -> bool:
    """True for a royal flush: the ace-high straight flush."""
    return category(value) == STRAIGHT_FLUSH and value >> 16 & 15 == ACE


def describe(value: int) -> str:
    """A hand value in words, e.g. ``two pair: K 5, kicker A``."""
    kind = category(value)
    ranks = [RANKS[(value >> shift) & 15] for shift in (16, 12, 8, 4, 0)]
    if is_royal(value):
        return "royal flush"
    shown = {STRAIGHT_FLUSH: 1, FOUR_OF_A_KIND: 2, FULL_HOUSE: 2, STRAIGHT: 1, THREE_OF_A_KIND: 3,
             TWO_PAIR: 3, ONE_PAIR: 4}.get(kind, 5)
    return f"{CATEGORIES[kind]}: {' '.join(ranks[:shown])}"


def straight_top(rank_bits: int) -> int:
    """The highest card of the best straight among the ranks, or -1 for none."""
    for top in range(ACE, 3, -1):
        window = 0b11111 << (top - 4)
        if rank_bits & window == window:
            return top
    return 3 if rank_bits & WHEEL == WHEEL else -1


def highest(rank_bits: int, count: int) -> list[int]:
    """The ``count`` highest ranks present, from the highest down."""
    found = []
    for rank in range(ACE, -1, -1):
        if rank_bits >> rank & 1:
            found.append(rank)
            if len(found) == count:
                break
    return found


@lru_cache(maxsize=None)
def flush_value(suited_bits: int) -> int:
    """The value of a hand whose five or more cards of one suit have these ranks."""
    top = straight_top(suited_bits)
    if top >= 0:
        return hand_value(STRAIGHT_FLUSH, [top])
    return hand_value(FLUSH, highest(suited_bits, 5))


@lru_cache(maxsize=None)
def ranks_value(rank_counts: int) -> int:
    """The value of a hand without a flush, from its rank counts (three bits per rank)."""
    counts = [rank_counts >> 3 * rank & 7 for rank in range(13)]
    present = sum(1 << rank for rank in range(13) if counts[rank])
    by_count = {n: [rank for rank in range(ACE, -1, -1) if counts[rank] == n] for n in (4, 3, 2)}
    fours, threes, pairs = by_count[4], by_count[3], by_count[2]

    def kickers(exclude: Iterable[int], count: int) -> list[int]:
        return highest(present & ~sum(1 << rank for rank in exclude), count)

    if fours:
        return hand_value(FOUR_OF_A_KIND, [fours[0]] + kickers(fours[:1], 1))
    if threes and (len(threes) > 1 or pairs):
        pair = max(threes[1:] + pairs)
        return hand_value(FULL_HOUSE, [threes[0], pair])
    top = straight_top(present)
    if top >= 0:
        return hand_value(STRAIGHT, [top])
    if threes:
        return hand_value(THREE_OF_A_KIND, threes[:1] + kickers(threes[:1], 2))
    if len(pairs) >= 2:
        return hand_value(TWO_PAIR, pairs[:2] + kickers(pairs[:2], 1))
    if pairs:
        return hand_value(ONE_PAIR, pairs[:1] + kickers(pairs[:1], 3))
    return hand_value(HIGH_CARD, highest(present, 5))


def evaluate_by_rules(cards: Iterable[int]) -> int:
    """``evaluate`` worked out from the rules, with no table: the rank counts and the
    flush suit's ranks, each valued once and then remembered (it builds the tables)."""
    cards = tuple(cards)
    rank_counts = suit_counts = 0
    for card in cards:
        rank_counts += RANK_UNIT[card]
        suit_counts += SUIT_UNIT[card]
    if (suit_counts + 0x3333) & FIVE_OF_A_SUIT:
        suit = ((suit_counts + 0x3333) & FIVE_OF_A_SUIT).bit_length() // 4 - 1
        return flush_value(sum(RANK_BIT[card] for card in cards if card & 3 == suit))
    return ranks_value(rank_counts)


# -- the seven-card tables ----------------------------------------------------------------
#
# Each rank has a key, and the keys of any seven ranks (at most four of one) add up to a sum
# that no other seven ranks give (the keys of Kenneth Shackleton's SKPokerEval; the build
# checks it).  A card's number in ``CARD_KEY`` is its rank's key times 2**16 plus its suit's
# unit (four bits a suit), so one sum over the seven cards gives both the rank-key sum and
# the suit counts.  Without a flush the hand's value is found by the rank-key sum, with one
# by the flush suit's ranks as 13 bits (``by_suited_ranks``).
#
# The 49,205 rank-key sums of seven cards spread over 7.8 million numbers, so they are
# packed: cut into rows of 2**ROW_BITS numbers, the rows are laid over one short table
# (``by_ranks``, fullest rows first, each at the first place where its sums find free slots),
# and ``shifts[row]`` takes a sum of that row to its slot: ``by_ranks[key + shifts[key >>
# ROW_BITS]]``.  The tables take some 470 KB on disk, read in milliseconds.

RANK_KEYS = (0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
CARD_KEY = tuple(RANK_KEYS[card >> 2] << 16 | SUIT_UNIT[card] for card in range(52))
RANK_SUMS = 4 * RANK_KEYS[ACE] + 3 * RANK_KEYS[ACE - 1] + 1  # the largest sum of seven ranks, plus one
ROW_BITS = 10
ROWS = (RANK_SUMS >> ROW_BITS) + 1
SUITED_RANKS = 1 << 13
TABLE_MAGIC = b"GAMESMAN-POKER-TABLE 2\n"
TABLE_FILE = "poker-seven-card-v2.table"


class SevenCardTables(NamedTuple):
    """The evaluator's tables (see above): int32 arrays."""

    shifts: array
    by_ranks: array
    by_suited_ranks: array


#: The tables as ``evaluate`` reads them (lists: an item is read without making a new int).
#: Empty until loaded or built.
_SHIFTS: list[int] = []
_BY_RANKS: list[int] = []
_BY_SUITED_RANKS: list[int] = []
#: The same tables as arrays (``evaluate_many`` reads them in numpy), None until loaded or built.
_TABLES: SevenCardTables | None = None


def pack_rows(keys: Sequence[int], row_bits: int) -> tuple[list[int], int]:
    """Shifts that take each of the distinct ``keys`` to its own slot of a short table (see
    above), one per row of 2**row_bits numbers, and the table's length.

    >>> keys = [0, 1, 5, 256, 300, 700]
    >>> shifts, length = pack_rows(keys, 8)
    >>> slots = [key + shifts[key >> 8] for key in keys]
    >>> len(set(slots)) == len(keys) and min(slots) >= 0 and max(slots) < length < 700
    True
    """
    import numpy as np

    rows: dict[int, list[int]] = {}
    for key in keys:
        rows.setdefault(key >> row_bits, []).append(key & ((1 << row_bits) - 1))
    shifts = [0] * ((max(keys) >> row_bits) + 1)
    window = 1 << row_bits
    free = np.ones(2 * len(keys) + 4 * window, bool)  # True where no key has its slot yet (grows)
    first_free = 0
    for row, columns in sorted(rows.items(), key=lambda item: (-len(item[1]), item[0])):
        while not free[first_free]:
            first_free += 1
        low = min(columns)
        place = first_free - low  # the first place that could take the row's lowest key
        while True:
            if place + low + 2 * window > len(free):
                free = np.concatenate([free, np.ones(len(free), bool)])
            fits = free[place + low:place + low + window].copy()
            for column in columns:
                fits &= free[place + column:place + column + window]
            if fits.any():
                place += int(fits.argmax())
                break
            place += window
        free[[place + column for column in columns]] = False
        shifts[row] = place - (row << row_bits)
    return shifts, max(key + shifts[key >> row_bits] for key in keys) + 1


def build_seven_card_tables(progress: Callable[[str, int, int], None] | None = None) -> SevenCardTables:
    """The tables, worked out by ``ranks_value`` for every rank multiset of seven cards and by
    ``flush_value`` for every set of five or more ranks of one suit."""
    multisets = list(rank_multisets(7))
    values: dict[int, int] = {}
    for done, ranks in enumerate(multisets, start=1):
        key = sum(RANK_KEYS[rank] for rank in ranks)
        if key in values:
            raise AssertionError(f"the rank keys do not tell {ranks} from another hand")
        values[key] = ranks_value(sum(1 << 3 * rank for rank in ranks))
        if progress and (done % 5000 == 0 or done == len(multisets)):
            progress("poker: seven-card hand table, rank multisets", done, len(multisets))
    shifts, length = pack_rows(sorted(values), ROW_BITS)
    by_ranks = array("i", bytes(4 * length))
    for key, value in values.items():
        by_ranks[key + shifts[key >> ROW_BITS]] = value
    by_suited_ranks = array("i", (flush_value(mask) if mask.bit_count() >= 5 else 0 for mask in range(SUITED_RANKS)))
    return SevenCardTables(array("i", shifts), by_ranks, by_suited_ranks)


def load_seven_card_tables(path: Path) -> SevenCardTables | None:
    """The tables saved at ``path``, or None when there are none or they are damaged."""
    def check(header: dict, body: bytes) -> SevenCardTables:
        sizes = header.get("sizes")
        if (not isinstance(sizes, list) or len(sizes) != 3 or sizes[0] != ROWS or sizes[2] != SUITED_RANKS
                or not isinstance(sizes[1], int) or len(body) != 4 * sum(sizes)):
            raise ValueError("tables of another layout")
        tables, start = [], 0
        for size in sizes:
            table = array("i")
            table.frombytes(memoryview(body)[start:start + 4 * size])
            tables.append(table)
            start += 4 * size
        return SevenCardTables(*tables)

    return read_checked(path, TABLE_MAGIC, check)


def save_seven_card_tables(path: Path, tables: SevenCardTables) -> None:
    """Write the tables to ``path`` (with a checksum), as ``load_seven_card_tables`` reads them."""
    write_checked(path, TABLE_MAGIC, {"sizes": [len(table) for table in tables]},
                  b"".join(table.tobytes() for table in tables))


def seven_card_tables(progress: Callable[[str, int, int], None] | None = None) -> SevenCardTables:
    """The evaluator's tables: from memory, the cache directory, or built (a few seconds) and
    saved; ``evaluate`` reads them from memory from then on."""
    global _SHIFTS, _BY_RANKS, _BY_SUITED_RANKS, _TABLES
    if _TABLES is not None:
        return _TABLES
    path = cache_directory() / TABLE_FILE
    tables = load_seven_card_tables(path)
    if tables is None:
        tables = build_seven_card_tables(progress)
        save_seven_card_tables(path, tables)
    _SHIFTS, _BY_RANKS, _BY_SUITED_RANKS = (table.tolist() for table in tables)
    _TABLES = tables
    return tables


def evaluate(cards: Sequence[int]) -> int:
    """The value of the best five-card hand among five to seven cards (higher is better).

    Seven cards are looked up in the tables (loaded or built on the first call); five or
    six are worked out by ``evaluate_by_rules``.
    """
    if len(cards) != 7:
        return evaluate_by_rules(cards)
    if not _BY_SUITED_RANKS:
        seven_card_tables()
    a, b, c, d, e, f, g = cards
    total = CARD_KEY[a] + CARD_KEY[b] + CARD_KEY[c] + CARD_KEY[d] + CARD_KEY[e] + CARD_KEY[f] + CARD_KEY[g]
    flush = (total + 0x3333) & FIVE_OF_A_SUIT
    if flush:
        suit = flush.bit_length() // 4 - 1
        return _BY_SUITED_RANKS[sum(RANK_BIT[card] for card in cards if card & 3 == suit)]
    key = total >> 16
    return _BY_RANKS[key + _SHIFTS[key >> ROW_BITS]]


def evaluate_many(hands: "np.ndarray") -> "np.ndarray":
    """``evaluate`` of each row of an (n, 7) array of cards, as an int32 array, in numpy."""
    import numpy as np

    hands = np.asarray(hands, dtype=np.int64)
    if hands.ndim != 2 or hands.shape[1] != 7:
        raise ValueError(f"hands of seven cards expected, not an array of shape {hands.shape}")
    shifts, by_ranks, by_suited_ranks = (np.frombuffer(table, dtype=np.int32)
                                         for table in (_TABLES or seven_card_tables()))
    totals = np.array(CARD_KEY, dtype=np.int64)[hands].sum(axis=1)
    keys = totals >> 16
    values = by_ranks[keys + shifts[keys >> ROW_BITS]]
    suits = totals & 0xFFFF
    flushed = np.flatnonzero((suits + 0x3333) & FIVE_OF_A_SUIT)
    if len(flushed):
        suit = np.argmax((suits[flushed, None] >> np.arange(0, 16, 4)) & 0xF >= 5, axis=1)
        cards = hands[flushed]
        masks = np.where((cards & 3) == suit[:, None], 1 << (cards >> 2), 0).sum(axis=1)
        values[flushed] = by_suited_ranks[masks]
    return values


def monte_carlo_equity(mine: Sequence[int], board: Sequence[int], opponents: int, samples: int,
                       rng: "np.random.Generator") -> float:
    """The expected share of the pot of hole cards ``mine`` on ``board`` (0 to 5 cards) against
    ``opponents`` random hands, by Monte-Carlo over ``samples`` deals of the unseen cards, in numpy.

    A deal's share is 1 when ``mine`` is best, 1/k when it ties with k - 1 others, else 0.
    """
    import numpy as np

    known = set(mine) | set(board)
    unseen = np.array([card for card in range(52) if card not in known])
    missing = 5 - len(board)
    drawn = unseen[np.argsort(rng.random((samples, len(unseen))), axis=1)[:, :missing + 2 * opponents]]
    full_board = np.hstack([np.broadcast_to(np.array(board, dtype=np.int64), (samples, len(board))),
                            drawn[:, :missing]])
    value = evaluate_many(np.hstack([np.broadcast_to(np.array(mine, dtype=np.int64), (samples, 2)), full_board]))
    if not opponents:
        return 1.0
    others = np.stack([evaluate_many(np.hstack([drawn[:, missing + 2 * k:missing + 2 * k + 2], full_board]))
                       for k in range(opponents)], axis=1)
    best = others.max(axis=1)
    share = np.where(value > best, 1.0, np.where(value == best, 1.0 / (1 + (others == best[:, None]).sum(axis=1)), 0.0))
    return float(share.mean())


def evaluate_codes(codes: Iterable[str]) -> int:
    """``evaluate`` for card codes such as ``["As", "Kd", ...]``."""
    return evaluate([CARD_INDEX[code] for code in codes])


# -- counting every hand by category -------------------------------------------------

def rank_multisets(size: int) -> Iterable[tuple[int, ...]]:
    """Every way to pick ``size`` ranks with at most four cards of a rank, as sorted ranks."""
    for ranks in combinations_with_replacement(range(13), size):
        if all(ranks.count(rank) <= 4 for rank in set(ranks)):
            yield ranks


def suited_hand(ranks: Sequence[int], flush_ranks: Sequence[int]) -> list[int]:
    """One hand with these ranks whose spades are exactly ``flush_ranks``, no other flush.

    With no flush ranks, suits go round the four suits (at most two cards a suit); else
    the flush ranks are spades and the other cards go round clubs, diamonds and hearts.
    """
    spades = SUITS.index("s")
    rest = list(ranks)
    for rank in flush_ranks:
        rest.remove(rank)
    others = [suit for suit in range(4) if suit != spades] if flush_ranks else list(range(4))
    hand = [4 * rank + spades for rank in flush_ranks]
    hand += [4 * rank + others[i % len(others)] for i, rank in enumerate(rest)]
    return hand


def count_categories(size: int,
                     progress: Callable[[str, int, int], None] | None = None) -> tuple[list[int], int, int]:
    """Hands of ``size`` cards (5 to 7) by category, how many are royal flushes, and how
    many classes were evaluated to count them.

    Each rank multiset splits into classes: hands with no five cards of one suit, and for
    every set of five or more of its ranks, hands whose flush suit holds exactly those.
    One hand of each class is evaluated and counted as many times as the class has hands.
    """
    if size == 7:
        seven_card_tables(progress)
    counts = [0] * len(CATEGORIES)
    royal = evaluated = 0
    multisets = list(rank_multisets(size))
    for done, ranks in enumerate(multisets, start=1):
        copies = {rank: ranks.count(rank) for rank in set(ranks)}
        hands = prod(comb(4, n) for n in copies.values())
        classes: list[tuple[list[int], int]] = []
        for length in range(5, len(copies) + 1):
            for flush_ranks in combinations(sorted(copies), length):
                # each flush rank has one card of the flush suit, the others none
                ways = prod(comb(3, n - 1) if rank in flush_ranks else comb(3, n) for rank, n in copies.items())
                if ways:
                    classes.append((suited_hand(ranks, flush_ranks), 4 * ways))  # four flush suits
        no_flush = hands - sum(ways for _, ways in classes)
        if no_flush:
            classes.append((suited_hand(ranks, ()), no_flush))
        evaluated += len(classes)
        for hand, ways in classes:
            value = evaluate(hand)
            counts[category(value)] += ways
            if is_royal(value):
                royal += ways
        if progress and done % 2000 == 0:
            progress(f"{size}-card rank multisets", done, len(multisets))
    return counts, royal, evaluated


# -- a simple baseline evaluator, to measure the evaluator's speed against ----------------

def baseline_five(hand: Sequence[int]) -> tuple[int, ...]:
    """A five-card hand as (category, tie-break ranks), the textbook way: sort and count."""
    ranks = sorted((card >> 2 for card in hand), reverse=True)
    counts = Counter(ranks)
    grouped = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    shape = tuple(sorted(counts.values(), reverse=True))
    flush = len({card & 3 for card in hand}) == 1
    top = None
    if len(counts) == 5 and ranks[0] - ranks[4] == 4:
        top = ranks[0]
    elif ranks == [ACE, 3, 2, 1, 0]:
        top = 3
    if top is not None:
        return (STRAIGHT_FLUSH if flush else STRAIGHT, top)
    if flush:
        return (FLUSH, *ranks)
    kind = {(4, 1): FOUR_OF_A_KIND, (3, 2): FULL_HOUSE, (3, 1, 1): THREE_OF_A_KIND, (2, 2, 1): TWO_PAIR,
            (2, 1, 1, 1): ONE_PAIR}.get(shape, HIGH_CARD)
    return (kind, *grouped)


def baseline_evaluate(hand: Sequence[int]) -> tuple[int, ...]:
    """The best of the five-card subsets of five to seven cards, by ``baseline_five``."""
    return max(baseline_five(five) for five in combinations(hand, 5))


class Rates(NamedTuple):
    """Seven-card evaluations per second, measured in one run on the same hands."""

    first_pass: float  # ``evaluate``, its tables loaded from the cache directory during the pass
    warm: float  # ``evaluate`` again
    batch: float  # ``evaluate_many`` on all the hands at once
    by_rules: float  # ``evaluate_by_rules`` (no tables; its remembered values cleared first)
    baseline: float  # ``baseline_evaluate`` (on a tenth of the hands)


def evaluation_rates(hands: int = 20_000, seed: int = 1) -> Rates:
    """Seven-card evaluations per second of each evaluator here, measured now on the same
    random hands (see ``Rates``); they must agree on every value, and with the baseline on
    the category of each hand and on which of two hands wins."""
    import numpy as np

    global _SHIFTS, _BY_RANKS, _BY_SUITED_RANKS, _TABLES
    rng = random.Random(seed)
    deals = [rng.sample(range(52), 7) for _ in range(hands)]
    seven_card_tables()  # built (and saved) before the clock starts, if never built before
    _SHIFTS, _BY_RANKS, _BY_SUITED_RANKS, _TABLES = [], [], [], None
    ranks_value.cache_clear()
    flush_value.cache_clear()
    rates: list[float] = []
    for evaluator in (evaluate, evaluate, evaluate_by_rules):
        started = time.perf_counter()
        values = [evaluator(hand) for hand in deals]
        rates.append(hands / (time.perf_counter() - started))
    array_of_deals = np.array(deals)
    started = time.perf_counter()
    batch = evaluate_many(array_of_deals)
    batch_rate = hands / (time.perf_counter() - started)
    if batch.tolist() != values or [evaluate(hand) for hand in deals] != values:
        raise AssertionError("the evaluators disagree")
    some = deals[:max(2, hands // 10)]
    started = time.perf_counter()
    base = [baseline_evaluate(hand) for hand in some]
    theirs = len(some) / (time.perf_counter() - started)
    for (a, b), (x, y) in zip(zip(values[::2], values[1::2]), zip(base[::2], base[1::2])):
        if (a > b) - (a < b) != (x > y) - (x < y) or category(a) != x[0] or category(b) != y[0]:
            raise AssertionError("the evaluator and the baseline disagree")
    first_pass, warm, by_rules = rates
    return Rates(first_pass, warm, batch_rate, by_rules, theirs)


def poker_stats(cards: int = 7, progress: Callable[[str, int, int], None] | None = None,
                speed_hands: int = 20_000) -> str:
    """Every hand of ``cards`` cards (5, 6 or 7) counted by category, as a table, then how
    they were counted, the run time, and the evaluator's speed on ``speed_hands`` random
    seven-card hands against the baseline (0: not measured)."""
    if cards not in (5, 6, 7):
        raise GameError(f"poker: hands of {cards} cards? expected 5, 6 or 7")
    started = time.perf_counter()
    counts, royal, evaluated = count_categories(cards, progress)
    seconds = time.perf_counter() - started
    total = sum(counts)
    lines = [f"{cards}-card hands: {total:,}, by category"]
    width = len(f"{max(counts):,}")
    for kind in range(len(CATEGORIES) - 1, -1, -1):
        line = f"  {CATEGORIES[kind]:<16} {counts[kind]:>{width},}  {100 * counts[kind] / total:8.4f}%"
        if kind == STRAIGHT_FLUSH:
            line += f"  (royal flush {royal:,})"
        lines.append(line)
    lines.append(f"counted by class, not hand by hand: one hand of each of {evaluated:,} classes (its ranks,")
    lines.append(f"  and the ranks a flush suit holds) evaluated and weighted by the hands in its class: "
                 f"{seconds:.2f} s")
    if speed_hands:
        rates = evaluation_rates(speed_hands)
        filling, filled, theirs = rates.first_pass, rates.warm, rates.baseline
        lines += [f"7-card evaluations per second, measured now on {speed_hands:,} random hands:",
                  f"  evaluate {filled:,.0f} ({filling:,.0f} on a first pass that loads its tables)",
                  f"  a simple baseline {theirs:,.0f} (the best of 21 five-card subsets, sorted and counted)",
                  f"  evaluate is {filled / theirs:.1f}x as fast ({filling / theirs:.1f}x on its first pass)",
                  f"  evaluate_many (numpy, every hand in one call) {rates.batch:,.0f}; "
                  f"by the rules, without tables {rates.by_rules:,.0f}"]
    return "\n".join(lines)
