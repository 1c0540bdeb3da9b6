"""The server's memory of what its searches found: win lines and proven verdicts, so that a
hint, a status or a solution already known answers at once.

Keys are the exact position text (str(Position), the settled position), never a hash or a
fingerprint, so two positions never share an entry.  What an entry may hold:

- a win line: moves from this position that win (each legal, checked when recorded by
  playing them); `proven` when the line is proven shortest.  Every position along a line
  of L moves is recorded with the rest of the line (L - k moves after k of them), proven
  when the line was: a suffix of a shortest line is a shortest line from where it starts;
- a proven lower bound on the length of a win (`at_least`), from A*;
- a proven LOST and the sentence that says why.

An entry only improves: a shorter line, or a proven one of the same length, replaces the
line; a proven LOST, or a win line, is never replaced by the other.  At most `size` positions
are kept, the least recently used forgotten first.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, replace

from drez.solver.solodrez.rules.moves import Move
from drez.solver.solodrez.rules.position import Position

MEMORY_POSITIONS = 50_000        # an entry: its text (~200 bytes) and the rest of a line: ~30 MB in all


@dataclass(frozen=True)
class Known:
    """What the memory knows of one position."""
    line: tuple = ()              # a win line (Moves), when one is known
    proven: bool = False          # the line is proven shortest
    at_least: int = 0             # a proven lower bound on the moves a win needs
    lost_why: str | None = None   # set when the position is proven lost
    blocked: tuple | None = None  # then (kind, positions, reason) as `drez hint --json`

    @property
    def won(self) -> bool:
        return self.lost_why is None and (bool(self.line) or self.proven)

    @property
    def lost(self) -> bool:
        return self.lost_why is not None


class WinMemory:
    """A bounded, thread-safe LRU map from position text to Known."""

    def __init__(self, size: int = MEMORY_POSITIONS):
        self.size = size
        self._map: OrderedDict[str, Known] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._map)

    def get(self, pos: Position) -> Known | None:
        """What is known of pos, or None."""
        key = str(pos)
        with self._lock:
            known = self._map.get(key)
            if known is not None:
                self._map.move_to_end(key)
            return known

    def _put(self, key: str, new: Known) -> None:
        old = self._map.get(key)
        if old is not None:
            new = _merge(old, new)
        self._map[key] = new
        self._map.move_to_end(key)
        while len(self._map) > self.size:
            self._map.popitem(last=False)

    def record_line(self, pos: Position, moves, proven: bool, at_least: int | None = None) -> None:
        """A win line from pos (Moves or move objects {"from","to","cards"}), proven
        shortest or not, and every position along it with the rest of the line.  Moves that
        do not win from pos (an illegal move, a line that ends unwon) record nothing."""
        line = [_as_move(m) for m in moves]
        positions = [pos]
        try:
            for m in line:
                positions.append(positions[-1].play(m))
        except ValueError:
            return
        if not positions[-1].is_won():
            return
        n = len(line)
        with self._lock:
            for k, p in enumerate(positions):
                bound = n - k if proven else max(0, (at_least or 0) - k)
                self._put(str(p), Known(line=tuple(line[k:]), proven=proven, at_least=bound))

    def record_bound(self, pos: Position, at_least: int | None) -> None:
        """A proven lower bound on the length of a win from pos."""
        if not at_least:
            return
        with self._lock:
            self._put(str(pos), Known(at_least=at_least))

    def record_lost(self, pos: Position, why: str, blocked: tuple | None = None) -> None:
        """pos is proven lost; `why` says how (`blocked`: the kind of block, the positions
        searched and the reason, as `drez hint --json` names them)."""
        with self._lock:
            self._put(str(pos), Known(lost_why=why, blocked=blocked))


def _as_move(m) -> Move:
    if isinstance(m, Move):
        return m
    return Move(m["from"] - 1, m["to"] - 1, m["cards"])


def _merge(old: Known, new: Known) -> Known:
    """The better of two entries of one position.  Both are proofs, so a win and a loss
    of one position never meet; should they, the entry recorded first stays."""
    if old.lost or (new.lost and old.won):
        return old
    if new.lost:
        return new
    at_least = max(old.at_least, new.at_least)
    best = old
    if new.line and (not old.line or len(new.line) < len(old.line)
                     or (len(new.line) == len(old.line) and new.proven and not old.proven)):
        best = new
    if best.line and len(best.line) == at_least:
        return replace(best, proven=True, at_least=at_least)   # a line as short as proven
    return replace(best, at_least=at_least)
