"""Seeded sources of positions for the tests and the dev/ probes: random play from deals,
each position decided by the exhaustive search (solve(), verdict only); positions late
on the solver's winning lines; the ends of random games."""
from __future__ import annotations

import functools
import random

from drez.solver.solodrez.rules.position import Position
from drez.solver.solodrez.search.solve import LOST, WON, Limits, solve


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


@functools.cache
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
