"""Reading a line back from A*'s table without parent pointers (numba kernel): A* keeps
only keys and g values (search/astar.py), so the line to a stored position is read back
from it to the root, each step a stored position one g lower that makes it in one move.

Why it is found.  Say the position C's g was last set from a parent P: g(C) = g(P) + 1
then, and since a g only goes down, g(C) >= g(P) + 1 at any later time.  Let T, g(T) = t,
lie on a winning line of L moves in all, L the shortest solution's length, t moves from
the root on it (A*'s win parent: t = L - 1, with a won child).  Follow those parents back from
T: c_k = T, ..., c_0 = the root (g 0).  Each step back lowers g by at least one, so
t >= k; and the chain is a line of k moves to T, which with T's L - t moves to a win
makes a win of k + L - t >= L moves, so k >= t.  Hence k = t and every step lowers g by
exactly one: T's parent on it is stored with g = t - 1.  Any stored P with g(P) = t - 1
that makes T in one move lies, with T's line, on a winning line of L moves (a line of
t - 1 moves to P, one to T, L - t to a win), t - 1 moves from the root: the same holds
for it.  So step by step a position one g lower that makes the current one is always
there; at g = 1 the parent is the root (only the root has g 0 and was expanded: dead
positions are stored with g 0 but never expanded).  Each step is checked (the move is
generated), so the line is a line of t moves.

Finding the parent.  A move changes two columns (engine.apply_move: the source and the
destination, series removed from them), so a parent shares at least seven of its child's
nine column words; one pass over the table's g values finds the positions one g lower,
and only those sharing seven words have their moves generated.  Cost: a pass over a byte
a slot for each move of the line, and each stored position's key read at most once in
all: 1.4 s on deals 82533 and 41744 (8.8M and 10.1M positions stored), where a search
forward from the root through the g values took 18 s and 4 s (it met the last layer's
dead ends first).
"""
import numpy as np

from ..jit import njit
from ..rules.engine import MAX_MOVES, NCOLS, apply_move, generate_moves
from ..rules.keys import KEY_WORDS, canonical_key, key_to_columns


@njit(cache=True, inline="always")
def _shared_words(a, b):
    """How many of the sorted words a[0:NCOLS] and b[0:NCOLS] the two have in common
    (as multisets)."""
    i = j = n = 0
    while i < NCOLS and j < NCOLS:
        if a[i] == b[j]:
            n += 1
            i += 1
            j += 1
        elif a[i] < b[j]:
            i += 1
        else:
            j += 1
    return n


@njit(cache=True, inline="always")
def _makes(cols, key, moves, child, scratch, ckey):
    """Whether a move of cols makes the position with canonical key `key`."""
    n = generate_moves(cols, moves, True)
    for i in range(n):
        child[:] = cols
        apply_move(child, moves[i])
        canonical_key(child, scratch, ckey)
        if ckey[0] == key[0] and ckey[1] == key[1] and ckey[2] == key[2]:
            return True
    return False


@njit(cache=True, nrt=True)
def _line(keys, gs, target, out):
    """Write into out[i] the key of the position at depth i + 1 of a line from the root
    to slot `target` (len(out) = gs[target]), each one g lower than the next and making
    it in one move; False when some step finds no such position."""
    cols = np.empty(NCOLS, np.int64)
    parent = np.empty(NCOLS, np.int64)
    child = np.empty(NCOLS, np.int64)
    scratch = np.empty(NCOLS, np.int64)
    ckey = np.empty(KEY_WORDS, np.int64)
    moves = np.empty(MAX_MOVES, np.int64)
    t = target
    for level in range(out.shape[0], 0, -1):
        out[level - 1] = keys[t]
        if level == 1:
            break
        key_to_columns(keys[t], cols)
        found = -1
        for s in range(gs.shape[0]):
            if gs[s] != level - 1 or keys[s, 0] == 0:
                continue
            key_to_columns(keys[s], parent)
            if _shared_words(parent, cols) >= NCOLS - 2 and \
                    _makes(parent, keys[t], moves, child, scratch, ckey):
                found = s
                break
        if found < 0:
            return False
        t = found
    return True


def line_to(keys: np.ndarray, gs: np.ndarray, target: int) -> np.ndarray:
    """The canonical keys of the positions after each move of a line from the root to
    the stored position in slot `target`, gs[target] moves long, where that position
    lies on a shortest win that many moves from the root (A*'s win parent); the module
    docstring proves it is found."""
    out = np.empty((int(gs[target]), KEY_WORDS), np.int64)
    if not _line(keys, gs, np.int64(target), out):
        raise AssertionError("no line through the table's g values reaches the position")
    return out
