"""A game of Crapette at the terminal: computer seats play and tell their turns in words,
people type moves in the notation (rule C17) through the shared command table
(cli/repl.py)."""
from __future__ import annotations

import click

from drez.cli.crapette.render import describe_move, draw_table
from drez.cli.repl import QUIT, Command, CommandTable, shared_commands
from drez.solver.crapette.actions import IllegalMove
from drez.solver.crapette.piles import WORK, flip_move, stock
from drez.solver.crapette.sim import make_bot

PLAY_HELP = """Moves are from-to: f (your first pile), s (your second pile), 1-8 (work spaces),
h or h1-h8 (home piles), os/ot (opponent's second/third pile). Examples: s-h  f-3  2-ot
Work spaces 1-4 were dealt from player 0's pack, 5-8 from player 1's (labelled on the table).
Words: switch (end the turn / pass), flip (turn your third pile over), undo (take back a move
of this turn that turned up no new card), hint, moves, stop, help (?), quit (q)."""


def tell_turn(moves: list, color: bool) -> None:
    """The computer's turn in words: every move when there are few, else the moves that
    touch home piles, its own piles or yours, and a count of the work-space shuffles."""
    if len(moves) <= 8:
        lines = [words for _, words in moves]
    else:
        lines, shuffles, at = [], 0, None
        for shuffle, words in moves:
            if shuffle:
                shuffles += 1
                at = len(lines) if at is None else at
            else:
                lines.append(words)
        if shuffles:
            lines.insert(at, f"moves cards between work spaces ({shuffles} moves; "
                             "the table below shows where they ended)")
    click.echo("computer's turn:", color=color)
    for i, words in enumerate(lines, 1):
        click.echo(f"  {i}. {words}", color=color)


class Session:
    """Plays ``state`` to its end; ``bots`` maps computer seats to players, the other seats
    read moves from ``stdin`` (from cli.inputs.stdin_lines); ``rngs`` holds each seat's
    random source (hints use it too).  Each computer turn is told in words when a person
    plays (not ``quiet``)."""

    def __init__(self, state, names, bots, rngs, color, stdin, quiet=False):
        self.state, self.names, self.bots, self.rngs = state, names, bots, rngs
        self.color, self.stdin, self.quiet = color, stdin, quiet
        self.show = True
        self.table = CommandTable(
            shared_commands(help=self.help, quit=self.quit, undo=self.undo, hint=self.hint,
                            moves=self.moves)
            + [Command("stop", "call stop on a faulty turn (C15, two players)", self.stop)],
            self.play)

    def run(self) -> bool:
        """Play to the end; False when a person quits or input ends (game left unfinished)."""
        state = self.state
        turn_moves: list = []       # (between work spaces?, words) of the computer's turn
        while state.result is None:
            p = state.to_move
            if p in self.bots:
                m = self.bots[p].choose(state.view(p), self.rngs[p])
                if not self.quiet:
                    shuffle = m.src in WORK and m.dst in WORK
                    turn_moves.append((shuffle, describe_move(state, m, p, self.color)))
                state.play(m)
                if turn_moves and (state.to_move != p or state.result is not None):
                    tell_turn(turn_moves, self.color)
                    turn_moves = []
                self.show = True
                continue
            if self.show:
                click.echo(draw_table(state, self.names, self.color), color=self.color)
                self.show = False
            click.echo(f"{self.names[p]}> ", nl=False)
            line = self.stdin.readline()
            if not line:
                click.echo("\nend of input: game left unfinished")
                return False
            cmd = line.strip().lower()
            if not self.stdin.isatty():
                click.echo(cmd)          # piped input: keep the transcript readable
            if cmd and self.table.run(cmd) == QUIT:
                return False
        return True

    def help(self, _arg: str) -> None:
        click.echo(self.table.help_text(PLAY_HELP))

    def quit(self, _arg: str) -> str:
        click.echo("game abandoned")
        return QUIT

    def hint(self, _arg: str) -> None:
        p = self.state.to_move
        m = make_bot("best").choose(self.state.view(p), self.rngs[p])
        click.echo(f"hint: {self.state.action_text(m)}")

    def moves(self, _arg: str) -> None:
        click.echo("moves: " + " ".join(self.state.action_text(m) for m in self.state.legal_actions()))

    def undo(self, _arg: str) -> None:
        """Take back the last move of this turn, unless it turned up a card that was hidden."""
        state, p = self.state, self.state.to_move
        if len(state.history) <= state.turn_start:
            click.echo("nothing to undo in this turn")
            return
        last = state.history[-1][0]
        if last.src == stock(p) or last == flip_move(p):
            click.echo("no: that move turned up a new card, so it stands")
            return
        state.undo()
        self.show = True

    def stop(self, _arg: str) -> None:
        state = self.state
        if not state.stop_rule:
            click.echo("stop is only for human-vs-human games (--two-players)")
            return
        try:
            caller = state.call_stop()
        except IllegalMove as e:
            click.echo(f"no: {e}")
            return
        click.echo(f"stop! the faulty turn is taken back; {self.names[caller]} to move")
        self.show = True

    def play(self, cmd: str) -> None:
        try:
            self.state.apply(self.state.parse_action(cmd))
        except ValueError as e:
            click.echo(f"no: {e}")
            return
        self.show = True
