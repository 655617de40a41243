"""The Connect Four benchmark beside Pons's solver and BitBully: its positions are the ones it
says, told to the other programs as they read them, and it stops on any disagreement."""
import random

import pytest

from benchmarks.bench_connectfour_exact import (GAME_PLIES, Answer, Disagreement, Sample, check, game_samples,
                                                random_samples, replay, solve_ours)
from gamesman.contract.registry import make_game
from gamesman.solver.results import Value

# x holds b1, c1 and d1 with a1 and e1 open; o to move cannot stop both: it loses in 2.
DOUBLE_THREAT = (1, 1, 2, 2, 3)


@pytest.fixture(scope="module")
def game():
    return make_game("connectfour")


def test_random_positions_have_their_moves_and_are_still_on_and_seeded(game):
    samples = random_samples(game, 8, 5, random.Random(3))
    assert [len(sample.moves) for sample in samples] == [8] * 5
    assert all(game.outcome(replay(game, sample.moves)) is None for sample in samples)
    assert samples == random_samples(game, 8, 5, random.Random(3))
    assert samples != random_samples(game, 8, 5, random.Random(4))


def test_the_digits_are_pons_columns_one_for_a(game):
    sample = random_samples(game, 12, 1, random.Random(1))[0]
    position = game.start()
    for digit in sample.digits:
        position = game.play(position, game.parse_move(position, "abcdefg"[int(digit) - 1]))
    assert position == replay(game, sample.moves)
    assert sample.empty == 42 - 12


def test_game_positions_follow_one_game_at_the_chosen_moves(game):
    samples = game_samples(game, 1)
    assert [len(sample.moves) for sample in samples] == list(GAME_PLIES)[:len(samples)]
    assert all(later.moves[:len(earlier.moves)] == earlier.moves for earlier, later in zip(samples, samples[1:]))
    assert all(game.outcome(replay(game, sample.moves)) is None for sample in samples)


def test_a_score_converts_to_the_value_and_remoteness_of_the_rules():
    from gamesman.games.connectfour.exact import result_of_score

    score = solve_ours(DOUBLE_THREAT, book=False).score
    result = result_of_score(score, Sample("x", DOUBLE_THREAT).empty)
    assert (result.value, result.remoteness) == (Value.LOSE, 2)


def test_the_run_stops_on_a_score_a_remoteness_or_an_empty_board_that_differ():
    sample = Sample("x", DOUBLE_THREAT)
    score = solve_ours(DOUBLE_THREAT, book=False).score
    check(sample, {"ours": Answer(score, 0.1), "BitBully": Answer(score, 0.1, moves_left=2)})
    with pytest.raises(Disagreement, match="moves 22334: scores differ"):
        check(sample, {"ours": Answer(score, 0.1), "Pons": Answer(score + 1, 0.1)})
    with pytest.raises(Disagreement, match="3 moves to the end for BitBully, remoteness 2"):
        check(sample, {"BitBully": Answer(score, 0.1, moves_left=3)})
    check(Sample("start", ()), {"Pons": Answer(1, 0.1)})  # the literature: the first player wins in 41
    with pytest.raises(Disagreement, match="not the literature's win 41"):
        check(Sample("start", ()), {"Pons": Answer(2, 0.1)})


def test_bitbully_counts_the_moves_left_as_our_remoteness(game):
    pytest.importorskip("bitbully")
    from benchmarks.bench_connectfour_exact import solve_bitbully

    for sample in [Sample("x", DOUBLE_THREAT)] + random_samples(game, 16, 3, random.Random(2)):
        answers = {"ours": solve_ours(sample.moves, book=False), "BitBully": solve_bitbully(sample.moves, book=False)}
        assert answers["BitBully"].moves_left is not None
        check(sample, answers)


def fake_pons_source(folder, build_step: str):
    """A source folder with a Makefile whose ``c4solver`` target runs ``build_step``, and a
    ``c4solver`` built before (which ``make clean`` removes from the benchmark's copy)."""
    folder.mkdir()
    (folder / "Makefile").write_text(f"c4solver:\n\t{build_step}\nclean:\n\trm -f c4solver\n")
    (folder / "c4solver").write_text("built before\n")
    return folder


def test_pons_solver_is_built_by_its_makefile_in_a_copy_of_its_source(tmp_path):
    import shutil
    import subprocess

    from benchmarks.bench_connectfour_exact import build_pons

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    source = fake_pons_source(tmp_path / "connect4", "printf '#!/bin/sh\\necho 0\\n' > c4solver && chmod +x c4solver")
    (tmp_path / "build").mkdir()
    program = build_pons(source, tmp_path / "build")
    assert program.parent.parent == tmp_path / "build"
    assert subprocess.run([program], capture_output=True, text=True).stdout == "0\n"
    assert sorted(path.name for path in source.iterdir()) == ["Makefile", "c4solver"]
    assert (source / "c4solver").read_text() == "built before\n"  # the checkout is left as it is


def test_a_source_without_a_makefile_or_that_does_not_build_stops_the_run_with_one_line(tmp_path):
    import shutil

    from benchmarks.bench_connectfour_exact import build_pons

    (tmp_path / "build").mkdir()
    with pytest.raises(SystemExit, match=r"--pons-source .*empty: no Makefile there \(a checkout of"):
        build_pons(tmp_path / "empty", tmp_path / "build")
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    broken = fake_pons_source(tmp_path / "broken", "echo 'main.cpp:1: error: no compiler here' >&2; exit 1")
    with pytest.raises(SystemExit, match="broken: make c4solver failed: .*main.cpp:1: error: no compiler here"):
        build_pons(broken, tmp_path / "build")
