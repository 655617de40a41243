"""The referee: matches between real programs, well-behaved and not; every match ends."""
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamesman.game import CHANCE
from gamesman.registry import game_names, make_game
from protocol.referee import Match, PlayerFailure, Program
from protocol_toys import Peek, Race3, Reach

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
RANDOM = f"{PYTHON} {ROOT}/protocol/examples/random_player.py"
FIRST = f"sh {ROOT}/protocol/examples/first_move.sh"
ENGINE = f"{PYTHON} -m gamesman protocol"
MISBEHAVE = f"{PYTHON} {ROOT}/tests/players/misbehave.py"


def match(*args):
    return subprocess.run([PYTHON, "-m", "gamesman", "match", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def table_rows(output: str) -> dict[int, list[int]]:
    """Player number -> [wins, losses, ties, forfeits], from the results table."""
    lines = output.split("player  wins  losses  ties  forfeits  command\n")[1].splitlines()
    return {int(line.split()[0]): [int(n) for n in line.split()[1:5]]
            for line in lines if line.strip()[:1].isdigit()}


def replay(game, record):
    """Check a record against the rules: every move legal, positions as recorded."""
    position = game.parse_position(record["start"])
    for step in record["moves"]:
        mover = game.to_move(position)
        assert step["player"] == game.player_name(mover)
        position = game.play(position, game.parse_move(position, step["move"]))
        assert game.format_position(position) == step["position"]
    assert game.format_position(position) == record["end"]
    return position


def test_example_players_play_a_match_with_a_record(tmp_path):
    record = tmp_path / "games.jsonl"
    done = match("tictactoe", "--player", f"{RANDOM} --seed 1", "--player", FIRST,
                 "--games", "4", "--record", str(record))
    assert done.returncode == 0, done.stderr
    rows = table_rows(done.stdout)
    for wins, losses, ties, forfeits in rows.values():
        assert wins + losses + ties == 4 and forfeits == 0
    assert rows[1][0] == rows[2][1] and rows[1][2] == rows[2][2]  # one's win is the other's loss
    game = make_game("tictactoe")
    games = [json.loads(line) for line in record.read_text().splitlines()]
    assert [g["players"] for g in games] == [{"x": 1, "o": 2}, {"x": 2, "o": 1}] * 2  # sides alternate
    for number, entry in enumerate(games, start=1):
        assert entry["game"] == number and entry["variant"] == game.spec and entry["forfeit"] is None
        end = replay(game, entry)
        assert entry["utilities"] == list(game.outcome(end))
        assert f"game {number}: x={entry['players']['x']} o={entry['players']['o']}: {entry['result']}" in done.stdout


def test_the_engine_as_a_player_never_loses_tictactoe():
    done = match("tictactoe", "--player", f"{ENGINE} --strategy perfect", "--player", f"{RANDOM} --seed 3",
                 "--games", "4")
    assert done.returncode == 0, done.stderr
    wins, losses, ties, forfeits = table_rows(done.stdout)[1]
    assert losses == 0 and forfeits == 0 and wins + ties == 4


def test_game_options_reach_the_players(tmp_path):
    log = tmp_path / "spy.log"
    done = match("nim", "--heaps", "2", "--misere", "--player", f"{PYTHON} tests/players/spy.py {log}",
                 "--player", FIRST, "--games", "1", "--seed", "4")
    assert done.returncode == 0, done.stderr
    assert "1 game nim heaps=2 size=5 take=3 misere=true\n" in log.read_text()
    assert done.stdout.startswith("game 1: x=1 o=2: ")


@pytest.mark.parametrize("mode, reason", [
    ("crash", "crashed: exit status 3"),
    ("hang", "timed out: no reply to genmove within 0.5 s"),
    ("garbage", "garbage: the reply to genmove starts with 'hello there', not = or ?"),
    ("twowords", "is not one move"),
    ("illegal", "illegal move 'zz99': tictactoe: "),
    ("nonutf8", "garbage: a reply to genmove that is not UTF-8 text"),
    ("wrongid", "garbage: reply id 999 to command id "),
    ("error", "genmove failed: cannot move"),
    ("longline", "garbage: a reply to genmove longer than the limit"),
    ("flood", "garbage: a reply to genmove longer than the limit"),
    ("resign", "resigned"),
    ("refuse", "refused the game: no thanks"),
    ("exit", "ended the session (exit status 0) during the game"),
])
def test_misbehaving_players_forfeit(mode, reason):
    """The bad player (program 1) forfeits every game, whichever side it plays; the match ends."""
    game = make_game("tictactoe")
    started = time.monotonic()
    referee = Match(game, [f"{MISBEHAVE} {mode} 1", f"{RANDOM} --seed 2"], games=2, time_per_move=0.5)
    records = referee.play()
    assert time.monotonic() - started < 30
    for record in records:
        assert record.forfeit is not None and record.forfeit["program"] == 1
        assert reason in record.forfeit["reason"], record.forfeit
        loser = record.seats.index(0)
        assert record.utilities[loser] == -1 and record.utilities[1 - loser] == 1
    assert [vars(s) for s in referee.standings] == [
        {"wins": 0, "losses": 2, "ties": 0, "forfeits": 2}, {"wins": 2, "losses": 0, "ties": 0, "forfeits": 0}]
    assert referee.table().splitlines()[-1].startswith("  game 2: player 1 (o): ")


def test_a_silent_player_does_not_hang_the_referee():
    referee = Match(make_game("nim"), [f"{MISBEHAVE} silent", RANDOM], games=1, time_per_move=0.3,
                    startup_allowance=0.2)
    started = time.monotonic()
    (record,) = referee.play()
    assert time.monotonic() - started < 10
    assert record.forfeit == {"player": "x", "program": 1, "reason": "timed out: no reply to game within 0.5 s"}


def test_a_crashed_player_is_restarted_for_the_next_game():
    """It crashes on its third move of every game; each game still gets its three moves."""
    referee = Match(make_game("tictactoe"), [f"{MISBEHAVE} crash 2", FIRST], games=3, time_per_move=2)
    for record in referee.play():
        assert record.forfeit["reason"] == "crashed: exit status 3"
        mine = [step for step in record.moves if step["player"] == record.forfeit["player"]]
        assert len(mine) == 2


def test_command_line_mistakes_are_exit_status_2():
    for args, message in [
        (["tictactoe", "--player", RANDOM], "tictactoe has 2 players: give --player 2 times, not 1"),
        (["tictactoe", "--player", RANDOM, "--player", RANDOM, "--games", "0"], "--games must be at least 1"),
        (["tictactoe", "--player", RANDOM, "--player", RANDOM, "--time-per-move", "soon"], "--time-per-move"),
        (["tictactoe", "--rows", "3", "--player", RANDOM, "--player", RANDOM], "unknown option '--rows'"),
        (["chess", "--player", RANDOM, "--player", RANDOM], "unknown game 'chess'"),
    ]:
        done = match(*args)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)


# -- games that are not two-player perfect information ---------------------------------------


def test_hidden_information_reaches_only_its_owner(tmp_path):
    """Each spy sees only its own views: never the other card, never the other player's moves."""
    game = Peek()
    logs = [tmp_path / "spy1.log", tmp_path / "spy2.log"]
    referee = Match(game, [f"{PYTHON} {ROOT}/tests/players/spy.py {log}" for log in logs], games=6, seed=11)
    records = referee.play()
    expected: list[list[str]] = [[], []]
    for record in records:
        position = game.parse_position(record.start)
        for step in record.moves:
            mover = game.to_move(position)
            if mover != CHANCE:
                program = record.seats[mover]
                expected[program] += [f"setposition {game.view(position, mover)}",
                                       f"legal_moves {' '.join(game.moves(position))}",
                                       f"genmove {game.player_names[mover]}"]
            position = game.play(position, game.parse_move(position, step["move"]))
    for program, log in enumerate(logs):
        received = [line.split(" ", 1)[1] for line in log.read_text().splitlines() if line[0].isdigit()]
        assert [line for line in received if not line.startswith("game ")] == expected[program]
    deals = {record.moves[0]["move"] + record.moves[1]["move"] for record in records}
    assert len(deals) > 1  # the referee dealt, from its seed
    again = Match(game, [RANDOM, RANDOM], games=6, seed=11).play()
    assert [r.moves[:2] for r in again] == [r.moves[:2] for r in records]


def test_three_players_rotate_seats():
    referee = Match(Race3(), [RANDOM, FIRST, f"{RANDOM} --seed 5"], games=3)
    records = referee.play()
    assert [r.seats for r in records] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    for record in records:
        assert record.forfeit is None and max(record.utilities) == 1
    assert sum(s.wins for s in referee.standings) == 3
    assert sum(s.losses for s in referee.standings) == 6


def test_a_one_player_puzzle():
    referee = Match(Reach(), [FIRST], games=2)
    records = referee.play()
    assert [r.result for r in records] == ["solved", "solved"]  # 1+1+1+1+1 = 5
    assert vars(referee.standings[0]) == {"wins": 2, "losses": 0, "ties": 0, "forfeits": 0}


def test_the_move_limit_stops_endless_games():
    referee = Match(make_game("chopsticks"), [FIRST, FIRST], games=1, max_moves=12)
    (record,) = referee.play()
    assert len(record.moves) <= 12
    if len(record.moves) == 12:
        assert record.result == "stopped at the move limit (12)"
        assert [vars(s)["ties"] for s in referee.standings] == [1, 1]


@pytest.mark.parametrize("name", game_names())
def test_random_players_finish_a_game_of_every_game(name):
    """Every registered game, default variant, its number of random players: no forfeits."""
    game = make_game(name)
    players = [f"{RANDOM} --seed {seat}" for seat in range(game.players)]
    referee = Match(game, players, games=1, seed=3, max_moves=80)
    (record,) = referee.play()
    assert record.forfeit is None, record.forfeit
    replay(game, record.as_json(game))


def test_the_engine_plays_poker_from_its_views():
    referee = Match(make_game("poker"), [f"{ENGINE} poker --strategy call", RANDOM, FIRST], games=1, max_moves=60)
    (record,) = referee.play()
    assert record.forfeit is None, record.forfeit


def test_a_program_that_stops_reading_cannot_block_the_referee():
    blind = "import sys, time\nwhile True:\n    sys.stdout.write('=\\n\\n'); sys.stdout.flush(); time.sleep(0.01)"
    program = Program(1, f'{PYTHON} -c "{blind}"')  # it answers everything, and reads nothing
    program.start()
    started = time.monotonic()
    try:
        with pytest.raises(PlayerFailure, match="timed out: did not read setposition within 0.5 s"):
            for _ in range(100):  # far more than a pipe holds
                program.ask("setposition " + "x" * 60000, time.monotonic() + 0.5, 0.5)
    finally:
        program.stop(gently=False)
    assert time.monotonic() - started < 10
