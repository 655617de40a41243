"""A shared test helper: where a build of GamesCrafters' GamesmanUni is, if anywhere."""
from __future__ import annotations

import os
from pathlib import Path


def gamesmanuni_build() -> Path | None:
    """A build of GamesmanUni (its ``dist``): $GAMESMANUNI_DIST, else ``shared/gamesmanuni/dist``
    beside the checkout (or beside the directory of worktrees that holds it)."""
    root = Path(__file__).resolve().parents[1]
    candidates = [Path(os.environ["GAMESMANUNI_DIST"])] if os.environ.get("GAMESMANUNI_DIST") else []
    candidates += [base / "shared" / "gamesmanuni" / "dist" for base in (root.parent, root.parent.parent)]
    return next((path for path in candidates if (path / "index.html").is_file()), None)
