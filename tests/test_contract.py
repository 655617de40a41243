"""Every registered game keeps the contract: playouts end, strings round-trip, bad text is
refused, and each variant's record of capabilities agrees with its hooks."""
import importlib
import random
import re
import sys
from dataclasses import FrozenInstanceError, replace

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamesman.contract.capabilities import (ActionIndex, BatchExpansion, Capabilities, CompactForm, End,
                                            HiddenInformation, KnownResults, ObservationTensor, PositionCodes,
                                            Rewards, Rounds, TierCut, UwapiBoard,
                                            batch_expansion, position_codes)
from gamesman.contract.errors import GameError
from gamesman.contract.game import CHANCE, Game
from gamesman.doors.shell.wording import describe_result
from gamesman.players.play import random_outcome
from gamesman.contract.registry import game_class, game_names, make_game
from gamesman.players.strategies import make_strategy
from gamesman.solver.database import answers_exactly
from gamesman.solver.levelled import end_value
from gamesman.solver.strong import Solver
from gamesman.solver.tiers import suitable
from gamesman.testing.stones import Stones
from playout_checks import IDS, VARIANTS, positions

NAMES = game_names()


def playout(game, rng, limit=5000):
    """Positions of one random game from the start (chance by its probabilities)."""
    position = game.start()
    seen = [position]
    for _ in range(limit):
        if game.outcome(position) is not None:
            return seen
        if game.to_move(position) == CHANCE:
            move = random_outcome(game, position, rng)
        else:
            move = rng.choice(list(game.moves(position)))
        position = game.play(position, move)
        seen.append(position)
    return seen


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_playouts_round_trip(name, seed):
    game = make_game(name)
    for position in playout(game, random.Random(seed)):
        text = game.format_position(position)
        assert game.parse_position(text) == position
        assert game.format_position(game.parse_position(text)) == text
        for player in range(game.players):
            view = game.view(position, player)
            assert game.format_view(game.parse_view(view)) == view
        if game.to_move(position) != CHANCE and game.outcome(position) is None:
            for move in game.moves(position):
                move_text = game.format_move(position, move)
                assert " " not in move_text
                assert game.parse_move(position, move_text) == move
                assert game.parse_move(position, move_text.upper()) == move


@pytest.mark.parametrize("name", NAMES)
def test_random_playouts_end(name):
    game = make_game(name)
    rng = random.Random(11)
    for _ in range(10):
        positions = playout(game, rng)
        assert game.outcome(positions[-1]) is not None, f"{name}: a random game did not end"
        utilities = game.outcome(positions[-1])
        assert len(utilities) == game.players


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=60)
       | st.builds(lambda parts: "(" + " ".join(parts) + ")",
                   st.lists(st.text(alphabet="xowbLR-0123456789@*.,", max_size=8), max_size=8)))
def test_parse_only_raises_game_errors(name, text):
    game = make_game(name)
    try:
        position = game.parse_position(text)
    except GameError as problem:
        assert "\n" not in str(problem)
        assert str(problem).startswith(game.name)
    else:
        assert game.parse_position(game.format_position(position)) == position


# Characters for move texts near the real ones: ASCII digits and separators, letters
# the games use, and digits of other scripts (superscripts, Arabic-Indic, Devanagari,
# Thai, full-width), which str.isdigit() accepts and int() reads or rejects.
OTHER_DIGITS = "²³¹١٢٣٤०१२๑๒０１２"
MOVE_ALPHABET = "0123456789-+_.:/ abcdefghijklmnopqrstuvwxyzXOLRP" + OTHER_DIGITS
EDITS = st.lists(st.tuples(st.sampled_from(["replace", "insert", "delete"]), st.integers(0, 12),
                           st.sampled_from(MOVE_ALPHABET)), max_size=3)


def digit_swapped(text, which, digit):
    """``text`` with its ``which``-th ASCII digit (wrapped) replaced by ``digit``."""
    places = [at for at, char in enumerate(text) if char in "0123456789"]
    if not places:
        return text
    at = places[which % len(places)]
    return text[:at] + digit + text[at + 1:]


def edited(text, edits):
    """``text`` after replacing, inserting or deleting a character at each (wrapped) place."""
    for kind, at, char in edits:
        at %= len(text) + 1
        if kind == "insert":
            text = text[:at] + char + text[at:]
        elif at < len(text):
            text = text[:at] + (char if kind == "replace" else "") + text[at + 1:]
    return text


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1), depth=st.integers(0, 12))
def test_parse_move_only_raises_game_errors(name, data, seed, depth):
    """Arbitrary text, and legal moves' texts with a few characters changed, parse to a legal
    move (that reads back from its own text) or raise the engine's one-line error."""
    game = make_game(name)
    positions = [p for p in playout(game, random.Random(seed), limit=depth)
                 if game.to_move(p) != CHANCE and game.outcome(p) is None]
    if not positions:
        return
    position = positions[-1]
    legal = [game.format_move(position, move) for move in game.moves(position)]
    base = data.draw(st.sampled_from(legal) | st.text(alphabet=MOVE_ALPHABET, max_size=8) | st.text(max_size=12))
    text = edited(base, data.draw(EDITS))
    text = digit_swapped(text, data.draw(st.integers(0, 3)), data.draw(st.sampled_from("0" + OTHER_DIGITS)))
    try:
        move = game.parse_move(position, text)
    except GameError as problem:
        assert "\n" not in str(problem)
        assert str(problem).startswith(game.name)
    else:
        assert move in game.moves(position)
        assert game.parse_move(position, game.format_move(position, move)) == move


# -- the record of capabilities --------------------------------------------------------------
#: The capabilities that come with hooks, and the mixin that holds them.
MIXINS = {"position_codes": PositionCodes, "batch_expansion": BatchExpansion, "tiers": TierCut,
          "compact_playouts": CompactForm, "known_results": KnownResults,
          "hidden_information": HiddenInformation, "rounds": Rounds, "rewards": Rewards,
          "action_index": ActionIndex, "observation_tensor": ObservationTensor, "uwapi_board": UwapiBoard}


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_the_record_agrees_with_the_game(name, options):
    """A claimed capability comes with its mixin; the record is asked once and cannot change."""
    game = make_game(name, **options)
    record = game.capabilities
    assert record is game.capabilities and record == game.declare()
    assert record.players == game.players
    for capability, hooks in MIXINS.items():
        if getattr(record, capability):
            assert isinstance(game, hooks), f"{name} claims {capability} without the {hooks.__name__} hooks"
    assert record.position_codes or not record.batch_expansion, "batch expansion needs position codes"
    assert record.known_results or not record.exact_search, "an exact search answers through known_result"
    assert not (record.layered and record.loops), "every move of a layered game adds a piece: it cannot loop"
    with pytest.raises(FrozenInstanceError):
        record.solvable = not record.solvable  # type: ignore[misc]


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_codes_agree_with_play(name, options):
    game = make_game(name, **options)
    if not game.capabilities.position_codes:
        pytest.skip("this variant does not number its positions")
    hooks = position_codes(game)
    assert isinstance(game, PositionCodes)
    seen = positions(game)
    codes = {}
    bound = hooks.index_size()
    for position in seen:
        code = hooks.encode(position)
        assert isinstance(code, int) and code >= 0
        assert hooks.decode(code) == position
        assert codes.setdefault(code, position) == position, "two positions share a code"
        if bound is not None:
            assert code < bound, f"code {code} of a position reached from the start is off the index {bound}"


@pytest.mark.parametrize("name, options", VARIANTS, ids=IDS)
def test_batch_expansion_agrees_with_play(name, options):
    game = make_game(name, **options)
    if not game.capabilities.batch_expansion:
        pytest.skip("this variant has no batch expansion")
    assert game.capabilities.position_codes, "batch expansion needs position codes"
    assert isinstance(game, BatchExpansion)
    encode = position_codes(game).encode
    seen = list(dict.fromkeys(positions(game)))[:300]
    codes = np.array([encode(p) for p in seen], np.int64)
    movers, ends, parents, children = batch_expansion(game).batch_expand(codes)
    for at, position in enumerate(seen):
        outcome = game.outcome(position)
        assert movers[at] == game.to_move(position)
        if outcome is None:
            assert ends[at] == End.PLAYING
            expected = sorted(encode(game.play(position, m)) for m in game.moves(position))
            assert sorted(int(c) for c in children[parents == at]) == expected
        else:
            assert ends[at] != End.PLAYING
            assert ends[at] == end_value(outcome, game.to_move(position))
            assert not (parents == at).any()


# -- loops ----------------------------------------------------------------------------------
#: A small variant or two of each game, whose positions reachable from the start a walk covers
#: within WALK_BUDGET (a game that loops shows it within a few moves, so its default does);
#: for a game that no walk covers, the reason.  A game not listed (a plugin) is walked by its
#: default variant.
LOOP_VARIANTS: dict[str, list[dict] | str] = {
    "2048": [{"rows": 2, "cols": 2}],
    "abalone": [{}],
    # Every card a 9 and no knocking: with knocking a round has no bound, but each position
    # counts its turns, so none comes back.
    "beverbende": [{"players": 2, "numbers": 0, "nines": 10, "peeks": 0, "swaps": 0, "get_twos": 0,
                    "fixed_turns": 1, "peek": "none"}],
    "chopsticks": [{"hands": 2}, {"hands": 2, "wrap_around": True}],
    "connectfour": [{"rows": 3, "cols": 4, "in_a_row": 3}],
    "cube": [{"size": 2, "scramble": 3}],  # scrambled: the solved cube is over at the start
    "dobutsu": [{}],
    "hex": [{"size": 3}, {"size": 3, "swap": True}],
    "kaboom": [{"rows": 3, "cols": 3, "in_a_row": 3}],
    "nim": [{}],
    "nim3p": [{}],
    "onetwoten": [{}],
    "othello": [{"rows": 3, "cols": 3}],
    "poker": "each hand deals cards from 52 by chance and hands go on while chips flow back and forth, "
             "so no walk ends (a position counts the hands played, so none comes back)",
    "quixo": [{"size": 3}],
    "sim": [{"nodes": 4}],
    "tictactoe": [{}],
    "tomorrowstictactoe": [{"rows": 2, "cols": 3}],
}
#: The most positions a walk meets before it gives up.
WALK_BUDGET = 100_000


def comes_back(game: Game, budget: int = WALK_BUDGET) -> bool | None:
    """Whether play from the start can come back to a position it left: a depth-first walk of
    the positions reachable (by moves and chance outcomes) finds a move onto its own path.
    None when it meets more than ``budget`` positions first and no such move among them."""
    def children(position):
        if game.outcome(position) is not None:
            return iter(())
        return iter([game.play(position, move) for move in game.legal_moves(position)])

    root = game.start()
    on_path = {root: True}  # every position met: True while it is on the walk's path
    path, untried = [root], [children(root)]
    while path:
        for child in untried[-1]:
            if on_path.get(child):
                return True
            if child not in on_path:
                if len(on_path) >= budget:
                    return None
                on_path[child] = True
                path.append(child)
                untried.append(children(child))
                break
        else:
            on_path[path.pop()] = False
            untried.pop()
    return False


def loop_cases() -> list:
    """The (name, options) walked for each registered game, with a skip for those no walk covers."""
    cases = []
    for name in NAMES:
        listed = LOOP_VARIANTS.get(name, [{}])
        if isinstance(listed, str):
            cases.append(pytest.param(name, {}, id=name, marks=pytest.mark.skip(reason=listed)))
            continue
        cases += [pytest.param(name, options, id="-".join([name, *(f"{k}={v}" for k, v in options.items())]))
                  for options in listed]
    return cases


def test_the_walk_tells_a_loop_from_none():
    """Stones puts a stone back on a pile of 4, 9, 14...; Untouchable (below) only takes."""
    assert comes_back(Stones()) is True
    assert comes_back(Untouchable()) is False
    assert comes_back(Stones(), budget=3) is None  # 30, 29 then 28 stones: no way back yet


@pytest.mark.parametrize("name, options", loop_cases())
def test_a_variant_loops_exactly_when_it_declares_loops(name, options):
    """The record's ``loops`` is what a walk of the variant's positions finds; a variant that
    loops also has no longest game."""
    game = make_game(name, **options)
    found = comes_back(game)
    if found is None:
        assert name not in LOOP_VARIANTS, f"{game.spec}: more than {WALK_BUDGET:,} positions; list a smaller variant"
        pytest.skip(f"{game.spec}: more than {WALK_BUDGET:,} positions and no loop among them")
    declared = game.capabilities.loops
    assert declared == found, f"{game.spec} declares loops={declared}, the walk finds {found}"
    assert not found or game.longest_game() is None


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_instructions(name):
    """The rules in Markdown: by default the game module's docstring."""
    game = make_game(name)
    text = game.instructions()
    assert text and text == text.strip()
    assert text == (sys.modules[type(game).__module__].__doc__ or game.rules or game.title).strip()


class Untouchable(PositionCodes, BatchExpansion, TierCut, CompactForm, KnownResults, HiddenInformation,
                  Rounds, Rewards, Game):
    """Take 1 or 2 from a pile of 5; taking the last wins.  It has every capability's hooks,
    each of which fails the test when asked, and claims none of them."""

    name = "untouchable"
    player_names = ("x", "o")

    def declare(self) -> Capabilities:
        return Capabilities(players=2, solvable=True)

    def start(self):
        return (0, 5)

    def to_move(self, position):
        return position[0]

    def moves(self, position):
        return [take for take in (1, 2) if take <= position[1]]

    def play(self, position, move):
        if move not in self.moves(position):
            raise self.illegal(f"cannot take {move}")
        return (1 - position[0], position[1] - move)

    def outcome(self, position):
        return None if position[1] else ((-1.0, 1.0) if position[0] == 0 else (1.0, -1.0))

    def format_position(self, position):
        return f"({self.player_names[position[0]]} {position[1]})"


def _never_asked(hook):
    def asked(self, *args, **kwargs):
        raise AssertionError(f"{hook} was asked of a game that does not declare it")
    return asked


for _hook in ("encode", "decode", "index_size", "batch_expand", "tier_shards", "tier_shard", "compact_playouts",
              "known_result", "sample_position", "round_summary", "round_scores", "gain", "describe_utility"):
    setattr(Untouchable, _hook, _never_asked(_hook))


def test_a_capability_not_declared_is_never_asked():
    """Solved by both engines, played by a search player and worded by the shell, a game with
    every hook but no claim is asked for none of them."""
    game = Untouchable()
    result = Solver(game, database=None).result(game.start())
    assert describe_result(game, game.start(), result).startswith("x should ")
    assert make_strategy(game, "mcts 50", random.Random(1)).choose(game.start()).move in (1, 2)
    assert answers_exactly(game) and not suitable(game)


def test_a_claim_without_hooks_is_refused_in_one_line():
    """The accessors check the record and the mixin: a game that claims codes without the hooks,
    or that is asked for codes it does not claim, gets the engine's one-line error."""
    claims = game_class("tictactoe")()
    claims.capabilities = replace(claims.capabilities, position_codes=False)
    with pytest.raises(GameError, match="^tictactoe: this variant does not declare position_codes$"):
        position_codes(claims)
    bare = Untouchable()
    bare.capabilities = replace(bare.capabilities, batch_expansion=True)
    assert batch_expansion(bare) is bare
    lying = make_game("chopsticks")
    lying.capabilities = replace(lying.capabilities, batch_expansion=True)
    with pytest.raises(GameError, match="^chopsticks: declares batch_expansion but has no BatchExpansion hooks$"):
        batch_expansion(lying)


@pytest.mark.parametrize("name", game_names())
def test_the_rules_name_no_constant_of_the_code(name):
    """The shell's ``rules`` and the web's instructions are read by players: a figure is written
    out, not left as the name of the constant that holds it."""
    assert re.findall(r"\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b", make_game(name).instructions()) == []


@pytest.mark.parametrize("game, module, constant, phrase", [
    ("nim", "gamesman.games.nim", "MAX_DRAWN_ITEMS", "heaps of up to {:,} items"),
    ("onetwoten", "gamesman.games.onetwoten", "MAX_DRAWN_TARGET", "targets up to {:,}"),
    ("cube", "gamesman.games.cube", "LENGTH_SECONDS", "or {:,g} seconds have passed"),
    ("2048", "gamesman.games.twentyfortyeight.bitboard", "BitboardSearch.LEAF_BUDGET", "within {:,} leaves"),
    ("2048", "gamesman.games.twentyfortyeight.exact", "EXACT_BOARDS", "within {:,} boards"),
])
def test_the_rules_give_the_figures_the_code_uses(game, module, constant, phrase):
    value = importlib.import_module(module)
    for attribute in constant.split("."):
        value = getattr(value, attribute)
    assert phrase.format(value) in " ".join(make_game(game).instructions().split())
