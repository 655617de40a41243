"""The shell's commands as help lists them: usage, summary, details, aliases."""
from __future__ import annotations

from dataclasses import dataclass

from gamesman.doors.shell.session import AT_ONCE


@dataclass(frozen=True)
class Command:
    usage: str
    summary: str
    details: str = ""


COMMANDS: dict[str, Command] = {
    "new": Command("new GAME [flags] [--seed N]",
                   "start a game; the flags choose the variant (see options)",
                   "Example: new nim --heaps 4 --misere.  A flag's allowed values are listed by\n"
                   "`options` once the game is on, and by `help GAME`.  `new` alone restarts the\n"
                   "current variant."),
    "again": Command("again", "start the current variant again (computer players stay)"),
    "moves": Command("moves", "the legal moves here, as you type them"),
    "undo": Command("undo", "take back your last move (and the computer's reply)"),
    "redo": Command("redo", "play again what undo took back"),
    "history": Command("history", "the moves of this game so far"),
    "position": Command("position", "the position as its canonical string"),
    "set": Command("set POSITION", "continue from a position string, e.g. set (x x-- -o- ---)"),
    "show": Command("show", "draw the board again"),
    "value": Command("value", "what the position is worth for the player to move"),
    "values": Command("values", "every legal move with its value and remoteness, best first",
                      "Values are for the player making the move: win, lose, tie or draw,\n"
                      "with the remoteness (moves to the end under perfect play)."),
    "hint": Command("hint", "the best moves here"),
    "search": Command("search [STRATEGY | default]",
                      "the search player that value, values, hint and auto ask when a variant is too large to solve",
                      "By default the game's own, on a time budget of about a second; a count makes\n"
                      "its answers repeatable: search mcts 5000, search alphabeta 6, search mcts --time 3.\n"
                      "search default goes back to the game's own; search alone names the one in use."),
    "predictions": Command("predictions on|off", "show or hide the prediction under the board",
                           "predictions on also lets a prediction solve a variant that takes more than a\n"
                           "few seconds (as solve does); until then such a variant waits, and says\n"
                           "how large it is."),
    "solve": Command("solve", "solve this variant now, however long it takes (Ctrl-C stops)",
                     f"The shell solves by itself only what takes a few seconds (at most\n"
                     f"{AT_ONCE['fast']:,} positions, {AT_ONCE['reference']:,} for the reference solver: chance,\n"
                     f"more than two players, no position codes); a larger variant that is not\n"
                     f"solved yet waits for solve (or predictions on)."),
    "wait": Command("wait on|off", "wait for exact answers that take a long search (Connect Four 6x7)",
                    "Connect Four 6x7 is answered exactly by a search, which takes minutes on the\n"
                    "first moves.  With wait off (the default) the prediction, value, values and\n"
                    "hint wait half a second for it, then say so (value, values and hint give\n"
                    "the search player's estimate in the rest of its second) and auto plays the\n"
                    "search player; with wait on they wait however long it takes (Ctrl-C stops)."),
    "computer": Command("computer SIDE STRATEGY", "let the computer play a side (or both)",
                        "SIDE is a player's name or both; STRATEGY is one of the strategies below,\n"
                        "e.g. computer o perfect, computer x imperfect 0.8, computer both random.\n"
                        "computer SIDE off (or human SIDE) gives the side back to a person."),
    "human": Command("human SIDE", "a person plays SIDE (or both) again"),
    "auto": Command("auto [N] [STRATEGY]", "watch the computer play this game to its end (or N moves)",
                    "Sides without a computer player use STRATEGY (default: perfect, or a\n"
                    "search player when the variant is too large to solve or its exact search\n"
                    "is not waited for: see wait).  Ctrl-C stops."),
    "reveal": Command("reveal on|off", "show the whole table of a game with hidden cards (teaching, debugging)",
                      "With one person at the table the board shows only what that seat knows;\n"
                      "with several, the keyboard is passed on before each person's turn.\n"
                      "reveal on shows every card to everyone, and says so under every board."),
    "seed": Command("seed [N]", "show or fix the seed of chance moves and random players"),
    "games": Command("games", "the games this shell knows"),
    "options": Command("options", "the current variant's options, values and flags"),
    "rules": Command("rules", "the rules of the current game"),
    "record": Command("record FILE | record off", "save this session as a transcript",
                      "The transcript holds the whole session from the start of the shell, so\n"
                      "it replays on its own; it grows until record off or quit.  Put it in\n"
                      "transcripts/ and pytest replays it.  record alone says where it goes."),
    "save": Command("save FILE", "write this game to a small readable file",
                    "The file holds the variant, the seed, the computer sides, the start and\n"
                    "every move; load FILE (or gamesman --load FILE) continues it."),
    "load": Command("load FILE", "continue a game written by save"),
    "help": Command("help [COMMAND|GAME]", "this list, or more about one command or game"),
    "quit": Command("quit", "leave the shell (so does Ctrl-D)"),
}
ALIASES = {"exit": "quit", "board": "show", "?": "help"}
#: GamesmanClassic's one-letter commands, taken as commands where they are not a legal move.
SHORTCUTS = {"u": "undo", "r": "redo", "v": "values", "h": "hint", "q": "quit"}
#: The commands that show nothing of anyone's cards: allowed while the keyboard is passed on.
PRIVATE_OK = frozenset({"new", "again", "computer", "human", "reveal", "seed", "games", "options", "rules",
                        "record", "help", "quit", "predictions", "save", "load", "search",
                        "wait"})

