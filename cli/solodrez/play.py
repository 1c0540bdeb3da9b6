"""`drez play`: a Solodrez game in the terminal, one command a line."""
from __future__ import annotations

import importlib
import os
import random
import re
import sys

import click

from drez.cli.background import run_cancellable
from drez.cli.repl import QUIT, Command, CommandTable, shared_commands
from drez.cli.solodrez.inputs import BadInput, load_position, parse_deal_number, pick_deal, stdin_lines
from drez.cli.solodrez.limits import default_seconds, limit_options, limits_from
from drez.cli.solodrez.render import draw, use_color
from drez.solver.solodrez import hints
from drez.solver.solodrez.hints import DEFAULT_HINT_SECONDS, quick_status
from drez.solver.solodrez.io.pick import PICK_DIFFICULTIES
from drez.solver.solodrez.io.records import format_record
from drez.solver.solodrez.io.sentences import (
    hint_lines,
    limit_words,
    plural,
    removed_series,
    series_words,
    status_words,
)
from drez.solver.solodrez.kernels import ensure_compiled
from drez.solver.solodrez.rules.moves import MoveError, MoveSyntaxError, move_text
from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import LOST, WON, Limits, solve
from drez.solver.solodrez.state import GameState

PLAY_HELP = ("moves like 4>7 or 4>7:3; moves (list them), undo, redo, hint, solve, "
             "new [DIFFICULTY] [winnable] (a fresh deal), save FILE, board, help, quit")
MOVE_HELP = "A move is written like 4>7 (column 4 onto column 7), or 4>7:3 to name the card count."
CLEAR = "\x1b[H\x1b[2J"


class Console:
    """Reading commands: line editing and history on a terminal, plain lines otherwise."""

    def __init__(self):
        self.stdin = stdin_lines()
        self.interactive = self.stdin.isatty() and sys.stdout.isatty()
        if self.interactive:
            try:
                importlib.import_module("readline")   # input() gains editing and history
            except ImportError:
                pass

    def ask(self, prompt: str) -> str | None:
        """One line without its newline, or None at the end of input.  Ctrl-C at the
        prompt only clears the line (quit or end of input leave), so no game is lost."""
        try:
            if self.interactive:
                try:
                    return input(prompt)
                except EOFError:
                    click.echo()
                    return None
            click.echo(prompt, nl=False)
            line = self.stdin.readline()
        except KeyboardInterrupt:
            click.echo("\n(Ctrl-C: type quit to leave the game)")
            return ""
        if not line:
            click.echo()
            return None
        return line.rstrip("\n")


class Game:
    """One game: the state (position and moves played, solver/solodrez/state.py), the text
    of each move, and what was saved."""

    def __init__(self, pos: Position, label: str):
        self.state, self.label = GameState(pos), label
        self.start_text = label if label.startswith("deal ") else str(pos)
        self.texts: list[str] = []
        self.undone: list = []  # (move, text) taken back by undo, the last one last
        self.saved = 0          # moves in the last saved record

    @property
    def pos(self) -> Position:
        return self.state.position

    def record(self) -> str:
        return format_record(self.start_text, self.texts)

    def unsaved(self) -> bool:
        return bool(self.texts) and len(self.texts) != self.saved


def save_game(game: Game, path: str, console: Console) -> None:
    """Write the game record to path; an existing file is replaced only when confirmed."""
    if "\0" in path:
        click.echo("a file name has no NUL character")
        return
    if os.path.isdir(path):
        click.echo(f"{path} is a folder; save FILE needs a file name")
        return
    if os.path.exists(path) and not os.path.isfile(path):
        click.echo(f"{path} is not a regular file; save FILE needs one")
        return
    if os.path.exists(path):
        answer = console.ask(f"{path} exists; replace it? [y/N] ")
        if (answer or "").strip().lower() not in ("y", "yes"):
            click.echo("not saved")
            return
    tmp = f"{path}.tmp{os.getpid()}"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(game.record())
        os.replace(tmp, path)
    except OSError as e:
        click.echo(f"cannot write {path}: {e.strerror or e}")
        try:
            os.remove(tmp)
        except OSError:
            pass
        return
    game.saved = len(game.texts)
    click.echo(f"saved {plural(len(game.texts), 'move')} to {path}")


def _new_deal(words: list[str]) -> tuple[Position, str]:
    """The deal `new [DIFFICULTY] [winnable] | new NUMBER` asks for; BadInput if none."""
    if len(words) == 1 and words[0].isdigit():
        n = parse_deal_number(words[0])
    else:
        difficulty = next((w for w in words if w in PICK_DIFFICULTIES), None)
        winnable = "winnable" in words or "won" in words
        unknown = [w for w in words if w not in PICK_DIFFICULTIES and w not in ("winnable", "won")]
        if unknown:
            raise BadInput(f"new: {unknown[0]!r} is not one of "
                           f"{', '.join(PICK_DIFFICULTIES)}, winnable, or a deal number")
        if difficulty is None and not winnable:
            n = random.SystemRandom().randrange(1_000_000)
        else:
            n = pick_deal(difficulty, winnable, None, None)
    return Position.from_deal(n), f"deal {n}"


@click.command()
@click.argument("source", metavar="DEAL|FILE", required=False)
@click.option("--color/--no-color", default=None,
              help="Colour the cards (default: only on a terminal, and not with NO_COLOR).")
@click.option("--redraw/--no-redraw", default=None,
              help="Redraw the board in place after each move (default: on a terminal).")
@default_seconds(DEFAULT_HINT_SECONDS)
@limit_options
def play(source, color, redraw, max_nodes, max_seconds, max_memory):
    """Play a deal or a position FILE in the terminal, one command a line (no DEAL: a
    random deal).

    Commands: a move (4>7, or 4>7:3 to name the card count), moves, undo, redo, hint,
    solve (the rest of a shortest solution), new [easy|medium|hard|expert] [winnable] or
    new NUMBER, save FILE (a game record `drez review` reads), board, help, quit.  After
    each move a short search (about a second) says whether the game is still winnable,
    lost, or unknown; a series removed is said in words; the last move is highlighted.
    Hints and solve stop after --max-seconds (5 s unless told) and Ctrl-C stops them
    without ending the game.  Reads piped input too; the game ends at the end of the
    input (Ctrl-D on a terminal offers to save first, as quit does).
    """
    ensure_compiled()
    console = Console()
    if source is None:
        pos, label = _new_deal([])
    else:
        pos, label = load_position(source)
    in_place = console.interactive if redraw is None else redraw
    session = Session(Game(pos, label), console, limits_from(max_nodes, max_seconds, max_memory),
                      use_color(color), in_place)
    click.echo(f"{label}. Type {PLAY_HELP}.")
    session.show()
    session.announce()
    while True:
        line, session.pending = session.pending or console.ask("> "), None
        if line is None:
            if session.end_of_input():
                break
            continue
        cmd = line.split("#", 1)[0].strip()
        if cmd and session.table.run(cmd) == QUIT:
            break


class Session:
    """The game being played at the terminal and the commands that act on it."""

    def __init__(self, game: Game, console: Console, limits: Limits, color: bool, in_place: bool):
        self.game, self.console, self.limits = game, console, limits
        self.color, self.in_place = color, in_place
        self.pending: str | None = None    # a command given where a file name was asked
        self.table = self._commands()

    def _commands(self) -> CommandTable:
        """The table of `drez play`: the shared words, then solve, new, save and board."""
        return CommandTable(
            shared_commands(help=self.help, quit=self.quit, undo=self.undo, hint=self.hint,
                            moves=self.moves)
            + [Command("redo", "play again the move undo took back", self.redo),
               Command("solve", "the rest of a shortest solution", self.solve),
               Command("new", "a fresh deal: new [DIFFICULTY] [winnable] or new NUMBER", self.new),
               Command("save", "save FILE: the game record drez review reads", self.save),
               Command("board", "draw the board again", lambda _: self.show())],
            self.play)

    def show(self) -> None:
        """Draw the board, the last move highlighted."""
        game = self.game
        if self.in_place:
            click.echo(CLEAR, nl=False, color=True)
        last = ""
        marked = None
        if game.texts:
            move = game.state.history[-1][1]
            last = f" · last move {game.texts[-1]}"
            marked = (move.dst, move.cards) if game.pos.columns[move.dst] else None
        click.echo(f"{game.label} · move {len(game.texts)}{last}")
        click.echo(draw(game.pos, self.color, marked), color=self.color)

    def announce(self) -> None:
        """Say when the position is won, or lost (blocked)."""
        game = self.game
        if game.pos.is_won():
            click.echo(f"WON in {plural(len(game.texts), 'move')}! Type new for another "
                       "deal, save FILE to keep this game, or quit.")
            return
        h = run_cancellable(lambda lim: quick_status(game.pos, lim.cancel), Limits(),
                            "checking the position")
        if h.verdict == LOST:
            click.echo(f"{status_words(h)}. Type undo to take moves back, new, or quit.")
        else:
            click.echo(status_words(h))

    def end_of_input(self) -> bool:
        """Ctrl-D, or the end of piped input: True to leave.  On a terminal it offers to
        save, as quit does; when the input is closed nothing can be asked, so nothing is
        saved, and the person is told how the moves could have been kept."""
        game = self.game
        if self.console.interactive:
            return self.offer_save()
        if not game.pos.is_won():
            click.echo("end of input: game left unfinished")
        if game.unsaved():
            click.echo(f"the {plural(len(game.texts), 'move')} played were not saved: "
                       "end the input with save FILE (or quit, then FILE) to keep them")
        return True

    def _is_command(self, line: str) -> bool:
        """The line names a command or a move: it is not a file name."""
        word = line.split()[0] if line.split() else ""
        return self.table.find(word) is not None or bool(re.fullmatch(r"\d+\s*>\s*\d+(:\d+)?", line))

    def offer_save(self) -> bool:
        """False when the person wants to stay in the game.  An answer that is a command
        or a move (the next line of piped input, say) is no file name: nothing is saved
        and that line runs next."""
        game = self.game
        if not game.unsaved():
            return True
        answer = self.console.ask(f"save the {plural(len(game.texts), 'move')} first? "
                                  "FILE to save, Enter to discard: ")
        answer = (answer or "").strip()
        if answer and self._is_command(answer):
            click.echo(f"{answer[:40]!r} is a command, not a file name: "
                       f"the {plural(len(game.texts), 'move')} were not saved")
            self.pending = answer
            return True
        if answer:
            save_game(game, answer, self.console)
            return not game.unsaved()
        return True

    def help(self, _arg: str) -> None:
        click.echo(self.table.help_text(MOVE_HELP))

    def quit(self, _arg: str) -> str | None:
        return QUIT if self.offer_save() else None

    def moves(self, _arg: str) -> None:
        state = self.game.state
        legal = state.legal_actions()
        click.echo(" ".join(state.action_text(m) for m in legal) if legal else "no legal move")

    def undo(self, _arg: str) -> None:
        if not self.game.texts:
            click.echo("nothing to undo")
            return
        move = self.game.state.undo()
        self.game.undone.append((move, self.game.texts.pop()))
        self.show()

    def redo(self, _arg: str) -> None:
        if not self.game.undone:
            click.echo("nothing to redo")
            return
        move, text = self.game.undone.pop()
        self._play_move(move, text)

    def hint(self, _arg: str) -> None:
        pos = self.game.pos
        h = run_cancellable(lambda lim: hints.hint(pos, lim), self.limits, "hint")
        click.echo("\n".join(hint_lines(pos, h)))

    def solve(self, _arg: str) -> None:
        pos = self.game.pos
        r = run_cancellable(lambda lim: solve(pos, lim, want_optimal=True), self.limits, "solving")
        _say_solution(pos, r)

    def new(self, arg: str) -> None:
        try:
            pos, label = _new_deal(arg.lower().split())
        except BadInput as e:
            click.echo(e.format_message())
            return
        if not self.offer_save():
            return
        self.game = Game(pos, label)
        click.echo(f"{label}.")
        self.show()
        self.announce()

    def save(self, arg: str) -> None:
        if not arg:
            click.echo("save needs a file name: save FILE")
            return
        save_game(self.game, arg, self.console)

    def play(self, cmd: str) -> None:
        state = self.game.state
        try:
            move = state.parse_action(cmd)
        except MoveError as e:
            click.echo(str(e))
            if isinstance(e, MoveSyntaxError) and ">" not in cmd:
                click.echo(self.table.help_text(MOVE_HELP))     # one command a line
            return
        self.game.undone.clear()           # a new move: what undo took back is gone
        self._play_move(move, state.action_text(move))

    def _play_move(self, move, text: str) -> None:
        state = self.game.state
        before = state.position
        self.game.texts.append(text)
        state.apply(move)
        self.show()
        gone = series_words(removed_series(before, move, state.position))
        if gone:
            click.echo(gone[0].upper() + gone[1:] + ".")
        self.announce()


def _say_solution(pos: Position, r) -> None:
    if r.verdict == WON:
        cur, texts = pos, []
        for m in r.moves:
            texts.append(move_text(cur.legal_moves(), m))
            cur = cur.play(m)
        kind = "shortest" if r.optimal else f"not proven shortest: {limit_words(r.limit)}"
        verb = "wins" if len(texts) == 1 else "win"
        click.echo(f"{plural(len(texts), 'move')} {verb} ({kind}): " + " ".join(texts)
                   if texts else "the game is won")
    elif r.verdict == LOST:
        click.echo("LOST: no sequence of moves wins from here")
    else:
        click.echo(f"UNKNOWN: the search stopped ({limit_words(r.limit)})")


COMMANDS = (play,)
