"""A*'s open lists (numba): buckets by (f, h), one set per front, as linked lists that
run through the table's slots themselves (A*: a slot's link) and through open entries
(a slot already in a list, and every position in greedy search), passed to the kernels
as one tuple, `opens` = (heads, e_slot, e_g, e_next, ne, lows, links) (the layout is in
search/astar.py's docstring).

A list's references (heads, e_next, the free list, a link's next) are int32: a slot s as
s, an entry e as -2 - e, END (-1) for the end.  links[s] is 0 while slot s is in no list
through its link, next + LINK_BIAS (> 0) while it is, and the negative of that once A*
gave the position a shorter path (its link is stale: `pop` answers g = -1 there).
`compact` drops the stale references and turns entries into links where it can, when A*
has used up its entries and has no memory to grow them."""
import numpy as np

from ..jit import njit
from .ordering import order_moves, shuffle_ties
from .stats_slots import EXPANDED, TURN

HBUCKETS = 64
MAX_F = 1000                # A*: f above this answers TOO_LONG (UNKNOWN), never a drop
NBUCKETS = (MAX_F + 1) * HBUCKETS   # buckets of one front
FRONTS = 4                  # A*'s fronts (see expansion.astar_run)
FRONT_START = 256           # when they join (see next_front)
assert MAX_F < 2 ** 15       # an entry's g fits int16
MAX_G = 255                 # A* keeps g in a byte: it answers TOO_LONG past f = MAX_G
END = -1                    # the end of a list, or no free entry
ENTRY_MAX = 1 << 29         # open entries: their references -2 - e fit int32 with LINK_BIAS
LINK_BIAS = ENTRY_MAX + 2   # a link holds its next reference + LINK_BIAS, > 0
LINK_SLOTS = (1 << 31) - LINK_BIAS      # A*'s slots: a link's next slot + LINK_BIAS fits
OPEN_ENTRY_BYTES = 10       # e_slot, e_next (int32) and e_g (int16)
LINK_BYTES = 4              # links (int32), a slot


def new_open_list(nfronts: int, entries: int, nslots: int):
    """Empty arrays for `opens` (astar.astar_start sets them up): the bucket heads of
    nfronts fronts, `entries` open entries, ne ([0] entries ever used, [1] the head of
    the free list, [2] how many entries it holds), lows and the links of nslots slots
    (nslots 0: greedy search, whose positions all go through entries)."""
    return (np.empty(nfronts * NBUCKETS, np.int32), np.empty(entries, np.int32),
            np.empty(entries, np.int16), np.empty(entries, np.int32), np.zeros(3, np.int64),
            np.empty(nfronts, np.int64), np.zeros(max(1, nslots), np.int32))


@njit(cache=True, inline="always")
def entries_left(opens):
    """How many more entries pushes can take: the free list's and those never used."""
    e_slot, ne = opens[1], opens[4]
    return e_slot.shape[0] - ne[0] + ne[2]


@njit(cache=True, inline="always")
def link_next(link):
    """The next reference a link (non-zero: linked, fresh or stale) holds."""
    return abs(link) - LINK_BIAS


@njit(cache=True, inline="always")
def mark_stale(links, slot):
    """A* gave slot's position a shorter path: its link, if it is in a list, goes stale
    (the new g goes into the lists through an entry)."""
    if links[slot] > 0:
        links[slot] = -links[slot]


@njit(cache=True, inline="always")
def child_f(h, outlook, g2, f, greedy):
    """(h, f) of a child at g2 whose move has `outlook` (engine.move_outlook: its h is
    exact), from a parent taken at (f, h): f is h alone in greedy mode, else g2 + h with
    pathmax (never below the parent's f)."""
    h2 = h + (outlook & 3) - 1
    return h2, (h2 if greedy else max(g2 + h2, f))


@njit(cache=True)
def push(opens, slot, g, f, h, front):
    """Open `slot` at (f, h) in `front`'s buckets, newest first: A* through the slot's
    link when it is in no list (its g is then the table's, gs[slot], which A* always
    pushes), else through an entry holding g (A*'s g, or greedy search's in-move code).
    False when no entry is left (the caller answers FULL)."""
    heads, e_slot, e_g, e_next, ne, lows, links = opens
    b = f * HBUCKETS + h
    at = front * NBUCKETS + b
    if links.shape[0] > 1 and links[slot] == 0:
        links[slot] = heads[at] + LINK_BIAS
        heads[at] = slot
    else:
        n = ne[1]
        if n != END:
            n = -2 - n
            ne[1] = e_next[n]       # a free entry first
            ne[2] -= 1
        else:
            n = ne[0]
            if n >= e_slot.shape[0]:
                return False
            ne[0] = n + 1
        e_slot[n] = slot
        e_g[n] = g
        e_next[n] = heads[at]
        heads[at] = -2 - n
    if b < lows[front]:
        lows[front] = b
    return True


@njit(cache=True, inline="always")
def pop(opens, front, gs):
    """Take the newest reference of `front`'s lowest bucket (next_front found it
    non-empty) and free its link or entry; returns its (slot, g, f, h): g from the
    entry, or for a link gs[slot], or -1 when the link was stale (no g is negative)."""
    heads, e_slot, e_g, e_next, ne, lows, links = opens
    b = lows[front]
    at = front * NBUCKETS + b
    r = heads[at]
    if r >= 0:
        link = links[r]
        heads[at] = link_next(link)
        links[r] = 0
        g = np.int64(gs[r]) if link > 0 else np.int64(-1)
        return np.int64(r), g, b // HBUCKETS, b % HBUCKETS
    e = -2 - r
    heads[at] = e_next[e]
    e_next[e] = ne[1]       # e is free again
    ne[1] = r
    ne[2] += 1
    return np.int64(e_slot[e]), np.int64(e_g[e]), b // HBUCKETS, b % HBUCKETS


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
        while b < NBUCKETS and heads[base + b] == END:
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


@njit(cache=True)
def compact(opens, gs):
    """A* (not greedy search: its entries hold no g): drop every stale reference from the
    lists (a stale link is unlinked, an entry whose g is no longer its slot's is freed),
    then put a slot that is in no list in the place of its live entry (its link takes
    the entry's next); every entry left in no list goes on the free list.  Each list
    keeps its live references in their order, each naming the same slot at the same g,
    so pop gives the same live (slot, g, f, h) as before, and only the stale ones
    (which A* skips) are gone.  Returns how many entries are free.  Linear in the
    lists' length and the entries; no memory beside."""
    heads, e_slot, e_g, e_next, ne, _, links = opens
    for convert in (False, True):
        for at in range(heads.shape[0]):
            prev = END                      # END: the list's head
            r = heads[at]
            while r != END:
                if r >= 0:
                    nxt = link_next(links[r])
                    if links[r] < 0:
                        links[r] = 0
                        _set_next(opens, at, prev, nxt)
                        r = nxt
                        continue
                else:
                    e = -2 - r
                    nxt = e_next[e]
                    s = e_slot[e]
                    if gs[s] != e_g[e]:
                        _set_next(opens, at, prev, nxt)
                        r = nxt
                        continue
                    if convert:
                        if links[s] == 0:
                            links[s] = nxt + LINK_BIAS
                            _set_next(opens, at, prev, s)
                            r = s
                        else:
                            e_slot[e] = -1 - s      # kept in a list: marked till below
                prev = r
                r = nxt
    ne[1] = END
    ne[2] = 0
    for e in range(ne[0] - 1, -1, -1):
        if e_slot[e] < 0:
            e_slot[e] = -1 - e_slot[e]
        else:
            e_next[e] = ne[1]
            ne[1] = -2 - e
            ne[2] += 1
    return ne[2]


@njit(cache=True, inline="always")
def _set_next(opens, at, prev, r):
    """Make reference r follow prev (END: the head of list `at`)."""
    heads, e_next, links = opens[0], opens[3], opens[6]
    if prev == END:
        heads[at] = r
    elif prev >= 0:
        links[prev] = r + LINK_BIAS
    else:
        e_next[-2 - prev] = r
