"""Game records: the text of a game (its start and its moves), written and read.

Game record format
------------------
    # comments start with '#', anywhere (also after a move)
    deal 42                      first line: a deal number, or
    position                     'position' and the nine column lines of the position
    J1 Q7 X2                     text format (an empty line is an empty column), or
    ...                          'position PATH' naming a position file (relative to the
    4>7                          record's own folder); then one move per line in move
    2>5:3                        notation.  Blank lines between moves are skipped.

`format_record()` writes this format and `parse_record()` reads it back.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field

from ..rules.deals import MAX_DEAL, cut, deal_from_digits
from ..rules.moves import MoveError, resolve_move
from ..rules.position import Position, PositionError
from .errors import RecordError, UnreadableInputError

MAX_POSITION_BYTES = 1 << 16     # a position file is a few hundred bytes


@dataclass(frozen=True)
class GameRecord:
    """A game as its record gives it: the start, a label for it, and the moves played."""
    start: Position
    label: str
    moves: list = field(default_factory=list)   # (line number, Move, text as written)


def _strip(line: str) -> str:
    return line.split("#", 1)[0].strip()


def parse_record(text: str, base_dir: str = ".") -> GameRecord:
    """Read and replay a game record; RecordError names the first bad line (an unreadable
    start, a malformed move, or an illegal move with the reason)."""
    lines = text.splitlines()
    i = 0
    while i < len(lines) and not _strip(lines[i]):
        i += 1
    if i == len(lines):
        raise RecordError(1, "empty game record (it starts with 'deal N' or 'position')")
    head = _strip(lines[i]).split(None, 1)
    head_line = i + 1
    i += 1
    if head[0] == "deal":
        n = (deal_from_digits(head[1]) if len(head) == 2 and head[1].isascii()
             and head[1].isdigit() else None)
        if n is None:
            raise RecordError(head_line, f"{cut(lines[head_line - 1].strip())!r}: "
                                         f"write 'deal N' with N in 0..{MAX_DEAL}")
        start, label = Position.from_deal(n), f"deal {n}"
    elif head[0] == "position" and len(head) == 2:
        path = os.path.join(base_dir, head[1])
        try:
            with open(path, encoding="utf-8-sig") as f:
                text = f.read(MAX_POSITION_BYTES + 1)
            if len(text) > MAX_POSITION_BYTES:
                raise RecordError(head_line, f"{head[1]} is too large to be a position")
            start = Position.parse(text)
        except (OSError, UnicodeDecodeError) as e:
            reason = getattr(e, "strerror", None) or "not UTF-8 text"
            raise RecordError(head_line, f"cannot read {head[1]}: {reason}") from None
        except PositionError as e:
            raise RecordError(head_line, f"{head[1]}: {e}") from None
        label = head[1]
    elif head[0] == "position":
        block = []
        while len(block) < 9 and i < len(lines):
            if not lines[i].strip().startswith("#"):
                block.append(lines[i])
            i += 1
        if len(block) < 9:
            raise RecordError(i, f"the position has {len(block)} column lines; it needs nine")
        try:   # comment lines in front keep the parser's line numbers the record's
            start = Position.parse("#\n" * head_line + "\n".join(lines[head_line:i]) + "\n")
        except PositionError as e:
            raise RecordError(e.line or head_line, f"position: {e}") from None
        label = "position"
    else:
        raise RecordError(head_line, f"{lines[head_line - 1].strip()!r}: a game record starts "
                          "with 'deal N' or 'position'")
    moves = []
    pos = start
    for lineno in range(i + 1, len(lines) + 1):
        text_move = _strip(lines[lineno - 1])
        if not text_move:
            continue
        try:
            move = resolve_move(pos.legal_moves(), text_move)
        except MoveError as e:
            raise RecordError(lineno, f"move {len(moves) + 1}: {e}") from None
        moves.append((lineno, move, text_move))
        pos = pos.play(move)
    return GameRecord(start, label, moves)


def read_record(text: str, source: str, base_dir: str | None = ".") -> GameRecord:
    """parse_record(text, base_dir), its RecordError naming `source`.  With base_dir None
    no file is read: a record whose start is 'position PATH' is refused (the web API)."""
    if base_dir is None:
        head = next((_strip(ln).split() for ln in text.splitlines() if _strip(ln)), [])
        if head[:1] == ["position"] and len(head) > 1:
            raise UnreadableInputError(f"{source}: 'position PATH' names a file; the API reads "
                                       "no file (give the nine column lines after 'position')")
    try:
        return parse_record(text, base_dir or ".")
    except RecordError as e:
        raise RecordError(e.line, e.reason, source) from None


def format_record(start_text: str, moves_text: list[str]) -> str:
    """A game record: start_text is 'deal N' or a position's text; then the moves."""
    if start_text.startswith("deal "):
        head = start_text.rstrip("\n") + "\n"
    else:
        head = "position\n" + start_text
    return head + "".join(m + "\n" for m in moves_text)


