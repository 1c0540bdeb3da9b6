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


def line_traps(pos: Position, line, max_nodes: int = TRAP_NODES,
               decide=None) -> tuple[list[Traps], int | None]:
    """(the Traps of every position along `line` (Moves played from pos), the start
    included and the end excluded, the 1-based ply of the move that lost the game or
    None).  The line is followed only while the game can still be won: it stops after a
    move into a position proven lost (every later move would lose too)."""
    cache: dict = {}
    out = []
    for ply, move in enumerate(line, 1):
        out.append(traps(pos, max_nodes, cache, decide))
        pos = pos.play(move)
        if cache.get(pos.key()) == LOST:
            return out, ply
    return out, None


LINE_FIELDS = ("deal", "line", "plies", "moves", "lost", "undecided", "first_trap",
               "most_lost", "trap_plies", "caught")


def line_row(deal: int, kind: str, per_ply: list[Traps], caught: int | None) -> dict:
    """The summary row (LINE_FIELDS) of the Traps along one line (line_traps): legal
    moves, losing and undecided moves summed over its positions, the first ply (1-based)
    at which a legal move loses (None when none does), the most losing moves at one ply,
    the number of plies with a losing move, and the ply whose move lost the game."""
    first = next((i + 1 for i, t in enumerate(per_ply) if t.lost), None)
    return {"deal": deal, "line": kind, "plies": len(per_ply),
            "moves": sum(t.moves for t in per_ply), "lost": sum(t.lost for t in per_ply),
            "undecided": sum(t.undecided for t in per_ply), "first_trap": first,
            "most_lost": max((t.lost for t in per_ply), default=0),
            "trap_plies": sum(t.lost > 0 for t in per_ply), "caught": caught}
