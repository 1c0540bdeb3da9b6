"""The review of a game: every position of its record hinted, every move judged."""
from __future__ import annotations

from dataclasses import dataclass

from .hints import Hint, hint
from .io.records import GameRecord
from .rules.moves import Move
from .rules.position import Position
from .search.solve import LOST, WON, Limits


@dataclass(frozen=True, kw_only=True)
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


@dataclass(frozen=True, kw_only=True)
class Review:
    """The answer of review(): every move's Step, and the hints of the start and the end."""
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
    steps = [Step(number=i + 1, line=line, move=move, text=text, before=hints[i],
                  after=hints[i + 1]) for i, (line, move, text) in enumerate(record.moves)]
    return Review(record=record, steps=steps, start=hints[0], end=hints[-1],
                  end_position=positions[-1])
