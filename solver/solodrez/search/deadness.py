"""A cheap, sound dead-position test for the searches (numba).

`is_dead(cols)` is the numba form of `blocks.may_move_first` (read the proof there): the
least fixed point M of "this card may still move first some day".  A real card that is
out of place must move first before the game can be won (the argument of
engine.lower_bound), so an out-of-place card with M False proves the position lost.

Safe as search pruning: a position on a winning line is winnable, so it is never dead;
skipping dead positions leaves every winning line in place, and LOST still means no
reachable position is won.
"""
import numpy as np
from ..jit import njit

from ..rules.engine import MAX_COLUMN, NCOLS, is_bad


@njit(cache=True)
def column_digits(cols, digits, lengths):
    """Digits of every column, bottom card first."""
    for c in range(NCOLS):
        x = cols[c]
        n = 0
        while x >= 7:
            digits[c, n] = x % 7
            x //= 7
            n += 1
        for i in range(n // 2):      # the word holds the top first; turn it over
            t = digits[c, i]
            digits[c, i] = digits[c, n - 1 - i]
            digits[c, n - 1 - i] = t
        lengths[c] = n


@njit(cache=True)
def may_move_first(cols, digits, lengths, M):
    """Fill M[c, i] (bottom-first index) with the least fixed point of blocks.may_move_first."""
    column_digits(cols, digits, lengths)
    has_empty = False
    joker_bottom = False
    for c in range(NCOLS):
        n = lengths[c]
        if n == 0:
            has_empty = True
        elif digits[c, 0] == 6:
            joker_bottom = True
        for i in range(n):
            M[c, i] = False
    dest = np.zeros(7, np.bool_)
    rank_top = np.zeros(8, np.bool_)
    changed = True
    while changed:
        changed = False
        neutral_top = False
        rank_top[:] = False
        empty_ever = has_empty or joker_bottom
        for c in range(NCOLS):
            n = lengths[c]
            if n and M[c, 0]:
                empty_ever = True
            for i in range(n):
                if i == n - 1 or M[c, i + 1]:
                    d = digits[c, i]
                    if d == 0:
                        neutral_top = True
                    else:
                        rank_top[d] = True
        for r in range(1, 6):
            dest[r] = neutral_top or rank_top[r + 1]
        dest[6] = empty_ever
        for c in range(NCOLS):
            n = lengths[c]
            for i in range(n - 1, -1, -1):
                if M[c, i]:
                    continue
                rho = -1            # the role card i plays, once a real card fixes it
                for j in range(i, n):
                    d = digits[c, j]
                    span = j - i
                    if d != 0:
                        want = d + span
                        if rho == -1:
                            if want > 6:
                                break
                            rho = want
                        elif want != rho:
                            break
                    elif rho != -1:
                        if rho - span < 1:
                            break
                    elif span + 1 > 6:
                        break
                    if j == n - 1 or M[c, j + 1]:
                        ok = False
                        if rho != -1:
                            ok = dest[rho]
                        else:
                            for r in range(span + 1, 7):
                                if dest[r]:
                                    ok = True
                                    break
                        if ok:
                            M[c, i] = True
                            changed = True
                            break


@njit(cache=True)
def is_dead(cols, digits, lengths, M):
    """True only if the position is lost: some out-of-place real card can never move first.

    digits (9 x MAX_COLUMN+1), lengths (9) and M (9 x MAX_COLUMN+1) are scratch arrays.
    """
    may_move_first(cols, digits, lengths, M)
    for c in range(NCOLS):
        for i in range(lengths[c]):
            d = digits[c, i]
            if d != 0 and not M[c, i]:
                if is_bad(d, digits[c, i - 1] if i > 0 else -1):
                    return True
    return False


@njit(cache=True)
def dead_scratch():
    """Fresh scratch arrays for is_dead."""
    return (np.zeros((NCOLS, MAX_COLUMN + 1), np.int64), np.zeros(NCOLS, np.int64),
            np.zeros((NCOLS, MAX_COLUMN + 1), np.bool_))
