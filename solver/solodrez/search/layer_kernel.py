"""The layered search's kernels (numba; layers.py wraps them): the index of the layer
being built (open addressing over 4-byte slots, each 0 or a place + 1 in the layer's key
array) and the expansion of a layer into the next.
"""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, is_won, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key, key_hash, key_to_columns
from ..rules.productive import generate_productive
from .deadness import is_dead
from .status import FULL, RUNNING, WON
from .tight import bound_not_exact, tight_scratch

INDEX_PER_ROOM = 3 / 2      # index slots per place of the layer being built (load <= 2/3)


@njit(cache=True, inline="always")
def index_find(index, keys, key):
    """The place of key in the layer being built (keys), or -(slot+2) of the empty index
    slot where it would go."""
    n = index.shape[0]
    slot = np.int64(((key_hash(key) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))
    while True:
        p = index[slot]
        if p == 0:
            return -(slot + 2)
        p -= 1
        if keys[p, 0] == key[0] and keys[p, 1] == key[1] and keys[p, 2] == key[2]:
            return p
        slot += 1
        if slot == n:
            slot = 0


@njit(cache=True)
def reindex(keys, n, index):
    """Index keys[0:n] in an empty index (after the layer's arrays grew)."""
    index[:] = 0
    for p in range(n):
        index[-index_find(index, keys, keys[p]) - 2] = p + 1


def index_slots(room: int) -> int:
    """Index slots for a layer of `room` places (one slot always stays empty)."""
    return max(room + 1, int(room * INDEX_PER_ROOM))


# the slots of LayeredSearch.st
THRESHOLD = 0       # T, the f bound of this iteration
DEPTH = 1           # g, the layer being expanded
NEXT = 2            # the next position of that layer to expand
BUILT = 3           # the positions in layer g + 1 so far
EXPANDED = 4        # expansions so far (what `run`'s budget counts)
WIN_PARENT = 5      # after a win: its parent's place in layer g
STORED = 6          # positions put in a layer, in every iteration
ST_SLOTS = 7


@njit(cache=True)
def layer_run(cur, ncur, nxt, index, par, mv, st, budget, memo, work, late):
    """Expand layer st[DEPTH] (cur[0:ncur]) from its position st[NEXT] on, into the layer
    being built (nxt, par, mv, index), for up to `budget` expansions: RUNNING (call again;
    st[NEXT] == ncur when the layer is done), WON (a win: its parent st[WIN_PARENT])
    or FULL (no room for a child: grow the arrays and call again; the position being
    expanded is expanded again, its children already built found as duplicates)."""
    cols, child, scratch, key, moves, outlooks, tight = work
    t_digits, t_counted, t_lengths, t_work = tight
    g, threshold = st[DEPTH], st[THRESHOLD]
    room = nxt.shape[0]
    done = 0
    while st[NEXT] < ncur and done < budget:
        i = st[NEXT]
        key_to_columns(cur[i], cols)
        h = lower_bound(cols)
        if g + h == threshold:
            n = generate_productive(cols, moves)
            for j in range(n):
                outlooks[j] = 0     # each lowers h by one
        else:
            n = generate_moves(cols, moves, True, outlooks)
        for j in range(n):
            h2 = h + (outlooks[j] & 3) - 1
            f2 = g + 1 + h2
            if f2 > threshold:
                continue
            for c in range(NCOLS):
                child[c] = cols[c]
            apply_move(child, moves[j])
            if h2 == 0 and is_won(child):
                st[WIN_PARENT] = i
                return WON
            canonical_key(child, scratch, key)
            found = index_find(index, nxt, key)
            if found >= 0:      # (found before the tests: most children are found again)
                continue
            if f2 == threshold and h2 > 1 and \
                    bound_not_exact(child, t_digits, t_counted, t_lengths, t_work, late):
                continue
            if f2 < threshold and is_dead(child, memo):
                continue
            nn = st[BUILT]
            if nn == room:
                return FULL
            for w in range(KEY_WORDS):
                nxt[nn, w] = key[w]
            if par.shape[0]:        # (none once the records are dropped)
                par[nn] = i
                mv[nn] = moves[j]
            index[-found - 2] = nn + 1
            st[BUILT] = nn + 1
            st[STORED] += 1
        st[NEXT] = i + 1
        st[EXPANDED] += 1
        done += 1
    return RUNNING


def work_arrays():
    """The scratch arrays layer_run works in."""
    return (np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64),
            np.zeros(KEY_WORDS, np.int64), np.zeros(MAX_MOVES, np.int64),
            np.zeros(MAX_MOVES, np.int64), tight_scratch())
