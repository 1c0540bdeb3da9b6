"""Reading a line back from A*'s table without parent pointers (numba kernel): A* keeps
only keys and g values (search/astar.py), so the line to a stored position is found by a
depth-first search from the root through stored positions whose g is their depth.

Why it finds one.  Say the position C's g was last set from a parent P: g(C) = g(P) + 1
then, and since a g only goes down, g(C) >= g(P) + 1 at any later time.  Let the target
T, g(T) = t, lie on a winning line of L moves in all, L the shortest solution's length
(A*'s win parent: t = L - 1, with a won child; a root of the walk from A*'s frontier,
frontier.py: t plus the walk's moves = L).  Follow those parents back from T: c_k = T,
..., c_0 = the root (g 0).  Each step back lowers g by at least one, so t >= k; and the
chain is a line of k moves to T, which with T's L - t moves to a win makes a win of
k + L - t >= L moves, so k >= t.  Hence k = t and every step lowers g by exactly one:
g(c_i) = i.  Each c_i is stored (A* never deletes), i moves from the root and L - i from
a win, so its admissible bound (engine.lower_bound) is at most L - i.  The search below
goes from a position at depth d to every child C with a stored g(C) = d + 1 and
d + 1 + lower_bound(C) <= L, so the chain is among its paths and it reaches T at depth
t.  It marks a position once entered (its g is its depth, so it is entered at no other
depth): a DAG walked depth first with marks still reaches every position reachable from
the root, each once.

Cost.  Deal 19679 (10.1M positions stored): 163 positions entered, 3,892 children
keyed; 6340 (13.7M): 93 and 1,574.  Memory: a bit a slot for the marks, freed on return.
"""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves, lower_bound
from ..rules.keys import KEY_WORDS, canonical_key
from .table import table_find


@njit(cache=True, nrt=True)
def _line(root, keys, gs, target, bound, out):
    """Write into out[i] the key of the position at depth i + 1 of a line from root to
    slot `target` (at depth len(out) = gs[target]) through stored positions with g equal
    to their depth and depth + lower_bound <= bound; False when there is none."""
    depth = out.shape[0]
    if depth == 0:
        return True
    seen = np.zeros(keys.shape[0] // 8 + 1, np.uint8)
    cols = np.empty((depth + 1, NCOLS), np.int64)
    moves = np.empty((depth, MAX_MOVES), np.int64)
    nm = np.zeros(depth, np.int64)
    at = np.zeros(depth, np.int64)
    key = np.empty(KEY_WORDS, np.int64)
    scratch = np.empty(NCOLS, np.int64)
    cols[0] = root
    nm[0] = generate_moves(cols[0], moves[0], False)
    d = 0
    while d >= 0:
        if at[d] == nm[d]:
            d -= 1
            continue
        m = moves[d, at[d]]
        at[d] += 1
        child = cols[d + 1]
        child[:] = cols[d]
        apply_move(child, m)
        if d + 1 + lower_bound(child) > bound:
            continue
        canonical_key(child, scratch, key)
        s = table_find(keys, key)
        if s < 0 or gs[s] != d + 1:
            continue
        if d + 1 == depth:
            if s == target:
                out[d] = key
                return True
            continue
        if seen[s >> 3] & (1 << (s & 7)):
            continue
        seen[s >> 3] |= 1 << (s & 7)
        out[d] = key
        d += 1
        nm[d] = generate_moves(cols[d], moves[d], False)
        at[d] = 0
    return False


def line_to(root: np.ndarray, keys: np.ndarray, gs: np.ndarray, target: int,
            bound: int) -> np.ndarray:
    """The canonical keys of the positions after each move of a line from root (its
    columns) to the stored position in slot `target`, gs[target] moves long, that
    continues to a win of `bound` moves in all (A*'s win parent with bound = the
    solution's length; the walk's root with bound = its win's); the module docstring
    proves such a line is found."""
    out = np.empty((int(gs[target]), KEY_WORDS), np.int64)
    if not _line(np.asarray(root, np.int64), keys, gs, np.int64(target), np.int64(bound), out):
        raise AssertionError("no line through the table's g values reaches the position")
    return out
