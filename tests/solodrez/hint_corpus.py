"""Positions from late in real games, with the reference BFS distance of each (shared by
the hint, review and block tests).  Seeded and capped, so the corpus is the same on every
run: the reference's node cap skips the positions it cannot afford."""
from __future__ import annotations

import functools
import random

from tests.solodrez.helpers import fast_reference, ref, to_ref

from solver.solodrez.rules.position import Position
from solver.solodrez.search.solve import LOST, WON, Limits, solve

REF_NODES = 1_500


@functools.lru_cache(maxsize=None)
def late_positions(deals=tuple(range(9)), seed=7):
    """(label, position) pairs: positions 6-10 moves before the end of a solver solution
    of each deal, and positions after 1 and 2 random moves away from them."""
    rng = random.Random(seed)
    out = []
    for n in deals:
        start = Position.from_deal(n)
        r = solve(start, Limits(max_nodes=2_000_000))
        if r.verdict != WON:
            continue
        line = [start]
        for m in r.moves:
            line.append(line[-1].play(m))
        for back in (6, 8, 10):
            if back >= len(line):
                continue
            base = line[-1 - back]
            out.append((f"deal {n}, {back} before the end", base))
            cur = base
            for dev in range(1, 3):
                moves = cur.legal_moves()
                if not moves:
                    break
                cur = cur.play(rng.choice(moves))
                if dev in (1, 2):
                    out.append((f"deal {n}, {back} before the end, {dev} random", cur))
    return out


def game_tails(games=12, seed=11):
    """(label, position) pairs: the last positions of uniformly random games (a random
    game ends when no move is left, so these are mostly lost, with small reachable sets)."""
    rng = random.Random(seed)
    out = []
    for n in range(100, 100 + games):
        cur = Position.from_deal(n)
        line = [cur]
        for _ in range(300):
            moves = cur.legal_moves(prune=True)
            if not moves:
                break
            cur = cur.play(rng.choice(moves))
            line.append(cur)
        for back in (0, 2, 5):
            if back < len(line):
                out.append((f"random game from deal {n}, {back} before its end", line[-1 - back]))
    return out


@functools.lru_cache(maxsize=None)
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
