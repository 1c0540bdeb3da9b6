"""A game of Up-and-down at the terminal: computer seats play, people type their moves
through the shared command table (cli/repl.py), each seeing only their own view (U18)."""
from __future__ import annotations

import random

import click

from drez.cli.repl import QUIT, Command, CommandTable, shared_commands
from drez.cli.updown.human import HELP, card_text, describe, final_lines, status
from drez.solver.updown.actions import PASS, STOP, ActionTextError, parse_action
from drez.solver.updown.hints import hint

_REVEALING = ("refill", "out")       # events after which a move stands: cards were seen


class Session:
    """Plays one game ``state`` to its end: ``computer`` maps seats to bots, ``humans`` type
    their moves on ``stdin`` (from cli.inputs.stdin_lines); ``rngs`` holds each computer
    seat's random source; hints and suggestions draw from ``hint_rng`` alone, so asking for
    them never changes the game.  At the end every hand is shown with the cards left;
    ``labels`` name the seats there (default 'seat N')."""

    def __init__(self, state, humans: set[int], computer: dict, rngs: dict, stdin,
                 hint_rng: random.Random | None = None, labels: list[str] | None = None):
        self.state, self.humans, self.computer = state, humans, computer
        self.rngs, self.stdin = rngs, stdin
        self.hint_rng = random.Random("updown-hints") if hint_rng is None else hint_rng
        self.labels = labels
        self.you = next(iter(humans)) if len(humans) == 1 else -1    # several people: no "you"
        self.shown = 0                                 # history events told so far
        self.named = dict.fromkeys(humans, 0)     # own draws already told with their card, per seat
        self.taken_back: list = []                # clones before each of this turn's plays
        self.table = CommandTable(
            shared_commands(help=self.help, quit=self.quit, undo=self.undo, hint=self.hint,
                            moves=self.moves)
            + [Command("g", "what the greedy player would play (a suggestion)", self.greedy,
                       ("greedy",)),
               Command("auto", "let the greedy player make this move for you", self.auto)],
            self.play, move_words=("q",))          # q is the Queen here; quit is `quit`

    def run(self) -> bool:
        """Play to the end; False when a person quits or input ends (game left unfinished)."""
        state, status_at = self.state, -1
        while not state.done:
            self.tell()
            p = state.turn
            if p not in self.humans:
                legal = state.legal_actions()
                state.apply(legal[0] if len(legal) == 1
                            else self.computer[p].choose(state.view(p), self.rngs[p]))
                continue
            view = state.view(p)
            if view.legal == (PASS,) or (view.legal == (STOP,) and not self.taken_back):
                self.apply(view.legal[0])               # nothing else is legal: no question
                continue
            if view.legal == (STOP,) and len(state.history) != status_at:
                click.echo("Nothing more fits: s to stop, or undo.")
            if len(state.history) != status_at:
                status_at = len(state.history)
                if self.you < 0:
                    click.echo(f"-- seat {p} to move --")
                for line in status(view):
                    click.echo(line)
            click.echo("> ", nl=False)
            line = self.stdin.readline()
            if not line:
                click.echo("\nend of input: game left unfinished")
                return False
            if self.table.run(line.strip()) == QUIT:
                return False
        self.tell()
        if self.humans:
            for text in final_lines(self.state, self.you, self.labels):
                click.echo(text)
        return True

    def tell(self) -> None:
        """Tell the people the public events not told yet (their own draws are told with
        the card when they are made)."""
        if not self.humans:
            return
        for event in self.state.history[self.shown:]:
            if event[0] == "draw" and self.named.get(event[1]):
                self.named[event[1]] -= 1
                continue
            click.echo(describe(event, self.you))
        self.shown = len(self.state.history)

    def apply(self, action) -> None:
        """Make the person's `action`; a drawn card is named to its drawer; a play can be
        taken back until the turn ends or cards are seen."""
        state, p = self.state, self.state.turn
        before = list(state.view(p).hand)
        saved = state.clone(record=True) if action.kind == "play" else None
        state.apply(action)
        revealed = any(e[0] in _REVEALING for e in state.history[len(saved.history):]) if saved else True
        self.taken_back = self.taken_back + [saved] if not revealed and state.turn == p else []
        if action.kind == "draw":
            after = list(state.view(p).hand)
            for c in before:
                if c in after:
                    after.remove(c)
            if after:
                who = "You draw" if p == self.you else f"Seat {p} draws"
                click.echo(f"{who} {card_text(after[0])} from reserve pile {action.arg + 1}.")
                self.named[p] += 1

    def play(self, text: str) -> None:
        try:
            action = parse_action(text, self.state.view(self.state.turn), card_text)
        except ActionTextError as err:
            click.echo(f"{err} {HELP}")
            return
        except ValueError as err:
            click.echo(str(err))
            return
        self.apply(action)

    def help(self, _arg: str) -> None:
        click.echo(self.table.help_text(HELP))

    def quit(self, _arg: str) -> str:
        click.echo("You quit.")
        return QUIT

    def greedy(self, _arg: str) -> None:
        click.echo(f"greedy would play: {hint(self._view(), self.hint_rng, 'greedy')}")

    def auto(self, _arg: str) -> None:
        self.apply(hint(self._view(), self.hint_rng, "greedy"))

    def hint(self, _arg: str) -> None:
        click.echo(f"hint: {hint(self._view(), self.hint_rng)}")

    def _view(self):
        return self.state.view(self.state.turn)

    def moves(self, _arg: str) -> None:
        click.echo("Legal: " + ", ".join(map(str, self.state.legal_actions())))

    def undo(self, _arg: str) -> None:
        if not self.taken_back:
            click.echo("nothing to undo in this turn")
            return
        self.state.copy_from(self.taken_back.pop())
        self.shown = min(self.shown, len(self.state.history))
        click.echo("taken back")
