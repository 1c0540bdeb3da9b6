"""The children of an expansion, keyed before any is probed (numba kernel)."""
from ..jit import njit

from ..rules.engine import NCOLS, apply_move, is_won
from ..rules.keys import canonical_key
from .table import table_prefetch


@njit(cache=True)
def key_children(cols, moves, start, stop, step, keys, ckeys, homes, child, scratch):
    """Write the key of child cols + moves[i] into ckeys[i] and its home slot in `keys`
    into homes[i] for i in range(start, stop, step), prefetching that slot, so that the
    probes that follow wait for memory together, not one after another.  Stops at the
    first child that is won, and returns its index (its key is not written), or -1 when
    none is."""
    for i in range(start, stop, step):
        for c in range(NCOLS):
            child[c] = cols[c]
        apply_move(child, moves[i])
        if is_won(child):
            return i
        canonical_key(child, scratch, ckeys[i])
        homes[i] = table_prefetch(keys, ckeys[i])
    return -1
