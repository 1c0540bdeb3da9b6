"""A game of Crapette at the terminal: computer seats play and tell their turns move by move,
people type moves in the notation (rule C17) through the shared command table
(cli/repl.py)."""
from __future__ import annotations

import random

import click

from drez.cli.crapette.render import describe_move, draw_table, owner_label
from drez.cli.repl import QUIT, Command, CommandTable, shared_commands
from drez.solver.crapette.actions import IllegalMove
from drez.solver.crapette.hints import hint
from drez.solver.crapette.memory import PileMemory
from drez.solver.crapette.takeback import take_back

PLAY_HELP = """Moves are from-to: f (your first pile), s (your second pile), 1-8 (work spaces),
h or h1-h8 (home piles), os/ot (opponent's second/third pile). Examples: s-h  f-3  2-ot
Work spaces 1-4 were dealt from player 0's pack, 5-8 from player 1's (labelled on the table).
Third piles are shown whole, top card last; [under it: ...] lists cards you have seen and
so remember under a first- or second-pile top (after a third pile was turned over, say).
Words: switch (end the turn / pass), flip (turn your third pile over), undo (take back a move
of this turn that turned up no card), hint, moves, stop, help (?), quit (q)."""


def tell_turn(lines: list[str], who: str, color: bool) -> None:
    """A computer's turn, move by move: one numbered line per move, in the order made."""
    click.echo(f"{who}'s turn:", color=color)
    for i, words in enumerate(lines, 1):
        click.echo(f"  {i}. {words}", color=color)


class Session:
    """Plays ``state`` to its end; ``bots`` maps computer seats to players, the other seats
    read moves from ``stdin`` (from cli.inputs.stdin_lines); ``rngs`` holds each computer
    seat's random source; hints draw from ``hint_rng`` alone, so asking for one never
    changes the game.  Each computer turn is told move by move when a person plays (not
    ``quiet``).  The table shows what a computer player may see, remembered cards
    included (a ``PileMemory`` fed the view after every move)."""

    def __init__(self, state, names, bots, rngs, color, stdin, quiet=False, hint_rng=None):
        self.state, self.names, self.bots, self.rngs = state, names, bots, rngs
        self.color, self.stdin, self.quiet = color, stdin, quiet
        self.hint_rng = random.Random("crapette-hints") if hint_rng is None else hint_rng
        self.memory = PileMemory()
        self.memory.update(state.view(0))
        self.show = True
        self.table = CommandTable(
            shared_commands(help=self.help, quit=self.quit, undo=self.undo, hint=self.hint,
                            moves=self.moves)
            + [Command("stop", "call stop on a faulty turn (C15, two players)", self.stop)],
            self.play)

    def _moved(self) -> None:
        self.memory.update(self.state.view(0))
        self.show = True

    def run(self) -> bool:
        """Play to the end; False when a person quits or input ends (game left unfinished)."""
        state = self.state
        told: list[str] = []        # the computer's moves of this turn, in words
        while state.result is None:
            p = state.to_move
            if p in self.bots:
                m = self.bots[p].choose(state.view(p), self.rngs[p])
                if not self.quiet:
                    told.append(describe_move(state, m, p, self.color))
                state.play(m)
                self._moved()
                if told and (state.to_move != p or state.result is not None):
                    tell_turn(told, owner_label(self.names[p]), self.color)
                    told = []
                continue
            if self.show:
                click.echo(draw_table(state, self.names, self.color, self.memory), color=self.color)
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
        m = hint(self.state, self.hint_rng)
        click.echo(f"hint: {self.state.action_text(m)}")

    def moves(self, _arg: str) -> None:
        click.echo("moves: " + " ".join(self.state.action_text(m) for m in self.state.legal_actions()))

    def undo(self, _arg: str) -> None:
        """Take back the last move of this turn, unless it showed a card that was face down."""
        try:
            take_back(self.state)
        except IllegalMove as e:
            click.echo(f"no: {e}")
            return
        self._moved()

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
        self.memory = PileMemory()          # piles grew back: start remembering afresh
        self._moved()

    def play(self, cmd: str) -> None:
        try:
            self.state.apply(self.state.parse_action(cmd))
        except ValueError as e:
            click.echo(f"no: {e}")
            return
        self._moved()
