"""The shell's commands: ``do_NAME`` runs the command NAME."""
from __future__ import annotations

import os
import shlex
from typing import Hashable

from gamesman.contract.errors import GameError
from gamesman.doors.shell.completion import Completion
from gamesman.doors.shell.help import ALIASES, COMMANDS, PRIVATE_OK, SHORTCUTS
from gamesman.doors.shell.session import EXACT_WAIT, Step, split_seed, take_seed, transcript_line
from gamesman.doors.shell.wording import announce, describe_result, plain_number, spent


def switch(command: str, args: list[str]) -> bool:
    """The one argument of an on/off command: True for on (any case)."""
    if len(args) != 1 or args[0].lower() not in ("on", "off"):
        raise GameError(f"{command} takes on or off")
    return args[0].lower() == "on"


class Shell(Completion):
    """The shell: its session, commands and completion; ``execute(line)`` runs one input line."""

    def dispatch(self, line: str, words: list[str]) -> None:
        name = ALIASES.get(words[0].lower(), words[0].lower())
        if name in SHORTCUTS and len(words) == 1 and not self.is_move(words[0]):
            name = SHORTCUTS[name]
        if self.handover is not None and name not in PRIVATE_OK:
            player = self.game.player_name(self.handover)
            raise GameError(f"{player} is to move: pass the keyboard to {player}, then press Enter")
        if name in COMMANDS:
            getattr(self, "do_" + name)(words[1:], line)
        elif not self.has_game:
            raise GameError(f"unknown command {words[0]!r} (type help for the commands)")
        elif len(words) > 1:
            raise GameError(f"unknown command {words[0]!r} (moves have no spaces; type help for the commands)")
        else:
            self.human_move(words[0])

    def is_move(self, word: str) -> bool:
        """Whether ``word`` is a legal move here (then it is not a one-letter command)."""
        if not self.has_game or self.over() is not None:
            return False
        try:
            self.game.parse_move(self.position, word)
        except GameError:
            return False
        return True

    # -- commands ----------------------------------------------------------------
    def do_new(self, args: list[str], line: str) -> None:
        if not args:
            self.need_game()
            self.begin(self.game, keep_players=True)
            return
        game, _, seed = split_seed(args)
        if game is None:  # only --seed N: the same game again, dealt with that seed
            self.need_game()
            game = self.game
        if seed is not None:
            self.set_seed(seed)
        same = self.has_game and game.spec == self.game.spec
        self.begin(game, keep_players=same)

    def do_again(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("again", args)
        self.begin(self.game, keep_players=True)

    def human_move(self, text: str) -> None:
        game = self.game
        utilities = self.over()
        if utilities is not None:
            raise GameError(f"the game is over ({announce(game, utilities)}): "
                            "type again to play again, or undo")
        position = self.position
        move = game.parse_move(position, text)
        summary = self.advance(move, game.to_move(position))
        if summary:
            self.say(summary, "over")
        self.play_automatic()

    def do_moves(self, args: list[str], line: str) -> None:
        self.need_game()
        moves = self.game.legal_moves(self.position)
        if not moves:
            self.say("no moves: the game is over")
            return
        self.say(" ".join(self.game.format_move(self.position, m) for m in moves))

    def do_undo(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("undo", args)
        start = self.hand_start()
        stops = [i for i in range(start, len(self.history) - 1) if self.stops_here(self.history[i].position)]
        if not stops and start:
            raise GameError("undo stops at the start of the hand: going back into the last one would hide again"
                            " the cards it showed (reveal on shows the whole table)")
        if not stops:
            raise GameError("nothing to undo")
        self.redo_stack.append(self.history[stops[-1] + 1:])
        del self.history[stops[-1] + 1:]
        self.show()

    def do_redo(self, args: list[str], line: str) -> None:
        self.need_game()
        self.no_arguments("redo", args)
        if not self.redo_stack:
            raise GameError("nothing to redo")
        self.history.extend(self.redo_stack.pop())
        self.show()

    def do_history(self, args: list[str], line: str) -> None:
        self.need_game()
        game = self.game
        self.say(f"start {game.format_position(self.history[0].position)}")
        for number, (before, step) in enumerate(zip(self.history, self.history[1:]), start=1):
            move, mover = step.moved()
            who = "chance" if step.by == "chance" else game.player_name(mover)
            by = f" ({step.by})" if step.by and step.by != "chance" else ""
            if step.by == "chance":
                outcome = game.parse_move(before.position, move)
                move = self.chance_text(before.position, outcome)
            self.say(f"{number:>3}. {who} {move}{by}")

    def do_position(self, args: list[str], line: str) -> None:
        self.need_game()
        self.say(self.position_text())

    def do_set(self, args: list[str], line: str) -> None:
        self.need_game()
        text = line.strip().split(None, 1)[1] if args else ""
        if not text:
            raise GameError(f"set needs a position, e.g. set {self.game.format_position(self.game.start())}")
        position = self.game.parse_position(text)
        self.history = [Step(position)]
        self.redo_stack = []
        if self.over() is None and self.game.to_move(position) not in self.humans():
            self.show()  # the position set, before the computer (or chance) moves from it
        self.play_automatic()

    def do_show(self, args: list[str], line: str) -> None:
        self.need_game()
        self.show()

    def do_value(self, args: list[str], line: str) -> None:
        self.need_game()
        utilities = self.over()
        if utilities is not None:
            self.say(f"the game is over: {announce(self.game, utilities)}")
            return
        if self.exact():
            result = self.answer(lambda deadline: self.get_solver().result(self.position, deadline))
            if result is not None:
                self.say(describe_result(self.game, self.position, result))
                return
        search, found = self.estimate()
        move, text = found.rows[0]
        self.say(f"{self.game.name}: {self.why_estimated()}; estimate by {search}{spent(found)}: "
                 f"best {self.game.format_move(self.position, move)}, {text}")

    def do_values(self, args: list[str], line: str) -> None:
        """Every move's exact value and remoteness; where the exact search on demand has not
        answered some moves within its wait, those moves' estimates by the search player,
        said apart; where it answered none, every move's estimate."""
        self.need_game()
        game = self.game
        utilities = self.over()
        if utilities is not None:
            self.say(f"the game is over: {announce(game, utilities)}")
            return
        position = self.position
        answered = None
        if self.exact():
            answered = self.answer(lambda deadline: self.get_solver().rated_moves(position, deadline))
        if answered is None or not answered[0]:
            self.say_estimates(position, f"{game.name}: {self.why_estimated()}; estimates by", None)
            return
        rows, late = answered
        names = [game.format_move(position, move) for move, _ in rows]
        width = max([4] + [len(n) for n in names])
        if rows[0][1].value is None:
            players = [game.player_name(i) for i in range(game.players)]
            expected = "expected utilities" if game.capabilities.chance else "utilities"
            self.say(expected + " after each move, best first:")
            self.say(f"{'move':<{width}}  " + "  ".join(f"{p:>6}" for p in players))
            for name, (_, result) in zip(names, rows):
                self.say(f"{name:<{width}}  " + "  ".join(f"{plain_number(result.utility(p)):>6}"
                                                          for p in range(game.players)))
            mover = game.to_move(position)
            tied = [name for name, (_, result) in zip(names, rows)
                    if result.utility(mover) == rows[0][1].utility(mover)]
            if len(tied) > 1 and game.players == 1:
                self.say(f"tied best: {' '.join(tied)}")
            elif len(tied) > 1:
                self.say(f"tied best for {game.player_name(mover)} ({plain_number(rows[0][1].utility(mover))}"
                         f" each): {' '.join(tied)}; among them the best for the players who follow"
                         " (in turn) comes first, then the quickest")
        else:
            self.say(f"{'move':<{width}}  value  remoteness")
            for name, (_, result) in zip(names, rows):
                value = "-" if result.value is None else result.value.value
                remoteness = "-" if result.remoteness is None else str(result.remoteness)
                self.say(f"{name:<{width}}  {value:<5}  {remoteness}")
            tied = [name for name, (_, result) in zip(names, rows) if result.sort_key() == rows[0][1].sort_key()]
            if len(tied) > 1:
                self.say(f"tied best{' of the exact' if late else ''}: {' '.join(tied)}")
        if late:
            self.say_estimates(position, f"the moves above are exact; the others not yet ({self.unanswered()}): "
                                         f"estimates by", late)

    def say_estimates(self, position: Hashable, heading: str, moves: list[Hashable] | None) -> None:
        """The search player's estimates of ``moves`` (None: of every move, best first), under
        ``heading`` (followed by the search player and its effort)."""
        game = self.game
        search, found = self.estimate()
        rated = [(move, text) for move, text in found.rows if moves is None or move in moves]
        unrated = [move for move in (found.unrated if moves is None else moves) if move not in dict(rated)]
        self.say(f"{heading} {search}{spent(found)}" + (", best first:" if moves is None else ":"))
        names = [game.format_move(position, move) for move, _ in rated]
        width = max([4] + [len(n) for n in names])
        self.say(f"{'move':<{width}}  estimate")
        for name, (_, text) in zip(names, rated):
            self.say(f"{name:<{width}}  {text}")
        if unrated:
            self.say(f"not rated by {search}: " + " ".join(game.format_move(position, m) for m in unrated))

    def do_hint(self, args: list[str], line: str) -> None:
        self.need_game()
        game = self.game
        position = self.position
        utilities = self.over()
        if utilities is not None:
            self.say(f"the game is over: {announce(game, utilities)}")
            return
        answered = None
        if self.exact():
            solver = self.get_solver()
            answered = self.answer(lambda deadline: (solver.best_moves(position, deadline),
                                                     solver.result(position, deadline)))
        if answered is None:
            search, found = self.estimate()
            move, text = found.rows[0]
            effort = f"; {found.spent}" if found.spent else ""
            why = f"; {self.unanswered()}" if self.exact() else ""
            self.say(f"hint (estimate by {search}{effort}): play {game.format_move(position, move)}: {text}{why}")
            return
        best, result = answered
        moves = [game.format_move(position, m) for m in best]
        listed = moves[0] if len(moves) == 1 else ", ".join(moves[:-1]) + " or " + moves[-1]
        self.say(f"hint: play {listed} ({describe_result(game, position, result)})")

    def do_search(self, args: list[str], line: str) -> None:
        self.need_game()
        if args and args[0].lower() == "default" and len(args) == 1:
            self.search_words = None
        elif args:
            self.make_player(args)  # checked: a bad strategy leaves the choice as it was
            self.search_words = list(args)
        chosen = "" if self.search_words is None else " (chosen by search; search default: the game's own)"
        self.say(f"search player: {self.searcher().describe()}{chosen}")

    def do_predictions(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"predictions are {'on' if self.predictions else 'off'}")
            return
        self.predictions = switch("predictions", args)
        self.say(f"predictions {args[0].lower()}")
        if self.predictions and self.has_game:
            self.approve_solve()
            if self.over() is None:
                self.show()

    def do_solve(self, args: list[str], line: str) -> None:
        self.no_arguments("solve", args)
        self.need_game()
        self.approve_solve()
        utilities = self.over()
        if utilities is not None:
            self.say(f"the game is over: {announce(self.game, utilities)}")
            return
        if not self.exact():
            raise GameError(f"{self.game.name}: this variant is too large to solve here; value and hint ask a "
                            f"search player")
        result = self.answer(lambda deadline: self.get_solver().result(self.position, deadline))
        self.say(f"{self.game.spec}: " + (describe_result(self.game, self.position, result) if result is not None
                                         else f"not yet: {self.unanswered()}"))

    def do_wait(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"wait is {'on' if self.wait else 'off'}")
            return
        self.wait = switch("wait", args)
        self.say(f"wait {args[0].lower()}: " + ("exact answers are waited for, however long they take (Ctrl-C stops)"
                                                if self.wait else f"after {EXACT_WAIT:g} s of exact search, "
                                                "value, values and hint ask the search player"))

    def do_computer(self, args: list[str], line: str) -> None:
        self.need_game()
        if not args:
            if not self.computers:
                self.say("people play every side")
            for player, strategy in sorted(self.computers.items()):
                self.say(f"{self.game.player_name(player)}: {strategy.describe()}")
            return
        sides = self.sides(args[0])
        if len(args) == 1:
            candidates = self.strategy_candidates()
            own = [name for name in candidates if name in self.game.strategies]
            if own:
                candidates[-1] += (f"; {' and '.join(own)} {'is' if len(own) == 1 else 'are'}"
                                   f" {self.game.title}'s own player{'' if len(own) == 1 else 's'}")
            raise GameError(f"computer {args[0]} needs a strategy ({', '.join(candidates)}) or off")
        if args[1].lower() in ("off", "human", "none"):
            self.do_human(args[:1], line)
            return
        for player in sides:
            self.computers[player] = self.make_player(args[1:])
        for player in sides:
            self.say(f"{self.game.player_name(player)}: computer ({self.computers[player].describe()})")
        if self.over() is None and self.game.to_move(self.position) in sides:
            self.handover = None
            self.place_seats()
            self.play_automatic()
        else:
            self.sides_changed()

    def do_human(self, args: list[str], line: str) -> None:
        self.need_game()
        if len(args) != 1:
            raise GameError("human takes one side (or both)")
        for player in self.sides(args[0]):
            self.computers.pop(player, None)
            self.say(f"{self.game.player_name(player)}: human")
        self.sides_changed()

    def sides_changed(self) -> None:
        """After sides change hands: seat the people again, and redraw the board when
        that changes who sees it (the keyboard passed on, or a handover no longer needed)."""
        from gamesman.contract.game import CHANCE

        waiting = self.handover
        self.place_seats()
        player = self.game.to_move(self.position)
        if self.over() is None and player != CHANCE and player not in self.computers:
            self.seat_for(player)
        if self.handover != waiting:
            self.show()

    def do_reveal(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"reveal is {'on' if self.reveal else 'off'}")
            return
        self.reveal = switch("reveal", args)
        self.say(f"reveal {args[0].lower()}" + (": every board shows the whole table" if self.reveal
                                       else ": each person sees only their own cards"))
        if self.has_game and self.game.capabilities.hidden_information:
            self.sides_changed()
            if self.handover is None:
                self.show()

    def do_auto(self, args: list[str], line: str) -> None:
        self.need_game()
        utilities = self.over()
        if utilities is not None:
            raise GameError(f"the game is over ({announce(self.game, utilities)}): type again to play again")
        moves = None
        if args and args[0].isdigit():
            moves = int(args[0][:9])
            if moves == 0:
                raise GameError("auto N plays N moves: N must be 1 or more")
            args = args[1:]
        default = self.make_player(args) if args else self.default_player()
        self.play_automatic(watch=True, default=default, moves=moves)

    def do_seed(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"seed {self.seed}")
            return
        _, seed = take_seed(["--seed", *args[:1]])
        if seed is None or len(args) > 1:
            raise GameError("seed takes one whole number")
        self.set_seed(seed)
        self.say(f"seed {seed}")

    def do_games(self, args: list[str], line: str) -> None:
        from gamesman.contract.registry import game_class, game_names

        names = game_names()
        width = max(len(n) for n in names)
        for name in names:
            try:
                cls = game_class(name)
                text = cls.title + (f"  ({' '.join(o.flag for o in cls.options)})" if cls.options else "")
            except Exception as problem:  # a game being written may not import yet
                text = f"(unavailable: {type(problem).__name__})"
            self.say(f"{name:<{width}}  {text}")

    def do_options(self, args: list[str], line: str) -> None:
        self.need_game()
        self.say(self.game.spec)
        self.list_options(type(self.game), self.game.settings)

    def list_options(self, cls, settings: dict | None) -> None:
        from gamesman.contract.options import describe, format_value

        for option in cls.options:
            now = f"  [now {format_value(settings[option.name])}]" if settings is not None else ""
            self.say(f"  {describe(option)}{now}")
        if not any(o.name == "seed" for o in cls.options):
            self.say("  --seed N  the seed of chance moves and random players (shell only)")

    def do_rules(self, args: list[str], line: str) -> None:
        self.need_game()
        self.say(self.game.instructions())

    def do_record(self, args: list[str], line: str) -> None:
        if not args:
            self.say(f"recording to {self.record_path}" if self.record_file else "not recording")
            return
        if args[0].lower() == "off" and len(args) == 1:
            if self.record_file is None:
                raise GameError("not recording")
            self.stop_recording()
            self.say(f"stopped recording; {self.record_path} holds the session")
            return
        path = os.path.expanduser(line.strip().split(None, 1)[1])
        so_far = "".join(transcript_line(typed, logged) + "\n" for typed, logged in self.log)
        try:  # the session so far is written whole before anything changes: a full disk refuses it here
            with open(path, "w", encoding="utf-8") as start:
                start.write(self.command_line() + "\n" + so_far)
            handle = open(path, "a", encoding="utf-8")
        except OSError as problem:
            raise GameError(f"cannot record to {path}: {problem.strerror}") from None
        self.stop_recording()
        self.record_file, self.record_path = handle, path
        self.say(f"recording to {path} (the whole session so far, then on until record off or quit)")

    def command_line(self) -> str:
        """The ``$ gamesman ...`` line that starts this session again.

        The shell's seed goes before the game's name, where no game can take it
        for an option of its own (the cube's ``--seed`` is its scramble's).
        """
        _, rest, _ = split_seed(self.argv)
        if self.initial_seed != 0:  # transcripts replay with seed 0 unless told otherwise
            rest = ["--seed", str(self.initial_seed)] + rest
        return "$ gamesman" + (" shell " + " ".join(shlex.quote(w) for w in rest) if rest else "")

    def do_help(self, args: list[str], line: str) -> None:
        if not args:
            width = max(len(c.usage) for c in COMMANDS.values())
            for command in COMMANDS.values():
                self.say(f"  {command.usage:<{width}}  {command.summary}")
            self.say("Type a move as `moves` prints it to play it.  Ctrl-C cancels, Ctrl-D leaves.")
            self.say("One letter where no move is spelled so: u undo, r redo, v values, h hint, q quit, ? help.")
            return
        word = args[0].lower()
        name = ALIASES.get(word, word)
        if name in COMMANDS:
            command = COMMANDS[name]
            self.say(f"{command.usage}: {command.summary}")
            if command.details:
                self.say(command.details)
            if name in ("computer", "auto"):
                from gamesman.players.strategies import strategies_for

                from gamesman.players.strategies import STRATEGIES

                table = STRATEGIES if not self.has_game else strategies_for(self.game)
                for key in (table if not self.has_game else self.strategy_candidates()):
                    self.say(f"  {key:<10} {table[key].help}")
            return
        from gamesman.contract.registry import game_class, game_names

        if word in game_names():
            cls = game_class(word)
            self.say(f"{cls.title} ({cls.name}): {cls.rules}")
            self.list_options(cls, None)
            return
        raise GameError(f"no help for {args[0]!r} (commands: {', '.join(COMMANDS)})")

    def do_save(self, args: list[str], line: str) -> None:
        from gamesman.doors.shell.saving import save

        self.need_game()
        if not args:
            raise GameError("save needs a file name, e.g. save game.txt")
        path = save(self, line.strip().split(None, 1)[1])
        self.say(f"saved to {path} (load {path} brings it back)")

    def do_load(self, args: list[str], line: str) -> None:
        if not args:
            raise GameError("load needs a file name, e.g. load game.txt")
        from gamesman.doors.shell.saving import load

        path = line.strip().split(None, 1)[1]
        load(self, path)
        self.resume(path)

    def resume(self, path: str) -> None:
        """Go on with the game just loaded from ``path``."""
        self.say(f"{self.game.variant_title()}: {self.game.spec} (loaded from {path}, {len(self.history) - 1} moves)")
        self.play_automatic()

    def do_quit(self, args: list[str], line: str) -> None:
        self.close()

    @staticmethod
    def no_arguments(name: str, args: list[str]) -> None:
        if args:
            raise GameError(f"{name} takes no arguments")
