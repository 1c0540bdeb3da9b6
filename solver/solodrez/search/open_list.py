"""A*'s open lists (numba): buckets by (f, h), one set per front, as linked lists through
shared entry arrays, passed to the kernels as one tuple, `opens` = (heads, e_slot, e_g,
e_next, ne, lows) (the layout is in search/astar.py's docstring)."""
import numpy as np

from ..jit import njit
from .ordering import order_moves, shuffle_ties
from .stats_slots import EXPANDED, TURN

HBUCKETS = 64
MAX_F = 1000                # A*: f above this answers TOO_LONG (UNKNOWN), never a drop
NBUCKETS = (MAX_F + 1) * HBUCKETS   # buckets of one front
FRONTS = 4                  # A*'s fronts (see expansion.astar_run)
FRONT_START = 256           # when they join (see next_front)
assert MAX_F < 2 ** 15       # g fits int16
ENTRY_MAX = (1 << 31) - 1   # open entries are int32
OPEN_ENTRY_BYTES = 10       # e_slot, e_next (int32) and e_g (int16)


def new_open_list(nfronts: int, entries: int):
    """Empty arrays for `opens` (astar.astar_start sets them up): the bucket heads of
    nfronts fronts, `entries` open entries, ne and lows."""
    return (np.empty(nfronts * NBUCKETS, np.int32), np.empty(entries, np.int32),
            np.empty(entries, np.int16), np.empty(entries, np.int32), np.zeros(2, np.int64),
            np.empty(nfronts, np.int64))


@njit(cache=True, inline="always")
def child_f(h, outlook, g2, f, greedy):
    """(h, f) of a child at g2 whose move has `outlook` (engine.move_outlook: its h is
    exact), from a parent taken at (f, h): f is h alone in greedy mode, else g2 + h with
    pathmax (never below the parent's f)."""
    h2 = h + (outlook & 3) - 1
    return h2, (h2 if greedy else max(g2 + h2, f))


@njit(cache=True)
def push(opens, slot, g, f, h, front):
    """Open `slot` at (f, h) in `front`'s buckets, newest first, with g (A*'s g, or greedy
    search's in-move code) in its entry; False when no entry is left (the caller answers
    FULL)."""
    heads, e_slot, e_g, e_next, ne, lows = opens
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


@njit(cache=True, inline="always")
def pop(opens, front):
    """Take the newest entry of `front`'s lowest bucket (next_front found it non-empty)
    and free it; returns its (slot, g, f, h)."""
    heads, e_slot, e_g, e_next, ne, lows = opens
    b = lows[front]
    at = front * NBUCKETS + b
    e = heads[at]
    heads[at] = e_next[e]
    e_next[e] = ne[1]       # e is free again
    ne[1] = e
    return e_slot[e], e_g[e], b // HBUCKETS, b % HBUCKETS


@njit(cache=True)
def next_front(opens, stats):
    """The front to take a position from, or -1 when all are empty.  Front j > 0 joins
    the turn once FRONT_START * (2**j - 1) positions were expanded.  Of the fronts
    holding the lowest f of all, the next in turn (from stats[TURN]) that has joined; a
    front that has not joined only when no front that has holds that f."""
    heads, lows = opens[0], opens[5]
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
    while joined < nf and stats[EXPANDED] >= FRONT_START * ((1 << joined) - 1):
        joined += 1
    for k in range(nf):
        i = (stats[TURN] + k) % nf
        if i < joined and lows[i] < NBUCKETS and lows[i] // HBUCKETS == best:
            stats[TURN] = (i + 1) % nf
            return i
    for i in range(joined, nf):
        if lows[i] < NBUCKETS and lows[i] // HBUCKETS == best:
            return i
    return -1


@njit(cache=True)
def seed_fronts(cols, kept, kept_slot, nk, h, f, opens, scratch):
    """Open the root's children kept[0:nk] (stored at slots kept_slot, at g = 1) in every
    front but 0, each front breaking ties its own way (ordering.shuffle_ties); False when
    no entry is left.  scratch: three move lists (moves, scores, ties) to work in."""
    moves, scores, ties = scratch
    for j in range(1, opens[5].shape[0]):
        for i in range(nk):
            moves[i] = kept[i]
        order_moves(cols, moves, nk, scores)
        shuffle_ties(cols, moves, nk, scores, j, ties)
        for i in range(nk - 1, -1, -1):
            s2 = -1
            for q in range(nk):
                if kept[q] == moves[i]:
                    s2 = kept_slot[q]
            h2, f2 = child_f(h, scores[i], 1, f, False)
            if not push(opens, s2, 1, f2, h2, j):
                return False
    return True
