"""Reading one column word (numba; engine.py describes the words): its card count, the
ordered runs at its top with the digits read on the way, and its top card."""
import numpy as np
from numba.cpython.unsafe.numbers import leading_zeros

from ..jit import njit
from .packing import MAX_COLUMN


def _lengths_by_bits():
    """BY_BITS[b]: the card count of the smallest word of bit length b (the n with
    7**n <= 2**(b-1) < 7**(n+1)); a word of bit length b holds that many cards or one
    more, since 7 > 2 (column_length).  STEPS: POW7 with a last entry above every word."""
    by_bits = np.zeros(65, np.int64)
    for b in range(1, 65):
        n = 0
        while 7 ** (n + 1) <= 1 << (b - 1):
            n += 1
        by_bits[b] = n
    steps = np.array([7 ** i for i in range(MAX_COLUMN + 1)] + [2 ** 63 - 1], np.int64)
    return by_bits, steps


BY_BITS, STEPS = _lengths_by_bits()


@njit(cache=True)
def column_length(w):
    """The number of cards in column word w (1 <= w < 2 * 7**22): the n with
    7**n <= w < 7**(n+1), read off the bit length of w and one comparison, not a loop
    of divisions (2**(b-1) <= w < 2**b holds at most one power of 7)."""
    n = BY_BITS[64 - leading_zeros(np.uint64(w))]
    return n + int(w >= STEPS[n + 1])


@njit(cache=True, inline="always")
def runs_and_digits(w):
    """(runs, digits) of column word w: the ordered runs at its top, and the top n + 1
    cards' digits (n the longest run), top first, 3 bits each as digit + 1 (0 where the
    column has no card), read on the way, so that the move generator need not read them
    again.

    runs packs into one int64 the runs of the top k cards (k = 1, 2, ... up to the count
    in bits 0-2) that can be ordered: such a run's first (lowest-lying) card can play
    some rank in [lo, hi], and bits 6k-3.. hold lo, bits 6k.. hold hi (3 bits each).
    Roles: the card i places below the top plays role(top) + i; every real card must play
    its own rank; every role lies in 1..6, so a run has at most six cards."""
    packed = 0
    digits = 0
    c = -1  # role of the top card once a real card fixes it; -1 while only neutrals seen
    i = 0
    x = w
    while x >= 7:
        d = x % 7
        x //= 7
        digits |= (d + 1) << (3 * i)
        if d != 0:
            if c == -1:
                if d - i < 1:
                    break
                c = d - i
            elif d - i != c:
                break
        if c == -1:
            if i >= 6:
                break
            lo = i + 1
            hi = 6
        else:
            if c + i > 6:
                break
            lo = c + i
            hi = lo
        i += 1
        packed |= (lo << (6 * i - 3)) | (hi << (6 * i))
    return packed | i, digits


@njit(cache=True, inline="always")
def top_digit(w):
    """The top card's digit of a column word w that holds a card (w >= 7): w % 7 taken
    on unsigned words, which spares the sign correction a signed % needs."""
    return np.int64(np.uint64(w) % np.uint64(7))
