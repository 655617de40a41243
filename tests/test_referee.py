"""The referee: matches between real programs, well-behaved and not; every match ends."""
import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamesman.contract.game import CHANCE
from gamesman.contract.registry import game_names, make_game
from gamesman.protocol.referee import PLAYER_FAILED, Match, PlayerFailure, Program
from processes import running
from protocol_toys import Coins, Peek, Race3, Reach

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
RANDOM = f"{PYTHON} {ROOT}/protocol/examples/random_player.py"
FIRST = f"sh {ROOT}/protocol/examples/first_move.sh"
ENGINE = f"{PYTHON} -m gamesman protocol"
MISBEHAVE = f"{PYTHON} {ROOT}/tests/players/misbehave.py"


def match(*args):
    return subprocess.run([PYTHON, "-m", "gamesman", "match", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def table(output: str) -> dict[int, dict[str, str]]:
    """Player number -> {column: text}, from the results table (the command is left out)."""
    header, *lines = output.split("\nplayer  ", 1)[1].splitlines()
    columns = re.split(r"  +", header.replace("mean score", "mean_score").replace("best score", "best_score"))
    rows = {}
    for line in lines:
        if not line.strip()[:1].isdigit():
            break
        words = line.split()
        rows[int(words[0])] = dict(zip(columns[:-1], words[1:len(columns)]))
    return rows


def table_rows(output: str) -> dict[int, list[int]]:
    """Player number -> [wins, losses, ties, forfeits], from the results table."""
    return {number: [int(row[key]) for key in ("wins", "losses", "ties", "forfeits")]
            for number, row in table(output).items()}


def standing(referee: Match, program: int) -> dict[str, int]:
    return {key: getattr(referee.standings[program], key) for key in ("wins", "losses", "ties", "forfeits")}


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
    record = tmp_path / "gamesman.games.jsonl"
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


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs a device that is always full")
def test_a_record_the_disk_cannot_take_is_said_of_the_record():
    done = match("tictactoe", "--player", f"{RANDOM} --seed 1", "--player", FIRST, "--games", "2",
                 "--record", "/dev/full")
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == ("gamesman: cannot write the record to /dev/full after game 1:"
                                                   " No space left on device")
    assert "game 1:" in done.stdout and "game 2:" not in done.stdout


def test_the_log_keeps_each_players_stderr_after_a_line_naming_it(tmp_path):
    log = tmp_path / "players.log"
    talker = f"sh -c 'echo hello from two >&2; exec {FIRST}'"
    done = match("tictactoe", "--player", f"{RANDOM} --seed 1", "--player", talker, "--log", str(log))
    assert done.returncode == 0, done.stderr
    lines = log.read_text().splitlines()
    assert lines.index(f"gamesman match: player 2 started: {talker}") < lines.index("hello from two")
    assert f"gamesman match: player 1 started: {RANDOM} --seed 1" in lines


@pytest.mark.parametrize("path, reason", [("/dev/full", "No space left on device"),
                                          ("missing/players.log", "No such file or directory")])
def test_a_log_that_cannot_be_written_is_said_before_any_game(path, reason):
    if not os.path.exists("/dev/full") and path == "/dev/full":
        pytest.skip("needs a device that is always full")
    done = match("tictactoe", "--player", f"{RANDOM} --seed 1", "--player", FIRST, "--log", path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"gamesman: cannot write the log {path}: {reason}"
    assert "game 1:" not in done.stdout


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
    """The bad player (program 1) forfeits every game, whichever side it plays; the match ends
    (the player that hangs sleeps for an hour: a referee that waited for it would not return)."""
    game = make_game("tictactoe")
    referee = Match(game, [f"{MISBEHAVE} {mode} 1", f"{RANDOM} --seed 2"], games=2, time_per_move=0.5)
    records = referee.play()
    for record in records:
        assert record.forfeit is not None and record.forfeit["program"] == 1
        assert reason in record.forfeit["reason"], record.forfeit
        loser = record.seats.index(0)
        assert record.utilities[loser] == -1 and record.utilities[1 - loser] == 1
    assert [standing(referee, 0), standing(referee, 1)] == [
        {"wins": 0, "losses": 2, "ties": 0, "forfeits": 2}, {"wins": 2, "losses": 0, "ties": 0, "forfeits": 0}]
    assert referee.table().splitlines()[-1].startswith("  game 2: player 1 (o): ")


def test_a_silent_player_does_not_hang_the_referee():
    """It never answers, so the match ends only if the referee stops waiting at the time limit."""
    referee = Match(make_game("nim"), [f"{MISBEHAVE} silent", RANDOM], games=1, time_per_move=0.3,
                    startup_allowance=0.2)
    (record,) = referee.play()
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
        (["tictactoe", "--player", RANDOM, "--player", RANDOM, "--time-per-move", "1e9"],
         "--time-per-move must be more than 0 and less than 1,000,000 seconds, not 1e9"),
        (["tictactoe", "--rows", "3", "--player", RANDOM, "--player", RANDOM], "unknown option '--rows'"),
        (["chess", "--player", RANDOM, "--player", RANDOM], "unknown game 'chess'"),
    ]:
        done = match(*args)
        assert done.returncode == 2 and message in done.stderr, (args, done.stderr)


# -- games that are not two-player perfect information ---------------------------------------


def spy_match(game, tmp_path, games: int, seed: int, random_moves: bool = False):
    """A match between spies that log every line they receive.

    Checks that each spy received exactly, and in order: ``game`` at the start of every
    game, then for each of its turns its own view, its legal moves and genmove, and
    ``quit`` at the end, each with an id (1, 2, ...).  Returns the records and, per
    program, its turns as (full position, player, the three lines it received).
    """
    logs = [tmp_path / f"spy{program + 1}.log" for program in range(game.players)]
    players = [f"{PYTHON} {ROOT}/tests/players/spy.py {log}" + (f" {program}" if random_moves else "")
               for program, log in enumerate(logs)]
    records = Match(game, players, games=games, seed=seed).play()
    turns: list[list[tuple]] = [[] for _ in logs]
    expected: list[list[str]] = [[] for _ in logs]
    for record in records:
        assert record.forfeit is None, record.forfeit
        for program in record.seats:
            expected[program].append(referee_game_command(game))
        position = game.parse_position(record.start)
        for step in record.moves:
            mover = game.to_move(position)
            if mover != CHANCE:
                program = record.seats[mover]
                lines = [f"setposition {game.view(position, mover)}",
                         "legal_moves " + " ".join(game.format_move(position, m) for m in game.moves(position)),
                         f"genmove {game.player_names[mover]}"]
                expected[program] += lines
                turns[program].append((position, mover, lines))
            position = game.play(position, game.parse_move(position, step["move"]))
    for program, log in enumerate(logs):
        received = log.read_text().splitlines()
        assert [line.split(" ", 1)[0] for line in received] == [str(i) for i in range(1, len(received) + 1)]
        assert [line.split(" ", 1)[1] for line in received] == expected[program] + ["quit"]
    return records, turns


def referee_game_command(game) -> str:
    return "game " + game.name + "".join(f" {key}={str(value).lower() if isinstance(value, bool) else value}"
                                          for key, value in game.settings.items())


def test_hidden_information_reaches_only_its_owner(tmp_path):
    """Each spy sees only its own views: never the other card, never the other player's moves."""
    game = Peek()
    records, turns = spy_match(game, tmp_path, games=6, seed=11)
    for program_turns in turns:
        for position, mover, lines in program_turns:
            cards = lines[0].split()[2]
            assert cards[mover] == position[0][mover] and cards[1 - mover] == "?"
    deals = {record.moves[0]["move"] + record.moves[1]["move"] for record in records}
    assert len(deals) > 1  # the referee dealt, from its seed
    again = Match(game, [RANDOM, RANDOM], games=6, seed=11).play()
    assert [r.moves[:2] for r in again] == [r.moves[:2] for r in records]


CARD = re.compile(r"[2-9TJQKA][cdhs]")


def test_poker_players_never_receive_a_hidden_card(tmp_path):
    """Several seeded games of three-handed poker: every line a player receives holds no card
    but its own hole cards, the board and the hands shown at the last showdown (public, and
    as the referee's full position has them); the other hands are written ``??``."""
    game = make_game("poker", players=3, chips=60, min_bet=10)
    records, turns = spy_match(game, tmp_path, games=4, seed=5, random_moves=True)
    assert sum(len(program_turns) for program_turns in turns) > 30
    streets = set()
    for program_turns in turns:
        for table, mover, lines in program_turns:
            own, board = table.holes[mover], table.board
            fields = dict(word.split("=", 1) for word in lines[0].strip("()").split() if "=" in word)
            full = dict(word.split("=", 1) for word in game.format_position(table).strip("()").split() if "=" in word)
            shown = full.get("last", "")
            assert fields.get("last", "") == shown
            assert fields["board"] == (board or "-") and fields["cards"].split(",")[mover] == own
            assert all(set(hole) <= set("?-") for q, hole in enumerate(fields["cards"].split(",")) if q != mover)
            for line in lines:
                assert set(CARD.findall(line)) <= set(CARD.findall(own + board + shown)), line
            streets.add(len(board) // 2)
    assert streets == {0, 3, 4, 5}  # players were asked on every street


def test_beverbende_players_never_see_an_unknown_card(tmp_path):
    """Several seeded games: in every view a player receives, each card it does not know is
    ``?``, every card it knows is shown, and the closed deck is only a count."""
    game = make_game("beverbende")
    records, turns = spy_match(game, tmp_path, games=3, seed=2, random_moves=True)
    hidden_seen = known_seen = 0
    for program_turns in turns:
        for table, mover, lines in program_turns:
            fields = dict(word.split("=", 1) for word in lines[0].strip("()").split() if "=" in word)
            memory = table.known[mover]
            shown = "".join(fields["hands"].split(","))
            for index, card in enumerate("".join(table.hands)):
                assert shown[index] == (card if memory[index] == "x" or card == "-" else "?"), lines[0]
            hidden_seen += shown.count("?")
            known_seen += sum(card.isdigit() or card in "gps" for card in shown)
            assert fields["closed"].isdigit() and int(fields["closed"]) == len(table.closed.strip("-"))
            for line in lines[1:]:
                assert not set(line.split()[1:]) & set("0123456789gps"), line  # moves name no card
    assert hidden_seen > 100 and known_seen > 100


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
    assert standing(referee, 0) == {"wins": 2, "losses": 0, "ties": 0, "forfeits": 0}
    assert table(referee.table())[1]["utility"] == "+1.00"


def test_the_move_limit_stops_endless_games():
    referee = Match(make_game("chopsticks"), [FIRST, FIRST], games=1, max_moves=12)
    (record,) = referee.play()
    assert len(record.moves) <= 12
    if len(record.moves) == 12:
        assert record.result == "stopped at the move limit (12)"
        assert [s.ties for s in referee.standings] == [1, 1]
        assert [row["utility"] for row in table(referee.table()).values()] == ["-", "-"]  # no game ended


@pytest.mark.parametrize("name", game_names())
def test_random_players_finish_a_game_of_every_game(name):
    """Every registered game, default variant, its number of random players: no forfeits."""
    game = make_game(name)
    players = [f"{RANDOM} --seed {seat}" for seat in range(game.players)]
    referee = Match(game, players, games=1, seed=3, max_moves=80)
    (record,) = referee.play()
    assert record.forfeit is None, record.forfeit
    replay(game, record.as_json(game))


@pytest.mark.slow
def test_the_engine_plays_poker_from_its_views():
    referee = Match(make_game("poker"), [f"{ENGINE} poker --strategy call", RANDOM, FIRST], games=1, max_moves=60)
    (record,) = referee.play()
    assert record.forfeit is None, record.forfeit


def test_the_engine_plays_beverbende_from_its_views(tmp_path):
    """The engine, given only views and legal moves, plays whole games with its own strategy."""
    log = tmp_path / "engine.log"
    referee = Match(make_game("beverbende"), [f"{ENGINE} beverbende --strategy humanlike", RANDOM, FIRST],
                    games=2, seed=4, log=str(log))
    records = referee.play()
    for record in records:
        assert record.forfeit is None and record.ended, record.result
    engine_turns = sum(1 for record in records for step in record.moves
                       if step["player"] == f"p{record.seats.index(0) + 1}")
    said = [line for line in log.read_text().splitlines() if line.startswith("genmove ")]
    assert len(said) == engine_turns and all(": humanlike: " in line for line in said)


@pytest.mark.slow
def test_poker_between_two_programs_plays_whole_games(tmp_path):
    """A poker match between two outside programs: every game played until one player has every chip."""
    record = tmp_path / "gamesman.games.jsonl"
    done = match("poker", "--players", "2", "--chips", "40", "--player", f"{RANDOM} --seed 1",
                 "--player", f"{ENGINE} poker --strategy call", "--games", "4", "--seed", "8",
                 "--record", str(record))
    assert done.returncode == 0, done.stderr
    game = make_game("poker", players=2, chips=40)
    games = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(games) == 4
    buttons = []
    for entry in games:
        assert entry["forfeit"] is None
        end = replay(game, entry)
        assert sorted(end.start_chips) == [0, 80] and entry["utilities"] == list(game.outcome(end))
        buttons.append({step["position"].split()[2] for step in entry["moves"]})
    assert max(len(moved) for moved in buttons) > 1  # the button moved: games of several hands
    rows = table(done.stdout)
    wins = [int(rows[program]["wins"]) for program in (1, 2)]
    assert sum(wins) == 4 and [int(rows[p]["losses"]) for p in (1, 2)] == wins[::-1]
    assert rows[2]["utility"] == f"{wins[1] / 4:+.2f}"  # the winner's utility is 1, the loser's 0


def test_a_puzzle_scored_by_points_reports_scores():
    """2048 without a target scores points: the table gives the mean and best score, not wins."""
    referee = Match(make_game("2048", rows=2, cols=2), [FIRST], games=3, seed=1)
    records = referee.play()
    scores = [record.utilities[0] for record in records]
    assert all(record.ended and f"score {record.utilities[0]:g}" in record.result for record in records)
    assert referee.scored and referee.standings[0].wins == 0
    row = table(referee.table())[1]
    assert row["games"] == "3" and row["ended"] == "3"
    assert row["mean_score"] == f"{sum(scores) / 3:.1f}" and row["best_score"] == f"{max(scores):g}"
    target = Match(make_game("2048", rows=2, cols=2, target=16), [FIRST], games=3, seed=1)
    solved = sum(record.utilities[0] == 1 for record in target.play())
    assert not target.scored and standing(target, 0) == {"wins": solved, "losses": 3 - solved, "ties": 0,
                                                         "forfeits": 0}


def test_chips_won_per_hand():
    """A game played in hands reports them; the table gives each program's chips won per hand."""
    game = Coins()
    referee = Match(game, [f"{RANDOM} --seed 1", FIRST], games=4, seed=6)
    records = referee.play()
    chips, hands = [0.0, 0.0], [0, 0]
    for record in records:
        position = game.parse_position(record.start)
        counted, won = 0, [0, 0]
        for step in record.moves:
            after = game.play(position, game.parse_move(position, step["move"]))
            if after[3] == "bet":  # a new hand starts: the last one ended
                counted += 1
                won = [won[0] + after[0] - position[0], won[1] + after[1] - position[1]]
            position = after
        assert record.hands == counted and record.chips == won and sum(won) == 0
        assert record.as_json(game)["hands"] == counted
        for player, program in enumerate(record.seats):
            chips[program] += won[player]
            hands[program] += counted
    rows = table(referee.table())
    assert [rows[p]["chips/hand"] for p in (1, 2)] == [f"{chips[p] / hands[p]:+.2f}" for p in (0, 1)]
    assert hands[0] > 4


def test_a_program_that_stops_reading_cannot_block_the_referee():
    """Once the pipe to it is full, a referee that wrote without a deadline would wait for ever."""
    blind = "import sys, time\nwhile True:\n    sys.stdout.write('=\\n\\n'); sys.stdout.flush(); time.sleep(0.01)"
    program = Program(1, f'{PYTHON} -c "{blind}"')  # it answers everything, and reads nothing
    program.start()
    try:
        with pytest.raises(PlayerFailure, match="timed out: did not read setposition within 0.5 s"):
            for _ in range(100):  # far more than a pipe holds
                program.ask("setposition " + "x" * 60000, time.monotonic() + 0.5, 0.5)
    finally:
        program.stop(gently=False)


ESCAPER = """
import os, sys, time
if os.fork() == 0:  # a child in a session of its own, holding the output pipe open
    os.setsid()
    if os.fork() == 0:
        with open(sys.argv[1], "a") as pids:
            print(os.getpid(), file=pids)
        time.sleep(60)
    os._exit(0)
time.sleep(60)  # never answers: forfeited at the time limit
"""


@pytest.mark.slow
def test_a_player_whose_child_escapes_its_session_does_not_stall_the_match(tmp_path):
    """The forfeited player's process group is killed and its pipe no longer read, so the match
    ends within its time limit although a grandchild in a new session keeps the pipe open."""
    script, pids = tmp_path / "escaper.py", tmp_path / "pids"
    script.write_text(ESCAPER)
    escaped = []
    try:
        done = match("nim", "--player", f"{PYTHON} {script} {pids}", "--player", FIRST, "--games", "2",
                     "--time-per-move", "0.5")
    finally:
        for pid in pids.read_text().split() if pids.exists() else []:
            escaped.append(running(int(pid)))
            try:
                os.kill(int(pid), signal.SIGKILL)
            except ProcessLookupError:
                pass
    assert escaped and all(escaped)  # they hold the pipe for a minute: the match did not wait for them
    # it never answered its first command: a player that never started, reported and scored as forfeits
    assert done.returncode == PLAYER_FAILED and "never started: timed out" in done.stderr, done.stderr
    assert done.stdout.count("forfeit") >= 2


def test_a_player_that_never_starts_is_reported_and_the_match_fails(tmp_path):
    """With an exit status of its own: not 1 (an internal failure) nor 2 (bad input)."""
    done = match("nim", "--player", "./no-such-player", "--player", FIRST, "--games", "2")
    assert done.returncode == PLAYER_FAILED == 3
    assert done.stderr == ("gamesman: player 1 (./no-such-player) never started: "
                           "crashed: exit status 127 (command not found)\n")
    crashing = match("tictactoe", "--player", f"{MISBEHAVE} crash 2", "--player", FIRST, "--games", "1")
    assert crashing.returncode == 0 and crashing.stderr == ""  # it started, then crashed: a forfeit
