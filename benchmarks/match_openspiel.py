"""gamesman's default search players against OpenSpiel's MCTS bot, refereed by ``gamesman match``.

    pip install -e '.[bench]'          # open_spiel
    python benchmarks/match_openspiel.py [--games N] [--time SECONDS] [--record DIR] [GAME ...]
    python benchmarks/match_openspiel.py --tally FILE ...

For each game (Hex 11x11 and Othello 8x8 unless named: ``hex``, ``othello``,
``connectfour`` (6x7), ``tictactoe``), the game's own search player (``gamesman protocol`` with the
game's ``search_strategy`` on a time budget of SECONDS a move) plays N games
against ``benchmarks/openspiel_mcts_player.py`` (OpenSpiel's C++ MCTS, random
rollouts, exploration 2, the same SECONDS a move); ``gamesman match`` alternates
the colours.  The score counts a win 1 and a tie 1/2; the interval is Wilson's
95% score interval on the games played.  The referee allows each move 5 s more
than the budget (start-up); one move played before the match compiles the kernels.
With ``--record DIR`` each game is kept as it ends (``DIR/GAME.jsonl``), so a long
match can be scored while it runs, or after it was stopped, with ``--tally``.

A run on two cores shared with other work (load average about 7), 2026-11-24,
is in the README's performance section.
"""
from __future__ import annotations

import argparse
import json
import math
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

from gamesman.contract.registry import game_from_spec

GAMES = {
    "hex": "hex(size=11,swap=false)",
    "othello": "othello(rows=8,cols=8,misere=false,place_anywhere=false)",
    "tictactoe": "tictactoe(misere=false)",
    "connectfour": "connectfour(rows=6,cols=7,in_a_row=4,misere=false)",
}
PLAYER = Path(__file__).with_name("openspiel_mcts_player.py")


def wilson(score: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a share ``score`` of ``games``."""
    centre = (score + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(score * (1 - score) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(spec: str, games: int, seconds: float, record: Path) -> list[dict]:
    """Play the match, each game recorded in ``record`` (``gamesman match --record``) as it ends."""
    game = game_from_spec(spec)
    options = [f"--{key.replace('_', '-')}={str(value).lower()}" for key, value in game.settings.items()]
    ours = shlex.join([sys.executable, "-m", "gamesman", "protocol", game.name, *options,
                       "--strategy", f"{game.search_strategy} --time {seconds:g}"])
    theirs = shlex.join([sys.executable, str(PLAYER), "--time", f"{seconds:g}"])
    # one move first, so that numba compiles (or loads its cache) before any move is timed
    subprocess.run([sys.executable, "-m", "gamesman", "protocol", game.name, *options, "--strategy",
                    f"{game.search_strategy} 1"], input=b"genmove\nquit\n", stdout=subprocess.DEVNULL, check=True)
    command = [sys.executable, "-m", "gamesman", "match", game.name, *options, "--player", ours,
               "--player", theirs, "--games", str(games), "--time-per-move", f"{seconds + 5:g}",
               "--record", str(record)]
    subprocess.run(command, check=True, stdout=sys.stderr)
    return read_records(record)


def read_records(path: Path) -> list[dict]:
    """The games of a record file (a JSON line per game)."""
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def tally(spec: str, records: list[dict]) -> str:
    """The score line of gamesman's player (program 1 of the match) over ``records``."""
    won = tied = lost = 0
    for record in records:
        ours = list(record["players"].values()).index(1)  # program 1 is gamesman's player, by seat
        utilities = record["utilities"]
        best = max(utilities)
        if utilities[ours] < best:
            lost += 1
        elif utilities.count(best) > 1:
            tied += 1
        else:
            won += 1
    played = won + tied + lost
    if not played:
        return f"{spec:<58} no games yet"
    score = (won + tied / 2) / played
    low, high = wilson(score, played)
    return (f"{spec:<58} {game_from_spec(spec).search_strategy:<14} {played:>5} {won:>4} {tied:>4} {lost:>4} "
            f"{score:>6.0%}  {low:.0%} to {high:.0%}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--time", type=float, default=1.0)
    parser.add_argument("--record", type=Path, metavar="DIR", help="keep each game in DIR/GAME.jsonl")
    parser.add_argument("--tally", type=Path, nargs="+", metavar="FILE", help="score recorded games, play none")
    parser.add_argument("names", nargs="*", default=["hex", "othello"], help=", ".join(GAMES))
    options = parser.parse_args()
    header = (f"{'variant':<58} {'player':<14} {'games':>5} {'won':>4} {'tied':>4} {'lost':>4} {'score':>6}"
              "  95% interval")
    if options.tally:
        print(header)
        for path in options.tally:
            records = read_records(path)
            print(tally(records[0]["variant"] if records else path.stem, records))
        return 0
    print(f"gamesman's search player against OpenSpiel MCTS, {options.time:g} s a move, colours alternating")
    print(header, flush=True)
    with tempfile.TemporaryDirectory() as folder:
        keep = options.record or Path(folder)
        keep.mkdir(parents=True, exist_ok=True)
        for name in options.names:
            records = match(GAMES[name], options.games, options.time, keep / f"{name}.jsonl")
            print(tally(GAMES[name], records), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
