"""Moves and their notation.

For people: `4>7` moves the legal run from column 4 onto column 7; `4>7:3` names the
number of cards, needed when more than one run length would be legal (only with
neutrals).  Columns are 1-based in text and JSON, 0-based inside `Move`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_MOVE_RE = re.compile(r"^\s*([0-9]+)\s*>\s*([0-9]+)\s*(?::\s*([0-9]+))?\s*$", re.ASCII)
_HOW = "write it like 4>7, or 4>7:3 to name the card count"


class MoveError(ValueError):
    """Text that is not a move, or a move that is not legal; the message says why.

    `malformed` is True when the text is not a move at all (bad input), False when it is
    a well-formed move that the position does not allow.
    """

    def __init__(self, message: str, malformed: bool = False):
        super().__init__(message)
        self.malformed = malformed


@dataclass(frozen=True, order=True)
class Move:
    """Take the top `cards` cards of column `src` onto column `dst` (0-based columns)."""
    src: int
    dst: int
    cards: int

    def pack(self) -> int:
        """The engine's int64 form."""
        return self.src | (self.dst << 4) | (self.cards << 8)

    @classmethod
    def unpack(cls, m: int) -> "Move":
        return cls(m & 15, (m >> 4) & 15, m >> 8)

    def text(self, with_count: bool = True) -> str:
        """`4>7:3`, or `4>7` with with_count=False."""
        base = f"{self.src + 1}>{self.dst + 1}"
        return f"{base}:{self.cards}" if with_count else base

    def __str__(self) -> str:
        return self.text()

    def json(self) -> dict:
        """{"from": 4, "to": 7, "cards": 3} with 1-based columns."""
        return {"from": self.src + 1, "to": self.dst + 1, "cards": self.cards}


def parse_move(text: str) -> tuple[int, int, int | None]:
    """Parse `4>7` or `4>7:3` into (src, dst, cards or None), 0-based; MoveError if malformed."""
    m = _MOVE_RE.match(text) if len(text) <= 40 else None
    if not m:
        raise MoveError(f"{text[:40]!r} is not a move ({_HOW})", malformed=True)
    for g in (1, 2):
        if not 1 <= int(m.group(g)) <= 9:
            raise MoveError(f"{text!r}: columns are numbered 1-9", malformed=True)
    src, dst = int(m.group(1)) - 1, int(m.group(2)) - 1
    if src == dst:
        raise MoveError(f"{text!r} moves column {src + 1} onto itself", malformed=True)
    cards = int(m.group(3)) if m.group(3) else None
    if cards == 0:
        raise MoveError(f"{text!r} moves no card", malformed=True)
    if cards is not None and cards > 99:
        raise MoveError(f"{text!r}: no column holds {cards} cards", malformed=True)
    return src, dst, cards


def resolve_move(legal: list[Move], text: str) -> Move:
    """The legal move that `text` names; MoveError saying why if it names none or several."""
    src, dst, cards = parse_move(text)
    options = [m for m in legal if m.src == src and m.dst == dst]
    if cards is not None:
        chosen = [m for m in options if m.cards == cards]
        if chosen:
            return chosen[0]
        if options:
            counts = ", ".join(str(m.cards) for m in options)
            raise MoveError(f"{text}: moving {cards} cards from column {src + 1} to column {dst + 1} "
                            f"is not legal (legal counts: {counts})")
    elif len(options) == 1:
        return options[0]
    elif options:
        counts = " or ".join(f"{src + 1}>{dst + 1}:{m.cards}" for m in options)
        raise MoveError(f"{text}: more than one run can move; say how many cards: {counts}")
    raise MoveError(f"{text}: no run of column {src + 1} can go onto column {dst + 1}")


def move_text(legal: list[Move], move: Move) -> str:
    """The shortest notation for move among the legal moves (count only when needed)."""
    same = sum(1 for m in legal if m.src == move.src and m.dst == move.dst)
    return move.text(with_count=same > 1)
