"""Saving a game to a small readable file and loading it back (``save FILE``, ``load FILE``).

The file holds, one item a line: the variant's spec, the shell's seed, whether the
whole table is revealed, each computer side with its strategy, the search player
chosen by ``search`` and ``wait on`` (when they were set), the starting position,
then every move played with who played it (and the strategy that chose it).
Loading replays the moves from the start, so a file that does not follow the
rules is refused with the line at fault::

    # gamesman saved game: load FILE in the shell, or gamesman --load FILE
    game tictactoe(misere=false)
    seed 3
    reveal off
    computer o perfect
    start (x --- --- ---)
    move x b2
    move o a1 by perfect
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gamesman.contract.errors import GameError

if TYPE_CHECKING:
    from gamesman.doors.shell.session import Session

HEADER = "# gamesman saved game: load FILE in the shell, or gamesman --load FILE"
#: The most bytes ``load`` reads: far beyond any game's file, and a bound on what a
#: file that is not one (``/dev/zero``, a disk image) costs before it is refused.
MAX_SAVED_BYTES = 1 << 26


def saved_text(shell: "Session") -> str:
    """The shell's game as the file's text."""
    game = shell.game
    lines = [HEADER, f"game {game.spec}", f"seed {shell.seed}", f"reveal {'on' if shell.reveal else 'off'}"]
    lines += [f"computer {game.player_name(p)} {strategy.describe()}" for p, strategy in sorted(shell.computers.items())]
    if shell.search_words is not None:
        lines.append(f"search {' '.join(shell.search_words)}")
    if shell.wait:
        lines.append("wait on")
    lines.append(f"start {game.format_position(shell.history[0].position)}")
    for step in shell.history[1:]:
        move, mover = step.moved()
        lines.append(f"move {game.player_name(mover)} {move}" + (f" by {step.by}" if step.by and step.by != "chance" else ""))
    return "\n".join(lines) + "\n"


def save(shell: "Session", path: str) -> str:
    """Write the game to ``path``; the path written."""
    path = os.path.expanduser(path)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(saved_text(shell))
    except OSError as problem:
        raise GameError(f"cannot save to {path}: {problem.strerror}") from None
    return path


def load(shell: "Session", path: str) -> None:
    """Replace the shell's game by the one saved at ``path`` (nothing changes if it is refused)."""
    from gamesman.contract.game import CHANCE
    from gamesman.contract.registry import game_from_spec
    from gamesman.doors.shell.session import Step, round_summary

    path = os.path.expanduser(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_SAVED_BYTES + 1)
    except OSError as problem:
        raise GameError(f"cannot load {path}: {problem.strerror}") from None
    if len(data) > MAX_SAVED_BYTES:
        raise GameError(f"cannot load {path}: not a saved game (more than {MAX_SAVED_BYTES:,} bytes)")
    try:
        lines = data.decode("utf-8").splitlines()
    except UnicodeDecodeError as problem:
        raise GameError(f"cannot load {path}: not a saved game (not UTF-8 text at byte {problem.start})") from None
    fields: dict[str, str] = {}
    computers: list[tuple[str, str]] = []
    moves: list[tuple[int, str]] = []
    for number, line in enumerate(lines, start=1):
        key, _, value = line.strip().partition(" ")
        if not key or key.startswith("#"):
            continue
        if key == "computer":
            side, _, strategy = value.partition(" ")
            computers.append((side, strategy))
        elif key == "move":
            moves.append((number, value))
        elif key in ("game", "seed", "reveal", "start", "search", "wait") and key not in fields:
            fields[key] = value
        else:
            raise GameError(f"{path}:{number}: unexpected line {line.strip()[:60]!r}")
    missing = [key for key in ("game", "seed", "start") if key not in fields]
    if missing:
        raise GameError(f"{path}: not a saved game (no {', '.join(missing)} line)")
    game = game_from_spec(fields["game"])
    names = {game.player_name(p): p for p in range(game.players)} | {"chance": CHANCE}
    history: list[Step] = [Step(game.parse_position(fields["start"]))]
    for number, value in moves:
        words = value.split()
        if len(words) < 2 or words[0] not in names or (len(words) > 2 and words[2] != "by"):
            raise GameError(f"{path}:{number}: a move line is: move PLAYER MOVE [by STRATEGY]")
        position = history[-1].position
        mover = game.to_move(position)
        if names[words[0]] != mover:
            raise GameError(f"{path}:{number}: {game.player_name(mover)} is to move, not {words[0]}")
        try:
            move = game.parse_move(position, words[1])
        except GameError as problem:
            raise GameError(f"{path}:{number}: {problem}") from None
        by = "chance" if mover == CHANCE else " ".join(words[3:])
        after = game.play(position, move)
        history.append(Step(after, game.format_move(position, move), mover, by,
                            round_summary(game, position, move, after) is not None))
    if fields.get("wait", "off") not in ("on", "off"):
        raise GameError(f"{path}: wait is on or off, not {fields['wait'][:20]!r}")
    try:
        seed = int(fields["seed"])
    except ValueError:
        raise GameError(f"{path}: the seed must be a whole number, not {fields['seed']!r}") from None
    previous = (shell.game if shell.has_game else None), shell.solver
    # Strategies are made for the loaded variant and its solver; both are put back if one is refused.
    shell.game, shell.solver = game, None
    try:
        players = {p: shell.make_player(strategy.split()) for side, strategy in computers
                   for p in shell.sides(side)}
        search_words = fields["search"].split() if "search" in fields else None
        if search_words is not None:
            shell.make_player(search_words)  # checked, as the search command checks it
    except GameError:
        shell.game, shell.solver = previous
        raise
    shell.computers = players
    shell.history, shell.redo_stack = history, []
    shell.reveal = fields.get("reveal", "off") == "on"
    shell.search_words = search_words
    shell.wait = fields.get("wait") == "on"
    shell.set_seed(seed)
    shell.viewer = shell.handover = None
    shell.place_seats()

