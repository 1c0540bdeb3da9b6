"""Traps: legal moves after which the game is proven lost.

A move is a trap when an exhaustive verdict search of the position after it ends LOST
(search.solve: LOST only after every reachable position was searched).  A search that a
limit stops is UNDECIDED and counted apart, never as a trap.  The count is over the legal
moves as a player sees them (engine.generate_moves with prune=False); moves that lead to
the same position up to column order and colours share one search.  Which moves are
traps depends on the deal alone: another search order can only turn UNDECIDED into a
verdict, never change a verdict.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..rules.position import Position
from ..search.solve import LOST, UNKNOWN, Limits, solve

TRAP_NODES = 20_000            # positions a child's verdict search may store
TRAP_MEMORY = 1 << 28


@dataclass(frozen=True)
class Traps:
    """How many of a position's legal moves lose (proven) and how many are undecided."""
    moves: int
    lost: int
    undecided: int


def traps(pos: Position, max_nodes: int = TRAP_NODES, cache: dict | None = None,
          decide=None) -> Traps:
    """The Traps of pos's legal moves.  `cache` maps position keys to verdicts already
    found; `decide(position, limits)` replaces search.solve (it must return an object
    with a `verdict`)."""
    decide = decide or solve
    cache = {} if cache is None else cache
    limits = Limits(max_nodes=max_nodes, max_memory=TRAP_MEMORY)
    lost = undecided = 0
    moves = pos.legal_moves()
    for move in moves:
        after = pos.play(move)
        key = after.key()
        verdict = cache.get(key)
        if verdict is None:
            verdict = cache[key] = decide(after, limits).verdict
        lost += verdict == LOST
        undecided += verdict == UNKNOWN
    return Traps(len(moves), lost, undecided)


def line_traps(pos: Position, line, max_nodes: int = TRAP_NODES, decide=None) -> list[Traps]:
    """The Traps of every position along `line` (a list of Moves played from pos), the
    start included and the won end excluded."""
    cache: dict = {}
    out = []
    for move in line:
        out.append(traps(pos, max_nodes, cache, decide))
        pos = pos.play(move)
    return out
