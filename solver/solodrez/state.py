"""Solodrez in the games' protocol (solver/common/protocol.py): a thin adapter over the
immutable `Position` of rules/position.py, for front ends that drive every game alike.

One seat (0) plays; the view is the whole position (nothing is hidden); actions are
`Move`s written as in rules/moves.py (`4>7`, or `4>7:3` when the count must be named).
The error kinds are rules/moves.py's: MoveSyntaxError and AmbiguousMoveError are
BadActionText, IllegalMoveError is IllegalAction.
"""
from __future__ import annotations

from drez.solver.solodrez.rules.moves import IllegalMoveError, Move, move_text, resolve_move
from drez.solver.solodrez.rules.position import Position


class GameState:
    """A Solodrez game in play: the current position and the positions before each move."""

    def __init__(self, position: Position):
        self.position = position
        self.history: list[tuple[Position, Move]] = []   # (position before, move made)

    @property
    def to_move(self) -> int:
        """Always seat 0: Solodrez is a patience."""
        return 0

    @property
    def done(self) -> bool:
        """True when the position is won or no move is legal."""
        return self.position.is_won() or not self.position.legal_moves()

    def legal_actions(self) -> list[Move]:
        """Every legal move of the position, in generation order."""
        return self.position.legal_moves()

    def apply(self, move: Move) -> None:
        """Play `move`; IllegalMoveError (state unchanged) when it is not legal."""
        if move not in self.position.legal_moves():
            raise IllegalMoveError(f"move {move} is not legal here")
        self.history.append((self.position, move))
        self.position = self.position.play(move)

    def undo(self) -> Move:
        """Take back the last move; returns it.  IndexError when no move was made."""
        self.position, move = self.history.pop()
        return move

    def view(self, seat: int = 0) -> Position:
        """The whole position: a patience hides nothing from its one player."""
        return self.position

    def action_text(self, move: Move) -> str:
        """The shortest notation of `move` among the legal moves (count only when needed)."""
        return move_text(self.position.legal_moves(), move)

    def parse_action(self, text: str) -> Move:
        """The legal move `text` names (see rules.moves.resolve_move for the error kinds)."""
        return resolve_move(self.position.legal_moves(), text)
