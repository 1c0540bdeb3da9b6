"""A*'s open lists (numba): buckets by (f, h), one set per front, as linked lists through
shared entry arrays (the layout is in search/astar.py's docstring)."""
from ..jit import njit
from .ordering import order_moves, shuffle_ties

HBUCKETS = 64
MAX_F = 1000                # A*: f above this answers TOO_LONG (UNKNOWN), never a drop
NBUCKETS = (MAX_F + 1) * HBUCKETS   # buckets of one front
FRONTS = 4                  # A*'s fronts (see astar_run)
FRONT_START = 256           # when they join (see next_front)
assert MAX_F < 2 ** 15       # g fits int16
ENTRY_MAX = (1 << 31) - 1   # open entries are int32


@njit(cache=True)
def push(heads, e_slot, e_g, e_next, ne, slot, g, f, h, lows, front):
    """Open `slot` at (f, h) in `front`'s buckets, newest first, with g (A*'s g, or greedy
    search's in-move code) in its entry; False when no entry is left (the caller answers
    FULL)."""
    n = ne[1]
    if n >= 0:
        ne[1] = e_next[n]       # a free entry first
    else:
        n = ne[0]
        if n >= e_slot.shape[0]:
            return False
        ne[0] = n + 1
    b = f * HBUCKETS + h
    at = front * NBUCKETS + b
    e_slot[n] = slot
    e_g[n] = g
    e_next[n] = heads[at]
    heads[at] = n
    if b < lows[front]:
        lows[front] = b
    return True


@njit(cache=True)
def next_front(heads, lows, stats):
    """The front to take a position from, or -1 when all are empty.  Front j > 0 joins
    the turn once FRONT_START * (2**j - 1) positions were expanded.  Of the fronts
    holding the lowest f of all, the next in turn (from stats[4]) that has joined; a
    front that has not joined only when no front that has holds that f."""
    nf = lows.shape[0]
    best = MAX_F + 1
    for i in range(nf):
        b = lows[i]
        base = i * NBUCKETS
        while b < NBUCKETS and heads[base + b] < 0:
            b += 1
        lows[i] = b
        if b < NBUCKETS and b // HBUCKETS < best:
            best = b // HBUCKETS
    if best > MAX_F:
        return -1
    joined = 1
    while joined < nf and stats[1] >= FRONT_START * ((1 << joined) - 1):
        joined += 1
    for k in range(nf):
        i = (stats[4] + k) % nf
        if i < joined and lows[i] < NBUCKETS and lows[i] // HBUCKETS == best:
            stats[4] = (i + 1) % nf
            return i
    for i in range(joined, nf):
        if lows[i] < NBUCKETS and lows[i] // HBUCKETS == best:
            return i
    return -1


@njit(cache=True)
def seed_fronts(cols, kept, kept_slot, nk, h, f, heads, e_slot, e_g, e_next, ne, lows,
                moves, scores, ties):
    """Open the root's children kept[0:nk] (stored at slots kept_slot, at g = 1) in every
    front but 0, each front breaking ties its own way (ordering.shuffle_ties); False when
    no entry is left.  moves, scores and ties are work arrays."""
    for j in range(1, lows.shape[0]):
        for i in range(nk):
            moves[i] = kept[i]
        order_moves(cols, moves, nk, scores)
        shuffle_ties(cols, moves, nk, scores, j, ties)
        for i in range(nk - 1, -1, -1):
            s2 = -1
            for q in range(nk):
                if kept[q] == moves[i]:
                    s2 = kept_slot[q]
            h2 = h + (scores[i] & 3) - 1
            if not push(heads, e_slot, e_g, e_next, ne, s2, 1, max(1 + h2, f), h2, lows, j):
                return False
    return True
