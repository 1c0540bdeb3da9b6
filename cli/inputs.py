"""Reading what the user names on the command line: deal numbers, position files, moves."""
from __future__ import annotations

import os
import sys

import click

from solver.deals import MAX_DEAL
from solver.jit import ensure_compiled
from solver.moves import MoveError, resolve_move
from solver.position import Position, PositionError


class BadInput(click.ClickException):
    """Input that is not what the command needs; one line, exit status 2."""
    exit_code = 2

    def __init__(self, message: str):
        super().__init__(message)
        self.ctx = click.get_current_context(silent=True)


def read_text(source: str) -> str:
    """The text of FILE, or of standard input for '-'; BadInput if it cannot be read."""
    if source == "-":
        return sys.stdin.read()
    try:
        with open(source, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise BadInput(f"cannot read {source}: {reason}") from None


def parse_deal_number(text: str) -> int:
    """A deal number 0..2**64-1 from text; BadInput otherwise."""
    try:
        n = int(text, 10)
    except ValueError:
        raise BadInput(f"{text!r} is not a deal number") from None
    if not 0 <= n <= MAX_DEAL:
        raise BadInput(f"deal number {text} is outside 0..{MAX_DEAL}")
    return n


def load_position(source: str) -> tuple[Position, str]:
    """The position a command argument names, and a label for it.

    A plain number that is not an existing file is a deal number; anything else is a
    position file ('-' for standard input).  Complete series are removed at once.
    """
    ensure_compiled()
    if source.isdigit() and not os.path.exists(source):
        n = parse_deal_number(source)
        return Position.from_deal(n), f"deal {n}"
    text = read_text(source)
    label = "standard input" if source == "-" else source
    try:
        return Position.parse(text), label
    except PositionError as e:
        raise BadInput(f"{label}: {e}") from None


def play_moves(pos: Position, texts) -> tuple[Position, list]:
    """Play the moves written in `texts` from pos; BadInput naming the first illegal one."""
    played = []
    for i, text in enumerate(texts, 1):
        try:
            move = resolve_move(pos.legal_moves(), text)
        except MoveError as e:
            raise BadInput(f"move {i}: {e}") from None
        pos = pos.play(move)
        played.append(move)
    return pos, played
