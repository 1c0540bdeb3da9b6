"""Column words in plain Python: the constants of the packed layout (drawn in `engine`), a
column's word, and the two settling rules (complete series leave, a won table is
cleared).

No numba and no numpy here, so `drez deal` and `drez show` start without them.  `engine`
compiles `remove_series` and `is_won` from these very functions (one implementation of
each rule); here they run on any sequence of words, a list of ints as well as an array.
"""
from __future__ import annotations

NCOLS = 9
EMPTY_WORD = 1
MAX_COLUMN = 22
SERIES_WORD = 7 ** 6 + sum(d * 7 ** i for i, d in enumerate((1, 2, 3, 4, 5, 6)))


def column_word(digits) -> int:
    """The word of a column whose card digits are given bottom card first."""
    w = 1
    for d in digits:
        w = w * 7 + d
    return w


def remove_series(cols):
    """Empty every column that holds exactly a complete series; return how many."""
    n = 0
    for c in range(NCOLS):
        if cols[c] == SERIES_WORD:
            cols[c] = EMPTY_WORD
            n += 1
    return n


def is_won(cols):
    """True when no real card is left: every column is empty or holds only neutrals."""
    for c in range(NCOLS):
        w = cols[c]
        if w != 1 and w != 7 and w != 49:
            return False
    return True
