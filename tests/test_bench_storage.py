"""The storage benchmark builds every format from one solve, and every one answers every
position alike."""
import sys

import benchmarks.bench_storage as bench


def test_every_format_answers_every_position_alike(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["bench_storage.py", "--variant", "tictactoe", "--lookups", "500"])
    bench.main()
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("tictactoe")]
    formats = [format_ for format_ in ("plain", "65,536 a block", "16,384 a block", "huffman (huffman)")
               if any(format_ in row for row in rows)]
    assert len(formats) == 4 and len(rows) == 2 * 4  # every position, and up to symmetry
    assert all(row.endswith("yes") for row in rows)
