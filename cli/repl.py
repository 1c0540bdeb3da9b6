"""The command table the three `play` commands share: one word (and its aliases), one help
line and one handler per command.

Every game has the same five words: `help` (`?`, `h`), `quit` (`q`, `exit`), `undo`, `hint`
and `moves`; each adds its own commands to the table.  A line whose first word names no
command is a move, handed to the game's `play` handler.  A word that is also a move in a
game (Up-and-down's `q`, the Queen) is listed in `move_words` and stays a move there.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

QUIT = "quit"          # what a handler returns to leave the game


@dataclass(frozen=True)
class Command:
    """One command: `handler(arg)` runs it with the rest of the line (stripped); it returns
    QUIT to leave the game, anything else to go on."""
    word: str
    help: str
    handler: Callable[[str], object]
    aliases: tuple[str, ...] = ()


def shared_commands(help: Callable[[str], object], quit: Callable[[str], object],
                    undo: Callable[[str], object], hint: Callable[[str], object],
                    moves: Callable[[str], object]) -> list[Command]:
    """The five commands every game has, with the same words and aliases in each."""
    return [Command("help", "this help", help, ("?", "h")),
            Command("quit", "leave the game", quit, ("q", "exit")),
            Command("undo", "take back your last move", undo),
            Command("hint", "a good move to play", hint),
            Command("moves", "list the legal moves", moves)]


class CommandTable:
    """The commands of one game, found by word or alias (any case); `play(line)` handles
    a line that names no command."""

    def __init__(self, commands: Iterable[Command], play: Callable[[str], object],
                 move_words: Iterable[str] = ()):
        self.commands = list(commands)
        self.play = play
        self._move_words = frozenset(move_words)
        self._by_word: dict[str, Command] = {}
        for cmd in self.commands:
            for word in (cmd.word, *cmd.aliases):
                if word in self._by_word:
                    raise ValueError(f"two commands named {word!r}")
                self._by_word[word] = cmd

    def find(self, word: str) -> Command | None:
        """The command named by `word` (case ignored), or None (a move word is no command)."""
        word = word.lower()
        return None if word in self._move_words else self._by_word.get(word)

    def run(self, line: str) -> object:
        """Run the command `line` names, or play it as a move; returns the handler's answer."""
        word, _, arg = line.strip().partition(" ")
        cmd = self.find(word)
        return cmd.handler(arg.strip()) if cmd else self.play(line.strip())

    def help_text(self, intro: str) -> str:
        """What `help` prints: the game's `intro` (how to write a move), then one line per
        command with its words and its help."""
        lines = [intro, "commands:"]
        for cmd in self.commands:
            names = ", ".join((cmd.word, *(a for a in cmd.aliases if a not in self._move_words)))
            lines.append(f"  {names:<14} {cmd.help}")
        return "\n".join(lines)
