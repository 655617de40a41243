"""Where numba keeps the machine code it compiles: in the user's cache directory, never
beside the modules (numba's own default), where uninstalling leaves it behind and a plain
install's folder of it hides an editable install made after."""
from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gamesman.boards import symmetry_kernel
from gamesman.testing.transcript import gamesman_command

BESIDE = Path(symmetry_kernel.__file__).parent / "__pycache__"  # numba's own default for its kernels


@pytest.mark.slow
def test_compiled_code_is_kept_in_the_users_cache_not_beside_the_modules(tmp_path):
    before = {path: path.stat().st_mtime_ns for path in BESIDE.glob("*.nbi")}
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_CACHE_DIR"}
    env.update(XDG_CACHE_HOME=str(tmp_path / "user cache"), GAMESMAN_CACHE=str(tmp_path / "databases"))
    solved = subprocess.run([*gamesman_command(), "solve", "tictactoe"], env=env, capture_output=True,
                            text=True, timeout=300)
    assert solved.returncode == 0, solved.stderr
    kept = {path.name for path in (tmp_path / "user cache" / "gamesman" / "numba").rglob("*.nbi")}
    assert any(name.startswith("symmetry_kernel.least_images") for name in kept), kept
    after = {path: path.stat().st_mtime_ns for path in BESIDE.glob("*.nbi")}
    assert after == before  # nothing written beside the modules
    assert not (tmp_path / "databases" / "numba").exists()
