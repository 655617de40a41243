"""``gamesman bench``: the engine's speed and size, each figure beside a baseline of the same run.

Machines differ and are noisy, so every figure comes with a ratio to something
measured in the same run on the same machine:

* **solving**: each solvable default variant (and the docs' showcase) is
  solved from scratch in a fresh process, as GamesmanClassic is timed (whole
  process, nothing cached): positions, seconds, positions per second, peak
  memory, database bytes per position and value look-ups per second.  The
  baseline is the plain reference solver on the same variant (where it finishes
  within REFERENCE_LIMIT positions); GamesmanClassic's own figures, measured on
  a machine of this kind, are printed beside its four games;
* **playouts**: random games per second for every game (and Othello 8x8), by the rules
  (the baseline), on the game's compact form where it has one (compiled), and in OpenSpiel
  where it is installed (``pip install -e '.[bench]'``);
* **protocol**: round trips per second, beside a program that only echoes;
* **shell**: seconds until the shell has started and left, beside a bare
  ``python -c pass``.

``gamesman bench --quick`` keeps to variants that solve in seconds.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

from gamesman.contract.capabilities import compact_form
from gamesman.contract.errors import GameError
from gamesman.solver.results import Engine, engine_named

#: Variants with more positions than this are not solved again by the reference solver.
REFERENCE_LIMIT = 300_000
#: Value look-ups timed per solved variant.
LOOKUPS = 100_000
#: GamesmanClassic, whole process, ``--nodb --solve``, on a 2-core machine of this kind:
#: seconds and peak megabytes.
CLASSIC = {
    "othello(rows=4,cols=4,misere=false,place_anywhere=false)": (5.3, 135),
    "sim(nodes=6,players=2,coalition=none)": (1.3, 17),
    "connectfour(rows=4,cols=4,in_a_row=4,misere=false)": (0.06, None),
    "hex(size=3,swap=false)": (0.1, None),
}
#: Variants solved beyond the defaults and the showcase (the GamesmanClassic comparisons).
EXTRA = ["sim(nodes=6,players=2,coalition=none)", "connectfour(rows=4,cols=4,in_a_row=4,misere=false)",
         "connectfour(rows=5,cols=4,in_a_row=4,misere=false)", "connectfour(rows=4,cols=5,in_a_row=4,misere=false)"]
#: Only with ``--big``: minutes and gigabytes.
BIG = ["connectfour(rows=5,cols=5,in_a_row=4,misere=false)"]
#: Only with ``--huge``: the largest game solved here (about an hour, 10 GB of memory, 25 GB of disk).
HUGE = ["connectfour(rows=5,cols=6,in_a_row=4,misere=false)"]
#: A long solve says how far it is this often (seconds).
PROGRESS_SECONDS = 30
QUICK_LIMIT = 200_000
ECHO = "import sys\nfor line in sys.stdin:\n    sys.stdout.write('=\\n\\n'); sys.stdout.flush()\n"
PARTS = ("solve", "playouts", "protocol", "shell")

Report = Callable[[str], None]


def solve_specs(quick: bool, big: bool, huge: bool = False) -> list[str]:
    """The variants to solve: the docs' showcase, the defaults that are solvable, the extras."""
    from gamesman.contract.registry import game_class, game_names
    from gamesman.dev.showcase import showcase_games

    specs = [game.spec for game in showcase_games()]
    for name in game_names():
        game = game_class(name)()
        if game.capabilities.solvable and game.spec not in specs and game.players <= 2:
            specs.append(game.spec)
    specs += [spec for spec in EXTRA + (BIG if big else []) + (HUGE if huge else []) if spec not in specs]
    if quick:
        specs = [spec for spec in specs if spec in CLASSIC or _small(spec)]
    return specs


def _small(spec: str) -> bool:
    """Whether a variant is quick to solve (by a bounded look at its size)."""
    from gamesman.contract.registry import game_from_spec
    from gamesman.solver.strong import Solver, TooLarge

    game = game_from_spec(spec)
    try:
        Solver(game, database=None, limit=QUICK_LIMIT).solve()
    except TooLarge:
        return False
    return True


# -- solving, in a fresh process -----------------------------------------------------------
def child_main(spec: str, engine: Engine, cache: str) -> None:
    """Run in the measured process: solve, then report the answer on stdout as JSON."""
    from gamesman.solver.database import Database
    from gamesman.contract.registry import game_from_spec
    from gamesman.solver.strong import Solver

    game = game_from_spec(spec)
    said = [time.perf_counter()]

    def progress(stage: str, done: int, total: int | None) -> None:
        """A line on stderr every PROGRESS_SECONDS (the bench passes it on): long solves show progress."""
        if time.perf_counter() - said[0] >= PROGRESS_SECONDS:
            said[0] = time.perf_counter()
            print(f"bench:   {stage} {done:,}" + (f" of {total:,}" if total else ""), file=sys.stderr, flush=True)

    solver = Solver(game, database=Database(Path(cache)), engine=engine, progress=progress)
    started = time.perf_counter()
    solver.solve()  # the whole graph, as the docs' table counts it (even where the game
    result = solver.result(game.start())  # answers from a table of its own)
    seconds = time.perf_counter() - started
    alike = solver.engine == "fast" and game.capabilities.symmetries  # one position of each set alike kept
    print(json.dumps({"result": str(result), "positions": len(solver.table), "solve_seconds": seconds,
                      "megabytes": peak_megabytes(), "engine": solver.engine, "up_to_symmetry": alike}))


def peak_megabytes() -> float:
    """This process's peak memory: the kernel's high-water mark of this program (not of
    the process it was forked from), else the resource count."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def lookups_per_second(spec: str, engine: Engine, cache: str, rng: random.Random) -> float:
    """Value look-ups per second from a database already on disk (loaded as a user would)."""
    from gamesman.solver.database import Database
    from gamesman.contract.registry import game_from_spec
    from gamesman.solver.strong import Solver

    game = game_from_spec(spec)
    solver = Solver(game, database=Database(Path(cache)), engine=engine)
    solver.solve()  # loads the database (solving nothing again)
    picks = positions_met(game, 2000, rng)  # not a list of all positions: some games have billions
    picks = (picks * (LOOKUPS // len(picks) + 1))[:LOOKUPS]
    started = time.perf_counter()
    for position in picks:
        solver.result(position)
    return LOOKUPS / (time.perf_counter() - started)


def positions_met(game, count: int, rng: random.Random) -> list:
    """``count`` positions met on random walks from the start (of up to 200 moves each)."""
    from gamesman.players.play import next_random

    met: list = []
    while len(met) < count:
        position = game.start()
        for _ in range(rng.randrange(1, 200)):
            met.append(position)
            if game.outcome(position) is not None:
                break
            position = next_random(game, position, rng)
    return met[:count]


def run_solve(spec: str, engine: Engine) -> dict:
    """Solve in a fresh process: the answer, wall seconds of the whole process and of the
    solve alone, peak memory, the database's size and look-ups per second from it."""
    with tempfile.TemporaryDirectory() as cache:
        command = [sys.executable, "-m", "gamesman.dev.bench", "--child", spec, engine, cache]
        started = time.perf_counter()
        done = subprocess.run(command, stdout=subprocess.PIPE)
        seconds = time.perf_counter() - started
        if done.returncode != 0:
            raise GameError(f"bench: solving {spec} with the {engine} engine failed (exit {done.returncode})")
        answer = json.loads(done.stdout)
        files = list(Path(cache).rglob("*.db"))  # a database in parts: its index and its parts
        answer.update(seconds=seconds, bytes=sum(path.stat().st_size for path in files),
                      lookups=lookups_per_second(spec, engine, cache, random.Random(1)))
    return answer


def bytes_per_position(answer: dict) -> str:
    """The database's bytes per position, or "-" when the variant was too small to be saved."""
    return f"{answer['bytes'] / answer['positions']:.2f}" if answer["bytes"] else "-"


def bench_solving(specs: list[str], report: Report) -> None:
    report("Solving, each from scratch in a fresh process (baseline: the reference solver)")
    report("  (seconds: the whole process, then the solve alone; pos/s by the solve alone)")
    report(f"{'variant':<62} {'value':>10} {'positions':>11} {'seconds':>8} {'solve':>7} {'pos/s':>10} "
           f"{'MB':>6} {'B/pos':>6} {'lookups/s':>10}  baseline")
    for spec in specs:
        print(f"bench: solving {spec}", file=sys.stderr, flush=True)
        fast = run_solve(spec, "fast")
        line = (f"{spec:<62} {fast['result']:>10} {fast['positions']:>11,} {fast['seconds']:>8.2f} "
                f"{fast['solve_seconds']:>7.2f} {fast['positions'] / fast['solve_seconds']:>10,.0f} "
                f"{fast['megabytes']:>6.0f} {bytes_per_position(fast):>6} {fast['lookups']:>10,.0f}")
        notes = [] if fast["engine"] == "fast" else ["(the reference solver: max^n, chance, or no position codes)"]
        if fast["up_to_symmetry"]:
            notes.append("positions up to symmetry (the reference solver keeps every one)")
        if fast["positions"] <= REFERENCE_LIMIT and fast["engine"] == "fast":
            reference = run_solve(spec, "reference")
            counted_alike = fast["up_to_symmetry"] or reference["positions"] == fast["positions"]
            if reference["result"] != fast["result"] or not counted_alike:
                raise GameError(f"bench: the engines disagree on {spec}: {fast['result']} vs {reference['result']}")
            notes.append(f"reference {reference['seconds']:.2f}s ({reference['solve_seconds']:.2f}s): "
                         f"speed x{reference['solve_seconds'] / fast['solve_seconds']:.1f}, "
                         f"{reference['megabytes'] / fast['megabytes']:.1f}x less memory, "
                         f"{reference['bytes'] / max(fast['bytes'], 1):.1f}x smaller database, "
                         f"look-ups x{fast['lookups'] / reference['lookups']:.2f}")
        if spec in CLASSIC:
            seconds, megabytes = CLASSIC[spec]
            memory = f", {megabytes} MB" if megabytes else ""
            notes.append(f"GamesmanClassic {seconds}s{memory}: x{seconds / fast['seconds']:.2f} its speed")
        report(line + ("  " + "; ".join(notes) if notes else ""))


# -- playouts, protocol, shell ---------------------------------------------------------------
#: Variants whose random games are also timed beyond the defaults: at their real size, and the
#: three-player variants too large to solve, whose search player is Monte-Carlo tree search.
REAL_SIZES = ["othello(rows=8,cols=8,misere=false,place_anywhere=false)", "sim(nodes=6,players=3,coalition=none)",
              "nim3p(heaps=5,size=20,extra=false)"]
#: The same games in OpenSpiel (``pip install open_spiel``; the ``bench`` extra), timed beside ours.
OPENSPIEL = {
    "tictactoe(misere=false)": "tic_tac_toe",
    "othello(rows=8,cols=8,misere=false,place_anywhere=false)": "othello",
    "hex(size=11,swap=false)": "hex(board_size=11)",
    "connectfour(rows=6,cols=7,in_a_row=4,misere=false)": "connect_four",
    "2048(rows=4,cols=4,target=0)": "2048",
}


def timed(play_one: Callable[[int], int], seconds: float) -> tuple[float, float]:
    """Games and moves per second of ``play_one(seed)`` (it plays one game and returns its moves)."""
    games = moves = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        moves += play_one(games)
        games += 1
    elapsed = time.perf_counter() - started
    return games / elapsed, moves / elapsed


def rules_playout(game, rng: random.Random) -> Callable[[int], int]:
    """One random game by ``moves`` and ``play`` (chance by its probabilities): the plain loop."""
    from gamesman.players.play import next_random

    def play_one(_: int) -> int:
        position, moves = game.start(), 0
        while game.outcome(position) is None:
            position = next_random(game, position, rng)
            moves += 1
        return moves
    return play_one


def compact_playout(game) -> Callable[[int], int] | None:
    """One random game on the game's compact form, as a search plays it (one call a game)."""
    if not game.capabilities.compact_playouts:
        return None
    compact = compact_form(game).compact_playouts()
    start = game.start()
    compact.utilities(start, 0)  # compiled (or loaded from the cache) before the clock starts

    def play_one(seed: int) -> int:
        compact.utilities(start, seed)
        return 0  # the moves are not counted: a search asks only for the end
    return play_one


def openspiel_playout(name: str, rng: random.Random) -> Callable[[int], int] | None:
    """One random game of OpenSpiel's version of the game (C++ called from Python), or None
    when open_spiel is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game(name)

    def play_one(_: int) -> int:
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves
    return play_one


def bench_playouts(seconds: float, report: Report) -> None:
    from gamesman.contract.registry import game_from_spec, game_names, make_game

    report(f"Random games per second, {seconds:g} s each: by the rules (moves and play, the baseline), "
           f"on the compact form (compiled), and OpenSpiel's")
    games = [make_game(name) for name in game_names()] + [game_from_spec(spec) for spec in REAL_SIZES]
    width = min(60, max(len(game.spec) for game in games))  # longer specs push their line right
    report(f"{'variant':<{width}} {'rules':>9} {'compact':>10} {'x rules':>8} {'OpenSpiel':>10} {'x OpenSpiel':>12}")
    for game in games:
        if game.outcome(game.start()) is not None:
            report(f"{game.spec:<{width}} {'the variant starts solved':>30}")
            continue
        rules, _ = timed(rules_playout(game, random.Random(1)), seconds)
        line = f"{game.spec:<{width}} {rules:>9,.0f}"
        fast = compact_playout(game)
        compact = timed(fast, seconds)[0] if fast is not None else None
        line += f" {compact:>10,.0f} {compact / rules:>8.1f}" if compact else f" {'-':>10} {'':>8}"
        theirs = openspiel_playout(OPENSPIEL[game.spec], random.Random(1)) if game.spec in OPENSPIEL else None
        if theirs is not None:
            openspiel, _ = timed(theirs, seconds)
            ours = compact or rules
            line += f" {openspiel:>10,.0f} {ours / openspiel:>12.2f}"
        report(line.rstrip())


def round_trips_per_second(command: list[str], line: bytes, count: int) -> float:
    """Send one line, read its whole reply (up to the empty line), ``count`` times."""
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
    assert process.stdin is not None and process.stdout is not None  # both are pipes
    started = time.perf_counter()
    for _ in range(count):
        process.stdin.write(line)
        reply = b""
        while not reply.endswith(b"\n\n"):
            reply += os.read(process.stdout.fileno(), 65536)
    elapsed = time.perf_counter() - started
    process.stdin.close()
    process.wait()
    return count / elapsed


def bench_protocol(count: int, report: Report) -> None:
    report("Protocol round trips (baseline: a program that only echoes)")
    echo = round_trips_per_second([sys.executable, "-c", ECHO], b"name\n", count)
    engine = [sys.executable, "-m", "gamesman", "protocol", "tictactoe"]
    for line in (b"protocol_version\n", b"moves\n", b"value\n"):
        rate = round_trips_per_second(engine, line, count)
        report(f"  {line.decode().strip():<18} {rate:>10,.0f}/s   echo {echo:,.0f}/s: {rate / echo:.2f} of it")


def seconds_to_run(command: list[str], text: bytes, repeat: int) -> float:
    """The fastest of ``repeat`` runs of a command fed ``text``."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        subprocess.run(command, input=text, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - started)
    return best


def bench_shell(report: Report) -> None:
    report("Shell start-up: start, quit (baseline: python -c pass)")
    bare = seconds_to_run([sys.executable, "-c", "pass"], b"", 5)
    shell = seconds_to_run([sys.executable, "-m", "gamesman"], b"quit\n", 5)
    report(f"  shell {shell:.3f}s, bare python {bare:.3f}s: {shell / bare:.1f}x, {shell - bare:.3f}s of our own")


# -- the command --------------------------------------------------------------------------------
USAGE = ("usage: gamesman bench [--quick] [--big] [--huge] [--variant SPEC ...] "
         "[--only solve,playouts,protocol,shell]")


def main(args: list[str]) -> int:
    """``gamesman bench``: print every figure with its baseline."""
    from gamesman.contract.registry import game_from_spec

    if args[:1] == ["--child"] and len(args) == 4:
        child_main(args[1], engine_named(args[2]), args[3])
        return 0
    quick = big = huge = False
    variants: list[str] = []
    parts = list(PARTS)
    words = list(args)
    while words:
        word = words.pop(0)
        if word == "--quick":
            quick = True
        elif word == "--big":
            big = True
        elif word == "--huge":
            huge = True
        elif word == "--variant" and words:
            variants.append(game_from_spec(words.pop(0)).spec)  # checked, and written as the game writes it
        elif word == "--only" and words:
            parts = words.pop(0).split(",")
            unknown = [part for part in parts if part not in PARTS]
            if unknown:
                raise GameError(f"bench: unknown part {unknown[0]!r} ({', '.join(PARTS)})")
        else:
            raise GameError(f"bench: unexpected {word!r}; {USAGE}")

    def report(line: str) -> None:
        print(line, flush=True)

    if "solve" in parts:
        bench_solving(variants or solve_specs(quick, big, huge), report)
        report("")
    if "playouts" in parts:
        bench_playouts(0.5 if quick else 2.0, report)
        report("")
    if "protocol" in parts:
        bench_protocol(300 if quick else 2000, report)
        report("")
    if "shell" in parts:
        bench_shell(report)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
