"""Hints: the next move of a shortest solution, and every move's result, over solve().

What a hint guarantees
----------------------
verdict WON, proven   `move` is the first move of a proven-shortest solution: the position
                      after it wins in exactly `distance - 1` moves, and no move does
                      better.  `distance` counts this move.
verdict WON, unproven a limit stopped the shortest-solution search (A*) but a win was
                      found: `move` is the first move of that win, so it keeps the game
                      winnable, yet it may not be the fastest.  `distance` is then None;
                      `at_most` (the length of the win found) and `at_least` (A*'s proven
                      lower bound) bracket it.  We do not retry with larger limits behind
                      the user's back: the limits are the user's to raise.
verdict LOST          no move wins; `blocked` says which kind of block (solver.blocks).
verdict UNKNOWN       a limit stopped the search before any verdict; never a wrong LOST.
"""
from __future__ import annotations

from dataclasses import dataclass

from .blocks import NO_MOVES, STUCK, Block, blocked, static_block
from .moves import Move
from .position import Position
from .solve import LOST, UNKNOWN, WON, Limits, Result, solve


@dataclass
class Hint:
    verdict: str
    move: Move | None = None
    distance: int | None = None       # moves to a win with best play, counting `move`
    at_most: int | None = None        # length of a win found (WON)
    at_least: int | None = None       # proven lower bound on the distance
    blocked: Block | None = None      # LOST only
    after: Position | None = None     # the position after `move`
    nodes: int = 0
    seconds: float = 0.0
    limit: str | None = None          # which limit stopped a search

    @property
    def proven(self) -> bool:
        """Whether the hint is complete: a proven distance, or a proven LOST."""
        return self.verdict == LOST or (self.verdict == WON and self.distance is not None)

    def json(self) -> dict:
        """The machine form of `drez hint --json`."""
        return {"verdict": self.verdict,
                "move": self.move.json() if self.move else None,
                "distance": self.distance,
                "blocked": self.blocked.kind if self.blocked else None,
                "proven": self.proven,
                "at_most": self.at_most, "at_least": self.at_least,
                "positions": self.blocked.positions if self.blocked else None,
                "reason": (self.blocked.reason or None) if self.blocked else None,
                "nodes": self.nodes, "seconds": round(self.seconds, 6), "limit": self.limit}


def hint_from_result(pos: Position, result: Result) -> Hint:
    """The hint that a solve(pos, ..., want_optimal=True) result gives."""
    h = Hint(result.verdict, nodes=result.nodes, seconds=result.seconds, limit=result.limit)
    if result.verdict == WON:
        h.at_most = len(result.moves)
        h.at_least = len(result.moves) if result.optimal else result.lower_bound
        if result.optimal:
            h.distance = len(result.moves)
        elif h.limit is None:
            h.limit = "optimal search"  # solve() does not say which limit stopped A*
        if result.moves:
            h.move = result.moves[0]
            h.after = pos.play(h.move)
    elif result.verdict == LOST:
        h.blocked = blocked(pos, searched=result.nodes)
    else:
        h.at_least = result.lower_bound
    return h


def hint(pos: Position, limits: Limits | None = None) -> Hint:
    """The hint for pos (see the module docstring for exactly what it guarantees)."""
    if not pos.is_won() and not pos.legal_moves():
        return Hint(LOST, blocked=Block(NO_MOVES, 1))
    h = hint_from_result(pos, solve(pos, limits, want_optimal=True))
    if h.verdict == UNKNOWN:
        found = static_block(pos)  # a proof of LOST that needs no search
        if found:
            h.verdict, h.limit = LOST, None
            h.blocked = blocked(pos) or Block(STUCK, 0, found[1])
    return h


@dataclass
class MoveResult:
    move: Move
    after: Position
    hint: Hint                       # the hint of the position after the move

    @property
    def distance(self) -> int | None:
        """Moves to a win with best play after this move, counting it; None unless proven."""
        return None if self.hint.distance is None else self.hint.distance + 1

    @property
    def loses(self) -> bool:
        return self.hint.verdict == LOST

    def json(self) -> dict:
        return {"move": self.move.json(), "verdict": self.hint.verdict,
                "distance": self.distance, "loses": self.loses,
                "at_most": None if self.hint.at_most is None else self.hint.at_most + 1,
                "at_least": None if self.hint.at_least is None else self.hint.at_least + 1}


def all_moves(pos: Position, limits: Limits | None = None, progress=None) -> list[MoveResult]:
    """Every legal move with the result of the position after it (one search per distinct
    resulting position, up to column order and colours), best first: proven distances
    ascending, then unproven wins, unknowns, and losing moves last."""
    cache: dict[tuple, Hint] = {}
    out = []
    for move in pos.legal_moves():
        after = pos.play(move)
        key = after.key()
        if key not in cache:
            cache[key] = hint(after, limits)
        out.append(MoveResult(move, after, cache[key]))
        if progress:
            progress()

    def rank(r: MoveResult):
        v = r.hint.verdict
        if v == WON and r.distance is not None:
            return (0, r.distance)
        if v == WON:
            return (1, r.hint.at_most or 0)
        return (2 if v == UNKNOWN else 3, 0)
    out.sort(key=rank)
    return out
