"""Seeded sources of decided positions for the reports and tests: random play from deals,
each position decided by the exhaustive search (solve(), verdict only)."""
from __future__ import annotations

import random

from solver.solodrez.rules.position import Position
from solver.solodrez.search.solve import LOST, WON, Limits, solve


def random_game(n: int, rng: random.Random, steps: int = 200) -> list[Position]:
    """Positions of one uniformly random game from deal n (start included)."""
    cur = Position.from_deal(n)
    out = [cur]
    for _ in range(steps):
        moves = cur.legal_moves(prune=True)
        if not moves or cur.is_won():
            break
        cur = cur.play(rng.choice(moves))
        out.append(cur)
    return out


def decided_positions(seed: int, want_lost: int, want_won: int, max_nodes: int = 300_000,
                      first_deal: int = 0):
    """Yield (position, verdict) pairs: positions of random games from deals first_deal,
    first_deal+1, ... whose verdict solve() proves within max_nodes, until want_lost
    LOST and want_won WON ones were given (distinct positions up to column order)."""
    rng = random.Random(seed)
    seen = set()
    lost = won = 0
    n = first_deal
    limits = Limits(max_nodes=max_nodes, max_memory=1 << 26)
    while lost < want_lost or won < want_won:
        game = random_game(n, rng)
        n += 1
        for pos in rng.sample(game, min(len(game), 12)):
            k = pos.key()
            if k in seen or pos.is_won():
                continue
            seen.add(k)
            r = solve(pos, limits)
            if r.verdict == LOST and lost < want_lost:
                lost += 1
                yield pos, LOST
            elif r.verdict == WON and won < want_won:
                won += 1
                yield pos, WON
