"""Moves and their notation.

For people: `4>7` moves the legal run from column 4 onto column 7; `4>7:3` names the
number of cards, needed when more than one run length would be legal (only with
neutrals).  Columns are 1-based in text and JSON, 0-based inside `Move`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from drez.solver.common.protocol import BadActionText, IllegalAction

_MOVE_RE = re.compile(r"^\s*([0-9]+)\s*>\s*([0-9]+)\s*(?::\s*([0-9]+))?\s*$", re.ASCII)
_HOW = "write it like 4>7, or 4>7:3 to name the card count"


class MoveError(ValueError):
    """A move that cannot be played; the message quotes the input and says why.  One
    subclass per kind, so callers test the class, never the message."""


class MoveSyntaxError(MoveError, BadActionText):
    """Text that is not a move at all (bad input: not `4>7` or `4>7:3`, a column out of
    1-9, a column onto itself, no card)."""


class IllegalMoveError(MoveError, IllegalAction):
    """A well-formed move that the position does not allow."""


class AmbiguousMoveError(MoveError, BadActionText):
    """A move without a card count where more than one run length is legal."""


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
    def unpack(cls, m: int) -> Move:
        """The Move of the engine's int64 form (the inverse of `pack`).  Moves are
        immutable, so each packed value's Move is made once and then shared (making one
        cost as much as a step of a small deal's search)."""
        move = _UNPACKED.get(m)
        if move is None:
            m = int(m)
            move = _UNPACKED.setdefault(m, cls(m & 15, (m >> 4) & 15, m >> 8))
        return move

    @classmethod
    def unpack_all(cls, packed: list[int]) -> list[Move]:
        """[Move.unpack(m) for m in packed], without a call per move."""
        get = _UNPACKED.get
        return [get(m) or cls.unpack(m) for m in packed]

    def text(self, with_count: bool = True) -> str:
        """`4>7:3`, or `4>7` with with_count=False."""
        base = f"{self.src + 1}>{self.dst + 1}"
        return f"{base}:{self.cards}" if with_count else base

    @classmethod
    def from_text(cls, text: str) -> Move:
        """The move `4>7:3` names (the inverse of `text()`); MoveSyntaxError if the text
        is not a move or has no card count (`4>7` needs the legal moves: `resolve_move`)."""
        src, dst, cards = parse_move(text)
        if cards is None:
            raise MoveSyntaxError(f"{text!r} has no card count (like 4>7:3); "
                                  "only a position can tell how many cards 4>7 moves")
        return cls(src, dst, cards)

    def __str__(self) -> str:
        return self.text()

    def json(self) -> dict:
        """{"from": 4, "to": 7, "cards": 3} with 1-based columns."""
        return {"from": self.src + 1, "to": self.dst + 1, "cards": self.cards}


_UNPACKED: dict[int, Move] = {}     # packed form -> Move (at most 9 * 8 * 22 entries)


def parse_move(text: str) -> tuple[int, int, int | None]:
    """Parse `4>7` or `4>7:3` into (src, dst, cards or None), 0-based; MoveSyntaxError if
    the text is not a move."""
    m = _MOVE_RE.match(text) if len(text) <= 40 else None
    if not m:
        raise MoveSyntaxError(f"{text[:40]!r} is not a move ({_HOW})")
    for g in (1, 2):
        if not 1 <= int(m.group(g)) <= 9:
            raise MoveSyntaxError(f"{text!r}: columns are numbered 1-9")
    src, dst = int(m.group(1)) - 1, int(m.group(2)) - 1
    if src == dst:
        raise MoveSyntaxError(f"{text!r} moves column {src + 1} onto itself")
    cards = int(m.group(3)) if m.group(3) else None
    if cards == 0:
        raise MoveSyntaxError(f"{text!r} moves no card")
    if cards is not None and cards > 99:
        raise MoveSyntaxError(f"{text!r}: no column holds {cards} cards")
    return src, dst, cards


def resolve_move(legal: list[Move], text: str) -> Move:
    """The legal move that `text` names: MoveSyntaxError if it is not a move,
    IllegalMoveError if it names none, AmbiguousMoveError if it names several."""
    src, dst, cards = parse_move(text)
    options = [m for m in legal if m.src == src and m.dst == dst]
    if cards is not None:
        chosen = [m for m in options if m.cards == cards]
        if chosen:
            return chosen[0]
        if options:
            counts = ", ".join(str(m.cards) for m in options)
            raise IllegalMoveError(f"{text}: moving {cards} cards from column {src + 1} to column {dst + 1} "
                            f"is not legal (legal counts: {counts})")
    elif len(options) == 1:
        return options[0]
    elif options:
        counts = " or ".join(f"{src + 1}>{dst + 1}:{m.cards}" for m in options)
        raise AmbiguousMoveError(f"{text}: more than one run can move; say how many cards: {counts}")
    raise IllegalMoveError(f"{text}: no run of column {src + 1} can go onto column {dst + 1}")


def move_text(legal: list[Move], move: Move) -> str:
    """The shortest notation for move among the legal moves (count only when needed)."""
    same = sum(1 for m in legal if m.src == move.src and m.dst == move.dst)
    return move.text(with_count=same > 1)
