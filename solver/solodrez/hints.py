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
verdict LOST          no move wins; `blocked` says which kind of block (solver.solodrez.search.blocks).
verdict UNKNOWN       a limit stopped the search before any verdict; never a wrong LOST.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, replace

from .rules.moves import Move
from .rules.position import Position
from .search.blocks import NO_MOVES, STUCK, Block, blocked, static_block
from .search.solve import LOST, UNKNOWN, WON, Limits, Result, solve
from .search.status import Limit

DEFAULT_HINT_SECONDS = 5.0     # a person waits seconds, not minutes: the default budget


@dataclass(frozen=True, kw_only=True)
class Hint:
    """The answer of hint(): a value, changed only with dataclasses.replace."""
    verdict: str
    move: Move | None = None
    distance: int | None = None       # moves to a win with best play, counting `move`
    at_most: int | None = None        # length of a win found (WON)
    at_least: int | None = None       # proven lower bound on the distance
    blocked: Block | None = None      # LOST only
    after: Position | None = None     # the position after `move`
    nodes: int = 0
    seconds: float = 0.0
    limit: Limit | None = None        # which limit stopped a search

    @property
    def proven(self) -> bool:
        """Whether the hint is complete: a proven distance, or a proven LOST."""
        return self.verdict == LOST or (self.verdict == WON and self.distance is not None)


def hint_from_result(pos: Position, result: Result) -> Hint:
    """The hint that a solve(pos, ..., want_optimal=True) result gives."""
    h = Hint(verdict=result.verdict, nodes=result.nodes, seconds=result.seconds,
             limit=result.limit)
    if result.verdict == WON:
        length = len(result.moves)
        move = result.moves[0] if result.moves else None
        return replace(h, at_most=length,
                       at_least=length if result.optimal else result.lower_bound,
                       distance=length if result.optimal else None,
                       # solve() names what stopped A*; UNPROVEN should it ever not
                       limit=h.limit if result.optimal or h.limit else Limit.UNPROVEN,
                       move=move, after=None if move is None else pos.play(move))
    if result.verdict == LOST:
        return replace(h, blocked=blocked(pos, searched=result.nodes))
    return replace(h, at_least=result.lower_bound)


def hint(pos: Position, limits: Limits | None = None) -> Hint:
    """The hint for pos (see the module docstring for exactly what it guarantees)."""
    return _hint_and_result(pos, limits)[0]


def hint_and_line(pos: Position, limits: Limits | None = None,
                  want_optimal: bool = True) -> tuple[Hint, list[Move]]:
    """The hint for pos and the whole win line its move starts ([] unless WON).  With
    want_optimal False only the verdict is looked for (no shortest-solution search): the
    quick hint of the web app, whose move keeps the game winnable, and whose distance is
    given only when the search happened to prove the line shortest."""
    h, result = _hint_and_result(pos, limits, want_optimal)
    return h, list(result.moves) if result is not None and h.verdict == WON else []


def _hint_and_result(pos: Position, limits: Limits | None, want_optimal: bool = True):
    """The hint for pos and the solve() Result it came from (None when no search ran)."""
    if not pos.is_won() and not pos.legal_moves():
        return Hint(verdict=LOST, blocked=Block(NO_MOVES, 1)), None
    result = solve(pos, limits, want_optimal=want_optimal)
    h = hint_from_result(pos, result)
    if h.verdict == UNKNOWN:
        b = proven_block(pos, result, static_block(pos))
        if b is not None:
            h = replace(h, verdict=LOST, limit=None, blocked=b)
    return h, result


def proven_block(pos: Position, result: Result, found, circling_checked: bool = False):
    """The Block proving pos lost after solve(pos) gave `result`, or None: an exhaustive
    LOST's block, or, when a limit stopped the search, the static proof `found`
    (static_block(pos), computed once by the caller).  With circling_checked the caller
    already knows blocked(pos) without a search is None, so it is not looked for again."""
    if result.verdict == LOST:
        return blocked(pos, searched=result.nodes, found=found)
    if result.verdict == UNKNOWN and found:  # a proof of LOST that needs no search
        known = None if circling_checked else blocked(pos, found=found)
        return known or Block(STUCK, 0, found[1])
    return None


def quick_block(pos: Position, cancel=None):
    """The block `drez play` shows after each move, or None: no moves, a small reachable
    set or a static detector, else a short verdict search (2 s) so most lost positions
    are announced at once (a detector's proof stands when the search is stopped)."""
    found = static_block(pos)
    b = blocked(pos, found=found)
    if b is not None:
        return b
    r = solve(pos, Limits(max_seconds=2.0, max_memory=1 << 27, cancel=cancel))
    return proven_block(pos, r, found, circling_checked=True)


STATUS_SECONDS = 1.0          # `drez play`'s status after each move


def quick_status(pos: Position, cancel=None, seconds: float = STATUS_SECONDS) -> Hint:
    """The status `drez play` shows after each move: a verdict search of about `seconds`
    (want_optimal False), so WON with a win found (at_most), a proven LOST (a detector's
    proof stands when the search is stopped), or UNKNOWN."""
    limits = Limits(max_seconds=seconds, max_memory=1 << 27, cancel=cancel)
    return hint_and_line(pos, limits, want_optimal=False)[0]


@dataclass(frozen=True, kw_only=True)
class MoveResult:
    """One legal move and the hint of the position after it (all_moves)."""
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

    @property
    def at_most(self) -> int | None:
        """The length of a win found after this move, counting it (WON), else None."""
        return None if self.hint.at_most is None else self.hint.at_most + 1

    @property
    def at_least(self) -> int | None:
        """A proven lower bound on a win after this move, counting it, or None."""
        return None if self.hint.at_least is None else self.hint.at_least + 1


def all_moves(pos: Position, limits: Limits | None = None, progress=None,
              known: dict | None = None) -> list[MoveResult]:
    """Every legal move with the result of the position after it (one search per distinct
    resulting position, up to column order and colours), best first: proven distances
    ascending, then unproven wins, unknowns, and losing moves last.

    A time limit in `limits` bounds the whole list: each search gets an equal share of
    what is left, and positions reached when nothing is left are UNKNOWN (time) without
    a search.  `known` maps position keys to hints already found (they are not searched).
    """
    limits = limits or Limits()
    deadline = time.perf_counter() + limits.max_seconds if limits.max_seconds else None
    cache: dict[tuple, Hint] = dict(known or {})
    moves = pos.legal_moves()
    afters = [pos.play(m) for m in moves]
    todo = len({a.key() for a in afters} - set(cache))
    out = []
    for move, after in zip(moves, afters):
        key = after.key()
        if key not in cache:
            share = limits
            if deadline is not None:
                left = deadline - time.perf_counter()
                share = replace(limits, max_seconds=max(left, 0.0) / max(todo, 1))
            if deadline is not None and share.max_seconds <= 0.0:
                cache[key] = Hint(verdict=UNKNOWN, limit=Limit.TIME)
            else:
                cache[key] = hint(after, share)
            todo -= 1
        out.append(MoveResult(move=move, after=after, hint=cache[key]))
        if progress:
            progress()
    out.sort(key=_rank)
    return out


def _rank(r: MoveResult):
    v = r.hint.verdict
    if v == WON and r.distance is not None:
        return (0, r.distance)
    if v == WON:
        return (1, r.hint.at_most or 0)
    return (2 if v == UNKNOWN else 3, 0)


def hint_all(pos: Position, limits: Limits | None = None,
             progress=None) -> tuple[Hint, list[MoveResult]]:
    """The hint for pos and every move's result (all_moves), within one time budget:
    the hint's search gets at most half of a time limit, the list the rest.

    The hint's move is the best move the list shows: the position after a proven hint's
    move is given the rest of that solution without a search (its distance is exactly
    one less), and when the list shows a better move than an unproven hint's, the hint
    takes it.
    """
    limits = limits or Limits()
    start = time.perf_counter()
    first = replace(limits, max_seconds=limits.max_seconds / 2) if limits.max_seconds else limits
    h, result = _hint_and_result(pos, first)
    known = {}
    if h.verdict == WON and h.move is not None and result is not None:
        rest = Result(verdict=WON, moves=result.moves[1:], optimal=result.optimal,
                      limit=result.limit, lower_bound=None if result.lower_bound is None
                      else max(0, result.lower_bound - 1))
        known[h.after.key()] = hint_from_result(h.after, rest)
    left = limits
    if limits.max_seconds:
        left = replace(limits, max_seconds=max(0.0, limits.max_seconds
                                               - (time.perf_counter() - start)))
    results = all_moves(pos, left, progress, known)
    results.sort(key=lambda r: (_rank(r), r.move != h.move))   # the hint's move first of equals
    if results and h.verdict in (WON, UNKNOWN) and _rank(results[0]) < _rank_of_hint(h):
        best = results[0]
        h = Hint(verdict=WON, move=best.move, distance=best.distance, at_most=best.at_most,
                 at_least=best.at_least, after=best.after, nodes=h.nodes, seconds=h.seconds,
                 limit=best.hint.limit)
    return h, results


def _rank_of_hint(h: Hint):
    """The rank (as _rank) that the hint's own move has."""
    if h.verdict == WON and h.distance is not None:
        return (0, h.distance)
    if h.verdict == WON:
        return (1, h.at_most or 0)
    return (2, 0)
