"""A database found damaged while a door runs on (the shell, the protocol, the web): the
solver says so in one line, solves the variant again and answers right; no later question
is refused, and no reply says "unsolved" where the database answered before."""
import threading
from pathlib import Path

import pytest

from gamesman.contract.capabilities import position_codes
from gamesman.contract.registry import make_game
from gamesman.doors.shell import Shell
from gamesman.solver.database import Database
from gamesman.solver.store import BLOCK_VARIABLE, read_store
from gamesman.solver.strong import Solver
from protocol.engine import Engine


def flip(path: Path, at: int) -> None:
    """Flip a bit of byte ``at`` of a file, in place (a door may have it mapped)."""
    with open(path, "r+b") as file:
        file.seek(at)
        byte = file.read(1)
        file.seek(at)
        file.write(bytes([byte[0] ^ 0x10]))


class Damaged:
    """Tic-tac-toe's database in blocks of 256 positions, each block but the first damaged
    (the header and the index are sound, so the file is read), solved from ``root`` (by
    default the start); ``positions``: one position of each damaged block, ``path``: the file."""

    def __init__(self, root: str | None = None) -> None:
        self.game = make_game("tictactoe")
        solver = Solver(self.game)
        solver.solve(None if root is None else self.game.parse_position(root))
        self.path = Database.default().path(self.game.spec)
        store = read_store(self.path, self.game.spec, solver.table.stamp)
        assert store is not None and len(store.block_ends) >= 3
        decode = position_codes(self.game).decode
        self.positions = [decode(int(first)) for first in store.block_firsts[1:]]
        blocks_start = self.path.stat().st_size - len(store.arrays["payload"])
        for end in store.block_ends[:-1].tolist():
            flip(self.path, blocks_start + end + 5)

    def text(self, position) -> str:
        return self.game.format_position(position)

    def expected(self, position) -> str:
        return str(Solver(self.game, database=None).result(position))


@pytest.fixture
def small_blocks(tmp_path: Path, monkeypatch) -> None:
    """A cache of this test's own, whose databases are written in blocks of 256 positions."""
    monkeypatch.setenv("GAMESMAN_CACHE", str(tmp_path))
    monkeypatch.setenv(BLOCK_VARIABLE, "256")


@pytest.fixture
def damaged(small_blocks) -> Damaged:
    return Damaged()


def said_once(err: str) -> bool:
    return err.count("\n") == 1 and "is damaged" in err and "solving it again" in err


def test_a_solver_meeting_a_damaged_block_solves_again_once_and_answers(damaged, capsys):
    solver = Solver(damaged.game)
    first, *others = damaged.positions
    assert str(solver.result(first)) == damaged.expected(first)
    assert said_once(capsys.readouterr().err)
    assert [str(solver.result(position)) for position in others] == [damaged.expected(p) for p in others]
    assert capsys.readouterr().err == ""
    fresh = Solver(damaged.game, database=None)
    fresh.solve()
    again = read_store(damaged.path, damaged.game.spec, solver.table.stamp)  # saved again, whole
    assert again is not None and again.count == len(fresh.table)


def test_a_solve_meeting_a_damaged_block_below_its_root_solves_again(small_blocks, capsys):
    """A database solved from a1 does not hold the start: a solve from the start looks up the
    stored results below it, and meets the damaged blocks there."""
    damaged = Damaged("(o x-- --- ---)")
    solver = Solver(damaged.game)
    start = damaged.game.start()
    assert solver.stored(start) is None and capsys.readouterr().err == ""
    solver.solve()
    assert said_once(capsys.readouterr().err)
    assert [str(solver.result(position)) for position in [start, *damaged.positions]] == [
        damaged.expected(p) for p in [start, *damaged.positions]]
    assert capsys.readouterr().err == ""


def test_a_database_saved_again_since_by_another_door_is_read_not_removed(damaged, capsys):
    """Two doors read the same file; the first to meet the damage solves it again and saves it;
    the other, meeting the damage in what it read before, reads that new file (never removes it)."""
    start = damaged.game.start()
    first, other = Solver(damaged.game), Solver(damaged.game)
    assert first.stored(start) is not None and other.stored(start) is not None  # both read the file
    position = damaged.positions[0]
    assert str(first.result(position)) == damaged.expected(position)
    assert said_once(capsys.readouterr().err)
    saved = damaged.path.stat().st_ino
    other._solve_fast = lambda root: pytest.fail("solved again")  # type: ignore[method-assign]
    assert str(other.result(position)) == damaged.expected(position)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "is damaged" in err and "saved again since" in err
    assert damaged.path.stat().st_ino == saved


def test_a_variant_too_large_to_solve_on_demand_is_refused_in_one_line_not_solved(damaged, capsys):
    """Its database was made by ``gamesman solve --large``: a door does not set off that solve;
    the question is refused in one line, as after a restart without the database."""
    from dataclasses import replace

    from gamesman.solver.results import SolverError

    game = damaged.game
    game.capabilities = replace(game.capabilities, solvable=False)
    solver = Solver(game)
    solver._solve_fast = lambda root: pytest.fail("solved again")  # type: ignore[method-assign]
    with pytest.raises(SolverError, match="is damaged.*solve again") as refused:
        solver.result(damaged.positions[0])
    assert "\n" not in str(refused.value) and capsys.readouterr().err == ""
    assert not damaged.path.exists() and not solver.rebuilding


def test_the_shell_answers_after_a_damaged_block(damaged, capsys):
    shell = Shell(write=lambda text: None)
    shell.run("new tictactoe")
    for position in damaged.positions:
        shell.run(f"set {damaged.text(position)}")
        value = shell.run("value")
        assert damaged.expected(position).split()[0] in value and "damaged" not in value, value
        assert shell.run("position") == damaged.text(position) + "\n"
    assert said_once(capsys.readouterr().err)


def test_the_protocol_answers_after_a_damaged_block(damaged, capsys):
    engine = Engine(damaged.game)
    for position in damaged.positions:
        assert engine.handle_line(f"setposition {damaged.text(position)}\n".encode()) == b"=\n\n"
        assert engine.handle_line(b"value\n").decode() == f"= {damaged.expected(position)}\n\n"
    assert said_once(capsys.readouterr().err)


@pytest.fixture
def service():
    pytest.importorskip("starlette")
    from gamesman.doors.web.uwapi import Service

    return Service()


def web_value(service, damaged: Damaged, position) -> dict:
    from gamesman.doors.web.forms import form_of

    game = damaged.game
    return service.position("tictactoe", "regular", form_of(game).position(game, position))


@pytest.fixture
def gate(monkeypatch) -> threading.Event:
    """A gate that holds every fast solve (as a long solve would be held) until it is set."""
    gate = threading.Event()
    solve_fast = Solver._solve_fast
    monkeypatch.setattr(Solver, "_solve_fast", lambda solver, root: (gate.wait(120), solve_fast(solver, root))[1])
    return gate


def test_the_web_answers_right_after_a_damaged_block_found_while_it_runs(damaged, service, gate, capsys):
    """The request that finds the damage is told at once that the variant is being solved
    again (in the background, held here at a gate as a long solve would be: no request waits
    for it), as is one meanwhile; once it is solved, every position answers right."""
    from gamesman.contract.errors import GameError

    start = damaged.game.start()
    gate.set()  # (the first solve: the database is read, not solved)
    service.analyst(damaged.game).solving().wait(120)
    gate.clear()
    try:
        for position in (start, damaged.positions[0]):  # the start's moves lead into damaged blocks
            with pytest.raises(GameError, match="damaged.*solved again.*ask again"):
                web_value(service, damaged, position)
    finally:
        gate.set()
    assert service.analyst(damaged.game).solving().wait(120)
    assert web_value(service, damaged, start)["positionValue"] == damaged.expected(start).split()[0]
    for position in damaged.positions:
        reply = web_value(service, damaged, position)  # tic-tac-toe has no draws: a remoteness each
        assert f"{reply['positionValue']} {reply['remoteness']}" == damaged.expected(position)
    assert said_once(capsys.readouterr().err)


def test_the_web_says_a_variant_is_being_solved_again_never_unsolved(damaged, service, gate, capsys):
    """The start's block damaged before the server starts: its solve meets it and solves
    again (held here at a gate, as a long solve would be); a reply meanwhile says so."""
    from gamesman.contract.errors import GameError

    store = read_store(damaged.path, damaged.game.spec)
    assert store is not None
    flip(damaged.path, damaged.path.stat().st_size - len(store.arrays["payload"]) + 5)  # the first block too
    start = damaged.game.start()
    try:
        with pytest.raises(GameError, match="damaged.*solved again.*ask again"):
            web_value(service, damaged, start)
    finally:
        gate.set()
    analyst = service.analyst(damaged.game)
    assert analyst.solving().wait(120)
    assert web_value(service, damaged, start)["positionValue"] == damaged.expected(start).split()[0]
    assert said_once(capsys.readouterr().err)
