"""The terminal front end: prompt_toolkit with completion, history and colour."""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from gamesman.doors.shell.interrupts import run_cancellable

if TYPE_CHECKING:
    from gamesman.doors.shell.commands import Shell


def history_path() -> str:
    """Where the command history lives across sessions."""
    if os.environ.get("GAMESMAN_HISTORY"):
        return os.environ["GAMESMAN_HISTORY"]
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return os.path.join(base, "gamesman", "history")


def terminal_loop(shell: Shell) -> None:
    """prompt_toolkit front end: completion, history, a coloured prompt."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.completion import Completer, Completion
    from prompt_toolkit.formatted_text import StyleAndTextTuples
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory
    from prompt_toolkit.styles import Style

    class ShellCompleter(Completer):
        def get_completions(self, document, complete_event):
            before = document.text_before_cursor
            current = "" if not before or before[-1].isspace() else before.split()[-1]
            try:
                found = shell.completions(before)
            except Exception:  # completion must never break the prompt
                return
            for word in found:
                yield Completion(word, start_position=-len(current))

    path = history_path()
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        history: History = FileHistory(path)
    except OSError:
        history = InMemoryHistory()
    colour = not os.environ.get("NO_COLOR")
    style = Style.from_dict({"game": "bold", "player": "ansicyan bold", "mark": ""}) if colour else None
    session: PromptSession[str] = PromptSession(history=history, completer=ShellCompleter(), complete_while_typing=False,
                            style=style)
    accept = session.default_buffer.accept_handler

    def accepted(buffer: Buffer) -> bool:
        shell.interrupts.line_accepted()  # the terminal takes Ctrl-C as a signal again before the command runs
        return accept(buffer) if accept is not None else False

    session.default_buffer.accept_handler = accepted
    while not shell.finished:
        prompt = shell.prompt()
        head, _, player = prompt[:-2].partition(" ")
        message: StyleAndTextTuples = [("class:game", head)]
        if player:
            message += [("", " "), ("class:player", player)]
        message.append(("class:mark", "> "))
        try:
            # Ctrl-C typed at the prompt is a key (the terminal is raw); a SIGINT that lands
            # now comes from a Ctrl-C typed during the last command and goes to this shell's
            # handler, which drops it (prompt_toolkit's own failed on a second one in a row).
            line = session.prompt(message, handle_sigint=False)
        except KeyboardInterrupt:  # Ctrl-C is a key while the prompt reads
            shell.cancel_line(prompt, newline=False)
            continue
        except EOFError:
            shell.end_of_input(prompt)
            break
        run_cancellable(shell, lambda: shell.execute(line, prompt))

