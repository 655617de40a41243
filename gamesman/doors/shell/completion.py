"""Tab completion: the words that may follow what has been typed."""
from __future__ import annotations

from gamesman.contract.errors import GameError
from gamesman.doors.shell.help import ALIASES, COMMANDS
from gamesman.doors.shell.session import Session


class Completion(Session):
    """The shell's completion of commands, moves, games, flags, sides and strategies."""

    def completions(self, before_cursor: str) -> list[str]:
        """Words that may complete the last word of ``before_cursor`` (for Tab)."""
        words = before_cursor.split()
        if before_cursor and not before_cursor[-1].isspace() and words:
            current = words.pop()
        else:
            current = ""
        candidates = self.candidates(words, current)
        lowered = current.lower()
        return [c for c in candidates if c.lower().startswith(lowered)]

    def candidates(self, words: list[str], current: str) -> list[str]:
        from gamesman.contract.registry import game_names

        if not words:
            found = list(COMMANDS)
            if self.has_game and self.over() is None:
                found += [self.game.format_move(self.position, m) for m in self.game.legal_moves(self.position)]
            return found
        command = ALIASES.get(words[0].lower(), words[0].lower())
        if command == "new":
            if len(words) == 1:
                return game_names()
            return self.flag_candidates(words)
        if command == "help":
            return list(COMMANDS) + game_names() if len(words) == 1 else []
        if command in ("computer", "human") and self.has_game:
            if len(words) == 1:
                return [self.game.player_name(i) for i in range(self.game.players)] + ["both"]
            if command == "computer" and len(words) == 2:
                return self.strategy_candidates() + ["off"]
            return []
        if command == "auto" and len(words) == 1 and self.has_game:
            return self.strategy_candidates()
        if command == "search" and len(words) == 1 and self.has_game:
            return self.strategy_candidates() + ["default"]
        if command in ("predictions", "wait") and len(words) == 1:
            return ["on", "off"]
        if command == "record" and len(words) == 1:
            return ["off"]
        if command == "set" and self.has_game and len(words) == 1:
            return [self.game.format_position(self.position)]
        return []

    def strategy_candidates(self) -> list[str]:
        """The strategies that can play the current variant."""
        from gamesman.players.strategies import applicable_strategies

        return applicable_strategies(self.game)

    def flag_candidates(self, words: list[str]) -> list[str]:
        from gamesman.contract.registry import game_class

        try:
            cls = game_class(words[1])
        except GameError:
            return []
        options = {o.flag: o for o in cls.options}
        previous = options.get(words[-1])
        if previous is not None and previous.type is not bool:
            return list(previous.choices or ())
        flags = []
        for option in cls.options:
            flags.append(option.flag)
            if option.type is bool:
                flags.append("--no-" + option.flag[2:])
        return flags + ["--seed"]

