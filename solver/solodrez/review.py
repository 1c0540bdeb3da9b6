"""Game records and their review.

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

from .hints import Hint, hint
from .rules.deals import MAX_DEAL
from .rules.moves import Move, MoveError, resolve_move
from .rules.position import Position, PositionError
from .search.solve import LOST, WON, Limits

MAX_POSITION_BYTES = 1 << 16     # a position file is a few hundred bytes


class RecordError(ValueError):
    """A game record that cannot be read or replayed; `line` is its 1-based line number."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line = line


@dataclass
class GameRecord:
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
        if len(head) != 2 or not (head[1].isascii() and head[1].isdigit()) \
                or int(head[1]) > MAX_DEAL:
            raise RecordError(head_line, f"{lines[head_line - 1].strip()!r}: "
                                         f"write 'deal N' with N in 0..{MAX_DEAL}")
        start, label = Position.from_deal(int(head[1])), f"deal {int(head[1])}"
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
    record = GameRecord(start, label)
    pos = start
    for lineno in range(i + 1, len(lines) + 1):
        text_move = _strip(lines[lineno - 1])
        if not text_move:
            continue
        try:
            move = resolve_move(pos.legal_moves(), text_move)
        except MoveError as e:
            raise RecordError(lineno, f"move {len(record.moves) + 1}: {e}") from None
        record.moves.append((lineno, move, text_move))
        pos = pos.play(move)
    return record


def format_record(start_text: str, moves_text: list[str]) -> str:
    """A game record: start_text is 'deal N' or a position's text; then the moves."""
    if start_text.startswith("deal "):
        head = start_text.rstrip("\n") + "\n"
    else:
        head = "position\n" + start_text
    return head + "".join(m + "\n" for m in moves_text)


@dataclass
class Step:
    """One reviewed move: the positions before and after, their hints (distance = moves
    to a win with best play, None unless proven), and whether it lost or was slow."""
    number: int
    line: int
    move: Move
    text: str
    before: Hint
    after: Hint

    @property
    def losing(self) -> bool:
        """The move turned a winnable position into a lost one."""
        return self.before.verdict == WON and self.after.verdict == LOST

    @property
    def slow(self) -> bool:
        """A proven-winnable move that lengthens the shortest win (not losing)."""
        b, a = self.before.distance, self.after.distance
        return b is not None and a is not None and a != b - 1

    @property
    def cost(self) -> int | None:
        """Moves this move added to the shortest win (0 for a best move); None unless
        both distances are proven or the move lost."""
        b, a = self.before.distance, self.after.distance
        if b is None or a is None:
            return None
        return a + 1 - b

    @property
    def best(self) -> Move | None:
        """The move a shortest win plays instead (None if this move was one)."""
        if self.losing or self.slow:
            return self.before.move
        return None


@dataclass
class Review:
    record: GameRecord
    steps: list
    start: Hint
    end: Hint
    end_position: Position

    @property
    def mistakes(self) -> list:
        return [s for s in self.steps if s.losing]

    @property
    def slow_moves(self) -> list:
        return [s for s in self.steps if s.slow]


def review(record: GameRecord, limits: Limits | None = None, progress=None) -> Review:
    """Hint every position of the game (one search each, repeated positions once).

    progress(), when given, is called once per position searched."""
    positions = [record.start]
    for _, move, _ in record.moves:
        positions.append(positions[-1].play(move))
    cache: dict[tuple, Hint] = {}
    hints = []
    for pos in positions:
        k = pos.key()
        if k not in cache:
            cache[k] = hint(pos, limits)
        hints.append(cache[k])
        if progress:
            progress()
    steps = [Step(i + 1, line, move, text, hints[i], hints[i + 1])
             for i, (line, move, text) in enumerate(record.moves)]
    return Review(record, steps, hints[0], hints[-1], positions[-1])


def describe_hint(h: Hint) -> str:
    """A short status: 'wins in 12', 'wins in <=14 (>=10, not proven)', 'LOST', ..."""
    if h.verdict == WON:
        if h.distance is not None:
            return "won" if h.distance == 0 else f"wins in {h.distance}"
        return f"wins in at most {h.at_most} (at least {h.at_least}; not proven shortest)"
    if h.verdict == LOST:
        return "LOST"
    return "UNKNOWN (limit reached)"
