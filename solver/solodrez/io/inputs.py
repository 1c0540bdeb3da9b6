"""Reading what a person names: text from a file or standard input, deal numbers,
positions and moves as text.  Plain Python: a caller that then asks the engine calls
`ensure_compiled` first."""
from __future__ import annotations

import os
import re
import sys

from ..rules.deals import MAX_DEAL, cut, deal_from_digits
from ..rules.moves import Move, MoveError, MoveSyntaxError, resolve_move
from ..rules.position import Position, PositionError
from .errors import (
    DealNumberError,
    NotAMoveError,
    PositionInputError,
    UnplayableMoveError,
    UnreadableInputError,
)

# A position is ~250 bytes and a long game record a few kilobytes; anything past this is
# not something a person wrote, and reading it whole would only waste time and memory.
MAX_INPUT_BYTES = 1 << 20

_DIGITS = re.compile(r"[0-9]+")


def stdin_lines():
    """Standard input for line-by-line reading; UnreadableInputError when it is closed."""
    if sys.stdin is None or sys.stdin.closed:
        raise UnreadableInputError("standard input is closed; give a file, or pipe the text in")
    return sys.stdin


def _decode(data: bytes, label: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise UnreadableInputError(f"{label} is larger than {MAX_INPUT_BYTES >> 20} MiB; "
                                   "that is not a position or a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise UnreadableInputError(f"{label}: not UTF-8 text (byte {e.start + 1})") from None


def read_text(source: str) -> str:
    """The text of FILE, or of standard input for '-' (at most MAX_INPUT_BYTES, a UTF-8
    byte-order mark dropped); UnreadableInputError if it cannot be read or is too large."""
    if source == "-":
        stream = stdin_lines()
        try:
            data = stream.buffer.read(MAX_INPUT_BYTES + 1) if hasattr(stream, "buffer") \
                else stream.read(MAX_INPUT_BYTES + 1).encode("utf-8", "replace")
        except OSError as e:
            raise UnreadableInputError(f"cannot read standard input: {e.strerror or e}") from None
        return _decode(data, "standard input")
    if "\0" in source:
        raise UnreadableInputError(f"cannot read {source!r}: a file name has no NUL character")
    try:
        if os.path.isdir(source):
            raise UnreadableInputError(f"cannot read {source}: it is a folder")
        with open(source, "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise UnreadableInputError(f"cannot read {source}: {e.strerror or e}") from None
    return _decode(data, source)


def parse_deal_number(text: str) -> int:
    """A deal number 0..2**64-1 written in ASCII digits only; DealNumberError otherwise."""
    if not _DIGITS.fullmatch(text):
        stripped = text.strip()
        if stripped.startswith("-") and stripped[1:].isdigit():
            raise DealNumberError(f"deal number {cut(stripped)} is outside 0..{MAX_DEAL}")
        raise DealNumberError(f"{cut(text)!r} is not a deal number (digits 0-9 only, "
                              f"0..{MAX_DEAL})")
    n = deal_from_digits(text)
    if n is None:
        raise DealNumberError(f"deal number {cut(text)} is outside 0..{MAX_DEAL}")
    return n


def read_position(text: str, label: str) -> Position:
    """The position `text` writes (series removed); PositionInputError naming `label`."""
    try:
        return Position.parse(text)
    except PositionError as e:
        raise PositionInputError(f"{label}: {e}", e.line) from None


def _looks_numeric(text: str) -> bool:
    return any(ch.isdigit() for ch in text) and "/" not in text


def load_position(source: str) -> tuple[Position, str]:
    """The position a command argument names, and a label for it.

    ASCII digits are always a deal number (write ./42 for a file named 42); anything else
    is a position file ('-' for standard input).  Complete series are removed at once.
    """
    if _DIGITS.fullmatch(source) or (source.startswith("-") and source[1:].isdigit()):
        n = parse_deal_number(source)
        return Position.from_deal(n), f"deal {n}"
    if source != "-" and _looks_numeric(source) and not os.path.exists(source):
        raise DealNumberError(f"{source!r} is not a deal number (digits 0-9 only, "
                              f"0..{MAX_DEAL}) and no file has that name")
    label = "standard input" if source == "-" else source
    return read_position(read_text(source), label), label


def read_move(pos: Position, text: str, number: int | None = None) -> Move:
    """The legal move of pos that `text` names ("4>7" or "4>7:3"); NotAMoveError if it is
    no move at all, UnplayableMoveError if pos does not allow it or it names several.
    `number` is its place in a list of moves, for the message."""
    try:
        return resolve_move(pos.legal_moves(), text)
    except MoveSyntaxError as e:
        raise NotAMoveError(number, str(e)) from None
    except MoveError as e:
        raise UnplayableMoveError(number, str(e)) from None


def play_until_unplayable(pos: Position, texts) -> tuple[Position, list[Move],
                                                         UnplayableMoveError | None]:
    """Play the moves written in `texts` from pos up to the first that pos does not allow:
    (the position reached, the moves played, that move's error or None).  Text that is no
    move at all raises NotAMoveError."""
    played = []
    for i, text in enumerate(texts, 1):
        try:
            move = read_move(pos, text, i)
        except UnplayableMoveError as e:
            return pos, played, e
        pos = pos.play(move)
        played.append(move)
    return pos, played, None


def play_moves(pos: Position, texts) -> tuple[Position, list[Move]]:
    """Play every move written in `texts` from pos; the first that cannot be played raises
    (NotAMoveError or UnplayableMoveError, naming its number)."""
    pos, played, unplayable = play_until_unplayable(pos, texts)
    if unplayable is not None:
        raise unplayable
    return pos, played
