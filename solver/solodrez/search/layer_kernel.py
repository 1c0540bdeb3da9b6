"""The layered search's kernels (numba; layers.py wraps them): the index of the layer
being built (open addressing over 4-byte slots, each 0 or a place + 1 in the layer's key
array), the memory of children whose bound is not exact, and the expansion of a layer
into the next.
"""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, lower_bound
from ..rules.keys import KEY_WORDS, key_hash, key_to_columns_and_symbols
from ..rules.productive import generate_productive
from .children import children_work, key_children
from .deadness import is_dead
from .late_choice import TEST_SLOTS, chosen_not_exact
from .status import FULL, RUNNING, WON
from .table import home_slot, table_find_from, table_prefetch
from .tight import not_exact_by, tight_scratch

INDEX_PER_ROOM = 3 / 2      # index slots per place of the layer being built (load <= 2/3)
NOT_EXACT_ENTRIES = 1 << 20     # the most entries of the not-exact memory (24 MB)


def not_exact_memory(max_bytes: int) -> np.ndarray:
    """An empty memory of keys whose bound is proven not exact: a power of two of 24-byte
    entries, about a thirty-second of max_bytes (at least 1,024, at most
    NOT_EXACT_ENTRIES)."""
    n = 1 << 10
    while n < NOT_EXACT_ENTRIES and 2 * n * 8 * KEY_WORDS <= max_bytes // 32:
        n *= 2
    return np.zeros((n, KEY_WORDS), np.int64)


@njit(cache=True, inline="always")
def _not_exact_slot(memory, key):
    """The entry of key in the not-exact memory (direct mapped: the low bits of its hash)."""
    return np.int64(key_hash(key) & np.uint64(memory.shape[0] - 1))


@njit(cache=True, inline="always")
def index_find(index, keys, key):
    """The place of key in the layer being built (keys), or -(slot+2) of the empty index
    slot where it would go."""
    return index_find_from(index, keys, key, home_slot(key, index.shape[0]))


@njit(cache=True, inline="always")
def index_find_from(index, keys, key, slot):
    """index_find from key's home slot `slot` (table.home_slot, where key_children's
    prefetch looks)."""
    n = index.shape[0]
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
TESTS_AT = 7        # st[TESTS_AT:ST_SLOTS]: the tests the layer runs (late_choice.py)
ST_SLOTS = TESTS_AT + TEST_SLOTS


@njit(cache=True)
def layer_run(cur, ncur, nxt, index, par, mv, relay, st, budget, memo, not_exact, work,
              a_table):
    """Expand layer st[DEPTH] (cur[0:ncur]) from its position st[NEXT] on, into the layer
    being built (nxt, par, mv, index), for up to `budget` expansions: RUNNING (call again;
    st[NEXT] == ncur when the layer is done), WON (a win: its parent st[WIN_PARENT])
    or FULL (no room for a child: grow the arrays and call again; the position being
    expanded is expanded again, its children already built found as duplicates).
    par[c] (if par is not empty): the place p of c's parent in cur, or, when `relay`
    (the relays of cur's positions, relay.py) is not empty, relay[p]; mv[c] (if mv is
    not empty): the move from the parent.

    A child at f = T is dropped where tight.py's tests, as st[TESTS_AT:] chooses them,
    prove its bound not exact (late_choice.chosen_not_exact);
    `not_exact` (not_exact_memory) remembers such keys, exact keys, so that a child met
    again is dropped without a test: each entry is a proof about its position, whichever
    test made it, and a lost entry only costs a test.
    The children of an expansion are keyed together, each one's index slot prefetched
    (children.key_children), before any is looked up.
    a_table = (keys, gs) of A*'s table (frontier_layers.py), or an empty gs: a child
    A*'s table holds with a g <= g + 1 is dropped there (a root of A*'s covers it)."""
    cols, child, syms, moves, outlooks, chosen, hs, ckeys, homes, cwork, tight, a_homes = work
    a_keys, a_gs = a_table
    g, threshold = st[DEPTH], st[THRESHOLD]
    tests = st[TESTS_AT:]
    room = nxt.shape[0]
    rows = index.reshape((index.shape[0], 1))   # key_children prefetches index slots
    done = 0
    while st[NEXT] < ncur and done < budget:
        i = st[NEXT]
        whole = key_to_columns_and_symbols(cur[i], cols, syms)
        h = lower_bound(cols)
        if g + h == threshold:
            n = generate_productive(cols, moves)
            for j in range(n):
                outlooks[j] = 0     # each lowers h by one
        else:
            n = generate_moves(cols, moves, True, outlooks)
        k = 0
        for j in range(n):
            h2 = h + (outlooks[j] & 3) - 1
            if g + 1 + h2 <= threshold:
                chosen[k] = moves[j]
                hs[k] = h2
                k += 1
        if key_children(cols, syms, whole, chosen, 0, k, 1, rows, ckeys, homes, cwork) >= 0:
            st[WIN_PARENT] = i
            return WON
        if a_gs.shape[0]:
            for j in range(k):
                a_homes[j] = table_prefetch(a_keys, ckeys[j])
        for j in range(k):
            key = ckeys[j]
            found = index_find_from(index, nxt, key, homes[j])
            if found >= 0:      # (found before the tests: most children are found again)
                continue
            if a_gs.shape[0]:
                slot = table_find_from(a_keys, key, a_homes[j])
                if slot >= 0 and a_gs[slot] <= g + 1:
                    continue
            h2 = hs[j]
            f2 = g + 1 + h2
            for c in range(NCOLS):
                child[c] = cols[c]
            apply_move(child, chosen[j])
            if f2 == threshold and h2 > 1:
                s = _not_exact_slot(not_exact, key)
                if not_exact[s, 0] == key[0] and not_exact[s, 1] == key[1] and \
                        not_exact[s, 2] == key[2]:
                    continue
                if chosen_not_exact(child, tight, tests):
                    for w in range(KEY_WORDS):
                        not_exact[s, w] = key[w]
                    continue
            if f2 < threshold and is_dead(child, memo):
                continue
            nn = st[BUILT]
            if nn == room:
                return FULL
            for w in range(KEY_WORDS):
                nxt[nn, w] = key[w]
            if par.shape[0]:        # (none once the records and relays are dropped)
                par[nn] = relay[i] if relay.shape[0] else i
            if mv.shape[0]:
                mv[nn] = chosen[j]
            index[-found - 2] = nn + 1
            st[BUILT] = nn + 1
            st[STORED] += 1
        st[NEXT] = i + 1
        st[EXPANDED] += 1
        done += 1
    return RUNNING


@njit(cache=True)
def keep_exact(nxt, nn, par, mv, st, not_exact, work):
    """When the tests are turned on for good in the middle of a layer (late_choice.force):
    drop from the layer being built, nxt[0:nn] (and its par and mv, if kept), the children
    at f = T whose bound tight.py's three tests prove not exact, remembering their keys
    in not_exact, and keep the others in order.  Returns how many are kept; the index
    must be rebuilt (reindex).  Sound as layer_run's own drops: each is a proof."""
    cols, syms = work[0], work[2]
    t_digits, t_counted, t_lengths, t_work = work[10]
    g1, threshold = st[DEPTH] + 1, st[THRESHOLD]
    kept = 0
    for p in range(nn):
        key = nxt[p]
        key_to_columns_and_symbols(key, cols, syms)
        h = lower_bound(cols)
        if g1 + h == threshold and h > 1 and \
                not_exact_by(cols, t_digits, t_counted, t_lengths, t_work, True) > 0:
            s = _not_exact_slot(not_exact, key)
            for w in range(KEY_WORDS):
                not_exact[s, w] = key[w]
            continue
        if kept < p:
            for w in range(KEY_WORDS):
                nxt[kept, w] = key[w]
            if par.shape[0]:
                par[kept] = par[p]
            if mv.shape[0]:
                mv[kept] = mv[p]
        kept += 1
    return kept


NO_A_TABLE = (np.zeros((1, KEY_WORDS), np.int64), np.zeros(0, np.uint8))   # no A* table


def work_arrays():
    """The scratch arrays layer_run works in."""
    return (np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64), np.zeros(NCOLS, np.int64),
            np.zeros(MAX_MOVES, np.int64), np.zeros(MAX_MOVES, np.int64),
            np.zeros(MAX_MOVES, np.int64), np.zeros(MAX_MOVES, np.int64),
            np.zeros((MAX_MOVES, KEY_WORDS), np.int64), np.zeros(MAX_MOVES, np.int64),
            children_work(), tight_scratch(), np.zeros(MAX_MOVES, np.int64))
