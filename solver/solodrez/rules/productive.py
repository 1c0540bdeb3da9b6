"""The moves that lower the bound: what A* expands in a position's own f-layer (numba).

A position popped at f = g + h keeps only the children of f = g + h as well, those whose
move lowers `engine.lower_bound` by one (`bound_delta` -1): the move's first card is
counted before it and not after.  `generate_productive` lists exactly those moves of
`engine.generate_moves(cols, out, True)`, in the same order, without generating the
others: a run whose first card is not counted is skipped whole, and a run whose first
card is counted is tried only on the destinations where it stops being counted.

By `engine.bound_delta`, with the first card x lying on `below` and landing on `after`:
- a real card of rank r < 6 stops being counted only on a real card of rank r + 1: the
  destination code (`engine._wants`) r, which takes exactly runs whose first card plays
  rank r;
- a real Joker only on an empty column (code 7);
- a neutral lying on a real card (counted) only where it lies on no real card: an empty
  column (code 7, when the run can begin with a Joker's role) or the other neutral
  (code 6, when the run can begin with a Knight's role or lower).
"""
from numba.cpython.unsafe.numbers import trailing_zeros

from ..jit import njit
from .columns import column_length, runs_and_digits
from .engine import EMPTY_WORD, NCOLS, _wants, any_equal, equal_before, is_bad, move_pack


@njit(cache=True, inline="always")
def _counted_firsts(digits, nr):
    """Bit r - 1 set when the run of the top r cards (r <= nr) has a counted first card;
    digits as columns.runs_and_digits gives them (digit + 1, 3 bits each, top first)."""
    mask = 0
    for r in range(1, nr + 1):
        first = ((digits >> (3 * r - 3)) & 7) - 1
        below = ((digits >> (3 * r)) & 7) - 1       # -1: the table
        if first == 0:
            if below > 0:
                mask |= 1 << (r - 1)
        elif is_bad(first, below):
            mask |= 1 << (r - 1)
    return mask


@njit(cache=True)
def generate_productive(cols, out):
    """Write the moves of generate_moves(cols, out, True) whose bound_delta is -1 into out,
    in the same order; return the count (see the module docstring).

    Destinations are bit masks of columns: bits 9 * (c - 1) .. of by_code hold the
    columns whose `_wants` code is c, each column of equal words but the first left out
    (the pruning of generate_moves); bits 9 * (r - 1) .. of `where` hold the destinations
    of the run of r cards."""
    equal_words = any_equal(cols)
    by_code = 0             # 9 bits per code 1..7 (0 takes nothing)
    for d in range(NCOLS):
        if equal_words and equal_before(cols, d, -1):
            continue
        code = _wants(cols[d])
        if code:
            by_code |= 1 << (9 * (code - 1) + d)
    n = 0
    for s in range(NCOLS):
        ws = cols[s]
        if ws == EMPTY_WORD or (equal_words and equal_before(cols, s, -1)):
            continue        # as generate_moves: empty, or equal to an earlier column
        runs, digits = runs_and_digits(ws)
        nr = runs & 7
        mask = _counted_firsts(digits, nr)
        if mask == 0:
            continue
        to = by_code
        if equal_words:     # a column equal to this one is a destination of its own
            code = _wants(ws)
            for e in range(s + 1, NCOLS):
                if cols[e] == ws:
                    if code:
                        to |= 1 << (9 * (code - 1) + e)
                    break
        # the destinations of each run length with a counted first card, 9 bits each
        where = 0
        for r in range(1, nr + 1):
            if not (mask >> (r - 1)) & 1:
                continue
            first = ((digits >> (3 * r - 3)) & 7) - 1
            lo = (runs >> (6 * r - 3)) & 7
            hi = (runs >> (6 * r)) & 7
            dests = 0
            if first == 0:
                if hi >= 6:
                    dests |= (to >> (9 * 6)) & 511      # empty columns
                if lo <= 5:
                    dests |= (to >> (9 * 5)) & 511      # the other neutral
            elif first == 6:
                dests = (to >> (9 * 6)) & 511
            else:
                dests = (to >> (9 * (first - 1))) & 511
            where |= (dests & ~(1 << s)) << (9 * (r - 1))
        if where == 0:
            continue
        whole = -1
        dests = 0           # every destination of some run
        for r in range(nr):
            dests |= (where >> (9 * r)) & 511
        while dests != 0:
            d = trailing_zeros(dests)
            dests &= dests - 1
            for r in range(1, nr + 1):
                if not (where >> (9 * (r - 1) + d)) & 1:
                    continue
                if cols[d] == EMPTY_WORD:
                    if whole < 0:
                        whole = column_length(ws)
                    if r == whole:
                        continue
                out[n] = move_pack(s, d, r)
                n += 1
    return n
