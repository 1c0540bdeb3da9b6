"""The kinds of bad input, one class per kind (as python-chess's `InvalidMoveError`...):
callers test the class, never the message.  Every one is a ValueError whose message is
one line naming the input at fault, ready to show as it is."""
from __future__ import annotations


class InputError(ValueError):
    """Input a front end was given that is not what it needs."""


class UnreadableInputError(InputError):
    """A file or standard input that cannot be read as text: missing, a folder, closed,
    too large, or not UTF-8."""


class DealNumberError(InputError):
    """Text that is not a deal number 0..2**64-1 in ASCII digits."""


class PositionInputError(InputError):
    """Text that is not a position; `line` is the 1-based line at fault, or None."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


class MoveInputError(InputError):
    """A move given as text that cannot be played.  `number` is its place in a list of
    moves (1-based; None for a single move) and `reason` the rules' words, quoting it."""

    def __init__(self, number: int | None, reason: str):
        super().__init__(f"move {number}: {reason}" if number else f"move: {reason}")
        self.number = number
        self.reason = reason


class NotAMoveError(MoveInputError):
    """Text that is not a move at all (not `4>7` or `4>7:3`, a column out of 1-9, ...)."""


class UnplayableMoveError(MoveInputError):
    """A well-formed move that the position does not allow, or that names several."""


class RecordError(InputError):
    """A game record that cannot be read or replayed; `line` is its 1-based line number
    and `source`, when known, names the record."""

    def __init__(self, line: int, message: str, source: str | None = None):
        where = f"{source}: line {line}" if source else f"line {line}"
        super().__init__(f"{where}: {message}")
        self.line = line
        self.reason = message
        self.source = source


class DealIndexError(InputError):
    """A deal index (deals/index.json) that is missing or cannot be read."""


class PickError(InputError):
    """A pick the deal index cannot answer: an unknown difficulty, options that exclude
    each other, or no deal of the kind asked for."""
