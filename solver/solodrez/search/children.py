"""The children of an expansion, keyed before any is probed (numba kernel)."""
import numpy as np

from ..jit import njit
from ..rules.engine import NCOLS, apply_move, is_won
from ..rules.keys import SERIES_SYMBOLS, SYMBOL_LIMIT, canonical_key, key_from_symbols
from .table import table_prefetch


@njit(cache=True, inline="always")
def _holds_real(sym):
    """1 when the column of symbol word sym holds a real card (is_won's test: not empty,
    not one or two neutrals), else 0."""
    return int(sym != 0 and sym != 1 and sym != 9)


def children_work():
    """key_children's work array: rows for a child's columns and a sort's scratch."""
    return np.empty((2, NCOLS), np.int64)


@njit(cache=True)
def key_children(cols, syms, whole, moves, start, stop, step, keys, ckeys, homes, work):
    """Write the key of child cols + moves[i] into ckeys[i] and its home slot in `keys`
    into homes[i] for i in range(start, stop, step), prefetching that slot, so that the
    probes that follow wait for memory together, not one after another.  Stops at the
    first child that is won, and returns its index (its key is not written), or -1 when
    none is.

    Keys come from the columns' symbol words (keys.key_from_symbols): a move is two
    shifts there.  syms holds those of cols (keys.column_symbols, as
    keys.key_to_columns_and_symbols gives them) when `whole` is True; whole is False
    when a column holds more than keys.SYMBOL_CARDS cards, and then, as for a child
    with such a column, the key comes from the words (canonical_key).  `work`
    (children_work) is overwritten.
    """
    child = work[0]
    scratch = work[1]
    real = 0                # columns holding a real card
    if whole:
        for c in range(NCOLS):
            real += _holds_real(syms[c])
    for i in range(start, stop, step):
        m = moves[i]
        s = m & 15
        d = (m >> 4) & 15
        shift = 3 * (m >> 8)
        if whole and syms[d] < SYMBOL_LIMIT >> shift:      # to_sym < SYMBOL_LIMIT
            from_sym = syms[s] >> shift
            to_sym = (syms[d] << shift) | (syms[s] & ((1 << shift) - 1))
            if from_sym == SERIES_SYMBOLS:
                from_sym = 0
            if to_sym == SERIES_SYMBOLS:
                to_sym = 0
            if real - _holds_real(syms[s]) - _holds_real(syms[d]) + _holds_real(from_sym) \
                    + _holds_real(to_sym) == 0:
                return i
            for c in range(NCOLS):
                child[c] = syms[c]
            child[s] = from_sym
            child[d] = to_sym
            key_from_symbols(child, ckeys[i])
        else:
            for c in range(NCOLS):
                child[c] = cols[c]
            apply_move(child, m)
            if is_won(child):
                return i
            canonical_key(child, scratch, ckeys[i])
        homes[i] = table_prefetch(keys, ckeys[i])
    return -1
