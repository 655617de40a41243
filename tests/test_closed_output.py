"""An output that is closed or full ends the run quietly (exit status 1), never with an internal error."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAMESMAN = f"{sys.executable} -m gamesman"


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("redirect", [">&-", ">/dev/full"], ids=["closed", "full"])
def test_the_protocol_ends_quietly(redirect):
    done = subprocess.run(f"printf '1 name\\n2 list_games\\n' | {GAMESMAN} protocol {redirect}", shell=True,
                          capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 1 and done.stderr == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_command_with_a_full_output_says_so_in_one_line():
    done = subprocess.run(f"{GAMESMAN} start nim >/dev/full", shell=True, capture_output=True, text=True,
                          timeout=60, cwd=ROOT)
    assert done.returncode == 1
    assert done.stderr == "gamesman: cannot write the output (No space left on device)\n"
