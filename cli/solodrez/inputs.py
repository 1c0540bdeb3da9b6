"""Reading what the user names on the command line: deal numbers, position files, moves."""
from __future__ import annotations

import os
import re
import sys

import click

from drez.solver.solodrez.rules.deals import MAX_DEAL
from drez.solver.solodrez.rules.moves import MoveError, resolve_move
from drez.solver.solodrez.rules.position import Position, PositionError

# A position is ~250 bytes and a long game record a few kilobytes; anything past this is
# not something a person wrote, and reading it whole would only waste time and memory.
MAX_INPUT_BYTES = 1 << 20

_DIGITS = re.compile(r"[0-9]+")


class BadInput(click.ClickException):
    """Input that is not what the command needs; one line, exit status 2."""
    exit_code = 2

    def __init__(self, message: str):
        super().__init__(message)
        self.ctx = click.get_current_context(silent=True)


def stdin_lines():
    """Standard input for line-by-line reading; BadInput when it is closed."""
    if sys.stdin is None or sys.stdin.closed:
        raise BadInput("standard input is closed; give a file, or pipe the text in")
    return sys.stdin


def _decode(data: bytes, label: str) -> str:
    if len(data) > MAX_INPUT_BYTES:
        raise BadInput(f"{label} is larger than {MAX_INPUT_BYTES >> 20} MiB; "
                       "that is not a position or a game record")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise BadInput(f"{label}: not UTF-8 text (byte {e.start + 1})") from None


def read_text(source: str) -> str:
    """The text of FILE, or of standard input for '-' (at most MAX_INPUT_BYTES, a UTF-8
    byte-order mark dropped); BadInput if it cannot be read or is too large."""
    if source == "-":
        stream = stdin_lines()
        try:
            data = stream.buffer.read(MAX_INPUT_BYTES + 1) if hasattr(stream, "buffer") \
                else stream.read(MAX_INPUT_BYTES + 1).encode("utf-8", "replace")
        except OSError as e:
            raise BadInput(f"cannot read standard input: {e.strerror or e}") from None
        return _decode(data, "standard input")
    if "\0" in source:
        raise BadInput(f"cannot read {source!r}: a file name has no NUL character")
    try:
        if os.path.isdir(source):
            raise BadInput(f"cannot read {source}: it is a folder")
        with open(source, "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as e:
        raise BadInput(f"cannot read {source}: {e.strerror or e}") from None
    return _decode(data, source)


def parse_deal_number(text: str) -> int:
    """A deal number 0..2**64-1 written in ASCII digits only; BadInput otherwise."""
    if not _DIGITS.fullmatch(text):
        stripped = text.strip()
        if stripped.startswith("-") and stripped[1:].isdigit():
            raise BadInput(f"deal number {stripped} is outside 0..{MAX_DEAL}")
        raise BadInput(f"{text!r} is not a deal number (digits 0-9 only, 0..{MAX_DEAL})")
    n = int(text, 10)
    if n > MAX_DEAL:
        raise BadInput(f"deal number {text} is outside 0..{MAX_DEAL}")
    return n


def _looks_numeric(text: str) -> bool:
    return any(ch.isdigit() for ch in text) and "/" not in text


def load_position(source: str) -> tuple[Position, str]:
    """The position a command argument names, and a label for it.

    ASCII digits are always a deal number (write ./42 for a file named 42); anything else
    is a position file ('-' for standard input).  Complete series are removed at once.
    Plain Python: a command that then asks the engine calls `ensure_compiled` first.
    """
    if _DIGITS.fullmatch(source) or (source.startswith("-") and source[1:].isdigit()):
        n = parse_deal_number(source)
        return Position.from_deal(n), f"deal {n}"
    if source != "-" and _looks_numeric(source) and not os.path.exists(source):
        raise BadInput(f"{source!r} is not a deal number (digits 0-9 only, 0..{MAX_DEAL}) "
                       "and no file has that name")
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


def check_writable_file(path: str, option: str) -> None:
    """BadInput, before anything is written, when `path` cannot be created or replaced."""
    if "\0" in path or not path:
        raise BadInput(f"{option} {path!r} is not a file name")
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise BadInput(f"{option} {path} is a folder; name a file")
    if os.path.exists(path) and not os.path.isfile(path):
        raise BadInput(f"{option} {path} is not a regular file")
    if not os.path.isdir(folder):
        raise BadInput(f"{option} {path}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK) or (
            os.path.exists(path) and not os.access(path, os.W_OK)):
        raise BadInput(f"{option} {path}: no permission to write there")
