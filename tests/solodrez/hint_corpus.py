"""Positions from late in real games (solver.solodrez.samples), with the reference BFS
distance of each (shared by the hint, review and block tests).  Seeded and capped, so the
corpus is the same on every run: the reference's node cap skips the positions it cannot
afford."""
from __future__ import annotations

import functools

from drez.solver.solodrez.search.solve import LOST, solve
from tests.solodrez.helpers import fast_reference, ref, to_ref
from tests.solodrez.samples import game_tails, late_positions

REF_NODES = 1_500


@functools.cache
def decided_positions():
    """(label, position, reference distance or 'LOST') for late_positions() and
    game_tails(), where the reference can afford the answer."""
    out = []
    with fast_reference():
        for label, pos in late_positions() + game_tails():
            d = ref.shortest_distance(to_ref(pos), max_nodes=REF_NODES)
            if d is not None:
                out.append((label, pos, d))
    return out


def reference_after(pos, move):
    """The reference distance after move (with the memoised reference)."""
    with fast_reference():
        return ref.shortest_distance(to_ref(pos.play(move)), max_nodes=4 * REF_NODES)


def losing_move(pos):
    """A move from pos after which solve() and the reference say LOST, or None."""
    for m in pos.legal_moves():
        if solve(pos.play(m)).verdict == LOST and reference_after(pos, m) == "LOST":
            return m
    return None
