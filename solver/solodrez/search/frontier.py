"""A*'s frontier: when A*'s table fills --max-memory, its open list becomes the roots of
the search that finishes A*'s last f-layer with A*'s table kept (frontier_layers.py), and
this module states the fact about them that its proof rests on.

The roots.  When A* stops (search/astar.py; it stops before taking a position, so none is
half expanded), its open list is turned into the roots: the stored positions with a live
reference in it (a link not stale, or an entry whose g is the position's g in the table),
each with the value v (its f) of the bucket holding it and h, sorted by (v, h) like A*'s
buckets and within a bucket in the order A* would take them (newest first, the fronts in
turn).  The roots take the place of A*'s links and the rest of the open list is freed.
`Frontier(search, through=X)` keeps only the roots with v <= X.  At A*'s bound F they are
few (A*'s last f-layer is a depth-first walk: deal 40986 at 1 GB, 324 roots), while every
position A* stored is open again at F + 1; so the search from the frontier gets their 4
bytes a position (40986: 170 MB beside A*'s table, against 50 MB with all 31.3M roots).

The fact.  Let L be the length of a shortest win (L >= F: A* proved no win is shorter
than F) and p_0 (the root), ..., p_L a shortest winning line; p_i is at distance exactly i
from the root, and every g A*'s table gives a position is the length of a line to it, so
g >= i for p_i.  Let k be the largest index with p_k in A*'s table at g = k (p_0 is, at 0;
p_L is won and never stored, so k < L).  Then p_k has a live open reference (open_list.py)
with value v <= L, so it is a root of any Frontier kept through L or more.  Proof: A*
opened p_k when it set its g to k.  Each time it took p_k it either put it back (at the
next f of its children not yet stored, or at f + 1 when the exactness test raised it), or
stored every child with g <= k + 1; the latter would store p_{k+1} at g = k + 1, against
the choice of k.  So its last reference is live.  Its value is an admissible f for p_k at
g = k: every value A* gives (g + h, pathmax over ancestors at their own exact g, the
raise) is at most g + the distance to a win, here k + (L - k) = L.

Memory: A*'s table and g values (kept), the roots (4 bytes each, in the place of A*'s
links) and their starts by (v, h).  frontier_layers.FrontierLayers takes the roots and
starts, and frees the table when its layers need the room (each then None here).
"""
from __future__ import annotations

import numpy as np

from ..jit import njit
from .open_list import END, HBUCKETS, NBUCKETS, link_next
from .status import TOO_LONG

CODES = 1 << 15             # root codes (v - F) * HBUCKETS + h; larger ones are clipped


@njit(cache=True)
def order_roots(opens, gs, base_f, starts, cur):
    """Turn A*'s open lists into the roots, in place: links[0:k] the stored positions
    with a live reference (a link not stale, or an entry with gs[slot] == its g), in the
    order A* would take them: bucket by bucket, lowest (v, h) first, and within a bucket
    newest first, the fronts' lists taken in turn one live reference at a time (as A*
    takes turns between its fronts).  starts[c] is set to the number of roots whose code,
    (v - base_f) * HBUCKETS + h clipped to 0..CODES - 2, is below c (a clipped root is
    only walked from earlier than it need be; codes never go down along the order).
    Returns k (at most len(links): the caller makes room).  Linear in the slots and
    entries, no memory beside (cur: an int64 array of a reference a front, to work in);
    the open lists are meaningless afterwards."""
    heads, e_slot, e_g, e_next, ne, lows, links = opens
    nf = lows.shape[0]
    starts[:] = 0
    k = 0
    for b in range(NBUCKETS):
        code = min(CODES - 2, max(0, b - base_f * HBUCKETS))
        for f in range(nf):
            cur[f] = heads[f * NBUCKETS + b]
        more = True
        while more:
            more = False
            for f in range(nf):
                r = _live(cur[f], opens, gs)
                if r == END:
                    cur[f] = END
                    continue
                if r >= 0:                  # a slot: its place + 1 in its link
                    cur[f] = link_next(links[r])
                    links[r] = k + 1
                else:                       # an entry: its place in e_next
                    e = -2 - r
                    cur[f] = e_next[e]
                    e_next[e] = k
                    e_g[e] = -1             # a root not yet placed (a g is never negative)
                starts[code + 1] += 1
                k += 1
                more = True
    for c in range(1, starts.shape[0]):
        starts[c] += starts[c - 1]
    # now links[s] is s's place + 1 or 0; place each root, placed ones as -(slot + 1)
    for e in range(ne[0]):
        if e_g[e] == -1:
            _place(links, e_slot[e], e_next[e])
    for s in range(links.shape[0]):
        to = links[s] - 1
        if to >= 0:
            links[s] = 0
            _place(links, s, to)
    for i in range(k):
        links[i] = -links[i] - 1
    return k


@njit(cache=True, inline="always")
def _live(r, opens, gs):
    """The first live reference from r on along its list (END if none); a stale link
    passed on the way is unlinked (0)."""
    e_slot, e_g, e_next, links = opens[1], opens[2], opens[3], opens[6]
    while r != END:
        if r >= 0:
            link = links[r]
            if link > 0:
                return r
            links[r] = 0
            r = link_next(link)
        else:
            e = -2 - r
            if gs[e_slot[e]] == e_g[e]:
                return r
            r = e_next[e]
    return END


@njit(cache=True, inline="always")
def _place(links, slot, to):
    """Put root `slot` at place `to`; a root not yet placed that held `to` (its own
    place + 1 there) is carried on to its place, and so on along the cycle."""
    while links[to] > 0:
        nxt = links[to] - 1
        links[to] = -(slot + 1)
        slot = to
        to = nxt
    links[to] = -(slot + 1)


@njit(cache=True, inline="always")
def roots_within(starts, base_f, threshold):
    """How many roots (the first ones, in their order) have a value v <= threshold."""
    return starts[min(CODES, (threshold - base_f + 1) * HBUCKETS)]


class Frontier:
    """A*'s table and its open positions with a value v <= `through` as roots (module
    docstring).  Made from an AStar that stopped on memory: takes its open list (the
    AStar cannot run again) and keeps its table, g values and root."""

    def __init__(self, search, through: int):
        self.root = search.root
        self.keys, self.gs = search.keys, search.gs
        self.base_f = search.bound()
        self.through = int(through)
        opens = search.opens
        search.opens = None
        search.status = TOO_LONG        # it cannot go on without its open list
        links = opens[6]
        if search.stored + int(opens[4][0]) > links.shape[0]:   # more roots than slots
            links = np.concatenate((links, np.zeros(int(opens[4][0]), np.int32)))
            opens = opens[:6] + (links,)
        self.starts = np.zeros(CODES + 1, np.int64)
        k = order_roots(opens, self.gs, self.base_f, self.starts,
                        np.empty(opens[5].shape[0], np.int64))
        del opens
        k = min(k, int(roots_within(self.starts, self.base_f, self.through)))
        links.resize(k, refcheck=False)     # in place: the tail goes back to the system
        self.roots = links

    def held_bytes(self) -> int:
        """Bytes held: A*'s table and g values, the roots and their starts (those not
        taken or freed)."""
        return sum(a.nbytes for a in (self.keys, self.gs, self.roots, self.starts)
                   if a is not None)
